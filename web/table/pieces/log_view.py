"""The log under the table (``#log``): every action's entry, newest first.

At a past moment (stepped back to, or reviewing a finished game) the record's entries still to
come are listed above the moment shown, greyed (``future``); the entry of the moment shown has
``aria-current`` while the game stands still there. The entries' markup is
:class:`web.model.log_lines.LogLines`', kept for the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from web.model.log_lines import FUTURE_LIMIT, LOG_LIMIT, LogLines
from web.model.session import Session
from web.table.piece import Dom, Piece


class LogView(Piece):
    """The log of one table, drawn from ``lines`` (handed on to the next table after a step
    back, so that the entries are not written again)."""

    def __init__(self, dom: Dom, session: Session, lines: LogLines) -> None:
        self.dom = dom
        self.session = session
        self.game: Game = session.game
        self.lines = lines
        self.log = self.dom.by_id("log")
        self._shown = 0
        """How many of the record's events the log lists as happened."""
        self._future = 0
        """How many entries of the record still to come it lists above them (greyed)."""
        self._marked = False
        """Whether an entry is marked as the moment shown (:meth:`_mark_now`)."""

    def build(self) -> None:
        self.lines.controls = self.session.controls()
        self.redraw()

    def on_events(self, events: Sequence[Event]) -> None:
        """Add entries to the log in one go (at instant speed a frame brings dozens). At a
        past moment, stepping on turns the record's entries still to come into entries that
        happened."""
        shown = len(self.game.events)
        count = shown - self._shown
        if count <= 0:
            return
        if self._future:
            if self._future < count:
                self.redraw()
                return
            for i in range(self._future - count, self._future):
                self.log.children.item(i).classList.remove("future")
            self._future -= count
            self._shown = shown
            if not self._future and not self.session.reviewing:
                self.log.classList.remove("reviewing")
            self._mark_now()
            return
        session = self.session
        # Newest first: the latest is always in view without scrolling (reading the scroll
        # height would force a layout on every action).
        self.log.insertAdjacentHTML("afterbegin", self.lines.entries(
            session.all_events, session.event_steps, self._shown, shown))
        self._shown = shown
        if session.paused or self._marked:
            self._mark_now()
            self._marked = session.paused
        while self.log.childElementCount > LOG_LIMIT:
            self.log.removeChild(self.log.lastChild)

    def redraw(self) -> None:
        """The whole log: what has happened (newest first) and, at a past moment, the
        record's entries still to come above it, greyed (``future``)."""
        session = self.session
        shown = len(self.game.events)
        events, steps = session.all_events, session.event_steps
        ahead = min(len(events), shown + FUTURE_LIMIT) if session.reviewing else shown
        future = self.lines.entries(events, steps, shown, ahead).replace(
            '<li class="', '<li class="future ')
        self.log.innerHTML = future + self.lines.entries(events, steps,
                                                         max(0, shown - LOG_LIMIT), shown)
        self._shown = shown
        self._future = ahead - shown
        self.log.classList.toggle("reviewing", session.reviewing)
        self._mark_now()

    def _mark_now(self) -> None:
        """``aria-current`` on the entry of the moment shown (the newest that happened)
        while the game stands still there (paused, or stepped to); none while it plays."""
        old = self.log.querySelector("[aria-current]")
        if old:
            old.removeAttribute("aria-current")
        if not self.session.paused:
            return
        now = self.log.children.item(self._future) if self._shown else None
        if now:
            now.setAttribute("aria-current", "step")
            self._marked = True

    def show_moment(self) -> None:
        """Scroll the log (only the log: on a phone the page stays on the table) to the
        moment shown, in its middle; to the top (the newest) at the live end."""
        log = self.log
        now = log.querySelector("[aria-current]")
        if now and self.session.reviewing:  # style.css: the log is the entries' offsetParent
            log.scrollTop = max(0, now.offsetTop - (log.clientHeight - now.offsetHeight) / 2)
        else:
            log.scrollTop = 0
