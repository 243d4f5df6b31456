"""Slap practice's drill (ratscrew/tools/practice.py): the rules offered, the dealer, the judging
of every slap, the feedback and the scores, driven in CPython as the page drives it."""

from __future__ import annotations

import itertools
import math
import re
import statistics
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import JOKERS, STANDARD_DECK
from ratscrew.core.slaps import SLAP_RULES, find_match
from ratscrew.tools.practice import (
    DEFAULT_CARDS,
    FLOOR_MS,
    LEFT_OUT,
    MAX_SCORE,
    PILE_CONTEXT,
    PRACTICE_RULES,
    QUICKEN_FACTOR,
    Drill,
    DrillConfig,
    Feedback,
    Laid,
    PracticeError,
    describe,
    drill_score,
    land_times,
    plan_drill,
)
from tests.helpers import top_level_imports

ROOT = Path(__file__).resolve().parents[3]


def codes(plan: tuple[Laid, ...]) -> list[str]:
    return [laid.card.code for laid in plan]


def patterns(plan: tuple[Laid, ...]) -> list[Laid]:
    return [laid for laid in plan if laid.pattern is not None]


# --------------------------------------------------------------------------- the rules offered


def test_practice_rules_are_the_catalogue_less_the_rules_a_drill_cannot_judge() -> None:
    assert set(PRACTICE_RULES) | set(LEFT_OUT) == set(SLAP_RULES)
    assert not set(PRACTICE_RULES) & set(LEFT_OUT)
    assert set(LEFT_OUT) == {"counting", "embers", "chimney"}
    assert all(not SLAP_RULES[name].needs_challenge for name in PRACTICE_RULES)
    assert {"marriage", "add-to-ten", "double", "sandwich"} <= set(PRACTICE_RULES)


@pytest.mark.parametrize("name", sorted(LEFT_OUT))
def test_a_rule_left_out_cannot_be_configured(name: str) -> None:
    with pytest.raises(PracticeError, match="cannot be practised"):
        DrillConfig((name,))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rules": ()}, "at least one"),
        ({"rules": ("frogs",)}, "not a slap rule"),
        ({"rules": ("double", "double")}, "once"),
        ({"players": 0}, "players"),
        ({"players": 9}, "players"),
        ({"cards": 19}, "cards"),
        ({"cards": 201}, "cards"),
        ({"interval_ms": 100}, "interval"),
        ({"pace": "frantic"}, "pace"),
        ({"seed": "x" * 65}, "seed"),
        ({"seed": "a\nb"}, "seed"),
    ],
)
def test_a_config_out_of_range_says_what_to_change(fields: dict[str, object], message: str) -> None:
    with pytest.raises(PracticeError, match=message):
        DrillConfig(**fields)  # type: ignore[arg-type]


def test_the_deck_has_jokers_only_for_a_joker_rule() -> None:
    assert DrillConfig(("double",)).deck == STANDARD_DECK
    assert DrillConfig(("double", "joker")).deck == STANDARD_DECK + JOKERS
    assert DrillConfig(("red-joker",)).jokers
    plan = plan_drill(DrillConfig(("double",), cards=200))
    assert not any(laid.card.is_joker for laid in plan)
    plan = plan_drill(DrillConfig(("joker",), cards=200))
    assert {laid.card for laid in plan} == set(STANDARD_DECK + JOKERS)


def test_describe() -> None:
    assert describe(DrillConfig(("marriage", "add-to-ten"), pace="quicken")) == (
        "Marriage, Add to ten · 52 cards · a card every 1.6 s, quickening to 0.5 s")
    assert describe(DrillConfig(("double",), cards=30)) == "Double · 30 cards · a card every 1.6 s"


# --------------------------------------------------------------------------- the cards


def test_same_seed_same_drill_and_other_seeds_differ() -> None:
    config = DrillConfig(("double", "sandwich", "marriage"), cards=100, seed="class 3B")
    assert plan_drill(config) == plan_drill(config)
    assert plan_drill(config) == plan_drill(replace(config, seed="  class 3B "))
    others = {tuple(codes(plan_drill(replace(config, seed=s)))) for s in ("1", "2", "3B", "")}
    assert len(others) == 4
    assert tuple(codes(plan_drill(config))) not in others


def test_the_drill_deals_the_planned_cards_as_they_land() -> None:
    config = DrillConfig(("run", "flush"), cards=60, seed="7")
    drill = Drill(config)
    assert drill.landed == 0
    drill.advance(drill.land_ms(10))
    assert drill.landed == 11
    drill.advance(math.inf)
    assert drill.laid == plan_drill(config)


@pytest.mark.parametrize("name", PRACTICE_RULES)
def test_every_practice_rule_comes_up_often_in_a_drill_of_its_own(name: str) -> None:
    rates = []
    for seed in ("a", "b", "c", "d"):
        plan = plan_drill(DrillConfig((name,), cards=DEFAULT_CARDS, seed=seed))
        found = patterns(plan)
        assert all(laid.pattern is not None and laid.pattern.rule == name for laid in found)
        assert len(found) >= 5, f"{name}: only {len(found)} patterns in 52 cards"
        rates.append(len(found) / len(plan))
    # Four-card patterns (hoagie, colour) reach at most a quarter: the pile starts again
    # after each pattern.
    assert 0.15 <= statistics.mean(rates) <= 0.42, (name, rates)


def test_the_share_of_pattern_cards_is_near_a_third_and_not_fixed() -> None:
    rates = [
        len(patterns(plan_drill(DrillConfig(("double", "sandwich"), cards=200, seed=str(s)))))
        / 200
        for s in range(8)
    ]
    assert all(0.22 <= r <= 0.42 for r in rates)
    assert len(set(rates)) > 1
    found = patterns(plan_drill(DrillConfig(("double",), cards=200, seed="x")))
    gaps = Counter(b.index - a.index for a, b in itertools.pairwise(found))
    assert len(gaps) >= 4  # patterns do not come at a fixed rhythm


@pytest.mark.parametrize("rules", [("double", "sandwich"), ("marriage",), ("divorce", "run"),
                                   ("joker", "red-joker", "lucky-7"), PRACTICE_RULES])
def test_the_pile_is_judged_by_the_catalogue_and_cleared_after_each_pattern(
    rules: tuple[str, ...]
) -> None:
    config = DrillConfig(rules, cards=200, seed="pile")
    plan = plan_drill(config)
    slap_rules = [SLAP_RULES[name] for name in rules]
    for laid in plan:
        pile = [x.card for x in plan[laid.pile_start:laid.index + 1]]
        assert laid.card in config.deck
        assert len(set(pile)) == len(pile), "no card twice on one pile"
        for end in range(1, len(pile)):  # only the top card of a pile makes a pattern
            assert find_match(pile[:end], slap_rules, PILE_CONTEXT) is None
        found = find_match(pile, slap_rules, PILE_CONTEXT)
        if found is None:
            assert laid.pattern is None
        else:
            rule, positions = found
            assert laid.pattern is not None
            assert laid.pattern.rule == rule.name
            assert laid.pattern.title == rule.title
            assert laid.pattern.positions == tuple(sorted(p % len(pile) for p in positions))
            assert laid.pattern.cards == tuple(pile[p] for p in laid.pattern.positions)
        expected_start = 0 if laid.index == 0 else (
            laid.index if plan[laid.index - 1].pattern is not None
            else plan[laid.index - 1].pile_start)
        assert laid.pile_start == expected_start


def test_the_first_rule_chosen_is_credited_when_a_card_makes_two_patterns() -> None:
    for order in (("double", "lucky-7"), ("lucky-7", "double")):
        plan = plan_drill(DrillConfig(order, cards=200, seed="both"))
        for laid in patterns(plan):
            pile = [x.card for x in plan[laid.pile_start:laid.index + 1]]
            both = [n for n in order if SLAP_RULES[n].check(pile, PILE_CONTEXT) is not None]
            assert laid.pattern is not None and laid.pattern.rule == both[0]


# --------------------------------------------------------------------------- the pace


def test_a_steady_drill_keeps_its_interval() -> None:
    times = land_times(DrillConfig(cards=30, interval_ms=1200))
    assert len(times) == 31
    assert times[0] == 0
    assert {b - a for a, b in itertools.pairwise(times)} == {1200}


def test_a_quickening_drill_speeds_up_to_the_floor_and_no_further() -> None:
    config = DrillConfig(cards=200, pace="quicken", interval_ms=1600)
    drill = Drill(config)
    intervals = [drill.interval_ms(i) for i in range(200)]
    assert intervals[0] == 1600
    assert all(b <= a for a, b in itertools.pairwise(intervals))
    assert min(intervals) == FLOOR_MS
    assert intervals[-1] == FLOOR_MS
    for i in range(20):  # x0.97 a card until the floor (times rounded to the ms)
        assert abs(drill.land_ms(i + 1) - 1600 * (1 - QUICKEN_FACTOR ** (i + 1)) /
                   (1 - QUICKEN_FACTOR)) <= 1
    assert drill.end_ms == drill.land_ms(200)


def test_a_drill_that_starts_faster_than_the_floor_stays_at_its_pace() -> None:
    intervals = set(Drill(DrillConfig(cards=40, pace="quicken", interval_ms=400))
                    .interval_ms(i) for i in range(40))
    assert intervals == {400}


# --------------------------------------------------------------------------- judging slaps


CONFIG = DrillConfig(("double", "sandwich", "marriage"), players=2, cards=60, seed="class 3B")


def run_script(
    drill: Drill, slaps: Sequence[tuple[float, int]], tick_ms: int = 250
) -> tuple[list[Feedback], list[Feedback]]:
    """Play ``(time, player)`` slaps, advancing on a timer every ``tick_ms`` as a page does;
    the feedback from the timer and from the slaps."""
    timer: list[Feedback] = []
    judged: list[Feedback] = []
    pending = sorted(slaps)
    t = 0
    while not drill.done:
        while pending and pending[0][0] <= t:
            at, player = pending.pop(0)
            timer.extend(drill.advance(at))
            judged.append(drill.slap(player, at))
        timer.extend(drill.advance(t))
        t += tick_ms
    return timer, judged


def test_a_scripted_run_scores_exactly_its_hits_misses_and_false_slaps() -> None:
    plan = plan_drill(CONFIG)
    found = patterns(plan)
    plain = [laid for laid in plan if laid.pattern is None]
    assert len(found) >= 12
    # Player 1 hits every other pattern card, fast; misses the rest; slaps 5 plain cards.
    hit = found[::2]
    reactions = {laid.index: 150 + 20 * k for k, laid in enumerate(hit)}
    false = plain[1:11:2]
    # Player 2 hits every pattern card in 500 ms, after player 1, and never slaps wrongly.
    script = [(laid.land_ms + reactions[laid.index], 0) for laid in hit]
    script += [(laid.land_ms + 100, 0) for laid in false]
    script += [(laid.land_ms + 500, 1) for laid in found]
    timer, judged = run_script(Drill(CONFIG), script)

    drill_summary = Drill(CONFIG)  # the same drill, played again: the same result
    run_script(drill_summary, script)
    one, two = drill_summary.summaries()

    assert (one.hits, one.misses, one.false_slaps) == (len(hit), len(found) - len(hit), 5)
    assert one.chances == len(found)
    assert one.median_reaction_ms == statistics.median(reactions.values())
    assert (two.hits, two.misses, two.false_slaps) == (len(found), 0, 0)
    assert two.median_reaction_ms == 500
    assert two.accuracy == two.caught == 1.0
    assert one.accuracy == len(hit) / (len(found) + 5)
    assert one.caught == len(hit) / len(found)

    assert Counter(f.kind for f in judged) == {"hit": len(hit) + len(found), "false": 5}
    assert Counter(f.kind for f in timer) == {"card": 60, "miss": len(found) - len(hit)}
    assert {f.player for f in timer if f.kind == "miss"} == {0}
    assert all(f.reaction_ms == reactions[f.index]
               for f in judged if f.kind == "hit" and f.player == 0)
    assert all(f.first == 0 for f in judged if f.kind == "hit" and f.index in reactions)
    assert all(f.first == 1 for f in judged
               if f.kind == "hit" and f.index not in reactions)

    worth = sum(0.8 + 0.2 * min(1, max(0, (1500 - r) / 1200)) for r in reactions.values())
    assert one.score == round(1000 * worth / (len(found) + 5))
    assert two.score == round(1000 * len(found) * (0.8 + 0.2 * 1000 / 1200) / len(found))


def test_accuracy_counts_false_slaps_as_misses_do() -> None:
    """4 hits, 2 misses and 10 false slaps: 4 of 16, 25% (not 4 of 6, 67%: the patterns
    caught)."""
    config = DrillConfig(("double", "sandwich", "marriage"), cards=60, seed="false slaps")
    plan = plan_drill(config)
    found = patterns(plan)
    sixth = found[5]
    plain = [laid for laid in plan[:sixth.index] if laid.pattern is None]
    assert len(plain) >= 10, "the seed should deal ten plain cards before the sixth pattern"
    slaps = sorted([(laid.land_ms + 400, 0) for laid in found[:4]]
                   + [(laid.land_ms + 200, 0) for laid in plain[:10]])
    drill = Drill(config)
    for at, player in slaps:
        drill.advance(at)
        drill.slap(player, at)
    drill.advance(drill.land_ms(sixth.index + 1))  # the sixth pattern card is closed: missed
    drill.finish()
    summary = drill.summary(0)
    assert (summary.hits, summary.misses, summary.false_slaps) == (4, 2, 10)
    assert (summary.judged, summary.accuracy) == (16, 0.25)
    assert (summary.chances, summary.caught) == (6, 4 / 6)
    assert summary.lines()[0].endswith(
        "; accuracy 25% (4 hits of 16 hits, misses and false slaps)")
    # Per rule, the patterns caught (a false slap completes no pattern: it is no rule's).
    assert sum(r.chances for r in summary.rules) == 6
    assert all(r.caught == r.hits / r.chances for r in summary.rules if r.chances)
    assert all(not hasattr(r, "accuracy") for r in summary.rules)


def test_a_summary_with_nothing_judged_has_no_accuracy() -> None:
    drill = Drill(CONFIG)
    drill.finish()
    summary = drill.summary(0)
    assert summary.judged == 0 and summary.accuracy is None and summary.caught is None
    assert summary.lines()[0] == "Score 0 of 1000: 0 hits, 0 missed, 0 false slaps"
    false_only = replace(summary, false_slaps=3)
    assert false_only.accuracy == 0.0 and false_only.caught is None


def test_accuracy_per_rule() -> None:
    config = DrillConfig(("double", "marriage"), cards=120, seed="per rule")
    plan = plan_drill(config)
    by_rule = Counter(laid.pattern.rule for laid in patterns(plan) if laid.pattern)
    assert by_rule["double"] >= 3 and by_rule["marriage"] >= 3
    doubles = [laid for laid in patterns(plan) if laid.pattern and laid.pattern.rule == "double"]
    script = [(laid.land_ms + 300 + 10 * k, 0) for k, laid in enumerate(doubles[:-1])]
    drill = Drill(config)
    run_script(drill, script)
    summary = drill.summary(0)
    double, marriage = summary.rules
    assert (double.rule, double.title) == ("double", "Double")
    assert (double.chances, double.hits, double.misses) == (
        by_rule["double"], by_rule["double"] - 1, 1)
    assert double.caught == (by_rule["double"] - 1) / by_rule["double"]
    assert double.median_reaction_ms == statistics.median(
        300 + 10 * k for k in range(len(doubles) - 1))
    assert (marriage.chances, marriage.hits, marriage.caught) == (by_rule["marriage"], 0, 0.0)
    assert marriage.median_reaction_ms is None
    assert summary.lines()[1].startswith(
        f"Double: caught {by_rule['double'] - 1} of {by_rule['double']} (")
    assert summary.lines()[2] == f"Marriage: caught 0 of {by_rule['marriage']} (0%)"


def first_pattern(rule: str) -> tuple[DrillConfig, Laid]:
    config = DrillConfig((rule,), seed="texts")
    return config, patterns(plan_drill(config))[0]


def test_feedback_texts_name_the_rule_and_its_cards() -> None:
    config, marriage = first_pattern("marriage")
    assert marriage.pattern is not None
    pair = " ".join(c.code for c in marriage.pattern.cards)
    drill = Drill(config)
    drill.advance(marriage.land_ms)
    hit = drill.slap(0, marriage.land_ms + 412)
    assert hit.text == f"Hit: Marriage ({pair}) in 412 ms"
    assert (hit.kind, hit.rule, hit.title, hit.reaction_ms) == ("hit", "marriage", "Marriage", 412)
    assert re.fullmatch(r"Hit: Marriage \([KQ][SHDC] [KQ][SHDC]\) in 412 ms", hit.text)
    assert hit.positions == marriage.pattern.positions
    assert drill.pile[hit.positions[0]] is marriage.pattern.cards[0]

    config, sandwich = first_pattern("sandwich")
    assert sandwich.pattern is not None
    drill = Drill(config)
    misses = [f for f in drill.advance(sandwich.land_ms + drill.interval_ms(sandwich.index))
              if f.kind == "miss"]
    three = " ".join(c.code for c in sandwich.pattern.cards)
    assert [f.text for f in misses] == [f"Missed: Sandwich ({three})"]

    drill = Drill(config)
    first = drill.advance(0)
    top = drill.top
    assert top is not None and top.pattern is None
    assert [f.text for f in first] == [f"Card 1: {top.card.code}"]
    assert drill.slap(0, 50).text == f"False slap: no pattern (top {top.card.code})"
    assert drill.slap(0, 60).text == "Already slapped this card"


def test_with_several_players_the_feedback_says_who_and_who_was_first() -> None:
    config, double = first_pattern("double")
    config = replace(config, players=3)
    drill = Drill(config)
    drill.advance(double.land_ms)
    second = drill.slap(2, double.land_ms + 250)
    first_again = drill.slap(0, double.land_ms + 300)
    assert second.text.startswith("Player 3 — Hit: Double (")
    assert second.text.endswith("in 250 ms (first)")
    assert first_again.text.endswith("in 300 ms (Player 3 was first)")
    assert (second.first, first_again.first) == (2, 2)
    closed = drill.advance(double.land_ms + drill.interval_ms(double.index))
    assert [(f.kind, f.player) for f in closed if f.kind == "miss"] == [("miss", 1)]
    assert closed[0].text.startswith("Player 2 — Missed: Double (")


def test_slaps_that_do_not_count_are_ignored() -> None:
    drill = Drill(DrillConfig(("double",), players=2, cards=20, seed="i"))
    assert drill.slap(0, -5).text == "No card on the pile yet"
    assert drill.slap(5, 10).kind == "ignored"
    assert drill.slap(-1, 10).kind == "ignored"
    assert drill.slap(0, math.nan).kind == "ignored"
    drill.advance(math.inf)
    assert drill.done
    late = drill.slap(1, drill.end_ms + 1)
    assert (late.kind, late.text) == ("ignored", "The drill is over")
    summary = drill.summary(0)
    assert summary.false_slaps == 0 and summary.hits == 0


def test_a_slap_stamped_before_the_top_card_is_judged_on_the_top_card() -> None:
    config, double = first_pattern("double")
    drill = Drill(config)
    drill.advance(double.land_ms + 20)
    late = drill.slap(0, double.land_ms - 30)  # stamped on the card before; that one is closed
    assert (late.kind, late.index, late.reaction_ms) == ("hit", double.index, 0)


def test_the_timer_api() -> None:
    drill = Drill(DrillConfig(cards=20, seed="t"))
    assert drill.next_due_ms == 0 and drill.top is None and drill.pile == ()
    out = drill.advance(0)
    assert [f.kind for f in out] == ["card"] and out[0].new_pile and out[0].index == 0
    assert drill.next_due_ms == drill.land_ms(1)
    assert drill.advance(10) == []
    assert drill.advance(5) == []  # time does not go back
    drill.advance(drill.end_ms - 1)
    assert not drill.done and drill.landed == 20
    drill.advance(drill.end_ms)
    assert drill.done and drill.next_due_ms is None
    assert drill.finish() == []


def test_finishing_early_counts_the_top_card_only_for_those_who_slapped_it() -> None:
    config, double = first_pattern("double")
    config = replace(config, players=2)
    drill = Drill(config)
    drill.advance(double.land_ms)
    drill.slap(0, double.land_ms + 200)
    before = sum(1 for laid in drill.laid if laid.pattern) - 1
    out = drill.finish()
    assert drill.done
    assert all(f.kind != "miss" or f.index != double.index for f in out)
    one, two = drill.summaries()
    assert one.chances == before + 1 and one.hits == 1
    assert two.chances == before and two.misses == before


# --------------------------------------------------------------------------- scores


@pytest.mark.parametrize(
    ("reactions", "misses", "false_slaps", "score"),
    [
        ([300, 200], 0, 0, 1000),
        ([1500, 3000], 0, 0, 800),
        ([900], 1, 0, 450),
        ([900], 0, 1, 450),
        ([], 0, 3, 0),
        ([], 0, 0, 0),
        ([300], 3, 0, 250),
    ],
)
def test_drill_score(reactions: list[int], misses: int, false_slaps: int, score: int) -> None:
    assert drill_score(reactions, misses, false_slaps) == score


# --------------------------------------------------------------------------- the whole drill


@st.composite
def configs(draw: st.DrawFn, max_cards: int = 200) -> DrillConfig:
    rules = draw(st.lists(st.sampled_from(PRACTICE_RULES), min_size=1, max_size=4, unique=True))
    return DrillConfig(
        tuple(rules),
        players=draw(st.integers(1, 8)),
        cards=draw(st.integers(20, max_cards)),
        pace=draw(st.sampled_from(("steady", "quicken"))),
        interval_ms=draw(st.integers(300, 5000)),
        seed=draw(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=64)),
    )


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_drill_ends_and_its_totals_add_up(data: st.DataObject) -> None:
    config = data.draw(configs(max_cards=90))
    drill = Drill(config)
    end = drill.end_ms
    slaps = data.draw(st.lists(
        st.tuples(st.floats(-100, end + 500, allow_nan=False), st.integers(0, config.players - 1)),
        max_size=80))
    timer, judged = run_script(drill, slaps, tick_ms=data.draw(st.integers(50, 2000)))
    assert drill.done and drill.landed == config.cards
    chances = sum(1 for laid in drill.laid if laid.pattern is not None)
    assert sum(1 for f in timer if f.kind == "card") == config.cards
    for summary in drill.summaries():
        mine = [f for f in judged + timer if f.player == summary.player]
        assert summary.hits + summary.misses == summary.chances == chances
        assert summary.hits == sum(1 for f in mine if f.kind == "hit")
        assert summary.misses == sum(1 for f in mine if f.kind == "miss")
        assert summary.false_slaps == sum(1 for f in mine if f.kind == "false")
        assert sum(r.chances for r in summary.rules) == chances
        assert sum(r.hits for r in summary.rules) == summary.hits
        assert [r.rule for r in summary.rules] == list(config.rules)
        assert 0 <= summary.score <= MAX_SCORE
        assert len(summary.lines()) == 1 + len(config.rules)


@settings(max_examples=15, deadline=None)
@given(config=configs())
def test_every_drill_runs_to_its_end_at_once(config: DrillConfig) -> None:
    drill = Drill(config)
    out = drill.advance(math.inf)
    assert drill.done and drill.landed == config.cards
    chances = sum(1 for laid in drill.laid if laid.pattern is not None)
    assert sum(1 for f in out if f.kind == "miss") == chances * config.players


# --------------------------------------------------------------------------- the engine's own


def test_the_drill_is_the_engines_own() -> None:
    imported = top_level_imports(ROOT / "ratscrew" / "tools" / "practice.py")
    assert not imported & {"web", "js", "pyscript", "pyodide", "random"}
    assert imported <= set(sys.stdlib_module_names) | {"__future__", "ratscrew"}
    code = ("import sys, ratscrew.tools.practice; "
            "assert not {'web', 'js', 'pyscript', 'pyodide'} & "
            "{m.split('.')[0] for m in sys.modules}")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
