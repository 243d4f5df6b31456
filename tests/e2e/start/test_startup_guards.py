"""Nothing stored or linked stops the page from starting, in a real (headless) Chromium: Pyodide's
stack is far smaller than CPython's, so JSON nested a few thousand levels deep, parsed as it comes,
stops Python for good ("Maximum call stack size exceeded") instead of raising. Saved settings
and a link's option values are bounded in size and nesting before they are parsed
(ratscrew/core/safe_json.py): each gives a notice and a working page, and an unreadable saved
setting is dropped. If start-up fails anyway, the error panel
offers "Reset saved settings and reload".
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from e2e_table import link
from playwright.sync_api import Page, Route, expect

from web.model.settings import RESET_NOTICE, STORAGE_KEY

pytestmark = pytest.mark.e2e

DEPTH = 20_000
"""Deep enough to stop Pyodide's Python when parsed by recursion, within the size limits."""


def store_once(page: Page, text: str) -> None:
    """Put ``text`` in the saved settings before the page's first start (not at a reload)."""
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(text)}); }}"
    )


def stored(page: Page) -> str | None:
    value = page.evaluate(f"localStorage.getItem({json.dumps(STORAGE_KEY)})")
    return value if isinstance(value, str) else None


@pytest.mark.usefixtures("clean_page")
def test_a_deeply_nested_saved_setting_gives_a_notice_and_is_dropped(
    page: Page, open_site: Callable[..., str]
) -> None:
    nested = '{"version": 1, "keys": ' + "[" * DEPTH + "]" * DEPTH + "}"
    store_once(page, nested)
    assert open_site() == "true", page.inner_text("#boot")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#notices li", has_text=RESET_NOTICE)).to_be_visible()
    # Dropped: the cleaned settings took its place, so the next start has nothing to say.
    saved = stored(page)
    assert saved is not None and len(saved) < 10_000
    assert json.loads(saved)["version"] == 1
    page.reload()
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=60_000)
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#notices li", has_text=RESET_NOTICE)).to_have_count(0)


@pytest.mark.usefixtures("clean_page")
def test_a_deeply_nested_link_gives_a_notice_and_a_working_page(
    page: Page, open_site: Callable[..., str]
) -> None:
    # A link is read whole by the server too (about 64 KB): 6,000 levels, escaped, fit.
    deep = 6_000
    options = f"penalty:{'[' * deep + ']' * deep};slaps:{'[' * deep}"
    query = link({"variant": "classic", "players": 3, "options": options})
    assert open_site(query) == "true", page.inner_text("#boot")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    too_deep = "its value is too long or nested too deeply"
    expect(page.locator("#notices li", has_text=f"'penalty': {too_deep}")).to_be_visible()
    expect(page.locator("#notices li", has_text=f"'slaps': {too_deep}")).to_be_visible()
    # The rest of the link is used, and the page plays.
    expect(page.locator("#setup-players")).to_have_value("3")
    page.locator("#setup-start").click()
    expect(page.locator("body")).to_have_attribute("data-screen", "table")


def test_a_failed_start_offers_to_reset_the_saved_settings(
    page: Page, open_site: Callable[..., str]
) -> None:
    store_once(page, json.dumps({"version": 1, "projector": True}))

    def broken(route: Route) -> None:
        route.fulfill(status=200, content_type="text/x-python",
                      body="raise RuntimeError('a start-up failure made by the test')\n")

    page.route("**/web/boot/main.py", broken)
    assert open_site() == "false"
    error = page.locator("#boot-error")
    expect(error).to_be_visible()
    assert stored(page) is not None
    # A Python snapshot is kept too (web/boot/pyodide_boot.mjs): the reset forgets it as well.
    page.evaluate("caches.open('ratscrew-python-snapshot')"
                  ".then((c) => c.put('runtime/pyodide/snapshot-test.bin', new Response('x')))")
    assert page.evaluate("caches.has('ratscrew-python-snapshot')")
    page.unroute("**/web/boot/main.py")
    reset = page.get_by_role("button", name="Reset saved settings and reload")
    reset.click()
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=60_000)
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    assert stored(page) is None or json.loads(stored(page) or "{}").get("projector") is not True
    assert "?" not in page.url
    assert not page.evaluate("caches.has('ratscrew-python-snapshot')")
