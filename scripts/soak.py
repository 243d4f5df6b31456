#!/usr/bin/env python3
"""Soak test: random tables played by bots until the time is up, every invariant checked.

Run from anywhere: ``python scripts/soak.py --minutes 10`` (fractions allowed: ``--minutes
0.5``). Each game is a table from :func:`ratscrew.tools.audit.random_table` (a random
variant, unless
``--variant``, with a random value for every option it reads) played by
:func:`ratscrew.tools.audit.play_checked` under a card cap and an action cap, with the invariants
checked after every action and the record replayed; every ``--repeat-every``-th game is also
played again from its seed (same record). An exception inside a game, or a game that runs
longer than ``--game-timeout`` seconds, is a violation too.

At the end it prints games per variant and per player count, outcomes per variant and games
per second, then every violation with the command that reproduces its game (``python -m
ratscrew simulate ...``) and its problems. ``--json`` prints the same as one JSON object.
Progress goes to standard error about every 30 seconds. The exit status is 1 if any game
broke an invariant, else 0.

Game ``i`` of a run draws its table from ``random.Random(f"{seed}/{i}")``, so the same
``--seed`` gives the same games in the same order whatever the run's length.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ratscrew.tools.audit import Table, play_checked, random_table  # noqa: E402
from ratscrew.variants import VARIANTS, VariantError, find_variant  # noqa: E402

DEFAULT_MAX_CARDS = 3000
DEFAULT_REPEAT_EVERY = 10
DEFAULT_GAME_TIMEOUT = 120.0
PROGRESS_EVERY = 30.0
"""Seconds between progress lines on standard error."""
OUTCOMES = ("win", "loop", "capped", "violation")


class GameTimeout(Exception):
    """A game ran longer than the per-game time limit (a hang inside one engine call)."""


@dataclass
class Violation:
    """A game that broke an invariant, or raised, and the command that plays it again."""

    game: int
    variant: str
    players: int
    command: str
    problems: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "variant": self.variant, "players": self.players,
                "command": self.command, "problems": list(self.problems)}


@dataclass
class Soak:
    """What a soak run played and found."""

    seed: int
    max_cards: int
    variant: str | None
    games: int = 0
    seconds: float = 0.0
    cards: int = 0
    by_variant: Counter[str] = field(default_factory=Counter)
    by_players: Counter[int] = field(default_factory=Counter)
    outcomes: dict[str, Counter[str]] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    interrupted: bool = False

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def distinct(self) -> list[tuple[str, int, Violation]]:
        """Each kind of problem (numbers, card codes and seats blurred), how many games had it
        and the first of them; most frequent first."""
        found: dict[str, tuple[int, Violation]] = {}
        for v in self.violations:
            for key in dict.fromkeys(f"{v.variant}: {_blur(p)}" for p in v.problems):
                count, first = found.get(key, (0, v))
                found[key] = (count + 1, first)
        return sorted(((k, n, v) for k, (n, v) in found.items()), key=lambda x: -x[1])

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "variant": self.variant,
            "max_cards": self.max_cards,
            "seconds": round(self.seconds, 1),
            "games": self.games,
            "games_per_second": round(self.games_per_second, 2),
            "cards_played": self.cards,
            "interrupted": self.interrupted,
            "games_per_variant": dict(sorted(self.by_variant.items())),
            "games_per_players": {str(k): n for k, n in sorted(self.by_players.items())},
            "outcomes_per_variant": {
                v: {o: c[o] for o in OUTCOMES} for v, c in sorted(self.outcomes.items())
            },
            "violations": [v.to_dict() for v in self.violations],
            "distinct_problems": [
                {"problem": k, "games": n, "example": v.command} for k, n, v in self.distinct()
            ],
        }


def _blur(problem: str) -> str:
    """A problem's text with the details that differ from game to game taken out."""
    return re.sub(r"\d+", "N", re.sub(r"\[[^\]]*\]", "[...]", problem))


def _where(exc: BaseException) -> str:
    """The last line of ``exc``'s traceback and the innermost frame that raised it."""
    last = traceback.format_exception_only(type(exc), exc)[-1].strip()
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return last
    f = frames[-1]
    try:
        path = str(Path(f.filename).resolve().relative_to(ROOT))
    except ValueError:
        path = f.filename
    return f"{last} (at {path}:{f.lineno} in {f.name})"


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`GameTimeout` in the block after ``seconds`` (where SIGALRM exists)."""
    if seconds <= 0 or not hasattr(signal, "SIGALRM"):
        yield
        return

    def _expire(signum: int, frame: FrameType | None) -> None:
        raise GameTimeout(f"the game took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def play_one(soak: Soak, index: int, *, repeat: bool, game_timeout: float) -> None:
    """Draw game ``index``'s table, play it checked and count it in ``soak``."""
    rng = random.Random(f"{soak.seed}/{index}")
    table: Table | None = None
    outcome = "violation"
    problems: list[str] = []
    try:
        with time_limit(game_timeout):
            table = random_table(rng, soak.variant)
            checked = play_checked(table, soak.max_cards, check_replay=True,
                                   check_repeat=repeat)
        problems = list(checked.problems)
        soak.cards += checked.game.cards_played
        if not problems and checked.game.outcome is not None:
            outcome = checked.game.outcome.status
    except Exception as exc:  # a crash inside a game is a violation too
        problems = [f"exception: {_where(exc)}"]
    soak.games += 1
    if table is None:  # random_table itself failed: the run's seed and index replay it
        name = soak.variant or "?"
        soak.by_variant[name] += 1
        soak.outcomes.setdefault(name, Counter())[outcome] += 1
        soak.violations.append(Violation(
            index, name, 0, f"random_table(random.Random('{soak.seed}/{index}'), "
            f"{soak.variant!r})", problems))
        return
    soak.by_variant[table.variant] += 1
    soak.by_players[table.players] += 1
    soak.outcomes.setdefault(table.variant, Counter())[outcome] += 1
    if problems:
        again = f"python -m ratscrew {table.command(soak.max_cards)}"
        soak.violations.append(Violation(index, table.variant, table.players, again, problems))


def run(minutes: float, seed: int, variant: str | None = None,
        max_cards: int = DEFAULT_MAX_CARDS, *, repeat_every: int = DEFAULT_REPEAT_EVERY,
        game_timeout: float = DEFAULT_GAME_TIMEOUT, progress: TextIO | None = None) -> Soak:
    """Play checked games until ``minutes`` have passed (a game under way is finished)."""
    soak = Soak(seed, max_cards, variant)
    start = time.monotonic()
    deadline = start + minutes * 60
    next_report = start + PROGRESS_EVERY
    index = 0
    try:
        while time.monotonic() < deadline:
            repeat = repeat_every > 0 and index % repeat_every == repeat_every - 1
            play_one(soak, index, repeat=repeat, game_timeout=game_timeout)
            index += 1
            now = time.monotonic()
            if progress is not None and now >= next_report:
                soak.seconds = now - start
                print(f"soak: {soak.seconds:.0f} s, {soak.games} games "
                      f"({soak.games_per_second:.1f}/s), {len(soak.violations)} with "
                      "violations", file=progress, flush=True)
                next_report += PROGRESS_EVERY
    except KeyboardInterrupt:
        soak.interrupted = True
    soak.seconds = time.monotonic() - start
    return soak


def format_text(soak: Soak) -> str:
    lines = [
        f"soak: {soak.games} games in {soak.seconds:.1f} s ({soak.games_per_second:.2f} "
        f"games/s, {soak.cards} cards), seed {soak.seed}, card cap {soak.max_cards}"
        + (" (interrupted)" if soak.interrupted else ""),
        "",
        "games per variant (outcomes):",
    ]
    width = max((len(v) for v in soak.by_variant), default=0)
    for name, count in sorted(soak.by_variant.items()):
        out = soak.outcomes.get(name, Counter())
        lines.append(f"  {name:<{width}}  {count:6}   "
                     + "  ".join(f"{o} {out[o]}" for o in OUTCOMES))
    lines.append("games per player count:")
    lines.append("  " + "  ".join(f"{p}: {n}" for p, n in sorted(soak.by_players.items())))
    lines.append("")
    if not soak.violations:
        lines.append("violations: none")
        return "\n".join(lines)
    lines.append(f"violations: {len(soak.violations)} games")
    for v in soak.violations:
        lines.append(f"  game {v.game}: {v.command}")
        lines.extend(f"    - {p}" for p in v.problems)
    lines.append("")
    lines.append("distinct problems (games, first example):")
    for key, count, v in soak.distinct():
        lines.append(f"  {count:5}  {key}")
        lines.append(f"         {v.command}")
    return "\n".join(lines)


def _variant(name: str) -> str:
    try:
        return find_variant(name).name
    except VariantError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def _cards(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text}")
    return value


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    parser = argparse.ArgumentParser(
        description="Play random checked games until the time is up; report every violation.")
    parser.add_argument("--minutes", type=_minutes, required=True,
                        help="how long to play (fractions allowed: 0.5)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the run (default: a random one, printed)")
    parser.add_argument("--variant", type=_variant, default=None,
                        help=f"one variant only ({', '.join(sorted(VARIANTS))})")
    parser.add_argument("--max-cards", type=_cards, default=DEFAULT_MAX_CARDS,
                        help=f"card cap of each game (default {DEFAULT_MAX_CARDS})")
    parser.add_argument("--repeat-every", type=int, default=DEFAULT_REPEAT_EVERY,
                        help="play every Nth game twice to check the same seed gives the same "
                        f"record (default {DEFAULT_REPEAT_EVERY}; 0: never)")
    parser.add_argument("--game-timeout", type=float, default=DEFAULT_GAME_TIMEOUT,
                        help="seconds after which one game counts as hung "
                        f"(default {DEFAULT_GAME_TIMEOUT:g}; 0: no limit)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"soak: {args.minutes:g} minutes, seed {seed}"
          + (f", {args.variant} only" if args.variant else ""), file=err, flush=True)
    soak = run(args.minutes, seed, args.variant, args.max_cards,
               repeat_every=args.repeat_every, game_timeout=args.game_timeout, progress=err)
    if args.json:
        print(json.dumps(soak.to_dict(), indent=1), file=out)
    else:
        print(format_text(soak), file=out)
    return 1 if soak.violations else 0


if __name__ == "__main__":
    sys.exit(main())
