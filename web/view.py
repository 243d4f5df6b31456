"""Drawing the table in the DOM.

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text. Elements are made once and updated in place; only the pile's
cards come and go. Stable hooks for tests: every seat has ``data-seat`` (0-based) and
``data-cards``; the pile has ``data-pile`` and ``data-cards``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any

from pyscript import document

from ratscrew.cards import CARDS, RANK_CODES, Card
from ratscrew.engine import DEAD, PENALTY, Game
from ratscrew.events import (
    ChallengeWon,
    Event,
    Flipped,
    GameOver,
    Ignored,
    PileTaken,
    PlayOn,
    WrongSlap,
)

from .keymap import key_label
from .session import Session

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "R": "★", "B": "★"}
CARD_CODE = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b|\b([RB]J)\b")
SHOWN = 6
"""How many of the pile's top cards are fanned out (a hoagie needs four)."""
LOG_LIMIT = 5000
"""Entries kept in the log: a long game has thousands; the oldest go first past this."""


def with_symbols(text: str) -> str:
    """Card codes in a sentence as people write them: "7H" becomes "7♥"."""
    return CARD_CODE.sub(
        lambda m: "Joker" if m.group(3) else m.group(1) + SUIT_SYMBOLS[m.group(2)], text
    )


def with_names(text: str) -> str:
    """Card codes spelled out for screen readers: "7H" becomes "7 of Hearts"."""
    return CARD_CODE.sub(lambda m: CARDS[m.group(0)].name, text)


def el(tag: str, cls: str = "", text: str = "", **attrs: str) -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def clear(node: Any) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)


def card_element(card: Card, kind: str = "live") -> Any:
    """A face-up card: rank and suit in the corners, a big centre, red or black."""
    rank = "★" if card.is_joker else RANK_CODES[card.rank]
    suit = SUIT_SYMBOLS[card.suit]
    colour = "red" if card.red else "black"
    node = el("div", f"card {colour} suit-{card.suit}", role="img", aria_label=card.name,
              data_code=card.code)
    if kind != "live":
        node.classList.add(kind)
    for corner in ("tl", "br"):
        c = el("span", f"corner {corner}")
        c.appendChild(el("span", "rank", "JKR" if card.is_joker else rank))
        c.appendChild(el("span", "suit", suit))
        node.appendChild(c)
    centre = "Joker" if card.is_joker else (rank if card.is_face else suit)
    node.appendChild(el("span", "centre face" if card.is_face or card.is_joker else "centre",
                        centre))
    if kind == DEAD:
        node.appendChild(el("span", "tag", "dead"))
    return node


def seat_position(seat: int, players: int) -> tuple[float, float]:
    """Where a seat sits at the rim of the table, in % of the felt: seat 1 at the bottom,
    then clockwise (left, top, right), the order of play."""
    angle = math.pi / 2 + 2 * math.pi * seat / players
    return 50 + 47 * math.cos(angle), 50 + 45 * math.sin(angle)


def seat_anchor(x: float, y: float) -> tuple[float, float]:
    """Which point of the seat's panel sits on its place at the rim (0 = left/top edge,
    1 = right/bottom edge): the panel always hangs inwards, onto the felt."""
    return (x - 3) / 94, (y - 5) / 90


class TableView:
    """The table for one session: seats around the pile, the explanation line and the log."""

    def __init__(
        self,
        session: Session,
        keys: Callable[[int], dict[str, str]],
        on_touch: Callable[[int, str], None],
    ) -> None:
        self.session = session
        self.game: Game = session.game
        self.felt = document.getElementById("felt")
        self.seats_box = document.getElementById("seats")
        self.pile = document.getElementById("pile")
        self.pile_note = document.getElementById("pile-note")
        self.challenge = document.getElementById("challenge")
        self.explain_line = document.getElementById("explain")
        self.log = document.getElementById("log")
        self.announce = document.getElementById("announce")
        self.seat_nodes: list[dict[str, Any]] = []
        self._pile_shown = 0
        self._keys = keys
        self._on_touch = on_touch
        self._touch_proxies: list[Any] = []
        clear(self.seats_box)
        clear(self.pile)
        clear(self.log)
        self.felt.dataset.players = str(self.game.n)
        for seat in range(self.game.n):
            self.seat_nodes.append(self._make_seat(seat))
        self.refresh_keys()
        self.explain_line.textContent = ""
        self._log_all(self.game.events)
        self.update([])

    # -- seats -----------------------------------------------------------------------------

    def _make_seat(self, seat: int) -> dict[str, Any]:
        game, session = self.game, self.session
        x, y = seat_position(seat, game.n)
        bot = session.bots.get(seat)
        root = el("section", "seat", data_seat=str(seat), data_cards="0",
                  aria_label=game.name(seat))
        ax, ay = seat_anchor(x, y)
        root.style.setProperty("--x", f"{x:.2f}%")
        root.style.setProperty("--y", f"{y:.2f}%")
        root.style.setProperty("--ax", f"{ax:.3f}")
        root.style.setProperty("--ay", f"{ay:.3f}")
        head = el("header", "seat-head")
        head.appendChild(el("span", "seat-number", str(seat + 1)))
        name = el("h2", "seat-name", game.name(seat))
        head.appendChild(name)
        if bot is not None:
            head.appendChild(el("span", "seat-tag", f"bot · {bot.skill.name}"))
        root.appendChild(head)
        body = el("div", "seat-body")
        stack = el("div", "stack", aria_hidden="true")
        count = el("span", "count")
        body.appendChild(stack)
        body.appendChild(count)
        root.appendChild(body)
        status = el("p", "seat-status")
        root.appendChild(status)
        keys: dict[str, Any] = {}
        if bot is None:
            # The touch zone, which also shows the seat's keys (hidden on touch screens).
            zone = el("div", "touch")
            for action, label in (("flip", "Flip"), ("slap", "Slap")):
                button = el("button", f"touch-{action}", type="button", data_action=action)
                button.appendChild(el("span", "", label))
                keys[action] = el("kbd")
                button.appendChild(keys[action])
                handler = self._touch_handler(seat, action)
                button.addEventListener("pointerdown", handler)
                button.addEventListener("click", handler)
                zone.appendChild(button)
            root.appendChild(zone)
        self.seats_box.appendChild(root)
        return {"root": root, "count": count, "stack": stack, "status": status, "keys": keys,
                "name": name}

    def _touch_handler(self, seat: int, action: str) -> Any:
        from pyodide.ffi import create_proxy

        def handler(event: Any) -> None:
            # pointerdown acts at once (fingers, pen, mouse); a click acts only when it comes
            # from the keyboard (Enter or Space on the focused button: detail 0), so a mouse
            # press is not counted twice.
            if event.type == "click" and event.detail != 0:
                return
            event.preventDefault()
            self._on_touch(seat, action)

        proxy = create_proxy(handler)
        self._touch_proxies.append(proxy)
        return proxy

    def destroy(self) -> None:
        for proxy in self._touch_proxies:
            proxy.destroy()
        self._touch_proxies.clear()

    def refresh_keys(self) -> None:
        for seat, nodes in enumerate(self.seat_nodes):
            keys = self._keys(seat)
            for action, kbd in nodes["keys"].items():
                kbd.textContent = key_label(keys.get(action, ""))

    def _update_seats(self) -> None:
        """Write only what changed: most actions touch one or two seats, and every DOM write
        costs a call out of Python and invalidates style."""
        game = self.game
        to_act = game.to_act()
        winner = game.outcome.winner if game.outcome is not None else -1
        for seat, nodes in enumerate(self.seat_nodes):
            count = len(game.hands[seat])
            state = (count, seat == to_act, self._status(seat, to_act), seat == winner)
            if nodes.get("shown") == state:
                continue
            nodes["shown"] = state
            root = nodes["root"]
            root.dataset.cards = str(count)
            nodes["count"].textContent = f"{count} card{'s' * (count != 1)}"
            nodes["stack"].style.setProperty("--depth", str(min(count, 52)))
            root.classList.toggle("to-act", state[1])
            root.classList.toggle("empty", count == 0)
            root.classList.toggle("winner", state[3])
            nodes["status"].textContent = state[2]

    def _status(self, seat: int, to_act: int) -> str:
        game = self.game
        if game.outcome is not None:
            return "winner" if game.outcome.winner == seat else ""
        if game.barred[seat] or game.out[seat]:
            return "out of this game"
        if game.lockout[seat]:
            n = game.lockout[seat]
            return f"locked out: {n} flip{'s' * (n != 1)}"
        parts = []
        if seat == game.claimant:
            parts.append("won the pile: flip to collect")
        elif seat == to_act and game.challenger >= 0:
            parts.append(f"to play: {game.chances} chance{'s' * (game.chances != 1)}")
        elif seat == to_act:
            parts.append("to play")
        if not game.hands[seat] and seat != game.claimant:
            parts.append("no cards: slap to get back in")
        if game.strikes[seat]:
            parts.append(f"strikes {game.strikes[seat]}/{game.rules.strikes}")
        return " · ".join(parts)

    # -- the pile --------------------------------------------------------------------------

    def _update_pile(self, swept_to: int) -> None:
        game = self.game
        pile = self.pile
        total = len(game.pile)
        pile.dataset.cards = str(total)
        if swept_to >= 0 and self._pile_shown:
            self._sweep(swept_to)
        # Burned cards only ever go under the pile, so a card's key is its place among the
        # cards above them: it does not move when another card is burned.
        penalty = sum(1 for k in game.pile_kinds if k == PENALTY)
        first = max(penalty, total - SHOWN)
        shown = [(str(i - penalty), i, game.pile[i], game.pile_kinds[i])
                 for i in range(first, total)]
        slots = {key: slot for slot, (key, _, _, _) in enumerate(shown)}
        staying = [node for node in pile.children if not node.classList.contains("leaving")]
        for node in staying:
            if node.dataset.key not in slots:
                pile.removeChild(node)
        present = {node.dataset.key for node in staying}
        for key, i, card, kind in shown:
            if key in present:
                continue
            node = card_element(card, kind)
            node.dataset.key = key
            node.style.setProperty("--tilt", f"{((i * 37) % 11) - 5}deg")
            if i == total - 1 and game.top_seat >= 0:
                x, y = seat_position(game.top_seat, game.n)
                node.style.setProperty("--from-x", f"{(x - 50) * 6:.0f}%")
                node.style.setProperty("--from-y", f"{(y - 50) * 6:.0f}%")
                node.classList.add("arriving")
            pile.appendChild(node)
        pile.style.setProperty("--count", str(len(shown)))
        for node in pile.children:
            if not node.classList.contains("leaving"):
                node.style.setProperty("--slot", str(slots[node.dataset.key]))
        self._pile_shown = len(shown)
        notes = []
        if total:
            notes.append(f"{total} card{'s' * (total != 1)} in the pile")
        if penalty:
            notes.append(f"{penalty} burned underneath")
        self.pile_note.textContent = " · ".join(notes) if notes else "The pile is empty"
        self.challenge.textContent = self._challenge_text()

    def _sweep(self, seat: int) -> None:
        x, y = seat_position(seat, self.game.n)
        for node in list(self.pile.children):
            node.classList.add("leaving")
            node.style.setProperty("--to-x", f"{(x - 50) * 6:.0f}%")
            node.style.setProperty("--to-y", f"{(y - 50) * 6:.0f}%")
        from pyodide.ffi import create_once_callable
        from pyscript import window

        pile = self.pile

        def drop() -> None:
            for node in list(pile.children):
                if node.classList.contains("leaving"):
                    pile.removeChild(node)

        window.setTimeout(create_once_callable(drop), 420)
        self._pile_shown = 0

    def _challenge_text(self) -> str:
        game = self.game
        if game.outcome is not None:
            return ""
        if game.claimant >= 0:
            return f"{game.name(game.claimant)} won the pile"
        if game.challenger >= 0 and game.challenge_card is not None:
            return (
                f"{game.challenge_card.name}: {game.name(game.turn)} has "
                f"{game.chances} chance{'s' * (game.chances != 1)}"
            )
        if game.play_on >= 0:
            left = game.play_on_left
            return (f"Last chance: {left} more flip{'s' * (left != 1)}" if left else
                    "Play on until a face card")
        return ""

    # -- events ----------------------------------------------------------------------------

    def update(self, events: Sequence[Event]) -> None:
        swept_to = -1
        if events:
            self._log_all(events)
        for event in events:
            if isinstance(event, PileTaken):
                swept_to = event.seat
        if events:
            names = self.game.names or None
            important = [e for e in events if not isinstance(e, Ignored)] or list(events)
            self.explain_line.textContent = with_symbols(important[-1].explain(names))
            self.explain_line.dataset.kind = important[-1].kind
            self.announce.textContent = with_names(" ".join(e.explain(names) for e in events))
        self._update_seats()
        self._update_pile(swept_to)

    def _log_all(self, events: Sequence[Event]) -> None:
        """Add entries to the log in one go (at instant speed a frame brings dozens)."""
        batch = document.createDocumentFragment()
        for event in reversed(events):
            batch.appendChild(self._log_entry(event))
        # Newest first: the latest is always in view without scrolling (reading the scroll
        # height would force a layout on every action).
        self.log.insertBefore(batch, self.log.firstChild)
        while self.log.childElementCount > LOG_LIMIT:
            self.log.removeChild(self.log.lastChild)

    def _log_entry(self, event: Event) -> Any:
        names = self.game.names or None
        item = el("li", f"log-{event.kind}", with_symbols(event.explain(names)))
        t = event.t / 1000
        item.insertBefore(el("span", "log-time", f"{int(t // 60)}:{t % 60:04.1f}"),
                          item.firstChild)
        if isinstance(event, PileTaken | WrongSlap | ChallengeWon | GameOver | PlayOn):
            item.classList.add("notable")
        elif isinstance(event, Flipped) and event.target >= 0:
            item.classList.add("face")
        return item
