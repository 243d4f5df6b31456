"""The game engine against the rule texts: one test per rule sentence, worked example or option.

Games are built from explicit hands (top card first), so every test is exact. Seats are 0-based
and clockwise; the sentences the players read say "player 1" for seat 0. The rule texts quoted:

* 000 - K.U.R.S., its "Traditional ERF Rules" part;
* 001 - "Rules for Egyptian Rat F**k";
* 002 - the boxed Egyptian Rat Screw game ("Playing the Game", "Face or Ace", "Slapping");
* 004 - the Egyptian Ratscrew article and the Beggar-My-Neighbour page.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import CARDS, RANK_CODES, STANDARD_DECK, Card, cards, codes
from ratscrew.core.engine import Action, ActionError, Decision, Game, Outcome
from ratscrew.core.events import (
    Asked,
    ChallengeWon,
    Chose,
    Event,
    Flipped,
    GameOver,
    Ignored,
    OutOfCards,
    PileTaken,
    PlayOn,
    WrongSlap,
)
from ratscrew.core.options import Rules
from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES, find_match
from ratscrew.tools.bmn import analyse
from ratscrew.variants.classic import CLASSIC
from tests.helpers import flip, flips, only, slap, texts

H = cards

# --- helpers ----------------------------------------------------------------------------------


def none_of(events: Sequence[Event], kind: type[Event]) -> bool:
    return not any(isinstance(e, kind) for e in events)


def play_out(g: Game, cap: int = 200_000) -> Outcome:
    """Flip for whoever is to act until the game ends (Beggar-My-Neighbour needs no one else)."""
    for _ in range(cap):
        if g.outcome is not None:
            return g.outcome
        seat = g.to_act()
        assert seat >= 0
        flip(g, seat, 1)
    raise AssertionError("the game did not end")


CLASSIC_CHANCES = dict(Rules().challenge)


def hands_laying(pile: str, players: int = 2) -> list[list[Card]]:
    """Hands with which seats 0, 1, ... lay ``pile`` (bottom card first) in turn under classic
    challenges, each with two spare number cards at the end so nobody runs out."""
    laid = H(pile)
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat, chances = 0, 0
    for c in laid:
        hands[seat].append(c)
        pay = CLASSIC_CHANCES.get(c.code if c.is_joker else RANK_CODES[c.rank], 0)
        if pay:
            chances = pay
            seat = (seat + 1) % players
        elif chances:
            chances -= 1
            assert chances, f"{pile!r} would end a challenge: not a usable example here"
        else:
            seat = (seat + 1) % players
    spare = [c for c in STANDARD_DECK if c.rank <= 10 and c not in laid]
    for h in hands:
        h.extend([spare.pop(), spare.pop()])
    return hands


def lay(g: Game, count: int) -> list[Event]:
    """Flip ``count`` cards for whoever is to act."""
    out: list[Event] = []
    for _ in range(count):
        out.extend(flip(g, g.to_act()))
    return out


# --- 1. play and challenges -------------------------------------------------------------------


def test_number_cards_pass_the_turn_clockwise() -> None:
    # 000: "If this card is a number card (2-10), then play passes to the next player".
    g = Game("classic", 4, hands=[H("2S 3S"), H("4H 5H"), H("6D 7D"), H("8C 9C")])
    assert texts(g.events) == ["Dealt 8 cards to 4 players (2 each); player 1 leads."]
    order = []
    for _ in range(5):
        seat = g.to_act()
        order.append(seat)
        events = flip(g, seat)
        assert none_of(events, Ignored)
    assert order == [0, 1, 2, 3, 0]
    assert codes(g.pile) == "2S 4H 6D 8C 3S"
    assert texts(g.events[1:2]) == ["player 1 flips 2S."]


def test_counterclockwise_direction() -> None:
    # 004: "Play: Clockwise or Counterclockwise".
    g = Game("classic", 4, hands=[H("2S KS 3S"), H("4H 5H"), H("6D 7D"), H("8C 9C")],
             options={"direction": "counterclockwise"})
    order = []
    for _ in range(4):
        order.append(g.to_act())
        flip(g, g.to_act())
    assert order == [0, 3, 2, 1]
    events = flip(g, 0)  # the King challenges the next player counter-clockwise: seat 3
    assert texts(events) == ["player 1 flips KS: player 4 has 3 chances to answer."]
    assert g.to_act() == 3


@pytest.mark.parametrize(
    ("face", "chances"), [("JS", 1), ("QS", 2), ("KS", 3), ("AS", 4)]
)
def test_jack_queen_king_ace_give_1_2_3_4_chances(face: str, chances: int) -> None:
    # 001: "Ace = 4 King = 3 Queen = 2 Jack = 1"; when the chances run out the challenger wins.
    g = Game("classic", 2, hands=[H(f"{face} 3S"), H("4H 5D 6H 7D 8H")],
             options={"collect": "immediate"})
    events = flip(g, 0)
    word = "chance" if chances == 1 else "chances"
    assert texts(events) == [f"player 1 flips {face}: player 2 has {chances} {word} to answer."]
    assert (g.challenge.challenger, g.challenge.chances, g.to_act()) == (0, chances, 1)
    for left in range(chances - 1, 0, -1):
        events = flip(g, 1)
        assert none_of(events, ChallengeWon)
        assert (g.challenge.chances, g.to_act()) == (left, 1)
    events = flip(g, 1)
    won = only(events, ChallengeWon)
    assert (won.seat, won.failed, won.card.code) == (0, 1, face)
    taken = only(events, PileTaken)
    assert (taken.seat, taken.count, taken.how) == (0, chances + 1, "challenge")
    assert g.to_act() == 0 and g.challenge.challenger == -1 and not g.pile


def test_a_face_card_met_in_time_passes_the_challenge_on() -> None:
    # 001: "If he succedes, the player to his left now has a number of chances to put down a
    # face card, and so on."
    g = Game("classic", 3, hands=[H("QS 2S"), H("4H JD 9H"), H("5C 8C")])
    events = flips(g, 0, 1, 1)
    assert texts(events) == [
        "player 1 flips QS: player 2 has 2 chances to answer.",
        "player 2 flips 4H (1 chance left).",
        "player 2 flips JD: player 3 has 1 chance to answer.",
    ]
    assert (g.challenge.challenger, g.challenge.chances, g.to_act()) == (1, 1, 2)
    events = flip(g, 2)
    assert texts(events) == [
        "player 3 flips 5C.",
        "player 3 could not answer player 2's JD: player 2 wins the pile.",
    ]
    assert g.challenge.claimant == 1


def test_won_pile_goes_face_down_under_the_hand_in_the_order_played_and_winner_leads() -> None:
    # 000: "They should turn these cards face-down and place them at the bottom of their hand
    # without shuffling, and then flip the top card from their hand into the center".
    g = Game("classic", 3, hands=[H("KS 2C"), H("5H 9D 3C 4S"), H("7D 8C")],
             options={"collect": "immediate"})
    events = flips(g, 0, 1, 1, 1)
    assert texts(events)[-2:] == [
        "player 2 could not answer player 1's KS: player 1 wins the pile.",
        "Challenge won: player 1 takes 4 cards.",
    ]
    # The first card played goes under first: it is the nearest the top of the added cards.
    assert codes(g.hands[0]) == "2C KS 5H 9D 3C"
    assert not g.pile and not g.pile.live and not g.pile.kinds
    assert g.to_act() == 0
    assert texts(flip(g, 0)) == ["player 1 flips 2C."]
    assert g.stats[0].piles_won == 1 and g.stats[0].cards_won == 4


def test_claim_the_challenger_must_flip_to_collect() -> None:
    g = Game("classic", 3, hands=[H("KS 2C"), H("5H 9D 3C 4S"), H("7D 8C")])
    flips(g, 0, 1, 1, 1)
    assert g.challenge.claimant == 0 and g.to_act() == 0
    assert codes(g.pile) == "KS 5H 9D 3C" and codes(g.hands[0]) == "2C"
    assert texts(flip(g, 2)) == ["player 3's flip is ignored: it is player 1's turn."]
    assert len(g.pile) == 4
    events = flip(g, 0)
    assert texts(events) == ["Challenge won: player 1 takes 4 cards."]
    assert codes(g.hands[0]) == "2C KS 5H 9D 3C"
    assert g.challenge.claimant == -1 and g.to_act() == 0


def test_claim_the_last_chance_card_can_still_be_slapped_by_a_third_player() -> None:
    g = Game("classic", 3, hands=[H("QS 2S"), H("5H 5D 9H"), H("7C 8C")])
    events = flips(g, 0, 1, 1)  # the 5D is the last chance and makes a double
    assert only(events, ChallengeWon).claim
    assert g.challenge.claimant == 0 and g.slappable
    events = slap(g, 2)
    assert texts(events) == ["Double 5H 5D: player 3 takes 3 cards."]
    assert codes(g.hands[2]) == "7C 8C QS 5H 5D"
    assert g.challenge.claimant == -1 and g.to_act() == 2
    assert texts(flip(g, 0)) == ["player 1's flip is ignored: it is player 3's turn."]


def test_immediate_collect_takes_the_pile_at_once() -> None:
    g = Game("classic", 3, hands=[H("QS 2S"), H("5H 6D 9H"), H("7C 8C")],
             options={"collect": "immediate"})
    events = flips(g, 0, 1, 1)
    assert [type(e) for e in events[-2:]] == [ChallengeWon, PileTaken]
    assert g.challenge.claimant == -1 and not g.pile and g.to_act() == 0


def test_custom_challenge_table() -> None:
    # The table lists every challenging card: with {"J": 2} a Jack gives two chances and a
    # Queen is a plain card that passes the turn.
    g = Game("classic", 2, hands=[H("JS QS 4C"), H("5H 6D 7D QD")],
             options={"challenge": {"J": 2}})
    assert texts(flip(g, 0)) == ["player 1 flips JS: player 2 has 2 chances to answer."]
    assert texts(flip(g, 1)) == ["player 2 flips 5H (1 chance left)."]
    assert isinstance(flip(g, 1)[-1], ChallengeWon)
    flip(g, 0)  # collect
    assert texts(flip(g, 0)) == ["player 1 flips QS."]
    assert g.to_act() == 1 and g.challenge.challenger == -1


def test_004_black_joker_challenges_with_13_chances_and_red_joker_is_an_instant_slap() -> None:
    # 004: "the red joker is an instant snap but the black joker challenges with 13 chances."
    options = {"challenge": {"J": 1, "Q": 2, "K": 3, "A": 4, "BJ": 13},
               "slaps": ["double", "sandwich", "joker"]}
    g = Game("classic", 2, hands=[H("BJ 4C"), H("5H 9D RJ 7D")], options=options)
    assert texts(flip(g, 0)) == ["player 1 flips BJ: player 2 has 13 chances to answer."]
    flips(g, 1, 1)
    assert not g.slappable
    flip(g, 1)
    assert g.slappable and g.challenge.chances == 10
    assert texts(slap(g, 0)) == ["Joker RJ: player 1 takes 4 cards."]


# --- 2. the boxed game's worked example (002) -------------------------------------------------


@pytest.mark.parametrize(("options", "leader"), [({}, 1), ({"next_leader": "failed"}, 2)])
def test_002_worked_example(options: dict[str, str], leader: int) -> None:
    # 002: "Player A flips a King. Player B ... ends up flipping a 2-8-Queen. Player C then has
    # 2 chances ... ends up flipping a 7-9. The result is that Player B picks up the center
    # pile ... Player C then starts the next sequence". The default is 004's "Any player who
    # takes a pile is always the one to start the next pile"; next_leader="failed" is 002's.
    g = Game("classic", 3, hands=[H("KS 3S"), H("2C 8D QH 4H"), H("7D 9C 10S")],
             options=options)
    events = flips(g, 0, 1, 1, 1, 2, 2)
    assert texts(events)[-1] == (
        "player 3 could not answer player 2's QH: player 2 wins the pile."
    )
    assert texts(flip(g, 1)) == ["Challenge won: player 2 takes 6 cards."]
    assert codes(g.hands[1]) == "4H KS 2C 8D QH 7D 9C"
    assert g.to_act() == leader


# --- 3. Beggar-My-Neighbour through the general engine ----------------------------------------


def test_004_beggar_my_neighbour_worked_trick() -> None:
    # 004: "A plays a queen; B plays a six and then a jack; A plays an ace; B plays 3,7,king;
    # A plays 10,4,6. The king has been paid for so B takes the centre pile."
    g = Game("bmn", 2, hands=[H("QS AS 10C 4D 6S 2C"), H("6H JD 3C 7H KC 9D")])
    seats: list[int] = []
    while g.tricks == 0:
        seats.append(g.to_act())
        events = flip(g, seats[-1])
    assert seats == [0, 1, 1, 0, 1, 1, 1, 0, 0, 0]
    taken = only(events, PileTaken)
    assert (taken.seat, taken.count, taken.how) == (1, 10, "challenge")
    assert texts(events)[-1] == "player 2 takes the pile (10 cards)."
    assert codes(g.hands[1]) == "9D QS 6H JD AS 3C 7H KC 10C 4D 6S"
    assert g.to_act() == 1  # "and then continues the game by playing their top card"


_FACE_POOLS = {v: [CARDS[f"{r}{s}"] for s in "SHDC"] for v, r in enumerate("JQKA", start=1)}
_NUMBERS = [c for c in STANDARD_DECK if c.rank <= 10]


def bmn_hands(*hands: Sequence[int] | str) -> list[list[Card]]:
    """Cards for hands in payment values (0 number, 1-4 J/Q/K/A) or Mann's notation."""
    used = {v: 0 for v in range(5)}
    out: list[list[Card]] = []
    for hand in hands:
        values = ["-JQKA".index(ch) for ch in hand] if isinstance(hand, str) else list(hand)
        row = []
        for v in values:
            pool = _FACE_POOLS[v] if v else _NUMBERS
            row.append(pool[used[v] % len(pool)])
            used[v] += 1
        out.append(row)
    return out


@pytest.mark.parametrize(
    ("p1", "p2", "expected"),
    [
        ("-----A--KQ--J--J--KKA-K---", "---J---QJA---------AQ----Q", Outcome("win", 0, 85, 12)),
        ("JQ-K---A-----A----Q--KK-A-", "----JJ-QQ--A--------K--J--", Outcome("win", 1, 584, 80)),
        ("J--", "-J-", Outcome("loop", None, 8, 3)),
    ],
)
def test_beggar_my_neighbour_worked_deals(p1: str, p2: str, expected: Outcome) -> None:
    g = Game("bmn", 2, hands=bmn_hands(p1, p2))
    if len(p1) == 26:  # a whole pack, every card once
        assert sorted(c.code for c in g.all_cards()) == sorted(c.code for c in STANDARD_DECK)
    assert play_out(g) == expected
    over = only(g.events, GameOver)
    if expected.winner is not None:
        assert over.explain() == f"player {expected.winner + 1} wins with all {len(p1) * 2} cards."
    else:
        assert over.explain() == (
            "The game has come back to a position it was in before: it would never end."
        )


def _same_as_analyser(h1: Sequence[int], h2: Sequence[int]) -> None:
    r = analyse(h1, h2)
    o = play_out(Game("bmn", 2, hands=bmn_hands(h1, h2)))
    status = "win" if r.status == "finished" else r.status
    winner = None if r.winner is None else r.winner - 1
    assert (o.status, o.winner, o.cards_played, o.tricks) == (status, winner, r.cards, r.tricks)


def test_beggar_my_neighbour_engine_agrees_with_the_analyser_on_random_deals() -> None:
    rng = random.Random(20240611)
    value = {11: 1, 12: 2, 13: 3, 14: 4}
    for _ in range(200):
        deck = list(STANDARD_DECK)
        rng.shuffle(deck)
        values = [value.get(c.rank, 0) for c in deck]
        _same_as_analyser(values[:26], values[26:])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=1, max_size=12),
    st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=1, max_size=12),
)
def test_beggar_my_neighbour_engine_agrees_with_the_analyser_on_short_hands(
    h1: list[int], h2: list[int]
) -> None:
    _same_as_analyser(h1, h2)


def test_004_beggar_my_neighbour_with_three_players() -> None:
    # 004: "When a pay card is played, the following player plays the required number of cards,
    # stopping if another pay card is played, which the next person must pay for."
    g = Game("bmn", 3, hands=[H("QS 2S 3S"), H("5H JD 9H"), H("7C 8C")])
    events = lay(g, 4)
    assert texts(events) == [
        "player 1 turns up QS: player 2 owes 2 cards.",
        "player 2 pays 5H (1 more card owed).",
        "player 2 turns up JD while paying: the debt passes to player 3, who owes 1 card.",
        "player 3 pays 7C: the debt is paid.",
        "player 3 has paid for player 2's JD in full: the pile is player 2's.",
        "player 2 takes the pile (4 cards).",
    ]
    assert g.to_act() == 1
    # Player 3 lays their last card; when they must pay for the Queen they are out.
    events = lay(g, 4)
    assert texts(events)[-3:] == [
        "player 3 has no cards to play or pay and is out.",
        "player 3 cannot pay the rest of the debt for player 2's QS (2 cards short): the pile "
        "is player 2's.",
        "player 2 takes the pile (4 cards).",
    ]
    assert g.out == [False, False, True]
    assert only(events, PileTaken).seat == 1
    outcome = play_out(g)
    assert outcome.status == "win" and outcome.winner == 1


def test_004_three_player_deal_gives_one_player_an_extra_card() -> None:
    # 004: "with three players one player will have an extra card"
    g = Game("bmn", 3, seed=1)
    assert g.counts == (18, 17, 17)


def test_004_suck_the_well_is_played_counterclockwise() -> None:
    g = Game("bmn", 3, hands=[H("KS 2S"), H("5H 9H"), H("7C 8C 4C")],
             options={"direction": "counterclockwise"})
    assert texts(flip(g, 0)) == ["player 1 turns up KS: player 3 owes 3 cards."]


# --- 4. slaps in play -------------------------------------------------------------------------


def test_first_valid_slap_takes_the_pile_and_the_slapper_leads() -> None:
    # 001: "any player may slap the pile and recieve all the cards (if they slap first)".
    g = Game("classic", 3, hands=[H("3D 7H 9S"), H("4C 2C 10S"), H("6S 7S 8S")])
    flips(g, 0, 1, 2, 0, 1)
    assert not g.slappable
    flip(g, 2)
    assert g.slappable
    t = g.t + 250
    events = g.slap(1, t)
    assert texts(events) == ["Sandwich 7H 2C 7S: player 2 takes 6 cards."]
    late = g.slap(0, t)  # slower by nothing discernible: the pile is gone
    assert isinstance(late[0], Ignored) and none_of(late, WrongSlap)
    assert codes(g.hands[1]) == "10S 3D 4C 6S 7H 2C 7S"
    assert g.to_act() == 1
    assert g.stats[1].slaps_right == 1 and g.stats[0].slaps_wrong == 0


def test_001_slap_at_any_point_even_during_a_challenge() -> None:
    # 001: "This may happen *at any point* if the criteria are met."  000: "they have just
    # rat-fucked whatever was already in play, whether it was a challenge or just the regular
    # cycle of play. They then continue play as if they had taken the stack from a challenge".
    g = Game("classic", 3, hands=[H("KS 2S"), H("5H 5D 9H"), H("7C 8C")])
    flips(g, 0, 1, 1)
    assert g.challenge.challenger == 0 and g.challenge.chances == 1 and g.slappable
    assert texts(slap(g, 2)) == ["Double 5H 5D: player 3 takes 3 cards."]
    assert g.challenge.challenger == -1 and g.challenge.chances == 0 and g.to_act() == 2


def test_001_slap_on_a_non_pattern_is_a_wrong_slap() -> None:
    # 001: "If they are not met, any player who slaps must place a card under the pile".
    g = Game("classic", 3, hands=[H("5H 2S"), H("6H 9H"), H("7C 8C")])
    flips(g, 0, 1)
    events = slap(g, 2)
    assert texts(events) == ["Wrong slap: player 3 burns 1 card (7C) under the pile."]
    assert codes(g.pile) == "7C 5H 6H" and g.pile.kinds == ["penalty", "live", "live"]
    assert codes(g.pile.live) == "5H 6H" and codes(g.hands[2]) == "8C"
    assert g.stats[2].slaps_wrong == 1


def test_004_after_a_wrong_slap_play_resumes_according_to_the_card_last_played() -> None:
    g = Game("classic", 3, hands=[H("KS 2S"), H("5H 6D 9H"), H("7C 8C")])
    flips(g, 0, 1)
    before = (g.to_act(), g.challenge.challenger, g.challenge.chances)
    slap(g, 2)
    assert (g.to_act(), g.challenge.challenger, g.challenge.chances) == before == (1, 0, 2)


NON_DEFAULT_EXAMPLES = [
    pytest.param(name, pile, id=f"{name}:{pile}")
    for name, rule in SLAP_RULES.items()
    if name not in CLASSIC_SLAPS
    for pile in rule.examples
]
NON_DEFAULT_NON_EXAMPLES = [
    pytest.param(name, pile, id=f"{name}:{pile}")
    for name, rule in SLAP_RULES.items()
    if name not in CLASSIC_SLAPS
    for pile in rule.non_examples
]


@pytest.mark.parametrize(("name", "pile"), NON_DEFAULT_EXAMPLES)
def test_enabling_a_slap_rule_makes_its_pattern_slappable_in_a_real_game(
    name: str, pile: str
) -> None:
    rule = SLAP_RULES[name]
    players = rule.seats or 2
    g = Game("classic", players, hands=hands_laying(pile, players), options={"slaps": [name]})
    lay(g, len(H(pile)))
    assert codes(g.pile) == codes(H(pile))
    assert g.slappable
    slapper = (g.to_act() + 1) % players if g.to_act() >= 0 else 0
    taken = only(slap(g, slapper), PileTaken)
    assert (taken.seat, taken.how, taken.rule, taken.count) == (slapper, "slap", rule.title,
                                                                len(H(pile)))
    assert taken.explain().startswith(f"{rule.title} ")


@pytest.mark.parametrize(("name", "pile"), NON_DEFAULT_EXAMPLES)
def test_a_non_default_pattern_is_not_slappable_in_a_classic_game(name: str, pile: str) -> None:
    classic = [SLAP_RULES[n] for n in CLASSIC_SLAPS]
    if find_match(H(pile), classic, Game("classic", 2, hands=[H("2S"), H("3S")])) is not None:
        pytest.skip("this example is also a double or a sandwich")
    g = Game("classic", 2, hands=hands_laying(pile))
    lay(g, len(H(pile)))
    assert not g.slappable
    assert isinstance(slap(g, 0)[0], WrongSlap)


@pytest.mark.parametrize(("name", "pile"), NON_DEFAULT_NON_EXAMPLES)
def test_a_non_example_of_an_enabled_rule_is_a_wrong_slap(name: str, pile: str) -> None:
    g = Game("classic", 2, hands=hands_laying(pile), options={"slaps": [name]})
    lay(g, len(H(pile)))
    assert not g.slappable
    assert isinstance(slap(g, 0)[0], WrongSlap)


@pytest.mark.parametrize(
    ("pile", "slappable"),
    [("9S 10H JD", True), ("6C 5H 4D", True), ("8S 6H 7D", False), ("8C 8D", True),
     ("7H 2C 7S", True)],
)
def test_002_slapping_double_sandwich_run(pile: str, slappable: bool) -> None:
    # 002: "Double ... (example: 8-8). Sandwich ... (example: 7-2-7). Run: 3 or more cards in
    # consecutive ascending or descending order (example: 9-10-J or 6-5-4 but NOT 8-6-7)."
    g = Game("classic", 2, hands=hands_laying(pile),
             options={"slaps": ["double", "sandwich", "run"]})
    lay(g, len(H(pile)))
    assert g.slappable is slappable


def test_marriage_in_a_real_game() -> None:
    # 004: "Marriage (King+Queen on top of each other)"
    g = Game("classic", 2, hands=[H("KH 2S"), H("QS 9H")],
             options={"slaps": ["double", "sandwich", "marriage"]})
    flips(g, 0, 1)  # the Queen answers the King's challenge and makes a marriage
    assert g.challenge.challenger == 1 and g.slappable
    assert texts(slap(g, 0)) == ["Marriage KH QS: player 1 takes 2 cards."]


def test_penalty_cards_never_count_toward_a_pattern() -> None:
    # A 7 burned face up under the empty pile, then a 7 played on it: not a double.
    g = Game("classic", 2, hands=[H("7H 2S"), H("7S 9H 4D")])
    assert texts(slap(g, 1)) == ["Wrong slap: player 2 burns 1 card (7S) under the pile."]
    flip(g, 0)
    assert codes(g.pile) == "7S 7H" and g.pile.kinds == ["penalty", "live"]
    assert not g.slappable
    assert isinstance(slap(g, 0)[0], WrongSlap)


def test_penalty_cards_are_not_the_bottom_card_for_top_bottom() -> None:
    g = Game("classic", 2, hands=[H("5C 9D"), H("3H 3S 4D")], options={"slaps": ["top-bottom"]})
    slap(g, 1)  # the 3H goes under the pile as a penalty card
    flips(g, 0, 1)
    assert codes(g.pile) == "3H 5C 3S"
    assert not g.slappable


def test_004_dead_cards_never_count_toward_a_pattern() -> None:
    # 004: "dead cards do not make for legitimate slaps."
    g = Game("classic", 3, hands=[H("5H 2S"), H("7D 9H"), H("7S 8C")],
             options={"out_of_turn": "dead"})
    flip(g, 0)
    assert texts(flip(g, 2)) == ["player 3 plays 7S out of turn: a dead card that no slap can use."]
    flip(g, 1)  # a 7 on the dead 7
    assert codes(g.pile) == "5H 7S 7D" and g.pile.kinds == ["live", "dead", "live"]
    assert not g.slappable
    assert isinstance(slap(g, 2)[0], WrongSlap)


# --- 5. wrong slaps ---------------------------------------------------------------------------


def test_wrong_slap_penalty_card_goes_to_the_next_pile_winner() -> None:
    # 004: "the slapper must discard one or more penalty cards and place them face-up at the
    # bottom of the pile."
    g = Game("classic", 2, hands=[H("5H 4D 2S"), H("8S 4C 9H")])
    flip(g, 0)
    slap(g, 1)
    flips(g, 1, 0)
    assert codes(g.pile) == "8S 5H 4C 4D"
    assert g.pile.kinds == ["penalty", "live", "live", "live"]
    assert texts(slap(g, 1)) == ["Double 4C 4D: player 2 takes 4 cards."]
    assert codes(g.hands[1]) == "9H 8S 5H 4C 4D"


def test_wrong_slap_penalty_count_two() -> None:
    # 002: "If a player slaps by mistake he/she must throw 3 cards ..." - the count is an option.
    g = Game("classic", 2, hands=[H("5H 2S"), H("8S 4C 9H")], options={"penalty_count": 2})
    flip(g, 0)
    events = slap(g, 1)
    assert texts(events) == ["Wrong slap: player 2 burns 2 cards (8S 4C) under the pile."]
    assert {c.code for c in g.pile[:2]} == {"8S", "4C"} and g.pile[-1].code == "5H"
    assert g.pile.kinds == ["penalty", "penalty", "live"]
    assert codes(g.hands[1]) == "9H" and codes(g.pile.live) == "5H"


def test_004_penalty_cards_on_top_are_dead_cards() -> None:
    # 004: "Penalty cards may be placed at the top of the deck as dead cards".
    g = Game("classic", 2, hands=[H("5H 2S"), H("8S 8D 9H 4C")],
             options={"penalty_place": "top"})
    flip(g, 0)
    events = slap(g, 1)
    burned = only(events, WrongSlap)
    assert burned.place == "top" and codes(burned.burned) == "8S"
    assert "player 2 burns 1 card (8S) on top as a dead card" in burned.explain()
    assert codes(g.pile) == "5H 8S" and g.pile.kinds == ["live", "dead"]
    assert not g.slappable
    # An 8 on the dead 8 is no double; a slap on it costs another card, on top again.
    flip(g, 1)
    assert not g.slappable
    events = slap(g, 0)
    assert only(events, WrongSlap).burned == (CARDS["2S"],)
    assert g.pile.kinds == ["live", "dead", "live", "dead"]


def test_004_any_slap_over_a_dead_card_is_a_wrong_slap() -> None:
    # 004: "Any slap over a dead card, even if a player intentionally places it out of turn,
    # results in a penalty."
    g = Game("classic", 3, hands=[H("5H 2S 3S"), H("5S 9H"), H("9C 8C")],
             options={"out_of_turn": "dead"})
    flips(g, 0, 1)
    assert g.slappable
    flip(g, 0)  # out of turn: seat 2 is to play
    assert g.pile.kinds[-1] == "dead" and not g.slappable
    events = slap(g, 2)
    assert texts(events) == ["Wrong slap: player 3 burns 1 card (9C) under the pile."]
    assert g.to_act() == 2


def _locked_seat_1() -> Game:
    """Seat 1 slaps the lone 5S wrongly and is locked out for 2 flips, then lays 5D on it."""
    g = Game("classic", 3, hands=[H("5S 2S"), H("5D 4H"), H("5C 8C")],
             options={"penalty": "lockout", "penalty_count": 2})
    flip(g, 0)
    events = slap(g, 1)
    assert texts(events) == ["Wrong slap: player 2 may not slap for the next 2 flips."]
    assert g.penalties.lockout == [0, 2, 0]
    assert codes(g.hands[1]) == "5D 4H" and codes(g.pile) == "5S"
    flip(g, 1)
    assert g.penalties.lockout == [0, 1, 0] and g.slappable
    return g


def test_wrong_slap_lockout_slaps_are_ignored_for_n_flips_then_allowed() -> None:
    g = _locked_seat_1()
    events = slap(g, 1)  # a real double, but seat 1 is locked out
    assert isinstance(events[0], Ignored) and none_of(events, PileTaken)
    assert str(events[0].reason).startswith("locked out for 1 more flip")
    assert len(g.pile) == 2 and g.stats[1].slaps_wrong == 1
    flip(g, 2)  # 5C: the second flip ends the lockout
    assert g.penalties.lockout == [0, 0, 0] and g.slappable
    assert texts(slap(g, 1)) == ["Double 5D 5C: player 2 takes 3 cards."]


def test_locked_out_explanation_says_1_more_flip() -> None:
    g = _locked_seat_1()
    assert texts(slap(g, 1)) == ["player 2's slap is ignored: locked out for 1 more flip."]


def test_wrong_slap_no_penalty() -> None:
    g = Game("classic", 2, hands=[H("5H 2S"), H("8S 4C 9H")], options={"penalty": "none"})
    flip(g, 0)
    assert texts(slap(g, 1)) == ["Wrong slap by player 2 (no penalty)."]
    assert codes(g.hands[1]) == "8S 4C 9H" and codes(g.pile) == "5H"
    assert g.stats[1].slaps_wrong == 1


def _cardless_seat_1(options: dict[str, Any] | None = None) -> Game:
    """Three players; seat 1 lays their only card and is out of cards. Seats 0 and 2 can then
    make a double: 9D (seat 0) and 9C (seat 2) after 6C."""
    g = Game("classic", 3, hands=[H("5S 9D 3C 4C"), H("2H"), H("6C 9C 10C")], options=options)
    events = flips(g, 0, 1)
    out = "player 2 has no cards left: out of the turn order until they win cards back."
    assert out in texts(events)
    return g


def test_004_cardless_wrong_slaps_get_strikes_and_the_third_bars_them() -> None:
    # 004: "Players with no cards get a strike for each illegitimate slap and after the third
    # strike, become unable to slap in until the next game".
    g = _cardless_seat_1()
    assert texts(slap(g, 1)) == ["Wrong slap: player 2 has no cards and gets strike 1."]
    assert texts(slap(g, 1)) == ["Wrong slap: player 2 has no cards and gets strike 2."]
    assert g.penalties.strikes[1] == 2 and not g.penalties.barred[1]
    assert texts(slap(g, 1)) == [
        "Wrong slap: player 2 has no cards and may not slap back in this game."
    ]
    assert g.penalties.strikes[1] == 3 and g.penalties.barred[1]
    assert len(g.pile) == 2  # no cards to burn
    flips(g, 2, 0, 2)  # 6C 9D 9C: a double
    assert g.slappable
    assert texts(slap(g, 1)) == [
        "player 2's slap is ignored: they may not slap any more this game."
    ]
    assert g.slappable


def test_002_cardless_barred_at_the_first_wrong_slap() -> None:
    # 002: "If a player previously eliminated slaps by mistake or incorrectly, then he/she is
    # not allowed to reenter the game via 'slap' at all."
    g = _cardless_seat_1({"cardless_penalty": "barred"})
    assert texts(slap(g, 1)) == [
        "Wrong slap: player 2 has no cards and may not slap back in this game."
    ]
    assert g.penalties.barred[1] and g.penalties.strikes[1] == 1
    flips(g, 2, 0, 2)
    assert isinstance(slap(g, 1)[0], Ignored)


def test_cardless_no_penalty_and_can_still_slap_in() -> None:
    g = _cardless_seat_1({"cardless_penalty": "none"})
    for _ in range(4):
        assert texts(slap(g, 1)) == ["Wrong slap by player 2 (no penalty)."]
    assert g.penalties.strikes[1] == 0 and not g.penalties.barred[1]
    flips(g, 2, 0, 2)
    taken = only(slap(g, 1), PileTaken)
    assert taken.slapped_in and taken.seat == 1


# --- 6. the grace window ----------------------------------------------------------------------


def _after_a_slap() -> tuple[Game, int]:
    g = Game("classic", 3, hands=[H("5S 9D 3C"), H("5H 2H 6D"), H("6C 7C 8C")])
    flips(g, 0, 1)
    t = g.t + 400
    assert only(g.slap(2, t), PileTaken).seat == 2
    return g, t


def test_slap_within_the_grace_window_after_someone_else_won_is_ignored() -> None:
    g, t = _after_a_slap()
    events = g.slap(0, t + 100)
    assert texts(events) == [
        "player 1's slap is ignored: player 3 took the pile 100 ms earlier "
        "(too close to call a wrong slap)."
    ]
    events = g.slap(1, t + 150)  # the window's edge is still inside
    assert isinstance(events[0], Ignored)
    assert codes(g.hands[0]) == "9D 3C" and codes(g.hands[1]) == "2H 6D"
    assert g.stats[0].slaps_wrong == g.stats[1].slaps_wrong == 0 and not g.pile


def test_slap_after_the_grace_window_is_a_wrong_slap() -> None:
    g, t = _after_a_slap()
    events = g.slap(1, t + 151)
    assert texts(events) == ["Wrong slap: player 2 burns 1 card (2H) under the pile."]


def test_grace_window_option() -> None:
    g = Game("classic", 3, hands=[H("5S 9D 3C"), H("5H 2H 6D"), H("6C 7C 8C")],
             options={"grace_ms": 500})
    flips(g, 0, 1)
    t = g.t + 400
    g.slap(2, t)
    assert isinstance(g.slap(0, t + 500)[0], Ignored)
    assert isinstance(g.slap(0, t + 501)[0], WrongSlap)


def test_the_pile_winner_s_own_slap_is_not_covered_by_the_grace_window() -> None:
    g, t = _after_a_slap()
    events = g.slap(2, t + 50)
    assert texts(events) == ["Wrong slap: player 3 burns 1 card (6C) under the pile."]


# --- 7. out of cards, slap-in, running out mid-challenge --------------------------------------


def test_000_player_out_of_cards_gets_no_turns_and_is_not_challenged() -> None:
    # 000: "they no longer get turns in the usual cycle of play, and are not subject to
    # challenges."
    g = Game("classic", 3, hands=[H("2S KS 3S"), H("5H"), H("7D 8C 9S 10S")])
    events = flips(g, 0, 1)
    out = "player 2 has no cards left: out of the turn order until they win cards back."
    assert texts(events)[-1] == out
    assert only(events, OutOfCards).eliminated is False
    assert g.to_act() == 2
    flip(g, 2)
    assert texts(flip(g, 0)) == ["player 1 flips KS: player 3 has 3 chances to answer."]
    assert g.to_act() == 2


def test_000_slap_in_and_rejoin_the_turn_order() -> None:
    # 000: "they may slap in at any time and, if successful in rat-fucking the other players,
    # become an active participant again".
    g = Game("classic", 3, hands=[H("4S 7S 9S 10S"), H("2C"), H("8D 7H 5H 6H")])
    flips(g, 0, 1, 2, 0, 2)
    taken = only(slap(g, 1), PileTaken)
    assert taken.slapped_in
    assert taken.explain() == "Double 7S 7H: player 2 takes 5 cards and is back in the game."
    order = []
    for _ in range(4):
        order.append(g.to_act())
        flip(g, g.to_act())
    assert order == [1, 2, 0, 1]


@pytest.mark.parametrize(
    ("exhausted", "winner_takes"),
    [("challenger", 2), ("continue", 4)],
)
def test_004_running_out_of_cards_during_a_challenge(exhausted: str, winner_takes: int) -> None:
    # 004: "If a player has fewer cards than chances left while trying to counter a face card
    # and runs out of their deck without countering, either the next player continues
    # attempting to counter the face card with the current chances left or that particular
    # play ends and the pile goes to the player who laid down the face card."
    g = Game("classic", 3, hands=[H("KS 2S"), H("5H"), H("7D 8C 9S 10S")],
             options={"exhausted": exhausted, "collect": "immediate"})
    events = flips(g, 0, 1)
    if exhausted == "continue":
        assert none_of(events, ChallengeWon)
        assert (g.to_act(), g.challenge.chances, g.challenge.challenger) == (2, 2, 0)
        assert texts(flip(g, 2)) == ["player 3 flips 7D (1 chance left)."]
        events = flip(g, 2)
    won = only(events, ChallengeWon)
    assert won.seat == 0
    assert only(events, PileTaken).count == winner_takes
    assert g.to_act() == 0


# --- 8. endings -------------------------------------------------------------------------------


def test_game_ends_when_one_player_holds_every_card() -> None:
    g = Game("classic", 2, hands=[H("KS 5D"), H("2C 3D 4H")])
    flips(g, 0, 1, 1, 1)
    assert g.outcome is None  # the pile is still on the table: flip to collect it
    events = flip(g, 0)
    assert texts(events) == [
        "Challenge won: player 1 takes 4 cards.",
        "player 1 wins with all 5 cards.",
    ]
    assert g.outcome == Outcome("win", 0, 4, 1)
    assert texts(flip(g, 0)) == ["player 1's flip is ignored: the game is over."]
    assert texts(slap(g, 1)) == ["player 2's slap is ignored: the game is over."]


def test_game_ends_when_a_slap_takes_the_last_cards() -> None:
    g = Game("classic", 2, hands=[H("4S 9H"), H("4C")])
    flips(g, 0, 1)
    events = slap(g, 0)
    assert texts(events) == [
        "Double 4S 4C: player 1 takes 2 cards.",
        "player 1 wins with all 3 cards.",
    ]
    assert g.outcome is not None and g.outcome.winner == 0


def test_001_a_slappable_pile_left_on_the_table_can_be_slapped_and_play_continues() -> None:
    # 001: "There may be cards left on the table, but if the pile is slappable and any player
    # slaps it, the slap is valid and play comtiniues."
    g = Game("classic", 2, hands=[H("4S 9H 2D"), H("4C")])
    flips(g, 0, 1)
    assert g.counts == (2, 0) and g.slappable
    taken = only(slap(g, 1), PileTaken)
    assert taken.slapped_in and g.outcome is None
    assert g.counts == (2, 2) and g.to_act() == 1


def test_001_the_only_player_with_cards_has_won_when_the_pile_is_not_slappable() -> None:
    g = Game("classic", 2, hands=[H("5H 6H 7H 8C"), H("9C")])
    flips(g, 0, 1)  # player 2 lays their last card: no pattern on the table
    assert g.counts == (3, 0) and not g.slappable
    if g.outcome is None:
        flip(g, 0)  # at the latest, player 1's next flip ends it (collecting the table)
    assert g.outcome is not None and (g.outcome.status, g.outcome.winner) == ("win", 0)


def _lone_holder(options: dict[str, Any], first: str) -> Game:
    """Player 2 fails the King's challenge with their last card; player 1 collects all."""
    g = Game("classic", 2, hands=[H(f"KS {first}"), H("2C 3D 4H")], options=options)
    flips(g, 0, 1, 1, 1)
    return g


def test_004_last_chance_a_slap_in_during_the_three_flips_continues_the_game() -> None:
    # 004: "the player who has all the cards plays 3 more cards for one last chance for the
    # opponent to slap back in."
    g = _lone_holder({"ending": "last-chance"}, "5D 5C 9H 2S 3S")
    events = flip(g, 0)  # collect
    assert texts(events) == [
        "Challenge won: player 1 takes 4 cards.",
        "player 1 holds every card and flips 3 more cards: a last chance for the others to "
        "slap back in.",
    ]
    assert only(events, PlayOn).flips == 3 and g.outcome is None and g.to_act() == 0
    flips(g, 0, 0)
    taken = only(slap(g, 1), PileTaken)
    assert taken.slapped_in and g.outcome is None
    assert g.counts == (7, 2) and g.to_act() == 1


def test_004_last_chance_without_a_slap_in_the_holder_wins() -> None:
    g = _lone_holder({"ending": "last-chance"}, "5D 6C 9H 2S 3S")
    flip(g, 0)  # collect
    events = flips(g, 0, 0, 0)
    assert none_of(events, GameOver)
    assert g.challenge.claimant == 0  # the third card can still be slapped before they collect
    events = flip(g, 0)
    assert texts(events) == [
        "Nobody slapped back in: player 1 takes 3 cards.",
        "player 1 wins with all 9 cards.",
    ]
    assert g.outcome is not None and g.outcome.winner == 0


def test_last_chance_flips_option() -> None:
    g = _lone_holder({"ending": "last-chance", "last_chance_flips": 1,
                      "collect": "immediate"}, "5D 6C")
    assert only(g.events, PlayOn).flips == 1
    events = flip(g, 0)
    assert texts(events)[-1] == "player 1 wins with all 6 cards."


def test_000_until_face_after_a_slap_the_holder_plays_on_to_a_face_card() -> None:
    # 000: "Games will occasionally end with one player holding all the cards without actually
    # winning a challenge. You may want to institute a rule that they continue to play cards
    # onto a stack until they play a face card".
    g = Game("classic", 2, hands=[H("4S 5D 6C QH 2S"), H("4C")], options={"ending": "until-face"})
    flips(g, 0, 1)
    events = slap(g, 0)
    assert texts(events)[-1] == (
        "player 1 holds every card without winning a challenge: play on until a face card."
    )
    assert g.outcome is None
    flips(g, 0, 0)
    assert g.outcome is None
    events = flip(g, 0)
    assert texts(events)[-1] == (
        "Nobody can answer player 1's QH: player 1 wins the pile."
    )
    events = flip(g, 0)
    assert texts(events)[-1] == "player 1 wins with all 6 cards."


def test_until_face_a_slap_in_during_the_play_on_continues_the_game() -> None:
    g = Game("classic", 2, hands=[H("4S 5D 5C QH 2S"), H("4C")], options={"ending": "until-face"})
    flips(g, 0, 1)
    slap(g, 0)
    flips(g, 0, 0)
    assert only(slap(g, 1), PileTaken).slapped_in and g.outcome is None


def test_until_face_after_winning_a_challenge_the_game_ends_at_once() -> None:
    g = _lone_holder({"ending": "until-face"}, "5D 6C")
    events = flip(g, 0)
    assert texts(events) == [
        "Challenge won: player 1 takes 4 cards.",
        "player 1 wins with all 6 cards.",
    ]


# --- 9. out-of-turn flips, the dealer, the deal -----------------------------------------------


def test_a_flip_out_of_turn_is_ignored() -> None:
    g = Game("classic", 3, hands=[H("5S 9D"), H("5H 2H"), H("6C 7C")])
    events = flip(g, 1)
    assert texts(events) == ["player 2's flip is ignored: it is player 1's turn."]
    assert not g.pile and codes(g.hands[1]) == "5H 2H"


def test_004_a_flip_out_of_turn_is_a_dead_card() -> None:
    # 004: "If cards are played out of turn, these cards become dead cards."
    g = Game("classic", 3, hands=[H("5S 9D"), H("2H 4H"), H("6C 7C")],
             options={"out_of_turn": "dead"})
    flip(g, 0)
    events = flip(g, 2)
    flipped = only(events, Flipped)
    assert flipped.dead
    assert flipped.explain() == "player 3 plays 6C out of turn: a dead card that no slap can use."
    assert g.pile.kinds == ["live", "dead"] and codes(g.pile.live) == "5S" and g.to_act() == 1
    assert g.cards_played == 1


@pytest.mark.parametrize(
    ("players", "options", "leader"),
    [
        (4, {}, 0),
        (4, {"dealer": 2}, 3),
        (4, {"dealer": 3}, 0),
        (4, {"direction": "counterclockwise"}, 0),
        (4, {"dealer": 2, "direction": "counterclockwise"}, 1),
        (3, {"dealer": 0}, 1),
    ],
)
def test_the_player_after_the_dealer_leads(
    players: int, options: dict[str, Any], leader: int
) -> None:
    # 001: "Player to the left of dealer begins play".
    g = Game("classic", players, seed=3, options=options)
    assert g.to_act() == leader
    assert g.events[0].explain().endswith(f"player {leader + 1} leads.")


def test_deal_extra_cards_go_to_the_players_after_the_dealer() -> None:
    # 004: "extras are distributed as in a normal deal."
    g = Game("classic", 5, seed=1)
    assert g.counts == (11, 11, 10, 10, 10)
    assert sorted(c.code for c in g.all_cards()) == sorted(c.code for c in STANDARD_DECK)
    assert texts(g.events) == [
        "Dealt 52 cards to 5 players (11, 11, 10, 10, 10); player 1 leads."
    ]
    g = Game("classic", 5, seed=1, options={"direction": "counterclockwise"})
    assert g.counts == (11, 10, 10, 10, 11)
    g = Game("classic", 5, seed=1, options={"dealer": 2})
    assert g.counts == (10, 10, 10, 11, 11) and g.to_act() == 3


# --- 10. counting, same-as-first and top-bottom in real games ---------------------------------


def test_004_counting_second_card_is_a_two() -> None:
    # 004: "when meeting a challenge if the number of the card played (e.g. the second card
    # played) matches the card's value (in this case, a two), then this is slap-able."
    g = Game("classic", 2, hands=[H("KS 9D"), H("5H 2C 3D")], options={"slaps": ["counting"]})
    flips(g, 0, 1)
    assert not g.slappable
    flip(g, 1)
    assert g.slappable
    assert texts(slap(g, 0)) == ["Counting 2C: player 1 takes 3 cards."]


def test_004_counting_third_card_is_a_three_after_a_king() -> None:
    g = Game("classic", 3, hands=[H("KS 9D"), H("5H 6C 3D"), H("7C 8C")],
             options={"slaps": ["counting"]})
    flips(g, 0, 1, 1)
    assert not g.slappable
    flip(g, 1)  # the last chance: the pile is won, but the counting slap comes first
    assert g.challenge.claimant == 0 and g.slappable
    assert texts(slap(g, 2)) == ["Counting 3D: player 3 takes 4 cards."]


def test_counting_does_not_apply_outside_a_challenge() -> None:
    g = Game("classic", 2, hands=[H("5S 9D"), H("2H 3D")], options={"slaps": ["counting"]})
    flips(g, 0, 1)  # a 2 as the second card, but nobody is answering a challenge
    assert not g.slappable
    assert isinstance(slap(g, 0)[0], WrongSlap)


@pytest.mark.parametrize(
    ("match", "first", "last", "slappable"),
    [
        ("colour", "3H", "3D", True),
        ("colour", "3H", "3S", False),
        ("rank", "3H", "3S", True),
        ("suit", "3H", "3D", False),
        ("suit", "3H", "3H", True),  # two packs
    ],
)
def test_004_same_as_first_in_a_real_game(
    match: str, first: str, last: str, slappable: bool
) -> None:
    # 004: "for being the same as the initial card (e.g. a 3 at any time when if first card
    # played was a three, (to make this less common, a suit/colour can also be specified e.g. a
    # red three if the first three played was red)".
    pile = f"{first} 8C 5S 10D {last}"
    g = Game("classic", 2, hands=hands_laying(pile),
             options={"slaps": ["same-as-first"], "same_as_first_match": match})
    lay(g, 5)
    assert codes(g.pile) == pile
    assert g.slappable is slappable


def test_004_top_bottom_in_a_real_game() -> None:
    # 004: "top bottom (the first card played is played again later on)"
    g = Game("classic", 2, hands=[H("3H 9D 4C"), H("8C 3S 2H")], options={"slaps": ["top-bottom"]})
    flips(g, 0, 1, 0)
    assert not g.slappable
    flip(g, 1)
    assert g.slappable
    assert texts(slap(g, 0)) == ["Top and bottom 3H 3S: player 1 takes 4 cards."]
    # After the take the next pile starts afresh: its bottom card is the new first card.
    flip(g, 0)
    assert codes(g.pile.live) == "4C" and not g.slappable


# --- 11. decisions ----------------------------------------------------------------------------


def _asking_variant(choices: list[str]) -> Any:
    def hook(game: Game, seat: int, card: Card) -> None:
        if card.code == "7C":
            game.ask(Decision(
                seat=(seat + 1) % game.n,
                prompt="Keep the 7C on the pile?",
                options=("keep", "swap"),
                default="keep",
                resolve=lambda g, choice: choices.append(choice),
            ))

    return dataclasses.replace(CLASSIC, name="test-ask", on_card=hook)


def test_a_decision_blocks_flips_until_the_deciding_seat_chooses() -> None:
    choices: list[str] = []
    g = Game(_asking_variant(choices), 2, hands=[H("7C 9D"), H("5H 2H 6D")])
    events = flip(g, 0)
    asked = only(events, Asked)
    assert asked.explain() == "player 2 must choose: Keep the 7C on the pile?"
    assert asked.options == ("keep", "swap")
    assert g.pending is not None and g.to_act() == -1
    assert texts(flip(g, 1)) == ["player 2's flip is ignored: waiting for player 2 to choose."]
    assert texts(flip(g, 0)) == ["player 1's flip is ignored: waiting for player 2 to choose."]
    assert codes(g.pile) == "7C"
    assert texts(g.choose(0, g.t + 10, "keep")) == [
        "player 1's choice is ignored: it is player 2's choice."
    ]
    assert texts(g.choose(1, g.t + 10, "maybe")) == [
        "player 2's choice is ignored: 'maybe' is not one of keep, swap."
    ]
    assert choices == [] and g.pending is not None
    events = g.choose(1, g.t + 10, "swap")
    assert texts(events) == ["player 2 chooses swap."] and isinstance(events[0], Chose)
    assert choices == ["swap"] and g.pending is None and g.to_act() == 1
    assert texts(flip(g, 1)) == ["player 2 flips 5H."]
    assert texts(g.choose(1, g.t + 10, "keep")) == [
        "player 2's choice is ignored: nothing is being asked."
    ]


def test_a_decision_s_default_must_be_one_of_its_options() -> None:
    g = Game("classic", 2, hands=[H("7C"), H("5H")])
    with pytest.raises(ValueError, match="default"):
        g.ask(Decision(0, "?", ("a", "b"), "c", lambda game, choice: None))


# --- 12. impossible actions -------------------------------------------------------------------


def test_an_action_with_time_going_backwards_raises() -> None:
    g = Game("classic", 3, hands=[H("5S 9D"), H("5H 2H"), H("6C 7C")])
    g.flip(0, 100)
    with pytest.raises(ActionError, match="before the previous action"):
        g.flip(1, 99)
    with pytest.raises(ActionError):
        g.slap(2, 50)
    assert len(g.history) == 1
    g.flip(1, 100)  # the same moment is fine
    assert len(g.history) == 2


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_an_action_by_a_seat_that_does_not_exist_raises(seat: int) -> None:
    g = Game("classic", 3, hands=[H("5S 9D"), H("5H 2H"), H("6C 7C")])
    for act in (g.flip, g.slap):
        with pytest.raises(ActionError, match="does not exist"):
            act(seat, 100)
    with pytest.raises(ActionError):
        g.choose(seat, 100, "x")
    assert not g.history and not g.pile


def test_an_unknown_action_kind_raises() -> None:
    g = Game("classic", 2, hands=[H("5S"), H("5H")])
    with pytest.raises(ActionError, match="unknown action"):
        g.apply(Action(100, 0, "shuffle"))
    assert g.apply(Action(100, 0, "flip"))[0].explain() == "player 1 flips 5S."


def test_stop_caps_the_game() -> None:
    g = Game("classic", 2, hands=[H("5S 9D"), H("6H 2H")])
    events = g.stop(500)
    assert texts(events) == ["The game was stopped before anyone won."]
    assert g.outcome == Outcome("capped", None, 0, 0)
