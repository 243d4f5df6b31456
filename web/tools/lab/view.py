"""The statistics lab's screen (``#lab``): many all-bot games of one or two rule sets, plotted.

:func:`open_screen` draws the form; Run hands the rule sets to a Web Worker
(:mod:`web.tools.lab.worker`, PyScript's ``PyWorker`` with the page's own config), which plays them
a slice of time at a time; between two slices the page shows the progress and looks at Cancel.
When no worker can start, the same slices (:mod:`web.tools.lab.runner`) run on the page between two
frames, and the screen says so. The numbers are
:mod:`ratscrew.tools.lab`'s: the same seed gives what
``python -m ratscrew simulate`` gives.

The charts are Observable Plot's SVGs (``runtime/plot/``, self-hosted), loaded the first time
the lab opens, never at start-up; each has its sentence from :func:`ratscrew.tools.lab.describe` in
its caption (and as its accessible name). Without Plot the captions and the table remain.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import PyWorker, document, window

from ratscrew.core.rng import MAX_SEED
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.tools.lab import MAX_GAMES, MIN_GAMES, LabError, LabSpec
from ratscrew.variants import Variant, find_variant
from web.model.links import default_players
from web.model.setup_html import player_options, rules_body, tag, variant_options, void
from web.model.setup_options import controls_for, rules_or_default, set_option
from web.table.cards_view import by_id, clear, el, link_stylesheet, save_file, table_with_head
from web.tools.lab import runner as lab_runner

STYLESHEET = "web/tools/lab/lab.css"
PLOT_SCRIPTS = ("runtime/plot/d3.min.js", "runtime/plot/plot.umd.min.js")
"""Loaded in this order (Plot's UMD build reads the global ``d3``) when the lab first opens."""
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
SETS = ("A", "B")
COLOURS = {"A": "#f2c14e", "B": "#7fb8f0"}
LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"}
PLOT_TITLES = {
    "cards": "Game length: cards played",
    "minutes": "Game length: minutes at the table",
    "wins": "Wins by seat",
    "slaps": "Right and wrong slaps a game",
    "piles": "How piles were won",
}

_LOADER = """(src) => {
  const loads = (window.ratscrewScripts = window.ratscrewScripts || {});
  return (loads[src] = loads[src] || new Promise((ok, fail) => {
    const s = document.createElement("script");
    s.src = src;
    s.onload = () => ok(true);
    s.onerror = () => { delete loads[src]; fail(new Error("cannot load " + src)); };
    document.head.appendChild(s);
  }));
}"""


def js_obj(value: Any) -> Any:
    """``value`` (dicts, lists, numbers, text, JS objects) as plain JavaScript objects."""
    return to_js(value, dict_converter=window.Object.fromEntries)


async def load_plot() -> Any:
    """Observable Plot (``window.Plot``), its scripts inserted the first time."""
    if getattr(window, "Plot", None) is not None:
        return window.Plot
    load = window.Function(f"return {_LOADER}")()
    for src in PLOT_SCRIPTS:
        await load(src)
    return window.Plot


def prefixed(markup: str, prefix: str) -> str:
    """The setup form's rule controls with ids of their own (``rule-x`` -> ``lab-a-rule-x``):
    the setup form, hidden, keeps its ids."""
    return re.sub(r'\b(id|for|aria-describedby)="rule-', rf'\1="{prefix}rule-', markup)


def number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


# --------------------------------------------------------------------------- the running games


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


# --------------------------------------------------------------------------- the screen


class LabScreen:
    """The lab's form, its run and its results; :meth:`close` stops the worker."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.root = by_id("lab")
        self.variant: Variant = find_variant(app.config.variant if getattr(
            app, "config", None) is not None else "classic")
        self.players = default_players(self.variant)
        self.options: dict[str, dict[str, Any]] = {name: {} for name in SETS}
        self.proxies: list[tuple[Any, str, Any]] = []
        self.tasks: list[asyncio.Future[Any]] = []
        self.run_id = 0
        self.running = False
        self.hidden = False
        """Whether the lab is off screen (:meth:`hide`), its run going on."""
        self.draw_later = False
        """Whether results came while off screen (drawn by :meth:`show`)."""
        self.report: dict[str, Any] | None = None
        self.csv = ""
        self.games: WorkerGames | PageGames | None = None
        self.games_ready: asyncio.Future[Any] | None = None
        link_stylesheet(STYLESHEET)
        self.plot: asyncio.Future[Any] = self.spawn(load_plot())
        self.draw()
        self.start_games()

    # -- plumbing ----------------------------------------------------------------------------

    def spawn(self, coro: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(coro)
        self.tasks.append(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Future[Any]) -> None:
        if task in self.tasks:
            self.tasks.remove(task)
        if not task.cancelled() and task.exception() is not None and task is not self.plot \
                and task is not self.games_ready:
            error = task.exception()
            window.console.warn(f"[ratscrew] lab: {type(error).__name__}: {error}")
            self.app.notify([f"The lab stopped ({type(error).__name__}: {error})."])
            self.finish_run("error", "The lab stopped because of an error.")

    def on(self, element_id: str, event: str, fn: Callable[[Any], None]) -> None:
        proxy = create_proxy(self.app.guard(fn))
        node = by_id(element_id)
        self.proxies.append((node, event, proxy))
        node.addEventListener(event, proxy)

    def close(self) -> None:
        self.run_id += 1
        self.running = False
        for task in list(self.tasks):
            task.cancel()
        if self.games is not None:
            self.games.close()
            self.games = None
        clear(self.root)
        for node, event, proxy in self.proxies:
            node.removeEventListener(event, proxy)
            proxy.destroy()
        self.proxies.clear()
        self.root.removeAttribute("data-state")

    # -- the worker --------------------------------------------------------------------------

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
                    "Games run in a background worker: the page stays responsive."
                    if self.games.where == "worker" else
                    "No background worker could start: games run on this page in short "
                    "slices, so it may respond a little slower while they run.")

        self.games_ready = self.spawn(start())

    # -- the form ----------------------------------------------------------------------------

    def draw(self) -> None:
        levels = "".join(tag("option", escape(LEVEL_LABELS.get(d, d.capitalize())), value=d,
                             selected=d == "normal") for d in DIFFICULTIES)
        basics = "".join((
            tag("label", "Game" + tag("select", variant_options(self.variant.name),
                                      id="lab-variant")),
            tag("label", "Players" + tag("select", player_options(self.variant, self.players),
                                         id="lab-players")),
            tag("label", "Bot level" + tag("select", levels, id="lab-level")),
            tag("label", "Games" + void("input", id="lab-games", type="number", min=MIN_GAMES,
                                        max=MAX_GAMES, step=100, value=500,
                                        inputmode="numeric")),
            tag("label", "Seed" + void("input", id="lab-seed", type="number", min=0,
                                       max=MAX_SEED, value=1, inputmode="numeric")),
        ))
        sets = "".join(self.set_markup(name) for name in SETS)
        actions = (
            tag("button", "Run", id="lab-run", type="submit", class_="primary")
            + tag("button", "Cancel", id="lab-cancel", type="button", disabled=True)
            + void("progress", id="lab-progress", max=1, value=0, data_zone="lab-progress",
                   aria_label="Games played")
            + tag("span", "", id="lab-status", class_="lab-status", role="status",
                  aria_live="polite")
        )
        self.root.innerHTML = (
            tag("header",
                tag("h2", "Statistics lab", id="lab-title")
                + tag("button", "Back to setup", id="lab-back", type="button"),
                class_="lab-head")
            + tag("p", "Many all-bot games of one game, and what they show: game lengths, "
                  "wins by seat, slaps and how piles are won. Compare two sets of house "
                  "rules on the same deals. Game i of seed S is the game <code>python -m "
                  "ratscrew simulate --seed S</code> plays as its game i.", class_="lab-intro")
            + tag("form",
                  tag("div", basics, class_="lab-basics")
                  + tag("div", sets, class_="lab-sets")
                  + tag("div", actions, class_="lab-actions")
                  + tag("p", "Starting the background worker…", id="lab-runner",
                        class_="lab-runner"),
                  id="lab-form", class_="lab-form", novalidate=True)
            + tag("div",
                  tag("div", tag("h3", "Results", id="lab-results-title")
                      + tag("button", "Download CSV", id="lab-csv", type="button"),
                      class_="lab-results-head")
                  + tag("p", "", id="lab-results-note", class_="lab-results-note")
                  + tag("div", "", id="lab-plots", class_="lab-plots")
                  + tag("div", "", id="lab-table-box", class_="lab-table-box"),
                  id="lab-results", class_="lab-results", hidden=True,
                  aria_labelledby="lab-results-title")
        )
        self.root.dataset.state = "idle"
        for name in SETS:
            self.draw_rules(name)
        self.on("lab-form", "submit", self.on_run)
        self.on("lab-cancel", "click", lambda _e: self.cancel())
        self.on("lab-back", "click", lambda _e: self.back())
        self.on("lab-csv", "click", lambda _e: self.download_csv())
        self.on("lab-variant", "change", self.on_variant)
        self.on("lab-players", "change", self.on_players)
        self.on("lab", "keydown", self.on_key)
        for name in SETS:
            self.on(f"lab-{name.lower()}-rules", "change", self.rule_handler(name))
        self.on("lab-compare", "change", lambda _e: self.show_compare())
        self.show_compare()
        by_id("lab-variant").focus()

    def set_markup(self, name: str) -> str:
        key = name.lower()
        if name == "A":
            legend = tag("legend", "Rule set A")
        else:
            legend = tag("legend", tag("label", void("input", type="checkbox",
                                                     id="lab-compare")
                                       + tag("span", "Compare with rule set B"),
                                       class_="check"))
        return tag(
            "fieldset",
            legend
            + tag("label", "Name" + void("input", type="text", id=f"lab-{key}-label",
                                         value=f"Rule set {name}", maxlength=60,
                                         autocomplete="off", class_="lab-set-label"),
                  class_="lab-set-name")
            + tag("p", "", id=f"lab-{key}-changes", class_="lab-changes")
            + tag("details", tag("summary", "House rules") + tag(
                "div", "", id=f"lab-{key}-rules", class_="lab-rules-body"),
                class_="lab-rules", id=f"lab-{key}-details"),
            class_="lab-set", id=f"lab-set-{key}", data_set=name)

    def draw_rules(self, name: str) -> None:
        key = name.lower()
        options = rules_or_default(self.variant, self.players, self.options[name])
        if options[1]:
            self.options[name] = {}
        body = by_id(f"lab-{key}-rules")
        body.innerHTML = prefixed(rules_body(self.variant, self.players, self.options[name]),
                                  f"lab-{key}-")
        changed = [c.label for c in controls_for(self.variant, self.players,
                                                  self.options[name]) if c.changed]
        by_id(f"lab-{key}-changes").textContent = (
            "Changed: " + ", ".join(changed) if changed else f"{self.variant.title}'s own rules")

    def show_compare(self) -> None:
        on = bool(by_id("lab-compare").checked)
        box = by_id("lab-set-b")
        box.classList.toggle("off", not on)
        for selector in ("#lab-b-label", "#lab-b-details"):
            node = document.querySelector(selector)
            if selector.endswith("details"):
                node.hidden = not on
            else:
                node.disabled = not on

    def on_variant(self, _event: Any) -> None:
        self.variant = find_variant(str(by_id("lab-variant").value))
        self.players = default_players(self.variant)
        by_id("lab-players").innerHTML = player_options(self.variant, self.players)
        self.options = {name: {} for name in SETS}
        for name in SETS:
            self.draw_rules(name)

    def on_players(self, _event: Any) -> None:
        self.players = int(by_id("lab-players").value)
        for name in SETS:
            self.draw_rules(name)

    def rule_handler(self, name: str) -> Callable[[Any], None]:
        return lambda event: self.on_rule(name, event)

    def on_rule(self, name: str, event: Any) -> None:
        target = event.target
        option = str(target.getAttribute("data-option") or "")
        if not option:
            return
        body = by_id(f"lab-{name.lower()}-rules")
        if option == "slaps":
            boxes = body.querySelectorAll("input.rule-slap")
            raw: Any = [str(boxes.item(i).value) for i in range(boxes.length)
                        if boxes.item(i).checked]
        elif str(target.type) == "checkbox":
            raw = bool(target.checked)
        else:
            raw = str(target.value)
        focus_id = str(target.id)
        self.options[name], problem = set_option(self.variant, self.players,
                                                 self.options[name], option, raw)
        if problem:
            self.app.notify([problem])
        self.draw_rules(name)
        again = by_id(focus_id)
        if again:
            again.focus()

    def back(self) -> None:
        """Back to the setup screen, the lab closed (its run stopped, its worker ended), once
        this click is over (closing destroys its handler)."""

        def leave() -> None:
            self.app.close_lab()
            self.app.show_setup()

        window.setTimeout(create_once_callable(self.app.guard(leave)), 0)

    def hide(self) -> None:
        """The lab's screen is left for another (the table, the setup): a run goes on in the
        worker; :meth:`status` is what the bar's Lab button says meanwhile."""
        self.hidden = True

    def show(self) -> None:
        """Back on screen, as it was left (a run still going, or its results)."""
        self.hidden = False
        if self.draw_later:
            self.draw_later = False
            self.spawn(self.show_results())

    def status(self) -> str:
        """The run, in a few words for the bar ("43%", "done", "" when idle)."""
        state = str(self.root.dataset.state or "")
        if self.running:
            progress = by_id("lab-progress")
            total = max(1, int(progress.max))
            return f"{int(progress.value) * 100 // total}%"
        return "done" if state == "done" and self.hidden else ""

    def _tell_bar(self) -> None:
        if self.hidden:
            self.app.lab_progress(self.status())

    def on_key(self, event: Any) -> None:
        if str(event.key) == "Escape" and self.running:
            event.preventDefault()
            event.stopPropagation()
            self.cancel()

    # -- running -----------------------------------------------------------------------------

    def specs(self) -> list[dict[str, Any]]:
        """The rule sets to play (checked here, so that a mistake is said at once)."""
        games_text = str(by_id("lab-games").value).strip()
        seed_text = str(by_id("lab-seed").value).strip()
        if not games_text.isdigit() or not MIN_GAMES <= int(games_text) <= MAX_GAMES:
            raise LabError(f"Games: a whole number from {MIN_GAMES} to {MAX_GAMES:,}.")
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            raise LabError(f"Seed: a whole number from 0 to {MAX_SEED:,}.")
        names = ["A", "B"] if by_id("lab-compare").checked else ["A"]
        out = []
        for name in names:
            label = str(by_id(f"lab-{name.lower()}-label").value).strip() or f"Rule set {name}"
            spec = LabSpec(variant=self.variant.name, players=self.players,
                           games=int(games_text), seed=int(seed_text),
                           difficulty=str(by_id("lab-level").value),
                           options=self.options[name], label=label)
            out.append(spec.to_dict())
        if len(out) == 2 and out[0]["label"] == out[1]["label"]:
            raise LabError("The two rule sets need different names.")
        return out

    def on_run(self, event: Any) -> None:
        event.preventDefault()
        if self.running:
            return
        try:
            specs = self.specs()
        except LabError as error:
            self.say(str(error), "invalid")
            return
        self.run_id += 1
        self.spawn(self.run(self.run_id, specs))

    def say(self, text: str, state: str | None = None) -> None:
        by_id("lab-status").textContent = text
        if state is not None:
            self.root.dataset.state = state

    def set_running(self, running: bool) -> None:
        self.running = running
        by_id("lab-run").disabled = running
        by_id("lab-cancel").disabled = not running
        for selector in (".lab-basics", ".lab-sets"):
            document.querySelector(selector).classList.toggle("busy", running)
        for node_id in ("lab-variant", "lab-players", "lab-level", "lab-games", "lab-seed"):
            by_id(node_id).disabled = running

    async def run(self, run_id: int, specs: list[dict[str, Any]]) -> None:
        self.set_running(True)
        progress = by_id("lab-progress")
        total = sum(int(s["games"]) for s in specs)
        progress.max = total
        progress.value = 0
        if self.games is None or (self.games_ready is not None and not self.games_ready.done()):
            self.say("Starting the background worker…", "starting")
            if self.games_ready is not None:
                await asyncio.shield(self.games_ready)
        games = self.games
        if games is None or run_id != self.run_id:
            return
        self.say(f"0 of {total:,} games", "running")
        started = time.monotonic()
        answer = await games.call("lab_start", json.dumps(specs))
        while run_id == self.run_id and "error" not in answer and not answer["finished"]:
            answer = await games.call("lab_step", WORKER_SLICE_S)
            if run_id != self.run_id or "error" in answer:
                break
            progress.value = answer["done"]
            self.say(f"{answer['label']}: {answer['done']:,} of {answer['total']:,} games")
            self._tell_bar()
        if run_id != self.run_id:
            return
        if "error" in answer:
            self.finish_run("error", f"The lab could not run: {answer['error']}")
            return
        result = await games.call("lab_outcome")
        if run_id != self.run_id:
            return
        if "error" in result:
            self.finish_run("error", f"The lab could not finish: {result['error']}")
            return
        seconds = time.monotonic() - started
        self.report = result["report"]
        self.csv = str(result["csv"])
        self.finish_run("done", f"Done: {total:,} games in {seconds:.1f} s.")
        await self.show_results()

    def cancel(self) -> None:
        if not self.running:
            return
        done = int(by_id("lab-progress").value)
        total = int(by_id("lab-progress").max)
        self.run_id += 1
        self.finish_run("cancelled", f"Cancelled after {done:,} of {total:,} games.")

    def finish_run(self, state: str, text: str) -> None:
        if not by_id("lab-status"):  # closed meanwhile
            return
        self.set_running(False)
        self.say(text, state)
        self._tell_bar()

    # -- results -----------------------------------------------------------------------------

    async def show_results(self) -> None:
        report = self.report
        if report is None:
            return
        if self.hidden:  # drawn once back on screen, at the screen's own width
            self.draw_later = True
            return
        sets = report["rule_sets"]
        box = by_id("lab-results")
        box.hidden = False
        by_id("lab-results-note").textContent = (
            f"{sets[0]['variant']['title']}, {sets[0]['spec']['players']} players, "
            f"{LEVEL_LABELS.get(sets[0]['spec']['difficulty'], '')} bots, seed "
            f"{sets[0]['spec']['seed']}: the command line's "
            f"python -m ratscrew simulate --variant {sets[0]['variant']['name']} --players "
            f"{sets[0]['spec']['players']} --games {sets[0]['spec']['games']} --seed "
            f"{sets[0]['spec']['seed']} --difficulty {sets[0]['spec']['difficulty']} gives the "
            "same totals.")
        self.draw_table(sets)
        try:
            plot = await self.plot
        except Exception as error:
            window.console.warn(f"[ratscrew] lab: Plot could not load: {error}")
            plot = None
        self.draw_plots(plot, report)
        box.scrollIntoView(js_obj({"behavior": "smooth", "block": "start"}))

    def draw_table(self, sets: list[dict[str, Any]]) -> None:
        players = int(sets[0]["spec"]["players"])
        heads = ["Rule set", "Games", "Cards played", "Cards a game (mean)",
                 "Cards a game (median)", "Minutes a game (median)", "Tricks",
                 *(f"Wins P{seat + 1}" for seat in range(players)), "Loops", "Capped",
                 "Slaps right", "Slaps wrong"]
        table = table_with_head("lab-table", "The numbers of each rule set", heads,
                                data_zone="lab-table")
        body = el("tbody")
        for index, data in enumerate(sets):
            summary = data["summary"]
            row = el("tr", "", data_set=SETS[index])
            row.appendChild(el("th", "", data["label"], scope="row"))
            cells: list[tuple[str, float, dict[str, str]]] = [
                ("games", summary["games"], {}),
                ("cards_played", summary["cards_played"], {}),
                ("mean_cards_per_game", summary["mean_cards_per_game"], {}),
                ("median_cards", data["cards"]["median"], {}),
                ("median_minutes", data["minutes"]["median"], {}),
                ("tricks", summary["tricks"], {}),
                *(("wins", wins, {"data_seat": str(seat)})
                  for seat, wins in enumerate(summary["wins"])),
                ("loops", summary["loops"], {}),
                ("capped", summary["capped"], {}),
                ("slaps_right", summary["slaps_right"], {}),
                ("slaps_wrong", summary["slaps_wrong"], {}),
            ]
            for stat, value, extra in cells:
                row.appendChild(el("td", "", number(value), data_stat=stat,
                                   data_value=str(value), **extra))
            body.appendChild(row)
        table.appendChild(body)
        box = by_id("lab-table-box")
        clear(box)
        box.appendChild(table)

    def draw_plots(self, plot: Any, report: dict[str, Any]) -> None:
        box = by_id("lab-plots")
        clear(box)
        sets = report["rule_sets"]
        width = int(box.clientWidth) or 800
        wide = width >= 900 and len(sets) > 1
        fig_width = max(300, (width - 32) // 2 if wide else width)
        font = "18px" if width >= 1200 else "14px"
        self.root.dataset.plots = "plot" if plot is not None else "text"
        charts = Charts(sets, report["causes"], fig_width, font)
        for key, title in PLOT_TITLES.items():
            block = el("section", "lab-plot", data_plot=key)
            block.appendChild(el("h4", "", title))
            row = el("div", "lab-plot-row")
            for index, data in enumerate(sets):
                name = SETS[index]
                figure = el("figure", "lab-figure", data_set=name)
                caption_id = f"lab-cap-{key}-{name.lower()}"
                if plot is not None:
                    svg = plot.plot(js_obj(charts.options(plot, key, index)))
                    svg.setAttribute("role", "img")
                    svg.setAttribute("aria-label", f"{data['label']}: {title.lower()}")
                    svg.setAttribute("aria-describedby", caption_id)
                    svg.classList.add("lab-svg")
                    figure.appendChild(svg)
                caption = el("figcaption", "", id=caption_id)
                caption.appendChild(el("strong", "", f"{data['label']}. "))
                caption.appendChild(document.createTextNode(data["text"][key]))
                figure.appendChild(caption)
                row.appendChild(figure)
            block.appendChild(row)
            box.appendChild(block)
        if plot is None:
            box.insertBefore(el("p", "lab-results-note", "The charts could not be loaded: "
                                "each is described in words, and the numbers are below."),
                             box.firstChild)

    def download_csv(self) -> None:
        if not self.csv or self.report is None:
            return
        spec = self.report["rule_sets"][0]["spec"]
        name = f"ratscrew-lab-{spec['variant']}-{spec['seed']}.csv"
        save_file(name, self.csv, "text/csv")


class Charts:
    """Plot options for each chart of each rule set, on shared scales (side by side, the same
    height means the same number)."""

    def __init__(self, sets: list[dict[str, Any]], causes: list[dict[str, str]], width: int,
                 font: str) -> None:
        self.sets = sets
        self.causes = causes
        self.width = width
        self.font = font

    def base(self, height: int = 320) -> dict[str, Any]:
        return {"width": self.width, "height": height, "marginLeft": 72, "marginBottom": 56,
                "marginTop": 24, "marginRight": 20,
                "style": {"fontSize": self.font, "background": "transparent",
                          "color": "currentColor", "overflow": "visible"}}

    def options(self, plot: Any, key: str, index: int) -> dict[str, Any]:
        data = self.sets[index]
        colour = COLOURS[SETS[index]]
        out = self.base()
        if key in ("cards", "minutes"):
            bins = [{"x1": lo, "x2": hi, "games": n} for lo, hi, n in data[key]["histogram"]]
            edges = [e for s in self.sets for lo, hi, _ in s[key]["histogram"] for e in (lo, hi)]
            top = max((n for s in self.sets for _, _, n in s[key]["histogram"]), default=1)
            out["x"] = {"label": "Cards played" if key == "cards" else "Minutes",
                        "domain": [min(edges, default=0), max(edges, default=1)]}
            out["y"] = {"label": "Games", "grid": True, "domain": [0, top]}
            out["marks"] = [
                plot.rectY(js_obj(bins), js_obj({"x1": "x1", "x2": "x2", "y": "games",
                                                 "fill": colour, "insetLeft": 1})),
                plot.ruleY(js_obj([0])),
            ]
        elif key == "wins":
            rows = [{"seat": f"P{seat + 1}", "games": wins}
                    for seat, wins in enumerate(data["wins"]["by_seat"])]
            extra = [("Loops", "loops"), ("Capped", "capped")]
            for title, field in extra:
                if any(s["wins"][field] for s in self.sets):
                    rows.append({"seat": title, "games": data["wins"][field]})
            top = max((r for s in self.sets for r in [*s["wins"]["by_seat"], s["wins"]["loops"],
                                                      s["wins"]["capped"]]), default=1)
            out["x"] = {"label": "Seat", "domain": [r["seat"] for r in rows]}
            out["y"] = {"label": "Games won", "grid": True, "domain": [0, max(top, 1)]}
            out["marks"] = [
                plot.barY(js_obj(rows), js_obj({"x": "seat", "y": "games", "fill": colour})),
                plot.ruleY(js_obj([0])),
            ]
        elif key == "slaps":
            rows = [{"kind": "Right", "n": data["slaps"]["right_per_game"]},
                    {"kind": "Wrong", "n": data["slaps"]["wrong_per_game"]}]
            top = max((s["slaps"][k] for s in self.sets
                       for k in ("right_per_game", "wrong_per_game")), default=1)
            out["x"] = {"label": "", "domain": ["Right", "Wrong"]}
            out["y"] = {"label": "Slaps a game", "grid": True, "domain": [0, max(top, 0.1)]}
            out["marks"] = [
                plot.barY(js_obj(rows), js_obj({"x": "kind", "y": "n", "fill": colour})),
                plot.ruleY(js_obj([0])),
            ]
        else:
            titles = [c["title"] for c in self.causes]
            shares = {c["title"]: round(c["share"] * 100, 1) for c in data["piles"]["causes"]}
            rows = [{"cause": t, "share": shares.get(t, 0.0)} for t in titles]
            top = max((c["share"] * 100 for s in self.sets for c in s["piles"]["causes"]),
                      default=1)
            out = self.base(height=max(160, 44 * len(titles) + 70))
            out["marginLeft"] = min(250, self.width // 2)
            out["x"] = {"label": "Share of piles (%)", "grid": True, "domain": [0, max(top, 1)]}
            out["y"] = {"label": "", "domain": titles}
            out["marks"] = [
                plot.barX(js_obj(rows), js_obj({"y": "cause", "x": "share", "fill": colour})),
                plot.ruleX(js_obj([0])),
            ]
        return out


def open_screen(app: Any, query: str = "") -> LabScreen:
    """Show the lab (``#lab``): ``web.shell.app.App.open_tool`` calls it, and ``close()`` on
    leaving."""
    return LabScreen(app)
