"""The host as referee: people's actions applied in the order they were made, not the order
they arrived (browser-free).

A phone's slap reaches the host some milliseconds after the press (Wi-Fi: a few ms, now and
then a hundred), a key on the host's own keyboard at once. Judged by arrival, the nearest
player would win every close pile. So while phones are seated every person's action is
*held*: stamped with the host time it was made (a key: its own time; a phone: its press
translated by :class:`~web.phones.clock.PhoneClock`), and applied only once
:data:`WINDOW_MS` have passed since that moment, in the order of the stamps, with the bots'
intents fitted in between by their own times. The table runs that window behind the room;
everyone, bots included, sees every card that much later, which keeps it fair.

Two actions closer than :data:`TIE_MS` are a tie the clocks cannot settle (each phone's
offset is known to a few ms): of those, the one whose stamp needed the least correction (the
one the host knows best: a key at the host needs none, a phone the less the nearer it is) is
applied first. docs/rules.md ("Phones as seats") says the same for players.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ratscrew.core.events import Event
    from web.model.session import Session

WINDOW_MS = 80.0
"""How long an action is held for actions made earlier but still on their way."""
TIE_MS = 15.0
"""Actions closer than this are a tie (see the module's docstring)."""


@dataclass(order=True)
class Held:
    """An action waiting for its window, ordered by the moment it was made."""

    at: float
    """Host time (ms) the action was made."""
    arrived: float = field(compare=False)
    """Host time (ms) it reached the host."""
    seat: int = field(compare=False)
    action: str = field(compare=False)

    @property
    def correction(self) -> float:
        return self.arrived - self.at


Applied = Callable[[Held, "list[Event]"], None]
"""Told of each held action once applied, with the events it made."""


class Referee:
    """Holds people's actions for :data:`WINDOW_MS` and applies them, with the bots', in the
    order they were made. The table calls :meth:`offer` for each action, :meth:`advance` when
    :meth:`due_in` says, and :meth:`flush` before it pauses."""

    def __init__(self, session: Session, applied: Applied | None = None,
                 window_ms: float = WINDOW_MS, tie_ms: float = TIE_MS) -> None:
        self.session = session
        self.applied = applied
        self.window = window_ms
        self.tie = tie_ms
        self.held: list[Held] = []
        self.done_until = float("-inf")
        """The host time up to which the table has been played: an action stamped before it
        arrived too late for its window, and takes its place just after."""
        self.late = 0
        """Actions that arrived after their window had closed."""

    def offer(self, seat: int, action: str, at: float, arrived: float) -> None:
        """A person at ``seat`` did ``action`` at host time ``at``; it reached the host at
        ``arrived``. Never stamped after its arrival, nor before what is played already."""
        at = min(at, arrived)
        if at < self.done_until:
            self.late += 1
            at = self.done_until
        bisect.insort(self.held, Held(at, arrived, seat, action))

    def due_in(self, now: float) -> float | None:
        """Real ms until :meth:`advance` has something to do (None: nothing waits)."""
        bots = self.session.due_in(now - self.window)
        if not self.held or self.session.paused:
            return bots
        mine = max(0.0, self.held[0].at + self.tie + self.window - now)
        return mine if bots is None else min(mine, bots)

    def advance(self, now: float) -> list[Event]:
        """Play everything made up to ``now`` less the window: held actions in order, the
        bots' intents between them."""
        return self._play_until(now - self.window)

    def flush(self, now: float) -> list[Event]:
        """Apply every held action now (the table is about to pause or stop)."""
        return self._play_until(max([now, *(h.at + self.tie for h in self.held)]))

    def _play_until(self, horizon: float) -> list[Event]:
        session = self.session
        out: list[Event] = []
        while self.held and self.held[0].at + self.tie <= horizon:
            first = self.held[0].at
            ties = [h for h in self.held if h.at <= first + self.tie]
            chosen = min(ties, key=lambda h: (h.correction, h.at))
            self.held.remove(chosen)
            out.extend(session.advance(chosen.at))
            events = session.human(chosen.seat, chosen.action, max(chosen.at, first))
            self.done_until = max(self.done_until, chosen.at)
            if self.applied is not None:
                self.applied(chosen, events)
            out.extend(events)
        out.extend(session.advance(horizon))
        self.done_until = max(self.done_until, horizon)
        return out
