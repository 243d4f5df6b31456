"""Beggar-My-Neighbour: the same challenges, no slaps, and a player out of cards is out.

Its rule text (004) speaks of pay cards, paying and debts, not of challenges and chances: its
events say the engine's flips, won challenges, taken piles and players out in those words
(:attr:`~ratscrew.core.variant.Variant.events`). The rule text's example, "A plays a queen;
B plays a six and then a jack; A plays an ace; B plays 3, 7, king; A plays 10, 4, 6. The king
has been paid for so B takes the centre pile", is told "A turns up QH: B owes 2 cards", "B
pays 6S (1 more card owed)", "B turns up JD while paying: the debt passes to A, who owes 1
card", ..., "A pays 6H: the debt is paid", "A has paid for B's KS in full: the pile is B's",
"B takes the pile (10 cards)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ratscrew.core.events import (
    ChallengeWon,
    Controls,
    Flipped,
    OutOfCards,
    PileTaken,
    seat_name,
)
from ratscrew.core.options import Rules
from ratscrew.core.variant import Variant, register
from ratscrew.i18n import N_, t, tn


@dataclass(slots=True, eq=False)
class TurnedUp(Flipped):
    """A card turned up: a pay card that a neighbour must pay for (``target`` owes
    ``chances`` cards; ``answers``: turned up while paying, it passes the debt on), a card
    paid (``left`` more owed), or an ordinary card in turn."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        if self.dead:
            return Flipped.explain(self, names, controls)
        who, card = seat_name(self.seat, names), self.card.code
        if self.target >= 0:
            n, target = self.chances, seat_name(self.target, names)
            if self.answers:
                # i18n: Beggar-My-Neighbour: {card} is a pay card's code (JD: the Jack of
                # Diamonds), turned up while paying a debt; {n} is how many cards {target} owes.
                return tn("{who} turns up {card} while paying: the debt passes to {target}, "
                          "who owes {n} card.",
                          "{who} turns up {card} while paying: the debt passes to {target}, "
                          "who owes {n} cards.",
                          n, who=who, card=card, target=target, n=n)
            return tn("{who} turns up {card}: {target} owes {n} card.",
                      "{who} turns up {card}: {target} owes {n} cards.",
                      n, who=who, card=card, target=target, n=n)
        if self.left > 0:
            return tn("{who} pays {card} ({n} more card owed).",
                      "{who} pays {card} ({n} more cards owed).",
                      self.left, who=who, card=card, n=self.left)
        if self.left == 0:
            return t("{who} pays {card}: the debt is paid.", who=who, card=card)
        return t("{who} turns up {card}.", who=who, card=card)


@dataclass(slots=True, eq=False)
class DebtSettled(ChallengeWon):
    """The debt for ``card`` is settled: ``failed`` paid it in full, or could pay no more
    (``owed`` cards short); ``seat``, who turned the pay card up, takes the pile."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who, card = seat_name(self.seat, names), self.card.code
        if self.failed < 0 or self.failed == self.seat:
            # i18n: Beggar-My-Neighbour: {card} is the pay card's code (KS: the King of Spades).
            return t("Nobody can pay for {who}'s {card}: the pile is {who}'s.", who=who,
                     card=card)
        payer = seat_name(self.failed, names)
        if self.owed:
            return tn("{payer} cannot pay the rest of the debt for {who}'s {card} ({n} card "
                      "short): the pile is {who}'s.",
                      "{payer} cannot pay the rest of the debt for {who}'s {card} ({n} cards "
                      "short): the pile is {who}'s.",
                      self.owed, payer=payer, who=who, card=card, n=self.owed)
        return t("{payer} has paid for {who}'s {card} in full: the pile is {who}'s.",
                 payer=payer, who=who, card=card)


@dataclass(slots=True, eq=False)
class PileCollected(PileTaken):
    """``seat`` takes the pile: the debt for their pay card is settled, or nobody else has a
    card to play or pay with (a house rule's slap is said as in the other games)."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who, n = seat_name(self.seat, names), self.count
        if self.how == "challenge" and not self.said:
            return tn("{who} takes the pile ({n} card).", "{who} takes the pile ({n} cards).",
                      n, who=who, n=n)
        if self.how == "default":
            return tn("Nobody else has cards to play or pay with: {who} takes the pile ({n} "
                      "card).",
                      "Nobody else has cards to play or pay with: {who} takes the pile ({n} "
                      "cards).",
                      n, who=who, n=n)
        return PileTaken.explain(self, names, controls)


@dataclass(slots=True, eq=False)
class OutOfCardsToPay(OutOfCards):
    """``seat`` must play or pay and has no card: out of the game."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        if self.eliminated:
            return t("{who} has no cards to play or pay and is out.",
                     who=seat_name(self.seat, names))
        return OutOfCards.explain(self, names, controls)


BEGGAR_MY_NEIGHBOUR = register(Variant(
    name="beggar-my-neighbour",
    title=N_("Beggar-My-Neighbour"),
    lesson="beggar.lesson.toml",
    summary=N_("No slaps and no skill: J/Q/K/A must be paid with 1/2/3/4 cards; whoever runs "
               "out of cards when they must play or pay is out. The last player with cards "
               "wins."),
    aliases=("bmn", "beggar", "strip-jack-naked"),
    rules=Rules(slaps=(), empty_hand="forfeit", collect="immediate"),
    slapping=False,
    events={Flipped: TurnedUp, ChallengeWon: DebtSettled, PileTaken: PileCollected,
            OutOfCards: OutOfCardsToPay},
    order=10,
))
