"""A game's state: where every card is, who is in, what the table shows.

:class:`GameState` holds what a :class:`~ratscrew.core.engine.Game` is made of (the hands, the
:class:`~ratscrew.core.pile.Pile`, the :class:`~ratscrew.core.challenge.Challenge`, the
:class:`~ratscrew.core.penalties.Penalties`, a variant's own piles and state), answers every
question about it, and offers the services that only move cards or say things (the parts of
:class:`~ratscrew.core.table.VariantTable` that apply no rule). The rules of play, what
actions do, are the engine's: :class:`~ratscrew.core.engine.Game` is a ``GameState``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ratscrew.core.actions import ActionError
from ratscrew.core.cards import Card, deal
from ratscrew.core.challenge import Challenge, challenge_table
from ratscrew.core.events import (
    Asked,
    BackIn,
    ChallengeWon,
    Event,
    Flipped,
    GameOver,
    Ignored,
    OutOfCards,
    PileTaken,
    Reason,
)
from ratscrew.core.options import Rules
from ratscrew.core.penalties import Penalties
from ratscrew.core.pile import Pile
from ratscrew.core.rng import Rng
from ratscrew.core.slaps import SLAP_RULES, SlapRule
from ratscrew.core.table import Decision, Phase
from ratscrew.core.variant import Variant, find_variant
from ratscrew.i18n import Text, msg

S = TypeVar("S")
E = TypeVar("E", bound=Event)

Status = Literal["win", "loop", "capped"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``win`` (``winner`` holds every card), ``loop`` or ``capped``."""

    status: Status
    winner: int | None
    cards_played: int
    tricks: int


@dataclass(slots=True)
class SeatStats:
    slaps_right: int = 0
    slaps_wrong: int = 0
    piles_won: int = 0
    cards_won: int = 0

    def to_dict(self) -> dict[str, int]:
        return {
            "slaps_right": self.slaps_right,
            "slaps_wrong": self.slaps_wrong,
            "piles_won": self.piles_won,
            "cards_won": self.cards_won,
        }


def deal_hands(variant: Variant, rules: Rules, players: int, seed: int | None,
               hands: Sequence[Sequence[Card]] | None) -> list[list[Card]]:
    """The hands a game starts with: those given, or dealt from the seed."""
    direction = 1 if rules.clockwise else -1
    dealer = rules.dealer if rules.dealer >= 0 else (-direction) % players
    if dealer >= players:
        raise ValueError(f"dealer seat {dealer} does not exist with {players} players")
    if hands is not None:
        if len(hands) != players:
            raise ValueError(f"{len(hands)} hands given for {players} players")
        return [list(h) for h in hands]
    if seed is None:
        raise ValueError("a game needs a seed to deal from, or the hands")
    return deal(variant.deck(rules), players, Rng(seed).fork("deal"), dealer, direction)


class GameState:
    """Everything a game holds, and every question about it (see the module's docstring)."""

    __slots__ = (
        "_after", "_alone_wins", "_auto", "_challenge_won_event", "_flipped", "_forfeit",
        "_keep", "_new", "_out_of_cards", "_pile_taken", "_seen", "cards_played", "challenge",
        "detect_loops", "dir", "events", "from_hands", "hands", "history", "initial_hands",
        "last_take_t", "last_taker", "n", "names", "out", "outcome", "penalties", "pending",
        "phase", "pile", "pile_causes", "play_on", "play_on_left", "removed", "rules", "seed",
        "side_piles", "slap_rules", "slapping", "state", "stats", "t", "table_rng", "total",
        "tricks", "turn", "variant",
    )

    def __init__(
        self,
        variant: Variant | str = "classic",
        players: int = 2,
        *,
        seed: int | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        options: dict[str, Any] | None = None,
        names: Sequence[str] | None = None,
        keep_events: bool = True,
    ) -> None:
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        self.rules = rules = self.variant.rules_for(players, options)
        self.n = players
        self.seed = seed
        self.names: tuple[str, ...] = tuple(names) if names else ()
        self.dir = 1 if rules.clockwise else -1
        dealt = deal_hands(self.variant, rules, players, seed, hands)
        self.from_hands = hands is not None
        """Whether the hands were given (a seed, if any, then only drives the table's dice)."""
        self.hands: list[deque[Card]] = [deque(h) for h in dealt]
        self.total = sum(len(h) for h in dealt)
        if self.total == 0:
            raise ValueError("there are no cards to play with")
        self.initial_hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in dealt)
        slaps = rules.slaps
        if rules.joker_split and "red-joker" not in slaps:
            slaps = ("red-joker", *slaps)  # 004: "the red joker is an instant snap"
        self.slap_rules: tuple[SlapRule, ...] = tuple(SLAP_RULES[name] for name in slaps)
        """The slap rules in play, in the order they are checked."""
        self.pile = Pile(self.slap_rules, rules.run_wrap, rules.same_as_first_match)
        self.challenge = Challenge(challenge_table(rules, {c for h in dealt for c in h}))
        self.penalties = Penalties(players, rules)
        self.side_piles: dict[str, list[Card]] = {}
        """A variant's other piles (Firefighters' Burn pile), bottom first; their cards count
        as in play."""
        self.removed: list[Card] = []
        """Cards taken out of play by an effect (K.U.R.S.); they still count as dealt."""
        self.state: object = None
        """A variant's own state (the dice of Slap Like an Egyptian); see its module."""
        self.table_rng = Rng(seed if seed is not None else 0).fork("table")
        """The table's own randomness (dice), from the seed, so a record replays it."""
        self.phase: Phase | None = None
        self.turn = (self.dealer + self.dir) % players
        self.out = [False] * players
        """Seats out of the game (``empty_hand`` = ``forfeit``)."""
        self.play_on = -1
        self.play_on_left = 0
        self.pending: Decision | None = None
        self.outcome: Outcome | None = None
        self.t = 0
        self.cards_played = 0
        self.tricks = 0
        self.last_take_t = -1
        self.last_taker = -1
        self.stats = [SeatStats() for _ in range(players)]
        self.pile_causes: dict[str, int] = {}
        """Piles won, by cause: ``challenge``, the name of the slap rule that won it, ``default``
        (nobody else had cards to play), ``last-chance``, or a variant's own (Firefighters'
        ``burn:<rule>`` and ``fire-out``, K.U.R.S.' ``strength`` and ``hanged-man``). Counted
        with events off too, so simulations can tell how piles went without keeping events.
        Every pile taken (:attr:`tricks`) is counted once; a variant may count piles it hands
        out itself (Firefighters' Burn pile) with :meth:`count_pile`."""
        self.history: list[tuple[int, int, str, str]] = []
        self.events: list[Event] = []
        """Every event so far. A game made with ``keep_events=False`` makes no events at all
        (long simulations: ``history`` is enough to replay it, with events, later)."""
        self._keep = keep_events
        self._new: list[Event] = []
        self._after = self._seats_after()
        self._forfeit = rules.empty_hand == "forfeit"
        self._auto = rules.collect == "auto"
        self._flipped = self._own(Flipped)
        self._challenge_won_event = self._own(ChallengeWon)
        self._pile_taken = self._own(PileTaken)
        self._out_of_cards = self._own(OutOfCards)
        self._alone_wins = (self.variant.only_holder_wins and rules.ending == "standard"
                            and not self._forfeit)
        self.slapping = self.variant.slapping or bool(self.slap_rules)
        """Whether slaps count at all (not in Beggar-My-Neighbour without house slap rules)."""
        self.detect_loops = not self.slap_rules and self.variant.on_card is None and (
            self.variant.on_lay is None)
        """Whether a repeated trick start ends the game as a loop (only where nothing but the
        cards' order decides it: no slaps, no effects)."""
        self._seen: set[tuple[bytes, ...]] = set()

    def _own(self, kind: type[E]) -> type[E]:
        """The event class this variant says ``kind`` with (its own wording: a subclass,
        :attr:`Variant.events <ratscrew.core.variant.Variant.events>`), or ``kind``."""
        own = self.variant.events.get(kind, kind)
        if not issubclass(own, kind):
            raise TypeError(f"{self.variant.name}: {own.__name__} does not say "
                            f"{kind.__name__}")
        return own

    def _seats_after(self) -> tuple[tuple[int, ...], ...]:
        """For each seat, the others in the direction of play."""
        n, d = self.n, self.dir
        return tuple(tuple((s + d * k) % n for k in range(1, n)) for s in range(n))

    # -- public state ----------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        dealer = self.rules.dealer
        return dealer if dealer >= 0 else (-self.dir) % self.n

    @property
    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds (public: everyone sees the stacks)."""
        return tuple(len(h) for h in self.hands)

    @property
    def slappable(self) -> bool:
        """Whether a slap now would take the pile (a fact anyone at the table can see)."""
        return self.pile.match is not None and not self.pile.top_dead

    @property
    def auto_collect(self) -> bool:
        """Whether a won pile goes to its winner by itself after a pause (``collect`` =
        ``auto``), rather than with their flip."""
        return self._auto

    def in_game(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game: not out (``empty_hand`` = ``forfeit``) and
        not barred from slapping back in. Players who are not never receive cards."""
        return not (self.out[seat] or self.penalties.barred[seat])

    def name(self, seat: int) -> str | Text:
        """``seat``'s name: the one given, or "player N", said when read (events keep it)."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return msg("player {number}", number=seat + 1)

    def won_alone(self) -> bool:
        """Whether the game waits only for the claimant to collect the pile with which they
        are the only player with cards, in a variant where that wins outright
        (:attr:`~ratscrew.variants.Variant.only_holder_wins`, under the ``standard`` ending):
        then no slap counts, and their flip ends the game."""
        seat = self.challenge.claimant
        if seat < 0 or not self._alone_wins or self.outcome is not None:
            return False
        if self.pending is not None:
            return False
        hands = self.hands
        return not any(hands[s] for s in range(self.n) if s != seat)

    def to_act(self) -> int:
        """The seat whose flip is expected next (-1 when the game waits for nobody's flip)."""
        if self.outcome is not None or self.pending is not None or self.phase is not None:
            return -1
        claimant = self.challenge.claimant
        return claimant if claimant >= 0 else self.turn

    @property
    def deadline(self) -> int:
        """When the table acts by itself (game ms), or -1: the current phase ends, or under
        ``collect`` = ``auto`` the won pile goes to its winner (once no decision is pending:
        the pile waits for it, as a winner's flip would)."""
        phase = self.phase
        if phase is not None:
            return phase.deadline
        challenge = self.challenge
        if challenge.collect_at >= 0 and challenge.claimant >= 0 and self.pending is None and (
                self.outcome is None):
            return challenge.collect_at
        return -1

    def next_seat(self, seat: int) -> int:
        """The next player in the direction of play who takes turns, or -1 if there is none.

        Players with no cards are skipped (they leave the turn order) unless the variant
        forfeits empty hands, where they stay in until their turn comes.
        """
        if self._forfeit:
            out = self.out
            for s in self._after[seat]:
                if not out[s]:
                    return s
        else:
            hands = self.hands
            for s in self._after[seat]:
                if hands[s]:
                    return s
        return -1

    def right_of(self, seat: int) -> int:
        """The nearest player with cards against the direction of play from ``seat`` (their
        right-hand neighbour at a clockwise table), or ``seat`` if nobody else has cards."""
        for k in range(1, self.n):
            s = (seat - self.dir * k) % self.n
            if self.hands[s]:
                return s
        return seat

    def all_cards(self) -> list[Card]:
        """Every card in the game: hands, pile, side piles and removed cards."""
        out = [c for h in self.hands for c in h]
        out.extend(self.pile.cards)
        for side in self.side_piles.values():
            out.extend(side)
        out.extend(self.removed)
        return out

    # -- for variant hooks: moving cards, saying things ------------------------------------

    def ask(self, decision: Decision) -> None:
        """Wait for ``decision`` before anyone flips again."""
        if decision.default not in decision.options:
            raise ValueError("a decision's default must be one of its options")
        self.pending = decision
        self._emit(Asked(self.t, decision.seat, decision.prompt, decision.options))

    def put_on_pile(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card`` (already out of their hand) face up on the pile, where slaps
        can see it, without it counting as their play."""
        self.pile.lay(seat, card)
        self.cards_played += 1

    def put_covered(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card`` (already out of their hand) on the pile where nobody sees it
        (under a card laid next), so no slap pattern uses it."""
        self.pile.cover(seat, card)
        self.cards_played += 1

    def remove_from_pile(self, card: Card) -> None:
        """Take the topmost ``card`` off the pile and out of play (K.U.R.S.' Death and
        Judgement)."""
        self.pile.remove(card)
        self.removed.append(card)

    def clear_pile(self) -> list[Card]:
        """Take every card off the pile (bottom first) and end any challenge or claim; the
        caller puts the cards somewhere (K.U.R.S.' Judgement)."""
        cards = self.pile.clear()
        self.challenge.end()
        self.play_on = -1
        self.play_on_left = 0
        return cards

    def cancel_claim(self) -> None:
        """Right after a flip: the challenge that flip just won does not take the pile after
        all (Firefighters: a burn condition met by the answering card comes first). Its
        announcement is withdrawn and play would go on after that card."""
        if self.challenge.claimant < 0:
            return
        self.challenge.end()
        self.challenge.failed = -1
        self._new = [e for e in self._new if not isinstance(e, ChallengeWon)]
        top = self.pile.top_seat
        nxt = self.next_seat(top)
        self.turn = nxt if nxt >= 0 else top

    def reverse(self) -> None:
        """The direction of play turns round (K.U.R.S.' Wheel of Fortune). Who plays next is
        still the caller's to set."""
        self.dir = -self.dir
        self._after = self._seats_after()

    def state_as(self, kind: type[S]) -> S:
        """The variant's own state, a ``kind`` (made on first use)."""
        state = self.state
        if not isinstance(state, kind):
            state = self.state = kind()
        return state

    def emit(self, event: Event) -> None:
        """Add an event (it costs nothing when events are off)."""
        self._emit(event)

    def ignore(self, seat: int, action: str, reason: Reason) -> None:
        self._ignore(seat, action, reason)

    def count_pile(self, cause: str) -> None:
        """Count in :attr:`pile_causes` a pile won outside :meth:`take_pile` (Firefighters:
        the Burn pile, for putting out a fire)."""
        causes = self.pile_causes
        causes[cause] = causes.get(cause, 0) + 1

    def _check_action(self, seat: int, t: int, kind: str) -> None:
        table = kind == "tick" and seat == -1
        if type(seat) is not int or not (0 <= seat < self.n or table):
            raise ActionError(f"seat {seat!r} does not exist (seats are 0 to {self.n - 1})")
        if type(t) is not int or t < self.t:
            raise ActionError(f"action time {t!r} is before the previous action ({self.t} ms)")

    def _emit(self, event: Event) -> None:
        if self._keep:
            self._new.append(event)

    def _ignore(self, seat: int, action: str, reason: Reason) -> None:
        self._emit(Ignored(self.t, seat, action, reason))

    def _note_empty(self, seat: int) -> None:
        if not self.hands[seat] and not self._forfeit:
            self._emit(self._out_of_cards(self.t, seat, False))

    def _back_in(self) -> None:
        """A player who is out (or barred) and holds cards again (a rule gave them some) is
        back in the game: nobody out of the game ever holds cards."""
        barred = self.penalties.barred
        for s in range(self.n):
            if (self.out[s] or barred[s]) and self.hands[s]:
                self.out[s] = barred[s] = False
                self._emit(BackIn(self.t, s, len(self.hands[s])))

    def _trick_start(self) -> None:
        if not self.detect_loops or self.outcome is not None:
            return
        pay = self.challenge.table
        key = (*(bytes(pay.get(c, 0) for c in h) for h in self.hands), bytes([self.turn]))
        if key in self._seen:
            self._finish("loop", None)
        else:
            self._seen.add(key)

    def _finish(self, status: Status, winner: int | None) -> None:
        self.outcome = Outcome(status, winner, self.cards_played, self.tricks)
        cards = len(self.hands[winner]) if winner is not None else 0
        every = cards + len(self.removed) == self.total
        self._emit(GameOver(self.t, status, -1 if winner is None else winner, cards, every))
