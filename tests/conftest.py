"""Shared test settings for the engine suite (tests/browser has its own needs).

Hypothesis runs without deadlines (the machine is small and shared) and with example counts
chosen per test, so the whole engine suite stays within about a minute.

Every test under tests/browser/ is marked `browser`, so `-m "not browser"` leaves out
everything that needs a browser. `python3 build.py check` also leaves out the tests marked
`slow` and `built` (they read dist/, which check does not build) and, through ROYAL_QUICK,
gives property tests a tenth of their examples (budget.py).
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from budget import examples

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)


settings.register_profile(
    "royal",
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("royal")
