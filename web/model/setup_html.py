"""The setup form's markup, as HTML text: one renderer for the page and for the build.

Pure Python (no ``js``). ``web/shell/setup.py`` puts these strings into the form whenever it redraws
it, and ``scripts/build`` runs the same functions (:func:`prerender`) to write the form into
``index.html``, so the setup screen is there, filled in and usable, while the Python runtime
is still downloading; ``web/boot/setup_early.js`` switches between the variants' prerendered parts
until Python takes the form over as it stands. Every text goes through :func:`html.escape`:
a player's name is always text.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ratscrew.core.engine import Game
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.i18n import N_, t, tc
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.variants import VARIANTS, Variant, find_variant
from web.model.card_text import with_symbols
from web.model.keymap import KNOWN_ACTIONS, default_keymap, key_label
from web.model.links import (
    SeatConfig,
    TableConfig,
    default_name,
    default_players,
    default_seats,
    parse_query,
)
from web.model.seating import seat_regions
from web.model.session import (
    ACTION_LABELS,
    HUMAN_ORDER,
    SPEEDS,
    STACK_DEPTH,
    button_label,
    seat_actions,
    speed_label,
)
from web.model.setup_options import (
    Control,
    controls_for,
    label,
    rules_or_default,
    rules_summary,
    seat_choice_labels,
    seat_marks,
    seat_option,
    slaps_heading,
)
from web.model.variant_page import page_of

if TYPE_CHECKING:
    from web.table.piece import Markup

MAX_SEATS = 8
"""Seat rows prerendered for each variant (the most any variant seats)."""


def attrs(**values: object) -> str:
    """`` name="value"`` pairs (``data_x`` is written ``data-x``, ``class_`` ``class``); True
    is a bare attribute, False and None leave it out."""
    out = []
    for name, value in values.items():
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        elif value is not None and value is not False:
            out.append(f' {name}="{escape(str(value))}"')
    return "".join(out)


def tag(name: str, content: str = "", **values: object) -> str:
    """An element; ``content`` is markup (escape text first)."""
    return f"<{name}{attrs(**values)}>{content}</{name}>"


def void(name: str, **values: object) -> str:
    """An element without content (``input``)."""
    return f"<{name}{attrs(**values)}>"


def option(value: str, label: str, selected: bool) -> str:
    return tag("option", escape(label), value=value, selected=selected)


# --------------------------------------------------------------------------- the form's parts


def speed_options(selected: str) -> str:
    return "".join(option(s, speed_label(s), s == selected) for s in SPEEDS)


def variant_options(selected: str) -> str:
    """The games, each with what the prerendered form and a link's seats need before Python is
    there: its aliases (the names a link may use) and its numbers of players."""
    return "".join(
        tag("option", escape(t(v.title)), value=v.name, selected=v.name == selected,
            data_aliases=" ".join(v.aliases) or None, data_min=v.min_players,
            data_max=v.max_players, data_players=default_players(v))
        for v in VARIANTS.values()
    )


def player_options(variant: Variant, selected: int) -> str:
    return "".join(option(str(n), str(n), n == selected)
                   for n in range(variant.min_players, variant.max_players + 1))


def _control_field(control: Control, help_id: str) -> str:
    name = control.name
    common: dict[str, Any] = {"id": f"rule-{name}", "data_option": name,
                              "aria_describedby": help_id}
    if control.kind == "choice":
        options = "".join(option(c.value, c.label, c.value == str(control.value))
                          for c in control.choices)
        return tag("select", options, **common)
    if control.kind == "number":
        return void("input", type="number", min=f"{control.minimum:g}",
                   max=f"{control.maximum:g}", step=f"{control.step:g}",
                   inputmode="decimal" if control.unit else "numeric", value=control.value,
                   **common)
    return void("input", type="text", autocomplete="off", spellcheck="false",
               value=control.value, **common)


def rule_control(control: Control) -> str:
    """One house rule with its value: a fieldset of slap-rule checkboxes, a checkbox, a select,
    a number or a text field, with its help line."""
    name = control.name
    changed = " changed" if control.changed else ""
    if control.kind == "slaps":
        boxes = "".join(
            tag("label",
                void("input", type="checkbox", value=c.value, id=f"rule-slap-{c.value}",
                    data_option=name, checked=c.value in control.value, class_="rule-slap"
                    ) + tag("span", escape(c.label)),
                class_="check rule-slap-choice", title=c.help or None)
            for c in control.choices)
        return tag("fieldset",
                   tag("legend", escape(control.label), class_="rule-label")
                   + tag("div", boxes, class_="rule-slap-list"),
                   class_=f"rule rule-slaps{changed}", id=f"rule-row-{name}")
    help_id = f"rule-help-{name}"
    if control.kind == "flag":
        field = tag("label",
                    void("input", type="checkbox", id=f"rule-{name}", data_option=name,
                        aria_describedby=help_id, checked=bool(control.value)
                        ) + tag("span", escape(control.label)),
                    class_="check rule-label")
    else:
        field = (tag("label", escape(control.label), class_="rule-label", for_=f"rule-{name}")
                 + _control_field(control, help_id))
    help_line = (tag("small", escape(control.help), class_="rule-help", id=help_id)
                 if control.help else "")
    return tag("div", field + help_line, class_=f"rule rule-{control.kind}{changed}",
               id=f"rule-row-{name}")


def rules_body(variant: Variant, players: int, options: dict[str, Any]) -> str:
    """The house rules of ``variant``: the game's own options first, then the others."""
    controls = controls_for(variant, players, options)
    own = [c for c in controls if c.featured]
    # i18n: The heading of a game's own house rules: {game} is the game's name (Classic).
    groups = ((t("{game} rules", game=t(variant.title)), own),
              (t("Other rules") if own else t("Rules"), [c for c in controls if not c.featured]))
    return "".join(
        tag("div", tag("h3", escape(heading), class_="rules-heading")
            + "".join(rule_control(c) for c in group), class_="rules-group")
        for heading, group in groups if group)


NO_SLAPS = {
    "Slap rules": N_("No slap rules: nothing to slap in this game."),
    "Burn conditions": N_("No burn conditions: nothing to slap in this game."),
}
"""What the list of slap rules says when there are none, by what the variant calls its slap
rules (:attr:`~ratscrew.core.variant.Variant.slaps_title`, in English; message ids)."""


def slap_items(variant: Variant, slaps: Sequence[str]) -> str:
    """The slap rules in play (the variant's own names), each with an example pile."""
    if not slaps:
        none = NO_SLAPS.get(variant.slaps_title)
        if none is not None:
            return tag("li", escape(t(none)))
        # i18n: {rules} is what the game calls its slap rules, in lower case (slap rules).
        return tag("li", escape(t("No {rules}: nothing to slap in this game.",
                                  rules=slaps_heading(variant).lower())))
    # i18n: A slap rule in play: its name in bold, what it lets you slap, and an example
    # pile (cards). Keep the <b> tags round the name.
    return "".join(
        tag("li", t("<b>{rule}</b>: {description} {example}",
                    rule=escape(t(variant.slap_title(name, SLAP_RULES[name].title))),
                    description=escape(t(SLAP_RULES[name].description)),
                    example=tag("span", escape(with_symbols(SLAP_RULES[name].examples[0])),
                                class_="example")))
        for name in slaps)


PHONE_KEYS = N_("from a phone")
"""What a phone seat's row says in place of its keys (a message id: ``t(PHONE_KEYS)``)."""
BOT_LABELS = {
    # i18n: A seat's player on the setup form: a bot that plays at this level.
    "easy": N_("Bot: easy"),
    "normal": N_("Bot: normal"),
    "hard": N_("Bot: hard"),
    "expert": N_("Bot: expert"),
}
"""What a seat's select says for a bot of each difficulty (message ids)."""


def bot_label(level: str) -> str:
    """What a seat's select says for a bot of difficulty ``level``, in the language in use."""
    text = BOT_LABELS.get(level)
    if text is not None:
        return t(text)
    # i18n: A seat's player on the setup form: a bot of difficulty {level} (its code).
    return t("Bot: {level}", level=level)


def seat_row(variant: Variant, index: int, seat: SeatConfig, mark: str | None, keys: str,
             hidden: bool = False) -> str:
    """One seat of the list: number, name, Human, Phone or a bot level, the variant's per-seat
    option (``mark``: this seat's value; None when the variant has none), keys."""
    number = index + 1
    kind = seat.difficulty if seat.bot else "phone" if seat.phone else "human"
    # i18n: A seat's player on the setup form: a person at this device, or a person who
    # plays from their own phone.
    kinds = (option("human", tc("seat kind", "Human"), kind == "human")
             + option("phone", tc("seat kind", "Phone"), kind == "phone")
             + "".join(option(d, bot_label(d), kind == d) for d in DIFFICULTIES))
    parts = [
        tag("span", str(number), class_="seat-row-number", aria_hidden="true"),
        void("input", type="text", maxlength="24", aria_label=t("Seat {number} name",
                                                                number=number),
            autocomplete="off", spellcheck="false", value=seat.name, class_="seat-row-name",
            id=f"seat-name-{index}"),
        tag("select", kinds, class_="seat-row-kind",
            aria_label=t("Seat {number} player", number=number), id=f"seat-kind-{index}"),
    ]
    spec = seat_option(variant)
    if mark is not None and spec is not None:
        marks = "".join(option(v, text, v == mark)
                        for v, text in seat_choice_labels(spec).items())
        title = label(spec.name)
        # i18n: A seat's select for a per-seat house rule: {option} is the rule's label.
        parts.append(tag("select", marks, class_="seat-row-gender",
                         aria_label=t("Seat {number} for the {option}", number=number,
                                      option=title), title=title,
                         id=f"seat-mark-{index}"))
    # i18n: A seat's keys on the setup form: {keys} lists them (Q / W).
    keys_text = t("keys {keys}", keys=keys)
    parts.append(tag("span", escape(t(PHONE_KEYS) if kind == "phone" else keys_text),
                     class_="seat-row-keys", data_keys=keys_text))
    return tag("li", "".join(parts), class_="seat-row", data_seat_row=index, hidden=hidden)


def seat_rows(variant: Variant, config: TableConfig, keys: Callable[[int], str],
              rows: int | None = None) -> str:
    """The seats of ``config``; with ``rows``, that many (the rows past the table's seats
    prerendered hidden, for the form to show when the number of players grows)."""
    count = len(config.seats)
    seats = list(config.seats) + default_seats(max(rows or 0, count))[count:]
    spec = seat_option(variant)
    marks: list[str | None] = (list(seat_marks(spec, config.options, len(seats)))
                               if spec is not None else [None] * len(seats))
    return "".join(seat_row(variant, i, seat, marks[i], keys(i), hidden=i >= count)
                   for i, seat in enumerate(seats))


def seat_hint(variant: Variant) -> str:
    hint = page_of(variant.name).seat_hint if seat_option(variant) is not None else ""
    return t(hint) if hint else ""


def default_keys(variant: Variant) -> Callable[[int], str]:
    """A seat's keys as the setup lists them, from the default key map."""
    actions, keymap = seat_actions(variant), default_keymap()
    return lambda seat: " / ".join(key_label(keymap.key_for(seat, a) or "") for a in actions)


# --------------------------------------------------------------------------- build time


def form_parts(config: TableConfig, keys: Callable[[int], str],
               rows: int | None = None) -> dict[str, str]:
    """The markup of each of the form's filled parts, by element id, for ``config``."""
    variant = find_variant(config.variant)
    rules, _ = rules_or_default(variant, config.players, config.options)
    return {
        "setup-players": player_options(variant, config.players),
        "setup-summary": escape(rules_summary(variant, rules)),
        "setup-slaps": slap_items(variant, rules.slaps),
        "setup-rules-body": rules_body(variant, config.players, config.options),
        "setup-seat-list": seat_rows(variant, config, keys, rows),
        "setup-seat-hint": escape(seat_hint(variant)),
    }


def markup_html(markup: Markup) -> str:
    """An element the table draws (:class:`~web.table.piece.Markup`) as HTML."""
    style = ";".join(f"{name}:{value}" for name, value in markup.style) or None
    values: dict[str, object] = {"class_": markup.cls or None}
    values.update((name, True if value == "" else value) for name, value in markup.attrs)
    return tag(markup.tag, escape(markup.text) + "".join(markup_html(child)
                                                         for child in markup.children),
               **values, style=style)


def seat_skeletons() -> str:
    """The seats as the table draws them before the deal (a link with autostart=1 while
    Python starts): web/table/pieces/seats.py's own :func:`~web.table.pieces.seats.seat_markup`,
    a bot's and a person's, and a person's touch button, as skeletons;
    web/boot/setup_early.js fills in each seat's number, name, level and buttons, so that each
    seat has its size and place before the deal."""
    from web.table.pieces.seats import seat_markup, touch_button_markup

    return (markup_html(seat_markup(0, "", "bot", "normal", skeleton=True))
            + markup_html(seat_markup(0, "", "person", skeleton=True))
            + markup_html(touch_button_markup("flip", "", "", "", skeleton=True)))


def compact_json(value: object) -> str:
    """JSON without spaces, for an attribute."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def skeleton_data() -> dict[str, str]:
    """What web/boot/setup_early.js needs to draw a link's seats before Python: each number of
    players' seat places (and on the projector display, ``projector-layouts``), the default
    names, each game's buttons for a person's seat (with
    their labels, and each seat's default keys), where a person's seat goes in one list, and
    each seat's stack as dealt in each game (the depth of the cards it is dealt)."""
    keymap = default_keymap(MAX_SEATS, KNOWN_ACTIONS)
    depths = {v.name: {n: [min(len(hand), STACK_DEPTH) for hand in Game(v, n, seed=0).hands]
                      for n in range(v.min_players, v.max_players + 1)}
             for v in VARIANTS.values()}
    return {
        "layouts": compact_json({n: {region: list(seats)
                                     for region, seats in seat_regions(n).items()}
                                 for n in range(2, MAX_SEATS + 1)}),
        "projector-layouts": compact_json({n: {region: list(seats) for region, seats
                                               in seat_regions(n, projector=True).items()}
                                           for n in range(2, MAX_SEATS + 1)}),
        "names": compact_json([default_name(i) for i in range(MAX_SEATS)]),
        "actions": compact_json({v.name: seat_actions(v) for v in VARIANTS.values()}),
        "labels": compact_json({action: button_label(action) for action in ACTION_LABELS}),
        "keys": compact_json([{a: key_label(keymap.key_for(seat, a) or "") for a in KNOWN_ACTIONS}
                              for seat in range(MAX_SEATS)]),
        "human-order": str(HUMAN_ORDER),
        "depths": compact_json(depths),
        "boxes": compact_json(early_boxes()),
    }


def early_boxes() -> dict[str, list[list[object]]]:
    """Each game's boxes shown from the deal on (:attr:`web.table.part.Box.early`), which a
    link's table drawn before Python has already, empty."""
    from web.table.part import parts_for

    return {v.name: boxes for v in VARIANTS.values()
            if (boxes := [box.to_json() for part in parts_for(v.name) for box in part.boxes
                          if box.early])}


def prerender() -> dict[str, str]:
    """What ``scripts/build`` writes into index.html, by marker name: the form filled for a
    new visitor's default table, and a seat as the table shows it before the deal (with
    :func:`skeleton_data`), for a link's table."""
    default, _ = parse_query("")
    parts = form_parts(default, default_keys(VARIANTS[default.variant]), MAX_SEATS)
    data = {f"data_{name.replace('-', '_')}": value for name, value in skeleton_data().items()}
    skeleton = tag("template", seat_skeletons(), id="seat-skeleton", **data)
    return {
        "variants": variant_options(default.variant),
        "speeds": speed_options(default.speed),
        **{f"part:{name}": html for name, html in parts.items()},
        "seat-skeleton": skeleton,
    }


def game_parts() -> str:
    """What ``scripts/build`` writes to web/setup-parts.html, which web/boot/setup_early.js fetches
    once the form is up (not in index.html: the page would take longer to show): one
    ``<template>`` per game with its parts of the form, at its default number of players,
    every seat row there and the extra ones hidden."""
    templates = []
    for variant in VARIANTS.values():
        config, _ = parse_query(f"variant={variant.name}")
        pieces = form_parts(config, default_keys(variant), MAX_SEATS)
        body = "".join(tag("div", html, data_part=part) for part, html in pieces.items())
        templates.append(tag("template", body, id=f"setup-template-{variant.name}"))
    return "".join(templates)
