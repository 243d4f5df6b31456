"""Offline (issue 13, points 4 and 7), in a real (headless) Chromium: after one visit the
service worker (sw.js, written by scripts/build from web/sw.js with Workbox) has the whole
site, runtime included, and the page starts and plays with no network at all.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from e2e_table import link
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.e2e

WAIT_MS = 60_000


def wait_for_offline_cache(page: Page) -> None:
    """Until the service worker is active (its install, which caches every file, is done)."""
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.getRegistration()"
        ".then(r => !!(r && r.active && r.active.state === 'activated'))",
        timeout=WAIT_MS,
    )


def test_an_all_bot_game_plays_to_its_winner_with_no_network(
    context: BrowserContext, page: Page, open_site: Callable[..., str], site_url: str
) -> None:
    assert open_site() == "true", page.inner_text("#boot")
    wait_for_offline_cache(page)
    context.set_offline(True)
    # Any request that still reached the network would fail: count them.
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    table = link({"variant": "kurs", "players": 4, "bots": "all", "seed": 7,
                  "speed": "instant", "autostart": 1})
    page.goto(site_url + table)
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=WAIT_MS)
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    page.wait_for_selector("body[data-winner]", state="attached", timeout=WAIT_MS)
    assert failed == []
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate("!!navigator.serviceWorker.controller")
