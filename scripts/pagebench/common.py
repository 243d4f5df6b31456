"""What the page benchmarks share: the network conditions, a fresh page with a probe, the
time to ready, the bytes a start downloads, and how figures are printed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import browser_tools
from playwright.sync_api import Browser, Page

BOOT_TIMEOUT_MS = 120_000


@dataclass(frozen=True)
class Network:
    name: str
    conditions: dict[str, Any] | None
    """Parameters of CDP Network.emulateNetworkConditions; None: unthrottled."""


MBIT_20_BYTES_PER_S = 20e6 / 8
UNTHROTTLED = Network("unthrottled", None)
MBIT_20 = Network("20 Mbit/s", {
    "offline": False,
    "latency": 20,
    "downloadThroughput": MBIT_20_BYTES_PER_S,
    "uploadThroughput": 5e6 / 8,
})
NETWORKS = (UNTHROTTLED, MBIT_20)

# Installed before any page script: the time (since navigation start) when body[data-ready]
# becomes "true".
READY_PROBE = """
(() => {
  const seen = () => {
    if (window.__readyAt === undefined && document.body
        && document.body.dataset.ready === "true") {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""


# [encoded, decoded] body size of the document and of every file of its origin that the page's
# own thread had loaded by `until` (ms since navigation start), from Resource Timing.
DOWNLOADED = """
(until) => [...performance.getEntriesByType("navigation"),
            ...performance.getEntriesByType("resource")]
  .filter((entry) => entry.name.startsWith(location.origin) && entry.responseEnd <= until)
  .map((entry) => [entry.encodedBodySize, entry.decodedBodySize])
"""


@dataclass(frozen=True)
class Downloads:
    """What a page downloaded: its files' bodies, as sent and decoded."""

    files: int
    sent: int
    """Bytes as they came over the network: gzip-compressed where the server compresses (as
    GitHub Pages does: scripts/sitebuild/server.py)."""
    uncompressed: int
    """The same bodies decoded."""

    def line(self) -> str:
        """Both sizes, and what they take at 20 Mbit/s (the bytes alone: no latency)."""
        return (f"{self.files} files, {self.sent / 1e6:.2f} MB sent (gzip where GitHub Pages "
                f"compresses), {self.uncompressed / 1e6:.2f} MB uncompressed; the bytes alone "
                f"at {MBIT_20.name}: {self.sent / MBIT_20_BYTES_PER_S:.1f} s, uncompressed "
                f"{self.uncompressed / MBIT_20_BYTES_PER_S:.1f} s")


def downloads(page: Page, until: float) -> Downloads:
    """The bodies ``page`` (its own thread, not its workers) had downloaded from its origin by
    ``until`` (ms since navigation start)."""
    sizes: list[list[int]] = page.evaluate(DOWNLOADED, until)
    return Downloads(len(sizes), sum(sent for sent, _ in sizes),
                     sum(decoded for _, decoded in sizes))


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, round(p / 100 * len(ordered) + 0.4999))
    return ordered[min(rank, len(ordered)) - 1]


def verdict(ok: bool, text: str) -> bool:
    print(f"{'PASS' if ok else 'FAIL'}: {text}", flush=True)
    return ok


@contextmanager
def open_page(browser: Browser, network: Network = UNTHROTTLED, probe: str = READY_PROBE,
              **context_args: Any) -> Iterator[Page]:
    """A page in a fresh browser context (closed afterwards), on ``network``, with ``probe``
    installed before the scripts of every document it loads."""
    context = browser.new_context(**context_args)
    try:
        page = context.new_page()
        browser_tools.emulate_network(page, network.conditions)
        page.add_init_script(probe)
        yield page
    finally:
        context.close()


def wait_number(page: Page, name: str) -> float:
    """Wait until the page global ``name`` (set by a probe) is defined; its value."""
    return float(page.wait_for_function(f"{name} !== undefined && {name}",
                                        timeout=BOOT_TIMEOUT_MS).json_value())


def wait_ready(page: Page) -> float:
    """Milliseconds from navigation start to body[data-ready="true"] (needs READY_PROBE)."""
    return wait_number(page, "window.__readyAt")


def visit(page: Page, url: str) -> float:
    """Navigate to ``url``; milliseconds from navigation start to ready."""
    page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
    return wait_ready(page)


