"""The game: its state and the actions that change it (flip, slap, choose, tick).

There is no clock in here. Every action carries a millisecond timestamp from whoever drives the
game (the headless :mod:`~ratscrew.play.match` driver, or the browser's timers); the engine only
compares timestamps (the grace window) and keeps them in the history, so a game is its record:
the same deal and the same actions give the same game.

A :class:`Game` is a :class:`~ratscrew.core.state.GameState`, which holds its parts: the
:class:`~ratscrew.core.pile.Pile` (and what the slap rules see of it), the
:class:`~ratscrew.core.challenge.Challenge` (and the claim on a won pile), the
:class:`~ratscrew.core.penalties.Penalties` for wrong slaps. The game adds the rules of play:
what each action does, whose turn it is, who wins a pile and when the game is over; and it
calls the variant's hooks, which see it as a :class:`~ratscrew.core.table.VariantTable`.

Hands are deques with the top card at the left; the pile's cards are a list with the bottom card
first. Seats are numbered 0..n-1 clockwise; the sentences say "player 1" for seat 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ratscrew.core.actions import ACTION_KINDS, Action, ActionError, clean_text
from ratscrew.core.cards import Card
from ratscrew.core.challenge import COLLECT_PAUSE_MS
from ratscrew.core.events import (
    NO_REASON,
    Chose,
    Dealt,
    Event,
    Ignored,
    PlayOn,
    Reason,
    TurnMissed,
)
from ratscrew.core.pile import COVERED, DEAD, LIVE, PENALTY
from ratscrew.core.state import GameState, Outcome, SeatStats
from ratscrew.core.table import Decision, Phase, VariantTable
from ratscrew.core.variant import Variant
from ratscrew.i18n import Text, msg

__all__ = [  # (with names that callers have long imported from here, now the parts')
    "ACTION_KINDS", "COLLECT_PAUSE_MS", "COVERED", "DEAD", "LIVE", "PENALTY", "Action",
    "ActionError", "Decision", "Game", "Outcome", "Phase", "SeatStats", "clean_text",
]


class Game(GameState):
    """One game. Build it from a seed (the engine deals) or from explicit hands (top first)."""

    __slots__ = (
        "_answer_ends", "_claim", "_hooks_move_cards", "_judge", "_on_card", "_on_lay",
        "_on_slap", "_on_take", "_rematch", "_watch",
    )

    def __init__(self, variant: Variant | str = "classic", players: int = 2, *,
                 seed: int | None = None, hands: Sequence[Sequence[Card]] | None = None,
                 options: dict[str, Any] | None = None, names: Sequence[str] | None = None,
                 keep_events: bool = True) -> None:
        super().__init__(variant, players, seed=seed, hands=hands, options=options, names=names,
                         keep_events=keep_events)
        rules = self.rules
        self._claim = rules.collect != "immediate"
        """Whether a won pile waits to be collected (under ``claim`` with its winner's
        flip, under ``auto`` by itself after :data:`COLLECT_PAUSE_MS`)."""
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
        self._rematch = bool(self.slap_rules)
        self._emit(Dealt(0, self.counts, self.turn))
        self._settle()
        self._trick_start()
        if variant_.on_start is not None:
            variant_.on_start(self)
        self.events.extend(self._new)
        self._new = []

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
            self._ignore(seat, "flip", msg("the game is over"))
        elif self.pending is not None:
            self._ignore(seat, "flip", msg("waiting for {who} to choose",
                                                 who=self.name(self.pending.seat)))
        elif self.phase is not None:
            self._ignore(seat, "flip", self.phase.waiting)
        elif seat == claimant:
            self._collect()
        elif claimant >= 0 or seat != self.turn:
            self._out_of_turn(seat)
        else:
            self._ignore(seat, "flip", msg("no cards left"))
        return self._end()

    def slap(self, seat: int, t: int, hand: str = "") -> list[Event]:
        """``seat`` slaps the pile. ``hand`` (left/right) is for variants that care."""
        if (collected := self._collect_due(t)) is not None:
            return collected + self.slap(seat, t, hand)
        self._begin(seat, t, "slap", hand)
        ch = self.challenge
        last_taker = self.last_taker
        if self.outcome is not None:
            self._ignore(seat, "slap", msg("the game is over"))
        elif self.won_alone():
            who = self.name(ch.claimant)
            self._ignore(seat, "slap", msg(
                "{who} is the only player with cards and has won: the pile goes to them in a "
                "moment", who=who) if self._auto else msg(
                "{who} is the only player with cards and has won: their flip collects the "
                "pile", who=who))
        elif not self.slapping:
            self._ignore(seat, "slap", msg(
                "there is no slapping in {game}: cards are only turned in turn",
                game=msg(self.variant.title)))
        elif self.phase is not None:
            self.phase.slap(self, seat, hand)
        elif self.penalties.barred[seat] or self.out[seat]:
            self._ignore(seat, "slap", msg("they may not slap any more this game"))
        elif why := self.penalties.refused(seat):
            self._ignore(seat, "slap", why)
        elif self._on_slap is not None and self._on_slap(self, seat, hand):
            pass
        elif self.pile.match is not None and not self.pile.top_dead:
            reason = self._judge(self, seat, hand) if self._judge is not None else NO_REASON
            if reason:
                self._wrong_slap(seat, reason)
            else:
                self._slap_wins(seat)
        elif self.last_take_t >= 0 and t - self.last_take_t <= self.rules.grace_ms and (
                seat != last_taker):
            self._ignore(seat, "slap", msg(
                "{who} took the pile {ms} ms earlier (too close to call a wrong slap)",
                who=self.name(last_taker), ms=str(t - self.last_take_t)))
        elif self.rules.risk_slap and ch.claimant >= 0 and ch.claim_how == "challenge":
            self._ignore(seat, "slap", msg(
                "a risk slap on the final card of a challenge costs nothing"))
        else:
            self._wrong_slap(seat)
        return self._end()

    def choose(self, seat: int, t: int, choice: str) -> list[Event]:
        """``seat`` answers the pending decision. A choice that answers nothing (no decision,
        another seat's, not one of its answers) is refused and, unlike other ignored actions,
        not kept in the history: a record holds only answers."""
        decision = self.pending
        refused: Text = NO_REASON
        answer = ""
        if decision is None or self.outcome is not None:
            refused = msg("nothing is being asked")
        elif seat != decision.seat:
            refused = msg("it is {who}'s choice", who=self.name(decision.seat))
        elif not (answer := decision.accepts(choice)):
            shown = choice[:40] if isinstance(choice, str) else choice
            refused = msg("{answer} is not one of {options}", answer=repr(shown),
                          options=", ".join(decision.options))
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
            self._emit(Chose(self.t, seat, answer, decision.label_text(answer)))
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
            self._ignore(seat, kind, msg("the game is over"))
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

    # -- for variant hooks (see VariantTable) -------------------------------------------------

    def play_as(self, seat: int, card: Card) -> None:
        """For ``on_lay``: count ``card`` (on top of the pile) as the card ``seat`` played in
        turn, with the challenge and slap rules as for any card (K.U.R.S.' Tower: the card
        shown counts as the card played)."""
        self._played(seat, card)

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
            self.take_pile(seat, how, leader=leader, cause=cause)

    def _collect(self) -> None:
        ch = self.challenge
        self.take_pile(ch.claimant, ch.claim_how, leader=ch.claim_leader, cause=ch.claim_cause)

    def take_pile(self, seat: int, how: str, rule: str = "", cards: tuple[Card, ...] = (),
                  leader: int = -1, cause: str = "", said: Text = NO_REASON) -> None:
        """``seat`` takes the pile now (then the next trick starts, or the game ends).
        ``cause``: what :attr:`pile_causes` counts it as (``how`` if empty); ``said``: how
        the event says this way of winning it ("Burn contest won")."""
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
        self.take_pile(seat, "slap", rule.title, cards, leader=seat, cause=rule.name)

    def _wrong_slap(self, seat: int, reason: Reason = NO_REASON, flip: bool = False) -> None:
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
            self._ignore(seat, "flip", msg("it is {who}'s turn", who=self.name(self.to_act())))

    # -- turns and the end of the game --------------------------------------------------------

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
            self.take_pile(taker, "default", leader=taker)
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
            self.take_pile(seat, "default", leader=seat)
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
            self.take_pile(remaining[0], "default", leader=remaining[0])
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


_GAMES_ARE_VARIANT_TABLES: type[VariantTable] = Game
"""(mypy checks here that a Game provides everything a variant hook may use.)"""
