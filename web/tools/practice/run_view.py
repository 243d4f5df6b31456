"""The running drill, drawn: the bar (progress, the drill, Pause), the pile with its countdown
and its pause box, the feedback line and a lane per player (their slap zone and their counts).

Drawing only: :class:`web.tools.practice.run.DrillRun` decides what happens and when, and
hands this view the drill's :class:`~ratscrew.tools.practice.Feedback` to show.

Hooks the browser tests read: the pile (``data-zone="practice-pile"``, ``data-pile``, the top
card's drill index in ``data-index``, a pattern's cards marked ``data-pattern``), the feedback
line (``data-zone="practice-feedback"``, items with ``data-kind``) and the running scores
(``data-zone="practice-score"``, ``data-player``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pyscript import window

from ratscrew.core.cards import Card
from ratscrew.i18n import N_, t, tn
from ratscrew.tools.practice import Drill, DrillConfig, Feedback, describe
from web.dom import clear, el
from web.shell.host import ToolHost
from web.table.cards_view import card_element
from web.tools.practice.shared import key_badge
from web.tools.practice.text import card_label, miss_line, player_name, slap_line
from web.tools.wiring import Wiring

SHOWN = 5
"""Cards of the pile fanned out (the pattern's cards are shown too when it is highlighted)."""
FEEDBACK_LINES = 3
"""Feedback items kept in the live line (the newest first)."""
FLASH_MS = 650
"""How long a player's zone shows the colour of their last slap."""
LANE_STATS = (("hits", "✓", N_("hits")), ("misses", "○", N_("missed")),
              ("false", "✗", N_("false slaps")))
"""A lane's counts: the stat, its mark and its words (a message id: a count's words, "3
hits")."""
STAT_OF_KIND = {"hit": "hits", "miss": "misses", "false": "false"}
MARKS = {"hit": "✓", "miss": "○", "false": "✗"}


@dataclass
class _Lane:
    """A player's lane and its counts, as shown."""

    node: Any
    numbers: dict[str, Any]
    counts: dict[str, int]


def _empty_pile() -> str:
    """The pile's name for a screen reader before the first card."""
    return t("The pile: empty")


class RunView:
    """The drill's section (``node``). ``on_pause`` toggles the pause, ``on_end`` ends the drill
    now, ``on_slap(seat)`` is a slap on a player's zone."""

    def __init__(self, host: ToolHost, wiring: Wiring, on_pause: Callable[[Any], None],
                 on_end: Callable[[Any], None], on_slap: Callable[[int], None]) -> None:
        self.host = host
        self.wiring = wiring
        self.on_slap = on_slap
        self.players = 1
        self._lanes: list[_Lane] = []
        self._flash_timers: dict[int, Any] = {}
        self.node = self._build(on_pause, on_end)

    def _build(self, on_pause: Callable[[Any], None], on_end: Callable[[Any], None]) -> Any:
        view = el("section", "practice-drill", aria_label=t("The drill"), tabindex="-1")
        view.hidden = True
        bar = el("div", "practice-bar")
        self.progress = el("p", "practice-progress", data_zone="practice-progress")
        bar.appendChild(self.progress)
        self.rules_line = el("p", "practice-rules-line")
        bar.appendChild(self.rules_line)
        self.pause_button = self.wiring.button(t("Pause"), on_pause, "practice-pause",
                                               aria_keyshortcuts="Escape")
        bar.appendChild(self.pause_button)
        view.appendChild(bar)

        stage = el("div", "practice-stage")
        self.pile = el("div", "practice-pile", data_zone="practice-pile", data_pile="",
                       role="img", aria_label=_empty_pile())
        stage.appendChild(self.pile)
        self.pile_note = el("p", "practice-pile-note")
        stage.appendChild(self.pile_note)
        self.countdown = el("div", "practice-countdown", aria_live="assertive")
        stage.appendChild(self.countdown)
        self.paused_box = el("div", "practice-paused", role="dialog",
                             aria_label=t("The drill is paused"))
        self.paused_box.appendChild(el("p", "", t("Paused")))
        self.resume_button = self.wiring.button(t("Resume"), on_pause, "primary")
        self.paused_box.appendChild(self.resume_button)
        self.paused_box.appendChild(self.wiring.button(t("End the drill"), on_end))
        self.paused_box.hidden = True
        stage.appendChild(self.paused_box)
        view.appendChild(stage)
        self.stage = stage
        self.host.watch_size(stage)  # the card's size follows the stage's (practice.css)

        self.feedback = el("div", "practice-feedback", data_zone="practice-feedback",
                           aria_live="polite", aria_relevant="additions")
        view.appendChild(self.feedback)
        self.lanes = el("div", "practice-lanes", data_zone="practice-score")
        view.appendChild(self.lanes)
        return view

    def close(self) -> None:
        """Stop watching the stage's size and the lanes' flashes."""
        self.host.unwatch_size(self.stage)
        for handle in self._flash_timers.values():
            window.clearTimeout(handle)
        self._flash_timers.clear()

    # -- a new run -----------------------------------------------------------------------------

    def reset(self, config: DrillConfig) -> None:
        """Empty, for a new run of ``config``: its lanes, no card, no feedback."""
        self.players = config.players
        self._build_lanes(config.players)
        clear(self.pile)
        clear(self.feedback)
        self.pile.dataset.index = ""
        self.pile.removeAttribute("data-index")
        self.pile.setAttribute("aria-label", _empty_pile())
        self.pile_note.textContent = ""
        self.rules_line.textContent = describe(config)
        self.progress.textContent = tn("{n} card", "{n} cards", config.cards, n=config.cards)
        self.show_paused(False)

    def _build_lanes(self, players: int) -> None:
        clear(self.lanes)
        self.lanes.style.setProperty("--players", str(players))
        self.lanes.dataset.players = str(players)
        self._lanes = []
        for seat in range(players):
            lane = el("div", "practice-lane", data_player=str(seat))
            zone = el("button", "practice-zone", type="button", data_player=str(seat))
            name = el("span", "zone-name", player_name(seat))
            zone.appendChild(name)
            zone.appendChild(key_badge(self.host.keymap, seat))
            zone.appendChild(el("span", "zone-slap", t("Slap")))
            self.wiring.listen(zone, "pointerdown", self._zone_handler(seat, pointer=True))
            self.wiring.listen(zone, "click", self._zone_handler(seat, pointer=False))
            lane.appendChild(zone)
            score = el("p", "practice-lane-score", data_player=str(seat))
            numbers = {}
            for stat, mark, words in LANE_STATS:
                title = t(words)
                item = el("span", f"lane-stat lane-{stat}", data_stat=stat, title=title)
                item.appendChild(el("span", "lane-mark", mark, aria_hidden="true"))
                count = el("span", "lane-number", "0")
                item.appendChild(count)
                item.appendChild(el("span", "visually-hidden", f" {title}"))
                score.appendChild(item)
                numbers[stat] = count
            lane.appendChild(score)
            self._lanes.append(_Lane(lane, numbers, {stat: 0 for stat, _, _ in LANE_STATS}))
            self.lanes.appendChild(lane)

    def _zone_handler(self, seat: int, pointer: bool) -> Callable[[Any], None]:
        def handle(event: Any) -> None:
            if pointer:
                if int(event.button or 0) > 0:
                    return  # a right or middle click is not a slap
                event.preventDefault()  # no focus change, no emulated mouse events
            elif int(event.detail or 0) != 0:
                return  # a pointer's click: pointerdown has slapped already
            self.on_slap(seat)

        return handle

    # -- the countdown and the pause -----------------------------------------------------------

    def show_count(self, step: int, text: str) -> None:
        """The countdown's ``step`` (0 first), showing ``text``."""
        self.countdown.hidden = False
        self.countdown.textContent = text
        self.countdown.dataset.step = str(step)

    def hide_count(self) -> None:
        self.countdown.hidden = True
        self.countdown.textContent = ""

    def show_paused(self, paused: bool) -> None:
        self.paused_box.hidden = not paused
        self.pause_button.textContent = t("Resume") if paused else t("Pause")

    # -- feedback ------------------------------------------------------------------------------

    def apply(self, batch: Sequence[Feedback], drill: Drill) -> None:
        """Show ``batch``: cards landed (the older feedback fades, then goes), slaps judged,
        misses; the lanes' counts; the pile, its pattern marked for the first hit on it."""
        if not batch:
            return
        landed = any(fb.kind == "card" for fb in batch)
        if landed:
            for item in list(self.feedback.children):
                if item.classList.contains("stale"):
                    item.remove()
                else:
                    item.classList.add("stale")
        misses = [fb for fb in batch if fb.kind == "miss"]
        if misses:
            self._add_miss(misses)
        for fb in batch:
            if fb.kind in ("hit", "false"):
                self._add_slap(fb)
            if fb.player is not None and fb.kind in ("hit", "miss", "false"):
                self._count_for(fb.player, fb.kind)
        if landed:
            self._draw_pile(drill)
        for fb in batch:
            if fb.kind == "hit" and drill.top is not None \
                    and drill.top.index == fb.index and fb.player == fb.first:
                self._draw_pile(drill, fb)
        while self.feedback.children.length > FEEDBACK_LINES:
            self.feedback.lastElementChild.remove()

    def _count_for(self, player: int, kind: str) -> None:
        if player >= len(self._lanes):
            return
        stat = STAT_OF_KIND[kind]
        lane = self._lanes[player]
        lane.counts[stat] += 1
        lane.numbers[stat].textContent = str(lane.counts[stat])
        node = lane.node
        node.dataset.last = kind
        old = self._flash_timers.pop(player, None)
        if old is not None:
            window.clearTimeout(old)

        def fade() -> None:
            self._flash_timers.pop(player, None)
            node.removeAttribute("data-last")

        self._flash_timers[player] = window.setTimeout(self.wiring.once(fade), FLASH_MS)

    @staticmethod
    def _item(kind: str, player: int | None, index: int) -> Any:
        item = el("p", "practice-fb", data_kind=kind, data_index=str(index))
        if player is not None:
            item.dataset.player = str(player)
        item.appendChild(el("span", "fb-mark", MARKS[kind], aria_hidden="true"))
        return item

    @staticmethod
    def _chips(cards: Sequence[Card], rule: str) -> Any:
        chips = el("span", "fb-cards")
        for c in cards:
            colour = "red" if c.red else "black"
            chips.appendChild(el("span", f"fb-card {colour}", card_label(c), data_pattern=rule))
        return chips

    def _add_slap(self, fb: Feedback) -> None:
        item = self._item(fb.kind, fb.player, fb.index)
        text, after = slap_line(fb, self.players)
        if fb.kind == "hit":
            item.dataset.rule = fb.rule
            item.appendChild(el("span", "fb-text", text))
            item.appendChild(self._chips(fb.cards, fb.rule))
        else:
            item.appendChild(el("span", "fb-text", text))
        item.appendChild(el("span", "fb-after", after))
        self.feedback.insertBefore(item, self.feedback.firstChild)

    def _add_miss(self, misses: Sequence[Feedback]) -> None:
        first = misses[0]
        item = self._item("miss", None, first.index)
        item.dataset.rule = first.rule
        item.appendChild(el("span", "fb-text", miss_line(misses, self.players)))
        item.appendChild(self._chips(first.cards, first.rule))
        self.feedback.insertBefore(item, self.feedback.firstChild)

    # -- the pile ------------------------------------------------------------------------------

    def _draw_pile(self, drill: Drill, hit: Feedback | None = None) -> None:
        """The pile's last :data:`SHOWN` cards fanned, the newest on top; with ``hit``, its
        pattern's cards shown too and marked ``data-pattern``."""
        top = drill.top
        if top is None:
            return
        pile = drill.pile
        count = len(pile)
        shown = set(range(max(0, count - SHOWN), count))
        marked: set[int] = set()
        if hit is not None:
            marked = {p for p in hit.positions if 0 <= p < count}
            shown |= marked
        order = sorted(shown)
        clear(self.pile)
        for slot, position in enumerate(order):
            index = top.pile_start + position
            node = card_element(pile[position])
            node.dataset.key = str(index)
            node.style.setProperty("--slot", str(slot))
            node.style.setProperty("--tilt", f"{((index * 37) % 11) - 5}deg")
            if position in marked and hit is not None:
                node.dataset.pattern = hit.rule
            if position == count - 1 and hit is None:
                node.classList.add("arriving")
            self.pile.appendChild(node)
        self.pile.style.setProperty("--count", str(len(order)))
        self.pile.style.setProperty("--spread", f"{min(0.46, 2.3 / max(1, len(order) - 1)):.3f}")
        self.pile.dataset.index = str(top.index)
        self.pile.dataset.cards = str(count)
        self.pile.classList.toggle("pattern-shown", bool(marked))
        # i18n: {card} is the card on top (7♥).
        self.pile.setAttribute("aria-label", tn(
            "The pile: {n} card, {card} on top", "The pile: {n} cards, {card} on top", count,
            n=count, card=card_label(top.card)))
        # i18n: The drill's progress: card {number} of {total}.
        self.progress.textContent = t("Card {number} of {total}", number=top.index + 1,
                                      total=drill.config.cards)
        note = tn("{n} card in this pile", "{n} cards in this pile", count, n=count)
        if count > SHOWN and 0 not in shown:
            # i18n: {card} is the card at the bottom of the pile (7♥).
            bottom = t("bottom card {card}", card=card_label(pile[0]))
            note = f"{note} · {bottom}"
        self.pile_note.textContent = note
