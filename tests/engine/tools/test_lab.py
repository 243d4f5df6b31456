"""The statistics lab (ratscrew/tools/lab.py): the numbers the page's lab plots, in chunks."""

from __future__ import annotations

import csv
import io
import itertools
import json
import math
import shlex
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.cli import main
from ratscrew.core.events import ChallengeWon, Event, Flipped, PileTaken
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.play.match import Summary, play, simulate
from ratscrew.tools.lab import (
    CSV_COLUMNS,
    MAX_GAMES,
    GameRow,
    Lab,
    LabError,
    LabResult,
    LabSpec,
    cause_order,
    cause_title,
    compare,
    describe,
    histogram,
    option_text,
    piles_by_cause,
    report,
    run_lab,
    same_rules,
    slaps,
    spread,
    to_csv,
    wins_by_seat,
)
from ratscrew.variants import find_variant
from ratscrew.variants.firefighters import FireOut
from ratscrew.variants.kurs import HANGED_MAN, STRENGTH, ArcanaEffect

# (variant, players, games, seed, options, difficulty, chunks): every variant, chunks cut
# differently each time (the last chunk asks for more games than are left).
CASES = [
    ("classic", 4, 12, 7, {}, "normal", (5, 1, 9)),
    ("classic", 3, 8, 2**32 - 3, {"slaps": ["double", "sandwich", "run"],
                                  "penalty": "lockout", "ending": "last-chance"}, "hard", (3, 10)),
    ("bmn", 2, 40, 3, {}, "normal", (40,)),
    ("slae", 4, 8, 11, {}, "expert", (1, 1, 1, 1, 1, 1, 1, 1)),
    ("firefighters", 5, 30, 60, {}, "normal", (7, 7, 7, 7, 7)),
    ("kurs", 3, 3, 2, {}, "easy", (2, 2)),
]


def lab_of(case: tuple[Any, ...]) -> Lab:
    variant, players, games, seed, options, difficulty, chunks = case
    lab = Lab(LabSpec(variant, players, games, seed, difficulty, options, label="A"))
    for size in chunks:
        before = lab.done
        assert lab.run(size) == min(games, before + size) == lab.done
        assert lab.progress == lab.done / games
    assert lab.finished and lab.progress == 1.0
    return lab


@pytest.fixture(scope="module")
def labs() -> dict[str, Lab]:
    return {case[0] if case[0] != "classic" or not case[4] else "classic+": lab_of(case)
            for case in CASES}


# -- the same games as simulate ----------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_a_lab_in_chunks_is_simulate_to_the_last_number(case: tuple[Any, ...]) -> None:
    variant, players, games, seed, options, difficulty, _ = case
    lab = lab_of(case)
    want = simulate(lab.spec.variant, players, games, seed, difficulty, options).to_dict()
    assert lab.spec.variant == find_variant(variant).name  # an alias given: named as the CLI
    assert lab.summary.to_dict() == want
    assert lab.result().summary.to_dict() == want
    assert [row.index for row in lab.rows] == list(range(games))


def test_the_same_seed_gives_the_numbers_of_python_m_ratscrew_simulate() -> None:
    out = io.StringIO()
    assert main(["simulate", "--variant", "slae", "--players", "3", "--games", "6", "--seed",
                 "41", "--difficulty", "hard", "--option", "slaps=double,run", "--json"],
                out=out) == 0
    spec = LabSpec("slae", 3, 6, 41, "hard", {"slaps": ["double", "run"]})
    assert run_lab(spec).summary.to_dict() == json.loads(out.getvalue())


COMMANDS = [
    LabSpec("slae", 3, 6, 41, "hard", {"slaps": ["double", "run"]}),
    LabSpec("classic", 3, 5, 2**32 - 3, "expert",
            {"slaps": ["double", "sandwich", "top-bottom"], "penalty": "lockout",
             "ending": "last-chance", "run_wrap": True,
             "challenge": [["J", 1], ["Q", 2], ["K", 3], ["A", 1]]},
            max_cards=900, label="Lockout"),
    LabSpec("kurs", 3, 2, 5, "easy", {"classroom": False, "genders": ["female", "", "male"],
                                       "sunrise": 7}),
    LabSpec("firefighters", 5, 4, 60),
]


@pytest.mark.parametrize("spec", COMMANDS, ids=[s.variant for s in COMMANDS])
def test_a_specs_command_line_prints_its_numbers(spec: LabSpec) -> None:
    """The command the lab's fold shows for a rule set gives that rule set's totals."""
    words = shlex.split(spec.command())
    assert words[:4] == ["python", "-m", "ratscrew", "simulate"]
    out = io.StringIO()
    assert main([*words[3:], "--json"], out=out) == 0
    assert json.loads(out.getvalue()) == run_lab(spec).summary.to_dict()


def test_option_values_are_written_as_the_command_line_reads_them() -> None:
    assert option_text(["double", "top-bottom"]) == "double,top-bottom"
    assert option_text("lockout") == "lockout"
    assert option_text(True) == "true" and option_text(3) == "3"
    assert option_text(["male", "", "female"]) == '["male","","female"]'
    assert option_text("3") == '"3"'  # text the command line would read as a number
    assert option_text("two words") == '"two words"'
    assert LabSpec().command() == ("python -m ratscrew simulate --variant classic --players 4 "
                                   "--games 500 --seed 0 --difficulty normal")


def test_two_rule_sets_that_play_the_same_games_are_told_apart_from_different_ones() -> None:
    base = LabSpec("classic", 4, 20, 7, label="Rule set A")
    # the same rules written out, the slap rules in another order (which only says which rule
    # a pile that two of them match is credited to)
    written_out = LabSpec("classic", 4, 20, 7, label="Copy",
                          options={"slaps": list(base.rules.slaps)[::-1], "penalty": "cards"})
    no_sandwich = LabSpec("classic", 4, 20, 7, label="No sandwich", options={
        "slaps": [r for r in base.rules.slaps if r != "sandwich"]})
    assert base.same_games(written_out) and written_out.same_games(base)
    assert not base.same_games(no_sandwich)
    for change in ({"seed": 8}, {"games": 21}, {"players": 3}, {"difficulty": "hard"},
                   {"max_cards": 999}, {"variant": "bmn", "players": 4}):
        assert not base.same_games(LabSpec(**{**base.to_dict(), **change}))
    assert same_rules("classic", 4, {}, written_out.options)
    assert not same_rules("classic", 4, {}, no_sandwich.options)
    assert not same_rules("classic", 4, {}, {"dealer": 9})  # cannot be played: not the same

    one, copy, other = run_lab(base), run_lab(written_out), run_lab(no_sandwich)
    same = report([one, copy])
    assert same["same"] is True
    assert same["comparison"] == compare(one, copy) == (
        "Rule set A and Copy have the same rules, so they play the same games and show no "
        "difference. Change a house rule of one of them to compare.")
    assert same["rule_sets"][0]["summary"] == same["rule_sets"][1]["summary"]

    differ = report([one, other])
    assert differ["same"] is False
    cards = spread(one.cards)["median"], spread(other.cards)["median"]
    change = round(abs(cards[1] - cards[0]) / cards[0] * 100)
    word = "longer" if cards[1] > cards[0] else "shorter"
    assert differ["comparison"].startswith(
        f"Against Rule set A, No sandwich's games are {change}% {word} (median "
        f"{round(cards[1]):,} cards against {round(cards[0]):,}), with ")
    assert "same" not in differ["comparison"]
    assert report([one])["comparison"] == "" and report([one])["same"] is False


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=12))
def test_how_the_games_are_cut_into_chunks_changes_nothing(chunks: list[int]) -> None:
    spec = LabSpec("bmn", 3, 9, 5)
    whole = run_lab(spec)
    lab = Lab(spec)
    for size in chunks:
        lab.run(size)
    lab.run(spec.games)
    assert lab.result().rows == whole.rows
    assert lab.result().summary == whole.summary


def test_run_for_plays_whole_games_until_the_time_is_up() -> None:
    ticks = iter(range(1000))
    lab = Lab(LabSpec("bmn", 2, 10, 1))
    assert lab.run_for(2.5, clock=lambda: next(ticks)) == 3  # the clock reads 0, then 1, 2, 3
    assert lab.run_for(0, clock=lambda: 0.0) == 4  # at least one game a call
    assert lab.run_for(1e9) == 10 and lab.finished
    assert lab.run_for(1e9) == 10 and lab.run(5) == 10


def test_a_result_is_a_snapshot_and_a_stopped_lab_still_has_one() -> None:
    lab = Lab(LabSpec("bmn", 2, 10, 1, label="Cancelled"))
    assert lab.result().games == 0 and lab.progress == 0.0
    assert set(describe(lab.result()).values()) == {"No games played yet."}
    lab.run(4)
    partial = lab.result()
    lab.run(6)
    assert partial.games == 4 and not partial.complete
    assert partial.summary.games == 4 and sum(partial.summary.wins) + partial.summary.loops == 4
    assert lab.result().complete and lab.result().games == 10
    assert json.loads(json.dumps(partial.to_dict()))["complete"] is False


def test_run_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError, match="number of games"):
        Lab(LabSpec("bmn", 2, 3, 1)).run(-1)


# -- how piles were won ------------------------------------------------------------------------


def test_every_pile_taken_is_counted_once_by_its_cause(labs: dict[str, Lab]) -> None:
    for lab in labs.values():
        for row in lab.rows:
            fires = row.piles.get("fire-out", 0)  # the Burn pile: not a trick
            assert sum(row.piles.values()) == row.tricks + fires, (lab.spec.variant, row)
            assert all(n > 0 for n in row.piles.values())
    causes = {c for lab in labs.values() for row in lab.rows for c in row.piles}
    assert {"challenge", "double", "sandwich", "run", "default", "last-chance", "strength",
            "hanged-man", "burn:double", "burn:lucky-7"} <= causes


def causes_from_events(events: list[Event], variant: str) -> dict[str, int]:
    """How piles were won, told from a game's events alone (the cross-check)."""
    v = find_variant(variant)
    by_title = {r.title: r.name for r in SLAP_RULES.values()}
    by_title.update({v.slap_title(name): name for name in SLAP_RULES})
    out: dict[str, int] = {}
    effect = ""  # a K.U.R.S. effect that takes the stack "as if they had won a challenge"
    for e in events:
        cause = ""
        if isinstance(e, ArcanaEffect) and e.card.arcana in (STRENGTH, HANGED_MAN):
            effect = "strength" if e.card.arcana == STRENGTH else "hanged-man"
        elif isinstance(e, Flipped | ChallengeWon):
            effect = ""  # the effect did not take the stack: the card was played on
        elif isinstance(e, FireOut):
            cause = "fire-out"
        elif isinstance(e, PileTaken):
            if e.how == "slap":
                cause = by_title[e.rule]
            elif e.how == "burn":
                cause = f"burn:{by_title[e.rule]}"
            elif e.how == "challenge" and effect:
                cause = effect
            else:
                cause = e.how
            effect = ""
        if cause:
            out[cause] = out.get(cause, 0) + 1
    return out


@pytest.mark.parametrize(("variant", "players", "seed", "options"), [
    ("classic", 4, 0, {"ending": "last-chance"}),
    ("classic", 2, 9, {"collect": "immediate", "slaps": ["double", "top-bottom", "marriage"]}),
    ("bmn", 2, 4, {}),
    ("slae", 5, 3, {}),
    ("firefighters", 5, 77, {}),  # a fire put out
    ("kurs", 3, 0, {}),  # Strength and the Hanged Man take stacks
    ("kurs", 4, 5, {"collect": "immediate"}),
])
def test_pile_causes_match_the_games_events(variant: str, players: int, seed: int,
                                            options: dict[str, Any]) -> None:
    with_events = play(variant, players, seed, "normal", options, 6000)
    without = play(variant, players, seed, "normal", options, 6000, keep_events=False)
    assert with_events.pile_causes == without.pile_causes
    assert with_events.pile_causes == causes_from_events(with_events.events, variant)
    fires = with_events.pile_causes.get("fire-out", 0)
    assert sum(with_events.pile_causes.values()) == with_events.tricks + fires
    if variant == "firefighters":
        assert fires >= 1  # the cause "fire-out" is counted
    if variant == "kurs" and seed == 0:
        assert with_events.pile_causes["strength"] and with_events.pile_causes["hanged-man"]


def test_pile_causes_in_order_with_their_titles() -> None:
    rules = find_variant("firefighters").rules
    order = cause_order(["default", "fire-out", "burn:sandwich", "burn:double", "challenge",
                         "run", "last-chance"], rules)
    assert order == ["challenge", "run", "burn:double", "burn:sandwich", "fire-out",
                     "default", "last-chance"]
    ff = find_variant("firefighters")
    assert cause_title("burn:double", ff) == "Burn contest (Matchbox)"
    assert cause_title("double") == "Double"
    assert cause_title("hanged-man") == "The Hanged Man"
    assert cause_title("some-new-way") == "Some new way"


# -- the plots' numbers ------------------------------------------------------------------------


def row(index: int, cards: int, minutes: float, winner: int | None = 0,
        piles: dict[str, int] | None = None, right: int = 0, wrong: int = 0) -> GameRow:
    piles = {"challenge": 1} if piles is None else piles
    return GameRow(index, index, "win" if winner is not None else "loop", winner, cards,
                   sum(piles.values()), minutes, right, wrong, piles)


def result_of(rows: list[GameRow], players: int = 2, label: str = "A") -> LabResult:
    spec = LabSpec("classic", players, len(rows), 0, label=label)
    summary = Summary.start("classic", players, 0, "normal")
    for r in rows:
        summary.games += 1
        if r.winner is None:
            summary.loops += 1
        else:
            summary.wins[r.winner] += 1
    return LabResult(spec, summary, tuple(rows))


def test_histogram_of_whole_numbers_has_nice_whole_bins() -> None:
    assert histogram(range(100), bins=10) == [(i, i + 10, 10) for i in range(0, 100, 10)]
    assert histogram([240, 612, 1310], bins=5) == [
        (0, 250, 1), (250, 500, 0), (500, 750, 1), (750, 1000, 0), (1000, 1250, 0),
        (1250, 1500, 1)]
    assert histogram([5, 5, 5]) == [(5, 6, 3)]
    assert histogram([12.5, 12.5]) == [(12.0, 14.0, 2)]
    assert histogram([]) == []


def test_histogram_span_lines_two_rule_sets_up() -> None:
    a = histogram([1.5, 3.2, 9.9], 10, span=(0.2, 14.0))
    b = histogram([0.2, 14.0], 10, span=(0.2, 14.0))
    assert [(lo, hi) for lo, hi, _ in a] == [(lo, hi) for lo, hi, _ in b]
    assert a[0][:2] == (0.0, 2.0) and a[-1][:2] == (14.0, 16.0)


@settings(max_examples=200, deadline=None)
@given(st.one_of(
    st.lists(st.integers(0, 10**7), min_size=1, max_size=60),
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=60),
), st.integers(1, 60))
def test_histogram_counts_every_value_once_in_its_bin(values: list[float], bins: int) -> None:
    hist = histogram(values, bins)
    assert sum(n for _, _, n in hist) == len(values)
    assert len(hist) <= bins + 2
    edges = [lo for lo, _, _ in hist] + [hist[-1][1]]
    assert all(a < b for a, b in itertools.pairwise(edges))
    assert all(hi == lo2 for (_, hi, _), (lo2, _, _) in itertools.pairwise(hist))
    assert edges[0] <= min(values) and max(values) < edges[-1]
    for lo, hi, n in hist:
        assert n == sum(1 for v in values if lo <= v < hi)
    width = hist[0][1] - hist[0][0]
    mantissa = width / 10 ** math.floor(math.log10(width) + 1e-9)
    assert any(math.isclose(mantissa, m, rel_tol=1e-6) for m in (1, 2, 2.5, 5, 10))
    if all(isinstance(v, int) for v in values):
        assert all(isinstance(e, int) for e in edges)


def test_histogram_refuses_what_it_cannot_show() -> None:
    with pytest.raises(ValueError, match="bins"):
        histogram([1, 2], 0)
    with pytest.raises(ValueError, match="nan"):
        histogram([1.0, float("nan")])


def test_spread_wins_slaps_and_piles_of_rows() -> None:
    rows = [row(i, 100 * (i + 1), i + 0.5, i % 2, {"challenge": 3, "double": 1},
                right=2, wrong=i) for i in range(10)]
    rows.append(row(10, 5000, 60.0, None, {"challenge": 2}))
    assert spread(r.cards_played for r in rows) == {
        "mean": 10500 / 11, "median": 600, "p10": 200, "p90": 1000, "min": 100, "max": 5000}
    assert spread([7]) == dict.fromkeys(("mean", "median", "p10", "p90", "min", "max"), 7)
    assert spread([1, 2])["p10"] == pytest.approx(1.1)
    assert wins_by_seat(rows, 3) == [5, 5, 0]
    assert slaps(rows) == {"right": 20, "wrong": 45, "right_per_game": 20 / 11,
                           "wrong_per_game": 45 / 11}
    piles = piles_by_cause(rows)
    assert list(piles) == ["challenge", "double"]
    assert piles["challenge"] == {"count": 32, "share": 32 / 42, "per_game": 32 / 11}
    assert sum(p["share"] for p in piles.values()) == pytest.approx(1)
    assert piles_by_cause(rows, ["double", "run", "challenge"])["run"]["count"] == 0
    with pytest.raises(ValueError, match="leaves out double"):
        piles_by_cause(rows, ["challenge"])


def test_histograms_count_every_game(labs: dict[str, Lab]) -> None:
    for lab in labs.values():
        data = lab.result().to_dict()
        for plot in ("cards", "minutes"):
            assert sum(n for _, _, n in data[plot]["histogram"]) == lab.done
        assert sum(data["wins"]["by_seat"]) + data["wins"]["loops"] + data["wins"][
            "capped"] == lab.done
        assert data["piles"]["total"] == sum(c["count"] for c in data["piles"]["causes"])


def test_a_result_is_json_ready_and_two_rule_sets_share_bins_and_causes(
        labs: dict[str, Lab]) -> None:
    a, b = labs["classic"].result(), labs["classic+"].result()
    data = json.loads(json.dumps(report([a, b])))
    one, two = data["rule_sets"]
    for plot in ("cards", "minutes"):
        assert [h[:2] for h in one[plot]["histogram"]] == [h[:2] for h in two[plot]["histogram"]]
    assert [c["cause"] for c in one["piles"]["causes"]] == [c["cause"] for c in data["causes"]]
    assert [c["cause"] for c in two["piles"]["causes"]] == [c["cause"] for c in data["causes"]]
    assert {"run", "last-chance"} <= {c["cause"] for c in data["causes"]}
    assert one["summary"] == a.summary.to_dict() and one["text"] == describe(a)
    full = json.loads(json.dumps(a.to_dict(rows=True)))
    assert [r["cards_played"] for r in full["rows"]] == a.cards


def test_the_same_spec_gives_the_same_result() -> None:
    spec = LabSpec("slae", 4, 5, 99, "easy", label="B")
    one, two = run_lab(spec), run_lab(spec)
    assert one.to_dict(rows=True) == two.to_dict(rows=True)
    assert to_csv([one]) == to_csv([two])


# -- the CSV -----------------------------------------------------------------------------------


def test_csv_has_a_row_per_game_per_rule_set(labs: dict[str, Lab]) -> None:
    a, b = labs["classic"].result(), labs["firefighters"].result()
    text = to_csv([a, b])
    table = list(csv.reader(io.StringIO(text)))
    header, body = table[0], table[1:]
    assert header[: len(CSV_COLUMNS)] == list(CSV_COLUMNS)
    causes = header[len(CSV_COLUMNS):]
    assert causes[0] == "piles challenge" and "piles double" in causes
    assert "piles burn:lucky-7" in causes
    assert len(body) == a.games + b.games
    first = dict(zip(header, body[0], strict=True))
    game = a.rows[0]
    assert first["rule set"] == "A" and first["game"] == "1"
    assert first["seed"] == str(game.seed) and first["cards"] == str(game.cards_played)
    assert first["winner"] == ("" if game.winner is None else str(game.winner + 1))
    assert float(first["minutes"]) == pytest.approx(game.minutes, abs=0.001)
    for line, r in zip(body, [*a.rows, *b.rows], strict=True):
        cells = dict(zip(header, line, strict=True))
        assert sum(int(cells[c]) for c in causes) == sum(r.piles.values())


@pytest.mark.parametrize("label", ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)",
                                   "\tTab", "\rCR"])
def test_csv_never_lets_a_label_be_a_formula(label: str) -> None:
    text = to_csv([result_of([row(0, 10, 1.0)], label=label)])
    cell = list(csv.reader(io.StringIO(text)))[1][0]
    assert cell == "'" + label


def test_csv_quotes_a_label_with_commas_quotes_and_lines() -> None:
    label = 'Rule set "B", with\nlockout'
    text = to_csv([result_of([row(0, 10, 1.0), row(1, 12, 1.5, None)], label=label)])
    table = list(csv.reader(io.StringIO(text)))
    assert [line[0] for line in table[1:]] == [label, label]
    assert [line[4] for line in table[1:]] == ["1", ""]
    assert text.count("\r\n") == 3


# -- in words ----------------------------------------------------------------------------------


def test_describe_says_the_numbers_each_plot_shows() -> None:
    rows = [row(i, 100 * (i + 1), (i + 1) * 0.75, i % 2, {"challenge": 3, "double": 1},
                right=2, wrong=1) for i in range(10)]
    text = describe(result_of(rows))
    assert text["cards"] == ("Game length in cards: 10 games, median 550 cards, 80% between "
                             "190 and 910.")
    assert text["minutes"] == ("Game length at the table: 10 games, median 4.1 minutes, 80% "
                               "between 1.4 and 6.8 minutes.")
    assert text["wins"] == ("Wins by seat over 10 games: player 1 won 5 (50%), player 2 won "
                            "5 (50%).")
    assert text["slaps"] == ("Slaps over 10 games: 20 right and 10 wrong, 2.0 right and 1.0 "
                             "wrong a game.")
    assert text["piles"] == ("How piles were won over 10 games: 40 piles; Challenge 75%, "
                             "Double 25%.")


def test_describe_a_real_run(labs: dict[str, Lab]) -> None:
    result = labs["bmn"].result()
    text = describe(result)
    cards = spread(result.cards)
    assert text["cards"].startswith(f"Game length in cards: 40 games, median "
                                    f"{round(cards['median']):,} cards")
    assert text["slaps"] == "Slaps over 40 games: none."
    loops = result.summary.loops
    assert (f"{loops} games looped" in text["wins"]) == (loops > 1)
    ff = describe(labs["firefighters"].result())
    assert "Burn contest (Matchbox)" in ff["piles"]


def test_describe_one_game_and_stopped_games() -> None:
    one = result_of([row(0, 1234, 20.04)])
    assert describe(one)["cards"] == "Game length in cards: 1 game, 1,234 cards."
    result = run_lab(LabSpec("classic", 2, 2, 1, max_cards=30))
    assert result.summary.capped == 2
    assert describe(result)["wins"].endswith("; 2 games stopped at 30 cards.")


# -- the spec ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "message"), [
    ({"variant": "snap"}, "Rule set A: unknown variant 'snap'"),
    ({"variant": "bmn", "players": 9}, "Rule set A: Beggar-My-Neighbour is for 2 to 8"),
    ({"options": {"penalty": "spanking"}}, "Rule set A: .*penalty"),
    ({"options": {"colour": 1}}, "unknown option 'colour'"),
    ({"options": {"dealer": 5}, "players": 3}, "dealer must be a seat from 0 to 2"),
    ({"games": 0}, "games must be a whole number from 1 to 5,000, not 0"),
    ({"games": MAX_GAMES + 1}, "games must be"),
    ({"games": 10.0}, "games must be"),
    ({"players": True}, "players must be"),
    ({"seed": -1}, "seed must be"),
    ({"max_cards": 0}, "max_cards must be"),
    ({"difficulty": "godlike"}, "unknown bot level 'godlike'"),
    ({"label": " "}, "needs a label"),
    ({"label": "x" * 61}, "at most 60"),
    ({"label": "B", "variant": "nope"}, "^B: unknown variant"),
])
def test_a_spec_that_cannot_be_played_says_why(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(LabError, match=message):
        LabSpec(**changes)
    assert issubclass(LabError, ValueError)


def test_a_spec_keeps_its_own_copy_of_the_options_and_round_trips() -> None:
    options: dict[str, Any] = {"slaps": ["double"]}
    spec = LabSpec("classic", 2, 100, 3, options=options, label="Doubles only")
    options["slaps"].append("sandwich")
    assert spec.options == {"slaps": ["double"]}
    assert spec.rules.slaps == ("double",)
    assert LabSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
    with pytest.raises(LabError, match="unknown lab setting 'colour'"):
        LabSpec.from_dict({"colour": "red"})
