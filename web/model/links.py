"""The shareable link: the whole table as query parameters.

``?variant=beggar-my-neighbour&players=3&bots=2,3&difficulty=easy,hard&seed=friday%20night
&names=Ann,,Cat&speed=2&options=penalty:lockout;slaps:double,sandwich,run&autostart=1``

Formats (parameter names are case-insensitive; an empty value counts as absent):

``variant``
    A variant name or alias from :mod:`ratscrew.variants`, any case, ``_`` or space for ``-``
    (``bmn``, ``Beggar_My_Neighbour``); stored as the canonical name. Default ``classic``.
``players``
    A whole number within the variant's range (2 to 8 for the built-in ones). Default 4.
``bots``
    Which seats bots play: 1-based seat numbers separated by commas (``bots=2,3,4``), ``all``
    or ``none``. Default: seat 1 is a person, every other seat a bot.
``difficulty``
    One of ``easy``, ``normal``, ``hard``, ``expert`` (:data:`ratscrew.play.bots.DIFFICULTIES`) for
    every bot, or a comma list with one level per bot seat in seat order
    (``bots=2,4&difficulty=easy,expert``). Default ``normal``. Seats played by people have no
    difficulty in the link; they read back as ``normal``.
``phones``
    Which people's seats play from their own phones (the page hosts the table and shows each
    a join code): 1-based seat numbers separated by commas (``phones=1,2``); a bot's seat
    named here stays a bot. Default: none.
``seed``
    The deal, as the text the player typed: a number or any text (at most 64 characters,
    no control characters; spaces at either end are dropped). The engine's number is
    :func:`ratscrew.core.rng.seed_from_text` of it (:func:`seed_number`). Absent: no seed (the page
    picks one when the game starts, then shows it).
``names``
    Names in seat order separated by commas, each URL-encoded (``names=Ann,,Cat``); an empty
    entry, or a missing one at the end, is the default ``Player N``. Names cannot contain
    commas: :func:`clean_name` turns them into spaces. Names are cleaned (control and
    direction-override characters removed, whitespace collapsed, trimmed) and cut to 24
    characters. Anything else is kept as text, markup included: the page shows names with
    ``textContent``, never as HTML.
``speed``
    Bot and animation speed: ``0.5``, ``1``, ``2``, ``4``, ``8`` or ``instant`` (``2x`` and
    ``x2`` are read as ``2``). Default ``1``.
``options``
    Rule options that differ from the variant's defaults, as ``name:value`` pairs separated by
    ``;`` (``options=penalty:lockout;slaps:double,sandwich,run;challenge:J=1,Q=2,K=3,A=4``).
    A value is read as JSON when it parses as JSON (``true``, ``3``, ``["double"]``), else as
    text; lists are written comma-separated and the challenge table as ``RANK=CHANCES`` pairs,
    as :meth:`ratscrew.core.options.Rules.with_options` reads them. Options are checked with
    :meth:`ratscrew.variants.Variant.rules_for`; ones equal to the defaults are dropped.
``autostart``
    ``autostart=1`` (also ``true``, ``yes``, ``on``, or a bare ``autostart``) deals at once,
    without the table setup screen.
``lang``
    The page's language (``lang=fr``: French, or ``es``, ``de``, ``en``), before the one
    chosen in Settings and the browser's (web/boot/i18n.js reads it, before Python). A link
    the page makes carries the language in use when it is not English, so a teacher's link
    opens in the class's language.

:func:`parse_query` never raises: each invalid parameter falls back to its default with one
notice for the player. :func:`to_query` writes only what differs from the defaults (the seed
whenever there is one), and ``parse_query(to_query(c)) == (c, [])`` for every table the page
makes. Seats are 0-based in Python (``seats[0]`` is "Player 1"), 1-based in links and on screen.
"""

from __future__ import annotations

import json
import math
import random
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from ratscrew.core import safe_json
from ratscrew.core.options import OPTION_SPECS
from ratscrew.core.rng import seed_from_text
from ratscrew.i18n import N_, PSEUDO, PSEUDO_RTL, best, current, msg, t, tn
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.variants import VARIANTS, Variant, VariantError, find_variant
from web.model.query import query_pairs, quote

DEFAULT_VARIANT = "classic"
DEFAULT_PLAYERS = 4
DEFAULT_DIFFICULTY = "normal"
DEFAULT_SPEED = "1"
SPEEDS: tuple[str, ...] = ("0.25", "0.5", "1", "2", "4", "8", "instant")
SPEED_FACTORS: dict[str, float] = {
    "0.25": 0.25, "0.5": 0.5, "1": 1.0, "2": 2.0, "4": 4.0, "8": 8.0, "instant": math.inf,
}
"""How many times faster than normal each speed is (``instant``: no waiting at all)."""
MAX_NAME_LENGTH = 24
MAX_SEED_LENGTH = 64
NEW_SEED_LIMIT = 10**9
"""Seeds the page picks for a table without one are numbers from 1 to this, less one."""

PARAMETERS: tuple[str, ...] = (
    "variant", "players", "bots", "difficulty", "phones", "seed", "names", "speed", "options",
    "autostart", "lang",
)
"""Link parameters, in the order :func:`to_query` writes them."""

# Added to links by sites and messengers that share them: ignored without a notice.
_TRACKING = frozenset({"fbclid", "gclid", "dclid", "msclkid", "mc_eid", "igshid", "ref", "si"})

# Format characters that are kept in names: zero-width non-joiner and joiner (needed by some
# scripts and by emoji sequences). Every other format character (direction overrides, zero
# width spaces, byte-order marks, ...) is removed, with control characters and lone surrogates.
_KEPT_FORMAT = frozenset("\u200c\u200d")


@dataclass
class SeatConfig:
    """One seat at the table: who sits there and, for a bot, how well it plays."""

    name: str
    bot: bool
    difficulty: str = DEFAULT_DIFFICULTY
    phone: bool = False
    """A person who plays from their own phone (never a bot)."""


# i18n: A seat's name when the player gave none ({number}: the seat's number, 1 to 8).
DEFAULT_NAME = N_("Player {number}")
"""The default name's message id (:func:`default_name`)."""


def default_name(seat: int) -> str:
    """``"Player N"`` for a 0-based seat, in the language in use."""
    return t(DEFAULT_NAME, number=seat + 1)


def is_default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is a 0-based seat's default name, in the language in use or in
    English: a link and a record never store it (it reads back as the default, said in the
    reader's language)."""
    return name in (default_name(seat), msg(DEFAULT_NAME, number=seat + 1).english())


def default_seats(players: int) -> list[SeatConfig]:
    """Seat 1 a person, every other seat a normal bot, all with default names."""
    return [SeatConfig(default_name(i), i > 0, DEFAULT_DIFFICULTY) for i in range(players)]


@dataclass
class TableConfig:
    """Everything a link says about a table. ``len(seats) == players``; ``seed`` is the text the
    player typed ("" for none); ``options`` are the rule options that differ from the variant's
    defaults, JSON-ready (as :meth:`ratscrew.core.options.Rules.diff` gives them)."""

    variant: str = DEFAULT_VARIANT
    players: int = DEFAULT_PLAYERS
    seats: list[SeatConfig] = field(default_factory=lambda: default_seats(DEFAULT_PLAYERS))
    seed: str = ""
    speed: str = DEFAULT_SPEED
    options: dict[str, Any] = field(default_factory=dict)
    autostart: bool = False


# --------------------------------------------------------------------------- small parsers


def _show(value: object, limit: int = 40) -> str:
    """A value quoted for a notice, cut short if long."""
    text = repr(value) if isinstance(value, str) else repr(str(value))
    return text if len(text) <= limit else text[: limit - 2] + "…" + text[0]


def _unwanted(char: str) -> bool:
    category = unicodedata.category(char)
    return category in ("Cc", "Cs") or (category == "Cf" and char not in _KEPT_FORMAT)


def _clean_name(text: str) -> tuple[str, bool]:
    """The cleaned name ("" when nothing is left) and whether it had to be shortened."""
    chars = (
        " " if char.isspace() or char == "," else char
        for char in text
        if char.isspace() or not _unwanted(char)
    )
    name = " ".join("".join(chars).split())
    if len(name) <= MAX_NAME_LENGTH:
        return name, False
    return name[:MAX_NAME_LENGTH].rstrip().rstrip("\u200c\u200d").rstrip(), True


def clean_name(text: object, seat: int) -> str:
    """A safe display name for a 0-based seat: control and format characters removed (except
    zero-width joiners), commas made spaces, whitespace collapsed, trimmed, at most 24
    characters; ``"Player N"`` (in the language in use) if nothing is left, or if it is the
    seat's default name in English. Markup stays as plain text."""
    name = _clean_name(text)[0] if isinstance(text, str) else ""
    return default_name(seat) if not name or is_default_name(name, seat) else name


def clean_seed(text: object) -> tuple[str, str | None]:
    """The seed text to keep ("" for none) and, if it cannot be used, why not."""
    if not isinstance(text, str):
        # i18n: Why a seed cannot be used, in "Ignored the seed ({problem}): ...".
        return "", t("it is not text")
    seed = text.strip()
    if len(seed) > MAX_SEED_LENGTH:
        # i18n: Why a seed cannot be used, in "Ignored the seed ({problem}): ...".
        return "", tn("it is longer than {n} character", "it is longer than {n} characters",
                      MAX_SEED_LENGTH, n=MAX_SEED_LENGTH)
    if any(_unwanted(char) or (char.isspace() and char != " ") for char in seed):
        # i18n: Why a seed cannot be used, in "Ignored the seed ({problem}): ...".
        return "", t("it contains control characters")
    return seed, None


def seed_number(config: TableConfig) -> int | None:
    """The engine's seed for this table, or None when the page should pick one."""
    seed, problem = clean_seed(config.seed)
    return seed_from_text(seed) if seed and problem is None else None


def parse_speed(text: object) -> str | None:
    """One of :data:`SPEEDS` from what was written (``"2x"``, ``"1.0"``, ``"Instant"``), or None."""
    if not isinstance(text, str) or len(text) > 12:
        return None
    value = text.strip().lower().removesuffix("x").removeprefix("x").strip()
    if value in SPEED_FACTORS:
        return value
    if not value.isascii():
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    if not math.isfinite(number):  # "inf" is not "instant"
        return None
    for speed, factor in SPEED_FACTORS.items():
        if number == factor:
            return speed
    return None


def speed_factor(speed: str) -> float:
    """How many times faster than normal a speed is (``inf`` for instant; 1 if unknown)."""
    name = parse_speed(speed)
    return SPEED_FACTORS[name] if name is not None else 1.0


def _whole_number(text: str) -> int | None:
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    return None


def _variant(name: object) -> Variant:
    """The variant of a config, or classic if its name is unknown."""
    if isinstance(name, str):
        try:
            return find_variant(name)
        except VariantError:
            pass
    return VARIANTS[DEFAULT_VARIANT]


def default_players(variant: Variant) -> int:
    """How many players a link of ``variant`` seats when it does not say."""
    return min(max(DEFAULT_PLAYERS, variant.min_players), variant.max_players)


def _clamp_players(variant: Variant, players: object) -> int:
    if type(players) is not int:
        return default_players(variant)
    return min(max(players, variant.min_players), variant.max_players)


# --------------------------------------------------------------------------- rule options


MAX_OPTION_CHARS = 2_000
"""The longest option value a link may hold (a slap list is a few hundred characters)."""
MAX_OPTION_DEPTH = 4
"""How deeply an option's JSON may nest (a list of lists is 2): checked before parsing, as the
browser's Python has a small stack (a few thousand levels stop it, not as an exception)."""


def _too_big(text: str) -> bool:
    """Whether an option's text is over the limits (it is refused without being parsed, nor
    written back in a notice)."""
    try:
        safe_json.check(text, max_chars=MAX_OPTION_CHARS, max_depth=MAX_OPTION_DEPTH)
    except safe_json.JSONLimitError:
        return True
    except ValueError:
        return False
    return False


def _option_value(text: str) -> Any:
    """JSON when the text parses as JSON within the limits, else the text itself (which the
    option's own check then refuses with a notice)."""
    try:
        return safe_json.loads(text, max_chars=MAX_OPTION_CHARS, max_depth=MAX_OPTION_DEPTH)
    except Exception:  # not JSON, too long, too deep, numbers too long
        return text


def page_option(name: str) -> bool:
    """Whether the page sets option ``name`` itself at every start and never writes it into a
    link: a local-time option (a link opened at night plays the opener's night)."""
    spec = OPTION_SPECS.get(name)
    return spec is not None and spec.local_time


def per_seat(name: str) -> bool:
    spec = OPTION_SPECS.get(name)
    return spec is not None and spec.per_seat


def seats_text(values: Any) -> str:
    """A per-seat option's values as a link writes them: ``male,-,female`` (``-``: unset)."""
    return ",".join(str(v) or "-" for v in values)


def trim_seats(values: Any, players: int) -> list[str]:
    """A per-seat option's values for ``players`` seats: extra seats cut, trailing unset seats
    dropped."""
    kept = [str(v) for v in list(values)[:players]]
    while kept and not kept[-1]:
        kept.pop()
    return kept


def _format_option_value(value: Any) -> str:
    """The compact text for one option value (see the module docstring)."""
    if isinstance(value, str):
        return json.dumps(value) if _option_value(value) != value else value
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        text = ",".join(value)
        if all(v and "," not in v and not v.isspace() for v in value) and (
            _option_value(text) == text
        ):
            return text
    if isinstance(value, dict) and all(
        isinstance(k, str) and k.isalnum() and type(v) is int for k, v in value.items()
    ):
        return ",".join(f"{k}={v}" for k, v in value.items())
    return json.dumps(value, separators=(",", ":"), default=str)


def format_options(options: dict[str, Any]) -> str:
    """``options`` in the link's ``name:value;name:value`` form, in OPTION_SPECS order."""
    order = {name: i for i, name in enumerate(OPTION_SPECS)}
    names = sorted(options, key=lambda n: (order.get(n, len(order)), n))
    def text(name: str) -> str:
        value = options[name]
        return seats_text(value) if per_seat(name) else _format_option_value(value)

    return ";".join(f"{name}:{text(name)}" for name in names if not page_option(name))


def check_options(
    variant: Variant, players: int, options: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """The options that ``variant`` allows for ``players``, as their difference from its
    defaults (JSON-ready), with a notice for each option that had to be dropped."""
    notices: list[str] = []
    good: dict[str, Any] = {}
    for name, value in options.items():
        if name not in OPTION_SPECS:
            # i18n: {name} is the option's name as the link gives it, quoted.
            notices.append(t("Ignored unknown rule option {name}.", name=_show(name)))
            continue
        if page_option(name):
            # i18n: {name} is an option's name (typed as it is: not translated).
            notices.append(t("Ignored rule option {name}: the page sets it from this device's "
                             "clock when the game starts.", name=name))
            continue
        try:
            variant.rules_for(players, {name: value})
        except Exception as error:  # OptionsError, VariantError, or a value of a strange type
            reason = str(error).rstrip(".").removeprefix(f"{name}: ")
            # i18n: {name} is an option's name (not translated); {reason} says what is wrong
            # with its value.
            notices.append(t("Ignored rule option {name}: {reason}.", name=name, reason=reason))
            continue
        good[name] = value
    for name in [name for name in good if per_seat(name)]:
        try:
            marks = variant.rules_for(players, {name: good[name]}).seat_choices(name)
        except Exception:  # checked above; keep the defaults
            marks = ()
        if len(marks) > players:
            # i18n: {name} is an option's name (not translated); {n} the seats it marks,
            # more than the {players} players at the table.
            notices.append(tn("Rule option {name} marks {n} seat for {players} players: "
                              "ignored the extra seats.",
                              "Rule option {name} marks {n} seats for {players} players: "
                              "ignored the extra seats.", len(marks), name=name, n=len(marks),
                              players=players))
        good[name] = trim_seats(marks, players)
    try:
        return variant.options_of(players, variant.rules_for(players, good)), notices
    except Exception:  # cannot happen with options checked one by one; keep the defaults
        return {}, [*notices, t("The rule options could not be used: playing the usual rules.")]


def parse_options(
    text: str, variant: Variant, players: int
) -> tuple[dict[str, Any], list[str]]:
    """Read the link's ``options`` value; see :func:`check_options`."""
    notices: list[str] = []
    raw: dict[str, Any] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition(":")
        name = name.strip().lower().replace("-", "_")
        if not sep or not name:
            # i18n: {option} is what the link gives, quoted; name:value and ';' are typed as
            # they are.
            notices.append(t("Ignored rule option {option}: write options as name:value pairs "
                             "separated by ';'.", option=_show(part)))
        elif name in raw:
            # i18n: {name} is the option's name as the link gives it, quoted.
            notices.append(t("Rule option {name} is given twice: using the first.",
                             name=_show(name)))
        elif _too_big(value.strip()):
            # i18n: {name} is the option's name as the link gives it, quoted.
            notices.append(t("Ignored rule option {name}: its value is too long or nested "
                             "too deeply.", name=_show(name)))
        else:
            raw[name] = _option_value(value.strip())
    options, more = check_options(variant, players, raw)
    return options, notices + more


# --------------------------------------------------------------------------- parse_query

YES = ("", "1", "true", "yes", "on")
"""A yes in a link (``autostart=1``, a bare ``autostart``; a lesson's ``teach``)."""
NO = ("0", "false", "no", "off")

MAX_TOOL_QUERY = 8_192
"""How much of a link is read for a teaching tool's parameter (the tool reads the rest)."""
TOOL_PARAMS = {"practice": "practice", "learn": "lessons"}
"""Link parameters that open a teaching tool instead of a table: a slap-practice drill
(``?practice=double,sandwich&seed=...``, read by :mod:`web.tools.practice.link`), or a
lesson (``?learn=kurs&step=3``, read by :mod:`web.tools.lesson.model`)."""


def tool_link(query: object) -> str:
    """The teaching tool a link opens ("practice", "lessons"), or "" for a game's link."""
    if not isinstance(query, str):
        return ""
    names = {name.strip().lower() for name, _ in query_pairs(
        query.partition("#")[0].strip().removeprefix("?")[:MAX_TOOL_QUERY])}
    return next((tool for param, tool in TOOL_PARAMS.items() if param in names), "")


def parse_query(query: object) -> tuple[TableConfig, list[str]]:
    """The table a link describes (``"?a=b&..."`` or ``"a=b&..."``; a ``#fragment`` is
    ignored), and one notice per parameter that could not be used. Never raises."""
    try:
        return _parse_query(query if isinstance(query, str) else "")
    except Exception:  # a last guard: the page must always get a table
        return TableConfig(), [t("The link could not be read: starting a new table instead.")]


def _read_params(query: str, notices: list[str]) -> dict[str, str]:
    query = query.partition("#")[0].strip()
    query = query.removeprefix("?")
    params: dict[str, str] = {}
    twice: set[str] = set()
    for raw_name, value in query_pairs(query):
        name = raw_name.strip().lower()
        if name in PARAMETERS:
            if name not in params:
                params[name] = value
            elif name not in twice:
                twice.add(name)
                # i18n: {name} is a link setting's name (variant, seed...: not translated).
                notices.append(t("The link gives {name} more than once: using the first.",
                                 name=name))
        elif name and not name.startswith("utm_") and name not in _TRACKING:
            # i18n: {name} is the setting's name as the link gives it, quoted.
            notices.append(t("Ignored unknown link setting {name}.", name=_show(raw_name)))
    return params


def _parse_bots(text: str, players: int) -> set[int] | None:
    text = text.strip().lower()
    if text == "all":
        return set(range(players))
    if text == "none":
        return set()
    seats: set[int] = set()
    for part in text.split(","):
        if not part.strip():
            continue
        number = _whole_number(part)
        if number is None or not 1 <= number <= players:
            return None
        seats.add(number - 1)
    return seats or None


def _seat_numbers(name: str, text: str, players: int, notices: list[str],
                  words: bool) -> set[int] | None:
    """The 0-based seats a seat list names (``words``: ``all`` and ``none`` too), or None
    with a notice when it is not one."""
    seats = _parse_bots(text, players)
    if seats is None or (not words and text.strip().lower() in ("all", "none")):
        if words:
            # i18n: {name}={value} is the link's setting as given (bots='x'); "all" and "none"
            # are typed as they are (not translated).
            notices.append(t("Ignored {name}={value}: give seat numbers from 1 to {players} "
                             "separated by commas, or all, or none.", name=name,
                             value=_show(text), players=players))
        else:
            # i18n: {name}={value} is the link's setting as given (phones='x').
            notices.append(t("Ignored {name}={value}: give seat numbers from 1 to {players} "
                             "separated by commas.", name=name, value=_show(text),
                             players=players))
        return None
    return seats


def _parse_query(query: str) -> tuple[TableConfig, list[str]]:
    notices: list[str] = []
    params = _read_params(query, notices)
    config = TableConfig()

    def given(name: str) -> str | None:
        value = params.get(name)
        return value if value is not None and value.strip() else None

    variant = VARIANTS[DEFAULT_VARIANT]
    if (text := given("variant")) is not None:
        try:
            variant = find_variant(text)
        except VariantError:
            # i18n: {name} is the variant's name as the link gives it, quoted; {variant} the
            # name of the one played (classic: a link's name for it, not translated).
            notices.append(t("Unknown variant {name}: playing {variant} instead.",
                             name=_show(text), variant=variant.name))
    config.variant = variant.name

    players = default_players(variant)
    if (text := given("players")) is not None:
        number = _whole_number(text)
        if number is not None and variant.min_players <= number <= variant.max_players:
            players = number
        else:
            # i18n: {variant} is a game's name (Classic); {players} the number the link
            # asks for, quoted; {count} the number of players seated instead.
            notices.append(t("{variant} is for {minimum} to {maximum} players, not {players}: "
                             "playing with {count}.", variant=t(variant.title),
                             minimum=variant.min_players, maximum=variant.max_players,
                             players=_show(text), count=players))
    config.players = players
    config.seats = seats = default_seats(players)

    if (text := given("bots")) is not None:
        bots = _seat_numbers("bots", text, players, notices, words=True)
        for i, seat in enumerate(seats):
            seat.bot = seat.bot if bots is None else i in bots

    if (text := given("difficulty")) is not None:
        levels = [part.strip().lower() for part in text.split(",")]
        bot_seats = [seat for seat in seats if seat.bot]
        unknown = [level for level in levels if level not in DIFFICULTIES]
        if unknown:
            # i18n: {name} is the difficulty the link gives, quoted; {choices} and {level}
            # are difficulties as links write them (easy, normal...: not translated).
            notices.append(t("Unknown difficulty {name} (choose from {choices}): bots play "
                             "{level}.", name=_show(unknown[0]), choices=", ".join(DIFFICULTIES),
                             level=DEFAULT_DIFFICULTY))
        elif len(levels) == 1:
            for seat in bot_seats:
                seat.difficulty = levels[0]
        elif len(levels) != len(bot_seats):
            # i18n: {n} difficulties (never 1) for {bots} bots; {level} is a difficulty as
            # links write it (normal: not translated).
            notices.append(tn("The link gives {n} difficulty for {bots} bots: bots play "
                              "{level}.",
                              "The link gives {n} difficulties for {bots} bots: bots play "
                              "{level}.", len(levels), n=len(levels), bots=len(bot_seats),
                              level=DEFAULT_DIFFICULTY))
        else:
            for seat, level in zip(bot_seats, levels, strict=True):
                seat.difficulty = level

    if (text := given("phones")) is not None:
        phones = _seat_numbers("phones", text, players, notices, words=False) or set()
        for i, seat in enumerate(seats):
            seat.phone = i in phones and not seat.bot

    if (text := given("names")) is not None:
        names = text.split(",")
        if len(names) > players:
            # i18n: {n} names for {seats} seats (more names than seats).
            notices.append(tn("The link names {n} player for {seats} seats: ignored the extra "
                              "names.",
                              "The link names {n} players for {seats} seats: ignored the "
                              "extra names.", len(names), n=len(names), seats=players))
        for i, raw_name in enumerate(names[:players]):
            name, shortened = _clean_name(raw_name)
            if shortened:
                # i18n: {name} is the name as the link gives it, quoted.
                notices.append(tn("The name {name} was shortened to {n} character.",
                                  "The name {name} was shortened to {n} characters.",
                                  MAX_NAME_LENGTH, name=_show(raw_name), n=MAX_NAME_LENGTH))
            seats[i].name = default_name(i) if not name or is_default_name(name, i) else name

    if "seed" in params:
        seed, problem = clean_seed(params["seed"])
        if problem is not None:
            # i18n: {problem} says why the seed cannot be used ("it is not text").
            notices.append(t("Ignored the seed ({problem}): a new deal will be picked.",
                             problem=problem))
        config.seed = seed

    if (text := given("speed")) is not None:
        speed = parse_speed(text)
        if speed is None:
            # i18n: {speed} is the speed the link gives, quoted; {choices} and {default}
            # are speeds as links write them (0.5, 1, instant: not translated).
            notices.append(t("Unknown speed {speed} (choose from {choices}): playing at speed "
                             "{default}.", speed=_show(text), choices=", ".join(SPEEDS),
                             default=DEFAULT_SPEED))
        else:
            config.speed = speed

    if (text := given("options")) is not None:
        config.options, more = parse_options(text, variant, players)
        notices += more

    if (text := given("lang")) is not None and best([text]) == "en" and not (
            text.strip().lower().startswith("en") or text.strip() in (PSEUDO, PSEUDO_RTL)):
        # i18n: {lang} is the language the link asks for, quoted (as the link writes it).
        notices.append(t("The game does not speak the language {lang}: the page is in the one "
                         "chosen in Settings or the browser's.", lang=_show(text)))

    if "autostart" in params:
        value = params["autostart"].strip().lower()
        if value in YES:
            config.autostart = True
        elif value not in NO:
            # i18n: {value} is the value the link gives, quoted; autostart=1 is typed as it is.
            notices.append(t("Ignored autostart={value}: use autostart=1.", value=_show(value)))

    return config, notices


# --------------------------------------------------------------------------- to_query


def _fit_seats(seats: list[SeatConfig], players: int) -> list[SeatConfig]:
    """``seats`` cut or padded (with normal bots) to ``players`` seats, copied."""
    fitted = [replace(seat) for seat in seats[:players]]
    fitted += [SeatConfig(default_name(i), True) for i in range(len(fitted), players)]
    return fitted


def to_query(config: TableConfig) -> str:
    """The link's query string, without the ``?`` ("" for a default table): only what differs
    from the defaults, always the seed when there is one. Names are cleaned on the way."""
    variant = _variant(config.variant)
    players = _clamp_players(variant, config.players)
    seats = _fit_seats(config.seats, players)
    pairs: list[tuple[str, str, str]] = []  # name, value, characters left unescaped

    if variant.name != DEFAULT_VARIANT:
        pairs.append(("variant", variant.name, ""))
    if players != default_players(variant):
        pairs.append(("players", str(players), ""))

    bots = [i for i, seat in enumerate(seats) if seat.bot]
    if bots != list(range(1, players)):
        bots_text = "all" if len(bots) == players else ",".join(str(i + 1) for i in bots)
        pairs.append(("bots", bots_text or "none", ","))
    levels = [
        seats[i].difficulty if seats[i].difficulty in DIFFICULTIES else DEFAULT_DIFFICULTY
        for i in bots
    ]
    if any(level != DEFAULT_DIFFICULTY for level in levels):
        pairs.append(("difficulty", levels[0] if len(set(levels)) == 1 else ",".join(levels), ","))

    phones = [str(i + 1) for i, seat in enumerate(seats) if seat.phone and not seat.bot]
    if phones:
        pairs.append(("phones", ",".join(phones), ","))

    seed = config.seed.strip() if isinstance(config.seed, str) else ""
    if seed:
        pairs.append(("seed", seed, ""))

    names = [clean_name(seat.name, i) for i, seat in enumerate(seats)]
    # A default name (in the language in use or in English) is never written: it reads back
    # as the default, in the reader's language.
    written = ["" if is_default_name(name, i) else name for i, name in enumerate(names)]
    while written and not written[-1]:
        written.pop()
    if written:
        pairs.append(("names", ",".join(quote(name, safe="") for name in written), ",%"))

    speed = parse_speed(config.speed) or DEFAULT_SPEED
    if speed != DEFAULT_SPEED:
        pairs.append(("speed", speed, ""))
    if config.options:
        pairs.append(("options", format_options(config.options), ",;:="))
    if config.autostart:
        pairs.append(("autostart", "1", ""))
    if (lang := current().lang) != "en":
        pairs.append(("lang", lang, ""))
    return "&".join(
        f"{name}={quote(value, safe=safe)}" for name, value, safe in pairs
    )


def link_for(base: str, config: TableConfig) -> str:
    """``base`` (the page's address; any query or fragment dropped) with the table's query."""
    base = base.partition("#")[0].partition("?")[0]
    query = to_query(config)
    return f"{base}?{query}" if query else base


def pick_seed(rng: random.Random | None = None) -> str:
    """A new seed, as the page picks one for a table without any: a number from 1 to
    999,999,999, as text (``rng``: where the number comes from; the page's own random)."""
    return str((rng or random).randrange(1, NEW_SEED_LIMIT))


def with_seed(
    config: TableConfig, new: bool = False, rng: random.Random | None = None
) -> TableConfig:
    """``config`` sure to hold a seed: its own (spaces at either end dropped) unless it has
    none or ``new`` asks for another, then one :func:`pick_seed` picks. A link made from it
    deals the same cards for everyone who opens it."""
    seed = config.seed.strip() if isinstance(config.seed, str) else ""
    if new or not seed:
        seed = pick_seed(rng)
    return replace(config, seed=seed)


def with_players(config: TableConfig, players: int) -> TableConfig:
    """A copy of ``config`` for ``players`` seats (kept within the variant's range): seats that
    stay keep their settings, new seats are normal bots named "Player N", and rule options
    that no longer apply (a dealer seat that is gone) are dropped."""
    variant = _variant(config.variant)
    players = _clamp_players(variant, players)
    options, _ = check_options(variant, players, dict(config.options))
    return replace(
        config, players=players, seats=_fit_seats(config.seats, players), options=options
    )
