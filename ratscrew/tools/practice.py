"""Slap practice: a drill that lays cards one at a time and judges every slap on them.

A teacher picks slap rules from the catalogue (:mod:`ratscrew.core.slaps`), the players (1 to 8,
each with their own slap key or button), how many cards and the pace. Cards land on a pile one
at a time; a player slaps only when the top cards make a pattern of the chosen rules. Every
card is judged: a hit (with the reaction time), a miss, or a false slap, each with the rule's
name and its cards. The end gives each player's :class:`Summary` and score
(:func:`drill_score`).

Standard library and :mod:`ratscrew` only, without a clock: the caller owns time. It calls
:meth:`Drill.advance` from a timer and :meth:`Drill.slap` on each key press or touch, with times
in ms from the drill's start; a CPython test drives it exactly as the page does.

Practice and the game agree: the pile is judged with the catalogue's own rule functions
(:func:`ratscrew.core.slaps.find_match`) and the engine's default rule options (runs do not wrap
round the ace; "same as first" matches rank and colour).

Everything comes from the seed (:func:`ratscrew.core.rng.seed_from_text`): two equal
:class:`DrillConfig` deal the same cards at the same times, so a shared config gives a whole
class the same drill. Feedback texts write cards as codes ("KH"), as the engine's events do.
"""

from __future__ import annotations

import math
import statistics
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ratscrew.core.cards import JOKERS, STANDARD_DECK, Card, cards, codes
from ratscrew.core.options import Rules
from ratscrew.core.rng import Rng, seed_from_text
from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES, SlapFn, SlapRule, find_match
from ratscrew.i18n import N_, number, t, tn

# --------------------------------------------------------------------------- the rules offered

LEFT_OUT: dict[str, str] = {
    "counting": N_("it is judged only while a player answers a challenge, and a drill has no "
                   "challenges"),
    "embers": N_("it looks at who laid each card, and a drill's cards are not laid by players "
                 "(laid round a table in turn it is the double, sandwich or hoagie: drill "
                 "those)"),
    "chimney": N_("without cards burned for wrong slaps it is exactly top and bottom: drill "
                  "that"),
}
"""Catalogue rules a drill does not offer, each with the reason, a message id (a config that
asks for one is refused with it, said by :func:`left_out_reason`):

* ``counting``: judged only while a player answers a challenge; a drill has no challenges.
* ``embers``: looks at who laid each card; a drill's cards are not laid by players.
* ``chimney``: without burned cards it is exactly ``top-bottom``.
"""


def left_out_reason(rule: SlapRule) -> str | None:
    """Why ``rule`` cannot be practised, in the language in use (None: it can). Rules added to
    the catalogue later that need a game's state (a challenge, seats, burned cards) are left
    out the same way."""
    if rule.name in LEFT_OUT:
        return t(LEFT_OUT[rule.name])
    if rule.needs_challenge:
        return t("it is judged only while a player answers a challenge")
    if rule.seats:
        return t("it looks at who laid each card")
    if rule.bottom:
        return t("it looks at cards burned under the pile, and a drill burns none")
    return None


PRACTICE_RULES: tuple[str, ...] = tuple(
    name for name, rule in SLAP_RULES.items() if left_out_reason(rule) is None
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
"""As long as a table's seed may be."""


class PracticeError(ValueError):
    """A drill that cannot be made, with a message a teacher can act on."""


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a drill, in a few words in the language in use (None: it
    can)."""
    if not isinstance(seed, str):
        return t("it is not text")
    if len(seed) > MAX_SEED_LENGTH:
        return tn("it is longer than {n} character", "it is longer than {n} characters",
                  MAX_SEED_LENGTH, n=MAX_SEED_LENGTH)
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in seed):
        return t("it contains control characters")
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
            raise PracticeError(t("choose at least one slap rule to practise"))
        for name in self.rules:
            if name not in PRACTICE_RULES:
                rule = SLAP_RULES.get(name) if isinstance(name, str) else None
                if rule is None:
                    # i18n: {name} is what was asked for, quoted; {rules} the rules' codes.
                    raise PracticeError(t("{name} is not a slap rule: choose from {rules}",
                                          name=repr(name), rules=", ".join(PRACTICE_RULES)))
                # i18n: A slap rule's name (Counting), then why a drill cannot have it.
                raise PracticeError(t("{rule} cannot be practised: {reason}",
                                      rule=t(rule.title), reason=left_out_reason(rule) or ""))
        if len(set(self.rules)) != len(self.rules):
            raise PracticeError(t("each slap rule may be chosen once"))
        for label, value, low, high in (
            ("players", self.players, MIN_PLAYERS, MAX_PLAYERS),
            ("cards", self.cards, MIN_CARDS, MAX_CARDS),
            ("interval_ms", self.interval_ms, MIN_INTERVAL_MS, MAX_INTERVAL_MS),
        ):
            if type(value) is not int or not low <= value <= high:
                # i18n: {name} is a setting's code (players, cards, interval_ms): keep it.
                raise PracticeError(t("{name} is a whole number from {low} to {high}",
                                      name=label, low=str(low), high=str(high)))
        if self.pace not in PACES:
            # i18n: {steady} and {quicken} are the paces' codes: keep them.
            raise PracticeError(t("pace is {steady} or {quicken}", steady=PACES[0],
                                  quicken=PACES[1]))
        problem = seed_problem(self.seed)
        if problem:
            raise PracticeError(t("the seed cannot be used: {problem}", problem=problem))

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
    rules = ", ".join(t(SLAP_RULES[name].title) for name in config.rules)
    n, start = config.cards, _seconds(config.interval_ms)
    if config.pace == "quicken" and config.interval_ms > FLOOR_MS:
        # i18n: {rules}: the slap rules' names; {start} and {floor}: times ("1.6 s").
        return tn("{rules} · {n} card · a card every {start}, quickening to {floor}",
                  "{rules} · {n} cards · a card every {start}, quickening to {floor}",
                  n, rules=rules, n=n, start=start, floor=_seconds(FLOOR_MS))
    # i18n: {rules}: the slap rules' names; {start}: a time ("1.6 s").
    return tn("{rules} · {n} card · a card every {start}",
              "{rules} · {n} cards · a card every {start}", n, rules=rules, n=n, start=start)


def _seconds(ms: int) -> str:
    """``ms`` as seconds, with no more digits than it needs ("1.6 s", "2 s")."""
    decimals = len(f"{ms / 1000:g}".partition(".")[2])
    # i18n: A time in seconds ("1.6 s").
    return t("{seconds} s", seconds=number(ms / 1000, decimals))


# --------------------------------------------------------------------------- the cards

@dataclass(frozen=True, slots=True)
class Pattern:
    """A pattern a card completes: the rule, and the pile's cards that make it (``positions``
    count from the pile's bottom card, 0)."""

    rule: str
    title: str
    """The rule's name, a message id (``t(title)`` says it)."""
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


@dataclass(frozen=True, slots=True)
class Feedback:
    """What happened, to show: a card landed (``card``), a slap judged (``hit``,
    ``false``, or ``ignored`` when it does not count) or a pattern card left unslapped
    (``miss``). ``player`` is 0-based (None for a card landing); ``index`` is the card's place
    in the drill (-1: no card). For hits and misses, ``positions`` are the pattern's cards on
    the pile (0: its bottom card) to highlight. ``first`` is the player who hit the card first
    (for hits). ``text`` is one line in the language in use, its cards as codes ("Hit:
    Marriage (KH QH) in 412 ms"); ``title`` is the rule's name as a message id (``t(title)``
    says it)."""

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


def _card_feedback(laid: Laid) -> Feedback:
    # i18n: {number}: the card's place in the drill (1 for the first); {card}: its code (KH).
    text = t("Card {number}: {card}", number=laid.index + 1, card=laid.card.code)
    return Feedback("card", laid.index, None, text, card=laid.card, new_pile=laid.new_pile)


def _hit_feedback(laid: Laid, pattern: Pattern, player: int, players: int, reaction: int,
                  first: int) -> Feedback:
    rule, cards, ms = t(pattern.title), codes(pattern.cards), str(reaction)
    if players == 1:
        # i18n: {rule}: a slap rule's name; {cards}: the pattern's cards (KH QH); {ms}: the
        # reaction time in milliseconds.
        text = t("Hit: {rule} ({cards}) in {ms} ms", rule=rule, cards=cards, ms=ms)
    elif first == player:
        # i18n: {player}: the player's number; {rule}: a slap rule's name; {cards}: the
        # pattern's cards (KH QH); {ms}: the reaction time in milliseconds.
        text = t("Player {player} — Hit: {rule} ({cards}) in {ms} ms (first)",
                 player=player + 1, rule=rule, cards=cards, ms=ms)
    else:
        # i18n: {player}, {first}: players' numbers; {rule}: a slap rule's name; {cards}: the
        # pattern's cards (KH QH); {ms}: the reaction time in milliseconds.
        text = t("Player {player} — Hit: {rule} ({cards}) in {ms} ms (Player {first} was "
                 "first)", player=player + 1, rule=rule, cards=cards, ms=ms, first=first + 1)
    return Feedback("hit", laid.index, player, text, laid.card, pattern.rule, pattern.title,
                    pattern.positions, pattern.cards, reaction, first)


def _miss_feedback(laid: Laid, pattern: Pattern, player: int, players: int) -> Feedback:
    rule, cards = t(pattern.title), codes(pattern.cards)
    if players == 1:
        # i18n: {rule}: a slap rule's name; {cards}: the pattern's cards (KH QH).
        text = t("Missed: {rule} ({cards})", rule=rule, cards=cards)
    else:
        # i18n: {player}: the player's number; {rule}: a slap rule's name; {cards}: the
        # pattern's cards (KH QH).
        text = t("Player {player} — Missed: {rule} ({cards})", player=player + 1, rule=rule,
                 cards=cards)
    return Feedback("miss", laid.index, player, text, laid.card, pattern.rule, pattern.title,
                    pattern.positions, pattern.cards)


def _false_feedback(laid: Laid, player: int, players: int) -> Feedback:
    if players == 1:
        # i18n: {card}: the top card's code (KH).
        text = t("False slap: no pattern (top {card})", card=laid.card.code)
    else:
        # i18n: {player}: the player's number; {card}: the top card's code (KH).
        text = t("Player {player} — False slap: no pattern (top {card})", player=player + 1,
                 card=laid.card.code)
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


def share(part: int, whole: int) -> float | None:
    """``part / whole`` (None when ``whole`` is 0: nothing to count)."""
    return part / whole if whole else None


class _Tally:
    """Hits and misses counted (a player's, or a player's on one rule): their chances and the
    share of them caught."""

    __slots__ = ()
    hits: int
    misses: int

    @property
    def chances(self) -> int:
        """The pattern cards judged: ``hits + misses``."""
        return self.hits + self.misses

    @property
    def caught(self) -> float | None:
        """``hits / chances``: the patterns slapped, of those that came up (None without a
        chance). False slaps do not count here (they belong to no pattern): a player's
        :attr:`Summary.accuracy` counts them."""
        return share(self.hits, self.chances)


@dataclass(frozen=True, slots=True)
class RuleResult(_Tally):
    """One player's results on one rule: ``chances`` pattern cards of that rule were judged for
    them (``hits + misses``). A false slap completes no pattern, so it belongs to no rule: it
    counts in the player's :attr:`Summary.accuracy`, not here."""

    rule: str
    title: str
    """The rule's name, a message id (``t(title)`` says it)."""
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

    @property
    def judged(self) -> int:
        """Everything judged for this player: every pattern card (hit or missed) and every
        false slap (``hits + misses + false_slaps``)."""
        return self.chances + self.false_slaps

    @property
    def accuracy(self) -> float | None:
        """``hits / (hits + misses + false_slaps)``: a false slap costs as much as a miss (4
        hits, 2 misses and 10 false slaps: 25%). None when nothing was judged."""
        return share(self.hits, self.judged)

    def lines(self) -> list[str]:
        """This player's results, a line each: the totals (with the accuracy, false slaps
        counted), then the patterns caught on each rule."""
        return [self._totals(), *(_rule_line(result) for result in self.rules)]

    def _totals(self) -> str:
        counts: dict[str, object] = {
            "score": str(self.score), "max": str(MAX_SCORE),
            "hits": tn("{n} hit", "{n} hits", self.hits, n=self.hits),
            "misses": tn("{n} missed", "{n} missed", self.misses, n=self.misses),
            "false_slaps": tn("{n} false slap", "{n} false slaps", self.false_slaps,
                              n=self.false_slaps),
        }
        median = None if self.median_reaction_ms is None else str(round(self.median_reaction_ms))
        if self.accuracy is None:
            if median is None:
                # i18n: {hits}, {misses}, {false_slaps}: counts ("4 hits", "2 missed", "1
                # false slap").
                return t("Score {score} of {max}: {hits}, {misses}, {false_slaps}", **counts)
            # i18n: {hits}, {misses}, {false_slaps}: counts ("4 hits", "2 missed", "1 false
            # slap"); {median}: a time in milliseconds.
            return t("Score {score} of {max}: {hits}, {misses}, {false_slaps}, median "
                     "{median} ms", median=median, **counts)
        # i18n: {hits} of {judged}: how many hits, of every hit, miss and false slap.
        share = tn("{hits} hit of {judged} hits, misses and false slaps",
                   "{hits} hits of {judged} hits, misses and false slaps", self.hits,
                   hits=self.hits, judged=self.judged)
        if median is None:
            # i18n: {hits}, {misses}, {false_slaps}: counts ("4 hits", "2 missed", "1 false
            # slap"); {accuracy}: a percentage; {share}: "4 hits of 16 hits, misses and
            # false slaps".
            return t("Score {score} of {max}: {hits}, {misses}, {false_slaps}; accuracy "
                     "{accuracy} ({share})", accuracy=_percent(self.accuracy), share=share,
                     **counts)
        # i18n: {hits}, {misses}, {false_slaps}: counts ("4 hits", "2 missed", "1 false
        # slap"); {median}: a time in milliseconds; {accuracy}: a percentage; {share}: "4 hits
        # of 16 hits, misses and false slaps".
        return t("Score {score} of {max}: {hits}, {misses}, {false_slaps}, median {median} ms; "
                 "accuracy {accuracy} ({share})", median=median,
                 accuracy=_percent(self.accuracy), share=share, **counts)


def _rule_line(result: RuleResult) -> str:
    """One rule's line of a summary: the patterns caught."""
    rule = t(result.title)
    if result.caught is None:
        # i18n: {rule}: a slap rule's name.
        return t("{rule}: no chance came up", rule=rule)
    if result.median_reaction_ms is None:
        # i18n: {rule}: a slap rule's name; {hits} of {chances}: the patterns slapped of those
        # that came up; {percent}: the same as a percentage.
        return t("{rule}: caught {hits} of {chances} ({percent})", rule=rule, hits=result.hits,
                 chances=result.chances, percent=_percent(result.caught))
    # i18n: {rule}: a slap rule's name; {hits} of {chances}: the patterns slapped of those that
    # came up; {percent}: the same as a percentage; {median}: a time in milliseconds.
    return t("{rule}: caught {hits} of {chances} ({percent}), median {median} ms", rule=rule,
             hits=result.hits, chances=result.chances, percent=_percent(result.caught),
             median=str(round(result.median_reaction_ms)))


def _percent(value: float) -> str:
    # i18n: A whole percentage ("25%").
    return t("{percent}%", percent=round(100 * value))


@dataclass
class _Record:
    hits: list[tuple[str, int]] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    false_slaps: int = 0


# --------------------------------------------------------------------------- the drill

class Drill:
    """A drill being played. Its driver calls :meth:`advance` from a timer and :meth:`slap` on
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
            # i18n: {player} is what was given as a player, as written in code (3, None).
            return _ignored(-1, None, t("No player {player} in this drill", player=repr(player)))
        if math.isnan(t_ms):
            return _ignored(-1, player, t("A slap without a time"))
        self._run_to(t_ms)
        top = self.top
        if self._finished:
            return _ignored(-1 if top is None else top.index, player, t("The drill is over"))
        if top is None:
            return _ignored(-1, player, t("No card on the pile yet"))
        if player in self._slapped:
            return _ignored(top.index, player, t("Already slapped this card"), top.card)
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
