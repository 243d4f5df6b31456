"""``start``: our page's cold start against a bare PyScript page's.

Cold start to ready, per network condition. Our page (``body[data-ready="true"]``,
set once the setup screen is up) against a bare PyScript page on the same self-hosted runtime
(a one-line main.py that sets the same attribute, and Pyodide's own standard library),
written into ``<site>/_bench_bare/`` for the run and removed afterwards. Each run opens a
fresh browser context (service workers allowed, as on a real first visit); the pages
alternate. Prints each run, the medians and the ratio ours / bare, and what each page
downloaded by ready: the bytes sent (gzip-compressed as GitHub Pages compresses them) and
uncompressed; PASS when the ratio is at most 1.0 (ours no slower than bare PyScript).
"""

from __future__ import annotations

import shutil
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sitebuild
from playwright.sync_api import Browser

from .common import UNTHROTTLED, Downloads, Network, downloads, open_page, verdict, visit

START_BUDGET = 1.0
"""Our page may take at most as long to be ready as a bare PyScript page."""

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


def cold_start(browser: Browser, url: str, network: Network) -> tuple[float, Downloads]:
    """Milliseconds from navigation start to ready, in a fresh context, and what the page
    downloaded by then."""
    with open_page(browser, network) as page:
        ready = visit(page, url)
        return ready, downloads(page, ready)


def compare_start(browser: Browser, pages: dict[str, str], network: Network,
                  runs: int) -> bool:
    print(f"-- {network.name}", flush=True)
    times: dict[str, list[float]] = {name: [] for name in pages}
    downloaded: dict[str, Downloads] = {}
    for run in range(runs):
        order = list(pages) if run % 2 == 0 else list(reversed(pages))
        for name in order:
            ready, downloaded[name] = cold_start(browser, pages[name], network)
            times[name].append(ready)
        print(f"  run {run + 1}: ratscrew {times['ratscrew'][-1]:6.0f} ms, "
              f"bare {times['bare'][-1]:6.0f} ms", flush=True)
    ours = statistics.median(times["ratscrew"])
    bare = statistics.median(times["bare"])
    ratio = ours / bare
    print(f"cold start to ready, {network.name}, median of {runs}: ratscrew {ours:.0f} ms, "
          f"bare PyScript {bare:.0f} ms, ratio {ratio:.3f} ({(ratio - 1) * 100:+.1f}%)")
    for name, label in (("ratscrew", "ratscrew"), ("bare", "bare PyScript")):
        print(f"  {label} downloads to ready: {downloaded[name].line()}")
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

