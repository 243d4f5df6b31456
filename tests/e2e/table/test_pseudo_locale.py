"""Every screen in the pseudo-locale (``lang=en-XA``: every message bracketed, accented and
40% longer, scripts/catalogues/pseudo.py): no text on it outside the catalogue, and the
layout checks of tests/e2e/table/layout.py pass with the longer texts.

Walked at 1920x1080, 1366x768 and 390x844 (touch), one page a size: the setup form (its house
rules open), Settings, a notice (a bad link), the lessons' list and a lesson at its tallest
moment (the Emperor's decree: a choice and the lesson's panel), a burn contest (the
Firefighters lesson), the slap drill, the statistics lab, the Beggar-My-Neighbour lab, the
phones' panel, every variant's table in play (its headline, seats, pile, panels and log), the
end screen; at 1366x768 before Python too (Python's download held back): the setup form, and a
link's loading panel with How to play; and the seat page a phone opens.

A text leaks when, its bracketed parts taken out, a word of two or more Latin letters is left
(a card code, a link and what a player typed aside): the pseudo-locale accents every letter of
a message, so any plain word came from somewhere else. Names are in ``[data-name]``; key caps
(``kbd``) and cards' faces (``.card``) are symbols, not words.
"""

from __future__ import annotations

import pytest
from layout import CHECK, DESKTOP, LAPTOP, PANELS_CHECK, PHONE, Size, settle
from playwright.sync_api import Browser, Page, expect

from ratscrew.core.variant import seat_actions
from ratscrew.variants import VARIANTS, find_variant

pytestmark = pytest.mark.e2e

PSEUDO = "en-XA"
BURN_STEP = 6
"""The Firefighters lesson's step in a burn contest (its panel in the rail)."""
BOOT_MS = 60_000
SIZES = (DESKTOP, LAPTOP, PHONE)

LEAKS = """() => {
  const CODES = /\\b(?:10|[2-9AJQKPN])(?:WA|CU|SW|PE|[SHDC])\\b|\\bM\\d{1,2}\\b|\\b[RB]J\\b/g;
  const SKIP = "script, style, template, noscript, kbd, code, svg, canvas, [data-name], .card, "
    + "[translate='no'], input, textarea, select option:not(:checked)";
  // Names are what players typed (or a lesson's): the seats' [data-name] say which.
  const names = [...document.querySelectorAll("[data-name]")]
    .map((el) => el.textContent.trim()).filter(Boolean).sort((a, b) => b.length - a.length);
  const strip = (text) => {
    let depth = 0;
    let kept = "";
    for (const name of names) text = text.replaceAll(name, " ");
    for (const ch of text) {
      if (ch === "[") depth += 1;
      else if (ch === "]") depth = Math.max(0, depth - 1);
      else if (!depth) kept += ch;
    }
    return kept.replace(/https?:\\/\\/\\S+/g, " ").replace(CODES, " ");
  };
  const leak = (text) => /[A-Za-z]{2,}/.test(strip(text));
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const where = (el) => {
    const id = el.closest("[id]");
    const cls = el.className ? `.${String(el.className).split(" ")[0]}` : "";
    return `${el.tagName.toLowerCase()}${cls}${id ? ` in #${id.id}` : ""}`;
  };
  const found = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    if (!text || !el || el.closest(SKIP) || !shown(el) || !leak(text)) continue;
    found.set(text, where(el));
  }
  for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (el.closest("template, [data-name]") || !shown(el)) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = el.getAttribute(name);
      if (value && leak(value)) found.set(`${name}="${value}"`, where(el));
    }
  }
  if (leak(document.title)) found.set(`<title>${document.title}`, "head");
  return [...found].map(([text, at]) => `${text.slice(0, 90)} (${at})`);
}"""


def leaks(page: Page, screen: str) -> list[str]:
    return [f"{screen}: {leak}" for leak in page.evaluate(LEAKS)]


def open_page(browser: Browser, size: Size, path: str) -> Page:
    options = {"has_touch": True, "is_mobile": True} if size.touch else {}
    context = browser.new_context(viewport={"width": size.width, "height": size.height},
                                  service_workers="block", **options)
    page = context.new_page()
    page.set_default_timeout(BOOT_MS)
    page.goto(path)
    return page


def layout_problems(page: Page, size: Size, variant: str, people: list[int]) -> list[str]:
    """The layout checks of tests/e2e/table/layout.py, once nothing moves (a card in flight is
    on its way, not in its place)."""
    settle(page)
    problems = [message for _, message in page.evaluate(CHECK, {
        "phone": size.phone, "touch": size.touch, "people": people,
        "actions": list(seat_actions(find_variant(variant))), "names": [], "minFont": None})]
    if not size.touch:
        problems += page.evaluate(PANELS_CHECK)
    return problems


MOMENTS = {"kurs": "() => !!document.querySelector('#side-pile:not([hidden])')"}
"""A variant's busiest moment in the game :func:`play_a_while` deals: K.U.R.S.' Hermit's
cards beside the pile (their title, longer in a longer language, beside the pile's fan)."""
PLAYED = "() => (window.ratscrewApp.session?.game.history.length ?? 0) >= 25"


def play_a_while(page: Page, variant: str) -> None:
    """An all-bot table of ``variant`` dealt in the page, played to its :data:`MOMENTS` (else
    25 actions), then stopped."""
    page.evaluate("q => window.ratscrewApp.open_link(q)",
                  f"variant={variant}&players=4&bots=all&seed=12&speed=8&autostart=1")
    page.wait_for_function(MOMENTS.get(variant, PLAYED))
    page.evaluate("window.ratscrewApp.stop_timers()")


def to_setup(page: Page) -> None:
    page.evaluate("window.ratscrewApp.open_link('')")
    if page.locator("#to-setup").is_visible():
        page.click("#to-setup")
    expect(page.locator("#setup-start")).to_be_visible()


@pytest.mark.parametrize("size", SIZES, ids=[s.name for s in SIZES])
def test_every_screen_says_only_what_the_catalogue_holds(
        browser: Browser, site_url: str, size: Size) -> None:
    page = open_page(browser, size, f"{site_url}?lang={PSEUDO}")
    found: list[str] = []
    try:
        page.wait_for_selector("body[data-ready='true']", state="attached")
        assert page.evaluate("document.documentElement.lang") == PSEUDO

        page.click("#setup-rules summary")
        found += leaks(page, "setup")
        page.click("#setup-rules summary")

        page.click("#settings-open")
        expect(page.locator("#settings")).to_be_visible()
        found += leaks(page, "settings")
        page.click("#settings-close")

        page.evaluate("window.ratscrewApp.open_link('variant=nonesuch&players=40')")
        expect(page.locator(".notice").first).to_be_visible()
        found += leaks(page, "notices")
        # Dismissed with their ✕, as a player does (else, for their 12 s, they float over
        # the screens walked next: a phone's seat, say).
        notices = page.locator("#notices .notice")
        while notices.count():
            notices.first.locator(".notice-close").click()
        page.evaluate("window.ratscrewApp.stop_timers()")
        to_setup(page)

        for button, screen in (("#setup-lessons", "lessons"), ("#setup-practice", "practice"),
                               ("#setup-lab", "lab"), ("#setup-bmn", "bmn lab"),
                               ("#setup-phones", "phones")):
            page.click(button)
            page.wait_for_timeout(300)
            found += leaks(page, screen)
            to_setup(page)

        page.evaluate("window.ratscrewApp.open_link('learn=kurs&step=6')")
        expect(page.locator(".choice")).to_be_visible()
        found += leaks(page, "lesson")
        found += [f"lesson layout: {p}" for p in layout_problems(page, size, "kurs", [0])]

        page.evaluate(f"window.ratscrewApp.open_link('learn=firefighters&step={BURN_STEP}')")
        expect(page.locator(".contest")).to_be_visible()
        found += leaks(page, "burn contest")
        found += [f"burn contest layout: {p}"
                  for p in layout_problems(page, size, "firefighters", [0])]

        for variant in sorted(VARIANTS):
            play_a_while(page, variant)
            found += leaks(page, variant)
            found += [f"{variant} layout: {p}" for p in layout_problems(page, size, variant, [])]

        page.evaluate("window.ratscrewApp.open_link("
                      "'players=2&bots=all&seed=5&speed=instant&autostart=1')")
        expect(page.locator("#gameover")).to_be_visible()
        found += leaks(page, "end")
    finally:
        page.context.close()
    assert not found, f"{len(found)} text(s) outside the catalogue:\n" + "\n".join(found)


def test_the_setup_before_python_and_the_seat_page_say_only_the_catalogue(
        browser: Browser, site_url: str) -> None:
    page = open_page(browser, LAPTOP, "about:blank")
    found: list[str] = []
    try:
        page.route("**/app.zip", lambda route: None)  # held: Python never starts
        page.goto(f"{site_url}?lang={PSEUDO}")
        page.wait_for_selector("body[data-setup='live']", state="attached")
        page.click("#setup-rules summary")
        found += leaks(page, "setup before Python")
        # A link's first screen before Python: the loading panel and How to play.
        page.goto(f"{site_url}?lang={PSEUDO}&seed=7")
        expect(page.locator("#howto")).to_be_visible()
        found += leaks(page, "loading and How to play")
        page.goto(f"{site_url}web/seat/?lang={PSEUDO}")
        page.wait_for_function("document.documentElement.lang === 'en-XA'")
        page.wait_for_timeout(300)
        found += leaks(page, "seat page")
    finally:
        page.context.close()
    assert not found, f"{len(found)} text(s) outside the catalogue:\n" + "\n".join(found)


RTL = "ar-XB"


@pytest.mark.parametrize("size", (LAPTOP, PHONE), ids=[s.name for s in (LAPTOP, PHONE)])
def test_a_right_to_left_language_mirrors_the_table_without_overlap(
        browser: Browser, site_url: str, size: Size) -> None:
    """The pseudo-locale written right to left (``lang=ar-XB``: ``<html dir="rtl">``): every
    variant's table mirrored (the rail on the left, the first seat's number on its right) and
    the layout checks passing."""
    page = open_page(browser, size, f"{site_url}?lang={RTL}")
    found: list[str] = []
    try:
        page.wait_for_selector("body[data-ready='true']", state="attached")
        assert page.evaluate("[document.documentElement.lang, document.dir]") == [RTL, "rtl"]
        for variant in sorted(VARIANTS):
            play_a_while(page, variant)
            found += [f"{variant}: {p}" for p in layout_problems(page, size, variant, [])]
        if not size.touch:  # the rail (the log) is on the left of the felt
            rail = page.locator(".rail").bounding_box()
            felt = page.locator(".felt").bounding_box()
            assert rail and felt and rail["x"] + rail["width"] <= felt["x"] + 1
    finally:
        page.context.close()
    assert not found, f"{len(found)} layout problem(s) right to left:\n" + "\n".join(found)
