"""The practice screen's form: the slap rules to drill, the players, the cards, the pace and the
seed; a line that sums the drill up, its best score so far, its link and Start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ratscrew.core.slaps import SLAP_RULES
from ratscrew.i18n import number, t
from ratscrew.tools.practice import (
    MAX_CARDS,
    MAX_INTERVAL_MS,
    MAX_PLAYERS,
    MAX_SEED_LENGTH,
    MIN_CARDS,
    MIN_INTERVAL_MS,
    PRACTICE_RULES,
    DrillConfig,
    PracticeError,
    describe,
)
from web.dom import clear, el, text_node
from web.model.links import pick_seed
from web.shell.host import ToolHost
from web.tools.practice.shared import BestScores, copy_link, drill_link, key_badge
from web.tools.practice.text import BLOCKED, best_on_form, one_line, player_name
from web.tools.wiring import BACK_TO_SETUP, Wiring


def seconds(ms: int) -> str:
    """``ms`` as a number of seconds, with no more decimals than it needs ("0.3", "5")."""
    return number(ms / 1000, len(f"{ms / 1000:g}".partition(".")[2]))


def cards_problem() -> str:
    """What is wrong with the number of cards typed."""
    return t("Cards: a whole number from {low} to {high}.", low=MIN_CARDS, high=MAX_CARDS)


def interval_problem() -> str:
    """What is wrong with the seconds per card typed."""
    return t("Seconds per card: a number from {low} to {high}.", low=seconds(MIN_INTERVAL_MS),
             high=seconds(MAX_INTERVAL_MS))


def sentence(text: str) -> str:
    """``text`` (an error's words) as a sentence: a capital first letter and a full stop."""
    # i18n: A sentence's full stop, after words said without one.
    return t("{sentence}.", sentence=text[:1].upper() + text[1:])


def _field(title: str, control: Any, hint: str = "") -> Any:
    label = el("label", "practice-field")
    head = el("span", "", title)
    if hint:
        head.appendChild(text_node(" "))
        head.appendChild(el("small", "", hint))
    label.appendChild(head)
    label.appendChild(control)
    return label


class PracticeForm:
    """The form (``node``) and the drill it describes (``config``, the last valid one).

    ``on_start`` gets the drill to run (with a seed); ``on_config`` every valid drill the form
    comes to describe."""

    def __init__(self, host: ToolHost, wiring: Wiring, bests: BestScores,
                 on_start: Callable[[DrillConfig], None],
                 on_config: Callable[[DrillConfig], None]) -> None:
        self.host = host
        self.wiring = wiring
        self.bests = bests
        self.on_start = on_start
        self.on_config = on_config
        self.config = DrillConfig()
        self.node = self._build()

    # -- drawing -------------------------------------------------------------------------------

    def _build(self) -> Any:
        form = el("form", "practice-form panel", id="practice-form", novalidate="",
                  aria_label=t("Set up the drill"))
        form.appendChild(self._rules())
        form.appendChild(self._fields())
        self.keys_list = el("ul", "practice-keys", aria_label=t("Players and their slap keys"))
        form.appendChild(self.keys_list)
        self.summary = el("p", "practice-summary", data_zone="practice-summary")
        form.appendChild(self.summary)
        self.best_line = el("p", "practice-best", data_zone="practice-best")
        form.appendChild(self.best_line)
        self.problem = el("p", "practice-problem", role="alert")
        self.problem.hidden = True
        form.appendChild(self.problem)

        actions = el("div", "practice-actions")
        self.start_button = el("button", "primary", t("Start"), type="submit",
                               id="practice-start")
        actions.appendChild(self.start_button)
        button = self.wiring.button
        actions.appendChild(button(t("Copy link"), self._on_copy, id="practice-copy"))
        actions.appendChild(button(t(BACK_TO_SETUP), lambda _e: self.host.show_setup(),
                                   id="practice-back"))
        self.link_out = el("output", "practice-link", id="practice-link")
        actions.appendChild(self.link_out)
        form.appendChild(actions)
        self.wiring.listen(form, "submit", self._on_submit)
        self.wiring.listen(form, "input", self._on_change)
        self.wiring.listen(form, "change", self._on_change)
        return form

    @staticmethod
    def _rules() -> Any:
        rules = el("fieldset", "practice-rules")
        rules.appendChild(el("legend", "", t("Slap rules to practise")))
        grid = el("div", "practice-rule-list")
        for name in PRACTICE_RULES:
            rule = SLAP_RULES[name]
            label = el("label", "practice-rule", data_rule=name)
            box = el("input", "", type="checkbox", name="rule", value=name)
            label.appendChild(box)
            text = el("span", "practice-rule-text")
            text.appendChild(el("b", "", t(rule.title)))
            text.appendChild(el("small", "", one_line(t(rule.description))))
            label.appendChild(text)
            grid.appendChild(label)
        rules.appendChild(grid)
        return rules

    @staticmethod
    def _fields() -> Any:
        fields = el("div", "practice-grid")
        players = el("select", "", name="players", id="practice-players")
        for n in range(1, MAX_PLAYERS + 1):
            players.appendChild(el("option", "", number(n), value=str(n)))
        fields.appendChild(_field(t("Players"), players))
        fields.appendChild(_field(t("Cards"), el(
            "input", "", type="number", name="cards", id="practice-cards", min=str(MIN_CARDS),
            max=str(MAX_CARDS), step="1", inputmode="numeric")))
        pace = el("select", "", name="pace", id="practice-pace")
        # i18n: The drill's paces: the same time between cards, or less and less.
        pace.appendChild(el("option", "", t("Steady"), value="steady"))
        pace.appendChild(el("option", "", t("Quickening"), value="quicken"))
        fields.appendChild(_field(t("Pace"), pace))
        fields.appendChild(_field(t("Seconds per card"), el(
            "input", "", type="number", name="interval", id="practice-interval",
            min=str(MIN_INTERVAL_MS / 1000), max=str(MAX_INTERVAL_MS / 1000), step="0.1",
            inputmode="decimal")))
        fields.appendChild(_field(t("Seed"), el(
            "input", "", type="text", name="seed", id="practice-seed",
            maxlength=str(MAX_SEED_LENGTH), autocomplete="off", spellcheck="false"),
            # i18n: The seed's field left empty gives a new drill.
            t("(empty: a new drill)")))
        return fields

    def _control(self, name: str) -> Any:
        return self.node.querySelector(f"[name='{name}']")

    def fill(self, config: DrillConfig) -> None:
        """Show ``config`` in the form."""
        self.config = config
        boxes = self.node.querySelectorAll("input[name='rule']")
        for i in range(boxes.length):
            box = boxes.item(i)
            box.checked = str(box.value) in config.rules
        self._control("players").value = str(config.players)
        self._control("cards").value = str(config.cards)
        self._control("pace").value = config.pace
        self._control("interval").value = f"{config.interval_ms / 1000:g}"
        self._control("seed").value = config.seed
        self._show_config(config, "")

    def _show_config(self, config: DrillConfig | None, problem: str) -> None:
        self.problem.textContent = problem
        self.problem.hidden = not problem
        self.start_button.disabled = config is None
        if config is None:
            return
        self.on_config(config)
        self.summary.textContent = describe(config)
        self._show_keys(config.players)
        self.best_line.textContent = best_on_form(self.bests.get(config))
        if not self.bests.storage_ok:
            self.best_line.textContent += " " + t(BLOCKED)
        self.link_out.textContent = drill_link(config) if config.seed else ""

    def _show_keys(self, players: int) -> None:
        clear(self.keys_list)
        for seat in range(players):
            item = el("li", "", data_player=str(seat))
            item.appendChild(el("span", "", player_name(seat)))
            item.appendChild(key_badge(self.host.keymap, seat))
            self.keys_list.appendChild(item)

    # -- reading -------------------------------------------------------------------------------

    def read(self) -> tuple[DrillConfig | None, str]:
        """The drill the form describes, or None and what is wrong."""
        boxes = self.node.querySelectorAll("input[name='rule']:checked")
        checked = {str(boxes.item(i).value) for i in range(boxes.length)}
        # The order rules are checked in decides the rule credited: keep the link's order for
        # those still chosen, the catalogue's for the others.
        rules = [name for name in self.config.rules if name in checked]
        rules += [name for name in PRACTICE_RULES if name in checked and name not in rules]
        try:
            cards = int(str(self._control("cards").value).strip())
        except ValueError:
            return None, cards_problem()
        try:
            seconds = float(str(self._control("interval").value).strip().replace(",", "."))
            interval = round(seconds * 1000)
        except (ValueError, OverflowError):
            return None, interval_problem()
        if not MIN_INTERVAL_MS <= interval <= MAX_INTERVAL_MS:
            return None, interval_problem()
        if not MIN_CARDS <= cards <= MAX_CARDS:
            return None, cards_problem()
        try:
            config = DrillConfig(tuple(rules), int(str(self._control("players").value)), cards,
                                 str(self._control("pace").value), interval,
                                 str(self._control("seed").value))
        except (PracticeError, ValueError) as error:
            return None, sentence(str(error))
        return config, ""

    def _with_seed(self) -> DrillConfig | None:
        """The form's drill, with a seed picked (and shown) when its field is empty."""
        config, problem = self.read()
        if config is None:
            self._show_config(None, problem)
            return None
        if not config.seed:
            config = replace(config, seed=pick_seed())
            self._control("seed").value = config.seed
        self.config = config
        self._show_config(config, "")
        return config

    # -- events --------------------------------------------------------------------------------

    def _on_change(self, _event: Any) -> None:
        config, problem = self.read()
        if config is not None:
            self.config = config
        self._show_config(config, problem)

    def _on_copy(self, _event: Any) -> None:
        config = self._with_seed()
        if config is not None:
            copy_link(self.host, config, self.link_out)

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        config = self._with_seed()
        if config is not None:
            self.on_start(config)
