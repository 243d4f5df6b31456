"""The statistics lab: many all-bot games of one rule set, played in chunks, and what they show.

The page runs a :class:`Lab` in a Web Worker: :meth:`Lab.run` plays the next few games (or
:meth:`Lab.run_for` as many as fit in a time budget), so the worker posts :attr:`Lab.progress`
and looks at its cancel flag between chunks. Game ``i`` is the game
:func:`~ratscrew.play.match.simulate` plays as its game ``i``
(:func:`~ratscrew.play.match.simulated_game`), so a finished lab's :attr:`Lab.summary` is
``simulate``'s to the last number, and the same seed gives the same numbers as
``python -m ratscrew simulate``. How the games are cut into chunks changes nothing.

:meth:`Lab.result` gives a :class:`LabResult`: a row per game (:class:`GameRow`) and, from the
rows, what the plots show: game lengths (:func:`histogram`, :func:`spread`), wins by seat, right
and wrong slaps, and how piles were won (:func:`piles_by_cause`). :func:`report` puts two rule
sets side by side (shared histogram bins, the same pile causes, and :func:`compare`'s sentence
on what the second changes, or that the two are the same), :func:`to_csv` writes every game of
every rule set, and :func:`describe` says in a sentence what each plot shows.
:meth:`LabSpec.command` is the command line that gives a rule set's numbers.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import math
import shlex
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import seat_name
from ratscrew.core.options import Rules
from ratscrew.core.rng import MAX_SEED
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.play.match import DEFAULT_MAX_CARDS, Summary, game_seed, simulated_game
from ratscrew.variants import VARIANTS, Variant, find_variant

MIN_GAMES = 100
"""The fewest games the page's lab offers (a spec itself may have fewer: tests)."""
MAX_GAMES = 5000
"""The most games one rule set of the lab may play."""
LABEL_MAX = 60
"""The longest rule-set label, in characters."""
DEFAULT_BINS = 20
"""About how many bars a histogram has (nice bin edges may give one or two more or fewer)."""
MAX_BINS = 200

PLOTS = ("cards", "minutes", "wins", "slaps", "piles")
"""The plots, by the keys :func:`describe` and :meth:`LabResult.to_dict` use."""

CAUSE_TITLES = {
    "challenge": "Challenge",
    "default": "Nobody else could play",
    "last-chance": "Last chance",
}
"""What to call the core's ways a pile is won that are not slap rules (see
:attr:`~ratscrew.core.engine.Game.pile_causes`); each variant names its own
(:attr:`~ratscrew.core.variant.Variant.cause_titles`)."""

_LAST_CAUSES = ("default", "last-chance")

_CSV_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet reads a cell starting with one of these as a formula."""


class LabError(ValueError):
    """A lab setting that cannot be played: the message names the rule set and the problem."""


# -- what to play ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LabSpec:
    """One rule set of the lab: what :func:`~ratscrew.play.match.simulate` takes, and a label.

    Checked when made (:class:`LabError`, a ``ValueError``, says what is wrong). A variant's
    alias is replaced by its name (``slae``: ``slap-like-an-egyptian``, as the CLI's summary
    names it); ``options`` is copied, so changing the dict given later changes nothing here.
    """

    variant: str = "classic"
    players: int = 4
    games: int = 500
    seed: int = 0
    difficulty: str = "normal"
    options: dict[str, Any] = field(default_factory=dict)
    max_cards: int = DEFAULT_MAX_CARDS
    label: str = "Rule set A"

    def __post_init__(self) -> None:
        label = self.label
        if not isinstance(label, str) or not label.strip():
            raise LabError("a rule set needs a label (e.g. 'Rule set A')")
        if len(label) > LABEL_MAX:
            raise LabError(f"the label {label[:20]!r}... has {len(label)} characters (at most "
                           f"{LABEL_MAX})")
        where = f"{label}: "
        if not isinstance(self.variant, str):
            raise LabError(f"{where}the variant is a name such as 'classic'")
        try:
            variant = find_variant(self.variant)
        except ValueError as exc:
            raise LabError(f"{where}{exc}") from None
        object.__setattr__(self, "variant", variant.name)  # an alias: named as the CLI does
        for name, low, high in (("players", 1, 99), ("games", 1, MAX_GAMES),
                                ("seed", 0, MAX_SEED), ("max_cards", 1, 10**9)):
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise LabError(f"{where}{name} must be a whole number from {low} to {high:,}, "
                               f"not {value!r}")
        if self.difficulty not in DIFFICULTIES:
            raise LabError(f"{where}unknown bot level {self.difficulty!r}; choose one of "
                           f"{', '.join(DIFFICULTIES)}")
        if not isinstance(self.options, Mapping) or not all(
            isinstance(k, str) for k in self.options
        ):
            raise LabError(f"{where}options are a mapping of option names to values")
        options = copy.deepcopy(dict(self.options))
        object.__setattr__(self, "options", options)
        try:
            variant.rules_for(self.players, options)
        except (ValueError, TypeError) as exc:  # VariantError, OptionsError, a value misread
            raise LabError(f"{where}{exc}") from None

    @property
    def rules(self) -> Rules:
        """The rules these games are played by (the variant's, with the options)."""
        return find_variant(self.variant).rules_for(self.players, self.options)

    def same_games(self, other: LabSpec) -> bool:
        """Whether ``other`` plays these very games: everything but the label the same, its
        options giving the same rules (:func:`same_rules`)."""
        return (replace(self, label=other.label, options=other.options) == other
                and same_rules(self.variant, self.players, self.options, other.options))

    def command(self) -> str:
        """The command line that plays these games and prints their totals
        (``python -m ratscrew simulate --variant classic --players 4 ...``), each option
        written as ``--option`` reads it back."""
        words = ["python", "-m", "ratscrew", "simulate", "--variant", self.variant,
                 "--players", str(self.players), "--games", str(self.games),
                 "--seed", str(self.seed), "--difficulty", self.difficulty]
        for name, value in self.options.items():
            words += ["--option", f"{name}={option_text(value)}"]
        if self.max_cards != DEFAULT_MAX_CARDS:
            words += ["--max-cards", str(self.max_cards)]
        return shlex.join(words)

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "options": copy.deepcopy(self.options),
            "max_cards": self.max_cards,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LabSpec:
        """The spec in ``data`` (as :meth:`to_dict` gives it; what the page posts)."""
        known = set(cls.__dataclass_fields__)
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise LabError(f"unknown lab setting {unknown[0]!r}; settings are: "
                           f"{', '.join(cls.__dataclass_fields__)}")
        return cls(**data)


def option_text(value: Any) -> str:
    """An option's value as ``--option NAME=VALUE`` reads it back: a list of names as
    ``double,sandwich``, a name as it is, anything else as JSON (which the command line reads
    first)."""
    if isinstance(value, list | tuple) and value and all(_plain(v) for v in value):
        return ",".join(value)
    if _plain(value):
        return str(value)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _plain(value: Any) -> bool:
    """A name the command line reads back as itself: text that is not JSON, without commas
    or spaces."""
    if not isinstance(value, str) or not value or any(c == "," or c.isspace() for c in value):
        return False
    try:
        json.loads(value)
    except ValueError:
        return True
    return False


def same_rules(variant: str, players: int, first: Mapping[str, Any],
               second: Mapping[str, Any]) -> bool:
    """Whether two sets of options give ``variant`` at ``players`` the same rules, however
    they are written (False when either cannot be played). The order of the slap rules does
    not count: a slap is right when any of them matches, so the games are the same; the order
    only says which rule a pile that two of them match is credited to."""
    try:
        found = find_variant(variant)
        one, two = found.rules_for(players, first), found.rules_for(players, second)
    except (ValueError, TypeError):
        return False
    return replace(one, slaps=tuple(sorted(one.slaps))) == replace(
        two, slaps=tuple(sorted(two.slaps)))


# -- one row per game --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game of a lab. ``winner`` is a seat (0-based; None for a loop or a capped game);
    ``piles`` counts the piles won by each cause
    (:attr:`~ratscrew.core.engine.Game.pile_causes`)."""

    index: int
    seed: int
    status: str
    winner: int | None
    cards_played: int
    tricks: int
    minutes: float
    slaps_right: int
    slaps_wrong: int
    piles: dict[str, int]

    @classmethod
    def of(cls, index: int, seed: int, game: Game) -> GameRow:
        outcome = game.outcome
        assert outcome is not None
        return cls(
            index=index,
            seed=seed,
            status=outcome.status,
            winner=outcome.winner if outcome.status == "win" else None,
            cards_played=game.cards_played,
            tricks=game.tricks,
            minutes=game.t / 60000,
            slaps_right=sum(s.slaps_right for s in game.stats),
            slaps_wrong=sum(s.slaps_wrong for s in game.stats),
            piles=dict(game.pile_causes),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "status": self.status,
            "winner": self.winner,
            "cards_played": self.cards_played,
            "tricks": self.tricks,
            "minutes": round(self.minutes, 3),
            "slaps_right": self.slaps_right,
            "slaps_wrong": self.slaps_wrong,
            "piles": dict(self.piles),
        }


# -- playing -----------------------------------------------------------------------------------


class Lab:
    """Plays a :class:`LabSpec`'s games in order, a chunk at a time.

    A worker's loop: ``while not lab.finished and not cancelled: lab.run_for(0.1);
    post(lab.progress)``, then ``post(lab.result().to_dict())``. A lab stopped part way still
    has a result (of the games played so far; ``complete`` is False).
    """

    def __init__(self, spec: LabSpec) -> None:
        self.spec = spec
        self.variant: Variant = find_variant(spec.variant)
        self.summary: Summary = Summary.start(spec.variant, spec.players, spec.seed,
                                              spec.difficulty)
        """What :func:`~ratscrew.play.match.simulate` gives for the games played so far."""
        self.rows: list[GameRow] = []

    def __repr__(self) -> str:
        return f"<Lab {self.spec.label!r}: {self.done} of {self.total} games>"

    @property
    def done(self) -> int:
        """Games played so far."""
        return len(self.rows)

    @property
    def total(self) -> int:
        return self.spec.games

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def progress(self) -> float:
        """From 0 (no game played) to 1 (all played)."""
        return self.done / self.total

    def run(self, n: int) -> int:
        """Play up to ``n`` more games; the number of games played so far."""
        if type(n) is not int or n < 0:
            raise ValueError(f"run takes a number of games (0 or more), not {n!r}")
        for index in range(self.done, min(self.total, self.done + n)):
            self._play(index)
        return self.done

    def run_for(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> int:
        """Play games until ``seconds`` have passed on ``clock`` (at least one game, if any is
        left); the number of games played so far. Games are never cut short, so a chunk may
        run over by one game's time."""
        start = clock()
        while not self.finished:
            self._play(self.done)
            if clock() - start >= seconds:
                break
        return self.done

    def _play(self, index: int) -> None:
        spec = self.spec
        game = simulated_game(self.variant, spec.players, spec.seed, index, spec.difficulty,
                              spec.options, spec.max_cards)
        self.summary.add(game)
        self.rows.append(GameRow.of(index, game_seed(spec.seed, index), game))

    def result(self) -> LabResult:
        """The games played so far and what they show (a snapshot: later games change it
        not)."""
        summary = replace(self.summary, wins=list(self.summary.wins))
        return LabResult(self.spec, summary, tuple(self.rows))


def run_lab(spec: LabSpec) -> LabResult:
    """Play every game of ``spec`` at once (the CLI and the tests; the page uses chunks)."""
    lab = Lab(spec)
    lab.run(spec.games)
    return lab.result()


# -- what the games show -----------------------------------------------------------------------


def _nice_step(raw: float, whole: bool) -> float:
    """The smallest step of 1, 2, 2.5 or 5 times a power of ten that is at least ``raw``
    (for whole numbers a whole step: at least 1, and 2.5 times only from 25 up)."""
    if whole and raw <= 1:
        return 1
    base = 1.0
    while base > raw:
        base /= 10
    while base * 10 <= raw:
        base *= 10
    for m in (1, 2, 2.5, 5):
        step = m * base
        if step >= raw and not (whole and m == 2.5 and base < 10):
            return round(step) if whole else step
    return round(10 * base) if whole else 10 * base


def _edge_digits(step: float) -> int:
    """Decimal places that show every multiple of ``step`` exactly (1, 2 or 2.5 times a power
    of ten needs at most one more than the power)."""
    return max(0, 1 - math.floor(math.log10(step))) if step < 1 else 0


def histogram(
    values: Iterable[float],
    bins: int = DEFAULT_BINS,
    span: tuple[float, float] | None = None,
) -> list[tuple[float, float, int]]:
    """Counts of ``values`` in bins ``[lo, hi)`` of one nice width (1, 2, 2.5 or 5 times a power
    of ten; whole numbers get whole widths), about ``bins`` of them, from the first bin holding
    the smallest value to the last holding the largest. ``span`` widens the range to cover
    (two rule sets side by side share their bins). No values: no bins."""
    data = list(values)
    if type(bins) is not int or not 1 <= bins <= MAX_BINS:
        raise ValueError(f"bins must be from 1 to {MAX_BINS}, not {bins!r}")
    if not data:
        return []
    for v in data:
        if not math.isfinite(v):
            raise ValueError(f"a histogram cannot show {v!r}")
    low, high = min(data), max(data)
    if span is not None:
        low, high = min(low, span[0]), max(high, span[1])
    whole = all(isinstance(v, int) for v in data) and float(low).is_integer() and float(
        high).is_integer()
    size = max(abs(low), abs(high))
    if high == low:  # one bin, as wide as a tenth of the value
        raw = size / 10 if size else 1.0
    else:  # (a step too fine for the values' size would make edges floats cannot tell apart)
        raw = max((high - low) / bins, 1e-6 * size, 1e-12)
    step = _nice_step(raw, whole)
    digits = _edge_digits(step)

    def edge(i: int) -> float:
        return i * int(step) if whole else round(i * step, digits)

    first = math.floor(low / step)
    while edge(first) > low:
        first -= 1
    edges = [edge(first)]
    while edges[-1] <= high:
        edges.append(edge(first + len(edges)))
    counts = [0] * (len(edges) - 1)
    last = len(counts) - 1
    for v in data:
        counts[min(max(bisect_right(edges, v) - 1, 0), last)] += 1
    return [(edges[i], edges[i + 1], counts[i]) for i in range(len(counts))]


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, interpolating between the two nearest (as
    ``statistics.quantiles(method="inclusive")``, with one value too)."""
    if not sorted_values:
        raise ValueError("no values")
    pos = q * (len(sorted_values) - 1)
    i = math.floor(pos)
    if i + 1 >= len(sorted_values):
        return float(sorted_values[-1])
    lo, hi = sorted_values[i], sorted_values[i + 1]
    return lo + (hi - lo) * (pos - i)


def spread(values: Iterable[float]) -> dict[str, float]:
    """mean, median, p10, p90, min and max of ``values`` (all 0 for none)."""
    data = sorted(values)
    if not data:
        return dict.fromkeys(("mean", "median", "p10", "p90", "min", "max"), 0.0)
    return {
        "mean": math.fsum(data) / len(data),
        "median": quantile(data, 0.5),
        "p10": quantile(data, 0.1),
        "p90": quantile(data, 0.9),
        "min": float(data[0]),
        "max": float(data[-1]),
    }


def wins_by_seat(rows: Iterable[GameRow], players: int) -> list[int]:
    """Games won by each seat (0-based list)."""
    wins = [0] * players
    for row in rows:
        if row.winner is not None:
            wins[row.winner] += 1
    return wins


def slaps(rows: Sequence[GameRow]) -> dict[str, float]:
    """Right and wrong slaps: totals, and means a game."""
    right = sum(r.slaps_right for r in rows)
    wrong = sum(r.slaps_wrong for r in rows)
    n = len(rows)
    return {
        "right": right,
        "wrong": wrong,
        "right_per_game": right / n if n else 0.0,
        "wrong_per_game": wrong / n if n else 0.0,
    }


def cause_order(causes: Iterable[str], rules: Rules | None = None) -> list[str]:
    """``causes`` in a fixed order: challenge, the slap rules (in ``rules``' order, then the
    catalogue's), a variant's ways started by a slap rule (``way:rule``, the same order), a
    variant's own causes by name, then the piles nobody else could play for and the last
    chances."""
    slap_order: list[str] = list(rules.slaps) if rules is not None else []
    slap_order += [name for name in SLAP_RULES if name not in slap_order]
    rank = {name: i for i, name in enumerate(slap_order)}

    def key(cause: str) -> tuple[int, int, str]:
        if cause == "challenge":
            return (0, 0, cause)
        if cause in rank:
            return (1, rank[cause], cause)
        rule = cause.partition(":")[2]
        if rule in rank:
            return (2, rank[rule], cause)
        if cause in _LAST_CAUSES:
            return (4, _LAST_CAUSES.index(cause), cause)
        return (3, 0, cause)

    return sorted(set(causes), key=key)


def cause_title(cause: str, variant: Variant | None = None) -> str:
    """What to call a pile cause: "Challenge", a slap rule's title (as ``variant`` calls it),
    a variant's own way ("Fire put out"), a way started by a slap rule ("Way (Rule)"),
    "Nobody else could play"..."""

    def rule_title(name: str) -> str:
        title = SLAP_RULES[name].title
        return variant.slap_title(name, title) if variant is not None else title

    def way_title(way: str) -> str:
        titles = [v.cause_titles[way] for v in ([variant] if variant else VARIANTS.values())
                  if v is not None and way in v.cause_titles]
        return (CAUSE_TITLES.get(way) or (titles[0] if titles else "")
                or way.replace("-", " ").capitalize())

    if cause in SLAP_RULES:
        return rule_title(cause)
    way, _, rule = cause.partition(":")
    if rule in SLAP_RULES:
        return f"{way_title(way)} ({rule_title(rule)})"
    return way_title(cause)


def piles_by_cause(rows: Sequence[GameRow], order: Sequence[str] | None = None,
                   ) -> dict[str, dict[str, float]]:
    """For each cause (in ``order``, which may name causes no game had; else
    :func:`cause_order`): piles won that way (``count``), their ``share`` of all piles won and
    their mean a game (``per_game``)."""
    totals: dict[str, int] = {}
    for row in rows:
        for cause, count in row.piles.items():
            totals[cause] = totals.get(cause, 0) + count
    causes = list(order) if order is not None else cause_order(totals)
    missing = set(totals) - set(causes)
    if missing:
        raise ValueError(f"the order leaves out {', '.join(sorted(missing))}")
    whole = sum(totals.values())
    n = len(rows)
    return {
        cause: {
            "count": totals.get(cause, 0),
            "share": totals.get(cause, 0) / whole if whole else 0.0,
            "per_game": totals.get(cause, 0) / n if n else 0.0,
        }
        for cause in causes
    }


@dataclass(frozen=True)
class LabResult:
    """The games a :class:`Lab` played (all of them if ``complete``) and their summary."""

    spec: LabSpec
    summary: Summary
    rows: tuple[GameRow, ...]

    @property
    def label(self) -> str:
        return self.spec.label

    @property
    def games(self) -> int:
        return len(self.rows)

    @property
    def complete(self) -> bool:
        return self.games == self.spec.games

    @property
    def variant(self) -> Variant:
        return find_variant(self.spec.variant)

    @property
    def cards(self) -> list[int]:
        return [r.cards_played for r in self.rows]

    @property
    def minutes(self) -> list[float]:
        return [r.minutes for r in self.rows]

    def causes(self) -> list[str]:
        """The pile causes these games had, in :func:`cause_order`."""
        return cause_order((c for r in self.rows for c in r.piles), self.spec.rules)

    def to_dict(
        self,
        bins: int = DEFAULT_BINS,
        cards_span: tuple[float, float] | None = None,
        minutes_span: tuple[float, float] | None = None,
        causes: Sequence[str] | None = None,
        rows: bool = False,
    ) -> dict[str, Any]:
        """Everything the plots and the table show, JSON-ready (what the worker posts).
        ``cards_span``, ``minutes_span`` and ``causes`` line it up with other rule sets (see
        :func:`report`); ``rows`` adds every game's row."""
        causes = list(causes) if causes is not None else self.causes()
        variant = self.variant
        piles = piles_by_cause(self.rows, causes)
        out: dict[str, Any] = {
            "label": self.label,
            "spec": self.spec.to_dict(),
            "variant": {"name": variant.name, "title": variant.title},
            "games": self.games,
            "complete": self.complete,
            "summary": self.summary.to_dict(),
            "cards": _spread_dict(self.cards, bins, cards_span, 2),
            "minutes": _spread_dict(self.minutes, bins, minutes_span, 2),
            "wins": {
                "by_seat": wins_by_seat(self.rows, self.spec.players),
                "loops": self.summary.loops,
                "capped": self.summary.capped,
            },
            "slaps": {k: _round(v, 2) for k, v in slaps(self.rows).items()},
            "piles": {
                "total": sum(int(p["count"]) for p in piles.values()),
                "causes": [
                    {
                        "cause": cause,
                        "title": cause_title(cause, variant),
                        "count": int(p["count"]),
                        "share": round(p["share"], 4),
                        "per_game": round(p["per_game"], 2),
                    }
                    for cause, p in piles.items()
                ],
            },
            "text": describe(self),
        }
        if rows:
            out["rows"] = [r.to_dict() for r in self.rows]
        return out


def _round(value: float, digits: int) -> float:
    return value if isinstance(value, int) else round(value, digits)


def _spread_dict(values: list[Any], bins: int, span: tuple[float, float] | None,
                 digits: int) -> dict[str, Any]:
    return {
        **{k: round(v, digits) for k, v in spread(values).items()},
        "histogram": [[lo, hi, n] for lo, hi, n in histogram(values, bins, span)],
    }


def report(results: Sequence[LabResult], bins: int = DEFAULT_BINS) -> dict[str, Any]:
    """Rule sets side by side: each one's :meth:`LabResult.to_dict` with the same histogram
    bins and the same pile causes (in the same order), and the causes' titles."""
    span_cards = _span(v for r in results for v in r.cards)
    span_minutes = _span(v for r in results for v in r.minutes)
    rules = results[0].spec.rules if results else None
    causes = cause_order((c for r in results for row in r.rows for c in row.piles), rules)
    variant = results[0].variant if results else None
    pair = len(results) == 2
    return {
        "rule_sets": [
            r.to_dict(bins, span_cards, span_minutes, causes) for r in results
        ],
        "causes": [{"cause": c, "title": cause_title(c, variant)} for c in causes],
        "same": pair and results[0].spec.same_games(results[1].spec),
        "comparison": compare(results[0], results[1]) if pair else "",
    }


def _span(values: Iterable[float]) -> tuple[float, float] | None:
    data = list(values)
    return (min(data), max(data)) if data else None


# -- the table as a file -----------------------------------------------------------------------


CSV_COLUMNS = ("rule set", "game", "seed", "status", "winner", "cards", "tricks", "minutes",
               "slaps right", "slaps wrong")
"""The CSV's first columns; one ``piles <cause>`` column per pile cause follows."""


def csv_safe(text: str) -> str:
    """``text`` as a spreadsheet shows it, never run as a formula (a leading apostrophe)."""
    return "'" + text if text.startswith(_CSV_FORMULA) else text


def to_csv(results: Sequence[LabResult]) -> str:
    """One row per game per rule set: ``game`` counts from 1 (its ``seed`` replays it on its
    own), ``winner`` is a player number from 1 (empty for a loop or a capped game), then the
    piles won by each cause any rule set had."""
    rules = results[0].spec.rules if results else None
    causes = cause_order((c for r in results for row in r.rows for c in row.piles), rules)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([*CSV_COLUMNS, *(f"piles {c}" for c in causes)])
    for result in results:
        label = csv_safe(result.label)
        for row in result.rows:
            writer.writerow([
                label,
                row.index + 1,
                row.seed,
                row.status,
                "" if row.winner is None else row.winner + 1,
                row.cards_played,
                row.tricks,
                f"{row.minutes:.3f}",
                row.slaps_right,
                row.slaps_wrong,
                *(row.piles.get(c, 0) for c in causes),
            ])
    return out.getvalue()


# -- the plots in words ------------------------------------------------------------------------


def _n(value: float) -> str:
    """A whole number with thousands separators."""
    return f"{round(value):,}"


def _pct(share: float) -> str:
    if 0 < share < 0.005:
        return "under 1%"
    return f"{round(share * 100)}%"


def _games(n: int) -> str:
    return f"{n:,} game" if n == 1 else f"{n:,} games"


def describe(result: LabResult) -> dict[str, str]:
    """One plain sentence per plot (keys: :data:`PLOTS`), its text alternative."""
    n = result.games
    if n == 0:
        return dict.fromkeys(PLOTS, "No games played yet.")
    games = _games(n)
    cards = spread(result.cards)
    minutes = spread(result.minutes)
    if n == 1:
        length = (f"Game length in cards: 1 game, {_n(cards['median'])} cards.",
                  f"Game length at the table: 1 game, {minutes['median']:.1f} minutes.")
    else:
        length = (
            f"Game length in cards: {games}, median {_n(cards['median'])} cards, 80% between "
            f"{_n(cards['p10'])} and {_n(cards['p90'])}.",
            f"Game length at the table: {games}, median {minutes['median']:.1f} minutes, 80% "
            f"between {minutes['p10']:.1f} and {minutes['p90']:.1f} minutes.",
        )
    wins = wins_by_seat(result.rows, result.spec.players)
    seats = ", ".join(f"{seat_name(s)} won {w:,} ({_pct(w / n)})" for s, w in enumerate(wins))
    unwon = []
    if result.summary.loops:
        unwon.append(f"{_games(result.summary.loops)} looped")
    if result.summary.capped:
        unwon.append(f"{_games(result.summary.capped)} stopped at "
                     f"{result.spec.max_cards:,} cards")
    won = f"Wins by seat over {games}: {seats}"
    won += f"; {' and '.join(unwon)}." if unwon else "."
    s = slaps(result.rows)
    if s["right"] or s["wrong"]:
        slapped = (f"Slaps over {games}: {_n(s['right'])} right and {_n(s['wrong'])} wrong, "
                   f"{s['right_per_game']:.1f} right and {s['wrong_per_game']:.1f} wrong a "
                   "game.")
    else:
        slapped = f"Slaps over {games}: none."
    piles = piles_by_cause(result.rows, result.causes())
    total = sum(p["count"] for p in piles.values())
    variant = result.variant
    ways = ", ".join(f"{cause_title(c, variant)} {_pct(p['share'])}" for c, p in piles.items())
    taken = (f"How piles were won over {games}: {_n(total)} piles; {ways}." if total
             else f"How piles were won over {games}: no pile was won.")
    return {"cards": length[0], "minutes": length[1], "wins": won, "slaps": slapped,
            "piles": taken}


def _longer(new: float, old: float) -> str:
    """How long ``new`` is against ``old``: "38% shorter", "12% longer", "about as long"."""
    change = round(abs(new - old) / old * 100) if old > 0 else 0
    if change == 0:
        return "about as long"
    return f"{change}% {'longer' if new > old else 'shorter'}"


def compare(first: LabResult, second: LabResult) -> str:
    """A sentence on what ``second``'s rules change against ``first``'s (the lengths of their
    games, and their slaps), or, when the two play the same games
    (:meth:`LabSpec.same_games`), that they are the same: no difference is made up."""
    a, b = first.label, second.label
    if first.spec.same_games(second.spec):
        return (f"{a} and {b} have the same rules, so they play the same games and show no "
                "difference. Change a house rule of one of them to compare.")
    if not first.rows or not second.rows:
        return ""
    one, two = spread(first.cards)["median"], spread(second.cards)["median"]
    slaps_one, slaps_two = slaps(first.rows), slaps(second.rows)
    length = _longer(two, one)
    return (f"Against {a}, {b}'s games are {length} (median {_n(two)} cards against "
            f"{_n(one)}), with {slaps_two['right_per_game']:.1f} right and "
            f"{slaps_two['wrong_per_game']:.1f} wrong slaps a game against "
            f"{slaps_one['right_per_game']:.1f} and {slaps_one['wrong_per_game']:.1f}.")
