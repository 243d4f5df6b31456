"""The settings dialog (web/shell/settings_dialog.py) on a fake page: each setting written is
saved once, through the shell's one writer; a key chosen for a seat is saved and shown on the
table at once, a key that is taken is refused and nothing is saved; opening the dialog pauses
the game and closing it resumes it; a language chosen is kept apart from the settings and the
page reloaded in it (asked first during a game).
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from typing import Any

import pytest

from ratscrew.i18n import LANGUAGES, Catalogue, using
from tests.web.fake_browser import fake_browser
from tests.web.fake_shell import table_page
from web.model.keymap import KNOWN_ACTIONS, default_keymap
from web.model.session import Session

DIALOG = """<dialog id="settings"><table><thead></thead><tbody id="keys-body"></tbody></table>
<p id="keys-message"></p><input id="four-colour" type="checkbox">
<input id="projector" type="checkbox"><input id="choice-seconds" type="number">
<input id="volume" type="range"><output id="volume-value"></output>
<input id="muted" type="checkbox"><input id="vibrate" type="checkbox">
<button id="keys-reset"></button><button id="settings-close"></button></dialog>"""
"""The dialog's controls as index.html has them."""


def event() -> types.SimpleNamespace:
    return types.SimpleNamespace(preventDefault=lambda: None, stopPropagation=lambda: None)


@pytest.fixture
def table() -> Iterator[types.SimpleNamespace]:
    """Ada and Ben at the keyboard, on a fake page's table, and the settings dialog."""
    with table_page(["web.shell.settings_dialog"], DIALOG) as page:
        module = page.module("web.shell.settings_dialog")
        page.dialog = module.SettingsDialog(page.shell, page.play)
        page.session = Session("classic", 2, 7, ["Ada", "Ben"], {})
        page.deal(page.session)
        yield page


def change(table: Any, element_id: str, kind: str = "change", **state: Any) -> None:
    """Set ``element_id``'s ``value`` or ``checked`` and fire its event."""
    element = table.by_id(element_id)
    for name, value in state.items():
        setattr(element, name, value)
    table.shell.fire(element_id, kind)


def seat_keys(table: Any, seat: int) -> list[str]:
    root = table.page.document.querySelector(f"[data-seat='{seat}']")
    return [str(kbd.textContent) for kbd in root.querySelectorAll("kbd")]


def key_button(table: Any, seat: int, action: str) -> Any:
    for button in table.by_id("keys-body").querySelectorAll(".key-button"):
        if button.attributes["data-seat"] == str(seat) and (
                button.attributes["data-action"] == action):
            return button
    raise AssertionError(f"no key button for seat {seat}'s {action}")


def test_a_switch_written_is_saved_once(table: Any) -> None:
    assert table.shell.settings.vibrate
    change(table, "vibrate", checked=False)
    assert table.shell.saved == [{"vibrate": False}]
    assert not table.shell.settings.vibrate


def test_four_colour_cards_are_saved_once_and_shown(table: Any) -> None:
    change(table, "four-colour", checked=True)
    assert table.shell.saved == [{"four_colour": True}]
    assert table.page.document.body.classList.contains("four-colour")


def test_the_time_to_choose_is_saved_once_and_a_wrong_one_is_put_back(table: Any) -> None:
    change(table, "choice-seconds", value="25")
    assert table.shell.saved == [{"choice_seconds": 25}]
    change(table, "choice-seconds", value="soon")
    assert table.shell.saved == [{"choice_seconds": 25}]  # nothing more saved
    assert table.by_id("choice-seconds").value == "25"


def test_the_volume_goes_to_the_sound_and_is_heard(table: Any) -> None:
    change(table, "volume", "input", value="30")
    assert table.shell.sound.volumes == [30] and table.shell.sound.played == ["flip"]
    assert table.by_id("volume-value").textContent == "30%"


def test_opening_the_settings_pauses_the_game_and_done_resumes_it(table: Any) -> None:
    table.shell.fire("settings-open", "click")
    assert table.session.paused and table.by_id("settings").open
    table.shell.fire("settings-close", "click")
    assert not table.session.paused


def test_a_game_paused_before_stays_paused_after_the_settings(table: Any) -> None:
    table.play.set_paused(True)
    table.shell.fire("settings-open", "click")
    table.shell.fire("settings-close", "click")
    assert table.session.paused


def test_a_key_chosen_is_saved_once_and_shown_on_the_table(table: Any) -> None:
    assert "Q" in seat_keys(table, 0)
    table.shell.fire("settings-open", "click")
    key_button(table, 0, "flip").dispatch("click")
    assert table.dialog.capture == (0, "flip")
    table.dialog.capture_key(event(), "e")
    assert table.shell.keymap.key_for(0, "flip") == "e"
    assert [list(saved) for saved in table.shell.saved] == [["keymap"]]
    assert table.by_id("keys-message").textContent == "Seat 1 now flips with E."
    assert "E" in seat_keys(table, 0) and "Q" not in seat_keys(table, 0)
    assert key_button(table, 0, "flip").textContent == "E"


def test_a_key_that_is_taken_is_refused_and_nothing_is_saved(table: Any) -> None:
    before = table.shell.keymap.copy()
    table.shell.fire("settings-open", "click")
    key_button(table, 0, "flip").dispatch("click")
    table.dialog.capture_key(event(), "o")  # Ben's flip
    assert table.shell.saved == [] and table.shell.keymap == before
    assert "already" in table.by_id("keys-message").textContent
    assert table.dialog.capture is None


def test_default_keys_are_saved_once_and_shown_on_the_table(table: Any) -> None:
    table.shell.fire("settings-open", "click")
    key_button(table, 0, "flip").dispatch("click")
    table.dialog.capture_key(event(), "e")
    table.shell.fire("keys-reset", "click")
    assert table.shell.keymap == default_keymap(8, KNOWN_ACTIONS)
    assert len(table.shell.saved) == 2 and "Q" in seat_keys(table, 0)


# -- the page's language -------------------------------------------------------------------


def reloads(table: Any, confirm: bool = True) -> list[tuple[str, ...]]:
    """What the page is asked meanwhile (kept in the list returned): each question, each
    reload, each address it goes to."""
    asked: list[tuple[str, ...]] = []
    window = table.page.window

    def answer(text: str) -> bool:
        asked.append(("confirm", text))
        return confirm

    window.confirm = answer
    window.location.reload = lambda: asked.append(("reload",))
    window.location.replace = lambda address: asked.append(("replace", address))
    return asked


def test_the_language_menu_lists_each_language_by_its_own_name_and_shows_the_pages(
        table: Any) -> None:
    menu = table.by_id("language")
    assert [(o.value, o.textContent) for o in menu.querySelectorAll("option")] == list(
        LANGUAGES.items())
    assert menu.value == "en" and menu.attributes["data-zone"] == "language"
    assert menu.attributes["aria-label"] == "Language"
    with using(Catalogue(lang="fr", name="Français")):
        table.shell.fire("settings-open", "click")
        assert menu.value == "fr"


def test_a_language_chosen_during_a_game_is_asked_first_then_kept_and_the_page_reloaded(
        table: Any) -> None:
    storage = table.page.window.localStorage
    asked = reloads(table, confirm=False)
    change(table, "language", value="fr")
    assert asked == [("confirm", "Change the language to Français? The page reloads, and "
                      "this game ends.")]
    assert "ratscrew.lang" not in storage.items and table.by_id("language").value == "en"
    asked = reloads(table, confirm=True)
    change(table, "language", value="de")
    assert asked == [("confirm", "Change the language to Deutsch? The page reloads, and "
                      "this game ends."), ("reload",)]
    assert storage.items["ratscrew.lang"] == "de"
    assert table.shell.saved == []  # not one of the saved settings


def test_a_language_chosen_without_a_game_reloads_at_once_with_the_links_language_set(
        table: Any) -> None:
    table.play.session = None
    table.page.window.location.href = "https://example.org/ratscrew/?game=kurs&lang=en#top"
    asked = reloads(table)
    change(table, "language", value="es")
    assert asked == [("replace", "https://example.org/ratscrew/?game=kurs&lang=es#top")]
    assert table.page.window.localStorage.items["ratscrew.lang"] == "es"


def test_without_storage_the_link_says_the_language_chosen(table: Any) -> None:
    def refuse(key: str, value: str) -> None:
        raise RuntimeError("storage blocked")

    table.play.session = None
    table.page.window.localStorage.setItem = refuse
    asked = reloads(table)
    change(table, "language", value="fr")
    assert asked == [("replace", "https://example.org/ratscrew/?lang=fr")]


def test_the_address_to_reload_keeps_everything_but_its_language(table: Any) -> None:
    address = table.module("web.shell.settings_dialog").language_address
    assert address("https://x.org/r/?game=kurs", "fr") == "https://x.org/r/?game=kurs"
    assert address("https://x.org/r/?game=kurs&Lang=de&seed=a%20b#top", "fr") == (
        "https://x.org/r/?game=kurs&lang=fr&seed=a%20b#top")
    assert address("https://x.org/r/?lang=de&lang=es", "fr") == "https://x.org/r/?lang=fr"
    assert address("https://x.org/r/?game=kurs", "fr", add=True) == (
        "https://x.org/r/?game=kurs&lang=fr")
    assert address("https://x.org/r/#top", "fr", add=True) == "https://x.org/r/?lang=fr#top"


# -- the shell's one writer -----------------------------------------------------------------

APP_MODULES = ("web.shell.app", "web.shell.keys", "web.shell.records",
               "web.shell.settings_dialog", "web.shell.setup", "web.shell.sound",
               "web.shell.tool_screens", "web.table.play", "web.table.steps", "web.table.end",
               "web.table.timers", "web.dom", "web.table.cards_view")


def test_the_shells_writer_saves_every_change_at_once() -> None:
    with fake_browser(APP_MODULES) as page:
        app_module = page.module("web.shell.app")
        app = object.__new__(app_module.App)  # (the whole page is not needed)
        app._settings, app._keymap, _ = page.module("web.shell.settings_dialog").load_saved()
        storage = page.window.localStorage
        app.change_settings(vibrate=False, speed="2")
        assert len(storage.writes) == 1
        saved = json.loads(storage.writes[0][1])
        assert saved["vibrate"] is False and saved["speed"] == "2"
        keymap = app.keymap.copy()
        keymap.assign(0, "flip", "e")
        app.change_settings(keymap=keymap)
        assert len(storage.writes) == 2 and app.keymap is keymap
        assert json.loads(storage.writes[1][1])["keys"]["1"]["flip"] == "e"
        with pytest.raises(TypeError, match="no setting 'loudness'"):
            app.change_settings(loudness=3)
        assert len(storage.writes) == 2
