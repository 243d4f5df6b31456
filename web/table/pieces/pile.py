"""The pile in the centre, its note and the challenge line under it.

The pile's top cards are fanned out; only they come and go (a card flies in from the seat that
played it, a pile taken flies to the winner's seat, a wrong slap's cards fly from the slapper
under the pile, or onto it as dead cards). Motion never holds the game back: the next batch of
events finishes whatever still flies at once. Stable hooks for tests: the pile has
``data-pile`` and ``data-cards``; the cards that made a winning slap, ``data-pattern``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ratscrew.core.engine import COVERED, DEAD, PENALTY, Game
from ratscrew.core.events import Event, PileTaken, WrongSlap
from ratscrew.i18n import t, tn
from web.model.card_face import pile_top
from web.model.session import Session
from web.table.flight import SWEEP_MS, fly_from, fly_to, land, offset
from web.table.piece import Dom, Piece, table_line

SHOWN = 6
"""How many of the pile's top cards are fanned out (a hoagie needs four)."""
PATTERN_MS = 650
"""How long (real ms at 1x: times the animation factor ``--anim``) the cards that made a
winning slap stay highlighted on the pile before the pile flies to the winner (style.css:
``.pile .card.leaving[data-pattern]``)."""
PATTERN_DELAY = f"calc({PATTERN_MS}ms * var(--anim))"
TUCK_MS = 900
"""How long (real ms) a card burned under the pile is drawn while it flies there (its
animation: table.css's ``tuck``, 420 ms and a delay of up to 120 ms, times ``--anim``, at most
1.6)."""
TUCKED_SHOWN = 3
"""At most so many of a wrong slap's burned cards fly (a penalty of 5 shows 3)."""


def passing(node: Any) -> bool:
    """A card of the pile that is only passing: a pile taken flying away, a burned card on its
    way under."""
    return bool(node.classList.contains("leaving") or node.classList.contains("tucking"))


class Pile(Piece):
    """The pile (``#pile``), its note (``#pile-note``) and the challenge line (``#challenge``).
    Cards fly from and to the seats: ``seat_root`` gives a seat's element, to measure."""

    def __init__(
        self,
        dom: Dom,
        session: Session,
        seat_root: Callable[[int], Any],
        later: Callable[[Callable[[], None], int], None],
    ) -> None:
        self.dom = dom
        self.game: Game = session.game
        self._seat_root = seat_root
        self._later = later
        self.pile = self.dom.by_id("pile")
        self.note = self.dom.by_id("pile-note")
        self.challenge = self.dom.by_id("challenge")
        self._shown = 0
        """How many cards the pile shows (none while a pile taken flies away)."""
        self._label_shown = ""
        self._won: PileTaken | None = None
        """The pile taken in the batch of events not yet drawn."""
        self._wrong: list[WrongSlap] = []
        """The wrong slaps that cost cards in that batch."""
        self._fresh = False
        """Whether that batch has any event (it finishes what still flies)."""

    def build(self) -> None:
        self.dom.clear(self.pile)
        self.pile.setAttribute("role", "group")

    def on_events(self, events: Sequence[Event]) -> None:
        self._fresh = self._fresh or bool(events)
        for event in events:
            if isinstance(event, PileTaken):
                self._won = event
            elif isinstance(event, WrongSlap) and event.burned:
                self._wrong.append(event)

    def update(self) -> None:
        won, self._won = self._won, None
        wrong, self._wrong = self._wrong, []
        if self._fresh:
            self._fresh = False
            self.finish()
        game = self.game
        pile = self.pile
        total = len(game.pile)
        pile.dataset.cards = str(total)
        if won is not None and self._shown:
            self._sweep(won)
        dead_from = next((w.seat for w in reversed(wrong) if w.place != "bottom"), -1)
        # Burned cards only ever go under the pile, so a card's key is its place among the
        # cards above them: it does not move when another card is burned.
        penalty = sum(1 for k in game.pile.kinds if k == PENALTY)
        shown = [(str(i - penalty), i, card, kind) for i, card, kind in pile_top(game, SHOWN)]
        slots = {key: slot for slot, (key, _, _, _) in enumerate(shown)}
        staying = [node for node in pile.children if not passing(node)]
        for node in staying:
            if node.dataset.key not in slots:
                pile.removeChild(node)
        present = {node.dataset.key for node in staying}
        for key, i, card, kind in shown:
            if key in present:
                continue
            node = self.dom.card(card, kind)
            node.dataset.key = key
            node.style.setProperty("--tilt", f"{((i * 37) % 11) - 5}deg")
            if kind == DEAD and dead_from >= 0:  # a wrong slap's cards, on top
                fly_from(node, *self._offset(dead_from))
            elif i == total - 1 and game.pile.top_seat >= 0:
                fly_from(node, *self._offset(game.pile.top_seat))
            pile.appendChild(node)
        pile.style.setProperty("--count", str(len(shown)))
        for node in pile.children:
            if not passing(node):
                node.style.setProperty("--slot", str(slots[node.dataset.key]))
        for slap in wrong:
            if slap.place == "bottom":
                self._tuck(slap.seat, len(slap.burned))
        self._shown = len(shown)
        self.note.textContent = pile_note(game)
        label = pile_label(game)
        if label != self._label_shown:
            pile.setAttribute("aria-label", label)
            self._label_shown = label
        self.challenge.textContent = challenge_line(game)

    def _anim(self) -> float:
        """The animation factor the page uses now (``--anim``: speed, reduced motion)."""
        try:
            value = self.dom.css_value(self.pile.ownerDocument.body, "--anim")
            return max(0.0, float(value.strip() or "1"))
        except (ValueError, TypeError):
            return 1.0

    def _offset(self, seat: int) -> tuple[float, float]:
        """How far (px) the middle of ``seat`` is from the middle of the pile."""
        return offset(self._seat_root(seat), self.pile)

    def finish(self) -> None:
        """Whatever still flies is where it was going: a pile taken is gone, a burned card is
        under the pile, a card played lies on it."""
        land(self.pile, passing)
        self.pile.classList.remove("pattern-shown")

    def _tuck(self, seat: int, count: int) -> None:
        """A wrong slap's ``count`` cards fly face down from ``seat`` under the pile."""
        pile = self.pile
        x, y = self._offset(seat)
        nodes = []
        for n in range(min(count, TUCKED_SHOWN)):
            node = self.dom.el("div", "card covered tucking", aria_hidden="true")
            fly_from(node, x, y)
            node.style.setProperty("animation-delay", f"calc({n * 60}ms * var(--anim))")
            pile.insertBefore(node, pile.firstChild)  # under every card shown
            nodes.append(node)

        def drop() -> None:
            for node in nodes:
                if node.parentNode == pile:
                    pile.removeChild(node)

        self._later(drop, TUCK_MS)

    def _sweep(self, won: PileTaken) -> None:
        """The pile's cards fly to the winner's seat. A pile won by a slap first shows why:
        the cards that made the pattern carry ``data-pattern`` (the rule's name) and the whole
        pile waits :data:`PATTERN_MS` (times the animation factor) before it flies."""
        x, y = self._offset(won.seat)
        pile = self.pile
        nodes = list(pile.children)
        shown = mark_pattern(won, nodes)
        for node in nodes:
            fly_to(node, x, y)
            if shown:
                node.style.setProperty("transition-delay", PATTERN_DELAY)
        pile.classList.toggle("pattern-shown", shown)

        def drop() -> None:
            for node in nodes:
                if node.parentNode == pile:
                    pile.removeChild(node)
            if shown:
                pile.classList.remove("pattern-shown")

        wait = SWEEP_MS + (math.ceil(PATTERN_MS * self._anim()) if shown else 0)
        self._later(drop, wait)
        self._shown = 0


def mark_pattern(won: PileTaken, nodes: Sequence[Any]) -> bool:
    """Mark the shown cards that made a winning slap (``won.cards``, matched by code, the
    top-most first: two decks may hold the same card twice). Whether any was marked."""
    if won.how != "slap" or not won.cards or not won.rule:
        return False
    free = [node for node in reversed(nodes) if not passing(node)]
    marked = False
    for card in won.cards:
        for node in free:
            if str(node.dataset.code) == card.code:
                node.dataset.pattern = won.rule
                free.remove(node)
                marked = True
                break
    return marked


def pile_note(game: Game) -> str:
    """The line under the pile: its count, the cards burned under it, and in a game counted
    in tricks (Beggar-My-Neighbour), the trick."""
    total = len(game.pile)
    penalty = sum(1 for k in game.pile.kinds if k == PENALTY)
    notes = []
    if total:
        notes.append(tn("{n} card in the pile", "{n} cards in the pile", total, n=total))
    if penalty:
        # i18n: Cards burned (a wrong slap's penalty) under the pile, face down.
        notes.append(tn("{n} burned underneath", "{n} burned underneath", penalty, n=penalty))
    if not notes:
        notes.append(t("The pile is empty"))
    if not game.slapping:
        # (Written without grouping, as the end screen's counts: "trick 1234".)
        tricks = game.tricks
        # i18n: A trick of Beggar-My-Neighbour: the one under way, then how many were played.
        notes.append(t("trick {n}", n=str(tricks + 1)) if game.outcome is None
                     else tn("{n} trick", "{n} tricks", tricks, n=str(tricks)))
    return " · ".join(notes)


def pile_label(game: Game) -> str:
    """What the pile says to assistive tech (it is a group): its count and top card."""
    total = len(game.pile)
    if not total:
        return t("The pile: empty")
    if game.pile.kinds[-1] == COVERED:
        return tn("The pile: {n} card, a covered card on top",
                  "The pile: {n} cards, a covered card on top", total, n=total)
    # i18n: {top} is the top card's name (Queen of Hearts).
    return tn("The pile: {n} card, {top} on top", "The pile: {n} cards, {top} on top", total,
              n=total, top=game.pile[-1].name)


def challenge_line(game: Game) -> str:
    """The challenge under way (a face card's chances), a pile won and not yet collected, or
    the last chances of a play-on; "" otherwise."""
    if game.outcome is not None:
        return ""
    if game.challenge.claimant >= 0:
        return t("{who} won the pile", who=game.name(game.challenge.claimant))
    if game.challenge.challenger >= 0 and game.challenge.card is not None:
        return table_line(game.variant.name, "challenge", game.challenge.chances,
                          card=game.challenge.card.name, who=game.name(game.turn))
    if game.play_on >= 0:
        left = game.play_on_left
        return (tn("Last chance: {n} more flip", "Last chance: {n} more flips", left, n=left)
                if left else t("Play on until a face card"))
    return ""

