"""Python values written into the site's scripts as JavaScript constants.

The build writes the service worker's file list and the boot script's shared values this
way: JSON is a JavaScript expression as it stands, and `json.dumps` escapes every character
outside ASCII (U+2028 and U+2029 included), so any value gives a valid, plain-ASCII line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping


def declarations(values: Mapping[str, object], indent: str = "") -> str:
    """One `const NAME = value;` line for each value, in order."""
    return "".join(
        f"{indent}const {name} = {json.dumps(value, ensure_ascii=True)};\n" for name, value in values.items()
    )
