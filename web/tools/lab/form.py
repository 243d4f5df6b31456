"""The statistics lab's form: the game, the players, the bots' level, how many games and the
seed, and one or two rule sets (each a name and its house rules, drawn as the setup form draws
them). Rule set B says so when its rules are rule set A's (the two would play the same games)."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import Any

from pyscript import document

from ratscrew.core.rng import MAX_SEED
from ratscrew.i18n import N_, t
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.tools.lab import MAX_GAMES, MIN_GAMES, LabError, LabSpec, same_rules
from ratscrew.variants import Variant, find_variant
from web.dom import attribute, by_id
from web.model.links import default_players
from web.model.setup_html import player_options, rules_body, tag, variant_options, void
from web.model.setup_options import controls_for, rules_or_default, set_option
from web.shell.host import ToolHost
from web.tools.wiring import Wiring

SETS = ("A", "B")
"""The rule sets, as the markup names them (``data-set``; ids ``lab-a-...``, ``lab-b-...``)."""
LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"),
                "expert": N_("Expert")}
"""The bots' levels, as the lab names them (message ids: :func:`level_label` says one)."""
BASICS = ("lab-variant", "lab-players", "lab-level", "lab-games", "lab-seed")
"""The fields that hold for every rule set (locked while games run)."""
SAME_RULES = N_("These are rule set A's rules: the two would play the same games. Change a "
                "house rule here to compare.")
"""Rule set B's line when its rules are rule set A's (a message id)."""


def level_label(level: str) -> str:
    """A bots' level as the lab names it, in the language in use ("Normal")."""
    label = LEVEL_LABELS.get(level)
    return t(label) if label else level.capitalize()


def _text(words: str) -> str:
    """Words as markup (a translation may hold ``&`` or ``<``)."""
    return escape(words, quote=False)


def set_label(name: str) -> str:
    """A rule set's default name: "Rule set A"."""
    # i18n: {name} is the rule set's letter (A or B).
    return t("Rule set {name}", name=name)


def prefixed(markup: str, prefix: str) -> str:
    """The setup form's rule controls with ids of their own (``rule-x`` -> ``lab-a-rule-x``):
    the setup form, hidden, keeps its ids."""
    return re.sub(r'\b(id|for|aria-describedby)="rule-', rf'\1="{prefix}rule-', markup)


class LabForm:
    """The form's fields and the rule sets they describe (:meth:`specs`). Its markup is part of
    the lab's (:meth:`markup`); :meth:`wire` draws the rules and listens once it is in."""

    def __init__(self, host: ToolHost, wiring: Wiring, variant: str) -> None:
        self.host = host
        self.wiring = wiring
        self.variant: Variant = find_variant(variant)
        self.players = default_players(self.variant)
        self.options: dict[str, dict[str, Any]] = {name: {} for name in SETS}

    # -- drawing -------------------------------------------------------------------------------

    def markup(self) -> str:
        """The fields shared by the rule sets, then the sets."""
        levels = "".join(tag("option", escape(level_label(d)), value=d,
                             selected=d == "normal") for d in DIFFICULTIES)
        basics = "".join((
            tag("label", _text(t("Game")) + tag("select", variant_options(self.variant.name),
                                                id="lab-variant")),
            tag("label", _text(t("Players")) + tag(
                "select", player_options(self.variant, self.players), id="lab-players")),
            tag("label", _text(t("Bot level")) + tag("select", levels, id="lab-level")),
            tag("label", _text(t("Games")) + void(
                "input", id="lab-games", type="number", min=MIN_GAMES, max=MAX_GAMES, step=100,
                value=500, inputmode="numeric")),
            tag("label", _text(t("Seed")) + void("input", id="lab-seed", type="number", min=0,
                                                 max=MAX_SEED, value=1, inputmode="numeric")),
        ))
        sets = "".join(self._set_markup(name) for name in SETS)
        return tag("div", basics, class_="lab-basics") + tag("div", sets, class_="lab-sets")

    @staticmethod
    def _set_markup(name: str) -> str:
        key = name.lower()
        if name == "A":
            legend = tag("legend", _text(set_label("A")))
        else:
            legend = tag("legend", tag("label", void("input", type="checkbox",
                                                     id="lab-compare")
                                       + tag("span", _text(t("Compare with rule set B"))),
                                       class_="check"))
        return tag(
            "fieldset",
            legend
            + tag("label", _text(t("Name")) + void(
                "input", type="text", id=f"lab-{key}-label", value=set_label(name),
                maxlength=60, autocomplete="off", class_="lab-set-label"),
                  class_="lab-set-name")
            + tag("p", "", id=f"lab-{key}-changes", class_="lab-changes")
            + (tag("p", _text(t(SAME_RULES)), id="lab-same", class_="lab-same", hidden=True)
               if name == "B" else "")
            + tag("details", tag("summary", _text(t("House rules"))) + tag(
                "div", "", id=f"lab-{key}-rules", class_="lab-rules-body"),
                class_="lab-rules", id=f"lab-{key}-details"),
            class_="lab-set", id=f"lab-set-{key}", data_set=name)

    def draw_rules(self) -> None:
        """Each rule set's house rules."""
        for name in SETS:
            self._draw_rules(name)

    def _draw_rules(self, name: str) -> None:
        key = name.lower()
        options = rules_or_default(self.variant, self.players, self.options[name])
        if options[1]:
            self.options[name] = {}
        body = by_id(f"lab-{key}-rules")
        body.innerHTML = prefixed(rules_body(self.variant, self.players, self.options[name]),
                                  f"lab-{key}-")
        changed = [c.label for c in controls_for(self.variant, self.players,
                                                  self.options[name]) if c.changed]
        if changed:
            # i18n: {rules} lists the house rules changed, by their labels.
            text = t("Changed: {rules}", rules=", ".join(changed))
        else:
            # i18n: {variant} is a game's name (Classic).
            text = t("{variant}'s own rules", variant=t(self.variant.title))
        by_id(f"lab-{key}-changes").textContent = text
        self.show_same()

    def show_same(self) -> None:
        """Rule set B's line saying its rules are rule set A's, shown when they are (and B is
        compared)."""
        same = bool(by_id("lab-compare").checked) and same_rules(
            self.variant.name, self.players, self.options["A"], self.options["B"])
        by_id("lab-same").hidden = not same

    def wire(self) -> None:
        """Listen to the fields (the markup is in the page)."""
        on = self._on
        on("lab-variant", "change", self._on_variant)
        on("lab-players", "change", self._on_players)
        for name in SETS:
            on(f"lab-{name.lower()}-rules", "change", self._rule_handler(name))
        on("lab-compare", "change", lambda _e: self.show_compare())

    def _on(self, element_id: str, event: str, fn: Callable[[Any], None]) -> None:
        self.wiring.listen(by_id(element_id), event, fn)

    def show_compare(self) -> None:
        """Rule set B on or off, as its box says."""
        on = bool(by_id("lab-compare").checked)
        box = by_id("lab-set-b")
        box.classList.toggle("off", not on)
        self.show_same()
        for selector in ("#lab-b-label", "#lab-b-details"):
            node = document.querySelector(selector)
            if selector.endswith("details"):
                node.hidden = not on
            else:
                node.disabled = not on

    def lock(self, locked: bool) -> None:
        """Lock the fields while games run (and unlock them after)."""
        for selector in (".lab-basics", ".lab-sets"):
            document.querySelector(selector).classList.toggle("busy", locked)
        for node_id in BASICS:
            by_id(node_id).disabled = locked

    # -- events --------------------------------------------------------------------------------

    def _on_variant(self, _event: Any) -> None:
        self.variant = find_variant(str(by_id("lab-variant").value))
        self.players = default_players(self.variant)
        by_id("lab-players").innerHTML = player_options(self.variant, self.players)
        self.options = {name: {} for name in SETS}
        self.draw_rules()

    def _on_players(self, _event: Any) -> None:
        self.players = int(by_id("lab-players").value)
        self.draw_rules()

    def _rule_handler(self, name: str) -> Callable[[Any], None]:
        return lambda event: self._on_rule(name, event)

    def _on_rule(self, name: str, event: Any) -> None:
        target = event.target
        option = attribute(target, "data-option")
        if not option:
            return
        body = by_id(f"lab-{name.lower()}-rules")
        if option == "slaps":
            boxes = body.querySelectorAll("input.rule-slap")
            raw: Any = [str(boxes.item(i).value) for i in range(boxes.length)
                        if boxes.item(i).checked]
        elif str(target.type) == "checkbox":
            raw = bool(target.checked)
        else:
            raw = str(target.value)
        focus_id = str(target.id)
        self.options[name], problem = set_option(self.variant, self.players,
                                                 self.options[name], option, raw)
        if problem:
            self.host.notify([problem])
        self._draw_rules(name)
        again = by_id(focus_id)
        if again:
            again.focus()

    # -- reading -------------------------------------------------------------------------------

    def specs(self) -> list[dict[str, Any]]:
        """The rule sets to play (checked here, so that a mistake is said at once)."""
        games_text = str(by_id("lab-games").value).strip()
        seed_text = str(by_id("lab-seed").value).strip()
        if not games_text.isdigit() or not MIN_GAMES <= int(games_text) <= MAX_GAMES:
            raise LabError(t("Games: a whole number from {low} to {high}.", low=MIN_GAMES,
                             high=MAX_GAMES))
        if not seed_text.isdigit() or int(seed_text) > MAX_SEED:
            raise LabError(t("Seed: a whole number from {low} to {high}.", low=0,
                             high=MAX_SEED))
        names = ["A", "B"] if by_id("lab-compare").checked else ["A"]
        out = []
        for name in names:
            label = str(by_id(f"lab-{name.lower()}-label").value).strip() or set_label(name)
            spec = LabSpec(variant=self.variant.name, players=self.players,
                           games=int(games_text), seed=int(seed_text),
                           difficulty=str(by_id("lab-level").value),
                           options=self.options[name], label=label)
            out.append(spec.to_dict())
        if len(out) == 2 and out[0]["label"] == out[1]["label"]:
            raise LabError(t("The two rule sets need different names."))
        return out
