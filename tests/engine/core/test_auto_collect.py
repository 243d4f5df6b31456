"""``collect`` = ``auto``: the table collects a won pile by itself after a short pause.

The pile waits :data:`~ratscrew.core.engine.COLLECT_PAUSE_MS` of game time, as it waits for
its winner's flip under ``claim``: its last card can still be slapped. Then it goes to its
winner without a flip, at the first action at or after that time, or at the table's own
``tick`` (which the match driver and the page make at :attr:`Game.deadline`). Replays and
records keep the tick, so the game is the same every time.

Games are built from explicit hands (top card first); seat 0 leads and play goes clockwise.
"""

from __future__ import annotations

import pytest

from ratscrew.core.cards import cards
from ratscrew.core.engine import COLLECT_PAUSE_MS, Game
from ratscrew.core.events import ChallengeWon, Ignored, PileTaken, WrongSlap
from ratscrew.play.match import Match, make_bots, play
from ratscrew.play.record import dumps, loads, record_of, replay
from ratscrew.variants import VARIANTS
from tests.helpers import flip, flips, of, only, texts

ANA, BEN = 0, 1


def won_with_a_sandwich_on_top(**options: object) -> Game:
    """Ana's Jack, Ben's 2C fails it: the pile (5H 2D JS 2C) is Ana's, and its top three
    cards make a sandwich."""
    g = Game("classic", 2, hands=[cards("5H JS 9C 8C"), cards("2D 2C 3H 4H")],
             options={"collect": "auto", **options})
    events = flips(g, ANA, BEN, ANA, BEN)
    assert only(events, ChallengeWon).seat == ANA
    assert g.challenge.claimant == ANA and g.slappable
    return g


def test_the_pile_waits_a_pause_then_goes_to_its_winner_by_itself() -> None:
    g = won_with_a_sandwich_on_top()
    won_at = g.t
    assert g.deadline == won_at + COLLECT_PAUSE_MS
    assert g.tick(won_at + COLLECT_PAUSE_MS - 1) == []  # not yet: nothing happens
    events = g.tick(won_at + COLLECT_PAUSE_MS)
    taken = only(events, PileTaken)
    assert (taken.seat, taken.count, taken.how) == (ANA, 4, "challenge")
    assert g.challenge.claimant == -1 and g.deadline == -1 and g.to_act() == ANA
    assert g.history[-1] == (won_at + COLLECT_PAUSE_MS, -1, "tick", "")
    assert len(g.hands[ANA]) == 2 + 4


def test_the_last_card_can_be_slapped_during_the_pause() -> None:
    g = won_with_a_sandwich_on_top()
    events = g.slap(BEN, g.t + COLLECT_PAUSE_MS - 1)
    taken = only(events, PileTaken)
    assert (taken.seat, taken.how, taken.rule) == (BEN, "slap", "Sandwich")
    assert g.challenge.claimant == -1 and g.deadline == -1 and g.to_act() == BEN


def test_a_slap_after_the_pause_comes_after_the_collection() -> None:
    """At the end of the pause the pile is Ana's first (a tick at that moment): a slap then
    finds an empty pile, within the grace time after she took it (not called wrong)."""
    g = won_with_a_sandwich_on_top()
    end = g.t + COLLECT_PAUSE_MS
    events = g.slap(BEN, end + 40)
    assert only(events, PileTaken).t == end
    assert "took the pile 40 ms earlier" in str(only(events, Ignored).reason)
    assert g.history[-2:] == [(end, -1, "tick", ""), (end + 40, BEN, "slap", "")]


def test_a_wrong_slap_after_the_grace_time_costs_as_usual() -> None:
    g = won_with_a_sandwich_on_top()
    events = g.slap(BEN, g.t + COLLECT_PAUSE_MS + g.rules.grace_ms + 1)
    assert only(events, PileTaken).seat == ANA
    assert only(events, WrongSlap).seat == BEN


def test_the_next_flip_after_the_pause_collects_first_then_counts() -> None:
    g = won_with_a_sandwich_on_top()
    end = g.t + COLLECT_PAUSE_MS
    events = g.flip(ANA, end + 200)
    assert [type(e).__name__ for e in events] == ["PileTaken", "Flipped"]
    assert g.pile.cards == cards("9C") and g.to_act() == BEN
    assert g.history[-2:] == [(end, -1, "tick", ""), (end + 200, ANA, "flip", "")]


def test_the_winner_may_collect_sooner_with_a_flip() -> None:
    g = won_with_a_sandwich_on_top()
    events = flip(g, ANA)
    assert only(events, PileTaken).seat == ANA and g.deadline == -1


def test_another_players_flip_during_the_pause_is_refused() -> None:
    g = won_with_a_sandwich_on_top()
    assert texts(flip(g, BEN)) == ["player 2's flip is ignored: it is player 1's turn."]
    assert g.challenge.claimant == ANA


def test_the_only_player_with_cards_wins_at_the_end_of_the_pause() -> None:
    g = Game("firefighters", 2, hands=[cards("KS 5D"), cards("2C")],
             options={"collect": "auto"})
    flips(g, ANA, BEN)
    assert g.won_alone()
    assert texts(g.slap(BEN, g.t + 10))[-1] == (
        "player 2's slap is ignored: player 1 is the only player with cards and has won: the "
        "pile goes to them in a moment.")
    events = g.tick(g.deadline)
    assert g.outcome is not None and g.outcome.winner == ANA
    assert of(events, PileTaken)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_bots_let_the_table_collect_and_the_record_replays(variant: str) -> None:
    options = {"collect": "auto"}
    game = play(variant, 3, seed=11, options=options)
    assert game.outcome is not None
    if VARIANTS[variant].rules.collect == "immediate":
        return  # (Beggar-My-Neighbour: nobody waits; the option still applies if chosen)
    ticks = [t for t, seat, kind, _ in game.history if kind == "tick"]
    collected = [e for e in game.events if isinstance(e, PileTaken) and e.how != "slap"]
    assert ticks and collected
    # No bot flipped to collect: a pile won by a challenge went to a slap at its last card,
    # or waited its whole pause (longer only while a decision was pending).
    paused = 0
    for won in (e for e in game.events if isinstance(e, ChallengeWon)):
        took = next(e for e in game.events[game.events.index(won):]
                    if isinstance(e, PileTaken))
        assert took.how == "slap" or took.t >= won.t + COLLECT_PAUSE_MS, (won, took)
        paused += took.t == won.t + COLLECT_PAUSE_MS
    assert paused
    again = replay(dumps(game))
    assert again.history == game.history and again.outcome == game.outcome
    assert loads(dumps(game))["options"] == record_of(game)["options"] == options


def test_a_table_of_people_collects_at_the_deadline_through_the_driver() -> None:
    """No bot at the table: the driver's only intent is the table's deadline."""
    g = won_with_a_sandwich_on_top()
    match = Match(g, [])
    assert match.due() == g.t + COLLECT_PAUSE_MS
    events = match.step()
    assert only(events, PileTaken).seat == ANA and match.due() == -1


def test_a_bot_winner_does_not_flip_to_collect() -> None:
    g = won_with_a_sandwich_on_top()
    match = Match(g, make_bots(g, "expert"))
    assert match.flipper is None  # nobody's flip is planned while the pile waits
    while g.challenge.claimant >= 0:
        match.step()
    assert g.history[-1][2] in ("tick", "slap")
