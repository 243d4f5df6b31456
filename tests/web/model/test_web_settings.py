"""What the page remembers: defaults, round trips, and saved text that is broken in every way."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import forbid_json_parsing
from web.model.keymap import KNOWN_ACTIONS, default_keymap
from web.model.links import SPEEDS, TableConfig, default_seats, to_query
from web.model.settings import (
    DEFAULT_VOLUME,
    RESET_NOTICE,
    STORAGE_KEY,
    VERSION_NOTICE,
    Settings,
    dump_settings,
    load_settings,
)


def saved(**fields: Any) -> str:
    return json.dumps({"version": 1, **fields})


def test_storage_key() -> None:
    assert STORAGE_KEY == "ratscrew.settings.v1"


def test_defaults() -> None:
    settings = Settings()
    assert settings.keys == default_keymap(8, KNOWN_ACTIONS).to_json()
    assert settings.four_colour is False
    assert settings.projector is False
    assert settings.speed == "1"
    assert settings.last_table == ""
    assert settings.keymap() == default_keymap(8, KNOWN_ACTIONS)


def test_nothing_saved_is_the_defaults_without_a_notice() -> None:
    assert load_settings(None) == (Settings(), [])


def test_dump_writes_version_1() -> None:
    data = json.loads(dump_settings(Settings()))
    assert data["version"] == 1
    assert set(data) == {"version", "keys", "four_colour", "projector", "speed", "last_table",
                         "choice_seconds", "volume", "muted", "vibrate"}


def test_round_trip() -> None:
    keymap = default_keymap(8, KNOWN_ACTIONS)
    keymap.assign(0, "flip", "e")
    keymap.unassign(3, "slap")
    config = TableConfig(players=3, seats=default_seats(3), seed="7")
    settings = Settings(keys=keymap.to_json(), four_colour=True, projector=True,
                        speed="instant", last_table=to_query(config), volume=25, muted=True,
                        vibrate=False)
    assert load_settings(dump_settings(settings)) == (settings, [])
    assert settings.keymap() == keymap


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2]", "42", "null", '"text"',
                                  "[" * 10000, "1" * 10000, '{"version": 1,}'])
def test_corrupt_text_is_reset_with_a_notice(text: str) -> None:
    assert load_settings(text) == (Settings(), [RESET_NOTICE])
    assert RESET_NOTICE == "Your saved settings could not be read and were reset."


@pytest.mark.parametrize("version", [None, 0, 2, "1", 1.5, True, [1]])
def test_unknown_versions_are_reset(version: object) -> None:
    text = json.dumps({"version": version, "four_colour": True})
    assert load_settings(text) == (Settings(), [VERSION_NOTICE])


def test_missing_version_is_reset() -> None:
    assert load_settings('{"four_colour": true}') == (Settings(), [VERSION_NOTICE])


def test_missing_fields_take_their_defaults_quietly() -> None:
    assert load_settings('{"version": 1}') == (Settings(), [])
    assert load_settings(saved(speed="2")) == (Settings(speed="2"), [])


def test_bad_parts_are_reset_and_good_parts_kept() -> None:
    settings, notices = load_settings(saved(four_colour="yes", speed="2", last_table=5))
    assert settings == Settings(speed="2")
    assert notices == [
        "Your saved card colours could not be read and were reset.",
        "Your last table could not be read and was forgotten.",
    ]
    settings, notices = load_settings(saved(four_colour=True, speed="warp", extra=[1]))
    assert settings == Settings(four_colour=True)
    assert notices == ["Your saved game speed could not be read and was reset."]


@pytest.mark.parametrize("four_colour", [1, 0, "true", None, []])
def test_four_colour_must_be_true_or_false(four_colour: object) -> None:
    settings, notices = load_settings(saved(four_colour=four_colour))
    assert settings.four_colour is False
    assert len(notices) == 1


@pytest.mark.parametrize("projector", [1, 0, "true", "false", None, [], {}])
def test_projector_must_be_true_or_false(projector: object) -> None:
    settings, notices = load_settings(saved(projector=projector, four_colour=True, speed="2"))
    assert settings == Settings(four_colour=True, speed="2")  # the rest is kept
    assert notices == ["Your saved projector display could not be read and was reset."]


@pytest.mark.parametrize("projector", [True, False])
def test_the_projector_display_loads_and_saves(projector: bool) -> None:
    settings, notices = load_settings(saved(projector=projector))
    assert (settings, notices) == (Settings(projector=projector), [])
    assert json.loads(dump_settings(settings))["projector"] is projector


def test_settings_saved_before_the_projector_display_load_quietly() -> None:
    old = saved(keys=default_keymap(8, KNOWN_ACTIONS).to_json(), four_colour=True, speed="4",
                last_table="", choice_seconds=5)
    assert load_settings(old) == (Settings(four_colour=True, speed="4", choice_seconds=5), [])


def test_settings_saved_before_the_sound_settings_load_with_sound_on() -> None:
    old = saved(keys=default_keymap(8, KNOWN_ACTIONS).to_json(), four_colour=True, speed="4",
                last_table="", choice_seconds=5, projector=False)
    settings, notices = load_settings(old)
    assert notices == []
    assert (settings.volume, settings.muted, settings.vibrate) == (DEFAULT_VOLUME, False, True)


@pytest.mark.parametrize(("volume", "want"), [(0, 0), (100, 100), (37, 37), ("45", 45)])
def test_a_volume_loads_from_0_to_100(volume: object, want: int) -> None:
    assert load_settings(saved(volume=volume)) == (Settings(volume=want), [])


@pytest.mark.parametrize("volume", [-1, 101, 50.5, True, "loud", None, [], "1e2"])
def test_a_bad_volume_is_reset_and_the_rest_kept(volume: object) -> None:
    settings, notices = load_settings(saved(volume=volume, muted=True))
    assert settings == Settings(muted=True)
    assert notices == ["Your saved volume could not be read and was reset."]


@pytest.mark.parametrize(("name", "what"), [("muted", "sound"), ("vibrate", "vibration")])
@pytest.mark.parametrize("value", [1, 0, "true", None, {}])
def test_mute_and_vibration_must_be_true_or_false(name: str, what: str, value: object) -> None:
    settings, notices = load_settings(saved(**{name: value, "volume": 20}))
    assert settings == Settings(volume=20)
    assert notices == [f"Your saved {what} setting could not be read and was reset."]


def test_dump_writes_bad_sound_settings_as_their_defaults() -> None:
    bad: Any = {"volume": 400, "muted": "yes", "vibrate": 0}
    data = json.loads(dump_settings(Settings(**bad)))
    assert (data["volume"], data["muted"], data["vibrate"]) == (DEFAULT_VOLUME, False, True)


@pytest.mark.parametrize("speed", SPEEDS)
def test_every_speed_loads(speed: str) -> None:
    assert load_settings(saved(speed=speed)) == (Settings(speed=speed), [])


def test_last_table_keeps_its_good_parts() -> None:
    settings, notices = load_settings(saved(last_table="?players=3&bots=9&seed=x"))
    assert settings.last_table == "players=3&seed=x"
    assert notices == ["Some settings of your last table could not be read and were reset."]
    settings, notices = load_settings(saved(last_table="x" * 5000))
    assert settings.last_table == ""
    assert notices == ["Your last table could not be read and was forgotten."]


def test_keys_keep_their_good_parts() -> None:
    keys = default_keymap(8).to_json()
    keys["1"] = {"flip": "e", "slap": "Tab"}
    settings, notices = load_settings(saved(keys=keys))
    assert settings.keymap().keys_for(0) == {"flip": "e", "slap": "w", "slap-left": "a",
                                             "slap-right": "s"}
    assert notices == [
        "Saved player 1's slap key was reset (Tab is reserved: it moves between buttons)."
    ]
    settings, notices = load_settings(saved(keys="qwerty", speed="4"))
    assert settings == Settings(speed="4")
    assert notices == ["Your saved keys could not be read; using the default keys."]


def test_the_keys_of_every_action_load_quietly() -> None:
    settings, notices = load_settings(saved(keys=default_keymap(8, KNOWN_ACTIONS).to_json()))
    assert (settings, notices) == (Settings(), [])


def test_dump_writes_defaults_for_values_that_would_not_load() -> None:
    broken = Settings(keys={"1": {"flip": "Escape"}}, four_colour=1, speed="warp",  # type: ignore[arg-type]
                      projector="yes", last_table="players=99")  # type: ignore[arg-type]
    assert load_settings(dump_settings(broken)) == (Settings(), [])


# --------------------------------------------------------------------------- fuzzing


@given(st.text())
def test_load_settings_never_fails_on_any_text(text: str) -> None:
    check_load(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.sampled_from(SPEEDS) | st.sampled_from(["q", "Escape", "players=3", "bots=all"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(["1", "2", "8", "9", "flip", "slap", "slap-left"]) | st.text(max_size=4),
        inner,
        max_size=4,
    ),
    max_leaves=25,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "version": st.just(1) | JSON,
        "keys": JSON,
        "four_colour": st.booleans() | JSON,
        "projector": st.booleans() | JSON,
        "speed": st.sampled_from(SPEEDS) | JSON,
        "last_table": st.sampled_from(["", "players=3", "seed=%00"]) | st.text(max_size=40),
    },
)


@given(FIELDS)
def test_load_settings_never_fails_on_any_json(fields: dict[str, Any]) -> None:
    check_load(json.dumps(fields))
    check_load(json.dumps({**fields, "version": 1}))


def check_load(text: str) -> None:
    settings, notices = load_settings(text)
    assert isinstance(settings, Settings)
    assert all(isinstance(n, str) and n for n in notices)
    # What was loaded saves and loads back as it is, without a notice.
    assert load_settings(dump_settings(settings)) == (settings, [])


@pytest.mark.parametrize("text", ['{"version": 1, "keys": ' + "[" * 5_000 + "]" * 5_000 + "}",
                                  "[" * 100_000, '{"version": 1, "pad": "' + "x" * 60_000 + '"}'])
def test_saved_settings_too_deep_or_too_large_are_reset_unparsed(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Checked before parsing (the browser's Python has a small stack).
    forbid_json_parsing(monkeypatch, "saved settings")
    settings, notices = load_settings(text)
    assert notices == [RESET_NOTICE]
    assert settings == Settings()
