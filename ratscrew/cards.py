"""Cards and decks.

A card is an immutable value with a short code: rank ``2``..``10``, ``J``, ``Q``, ``K``, ``A``
followed by a suit ``S``, ``H``, ``D``, ``C`` (``10H``, ``QS``, ``AD``); jokers are ``RJ`` and
``BJ``. Every code maps to one shared :class:`Card` object, so equality is identity and
multi-deck games simply hold the same object more than once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .rng import Rng

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
JOKER = 0
"""Rank of both jokers: they are neither number cards nor face cards."""

RANK_CODES: dict[int, str] = {
    **{n: str(n) for n in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
RANK_NAMES: dict[int, str] = {
    **{n: str(n) for n in range(2, 11)},
    JACK: "Jack",
    QUEEN: "Queen",
    KING: "King",
    ACE: "Ace",
    JOKER: "Joker",
}
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RED_SUITS = frozenset({"H", "D"})


class CardError(ValueError):
    """A card code that does not name a card."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. Compare cards with ``==`` (identity: codes are interned)."""

    code: str
    rank: int
    suit: str
    """``S``, ``H``, ``D``, ``C``; ``R`` or ``B`` for the red and black joker."""
    red: bool = field(repr=False)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_face(self) -> bool:
        """Jack, Queen, King or Ace: the cards that challenge in classic rules."""
        return self.rank >= JACK

    @property
    def name(self) -> str:
        if self.rank == JOKER:
            return "Red Joker" if self.red else "Black Joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def value(self) -> int:
        """Counting value: A = 1, number cards their number, J/Q/K 11/12/13, jokers 0."""
        return 1 if self.rank == ACE else self.rank

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.code,))


def _build_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for suit in SUITS:
        for rank, rank_code in RANK_CODES.items():
            code = rank_code + suit
            cards[code] = Card(code, rank, suit, suit in RED_SUITS)
    cards["RJ"] = Card("RJ", JOKER, "R", True)
    cards["BJ"] = Card("BJ", JOKER, "B", False)
    return cards


CARDS: dict[str, Card] = _build_cards()
STANDARD_DECK: tuple[Card, ...] = tuple(c for c in CARDS.values() if not c.is_joker)
JOKERS: tuple[Card, ...] = (CARDS["RJ"], CARDS["BJ"])


def card(code: str) -> Card:
    """The card for a code such as ``10H`` or ``qs`` (case-insensitive; ``T`` means 10)."""
    if not isinstance(code, str):  # e.g. a number from a hand-edited JSON record
        raise CardError(f"{code!r} is not a card code: card codes are text such as 10H or QS")
    text = code.strip().upper()
    if len(text) == 2 and text[0] == "T":
        text = "10" + text[1]
    found = CARDS.get(text)
    if found is None:
        raise CardError(
            f"{code!r} is not a card code: use a rank 2-10, J, Q, K, A and a suit S, H, D, C "
            "(for example 10H, QS), or RJ / BJ for the jokers"
        )
    return found


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from codes separated by spaces or commas, or from an iterable of codes."""
    if isinstance(codes, str):
        codes = codes.replace(",", " ").split()
    return [card(c) for c in codes]


def codes(seq: Iterable[Card]) -> str:
    """The codes of some cards, separated by spaces (the inverse of :func:`cards`)."""
    return " ".join(c.code for c in seq)


def build_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """Cards in a fixed order: ``decks`` standard packs plus ``jokers`` jokers (red, black, ...)."""
    if decks < 0 or jokers < 0 or decks + jokers == 0:
        raise ValueError("a deck needs at least one pack or one joker")
    deck = list(STANDARD_DECK) * decks
    deck.extend(JOKERS[i % 2] for i in range(jokers))
    return deck


def deal(
    deck: Sequence[Card], players: int, rng: Rng | None, dealer: int, direction: int = 1
) -> list[list[Card]]:
    """Shuffle (unless ``rng`` is None) and deal every card, one at a time.

    The first card goes to the player after the dealer in the direction of play, so when the
    cards do not divide evenly the extra ones go to the players after the dealer, in turn.
    Each hand is listed top card first; the first card a player receives is their top card.
    """
    if players < 1:
        raise ValueError("at least one player is needed to deal")
    if direction not in (1, -1):
        raise ValueError("direction is 1 (clockwise) or -1 (counter-clockwise)")
    order = list(deck)
    if rng is not None:
        rng.shuffle(order)
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = dealer
    for c in order:
        seat = (seat + direction) % players
        hands[seat].append(c)
    return hands
