"""The panel of a person's decision, in the rail (``#choice-slot``): who chooses, the prompt,
the cards it looks at, a button per option, a text box when the answer may be typed, the keys
that move the selection and the countdown to the default.

Stable hooks for tests: the panel has ``data-choice`` (the deciding seat) and
``data-selected`` (the option selected with the keys, ``type`` for the text box); each option's
button has ``data-option``.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import Any

from ratscrew.core.cards import CARDS
from ratscrew.core.engine import Decision, Game, clean_text
from ratscrew.i18n import t
from web.model.keymap import choice_hint, choice_step
from web.model.session import EMPTY_ANSWER, Session
from web.table.piece import Dom, Piece

TYPE_OPTION = "\u270e type"
"""The choice panel's own entry for a decision that takes typed text: choosing it with the
seat's flip key puts the cursor in the text box (never an option the engine knows)."""


class DecisionPanel(Piece):
    """The open decision of a person, if any: one panel at a time, their seat (``seat_root``)
    marked ``choosing`` while it is open. An option chosen (a button, the keys, the typed
    text) goes to ``on_choose`` as ``(seat, option)``."""

    def __init__(
        self,
        dom: Dom,
        session: Session,
        keys: Callable[[int], dict[str, str]],
        on_choose: Callable[[int, str], None] | None,
        proxy: Callable[[Callable[[Any], None]], Any],
        seat_root: Callable[[int], Any],
    ) -> None:
        self.dom = dom
        self.session = session
        self.game: Game = session.game
        self._keys = keys
        self._on_choose = on_choose
        self._proxy = proxy
        self._seat_root = seat_root
        self.slot = self.dom.by_id("choice-slot")
        self._choice: dict[str, Any] | None = None
        """The open panel: its decision, seat, selected index and nodes."""
        self._scroll_to: Any = None
        """A panel just opened, to bring into view once the table is drawn (:meth:`reveal`)."""

    def build(self) -> None:
        self.dom.clear(self.slot)

    def update(self) -> None:
        decision = self.session.human_decision
        current = self._choice
        if current is not None and current["decision"] is decision:
            self.tick()
            return
        if current is not None:
            current["panel"].remove()
            current["root"].classList.remove("choosing")
            self._choice = None
        if decision is None:
            return
        self._open(decision)

    def ticking(self) -> bool:
        return self._choice is not None

    def _open(self, decision: Decision) -> None:
        """The deciding person's panel: who chooses, the prompt, the cards it looks at, a
        button per option (its label; a card option is the card itself), a text box when the
        answer may be typed, and the countdown to the default. Their seat is marked
        ``choosing``."""
        el = self.dom.el
        seat = decision.seat
        root = self._seat_root(seat)
        prompt = str(decision.prompt)
        panel = el("div", "choice", role="group", aria_label=prompt,
                   data_choice=str(seat), data_zone="choice")
        many = len(decision.options) > 4 or decision.free_text > 0 or len(prompt) > 90
        panel.classList.toggle("wide", many)
        panel.appendChild(el("h2", "choice-who", t("{who} chooses", who=self.game.name(seat))))
        panel.appendChild(el("p", "choice-prompt", prompt))
        card_options = bool(decision.cards) and all(
            option in CARDS for option in decision.options)
        if decision.cards and not card_options:
            row = el("div", "choice-cards")
            for card in decision.cards:
                row.appendChild(self.dom.card(card, "small"))
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
                button.appendChild(self.dom.card(CARDS[option], "small"))
            else:
                button = el("button", "choice-option", label, type="button",
                            data_option=option)
            handler = self._option_handler(seat, option)
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
                       # i18n: The placeholder of a decision's text box, under its options.
                       placeholder=t("or your own\u2026"), aria_label=prompt)
            submit = el("button", "choice-submit", t("Say it"), type="button")
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
        # The countdown sits on the default option, drawn from its data-clock (not part of its
        # text); a card, or a default that is no option, has a line of its own.
        if decision.default in decision.options and not card_options:
            clock = buttons[decision.options.index(decision.default)]
        else:
            # i18n: {option} is what is chosen for a person who does not choose in time.
            clock = el("p", "choice-wait", t("If you wait: {option}",
                                             option=decision.label(decision.default)))
            panel.appendChild(clock)
        clock.classList.add("choice-default")
        self.dom.clear(self.slot)  # one panel at a time
        self.slot.appendChild(panel)
        root.classList.add("choosing")
        keys = [*decision.options, *([TYPE_OPTION] if entry else [])]
        index = decision.options.index(decision.default) if (
            decision.default in decision.options) else 0
        self._choice = {"decision": decision, "seat": seat, "index": index, "panel": panel,
                        "buttons": buttons, "hint": hint, "clock": clock, "root": root,
                        "keys": keys, **entry}
        self._select(index)
        self.refresh_hint()
        self.tick()
        self._scroll_to = panel

    def reveal(self) -> None:
        """Scroll a panel just opened into view if it is not (on a phone the rail may be below
        the fold); nothing moves when it is in view already. Called once the whole table has
        drawn: the page may have grown."""
        node, self._scroll_to = self._scroll_to, None
        if node is None:
            return
        # An old browser may refuse the options: showing the panel is what counts.
        with contextlib.suppress(Exception):
            self.dom.scroll_into_view(node, block="nearest")

    def _text_handler(self, seat: int, decision: Decision, entry: dict[str, Any]) -> Any:
        """The typed answer: sent with the button or Enter, once cleaned (never empty)."""

        def handler(event: Any) -> None:
            if event.type == "keydown" and (str(event.key) != "Enter" or event.isComposing):
                return
            event.preventDefault()
            text = clean_text(str(entry["field"].value), decision.free_text)
            if not text:
                entry["note"].textContent = t(EMPTY_ANSWER)
                entry["note"].hidden = False
                return
            if self._on_choose is not None:
                self._on_choose(seat, text)

        return self._proxy(handler)

    def _option_handler(self, seat: int, option: str) -> Any:
        def handler(event: Any) -> None:
            if event.type == "click" and event.detail != 0:
                return  # the pointerdown has chosen already (as a seat's touch buttons do)
            event.preventDefault()
            if self._on_choose is not None:
                self._on_choose(seat, option)

        return self._proxy(handler)

    def _select(self, index: int) -> None:
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

    def refresh_hint(self) -> None:
        """How to choose, as the deciding seat plays: the keys of this game that move the
        selection and choose, as the seat's are now; a tap on a touch screen; their phone
        for a phone seat (:func:`~web.model.keymap.choice_hint`)."""
        choice = self._choice
        if choice is None:
            return
        seat = choice["seat"]
        session = self.session
        choice["hint"].textContent = choice_hint(self._keys(seat), session.actions,
                                                 session.controls().of(seat),
                                                 str(self.game.name(seat)))

    def tick(self) -> None:
        """The countdown to the default, on the default option (``data-clock``: "in 8 s"), in
        real seconds whatever the game's speed (nothing without a time limit)."""
        choice = self._choice
        if choice is None:
            return
        left = self.session.choice_ms_left(self.dom.now())
        # i18n: The countdown to a decision's default, on its option: "in 8 s" (seconds).
        text = "" if left is None else t("in {n} s", n=math.ceil(left / 1000))
        if choice.get("text") != text:
            choice["text"] = text
            choice["clock"].dataset.clock = text

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
        self._select(index)
        return ""
