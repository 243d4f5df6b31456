"""The statistics lab's results: what was played, what the second rule set changes (or that the
two are the same: :func:`ratscrew.tools.lab.compare`), a chart per question for each rule set
(each with its sentence from :func:`ratscrew.tools.lab.describe` as its caption and accessible
name), the table of numbers, the CSV, and, folded away, the command lines that give the same
numbers (:meth:`ratscrew.tools.lab.LabSpec.command`).

The charts are drawn at their figure's width with the table's text size (never under 1rem),
and drawn again when either changes (a window resized, "Projector" turned on or off).
Without Plot (:func:`web.tools.lab.charts.load_plot` failed) the captions and the table remain.
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

from pyscript import document, window

from ratscrew.i18n import N_, number, t, tn
from ratscrew.tools.lab import LabSpec
from web.dom import (
    by_id,
    clear,
    el,
    font_px,
    js_object,
    save_file,
    scroll_into_view,
    table_with_head,
    text_node,
)
from web.model.setup_html import tag
from web.tools.lab.charts import PLOT_NAMES, PLOT_TITLES, Charts
from web.tools.lab.form import SETS, level_label
from web.tools.wiring import Wiring

COMMAND_TITLE = N_("The same numbers on the command line")
TABLE_TITLE = N_("The numbers of each rule set")
REDRAW_MS = 150
"""How long a resize must settle before the charts are drawn again (once, not every frame)."""


def _text(words: str) -> str:
    """Words as markup (a translation may hold ``&`` or ``<``)."""
    return escape(words, quote=False)


def figure(value: float) -> str:
    """A number of the table: a count as it is, a mean or a median with two decimals."""
    return number(value) if isinstance(value, int) else number(value, 2)


def played(report: dict[str, Any]) -> str:
    """What was played, in a sentence: "Egyptian Rat Screw, 4 players, Normal bots, seed 7:
    100 games of each rule set, on the same deals."."""
    sets = report["rule_sets"]
    first = sets[0]
    spec = first["spec"]
    n = int(spec["games"])
    if len(sets) > 1:
        games = tn("{n} game of each rule set, on the same deals",
                   "{n} games of each rule set, on the same deals", n, n=n)
    else:
        games = tn("{n} game", "{n} games", n, n=n)
    players = int(spec["players"])
    # i18n: What the lab played: {variant} is a game's name (Classic); {players} "4 players";
    # {level} the bots' level (Normal); {seed} a number; {games} "100 games" or "100 games of
    # each rule set, on the same deals".
    return t("{variant}, {players}, {level} bots, seed {seed}: {games}.",
             variant=str(first["variant"]["title"]),
             players=tn("{n} player", "{n} players", players, n=players),
             level=level_label(str(spec["difficulty"])), seed=str(spec["seed"]), games=games)


def commands(report: dict[str, Any]) -> list[tuple[str, str]]:
    """Each rule set's label and the command line that gives its numbers."""
    return [(data["label"], LabSpec.from_dict(data["spec"]).command())
            for data in report["rule_sets"]]


class LabResults:
    """The results' box (:meth:`markup`), drawn from the outcome of a run (:meth:`keep`, then
    :meth:`show`). ``plot`` is Observable Plot, loading; ``wiring`` keeps the callbacks that
    draw the charts again when their size changes (until :meth:`close`)."""

    def __init__(self, root: Any, plot: asyncio.Future[Any], wiring: Wiring) -> None:
        self.root = root
        self.plot = plot
        self.wiring = wiring
        self.report: dict[str, Any] | None = None
        self.csv = ""
        self.drawn: tuple[int, float] | None = None
        """The charts' width and text size as drawn (None: no chart drawn)."""
        self.timer: Any = None
        self.redraw = wiring.proxy(self._redraw)
        self.sizes = window.ResizeObserver.new(wiring.proxy(self._on_size))

    def close(self) -> None:
        """Stop watching the charts' size (the screen is closing)."""
        self.sizes.disconnect()
        if self.timer is not None:
            window.clearTimeout(self.timer)

    @staticmethod
    def markup() -> str:
        return tag("div",
                   tag("div", tag("h3", _text(t("Results")), id="lab-results-title")
                       + tag("button", _text(t("Download CSV")), id="lab-csv",
                             type="button"),
                       class_="lab-results-head")
                   + tag("p", "", id="lab-results-note", class_="lab-results-note",
                         data_zone="lab-played")
                   + tag("p", "", id="lab-comparison", class_="lab-comparison",
                         data_zone="lab-comparison", hidden=True)
                   + tag("div", "", id="lab-plots", class_="lab-plots")
                   + tag("div", "", id="lab-table-box", class_="lab-table-box",
                         tabindex=0, role="region", aria_label=t(TABLE_TITLE))
                   + tag("details", tag("summary", _text(t(COMMAND_TITLE)))
                         + tag("div", "", id="lab-command-lines"),
                         id="lab-command", class_="lab-command", data_zone="lab-command"),
                   id="lab-results", class_="lab-results", hidden=True,
                   aria_labelledby="lab-results-title")

    def keep(self, outcome: dict[str, Any]) -> None:
        """A run's outcome (its report and CSV), to show."""
        self.report = outcome["report"]
        self.csv = str(outcome["csv"])

    async def show(self) -> None:
        """Draw the results kept (nothing before a run's)."""
        report = self.report
        if report is None:
            return
        sets = report["rule_sets"]
        box = by_id("lab-results")
        box.hidden = False
        by_id("lab-results-note").textContent = played(report)
        comparison = by_id("lab-comparison")
        comparison.textContent = report["comparison"]
        comparison.hidden = not report["comparison"]
        comparison.dataset.same = "true" if report["same"] else "false"
        self._draw_commands(report)
        self._draw_table(sets)
        try:
            plot = await self.plot
        except Exception as error:
            window.console.warn(f"[ratscrew] lab: Plot could not load: {error}")
            plot = None
        self._draw_plots(plot, report)
        self.sizes.observe(by_id("lab-plots"))
        scroll_into_view(box, behavior="smooth", block="start")

    @staticmethod
    def _draw_commands(report: dict[str, Any]) -> None:
        box = by_id("lab-command-lines")
        clear(box)
        box.appendChild(el("p", "", t("Each command plays the same games as its rule set "
                                      "here and prints the same totals:")))
        for label, command in commands(report):
            box.appendChild(el("p", "lab-command-label", label))
            pre = el("pre")
            pre.appendChild(el("code", "", command))
            box.appendChild(pre)
        # i18n: --games 1, --seed and --record game.json are typed as they are: keep them.
        # "Open record…" is the page's menu item of that name.
        box.appendChild(el("p", "", t("Each game's own seed is in the CSV: --games 1 with that "
                                      "--seed plays that game alone, and --record game.json "
                                      "saves it, to step through it on the table (Open "
                                      "record…).")))

    @staticmethod
    def _draw_table(sets: list[dict[str, Any]]) -> None:
        players = int(sets[0]["spec"]["players"])
        heads = [t("Rule set"), t("Games"), t("Cards played"), t("Cards a game (mean)"),
                 t("Cards a game (median)"), t("Minutes a game (median)"), t("Tricks"),
                 # i18n: A column of the lab's table: the games won by player {number} (P1
                 # for player 1).
                 *(t("Wins P{number}", number=seat + 1) for seat in range(players)),
                 t("Loops"), t("Capped"), t("Slaps right"), t("Slaps wrong")]
        table = table_with_head("lab-table", t(TABLE_TITLE), heads,
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
                row.appendChild(el("td", "", figure(value), data_stat=stat,
                                   data_value=str(value), **extra))
            body.appendChild(row)
        table.appendChild(body)
        box = by_id("lab-table-box")
        clear(box)
        box.appendChild(table)

    def _draw_plots(self, plot: Any, report: dict[str, Any]) -> None:
        """A figure per chart and rule set, its sentence as its caption; then, with Plot, each
        chart drawn at the figure's width with the table's text size (:meth:`_size`)."""
        box = by_id("lab-plots")
        clear(box)
        sets = report["rule_sets"]
        self.root.dataset.plots = "plot" if plot is not None else "text"
        figures: list[tuple[Any, str, int, Any]] = []
        for key, title in PLOT_TITLES.items():
            block = el("section", "lab-plot", data_plot=key)
            block.appendChild(el("h4", "", t(title)))
            row = el("div", "lab-plot-row")
            for index, data in enumerate(sets):
                name = SETS[index]
                figure = el("figure", "lab-figure", data_set=name)
                caption = el("figcaption", "", id=f"lab-cap-{key}-{name.lower()}")
                # i18n: A chart's caption begins with the rule set's name (Rule set A), as a
                # sentence; the chart's description follows.
                caption.appendChild(el("strong", "", t("{label}.", label=str(data["label"]))
                                       + " "))
                caption.appendChild(text_node(data["text"][key]))
                figure.appendChild(caption)
                row.appendChild(figure)
                figures.append((figure, key, index, caption))
            block.appendChild(row)
            box.appendChild(block)
        if plot is None:
            self.drawn = None
            box.insertBefore(el("p", "lab-results-note", t(
                "The charts could not be loaded: each is described in words, and the numbers "
                "are below.")), box.firstChild)
            return
        width, font = self._size()
        width = max(width, 200)
        charts = Charts(sets, report["causes"], width, font)
        for figure, key, index, caption in figures:
            svg = plot.plot(js_object(charts.options(plot, key, index)))
            named = svg.querySelectorAll("[aria-label]")  # Plot's names for its marks: an
            for i in range(named.length):  # image's parts have none (its caption says it all)
                named.item(i).removeAttribute("aria-label")
            svg.setAttribute("role", "img")
            # i18n: A chart's name: {label} names the rule set (Rule set A), {chart} the chart
            # ("wins by seat").
            svg.setAttribute("aria-label", t("{label}: {chart}", label=str(sets[index]["label"]),
                                             chart=t(PLOT_NAMES[key])))
            svg.setAttribute("aria-describedby", caption.id)
            svg.classList.add("lab-svg")
            figure.insertBefore(svg, caption)
        self.drawn = (width, font)
        box.dataset.width = str(width)
        box.dataset.font = f"{font:.1f}"

    def _size(self) -> tuple[int, float]:
        """The charts' width (a figure's, inside its padding; 0 while the lab is off screen)
        and their text size in px: the table's body text, never under the page's 1rem."""
        caption = document.querySelector("#lab-plots figcaption")
        width = int(caption.clientWidth) if caption else 0
        rem = font_px(document.documentElement)
        table = document.querySelector("#lab-table-box .lab-table td")
        text = font_px(table) if table else rem
        return width, round(max(rem, text), 1)

    def _on_size(self, *_: Any) -> None:
        """The charts' box changed size: once it settles, draw the charts again if their width
        or text size is no longer what they were drawn at."""
        size = self._size()
        if self.drawn is None or size[0] == 0 or size == self.drawn:
            return
        if self.timer is not None:
            window.clearTimeout(self.timer)
        self.timer = window.setTimeout(self.redraw, REDRAW_MS)

    def _redraw(self) -> None:
        self.timer = None
        size = self._size()
        if (self.report is None or self.drawn is None or size[0] == 0 or size == self.drawn
                or not self.plot.done() or self.plot.cancelled()
                or self.plot.exception() is not None):
            return
        self._draw_plots(self.plot.result(), self.report)

    def download_csv(self) -> None:
        if not self.csv or self.report is None:
            return
        spec = self.report["rule_sets"][0]["spec"]
        name = f"ratscrew-lab-{spec['variant']}-{spec['seed']}.csv"
        save_file(name, self.csv, "text/csv")
