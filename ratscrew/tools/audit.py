"""The invariants every game keeps, checked after every action: one harness for the property
tests (``tests/engine/tools/test_properties.py``) and the long soak runs (``scripts/soak.py``).

:func:`random_table` draws a table with a value for **every** option that a variant reads
(all of :data:`~ratscrew.core.options.OPTION_SPECS`, not a hand-picked subset); :func:`play_checked`
plays it between bots under a card cap and an action cap, checking :func:`violations` after
each action, so a game that hangs or stalls is reported instead of freezing the run.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.options import CHALLENGE_KEYS, OPTION_SPECS, OptionSpec
from ratscrew.core.rng import MAX_SEED
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.play.match import Match, action_cap, make_bots
from ratscrew.play.record import dumps, loads, record_of, replay
from ratscrew.variants import VARIANTS, Variant


@dataclass(frozen=True)
class Table:
    """A variant, its players, a seed, the bots' level and the options chosen."""

    variant: str
    players: int
    seed: int
    difficulty: str
    options: dict[str, Any]

    def game(self) -> Game:
        return Game(self.variant, self.players, seed=self.seed, options=self.options)

    def __str__(self) -> str:
        return self.command()

    def command(self, max_cards: int = 0) -> str:
        """The ``python -m ratscrew`` arguments that play this table (under ``max_cards``)."""
        opts = " ".join(f"--option '{k}={_cli(v)}'" for k, v in sorted(self.options.items()))
        cap = f" --max-cards {max_cards}" if max_cards else ""
        return (f"simulate --variant {self.variant} --players {self.players} --games 1 "
                f"--seed {self.seed} --difficulty {self.difficulty} {opts}").rstrip() + cap


def _cli(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return " ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return ",".join(str(v) or "-" for v in value)
    return str(value)


def option_value(spec: OptionSpec, rng: random.Random, players: int) -> Any:
    """A random value of ``spec`` (as JSON, a link or the CLI would give it)."""
    if spec.name == "slaps":
        return rng.sample(sorted(SLAP_RULES), rng.randint(0, 6))
    if spec.name == "challenge":
        keys = rng.sample(CHALLENGE_KEYS, rng.randint(0, 6))
        return {k: rng.randint(1, 13) for k in keys}
    if spec.per_seat:
        return [rng.choice(spec.choices) or "-" for _ in range(rng.randint(0, players))]
    if spec.name == "decks":
        # Many packs make long games that mostly end capped: most draws are one or two.
        return rng.randint(1, 2) if rng.random() < 0.85 else rng.randint(1, spec.maximum)
    if spec.name == "dealer":
        return rng.randint(-1, players - 1)
    if spec.choices:
        return rng.choice(spec.choices)
    if spec.maximum:
        return rng.randint(spec.minimum, spec.maximum)
    return rng.random() < 0.5


def random_options(variant: Variant, players: int, rng: random.Random) -> dict[str, Any]:
    """A value for every option ``variant`` reads; about one option in four keeps the
    variant's default (so the variant's own game is drawn too)."""
    out: dict[str, Any] = {}
    for name, spec in OPTION_SPECS.items():
        if variant.reads(name) and rng.random() >= 0.25:
            out[name] = option_value(spec, rng, players)
    return out


def random_table(rng: random.Random, variant: str | None = None,
                 max_players: int = 8) -> Table:
    """A random table (of ``variant``, or of any variant) that the rules accept."""
    while True:
        v = VARIANTS[variant] if variant is not None else rng.choice(sorted(
            VARIANTS.values(), key=lambda x: x.name))
        players = rng.randint(v.min_players, min(v.max_players, max_players))
        table = Table(v.name, players, rng.randint(0, MAX_SEED), rng.choice(sorted(DIFFICULTIES)),
                      random_options(v, players, rng))
        try:
            table.game()
        except ValueError:  # a combination the rules refuse (sunset before sunrise...)
            continue
        return table


def violations(game: Game, deck: Counter[str]) -> list[str]:
    """What is wrong with ``game`` right after an action (nothing, normally)."""
    out: list[str] = []
    cards = Counter(c.code for c in game.all_cards())
    if cards != deck:
        lost, extra = deck - cards, cards - deck
        out.append(f"cards not conserved (lost {sorted(lost.elements())}, "
                   f"extra {sorted(extra.elements())})")
    if len(game.pile.cards) != len(game.pile.kinds):
        out.append("pile and pile kinds differ in length")
    if game.stalled():
        out.append(f"stalled: nobody can move the game on (turn {game.turn}, counts "
                   f"{game.counts})")
    for s in range(game.n):
        if game.out[s] and game.hands[s]:
            out.append(f"player {s + 1} is out of the game but holds {len(game.hands[s])} cards")
    outcome = game.outcome
    rules = game.rules
    if (outcome is None and game.variant.only_holder_wins and rules.ending == "standard"
            and rules.empty_hand != "forfeit"):
        holders = [s for s in range(game.n) if game.hands[s]]
        # The only player with cards has won: the pile is theirs (to collect), unless a
        # cardless player's challenge or a phase (a burn contest) is still to be decided.
        challenger = game.challenge.challenger
        waits = (game.challenge.claimant >= 0 or game.phase is not None
                 or game.pending is not None or (challenger >= 0 and not game.hands[challenger]))
        if len(holders) == 1 and not waits:
            out.append(f"player {holders[0] + 1} is the only player with cards and the game "
                       "goes on")
    if outcome is not None and outcome.status == "win":
        w = outcome.winner
        if w is None or not 0 <= w < game.n:
            out.append(f"won by no seat ({w})")
        else:
            others = [s for s in range(game.n) if s != w and game.hands[s]]
            if others or game.pile:
                out.append(f"player {w + 1} won while players {[s + 1 for s in others]} hold "
                           f"cards or the pile holds {len(game.pile)}")
            if game.pending is not None:
                out.append("won while a decision is pending")
    return out


@dataclass
class Checked:
    """A game played by :func:`play_checked` and what went wrong in it."""

    table: Table
    game: Game
    problems: list[str] = field(default_factory=list)
    actions: int = 0


def play_checked(table: Table, max_cards: int = 3000, *, check_replay: bool = True,
                 check_repeat: bool = False) -> Checked:
    """Play ``table`` between bots, checking :func:`violations` after every action, under a
    card cap (the game ends ``capped``) and an action cap (a hang: a violation). Then, if
    asked, replay its record (identical game) and play it again (identical record)."""
    game = table.game()
    deck = Counter(c.code for c in game.variant.deck(game.rules))
    checked = Checked(table, game)
    problems = checked.problems
    dealt = Counter(c.code for h in game.initial_hands for c in h)
    if dealt != deck:
        problems.append("the deal is not the variant's deck")
    match = Match(game, make_bots(game, table.difficulty))
    cap = action_cap(max_cards)
    while game.outcome is None:
        if checked.actions >= cap:
            problems.append(f"hang: {cap} actions and still {game.cards_played} cards played")
            game.stop(game.t)
            break
        if game.cards_played >= max_cards:
            game.stop(game.t)
            break
        if not match.step() and match.due() < 0:
            problems.append("stall: no bot has anything to do and the game is not over")
            game.stop(game.t)
            break
        checked.actions += 1
        found = violations(game, deck)
        if found:
            problems.extend(found)
            game.stop(game.t)
            break
    outcome = game.outcome
    assert outcome is not None
    if outcome.status == "loop" and not game.detect_loops:
        problems.append("a loop reported by a game that cannot know it loops")
    kinds = [e.kind for e in game.events]
    if kinds.count("game-over") != 1 or kinds[-1] != "game-over":
        problems.append("the game-over event is not the one last event")
    if check_replay and not problems:
        text = dumps(game)
        try:
            again = replay(loads(text))
        except ValueError as exc:  # RecordError: the game's own record is refused
            problems.append(f"the record does not replay: {exc}")
        else:
            if dumps(again) != text or _explained(again) != _explained(game):
                problems.append("the replay differs from the game")
    if check_repeat and not problems:
        second = play_checked(table, max_cards, check_replay=False)
        if record_of(second.game) != record_of(game):
            problems.append("the same seed gave a different record")
    return checked


def _explained(game: Game) -> list[tuple[str, dict[str, Any]]]:
    return [(e.explain(game.names or None), e.to_dict()) for e in game.events]
