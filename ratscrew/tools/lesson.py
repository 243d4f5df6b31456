"""Lessons: a game taught by playing it, one step at a time, through the real engine.

A lesson is data beside its variant (a TOML file the variant names: :attr:`Variant.lesson
<ratscrew.core.variant.Variant.lesson>`): a table of named seats, the learner first; the hands
dealt, top card first (a stacked deck, often a short one, so that a lesson reaches the end of a
game in a few minutes); and its steps. Each step

- has the other seats play what leads to it (``play``: ``"Sam: flip"``), through the engine;
- says in one or two sentences what to look at (``say``), and lights the cards that matter on
  the pile (``light``, the cards' codes: each must be on the pile);
- waits for the learner's action (``do``: ``flip``, ``slap``, ``slap-left``, ``choose:keep``,
  ``fine:2``, or ``next`` for a step that only shows something), which the engine then takes;
- explains a wrong action in a sentence (``wrong``, by action, or the lesson's own, or the
  lesson's ``other``) and lets the learner try again: a wrong action never reaches the game;
- may have a bot race the learner's slap (``race``: the bot's name): a learner slower than
  the bot (:func:`race_ms`) is told so, and the step is tried again;
- names the events the right action must bring (``shows``: event kinds such as
  ``SlapWon``), which the tests check.

Everything is a real position: a lesson holds a deal and actions, as a game record does, and a
step is where the engine is after them; a step back replays the lesson to there. The lesson's
clock is its own: each action comes :data:`GAP_MS` after the one before (a slap sooner,
:data:`SLAP_MS`), so a lesson plays the same wherever it runs. The page shows the game as
:class:`LessonRun` leaves it and calls it with the learner's keys, buttons and touches.

Sentences are whole and use named placeholders only (``{name}``), so that a catalogue can take
them as they are.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ratscrew.core.actions import Action
from ratscrew.core.cards import Card, CardError, card
from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from ratscrew.core.options import OptionsError
from ratscrew.core.variant import seat_actions
from ratscrew.i18n import N_, t
from ratscrew.play.record import check_deck
from ratscrew.variants import VARIANTS, Variant, find_variant

GAP_MS = 800
"""Lesson time between one action and the next."""
SLAP_MS = 300
"""Lesson time a slap comes after the card it slaps."""
RACE_LOST = N_("{name} was quicker. Try again.")
"""What a lost race says, unless the lesson says it its own way."""
RACE_MS = 1_200
"""Real time the racing bot waits, once the step is read, before it slaps: an easy bot's
reaction, a little slower."""
READ_MS = 30
"""Real time a learner takes to read a character of a step's sentence (about 200 words a
minute): the racing bot waits for it too (:func:`race_ms`)."""
MAX_STEPS = 60
MAX_TEXT = 400
"""The longest sentence a step may say, in characters."""
NEXT = "next"
"""The learner's action of a step that only shows something: Next (Space, or the button)."""
WRONG_KEYS = ("flip", "slap", "choose", "other")
"""The kinds of wrong action a lesson explains once for all its steps (``other``: any
action it does not name)."""


def race_ms(step: Step) -> int:
    """Real time from a racing step being said to the bot's slap: the sentence read, then
    :data:`RACE_MS`."""
    return RACE_MS + READ_MS * len(step.say)


class LessonError(ValueError):
    """A lesson file that cannot be taught; the message says where."""


@dataclass(frozen=True, slots=True)
class Move:
    """An action as a lesson writes it: who does what (``seat``, ``kind``, ``arg``)."""

    seat: int
    kind: str
    arg: str = ""

    @property
    def name(self) -> str:
        """The action as the learner's keys name it: ``flip``, ``slap-left``, ``choose:keep``."""
        if self.kind == "slap" and self.arg:
            return f"slap-{self.arg}"
        return f"{self.kind}:{self.arg}" if self.arg else self.kind


@dataclass(frozen=True, slots=True)
class Step:
    say: str
    do: Move | None
    """The learner's action, or None for a step that only shows something (Next)."""
    play: tuple[Move, ...] = ()
    light: tuple[Card, ...] = ()
    wrong: Mapping[str, str] = field(default_factory=dict)
    race: int = -1
    """The seat whose bot races the learner's slap, or -1."""
    shows: tuple[str, ...] = ()
    title: str = ""
    """A few words for the lesson's list of steps ("The double")."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """A new deal this step begins with (a later moment of a game), or None: the game goes
    on."""
    names: tuple[str, ...] = ()
    """The seats of the table at this step (the learner first): the lesson's, or those of
    the last new deal."""


@dataclass(frozen=True, slots=True)
class Lesson:
    variant: Variant
    title: str
    intro: str
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    steps: tuple[Step, ...]
    done: str
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    wrong: Mapping[str, str] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.names)

    def new_game(self, step: Step | None = None) -> Game:
        """The lesson's deal (or the new deal ``step`` begins with), before any action."""
        if step is None or step.hands is None:
            return Game(self.variant, self.players, seed=self.seed, hands=self.hands,
                        options=dict(self.options), names=self.names)
        return Game(self.variant, len(step.names), seed=self.seed, hands=step.hands,
                    options=dict(self.options), names=step.names)


# --------------------------------------------------------------------------- reading a lesson


def _text(data: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: '{key}' must be a sentence")
    if len(value) > MAX_TEXT:
        raise LessonError(f"{where}: '{key}' is longer than {MAX_TEXT} characters")
    return " ".join(value.split())


def _texts(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, Mapping):
        raise LessonError(f"{where}: must be a table of sentences by action")
    return {str(key): _text(data, key, where) for key in data}


def _move(text: Any, names: Sequence[str], where: str, seat: int | None = None) -> Move:
    """``"Sam: flip"`` (or, with ``seat`` given, ``"flip"``) as a :class:`Move`."""
    if not isinstance(text, str) or not text.strip():
        raise LessonError(f"{where}: an action must be text like 'Sam: flip'")
    if seat is None:
        who, colon, what = text.partition(":")
        if not colon:
            raise LessonError(f"{where}: {text!r} names no seat ('Sam: flip')")
        who = who.strip()
        if who == "table":
            seat = -1
        elif who in names:
            seat = names.index(who)
        else:
            raise LessonError(f"{where}: {who!r} is not one of the lesson's names")
        text = what
    kind, _, arg = text.strip().partition(":")
    kind, arg = kind.strip(), arg.strip()
    if kind.startswith("slap-"):
        kind, arg = "slap", kind.removeprefix("slap-")
    return Move(seat, kind, arg)


def _cards(codes: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(codes, list):
        raise LessonError(f"{where}: must be a list of card codes")
    try:
        return tuple(card(code) for code in codes)
    except (CardError, TypeError, ValueError) as error:
        raise LessonError(f"{where}: {error}") from None


def _names(data: Mapping[str, Any], where: str, variant: Variant) -> tuple[str, ...]:
    names = data.get("names")
    if (not isinstance(names, list) or not all(isinstance(n, str) and n for n in names)
            or len(set(names)) != len(names)):
        raise LessonError(f"{where}: 'names' must list each seat's name once, the learner's "
                          "first")
    if not variant.min_players <= len(names) <= variant.max_players:
        raise LessonError(f"{where}: {variant.title} is for {variant.min_players} to "
                          f"{variant.max_players} players, not {len(names)}")
    return tuple(names)


def _step(data: Any, index: int, names: Sequence[str], variant: Variant) -> Step:
    where = f"step {index + 1}"
    if not isinstance(data, Mapping):
        raise LessonError(f"{where}: must be a table")
    known = {"say", "do", "play", "light", "wrong", "race", "shows", "title", "hands", "names"}
    if unknown := sorted(set(data) - known):
        raise LessonError(f"{where}: unknown key {unknown[0]!r}")
    hands = data.get("hands")
    if "names" in data:
        if hands is None:
            raise LessonError(f"{where}: new 'names' come with a new deal ('hands')")
        names = _names(data, where, variant)
    if hands is not None and (not isinstance(hands, list) or len(hands) != len(names)):
        raise LessonError(f"{where}: 'hands' must give one hand a seat, top card first")
    do_text = data.get("do", NEXT)
    do = None if do_text == NEXT else _move(do_text, names, f"{where}: do", seat=0)
    play = data.get("play", [])
    if not isinstance(play, list):
        raise LessonError(f"{where}: 'play' must be a list of actions")
    race = data.get("race", "")
    if race and race not in names[1:]:
        raise LessonError(f"{where}: 'race' must name another seat")
    if race and (do is None or do.kind != "slap"):
        raise LessonError(f"{where}: only a slap is raced")
    shows = data.get("shows", [])
    if not isinstance(shows, list) or not all(isinstance(s, str) for s in shows):
        raise LessonError(f"{where}: 'shows' must be a list of event kinds")
    return Step(
        hands=None if hands is None else tuple(_cards(h, f"{where}: hand {i + 1}")
                                               for i, h in enumerate(hands)),
        say=_text(data, "say", where), do=do,
        play=tuple(_move(m, names, f"{where}: play") for m in play),
        light=_cards(data.get("light", []), f"{where}: light"),
        wrong=_texts(data.get("wrong", {}), f"{where}: wrong"),
        race=names.index(race) if race else -1, shows=tuple(shows),
        title=_text(data, "title", where, required=False), names=tuple(names))


def parse_lesson(text: str, variant: Variant) -> Lesson:
    """A lesson from its TOML text, checked to the last field (not yet played: see
    :func:`check_lesson`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"not a lesson file: {error}") from None
    names = _names(data, "the lesson", variant)
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != len(names):
        raise LessonError("'hands' must give one hand a seat, top card first")
    steps = data.get("steps")
    if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
        raise LessonError(f"a lesson has 1 to {MAX_STEPS} steps")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise LessonError("'options' must be a table of the game's options")
    seed = data.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise LessonError("'seed' must be a whole number")
    wrong = _texts(data.get("wrong", {}), "wrong")
    if "other" not in wrong:
        raise LessonError("'wrong' must explain any other action ('other')")
    lesson = Lesson(
        variant=variant, title=_text(data, "title", "the lesson"),
        intro=_text(data, "intro", "the lesson"), names=tuple(names),
        hands=tuple(_cards(h, f"hand {i + 1}") for i, h in enumerate(hands)),
        steps=_steps(steps, names, variant),
        done=_text(data, "done", "the lesson"), options=dict(options), seed=seed, wrong=wrong)
    for index, step in enumerate((None, *lesson.steps)):
        if index and (step is None or step.hands is None):
            continue
        try:
            game = lesson.new_game(step)
            check_deck(lesson.variant, game.rules, [list(h) for h in game.initial_hands])
        except (OptionsError, ValueError) as error:
            where = f"step {index}" if index else "the lesson"
            raise LessonError(f"{where}: the game cannot be dealt: {error}") from None
    return lesson


def _steps(data: list[Any], names: tuple[str, ...], variant: Variant) -> tuple[Step, ...]:
    """The steps, each knowing the table's names (a new deal may seat others)."""
    out = []
    for index, step in enumerate(data):
        out.append(_step(step, index, names, variant))
        names = out[-1].names
    return tuple(out)


def lesson_of(variant: Variant | str) -> Lesson | None:
    """The lesson of a variant (by name or alias), or None if it has none."""
    found = find_variant(variant) if isinstance(variant, str) else variant
    if not found.lesson:
        return None
    package = resources.files("ratscrew.variants")
    return parse_lesson(package.joinpath(found.lesson).read_text(encoding="utf-8"), found)


def lessons() -> list[Lesson]:
    """Every variant's lesson, in the variants' order."""
    out = []
    for variant in sorted(VARIANTS.values(), key=lambda v: v.order):
        if (lesson := lesson_of(variant)) is not None:
            out.append(lesson)
    return out


# --------------------------------------------------------------------------- playing a lesson


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the learner's action did: ``right`` (the game went on), ``wrong`` or ``raced``
    (nothing changed: the step is tried again, :attr:`why` says why)."""

    kind: str
    why: str = ""
    events: tuple[Event, ...] = ()


class LessonRun:
    """A lesson being taught: the game at the current step, and the learner's actions."""

    def __init__(self, lesson: Lesson, step: int = 0) -> None:
        self.lesson = lesson
        self.index = 0
        """The current step (0-based); ``len(steps)`` once the lesson is done."""
        self.actions: list[Action] = []
        """The current game's actions (a step with a new deal begins a new game)."""
        self.game = lesson.new_game()
        self.events: list[Event] = []
        """The events of the learner's last action, then of the current step's ``play``."""
        self._queue: list[Move] = []
        self._enter()
        while self.index < min(step, len(lesson.steps)):
            self.show_me()

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def learner(self) -> int:
        return 0

    def _take(self, move: Move, gap: int = GAP_MS) -> list[Event]:
        action = Action(self.game.t + gap, move.seat, move.kind, move.arg)
        self.actions.append(action)
        return self.game.apply(action)

    def _enter(self, settle: bool = True) -> None:
        """Begin the current step: a new deal if it has one, then the others play what leads
        to it (all at once, or with ``settle`` False one at a time: :meth:`play_one`)."""
        step = self.step
        self.events = []
        if step is not None and step.hands is not None:
            self.game = self.lesson.new_game(step)
            self.actions = []
            self.events = list(self.game.events)
        self._queue = list(step.play) if step is not None else []
        if settle:
            self.settle()

    @property
    def settled(self) -> bool:
        """Whether the others have played all that leads to the current step."""
        return not self._queue

    def play_one(self) -> list[Event]:
        """The others' next move leading to the current step (the page shows them one at a
        time): its events, also added to :attr:`events`."""
        if not self._queue:
            return []
        events = self._take(self._queue.pop(0))
        self.events.extend(events)
        return events

    def settle(self) -> None:
        """The others' moves leading to the current step, all played."""
        while self._queue:
            self.play_one()

    def expected(self) -> str:
        """The learner's action this step waits for (:attr:`Move.name`, or ``next``)."""
        step = self.step
        if step is None:
            return ""
        return step.do.name if step.do is not None else NEXT

    def learner_actions(self) -> list[str]:
        """Every action the learner could take now, as :meth:`expected` names them: the
        seat's keys (:func:`~ratscrew.core.variant.seat_actions`), the answers of a decision
        the learner is asked, and the variant's own actions (each player a K.U.R.S. fine
        could name)."""
        game = self.game
        out = list(seat_actions(game.variant, game.slapping))
        decision = game.pending
        if decision is not None and decision.seat == self.learner:
            out.extend(f"choose:{option}" for option in decision.options)
        out.extend(f"{kind}:{seat + 1}" for kind in game.variant.actions for seat in range(game.n))
        return out

    def explain(self, action: str) -> str:
        """Why ``action`` is not this step's: the step's sentence for it, or the lesson's (in
        the language in use)."""
        step = self.step
        kind = action.split(":")[0].removesuffix("-left").removesuffix("-right")
        for table in ((step.wrong if step else {}), self.lesson.wrong):
            for key in (action, kind):
                if key in table:
                    return t(table[key])
        return t(self.lesson.wrong["other"])

    def act(self, action: str, settle: bool = True) -> Outcome:
        """The learner does ``action`` (as :meth:`expected` names actions): the step's own
        action plays on to the next step (whose lead-in the others play at once, or with
        ``settle`` False one move at a time: :meth:`play_one`); any other is explained and
        changes nothing."""
        self.settle()
        if self.done:
            return Outcome("wrong", "")
        if action != self.expected():
            return Outcome("wrong", self.explain(action))
        return self._right(settle)

    def show_me(self, settle: bool = True) -> Outcome:
        """Play this step's action for the learner."""
        self.settle()
        if self.done:
            return Outcome("wrong", "")
        return self._right(settle)

    def _right(self, settle: bool) -> Outcome:
        step = self.step
        assert step is not None
        events: list[Event] = []
        if step.do is not None:
            gap = SLAP_MS if step.do.kind == "slap" else GAP_MS
            events = self._take(Move(self.learner, step.do.kind, step.do.arg), gap)
        self.index += 1
        self._enter(settle)
        self.events = [*events, *self.events]
        return Outcome("right", events=tuple(events))

    def lose_race(self) -> Outcome:
        """The racing bot slapped before the learner: said, and the step is tried again (the
        game as it was)."""
        step = self.step
        if step is None or step.race < 0:
            return Outcome("wrong", "")
        name = step.names[step.race]
        why = step.wrong.get("race") or self.lesson.wrong.get("race") or RACE_LOST
        return Outcome("raced", t(why, name=name))

    def back(self) -> None:
        """Back to the step before (the game replayed to where it began)."""
        self.goto(max(0, self.index - 1))

    def goto(self, index: int) -> None:
        """To step ``index`` (its beginning), the steps before it played as shown."""
        index = max(0, min(index, len(self.lesson.steps)))
        fresh = LessonRun(self.lesson, index)
        self.index, self.actions, self._queue = fresh.index, fresh.actions, fresh._queue
        self.game, self.events = fresh.game, fresh.events
