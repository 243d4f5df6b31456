"""Beggar-My-Neighbour in its own words: pay cards, paying and debts (seed 004), not the
challenges and chances of the slapping games.

Built from the rule text's example: "A plays a queen; B plays a six and then a jack; A plays an
ace; B plays 3,7,king; A plays 10,4,6. The king has been paid for so B takes the centre pile."
Hands are given top card first; A (seat 0) leads.
"""

from __future__ import annotations

from ratscrew.core.cards import cards
from ratscrew.core.engine import Game
from ratscrew.core.events import ChallengeWon, Event, Flipped, OutOfCards, PileTaken
from ratscrew.variants.beggar import DebtSettled, OutOfCardsToPay, PileCollected, TurnedUp
from tests.helpers import flip, texts

A, B = 0, 1


def play_until_taken(g: Game) -> list[Event]:
    events: list[Event] = []
    while not any(isinstance(e, PileTaken) for e in events):
        events += flip(g, g.to_act())
    return events


def test_the_rule_texts_example_is_told_as_paying_and_debts() -> None:
    g = Game("bmn", 2, hands=[cards("QH AS 10C 4D 6H 2C"), cards("6S JD 3C 7D KS 8H")],
             names=["A", "B"])
    events = play_until_taken(g)
    assert [e.explain(g.names) for e in events] == [
        "A turns up QH: B owes 2 cards.",
        "B pays 6S (1 more card owed).",
        "B turns up JD while paying: the debt passes to A, who owes 1 card.",
        "A turns up AS while paying: the debt passes to B, who owes 4 cards.",
        "B pays 3C (3 more cards owed).",
        "B pays 7D (2 more cards owed).",
        "B turns up KS while paying: the debt passes to A, who owes 3 cards.",
        "A pays 10C (2 more cards owed).",
        "A pays 4D (1 more card owed).",
        "A pays 6H: the debt is paid.",
        "A has paid for B's KS in full: the pile is B's.",
        "B takes the pile (10 cards).",
    ]
    # The events are the engine's own, in Beggar-My-Neighbour's words.
    assert all(isinstance(e, Flipped) and isinstance(e, TurnedUp) for e in events[:10])
    assert isinstance(events[10], ChallengeWon) and isinstance(events[10], DebtSettled)
    assert isinstance(events[11], PileCollected) and events[11].to_dict()["kind"] == "pile-taken"
    # "... and then continues the game by playing their top card."
    assert texts(flip(g, B)) == ["player 2 turns up 8H."] and g.names == ("A", "B")


def test_a_player_who_cannot_pay_is_out_and_the_debt_is_settled_short() -> None:
    g = Game("bmn", 2, hands=[cards("2C"), cards("QS 5H")], names=["A", "B"])
    events = play_until_taken(g)
    assert [e.explain(g.names) for e in events] == [
        "A turns up 2C.",
        "B turns up QS: A owes 2 cards.",
        "A has no cards to play or pay and is out.",
        "A cannot pay the rest of the debt for B's QS (2 cards short): the pile is B's.",
        "B takes the pile (2 cards).",
        "B wins with all 3 cards.",
    ]
    out = next(e for e in g.events if isinstance(e, OutOfCards))
    assert isinstance(out, OutOfCardsToPay) and out.eliminated
    assert g.outcome is not None and g.outcome.winner == B


def test_the_slapping_games_keep_their_own_words() -> None:
    g = Game("classic", 2, hands=[cards("QH 2C"), cards("6S 7D 9C")],
             options={"collect": "immediate"})
    events = play_until_taken(g)
    assert texts(events) == [
        "player 1 flips QH: player 2 has 2 chances to answer.",
        "player 2 flips 6S (1 chance left).",
        "player 2 flips 7D.",
        "player 2 could not answer player 1's QH: player 1 wins the pile.",
        "Challenge won: player 1 takes 3 cards.",
    ]
    assert not any(isinstance(e, TurnedUp) for e in events)
