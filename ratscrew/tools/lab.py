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
from ratscrew.i18n import N_, join, number, t, tn
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
    "challenge": N_("Challenge"),
    "default": N_("Nobody else could play"),
    "last-chance": N_("Last chance"),
}
"""What to call the core's ways a pile is won that are not slap rules, message ids (see
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
            raise LabError(t("a rule set needs a label (e.g. 'Rule set A')"))
        if len(label) > LABEL_MAX:
            # i18n: {label} is the label's first characters, quoted.
            raise LabError(tn("the label {label}... has {n} character (at most {most})",
                              "the label {label}... has {n} characters (at most {most})",
                              len(label), label=repr(label[:20]), n=len(label), most=LABEL_MAX))
        if not isinstance(self.variant, str):
            # i18n: {label} names the rule set (Rule set A); 'classic' is a variant's code.
            raise LabError(t("{label}: the variant is a name such as 'classic'", label=label))
        try:
            variant = find_variant(self.variant)
        except ValueError as exc:
            raise LabError(_problem(label, exc)) from None
        object.__setattr__(self, "variant", variant.name)  # an alias: named as the CLI does
        for name, low, high in (("players", 1, 99), ("games", 1, MAX_GAMES),
                                ("seed", 0, MAX_SEED), ("max_cards", 1, 10**9)):
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                # i18n: {label} names the rule set (Rule set A); {name} is a setting's code
                # (players, games, seed, max_cards: not translated); {value} what was given.
                raise LabError(t("{label}: {name} must be a whole number from {low} to {high}, "
                                 "not {value}", label=label, name=name, low=low, high=high,
                                 value=repr(value)))
        if self.difficulty not in DIFFICULTIES:
            # i18n: {label} names the rule set (Rule set A); {level} is the level given, quoted;
            # {levels} the levels' codes (not translated).
            raise LabError(t("{label}: unknown bot level {level}; choose one of {levels}",
                             label=label, level=repr(self.difficulty),
                             levels=", ".join(DIFFICULTIES)))
        if not isinstance(self.options, Mapping) or not all(
            isinstance(k, str) for k in self.options
        ):
            # i18n: {label} names the rule set (Rule set A).
            raise LabError(t("{label}: options are a mapping of option names to values",
                             label=label))
        options = copy.deepcopy(dict(self.options))
        object.__setattr__(self, "options", options)
        try:
            variant.rules_for(self.players, options)
        except (ValueError, TypeError) as exc:  # VariantError, OptionsError, a value misread
            raise LabError(_problem(label, exc)) from None

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
            # i18n: {name} is the setting given, quoted; {settings} the settings' codes (not
            # translated).
            raise LabError(t("unknown lab setting {name}; settings are: {settings}",
                             name=repr(unknown[0]), settings=", ".join(cls.__dataclass_fields__)))
        return cls(**data)


def _problem(label: str, exc: Exception) -> str:
    """A rule set's problem, named by its label."""
    # i18n: {label} names the rule set (Rule set A); {problem} says what is wrong with it.
    return t("{label}: {problem}", label=label, problem=str(exc))


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
    """What to call a pile cause, in the language in use: "Challenge", a slap rule's title (as
    ``variant`` calls it), a variant's own way ("Fire put out"), a way started by a slap rule
    ("Way (Rule)"), "Nobody else could play"... (a way nobody names: its code, as words)."""

    def rule_title(name: str) -> str:
        title = SLAP_RULES[name].title
        return t(variant.slap_title(name, title) if variant is not None else title)

    def way_title(way: str) -> str:
        titles = [v.cause_titles[way] for v in ([variant] if variant else VARIANTS.values())
                  if v is not None and way in v.cause_titles]
        title = CAUSE_TITLES.get(way) or (titles[0] if titles else "")
        return t(title) if title else way.replace("-", " ").capitalize()

    if cause in SLAP_RULES:
        return rule_title(cause)
    way, _, rule = cause.partition(":")
    if rule in SLAP_RULES:
        # i18n: A way to win a pile that a slap rule starts, then the rule: "Burn contest
        # (Matchbox)".
        return t("{way} ({rule})", way=way_title(way), rule=rule_title(rule))
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
        """Everything the plots and the table show, JSON-ready (what the worker posts), its
        titles and sentences in the language in use. ``cards_span``, ``minutes_span`` and
        ``causes`` line it up with other rule sets (see :func:`report`); ``rows`` adds every
        game's row."""
        causes = list(causes) if causes is not None else self.causes()
        variant = self.variant
        piles = piles_by_cause(self.rows, causes)
        out: dict[str, Any] = {
            "label": self.label,
            "spec": self.spec.to_dict(),
            "variant": {"name": variant.name, "title": t(variant.title)},
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


def _pct(share: float) -> str:
    """A share as a whole percentage ("38%", "under 1%")."""
    if 0 < share < 0.005:
        return t("under 1%")
    # i18n: A whole percentage ("25%").
    return t("{percent}%", percent=round(share * 100))


def describe(result: LabResult) -> dict[str, str]:
    """One plain sentence per plot (keys: :data:`PLOTS`), its text alternative, in the
    language in use."""
    n = result.games
    if n == 0:
        return dict.fromkeys(PLOTS, t("No games played yet."))
    cards = spread(result.cards)
    minutes = spread(result.minutes)
    if n == 1:
        count = round(cards["median"])
        length = (
            tn("Game length in cards: 1 game, {cards} card.",
               "Game length in cards: 1 game, {cards} cards.", count, cards=count),
            # i18n: {minutes} is a number of minutes, with one decimal.
            t("Game length at the table: 1 game, {minutes} minutes.",
              minutes=number(minutes["median"], 1)),
        )
    else:
        length = (
            # i18n: {median}, {p10}, {p90}: numbers of cards; 80% of the games are between
            # {p10} and {p90}.
            tn("Game length in cards: {n} game, median {median} cards, 80% between {p10} and "
               "{p90}.",
               "Game length in cards: {n} games, median {median} cards, 80% between {p10} and "
               "{p90}.", n, n=n, median=round(cards["median"]), p10=round(cards["p10"]),
               p90=round(cards["p90"])),
            # i18n: {median}, {p10}, {p90}: minutes, with one decimal; 80% of the games are
            # between {p10} and {p90}.
            tn("Game length at the table: {n} game, median {median} minutes, 80% between "
               "{p10} and {p90} minutes.",
               "Game length at the table: {n} games, median {median} minutes, 80% between "
               "{p10} and {p90} minutes.", n, n=n, median=number(minutes["median"], 1),
               p10=number(minutes["p10"], 1), p90=number(minutes["p90"], 1)),
        )
    wins = wins_by_seat(result.rows, result.spec.players)
    # i18n: A seat's wins: "player 1 won 5 (50%)".
    seats = ", ".join(t("{player} won {wins} ({percent})", player=seat_name(s), wins=w,
                        percent=_pct(w / n)) for s, w in enumerate(wins))
    unwon = []
    if result.summary.loops:
        loops = result.summary.loops
        unwon.append(tn("{n} game looped", "{n} games looped", loops, n=loops))
    if result.summary.capped:
        capped = result.summary.capped
        # i18n: Games stopped at the lab's cap on cards played ({cards}).
        unwon.append(tn("{n} game stopped at {cards} cards", "{n} games stopped at {cards} cards",
                        capped, n=capped, cards=result.spec.max_cards))
    if unwon:
        # i18n: {seats}: each seat's wins ("player 1 won 5 (50%), player 2 won 4 (40%)");
        # {unwon}: the games nobody won ("1 game looped and 2 games stopped at 3,000 cards").
        won = tn("Wins by seat over {n} game: {seats}; {unwon}.",
                 "Wins by seat over {n} games: {seats}; {unwon}.", n, n=n, seats=seats,
                 unwon=join(unwon))
    else:
        # i18n: {seats}: each seat's wins ("player 1 won 5 (50%), player 2 won 4 (40%)").
        won = tn("Wins by seat over {n} game: {seats}.", "Wins by seat over {n} games: {seats}.",
                 n, n=n, seats=seats)
    s = slaps(result.rows)
    if s["right"] or s["wrong"]:
        # i18n: {right}, {wrong}: slaps in all; {right_mean}, {wrong_mean}: their means a game,
        # with one decimal.
        slapped = tn("Slaps over {n} game: {right} right and {wrong} wrong, {right_mean} right "
                     "and {wrong_mean} wrong a game.",
                     "Slaps over {n} games: {right} right and {wrong} wrong, {right_mean} right "
                     "and {wrong_mean} wrong a game.", n, n=n, right=round(s["right"]),
                     wrong=round(s["wrong"]), right_mean=number(s["right_per_game"], 1),
                     wrong_mean=number(s["wrong_per_game"], 1))
    else:
        slapped = tn("Slaps over {n} game: none.", "Slaps over {n} games: none.", n, n=n)
    piles = piles_by_cause(result.rows, result.causes())
    total = round(sum(p["count"] for p in piles.values()))
    variant = result.variant
    # i18n: A way piles were won and its share of them: "Challenge 75%".
    ways = ", ".join(t("{cause} {percent}", cause=cause_title(c, variant),
                       percent=_pct(p["share"])) for c, p in piles.items())
    if total:
        # i18n: {piles}: how many piles were won ("40 piles"); {ways}: each way and its share
        # ("Challenge 75%, Double 25%").
        taken = tn("How piles were won over {n} game: {piles}; {ways}.",
                   "How piles were won over {n} games: {piles}; {ways}.", n, n=n,
                   piles=tn("{n} pile", "{n} piles", total, n=total), ways=ways)
    else:
        taken = tn("How piles were won over {n} game: no pile was won.",
                   "How piles were won over {n} games: no pile was won.", n, n=n)
    return {"cards": length[0], "minutes": length[1], "wins": won, "slaps": slapped,
            "piles": taken}


def compare(first: LabResult, second: LabResult) -> str:
    """A sentence on what ``second``'s rules change against ``first``'s (the lengths of their
    games, and their slaps), or, when the two play the same games
    (:meth:`LabSpec.same_games`), that they are the same: no difference is made up. In the
    language in use."""
    a, b = first.label, second.label
    if first.spec.same_games(second.spec):
        # i18n: {a} and {b} are the rule sets' labels (Rule set A).
        return t("{a} and {b} have the same rules, so they play the same games and show no "
                 "difference. Change a house rule of one of them to compare.", a=a, b=b)
    if not first.rows or not second.rows:
        return ""
    one, two = spread(first.cards)["median"], spread(second.cards)["median"]
    slaps_one, slaps_two = slaps(first.rows), slaps(second.rows)
    values: dict[str, object] = {
        "a": a, "b": b, "new": round(two), "old": round(one),
        "right_b": number(slaps_two["right_per_game"], 1),
        "wrong_b": number(slaps_two["wrong_per_game"], 1),
        "right_a": number(slaps_one["right_per_game"], 1),
        "wrong_a": number(slaps_one["wrong_per_game"], 1),
    }
    change = round(abs(two - one) / one * 100) if one > 0 else 0
    if change == 0:
        # i18n: {a}, {b}: the rule sets' labels; {new}, {old}: their median game lengths in
        # cards; {right_b}, {wrong_b}, {right_a}, {wrong_a}: their slaps a game, right and wrong.
        return t("Against {a}, {b}'s games are about as long (median {new} cards against "
                 "{old}), with {right_b} right and {wrong_b} wrong slaps a game against "
                 "{right_a} and {wrong_a}.", **values)
    if two > one:
        # i18n: {a}, {b}: the rule sets' labels; {change}: a whole percentage; {new}, {old}:
        # their median game lengths in cards; {right_b}, {wrong_b}, {right_a}, {wrong_a}: their
        # slaps a game, right and wrong.
        return t("Against {a}, {b}'s games are {change}% longer (median {new} cards against "
                 "{old}), with {right_b} right and {wrong_b} wrong slaps a game against "
                 "{right_a} and {wrong_a}.", change=change, **values)
    # i18n: {a}, {b}: the rule sets' labels; {change}: a whole percentage; {new}, {old}: their
    # median game lengths in cards; {right_b}, {wrong_b}, {right_a}, {wrong_a}: their slaps a
    # game, right and wrong.
    return t("Against {a}, {b}'s games are {change}% shorter (median {new} cards against "
             "{old}), with {right_b} right and {wrong_b} wrong slaps a game against "
             "{right_a} and {wrong_a}.", change=change, **values)
