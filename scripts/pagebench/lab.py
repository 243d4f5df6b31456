"""``lab``: the statistics lab against the command line.

The statistics lab against the command line, on this machine in the same run. First
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
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import sitebuild
from playwright.sync_api import Browser, Page

from .common import open_page, percentile, verdict, visit, wait_number
from .keys import FRAME_INTERVALS, FRAME_PROBE, choose_key, keep_playing

LAB_RATIO_BUDGET = 3.0
"""The lab's games per second: CPython's at most 3 times the page's."""
LAB_KEY_BUDGET_MS = 50.0
"""Key-down to screen on the table while the lab simulates: p95 under 50 ms."""
LAB_SEED = 7
LAB_LONG_GAMES = 5000
LAB_TIMEOUT_MS = 600_000
LAB_STATS = ("games", "cards_played", "tricks", "wins", "loops", "capped", "slaps_right",
             "slaps_wrong", "mean_cards_per_game")

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
    done = subprocess.run(command, cwd=sitebuild.ROOT, capture_output=True, text=True, check=False)
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

