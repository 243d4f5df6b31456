"""scripts/listen.py's measures, on made-up signals whose answers are known (no test runs the
browser part: the page's sounds are checked by name in tests/e2e/table/test_sound.py)."""

from __future__ import annotations

import math
import sys
from array import array
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import listen  # noqa: E402

RATE = 44_100


def sine(hz: float, seconds: float = 0.5, amplitude: float = 1.0) -> list[float]:
    return [amplitude * math.sin(2 * math.pi * hz * i / RATE) for i in range(int(seconds * RATE))]


def test_a_full_scale_997_hz_sine_is_minus_3_lkfs() -> None:
    """ITU-R BS.1770's own check of its K-weighting: a 0 dBFS sine at 997 Hz reads -3.01."""
    assert listen.loudness(sine(997), RATE) == pytest.approx(-3.01, abs=0.1)
    assert listen.loudness(sine(997, amplitude=0.1), RATE) == pytest.approx(-23.01, abs=0.1)


def test_a_low_thump_is_lost_on_a_phone_and_a_ping_is_not() -> None:
    thump, ping = sine(90), sine(1500)
    assert listen.loudness(thump, RATE, phone=True) < listen.loudness(thump, RATE) - 15
    assert listen.loudness(ping, RATE, phone=True) == pytest.approx(
        listen.loudness(ping, RATE), abs=0.2)


def test_silence_is_as_quiet_as_can_be() -> None:
    assert listen.loudness([0.0] * 1000, RATE) == -180.0
    assert listen.db(0.0) == -180.0


@pytest.mark.parametrize("hz", [440.0, 2000.0, 5000.0])
def test_the_brightness_of_a_sine_is_its_pitch(hz: float) -> None:
    quiet_start = [0.0] * 3000  # a sound whose tones start late is measured where it sounds
    assert listen.centroid(quiet_start + sine(hz, 0.2), RATE) == pytest.approx(hz, rel=0.05)


def test_sounds_are_measured_alone_where_they_can_be() -> None:
    """Two sounds that overlap are measured alone only where another time they sound alone;
    one that never does is measured mixed, and marked so."""
    samples = array("f", [0.0] * (3 * RATE))
    take = listen.Take("test", RATE, samples, [
        ("flip", True, 0.10), ("slap-win", True, 0.12),  # together
        ("flip", True, 1.00),  # alone
        ("muted", False, 2.0),  # not played: not in the recording
    ])
    found = listen.spans(take, {"flip": 0.05, "slap-win": 0.4, "muted": 0.1})
    assert found == {
        "flip": (True, [(RATE, int(1.07 * RATE))]),
        "slap-win": (False, [(int(0.12 * RATE), int(0.54 * RATE))]),
    }
