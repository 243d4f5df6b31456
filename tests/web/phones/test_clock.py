"""A phone's clock from pings: the offset of the fastest round trip, spikes ignored, and a
press's host time never in the future nor more than the cap before its arrival."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.phones.clock import (
    COMPENSATION_CAP_MS,
    MAX_RTT_MS,
    READY_SAMPLES,
    WINDOW,
    PhoneClock,
)

AHEAD = 12345.6
"""How far the simulated phone's clock is ahead of the host's (ms)."""


def exchange(clock: PhoneClock, h1: float, down: float, up: float,
             ahead: float = AHEAD) -> bool:
    """A ping sent at host time ``h1`` that takes ``down`` ms to the phone and whose pong
    takes ``up`` ms back, on a phone whose clock is ``ahead`` ms ahead."""
    return clock.sample(h1, h1 + down + ahead, h1 + down + up)


def test_the_defaults() -> None:
    assert COMPENSATION_CAP_MS == 200
    assert MAX_RTT_MS == 5000
    assert (WINDOW, READY_SAMPLES) == (16, 3)


def test_a_new_clock_knows_nothing() -> None:
    clock = PhoneClock()
    assert (clock.offset, clock.rtt, clock.rtt_p95) == (None, None, None)
    assert clock.last_seen == -math.inf
    assert not clock.ready
    assert clock.to_host(100.0, 5000.0) == 5000.0


def test_equal_legs_give_the_offset_exactly() -> None:
    clock = PhoneClock()
    assert exchange(clock, 1000.0, 12.0, 12.0)
    assert clock.offset == pytest.approx(AHEAD)
    assert clock.rtt == 24.0
    assert clock.last_seen == 1024.0


@pytest.mark.parametrize("ahead", [AHEAD, -AHEAD, 0.0, -987654.25])
def test_ahead_or_behind(ahead: float) -> None:
    clock = PhoneClock()
    for k in range(4):
        exchange(clock, 250.0 * k, 7.0, 7.0, ahead)
    assert clock.offset == pytest.approx(ahead)


@pytest.mark.parametrize("seed", range(10))
def test_jitter_and_one_sided_spikes(seed: int) -> None:
    """Both legs take 10 ms, give or take 8 (the same path both ways, each ping its own
    delay), each leg give or take 1 ms more; one pong in four also waits 30 to 300 ms on the
    way back (a radio waking up, retries). The fastest round trip's offset is within 2 ms;
    an average of the window's offsets is pulled far off by the spikes."""
    rng = random.Random(seed)
    clock = PhoneClock()
    for k in range(WINDOW):
        delay = 10 + rng.uniform(-8, 8)
        down = delay + rng.uniform(-1, 1)
        up = delay + rng.uniform(-1, 1)
        if k % 4 == 1:
            up += rng.uniform(30, 300)
        assert exchange(clock, 1000 + 250 * k, down, up)
    assert clock.offset is not None
    assert abs(clock.offset - AHEAD) < 2
    assert abs(statistics.mean(s.offset for s in clock.samples) - AHEAD) > 5
    # the spikes show in the 95th percentile, not in the median
    assert clock.rtt is not None and clock.rtt < 40
    assert clock.rtt_p95 is not None and clock.rtt_p95 > 60


@pytest.mark.parametrize("seed", range(10))
def test_the_error_is_at_most_half_the_fastest_round_trip(seed: int) -> None:
    """Legs jittered each on its own (2 to 18 ms): the offset can be off, by half the
    difference of the fastest round trip's legs, so by less than half that round trip less
    the shortest leg possible."""
    rng = random.Random(seed)
    clock = PhoneClock()
    for k in range(WINDOW):
        exchange(clock, 1000 + 250 * k, 10 + rng.uniform(-8, 8), 10 + rng.uniform(-8, 8))
    fastest = min(s.rtt for s in clock.samples)
    assert clock.offset is not None
    assert abs(clock.offset - AHEAD) <= fastest / 2 - 2


def test_lopsided_legs_shift_the_offset_by_half_their_difference() -> None:
    """5 ms to the phone, 30 ms back, every time: the host cannot tell this from equal legs
    of 17.5 ms, so it takes the phone's clock to be 12.5 ms less ahead than it is. A press
    made at host time 10000 (phone clock 22345.6) arrives at 10030 and is placed at 10012.5:
    12.5 ms late, yet still before its arrival, which is all the host knew without the
    phone's stamp. The error is at most half the round trip, whatever the legs."""
    clock = PhoneClock()
    for k in range(5):
        exchange(clock, 250.0 * k, 5.0, 30.0)
    assert clock.offset == pytest.approx(AHEAD - 12.5)
    assert clock.to_host(10000 + AHEAD, 10030.0) == pytest.approx(10012.5)


def test_the_window_follows_a_clock_that_jumped() -> None:
    clock = PhoneClock()
    exchange(clock, 0.0, 1.0, 1.0)  # the fastest ever, before the jump
    for k in range(1, WINDOW + 1):
        exchange(clock, 250.0 * k, 10.0, 10.0, ahead=AHEAD + 500)
    assert len(clock.samples) == WINDOW
    assert clock.offset == pytest.approx(AHEAD + 500)


def test_the_latest_of_equal_round_trips() -> None:
    clock = PhoneClock()
    exchange(clock, 0.0, 10.0, 10.0)
    exchange(clock, 250.0, 10.0, 10.0, ahead=AHEAD + 0.3)
    exchange(clock, 500.0, 15.0, 15.0, ahead=AHEAD + 9)
    assert clock.offset == pytest.approx(AHEAD + 0.3)


@pytest.mark.parametrize(("h1", "p", "h2"), [
    (1000.0, 500.0, 999.0),  # the echoed ping is after the pong's arrival
    (1000.0, 500.0, 1000.0 + MAX_RTT_MS + 1),  # a late answer
    (math.nan, 500.0, 1000.0),
    (900.0, math.inf, 1000.0),
    (-math.inf, 500.0, 1000.0),
])
def test_pongs_that_measure_nothing(h1: float, p: float, h2: float) -> None:
    clock = PhoneClock()
    assert not clock.sample(h1, p, h2)
    assert not clock.samples
    assert clock.last_seen == h2  # but the phone is there


def test_the_round_trip_limits_are_kept() -> None:
    clock = PhoneClock()
    assert clock.sample(1000.0, 0.0, 1000.0)
    assert clock.sample(1000.0, 0.0, 1000.0 + MAX_RTT_MS)


def test_last_seen_never_goes_back() -> None:
    clock = PhoneClock()
    exchange(clock, 1000.0, 10.0, 10.0)
    clock.sample(0.0, 0.0, math.nan)
    clock.sample(0.0, 0.0, 500.0)
    assert clock.last_seen == 1020.0


def test_ready_after_three_samples() -> None:
    clock = PhoneClock()
    for k in range(READY_SAMPLES):
        assert not clock.ready
        exchange(clock, 250.0 * k, 10.0, 10.0)
    assert clock.ready


def test_median_and_95th_percentile() -> None:
    clock = PhoneClock()
    for k, rtt in enumerate([30, 10, 20, 40]):
        exchange(clock, 250.0 * k, rtt / 2, rtt / 2)
    assert clock.rtt == 25
    assert clock.rtt_p95 == 40
    for k in range(WINDOW):
        exchange(clock, 1000.0 + 250 * k, k + 1, k + 1)  # round trips 2, 4, ... 32
    assert clock.rtt == 17
    assert clock.rtt_p95 == 32


# --------------------------------------------------------------------------- to_host


def ready_clock(ahead: float = AHEAD, leg: float = 10.0) -> PhoneClock:
    clock = PhoneClock()
    for k in range(READY_SAMPLES):
        exchange(clock, 250.0 * k, leg, leg, ahead)
    return clock


def test_a_press_at_its_host_time() -> None:
    clock = ready_clock()
    # pressed at host time 5000, arrived 25 ms later
    assert clock.to_host(5000 + AHEAD, 5025.0) == pytest.approx(5000.0)


def test_never_in_the_future() -> None:
    clock = ready_clock()
    assert clock.to_host(5100 + AHEAD, 5025.0) == 5025.0
    assert clock.to_host(1e12, 5025.0) == 5025.0


def test_never_more_than_the_cap_before_its_arrival() -> None:
    clock = ready_clock()
    assert clock.to_host(4000 + AHEAD, 5025.0) == 5025.0 - COMPENSATION_CAP_MS
    assert clock.to_host(-1e12, 5025.0) == 5025.0 - COMPENSATION_CAP_MS
    assert clock.to_host(4000 + AHEAD, 5025.0, cap_ms=50) == 4975.0
    assert clock.to_host(4000 + AHEAD, 5025.0, cap_ms=0) == 5025.0
    assert clock.to_host(4000 + AHEAD, 5025.0, cap_ms=-10) == 5025.0


def test_before_ready_half_the_round_trip() -> None:
    clock = PhoneClock()
    exchange(clock, 0.0, 20.0, 20.0)
    assert not clock.ready
    # the phone's stamp is not believed yet, right or wrong
    assert clock.to_host(4000 + AHEAD, 5000.0) == 4980.0
    assert clock.to_host(0.0, 5000.0) == 4980.0
    exchange(clock, 250.0, 200.0, 200.0)
    assert clock.to_host(0.0, 5000.0) == 4890.0  # the median round trip (40 + 400) / 2, halved
    exchange(clock, 500.0, 400.0, 400.0)  # now ready: the stamp says 4000, 1000 ms early
    assert clock.to_host(4000 + AHEAD, 5000.0) == 5000.0 - COMPENSATION_CAP_MS


def test_an_unreadable_stamp_falls_back() -> None:
    clock = ready_clock()
    assert clock.to_host(math.nan, 5000.0) == 4990.0


FINITE = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False)


@given(st.lists(st.tuples(FINITE, FINITE, FINITE), max_size=20), FINITE, FINITE,
       st.floats(min_value=0, max_value=1000))
def test_always_within_the_cap_before_the_arrival(
    samples: list[tuple[float, float, float]], phone_ms: float, arrival_ms: float, cap: float,
) -> None:
    clock = PhoneClock()
    for h1, p, h2 in samples:
        clock.sample(h1, p, h2)
    when = clock.to_host(phone_ms, arrival_ms, cap)
    assert arrival_ms - cap <= when <= arrival_ms
