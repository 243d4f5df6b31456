"""The drill's results: the best score, each player's totals (with their accuracy, false slaps
counted, and the patterns they caught), the patterns caught per rule, and what to do next (the
same cards again, new cards, another drill, the link, back).

Hooks the browser tests read: ``data-zone="practice-results"``, cells with ``data-stat`` and
``data-player`` (``accuracy`` and ``caught`` cells also with ``data-part`` and ``data-whole``:
the counts their share is of).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ratscrew.core.slaps import SLAP_RULES
from ratscrew.i18n import N_, t
from ratscrew.tools.practice import DrillConfig, Summary, describe
from web.dom import clear, el, table_with_head
from web.model.links import pick_seed
from web.shell.host import ToolHost
from web.tools.practice.shared import BestScores, copy_link
from web.tools.practice.text import (
    ACCURACY,
    BLOCKED,
    CAUGHT,
    FIGURES_NOTE,
    best_on_results,
    ms,
    percent,
    player_name,
    who_scored,
)
from web.tools.wiring import BACK_TO_SETUP, Wiring

TOTALS = (N_("Player"), N_("Score"), N_("Hits"), N_("Missed"), N_("False slaps"), ACCURACY,
          CAUGHT, N_("Median reaction"))
"""The results table's columns (message ids)."""
RULES_TITLE = N_("Patterns caught per rule")


def _of(part: int, whole: int) -> str:
    """What a share is of, after its percentage: " 4 of 16"."""
    # i18n: What a share is of: {part} of {whole} (4 of 16).
    return " " + t("{part} of {whole}", part=str(part), whole=str(whole))


def _share_cell(stat: str, player: int, label: str, part: int, whole: int,
                value: float | None) -> Any:
    """A share's cell: the percentage in bold, then what it is of ("4 of 16"); "—" without
    anything to count."""
    cell = el("td", "", data_stat=stat, data_player=str(player), data_label=label,
              data_part=str(part), data_whole=str(whole))
    if value is None:
        cell.textContent = percent(value)
        return cell
    cell.appendChild(el("b", "", percent(value)))
    cell.appendChild(el("span", "", _of(part, whole)))
    return cell


def _totals_table(summaries: Sequence[Summary]) -> Any:
    wrap = el("div", "practice-table-wrap")
    heads = [t(head) for head in TOTALS]
    table = table_with_head("practice-table", t("Each player's results"), heads,
                            "visually-hidden", data_table="totals")
    body = el("tbody")
    for s in summaries:
        player = str(s.player)
        row = el("tr", "", data_player=player)
        row.appendChild(el("th", "", player_name(s.player), scope="row"))
        for (stat, text), label in zip(
            (("score", str(s.score)), ("hits", str(s.hits)), ("misses", str(s.misses)),
             ("false", str(s.false_slaps))), heads[1:5], strict=True):
            row.appendChild(el("td", "", text, data_stat=stat, data_player=player,
                               data_label=label))
        row.appendChild(_share_cell("accuracy", s.player, heads[5], s.hits, s.judged,
                                    s.accuracy))
        row.appendChild(_share_cell("caught", s.player, heads[6], s.hits, s.chances, s.caught))
        row.appendChild(el("td", "", ms(s.median_reaction_ms), data_stat="median",
                           data_player=player, data_label=heads[-1]))
        body.appendChild(row)
    table.appendChild(body)
    wrap.appendChild(table)
    return wrap


def _rules_table(rules: Sequence[str], summaries: Sequence[Summary]) -> Any:
    wrap = el("div", "practice-table-wrap")
    table = el("table", "practice-table practice-rule-table", data_table="rules")
    table.appendChild(el("caption", "visually-hidden", t(RULES_TITLE)))
    head = el("tr")
    head.appendChild(el("th", "", t("Rule"), scope="col"))
    for s in summaries:
        head.appendChild(el("th", "", player_name(s.player), scope="col"))
    thead = el("thead")
    thead.appendChild(head)
    table.appendChild(thead)
    body = el("tbody")
    for i, name in enumerate(rules):
        row = el("tr", "", data_rule=name)
        row.appendChild(el("th", "", t(SLAP_RULES[name].title), scope="row"))
        for s in summaries:
            result = s.rules[i]
            cell = el("td", "", data_stat="rule", data_rule=name,
                      data_player=str(s.player), data_hits=str(result.hits),
                      data_chances=str(result.chances), data_label=player_name(s.player))
            if result.caught is None:
                # i18n: The rule's pattern never came up for this player.
                cell.textContent = t("no chance")
                cell.classList.add("none")
            else:
                cell.appendChild(el("b", "", percent(result.caught)))
                detail = _of(result.hits, result.chances)
                if result.median_reaction_ms is not None:
                    detail += f" · {ms(result.median_reaction_ms)}"
                cell.appendChild(el("span", "", detail))
            row.appendChild(cell)
        body.appendChild(row)
    table.appendChild(body)
    wrap.appendChild(table)
    return wrap


class PracticeResults:
    """The results' section (``node``), drawn anew after each run (:meth:`draw`).

    ``on_begin(config)`` runs a drill again; ``on_change(config)`` goes back to the form with
    it."""

    def __init__(self, host: ToolHost, wiring: Wiring, bests: BestScores,
                 on_begin: Callable[[DrillConfig], None],
                 on_change: Callable[[DrillConfig], None]) -> None:
        self.host = host
        self.wiring = wiring
        self.bests = bests
        self.on_begin = on_begin
        self.on_change = on_change
        self.config = DrillConfig()
        self.node = el("section", "practice-end panel", data_zone="practice-results",
                       aria_labelledby="practice-end-title")
        self.node.hidden = True
        self.title: Any = None
        self.link_out: Any = None

    def draw(self, config: DrillConfig, summaries: Sequence[Summary]) -> None:
        """The results of a run of ``config``; its best score recorded (and stored)."""
        self.config = config
        end = self.node
        clear(end)
        self.title = el("h3", "", t("Results"), id="practice-end-title", tabindex="-1")
        end.appendChild(self.title)
        # i18n: The drill's seed, as it was typed or picked.
        seed = t("seed {seed}", seed=config.seed)
        end.appendChild(el("p", "practice-end-drill", f"{describe(config)} · {seed}"))
        end.appendChild(self._best_line(config, summaries))
        end.appendChild(_totals_table(summaries))
        end.appendChild(el("p", "practice-figures", t(FIGURES_NOTE),
                           data_zone="practice-figures"))
        end.appendChild(el("h4", "", t(RULES_TITLE)))
        end.appendChild(_rules_table(config.rules, summaries))
        end.appendChild(self._actions(config))

    def _best_line(self, config: DrillConfig, summaries: Sequence[Summary]) -> Any:
        line = el("p", "practice-best", data_zone="practice-best")
        top = max(summaries, key=lambda s: s.score)
        previous = self.bests.get(config)
        new_best = top.score > 0 and self.bests.record(config, top.score)
        who = who_scored(top.player) if config.players > 1 else ""
        line.textContent = best_on_results(top.score, previous, new_best, who)
        if new_best:
            line.dataset.new = "true"
        if new_best and not self.bests.save():
            line.textContent += " " + t(BLOCKED)
        return line

    def _actions(self, config: DrillConfig) -> Any:
        button = self.wiring.button
        actions = el("div", "practice-actions")
        actions.appendChild(button(t("Again (same cards)"), lambda _e: self.on_begin(config),
                                   "primary", id="practice-again"))
        actions.appendChild(button(t("New drill (new cards)"), self._on_new_drill,
                                   id="practice-new"))
        actions.appendChild(button(t("Change the drill"),
                                   lambda _e: self.on_change(self.config), id="practice-change"))
        actions.appendChild(button(t("Copy link"), self._on_copy, id="practice-end-copy"))
        actions.appendChild(button(t(BACK_TO_SETUP), lambda _e: self.host.show_setup(),
                                   id="practice-end-back"))
        self.link_out = el("output", "practice-link")
        actions.appendChild(self.link_out)
        return actions

    def _on_new_drill(self, _event: Any) -> None:
        self.on_begin(replace(self.config, seed=pick_seed()))

    def _on_copy(self, _event: Any) -> None:
        copy_link(self.host, self.config, self.link_out)
