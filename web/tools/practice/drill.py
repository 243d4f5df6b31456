"""Slap practice: a drill that lays cards one at a time and judges every slap on them.

A teacher picks slap rules from the catalogue (:mod:`ratscrew.core.slaps`), the players (1 to 8,
each with their own slap key or button), how many cards and the pace. Cards land on a pile one
at a time; a player slaps only when the top cards make a pattern of the chosen rules. Every
card is judged: a hit (with the reaction time), a miss, or a false slap, each with the rule's
name and its cards. The end shows each player's :class:`Summary`; a best score per drill is
kept by the page (:func:`load_bests`, :func:`record_best`, :func:`dump_bests`).

Browser-free (standard library and :mod:`ratscrew` only) so that CPython tests drive it like
the page does: the page owns the clock and calls :meth:`Drill.advance` from a timer and
:meth:`Drill.slap` from key and touch events, with times in ms from the drill's start.

Practice and the game agree: the pile is judged with the catalogue's own rule functions
(:func:`ratscrew.core.slaps.find_match`) and the engine's default rule options (runs do not wrap
round the ace; "same as first" matches rank and colour).

Everything comes from the seed (:func:`ratscrew.core.rng.seed_from_text`), so a link
(:func:`to_query`) gives a whole class the same drill.

The link: ``practice=double,sandwich&players=2&cards=52&pace=quicken&interval=1600&seed=abc``.
``practice`` is the comma-separated rule names (their order is the order they are checked in,
which decides the rule credited when one card makes two patterns); the other parameters are
optional and default to :class:`DrillConfig`'s defaults. :func:`parse_query` never raises and
says what it dropped or changed.
"""

from __future__ import annotations

import json
import math
import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ratscrew.core import safe_json
from ratscrew.core.cards import JOKERS, STANDARD_DECK, Card, cards
from ratscrew.core.options import Rules
from ratscrew.core.rng import Rng, seed_from_text
from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES, SlapFn, SlapRule, find_match
from web.model.card_text import with_symbols
from web.model.query import query_pairs, quote

# --------------------------------------------------------------------------- the rules offered

LEFT_OUT: dict[str, str] = {
    "counting": "it is judged only while a player answers a challenge, and a drill has no "
                "challenges",
    "embers": "it looks at who laid each card, and a drill's cards are not laid by players "
              "(laid round a table in turn it is the double, sandwich or hoagie: drill those)",
    "chimney": "without cards burned for wrong slaps it is exactly top and bottom: drill that",
}
"""Catalogue rules a drill does not offer, each with the reason (also given as a notice when a
link asks for one):

* ``counting``: judged only while a player answers a challenge; a drill has no challenges.
* ``embers``: looks at who laid each card; a drill's cards are not laid by players.
* ``chimney``: without burned cards it is exactly ``top-bottom``.
"""


def _left_out_reason(rule: SlapRule) -> str | None:
    """Why ``rule`` cannot be practised (None: it can). Rules added to the catalogue later that
    need a game's state (a challenge, seats, burned cards) are left out the same way."""
    if rule.name in LEFT_OUT:
        return LEFT_OUT[rule.name]
    if rule.needs_challenge:
        return "it is judged only while a player answers a challenge"
    if rule.seats:
        return "it looks at who laid each card"
    if rule.bottom:
        return "it looks at cards burned under the pile, and a drill burns none"
    return None


PRACTICE_RULES: tuple[str, ...] = tuple(
    name for name, rule in SLAP_RULES.items() if _left_out_reason(rule) is None
)
"""The slap rules a drill offers, in the catalogue's order: every rule of
:data:`ratscrew.core.slaps.SLAP_RULES` except those in :data:`LEFT_OUT`."""


def _needs_jokers(rule: SlapRule) -> bool:
    return any(c.is_joker for example in rule.examples for c in cards(example))


JOKER_RULES = frozenset(name for name in PRACTICE_RULES if _needs_jokers(SLAP_RULES[name]))
"""Rules whose patterns are made of jokers: choosing one adds the two jokers to the deck."""

_CONTEXT_DEFAULTS = Rules()


@dataclass(frozen=True, slots=True)
class _PracticePile:
    """The drill's :class:`ratscrew.core.slaps.PileContext`: the engine's default options, no
    challenge, no seats, nothing under the pile."""

    run_wrap: bool = _CONTEXT_DEFAULTS.run_wrap
    same_as_first_match: str = _CONTEXT_DEFAULTS.same_as_first_match
    counting_n: int = 0
    live_seats: Sequence[int] = ()
    under: Card | None = None


PILE_CONTEXT = _PracticePile()

# --------------------------------------------------------------------------- the configuration

PACES = ("steady", "quicken")
"""``steady``: a card every ``interval_ms``; ``quicken``: each interval is
:data:`QUICKEN_FACTOR` times the one before, down to :data:`FLOOR_MS`."""
QUICKEN_FACTOR = 0.97
FLOOR_MS = 500
"""The shortest interval a quickening drill reaches (a drill that starts faster stays there)."""
MIN_PLAYERS, MAX_PLAYERS = 1, 8
MIN_CARDS, MAX_CARDS = 20, 200
MIN_INTERVAL_MS, MAX_INTERVAL_MS = 300, 5000
DEFAULT_PLAYERS = 1
DEFAULT_CARDS = 52
DEFAULT_PACE = "steady"
DEFAULT_INTERVAL_MS = 1600
MAX_SEED_LENGTH = 64
"""As a table's seed (:mod:`web.model.links`)."""


class PracticeError(ValueError):
    """A drill that cannot be made, with a message a teacher can act on."""


def _bad_seed(seed: object) -> str | None:
    if not isinstance(seed, str):
        return "it is not text"
    if len(seed) > MAX_SEED_LENGTH:
        return f"it is longer than {MAX_SEED_LENGTH} characters"
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in seed):
        return "it contains control characters"
    return None


@dataclass(frozen=True, slots=True)
class DrillConfig:
    """Everything that makes a drill: two equal configs give the same cards at the same times.

    ``rules`` are names from :data:`PRACTICE_RULES`, checked in that order (the first rule a
    card completes is the one credited). ``seed`` is text as a person typed it ("" is a seed
    too; the page picks one for a new drill so that it can be shared)."""

    rules: tuple[str, ...] = CLASSIC_SLAPS
    players: int = DEFAULT_PLAYERS
    cards: int = DEFAULT_CARDS
    pace: str = DEFAULT_PACE
    interval_ms: int = DEFAULT_INTERVAL_MS
    seed: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.rules, list):
            object.__setattr__(self, "rules", tuple(self.rules))
        if isinstance(self.seed, str):  # as the engine reads it (seed_from_text strips it)
            object.__setattr__(self, "seed", self.seed.strip())
        if not isinstance(self.rules, tuple) or not self.rules:
            raise PracticeError("choose at least one slap rule to practise")
        for name in self.rules:
            if name not in PRACTICE_RULES:
                rule = SLAP_RULES.get(name) if isinstance(name, str) else None
                if rule is None:
                    raise PracticeError(f"{name!r} is not a slap rule: choose from "
                                        + ", ".join(PRACTICE_RULES))
                raise PracticeError(f"{rule.title} cannot be practised: "
                                    f"{_left_out_reason(rule)}")
        if len(set(self.rules)) != len(self.rules):
            raise PracticeError("each slap rule may be chosen once")
        for label, value, low, high in (
            ("players", self.players, MIN_PLAYERS, MAX_PLAYERS),
            ("cards", self.cards, MIN_CARDS, MAX_CARDS),
            ("interval_ms", self.interval_ms, MIN_INTERVAL_MS, MAX_INTERVAL_MS),
        ):
            if type(value) is not int or not low <= value <= high:
                raise PracticeError(f"{label} is a whole number from {low} to {high}")
        if self.pace not in PACES:
            raise PracticeError("pace is " + " or ".join(PACES))
        problem = _bad_seed(self.seed)
        if problem:
            raise PracticeError(f"the seed cannot be used: {problem}")

    @property
    def jokers(self) -> bool:
        """Whether the deck has the two jokers (a joker rule is chosen)."""
        return any(name in JOKER_RULES for name in self.rules)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck the cards are drawn from: the 52 cards, and the jokers for a joker rule."""
        return STANDARD_DECK + JOKERS if self.jokers else STANDARD_DECK

    @property
    def slap_rules(self) -> tuple[SlapRule, ...]:
        return tuple(SLAP_RULES[name] for name in self.rules)


def describe(config: DrillConfig) -> str:
    """One line for the setup and end screens: "Double, Sandwich · 52 cards · a card every
    1.6 s, quickening to 0.5 s"."""
    rules = ", ".join(SLAP_RULES[name].title for name in config.rules)
    start = _seconds(config.interval_ms)
    pace = f"a card every {start}"
    if config.pace == "quicken" and config.interval_ms > FLOOR_MS:
        pace += f", quickening to {_seconds(FLOOR_MS)}"
    return f"{rules} · {config.cards} cards · {pace}"


def _seconds(ms: int) -> str:
    return f"{ms / 1000:g} s"


# --------------------------------------------------------------------------- the cards

@dataclass(frozen=True, slots=True)
class Pattern:
    """A pattern a card completes: the rule, and the pile's cards that make it (``positions``
    count from the pile's bottom card, 0)."""

    rule: str
    title: str
    positions: tuple[int, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Laid:
    """One card of a drill: when it lands, where its pile starts (the index in the drill of the
    pile's bottom card) and the pattern it completes, if any."""

    index: int
    card: Card
    land_ms: int
    pile_start: int
    pattern: Pattern | None

    @property
    def new_pile(self) -> bool:
        """This card starts a pile (the first card, or the one after a pattern)."""
        return self.pile_start == self.index


TARGET_LOW, TARGET_HIGH = 0.26, 0.38
"""Each drill aims at a share of pattern cards drawn between these (from its seed)."""
_PUSH_MIN, _PUSH_MAX, _PUSH_GAIN = 0.05, 0.8, 0.4
_SETUP_TRIES = 12
_SETUP_DEPTH = 2


Checks = tuple[SlapFn, ...]


def _completes(pile: Sequence[Card], checks: Checks) -> bool:
    """Whether the top card completes a pattern (:func:`find_match`'s test, without its
    answer: the generator's hot path)."""
    return any(check(pile, PILE_CONTEXT) is not None for check in checks)


def _completing(
    pile: list[Card], on_pile: set[Card], checks: Checks, deck: Sequence[Card],
    first_only: bool = False,
) -> list[Card]:
    """The deck's cards (none already on the pile) that would complete a pattern (with
    ``first_only``, at most one: whether there is any)."""
    found: list[Card] = []
    pile.append(deck[0])
    try:
        for c in deck:
            if c not in on_pile:
                pile[-1] = c
                if _completes(pile, checks):
                    found.append(c)
                    if first_only:
                        break
    finally:
        pile.pop()
    return found


def _setup(
    pile: list[Card], on_pile: set[Card], checks: Checks, deck: Sequence[Card], rng: Rng,
    depth: int = _SETUP_DEPTH,
) -> Card | None:
    """A card that completes nothing but after which some card would (a King for a marriage),
    or, failing that, after which such a card could come (a King two cards before a divorce),
    from a few cards tried at random; None if none of them does."""
    order = [c for c in deck if c not in on_pile]
    rng.shuffle(order)
    tries = _SETUP_TRIES if depth == _SETUP_DEPTH else _SETUP_TRIES // 2
    later: list[Card] = []
    for c in order[:tries]:
        pile.append(c)
        on_pile.add(c)
        try:
            if not _completes(pile, checks):
                if _completing(pile, on_pile, checks, deck, first_only=True):
                    return c
                later.append(c)
        finally:
            pile.pop()
            on_pile.discard(c)
    for c in later if depth > 1 else ():
        pile.append(c)
        on_pile.add(c)
        try:
            if _setup(pile, on_pile, checks, deck, rng, depth - 1) is not None:
                return c
        finally:
            pile.pop()
            on_pile.discard(c)
    return None


def _draw(shoe: list[Card], on_pile: set[Card], deck: Sequence[Card], rng: Rng) -> Card:
    """The next card of the shuffled deck that is not on the pile (the deck is refilled while a
    pile is on the table, so its top cards may be there already)."""
    for k in range(len(shoe) - 1, -1, -1):
        if shoe[k] not in on_pile:
            return shoe.pop(k)
    spare = [c for c in deck if c not in on_pile]
    return rng.choice(spare or list(deck))


def land_times(config: DrillConfig) -> tuple[int, ...]:
    """When each card lands, in ms from the start (card 0 at 0), and one more: the end of the
    drill, one interval after the last card."""
    out: list[int] = []
    t = 0.0
    interval = float(config.interval_ms)
    floor = min(float(FLOOR_MS), interval)
    for _ in range(config.cards + 1):
        out.append(round(t))
        t += interval
        if config.pace == "quicken":
            interval = max(floor, interval * QUICKEN_FACTOR)
    return tuple(out)


class Dealer:
    """Deals a drill's cards one at a time, each from the seed and the cards before it: the
    same config deals the same cards. :class:`Drill` deals each card as it lands, so a long
    drill costs nothing up front.

    Cards are drawn from a shuffled copy of the deck (refilled when it runs out), so a drill
    looks like real play; left to chance, though, a marriage comes up once in 40 cards. So the
    dealer aims at a share of pattern cards (drawn per drill between :data:`TARGET_LOW` and
    :data:`TARGET_HIGH`): before each card it pushes, with a probability that grows the further
    it is behind that share (from 5% to 80%), towards a pattern of one rule, picked at random
    with the rules that came up least the likeliest (so "double" does not crowd "marriage"
    out): for a card of the deck (not on the pile) that completes that rule's pattern, or,
    when none can, for a card after which one could, one or two cards later (a King or Queen
    on top for "marriage", a King two below for "divorce"). A pushed card is taken out of the
    shuffled deck when it is still in it, so pattern cards repeat across piles but never
    within one. The pile is cleared after each pattern card; rules whose patterns need four
    cards (hoagie, colour) thus reach at most a quarter of the cards."""

    def __init__(self, config: DrillConfig) -> None:
        self.config = config
        self._rng = Rng(seed_from_text(config.seed)).fork("practice")
        self._rules = config.slap_rules
        self._checks = tuple(rule.check for rule in self._rules)
        self._deck = config.deck
        self._times = land_times(config)
        self.target = TARGET_LOW + (TARGET_HIGH - TARGET_LOW) * self._rng.random()
        """The share of pattern cards this drill aims at."""
        self._shoe: list[Card] = []
        self._pile: list[Card] = []
        self._on_pile: set[Card] = set()
        self._start = 0
        self._aim: SlapRule | None = None
        self.dealt = 0
        self.patterns: Counter[str] = Counter()
        """Pattern cards dealt so far, by the rule credited."""

    def _pick_aim(self) -> SlapRule:
        weights = [1.0 / (1 + self.patterns[rule.name]) for rule in self._rules]
        x = self._rng.random() * sum(weights)
        for rule, weight in zip(self._rules, weights, strict=True):
            x -= weight
            if x < 0:
                return rule
        return self._rules[-1]

    def _push(self) -> Card | None:
        """A card towards a pattern of the rule aimed at (None: the deck decides)."""
        rng, pile, on_pile, deck = self._rng, self._pile, self._on_pile, self._deck
        if self._aim is None:
            self._aim = self._pick_aim()
        aimed = (self._aim.check,)
        completing = _completing(pile, on_pile, aimed, deck)
        if completing:
            in_shoe = [c for c in completing if c in self._shoe]
            return rng.choice(in_shoe or completing)
        setup = _setup(pile, on_pile, aimed, deck, rng)
        if setup is not None:
            return setup
        self._aim = None  # out of reach from this pile: another rule next time
        return None

    def deal(self) -> Laid:
        """The next card (:class:`PracticeError` once all ``config.cards`` are dealt)."""
        i = self.dealt
        if i >= self.config.cards:
            raise PracticeError(f"the drill has {self.config.cards} cards, all dealt")
        rng, pile, on_pile, shoe = self._rng, self._pile, self._on_pile, self._shoe
        if not shoe:
            shoe.extend(self._deck)
            rng.shuffle(shoe)
        behind = self.target * (i + 1) - self.patterns.total()
        push = min(_PUSH_MAX, max(_PUSH_MIN, self.target + _PUSH_GAIN * behind))
        chosen = self._push() if rng.chance(push) else None
        if chosen is None:
            chosen = _draw(shoe, on_pile, self._deck, rng)
        elif chosen in shoe:
            shoe.remove(chosen)
        pile.append(chosen)
        on_pile.add(chosen)
        found = find_match(pile, self._rules, PILE_CONTEXT)
        pattern = None
        if found is not None:
            rule, positions = found
            spots = tuple(sorted(p % len(pile) for p in positions))
            pattern = Pattern(rule.name, rule.title, spots, tuple(pile[p] for p in spots))
        laid = Laid(i, chosen, self._times[i], self._start, pattern)
        self.dealt += 1
        if pattern is not None:
            self.patterns[pattern.rule] += 1
            self._aim = None
            pile.clear()
            on_pile.clear()
            self._start = i + 1
        return laid


def plan_drill(config: DrillConfig) -> tuple[Laid, ...]:
    """Every card of the drill at once (what :class:`Drill` deals card by card)."""
    dealer = Dealer(config)
    return tuple(dealer.deal() for _ in range(config.cards))


# --------------------------------------------------------------------------- feedback

Kind = Literal["card", "hit", "miss", "false", "ignored"]


def card_label(c: Card) -> str:
    """A card as the page writes it: "7♥", "Red Joker"."""
    return c.name if c.is_joker else with_symbols(c.code)


def _labels(cs: Iterable[Card]) -> str:
    return " ".join(card_label(c) for c in cs)


@dataclass(frozen=True, slots=True)
class Feedback:
    """What happened, for the page: a card landed (``card``), a slap judged (``hit``,
    ``false``, or ``ignored`` when it does not count) or a pattern card left unslapped
    (``miss``). ``player`` is 0-based (None for a card landing); ``index`` is the card's place
    in the drill (-1: no card). For hits and misses, ``positions`` are the pattern's cards on
    the pile (0: its bottom card) to highlight. ``first`` is the player who hit the card first
    (for hits). ``text`` is one line for the page."""

    kind: Kind
    index: int
    player: int | None
    text: str
    card: Card | None = None
    rule: str = ""
    title: str = ""
    positions: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    reaction_ms: int | None = None
    first: int | None = None
    new_pile: bool = False


def _who(player: int, players: int) -> str:
    return f"Player {player + 1} — " if players > 1 else ""


def _card_feedback(laid: Laid) -> Feedback:
    return Feedback("card", laid.index, None, f"Card {laid.index + 1}: {card_label(laid.card)}",
                    card=laid.card, new_pile=laid.new_pile)


def _hit_feedback(laid: Laid, pattern: Pattern, player: int, players: int, reaction: int,
                  first: int) -> Feedback:
    text = f"{_who(player, players)}Hit: {pattern.title} ({_labels(pattern.cards)}) in " \
           f"{reaction} ms"
    if players > 1:
        text += " (first)" if first == player else f" (Player {first + 1} was first)"
    return Feedback("hit", laid.index, player, text, laid.card, pattern.rule, pattern.title,
                    pattern.positions, pattern.cards, reaction, first)


def _miss_feedback(laid: Laid, pattern: Pattern, player: int, players: int) -> Feedback:
    text = f"{_who(player, players)}Missed: {pattern.title} ({_labels(pattern.cards)})"
    return Feedback("miss", laid.index, player, text, laid.card, pattern.rule, pattern.title,
                    pattern.positions, pattern.cards)


def _false_feedback(laid: Laid, player: int, players: int) -> Feedback:
    text = f"{_who(player, players)}False slap: no pattern (top {card_label(laid.card)})"
    return Feedback("false", laid.index, player, text, laid.card)


def _ignored(index: int, player: int | None, why: str, card: Card | None = None) -> Feedback:
    return Feedback("ignored", index, player, why, card)


# --------------------------------------------------------------------------- scores

MAX_SCORE = 1000
HIT_BASE = 0.8
"""What a hit is worth before its speed bonus (a slow hit), as a share of a perfect one."""
FAST_MS, SLOW_MS = 300, 1500
"""A hit this fast or faster gets the whole speed bonus; this slow or slower, none."""


def _speed(reaction_ms: float) -> float:
    return min(1.0, max(0.0, (SLOW_MS - reaction_ms) / (SLOW_MS - FAST_MS)))


def drill_score(reactions: Sequence[float], misses: int, false_slaps: int) -> int:
    """A score from 0 to :data:`MAX_SCORE`: the average worth of every chance and false slap,
    where a hit is worth 0.8 plus up to 0.2 for speed (all of it at 300 ms or faster, none at
    1.5 s or slower) and a miss or a false slap is worth 0. So all hits, no false slap, is 800
    to 1000; each false slap weighs like a miss. No chance and no slap: 0."""
    attempts = len(reactions) + misses + false_slaps
    if attempts == 0:
        return 0
    worth = sum(HIT_BASE + (1 - HIT_BASE) * _speed(r) for r in reactions)
    return round(MAX_SCORE * worth / attempts)


def _median(values: Sequence[int]) -> float | None:
    return float(statistics.median(values)) if values else None


class _Tally:
    """Hits and misses counted (a player's, or a player's on one rule): their chances and
    accuracy."""

    __slots__ = ()
    hits: int
    misses: int

    @property
    def chances(self) -> int:
        return self.hits + self.misses

    @property
    def accuracy(self) -> float | None:
        """``hits / chances`` (None without a chance)."""
        return self.hits / self.chances if self.chances else None


@dataclass(frozen=True, slots=True)
class RuleResult(_Tally):
    """One player's results on one rule: ``chances`` pattern cards of that rule were judged for
    them (``hits + misses``)."""

    rule: str
    title: str
    hits: int
    misses: int
    median_reaction_ms: float | None


@dataclass(frozen=True, slots=True)
class Summary(_Tally):
    """One player's drill: counts, the median reaction time of their hits (None without one),
    per-rule results (every chosen rule, in the config's order) and the score
    (:func:`drill_score`)."""

    player: int
    hits: int
    misses: int
    false_slaps: int
    median_reaction_ms: float | None
    rules: tuple[RuleResult, ...]
    score: int

    def lines(self) -> list[str]:
        """The end screen's lines for this player."""
        median = "" if self.median_reaction_ms is None else \
            f", median {round(self.median_reaction_ms)} ms"
        out = [f"Score {self.score} of {MAX_SCORE}: {self.hits} hits, {self.misses} missed, "
               f"{self.false_slaps} false slaps{median}"]
        for result in self.rules:
            if result.accuracy is None:
                out.append(f"{result.title}: no chance came up")
                continue
            line = f"{result.title}: {result.hits} of {result.chances} " \
                   f"({round(100 * result.accuracy)}%)"
            if result.median_reaction_ms is not None:
                line += f", median {round(result.median_reaction_ms)} ms"
            out.append(line)
        return out


@dataclass
class _Record:
    hits: list[tuple[str, int]] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    false_slaps: int = 0


# --------------------------------------------------------------------------- the drill

class Drill:
    """A drill being played. The page calls :meth:`advance` from a timer and :meth:`slap` on
    each key press or touch, with times in ms from the start (card 0 lands at 0: the page
    counts down before it starts the clock). Times should not go backwards; a slap stamped
    before the card now on top is judged on that card, as if made when it landed.

    Each player may slap once per card. A pattern card is closed when the next card lands (or
    when the drill ends, one interval after the last card): every player who did not hit it
    misses it. :meth:`finish` stops early: the card then on top counts only for the players
    who had slapped it."""

    def __init__(self, config: DrillConfig) -> None:
        self.config = config
        self._dealer = Dealer(config)
        self._laid: list[Laid] = []
        self._times = land_times(config)
        self.now = -math.inf
        self._finished = False
        self._open = False  # the top card is not closed yet
        self._slapped: dict[int, Feedback] = {}  # the top card's slaps, by player
        self._first: int | None = None
        self._records = [_Record() for _ in range(config.players)]
        self._outbox: list[Feedback] = []

    # -- timing ------------------------------------------------------------------------

    def land_ms(self, index: int) -> int:
        """When card ``index`` lands (``index == cards``: when the drill ends)."""
        return self._times[index]

    def interval_ms(self, index: int) -> int:
        """How long card ``index`` stays on top."""
        return self._times[index + 1] - self._times[index]

    @property
    def end_ms(self) -> int:
        return self._times[-1]

    @property
    def next_due_ms(self) -> int | None:
        """When :meth:`advance` next has something to do (a card lands, or the end); None once
        the drill is done."""
        return None if self.done else self._times[self.landed]

    @property
    def done(self) -> bool:
        return self._finished

    @property
    def top(self) -> Laid | None:
        """The card on top (None before the first card)."""
        return self._laid[-1] if self._laid else None

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards on the pile, bottom first (the top card's pile until the next lands)."""
        top = self.top
        if top is None:
            return ()
        return tuple(laid.card for laid in self._laid[top.pile_start:])

    @property
    def landed(self) -> int:
        """How many cards have landed."""
        return len(self._laid)

    @property
    def laid(self) -> tuple[Laid, ...]:
        """The cards landed so far, in order."""
        return tuple(self._laid)

    # -- the driver --------------------------------------------------------------------

    def advance(self, t_ms: float) -> list[Feedback]:
        """Land every card due by ``t_ms`` (closing the one before each: its misses), end the
        drill when its time is up, and return all feedback not yet returned, in order (slaps'
        own feedback is returned by :meth:`slap`). ``math.inf`` runs the drill to its end."""
        self._run_to(t_ms)
        out, self._outbox = self._outbox, []
        return out

    def _run_to(self, t_ms: float) -> None:
        if math.isnan(t_ms) or self._finished or t_ms <= self.now:
            return
        self.now = t_ms
        n = self.config.cards
        while self.landed < n and self._times[self.landed] <= t_ms:
            self._close()
            laid = self._dealer.deal()
            self._laid.append(laid)
            self._open = True
            self._slapped = {}
            self._first = None
            self._outbox.append(_card_feedback(laid))
        if self.landed == n and t_ms >= self.end_ms:
            self._close()
            self._finished = True

    def _close(self, *, cut_short: bool = False) -> None:
        """Judge the top card for the players who did not hit it (unless cut short)."""
        top = self.top
        if not self._open or top is None:
            return
        self._open = False
        if top.pattern is None or cut_short:
            return
        for player, record in enumerate(self._records):
            if player not in self._slapped:
                record.misses.append(top.pattern.rule)
                self._outbox.append(
                    _miss_feedback(top, top.pattern, player, self.config.players))

    def finish(self) -> list[Feedback]:
        """Stop now (at once, or after the end: then nothing changes) and return the feedback
        not yet returned."""
        if not self._finished:
            self._close(cut_short=True)
            self._finished = True
        out, self._outbox = self._outbox, []
        return out

    def slap(self, player: int, t_ms: float) -> Feedback:
        """Judge a slap by ``player`` (0-based) at ``t_ms`` against the card on top then.

        Cards due by ``t_ms`` land first (their feedback waits for the next :meth:`advance`).
        A slap on a pattern card is a hit, with its reaction time; on any other card, a false
        slap. A second slap by the same player on the same card, a slap before the first card
        or after the end, or by a player not in the drill is ``ignored`` and counts nothing."""
        if type(player) is not int or not 0 <= player < self.config.players:
            return _ignored(-1, None, f"No player {player!r} in this drill")
        if math.isnan(t_ms):
            return _ignored(-1, player, "A slap without a time")
        self._run_to(t_ms)
        top = self.top
        if self._finished:
            return _ignored(-1 if top is None else top.index, player, "The drill is over")
        if top is None:
            return _ignored(-1, player, "No card on the pile yet")
        if player in self._slapped:
            return _ignored(top.index, player, "Already slapped this card", top.card)
        players = self.config.players
        record = self._records[player]
        if top.pattern is None:
            record.false_slaps += 1
            feedback = _false_feedback(top, player, players)
        else:
            reaction = round(max(t_ms, top.land_ms) - top.land_ms)
            if self._first is None:
                self._first = player
            record.hits.append((top.pattern.rule, reaction))
            feedback = _hit_feedback(top, top.pattern, player, players, reaction, self._first)
        self._slapped[player] = feedback
        return feedback

    # -- results -----------------------------------------------------------------------

    def summary(self, player: int) -> Summary:
        """``player``'s results so far (final once :attr:`done`)."""
        record = self._records[player]
        reactions = [ms for _, ms in record.hits]
        results = tuple(
            RuleResult(
                name, SLAP_RULES[name].title,
                sum(1 for rule, _ in record.hits if rule == name),
                record.misses.count(name),
                _median([ms for rule, ms in record.hits if rule == name]),
            )
            for name in self.config.rules
        )
        return Summary(player, len(record.hits), len(record.misses), record.false_slaps,
                       _median(reactions), results,
                       drill_score(reactions, len(record.misses), record.false_slaps))

    def summaries(self) -> tuple[Summary, ...]:
        return tuple(self.summary(p) for p in range(self.config.players))


# --------------------------------------------------------------------------- the link

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


def _list_notice(what: str, items: list[str], limit: int = 4) -> str:
    """One notice for many ignored items: "Ignored unknown slap rules 'a', 'b' and 9 more."."""
    shown = ", ".join(_show(item) for item in items[:limit])
    more = f" and {len(items) - limit} more" if len(items) > limit else ""
    plural = "s" if len(items) > 1 else ""
    return f"Ignored unknown {what}{plural} {shown}{more}."


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
            notices.append(f"{rule.title} cannot be practised: {_left_out_reason(rule)}.")
    if unknown:
        notices.append(_list_notice("slap rule", unknown))
    if not chosen:
        default = " and ".join(SLAP_RULES[n].title for n in CLASSIC_SLAPS)
        notices.append(f"The link names no slap rule to practise: practising {default}.")
        return CLASSIC_SLAPS
    return tuple(chosen)


def _parse_whole(label: str, text: str, low: int, high: int, default: int,
                 notices: list[str]) -> int:
    text = text.strip()
    if not _WHOLE.fullmatch(text):
        notices.append(f"Ignored {label} {_show(text)}: not a whole number; using {default}.")
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
    notices.append(f"{label.capitalize()} {_show(text)} is outside {low} to {high}: "
                   f"using {clamped}.")
    return clamped


def parse_query(text: object) -> tuple[DrillConfig, list[str]]:
    """The drill a link describes (``"?practice=..."`` or ``"practice=..."``; a ``#fragment``
    is ignored) and one notice for each thing dropped or changed. Never raises: a link longer
    than :data:`MAX_QUERY_CHARS` is refused unread (the default drill, with a notice)."""
    try:
        return _parse_query(text)
    except Exception:  # a last guard: the page must always get a drill
        return DrillConfig(), ["The practice link could not be read: using the default drill."]


def _parse_query(text: object) -> tuple[DrillConfig, list[str]]:
    if not isinstance(text, str):
        return DrillConfig(), ["The practice link is not text: using the default drill."]
    if len(text) > MAX_QUERY_CHARS:
        return DrillConfig(), [f"The practice link is longer than {MAX_QUERY_CHARS} "
                               "characters: using the default drill."]
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
            notices.append(f"Parameter {name} is given twice: using the first.")
        else:
            params[name] = value
    if unknown:
        notices.append(_list_notice("parameter", unknown))
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
            notices.append(f"Ignored pace {_show(params['pace'])}: use "
                           f"{' or '.join(PACES)}; using {DEFAULT_PACE}.")
    seed = params.get("seed", "").strip()
    problem = _bad_seed(seed)
    if problem:
        notices.append(f"Ignored the seed: {problem}.")
        seed = ""
    return DrillConfig(rules, players, count, pace, interval, seed), notices


# --------------------------------------------------------------------------- best scores

STORAGE_KEY = "ratscrew.practice-bests.v1"
"""Where the page keeps :func:`dump_bests`'s text (``localStorage``)."""
MAX_BESTS = 200
"""Drills remembered; a new one beyond this replaces the lowest score."""
MAX_BESTS_CHARS = 100_000
"""Room for :data:`MAX_BESTS` keys of :data:`MAX_KEY_CHARS` (real keys are far shorter)."""
MAX_KEY_CHARS = 300
BESTS_NOTICE = "Your practice best scores could not be read and were reset."
SOME_BESTS_NOTICE = "Some practice best scores could not be read and were dropped."


def best_key(config: DrillConfig) -> str:
    """The drill a best score belongs to: its rules (in any order), cards, pace and starting
    interval (``double+sandwich/52/quicken/1600``). Players and seed do not count: a best is
    for the drill's difficulty, whoever played which deal."""
    rules = "+".join(sorted(config.rules))
    return f"{rules}/{config.cards}/{config.pace}/{config.interval_ms}"


def _good_entry(key: object, score: object) -> bool:
    return (isinstance(key, str) and 0 < len(key) <= MAX_KEY_CHARS
            and type(score) is int and 0 <= score <= MAX_SCORE)


def load_bests(text: str | None) -> tuple[dict[str, int], list[str]]:
    """Best scores from what the page stored (None or "": none yet, no notice). Never raises:
    text that is too large, too deep, not JSON or not an object gives ``{}`` and a notice; bad
    entries are dropped with one notice."""
    if not text:
        return {}, []
    try:
        data = safe_json.loads(text, max_chars=MAX_BESTS_CHARS, max_depth=1, max_digits=10)
    except Exception:  # JSONError and its limits; any other surprise alike
        return {}, [BESTS_NOTICE]
    if not isinstance(data, dict):
        return {}, [BESTS_NOTICE]
    bests = {k: v for k, v in data.items() if _good_entry(k, v)}
    notices = [SOME_BESTS_NOTICE] if len(bests) < len(data) else []
    if len(bests) > MAX_BESTS:
        kept = sorted(bests.items(), key=lambda kv: -kv[1])[:MAX_BESTS]
        bests = dict(kept)
        if not notices:
            notices.append(SOME_BESTS_NOTICE)
    return bests, notices


def dump_bests(bests: dict[str, int]) -> str:
    """The text to store: what :func:`load_bests` reads back without a notice."""
    good = [(k, v) for k, v in bests.items() if _good_entry(k, v)]
    kept = sorted(good, key=lambda kv: (-kv[1], kv[0]))[:MAX_BESTS]
    return json.dumps(dict(sorted(kept)), separators=(",", ":"), ensure_ascii=False)


def record_best(bests: dict[str, int], key: str, score: int) -> bool:
    """Keep ``score`` in ``bests`` if it beats the best for ``key`` (the first score for a key
    always does); True if it is a new best. A new key beyond :data:`MAX_BESTS` replaces the
    lowest best."""
    if not _good_entry(key, score):
        return False
    previous = bests.get(key)
    if previous is not None and previous >= score:
        return False
    if previous is None and len(bests) >= MAX_BESTS:
        del bests[min(bests, key=lambda k: (bests[k], k))]
    bests[key] = score
    return True
