"""The game: its state and the actions that change it (flip, slap, choose, tick).

There is no clock in here. Every action carries a millisecond timestamp from whoever drives the
game (the headless :mod:`~ratscrew.play.match` driver, or the browser's timers); the engine only
compares timestamps (the grace window) and keeps them in the history, so a game is its record:
the same deal and the same actions give the same game.

A :class:`Game` owns its parts: the :class:`~ratscrew.core.pile.Pile` (and what the slap rules
see of it), the :class:`~ratscrew.core.challenge.Challenge` (and the claim on a won pile), the
:class:`~ratscrew.core.penalties.Penalties` for wrong slaps. It runs the turns, and calls the
variant's hooks, which see it as a :class:`~ratscrew.core.table.VariantTable`.

Hands are deques with the top card at the left; the pile's cards are a list with the bottom card
first. Seats are numbered 0..n-1 clockwise; the sentences say "player 1" for seat 0.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ratscrew.core.actions import ACTION_KINDS, Action, ActionError, clean_text
from ratscrew.core.cards import Card, deal
from ratscrew.core.challenge import COLLECT_PAUSE_MS, Challenge, challenge_table
from ratscrew.core.events import (
    Asked,
    BackIn,
    ChallengeWon,
    Chose,
    Dealt,
    Event,
    Flipped,
    GameOver,
    Ignored,
    OutOfCards,
    PileTaken,
    PlayOn,
    Reason,
    TurnMissed,
    seat_name,
)
from ratscrew.core.options import Rules
from ratscrew.core.penalties import Penalties
from ratscrew.core.pile import COVERED, DEAD, LIVE, PENALTY, Pile
from ratscrew.core.rng import Rng
from ratscrew.core.slaps import SLAP_RULES, SlapRule
from ratscrew.core.table import Decision, Phase, VariantTable
from ratscrew.core.variant import Variant, find_variant

__all__ = [  # (the parts' names that callers have long imported from here, too)
    "ACTION_KINDS",
    "COLLECT_PAUSE_MS",
    "COVERED",
    "DEAD",
    "LIVE",
    "PENALTY",
    "Action",
    "ActionError",
    "Decision",
    "Game",
    "Outcome",
    "Phase",
    "SeatStats",
    "clean_text",
]

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


class Game:
    """One game. Build it from a seed (the engine deals) or from explicit hands (top first)."""

    __slots__ = (
        "_after",
        "_alone_wins",
        "_answer_ends",
        "_auto",
        "_challenge_won_event",
        "_claim",
        "_flipped",
        "_forfeit",
        "_hooks_move_cards",
        "_judge",
        "_keep",
        "_new",
        "_on_card",
        "_on_lay",
        "_on_slap",
        "_on_take",
        "_out_of_cards",
        "_pile_taken",
        "_rematch",
        "_seen",
        "_watch",
        "cards_played",
        "challenge",
        "detect_loops",
        "dir",
        "events",
        "from_hands",
        "hands",
        "history",
        "initial_hands",
        "last_take_t",
        "last_taker",
        "n",
        "names",
        "out",
        "outcome",
        "penalties",
        "pending",
        "phase",
        "pile",
        "pile_causes",
        "play_on",
        "play_on_left",
        "removed",
        "rules",
        "seed",
        "side_piles",
        "slap_rules",
        "slapping",
        "state",
        "stats",
        "t",
        "table_rng",
        "total",
        "tricks",
        "turn",
        "variant",
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
        self._claim = rules.collect != "immediate"
        """Whether a won pile waits to be collected (under ``claim`` with its winner's
        flip, under ``auto`` by itself after :data:`COLLECT_PAUSE_MS`)."""
        self._auto = rules.collect == "auto"
        self._flipped = self._own(Flipped)
        self._challenge_won_event = self._own(ChallengeWon)
        self._pile_taken = self._own(PileTaken)
        self._out_of_cards = self._own(OutOfCards)
        variant_ = self.variant
        self._on_card = variant_.on_card
        self._on_lay = variant_.on_lay
        self._judge = variant_.judge_slap
        self._on_slap = variant_.on_slap
        self._on_take = variant_.on_take
        self._hooks_move_cards = bool(self._on_card or self._on_lay or self._on_slap
                                      or self._on_take or variant_.actions)
        """Whether a variant hook may hand cards to a player who is out (only then can anyone
        be back in: the engine itself never gives them cards)."""
        self._watch = self._forfeit and self._hooks_move_cards
        """Whether a flip needs :meth:`_upkeep` beyond settling (players back in, missed
        turns): kept off the common flip's path otherwise."""
        self._answer_ends = rules.answer_face == "ends"
        self._alone_wins = (variant_.only_holder_wins and rules.ending == "standard"
                            and not self._forfeit)
        self._rematch = bool(self.slap_rules)
        self.slapping = variant_.slapping or self._rematch
        """Whether slaps count at all (not in Beggar-My-Neighbour without house slap rules)."""
        self.detect_loops = not self._rematch and self._on_card is None and self._on_lay is None
        self._seen: set[tuple[bytes, ...]] = set()
        self._emit(Dealt(0, tuple(len(h) for h in dealt), self.turn))
        self._settle()
        self._trick_start()
        if variant_.on_start is not None:
            variant_.on_start(self)
        self.events.extend(self._new)
        self._new = []

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

    def name(self, seat: int) -> str:
        return seat_name(seat, self.names)

    def stalled(self) -> bool:
        """Whether nobody can move the game on: it is not over, no decision or phase is
        pending, no won pile waits to be collected and the seat to play has no card. The
        engine never leaves a game so after an action (the property tests check it)."""
        if self.outcome is not None or self.pending is not None:
            return False
        phase = self.phase
        if phase is not None:
            return phase.deadline < 0 and not any(phase.expects(self, s) for s in range(self.n))
        if self.challenge.claimant >= 0:
            return False
        seat = self.turn
        return not (0 <= seat < self.n and self.hands[seat] and not self.out[seat])

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

    # -- actions ---------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        if action.kind == "flip":
            return self.flip(action.seat, action.t)
        if action.kind == "slap":
            return self.slap(action.seat, action.t, action.arg)
        if action.kind == "choose":
            return self.choose(action.seat, action.t, action.arg)
        if action.kind == "tick":
            return self.tick(action.t)
        if action.kind in self.variant.actions:
            return self.act(action.seat, action.t, action.kind, action.arg)
        kinds = (*ACTION_KINDS, *self.variant.actions)
        raise ActionError(f"unknown action {action.kind!r}; actions are {', '.join(kinds)}")

    def flip(self, seat: int, t: int) -> list[Event]:
        """``seat`` turns their top card onto the pile (or collects a won pile).

        This is the engine's hot path: the common case (the player to act flips in time) is
        checked cheaply and handled here; everything else goes to :meth:`_flip_other`.
        """
        if not (
            seat == self.turn
            and t >= self.t
            and type(t) is type(seat) is int
            and self.challenge.claimant < 0
            and self.outcome is None
            and self.pending is None
            and self.phase is None
            and self.hands[seat]
        ):
            return self._flip_other(seat, t)
        self.t = t
        self.history.append((t, seat, "flip", ""))
        card = self.hands[seat].popleft()
        self.pile.lay(seat, card)
        self.cards_played += 1
        if self.penalties.locked:
            self.penalties.tick()
        if self._on_lay is not None and self._on_lay(self, seat, card):
            self.pile.rematch()
        else:
            self._played(seat, card)
        if self._watch:
            self._upkeep()
        elif not self.hands[self.turn]:
            self._settle()
        out = self._new
        if not out:
            return []
        self._new = []
        self.events.extend(out)
        return out

    def _played(self, seat: int, card: Card) -> None:
        """``card``, on top of the pile, is the card ``seat`` played in turn: the challenge it
        starts, answers or uses a chance of; the slap rules' view of the pile; the variant's
        effect."""
        t = self.t
        hand = self.hands[seat]
        ch = self.challenge
        pile = self.pile
        pay = ch.table.get(card, 0)
        if pay and self._answer_ends and ch.challenger >= 0:
            # Firefighters: a second firefighter only ends the challenge; play goes on.
            pay = 0
            ch.challenger = -1
            ch.chances = 0
        if self.play_on >= 0:
            self._lay_play_on(seat, card, pay)
        elif pay:
            answers = ch.challenger >= 0
            if not answers:
                ch.chain = 0
            ch.chain += 1
            ch.challenger = seat
            ch.card = card
            ch.failed = -1
            pile.counting_n = 0
            ch.paid = 0
            target = self.next_seat(seat)
            if target < 0:
                self._emit(self._flipped(t, seat, card, answers=answers))
                self._note_empty(seat)
                self._challenge_won(-1)
            else:
                self.turn = target
                ch.chances = pay
                if self._keep:
                    self._new.append(self._flipped(t, seat, card, target, pay,
                                                   answers=answers))
                if not hand and not self._forfeit:
                    self._note_empty(seat)
        elif ch.challenger >= 0:
            ch.chain += 1
            ch.paid += 1
            ch.chances -= 1
            pile.counting_n = ch.paid
            if self._keep:
                self._new.append(self._flipped(t, seat, card, -1, 0, ch.chances))
            if not hand and not self._forfeit:
                self._note_empty(seat)
            if ch.chances == 0:
                self._challenge_won(seat)
            elif not hand and not self._forfeit:
                self._exhausted(seat)
        else:
            pile.counting_n = 0
            if self._keep:
                self._new.append(self._flipped(t, seat, card))
            if not hand and not self._forfeit:
                self._note_empty(seat)
            nxt = self.next_seat(seat)
            self.turn = nxt if nxt >= 0 else seat
            if (not hand or nxt < 0) and self.rules.ending == "standard" and not self._forfeit:
                self._lone_holder()
        if self._rematch:
            pile.rematch()
        if self._on_card is not None and self.outcome is None:
            self._on_card(self, seat, card)

    def _flip_other(self, seat: int, t: int) -> list[Event]:
        """A flip that does not lay a card in turn: collecting a won pile, or refused."""
        deadline = self.deadline
        if 0 <= deadline <= t and type(t) is int and t >= self.t:
            # The table's time is up (a phase ends; a won pile goes to its winner, at the end
            # of its pause): that comes first (a tick), then the flip counts as usual.
            ended = self.tick(t if self.phase is not None else max(deadline, self.t))
            return ended + self.flip(seat, t)
        self._begin(seat, t, "flip", "")
        claimant = self.challenge.claimant
        if self.outcome is not None:
            self._ignore(seat, "flip", "the game is over")
        elif self.pending is not None:
            self._ignore(seat, "flip", f"waiting for {self.name(self.pending.seat)} to choose")
        elif self.phase is not None:
            self._ignore(seat, "flip", self.phase.waiting)
        elif seat == claimant:
            self._collect()
        elif claimant >= 0 or seat != self.turn:
            self._out_of_turn(seat)
        else:
            self._ignore(seat, "flip", "no cards left")
        return self._end()

    def slap(self, seat: int, t: int, hand: str = "") -> list[Event]:
        """``seat`` slaps the pile. ``hand`` (left/right) is for variants that care."""
        if (collected := self._collect_due(t)) is not None:
            return collected + self.slap(seat, t, hand)
        self._begin(seat, t, "slap", hand)
        ch = self.challenge
        last_taker = self.last_taker
        if self.outcome is not None:
            self._ignore(seat, "slap", "the game is over")
        elif self.won_alone():
            then = ("the pile goes to them in a moment" if self._auto
                    else "their flip collects the pile")
            self._ignore(seat, "slap", f"{self.name(ch.claimant)} is the only player with "
                         f"cards and has won: {then}")
        elif not self.slapping:
            self._ignore(seat, "slap", f"there is no slapping in {self.variant.title}: cards "
                         "are only turned in turn")
        elif self.phase is not None:
            self.phase.slap(self, seat, hand)
        elif self.penalties.barred[seat] or self.out[seat]:
            self._ignore(seat, "slap", "they may not slap any more this game")
        elif why := self.penalties.refused(seat):
            self._ignore(seat, "slap", why)
        elif self._on_slap is not None and self._on_slap(self, seat, hand):
            pass
        elif self.pile.match is not None and not self.pile.top_dead:
            reason = self._judge(self, seat, hand) if self._judge is not None else ""
            if reason:
                self._wrong_slap(seat, reason)
            else:
                self._slap_wins(seat)
        elif self.last_take_t >= 0 and t - self.last_take_t <= self.rules.grace_ms and (
                seat != last_taker):
            self._ignore(seat, "slap", f"{self.name(last_taker)} took the pile "
                         f"{t - self.last_take_t} ms earlier (too close to call a wrong slap)")
        elif self.rules.risk_slap and ch.claimant >= 0 and ch.claim_how == "challenge":
            self._ignore(seat, "slap", "a risk slap on the final card of a challenge costs "
                         "nothing")
        else:
            self._wrong_slap(seat)
        return self._end()

    def choose(self, seat: int, t: int, choice: str) -> list[Event]:
        """``seat`` answers the pending decision. A choice that answers nothing (no decision,
        another seat's, not one of its answers) is refused and, unlike other ignored actions,
        not kept in the history: a record holds only answers."""
        decision = self.pending
        refused = answer = ""
        if decision is None or self.outcome is not None:
            refused = "nothing is being asked"
        elif seat != decision.seat:
            refused = f"it is {self.name(decision.seat)}'s choice"
        elif not (answer := decision.accepts(choice)):
            shown = choice[:40] if isinstance(choice, str) else choice
            refused = f"{shown!r} is not one of {', '.join(decision.options)}"
        if refused:
            self._check_action(seat, t, "choose")
            if not self._keep:
                return []
            event = Ignored(t, seat, "choice", refused)
            self.events.append(event)
            return [event]
        assert decision is not None
        self._begin(seat, t, "choose", choice)
        if decision.check is not None and (why := decision.check(self, answer)):
            self._ignore(seat, "choice", why)
        else:
            self.pending = None
            self._emit(Chose(self.t, seat, answer, decision.label(answer)))
            decision.resolve(self, answer)
        return self._end()

    def tick(self, t: int) -> list[Event]:
        """Time reaches ``t`` with nobody acting: ends a phase whose deadline has come, or
        hands a won pile to its winner at the end of its pause (``collect`` = ``auto``).
        Only a tick that changes something is kept in the history."""
        deadline = self.deadline
        if deadline < 0 or t < deadline or self.outcome is not None:
            return []
        self._begin(-1, t, "tick", "")
        return self._end()

    def act(self, seat: int, t: int, kind: str, arg: str = "") -> list[Event]:
        """A variant's own action (K.U.R.S.' ``fine``): ``seat`` does ``kind`` with ``arg``."""
        handler = self.variant.actions.get(kind)
        if handler is None:
            raise ActionError(f"{self.variant.title} has no {kind!r} action")
        if (collected := self._collect_due(t)) is not None:
            return collected + self.act(seat, t, kind, arg)
        self._begin(seat, t, kind, arg)
        if self.outcome is not None:
            self._ignore(seat, kind, "the game is over")
        else:
            handler(self, seat, arg)
        return self._end()

    def stop(self, t: int) -> list[Event]:
        """End the game where it stands (a driver's cap): outcome ``capped``."""
        if self.outcome is None:
            self.t = max(self.t, t)
            self._finish("capped", None)
            self.events.extend(self._new)
        out, self._new = self._new, []
        return out

    def _collect_due(self, t: int) -> list[Event] | None:
        """Under ``collect`` = ``auto``, before an action at ``t``: the won pile's pause is
        over by then, so it goes to its winner first, at the pause's end (a tick, kept in the
        history). None when nothing is due."""
        deadline = self.deadline
        if (self.phase is None and 0 <= deadline <= t and type(t) is int and t >= self.t
                and self.outcome is None):
            return self.tick(max(deadline, self.t))
        return None

    def _check_action(self, seat: int, t: int, kind: str) -> None:
        table = kind == "tick" and seat == -1
        if type(seat) is not int or not (0 <= seat < self.n or table):
            raise ActionError(f"seat {seat!r} does not exist (seats are 0 to {self.n - 1})")
        if type(t) is not int or t < self.t:
            raise ActionError(f"action time {t!r} is before the previous action ({self.t} ms)")

    def _begin(self, seat: int, t: int, kind: str, arg: str) -> None:
        self._check_action(seat, t, kind)
        self.t = t
        self.history.append((t, seat, kind, arg))
        phase = self.phase
        if phase is not None and 0 <= phase.deadline <= t:
            phase.expire(self)
            if self.phase is phase:
                self.phase = None
        if 0 <= self.challenge.collect_at <= t and 0 <= self.deadline <= t:
            self._collect()  # the pause is over: the pile goes to its winner first

    def _end(self) -> list[Event]:
        self._upkeep()
        out = self._new
        self._new = []
        self.events.extend(out)
        return out

    def _upkeep(self) -> None:
        """After an action: players given cards while out are back in, a seat to play with
        no cards is settled, missed turns are missed."""
        if self._forfeit or self.penalties.any_barred:
            self._back_in()
        if not self.hands[self.turn]:
            self._settle()
        if self.penalties.skipping:
            self._miss_turns()

    def _emit(self, event: Event) -> None:
        if self._keep:
            self._new.append(event)

    def _ignore(self, seat: int, action: str, reason: Reason) -> None:
        self._emit(Ignored(self.t, seat, action, reason))

    # -- for variant hooks (see VariantTable) -------------------------------------------------

    def ask(self, decision: Decision) -> None:
        """Wait for ``decision`` before anyone flips again."""
        if decision.default not in decision.options:
            raise ValueError("a decision's default must be one of its options")
        self.pending = decision
        self._emit(Asked(self.t, decision.seat, decision.prompt, decision.options))

    def play_as(self, seat: int, card: Card) -> None:
        """For ``on_lay``: count ``card`` (on top of the pile) as the card ``seat`` played in
        turn, with the challenge and slap rules as for any card (K.U.R.S.' Tower: the card
        shown counts as the card played)."""
        self._played(seat, card)

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

    def award(self, seat: int, how: str = "challenge", cause: str = "") -> None:
        """Any challenge ends and the pile is ``seat``'s as if they had won a challenge
        (claimed with their flip under the claim rule); they lead next. ``cause``: what
        :attr:`pile_causes` counts it as (``how`` if empty)."""
        self.challenge.end()
        self.challenge.failed = -1
        self._award(seat, how, seat, cause)

    def challenge_lost(self, seat: int) -> None:
        """``seat``, answering a challenge, answers no more (their turn is over): the
        challenger wins it."""
        if self.challenge.challenger >= 0 and self.challenge.claimant < 0:
            self._challenge_won(seat)

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

    def take_pile(self, seat: int, how: str, rule: str = "", cards: tuple[Card, ...] = (),
                  leader: int = -1, cause: str = "", said: str = "") -> None:
        """``seat`` takes the pile now (then the next trick starts, or the game ends).
        ``cause``: what :attr:`pile_causes` counts it as (``how`` if empty); ``said``: how
        the event says this way of winning it ("Burn contest won")."""
        self._take_pile(seat, how, rule, cards, leader, cause, said)

    def count_pile(self, cause: str) -> None:
        """Count in :attr:`pile_causes` a pile won outside :meth:`take_pile` (Firefighters:
        the Burn pile, for putting out a fire)."""
        causes = self.pile_causes
        causes[cause] = causes.get(cause, 0) + 1

    def settle_lone_holder(self) -> None:
        """Under the ``standard`` ending, outside a challenge and a claim: if only one player
        has cards, the pile is theirs. 001 / 003: the only player left with cards has won,
        whatever took the others' last cards (a wrong slap or a Firefighters misfire, a dead
        card out of turn). Variant hooks call it when play would otherwise go on with one
        player alone (Firefighters: a burn contest nobody burned in)."""
        if (self.rules.ending == "standard" and not self._forfeit
                and self.challenge.challenger < 0 and self.challenge.claimant < 0
                and self.outcome is None):
            self._lone_holder()

    # -- winning piles -------------------------------------------------------------------------

    def _exhausted(self, seat: int) -> None:
        """The challenged ``seat`` has no cards left but still has chances."""
        if self.rules.exhausted == "continue":
            nxt = self.next_seat(seat)
            if nxt >= 0 and nxt != self.challenge.challenger:
                self.turn = nxt
                self.challenge.paid = 0
                return
        self._challenge_won(seat)

    def _challenge_won(self, failed: int) -> None:
        ch = self.challenge
        winner = ch.challenger
        ch.failed = failed
        ch.longest = max(ch.longest, ch.chain)
        if self._keep:
            face = ch.card or self.pile.cards[-1]
            owed = ch.chances if failed >= 0 else 0
            self._new.append(self._challenge_won_event(self.t, winner, failed, face,
                                                       self._claim, owed))
        leader = winner
        if self.rules.next_leader == "failed" and failed >= 0:
            leader = failed
        self._award(winner, "challenge", leader)

    def _award(self, seat: int, how: str, leader: int, cause: str = "") -> None:
        """The pile is ``seat``'s: now, or when they flip to collect it (``claim``), or at the
        end of a pause (``auto``; their flip may collect it sooner)."""
        if self._claim:
            collect_at = self.t + COLLECT_PAUSE_MS if self._auto else -1
            self.challenge.claim(seat, how, leader, cause, collect_at)
        else:
            self._take_pile(seat, how, leader=leader, cause=cause)

    def _collect(self) -> None:
        ch = self.challenge
        self._take_pile(ch.claimant, ch.claim_how, leader=ch.claim_leader, cause=ch.claim_cause)

    def _take_pile(
        self,
        seat: int,
        how: str,
        rule: str = "",
        cards: tuple[Card, ...] = (),
        leader: int = -1,
        cause: str = "",
        said: str = "",
    ) -> None:
        hand = self.hands[seat]
        slapped_in = how == "slap" and not hand
        count = len(self.pile.cards)
        hand.extend(self.clear_pile())
        self.penalties.pile_taken()
        self.tricks += 1
        cause = cause or how
        try:  # (a little cheaper than .get() here: scripts/bench.py plays this for every pile)
            self.pile_causes[cause] += 1
        except KeyError:
            self.pile_causes[cause] = 1
        self.last_take_t = self.t
        self.last_taker = seat
        stats = self.stats[seat]
        stats.piles_won += 1
        stats.cards_won += count
        if self._keep:
            self._new.append(self._pile_taken(self.t, seat, count, how, rule, cards, slapped_in,
                                              said))
        self.turn = leader if leader >= 0 else seat
        if self.rules.next_leader == "right":
            self.turn = self.right_of(seat)
        if self._forfeit:
            for s in range(self.n):
                if not self.hands[s] and not self.out[s] and s != seat:
                    self.out[s] = True
                    self._emit(self._out_of_cards(self.t, s, True))
        self._check_all_cards(seat, how)
        if self._on_take is not None and self.outcome is None:
            self._on_take(self, seat, how)
        if self.outcome is None and self.play_on < 0:
            self._settle()
            self._trick_start()

    def _slap_wins(self, seat: int) -> None:
        match = self.pile.match
        assert match is not None
        rule = match[0]
        cards = self.pile.match_cards()
        self.stats[seat].slaps_right += 1
        self._take_pile(seat, "slap", rule.title, cards, leader=seat, cause=rule.name)

    def _wrong_slap(self, seat: int, reason: Reason = "", flip: bool = False) -> None:
        """The rules' penalty for a wrong slap by ``seat`` (or, ``flip``, for a card put down
        out of turn)."""
        if not flip:
            self.stats[seat].slaps_wrong += 1
        said = self.penalties.wrong_slap(seat, self.hands[seat], self.pile, self.t, reason, flip)
        if said.penalty == "barred":
            self._watch = self._watch or self._hooks_move_cards
        elif said.penalty == "miss-turn":
            self._watch = True
        self._emit(said)
        if said.penalty == "cards":
            self._note_empty(seat)
            self._last_card_gone(seat)

    def _out_of_turn(self, seat: int) -> None:
        hand = self.hands[seat]
        if self.rules.out_of_turn == "penalty" and hand:
            # 004: "this same penalty is applied to putting down a card when it is not one's
            # turn": the wrong-slap penalty.
            self._wrong_slap(seat, flip=True)
        elif self.rules.out_of_turn == "dead" and hand:
            card = hand.popleft()
            self.pile.lay_dead(card)
            self._emit(self._flipped(self.t, seat, card, dead=True))
            self._note_empty(seat)
            self._last_card_gone(seat)
        else:
            self._ignore(seat, "flip", f"it is {self.name(self.to_act())}'s turn")

    # -- turns and the end of the game --------------------------------------------------------

    def _note_empty(self, seat: int) -> None:
        if not self.hands[seat] and not self._forfeit:
            self._emit(self._out_of_cards(self.t, seat, False))

    def _lay_play_on(self, seat: int, card: Card, pay: int) -> None:
        """The holder of every card flips on: last-chance cards, or until a face card."""
        self.pile.counting_n = 0
        self._emit(self._flipped(self.t, seat, card))
        if self.play_on_left:
            self.play_on_left -= 1
            if self.play_on_left == 0 or not self.hands[seat]:
                self._award(seat, "last-chance", -1)
        elif pay:
            self.challenge.challenger = seat
            self.challenge.card = card
            self._emit(self._challenge_won_event(self.t, seat, -1, card, self._claim))
            self._award(seat, "challenge", -1)
        elif not self.hands[seat]:
            self._award(seat, "last-chance", -1)

    def _lone_holder(self) -> None:
        """001: "A player has won when he is the only one with cards. There may be cards left
        on the table, but if the pile is slappable and any player slaps it, the slap is valid
        and play continues." The one player with cards wins the pile (under the claim rule
        it can still be slapped until they collect it), and with it the game."""
        holders = [s for s in range(self.n) if self.hands[s]]
        if len(holders) == 1:
            self._award(holders[0], "default", holders[0])

    def _last_card_gone(self, seat: int) -> None:
        """``seat`` may have lost their last card other than by playing it in turn (a wrong
        slap, a card played out of turn as a dead card)."""
        if not self.hands[seat]:
            self.settle_lone_holder()

    def _check_all_cards(self, seat: int, how: str) -> None:
        """After ``seat`` took the pile (``how``): have they won, or must they play on? Not
        while a decision is pending: an effect is still being resolved (the lone holder's next
        flip settles it)."""
        if self.pile.cards or self.pending is not None:
            return
        mine = self.hands[seat]
        for hand in self.hands:
            if hand and hand is not mine:
                return
        ending = self.rules.ending
        final = how == "last-chance" or (ending == "until-face" and how == "challenge")
        if self._forfeit or ending == "standard" or final:
            self._finish("win", seat)
            return
        self.play_on = seat
        self.turn = seat
        if ending == "last-chance":
            self.play_on_left = min(self.rules.last_chance_flips, len(self.hands[seat]))
        self._emit(PlayOn(self.t, seat, self.play_on_left))

    def _settle(self) -> None:
        """Resolve what no one has to act on: a player to act who has no cards."""
        ch = self.challenge
        while (
            self.outcome is None
            and ch.claimant < 0
            and self.pending is None
            and self.phase is None
        ):
            seat = self.turn
            if self.hands[seat]:
                return
            if self._forfeit:
                if not self._forfeit_turn(seat):
                    return
                continue
            if self.play_on >= 0:
                # The player playing on alone has no card left (an effect or a burn took the
                # last one): the pile is theirs, as at the end of a last chance.
                self._award(self.play_on, "last-chance", -1)
                return
            if ch.challenger >= 0 and seat != ch.challenger:
                self._exhausted(seat)
                continue
            nxt = self.next_seat(seat)
            if nxt >= 0:
                self.turn = nxt
                continue
            # Nobody has a card to play: the pile goes to whoever laid the last card.
            taker = ch.challenger if ch.challenger >= 0 else self.pile.top_seat
            if taker < 0:
                taker = seat
            self._take_pile(taker, "default", leader=taker)
            return

    def _miss_turns(self) -> None:
        """Players who owe missed turns (wrong-slap penalty ``miss-turn``) miss them as their
        turns come: the next player plays instead, taking over a challenge with the chances
        left (as when a challenged player runs out of cards)."""
        ch = self.challenge
        skips = self.penalties.skips
        while (self.outcome is None and ch.claimant < 0 and self.pending is None
               and self.phase is None and self.play_on < 0):
            seat = self.turn
            if not skips[seat] or not self.hands[seat]:
                break
            nxt = self.next_seat(seat)
            if nxt < 0 or nxt == seat:
                break  # nobody else to play: the turn cannot be missed
            skips[seat] -= 1
            challenge = ch.challenger >= 0
            self._emit(TurnMissed(self.t, seat, nxt, challenge))
            if challenge and nxt == ch.challenger:
                self._challenge_won(seat)
                break
            self.turn = nxt
            ch.paid = 0
            if not self.hands[nxt]:
                self._settle()
        self.penalties.skipping = any(skips)

    def _forfeit_turn(self, seat: int) -> bool:
        """``seat`` must play or pay with no cards and is out. True if play goes on."""
        remaining = [s for s in range(self.n) if not self.out[s] and s != seat]
        if not remaining:
            # The last player in has no card left either: everything else is on the table,
            # and the pile (all the cards in play) is theirs.
            self._take_pile(seat, "default", leader=seat)
            if self.outcome is None:
                self._finish("win", seat)
            return False
        self.out[seat] = True
        self._emit(self._out_of_cards(self.t, seat, True))
        ch = self.challenge
        if ch.challenger >= 0 and ch.challenger != seat and (
            self.rules.exhausted == "challenger" or len(remaining) == 1
        ):
            self._challenge_won(seat)
            return False
        if len(remaining) == 1:
            self._take_pile(remaining[0], "default", leader=remaining[0])
            if self.outcome is None:
                self._finish("win", remaining[0])
            return False
        self.turn = self.next_seat(seat)
        if ch.challenger >= 0:
            ch.paid = 0
            if self.turn == ch.challenger:
                self._challenge_won(seat)
                return False
        return True

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


def _is_a_variant_table(game: Game) -> VariantTable:
    """(Never called: mypy checks here that a Game is all that a variant hook may use.)"""
    return game
