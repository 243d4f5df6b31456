"""The engine's own seeded random generator.

Python's ``random`` does not promise the same shuffle across versions, and the page runs a
different Python (Pyodide) from the command line. SplitMix64 is tiny, fast in pure Python and
gives the same numbers everywhere, so one seed deals the same game on every machine.
"""

from __future__ import annotations

import math
import random as _random
from collections.abc import Callable, MutableSequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO_53 = 1.0 / (1 << 53)
MAX_SEED = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_from_text(text: str) -> int:
    """A seed from what a person typed: digits are the number itself, anything else is hashed.

    The hash is FNV-1a over UTF-8, not Python's ``hash`` (which changes from run to run).
    """
    text = text.strip()
    if text.isdecimal() and text.isascii() and len(text) <= 20 and int(text) <= MAX_SEED:
        return int(text)
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8", "surrogatepass"):  # (undecodable bytes hash too)
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


class Rng:
    """SplitMix64. ``Rng(seed).fork(label)`` gives independent, reproducible streams."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
        self.state = seed

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def random(self) -> float:
        """A float in [0, 1). (``next_u64`` written out: this is the bots' hot path.)"""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) >> 11) * _TWO_53

    def below(self, n: int) -> int:
        """A whole number in [0, n), without modulo bias."""
        if not 0 < n <= 1 << 64:  # above 2**64 no 64-bit draw is accepted: it would loop forever
            raise ValueError("below() needs a bound from 1 to 2**64")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def chance(self, p: float) -> bool:
        return self.random() < p

    def normal(self) -> float:
        """A standard normal deviate (Irwin-Hall: twelve uniforms; only exact float arithmetic)."""
        total = 0.0
        for _ in range(12):
            total += (self.next_u64() >> 11) * _TWO_53
        return total - 6.0

    def exponential(self, mean: float) -> float:
        return -mean * math.log(1.0 - self.random())

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self, *label: int | str) -> Rng:
        """A new generator whose seed depends on this one's state and on ``label``."""
        h = self.state
        for part in label:
            for byte in str(part).encode("utf-8"):
                h = _mix((h ^ byte) & _MASK)
            h = _mix((h + _GOLDEN) & _MASK)
        return Rng(h)


def uniform_stream(seed: int) -> Callable[[], float]:
    """A fast stream of floats in [0, 1) for per-card decisions (the bots' hot path).

    It is the Mersenne Twister's ``random()``, which runs in C. Python documents (the random
    module's "Notes on Reproducibility") that ``random()`` keeps producing the same sequence
    for the same integer seed across versions; only derived methods such as ``shuffle`` may
    change, and none are used here. The seed comes from :class:`Rng`, so one game seed still
    fixes everything.
    """
    return _random.Random(seed).random
