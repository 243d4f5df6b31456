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
from ratscrew.variants import Variant, VariantError
from web.model.variant_page import choice_labels, option_label, option_step, page_of

LABELS: dict[str, str] = {
    "slaps": "Slap rules",
    "challenge": "Challenge chances",
    "direction": "Direction of play",
    "decks": "Decks",
    "jokers": "Jokers",
    "dealer": "Dealer",
    "penalty": "Wrong slap costs",
    "penalty_count": "Cards, flips or turns per wrong slap",
    "penalty_place": "Burned cards go",
    "cardless_penalty": "Wrong slap with no cards",
    "strikes": "Strikes before barred",
    "exhausted": "Challenged player runs out",
    "empty_hand": "Players with no cards",
    "collect": "Won pile",
    "next_leader": "Next to lead",
    "grace_ms": "Grace after a pile is won (seconds)",
    "run_wrap": "Runs go round the corner (K-A-2)",
    "same_as_first_match": "Same as first must match",
    "ending": "Game ends",
    "last_chance_flips": "Last-chance flips",
    "out_of_turn": "Flip out of turn",
    "risk_slap": "Risk slap on the final card is free",
    "joker_split": "Red joker slaps, black joker 13 chances",
    "answer_face": "Face card answering a challenge",
}
"""What the form calls the core's options (the spec's description is the longer help; a
variant's web part names its own)."""

UNSET_LABEL = "\u2014"
"""What a seat's select of a per-seat option shows for an unset seat (a dash)."""

CHOICE_LABELS: dict[str, dict[str, str]] = {
    "penalty": {"cards": "burned cards", "lockout": "flips locked out", "none": "nothing",
                "miss-turn": "turns missed"},
    "penalty_place": {"bottom": "under the pile", "top": "on top, dead"},
    "cardless_penalty": {"strikes": "strikes", "barred": "barred at once", "none": "nothing",
                         "burn": "hand burned until the pile is taken"},
    "exhausted": {"challenger": "challenger takes the pile",
                  "continue": "next player continues"},
    "empty_hand": {"skip": "skipped, may slap back in", "forfeit": "out of the game"},
    "collect": {"claim": "its winner flips to collect it", "immediate": "taken at once",
                "auto": "the table collects it after a short pause"},
    "next_leader": {"winner": "who took the pile", "failed": "who failed the challenge",
                    "right": "right of who took the pile"},
    "ending": {"standard": "one player has every card",
               "last-chance": "after last-chance flips", "until-face": "at the next face card"},
    "out_of_turn": {"ignore": "refused", "dead": "played as a dead card",
                    "penalty": "wrong-slap penalty"},
    "answer_face": {"challenges": "challenges the next player", "ends": "only ends the challenge"},
}

HELP: dict[str, str] = {
    "direction": "",
    "dealer": "The next seat in the direction of play leads.",
}
"""Help that says it better for a form than the spec's description ("" for none)."""

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
    return variant.slaps_title


def label(name: str) -> str:
    return LABELS.get(name) or option_label(name) or name.replace("_", " ").capitalize()


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
    """What a seat's select shows for each choice of the per-seat option ``spec``."""
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
        return variant.rules_for(players), f"The house rules could not be used ({error})."


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
            "name": name, "label": label(name), "help": HELP.get(name, spec.description),
            "featured": name in featured, "changed": value != base.option(name),
        }
        if name == "slaps":
            common["label"] = slaps_heading(variant)
            choices = tuple(
                Choice(rule, variant.slap_title(rule, SLAP_RULES[rule].title),
                       SLAP_RULES[rule].description)
                for rule in slap_order(variant)
            )
            controls.append(Control(kind="slaps", value=tuple(value), choices=choices, **common))
        elif name == "challenge":
            controls.append(Control(kind="text", value=format_challenge(value), **common))
        elif name == "dealer":
            choices = (
                Choice("-1", "before Player 1 (who leads)"),
                *(Choice(str(seat), f"Player {seat + 1}") for seat in range(players)),
            )
            controls.append(Control(kind="choice", value=str(value), choices=choices, **common))
        elif spec.choices:
            names = CHOICE_LABELS.get(name) or choice_labels(name)
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


def seconds(ms: int) -> str:
    """Milliseconds as the form shows them, in seconds: 150 is "0.15", 4000 is "4"."""
    return f"{ms / 1000:g}"


def _read_seconds(name: str, raw: Any) -> int:
    """A number of seconds typed into the control of ``name`` (whose option counts
    milliseconds), in milliseconds; a decimal comma will do. Raises OptionsError with a
    sentence for the player."""
    spec = OPTION_SPECS[name]
    text = str(raw).strip()
    number = text.replace(",", ".", 1)
    whole, dot, tenths = number.partition(".")
    low, high = seconds(spec.minimum), seconds(spec.maximum)
    if not (whole or tenths) or not all(part == "" or (part.isascii() and part.isdigit())
                                        for part in (whole, tenths)) or len(number) > 12:
        raise OptionsError(f"{label(name)} must be a number of seconds from {low} to {high}, "
                           f"not {text!r}." if text else
                           f"{label(name)} needs a number of seconds from {low} to {high}.")
    value = round(float(f"{whole or 0}{dot}{tenths}") * 1000)
    if not spec.minimum <= value <= spec.maximum:
        raise OptionsError(f"{label(name)} must be a number of seconds from {low} to {high}, "
                           f"not {text}.")
    return value


def parse_value(name: str, raw: Any, current: Rules) -> Any:
    """The option value from what the form holds (select and input values are text; checkboxes
    give a bool; the slap checkboxes the list of checked rule names). Raises OptionsError with
    a sentence for the player."""
    if name not in OPTION_SPECS:
        raise OptionsError(f"There is no rule option {name!r}.")
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
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            low = spec.minimum
            raise OptionsError(f"{label(name)} must be a whole number from {low} to "
                               f"{spec.maximum}, not {text!r}." if text else
                               f"{label(name)} needs a number from {low} to {spec.maximum}.")
        value = int(text)
        if spec.maximum and not spec.minimum <= value <= spec.maximum:
            raise OptionsError(f"{label(name)} must be a whole number from {spec.minimum} to "
                               f"{spec.maximum}, not {value}.")
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
        return dict(options), _sentence(name, str(error))
    return variant.options_of(players, rules), ""


def _sentence(name: str, error: str) -> str:
    """An option error as the form says it: the control's label, not the option's name."""
    text = error.rstrip(".")
    if text.startswith(label(name)):
        return f"{text}."
    text = text.removeprefix(f"{name}: ").removeprefix(f"{name} ")
    return f"{label(name)}: {text}."


COLLECTING = {
    "claim": "A won pile waits for its winner to flip to collect it; until then its last card "
             "can still be slapped.",
    "auto": "A won pile goes to its winner by itself after a short pause, in which its last "
            "card can still be slapped.",
}
"""What the rules summary says of how a won pile is collected (``collect``; nothing when it
is taken at once)."""


def rules_summary(variant: Variant, rules: Rules) -> str:
    """The setup's summary of the rules chosen: the game's own summary, and how a won pile is
    collected (a table of people waits at it under ``claim``)."""
    parts = [variant.summary]
    if variant.reads("collect") and rules.collect in COLLECTING:
        parts.append(COLLECTING[rules.collect])
    return " ".join(parts)


def changed_count(controls: Sequence[Control]) -> int:
    return sum(1 for control in controls if control.changed)


def warnings(variant: Variant, rules: Rules) -> list[str]:
    """Choices that are allowed but probably not meant, for a note under the house rules."""
    notes = []
    if not rules.slaps:
        if page_of(variant.name).no_slaps_note:
            notes.append(page_of(variant.name).no_slaps_note)
        elif variant.rules.slaps and rules.empty_hand == "skip":
            notes.append("No slap rules: nobody can slap, so players who run out of cards "
                         "cannot get back in.")
    if "counting" in rules.slaps and not rules.challenge:
        notes.append("Counting needs challenges: with no challenging cards it never happens.")
    return notes
