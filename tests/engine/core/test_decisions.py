"""Bots answer the game's pending decisions, so a choice never freezes an all-bot table.

The variants that ask (the boxed game's Rat die, K.U.R.S.'s Major Arcana) come later; here a
test-only variant asks on every 7, through the same extension point they will use.
"""

from __future__ import annotations

import dataclasses

from ratscrew.core.cards import Card
from ratscrew.core.engine import Action, Decision, Game
from ratscrew.core.events import Asked, Chose
from ratscrew.play.match import Match, make_bots
from ratscrew.variants import Variant
from ratscrew.variants.classic import CLASSIC


def asking_variant(answers: list[str], policy: bool = False) -> Variant:
    """Every 7 laid asks the next player "keep" or "burn" (a burn moves the 7 under the pile,
    as a dead card would not: the choice really changes the game)."""

    def resolve(game: Game, choice: str) -> None:
        answers.append(choice)
        if choice == "burn" and game.pile.live:
            card = game.pile.live.pop()
            game.pile.cards.remove(card)
            game.pile.cards.insert(0, card)
            game.pile.kinds.pop()
            game.pile.kinds.insert(0, "penalty")
            game.pile.match = None

    def hook(game: Game, seat: int, card: Card) -> None:
        if card.rank == 7:
            game.ask(Decision(
                seat=(seat + 1) % game.n,
                prompt=f"Keep {card.code} on the pile, or burn it?",
                options=("keep", "burn"),
                default="keep",
                resolve=resolve,
                bot_policy=(lambda g, u: "burn") if policy else None,
            ))

    return dataclasses.replace(CLASSIC, name="test-asking", on_card=hook)


def play_all_bots(variant: Variant, seed: int) -> Game:
    game = Game(variant, 4, seed=seed)
    Match(game, make_bots(game, "normal")).run(max_cards=5000)
    return game


def test_an_all_bot_game_with_decisions_plays_to_the_end() -> None:
    answers: list[str] = []
    game = play_all_bots(asking_variant(answers), seed=3)
    assert game.outcome is not None and game.outcome.status == "win"  # never stuck
    asked = [e for e in game.events if isinstance(e, Asked)]
    chose = [e for e in game.events if isinstance(e, Chose)]
    assert len(asked) > 10 and len(chose) == len(answers) == len(asked)
    assert set(answers) == {"keep", "burn"}  # any option, at random
    for ask, answer in zip(asked, chose, strict=False):
        assert answer.seat == ask.seat  # only the asked seat answers


def test_a_bot_thinks_before_it_answers() -> None:
    answers: list[str] = []
    game = play_all_bots(asking_variant(answers), seed=3)
    for i, event in enumerate(game.events):
        if isinstance(event, Asked):
            answer = next(e for e in game.events[i:] if isinstance(e, Chose))
            assert answer.t > event.t
            break


def test_a_variant_s_bot_policy_is_followed() -> None:
    answers: list[str] = []
    play_all_bots(asking_variant(answers, policy=True), seed=5)
    assert answers and set(answers) == {"burn"}


def test_a_game_with_decisions_replays_from_its_actions() -> None:
    answers: list[str] = []
    variant = asking_variant(answers)
    game = play_all_bots(variant, seed=8)
    assert any(kind == "choose" for _, _, kind, _ in game.history)
    again = Game(variant, 4, seed=8)
    for t, seat, kind, arg in game.history:
        again.apply(Action(t, seat, kind, arg))
    assert game.outcome is not None and game.outcome.status == "win"
    assert again.outcome == game.outcome
    assert [e.explain() for e in again.events] == [e.explain() for e in game.events]
