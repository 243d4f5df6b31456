"""The statistics lab's games: where they are played, a run's progress, and Cancel.

Run hands the rule sets to a Web Worker (:mod:`web.tools.lab.worker`, PyScript's ``PyWorker``
with the page's own config), which plays them a slice of time at a time; between two slices the
page shows the progress and looks at Cancel. When no worker can start, the same slices
(:mod:`web.tools.lab.runner`) run on the page between two frames, and the lab says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from html import escape
from typing import Any

from pyscript import PyWorker, document, window

from ratscrew.i18n import N_, current, number, t, tc, tn
from web.dom import by_id
from web.model.setup_html import tag, void
from web.tools.lab import runner as lab_runner

WORKER_SCRIPT = "./web/tools/lab/worker.py"
WORKER_CONFIG = "./pyscript.toml"
WORKER_INTERPRETER = "web/boot/pyodide_boot.mjs"
"""The page's own start of its self-hosted Pyodide (pyscript.toml's ``interpreter``: with the
site's compiled standard library), which a worker only takes as its ``version``: an absolute
URL (else PyScript would fetch its default from a CDN)."""
WORKER_START_S = 120.0
"""How long the worker may take to start its own Pyodide before the page plays by itself."""
WORKER_SLICE_S = 0.15
PAGE_SLICE_S = 0.03
"""Seconds of games per step: in the worker (progress shown this often), on the page (short,
so that a key press or a click waits at most this long)."""
STARTING = N_("Starting the background worker…")


def _text(words: str) -> str:
    """Words as markup (a translation may hold ``&`` or ``<``)."""
    return escape(words, quote=False)


class WorkerGames:
    """The games in PyScript's worker: each call a message, answered asynchronously."""

    where = "worker"

    def __init__(self) -> None:
        interpreter = window.URL.new(WORKER_INTERPRETER, document.baseURI).href
        self.worker = PyWorker(WORKER_SCRIPT, type="pyodide", version=interpreter,
                               config=WORKER_CONFIG)

    async def ready(self) -> None:
        async def started() -> None:
            await self.worker.ready
            await self.worker.sync.lab_ping()

        await asyncio.wait_for(started(), WORKER_START_S)
        await self.speak()

    async def speak(self) -> None:
        """Hand the worker the page's catalogue, so that its sentences (the plots' words, its
        errors) are the page's language (it speaks English if it cannot read it)."""
        if current().lang == "en":
            return
        i18n_js = getattr(window, "ratscrewI18n", None)
        text = str(await i18n_js.ready or "") if i18n_js is not None else ""
        if not text:
            return
        try:
            answer = json.loads(str(await self.worker.sync.lab_language(text)))
        except Exception as error:  # an older worker, a message lost: the games still run
            answer = {"error": str(error)}
        if "error" in answer:
            window.console.warn(f"[ratscrew] lab worker speaks English: {answer['error']}")

    async def call(self, name: str, *args: Any) -> dict[str, Any]:
        answer = await getattr(self.worker.sync, name)(*args)
        data: dict[str, Any] = json.loads(str(answer))
        return data

    def close(self) -> None:
        self.worker.terminate()


class PageGames:
    """The same calls played on the page, a short slice at a time (no worker could start)."""

    where = "page"

    async def ready(self) -> None:
        return None

    async def call(self, name: str, *args: Any) -> dict[str, Any]:
        await asyncio.sleep(0)  # let the page handle what waits (a key, a click, a frame)
        if name == "lab_start":
            text = lab_runner.start(*args)
        elif name == "lab_step":
            text = lab_runner.step(PAGE_SLICE_S)
        else:
            text = lab_runner.outcome()
        data: dict[str, Any] = json.loads(text)
        return data

    def close(self) -> None:
        return None


class LabRun:
    """The lab's runs, one at a time: Run and Cancel, the progress bar and the status line
    (:meth:`markup`), and the games they play.

    ``spawn`` runs a coroutine as one of the lab's tasks; ``lock(running)`` locks the form while
    games run; ``on_progress`` is told whenever the progress changes."""

    def __init__(self, root: Any, spawn: Callable[..., asyncio.Future[Any]],
                 lock: Callable[[bool], None], on_progress: Callable[[], None]) -> None:
        self.root = root
        self.spawn = spawn
        self.lock = lock
        self.on_progress = on_progress
        self.run_id = 0
        """The run going on; a stopped run's coroutine sees another and stops."""
        self.running = False
        self.games: WorkerGames | PageGames | None = None
        self.games_ready: asyncio.Future[Any] | None = None

    @staticmethod
    def markup() -> str:
        """Run, Cancel, the progress and the status; then where the games run."""
        actions = (
            tag("button", _text(tc("lab button", "Run")), id="lab-run", type="submit",
                class_="primary")
            + tag("button", _text(t("Cancel")), id="lab-cancel", type="button", disabled=True)
            + void("progress", id="lab-progress", max=1, value=0, data_zone="lab-progress",
                   aria_label=t("Games played"))
            + tag("span", "", id="lab-status", class_="lab-status", role="status",
                  aria_live="polite")
        )
        return (tag("div", actions, class_="lab-actions")
                + tag("p", _text(t(STARTING)), id="lab-runner", class_="lab-runner"))

    def start_games(self) -> None:
        """Start the worker now (its Pyodide takes a few seconds); the page plays by itself
        if it cannot."""

        async def start() -> None:
            try:
                games = WorkerGames()
                self.games = games
                await games.ready()
            except Exception as error:
                window.console.warn(f"[ratscrew] lab worker could not start: {error}")
                if self.games is not None:
                    with contextlib.suppress(Exception):
                        self.games.close()
                self.games = PageGames()
            self.root.dataset.runner = self.games.where
            note = by_id("lab-runner")
            if note:
                note.textContent = (
                    t("Games run in a background worker: the page stays responsive.")
                    if self.games.where == "worker" else
                    t("No background worker could start: games run on this page in short "
                      "slices, so it may respond a little slower while they run."))

        self.games_ready = self.spawn(start(), quiet=True)

    def close(self) -> None:
        """Stop the run and end the worker."""
        self.run_id += 1
        self.running = False
        if self.games is not None:
            self.games.close()
            self.games = None

    def percent(self) -> str:
        """How far the run has got ("43%")."""
        progress = by_id("lab-progress")
        total = max(1, int(progress.max))
        # i18n: A whole percentage ("25%").
        return t("{percent}%", percent=int(progress.value) * 100 // total)

    def say(self, text: str, state: str | None = None) -> None:
        """``text`` on the status line; ``state``, if given, the lab's ``data-state``."""
        by_id("lab-status").textContent = text
        if state is not None:
            self.root.dataset.state = state

    def _set_running(self, running: bool) -> None:
        self.running = running
        by_id("lab-run").disabled = running
        by_id("lab-cancel").disabled = not running
        self.lock(running)

    def new_run(self) -> int:
        """A new run's id (the run before it, if any, stops)."""
        self.run_id += 1
        return self.run_id

    async def play(self, run_id: int, specs: list[dict[str, Any]]) -> dict[str, Any] | None:
        """Play ``specs`` (:meth:`ratscrew.tools.lab.LabSpec.to_dict`), the progress shown;
        the outcome (the report and the CSV), or None if the run stopped or failed."""
        self._set_running(True)
        progress = by_id("lab-progress")
        total = sum(int(s["games"]) for s in specs)
        progress.max = total
        progress.value = 0
        if self.games is None or (self.games_ready is not None and not self.games_ready.done()):
            self.say(t(STARTING), "starting")
            if self.games_ready is not None:
                await asyncio.shield(self.games_ready)
        games = self.games
        if games is None or run_id != self.run_id:
            return None
        # i18n: The lab's progress: {done} games played of {total}.
        self.say(tn("{done} of {total} game", "{done} of {total} games", total, done=0,
                    total=total), "running")
        started = time.monotonic()
        answer = await games.call("lab_start", json.dumps(specs))
        while run_id == self.run_id and "error" not in answer and not answer["finished"]:
            answer = await games.call("lab_step", WORKER_SLICE_S)
            if run_id != self.run_id or "error" in answer:
                break
            progress.value = answer["done"]
            # i18n: The lab's progress: {label} names the rule set playing (Rule set A);
            # {done} games played of {total}.
            self.say(tn("{label}: {done} of {total} game", "{label}: {done} of {total} games",
                        int(answer["total"]), label=str(answer["label"]),
                        done=int(answer["done"]), total=int(answer["total"])))
            self.on_progress()
        if run_id != self.run_id:
            return None
        if "error" in answer:
            self.finish("error", t("The lab could not run: {problem}",
                                   problem=str(answer["error"])))
            return None
        result = await games.call("lab_outcome")
        if run_id != self.run_id:
            return None
        if "error" in result:
            self.finish("error", t("The lab could not finish: {problem}",
                                   problem=str(result["error"])))
            return None
        seconds = time.monotonic() - started
        # i18n: {seconds}: the time the games took, with one decimal.
        self.finish("done", tn("Done: {n} game in {seconds} s.", "Done: {n} games in {seconds} s.",
                               total, n=total, seconds=number(seconds, 1)))
        return result

    def cancel(self) -> None:
        """Stop the run going on, if any."""
        if not self.running:
            return
        done = int(by_id("lab-progress").value)
        total = int(by_id("lab-progress").max)
        self.run_id += 1
        # i18n: The lab's run stopped: {done} games played of {total}.
        self.finish("cancelled", tn("Cancelled after {done} of {total} game.",
                                    "Cancelled after {done} of {total} games.", total,
                                    done=done, total=total))

    def finish(self, state: str, text: str) -> None:
        """The run is over (``state``: ``done``, ``cancelled`` or ``error``), as ``text`` says."""
        if not by_id("lab-status"):  # closed meanwhile
            return
        self._set_running(False)
        self.say(text, state)
        self.on_progress()

