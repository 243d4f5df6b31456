"""The table's layout on desktops and laptops: every variant and player count sampled while the
bots play, Firefighters at a fire beside cardless seats, while cards fly, and the setup form
on a small phone (the plan and the checks: tests/e2e/table/layout.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from layout import (
    BOOT_TIMEOUT_MS,
    CHECK,
    DESKTOP,
    DESKTOP_RUNS,
    SMALL,
    VARIANTS,
    Run,
    Tables,
    at_moments,
    check_options,
    fail,
    open_tables,
    play_run,
    resume,
)
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def tables(browser: Browser, site_url: str) -> Iterator[Tables]:
    yield from open_tables(browser, site_url)


@pytest.mark.parametrize("run", DESKTOP_RUNS, ids=[run.id for run in DESKTOP_RUNS])
def test_layout(run: Run, tables: Tables, pytestconfig: pytest.Config) -> None:
    play_run(run, tables, pytestconfig)


FIRE_TABLES = (
    (Run(DESKTOP, "firefighters", 6, seed=3), (84, 176)),
    (Run(SMALL, "firefighters", 8, long_names=True, seed=3), (57, 64)),
)
"""All-bot Firefighters tables, and moments of their games (so many actions in) at which a fire
burns on the Burn pile beside three cardless seats or more: the tallest seats (their notes and
"may put out the fire") round the fullest centre (the Burn pile's title and count, the
challenge line, the pile's note, the pause banner)."""


def fire_beside_cardless_seats(page: Page) -> str | None:
    cardless = page.locator("[data-seat][data-cards='0']").count()
    fire = page.locator("#burn.fire").is_visible()
    return None if cardless >= 3 and fire else f"{cardless} cardless seats, fire {fire}"


@pytest.mark.parametrize(("run", "moments"), FIRE_TABLES, ids=[r.id for r, _ in FIRE_TABLES])
def test_a_fire_beside_cardless_seats(run: Run, moments: tuple[int, ...], tables: Tables,
                                      pytestconfig: pytest.Config) -> None:
    page = tables.open(run)
    try:
        problems = at_moments(page, run, moments, fire_beside_cardless_seats)
        if problems:
            fail(page, run, problems + tables.errors, pytestconfig)
    finally:
        tables.done(page)


MOVING_RUN = Run(DESKTOP, "classic", 6, speed=1)
MOVING_SAMPLES = 8
WHILE_MOVING = """(opts) => new Promise((done) => {
  const felt = document.getElementById('felt');
  const check = CHECK;
  const end = performance.now() + 5000;
  const look = () => {
    const moving = document.getAnimations().filter((a) => a.playState === 'running'
        && a.effect && a.effect.target && felt.contains(a.effect.target))
      .map((a) => a.animationName || a.transitionProperty || 'an animation');
    if (moving.length) done({moving: [...new Set(moving)], problems: check(opts)});
    else if (performance.now() > end) done({moving: [], problems: []});
    else requestAnimationFrame(look);
  };
  look();
})"""
"""Waits (at most 5 s) for a frame in which something on the felt moves, and checks the
layout in that frame: what moved (animation names, transitioned properties) and the problems."""


def test_the_layout_holds_while_cards_fly(tables: Tables, pytestconfig: pytest.Config) -> None:
    """At 1x, where cards travel (a card to the pile, a pile to its winner, a wrong slap's
    cards under the pile, a seat that shakes), the checks pass in frames where something on
    the felt is moving, not only when all is still."""
    run = MOVING_RUN
    page = tables.open(run)
    try:
        resume(page)
        options = check_options(run)
        script = WHILE_MOVING.replace("CHECK", CHECK.strip())
        moved: set[str] = set()
        problems: list[str] = []
        for _ in range(MOVING_SAMPLES):
            seen = page.evaluate(script, options)
            moved.update(seen["moving"])
            problems += [f"[while {', '.join(seen['moving'])} ran] {message}"
                         for _, message in seen["problems"]]
            page.wait_for_timeout(300)
        assert "arrive" in moved, f"no card seen flying to the pile: {sorted(moved)}"
        if problems:
            fail(page, run, problems + tables.errors, pytestconfig)
    finally:
        tables.done(page)


SETUP_CHECK = """
() => {
  const problems = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width + 1) {
    problems.push(`the page is ${root.scrollWidth} px wide for a ${width} px screen`);
  }
  const form = document.querySelector('#setup').getBoundingClientRect();
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className ? '.' + String(el.className).split(' ').join('.') : '') +
    (el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : '');
  for (const el of document.querySelectorAll('#setup :is(input, select, button, summary)')) {
    if (!el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1) continue;
    if (r.left < form.left - 1 || r.right > form.right + 1) {
      problems.push(`${describe(el)} leaves the form (${Math.round(r.left)}-` +
                    `${Math.round(r.right)}, the form ${Math.round(form.left)}-` +
                    `${Math.round(form.right)})`);
    }
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 14) problems.push(`${describe(el)}: ${size} px text`);
    if (el.tagName === 'SELECT') {
      // Squashed: narrower than its chosen option's text (plus the arrow).
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(el).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      probe.textContent = el.options[el.selectedIndex]?.text ?? '';
      document.body.appendChild(probe);
      const need = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(el);
      const room = r.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) -
        parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth) - 20;  // arrow
      if (room < need) {
        problems.push(`${describe(el)} has ${Math.round(room)} px for ` +
                      `"${probe.textContent}" (${Math.round(need)} px)`);
      }
    }
  }
  for (const el of document.querySelectorAll('#setup *')) {
    if (!el.checkVisibility() || el.children.length) continue;
    if (!/\\S/.test(el.textContent)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 14) problems.push(`"${el.textContent.trim().slice(0, 30)}": ${size} px text`);
  }
  return problems;
}
"""


def test_setup_fits_a_small_phone(browser: Browser, site_url: str) -> None:
    """The setup form fits 360 px with every control readable."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  service_workers="block",
                                  is_mobile=True)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(site_url)
        page.wait_for_selector("body[data-ready='true']", state="attached")
        page.select_option("#setup-players", "8")
        page.locator("#setup-rules > summary").click()
        problems: list[str] = []
        for variant in VARIANTS:
            page.select_option("#setup-variant", variant)
            if not page.locator("#setup-rules").evaluate("d => d.open"):
                page.locator("#setup-rules > summary").click()
            problems += [f"{variant}: {p}" for p in page.evaluate(SETUP_CHECK)]
        assert not problems, "\n".join(problems)
    finally:
        context.close()
