"""A game at a table in real time: the engine, its bots, and the clock that joins them.

Browser-free (no ``js``): the page calls it with ``performance.now()`` readings, so it runs
and is tested in CPython too. Game time is milliseconds since the deal; it runs ``speed``
times as fast as real time and stops while paused. At ``instant`` speed, bots act as soon as
the page lets them (:meth:`Session.run_instant`), with their game times unchanged, so an
instant game is still an ordinary game that replays the same.

A person's time to answer a decision is real time, whatever the speed: each decision (each
step of a choice in several steps, such as the Hermit's hand-out) gets the whole
``choice_ms``; the clock stops while paused (and at instant speed, where nothing waits for
people), and a change of speed leaves the real time left as it was. The default is still
taken through the engine at a game time, the one the game clock shows when that real time is
up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil
from typing import Any

from ratscrew.core.engine import Decision, Game
from ratscrew.core.events import KEYS, PHONE, TOUCH, Controls, Event
from ratscrew.core.rng import Rng
from ratscrew.core.variant import HUMAN_ACTIONS, seat_actions
from ratscrew.i18n import N_, t
from ratscrew.play.bots import Bot, find_skill
from ratscrew.play.match import Match
from ratscrew.variants import find_variant
from web.model.game_clock import SPEEDS, GameClock
from web.model.timeline import Step, Timeline

__all__ = ["SPEEDS", "Session", "Stat", "seat_actions", "seat_stats"]

TIMES = "\u00d7"
"""The multiplication sign (two times faster is written 2 and this sign)."""
INSTANT = N_("Instant")
"""How the speed menus show the instant speed (a message id: :func:`speed_label` says it)."""
SPEED_LABELS: dict[str, str] = {
    name: INSTANT if name == "instant"
    else {"0.25": "\u00bc", "0.5": "\u00bd"}.get(name, name) + TIMES
    for name in SPEEDS
}
"""How the speed menus show each speed: a quarter (for following a challenge card by card in
class), a half, 1, 2, 4, 8 with the sign, or Instant (a message id: :func:`speed_label` says
each in the language in use)."""


def speed_label(speed: str) -> str:
    """How the speed menus show ``speed`` (a name of :data:`SPEEDS`), in the language in use."""
    label = SPEED_LABELS.get(speed, speed)
    return t(INSTANT) if label == INSTANT else label


ACTION_LABELS = {
    # i18n: A seat's touch buttons: flip a card, slap the pile (Left and Right: slap with
    # the left or the right hand, in Slap Like an Egyptian).
    "flip": N_("Flip"), "slap": N_("Slap"), "slap-left": N_("Left"), "slap-right": N_("Right"),
}
"""What a seat's touch buttons say (the slap-left and slap-right of Slap Like an Egyptian):
message ids, :func:`button_label` says one."""


def button_label(action: str) -> str:
    """What a seat's touch button for ``action`` says, in the language in use."""
    label = ACTION_LABELS.get(action)
    return t(label) if label else action


EMPTY_ANSWER = N_("Type a few words first, or choose an option.")
"""What a typed answer to a decision gets when nothing is left of it once cleaned (the
table's decision panel and a phone say the same): a message id, say it with ``t()``."""
STACK_DEPTH = 52
"""A seat's stack of cards looks one step deeper a card, up to this many."""
HUMAN_ORDER = 100
"""A person's seat comes after the bots' where the seats are in one list (phones: CSS
``order: var(--order)``)."""
DEFAULT_CHOICE_MS = 10_000
"""How long a person has to answer a decision before its default is taken (0: no limit)."""


@dataclass(frozen=True, slots=True)
class Stat:
    seat: int
    name: str
    cards: int
    slaps_right: int
    slaps_wrong: int
    piles_won: int
    bot: str
    """The bot's difficulty, or "" for a human."""


class Session:
    """One game being played: humans act through :meth:`human`, bots through the clock."""

    def __init__(
        self,
        variant: str,
        players: int,
        seed: int,
        names: Sequence[str],
        bots: Mapping[int, str],
        options: Mapping[str, Any] | None = None,
        speed: str = "1",
        now: float = 0.0,
        choice_ms: int = DEFAULT_CHOICE_MS,
        deal: Callable[[], Game] | None = None,
        bots_act: bool = True,
    ) -> None:
        self.variant = find_variant(variant)
        self._new_game: Callable[[], Game] = deal or (
            lambda: Game(self.variant, players, seed=seed, options=dict(options or {}),
                         names=names))
        """A fresh copy of this game's deal, no action taken (:meth:`goto` replays on it)."""
        self.game = self._new_game()
        self.actions = seat_actions(self.variant, self.game.slapping)
        """What people's keys and touch zones do here (:func:`seat_actions`)."""
        self.choice_ms = max(0, choice_ms)
        """Real ms a person has to answer each decision before its default is taken (0: no
        limit)."""
        self.seed = seed
        self._skills = dict(bots)
        base = Rng(seed)
        self.bots = {s: Bot(s, find_skill(d), base.fork("bot", s)) for s, d in bots.items()}
        self.humans = tuple(s for s in range(players) if s not in self.bots)
        self.remote: set[int] = set()
        """People's seats played from another device (a phone): this device's keys and
        touches do nothing there; their actions come through :meth:`human` all the same."""
        self.touch = False
        """Whether the people at this device play on a touch screen (their seats' Flip and
        Slap buttons), not with keys: the page sets it when it deals."""
        self._bots_act = bots_act
        self.match = Match(self.game, list(self.bots.values()) if bots_act else [])
        """The bots at play: none in a lesson's game, which only its script moves."""
        self.timeline = Timeline(self._new_game, self.game)
        """The game's record, to step through and go back in (after :meth:`back` it goes on
        past the moment shown)."""
        self.clock = GameClock(speed, now)
        self._asked: Decision | None = None
        self._choice_due: float | None = None
        """Real time at which the pending decision takes its default, while its clock runs."""
        self._choice_left = float(self.choice_ms)
        """Real ms left to answer the pending decision, while its clock stands still (paused,
        or at instant speed)."""
        self._note_pending()

    def play_remotely(self, seats: Iterable[int]) -> None:
        """These seats, and no others, are played from another device (:attr:`remote`)."""
        self.remote = set(seats)

    def play_here(self, seat: int) -> None:
        """``seat`` is no longer played from another device."""
        self.remote.discard(seat)

    def controls(self) -> Controls:
        """How each seat plays, for the sentences that name a key or a button: a bot names
        nothing, a phone seat its phone, a person here their keys or, on a touch screen,
        their buttons."""
        here = TOUCH if self.touch else KEYS
        return Controls(tuple("" if seat in self.bots else PHONE if seat in self.remote
                              else here for seat in range(self.game.n)))

    # -- the clock -------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return self.clock.speed

    @property
    def speed_name(self) -> str:
        return self.clock.speed_name

    @property
    def paused(self) -> bool:
        return self.clock.paused

    @property
    def instant(self) -> bool:
        return self.clock.instant

    def game_time(self, now: float) -> int:
        """Game milliseconds at real time ``now`` (never before the game's last action)."""
        return self.clock.time(now, self.game.t)

    def _stop_choice_clock(self, now: float) -> None:
        self._note_pending()
        if self._choice_due is not None:
            self._choice_left = max(0.0, self._choice_due - now)
            self._choice_due = None

    def _start_choice_clock(self, now: float) -> None:
        if self._choice_due is None and self.clock.runs:
            self._choice_due = now + self._choice_left

    def start_clock(self, now: float) -> None:
        """The table is on screen from real time ``now``: the clock starts there, not when
        the session was made, so drawing the first table (slow on a busy or old device) takes
        nothing from a person's time to answer a decision of the deal, nor from the time
        before the bots' first moves. Only before anything has happened."""
        if self.game.history:
            return
        shift = self.clock.start_at(now)
        if self._choice_due is not None:
            self._choice_due += shift

    def set_speed(self, speed: str, now: float) -> None:
        """Change the speed from real time ``now`` on; a person's time to choose keeps the
        real time it had left."""
        if speed not in SPEEDS:
            return
        self._stop_choice_clock(now)
        self.clock.set_speed(speed, now, self.game.t)
        self._start_choice_clock(now)

    def pause(self, now: float) -> None:
        if not self.paused:
            self._stop_choice_clock(now)
            self.clock.pause(now, self.game.t)

    def resume(self, now: float) -> None:
        if self.paused:
            self.clock.resume(now)
            self._start_choice_clock(now)

    def resume_here(self, now: float) -> bool:
        """Play on from the moment shown: the record is cut there (what came after it is
        dropped) and bots and people play on. False if the table was at the live end."""
        cut = self.reviewing
        if cut:
            self.timeline.cut(self.game)
        self.resume(now)
        return cut

    def due_in(self, now: float) -> float | None:
        """Real milliseconds until the next bot intent is due (None: nothing to wait for)."""
        if self.paused or self.game.outcome is not None:
            return None
        due = self.match.due()
        if self.instant:
            return 0.0 if due >= 0 else None
        choice = self.choice_deadline()
        if choice >= 0 and (due < 0 or choice < due):
            due = choice
        if due < 0:
            return None
        return max(0.0, (due - self.game_time(now)) / self.speed)

    def real_ms_until(self, t: int, now: float) -> float:
        """Real milliseconds from ``now`` until game time ``t`` (0 if it has come; paused or
        at instant speed, at the speed of 1; in a lesson's game, moved by no clock, all of it)."""
        if not self._bots_act:
            return max(0.0, float(t - self.game.t))
        return self.clock.real_ms_until(t, now, self.game.t)

    # -- decisions -------------------------------------------------------------------------

    def _note_pending(self) -> None:
        """A new pending decision gets the whole time to answer, from the real time of the
        action that asked it (its clock stands still while paused or at instant speed)."""
        pending = self.game.pending
        if pending is not self._asked:
            self._asked = pending
            self._choice_left = float(self.choice_ms)
            self._choice_due = (self.clock.real_at(self.game.t) + self.choice_ms
                                if self.clock.runs else None)

    @property
    def human_decision(self) -> Decision | None:
        """The decision the game waits for, when a person makes it (bots answer their own)."""
        pending = self.game.pending
        if pending is None or self.game.outcome is not None or pending.seat not in self.humans:
            return None
        return pending

    def choice_ms_left(self, now: float) -> float | None:
        """Real milliseconds a person has left at real time ``now`` to answer the pending
        decision before its default is taken (None: no decision of a person, no time limit,
        or instant speed, where nothing waits for people). Stands still while paused."""
        if self.choice_ms <= 0 or self.instant or self.human_decision is None:
            return None
        self._note_pending()
        if self._choice_due is None:
            return self._choice_left
        return max(0.0, self._choice_due - now)

    def choice_deadline(self) -> int:
        """Game time at which a person's pending decision takes its default, at the present
        speed (-1: none, or no time limit, or instant speed). The time to choose is real time
        (:meth:`choice_ms_left`): this game time moves when the speed changes or the game is
        paused; :meth:`real_ms_until` of it is the real time left."""
        if self.choice_ms <= 0 or self.instant or self.human_decision is None:
            return -1
        self._note_pending()
        if self._choice_due is None:  # paused: real_ms_until counts at the speed of 1
            return max(self.clock.anchor_game, self.game.t) + ceil(self._choice_left)
        return max(self.clock.game_at(self._choice_due), self.game.t)

    # -- acting ----------------------------------------------------------------------------

    def human(self, seat: int, action: str, now: float) -> list[Event]:
        """A human seat pressed a key (or touched its zone). Refused quietly when paused, over,
        or not a human seat (keys of bot seats do nothing)."""
        if self.paused or self.game.outcome is not None or seat not in self.humans:
            return []
        if action not in HUMAN_ACTIONS or (action == "slap" and action not in self.actions):
            return []  # a plain slap is not offered where the hand matters
        if action != "flip" and not self.game.slapping:
            return []  # nobody slaps in this game: no key or button offers it
        t = self.game_time(now)
        if action == "flip":
            events = self.game.flip(seat, t)
        else:
            hand = action.removeprefix("slap").lstrip("-")
            events = self.game.slap(seat, t, hand)
        self.moved()
        return events

    def choose(self, seat: int, option: str, now: float) -> list[Event]:
        """A person at ``seat`` answers the pending decision with ``option`` (refused quietly
        when paused, over, or not a human seat; the engine refuses a wrong seat or option)."""
        if self.paused or self.game.outcome is not None or seat not in self.humans:
            return []
        events = self.game.choose(seat, self.game_time(now), option)
        self.moved()
        return events

    def variant_action(self, seat: int, kind: str, arg: str, now: float) -> list[Event]:
        """A person at ``seat`` does one of the variant's own actions (``kind``, one of
        :attr:`Variant.actions <ratscrew.core.variant.Variant.actions>`) with ``arg``.
        Refused quietly when paused, over, not a human seat or not an action of the variant;
        the engine says why an action does not stand (an Ignored event)."""
        if (self.paused or self.game.outcome is not None or seat not in self.humans
                or kind not in self.variant.actions):
            return []
        events = self.game.act(seat, self.game_time(now), kind, arg)
        self.moved()
        return events

    def moved(self) -> None:
        """The game moved (a person's action here, or a lesson's script:
        :mod:`web.tools.lesson.table`): its record, clock and pending choice catch up."""
        if self.instant:
            self.clock.hold(self.game.t)
        self.match.refresh(self.game.t)
        self._note_pending()
        self.timeline.sync(self.game)

    def advance(self, now: float) -> list[Event]:
        """Do everything that is due by real time ``now``: the bots' intents, the table's
        deadline (a burn contest ends even at a table of people only), and the default of a
        person's decision whose time is up."""
        if self.paused or self.instant or not self._bots_act:
            return []  # (a lesson's game moves by its script alone: no deadline by the clock)
        t = self.game_time(now)
        out: list[Event] = []
        game = self.game
        while game.outcome is None:
            choice = self.choice_deadline()
            due = self.match.due()
            decision = self.human_decision
            if decision is not None and 0 <= choice <= t and (due < 0 or choice <= due):
                out.extend(game.choose(decision.seat, max(choice, game.t), decision.default))
                self.match.refresh(game.t)
            elif 0 <= due <= t:
                out.extend(self.match.step())
            else:
                break
            self._note_pending()
            self.timeline.sync(self.game)
        return out

    def run_instant(self, steps: int) -> list[Event]:
        """At instant speed: let the bots take up to ``steps`` actions now."""
        out: list[Event] = []
        for _ in range(steps):
            if self.paused or self.game.outcome is not None:
                break
            events = self.match.step()
            self._note_pending()
            self.timeline.sync(self.game)
            if not events and self.match.due() < 0:
                break
            out.extend(events)
        self.clock.hold(self.game.t)
        return out

    # -- step and rewind --------------------------------------------------------------------

    @classmethod
    def from_record(cls, data: Mapping[str, Any], speed: str = "1", now: float = 0.0,
                    choice_ms: int = DEFAULT_CHOICE_MS) -> Session:
        """A game record (:mod:`ratscrew.play.record`, checked as the CLI checks it: a
        :class:`~ratscrew.play.record.RecordError` says what is wrong) on the table at its deal,
        paused, the whole record ahead to step through. Played on from any moment, every seat
        is a bot."""
        from ratscrew.play.record import new_game, replay

        played = replay(data)
        players = played.n
        session = cls(played.variant.name, players, played.seed or 0,
                      played.names or [""] * players, dict.fromkeys(range(players), "normal"),
                      speed=speed, now=now, choice_ms=choice_ms, deal=lambda: new_game(data))
        session.pause(now)
        session.timeline.load(played.history, played.events)
        return session

    @property
    def tape(self) -> list[Step]:
        """The game's record: every action from the deal on (:attr:`Timeline.tape`)."""
        return self.timeline.tape

    @property
    def all_events(self) -> list[Event]:
        """The events of the whole record (:attr:`Timeline.events`)."""
        return self.timeline.events

    @property
    def event_steps(self) -> list[int]:
        """The moment of each of :attr:`all_events` (:attr:`Timeline.steps`)."""
        return self.timeline.steps

    @property
    def position(self) -> int:
        """How many of the record's actions the table shows taken."""
        return len(self.game.history)

    @property
    def reviewing(self) -> bool:
        """Whether the table shows a past moment: the record goes on after it."""
        return self.timeline.reviewing(self.game)

    def goto(self, step: int, now: float) -> bool:
        """Show the moment after the record's first ``step`` actions, paused. Going back
        replays that prefix on a fresh copy of the deal (the engine needs no undo); going
        forward applies the record's next actions. The record after the moment is kept (for
        :meth:`step`, and the log) until play resumes there (:meth:`resume_here`). False if
        that moment is already on show."""
        step = max(0, min(step, len(self.tape)))
        self.pause(now)
        if step == self.position:
            return False
        self.game = self.timeline.seek(self.game, step)
        self._seat_bots()
        self.clock.hold(self.game.t)
        self._asked = None
        self._note_pending()
        return True

    def _seat_bots(self) -> None:
        """Fresh bots for the game as it stands (each seat of :attr:`_skills`), every other
        seat a person's."""
        game = self.game
        base = Rng(self.seed).fork("from", len(game.history))
        self.bots = {s: Bot(s, find_skill(d), base.fork("bot", s))
                     for s, d in self._skills.items()}
        self.humans = tuple(s for s in range(game.n) if s not in self.bots)
        self.match = Match(game, list(self.bots.values()) if self._bots_act else [])

    def set_bot(self, seat: int, skill: str | None) -> None:
        """A bot playing ``skill`` takes ``seat`` from here on, or with None a person does
        (a phone that dropped out and the bot standing in for it, and back)."""
        if not 0 <= seat < self.game.n:
            raise ValueError(f"no seat {seat + 1} at this table")
        if skill is None:
            self._skills.pop(seat, None)
        else:
            self._skills[seat] = find_skill(skill).name
        self._seat_bots()
        self._asked = None
        self._note_pending()

    def back(self, now: float) -> bool:
        """One action back (paused); False at the deal."""
        return self.goto(self.position - 1, now)

    def step(self, now: float) -> list[Event]:
        """One action on, paused: the record's next one at a past moment; at the live end,
        the next thing due (a bot's action, the table's deadline). [] if nothing is (the
        table waits for a person, or the game is over)."""
        self.pause(now)
        game = self.game
        if self.reviewing:
            before = len(game.events)
            self.goto(self.position + 1, now)
            return self.game.events[before:]
        if game.outcome is not None or self.match.due() < 0:
            return []
        events = self.match.step()
        self.clock.hold(game.t)
        self._note_pending()
        self.timeline.sync(self.game)
        return events


def seat_stats(session: Session) -> list[Stat]:
    """What the end screen shows of each seat."""
    game = session.game
    return [
        Stat(
            seat,
            str(game.name(seat)),
            len(game.hands[seat]),
            game.stats[seat].slaps_right,
            game.stats[seat].slaps_wrong,
            game.stats[seat].piles_won,
            session.bots[seat].skill.name if seat in session.bots else "",
        )
        for seat in range(game.n)
    ]
