"""The statistics lab's results: a note with the matching command line, a chart per question for
each rule set (each with its sentence from :func:`ratscrew.tools.lab.describe` as its caption
and accessible name), the table of numbers and the CSV.

Without Plot (:func:`web.tools.lab.charts.load_plot` failed) the captions and the table remain.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window

from web.model.setup_html import tag
from web.table.cards_view import by_id, clear, el, save_file, table_with_head
from web.tools.lab.charts import PLOT_TITLES, Charts, js_obj
from web.tools.lab.form import LEVEL_LABELS, SETS


def number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


class LabResults:
    """The results' box (:meth:`markup`), drawn from the outcome of a run (:meth:`keep`, then
    :meth:`show`). ``plot`` is Observable Plot, loading."""

    def __init__(self, root: Any, plot: asyncio.Future[Any]) -> None:
        self.root = root
        self.plot = plot
        self.report: dict[str, Any] | None = None
        self.csv = ""

    @staticmethod
    def markup() -> str:
        return tag("div",
                   tag("div", tag("h3", "Results", id="lab-results-title")
                       + tag("button", "Download CSV", id="lab-csv", type="button"),
                       class_="lab-results-head")
                   + tag("p", "", id="lab-results-note", class_="lab-results-note")
                   + tag("div", "", id="lab-plots", class_="lab-plots")
                   + tag("div", "", id="lab-table-box", class_="lab-table-box"),
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
        first = sets[0]
        spec = first["spec"]
        by_id("lab-results-note").textContent = (
            f"{first['variant']['title']}, {spec['players']} players, "
            f"{LEVEL_LABELS.get(spec['difficulty'], '')} bots, seed "
            f"{spec['seed']}: the command line's "
            f"python -m ratscrew simulate --variant {first['variant']['name']} --players "
            f"{spec['players']} --games {spec['games']} --seed "
            f"{spec['seed']} --difficulty {spec['difficulty']} gives the "
            "same totals.")
        self._draw_table(sets)
        try:
            plot = await self.plot
        except Exception as error:
            window.console.warn(f"[ratscrew] lab: Plot could not load: {error}")
            plot = None
        self._draw_plots(plot, report)
        box.scrollIntoView(js_obj({"behavior": "smooth", "block": "start"}))

    @staticmethod
    def _draw_table(sets: list[dict[str, Any]]) -> None:
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

    def _draw_plots(self, plot: Any, report: dict[str, Any]) -> None:
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
