"""What happened: one small object per thing that changed, each able to explain itself.

Events are plain data (``to_dict`` gives JSON) and carry a millisecond timestamp ``t``. The
sentence comes from :meth:`Event.explain`, built only when someone reads it, so simulations pay
nothing for it, in the language in use (:mod:`ratscrew.i18n`: each sentence is one message
with named placeholders). ``names`` gives the players' names by seat; without it players are
"player 1", "player 2", ...

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
from ratscrew.i18n import ENGLISH, N_, Text, t, tn


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t("player {number}", number=seat + 1)


# --------------------------------------------------------------------------- punctuation

_DOUBLED = re.compile(
    r"(?<!\.)([.!?\u2026][\"'\u201d\u2019\u2069]*)\.(?=\s|$)|[,;:](?=\u2069?\.(?:\s|$))")
"""A full stop after a sentence's own stop (a name such as "Dr." or a quoted decree that ends
a sentence), or a comma, colon or semicolon a name ends with just before a full stop (a
name isolated by :func:`ratscrew.i18n.isolating` ends with U+2069 after its own stop)."""


def tidy(text: str) -> str:
    """``text`` without the doubled punctuation names and quotes can bring: "... by Dr.."
    is "... by Dr.", "... the word 'card'.”." ends at the quote, "... from Bob,." is
    "... from Bob." (an ellipsis "..." is left as it is)."""
    return _DOUBLED.sub(lambda m: m.group(1) or "", text)


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
    values: tuple[tuple[str, object], ...] = ()

    def say(self, device: str = "") -> str:
        """The words for ``device`` in the language in use."""
        return Text(pick(dict(self.texts), device), self.values).say()

    def english(self) -> str:
        """The neutral words in English (what a record keeps)."""
        return Text(pick(dict(self.texts), ""), self.values).say(ENGLISH)

    def __str__(self) -> str:
        return self.say()


def wording(texts: Mapping[str, str], **values: object) -> Wording:
    """A :class:`Wording` of ``texts`` (by device; "" the neutral one, which it must have)."""
    if not texts.get(""):
        raise ValueError("a wording needs its neutral text (under \"\")")
    return Wording(tuple(texts.items()), tuple(values.items()))


Reason = Text | Wording
"""Why something happened as an event keeps it: words (:func:`~ratscrew.i18n.msg`), or
words that name a device."""

NO_REASON = Text("")
"""No reason given (false as a truth value)."""


def say(reason: Reason, device: str = "") -> str:
    """A reason in the words of ``device``, in the language in use."""
    return reason.say(device) if isinstance(reason, Wording) else reason.say()


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
            elif isinstance(value, Wording | Text):
                value = value.english()
            elif isinstance(value, tuple) and value and isinstance(value[0], Text):
                value = [v.english() for v in value]
            out[f.name] = value
        return out


@dataclass(slots=True, eq=False)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    counts: tuple[int, ...]
    leader: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        total, players = sum(self.counts), len(self.counts)
        leader = seat_name(self.leader, names)
        if len(set(self.counts)) == 1:
            return tn("Dealt {total} card to {players} players ({each} each); {leader} leads.",
                      "Dealt {total} cards to {players} players ({each} each); {leader} leads.",
                      total, total=total, players=players, each=self.counts[0], leader=leader)
        return tn("Dealt {total} card to {players} players ({counts}); {leader} leads.",
                  "Dealt {total} cards to {players} players ({counts}); {leader} leads.",
                  total, total=total, players=players, leader=leader,
                  counts=", ".join(str(c) for c in self.counts))


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
        who, card = seat_name(self.seat, names), self.card.code
        if self.dead:
            return t("{who} plays {card} out of turn: a dead card that no slap can use.",
                     who=who, card=card)
        if self.target >= 0:
            return tn("{who} flips {card}: {target} has {n} chance to answer.",
                      "{who} flips {card}: {target} has {n} chances to answer.",
                      self.chances, who=who, card=card, n=self.chances,
                      target=seat_name(self.target, names))
        if self.left > 0:
            return tn("{who} flips {card} ({n} chance left).",
                      "{who} flips {card} ({n} chances left).",
                      self.left, who=who, card=card, n=self.left)
        return t("{who} flips {card}.", who=who, card=card)


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
        who, card = seat_name(self.seat, names), self.card.code
        if self.failed < 0 or self.failed == self.seat:
            # i18n: {card} is a card's code (QH: the Queen of Hearts).
            return t("Nobody can answer {who}'s {card}: {who} wins the pile.", who=who, card=card)
        return t("{failed} could not answer {who}'s {card}: {who} wins the pile.",
                 failed=seat_name(self.failed, names), who=who, card=card)


PILE_TAKEN = {
    "challenge": N_("Challenge won: {takes}"),
    "last-chance": N_("Nobody slapped back in: {takes}"),
    "default": N_("Nobody else has cards to play: {takes}"),
}
"""How a pile is taken, by ``PileTaken.how`` (a slap names its rule; a variant's own way
says itself): the sentence's first words, ``{takes}`` the rest."""


@dataclass(slots=True, eq=False)
class PileTaken(Event):
    """``seat`` takes ``count`` cards. ``how``: challenge, slap, last-chance, default (nobody
    else could play), or a variant's own way; ``rule`` and ``cards``: the slap rule (its
    name, a message id) and the cards that made it; ``said``: how a variant's own way is said
    ("Fire put out")."""

    kind: ClassVar[str] = "pile-taken"
    seat: int
    count: int
    how: str
    rule: str = ""
    cards: tuple[Card, ...] = ()
    slapped_in: bool = False
    said: Text = NO_REASON

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who, n = seat_name(self.seat, names), self.count
        if self.slapped_in:
            takes = tn("{who} takes {n} card and is back in the game.",
                       "{who} takes {n} cards and is back in the game.", n, who=who, n=n)
        else:
            takes = tn("{who} takes {n} card.", "{who} takes {n} cards.", n, who=who, n=n)
        if self.said:
            # i18n: How a variant's own way to take the pile is said, then who takes it.
            return t("{said}: {takes}", said=self.said, takes=takes)
        if self.how == "slap":
            # i18n: A slap rule's name (Double), the cards that made it, who takes the pile.
            return t("{rule} {cards}: {takes}", rule=t(self.rule), cards=codes(self.cards),
                     takes=takes)
        return t(PILE_TAKEN.get(self.how, PILE_TAKEN["default"]), takes=takes)


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
    reason: Reason = NO_REASON
    """Why a slap on a slappable pile was wrong (the dice asked for the other hand)."""
    flip: bool = False
    """The penalty is for a card put down out of turn, not for a slap (004)."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        what = (t("Card out of turn") if self.flip else t("Wrong slap"))
        if self.reason:
            # i18n: "Wrong slap" or "Card out of turn", then why it was wrong.
            what = t("{what} ({why})", what=what, why=say(self.reason,
                                                         device_of(controls, self.seat)))
        return tidy(self._penalty(what, seat_name(self.seat, names)))

    def _penalty(self, what: str, who: str) -> str:
        n = len(self.burned)
        if self.penalty == "cards":
            if self.place == "bottom":
                return tn("{what}: {who} burns {n} card ({cards}) under the pile.",
                          "{what}: {who} burns {n} cards ({cards}) under the pile.",
                          n, what=what, who=who, n=n, cards=codes(self.burned))
            return tn("{what}: {who} burns {n} card ({cards}) on top as a dead card.",
                      "{what}: {who} burns {n} cards ({cards}) on top as dead cards.",
                      n, what=what, who=who, n=n, cards=codes(self.burned))
        if self.penalty == "lockout":
            return tn("{what}: {who} may not slap for the next {n} flip.",
                      "{what}: {who} may not slap for the next {n} flips.",
                      self.flips, what=what, who=who, n=self.flips)
        if self.penalty == "strike":
            return t("{what}: {who} has no cards and gets strike {n}.", what=what, who=who,
                     n=self.strikes)
        if self.penalty == "barred":
            return t("{what}: {who} has no cards and may not slap back in this game.",
                     what=what, who=who)
        if self.penalty == "miss-turn":
            return tn("{what}: {who} misses their next turn.",
                      "{what}: {who} misses their next {n} turns.",
                      self.flips, what=what, who=who, n=self.flips)
        if self.penalty == "burn":
            return t("{what}: {who} has no cards and burns their hand: no slapping until the "
                     "pile is next taken.", what=what, who=who)
        # i18n: "Wrong slap" or "Card out of turn" (with its reason), then who.
        return t("{what} by {who} (no penalty).", what=what, who=who)


IGNORED = {
    "flip": N_("{who}'s flip is ignored: {why}."),
    "slap": N_("{who}'s slap is ignored: {why}."),
    "choice": N_("{who}'s choice is ignored: {why}."),
    "fine": N_("{who}'s fine is ignored: {why}."),
    "burn": N_("{who}'s burn is ignored: {why}."),
}
"""An ignored action's sentence, by the action."""


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
        text = IGNORED.get(self.action) or N_("{who}'s {action} is ignored: {why}.")
        return tidy(t(text, who=seat_name(self.seat, names), action=self.action, why=why))


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
            return t("{who} has no cards to play and is out of the game.", who=who)
        return t("{who} has no cards left: out of the turn order until they win cards back.",
                 who=who)


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
        if self.challenge:
            return t("{who} misses this turn (the wrong-slap penalty): {next} answers the "
                     "challenge instead.", who=who, next=nxt)
        return t("{who} misses this turn (the wrong-slap penalty): {next} plays instead.",
                 who=who, next=nxt)


@dataclass(slots=True, eq=False)
class BackIn(Event):
    """``seat``, out of the game, was given cards by a rule (a K.U.R.S. card they laid whose
    effect played out after they were out): they are back in."""

    kind: ClassVar[str] = "back-in"
    seat: int
    cards: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return tn("{who} holds {n} card again and is back in the game.",
                  "{who} holds {n} cards again and is back in the game.",
                  self.cards, who=seat_name(self.seat, names), n=self.cards)


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
            return tn("{who} holds every card and flips {n} more card: a last chance for the "
                      "others to slap back in.",
                      "{who} holds every card and flips {n} more cards: a last chance for the "
                      "others to slap back in.", self.flips, who=who, n=self.flips)
        return t("{who} holds every card without winning a challenge: play on until a face "
                 "card.", who=who)


@dataclass(slots=True, eq=False)
class Asked(Event):
    """A choice the game waits for: only ``seat`` may answer (see :class:`Decision`)."""

    kind: ClassVar[str] = "asked"
    seat: int
    prompt: Text
    options: tuple[str, ...]

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return tidy(t("{who} must choose: {prompt}", who=seat_name(self.seat, names),
                      prompt=self.prompt))


@dataclass(slots=True, eq=False)
class Chose(Event):
    kind: ClassVar[str] = "chose"
    seat: int
    choice: str
    label: str | Text = ""
    """What the choice means, when ``choice`` is a code (a seat number)."""

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return tidy(t("{who} chooses {choice}.", who=seat_name(self.seat, names),
                      choice=self.label or self.choice))


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
        who = seat_name(self.winner, names)
        if self.status == "win" and not self.every:
            return tn("{who} wins: the only player with cards in hand ({n} card).",
                      "{who} wins: the only player with cards in hand ({n} cards).",
                      self.cards, who=who, n=self.cards)
        if self.status == "win":
            return tn("{who} wins with all {n} card.", "{who} wins with all {n} cards.",
                      self.cards, who=who, n=self.cards)
        if self.status == "loop":
            return t("The game has come back to a position it was in before: it would never "
                     "end.")
        return t("The game was stopped before anyone won.")
