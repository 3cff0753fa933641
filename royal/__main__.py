"""``python -m royal``: see :mod:`royal.cli`."""

import sys

from royal.cli import main

sys.exit(main())
