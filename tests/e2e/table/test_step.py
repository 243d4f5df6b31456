"""Step and rewind, and game records opened in the page.

At every moment the table shows the engine's state for that prefix of the record: each test
replays the same prefix in CPython (:func:`ratscrew.play.record.replay`) and compares the seats'
counts, the pile, the log and the moment the page says it shows."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from e2e_table import open_table, pile, seat
from playwright.sync_api import Page, expect

from ratscrew.core.engine import Game
from ratscrew.play.record import replay
from web.model.card_text import with_symbols
from web.model.log_lines import FUTURE_LIMIT, LOG_LIMIT

pytestmark = pytest.mark.e2e


def page_record(page: Page) -> dict[str, Any]:
    """The whole record the page holds (the actions still to come included)."""
    with page.expect_download() as info:
        page.click("#table-record")
    return json.loads(Path(info.value.path()).read_text(encoding="utf-8"))


def prefix(record: dict[str, Any], step: int) -> Game:
    """The game after the record's first ``step`` actions, replayed in CPython."""
    data = {k: v for k, v in record.items() if k != "result"}
    return replay(dict(data, actions=record["actions"][:step]))


def expect_moment(page: Page, record: dict[str, Any], step: int) -> Game:
    """The page shows the engine's state after ``step`` actions of ``record``."""
    game = prefix(record, step)
    expect(page.locator("#step-at")).to_have_text(f"{step} of {len(record['actions'])}")
    for n in range(game.n):
        expect(seat(page, n)).to_have_attribute("data-cards", str(len(game.hands[n])))
    expect(pile(page)).to_have_attribute("data-cards", str(len(game.pile)))
    names = game.names or None
    happened = page.locator("#log li:not(.future)")
    expect(happened).to_have_count(min(len(game.events), LOG_LIMIT))
    newest = with_symbols(game.events[-1].explain(names))
    expect(page.locator("#log li[aria-current]")).to_contain_text(newest)
    total = len(replay({k: v for k, v in record.items() if k != "result"}).events)
    expect(page.locator("#log li.future")).to_have_count(
        min(total - len(game.events), FUTURE_LIMIT))
    return game


def local_noon(page: Page) -> datetime:
    """Noon of 1 January 2026 in the page's time zone: the page's clock in these tests (K.U.R.S.'
    Sun reads the local time, a game option)."""
    offset = page.evaluate("new Date(Date.UTC(2026, 0, 1, 12)).getTimezoneOffset()")
    return datetime(2026, 1, 1, 12, tzinfo=UTC) + timedelta(minutes=offset)


def finished_game(page: Page, open_site: Callable[..., str], variant: str, players: int,
                  seed: str) -> dict[str, Any]:
    page.clock.set_fixed_time(local_noon(page))
    open_table(open_site, page, {"variant": variant, "players": players, "bots": "all",
                                 "seed": seed, "speed": "instant", "autostart": 1})
    page.wait_for_selector("body[data-winner]", state="attached", timeout=60_000)
    page.click("#gameover-review")
    expect(page.locator("#gameover")).to_be_hidden()
    return page_record(page)


@pytest.mark.shared_page
def test_back_step_and_the_log_show_the_engine_state_at_each_prefix(
    page: Page, open_site: Callable[..., str]
) -> None:
    """A K.U.R.S. demo, finished: Back (key and button), Step, and a log entry each show
    exactly the replayed prefix; the end of the record is the game's end again."""
    record = finished_game(page, open_site, "kurs", 4, "step-6")  # 511 actions at noon
    total = len(record["actions"])
    expect(page.locator("#step-at")).to_have_text(f"{total} of {total}")
    page.keyboard.press(",")
    expect_moment(page, record, total - 1)
    expect(page.locator("body")).not_to_have_attribute("data-winner", "0")
    assert page.get_attribute("body", "data-winner") is None
    page.click("#step-back")
    page.keyboard.press(",")
    expect_moment(page, record, total - 3)
    # A log entry from the middle of the game: its moment, and the rest greyed above it.
    entries = page.locator("#log li")
    entry = entries.nth(entries.count() // 2)
    middle = int(entry.get_attribute("data-step") or "")
    entry.scroll_into_view_if_needed()
    entry.click()
    expect_moment(page, record, middle)
    expect(page.locator("#paused-banner")).to_be_visible()
    expect(page.locator("#paused-banner")).to_contain_text(f"Action {middle} of {total}")
    for step in range(middle + 1, middle + 4):
        page.keyboard.press(".")
        expect_moment(page, record, step)
    page.click("#step-on")
    expect_moment(page, record, middle + 4)
    # The Hermit (K.U.R.S.' Major Arcana IX): stepped through card by card, then rewound.
    hermit = page.locator("#log li", has_text="Hermit").last
    start = int(hermit.get_attribute("data-step") or "")
    hermit.click()
    expect_moment(page, record, start)
    for step in range(start + 1, start + 6):
        page.click("#step-on")
        expect_moment(page, record, step)
    for step in range(start + 4, start - 2, -1):
        page.keyboard.press(",")
        expect_moment(page, record, step)
    # The deal (the oldest entry, once the game is short enough for the log to hold it
    # all): nothing to go back to.
    if len(prefix(record, middle).events) < LOG_LIMIT:
        page.locator("#log li").last.click()
        expect_moment(page, record, 0)
        expect(page.locator("#step-back")).to_be_disabled()
    # The last entry: the end of the game, its winner on <body>, no end screen over the table.
    page.locator("#log li").first.click()
    game = expect_moment(page, record, total)
    assert game.outcome is not None and game.outcome.winner is not None
    expect(page.locator("body")).to_have_attribute("data-winner", str(game.outcome.winner))
    expect(page.locator("#gameover")).to_be_hidden()
    expect(page.locator("#log li.future")).to_have_count(0)


@pytest.mark.shared_page
def test_the_log_is_a_list_to_move_through_with_the_keys(
    page: Page, open_site: Callable[..., str]
) -> None:
    record = finished_game(page, open_site, "classic", 2, "step-keys")
    total = len(record["actions"])
    page.focus("#log")
    page.keyboard.press("ArrowDown")  # the newest entry
    for _ in range(5):
        page.keyboard.press("ArrowDown")
    step = int(page.evaluate("document.activeElement.dataset.step"))
    assert step < total
    page.keyboard.press("Enter")
    expect_moment(page, record, step)
    # The focus stays on the moment's entry: Enter again does not move the table.
    expect(page.locator("#log li[aria-current]")).to_be_focused()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    expect_moment(page, record, 0)


def test_resuming_from_a_past_moment_plays_on_and_cuts_the_record(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_table(open_site, page, {"players": 3, "bots": "all", "seed": "cut here",
                                 "speed": "8", "autostart": 1})
    page.wait_for_function("window.ratscrewApp.session.game.cards_played > 30")
    page.keyboard.press(".")  # Step pauses the game first
    expect(page.locator("#pause")).to_have_text("Resume")
    # Paused at the record's end: the banner says what the keys do, drawn as key caps (a
    # touch screen's words are for a touch screen).
    banner = page.locator("#paused-banner")
    expect(banner.locator(".for-keys")).to_have_text(
        "Paused · Esc to resume · , to go back · . to step")
    expect(banner.locator(".for-keys kbd")).to_have_text(["Esc", ",", "."])
    expect(banner.locator(".for-touch")).to_be_hidden()
    before = page_record(page)
    for _ in range(8):
        page.keyboard.press(",")
    step = len(before["actions"]) - 8
    expect_moment(page, before, step)
    expect(page.locator("#paused-banner")).to_have_text(
        f"Action {step} of {step + 8} · Resume drops the next 8")
    page.click("#pause")  # Resume: play on from here
    expect(page.locator("#log li.future")).to_have_count(0)
    page.wait_for_function(f"window.ratscrewApp.session.game.history.length > {step + 12}")
    page.click("#pause")
    after = page_record(page)
    assert after["actions"][:step] == before["actions"][:step]
    assert after["actions"][step:] != before["actions"][step:]
    replay(after)  # the cut record is a game of its own, start to end
    position = len(after["actions"])
    expect(page.locator("#step-at")).to_have_text(f"{position} of {position}")


@pytest.mark.shared_page
def test_a_downloaded_record_opens_on_the_table_and_steps_to_the_same_end(
    page: Page, open_site: Callable[..., str], tmp_path: Path
) -> None:
    """Download, then Open record: the deal, the whole record ahead, the same final state."""
    record = finished_game(page, open_site, "slae", 3, "open-me")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page.click("#to-setup")
    page.set_input_files("#record-file", str(path))
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect_moment(page, record, 0)
    expect(page.locator("#bar-variant")).to_have_text("Slap Like an Egyptian")
    expect(page.locator("#pause")).to_have_text("Resume")
    page.locator("#log li").first.click()
    game = expect_moment(page, record, len(record["actions"]))
    assert game.outcome is not None
    expect(page.locator("body")).to_have_attribute("data-winner", str(game.outcome.winner))
    # The page's game is the record's, action for action.
    assert page_record(page)["actions"] == record["actions"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"variant": "classic", "players": 2, "seed": 1, "actions": [[0, 5, "flip"]]}',
         "action 1: seat 5 does not exist"),
        ("[" * 100_000, "not a record"),
    ],
)
def test_a_bad_record_file_is_refused_with_a_message_and_changes_nothing(
    page: Page, open_site: Callable[..., str], tmp_path: Path, content: str, message: str
) -> None:
    assert open_site() == "true"
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    page.set_input_files("#record-file", str(path))
    notice = page.locator("#notices .notice")
    expect(notice).to_contain_text("bad.json is not a game record this page can open")
    expect(notice).to_contain_text(message)
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    assert page.evaluate("window.ratscrewApp.session === undefined "
                         "|| window.ratscrewApp.session === null")
