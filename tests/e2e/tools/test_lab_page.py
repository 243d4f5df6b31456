"""The statistics lab: all-bot games in PyScript's Web Worker, with a progress bar and Cancel; the
same seed gives the numbers ``python -m ratscrew simulate`` gives (the commands folded away, not
in the lab's sentences); the CSV has a row per game; every chart is an SVG with its sentence,
its text never smaller than the table's (1rem), larger on a projector; two rule sets that are
the same are said to be; the fields are the page's own; the form and the results pass axe;
Plot loads only with the lab."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import PageLog
from playwright.sync_api import Page, expect
from test_a11y import axe_problems

from ratscrew.play.match import simulate
from ratscrew.tools.lab import LabSpec
from ratscrew.variants import find_variant

pytestmark = pytest.mark.e2e

RUN_TIMEOUT_MS = 180_000


def plot_requests(log: PageLog) -> list[str]:
    return [url for url in log.requests if "/runtime/plot/" in url]


def open_lab(page: Page, open_site: Callable[..., str]) -> None:
    assert open_site() == "true"
    page.click("#setup-lab")
    expect(page.locator("#lab")).to_be_visible()
    # the worker's own Pyodide starts in the background: wait until the lab knows where it runs
    page.wait_for_selector("#lab[data-runner]", state="attached", timeout=RUN_TIMEOUT_MS)


def choose(page: Page, games: int, seed: int, compare: bool) -> None:
    page.select_option("#lab-variant", "classic")
    page.select_option("#lab-players", "4")
    page.select_option("#lab-level", "normal")
    page.fill("#lab-games", str(games))
    page.fill("#lab-seed", str(seed))
    if compare:
        page.check("#lab-compare")
        page.fill("#lab-b-label", "No sandwich")
        page.click("#lab-b-details summary")
        page.uncheck("#lab-b-rule-slap-sandwich")
        expect(page.locator("#lab-b-changes")).to_contain_text("Slap rules")


CHART_TEXT = """() => {
  const px = (node) => parseFloat(getComputedStyle(node).fontSize);
  const sizes = [];
  for (const svg of document.querySelectorAll("#lab-plots svg.lab-svg")) {
    // drawn at its figure's width, or scaled: what is on screen is the size times the scale
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll("text")) sizes.push(px(text) * scale);
  }
  return {rem: px(document.documentElement), table: px(document.querySelector(".lab-table td")),
          smallest: Math.min(...sizes), count: sizes.length,
          font: document.getElementById("lab-plots").dataset.font};
}"""
"""The rendered size of the charts' smallest text (tick labels, axis labels), the page's 1rem
and the table's text, in px."""


def table_numbers(page: Page, name: str) -> dict[str, Any]:
    cells = page.eval_on_selector_all(
        f'[data-zone="lab-table"] tr[data-set="{name}"] td[data-stat]',
        "cells => cells.map(c => [c.dataset.stat, c.dataset.seat ?? null, c.dataset.value])")
    out: dict[str, Any] = {"wins": []}
    for stat, seat, value in cells:
        if stat == "wins":
            out["wins"].append(int(value))
        else:
            out[stat] = float(value) if "." in value else int(value)
        assert seat is None or int(seat) == len(out["wins"]) - 1
    return out


def test_the_labs_numbers_are_the_command_lines_and_plots_have_words(
    page: Page, open_site: Callable[..., str], page_log: PageLog,
    assert_only_local_requests: Callable[[], None],
) -> None:
    assert open_site() == "true"
    assert plot_requests(page_log) == [], "start-up must not load Plot"
    before = len(page_log.requests)
    page.click("#setup-lab")
    page.wait_for_selector("#lab[data-runner]", state="attached", timeout=RUN_TIMEOUT_MS)
    assert page.get_attribute("#lab", "data-runner") == "worker"
    # The worker's Python starts as the page's does, with the site's compiled standard library
    # (1.0 s to start instead of 2.5 s on a 2-core laptop): the site serves no other.
    libraries = [url.rsplit("/", 1)[1] for url in page_log.requests[before:]
                 if url.endswith(".zip") and "app.zip" not in url]
    assert len(libraries) == 1 and re.fullmatch(r"stdlib-[0-9a-f]{12}\.zip", libraries[0])
    assert sorted({u.rsplit("/", 1)[1] for u in plot_requests(page_log)}) == [
        "d3.min.js", "plot.umd.min.js"]

    choose(page, games=100, seed=7, compare=True)
    page.click("#lab-run")
    page.wait_for_selector("#lab[data-state=done]", state="attached", timeout=RUN_TIMEOUT_MS)

    sandwichless = [r for r in find_variant("classic").rules_for(4).slaps if r != "sandwich"]
    for name, options in (("A", {}), ("B", {"slaps": sandwichless})):
        want = simulate("classic", 4, 100, 7, "normal", options).to_dict()
        got = table_numbers(page, name)
        for stat in ("games", "cards_played", "tricks", "wins", "loops", "capped",
                     "slaps_right", "slaps_wrong", "mean_cards_per_game"):
            assert got[stat] == want[stat], (name, stat)
    assert page.locator('[data-zone="lab-progress"]').get_attribute("value") == "200"

    # The sentences speak to a teacher: what was played, and what the second set changes.
    expect(page.locator("#lab-results-note")).to_have_text(
        "Egyptian Rat Screw, 4 players, Normal bots, seed 7: 100 games of each rule set, on "
        "the same deals.")
    comparison = page.locator('[data-zone="lab-comparison"]')
    expect(comparison).to_have_attribute("data-same", "false")
    expect(comparison).to_contain_text("Against Rule set A, No sandwich's games are ")
    expect(page.locator("#lab-same")).to_be_hidden()
    # The command lines are folded away, one a rule set, each giving that set's totals.
    for words in (".lab-intro", "#lab-status", "#lab-runner", "#lab-results-note",
                  "#lab-comparison", "#lab-plots"):
        assert "python" not in page.locator(words).inner_text(), words
    fold = page.locator("details#lab-command")
    expect(fold.locator("summary")).to_have_text("The same numbers on the command line")
    expect(fold.locator("pre").first).to_be_hidden()
    assert fold.get_attribute("open") is None
    fold.locator("summary").click()
    expect(fold.locator("pre").first).to_be_visible()
    assert fold.locator("pre").all_inner_texts() == [
        LabSpec("classic", 4, 100, 7, "normal", options).command()
        for options in ({}, {"slaps": sandwichless})]

    # every chart an SVG, for each rule set, with its sentence as caption and description
    figures = page.locator("#lab-plots figure")
    assert figures.count() == 10
    for i in range(figures.count()):
        figure = figures.nth(i)
        svg = figure.locator("svg.lab-svg")
        assert svg.count() == 1
        assert svg.get_attribute("role") == "img"
        assert svg.get_attribute("aria-label")
        caption = figure.locator("figcaption")
        assert caption.get_attribute("id") == svg.get_attribute("aria-describedby")
        assert len(caption.inner_text()) > 30
    expect(page.locator('[data-plot="cards"] figcaption').first).to_contain_text(
        "Game length in cards: 100 games, median")

    # the CSV: a row per game per rule set
    with page.expect_download() as info:
        page.click("#lab-csv")
    saved = info.value
    assert saved.suggested_filename == "ratscrew-lab-classic-7.csv"
    rows = list(csv.DictReader(io.StringIO(Path(saved.path()).read_text(encoding="utf-8"))))
    assert len(rows) == 200
    assert [r["rule set"] for r in rows].count("No sandwich") == 100
    assert sum(int(r["cards"]) for r in rows[:100]) == table_numbers(page, "A")["cards_played"]

    assert page_log.errors() == []
    assert_only_local_requests()


def test_a_key_press_and_cancel_are_handled_while_the_lab_runs(
    page: Page, open_site: Callable[..., str], page_log: PageLog,
) -> None:
    open_lab(page, open_site)
    choose(page, games=5000, seed=3, compare=False)
    progress = page.locator('[data-zone="lab-progress"]')

    def played() -> int:
        return int(float(progress.get_attribute("value") or 0))

    for stop in ("key", "click"):
        page.click("#lab-run")
        page.wait_for_selector("#lab[data-state=running]", state="attached")
        page.wait_for_function(
            "document.querySelector('[data-zone=\"lab-progress\"]').value > 0",
            timeout=RUN_TIMEOUT_MS)
        # The page goes on drawing while the games run (how fast: scripts/bench_page.py).
        for _ in range(3):
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(1)))")
        before = played()
        page.wait_for_function(
            f"document.querySelector('[data-zone=\"lab-progress\"]').value > {before}")
        if stop == "key":
            page.locator("#lab-a-label").press("Escape")
        else:
            page.click("#lab-cancel")
        expect(page.locator("#lab-status")).to_contain_text("Cancelled after")
        assert page.get_attribute("#lab", "data-state") == "cancelled"
        stopped = played()
        assert 0 < stopped < 5000
        # The run ends once the worker answers the step it was playing at Cancel.
        page.wait_for_function("window.ratscrewApp.lab.tasks.length === 0",
                               timeout=RUN_TIMEOUT_MS)
        assert played() == stopped, "the progress goes on after Cancel"
        expect(page.locator("#lab-run")).to_be_enabled()
    assert page_log.errors() == []


def test_two_rule_sets_that_are_the_same_are_said_to_be_and_charts_read_on_a_projector(
    page: Page, open_site: Callable[..., str], page_log: PageLog,
) -> None:
    open_lab(page, open_site)
    # The lab's fields are the page's own, as on the setup form (hidden, still styled).
    look = """([mine, theirs]) => ["backgroundColor", "color", "borderTopColor"].map(
        (p) => [getComputedStyle(document.querySelector(mine))[p],
                getComputedStyle(document.querySelector(theirs))[p]])"""
    for mine, theirs in (("#lab-games", "#setup-seed"), ("#lab-a-label", "#setup-seed"),
                         ("#lab-variant", "#setup-variant")):
        for own, setup in page.evaluate(look, [mine, theirs]):
            assert own == setup, (mine, own, setup)

    choose(page, games=100, seed=3, compare=False)
    same = page.locator("#lab-same")
    page.check("#lab-compare")
    expect(same).to_be_visible()  # by rule set B, before any game is played
    expect(same).to_contain_text("These are rule set A's rules")
    page.click("#lab-b-details summary")
    page.uncheck("#lab-b-rule-slap-double")
    expect(same).to_be_hidden()
    page.check("#lab-b-rule-slap-double")
    expect(same).to_be_visible()
    page.uncheck("#lab-compare")
    expect(same).to_be_hidden()
    page.check("#lab-compare")
    page.fill("#lab-b-label", "Copy")
    page.click("#lab-run")
    page.wait_for_selector("#lab[data-state=done]", state="attached", timeout=RUN_TIMEOUT_MS)
    comparison = page.locator('[data-zone="lab-comparison"]')
    expect(comparison).to_have_attribute("data-same", "true")
    expect(comparison).to_have_text(
        "Rule set A and Copy have the same rules, so they play the same games and show no "
        "difference. Change a house rule of one of them to compare.")
    assert table_numbers(page, "A") == table_numbers(page, "B")

    # The charts' text: at least the table's, never under 1rem; larger with "Projector".
    page.wait_for_selector("#lab-plots svg.lab-svg")
    plain = page.evaluate(CHART_TEXT)
    assert plain["count"] > 50
    assert plain["smallest"] >= max(plain["rem"], plain["table"]) - 0.1, plain
    page.click("#settings-open")
    page.check("#projector")
    page.click("#settings-close")
    expect(page.locator("html")).to_have_class(re.compile(r"\bprojector\b"))
    page.wait_for_function(  # drawn again for the larger text
        "(font) => document.getElementById('lab-plots').dataset.font !== font",
        arg=plain["font"])
    big = page.evaluate(CHART_TEXT)
    assert big["rem"] > plain["rem"]
    assert big["smallest"] >= max(big["rem"], big["table"]) - 0.1, big
    assert big["smallest"] > plain["smallest"]
    page.click("#lab-command summary")
    problems = axe_problems(page)  # the form, the results and the fold
    assert problems == [], "\n".join(problems)
    assert page_log.errors() == []


def test_back_to_setup_stops_the_lab(page: Page, open_site: Callable[..., str]) -> None:
    open_lab(page, open_site)
    expect(page.locator("#lab-back")).to_have_text("Back to the game setup")
    page.click("#lab-back")
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#lab")).to_be_hidden()
    assert page.locator("#lab *").count() == 0


def test_the_table_is_played_while_the_lab_runs_off_screen(
    page: Page, open_site: Callable[..., str], page_log: PageLog,
) -> None:
    """A teacher starts 5,000 games, then deals a game: the keys play it while the lab goes on
    in its worker, its progress on the bar; the bar's Lab button goes back to it."""
    open_lab(page, open_site)
    choose(page, games=5000, seed=5, compare=False)
    page.click("#lab-run")
    page.wait_for_selector("#lab[data-state=running]", state="attached")
    page.click("#to-setup")
    expect(page.locator("#lab")).to_be_hidden()
    expect(page.locator("#bar-lab")).to_be_visible()
    expect(page.locator("#bar-lab")).to_have_text(re.compile(r"^Lab: \d+%$"))
    page.select_option("#setup-variant", "classic")
    page.click("#setup-start")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    first = page.locator("#bar-lab").text_content()
    page.keyboard.press("q")  # seat 1 leads: its flip key
    # The game's first action is that flip (the bots may have played on since: the log keeps it).
    expect(page.locator("#log li[data-step='1']")).to_contain_text("flips")
    page.wait_for_function(
        "(first) => document.getElementById('bar-lab').textContent !== first", arg=first,
        timeout=RUN_TIMEOUT_MS)  # the lab went on meanwhile
    assert page.evaluate("window.ratscrewLatency.length") >= 1  # the key was the page's
    page.click("#bar-lab")
    expect(page.locator("body")).to_have_attribute("data-screen", "lab")
    expect(page.locator("#lab")).to_have_attribute("data-state", "running")
    expect(page.locator("#bar-lab")).to_be_hidden()
    page.click("#lab-cancel")
    expect(page.locator("#lab-status")).to_contain_text("Cancelled after")
    assert page_log.errors() == []
