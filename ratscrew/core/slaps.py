"""The catalogue of slap rules.

Each rule is a small pure function over the pile's live cards (bottom first; penalty and dead
cards are never in that list) that returns the positions of the cards forming its pattern, or
``None``. Rules are registered with a name, a one-line description and examples, so the CLI,
the page and the tests all read the same data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ratscrew.core.cards import ACE, JOKER, KING, QUEEN, SUITED, Card
from ratscrew.i18n import N_

SlapName = Literal[
    "double", "sandwich", "hoagie", "run", "top-bottom", "chimney", "marriage", "divorce",
    "add-to-ten", "sixty-nine", "flush", "colour", "same-as-first", "counting", "joker",
    "red-joker", "unlucky-13", "lucky-7", "embers",
]
"""The name of a slap rule in the catalogue (:data:`SLAP_RULES`, in its order)."""

Positions = tuple[int, ...]
"""Indexes into the live cards (negative: -1 is the top card)."""


class PileContext(Protocol):
    """What a slap rule may look at besides the cards themselves."""

    @property
    def run_wrap(self) -> bool: ...

    @property
    def same_as_first_match(self) -> str: ...

    @property
    def counting_n(self) -> int:
        """If the top card is the n-th card laid by a challenged player, n; otherwise 0."""
        ...

    @property
    def live_seats(self) -> Sequence[int]:
        """Who laid each live card (same positions as the cards)."""
        ...

    @property
    def under(self) -> Card | None:
        """The card at the very bottom of the pile when it is not a live card (a card burned
        for a wrong slap, a dead card), else None: the bottom card is then ``live[0]``."""
        ...


SlapFn = Callable[[Sequence[Card], PileContext], Positions | None]


@dataclass(frozen=True, slots=True)
class SlapRule:
    name: SlapName
    title: str
    """What the rule is called (a message id: say it with ``t(rule.title)``). What a
    :class:`~ratscrew.core.events.PileTaken` keeps as its ``rule``."""
    description: str
    """One line on what the rule lets you slap (a message id: ``t(rule.description)``)."""
    examples: tuple[str, ...]
    """Piles (bottom card first) that this rule lets you slap."""
    non_examples: tuple[str, ...]
    """Piles that look close but do not qualify."""
    check: SlapFn
    needs_challenge: bool = False
    """The examples only hold when the top cards answer a challenge (see ``counting``)."""
    seats: int = 0
    """For rules that look at who laid each card (Embers): the examples were laid in turn by
    this many players, player 1 first."""
    bottom: bool = False
    """The pattern also takes in the pile's very bottom card when that is not a live card
    (:attr:`PileContext.under`), which positions into the live cards cannot name."""
    same_rank_gap: int = 0
    """For rules that are exactly "the top card has the rank of the card this many below it"
    (double 1, sandwich 2, hoagie 3): the engine tests that inline instead of calling
    ``check``, which says the same (the tests hold the two to it)."""


def _double(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 2 and live[-1].rank == live[-2].rank:
        return (-2, -1)
    return None


def _sandwich(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 3 and live[-1].rank == live[-3].rank:
        return (-3, -2, -1)
    return None


def _hoagie(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 4 and live[-1].rank == live[-4].rank:
        return (-4, -3, -2, -1)
    return None


def _run_step(a: Card, b: Card) -> int:
    """+1 if ``b`` follows ``a`` going up, -1 going down, 0 otherwise.

    Aces are high (Q-K-A) or low (A-2-3); with ``wrap`` they also join K-A-2. Cards compare by
    their place in a run (:attr:`Card.seq`), so the Tarot's 10-P-N-Q-K is a run too.
    """
    if a.rank == JOKER or b.rank == JOKER:
        return 0
    if b.seq == a.seq + 1 or (a.rank == ACE and b.seq == 2):
        return 1
    if b.seq == a.seq - 1 or (a.seq == 2 and b.rank == ACE):
        return -1
    return 0


def _run(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) < 3:
        return None
    a, b, c = live[-3], live[-2], live[-1]
    wrap = ctx.run_wrap
    s1 = _run_step(a, b)
    if s1 == 0 or _run_step(b, c) != s1:
        return None
    if not wrap and b.rank == ACE:
        return None  # K-A-2 and 2-A-K go round the corner: only with the wrap option
    length = 3
    while length < len(live):
        if _run_step(live[-length - 1], live[-length]) != s1:
            break
        if not wrap and live[-length].rank == ACE:
            break
        length += 1
    return tuple(range(-length, 0))


def _top_bottom(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 2 and live[-1].rank == live[0].rank:
        return (0, -1)
    return None


def _chimney(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    """Firefighters' "top and bottom cards of the play pile": the bottom card is whatever lies
    at the bottom, misfired cards included (then the pattern is the top card and that one)."""
    under = ctx.under
    if under is None:
        return _top_bottom(live, ctx)
    if live and live[-1].rank == under.rank:
        return (-1,)
    return None


def _is_marriage_pair(a: Card, b: Card) -> bool:
    return {a.rank, b.rank} == {KING, QUEEN}


def _marriage(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 2 and _is_marriage_pair(live[-1], live[-2]):
        return (-2, -1)
    return None


def _divorce(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 3 and _is_marriage_pair(live[-1], live[-3]):
        return (-3, -2, -1)
    return None


def _number_value(c: Card) -> int:
    """A = 1, 2..10 their number; 0 for faces and jokers (not number cards)."""
    if c.rank == ACE:
        return 1
    return c.rank if 2 <= c.rank <= 10 else 0


def _add_to_ten(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 2:
        a, b = _number_value(live[-2]), _number_value(live[-1])
        if a and b and a + b == 10:
            return (-2, -1)
    return None


def _sixty_nine(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 2 and {live[-1].rank, live[-2].rank} == {6, 9}:
        return (-2, -1)
    return None


def _flush(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 3:
        s = live[-1].suit
        if s in SUITED and live[-2].suit == s and live[-3].suit == s:
            return (-3, -2, -1)
    return None


def _colour(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 4:
        top = live[-4:]
        if all(c.suit in SUITED for c in top) and len({c.red for c in top}) == 1:
            return (-4, -3, -2, -1)
    return None


def _same_as_first(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) < 2:
        return None
    first, top = live[0], live[-1]
    if top.rank != first.rank:
        return None
    how = ctx.same_as_first_match
    if (how == "colour" and top.red != first.red) or (how == "suit" and top.suit != first.suit):
        return None
    return (0, -1)


def _counting(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    n = ctx.counting_n
    if n and live and _number_value(live[-1]) == n:
        return (-1,)
    return None


def _unlucky_13(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if len(live) >= 2:
        below, top = live[-2], live[-1]
        if not below.value or not top.value:
            return None  # jokers and the Major Arcana count nothing
        if below.value + top.value == 13 or (below.rank == ACE and top.rank == 3):
            return (-2, -1)
    return None


def _lucky_7(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if live and live[-1].rank == 7:
        return (-1,)
    return None


def _embers(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    seats = ctx.live_seats
    if len(live) < 2 or len(seats) != len(live):
        return None
    seat = seats[-1]
    for i in range(len(live) - 2, -1, -1):
        if seats[i] == seat:
            return (i - len(live), -1) if live[i].rank == live[-1].rank else None
    return None


def _joker(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if live and live[-1].rank == JOKER:
        return (-1,)
    return None


def _red_joker(live: Sequence[Card], ctx: PileContext) -> Positions | None:
    if live and live[-1].rank == JOKER and live[-1].red:
        return (-1,)
    return None


SLAP_RULES: dict[str, SlapRule] = {
    rule.name: rule
    for rule in (
        SlapRule("double", N_("Double"),
                 N_("Two cards of the same rank one on the other."),
                 ("9C 9H", "8D 8S"), ("9C 10H",), _double, same_rank_gap=1),
        SlapRule("sandwich", N_("Sandwich"),
                 N_("Two cards of the same rank with one card between."),
                 ("7H 2C 7S",), ("7H 2C 8S",), _sandwich, same_rank_gap=2),
        SlapRule("hoagie", N_("Hoagie"),
                 N_("Two cards of the same rank with two cards between."),
                 ("5D 9C 2H 5S",), ("5D 9C 2H 6S",), _hoagie, same_rank_gap=3),
        SlapRule("run", N_("Run"),
                 # i18n: K-A-2: King, Ace, 2 (the cards' codes).
                 N_("Three or more consecutive ranks going up or down (aces high or low; "
                    "K-A-2 only with the wrap option)."),
                 ("9S 10H JD", "6C 5H 4D", "QC KD AS", "AH 2S 3D"),
                 ("8S 6H 7D", "9S 10H QD"), _run),
        SlapRule("top-bottom", N_("Top and bottom"),
                 N_("The top card has the rank of the card at the bottom of the pile."),
                 ("3H 8C KD 3S",), ("3H 8C KD 4S",), _top_bottom),
        SlapRule("chimney", N_("Chimney"),
                 N_("The top card has the rank of the card at the very bottom of the pile, a "
                    "card burned for a wrong slap included."),
                 ("3H 8C KD 3S",), ("3H 8C KD 4S",), _chimney, bottom=True),
        SlapRule("marriage", N_("Marriage"),
                 N_("A King and a Queen one on the other, either order."),
                 ("KH QS", "QD KC"), ("KH JS",), _marriage),
        SlapRule("divorce", N_("Divorce"),
                 N_("A King and a Queen with one card between."),
                 ("KH 4C QS",), ("KH 4C JS",), _divorce),
        SlapRule("add-to-ten", N_("Add to ten"),
                 N_("Two number cards one on the other that add up to ten (an Ace counts 1)."),
                 ("3H 7C", "AS 9D"), ("3H 8C", "KS 10D"), _add_to_ten),
        SlapRule("sixty-nine", N_("Sixty-nine"),
                 N_("A 6 and a 9 one on the other, either order."),
                 ("6H 9C", "9D 6S"), ("6H 8C",), _sixty_nine),
        SlapRule("flush", N_("Flush"),
                 N_("Three cards of the same suit in a row."),
                 ("2H 8H KH",), ("2H 8H KD",), _flush),
        SlapRule("colour", N_("Colour"),
                 N_("Four cards of the same colour in a row."),
                 ("2H 8D KH 5D",), ("2H 8D KH 5S",), _colour),
        SlapRule("same-as-first", N_("Same as first"),
                 N_("The top card matches the card that started the pile (by rank, and by "
                    "colour or suit if the option says so)."),
                 ("3H 8C 5S 10D 3D",), ("3H 8C 5S 10D 4D",), _same_as_first),
        SlapRule("counting", N_("Counting"),
                 # i18n: A = 1: an Ace counts one.
                 N_("While answering a challenge, your n-th card has the value n (A = 1, "
                    "so a 2 as your second card)."),
                 ("KS 5H 2C",), ("KS 5H 3C",), _counting, needs_challenge=True),
        SlapRule("joker", N_("Joker"),
                 N_("A joker on top of the pile."),
                 ("5H RJ",), ("RJ 5H",), _joker),
        SlapRule("red-joker", N_("Red joker"),
                 # i18n: joker_split is the option's name, as typed: not translated.
                 N_("The red joker on top of the pile (an instant slap, when red and black "
                    "jokers differ: option joker_split)."),
                 ("5H RJ",), ("5H BJ", "RJ 5H"), _red_joker),
        SlapRule("unlucky-13", N_("Unlucky 13"),
                 # i18n: A, J, Q, K: Ace, Jack, Queen, King (the cards' codes).
                 N_("The top two cards add up to 13 (A = 1, J = 11, Q = 12, K = 13), or a 3 "
                    "is laid on an ace (1 then 3)."),
                 ("4H 9C", "6D 7S", "9H 2S 8C 5D", "AD 3C"), ("5H 9C", "3C AD", "RJ KS"),
                 _unlucky_13),
        SlapRule("lucky-7", N_("Lucky 7"),
                 N_("A 7 on top of the pile."),
                 ("7H", "KS 2D 7C"), ("7H 2C",), _lucky_7),
        SlapRule("embers", N_("Embers"),
                 N_("A player lays a card of the same rank as the card they laid before it in "
                    "this pile."),
                 ("8S 10H 4D 8C",), ("8S 10H 4D 9C", "8S 8H 4D 2C"), _embers, seats=3),
    )
}

CLASSIC_SLAPS: tuple[SlapName, ...] = ("double", "sandwich")


def find_match(
    live: Sequence[Card], rules: Sequence[SlapRule], ctx: PileContext
) -> tuple[SlapRule, Positions] | None:
    """The first rule (in the given order) that the pile meets, and its cards."""
    for rule in rules:
        found = rule.check(live, ctx)
        if found is not None:
            return rule, found
    return None
