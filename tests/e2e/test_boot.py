"""The page boots in a real (headless) Chromium: loading screen first, then Python, then Ready.

Everything is served from the local test server; no request may go anywhere else.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect

import ratscrew

if TYPE_CHECKING:
    from conftest import PageLog

pytestmark = pytest.mark.e2e


def test_boots_to_ready_offline(
    page: Page,
    page_log: PageLog,
    open_site: Callable[..., str],
    assert_only_local_requests: Callable[[], None],
) -> None:
    started = time.monotonic()
    state = open_site()
    elapsed = time.monotonic() - started
    assert state == "true", f"start-up failed: {page.inner_text('#boot')}"
    print(f"booted to Ready in {elapsed:.1f} s")

    expect(page).to_have_title("Ratscrew")
    expect(page.locator("#boot-status")).to_have_text("Ready")
    expect(page.locator("#boot-detail")).to_contain_text(f"Ratscrew {ratscrew.__version__}")
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator(".boot-steps li[data-state=done]")).to_have_count(4)

    assert page_log.errors() == []
    assert page_log.failed_requests == []
    assert_only_local_requests()
    # The runtime really is the self-hosted copy.
    served = {url.rsplit("/", 2)[-2] + "/" + url.rsplit("/", 1)[-1] for url in page_log.requests}
    assert {"pyodide/pyodide.asm.wasm", "pyscript/core.js", "ratscrew/__init__.py"} <= served


def test_loading_screen_shows_before_python(
    page: Page, site_url: str, assert_only_local_requests: Callable[[], None]
) -> None:
    # Hold back the WebAssembly file: Python cannot start, the loading screen must be up.
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(site_url)

    expect(page.locator(".masthead h1")).to_have_text("Ratscrew")
    expect(page.locator("h1:visible")).to_have_count(1)
    expect(page.locator("#boot-status")).to_have_text("Loading Python…")
    expect(page.locator(".boot-steps li[data-state=done]")).to_have_text(["Page"])
    expect(page.locator(".boot-steps li[data-state=active]")).to_contain_text("Python runtime")
    expect(page.locator("body")).not_to_have_attribute("data-ready", "true")
    assert_only_local_requests()
    for route in held:
        route.abort()


def test_missing_runtime_file_shows_a_clear_message(
    page: Page, open_site: Callable[..., str]
) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    assert open_site() == "false"
    expect(page.locator("#boot-status")).to_have_text("Could not start")
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error-message")).to_contain_text("pyodide.asm.wasm")
    expect(page.locator("#boot-error")).not_to_contain_text("Traceback")


def test_engine_error_shows_a_clear_message(page: Page, open_site: Callable[..., str]) -> None:
    page.route(
        "**/ratscrew/cards.py",
        lambda route: route.fulfill(status=200, body="raise RuntimeError('broken engine')\n"),
    )
    assert open_site() == "false"
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error-message")).to_have_text(
        "The game engine failed to load (RuntimeError: broken engine)."
    )
    expect(page.locator("#boot-error")).not_to_contain_text("Traceback")


@pytest.mark.usefixtures("clean_page")
def test_chromium_reads_the_web_app_manifest(
    page: Page, open_site: Callable[..., str], site_url: str
) -> None:
    """Issue 13, point 4: the browser finds the manifest, parses it without an error and sees
    the name, the standalone display and the icons (under the site's sub-path)."""
    assert open_site() == "true", page.inner_text("#boot")
    client = page.context.new_cdp_session(page)
    manifest = client.send("Page.getAppManifest")
    assert manifest["url"].endswith("/web/manifest.webmanifest")
    assert manifest["errors"] == []
    parsed = manifest.get("manifest") or {}
    if parsed:  # newer Chromium gives the parsed manifest too
        assert parsed["display"] == "kStandalone"
        assert parsed["startUrl"] == site_url
        assert {icon["sizes"] for icon in parsed["icons"]} >= {"192x192", "512x512"}
    # Chromium's own verdict: nothing stops "Install" but the test's private window.
    verdict = client.send("Page.getInstallabilityErrors")
    assert {e["errorId"] for e in verdict["installabilityErrors"]} <= {"in-incognito"}
    data = json.loads(manifest["data"])
    assert data["short_name"] == "Ratscrew"
    for icon in data["icons"]:
        response = page.request.get(manifest["url"].rsplit("/", 1)[0] + "/" + icon["src"])
        assert response.ok, icon["src"]
