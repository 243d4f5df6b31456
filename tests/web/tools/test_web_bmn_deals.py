"""The Beggar-My-Neighbour lab's deals (web/tools/bmn/deals.py): the analyser's answer is the game
the table plays with the lab's cards."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import card
from ratscrew.core.engine import Game
from ratscrew.tools.bmn import BmnError, analyse, parse_hand
from web.tools.bmn.deals import FAMOUS, MAX_HAND_CHARS, card_codes, random_deal, read_hand


def played(p1: tuple[int, ...], p2: tuple[int, ...]) -> tuple[str, int, int, int | None]:
    """The deal played by the engine with the lab's cards: status, cards, tricks, winner
    (1 or 2, as the analyser numbers players)."""
    hands = [[card(code) for code in hand] for hand in card_codes(p1, p2)]
    game = Game("bmn", 2, hands=hands)
    while game.outcome is None:
        game.flip(game.to_act(), game.t + 10)
    outcome = game.outcome
    status = {"win": "finished"}.get(outcome.status, outcome.status)
    winner = None if outcome.winner is None else outcome.winner + 1
    return status, game.cards_played, game.tricks, winner


@pytest.mark.parametrize("deal", FAMOUS, ids=[d.name for d in FAMOUS])
def test_each_famous_deal_plays_on_the_table_as_analysed(deal: object) -> None:
    p1, p2 = (read_hand(h, n) for n, h in enumerate(deal.hands, 1))  # type: ignore[attr-defined]
    result = analyse(p1, p2)
    assert played(p1, p2) == (result.status, result.cards, result.tricks, result.winner)


def test_the_famous_deals_are_what_they_say() -> None:
    results = [analyse(*deal.hands) for deal in FAMOUS]
    assert [(r.status, r.cards) for r in results[:2]] == [("finished", 85), ("finished", 584)]
    assert results[2].status == "loop" and len(FAMOUS[2].hands[0] + FAMOUS[2].hands[1]) == 52
    assert results[3].status == "loop"


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=12))
def test_random_deals_are_whole_packs_and_play_as_analysed(seed: str) -> None:
    hands = random_deal(seed)
    assert random_deal(seed) == hands
    p1, p2 = (parse_hand(h) for h in hands)
    assert len(p1) == len(p2) == 26
    assert Counter(p1 + p2) == {0: 36, 1: 4, 2: 4, 3: 4, 4: 4}
    result = analyse(p1, p2)
    assert played(p1, p2) == (result.status, result.cards, result.tricks, result.winner)


def test_the_cards_come_from_one_pack() -> None:
    codes = card_codes(parse_hand("-" * 18 + "JQKA" * 2), parse_hand("-" * 18 + "JQKA" * 2))
    flat = [c for hand in codes for c in hand]
    assert len(flat) == len(set(flat)) == 52
    with pytest.raises(BmnError, match="more than 4 As"):
        card_codes(parse_hand("AAA"), parse_hand("AA"))
    with pytest.raises(BmnError, match="more than 36 number cards"):
        card_codes(parse_hand("-" * 30), parse_hand("-" * 7))


def test_a_hand_too_long_is_refused_unread() -> None:
    with pytest.raises(BmnError, match=f"longer than {MAX_HAND_CHARS}"):
        read_hand("-" * (MAX_HAND_CHARS + 1), 2)
    with pytest.raises(BmnError, match="hand 1, position 3"):
        read_hand("--x", 1)
