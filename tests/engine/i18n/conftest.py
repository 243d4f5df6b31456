"""The compiled catalogues, made once (scripts/i18n.py compile: quick, and atomic, so test
workers may run it side by side)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def compiled() -> Path:
    subprocess.run([sys.executable, str(ROOT / "scripts" / "i18n.py"), "compile"], check=True,
                   stdout=subprocess.DEVNULL)
    return ROOT / "ratscrew" / "i18n" / "compiled"
