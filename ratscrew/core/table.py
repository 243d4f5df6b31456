"""What a variant's hooks see of a game, and what they may hand it.

A variant (:class:`~ratscrew.core.variant.Variant`) changes play through hooks that the engine
calls with the game. They are typed against :class:`VariantTable`, not the engine's
:class:`~ratscrew.core.engine.Game`: the protocol lists everything a hook may read or call,
and mypy checks both that the hooks keep to it and that a ``Game`` provides it. Besides
reading and calling, a hook may set the few attributes the protocol lists as settable, hand
the table a :class:`Decision` to wait for (:meth:`VariantTable.ask`) or a :class:`Phase` that
takes it over, and keep its own state in :attr:`VariantTable.state`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from ratscrew.core.actions import clean_text
from ratscrew.core.cards import Card
from ratscrew.core.events import NO_REASON, Event, Reason
from ratscrew.i18n import Text, msg

if TYPE_CHECKING:
    from ratscrew.core.challenge import Challenge
    from ratscrew.core.engine import Outcome, SeatStats
    from ratscrew.core.options import Rules
    from ratscrew.core.penalties import Penalties
    from ratscrew.core.pile import Pile
    from ratscrew.core.rng import Rng
    from ratscrew.core.variant import Variant

S = TypeVar("S")


class VariantTable(Protocol):
    """Everything a variant hook may read or call on the game (and set, where it says)."""

    # -- settable ----------------------------------------------------------------------------
    turn: int
    """The seat to play next (an effect may pass the turn on)."""
    play_on: int
    """The seat playing on alone with every card (``ending``), -1 for none."""
    play_on_left: int
    phase: Phase | None
    """A stretch of play that takes the table over (a burn contest); None to end it."""
    state: object
    """The variant's own state (see :meth:`state_as`)."""

    # -- read --------------------------------------------------------------------------------
    @property
    def n(self) -> int: ...
    @property
    def t(self) -> int:
        """The game time of the action being taken (ms)."""
    @property
    def rules(self) -> Rules: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def dir(self) -> int:
        """1 for clockwise play, -1 for counterclockwise."""
    @property
    def dealer(self) -> int: ...
    @property
    def hands(self) -> list[deque[Card]]:
        """Each seat's hand, top card first (an effect may move cards or swap hands)."""
    @property
    def counts(self) -> tuple[int, ...]: ...
    @property
    def pile(self) -> Pile: ...
    @property
    def challenge(self) -> Challenge: ...
    @property
    def penalties(self) -> Penalties: ...
    @property
    def side_piles(self) -> dict[str, list[Card]]:
        """The variant's other piles (the Burn pile), bottom first; their cards are in play."""
    @property
    def removed(self) -> list[Card]:
        """Cards an effect took out of play; they still count as dealt."""
    @property
    def table_rng(self) -> Rng:
        """The table's own randomness (dice), from the seed, so a record replays it."""
    @property
    def stats(self) -> Sequence[SeatStats]: ...
    @property
    def tricks(self) -> int: ...
    @property
    def outcome(self) -> Outcome | None: ...

    def name(self, seat: int) -> str | Text: ...
    def in_game(self, seat: int) -> bool: ...
    def next_seat(self, seat: int) -> int: ...
    def won_alone(self) -> bool: ...
    def state_as(self, kind: type[S]) -> S: ...

    # -- call ----------------------------------------------------------------------------------
    def emit(self, event: Event) -> None: ...
    def ignore(self, seat: int, action: str, reason: Reason) -> None: ...
    def ask(self, decision: Decision) -> None: ...
    def play_as(self, seat: int, card: Card) -> None: ...
    def put_on_pile(self, seat: int, card: Card) -> None: ...
    def put_covered(self, seat: int, card: Card) -> None: ...
    def remove_from_pile(self, card: Card) -> None: ...
    def clear_pile(self) -> list[Card]: ...
    def award(self, seat: int, how: str = "challenge", cause: str = "") -> None: ...
    def take_pile(self, seat: int, how: str, rule: str = "", cards: tuple[Card, ...] = (),
                  leader: int = -1, cause: str = "", said: Text = NO_REASON) -> None: ...
    def count_pile(self, cause: str) -> None: ...
    def challenge_lost(self, seat: int) -> None: ...
    def cancel_claim(self) -> None: ...
    def settle_lone_holder(self) -> None: ...
    def reverse(self) -> None: ...


@dataclass(slots=True)
class Decision:
    """A choice the game waits for. Only ``seat`` may answer, with one of ``options``."""

    seat: int
    prompt: Text
    """The question, said in the reader's language (:func:`~ratscrew.i18n.msg`)."""
    options: tuple[str, ...]
    default: str
    resolve: Callable[[VariantTable, str], None]
    bot_policy: Callable[[VariantTable, float], str] | None = None
    """How a bot chooses, given a uniform draw in [0, 1): a variant's sensible policy. Without
    one a bot picks any option at random."""
    labels: tuple[str | Text, ...] = ()
    """What to show for each option (same order), when the option itself is a code (a seat
    number): e.g. the players' names."""
    cards: tuple[Card, ...] = ()
    """Cards the deciding player looks at while choosing (the Hermit's hand-out)."""
    free_text: int = 0
    """If more than 0, the answer may also be any text of up to this many characters (a
    decree); ``options`` are then suggestions."""
    check: Callable[[VariantTable, str], Text] | None = None
    """Why an answer that :meth:`accepts` takes is refused all the same ("" if it is not):
    the decision stays pending (K.U.R.S.' Star: a song already sung)."""

    def label(self, option: str) -> str:
        """What ``option`` is said as, in the language in use."""
        return str(self.label_text(option))

    def label_text(self, option: str) -> str | Text:
        """What ``option`` is said as, to be said when read (an event keeps it)."""
        if self.labels and option in self.options:
            return self.labels[self.options.index(option)]
        return option

    def accepts(self, choice: str) -> str:
        """The answer ``choice`` stands for ("" if it is not an answer to this decision)."""
        if choice in self.options:
            return choice
        if self.free_text:
            return clean_text(choice, self.free_text)
        return ""


class Phase:
    """A stretch of play that takes the table over (Firefighters' burn contest).

    While ``game.phase`` is set, flips wait (``waiting`` says why) and every slap goes to
    :meth:`slap`. At ``deadline`` (game ms; -1 for none) the phase ends by itself through
    :meth:`expire`: the first action at or after that time, or a ``tick``, triggers it, so a
    replay ends it at the same moment. A phase ends by setting ``game.phase`` to None.
    """

    name = "phase"
    deadline = -1

    @property
    def waiting(self) -> Reason:
        return msg("the table is busy")

    def slap(self, game: VariantTable, seat: int, hand: str) -> None:
        game.ignore(seat, "slap", self.waiting)

    def expire(self, game: VariantTable) -> None:
        game.phase = None

    def expects(self, game: VariantTable, seat: int) -> bool:
        """Whether the phase waits for a slap from ``seat`` (bots make it)."""
        return False
