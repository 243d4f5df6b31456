"""Bots that play like people: they react late, sometimes miss, sometimes slap at nothing.

A bot never acts by itself. It holds what it intends to do and when (``flip_due`` and
``slap_due``, in game milliseconds, -1 for nothing), and :class:`~ratscrew.play.match.Match` keeps
those intents up to date after every change to the game and performs the earliest one: with a
virtual clock in simulations, with real timers in the browser. The same seed gives the same
bot, on every Python.

What a bot looks at is what a player at the table sees: the face-up pile (so whether it is
slappable), the size of each stack, whose turn it is and the challenge in progress; never the
order of anyone's hand.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import floor
from typing import TYPE_CHECKING

from ratscrew.core.rng import Rng, uniform_stream
from ratscrew.i18n import t

if TYPE_CHECKING:
    from ratscrew.core.engine import Game
    from ratscrew.core.table import Decision


@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    reaction_ms: int
    """Mean time from a slappable card landing to the slap."""
    miss: float
    """Chance of not noticing a slappable pile at all."""
    false_slap: float
    """Chance, per card that cannot be slapped, of slapping it anyway (three times as likely
    when the top two cards are neighbours in rank: it looks like something)."""
    risk: float
    """Chance of a risk slap on a challenge's last chance, when ahead in cards."""
    pace_ms: int
    """Mean time to flip a card when it is the bot's turn."""


DIFFICULTIES: dict[str, Skill] = {
    s.name: s
    for s in (
        Skill("easy", 900, 0.25, 0.006, 0.05, 1100),
        Skill("normal", 650, 0.12, 0.004, 0.10, 850),
        Skill("hard", 450, 0.05, 0.0025, 0.15, 650),
        Skill("expert", 300, 0.02, 0.0012, 0.20, 500),
    )
}

# (Hot paths turn floats into whole numbers with math.floor, which is exact and, for the
# non-negative values here, the same as int() but twice as fast.)

# Quantiles (p = 0, 1/32, ..., 1) of an ex-Gaussian with mean 1: a human reaction-time shape,
# sharp at the fast end with a long slow tail. Sampled by linear interpolation, which uses
# only exact float arithmetic, so CPython and Pyodide draw the same milliseconds.
_SHAPE = (
    0.561, 0.655, 0.697, 0.725, 0.749, 0.768, 0.786, 0.803, 0.819, 0.834, 0.849, 0.864,
    0.879, 0.893, 0.909, 0.924, 0.941, 0.957, 0.975, 0.994, 1.014, 1.036, 1.059, 1.086,
    1.115, 1.149, 1.187, 1.232, 1.288, 1.362, 1.463, 1.636, 2.146,
)
_STEPS = len(_SHAPE) - 1

# Quantiles of the exponential distribution with mean 1 (the gaps between false slaps).
_GAPS = (
    0.000, 0.031, 0.064, 0.097, 0.132, 0.168, 0.205, 0.243, 0.284, 0.326, 0.369, 0.415,
    0.463, 0.514, 0.567, 0.624, 0.683, 0.747, 0.815, 0.888, 0.967, 1.053, 1.147, 1.251,
    1.367, 1.499, 1.651, 1.830, 2.050, 2.334, 2.734, 3.417, 6.128,
)

COMMIT_MS = 100
"""A slap less than this far from landing can no longer be stopped when the pile changes."""
ANTICIPATION_MS = (120, 260)
"""A risk slap is made before seeing the card: it lands this soon after the card."""
LOOKALIKE = 3.0
"""How much likelier a false slap is when the top two cards are neighbours in rank."""


class BotError(ValueError):
    """An unknown difficulty."""


def find_skill(name: str) -> Skill:
    skill = DIFFICULTIES.get(name.strip().lower())
    if skill is None:
        # i18n: {name} is the difficulty asked for, quoted; {choices} lists their codes.
        raise BotError(t("unknown difficulty {name}; choose one of {choices}", name=repr(name),
                         choices=", ".join(DIFFICULTIES)))
    return skill


def _interpolate(table: tuple[float, ...], u: float) -> float:
    x = u * _STEPS
    i = int(x)
    return table[i] + (table[i + 1] - table[i]) * (x - i)


_FINE = 1024
_SHAPE_FINE = tuple(_interpolate(_SHAPE, (k + 0.5) / _FINE) for k in range(_FINE))
"""The reaction-time shape at 1024 evenly spaced quantiles (exact arithmetic, built once):
sampling is then a single index."""


@functools.cache
def _pace_table(pace_ms: int) -> tuple[tuple[int, ...], ...]:
    """Flip delays in ms at each quantile: in plain play, answering a challenge (a little
    faster), and collecting a won pile (faster still)."""
    return tuple(
        tuple(int(pace_ms * factor * q) for q in _SHAPE_FINE) for factor in (1.0, 0.85, 0.6)
    )


class Bot:
    """One bot seat: its skill, its own random stream and its current intents."""

    __slots__ = (
        "_paces",
        "false_at",
        "flip_due",
        "seat",
        "skill",
        "slap_due",
        "uniform",
    )

    def __init__(self, seat: int, skill: Skill | str = "normal", rng: Rng | None = None) -> None:
        self.seat = seat
        self.skill = find_skill(skill) if isinstance(skill, str) else skill
        self.uniform = uniform_stream((rng if rng is not None else Rng(seat)).next_u64())
        """This bot's own random stream (see :func:`~ratscrew.core.rng.uniform_stream`)."""
        self.flip_due = -1
        self.slap_due = -1
        self._paces = _pace_table(self.skill.pace_ms)
        self.false_at = self.false_gap()
        """The level of the table's false-slap hazard at which this bot next slaps by mistake:
        every card that cannot be slapped adds 1 (or :data:`LOOKALIKE`) to the hazard."""

    def sample(self, mean_ms: float) -> int:
        """A human-shaped delay with this mean, in whole milliseconds."""
        return floor(mean_ms * _SHAPE_FINE[floor(self.uniform() * _FINE)])

    def false_gap(self) -> float:
        """Hazard until the next false slap: exponential, with mean 1 / false-slap chance."""
        return _interpolate(_GAPS, self.uniform()) / self.skill.false_slap

    def may_slap(self, game: Game) -> bool:
        seat = self.seat
        penalties = game.penalties
        return not (penalties.barred[seat] or game.out[seat] or penalties.lockout[seat]
                    or penalties.hand_burned[seat])

    def see_pattern(self, game: Game, now: int, extra_ms: float = 0.0) -> None:
        """A slappable card just landed: notice it (or not) and plan the slap. ``extra_ms``:
        the mean of an extra delay the variant asks for (reaching from an ear...)."""
        if self.slap_due >= 0 or not self.may_slap(game):
            return
        miss = self.skill.miss
        u = self.uniform()
        if u >= miss:
            # One draw decides both: past the miss chance, it is spread over the reaction times.
            q = _SHAPE_FINE[floor((u - miss) / (1.0 - miss) * _FINE)]
            extra = self.sample(extra_ms) if extra_ms else 0
            self._slap_at(now + floor(self.skill.reaction_ms * q) + extra)

    def see_late(self, now: int) -> None:
        """A slap the table calls for (burn a card, put out a fire): made after a reaction
        time (a little slower than for a pattern, with no miss: the whole table reacts)."""
        self._slap_at(now + self.sample(self.skill.reaction_ms * 1.1))

    def false_slap(self, game: Game, now: int) -> None:
        """The hazard reached this bot's threshold: slap at a card that cannot be slapped."""
        if self.slap_due < 0 and self.may_slap(game):
            self._slap_at(now + self.sample(self.skill.reaction_ms * 0.8))

    def risk_slap(self, game: Game, now: int) -> None:
        """The challenge this bot made has just had its last chance: slap before looking, if
        ahead in cards (the Wikipedia text's "risk slap")."""
        if self.slap_due >= 0 or self.uniform() >= self.skill.risk:
            return
        if self.may_slap(game) and self._ahead(game):
            lo, hi = ANTICIPATION_MS
            self._slap_at(now + lo + floor(self.uniform() * (hi - lo)))

    def _slap_at(self, t: int) -> None:
        self.slap_due = t
        if 0 <= self.flip_due <= t:
            self._flip_after_slap()

    def _flip_after_slap(self) -> None:
        """A player does not flip over their own slap: the flip waits until after it."""
        self.flip_due = self.slap_due + 1 + self.sample(self.skill.pace_ms * 0.3)

    def plan_choice(self, now: int) -> None:
        """The table waits for this bot's decision: it thinks a moment first."""
        self.flip_due = now + self.sample(self.skill.pace_ms * 1.5)

    def choose(self, decision: Decision, game: Game) -> str:
        """This bot's answer to ``decision``: the variant's policy, or any option."""
        u = self.uniform()
        if decision.bot_policy is not None:
            return decision.bot_policy(game, u)
        return decision.options[floor(u * len(decision.options))]

    def plan_flip(self, game: Game, now: int) -> None:
        """It is this bot's turn to flip (or to collect a won pile)."""
        challenge = game.challenge
        kind = 2 if challenge.claimant == self.seat else 1 if challenge.challenger >= 0 else 0
        self.flip_due = now + self._paces[kind][floor(self.uniform() * _FINE)]
        if self.slap_due >= self.flip_due:
            self._flip_after_slap()

    def _ahead(self, game: Game) -> bool:
        holding = [len(h) for h in game.hands if h]
        mine = len(game.hands[self.seat])
        return bool(holding) and mine * len(holding) > 1.2 * sum(holding)
