"""Slap Like an Egyptian (the Front Porch Classics boxed game) against its rule text.

The rule text is seed 002 (its pages are out of order): "Set Up", "Face or Ace" with its
worked example, "Slapping", "Slap-A-Roonie!" with the red, wood and black dice, and "Other
Important Rules". One test per sentence or example, each built from explicit hands (top card
first; seat 0 leads, the dealer is the last seat). Where a test needs particular dice it sets
them through :func:`ratscrew.variants.slae.dice_of`, or looks for a seed whose table stream
rolls them
(a game built from hands and a seed deals the hands and rolls the dice from the seed).
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean
from typing import Any

import pytest

from ratscrew.core.cards import cards
from ratscrew.core.engine import Action, Game
from ratscrew.core.events import (
    Asked,
    ChallengeWon,
    Chose,
    Event,
    Flipped,
    Ignored,
    OutOfCards,
    PileTaken,
    WrongSlap,
)
from ratscrew.play.match import play
from ratscrew.play.record import dumps, record_of, replay
from ratscrew.variants import find_variant
from ratscrew.variants.slae import (
    BODY_PARTS,
    HANDS,
    RED_FACES,
    SLAP_LIKE_AN_EGYPTIAN,
    WOOD_FACES,
    BlackDie,
    Dice,
    DiceCalled,
    DiceRolled,
    dice_of,
    required_hand,
)
from tests.helpers import flip, flips, of, only

H = cards
SLAE = "slap-like-an-egyptian"

# --- helpers ----------------------------------------------------------------------------------


def slap(g: Game, seat: int, hand: str = "", dt: int = 300) -> list[Event]:
    """``seat`` slaps with ``hand`` ``dt`` ms after the previous action (outside the grace
    window, so a slap on nothing is a wrong slap)."""
    return g.slap(seat, g.t + dt, hand)


def dice(g: Game) -> Dice:
    d = dice_of(g)
    assert d is not None
    return d


def set_dice(g: Game, red: str, wood: str = "ear") -> Dice:
    """Put the dice on the table as if rolled (no Rat on either die)."""
    assert g.pending is None
    d = dice(g)
    d.red, d.wood, d.hand, d.part = red, wood, red, wood
    return d


def game(*hands: str, seed: int | None = None, **options: Any) -> Game:
    g = Game(SLAE, len(hands), seed=seed, hands=[H(h) for h in hands], options=options)
    assert g.pending is None, "the start roll was a Rat: pick other dice"
    return g


def first_seed(test: Callable[[int], bool], limit: int = 3000) -> int:
    """The first seed for which ``test`` holds (searching real games, so the test does not
    depend on how the dice are drawn from the stream)."""
    for seed in range(limit):
        if test(seed):
            return seed
    raise AssertionError("no seed found")


def start_roll(seed: int, players: int = 3) -> DiceRolled:
    g = Game(SLAE, players, seed=seed, hands=[H("2S")] * players)
    rolled: DiceRolled = only(g.events, DiceRolled)
    return rolled


# A double for seat 2 to slap: seats 0 and 1 lay 8S 8H (3 players, everybody has spares).
DOUBLE = ("8S 2S 3S 4S", "8H 2H 3H 4H", "5D 6D 9D 10D")


def double_on_table(**options: Any) -> Game:
    g = game(*DOUBLE, **options)
    flips(g, 0, 1)
    assert g.slappable
    return g


# --- 1. Set Up: the deck --------------------------------------------------------------------


@pytest.mark.parametrize("alias", ["slap-like-an-egyptian", "front-porch", "slae", "Front Porch"])
def test_names(alias: str) -> None:
    assert find_variant(alias) is SLAP_LIKE_AN_EGYPTIAN


def jokers_in(g: Game) -> int:
    return sum(1 for c in g.all_cards() if c.is_joker)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_deck_for_two_to_four_players_with_its_two_jokers(players: int) -> None:
    # "It is recommended to use 1 deck of cards when played by 2-4 players".
    g = Game(SLAE, players, seed=11)
    assert (g.rules.decks, g.rules.jokers) == (1, 2)
    assert g.total == 54 and jokers_in(g) == 2
    assert sorted(g.counts)[-1] - sorted(g.counts)[0] <= 1  # "deal all of them"


@pytest.mark.parametrize("players", [5, 6, 8])
def test_two_decks_for_five_or_more_players_with_their_four_jokers(players: int) -> None:
    # "... and 2 decks of cards when played by 5 or more players."
    g = Game(SLAE, players, seed=11)
    assert (g.rules.decks, g.rules.jokers) == (2, 4)
    assert g.total == 108 and jokers_in(g) == 4


@pytest.mark.parametrize(
    ("players", "options", "total", "jokers"),
    [
        (3, {"decks": 2}, 108, 4),  # jokers follow the decks chosen
        (6, {"decks": 1}, 54, 2),
        (4, {"decks": 3}, 162, 6),
        (4, {"jokers": 0}, 52, 0),  # jokers set on their own win
        (6, {"decks": 1, "jokers": 1}, 53, 1),
    ],
)
def test_the_deck_options_override_the_recommendation(
    players: int, options: dict[str, Any], total: int, jokers: int
) -> None:
    g = Game(SLAE, players, seed=4, options=options)
    assert g.total == total and jokers_in(g) == jokers


# --- 1. Face or Ace ---------------------------------------------------------------------------


def test_challenges_ace_4_king_3_queen_2_jack_1() -> None:
    assert dict(SLAP_LIKE_AN_EGYPTIAN.rules.challenge) == {"A": 4, "K": 3, "Q": 2, "J": 1}
    for face, chances in (("AS", 4), ("KS", 3), ("QS", 2), ("JS", 1)):
        g = game(f"{face} 2S", "3H 4H 5H 6H", slap_a_roonie=False)
        flipped = only(flip(g, 0), Flipped)
        assert (flipped.target, flipped.chances) == (1, chances)


def test_a_joker_is_no_challenge() -> None:
    g = game("RJ 2S", "3H 4H", slap_a_roonie=False)
    flipped = only(flip(g, 0), Flipped)
    assert flipped.chances == 0 and g.to_act() == 1


# The box's example: "Player A flips a King. Player B ... flips a 2-8-Queen. Player C ... flips
# a 7-9. The result is that Player B picks up the center pile ... Player C then starts the next
# sequence".
EXAMPLE = ("KS 5S 6S", "2H 8H QH 3H", "7D 9D 4D")


def play_the_box_example(**options: Any) -> tuple[Game, list[Event]]:
    g = game(*EXAMPLE, **options)
    events = flips(g, 0, 1, 1, 1, 2, 2)
    return g, events


def test_the_box_example_player_b_picks_up_the_pile() -> None:
    g, events = play_the_box_example()
    laid = [(e.seat, e.card.code) for e in of(events, Flipped)]
    assert laid == [(0, "KS"), (1, "2H"), (1, "8H"), (1, "QH"), (2, "7D"), (2, "9D")]
    assert of(events, Flipped)[0].chances == 3  # "up to 3 chances"
    assert of(events, Flipped)[3].chances == 2  # "2 chances ... since Player B flipped a Queen"
    won = only(events, ChallengeWon)
    assert (won.seat, won.failed, won.card.code) == (1, 2, "QH")
    assert not of(events, WrongSlap) and not g.slappable
    taken = only(flip(g, 1), PileTaken)  # B collects it
    assert (taken.seat, taken.count, taken.how) == (1, 6, "challenge")
    assert [c.code for c in list(g.hands[1])[-6:]] == ["KS", "2H", "8H", "QH", "7D", "9D"]


def test_the_box_example_player_c_starts_the_next_sequence() -> None:
    g, _ = play_the_box_example()
    assert SLAP_LIKE_AN_EGYPTIAN.rules.next_leader == "failed"
    flip(g, 1)
    assert g.to_act() == 2
    assert only(flip(g, 2), Flipped).card.code == "4D"


def test_next_leader_winner_gives_the_other_reading() -> None:
    g, _ = play_the_box_example(next_leader="winner")
    flip(g, 1)
    assert g.to_act() == 1


def test_a_challenge_won_rolls_no_dice() -> None:
    g, events = play_the_box_example()
    events += flip(g, 1)
    assert not of(events, DiceRolled) and dice(g).rolls == 1


# --- 2. Slapping ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "rule"),
    [
        ("8S 8H", "Double"),  # "example: 8-8"
        ("7S 2H 7D", "Sandwich"),  # "example: 7-2-7"
        ("9S 10H JD", "Run"),  # "9-10-J"
        ("6S 5H 4D", "Run"),  # "or 6-5-4"
    ],
)
def test_slaps_double_sandwich_and_run(pile: str, rule: str) -> None:
    laid = pile.split()
    hands = [" ".join([laid[i], "2C 3C"]) if i < len(laid) else "2D 3D" for i in range(3)]
    g = game(*hands, slap_a_roonie=False)
    flips(g, *range(len(laid)))
    taken = only(slap(g, 2 if len(laid) == 2 else 0), PileTaken)
    assert (taken.how, taken.rule, taken.count) == ("slap", rule, len(laid))


def test_8_6_7_is_not_a_run() -> None:
    # "... but NOT 8-6-7": a slap on it is a mistake.
    g = game("8S 2C 3C 4C", "6H 2H 3H 4H", "7D 2D 3D 4D", slap_a_roonie=False)
    flips(g, 0, 1, 2)
    assert not g.slappable
    wrong = only(slap(g, 0), WrongSlap)
    assert wrong.penalty == "cards" and not wrong.reason


def test_no_other_slap_rules_are_in_play() -> None:
    assert SLAP_LIKE_AN_EGYPTIAN.rules.slaps == ("double", "sandwich", "run")


# --- 3. Slap-A-Roonie: when the dice are rolled -----------------------------------------------


def test_slap_a_roonie_is_on_and_the_dice_are_rolled_before_the_first_flip() -> None:
    g = Game(SLAE, 4, seed=3)
    assert g.rules.flag("slap_a_roonie")
    rolled = only(g.events, DiceRolled)
    assert (rolled.caller, dice(g).rolls) == (g.dealer, 1)
    assert dice(g).red == rolled.red and dice(g).wood == rolled.wood


def test_slap_a_roonie_off_rolls_nothing_and_any_hand_slaps() -> None:
    g = double_on_table(slap_a_roonie=False)
    assert not of(g.events, DiceRolled)
    assert required_hand(g, 2) == ""
    events = slap(g, 2, "left")
    assert only(events, PileTaken).seat == 2 and not of(events, DiceRolled)


def test_the_faces_of_the_dice() -> None:
    # "right (R), left (L) or either hand (LR)", a Rat; "ear, neck, etc.", a Rat.
    assert len(RED_FACES) == len(WOOD_FACES) == 6
    assert set(RED_FACES) == {"right", "left", "either", "rat"}
    assert {"ear", "neck", "rat"} <= set(WOOD_FACES)
    seen_red, seen_wood = set(), set()
    for seed in range(200):
        rolled = start_roll(seed)
        seen_red.add(rolled.red)
        seen_wood.add(rolled.wood)
    assert seen_red == set(RED_FACES) and seen_wood == set(WOOD_FACES)


def test_the_dice_are_rolled_again_after_a_slap_that_wins_the_pile() -> None:
    # "Roll the red and wood dice after every slap occurs."
    g = double_on_table()
    set_dice(g, "right")
    events = slap(g, 2, "right")
    kinds = [type(e) for e in events]
    assert kinds.index(PileTaken) < kinds.index(DiceRolled)
    rolled = only(events, DiceRolled)
    assert rolled.caller == 1  # the player who last played: seat 1 laid the top 8
    assert dice(g).rolls == 2


def test_a_wrong_slap_rolls_no_dice() -> None:
    g = game(*DOUBLE)
    flip(g, 0)
    events = slap(g, 2, "right")
    assert only(events, WrongSlap).penalty == "cards"
    assert not of(events, DiceRolled) and dice(g).rolls == 1


# --- 3. Slap-A-Roonie: the red die ------------------------------------------------------------


def test_red_die_right_accepts_the_right_hand() -> None:
    g = double_on_table()
    set_dice(g, "right")
    assert required_hand(g, 2) == "right"
    assert only(slap(g, 2, "right"), PileTaken).seat == 2


@pytest.mark.parametrize(("die", "wrong"), [("right", "left"), ("left", "right")])
def test_the_other_hand_is_a_wrong_slap_and_the_pile_stays(die: str, wrong: str) -> None:
    g = double_on_table()
    set_dice(g, die)
    events = slap(g, 2, wrong)
    mistake = only(events, WrongSlap)
    assert mistake.penalty == "cards" and len(mistake.burned) == 3
    assert die in str(mistake.reason) and "die" in str(mistake.reason)
    assert not of(events, PileTaken) and not of(events, DiceRolled)
    assert g.slappable  # the pattern is still there: the right slap takes it
    assert only(slap(g, 0, die), PileTaken).count == 2 + 3


def test_a_slap_that_says_no_hand_is_wrong_when_the_die_asks_for_one() -> None:
    g = double_on_table()
    set_dice(g, "right")
    mistake = only(slap(g, 2, ""), WrongSlap)
    assert "right" in str(mistake.reason)


@pytest.mark.parametrize("hand", ["right", "left", ""])
def test_red_die_either_accepts_any_hand(hand: str) -> None:
    g = double_on_table()
    set_dice(g, "either")
    assert required_hand(g, 2) == ""
    assert only(slap(g, 2, hand), PileTaken).seat == 2


def test_the_box_example_red_r_and_wood_ear_only_a_right_hand_slap_counts() -> None:
    # "if the red dice rolled is an (R) and the wood dice is an EAR, then the slap needs to be
    # the right hand originating from either ear in order to count and win the cards."
    seed = first_seed(lambda s: (start_roll(s).red, start_roll(s).wood) == ("right", "ear"))
    g = game(*DOUBLE, seed=seed)
    assert (dice(g).hand, dice(g).part) == ("right", "ear")
    flips(g, 0, 1)
    assert of(slap(g, 2, "left"), WrongSlap)
    assert of(slap(g, 0, ""), WrongSlap)
    assert only(slap(g, 1, "right"), PileTaken).seat == 1


# --- 3. Slap-A-Roonie: the Rat ------------------------------------------------------------------


def rat_game(red_rat: bool, wood_rat: bool) -> Game:
    seed = first_seed(
        lambda s: (start_roll(s).red == "rat", start_roll(s).wood == "rat") == (red_rat, wood_rat)
    )
    return Game(SLAE, 3, seed=seed, hands=[H(h) for h in DOUBLE])


def test_a_rat_on_the_red_die_asks_the_player_who_last_played_for_a_hand() -> None:
    g = rat_game(True, False)
    asked = only(g.events, Asked)
    assert asked.seat == g.dealer == 2  # before the first card: the dealer calls it
    assert g.pending is not None and g.pending.options == HANDS == ("right", "left", "either")
    assert g.to_act() == -1
    assert "choose" in str(only(flip(g, 0), Ignored).reason)  # no flips while it is pending
    assert only(g.choose(0, g.t + 10, "left"), Ignored).action == "choice"  # not theirs
    called = only(g.choose(2, g.t + 10, "left"), DiceCalled)
    assert (called.seat, called.what, called.value) == (2, "hand", "left")
    assert g.pending is None and dice(g).hand == "left"
    flips(g, 0, 1)
    assert of(slap(g, 2, "right"), WrongSlap)
    assert only(slap(g, 0, "left"), PileTaken).seat == 0


def test_a_rat_on_the_wood_die_asks_for_any_part_of_the_body() -> None:
    g = rat_game(False, True)
    asked = only(g.events, Asked)
    assert asked.options == BODY_PARTS
    assert set(WOOD_FACES) - {"rat"} < set(BODY_PARTS)  # parts not on the die as well
    called = only(g.choose(2, g.t + 10, "knee"), DiceCalled)
    assert (called.what, called.value) == ("part", "knee") and dice(g).part == "knee"


def test_rats_on_both_dice_are_two_decisions_in_turn() -> None:
    g = rat_game(True, True)
    assert only(g.events, Asked).options == HANDS
    events = g.choose(2, g.t + 10, "either")
    assert only(events, DiceCalled).what == "hand"
    assert only(events, Asked).options == BODY_PARTS
    assert of(flip(g, 0), Ignored)  # still waiting
    events = g.choose(2, g.t + 10, "elbow")
    assert only(events, DiceCalled).what == "part"
    assert g.pending is None and (dice(g).hand, dice(g).part) == ("either", "elbow")
    assert only(flip(g, 0), Flipped).card.code == "8S"


def test_a_rat_after_a_winning_slap_is_called_by_whoever_laid_the_top_card() -> None:
    def second_roll_is_a_red_rat(seed: int) -> bool:
        g = Game(SLAE, 3, seed=seed, hands=[H(h) for h in DOUBLE])
        if g.pending is not None or dice(g).hand not in ("either", "left"):
            return False
        flips(g, 0, 1)
        events = slap(g, 2, "left")
        return bool(of(events, PileTaken)) and dice(g).red == "rat"

    g = Game(SLAE, 3, seed=first_seed(second_roll_is_a_red_rat), hands=[H(h) for h in DOUBLE])
    flips(g, 0, 1)
    events = slap(g, 2, "left")
    assert only(events, DiceRolled).caller == 1
    assert only(events, Asked).seat == 1  # seat 1 laid the top 8H
    assert g.to_act() == -1 and g.turn == 2  # the slapper leads once the Rat is called
    assert of(flip(g, 2), Ignored)
    g.choose(1, g.t + 10, "right")
    if g.pending is not None:  # a Rat on the wood die too
        g.choose(1, g.t + 10, "chin")
    assert only(flip(g, 2), Flipped).seat == 2


def test_bots_call_the_rats_at_random() -> None:
    hands: set[str] = set()
    parts: set[str] = set()
    for seed in range(3):
        g = play(SLAE, 4, seed)
        assert g.outcome is not None and g.outcome.status == "win"
        for e in of(g.events, DiceCalled):
            (hands if e.what == "hand" else parts).add(e.value)
        asked = of(g.events, Asked)
        assert asked and len(of(g.events, Chose)) == len(asked)
    assert hands == set(HANDS)
    assert len(parts) >= 3 and parts <= set(BODY_PARTS)


# --- 4. The joker and the black die ---------------------------------------------------------


# Seat 0 flips the red joker, seats 1 and 2 lay a double.
JOKER_HANDS = ("RJ 2S 3S 4S", "5H 2H 3H 4H", "5D 6D 9D BJ")


def test_whoever_flips_a_joker_takes_the_black_die() -> None:
    g = game(*JOKER_HANDS)
    got = only(flip(g, 0), BlackDie)
    assert (got.seat, got.card.code, got.previous) == (0, "RJ", -1)
    assert dice(g).holder == 0


def test_the_black_die_frees_its_holder_from_the_dice() -> None:
    # "Holding the black die allows the player to avoid any of the slap rules previously
    # determined by the roll of the red and wood dice."
    g = game(*JOKER_HANDS)
    flips(g, 0, 1, 2)
    set_dice(g, "right")
    assert required_hand(g, 0) == "" and required_hand(g, 1) == "right"
    assert of(slap(g, 1, "left"), WrongSlap)  # not the holder: the die holds
    assert only(slap(g, 0, "left"), PileTaken).seat == 0


def test_the_holder_stays_free_after_the_next_roll() -> None:
    g = game(*JOKER_HANDS)
    flips(g, 0, 1, 2)
    slap(g, 0, "left")
    assert dice(g).rolls == 2 and dice(g).holder == 0
    assert required_hand(g, 0) == ""


def test_the_black_die_moves_to_whoever_flips_the_next_joker() -> None:
    # "The black die always rests with the player who last flipped the Joker."
    g = game("RJ 7S 8S 9S", "2H 3H 4H 5H", "10D BJ 6D 9D", slap_a_roonie=True)
    flips(g, 0, 1, 2, 0, 1)
    moved = only(flip(g, 2), BlackDie)
    assert (moved.seat, moved.previous) == (2, 0) and dice(g).holder == 2
    assert "from player 1" in moved.explain()
    set_dice(g, "right")
    assert required_hand(g, 0) == "right" and required_hand(g, 2) == ""


def test_the_holder_flipping_a_joker_again_keeps_the_die() -> None:
    g = game("RJ 9S BJ 3S", "2H 3H 4H 5H", "10D 6D 7D 8D")
    flips(g, 0, 1, 2, 0, 1, 2)
    again = only(flip(g, 0), BlackDie)
    assert (again.seat, again.previous) == (0, 0) and dice(g).holder == 0


def test_a_joker_laid_out_of_turn_as_a_dead_card_does_not_move_the_die() -> None:
    g = game("2S 3S", "RJ 4H", "5D 6D", out_of_turn="dead")
    events = flip(g, 1)
    assert only(events, Flipped).dead and not of(events, BlackDie)
    assert dice(g).holder == -1


def test_two_jokers_one_on_the_other_are_a_double() -> None:
    # The box's double is "2 cards of the same number"; jokers have none. The reading chosen
    # (docs/rules.md) is classic's: they are a pair.
    g = game("RJ 2S", "BJ 2H", "5D 6D", slap_a_roonie=False)
    flips(g, 0, 1)
    assert only(slap(g, 2), PileTaken).rule == "Double"


# --- 5. Other Important Rules -------------------------------------------------------------------


def test_a_mistaken_slap_throws_three_cards_into_the_center_pile() -> None:
    # "If a player slaps by mistake he/she must throw 3 cards from the top of his/her pile
    # into the center pile."
    g = game(*DOUBLE)
    flip(g, 0)
    mistake = only(slap(g, 2, "right"), WrongSlap)
    assert [c.code for c in mistake.burned] == ["5D", "6D", "9D"]
    assert [c.code for c in g.hands[2]] == ["10D"]
    assert sorted(c.code for c in g.pile[:3]) == ["5D", "6D", "9D"]  # under the pile
    assert g.pile[-1].code == "8S" and len(g.pile) == 4


def out_of_cards_game(**options: Any) -> Game:
    """Seat 2 lays its last card (a 5), then seats 0 and 1 lay the 8-8 double."""
    g = game("4S 8S 2S 3S", "6H 8H 2H 3H", "5D", **{"slap_a_roonie": False, **options})
    events = flips(g, 0, 1, 2)
    assert only(events, OutOfCards).seat == 2
    return g


def test_a_player_with_no_cards_leaves_the_turn_order() -> None:
    # "Players with no cards left are eliminated."
    g = out_of_cards_game()
    assert g.to_act() == 0
    flips(g, 0, 1)
    assert g.to_act() == 0  # seat 2 is skipped


def test_a_player_with_no_cards_may_slap_back_in() -> None:
    # "However, players can reenter the game by winning a slap and collecting the center pile."
    g = out_of_cards_game()
    flips(g, 0, 1)
    taken = only(slap(g, 2), PileTaken)
    assert taken.slapped_in and taken.seat == 2 and len(g.hands[2]) == 5
    assert g.to_act() == 2


def test_a_mistaken_slap_with_no_cards_bars_the_player_for_good() -> None:
    # "If a player previously eliminated slaps by mistake or incorrectly, then he/she is not
    # allowed to reenter the game via "slap" at all."
    g = out_of_cards_game()
    assert only(slap(g, 2), WrongSlap).penalty == "barred"
    assert g.penalties.barred[2]
    flips(g, 0, 1)
    assert g.slappable
    assert only(slap(g, 2), Ignored).action == "slap"
    assert only(slap(g, 0), PileTaken).seat == 0


def test_a_slap_with_the_wrong_hand_with_no_cards_also_bars() -> None:
    g = out_of_cards_game(slap_a_roonie=True)
    flips(g, 0, 1)
    set_dice(g, "right")
    mistake = only(slap(g, 2, "left"), WrongSlap)
    assert mistake.penalty == "barred" and mistake.reason
    assert g.penalties.barred[2]


# --- 6. Bots and the dice -------------------------------------------------------------------


def replay_checking_hands(g: Game) -> int:
    """Replay ``g``'s actions on a fresh game; every slap made while the dice ask for a hand
    must use it. Returns how many such slaps there were."""
    again = Game(SLAE, g.n, seed=g.seed, options=g.rules.diff(g.variant.rules_for(g.n)))
    restricted = 0
    for t, seat, kind, arg in g.history:
        if kind == "slap":
            need = required_hand(again, seat)
            if need:
                restricted += 1
                assert arg == need, (t, seat, arg, need)
            else:
                assert arg in ("right", "left")
        again.apply(Action(t, seat, kind, arg))
    assert [e.explain() for e in again.events] == [e.explain() for e in g.events]
    return restricted


def test_bots_obey_the_dice() -> None:
    restricted = 0
    for seed in range(4):
        g = play(SLAE, 4, seed)
        restricted += replay_checking_hands(g)
        for wrong in of(g.events, WrongSlap):
            assert not wrong.reason, wrong.explain()
    assert restricted > 50


def slap_delays(options: dict[str, Any], seeds: range) -> list[int]:
    """Milliseconds from the card that made a pattern to the slap that took the pile."""
    delays = []
    for seed in seeds:
        g = play(SLAE, 4, seed, options=options)
        last_flip = 0
        for e in g.events:
            if isinstance(e, Flipped):
                last_flip = e.t
            elif isinstance(e, PileTaken) and e.how == "slap":
                delays.append(e.t - last_flip)
    return delays


def test_bots_are_slower_to_slap_when_the_dice_restrict_them() -> None:
    on = slap_delays({}, range(6))
    off = slap_delays({"slap_a_roonie": False}, range(6))
    assert len(on) > 100 and len(off) > 100
    assert mean(on) > mean(off) + 40  # about 80-120 ms over any six seeds


# --- 7. Records ---------------------------------------------------------------------------------


def dice_events(g: Game) -> list[dict[str, Any]]:
    return [
        e.to_dict()
        for e in g.events
        if isinstance(e, DiceRolled | DiceCalled | BlackDie | Asked | Chose)
    ]


def test_a_record_replays_the_same_dice() -> None:
    g = play(SLAE, 3, 17)
    assert of(g.events, DiceCalled) and of(g.events, BlackDie)
    again = replay(dumps(g))
    assert dice_events(again) == dice_events(g)
    assert record_of(again) == record_of(g)
    assert dice(again) == dice(g)
