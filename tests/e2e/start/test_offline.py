"""Offline, in a real (headless) Chromium: after one visit the
service worker (sw.js, written by scripts/build from web/boot/sw.js with Workbox) has the whole
site, runtime included, and the page starts and plays with no network at all; and a new build
replaces the old cache without ever mixing the two versions in a page (a copy of the site,
changed and rebuilt as a deploy would, served on a port of its own).
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_table import link
from playwright.sync_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))

import sitebuild  # noqa: E402
from browser_tools import poll_until, serving  # noqa: E402

pytestmark = pytest.mark.e2e

WAIT_MS = 60_000


def wait_for_offline_cache(page: Page) -> None:
    """Until the service worker is active (its install, which caches every file, is done)."""
    registration(page, "r.active && r.active.state === 'activated'")


def registration(page: Page, condition: str) -> None:
    """Until the service worker's registration ``r`` meets ``condition`` (a JS expression)."""
    poll(page, "navigator.serviceWorker && navigator.serviceWorker.getRegistration()"
               f".then(r => !!(r && {condition}))")


def poll(page: Page, expression: str) -> None:
    """Until ``expression`` (which may give a promise) is true."""
    assert poll_until(page, expression, timeout_ms=WAIT_MS), (
        f"still false: {expression}; {page.evaluate(WORKERS)}")


WORKERS = """
async () => {
  // The service workers' states, for a failure's message.
  const r = navigator.serviceWorker && await navigator.serviceWorker.getRegistration();
  const state = (w) => w ? w.state : 'none';
  return r ? `installing ${state(r.installing)}, waiting ${state(r.waiting)}, active `
    + `${state(r.active)}, this page controlled: ${!!navigator.serviceWorker.controller}`
    : 'no registration';
}
"""


TABLE_STATE = """
() => {
  // Where a table stands, for a failure's message.
  const text = (selector) => (document.querySelector(selector)?.textContent || "").trim();
  const log = [...document.querySelectorAll('#log li')].slice(0, 5).map((li) => li.textContent);
  return JSON.stringify({body: {...document.body.dataset}, headline: text('.headline'),
    notices: text('#notices'), decision: text('[data-zone=decision]'), log,
    speed: document.querySelector('#speed')?.value});
}
"""


def in_service_worker(context: BrowserContext, expression: str) -> None:
    """Until ``expression`` (which may give a promise) is true in one of the site's service
    workers: what they see with no page open, where a page cannot look."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        seen = []
        for worker in context.service_workers:
            try:
                seen.append(worker.evaluate(expression))
            except Exception:  # a worker the browser stopped meanwhile
                continue
        if any(result is True for result in seen):
            return
        assert time.monotonic() < deadline, f"still not true: {expression}: {seen}"
        time.sleep(0.2)


@pytest.fixture
def sw_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context that allows service workers (the other browser tests block them)."""
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


def test_an_all_bot_game_plays_to_its_winner_with_no_network(
    sw_context: BrowserContext, site_url: str
) -> None:
    page = sw_context.new_page()
    page.goto(site_url)
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    wait_for_offline_cache(page)
    # and for the Python snapshot that the next start uses (web/boot/pyodide_boot.mjs), which a
    # worker makes with the runtime's files from the network (this page is not controlled)
    poll(page, "window.ratscrewSnapshotMaking === 'stored'")
    sw_context.set_offline(True)
    # Any request that still reached the network would fail: count them.
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = link({"variant": "kurs", "players": 4, "bots": "all", "seed": 7,
                  "speed": "instant", "autostart": 1})
    page.goto(site_url + table)
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    assert poll_until(page, "document.body.hasAttribute('data-winner')", timeout_ms=WAIT_MS), (
        f"no winner yet: {page.evaluate(TABLE_STATE)}; failed requests: {failed}; "
        f"errors: {errors}")
    assert failed == []
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("!!navigator.serviceWorker.controller")
    # From the cache, the loader starts no download of its own (Pyodide fetches the .wasm
    # itself, so the browser can reuse the code it compiled).
    assert page.evaluate("ratscrewBoot.bytes()") == [0, 0]
    assert page.evaluate("window.ratscrewSnapshot") == "used"


CACHED_STYLE = """
async () => {
  // What the offline cache holds for web/shell/style.css: its revisions and the text it serves.
  const revisions = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/web/shell/style.css')) {
        revisions.push(url.searchParams.get('__WB_REVISION__'));
      }
    }
  }
  const served = await (await fetch('web/shell/style.css')).text();
  return [revisions.sort(), served.slice(-60)];
}
"""


def test_a_new_build_replaces_the_old_cache_once_its_pages_are_closed(
    sw_context: BrowserContext, site_dir: Path, tmp_path: Path
) -> None:
    """A deploy changes a file: an open page keeps the version it started with (never a mix);
    the next start, once the old pages are closed, runs the new build, and the old version's
    entries are gone from the cache."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site, symlinks=False)
    style = site / "web" / "shell" / "style.css"
    with serving(site) as base:
        page = sw_context.new_page()
        page.goto(base)
        page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
        wait_for_offline_cache(page)
        # and for the Python snapshot, so that no later page of this version runs the worker
        # that makes it (a page's worker, and its downloads, belong to the old version too)
        poll(page, "window.ratscrewSnapshotMaking === 'stored'")
        page.reload()  # now served by the worker
        page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
        assert page.evaluate("window.ratscrewSnapshot") == "used"
        old_revisions, old_text = page.evaluate(CACHED_STYLE)
        assert len(old_revisions) == 1

        # The new deploy: one file changes, and the build writes a new worker.
        style.write_text(style.read_text(encoding="utf-8") + "\n/* the new deploy */\n",
                         encoding="utf-8")
        sitebuild.write_service_worker(site)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        registration(page, "r.waiting")
        # The open page still gets the version it started with.
        assert page.evaluate(CACHED_STYLE)[1] == old_text

        page.close()  # the old version's last page: the new worker takes over
        # once the browser has ended the page's clients, a moment later (a page opened before
        # that would still count as the old version's, and keep the new one waiting)
        in_service_worker(sw_context, "self.clients.matchAll({includeUncontrolled: true,"
                                      " type: 'all'}).then(found => found.length === 0"
                                      " && !self.registration.waiting"
                                      " && self.registration.active.state === 'activated')")
        page = sw_context.new_page()
        page.goto(base)
        page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
        registration(page, "r.active && !r.waiting && r.active.state === 'activated'")
        poll(page, f"({CACHED_STYLE})().then(([revs, text]) => revs.length === 1"
                   f" && !revs.includes({old_revisions[0]!r}) && text.includes('the new deploy'))")
        page.close()


SNAPSHOT_KEYS = """
async () => {
  const cache = await caches.open('ratscrew-python-snapshot');
  return (await cache.keys()).map((request) => request.url.split('/').pop());
}
"""

SPOIL_SNAPSHOT = """
async () => {
  const cache = await caches.open('ratscrew-python-snapshot');
  const [request] = await cache.keys();
  await cache.put(request, new Response(new Uint8Array(4096).fill(7)));
}
"""


def fresh_seed(page: Page) -> str:
    """The seed "Copy link" picks for an empty seed field (random, from the page's Python)."""
    page.fill("#setup-seed", "")
    page.click("#setup-copy")
    return page.input_value("#setup-seed")


def test_repeat_visits_start_python_from_a_snapshot(
    sw_context: BrowserContext, site_url: str
) -> None:
    """After a first visit, a worker keeps a memory snapshot of a started Pyodide; later visits
    start Python from it (a fraction of the usual start), play a game to its end, and still
    pick new random seeds (random's state is in the snapshot: the page reseeds it)."""
    page = sw_context.new_page()
    page.goto(site_url)
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    assert page.evaluate("window.ratscrewSnapshot") == "none"
    poll(page, "window.ratscrewSnapshotMaking === 'stored'")
    keys = page.evaluate(SNAPSHOT_KEYS)
    assert len(keys) == 1 and keys[0].startswith("snapshot-"), keys
    seeds = set()
    for _ in range(2):
        page.reload()
        page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
        assert page.evaluate("window.ratscrewSnapshot") == "used"
        assert page.evaluate("window.ratscrewSnapshotMaking") is None  # nothing to make
        seeds.add(fresh_seed(page))
    assert len(seeds) == 2, seeds
    page.goto(site_url + link({"variant": "slae", "players": 3, "bots": "all", "seed": 5,
                               "speed": "instant", "autostart": 1}))
    page.wait_for_selector("body[data-winner]", state="attached", timeout=WAIT_MS)
    assert page.evaluate("window.ratscrewSnapshot") == "used"


def test_a_snapshot_that_does_not_start_is_replaced(
    sw_context: BrowserContext, site_url: str
) -> None:
    """A spoilt snapshot (a bad write, another Pyodide under the same name) costs one normal
    start: it is deleted, Python starts the usual way, and a good one is made again."""
    page = sw_context.new_page()
    page.goto(site_url)
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    poll(page, "window.ratscrewSnapshotMaking === 'stored'")
    page.evaluate(SPOIL_SNAPSHOT)
    page.reload()
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    assert page.evaluate("window.ratscrewSnapshot") == "failed"
    expect(page.locator("#boot-error")).to_be_hidden()
    poll(page, "window.ratscrewSnapshotMaking === 'stored'")
    page.reload()
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    assert page.evaluate("window.ratscrewSnapshot") == "used"
