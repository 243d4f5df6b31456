"""A game at a table in real time: the engine, its bots, and the clock that joins them.

Browser-free (no ``js``): the page calls it with ``performance.now()`` readings, so it runs
and is tested in CPython too. Game time is milliseconds since the deal; it runs ``speed``
times as fast as real time and stops while paused. At ``instant`` speed, bots act as soon as
the page lets them (:meth:`Session.run_instant`), with their game times unchanged, so an
instant game is still an ordinary game that replays the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import floor
from typing import Any

from ratscrew.bots import Bot, find_skill
from ratscrew.engine import Game
from ratscrew.events import Event
from ratscrew.match import Match
from ratscrew.rng import Rng
from ratscrew.variants import find_variant

from .links import SPEED_FACTORS

SPEEDS: dict[str, float] = {
    name: 0.0 if math.isinf(factor) else factor for name, factor in SPEED_FACTORS.items()
}
"""The link's speed choices (:data:`web.links.SPEED_FACTORS`) as clock factors, 0 for
instant (bots act as fast as the page draws)."""
TIMES = "\u00d7"
"""The multiplication sign (two times faster is written 2 and this sign)."""
SPEED_LABELS: dict[str, str] = {
    name: "Instant" if name == "instant" else name.replace("0.5", "\u00bd") + TIMES
    for name in SPEEDS
}
"""How the speed menus show each speed: a half, 1, 2, 4, 8 with the sign, or Instant."""

HUMAN_ACTIONS = ("flip", "slap", "slap-left", "slap-right")


@dataclass(frozen=True, slots=True)
class Stat:
    seat: int
    name: str
    cards: int
    slaps_right: int
    slaps_wrong: int
    piles_won: int
    bot: str
    """The bot's difficulty, or "" for a human."""


class Session:
    """One game being played: humans act through :meth:`human`, bots through the clock."""

    def __init__(
        self,
        variant: str,
        players: int,
        seed: int,
        names: Sequence[str],
        bots: Mapping[int, str],
        options: Mapping[str, Any] | None = None,
        speed: str = "1",
        now: float = 0.0,
    ) -> None:
        self.variant = find_variant(variant)
        self.seed = seed
        self.game = Game(self.variant, players, seed=seed, options=dict(options or {}),
                         names=names)
        base = Rng(seed)
        self.bots = {s: Bot(s, find_skill(d), base.fork("bot", s)) for s, d in bots.items()}
        self.humans = tuple(s for s in range(players) if s not in self.bots)
        self.match = Match(self.game, list(self.bots.values()))
        self.speed = SPEEDS.get(speed, 1.0)
        self.speed_name = speed if speed in SPEEDS else "1"
        self.paused = False
        self._anchor_real = now
        self._anchor_game = 0

    # -- the clock -------------------------------------------------------------------------

    def game_time(self, now: float) -> int:
        """Game milliseconds at real time ``now`` (never before the game's last action)."""
        if self.paused or self.speed == 0.0:
            return max(self._anchor_game, self.game.t)
        t = self._anchor_game + floor((now - self._anchor_real) * self.speed)
        return max(t, self.game.t)

    def _reanchor(self, now: float) -> None:
        self._anchor_game = self.game_time(now)
        self._anchor_real = now

    def set_speed(self, speed: str, now: float) -> None:
        if speed not in SPEEDS:
            return
        self._reanchor(now)
        self.speed = SPEEDS[speed]
        self.speed_name = speed

    def pause(self, now: float) -> None:
        if not self.paused:
            self._reanchor(now)
            self.paused = True

    def resume(self, now: float) -> None:
        if self.paused:
            self.paused = False
            self._anchor_real = now

    @property
    def instant(self) -> bool:
        return self.speed == 0.0

    def due_in(self, now: float) -> float | None:
        """Real milliseconds until the next bot intent is due (None: nothing to wait for)."""
        if self.paused or self.game.outcome is not None:
            return None
        due = self.match.due()
        if due < 0:
            return None
        if self.instant:
            return 0.0
        return max(0.0, (due - self.game_time(now)) / self.speed)

    # -- acting ----------------------------------------------------------------------------

    def human(self, seat: int, action: str, now: float) -> list[Event]:
        """A human seat pressed a key (or touched its zone). Refused quietly when paused, over,
        or not a human seat (keys of bot seats do nothing)."""
        if self.paused or self.game.outcome is not None or seat not in self.humans:
            return []
        if action not in HUMAN_ACTIONS:
            return []
        t = self.game_time(now)
        if action == "flip":
            events = self.game.flip(seat, t)
        else:
            hand = action.removeprefix("slap").lstrip("-")
            events = self.game.slap(seat, t, hand)
        if self.instant:
            self._anchor_game = self.game.t
        self.match.refresh(self.game.t)
        return events

    def advance(self, now: float) -> list[Event]:
        """Let the bots do everything that is due by real time ``now``."""
        if self.paused or self.instant:
            return []
        return self.match.advance(self.game_time(now))

    def run_instant(self, steps: int) -> list[Event]:
        """At instant speed: let the bots take up to ``steps`` actions now."""
        out: list[Event] = []
        for _ in range(steps):
            if self.paused or self.game.outcome is not None:
                break
            events = self.match.step()
            if not events and self.match.due() < 0:
                break
            out.extend(events)
        self._anchor_game = self.game.t
        return out

    # -- what the end screen shows ---------------------------------------------------------

    def stats(self) -> list[Stat]:
        game = self.game
        return [
            Stat(
                seat,
                game.name(seat),
                len(game.hands[seat]),
                game.stats[seat].slaps_right,
                game.stats[seat].slaps_wrong,
                game.stats[seat].piles_won,
                self.bots[seat].skill.name if seat in self.bots else "",
            )
            for seat in range(game.n)
        ]
