"""A run of the drill: its countdown, its clock, the slaps from keys and zones, the pause.

The drill itself (its cards, the judging of every slap) is :class:`ratscrew.tools.practice.Drill`;
this module owns its clock. A countdown, then ``performance.now()`` from the first card, read on
every timer tick (:meth:`Drill.advance`) and every slap (:meth:`Drill.slap`); a pause moves the
drill's zero forward by the time paused. What the run shows is :class:`RunView`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from ratscrew.i18n import number
from ratscrew.tools.practice import Drill, DrillConfig
from web.dom import focus, now
from web.model.keymap import is_game_event, normalize_key
from web.shell.host import ToolHost
from web.tools.practice.run_view import RunView
from web.tools.wiring import Wiring

COUNTDOWN = (3, 2, 1)
COUNTDOWN_STEP_MS = 800

PHASES = ("countdown", "running", "paused")
"""The phases of a run on screen (the others: ``idle`` before the first run, ``over`` after
one, ``closed`` once the screen is left)."""


class DrillRun:
    """Runs one drill after another in its :class:`RunView` (``view``).

    ``show(phase)`` puts the run's phase on screen; ``on_over(drill)`` gets each drill once it
    is over, finished or ended early."""

    def __init__(self, host: ToolHost, wiring: Wiring, show: Callable[[str], None],
                 on_over: Callable[[Drill], None]) -> None:
        self.host = host
        self.show = show
        self.on_over = on_over
        self.phase = "idle"
        self.drill: Drill | None = None
        self._timer: Any = None
        self._zero = 0.0
        self._paused_at = 0.0
        self._paused_in = ""
        self._count = 0
        self._tick_proxy = wiring.proxy(self._tick)
        self._count_proxy = wiring.proxy(self._countdown_step)
        self.view = RunView(host, wiring, self._toggle_pause, self._on_end_now, self._slap)

    def _enter(self, phase: str) -> None:
        self.phase = phase
        self.show(phase)

    def close(self) -> None:
        """Stop the timers."""
        self._stop_timer()
        self.phase = "closed"
        self.view.close()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None

    # -- the clock -----------------------------------------------------------------------------

    def begin(self, config: DrillConfig) -> None:
        """A new run of ``config``: the countdown, then the cards."""
        self._stop_timer()
        self.drill = Drill(config)
        self.view.reset(config)
        self._enter("countdown")
        focus(self.view.node)
        self._count = 0
        self._countdown_step()

    def _countdown_step(self) -> None:
        self._timer = None
        if self.phase != "countdown":
            return
        if self._count < len(COUNTDOWN):
            self.view.show_count(self._count, number(COUNTDOWN[self._count]))
            self._count += 1
            self._timer = window.setTimeout(self._count_proxy, COUNTDOWN_STEP_MS)
            return
        self.view.hide_count()
        self._enter("running")
        self._zero = now()
        self._tick()

    def _clock(self) -> float:
        return now() - self._zero

    def _tick(self) -> None:
        self._timer = None
        drill = self.drill
        if self.phase != "running" or drill is None:
            return
        self.view.apply(drill.advance(self._clock()), drill)
        if drill.done:
            self._finish()
            return
        due = drill.next_due_ms
        if due is not None:
            delay = max(0.0, due - self._clock())
            self._timer = window.setTimeout(self._tick_proxy, delay)

    def _finish(self) -> None:
        drill = self.drill
        if drill is None:
            return
        self._stop_timer()
        self.view.apply(drill.finish(), drill)
        self.phase = "over"
        self.on_over(drill)

    # -- the players ---------------------------------------------------------------------------

    def _slap(self, seat: int) -> None:
        drill = self.drill
        if self.phase != "running" or drill is None or seat >= drill.config.players:
            return
        t = self._clock()
        self.view.apply(drill.advance(t), drill)
        if drill.done:
            self._stop_timer()
            self._finish()
            return
        self.view.apply([drill.slap(seat, t)], drill)

    def _toggle_pause(self, _event: Any = None) -> None:
        if self.phase in ("running", "countdown"):
            self._paused_in = self.phase
            self._stop_timer()
            self._paused_at = now()
            self._enter("paused")
            self.view.show_paused(True)
            focus(self.view.resume_button)
        elif self.phase == "paused":
            self.view.show_paused(False)
            focus(self.view.node)
            if self._paused_in == "countdown":
                self._enter("countdown")
                self._count = 0
                self._countdown_step()
                return
            self._zero += now() - self._paused_at
            self._enter("running")
            self._tick()

    def _on_end_now(self, _event: Any) -> None:
        drill = self.drill
        if drill is None:
            return
        self._stop_timer()
        self.view.apply(drill.finish(), drill)
        self._finish()

    def on_key(self, event: Any) -> None:
        """A key pressed anywhere on the page: a player's slap, or Esc to pause or resume."""
        if self.phase not in PHASES:
            return
        if document.querySelector("dialog[open]"):
            return  # the settings dialog has the keys
        key = normalize_key(str(event.key or ""))
        if key == "escape":
            event.preventDefault()
            self._toggle_pause()
            return
        target = event.target
        tag = str(target.tagName).lower() if target and target.tagName else ""
        if tag in ("input", "select", "textarea"):
            return
        if not is_game_event(key, bool(event.ctrlKey), bool(event.altKey), bool(event.metaKey)):
            return
        hit = self.host.keymap.lookup(key)
        drill = self.drill
        if hit is None or hit[1] != "slap" or drill is None or hit[0] >= drill.config.players:
            return
        event.preventDefault()
        if event.repeat:
            return  # a held-down key is not a slap
        self._slap(hit[0])
