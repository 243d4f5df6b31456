"""Drawing the table in the DOM: the core every variant shares.

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text. Elements are made once and updated in place; only the pile's
cards come and go.

The core draws the seats (in the regions round the centre, :func:`web.table.info.seat_layout`),
the pile, the challenge line, the pile note, the headline (``#explain``), the log and the panel
of a person's decision (``#choice-slot``). What the headline, the seats' notes and the live
region (``#announce``) say, and for how long, is :mod:`web.model.headline`'s to decide. What only
some variants have is drawn by their parts of the table (:mod:`web.table.part`: ``web/part_*.py``);
nothing here names a variant.
Drawing cards is :mod:`web.table.cards_view` (its names are re-exported here).

Stable hooks for tests: every seat has ``data-seat`` (0-based), ``data-cards`` and
``data-region`` (and ``aria-current`` while it is the seat's turn); the pile has ``data-pile``
and ``data-cards`` (the cards that made a winning slap, ``data-pattern``); a seat's note is
``.seat-note`` with ``data-kind``; a decision's panel has ``data-choice`` (the deciding seat);
the headline has ``data-kind`` and ``data-since`` (the ``performance.now()`` at which its line
was shown).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ratscrew.core.cards import CARDS
from ratscrew.core.engine import COVERED, PENALTY, Decision, Game, clean_text
from ratscrew.core.events import (
    ChallengeWon,
    Event,
    GameOver,
    PileTaken,
    PlayOn,
    WrongSlap,
)
from web.model.card_text import (
    CARD_CODE,
    CARD_RUN,
    SUIT_SYMBOLS,
    is_tarot,
    with_names,
    with_symbols,
)
from web.model.headline import NOTE_MS, Announcer, Headline, Line, Note, seat_notes
from web.model.keymap import choice_step, key_label
from web.model.log_lines import FUTURE_LIMIT, LOG_LIMIT, LogLines
from web.model.seating import REGIONS, seat_layout
from web.model.session import ACTION_LABELS, HUMAN_ORDER, STACK_DEPTH, Session
from web.table.cards_view import (
    ARCANA_LONG_WORD,
    SVG,
    TAROT_RANK_LABELS,
    TAROT_SUIT_SHAPES,
    by_id,
    card_element,
    clear,
    el,
    suit_icon,
    svg_el,
)
from web.table.part import BEFORE_PILE, BESIDE_PILE, Box, Dom, PartContext, TablePart, parts_for

__all__ = [
    "ARCANA_LONG_WORD",
    "CARD_CODE",
    "CARD_RUN",
    "SUIT_SYMBOLS",
    "SVG",
    "TAROT_RANK_LABELS",
    "TAROT_SUIT_SHAPES",
    "TableView",
    "by_id",
    "card_element",
    "clear",
    "el",
    "is_tarot",
    "suit_icon",
    "svg_el",
    "with_names",
    "with_symbols",
]

DOM = Dom(el, by_id, clear, card_element, lambda text: document.createTextNode(text),
          lambda: float(window.performance.now()))
"""The drawing tools the table hands its parts."""

SHOWN = 6
"""How many of the pile's top cards are fanned out (a hoagie needs four)."""
TYPE_OPTION = "\u270e type"
"""The choice panel's own entry for a decision that takes typed text: choosing it with the
seat's flip key puts the cursor in the text box (never an option the engine knows)."""
NOTABLE: tuple[type[Event], ...] = (PileTaken, WrongSlap, ChallengeWon, GameOver, PlayOn)
"""Events the log marks as notable (each part of the table adds its own)."""
SWEEP_MS = 420
"""How long (real ms) the cards of a pile taken take to fly to the winner's seat."""
PATTERN_MS = 650
"""How long (real ms at 1x: times the animation factor ``--anim``) the cards that made a
winning slap stay highlighted on the pile before the pile flies to the winner (style.css:
``.pile .card.leaving[data-pattern]``)."""
PATTERN_DELAY = f"calc({PATTERN_MS}ms * var(--anim))"


class TableView:
    """The table for one session: seats around the pile, the headline, the log, a person's
    decision, and the variant's own parts (:mod:`web.table.part`)."""

    def __init__(
        self,
        session: Session,
        keys: Callable[[int], dict[str, str]],
        on_touch: Callable[[int, str], None],
        on_choose: Callable[[int, str], None] | None = None,
        act: Callable[[int, str, str], None] | None = None,
        lines: LogLines | None = None,
    ) -> None:
        self.session = session
        self.game: Game = session.game
        self.felt = by_id("felt")
        self.seats_box = by_id("seats")
        self.regions = {name: self.seats_box.querySelector(f"[data-region='{name}']")
                        for name in REGIONS}
        self.pile = by_id("pile")
        self.pile_note = by_id("pile-note")
        self.challenge = by_id("challenge")
        self.explain_line = by_id("explain")
        self.log = by_id("log")
        self.announce = by_id("announce")
        self.choice_slot = by_id("choice-slot")
        self.seat_nodes: list[dict[str, Any]] = []
        self._pile_shown = 0
        self._pile_label_shown = ""
        self._keys = keys
        self._on_touch = on_touch
        self._on_choose = on_choose
        self._proxies: list[Any] = []
        self._choice: dict[str, Any] | None = None
        """The open decision panel: its decision, seat, selected index and nodes."""
        self._scroll_to: Any = None
        """A panel just opened, to bring into view once the table is drawn."""
        for region in self.regions.values():
            clear(region)
        clear(self.pile)
        clear(self.log)
        clear(self.choice_slot)
        self.parts = self._build_parts(act)
        notable = NOTABLE + tuple(t for part in self.parts for t in part.notable)
        self.lines = lines or LogLines(self.game.names, notable)
        """Every log entry's markup, kept for the whole game (the table is redrawn with the
        same ones after a step back)."""
        self._shown = 0
        """How many of the record's events the log lists as happened."""
        self._future = 0
        """How many entries of the record still to come it lists above them (greyed)."""
        self._marked = False
        """Whether an entry is marked as the moment shown (:meth:`_mark_now`)."""
        self.felt.dataset.players = str(self.game.n)
        self.felt.dataset.variant = session.variant.name
        for seat in range(self.game.n):
            self.seat_nodes.append(self._make_seat(seat))
        self._place_seats()
        self.refresh_keys()
        self.headline = Headline()
        self.announcer = Announcer(frozenset(session.humans))
        self.explain_line.textContent = ""
        self.explain_line.classList.remove("fresh")
        self.explain_line.removeAttribute("data-kind")
        self.explain_line.removeAttribute("data-since")
        self.announce.textContent = ""
        self.pile.setAttribute("role", "group")
        # The deal's notable event (the deal itself, or a Rat asked on the first roll), or at a
        # moment reached by stepping, what its last action did.
        self._tell(self.last_events(), float(window.performance.now()))
        self.redraw_log()
        self.update([])

    def last_events(self) -> list[Event]:
        """The events of the record's last action shown (the deal's, at the deal)."""
        session = self.session
        shown = len(self.game.events)
        steps = session.event_steps
        last = steps[shown - 1] if shown else 0
        first = shown
        while first > 0 and steps[first - 1] == last:
            first -= 1
        return list(session.all_events[first:shown])

    def _build_parts(self, act: Callable[[int, str, str], None] | None) -> list[TablePart]:
        """The variant's own parts of the table, their boxes made (the boxes of an earlier
        table's parts taken away), built."""
        for node in self.felt.ownerDocument.querySelectorAll("[data-part-box]"):
            node.remove()
        context = PartContext(self.session, self.seat_root, self.later, self._proxies, DOM,
                              act, create_proxy)
        parts = [cls(context) for cls in parts_for(self.session.variant.name)]
        self._beside_pile = self.pile
        for part in parts:
            for box in part.boxes:
                self._place_box(box)
        for part in parts:
            part.build()
        return parts

    def _place_box(self, box: Box) -> None:
        """Make a part's box, hidden, in its slot."""
        attrs = {"data_zone": box.zone} if box.zone else {}
        node = el(box.tag, box.classes, id=box.id, data_part_box="", **attrs)
        for name, value in box.attrs.items():
            node.setAttribute(name, value)
        node.hidden = True
        if box.slot == BEFORE_PILE:
            self.pile.before(node)
        elif box.slot == BESIDE_PILE:
            self._beside_pile.after(node)
            self._beside_pile = node
        else:
            by_id("panels").appendChild(node)

    def seat_root(self, seat: int) -> Any:
        """A seat's ``<section class="seat">``."""
        return self.seat_nodes[seat]["root"]

    def later(self, fn: Callable[[], None], ms: int) -> None:
        """Call ``fn`` once, ``ms`` real milliseconds from now."""
        from pyodide.ffi import create_once_callable

        window.setTimeout(create_once_callable(fn), ms)

    # -- seats -----------------------------------------------------------------------------

    def _make_seat(self, seat: int) -> dict[str, Any]:
        game, session = self.game, self.session
        region, _ = seat_layout(seat, game.n)
        bot = session.bots.get(seat)
        root = el("section", "seat", data_seat=str(seat), data_cards="0", data_region=region,
                  aria_label=game.name(seat))
        if bot is None:
            root.classList.add("human")
        root.style.setProperty("--order", str(seat if bot is not None else HUMAN_ORDER + seat))
        head = el("header", "seat-head")
        head.appendChild(el("span", "seat-number", str(seat + 1)))
        name = el("h2", "seat-name", game.name(seat), data_name=game.name(seat))
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
        root.appendChild(line)
        marks = el("p", "seat-marks")
        root.appendChild(marks)
        keys: dict[str, Any] = {}
        if bot is None:
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

    def _place_seats(self) -> None:
        """Each seat into its region, in the region's order (the left column top first)."""
        n = self.game.n
        for seat in sorted(range(n), key=lambda s: seat_layout(s, n)[1]):
            region, _ = seat_layout(seat, n)
            self.regions[region].appendChild(self.seat_root(seat))

    def _proxy(self, handler: Callable[[Any], None]) -> Any:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        return proxy

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

    def destroy(self) -> None:
        for part in self.parts:
            part.destroy()
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()

    def refresh_keys(self) -> None:
        for seat, nodes in enumerate(self.seat_nodes):
            keys = self._keys(seat)
            for action, kbd in nodes["keys"].items():
                kbd.textContent = key_label(keys.get(action, ""))
        if self._choice is not None:
            self._choice_hint()

    def _seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        return tuple(mark for part in self.parts for mark in part.seat_marks(seat))

    def _update_seats(self) -> None:
        """Write only what changed: most actions touch one or two seats, and every DOM write
        costs a call out of Python and invalidates style."""
        game = self.game
        to_act = game.to_act()
        winner = game.outcome.winner if game.outcome is not None else -1
        for seat, nodes in enumerate(self.seat_nodes):
            count = len(game.hands[seat])
            state = (count, seat == to_act, self._status(seat, to_act), seat == winner,
                     self._seat_marks(seat))
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
            clear(marks)
            for kind, text in state[4]:
                marks.appendChild(el("span", f"mark mark-{kind}", text, data_mark=kind))
            root.dataset.marks = " ".join(kind for kind, _ in state[4])

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
            notes = [note for part in self.parts if (note := part.no_cards_note(seat))]
            parts.append(notes[0] if notes else "no cards: slap to get back in")
        if game.strikes[seat]:
            parts.append(f"strikes {game.strikes[seat]}/{game.rules.strikes}")
        return " · ".join(parts)

    # -- the pile --------------------------------------------------------------------------

    def _offset(self, seat: int) -> tuple[float, float]:
        """How far (px) the middle of ``seat`` is from the middle of the pile, on screen: where
        a card flies from, or to."""
        a = self.seat_root(seat).getBoundingClientRect()
        b = self.pile.getBoundingClientRect()
        return (float(a.left + a.width / 2 - b.left - b.width / 2),
                float(a.top + a.height / 2 - b.top - b.height / 2))

    def _update_pile(self, swept_to: int, won: PileTaken | None = None) -> None:
        game = self.game
        pile = self.pile
        total = len(game.pile)
        pile.dataset.cards = str(total)
        if swept_to >= 0 and self._pile_shown:
            self._sweep(swept_to, won)
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
                x, y = self._offset(game.top_seat)
                node.style.setProperty("--from-x", f"{x:.0f}px")
                node.style.setProperty("--from-y", f"{y:.0f}px")
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
        if not notes:
            notes.append("The pile is empty")
        if not game.slapping:  # Beggar-My-Neighbour: a game counted in tricks
            notes.append(f"trick {game.tricks + 1}" if game.outcome is None
                         else f"{game.tricks} tricks")
        self.pile_note.textContent = " · ".join(notes)
        label = self._pile_label(total)
        if label != self._pile_label_shown:
            pile.setAttribute("aria-label", label)
            self._pile_label_shown = label
        self.challenge.textContent = self._challenge_text()

    def _pile_label(self, total: int) -> str:
        """What the pile says to assistive tech (it is a group): its count and top card."""
        game = self.game
        if not total:
            return "The pile: empty"
        top = "a covered card" if game.pile_kinds[-1] == COVERED else game.pile[-1].name
        return f"The pile: {total} card{'s' * (total != 1)}, {top} on top"

    def _sweep(self, seat: int, won: PileTaken | None = None) -> None:
        """The pile's cards fly to the winner's seat. A pile won by a slap first shows why:
        the cards that made the pattern carry ``data-pattern`` (the rule's name) and the whole
        pile waits :data:`PATTERN_MS` (times the animation factor) before it flies."""
        x, y = self._offset(seat)
        pile = self.pile
        nodes = list(pile.children)
        shown = self._mark_pattern(won, nodes) if won is not None else False
        for node in nodes:
            node.classList.add("leaving")
            node.style.setProperty("--to-x", f"{x:.0f}px")
            node.style.setProperty("--to-y", f"{y:.0f}px")
            if shown:
                node.style.setProperty("transition-delay", PATTERN_DELAY)
        pile.classList.toggle("pattern-shown", shown)

        def drop() -> None:
            for node in nodes:
                if node.parentNode == pile:
                    pile.removeChild(node)
            if shown:
                pile.classList.remove("pattern-shown")

        wait = SWEEP_MS + (math.ceil(PATTERN_MS * self._anim()) if shown else 0)
        self.later(drop, wait)
        self._pile_shown = 0

    @staticmethod
    def _mark_pattern(won: PileTaken, nodes: Sequence[Any]) -> bool:
        """Mark the shown cards that made a winning slap (``won.cards``, matched by code, the
        top-most first: two decks may hold the same card twice). Whether any was marked."""
        if won.how != "slap" or not won.cards or not won.rule:
            return False
        free = [node for node in reversed(nodes) if not node.classList.contains("leaving")]
        marked = False
        for card in won.cards:
            for node in free:
                if str(node.dataset.code) == card.code:
                    node.dataset.pattern = won.rule
                    free.remove(node)
                    marked = True
                    break
        return marked

    @staticmethod
    def _anim() -> float:
        """The animation factor the page uses now (``--anim``: speed, reduced motion)."""
        try:
            value = str(window.getComputedStyle(document.body).getPropertyValue("--anim"))
            return max(0.0, float(value.strip() or "1"))
        except (ValueError, TypeError):
            return 1.0

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
        won: PileTaken | None = None
        if events:
            self._log_all(events)
            for event in events:
                if isinstance(event, PileTaken):
                    swept_to = event.seat
                    won = event
            for part in self.parts:
                part.on_events(events)
            self._tell(events, float(window.performance.now()))
        self._update_seats()
        self._update_pile(swept_to, won)
        self._update_choice()
        for part in self.parts:
            part.update()
        if self._scroll_to is not None:  # once the parts have drawn: the page may have grown
            self._bring_into_view(self._scroll_to)
            self._scroll_to = None

    # -- the headline, the notes at the seats, the live region -----------------------------

    def _tell(self, events: Sequence[Event], now: float) -> None:
        """A batch of events to the headline (its notable line), the seats (their notes) and
        the live region (:mod:`web.model.headline`)."""
        names = self.game.names or None
        speed = self.session.speed
        self._show_line(self.headline.offer(events, names, now, speed))
        for note in seat_notes(events, self.session.humans):
            self._show_note(note)
        self._say(self.announcer.offer(events, names, now, speed))

    def _show_line(self, line: Line | None) -> None:
        if line is None:
            return
        node = self.explain_line
        node.dataset.kind = line.kind
        node.dataset.since = f"{line.since:.3f}"  # the page's clock: tests time the holds
        node.textContent = with_symbols(line.text)
        node.classList.remove("fresh")
        _ = node.offsetWidth  # restart the animation
        node.classList.add("fresh")

    def _say(self, text: str | None) -> None:
        if text:
            self.announce.textContent = with_names(text)

    def _show_note(self, note: Note) -> None:
        """A short note in the seat that acted, replacing its last one, for :data:`NOTE_MS`:
        a wrong slap also marks the seat (``wrong``), a pile won too (``gained``)."""
        if not 0 <= note.seat < len(self.seat_nodes):
            return
        nodes = self.seat_nodes[note.seat]
        root = nodes["root"]
        old = nodes["note"]
        if old is not None:
            old.remove()
        node = el("p", "seat-note", with_symbols(note.text), data_kind=note.kind)
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

        self.later(expire, int(NOTE_MS))

    def note_action(self, action: str, events: Sequence[Event]) -> None:
        """A person's own action of the variant gave these events: the parts say what it did.
        The events are drawn by :meth:`update` next."""
        for part in self.parts:
            part.on_action(action, events)

    def redraw_log(self) -> None:
        """The whole log: what has happened (newest first) and, at a past moment, the
        record's entries still to come above it, greyed (``future``)."""
        session = self.session
        shown = len(self.game.events)
        events, steps = session.all_events, session.event_steps
        ahead = min(len(events), shown + FUTURE_LIMIT) if session.reviewing else shown
        future = self.lines.entries(events, steps, shown, ahead).replace(
            '<li class="', '<li class="future ')
        self.log.innerHTML = future + self.lines.entries(events, steps,
                                                         max(0, shown - LOG_LIMIT), shown)
        self._shown = shown
        self._future = ahead - shown
        self.log.classList.toggle("reviewing", session.reviewing)
        self._mark_now()

    def _mark_now(self) -> None:
        """``aria-current`` on the entry of the moment shown (the newest that happened)
        while the game stands still there (paused, or stepped to); none while it plays."""
        old = self.log.querySelector("[aria-current]")
        if old:
            old.removeAttribute("aria-current")
        if not self.session.paused:
            return
        now = self.log.children.item(self._future) if self._shown else None
        if now:
            now.setAttribute("aria-current", "step")
            self._marked = True

    def show_moment(self) -> None:
        """Scroll the log (only the log: on a phone the page stays on the table) to the
        moment shown, in its middle; to the top (the newest) at the live end."""
        log = self.log
        now = log.querySelector("[aria-current]")
        if now and self.session.reviewing:  # style.css: the log is the entries' offsetParent
            log.scrollTop = max(0, now.offsetTop - (log.clientHeight - now.offsetHeight) / 2)
        else:
            log.scrollTop = 0

    def _log_all(self, events: Sequence[Event]) -> None:
        """Add entries to the log in one go (at instant speed a frame brings dozens). At a
        past moment, stepping on turns the record's entries still to come into entries that
        happened."""
        shown = len(self.game.events)
        count = shown - self._shown
        if count <= 0:
            return
        if self._future:
            if self._future < count:
                self.redraw_log()
                return
            for i in range(self._future - count, self._future):
                self.log.children.item(i).classList.remove("future")
            self._future -= count
            self._shown = shown
            if not self._future and not self.session.reviewing:
                self.log.classList.remove("reviewing")
            self._mark_now()
            return
        session = self.session
        # Newest first: the latest is always in view without scrolling (reading the scroll
        # height would force a layout on every action).
        self.log.insertAdjacentHTML("afterbegin", self.lines.entries(
            session.all_events, session.event_steps, self._shown, shown))
        self._shown = shown
        if session.paused or self._marked:
            self._mark_now()
            self._marked = session.paused
        while self.log.childElementCount > LOG_LIMIT:
            self.log.removeChild(self.log.lastChild)

    # -- decisions --------------------------------------------------------------------------

    def _update_choice(self) -> None:
        decision = self.session.human_decision
        current = self._choice
        if current is not None and current["decision"] is decision:
            self._tick_choice()
            return
        if current is not None:
            current["panel"].remove()
            current["root"].classList.remove("choosing")
            self._choice = None
        if decision is None:
            return
        self._open_choice(decision)

    def _open_choice(self, decision: Decision) -> None:
        """The deciding person's panel, in the rail (``#choice-slot``): who chooses, the
        prompt, the cards it looks at, a button per option (its label; a card option is the
        card itself), a text box when the answer may be typed, and the countdown to the
        default. Their seat is marked ``choosing``."""
        seat = decision.seat
        root = self.seat_root(seat)
        panel = el("div", "choice", role="group", aria_label=decision.prompt,
                   data_choice=str(seat), data_zone="choice")
        many = len(decision.options) > 4 or decision.free_text > 0 or len(decision.prompt) > 90
        panel.classList.toggle("wide", many)
        panel.appendChild(el("h2", "choice-who", f"{self.game.name(seat)} chooses"))
        panel.appendChild(el("p", "choice-prompt", decision.prompt))
        card_options = bool(decision.cards) and all(
            option in CARDS for option in decision.options)
        if decision.cards and not card_options:
            row = el("div", "choice-cards")
            for card in decision.cards:
                row.appendChild(card_element(card, "small"))
            panel.appendChild(row)
        options = el("div", "choice-options")
        if card_options:
            options.classList.add("card-options")
        buttons = []
        for option in decision.options:
            label = decision.label(option)
            if card_options:
                button = el("button", "choice-option choice-card", type="button",
                            data_option=option, aria_label=label)
                button.appendChild(card_element(CARDS[option], "small"))
            else:
                button = el("button", "choice-option", label, type="button",
                            data_option=option)
            handler = self._choice_handler(seat, option)
            button.addEventListener("pointerdown", handler)
            button.addEventListener("click", handler)
            options.appendChild(button)
            buttons.append(button)
        panel.appendChild(options)
        entry: dict[str, Any] = {}
        if decision.free_text > 0:
            form = el("div", "choice-type")
            field = el("input", "choice-text", type="text",
                       maxlength=str(decision.free_text), autocomplete="off",
                       spellcheck="false", enterkeyhint="done",
                       placeholder="or type your own\u2026", aria_label=decision.prompt)
            submit = el("button", "choice-submit", "Say it", type="button")
            form.appendChild(field)
            form.appendChild(submit)
            panel.appendChild(form)
            note = el("p", "choice-note", role="alert")
            note.hidden = True
            panel.appendChild(note)
            entry = {"form": form, "field": field, "note": note}
            submit.addEventListener("click", self._text_handler(seat, decision, entry))
            field.addEventListener("keydown", self._text_handler(seat, decision, entry))
            buttons.append(form)
        hint = el("p", "choice-hint")
        panel.appendChild(hint)
        clock = el("p", "choice-clock")
        panel.appendChild(clock)
        clear(self.choice_slot)  # one panel at a time
        self.choice_slot.appendChild(panel)
        root.classList.add("choosing")
        keys = [*decision.options, *([TYPE_OPTION] if entry else [])]
        index = decision.options.index(decision.default) if (
            decision.default in decision.options) else 0
        self._choice = {"decision": decision, "seat": seat, "index": index, "panel": panel,
                        "buttons": buttons, "hint": hint, "clock": clock, "root": root,
                        "keys": keys, **entry}
        self._choice_select(index)
        self._choice_hint()
        self._tick_choice()
        self._scroll_to = panel

    def _bring_into_view(self, node: Any) -> None:
        """Scroll ``node`` into view if it is not (on a phone the rail may be below the
        fold); nothing moves when it is in view already."""
        try:
            from pyodide.ffi import to_js

            node.scrollIntoView(to_js({"block": "nearest"},
                                      dict_converter=window.Object.fromEntries))
        except Exception:  # an old browser, or no browser: showing the panel is what counts
            pass

    def _text_handler(self, seat: int, decision: Decision, entry: dict[str, Any]) -> Any:
        """The typed answer: sent with the button or Enter, once cleaned (never empty)."""

        def handler(event: Any) -> None:
            if event.type == "keydown" and (str(event.key) != "Enter" or event.isComposing):
                return
            event.preventDefault()
            text = clean_text(str(entry["field"].value), decision.free_text)
            if not text:
                entry["note"].textContent = "Type a few words first, or choose an option."
                entry["note"].hidden = False
                return
            if self._on_choose is not None:
                self._on_choose(seat, text)

        return self._proxy(handler)

    def _choice_handler(self, seat: int, option: str) -> Any:
        def handler(event: Any) -> None:
            if event.type == "click" and event.detail != 0:
                return  # the pointerdown has chosen already (see _touch_handler)
            event.preventDefault()
            if self._on_choose is not None:
                self._on_choose(seat, option)

        return self._proxy(handler)

    def _choice_select(self, index: int) -> None:
        choice = self._choice
        if choice is None:
            return
        choice["index"] = index
        for i, button in enumerate(choice["buttons"]):
            selected = i == index
            button.classList.toggle("selected", selected)
            if button.tagName == "BUTTON":
                button.setAttribute("aria-pressed", "true" if selected else "false")
        key = choice["keys"][index]
        choice["panel"].dataset.selected = "type" if key == TYPE_OPTION else key

    def _choice_hint(self) -> None:
        choice = self._choice
        if choice is None:
            return
        keys = self._keys(choice["seat"])
        left = key_label(keys.get("slap-left", ""))
        right = key_label(keys.get("slap-right", "") or keys.get("slap", ""))
        confirm = key_label(keys.get("flip", ""))
        choice["hint"].textContent = f"{left} / {right} move · {confirm} chooses"

    def _tick_choice(self) -> None:
        choice = self._choice
        if choice is None:
            return
        decision = choice["decision"]
        default = decision.label(decision.default)
        left = self.session.choice_ms_left(float(window.performance.now()))
        if left is None:
            text = f"No time limit: take your time (if you wait: {default})"
        else:  # real seconds, whatever the game's speed
            text = f"If you wait: {default} in {math.ceil(left / 1000)} s"
        if choice.get("text") != text:
            choice["text"] = text
            choice["clock"].textContent = text

    def choice_key(self, seat: int, action: str) -> str | None:
        """A seat's key while its decision panel is open: moves the selection, or returns the
        option chosen (flip). Returns "" when the key was used for moving, None when the
        panel is not this seat's (the key acts as usual)."""
        choice = self._choice
        if choice is None or choice["seat"] != seat:
            return None
        options = choice["keys"]
        index, confirmed = choice_step(choice["index"], action, len(options))
        if confirmed and options[index] == TYPE_OPTION:
            choice["field"].focus()  # type now: the game's keys rest while the box has focus
            return ""
        if confirmed:
            return str(options[index])
        self._choice_select(index)
        return ""

    def needs_ticking(self) -> bool:
        """Whether a countdown is on show, or a headline line or the live region's summary
        waits for its turn (the page calls :meth:`tick` a few times a second)."""
        return (self._choice is not None or self.headline.waiting()
                or self.announcer.waiting() or any(part.ticking() for part in self.parts))

    def tick(self) -> None:
        now = float(window.performance.now())
        self._show_line(self.headline.tick(now, self.session.speed))
        self._say(self.announcer.tick(now))
        for part in self.parts:
            part.tick()
        self._tick_choice()
