"""Shared test settings.

Hypothesis runs derandomised: the same examples on every run, so CI on a fresh clone cannot
turn red on a newly drawn example that nobody changed anything to cause.
"""

from hypothesis import settings

settings.register_profile("ratscrew", derandomize=True)
settings.load_profile("ratscrew")
