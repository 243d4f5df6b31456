"""Slap rules: the registry's own examples, then the examples the rule texts give.

Piles are written bottom card first, so the last code is the card just played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratscrew.core.cards import ACE, CARDS, JOKER, Card, cards
from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES, PileContext, SlapRule, find_match


@dataclass(frozen=True)
class Ctx:
    """A minimal :class:`PileContext`: the defaults are those of classic rules."""

    run_wrap: bool = False
    same_as_first_match: str = "colour"
    counting_n: int = 0
    live_seats: tuple[int, ...] = ()
    under: Card | None = None


def cards_since_last_face(pile: Sequence[Card]) -> int:
    """How many cards the challenged player has laid: what the engine passes as counting_n."""
    for back, c in enumerate(reversed(pile)):
        if c.is_face:
            return back
    return 0


def ctx_for(rule: SlapRule, pile: Sequence[Card], **changes: object) -> Ctx:
    ctx = Ctx(counting_n=cards_since_last_face(pile)) if rule.needs_challenge else Ctx()
    if rule.seats:
        ctx = dataclasses.replace(ctx, live_seats=tuple(i % rule.seats for i in range(len(pile))))
    return dataclasses.replace(ctx, **changes)  # type: ignore[arg-type]


def check(name: str, pile: str, ctx: PileContext | None = None) -> tuple[int, ...] | None:
    return SLAP_RULES[name].check(cards(pile), ctx or Ctx())


EXAMPLES = [(n, p) for n, r in SLAP_RULES.items() for p in r.examples]
NON_EXAMPLES = [(n, p) for n, r in SLAP_RULES.items() for p in r.non_examples]
ALL_CONTEXTS = [
    {"run_wrap": wrap, "same_as_first_match": match}
    for wrap in (False, True)
    for match in ("rank", "colour", "suit")
]


# --- the registry -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(SLAP_RULES))
def test_every_rule_is_described_with_examples(name: str) -> None:
    rule = SLAP_RULES[name]
    assert rule.name == name
    assert rule.title.strip() and rule.description.strip()
    assert rule.examples and rule.non_examples
    for pile in (*rule.examples, *rule.non_examples):
        assert cards(pile)  # every example parses


@pytest.mark.parametrize(("name", "pile"), EXAMPLES, ids=[f"{n}:{p}" for n, p in EXAMPLES])
def test_every_registered_example_matches(name: str, pile: str) -> None:
    rule = SLAP_RULES[name]
    live = cards(pile)
    found = rule.check(live, ctx_for(rule, live))
    assert found is not None
    assert -1 in found  # the card just played is part of the pattern
    assert len(set(found)) == len(found)
    assert all(-len(live) <= i < len(live) for i in found)


@pytest.mark.parametrize(
    "changes", ALL_CONTEXTS, ids=lambda c: f"wrap={c['run_wrap']}-{c['same_as_first_match']}"
)
@pytest.mark.parametrize(
    ("name", "pile"), NON_EXAMPLES, ids=[f"{n}:{p}" for n, p in NON_EXAMPLES]
)
def test_every_registered_non_example_does_not_match(
    name: str, pile: str, changes: dict[str, object]
) -> None:
    rule = SLAP_RULES[name]
    live = cards(pile)
    assert rule.check(live, ctx_for(rule, live, **changes)) is None


def test_classic_slaps_are_double_and_sandwich() -> None:
    assert CLASSIC_SLAPS == ("double", "sandwich")
    assert all(name in SLAP_RULES for name in CLASSIC_SLAPS)


def test_only_counting_needs_a_challenge() -> None:
    assert [n for n, r in SLAP_RULES.items() if r.needs_challenge] == ["counting"]


@pytest.mark.parametrize("name", list(SLAP_RULES))
def test_no_rule_matches_an_empty_pile(name: str) -> None:
    for changes in ALL_CONTEXTS:
        ctx = Ctx(counting_n=1, **changes)  # type: ignore[arg-type]
        assert SLAP_RULES[name].check([], ctx) is None


@pytest.mark.parametrize("code", sorted(CARDS))
def test_a_single_card_is_slappable_only_as_a_joker_a_7_or_a_counted_card(code: str) -> None:
    live = cards(code)
    matched = {n for n, r in SLAP_RULES.items() if r.check(live, Ctx(run_wrap=True)) is not None}
    single = ({"joker", "red-joker"} if live[0] is CARDS["RJ"] else {"joker"}
              if live[0].is_joker else {"lucky-7"} if live[0].rank == 7 else set())
    assert matched == single


# --- the rule texts' own examples -------------------------------------------------------------


@pytest.mark.parametrize("pile", ["9C 9H", "8D 8S", "KH KS", "5S 2C 10D 10H"])
def test_doubles_a_9H_on_a_9C(pile: str) -> None:
    assert check("double", pile) == (-2, -1)


@pytest.mark.parametrize("pile", ["9C 10H", "9C 9H 5S", "9C", ""])
def test_double_is_only_the_top_two_cards(pile: str) -> None:
    assert check("double", pile) is None


@pytest.mark.parametrize("pile", ["7H 2C 7S", "3D 7H 2C 7S", "7H 7C 7S"])
def test_sandwich_any_card_directly_between_two_cards_of_equal_value(pile: str) -> None:
    assert check("sandwich", pile) == (-3, -2, -1)


@pytest.mark.parametrize("pile", ["7H 2C 8S", "7H 2C 3D 7S", "2C 7S", "7H 7S 2C"])
def test_sandwich_needs_exactly_one_card_between(pile: str) -> None:
    assert check("sandwich", pile) is None


def test_hoagie_a_double_with_two_cards_between() -> None:
    assert check("hoagie", "5D 9C 2H 5S") == (-4, -3, -2, -1)
    assert check("hoagie", "AS 5D 9C 2H 5S") == (-4, -3, -2, -1)
    assert check("hoagie", "5D 9C 5S") is None
    assert check("hoagie", "5D 9C 2H 6D 5S") is None


@pytest.mark.parametrize(
    "pile",
    ["7H 6S 5D", "10H JS QD", "9S 10H JD", "6C 5H 4D", "8C 8D 9H 10S", "2S 3H 4D", "JH 10C 9S"],
)
def test_runs_of_three_up_or_down(pile: str) -> None:
    """Wikipedia: "7, 6, 5; 10, Jack, Queen"; the boxed game: "9-10-J or 6-5-4"."""
    assert check("run", pile) == (-3, -2, -1)


@pytest.mark.parametrize("pile", ["8S 6H 7D", "9S 10H QD", "5S 5H 6D", "7H 6S 7D", "6S 7H"])
def test_not_a_run_8_6_7(pile: str) -> None:
    """The boxed game: "but NOT 8-6-7": the cards must come in order."""
    assert check("run", pile, Ctx(run_wrap=True)) is None


@pytest.mark.parametrize("pile", ["QC KD AS", "AH 2S 3D", "AS KH QD", "3S 2H AD"])
def test_q_k_a_and_a_2_3_are_runs_without_wrap(pile: str) -> None:
    assert check("run", pile, Ctx(run_wrap=False)) == (-3, -2, -1)


@pytest.mark.parametrize("pile", ["KS AH 2D", "2D AH KS"])
def test_run_wrap_k_a_2_only_with_run_wrap(pile: str) -> None:
    assert check("run", pile, Ctx(run_wrap=False)) is None
    assert check("run", pile, Ctx(run_wrap=True)) == (-3, -2, -1)


def test_run_wrap_goes_round_the_corner_in_longer_runs() -> None:
    assert check("run", "QH KS AH 2D 3C", Ctx(run_wrap=True)) == (-5, -4, -3, -2, -1)
    assert check("run", "QH KS AH 2D 3C", Ctx(run_wrap=False)) == (-3, -2, -1)  # A-2-3
    assert check("run", "JH QH KS AH 2D", Ctx(run_wrap=False)) is None


@pytest.mark.parametrize(
    ("pile", "positions"),
    [
        ("4H 5S 6D 7C", (-4, -3, -2, -1)),
        ("2C 9H 10S JD QC", (-4, -3, -2, -1)),
        ("9H 8C 7D 6S 5H 4C", (-6, -5, -4, -3, -2, -1)),
        ("JC QD KS AH", (-4, -3, -2, -1)),
        ("AC 2D 3H 4S 5C", (-5, -4, -3, -2, -1)),
        ("5S 4H 3D 2C AS", (-5, -4, -3, -2, -1)),
        ("KD 4H 5S 6D 7C", (-4, -3, -2, -1)),
        ("6D 5C 4H 5S 6D", (-3, -2, -1)),  # the run turns back: only the top three
        ("KS AH 2D 3C", (-3, -2, -1)),  # K stays out without the wrap option
    ],
)
def test_a_run_longer_than_three_reports_all_its_cards(
    pile: str, positions: tuple[int, ...]
) -> None:
    assert check("run", pile) == positions


def test_jokers_break_runs() -> None:
    assert check("run", "9S 10H RJ") is None
    assert check("run", "9S RJ 10H JD QS") == (-3, -2, -1)
    assert check("run", "RJ 10H JD QS") == (-3, -2, -1)


@pytest.mark.parametrize(
    ("pile", "slappable"),
    [("3H 8C KD 3S", True), ("3H 8C KD 3H", True), ("3H 3S", True), ("3H 8C KD 4S", False),
     ("3H 3S 8C", False), ("3H", False)],
)
def test_top_bottom_the_first_card_played_is_played_again_later_on(
    pile: str, slappable: bool
) -> None:
    assert check("top-bottom", pile) == ((0, -1) if slappable else None)


@pytest.mark.parametrize("pile", ["KH QS", "QD KC", "2S KH QH"])
def test_marriage_king_and_queen_either_order(pile: str) -> None:
    assert check("marriage", pile) == (-2, -1)


@pytest.mark.parametrize("pile", ["KH KS", "QH QS", "KH JS", "KH 4C QS", "QS KH 4C"])
def test_not_a_marriage(pile: str) -> None:
    assert check("marriage", pile) is None


@pytest.mark.parametrize("pile", ["KH 4C QS", "QH 4C KS", "QH KC KS"])
def test_divorce_king_and_queen_with_one_card_between(pile: str) -> None:
    assert check("divorce", pile) == (-3, -2, -1)


@pytest.mark.parametrize("pile", ["KH QS", "KH 4C KS", "KH 4C 5D QS", "KH 4C JS"])
def test_not_a_divorce(pile: str) -> None:
    assert check("divorce", pile) is None


@pytest.mark.parametrize("pile", ["3H 7C", "7C 3H", "AS 9D", "9D AS", "5H 5S", "2C 8D", "4S 6S"])
def test_add_to_ten_two_number_cards_ace_counts_one(pile: str) -> None:
    assert check("add-to-ten", pile) == (-2, -1)


@pytest.mark.parametrize(
    "pile",
    ["3H 8C", "KS 10D", "JH 10S", "10S JH", "QC 8D", "10H 10S", "AS AD", "RJ 10S", "10S BJ",
     "3H 7C 4D"],
)
def test_add_to_ten_faces_and_jokers_never_count(pile: str) -> None:
    """Faces are neither 10 nor 0 (J on 10 is no slap); an ace is 1, never 11 or 14."""
    assert check("add-to-ten", pile) is None


@pytest.mark.parametrize(("pile", "slappable"), [
    ("6H 9C", True), ("9D 6S", True), ("2C 6H 9C", True),
    ("6H 6S", False), ("9H 9S", False), ("6H 2C 9S", False), ("6H 8C", False),
])
def test_sixty_nine_a_6_and_a_9_either_order(pile: str, slappable: bool) -> None:
    assert check("sixty-nine", pile) == ((-2, -1) if slappable else None)


@pytest.mark.parametrize(("pile", "slappable"), [
    ("2H 8H KH", True), ("5S 2H 8H KH", True), ("AC 2C 3C", True),
    ("2H 8H KD", False), ("8H KH", False), ("2H 8D KH", False), ("RJ RJ RJ", False),
])
def test_flush_three_of_a_suit_in_a_row(pile: str, slappable: bool) -> None:
    assert check("flush", pile) == ((-3, -2, -1) if slappable else None)


@pytest.mark.parametrize(("pile", "slappable"), [
    ("2H 8D KH 5D", True), ("2S 8C KS 5C", True), ("5S 2H 8D KH 3D", True),
    ("2H 8D KH 5S", False), ("8D KH 5D", False), ("5S 2H 8D KH", False),
    ("2H RJ KH 5D", False), ("2S BJ KS 5C", False), ("RJ 8D KH 5D", False),
])
def test_colour_four_of_a_colour_in_a_row_jokers_break_it(pile: str, slappable: bool) -> None:
    assert check("colour", pile) == ((-4, -3, -2, -1) if slappable else None)


@pytest.mark.parametrize(
    ("pile", "rank", "colour", "suit"),
    [
        ("3H 8C 5S 3D", True, True, False),  # a red three when the first three was red
        ("3H 8C 5S 3S", True, False, False),  # a black three does not do for colour
        ("3H 8C 5S 3H", True, True, True),  # two packs: the very same card again
        ("3C 8C 3S", True, True, False),
        ("3H 8C 5S 4H", False, False, False),
        ("3H", False, False, False),
    ],
)
def test_same_as_first_with_each_match_mode(
    pile: str, rank: bool, colour: bool, suit: bool
) -> None:
    """Wikipedia: "a red three if the first three played was red"."""
    for mode, slappable in (("rank", rank), ("colour", colour), ("suit", suit)):
        expected = (0, -1) if slappable else None
        assert check("same-as-first", pile, Ctx(same_as_first_match=mode)) == expected, mode


@pytest.mark.parametrize(
    ("pile", "n"),
    [("KS 5H 2C", 2), ("QS AH", 1), ("AS 4H 7D 3C", 3), ("AS 3H 5D 7C 4S", 4),
     ("BJ 2S 3S 4S 5S 6S 7S 8S 9S 2H 10H", 10)],
)
def test_counting_the_nth_card_played_has_the_value_n(pile: str, n: int) -> None:
    """Wikipedia: "if the number of the card played (e.g. the second card played) matches the
    card's value (in this case, a two)". An ace counts one."""
    assert check("counting", pile, Ctx(counting_n=n)) == (-1,)
    assert check("counting", pile, Ctx(counting_n=0)) is None  # not answering a challenge
    assert check("counting", pile, Ctx(counting_n=n + 1)) is None


@pytest.mark.parametrize(("pile", "n"), [("KS 5H 3C", 2), ("KS 2C 5H", 2), ("AS JH", 11),
                                         ("AS KD", 13), ("AS RJ", 1)])
def test_counting_needs_the_value_to_match(pile: str, n: int) -> None:
    assert check("counting", pile, Ctx(counting_n=n)) is None


@pytest.mark.parametrize(("pile", "slappable"), [
    ("5H RJ", True), ("5H BJ", True), ("RJ", True), ("RJ 5H", False), ("5H", False),
])
def test_joker_on_top(pile: str, slappable: bool) -> None:
    assert check("joker", pile) == ((-1,) if slappable else None)


# --- positions name the pattern's cards -------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "pile", "codes"),
    [
        ("double", "4C 9C 9H", "9C 9H"),
        ("sandwich", "4C 7H 2C 7S", "7H 2C 7S"),
        ("hoagie", "4C 5D 9C 2H 5S", "5D 9C 2H 5S"),
        ("run", "KC 4H 5S 6D 7C", "4H 5S 6D 7C"),
        ("top-bottom", "3H 8C KD 3S", "3H 3S"),
        ("marriage", "4C KH QS", "KH QS"),
        ("divorce", "4C KH 4D QS", "KH 4D QS"),
        ("add-to-ten", "KD 3H 7C", "3H 7C"),
        ("sixty-nine", "KD 6H 9C", "6H 9C"),
        ("flush", "KD 2H 8H KH", "2H 8H KH"),
        ("colour", "KS 2H 8D KH 5D", "2H 8D KH 5D"),
        ("same-as-first", "3H 8C 5S 10D 3D", "3H 3D"),
        ("counting", "KS 5H 2C", "2C"),
        ("joker", "5H RJ", "RJ"),
    ],
)
def test_returned_positions_are_the_patterns_cards(name: str, pile: str, codes: str) -> None:
    live = cards(pile)
    found = check(name, pile, Ctx(counting_n=2))
    assert found is not None
    assert [live[i] for i in found] == cards(codes)


# --- find_match -------------------------------------------------------------------------------


def rules(*names: str) -> list[SlapRule]:
    return [SLAP_RULES[n] for n in names]


def test_find_match_returns_the_first_rule_in_the_given_order() -> None:
    live = cards("7H 7S 7D")  # a double and a sandwich at once
    assert find_match(live, rules("double", "sandwich"), Ctx()) == (
        SLAP_RULES["double"], (-2, -1),
    )
    assert find_match(live, rules("sandwich", "double"), Ctx()) == (
        SLAP_RULES["sandwich"], (-3, -2, -1),
    )


def test_find_match_skips_rules_that_do_not_match() -> None:
    live = cards("9C 9H")
    assert find_match(live, rules("marriage", "run", "double"), Ctx()) == (
        SLAP_RULES["double"], (-2, -1),
    )


def test_find_match_only_uses_the_rules_in_play() -> None:
    assert find_match(cards("9C 9H"), rules("sandwich", "run"), Ctx()) is None
    assert find_match(cards("9C 9H"), [], Ctx()) is None
    assert find_match([], list(SLAP_RULES.values()), Ctx()) is None


def test_find_match_passes_the_context_on() -> None:
    live = cards("KS AH 2D")
    assert find_match(live, rules("run"), Ctx(run_wrap=False)) is None
    assert find_match(live, rules("run"), Ctx(run_wrap=True)) == (SLAP_RULES["run"], (-3, -2, -1))


# --- properties -------------------------------------------------------------------------------

RANK_CYCLE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, ACE)
BY_RANK_SUIT = {(c.rank, c.suit): c for c in CARDS.values()}


@st.composite
def run_prone_piles(draw: st.DrawFn) -> list[Card]:
    """Piles that often contain runs (going round the corner too), with the odd joker."""
    index = draw(st.integers(0, 12))
    pile = []
    for step in draw(st.lists(st.sampled_from([1, 1, -1, -1, 0, 2, 6]), max_size=9)):
        if draw(st.integers(0, 15)) == 0:
            pile.append(CARDS[draw(st.sampled_from(["RJ", "BJ"]))])
            continue
        index = (index + step) % 13
        pile.append(BY_RANK_SUIT[RANK_CYCLE[index], draw(st.sampled_from("SHDC"))])
    return pile


def is_run(ranks: Sequence[int], wrap: bool) -> bool:
    """Independent definition: ranks go up or down one at a time.

    Without wrap each ace is 1 or 14 (so it can only end a run); with wrap ranks go round
    modulo 13.
    """
    if len(ranks) < 3 or JOKER in ranks:
        return False
    if wrap:
        steps = {(b - a) % 13 for a, b in pairwise(ranks)}
        return steps in ({1}, {12})

    def values(r: int) -> set[int]:
        return {1, 14} if r == ACE else {r}

    return any(
        all(start + i * d in values(r) for i, r in enumerate(ranks))
        for d in (1, -1)
        for start in values(ranks[0])
    )


@given(pile=run_prone_piles(), wrap=st.booleans())
def test_run_reports_the_longest_run_ending_on_top(pile: list[Card], wrap: bool) -> None:
    ranks = [c.rank for c in pile]
    longest = max((k for k in range(3, len(pile) + 1) if is_run(ranks[-k:], wrap)), default=0)
    expected = tuple(range(-longest, 0)) if longest else None
    assert SLAP_RULES["run"].check(pile, Ctx(run_wrap=wrap)) == expected


@given(
    pile=st.lists(st.sampled_from(sorted(CARDS)), max_size=8).map(cards) | run_prone_piles(),
    wrap=st.booleans(),
    match=st.sampled_from(["rank", "colour", "suit"]),
    n=st.integers(0, 13),
)
def test_every_rule_accepts_any_pile_and_names_real_cards_including_the_top(
    pile: list[Card], wrap: bool, match: str, n: int
) -> None:
    ctx = Ctx(run_wrap=wrap, same_as_first_match=match, counting_n=n)
    for rule in SLAP_RULES.values():
        found = rule.check(pile, ctx)
        if found is not None:
            assert -1 in found
            assert len({i % len(pile) for i in found}) == len(found)
            assert all(-len(pile) <= i < len(pile) for i in found)


GAP_RULES = [r for r in SLAP_RULES.values() if r.same_rank_gap]


def test_double_sandwich_and_hoagie_are_declared_as_same_rank_gaps() -> None:
    assert {r.name: r.same_rank_gap for r in GAP_RULES} == {"double": 1, "sandwich": 2, "hoagie": 3}


@pytest.mark.parametrize("rule", GAP_RULES, ids=lambda r: r.name)
@given(pile=st.lists(st.sampled_from(sorted(CARDS.values(), key=lambda c: c.code)), max_size=7))
def test_a_same_rank_gap_says_exactly_what_the_check_function_says(
    rule: SlapRule, pile: list[Card]
) -> None:
    """The engine tests gap rules inline; this holds the declaration to the function."""
    gap = rule.same_rank_gap
    inline = len(pile) > gap and pile[-1 - gap].rank == pile[-1].rank
    found = rule.check(pile, Ctx())
    assert (found is not None) == inline
    if inline:
        assert found == tuple(range(-1 - gap, 0))
