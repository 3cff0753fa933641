"""How hard the property-based tests work: fully, or lightly in the quick loop.

`python3 build.py check` sets ROYAL_QUICK=1, so each property test tries a tenth of its
examples and the engine suite runs in seconds; it also leaves out the tests marked
`slow` (statistics over thousands of deals). `python3 build.py test` runs everything
with the full budget.
"""

from __future__ import annotations

import os

QUICK = os.environ.get("ROYAL_QUICK") == "1"


def examples(full: int) -> int:
    """The number of examples a property test tries: ``full``, or a tenth in the quick loop."""
    return max(10, full // 10) if QUICK else full
