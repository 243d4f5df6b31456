"""Accessibility in a real (headless) Chromium.

axe-core (an npm devDependency, for the tests only: scripts/build copies nothing of it
into the site) is injected into the page and run on the setup screen, a table in play of every
variant (a human seat, bots playing at speed 2), a choice panel (K.U.R.S.'s Chariot and a Rat
on the dice of Slap Like an Egyptian, with the deals test_kurs_table.py and test_variants.py
find), the settings dialog and the end screen. Any violation of impact ``serious`` or
``critical`` fails, with its rule, impact, targets and axe's summary.

Besides axe: the table keeps exactly one visible h1; Deal moves the focus into the table; the
log is reached with Tab and scrolls with the keyboard; the seat whose turn it is, and only it,
carries ``aria-current``; the live region speaks at most twice a second on average in an 8-bot
game at 4x.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_table import KEYS, Mirror, open_patient_table, open_table, seat
from playwright.sync_api import Page, expect
from test_kurs_table import first_flip
from test_kurs_table import table as kurs_table
from test_variants import SLAE, rat_deal
from test_variants import table as variant_table

from ratscrew.core.engine import Game
from ratscrew.variants import VARIANTS as REGISTRY
from ratscrew.variants.kurs import CHARIOT

# Tables are dealt in one page (tests/e2e/shared_page.py); the setup screen is a new page's.
pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page"), pytest.mark.shared_page]

ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VARIANTS = tuple(REGISTRY)  # every variant, those added later too
BLOCKING = ("serious", "critical")
ANNOUNCE_WINDOW_MS = 10_000
ANNOUNCE_MAX_PER_SECOND = 2.0


RUN_AXE = """
async () => {
  const results = await axe.run(document, {resultTypes: ['violations']});
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary || ''})),
  }));
}
"""


def axe_problems(page: Page) -> list[str]:
    """The serious and critical violations axe-core finds in the page as it is now."""
    assert AXE.is_file(), f"{AXE.relative_to(ROOT)} is missing: run `npm ci`"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    lines = []
    for v in violations:
        if v["impact"] not in BLOCKING:
            continue
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:8]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return lines


def expect_no_violations(page: Page, screen: str) -> None:
    problems = axe_problems(page)
    assert not problems, f"axe-core on {screen}:\n" + "\n".join(problems)


def visible_h1s(page: Page) -> list[str]:
    return list(page.evaluate(
        "[...document.querySelectorAll('h1')].filter((h) => h.checkVisibility() &&"
        " h.getBoundingClientRect().width > 0).map((h) => h.outerHTML.slice(0, 120))"
    ))


def choice_panel(page: Page) -> Any:
    return page.locator("[data-zone='choice'], .choice").first


# --------------------------------------------------------------------------- axe screens


@pytest.mark.shared_page(False)
def test_setup_screen(page: Page, open_site: Callable[..., str]) -> None:
    assert open_site("") == "true", page.inner_text("#boot")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect_no_violations(page, "the setup screen")


@pytest.mark.parametrize("variant", VARIANTS)
def test_table_in_play(page: Page, open_site: Callable[..., str], variant: str) -> None:
    open_table(open_site, page, {"variant": variant, "players": 4, "bots": "1,2,3",
                                 "seed": 5, "speed": 2, "autostart": 1})
    # The three bots play their cards, until it is the person's turn (or the game asks the
    # person something: a Rat on the dice at the deal).
    page.wait_for_function(
        "(() => { const s = window.ratscrewApp.session;"
        " return s.game.history.length >= 3 || s.human_decision !== undefined; })()")
    assert len(visible_h1s(page)) == 1, f"visible h1s on the table: {visible_h1s(page)}"
    expect_no_violations(page, f"a {variant} table in play")


def test_kurs_choice_panel(page: Page, open_site: Callable[..., str]) -> None:
    open_patient_table(open_site, page, kurs_table(first_flip(CHARIOT)))
    page.keyboard.press(KEYS[0]["flip"])  # Ada flips the Chariot: her choice opens
    expect(choice_panel(page)).to_be_visible()
    expect_no_violations(page, "the Chariot's choice panel")
    expect(choice_panel(page)).to_be_visible()  # axe saw it


def test_rat_choice_panel(page: Page, open_site: Callable[..., str]) -> None:
    open_patient_table(open_site, page, variant_table(SLAE, rat_deal()))
    expect(choice_panel(page)).to_be_visible()  # a Rat on the first roll: Ben chooses
    expect_no_violations(page, "the Rat's choice panel")
    expect(choice_panel(page)).to_be_visible()  # axe saw it


def test_settings_dialog(page: Page, open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 2, "bots": "none",
                                 "seed": 5, "autostart": 1})
    page.click("#settings-open")
    expect(page.locator("#settings")).to_have_attribute("open", "")
    expect(page.locator("#settings")).to_be_visible()
    expect_no_violations(page, "the settings dialog")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_end_screen(page: Page, open_site: Callable[..., str], phone: bool) -> None:
    """The end screen; on a phone, 8 players with long names, the figures labelled under each
    name and the numbers scrolling between the title and the actions."""
    params: dict[str, str | int] = {"variant": "classic", "players": 2, "bots": "all",
                                    "seed": 5, "speed": "instant", "autostart": 1}
    if phone:
        page.set_viewport_size({"width": 390, "height": 844})
        params |= {"players": 8, "seed": "end108",
                   "names": ",".join(f"Alexandra Konstantinop {n}" for n in range(1, 9))}
    open_table(open_site, page, params)
    page.wait_for_selector("body[data-winner]", state="attached")
    expect(page.locator("#gameover")).to_be_visible()
    expect_no_violations(page, "the end screen")


# --------------------------------------------------------------------------- beyond axe


@pytest.mark.shared_page(False)
def test_deal_moves_the_focus_into_the_table(page: Page, open_site: Callable[..., str]) -> None:
    assert open_site("") == "true", page.inner_text("#boot")
    page.focus("#setup-start")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    focused = "(() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 120)" \
              " : 'nothing'; })()"
    try:
        page.wait_for_function(
            "document.activeElement && document.activeElement.closest('#table') !== null",
            timeout=10_000,
        )
    except Exception:
        pytest.fail(f"after Deal the focus is on {page.evaluate(focused)}, not inside #table",
                    pytrace=False)


def test_the_log_is_reached_and_scrolled_by_keyboard(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 4, "bots": "all",
                                 "seed": 5, "speed": 8, "autostart": 1})
    log = page.locator("#log")
    expect(log).to_be_visible()
    tabindex = log.get_attribute("tabindex")
    assert tabindex is not None and int(tabindex) >= 0, f"#log has tabindex={tabindex!r}"
    # Until it overflows, or has lines enough to overflow any sensible log box.
    page.wait_for_function(
        "(() => { const log = document.getElementById('log');"
        " return log.scrollHeight > log.clientHeight + 10 || log.children.length >= 60; })()",
        timeout=30_000,
    )
    page.keyboard.press("Escape")  # pause: the log stays put while it is scrolled
    metrics = log.evaluate(
        "(log) => ({overflow: getComputedStyle(log).overflowY, scroll: log.scrollHeight,"
        " client: log.clientHeight})"
    )
    assert metrics["overflow"] in ("auto", "scroll") and metrics["scroll"] > metrics["client"], (
        f"#log is not a scrolling box (with 60 lines): {metrics}"
    )

    # Tab reaches it from the top of the page.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == "log":
            break
    else:
        pytest.fail("60 presses of Tab never reach #log", pytrace=False)
    before = log.evaluate("(log) => log.scrollTop")
    page.keyboard.press("PageDown")
    page.keyboard.press("ArrowDown")
    try:  # (smoothly: it takes a moment)
        page.wait_for_function("(before) => document.getElementById('log').scrollTop > before",
                               arg=before, timeout=10_000)
    except Exception:
        after = log.evaluate("(log) => log.scrollTop")
        pytest.fail(f"PageDown on the focused log does not scroll it ({before} -> {after})",
                    pytrace=False)


def quiet_deal(flips: int) -> int:
    """A two-player classic deal whose first ``flips`` cards challenge nobody: the turn simply
    alternates."""
    for seed in range(1, 1000):
        game = Game("classic", 2, seed=seed, names=("Ada", "Ben"))
        for n in range(flips):
            game.flip(game.to_act(), 100 * (n + 1))
            if game.challenge.challenger >= 0 or game.outcome is not None:
                break
        else:
            return seed
    raise AssertionError("no quiet deal")


def test_the_turn_is_aria_current(page: Page, open_site: Callable[..., str]) -> None:
    flips = 3
    seed = quiet_deal(flips)
    mirror = Mirror(seed, names=("Ada", "Ben"))
    open_table(open_site, page, {"variant": "classic", "players": 2, "bots": "none",
                                 "seed": seed, "names": "Ada,Ben", "autostart": 1})
    current = page.locator("[data-seat][data-cards][aria-current]:not([aria-current='false'])")
    for step in range(flips + 1):
        to_act = mirror.game.to_act()
        expect(seat(page, to_act)).to_have_attribute("aria-current", re.compile(r"^(?!false$)"))
        expect(current).to_have_count(1)
        if step < flips:
            mirror.act(to_act, "flip")
            page.keyboard.press(KEYS[to_act]["flip"])
            expect(page.locator("[data-pile]")).to_have_attribute("data-cards", str(step + 1))


COUNT_ANNOUNCEMENTS = """
(windowMs) => new Promise((resolve) => {
  const region = document.getElementById('announce');
  const said = [];
  const observer = new MutationObserver(() => {
    const text = region.textContent.trim();
    if (text) said.push(text);
  });
  observer.observe(region, {childList: true, characterData: true, subtree: true});
  setTimeout(() => { observer.disconnect(); resolve(said); }, windowMs);
})
"""


def test_the_live_region_speaks_at_most_twice_a_second(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 8, "bots": "all",
                                 "seed": 5, "speed": 4, "autostart": 1})
    said: list[str] = page.evaluate(COUNT_ANNOUNCEMENTS, ANNOUNCE_WINDOW_MS)
    seconds = ANNOUNCE_WINDOW_MS / 1000
    assert said, f"#announce said nothing in {seconds:.0f} s of an 8-bot game at 4x"
    limit = ANNOUNCE_MAX_PER_SECOND * seconds
    assert len(said) <= limit, (
        f"#announce changed {len(said)} times in {seconds:.0f} s (at most {limit:.0f}):\n"
        + "\n".join(said[:40])
    )
