"""Invariants that hold for every variant, every table and every house rule.

One generator and one set of invariants, shared with the soak runs (``scripts/soak.py``):
:func:`ratscrew.tools.audit.random_table` draws a table with a random value for **every** option
the variant reads (all of ``OPTION_SPECS``), and :func:`ratscrew.tools.audit.play_checked` plays it
between bots under a card cap and an action cap (a hang fails instead of freezing), checking
after every action that cards are conserved, none is duplicated, the game never stalls, out
seats hold no cards, a win is real and (Firefighters) the only player with cards is not left
playing on; then it replays the record (identical game) and plays the seed again (identical
record). Hypothesis drives the generator's random numbers, once per variant in the registry,
so variants added later are covered without touching this file.

This file adds only what the harness does not check: the game's end (outcome fields, the
game-over event last, a capped game stopped only at the card cap), that time never goes back,
and that the record keeps the game's rules. Every failure message starts with the command that
reproduces the game (``python -m ratscrew simulate ...``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import card
from ratscrew.core.engine import Game
from ratscrew.play.match import DEFAULT_MAX_CARDS, Match, make_bots
from ratscrew.play.record import dumps, new_game, record_of, replay
from ratscrew.tools.audit import Checked, Table, play_checked, random_table
from ratscrew.variants import VARIANTS

MAX_CARDS = 2000
"""The card cap used here (the documented default, 20 000, is too slow for a property test)."""

MAX_PLAYERS = 8

SETTINGS = settings(
    # Fifty whole games a variant here; scripts/soak.py (run by scripts/test too) plays random
    # tables of every variant for as long as it is given.
    max_examples=50,
    deadline=None,
    # Each example is a whole game (played twice and replayed once): shrinking would replay
    # hundreds of them. The failure message gives the command that reproduces the game instead.
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

VARIANT_NAMES = sorted(VARIANTS)


# --- the checks the harness does not make ----------------------------------------------------


def end_problems(game: Game, max_cards: int) -> list[str]:
    """What is wrong with how ``game`` ended (nothing, normally)."""
    out: list[str] = []
    outcome = game.outcome
    if outcome is None:
        return ["the game did not end"]
    if outcome.status not in ("win", "loop", "capped"):
        out.append(f"unknown outcome {outcome.status!r}")
    if (outcome.cards_played, outcome.tricks) != (game.cards_played, game.tricks):
        out.append(f"the outcome says {outcome.cards_played} cards and {outcome.tricks} tricks, "
                   f"the game {game.cards_played} and {game.tricks}")
    if outcome.status != "win" and outcome.winner is not None:
        out.append(f"a {outcome.status} game has a winner ({outcome.winner})")
    if outcome.status == "capped" and game.cards_played < max_cards:
        # Every seat has a bot, so a game stops only at the card cap, never because bots stall.
        out.append(f"capped after {game.cards_played} cards, under the cap of {max_cards}")
    # (play_checked counts the game-over events: exactly one. Here: it comes last.)
    if not game.events or game.events[-1].kind != "game-over":
        last = game.events[-1].explain() if game.events else "none"
        out.append(f"the last event is not the game-over event but: {last}")
    if game.total != len(game.all_cards()):
        out.append(f"game.total is {game.total}, the table holds {len(game.all_cards())} cards")
    times = [e.t for e in game.events]
    if times != sorted(times) or any(t < 0 for t in times):
        out.append("event timestamps went backwards (or below 0)")
    history = [t for t, _, _, _ in game.history]
    if history != sorted(history):
        out.append("action timestamps went backwards")
    return out


def record_problems(game: Game) -> list[str]:
    """The record's options give back the game's rules (the record keeps only what differs
    from the variant's rules for this many players)."""
    again = new_game(record_of(game))
    if again.rules != game.rules:
        return [f"the record's options {record_of(game)['options']} give other rules: "
                f"{again.rules.diff(game.rules)} instead of {game.rules.diff(again.rules)}"]
    return []


def report(table: Table, max_cards: int, problems: list[str]) -> str:
    return (f"\npython -m ratscrew {table.command(max_cards)}\n"
            + "\n".join(f"  - {p}" for p in problems))


def checked_game(table: Table, max_cards: int, *, check_repeat: bool) -> Checked:
    """:func:`play_checked`, with the reproducing command on any exception it raises."""
    try:
        return play_checked(table, max_cards, check_replay=True, check_repeat=check_repeat)
    except Exception as exc:
        exc.add_note(f"python -m ratscrew {table.command(max_cards)}")
        raise


# --- the properties ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_random_tables_keep_every_invariant(variant_name: str, rng: random.Random) -> None:
    """Cards conserved after every action, no duplicate, never a stall or a hang, the replay
    identical, the same seed the same record, and an end that is a win, a loop or the cap."""
    table = random_table(rng, variant_name, max_players=MAX_PLAYERS)
    checked = checked_game(table, MAX_CARDS, check_repeat=True)
    game = checked.game
    try:
        # A game with problems was stopped where they were found: how it ended says nothing.
        ending = checked.problems or end_problems(game, MAX_CARDS)
        problems = [*ending, *record_problems(game)]
    except Exception as exc:
        exc.add_note(f"python -m ratscrew {table.command(MAX_CARDS)}")
        raise
    assert not problems, report(table, MAX_CARDS, problems)
    assert game.outcome is not None
    event(f"outcome: {game.outcome.status}")
    event(f"players: {table.players}")


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
def test_default_rules_finish_without_the_cap(variant_name: str) -> None:
    """With a variant's own rules most games are won outright, long before the cap."""
    variant = VARIANTS[variant_name]
    statuses: Counter[str] = Counter()
    for seed in range(10):
        table = Table(variant_name, variant.min_players, seed, "normal", {})
        checked = checked_game(table, DEFAULT_MAX_CARDS, check_repeat=False)
        problems = checked.problems or end_problems(checked.game, DEFAULT_MAX_CARDS)
        assert not problems, report(table, DEFAULT_MAX_CARDS, problems)
        assert checked.game.outcome is not None
        statuses[checked.game.outcome.status] += 1
    assert statuses["capped"] == 0
    assert statuses["win"] >= 8


def final_state(game: Game) -> dict[str, Any]:
    return {
        "hands": [[c.code for c in h] for h in game.hands],
        "pile": [c.code for c in game.pile],
        "removed": [c.code for c in game.removed],
        "side_piles": {k: [c.code for c in p] for k, p in game.side_piles.items()},
        "outcome": game.outcome,
        "events": [e.to_dict() for e in game.events],
        "history": list(game.history),
        "stats": [s.to_dict() for s in game.stats],
    }


def test_a_deal_that_repeats_ends_as_a_loop() -> None:
    """The smallest looping Beggar-My-Neighbour deal (J-- against -J-) in the engine itself."""
    hands = [[card("JS"), card("2S"), card("3S")], [card("4H"), card("JH"), card("5H")]]
    game = Game("beggar-my-neighbour", 2, hands=hands)
    Match(game, make_bots(game, "normal")).run(MAX_CARDS)
    assert end_problems(game, MAX_CARDS) == []
    assert [e.kind for e in game.events].count("game-over") == 1
    assert game.outcome is not None and game.outcome.status == "loop"
    assert game.cards_played < 50
    again = replay(dumps(game))
    assert final_state(again) == final_state(game)
