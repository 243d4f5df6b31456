"""The pile in the centre of the table: its cards, how each lies, and what the slap rules see.

The cards are a list with the bottom card first. Each card lies one of four ways
(:data:`Lie`): played in turn, burned under the pile for a wrong slap, dead, or covered before
anyone saw it; only live cards make slap patterns. The pile is also the slap rules'
:class:`~ratscrew.core.slaps.PileContext`, and it keeps which rule, if any, its top meets now.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, Literal, overload

from ratscrew.core.cards import Card
from ratscrew.core.options import SameAsFirst
from ratscrew.core.slaps import Positions, SlapRule

Lie = Literal["live", "penalty", "dead", "covered"]
"""How a card lies in the pile."""

LIVE: Final = "live"
PENALTY: Final = "penalty"
DEAD: Final = "dead"
COVERED: Final = "covered"
"""How a card lies in the pile: played in turn, burned for a wrong slap, dead, or covered
before anyone saw it (K.U.R.S.' Tower: the cards under the one shown); only live cards make
slap patterns."""

class Pile(Sequence[Card]):
    """The pile's cards (bottom first, as a sequence), and what the slap rules look at."""

    __slots__ = (
        "_checks",
        "_track_seats",
        "cards",
        "counting_n",
        "kinds",
        "live",
        "live_seats",
        "match",
        "run_wrap",
        "same_as_first_match",
        "top_dead",
        "top_seat",
    )

    def __init__(self, slap_rules: Sequence[SlapRule], run_wrap: bool = False,
                 same_as_first_match: SameAsFirst = "colour") -> None:
        self.cards: list[Card] = []
        self.kinds: list[Lie] = []
        """How each card lies, in the same order as :attr:`cards`."""
        self.live: list[Card] = []
        """The live cards, bottom first: what slap rules look at."""
        self.live_seats: list[int] = []
        """Who laid each live card (kept only when a slap rule in play looks at it)."""
        self.top_dead = False
        """Whether the top card is dead (burned on top, or played out of turn): no slap then."""
        self.top_seat = -1
        """Who laid the top card (-1: nobody yet)."""
        self.match: tuple[SlapRule, Positions] | None = None
        """The slap rule the live cards meet now, and the positions of its pattern."""
        self.counting_n = 0
        """If the top card is the n-th card laid by a challenged player, n; otherwise 0."""
        self.run_wrap = run_wrap
        self.same_as_first_match = same_as_first_match
        self._checks = tuple(
            (rule, rule.same_rank_gap, tuple(range(-1 - rule.same_rank_gap, 0)), rule.check)
            for rule in slap_rules
        )
        """Each slap rule as :meth:`rematch` tries it: the rule, its same-rank gap (0: call
        its check), the positions such a gap names, and its check."""
        self._track_seats = any(rule.seats for rule in slap_rules)

    # -- a sequence of cards ----------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.cards)

    @overload
    def __getitem__(self, i: int) -> Card: ...

    @overload
    def __getitem__(self, i: slice) -> list[Card]: ...

    def __getitem__(self, i: int | slice) -> Card | list[Card]:
        return self.cards[i]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __repr__(self) -> str:
        return f"Pile({' '.join(c.code for c in self.cards)})"

    # -- what the slap rules see (PileContext) ------------------------------------------------

    @property
    def under(self) -> Card | None:
        """The card at the very bottom when it is not a live card (burned, dead), else None."""
        if self.cards and self.kinds[0] != LIVE:
            return self.cards[0]
        return None

    @property
    def slappable(self) -> bool:
        """Whether a slap now would take the pile."""
        return self.match is not None and not self.top_dead

    def rematch(self) -> None:
        """Look at the live cards again: which slap rule, if any, the top of the pile meets."""
        live = self.live
        if not self._checks or not live:
            self.match = None
            return
        size = len(live)
        rank = live[-1].rank
        found = None
        for rule, gap, gap_positions, check in self._checks:
            if gap:
                if size > gap and live[-1 - gap].rank == rank:
                    found = (rule, gap_positions)
                    break
            else:
                positions = check(live, self)
                if positions is not None:
                    found = (rule, positions)
                    break
        self.match = found

    def match_cards(self) -> tuple[Card, ...]:
        """The cards of the slap pattern the pile meets now (bottom first; () for none)."""
        if self.match is None:
            return ()
        rule, positions = self.match
        live = self.live
        cards = tuple(live[p] for p in positions)
        under = self.under if rule.bottom else None
        return cards if under is None else (under, *cards)

    # -- laying and taking cards ----------------------------------------------------------------

    def lay(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card`` face up where slaps can see it (the match is the caller's to
        look at again: :meth:`rematch`)."""
        self.cards.append(card)
        self.kinds.append(LIVE)
        self.live.append(card)
        if self._track_seats:
            self.live_seats.append(seat)
        self.top_dead = False
        self.top_seat = seat

    def cover(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card`` where nobody sees it (under a card laid next): no slap
        pattern uses it."""
        self.cards.append(card)
        self.kinds.append(COVERED)
        self.top_seat = seat

    def burn(self, cards: Sequence[Card], bottom: bool) -> None:
        """Cards burned for a wrong slap: face up under the pile (``bottom``; a rule may read
        the pile's very bottom card), or on top as dead cards."""
        if bottom:
            for c in cards:
                self.cards.insert(0, c)
                self.kinds.insert(0, PENALTY)
            if self._checks:
                self.rematch()
        else:
            self.cards.extend(cards)
            self.kinds.extend([DEAD] * len(cards))
            self.top_dead = True

    def lay_dead(self, card: Card) -> None:
        """A card played out of turn, as a dead card that no slap can use."""
        self.cards.append(card)
        self.kinds.append(DEAD)
        self.top_dead = True

    def remove(self, card: Card) -> None:
        """Take the topmost ``card`` off the pile (K.U.R.S.' Death and Judgement); a covered
        card it lay on shows now."""
        cards, kinds, live = self.cards, self.kinds, self.live
        i = len(cards) - 1 - cards[::-1].index(card)
        cards.pop(i)
        kinds.pop(i)
        if card in live:
            j = len(live) - 1 - live[::-1].index(card)
            live.pop(j)
            if j < len(self.live_seats):
                self.live_seats.pop(j)
        if i == len(cards) and cards and kinds[-1] == COVERED:
            kinds[-1] = LIVE
            live.append(cards[-1])
            if self._track_seats:
                self.live_seats.append(self.top_seat)
        self.rematch()

    def clear(self) -> list[Card]:
        """Every card off the pile, bottom first."""
        cards = list(self.cards)
        self.cards.clear()
        self.kinds.clear()
        self.live.clear()
        self.live_seats.clear()
        self.match = None
        self.top_dead = False
        self.counting_n = 0
        return cards
