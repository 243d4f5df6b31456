"""The game's clock: game milliseconds against the page's real milliseconds.

Browser-free: the page hands it ``performance.now()`` readings. Game time runs ``speed`` times
as fast as real time from an anchor (a real time and the game time it showed), and stands
still while paused; at instant speed (speed 0) it moves only with the game's actions. It never
shows a time before the game's last action (``floor``).
"""

from __future__ import annotations

import math
from math import ceil, floor

from web.model.links import SPEED_FACTORS

SPEEDS: dict[str, float] = {
    name: 0.0 if math.isinf(factor) else factor for name, factor in SPEED_FACTORS.items()
}
"""The link's speed choices (:data:`web.model.links.SPEED_FACTORS`) as clock factors, 0 for
instant (bots act as fast as the page draws)."""


class GameClock:
    """Where game time stands, at a speed, from an anchor."""

    def __init__(self, speed: str, now: float) -> None:
        self.speed = SPEEDS.get(speed, 1.0)
        self.speed_name = speed if speed in SPEEDS else "1"
        self.paused = False
        self.anchor_real = now
        self.anchor_game = 0

    @property
    def instant(self) -> bool:
        return self.speed == 0.0

    @property
    def runs(self) -> bool:
        """Whether game time moves with real time (not paused, not instant)."""
        return not self.paused and self.speed > 0

    def time(self, now: float, floor_t: int) -> int:
        """Game milliseconds at real time ``now`` (never before ``floor_t``, the game's last
        action)."""
        if self.paused or self.speed == 0.0:
            return max(self.anchor_game, floor_t)
        return max(self.anchor_game + floor((now - self.anchor_real) * self.speed), floor_t)

    def hold(self, t: int) -> None:
        """Game time stands at ``t`` from the anchor's real time (after actions taken at once:
        at instant speed, or a step)."""
        self.anchor_game = t

    def reanchor(self, now: float, floor_t: int) -> None:
        self.anchor_game = self.time(now, floor_t)
        self.anchor_real = now

    def real_at(self, t: int) -> float:
        """The real time at which the running clock shows (or showed) game time ``t``."""
        return self.anchor_real + (t - self.anchor_game) / self.speed

    def game_at(self, real: float) -> int:
        """The first game time the running clock shows at or after real time ``real`` (give
        or take a rounding error far under a millisecond)."""
        return self.anchor_game + ceil((real - self.anchor_real) * self.speed - 1e-6)

    def start_at(self, now: float) -> float:
        """The clock starts at real time ``now`` rather than at its anchor (nothing has
        happened yet); returns the real milliseconds it moved by (0 if it did not)."""
        shift = now - self.anchor_real
        if not self.runs or shift <= 0:
            return 0.0
        self.anchor_real = now
        return shift

    def set_speed(self, speed: str, now: float, floor_t: int) -> None:
        self.reanchor(now, floor_t)
        self.speed = SPEEDS[speed]
        self.speed_name = speed

    def pause(self, now: float, floor_t: int) -> None:
        self.reanchor(now, floor_t)
        self.paused = True

    def resume(self, now: float) -> None:
        self.paused = False
        self.anchor_real = now

    def real_ms_until(self, t: int, now: float, floor_t: int) -> float:
        """Real milliseconds from ``now`` until game time ``t`` (0 if it has come; while
        paused or at instant speed, at the speed of 1)."""
        left = t - self.time(now, floor_t)
        if left <= 0:
            return 0.0
        return left / self.speed if self.speed > 0 and not self.paused else float(left)
