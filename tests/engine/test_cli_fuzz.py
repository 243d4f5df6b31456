"""Fuzzing the command line: malformed records, Beggar-My-Neighbour hands and ``--option``
values never give a traceback, a hang or a second line of error.

Every run either succeeds (exit 0, nothing on stderr) or fails the CLI's way: exit status 2,
exactly one line ``ratscrew: error: ...`` on stderr (for ``replay`` and ``simulate``, nothing
on stdout), within a few seconds. The inputs are mutations of real records written by
``python -m ratscrew simulate --record``, drawn from a seeded :class:`random.Random` (the same
cases on every run). Most runs call :func:`ratscrew.cli.main` in-process; a handful run
``python -m ratscrew`` as a real process, to prove the real exit path.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ratscrew.cli import main
from ratscrew.core.options import OPTION_SPECS
from ratscrew.play.record import replay
from ratscrew.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 10.0
"""The longest any one run may take (they take milliseconds)."""

RECORD_CASES = 260
BMN_CASES = 80
OPTION_CASES = 80


# --- running the CLI --------------------------------------------------------------------------


def cli(argv: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Run ``main(argv)`` in-process; check the time it took and return (code, out, err)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    start = time.monotonic()
    try:
        with contextlib.redirect_stderr(err):
            code = main(argv, out=out)
    finally:
        sys.stdin = saved
    elapsed = time.monotonic() - start
    assert elapsed < SECONDS, f"{argv[:2]} took {elapsed:.1f} s"
    return code, out.getvalue(), err.getvalue()


def check_clean(code: int, out: str, err: str, *, quiet_stdout: bool = True) -> None:
    """Exit 0 with nothing on stderr, or exit 2 with exactly one error line."""
    assert "Traceback" not in err and "Traceback" not in out
    if code == 0:
        assert err == ""
        return
    assert code == 2, (code, err)
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("ratscrew: error: "), err
    assert lines[0].isprintable(), repr(lines[0])
    if quiet_stdout:
        assert out == ""


def python_m(argv: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "ratscrew", *argv], cwd=ROOT, env=env,
                          input=stdin, capture_output=True, timeout=60, check=False)


# --- real records to break --------------------------------------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """A classic and a K.U.R.S. record written by the real command (short, capped games), and
    the same two with their hands written out (for the card mutations)."""
    folder = tmp_path_factory.mktemp("records")
    out: list[dict[str, Any]] = []
    for variant in ("classic", "kurs"):
        path = folder / f"{variant}.json"
        done = python_m(["simulate", "--variant", variant, "--games", "1", "--players", "3",
                         "--seed", "11", "--max-cards", "150", "--record", str(path)])
        assert done.returncode == 0, done.stderr
        record = json.loads(path.read_text(encoding="utf-8"))
        game = replay(record)
        out.append(record)
        dealt = copy.deepcopy(record)
        dealt["hands"] = [[c.code for c in h] for h in game.initial_hands]
        dealt["names"] = ["Ana", "Ben", "Cleo"]
        out.append(dealt)
    assert any(a[2] == "choose" for a in out[2]["actions"])  # K.U.R.S. asked something
    return out


JUNK: list[Any] = [
    None, True, False, 0, -1, 3, 2**64, 1.5, -0.0, "", "x", "9" * 5000, "\x1b[2J\u202e",
    "\udcff", [], [[]], {}, {"a": 1}, [1, "flip"], ["QS"], "QCU", "M1", "RJ",
]
"""Values of every JSON type, and a few strings that have hurt before."""


def junk(rng: random.Random) -> Any:
    value = rng.choice(JUNK)
    if value == "9" * 5000 and rng.random() < 0.5:
        return int("9" * 40)
    return copy.deepcopy(value)


def nested(rng: random.Random) -> str:
    depth = rng.choice([33, 40, 1000, 100_000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    inner = "1" if opener != "[" else ""
    return opener * depth + inner + (closer * depth if rng.random() < 0.8 else "")


def mutate_data(rng: random.Random, data: dict[str, Any]) -> None:
    """One change to a record's data, in place."""
    keys = sorted(data)
    what = rng.randrange(12)
    actions = data.get("actions")
    if what == 0 and keys:
        del data[rng.choice(keys)]
    elif what == 1 and keys:
        data[rng.choice(keys)] = junk(rng)
    elif what == 2:
        data[rng.choice(["colour", "format", "version", "engine"])] = junk(rng)
    elif what in (3, 4, 5) and isinstance(actions, list) and actions:
        i = rng.randrange(len(actions))
        entry = list(actions[i]) if isinstance(actions[i], list) else [0, 0, "flip"]
        if what == 3 and entry:
            entry[rng.randrange(len(entry))] = junk(rng)
        elif what == 4:
            t = entry[0] if entry and isinstance(entry[0], int) else 0
            entry = [t + rng.choice([0, 1, 500, -1]), rng.choice([-2, -1, 0, 1, 2, 3, 99]),
                     rng.choice(["flip", "slap", "choose", "tick", "fine", "zap", "FLIP"])]
            if rng.random() < 0.6:
                entry.append(rng.choice(["", "1", "2", "3", "4", "0", "01", "left", "yes",
                                         "\u00b2", "9" * 5000, "Say please", "\x1b[31m",
                                         " \x07 "]))
        else:
            entry = entry[: rng.randrange(6)] + [junk(rng)] * rng.randrange(2)
        if rng.random() < 0.5:
            actions[i] = entry
        else:
            actions.insert(i, entry)
    elif what == 6 and isinstance(actions, list):
        last = actions[-1][0] if actions and isinstance(actions[-1], list) else 0
        last = last if isinstance(last, int) else 0
        actions.append([last + rng.randrange(1000), rng.randrange(3),
                        rng.choice(["flip", "slap", "choose", "fine"])])
    elif what == 7 and isinstance(data.get("hands"), list) and data["hands"]:
        hands = data["hands"]
        h = rng.randrange(len(hands))
        if isinstance(hands[h], list) and hands[h]:
            j = rng.randrange(len(hands[h]))
            if rng.random() < 0.5:  # a card held twice
                hands[rng.randrange(len(hands))].append(hands[h][j])
            else:  # a card the deck does not have, or no card at all
                hands[h][j] = rng.choice(["M1", "M13", "QCU", "RJ", "BJ", "ZZ", "1S", "", 12,
                                          None, "10H", "QS", "\udcff"])
    elif what == 8:
        data["names"] = [rng.choice(["Ana", "\x1b[2J", "B\r\x07", "\u202eevil", "x" * 41, "",
                                     "\ud800", 7]) for _ in range(rng.choice([2, 3, 4]))]
    elif what == 9:
        options = data.get("options") if isinstance(data.get("options"), dict) else {}
        assert isinstance(options, dict)
        options[rng.choice([*OPTION_SPECS, "speed"])] = junk(rng)
        data["options"] = options
    elif what == 10:
        data["seed"] = rng.choice([-1, 2**64, "007", "9" * 5000, "٣", 1.0, True, 0, 2**64 - 1])
    elif isinstance(actions, list) and actions:
        rng.shuffle(actions) if rng.random() < 0.3 else actions.reverse()


def mutated_text(rng: random.Random, records: list[dict[str, Any]]) -> bytes:
    """A broken record file: bytes, as a file could hold them."""
    data = copy.deepcopy(rng.choice(records))
    kind = rng.randrange(16)
    if kind == 0:  # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    for _ in range(rng.randint(1, 3)):
        mutate_data(rng, data)
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    if kind == 1:  # truncated
        text = text[: rng.randrange(len(text) + 1)]
    elif kind == 2:  # a value deeply nested (at the top, or inside a field)
        key = rng.choice(['"options": ', '"actions": ', '"names": ', '"result": ', ""])
        text = nested(rng) if not key or key not in text else text.replace(
            key, key + nested(rng) + ", \"x\": ", 1)
    elif kind == 3:  # a number with thousands of digits
        digits = "9" * rng.choice([31, 400, 4301, 5000])
        for key in ('"players": ', '"seed": ', "[["):
            if key in text and rng.random() < 0.6:
                text = text.replace(key, key + digits + ("," if key == "[[" else ", \"y\": "),
                                    1)
                break
        else:
            text = digits
    raw = text.encode("utf-8", "surrogatepass")
    if kind == 4:  # not UTF-8
        at = rng.randrange(len(raw) + 1)
        raw = raw[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"]) + raw[at:]
    return raw


@pytest.mark.parametrize("case", range(RECORD_CASES))
def test_replay_of_a_broken_record(
    case: int, records: list[dict[str, Any]], tmp_path: Path
) -> None:
    rng = random.Random(f"record-{case}")
    raw = mutated_text(rng, records)
    path = tmp_path / "record.json"
    path.write_bytes(raw)
    argv = ["replay", str(path)] + (["--json"] if rng.random() < 0.4 else [])
    code, out, err = cli(argv)
    check_clean(code, out, err)
    if code == 0:
        for bad in ("\x1b", "\r", "\x07", "\u009b", "\u202e"):
            assert bad not in out
    if rng.random() < 0.2:  # the same through standard input
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return
        code, out, err = cli(["replay", "-"], stdin=text)
        check_clean(code, out, err)


def test_the_unbroken_records_replay(records: list[dict[str, Any]], tmp_path: Path) -> None:
    for record in records:
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        code, out, err = cli(["replay", str(path)])
        assert (code, err) == (0, "") and "winner:" in out


# --- Beggar-My-Neighbour hands ----------------------------------------------------------------


HAND_CHARS = "-23456789TJQKA"
ODD_CHARS = "10SHDCjqka  \t/,xX#é\x1b\u202e\udcff"


def hand(rng: random.Random) -> str:
    odd = rng.random() < 0.5
    return "".join(
        rng.choice(ODD_CHARS if odd and rng.random() < 0.1 else HAND_CHARS)
        for _ in range(rng.choice([0, 1, 3, 10, 26, 60]))
    )


@pytest.mark.parametrize("case", range(BMN_CASES))
def test_bmn_with_malformed_hands(case: int) -> None:
    rng = random.Random(f"bmn-{case}")
    hands = [hand(rng) for _ in range(rng.choice([1, 2, 2, 2, 2, 2, 3]))]
    flags = ["--json"] if rng.random() < 0.3 else []
    code, out, err = cli(["bmn", *flags, *hands])
    check_clean(code, out, err)
    # One deal line on standard input: an error is one line on stderr and one on stdout.
    code, out, err = cli(["bmn", *flags], stdin=" ".join(hands) + "\n")
    assert code in (0, 2) and "Traceback" not in err
    assert len(err.splitlines()) == (code == 2)
    assert len(out.splitlines()) <= 1


# --- --option values (and the other simulate arguments) ---------------------------------------


def option_value(rng: random.Random, name: str) -> str:
    spec = OPTION_SPECS.get(name)
    pool: list[Callable[[], str]] = [
        lambda: rng.choice(spec.choices) if spec and spec.choices else "x",
        lambda: str(rng.choice([-1, 0, 1, 2, 8, 9, 99, 2**70])),
        lambda: "9" * rng.choice([21, 4301, 5000]),
        lambda: rng.choice(["true", "false", "null", "[]", "{}", '"text"', "1.5", "NaN"]),
        lambda: rng.choice(["J=1 Q=2", "J=x", "J=\u00b2", "J=" + "9" * 30, "RJ=1", '{"J": 1}',
                            '[["J", 1]]', '[["J"]]', '{"J": "1"}']),
        lambda: rng.choice(["double,sandwich", "double,double", '["double"]', "bogus",
                            '[["double"]]']),
        lambda: rng.choice(["m f -", "m x", "male,female", "[1, 2]", "- - - - - - - - -"]),
        lambda: "[" * rng.choice([33, 4000, 20_000]),
        lambda: "".join(rng.choice('[]{}",:1a\\ \x1b\udcff') for _ in range(rng.randrange(40))),
    ]
    return rng.choice(pool)()


@pytest.mark.parametrize("case", range(OPTION_CASES))
def test_simulate_with_malformed_options(case: int, tmp_path: Path) -> None:
    rng = random.Random(f"option-{case}")
    argv = ["simulate", "--games", "1", "--max-cards", "60",
            "--variant", rng.choice([*VARIANTS, *VARIANTS, "bmn", "tarot", "snap", "\udcff"]),
            "--players", rng.choice(["2", "3", "4", "8", "3", "4", "1", "9", "x", "9" * 5000]),
            "--seed", rng.choice(["0", "17", "hello", "9" * 5000, "\udcff\udcfe", " 5 ", ""])]
    for _ in range(rng.randint(1, 3)):
        name = rng.choice([*OPTION_SPECS, "speed", "", " decks "])
        sep = "=" if rng.random() < 0.95 else ""
        argv += ["--option", f"{name}{sep}{option_value(rng, name.strip())}"]
    if rng.random() < 0.3:
        argv += ["--record", rng.choice([str(tmp_path / "r.json"), str(tmp_path),
                                         str(tmp_path / "no" / "r.json"), ""])]
    if rng.random() < 0.3:
        argv.append("--json")
    code, out, err = cli(argv)
    check_clean(code, out, err)


# --- as real processes ------------------------------------------------------------------------


def test_real_processes_exit_cleanly(records: list[dict[str, Any]], tmp_path: Path) -> None:
    rng = random.Random("processes")
    files = {
        "deep.json": ("[" * 100_000).encode(),
        "deep-options.json": json.dumps(records[0]).replace(
            '"options": {}', '"options": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000
        ).encode(),
        "latin1.json": json.dumps({**records[1], "names": ["Zoë", "Ben", "Cleo"]},
                                  ensure_ascii=False).encode("latin-1"),
        "noise.bin": bytes(rng.randrange(256) for _ in range(300)),
        "digits.json": json.dumps(records[0]).replace('"players": 3',
                                                      '"players": ' + "9" * 5000).encode(),
        "broken.json": mutated_text(rng, records),
    }
    runs: list[tuple[list[str], bytes]] = []
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
        runs.append((["replay", str(tmp_path / name)], b""))
    runs += [
        (["replay", "-"], files["deep.json"]),
        (["simulate", "--games", "1", "--seed", "9" * 5000], b""),
        (["simulate", "--games", "1", "--option", "slaps=" + "[" * 5000], b""),
        (["simulate", "--games", "1", "--players", "9" * 5000], b""),
        (["simulate", "--games", "1", "--record", str(tmp_path / "missing" / "x.json")], b""),
        (["bmn", "J-\x1b", "-J-"], b""),
    ]
    for argv, stdin in runs:
        done = python_m(argv, stdin)
        assert b"Traceback" not in done.stderr, done.stderr[-2000:]
        assert done.returncode == 2, (argv[:2], done.stderr)
        assert done.stdout == b""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(b"ratscrew: error: "), done.stderr
