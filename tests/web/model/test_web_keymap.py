"""Per-player keys on one keyboard: names of keys, defaults, reserved keys, clashes, saved keys."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.model.keymap import (
    ACTIONS,
    DEFAULT_KEYS,
    KNOWN_ACTIONS,
    MAX_SEATS,
    RESERVED_KEYS,
    KeyClashError,
    KeyMap,
    choice_hint,
    default_keymap,
    is_game_event,
    key_label,
    key_problem,
    normalize_key,
)

# --------------------------------------------------------------------------- key names


@pytest.mark.parametrize(
    ("key", "normal"),
    [
        ("Q", "q"),
        ("q", "q"),
        (" ", "space"),
        ("Spacebar", "space"),
        ("ArrowLeft", "arrowleft"),
        ("Left", "arrowleft"),
        ("Escape", "escape"),
        ("Esc", "escape"),
        ("Enter", "enter"),
        (";", ";"),
        ("1", "1"),
        ("É", "é"),
        ("F5", "f5"),
        ("", ""),
    ],
)
def test_normalize_key(key: str, normal: str) -> None:
    assert normalize_key(key) == normal


def test_normalize_key_of_something_that_is_not_text() -> None:
    assert normalize_key(None) == ""
    assert normalize_key(5) == ""


@given(st.text(max_size=20))
def test_normalize_key_is_idempotent(key: str) -> None:
    once = normalize_key(key)
    assert normalize_key(once) == once


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("q", "Q"),
        ("Q", "Q"),
        ("space", "Space"),
        (" ", "Space"),
        ("arrowleft", "←"),
        ("arrowright", "→"),
        ("arrowup", "↑"),
        ("arrowdown", "↓"),
        (";", ";"),
        (",", ","),
        ("7", "7"),
        ("escape", "Esc"),
        ("f12", "F12"),
        ("pageup", "Page Up"),
        ("backspace", "Backspace"),
        ("ß", "ß"),  # "ß".upper() is two letters: keep the key as it is
        ("", "—"),
    ],
)
def test_key_label(key: str, label: str) -> None:
    assert key_label(key) == label


@given(st.text(max_size=40))
def test_key_label_never_fails_and_is_never_empty(key: str) -> None:
    assert key_label(key)


# --------------------------------------------------------------------------- game events


@pytest.mark.parametrize("key", ["q", "Q", "p", " ", "ArrowLeft", ";", "0", "é", "Backspace"])
def test_game_keys(key: str) -> None:
    assert is_game_event(key, False, False, False)


@pytest.mark.parametrize(
    "key",
    [
        "Escape", "Esc", "Tab", "Enter", "Shift", "Control", "Alt", "AltGraph", "Meta", "OS",
        "CapsLock", "F1", "F5", "F12", "Dead", "Unidentified", "Process", "", "\t", "\x00",
    ],
)
def test_reserved_and_non_keys_are_never_game_keys(key: str) -> None:
    assert not is_game_event(key, False, False, False)


@pytest.mark.parametrize(
    ("ctrl", "alt", "meta"), [(True, False, False), (False, True, False), (False, False, True)]
)
def test_keys_with_ctrl_alt_or_meta_held_are_not_game_keys(
    ctrl: bool, alt: bool, meta: bool
) -> None:
    assert not is_game_event("q", ctrl, alt, meta)


def test_auto_repeat_is_not_a_game_key() -> None:
    assert not is_game_event("q", repeat=True)


@given(st.text(max_size=20), st.booleans(), st.booleans(), st.booleans())
def test_is_game_event_never_fails(key: str, ctrl: bool, alt: bool, meta: bool) -> None:
    is_game_event(key, ctrl, alt, meta)


def test_reserved_keys_are_the_pages_own() -> None:
    expected = {
        "escape", "tab", "enter", "shift", "control", "alt", "meta", "altgraph", "capslock",
        "dead", "unidentified", "process", *(f"f{n}" for n in range(1, 13)),
    }
    assert expected <= set(RESERVED_KEYS)
    for key in RESERVED_KEYS:
        problem = key_problem(key)
        assert problem is not None and "reserved" in problem


# --------------------------------------------------------------------------- defaults


@pytest.mark.parametrize(
    ("seat", "flip", "slap"),
    [(0, "q", "w"), (1, "o", "p"), (2, "z", "x"), (3, "n", "m"), (4, "1", "2"), (5, "9", "0"),
     (6, "t", "y"), (7, "g", "h")],
)
def test_default_keys(seat: int, flip: str, slap: str) -> None:
    assert default_keymap(8).keys_for(seat) == {"flip": flip, "slap": slap}


def test_six_players_default_keys_are_distinct_and_not_reserved() -> None:
    keymap = default_keymap(6)
    keys = [key for seat in range(6) for key in keymap.keys_for(seat).values()]
    assert len(keys) == 12 == len(set(keys))
    assert all(key_problem(key) is None for key in keys)
    assert all(is_game_event(key) for key in keys)


def test_all_default_keys_of_every_action_are_distinct_and_valid() -> None:
    keys = [DEFAULT_KEYS[seat][action] for seat in range(MAX_SEATS) for action in KNOWN_ACTIONS]
    assert len(keys) == MAX_SEATS * len(KNOWN_ACTIONS) == len(set(keys))
    assert all(key_problem(key) is None for key in keys)
    keymap = default_keymap(8, KNOWN_ACTIONS)
    assert keymap.keys_for(0) == {"flip": "q", "slap": "w", "slap-left": "a", "slap-right": "s"}


def test_the_action_list_is_a_parameter() -> None:
    keymap = default_keymap(2, ("flip", "slap", "claim"))
    assert keymap.actions == ("flip", "slap", "claim")
    assert keymap.keys_for(0) == {"flip": "q", "slap": "w"}  # no default for "claim"
    assert keymap.key_for(0, "claim") is None
    keymap.assign(0, "claim", "e")
    assert keymap.lookup("E") == (0, "claim")


def test_a_keymap_is_for_one_to_eight_players() -> None:
    with pytest.raises(ValueError):
        KeyMap(0)
    with pytest.raises(ValueError):
        KeyMap(9)
    with pytest.raises(ValueError):
        KeyMap(2, ("flip", "flip"))


# --------------------------------------------------------------------------- lookup and assign


def test_lookup() -> None:
    keymap = default_keymap(4)
    assert keymap.lookup("q") == (0, "flip")
    assert keymap.lookup("Q") == (0, "flip")
    assert keymap.lookup("m") == (3, "slap")
    assert keymap.lookup("1") is None  # seat 5's key, but only four seats
    assert keymap.lookup("Escape") is None
    assert keymap.lookup("") is None


def test_assign_moves_a_key_and_frees_the_old_one() -> None:
    keymap = default_keymap(4)
    keymap.assign(0, "flip", "E")
    assert keymap.key_for(0, "flip") == "e"
    assert keymap.lookup("e") == (0, "flip")
    assert keymap.lookup("q") is None
    keymap.assign(1, "slap", "q")  # now free
    assert keymap.lookup("q") == (1, "slap")


def test_assign_accepts_named_keys_and_space() -> None:
    keymap = default_keymap(2)
    keymap.assign(0, "slap", " ")
    keymap.assign(1, "slap", "ArrowLeft")
    assert keymap.keys_for(0) == {"flip": "q", "slap": "space"}
    assert keymap.lookup("arrowleft") == (1, "slap")


def test_assigning_a_seat_its_own_key_again_changes_nothing() -> None:
    keymap = default_keymap(4)
    keymap.assign(0, "flip", "Q")
    assert keymap == default_keymap(4)


def test_clash_names_who_has_the_key_and_changes_nothing() -> None:
    keymap = default_keymap(4)
    before = keymap.copy()
    with pytest.raises(KeyClashError) as info:
        keymap.assign(0, "flip", "Z")
    assert str(info.value) == "Z is already player 3's flip key."
    assert info.value.holder == (2, "flip")
    assert keymap == before
    assert keymap.lookup("q") == (0, "flip")
    assert keymap.lookup("z") == (2, "flip")


def test_clash_message_uses_names() -> None:
    keymap = default_keymap(4)
    with pytest.raises(KeyClashError, match=r"^M is already Dana's slap key\.$"):
        keymap.assign(0, "slap", "m", names=["Ann", "Bob", "Cat", "Dana"])
    with pytest.raises(KeyClashError, match="already player 2's flip key"):
        keymap.assign(0, "slap", "o", names=["Ann"])  # no name for seat 2


def test_clash_with_the_same_seats_other_action() -> None:
    keymap = default_keymap(2)
    with pytest.raises(KeyClashError, match="W is already player 1's slap key"):
        keymap.assign(0, "flip", "w")


@pytest.mark.parametrize("key", [*RESERVED_KEYS, "Escape", "Tab", "F1", "Shift", ""])
def test_reserved_keys_are_refused(key: str) -> None:
    keymap = default_keymap(4)
    before = keymap.copy()
    with pytest.raises(KeyClashError):
        keymap.assign(0, "flip", key)
    assert keymap == before


def test_reserved_key_message_says_why() -> None:
    with pytest.raises(KeyClashError, match=r"^Esc is reserved: it pauses and resumes the game\.$"):
        default_keymap(2).assign(0, "flip", "Escape")


@pytest.mark.parametrize(("seat", "action"), [(-1, "flip"), (4, "flip"), (0, "dance")])
def test_unknown_seats_and_actions_are_refused(seat: int, action: str) -> None:
    keymap = default_keymap(4)
    with pytest.raises(KeyClashError):
        keymap.assign(seat, action, "e")
    assert keymap == default_keymap(4)


def test_key_clash_error_is_a_value_error() -> None:
    assert issubclass(KeyClashError, ValueError)


def test_unassign() -> None:
    keymap = default_keymap(2)
    keymap.unassign(0, "flip")
    assert keymap.key_for(0, "flip") is None
    assert keymap.lookup("q") is None
    assert keymap.keys_for(0) == {"slap": "w"}
    keymap.unassign(0, "flip")  # twice is fine
    keymap.unassign(7, "flip")  # no such seat: nothing happens
    keymap.assign(1, "flip", "q")
    assert keymap.lookup("q") == (1, "flip")


def test_holder_label() -> None:
    keymap = default_keymap(2)
    assert keymap.holder_label("P") == "player 2's slap key"
    assert keymap.holder_label("p", ["Ann", "Bob"]) == "Bob's slap key"
    assert keymap.holder_label("e") is None


KEYS = st.sampled_from(["q", "w", "e", "Z", "x", "Escape", "Tab", " ", "ArrowUp", "1", "", "\n"])
MOVES = st.lists(
    st.tuples(st.integers(-1, 4), st.sampled_from(["flip", "slap", "spin"]), KEYS), max_size=30
)


@given(MOVES)
def test_assign_keeps_the_map_consistent(moves: list[tuple[int, str, str]]) -> None:
    keymap = default_keymap(4)
    for seat, action, key in moves:
        before = keymap.copy()
        try:
            keymap.assign(seat, action, key)
        except KeyClashError:
            assert keymap == before
        else:
            assert keymap.lookup(key) == (seat, action)
        bound = [
            (s, a, k) for s in range(4) for a in ACTIONS if (k := keymap.key_for(s, a)) is not None
        ]
        assert len({k for _, _, k in bound}) == len(bound)  # no key twice
        for s, a, k in bound:
            assert keymap.lookup(k) == (s, a)
            assert key_problem(k) is None


# --------------------------------------------------------------------------- JSON


def test_to_json() -> None:
    data = default_keymap(2).to_json()
    assert data == {"1": {"flip": "q", "slap": "w"}, "2": {"flip": "o", "slap": "p"}}


def test_json_round_trip_keeps_changes_and_unbound_actions() -> None:
    keymap = default_keymap(8)
    keymap.assign(0, "flip", "e")
    keymap.assign(2, "flip", "q")
    keymap.unassign(7, "slap")
    again, notices = KeyMap.from_json(keymap.to_json(), 8)
    assert notices == []
    assert again == keymap
    assert again.to_json()["8"] == {"flip": "g", "slap": ""}


def test_from_json_none_is_the_defaults() -> None:
    assert KeyMap.from_json(None, 4) == (default_keymap(4), [])


@pytest.mark.parametrize("data", ["keys", 3, ["q", "w"], True])
def test_from_json_that_is_not_an_object(data: object) -> None:
    keymap, notices = KeyMap.from_json(data, 4)
    assert keymap == default_keymap(4)
    assert notices == ["Your saved keys could not be read; using the default keys."]


def test_from_json_keeps_the_good_parts_and_explains_the_rest() -> None:
    data: dict[str, Any] = {
        "1": {"flip": "E", "slap": "Escape", "jump": "k"},  # good, reserved, unknown action
        "2": "nonsense",  # not an object
        "3": {"flip": 7, "slap": "r"},  # not text, good
        "4": {"flip": "r"},  # already player 3's slap key
        "9": {"flip": "k"},  # no such player
        "x": {},
    }
    keymap, notices = KeyMap.from_json(data, 4)
    assert keymap.keys_for(0) == {"flip": "e", "slap": "w"}
    assert keymap.keys_for(1) == {"flip": "o", "slap": "p"}
    assert keymap.keys_for(2) == {"flip": "z", "slap": "r"}
    assert keymap.keys_for(3) == {"flip": "n", "slap": "m"}
    assert notices == [
        "Saved player 1's slap key was reset (Esc is reserved: it pauses and resumes the game).",
        "Ignored a saved key for an unknown action 'jump' of player 1.",
        "Saved keys for player 2 could not be read; using the defaults.",
        "Saved player 3's flip key was reset (that is not a key).",
        "Ignored saved keys for an unknown player '9'.",
        "Ignored saved keys for an unknown player 'x'.",
        "Saved player 4's flip key was reset: R is already player 3's slap key.",
    ]


def test_from_json_default_taken_by_a_saved_key_leaves_the_action_unbound() -> None:
    keymap, notices = KeyMap.from_json({"1": {"flip": "o", "slap": "w"}}, 2)
    assert keymap.keys_for(0) == {"flip": "o", "slap": "w"}
    assert keymap.keys_for(1) == {"slap": "p"}
    assert notices == ["Player 2 has no flip key: its default O is player 1's flip key."]


def test_from_json_skips_other_variants_actions_quietly() -> None:
    data = default_keymap(2, KNOWN_ACTIONS).to_json()
    keymap, notices = KeyMap.from_json(data, 2, ACTIONS)
    assert notices == []
    assert keymap == default_keymap(2)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6) | KEYS,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(["1", "2", "3", "9", "flip", "slap", "x"]) | st.text(max_size=3),
        inner,
        max_size=5,
    ),
    max_leaves=20,
)


@given(JSON, st.integers(1, 8))
def test_from_json_never_fails_and_gives_a_consistent_map(data: object, players: int) -> None:
    keymap, notices = KeyMap.from_json(data, players)
    assert all(isinstance(n, str) and n for n in notices)
    again, more = KeyMap.from_json(keymap.to_json(), players)
    assert (again, more) == (keymap, [])
    seen: set[str] = set()
    for seat in range(players):
        for key in keymap.keys_for(seat).values():
            assert key not in seen and key_problem(key) is None
            seen.add(key)


# --------------------------------------------------------------------------- a decision's hint

CLASSIC_ACTIONS = ("flip", "slap")
HAND_ACTIONS = ("flip", "slap-left", "slap-right")


def test_the_choice_hint_names_the_keys_that_really_move_and_choose() -> None:
    keys = default_keymap(MAX_SEATS, KNOWN_ACTIONS).keys_for(0)
    assert keys == {"flip": "q", "slap": "w", "slap-left": "a", "slap-right": "s"}
    # Classic and K.U.R.S.: the slap key moves on, the flip key chooses (A and S are no keys
    # of theirs).
    assert choice_hint(keys, CLASSIC_ACTIONS, "keys", "Ada") == "W moves \u00b7 Q chooses"
    # Slap Like an Egyptian: the left and right slap keys move, the flip key chooses.
    assert choice_hint(keys, HAND_ACTIONS, "keys", "Ada") == "A / S move \u00b7 Q chooses"
    # Keys as the seat has them now (changed in the settings), and keys it lacks.
    assert choice_hint({"flip": "arrowup", "slap": "space"}, CLASSIC_ACTIONS, "keys",
                       "Ada") == "Space moves \u00b7 \u2191 chooses"
    assert choice_hint({"flip": "q"}, CLASSIC_ACTIONS, "keys", "Ada") == "Q chooses"
    assert choice_hint({"slap": "w"}, CLASSIC_ACTIONS, "keys", "Ada") == "Click an option."


def test_the_choice_hint_names_no_key_on_a_touch_screen_or_for_a_phone_seat() -> None:
    keys = default_keymap(MAX_SEATS, KNOWN_ACTIONS).keys_for(0)
    assert choice_hint(keys, HAND_ACTIONS, "touch", "Ada") == "Tap an option."
    assert choice_hint(keys, CLASSIC_ACTIONS, "phone", "Ada") == "Ada chooses on their phone."
