"""The engine finds a variant from its module alone: Snap (tests/fixtures/snap/), laid over a
copy of the sources, is listed with its house rule and played to a winner by the command
line, which nobody told about it; its lesson, its own file too, is taught to its end."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))

import sitebuild  # noqa: E402

LEARN = """
from ratscrew.tools.lesson import LessonRun, lesson_of
lesson = lesson_of("snap")
run = LessonRun(lesson)
print(lesson.title, len(lesson.steps))
while not run.done:
    print(run.act(run.expected()).kind)
print(run.game.outcome.winner)
"""


def test_the_command_line_finds_and_plays_a_variant_dropped_in() -> None:
    tree = sitebuild.overlaid(ROOT / "tests" / "fixtures" / "snap")
    try:
        def run(*args: str) -> str:
            command = list(args) if args[0] == "-c" else ["-m", "ratscrew", *args]
            return subprocess.run([sys.executable, *command], cwd=tree,
                                  capture_output=True, text=True, check=True, timeout=120).stdout

        rules = json.loads(run("rules", "--variant", "snap", "--json"))
        assert [v["name"] for v in rules["variants"]] == ["snap"]
        word = next(o for o in rules["options"] if o["name"] == "snap_word")
        assert word["choices"] == ["Snap!", "Pair!"] and word["variants"] == ["snap"]
        summary = json.loads(run("simulate", "--variant", "snap", "--players", "2",
                                 "--games", "3", "--seed", "3", "--json"))
        assert summary["games"] == 3 and summary["wins"]
        replayed = run("simulate", "--variant", "snap", "--players", "2", "--games", "1",
                       "--seed", "3", "--option", "snap_word=Pair!", "--record", "game.json")
        assert replayed
        assert "Pair! " in run("replay", "game.json")
        # Its lesson, from its own file, taught to its end by a scripted learner.
        learned = run("-c", LEARN)
        assert learned.split() == ["Snap", "6", *["right"] * 6, "0"]
    finally:
        shutil.rmtree(tree)
