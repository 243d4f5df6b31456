"""The table in play (web/table/play.py) and stepping through its record (web/table/steps.py)
on a fake page, with a fake shell: the bots play on the page's timers, Back and Step show the
record's moments, and the table draws itself afresh for a step back; a game won has its moment
and then its end screen (web/table/end.py), once.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.fake_shell import table_page
from web.model.session import Session


@pytest.fixture
def table() -> Iterator[types.SimpleNamespace]:
    with table_page() as page:
        yield page


def bots_game() -> Session:
    return Session("classic", 3, 7, ["Ada", "Ben", "Cy"], dict.fromkeys(range(3), "expert"),
                   speed="8")


def played(table: Any, actions: int) -> Session:
    """A game of bots on the table, played on its timers until it has ``actions`` actions or
    a few more, then paused."""
    session = bots_game()
    table.deal(session)
    while session.position < actions:
        table.run(100)
    table.play.set_paused(True)
    return session


def current_entry(table: Any) -> str:
    entry = table.by_id("log").querySelector("[aria-current]")
    return "" if entry is None else str(entry.attributes.get("data-step"))


def test_the_bots_play_on_the_pages_timers(table: Any) -> None:
    session = bots_game()
    table.deal(session)
    assert session.position == 0 and not session.paused
    table.run(3000)
    assert session.position > 0
    assert table.by_id("step-at").textContent == f"{session.position} of {session.position}"


def test_stepping_back_shows_the_earlier_moment_on_a_table_drawn_afresh(table: Any) -> None:
    session = played(table, 12)
    at = session.position
    before = table.play.view
    table.shell.fire("step-back", "click")
    assert session.position == at - 1 and session.paused
    assert len(session.game.history) == at - 1  # the game is as it was then
    assert table.play.view is not before  # drawn afresh at that moment
    assert table.by_id("step-at").textContent == f"{at - 1} of {at}"
    assert "Resume drops the next 1" in table.by_id("paused-banner").textContent
    table.shell.fire("step-on", "click")
    assert session.position == at and len(session.game.history) == at
    assert table.by_id("step-at").textContent == f"{at} of {at}"


def test_a_click_on_a_log_entry_takes_the_table_to_its_moment(table: Any) -> None:
    session = played(table, 12)
    at = session.position
    entry = table.by_id("log").querySelector("[data-step='5']")
    assert entry is not None
    table.shell.fire("log", "click", types.SimpleNamespace(target=entry))
    assert session.position == 5 and session.paused
    assert current_entry(table) == "5"
    assert table.by_id("step-at").textContent == f"5 of {at}"


def test_steps_do_nothing_under_a_dialog(table: Any) -> None:
    session = played(table, 6)
    at = session.position
    table.shell.dialog = True
    table.shell.fire("step-back", "click")
    assert session.position == at


def test_resuming_at_a_past_moment_plays_on_from_there(table: Any) -> None:
    session = played(table, 12)
    at = session.position
    table.play.step_back()
    table.play.step_back()
    table.play.toggle_pause()
    assert not session.paused and len(session.tape) == at - 2  # the actions after it dropped
    table.run(3000)
    assert session.position > at - 2


def test_a_game_won_has_its_moment_then_the_end_screen(table: Any) -> None:
    session = Session("classic", 2, 5, ["Ada", "Ben"], {0: "expert", 1: "expert"},
                      speed="instant")
    table.deal(session)
    while session.game.outcome is None:
        table.run(100)
    winner = session.game.outcome.winner
    assert table.page.document.body.dataset.winner == str(winner)
    assert table.by_id("pause").disabled  # nothing to pause or resume
    table.run(3000)  # the winner's moment
    assert table.by_id("gameover").open
    assert table.by_id("gameover-title").textContent == f"{session.game.name(winner)} wins!"
    table.shell.fire("gameover-review", "click")  # "Review the game"
    assert not table.by_id("gameover").open
    table.play.step_back()
    assert session.game.outcome is None and table.page.document.body.dataset.winner is None
    table.shell.fire("step-on", "click")  # the end again: shown, but once is enough
    assert table.page.document.body.dataset.winner == str(winner)
    table.run(3000)
    assert not table.by_id("gameover").open
