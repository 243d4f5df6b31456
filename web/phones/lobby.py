"""The phone seats of a hosted table: where each one stands, and what its phone is told
(browser-free: :mod:`web.phones.hosting` connects it to the page).

A phone seat is *waiting* while its join code is on show, *joining* once its answer is in,
*playing* once its phone has said hello, and *reconnecting* when the phone goes quiet or its
connection drops: the seat is kept :data:`KEEP_MS`; a quiet connection has :data:`RECOVER_MS`
to come back by itself, then (a closed one at once) a new code is on show, and the game pauses
or a bot stands in meanwhile, as the host chose. It is *replaced* when the host gave the seat
to a bot or a person here, or the phone did not come back in time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import quote

from ratscrew.core.engine import Decision, clean_text
from ratscrew.core.events import Event, Ignored, PileTaken, WrongSlap
from ratscrew.i18n import N_, t, tn
from web.model.card_face import card_face, pile_top
from web.model.feedback import WRONG_BUZZ
from web.model.session import ACTION_LABELS, EMPTY_ANSWER
from web.model.variant_page import own_actions
from web.phones import protocol
from web.phones.clock import PhoneClock
from web.phones.protocol import Inbox

if TYPE_CHECKING:
    from web.model.session import Session

KEEP_MS = 60_000.0
"""How long a dropped phone keeps its seat."""
QUIET_MS = 3_000.0
"""A phone not heard from for this long (it answers pings every 250 ms) is reconnecting."""
RECOVER_MS = 5_000.0
"""How long a connection that went quiet (not closed) has to come back by itself before the
seat's code is made anew (which closes it)."""
WON_BUZZ = (60, 60, 120)
"""A phone's buzz when its player takes a pile."""
PILE_SHOWN = 3
"""How many of the pile's top cards a phone shows."""

STATUS_TEXT = {
    "waiting": N_("waiting for the phone"),
    # i18n: a phone seat's state in the host's phones panel: its phone is connecting
    "joining": N_("connecting…"),
    # i18n: a phone seat's state in the host's phones panel: its phone plays it
    "playing": N_("playing"),
    # i18n: a phone seat's state in the host's phones panel: its phone dropped
    "reconnecting": N_("reconnecting"),
    "replaced": N_("not a phone now"),
}
"""A phone seat's state as the host's panel says it (message ids: said with ``t``)."""

DROP_POLICIES = {"pause": N_("The game pauses"), "bot": N_("A bot plays for it")}
"""What the game does when a phone drops, by policy (message ids: said with ``t``)."""

PROBLEMS = {
    "none": N_("This computer has no network address to offer the phones. Join the room's "
               "Wi-Fi (or a phone's hotspot) and choose New code; or play on this device."),
    "hidden": N_("The browser hides this computer's address from the phones, because the "
                 "camera is not allowed here: most school networks will not let them find "
                 "it. Allow the camera for this page (the icon by its address), then choose "
                 "New code."),
    "isolated": N_("The phone answered but cannot reach this computer: guest and school "
                   "Wi-Fi often keep devices apart. Turn on a phone's hotspot, join it with "
                   "this computer and the phones, and choose New code; or play on this "
                   "device."),
    "local": N_("This page is open at an address only this computer knows, so the phones "
                "cannot open their join links. Open the game at its public address (its "
                "GitHub Pages link) or this computer's network address."),
    "refused": N_("The camera is blocked: copy each phone's code and paste it here instead "
                  "(the phones show it under their QR code)."),
}
"""What stands in the way, in plain words, and what to do: the network's problems
(web/phones/host.mjs names them), a camera refused, a page open at a local address (message
ids: :func:`problem` says one)."""

LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")
"""Addresses of the page that no phone can open."""
WAITING = ("waiting", "joining", "reconnecting")
"""A seat's states while it waits for its phone (a code on show, or an answer being tried)."""
WHILE_WAITING = ("camera", "answer", "copy")
"""The panel's warnings that only matter while a seat waits for its phone: the camera that
would read the codes is blocked, a code pasted did not fit, the link was not copied."""


@dataclass
class PhoneSeat:
    """One seat played from a phone."""

    seat: int
    status: str = "waiting"
    since: float = 0.0
    """Host time the status began."""
    code: str = ""
    """The join code on show (its offer)."""
    problem: str = ""
    """What the network says against this seat ("none", "hidden", "isolated"), or ""."""
    stand_in: bool = False
    """A bot plays the seat for now."""
    given_to: str = ""
    """Once replaced: ``"bot"`` or ``"here"`` (a person at the host's keys)."""
    inbox: Inbox = field(default_factory=Inbox)
    clock: PhoneClock = field(default_factory=PhoneClock)
    sent: str = ""
    """The last state sent to the phone (a state is sent again only when it changes)."""
    recover_until: float = -1.0
    """While reconnecting: the host time until which its connection may come back by itself
    (-1: it was closed, or that time is over and a new code is on show)."""

    def set(self, status: str, now: float) -> None:
        if status != self.status:
            self.status = status
            self.since = now

    @property
    def recovering(self) -> bool:
        """Reconnecting on the same connection, which may still come back."""
        return self.status == "reconnecting" and self.recover_until >= 0

    @property
    def connected(self) -> bool:
        return self.status == "playing"

    def describe(self, now: float) -> str:
        """The seat's state as the host's panel says it: its parts, each whole, between
        " · "."""
        parts = [t(STATUS_TEXT[self.status])]
        rtt = self.clock.rtt
        if self.status == "playing" and rtt is not None:
            ms = format(rtt, ".0f")  # (as text: never grouped)
            # i18n: a phone's delay, in milliseconds
            parts.append(t("{ms} ms", ms=ms))
        if self.status == "reconnecting":
            left = format(max(0.0, KEEP_MS - (now - self.since)) / 1000, ".0f")
            # i18n: how long a dropped phone's seat is still kept for it, in seconds
            parts.append(t("seat kept {seconds} s", seconds=left))
        if self.stand_in and self.status != "replaced":
            parts.append(t("a bot plays meanwhile"))
        dropped = self.inbox.dropped_total
        if dropped:
            # i18n: messages from a phone that were not read (too long, too many, malformed)
            parts.append(tn("{n} bad message dropped", "{n} bad messages dropped", dropped,
                            n=str(dropped)))
        return " · ".join(parts)

    def timed_out(self, now: float) -> bool:
        """Whether a reconnecting phone has lost its seat."""
        return self.status == "reconnecting" and now - self.since >= KEEP_MS

    def quiet(self, now: float) -> bool:
        """Whether a playing phone has stopped answering pings."""
        seen = self.clock.last_seen
        return (self.status == "playing"
                and now - max(seen if seen is not None else self.since, self.since) > QUIET_MS)


def warnings(problems: Mapping[str, str], seats: Iterable[PhoneSeat],
             joined: bool) -> list[str]:
    """The phones panel's warnings that still hold, each once, from what was reported
    (``problems``: by kind, ``local`` for a page at a local address, ``page``, ``camera``,
    ``answer``, ``copy``), the ``seats``' own network problems and whether a phone has
    ``joined`` this table yet. A local address is no obstacle once a phone has joined
    through it; the camera, an answer and a copy matter only while a seat waits for its
    phone, and so does a seat's network problem (its own code's)."""
    waiting = [phone for phone in seats if phone.status in WAITING]
    shown: list[str] = []
    for kind, text in problems.items():
        if (kind == "local" and joined) or (kind in WHILE_WAITING and not waiting):
            continue
        shown.append(text)
    for phone in waiting:
        text = problem(phone.problem)
        if text and text not in shown:
            shown.append(text)
    return shown


def problem(kind: str) -> str:
    """What stands in the way (:data:`PROBLEMS`), said; ``kind`` itself for one it does not
    know, "" for none."""
    return t(PROBLEMS[kind]) if kind in PROBLEMS else kind


def join_link(page: str, code: str, lang: str = "en") -> str:
    """The join link of ``code`` from the host's page at ``page``: the site's seat page with
    the code in its fragment (never sent to a server), and the table's language (``lang``)
    in its query when it is not English, so that the phone speaks it (web/boot/i18n.js reads
    ``lang=``)."""
    base = page.split("#")[0].split("?")[0]
    query = f"?lang={quote(lang, safe='')}" if lang and lang != "en" else ""
    return f"{base.rsplit('/', 1)[0]}/web/seat/{query}#{code}"


def state_message(session: Session, seat: int, line: str) -> str:
    """What the phone of ``seat`` shows now (docs/phones.md, ``state``)."""
    game = session.game
    outcome = game.outcome
    acting = game.to_act()  # -1: nobody's flip (over, a decision, a phase)
    pending = game.pending if outcome is None else None
    mine = decision_of(session, seat)
    decision = None
    if mine is not None:
        decision = (str(mine.prompt), [(o, mine.label(o)) for o in mine.options],
                    min(mine.free_text, protocol.MAX_OPTION))
    winner = outcome.winner if outcome is not None else None
    pile = (len(game.pile), [card_face(card, kind) for _, card, kind in pile_top(game, PILE_SHOWN)])
    # Every text as the table says it (its language): the phone shows what it is sent.
    return protocol.state(
        seat=seat,
        name=str(game.name(seat)),
        cards=game.counts[seat],
        turn=str(game.name(acting)) if acting >= 0 else "",
        mine=acting == seat,
        collect=acting == seat and game.challenge.claimant == seat,
        chooser=str(game.name(pending.seat)) if pending is not None else "",
        actions=[(a, t(ACTION_LABELS[a])) for a in session.actions],
        line=line,
        decision=decision,
        own=[(offer.kind, str(offer.prompt), [(arg, str(label)) for arg, label in offer.options])
             for offer in own_actions(game, seat)],
        pile=pile,
        paused=session.paused,
        over=outcome is not None,
        winner=str(game.name(winner)) if winner is not None else None,
        variant=t(session.variant.title),
    )


def decision_of(session: Session, seat: int) -> Decision | None:
    """The decision the game waits for, when ``seat``'s person makes it."""
    pending = session.human_decision
    return pending if pending is not None and pending.seat == seat else None


def refusal(decision: Decision | None, seat: int, answer: str, events: list[Event]) -> str:
    """Why ``seat``'s ``answer`` to ``decision`` was not taken, for its phone to say ("" if
    it was, or if the phone answered nothing that is still asked: a decision gone meanwhile
    needs no word). A typed answer with no words gets the table's own words for it."""
    if decision is None or decision.seat != seat:
        return ""
    if decision.free_text and answer not in decision.options and not clean_text(
            answer, decision.free_text):
        return t(EMPTY_ANSWER)
    for event in events:
        if isinstance(event, Ignored) and event.seat == seat and event.action == "choice":
            # i18n: why a phone's answer to a decision was refused ({reason}: the game's
            # words, such as "“Twinkle” has already been sung")
            return t("Not taken: {reason}.", reason=str(event.reason))
    return ""


def buzz_for(seat: int, events: list[Event]) -> tuple[int, ...]:
    """What ``seat``'s phone buzzes for ``events``: a wrong slap twice, a pile taken once."""
    if any(isinstance(e, WrongSlap) and e.seat == seat for e in events):
        return WRONG_BUZZ
    if any(isinstance(e, PileTaken) and e.seat == seat for e in events):
        return WON_BUZZ
    return ()
