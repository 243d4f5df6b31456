"""A game's record on the table, for stepping through it and going back.

Browser-free (no ``js``). The table shows one moment of the record: the game after its first
so many actions. At the live end the record is the game's own history; after going back it
goes on past the moment shown, until play resumes there and the rest is cut.
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

from ratscrew.core.engine import Action, Game
from ratscrew.core.events import Event

Step = tuple[int, int, str, str]
"""One action of a record: its game time, seat, kind and argument."""

MARK_EVERY = 200
"""Going back keeps a copy of the game every this many actions of the record, so that a
moment is reached by replaying from the nearest copy, not from the deal."""


class Timeline:
    """The record of the game on the table, and the moment of each of its events."""

    def __init__(self, new_game: Callable[[], Game], game: Game) -> None:
        self.new_game = new_game
        """A fresh copy of the game's deal, no action taken (:meth:`seek` replays on it)."""
        self.tape: list[Step] = game.history
        """Every action of the record from the deal on, the ones after the moment shown
        included; at the live end it is the game's own history."""
        self.events: list[Event] = game.events
        """The events of the whole record (at the live end, the game's own)."""
        self.steps: list[int] = []
        """For each event of :attr:`events`, the number of actions of the record after which
        it had happened: the moment a log entry takes the table back to."""
        self._marks: dict[int, Game] = {}
        """Copies of the game after so many actions of the record (:data:`MARK_EVERY`),
        without their events and history (:meth:`_restore` adds the record's)."""
        self.sync(game)

    def load(self, tape: Sequence[Step], events: Sequence[Event]) -> None:
        """A whole record ahead of the deal on show: its actions and their events."""
        self.tape = list(tape)
        self.steps = self._steps_of(self.tape)
        # A capped record's end (the replay stops it) is no action: not a moment to show.
        self.events = list(events[:len(self.steps)])

    def _steps_of(self, tape: Sequence[Step]) -> list[int]:
        """:attr:`steps` for a record: its actions replayed on a fresh deal."""
        game = self.new_game()
        steps = [0] * len(game.events)
        for step, (t, seat, kind, arg) in enumerate(tape, 1):
            before = len(game.events)
            game.apply(Action(t, seat, kind, arg))
            steps.extend([step] * (len(game.events) - before))
        return steps

    def sync(self, game: Game) -> None:
        """Note the moment of each new event of the live ``game`` (the record's length once
        it had happened)."""
        missing = len(self.events) - len(self.steps)
        if missing > 0:
            self.steps.extend([len(game.history)] * missing)

    def reviewing(self, game: Game) -> bool:
        """Whether ``game`` (the one on show) is a past moment: the record goes on after it."""
        return self.tape is not game.history

    def cut(self, game: Game) -> None:
        """Drop what the record had after ``game``'s moment: play goes on from there."""
        position = len(game.history)
        self.tape = game.history
        self.events = game.events
        del self.steps[len(self.events):]
        for step in [m for m in self._marks if m > position]:
            del self._marks[step]

    def seek(self, game: Game, step: int) -> Game:
        """The game after the record's first ``step`` actions, ``game`` being the one on
        show. Going back replays that prefix on a fresh copy of the deal (the engine needs no
        undo), from the nearest kept copy; going forward applies the record's next actions
        to ``game`` itself."""
        position = len(game.history)
        tape = self.tape if self.reviewing(game) else list(self.tape)
        start = max((m for m in self._marks if m <= step), default=0)
        if position < step:
            start = position
        elif start:
            game = self._restore(start, tape)
        else:
            game = self.new_game()
        for done in range(start, step):
            if done and done % MARK_EVERY == 0 and done not in self._marks:
                self._marks[done] = copy_game(game, [], [])
            t, seat, kind, arg = tape[done]
            game.apply(Action(t, seat, kind, arg))
        if len(game.history) == len(tape):  # the live end again
            self.tape = game.history
            self.events = game.events
        else:
            self.tape = tape
        return game

    def _restore(self, step: int, tape: list[Step]) -> Game:
        """The game after the record's first ``step`` actions, from its copy."""
        events = self.events[:bisect_right(self.steps, step)]
        return copy_game(self._marks[step], events, tape[:step])


def copy_game(game: Game, events: list[Event], history: list[Step]) -> Game:
    """A copy of ``game`` with the given events and history (its variant and rules, which
    never change, shared)."""
    memo: dict[int, Any] = {id(game.events): events, id(game.history): history,
                            id(game.variant): game.variant, id(game.rules): game.rules}
    return copy.deepcopy(game, memo)
