#!/usr/bin/env python3
"""Ratscrew benchmarks.

Run from anywhere: ``python scripts/bench.py`` (``--quick`` for a short run, ``--only bmn`` for
one section). Each section prints its figures and a PASS/FAIL line; the exit status is 1 if any
section fails.

Sections:

* ``bmn``: :func:`ratscrew.tools.bmn.analyse` against a minimal hand-written
  Beggar-My-Neighbour loop
  (same rules, loop detection by a set of trick-start states) on the same random 26/26 deals.
  Both must give the same results; ``analyse`` passes if it takes at most 1.25 times as long.
* ``engine``: classic ERS with four bots through the general engine and the headless driver;
  passes at 100,000 cards played per second of CPU time or more.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ratscrew.core.rng import Rng  # noqa: E402
from ratscrew.tools.bmn import analyse  # noqa: E402

Hand = tuple[int, ...]
Deal = tuple[Hand, Hand]
Outcome = tuple[str, int, int, int | None]

BMN_MAX_RATIO = 1.25


# --- bmn --------------------------------------------------------------------------------------


def make_deals(count: int, seed: int) -> list[Deal]:
    """``count`` shuffled 52-card packs (36 number cards, four each of J Q K A), dealt 26/26."""
    rng = Rng(seed)
    deals: list[Deal] = []
    for _ in range(count):
        pack = [0] * 36 + [1, 2, 3, 4] * 4
        rng.shuffle(pack)
        deals.append((tuple(pack[:26]), tuple(pack[26:])))
    return deals


def minimal_bmn(p1: Hand, p2: Hand) -> Outcome:
    """The yardstick: a plain, tight BMN loop with loop detection, written without the library."""
    hands = (deque(p1), deque(p2))
    leader = 0
    seen: set[tuple[bytes, bytes, int]] = set()
    cards = tricks = 0
    while True:
        key = (bytes(hands[0]), bytes(hands[1]), leader)
        if key in seen:
            return ("loop", cards, tricks, None)
        seen.add(key)
        pile: list[int] = []
        turn = leader
        owed = 0
        while True:
            hand = hands[turn]
            if owed == 0:  # no pay card down yet
                if not hand:
                    hands[1 - turn].extend(pile)
                    return ("finished", cards, tricks + 1, 2 - turn)
                card = hand.popleft()
                pile.append(card)
                cards += 1
                owed = card
                turn = 1 - turn
                continue
            card = 0
            for _ in range(owed):
                if not hand:
                    hands[1 - turn].extend(pile)
                    return ("finished", cards, tricks + 1, 2 - turn)
                card = hand.popleft()
                pile.append(card)
                cards += 1
                if card:
                    break
            if card:
                owed = card
                turn = 1 - turn
                continue
            taker = 1 - turn
            hands[taker].extend(pile)
            tricks += 1
            if not hand:
                return ("finished", cards, tricks, taker + 1)
            leader = taker
            break


def _library_bmn(p1: Hand, p2: Hand) -> Outcome:
    r = analyse(p1, p2)
    return (r.status, r.cards, r.tricks, r.winner)


def _time_once(fn: Callable[[Hand, Hand], object], deals: Sequence[Deal]) -> float:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for p1, p2 in deals:
            fn(p1, p2)
        return time.perf_counter() - start
    finally:
        gc.enable()


def bench_bmn(args: argparse.Namespace) -> bool:
    deals = make_deals(args.deals, args.seed)
    expected = [minimal_bmn(p1, p2) for p1, p2 in deals]
    got = [_library_bmn(p1, p2) for p1, p2 in deals]
    for (p1, p2), want, have in zip(deals, expected, got, strict=True):
        if want != have:
            print(f"bmn: MISMATCH on {p1} / {p2}: minimal loop {want}, analyse {have}")
            return False
    cards = sum(outcome[1] for outcome in expected)
    loops = sum(outcome[0] == "loop" for outcome in expected)

    best_lib = best_min = float("inf")
    for _ in range(args.repeat):  # interleaved, so drift in machine speed hits both alike
        best_lib = min(best_lib, _time_once(analyse, deals))
        best_min = min(best_min, _time_once(minimal_bmn, deals))
    ratio = best_lib / best_min
    verdict = "PASS" if ratio <= BMN_MAX_RATIO else "FAIL"

    print(
        f"bmn: {len(deals):,} deals (seed {args.seed}), {cards:,} cards, {loops} loops, "
        f"best of {args.repeat}; results identical"
    )
    print(f"  ratscrew.tools.bmn.analyse  {cards / best_lib:>12,.0f} cards/s  ({best_lib:.3f} s)")
    print(f"  minimal loop          {cards / best_min:>12,.0f} cards/s  ({best_min:.3f} s)")
    print(f"  time ratio analyse/minimal = {ratio:.2f} (limit {BMN_MAX_RATIO}): {verdict}")
    return verdict == "PASS"


# --- engine -----------------------------------------------------------------------------------


ENGINE_MIN_CARDS_PER_S = 100_000


def bench_engine(args: argparse.Namespace) -> bool:
    """Classic ERS, four normal bots, whole games through the general engine and the headless
    driver (deal, bots' decisions, virtual clock, events): cards played per second of CPU time
    on one core. Best of several repetitions; passes at 100,000 cards/s or more."""
    from ratscrew.play.match import simulate

    # Many short runs, best taken: this machine's speed drifts over seconds (shared host),
    # and the best run is the one least disturbed. Each run plays the same 20 games.
    games = 20
    repeat = 5 if args.quick else 25
    best = 0.0
    cards = 0
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            summary = simulate("classic", 4, games, args.seed, "normal")
            elapsed = time.process_time() - start
        finally:
            gc.enable()
        cards = summary.cards_played
        best = max(best, cards / elapsed)
    ok = best >= ENGINE_MIN_CARDS_PER_S
    print(f"engine: classic, 4 normal bots, {games} games, {cards} cards a run")
    print(f"  {best:,.0f} cards/s (best of {repeat})")
    print(f"  {'PASS' if ok else 'FAIL'}: target {ENGINE_MIN_CARDS_PER_S:,} cards/s")
    return ok


# --- driver -----------------------------------------------------------------------------------

SECTIONS: dict[str, Callable[[argparse.Namespace], bool]] = {
    "bmn": bench_bmn,
    "engine": bench_engine,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Ratscrew benchmarks.")
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument(
        "--only", choices=sorted(SECTIONS), action="append", help="run only this section"
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed for the random deals")
    parser.add_argument("--deals", type=int, help="BMN deals to time (default 3000, quick 400)")
    parser.add_argument("--repeat", type=int, help="timed repetitions (default 7, quick 3)")
    args = parser.parse_args(argv)
    if args.deals is None:
        args.deals = 400 if args.quick else 3000
    if args.repeat is None:
        args.repeat = 3 if args.quick else 7
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")

    ok = True
    for name in args.only or SECTIONS:
        ok = SECTIONS[name](args) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
