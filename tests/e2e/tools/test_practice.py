"""Slap practice in the page: a drill from a link deals the cards ratscrew/tools/practice.py deals
in CPython, and a scripted run scores exactly its hits, misses and false slaps (its accuracy
counting the false slaps); touch zones slap;
the best score outlives a reload; a hostile link still gives a working drill; Back returns to
the game's setup.

A drill lays a card every so many real seconds, and a slap counts for the card on top when it
comes: a test that slaps a given card would race the drill's clock (a slow machine's test could
slap the next card). Those tests stop the page's clock once the form is up (Playwright's
``page.clock``, installed before the page loads, so that Python starts with it running) and move
it on themselves (:func:`lay`): the drill waits for them, card by card.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from e2e_table import KEYS
from playwright.sync_api import Page, expect
from test_a11y import axe_problems

from ratscrew.tools.practice import Laid, plan_drill
from web.tools.practice.link import parse_query

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page")]

SLAP = {0: KEYS[0]["slap"], 1: KEYS[1]["slap"]}
"""Players 1 and 2's default slap keys (W and P)."""
PILE = "[data-zone=practice-pile]"
RESULTS = "[data-zone=practice-results]"
DRILL_MS = 90_000
STEP_MS = 250
"""How far :func:`lay` moves the stopped clock at a time (less than a card's time: it stops at
each card)."""


def open_drill(page: Page, open_site: Callable[..., str], query: str,
               stop_clock: bool = False) -> None:
    """Open the drill's form; with ``stop_clock``, its clock stands still from then on (only
    :func:`lay` moves it)."""
    if stop_clock:
        page.clock.install()
    assert open_site("?" + query) == "true"
    expect(page.locator("body")).to_have_attribute("data-screen", "practice")
    expect(page.locator("#practice-title")).to_have_text("Slap practice")
    if stop_clock:  # (a moment ahead: the page's clock goes on meanwhile)
        page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)


def lay(page: Page, index: int) -> None:
    """Move the stopped clock on until the drill has laid card ``index`` (after its countdown,
    for the first)."""
    on_top = page.locator(f"{PILE}[data-index='{index}']")
    for _ in range(DRILL_MS // STEP_MS):
        if on_top.count():
            return
        page.clock.run_for(STEP_MS)
    raise AssertionError(f"card {index} never came")


def finish(page: Page) -> None:
    """Move the stopped clock on until the drill is over and its results are up."""
    results = page.locator(f"{RESULTS}:not([hidden])")
    for _ in range(DRILL_MS // STEP_MS):
        if results.count():
            return
        page.clock.run_for(STEP_MS)
    raise AssertionError("the drill never ended")


def wait_card(page: Page, laid: Laid) -> None:
    """Card ``laid`` is on top of the page's pile: the same card CPython dealt."""
    lay(page, laid.index)
    top = page.locator(f"{PILE} .card").last
    expect(top).to_have_attribute("data-code", laid.card.code)


def stat(page: Page, player: int, name: str) -> str:
    return page.locator(f"{RESULTS} td[data-stat='{name}'][data-player='{player}']").inner_text()


def test_a_scripted_run_scores_exactly_its_hits_misses_and_false_slaps(
    page: Page, open_site: Callable[..., str]
) -> None:
    query = "practice=double,sandwich,marriage&players=2&cards=20&interval=1500&seed=drill-1"
    config, notices = parse_query(query)
    assert notices == []
    plan = plan_drill(config)
    patterns = [laid.index for laid in plan if laid.pattern is not None]
    plain = [laid.index for laid in plan if laid.pattern is None]
    assert len(patterns) >= 3 and len(plain) >= 6, "the seed should deal a few of each"
    # Player 1 hits every other pattern card (missing the rest) and slaps two plain cards;
    # player 2 hits only the second pattern card and slaps three other plain cards.
    slaps = {0: set(patterns[::2]) | set(plain[:2]), 1: {patterns[1]} | set(plain[2:5])}
    expected = {
        0: {"hits": len(patterns[::2]), "misses": len(patterns) - len(patterns[::2]),
            "false": 2},
        1: {"hits": 1, "misses": len(patterns) - 1, "false": 3},
    }
    open_drill(page, open_site, query, stop_clock=True)
    expect(page.locator("#practice-players")).to_have_value("2")
    page.click("#practice-start")
    checked_hit = False
    for laid in plan:
        wait_card(page, laid)
        for player in (0, 1):
            if laid.index in slaps[player]:
                page.keyboard.press(SLAP[player])
        if laid.pattern is not None and laid.index in slaps[0] and not checked_hit:
            # The hit's feedback names the rule, and the pile marks the pattern's cards.
            hit = page.locator("[data-zone=practice-feedback] [data-kind=hit][data-player='0']")
            expect(hit.first).to_contain_text(laid.pattern.title)
            marked = page.locator(f"{PILE} .card[data-pattern='{laid.pattern.rule}']")
            expect(marked).to_have_count(len(laid.pattern.cards))
            codes = sorted(marked.evaluate_all("(cards) => cards.map((c) => c.dataset.code)"))
            assert codes == sorted(c.code for c in laid.pattern.cards)
            checked_hit = True
    assert checked_hit
    finish(page)
    for player, counts in expected.items():
        for name, count in counts.items():
            assert stat(page, player, name) == str(count), (player, name)
        score = page.locator(f"[data-zone=practice-score] .practice-lane-score"
                             f"[data-player='{player}'] [data-stat=hits] .lane-number")
        expect(score).to_have_text(str(counts["hits"]))
    # Accuracy counts the false slaps: hits of hits, misses and false slaps, said so; the
    # patterns caught leave them out.
    for player, counts in expected.items():
        judged = counts["hits"] + counts["misses"] + counts["false"]
        accuracy = round(100 * counts["hits"] / judged)
        assert stat(page, player, "accuracy") == f"{accuracy}% {counts['hits']} of {judged}"
        caught = round(100 * counts["hits"] / len(patterns))
        assert stat(page, player, "caught") == f"{caught}% {counts['hits']} of {len(patterns)}"
    heads = page.locator(f"{RESULTS} [data-table=totals] thead th").all_inner_texts()
    assert heads.index("Accuracy") < heads.index("Caught")
    expect(page.locator(f"{RESULTS} [data-zone=practice-figures]")).to_contain_text(
        "Accuracy: hits out of hits, misses and false slaps together")
    # The patterns caught per rule add up to the hits and the chances.
    cells = page.locator(f"{RESULTS} td[data-stat=rule][data-player='0']")
    hits = sum(int(v) for v in cells.evaluate_all("(cs) => cs.map((c) => c.dataset.hits)"))
    chances = sum(int(v) for v in cells.evaluate_all("(cs) => cs.map((c) => c.dataset.chances)"))
    assert (hits, chances) == (expected[0]["hits"], len(patterns))


def test_a_touch_zone_slaps_and_esc_pauses_and_ends(
    page: Page, open_site: Callable[..., str]
) -> None:
    query = "practice=lucky-7,double&players=2&cards=20&interval=1500&seed=touch"
    plan = plan_drill(parse_query(query)[0])
    open_drill(page, open_site, query, stop_clock=True)
    page.click("#practice-start")
    first = plan[0]
    wait_card(page, first)
    page.dispatch_event(".practice-zone[data-player='1']", "pointerdown",
                        {"button": 0, "pointerType": "touch", "isPrimary": True})
    kind = "hits" if first.pattern is not None else "false"
    lane = page.locator(".practice-lane-score[data-player='1']")
    expect(lane.locator(f"[data-stat={kind}] .lane-number")).to_have_text("1")
    page.keyboard.press("Escape")
    expect(page.locator(".practice-paused")).to_be_visible()
    page.get_by_role("button", name="End the drill").click()
    page.wait_for_selector(f"{RESULTS}:not([hidden])")
    assert stat(page, 1, kind) == "1"
    assert stat(page, 0, "hits") == "0" and stat(page, 0, "false") == "0"


def test_the_best_score_is_kept_after_a_reload(page: Page,
                                               open_site: Callable[..., str]) -> None:
    query = "practice=double,lucky-7&cards=20&interval=1200&seed=best"
    plan = plan_drill(parse_query(query)[0])
    target = next(laid for laid in plan if laid.pattern is not None)
    open_drill(page, open_site, query, stop_clock=True)
    expect(page.locator("[data-zone=practice-best]")).to_contain_text("No best score yet")
    page.click("#practice-start")
    wait_card(page, target)
    page.keyboard.press(SLAP[0])
    expect(page.locator("[data-zone=practice-feedback] [data-kind=hit]")).to_have_count(1)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="End the drill").click()
    page.wait_for_selector(f"{RESULTS}:not([hidden])")
    score = stat(page, 0, "score")
    assert int(score) > 0
    expect(page.locator(f"{RESULTS} [data-zone=practice-best]")).to_contain_text(
        f"New best for this drill: {score}")
    page.clock.resume()
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("#practice [data-zone=practice-best]")).to_have_text(
        f"Best score for this drill: {score} of 1000")


def test_a_hostile_link_gives_notices_and_a_working_default_drill(
    page: Page, open_site: Callable[..., str]
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_drill(page, open_site, "practice=%3Cscript%3Ealert(1)%3C/script%3E&cards=-5")
    notices = page.locator("#notices .notice")
    expect(notices.filter(has_text="Ignored unknown slap rule")).to_have_count(1)
    expect(notices.filter(has_text="outside 20 to 200")).to_have_count(1)
    expect(page.locator("#practice script")).to_have_count(0)
    checked = page.locator("#practice input[name=rule]:checked")
    expect(checked).not_to_have_count(0)
    expect(page.locator("#practice-cards")).to_have_value("20")
    seed = page.locator("#practice-seed").input_value()
    assert seed, "a seed is picked and shown"
    page.click("#practice-start")
    page.wait_for_selector(f"{PILE}[data-index='0']", state="attached", timeout=DRILL_MS)
    assert dialogs == []


def test_back_returns_to_the_game_setup(page: Page, open_site: Callable[..., str]) -> None:
    open_drill(page, open_site, "practice=marriage&seed=back")
    page.click("#practice-back")
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#practice")).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    # The setup's button opens practice again, as it was left.
    page.click("#setup-practice")
    expect(page.locator("body")).to_have_attribute("data-screen", "practice")
    expect(page.locator("#practice input[name=rule][value=marriage]")).to_be_checked()


def test_the_form_the_drill_and_the_results_pass_axe(page: Page,
                                                     open_site: Callable[..., str]) -> None:
    open_drill(page, open_site, "practice=double,marriage&players=3&cards=20&seed=axe")
    problems = axe_problems(page)
    assert problems == [], "\n".join(problems)
    page.click("#practice-start")
    page.wait_for_selector(f"{PILE}[data-index='1']", state="attached", timeout=DRILL_MS)
    page.keyboard.press(SLAP[0])
    problems = axe_problems(page)
    assert problems == [], "\n".join(problems)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="End the drill").click()
    page.wait_for_selector(f"{RESULTS}:not([hidden])")
    problems = axe_problems(page)
    assert problems == [], "\n".join(problems)
