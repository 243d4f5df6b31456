"""The seeded generator: one seed must deal the same game on every Python, CPython or Pyodide.

The expectations are computed by the small from-scratch implementations below (SplitMix64 and
FNV-1a as published), never by asking the module under test.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratscrew.core.rng import MAX_SEED, Rng, seed_from_text

M64 = (1 << 64) - 1


def splitmix64(seed: int, count: int) -> list[int]:
    """Sebastiano Vigna's SplitMix64 (splitmix64.c), written out from the reference."""
    out = []
    x = seed
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        out.append(z ^ (z >> 31))
    return out


def fnv1a_64(data: bytes) -> int:
    h = 14695981039346656037  # offset basis
    for b in data:
        h ^= b
        h = (h * 1099511628211) % 2**64  # FNV prime
    return h


def draws(rng: Rng, n: int) -> list[int]:
    return [rng.next_u64() for _ in range(n)]


def chi_square(counts: Counter[int], categories: int, total: int) -> float:
    expected = total / categories
    return sum((counts[k] - expected) ** 2 / expected for k in range(categories))


# --- SplitMix64 -------------------------------------------------------------------------------


def test_reference_implementation_gives_the_published_vectors_for_seed_zero() -> None:
    assert splitmix64(0, 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_splitmix64_reference_vectors_for_seed_zero() -> None:
    assert draws(Rng(0), 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("seed", [1, 42, 2**32, 2**63, MAX_SEED, 0x0123456789ABCDEF])
def test_splitmix64_matches_the_reference_for_other_seeds(seed: int) -> None:
    assert draws(Rng(seed), 200) == splitmix64(seed, 200)


def test_same_seed_same_numbers() -> None:
    assert draws(Rng(12345), 100) == draws(Rng(12345), 100)
    assert draws(Rng(12345), 10) != draws(Rng(12346), 10)


def test_random_is_the_top_53_bits_in_zero_to_one() -> None:
    rng = Rng(3)
    expected = [(x >> 11) / 2**53 for x in splitmix64(3, 1000)]
    got = [rng.random() for _ in range(1000)]
    assert got == expected
    assert all(0.0 <= u < 1.0 for u in got)


# --- Rng seeds --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, MAX_SEED])
def test_rng_accepts_seeds_from_zero_to_max(seed: int) -> None:
    assert Rng(seed).state == seed
    assert MAX_SEED == 2**64 - 1


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**100, -(2**64)])
def test_rng_rejects_out_of_range_seeds(seed: int) -> None:
    with pytest.raises(ValueError, match="whole number from 0 to"):
        Rng(seed)


@pytest.mark.parametrize("seed", [1.5, 3.0, "5", None])
def test_rng_rejects_seeds_that_are_not_whole_numbers(seed: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        Rng(seed)  # type: ignore[arg-type]


# --- below ------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 52, 2**32 + 1, 3 * 2**62, 2**64 - 1, 2**64])
def test_below_is_in_range(n: int) -> None:
    rng = Rng(n % 1000)
    assert all(0 <= rng.below(n) < n for _ in range(500))


def test_below_one_is_always_zero() -> None:
    rng = Rng(5)
    assert {rng.below(1) for _ in range(100)} == {0}


@pytest.mark.parametrize("n", [0, -1, -52, 2**64 + 1, 2**70])
def test_below_rejects_bounds_it_cannot_draw_from(n: int) -> None:
    with pytest.raises(ValueError, match="bound"):
        Rng(1).below(n)


class ScriptedRng(Rng):
    """An Rng whose raw 64-bit draws are given, to check what ``below`` does with each."""

    def __init__(self, raw: list[int]) -> None:
        super().__init__(0)
        self.raw = raw

    def next_u64(self) -> int:
        return self.raw.pop(0)


def test_below_rejects_the_draws_that_would_bias_it() -> None:
    # 2**64 % 3 == 1: the single top value would make 0 slightly more likely, so it is redrawn
    assert ScriptedRng([M64, 4]).below(3) == 1
    assert ScriptedRng([M64 - 1]).below(3) == (M64 - 1) % 3
    # n = 3 * 2**62: a quarter of all draws (those >= n) must be redrawn, not folded onto [0, 2**62)
    n = 3 * 2**62
    assert ScriptedRng([n, n + 5, 5]).below(n) == 5
    assert ScriptedRng([n - 1]).below(n) == n - 1


def test_below_is_unbiased_enough_on_a_seeded_run() -> None:
    rng = Rng(2024)
    total = 60_000
    counts = Counter(rng.below(6) for _ in range(total))
    assert set(counts) == set(range(6))
    assert chi_square(counts, 6, total) < 20.52  # 5 degrees of freedom, p = 0.001


def test_below_52_is_unbiased_enough_on_a_seeded_run() -> None:
    rng = Rng(52)
    total = 52_000
    counts = Counter(rng.below(52) for _ in range(total))
    assert chi_square(counts, 52, total) < 87.97  # 51 degrees of freedom, p = 0.001


def test_below_uses_the_high_bits_too() -> None:
    """A bound near 2**64 must reach the top of its range, not only small numbers."""
    rng = Rng(11)
    n = 2**64 - 59
    values = [rng.below(n) for _ in range(1000)]
    assert sum(v > n // 2 for v in values) > 400


@given(seed=st.integers(0, MAX_SEED), n=st.integers(1, 2**64))
def test_below_is_in_range_for_any_seed_and_bound(seed: int, n: int) -> None:
    assert 0 <= Rng(seed).below(n) < n


# --- shuffle, choice, chance ------------------------------------------------------------------


def reference_shuffle(seed: int, items: list[int]) -> list[int]:
    """Fisher-Yates from the top, drawing j in [0, i] by rejection from SplitMix64."""
    stream = iter(splitmix64(seed, 10 * len(items) + 10))
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        x = next(stream)
        while x >= limit:
            x = next(stream)
        j = x % n
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2026, MAX_SEED])
def test_shuffle_is_the_same_on_every_python(seed: int) -> None:
    items = list(range(52))
    Rng(seed).shuffle(items)
    assert items == reference_shuffle(seed, list(range(52)))


def test_shuffle_is_seeded_deterministic() -> None:
    a, b, c = list(range(52)), list(range(52)), list(range(52))
    Rng(77).shuffle(a)
    Rng(77).shuffle(b)
    Rng(78).shuffle(c)
    assert a == b
    assert a != c
    assert a != list(range(52))


@given(seed=st.integers(0, MAX_SEED), items=st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_shuffle_reaches_every_order_about_equally() -> None:
    """Catches the classic slips (Sattolo's j < i, or j drawn from the whole list)."""
    rng = Rng(31337)
    total = 60_000
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(total):
        items = [0, 1, 2]
        rng.shuffle(items)
        seen[tuple(items)] += 1
    orders = list(permutations(range(3)))
    assert set(seen) == set(orders)
    counts = Counter({i: seen[p] for i, p in enumerate(orders)})
    assert chi_square(counts, 6, total) < 20.52


def test_shuffle_of_short_lists() -> None:
    empty: list[int] = []
    one = [1]
    rng = Rng(1)
    rng.shuffle(empty)
    rng.shuffle(one)
    assert (empty, one) == ([], [1])
    assert rng.state == Rng(1).state  # nothing to shuffle: no numbers drawn


def test_choice_picks_every_element_of_the_sequence() -> None:
    rng = Rng(8)
    seq = ("a", "b", "c", "d")
    picks = {rng.choice(seq) for _ in range(200)}
    assert picks == set(seq)
    with pytest.raises(ValueError):
        rng.choice([])


def test_chance_zero_never_and_one_always() -> None:
    rng = Rng(9)
    assert not any(rng.chance(0.0) for _ in range(1000))
    assert all(rng.chance(1.0) for _ in range(1000))
    hits = sum(rng.chance(0.25) for _ in range(20_000))
    assert 4600 < hits < 5400


# --- fork -------------------------------------------------------------------------------------


def test_fork_is_reproducible() -> None:
    assert draws(Rng(5).fork("deal"), 50) == draws(Rng(5).fork("deal"), 50)
    assert draws(Rng(5).fork("bot", 2), 50) == draws(Rng(5).fork("bot", 2), 50)


def test_fork_does_not_disturb_the_parent() -> None:
    parent = Rng(5)
    parent.fork("deal")
    parent.fork("bots")
    assert draws(parent, 20) == splitmix64(5, 20)


def test_fork_depends_on_the_parent_state() -> None:
    assert draws(Rng(1).fork("x"), 5) != draws(Rng(2).fork("x"), 5)
    parent = Rng(1)
    before = parent.fork("x")
    parent.next_u64()
    assert draws(before, 5) != draws(parent.fork("x"), 5)


def test_fork_labels_give_different_streams() -> None:
    root = Rng(2026)
    labels: list[tuple[int | str, ...]] = [
        ("deal",), ("bots",), ("bot", 0), ("bot", 1), ("bot", 10), ("bo", "t1"), ("bot1",),
        ("ab",), ("a", "b"), ("a", ""), ("",),
    ]
    streams = [tuple(draws(root.fork(*label), 4)) for label in labels]
    assert len(set(streams)) == len(labels)


def test_fork_streams_share_no_values_with_each_other_or_the_parent() -> None:
    root = Rng(42)
    streams = [draws(root.fork(name), 5000) for name in ("deal", "bots", "clock")]
    streams.append(draws(Rng(42), 5000))
    values = [v for s in streams for v in s]
    assert len(set(values)) == len(values)


def test_fork_streams_are_uncorrelated() -> None:
    root = Rng(7)
    a = root.fork("left")
    b = root.fork("right")
    n = 20_000
    xs = [a.random() for _ in range(n)]
    ys = [b.random() for _ in range(n)]
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / n
    sx = math.sqrt(sum((x - mx) ** 2 for x in xs) / n)
    sy = math.sqrt(sum((y - my) ** 2 for y in ys) / n)
    assert abs(cov / (sx * sy)) < 0.03  # about 4 standard errors


def test_fork_of_a_number_and_of_its_digits_is_the_same_label() -> None:
    """Labels are compared as text: documenting this so nobody relies on 1 != "1"."""
    assert draws(Rng(3).fork(1), 3) == draws(Rng(3).fork("1"), 3)


# --- seed_from_text ---------------------------------------------------------------------------


def test_reference_fnv1a_gives_the_published_vectors() -> None:
    assert fnv1a_64(b"") == 0xCBF29CE484222325
    assert fnv1a_64(b"a") == 0xAF63DC4C8601EC8C
    assert fnv1a_64(b"foobar") == 0x85944171F73967E8


@pytest.mark.parametrize(
    ("text", "seed"),
    [("0", 0), ("42", 42), ("007", 7), (str(MAX_SEED), MAX_SEED), ("  42\n", 42), ("\t9 ", 9)],
)
def test_seed_from_text_digits_are_the_number(text: str, seed: int) -> None:
    assert seed_from_text(text) == seed


@pytest.mark.parametrize(
    "text",
    ["", "a", "foobar", "hello world", "Rat Screw!", "café", "🐀", "-5", "+5", "1e9", "4 2",
     "0x10", str(MAX_SEED + 1), "99999999999999999999999", "١٢٣", "²"],
)
def test_seed_from_text_hashes_other_text_with_fnv1a_64(text: str) -> None:
    assert seed_from_text(text) == fnv1a_64(text.strip().encode("utf-8"))


def test_seed_from_text_strips_whitespace() -> None:
    assert seed_from_text("  hello \n") == seed_from_text("hello") == fnv1a_64(b"hello")
    assert seed_from_text(" ") == seed_from_text("") == fnv1a_64(b"")


def test_seed_from_text_is_case_sensitive() -> None:
    assert seed_from_text("Hello") != seed_from_text("hello")


@given(st.text())
def test_seed_from_text_always_gives_a_usable_seed(text: str) -> None:
    seed = seed_from_text(text)
    assert 0 <= seed <= MAX_SEED
    Rng(seed)
    stripped = text.strip()
    if stripped.isascii() and stripped.isdigit() and int(stripped) <= MAX_SEED:
        assert seed == int(stripped)
    else:
        assert seed == fnv1a_64(stripped.encode("utf-8"))


# --- normal, exponential ----------------------------------------------------------------------


def test_normal_has_mean_zero_and_standard_deviation_one() -> None:
    rng = Rng(1234)
    n = 40_000
    xs = [rng.normal() for _ in range(n)]
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    assert abs(mean) < 0.02  # standard error 0.005
    assert abs(sd - 1.0) < 0.02
    assert all(-6.0 <= x <= 6.0 for x in xs)
    assert 0.66 < sum(abs(x) < 1 for x in xs) / n < 0.70  # about 68% within one sd


def test_normal_is_seeded_deterministic() -> None:
    a, b = Rng(5), Rng(5)
    assert [a.normal() for _ in range(10)] == [b.normal() for _ in range(10)]


def test_exponential_is_positive_with_the_given_mean() -> None:
    rng = Rng(6)
    n = 40_000
    xs = [rng.exponential(250.0) for _ in range(n)]
    assert all(x >= 0.0 for x in xs)
    assert abs(sum(xs) / n - 250.0) < 250.0 * 0.03
