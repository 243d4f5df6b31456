"""What the table says, and for how long: the headline, the notes at a seat, the live region.

Browser-free (tested in CPython), used by :class:`web.table.view.TableView`:

- :class:`Headline`: the last *notable* event (a pile won and why, a wrong slap, a won
  challenge, a variant's own moments, the end...), held for at least :func:`hold_ms` of real
  time. A newer notable event of the same or a higher rank replaces it at once; one of a lower
  rank (a question asked just after a slap won the pile) waits until the hold is over. Flips
  are shown by the cards and the challenge line, and an ignored action never reaches the
  headline: it becomes a note at the seat that acted (:func:`seat_notes`).
- :class:`Announcer`: what the screen reader's live region says. Notable events, as they
  come, at the slower speeds; at 4x and faster (and instant) a short summary at most every
  :data:`SUMMARY_MS`, instead of every card.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ratscrew.core.events import (
    BackIn,
    Controls,
    Event,
    Ignored,
    OutOfCards,
    PileTaken,
    TurnMissed,
    WrongSlap,
    device_of,
    say,
)
from ratscrew.i18n import N_, t, tn
from web.model.variant_page import event_ranks

RANKS: dict[str, int] = {
    "game-over": 5,
    "pile-taken": 4,
    "challenge-won": 4,
    "wrong-slap": 4,
    "turn-missed": 3,
    "back-in": 3,
    "out-of-cards": 3,
    "play-on": 3,
    "asked": 2,
    "dealt": 1,
}
"""The core's notable events' kinds and their rank (higher wins); each variant's web part
adds its own (:attr:`web.model.variant_page.VariantPage.ranks`). Any other kind (a flip, an
ignored action, a choice made) is not notable: it never changes the headline."""

_ranks: dict[str, int] = {}


def rank_of(kind: str) -> int | None:
    """The headline rank of an event kind, the core's or a variant's (None: not notable)."""
    if not _ranks:
        _ranks.update(event_ranks())
        _ranks.update(RANKS)
    return _ranks.get(kind)

FAST_SPEED = 4.0
"""From this speed (and at instant speed) a notable line is held for 1 s instead of 2 s and
the live region says a summary instead of every event."""
HOLD_MS = 2000.0
FAST_HOLD_MS = 1000.0
NOTE_MS = 2500.0
"""How long (real ms) a note stays at a seat."""
SUMMARY_MS = 3000.0
"""At fast speeds, the live region speaks at most this often."""


def is_fast(speed: float) -> bool:
    """Whether ``speed`` (a clock factor; 0 = instant) counts as fast."""
    return speed == 0.0 or speed >= FAST_SPEED


def hold_ms(speed: float) -> float:
    """How long a notable line stays at least, in real ms, at clock factor ``speed``."""
    return FAST_HOLD_MS if is_fast(speed) else HOLD_MS


def notable(event: Event) -> bool:
    return rank_of(event.kind) is not None


def _rank(event: Event) -> int:
    return rank_of(event.kind) or 0


@dataclass(frozen=True, slots=True)
class Line:
    """A line on show: its text, the event's kind (for colour), rank and when it was shown."""

    text: str
    kind: str
    rank: int
    since: float


def _pick(events: Sequence[Event]) -> Event | None:
    """The batch's event for the headline: the highest rank, the latest of equals."""
    best: Event | None = None
    for event in events:
        if notable(event) and (best is None or _rank(event) >= _rank(best)):
            best = event
    return best


class Headline:
    """The headline's state. ``offer`` a batch of events as they happen, ``tick`` now and
    then; both return the :class:`Line` to show when it changes, else None."""

    def __init__(self) -> None:
        self.line: Line | None = None
        self.pending: Line | None = None

    def offer(self, events: Sequence[Event], names: Sequence[str] | None, now: float,
              speed: float, controls: Controls | None = None) -> Line | None:
        """``controls``: how each seat plays (the words for a key or a button)."""
        event = _pick(events)
        if event is None:
            return self.tick(now, speed)
        line = Line(event.explain(names, controls), event.kind, _rank(event), now)
        shown = self.line
        if shown is None or line.rank >= shown.rank or now - shown.since >= hold_ms(speed):
            self.line, self.pending = line, None
            return line
        self.pending = line  # shown once the line on show has had its time
        return None

    def tick(self, now: float, speed: float) -> Line | None:
        shown, pending = self.line, self.pending
        if pending is None or (shown is not None and now - shown.since < hold_ms(speed)):
            return None
        self.line = Line(pending.text, pending.kind, pending.rank, now)
        self.pending = None
        return self.line

    def waiting(self) -> bool:
        """Whether a line waits for its turn (the page keeps ticking until it is shown)."""
        return self.pending is not None


@dataclass(frozen=True, slots=True)
class Note:
    """A short note at a seat: what its action did (or why it did nothing)."""

    seat: int
    kind: str
    text: str


def _wrong_slap_note(event: WrongSlap, device: str) -> str:
    what = t("Card out of turn") if event.flip else t("Wrong slap")
    if event.reason:
        # i18n: "Wrong slap" or "Card out of turn", then why it was wrong.
        what = t("{what} ({why})", what=what, why=say(event.reason, device))
    cost = _cost(event)
    if not cost:
        # i18n: "Wrong slap" or "Card out of turn" (with its reason), at the seat that did it.
        return t("{what} (no penalty)", what=what)
    # i18n: A note at a seat: "Wrong slap" or "Card out of turn" (with its reason), then
    # what it cost ("-2 cards" with a minus sign, "no slaps for 3 flips").
    return t("{what}: {cost}", what=what, cost=cost)


def _cost(event: WrongSlap) -> str:
    """What a wrong slap cost, as a seat's note says it ("" for nothing)."""
    penalty = event.penalty
    if penalty == "cards":
        n = len(event.burned)
        # i18n: A seat's note: the cards a wrong slap burned (a minus sign, U+2212, before
        # the number).
        return tn("\u2212{n} card", "\u2212{n} cards", n, n=n)
    if penalty == "lockout":
        # i18n: A seat's note: a wrong slap's cost, flips before the player may slap again.
        return tn("no slaps for {n} flip", "no slaps for {n} flips", event.flips, n=event.flips)
    if penalty == "strike":
        # i18n: A seat's note: a wrong slap's cost, the player's strike count (strike 2).
        return t("strike {n}", n=event.strikes)
    if penalty == "barred":
        return t("may not slap back in")
    if penalty == "miss-turn":
        if event.flips == 1:
            return t("misses a turn")
        return tn("misses {n} turn", "misses {n} turns", event.flips, n=event.flips)
    if penalty == "burn":
        return t("hand burned")
    return ""


IGNORED_NOTES = {
    # i18n: A note at the seat whose action did nothing: {why} says why.
    "flip": N_("Flip ignored: {why}"),
    "slap": N_("Slap ignored: {why}"),
    "choice": N_("Choice ignored: {why}"),
    "fine": N_("Fine ignored: {why}"),
    "burn": N_("Burn ignored: {why}"),
}
"""A seat's note for an ignored action, by action (message ids; ``{why}``: the reason)."""


def _ignored_note(event: Ignored, device: str) -> str:
    why = say(event.reason, device)
    text = IGNORED_NOTES.get(event.action)
    if text is not None:
        return t(text, why=why)
    # i18n: A seat's note: {action} is an action's code (not translated), {why} the reason.
    return t("{action} ignored: {why}", action=event.action.capitalize(), why=why)


def seat_notes(events: Sequence[Event], humans: Collection[int] | None = None,
               controls: Controls | None = None) -> list[Note]:
    """The notes a batch of events leaves at seats: why an action was ignored (at a person's
    seat: they pressed, they must learn why; ``humans`` None means every seat), what a wrong
    slap cost, how many cards a won pile brought, a missed turn, out of cards, back in. One
    note per seat (the batch's last for it), in the words of the seat's device
    (``controls``)."""
    notes: dict[int, Note] = {}
    for event in events:
        note: Note | None = None
        if isinstance(event, Ignored):
            if humans is not None and event.seat not in humans:
                continue
            note = Note(event.seat, event.kind,
                        _ignored_note(event, device_of(controls, event.seat)))
        elif isinstance(event, WrongSlap):
            note = Note(event.seat, event.kind,
                        _wrong_slap_note(event, device_of(controls, event.seat)))
        elif isinstance(event, PileTaken):
            # i18n: A seat's note: the cards a won pile brought.
            note = Note(event.seat, event.kind, tn("+{n} card", "+{n} cards", event.count,
                                                   n=event.count))
        elif isinstance(event, TurnMissed):
            note = Note(event.seat, event.kind, t("Misses this turn"))
        elif isinstance(event, OutOfCards):
            note = Note(event.seat, event.kind,
                        t("Out of the game") if event.eliminated else t("Out of cards"))
        elif isinstance(event, BackIn):
            # i18n: A seat's note: a player back in the game, with the cards they won.
            note = Note(event.seat, event.kind, tn("Back in: {n} card", "Back in: {n} cards",
                                                   event.cards, n=event.cards))
        if note is not None:
            notes.pop(note.seat, None)
            notes[note.seat] = note
    return list(notes.values())


class Announcer:
    """What the live region says. At slower speeds: each batch's notable sentences, and why
    a person's own action was ignored (they pressed: they must learn why). At fast speeds:
    the most important sentence since the last summary, with how many more happened, at most
    every :data:`SUMMARY_MS`."""

    def __init__(self, humans: frozenset[int] = frozenset()) -> None:
        self.humans = humans
        self.last = float("-inf")
        self.best: tuple[int, str] | None = None
        self.more = 0

    def _said(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if notable(e) or (
            isinstance(e, Ignored) and e.seat in self.humans)]

    def offer(self, events: Sequence[Event], names: Sequence[str] | None, now: float,
              speed: float, controls: Controls | None = None) -> str | None:
        said = self._said(events)
        if not is_fast(speed):
            self.best, self.more = None, 0
            if not said:
                return None
            self.last = now
            return " ".join(e.explain(names, controls) for e in said)
        for event in said:
            rank = rank_of(event.kind) or 3
            if self.best is None or rank >= self.best[0]:
                if self.best is not None:
                    self.more += 1
                self.best = (rank, event.explain(names, controls))
            else:
                self.more += 1
        if any(e.kind == "game-over" for e in said):
            self.last = float("-inf")  # the end is said at once
        return self.tick(now)

    def tick(self, now: float) -> str | None:
        if self.best is None or now - self.last < SUMMARY_MS:
            return None
        text = self.best[1]
        if self.more:
            # i18n: What the screen reader says at fast speeds: the most important sentence
            # ({said}), then how many other events it left out.
            text = tn("{said} ({n} more event since the last summary.)",
                      "{said} ({n} more events since the last summary.)", self.more,
                      said=text, n=self.more)
        self.best, self.more, self.last = None, 0, now
        return text

    def waiting(self) -> bool:
        return self.best is not None
