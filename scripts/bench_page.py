#!/usr/bin/env python3
"""Page benchmarks in headless Chromium: printed figures, not a test.

Run from anywhere: ``scripts/bench_page.py`` (it runs itself with the project's .venv Python).
Options: ``--runs N`` unthrottled cold starts of each page (5), ``--throttle-runs N`` cold starts
of each page at 20 Mbit/s (3), ``--cold-runs N`` cold starts at each CPU rate of the coldtasks
section (5), ``--presses N`` key presses (300), ``--players N`` at the keys
section's table (6), ``--lab-games N`` games timed in the lab (300), ``--lab-presses N`` key
presses while the lab runs (150),
``--lighthouse-runs N`` Lighthouse runs with each preset (1), ``--only SECTION`` for one section,
``--no-build`` to use _site/ as it is, ``--site DIR`` to serve another built site (never built
by the script). Without ``--site`` and ``--no-build`` it builds _site/ first
(scripts/build). The site is served on a free local port, to the same Chromium as the browser
tests (scripts/browser_tools.py).

Two network conditions: unthrottled (local server), and 20 Mbit/s down, 5 Mbit/s up, 20 ms
latency, emulated through the Chrome DevTools Protocol (Network.emulateNetworkConditions).
Every context is new (empty cache, no service worker yet).

Sections:

* ``start``: cold start to ready, per network condition. Our page (``body[data-ready="true"]``,
  set once the setup screen is up) against a bare PyScript page on the same self-hosted runtime
  (a one-line main.py that sets the same attribute, and Pyodide's own standard library),
  written into ``<site>/_bench_bare/`` for the run and removed afterwards. Each run opens a
  fresh browser context (service workers allowed, as on a real first visit); the pages
  alternate. Prints each run, the medians and the ratio ours / bare; PASS when the ratio is
  at most 1.0 (ours no slower than bare PyScript).
* ``coldtasks``: what a cold start (fresh context: no cache, no service worker, so no Python
  snapshot) costs the page's main thread, from navigation until ready
  (``body[data-ready="true"]``), unthrottled and with the CPU 4x slower (CDP
  ``Emulation.setCPUThrottlingRate``), ``--cold-runs`` times each: the longest task and the
  total blocking time (the sum over long tasks of their time beyond 50 ms), from the Long Tasks
  API (a ``longtask`` PerformanceObserver, ``buffered: true``, installed by an init script).
  Prints each run, the medians, and the median run's longest tasks: when, how long, what the
  loading line said then (the start's stage) and the longest script that ran in it (from the
  Long Animation Frames API). While the page cannot answer (a click, a key, a menu), these are
  what someone waits: no budget, figures to compare.
* ``offline``: a repeat visit served by the service worker, per network condition. In one
  fresh context: our page's first (cold) visit to ready; then until the worker is activated and
  its precache holds every entry of the list in ``<site>/sw.js``, and until the page's Python
  snapshot is made (``window.ratscrewSnapshotMaking``, see web/boot/pyodide_boot.mjs: "stored", or
  a failure, which is printed); then a second visit to ready, which must be controlled by the
  worker. Prints both times, how many responses the worker served, whether Python started
  from the snapshot, and the ratio repeat / cold; PASS when at most 0.60.
* ``setup``: at 20 Mbit/s, cold (service workers blocked): the time from navigation start until
  the setup form takes clicks (``body[data-setup="live"]``, or ``body[data-ready="true"]`` if
  that comes first; then ``#setup-players`` visible), plus the time one real click takes to show
  its effect (another number of players chosen in ``#setup-players``, until that many rows of
  ``#setup-seat-list`` are visible). Prints "setup live at X ms, a click handled in Y ms,
  total Z" (Z = X + Y) and the time to ready of the same run, for ``--throttle-runs``
  visits; PASS when the median Z is at most 500 ms.
* ``keys``: keydown to screen update during a six-player game (one human, five bots at speed 1;
  ``--players N`` for another size, 8 for the largest table with every animation on):
  the human's keys are pressed a few hundred times at a human pace (every 150 to 300 ms):
  slap when the pile is slappable, flip on the human's turn, otherwise a flip out of turn or
  (15%) a slap at nothing.
  Two figures: the page's own ``window.ratscrewLatency`` (keydown to the end of the Python
  handler), and keydown to the next animation frame (a requestAnimationFrame hook installed
  for the run). Median and 95th percentile, against one frame at 60 Hz (16 ms); the frame
  interval while the bots play and no key is pressed is printed for context (headless
  Chromium without a GPU paints in software). When the human is out of cards, or the game is
  over, the script deals again.
* ``lab``: the statistics lab against the command line, on this machine in the same run. First
  CPython: ``ratscrew.play.match.simulate("classic", 4, N, seed, "normal")`` timed in this process,
  and ``python -m ratscrew simulate ... --json`` as a subprocess (interpreter start-up
  included), in games per second. Then the page: the lab opened from the setup
  (``#setup-lab``), once it knows where its games run (``#lab[data-runner]``: "worker", or
  "page" when no worker could start), the same N games (``--lab-games``, 300) from the same
  seed, timed in the page from the click on Run to ``#lab[data-state=done]``; the ratio
  CPython / page games per second, PASS when at most 3 (aim: the page within 3x of CPython),
  and the lab's table must hold simulate's numbers (cards played, tricks, wins...). Then, in
  the same page, key-down to screen while the lab simulates: a 5,000-game run started, the
  setup's default game dealt (seat 1 a person, the others bots) while the run goes on off
  screen (its progress on the bar's ``#bar-lab``), and the human's keys pressed
  (``--lab-presses``, 150) as in ``keys``; median and 95th percentile of both figures for the
  presses made while the lab was running, PASS when both p95 are under 50 ms. Afterwards back
  to the lab (``#bar-lab``) and Cancel; then, for comparison (not judged), the same presses on
  a new deal with no lab running: what the table costs by itself on this machine.
* ``lighthouse``: Lighthouse (the npm package, pinned in scripts/lighthouse/package.json and
  installed there with ``npm ci`` on first use, apart from the site's own packages) over the
  page, with its mobile preset (its default: a phone, slow 4G, the CPU 4x slower; network and
  CPU simulated from an unthrottled load) and ``--preset=desktop``, ``--lighthouse-runs`` times
  each (medians when more than one). The CLI runs the same Chromium as the other sections
  (``CHROME_PATH``), headless, with a fresh profile and off the network but for 127.0.0.1.
  Prints a table: the four category scores (performance, accessibility, best practices, SEO),
  LCP, TBT, CLS, the bytes downloaded (total-byte-weight; uncompressed, as the local server
  sends them), and, to show that the run covers the page's start, when the page was ready
  (body[data-ready="true"], from web/boot/loader.js's console line in Lighthouse's DevTools log) and
  when Lighthouse's trace ended, in ms from navigation start. No budget: FAIL only when
  Lighthouse cannot run (one line saying why).

Exit code 1 when any figure is over its budget, or Lighthouse cannot run (FAIL), else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import browser_tools  # noqa: E402

browser_tools.use_venv_python(__file__)

import sitebuild  # noqa: E402
from playwright.sync_api import Browser, Page, Response, sync_playwright  # noqa: E402

START_BUDGET = 1.0
"""Our page may take at most as long to be ready as a bare PyScript page."""
REPEAT_BUDGET = 0.60
"""A repeat visit served by the service worker: at most 60% of a cold start."""
SETUP_BUDGET_MS = 500.0
"""At 20 Mbit/s: the setup form shows the effect of a click within 0.5 s of navigation."""
FRAME_MS = 16.0
LAB_RATIO_BUDGET = 3.0
"""The lab's games per second: CPython's at most 3 times the page's."""
LAB_KEY_BUDGET_MS = 50.0
"""Key-down to screen on the table while the lab simulates: p95 under 50 ms."""
LAB_SEED = 7
LAB_LONG_GAMES = 5000
LAB_TIMEOUT_MS = 600_000
LAB_STATS = ("games", "cards_played", "tricks", "wins", "loops", "capped", "slaps_right",
             "slaps_wrong", "mean_cards_per_game")
BOOT_TIMEOUT_MS = 120_000
SECTIONS = ("start", "coldtasks", "offline", "setup", "keys", "lab", "lighthouse")
PRECACHE_TIMEOUT_MS = 120_000


@dataclass(frozen=True)
class Network:
    name: str
    conditions: dict[str, Any] | None
    """Parameters of CDP Network.emulateNetworkConditions; None: unthrottled."""


UNTHROTTLED = Network("unthrottled", None)
MBIT_20 = Network("20 Mbit/s", {
    "offline": False,
    "latency": 20,
    "downloadThroughput": 20e6 / 8,
    "uploadThroughput": 5e6 / 8,
})
NETWORKS = (UNTHROTTLED, MBIT_20)

BARE = "_bench_bare"
BARE_FILES = {
    "index.html": """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript</title>
  <link rel="stylesheet" href="../runtime/pyscript/core.css">
  <script type="module" src="../runtime/pyscript/core.js"></script>
</head>
<body>
  <script type="py" src="main.py" config="pyscript.toml"></script>
</body>
</html>
""",
    "pyscript.toml": 'interpreter = "../runtime/pyodide/pyodide.mjs"\n',
    "main.py": 'from pyscript import document; document.body.dataset.ready = "true"\n',
}

# Installed before any page script: the time (since navigation start) when body[data-ready]
# becomes "true".
READY_PROBE = """
(() => {
  const seen = () => {
    if (window.__readyAt === undefined && document.body
        && document.body.dataset.ready === "true") {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""

# Installed before any page script: the time (since navigation start) when the setup form
# takes clicks (body[data-setup="live"], or body[data-ready="true"] if that comes first) and
# which of the two it was; from then on, the first frame with #setup-players visible; and the
# time of the first input event (the benchmark's click).
SETUP_PROBE = """
(() => {
  const visible = () => {
    if (document.querySelector("#setup-players")?.checkVisibility()) {
      window.__playersVisibleAt = performance.now();
    } else {
      requestAnimationFrame(visible);
    }
  };
  const seen = () => {
    const body = document.body;
    if (window.__setupLiveAt !== undefined || !body) return;
    const by = body.dataset.setup === "live" ? "data-setup"
      : body.dataset.ready === "true" ? "data-ready" : null;
    if (by) {
      window.__setupLiveAt = performance.now();
      window.__setupLiveBy = by;
      observer.disconnect();
      visible();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ["data-setup", "data-ready"]});
  addEventListener("input", (event) => { window.__inputAt ??= event.timeStamp; }, true);
})();
"""

# From now on, each frame: once the click went in and exactly `n` rows of the setup's seat list
# are visible, the time of that frame in window.__rowsShownAt.
WATCH_SEAT_ROWS = """
(n) => {
  const tick = () => {
    const rows = [...document.querySelectorAll("#setup-seat-list li")];
    if (window.__inputAt !== undefined && rows.filter((li) => li.checkVisibility()).length === n) {
      window.__rowsShownAt = performance.now();
    } else {
      requestAnimationFrame(tick);
    }
  };
  requestAnimationFrame(tick);
}
"""

# True once some cache of the page's origin holds `n` entries (the service worker's precache).
PRECACHE_FULL = """
async (n) => {
  for (const name of await caches.keys()) {
    if ((await (await caches.open(name)).keys()).length === n) return true;
  }
  return false;
}
"""

CACHE_SIZES = """
async () => Promise.all((await caches.keys()).map(
  async (name) => `${name}: ${(await (await caches.open(name)).keys()).length}`))
"""

# keydown -> the next animation frame (the frame that shows what the key did).
FRAME_PROBE = """
() => {
  window.__frameLatency = [];
  addEventListener("keydown", (event) => {
    const t0 = event.timeStamp;
    requestAnimationFrame(() => window.__frameLatency.push(performance.now() - t0));
  }, true);
}
"""

# Frame intervals while the bots play and nobody presses a key: how often this browser paints.
FRAME_INTERVALS = """
(count) => new Promise((resolve) => {
  const stamps = [];
  const tick = (t) => {
    stamps.push(t);
    if (stamps.length > count) resolve(stamps.slice(1).map((s, i) => s - stamps[i]));
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})
"""

KEY_NAMES = ("Sam", "Ada", "Brook", "Cyd", "Dana", "Eli", "Fay", "Gus")


def key_table(players: int) -> str:
    """The keys section's table: one human (seat 1) and bots in the other seats, at 1x."""
    bots = ",".join(str(seat) for seat in range(2, players + 1))
    names = ",".join(KEY_NAMES[:players])
    return (f"?players={players}&bots={bots}&speed=1&seed=bench-keys&names={names}"
            "&autostart=1")


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, round(p / 100 * len(ordered) + 0.4999))
    return ordered[min(rank, len(ordered)) - 1]


def verdict(ok: bool, text: str) -> bool:
    print(f"{'PASS' if ok else 'FAIL'}: {text}", flush=True)
    return ok


# --------------------------------------------------------------------------- pages


@contextmanager
def open_page(browser: Browser, network: Network = UNTHROTTLED, probe: str = READY_PROBE,
              **context_args: Any) -> Iterator[Page]:
    """A page in a fresh browser context (closed afterwards), on ``network``, with ``probe``
    installed before the scripts of every document it loads."""
    context = browser.new_context(**context_args)
    try:
        page = context.new_page()
        if network.conditions is not None:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", network.conditions)
        page.add_init_script(probe)
        yield page
    finally:
        context.close()


def wait_number(page: Page, name: str) -> float:
    """Wait until the page global ``name`` (set by a probe) is defined; its value."""
    return float(page.wait_for_function(f"{name} !== undefined && {name}",
                                        timeout=BOOT_TIMEOUT_MS).json_value())


def wait_ready(page: Page) -> float:
    """Milliseconds from navigation start to body[data-ready="true"] (needs READY_PROBE)."""
    return wait_number(page, "window.__readyAt")


def visit(page: Page, url: str) -> float:
    """Navigate to ``url``; milliseconds from navigation start to ready."""
    page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
    return wait_ready(page)


# --------------------------------------------------------------------------- cold start


@contextmanager
def bare_page(site: Path) -> Iterator[None]:
    """The bare PyScript page in ``site/_bench_bare/`` for the duration, with Pyodide's own
    standard library, which a site with its own does not serve."""
    bare_dir = site / BARE
    stdlib = site / sitebuild.PYODIDE_STDLIB
    lent = not stdlib.is_file()
    shutil.rmtree(bare_dir, ignore_errors=True)
    bare_dir.mkdir()
    try:
        for name, text in BARE_FILES.items():
            (bare_dir / name).write_text(text, encoding="utf-8")
        if lent:
            shutil.copyfile(sitebuild.ROOT / sitebuild.PYODIDE_STDLIB, stdlib)
        yield
    finally:
        shutil.rmtree(bare_dir, ignore_errors=True)
        if lent:
            stdlib.unlink(missing_ok=True)


def cold_start(browser: Browser, url: str, network: Network) -> float:
    """Milliseconds from navigation start to ready, in a fresh context."""
    with open_page(browser, network) as page:
        return visit(page, url)


def compare_start(browser: Browser, pages: dict[str, str], network: Network,
                  runs: int) -> bool:
    print(f"-- {network.name}", flush=True)
    times: dict[str, list[float]] = {name: [] for name in pages}
    for run in range(runs):
        order = list(pages) if run % 2 == 0 else list(reversed(pages))
        for name in order:
            times[name].append(cold_start(browser, pages[name], network))
        print(f"  run {run + 1}: ratscrew {times['ratscrew'][-1]:6.0f} ms, "
              f"bare {times['bare'][-1]:6.0f} ms", flush=True)
    ours = statistics.median(times["ratscrew"])
    bare = statistics.median(times["bare"])
    ratio = ours / bare
    print(f"cold start to ready, {network.name}, median of {runs}: ratscrew {ours:.0f} ms, "
          f"bare PyScript {bare:.0f} ms, ratio {ratio:.3f} ({(ratio - 1) * 100:+.1f}%)")
    return verdict(ratio <= START_BUDGET, f"{network.name}: ratio {ratio:.3f} "
                   f"{'within' if ratio <= START_BUDGET else 'over'} the budget "
                   f"{START_BUDGET:.2f} (ours no slower than bare PyScript)")


def bench_start(browser: Browser, base: str, site: Path,
                plan: list[tuple[Network, int]]) -> bool:
    pages = {"ratscrew": base, "bare": base + BARE + "/"}
    with bare_page(site):
        cold_start(browser, pages["bare"], UNTHROTTLED)  # warm the OS file cache and the server
        results = [compare_start(browser, pages, network, runs) for network, runs in plan]
    return all(results)


# --------------------------------------------------------------------------- repeat visit


def precache_entries(site: Path) -> int:
    """How many files the service worker precaches: the entries ({"url", "revision"}) of the
    list that scripts/build writes into sw.js in place of ``self.__WB_MANIFEST``."""
    text = (site / sitebuild.SERVICE_WORKER).read_text(encoding="utf-8")
    start = re.search(r'\[\s*\{\s*"url"', text)
    if start is None:
        sys.exit(f"no precache list in {site / sitebuild.SERVICE_WORKER}")
    entries, _ = json.JSONDecoder().raw_decode(text, start.start())
    return len(entries)


def wait_precached(page: Page, entries: int) -> bool:
    """Until the service worker is activated and a cache holds all ``entries``."""
    if (browser_tools.poll_until(page, "navigator.serviceWorker.ready.then((r) =>"
                                 " r.active && r.active.state === 'activated')",
                                 timeout_ms=PRECACHE_TIMEOUT_MS)
            and browser_tools.poll_until(page, PRECACHE_FULL, entries,
                                         timeout_ms=PRECACHE_TIMEOUT_MS, every_ms=250)):
        return True
    state = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r ? "
                          "[r.installing, r.waiting, r.active].map((w) => w && w.state)"
                          " : 'no registration')")
    print(f"  the service worker did not finish precaching {entries} files in "
          f"{PRECACHE_TIMEOUT_MS / 1000:.0f} s: workers (installing, waiting, active) "
          f"{state}, caches {page.evaluate(CACHE_SIZES)}")
    return False


def repeat_visit(browser: Browser, url: str, network: Network, entries: int) -> bool:
    print(f"-- {network.name}", flush=True)
    with open_page(browser, network, service_workers="allow") as page:
        cold = visit(page, url)
        print(f"  first visit (cold) to ready {cold:.0f} ms; waiting for the precache "
              f"({entries} files)", flush=True)
        started = time.monotonic()
        if not wait_precached(page, entries):
            return verdict(False, f"{network.name}: no service worker to serve a repeat visit")
        print(f"  service worker active and precache full "
              f"{time.monotonic() - started:.1f} s after ready", flush=True)
        browser_tools.poll_until(page, "window.ratscrewSnapshotMaking && "
                                 "window.ratscrewSnapshotMaking !== 'making'",
                                 timeout_ms=PRECACHE_TIMEOUT_MS)
        print(f"  Python snapshot: {page.evaluate('window.ratscrewSnapshotMaking')}, "
              f"{time.monotonic() - started:.1f} s after ready", flush=True)
        responses: list[Response] = []
        page.on("response", lambda response: responses.append(response))
        repeat = visit(page, url)
        controlled = bool(page.evaluate("navigator.serviceWorker.controller !== null"))
        snapshot = page.evaluate("window.ratscrewSnapshot")
    served = sum(response.from_service_worker for response in responses)
    ratio = repeat / cold
    print(f"repeat visit to ready, {network.name}: {repeat:.0f} ms, cold {cold:.0f} ms, "
          f"ratio {ratio:.3f}; controlled by the service worker: {'yes' if controlled else 'no'}"
          f", {served} of {len(responses)} responses from it; Python snapshot: {snapshot}")
    ok = controlled and ratio <= REPEAT_BUDGET
    return verdict(ok, f"{network.name}: repeat / cold {ratio:.3f} "
                   f"{'within' if ratio <= REPEAT_BUDGET else 'over'} the budget "
                   f"{REPEAT_BUDGET:.2f}" + ("" if controlled else ", not served by the worker"))


def bench_offline(browser: Browser, base: str, site: Path) -> bool:
    entries = precache_entries(site)
    return all([repeat_visit(browser, base, network, entries) for network in NETWORKS])


# --------------------------------------------------------------------------- setup click


def setup_live(page: Page) -> tuple[float, str]:
    """Milliseconds from navigation start until the setup form takes clicks (live, and
    #setup-players visible), and what said so (``data-setup`` or ``data-ready``)."""
    live = wait_number(page, "window.__setupLiveAt")
    by = str(page.evaluate("window.__setupLiveBy"))
    visible = wait_number(page, "window.__playersVisibleAt")
    if visible > live:
        by += f" at {live:.0f} ms, then #setup-players visible"
    return visible, by


def click_players(page: Page) -> tuple[float, float, str] | None:
    """Choose another number of players: when the click went in (ms since navigation start),
    how long until a frame shows that many rows in the seat list, and the choice; None when
    there is no other choice."""
    players = page.locator("#setup-players")
    values, current = players.evaluate("(s) => [[...s.options].map((o) => o.value), s.value]")
    other = next((v for v in values if v != current), None)
    if other is None:
        print(f"  #setup-players offers no other choice than {current!r}: {values}")
        return None
    page.evaluate(WATCH_SEAT_ROWS, int(other))
    players.select_option(other)
    shown = wait_number(page, "window.__rowsShownAt")
    issued = float(page.evaluate("window.__inputAt"))
    return issued, shown - issued, f"{current} -> {other} players"


def setup_once(browser: Browser, base: str) -> float | None:
    """One cold visit at 20 Mbit/s: ms until the setup took a click and showed its effect."""
    with open_page(browser, MBIT_20, READY_PROBE + SETUP_PROBE,
                   service_workers="block") as page:
        page.goto(base, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        live, by = setup_live(page)
        clicked = click_players(page)
        ready = wait_ready(page)
    if clicked is None:
        return None
    issued, handled, choice = clicked
    print(f"  setup live at {live:.0f} ms ({by}), a click handled in {handled:.0f} ms "
          f"({choice}; the click went in at {issued:.0f} ms), total {live + handled:.0f} ms; "
          f"ready at {ready:.0f} ms")
    return live + handled


def bench_setup(browser: Browser, base: str, runs: int) -> bool:
    totals = [setup_once(browser, base) for _ in range(runs)]
    if any(total is None for total in totals):
        return verdict(False, "no click to measure")
    total = statistics.median(t for t in totals if t is not None)
    print(f"setup responds to a click, median of {runs}: {total:.0f} ms")
    ok = total <= SETUP_BUDGET_MS
    return verdict(ok, f"{MBIT_20.name}: the setup responds to a click at {total:.0f} ms, "
                   f"{'within' if ok else 'over'} {SETUP_BUDGET_MS:.0f} ms")


# --------------------------------------------------------------------------- cold start's tasks

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
        return ColdRun(ready, tuple(long_tasks(tasks, scripts, texts, ready)))


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
    cold_tasks_once(browser, base, 1)  # warm the OS file cache and the server
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


# --------------------------------------------------------------------------- key latency


def choose_key(page: Page, rng: random.Random) -> str:
    """What a quick, slightly impatient player presses: slap a pattern when there is one, flip
    when it is their turn, else now and then a flip out of turn or a slap at nothing."""
    state = page.evaluate(
        "(() => { const g = window.ratscrewApp.session.game;"
        " return [g.slappable, g.to_act()]; })()"
    )
    slappable, to_act = bool(state[0]), int(state[1])
    if slappable:
        return "w"
    if to_act == 0:
        return "q"
    return "w" if rng.random() < 0.15 else "q"


def keep_playing(page: Page) -> None:
    """Deal again when the game is over, or when the human has been out of it for a while."""
    if page.locator("#gameover").is_visible():
        page.click("#again-new")
    elif page.get_attribute("#seats [data-seat='0']", "data-cards") == "0":
        page.click("#to-setup")
        page.click("#setup-start")


def bench_keys(browser: Browser, base: str, presses: int, seed: int, players: int) -> bool:
    with open_page(browser, viewport={"width": 1400, "height": 900}) as page:
        visit(page, base + key_table(players))
        page.wait_for_selector("body[data-screen='table']", state="attached")
        intervals: list[float] = page.evaluate(FRAME_INTERVALS, 180)
        page.evaluate(FRAME_PROBE)
        rng = random.Random(seed)
        started = time.monotonic()
        for i in range(presses):
            page.keyboard.press(choose_key(page, rng))
            page.wait_for_timeout(rng.uniform(150, 300))
            if i % 10 == 9:
                keep_playing(page)
        page.wait_for_timeout(200)  # the last frame
        handler: list[float] = page.evaluate("Array.from(window.ratscrewLatency)")
        frame: list[float] = page.evaluate("window.__frameLatency")
        elapsed = time.monotonic() - started
    print(f"{presses} presses in {elapsed:.0f} s, {len(handler)} handled by the human seat")
    print(f"  frame interval while the bots play (no keys): median "
          f"{statistics.median(intervals):.1f} ms, p95 {percentile(intervals, 95):.1f} ms "
          f"({len(intervals)} frames)")
    ok = True
    for label, values in (
        ("keydown -> handler done (ratscrewLatency)", handler),
        ("keydown -> next animation frame (rAF)", frame),
    ):
        if not values:
            print(f"  {label}: no samples")
            ok = False
            continue
        median, p95 = statistics.median(values), percentile(values, 95)
        within = p95 <= FRAME_MS
        print(f"  {label:45s} median {median:5.1f} ms, p95 {p95:5.1f} ms, "
              f"max {max(values):5.1f} ms ({len(values)} samples): p95 "
              f"{'within' if within else 'over'} one frame ({FRAME_MS:.0f} ms)")
        ok = ok and within
    return ok


# --------------------------------------------------------------------------- the lab

# Times (performance.now()) of the next click on #lab-run and of the lab's data-state
# becoming "done" after it, in window.__labClickAt and window.__labDoneAt.
LAB_CLOCK = """
() => {
  delete window.__labClickAt;
  delete window.__labDoneAt;
  const lab = document.getElementById("lab");
  document.getElementById("lab-run").addEventListener("click", () => {
    window.__labClickAt ??= performance.now();
  }, {capture: true, once: true});
  const observer = new MutationObserver(() => {
    if (window.__labClickAt !== undefined && lab.dataset.state === "done") {
      window.__labDoneAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(lab, {attributes: true, attributeFilter: ["data-state"]});
}
"""

LAB_TABLE = """
(name) => [...document.querySelectorAll(
  `[data-zone="lab-table"] tr[data-set="${name}"] td[data-stat]`)].map(
  (c) => [c.dataset.stat, c.dataset.seat ?? null, c.dataset.value])
"""


def cpython_games_per_s(games: int, seed: int) -> tuple[float, float, dict[str, Any]]:
    """simulate() timed in this process, and through the command line (a subprocess): games
    per second of each (wall clock), and simulate's summary."""
    from ratscrew.play.match import simulate

    started = time.perf_counter()
    summary = simulate("classic", 4, games, seed, "normal").to_dict()
    in_process = games / (time.perf_counter() - started)
    command = [sys.executable, "-m", "ratscrew", "simulate", "--variant", "classic",
               "--players", "4", "--games", str(games), "--seed", str(seed), "--json"]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    cli = games / (time.perf_counter() - started)
    if done.returncode != 0:
        print(f"  !! the command line failed ({done.returncode}): {done.stderr.strip()}")
        cli = 0.0
    elif json.loads(done.stdout) != summary:
        print("  !! MISMATCH: the command line's summary differs from simulate() in this process")
    return in_process, cli, summary


def lab_table(page: Page, name: str) -> dict[str, Any]:
    """The numbers of rule set ``name`` in the lab's table, as simulate's to_dict() has them."""
    out: dict[str, Any] = {"wins": []}
    for stat, _seat, value in page.evaluate(LAB_TABLE, name):
        if stat == "wins":
            out["wins"].append(int(value))
        else:
            out[stat] = float(value) if "." in value else int(value)
    return out


def lab_choose(page: Page, games: int, seed: int) -> None:
    page.select_option("#lab-variant", "classic")
    page.select_option("#lab-players", "4")
    page.select_option("#lab-level", "normal")
    page.fill("#lab-games", str(games))
    page.fill("#lab-seed", str(seed))


def lab_speed(page: Page, games: int, seed: int) -> bool:
    """CPython's simulate against the lab's run of the same games; the numbers must agree."""
    in_process, cli, want = cpython_games_per_s(games, seed)
    print(f"  CPython {sys.version.split()[0]}: simulate() in process {in_process:6.1f} games/s;"
          f" python -m ratscrew simulate (start-up included) {cli:6.1f} games/s", flush=True)
    started = time.monotonic()
    page.click("#setup-lab")
    page.wait_for_selector("#lab[data-runner]", state="attached", timeout=LAB_TIMEOUT_MS)
    runner = page.get_attribute("#lab", "data-runner")
    where = ("a background worker" if runner == "worker"
             else "the page itself: no worker could start")
    print(f"  lab open, its games run in {where} (data-runner {runner!r}), "
          f"{time.monotonic() - started:.1f} s after the click on #setup-lab", flush=True)
    lab_choose(page, games, seed)
    page.evaluate(LAB_CLOCK)
    page.click("#lab-run")
    page.wait_for_selector("#lab[data-state=done]", state="attached", timeout=LAB_TIMEOUT_MS)
    seconds = (wait_number(page, "window.__labDoneAt")
               - wait_number(page, "window.__labClickAt")) / 1000
    page.wait_for_selector('[data-zone="lab-table"] tr[data-set="A"] td[data-stat]',
                           state="attached", timeout=LAB_TIMEOUT_MS)
    lab = games / seconds
    print(f"  the lab ({runner}): {games} games in {seconds:.2f} s (click on Run to done), "
          f"{lab:6.1f} games/s; its status: {page.text_content('#lab-status')!r}")
    got = lab_table(page, "A")
    wrong = [stat for stat in LAB_STATS if got.get(stat) != want[stat]]
    for stat in wrong:
        print(f"  !! MISMATCH {stat}: the lab's table {got.get(stat)!r}, "
              f"simulate {want[stat]!r}")
    same = verdict(not wrong, f"the lab's numbers {'equal' if not wrong else 'DIFFER FROM'} "
                   f"simulate's (cards played {got.get('cards_played')} / "
                   f"{want['cards_played']}; {', '.join(LAB_STATS)})")
    ratio = in_process / lab
    print(f"  ratio CPython (in process) / page {ratio:.2f}; CPython (command line) / page "
          f"{cli / lab:.2f}")
    fast = verdict(ratio <= LAB_RATIO_BUDGET,
                   f"games/s: CPython {in_process:.1f}, the page's {runner} {lab:.1f}, ratio "
                   f"{ratio:.2f} {'within' if ratio <= LAB_RATIO_BUDGET else 'over'} "
                   f"{LAB_RATIO_BUDGET:.0f}x")
    return same and fast


Samples = dict[bool, list[float]]
"""Latencies (ms) of the presses made while the lab was running (True) and not (False)."""


def deal_default(page: Page) -> None:
    """From any screen: the setup's default game (seat 1 a person, the others bots), classic."""
    page.click("#to-setup")
    page.select_option("#setup-variant", "classic")
    page.click("#setup-start")
    page.wait_for_selector("body[data-screen='table']", state="attached")


def press_keys(page: Page, presses: int, seed: int) -> tuple[Samples, Samples, int, float]:
    """Press the human's keys as ``bench_keys`` does; keydown -> handler done and keydown ->
    next frame of each press, split by whether the lab was running when it was pressed; how
    many presses were made while it was running; how long it all took (s). Needs
    FRAME_PROBE."""
    handled = int(page.evaluate("window.ratscrewLatency.length"))
    rng = random.Random(seed)
    handler: Samples = {True: [], False: []}
    frame: Samples = {True: [], False: []}
    during = 0
    started = time.monotonic()
    for i in range(presses):
        running = page.get_attribute("#lab", "data-state") == "running"
        during += running
        seen = int(page.evaluate("window.__frameLatency.length"))
        page.keyboard.press(choose_key(page, rng))
        page.wait_for_timeout(rng.uniform(150, 300))
        new_frames, new_handled = page.evaluate(
            "([f, h]) => [window.__frameLatency.slice(f), "
            "Array.from(window.ratscrewLatency).slice(h)]", [seen, handled])
        handled += len(new_handled)
        frame[running] += new_frames
        handler[running] += new_handled
        if i % 10 == 9:
            keep_playing(page)
    return handler, frame, during, time.monotonic() - started


def key_figures(label: str, values: list[float]) -> float:
    """Print median, p95 and max of ``values``; the p95 (infinite when there is none)."""
    if not values:
        print(f"  {label}: no samples")
        return float("inf")
    p95 = percentile(values, 95)
    print(f"  {label:60s} median {statistics.median(values):5.1f} ms, p95 {p95:5.1f} ms, "
          f"max {max(values):5.1f} ms ({len(values)} samples)")
    return p95


def lab_keys(page: Page, presses: int, seed: int) -> bool:
    """Key-down to screen on the table while a 5,000-game run goes on off screen; then, for
    comparison, the same presses on a new deal with no lab running."""
    lab_choose(page, LAB_LONG_GAMES, seed)
    page.click("#lab-run")
    page.wait_for_selector("#lab[data-state=running]", state="attached", timeout=LAB_TIMEOUT_MS)
    deal_default(page)
    print(f"  {LAB_LONG_GAMES:,} games started, the setup's default game dealt; the bar says "
          f"{page.text_content('#bar-lab')!r}", flush=True)
    intervals: list[float] = page.evaluate(FRAME_INTERVALS, 120)
    page.evaluate(FRAME_PROBE)
    handler, frame, during, elapsed = press_keys(page, presses, seed)
    still = page.get_attribute("#lab", "data-state") == "running"
    bar = page.text_content("#bar-lab") if page.locator("#bar-lab").is_visible() else "(hidden)"
    print(f"  {presses} presses in {elapsed:.0f} s, {during} of them while the lab "
          f"ran, {len(handler[True]) + len(handler[False])} handled by the human seat")
    print(f"  at the end the lab is {'still running' if still else 'no longer running'}: the "
          f"bar says {bar!r}")
    print(f"  frame interval while the lab runs and the bots play (no keys): median "
          f"{statistics.median(intervals):.1f} ms, p95 {percentile(intervals, 95):.1f} ms "
          f"({len(intervals)} frames)")
    ok = True
    for label, values in (("keydown -> handler done (ratscrewLatency)", handler),
                          ("keydown -> next animation frame (rAF)", frame)):
        if values[False]:
            key_figures(f"{label}, after the lab stopped", values[False])
        p95 = key_figures(f"{label}, while the lab ran", values[True])
        within = p95 < LAB_KEY_BUDGET_MS
        print(f"    p95 {'under' if within else 'over'} {LAB_KEY_BUDGET_MS:.0f} ms")
        ok = ok and within
    if page.locator("#bar-lab").is_visible():
        page.click("#bar-lab")
        page.wait_for_selector("body[data-screen='lab']", state="attached")
        if page.get_attribute("#lab", "data-state") == "running":
            page.click("#lab-cancel")
            page.wait_for_selector("#lab[data-state=cancelled]", state="attached")
        print(f"  back in the lab: {page.text_content('#lab-status')!r}")

    # The same presses with no lab running: what the table costs by itself on this machine.
    deal_default(page)
    handler, frame, _, elapsed = press_keys(page, presses, seed)
    print(f"  for comparison, no lab running: a new deal, the same {presses} presses in "
          f"{elapsed:.0f} s")
    key_figures("keydown -> handler done (ratscrewLatency), no lab", handler[False])
    key_figures("keydown -> next animation frame (rAF), no lab", frame[False])
    return verdict(ok, f"key-down to screen while the lab simulates: p95 "
                   f"{'under' if ok else 'NOT under'} {LAB_KEY_BUDGET_MS:.0f} ms")


def bench_lab(browser: Browser, base: str, games: int, presses: int, seed: int) -> bool:
    with open_page(browser, viewport={"width": 1400, "height": 900}) as page:
        visit(page, base)
        print(f"-- games per second: {games} games, classic, 4 normal bots, seed {LAB_SEED}",
              flush=True)
        speed = lab_speed(page, games, LAB_SEED)
        print(f"-- key-down to screen while the lab plays {LAB_LONG_GAMES:,} games", flush=True)
        keys = lab_keys(page, presses, seed)
    return speed and keys


# --------------------------------------------------------------------------- Lighthouse

LIGHTHOUSE_DIR = ROOT / "scripts" / "lighthouse"
"""An npm package of its own (Lighthouse is large), installed there on first use."""
LIGHTHOUSE_CLI = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
LIGHTHOUSE_PRESETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("mobile", ()),  # Lighthouse's default: a phone, slow 4G and a 4x slower CPU (simulated)
    ("desktop", ("--preset=desktop",)),
)
LIGHTHOUSE_CATEGORIES = (("performance", "perf"), ("accessibility", "a11y"),
                         ("best-practices", "best"), ("seo", "SEO"))
LIGHTHOUSE_COLUMNS = ("preset", "run", *(label for _, label in LIGHTHOUSE_CATEGORIES),
                      "LCP ms", "TBT ms", "CLS", "MB", "ready", "end")
LIGHTHOUSE_TIMEOUT_S = 300
# Headless, and off the network but for 127.0.0.1: browser_tools' flags for a browser that is
# not Playwright's own (no sandbox, no /dev/shm, no background traffic, no other host name).
# Each run adds a fresh --user-data-dir.
LIGHTHOUSE_CHROME_FLAGS = ("--headless=new", *browser_tools.SYSTEM_CHROMIUM_ARGS)
LIGHTHOUSE_LEGEND = (
    "LCP, TBT: Lighthouse's simulation of the preset (mobile: a phone, 1.6 Mbit/s and 150 ms",
    "RTT, the CPU 4x slower; desktop: 10 Mbit/s and 40 ms, no CPU slowdown). MB: total-byte-",
    "weight, as served here (uncompressed). ready, end: ms from navigation start to",
    "body[data-ready=\"true\"] and to the end of Lighthouse's trace, in this Chromium",
    "(unthrottled).",
)
READY_LOG = "[ratscrew] ready in "
"""How web/boot/loader.js's console line starts when it sets body[data-ready="true"]."""


class LighthouseError(RuntimeError):
    """Lighthouse could not run, or gave no report; the message says why (one line)."""


@dataclass(frozen=True)
class LighthouseFigures:
    """What one Lighthouse run says of the page. Scores 0-100, times in ms, bytes. LCP and TBT
    are Lighthouse's simulation of the preset's network and CPU; ``trace_end_ms`` and
    ``ready_ms`` are what happened in this Chromium (unthrottled), since navigation start.
    None: not in the report (an audit or a category Lighthouse could not compute)."""

    scores: dict[str, float | None]
    lcp_ms: float | None
    tbt_ms: float | None
    cls: float | None
    total_bytes: float | None
    trace_end_ms: float | None
    navigation_start_us: float | None
    """The navigation's start on the trace's clock (microseconds): where the page's log goes."""
    warnings: tuple[str, ...] = ()
    ready_ms: float | None = None
    """When the page set body[data-ready="true"]; None if not before the trace ended."""


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def lighthouse_figures(report: dict[str, Any]) -> LighthouseFigures:
    """The printed figures of a Lighthouse JSON report (``--output=json``)."""
    categories = report.get("categories", {})
    audits = report.get("audits", {})

    def audit(name: str) -> float | None:
        return _number(audits.get(name, {}).get("numericValue"))

    scores: dict[str, float | None] = {}
    for name, _ in LIGHTHOUSE_CATEGORIES:
        score = _number(categories.get(name, {}).get("score"))
        scores[name] = None if score is None else score * 100
    metrics = ((audits.get("metrics", {}).get("details") or {}).get("items") or [{}])[0]
    warnings = [first_sentence(str(warning)) for warning in report.get("runWarnings", [])]
    error = report.get("runtimeError")
    if error:  # a gatherer failed, but the report was written: the rest holds
        warnings.append(f"runtime error {error.get('code')}: {error.get('message')}")
    failed = sorted(name for name, result in audits.items() if result.get("errorMessage"))
    if failed:
        warnings.append(f"{len(failed)} audits failed: {', '.join(failed)}")
    lost = [f"{name} {ref['id']}" for name, _ in LIGHTHOUSE_CATEGORIES if name != "performance"
            for ref in categories.get(name, {}).get("auditRefs", [])
            if ref.get("weight") and (audits.get(ref["id"], {}).get("score") or 0) < 1]
    if lost:  # what the scores but performance's lost points on
        warnings.append(f"points lost on: {', '.join(lost)}")
    return LighthouseFigures(
        scores=scores,
        lcp_ms=audit("largest-contentful-paint"),
        tbt_ms=audit("total-blocking-time"),
        cls=audit("cumulative-layout-shift"),
        total_bytes=audit("total-byte-weight"),
        trace_end_ms=_number(metrics.get("observedTraceEnd")),
        navigation_start_us=_number(metrics.get("observedNavigationStartTs")),
        warnings=tuple(warnings),
    )


def first_sentence(text: str) -> str:
    """Up to the first ". " of ``text`` (Lighthouse's warnings go on with a link)."""
    head, dot, _ = text.partition(". ")
    return head + dot.strip()


def page_ready_at(devtools_log: Iterable[dict[str, Any]],
                  navigation_start_us: float | None) -> float | None:
    """Milliseconds from navigation start to the page's ready line in the console (READY_LOG),
    from Lighthouse's DevTools log (``--save-assets``); None when the page logged no such line
    before the run ended. A console message's time is wall-clock (ms since the epoch), the
    navigation's start is on the trace's clock: the page's own request, which has both
    (``wallTime`` and ``timestamp``, in seconds), ties the two."""
    if navigation_start_us is None:
        return None
    clocks: tuple[float, float] | None = None
    ready_wall_ms: float | None = None
    for event in devtools_log:
        method, params = event.get("method"), event.get("params", {})
        if (method == "Network.requestWillBeSent" and clocks is None
                and params.get("type") == "Document"):
            clocks = float(params["wallTime"]), float(params["timestamp"])
        elif method == "Runtime.consoleAPICalled" and ready_wall_ms is None:
            first = (params.get("args") or [{}])[0].get("value")
            if isinstance(first, str) and first.startswith(READY_LOG):
                ready_wall_ms = float(params["timestamp"])
    if clocks is None or ready_wall_ms is None:
        return None
    wall_s, trace_s = clocks
    return (trace_s + ready_wall_ms / 1000 - wall_s) * 1000 - navigation_start_us / 1000


def requests_elsewhere(devtools_log: Iterable[dict[str, Any]], base: str) -> list[str]:
    """The URLs requested (in Lighthouse's DevTools log) that are not under ``base``, but
    data: and blob: URLs."""
    urls = (event.get("params", {}).get("request", {}).get("url", "")
            for event in devtools_log if event.get("method") == "Network.requestWillBeSent")
    return [url for url in urls if not url.startswith((base, "data:", "blob:"))]


def median_figures(runs: list[LighthouseFigures]) -> LighthouseFigures:
    """Each figure's median over ``runs`` (those that have it)."""

    def median(values: Iterable[float | None]) -> float | None:
        known = [value for value in values if value is not None]
        return statistics.median(known) if known else None

    return LighthouseFigures(
        scores={name: median(run.scores[name] for run in runs)
                for name, _ in LIGHTHOUSE_CATEGORIES},
        lcp_ms=median(run.lcp_ms for run in runs),
        tbt_ms=median(run.tbt_ms for run in runs),
        cls=median(run.cls for run in runs),
        total_bytes=median(run.total_bytes for run in runs),
        trace_end_ms=median(run.trace_end_ms for run in runs),
        navigation_start_us=None,
        ready_ms=median(run.ready_ms for run in runs),
    )


def figures_cells(figures: LighthouseFigures) -> list[str]:
    """The table's cells for ``figures``, after the preset and the run ("-": not known)."""

    def cell(value: float | None, spec: str) -> str:
        return "-" if value is None else format(value, spec)

    megabytes = None if figures.total_bytes is None else figures.total_bytes / 1e6
    return [*(cell(figures.scores[name], ".0f") for name, _ in LIGHTHOUSE_CATEGORIES),
            cell(figures.lcp_ms, ".0f"), cell(figures.tbt_ms, ".0f"), cell(figures.cls, ".3f"),
            cell(megabytes, ".2f"), cell(figures.ready_ms, ".0f"),
            cell(figures.trace_end_ms, ".0f")]


def table_line(cells: Iterable[str]) -> str:
    first, *rest = cells
    return f"  {first:<8s}" + "".join(f"{cell:>7s}" for cell in rest)


def chrome_flags(flags: Iterable[str]) -> str:
    """Lighthouse's ``--chrome-flags``, one string that it splits as a command line: a value
    with spaces goes in double quotes."""
    quoted = []
    for flag in flags:
        name, equals, value = flag.partition("=")
        quoted.append(f'{name}="{value}"' if equals and " " in value else flag)
    return " ".join(quoted)


def ensure_lighthouse() -> tuple[str, str]:
    """Node's path and Lighthouse's version, once Lighthouse is installed in LIGHTHOUSE_DIR
    (``npm ci`` there when its node_modules is missing or differs from its lockfile)."""
    node = shutil.which("node")
    if node is None:
        raise LighthouseError("node is not installed: install Node.js 20 or newer")
    try:
        sitebuild.ensure_node_modules(LIGHTHOUSE_DIR)
    except sitebuild.SiteError as error:
        raise LighthouseError(str(error)) from None
    except (OSError, subprocess.CalledProcessError) as error:
        raise LighthouseError(f"npm ci in {LIGHTHOUSE_DIR} failed: {error}") from None
    package = LIGHTHOUSE_CLI.parent.parent / "package.json"
    if not LIGHTHOUSE_CLI.is_file() or not package.is_file():
        raise LighthouseError(f"no {LIGHTHOUSE_CLI} after npm ci in {LIGHTHOUSE_DIR}")
    return node, str(json.loads(package.read_text(encoding="utf-8"))["version"])


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "(no message)"


def run_lighthouse(node: str, chromium: str, url: str, preset: tuple[str, ...],
                   work: Path) -> LighthouseFigures:
    """One Lighthouse run over ``url``, its files (and Chromium's profile) in ``work``."""
    report_path = work / "report.json"
    flags = [*LIGHTHOUSE_CHROME_FLAGS, f"--user-data-dir={work / 'profile'}"]
    command = [node, str(LIGHTHOUSE_CLI), url, "--output=json", f"--output-path={report_path}",
               "--save-assets", "--no-enable-error-reporting",
               f"--chrome-flags={chrome_flags(flags)}", *preset]
    process = subprocess.Popen(command, cwd=LIGHTHOUSE_DIR,
                               env={**os.environ, "CHROME_PATH": chromium},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _, stderr = process.communicate(timeout=LIGHTHOUSE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)  # Lighthouse's launcher then closes its Chromium
        try:
            process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
        raise LighthouseError(f"Lighthouse did not finish in {LIGHTHOUSE_TIMEOUT_S} s") from None
    failed = f"Lighthouse failed (exit code {process.returncode}): {last_line(stderr)}"
    if not report_path.is_file():
        raise LighthouseError(failed)
    report = json.loads(report_path.read_text(encoding="utf-8"))
    figures = lighthouse_figures(report)
    if all(score is None for score in figures.scores.values()):
        raise LighthouseError(failed)
    log: list[dict[str, Any]] = []
    for path in work.glob("*.devtoolslog.json"):
        log = json.loads(path.read_text(encoding="utf-8"))
    if not log:
        return replace(figures, warnings=(*figures.warnings, "no DevTools log to read"))
    elsewhere = requests_elsewhere(log, url)
    warnings = figures.warnings
    if elsewhere:
        warnings += (f"{len(elsewhere)} requests not to {url}: {', '.join(elsewhere[:3])}",)
    return replace(figures, ready_ms=page_ready_at(log, figures.navigation_start_us),
                   warnings=warnings)


def bench_lighthouse(chromium: str, base: str, runs: int) -> bool:
    """Lighthouse over the page, ``runs`` times with each preset: the table of figures. False
    (and one line saying why) when Lighthouse cannot run."""
    try:
        if not Path(chromium).is_file():  # else Lighthouse would look for a Chrome itself
            raise LighthouseError(f"no Chromium at {chromium}")
        node, version = ensure_lighthouse()
        print(f"Lighthouse {version}; Chromium {chromium}", flush=True)
        print(table_line(LIGHTHOUSE_COLUMNS), flush=True)
        notes: list[str] = []
        for name, preset in LIGHTHOUSE_PRESETS:
            done: list[LighthouseFigures] = []
            for run in range(runs):
                with tempfile.TemporaryDirectory(prefix="ratscrew-lighthouse-",
                                                 ignore_cleanup_errors=True) as work:
                    figures = run_lighthouse(node, chromium, base, preset, Path(work))
                done.append(figures)
                print(table_line([name, str(run + 1), *figures_cells(figures)]), flush=True)
                notes += [f"{name} run {run + 1}: {warning}" for warning in figures.warnings]
                if figures.ready_ms is None:
                    notes.append(f"{name} run {run + 1}: no {READY_LOG.strip()!r} line in the "
                                 "console before Lighthouse's trace ended")
            if runs > 1:
                print(table_line([name, "median", *figures_cells(median_figures(done))]))
    except LighthouseError as error:
        return verdict(False, f"Lighthouse: {error}")
    for line in LIGHTHOUSE_LEGEND:
        print(f"  {line}")
    for note in notes:
        print(f"  !! {note}")
    return True


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="unthrottled cold starts of each page (5)")
    parser.add_argument("--throttle-runs", type=int, default=3,
                        help="cold starts of each page at 20 Mbit/s (3)")
    parser.add_argument("--cold-runs", type=int, default=5,
                        help="cold starts at each CPU rate in the coldtasks section (5)")
    parser.add_argument("--presses", type=int, default=300, help="key presses (300)")
    parser.add_argument("--players", type=int, default=6, choices=range(2, 9),
                        metavar="N", help="players at the keys section's table (6)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the press pattern (1)")
    parser.add_argument("--lab-games", type=int, default=300,
                        help="games timed in the lab and in CPython (300)")
    parser.add_argument("--lab-presses", type=int, default=150,
                        help="key presses while the lab runs (150)")
    parser.add_argument("--lighthouse-runs", type=int, default=1,
                        help="Lighthouse runs with each preset (1); more print medians")
    parser.add_argument("--only", choices=SECTIONS, help="run one section")
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    parser.add_argument("--site", type=Path, metavar="DIR",
                        help="serve this built site (never built here); default _site/")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]

    site: Path = args.site.resolve() if args.site else sitebuild.SITE
    if args.site is None and not args.no_build:
        sitebuild.build()
    sections = SECTIONS if args.only is None else (args.only,)
    results: dict[str, bool] = {}
    with sync_playwright() as playwright:
        options: dict[str, Any] | None = browser_tools.launch_options(
            playwright.chromium.executable_path
        )
        if options is None:
            sys.exit(browser_tools.NO_CHROMIUM)
        browser = playwright.chromium.launch(**options)
        print(f"Chromium {browser.version}, site {site}", flush=True)
        with browser_tools.serving(site) as base:
            if "start" in sections:
                print("\n== cold start to ready: ratscrew against bare PyScript", flush=True)
                plan = [(UNTHROTTLED, args.runs), (MBIT_20, args.throttle_runs)]
                results["start"] = bench_start(browser, base, site, plan)
            if "coldtasks" in sections:
                print("\n== a cold start's long tasks, navigation to ready (no cache, no "
                      "service worker, no snapshot)", flush=True)
                results["coldtasks"] = bench_coldtasks(browser, base, args.cold_runs)
            if "offline" in sections:
                print("\n== repeat visit served by the service worker", flush=True)
                results["offline"] = bench_offline(browser, base, site)
            if "setup" in sections:
                print(f"\n== setup screen responds to a click, {MBIT_20.name}, cold",
                      flush=True)
                results["setup"] = bench_setup(browser, base, args.throttle_runs)
            if "keys" in sections:
                print(f"\n== key to screen, {args.players} players (one human, "
                      f"{args.players - 1} bots, speed 1)", flush=True)
                results["keys"] = bench_keys(browser, base, args.presses, args.seed,
                                             args.players)
            if "lab" in sections:
                print("\n== the statistics lab: games per second against CPython, keys while "
                      "it runs", flush=True)
                results["lab"] = bench_lab(browser, base, args.lab_games, args.lab_presses,
                                           args.seed)
            if "lighthouse" in sections:
                print("\n== Lighthouse: mobile (its default) and desktop (--preset=desktop)",
                      flush=True)
                chromium = options.get("executable_path", playwright.chromium.executable_path)
                results["lighthouse"] = bench_lighthouse(chromium, base, args.lighthouse_runs)
        browser.close()
    print("\n" + ", ".join(f"{name}: {'PASS' if ok else 'FAIL'}" for name, ok in results.items()))
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
