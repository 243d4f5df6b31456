#!/usr/bin/env python3
"""Phones as seats, measured in headless Chromium: printed figures, not a test.

Run from anywhere: ``scripts/bench_phones.py`` (it runs itself with the project's .venv
Python). Options: ``--runs N`` cold loads of the seat page (5), ``--slaps N`` slaps timed per
network (80), ``--only SECTION``, ``--no-build`` to use _site/ as it is. One Chromium, its
pages connected over loopback (``--allow-loopback-in-peer-connection``), as the browser tests
do; every phone is a page in a context of its own.

Sections:

* ``seat``: the phone's seat page, cold, at 20 Mbit/s down, 5 up, 20 ms latency (as
  scripts/bench_page.py's): milliseconds from navigation start until it is usable (its answer
  code on show: ``body[data-phone-state=answer]``), and the bytes it loaded by then (response
  bodies, uncompressed; the server sends them gzip-compressed as GitHub Pages does). PASS
  when the median is within 1 s and every run under 200 KB.
* ``pairing``: a table of four phones paired by their text codes, as a script does it (open
  the join link, read the phone's answer, paste it at the host): milliseconds from the host's
  code on show to the phone playing, per seat. A person scanning and holding up a phone takes
  longer; this is what the machines add.
* ``slaps``: two phones at a two-player table (wrong slaps cost nothing there, so the game
  goes on); each phone in turn slaps at a moment set in advance, ``--slaps`` times, first on
  plain loopback, then with one phone 40 ms slower each way and 30 ms of jitter
  (``window.ratscrewNet``, the seat page's test hook). For each slap: the press (the phone's
  pointer-down, on the shared wall clock) to the host's decision (the referee applying it:
  the table's 80 ms window included), and the host's estimate of the press against the real
  one (the clock offset's error). Median and 95th percentile. No budget: the decision waits
  the window by design.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import browser_tools  # noqa: E402

browser_tools.use_venv_python(__file__)

import sitebuild  # noqa: E402
from pagebench.common import MBIT_20, percentile, verdict  # noqa: E402
from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
    sync_playwright,
)

SECTIONS = ("seat", "pairing", "slaps")
SEAT_BUDGET_MS = 1000.0
SEAT_BUDGET_BYTES = 200 * 1024
RTC_ARGS = ["--allow-loopback-in-peer-connection", "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream"]
BOOT_MS = 120_000
SLOW: dict[str, float] = {"delay": 40, "jitter": 30}


class Host:
    """A hosted table and its phones, each in a context of its own."""

    def __init__(self, browser: Browser, base: str, query: str) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.page = self.new_page({"width": 1366, "height": 768})
        self.page.goto(f"{base}?{query}&autostart=1")
        self.page.wait_for_selector(".phones-qr[data-code]", timeout=BOOT_MS)
        self.phones: dict[int, Page] = {}

    def new_page(self, viewport: ViewportSize, net: dict[str, float] | None = None) -> Page:
        context = self.browser.new_context(viewport=viewport, service_workers="block")
        self.contexts.append(context)
        page = context.new_page()
        if net is not None:
            page.add_init_script(f"window.ratscrewNet = {net!r};".replace("'", '"'))
        return page

    def join(self, seat: int, net: dict[str, float] | None = None) -> float:
        """Pair ``seat``'s phone by its text code: ms from its code on show to playing."""
        host = self.page
        host.click(f"#phones-seats [data-do=show][data-for='{seat}']")
        host.wait_for_function(
            "(seat) => (document.querySelector('.phones-qr').dataset.code || '')"
            ".startsWith(`1~${seat}~`)", arg=seat)
        start = time.perf_counter()
        phone = self.new_page({"width": 390, "height": 844}, net)
        phone.goto(str(host.input_value("#phones-link")))
        phone.wait_for_selector("body[data-phone-state=answer]")
        host.fill("#phones-answer", str(phone.get_attribute("[data-code]", "data-code")))
        host.press("#phones-answer", "Enter")
        phone.wait_for_selector("body[data-phone-state=playing]")
        self.phones[seat] = phone
        return (time.perf_counter() - start) * 1000

    def start(self) -> None:
        self.page.click("#phones-start")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@contextmanager
def hosting(browser: Browser, base: str, query: str) -> Iterator[Host]:
    host = Host(browser, base, query)
    try:
        yield host
    finally:
        host.close()


def figures(label: str, values: list[float]) -> None:
    print(f"  {label}: median {statistics.median(values):.1f} ms, "
          f"p95 {percentile(values, 95):.1f} ms, max {max(values):.1f} ms "
          f"({len(values)} slaps)", flush=True)


# --------------------------------------------------------------------------- sections


def bench_seat(browser: Browser, base: str, runs: int) -> bool:
    """The seat page's time to usable and bytes at 20 Mbit/s, cold."""
    with hosting(browser, base, "players=2&bots=2&phones=1&seed=bench") as host:
        link = str(host.page.input_value("#phones-link"))
        times, sizes = [], []
        for _ in range(runs):
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            browser_tools.emulate_network(page, MBIT_20.conditions)
            loaded: list[int] = []

            def count(request: Any, into: list[int] = loaded) -> None:
                response = request.response()
                into.append(len(response.body()) if response is not None else 0)

            page.on("requestfinished", count)
            page.goto(link, wait_until="commit")
            page.wait_for_selector("body[data-phone-state=answer]")
            at = float(page.evaluate("performance.now()"))
            times.append(at)
            sizes.append(sum(loaded))
            print(f"  usable at {at:.0f} ms, {sum(loaded) / 1024:.1f} KB in {len(loaded)} "
                  "files", flush=True)
            context.close()
    median = statistics.median(times)
    return verdict(median <= SEAT_BUDGET_MS and max(sizes) < SEAT_BUDGET_BYTES,
                   f"{MBIT_20.name}: the seat page is usable at {median:.0f} ms (median), "
                   f"{max(sizes) / 1024:.1f} KB at most (budget {SEAT_BUDGET_MS:.0f} ms, "
                   f"{SEAT_BUDGET_BYTES // 1024} KB)")


def bench_pairing(browser: Browser, base: str) -> bool:
    with hosting(browser, base, "players=4&bots=none&phones=1,2,3,4&seed=bench") as host:
        times = [host.join(seat) for seat in range(4)]
    for seat, ms in enumerate(times):
        print(f"  seat {seat + 1}: {ms:.0f} ms from its code on show to playing", flush=True)
    print(f"  median {statistics.median(times):.0f} ms", flush=True)
    return True


PRESS = """([at]) => new Promise((done) => setTimeout(() => {
  const button = document.querySelector("[data-action=slap]");
  const event = new PointerEvent("pointerdown", {bubbles: true, cancelable: true});
  button.dispatchEvent(event);
  done(performance.timeOrigin + event.timeStamp);
}, at - (performance.timeOrigin + performance.now())))"""
DECIDED = """(n) => {
  const decided = window.ratscrewApp.play.phones.decided.toJs();
  return [performance.timeOrigin, decided.slice(-n)];
}"""


def slap_run(browser: Browser, base: str, slaps: int, net: dict[str, float] | None
             ) -> tuple[list[float], list[float]]:
    """``slaps`` timed slaps; press-to-decision and estimate-error, in ms."""
    query = "players=2&bots=none&phones=1,2&seed=bench-slaps&options=penalty:none"
    with hosting(browser, base, query) as host:
        host.join(0, net)
        host.join(1)
        host.start()
        host.page.wait_for_timeout(2000)  # pings: each phone's clock measured
        presses: list[float] = []
        for i in range(slaps):
            seat = i % 2
            at = float(host.page.evaluate("performance.timeOrigin + performance.now()")) + 150
            presses.append(float(host.phones[seat].evaluate(PRESS, [at])))
            host.page.wait_for_timeout(250)
        host.page.wait_for_timeout(1000)
        origin, decided = host.page.evaluate(DECIDED, slaps)
    decisions = [(float(d[2]), float(d[4])) for d in decided]  # made, applied (host ms)
    if len(decisions) != len(presses):
        raise SystemExit(f"the host decided {len(decisions)} of {len(presses)} slaps")
    pairs = list(zip(presses, decisions, strict=True))
    latency = [origin + applied - press for press, (_, applied) in pairs]
    error = [origin + made - press for press, (made, _) in pairs]
    return latency, error


def bench_slaps(browser: Browser, base: str, slaps: int) -> bool:
    for label, net in (("loopback", None),
                       (f"one phone {SLOW['delay']} ms slower each way, "
                        f"{SLOW['jitter']} ms jitter", SLOW)):
        latency, error = slap_run(browser, base, slaps, net)
        print(f" {label}:", flush=True)
        figures("press to the host's decision", latency)
        figures("the host's estimate of the press, minus the real press", error)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads of the seat page (5)")
    parser.add_argument("--slaps", type=int, default=80, help="slaps timed per network (80)")
    parser.add_argument("--only", choices=SECTIONS, help="run one section")
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    args = parser.parse_args(argv)
    if not args.no_build:
        sitebuild.build()
    sections = SECTIONS if args.only is None else (args.only,)
    results: list[bool] = []
    with sync_playwright() as playwright:
        browser, _ = browser_tools.launch_chromium(playwright, {"args": RTC_ARGS})
        print(f"Chromium {browser.version}", flush=True)
        with browser_tools.serving(sitebuild.SITE) as base:
            if "seat" in sections:
                print("\n== the seat page, cold, at 20 Mbit/s", flush=True)
                results.append(bench_seat(browser, base, args.runs))
            if "pairing" in sections:
                print("\n== pairing four phones by their text codes", flush=True)
                results.append(bench_pairing(browser, base))
            if "slaps" in sections:
                print("\n== slaps: the press to the host's decision", flush=True)
                results.append(bench_slaps(browser, base, args.slaps))
        browser.close()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
