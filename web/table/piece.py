"""The lifecycle every piece of the table shares.

:class:`web.table.view.TableView` is made of pieces: its own (the log, the seats, the pile, the
decision panel, the headline) and the variant's parts (:class:`web.table.part.TablePart`). Both
kinds live the same way: built once, told of each batch of events before anything is redrawn,
updated after, ticked while a countdown of theirs is on show, and destroyed with the table.
So the table hands every batch to one list of pieces, in one order.

The core's pieces are not parts: a part is a variant's, registered for it, made from a
:class:`~web.table.part.PartContext`, and it carries what only parts have (its boxes, its
notable events, marks and notes for the seats, a person's own actions of the variant). A
:class:`Piece` has the lifecycle alone, with the same names and signatures, and gets whatever
else it needs (a seat's element, a callback) in its constructor.

Browser-free: the pieces themselves draw with :mod:`web.table.cards_view`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratscrew.core.events import Event


class Piece:
    """A piece of the table's core: the lifecycle of a :class:`~web.table.part.TablePart`,
    every step doing nothing unless the piece needs it."""

    def build(self) -> None:
        """Make this piece's elements (once per table)."""

    def on_events(self, events: Sequence[Event]) -> None:
        """A batch of events has happened (not yet drawn)."""

    def update(self) -> None:
        """Redraw after a batch of events (and once after :meth:`build`)."""

    def ticking(self) -> bool:
        """Whether something of this piece waits for a tick (a countdown, a line's turn)."""
        return False

    def tick(self) -> None:
        """Redraw what changes with time alone."""

    def destroy(self) -> None:
        """The table is left: forget timers (the table destroys the proxies)."""
