"""Firefighters & Burn on the table: the Burn pile beside the Play pile (``#burn``), the burn
contest's panel with its countdown and then its result (``#contest``), and the seats' marks
(must burn, burned, may put out the fire)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyscript import document, window

from ratscrew.core.cards import CARDS
from ratscrew.core.events import BurnStarted, BurnWon, Event, FireOut
from ratscrew.variants.firefighters import fires_of
from web.model.card_text import with_symbols
from web.table.cards_view import by_id, card_element, clear, el
from web.table.info import Burn, Result, burn_marks, burn_pile_of, contest_of, result_of
from web.table.part import TablePart, register


@register("firefighters")
class BurnPile(TablePart):
    """The Burn pile: its top card, its count, and a fire while a firefighter lies on top."""

    boxes = ("burn",)
    notable = (FireOut,)

    def build(self) -> None:
        self.box = by_id("burn")
        self.shown: tuple[int, str, bool] | None = None
        self.active = fires_of(self.game) is not None
        self.box.hidden = not self.active
        self.box.classList.remove("fire")
        self.box.setAttribute("role", "group")  # its aria-label needs a role
        if self.active:
            self.box.appendChild(el("p", "burn-title", "Burn pile"))
            self.box.appendChild(el("div", "burn-top"))
            self.box.appendChild(el("p", "burn-count"))

    def update(self) -> None:
        if not self.active:
            return
        pile = burn_pile_of(self.game)
        if pile is None:
            return
        state = (pile.count, pile.top, pile.fire)
        if state == self.shown:
            return
        self.shown = state
        box = self.box
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

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        return burn_marks(self.game, seat)

    def no_cards_note(self, seat: int) -> str:
        return "no cards: wait for a fire to put out" if self.active else ""


@register("firefighters")
class BurnContestPanel(TablePart):
    """A burn contest under way (the condition, a countdown, who burned what, who must still
    burn), then its result until the next card is played."""

    boxes = ("contest",)
    notable = (BurnStarted, BurnWon)

    def build(self) -> None:
        self.box = by_id("contest")
        self.box.hidden = True
        self.cards: tuple[str, ...] = ()
        self.result: tuple[Result, int] | None = None
        """The last contest decided, and the cards played when it was: shown until the next
        card is played."""
        self.shown: object = None
        self.nodes: dict[str, Any] = {}

    def on_events(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, BurnStarted):
                self.cards = tuple(c.code for c in event.cards)
                self.result = None
            elif isinstance(event, BurnWon):
                self.result = (result_of(event), self.game.cards_played)

    def update(self) -> None:
        game = self.game
        contest = contest_of(game, self.cards)
        result = None
        if contest is None and self.result is not None:
            shown_result, played = self.result
            if game.cards_played == played and game.outcome is None:
                result = shown_result
            else:
                self.result = None
        state: object = contest or result
        if state == self.shown:
            self.tick()
            return
        self.shown = state
        box = self.box
        clear(box)
        self.nodes = {}
        box.hidden = state is None
        box.classList.remove("burning", "won", "bonus")
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
            self.nodes = {"clock": clock, "fill": fill, "deadline": contest.deadline}
            items = el("ul", "contest-burns")
            for burn in contest.burns:
                items.appendChild(self._burn_item(burn))
            for seat in contest.waiting:
                items.appendChild(el("li", "waiting", f"{game.name(seat)}: must burn…",
                                     data_seat=str(seat)))
            box.appendChild(items)
            self.tick()
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
                items.appendChild(self._burn_item(burn, burn.seat == result.winner))
            for seat in result.missed:
                items.appendChild(el("li", "missed", f"{game.name(seat)}: too late"))
            box.appendChild(items)
        else:
            box.dataset.state = ""

    def _burn_item(self, burn: Burn, winner: bool = False) -> Any:
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

    def ticking(self) -> bool:
        return bool(self.nodes)

    def tick(self) -> None:
        nodes = self.nodes
        if not nodes:
            return
        session = self.session
        left = session.real_ms_until(int(nodes["deadline"]), float(window.performance.now()))
        nodes["clock"].textContent = f"{left / 1000:.1f} s"
        total = self.game.rules.burn_ms / (session.speed or 1.0)
        share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
        nodes["fill"].style.setProperty("--left", f"{share:.3f}")
