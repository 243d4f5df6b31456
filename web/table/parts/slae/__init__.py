"""Slap Like an Egyptian on the page: the red and wood dice beside the pile (``#dice``), the
black die's mark on the seat that holds it, and the words of its house rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import Event, seat_name
from ratscrew.i18n import N_, t, tc
from ratscrew.variants.slae import BlackDie, Dice, DiceCalled, DiceRolled, dice_of, part_name
from web.model.feedback import Sound, Tone
from web.model.variant_page import VariantPage, describe
from web.table.part import BEFORE_PILE, Box, TablePart

RED_SYMBOLS = {"right": "R", "left": "L", "either": "L R", "rat": "RAT"}
"""The red die's faces as ``data-face`` names them (the wood die's are its body parts)."""

HAND_LABELS = {
    # i18n: Under Slap Like an Egyptian's red die: the hand the next slap must use.
    "right": N_("right hand"),
    "left": N_("left hand"),
    "either": N_("either hand"),
}
"""What the red die's label says of each hand (message ids)."""

HAND_CALLED = {
    # i18n: Under the red die, once a Rat was called: {caller} chose the hand.
    "right": N_("Rat: {caller} called right hand"),
    "left": N_("Rat: {caller} called left hand"),
    "either": N_("Rat: {caller} called either hand"),
}
"""The red die's label once its Rat is called, by the hand called (message ids)."""


def face_symbol(face: str) -> str:
    """What a die shows for its ``data-face``: the red die's letters, a Rat, a body part."""
    if face == "R":
        # i18n: The red die's big symbols, a few letters each: R for the right hand, L for
        # the left hand, "L R" for either hand, RAT for a Rat.
        return tc("die", "R")
    if face == "L":
        return tc("die", "L")
    if face == "L R":
        return tc("die", "L R")
    if face == "RAT":
        return tc("die", "RAT")
    return part_name(face)


@dataclass(frozen=True, slots=True)
class DieFace:
    """One die as the table shows it: its ``face`` (``data-face``: "R", "RAT", "ear"...), the
    big ``symbol`` it shows, a ``label`` under it, whether a Rat came up, and whether the Rat
    is still being called."""

    face: str
    label: str
    rat: bool = False
    calling: bool = False

    @property
    def symbol(self) -> str:
        return face_symbol(self.face)


def red_face(dice: Dice, names: Sequence[str] | None = None) -> DieFace:
    """The red die: which hand slaps (after a Rat, the hand called)."""
    if dice.red != "rat":
        hand = HAND_LABELS.get(dice.red)
        return DieFace(RED_SYMBOLS.get(dice.red, "?"), t(hand) if hand else dice.red)
    caller = seat_name(dice.caller, names)
    if not dice.hand:
        return DieFace("RAT", t("{caller} is choosing the hand…", caller=caller), True, True)
    called = HAND_CALLED.get(dice.hand)
    if called:
        return DieFace(RED_SYMBOLS.get(dice.hand, "?"), t(called, caller=caller), True)
    # i18n: Under the red die, once a Rat was called: {caller} chose the hand {hand}.
    return DieFace("?", t("Rat: {caller} called {hand}", caller=caller, hand=dice.hand), True)


def wood_face(dice: Dice, names: Sequence[str] | None = None) -> DieFace:
    """The wood die: the body part the slap starts from (after a Rat, the part called)."""
    if dice.wood != "rat":
        # i18n: Under the wood die: the body part the next slap must start from.
        return DieFace(dice.wood, t("from the {part}", part=part_name(dice.wood)))
    caller = seat_name(dice.caller, names)
    if not dice.part:
        # The hand is called first: say so while the red die's Rat is still open.
        label = (t("{caller} choosing where to start…", caller=caller) if dice.hand
                 else t("{caller} will choose where to start…", caller=caller))
        return DieFace("RAT", label, True, bool(dice.hand))
    # i18n: Under the wood die, once a Rat was called: {caller} chose the body part {part}.
    return DieFace(dice.part, t("Rat: {caller} called the {part}", caller=caller,
                                part=part_name(dice.part)), True)


def dice_faces(game: Game) -> tuple[DieFace, DieFace] | None:
    """The two dice of a Slap Like an Egyptian game once rolled (None otherwise)."""
    dice = dice_of(game)
    if dice is None or not dice.rolls:
        return None
    names = game.names or None
    return red_face(dice, names), wood_face(dice, names)


def dice_marks(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """Slap Like an Egyptian: ``black-die`` on the seat that holds it (free of the dice)."""
    dice = dice_of(game)
    if dice is not None and dice.holder == seat:
        # i18n: The mark of the seat holding the black die: it may slap with any hand.
        return (("black-die", t("black die: any hand")),)
    return ()


class DicePart(TablePart):
    """The two dice of Slap-A-Roonie, rolled again (animated) at every roll; a Rat shows who is
    calling it. Hidden when the house rules turn Slap-A-Roonie off."""

    boxes = (Box("dice", BEFORE_PILE, "dice", zone="dice", early=True),)
    notable = (BlackDie, DiceRolled, DiceCalled)

    def build(self) -> None:
        self.box = self.dom.by_id("dice")
        self.nodes: list[dict[str, Any]] = []
        self.shown: tuple[DieFace, DieFace] | None = None
        self.rolled = False
        game = self.game
        active = dice_of(game) is not None and game.rules.flag("slap_a_roonie")
        self.box.hidden = not active
        if not active:
            return
        # i18n: A die's name for a screen reader, then what it says (its label).
        says = (("red", N_("Red die: {face}")), ("wood", N_("Wood die: {face}")))
        for colour, title in says:
            wrap = self.dom.el("div", "die-wrap")
            die = self.dom.el("div", f"die die-{colour}", role="img", data_die=colour)
            symbol = self.dom.el("span", "die-symbol")
            die.appendChild(symbol)
            label = self.dom.el("p", "die-label")
            wrap.appendChild(die)
            wrap.appendChild(label)
            self.box.appendChild(wrap)
            self.nodes.append({"die": die, "symbol": symbol, "label": label, "title": title})

    def on_events(self, events: Sequence[Event]) -> None:
        if any(isinstance(event, DiceRolled) for event in events):
            self.rolled = True

    def update(self) -> None:
        rolled, self.rolled = self.rolled, False
        faces = dice_faces(self.game) if self.nodes else None
        if faces is None or (faces == self.shown and not rolled):
            return
        self.shown = faces
        for nodes, face in zip(self.nodes, faces, strict=True):
            die = nodes["die"]
            shown = face.symbol
            nodes["symbol"].textContent = shown
            nodes["label"].textContent = face.label
            die.setAttribute("aria-label", t(nodes["title"], face=face.label))
            die.dataset.face = face.face
            die.classList.toggle("rat", face.rat)
            die.classList.toggle("calling", face.calling)
            die.classList.toggle("long", len(shown) > 5)
            if rolled:
                die.classList.remove("rolling")
                _ = die.offsetWidth  # restart the animation
                die.classList.add("rolling")

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        return dice_marks(self.game, seat)


PAGE = describe(VariantPage(
    "slap-like-an-egyptian",
    parts=(DicePart,),
    labels={"slap_a_roonie": N_("Slap-A-Roonie dice")},
    ranks={"dice": 2, "dice-called": 2, "black-die": 2},
    sounds={
        # The dice rolled: a rattle, and their landing.
        "dice": Sound((Tone("noise", 3200, 40, 0.35), Tone("noise", 2800, 40, 0.3, at=70),
                       Tone("noise", 3400, 40, 0.3, at=130), Tone("sine", 220, 90, 0.3, at=190),
                       Tone("triangle", 440, 90, 0.2, at=190))),
        # The black die changes hands: one heavy knock.
        "black-die": Sound((Tone("sine", 110, 160, 0.45, to_hz=70),
                            Tone("triangle", 440, 140, 0.35, to_hz=280),
                            Tone("noise", 700, 60, 0.45))),
    },
))
