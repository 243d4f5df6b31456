"""The setup form (web/shell/setup.py) on a fake page, with a fake shell and a fake table: it is
drawn from the table chosen, every change writes the table chosen through the shell's one
writer, and Deal, the all-bot demo and Play with phones deal the form's table.
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.web.fake_browser import fake_browser
from tests.web.fake_shell import FakeShell
from web.model.links import TableConfig, parse_query, to_query

ROOT = Path(__file__).resolve().parents[3]
FORM = re.search(r'<form id="setup".*?</form>', (ROOT / "index.html").read_text(encoding="utf-8"),
                 re.S)
"""The setup form as index.html has it (its parts are drawn by the form itself)."""


class FakeTable:
    """The table, as the form sees it: the tables dealt."""

    def __init__(self) -> None:
        self.dealt: list[TableConfig] = []

    def start(self, config: TableConfig, new_seed: bool = False) -> None:
        self.dealt.append(config)


@pytest.fixture
def form() -> Iterator[types.SimpleNamespace]:
    assert FORM is not None
    with fake_browser(["web.shell.setup", "web.dom"], f"<body>{FORM.group()}</body>") as page:
        shell = FakeShell(parse_query("players=3&bots=2,3&seed=abc")[0])
        table = FakeTable()
        setup = page.module("web.shell.setup").SetupForm(shell, table)
        assert setup.take_over() == ""
        by_id = page.document.getElementById

        def change(element: Any, value: str) -> None:
            element.value = value
            shell.fire("setup", "change", types.SimpleNamespace(target=element))

        yield types.SimpleNamespace(page=page, shell=shell, table=table, setup=setup,
                                    by_id=by_id, change=change)


def seat_rows(form: Any) -> list[Any]:
    return form.by_id("setup-seat-list").querySelectorAll(".seat-row:not([hidden])")


def submit() -> types.SimpleNamespace:
    return types.SimpleNamespace(preventDefault=lambda: None)


def test_the_form_is_drawn_from_the_table_chosen(form: Any) -> None:
    assert form.by_id("setup-seed").value == "abc"
    assert len(seat_rows(form)) == 3
    kinds = [row.querySelector(".seat-row-kind").value for row in seat_rows(form)]
    assert kinds == ["human", "normal", "normal"]
    assert form.shell.chosen == []  # drawn, not changed


def test_a_change_is_the_table_chosen_once(form: Any) -> None:
    form.change(form.by_id("setup-players"), "4")
    assert len(form.shell.chosen) == 1 and form.shell.config.players == 4
    assert len(seat_rows(form)) == 4
    link = form.by_id("setup-link").textContent
    assert link.endswith("?" + to_query(replace(form.shell.config, autostart=True)))


def test_a_new_seed_typed_is_the_table_chosen(form: Any) -> None:
    form.change(form.by_id("setup-seed"), "xyz")
    assert [config.seed for config in form.shell.chosen] == ["xyz"]


def test_deal_deals_the_forms_table(form: Any) -> None:
    form.change(form.by_id("setup-players"), "4")
    form.shell.fire("setup", "submit", submit())
    dealt, = form.table.dealt
    assert dealt.players == 4 and dealt.seed == "abc"
    assert [seat.bot for seat in dealt.seats] == [False, True, True, True]


def test_the_demo_deals_the_forms_table_with_bots_only(form: Any) -> None:
    form.shell.fire("setup-demo", "click")
    dealt, = form.table.dealt
    assert all(seat.bot for seat in dealt.seats) and dealt.players == 3


def test_phones_play_each_persons_seat(form: Any) -> None:
    form.shell.fire("setup-phones", "click")
    dealt, = form.table.dealt
    assert [seat.phone for seat in dealt.seats] == [True, False, False]


def test_phones_with_every_seat_a_bot_are_refused(form: Any) -> None:
    row = seat_rows(form)[0]
    form.change(row.querySelector(".seat-row-kind"), "normal")
    form.shell.fire("setup-phones", "click")
    assert form.table.dealt == []
    assert form.shell.notices == ["Every seat is a bot: set a seat to Phone (or Human) first."]


def test_copy_link_picks_a_seed_and_shows_it(form: Any) -> None:
    form.change(form.by_id("setup-seed"), "")
    form.shell.fire("setup-copy", "click")
    seed = form.by_id("setup-seed").value
    assert seed and form.shell.config.seed == seed
    copied, = form.shell.copied
    assert f"seed={seed}" in copied
    assert form.by_id("setup-link").textContent == f"Copied: {copied}"
