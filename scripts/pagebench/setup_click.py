"""``setup``: how soon the setup form answers a click, at 20 Mbit/s.

At 20 Mbit/s, cold (service workers blocked): the time from navigation start until
the setup form takes clicks (``body[data-setup="live"]``, or ``body[data-ready="true"]`` if
that comes first; then ``#setup-players`` visible), plus the time one real click takes to show
its effect (another number of players chosen in ``#setup-players``, until that many rows of
``#setup-seat-list`` are visible). Prints "setup live at X ms, a click handled in Y ms,
total Z" (Z = X + Y) and the time to ready of the same run, for ``--throttle-runs``
visits; PASS when the median Z is at most 500 ms.
"""

from __future__ import annotations

import statistics

from playwright.sync_api import Browser, Page

from .common import (
    BOOT_TIMEOUT_MS,
    MBIT_20,
    READY_PROBE,
    open_page,
    verdict,
    wait_number,
    wait_ready,
)

SETUP_BUDGET_MS = 500.0
"""At 20 Mbit/s: the setup form shows the effect of a click within 0.5 s of navigation."""

# Installed before any page script: the time (since navigation start) when the setup form
# takes clicks (body[data-setup="live"], or body[data-ready="true"] if that comes first) and
# which of the two it was; from then on, the first frame with #setup-players visible; and the
# time of the first input event (the benchmark's click).
SETUP_PROBE = """
(() => {
  const visible = () => {
    if (document.querySelector("#setup-players")?.checkVisibility()) {
      window.__playersVisibleAt = performance.now();
    } else {
      requestAnimationFrame(visible);
    }
  };
  const seen = () => {
    const body = document.body;
    if (window.__setupLiveAt !== undefined || !body) return;
    const by = body.dataset.setup === "live" ? "data-setup"
      : body.dataset.ready === "true" ? "data-ready" : null;
    if (by) {
      window.__setupLiveAt = performance.now();
      window.__setupLiveBy = by;
      observer.disconnect();
      visible();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ["data-setup", "data-ready"]});
  addEventListener("input", (event) => { window.__inputAt ??= event.timeStamp; }, true);
})();
"""

# From now on, each frame: once the click went in and exactly `n` rows of the setup's seat list
# are visible, the time of that frame in window.__rowsShownAt.
WATCH_SEAT_ROWS = """
(n) => {
  const tick = () => {
    const rows = [...document.querySelectorAll("#setup-seat-list li")];
    if (window.__inputAt !== undefined && rows.filter((li) => li.checkVisibility()).length === n) {
      window.__rowsShownAt = performance.now();
    } else {
      requestAnimationFrame(tick);
    }
  };
  requestAnimationFrame(tick);
}
"""


def setup_live(page: Page) -> tuple[float, str]:
    """Milliseconds from navigation start until the setup form takes clicks (live, and
    #setup-players visible), and what said so (``data-setup`` or ``data-ready``)."""
    live = wait_number(page, "window.__setupLiveAt")
    by = str(page.evaluate("window.__setupLiveBy"))
    visible = wait_number(page, "window.__playersVisibleAt")
    if visible > live:
        by += f" at {live:.0f} ms, then #setup-players visible"
    return visible, by


def click_players(page: Page) -> tuple[float, float, str] | None:
    """Choose another number of players: when the click went in (ms since navigation start),
    how long until a frame shows that many rows in the seat list, and the choice; None when
    there is no other choice."""
    players = page.locator("#setup-players")
    values, current = players.evaluate("(s) => [[...s.options].map((o) => o.value), s.value]")
    other = next((v for v in values if v != current), None)
    if other is None:
        print(f"  #setup-players offers no other choice than {current!r}: {values}")
        return None
    page.evaluate(WATCH_SEAT_ROWS, int(other))
    players.select_option(other)
    shown = wait_number(page, "window.__rowsShownAt")
    issued = float(page.evaluate("window.__inputAt"))
    return issued, shown - issued, f"{current} -> {other} players"


def setup_once(browser: Browser, base: str) -> float | None:
    """One cold visit at 20 Mbit/s: ms until the setup took a click and showed its effect."""
    with open_page(browser, MBIT_20, READY_PROBE + SETUP_PROBE,
                   service_workers="block") as page:
        page.goto(base, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
        live, by = setup_live(page)
        clicked = click_players(page)
        ready = wait_ready(page)
    if clicked is None:
        return None
    issued, handled, choice = clicked
    print(f"  setup live at {live:.0f} ms ({by}), a click handled in {handled:.0f} ms "
          f"({choice}; the click went in at {issued:.0f} ms), total {live + handled:.0f} ms; "
          f"ready at {ready:.0f} ms")
    return live + handled


def bench_setup(browser: Browser, base: str, runs: int) -> bool:
    totals = [setup_once(browser, base) for _ in range(runs)]
    if any(total is None for total in totals):
        return verdict(False, "no click to measure")
    total = statistics.median(t for t in totals if t is not None)
    print(f"setup responds to a click, median of {runs}: {total:.0f} ms")
    ok = total <= SETUP_BUDGET_MS
    return verdict(ok, f"{MBIT_20.name}: the setup responds to a click at {total:.0f} ms, "
                   f"{'within' if ok else 'over'} {SETUP_BUDGET_MS:.0f} ms")

