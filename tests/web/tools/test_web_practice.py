"""Slap practice's page, without a browser: the drill's link (web/tools/practice/link.py), the best
scores kept in the browser (web/tools/practice/bests.py) and the words the screen writes
(web/tools/practice/text.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import card
from ratscrew.tools.practice import (
    DEFAULT_INTERVAL_MS,
    MAX_SCORE,
    PRACTICE_RULES,
    Drill,
    DrillConfig,
    Laid,
    plan_drill,
)
from tests.helpers import forbid_json_parsing, top_level_imports
from web.model.card_text import with_symbols
from web.tools.practice.bests import (
    BESTS_NOTICE,
    MAX_BESTS,
    SOME_BESTS_NOTICE,
    STORAGE_KEY,
    best_key,
    dump_bests,
    load_bests,
    record_best,
)
from web.tools.practice.link import MAX_QUERY_CHARS, parse_query, to_query
from web.tools.practice.text import (
    best_on_form,
    best_on_results,
    card_label,
    miss_line,
    players_text,
    slap_line,
)

ROOT = Path(__file__).resolve().parents[3]


@st.composite
def configs(draw: st.DrawFn) -> DrillConfig:
    rules = draw(st.lists(st.sampled_from(PRACTICE_RULES), min_size=1, max_size=4, unique=True))
    return DrillConfig(
        tuple(rules),
        players=draw(st.integers(1, 8)),
        cards=draw(st.integers(20, 200)),
        pace=draw(st.sampled_from(("steady", "quicken"))),
        interval_ms=draw(st.integers(300, 5000)),
        seed=draw(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=64)),
    )


# --------------------------------------------------------------------------- the link


def test_a_link_holds_the_drill() -> None:
    config = DrillConfig(("double", "sandwich"), players=2, cards=52, pace="quicken",
                         seed="abc")
    assert to_query(config) == "practice=double,sandwich&players=2&pace=quicken&seed=abc"
    assert parse_query("?" + to_query(config)) == (config, [])
    assert to_query(DrillConfig(("marriage",))) == "practice=marriage"
    assert parse_query("practice=marriage") == (DrillConfig(("marriage",)), [])


def test_a_link_reads_rule_names_loosely() -> None:
    config, notices = parse_query("practice=Add_To_Ten,%20Top and bottom,MARRIAGE,marriage")
    assert notices == []
    assert config.rules == ("add-to-ten", "top-bottom", "marriage")


@settings(max_examples=200)
@given(config=configs())
def test_any_drill_round_trips_through_its_link(config: DrillConfig) -> None:
    query = to_query(config)
    assert parse_query(query) == (config, [])
    assert parse_query("?" + query + "#top") == (config, [])


@pytest.mark.parametrize(
    ("query", "expected", "notice"),
    [
        ("practice=double,frogs", {"rules": ("double",)}, "Ignored unknown slap rule 'frogs'."),
        ("practice=counting", {}, "Counting cannot be practised: it is judged only while"),
        ("practice=frogs", {}, "The link names no slap rule to practise: practising Double "
                               "and Sandwich."),
        ("practice=double&cards=-5", {"rules": ("double",), "cards": 20},
         "Cards '-5' is outside 20 to 200: using 20."),
        ("players=-1", {"players": 1}, "Players '-1' is outside 1 to 8"),
        ("players=12", {"players": 8}, "Players '12' is outside 1 to 8"),
        ("interval=99999999999999999999999", {"interval_ms": 5000}, "Interval '999999"),
        ("interval=-99999999999999999999999", {"interval_ms": 300}, "Interval '-999999"),
        ("cards=abc", {}, "Ignored cards 'abc': not a whole number; using 52."),
        ("cards=1e3", {}, "Ignored cards '1e3'"),
        ("cards=٣٠", {}, "Ignored cards"),
        ("pace=frantic", {}, "Ignored pace 'frantic': use steady or quicken"),
        ("practice=double&practice=run", {"rules": ("double",)}, "given twice"),
        ("practice=double&frog=1&fbclid=2", {"rules": ("double",)},
         "Ignored unknown parameter 'frog'."),
        ("seed=a%0Ab", {}, "Ignored the seed: it contains control characters."),
        ("seed=" + "x" * 65, {}, "Ignored the seed: it is longer than 64 characters."),
        ("x" * (MAX_QUERY_CHARS + 1), {}, "longer than 4096 characters"),
    ],
)
def test_a_bad_link_gives_a_drill_and_a_notice(
    query: str, expected: dict[str, object], notice: str
) -> None:
    config, notices = parse_query(query)
    assert config == replace(DrillConfig(), **expected)  # type: ignore[arg-type]
    assert any(n.startswith(notice) or notice in n for n in notices), notices


def test_many_unknown_rules_give_one_notice() -> None:
    config, notices = parse_query("practice=" + ",".join(f"r{i}" for i in range(500)))
    assert config == DrillConfig()
    assert notices[0] == "Ignored unknown slap rules 'r0', 'r1', 'r2', 'r3' and 496 more."
    assert len(notices) == 2


@pytest.mark.parametrize("value", [None, 42, b"practice=double", ["practice=double"]])
def test_a_link_that_is_not_text(value: object) -> None:
    assert parse_query(value) == (DrillConfig(), [
        "The practice link is not text: using the default drill."])


@settings(max_examples=300)
@given(st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(["practice=", "cards=", "players=", "pace=", "interval=", "seed=",
                              "double", ",", "&", "%", "-", "9", "1e9", "marriage", "=", "#",
                              "?", "counting", "\x00", "☃"]),
             max_size=40).map("".join),
))
def test_no_link_raises(text: str) -> None:
    config, notices = parse_query(text)
    assert isinstance(config, DrillConfig)
    assert all(isinstance(n, str) for n in notices)


# --------------------------------------------------------------------------- best scores


def test_the_best_key_is_the_drill_not_the_order_of_its_rules() -> None:
    a = DrillConfig(("sandwich", "double"), players=3, seed="x")
    b = DrillConfig(("double", "sandwich"))
    assert best_key(a) == best_key(b) == f"double+sandwich/52/steady/{DEFAULT_INTERVAL_MS}"
    assert best_key(replace(b, cards=60)) != best_key(b)
    assert best_key(replace(b, pace="quicken")) != best_key(b)
    assert best_key(replace(b, interval_ms=800)) != best_key(b)


def test_record_best() -> None:
    bests: dict[str, int] = {}
    assert record_best(bests, "k", 500)
    assert not record_best(bests, "k", 400)
    assert not record_best(bests, "k", 500)
    assert record_best(bests, "k", 700)
    assert not record_best(bests, "k", MAX_SCORE + 1)
    assert not record_best(bests, "", 100)
    assert bests == {"k": 700}


def test_a_new_drill_beyond_the_limit_replaces_the_lowest_best() -> None:
    bests = {f"k{i}": 100 + i for i in range(MAX_BESTS)}
    assert record_best(bests, "new", 50)
    assert len(bests) == MAX_BESTS and "k0" not in bests and bests["new"] == 50


def test_bests_round_trip() -> None:
    bests = {best_key(DrillConfig(("marriage",))): 812, "double/52/steady/1600": 0}
    text = dump_bests(bests)
    assert load_bests(text) == (bests, [])
    assert load_bests(None) == ({}, [])
    assert load_bests("") == ({}, [])


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "[" * 50 + "]" * 50,
        '{"a": {"b": 1}}',
        '{"a": [' * 40 + "]}" * 40,
        '{"a": ' + "9" * 5000 + "}",
        "x" * 1_000_000,
    ],
)
def test_stored_bests_over_the_limits_are_refused_before_parsing(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    forbid_json_parsing(monkeypatch, "practice bests")
    assert load_bests(text) == ({}, [BESTS_NOTICE])


@pytest.mark.parametrize("text", ["not json", "[1, 2]", "3", '"text"', "null", "{"])
def test_stored_bests_that_are_not_an_object_are_reset(text: str) -> None:
    assert load_bests(text) == ({}, [BESTS_NOTICE])


def test_bad_stored_entries_are_dropped() -> None:
    text = json.dumps({"good": 5, "bool": True, "big": MAX_SCORE + 1, "neg": -1, "text": "9",
                       "float": 3.5, "x" * 1000: 5})
    assert load_bests(text) == ({"good": 5}, [SOME_BESTS_NOTICE])


@given(st.text(max_size=200))
def test_no_stored_text_raises(text: str) -> None:
    bests, notices = load_bests(text)
    assert isinstance(bests, dict) and isinstance(notices, list)


def test_the_storage_key_and_its_text_are_those_of_every_earlier_visit() -> None:
    assert STORAGE_KEY == "ratscrew.practice-bests.v1"
    assert dump_bests({"double+sandwich/52/steady/1600": 812, "marriage/20/quicken/1200": 90}) \
        == '{"double+sandwich/52/steady/1600":812,"marriage/20/quicken/1200":90}'


def test_the_most_bests_that_can_be_stored_load_back() -> None:
    bests = {f"{i:03d}" + "k" * 297: i for i in range(MAX_BESTS + 5)}
    kept, notices = load_bests(dump_bests(bests))
    assert notices == []
    assert len(kept) == MAX_BESTS and min(kept.values()) == 5


# --------------------------------------------------------------------------- the screen's words


def first_pattern(rule: str, players: int = 1) -> tuple[Drill, Laid]:
    config = DrillConfig((rule,), players=players, seed="texts")
    laid = next(x for x in plan_drill(config) if x.pattern is not None)
    drill = Drill(config)
    drill.advance(laid.land_ms)
    return drill, laid


def test_card_labels() -> None:
    assert card_label(card("KH")) == "K♥"
    assert card_label(card("10S")) == "10♠"
    assert card_label(card("RJ")) == "Red Joker"
    assert card_label(card("BJ")) == "Black Joker"


def test_the_drills_texts_read_with_symbols_on_the_page() -> None:
    drill, marriage = first_pattern("marriage")
    assert marriage.pattern is not None
    hit = drill.slap(0, marriage.land_ms + 412)
    pair = " ".join(card_label(c) for c in marriage.pattern.cards)
    assert with_symbols(hit.text) == f"Hit: Marriage ({pair}) in 412 ms"


def test_a_hit_says_the_rule_and_the_time_and_with_players_who_was_first() -> None:
    drill, double = first_pattern("double")
    assert slap_line(drill.slap(0, double.land_ms + 300), 1) == ("Hit! Double", "300 ms")
    drill, double = first_pattern("double", players=3)
    first = drill.slap(2, double.land_ms + 250)
    second = drill.slap(0, double.land_ms + 300)
    assert slap_line(first, 3) == ("Player 3: Hit! Double", "250 ms · first")
    assert slap_line(second, 3) == ("Player 1: Hit! Double", "300 ms · Player 3 was first")


def test_a_false_slap_names_the_top_card() -> None:
    drill = Drill(DrillConfig(("double",), players=2, seed="texts"))
    drill.advance(0)
    top = drill.top
    assert top is not None and top.pattern is None
    false = drill.slap(1, 10)
    assert slap_line(false, 2) == ("Player 2: False slap: no pattern",
                                   f"top card {card_label(top.card)}")


def test_misses_are_one_line_for_everyone_who_missed() -> None:
    drill, double = first_pattern("double", players=3)
    drill.slap(1, double.land_ms + 200)
    misses = [f for f in drill.advance(double.land_ms + drill.interval_ms(double.index))
              if f.kind == "miss"]
    assert miss_line(misses, 3) == "Players 1 and 3 missed: Double"
    assert miss_line(misses[:1], 3) == "Player 1 missed: Double"
    drill, double = first_pattern("double", players=2)
    misses = [f for f in drill.advance(double.land_ms + drill.interval_ms(double.index))
              if f.kind == "miss"]
    assert miss_line(misses, 2) == "Everyone missed: Double"
    assert miss_line(misses[:1], 1) == "Missed: Double"
    assert players_text([0, 2, 3]) == "Players 1, 3 and 4"


def test_the_best_score_lines() -> None:
    assert best_on_form(None) == "No best score yet for this drill."
    assert best_on_form(812) == "Best score for this drill: 812 of 1000"
    assert best_on_results(900, 812, True, "") == "New best for this drill: 900 of 1000!"
    assert best_on_results(700, 812, False, " (Player 2)") == (
        "Best for this drill: 812 of 1000; this run's best: 700 (Player 2).")
    assert best_on_results(0, None, False, "") == "This run's best: 0."


# --------------------------------------------------------------------------- browser-free


@pytest.mark.parametrize("name", ["link", "bests", "text"])
def test_the_modules_stay_out_of_the_browser(name: str) -> None:
    imported = top_level_imports(ROOT / "web" / "tools" / "practice" / f"{name}.py")
    assert not imported & {"js", "pyscript", "pyodide", "random"}
    code = (f"import sys, web.tools.practice.{name}; "
            "assert not {'js', 'pyscript', 'pyodide'} & {m.split('.')[0] for m in sys.modules}")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
