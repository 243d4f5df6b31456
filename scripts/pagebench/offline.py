"""``offline``: a repeat visit served by the service worker.

A repeat visit served by the service worker, per network condition. In one
fresh context: our page's first (cold) visit to ready; then until the worker is activated and
its precache holds every entry of the list in ``<site>/sw.js``, and until the page's Python
snapshot is made (``window.ratscrewSnapshotMaking``, see web/boot/pyodide_boot.mjs: "stored", or
a failure, which is printed); then a second visit to ready, which must be controlled by the
worker. Prints both times, how many responses the worker served, whether Python started
from the snapshot, and the ratio repeat / cold; PASS when at most 0.60.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import browser_tools
import sitebuild
from playwright.sync_api import Browser, Page, Response

from .common import NETWORKS, Network, open_page, verdict, visit

REPEAT_BUDGET = 0.60
"""A repeat visit served by the service worker: at most 60% of a cold start."""
PRECACHE_TIMEOUT_MS = 120_000


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

