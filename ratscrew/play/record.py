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

Records come from anywhere (a file, a link, a hand edit), so reading one checks everything
before the engine sees it: the JSON's size, nesting and numbers (:mod:`~ratscrew.core.safe_json`),
every field's type and range, that the hands hold only cards of the variant's deck and none
more often than its packs do, and, action by action, that nothing happens after the game is
over, that every ``choose`` answers the decision pending (its seat, one of its answers) and that
a variant's own action has an argument of its form (K.U.R.S.' ``fine``: a player number).
Actions the engine merely ignores as it would at the table (a flip out of turn, a slap while
locked out) are kept: the engine records them too. Every refusal is a :class:`RecordError`
whose one-line message says where: ``action 57: the game is already over``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ratscrew import __version__
from ratscrew.core.actions import ACTION_KINDS, Action, ActionError
from ratscrew.core.cards import Card, CardError, card
from ratscrew.core.engine import Game
from ratscrew.core.options import OptionsError, Rules
from ratscrew.core.rng import MAX_SEED
from ratscrew.core.safe_json import JSONError, JSONLimitError
from ratscrew.core.safe_json import loads as json_loads
from ratscrew.i18n import Text, msg, t, tn
from ratscrew.variants import Variant, VariantError, find_variant

FORMAT = "ratscrew-record"
VERSION = 1
MAX_NAME = 40
MAX_CHARS = 16_000_000
"""The largest record read, in characters (a game capped at 20,000 cards takes about 0.5 MB)."""
MAX_DEPTH = 32
"""How deep a record's JSON may nest; records themselves need 3 (``{"actions": [[...]]}``)."""
MAX_DIGITS = 30
"""The most digits a number in a record may have (a seed has at most 20)."""
MAX_TIME = 2**53 - 1
"""The latest action time, in ms (about 285,000 years; also exact in JavaScript)."""


class RecordError(ValueError):
    """A record that cannot be replayed; the message says what is wrong and where."""


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game`` so far (with its result if it is over)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "engine": __version__,
        "variant": game.variant.name,
        "players": game.n,
        "options": game.variant.options_of(game.n, game.rules),
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
    """Parse JSON text into a record dict (not yet checked: :func:`replay` checks). Text over
    :data:`MAX_CHARS` characters, nested deeper than :data:`MAX_DEPTH` or holding a number of
    more than :data:`MAX_DIGITS` digits is refused before it is parsed."""
    try:
        data = json_loads(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH,
                          max_digits=MAX_DIGITS)
    except JSONLimitError as exc:
        raise RecordError(t("not a record: {error}", error=str(exc))) from None
    except JSONError as exc:
        raise RecordError(t("not valid JSON: {error}", error=str(exc))) from None
    if not isinstance(data, dict):
        raise RecordError(t("a record is a JSON object with variant, players, seed or hands, "
                            "and actions"))
    return data


def _shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out (Python's digit limit)
        return t("a number too long to show")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: Text) -> Any:
    if key not in data:
        # i18n: {field} is a record's field name, quoted ('variant'); {what} says what it holds.
        raise RecordError(t("{field} is missing: {what}", field=repr(key), what=what))
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        # i18n: {field} is a record's field name, quoted ('variant'); {what} says what it holds.
        raise RecordError(t("{field} must be {what}", field=repr(key), what=what))
    return value


def new_game(data: Mapping[str, Any]) -> Game:
    """The game a record starts from (its deal), with no actions applied yet."""
    if data.get("format", FORMAT) != FORMAT:
        # i18n: {value} is the record's 'format' as written; {format} is 'ratscrew-record'.
        raise RecordError(t("'format' is {value}, not {format}",
                            value=_shown(data.get("format")), format=repr(FORMAT)))
    version = data.get("version", VERSION)
    if type(version) is not type(VERSION) or version != VERSION:
        raise RecordError(t("record version {version} is not supported (this is version "
                            "{supported})", version=_shown(version), supported=VERSION))
    known = {"format", "version", "engine", "variant", "players", "options", "seed", "hands",
             "names", "actions", "result"}
    unknown = sorted(set(data) - known)
    if unknown:
        # i18n: {field} is the unknown field's name, quoted; {fields} lists the field names.
        raise RecordError(t("unknown field {field}; fields are: {fields}",
                            field=repr(unknown[0]), fields=", ".join(sorted(known))))
    name = _need(data, "variant", str, msg("a variant name such as 'classic'"))
    players = _need(data, "players", int, msg("a whole number of players"))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(t("'options' must be an object of option names and values"))
    names = data.get("names")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise RecordError(t("'names' must be a list of strings"))
        if len(names) != players:
            raise RecordError(tn("'names' has {n} name for {players} players",
                                 "'names' has {n} names for {players} players", len(names),
                                 n=len(names), players=str(players)))
        if any(len(n) > MAX_NAME for n in names):
            raise RecordError(t("a name is longer than {n} characters", n=MAX_NAME))
    seed = data.get("seed")
    hands_data = data.get("hands")
    if seed is None and hands_data is None:
        raise RecordError(t("a record needs a 'seed' or the 'hands' (or both: the hands are "
                            "dealt and the seed drives the table's own chance)"))
    if isinstance(seed, str) and seed.isdecimal() and len(seed) <= len(str(MAX_SEED)):
        seed = int(seed)
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED
    ):
        raise RecordError(t("'seed' must be a whole number from 0 to {max}", max=str(MAX_SEED)))
    hands = None
    if hands_data is not None:
        if not isinstance(hands_data, list) or not all(isinstance(h, list) for h in hands_data):
            raise RecordError(t("'hands' must be a list of hands, each a list of card codes"))
        try:
            hands = [[card(str(code)) for code in h] for h in hands_data]
        except CardError as exc:
            # i18n: {error} says which card code is wrong.
            raise RecordError(t("'hands': {error}", error=str(exc))) from None
    try:
        variant = find_variant(name)
        if hands is not None:
            check_deck(variant, variant.rules_for(players, options), hands)
        return Game(variant, players, seed=seed, hands=hands, options=options, names=names)
    except RecordError:
        raise
    except (VariantError, OptionsError) as exc:
        raise RecordError(str(exc)) from None
    except ValueError as exc:
        raise RecordError(t("cannot start the game: {error}", error=str(exc))) from None


def check_deck(variant: Variant, rules: Rules, hands: list[list[Card]]) -> None:
    """The hands hold only cards of the variant's deck for these rules (its packs, jokers,
    Tarot cards), none more often than the deck does (they may hold fewer: a short deal)."""
    deck = Counter(c.code for c in variant.deck(rules))
    held = Counter(c.code for h in hands for c in h)
    jokers = deck["RJ"] + deck["BJ"]
    what = _deck(t(variant.title), rules.decks, jokers)
    for code, count in held.items():
        if code not in deck:
            # i18n: {card} is a card's code (QH); {deck} is "the Classic deck (1 pack)".
            raise RecordError(t("'hands': {card} is not a card of {deck}", card=code, deck=what))
        if count > deck[code]:
            # i18n: {card} is a card's code (QH); {deck} is "the Classic deck (1 pack)";
            # {times} and {deck_times} are "once", "twice", "3 times".
            raise RecordError(t("'hands' has {card} {times}, but {deck} has it {deck_times}",
                                card=code, times=_times(count), deck=what,
                                deck_times=_times(deck[code])))


def _deck(title: str, decks: int, jokers: int) -> str:
    """The deck named in a message: "the Classic deck (2 packs, 1 joker)"."""
    if not jokers:
        # i18n: {title} is a variant's name (Classic).
        return tn("the {title} deck ({n} pack)", "the {title} deck ({n} packs)", decks,
                  title=title, n=decks)
    # i18n: {title} is a variant's name (Classic); {packs} is "2 packs", {jokers} "1 joker".
    return t("the {title} deck ({packs}, {jokers})", title=title,
             packs=tn("{n} pack", "{n} packs", decks, n=decks),
             jokers=tn("{n} joker", "{n} jokers", jokers, n=jokers))


def _times(n: int) -> str:
    if n == 1:
        return t("once")
    if n == 2:
        return t("twice")
    return tn("{n} time", "{n} times", n, n=n)


def replay(data: Mapping[str, Any] | str) -> Game:
    """Replay a record (a dict or JSON text) to the identical game; check its result."""
    if isinstance(data, str):
        data = loads(data)
    game = new_game(data)
    actions = _need(data, "actions", list, msg("a list of [time, seat, action] entries"))
    kinds = (*ACTION_KINDS, *game.variant.actions)
    for number, entry in enumerate(actions, 1):
        if not isinstance(entry, list) or len(entry) not in (3, 4):
            raise RecordError(t("action {number} must be [time, seat, action] or [time, seat, "
                                "action, argument]", number=str(number)))
        time, seat, kind = entry[:3]
        arg = entry[3] if len(entry) == 4 else ""
        if isinstance(time, bool) or not isinstance(time, int) or not 0 <= time <= MAX_TIME:
            # i18n: {time} is the time as the record writes it.
            why = t("time {time} must be a whole number of ms from 0 to {max}",
                    time=_shown(time), max=str(MAX_TIME))
        elif isinstance(seat, bool) or not isinstance(seat, int):
            # i18n: {seat} is the seat as the record writes it.
            why = t("seat {seat} must be a whole number", seat=_shown(seat))
        elif not isinstance(kind, str) or kind not in kinds:
            # i18n: {action} is the action as the record writes it; {actions} lists their codes.
            why = t("{action} is not an action; actions are {actions}", action=_shown(kind),
                    actions=", ".join(kinds))
        elif not isinstance(arg, str):
            why = t("the argument must be a string")
        elif not (0 <= seat < game.n or (kind == "tick" and seat == -1)):
            why = t("seat {seat} does not exist (seats are 0 to {last})", seat=_shown(seat),
                    last=str(game.n - 1))
        else:
            why = _refused(game, seat, kind, arg)
        if why:
            raise RecordError(_at(number, why))
        try:
            game.apply(Action(time, seat, kind, arg))
        except ActionError as exc:
            raise RecordError(_at(number, str(exc))) from None
    result = data.get("result")
    if result is not None:
        _check_result(game, result)
    return game


def _at(number: int, why: str) -> str:
    """What is wrong with a record's action ``number`` (counted from 1)."""
    # i18n: {number} counts the record's actions from 1; {why} says what is wrong with it.
    return t("action {number}: {why}", number=str(number), why=why)


def _refused(game: Game, seat: int, kind: str, arg: str) -> str:
    """Why a record may not hold this action now ("" if it may). At the table the engine
    only ignores these (a stray key must not stop a game), but a record holding one was not
    made by play as it went: an action after the end, a ``choose`` with nothing pending, from
    another seat or with an answer the decision does not take, a variant action whose argument
    is not of its form (:data:`ARGUMENT_FORMS`). The bots never make them. Actions that the
    rules refuse as play goes on (a flip out of turn, a fine while the decree gives way) are
    not refused here: they replay as the ignored actions they were."""
    if game.outcome is not None:
        return t("the game is already over")
    if kind == "choose":
        decision = game.pending
        if decision is None:
            return t("nothing is being asked (no choice is pending)")
        if seat != decision.seat:
            # i18n: {who} and {other} are players' names (or "player 2").
            return t("it is {who}'s choice, not {other}'s", who=game.name(decision.seat),
                     other=game.name(seat))
        if not decision.accepts(arg):
            if decision.free_text:
                return t("the answer is empty (a typed answer needs some text)")
            # i18n: {answer} is the answer as the record writes it; {answers} lists their codes.
            return t("{answer} is not an answer to this choice (answers: {answers})",
                     answer=_shown(arg), answers=", ".join(decision.options))
        return ""
    form = ARGUMENT_FORMS.get(kind)
    if form is not None and kind in game.variant.actions:
        return form(game, arg)
    return ""


def _player_number(game: Game, arg: str) -> str:
    """A player by number, 1 to n, written as the engine writes it ("3")."""
    if arg in {str(s) for s in range(1, game.n + 1)}:
        return ""
    # i18n: {fine} is the fine's argument as the record writes it; {n} is the number of players.
    return t("{fine} is not a player (a fine names a player by number, 1 to {n})",
             fine=_shown(arg), n=game.n)


ARGUMENT_FORMS: dict[str, Callable[[Game, str], str]] = {"fine": _player_number}
"""The argument each variant action takes, by kind: why an argument is not of its form, or ""
(K.U.R.S.' ``fine`` names the player fined)."""


def _check_result(game: Game, result: Any) -> None:
    if not isinstance(result, dict):
        raise RecordError(t("'result' must be an object"))
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
            raise RecordError(t("'result' has an unknown field {field}", field=repr(key)))
        if type(got[key]) is not type(value) or got[key] != value:
            # i18n: {field} is a field of the result (status, winner, cards_played, tricks);
            # {value} and {got} are its values, quoted if text ('win', 3).
            raise RecordError(t("the record says {field} = {value} but replaying it gives {got}",
                                field=key, value=repr(value), got=repr(got[key])))
