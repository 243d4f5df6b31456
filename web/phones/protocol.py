"""The messages between the host and a phone seat (docs/phones.md), read and written.

A phone is someone's device on the room's network, and what it sends is untrusted text.
:func:`parse` turns one data channel message into exactly one of the six messages a phone may
send (:data:`Message`), or refuses it with a :class:`BadMessage` that says why in a few words,
whatever the text. An :class:`Inbox`, one per phone seat, is the gate every message passes: a
rate limit, then :func:`parse`, then one action per action id (a phone sends each action three
times). The encoders (:func:`ping`, :func:`state`, :func:`note`, :func:`buzz`, :func:`bye`)
write the host's messages as compact JSON text.

Browser-free: the page hands in the data channel's text and ``performance.now()`` readings::

    inbox = Inbox()
    message = inbox.take(event.data, now_ms)
    if isinstance(message, Act):
        ...  # the seat's action, once per id

Which seat a message is from is the connection's business, never the message's: no message
names a seat.
"""

from __future__ import annotations

import heapq
import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ratscrew.core import safe_json

VERSION = 1
"""The protocol's version: ``hello`` carries it as ``v``."""
MAX_MESSAGE = 512
"""The longest message read from a phone, in characters; longer ones are not parsed."""
MAX_ID = 2**31
"""The largest action id (ids start at 1)."""
MAX_TIME = 1e12
"""The largest clock reading, in ms either side of 0 (about 31 years of ``performance.now()``)."""
MAX_OPTION = 80
"""The longest answer to a decision, in characters: option values, and typed answers (at most
80 characters in the built-in variants)."""
ACTION = re.compile(r"[a-z][a-z-]{0,15}")
"""An action's name: ``flip``, ``slap``, ``slap-left``..."""

RATE_PER_S = 30.0
"""Messages a second read from one phone, on average."""
BURST = 60
"""Messages read from one phone at once, after a quiet spell."""
ACT_MEMORY = 64
"""Action ids an :class:`Inbox` remembers (the highest ones), to act once per id."""

FLOOD = "flood"
TOO_LONG = "too long"
MALFORMED = "malformed"
STALE = "stale"
DROP_REASONS: tuple[str, ...] = (FLOOD, TOO_LONG, MALFORMED, STALE)
"""The keys of :attr:`Inbox.dropped`: over the rate; over :data:`MAX_MESSAGE`; anything else
:func:`parse` refuses; an action id below those the inbox remembers."""


class BadMessage(ValueError):
    """Text that is not one of the phone's messages. ``reason`` says why in a few words
    (``"too long"``, ``"not JSON"``, ``"unknown type"``, ``"bad field 'a'"``...)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --------------------------------------------------------------------------- phone to host


@dataclass(frozen=True)
class Hello:
    """``{"t":"hello","v":1}``: the phone is here (its first message)."""


@dataclass(frozen=True)
class Pong:
    """``{"t":"pong","h":H,"p":P}``: the answer to a ping: the ping's host time echoed, and
    the phone's clock when it answered (ms)."""

    host_ms: float
    phone_ms: float


@dataclass(frozen=True)
class Act:
    """``{"t":"act","id":N,"a":A,"at":P}``: an action of the phone's seat, ``at`` the phone's
    clock at the pointer-down (ms). ``id`` grows with each action; resends keep it."""

    id: int
    action: str
    at: float


@dataclass(frozen=True)
class Choose:
    """``{"t":"choose","o":O}``: the phone's answer to the decision its state shows."""

    option: str


@dataclass(frozen=True)
class Do:
    """``{"t":"do","k":K,"o":O}``: one of the variant's own actions (``K``, such as
    ``fine``) with its argument ``O``, as the state's ``own`` offers them."""

    kind: str
    arg: str


@dataclass(frozen=True)
class Bye:
    """``{"t":"bye"}``: the phone's page is being closed."""


Message = Hello | Pong | Act | Choose | Do | Bye
"""One message from a phone, as :func:`parse` reads it."""

_FIELDS: dict[str, tuple[str, ...]] = {
    "hello": ("v",),
    "pong": ("h", "p"),
    "act": ("id", "a", "at"),
    "choose": ("o",),
    "do": ("k", "o"),
    "bye": (),
}
"""Each message type's fields besides ``t``: all required, no others allowed."""


def _bad(key: str) -> BadMessage:
    return BadMessage(f"bad field {key!r}")


def _time(data: dict[str, Any], key: str) -> float:
    """A clock reading: a JSON number (not a boolean: ``True`` is an int in Python), finite
    and within :data:`MAX_TIME` of 0."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _bad(key)
    if not -MAX_TIME <= value <= MAX_TIME:  # NaN and the infinities fail this too
        raise _bad(key)
    return float(value)


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int:
    """A JSON whole number (``1``, not ``1.0`` nor ``true``) from ``low`` to ``high``."""
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise _bad(key)
    return value


def _option(data: dict[str, Any], key: str) -> str:
    """A decision's answer: text of 1 to :data:`MAX_OPTION` characters, without control
    characters or lone surrogates."""
    value = data[key]
    if not isinstance(value, str) or not 0 < len(value) <= MAX_OPTION:
        raise _bad(key)
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in value):
        raise _bad(key)
    return value


def _action(data: dict[str, Any], key: str) -> str:
    """An action's name (:data:`ACTION`)."""
    value = data[key]
    if not isinstance(value, str) or not ACTION.fullmatch(value):
        raise _bad(key)
    return value


def parse(text: object) -> Message:
    """The message ``text`` is, or :class:`BadMessage` (and nothing else, whatever ``text``).

    The checks, in order: ``text`` is a str; it is at most :data:`MAX_MESSAGE` characters
    (before any parsing); it is JSON within :func:`ratscrew.core.safe_json.loads`' limits (at
    most 2 deep: no message nests anything); it is an object whose ``t`` is a known type; it
    has exactly that type's fields; each field has the exact type and range: ``id`` a whole
    number from 1 to :data:`MAX_ID`, ``a`` and ``k`` action names (:data:`ACTION`), ``o`` an
    answer or argument (1 to :data:`MAX_OPTION` characters), ``h``, ``p`` and ``at`` finite
    numbers within :data:`MAX_TIME`, ``v`` the :data:`VERSION`. Numbers are never booleans.
    """
    if not isinstance(text, str):
        raise BadMessage("not text")
    if len(text) > MAX_MESSAGE:
        raise BadMessage(TOO_LONG)
    try:
        data = safe_json.loads(text, max_chars=MAX_MESSAGE, max_depth=2)
    except safe_json.JSONError:
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    kind = data.get("t")
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise BadMessage("unknown type")
    for key in data:
        if key != "t" and key not in fields:
            raise BadMessage(f"unknown field {key[:20]!r}")
    for key in fields:
        if key not in data:
            raise BadMessage(f"missing field {key!r}")
    if kind == "pong":
        return Pong(host_ms=_time(data, "h"), phone_ms=_time(data, "p"))
    if kind == "act":
        act_id = _whole(data, "id", 1, MAX_ID)
        return Act(id=act_id, action=_action(data, "a"), at=_time(data, "at"))
    if kind == "choose":
        return Choose(option=_option(data, "o"))
    if kind == "do":
        return Do(kind=_action(data, "k"), arg=_option(data, "o"))
    if kind == "hello":
        _whole(data, "v", VERSION, VERSION)
        return Hello()
    return Bye()


class Inbox:
    """The gate every message from one phone passes, in order:

    1. The rate limit, a token bucket: ``burst`` tokens at first, refilled at ``rate_per_s``
       a second up to ``burst``; each message takes one, and one that finds none is dropped
       unread (``flood``). Checked first, so a flood costs no parsing.
    2. :func:`parse`: a message it refuses is dropped (``too long`` over
       :data:`MAX_MESSAGE`, ``malformed`` for any other reason).
    3. For an :class:`Act`, its id: the phone sends each action three times with the same id
       (twice on the fast channel, once on the reliable one), and the host acts once. An id
       already seen is the normal resend: dropped without counting (:attr:`repeats` counts
       them). The inbox remembers the :data:`ACT_MEMORY` highest ids; an id at or below the
       highest one it forgot cannot be told from a resend, and is dropped (``stale``).

    :attr:`dropped` counts the drops by reason (:data:`DROP_REASONS`).
    """

    def __init__(self, rate_per_s: float = RATE_PER_S, burst: int = BURST) -> None:
        if not rate_per_s > 0 or burst < 1:
            raise ValueError("an inbox needs a positive rate and a burst of at least 1")
        self.rate_per_s = rate_per_s
        self.burst = burst
        self.tokens = float(burst)
        self.refilled_at: float | None = None
        self.dropped: dict[str, int] = dict.fromkeys(DROP_REASONS, 0)
        self.repeats = 0
        self._ids: list[int] = []  # a min-heap of the highest ids seen
        self._seen: set[int] = set()  # the same ids, to look up
        self._forgotten = 0  # the highest id no longer remembered (ids start at 1)

    @property
    def dropped_total(self) -> int:
        return sum(self.dropped.values())

    def count(self, reason: str) -> None:
        """Count a message dropped before it reached :meth:`take` (the page drops binary and
        over-long messages unread): under ``reason`` if it is one of :data:`DROP_REASONS`,
        else as ``malformed``."""
        self.dropped[reason if reason in self.dropped else MALFORMED] += 1

    def take(self, text: object, now_ms: float) -> Message | None:
        """The message ``text`` is, if it passes the gate at host time ``now_ms``; else None."""
        if not self._token(now_ms):
            self.dropped[FLOOD] += 1
            return None
        try:
            message = parse(text)
        except BadMessage as exc:
            self.dropped[TOO_LONG if exc.reason == TOO_LONG else MALFORMED] += 1
            return None
        if isinstance(message, Act) and not self._first(message.id):
            return None
        return message

    def new_phone(self) -> None:
        """The seat's next messages come from a new connection (a phone that joined again):
        its action ids start afresh. The counts of what was dropped stay."""
        self._ids.clear()
        self._seen.clear()
        self._forgotten = 0

    def _token(self, now_ms: float) -> bool:
        """Refill the bucket for the time since the last refill, then take a token if there
        is one. A clock that goes back (or is NaN) refills nothing."""
        if self.refilled_at is None:
            self.refilled_at = now_ms
        elapsed = now_ms - self.refilled_at
        if elapsed > 0:
            self.tokens = min(float(self.burst), self.tokens + self.rate_per_s * elapsed / 1000)
            self.refilled_at = now_ms
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def _first(self, act_id: int) -> bool:
        """Whether ``act_id`` is a new action (remembering it if so)."""
        if act_id in self._seen:
            self.repeats += 1
            return False
        if act_id <= self._forgotten:
            self.dropped[STALE] += 1
            return False
        heapq.heappush(self._ids, act_id)
        self._seen.add(act_id)
        if len(self._ids) > ACT_MEMORY:
            self._forgotten = heapq.heappop(self._ids)
            self._seen.discard(self._forgotten)
        return True


# --------------------------------------------------------------------------- the JavaScript side

SHARED: dict[str, tuple[int | float, str]] = {
    "VERSION": (VERSION, "The protocol's version: hello carries it as v."),
    "MAX_MESSAGE": (MAX_MESSAGE, "The longest message read from a phone, in characters."),
    "MAX_OPTION": (MAX_OPTION, "The longest answer to a decision, in characters."),
    "RATE_PER_S": (RATE_PER_S, "Messages a second read from one phone, on average."),
    "BURST": (BURST, "Messages read from one phone at once, after a quiet spell."),
}
"""What the host's JavaScript (web/phones/host.mjs) and the phone's seat page
(web/seat/seat.mjs) must agree on with this module, by name: its value and what it is."""


def js_module() -> str:
    """web/phones/protocol.mjs, the :data:`SHARED` values as the JavaScript imports them: written
    by ``python -m web.phones.protocol > web/phones/protocol.mjs`` (tests/web/phones/
    test_protocol.py fails when the file differs)."""
    lines = [
        "// @ts-check",
        "// The values of web/phones/protocol.py (which reads the phones' messages at the table)",
        "// that the host (web/phones/host.mjs) and the phone's seat page (web/seat/seat.mjs) must",
        "// agree on with it, as `python -m web.phones.protocol > web/phones/protocol.mjs` writes",
        "// them. Not to be edited: tests/web/phones/test_protocol.py fails when it differs.",
    ]
    for name, (value, about) in SHARED.items():
        lines += ["", f"/** {about} */", f"export const {name} = {json.dumps(value)};"]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- host to phone


def _dump(message: dict[str, Any]) -> str:
    """Compact JSON text; NaN and the infinities are refused (JSON has none)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def ping(host_ms: float) -> str:
    """``{"t":"ping","h":H}``: the host's clock (ms), echoed back in the phone's pong."""
    return _dump({"t": "ping", "h": host_ms})


def buzz(pattern: Sequence[int]) -> str:
    """``{"t":"buzz","p":[ms, ...]}``: a vibration pattern, ``navigator.vibrate``'s: vibrate,
    pause, vibrate... (ms each, none negative)."""
    values = [int(ms) for ms in pattern]
    if any(ms < 0 for ms in values):
        raise ValueError(f"a vibration pattern has no negative times: {values}")
    return _dump({"t": "buzz", "p": values})


def bye(why: str) -> str:
    """``{"t":"bye","why":text}``: the host lets the phone go, and says why."""
    return _dump({"t": "bye", "why": why})


def note(text: str) -> str:
    """``{"t":"note","text":text}``: why the phone's last answer or action was not taken (a
    typed answer with no words, a song already sung), for its player to read."""
    return _dump({"t": "note", "text": text})


def state(
    *,
    seat: int,
    name: str,
    cards: int,
    turn: str,
    mine: bool,
    collect: bool,
    chooser: str,
    actions: Sequence[tuple[str, str]],
    line: str,
    decision: tuple[str, Sequence[tuple[str, str]], int] | None,
    own: Sequence[tuple[str, str, Sequence[tuple[str, str]]]],
    pile: tuple[int, Sequence[Any]],
    paused: bool,
    over: bool,
    winner: str | None,
    variant: str,
) -> str:
    """``{"t":"state",...}``: what the phone shows. ``seat`` is 0-based (the phone shows it
    from 1); ``turn`` is the name of whoever the table waits for to flip (``""`` for nobody),
    ``mine`` whether that is this seat, ``collect`` whether its flip collects the pile it won;
    ``chooser`` the name of whoever must answer the decision the game waits for (``""``:
    none); ``actions`` the ``(action, label)`` pairs the phone may send; ``decision`` this
    seat's own decision: a prompt, its ``(value, label)`` options and how long a typed answer
    may be (0: none may be typed), written ``{"prompt": text, "options": [[value, label],
    ...], "free": n}``; ``own`` the variant's own actions the seat may take now, as ``(kind,
    prompt, options)``, written ``[{"kind": K, "prompt": text, "options": [[arg, label], ...]},
    ...]``; ``pile`` how many cards the pile holds and its top cards as
    :mod:`web.model.card_face` describes them, the top one last, written ``{"count": n,
    "top": [card, ...]}``; ``variant`` the game's title."""
    return _dump({
        "t": "state",
        "seat": seat,
        "name": name,
        "cards": cards,
        "turn": turn,
        "mine": mine,
        "collect": collect,
        "chooser": chooser,
        "actions": [[action, label] for action, label in actions],
        "line": line,
        "decision": None if decision is None else {
            "prompt": decision[0],
            "options": [[value, label] for value, label in decision[1]],
            "free": decision[2],
        },
        "own": [{"kind": kind, "prompt": prompt,
                 "options": [[arg, label] for arg, label in options]}
                for kind, prompt, options in own],
        "pile": {"count": pile[0], "top": list(pile[1])},
        "paused": paused,
        "over": over,
        "winner": winner,
        "variant": variant,
    })


if __name__ == "__main__":
    print(js_module(), end="")
