"""A phone's delay and clock, measured from pings, so that a press counts when it was made.

A slap from a phone reaches the host some milliseconds after the finger hit the glass, and the
delay differs from phone to phone and from moment to moment (Wi-Fi retries, a radio waking
from power saving, a busy page). The phone stamps each action with its own clock
(``performance.now()``); :class:`PhoneClock` learns how that clock relates to the host's,
NTP style, and turns the stamp into host time (:meth:`PhoneClock.to_host`).

The host sends a ping at its time ``h1``; the phone answers with its clock ``p``; the answer
arrives at host time ``h2``. Then ``rtt = h2 - h1``, and the phone's clock is ahead of the
host's by about ``offset = p - (h1 + h2) / 2``: exact when both legs take as long, wrong by
half the difference of the legs otherwise (so never by more than ``rtt / 2``).

Browser-free: the page hands in ``performance.now()`` readings (ms).
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

COMPENSATION_CAP_MS = 200.0
"""How much earlier than its arrival a phone's press may count, at most (ms)."""
MAX_RTT_MS = 5000.0
"""Pongs slower than this (or older pings echoed back) measure nothing."""
WINDOW = 16
"""Samples kept: the latest ones (4 seconds of pings, one every 250 ms)."""
READY_SAMPLES = 3
"""Samples needed before the phone's own stamps are believed."""


@dataclass(frozen=True)
class Sample:
    """One ping's answer: its round trip, the offset it shows (phone minus host, ms), and the
    host time it arrived."""

    rtt: float
    offset: float
    at: float


class PhoneClock:
    """One phone's round trips and clock offset, from its latest :data:`WINDOW` pongs.

    The offset is the one of the sample with the smallest round trip, not an average. Each
    round trip is the path's own delay plus some waiting (a radio retrying, a queue, a page
    busy drawing), and waiting only ever adds, mostly on one leg: that makes the legs unequal,
    which is exactly what throws an offset off. The fastest round trip waited least, so its
    offset has the smallest possible error (at most half its round trip); an average or a
    median would carry every spike's lopsided error with it. The window is short so that the
    estimate follows a clock that drifts or a network that changes.

    The round trip shown (:attr:`rtt`) is the median: what a typical message takes.
    """

    def __init__(self, window: int = WINDOW) -> None:
        self.samples: deque[Sample] = deque(maxlen=window)
        self.last_seen = -math.inf
        """Host time of the latest pong, whether or not it measured anything (``-inf`` before
        the first): a phone not seen for a while has dropped."""

    def sample(self, h1: float, p: float, h2: float) -> bool:
        """Take the pong that arrived at host time ``h2``, answering the ping sent at ``h1``
        with the phone's clock ``p``. Whether it was kept as a sample: a pong whose round
        trip is negative (the echoed ``h1`` is after its own arrival: not a ping the host
        sent) or over :data:`MAX_RTT_MS` (a lost ping's late answer, or an old one echoed
        again) measures nothing."""
        if not math.isfinite(h2):
            return False
        self.last_seen = max(self.last_seen, h2)
        if not (math.isfinite(h1) and math.isfinite(p)):
            return False
        rtt = h2 - h1
        if not 0 <= rtt <= MAX_RTT_MS:
            return False
        self.samples.append(Sample(rtt=rtt, offset=p - (h1 + h2) / 2, at=h2))
        return True

    @property
    def ready(self) -> bool:
        """Whether there are enough samples to believe the phone's stamps."""
        return len(self.samples) >= READY_SAMPLES

    @property
    def offset(self) -> float | None:
        """How far the phone's clock is ahead of the host's (ms, negative if behind): the
        offset of the fastest round trip in the window (the latest of equals). None before
        any sample."""
        if not self.samples:
            return None
        return min(reversed(self.samples), key=lambda s: s.rtt).offset

    @property
    def rtt(self) -> float | None:
        """The median round trip in the window (ms), None before any sample."""
        if not self.samples:
            return None
        rtts = sorted(s.rtt for s in self.samples)  # (statistics.median: 4 more modules to load)
        middle = len(rtts) // 2
        return rtts[middle] if len(rtts) % 2 else (rtts[middle - 1] + rtts[middle]) / 2

    @property
    def rtt_p95(self) -> float | None:
        """The 95th percentile round trip in the window (ms, nearest rank: with 16 samples,
        the slowest), None before any sample."""
        if not self.samples:
            return None
        rtts = sorted(s.rtt for s in self.samples)
        return rtts[math.ceil(0.95 * len(rtts)) - 1]

    def to_host(self, phone_ms: float, arrival_ms: float,
                cap_ms: float = COMPENSATION_CAP_MS) -> float:
        """The host time of a phone event stamped ``phone_ms`` by the phone that arrived at
        ``arrival_ms``: ``phone_ms - offset`` once :attr:`ready`; before that, half the
        median round trip before its arrival (a guess), or its arrival before any sample.

        Always within ``[arrival_ms - cap_ms, arrival_ms]``. Not after the arrival: nothing
        happens after the host has heard of it (an offset measured a little off must not
        push a press into the future). Not more than ``cap_ms`` before it: the stamp is the
        phone's word, the offset can be wrong (lopsided legs, a clock that jumped while the
        phone slept) and a phone's page can be made to lie; the cap bounds what any of these
        can win, while covering the delays of a room's Wi-Fi.
        """
        cap = max(0.0, cap_ms)
        offset = self.offset
        if self.ready and offset is not None and math.isfinite(phone_ms):
            when = phone_ms - offset
        elif self.rtt is not None:
            when = arrival_ms - self.rtt / 2
        else:
            return arrival_ms
        return min(arrival_ms, max(arrival_ms - cap, when))
