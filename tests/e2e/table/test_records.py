"""Game records from the page: "Download record" on the table and on the end screen saves the JSON
that ``python -m ratscrew replay`` reads; replaying it in CPython gives the game the page played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from e2e_table import open_table
from playwright.sync_api import Page, expect

from ratscrew.play.record import replay

# Tables are dealt in one page (tests/e2e/shared_page.py).
pytestmark = [pytest.mark.e2e, pytest.mark.shared_page]

GAME_TIMEOUT_MS = 300_000
"""A guard against a game that never ends, not a speed: this instant game of about 3,200
actions takes some 9 s on a fast machine, and four times as long with the CPU slowed 4x."""


def download(page: Page, button: str) -> tuple[str, str]:
    """Click ``button``; the file name and text of what it saves."""
    with page.expect_download() as info:
        page.click(button)
    saved = info.value
    return saved.suggested_filename, Path(saved.path()).read_text(encoding="utf-8")


def page_game(page: Page) -> dict[str, object]:
    return page.evaluate(
        "(() => { const g = window.ratscrewApp.session.game;"
        " return {actions: g.history.length, cards: g.cards_played, tricks: g.tricks,"
        " hands: Array.from(g.hands, (h) => h.length)}; })()")


def test_the_end_screen_saves_a_record_that_replays_to_the_same_game(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_table(open_site, page, {"variant": "kurs", "players": 4, "bots": "all",
                                 "seed": "record-1", "speed": "instant", "autostart": 1})
    page.wait_for_selector("body[data-winner]", state="attached", timeout=GAME_TIMEOUT_MS)
    expect(page.locator("#gameover")).to_be_visible()
    name, text = download(page, "#gameover-record")
    assert name == "ratscrew-kurs-record-1.json"
    game = replay(text)  # the record's result is checked against the replay
    assert game.outcome is not None
    winner = page.get_attribute("body", "data-winner")
    assert str(game.outcome.winner if game.outcome.winner is not None else "none") == winner
    assert page_game(page) == {"actions": len(game.history), "cards": game.cards_played,
                               "tricks": game.tricks, "hands": [len(h) for h in game.hands]}


def test_the_table_saves_the_game_so_far(page: Page, open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"players": 3, "bots": "all", "seed": "mid game!",
                                 "speed": "8", "autostart": 1})
    page.wait_for_function("window.ratscrewApp.session.game.cards_played > 20")
    page.click("#pause")
    name, text = download(page, "#table-record")
    assert name == "ratscrew-classic-mid-game.json"
    game = replay(text)
    assert game.outcome is None
    assert page_game(page) == {"actions": len(game.history), "cards": game.cards_played,
                               "tricks": game.tricks, "hands": [len(h) for h in game.hands]}


def test_a_link_names_the_record_after_its_game(page: Page,
                                                 open_site: Callable[..., str]) -> None:
    """No seed in the link: the page picks one, and the record still replays."""
    open_table(open_site, page, {"variant": "bmn", "bots": "all", "speed": "instant",
                                 "autostart": 1})
    page.wait_for_selector("body[data-winner]", state="attached", timeout=GAME_TIMEOUT_MS)
    name, text = download(page, "#gameover-record")
    assert name.startswith("ratscrew-beggar-my-neighbour-") and name.endswith(".json")
    assert replay(text).outcome is not None
