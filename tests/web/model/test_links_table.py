"""A link's reading, written once for both languages: tests/fixtures/links.json.

Python's reading (:func:`web.model.links.parse_query`, as the page reads a practice drill's
link: a new table) must give each case's table, and so must the reading the page does before
Python is there (web/boot/loader.js, whose tests/js/links.test.mjs runs the same cases): the
first screen then shows the table Python will deal. The table's ``page`` is what the setup's
menus give the early reader, which must be the engine's games and levels.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from ratscrew.play.bots import DIFFICULTIES
from ratscrew.variants import VARIANTS
from web.model.links import SeatConfig, default_players, parse_query, tool_link
from web.model.seating import longest_word
from web.model.setup_html import seat_row, variant_options

TABLE: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "links.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = TABLE["cases"]


def python_reading(query: str) -> dict[str, Any]:
    """What the page's Python makes of a link (web/shell/app.py: a teaching tool's link, a
    practice drill's or a lesson's, is no table), in the table's terms."""
    config, _ = parse_query("" if tool_link(query) else query)
    return {
        "autostart": config.autostart,
        "variant": config.variant,
        "players": config.players,
        "bots": [i + 1 for i, seat in enumerate(config.seats) if seat.bot],
        "levels": [seat.difficulty for seat in config.seats],
        "names": [seat.name for seat in config.seats],
        "words": [longest_word(seat.name) for seat in config.seats],
        "seed": config.seed,
    }


@pytest.mark.parametrize("case", CASES, ids=[case["why"] for case in CASES])
def test_python_reads_each_link_as_the_table_says(case: dict[str, Any]) -> None:
    want = {key: value for key, value in case.items() if key not in ("query", "why")}
    assert python_reading(case["query"]) == want


def test_the_cases_are_all_different_links() -> None:
    queries = [case["query"] for case in CASES]
    assert len(set(queries)) == len(queries)


class _Options(HTMLParser):
    """The <option> elements of some markup, with their attributes."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.options: list[dict[str, str | None]] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "option":
            self.options.append(dict(attrs))


def test_the_tables_page_is_what_the_setup_menus_give_the_early_reader() -> None:
    # web/boot/setup_early.js reads each game from the game menu's options, and the levels
    # from a seat's menu (all but a person's and a phone's).
    games = _Options(variant_options("classic")).options
    read = [{"name": o["value"], "aliases": (o.get("data-aliases") or "").split(),
             "min": int(o["data-min"] or 0), "max": int(o["data-max"] or 0),
             "players": int(o["data-players"] or 0)} for o in games]
    assert TABLE["page"]["variants"] == read
    assert read == [{"name": v.name, "aliases": list(v.aliases), "min": v.min_players,
                     "max": v.max_players, "players": default_players(v)}
                    for v in VARIANTS.values()]
    assert read[0]["name"] == parse_query("")[0].variant  # the first is the default
    kinds = _Options(seat_row(VARIANTS["classic"], 0, SeatConfig("A", False), None, "")).options
    levels = [o["value"] for o in kinds if o["value"] not in ("human", "phone")]
    assert TABLE["page"]["levels"] == levels == list(DIFFICULTIES)
