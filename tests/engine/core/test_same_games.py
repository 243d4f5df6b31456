"""The same seed and options give the same game, whatever the engine's inside looks like.

``same_games.json`` holds, for many seeded games of every variant, a digest of everything a game
says and keeps: its events (as records and the page show them), its actions, its outcome, who
holds which card at the end, the statistics and how each pile was won. Three kinds of game:

* ``table``: a random table of the variant (every option it reads drawn at random by
  :func:`ratscrew.tools.audit.random_table`), played between bots (a third of them fuzzed
  instead, as below);
* ``default``: the variant's own rules for each player count, played between bots;
* ``fuzz``: the variant's own rules (or a random table's) under random actions by every seat
  (flips out of turn, slaps at any time, wrong answers, ticks, the variant's own actions),
  which bots never make.

Each case is stored with its variant, players, seed and options, so the games replayed here
do not depend on how the random tables are drawn today. A game played with events off
(``keep_events=False``) must keep the same actions, outcome and statistics.

The file is a regression fixture: the digests were computed by this module from the engine
at commit 689a409 (before the engine's state was split into the pile, the challenge and the
penalties). Regenerate it only when a change to what games do is intended, and say so in the
commit: ``.venv/bin/python tests/engine/core/test_same_games.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ratscrew.core.engine import Game  # noqa: E402
from ratscrew.core.rng import Rng  # noqa: E402
from ratscrew.play.match import Match, make_bots  # noqa: E402
from ratscrew.tools.audit import random_table  # noqa: E402
from ratscrew.variants import VARIANTS  # noqa: E402

FIXTURE = Path(__file__).with_name("same_games.json")

MAX_CARDS = 1500
"""Cards after which a bot game is stopped (capped): long enough for every rule to come up."""
FUZZ_ACTIONS = 1500
"""Random actions in a fuzzed game (fewer if it ends sooner)."""
TABLES = 24
"""Random tables per variant."""
DEFAULT_SEEDS = (1, 2)
FUZZ_SEEDS = (3, 4, 5)
DIFFICULTIES = ("easy", "normal", "hard")


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def game_digest(game: Game, crash: str = "") -> str:
    """Everything a game says and keeps, in one digest."""
    return _digest({
        "events": [e.to_dict() for e in game.events],
        "said": [e.explain() for e in game.events],
        **_quiet_state(game, crash),
    })


def _quiet_state(game: Game, crash: str = "") -> dict[str, Any]:
    """What a game keeps with events off as well as on."""
    outcome = game.outcome
    return {
        "history": game.history,
        "outcome": None if outcome is None else [outcome.status, outcome.winner,
                                                 outcome.cards_played, outcome.tricks],
        "cards": [c.code for c in game.all_cards()],
        "hands": [len(h) for h in game.hands],
        "stats": [s.to_dict() for s in game.stats],
        "causes": game.pile_causes,
        "t": game.t,
        "crash": crash,
    }


def bot_game(case: dict[str, Any], keep_events: bool = True) -> tuple[Game, str]:
    game = Game(case["variant"], case["players"], seed=case["seed"], options=case["options"],
                keep_events=keep_events)
    Match(game, make_bots(game, case["difficulty"])).run(MAX_CARDS)
    return game, ""


def fuzz_game(case: dict[str, Any], keep_events: bool = True) -> tuple[Game, str]:
    """Random actions from every seat, drawn from the case's seed; and how the engine
    crashed, if it did (pinned too: the same crash at the same action)."""
    game = Game(case["variant"], case["players"], seed=case["seed"], options=case["options"],
                keep_events=keep_events)
    rng = Rng(case["seed"]).fork("fuzz")
    for _ in range(FUZZ_ACTIONS):
        if game.outcome is not None:
            break
        try:
            _fuzz_action(game, rng)
        except Exception as exc:
            return game, f"{type(exc).__name__}: {exc}"
    if game.outcome is None:
        game.stop(game.t)
    return game, ""


def _fuzz_action(game: Game, rng: Rng) -> None:
    n = game.n
    t = game.t + rng.below(400)
    roll = rng.below(100)
    seat = rng.below(n)
    own = sorted(game.variant.actions)
    pending = game.pending
    if pending is not None and roll < 50:
        who = pending.seat if rng.below(4) else seat
        options = pending.options
        choice = options[rng.below(len(options))] if rng.below(8) else "nonsense"
        game.choose(who, t, choice)
    elif roll < 55:
        game.tick(t)
    elif roll < 60 and own:
        game.act(seat, t, own[rng.below(len(own))], str(rng.below(n + 1)))
    elif roll < 80:
        game.slap(seat, t, ("", "left", "right")[rng.below(3)])
    else:
        to_act = game.to_act()
        game.flip(to_act if to_act >= 0 and rng.below(5) else seat, t)


def play(case: dict[str, Any], keep_events: bool = True) -> tuple[Game, str]:
    if case["kind"] == "fuzz":
        return fuzz_game(case, keep_events)
    return bot_game(case, keep_events)


def cases() -> list[dict[str, Any]]:
    """The games the fixture pins (computed once, when it is written)."""
    out: list[dict[str, Any]] = []
    for name in sorted(VARIANTS):
        variant = VARIANTS[name]
        rng = random.Random(f"same-games {name}")
        for i in range(TABLES):
            table = random_table(rng, name, max_players=6)
            out.append({"kind": "table" if i % 3 else "fuzz", "variant": name,
                        "players": table.players, "seed": table.seed,
                        "difficulty": table.difficulty, "options": table.options})
        for players in range(variant.min_players, min(variant.max_players, 6) + 1):
            for seed in DEFAULT_SEEDS:
                out.append({"kind": "default", "variant": name, "players": players,
                            "seed": seed * 1000 + players,
                            "difficulty": DIFFICULTIES[(seed + players) % 3], "options": {}})
            for seed in FUZZ_SEEDS:
                out.append({"kind": "fuzz", "variant": name, "players": players,
                            "seed": seed * 1000 + players, "difficulty": "", "options": {}})
    return out


def expected(case: dict[str, Any]) -> dict[str, str]:
    return {"game": game_digest(*play(case)), "quiet": _digest(_quiet_state(*play(case, False)))}


def _load() -> list[dict[str, Any]]:
    if not FIXTURE.exists():  # (being written)
        return []
    data: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]
    return data


def _id(case: dict[str, Any]) -> str:
    return f"{case['kind']}-{case['variant']}-{case['players']}p-{case['seed']}"


@pytest.mark.parametrize("case", _load(), ids=_id)
def test_a_seed_and_options_give_the_same_game(case: dict[str, Any]) -> None:
    game, crash = play(case)
    assert not crash, f"random actions crashed the engine: {crash}"
    assert game_digest(game, crash) == case["game"], f"{len(game.events)} events, {crash!r}"
    quiet, quiet_crash = play(case, keep_events=False)
    assert quiet.history == game.history, "events off changed the actions"
    assert _digest(_quiet_state(quiet, quiet_crash)) == case["quiet"]


def test_the_fixture_covers_every_variant() -> None:
    assert {case["variant"] for case in _load()} == set(VARIANTS)


def write() -> None:
    rows = [{**case, **expected(case)} for case in cases()]
    text = json.dumps({"comment": "Written by tests/engine/core/test_same_games.py --write; see "
                       "its docstring.", "cases": rows}, indent=1, sort_keys=True)
    FIXTURE.write_text(text + "\n", encoding="utf-8")
    print(f"{FIXTURE}: {len(rows)} games")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: test_same_games.py --write  (see the module's docstring)")
    write()
