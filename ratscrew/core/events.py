"""What happened: one small object per thing that changed, each able to explain itself.

Events are plain data (``to_dict`` gives JSON) and carry a millisecond timestamp ``t``. The
sentence comes from :meth:`Event.explain`, built only when someone reads it, so simulations pay
nothing for it. ``names`` gives the players' names by seat; without it players are "player 1",
"player 2", ...

``controls`` says how each seat's player acts (:class:`Controls`): the few sentences that name
a key or a button say it as the table plays (a key on a shared keyboard, a button on a touch
screen, the buttons of a player's own phone), each as a whole sentence of its own for each
way (:data:`DEVICES`), with named placeholders. Without it they use a neutral wording, true
whatever the device (the command line's). The engine itself knows no device.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ratscrew.core.cards import Card, codes


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"player {seat + 1}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --------------------------------------------------------------------------- punctuation

_DOUBLED = re.compile(r"(?<!\.)([.!?\u2026][\"'\u201d\u2019]*)\.(?=\s|$)|[,;:](?=\.(?:\s|$))")
"""A full stop after a sentence's own stop (a name such as "Dr." or a quoted decree that ends
a sentence), or a comma, colon or semicolon a name ends with just before a full stop."""


def tidy(text: str) -> str:
    """``text`` without the doubled punctuation names and quotes can bring: "... by Dr.."
    is "... by Dr.", "... the word 'card'.”." ends at the quote, "... from Bob,." is
    "... from Bob." (an ellipsis "..." is left as it is)."""
    return _DOUBLED.sub(lambda m: m.group(1) or "", text)


def full_stop(text: str) -> str:
    """``text`` ended as a sentence: with a full stop, unless it ends with a stop of its own
    (a name that ends in one, a quoted sentence)."""
    return tidy(text + ".")


# --------------------------------------------------------------------------- controls

KEYS, TOUCH, PHONE = "keys", "touch", "phone"
DEVICES = (KEYS, TOUCH, PHONE)
"""How a person plays: with their keys on a keyboard the table shares, with their seat's
buttons on a touch screen, or with the buttons of their own phone. ``""`` is no device to
name (a bot, the command line): the neutral wording."""


@dataclass(frozen=True, slots=True)
class Controls:
    """How each seat's player acts (one of :data:`DEVICES`, or ``""`` for a bot), in seat
    order: what the table tells :meth:`Event.explain`."""

    seats: tuple[str, ...] = ()

    def of(self, seat: int) -> str:
        """The device of ``seat`` ("" for none, or a seat it does not list)."""
        seats = self.seats
        return seats[seat] if 0 <= seat < len(seats) else ""

    def common(self, seats: Iterable[int] | None = None) -> str:
        """The device every person among ``seats`` (every seat by default) plays with; ""
        when they differ (a mixed table: the neutral wording is true for all) or none of
        them is a person."""
        chosen = self.seats if seats is None else tuple(self.of(s) for s in seats)
        found = {d for d in chosen if d}
        return found.pop() if len(found) == 1 else ""


def device_of(controls: Controls | None, seat: int) -> str:
    """The device of ``seat`` in ``controls`` ("" without any)."""
    return controls.of(seat) if controls is not None else ""


def common_device(controls: Controls | None, seats: Iterable[int] | None = None) -> str:
    """:meth:`Controls.common` ("" without controls)."""
    return controls.common(seats) if controls is not None else ""


def pick(texts: Mapping[str, str], device: str) -> str:
    """The text for ``device`` (the neutral one, under "", for a device it has none for)."""
    return texts.get(device) or texts[""]


@dataclass(frozen=True, slots=True)
class Wording:
    """Words that name how a player acts, kept in an event (a reason that says which key or
    button to use): a whole text for each device (``texts``, the neutral one under ""),
    whose named placeholders ``values`` fill. ``str()`` and ``to_dict`` give the neutral
    text."""

    texts: tuple[tuple[str, str], ...]
    values: tuple[tuple[str, str], ...] = ()

    def say(self, device: str = "") -> str:
        return pick(dict(self.texts), device).format_map(dict(self.values))

    def __str__(self) -> str:
        return self.say()


def wording(texts: Mapping[str, str], **values: str) -> Wording:
    """A :class:`Wording` of ``texts`` (by device; "" the neutral one, which it must have)."""
    if not texts.get(""):
        raise ValueError("a wording needs its neutral text (under \"\")")
    return Wording(tuple(texts.items()), tuple(values.items()))


Reason = str | Wording
"""Why something happened as an event keeps it: plain words, or words that name a device."""


def say(reason: Reason, device: str = "") -> str:
    """A reason in the words of ``device``."""
    return reason.say(device) if isinstance(reason, Wording) else reason


@dataclass(slots=True, eq=False)
class Event:
    kind: ClassVar[str] = "event"
    t: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Card):
                value = value.code
            elif isinstance(value, tuple) and value and isinstance(value[0], Card):
                value = [c.code for c in value]
            elif isinstance(value, Wording):
                value = value.say()
            out[f.name] = value
        return out


@dataclass(slots=True, eq=False)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    counts: tuple[int, ...]
    leader: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        total = sum(self.counts)
        if len(set(self.counts)) == 1:
            split = f"{self.counts[0]} each"
        else:
            split = ", ".join(str(c) for c in self.counts)
        return (
            f"Dealt {plural(total, 'card')} to {len(self.counts)} players ({split}); "
            f"{seat_name(self.leader, names)} leads."
        )


@dataclass(slots=True, eq=False)
class Flipped(Event):
    """A card laid on the pile. ``target``/``chances``: the challenge it starts, if any;
    ``left``: chances left to the player answering a challenge after this card;
    ``answers``: the card starts its challenge in answer to another, which it ends."""

    kind: ClassVar[str] = "flip"
    seat: int
    card: Card
    target: int = -1
    chances: int = 0
    left: int = -1
    dead: bool = False
    answers: bool = False

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        if self.dead:
            return f"{who} plays {self.card} out of turn: a dead card that no slap can use."
        text = f"{who} flips {self.card}"
        if self.target >= 0:
            return (
                f"{text}: {seat_name(self.target, names)} has "
                f"{plural(self.chances, 'chance')} to answer."
            )
        if self.left > 0:
            return f"{text} ({plural(self.left, 'chance')} left)."
        return text + "."


@dataclass(slots=True, eq=False)
class ChallengeWon(Event):
    """Nobody answered ``card`` in time: ``seat`` wins the pile (``failed`` ran out).
    ``claim``: the pile waits to be collected; ``owed``: chances ``failed`` had not used
    (they ran out of cards, or missed the turn), 0 when every chance was played."""

    kind: ClassVar[str] = "challenge-won"
    seat: int
    failed: int
    card: Card
    claim: bool
    owed: int = 0

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        if self.failed < 0 or self.failed == self.seat:
            text = f"Nobody can answer {who}'s {self.card}: {who} wins the pile"
        else:
            text = (
                f"{seat_name(self.failed, names)} could not answer {who}'s {self.card}: "
                f"{who} wins the pile"
            )
        return text + "."


@dataclass(slots=True, eq=False)
class PileTaken(Event):
    """``seat`` takes ``count`` cards. ``how``: challenge, slap, last-chance, default (nobody
    else could play), or a variant's own way; ``rule`` and ``cards``: the slap rule and the
    cards that made it; ``said``: how a variant's own way is said ("Fire put out")."""

    kind: ClassVar[str] = "pile-taken"
    seat: int
    count: int
    how: str
    rule: str = ""
    cards: tuple[Card, ...] = ()
    slapped_in: bool = False
    said: str = ""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        takes = f"{who} takes {plural(self.count, 'card')}"
        if self.slapped_in:
            takes += " and is back in the game"
        if self.said:
            return f"{self.said}: {takes}."
        if self.how == "slap":
            return f"{self.rule} {codes(self.cards)}: {takes}."
        if self.how == "challenge":
            return f"Challenge won: {takes}."
        if self.how == "last-chance":
            return f"Nobody slapped back in: {takes}."
        return f"Nobody else has cards to play: {takes}."


@dataclass(slots=True, eq=False)
class WrongSlap(Event):
    """A slap with nothing to slap. ``penalty``: cards, lockout, strike, barred or none."""

    kind: ClassVar[str] = "wrong-slap"
    seat: int
    penalty: str
    burned: tuple[Card, ...] = ()
    place: str = "bottom"
    flips: int = 0
    strikes: int = 0
    reason: Reason = ""
    """Why a slap on a slappable pile was wrong (the dice asked for the other hand)."""
    flip: bool = False
    """The penalty is for a card put down out of turn, not for a slap (004)."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        text = self._penalty(names)
        if self.flip:
            text = text.replace("Wrong slap by", "Card out of turn by", 1).replace(
                "Wrong slap", "Card out of turn", 1)
        if self.reason:
            why = say(self.reason, device_of(controls, self.seat))
            return text.replace("Wrong slap", f"Wrong slap ({why})", 1)
        return text

    def _penalty(self, names: Sequence[str] | None) -> str:
        who = seat_name(self.seat, names)
        if self.penalty == "cards":
            dead = "a dead card" if len(self.burned) == 1 else "dead cards"
            where = "under the pile" if self.place == "bottom" else f"on top as {dead}"
            return (
                f"Wrong slap: {who} burns {plural(len(self.burned), 'card')} "
                f"({codes(self.burned)}) {where}."
            )
        if self.penalty == "lockout":
            return f"Wrong slap: {who} may not slap for the next {plural(self.flips, 'flip')}."
        if self.penalty == "strike":
            return f"Wrong slap: {who} has no cards and gets strike {self.strikes}."
        if self.penalty == "barred":
            return f"Wrong slap: {who} has no cards and may not slap back in this game."
        if self.penalty == "miss-turn":
            turns = "turn" if self.flips == 1 else f"{self.flips} turns"
            return f"Wrong slap: {who} misses their next {turns}."
        if self.penalty == "burn":
            return (f"Wrong slap: {who} has no cards and burns their hand: no slapping until "
                    "the pile is next taken.")
        return f"Wrong slap by {who} (no penalty)."


@dataclass(slots=True, eq=False)
class Ignored(Event):
    """An action that changed nothing, and why (too late, locked out, not your turn...)."""

    kind: ClassVar[str] = "ignored"
    seat: int
    action: str
    reason: Reason

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        why = say(self.reason, device_of(controls, self.seat))
        return full_stop(f"{seat_name(self.seat, names)}'s {self.action} is ignored: {why}")


@dataclass(slots=True, eq=False)
class OutOfCards(Event):
    """``seat`` has no cards. ``eliminated``: out of the game (Beggar-My-Neighbour), otherwise
    out of the turn order until they slap back in."""

    kind: ClassVar[str] = "out-of-cards"
    seat: int
    eliminated: bool

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        if self.eliminated:
            return f"{who} has no cards to play and is out of the game."
        return f"{who} has no cards left: out of the turn order until they win cards back."


@dataclass(slots=True, eq=False)
class TurnMissed(Event):
    """``seat`` misses a turn (the wrong-slap penalty ``miss-turn``); ``next`` plays instead,
    answering the challenge if one is on."""

    kind: ClassVar[str] = "turn-missed"
    seat: int
    next: int
    challenge: bool

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who, nxt = seat_name(self.seat, names), seat_name(self.next, names)
        does = "answers the challenge" if self.challenge else "plays"
        return f"{who} misses this turn (the wrong-slap penalty): {nxt} {does} instead."


@dataclass(slots=True, eq=False)
class BackIn(Event):
    """``seat``, out of the game, was given cards by a rule (a K.U.R.S. card they laid whose
    effect played out after they were out): they are back in."""

    kind: ClassVar[str] = "back-in"
    seat: int
    cards: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return (f"{seat_name(self.seat, names)} holds {plural(self.cards, 'card')} again and "
                "is back in the game.")


@dataclass(slots=True, eq=False)
class PlayOn(Event):
    """``seat`` holds every card but must still flip: ``flips`` last-chance cards, or
    (``flips`` = 0) until a face card."""

    kind: ClassVar[str] = "play-on"
    seat: int
    flips: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = seat_name(self.seat, names)
        if self.flips:
            return (
                f"{who} holds every card and flips {plural(self.flips, 'more card')}: "
                "a last chance for the others to slap back in."
            )
        return f"{who} holds every card without winning a challenge: play on until a face card."


@dataclass(slots=True, eq=False)
class Asked(Event):
    """A choice the game waits for: only ``seat`` may answer (see :class:`Decision`)."""

    kind: ClassVar[str] = "asked"
    seat: int
    prompt: str
    options: tuple[str, ...]

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return tidy(f"{seat_name(self.seat, names)} must choose: {self.prompt}")


@dataclass(slots=True, eq=False)
class Chose(Event):
    kind: ClassVar[str] = "chose"
    seat: int
    choice: str
    label: str = ""
    """What the choice means, when ``choice`` is a code (a seat number)."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return full_stop(f"{seat_name(self.seat, names)} chooses {self.label or self.choice}")


@dataclass(slots=True, eq=False)
class GameOver(Event):
    """``status``: win, loop (the deal repeats forever) or capped (stopped by a limit)."""

    kind: ClassVar[str] = "game-over"
    status: str
    winner: int = -1
    cards: int = 0
    every: bool = True
    """Whether the winner holds every card in play (not only the only hand left)."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        if self.status == "win" and not self.every:
            return (
                f"{seat_name(self.winner, names)} wins: the only player with cards in hand "
                f"({plural(self.cards, 'card')})."
            )
        if self.status == "win":
            return f"{seat_name(self.winner, names)} wins with all {self.cards} cards."
        if self.status == "loop":
            return "The game has come back to a position it was in before: it would never end."
        return "The game was stopped before anyone won."
