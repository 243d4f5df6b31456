"""Slap Like an Egyptian on the table: the red and wood dice beside the pile (``#dice``) and
the black die's mark on the seat that holds it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ratscrew.core.events import BlackDie, DiceCalled, DiceRolled, Event
from ratscrew.variants.slae import dice_of
from web.table.cards_view import by_id, el
from web.table.info import DieFace, dice_faces, dice_marks
from web.table.part import TablePart, register


@register("slap-like-an-egyptian")
class Dice(TablePart):
    """The two dice of Slap-A-Roonie, rolled again (animated) at every roll; a Rat shows who is
    calling it. Hidden when the house rules turn Slap-A-Roonie off."""

    boxes = ("dice",)
    notable = (BlackDie, DiceRolled, DiceCalled)

    def build(self) -> None:
        self.box = by_id("dice")
        self.nodes: list[dict[str, Any]] = []
        self.shown: tuple[DieFace, DieFace] | None = None
        self.rolled = False
        game = self.game
        active = dice_of(game) is not None and game.rules.slap_a_roonie
        self.box.hidden = not active
        if not active:
            return
        for colour, title in (("red", "Red die"), ("wood", "Wood die")):
            wrap = el("div", "die-wrap")
            die = el("div", f"die die-{colour}", role="img", data_die=colour)
            symbol = el("span", "die-symbol")
            die.appendChild(symbol)
            label = el("p", "die-label")
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
            nodes["symbol"].textContent = face.symbol
            nodes["label"].textContent = face.label
            die.setAttribute("aria-label", f"{nodes['title']}: {face.label}")
            die.dataset.face = face.symbol
            die.classList.toggle("rat", face.rat)
            die.classList.toggle("calling", face.calling)
            die.classList.toggle("long", len(face.symbol) > 5)
            if rolled:
                die.classList.remove("rolling")
                _ = die.offsetWidth  # restart the animation
                die.classList.add("rolling")

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        return dice_marks(self.game, seat)
