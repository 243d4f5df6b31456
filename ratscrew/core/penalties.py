"""What a wrong slap costs, and who is still paying for one.

A player with cards pays the rules' ``penalty`` (cards burned, a lockout from slapping, turns
missed, or nothing); a player without cards the ``cardless_penalty`` (strikes that bar them
from slapping back in, barred at once, nothing, or their hand burned until the pile is next
taken). :class:`Penalties` keeps each seat's account; the engine applies what it returns.
"""

from __future__ import annotations

from collections import deque

from ratscrew.core.cards import Card
from ratscrew.core.events import NO_REASON, Reason, WrongSlap
from ratscrew.core.options import Rules
from ratscrew.core.pile import Pile
from ratscrew.i18n import msg, msg_n


class Penalties:
    """Each seat's standing after wrong slaps."""

    __slots__ = (
        "_rules",
        "any_barred",
        "barred",
        "hand_burned",
        "locked",
        "lockout",
        "skipping",
        "skips",
        "strikes",
    )

    def __init__(self, players: int, rules: Rules) -> None:
        self._rules = rules
        self.lockout = [0] * players
        """Flips each seat must still wait before slapping (``penalty`` = ``lockout``)."""
        self.locked = 0
        """How many seats are locked out (the flips count down only when some are)."""
        self.strikes = [0] * players
        """Wrong slaps each seat made with no cards (``cardless_penalty`` = ``strikes``)."""
        self.barred = [False] * players
        """Seats that may not slap back in this game."""
        self.any_barred = False
        """Whether anyone has been barred."""
        self.skips = [0] * players
        """Turns each seat must miss (``penalty`` = ``miss-turn``)."""
        self.skipping = False
        """Whether anyone owes missed turns."""
        self.hand_burned = [False] * players
        """Cardless wrong slappers who burned their hand: no slapping until the pile is next
        taken (``cardless_penalty`` = ``burn``)."""

    def refused(self, seat: int) -> Reason:
        """Why ``seat`` may not slap now, or "" (barred seats aside: see the engine)."""
        if self.hand_burned[seat]:
            return msg("their hand is burned under the pile until the pile is next taken")
        flips = self.lockout[seat]
        if flips:
            return msg_n("locked out for {n} more flip", "locked out for {n} more flips", flips,
                         n=flips)
        return NO_REASON

    def tick(self) -> None:
        """A card was flipped in turn: lockouts count down."""
        lockout = self.lockout
        for s in range(len(lockout)):
            if lockout[s]:
                lockout[s] -= 1
                if not lockout[s]:
                    self.locked -= 1

    def pile_taken(self) -> None:
        """"Once the pile is awarded" burned hands may slap again."""
        if True in self.hand_burned:
            self.hand_burned = [False] * len(self.hand_burned)

    def wrong_slap(self, seat: int, hand: deque[Card], pile: Pile, t: int, reason: Reason,
                   flip: bool) -> WrongSlap:
        """``seat``, holding ``hand``, pays for a wrong slap (``flip``: for a card put down out
        of turn) at ``t``: what it cost them. Burned cards go from ``hand`` to ``pile``."""
        rules = self._rules
        if not hand:
            cardless = rules.cardless_penalty
            if cardless == "none":
                return WrongSlap(t, seat, "none", reason=reason)
            if cardless == "burn":
                self.hand_burned[seat] = True
                return WrongSlap(t, seat, "burn", reason=reason)
            self.strikes[seat] += 1
            strikes = self.strikes[seat]
            if cardless == "barred" or strikes >= rules.strikes:
                self.barred[seat] = self.any_barred = True
                return WrongSlap(t, seat, "barred", strikes=strikes, reason=reason)
            return WrongSlap(t, seat, "strike", strikes=strikes, reason=reason)
        count = rules.penalty_count
        if rules.penalty == "cards":
            burned = tuple(hand.popleft() for _ in range(min(count, len(hand))))
            pile.burn(burned, rules.penalty_place == "bottom")
            return WrongSlap(t, seat, "cards", burned, rules.penalty_place, reason=reason,
                             flip=flip)
        if rules.penalty == "lockout":
            if not self.lockout[seat]:
                self.locked += 1
            self.lockout[seat] = count
            return WrongSlap(t, seat, "lockout", flips=count, reason=reason, flip=flip)
        if rules.penalty == "miss-turn":
            self.skips[seat] = count
            self.skipping = True
            return WrongSlap(t, seat, "miss-turn", flips=count, reason=reason, flip=flip)
        return WrongSlap(t, seat, "none", reason=reason, flip=flip)
