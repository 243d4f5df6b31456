"""A page kept booted across a test module's tests (``pytest.mark.shared_page``).

Starting Python is most of what a browser test costs (about 3 s of processor time a page,
with the suite bound by its two cores). A test that only deals tables from links and plays
them does not need a page of its own: conftest.py's ``page`` fixture gives a test marked
``shared_page`` the module's booted page for its context options (a touch screen's is another
page), and :func:`e2e_table.open_table` deals the link's table in it in place, as opening the
link would (``ratscrewApp.open_link``: the same parsing, notices and deal, without a reload).

Between two tests the page is brought back to what a new page shows once Python is up: its
game left (timers stopped, the end screen closed), the setup screen, the context's viewport,
nothing focused, the person's time to choose at its default. It is only used again when
nothing else a test could change differs from a new page: it is still ready, no dialog is
open, and every saved setting (keys, display, sound) is as it was when it started; else, and
after a test that failed, the next test gets a new one.

A test marked ``shared_page`` must leave nothing else behind that a new page would not have:
no init script, route, emulated media or exposed binding, no observer or global of its own
that outlives it, no clock unless every test sharing the page sets the same one (a test that
needs any of those has a page of its own: ``pytest.mark.shared_page(False)`` where a module
marks all its tests). Opening another address in it (``open_site``, ``goto``) is allowed but
starts Python again.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request
from playwright.sync_api import Error as PlaywrightError

from web.model.settings import DEFAULT_CHOICE_SECONDS, STORAGE_KEY

SHARED_MARK = "shared_page"

_shared: weakref.WeakSet[Page] = weakref.WeakSet()


def is_shared(page: Page) -> bool:
    """Whether ``page`` is a module's shared page (it deals tables in place)."""
    return page in _shared


VOLATILE = ("last_table", "speed", "choice_seconds")
"""Saved settings a link or a test's deal sets (the link says the speed; the person's time to
choose is put back between tests): the others must be as a new page had them."""

SAVED = """(key) => { window.ratscrewApp.change_settings(); return localStorage.getItem(key); }"""

LEAVE = """(seconds) => {
  // The game left as a new page has none: timers stopped, its end screen closed, the setup
  // screen on show; nothing focused, nothing scrolled; the time to choose at its default.
  const app = window.ratscrewApp;
  app.stop_timers();
  if (app.session) app.play.end.reset();
  const field = document.getElementById('choice-seconds');
  if (field.value !== String(seconds)) {
    field.value = String(seconds);
    app.set_choice_seconds();
  }
  app.show_setup(false);
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  window.scrollTo(0, 0);
}"""

STATE = """(key) => ({
  ready: document.body.dataset.ready,
  dialog: Boolean(window.ratscrewApp) && window.ratscrewApp.dialog_open(),
  saved: localStorage.getItem(key),
})"""


def saved_settings(text: str | None) -> dict[str, Any]:
    """The saved settings a later test would see, from ``localStorage``'s JSON."""
    data = json.loads(text) if text else {}
    return {key: value for key, value in data.items() if key not in VOLATILE}


Listeners = list[tuple[str, Callable[..., None]]]


class SharedPages:
    """A module's booted pages, one per set of context options (from the test's
    ``browser_context_args`` marker), each with what its settings were when it started."""

    def __init__(self, browser: Browser, site_url: str, context_args: dict[str, Any],
                 timeout_ms: float) -> None:
        self.browser = browser
        self.site_url = site_url
        self.context_args = context_args
        self.timeout_ms = timeout_ms
        self.pages: dict[str, tuple[BrowserContext, Page, dict[str, Any]]] = {}
        self.listeners: dict[Page, Listeners] = {}

    def take(self, options: dict[str, Any],
             attach: Callable[[Page], Listeners]) -> tuple[Page, bool]:
        """The booted page for ``options`` (a new one when there is none, or the last one
        cannot be used again), with ``attach``'s listeners on it for the test; and whether it
        was used before (it then makes no request of its own to start)."""
        key = json.dumps(options, sort_keys=True)
        kept = self.pages.get(key)
        if kept is not None and not self.reusable(kept[1], kept[2]):
            self.discard(key)
            kept = None
        if kept is not None:
            page = kept[1]
            self.listeners[page] = attach(page)
            return page, True
        context = self.browser.new_context(**{**self.context_args, **options})
        page = context.new_page()
        page.set_default_timeout(self.timeout_ms)
        self.listeners[page] = attach(page)
        page.goto(self.site_url)
        page.wait_for_selector("body[data-ready]", state="attached")
        if page.get_attribute("body", "data-ready") != "true":
            boot = page.inner_text("#boot")
            context.close()
            raise AssertionError(f"the shared page did not start: {boot}")
        self.pages[key] = (context, page, saved_settings(page.evaluate(SAVED, STORAGE_KEY)))
        _shared.add(page)
        return page, False

    def reusable(self, page: Page, settings: dict[str, Any]) -> bool:
        if page.is_closed():
            return False
        try:
            state = page.evaluate(STATE, STORAGE_KEY)
        except PlaywrightError:  # (its renderer gone, say)
            return False
        return (state["ready"] == "true" and not state["dialog"]
                and saved_settings(state["saved"]) == settings)

    def give_back(self, page: Page, failed: bool) -> None:
        """The test is over: the page left as a new one is (:data:`LEAVE`), then its
        listeners removed; closed if the test failed."""
        key = next((k for k, kept in self.pages.items() if kept[1] is page), None)
        try:
            if not failed and not page.is_closed():
                page.evaluate(LEAVE, DEFAULT_CHOICE_SECONDS)
        finally:
            for event, listener in self.listeners.pop(page, []):
                page.remove_listener(event, listener)
            if key is not None and (failed or page.is_closed()):
                self.discard(key)

    def discard(self, key: str) -> None:
        context, page, _ = self.pages.pop(key)
        _shared.discard(page)
        self.listeners.pop(page, None)
        context.close()

    def close(self) -> None:
        for key in list(self.pages):
            self.discard(key)


def page_listeners(page: Page, console_errors: list[str], page_errors: list[str],
                   requests: list[str], failed_requests: list[str]) -> Listeners:
    """Record ``page``'s console errors, uncaught errors and requests in the lists given; the
    listeners, to remove them."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            location = message.location.get("url", "") if message.location else ""
            console_errors.append(f"{message.text} ({location})")

    def on_request_failed(request: Request) -> None:
        failed_requests.append(f"{request.url}: {request.failure}")

    listeners: Listeners = [
        ("console", on_console),
        ("pageerror", lambda error: page_errors.append(str(error))),
        ("request", lambda request: requests.append(request.url)),
        ("requestfailed", on_request_failed),
    ]
    for event, listener in listeners:
        page.on(event, listener)  # type: ignore[call-overload]
    return listeners
