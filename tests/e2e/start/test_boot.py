"""The page boots in a real (headless) Chromium: loading screen first, then Python, then Ready.

Everything is served from the local test server; no request may go anywhere else.
"""

from __future__ import annotations

import io
import json
import re
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import sitebuild
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
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text)
            if message.type == "warning" else None)
    started = time.monotonic()
    state = open_site()
    elapsed = time.monotonic() - started
    assert state == "true", f"start-up failed: {page.inner_text('#boot')}"
    print(f"booted to Ready in {elapsed:.1f} s")

    expect(page).to_have_title("Ratscrew")
    expect(page.locator("#boot-status")).to_have_text("Ready")
    expect(page.locator("#boot-detail")).to_contain_text(f"Ratscrew {ratscrew.__version__}")
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator(".boot-steps li[data-state=done]")).to_have_count(5)

    assert page_log.errors() == []
    assert page_log.failed_requests == []
    assert_only_local_requests()
    # The runtime really is the self-hosted copy.
    served = {url.rsplit("/", 2)[-2] + "/" + url.rsplit("/", 1)[-1] for url in page_log.requests}
    assert {"pyodide/pyodide.asm.wasm", "pyscript/core.js"} <= served
    # Our Python arrives in one request (app.zip), besides the script
    # PyScript runs (web/boot/main.py).
    ours = sorted(url.rsplit("/", 1)[-1] for url in page_log.requests
                  if url.endswith((".py", ".zip")) and "/runtime/" not in url)
    assert ours[:2] == ["app.zip", "main.py"]
    # Python starts with the build's standard library (its startup modules compiled), not
    # Pyodide's, which it would compile again at every start.
    assert len(ours) == 3 and re.fullmatch(r"stdlib-[0-9a-f]{12}\.zip", ours[2])
    assert not any(url.endswith("/python_stdlib.zip") for url in page_log.requests)
    # ... holding every module the start imports (web/boot/main.py says which it had to compile:
    # scripts/stdlib_startup.txt lacks them).
    page.evaluate("new Promise((resolve) => setTimeout(resolve, 100))")
    assert not [text for text in warnings if "standard library" in text], warnings
    # Python's start goes in steps (web/boot/pyodide_boot.mjs imports the library's modules that
    # Pyodide's set-up needs a few at a time, web/boot/main.py ours): every module named there
    # is found, and nothing the start imports lacks a step of its own.
    warm = page.evaluate("window.ratscrewWarm")
    assert warm["failed"] == [] and warm["imported"] == page.evaluate(
        "import('./web/boot/pyodide_boot.mjs').then((m) => m.WARM.length)"), warm
    assert not [text for text in warnings if "without a step" in text], warnings
    # The runtime's WebAssembly was compiled as its bytes arrived (web/boot/loader.js), not
    # when Pyodide asked for it.
    assert page.evaluate("window.ratscrewWasm") == "compiled as it came"
    # Each game's parts of the setup form come only when someone reaches for the game menu
    # before Python is ready (web/boot/setup_early.js): a start nobody touched leaves the bytes to
    # the runtime.
    assert not [url for url in page_log.requests if url.endswith("setup-parts.html")]


def test_loading_screen_shows_before_python(
    page: Page, site_url: str, assert_only_local_requests: Callable[[], None]
) -> None:
    # Hold back the WebAssembly file: Python cannot start, the loading screen must be up.
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(site_url)

    expect(page.locator("h1:visible")).to_have_text("Ratscrew")
    # The runtime's bytes, counted as they arrive (the .wasm is held back: not all of them).
    expect(page.locator("#boot-status")).to_contain_text(re.compile(
        r"^Downloading Python: \d+ of 1\d MB$"))
    # The setup screen is there and usable before Python is.
    expect(page.locator("body")).to_have_attribute("data-setup", "live")
    expect(page.locator("#setup-start")).to_be_visible()
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


def broken_app_zip(site: Path, module: str, source: str) -> bytes:
    """The site's app.zip with ``module`` (``ratscrew/core/cards.py``) replaced by ``source``: its
    bytecode (``ratscrew/core/cards.pyc``) taken out, the source put in."""
    bytecode = f"{module.removesuffix('.py')}.pyc"
    out = io.BytesIO()
    with zipfile.ZipFile(site / "app.zip") as old, zipfile.ZipFile(out, "w") as new:
        names = old.namelist()
        assert bytecode in names or module in names, names
        for info in old.infolist():
            if info.filename not in (bytecode, module):
                new.writestr(info, old.read(info))
        new.writestr(module, source)
    return out.getvalue()


def test_engine_error_shows_a_clear_message(page: Page, open_site: Callable[..., str]) -> None:
    body = broken_app_zip(sitebuild.SITE, "ratscrew/core/cards.py",
                          "raise RuntimeError('broken engine')\n")
    page.route("**/app.zip", lambda route: route.fulfill(
        status=200, body=body, headers={"Content-Type": "application/zip"}))
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
    """The browser finds the manifest, parses it without an error and sees
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
