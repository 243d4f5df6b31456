"""Cards, decks and the deal: what the engine, the CLI and the page rely on."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import (
    ACE,
    CARDS,
    JACK,
    JOKER,
    JOKERS,
    KING,
    KNIGHT,
    PAGE,
    QUEEN,
    STANDARD_DECK,
    TAROT_DECK,
    TAROT_SUITS,
    Card,
    CardError,
    build_deck,
    card,
    cards,
    codes,
    deal,
)
from ratscrew.core.rng import MAX_SEED, Rng

ALL_CODES = sorted(CARDS)
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def tally(seq: list[Card]) -> Counter[str]:
    return Counter(c.code for c in seq)


# --- card codes -------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_round_trips(code: str) -> None:
    assert card(code).code == code
    assert card(code) is CARDS[code]


@pytest.mark.parametrize("code", ALL_CODES)
def test_codes_are_case_insensitive(code: str) -> None:
    assert card(code.lower()) is card(code)
    assert card(code.swapcase()) is card(code)


@pytest.mark.parametrize("suit", "SHDC")
def test_T_means_ten(suit: str) -> None:
    assert card("T" + suit) is card("10" + suit)
    assert card("t" + suit.lower()) is card("10" + suit)
    assert card("T" + suit).rank == 10


def test_surrounding_whitespace_is_ignored() -> None:
    assert card("  qs\n") is card("QS")


@pytest.mark.parametrize(
    "bad",
    ["", " ", "1H", "11H", "01H", "0H", "1", "10", "H10", "QX", "XS", "JOKER", "J", "T",
     "TJ", "10HH", "Q S", "RJJ", "AJ", "♠A"],
)
def test_bad_codes_raise_card_error_with_a_helpful_message(bad: str) -> None:
    with pytest.raises(CardError) as info:
        card(bad)
    message = str(info.value)
    assert repr(bad) in message  # names what was wrong
    for hint in ("2-10", "J, Q, K, A", "S, H, D, C", "RJ", "BJ"):  # and says what is right
        assert hint in message


@pytest.mark.parametrize("bad", [10, None, 10.0, ["10H"]])
def test_a_code_that_is_not_text_raises_card_error(bad: object) -> None:
    with pytest.raises(CardError, match="not a card code"):
        card(bad)  # type: ignore[arg-type]


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


def test_cards_reads_codes_separated_by_spaces_or_commas_and_codes_is_its_inverse() -> None:
    hand = cards("10H, qs  AD,td")
    assert hand == [card("10H"), card("QS"), card("AD"), card("10D")]
    assert codes(hand) == "10H QS AD 10D"
    assert cards(codes(hand)) == hand
    assert cards(["9c", "RJ"]) == [card("9C"), card("RJ")]
    assert cards("") == []


def test_repr_pastes_back() -> None:
    for c in CARDS.values():
        assert eval(repr(c), {"card": card}) is c
        assert str(c) == c.code


# --- the 52 standard cards and the jokers -----------------------------------------------------


def test_standard_deck_has_52_unique_cards() -> None:
    assert len(STANDARD_DECK) == 52
    assert len(set(STANDARD_DECK)) == 52
    assert len({c.code for c in STANDARD_DECK}) == 52
    assert {(c.rank, c.suit) for c in STANDARD_DECK} == {
        (r, s) for r in range(2, 15) for s in "SHDC"
    }
    assert not any(c.is_joker for c in STANDARD_DECK)
    assert Counter(c.suit for c in STANDARD_DECK) == dict.fromkeys("SHDC", 13)


@pytest.mark.parametrize("code", ALL_CODES)
def test_red_suits_are_hearts_and_diamonds_and_for_tarot_cups_and_pentacles(code: str) -> None:
    c = card(code)
    assert c.red == (c.suit in ("H", "D", "R", "CU", "PE"))


@pytest.mark.parametrize("rank", RANKS)
def test_rank_codes_and_names(rank: str) -> None:
    c = card(rank + "S")
    assert c.code == rank + "S"
    expected = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}.get(rank, rank)
    assert c.name == f"{expected} of Spades"


def test_face_cards_are_jack_queen_king_and_ace() -> None:
    """The challenging cards of classic rules: J, Q, K and A; no number card, no joker."""
    faces = {c.code for c in STANDARD_DECK + JOKERS if c.is_face}
    assert faces == {r + s for r in "JQKA" for s in "SHDC"}
    assert (card("JH").rank, card("QH").rank, card("KH").rank, card("AH").rank) == (
        JACK, QUEEN, KING, ACE,
    )


def test_counting_value_ace_is_one_jokers_are_zero() -> None:
    assert card("AS").value == 1
    assert [card(f"{n}H").value for n in range(2, 11)] == list(range(2, 11))
    assert (card("JC").value, card("QC").value, card("KC").value) == (11, 12, 13)
    assert card("RJ").value == card("BJ").value == 0


def test_jokers() -> None:
    red, black = card("RJ"), card("BJ")
    assert (red, black) == JOKERS
    for j in JOKERS:
        assert j.is_joker and j.rank == JOKER
        assert not j.is_face
        assert j not in STANDARD_DECK
    assert red.red and not black.red
    assert (red.suit, black.suit) == ("R", "B")
    assert (red.name, black.name) == ("Red Joker", "Black Joker")
    assert len(CARDS) == 54 + 78  # the standard cards, the jokers and the Tarot


def test_equal_codes_are_the_same_object_and_cards_are_hashable() -> None:
    assert card("9h") == card("9H")
    assert card("9H") != card("9S")
    assert len({card("9H"), card("9h"), card("9S")}) == 2


def test_cards_are_immutable() -> None:
    """Every deck shares the same card objects: changing one would change them all."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        card("9H").rank = 10  # type: ignore[misc]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickling_a_card_gives_the_same_object(protocol: int) -> None:
    for c in CARDS.values():
        assert pickle.loads(pickle.dumps(c, protocol=protocol)) is c
    hands = [cards("AS 10H RJ"), cards("AS")]
    back = pickle.loads(pickle.dumps(hands, protocol=protocol))
    assert back == hands and back[0][0] is back[1][0] is card("AS")


def test_copying_a_card_gives_the_same_object() -> None:
    c = card("QD")
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert copy.deepcopy([c, c])[1] is c


# --- build_deck -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "jokers", "size"),
    [(1, 0, 52), (2, 0, 104), (1, 2, 54), (2, 3, 107), (8, 16, 432), (0, 1, 1), (0, 3, 3)],
)
def test_build_deck_sizes(decks: int, jokers: int, size: int) -> None:
    deck = build_deck(decks, jokers)
    assert len(deck) == size
    counts = tally(deck)
    for c in STANDARD_DECK:
        assert counts[c.code] == decks
    assert counts["RJ"] == (jokers + 1) // 2  # red and black alternately, red first
    assert counts["BJ"] == jokers // 2


def test_build_deck_default_is_one_standard_pack_in_a_fixed_order() -> None:
    assert build_deck() == list(STANDARD_DECK)
    assert build_deck() == build_deck()
    assert build_deck(0, 3) == cards("RJ BJ RJ")


def test_build_deck_returns_a_fresh_list() -> None:
    deck = build_deck()
    deck.pop()
    assert len(build_deck()) == 52


@pytest.mark.parametrize(("decks", "jokers"), [(0, 0), (-1, 0), (1, -1), (-1, 5), (-2, -2)])
def test_build_deck_errors(decks: int, jokers: int) -> None:
    with pytest.raises(ValueError, match="at least one pack or one joker"):
        build_deck(decks, jokers)


# --- deal -------------------------------------------------------------------------------------


def test_deal_without_rng_keeps_the_order_one_card_at_a_time() -> None:
    deck = build_deck()
    hands = deal(deck, 4, None, dealer=3)
    for seat in range(4):
        assert hands[seat] == deck[seat::4]


def test_deal_starts_with_the_player_after_the_dealer() -> None:
    deck = build_deck()
    hands = deal(deck, 4, None, dealer=1)
    assert hands[2][0] is deck[0]
    assert hands[3][0] is deck[1]
    assert hands[0][0] is deck[2]
    assert hands[1][0] is deck[3]  # the dealer receives last in each round
    assert hands[2][1] is deck[4]


def test_the_first_card_a_player_receives_is_their_top_card() -> None:
    deck = cards("2S 3S 4S 5S 6S")
    hands = deal(deck, 2, None, dealer=1)
    assert hands == [cards("2S 4S 6S"), cards("3S 5S")]


@pytest.mark.parametrize(
    ("players", "dealer", "direction", "sizes"),
    [
        (5, 4, 1, [11, 11, 10, 10, 10]),  # seats 0 and 1 follow the dealer
        (5, 2, 1, [10, 10, 10, 11, 11]),
        (5, 3, 1, [11, 10, 10, 10, 11]),
        (5, 0, -1, [10, 10, 10, 11, 11]),  # counter-clockwise: seats 4 then 3
        (5, 1, -1, [11, 10, 10, 10, 11]),  # seats 0 then 4
        (3, 2, 1, [18, 17, 17]),
        (3, 0, -1, [17, 17, 18]),
        (4, 0, 1, [13, 13, 13, 13]),
        (1, 0, 1, [52]),
    ],
)
def test_extra_cards_go_one_each_to_the_players_after_the_dealer(
    players: int, dealer: int, direction: int, sizes: list[int]
) -> None:
    hands = deal(build_deck(), players, None, dealer, direction)
    assert [len(h) for h in hands] == sizes


def test_deal_counter_clockwise_goes_to_lower_seats_first() -> None:
    deck = build_deck()
    hands = deal(deck, 3, None, dealer=0, direction=-1)
    assert hands[2][0] is deck[0]
    assert hands[1][0] is deck[1]
    assert hands[0][0] is deck[2]


def test_dealer_minus_one_is_the_last_seat() -> None:
    deck = build_deck(1, 2)
    for direction in (1, -1):
        assert deal(deck, 5, None, -1, direction) == deal(deck, 5, None, 4, direction)


def test_deal_with_rng_shuffles_reproducibly_and_leaves_the_deck_alone() -> None:
    deck = build_deck()
    before = list(deck)
    hands = deal(deck, 4, Rng(7), dealer=0)
    assert deck == before
    assert hands == deal(deck, 4, Rng(7), dealer=0)
    assert hands != deal(deck, 4, Rng(8), dealer=0)
    assert hands != deal(deck, 4, None, dealer=0)
    assert tally([c for h in hands for c in h]) == tally(deck)


def test_deal_is_the_shuffled_order_dealt_round_the_table() -> None:
    deck = build_deck(2, 2)
    order = list(deck)
    Rng(99).shuffle(order)
    assert deal(deck, 6, Rng(99), 2, -1) == deal(order, 6, None, 2, -1)


def test_deal_needs_a_player() -> None:
    with pytest.raises(ValueError, match="at least one player"):
        deal(build_deck(), 0, None, 0)


@pytest.mark.parametrize("direction", [0, 2, -2])
def test_deal_direction_is_one_or_minus_one(direction: int) -> None:
    with pytest.raises(ValueError, match="direction"):
        deal(build_deck(), 3, None, 0, direction)


def test_deal_of_no_cards_gives_empty_hands() -> None:
    assert deal([], 3, Rng(1), 0) == [[], [], []]


@settings(deadline=None)
@given(
    decks=st.integers(0, 3),
    jokers=st.integers(0, 4),
    players=st.integers(1, 9),
    dealer_pick=st.integers(-1, 8),
    seed=st.integers(0, MAX_SEED) | st.none(),
    direction=st.sampled_from([1, -1]),
)
def test_deal_conserves_cards_for_any_deck_players_dealer_and_seed(
    decks: int, jokers: int, players: int, dealer_pick: int, seed: int | None, direction: int
) -> None:
    if decks + jokers == 0:
        jokers = 1
    dealer = dealer_pick if dealer_pick < players else dealer_pick % players
    deck = build_deck(decks, jokers)
    hands = deal(deck, players, None if seed is None else Rng(seed), dealer, direction)

    assert len(hands) == players
    assert tally([c for h in hands for c in h]) == tally(deck)  # every card dealt exactly once

    base, extra = divmod(len(deck), players)
    lucky = {(dealer + k * direction) % players for k in range(1, extra + 1)}
    for seat, hand in enumerate(hands):
        assert len(hand) == base + (seat in lucky)

    # card i of the (shuffled) order is the (i // players)-th card of the i-th seat in turn
    order = list(deck)
    if seed is not None:
        Rng(seed).shuffle(order)
    for i, c in enumerate(order):
        seat = (dealer + (i + 1) * direction) % players
        assert hands[seat][i // players] is c


# --- the Tarot deck (K.U.R.S.) ----------------------------------------------------------------

TAROT_CODES = [c.code for c in TAROT_DECK]
TAROT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "P", "N", "Q", "K")


@pytest.mark.parametrize("code", TAROT_CODES)
def test_every_tarot_code_round_trips_in_any_case(code: str) -> None:
    c = card(code)
    assert c.code == code and c in TAROT_DECK
    assert card(code.lower()) is c and card(code.swapcase()) is c
    assert cards(codes([c, c])) == [c, c]


def test_the_tarot_deck_is_14_cards_in_each_of_4_suits_and_22_major_arcana() -> None:
    expected = [r + s for s in TAROT_SUITS for r in TAROT_RANKS]
    expected += [f"M{n}" for n in range(1, 23)]
    assert expected == TAROT_CODES
    assert len(set(TAROT_CODES)) == 78
    assert not set(TAROT_CODES) & {c.code for c in STANDARD_DECK + JOKERS}


@pytest.mark.parametrize("suit", TAROT_SUITS)
def test_T_means_ten_for_tarot_suits_too(suit: str) -> None:
    assert card("T" + suit) is card("10" + suit)
    assert card("t" + suit.lower()) is card("10" + suit)
    assert card("T" + suit).rank == 10


@pytest.mark.parametrize(
    ("code", "name"),
    [("QCU", "Queen of Cups"), ("10SW", "10 of Swords"), ("NPE", "Knight of Pentacles"),
     ("PWA", "Page of Wands"), ("AWA", "Ace of Wands"), ("KSW", "King of Swords"),
     ("2PE", "2 of Pentacles"), ("M1", "The Fool"), ("M8", "Strength"),
     ("M13", "Death"), ("M16", "Wheel of Fortune"), ("M22", "The World")],
)
def test_tarot_names(code: str, name: str) -> None:
    assert card(code).name == name


def test_tarot_faces_are_page_knight_queen_and_king() -> None:
    """K.U.R.S.: "Page: 1 chance, Knight: 2, Queen: 3, King: 4"; "Aces are 'number' cards";
    the Major Arcana are neither."""
    faces = {c.code for c in TAROT_DECK if c.is_face}
    assert faces == {r + s for r in "PNQK" for s in TAROT_SUITS}
    assert (card("PCU").rank, card("NCU").rank, card("QCU").rank, card("KCU").rank) == (
        PAGE, KNIGHT, QUEEN, KING)
    assert not card("ACU").is_face and card("ACU").rank == ACE
    assert not any(c.is_face for c in TAROT_DECK if c.is_arcana)


def test_tarot_counting_values_ace_1_to_king_14_and_arcana_0() -> None:
    assert [card(r + "WA").value for r in TAROT_RANKS] == list(range(1, 15))
    assert {c.value for c in TAROT_DECK if c.is_arcana} == {0}


def test_the_major_arcana_carry_their_rider_waite_numerals() -> None:
    """The seed's list has its own order (Strength 8th, the Wheel 16th); the cards print the
    usual Roman numerals."""
    printed = {
        "The Fool": "0", "The Magician": "I", "The High Priestess": "II", "The Empress": "III",
        "The Emperor": "IV", "The Hierophant": "V", "The Lovers": "VI", "The Chariot": "VII",
        "Strength": "VIII", "The Hermit": "IX", "Wheel of Fortune": "X", "Justice": "XI",
        "The Hanged Man": "XII", "Death": "XIII", "Temperance": "XIV", "The Devil": "XV",
        "The Tower": "XVI", "The Star": "XVII", "The Moon": "XVIII", "The Sun": "XIX",
        "Judgement": "XX", "The World": "XXI",
    }
    arcana = [c for c in TAROT_DECK if c.is_arcana]
    assert {c.name: c.numeral for c in arcana} == printed
    assert [c.arcana for c in arcana] == list(range(1, 23))
    assert card("QCU").numeral == card("QS").numeral == ""


def test_no_two_major_arcana_make_a_double_or_a_run() -> None:
    ranks = sorted(c.rank for c in TAROT_DECK if c.is_arcana)
    assert all(b - a >= 2 for a, b in pairwise(ranks))
    assert not {c.rank for c in TAROT_DECK if c.is_arcana} & {
        c.rank for c in TAROT_DECK + STANDARD_DECK + JOKERS if not c.is_arcana}


@pytest.mark.parametrize(
    "bad", ["M0", "M23", "M", "MM", "M1A", "PX", "PH", "NS", "JCU", "1WA", "11CU", "10W", "CU",
            "T", "TM1"],
)
def test_bad_tarot_codes_raise_a_card_error_naming_the_tarot_form(bad: str) -> None:
    with pytest.raises(CardError) as info:
        card(bad)
    message = str(info.value)
    assert repr(bad) in message
    for hint in ("A, 2-10, P, N, Q, K", "WA, CU, SW, PE", "QCU", "M1 to M22"):
        assert hint in message
