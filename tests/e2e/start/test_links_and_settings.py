"""Links, notices and display settings in a real (headless) Chromium: Copy link always holds a
seed (on the setup screen and on the table), notices go by themselves, the projector display
is remembered, focus goes to the table after Deal, and a person's time to choose is real time
at any game speed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest
from e2e_table import KEYS, choice_seen, history, link, open_table, rat_deal, seat, watch_choice
from playwright.sync_api import BrowserContext, Page, expect

from web.model.links import parse_query
from web.model.settings import STORAGE_KEY

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page")]

SLAE = "slap-like-an-egyptian"
NAMES = "Ada,Ben"
TWO_PEOPLE: dict[str, str | int] = {"players": 2, "bots": "none", "names": NAMES}
SEED_IN_LINK = re.compile(r"[?&]seed=(\d+)(&|$)")
NOTICE_MS = 12_000
"""How long a notice stays (web/shell/app.py's NOTICE_MS)."""
WATCH_NOTICE = """
window.noticeSeen = {};
new MutationObserver(() => {
  const here = [...document.querySelectorAll('#notices li')]
    .some((li) => li.textContent.includes('seed=42'));
  const seen = window.noticeSeen;
  if (here && seen.added === undefined) seen.added = performance.now();
  if (!here && seen.added !== undefined && seen.gone === undefined) seen.gone = performance.now();
}).observe(document, {childList: true, subtree: true});
"""


def clipboard(context: BrowserContext) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])


def read_clipboard(page: Page) -> str:
    return str(page.evaluate("navigator.clipboard.readText()"))


def refuse_clipboard(page: Page) -> None:
    """The browser says no to every clipboard write (as without permission)."""
    page.add_init_script(
        "navigator.clipboard.writeText = () => "
        "Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));"
    )


def saved_settings(page: Page, **settings: Any) -> None:
    text = json.dumps({"version": 1, **settings})
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(text)}); }}"
    )


def open_setup(open_site: Callable[..., str], page: Page, params: dict[str, str | int]) -> None:
    assert open_site(link(params) if params else "") == "true", page.inner_text("#boot")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")


# --------------------------------------------------------------------------- Copy link


def test_copy_link_on_a_fresh_setup_picks_a_seed_and_shows_it(
    page: Page, context: BrowserContext, open_site: Callable[..., str]
) -> None:
    clipboard(context)
    open_setup(open_site, page, {})
    field = page.locator("#setup-seed")
    expect(field).to_have_value("")
    page.locator("#setup-copy").click()
    expect(field).to_have_value(re.compile(r"^\d+$"))
    seed = field.input_value()
    shown = page.locator("#setup-link")
    expect(shown).to_have_text(re.compile(r"^Copied: "))
    copied = shown.inner_text().removeprefix("Copied: ")
    match = SEED_IN_LINK.search(copied)
    assert match and match.group(1) == seed, copied
    assert "autostart=1" in copied
    assert read_clipboard(page) == copied
    # Copying again keeps the seed; Deal deals it.
    page.locator("#setup-copy").click()
    expect(field).to_have_value(seed)
    page.locator("#setup-start").click()
    expect(page.locator("#bar-seed")).to_have_text(seed)


def test_the_setup_shows_the_link_when_the_clipboard_is_refused(
    page: Page, open_site: Callable[..., str]
) -> None:
    refuse_clipboard(page)
    open_setup(open_site, page, {"seed": "friday night", **TWO_PEOPLE})
    page.locator("#setup-copy").click()
    shown = page.locator("#setup-link")
    expect(shown).to_have_text(re.compile(r"seed=friday%20night"))
    expect(shown).not_to_have_text(re.compile("Copied"))
    expect(page.locator("#setup-seed")).to_have_value("friday night")  # its own seed kept


def test_the_tables_copy_link_holds_the_game_in_play(
    page: Page, context: BrowserContext, open_site: Callable[..., str]
) -> None:
    clipboard(context)
    params: dict[str, str | int] = {"variant": "kurs", "players": 3, "bots": "3",
                                    "difficulty": "hard", "names": "Ada,Ben,Cy",
                                    "options": "decree_yields:false", "autostart": 1}
    open_table(open_site, page, params)  # no seed in the link: the page picks one
    seed = page.locator("#bar-seed").inner_text()
    assert seed.isdigit()
    button = page.locator("#table-copy")
    expect(button).to_be_visible()
    page.locator("#speed").select_option("2")
    button.click()
    notice = page.locator("#notices li", has_text="Link copied: ")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("role", "status")
    copied = read_clipboard(page)
    assert f"Link copied: {copied}" in notice.inner_text()
    url = urlsplit(copied)
    assert url.path.endswith("/") and "ratscrew-pages" in url.path
    config, notices = parse_query(url.query)
    assert notices == []
    assert (config.variant, config.players, config.seed, config.speed, config.autostart) == (
        "kurs", 3, seed, "2", True)
    assert [(s.name, s.bot, s.difficulty) for s in config.seats] == [
        ("Ada", False, "normal"), ("Ben", False, "normal"), ("Cy", True, "hard")]
    assert config.options == {"decree_yields": False}
    # Its ✕ dismisses a notice at once.
    notice.locator("button").click()
    expect(notice).to_have_count(0)
    # The setup screen has its own Copy link: the table's is hidden there.
    page.locator("#to-setup").click()
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(button).to_be_hidden()


def test_the_tables_copy_link_shows_the_link_when_the_clipboard_is_refused(
    page: Page, open_site: Callable[..., str]
) -> None:
    refuse_clipboard(page)
    page.add_init_script(WATCH_NOTICE)
    open_table(open_site, page, {**TWO_PEOPLE, "seed": 42, "autostart": 1})
    page.locator("#table-copy").click()
    notice = page.locator("#notices li", has_text="seed=42")
    expect(notice).to_be_visible()
    expect(notice).not_to_contain_text("copied")
    # Notices go by themselves after 12 s (and push nothing away: CSS): the page notes when
    # it came and went (the test may see it come late).
    expect(notice).to_have_count(0, timeout=NOTICE_MS + 20_000)
    shown = page.evaluate("window.noticeSeen")
    assert shown["gone"] - shown["added"] > NOTICE_MS - 1_000, shown


# --------------------------------------------------------------------------- settings, focus


def test_the_projector_display_is_toggled_and_remembered(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_setup(open_site, page, {})
    html = page.locator("html")
    expect(html).not_to_have_class(re.compile(r"\bprojector\b"))
    page.locator("#settings-open").click()
    box = page.locator("#projector")
    expect(box).not_to_be_checked()
    box.check()
    expect(html).to_have_class(re.compile(r"\bprojector\b"))
    page.keyboard.press("Escape")
    expect(page.locator("#settings")).not_to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready='true']", state="attached")
    expect(html).to_have_class(re.compile(r"\bprojector\b"))
    page.locator("#settings-open").click()
    expect(box).to_be_checked()
    box.uncheck()
    expect(html).not_to_have_class(re.compile(r"\bprojector\b"))
    stored = json.loads(str(page.evaluate(f"localStorage.getItem({json.dumps(STORAGE_KEY)})")))
    assert stored["projector"] is False


def test_focus_goes_to_the_table_after_deal_and_the_keys_work(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_setup(open_site, page, {**TWO_PEOPLE, "seed": 5})
    expect(page.locator("#setup-title")).to_be_focused()
    page.locator("#setup-start").click()
    table = page.locator("#table")
    expect(table).to_be_focused()
    page.keyboard.press(KEYS[0]["flip"])
    expect(seat(page, 0)).to_have_attribute("data-cards", "25")
    assert [h[1:3] for h in history(page)] == [[0, "flip"]]
    expect(table).to_be_focused()
    page.locator("#to-setup").click()
    expect(page.locator("#setup-title")).to_be_focused()


# --------------------------------------------------------------------------- time to choose


def test_a_choice_at_8x_lasts_its_real_seconds(page: Page, open_site: Callable[..., str]) -> None:
    """2 s to call the Rat are 2 real seconds at 8x (not a quarter of a second): the default is
    taken at game time 16 s, 2 real seconds after the game's clock started (once the table
    was drawn), and the countdown says seconds of real time."""
    saved_settings(page, choice_seconds=2)
    watch_choice(page, 1)
    seed = rat_deal()
    open_table(open_site, page, {"variant": SLAE, **TWO_PEOPLE, "seed": seed, "speed": 8,
                                 "autostart": 1})
    seen = choice_seen(page)
    assert seen["visible"], seen
    assert history(page)[-1] == [16_000, 1, "choose", "either"]
    assert any(re.fullmatch(r".*either in [12] s", text) for text in seen["clocks"]), seen
    # On screen until 2 real seconds after the clock started (the page's own readings: the
    # observer notes the panel a moment after the clock starts, by a machine's speed).
    assert seen["gone"] - seen["clockStarted"] >= 2_000 - 1, seen
