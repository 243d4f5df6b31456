"""scripts/bench_page.py's Lighthouse section: what it reads from Lighthouse's JSON report and
DevTools log, on small hand-made samples (no test runs Lighthouse)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from pagebench import lighthouse  # noqa: E402

REPORT: dict[str, Any] = {
    "lighthouseVersion": "12.2.3",
    "runWarnings": ["The tested device appears to have a slower CPU than Lighthouse expects. "
                    "Learn more about [calibrating](https://example.invalid/)."],
    "categories": {
        "performance": {"score": 0.35},
        "accessibility": {"score": 1},
        "best-practices": {"score": 0.82, "auditRefs": [
            {"id": "deprecations", "weight": 5}, {"id": "doctype", "weight": 1},
            {"id": "valid-source-maps", "weight": 0}]},
        "seo": {"score": None, "auditRefs": [{"id": "robots-txt", "weight": 1}]},
    },
    "audits": {
        "largest-contentful-paint": {"numericValue": 3298.8},
        "total-blocking-time": {"numericValue": 11762.1},
        "cumulative-layout-shift": {"numericValue": 0.0817},
        "total-byte-weight": {"numericValue": 14937829},
        "metrics": {"details": {"items": [{
            "observedTraceEnd": 5526,
            "observedNavigationStartTs": 49_999_000,
        }]}},
        "layout-shifts": {"score": None, "errorMessage": "Cannot read properties of undefined"},
        "deprecations": {"score": 0},
        "doctype": {"score": 1},
        "valid-source-maps": {"score": 0},
        "robots-txt": {"score": None, "errorMessage": "no robots.txt in 2 s"},
    },
}

NAVIGATION_START_US = 49_999_000.0  # 1 ms before the page's request (timestamp 50 s)
DEVTOOLS_LOG: list[dict[str, Any]] = [
    {"method": "Network.requestWillBeSent", "params": {
        "type": "Document", "wallTime": 1_700_000_000.0, "timestamp": 50.0,
        "request": {"url": "http://127.0.0.1:8123/"}}},
    {"method": "Network.requestWillBeSent", "params": {
        "type": "Script", "wallTime": 1_700_000_000.5, "timestamp": 50.5,
        "request": {"url": "http://127.0.0.1:8123/web/boot/loader.js"}}},
    {"method": "Runtime.consoleAPICalled", "params": {
        "type": "debug", "timestamp": 1_700_000_003_000.0,
        "args": [{"type": "string", "value": "[pyscript/main] PyScript Ready"}]}},
    {"method": "Runtime.consoleAPICalled", "params": {
        "type": "info", "timestamp": 1_700_000_004_000.0,
        "args": [{"type": "string", "value": "[ratscrew] ready in 3950 ms"}]}},
    {"method": "Network.requestWillBeSent", "params": {
        "type": "Image", "wallTime": 1_700_000_004.5, "timestamp": 54.5,
        "request": {"url": "data:image/png;base64,AAAA"}}},
]


def test_figures_of_a_report() -> None:
    figures = lighthouse.lighthouse_figures(REPORT)
    assert figures.scores == {"performance": pytest.approx(35), "accessibility": 100,
                              "best-practices": pytest.approx(82), "seo": None}
    assert figures.lcp_ms == pytest.approx(3298.8)
    assert figures.tbt_ms == pytest.approx(11762.1)
    assert figures.cls == pytest.approx(0.0817)
    assert figures.total_bytes == 14937829
    assert figures.trace_end_ms == 5526
    assert figures.navigation_start_us == NAVIGATION_START_US
    assert figures.ready_ms is None  # from the DevTools log, not the report
    assert figures.warnings == (
        "The tested device appears to have a slower CPU than Lighthouse expects.",
        "2 audits failed: layout-shifts, robots-txt",
        "points lost on: best-practices deprecations, seo robots-txt",
    )
    cells = lighthouse.figures_cells(figures)
    assert cells == ["35", "100", "82", "-", "3299", "11762", "0.082", "14.94", "-", "5526"]
    assert len(cells) + 2 == len(lighthouse.LIGHTHOUSE_COLUMNS)


def test_a_report_without_figures() -> None:
    """A run that failed early: a runtime error, no scores, no audits."""
    figures = lighthouse.lighthouse_figures({
        "runtimeError": {"code": "NO_FCP", "message": "The page did not paint any content."},
        "categories": {"performance": {"score": None}},
        "audits": {},
    })
    assert all(score is None for score in figures.scores.values())
    assert figures.lcp_ms is figures.trace_end_ms is figures.navigation_start_us is None
    assert figures.warnings == ("runtime error NO_FCP: The page did not paint any content.",)
    assert lighthouse.figures_cells(figures) == ["-"] * 10


def test_ready_moment_from_the_devtools_log() -> None:
    # The page's request at wall 1_700_000_000 s = trace 50 s; the ready line 4 s later on the
    # wall clock: trace 54 s, 4001 ms after the navigation's start (49.999 s).
    ready = lighthouse.page_ready_at(DEVTOOLS_LOG, NAVIGATION_START_US)
    assert ready == pytest.approx(4001)
    assert lighthouse.page_ready_at(DEVTOOLS_LOG, None) is None
    no_ready = [event for event in DEVTOOLS_LOG if "ratscrew" not in str(event)]
    assert lighthouse.page_ready_at(no_ready, NAVIGATION_START_US) is None
    no_page = [event for event in DEVTOOLS_LOG if event["params"].get("type") != "Document"]
    assert lighthouse.page_ready_at(no_page, NAVIGATION_START_US) is None


def test_requests_elsewhere() -> None:
    base = "http://127.0.0.1:8123/"
    assert lighthouse.requests_elsewhere(DEVTOOLS_LOG, base) == []
    away = {"method": "Network.requestWillBeSent",
            "params": {"request": {"url": "https://example.invalid/x.js"}}}
    assert lighthouse.requests_elsewhere([*DEVTOOLS_LOG, away], base) == [
        "https://example.invalid/x.js"]


def test_median_of_runs() -> None:
    one = lighthouse.lighthouse_figures(REPORT)
    faster = lighthouse.LighthouseFigures(
        scores={"performance": 45.0, "accessibility": 100.0, "best-practices": 82.0,
                "seo": 100.0},
        lcp_ms=2000.0, tbt_ms=None, cls=0.0, total_bytes=14937829.0, trace_end_ms=5000.0,
        navigation_start_us=None, ready_ms=4000.0)
    median = lighthouse.median_figures([one, faster])
    assert median.scores == {"performance": pytest.approx(40), "accessibility": 100,
                             "best-practices": pytest.approx(82), "seo": 100}
    assert median.lcp_ms == pytest.approx(2649.4)
    assert median.tbt_ms == pytest.approx(11762.1)  # the one run that has it
    assert median.ready_ms == 4000.0
    assert median.trace_end_ms == 5263


def test_chrome_flags_quote_values_with_spaces() -> None:
    flags = ["--headless=new", "--no-sandbox",
             "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
    assert lighthouse.chrome_flags(flags) == (
        '--headless=new --no-sandbox --host-resolver-rules="MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"')


def test_lighthouse_package_is_pinned_and_its_lock_has_no_download_addresses() -> None:
    """scripts/lighthouse, installed by the section on first use (never by npm ci at the root)."""
    folder = lighthouse.LIGHTHOUSE_DIR
    package = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    assert package.get("private") is True
    assert {**package.get("dependencies", {}), **package.get("devDependencies", {})} == {
        "lighthouse": "12.2.3"}
    lock = json.loads((folder / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/lighthouse"]["version"] == "12.2.3"
    assert not [name for name, entry in lock["packages"].items() if "resolved" in entry]
    assert "omit-lockfile-registry-resolved=true" in (folder / ".npmrc").read_text(
        encoding="utf-8").split()
    root = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert "lighthouse" not in {**root.get("dependencies", {}), **root.get("devDependencies", {})}
