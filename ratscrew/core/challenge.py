"""The challenge: a face card's chances, who answers them, and the won pile waiting for its winner.

A challenging card (J/Q/K/A in the classic game: :func:`challenge_table`) gives the next player
a number of chances to lay one in turn; if they do not, the challenger wins the pile. Under
``collect`` = ``claim`` or ``auto`` a won pile then waits to be collected (its last card may
still be slapped): the :attr:`Challenge.claimant`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ratscrew.core.cards import RANK_CODES, Card
from ratscrew.core.options import Rules

COLLECT_PAUSE_MS = 1000
"""Under ``collect`` = ``auto``: how long (game ms) a won pile waits for a slap at its last
card before the table hands it to its winner."""


def challenge_table(rules: Rules, deck: Iterable[Card]) -> dict[Card, int]:
    """Chances each card of the deck gives (cards that do not challenge are left out). With
    ``joker_split`` the black joker gives 13 and the red joker none (it is slapped)."""
    by_key = dict(rules.challenge)
    if rules.joker_split:
        by_key.pop("RJ", None)
        by_key["BJ"] = 13
    table: dict[Card, int] = {}
    for c in deck:
        key = RANK_CODES.get(c.rank, c.code)
        if key in by_key:
            table[c] = by_key[key]
    return table


class Challenge:
    """The challenge under way (if any) and the claim on a won pile (if any)."""

    __slots__ = (
        "card",
        "chain",
        "challenger",
        "chances",
        "claim_cause",
        "claim_how",
        "claim_leader",
        "claimant",
        "collect_at",
        "failed",
        "longest",
        "paid",
        "table",
    )

    def __init__(self, table: dict[Card, int]) -> None:
        self.table = table
        """Chances each challenging card of the game gives (:func:`challenge_table`)."""
        self.challenger = -1
        """Who laid the challenging card being answered (-1: no challenge)."""
        self.card: Card | None = None
        """The last challenging card laid."""
        self.chances = 0
        """Chances the answering player has left."""
        self.paid = 0
        """Cards the answering player has laid so far."""
        self.failed = -1
        """Who failed the last challenge won (-1: nobody, or not yet)."""
        self.chain = 0
        """Cards laid in the current chain of challenges (each answering card counts)."""
        self.longest = 0
        """The longest chain of the game so far."""
        self.claimant = -1
        """Who has won the pile and has yet to collect it (-1: nobody)."""
        self.collect_at = -1
        """Under ``collect`` = ``auto``: the game time at which the won pile goes to
        :attr:`claimant` by itself (-1: not by itself)."""
        self.claim_how = "challenge"
        """How the claimed pile was won, as :class:`~ratscrew.core.events.PileTaken` says it."""
        self.claim_cause = ""
        self.claim_leader = -1
        """Who leads once the claimed pile is collected (-1: its winner)."""

    def claim(self, seat: int, how: str, leader: int, cause: str, collect_at: int) -> None:
        """The pile is ``seat``'s, to collect (or, ``collect_at`` >= 0, to be handed over)."""
        self.claimant = seat
        self.collect_at = collect_at
        self.claim_how = how
        self.claim_cause = cause
        self.claim_leader = leader

    def end(self) -> None:
        """No challenge and no claim any more (the pile went, or an effect ended them)."""
        self.challenger = -1
        self.chances = 0
        self.paid = 0
        self.claimant = -1
        self.collect_at = -1
