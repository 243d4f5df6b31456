"""The Beggar-My-Neighbour lab: type two hands (or take a random deal, or a famous one), read
at once how the deal ends, then watch it played out on the table at any speed.

The analysis is :func:`ratscrew.tools.bmn.analyse`; the table plays the same deal with real cards
(:func:`web.tools.bmn.deals.card_codes`) through the engine, whose trick counter is on the pile's
note. Everything typed is read by :mod:`web.tools.bmn.deals` with its length bounded.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from ratscrew.i18n import t
from ratscrew.tools.bmn import BmnError, analyse, format_result
from web.dom import by_id, clear, el
from web.model.setup_html import speed_options
from web.shell.host import Tool, ToolHost
from web.tools.bmn.deals import FAMOUS, MAX_HAND_CHARS, card_codes, random_deal, read_hand
from web.tools.wiring import BACK_TO_SETUP, Wiring


def sentence(text: str) -> str:
    """``text`` with a capital first letter (the rest as it is: "10 or T" stays)."""
    return text[:1].upper() + text[1:]


class BmnLab:
    """The lab's screen in ``#bmn``; :meth:`close` lets go of its listeners."""

    def __init__(self, host: ToolHost) -> None:
        self.host = host
        self.wiring = Wiring(host)
        self._deals = 0
        root = by_id("bmn")
        clear(root)
        root.appendChild(el("h2", "", t("Beggar-My-Neighbour lab"), id="bmn-title"))
        root.appendChild(el(
            "p", "tool-intro",
            # i18n: "-", J Q K A and 10H QS 3D are typed as they are: keep them.
            t("Type two hands, the top card first: Mann's notation (- for a number card, J Q "
              "K A for the pay cards) or full ranks (10H QS 3D). Player 1 leads. The lab says "
              "at once how the deal ends; then watch it played out on the table.")))
        form = el("form", "bmn-form", novalidate="")
        self.inputs = []
        for hand in (1, 2):
            label = el("label", "bmn-hand", t("Player {number}'s hand", number=hand))
            field = el("input", "", type="text", id=f"bmn-hand-{hand}", spellcheck="false",
                       autocomplete="off", maxlength=str(MAX_HAND_CHARS))
            label.appendChild(field)
            form.appendChild(label)
            self.inputs.append(field)
        self.result = el("output", "bmn-result", data_zone="bmn-result", aria_live="polite")
        self.result.setAttribute("for", "bmn-hand-1 bmn-hand-2")
        form.appendChild(self.result)
        famous = el("div", "bmn-famous", role="group", aria_label=t("Famous deals"))
        famous.appendChild(el("span", "bmn-famous-title", t("Famous deals:")))
        button = self.wiring.button
        for index, deal in enumerate(FAMOUS):
            famous.appendChild(button(t(deal.name), lambda _e, i=index: self.famous(i),
                                      data_deal=str(index)))
        famous.appendChild(button(t("Random deal"), lambda _e: self.random(),
                                  id="bmn-random"))
        form.appendChild(famous)
        actions = el("div", "bmn-actions")
        speed = el("label", "", t("Speed"))
        self.speed = el("select", "speed-choice", id="bmn-speed")
        self.speed.innerHTML = speed_options(host.config.speed)
        speed.appendChild(self.speed)
        actions.appendChild(speed)
        self.watch = el("button", "primary", t("Watch it on the table"), type="submit",
                        id="bmn-watch")
        actions.appendChild(self.watch)
        actions.appendChild(button(t(BACK_TO_SETUP), lambda _e: host.show_setup(),
                                   id="bmn-back"))
        form.appendChild(actions)
        root.appendChild(form)
        self.wiring.listen(form, "input", lambda _e: self.analyse())
        self.wiring.listen(form, "submit", self.on_watch)
        self.famous(0)
        self.inputs[0].focus()

    def famous(self, index: int) -> None:
        for field, hand in zip(self.inputs, FAMOUS[index].hands, strict=True):
            field.value = hand
        self.analyse()

    def random(self) -> None:
        self._deals += 1
        seed = f"{window.Date.now()}-{self._deals}"
        for field, hand in zip(self.inputs, random_deal(seed), strict=True):
            field.value = hand
        self.analyse()

    def _hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        p1, p2 = (read_hand(str(field.value), n) for n, field in enumerate(self.inputs, 1))
        card_codes(p1, p2)  # one pack: refused here, not on the table
        return p1, p2

    def analyse(self) -> bool:
        """How the deal ends, at once (or what is wrong with a hand)."""
        try:
            result = analyse(*self._hands())
        except BmnError as error:
            self.result.textContent = sentence(str(error))
            self.result.dataset.status = "error"
            self.watch.disabled = True
            return False
        # i18n: A sentence's full stop, after words said without one.
        self.result.textContent = t("{sentence}.", sentence=sentence(format_result(result)))
        self.result.dataset.status = result.status
        self.watch.disabled = False
        return True

    def on_watch(self, event: Any) -> None:
        event.preventDefault()
        if not self.analyse():
            return
        hands = card_codes(*self._hands())
        self.host.watch_deal(hands, str(self.speed.value))

    def close(self) -> None:
        """Take the lab's listeners off."""
        self.wiring.close()


def open_screen(host: ToolHost, query: str) -> Tool:
    """Draw the lab into ``#bmn`` (the shell has shown it); it has no link (``query``)."""
    return BmnLab(host)
