"""The table's real timers: one for the bots' next move (or the phones' referee's next held
action), a frame at a time at instant speed, and the short ticker that redraws the countdowns
on show. They play the game on the table (:class:`~web.table.play.Play`), which they see as a
:class:`TimedTable`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from pyodide.ffi import create_once_callable
from pyscript import window

from web.dom import later, now

if TYPE_CHECKING:
    from web.model.session import Session
    from web.phones.referee import Referee

TICK_MS = 200
"""How often a countdown on show is redrawn."""
INSTANT_STEPS = 40
"""Bot actions per animation frame at instant speed: fast, but you still see it happen."""


class TimedTable(Protocol):
    """The table, as its timers see it."""

    @property
    def session(self) -> Session | None: ...

    @property
    def referee(self) -> Referee | None: ...

    def after(self, events: list[Any]) -> None:
        """Draw what happened and wait for what comes next (:meth:`Timers.schedule`)."""
        ...

    def ticking(self) -> bool:
        """Whether the table shows a countdown, or has something waiting for its turn."""
        ...

    def tick(self) -> bool:
        """Redraw what changes with time alone; False when no table is drawn."""
        ...


class Timers:
    """The bots' timer (or frame) and the countdowns' ticker of one table."""

    def __init__(self, table: TimedTable, guard: Callable[[Any], Any]) -> None:
        self.table = table
        self.guard = guard
        self.timer: Any = None
        self.frame: Any = None
        self.ticker: Any = None
        """A short timer that redraws the countdowns (burn contest, a person's choice)."""

    def stop(self, ticker: bool = True) -> None:
        """Stop the bots' timer (or frame) and, unless told not to, the countdowns' ticker."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        if ticker and self.ticker is not None:
            window.clearTimeout(self.ticker)
            self.ticker = None
        if self.frame is not None:
            window.cancelAnimationFrame(self.frame)
            self.frame = None

    def schedule(self) -> None:
        """One timer for the earliest bot intent (or one frame, at instant speed). The ticker
        runs on (re-arming it at every action would starve it when bots act faster than it
        ticks: a headline line waiting for its turn would never be shown)."""
        self.stop(ticker=False)
        session = self.table.session
        if session is None:
            return
        self._arm_ticker()
        referee = self.table.referee
        wait = referee.due_in(now()) if referee is not None else session.due_in(now())
        if wait is None:
            return
        if session.instant:
            self.frame = window.requestAnimationFrame(
                create_once_callable(self.guard(self._frame)))
        else:
            self.timer = later(self.guard(self._timer), wait)

    def _arm_ticker(self) -> None:
        session = self.table.session
        if (self.ticker is None and session is not None and not session.paused
                and self.table.ticking()):
            self.ticker = later(self.guard(self._tick), TICK_MS)

    def _tick(self, *_: Any) -> None:
        """Redraw the countdowns on show (the burn contest's, a person's choice's) and show
        what waited for its turn (a headline line, the live region's summary)."""
        self.ticker = None
        if self.table.tick():
            self._arm_ticker()

    def _timer(self, *_: Any) -> None:
        self.timer = None
        table = self.table
        if (referee := table.referee) is not None:
            table.after(referee.advance(now()))
        elif table.session is not None:
            table.after(table.session.advance(now()))

    def _frame(self, *_: Any) -> None:
        self.frame = None
        if (session := self.table.session) is not None:
            self.table.after(session.run_instant(INSTANT_STEPS))
