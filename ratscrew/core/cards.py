"""Cards and decks.

A card is an immutable value with a short code: rank ``2``..``10``, ``J``, ``Q``, ``K``, ``A``
followed by a suit ``S``, ``H``, ``D``, ``C`` (``10H``, ``QS``, ``AD``); jokers are ``RJ`` and
``BJ``. Every code maps to one shared :class:`Card` object, so equality is identity and
multi-deck games simply hold the same object more than once.

The 78-card Tarot deck (K.U.R.S.) has its own codes, none of which a standard card uses:

* the Minor Arcana: rank ``A``, ``2``..``10``, ``P`` (Page), ``N`` (Knight), ``Q``, ``K``
  followed by a two-letter suit ``WA`` (Wands), ``CU`` (Cups), ``SW`` (Swords), ``PE``
  (Pentacles): ``QCU`` is the Queen of Cups, ``10SW`` the Ten of Swords, ``NPE`` the Knight of
  Pentacles;
* the Major Arcana: ``M`` and the card's number in the K.U.R.S. list, ``M1`` (The Fool) to
  ``M22`` (The World). The Roman numeral printed on the card is :attr:`Card.numeral`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ratscrew.core.rng import Rng
from ratscrew.i18n import N_, t

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
PAGE, KNIGHT = 15, 16
"""The Tarot's extra court cards (Queen, King and Ace share the standard ranks)."""
JOKER = 0
"""Rank of both jokers: they are neither number cards nor face cards."""
ARCANA_RANK = 100
"""Major Arcana number n has rank ``ARCANA_RANK + 2 * n``: no two differ by one, so they never
make a run, and none is a number or a face."""

RANK_CODES: dict[int, str] = {
    **{n: str(n) for n in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
    PAGE: "P",
    KNIGHT: "N",
}
RANK_NAMES: dict[int, str] = {
    **{n: str(n) for n in range(2, 11)},
    # i18n: The ranks' names, as a card's name says them ("{rank} of {suit}").
    JACK: N_("Jack"),
    QUEEN: N_("Queen"),
    KING: N_("King"),
    ACE: N_("Ace"),
    JOKER: N_("Joker"),
    # i18n: The Tarot's court cards (Page, Knight), below its Queen and King.
    PAGE: N_("Page"),
    KNIGHT: N_("Knight"),
}
"""Each rank's name: the number cards' numbers, the others' names (message ids: say them with
``t(name)``)."""
SUITS = ("S", "H", "D", "C")
TAROT_SUITS = ("WA", "CU", "SW", "PE")
SUIT_NAMES = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs"),
              "WA": N_("Wands"), "CU": N_("Cups"), "SW": N_("Swords"), "PE": N_("Pentacles")}
"""Each suit's name (a message id: ``t(name)``)."""
RED_SUITS = frozenset({"H", "D", "CU", "PE"})
"""Cups and Pentacles count as red, Wands and Swords as black (as Hearts/Diamonds and
Clubs/Spades, their usual counterparts), for the rules that look at colour."""
SUITED = frozenset(SUITS + TAROT_SUITS)
"""Suits of cards that belong to a suit (not jokers, not the Major Arcana)."""
ARCANA = "M"
"""The "suit" of the Major Arcana."""
TAROT_RANKS = (ACE, *range(2, 11), PAGE, KNIGHT, QUEEN, KING)
ARCANA_NAMES = (
    # i18n: The Major Arcana of the Tarot: use the names the language's Tarot decks print.
    N_("The Fool"), N_("The Magician"), N_("The High Priestess"), N_("The Empress"),
    N_("The Emperor"), N_("The Hierophant"), N_("The Lovers"), N_("Strength"),
    N_("The Chariot"), N_("The Hermit"), N_("Justice"), N_("The Hanged Man"), N_("Death"),
    N_("Temperance"), N_("The Devil"), N_("Wheel of Fortune"), N_("The Tower"),
    N_("The Star"), N_("The Moon"), N_("The Sun"), N_("Judgement"), N_("The World"),
)
"""The Major Arcana in the K.U.R.S. list's order: ``ARCANA_NAMES[n - 1]`` is card n (message
ids: ``t(name)``)."""
ARCANA_NUMERALS = (
    "0", "I", "II", "III", "IV", "V", "VI", "VIII", "VII", "IX", "XI", "XII", "XIII", "XIV",
    "XV", "X", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)
"""The Roman numeral printed on each (Rider-Waite numbering; the Fool is 0). The K.U.R.S.
list orders the cards its own way: Strength is its 8th and the Wheel of Fortune its 16th."""


class CardError(ValueError):
    """A card code that does not name a card."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. Compare cards with ``==`` (identity: codes are interned)."""

    code: str
    rank: int
    suit: str
    """``S``, ``H``, ``D``, ``C``; ``WA``, ``CU``, ``SW``, ``PE`` for Tarot suits; ``R`` or
    ``B`` for the red and black joker; ``M`` for the Major Arcana."""
    red: bool = field(repr=False)
    face: bool = field(default=False, repr=False)
    value: int = field(default=0, repr=False)
    """Counting value: A = 1, number cards their number, J/Q/K 11/12/13 (Tarot P/N/Q/K
    11/12/13/14); jokers and the Major Arcana 0."""
    seq: int = field(default=0, repr=False)
    """Place in a run: 2..10, then the court cards, then the ace (which may also come
    before 2); 0 for jokers, far apart for the Major Arcana."""
    arcana: int = field(default=0, repr=False)
    """For the Major Arcana, the card's number in the K.U.R.S. list (1..22); otherwise 0."""

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_face(self) -> bool:
        """The cards that challenge by default: Jack, Queen, King or Ace (Tarot: Page,
        Knight, Queen or King; its aces are number cards)."""
        return self.face

    @property
    def is_arcana(self) -> bool:
        return self.arcana > 0

    @property
    def numeral(self) -> str:
        """The Roman numeral printed on a Major Arcana card ("" for other cards)."""
        return ARCANA_NUMERALS[self.arcana - 1] if self.arcana else ""

    @property
    def name(self) -> str:
        """The card's name in the language in use: "Queen of Hearts", "Red Joker", "The
        Fool"."""
        if self.rank == JOKER:
            return t("Red Joker") if self.red else t("Black Joker")
        if self.arcana:
            return t(ARCANA_NAMES[self.arcana - 1])
        rank = RANK_NAMES[self.rank]
        # i18n: A card's name: {rank} is a rank's name (Queen) or a number (10), {suit} a
        # suit's name (Hearts, Cups).
        return t("{rank} of {suit}", rank=t(rank) if self.rank > 10 else rank,
                 suit=t(SUIT_NAMES[self.suit]))

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"card({self.code!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card, (self.code,))


def _build_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for suit in SUITS:
        for rank in range(2, ACE + 1):
            code = RANK_CODES[rank] + suit
            value = 1 if rank == ACE else rank
            cards[code] = Card(code, rank, suit, suit in RED_SUITS, rank >= JACK, value, rank)
    cards["RJ"] = Card("RJ", JOKER, "R", True)
    cards["BJ"] = Card("BJ", JOKER, "B", False)
    for suit in TAROT_SUITS:
        for place, rank in enumerate(TAROT_RANKS, start=1):
            code = RANK_CODES[rank] + suit
            seq = 15 if rank == ACE else place
            cards[code] = Card(code, rank, suit, suit in RED_SUITS, place > 10, place, seq)
    for n in range(1, len(ARCANA_NAMES) + 1):
        rank = ARCANA_RANK + 2 * n
        cards[f"M{n}"] = Card(f"M{n}", rank, ARCANA, False, seq=rank, arcana=n)
    return cards


CARDS: dict[str, Card] = _build_cards()
STANDARD_DECK: tuple[Card, ...] = tuple(c for c in CARDS.values() if c.suit in SUITS)
JOKERS: tuple[Card, ...] = (CARDS["RJ"], CARDS["BJ"])
TAROT_DECK: tuple[Card, ...] = tuple(
    c for c in CARDS.values() if c.suit in TAROT_SUITS or c.is_arcana
)
"""The 78 Tarot cards: 56 Minor Arcana (Wands, Cups, Swords, Pentacles) and 22 Major."""


def card(code: str) -> Card:
    """The card for a code such as ``10H`` or ``qs`` (case-insensitive; ``T`` means 10)."""
    if not isinstance(code, str):  # e.g. a number from a hand-edited JSON record
        # i18n: {code} is what was given, quoted; 10H and QS are card codes.
        raise CardError(t("{code} is not a card code: card codes are text such as 10H or QS",
                          code=repr(code)))
    text = code.strip().upper()
    if text[:1] == "T" and text[1:] in SUITED:
        text = "10" + text[1:]
    found = CARDS.get(text)
    if found is None:
        # i18n: {code} is what was typed, quoted. The codes (2-10, J, Q, K, A; S, H, D, C;
        # RJ, BJ; P, N; WA, CU, SW, PE; M1 to M22) are typed as they are: not translated.
        raise CardError(t(
            "{code} is not a card code: use a rank 2-10, J, Q, K, A and a suit S, H, D, C "
            "(for example 10H, QS), or RJ / BJ for the jokers; Tarot cards are a rank A, 2-10, "
            "P, N, Q, K and a suit WA, CU, SW, PE (QCU, 10SW), or M1 to M22 for the Major Arcana",
            code=repr(code)))
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
