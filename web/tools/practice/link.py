"""The drill's link: a :class:`~ratscrew.tools.practice.DrillConfig` as a query string, and back.

``practice=double,sandwich&players=2&cards=52&pace=quicken&interval=1600&seed=abc``:
``practice`` is the comma-separated rule names (their order is the order they are checked in,
which decides the rule credited when one card makes two patterns); the other parameters are
optional and default to :class:`~ratscrew.tools.practice.DrillConfig`'s defaults.
:func:`parse_query` never raises and says what it dropped or changed, in notices the page shows.

Browser-free (no ``js``): CPython tests read and write links as the page does.
"""

from __future__ import annotations

import re

from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES
from ratscrew.i18n import join, t, tn
from ratscrew.tools.practice import (
    DEFAULT_CARDS,
    DEFAULT_INTERVAL_MS,
    DEFAULT_PACE,
    DEFAULT_PLAYERS,
    MAX_CARDS,
    MAX_INTERVAL_MS,
    MAX_PLAYERS,
    MIN_CARDS,
    MIN_INTERVAL_MS,
    MIN_PLAYERS,
    PACES,
    PRACTICE_RULES,
    DrillConfig,
    left_out_reason,
    seed_problem,
)
from web.model.query import query_pairs, quote

PARAMETERS = ("practice", "players", "cards", "pace", "interval", "seed")
"""Link parameters, in the order :func:`to_query` writes them."""
MAX_QUERY_CHARS = 4096
"""Longer links are refused unread (a real one is under 300 characters)."""
_TRACKING = frozenset({"fbclid", "gclid", "dclid", "msclkid", "mc_eid", "igshid", "ref", "si"})
_WHOLE = re.compile(r"[+-]?[0-9]+")
_MAX_DIGITS = 6


def to_query(config: DrillConfig) -> str:
    """The link's query string, without the ``?``: always the rules, then what differs from
    the defaults, then the seed when there is one. ``parse_query(to_query(c)) == (c, [])``."""
    parts = [f"practice={','.join(config.rules)}"]
    if config.players != DEFAULT_PLAYERS:
        parts.append(f"players={config.players}")
    if config.cards != DEFAULT_CARDS:
        parts.append(f"cards={config.cards}")
    if config.pace != DEFAULT_PACE:
        parts.append(f"pace={config.pace}")
    if config.interval_ms != DEFAULT_INTERVAL_MS:
        parts.append(f"interval={config.interval_ms}")
    if config.seed:
        parts.append(f"seed={quote(config.seed, safe='')}")
    return "&".join(parts)


def _show(text: str, limit: int = 30) -> str:
    """A value quoted for a notice, cut short if long."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 2] + "…" + shown[0]


def _rule_name(text: str) -> str:
    return "-".join(text.strip().lower().replace("_", " ").replace("-", " ").split())


def _shown(items: list[str], limit: int = 4) -> str:
    """Many ignored items in one notice: "'a', 'b', 'c', 'd' and 9 more"."""
    shown = ", ".join(_show(item) for item in items[:limit])
    if len(items) <= limit:
        return shown
    more = len(items) - limit
    # i18n: {names}: the first items ignored, quoted ('a', 'b'); {n}: how many more there are.
    return tn("{names} and {n} more", "{names} and {n} more", more, names=shown, n=str(more))


def _parse_rules(text: str, notices: list[str]) -> tuple[str, ...]:
    chosen: list[str] = []
    unknown: list[str] = []
    left_out: list[str] = []
    for item in text.split(","):
        name = _rule_name(item)
        if not name:
            continue
        rule = SLAP_RULES.get(name) or next(
            (r for r in SLAP_RULES.values() if _rule_name(r.title) == name), None)
        if rule is None:
            if item.strip() not in unknown:
                unknown.append(item.strip())
        elif rule.name in PRACTICE_RULES:
            if rule.name not in chosen:
                chosen.append(rule.name)
        elif rule.name not in left_out:
            left_out.append(rule.name)
            # i18n: {rule}: a slap rule's name (Counting); {reason}: why a drill cannot have it.
            notices.append(t("{rule} cannot be practised: {reason}.", rule=t(rule.title),
                             reason=left_out_reason(rule) or ""))
    if unknown:
        # i18n: {names}: the names a link gave, quoted ('frogs', 'x' and 3 more).
        notices.append(tn("Ignored unknown slap rule {names}.",
                          "Ignored unknown slap rules {names}.", len(unknown),
                          names=_shown(unknown)))
    if not chosen:
        default = join([t(SLAP_RULES[n].title) for n in CLASSIC_SLAPS])
        # i18n: {rules}: the slap rules practised instead ("Double and Sandwich").
        notices.append(t("The link names no slap rule to practise: practising {rules}.",
                         rules=default))
        return CLASSIC_SLAPS
    return tuple(chosen)


def _parse_whole(label: str, text: str, low: int, high: int, default: int,
                 notices: list[str]) -> int:
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        # i18n: {name}: the link's parameter (cards, players, interval: not translated);
        # {value}: what it gave, quoted; {default}: the number used instead.
        notices.append(t("Ignored {name} {value}: not a whole number; using {default}.",
                         name=label, value=_show(text), default=str(default)))
        return default
    digits = text.lstrip("+-").lstrip("0") or "0"
    negative = text.startswith("-") and digits != "0"
    if len(digits) > _MAX_DIGITS:  # far out of range either way: not worth converting
        value = low - 1 if negative else high + 1
    else:
        value = -int(digits) if negative else int(digits)
    if low <= value <= high:
        return value
    clamped = min(max(value, low), high)
    # i18n: {name}: the link's parameter, at the sentence's start (Cards, Players, Interval:
    # not translated); {value}: what it gave, quoted; {clamped}: the number used instead.
    notices.append(t("{name} {value} is outside {low} to {high}: using {clamped}.",
                     name=label.capitalize(), value=_show(text), low=str(low), high=str(high),
                     clamped=str(clamped)))
    return clamped


def parse_query(text: object) -> tuple[DrillConfig, list[str]]:
    """The drill a link describes (``"?practice=..."`` or ``"practice=..."``; a ``#fragment``
    is ignored) and one notice for each thing dropped or changed. Never raises: a link longer
    than :data:`MAX_QUERY_CHARS` is refused unread (the default drill, with a notice)."""
    try:
        return _parse_query(text)
    except Exception:  # a last guard: the page must always get a drill
        return DrillConfig(), [t("The practice link could not be read: using the default "
                                 "drill.")]


def _parse_query(text: object) -> tuple[DrillConfig, list[str]]:
    if not isinstance(text, str):
        return DrillConfig(), [t("The practice link is not text: using the default drill.")]
    if len(text) > MAX_QUERY_CHARS:
        return DrillConfig(), [tn("The practice link is longer than {n} character: using the "
                                  "default drill.",
                                  "The practice link is longer than {n} characters: using the "
                                  "default drill.", MAX_QUERY_CHARS, n=str(MAX_QUERY_CHARS))]
    notices: list[str] = []
    params: dict[str, str] = {}
    query = text.partition("#")[0].strip().removeprefix("?")
    unknown: list[str] = []
    for raw_name, value in query_pairs(query):
        name = raw_name.strip().lower()
        if name in _TRACKING:
            continue
        if name not in PARAMETERS:
            if raw_name not in unknown:
                unknown.append(raw_name)
        elif name in params:
            # i18n: {name}: the link's parameter (not translated).
            notices.append(t("Parameter {name} is given twice: using the first.", name=name))
        else:
            params[name] = value
    if unknown:
        # i18n: {names}: the link's parameters ignored, quoted ('frog', 'x' and 3 more).
        notices.append(tn("Ignored unknown parameter {names}.",
                          "Ignored unknown parameters {names}.", len(unknown),
                          names=_shown(unknown)))
    params = {name: value for name, value in params.items() if value.strip()}

    rules = _parse_rules(params["practice"], notices) if "practice" in params else CLASSIC_SLAPS
    players = DEFAULT_PLAYERS
    if "players" in params:
        players = _parse_whole("players", params["players"], MIN_PLAYERS, MAX_PLAYERS,
                               DEFAULT_PLAYERS, notices)
    count = DEFAULT_CARDS
    if "cards" in params:
        count = _parse_whole("cards", params["cards"], MIN_CARDS, MAX_CARDS, DEFAULT_CARDS,
                             notices)
    interval = DEFAULT_INTERVAL_MS
    if "interval" in params:
        interval = _parse_whole("interval", params["interval"], MIN_INTERVAL_MS,
                                MAX_INTERVAL_MS, DEFAULT_INTERVAL_MS, notices)
    pace = DEFAULT_PACE
    if "pace" in params:
        wanted = params["pace"].strip().lower()
        if wanted in PACES:
            pace = wanted
        else:
            # i18n: {value}: the pace a link gave, quoted; {steady}, {quicken} and {default}:
            # the paces' codes (not translated).
            notices.append(t("Ignored pace {value}: use {steady} or {quicken}; using "
                             "{default}.", value=_show(params["pace"]), steady=PACES[0],
                             quicken=PACES[1], default=DEFAULT_PACE))
    seed = params.get("seed", "").strip()
    problem = seed_problem(seed)
    if problem:
        # i18n: {problem} says why the seed cannot be used ("it contains control characters").
        notices.append(t("Ignored the seed: {problem}.", problem=problem))
        seed = ""
    return DrillConfig(rules, players, count, pace, interval, seed), notices
