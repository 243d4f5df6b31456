"""The headless driver: whole games between bots on a virtual clock.

Time only moves when the earliest intent of any bot is performed, so a game of thousands of
cards takes milliseconds to run while every action still carries the time it would have had
at a real table. The CLI, the tests and the benchmarks all play real games this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from ratscrew.core.rng import MAX_SEED, Rng
from ratscrew.core.state import Outcome
from ratscrew.play.bots import COMMIT_MS, LOOKALIKE, Bot, Skill, find_skill
from ratscrew.variants import Variant

DEFAULT_MAX_CARDS = 20_000
"""Cards after which a simulated game is stopped and counted as capped."""


def action_cap(max_cards: int) -> int:
    """The actions after which :meth:`Match.run` stops a game capped at ``max_cards`` cards
    whatever happens: far more than any game needs (every card is one flip, and slaps,
    collections and choices add a few actions per card)."""
    return 20 * max_cards + 1000


def make_bots(game: Game, skill: Skill | str, seats: Sequence[int] | None = None) -> list[Bot]:
    """Bots for ``seats`` (all by default), each with its own stream from the game's seed."""
    base = Rng(game.seed if game.seed is not None else 0)
    skill = find_skill(skill) if isinstance(skill, str) else skill
    chosen = range(game.n) if seats is None else seats
    return [Bot(s, skill, base.fork("bot", s)) for s in chosen]


class Match:
    """Keeps the bots' intents up to date and performs them.

    Call :meth:`refresh` after any action that did not come through this class (a human's);
    :meth:`due` is the time of the earliest intent. Headless, :meth:`run` plays to the end on
    a virtual clock; the browser sets one timer for :meth:`due` and calls :meth:`advance`.
    Seats without a bot never act here.

    Only two kinds of bot can have an intent: the one whose flip is expected (``flipper``) and
    those about to slap (``slappers``), so finding the next action never scans every seat.
    """

    __slots__ = (
        "_armed",
        "_bot_hand",
        "_cards",
        "_delay",
        "_flip_seat",
        "_hazard",
        "_next_false",
        "_tricks",
        "bots",
        "by_seat",
        "called",
        "claim",
        "flipper",
        "game",
        "slappers",
        "slaps",
        "special",
        "timed",
        "wants",
    )

    def __init__(self, game: Game, bots: Sequence[Bot]) -> None:
        self.game = game
        self.bots = list(bots)
        self.by_seat: list[Bot | None] = [None] * game.n
        for bot in self.bots:
            self.by_seat[bot.seat] = bot
        self.slaps = bool(game.slap_rules)
        self.claim = game.rules.collect != "immediate"
        """Whether a won pile waits to be collected (then its last card may be risk-slapped)."""
        self.timed = game.auto_collect
        """Whether a won pile goes to its winner by itself after a pause (``collect`` =
        ``auto``): the table's deadline, which the general path of :meth:`run` performs; no
        bot flips to collect it."""
        variant = game.variant
        self.wants = variant.bot_wants_slap
        self._bot_hand = variant.bot_hand
        self._delay = variant.bot_slap_delay
        self.special = (
            self.wants is not None
            or self._bot_hand is not None
            or self._delay is not None
            or variant.on_slap is not None
        )
        """Whether the variant changes how bots slap: then the general (slower) path runs."""
        self.called: set[int] = set()
        """Seats whose planned slap the variant called for (and may call off)."""
        self.flipper: Bot | None = None
        self.slappers: list[Bot] = []
        self._cards = game.cards_played
        self._tricks = game.tricks
        self._flip_seat = -(10**6)  # no seat yet: matches neither a seat nor a decision
        self._armed = -1
        self._hazard = 0.0
        self._next_false = min((b.false_at for b in self.bots), default=float("inf"))
        self.refresh(game.t)

    # -- keeping intents current -----------------------------------------------------------

    def refresh(self, now: int) -> None:
        """Bring every bot's intents up to date with the game as it is at ``now``.

        This runs after every action, so it is written flat: whose flip is expected, then
        (if a card has landed) who notices a pattern, who slaps at nothing, who risks it.
        """
        game = self.game
        if game.outcome is not None:
            for bot in self.bots:
                bot.flip_due = bot.slap_due = -1
            self.flipper = None
            self.slappers.clear()
            return
        # Whose action the table waits for: game.to_act(), written out, or while a decision
        # is pending the deciding seat (a bot answers it in place of a flip; its key below is
        # -2 - seat, so that a seat's flip and its choice are told apart).
        pending = game.pending
        challenge = game.challenge
        if pending is None:
            claimant = challenge.claimant
            seat = key = claimant if claimant >= 0 else game.turn
            if self.timed and claimant >= 0:
                seat = key = -1  # the table hands the pile over by itself: nobody flips
        else:
            seat, key = pending.seat, -2 - pending.seat
        if self.special:
            if game.phase is not None:
                seat = key = -1  # a phase holds the table: nobody flips
            if self.wants is not None:
                self._variant_slaps(now)
        if key != self._flip_seat:
            if self.flipper is not None:
                self.flipper.flip_due = -1
            self._flip_seat = key
            self.flipper = self.by_seat[seat] if seat >= 0 else None
        flipper = self.flipper
        if flipper is not None and flipper.flip_due < 0:
            if pending is None:
                flipper.plan_flip(game, now)
            else:
                flipper.plan_choice(now)
        if not self.slaps:
            return
        if game.tricks != self._tricks:
            self._tricks = game.tricks
            if self.slappers:
                self._drop_stale_slaps(now)
        if game.cards_played == self._cards:
            return
        self._cards = game.cards_played
        armed, self._armed = self._armed, -1
        pile = game.pile
        live = pile.live
        if not live:
            return
        slappable = pile.match is not None and not pile.top_dead
        if not slappable and self.slappers:
            self._drop_stale_slaps(now)
        if armed >= 0 and self.claim and not self.special:
            risker = self.by_seat[armed]
            if risker is not None:
                risker.risk_slap(game, now)
                self._may_slap(risker)
        if challenge.challenger >= 0 and challenge.chances == 1:
            self._armed = challenge.challenger
        if slappable:
            if self.wants is not None:
                return  # the variant calls for every slap on a slappable pile itself
            slappers = self.slappers
            delay = self._delay
            for bot in self.bots:
                if bot.slap_due < 0:
                    if delay is None:
                        bot.see_pattern(game, now)
                    else:
                        bot.see_pattern(game, now, delay(game, bot.seat))
                    if bot.slap_due >= 0:
                        slappers.append(bot)
            return
        lookalike = len(live) >= 2 and abs(live[-1].rank - live[-2].rank) == 1
        self._hazard += LOOKALIKE if lookalike else 1.0
        if self._hazard >= self._next_false:
            hazard = self._hazard
            for bot in self.bots:
                if bot.false_at <= hazard:
                    bot.false_at = hazard + bot.false_gap()
                    bot.false_slap(game, now)
                    self._may_slap(bot)
            self._next_false = min(b.false_at for b in self.bots)

    def _variant_slaps(self, now: int) -> None:
        """Slaps the variant calls for (burning a card, putting out a fire): bots not yet
        slapping make them, late if they missed the moment; slaps no longer called for are
        dropped while they can still be stopped."""
        game = self.game
        wants = self.wants
        assert wants is not None
        called = self.called
        for bot in self.bots:
            seat = bot.seat
            wanted = bot.may_slap(game) and wants(game, seat)
            if bot.slap_due < 0:
                called.discard(seat)
                if wanted:
                    bot.see_late(now)
                    called.add(seat)
                    self._may_slap(bot)
            elif seat in called and not wanted and bot.slap_due - now >= COMMIT_MS:
                bot.slap_due = -1
                called.discard(seat)
                if bot in self.slappers:
                    self.slappers.remove(bot)

    def _drop_stale_slaps(self, now: int) -> None:
        """The pile changed under planned slaps: drop those still far enough off to stop.
        A slap the variant called for stays: the variant calls it off itself when it is no
        longer wanted (a fire to put out still burns when the next card is flipped)."""
        keep = []
        called = self.called
        for bot in self.slappers:
            if bot.slap_due - now >= COMMIT_MS and bot.seat not in called:
                bot.slap_due = -1
            else:
                keep.append(bot)
        self.slappers = keep

    def _may_slap(self, bot: Bot) -> None:
        if bot.slap_due >= 0 and bot not in self.slappers:
            self.slappers.append(bot)

    # -- performing intents ----------------------------------------------------------------

    def _next(self) -> tuple[Bot | None, int, bool]:
        """The bot with the earliest intent, its time, and whether it is a slap."""
        best = self.flipper
        best_t = best.flip_due if best is not None else -1
        slap = False
        for bot in self.slappers:
            t = bot.slap_due
            if best_t < 0 or t < best_t:
                best, best_t, slap = bot, t, True
        return (best, best_t, slap) if best_t >= 0 else (None, -1, False)

    def _deadline_first(self, t: int) -> int:
        """The table's own deadline (a phase that ends by itself) if it comes no later than
        a bot's intent at ``t`` (-1: none), else -1."""
        deadline = self.game.deadline
        return deadline if deadline >= 0 and (t < 0 or deadline <= t) else -1

    def due(self) -> int:
        """The time of the earliest intent of any bot, or of the table's own deadline, or
        -1 if nothing is due."""
        t = self._next()[1]
        deadline = self._deadline_first(t)
        return deadline if deadline >= 0 else t

    def step(self) -> list[Event]:
        """Perform the earliest intent of any bot, or the table's deadline (none: [])."""
        best, best_t, slap = self._next()
        deadline = self._deadline_first(best_t)
        if deadline >= 0:
            t = max(deadline, self.game.t)
            events = self.game.tick(t)
            self.refresh(t)
            return events
        if best is None:
            return []
        return self._perform(best, best_t, slap)

    def _perform(self, best: Bot, best_t: int, slap: bool) -> list[Event]:
        game = self.game
        t = best_t if best_t > game.t else game.t
        if slap:
            best.slap_due = -1
            self.slappers.remove(best)
            events = game.slap(best.seat, t, self._hand(best))
        else:
            best.flip_due = -1
            events = self._flip_or_choose(best, t)
        self.refresh(t)
        return events

    def _hand(self, bot: Bot) -> str:
        if self._bot_hand is None:
            return ""
        return self._bot_hand(self.game, bot.seat, bot.uniform())

    def _flip_or_choose(self, bot: Bot, t: int) -> list[Event]:
        pending = self.game.pending
        if pending is not None and pending.seat == bot.seat:
            return self.game.choose(bot.seat, t, bot.choose(pending, self.game))
        return self.game.flip(bot.seat, t)

    def advance(self, now: int) -> list[Event]:
        """Perform, in order, every intent due at or before ``now`` (for real-time drivers)."""
        out: list[Event] = []
        while self.game.outcome is None:
            t = self.due()
            if t < 0 or t > now:
                break
            out.extend(self.step())
        return out

    def run(self, max_cards: int = DEFAULT_MAX_CARDS) -> Outcome:
        """Play until the game ends; stop it (``capped``) after ``max_cards`` cards, or when
        no bot has anything to do (seats without bots). A game that stops laying cards while
        its actions go on (which the engine never allows: see :meth:`Game.stalled`) is also
        stopped, after :func:`action_cap` actions, so a driver never hangs."""
        game = self.game
        refresh = self.refresh
        actions_left = action_cap(max_cards) - len(game.history)
        if self.special or self.timed:
            while game.outcome is None:
                if game.cards_played >= max_cards or self.due() < 0 or actions_left <= 0:
                    game.stop(game.t)
                    break
                self.step()
                actions_left -= 1
            assert game.outcome is not None
            return game.outcome
        while game.outcome is None:
            actions_left -= 1
            if actions_left < 0:
                game.stop(game.t)
                break
            # self._next() and self._perform(), written out: this loop is the simulator.
            best = self.flipper
            best_t = best.flip_due if best is not None else -1
            slap = False
            for bot in self.slappers:
                if best_t < 0 or bot.slap_due < best_t:
                    best, best_t, slap = bot, bot.slap_due, True
            if best is None or game.cards_played >= max_cards:
                game.stop(game.t)
                break
            t = best_t if best_t > game.t else game.t
            if slap:
                best.slap_due = -1
                self.slappers.remove(best)
                game.slap(best.seat, t)
            else:
                best.flip_due = -1
                if game.pending is None:
                    game.flip(best.seat, t)
                else:
                    self._flip_or_choose(best, t)
            refresh(t)
        assert game.outcome is not None
        return game.outcome


def play(
    variant: Variant | str,
    players: int,
    seed: int,
    difficulty: Skill | str = "normal",
    options: dict[str, Any] | None = None,
    max_cards: int = DEFAULT_MAX_CARDS,
    keep_events: bool = True,
) -> Game:
    """One all-bot game, played to the end."""
    game = Game(variant, players, seed=seed, options=options, keep_events=keep_events)
    Match(game, make_bots(game, difficulty)).run(max_cards)
    return game


@dataclass(slots=True)
class Summary:
    variant: str
    players: int
    seed: int
    difficulty: str
    games: int = 0
    cards_played: int = 0
    tricks: int = 0
    wins: list[int] = field(default_factory=list)
    loops: int = 0
    capped: int = 0
    slaps_right: int = 0
    slaps_wrong: int = 0
    virtual_ms: int = 0

    @classmethod
    def start(cls, variant: Variant | str, players: int, seed: int, difficulty: str) -> Summary:
        """An empty summary of games of ``variant`` (named as given) from ``seed``."""
        name = variant if isinstance(variant, str) else variant.name
        return cls(name, players, seed, difficulty, wins=[0] * players)

    @property
    def mean_cards_per_game(self) -> float:
        return self.cards_played / self.games if self.games else 0.0

    def add(self, game: Game) -> None:
        outcome = game.outcome
        assert outcome is not None
        self.games += 1
        self.cards_played += game.cards_played
        self.tricks += game.tricks
        self.virtual_ms += game.t
        if outcome.status == "win" and outcome.winner is not None:
            self.wins[outcome.winner] += 1
        elif outcome.status == "loop":
            self.loops += 1
        else:
            self.capped += 1
        for s in game.stats:
            self.slaps_right += s.slaps_right
            self.slaps_wrong += s.slaps_wrong

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "difficulty": self.difficulty,
            "games": self.games,
            "cards_played": self.cards_played,
            "tricks": self.tricks,
            "wins": list(self.wins),
            "loops": self.loops,
            "capped": self.capped,
            "mean_cards_per_game": round(self.mean_cards_per_game, 2),
            "slaps_right": self.slaps_right,
            "slaps_wrong": self.slaps_wrong,
            "mean_minutes_per_game": round(self.virtual_ms / 60000 / self.games, 2)
            if self.games
            else 0.0,
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation: ``seed + index`` (wrapping), so any one game
    of a run can be replayed on its own."""
    return (seed + index) & MAX_SEED


def simulated_game(
    variant: Variant | str,
    players: int,
    seed: int,
    index: int,
    difficulty: str = "normal",
    options: dict[str, Any] | None = None,
    max_cards: int = DEFAULT_MAX_CARDS,
) -> Game:
    """Game ``index`` of a simulation from ``seed``, played without events: the one game that
    :func:`simulate` and the statistics lab (:mod:`~ratscrew.tools.lab`) both play."""
    return play(variant, players, game_seed(seed, index), difficulty, options, max_cards,
                keep_events=False)


def simulate(
    variant: Variant | str,
    players: int,
    games: int,
    seed: int,
    difficulty: str = "normal",
    options: dict[str, Any] | None = None,
    max_cards: int = DEFAULT_MAX_CARDS,
) -> Summary:
    summary = Summary.start(variant, players, seed, difficulty)
    for i in range(games):
        summary.add(simulated_game(variant, players, seed, i, difficulty, options, max_cards))
    return summary
