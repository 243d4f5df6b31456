"""Fixtures for the browser tests (marked ``e2e``).

- ``site_url``: builds _site/ once (scripts/build) and serves it from 127.0.0.1 on a free port,
  under a sub-path as GitHub Pages does, in a thread, for the whole session.
- The browser comes from pytest-playwright (``browser``, ``context``, ``--headed``, traces on
  failure ...). It is Playwright's own Chromium when installed (``playwright install chromium``,
  as in GitHub Actions), else the system Chromium (Debian's ``chromium`` package), started with
  flags that keep it off the network; either compiles WebAssembly with V8's baseline compiler
  only (:data:`BASELINE_WASM`).
- ``page`` is a new page in pytest-playwright's context plus a record, ``page_log``, of
  console errors, page errors and every request; for a test marked ``shared_page``, its
  module's page, kept started from one such test to the next (``shared_pages``), in which
  :func:`e2e_table.open_table` deals a link's table in place (tests/e2e/shared_page.py);
  ``assert_only_local_requests`` checks that none left the test server (nor the site's
  sub-path); ``open_site`` opens the page and waits for the loading screen.
- A slow machine, on a fast one: ``RATSCREW_CPU_THROTTLE=4`` (or ``--cpu-throttle 4``) slows
  every page the tests open 4 times, as DevTools' CPU throttling does (the Chrome DevTools
  Protocol's ``Emulation.setCPUThrottlingRate``). Every page, whoever opens it: the ``page``
  fixture, a test's own ``context.new_page()`` or ``browser.new_context()`` (a module's shared
  page, the offline tests' contexts), ``browser.new_page()``, and pages the site opens itself
  (popups), throttled as Playwright reports them (:class:`CpuThrottle`). A page made with
  ``new_page()`` is throttled before that call returns, so before it loads anything. Chromium
  throttles the page's own thread: the workers it starts (the statistics lab's, the Python
  snapshot's) run at full speed. The tests must pass at any rate: they wait for what the page
  does, never for a time.
- Every page's local time is about noon (:func:`midday`): a browser's context is in the time
  zone where it is midday now, so K.U.R.S.' Sun, which reads the local time, plays a seed
  the same way at every hour the suite runs (as the engine's default, noon, does).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Page,
    Playwright,
)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import sitebuild  # noqa: E402
from browser_tools import NO_CHROMIUM, launch_options, serving  # noqa: E402
from shared_page import SHARED_MARK, Listeners, SharedPages, page_listeners  # noqa: E402

BOOT_TIMEOUT_MS = 60_000  # cold Pyodide start: a few seconds, much more on a loaded machine

# Schemes that never reach the network.
LOCAL_SCHEMES = {"data", "blob", "about"}


# --------------------------------------------------------------------------- site server


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """Build _site/ once per session with scripts/build (npm ci when needed). With
    ``RATSCREW_SITE_BUILT=1`` (scripts/test builds it once before the test workers start, so
    two of them never build at the same time) the site is used as it is."""
    if os.environ.get("RATSCREW_SITE_BUILT") == "1" and (sitebuild.SITE / "index.html").exists():
        return sitebuild.SITE
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"scripts/build failed:\n{result.stdout}\n{result.stderr}", pytrace=False)
    return sitebuild.SITE


# GitHub Pages serves a project site under /<repository>/: serve it the same way, so that any
# absolute URL in the page (one that would escape the sub-path) breaks the tests.
SUB_PATH = "ratscrew-pages/"


@pytest.fixture(scope="session")
def site_url(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL (ending in /) of _site/ served under a sub-path on 127.0.0.1, by a thread."""
    root = tmp_path_factory.mktemp("pages")
    (root / SUB_PATH.rstrip("/")).symlink_to(site_dir, target_is_directory=True)
    with serving(root) as base:
        yield base + SUB_PATH


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's context options, with service workers blocked: the offline cache
    (sw.js) would download the whole site again in the background of every test. The offline
    tests (test_offline.py) open contexts of their own that allow them."""
    return {**browser_context_args, "service_workers": "block"}


BASELINE_WASM = "--js-flags=--liftoff-only"
"""Every page the suite opens starts Pyodide afresh (a new context has an empty code cache),
and V8 spends about half of that start's processor time optimising the runtime's WebAssembly
in the background (TurboFan), for speed a test's short page never uses: the suite is bound
by its two cores. Its baseline compiler alone (Liftoff) starts a page on half the processor
time, and runs the same code (the benchmarks in scripts/ measure the browser as it ships)."""


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], playwright: Playwright, browser_name: str
) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at the system Chromium when needed
    (scripts/browser_tools.py chooses, for the page scripts too), and compiling WebAssembly
    with V8's baseline compiler only (:data:`BASELINE_WASM`)."""
    args = dict(browser_type_launch_args)
    if browser_name != "chromium" or "executable_path" in args or "channel" in args:
        return args
    args["args"] = [*args.get("args", []), BASELINE_WASM]
    options = launch_options(playwright.chromium.executable_path, args)
    if options is None:
        pytest.fail(NO_CHROMIUM, pytrace=False)
    return options


# --------------------------------------------------------------------------- midday


def midday_zone(utc_hour: int) -> str:
    """The time zone whose local time is 12 o'clock at ``utc_hour`` UTC, on the same date
    (``Etc/GMT-N`` is UTC+N)."""
    offset = 12 - utc_hour  # -11 to +12: zones that exist
    return f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}" if offset else "Etc/GMT"


@pytest.fixture(scope="session", autouse=True)
def midday() -> Iterator[str]:
    """Every context the session makes (pytest-playwright's, a test's own
    ``browser.new_context()`` or ``browser.new_page()``) is in :func:`midday_zone` of the
    session's start, unless it names a time zone of its own: pages read the local time (the
    Sun of K.U.R.S.), and a test's seed must not play otherwise after dark. A suite that
    starts at hh:mm UTC ends its pages' day before 18:00 if it takes under 5 hours."""
    zone = midday_zone(datetime.now(UTC).hour)
    new_context, new_page = Browser.new_context, Browser.new_page

    def in_zone(make: Callable[..., Any]) -> Callable[..., Any]:
        def made(self: Browser, *args: Any, **kwargs: Any) -> Any:
            return make(self, *args, **{"timezone_id": zone, **kwargs})
        return made

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(Browser, "new_context", in_zone(new_context))
        monkeypatch.setattr(Browser, "new_page", in_zone(new_page))
        yield zone


# --------------------------------------------------------------------------- a slow machine


def cpu_throttle_rate(config: pytest.Config) -> float:
    """How many times slower the pages run: ``--cpu-throttle`` (declared in tests/conftest.py),
    else ``RATSCREW_CPU_THROTTLE``, else 1 (not throttled)."""
    value = config.getoption("--cpu-throttle", default=None)
    text = os.environ.get("RATSCREW_CPU_THROTTLE", "").strip()
    if value is None and text:
        try:
            value = float(text)
        except ValueError:
            raise pytest.UsageError(f"RATSCREW_CPU_THROTTLE={text!r} is not a number") from None
    rate = 1.0 if value is None else float(value)
    if not rate >= 1:
        raise pytest.UsageError(f"a CPU throttle of {rate:g}: it is 1 (off) or more")
    return rate


class CpuThrottle:
    """Throttles the CPU of every page of the session ``rate`` times, through a CDP session of
    its own kept open for the page's life (DevTools forgets its emulation when the session
    that asked for it detaches).

    Pages come from ``BrowserContext.new_page`` (which pytest-playwright's ``page`` fixture
    calls too) and ``Browser.new_page``: both are wrapped, and throttle the page before they
    return it, so before the test navigates. Every context (from ``Browser.new_context``, or
    the one ``Browser.new_page`` makes) also throttles any other page it gets, a popup or a
    ``window.open``, in its ``page`` event. Under Playwright's sync API an event listener may
    make sync calls: each listener runs in a greenlet of its own (see where events are
    dispatched, in playwright/_impl/connection.py), so the CDP calls work there; but the event
    loop goes on meanwhile, so such a page may begin loading before its throttle is on. The
    listener leaves a page that ``new_page`` is making to ``new_page``, which throttles it
    before it returns.

    A session of our own must also say what Playwright's ``set_offline`` said: at each load,
    Chromium applies each session's network emulation in turn, and one that says nothing puts
    ``navigator.onLine`` back to true (the requests still fail). ``BrowserContext.set_offline``
    (and ``new_context(offline=True)``) is wrapped for that."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.sessions: dict[Page, CDPSession] = {}
        self.making: set[BrowserContext] = set()
        """Contexts whose ``new_page`` is under way."""
        self.offline: dict[BrowserContext, bool] = {}
        """What each context's ``set_offline`` said last."""

    def throttle(self, page: Page) -> None:
        if page in self.sessions or page.is_closed():
            return
        session = page.context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": self.rate})
        if self.offline.get(page.context):
            self.network(session, offline=True)
        self.sessions[page] = session
        page.once("close", lambda closed: self.sessions.pop(closed, None))

    @staticmethod
    def network(session: CDPSession, offline: bool) -> None:
        session.send("Network.emulateNetworkConditions", {
            "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def set_offline(self, context: BrowserContext, offline: bool) -> None:
        """``context.set_offline(offline)`` has been called: our sessions in it say so too."""
        self.offline[context] = offline
        for page, session in list(self.sessions.items()):
            if page.context is context and not page.is_closed():
                self.network(session, offline)

    def on_page(self, page: Page) -> None:
        """A context's ``page`` event."""
        if page.context in self.making:
            return  # new_page throttles it
        try:
            self.throttle(page)
        except Exception:
            if not page.is_closed():  # a popup may close at once: nothing to throttle
                raise

    def new_page(self, context: BrowserContext, make: Callable[[], Page]) -> Page:
        """``make()``'s new page in ``context``, throttled (and any other page that came
        meanwhile)."""
        self.making.add(context)
        try:
            page = make()
        finally:
            self.making.discard(context)
        for each in [page, *context.pages]:
            self.throttle(each)
        return page

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Wrap ``Browser.new_context``, ``Browser.new_page``, ``BrowserContext.new_page`` and
        ``BrowserContext.set_offline`` (for every instance: pytest-playwright's fixtures and the
        tests' own calls alike)."""
        throttle = self
        new_context = Browser.new_context
        browser_new_page = Browser.new_page
        context_new_page = BrowserContext.new_page
        set_offline = BrowserContext.set_offline

        def new_context_throttled(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
            context = new_context(self, *args, **kwargs)
            throttle.offline[context] = bool(kwargs.get("offline"))
            context.on("page", throttle.on_page)
            context.on("close", lambda closed: throttle.offline.pop(closed, None))
            return context

        def set_offline_throttled(self: BrowserContext, offline: bool) -> None:
            set_offline(self, offline)
            throttle.set_offline(self, offline)

        def browser_new_page_throttled(self: Browser, *args: Any, **kwargs: Any) -> Page:
            page = browser_new_page(self, *args, **kwargs)  # in a context of its own
            throttle.offline[page.context] = bool(kwargs.get("offline"))
            page.context.on("page", throttle.on_page)
            throttle.throttle(page)
            return page

        def context_new_page_throttled(self: BrowserContext) -> Page:
            return throttle.new_page(self, lambda: context_new_page(self))

        monkeypatch.setattr(Browser, "new_context", new_context_throttled)
        monkeypatch.setattr(Browser, "new_page", browser_new_page_throttled)
        monkeypatch.setattr(BrowserContext, "new_page", context_new_page_throttled)
        monkeypatch.setattr(BrowserContext, "set_offline", set_offline_throttled)


@pytest.fixture(scope="session", autouse=True)
def cpu_throttle(pytestconfig: pytest.Config) -> Iterator[CpuThrottle | None]:
    """The session's :class:`CpuThrottle`, installed before any browser context is made; None
    when the pages run at full speed."""
    rate = cpu_throttle_rate(pytestconfig)
    if rate == 1:
        yield None
        return
    throttle = CpuThrottle(rate)
    with pytest.MonkeyPatch.context() as monkeypatch:
        throttle.install(monkeypatch)
        yield throttle


@dataclass
class PageLog:
    """What a page did: console errors, uncaught errors and every request URL."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    reused: bool = False
    """The page was a shared page already booted (tests/e2e/shared_page.py): the test may
    make no request at all."""

    def errors(self) -> list[str]:
        return [*self.console_errors, *self.page_errors]


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Each phase's report kept on its test (the shared page is not used again after a test
    that failed)."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


def failed(item: pytest.Item) -> bool:
    return any(report.failed for report in item.stash.get(REPORTS, {}).values())


@pytest.fixture(scope="module")
def shared_pages(
    browser: Browser, site_url: str, browser_context_args: dict[str, Any]
) -> Iterator[SharedPages]:
    """The module's pages kept booted for its tests marked ``shared_page``
    (tests/e2e/shared_page.py)."""
    pages = SharedPages(browser, site_url, browser_context_args, BOOT_TIMEOUT_MS)
    yield pages
    pages.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, page_log: PageLog) -> Iterator[Page]:
    """A fresh page whose console errors and requests are recorded in ``page_log``; for a
    test marked ``shared_page``, its module's booted page (tests/e2e/shared_page.py)."""

    def attach(page: Page) -> Listeners:
        return page_listeners(page, page_log.console_errors, page_log.page_errors,
                              page_log.requests, page_log.failed_requests)

    marker = request.node.get_closest_marker(SHARED_MARK)
    if marker is not None and (marker.args[0] if marker.args else True):
        pages: SharedPages = request.getfixturevalue("shared_pages")
        options = request.node.get_closest_marker("browser_context_args")
        page, page_log.reused = pages.take(dict(options.kwargs) if options else {}, attach)
        try:
            yield page
        finally:
            pages.give_back(page, failed(request.node))
        return
    context: BrowserContext = request.getfixturevalue("context")
    page = context.new_page()
    attach(page)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    yield page
    page.close()


def requests_outside(log: PageLog, base_url: str) -> list[str]:
    """The recorded request URLs that did not go to the site at `base_url` (or below it)."""
    return [
        url
        for url in log.requests
        if urlsplit(url).scheme not in LOCAL_SCHEMES and not url.startswith(base_url)
    ]


@pytest.fixture
def assert_only_local_requests(page_log: PageLog, site_url: str) -> Callable[[], None]:
    """Call it at the end of a test: fails if a request went anywhere but the site's folder."""

    def check() -> None:
        assert page_log.requests or page_log.reused, (
            "no request was recorded: is the request listener wired up?")
        outside = requests_outside(page_log, site_url)
        assert not outside, "requests left the test server:\n" + "\n".join(outside)

    return check


@pytest.fixture
def open_site(page: Page, site_url: str) -> Callable[..., str]:
    """Open the site (or `path` below it) and wait for the loading screen to finish.

    Returns body[data-ready]: "true" once Python is up, "false" if start-up failed.
    """

    def open_(path: str = "", timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
        page.goto(site_url + path)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=timeout_ms)
        return str(page.evaluate("document.body.dataset.ready"))

    return open_


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{SHARED_MARK}(use=True): the test deals its tables in its module's booted "
        "page (tests/e2e/shared_page.py)")
    # pytest-playwright's own base_url fixture trips a pytest deprecation warning: not ours.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:DeprecationWarning",
    )


@pytest.fixture
def clean_page(
    page_log: PageLog, assert_only_local_requests: Callable[[], None]
) -> Iterator[None]:
    """After a test: no console or page error, and no request left the test server."""
    yield
    assert page_log.errors() == []
    assert_only_local_requests()
