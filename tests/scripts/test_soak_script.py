"""scripts/soak.py: counts what it played, reports every violation with its command, and exits 1
when any game broke an invariant (an exception in a game included). Its own mechanics are
tested with a stand-in for ``play_checked``, so these tests do not depend on the engine's bugs,
and with a stand-in for its clock, which each of those games moves on by :data:`GAME_S`: a run
of so many minutes plays as many games on a slow machine as on a fast one."""

from __future__ import annotations

import importlib.util
import io
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ratscrew.tools.audit import Checked, Table

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "soak.py"
GAME_S = 1 / 256
"""How long each stand-in game takes on the stand-in clock (a power of 2: its sums are exact)."""


def games_in(minutes: float) -> int:
    """The stand-in games a run of ``minutes`` plays (the last one begun before the time is
    up is finished)."""
    return math.ceil(minutes * 60 / GAME_S)


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


class Clock:
    """A stand-in for soak.py's ``time``: its ``monotonic()`` moves on only when
    :meth:`spend` says."""

    def __init__(self) -> None:
        self.now = 1024.0

    def monotonic(self) -> float:
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


CLOCK = Clock()


@pytest.fixture
def soak(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """soak.py, on the stand-in clock :data:`CLOCK`."""
    module = load()
    monkeypatch.setattr(module, "time", CLOCK)
    return module


class FakePlay:
    """A ``play_checked`` that stops each game at once (capped), or ends it with the problems
    or the exception ``script`` gives for the n-th call; it keeps the tables it was given. Each
    game takes :data:`GAME_S` of the stand-in clock."""

    def __init__(self, script: dict[int, list[str] | BaseException] | None = None) -> None:
        self.script = script or {}
        self.calls: list[Table] = []

    def __call__(self, table: Table, max_cards: int, *, check_replay: bool = True,
                 check_repeat: bool = False) -> Checked:
        CLOCK.spend(GAME_S)
        n = len(self.calls)
        self.calls.append(table)
        game = table.game()
        game.stop(0)
        what = self.script.get(n, [])
        if isinstance(what, BaseException):
            raise what
        return Checked(table, game, list(what))


def run_main(soak: ModuleType, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = soak.main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def test_a_clean_run_exits_0_and_counts_every_game(soak: ModuleType,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soak, "play_checked", FakePlay())
    status, out, err = run_main(soak, "--minutes", "0.002", "--seed", "5", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["seed"] == 5 and data["games"] == games_in(0.002)
    assert sum(data["games_per_variant"].values()) == data["games"]
    assert sum(data["games_per_players"].values()) == data["games"]
    assert sum(sum(o.values()) for o in data["outcomes_per_variant"].values()) == data["games"]
    assert data["violations"] == []
    assert "seed 5" in err


def test_violations_and_exceptions_are_reported_with_their_command(
        soak: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    play = FakePlay({1: ["cards not conserved (lost ['2S'], extra [])"],
                     3: ZeroDivisionError("boom")})
    monkeypatch.setattr(soak, "play_checked", play)
    status, out, _ = run_main(soak, "--minutes", "0.002", "--seed", "7")
    assert status == 1
    tables = play.calls
    assert f"python -m ratscrew {tables[1]} --max-cards 3000" in out
    assert "cards not conserved (lost ['2S'], extra [])" in out
    assert f"python -m ratscrew {tables[3]} --max-cards 3000" in out
    assert "exception: ZeroDivisionError: boom (at " in out
    assert "violation 1" in out or "violation 2" in out


def test_the_same_seed_draws_the_same_games(soak: ModuleType,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = FakePlay(), FakePlay()
    monkeypatch.setattr(soak, "play_checked", first)
    soak.run(0.001, 11)
    monkeypatch.setattr(soak, "play_checked", second)
    soak.run(0.002, 11)
    a, b = first.calls, second.calls
    assert (len(a), len(b)) == (games_in(0.001), games_in(0.002))
    assert a == b[:len(a)]


def test_every_tenth_game_is_played_twice(soak: ModuleType,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    repeats: list[bool] = []
    real = FakePlay()

    def play(table: Table, max_cards: int, *, check_replay: bool = True,
             check_repeat: bool = False) -> Checked:
        repeats.append(check_repeat)
        return real(table, max_cards)

    monkeypatch.setattr(soak, "play_checked", play)
    soak.run(0.003, 1, "firefighters")
    assert len(repeats) >= 20
    assert [i for i, r in enumerate(repeats) if r][:2] == [9, 19]


def test_a_game_that_hangs_is_a_violation(soak: ModuleType,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(soak.signal, "SIGALRM"):
        pytest.skip("no SIGALRM here")

    def hang(table: Table, max_cards: int, **_: Any) -> Checked:
        while True:
            pass

    monkeypatch.setattr(soak, "play_checked", hang)
    monkeypatch.setattr(soak, "time", time)  # the real clock: SIGALRM ends the game
    report = soak.run(0.0001, 1, game_timeout=0.05)
    assert report.games == 1
    assert "took longer than 0.05 s" in report.violations[0].problems[0]


def test_bad_arguments_are_refused(soak: ModuleType) -> None:
    for args in (["--minutes", "0"], ["--minutes", "x"], ["--minutes", "1", "--variant", "no"],
                 ["--minutes", "1", "--max-cards", "0"], []):
        with pytest.raises(SystemExit) as exc:
            run_main(soak, *args)
        assert exc.value.code == 2


def test_it_runs_from_any_directory_on_the_real_engine(tmp_path: Path) -> None:
    """A short real run: whatever it finds, the exit status says whether it found anything."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--minutes", "0.01", "--seed", "3", "--variant",
         "firefighters", "--json"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    data = json.loads(done.stdout)
    assert data["games"] > 0
    assert set(data["games_per_variant"]) == {"firefighters"}
    assert done.returncode == (1 if data["violations"] else 0), done.stdout
