"""The setup screen's form (``#setup``): the game, its seats, seed and speed, its house rules,
and its buttons Deal, All-bot demo and Copy link.

The form's markup is web/model/setup_html.py's (the build writes the same into index.html,
and web/boot/setup_early.js lets it be used while Python starts); what a house rule may be is
web/model/setup_options.py's. This controller reads the form into a
:class:`~web.model.links.TableConfig` (the shell's ``config``) and redraws it from one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ratscrew.i18n import t, tn
from ratscrew.variants import Variant, find_variant
from web.dom import attribute, by_id
from web.model.keymap import key_label
from web.model.links import SeatConfig, TableConfig, parse_query, to_query, with_players, with_seed
from web.model.session import seat_actions
from web.model.setup_html import PHONE_KEYS, form_parts, slap_items, speed_options, variant_options
from web.model.setup_options import (
    changed_count,
    controls_for,
    rules_or_default,
    rules_summary,
    seat_option,
    set_option,
    warnings,
    with_seat_marks,
)

if TYPE_CHECKING:
    from web.interfaces import Shell, Table

EARLY_DISABLED = ("setup-open", "setup-lessons", "setup-learn", "setup-practice", "setup-lab",
                  "setup-bmn", "setup-phones")
"""The setup's buttons that wait for Python (web/boot/setup_early.js disables them)."""


class SetupForm:
    """The form, kept equal to the shell's ``config``."""

    def __init__(self, shell: Shell, play: Table) -> None:
        self.shell = shell
        self.play = play
        self._focus_id = ""
        """The form's field that had the focus when Python took the form over."""
        self._focus: Any = None
        on = shell.on
        on("setup", "submit", self.on_submit)
        on("setup", "change", self.on_change)
        on("setup-demo", "click", self.on_demo)
        on("setup-phones", "click", self.on_phones)
        on("setup-copy", "click", self.on_copy)
        on("setup-rules-reset", "click", self.on_rules_reset)

    # -- taking the form over --------------------------------------------------------------

    def take_over(self) -> str:
        """Take the form over from web/boot/setup_early.js, as it stands (it may have been
        used while Python was starting), and draw it. What was pressed meanwhile: "deal",
        "demo" or ""."""
        form = by_id("setup")
        early = getattr(window, "ratscrewEarly", None)
        if early:
            early.stop()
        pending = attribute(form, "data-pending")
        if attribute(form, "data-touched") == "true" or pending:
            self.shell.choose_table(self._read_early())
        for name in ("touched", "pending"):
            form.removeAttribute(f"data-{name}")
        by_id("setup-start").textContent = t("Deal")
        by_id("setup-start").removeAttribute("aria-disabled")
        for name in ("setup-copy", *EARLY_DISABLED):
            by_id(name).disabled = False
            by_id(name).removeAttribute("title")
        focus = document.activeElement
        self._focus = focus
        self._focus_id = str(focus.id or "") if focus else ""
        config = self.shell.config
        menus = document.querySelectorAll(".speed-choice")
        for i in range(menus.length):
            menus.item(i).innerHTML = speed_options(config.speed)
        by_id("setup-variant").innerHTML = variant_options(config.variant)
        self.fill(config)
        by_id("setup-rules").open = bool(config.options)
        return pending

    def _read_early(self) -> TableConfig:
        """The form as it was used before Python was ready: its game, seats, seed and speed
        as :meth:`read` reads them, and each house rule someone changed (``data-touched``),
        in the order of the form, as if changed now."""
        shell = self.shell
        shell.choose_table(replace(shell.config, variant=str(by_id("setup-variant").value),
                                   options={}))
        config = self.read()
        variant = find_variant(config.variant)
        options = dict(config.options)
        fields = by_id("setup-rules-body").querySelectorAll("[data-option][data-touched]")
        for i in range(fields.length):
            field = fields.item(i)
            name = attribute(field, "data-option")
            options, _ = set_option(variant, config.players, options, name,
                                    _raw_rule(name, field))
        return replace(config, options=options)

    def show_first(self) -> None:
        """The setup screen at start-up (the form drawn already), the focus and the caret
        where they were while Python started (else on the screen's title)."""
        self.shell.show_setup(focus=not self._focus_id, fill=False)
        node = by_id(self._focus_id) if self._focus_id else None
        if not node:
            return
        node.focus()
        before = self._focus
        if str(getattr(node, "type", "")) == "text" and before:
            node.setSelectionRange(before.selectionStart, before.selectionEnd)

    # -- the form and the config -----------------------------------------------------------

    def _seat_keys(self, variant: Variant) -> Callable[[int], str]:
        actions = seat_actions(variant)
        keymap = self.shell.keymap
        return lambda seat: " / ".join(key_label(keymap.key_for(seat, action) or "")
                                       for action in actions)

    def fill(self, config: TableConfig) -> None:
        """The form for ``config``: its parts as web/model/setup_html.py renders them (the
        same markup the build writes into index.html), then the values kept out of the
        markup."""
        variant = find_variant(config.variant)
        for element_id, markup in form_parts(config, self._seat_keys(variant)).items():
            by_id(element_id).innerHTML = markup
        by_id("setup-variant").value = variant.name
        by_id("setup-seed").value = config.seed
        by_id("setup-speed").value = config.speed
        by_id("setup-seat-hint").hidden = seat_option(variant) is None
        self._show_rules(variant, config)
        self._show_link(config)

    def _show_rules(self, variant: Variant, config: TableConfig, message: str = "") -> None:
        """Put the values of ``config``'s rules into the house-rule controls, mark the changed
        ones, say what is wrong or odd, and list the slap rules in play."""
        controls = controls_for(variant, config.players, config.options)
        rules, problem = rules_or_default(variant, config.players, config.options)
        for control in controls:
            row = by_id(f"rule-row-{control.name}")
            if not row:
                continue
            row.classList.toggle("changed", control.changed)
            if control.kind == "slaps":
                for choice in control.choices:
                    by_id(f"rule-slap-{choice.value}").checked = choice.value in control.value
            elif control.kind == "flag":
                by_id(f"rule-{control.name}").checked = bool(control.value)
            else:
                by_id(f"rule-{control.name}").value = str(control.value)
        count = changed_count(controls)
        # i18n: how many house rules differ from the game's own (after "House rules")
        changed = tn("{n} changed", "{n} changed", count, n=count)
        by_id("setup-rules-count").textContent = f"· {changed}" if count else ""
        by_id("setup-rules-reset").disabled = not count
        notes = [text for text in (message, problem) if text] + warnings(variant, rules)
        box = by_id("setup-rules-message")
        box.textContent = " ".join(notes)
        box.hidden = not notes
        by_id("setup-summary").textContent = rules_summary(variant, rules)
        slaps = by_id("setup-slaps")
        # i18n: rules: the heading of the game's slap rules ("Slap rules", "Burn conditions")
        slaps.setAttribute("aria-label", t("{rules} in play", rules=t(variant.slaps_title)))
        slaps.innerHTML = slap_items(variant, rules.slaps)

    def read(self) -> TableConfig:
        """The table the form describes, checked as a link is (names cleaned...)."""
        rows = by_id("setup-seat-list").querySelectorAll(".seat-row:not([hidden])")
        seats = []
        for i in range(rows.length):
            row = rows.item(i)
            kind = str(row.querySelector(".seat-row-kind").value)
            name = str(row.querySelector(".seat-row-name").value)
            bot = kind not in ("human", "phone")
            seats.append(SeatConfig(name, bot, kind if bot else "normal", kind == "phone"))
        current = self.shell.config
        options = dict(current.options)
        boxes = by_id("setup-seat-list").querySelectorAll(
            ".seat-row:not([hidden]) .seat-row-gender")
        marks = [str(boxes.item(i).value) for i in range(boxes.length)]
        variant = find_variant(str(by_id("setup-variant").value))
        spec = seat_option(variant)
        if marks and spec is not None and variant.name == current.variant:
            options = with_seat_marks(spec, options, marks)
        query = to_query(TableConfig(
            variant=str(by_id("setup-variant").value),
            players=len(seats),
            seats=seats,
            seed=str(by_id("setup-seed").value).strip(),
            speed=str(by_id("setup-speed").value),
            options=options,
            autostart=False,
        ))
        config, notices = parse_query(query)  # the same checks as a link: names cleaned, etc.
        self.shell.notify(notices)
        return config

    def _show_link(self, config: TableConfig) -> str:
        base = str(window.location.href).split("?")[0].split("#")[0]
        query = to_query(replace(config, autostart=True))
        link = f"{base}?{query}" if query else base
        by_id("setup-link").textContent = link
        return link

    # -- the form's events -----------------------------------------------------------------

    def on_change(self, event: Any) -> None:
        target = event.target
        option = attribute(target, "data-option")
        if option:  # a house rule
            self._change_rule(option, target)
            return
        config = self.read()
        if target.id == "setup-variant":
            variant = find_variant(str(target.value))
            players = min(max(config.players, variant.min_players), variant.max_players)
            config = with_players(replace(config, variant=variant.name, options={}), players)
        elif target.id == "setup-players":
            config = with_players(config, int(str(target.value)))
        else:  # a name, a seat's player, the seed or the speed: keep the form (and focus)
            if target.classList.contains("seat-row-kind"):
                keys = target.parentElement.querySelector(".seat-row-keys")
                keys.textContent = (t(PHONE_KEYS) if str(target.value) == "phone"
                                    else attribute(keys, "data-keys"))
            self.shell.choose_table(config)
            self._show_link(config)
            return
        self.shell.choose_table(config)
        self.fill(config)

    def _change_rule(self, name: str, target: Any) -> None:
        config = self.read()
        variant = find_variant(config.variant)
        options, problem = set_option(variant, config.players, config.options, name,
                                      _raw_rule(name, target))
        config = replace(config, options=options)
        self.shell.choose_table(config)
        self._show_rules(variant, config, problem)
        self._show_link(config)

    def on_rules_reset(self, _event: Any) -> None:
        config = replace(self.read(), options={})
        self.shell.choose_table(config)
        self._show_rules(find_variant(config.variant), config)
        self._show_link(config)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.play.start(self.read())

    def on_demo(self, _event: Any) -> None:
        """All-bot demo: the form's table, every seat a bot."""
        config = self.read()
        seats = [SeatConfig(s.name, True, s.difficulty if s.bot else "normal")
                 for s in config.seats]
        self.play.start(replace(config, seats=seats))

    def on_phones(self, _event: Any) -> None:
        """Play with phones: the form's table hosted here, each person's seat played from a
        phone (the seats already set to Phone, else every person's)."""
        config = self.read()
        if not any(s.phone for s in config.seats):
            seats = [replace(s, phone=not s.bot) for s in config.seats]
            config = replace(config, seats=seats)
        if not any(s.phone for s in config.seats):
            self.shell.notify([t("Every seat is a bot: set a seat to Phone (or Human) "
                                 "first.")])
            return
        self.play.start(config)

    def on_copy(self, _event: Any) -> None:
        """The setup's Copy link: a link always holds a seed, so a friend who opens it gets the
        same deal. With the seed field empty, one is picked and shown there (Deal uses it)."""
        config = with_seed(self.read())
        by_id("setup-seed").value = config.seed
        self.shell.choose_table(config)
        link = self._show_link(config)

        def copied(ok: bool) -> None:
            by_id("setup-link").textContent = t("Copied: {link}", link=link) if ok else link

        self.shell.copy_text(link, copied)


def _raw_rule(name: str, target: Any) -> Any:
    """What a house-rule control says, for :func:`set_option`."""
    if name == "slaps":
        boxes = by_id("setup-rules-body").querySelectorAll(".rule-slap")
        return [str(boxes.item(i).value) for i in range(boxes.length) if boxes.item(i).checked]
    if str(target.type) == "checkbox":
        return bool(target.checked)
    return str(target.value)
