"""A game at a table in real time: the engine, its bots, and the clock that joins them.

Browser-free (no ``js``): the page calls it with ``performance.now()`` readings, so it runs
and is tested in CPython too. Game time is milliseconds since the deal; it runs ``speed``
times as fast as real time and stops while paused. At ``instant`` speed, bots act as soon as
the page lets them (:meth:`Session.run_instant`), with their game times unchanged, so an
instant game is still an ordinary game that replays the same.

A person's time to answer a decision is real time, whatever the speed: each decision (each
step of a choice in several steps, such as the Hermit's hand-out) gets the whole
``choice_ms``; the clock stops while paused (and at instant speed, where nothing waits for
people), and a change of speed leaves the real time left as it was. The default is still
taken through the engine at a game time, the one the game clock shows when that real time is
up.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import ceil, floor
from typing import Any

from ratscrew.bots import Bot, find_skill
from ratscrew.engine import Decision, Game
from ratscrew.events import Event
from ratscrew.match import Match
from ratscrew.rng import Rng
from ratscrew.variants import Variant, find_variant

from .links import SPEED_FACTORS

SPEEDS: dict[str, float] = {
    name: 0.0 if math.isinf(factor) else factor for name, factor in SPEED_FACTORS.items()
}
"""The link's speed choices (:data:`web.links.SPEED_FACTORS`) as clock factors, 0 for
instant (bots act as fast as the page draws)."""
TIMES = "\u00d7"
"""The multiplication sign (two times faster is written 2 and this sign)."""
SPEED_LABELS: dict[str, str] = {
    name: "Instant" if name == "instant"
    else {"0.25": "\u00bc", "0.5": "\u00bd"}.get(name, name) + TIMES
    for name in SPEEDS
}
"""How the speed menus show each speed: a quarter (for following a challenge card by card in
class), a half, 1, 2, 4, 8 with the sign, or Instant."""

HUMAN_ACTIONS = ("flip", "slap", "slap-left", "slap-right")
PLAIN_ACTIONS = ("flip", "slap")
HAND_ACTIONS = ("flip", "slap-left", "slap-right")
DEFAULT_CHOICE_MS = 10_000
"""How long a person has to answer a decision before its default is taken (0: no limit)."""


FLIP_ONLY = ("flip",)


def seat_actions(variant: Variant, slapping: bool | None = None) -> tuple[str, ...]:
    """The actions a person's seat has in ``variant``: only a flip where nobody slaps
    (Beggar-My-Neighbour, unless ``slapping`` says house slap rules were added), a left-hand
    and a right-hand slap where the variant cares which hand slaps (Slap Like an Egyptian),
    else one slap."""
    if not (variant.slapping if slapping is None else slapping):
        return FLIP_ONLY
    if variant.judge_slap is not None or variant.bot_hand is not None:
        return HAND_ACTIONS
    return PLAIN_ACTIONS


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
        choice_ms: int = DEFAULT_CHOICE_MS,
    ) -> None:
        self.variant = find_variant(variant)
        self.game = Game(self.variant, players, seed=seed, options=dict(options or {}),
                         names=names)
        self.actions = seat_actions(self.variant, self.game.slapping)
        """What people's keys and touch zones do here (:func:`seat_actions`)."""
        self.choice_ms = max(0, choice_ms)
        """Real ms a person has to answer each decision before its default is taken (0: no
        limit)."""
        self.seed = seed
        base = Rng(seed)
        self.bots = {s: Bot(s, find_skill(d), base.fork("bot", s)) for s, d in bots.items()}
        self.humans = tuple(s for s in range(players) if s not in self.bots)
        self.match = Match(self.game, list(self.bots.values()))
        self.speed = SPEEDS.get(speed, 1.0)
        self.speed_name = speed if speed in SPEEDS else "1"
        self.paused = False
        self._anchor_real = now
        self._anchor_game = 0
        self._asked: Decision | None = None
        self._choice_due: float | None = None
        """Real time at which the pending decision takes its default, while its clock runs."""
        self._choice_left = float(self.choice_ms)
        """Real ms left to answer the pending decision, while its clock stands still (paused,
        or at instant speed)."""
        self._note_pending()

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

    @property
    def _clock_runs(self) -> bool:
        """Whether game time moves with real time (not paused, not instant)."""
        return not self.paused and self.speed > 0

    def _real_at(self, t: int) -> float:
        """The real time at which the running game clock shows (or showed) game time ``t``."""
        return self._anchor_real + (t - self._anchor_game) / self.speed

    def _game_at(self, real: float) -> int:
        """The first game time the running clock shows at or after real time ``real`` (give
        or take a rounding error far under a millisecond)."""
        return self._anchor_game + ceil((real - self._anchor_real) * self.speed - 1e-6)

    def _stop_choice_clock(self, now: float) -> None:
        self._note_pending()
        if self._choice_due is not None:
            self._choice_left = max(0.0, self._choice_due - now)
            self._choice_due = None

    def _start_choice_clock(self, now: float) -> None:
        if self._choice_due is None and self._clock_runs:
            self._choice_due = now + self._choice_left

    def set_speed(self, speed: str, now: float) -> None:
        """Change the speed from real time ``now`` on; a person's time to choose keeps the
        real time it had left."""
        if speed not in SPEEDS:
            return
        self._stop_choice_clock(now)
        self._reanchor(now)
        self.speed = SPEEDS[speed]
        self.speed_name = speed
        self._start_choice_clock(now)

    def pause(self, now: float) -> None:
        if not self.paused:
            self._stop_choice_clock(now)
            self._reanchor(now)
            self.paused = True

    def resume(self, now: float) -> None:
        if self.paused:
            self.paused = False
            self._anchor_real = now
            self._start_choice_clock(now)

    @property
    def instant(self) -> bool:
        return self.speed == 0.0

    def due_in(self, now: float) -> float | None:
        """Real milliseconds until the next bot intent is due (None: nothing to wait for)."""
        if self.paused or self.game.outcome is not None:
            return None
        due = self.match.due()
        if self.instant:
            return 0.0 if due >= 0 else None
        choice = self.choice_deadline()
        if choice >= 0 and (due < 0 or choice < due):
            due = choice
        if due < 0:
            return None
        return max(0.0, (due - self.game_time(now)) / self.speed)

    def real_ms_until(self, t: int, now: float) -> float:
        """Real milliseconds from ``now`` until game time ``t`` (0 if it has come; while
        paused or at instant speed, at the speed of 1)."""
        left = t - self.game_time(now)
        if left <= 0:
            return 0.0
        return left / self.speed if self.speed > 0 and not self.paused else float(left)

    # -- decisions -------------------------------------------------------------------------

    def _note_pending(self) -> None:
        """A new pending decision gets the whole time to answer, from the real time of the
        action that asked it (its clock stands still while paused or at instant speed)."""
        pending = self.game.pending
        if pending is not self._asked:
            self._asked = pending
            self._choice_left = float(self.choice_ms)
            self._choice_due = (self._real_at(self.game.t) + self.choice_ms
                                if self._clock_runs else None)

    @property
    def human_decision(self) -> Decision | None:
        """The decision the game waits for, when a person makes it (bots answer their own)."""
        pending = self.game.pending
        if pending is None or self.game.outcome is not None or pending.seat not in self.humans:
            return None
        return pending

    def choice_ms_left(self, now: float) -> float | None:
        """Real milliseconds a person has left at real time ``now`` to answer the pending
        decision before its default is taken (None: no decision of a person, no time limit,
        or instant speed, where nothing waits for people). Stands still while paused."""
        if self.choice_ms <= 0 or self.instant or self.human_decision is None:
            return None
        self._note_pending()
        if self._choice_due is None:
            return self._choice_left
        return max(0.0, self._choice_due - now)

    def choice_deadline(self) -> int:
        """Game time at which a person's pending decision takes its default, at the present
        speed (-1: none, or no time limit, or instant speed). The time to choose is real time
        (:meth:`choice_ms_left`): this game time moves when the speed changes or the game is
        paused; :meth:`real_ms_until` of it is the real time left."""
        if self.choice_ms <= 0 or self.instant or self.human_decision is None:
            return -1
        self._note_pending()
        if self._choice_due is None:  # paused: real_ms_until counts at the speed of 1
            return max(self._anchor_game, self.game.t) + ceil(self._choice_left)
        return max(self._game_at(self._choice_due), self.game.t)

    # -- acting ----------------------------------------------------------------------------

    def human(self, seat: int, action: str, now: float) -> list[Event]:
        """A human seat pressed a key (or touched its zone). Refused quietly when paused, over,
        or not a human seat (keys of bot seats do nothing)."""
        if self.paused or self.game.outcome is not None or seat not in self.humans:
            return []
        if action not in HUMAN_ACTIONS or (action == "slap" and action not in self.actions):
            return []  # a plain slap is not offered where the hand matters
        if action != "flip" and not self.game.slapping:
            return []  # nobody slaps in this game: no key or button offers it
        t = self.game_time(now)
        if action == "flip":
            events = self.game.flip(seat, t)
        else:
            hand = action.removeprefix("slap").lstrip("-")
            events = self.game.slap(seat, t, hand)
        self._acted()
        return events

    def choose(self, seat: int, option: str, now: float) -> list[Event]:
        """A person at ``seat`` answers the pending decision with ``option`` (refused quietly
        when paused, over, or not a human seat; the engine refuses a wrong seat or option)."""
        if self.paused or self.game.outcome is not None or seat not in self.humans:
            return []
        events = self.game.choose(seat, self.game_time(now), option)
        self._acted()
        return events

    def fine(self, seat: int, target: int, now: float) -> list[Event]:
        """K.U.R.S.: a person at ``seat`` who made a decree fines ``target`` (0-based) a card.
        Refused quietly when paused, over, not a human seat or not a variant with fines; the
        engine says why a fine does not stand (an Ignored event)."""
        if (self.paused or self.game.outcome is not None or seat not in self.humans
                or "fine" not in self.variant.actions or not 0 <= target < self.game.n):
            return []
        events = self.game.act(seat, self.game_time(now), "fine", str(target + 1))
        self._acted()
        return events

    def _acted(self) -> None:
        if self.instant:
            self._anchor_game = self.game.t
        self.match.refresh(self.game.t)
        self._note_pending()

    def advance(self, now: float) -> list[Event]:
        """Do everything that is due by real time ``now``: the bots' intents, the table's
        deadline (a burn contest ends even at a table of people only), and the default of a
        person's decision whose time is up."""
        if self.paused or self.instant:
            return []
        t = self.game_time(now)
        out: list[Event] = []
        game = self.game
        while game.outcome is None:
            choice = self.choice_deadline()
            due = self.match.due()
            decision = self.human_decision
            if decision is not None and 0 <= choice <= t and (due < 0 or choice <= due):
                out.extend(game.choose(decision.seat, max(choice, game.t), decision.default))
                self.match.refresh(game.t)
            elif 0 <= due <= t:
                out.extend(self.match.step())
            else:
                break
            self._note_pending()
        return out

    def run_instant(self, steps: int) -> list[Event]:
        """At instant speed: let the bots take up to ``steps`` actions now."""
        out: list[Event] = []
        for _ in range(steps):
            if self.paused or self.game.outcome is not None:
                break
            events = self.match.step()
            self._note_pending()
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
