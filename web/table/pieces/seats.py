"""The seats round the centre: each player's name, count, status line, marks, notes and, for a
person, the touch buttons that show the seat's keys.

Seats are placed in the regions round the centre (:func:`web.model.seating.seat_layout`), made
once and updated in place. Stable hooks for tests: every seat has ``data-seat`` (0-based),
``data-cards`` and ``data-region`` (and ``aria-current`` while it is the seat's turn); a seat's
note is ``.seat-note`` with ``data-kind``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from ratscrew.core.engine import Game
from ratscrew.i18n import N_, t, tn
from web.model.card_text import with_symbols
from web.model.headline import NOTE_MS, Note
from web.model.keymap import key_label
from web.model.seating import REGIONS, longest_word, seat_layout
from web.model.session import ACTION_LABELS, HUMAN_ORDER, STACK_DEPTH, Session
from web.table.piece import Dom, Markup, Piece, draw, level_name, table_line

Marks = tuple[tuple[str, str], ...]
"""What a seat wears besides its count, as (kind, text): each a ``data-mark``."""


DESKTOP = "(min-width: 700px) and (min-height: 521px)"
"""The screens the projector display changes (not a phone's: web/shell/base.css)."""


def projector_display(dom: Dom, node: Any) -> bool:
    """Whether the page (``node``'s document) is on the projector display (the class
    ``projector`` on ``<html>``: web/shell/settings_dialog.py) on a screen it changes."""
    return bool(node.ownerDocument.documentElement.classList.contains("projector")
                and dom.media(DESKTOP))


SeatKind = Literal["person", "bot", "phone"]
"""Who plays a seat: a person at this device, a bot, or a person on a phone."""

SKELETON_STATUS = N_("Dealing…")
"""A person's status line before the deal (a message id)."""


def seat_markup(seat: int, name: str, kind: SeatKind, level: str = "",
                buttons: Sequence[tuple[str, str, str]] = (), skeleton: bool = False) -> Markup:
    """A seat's elements: its number and name, its stack and count, its status line (with a
    bot's tag and ``level``, or a phone's), its marks, and a person's touch buttons (each
    ``(action, label, key)``: :func:`touch_button_markup`), which also show the seat's keys
    (hidden on touch screens).

    The table draws it (:meth:`Seats.build`), and so does the page before Python, for a link
    that deals at once: the build writes it as a ``skeleton`` (web/model/setup_html.py's
    templates) and web/boot/setup_early.js fills in the seat's number, name, level and
    buttons. A skeleton is no seat of a game yet: it has ``data-skeleton`` and none of the
    hooks of a dealt seat (``data-seat``, ``data-cards``, ``data-name``, ``data-action``)."""
    person = kind == "person"
    hooks = ((("data-skeleton", ""),) if skeleton
             else (("data-seat", str(seat)), ("data-cards", "0")))
    if kind == "bot":
        said = level_name(level)
        # i18n: A seat's tag: the seat is played by a bot; its title adds the bot's level.
        tags: tuple[Markup, ...] = (Markup("span", "seat-tag", t("bot"), (
            ("title", t("bot, {level}", level=said)),), children=(
                Markup("span", "seat-skill", f" · {said}"),)),)
    elif kind == "phone":
        # i18n: A seat's tag: the seat's player plays from their own phone.
        tags = (Markup("span", "seat-tag", t("phone"), (("title", t("plays from a phone")),)),)
    else:
        tags = ()
    status = t(SKELETON_STATUS) if skeleton and person else ""
    # The status line: what the seat may do now, and the tag (compact, never in the name's
    # room: a narrow seat shows "bot" alone). A note replaces the line a moment.
    parts = [
        Markup("header", "seat-head", children=(
            Markup("span", "seat-number", str(seat + 1)),
            # (dir=auto: a name is isolated from the page's direction, as in <bdi>.)
            Markup("h2", "seat-name", name,
                   (("dir", "auto"),) if skeleton else (("dir", "auto"), ("data-name", name)),
                   (("--word", str(longest_word(name))),), ref="name"))),
        Markup("div", "seat-body", children=(
            Markup("div", "stack", attrs=(("aria-hidden", "true"),), ref="stack"),
            # Before the deal the count keeps its line's height.
            Markup("span", "count", "\u00a0" if skeleton else "", ref="count"))),
        Markup("div", "seat-line", children=(Markup("p", "seat-status", status, ref="status"),
                                              *tags), ref="line"),
        Markup("p", "seat-marks", ref="marks"),
    ]
    if person:
        parts.append(Markup("div", f"touch touch-{len(buttons)}", children=tuple(
            touch_button_markup(action, label, key, name, skeleton)
            for action, label, key in buttons)))
    return Markup("section", " ".join(("seat", *(("human",) if person else ()),
                                       *(("skeleton",) if skeleton else ()))),
                  attrs=(*hooks, ("aria-label", name)),
                  style=(("--order", str(HUMAN_ORDER + seat if person else seat)),),
                  children=tuple(parts), ref="root")


def touch_button_markup(action: str, label: str, key: str, name: str,
                        skeleton: bool = False) -> Markup:
    """A person's touch button: what it does, its key and, for a screen reader, whose it is.
    The accessible name starts with what the button shows ("Flip Q (Ada)"): no aria-label
    that would differ from the visible text. Before the deal (``skeleton``) it is disabled and
    has no ``data-action`` hook."""
    attrs = (("type", "button"), ("disabled", "")) if skeleton \
        else (("type", "button"), ("data-action", action))
    return Markup("button", f"touch-{action}", attrs=attrs, ref=f"button:{action}", children=(
        Markup("span", "", label), Markup("kbd", "", key, ref=f"key:{action}"),
        Markup("span", "visually-hidden", f" ({name})")))


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
        game, session = self.game, self.session
        bot = session.bots.get(seat)
        here = bot is None and seat not in session.remote  # a person at this device
        kind: SeatKind = "bot" if bot is not None else "person" if here else "phone"
        keys = self._keys(seat)
        buttons = [(action, t(ACTION_LABELS[action]), key_label(keys.get(action, "")))
                   for action in (session.actions if here else ())]
        refs: dict[str, Any] = {}
        root = draw(seat_markup(seat, str(game.name(seat)), kind,
                                bot.skill.name if bot else "", buttons), self.dom.el, refs)
        for action, _, _ in buttons:
            handler = self._touch_handler(seat, action)
            refs[f"button:{action}"].addEventListener("pointerdown", handler)
            refs[f"button:{action}"].addEventListener("click", handler)
        return {"root": root, "count": refs["count"], "stack": refs["stack"],
                "status": refs["status"], "keys": {a: refs[f"key:{a}"] for a, _, _ in buttons},
                "name": refs["name"], "marks": refs["marks"], "line": refs["line"],
                "note": None, "note_token": 0}

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
            nodes["count"].textContent = tn("{n} card", "{n} cards", count, n=count)
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
            # i18n: The status line of the seat that won the game.
            return t("winner") if game.outcome.winner == seat else ""
        if game.penalties.barred[seat] or game.out[seat]:
            return t("out of this game")
        if game.penalties.lockout[seat]:
            n = game.penalties.lockout[seat]
            # i18n: A wrong slap's penalty: no slapping for the next {n} flips.
            return tn("locked out: {n} flip", "locked out: {n} flips", n, n=n)
        parts = []
        if seat == game.challenge.claimant:
            parts.append(t("won the pile: collected in a moment") if game.auto_collect
                         else t("won the pile: flip to collect"))
        elif seat == to_act and game.challenge.challenger >= 0:
            parts.append(answering(game))
        elif seat == to_act:
            parts.append(t("to play"))
        if not game.hands[seat] and seat != game.challenge.claimant:
            note = self._no_cards_note(seat)
            if note is None:
                note = t("no cards: slap to get back in")
            if note:
                parts.append(note)
        if game.penalties.strikes[seat]:
            # i18n: A seat's wrong-slap strikes: {n} so far of the {most} that put it out.
            parts.append(t("strikes {n}/{most}", n=game.penalties.strikes[seat],
                           most=game.rules.strikes))
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
    return table_line(game.variant.name, "answering", game.challenge.chances)
