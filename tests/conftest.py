"""Shared test settings.

Hypothesis runs derandomised: the same examples on every run, so CI on a fresh clone cannot
turn red on a newly drawn example that nobody changed anything to cause; and with no deadline
per example, so that a slow or loaded machine cannot fail a test that a fast one passes.

``--cpu-throttle RATE`` (or ``RATSCREW_CPU_THROTTLE=RATE``) slows the browser tests' pages
``RATE`` times (tests/e2e/conftest.py); the option is declared here, where pytest reads
options whichever tests it is asked to run.
"""

import pytest
from hypothesis import settings

settings.register_profile("ratscrew", derandomize=True, deadline=None)
settings.load_profile("ratscrew")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-throttle", type=float, default=None, metavar="RATE",
        help="slow every page of the browser tests RATE times (Chrome's CPU throttling, as "
             "in DevTools' Performance panel); default: $RATSCREW_CPU_THROTTLE, else 1 (off)",
    )
