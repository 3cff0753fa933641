"""Characters the parser tests feed in, gathered once so every test means the same set."""

from __future__ import annotations

import sys

#: Every character Python counts as whitespace: str.strip() and str.split() take these away.
WHITESPACE = [c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace()]
