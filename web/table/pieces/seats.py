"""The seats round the centre: each player's name, count, status line, marks, notes and, for a
person, the touch buttons that show the seat's keys.

Seats are placed in the regions round the centre (:func:`web.model.seating.seat_layout`), made
once and updated in place. Stable hooks for tests: every seat has ``data-seat`` (0-based),
``data-cards`` and ``data-region`` (and ``aria-current`` while it is the seat's turn); a seat's
note is ``.seat-note`` with ``data-kind``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ratscrew.core.engine import Game
from web.model.card_text import with_symbols
from web.model.headline import NOTE_MS, Note
from web.model.keymap import key_label
from web.model.seating import REGIONS, longest_word, seat_layout
from web.model.session import ACTION_LABELS, HUMAN_ORDER, STACK_DEPTH, Session
from web.model.variant_page import table_words
from web.table.piece import Dom, Piece

Marks = tuple[tuple[str, str], ...]
"""What a seat wears besides its count, as (kind, text): each a ``data-mark``."""


DESKTOP = "(min-width: 700px) and (min-height: 521px)"
"""The screens the projector display changes (not a phone's: web/shell/base.css)."""


def projector_display(dom: Dom, node: Any) -> bool:
    """Whether the page (``node``'s document) is on the projector display (the class
    ``projector`` on ``<html>``: web/shell/settings_dialog.py) on a screen it changes."""
    return bool(node.ownerDocument.documentElement.classList.contains("projector")
                and dom.media(DESKTOP))


class Seats(Piece):
    """Every seat of the table. The variant's parts add marks and the note of a seat without
    cards (``marks``, ``no_cards_note``); the headline has notes shown (:meth:`show_note`)."""

    def __init__(
        self,
        dom: Dom,
        session: Session,
        keys: Callable[[int], dict[str, str]],
        on_touch: Callable[[int, str], None],
        proxy: Callable[[Callable[[Any], None]], Any],
        later: Callable[[Callable[[], None], int], None],
        marks: Callable[[int], Marks],
        no_cards_note: Callable[[int], str | None],
    ) -> None:
        self.dom = dom
        self.session = session
        self.game: Game = session.game
        self._keys = keys
        self._on_touch = on_touch
        self._proxy = proxy
        self._later = later
        self._marks = marks
        self._no_cards_note = no_cards_note
        box = self.dom.by_id("seats")
        self.regions = {name: box.querySelector(f"[data-region='{name}']") for name in REGIONS}
        self.over = False
        """Whether the people's buttons are disabled: the game is over."""
        self.nodes: list[dict[str, Any]] = []
        """Each seat's elements (``root``, ``count``, ``status``, ``keys``...) and what they
        show."""

    def root(self, seat: int) -> Any:
        """A seat's ``<section class="seat">``."""
        return self.nodes[seat]["root"]

    def build(self) -> None:
        for region in self.regions.values():
            self.dom.clear(region)
        for seat in range(self.game.n):
            self.nodes.append(self._make_seat(seat))
        self.place(projector_display(self.dom, self.regions["top"]))
        self.refresh_keys()

    def place(self, projector: bool) -> None:
        """Each seat into its region, in the region's order (the left column top first), for
        the display (the projector display seats more at the sides): at the deal, and again
        when the display changes."""
        n = self.game.n
        for seat in sorted(range(n), key=lambda s: seat_layout(s, n, projector)[1]):
            region, _ = seat_layout(seat, n, projector)
            root = self.root(seat)
            root.dataset.region = region
            self.regions[region].appendChild(root)

    def _make_seat(self, seat: int) -> dict[str, Any]:
        el = self.dom.el
        game, session = self.game, self.session
        bot = session.bots.get(seat)
        here = bot is None and seat not in session.remote  # a person at this device
        root = el("section", "seat", data_seat=str(seat), data_cards="0",
                  aria_label=game.name(seat))
        if here:
            root.classList.add("human")
        root.style.setProperty("--order", str(HUMAN_ORDER + seat if here else seat))
        head = el("header", "seat-head")
        head.appendChild(el("span", "seat-number", str(seat + 1)))
        name = el("h2", "seat-name", game.name(seat), data_name=game.name(seat))
        name.style.setProperty("--word", str(longest_word(game.name(seat))))
        head.appendChild(name)
        root.appendChild(head)
        body = el("div", "seat-body")
        stack = el("div", "stack", aria_hidden="true")
        count = el("span", "count")
        body.appendChild(stack)
        body.appendChild(count)
        root.appendChild(body)
        # The status line: what the seat may do now, and the bot tag (compact, never in the
        # name's room: a narrow seat shows "bot" alone). A note replaces the line a moment.
        line = el("div", "seat-line")
        status = el("p", "seat-status")
        line.appendChild(status)
        if bot is not None:
            tag = el("span", "seat-tag", "bot", title=f"bot, {bot.skill.name}")
            tag.appendChild(el("span", "seat-skill", f" · {bot.skill.name}"))
            line.appendChild(tag)
        elif not here:
            line.appendChild(el("span", "seat-tag", "phone", title="plays from a phone"))
        root.appendChild(line)
        marks = el("p", "seat-marks")
        root.appendChild(marks)
        keys: dict[str, Any] = {}
        if here:
            # The touch zone, which also shows the seat's keys (hidden on touch screens).
            actions = session.actions
            zone = el("div", f"touch touch-{len(actions)}")
            for action in actions:
                # The accessible name starts with what the button shows ("Flip Q (Ada)"):
                # no aria-label that would differ from the visible text.
                button = el("button", f"touch-{action}", type="button", data_action=action)
                button.appendChild(el("span", "", ACTION_LABELS[action]))
                keys[action] = el("kbd")
                button.appendChild(keys[action])
                button.appendChild(el("span", "visually-hidden", f" ({game.name(seat)})"))
                handler = self._touch_handler(seat, action)
                button.addEventListener("pointerdown", handler)
                button.addEventListener("click", handler)
                zone.appendChild(button)
            root.appendChild(zone)
        return {"root": root, "count": count, "stack": stack, "status": status, "keys": keys,
                "name": name, "marks": marks, "line": line, "note": None, "note_token": 0}

    def _touch_handler(self, seat: int, action: str) -> Any:
        def handler(event: Any) -> None:
            # pointerdown acts at once (fingers, pen, mouse); a click acts only when it comes
            # from the keyboard (Enter or Space on the focused button: detail 0), so a mouse
            # press is not counted twice.
            if event.type == "click" and event.detail != 0:
                return
            event.preventDefault()
            self._on_touch(seat, action)

        return self._proxy(handler)

    def refresh_keys(self) -> None:
        """Each person's touch buttons show the seat's keys as they are now."""
        for seat, nodes in enumerate(self.nodes):
            keys = self._keys(seat)
            for action, kbd in nodes["keys"].items():
                kbd.textContent = key_label(keys.get(action, ""))

    def update(self) -> None:
        """Write only what changed: most actions touch one or two seats, and every DOM write
        costs a call out of Python and invalidates style."""
        game = self.game
        to_act = game.to_act()
        winner = game.outcome.winner if game.outcome is not None else -1
        over = game.outcome is not None
        if over != self.over:  # an ended game's buttons do nothing: they say so
            self.over = over
            for nodes in self.nodes:
                for button in nodes["root"].querySelectorAll("[data-action]"):
                    button.disabled = over
        for seat, nodes in enumerate(self.nodes):
            count = len(game.hands[seat])
            state = (count, seat == to_act, self._status(seat, to_act), seat == winner,
                     self._marks(seat))
            if nodes.get("shown") == state:
                continue
            nodes["shown"] = state
            root = nodes["root"]
            root.dataset.cards = str(count)
            nodes["count"].textContent = f"{count} card{'s' * (count != 1)}"
            nodes["stack"].style.setProperty("--depth", str(min(count, STACK_DEPTH)))
            root.classList.toggle("to-act", state[1])
            if state[1]:
                root.setAttribute("aria-current", "true")
            else:
                root.removeAttribute("aria-current")
            root.classList.toggle("empty", count == 0)
            root.classList.toggle("winner", state[3])
            nodes["status"].textContent = state[2]
            marks = nodes["marks"]
            self.dom.clear(marks)
            for kind, text in state[4]:
                marks.appendChild(self.dom.el("span", f"mark mark-{kind}", text, data_mark=kind))
            root.dataset.marks = " ".join(kind for kind, _ in state[4])

    def _status(self, seat: int, to_act: int) -> str:
        """What the seat may do now, or why not."""
        game = self.game
        if game.outcome is not None:
            return "winner" if game.outcome.winner == seat else ""
        if game.penalties.barred[seat] or game.out[seat]:
            return "out of this game"
        if game.penalties.lockout[seat]:
            n = game.penalties.lockout[seat]
            return f"locked out: {n} flip{'s' * (n != 1)}"
        parts = []
        if seat == game.challenge.claimant:
            parts.append("won the pile: collected in a moment" if game.auto_collect
                         else "won the pile: flip to collect")
        elif seat == to_act and game.challenge.challenger >= 0:
            parts.append(answering(game))
        elif seat == to_act:
            parts.append("to play")
        if not game.hands[seat] and seat != game.challenge.claimant:
            note = self._no_cards_note(seat)
            if note is None:
                note = "no cards: slap to get back in"
            if note:
                parts.append(note)
        if game.penalties.strikes[seat]:
            parts.append(f"strikes {game.penalties.strikes[seat]}/{game.rules.strikes}")
        return " · ".join(parts)

    def show_note(self, note: Note) -> None:
        """A short note in the seat that acted, replacing its last one, for :data:`NOTE_MS`:
        a wrong slap also marks the seat (``wrong``), a pile won too (``gained``)."""
        if not 0 <= note.seat < len(self.nodes):
            return
        nodes = self.nodes[note.seat]
        root = nodes["root"]
        old = nodes["note"]
        if old is not None:
            old.remove()
        node = self.dom.el("p", "seat-note", with_symbols(note.text), data_kind=note.kind)
        nodes["line"].appendChild(node)
        nodes["note"] = node
        wrong = note.kind == "wrong-slap"
        root.classList.remove("wrong")
        root.classList.toggle("gained", note.kind == "pile-taken")
        if wrong:
            _ = root.offsetWidth  # shake again at a second wrong slap
            root.classList.add("wrong")
        nodes["note_token"] += 1
        token = nodes["note_token"]

        def expire() -> None:
            if nodes["note_token"] == token:
                node.remove()
                nodes["note"] = None
                root.classList.remove("wrong", "gained")

        self._later(expire, int(NOTE_MS))


def answering(game: Game) -> str:
    """The status of the seat answering a challenge: its chances ("to play: 2 chances"), in
    the variant's words (Beggar-My-Neighbour's "owes 2 cards")."""
    n = game.challenge.chances
    return table_words(game.variant.name, "answering").format(
        chances=f"{n} chance{'s' * (n != 1)}", cards=f"{n} card{'s' * (n != 1)}")
