"""The setup screen's "House rules": which controls to show for a variant, and reading them back.

Pure Python (no ``js``), so it is tested without a browser; ``web/shell/setup.py`` only turns
:class:`Control` values into form elements and hands what the player chose to
:func:`set_option`.

The controls come from :data:`ratscrew.core.options.OPTION_SPECS`: the options the variant is
about (:attr:`~ratscrew.variants.Variant.options`) first, then every other option it reads
(:meth:`~ratscrew.variants.Variant.reads`), in the specs' order. The slap rules are one
checkbox per rule of the catalogue, named as the variant names them. What the form calls a
variant's own options comes from its web part (:mod:`web.model.variant_page`). Options are
kept as :meth:`ratscrew.core.options.Rules.diff` from the variant's defaults for the number
of players, as :class:`web.model.links.TableConfig` keeps them, so the shareable link carries
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ratscrew.core.options import OPTION_SPECS, OptionsError, OptionSpec, Rules
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.i18n import N_, current, t
from ratscrew.variants import Variant, VariantError
from web.model.links import default_name
from web.model.variant_page import choice_labels, option_label, option_step, page_of

LABELS: dict[str, str] = {
    # i18n: The house rules' labels on the setup form.
    "slaps": N_("Slap rules"),
    "challenge": N_("Challenge chances"),
    "direction": N_("Direction of play"),
    "decks": N_("Decks"),
    "jokers": N_("Jokers"),
    "dealer": N_("Dealer"),
    "penalty": N_("Wrong slap costs"),
    "penalty_count": N_("Cards, flips or turns per wrong slap"),
    "penalty_place": N_("Burned cards go"),
    "cardless_penalty": N_("Wrong slap with no cards"),
    "strikes": N_("Strikes before barred"),
    "exhausted": N_("Challenged player runs out"),
    "empty_hand": N_("Players with no cards"),
    "collect": N_("Won pile"),
    "next_leader": N_("Next to lead"),
    "grace_ms": N_("Grace after a pile is won (seconds)"),
    "run_wrap": N_("Runs go round the corner (K-A-2)"),
    "same_as_first_match": N_("Same as first must match"),
    "ending": N_("Game ends"),
    "last_chance_flips": N_("Last-chance flips"),
    "out_of_turn": N_("Flip out of turn"),
    "risk_slap": N_("Risk slap on the final card is free"),
    "joker_split": N_("Red joker slaps, black joker 13 chances"),
    "answer_face": N_("Face card answering a challenge"),
}
"""What the form calls the core's options (message ids: :func:`label` says one; the spec's
description is the longer help; a variant's web part names its own)."""

UNSET_LABEL = "\u2014"
"""What a seat's select of a per-seat option shows for an unset seat (a dash)."""

CHOICE_LABELS: dict[str, dict[str, str]] = {
    "penalty": {
        # i18n: The choices of the house rules' selects on the setup form.
        "cards": N_("burned cards"), "lockout": N_("flips locked out"), "none": N_("nothing"),
        "miss-turn": N_("turns missed"),
    },
    "penalty_place": {"bottom": N_("under the pile"), "top": N_("on top, dead")},
    "direction": {"clockwise": N_("clockwise"), "counterclockwise": N_("counterclockwise")},
    # i18n: What a card must share with the pile's first card (Same as first must match).
    "same_as_first_match": {"rank": N_("rank"), "colour": N_("colour"), "suit": N_("suit")},
    "cardless_penalty": {
        "strikes": N_("strikes"), "barred": N_("barred at once"), "none": N_("nothing"),
        "burn": N_("hand burned until the pile is taken"),
    },
    "exhausted": {"challenger": N_("challenger takes the pile"),
                  "continue": N_("next player continues")},
    "empty_hand": {"skip": N_("skipped, may slap back in"), "forfeit": N_("out of the game")},
    "collect": {"claim": N_("its winner flips to collect it"), "immediate": N_("taken at once"),
                "auto": N_("the table collects it after a short pause")},
    "next_leader": {"winner": N_("who took the pile"), "failed": N_("who failed the challenge"),
                    "right": N_("right of who took the pile")},
    "ending": {"standard": N_("one player has every card"),
               "last-chance": N_("after last-chance flips"),
               "until-face": N_("at the next face card")},
    "out_of_turn": {"ignore": N_("refused"), "dead": N_("played as a dead card"),
                    "penalty": N_("wrong-slap penalty")},
    "answer_face": {"challenges": N_("challenges the next player"),
                    "ends": N_("only ends the challenge")},
}
"""What the form shows for the choices of the core's options, by value (message ids)."""

HELP: dict[str, str] = {
    "direction": "",
    "dealer": N_("The next seat in the direction of play leads."),
}
"""Help that says it better for a form than the spec's description ("" for none; message
ids)."""

STEPS: dict[str, int] = {"grace_ms": 50}
"""Spinner steps of the core's number options, in the option's own unit (typed values need
not be multiples)."""

SECONDS = "s"
"""A number control shown in seconds: its option counts milliseconds (``unit`` ``ms``), which
a teacher thinks of in seconds; links and records keep the milliseconds."""


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str
    help: str = ""


@dataclass(frozen=True, slots=True)
class Control:
    """One form control. ``kind`` is ``slaps`` (a checkbox per choice), ``choice`` (a select),
    ``number`` (a number input from ``minimum`` to ``maximum``), ``flag`` (a checkbox) or
    ``text`` (the challenge table). ``value`` is what the form shows: a tuple of rule names,
    the selected choice's value, an int, a bool or the text."""

    name: str
    kind: str
    label: str
    help: str
    value: Any
    choices: tuple[Choice, ...] = ()
    minimum: float = 0
    maximum: float = 0
    step: float = 1
    unit: str = ""
    """``s``: a number in seconds (its ``value`` the text to show, "0.15"; its option is in
    milliseconds)."""
    featured: bool = False
    """One of the options the variant is about (shown first)."""
    changed: bool = False
    """Differs from the variant's own rules for this many players."""


def slaps_heading(variant: Variant) -> str:
    """What ``variant`` calls its slap rules, in the language in use."""
    return t(variant.slaps_title)


def label(name: str) -> str:
    """What the form calls option ``name``, in the language in use."""
    own = LABELS.get(name)
    if own:
        return t(own)
    return option_label(name) or name.replace("_", " ").capitalize()


def _choice_names(name: str) -> dict[str, str]:
    """What the form shows for each choice of option ``name``, in the language in use."""
    own = CHOICE_LABELS.get(name)
    if own:
        return {value: t(text) for value, text in own.items()}
    return dict(choice_labels(name))


def _help(name: str, spec: OptionSpec) -> str:
    text = HELP.get(name, spec.description)
    return t(text) if text else ""


def in_form(name: str) -> bool:
    """Whether an option has a house-rule control. A per-seat option is a select beside each
    seat's name (:func:`seat_marks`); a local-time option is the device's time at every start
    (:func:`start_options`)."""
    spec = OPTION_SPECS.get(name)
    return spec is not None and not spec.per_seat and not spec.local_time


def option_names(variant: Variant) -> list[str]:
    """The options the form offers for ``variant``, in order: its own first."""
    own = [name for name in variant.options if in_form(name)]
    rest = [name for name in OPTION_SPECS
            if variant.reads(name) and name not in own and in_form(name)]
    return own + rest


def seat_option(variant: Variant) -> OptionSpec | None:
    """The variant's per-seat option, which the seats of the setup form show as a select
    beside each name (None: the seats have none)."""
    return next((OPTION_SPECS[name] for name in variant.options
                 if name in OPTION_SPECS and OPTION_SPECS[name].per_seat), None)


def seat_choice_labels(spec: OptionSpec) -> dict[str, str]:
    """What a seat's select shows for each choice of the per-seat option ``spec`` (in the
    language in use)."""
    named = choice_labels(spec.name)
    return {c: named.get(c, c) if c else UNSET_LABEL for c in spec.choices}


def seat_marks(spec: OptionSpec, options: Mapping[str, Any], players: int) -> list[str]:
    """Each seat's value of the per-seat option ``spec`` ("": unset) from a table's options."""
    marks = options.get(spec.name) or ()
    out = [str(m) if isinstance(m, str) and m and m in spec.choices else ""
           for m in list(marks)[:players]]
    return out + [""] * (players - len(out))


def with_seat_marks(spec: OptionSpec, options: Mapping[str, Any],
                    marks: Sequence[str]) -> dict[str, Any]:
    """``options`` with the seats' values of ``spec`` (trailing unset seats dropped; none: no
    option)."""
    kept = [m if m and m in spec.choices else "" for m in marks]
    while kept and not kept[-1]:
        kept.pop()
    out = {k: v for k, v in options.items() if k != spec.name}
    if kept:
        out[spec.name] = kept
    return out


def start_options(variant: Variant, options: Mapping[str, Any], minutes: int) -> dict[str, Any]:
    """The options a game starts with: the table's, plus the local time (minutes after
    midnight) for the variant's local-time options."""
    out = dict(options)
    for name, spec in OPTION_SPECS.items():
        if spec.local_time and variant.reads(name):
            out[name] = max(spec.minimum, min(spec.maximum, int(minutes)))
    return out


def slap_order(variant: Variant) -> list[str]:
    """The slap rules in checkbox order: the variant's own, then the rest of the catalogue."""
    own = [name for name in variant.rules.slaps if name in SLAP_RULES]
    return own + [name for name in SLAP_RULES if name not in own]


def format_challenge(pairs: Sequence[tuple[str, int]]) -> str:
    return " ".join(f"{rank}={chances}" for rank, chances in pairs)


def rules_or_default(
    variant: Variant, players: int, options: Mapping[str, Any]
) -> tuple[Rules, str]:
    """The rules the form shows, and why the options were dropped if they cannot be used."""
    try:
        return variant.rules_for(players, options), ""
    except (OptionsError, VariantError, TypeError, ValueError) as error:
        # i18n: {error} says what is wrong with the house rules.
        return variant.rules_for(players), t("The house rules could not be used ({error}).",
                                             error=str(error))


def controls_for(
    variant: Variant, players: int, options: Mapping[str, Any]
) -> list[Control]:
    """Every control of the house rules for ``variant`` with ``players``, filled from
    ``options`` (a :class:`~web.model.links.TableConfig`'s)."""
    rules = rules_or_default(variant, players, options)[0]
    base = variant.rules_for(players)
    featured = set(variant.options)
    controls = []
    for name in option_names(variant):
        spec = OPTION_SPECS[name]
        value = rules.option(name)
        common: dict[str, Any] = {
            "name": name, "label": label(name), "help": _help(name, spec),
            "featured": name in featured, "changed": value != base.option(name),
        }
        if name == "slaps":
            common["label"] = slaps_heading(variant)
            choices = tuple(
                Choice(rule, t(variant.slap_title(rule, SLAP_RULES[rule].title)),
                       t(SLAP_RULES[rule].description))
                for rule in slap_order(variant)
            )
            controls.append(Control(kind="slaps", value=tuple(value), choices=choices, **common))
        elif name == "challenge":
            controls.append(Control(kind="text", value=format_challenge(value), **common))
        elif name == "dealer":
            choices = (
                # i18n: The dealer's choice that makes Player 1 lead.
                Choice("-1", t("before Player 1 (who leads)")),
                *(Choice(str(seat), default_name(seat)) for seat in range(players)),
            )
            controls.append(Control(kind="choice", value=str(value), choices=choices, **common))
        elif spec.choices:
            names = _choice_names(name)
            choices = tuple(Choice(c, names.get(c, c)) for c in spec.choices)
            controls.append(Control(kind="choice", value=value, choices=choices, **common))
        elif spec.maximum and spec.unit == "ms":
            step = STEPS.get(name) or option_step(name) or 1
            controls.append(Control(kind="number", value=seconds(value),
                                    minimum=spec.minimum / 1000, maximum=spec.maximum / 1000,
                                    step=step / 1000, unit=SECONDS, **common))
        elif spec.maximum:
            step = STEPS.get(name) or option_step(name) or 1
            controls.append(Control(kind="number", value=value, minimum=spec.minimum,
                                    maximum=spec.maximum, step=step, **common))
        else:
            controls.append(Control(kind="flag", value=bool(value), **common))
    return controls


class FormError(OptionsError):
    """A value the form cannot use, said as a whole sentence that names the control by its
    label (said as it is, whatever the label's place in the sentence)."""


def seconds(ms: int) -> str:
    """Milliseconds as the form shows them, in seconds: 150 is "0.15", 4000 is "4" (a
    number field's value: always with a decimal point)."""
    return f"{ms / 1000:g}"


def _said_seconds(ms: int) -> str:
    """Milliseconds in seconds as a sentence says them: :func:`seconds` with the decimal
    sign of the language in use."""
    return seconds(ms).replace(".", current().formats.decimal)


def _read_seconds(name: str, raw: Any) -> int:
    """A number of seconds typed into the control of ``name`` (whose option counts
    milliseconds), in milliseconds; a decimal comma will do. Raises OptionsError with a
    sentence for the player."""
    spec = OPTION_SPECS[name]
    text = str(raw).strip()
    number = text.replace(",", ".", 1)
    whole, dot, tenths = number.partition(".")
    low, high = _said_seconds(spec.minimum), _said_seconds(spec.maximum)
    if not (whole or tenths) or not all(part == "" or (part.isascii() and part.isdigit())
                                        for part in (whole, tenths)) or len(number) > 12:
        if not text:
            # i18n: {option} is a house rule's label; {low} and {high} are numbers of seconds.
            raise FormError(t("{option} needs a number of seconds from {low} to {high}.",
                                 option=label(name), low=low, high=high))
        # i18n: {option} is a house rule's label; {low} and {high} are numbers of seconds;
        # {value} is what was typed.
        raise FormError(t("{option} must be a number of seconds from {low} to {high}, not "
                             "{value}.", option=label(name), low=low, high=high,
                             value=repr(text)))
    value = round(float(f"{whole or 0}{dot}{tenths}") * 1000)
    if not spec.minimum <= value <= spec.maximum:
        # i18n: {option} is a house rule's label; {low} and {high} are numbers of seconds;
        # {value} is what was typed.
        raise FormError(t("{option} must be a number of seconds from {low} to {high}, not "
                             "{value}.", option=label(name), low=low, high=high, value=text))
    return value


def parse_value(name: str, raw: Any, current: Rules) -> Any:
    """The option value from what the form holds (select and input values are text; checkboxes
    give a bool; the slap checkboxes the list of checked rule names). Raises OptionsError with
    a sentence for the player."""
    if name not in OPTION_SPECS:
        # i18n: {name} is an option's name, quoted (not translated).
        raise OptionsError(t("There is no rule option {name}.", name=repr(name)))
    spec = OPTION_SPECS[name]
    if name == "slaps":
        if isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        checked = [str(rule) for rule in raw]
        kept = [rule for rule in current.slaps if rule in checked]
        return [*kept, *(rule for rule in checked if rule not in kept)]
    if name == "challenge":
        return str(raw).strip()
    if spec.maximum and spec.unit == "ms":
        return _read_seconds(name, raw)
    if name == "dealer" or spec.maximum:
        text = str(raw).strip()
        number = text[1:] if text.startswith("-") else text
        low, high = str(spec.minimum), str(spec.maximum)
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            if not text:
                # i18n: {option} is a house rule's label; {low} and {high} are numbers.
                raise FormError(t("{option} needs a number from {low} to {high}.",
                                     option=label(name), low=low, high=high))
            # i18n: {option} is a house rule's label; {low} and {high} are numbers; {value}
            # is what was typed.
            raise FormError(t("{option} must be a whole number from {low} to {high}, not "
                                 "{value}.", option=label(name), low=low, high=high,
                                 value=repr(text)))
        value = int(text)
        if spec.maximum and not spec.minimum <= value <= spec.maximum:
            # i18n: {option} is a house rule's label; {low} and {high} are numbers; {value}
            # is what was typed.
            raise FormError(t("{option} must be a whole number from {low} to {high}, not "
                                 "{value}.", option=label(name), low=low, high=high,
                                 value=str(value)))
        return value
    if spec.choices:
        return str(raw)
    if isinstance(raw, str):
        return raw.strip().lower() in ("true", "on", "1", "yes")
    return bool(raw)


def explicit_options(
    variant: Variant, players: int, options: Mapping[str, Any]
) -> dict[str, Any]:
    """``options`` without those the others imply (two decks bring four jokers in Slap Like an
    Egyptian: a link that says both only chose the decks), so that changing one control lets
    the options that follow from it follow again."""
    kept = dict(options)
    try:
        rules = variant.rules_for(players, kept)
    except (OptionsError, VariantError, TypeError, ValueError):
        return kept
    for name in list(kept):
        trial = {k: v for k, v in kept.items() if k != name}
        try:
            same = variant.rules_for(players, trial) == rules
        except (OptionsError, VariantError, TypeError, ValueError):
            same = False
        if same:
            kept = trial
    return kept


def set_option(
    variant: Variant, players: int, options: Mapping[str, Any], name: str, raw: Any
) -> tuple[dict[str, Any], str]:
    """The options after the player set control ``name`` to ``raw``, as the difference from the
    variant's defaults (JSON-ready, what a link carries); or the old options and a sentence
    saying why the value cannot be used."""
    current, problem = rules_or_default(variant, players, options)
    if problem:
        options = {}
    try:
        value = parse_value(name, raw, current)
        changes = {**explicit_options(variant, players, options), name: value}
        rules = variant.rules_for(players, changes)
    except (OptionsError, VariantError, TypeError, ValueError) as error:
        return dict(options), _sentence(name, error)
    return variant.options_of(players, rules), ""


def _sentence(name: str, error: str | Exception) -> str:
    """An option error as the form says it: the control's label, not the option's name."""
    text = str(error).rstrip(".")
    if isinstance(error, FormError) or text.startswith(label(name)):
        return f"{text}."
    text = text.removeprefix(f"{name}: ").removeprefix(f"{name} ")
    # i18n: {option} is a house rule's label; {error} says what is wrong with its value.
    return t("{option}: {error}.", option=label(name), error=text)


COLLECTING = {
    "claim": N_("A won pile waits for its winner to flip to collect it; until then its last "
                "card can still be slapped."),
    "auto": N_("A won pile goes to its winner by itself after a short pause, in which its "
               "last card can still be slapped."),
}
"""What the rules summary says of how a won pile is collected (``collect``; nothing when it
is taken at once; message ids)."""


def rules_summary(variant: Variant, rules: Rules) -> str:
    """The setup's summary of the rules chosen: the game's own summary, and how a won pile is
    collected (a table of people waits at it under ``claim``)."""
    parts = [t(variant.summary)]
    if variant.reads("collect") and rules.collect in COLLECTING:
        parts.append(t(COLLECTING[rules.collect]))
    return " ".join(parts)


def changed_count(controls: Sequence[Control]) -> int:
    return sum(1 for control in controls if control.changed)


def warnings(variant: Variant, rules: Rules) -> list[str]:
    """Choices that are allowed but probably not meant, for a note under the house rules."""
    notes = []
    if not rules.slaps:
        if page_of(variant.name).no_slaps_note:
            notes.append(t(page_of(variant.name).no_slaps_note))
        elif variant.rules.slaps and rules.empty_hand == "skip":
            notes.append(t("No slap rules: nobody can slap, so players who run out of cards "
                           "cannot get back in."))
    if "counting" in rules.slaps and not rules.challenge:
        notes.append(t("Counting needs challenges: with no challenging cards it never "
                       "happens."))
    return notes
