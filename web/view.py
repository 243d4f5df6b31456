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

from pyscript import document, window

from ratscrew.cards import ACE, CARDS, KNIGHT, PAGE, RANK_CODES, TAROT_SUITS, Card
from ratscrew.engine import COVERED, DEAD, PENALTY, Decision, Game, clean_text
from ratscrew.events import (
    ArcanaEffect,
    Asked,
    BlackDie,
    BurnStarted,
    BurnWon,
    ChallengeWon,
    DiceCalled,
    DiceRolled,
    Event,
    FireOut,
    Flipped,
    GameOver,
    Ignored,
    PileTaken,
    PlayOn,
    WrongSlap,
)
from ratscrew.firefighters import fires_of
from ratscrew.kurs import court_of
from ratscrew.slae import dice_of

from .keymap import key_label
from .session import Session
from .table_info import (
    Burn,
    DieFace,
    Result,
    burn_pile_of,
    choice_step,
    contest_of,
    dice_faces,
    result_of,
    seat_marks,
)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "R": "★", "B": "★"}
_CODE = (r"(?:10|[2-9JQKA])[SHDC]|[RB]J"  # standard cards and jokers
         r"|(?:10|[2-9AQKPN])(?:WA|CU|SW|PE)"  # Tarot Minor Arcana
         r"|M(?:2[0-2]|1[0-9]|[1-9])")  # Major Arcana M1..M22 (M10 is not M1 + "0")
CARD_CODE = re.compile(rf"\b(?:{_CODE})\b")
"""A card code as the engine writes it in a sentence (upper case, a word of its own: the
``SW`` of ``10SW`` is not read as the ``S`` of ``10S``, nor ``M10`` as ``M1``)."""
CARD_RUN = re.compile(rf"\b(?:{_CODE})(?: (?:{_CODE}))*\b")
"""Card codes in a row, separated by single spaces ("Sandwich 7H 2C 7S", "(QS 10SW)")."""
TAROT_RANK_LABELS = {PAGE: "P", KNIGHT: "Kn"}
"""What a Tarot card's corner says for the ranks whose code would read badly: the Page is
"P" and the Knight "Kn" (its code ``N`` means nothing to a player; "K" is the King). The
others are their code: A, 2..10, Q, K."""
ARCANA_LONG_WORD = 9
"""A Major Arcana name with a word this long (Priestess, Hierophant, Temperance, Judgement)
is set smaller (class ``long``): the card is only so wide."""
SVG = "http://www.w3.org/2000/svg"
TAROT_SUIT_SHAPES: dict[str, tuple[tuple[str, dict[str, str]], ...]] = {
    # A budding staff, leaning like a wand held at rest.
    "WA": (
        ("g", {"transform": "rotate(35 12 12)"}),
        ("rect", {"x": "9.8", "y": "3", "width": "4.4", "height": "20.5", "rx": "2.2"}),
        ("circle", {"cx": "12", "cy": "3.4", "r": "3"}),
        ("path", {"d": "M14 9.6c2.4-3.2 5.8-3.8 7.2-2.3-1.5 2.5-4.6 3.5-7.2 3.6z"}),
        ("path", {"d": "M10 15.2c-2.4-3.2-5.8-3.8-7.2-2.3 1.5 2.5 4.6 3.5 7.2 3.6z"}),
    ),
    # A goblet: bowl, stem, foot.
    "CU": (
        ("path", {"d": "M4.6 2.2h14.8c0 6-2.8 9.8-6.1 10.6v5.3h3.6c.7 0 1.2.5 1.2 1.2V22H5.9"
                       "v-2.7c0-.7.5-1.2 1.2-1.2h3.6v-5.3C7.4 12 4.6 8.2 4.6 2.2z"}),
    ),
    # A sword, point up: blade, cross-guard, grip, pommel.
    "SW": (
        ("path", {"d": "M12 .6l3.1 3.6V14.8H8.9V4.2z"}),
        ("rect", {"x": "4.8", "y": "14.2", "width": "14.4", "height": "3.2", "rx": "1.6"}),
        ("rect", {"x": "10.6", "y": "17", "width": "2.8", "height": "4.2"}),
        ("circle", {"cx": "12", "cy": "21.4", "r": "2.3"}),
    ),
    # A pentacle: a five-pointed star in a ring, on a coin.
    "PE": (
        ("circle", {"cx": "12", "cy": "12", "r": "10.6", "fill-opacity": "0.2",
                    "stroke": "currentColor", "stroke-width": "1.5"}),
        ("polygon", {"points": "12,2.4 17.64,19.77 2.87,9.03 21.13,9.03 6.36,19.77"}),
    ),
}
"""Each Tarot suit's symbol as SVG shapes (24 x 24, drawn in the card's colour): no font on
the machine has to have them. A ``g`` wraps the shapes after it."""

SHOWN = 6
"""How many of the pile's top cards are fanned out (a hoagie needs four)."""
LOG_LIMIT = 5000
"""Entries kept in the log: a long game has thousands; the oldest go first past this."""
ACTION_LABELS = {"flip": "Flip", "slap": "Slap", "slap-left": "Left", "slap-right": "Right"}
"""What a seat's touch buttons say (the slap-left and slap-right of Slap Like an Egyptian)."""
EFFECT_MS = 7000
"""How long (real ms) an Arcana effect's sentence stays on the felt."""
PEEK_MS = 6000
"""How long (real ms) the Fool's peek stays in the player's seat."""
TYPE_OPTION = "\u270e type"
"""The choice panel's own entry for a decision that takes typed text: choosing it with the
seat's flip key puts the cursor in the text box (never an option the engine knows)."""
ACTION_NAMES = {"flip": "flip", "slap": "slap", "slap-left": "slap with the left hand",
                "slap-right": "slap with the right hand"}


def is_tarot(card: Card) -> bool:
    return card.suit in TAROT_SUITS or card.is_arcana


def _symbol(card: Card) -> str:
    if card.is_joker:
        return "Joker"
    if is_tarot(card):
        return card.name  # Tarot suits have no symbol every font has: "Queen of Cups"
    return RANK_CODES[card.rank] + SUIT_SYMBOLS[card.suit]


def _spell(text: str, word: Callable[[Card], str]) -> str:
    """Each run of card codes in ``text`` as ``word`` writes the cards. A run with a Tarot
    card in it is separated by commas ("10 of Swords, The Hanged Man"): their names have
    spaces of their own. Standard runs keep their spaces ("7♥ 2♣ 7♠")."""

    def run(match: re.Match[str]) -> str:
        cards = [CARDS[code] for code in match.group(0).split(" ")]
        sep = ", " if any(is_tarot(c) for c in cards) else " "
        return sep.join(word(c) for c in cards)

    return CARD_RUN.sub(run, text)


def with_symbols(text: str) -> str:
    """Card codes in a sentence as people write them: "7H" becomes "7♥". Tarot cards are
    named ("QCU" becomes "Queen of Cups", "M12" "The Hanged Man"); jokers are "Joker"."""
    return _spell(text, _symbol)


def with_names(text: str) -> str:
    """Card codes spelled out for screen readers: "7H" becomes "7 of Hearts"."""
    return _spell(text, lambda c: c.name)


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


def svg_el(tag: str, **attrs: str) -> Any:
    node = document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def suit_icon(suit: str, cls: str = "") -> Any:
    """A Tarot suit's symbol: an inline SVG drawn in ``currentColor``, hidden from screen
    readers (the card's ``aria-label`` names it)."""
    icon = svg_el("svg", viewBox="0 0 24 24", fill="currentColor", aria_hidden="true",
                  focusable="false")
    icon.setAttribute("class", f"suit-icon {cls}".strip())
    parent = icon
    for tag, attrs in TAROT_SUIT_SHAPES[suit]:
        shape = svg_el(tag, **attrs)
        parent.appendChild(shape)
        if tag == "g":
            parent = shape
    return icon


def card_element(card: Card, kind: str = "live") -> Any:
    """A face-up card: rank and suit in the corners, a big centre, red or black.

    Tarot Minor Arcana draw their suit as an SVG symbol (``suit_icon``) in the corners and,
    for number cards, in the centre; a court card's centre is its rank label, big (P, Kn, Q,
    K: see ``TAROT_RANK_LABELS``). A Major Arcana card (class ``arcana``) has its Roman
    numeral at the top and the bottom (upside down, as a corner is) and its name in the
    middle. Every card has ``role="img"``, its name as ``aria-label`` and its code as
    ``data-code``.
    """
    colour = "red" if card.red else "black"
    name = "a covered card" if kind == COVERED else card.name
    node = el("div", f"card {colour} suit-{card.suit}", role="img", aria_label=name,
              data_code=card.code)
    if kind != "live":
        node.classList.add(kind)
    if card.is_arcana:
        _arcana_face(node, card)
    elif is_tarot(card):
        _minor_face(node, card)
    else:
        rank = "★" if card.is_joker else RANK_CODES[card.rank]
        suit = SUIT_SYMBOLS[card.suit]
        for corner in ("tl", "br"):
            c = el("span", f"corner {corner}")
            c.appendChild(el("span", "rank", "JKR" if card.is_joker else rank))
            c.appendChild(el("span", "suit", suit))
            node.appendChild(c)
        centre = "Joker" if card.is_joker else (rank if card.is_face else suit)
        kind_class = "centre face joker" if card.is_joker else (
            "centre face" if card.is_face else "centre")
        node.appendChild(el("span", kind_class, centre))
    if kind == DEAD:
        node.appendChild(el("span", "tag", "dead"))
    return node


def _minor_face(node: Any, card: Card) -> None:
    node.classList.add("tarot")
    rank = TAROT_RANK_LABELS.get(card.rank) or RANK_CODES[card.rank]
    for corner in ("tl", "br"):
        c = el("span", f"corner {corner}")
        c.appendChild(el("span", "rank", rank))
        suit = el("span", "suit")
        suit.appendChild(suit_icon(card.suit))
        c.appendChild(suit)
        node.appendChild(c)
    if card.is_face:  # like a standard face card: its rank, big (two letters: smaller)
        centre = el("span", "centre face court wide" if len(rank) > 1 else "centre face court",
                    rank)
    else:
        centre = el("span", "centre ace" if card.rank == ACE else "centre")
        centre.appendChild(suit_icon(card.suit))
    node.appendChild(centre)


def _arcana_face(node: Any, card: Card) -> None:
    node.classList.add("arcana")
    node.appendChild(el("span", "numeral top", card.numeral))
    name = card.name
    long = max(len(word) for word in name.split()) >= ARCANA_LONG_WORD
    centre = el("span", "centre arcana-name long" if long else "centre arcana-name")
    if name.startswith("The "):
        # "The" small over the words that tell the cards apart; the text stays the name.
        centre.appendChild(el("span", "arcana-the", "The "))
        name = name[4:]
    centre.appendChild(el("span", "arcana-title", name))
    node.appendChild(centre)
    node.appendChild(el("span", "numeral bottom", card.numeral, aria_hidden="true"))


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
        on_choose: Callable[[int, str], None] | None = None,
        on_fine: Callable[[int, int], None] | None = None,
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
        self.dice_box = document.getElementById("dice")
        self.burn_box = document.getElementById("burn")
        self.contest_box = document.getElementById("contest")
        self.effect_box = document.getElementById("effect")
        self.side_box = document.getElementById("side-pile")
        self.decree_box = document.getElementById("decrees")
        self._on_fine = on_fine
        self._effect_token = 0
        self._side_shown: tuple[str, int] | None = None
        self._decrees_shown: object = None
        self._fine_message = ""
        self.seat_nodes: list[dict[str, Any]] = []
        self._pile_shown = 0
        self._keys = keys
        self._on_touch = on_touch
        self._on_choose = on_choose
        self._touch_proxies: list[Any] = []
        self._dice_nodes: list[dict[str, Any]] = []
        self._dice_shown: tuple[DieFace, DieFace] | None = None
        self._burn_shown: tuple[int, str, bool] | None = None
        self._contest_cards: tuple[str, ...] = ()
        self._result: tuple[Result, int] | None = None
        """The last contest decided, and the cards played when it was: shown until the next
        card is played."""
        self._contest_shown: object = None
        self._contest_nodes: dict[str, Any] = {}
        self._choice: dict[str, Any] | None = None
        """The open decision panel: its decision, seat, selected index and nodes."""
        clear(self.seats_box)
        clear(self.pile)
        clear(self.log)
        self._build_extras()
        self.felt.dataset.players = str(self.game.n)
        for seat in range(self.game.n):
            self.seat_nodes.append(self._make_seat(seat))
        self.refresh_keys()
        self.explain_line.textContent = ""
        # What the deal itself asks (a Rat on the first roll of the dice) is said at once.
        opening = [e for e in self.game.events if isinstance(e, Asked | DiceRolled)]
        if opening:
            self.explain_line.textContent = opening[-1].explain(self.game.names or None)
            self.explain_line.dataset.kind = opening[-1].kind
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
        marks = el("p", "seat-marks")
        root.appendChild(marks)
        keys: dict[str, Any] = {}
        if bot is None:
            # The touch zone, which also shows the seat's keys (hidden on touch screens).
            actions = session.actions
            zone = el("div", f"touch touch-{len(actions)}")
            for action in actions:
                button = el("button", f"touch-{action}", type="button", data_action=action,
                            aria_label=f"{game.name(seat)}: {ACTION_NAMES[action]}")
                button.appendChild(el("span", "", ACTION_LABELS[action]))
                keys[action] = el("kbd")
                button.appendChild(keys[action])
                handler = self._touch_handler(seat, action)
                button.addEventListener("pointerdown", handler)
                button.addEventListener("click", handler)
                zone.appendChild(button)
            root.appendChild(zone)
        self.seats_box.appendChild(root)
        return {"root": root, "count": count, "stack": stack, "status": status, "keys": keys,
                "name": name, "marks": marks}

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
        if self._choice is not None:
            self._choice_hint()

    def _update_seats(self) -> None:
        """Write only what changed: most actions touch one or two seats, and every DOM write
        costs a call out of Python and invalidates style."""
        game = self.game
        to_act = game.to_act()
        winner = game.outcome.winner if game.outcome is not None else -1
        for seat, nodes in enumerate(self.seat_nodes):
            count = len(game.hands[seat])
            state = (count, seat == to_act, self._status(seat, to_act), seat == winner,
                     seat_marks(game, seat))
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
            if fires_of(game) is not None:
                parts.append("no cards: wait for a fire to put out")
            else:
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
        rolled = False
        effects: list[ArcanaEffect] = []
        for event in events:
            if isinstance(event, PileTaken):
                swept_to = event.seat
            elif isinstance(event, DiceRolled):
                rolled = True
            elif isinstance(event, ArcanaEffect):
                effects.append(event)
                if event.cards and event.seat in self.session.humans:
                    self._show_peek(event.seat, event.cards)

            elif isinstance(event, BurnStarted):
                self._contest_cards = tuple(c.code for c in event.cards)
                self._result = None
            elif isinstance(event, BurnWon):
                self._result = (result_of(event), self.game.cards_played)
        if events:
            names = self.game.names or None
            important = [e for e in events if not isinstance(e, Ignored)] or list(events)
            self.explain_line.textContent = with_symbols(important[-1].explain(names))
            self.explain_line.dataset.kind = important[-1].kind
            self.announce.textContent = with_names(" ".join(e.explain(names) for e in events))
        self._update_seats()
        self._update_pile(swept_to)
        self._update_dice(rolled)
        self._update_burn()
        self._update_contest()
        self._update_choice()
        if effects:
            self._show_effects(effects)
        self._update_side()
        self._update_decrees()

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
        if isinstance(event, PileTaken | WrongSlap | ChallengeWon | GameOver | PlayOn | BurnWon
                      | FireOut | BlackDie | DiceRolled | DiceCalled | BurnStarted):
            item.classList.add("notable")
        elif isinstance(event, Flipped) and event.target >= 0:
            item.classList.add("face")
        return item

    # -- the variants' own table: dice, Burn pile, burn contests, decisions -----------------

    def _build_extras(self) -> None:
        """The dice and the Burn pile beside the pile, the contest panel under it: made once
        per game, shown only in the variants that have them."""
        game = self.game
        clear(self.dice_box)
        clear(self.burn_box)
        clear(self.contest_box)
        self._dice_nodes = []
        has_dice = dice_of(game) is not None and game.rules.slap_a_roonie
        self.dice_box.hidden = not has_dice
        if has_dice:
            for colour, title in (("red", "Red die"), ("wood", "Wood die")):
                wrap = el("div", "die-wrap")
                die = el("div", f"die die-{colour}", role="img", data_die=colour)
                symbol = el("span", "die-symbol")
                die.appendChild(symbol)
                label = el("p", "die-label")
                wrap.appendChild(die)
                wrap.appendChild(label)
                self.dice_box.appendChild(wrap)
                self._dice_nodes.append({"die": die, "symbol": symbol, "label": label,
                                         "title": title})
        has_burn = fires_of(game) is not None
        self.burn_box.hidden = not has_burn
        self.burn_box.classList.remove("fire")
        if has_burn:
            self.burn_box.appendChild(el("p", "burn-title", "Burn pile"))
            self.burn_box.appendChild(el("div", "burn-top"))
            self.burn_box.appendChild(el("p", "burn-count"))
        self.contest_box.hidden = True
        self.felt.classList.toggle("has-side", has_dice or has_burn)
        # K.U.R.S.: the Hermit's cards, the decrees, the effects' sentences.
        clear(self.side_box)
        self.side_box.hidden = True
        self._side_shown = None
        clear(self.decree_box)
        self.decree_box.hidden = True
        self._decrees_shown = None
        self._fine_message = ""
        clear(self.effect_box)
        self.effect_box.hidden = True

    # -- K.U.R.S.: the Arcana's sentences, the Fool's peek, the Hermit's cards, decrees -------

    def _show_effects(self, effects: Sequence[ArcanaEffect]) -> None:
        """The Arcana effects just played out, big on the felt for a few seconds (the latest
        three; the log keeps them all)."""
        box = self.effect_box
        clear(box)
        names = self.game.names or None
        for effect in effects[-3:]:
            line = el("p", "effect-line", data_arcana=str(effect.card.arcana))
            line.appendChild(el("b", "effect-card", effect.card.name))
            sentence = effect.explain(names).removeprefix(f"{effect.card.name}: ")
            line.appendChild(el("span", "effect-text", with_symbols(sentence)))
            box.appendChild(line)
        box.hidden = False
        box.classList.remove("arriving")
        _ = box.offsetWidth  # restart the animation
        box.classList.add("arriving")
        self._effect_token += 1
        token = self._effect_token

        def hide() -> None:
            if token == self._effect_token:
                box.hidden = True

        self._later(hide, EFFECT_MS)

    def _later(self, fn: Callable[[], None], ms: int) -> None:
        from pyodide.ffi import create_once_callable

        window.setTimeout(create_once_callable(fn), ms)

    def _show_peek(self, seat: int, cards: Sequence[Card]) -> None:
        """The Fool: the cards only ``seat`` may see, in their seat for a few seconds."""
        root = self.seat_nodes[seat]["root"]
        old = root.querySelector(".peek")
        if old:
            old.remove()
        peek = el("div", "peek", data_peek=str(seat), role="note",
                  aria_label="Your next cards: " + ", ".join(c.name for c in cards))
        peek.appendChild(el("p", "peek-title", "Your next cards"))
        row = el("div", "peek-cards")
        for card in cards:
            row.appendChild(card_element(card, "small"))
        peek.appendChild(row)
        root.appendChild(peek)
        self._later(lambda: peek.remove(), PEEK_MS)

    def _update_side(self) -> None:
        """The Hermit's cards waiting to be handed out: face down, with a count."""
        held = self.game.side_piles.get("hermit", [])
        court = court_of(self.game)
        state = ("hermit", len(held)) if held and court is not None else None
        if state == self._side_shown:
            return
        self._side_shown = state
        box = self.side_box
        clear(box)
        box.hidden = state is None
        box.dataset.cards = str(len(held))
        if state is None or court is None:
            return
        owner = self.game.name(court.hermit) if court.hermit >= 0 else "The Hermit"
        box.appendChild(el("p", "side-title", "The Hermit's cards"))
        stack = el("div", "stack side-stack", aria_hidden="true")
        stack.style.setProperty("--depth", str(len(held)))
        box.appendChild(stack)
        text = f"{len(held)} card{'s' * (len(held) != 1)}"
        box.appendChild(el("p", "side-count", text))
        box.setAttribute("aria-label", f"{owner} hands out the Hermit's cards: {text} left")

    def _update_decrees(self) -> None:
        """The decrees in force (who made them, what they say) and, for a person who made
        one, a Fine button for every player."""
        court = court_of(self.game)
        decrees = tuple((d.holder, d.text) for d in court.decrees) if court else ()
        over = self.game.outcome is not None
        state = (decrees, over)
        box = self.decree_box
        if state == self._decrees_shown:
            self._show_fine_message()
            return
        self._decrees_shown = state
        clear(box)
        box.hidden = not decrees
        if not decrees:
            return
        game = self.game
        box.appendChild(el("h2", "decrees-title", "Decrees"))
        items = el("ul", "decree-list")
        for holder, text in decrees:
            item = el("li", "decree", data_holder=str(holder))
            item.appendChild(el("b", "decree-holder", game.name(holder)))
            item.appendChild(el("q", "decree-text", text))
            items.appendChild(item)
        box.appendChild(items)
        holders = sorted({h for h, _ in decrees if h in self.session.humans})
        for holder in holders if not over else []:
            row = el("div", "fine-row", role="group", data_fine=str(holder),
                     aria_label=f"{game.name(holder)} fines a player a card")
            row.appendChild(el("span", "fine-label", f"{game.name(holder)} fines:"))
            for target in range(game.n):
                button = el("button", "fine-button", f"{target + 1} {game.name(target)}",
                            type="button", data_target=str(target),
                            aria_label=f"{game.name(holder)} fines {game.name(target)} a card")
                button.addEventListener("click", self._fine_handler(holder, target))
                row.appendChild(button)
            box.appendChild(row)
        box.appendChild(el("p", "fine-message", role="status"))
        self._show_fine_message()

    def _show_fine_message(self) -> None:
        message = self.decree_box.querySelector(".fine-message")
        if message:
            message.textContent = with_symbols(self._fine_message)
            message.hidden = not self._fine_message

    def _fine_handler(self, holder: int, target: int) -> Any:
        from pyodide.ffi import create_proxy

        def handler(event: Any) -> None:
            event.preventDefault()
            if self._on_fine is not None:
                self._on_fine(holder, target)

        proxy = create_proxy(handler)
        self._touch_proxies.append(proxy)
        return proxy

    def note_fine(self, events: Sequence[Event]) -> None:
        """Say under the decrees what a fine did (its sentence, or why it did not stand)."""
        names = self.game.names or None
        said = [e for e in events if isinstance(e, ArcanaEffect | Ignored)]
        self._fine_message = said[-1].explain(names) if said else ""

    def _update_dice(self, rolled: bool) -> None:
        faces = dice_faces(self.game) if self._dice_nodes else None
        if faces is None or (faces == self._dice_shown and not rolled):
            return
        self._dice_shown = faces
        for nodes, face in zip(self._dice_nodes, faces, strict=True):
            die = nodes["die"]
            nodes["symbol"].textContent = face.symbol
            nodes["label"].textContent = face.label
            die.setAttribute("aria-label", f"{nodes['title']}: {face.label}")
            die.dataset.face = face.symbol
            die.classList.toggle("rat", face.rat)
            die.classList.toggle("calling", face.calling)
            die.classList.toggle("long", len(face.symbol) > 5)
            if rolled:
                die.classList.remove("rolling")
                _ = die.offsetWidth  # restart the animation
                die.classList.add("rolling")

    def _update_burn(self) -> None:
        if self.burn_box.hidden:
            return
        pile = burn_pile_of(self.game)
        if pile is None:
            return
        state = (pile.count, pile.top, pile.fire)
        if state == self._burn_shown:
            return
        self._burn_shown = state
        box = self.burn_box
        box.dataset.cards = str(pile.count)
        box.classList.toggle("fire", pile.fire)
        top = box.querySelector(".burn-top")
        clear(top)
        if pile.top:
            top.appendChild(card_element(CARDS[pile.top]))
        else:
            top.appendChild(el("div", "card-space", aria_hidden="true"))
        text = f"{pile.count} card{'s' * (pile.count != 1)}"
        if pile.fire:
            text += " · fire!"
        box.querySelector(".burn-count").textContent = text
        box.setAttribute("aria-label", f"Burn pile: {text}")

    def _update_contest(self) -> None:
        game = self.game
        contest = contest_of(game, self._contest_cards)
        result = None
        if contest is None and self._result is not None:
            shown_result, cards = self._result
            if game.cards_played == cards and game.outcome is None:
                result = shown_result
            else:
                self._result = None
        state: object = contest or result
        if state == self._contest_shown:
            self._tick_contest()
            return
        self._contest_shown = state
        box = self.contest_box
        clear(box)
        self._contest_nodes = {}
        box.hidden = state is None
        box.classList.remove("burning", "won", "bonus")
        names = game.names or None
        if contest is not None:
            box.dataset.state = "burning"
            box.classList.add("burning")
            cards = " ".join(contest.cards)
            head = el("p", "contest-head")
            head.appendChild(el("b", "", "Burn! "))
            head.appendChild(document.createTextNode(
                with_symbols(f"{contest.condition} {cards}".strip())))
            clock = el("span", "contest-clock")
            head.appendChild(clock)
            box.appendChild(head)
            bar = el("div", "contest-bar", aria_hidden="true")
            fill = el("span")
            bar.appendChild(fill)
            box.appendChild(bar)
            self._contest_nodes = {"clock": clock, "fill": fill, "deadline": contest.deadline}
            items = el("ul", "contest-burns")
            for burn in contest.burns:
                items.appendChild(self._burn_item(burn, names))
            for seat in contest.waiting:
                items.appendChild(el("li", "waiting", f"{game.name(seat)}: must burn…",
                                     data_seat=str(seat)))
            box.appendChild(items)
            self._tick_contest()
        elif result is not None:
            box.dataset.state = "won"
            box.classList.add("won")
            box.dataset.winner = str(result.winner)
            if result.winner < 0:
                box.appendChild(el("p", "contest-head", "Nobody burned in time: the fire dies "
                                   "down."))
                return
            head = el("p", "contest-head")
            head.appendChild(el("b", "", f"{game.name(result.winner)} wins the burn"))
            if result.bonus_decided:
                box.classList.add("bonus")
                box.dataset.bonus = "decided"
                head.appendChild(el("span", "bonus-note", "the +2 for burning first decided it"))
            elif result.tie:
                head.appendChild(el("span", "bonus-note", "a tie, won by burning first"))
            box.appendChild(head)
            items = el("ul", "contest-burns")
            for burn in result.burns:
                items.appendChild(self._burn_item(burn, names, burn.seat == result.winner))
            for seat in result.missed:
                items.appendChild(el("li", "missed", f"{game.name(seat)}: too late"))
            box.appendChild(items)
        else:
            box.dataset.state = ""

    def _burn_item(self, burn: Burn, names: Sequence[str] | None, winner: bool = False) -> Any:
        item = el("li", "burned", data_seat=str(burn.seat))
        item.appendChild(el("span", "who", self.game.name(burn.seat)))
        item.appendChild(el("span", "what", with_symbols(burn.card)))
        value = el("span", "value", burn.sum)
        if burn.bonus:
            value.classList.add("first")
            value.setAttribute("title", "first to burn: +2")
        item.appendChild(value)
        if winner:
            item.classList.add("winner")
        return item

    def _tick_contest(self) -> None:
        nodes = self._contest_nodes
        if not nodes:
            return
        left = self.session.real_ms_until(int(nodes["deadline"]), float(window.performance.now()))
        nodes["clock"].textContent = f"{left / 1000:.1f} s"
        total = self.game.rules.burn_ms / (self.session.speed or 1.0)
        share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
        nodes["fill"].style.setProperty("--left", f"{share:.3f}")

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
        """The deciding seat's panel: the prompt, the cards it looks at, a button per option
        (its label; a card option is the card itself), a text box when the answer may be
        typed, and the countdown to the default."""
        seat = decision.seat
        root = self.seat_nodes[seat]["root"]
        panel = el("div", "choice", role="group", aria_label=decision.prompt,
                   data_choice=str(seat))
        x, y = seat_position(seat, self.game.n)
        panel.classList.toggle("to-left", x > 60)  # towards the middle of the table
        panel.classList.toggle("up", y > 50)
        many = len(decision.options) > 4 or decision.free_text > 0 or len(decision.prompt) > 90
        panel.classList.toggle("wide", many)
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
        root.appendChild(panel)
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

    def _text_handler(self, seat: int, decision: Decision, entry: dict[str, Any]) -> Any:
        """The typed answer: sent with the button or Enter, once cleaned (never empty)."""
        from pyodide.ffi import create_proxy

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

        proxy = create_proxy(handler)
        self._touch_proxies.append(proxy)
        return proxy

    def _choice_handler(self, seat: int, option: str) -> Any:
        from pyodide.ffi import create_proxy

        def handler(event: Any) -> None:
            if event.type == "click" and event.detail != 0:
                return  # the pointerdown has chosen already (see _touch_handler)
            event.preventDefault()
            if self._on_choose is not None:
                self._on_choose(seat, option)

        proxy = create_proxy(handler)
        self._touch_proxies.append(proxy)
        return proxy

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
        session = self.session
        deadline = session.choice_deadline()
        decision = choice["decision"]
        default = decision.label(decision.default)
        if deadline < 0:
            choice["clock"].textContent = f"No time limit (default: {default})"
            return
        left = session.real_ms_until(deadline, float(window.performance.now()))
        choice["clock"].textContent = f"{default} in {math.ceil(left / 1000)} s"

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
        """Whether a countdown is on show (the page redraws it a few times a second)."""
        return bool(self._contest_nodes) or self._choice is not None

    def tick(self) -> None:
        self._tick_contest()
        self._tick_choice()
