"""The table's sound and touch feedback in Chromium (web/shell/sound.py): the sounds the page
asks for, checked against the game's own events; nothing before the first gesture; mute and
volume remembered; a slap's buzz on a touch screen.

The page lists every sound the table asked for in ``window.ratscrewSounds`` (``{name,
played}``) and every buzz in ``window.ratscrewBuzzes``: the audio itself is not listened to."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_table import link, open_table, seat
from playwright.sync_api import Page, expect

from ratscrew.core.engine import Game
from ratscrew.core.rng import seed_from_text
from ratscrew.play.match import play
from ratscrew.play.record import loads, new_game, replay
from web.model.feedback import SLAP_BUZZ, WRONG_BUZZ, cues
from web.model.settings import DEFAULT_VOLUME, STORAGE_KEY
from web.model.variant_page import event_sounds

pytestmark = pytest.mark.e2e

GAME_TIMEOUT_MS = 120_000


def sounds(page: Page) -> list[tuple[str, bool]]:
    return [(str(name), bool(played)) for name, played in
            page.evaluate("window.ratscrewSounds.map((s) => [s.name, s.played])")]


def expected(game: Game, dealt: int, fast: bool) -> list[str]:
    """The sounds of ``game``'s events after its first ``dealt`` (the deal's, which a table
    drawn afresh does not sound)."""
    return [name for name, _ in cues(list(game.events)[dealt:], fast, event_sounds())]


def test_a_whole_game_sounds_its_events_from_a_gesture_before_python(
        page: Page, site_url: str) -> None:
    """An all-bot game at instant speed, a key pressed while the page loads (as Deal pressed
    before Python is): every notable moment of the game asks for its sound, in order."""
    spec = {"variant": "slap-like-an-egyptian", "players": 4, "seed": "sound-3",
            "difficulty": "hard", "options": "slap_a_roonie:true"}
    page.goto(site_url + link({**spec, "bots": "all", "speed": "instant", "autostart": 1}))
    page.keyboard.press("Shift")  # the first gesture, long before Python is there
    expect(page.locator("body")).to_have_attribute("data-winner", re.compile(r"."),
                                                   timeout=GAME_TIMEOUT_MS)
    seed, options = seed_from_text(spec["seed"]), {"slap_a_roonie": True}
    game = play(spec["variant"], 4, seed, "hard", options=options)
    dealt = len(Game(spec["variant"], 4, seed=seed, options=options).events)
    heard = sounds(page)
    want = expected(game, dealt, fast=True)
    assert [name for name, _ in heard] == want
    assert "dice" in want and "slap-win" in want and want[-1] == "game-over"
    assert "flip" not in want  # at instant speed, the notable sounds only
    # Heard from the first on (the gesture came before Python); at this speed, sounds that
    # would pile up past the page's voices are dropped, never queued.
    played = [played for _, played in heard]
    assert all(played[:5])


def test_nothing_sounds_before_the_first_gesture_then_every_card_does(
        page: Page, open_site: Callable[..., str]) -> None:
    """Bots at 1x, nobody touching the page: the sounds are asked for and dropped, no audio
    context is made. A key, and they are heard; the record says which they were."""
    open_table(open_site, page, {"players": 3, "bots": "all", "seed": 8, "speed": "2",
                                 "autostart": 1})
    page.wait_for_function("window.ratscrewSounds.length >= 3")
    assert page.evaluate("window.ratscrewApp.sound.context === undefined "
                         "|| window.ratscrewApp.sound.context === null") is True
    before = len(sounds(page))
    page.keyboard.press("Shift")
    page.wait_for_function(f"window.ratscrewSounds.length >= {before + 3}")
    page.keyboard.press("Escape")  # pause, and read the record so far
    expect(page.locator("#pause")).to_have_attribute("aria-pressed", "true")
    with page.expect_download() as info:
        page.click("#table-record")
    record = Path(info.value.path()).read_text(encoding="utf-8")
    heard = sounds(page)
    dealt = len(new_game(loads(record)).events)
    assert [name for name, _ in heard] == expected(replay(record), dealt, fast=False)
    assert "flip" in [name for name, _ in heard]
    first_heard = next(i for i, (_, played) in enumerate(heard) if played)
    assert first_heard >= before
    assert all(played for _, played in heard[first_heard:])


def saved(page: Page) -> dict[str, Any]:
    text = page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')")
    return dict(json.loads(str(text)))


def move_slider(page: Page, selector: str, value: int) -> None:
    """A range input moved to ``value``, as a drag ends there (its input event)."""
    page.eval_on_selector(selector, "(el, v) => { el.value = String(v);"
                          " el.dispatchEvent(new Event('input', {bubbles: true})); }", value)


def test_mute_and_volume_are_remembered_across_a_reload(
        page: Page, open_site: Callable[..., str]) -> None:
    table = {"players": 2, "bots": "all", "seed": 4, "speed": "1", "autostart": 1}
    open_table(open_site, page, table)
    button = page.locator("#sound")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    assert saved(page)["muted"] is True
    # The settings: the volume's slider, at its default, moved to 25.
    page.click("#settings-open")
    expect(page.locator("#muted")).to_be_checked()
    expect(page.locator("#volume")).to_have_value(str(DEFAULT_VOLUME))
    move_slider(page, "#volume", 25)
    expect(page.locator("#volume-value")).to_have_text("25%")
    page.click("#settings-close")
    assert saved(page)["volume"] == 25

    page.reload()  # the setup screen, with the last table
    page.wait_for_selector("body[data-ready='true']", state="attached")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    page.click("#settings-open")
    expect(page.locator("#volume")).to_have_value("25")
    expect(page.locator("#muted")).to_be_checked()
    page.locator("#muted").uncheck()
    page.click("#settings-close")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    # At the table again: M mutes (no person of this game plays with it: it is seat 4's
    # slap), and a sound is then asked for and not played.
    open_table(open_site, page, table)
    page.keyboard.press("Shift")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("m")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    count = len(sounds(page))
    page.wait_for_function(f"window.ratscrewSounds.length > {count}", timeout=GAME_TIMEOUT_MS)
    assert not any(played for _, played in sounds(page)[count:])


def test_m_is_a_players_key_when_a_player_has_it(page: Page,
                                                 open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"players": 4, "bots": "none", "seed": 4, "autostart": 1})
    page.keyboard.press("Shift")
    page.keyboard.press("m")  # seat 4's slap: a wrong slap, the sound stays on
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    expect(seat(page, 3)).to_have_attribute("data-cards", "12")  # a card burned
    assert ("wrong-slap", True) in sounds(page)


@pytest.mark.browser_context_args(has_touch=True)
def test_a_slap_buzzes_and_a_wrong_one_buzzes_twice(page: Page,
                                                    open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"players": 2, "bots": "none", "seed": 4, "autostart": 1})
    buzzes = "window.ratscrewBuzzes.join(' ')"
    seat(page, 0).locator(".touch-flip").tap()
    expect(seat(page, 0)).to_have_attribute("data-cards", "25")
    assert page.evaluate(buzzes) == ""  # a flip does not buzz
    seat(page, 1).locator(".touch-slap").tap()  # one card on the pile: nothing to slap
    expect(seat(page, 1)).to_have_attribute("data-cards", "25")
    assert page.evaluate(buzzes) == ",".join(map(str, WRONG_BUZZ))
    # Vibration turned off in the settings: no more buzzing.
    page.click("#settings-open")
    page.locator("#vibrate").uncheck()
    page.click("#settings-close")
    seat(page, 0).locator(".touch-slap").tap()
    expect(seat(page, 0)).to_have_attribute("data-cards", "24")
    assert page.evaluate(buzzes) == ",".join(map(str, WRONG_BUZZ))
    assert saved(page)["vibrate"] is False
    assert SLAP_BUZZ != WRONG_BUZZ
