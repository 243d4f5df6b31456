"""Game records: a game is its variant, options, deal and timestamped actions.

A record is JSON::

    {"format": "ratscrew-record", "version": 1,
     "variant": "classic", "players": 4,
     "options": {"penalty": "lockout"},          # only what differs from the variant
     "seed": 17,                                 # or "hands": [["QH", "2C", ...], ...]
     "names": ["Ana", "Ben", "Cleo", "Dev"],      # optional
     "actions": [[821, 0, "flip"], [24781, 0, "slap"], ...],
     "result": {"status": "win", "winner": 3, "cards_played": 812, "tricks": 140}}

``hands`` list each hand top card first. ``actions`` are ``[t, seat, kind]`` or
``[t, seat, kind, arg]`` with ``t`` in milliseconds from the deal. ``result`` is optional; when
present, replaying checks it. Replaying applies the same actions to the same deal and so gives
the identical game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import __version__
from .cards import CardError, card
from .engine import ACTION_KINDS, Action, ActionError, Game
from .options import OptionsError
from .rng import MAX_SEED
from .variants import VariantError, find_variant

FORMAT = "ratscrew-record"
VERSION = 1
MAX_NAME = 40


class RecordError(ValueError):
    """A record that cannot be replayed; the message says what is wrong and where."""


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game`` so far (with its result if it is over)."""
    base = game.variant.rules_for(game.n)
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "engine": __version__,
        "variant": game.variant.name,
        "players": game.n,
        "options": game.rules.diff(base),
    }
    if game.seed is not None:
        out["seed"] = game.seed
    if game.seed is None or game.from_hands:
        out["hands"] = [[c.code for c in h] for h in game.initial_hands]
    if game.names:
        out["names"] = list(game.names)
    out["actions"] = [
        [t, seat, kind, arg] if arg else [t, seat, kind] for t, seat, kind, arg in game.history
    ]
    if game.outcome is not None:
        o = game.outcome
        out["result"] = {
            "status": o.status,
            "winner": o.winner,
            "cards_played": o.cards_played,
            "tricks": o.tricks,
        }
    return out


def dumps(game: Game) -> str:
    return json.dumps(record_of(game), separators=(",", ":"))


def loads(text: str) -> dict[str, Any]:
    """Parse JSON text into a record dict (not yet checked: :func:`replay` checks)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object with variant, players, seed or hands, "
                          "and actions")
    return data


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise RecordError(f"{key!r} is missing: {what}")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise RecordError(f"{key!r} must be {what}")
    return value


def new_game(data: Mapping[str, Any]) -> Game:
    """The game a record starts from (its deal), with no actions applied yet."""
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(f"'format' is {data.get('format')!r}, not {FORMAT!r}")
    version = data.get("version", VERSION)
    if version != VERSION:
        raise RecordError(f"record version {version!r} is not supported (this is version "
                          f"{VERSION})")
    known = {"format", "version", "engine", "variant", "players", "options", "seed", "hands",
             "names", "actions", "result"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"unknown field {unknown[0]!r}; fields are: {', '.join(sorted(known))}")
    name = _need(data, "variant", str, "a variant name such as 'classic'")
    players = _need(data, "players", int, "a whole number of players")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names and values")
    names = data.get("names")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise RecordError("'names' must be a list of strings")
        if len(names) != players:
            raise RecordError(f"'names' has {len(names)} names for {players} players")
        if any(len(n) > MAX_NAME for n in names):
            raise RecordError(f"a name is longer than {MAX_NAME} characters")
    seed = data.get("seed")
    hands_data = data.get("hands")
    if seed is None and hands_data is None:
        raise RecordError("a record needs a 'seed' or the 'hands' (or both: the hands are "
                          "dealt and the seed rolls the table's dice)")
    if isinstance(seed, str) and seed.isdecimal():
        seed = int(seed)
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED
    ):
        raise RecordError(f"'seed' must be a whole number from 0 to {MAX_SEED}")
    hands = None
    if hands_data is not None:
        if not isinstance(hands_data, list) or not all(isinstance(h, list) for h in hands_data):
            raise RecordError("'hands' must be a list of hands, each a list of card codes")
        try:
            hands = [[card(str(code)) for code in h] for h in hands_data]
        except CardError as exc:
            raise RecordError(f"'hands': {exc}") from None
    try:
        return Game(find_variant(name), players, seed=seed, hands=hands, options=options,
                    names=names)
    except (VariantError, OptionsError) as exc:
        raise RecordError(str(exc)) from None
    except ValueError as exc:
        raise RecordError(f"cannot start the game: {exc}") from None


def replay(data: Mapping[str, Any] | str) -> Game:
    """Replay a record (a dict or JSON text) to the identical game; check its result."""
    if isinstance(data, str):
        data = loads(data)
    game = new_game(data)
    actions = _need(data, "actions", list, "a list of [time, seat, action] entries")
    for i, entry in enumerate(actions):
        if not isinstance(entry, list) or len(entry) not in (3, 4):
            raise RecordError(f"actions[{i}] must be [time, seat, action] or "
                              "[time, seat, action, argument]")
        t, seat, kind = entry[:3]
        arg = entry[3] if len(entry) == 4 else ""
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise RecordError(f"actions[{i}]: time {t!r} must be a whole number of ms")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RecordError(f"actions[{i}]: seat {seat!r} must be a whole number")
        kinds = (*ACTION_KINDS, *game.variant.actions)
        if kind not in kinds:
            raise RecordError(f"actions[{i}]: {kind!r} is not an action; actions are "
                              f"{', '.join(kinds)}")
        if not isinstance(arg, str):
            raise RecordError(f"actions[{i}]: the argument must be a string")
        try:
            game.apply(Action(t, seat, kind, arg))
        except ActionError as exc:
            raise RecordError(f"actions[{i}]: {exc}") from None
    result = data.get("result")
    if result is not None:
        _check_result(game, result)
    return game


def _check_result(game: Game, result: Any) -> None:
    if not isinstance(result, dict):
        raise RecordError("'result' must be an object")
    if result.get("status") == "capped" and game.outcome is None:
        game.stop(game.t)
    o = game.outcome
    got = {
        "status": o.status if o else "unfinished",
        "winner": o.winner if o else None,
        "cards_played": game.cards_played,
        "tricks": game.tricks,
    }
    for key, value in result.items():
        if key not in got:
            raise RecordError(f"'result' has an unknown field {key!r}")
        if type(got[key]) is not type(value) or got[key] != value:
            raise RecordError(
                f"the record says {key} = {value!r} but replaying it gives {got[key]!r}"
            )
