"""The log's entries as markup, made once per event of a game's record.

Browser-free (no ``js``), so it is tested in CPython. The log shows thousands of entries, and
going back in a game redraws them all: each entry's markup is made once, kept, and the page
inserts a whole batch with one call. Every text in it is escaped (a player's name is always
text, never markup).

An entry is ``<li class="log-KIND [notable|face]" data-step="N" tabindex="-1">`` with the
event's time in ``<span class="log-time">`` and its sentence; ``data-step`` is the moment it
takes the table back to (the number of the record's actions after which it had happened).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ratscrew.core.events import Controls, Event, Flipped
from ratscrew.i18n import current
from web.model.card_text import with_symbols

LOG_LIMIT = 5000
"""Entries kept in the log: a long game has thousands; the oldest go first past this."""
FUTURE_LIMIT = 1000
"""Entries of the record still to come shown in the log at a past moment (the nearest)."""


def clock(ms: int) -> str:
    """A game time as the log shows it: minutes, seconds and tenths ("2:05.3"; the tenths
    after the decimal sign of the language in use)."""
    t = ms / 1000
    seconds = f"{t % 60:04.1f}".replace(".", current().formats.decimal)
    return f"{int(t // 60)}:{seconds}"


class LogLines:
    """The markup of each event's log entry, made on first use and kept (until :meth:`cut`).

    ``notable``: the kinds of event the log marks out (the core's and the variant parts').
    """

    def __init__(self, names: Sequence[str], notable: tuple[type[Event], ...],
                 controls: Controls | None = None) -> None:
        self._names = tuple(names) or None
        self._notable = notable
        self.controls = controls
        """How each seat plays (the words for a key or a button), as the table had it when
        an entry was made."""
        self._made: list[str] = []

    def entry(self, event: Event, step: int) -> str:
        """One entry's markup."""
        kind = f"log-{event.kind}"
        if isinstance(event, self._notable):
            kind += " notable"
        elif isinstance(event, Flipped) and event.target >= 0:
            kind += " face"
        text = escape(with_symbols(event.explain(self._names, self.controls)), quote=False)
        return (f'<li class="{escape(kind)}" data-step="{step}" tabindex="-1">'
                f'<span class="log-time">{clock(event.t)}</span>{text}</li>')

    def entries(self, events: Sequence[Event], steps: Sequence[int], start: int,
                stop: int) -> str:
        """The entries of ``events[start:stop]``, newest first (as the log lists them)."""
        made = self._made
        for i in range(len(made), stop):
            made.append(self.entry(events[i], steps[i]))
        return "".join(reversed(made[start:stop]))

    def cut(self, count: int) -> None:
        """Forget the entries from the ``count``-th event on (the record was cut there)."""
        del self._made[count:]
