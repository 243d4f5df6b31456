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

Sections, each a module of scripts/pagebench/ whose docstring says what it measures, prints
and judges:

* ``start`` (pagebench/start.py): cold start to ready, ours against a bare PyScript page, per
  network condition, with the bytes each start downloads (sent compressed, and uncompressed);
  PASS when ours is no slower.
* ``languages`` (pagebench/languages.py): a cold start in English, French, Spanish and German,
  per network condition, with the catalogue files each downloads; PASS when each downloads its
  own language's only and is ready within 8% of English.
* ``coldtasks`` (pagebench/coldtasks.py): a cold start's long tasks on the main thread, the
  CPU unthrottled and 4x slower, and the bytes the start downloads (sent compressed, and
  uncompressed) with what they take at 20 Mbit/s; figures to compare, no budget.
* ``offline`` (pagebench/offline.py): a repeat visit served by the service worker; PASS when
  at most 60% of the cold start.
* ``setup`` (pagebench/setup_click.py): at 20 Mbit/s, cold, how soon the setup form shows the
  effect of a click; PASS within 500 ms of navigation.
* ``keys`` (pagebench/keys.py): key-down to screen at a table of bots; PASS when the p95 is
  within one frame.
* ``lab`` (pagebench/lab.py): the statistics lab's games per second against CPython's, and
  key-down to screen while it simulates.
* ``lighthouse`` (pagebench/lighthouse.py): Lighthouse's scores and figures, mobile and
  desktop.

The site is served as GitHub Pages serves it: gzip-compressed where Pages compresses, to a
browser that accepts it (scripts/sitebuild/server.py).

Exit code 1 when any figure is over its budget, or Lighthouse cannot run (FAIL), else 0.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import browser_tools

browser_tools.use_venv_python(__file__)

import sitebuild  # noqa: E402
from pagebench.coldtasks import bench_coldtasks  # noqa: E402
from pagebench.common import MBIT_20, UNTHROTTLED  # noqa: E402
from pagebench.keys import bench_keys  # noqa: E402
from pagebench.lab import bench_lab  # noqa: E402
from pagebench.languages import bench_languages  # noqa: E402
from pagebench.lighthouse import bench_lighthouse  # noqa: E402
from pagebench.offline import bench_offline  # noqa: E402
from pagebench.setup_click import bench_setup  # noqa: E402
from pagebench.start import bench_start  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

SECTIONS = ("start", "languages", "coldtasks", "offline", "setup", "keys", "lab", "lighthouse")


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
        browser, chromium = browser_tools.launch_chromium(playwright)
        print(f"Chromium {browser.version}, site {site}", flush=True)
        with browser_tools.serving(site) as base:
            if "start" in sections:
                print("\n== cold start to ready: ratscrew against bare PyScript", flush=True)
                plan = [(UNTHROTTLED, args.runs), (MBIT_20, args.throttle_runs)]
                results["start"] = bench_start(browser, base, site, plan)
            if "languages" in sections:
                print("\n== cold start to ready in each language: its catalogue only",
                      flush=True)
                plan = [(UNTHROTTLED, args.runs), (MBIT_20, args.throttle_runs)]
                results["languages"] = bench_languages(browser, base, plan)
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
                results["lighthouse"] = bench_lighthouse(chromium, base, args.lighthouse_runs)
        browser.close()
    print("\n" + ", ".join(f"{name}: {'PASS' if ok else 'FAIL'}" for name, ok in results.items()))
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
