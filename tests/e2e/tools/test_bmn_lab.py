"""The Beggar-My-Neighbour lab: hands typed or one click away, the analyser's answer at once,
and the deal watched on the table with a trick counter."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from ratscrew.tools.bmn import analyse, format_result
from web.tools.bmn.deals import FAMOUS

pytestmark = pytest.mark.e2e


def open_lab(page: Page, open_site: Callable[..., str]) -> None:
    assert open_site() == "true"
    page.click("#setup-bmn")
    expect(page.locator("body")).to_have_attribute("data-screen", "bmn")
    expect(page.locator("#bmn-title")).to_be_visible()


def answer(p1: str, p2: str) -> str:
    text = format_result(analyse(p1, p2))
    return text[:1].upper() + text[1:] + "."


def test_the_lab_answers_at_once_and_plays_a_worked_example_on_the_table(
    page: Page, open_site: Callable[..., str]
) -> None:
    open_lab(page, open_site)
    result = page.locator("[data-zone='bmn-result']")
    expect(result).to_have_text(answer(*FAMOUS[0].hands))  # "Finished: 85 cards, ..."
    page.click("[data-deal='2']")  # the whole pack that never ends
    expect(result).to_have_text(answer(*FAMOUS[2].hands))
    expect(result).to_have_attribute("data-status", "loop")
    # Typed hands, in full ranks: read as typed, the answer follows each key.
    page.fill("#bmn-hand-1", "10H QS 3D")
    page.fill("#bmn-hand-2", "4C JD 2S")
    expect(result).to_have_text(answer("10H QS 3D", "4C JD 2S"))
    page.fill("#bmn-hand-2", "4C JD 1S")
    expect(result).to_have_text("Hand 2, position 7: '1' is not a card; ten is written 10 or T")
    expect(page.locator("#bmn-watch")).to_be_disabled()
    page.fill("#bmn-hand-2", "AAAA")
    page.fill("#bmn-hand-1", "A")
    expect(result).to_contain_text("more than 4 As: it is not one pack")
    # The worked example, watched at instant speed: the table's game is the analysed one.
    page.click("[data-deal='0']")
    page.select_option("#bmn-speed", "instant")
    page.click("#bmn-watch")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    page.wait_for_selector("body[data-winner]", state="attached", timeout=60_000)
    expect(page.locator("body")).to_have_attribute("data-winner", "0")  # player 1 wins
    game = page.evaluate("(() => { const g = window.ratscrewApp.session.game;"
                         " return [g.cards_played, g.tricks]; })()")
    assert game == [85, 12]
    page.click("#gameover-review")
    expect(page.locator("#pile-note")).to_contain_text("12 tricks")
    # Play again: the same deal, from its start, with the trick counter.
    page.click("#step-back")
    expect(page.locator("#pile-note")).to_contain_text("trick 12")


def test_a_deal_watched_slowly_counts_its_tricks(page: Page,
                                                 open_site: Callable[..., str]) -> None:
    open_lab(page, open_site)
    page.click("[data-deal='3']")  # J-- / -J-: a loop of three tricks
    page.select_option("#bmn-speed", "4")
    # The page notes every trick the pile's note counts (at 4x, a trick may be over before a
    # check of the test's own could see it).
    page.evaluate(WATCH_TRICKS)
    page.click("#bmn-watch")
    page.wait_for_selector("body[data-winner='none']", state="attached", timeout=60_000)
    expect(page.locator("#gameover-title")).to_have_text("This deal never ends")
    counted = page.evaluate("window.tricksSeen")
    assert counted[:3] == ["trick 1", "trick 2", "trick 3"], counted


WATCH_TRICKS = """() => {
  window.tricksSeen = [];
  new MutationObserver(() => {
    const note = document.getElementById('pile-note');
    const trick = note && (note.textContent.match(/trick \\d+/) || [])[0];
    const seen = window.tricksSeen;
    if (trick && seen[seen.length - 1] !== trick) seen.push(trick);
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""
