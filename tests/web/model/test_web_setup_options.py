"""The setup screen's house rules: which controls each variant gets, their values, reading them
back into a link's options, and a clear sentence (never a traceback) for what cannot be used."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratscrew.core.options import CORE_OPTIONS, OPTION_SPECS
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.variants import VARIANTS, Variant
from web.model.links import TableConfig, check_options, default_seats, parse_query, to_query
from web.model.setup_options import (
    LABELS,
    UNSET_LABEL,
    Control,
    changed_count,
    controls_for,
    explicit_options,
    in_form,
    label,
    option_names,
    rules_or_default,
    rules_summary,
    seat_choice_labels,
    seat_marks,
    seat_option,
    set_option,
    slap_order,
    slaps_heading,
    start_options,
    warnings,
    with_seat_marks,
)
from web.model.variant_page import option_label

FIREFIGHTERS = VARIANTS["firefighters"]
SLAE = VARIANTS["slap-like-an-egyptian"]
CLASSIC = VARIANTS["classic"]


def control(controls: list[Control], name: str) -> Control:
    return next(c for c in controls if c.name == name)


# --------------------------------------------------------------------------- which controls


def test_every_option_has_a_label() -> None:
    """The core's options are named here; each variant's own, by its web part."""
    assert set(LABELS) == CORE_OPTIONS
    for name in set(OPTION_SPECS) - CORE_OPTIONS:
        assert option_label(name), name


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=lambda v: v.name)
def test_the_variants_own_options_come_first_then_every_other_that_applies(
    variant: Variant,
) -> None:
    names = option_names(variant)
    # A per-seat option and a local-time option have no house-rule control (see in_form).
    own = [n for n in variant.options if in_form(n)]
    assert names[: len(own)] == own
    assert sorted(names) == sorted(n for n, s in OPTION_SPECS.items()
                                   if variant.reads(n) and in_form(n))
    assert len(set(names)) == len(names)
    controls = controls_for(variant, variant.min_players, {})
    assert [c.name for c in controls] == names
    assert [c.featured for c in controls] == [n in own for n in names]
    assert changed_count(controls) == 0


def test_options_of_other_variants_are_not_offered() -> None:
    assert "burn_ms" not in option_names(CLASSIC)
    assert "slap_a_roonie" not in option_names(FIREFIGHTERS)
    assert "burn_ms" not in option_names(SLAE)
    assert option_names(FIREFIGHTERS)[:6] == [
        "slaps", "burn_ms", "burn_aces", "fire_wait", "answer_face", "next_leader"
    ]


def test_control_kinds_follow_the_specs() -> None:
    controls = controls_for(FIREFIGHTERS, 4, {})
    burn = control(controls, "burn_ms")
    assert burn.kind == "number" and burn.unit == "s" and burn.label == "Time to burn (seconds)"
    assert (burn.minimum, burn.maximum, burn.step, burn.value) == (0.5, 30, 0.5, "4")
    fire_wait = control(controls, "fire_wait")
    assert (fire_wait.minimum, fire_wait.maximum, fire_wait.value, fire_wait.unit) == (0, 5, 1, "")
    aces = control(controls, "burn_aces")
    assert aces.kind == "choice" and [c.value for c in aces.choices] == ["low", "high"]
    assert control(controls, "run_wrap").kind == "flag"
    assert control(controls, "run_wrap").value is False
    assert control(controls, "challenge").kind == "text"
    assert control(controls, "challenge").value == "J=1 Q=1 K=1"
    assert control(controls, "next_leader").value == "right"
    for c in controls:
        if c.kind == "choice" and c.name != "dealer":
            assert [ch.value for ch in c.choices] == list(OPTION_SPECS[c.name].choices)
            assert c.value in OPTION_SPECS[c.name].choices


def test_firefighters_slap_rules_are_its_burn_conditions() -> None:
    slaps = control(controls_for(FIREFIGHTERS, 4, {}), "slaps")
    assert slaps.kind == "slaps"
    assert slaps.label == slaps_heading(FIREFIGHTERS) == "Burn conditions"
    titles = {c.value: c.label for c in slaps.choices}
    assert titles["double"] == "Matchbox"
    assert titles["sandwich"] == "Overcooked"
    assert titles["chimney"] == "Chimney"
    assert titles["lucky-7"] == "Lucky 7"
    assert sorted(titles) == sorted(SLAP_RULES)
    # The game's own conditions first, in its order.
    assert [c.value for c in slaps.choices][:6] == list(FIREFIGHTERS.rules.slaps)
    assert slaps.value == FIREFIGHTERS.rules.slaps
    assert slaps_heading(SLAE) == "Slap rules"


def test_slap_order_lists_the_catalogue_once() -> None:
    for variant in VARIANTS.values():
        order = slap_order(variant)
        assert sorted(order) == sorted(SLAP_RULES)


def test_dealer_choices_follow_the_players() -> None:
    dealer = control(controls_for(CLASSIC, 3, {}), "dealer")
    assert dealer.kind == "choice"
    assert [c.value for c in dealer.choices] == ["-1", "0", "1", "2"]
    assert dealer.value == "-1"
    assert [c.label for c in dealer.choices][1:] == ["Player 1", "Player 2", "Player 3"]


# --------------------------------------------------------------------------- values from links


def test_a_link_fills_the_controls() -> None:
    config, notices = parse_query(
        "?variant=firefighters&options=burn_ms:2000;slaps:double,lucky-7"
    )
    assert notices == []
    controls = controls_for(FIREFIGHTERS, config.players, config.options)
    assert control(controls, "burn_ms").value == "2"
    assert control(controls, "slaps").value == ("double", "lucky-7")
    assert {c.name for c in controls if c.changed} == {"burn_ms", "slaps"}
    assert changed_count(controls) == 2


def test_bad_link_values_fall_back_with_a_notice() -> None:
    config, notices = parse_query("?variant=firefighters&options=burn_ms:20;fire_wait:2")
    assert config.options == {"fire_wait": 2}
    assert len(notices) == 1 and "burn_ms" in notices[0]
    assert control(controls_for(FIREFIGHTERS, 4, config.options), "burn_ms").value == "4"


def test_options_that_cannot_be_used_show_the_games_rules() -> None:
    rules, problem = rules_or_default(CLASSIC, 3, {"dealer": 5})
    assert rules == CLASSIC.rules_for(3)
    assert "dealer" in problem
    assert control(controls_for(CLASSIC, 3, {"dealer": 5}), "dealer").value == "-1"


# --------------------------------------------------------------------------- reading back


def test_numbers_are_read_from_text() -> None:
    assert set_option(FIREFIGHTERS, 4, {}, "fire_wait", " 3 ") == ({"fire_wait": 3}, "")
    assert set_option(FIREFIGHTERS, 4, {"fire_wait": 3}, "fire_wait", "1") == ({}, "")


@pytest.mark.parametrize(("raw", "ms"), [
    (" 2.5 ", 2500), ("2,5", 2500), ("30", 30_000), ("0.5", 500), (".75", 750), ("4", None)])
def test_times_are_typed_in_seconds_and_kept_in_milliseconds(raw: str, ms: int | None) -> None:
    """What a link and a record carry stays milliseconds (``burn_ms:2500``)."""
    options, problem = set_option(FIREFIGHTERS, 4, {}, "burn_ms", raw)
    assert problem == "" and options == ({"burn_ms": ms} if ms else {})
    options, problem = set_option(CLASSIC, 4, {}, "grace_ms", "0.2")
    assert (options, problem) == ({"grace_ms": 200}, "")
    assert control(controls_for(CLASSIC, 4, options), "grace_ms").value == "0.2"
    assert control(controls_for(CLASSIC, 4, {}), "grace_ms").value == "0.15"


@pytest.mark.parametrize("raw", ["0.2", "99999", "abc", "", "31", "1e3", "-600", "2.5.1", "½"])
def test_bad_numbers_keep_the_old_value_and_say_why(raw: str) -> None:
    options, problem = set_option(FIREFIGHTERS, 4, {"fire_wait": 2}, "burn_ms", raw)
    assert options == {"fire_wait": 2}
    assert problem.startswith("Time to burn (seconds)")
    assert "number of seconds from 0.5 to 30" in problem
    assert "burn_ms" not in problem and "ms" not in problem.split()


def test_choices_flags_and_the_challenge_table() -> None:
    assert set_option(FIREFIGHTERS, 4, {}, "burn_aces", "high") == ({"burn_aces": "high"}, "")
    assert set_option(SLAE, 4, {}, "slap_a_roonie", False) == ({"slap_a_roonie": False}, "")
    assert set_option(SLAE, 4, {}, "slap_a_roonie", "false") == ({"slap_a_roonie": False}, "")
    assert set_option(CLASSIC, 4, {}, "run_wrap", True) == ({"run_wrap": True}, "")
    options, problem = set_option(CLASSIC, 4, {}, "challenge", "J=2 Q=2")
    assert (options, problem) == ({"challenge": {"J": 2, "Q": 2}}, "")
    options, problem = set_option(CLASSIC, 4, {}, "direction", "sideways")
    assert options == {} and problem.startswith("Direction of play: ")
    options, problem = set_option(CLASSIC, 4, {}, "challenge", "J=1 X=3")
    assert options == {} and problem.startswith("Challenge chances: ")


def test_dealer_must_sit_at_the_table() -> None:
    assert set_option(CLASSIC, 3, {}, "dealer", "2") == ({"dealer": 2}, "")
    options, problem = set_option(CLASSIC, 3, {}, "dealer", "5")
    assert options == {} and problem.startswith("Dealer")


def test_slaps_keep_their_order_and_add_new_ones_last() -> None:
    options, problem = set_option(FIREFIGHTERS, 4, {}, "slaps", ["double", "lucky-7"])
    assert (options, problem) == ({"slaps": ["double", "lucky-7"]}, "")
    options, _ = set_option(
        FIREFIGHTERS, 4, {"slaps": ["lucky-7", "double"]}, "slaps", ["double", "run", "lucky-7"]
    )
    assert options == {"slaps": ["lucky-7", "double", "run"]}
    options, _ = set_option(FIREFIGHTERS, 4, options, "slaps", list(FIREFIGHTERS.rules.slaps))
    assert options == {"slaps": ["lucky-7", "double", "unlucky-13", "embers", "sandwich",
                                 "chimney"]}


def test_no_slap_rules_is_allowed_with_a_warning() -> None:
    options, problem = set_option(FIREFIGHTERS, 4, {}, "slaps", [])
    assert (options, problem) == ({"slaps": []}, "")
    rules = FIREFIGHTERS.rules_for(4, options)
    assert any("No burn conditions" in w for w in warnings(FIREFIGHTERS, rules))
    assert any("No slap rules" in w for w in warnings(CLASSIC, CLASSIC.rules_for(4, options)))
    assert warnings(VARIANTS["beggar-my-neighbour"], VARIANTS["beggar-my-neighbour"].rules) == []
    assert warnings(CLASSIC, CLASSIC.rules) == []


def test_unknown_options_and_slap_rules_are_refused() -> None:
    options, problem = set_option(CLASSIC, 4, {}, "no_such_option", "1")
    assert options == {} and problem
    options, problem = set_option(CLASSIC, 4, {}, "slaps", ["double", "nope"])
    assert options == {} and "nope" in problem


def test_jokers_follow_the_decks_in_slap_like_an_egyptian() -> None:
    options, _ = set_option(SLAE, 3, {}, "decks", "2")
    assert options == {"decks": 2, "jokers": 4}
    assert explicit_options(SLAE, 3, options) == {"decks": 2}
    assert set_option(SLAE, 3, options, "decks", "1") == ({}, "")
    # Jokers chosen on purpose stay chosen.
    options, _ = set_option(SLAE, 3, options, "jokers", "0")
    assert options == {"decks": 2, "jokers": 0}
    assert set_option(SLAE, 3, options, "decks", "1") == ({"jokers": 0}, "")


# --------------------------------------------------------------------------- with the link

VALID = {
    "burn_ms": ["0.5", "2", "30", "2.25"],
    "fire_wait": ["0", "3"],
    "burn_aces": ["high", "low"],
    "decks": ["1", "2", "3"],
    "jokers": ["0", "1", "6"],
    "penalty": ["lockout", "none", "cards"],
    "run_wrap": [True, False],
    "slap_a_roonie": [False, True],
    "slaps": [["double"], [], ["lucky-7", "run", "double"]],
    "challenge": ["J=1", "J=1 Q=2 K=3 A=4", "A=13"],
    "next_leader": ["right", "failed", "winner"],
}
CHANGES = st.lists(
    st.sampled_from(sorted(VALID)).flatmap(
        lambda name: st.tuples(st.just(name), st.sampled_from(VALID[name]))
    ),
    max_size=6,
)


@given(st.sampled_from(sorted(VARIANTS)), st.integers(2, 8), CHANGES)
def test_whatever_the_form_makes_a_link_carries(
    name: str, players: int, changes: list[tuple[str, Any]]
) -> None:
    variant = VARIANTS[name]
    options: dict[str, Any] = {}
    for option, raw in changes:
        if option in option_names(variant):
            options, problem = set_option(variant, players, options, option, raw)
            assert problem == ""
    # The same options the link's own checks give, and a link that reads back as it is.
    assert check_options(variant, players, options) == (options, [])
    config = TableConfig(variant=name, players=players, seats=default_seats(players),
                         options=options)
    assert parse_query(to_query(config)) == (config, [])
    controls = controls_for(variant, players, options)
    assert changed_count(controls) == len([k for k in options if k in option_names(variant)])


# --------------------------------------------------------------------------- K.U.R.S.

KURS = VARIANTS["kurs"]


def test_kurs_house_rules_have_labels_and_no_clock_or_genders_control() -> None:
    names = [c.name for c in controls_for(KURS, 4, {})]
    assert names[:5] == ["classroom", "sunrise", "sunset", "decree_yields", "death_card"]
    assert "clock" not in names and "genders" not in names
    for control in controls_for(KURS, 4, {}):
        assert control.label == label(control.name)
        assert "_" not in control.label


def test_a_per_seat_option_is_read_and_kept_seat_by_seat() -> None:
    spec = seat_option(KURS)
    assert spec is not None and spec.name == "genders"
    assert all(seat_option(v) is None for v in VARIANTS.values() if v is not KURS)
    assert seat_marks(spec, {}, 3) == ["", "", ""]
    assert seat_marks(spec, {"genders": ["male", "", "female", "male"]}, 3) == [
        "male", "", "female"]
    assert seat_marks(spec, {"genders": ["robot", 3]}, 2) == ["", ""]
    assert with_seat_marks(spec, {"sunset": 20}, ["", "female", "", ""]) == {
        "sunset": 20, "genders": ["", "female"]}
    assert with_seat_marks(spec, {"genders": ["male"]}, ["", ""]) == {}
    assert seat_choice_labels(spec) == {"": UNSET_LABEL, "male": "male", "female": "female"}
    assert UNSET_LABEL == "\u2014"


def test_start_options_add_the_local_time_for_kurs_only() -> None:
    assert start_options(KURS, {"sunset": 20}, 23 * 60 + 5) == {"sunset": 20, "clock": 1385}
    assert start_options(KURS, {}, 5000) == {"clock": 1439}
    assert start_options(VARIANTS["classic"], {"decks": 2}, 600) == {"decks": 2}
    # The game reads it: night at 23:05.
    assert KURS.rules_for(4, start_options(KURS, {}, 1385)).number("clock") == 1385


# --------------------------------------------------------------------------- words a class reads

SEED_NUMBER = re.compile(r"\b00[0-9]\b")
"""A rule text's file number ("004"): the form never shows one."""


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=lambda v: v.name)
def test_house_rules_read_without_file_numbers_or_milliseconds(variant: Variant) -> None:
    controls = controls_for(variant, variant.min_players, {})
    for c in controls:
        words = [c.label, c.help, *(f"{ch.label} {ch.help}" for ch in c.choices)]
        assert not any(SEED_NUMBER.search(w) for w in words), (c.name, words)
        assert "(ms)" not in c.label and "millisecond" not in c.help.lower(), c.name
        if OPTION_SPECS[c.name].unit == "ms":
            assert c.label.endswith("(seconds)") and c.unit == "s", c.name
    assert label("grace_ms") == "Grace after a pile is won (seconds)"


def test_the_rules_summary_says_how_a_won_pile_is_collected() -> None:
    claim = rules_summary(CLASSIC, CLASSIC.rules_for(4))
    assert claim.startswith(CLASSIC.summary)
    assert "waits for its winner to flip to collect it" in claim
    assert "last card can still be slapped" in claim
    auto = rules_summary(CLASSIC, CLASSIC.rules_for(4, {"collect": "auto"}))
    assert "goes to its winner by itself after a short pause" in auto and "flip" not in auto
    assert rules_summary(CLASSIC, CLASSIC.rules_for(4, {"collect": "immediate"})) == (
        CLASSIC.summary)
    bmn = VARIANTS["beggar-my-neighbour"]
    assert rules_summary(bmn, bmn.rules_for(2)) == bmn.summary  # its piles go at once
    collect = control(controls_for(CLASSIC, 4, {}), "collect")
    assert [(c.value, c.label) for c in collect.choices] == [
        ("claim", "its winner flips to collect it"), ("immediate", "taken at once"),
        ("auto", "the table collects it after a short pause")]
    assert set_option(CLASSIC, 4, {}, "collect", "auto") == ({"collect": "auto"}, "")
