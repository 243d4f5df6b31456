"""scripts/bench_page.py's coldtasks section: the figures it makes of the long tasks that the
page reports (the Long Tasks API, the long animation frames' scripts, the loading line's
texts), on small hand-made samples (no test starts a browser for it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from pagebench import coldtasks  # noqa: E402

TASKS = [[900.0, 60.0], [100.0, 120.0], [2000.0, 1500.0], [5000.0, 80.0]]
"""[start, duration] in ms, as the probe records them (in the order they were reported)."""

SCRIPTS = [
    [110.0, 90.0, "loader.js (classic-script)"],
    [150.0, 20.0, "core.js (module-script)"],
    [2010.0, 700.0, "pyodide.mjs:loadPyodide (resolve-promise import.then)"],
    [2800.0, 650.0, "pyodide.asm.mjs (event-listener MessagePort.onmessage)"],
]
"""[start, duration, name] of the scripts the long animation frames saw."""

TEXTS = [[50.0, "Downloading Python: 0 of 14 MB"], [1900.0, "Starting Python…"],
         [4000.0, "Loading the game…"]]


def test_total_blocking_time_is_the_time_beyond_50_ms() -> None:
    assert coldtasks.blocking_time([60.0, 120.0, 1500.0, 80.0, 40.0]) == pytest.approx(
        10 + 70 + 1450 + 30)
    assert coldtasks.blocking_time([]) == 0


def test_long_tasks_until_ready_with_their_stage_and_script() -> None:
    tasks = coldtasks.long_tasks(TASKS, SCRIPTS, TEXTS, until=4500.0)
    assert [(t.start, t.duration) for t in tasks] == [(100.0, 120.0), (900.0, 60.0),
                                                      (2000.0, 1500.0)]
    assert [t.stage for t in tasks] == ["Downloading Python: 0 of 14 MB",
                                        "Downloading Python: 0 of 14 MB", "Starting Python…"]
    # The longest script that ran inside each task; none seen in the second.
    assert [t.script for t in tasks] == ["loader.js (classic-script)", "",
                                         "pyodide.mjs:loadPyodide (resolve-promise import.then)"]
    run = coldtasks.ColdRun(ready=4500.0, tasks=tuple(tasks))
    assert run.longest == 1500.0
    assert run.blocking == pytest.approx(70 + 10 + 1450)


def test_a_task_before_the_line_and_a_run_without_long_tasks() -> None:
    tasks = coldtasks.long_tasks([[10.0, 70.0]], [], TEXTS, until=100.0)
    assert tasks[0].stage == "(before the line)" and tasks[0].script == ""
    empty = coldtasks.ColdRun(ready=1000.0, tasks=())
    assert empty.longest == 0 and empty.blocking == 0
