"""Shared test settings for the engine suite (tests/browser has its own needs).

Hypothesis runs without deadlines (the machine is small and shared) and with example counts
chosen per test, so the whole engine suite stays within about a minute.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "royal",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("royal")
