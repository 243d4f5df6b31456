"""The Beggar-My-Neighbour lab's deals, browser-free: famous deals, random deals, and the real
cards that play a deal written as payment values on the table.

A deal in Mann's notation only says which cards pay (``-`` for a number card, ``J Q K A``);
to watch it on the table each hand needs real cards. Any number cards will do (only payment
matters), so they are dealt from one pack in order, 2 to 10 with the suits in turn, and so are
the pay cards: the game on the table is the analysed game, card for card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratscrew.core.rng import Rng, seed_from_text
from ratscrew.i18n import N_, t, tn
from ratscrew.tools.bmn import BmnError, format_hand, parse_hand

MAX_HAND_CHARS = 200
"""The longest hand read (a whole pack written in full ranks with suits is about 80)."""
SUITS = "SHDC"
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
PAY_RANKS = ("J", "Q", "K", "A")


@dataclass(frozen=True, slots=True)
class FamousDeal:
    name: str
    """What the deal is known for (a message id: ``t(deal.name)``)."""
    hands: tuple[str, str]
    """Player 1's and player 2's hands in Mann's notation, top card first."""


FAMOUS = (
    # i18n: Famous deals of Beggar-My-Neighbour, by what they are known for.
    FamousDeal(N_("A short game (85 cards)"),
               ("-----A--KQ--J--J--KKA-K---", "---J---QJA---------AQ----Q")),
    FamousDeal(N_("A long game (584 cards)"),
               ("JQ-K---A-----A----Q--KK-A-", "----JJ-QQ--A--------K--J--")),
    FamousDeal(N_("A whole pack that never ends"),
               ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")),
    FamousDeal(N_("The smallest loop (six cards)"), ("J--", "-J-")),
)
"""The worked examples of docs/rules.md, one click away in the lab."""


def read_hand(text: str, hand: int) -> tuple[int, ...]:
    """A hand typed in the lab (Mann's notation or full ranks), as payment values; a
    :class:`~ratscrew.tools.bmn.BmnError` says what is wrong and where."""
    if len(text) > MAX_HAND_CHARS:
        # i18n: {hand}: 1 or 2.
        raise BmnError(tn("hand {hand} is longer than {n} character",
                          "hand {hand} is longer than {n} characters", MAX_HAND_CHARS,
                          hand=hand, n=MAX_HAND_CHARS))
    return parse_hand(text, hand)


def card_codes(p1: Sequence[int], p2: Sequence[int]) -> list[list[str]]:
    """Real cards from one pack for two hands of payment values (0 for a number card, 1-4
    for J, Q, K, A), top card first, as the engine's card codes."""
    pay = {value: [f"{rank}{suit}" for suit in SUITS] for value, rank in
           enumerate(PAY_RANKS, 1)}
    numbers = [f"{rank}{suit}" for rank in NUMBERS for suit in SUITS]
    hands: list[list[str]] = []
    for values in (p1, p2):
        hand = []
        for value in values:
            stock = pay[value] if value else numbers
            if not stock:
                if not value:
                    raise BmnError(t("the deal has more than {n} number cards: it is not one "
                                     "pack", n=36))
                # i18n: {rank} is a pay card's letter as typed (J, Q, K or A): "more than 4
                # Js" (Jacks).
                raise BmnError(t("the deal has more than {n} {rank}s: it is not one pack",
                                 n=4, rank=PAY_RANKS[value - 1]))
            hand.append(stock.pop(0))
        hands.append(hand)
    return hands


def random_deal(seed: str) -> tuple[str, str]:
    """A whole shuffled pack dealt in two, in Mann's notation (the same seed, the same deal)."""
    values = [0] * 36 + [v for v in range(1, 5) for _ in range(4)]
    rng = Rng(seed_from_text(seed)).fork("bmn-lab")
    for i in range(len(values) - 1, 0, -1):  # Fisher-Yates on the game's own generator
        j = rng.next_u64() % (i + 1)
        values[i], values[j] = values[j], values[i]
    return format_hand(values[:26]), format_hand(values[26:])
