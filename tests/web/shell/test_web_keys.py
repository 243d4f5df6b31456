"""The keyboard (web/shell/keys.py) on a fake page: a seat's keys work its decision's panel only
as the panel's hint says, with the game's own keys, and never for a phone seat (its player is
not at this keyboard).
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.fake_browser import fake_browser
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
            session=session, choice_key=choice_key,
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
