"""What the table says of each batch of events: the headline on top (``#explain``), the notes
at the seats that acted, and the live region for screen readers (``#announce``).

What is said, and for how long, is :mod:`web.model.headline`'s to decide; this piece shows it
when it is due. Stable hooks for tests: the headline has ``data-kind`` and ``data-since`` (the
``performance.now()`` at which its line was shown).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from web.model.card_text import with_names, with_symbols
from web.model.headline import Announcer, Headline, Line, Note, seat_notes
from web.model.session import Session
from web.table.piece import Dom, Piece
from web.table.pieces.seats import projector_display


def _text_height(node: Any) -> float:
    """The height of ``node``'s text (its lines, not its box)."""
    text = node.ownerDocument.createRange()
    text.selectNodeContents(node)
    return float(text.getBoundingClientRect().height)


class HeadlineView(Piece):
    """The headline, the seats' notes (drawn by ``show_note``: the seats') and the live
    region. A line or a summary that must wait for its turn waits for a tick."""

    def __init__(self, dom: Dom, session: Session, show_note: Callable[[Note], None]) -> None:
        self.dom = dom
        self.session = session
        self.game: Game = session.game
        self._show_note = show_note
        self.line = self.dom.by_id("explain")
        self.announce = self.dom.by_id("announce")
        self.headline = Headline()
        self.announcer = Announcer(frozenset(session.humans))

    def build(self) -> None:
        line = self.line
        line.textContent = ""
        line.classList.remove("fresh")
        line.removeAttribute("data-kind")
        line.removeAttribute("data-since")
        self.announce.textContent = ""

    def on_events(self, events: Sequence[Event]) -> None:
        self.tell(events)

    def tell(self, events: Sequence[Event]) -> None:
        """A batch of events to the headline (its notable line), the seats (their notes) and
        the live region."""
        now = self.dom.now()
        names = self.game.names or None
        speed = self.session.speed
        controls = self.session.controls()
        self._show_line(self.headline.offer(events, names, now, speed, controls))
        for note in seat_notes(events, self.session.humans, controls):
            self._show_note(note)
        self._say(self.announcer.offer(events, names, now, speed, controls))

    def ticking(self) -> bool:
        return self.headline.waiting() or self.announcer.waiting()

    def tick(self) -> None:
        now = self.dom.now()
        self._show_line(self.headline.tick(now, self.session.speed))
        self._say(self.announcer.tick(now))

    def _show_line(self, line: Line | None) -> None:
        if line is None:
            return
        node = self.line
        node.dataset.kind = line.kind
        node.dataset.since = f"{line.since:.3f}"  # the page's clock: tests time the holds
        node.textContent = with_symbols(line.text)
        node.classList.remove("fresh", "long")
        _ = node.offsetWidth  # restart the animation
        node.classList.add("fresh")
        if (projector_display(self.dom, node)
                and _text_height(node) > 1.4 * self.dom.font_px(node)):
            # Over a line on the projector display: the plain display's size, in its two
            # lines' room (table.css), so that the table keeps its place.
            node.classList.add("long")

    def _say(self, text: str | None) -> None:
        if text:
            self.announce.textContent = with_names(text)
