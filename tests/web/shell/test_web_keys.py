"""The keyboard (web/shell/keys.py) on a fake page: Esc pauses and resumes, a person's keys
play their seat (not a bot's, not held down), the step keys go back and on, M mutes, a key
being chosen in the settings goes there; a seat's keys work its decision's panel only as the
panel's hint says, with the game's own keys, and never for a phone seat (its player is not at
this keyboard).
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.fake_browser import fake_browser
from tests.web.fake_shell import table_page
from web.model.keymap import KNOWN_ACTIONS, MAX_SEATS, default_keymap
from web.model.session import Session

PAGE = '<body><main id="table"></main></body>'


@pytest.fixture
def keyboard() -> Iterator[types.SimpleNamespace]:
    """``keyboard.press(key)`` on a table of two people playing K.U.R.S. (flip and slap),
    whose panel is open for seat 0; what reached the panel, the choice and the game."""
    with fake_browser(["web.shell.keys", "web.dom"], PAGE) as page:
        page.window.ratscrewLatency = types.SimpleNamespace(push=lambda _ms: None)
        keys_module = page.module("web.shell.keys")
        session = Session("kurs", 2, 1, ["Ada", "Ben"], {})
        seen: dict[str, list[Any]] = {"panel": [], "act": [], "choose": []}

        def choice_key(seat: int, action: str) -> str | None:
            seen["panel"].append((seat, action))
            return "" if seat == 0 else None

        play = types.SimpleNamespace(
            session=session, choice_key=choice_key, lesson=None,
            act=lambda *a: seen["act"].append(a), choose=lambda *a: seen["choose"].append(a))
        shell = types.SimpleNamespace(keymap=default_keymap(MAX_SEATS, KNOWN_ACTIONS),
                                      dialog_open=lambda: False)
        keys = object.__new__(keys_module.Keys)  # (its listener is the page's, not needed)
        keys.shell, keys.play = shell, play
        keys.settings = types.SimpleNamespace(capture=None)

        def press(key: str) -> None:
            keys.on_key(types.SimpleNamespace(
                key=key, ctrlKey=False, altKey=False, metaKey=False, repeat=False, target=None,
                timeStamp=0.0, preventDefault=lambda: None))

        yield types.SimpleNamespace(press=press, seen=seen, session=session)


def test_only_the_games_own_keys_work_the_panel(keyboard: Any) -> None:
    for key in ("w", "a", "s", "q"):  # Ada's slap, left, right and flip keys
        keyboard.press(key)
    # A and S are no keys of K.U.R.S.: they do nothing.
    assert keyboard.seen["panel"] == [(0, "slap"), (0, "flip")]
    assert keyboard.seen["act"] == []


def test_a_phone_seats_keys_do_nothing_here(keyboard: Any) -> None:
    keyboard.session.remote.add(0)
    for key in ("w", "q"):
        keyboard.press(key)
    assert keyboard.seen == {"panel": [], "act": [], "choose": []}
    keyboard.press("o")  # Ben, at the keyboard, still flips
    assert keyboard.seen["panel"] == [(1, "flip")] and keyboard.seen["act"] == [(1, "flip")]


# -- the keyboard on a table in play --------------------------------------------------------


@pytest.fixture
def table() -> Iterator[types.SimpleNamespace]:
    """Ada (seat 0) at the keyboard against a bot, on a fake page's table, the real keyboard
    listening on the document."""
    with table_page(["web.shell.keys"]) as page:
        capture = types.SimpleNamespace(capture=None)
        page.module("web.shell.keys").Keys(page.shell, page.play, capture)
        session = Session("classic", 2, 7, ["Ada", "Ben"], {1: "normal"})
        page.deal(session)
        page.session = session
        page.capture = capture

        def press(key: str, **event: Any) -> types.SimpleNamespace:
            pressed = types.SimpleNamespace(
                key=key, ctrlKey=False, altKey=False, metaKey=False, repeat=False, target=None,
                timeStamp=0.0, prevented=False)
            pressed.preventDefault = lambda: setattr(pressed, "prevented", True)
            vars(pressed).update(event)
            page.page.document.root.dispatch("keydown", pressed)
            return pressed

        page.press = press
        yield page


def test_esc_pauses_the_game_and_resumes_it(table: Any) -> None:
    assert not table.session.paused
    assert table.press("Escape").prevented
    assert table.session.paused and table.by_id("pause").textContent == "Resume"
    table.press("Escape")
    assert not table.session.paused


def test_esc_pauses_nothing_under_a_dialog_nor_off_the_table(table: Any) -> None:
    table.shell.dialog = True
    table.press("Escape")
    assert not table.session.paused
    table.shell.dialog = False
    table.by_id("table").hidden = True
    table.press("Escape")
    assert not table.session.paused


def test_a_persons_flip_key_plays_their_card(table: Any) -> None:
    assert table.press("q").prevented  # Ada's flip: it is her turn
    assert table.session.game.history[-1][1:3] == (0, "flip")


def test_a_held_down_key_is_no_slap(table: Any) -> None:
    table.press("w", repeat=True)
    assert table.session.game.history == []


def test_a_bots_keys_do_nothing(table: Any) -> None:
    table.press("o")  # Ben's flip key: Ben is a bot
    assert table.session.game.history == []


def test_the_step_keys_go_back_and_on_while_paused(table: Any) -> None:
    table.press("q")
    table.run(3000)  # the bot answers
    at = table.session.position
    assert at >= 2
    table.press("Escape")
    table.press(",")
    assert table.session.position == at - 1
    table.press(".")
    assert table.session.position == at


def test_m_mutes_unless_a_person_plays_with_it(table: Any) -> None:
    table.press("m")
    assert table.shell.sound.muted == [True]


def test_a_key_being_chosen_in_the_settings_goes_there(table: Any) -> None:
    taken: list[str] = []
    table.capture.capture = (0, "flip")
    table.capture.capture_key = lambda _event, key: taken.append(key)
    table.press("e")
    assert taken == ["e"] and table.session.game.history == []
