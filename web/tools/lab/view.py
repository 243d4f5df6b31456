"""The statistics lab's screen (``#lab``): many all-bot games of one or two rule sets, plotted.

:func:`open_screen` is the tool's entry point (``web.shell.tool_screens.ToolScreens.open`` calls
it). The lab goes on off screen: the shell hides it (:meth:`LabScreen.hide`) while a run goes
on, shows the run's progress on the bar's Lab button (:meth:`LabScreen.status`) and shows the
lab again, as it was left. The numbers are :mod:`ratscrew.tools.lab`'s: the same seed gives what
``python -m ratscrew simulate`` gives.

The parts: :class:`~web.tools.lab.form.LabForm`, :class:`~web.tools.lab.run.LabRun` (the
games, in a worker or on the page) and :class:`~web.tools.lab.results.LabResults` (with
:mod:`web.tools.lab.charts`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from pyscript import window

from ratscrew.i18n import N_, t, tc
from ratscrew.tools.lab import LabError
from web.dom import by_id, clear, later, link_stylesheet
from web.model.setup_html import tag
from web.shell.host import BackgroundTool, ToolHost
from web.tools.lab.charts import load_plot
from web.tools.lab.form import LabForm
from web.tools.lab.results import LabResults
from web.tools.lab.run import LabRun
from web.tools.wiring import BACK_TO_SETUP, Wiring

STYLESHEET = "web/tools/lab/lab.css"
INTRO = N_("Many all-bot games of one game, and what they show: game lengths, wins by seat, "
           "slaps and how piles are won. Compare two sets of house rules on the same deals.")


def open_screen(host: ToolHost, query: str) -> BackgroundTool:
    """Draw the lab into ``#lab`` (the shell has shown it); it has no link (``query``)."""
    return LabScreen(host)


class LabScreen:
    """The lab's form, its runs and its results; :meth:`close` stops the worker."""

    def __init__(self, host: ToolHost) -> None:
        self.host = host
        self.root = by_id("lab")
        self.wiring = Wiring(host)
        self.tasks: list[asyncio.Future[Any]] = []
        self._quiet: set[asyncio.Future[Any]] = set()
        self.hidden = False
        """Whether the lab is off screen (:meth:`hide`), its run going on."""
        self.draw_later = False
        """Whether results came while off screen (drawn by :meth:`show`)."""
        link_stylesheet(STYLESHEET)
        self.form = LabForm(host, self.wiring, host.config.variant)
        self.run = LabRun(self.root, self.spawn, self.form.lock, self._tell_bar)
        self.results = LabResults(self.root, self.spawn(load_plot(), quiet=True), self.wiring)
        self._draw()
        self.run.start_games()

    # -- tasks -----------------------------------------------------------------------------------

    def spawn(self, coro: Awaitable[Any], quiet: bool = False) -> asyncio.Future[Any]:
        """Run ``coro`` as one of the lab's tasks (cancelled by :meth:`close`). Its error
        stops the run, with a notice, unless ``quiet`` (its owner handles it)."""
        task = asyncio.ensure_future(coro)
        self.tasks.append(task)
        if quiet:
            self._quiet.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Future[Any]) -> None:
        if task in self.tasks:
            self.tasks.remove(task)
        quiet = task in self._quiet
        self._quiet.discard(task)
        if not task.cancelled() and task.exception() is not None and not quiet:
            error = task.exception()
            window.console.warn(f"[ratscrew] lab: {type(error).__name__}: {error}")
            what = f"{type(error).__name__}: {error}"
            # i18n: {error} is the programming error, as Python names it (not translated).
            self.host.notify([t("The lab stopped ({error}).", error=what)])
            self.run.finish("error", t("The lab stopped because of an error."))

    # -- drawing ---------------------------------------------------------------------------------

    def _draw(self) -> None:
        self.root.innerHTML = (
            tag("header",
                tag("h2", escape(t("Statistics lab"), quote=False), id="lab-title")
                + tag("button", escape(t(BACK_TO_SETUP), quote=False), id="lab-back",
                      type="button"),
                class_="lab-head")
            + tag("p", escape(t(INTRO), quote=False), class_="lab-intro")
            + tag("form", self.form.markup() + self.run.markup(),
                  id="lab-form", class_="lab-form", novalidate=True)
            + self.results.markup()
        )
        self.root.dataset.state = "idle"
        self.form.draw_rules()
        on = self._on
        on("lab-form", "submit", self._on_run)
        on("lab-cancel", "click", lambda _e: self.run.cancel())
        on("lab-back", "click", lambda _e: self._back())
        on("lab-csv", "click", lambda _e: self.results.download_csv())
        on("lab", "keydown", self._on_key)
        self.form.wire()
        self.form.show_compare()
        by_id("lab-variant").focus()

    def _on(self, element_id: str, event: str, fn: Callable[[Any], None]) -> None:
        self.wiring.listen(by_id(element_id), event, fn)

    # -- events ----------------------------------------------------------------------------------

    def _on_run(self, event: Any) -> None:
        event.preventDefault()
        if self.run.running:
            return
        try:
            specs = self.form.specs()
        except LabError as error:
            self.run.say(str(error), "invalid")
            return
        self.spawn(self._play(self.run.new_run(), specs))

    async def _play(self, run_id: int, specs: list[dict[str, Any]]) -> None:
        outcome = await self.run.play(run_id, specs)
        if outcome is None:
            return
        self.results.keep(outcome)
        if self.hidden:  # drawn once back on screen, at the screen's own width
            self.draw_later = True
            return
        await self.results.show()

    def _on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.run.running:
            event.preventDefault()
            event.stopPropagation()
            self.run.cancel()

    def _back(self) -> None:
        """Back to the setup screen, the lab closed (its run stopped, its worker ended), once
        this click is over (closing destroys its handler)."""

        def leave() -> None:
            self.host.close_lab()
            self.host.show_setup()

        later(self.host.guard(leave), 0)

    # -- on and off screen -----------------------------------------------------------------------

    def hide(self) -> None:
        """The lab's screen is left for another (the table, the setup): a run goes on in the
        worker; :meth:`status` is what the bar's Lab button says meanwhile."""
        self.hidden = True

    def show(self) -> None:
        """Back on screen, as it was left (a run still going, or its results)."""
        self.hidden = False
        if self.draw_later:
            self.draw_later = False
            self.spawn(self.results.show())

    def status(self) -> str:
        """The run, in a few words for the bar ("43%", "done", "" when idle)."""
        state = str(self.root.dataset.state or "")
        if self.run.running:
            return self.run.percent()
        # i18n: On the bar's Lab button ("Lab: done"): the lab's run is over.
        return tc("lab run", "done") if state == "done" and self.hidden else ""

    def _tell_bar(self) -> None:
        if self.hidden:
            self.host.lab_progress(self.status())

    def close(self) -> None:
        """Stop the run, its tasks and the worker; empty the screen."""
        self.run.close()
        self.results.close()
        for task in list(self.tasks):
            task.cancel()
        clear(self.root)
        self.wiring.close()
        self.root.removeAttribute("data-state")
