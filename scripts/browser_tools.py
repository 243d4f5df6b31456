"""Headless Chromium for the browser tests and the page scripts (screenshot, page benchmarks).

One place for the choices shared by tests/e2e/conftest.py, scripts/screenshot,
scripts/bench_page.py and scripts/bench_phones.py:

- which Chromium: Playwright's own when installed (``playwright install chromium``, as in GitHub
  Actions), else the system one (Debian's ``chromium`` package), started with flags that keep
  it off the network (:func:`launch_options`, :func:`launch_chromium`);
- how _site/ is served: from 127.0.0.1 on a free port, by a thread (:func:`serving`), as
  GitHub Pages serves it (gzip where Pages compresses: scripts/sitebuild/server.py);
- a slower network for a page (:func:`emulate_network`).

The scripts need the ``playwright`` package, which the project's .venv has
(:func:`use_venv_python`); scripts/sitebuild/ stays standard-library only.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sitebuild

if TYPE_CHECKING:  # Playwright is imported once use_venv_python has found it
    from playwright.sync_api import Browser, Page, Playwright

SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")

# For a browser that is not Playwright's own: no sandbox (we may be root in a container), and
# no background traffic; every host name but 127.0.0.1 fails to resolve, so nothing can leak.
# --disable-dev-shm-usage: a container's /dev/shm may be 64 MB, too small for a Pyodide page
# (the renderer then crashes: "Target crashed" in CI); /tmp is used instead.
SYSTEM_CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]

NO_CHROMIUM = (
    "No Chromium: run `npx playwright install chromium` (or `playwright install chromium`), "
    "or install the system package (`apt-get install chromium`); scripts/setup does this."
)


def use_venv_python(script: str) -> None:
    """For a script started by a Python without Playwright (``#!/usr/bin/env python3``): run
    it again with the project's .venv Python, or exit with what to do."""
    if importlib.util.find_spec("playwright") is not None:
        return
    venv = sitebuild.ROOT / ".venv"
    python = venv / "bin" / "python"
    if python.is_file() and Path(sys.prefix).resolve() != venv.resolve():
        os.execv(python, [str(python), script, *sys.argv[1:]])
    sys.exit("Playwright is not installed: run scripts/setup (it makes .venv).")


def system_chromium() -> str | None:
    for path in SYSTEM_CHROMIUM:
        if Path(path).is_file():
            return path
    return shutil.which("chromium")


def launch_options(playwright_chromium_path: str, base: dict[str, Any] | None = None
                   ) -> dict[str, Any] | None:
    """Options for ``playwright.chromium.launch``: ``base`` as it is when Playwright's own
    browser (at ``playwright_chromium_path``) is installed, else pointed at the system Chromium
    with :data:`SYSTEM_CHROMIUM_ARGS`. None when there is no Chromium at all."""
    options = dict(base or {})
    if Path(playwright_chromium_path).exists():
        return options
    path = system_chromium()
    if path is None:
        return None
    options["executable_path"] = path
    options["args"] = [*options.get("args", []), *SYSTEM_CHROMIUM_ARGS]
    return options


def launch_chromium(playwright: Playwright, base: dict[str, Any] | None = None
                    ) -> tuple[Browser, str]:
    """Chromium launched with :func:`launch_options` (``base`` and the system's flags), and the
    path of the executable it runs; exits with :data:`NO_CHROMIUM` when there is none."""
    options = launch_options(playwright.chromium.executable_path, base)
    if options is None:
        sys.exit(NO_CHROMIUM)
    browser = playwright.chromium.launch(**options)
    return browser, str(options.get("executable_path", playwright.chromium.executable_path))


def emulate_network(page: Page, conditions: dict[str, Any] | None) -> None:
    """``page`` on the network ``conditions`` (the parameters of the DevTools Protocol's
    Network.emulateNetworkConditions: latency, down and up throughput), from its next
    request on; None leaves it unthrottled."""
    if conditions is None:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", conditions)


@contextmanager
def serving(root: Path) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (free port) from a thread; yields the base URL (ends in /)."""
    server = sitebuild.make_server(root, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield sitebuild.server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def poll_until(page: Any, expression: str, arg: Any = None, timeout_ms: float = 60_000,
               every_ms: float = 200) -> bool:
    """Evaluate ``expression`` (a JS expression or function, which may give a promise) in
    ``page`` until it is true; False after ``timeout_ms``. ``page.evaluate`` awaits a promise,
    where Playwright's ``wait_for_function`` takes the promise itself as true at once."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(every_ms)
    return True
