"""What the page remembers between visits (kept in ``localStorage`` under :data:`STORAGE_KEY`).

Stored as JSON, ``{"version": 1, "keys": {...}, "four_colour": false, "projector": false,
"speed": "1", "last_table": "players=3&bots=2,3", "choice_seconds": 10, "volume": 60,
"muted": false, "vibrate": true}`` (a setting missing from what was saved takes its default):

``keys``
    Every seat's keys, as :meth:`web.model.keymap.KeyMap.to_json` writes them for 8 seats and every
    action of :data:`web.model.keymap.KNOWN_ACTIONS` (flip, slap, slap-left, slap-right).
``four_colour``
    Show diamonds blue and clubs green (a four-colour deck).
``projector``
    The projector display: everything larger, to be read from the back of a classroom (the
    page sets the class ``projector`` on ``<html>``).
``speed``
    The last speed chosen, one of :data:`web.model.links.SPEEDS`.
``last_table``
    The last table played, as :func:`web.model.links.to_query` writes it ("" for none).
``choice_seconds``
    How long a person has to answer a choice the game asks (a Rat on the dice) before its
    default is taken: a whole number of seconds from 0 to :data:`MAX_CHOICE_SECONDS`, 0 for
    no limit. Default :data:`DEFAULT_CHOICE_SECONDS`.
``volume``
    The sounds' volume, a whole number from 0 to 100 (default :data:`DEFAULT_VOLUME`).
``muted``
    No sound at all (the bar's sound button, or the key ``m``); the volume is kept.
``vibrate``
    A slap on a touch screen buzzes, where the device can (default on).

:func:`load_settings` never raises: what cannot be used is replaced by its default, the rest is
kept, and a notice says what happened. :func:`dump_settings` writes only values that load back
without a notice.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ratscrew.core import safe_json
from ratscrew.i18n import N_, t
from web.model.keymap import KNOWN_ACTIONS, MAX_SEATS, KeyMap, default_keymap
from web.model.links import DEFAULT_SPEED, parse_query, parse_speed, to_query

STORAGE_KEY = "ratscrew.settings.v1"
VERSION = 1
MAX_LAST_TABLE = 4000
"""Longest ``last_table`` kept (a real one is a few hundred characters at most)."""

DEFAULT_CHOICE_SECONDS = 10
MAX_CHOICE_SECONDS = 600
DEFAULT_VOLUME = 60

MAX_STORED_CHARS = 50_000
"""The most a saved setting may be (8 seats' keys and a table's link are a few kilobytes)."""
MAX_STORED_DEPTH = 6
"""How deeply saved settings may nest (the keys are 3 levels)."""
RESET_NOTICE = N_("Your saved settings could not be read and were reset.")
"""What is said when nothing saved can be read (the notices here are message ids: the
notices :func:`load_settings` returns are said in the language in use)."""
SWITCH_NOTICES = {
    "four_colour": N_("Your saved card colours could not be read and were reset."),
    "projector": N_("Your saved projector display could not be read and was reset."),
    "muted": N_("Your saved sound setting could not be read and was reset."),
    "vibrate": N_("Your saved vibration setting could not be read and was reset."),
}
"""The settings that are on or off, and what is said when a saved one is neither."""
VERSION_NOTICE = N_("Your saved settings are from another version of the game and were "
                    "reset.")


def default_keys() -> dict[str, dict[str, str]]:
    return default_keymap(MAX_SEATS, KNOWN_ACTIONS).to_json()


@dataclass
class Settings:
    keys: dict[str, dict[str, str]] = field(default_factory=default_keys)
    four_colour: bool = False
    projector: bool = False
    speed: str = DEFAULT_SPEED
    last_table: str = ""
    choice_seconds: int = DEFAULT_CHOICE_SECONDS
    volume: int = DEFAULT_VOLUME
    muted: bool = False
    vibrate: bool = True

    def keymap(self) -> KeyMap:
        """The saved keys as a :class:`~web.model.keymap.KeyMap` (8 seats, every action of
        :data:`~web.model.keymap.KNOWN_ACTIONS`: the left- and right-hand slaps too)."""
        return KeyMap.from_json(self.keys, MAX_SEATS, KNOWN_ACTIONS)[0]


def load_settings(text: str | None) -> tuple[Settings, list[str]]:
    """Settings from what ``localStorage.getItem(STORAGE_KEY)`` returned (None: nothing saved,
    so the defaults without a notice). Never raises."""
    if text is None:
        return Settings(), []
    try:
        return _load(text)
    except Exception:  # a last guard: the page must always start
        return Settings(), [t(RESET_NOTICE)]


def _load(text: object) -> tuple[Settings, list[str]]:
    if not isinstance(text, str):
        return Settings(), [t(RESET_NOTICE)]
    try:  # size and nesting checked before parsing: the browser's Python has a small stack
        data = safe_json.loads(text, max_chars=MAX_STORED_CHARS, max_depth=MAX_STORED_DEPTH)
    except Exception:  # not JSON, too long, nesting too deep, numbers too long
        return Settings(), [t(RESET_NOTICE)]
    if not isinstance(data, dict):
        return Settings(), [t(RESET_NOTICE)]
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        return Settings(), [t(VERSION_NOTICE)]

    settings = Settings()
    notices: list[str] = []
    if "keys" in data:
        keymap, more = KeyMap.from_json(data["keys"], MAX_SEATS, KNOWN_ACTIONS)
        settings.keys = keymap.to_json()
        notices += more
    for name, notice in SWITCH_NOTICES.items():
        if name in data:
            if isinstance(data[name], bool):
                setattr(settings, name, data[name])
            else:
                notices.append(t(notice))
    for name, (parse, notice) in PARSED.items():
        if name in data:
            value = parse(data[name])
            if value is None:
                notices.append(t(notice))
            else:
                setattr(settings, name, value)
    if "last_table" in data:
        last = data["last_table"]
        if not isinstance(last, str) or len(last) > MAX_LAST_TABLE:
            notices.append(t("Your last table could not be read and was forgotten."))
        else:
            config, problems = parse_query(last)
            if problems:
                notices.append(t("Some settings of your last table could not be read and were "
                                 "reset."))
            settings.last_table = to_query(config)
    return settings, notices


def parse_volume(value: object) -> int | None:
    """A volume, a whole number from 0 to 100, from a number or its text (None when it is not
    one)."""
    return _whole_number(value, 100)


def _whole_number(value: object, most: int) -> int | None:
    """A whole number from 0 to ``most``, from a number or its text (None when it is not
    one: a bool, a fraction, a sign, other text)."""
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if type(value) is int and 0 <= value <= most:
        return value
    return None


def parse_choice_seconds(value: object) -> int | None:
    """A time to choose, in whole seconds from 0 (no limit) to :data:`MAX_CHOICE_SECONDS`,
    from a number or its text (None when it is not one)."""
    return _whole_number(value, MAX_CHOICE_SECONDS)


PARSED: dict[str, tuple[Callable[[object], object | None], str]] = {
    "speed": (parse_speed, N_("Your saved game speed could not be read and was reset.")),
    "choice_seconds": (parse_choice_seconds,
                       N_("Your saved time to choose could not be read and was reset.")),
    "volume": (parse_volume, N_("Your saved volume could not be read and was reset.")),
}
"""The settings read by a parser (None: unreadable), and what is said when one is (a message
id)."""


def dump_settings(settings: Settings) -> str:
    """The JSON to store under :data:`STORAGE_KEY` (with ``"version": 1``). Values that would not
    load back are written as their defaults."""
    keys = KeyMap.from_json(settings.keys, MAX_SEATS, KNOWN_ACTIONS)[0].to_json()
    last = settings.last_table if isinstance(settings.last_table, str) else ""
    data: dict[str, Any] = {
        "version": VERSION,
        "keys": keys,
        "four_colour": settings.four_colour is True,
        "projector": settings.projector is True,
        "speed": parse_speed(settings.speed) or DEFAULT_SPEED,
        "last_table": to_query(parse_query(last[:MAX_LAST_TABLE])[0]),
        "choice_seconds": (
            seconds if (seconds := parse_choice_seconds(settings.choice_seconds)) is not None
            else DEFAULT_CHOICE_SECONDS
        ),
        "volume": volume if (volume := parse_volume(settings.volume)) is not None
        else DEFAULT_VOLUME,
        "muted": settings.muted is True,
        "vibrate": settings.vibrate is not False,
    }
    return json.dumps(data, separators=(",", ":"))
