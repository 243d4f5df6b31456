"""Drawing the table in the DOM: the pieces every variant shares, and the variant's parts.

The table is a list of pieces with one lifecycle (:mod:`web.table.piece`), the core's in
:mod:`web.table.pieces`: the log (:mod:`~web.table.pieces.log_view`), the seats
(:mod:`~web.table.pieces.seats`), the pile and the challenge line
(:mod:`~web.table.pieces.pile`), the panel of a person's decision
(:mod:`~web.table.pieces.decision`), the variant's parts (:mod:`web.table.part`, found in
``web/table/parts/``), the headline with the seats' notes and the live region
(:mod:`~web.table.pieces.headline_view`) and the winner's moment
(:mod:`~web.table.pieces.finale`). Nothing here names a variant, and no piece reaches
into another: what one needs of another (a seat's element, the parts' marks, a note to show at
a seat) it is handed as a callback.

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text. Elements are made once and updated in place; only the pile's
cards come and go. The pieces and the parts draw with :data:`DOM`, :mod:`web.dom`'s helpers and
:mod:`web.table.cards_view`'s cards, which the table hands each (why: :mod:`web.dom`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyodide.ffi import create_proxy

from ratscrew.core.engine import Game
from ratscrew.core.events import ChallengeWon, Event, GameOver, PileTaken, PlayOn, WrongSlap
from web.dom import (
    by_id,
    clear,
    css_value,
    el,
    font_px,
    later,
    media,
    now,
    scroll_into_view,
    text_node,
)
from web.model.feedback import Sound
from web.model.log_lines import LogLines
from web.model.session import Session
from web.table.cards_view import card_element
from web.table.part import BEFORE_PILE, BESIDE_PILE, Box, PartContext, TablePart, parts_for
from web.table.piece import Dom, Piece
from web.table.pieces.decision import DecisionPanel
from web.table.pieces.finale import Finale
from web.table.pieces.headline_view import HeadlineView
from web.table.pieces.log_view import LogView
from web.table.pieces.pile import Pile
from web.table.pieces.seats import Marks, Seats, projector_display
from web.table.pieces.sounds import Sounds

DOM = Dom(el=el, by_id=by_id, clear=clear, text_node=text_node, card=card_element, now=now,
          media=media, css_value=css_value, font_px=font_px, scroll_into_view=scroll_into_view)
"""The drawing tools the table hands its pieces and its parts (:mod:`web.dom`)."""

NOTABLE: tuple[type[Event], ...] = (PileTaken, WrongSlap, ChallengeWon, GameOver, PlayOn)
"""Events the log marks as notable (each part of the table adds its own)."""


class TableView:
    """The table for one session: seats around the pile, the headline, the log, a person's
    decision, and the variant's own parts (:mod:`web.table.part`)."""

    def __init__(
        self,
        session: Session,
        keys: Callable[[int], dict[str, str]],
        on_touch: Callable[[int, str], None],
        on_choose: Callable[[int, str], None] | None = None,
        act: Callable[[int, str, str], None] | None = None,
        lines: LogLines | None = None,
        sound: Callable[[Sequence[tuple[str, Sound]]], None] | None = None,
    ) -> None:
        self.session = session
        self.game: Game = session.game
        # How people here play (keys, or a touch screen's buttons): what the sentences name.
        session.touch = media("(pointer: coarse)")
        self.felt = by_id("felt")
        self._proxies: list[Any] = []
        context = PartContext(session, self.seat_root, later, self._proxies, DOM, act,
                              create_proxy)
        self.parts = self._make_parts(context)
        notable = NOTABLE + tuple(kind for part in self.parts for kind in part.notable)
        self.lines = lines or LogLines(self.game.names, notable)
        """Every log entry's markup, kept for the whole game (the table is redrawn with the
        same ones after a step back)."""
        self.log = LogView(DOM, session, self.lines)
        self.seats = Seats(DOM, session, keys, on_touch, context.proxy, later, self._marks,
                           self._no_cards_note)
        self.pile = Pile(DOM, session, self.seat_root, later)
        self.decision = DecisionPanel(DOM, session, keys, on_choose, context.proxy, self.seat_root)
        self.headline = HeadlineView(DOM, session, self.seats.show_note)
        sounds = [Sounds(session, sound)] if sound is not None else []
        self.finale = Finale(DOM, self.game, self.seat_root, later)
        # Every step goes to the pieces in this order. Of a batch of events, the log writes
        # its entries, the pile and the parts note what they will draw, the headline says
        # what happened (its line, the seats' notes, the live region) and the sounds are
        # heard. Then the redraw: the seats first, so that the pile measures where they are
        # now (a card flies from a seat, a pile taken to one), the decision panel (it marks
        # its seat), the parts last (their marks on the seats are drawn by the seats, from
        # the game). The winner's moment comes last: it plays only when asked (:meth:`crown`).
        self.pieces: list[Piece] = [
            self.log, self.seats, self.pile, self.decision, *self.parts, self.headline, *sounds,
            self.finale]
        self.felt.dataset.players = str(self.game.n)
        self.felt.dataset.variant = session.variant.name
        for piece in self.pieces:
            piece.build()
        self.relayout()
        # The deal's notable event (the deal itself, or a Rat asked on the first roll), or at a
        # moment reached by stepping, what its last action did: the headline's alone (the pile
        # does not fly again, the parts do not play it again).
        self.headline.tell(self.last_events())
        self.update([])

    def relayout(self) -> None:
        """The display changed (the projector display on or off): the seats and the pause
        banner take their places for it. On the projector display the banner is at the top of
        the rail, where the stepping is, and leaves the centre's height to the pile."""
        projector = projector_display(DOM, self.felt)
        self.seats.place(projector)
        banner = by_id("paused-banner")
        home = by_id("rail-body") if projector else self.felt.querySelector(".centre-area")
        if banner.parentNode == home:
            return
        if projector:
            home.insertBefore(banner, home.firstChild)  # over the panels and the log
        else:
            home.appendChild(banner)  # under the centre's lines

    @property
    def seat_nodes(self) -> list[dict[str, Any]]:
        """Each seat's elements (:attr:`Seats.nodes <web.table.pieces.seats.Seats.nodes>`)."""
        return self.seats.nodes

    def last_events(self) -> list[Event]:
        """The events of the record's last action shown (the deal's, at the deal)."""
        session = self.session
        shown = len(self.game.events)
        steps = session.event_steps
        last = steps[shown - 1] if shown else 0
        first = shown
        while first > 0 and steps[first - 1] == last:
            first -= 1
        return list(session.all_events[first:shown])

    def _make_parts(self, context: PartContext) -> list[TablePart]:
        """The variant's own parts of the table, their boxes made (the boxes of an earlier
        table's parts taken away; an early box drawn before Python replaced in its place);
        each is built with the other pieces."""
        document = self.felt.ownerDocument
        for node in document.querySelectorAll("[data-part-box]:not([data-part-box=early])"):
            node.remove()
        parts = [cls(context) for cls in parts_for(self.session.variant.name)]
        pile = by_id("pile")
        beside_pile = pile
        for box in (box for part in parts for box in part.boxes):
            node = self._box(box)
            early = document.querySelector(f"[data-part-box=early]#{box.id}")
            if early:
                early.replaceWith(node)
                if box.slot == BESIDE_PILE:
                    beside_pile = node
            elif box.slot == BEFORE_PILE:
                pile.before(node)
            elif box.slot == BESIDE_PILE:
                beside_pile.after(node)
                beside_pile = node
            else:
                by_id("panels").appendChild(node)
        for node in document.querySelectorAll("[data-part-box=early]"):
            node.remove()
        return parts

    @staticmethod
    def _box(box: Box) -> Any:
        """A part's box, hidden."""
        attrs = {"data_zone": box.zone} if box.zone else {}
        node = el(box.tag, box.classes, id=box.id, data_part_box="", **attrs)
        for name, value in box.said_attrs().items():
            node.setAttribute(name, value)
        node.hidden = True
        return node

    def _marks(self, seat: int) -> Marks:
        """What the parts put on a seat besides its count."""
        return tuple(mark for part in self.parts for mark in part.seat_marks(seat))

    def _no_cards_note(self, seat: int) -> str | None:
        """What a part tells a seat without cards (None: the table's own words)."""
        notes = (part.no_cards_note(seat) for part in self.parts)
        return next((note for note in notes if note is not None), None)

    def seat_root(self, seat: int) -> Any:
        """A seat's ``<section class="seat">``."""
        return self.seats.root(seat)

    def update(self, events: Sequence[Event]) -> None:
        """Draw a batch of events (none: redraw what the game shows)."""
        if events:
            for piece in self.pieces:
                piece.on_events(events)
        for piece in self.pieces:
            piece.update()
        self.decision.reveal()  # once the parts have drawn too: the page may have grown

    def needs_ticking(self) -> bool:
        """Whether a countdown is on show, or a headline line or the live region's summary
        waits for its turn (the page calls :meth:`tick` a few times a second)."""
        return any(piece.ticking() for piece in self.pieces)

    def tick(self) -> None:
        """Redraw what changes with time alone, and show what waited for its turn."""
        for piece in self.pieces:
            piece.tick()

    def note_action(self, action: str, events: Sequence[Event]) -> None:
        """A person's own action of the variant gave these events: the parts say what it did.
        The events are drawn by :meth:`update` next."""
        for part in self.parts:
            part.on_action(action, events)

    def refresh_keys(self) -> None:
        """The seats' keys (and an open decision's) as the key map has them now."""
        self.seats.refresh_keys()
        self.decision.refresh_hint()

    def choice_key(self, seat: int, action: str) -> str | None:
        """A seat's key while its decision panel is open (:meth:`DecisionPanel.choice_key
        <web.table.pieces.decision.DecisionPanel.choice_key>`)."""
        return self.decision.choice_key(seat, action)

    def crown(self, winner: int) -> int:
        """The winner's moment (:class:`~web.table.pieces.finale.Finale`): how long it lasts,
        in real ms."""
        return self.finale.play(winner)

    def redraw_log(self) -> None:
        """The whole log again (after the record was cut where play resumed)."""
        self.log.redraw()

    def show_moment(self) -> None:
        """Scroll the log to the moment shown."""
        self.log.show_moment()

    def destroy(self) -> None:
        for piece in self.pieces:
            piece.destroy()
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()
