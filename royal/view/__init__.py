"""The page as data (issue 27): what a region of the page shows, drawn as a description by pure
functions of the data it shows, and applied to the page in one call by ``static/view.js``.

Plain Python under CPython, like the engine: :mod:`~royal.view.html` is the description itself,
:mod:`~royal.view.records` the stats panel's records and :mod:`~royal.view.calendar` the calendar
of daily challenges. ``royal/web/`` hands a description to the page as the answer to its
message (static/view.js applies it).
"""
