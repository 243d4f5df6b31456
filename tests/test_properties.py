"""Invariants that hold for every variant, every table and every house rule.

One harness, applied to each variant in the registry (so variants added later are covered
without touching this file): hypothesis draws a seed, a player count the variant allows, a bot
difficulty and a random set of option changes taken from ``OPTION_SPECS`` (choices, number
ranges, slap rules as random subsets, challenge tables). Combinations that the rules refuse are
filtered out. Games are capped at :data:`MAX_CARDS` so the file stays fast.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ratscrew.bots import DIFFICULTIES
from ratscrew.cards import card
from ratscrew.engine import Game
from ratscrew.match import Match, make_bots, play
from ratscrew.options import CHALLENGE_KEYS, OPTION_SPECS, OptionSpec
from ratscrew.record import dumps, loads, record_of, replay
from ratscrew.slaps import SLAP_RULES
from ratscrew.variants import VARIANTS

MAX_CARDS = 3000
"""The cap used here (the documented default, 20 000, is too slow for a property test)."""

MAX_PLAYERS = 6

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

VARIANT_NAMES = sorted(VARIANTS)


# --- strategies -------------------------------------------------------------------------------


def option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    """Every value an option may take (as JSON or a link would give it)."""
    if spec.name == "slaps":
        return st.lists(st.sampled_from(sorted(SLAP_RULES)), unique=True, max_size=5)
    if spec.name == "challenge":
        return st.dictionaries(
            st.sampled_from(CHALLENGE_KEYS), st.integers(1, 13), max_size=6
        )
    if spec.choices:
        return st.sampled_from(spec.choices)
    if spec.maximum:
        return st.integers(spec.minimum, spec.maximum)
    return st.booleans()


@st.composite
def option_changes(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(sorted(OPTION_SPECS)), unique=True, max_size=6))
    changes = {name: draw(option_values(OPTION_SPECS[name])) for name in names}
    # Many packs make long games that mostly end capped: keep most draws to one or two packs.
    if "decks" in changes and draw(st.integers(0, 3)):
        changes["decks"] = draw(st.integers(1, 2))
    return changes


@dataclass(frozen=True)
class Table:
    variant: str
    players: int
    seed: int
    difficulty: str
    options: dict[str, Any]

    def game(self) -> Game:
        return Game(self.variant, self.players, seed=self.seed, options=self.options)

    def play(self) -> Game:
        return play(self.variant, self.players, self.seed, self.difficulty, self.options,
                    MAX_CARDS)


def _accepted(table: Table) -> bool:
    """False for combinations the rules refuse (e.g. a dealer seat that does not exist)."""
    try:
        table.game()
    except ValueError:  # OptionsError, VariantError and the engine's own checks
        return False
    return True


def tables(variant_name: str) -> st.SearchStrategy[Table]:
    variant = VARIANTS[variant_name]
    return st.builds(
        Table,
        st.just(variant_name),
        st.integers(variant.min_players, min(variant.max_players, MAX_PLAYERS)),
        st.integers(0, 2**64 - 1),
        st.sampled_from(sorted(DIFFICULTIES)),
        option_changes(),
    ).filter(_accepted)


# --- helpers ----------------------------------------------------------------------------------


def codes(game: Game) -> list[str]:
    return sorted(c.code for c in game.all_cards())


def final_state(game: Game) -> dict[str, Any]:
    return {
        "hands": [[c.code for c in h] for h in game.hands],
        "pile": [c.code for c in game.pile],
        "removed": [c.code for c in game.removed],
        "side_piles": {k: [c.code for c in p] for k, p in game.side_piles.items()},
        "outcome": game.outcome,
        "cards_played": game.cards_played,
        "tricks": game.tricks,
        "events": [e.explain(game.names or None) for e in game.events],
        "event_data": [e.to_dict() for e in game.events],
        "history": list(game.history),
        "stats": [s.to_dict() for s in game.stats],
    }


def check_ended(game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None, "the game did not end"
    assert outcome.status in ("win", "loop", "capped")
    assert outcome.cards_played == game.cards_played
    assert outcome.tricks == game.tricks
    if outcome.status == "win":
        winner = outcome.winner
        assert winner is not None and 0 <= winner < game.n
        sides = sum(len(p) for p in game.side_piles.values())
        assert len(game.hands[winner]) + sides + len(game.removed) == game.total
        assert not game.pile
        assert all(not h for s, h in enumerate(game.hands) if s != winner)
    else:
        assert outcome.winner is None
    if outcome.status == "loop":
        # Only games without slaps or hooks can repeat a position for certain.
        assert game.detect_loops
    if outcome.status == "capped":
        # Every seat has a bot, so a game only stops at the cap, never because bots stall.
        assert game.cards_played >= MAX_CARDS
    assert game.events[-1].kind == "game-over"
    assert sum(e.kind == "game-over" for e in game.events) == 1


def check_times(game: Game) -> None:
    times = [e.t for e in game.events]
    assert times == sorted(times), "event timestamps went backwards"
    assert all(t >= 0 for t in times)
    history_times = [t for t, _, _, _ in game.history]
    assert history_times == sorted(history_times)


# --- the properties ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
@SETTINGS
@given(data=st.data())
def test_cards_are_conserved_after_every_action(variant_name: str, data: st.DataObject) -> None:
    table = data.draw(tables(variant_name))
    game = table.game()
    dealt = sorted(c.code for h in game.initial_hands for c in h)
    deck = Counter(c.code for c in game.variant.deck(game.rules))
    assert Counter(dealt) == deck, "the deal is not the variant's deck"
    assert game.total == len(dealt)
    assert codes(game) == dealt
    match = Match(game, make_bots(game, table.difficulty))
    while game.outcome is None:
        if game.cards_played >= MAX_CARDS or not match.step():
            game.stop(game.t)
        assert codes(game) == dealt
        counts = Counter(c.code for c in game.all_cards())
        assert all(counts[code] <= deck[code] for code in counts)
        sides = sum(len(p) for p in game.side_piles.values())
        assert sum(game.counts) + len(game.pile) + sides + len(game.removed) == game.total
        assert len(game.pile) == len(game.pile_kinds)
    check_ended(game)
    check_times(game)


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
@SETTINGS
@given(data=st.data())
def test_same_seed_gives_the_same_record(variant_name: str, data: st.DataObject) -> None:
    table = data.draw(tables(variant_name))
    first = record_of(table.play())
    second = record_of(table.play())
    assert first == second
    assert first["seed"] == table.seed
    assert first["result"]["status"] in ("win", "loop", "capped")


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
@SETTINGS
@given(data=st.data())
def test_replaying_the_record_gives_the_same_game(variant_name: str, data: st.DataObject) -> None:
    table = data.draw(tables(variant_name))
    game = table.play()
    text = dumps(game)
    again = replay(loads(text))
    assert final_state(again) == final_state(game)
    assert record_of(again) == record_of(game)
    assert dumps(again) == text
    # The record keeps only what differs from the variant: replaying gives the same rules.
    assert again.rules == game.rules


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
@SETTINGS
@given(data=st.data())
def test_every_game_ends(variant_name: str, data: st.DataObject) -> None:
    table = data.draw(tables(variant_name))
    game = table.play()
    check_ended(game)
    check_times(game)
    assert game.outcome is not None
    event(f"outcome: {game.outcome.status}")
    assert codes(game) == sorted(c.code for h in game.initial_hands for c in h)


@pytest.mark.parametrize("variant_name", VARIANT_NAMES)
def test_default_rules_finish_without_the_cap(variant_name: str) -> None:
    """With a variant's own rules most games are won outright, long before the cap."""
    variant = VARIANTS[variant_name]
    statuses: Counter[str] = Counter()
    for seed in range(10):
        game = play(variant_name, variant.min_players, seed, "normal", None, 20_000)
        check_ended(game)
        assert game.outcome is not None
        statuses[game.outcome.status] += 1
    assert statuses["capped"] == 0
    assert statuses["win"] >= 8


def test_a_deal_that_repeats_ends_as_a_loop() -> None:
    """The smallest looping Beggar-My-Neighbour deal (J-- against -J-) in the engine itself."""
    hands = [[card("JS"), card("2S"), card("3S")], [card("4H"), card("JH"), card("5H")]]
    game = Game("beggar-my-neighbour", 2, hands=hands)
    Match(game, make_bots(game, "normal")).run(MAX_CARDS)
    check_ended(game)
    check_times(game)
    assert game.outcome is not None and game.outcome.status == "loop"
    assert game.cards_played < 50
    again = replay(dumps(game))
    assert final_state(again) == final_state(game)
