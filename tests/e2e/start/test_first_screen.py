"""The first screen: it does not move while the page starts, and its main actions are in sight.

Layout shifts are measured as Chromium reports them (a ``layout-shift`` PerformanceObserver,
buffered from the first paint; every shift counts, as no test here gives input before the end
of its window), at the sizes people use, in a fresh browser context each:

- a plain visit (the prerendered setup form): from the first paint to 2 s after the game is
  ready (``body[data-ready="true"]``);
- a link to a teaching tool (slap practice): the same window;
- a returning visitor's plain visit (the last table played, and the projector display, from
  the saved settings): the same window;
- a start that is slow (the "Still loading" line appears after 15 s);
- a link with ``autostart=1`` (the table's seats drawn before Python, then the dealt game):
  from the first paint to the table's first drawing (the frame after the first seat of the
  game, ``[data-seat]``, is in the page), for every variant, with people and bots.

The cumulative shift must be at most :data:`MAX_SHIFT`; a failure lists every shift with the
elements that moved and their boxes before and after.

The setup screen: at 1280x720 and larger, Deal, All-bot demo, the game, the number of players,
every seat (eight of them, with K.U.R.S.'s extra column too) and the teaching tools are on the
first screen without scrolling; on a 390x844 phone Deal is on screen wherever the form is
scrolled to. The heading that takes the focus shows it as a heading (no field-like box).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ratscrew.variants import VARIANTS

pytestmark = pytest.mark.e2e

BOOT_TIMEOUT_MS = 90_000  # a cold Pyodide start on a loaded machine, with the CPU slowed
MAX_SHIFT = 0.02
AFTER_READY_MS = 2000
"""How long after the game is ready the plain visit and the tool link are still watched."""

SIZES: dict[str, tuple[int, int, bool]] = {
    "1920x1080": (1920, 1080, False),
    "1366x768": (1366, 768, False),
    "1280x720": (1280, 720, False),
    "390x844": (390, 844, True),
}
"""Projector, laptops, phone (touch)."""

LINE_SIZES: dict[str, tuple[int, int, bool]] = {
    **SIZES,
    "1024x768": (1024, 768, True),
    "844x390": (844, 390, True),
    "360x640": (360, 640, True),
    "640x360": (640, 360, True),
}
"""Every size the page is looked at: the loading line must work at each."""

WATCH = """
(() => {
  window.startShifts = [];
  const name = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : "(a pseudo-element)";
    const classes = Array.from(node.classList).map((c) => "." + c).join("");
    return node.tagName.toLowerCase() + (node.id ? "#" + node.id : "") + classes;
  };
  const box = (r) => `[${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x` +
    `${Math.round(r.height)}]`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.startShifts.push({
        at: entry.startTime, value: entry.value,
        moved: (entry.sources || []).map((s) =>
          `${name(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
  // The table's first drawing: the frame after the game's first seat is in the page.
  new MutationObserver((_, observer) => {
    if (!document.querySelector("#seats [data-seat]")) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => {
      window.tableDrawnAt = performance.now();
    }));
  }).observe(document, { childList: true, subtree: true });
  addEventListener("ratscrew:ready", () => { window.readyAt = performance.now(); });
})();
"""
"""Installed before the page's own scripts: records every layout shift (when, how much, which
elements moved from where to where), when the game is ready and when the table is drawn."""


@contextmanager
def opened(browser: Browser, size: str, path: str = "") -> Iterator[Page]:
    """A fresh context (no cache, no saved settings, no service worker) at ``size``, its page
    opening the site at ``path`` with :data:`WATCH` installed."""
    width, height, touch = LINE_SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=touch, is_mobile=touch, service_workers="block")
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.add_init_script(WATCH)
        yield page
    finally:
        context.close()


def shifts_until(page: Page, moment: str) -> list[dict[str, Any]]:
    """The layout shifts from the first paint up to ``moment`` (a page expression giving a
    ``performance.now()`` time, once there is one)."""
    page.wait_for_function(f"({moment}) !== undefined && performance.now() >= ({moment})")
    shifts: list[dict[str, Any]] = page.evaluate(
        f"window.startShifts.filter((s) => s.at <= ({moment}))")
    return shifts


def assert_steady(shifts: list[dict[str, Any]], what: str) -> None:
    total = sum(shift["value"] for shift in shifts)
    report = "\n".join(f"  at {shift['at']:.0f} ms: {shift['value']:.4f}\n    "
                       + "\n    ".join(shift["moved"]) for shift in shifts)
    assert total <= MAX_SHIFT, f"{what}: cumulative layout shift {total:.4f}:\n{report}"


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached")
    assert page.get_attribute("body", "data-ready") == "true", page.inner_text("#boot")


@dataclass
class Visit:
    """A plain visit at a size, once the game has been ready for :data:`AFTER_READY_MS`."""

    size: str
    page: Page
    shifts: list[dict[str, Any]]


@pytest.fixture(scope="module", params=list(SIZES))
def plain_visit(request: pytest.FixtureRequest, browser: Browser, site_url: str
                ) -> Iterator[Visit]:
    """One plain visit a size for the tests of the setup screen (a Python start each)."""
    size = request.param
    with opened(browser, size) as page:
        page.goto(site_url)
        wait_ready(page)
        assert page.get_attribute("body", "data-screen") == "setup"
        yield Visit(size, page, shifts_until(page, f"window.readyAt + {AFTER_READY_MS}"))


def test_a_plain_visit_does_not_move(plain_visit: Visit) -> None:
    assert_steady(plain_visit.shifts, f"a plain visit at {plain_visit.size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_teaching_tool_link_does_not_move(browser: Browser, site_url: str, size: str) -> None:
    with opened(browser, size) as page:
        page.goto(site_url + "?practice=double,sandwich&seed=monday")
        wait_ready(page)
        assert page.get_attribute("body", "data-screen") == "practice"
        expect(page.locator("#practice-start")).to_be_visible()
        shifts = shifts_until(page, f"window.readyAt + {AFTER_READY_MS}")
        assert_steady(shifts, f"a slap-practice link at {size}")


SLOW_HINT_MS = 15_000
"""When web/boot/loader.js says that loading is slow (its SLOW_MS)."""


@pytest.mark.parametrize("size", ["1366x768", "390x844"])
def test_the_slow_loading_hint_moves_nothing(browser: Browser, site_url: str, size: str) -> None:
    """A start that takes long (here: the runtime's machine code never arrives) gets its
    "Still loading" line after 15 s, in a place kept for it from the first frame. (The page's
    clock is Playwright's, moved on by those 15 s rather than waited for.)"""
    with opened(browser, size) as page:
        page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
        page.clock.install()
        page.goto(site_url + "?practice=double")
        hint = page.locator("#boot-hint")
        expect(hint).to_be_hidden()
        page.clock.fast_forward(SLOW_HINT_MS)
        expect(hint).to_be_visible()
        expect(hint).to_contain_text("Still loading")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => "
                      "requestAnimationFrame(done)))")
        shifts = shifts_until(page, "performance.now()")
        assert_steady(shifts, f"the slow-loading hint at {size}")


RETURNING = {"version": 1, "projector": True,
             "last_table": "variant=slap-like-an-egyptian&players=6&seed=back-again"}
"""Saved settings (web/model/settings.py) of someone who played before, on a projector."""


@pytest.mark.parametrize("size", ["1920x1080", "390x844"])
def test_a_returning_visit_does_not_move(browser: Browser, site_url: str, size: str) -> None:
    """The last table played comes back on the setup screen and the projector display is on,
    with nothing moving on the way."""
    with opened(browser, size) as page:
        page.goto(site_url + "web/favicon.svg")  # the site's storage, without starting it
        page.evaluate("(s) => localStorage.setItem('ratscrew.settings.v1', JSON.stringify(s))",
                      RETURNING)
        page.goto(site_url)
        wait_ready(page)
        assert page.get_attribute("body", "data-screen") == "setup"
        assert page.input_value("#setup-variant") == "slap-like-an-egyptian"
        assert page.input_value("#setup-seed") == "back-again"
        assert page.locator("#setup-seat-list .seat-row:visible").count() == 6
        assert page.evaluate("document.documentElement.classList.contains('projector')")
        shifts = shifts_until(page, f"window.readyAt + {AFTER_READY_MS}")
        assert_steady(shifts, f"a returning visit at {size}")


PLAYER_COUNTS = (2, 4, 6, 8)


def autostart_links() -> list[tuple[str, str]]:
    """(size, link) pairs: every variant on the phone and at one of the desktop sizes (turning
    with the variant); the number of players and who plays turning with them (a person in seat
    1, people in seats 1 and 3, or bots only)."""
    desktops = [size for size, (_, _, phone) in SIZES.items() if not phone]
    phones = [size for size, (_, _, phone) in SIZES.items() if phone]
    pairs = []
    for v, variant in enumerate(VARIANTS.values()):
        for s, size in enumerate((desktops[v % len(desktops)], *phones)):
            i = v + 3 * s
            players = min(max(PLAYER_COUNTS[i % len(PLAYER_COUNTS)], variant.min_players),
                          variant.max_players)
            people = ({0}, {0, 2}, set())[i % 3]
            bots = ",".join(str(seat + 1) for seat in range(players) if seat not in people)
            who = "" if people == {0} else f"&bots={bots or 'none'}" if people else "&bots=all"
            pairs.append((size, f"?variant={variant.name}&players={players}{who}&seed=7"
                                f"&autostart=1"))
    return pairs


@pytest.mark.parametrize(("size", "link"), autostart_links())
def test_an_autostart_link_does_not_move(browser: Browser, site_url: str, size: str,
                                         link: str) -> None:
    with opened(browser, size) as page:
        page.goto(site_url + link)
        wait_ready(page)
        assert_steady(shifts_until(page, "window.tableDrawnAt"), f"{link} at {size}")


# --------------------------------------------------------------------------- the setup screen

IN_SIGHT = """
(ids) => ids.map((id) => {
  const el = document.getElementById(id);
  const r = el.getBoundingClientRect();
  const inside = el.checkVisibility() && r.width > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= innerHeight && r.right <= innerWidth;
  return inside ? null : `${id} at [${Math.round(r.left)},${Math.round(r.top)} `
    + `${Math.round(r.width)}x${Math.round(r.height)}] on a ${innerWidth}x${innerHeight} screen`;
}).filter((problem) => problem)
"""

MAIN_ACTIONS = ("setup-start", "setup-demo", "setup-variant", "setup-players")
TOOLS = ("setup-practice", "setup-lab", "setup-bmn", "setup-open")


def test_a_focused_heading_looks_like_a_heading(plain_visit: Visit) -> None:
    """The setup's title takes the focus when the form is shown (for screen readers): it shows
    it as a heading does (underlined, and only for the keyboard), not boxed like a field."""
    page = plain_visit.page
    page.wait_for_function("document.activeElement?.id === 'setup-title'")
    look = """() => {
      const title = document.getElementById('setup-title');
      const s = getComputedStyle(title);
      return {outline: s.outlineStyle, box: s.boxShadow, border: s.borderTopStyle,
              line: s.textDecorationLine, visible: title.matches(':focus-visible')};
    }"""
    style = page.evaluate(look)
    assert (style["outline"], style["box"], style["border"]) == ("none", "none", "none")
    assert style["line"] == ("underline" if style["visible"] else "none")
    # After a key, focus from code is shown: the heading is underlined.
    page.keyboard.press("Shift")
    page.evaluate("document.getElementById('setup-title').blur();"
                  " document.getElementById('setup-title').focus()")
    style = page.evaluate(look)
    assert style["visible"] and style["line"] == "underline", style


def test_deal_is_in_sight(plain_visit: Visit) -> None:
    """At 1280x720 and larger, for every variant at its most players: Deal, the demo, the game,
    the players, every seat and the teaching tools without scrolling. On a phone: Deal and the
    demo on screen at the top of the form, in its middle (house rules open, eight seats) and
    at its end; a tap on Deal deals."""
    page = plain_visit.page
    _, height, phone = SIZES[plain_visit.size]
    if not phone:
        problems: list[str] = []
        for variant in VARIANTS:
            page.select_option("#setup-variant", variant)
            page.select_option("#setup-players", str(VARIANTS[variant].max_players))
            seats = page.locator("#setup-seat-list .seat-row:visible [id^='seat-name-']")
            ids = [*MAIN_ACTIONS, *TOOLS, *seats.evaluate_all("els => els.map(e => e.id)")]
            assert len(ids) == len(MAIN_ACTIONS) + len(TOOLS) + VARIANTS[variant].max_players
            problems += [f"{variant}: {p}" for p in page.evaluate(IN_SIGHT, ids)]
        assert page.evaluate("scrollY") == 0
        assert not problems, "\n".join(problems)
        return
    page.select_option("#setup-players", "8")
    page.locator("#setup-rules > summary").click()
    length = page.evaluate("document.documentElement.scrollHeight")
    assert length > 2 * height, "the form should be long enough to scroll"
    for where in (0, length // 2, length):
        page.evaluate("(y) => scrollTo(0, y)", where)
        problems = page.evaluate(IN_SIGHT, ["setup-start", "setup-demo"])
        assert not problems, f"scrolled to {where}: {problems}"
    page.locator("#setup-start").tap()
    page.wait_for_selector("body[data-screen='table']")


# --------------------------------------------------------------------------- the loading line

LONGEST_WORDS = "Downloading Python: 14 of 14 MB"

LINE = """
(words) => {
  const line = document.getElementById("boot");
  const status = document.getElementById("boot-status");
  status.textContent = words;  // the longest the line says
  const box = line.getBoundingClientRect();
  const bar = document.getElementById("boot-bar").getBoundingClientRect();
  const covered = [...document.querySelectorAll(
      "#setup :is(button, input, select, summary, label, h2), #table :is(.seat, button)")]
    .filter((node) => node.checkVisibility())
    .filter((node) => {
      const r = node.getBoundingClientRect();
      return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
    })
    .map((node) => node.id || node.className || node.textContent.trim().slice(0, 20));
  // The bar's parts on show: under the line whole, or clear of it (none peeks out).
  const peeking = [...document.querySelectorAll(".bar :is(h1, p, button, label)")]
    .filter((node) => node.checkVisibility({ visibilityProperty: true }))
    .filter((node) => {
      const r = node.getBoundingClientRect();
      const meets = r.left < box.right && r.right > box.left && r.top < box.bottom
        && r.bottom > box.top;
      const under = r.left >= box.left && r.right <= box.right && r.top >= box.top
        && r.bottom <= box.bottom;
      return meets && !under;
    })
    .map((node) => node.id || node.className);
  return {
    inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
    font: parseFloat(getComputedStyle(status).fontSize),
    fits: status.scrollWidth <= status.clientWidth,
    bar: bar.width >= box.width / 3 || bar.width >= 200 ? bar.height : 0,
    covered,
    peeking,
  };
}
"""
"""The loading line with its longest words: whether it is on the screen, its words' size and
whether they fit, its bar's thickness (0 when it is a sliver), what of the form or the table
it covers, and which of the top bar's parts it covers in part (a sliver peeking out)."""


@pytest.mark.parametrize("path", ["", "?players=6&bots=2,3,4,5,6&seed=1&autostart=1"])
@pytest.mark.parametrize("size", LINE_SIZES)
def test_the_loading_line_is_readable_and_covers_nothing(
    browser: Browser, site_url: str, size: str, path: str
) -> None:
    """While Python starts (here: its runtime held back), the loading line over the setup
    form or a link's table is on the screen, its words whole and large (from the back of a
    classroom at 1920x1080: at least 28 px; at least 16 px everywhere), its bar beside or
    under them, and it covers none of the form's controls nor any seat, and the top bar whole
    or not at all."""
    with opened(browser, size) as page:
        page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
        page.goto(site_url + path)
        expect(page.locator("#boot-status")).to_contain_text("Downloading Python")
        line = page.evaluate(LINE, LONGEST_WORDS)
        assert line["inside"] and line["fits"], line
        assert line["font"] >= (28 if size == "1920x1080" else 16), line
        assert line["bar"] >= 6, line
        assert line["covered"] == [] and line["peeking"] == [], line
