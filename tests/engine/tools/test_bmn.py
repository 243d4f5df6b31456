"""Beggar-My-Neighbour deal analyser: rules, parsing, and the fast path against the reference."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratscrew.tools.bmn import (
    BmnError,
    BmnGame,
    BmnResult,
    analyse,
    format_hand,
    format_result,
    parse_deal_line,
    parse_hand,
)

# --- worked examples (from an independent simulator) ------------------------------------------

WORKED = [
    (
        "-----A--KQ--J--J--KKA-K---",
        "---J---QJA---------AQ----Q",
        BmnResult("finished", 85, 12, 1),
        "finished: 85 cards, 12 tricks, player 1 wins",
    ),
    (
        "JQ-K---A-----A----Q--KK-A-",
        "----JJ-QQ--A--------K--J--",
        BmnResult("finished", 584, 80, 2),
        "finished: 584 cards, 80 tricks, player 2 wins",
    ),
    (
        "J--",
        "-J-",
        BmnResult("loop", 8, 3, None),
        "loop: 8 cards, 3 tricks before the deal repeats",
    ),
]


@pytest.mark.parametrize(("p1", "p2", "expected", "line"), WORKED)
def test_worked_examples(p1: str, p2: str, expected: BmnResult, line: str) -> None:
    result = analyse(p1, p2)
    assert result == expected
    assert format_result(result) == line
    assert BmnGame(p1, p2).run() == expected


def test_worked_examples_from_a_deal_line() -> None:
    p1, p2, expected, _ = WORKED[0]
    assert analyse(*parse_deal_line(f"{p1} {p2}")) == expected
    assert analyse(*parse_deal_line(f"  {p1} /  {p2}\n")) == expected


def test_loop_is_reported_at_the_start_of_the_repeated_trick() -> None:
    # J-- vs -J- repeats after three tricks: three tricks' worth of counts, not more.
    assert analyse("J--", "-J-", max_tricks=2) == BmnResult("unfinished", 5, 2, None)
    assert analyse("J--", "-J-", max_tricks=3) == BmnResult("loop", 8, 3, None)
    game = BmnGame("J--", "-J-")
    first = game.play_trick()
    after_first = game.hands
    assert (first.taker, after_first, game.status) == (1, ((0, 0, 1, 0), (1, 0)), "playing")
    game.play_trick()
    assert game.status == "playing"
    game.play_trick()  # player 1 takes and leads again with the same hands as after trick 1
    assert (game.hands, game.leader, game.status) == (after_first, 1, "loop")
    assert game.result() == BmnResult("loop", 8, 3, None)
    with pytest.raises(BmnError, match="game is over"):
        game.play_trick()


# --- the seed's worked trick ------------------------------------------------------------------
# "A plays a queen; B plays a six and then a jack; A plays an ace; B plays 3,7,king; A plays
# 10,4,6. The king has been paid for so B takes the centre pile."  That is ten cards.

SEED_PILE = (2, 0, 1, 4, 0, 0, 3, 0, 0, 0)  # Q 6 J A 3 7 K 10 4 6


def test_seed_trick_step_by_step() -> None:
    game = BmnGame("Q A 10 4 6 2", "6 J 3 7 K 5")
    trick = game.play_trick()
    assert trick.number == 1
    assert trick.leader == 1
    assert trick.taker == 2  # B takes the centre pile
    assert trick.pile == SEED_PILE
    assert not trick.forfeit
    assert game.hands == ((0,), (0, *SEED_PILE))  # under B's 5, in the order played
    assert game.leader == 2
    assert game.status == "playing"
    assert (game.cards, game.tricks) == (10, 1)


def test_seed_trick_with_analyse() -> None:
    assert analyse("QA1046", "6J37K") == BmnResult("finished", 10, 1, 2)
    assert analyse("Q A 10 4 6 2", "6 J 3 7 K 5", max_tricks=1) == BmnResult(
        "unfinished", 10, 1, None
    )


# --- rules at the edges -----------------------------------------------------------------------


def test_laying_the_last_card_is_not_out_yet() -> None:
    # Player 1's only card is an ace; player 2 pays four number cards and player 1 takes the
    # pile back (and wins, since player 2 is now empty).
    assert analyse("A", "----") == BmnResult("finished", 5, 1, 1)
    # With a fifth card player 2 survives the first trick, then cannot finish paying the ace.
    assert analyse("A", "-----") == BmnResult("finished", 7, 2, 1)
    game = BmnGame("A", "-----")
    first = game.play_trick()
    assert (first.taker, first.forfeit, first.pile) == (1, False, (4, 0, 0, 0, 0))
    assert game.hands == ((4, 0, 0, 0, 0), (0,))
    second = game.play_trick()
    assert (second.taker, second.forfeit, second.pile) == (1, True, (4, 0))
    # Player 1's last card is a king; player 2 answers with a jack, so player 1 must pay
    # with no cards and only then loses.
    assert analyse("K", "-J-") == BmnResult("finished", 3, 1, 2)


def test_must_pay_with_no_cards_loses_at_once_and_counts_as_a_trick() -> None:
    assert analyse("K", "--") == BmnResult("finished", 3, 1, 1)
    game = BmnGame("K", "--")
    trick = game.play_trick()
    assert (trick.taker, trick.forfeit, trick.pile) == (1, True, (3, 0, 0))
    assert game.hands == ((3, 0, 0), ())
    assert (game.status, game.winner, game.tricks) == ("finished", 1, 1)


def test_must_play_with_no_cards_loses_at_once() -> None:
    # No pay card at all: player 1 runs out on their second turn, player 2 takes the pile.
    assert analyse("-", "--") == BmnResult("finished", 2, 1, 2)
    assert analyse("--", "-") == BmnResult("finished", 3, 1, 1)


def test_empty_hand_at_end_of_trick_ends_the_game() -> None:
    # Player 2 pays the jack with their last card: the trick ends and nothing more is played
    # (player 2 does not go on to forfeit a second trick).
    assert analyse("J", "-") == BmnResult("finished", 2, 1, 1)
    # Player 2 lays their last card, a jack; player 1 pays it with their last card.
    assert analyse("--", "J") == BmnResult("finished", 3, 1, 2)


def test_pile_goes_under_in_the_order_played() -> None:
    # 1 lays Q; 2 pays "-" then "J", which stops the payment; 1 pays "-" for the jack, so 2
    # takes the pile and puts it under their remaining "--", first card laid first.
    game = BmnGame("Q-", "-J--")
    trick = game.play_trick()
    assert (trick.pile, trick.taker) == ((2, 0, 1, 0), 2)
    assert game.hands == ((), (0, 0, 2, 0, 1, 0))
    assert (game.status, game.winner) == ("finished", 2)


# --- parsing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("-JQKA", (0, 1, 2, 3, 4)),
        ("3K10A5", (0, 3, 0, 4, 0)),
        ("10", (0,)),
        ("1010", (0, 0)),
        ("T9t", (0, 0, 0)),
        ("jqka", (1, 2, 3, 4)),
        ("10H QS 3D", (0, 2, 0)),
        ("10h,qs,3d,AC", (0, 2, 0, 4)),
        ("- J 10 q", (0, 1, 0, 2)),
        ("2 3 4 5 6 7 8 9", (0,) * 8),
        ("\t-,-\n", (0, 0)),
    ],
)
def test_parse_hand(text: str, expected: tuple[int, ...]) -> None:
    assert parse_hand(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "2345X",
            "hand 2, position 5: 'X' is not a card; use - for a number card, or 2-10, J, Q, K, A",
        ),
        ("", "hand 2 is empty: each hand needs at least one card"),
        (" , ,", "hand 2 is empty: each hand needs at least one card"),
        ("J1", "hand 2, position 2: '1' is not a card; ten is written 10 or T"),
        ("1J", "hand 2, position 1: '1' is not a card; ten is written 10 or T"),
        ("0", "hand 2, position 1: '0' is not a card"),
        ("-S", "hand 2, position 2: 'S' is a suit letter, which may only follow a rank"),
        ("3 D", "hand 2, position 3: 'D' is a suit letter, which may only follow a rank"),
        ("QSH", "hand 2, position 3: 'H' is a suit letter, which may only follow a rank"),
    ],
)
def test_parse_hand_errors(text: str, message: str) -> None:
    with pytest.raises(BmnError) as info:
        parse_hand(text, 2)
    assert str(info.value).startswith(message)
    assert isinstance(info.value, ValueError)


def test_errors_name_the_hand() -> None:
    with pytest.raises(BmnError, match=r"^hand 2, position 2: 'X'"):
        analyse("--", "-X")
    with pytest.raises(BmnError, match=r"^hand 1 is empty"):
        analyse("", "-")
    with pytest.raises(BmnError, match=r"^hand 1, position 2: 5 is not a payment value"):
        analyse([0, 5], [1])
    with pytest.raises(BmnError, match=r"^hand 2, position 1: 1.0 is not a payment value"):
        analyse([0], [1.0])  # type: ignore[list-item]
    with pytest.raises(BmnError, match=r"^hand 2 is empty"):
        analyse([0], [])
    with pytest.raises(BmnError, match=r"^hand 1: 5 is not a hand"):
        analyse(5, "-")  # type: ignore[arg-type]
    with pytest.raises(BmnError, match="max_tricks"):
        analyse("-", "-", max_tricks=-1)


def test_parse_deal_line() -> None:
    assert parse_deal_line("-J- J--") == ((0, 1, 0), (1, 0, 0))
    assert parse_deal_line("\t-J-   J--\n") == ((0, 1, 0), (1, 0, 0))
    assert parse_deal_line("10H QS 3D / 4C JD 2S") == ((0, 2, 0), (0, 1, 0))
    assert parse_deal_line("3,K,10 A,5") == ((0, 3, 0), (4, 0))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "has 0 fields"),
        ("-J-", "has 1 field$"),
        ("10H QS 3D", "has 3 fields"),
        ("- / - / -", "has 3 parts"),
        ("--- / ", "^hand 2 is empty"),
        ("-Z / -", "^hand 1, position 2: 'Z' is not a card"),
    ],
)
def test_parse_deal_line_errors(line: str, message: str) -> None:
    with pytest.raises(BmnError, match=message):
        parse_deal_line(line)


def test_format_hand_round_trips() -> None:
    assert format_hand((0, 1, 2, 3, 4)) == "-JQKA"
    assert parse_hand(format_hand((4, 0, 0, 3))) == (4, 0, 0, 3)


def test_format_result_and_to_dict() -> None:
    assert (
        format_result(BmnResult("finished", 1, 1, 2)) == "finished: 1 card, 1 trick, player 2 wins"
    )
    assert format_result(BmnResult("unfinished", 10, 1, None)) == (
        "unfinished: 10 cards, 1 trick, stopped at the trick limit"
    )
    assert BmnResult("loop", 8, 3, None).to_dict() == {
        "status": "loop",
        "cards": 8,
        "tricks": 3,
        "winner": None,
    }


# --- the fast path against the trick-by-trick reference ---------------------------------------


@pytest.mark.parametrize(("values", "size"), [((0, 1), 9), ((0, 1, 2), 6)])
def test_every_tiny_deal_agrees_with_the_reference(values: tuple[int, ...], size: int) -> None:
    # Every deal of `size` cards drawn from `values`, split every way; some of them loop.
    statuses = set()
    for cards in itertools.product(values, repeat=size):
        for cut in range(1, size):
            p1, p2 = cards[:cut], cards[cut:]
            result = analyse(p1, p2)
            assert result == BmnGame(p1, p2).run(), (p1, p2)
            statuses.add(result.status)
    assert statuses == {"finished", "loop"}


hands = st.lists(st.integers(0, 4), min_size=1, max_size=12)


@given(hands, hands)
def test_analyse_is_deterministic_and_matches_the_reference(p1: list[int], p2: list[int]) -> None:
    result = analyse(p1, p2)
    assert result == analyse(tuple(p1), tuple(p2))
    assert result == analyse(format_hand(p1), format_hand(p2))
    assert result == BmnGame(p1, p2).run()
    assert result.status in ("finished", "loop")
    assert (result.winner is None) == (result.status == "loop")


@given(hands, hands)
def test_cards_are_conserved(p1: list[int], p2: list[int]) -> None:
    everything = sorted(p1 + p2)
    game = BmnGame(p1, p2)
    laid = 0
    while game.status == "playing":
        before = game.hands
        trick = game.play_trick()
        laid += len(trick.pile)
        h1, h2 = game.hands
        assert sorted(h1 + h2) == everything
        taken = h1 if trick.taker == 1 else h2
        assert taken[len(taken) - len(trick.pile) :] == trick.pile
        assert sum(map(len, before)) == sum(map(len, game.hands))
        assert trick.number == game.tricks
    assert laid == game.cards
    if game.status == "finished":
        winner_hand = game.hands[game.winner - 1] if game.winner else ()
        assert sorted(winner_hand) == everything
    assert game.result() == analyse(p1, p2)
