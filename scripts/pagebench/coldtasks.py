"""``coldtasks``: what a cold start costs the page's main thread.

What a cold start (fresh context: no cache, no service worker, so no Python
snapshot) costs the page's main thread, from navigation until ready
(``body[data-ready="true"]``), unthrottled and with the CPU 4x slower (CDP
``Emulation.setCPUThrottlingRate``), ``--cold-runs`` times each: the longest task and the
total blocking time (the sum over long tasks of their time beyond 50 ms), from the Long Tasks
API (a ``longtask`` PerformanceObserver, ``buffered: true``, installed by an init script).
Prints each run, the medians, and the median run's longest tasks: when, how long, what the
loading line said then (the start's stage) and the longest script that ran in it (from the
Long Animation Frames API). While the page cannot answer (a click, a key, a menu), these are
what someone waits: no budget, figures to compare.

First, what a start downloads from navigation to ready (the same files at every start):
the bytes sent, gzip-compressed as GitHub Pages compresses them, and uncompressed, and what
each takes at 20 Mbit/s (Resource Timing's encoded and decoded body sizes; the page's own
thread, not its workers).
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser

from .common import READY_PROBE, Downloads, downloads, open_page, visit

# Installed before any page script: every long task of the page's main thread (over 50 ms, the
# Long Tasks API) in window.__longTasks as [start, duration]; every long animation frame's
# scripts (their file, function, what called them, start and duration) in window.__frameScripts,
# to say what ran in a long task; and each text of the loading line (#boot-status) with when
# it was set, in window.__bootTexts, to say at which stage of the start each task came.
TASKS_PROBE = """
(() => {
  window.__longTasks = [];
  window.__frameScripts = [];
  window.__bootTexts = [];
  const observe = (type, each) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(each))
        .observe({ type, buffered: true });
      return true;
    } catch (_) {
      return false;
    }
  };
  if (!observe("longtask", (e) => window.__longTasks.push([e.startTime, e.duration]))) {
    window.__longTasks = null;
  }
  observe("long-animation-frame", (frame) => {
    for (const s of frame.scripts) {
      const file = (s.sourceURL || "").split("?")[0].split("/").pop();
      window.__frameScripts.push([s.startTime, s.duration,
        `${file || "(inline)"}${s.sourceFunctionName ? ":" + s.sourceFunctionName : ""}`
        + ` (${s.invokerType}${s.invoker ? " " + s.invoker : ""})`]);
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    const line = document.getElementById("boot-status");
    if (!line) return;
    const note = () => window.__bootTexts.push([performance.now(), line.textContent]);
    note();
    new MutationObserver(note).observe(line, { childList: true, characterData: true,
                                               subtree: true });
  });
})();
"""

# What the probe gathered, once the tasks around ready have been reported (observers report a
# task after it ends, in a task of their own).
TASKS_GATHERED = """
() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => setTimeout(() =>
  done([window.__longTasks, window.__frameScripts, window.__bootTexts]), 50)), 50))
"""

LONG_TASK_MS = 50.0
"""The Long Tasks API's threshold: the part of a task beyond it blocks input."""

CPU_RATES = (1.0, 4.0)
"""CPU slowdowns the cold start's tasks are measured at (DevTools' CPU throttling)."""


@dataclass(frozen=True)
class LongTask:
    start: float
    """Milliseconds from navigation start."""
    duration: float
    stage: str
    """What the loading line said when the task began."""
    script: str
    """The longest script that ran in it (a long animation frame's), or ''."""


def blocking_time(durations: Iterable[float]) -> float:
    """Total blocking time: the sum over long tasks of their time beyond 50 ms."""
    return sum(max(0.0, d - LONG_TASK_MS) for d in durations)


def long_tasks(tasks: list[list[float]], scripts: list[list[Any]],
               texts: list[list[Any]], until: float) -> list[LongTask]:
    """The long tasks that began before ``until`` (ms), each with the stage the loading line
    showed then and the longest script seen running inside it."""
    out = []
    for start, duration in sorted(tasks):
        if start >= until:
            continue
        said = [text for at, text in texts if at <= start]
        inside = [(d, name) for at, d, name in scripts
                  if start - 1 <= at <= start + duration]
        out.append(LongTask(start, duration, said[-1] if said else "(before the line)",
                            max(inside)[1] if inside else ""))
    return out


@dataclass(frozen=True)
class ColdRun:
    ready: float
    tasks: tuple[LongTask, ...]
    downloaded: Downloads | None = None
    """What the start downloaded by ready."""

    @property
    def longest(self) -> float:
        return max((task.duration for task in self.tasks), default=0.0)

    @property
    def blocking(self) -> float:
        return blocking_time(task.duration for task in self.tasks)


def cold_tasks_once(browser: Browser, url: str, rate: float) -> ColdRun:
    """One cold start (fresh context: no cache, no service worker, so no Python snapshot) at
    ``rate`` times slower CPU: its long tasks from navigation until ready."""
    with open_page(browser, probe=READY_PROBE + TASKS_PROBE, service_workers="block") as page:
        if rate != 1:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        ready = visit(page, url)
        tasks, scripts, texts = page.evaluate(TASKS_GATHERED)
        if tasks is None:
            sys.exit("this Chromium does not report long tasks (PerformanceObserver 'longtask')")
        return ColdRun(ready, tuple(long_tasks(tasks, scripts, texts, ready)),
                       downloads(page, ready))


def describe_tasks(run: ColdRun, shown: int = 8) -> None:
    """The run's longest tasks, in the order they came."""
    top = sorted(sorted(run.tasks, key=lambda t: -t.duration)[:shown], key=lambda t: t.start)
    for task in top:
        script = f"; {task.script}" if task.script else ""
        print(f"      at {task.start:6.0f} ms: {task.duration:5.0f} ms "
              f"[{task.stage}]{script}")


def bench_coldtasks(browser: Browser, base: str, runs: int) -> bool:
    """The longest main-thread task and the total blocking time of a cold start, unthrottled
    and with the CPU 4x slower: each run, the medians, and the longest tasks of the median
    run (by total blocking time) with their stage and script."""
    warm = cold_tasks_once(browser, base, 1)  # warm the OS file cache and the server
    if warm.downloaded is not None:  # the same files at every start, on any CPU
        print(f"start-up downloads, navigation to ready: {warm.downloaded.line()}", flush=True)
    for rate in CPU_RATES:
        label = "unthrottled" if rate == 1 else f"CPU {rate:g}x slower"
        print(f"-- {label}", flush=True)
        done: list[ColdRun] = []
        for run in range(runs):
            done.append(cold_tasks_once(browser, base, rate))
            last = done[-1]
            print(f"  run {run + 1}: ready {last.ready:6.0f} ms, longest task "
                  f"{last.longest:5.0f} ms, total blocking {last.blocking:6.0f} ms, "
                  f"{len(last.tasks)} long tasks", flush=True)
        middle = sorted(done, key=lambda r: r.blocking)[len(done) // 2]
        print("  the median run's longest tasks (when, how long, [the loading line], the "
              "longest script in it):")
        describe_tasks(middle)
        print(f"cold start's tasks, {label}, median of {runs}: longest task "
              f"{statistics.median(r.longest for r in done):.0f} ms, total blocking time "
              f"{statistics.median(r.blocking for r in done):.0f} ms, ready "
              f"{statistics.median(r.ready for r in done):.0f} ms")
    return True

