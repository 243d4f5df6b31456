"""``lighthouse``: Lighthouse over the page, mobile and desktop.

Lighthouse (the npm package, pinned in scripts/lighthouse/package.json and installed there
with ``npm ci`` on first use, apart from the site's own packages) over the page, with its
mobile preset (its default: a phone, slow 4G, the CPU 4x slower; network and CPU simulated
from an unthrottled load) and ``--preset=desktop``, ``--lighthouse-runs`` times each (medians
when more than one). The CLI runs the same Chromium as the other sections (``CHROME_PATH``),
headless, with a fresh profile and off the network but for 127.0.0.1. Prints a table: the four
category scores (performance, accessibility, best practices, SEO), LCP, TBT, CLS, the bytes
downloaded (total-byte-weight: as the local server sends them, gzip-compressed where GitHub
Pages compresses), and, to show that the run covers the page's start, when the page was ready
(body[data-ready="true"], from web/boot/loader.js's console line in Lighthouse's DevTools log)
and when Lighthouse's trace ended, in ms from navigation start. No budget: FAIL only when
Lighthouse cannot run (one line saying why).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import browser_tools
import sitebuild

from .common import verdict

LIGHTHOUSE_DIR = sitebuild.ROOT / "scripts" / "lighthouse"
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
    "weight, as served here (gzip where GitHub Pages compresses). ready, end: ms from",
    "navigation start to body[data-ready=\"true\"] and to the end of Lighthouse's trace, in",
    "this Chromium (unthrottled).",
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

