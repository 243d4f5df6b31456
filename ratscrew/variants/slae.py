"""Slap Like an Egyptian: the Front Porch Classics boxed game (two decks, jokers, three dice).

Built on the engine's extension points: the dice live in ``game.state`` (a :class:`Dice`),
rolled from the game's own table stream so a record replays them; ``judge_slap`` turns a slap
with the wrong hand into a wrong slap; ``on_card`` hands the black die to whoever flips a
joker; ``on_take`` rolls again after every slap that wins a pile; a Rat is a pending decision
for the player who last played.

The box names only some faces ("right (R), left (L) or either hand (LR)", a Rat; "ear, neck,
etc."). The six faces chosen here are :data:`RED_FACES` and :data:`WOOD_FACES`; see
``docs/rules.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ratscrew.core.cards import Card
from ratscrew.core.events import (
    KEYS,
    NO_REASON,
    PHONE,
    TOUCH,
    Controls,
    Event,
    Reason,
    seat_name,
    wording,
)
from ratscrew.core.options import OptionSpec, Rules
from ratscrew.core.table import Decision, VariantTable
from ratscrew.core.variant import Variant, register
from ratscrew.i18n import N_, msg, t

RED_FACES = ("right", "left", "either", "right", "left", "rat")
"""The red die: which hand slaps (two faces each for right and left, one for either hand,
one Rat)."""
WOOD_FACES = ("ear", "neck", "nose", "chin", "elbow", "rat")
"""The wood die: the body part the slap must start from, or a Rat."""
HANDS = ("right", "left", "either")
"""What the last player may call for a Rat on the red die (fingers and knuckles are the
table's to police: the game only sees the hand)."""
BODY_PARTS = ("ear", "neck", "nose", "chin", "elbow", "forehead", "shoulder", "knee", "hip",
              "toe")
"""What the last player may call for a Rat on the wood die: any part of the body, the die's
faces or not."""

PART_NAMES = {
    # i18n: A body part a slap must start from (Slap Like an Egyptian's wood die), said in
    # "starting from the {part}".
    "ear": N_("ear"),
    "neck": N_("neck"),
    "nose": N_("nose"),
    "chin": N_("chin"),
    "elbow": N_("elbow"),
    "forehead": N_("forehead"),
    "shoulder": N_("shoulder"),
    "knee": N_("knee"),
    "hip": N_("hip"),
    "toe": N_("toe"),
}
"""How each of :data:`BODY_PARTS` is said (a message id)."""


HAND_NAMES = {
    # i18n: The hand a Rat's caller chooses (Slap Like an Egyptian), said in "Ann chooses
    # {choice}.": the right hand, the left hand, or either hand.
    "right": N_("right"),
    "left": N_("left"),
    "either": N_("either"),
}
"""How each of :data:`HANDS` is said, as a choice (a message id)."""


def part_name(part: str) -> str:
    """A body part in the language in use (a part the game does not know as it is)."""
    name = PART_NAMES.get(part)
    return t(name) if name else part


# --------------------------------------------------------------------------- events

ROLLED_PART = {
    "rat": N_("Slap-A-Roonie! The dice say: Rat on the red die: {caller} chooses the hand; "
              "starting from the {part}."),
    "right": N_("Slap-A-Roonie! The dice say: slap with the right hand; starting from the "
                "{part}."),
    "left": N_("Slap-A-Roonie! The dice say: slap with the left hand; starting from the "
               "{part}."),
    "either": N_("Slap-A-Roonie! The dice say: slap with either hand; starting from the "
                 "{part}."),
}
"""The dice rolled, by the red die, when the wood die names a body part ({part})."""

ROLLED_RAT = {
    "rat": N_("Slap-A-Roonie! The dice say: Rat on the red die: {caller} chooses the hand; "
              "Rat on the wood die: {caller} chooses where the slap starts from."),
    "right": N_("Slap-A-Roonie! The dice say: slap with the right hand; Rat on the wood die: "
                "{caller} chooses where the slap starts from."),
    "left": N_("Slap-A-Roonie! The dice say: slap with the left hand; Rat on the wood die: "
               "{caller} chooses where the slap starts from."),
    "either": N_("Slap-A-Roonie! The dice say: slap with either hand; Rat on the wood die: "
                 "{caller} chooses where the slap starts from."),
}
"""The dice rolled, by the red die, when the wood die shows a Rat."""

HAND_CALLED = {
    "right": N_("{who} calls the Rat: the next slap must use the right hand."),
    "left": N_("{who} calls the Rat: the next slap must use the left hand."),
    "either": N_("{who} calls the Rat: the next slap must use either hand."),
}
"""A Rat on the red die called, by the hand chosen."""

PLAIN_SLAP = {
    "right": {
        "": N_("the red die says right hand: slap with the right hand"),
        KEYS: N_("the red die says right hand: slap with your right-hand key"),
        # i18n: "Right" is the seat's slap button for the right hand.
        TOUCH: N_("the red die says right hand: slap with your Right button"),
        # i18n: "Right" is the phone's slap button for the right hand.
        PHONE: N_("the red die says right hand: slap with the Right button on your phone"),
    },
    "left": {
        "": N_("the red die says left hand: slap with the left hand"),
        KEYS: N_("the red die says left hand: slap with your left-hand key"),
        # i18n: "Left" is the seat's slap button for the left hand.
        TOUCH: N_("the red die says left hand: slap with your Left button"),
        # i18n: "Left" is the phone's slap button for the left hand.
        PHONE: N_("the red die says left hand: slap with the Left button on your phone"),
    },
}
"""Why a slap that names no hand is wrong while the red die asks for one (by the hand it
asks for), as the slapper plays."""



@dataclass(slots=True, eq=False)
class DiceRolled(Event):
    """Slap-A-Roonie: the red die (``right``, ``left``, ``either`` or ``rat``) and the wood die
    (a body part, or ``rat``) for the next slap. ``caller``: who chooses for a Rat (the player
    who last played)."""

    kind: ClassVar[str] = "dice"
    red: str
    wood: str
    caller: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        caller = seat_name(self.caller, names)
        if self.wood == "rat":
            return t(ROLLED_RAT[self.red], caller=caller)
        return t(ROLLED_PART[self.red], caller=caller, part=part_name(self.wood))


@dataclass(slots=True, eq=False)
class DiceCalled(Event):
    """For a Rat, ``seat`` (who last played) chose ``what`` (``hand`` or ``part``)."""

    kind: ClassVar[str] = "dice-called"
    seat: int
    what: str
    value: str

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        if self.what == "hand":
            return t(HAND_CALLED[self.value], who=who)
        # i18n: {part} is a body part (ear, neck, knee...).
        return t("{who} calls the Rat: the next slap must start from the {part}.", who=who,
                 part=part_name(self.value))


@dataclass(slots=True, eq=False)
class BlackDie(Event):
    """``seat`` flipped a joker and holds the black die: free of the dice rules."""

    kind: ClassVar[str] = "black-die"
    seat: int
    card: Card
    previous: int = -1

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        if self.previous >= 0 and self.previous != self.seat:
            return t("{who} flips a joker and takes the black die from {previous}: {who} may "
                     "slap any way they like until someone else flips a joker.", who=who,
                     previous=seat_name(self.previous, names))
        return t("{who} flips a joker and takes the black die: {who} may slap any way they "
                 "like until someone else flips a joker.", who=who)


@dataclass(slots=True)
class Dice:
    """The dice on the table. ``hand`` and ``part`` are what the next slap must obey (after any
    Rat call; "" while a Rat is still being called)."""

    red: str = ""
    wood: str = ""
    hand: str = "either"
    part: str = ""
    caller: int = -1
    holder: int = -1
    """Who holds the black die (-1: nobody yet)."""
    rolls: int = 0


def dice_of(game: VariantTable) -> Dice | None:
    """The dice of a Slap Like an Egyptian game (None for other variants)."""
    state = game.state
    return state if isinstance(state, Dice) else None


def _dice(game: VariantTable) -> Dice:
    return game.state_as(Dice)


def roll(game: VariantTable, caller: int) -> None:
    """Roll the red and wood dice for the next slap; ``caller`` chooses for a Rat."""
    dice = _dice(game)
    rng = game.table_rng
    dice.red = RED_FACES[rng.below(len(RED_FACES))]
    dice.wood = WOOD_FACES[rng.below(len(WOOD_FACES))]
    dice.caller = caller
    dice.rolls += 1
    dice.hand = "" if dice.red == "rat" else dice.red
    dice.part = "" if dice.wood == "rat" else dice.wood
    game.emit(DiceRolled(game.t, dice.red, dice.wood, caller))
    _ask_rats(game)


RAT_CALLS = (
    ("hand", msg("Rat on the red die! Which hand must the next slap use?"), HANDS, "either",
     tuple(msg(HAND_NAMES[h]) for h in HANDS)),
    ("part", msg("Rat on the wood die! Where must the next slap start from?"), BODY_PARTS,
     "ear", tuple(msg(PART_NAMES[p]) for p in BODY_PARTS)),
)
"""What a Rat asks the caller, red die first: the Dice field it sets, the prompt, the choices,
the default and how each choice is said."""


def _ask_rats(game: VariantTable) -> None:
    dice = _dice(game)
    for what, prompt, options, default, labels in RAT_CALLS:
        if not getattr(dice, what):
            game.ask(Decision(
                seat=dice.caller,
                prompt=prompt,
                options=options,
                labels=labels,
                default=default,
                resolve=functools.partial(_call, what),
            ))
            return


def _call(what: str, game: VariantTable, choice: str) -> None:
    dice = _dice(game)
    setattr(dice, what, choice)
    game.emit(DiceCalled(game.t, dice.caller, what, choice))
    _ask_rats(game)


def required_hand(game: VariantTable, seat: int) -> str:
    """The hand ``seat`` must slap with now: right, left, or "" (any: no dice rule, either
    hand, or ``seat`` holds the black die)."""
    dice = dice_of(game)
    if dice is None or seat == dice.holder or not game.rules.flag("slap_a_roonie"):
        return ""
    return dice.hand if dice.hand in ("right", "left") else ""


# -- the hooks -----------------------------------------------------------------------------


def _start(game: VariantTable) -> None:
    game.state = Dice()
    if game.rules.flag("slap_a_roonie"):
        roll(game, game.dealer)


def _card(game: VariantTable, seat: int, card: Card) -> None:
    if card.is_joker:
        dice = _dice(game)
        previous, dice.holder = dice.holder, seat
        game.emit(BlackDie(game.t, seat, card, previous))


def _judge(game: VariantTable, seat: int, hand: str) -> Reason:
    need = required_hand(game, seat)
    if not need or hand == need:
        return NO_REASON
    if not hand:
        return wording(PLAIN_SLAP[need])
    if need == "right":
        if hand == "left":
            return msg("the red die says right hand, not left")
        # i18n: {hand} is the hand a slap named, as it came (not left).
        return msg("the red die says right hand, not {hand}", hand=hand)
    if hand == "right":
        return msg("the red die says left hand, not right")
    # i18n: {hand} is the hand a slap named, as it came (not right).
    return msg("the red die says left hand, not {hand}", hand=hand)


def _take(game: VariantTable, seat: int, how: str) -> None:
    if how == "slap" and game.rules.flag("slap_a_roonie"):
        roll(game, game.pile.top_seat if game.pile.top_seat >= 0 else game.dealer)


def _bot_hand(game: VariantTable, seat: int, u: float) -> str:
    """Bots obey the dice; left free, most people slap with the right hand."""
    return required_hand(game, seat) or ("right" if u < 0.75 else "left")


REACH_MS = 220.0
"""Extra mean time a bot takes to slap starting from a body part (the wood die)."""
HAND_MS = 90.0
"""Extra mean time a bot takes to make sure of the hand the red die asks for."""


def _bot_delay(game: VariantTable, seat: int) -> float:
    dice = dice_of(game)
    if dice is None or not game.rules.flag("slap_a_roonie") or seat == dice.holder:
        return 0.0
    return REACH_MS + (HAND_MS if required_hand(game, seat) else 0.0)


def _defaults(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """One deck for 2 to 4 players, two for 5 or more; each deck comes with its 2 jokers."""
    default = 1 if players <= 4 else 2
    try:
        decks = int(options.get("decks", default))
    except (TypeError, ValueError):
        decks = default  # the options' own check reports the bad value
    return {"decks": default, "jokers": 2 * max(decks, 0)}


SLAP_LIKE_AN_EGYPTIAN = register(Variant(
    name="slap-like-an-egyptian",
    order=40,
    title=N_("Slap Like an Egyptian"),
    summary=N_("The boxed game: jokers in the deck; slap doubles, sandwiches and runs; after "
               "every winning slap the dice say which hand (and from where) the next slap must "
               "come, and whoever flips a joker holds the black die and may ignore them."),
    aliases=("front-porch", "slae"),
    lesson="slae.lesson.toml",
    rules=Rules(
        slaps=("double", "sandwich", "run"),
        penalty_count=3,
        cardless_penalty="barred",
        next_leader="failed",
    ),
    player_defaults=_defaults,
    options=("slap_a_roonie", "next_leader", "decks", "jokers", "slaps"),
    own_options=(
        OptionSpec("slap_a_roonie", N_("Slap-A-Roonie: after every slap that wins a pile the "
                                       "red and wood dice say which hand, and from where, the "
                                       "next slap must come."),
                   default=True),
    ),
    on_start=_start,
    on_card=_card,
    judge_slap=_judge,
    on_take=_take,
    bot_hand=_bot_hand,
    bot_slap_delay=_bot_delay,
))
