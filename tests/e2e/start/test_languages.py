"""The page's language, as a visitor meets it: the browser's, a link's, the one chosen on the
setup screen (remembered), and a catalogue that cannot be had (the page in English, said)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[3]
BOOT_MS = 60_000


def said(lang: str, msgid: str) -> str:
    """``msgid`` as ``lang``'s compiled catalogue says it."""
    data = json.loads((ROOT / "ratscrew" / "i18n" / "compiled" / f"{lang}.json")
                      .read_text(encoding="utf-8"))
    text = data["messages"][msgid]
    assert isinstance(text, str) and text != msgid
    return text


def visit(browser: Browser, url: str, locale: str = "en-US", saved: str = "") -> Page:
    context = browser.new_context(locale=locale, service_workers="block")
    if saved:
        context.add_init_script(f"localStorage.setItem('ratscrew.lang', {json.dumps(saved)})")
    page = context.new_page()
    page.set_default_timeout(BOOT_MS)
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']", state="attached")
    return page


@pytest.mark.parametrize(("locale", "saved", "link", "lang"), [
    ("de-DE", "", "", "de"),        # the browser's language
    ("pt-BR", "", "", "en"),        # one the game does not speak: English
    ("de-DE", "es", "", "es"),      # the one chosen before wins over the browser's
    ("de-DE", "es", "?lang=fr", "fr"),  # a link's wins over both
])
def test_the_page_opens_in_the_language_it_should(
        browser: Browser, site_url: str, locale: str, saved: str, link: str,
        lang: str) -> None:
    page = visit(browser, site_url + link, locale, saved)
    try:
        assert page.evaluate("document.documentElement.lang") == lang
        deal = "Deal" if lang == "en" else said(lang, "Deal")
        expect(page.locator("#setup-start")).to_have_text(deal)
        expect(page.locator("#setup-language")).to_have_value(lang)
    finally:
        page.context.close()


def test_the_setup_screens_menu_changes_the_language_and_remembers_it(
        browser: Browser, site_url: str) -> None:
    page = visit(browser, site_url)
    try:
        with page.expect_navigation():
            page.select_option("#setup-language", "fr")
        page.wait_for_selector("body[data-ready='true']", state="attached")
        assert page.evaluate("document.documentElement.lang") == "fr"
        expect(page.locator("#setup-start")).to_have_text(said("fr", "Deal"))
        assert page.evaluate("localStorage.getItem('ratscrew.lang')") == "fr"
        page.click("#setup-copy")
        expect(page.locator("#setup-link")).to_contain_text("lang=fr")
    finally:
        page.context.close()


def test_a_catalogue_that_cannot_be_had_leaves_the_page_in_english_and_says_so(
        browser: Browser, site_url: str) -> None:
    context = browser.new_context(service_workers="block")
    context.route("**/locale/de.json", lambda route: route.fulfill(status=404))
    page = context.new_page()
    page.set_default_timeout(BOOT_MS)
    try:
        page.goto(f"{site_url}?lang=de")
        page.wait_for_selector("body[data-ready='true']", state="attached")
        assert page.evaluate("document.documentElement.lang") == "en"
        expect(page.locator("#setup-start")).to_have_text("Deal")
        expect(page.locator(".notice").first).to_contain_text("Deutsch could not be loaded")
    finally:
        context.close()
