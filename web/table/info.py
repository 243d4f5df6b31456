"""What the table shows of the variants' own state, as plain data (browser-free).

:mod:`web.table.view` draws these; they are worked out here so that they are tested without a
browser: the dice of Slap Like an Egyptian, the burn contest and Burn pile of Firefighters,
the marks on each seat (black die, must burn, may put out a fire), how a seat's keys move
through a decision's options, and where each seat sits round the table (:func:`seat_layout`).

Card codes are left as codes ("7H"): the view writes them with suit symbols.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratscrew.core.cards import Card
from ratscrew.core.engine import Game
from ratscrew.core.events import BurnWon, seat_name
from ratscrew.variants.firefighters import (
    FIRST_BONUS,
    BurnContest,
    burn_pile,
    fire_burning,
    fires_of,
    is_firefighter,
    may_put_out,
)
from ratscrew.variants.slae import Dice, dice_of

RED_SYMBOLS = {"right": "R", "left": "L", "either": "L R", "rat": "RAT"}
HAND_LABELS = {"right": "right hand", "left": "left hand", "either": "either hand"}


# --------------------------------------------------------------------------- dice


@dataclass(frozen=True, slots=True)
class DieFace:
    """One die as the table shows it: the big ``symbol``, a ``label`` under it, whether a
    Rat came up, and whether the Rat is still being called."""

    symbol: str
    label: str
    rat: bool = False
    calling: bool = False


def red_face(dice: Dice, names: Sequence[str] | None = None) -> DieFace:
    """The red die: which hand slaps (after a Rat, the hand called)."""
    if dice.red != "rat":
        return DieFace(RED_SYMBOLS.get(dice.red, "?"), HAND_LABELS.get(dice.red, dice.red))
    caller = seat_name(dice.caller, names)
    if not dice.hand:
        return DieFace("RAT", f"{caller} is choosing the hand…", True, True)
    return DieFace(RED_SYMBOLS.get(dice.hand, "?"),
                   f"Rat: {caller} called {HAND_LABELS.get(dice.hand, dice.hand)}", True)


def wood_face(dice: Dice, names: Sequence[str] | None = None) -> DieFace:
    """The wood die: the body part the slap starts from (after a Rat, the part called)."""
    if dice.wood != "rat":
        return DieFace(dice.wood, f"from the {dice.wood}")
    caller = seat_name(dice.caller, names)
    if not dice.part:
        # The hand is called first: say so while the red die's Rat is still open.
        waiting = "choosing where to start" if dice.hand else "will choose where to start"
        return DieFace("RAT", f"{caller} {waiting}…", True, bool(dice.hand))
    return DieFace(dice.part, f"Rat: {caller} called the {dice.part}", True)


def dice_faces(game: Game) -> tuple[DieFace, DieFace] | None:
    """The two dice of a Slap Like an Egyptian game once rolled (None otherwise)."""
    dice = dice_of(game)
    if dice is None or not dice.rolls:
        return None
    names = game.names or None
    return red_face(dice, names), wood_face(dice, names)


# --------------------------------------------------------------------------- burn contests


@dataclass(frozen=True, slots=True)
class Burn:
    """One card burned in a contest: ``value`` = ``base`` + ``bonus`` (+2 for the first)."""

    seat: int
    card: str
    base: int
    bonus: int
    value: int

    @property
    def sum(self) -> str:
        """"7 + 2 = 9" for the first to burn, else "9"."""
        return f"{self.base} + {self.bonus} = {self.value}" if self.bonus else str(self.value)


def burns_of(burns: Sequence[tuple[int, Card, int]]) -> tuple[Burn, ...]:
    """A contest's ``(seat, card, value)`` list, in the order burned, as Burns."""
    return tuple(
        Burn(seat, card.code, value - (FIRST_BONUS if i == 0 else 0),
             FIRST_BONUS if i == 0 else 0, value)
        for i, (seat, card, value) in enumerate(burns)
    )


@dataclass(frozen=True, slots=True)
class Contest:
    """A burn contest under way: its condition, who still has to burn, the burns so far and
    when it ends (game ms)."""

    condition: str
    cards: tuple[str, ...]
    waiting: tuple[int, ...]
    burns: tuple[Burn, ...]
    deadline: int


def contest_of(game: Game, cards: Sequence[str] = ()) -> Contest | None:
    """The burn contest holding the table, or None. ``cards``: the cards that started it
    (from its BurnStarted event; the phase does not keep them)."""
    phase = game.phase
    if not isinstance(phase, BurnContest):
        return None
    waiting = tuple(s for s in phase.expected if phase.expects(game, s))
    return Contest(phase.condition, tuple(cards), waiting, burns_of(phase.burns), phase.deadline)


@dataclass(frozen=True, slots=True)
class Result:
    """A decided contest: who won (-1: nobody burned), the burns, whether the +2 for burning
    first decided it, whether a tie went to the earlier burn, who missed it."""

    winner: int
    burns: tuple[Burn, ...]
    bonus_decided: bool
    tie: bool
    missed: tuple[int, ...]


def result_of(won: BurnWon) -> Result:
    burns = burns_of(won.burns)
    decided = False
    if won.seat >= 0 and burns and burns[0].seat == won.seat:
        others = [b.value for b in burns[1:]]
        # Without the +2 someone else's card would have been higher (a tie at the same value
        # would still go to the first burner: BurnWon.explain says the same).
        decided = bool(others) and max(others) > burns[0].base
    return Result(won.seat, burns, decided, won.tie, tuple(won.missed))


@dataclass(frozen=True, slots=True)
class BurnPile:
    """The Burn pile: how many cards, the top one, and whether a fire burns (a firefighter on
    top, which a cardless player may put out)."""

    count: int
    top: str
    fire: bool


def burn_pile_of(game: Game) -> BurnPile | None:
    """The Burn pile of a Firefighters game (None for other variants)."""
    if fires_of(game) is None:
        return None
    pile = burn_pile(game)
    top = pile[-1] if pile else None
    return BurnPile(len(pile), top.code if top is not None else "",
                    top is not None and is_firefighter(top))


# --------------------------------------------------------------------------- seats


def dice_marks(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """Slap Like an Egyptian: ``black-die`` on the seat that holds it (free of the dice)."""
    dice = dice_of(game)
    if dice is not None and dice.holder == seat:
        return (("black-die", "black die: any hand"),)
    return ()


def burn_marks(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """Firefighters: ``burn`` / ``burned`` in a burn contest, ``put-out`` for a seat that may
    put out the fire burning now."""
    phase = game.phase
    if isinstance(phase, BurnContest):
        if phase.expects(game, seat):
            return (("burn", "burn a card!"),)
        if phase.burned(seat):
            return (("burned", "burned"),)
    elif (
        fires_of(game) is not None
        and game.outcome is None
        and fire_burning(game)
        and may_put_out(game, seat)
    ):
        return (("put-out", "may put out the fire: slap!"),)
    return ()


def seat_marks(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """What a seat wears besides its count, as (kind, text): ``black-die`` (Slap Like an
    Egyptian: free of the dice), ``burn`` / ``burned`` (in a burn contest), ``put-out`` (may
    put out the fire burning now). The page asks each variant's part of the table for its own
    (:func:`dice_marks`, :func:`burn_marks`)."""
    return dice_marks(game, seat) + burn_marks(game, seat)


# --------------------------------------------------------------------------- places at the table

REGIONS = ("top", "left", "right", "bottom")
"""The regions round the centre of the table that seats sit in (index.html's
``[data-region]``)."""


def seat_regions(players: int) -> dict[str, tuple[int, ...]]:
    """The seats (0-based) in each region, in the order the region shows them (DOM order).

    Seat 1 sits at the bottom, then play goes clockwise: up the left side, along the top from
    left to right, down the right side. The sides take one seat each from 4 players and two
    from 7; the top takes the rest. The left column is listed top first, so its seats come in
    the reverse of the order of play."""
    if players < 1:
        raise ValueError(f"a table has at least one seat, not {players}")
    side = (players - 1) // 3
    top = players - 1 - 2 * side
    left = tuple(range(1, 1 + side))
    return {
        "top": tuple(range(1 + side, 1 + side + top)),
        "left": left[::-1],
        "right": tuple(range(1 + side + top, players)),
        "bottom": (0,),
    }


def seat_layout(seat: int, players: int) -> tuple[str, int]:
    """Where ``seat`` (0-based) sits at a table of ``players``: its region and its place in
    that region's order (0 first: leftmost, or topmost in a side column)."""
    if not 0 <= seat < players:
        raise ValueError(f"no seat {seat} at a table of {players}")
    for region, seats in seat_regions(players).items():
        if seat in seats:
            return region, seats.index(seat)
    raise AssertionError("every seat has a region")  # pragma: no cover


# --------------------------------------------------------------------------- decisions


def choice_step(index: int, action: str, count: int) -> tuple[int, bool]:
    """A seat's key in a decision's panel: slap-left moves to the previous option, slap-right
    (or a plain slap) to the next, both wrapping round; flip confirms. Returns the selected
    index and whether it is confirmed."""
    if count <= 0:
        return 0, False
    index %= count
    if action == "flip":
        return index, True
    if action == "slap-left":
        return (index - 1) % count, False
    if action in ("slap-right", "slap"):
        return (index + 1) % count, False
    return index, False
