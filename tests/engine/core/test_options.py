"""House rules as data: defaults, validation of what players type or a link carries, round trips."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, get_args, get_origin, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratscrew.core.options import (
    CHALLENGE_KEYS,
    CORE_OPTIONS,
    OPTION_SPECS,
    OptionsError,
    OptionSpec,
    Rules,
    register_option,
)
from ratscrew.core.slaps import SLAP_RULES, SlapName
from ratscrew.core.variant import Variant, register
from ratscrew.variants import VARIANTS

FIELDS = list(OPTION_SPECS)
"""Every option: the core's (the fields of Rules) and the variants' own (registered with
them: importing ratscrew.variants has found them all)."""
CHOICE_OPTIONS = [s for s in OPTION_SPECS.values() if s.choices and not s.per_seat]
NUMBER_OPTIONS = [s for s in OPTION_SPECS.values() if s.maximum]


def reject(changes: dict[str, Any], *fragments: str) -> str:
    """Check that ``changes`` are refused with a message containing every fragment."""
    with pytest.raises(OptionsError) as info:
        Rules().with_options(changes)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


# --- defaults ---------------------------------------------------------------------------------


def test_defaults_are_classic_egyptian_rat_screw() -> None:
    rules = Rules()
    assert rules.slaps == ("double", "sandwich")
    assert dict(rules.challenge) == {"J": 1, "Q": 2, "K": 3, "A": 4}
    assert rules.direction == "clockwise" and rules.clockwise
    assert (rules.decks, rules.jokers) == (1, 0)
    assert rules.run_wrap is False
    assert rules.dealer == -1  # the last seat deals, so seat 0 (the dealer's left) leads
    # "discard one or more penalty cards and place them face-up at the bottom of the pile"
    assert (rules.penalty, rules.penalty_count, rules.penalty_place) == ("cards", 1, "bottom")
    assert (rules.cardless_penalty, rules.strikes) == ("strikes", 3)  # "after the third strike"
    assert rules.ending == "standard"  # the player who collects every card wins


def test_rules_are_frozen_values() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.decks = 2  # type: ignore[misc]
    assert Rules() == Rules()
    assert hash(Rules()) == hash(Rules())
    assert Rules().with_options({"decks": 2}) != Rules()


def test_options_error_is_a_value_error() -> None:
    assert issubclass(OptionsError, ValueError)


# --- every field is an option with a description ----------------------------------------------


def test_every_field_of_rules_has_an_option_spec() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)} - {"extra"}
    assert fields == CORE_OPTIONS
    assert {spec.name for spec in OPTION_SPECS.values() if not spec.owner} == CORE_OPTIONS


def test_a_variants_own_options_are_registered_with_it_and_read_by_it_alone() -> None:
    for variant in VARIANTS.values():
        for spec in variant.own_options:
            assert OPTION_SPECS[spec.name].owner == variant.name
            readers = [v.name for v in VARIANTS.values() if v.reads(spec.name)]
            assert readers == [variant.name]
    assert all(v.reads(name) for v in VARIANTS.values() for name in CORE_OPTIONS
               if name not in v.ignores)


def test_options_are_listed_core_first_then_each_variants_in_the_variants_order() -> None:
    """One order for a record's rules, a link's options and the CLI's list, whatever order
    discovery imported the variants' modules in."""
    def check() -> None:
        owners = [spec.owner for spec in OPTION_SPECS.values()]
        core = owners.count("")
        assert set(owners[:core]) == {""}
        assert owners[core:] == [v.name for v in VARIANTS.values() for _ in v.own_options]
        for variant in VARIANTS.values():
            mine = [name for name, spec in OPTION_SPECS.items() if spec.owner == variant.name]
            assert mine == [spec.name for spec in variant.own_options]

    check()
    # A variant registered last but ordered first: its option goes before the others'.
    saved_variants, saved_specs = dict(VARIANTS), dict(OPTION_SPECS)
    try:
        register(Variant(name="first-toy", title="First toy", summary="A toy.", order=-1,
                         own_options=(OptionSpec("first_toy_rule", "A toy rule."),)))
        assert next(iter(VARIANTS)) == "first-toy"
        check()
    finally:
        VARIANTS.clear()
        VARIANTS.update(saved_variants)
        OPTION_SPECS.clear()
        OPTION_SPECS.update(saved_specs)


def test_a_variant_option_keeps_only_what_differs_from_its_default() -> None:
    spec = next(s for s in OPTION_SPECS.values() if s.owner and s.maximum)
    changed = Rules().with_options({spec.name: spec.minimum})
    assert changed.option(spec.name) == spec.minimum != spec.default
    assert changed.extra == ((spec.name, spec.minimum),)
    assert Rules().with_options({spec.name: spec.default}) == Rules()
    assert Rules().extra == () and Rules().option(spec.name) == spec.default


def test_an_option_is_owned_once() -> None:
    with pytest.raises(OptionsError, match="must name the variant"):
        register_option(OptionSpec("toy_option", "A toy."))
    owned = next(s for s in OPTION_SPECS.values() if s.owner)
    with pytest.raises(OptionsError, match="clashes"):
        register_option(dataclasses.replace(owned, owner="another-game"))


@pytest.mark.parametrize("name", list(OPTION_SPECS))
def test_every_option_has_a_description(name: str) -> None:
    spec = OPTION_SPECS[name]
    assert isinstance(spec, OptionSpec)
    assert spec.name == name
    assert spec.description.strip()


@pytest.mark.parametrize("spec", CHOICE_OPTIONS, ids=lambda s: s.name)
def test_every_choice_is_accepted_and_the_default_is_one_of_them(spec: OptionSpec) -> None:
    assert Rules().option(spec.name) in spec.choices
    for choice in spec.choices:
        assert Rules().with_options({spec.name: choice}).option(spec.name) == choice


@pytest.mark.parametrize("spec", NUMBER_OPTIONS, ids=lambda s: s.name)
def test_numbers_are_accepted_from_minimum_to_maximum(spec: OptionSpec) -> None:
    assert spec.minimum <= Rules().option(spec.name) <= spec.maximum
    for value in (spec.minimum, spec.maximum):
        assert Rules().with_options({spec.name: value}).option(spec.name) == value


@pytest.mark.parametrize("spec", NUMBER_OPTIONS, ids=lambda s: s.name)
def test_out_of_range_numbers_are_refused(spec: OptionSpec) -> None:
    for value in (spec.minimum - 1, spec.maximum + 1):
        reject({spec.name: value}, spec.name, f"from {spec.minimum} to {spec.maximum}")


@pytest.mark.parametrize("spec", NUMBER_OPTIONS, ids=lambda s: s.name)
@pytest.mark.parametrize("value", [True, False, "2", 2.0, None, [2]])
def test_numbers_must_be_whole_numbers_not_bools_or_text(spec: OptionSpec, value: Any) -> None:
    reject({spec.name: value}, spec.name, "whole number")


# --- with_options accepts JSON-style values ---------------------------------------------------


@pytest.mark.parametrize(
    "slaps",
    ["double, run", "double,run", "double run", " double ,  run ", ["double", "run"],
     ("double", "run")],
)
def test_slaps_as_a_list_or_a_comma_separated_string(slaps: Any) -> None:
    assert Rules().with_options({"slaps": slaps}).slaps == ("double", "run")


def test_slaps_may_be_empty() -> None:
    assert Rules().with_options({"slaps": []}).slaps == ()
    assert Rules().with_options({"slaps": ""}).slaps == ()


def test_slaps_keep_the_order_given() -> None:
    """The order decides which rule is reported when several match."""
    assert Rules().with_options({"slaps": "run, double"}).slaps == ("run", "double")


def test_every_slap_rule_can_be_chosen() -> None:
    assert Rules().with_options({"slaps": list(SLAP_RULES)}).slaps == tuple(SLAP_RULES)


@pytest.mark.parametrize(
    "challenge",
    [{"j": 1, "q": 2}, {"J": 1, "Q": 2}, [["J", 1], ["Q", 2]], [("j", 1), ("Q", 2)]],
)
def test_challenge_as_a_mapping_or_a_list_of_pairs_in_any_case(challenge: Any) -> None:
    assert Rules().with_options({"challenge": challenge}).challenge == (("J", 1), ("Q", 2))


def test_challenge_accepts_number_ranks_and_jokers() -> None:
    """Variants where a 10 or the black joker challenges ("challenges with 13 chances")."""
    rules = Rules().with_options({"challenge": {"10": 1, "bj": 13, "RJ": 1, 7: 2}})
    assert rules.challenge == (("7", 2), ("10", 1), ("RJ", 1), ("BJ", 13))


def test_challenge_keys_are_every_rank_the_tarot_page_and_knight_and_both_jokers() -> None:
    assert CHALLENGE_KEYS == (
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "P", "N", "RJ", "BJ",
    )
    Rules().with_options({"challenge": dict.fromkeys(CHALLENGE_KEYS, 1)})


def test_with_options_parses_a_json_document() -> None:
    doc = json.loads(
        '{"slaps": ["double", "sandwich", "run"], "challenge": {"J": 1, "Q": 2, "K": 3, "A": 4},'
        ' "decks": 2, "jokers": 2, "run_wrap": true, "direction": "counterclockwise"}'
    )
    rules = Rules().with_options(doc)
    assert rules.slaps == ("double", "sandwich", "run")
    assert (rules.decks, rules.jokers, rules.run_wrap, rules.clockwise) == (2, 2, True, False)


def test_with_options_changes_only_what_it_is_given() -> None:
    base = Rules().with_options({"decks": 3, "penalty": "lockout"})
    changed = base.with_options({"jokers": 2})
    assert (changed.decks, changed.penalty, changed.jokers) == (3, "lockout", 2)
    assert base.jokers == 0  # the original is untouched
    assert base.with_options({}) == base


# --- with_options refuses what is wrong, naming the problem -----------------------------------


def test_unknown_options_are_refused_by_name() -> None:
    message = reject({"slap": ["double"]}, "'slap'", "unknown option")
    assert "slaps" in message  # and lists the real options
    reject({"decks": 2, "bogus": 1}, "'bogus'")


@pytest.mark.parametrize("spec", CHOICE_OPTIONS, ids=lambda s: s.name)
@pytest.mark.parametrize("value", ["sideways", "", None, 1, True])
def test_bad_choices_are_refused_listing_the_choices(spec: OptionSpec, value: Any) -> None:
    reject({spec.name: value}, spec.name, *spec.choices, repr(value))


def test_a_bad_choice_is_refused_with_the_same_words_as_ever() -> None:
    message = reject({"penalty": "sideways"})
    assert message == "penalty must be one of: cards, lockout, none, miss-turn (not 'sideways')"
    message = reject({"collect": "later"})
    assert message == "collect must be one of: claim, immediate, auto (not 'later')"


LITERAL_FIELDS = {name: hint for name, hint in get_type_hints(Rules).items()
                  if get_args(hint) and all(isinstance(a, str) for a in get_args(hint))}


def test_the_choice_options_are_typed_with_their_choices() -> None:
    """A rule choice's type (which mypy checks the code against) lists exactly the values
    the option accepts, in the order its messages list them."""
    choices = {s.name for s in OPTION_SPECS.values() if s.choices and not s.owner}
    assert set(LITERAL_FIELDS) == choices
    for name, hint in LITERAL_FIELDS.items():
        assert get_args(hint) == OPTION_SPECS[name].choices, name


def test_slap_rule_names_are_typed_with_the_catalogues_names() -> None:
    assert get_args(SlapName) == tuple(SLAP_RULES)
    slaps = get_type_hints(Rules)["slaps"]
    assert get_origin(slaps) is tuple and get_args(slaps)[0] == SlapName


def test_choices_are_case_sensitive() -> None:
    reject({"direction": "Clockwise"}, "direction", "'Clockwise'")


@pytest.mark.parametrize("value", [1, 0, "true", "yes", None])
def test_run_wrap_must_be_true_or_false(value: Any) -> None:
    reject({"run_wrap": value}, "run_wrap", "true or false")


@pytest.mark.parametrize("slaps", ["double, snap", ["double", "snap"], ["Double"]])
def test_unknown_slap_names_are_refused_by_name(slaps: Any) -> None:
    message = reject({"slaps": slaps}, "unknown slap rule")
    assert "'snap'" in message or "'Double'" in message
    assert "sandwich" in message  # and lists the real ones


@pytest.mark.parametrize("slaps", ["double, double", ["run", "double", "run"]])
def test_duplicate_slaps_are_refused(slaps: Any) -> None:
    reject({"slaps": slaps}, "twice")


@pytest.mark.parametrize("slaps", [5, {"double": True}, None, [1], [["double"]]])
def test_slaps_must_be_a_list_of_names(slaps: Any) -> None:
    reject({"slaps": slaps}, "slaps must be a list of slap rule names")


@pytest.mark.parametrize(("key", "shown"), [("X", "'X'"), ("1", "'1'"), ("T", "'T'"),
                                            ("JACK", "'JACK'"), ("", "''")])
def test_bad_challenge_ranks_are_refused_by_name(key: str, shown: str) -> None:
    message = reject({"challenge": {key: 1}}, "challenge", shown, "not a rank")
    assert "J, Q, K, A" in message


@pytest.mark.parametrize("chances", [0, 14, -1, True, "2", 2.5, None])
def test_bad_challenge_chances_are_refused(chances: Any) -> None:
    reject({"challenge": {"K": chances}}, "challenge", "chances for K", "from 1 to 13")


def test_a_rank_listed_twice_in_challenge_is_refused() -> None:
    reject({"challenge": {"J": 1, "j": 2}}, "J is listed twice")
    reject({"challenge": [["Q", 2], ["Q", 3]]}, "Q is listed twice")


@pytest.mark.parametrize("challenge", [4, None])
def test_challenge_must_map_ranks_to_chances(challenge: Any) -> None:
    reject({"challenge": challenge}, "challenge must map card ranks to chances")


def test_challenge_as_text_pairs_as_its_description_writes_it() -> None:
    rules = Rules().with_options({"challenge": "J=1 Q=2, K:3 a=4"})
    assert rules.challenge == Rules().challenge


@pytest.mark.parametrize("challenge", ["J=x", "J", "Q=two"])
def test_challenge_text_that_is_not_pairs_is_refused(challenge: str) -> None:
    with pytest.raises(OptionsError, match="RANK=CHANCES"):
        Rules().with_options({"challenge": challenge})


@pytest.mark.parametrize("challenge", [[1], [["J", 1, 2]], ["J"], [None]])
def test_challenge_items_that_are_not_pairs_are_refused_kindly(challenge: Any) -> None:
    reject({"challenge": challenge}, "challenge must map card ranks to chances")


# --- to_dict and diff -------------------------------------------------------------------------


def test_to_dict_is_json_ready() -> None:
    data = Rules().to_dict()
    assert list(data) == FIELDS
    assert data["slaps"] == ["double", "sandwich"]
    assert data["challenge"] == {"J": 1, "Q": 2, "K": 3, "A": 4}
    assert json.loads(json.dumps(data)) == data


def option_values() -> st.SearchStrategy[dict[str, Any]]:
    """Valid, JSON-style values for any subset of the options, read off OPTION_SPECS."""
    strategies: dict[str, st.SearchStrategy[Any]] = {}
    for name, spec in OPTION_SPECS.items():
        if name == "slaps":
            strategies[name] = st.lists(st.sampled_from(list(SLAP_RULES)), unique=True)
        elif name == "challenge":
            strategies[name] = st.dictionaries(
                st.sampled_from(CHALLENGE_KEYS).map(str.lower) | st.sampled_from(CHALLENGE_KEYS),
                st.integers(1, 13),
            ).filter(lambda d: len({k.upper() for k in d}) == len(d))
        elif spec.per_seat:
            strategies[name] = st.lists(st.sampled_from(spec.choices), max_size=8)
        elif spec.choices:
            strategies[name] = st.sampled_from(spec.choices)
        elif spec.maximum:
            strategies[name] = st.integers(spec.minimum, spec.maximum)
        else:
            strategies[name] = st.booleans()
    return st.fixed_dictionaries({}, optional=strategies)


@given(option_values())
def test_to_dict_round_trips_through_with_options(changes: dict[str, Any]) -> None:
    rules = Rules().with_options(changes)
    assert Rules().with_options(rules.to_dict()) == rules
    assert Rules().with_options(json.loads(json.dumps(rules.to_dict()))) == rules


@given(option_values(), option_values())
def test_diff_holds_exactly_what_changed_and_applies_back(
    base_changes: dict[str, Any], changes: dict[str, Any]
) -> None:
    base = Rules().with_options(base_changes)
    rules = base.with_options(changes)
    diff = rules.diff(base)
    assert base.with_options(diff).to_dict() == rules.to_dict()
    mine, theirs = rules.to_dict(), base.to_dict()
    assert set(diff) == {k for k in FIELDS if mine[k] != theirs[k]}
    json.dumps(diff)


def test_diff() -> None:
    base = Rules()
    assert base.diff(base) == {}
    rules = base.with_options({"decks": 2, "slaps": "double run", "run_wrap": True})
    assert rules.diff(base) == {"decks": 2, "slaps": ["double", "run"], "run_wrap": True}
    assert base.diff(rules) == {"decks": 1, "slaps": ["double", "sandwich"], "run_wrap": False}
    assert base.with_options({"decks": 1}).diff(base) == {}  # a default set again is no change


def test_rules_that_differ_in_nothing_are_equal() -> None:
    reordered = Rules().with_options({"challenge": {"A": 4, "K": 3, "Q": 2, "J": 1}})
    assert reordered.diff(Rules()) == {}
    assert reordered == Rules()
