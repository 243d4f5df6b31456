"""The engine audit's findings, each built from its reproduction or the seed sentence it reads:
games that used to hang or stall, rule sentences read as written, and the house rules the seeds
name (004: jokers split, risk slaps, out of turn, burning a hand; 000: missing a turn).

Games are built from explicit hands (top card first); seat 0 leads and play goes clockwise.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ratscrew.core.cards import cards, codes
from ratscrew.core.engine import COVERED, Game
from ratscrew.core.events import (
    BackIn,
    ChallengeWon,
    Flipped,
    GameOver,
    Ignored,
    PileTaken,
    TurnMissed,
    WrongSlap,
)
from ratscrew.core.options import OPTION_SPECS
from ratscrew.play.match import play
from ratscrew.play.record import dumps, replay
from ratscrew.tools.audit import Table, play_checked, violations
from ratscrew.variants.firefighters import BurnStarted
from ratscrew.variants.kurs import song_key
from tests.helpers import flip, flips, of, only, slap, texts

A, B, C = 0, 1, 2


def game(variant: str, *hands: str, **options: Any) -> Game:
    return Game(variant, len(hands), hands=[cards(h) for h in hands], options=options)


def hand(g: Game, seat: int) -> str:
    return codes(g.hands[seat])


# --- 1. no hang, no stall ---------------------------------------------------------------------

REPRODUCTIONS = [
    # The last player burns their final cards, every hand is empty, flips ignored forever.
    Table("firefighters", 7, 416465, "normal", {"ending": "last-chance"}),
    Table("firefighters", 3, 604655, "normal",
          {"jokers": 1, "ending": "until-face", "challenge": "10=9 2=5 6=9"}),
    # Looped for ever in Game._settle: every seat out.
    Table("kurs", 4, 294389, "easy",
          {"death_card": False, "empty_hand": "forfeit", "direction": "counterclockwise"}),
    # Out seats received cards (the Moon, the World), and the game stalled.
    Table("kurs", 4, 328498, "normal", {"collect": "immediate", "empty_hand": "forfeit"}),
    # A winner named while an out seat held 43 cards.
    Table("kurs", 3, 951152, "easy", {"empty_hand": "forfeit"}),
    # The Chariot laid as a last card: its player was out before its effect played out.
    Table("kurs", 6, 6456352186905811845, "expert", {
        "answer_face": "ends", "challenge": "5=11 9=9 Q=5 P=1 N=2", "collect": "immediate",
        "decree_yields": False, "direction": "counterclockwise", "empty_hand": "forfeit",
        "ending": "last-chance", "exhausted": "continue", "genders": "male",
        "grace_ms": 161, "last_chance_flips": 5, "penalty_count": 8, "run_wrap": True,
        "slaps": "add-to-ten,same-as-first,colour", "strikes": 4, "sunset": 7}),
]


@pytest.mark.parametrize("table", REPRODUCTIONS, ids=str)
def test_the_reproductions_finish_with_a_winner_and_break_no_invariant(table: Table) -> None:
    checked = play_checked(table, 20_000)
    assert checked.problems == []
    outcome = checked.game.outcome
    assert outcome is not None and outcome.status == "win"


def test_a_player_playing_on_alone_who_runs_out_takes_the_pile_and_wins() -> None:
    """Firefighters with a last chance: the holder's last card meets a burn condition, but
    nobody has a card to burn, so no contest starts and the pile is theirs."""
    g = game("firefighters", "5D 6C 7H", "", "", ending="last-chance")
    g.play_on, g.play_on_left, g.turn = A, 3, A  # as after gathering every card
    flips(g, A, A, A)
    assert g.phase is None and not g.stalled()
    flip(g, A)  # collects the pile
    assert g.outcome is not None and g.outcome.winner == A


def test_an_action_cap_stops_a_driver_that_makes_no_progress() -> None:
    from ratscrew.play.match import action_cap
    assert action_cap(3000) > 3000 * 10


# --- 2. rule sentences read as written --------------------------------------------------------


def test_chimney_reads_the_very_bottom_card_misfired_cards_included() -> None:
    """003: "Chimney: The top and bottom cards of the play pile are of equal value", and a
    misfire puts its cards "to the bottom of the Play pile"."""
    g = game("firefighters", "5H 2D 2S", "3S 9D 6C 4H", "9H 8S 8D")
    flip(g, A)
    events = slap(g, B)  # a misfire: 3S and 9D go under the pile
    assert only(events, WrongSlap).burned == tuple(cards("3S 9D"))
    assert codes(g.pile) == "9D 3S 5H"  # 9D at the very bottom
    flip(g, B)
    events = flip(g, C)  # 9H on top, 9D at the bottom
    started = only(events, BurnStarted)
    assert started.condition == "Chimney"
    assert codes(started.cards) == "9D 9H"


def test_the_classic_top_bottom_rule_still_reads_the_first_card_played() -> None:
    g = game("classic", "5H 2D 2S", "3S 9D 6C 4H", "9H 8S 8D", slaps=["top-bottom"])
    flip(g, A)
    slap(g, B)
    flips(g, B, C)
    assert g.pile.match is None


def test_a_wrong_slap_that_takes_the_last_other_cards_wins_at_once() -> None:
    """001: "A player has won when he is the only one with cards." """
    g = game("classic", "5H 6H 7H", "", "8C", collect="immediate")
    flip(g, A)
    events = slap(g, C)  # C burns their only card: A is the only one with cards
    over = only(events, GameOver)
    assert over.winner == A and g.outcome is not None
    assert hand(g, A) == "6H 7H 8C 5H"


def test_under_the_claim_rule_the_lone_holder_collects_the_pile_at_once() -> None:
    g = game("classic", "5H 6H 7H", "", "8C")
    flip(g, A)
    slap(g, C)
    assert g.challenge.claimant == A and g.to_act() == A
    events = flip(g, A)
    assert only(events, GameOver).winner == A


def test_a_last_card_played_out_of_turn_as_a_dead_card_counts_too() -> None:
    g = game("classic", "5H 6H", "8C", out_of_turn="dead")
    assert g.to_act() == A
    flip(g, B)  # B's only card, out of turn: a dead card, and A is the only one with cards
    assert not g.hands[B] and g.challenge.claimant == A
    events = flip(g, A)
    assert only(events, GameOver).winner == A
    assert hand(g, A) == "5H 6H 8C"


def test_the_checks_catch_a_firefighters_game_going_on_with_one_player_holding_cards() -> None:
    g = game("firefighters", "5H 6H", "")
    deck = Counter(c.code for c in g.all_cards())
    assert violations(g, deck) == [
        "player 1 is the only player with cards and the game goes on"]
    assert violations(game("classic", "5H 6H", ""), deck) == []


def test_a_misfire_that_takes_the_last_other_cards_ends_firefighters() -> None:
    """003: "To win the game, a player must ... be the only player with cards in their hand." """
    g = game("firefighters", "5H 6H 7H", "8C 9C")
    flip(g, A)
    slap(g, B)  # a misfire: both of B's cards go under the Play pile
    assert not g.hands[B] and g.challenge.claimant == A
    events = flip(g, A)
    assert only(events, GameOver).winner == A


def test_beggar_my_neighbour_has_no_slapping() -> None:
    """004: "There is no skill in this game (you just turn your top card when it is your
    turn)": a slap is ignored with a sentence and costs nothing."""
    g = game("beggar-my-neighbour", "5H 5D 2C", "5S 3C 4C")
    assert not g.slapping
    flips(g, A, B)  # 5H 5S: a double, were slaps counted
    before = g.counts
    events = slap(g, B)
    assert "there is no slapping in Beggar-My-Neighbour" in str(only(events, Ignored).reason)
    assert g.counts == before and len(g.pile) == 2
    assert g.stats[B].slaps_wrong == 0 and g.stats[B].slaps_right == 0


def test_beggar_my_neighbour_with_house_slap_rules_slaps() -> None:
    g = game("beggar-my-neighbour", "5H 5D 2C", "5S 3C 4C", slaps=["double"])
    assert g.slapping
    flips(g, A, B)
    assert only(slap(g, B), PileTaken).seat == B


def test_the_towers_covered_cards_make_no_slap_pattern() -> None:
    """000, the Tower: "The card shown is now to be considered the card you played": only
    that card was seen, not the ones under it in the flipped packet."""
    g = Game("kurs", 2, hands=[cards("M17 5WA 5CU 3SW 9PE"), cards("2SW 4SW")])
    flip(g, A)
    assert codes(g.pile) == "M17 5WA 5CU" and g.pile.kinds[1] == COVERED
    assert codes(g.pile.live) == "M17 5CU"
    assert g.pile.match is None and not g.slappable
    assert of(slap(g, B), WrongSlap)


def test_death_shown_by_the_tower_uncovers_the_card_under_it() -> None:
    g = Game("kurs", 3, hands=[cards("M17 5WA M13 3SW 9PE"), cards("2SW 4SW"),
                               cards("6SW 7SW")])
    flip(g, A)  # the Tower shows Death, which leaves play: 5WA shows now
    assert codes(g.removed) == "M13"
    assert codes(g.pile) == "M17 5WA" and codes(g.pile.live) == "M17 5WA"


def test_the_star_refuses_a_song_already_sung() -> None:
    """000, the Star: "Each time this card is played by any player, a different song must be
    sung." Titles are compared loosely (case, punctuation, spaces)."""
    g = Game("kurs", 2, hands=[cards("M18 2CU 3CU"), cards("M18 4CU 5CU")],
             options={"decks": 2})
    flip(g, A)
    g.choose(A, g.t + 100, "Twinkle, Twinkle, Little Star")
    flip(g, B)
    events = g.choose(B, g.t + 100, "twinkle twinkle little-star!")
    assert "has already been sung in this game" in str(only(events, Ignored).reason)
    assert g.pending is not None and g.pending.seat == B
    events = g.choose(B, g.t + 100, "Lucky Star")
    assert g.pending is None and "sings \u201cLucky Star\u201d" in texts(events)[-1]
    assert song_key("Twinkle, Twinkle, Little Star") == song_key("twinkle twinkle LITTLE star")


def test_a_bot_never_sings_the_same_song_twice() -> None:
    for seed in range(30):
        g = play("kurs", 3, seed, "normal", {"decks": 2}, max_cards=3000)
        sung = [e.quote for e in g.events if getattr(e, "quote", "") and "sings" in e.text]
        keys = [song_key(s) for s in sung]
        assert len(keys) == len(set(keys)), sung


# --- 3. house rules the seeds name ------------------------------------------------------------


def test_the_red_joker_is_an_instant_slap() -> None:
    """004: "the red joker is an instant snap but the black joker challenges with 13
    chances"."""
    g = game("classic", "RJ 2C", "5H 6H", joker_split=True)
    flip(g, A)
    assert g.slappable
    taken = only(slap(g, B), PileTaken)
    assert taken.seat == B and taken.rule == "Red joker"


def test_the_black_joker_challenges_with_13_chances() -> None:
    g = game("classic", "BJ 2C", "5H 6H 7H", joker_split=True)
    events = flip(g, A)
    assert only(events, Flipped).chances == 13
    assert not g.slappable


def test_without_the_split_jokers_follow_the_challenge_table() -> None:
    g = game("classic", "BJ RJ 2C", "5H 6H 7H")
    assert only(flip(g, A), Flipped).chances == 0
    assert not g.slappable


def test_missing_a_turn_for_a_wrong_slap() -> None:
    """000: "Penalties can range from missing a turn, ...": the next player plays instead."""
    g = game("classic", "5H 2C 3C", "6D 4D 8D", "7S 9S 10S", penalty="miss-turn")
    flip(g, A)
    assert "misses their next turn" in texts(slap(g, C))[0]
    events = flip(g, B)
    missed = only(events, TurnMissed)
    assert (missed.seat, missed.next) == (C, A) and g.turn == A
    flips(g, A, B)
    assert g.turn == C  # the penalty is paid: C plays again


def test_a_missed_turn_in_a_challenge_passes_it_on() -> None:
    g = game("classic", "KH 2C 3C", "4D 5D 6D 7D", penalty="miss-turn")
    slap(g, B)
    events = flip(g, A)  # B must answer, but misses the turn: A, the challenger, wins
    assert only(events, TurnMissed).challenge
    assert only(events, ChallengeWon).seat == A


def test_a_card_put_down_out_of_turn_costs_the_wrong_slap_penalty() -> None:
    """004: "this same penalty is applied to putting down a card when it is not one's
    turn"."""
    g = game("classic", "5H 2C", "6D 4D 8D", out_of_turn="penalty")
    events = flip(g, B)
    wrong = only(events, WrongSlap)
    assert wrong.flip and wrong.burned == tuple(cards("6D"))
    assert texts(events) == ["Card out of turn: player 2 burns 1 card (6D) under the pile."]
    assert g.stats[B].slaps_wrong == 0 and g.turn == A


def test_a_risk_slap_on_the_final_card_costs_nothing() -> None:
    """004: "In some games, it may even be permissible to slap the final card, with no
    penalty."""
    g = game("classic", "JH 2C", "3D 4D", risk_slap=True)
    flips(g, A, B)  # 3D was B's one chance: the pile is A's to collect
    assert g.challenge.claimant == A
    events = slap(g, A, 50)
    assert "risk slap on the final card" in str(only(events, Ignored).reason)
    assert hand(g, A) == "2C"


def test_without_the_option_a_risk_slap_is_a_wrong_slap() -> None:
    g = game("classic", "JH 2C", "3D 4D")
    flips(g, A, B)
    assert of(slap(g, A, 50), WrongSlap)


def test_a_cardless_wrong_slapper_burns_their_hand_until_the_pile_is_taken() -> None:
    """004: "or, in another variation, 'burn their hand' ... once the pile is awarded ... they
    can resume trying to slap/snap back in"."""
    g = game("classic", "5H 5D 9C", "6D 2S 3S", "", cardless_penalty="burn")
    flip(g, A)
    assert only(slap(g, C), WrongSlap).penalty == "burn"
    flip(g, B)
    flip(g, A)  # 5D on 6D: no double; then 5H 6D 5D is a sandwich
    assert g.slappable
    assert "burned" in str(only(slap(g, C), Ignored).reason)
    only(slap(g, B), PileTaken)
    assert not g.penalties.hand_burned[C]
    assert only(slap(g, C), WrongSlap).penalty == "burn"  # judged again, and burned again


@pytest.mark.parametrize("name", ["risk_slap", "joker_split"])
def test_the_new_options_are_described(name: str) -> None:
    assert OPTION_SPECS[name].description


@pytest.mark.parametrize("name,value", [("penalty", "miss-turn"), ("out_of_turn", "penalty"),
                                        ("cardless_penalty", "burn")])
def test_the_new_choices_are_listed(name: str, value: str) -> None:
    assert value in OPTION_SPECS[name].choices


# --- out of the game: no cards in, no cards out -------------------------------------------------


def test_a_player_out_of_the_game_receives_nothing_from_the_empress() -> None:
    g = Game("kurs", 3, hands=[cards("2CU M4 3CU 4CU 5CU"), cards("6CU 7CU 8CU"), []],
             options={"empty_hand": "forfeit"})
    flips(g, A, B)  # C's turn comes with no cards: out of the game
    assert g.out[C]
    flip(g, A)  # the Empress: two cards to each player still in
    assert hand(g, C) == "" and len(g.hands[B]) == 4


def test_a_player_given_cards_after_going_out_is_back_in() -> None:
    """The Chariot laid as the last card of a failed answer: the challenger takes the pile at
    once (so its player is out under forfeit) before the Chariot's effect plays out; trading
    hands brings them back in."""
    g = Game("kurs", 3, hands=[cards("PWA 2CU 3CU"), cards("M9"), cards("4CU 5CU")],
             options={"empty_hand": "forfeit", "collect": "immediate"})
    flip(g, A)
    flip(g, B)  # the Chariot uses B's one chance: A takes the pile, B has no cards
    assert g.out[B] and g.pending is not None and g.pending.seat == B
    events = g.choose(B, g.t + 100, "1")  # trade with player 1 (Ana)
    back = only(events, BackIn)
    assert back.seat == B and not g.out[B] and len(g.hands[B]) == 4
    assert "is back in the game" in back.explain()
    assert not g.stalled()
    again = replay(dumps(g))
    assert texts(again.events) == texts(g.events)


# --- 4. input the engine refuses --------------------------------------------------------------


def test_a_choice_that_answers_nothing_is_refused_and_not_recorded() -> None:
    """A stray choice (nothing asked, another seat's, not an answer) changes nothing and is
    not kept in the history, so a record only ever holds answers (replay refuses others)."""
    g = Game("kurs", 2, hands=[cards("M9 2CU"), cards("3CU 4CU")])
    assert str(only(g.choose(A, 50, "keep"), Ignored).reason) == "nothing is being asked"
    flip(g, A)  # the Chariot: Ana is asked
    assert "it is player 1's choice" in str(only(g.choose(B, g.t + 10, "keep"), Ignored).reason)
    assert "is not one of" in str(only(g.choose(A, g.t + 10, "9"), Ignored).reason)
    assert [kind for _, _, kind, _ in g.history] == ["flip"]
    g.choose(A, g.t + 10, "keep")
    assert [kind for _, _, kind, _ in g.history] == ["flip", "choose"]
    assert texts(replay(dumps(g)).events)[-1] == texts(g.events)[-1]


@pytest.mark.parametrize("text", ["J=\u00b2", "J=" + "9" * 5000, "J=\u0663"])
def test_challenge_pairs_take_only_short_ascii_numbers(text: str) -> None:
    from ratscrew.core.options import OptionsError, Rules
    with pytest.raises(OptionsError, match="RANK=CHANCES"):
        Rules().with_options({"challenge": text})


@pytest.mark.parametrize("arg", ["\u00b2", "9" * 5000, "0", "3"])
def test_a_fine_of_no_player_is_refused(arg: str) -> None:
    g = Game("kurs", 2, hands=[cards("M5 2CU"), cards("3CU 4CU")])
    flip(g, A)
    g.choose(A, g.t + 10, "Call me 'Your Highness'.")
    assert "is not a player" in str(only(g.act(A, g.t + 10, "fine", arg), Ignored).reason)
