"""Firefighters & Burn against its rule text (seed 003): one test per sentence or example.

Games are built from explicit hands (top card first); seat 0 leads (the dealer is the last
seat) and play goes clockwise, so a seat's right-hand neighbour is the seat before it. The
Play pile is ``game.pile``, the Burn pile ``game.side_piles["burn"]``. A burn is a slap.
"""

from __future__ import annotations

from typing import Any

import pytest

from ratscrew.core.cards import cards, codes
from ratscrew.core.engine import Game
from ratscrew.core.events import (
    ChallengeWon,
    Event,
    Flipped,
    GameOver,
    Ignored,
    OutOfCards,
    PileTaken,
    WrongSlap,
)
from ratscrew.play.match import Match, make_bots, play
from ratscrew.play.record import dumps, record_of, replay
from ratscrew.variants import find_variant
from ratscrew.variants.firefighters import (
    FIREFIGHTERS,
    Burned,
    BurnStarted,
    BurnWon,
    FireOut,
    burn_pile,
    burn_value,
    fire_burning,
    may_put_out,
)
from tests.helpers import flip, flips, of, only, slap

H = cards
FF = "firefighters"
DEFAULT_BURNS = FIREFIGHTERS.rules.slaps

# --- helpers ----------------------------------------------------------------------------------


def burns(g: Game, *seats: int) -> list[Event]:
    out: list[Event] = []
    for s in seats:
        out.extend(slap(g, s, 100))
    return out


def game(*hands: str, **options: Any) -> Game:
    return Game(FF, len(hands), hands=[H(h) for h in hands], options=options)


def hand(g: Game, seat: int) -> str:
    return codes(g.hands[seat])


# --- the deck and the deal --------------------------------------------------------------------


@pytest.mark.parametrize("alias", ["firefighters", "burn", "Firefighters and Burn"])
def test_names(alias: str) -> None:
    assert find_variant(alias) is FIREFIGHTERS


@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_the_usual_52_card_deck_without_jokers_dealt_evenly(players: int) -> None:
    # "the usual 52 card deck excluding Jokers, ... dealt cards evenly face-down."
    g = Game(FF, players, seed=9)
    assert g.total == 52 and not any(c.is_joker for c in g.all_cards())
    assert max(g.counts) - min(g.counts) <= 1
    assert burn_pile(g) == [] and g.side_piles == {"burn": []}


def test_the_first_game_starts_left_of_the_dealer() -> None:
    # "If there is no such player, the starting player is the one to the left of the dealer."
    g = Game(FF, 4, seed=2, options={"dealer": 1})
    assert g.to_act() == 2


# --- firefighters -----------------------------------------------------------------------------


@pytest.mark.parametrize("face", ["JS", "QS", "KS"])
def test_a_firefighter_gives_the_next_player_one_chance(face: str) -> None:
    # "When a firefighter (J, Q, K) is played, if the next player does not play another
    # firefighter or meet a Burn condition, the player who played the firefighter takes all
    # the cards in the Play pile."
    g = game(f"{face} 4S", "5H 6H", "8D 9D")
    started = only(flip(g, 0), Flipped)
    assert (started.target, started.chances) == (1, 1)
    events = flip(g, 1)
    won = only(events, ChallengeWon)
    assert (won.seat, won.failed) == (0, 1) and not of(events, BurnStarted)
    taken = only(flip(g, 0), PileTaken)  # collected with the flip key
    assert (taken.seat, taken.count, taken.how) == (0, 2, "challenge")


def test_aces_are_plain_cards() -> None:
    g = game("AS 4S", "5H 6H", "8D 9D")
    laid = only(flip(g, 0), Flipped)
    assert laid.chances == 0 and g.challenge.challenger == -1 and g.to_act() == 1


def test_a_second_firefighter_only_puts_the_challenge_out() -> None:
    # "The player who plays the second firefighter may not take the pile unless a burn
    # condition is met by the second firefighter. If a burn condition is not met play
    # continues with the next player."
    assert FIREFIGHTERS.rules.answer_face == "ends"
    g = game("QS 2S 9S", "KH 3H", "5D 4D 6D")
    flip(g, 0)
    second = only(flip(g, 1), Flipped)
    assert second.chances == 0 and second.target == -1  # no new challenge
    assert g.challenge.challenger == -1 and g.to_act() == 2
    events = flips(g, 2, 0)
    assert not of(events, ChallengeWon) and not of(events, PileTaken)
    assert not of(events, BurnStarted)
    assert codes(g.pile) == "QS KH 5D 2S" and g.to_act() == 1


def test_a_firefighter_after_the_second_is_a_first_firefighter_again() -> None:
    g = game("QS 5S 9S", "KH 3H", "JD 4D 6D")  # (a 2 on the J would be an Unlucky 13)
    flips(g, 0, 1)
    again = only(flip(g, 2), Flipped)
    assert (again.target, again.chances) == (0, 1)
    assert only(flip(g, 0), ChallengeWon).seat == 2


def test_answer_face_challenges_makes_the_second_firefighter_challenge_again() -> None:
    g = game("QS 2S 9S", "KH 3H", "5D 4D 6D", answer_face="challenges")
    flip(g, 0)
    assert only(flip(g, 1), Flipped).target == 2
    assert only(flip(g, 2), ChallengeWon).seat == 1


def test_a_second_firefighter_meeting_a_burn_condition_starts_a_burn() -> None:
    g = game("QS 2S 9S", "QH 3H", "5D 4D 6D")
    flip(g, 0)
    events = flip(g, 1)
    started = only(events, BurnStarted)
    assert started.condition == "Matchbox" and not of(events, ChallengeWon)
    assert g.to_act() == -1  # the table waits for the burns


# --- the burn conditions, each with the seed's example ----------------------------------------


# (condition, hands, the seats laying the example in turn, its cards, rules to switch off so
# that the example burns no more)
EXAMPLES = [
    # A pile of two: Q, Q is also a Chimney (its top and bottom cards).
    ("Matchbox", ("QS 2S", "QH 3H", "4D 5D"), (0, 1), "QS QH", ("double", "chimney")),
    ("Unlucky 13", ("4S 2S", "9H 3H", "10D 5D"), (0, 1), "4S 9H", ("unlucky-13",)),
    ("Unlucky 13", ("AS 2S", "3H 4H", "10D 5D"), (0, 1), "AS 3H", ("unlucky-13",)),
    ("Lucky 7", ("7S 2S", "9H 3H", "10D 5D"), (0,), "7S", ("lucky-7",)),
    # "In a game with three players, 8, 10, K, 8": the K gives player 1 one chance; their
    # second 8 meets Embers (the pile's first and last cards are both 8s, so the example is a
    # Chimney too: Embers comes first, and both must go for it to burn no more).
    ("Embers", ("8S 8C 2S", "10H 4H 5H", "KD 9D 10D"), (0, 1, 2, 0), "8S 8C",
     ("embers", "chimney")),
    # As a whole pile, 2, 6, 2 is a Chimney too.
    ("Overcooked", ("2S 4S", "6H 3H", "2D 5D"), (0, 1, 2), "2S 6H 2D",
     ("sandwich", "chimney")),
    # "3, 5, ... Q, 3": the Q is a firefighter and the 3 that answers it is a Chimney.
    ("Chimney", ("3S QS 2S", "5H 3H 2H", "9D 4D 6D"), (0, 1, 2, 0, 1), "3S 3H",
     ("chimney",)),
]


@pytest.mark.parametrize(
    ("condition", "hands", "seats", "example"), [e[:4] for e in EXAMPLES],
    ids=[f"{e[0]} {e[3]}" for e in EXAMPLES],
)
def test_each_burn_condition_with_its_example(
    condition: str, hands: tuple[str, ...], seats: tuple[int, ...], example: str
) -> None:
    g = game(*hands)
    events = flips(g, *seats)
    started = only(events, BurnStarted)
    assert started.condition == condition
    assert codes(started.cards) == example
    assert started.seats == (0, 1, 2)
    assert started.deadline == g.t + 4000
    assert g.phase is not None and g.to_act() == -1


@pytest.mark.parametrize(
    ("hands", "seats", "off"), [(e[1], e[2], e[4]) for e in EXAMPLES],
    ids=[f"{e[0]} {e[3]}" for e in EXAMPLES],
)
def test_each_burn_condition_can_be_switched_off(
    hands: tuple[str, ...], seats: tuple[int, ...], off: tuple[str, ...]
) -> None:
    g = game(*hands, slaps=[s for s in DEFAULT_BURNS if s not in off])
    events = flips(g, *seats)
    assert not of(events, BurnStarted) and g.phase is None
    assert only(slap(g, 2), WrongSlap).penalty == "cards"  # a burn now is a misfire


@pytest.mark.parametrize("pile", ["5S 9H", "3S AH", "6S 8H", "KS 2H"])
def test_unlucky_13_needs_thirteen_or_a_3_on_an_ace(pile: str) -> None:
    # The seed's own example for Unlucky 13 is "5, 9", which adds up to 14: it is not a burn
    # (the rule sentence wins over its example; 4, 9 is the example the catalogue uses).
    first, second = pile.split()
    g = game(f"{first} 2S", f"{second} 3H", "10D 5D")
    events = flips(g, 0, 1)
    assert not of(events, BurnStarted)


@pytest.mark.parametrize("pile", ["JS 2H", "QS AH", "6S 7H", "9S 4H", "10S 3H"])
def test_unlucky_13_counts_faces_as_11_12_13_and_the_ace_as_1(pile: str) -> None:
    laid = pile.split()
    g = game(*(f"{c} 2C" for c in laid), *(["4D 5D"] * (3 - len(laid))))
    events = flips(g, *range(len(laid)))
    assert only(events, BurnStarted).condition == "Unlucky 13"


def test_embers_the_firefighter_gives_the_next_player_one_chance() -> None:
    g = game("8S 8C KS 2S", "10H 4H 5H", "KD 9D 10D")
    events = flips(g, 0, 1, 2)
    king = of(events, Flipped)[-1]
    assert (king.card.code, king.target, king.chances) == ("KD", 0, 1)
    events = flip(g, 0)
    assert only(events, BurnStarted).condition == "Embers"
    # The burn, not the King, decides who takes the Play pile.
    events = burns(g, 0, 1, 2)
    won = only(events, BurnWon)
    assert won.seat == 0
    assert only(events, PileTaken).count == 4 and hand(g, 0) == "2S 8S 10H KD 8C"


def test_embers_looks_only_at_the_player_s_cards_in_this_pile() -> None:
    # Seat 0's 8 went with the last pile: its next 8 is no Embers.
    g = game("8S 8C 2S", "QH 4H 5H", "9D 6D 10D")
    flips(g, 0, 1, 2)  # Q answered by a 9: seat 1 takes the pile
    flip(g, 1)
    assert g.to_act() == 0
    events = flip(g, 0)
    assert not of(events, BurnStarted) and codes(g.pile) == "8C"


def test_a_burn_condition_answering_a_firefighter_does_not_announce_the_firefighter_won() -> None:
    g = game("8S 8C 2S", "10H 4H 5H", "KD 9D 10D")
    events = flips(g, 0, 1, 2, 0)
    assert only(events, BurnStarted).condition == "Embers"
    assert not of(events, ChallengeWon)


def test_players_may_make_up_burn_conditions_of_their_own() -> None:
    # "Players may choose to make up burn conditions of their own": any catalogue slap rule.
    g = game("KS 2S", "QH 3H", "4D 5D", slaps=[*DEFAULT_BURNS, "marriage"])
    events = flips(g, 0, 1)
    assert only(events, BurnStarted).condition == "Marriage"
    g = game("KS 2S", "QH 3H", "4D 5D")
    assert not of(flips(g, 0, 1), BurnStarted)


def test_burn_conditions_are_only_met_in_the_play_pile() -> None:
    # Burned cards never make a condition: a 7 burned on the Burn pile is no Lucky 7.
    g = game("4S 7S 2S", "9H 3H 5H", "10D 6D 8D")
    flips(g, 0, 1)
    burns(g, 0, 1, 2)
    assert burn_pile(g)[0].code == "7S" and g.phase is None
    assert not g.slappable and not g.pile


# --- the burn contest -------------------------------------------------------------------------


# Seats 0 and 1 lay Q, Q (a Matchbox); the next cards are the ones they burn.
def contest(a: str, b: str, c: str, **options: Any) -> Game:
    g = game(f"QS {a} 2S 3S", f"QH {b} 2H 3H", f"{c} 2D 3D", **options)
    flips(g, 0, 1)
    assert g.phase is not None
    return g


def test_all_players_burn_and_the_highest_card_takes_the_play_pile() -> None:
    # "all players must "burn" a card by placing one face up on the Burn pile. The player with
    # the card of highest value takes all the cards in the Play pile."
    g = contest("KS", "9H", "4D")
    events = burns(g, 2, 1, 0)
    assert [(b.seat, b.card.code, b.value, b.first) for b in of(events, Burned)] == [
        (2, "4D", 6, True), (1, "9H", 9, False), (0, "KS", 13, False)]
    won = only(events, BurnWon)
    assert (won.seat, won.missed, won.tie) == (0, (), False)
    taken = only(events, PileTaken)
    assert (taken.seat, taken.how, taken.count) == (0, "burn", 2)
    assert codes(burn_pile(g)) == "4D 9H KS"  # burned cards go to the Burn pile
    assert hand(g, 0) == "2S 3S QS QH" and g.pile.cards == []


def test_the_first_to_burn_adds_2() -> None:
    # "the player who burned their card first gains an additional 2 points": 10 + 2 = 12
    # beats a Jack (11).
    g = contest("JS", "10H", "4D")
    events = burns(g, 1, 0, 2)
    won = only(events, BurnWon)
    assert won.seat == 1 and [b.value for b in of(events, Burned)] == [12, 11, 4]
    assert "the +2 for burning first decided it" in won.explain()


def test_a_tie_goes_to_the_earlier_burner() -> None:
    # The +2 makes a 9 burned first worth a Jack: the tie goes to whoever burned first.
    g = contest("JS", "9H", "4D")
    won = only(burns(g, 1, 0, 2), BurnWon)
    assert won.seat == 1 and won.tie
    # Two Queens burned after the first: the earlier of them wins.
    g = contest("QD", "2H", "QC")
    won = only(burns(g, 1, 2, 0), BurnWon)
    assert won.seat == 2 and won.tie


@pytest.mark.parametrize(("aces", "value"), [("low", 1), ("high", 14)])
def test_an_ace_burns_low_unless_aces_are_high(aces: str, value: int) -> None:
    g = contest("AS", "KH", "2D", burn_aces=aces)
    events = burns(g, 2, 1, 0)
    assert of(events, Burned)[-1].value == value
    assert burn_value(H("AD")[0], g) == value
    assert only(events, BurnWon).seat == (0 if aces == "high" else 1)


def test_the_burn_time_limit_is_4000_ms_by_default_and_an_option() -> None:
    assert FIREFIGHTERS.rules.number("burn_ms") == 4000
    g = contest("KS", "9H", "4D", burn_ms=1500)
    assert g.deadline == g.t + 1500
    assert only(g.events, BurnStarted).deadline == g.deadline


def test_players_who_have_not_burned_by_the_deadline_sit_it_out() -> None:
    g = contest("KS", "9H", "4D")
    burns(g, 2)
    deadline = g.deadline
    assert g.tick(deadline - 1) == [] and g.phase is not None
    assert g.history[-1][2] != "tick"  # a tick that changes nothing is not kept
    events = g.tick(deadline)
    won = only(events, BurnWon)
    assert (won.seat, won.missed) == (2, (0, 1))
    assert "did not burn in time" in won.explain()
    assert g.history[-1] == (deadline, -1, "tick", "")
    assert hand(g, 2) == "2D 3D QS QH" and hand(g, 0) == "KS 2S 3S"


def test_any_action_after_the_deadline_ends_the_contest_first() -> None:
    g = contest("KS", "9H", "4D")
    burns(g, 2)
    late = g.deadline + 50
    events = g.slap(0, late)
    kinds = [type(e) for e in events]
    assert kinds[:2] == [BurnWon, PileTaken] and of(events, BurnWon)[0].seat == 2
    # Too late to burn; as the pile was taken at that very moment, not a misfire either.
    assert "took the pile" in str(only(events, Ignored).reason)
    assert hand(g, 0) == "KS 2S 3S" and g.phase is None


def test_the_next_leader_may_flip_right_after_the_deadline() -> None:
    g = contest("KS", "9H", "4D")
    burns(g, 2)  # seat 2 wins when time runs out; its right-hand neighbour, seat 1, leads
    events = g.flip(1, g.deadline + 50)
    assert only(events, BurnWon).seat == 2
    assert only(events, Flipped).seat == 1


def test_nobody_burning_in_time_leaves_the_pile_and_play_goes_on() -> None:
    g = contest("KS", "9H", "4D")
    events = g.tick(g.deadline)
    won = only(events, BurnWon)
    assert won.seat == -1 and won.missed == (0, 1, 2)
    assert not of(events, PileTaken) and codes(g.pile) == "QS QH"
    assert g.phase is None and g.to_act() == 2
    assert only(flip(g, 2), Flipped).card.code == "4D"


def test_flips_wait_during_a_contest() -> None:
    g = contest("KS", "9H", "4D")
    for seat in range(3):
        refused = only(flip(g, seat), Ignored)
        assert refused.action == "flip" and "burn contest" in str(refused.reason)
    assert g.cards_played == 2


def test_a_second_burn_by_the_same_player_is_ignored() -> None:
    g = contest("KS", "9H", "4D")
    events = burns(g, 2, 2)
    assert len(of(events, Burned)) == 1
    assert "already burned" in str(only(events, Ignored).reason)
    assert hand(g, 2) == "2D 3D"


def test_only_players_with_cards_when_the_fire_starts_burn() -> None:
    # Seat 2 laid its last card before the Matchbox: it has nothing to burn.
    g = game("9S QS KS 2S", "5H QH 9H 2H", "4D")
    events = flips(g, 0, 1, 2, 0, 1)
    assert only(events, OutOfCards).seat == 2
    assert only(events, BurnStarted).seats == (0, 1)
    assert "only players who had cards" in str(only(slap(g, 2, 100), Ignored).reason)
    won = only(burns(g, 0, 1), BurnWon)  # everyone expected has burned: decided at once
    assert won.seat == 0


def test_a_misfire_puts_the_card_and_one_more_under_the_play_pile() -> None:
    # "If a player "misfires" and burns at the wrong time, they must place the misfired card
    # and another card from the top of their pile to the bottom of the Play pile."
    g = game("4S 2S 3S", "9S 5H 6H", "10D 8D 6D")
    flip(g, 0)
    events = slap(g, 1)
    misfire = only(events, WrongSlap)
    assert (misfire.penalty, misfire.place) == ("cards", "bottom")
    assert sorted(c.code for c in misfire.burned) == ["5H", "9S"]
    assert sorted(c.code for c in g.pile[:2]) == ["5H", "9S"] and g.pile[-1].code == "4S"
    assert hand(g, 1) == "6H" and not burn_pile(g)


# --- rounds -----------------------------------------------------------------------------------


def test_the_next_round_begins_with_the_player_to_the_winner_s_right() -> None:
    # "The next round begins with the player to the winner's right." Clockwise, that is the
    # seat before the winner's.
    g = contest("KS", "9H", "4D")
    burns(g, 0, 1, 2)
    assert g.to_act() == 2  # seat 0 won
    g = contest("2S", "KH", "4D")
    burns(g, 0, 1, 2)
    assert g.to_act() == 0  # seat 1 won


def test_after_a_firefighter_wins_the_player_to_its_right_starts() -> None:
    g = game("5S 2S", "QH 3H", "6D 4D")
    flips(g, 0, 1, 2)  # Q by seat 1, answered by a 6: seat 1 takes the pile
    flip(g, 1)
    assert g.last_taker == 1 and g.to_act() == 0


def test_the_right_hand_neighbour_with_no_cards_is_passed_over() -> None:
    g = game("9S QS KS 2S", "5H QH 9H 2H", "4D")
    flips(g, 0, 1, 2, 0, 1)
    burns(g, 1, 0)  # seat 1's 9 + 2 = 11 < K: seat 0 wins; seat 2 (its right) has no cards
    assert g.last_taker == 0 and g.to_act() == 1


def test_next_leader_right_is_the_variant_default() -> None:
    assert FIREFIGHTERS.rules.next_leader == "right"


# --- running out and putting out fires --------------------------------------------------------


def out_of_cards_game() -> Game:
    """Round 1: a Matchbox; seat 2 burns its last card first, then seat 1, then seat 0 a King
    (which wins and stays on top of the Burn pile). Seat 2 is out."""
    g = game("QS KS 4S 5S 8S", "QH 5H JH 6H 9H", "4D")
    flips(g, 0, 1)
    burns(g, 2, 1, 0)
    assert not g.hands[2] and burn_pile(g)[-1].code == "KS" and g.tricks == 1
    return g


def second_round(g: Game) -> None:
    """Round 2: seat 1 (right of the winner) lays a Jack, seat 0 answers with a 4: seat 1
    takes the pile."""
    assert g.to_act() == 1
    flips(g, 1, 0)
    only(flip(g, 1), PileTaken)
    assert g.tricks == 2


def test_a_player_who_runs_out_must_wait_a_round_before_putting_out_a_fire() -> None:
    # "If a player runs out of cards, they must wait one round before being able to "put out a
    # fire."" Before that a slap is a misfire.
    g = out_of_cards_game()
    assert not may_put_out(g, 2)
    mistake = only(slap(g, 2), WrongSlap)
    assert mistake.penalty == "strike" and burn_pile(g)[-1].code == "KS"


def test_a_cardless_player_puts_out_a_fire_and_takes_the_burn_pile() -> None:
    # "To put out a fire, a player must be the first to slap the burn pile when a firefighter
    # is on the top of the burn pile. If a player does so, they get all the cards in the burn
    # pile."
    g = out_of_cards_game()
    second_round(g)
    assert may_put_out(g, 2)
    events = slap(g, 2)
    out = only(events, FireOut)
    assert (out.seat, out.count, out.card.code) == (2, 3, "KS")
    assert hand(g, 2) == "4D 5H KS" and burn_pile(g) == []
    # Back in the game: in the turn order again.
    flips(g, 0, 1)
    assert g.to_act() == 2


def test_fire_wait_zero_lets_a_player_put_out_a_fire_the_next_round() -> None:
    g = game("QS KS 4S 5S 8S", "QH 5H JH 6H 9H", "4D", fire_wait=0)
    flips(g, 0, 1)
    burns(g, 2, 1, 0)
    assert only(slap(g, 2), FireOut).seat == 2


def test_only_players_without_cards_may_put_out_a_fire() -> None:
    g = out_of_cards_game()
    second_round(g)
    misfire = only(slap(g, 0), WrongSlap)
    assert misfire.penalty == "cards" and len(misfire.burned) == 2
    assert burn_pile(g)[-1].code == "KS"


def test_no_fire_to_put_out_without_a_firefighter_on_the_burn_pile() -> None:
    g = game("QS KS 4S 5C 8S", "QH 5H JH 6H 9H", "4D")
    flips(g, 0, 1)
    burns(g, 2, 0, 1)  # the 5 is on top
    assert burn_pile(g)[-1].code == "5H"
    second_round(g)
    assert may_put_out(g, 2)
    assert only(slap(g, 2), WrongSlap).penalty == "strike"


def test_three_misfires_without_cards_bar_a_player_from_putting_out_fires() -> None:
    g = out_of_cards_game()
    strikes = [only(slap(g, 2), WrongSlap) for _ in range(3)]
    assert [(w.penalty, w.strikes) for w in strikes] == [
        ("strike", 1), ("strike", 2), ("barred", 3)]
    second_round(g)
    assert not may_put_out(g, 2)
    assert only(slap(g, 2), Ignored).action == "slap" and burn_pile(g)


def test_only_the_first_cardless_player_to_slap_puts_it_out() -> None:
    # Four players: seats 2 and 3 burn their last cards in round 1.
    g = game("QS KS 4S 5S 8S", "QH 5H JH 6H 9H", "4D", "3C")
    flips(g, 0, 1)
    burns(g, 3, 2, 1, 0)
    second_round(g)
    assert only(slap(g, 3), FireOut).seat == 3
    assert only(slap(g, 2), WrongSlap).penalty == "strike"


# --- the end of the game ------------------------------------------------------------------------


def test_a_player_holding_all_the_cards_wins() -> None:
    g = game("QS 4S", "5H")
    flips(g, 0, 1)
    events = flip(g, 0)
    over = only(events, GameOver)
    assert (over.status, over.winner, over.every, over.cards) == ("win", 0, True, 3)


def test_the_only_player_with_cards_in_hand_wins() -> None:
    # "To win the game, a player must hold all the cards in the deck or be the only player with
    # cards in their hand." The Burn pile still holds cards.
    g = game("QS KS 4S", "QH 5H")
    flips(g, 0, 1)
    events = burns(g, 1, 0)
    over = only(events, GameOver)
    assert (over.status, over.winner, over.every, over.cards) == ("win", 0, False, 3)
    assert "the only player with cards in hand" in over.explain()
    assert codes(burn_pile(g)) == "5H KS"



# Seat 2 burns its last card in round 1, under a King that stays on top of the Burn pile;
# seat 0 wins round 2 (a Jack answered by a 6), which ends seat 2's fire wait. Seat 1 then
# holds ``rest`` and leads round 3; seat 0's next card is a King.
def lone_holder_game(rest: str = "2H 3H", **options: Any) -> Game:
    g = game("QS KS JS KC 5S 8S", f"QH 5H 9H 6H {rest}", "4D", **options)
    flips(g, 0, 1)
    burns(g, 2, 1, 0)  # 4D + 2, 5H, KS: seat 0 takes the Matchbox
    flips(g, 1, 0, 1)  # 9H, JS, 6H: seat 0 wins the challenge
    only(flip(g, 0), PileTaken)
    assert codes(burn_pile(g)) == "4D 5H KS" and g.tricks == 2
    assert hand(g, 0) == "KC 5S 8S QS QH 9H JS 6H" and hand(g, 1) == rest
    assert not g.hands[2] and may_put_out(g, 2) and g.to_act() == 1
    return g


def nothing_but_the_collect_counts(g: Game) -> None:
    """Seat 0 is the only player with cards: seat 2 cannot put out the fire, and no other
    slap or flip counts, until seat 0's flip collects the Play pile and wins."""
    assert not g.hands[1] and not g.hands[2] and g.challenge.claimant == 0
    burn = codes(burn_pile(g))
    for seat, action in ((2, slap), (1, slap), (2, flip), (1, flip), (2, slap)):
        refused = only(action(g, seat), Ignored)
        assert refused.seat == seat and refused.action == action.__name__
    assert not g.hands[2] and codes(burn_pile(g)) == burn and not may_put_out(g, 2)
    assert g.stats[2].slaps_wrong == 0 and g.penalties.strikes == [0, 0, 0]
    pile = len(g.pile)
    events = flip(g, 0)
    taken = only(events, PileTaken)
    assert (taken.seat, taken.count) == (0, pile)
    over = only(events, GameOver)
    assert (over.status, over.winner, over.every) == ("win", 0, False)
    # Every card not on the Burn pile is in seat 0's hand.
    assert over.cards == len(g.hands[0]) == g.total - len(burn_pile(g)) and not g.pile
    assert g.outcome is not None and g.outcome.winner == 0
    assert str(only(slap(g, 2), Ignored).reason) == "the game is over"


def test_a_misfire_that_leaves_one_player_with_cards_ends_the_game() -> None:
    # "To win the game, a player must hold all the cards in the deck or be the only player
    # with cards in their hand." Seat 1 misfires its last two cards: seat 0 is the only
    # player with cards, so seat 2 (cardless, its fire wait over) may no longer put out the
    # fire (a King on top of the Burn pile) and come back. Seat 0's flip collects the Play
    # pile (the misfired cards) and wins.
    g = lone_holder_game()
    misfire = only(slap(g, 1), WrongSlap)
    assert codes(misfire.burned) == "2H 3H" and codes(g.pile) == "3H 2H"
    nothing_but_the_collect_counts(g)


def test_a_misfire_during_a_challenge_that_leaves_one_player_with_cards_ends_the_game() -> None:
    # Seat 1 leads 10H, seat 0 answers with a King (a challenge on seat 1), and seat 1
    # misfires its last two cards: the King's challenge is won, and seat 0 is alone with cards.
    g = lone_holder_game("10H 2H 3H")
    flips(g, 1, 0)
    assert g.challenge.challenger == 0 and g.to_act() == 1
    only(slap(g, 1), WrongSlap)
    nothing_but_the_collect_counts(g)
    assert hand(g, 0).endswith("3H 2H 10H KC")


def test_a_misfire_before_the_challenger_collects_ends_the_game() -> None:
    # Seat 0's King wins the challenge; before seat 0 collects, seat 1 misfires its last two.
    g = lone_holder_game("10H 4H 2H 3H")
    flips(g, 1, 0, 1)
    assert g.challenge.claimant == 0 and hand(g, 1) == "2H 3H"
    only(slap(g, 1), WrongSlap)
    nothing_but_the_collect_counts(g)


def test_laying_the_last_other_card_ends_the_game() -> None:
    g = lone_holder_game("2H")
    flip(g, 1)
    nothing_but_the_collect_counts(g)


def test_a_last_card_meeting_a_burn_condition_leaves_the_lone_holder_to_burn() -> None:
    # Seat 1's last card is a Lucky 7: seat 0, the only player with cards, burns alone and
    # takes the Play pile, which ends the game; seat 2's slap meanwhile is no burn.
    g = lone_holder_game("7H")
    started = only(flip(g, 1), BurnStarted)
    assert started.seats == (0,)
    assert "only players who had cards" in str(only(slap(g, 2), Ignored).reason)
    events = burns(g, 0)
    assert only(events, BurnWon).seat == 0 and only(events, PileTaken).count == 1
    assert only(events, GameOver).winner == 0 and not g.hands[2]


def test_a_lone_holder_who_does_not_burn_in_time_still_wins() -> None:
    # The fire dies down, but seat 0 is still the only player with cards: the Play pile is
    # theirs, and nobody can put out the fire before they collect it.
    g = lone_holder_game("7H")
    flip(g, 1)
    events = g.tick(g.deadline)
    assert only(events, BurnWon).seat == -1
    nothing_but_the_collect_counts(g)


def test_a_last_card_played_out_of_turn_as_a_dead_card_ends_the_game() -> None:
    g = lone_holder_game(out_of_turn="dead")
    flip(g, 1)
    assert g.to_act() == 0
    dead = only(flip(g, 1), Flipped)  # seat 1's last card, out of turn
    assert dead.dead and dead.card.code == "3H"
    nothing_but_the_collect_counts(g)


@pytest.mark.parametrize("ending", ["last-chance", "until-face"])
def test_under_the_other_endings_the_lone_holder_plays_on(ending: str) -> None:
    # There the player left alone with cards flips on (until they hold every card, then
    # their last chance or their face card), and a cardless player may put out a fire.
    g = lone_holder_game(ending=ending)
    only(slap(g, 1), WrongSlap)
    assert g.challenge.claimant == -1 and g.to_act() == 0 and g.outcome is None
    out = only(slap(g, 2), FireOut)
    assert (out.seat, out.count, out.card.code) == (2, 3, "KS")
    assert hand(g, 2) == "4D 5H KS"


# --- bots and records -------------------------------------------------------------------------


def test_bots_play_firefighters_to_the_end() -> None:
    for seed in range(4):
        g = play(FF, 4, seed)
        assert g.outcome is not None and g.outcome.status == "win"
        started, decided = of(g.events, BurnStarted), of(g.events, BurnWon)
        assert started and len(started) == len(decided)
        assert all(not w.missed for w in decided)  # bots burn in time
        assert len(g.all_cards()) == 52


def test_bots_put_out_the_fires_they_may() -> None:
    """A fire that a cardless bot may put out is put out, not left burning while the others
    flip on (a planned slap the variant called for survives the next card)."""
    chances = put_out = 0
    for seed in range(20):
        game = Game(FF, 4, seed=seed)
        match = Match(game, make_bots(game, "normal"))
        burning = False
        for _ in range(5000):  # an action cap: a game that never ends fails below
            if game.outcome is not None:
                break
            now = (game.phase is None and fire_burning(game)
                   and any(may_put_out(game, seat) for seat in range(game.n)))
            chances += now and not burning
            burning = now
            put_out += bool(of(match.step(), FireOut))
        assert game.outcome is not None
    assert chances >= 20
    assert put_out >= 0.75 * chances, (put_out, chances)


def test_a_record_with_a_tick_replays() -> None:
    g = contest("KS", "9H", "4D")
    burns(g, 2)
    deadline = g.deadline
    g.tick(deadline)
    flip(g, 1)
    record = record_of(g)
    assert [a for a in record["actions"] if a[2] == "tick"] == [[deadline, -1, "tick"]]
    again = replay(dumps(g))
    assert [e.explain() for e in again.events] == [e.explain() for e in g.events]
    assert record_of(again) == record
    assert codes(burn_pile(again)) == codes(burn_pile(g))
