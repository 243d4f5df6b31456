"""``keys``: key-down to screen at a table of bots.

Keydown to screen update during a six-player game (one human, five bots at speed 1;
``--players N`` for another size, 8 for the largest table with every animation on):
the human's keys are pressed a few hundred times at a human pace (every 150 to 300 ms):
slap when the pile is slappable, flip on the human's turn, otherwise a flip out of turn or
(15%) a slap at nothing.
Two figures: the page's own ``window.ratscrewLatency`` (keydown to the end of the Python
handler), and keydown to the next animation frame (a requestAnimationFrame hook installed
for the run). Median and 95th percentile, against one frame at 60 Hz (16 ms); the frame
interval while the bots play and no key is pressed is printed for context (headless
Chromium without a GPU paints in software). When the human is out of cards, or the game is
over, the script deals again.
"""

from __future__ import annotations

import random
import statistics
import time

from playwright.sync_api import Browser, Page

from .common import open_page, percentile, visit

FRAME_MS = 16.0

# keydown -> the next animation frame (the frame that shows what the key did).
FRAME_PROBE = """
() => {
  window.__frameLatency = [];
  addEventListener("keydown", (event) => {
    const t0 = event.timeStamp;
    requestAnimationFrame(() => window.__frameLatency.push(performance.now() - t0));
  }, true);
}
"""

# Frame intervals while the bots play and nobody presses a key: how often this browser paints.
FRAME_INTERVALS = """
(count) => new Promise((resolve) => {
  const stamps = [];
  const tick = (t) => {
    stamps.push(t);
    if (stamps.length > count) resolve(stamps.slice(1).map((s, i) => s - stamps[i]));
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})
"""

KEY_NAMES = ("Sam", "Ada", "Brook", "Cyd", "Dana", "Eli", "Fay", "Gus")


def key_table(players: int) -> str:
    """The keys section's table: one human (seat 1) and bots in the other seats, at 1x."""
    bots = ",".join(str(seat) for seat in range(2, players + 1))
    names = ",".join(KEY_NAMES[:players])
    return (f"?players={players}&bots={bots}&speed=1&seed=bench-keys&names={names}"
            "&autostart=1")



def choose_key(page: Page, rng: random.Random) -> str:
    """What a quick, slightly impatient player presses: slap a pattern when there is one, flip
    when it is their turn, else now and then a flip out of turn or a slap at nothing."""
    state = page.evaluate(
        "(() => { const g = window.ratscrewApp.session.game;"
        " return [g.slappable, g.to_act()]; })()"
    )
    slappable, to_act = bool(state[0]), int(state[1])
    if slappable:
        return "w"
    if to_act == 0:
        return "q"
    return "w" if rng.random() < 0.15 else "q"


def keep_playing(page: Page) -> None:
    """Deal again when the game is over, or when the human has been out of it for a while."""
    if page.locator("#gameover").is_visible():
        page.click("#again-new")
    elif page.get_attribute("#seats [data-seat='0']", "data-cards") == "0":
        page.click("#to-setup")
        page.click("#setup-start")


def bench_keys(browser: Browser, base: str, presses: int, seed: int, players: int) -> bool:
    with open_page(browser, viewport={"width": 1400, "height": 900}) as page:
        visit(page, base + key_table(players))
        page.wait_for_selector("body[data-screen='table']", state="attached")
        intervals: list[float] = page.evaluate(FRAME_INTERVALS, 180)
        page.evaluate(FRAME_PROBE)
        rng = random.Random(seed)
        started = time.monotonic()
        for i in range(presses):
            page.keyboard.press(choose_key(page, rng))
            page.wait_for_timeout(rng.uniform(150, 300))
            if i % 10 == 9:
                keep_playing(page)
        page.wait_for_timeout(200)  # the last frame
        handler: list[float] = page.evaluate("Array.from(window.ratscrewLatency)")
        frame: list[float] = page.evaluate("window.__frameLatency")
        elapsed = time.monotonic() - started
    print(f"{presses} presses in {elapsed:.0f} s, {len(handler)} handled by the human seat")
    print(f"  frame interval while the bots play (no keys): median "
          f"{statistics.median(intervals):.1f} ms, p95 {percentile(intervals, 95):.1f} ms "
          f"({len(intervals)} frames)")
    ok = True
    for label, values in (
        ("keydown -> handler done (ratscrewLatency)", handler),
        ("keydown -> next animation frame (rAF)", frame),
    ):
        if not values:
            print(f"  {label}: no samples")
            ok = False
            continue
        median, p95 = statistics.median(values), percentile(values, 95)
        within = p95 <= FRAME_MS
        print(f"  {label:45s} median {median:5.1f} ms, p95 {p95:5.1f} ms, "
              f"max {max(values):5.1f} ms ({len(values)} samples): p95 "
              f"{'within' if within else 'over'} one frame ({FRAME_MS:.0f} ms)")
        ok = ok and within
    return ok

