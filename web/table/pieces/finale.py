"""The winner's moment, before the end screen: the cards still out gather to the winner's seat
(a few covered cards from the pile and from every seat that still holds cards fly there) and
the seat glows.

The moment lasts about a second at every speed of the game (:func:`moment_ms`): it is the
game's last, and nothing waits for it (web/table/end.py opens the end screen after it, or at
once at a touch of the table). Where the table's cards travel (``body[data-motion=move]``)
the gathered cards travel too; at 4x and faster (``fade``) and with the system's reduced
motion (``still``: a shorter fade, and the seat's glow without its pulse) they only fade in at
the winner's seat and out (web/table/pieces/finale.css). Its cards are drawn in a layer of
their own over the felt (``.finale``, hidden from assistive technology: the headline and the
live region say who won), gone with the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import Event, PileTaken
from web.table.piece import Dom, Piece

FROM_PILE = 5
"""At most so many cards fly from the pile."""
FROM_SEAT = 3
"""At most so many fly from each seat that still holds cards."""
MOST = 12
"""At most so many cards fly in all (eight players' leftovers would crowd the felt)."""
STAGGER_MS = {"move": 45, "fade": 35, "still": 0}
"""How long after the one before it each card sets off (web/table/pieces/finale.css: each
card's ``--delay``)."""
MOMENT_MS = {"move": 1100, "fade": 800, "still": 450}
"""How long the moment lasts (real ms), as it moves: cards that travel, fades at 4x and
faster, and the short fade of reduced motion. finale.css's animations end within it."""
PILE = -1
"""The pile, as the source of cards in :func:`gather_plan`."""


def gather_plan(hands: Sequence[int], pile: int, won: int, winner: int) -> list[tuple[int, int]]:
    """Where the gathered cards come from, as (seat, cards) pairs (:data:`PILE` for the pile):
    the pile's (what is left on it, or the pile just won, ``won`` cards), then every other seat
    that still holds cards, in order; at most :data:`MOST` in all."""
    plan: list[tuple[int, int]] = []
    left = MOST
    from_pile = min(FROM_PILE, max(pile, won))
    if from_pile:
        plan.append((PILE, from_pile))
        left -= from_pile
    for seat, count in enumerate(hands):
        if seat != winner and count and left > 0:
            n = min(FROM_SEAT, count, left)
            plan.append((seat, n))
            left -= n
    return plan


def moment_mode(motion: str, reduced: bool) -> str:
    """How the moment moves: ``still`` with the system's reduced motion, else ``fade`` where
    the table only fades (``data-motion`` on ``<body>``), else ``move``."""
    if reduced:
        return "still"
    return "fade" if motion == "fade" else "move"


def moment_ms(mode: str) -> int:
    """How long the moment lasts, in real ms, for :func:`moment_mode`'s ``mode``."""
    return MOMENT_MS[mode]


def _centre(node: Any) -> tuple[float, float]:
    rect = node.getBoundingClientRect()
    return float(rect.left + rect.width / 2), float(rect.top + rect.height / 2)


class Finale(Piece):
    """The winner's moment (:meth:`play`), over the felt. ``seat_root`` gives a seat's
    element, to measure."""

    def __init__(self, dom: Dom, game: Game, seat_root: Callable[[int], Any],
                 later: Callable[[Callable[[], None], int], None]) -> None:
        self.dom = dom
        self.game = game
        self._seat_root = seat_root
        self._later = later
        self.layer: Any = None
        self._won = 0
        """How many cards the last pile taken held (the pile won at the end, as it flies)."""

    def build(self) -> None:
        self.layer = self.dom.el("div", "finale", aria_hidden="true")
        self.dom.by_id("felt").appendChild(self.layer)

    def on_events(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, PileTaken):
                self._won = event.count

    def play(self, winner: int) -> int:
        """The moment for ``winner``: the seat glows (class ``crowned``) and the cards gather
        to it. How long it lasts, in real ms."""
        layer = self.layer
        reduced = self.dom.media("(prefers-reduced-motion: reduce)")
        mode = moment_mode(str(layer.ownerDocument.body.dataset.motion or "move"), reduced)
        root = self._seat_root(winner)
        root.classList.add("crowned")
        self.dom.clear(layer)
        layer.dataset.mode = mode
        game = self.game
        plan = gather_plan([len(hand) for hand in game.hands], len(game.pile), self._won, winner)
        if not plan:
            return moment_ms(mode)
        pile = self.dom.by_id("pile")
        stack = root.querySelector(".stack")
        target = stack if stack and stack.getBoundingClientRect().width else root
        box = layer.getBoundingClientRect()
        # The cards are the pile's size (its box is 1.1 cards high) and land at the seat's.
        card_w = max(24.0, float(pile.getBoundingClientRect().height) / 1.54)
        layer.style.setProperty("--card-w", f"{card_w:.0f}px")
        to_x, to_y = _centre(target)
        # At the seat, the cards are its stack's size (a phone's tile, without a stack on show:
        # most of its height).
        rect = target.getBoundingClientRect()
        scale = (float(rect.width) / card_w if target == stack
                 else 0.7 * float(rect.height) / (1.4 * card_w))
        layer.style.setProperty("--scale", f"{min(1.0, max(0.2, scale)):.2f}")
        n = 0
        for seat, count in plan:
            from_x, from_y = _centre(pile if seat == PILE else self._seat_root(seat))
            for _ in range(count):
                # Where the cards travel, each sets off where it is and flies to the seat;
                # where they fade, each comes and goes at the seat.
                x, y = (from_x, from_y) if mode == "move" else (to_x, to_y)
                node = self.dom.el("div", "card covered", aria_hidden="true")
                style = node.style
                style.setProperty("left", f"{x - float(box.left):.0f}px")
                style.setProperty("top", f"{y - float(box.top):.0f}px")
                style.setProperty("--dx", f"{to_x - x:.0f}px")
                style.setProperty("--dy", f"{to_y - y:.0f}px")
                style.setProperty("--tilt", f"{((n * 37) % 11) - 5}deg")
                style.setProperty("--delay", f"{n * STAGGER_MS[mode]}ms")
                layer.appendChild(node)
                n += 1
        self._later(lambda: self.dom.clear(layer), moment_ms(mode))
        return moment_ms(mode)

    def destroy(self) -> None:
        if self.layer is not None:
            self.layer.remove()
            self.layer = None
