"""K.U.R.S. in a real (headless) Chromium: the Major Arcana's choices answered by keyboard and
by touch, a decree typed (the game's keys rest meanwhile) and a fine, the Fool's peek.

As in test_variants.py, the engine tells the tests what will happen: each deal below was found
in CPython (the finders assert it still holds), the table is all-human with two players
(nothing acts but what the test does), and a :class:`Mirror` game plays the same actions. A
test that answers a choice gives itself all the time there is (:func:`open_patient_table`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from e2e_table import (
    KEYS,
    Mirror,
    expect_table,
    headline,
    history,
    open_patient_table,
    open_table,
    seat,
)
from playwright.sync_api import Page, expect

from ratscrew.core.engine import Game
from ratscrew.variants.kurs import CHARIOT, DECREES, DEVIL, EMPEROR, FOOL, ArcanaEffect

# Tables are dealt in one page (tests/e2e/shared_page.py).
pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page"), pytest.mark.shared_page]

KURS = "kurs"
NAMES = ("Ada", "Ben")


def first_flip(arcana: int) -> int:
    """A seed whose first card, Ada's, is the Major Arcana numbered ``arcana``."""
    for seed in range(1, 5000):
        game = Game(KURS, 2, seed=seed, names=NAMES)
        if game.pending is None and game.hands[0][0].arcana == arcana:
            return seed
    raise AssertionError(f"no deal starting with Major Arcana {arcana}")


def table(seed: int, **extra: str | int) -> dict[str, str | int]:
    return {"variant": KURS, "players": 2, "bots": "none", "seed": seed,
            "names": ",".join(NAMES), "autostart": 1, **extra}


def sentence(events: list[Any]) -> str:
    effect = [e for e in events if isinstance(e, ArcanaEffect)][-1]
    return effect.explain(NAMES)


def test_the_chariot_is_answered_with_the_keys(page: Page, open_site: Callable[..., str]) -> None:
    seed = first_flip(CHARIOT)
    mirror = Mirror(seed, names=NAMES, variant=KURS)
    open_patient_table(open_site, page, table(seed))
    mirror.act(0, "flip")
    page.keyboard.press(KEYS[0]["flip"])
    panel = page.locator("[data-choice='0']")
    expect(panel).to_be_visible()
    expect(panel.locator(".choice-prompt")).to_contain_text("The Chariot")
    # The buttons say what the options mean; the default is selected and named by the clock.
    expect(panel.locator(".choice-option")).to_have_text(["Keep my hand", "Trade with Ben"])
    expect(panel).to_have_attribute("data-selected", "keep")
    # The countdown is in real seconds, on the option it will choose.
    expect(panel.locator(".choice-default")).to_have_attribute("data-option", "keep")
    expect(panel.locator(".choice-default")).to_have_attribute(
        "data-clock", re.compile(r"in \d+ s"))

    # Ada's slap key moves to the next option; her flip key chooses it.
    page.keyboard.press(KEYS[0]["slap"])
    expect(panel).to_have_attribute("data-selected", "2")
    events = mirror.act(0, "choose", "2")
    page.keyboard.press(KEYS[0]["flip"])
    expect(panel).to_have_count(0)
    expect_table(page, mirror)
    said = sentence(events)
    assert "trades hands with Ben" in said
    expect(headline(page)).to_have_text(said)
    expect(headline(page)).to_have_attribute("data-kind", "arcana")
    expect(page.locator("#effect")).to_be_visible()
    expect(page.locator("#effect")).to_contain_text(said.removeprefix("The Chariot: "))
    expect(page.locator("#log")).to_contain_text(said)
    assert history(page)[-1][1:] == [0, "choose", "2"]


@pytest.mark.browser_context_args(has_touch=True)
def test_the_devil_is_answered_by_touch(page: Page, open_site: Callable[..., str]) -> None:
    seed = first_flip(DEVIL)
    mirror = Mirror(seed, names=NAMES, variant=KURS)
    open_patient_table(open_site, page, table(seed))
    mirror.act(0, "flip")
    seat(page, 0).locator(".touch-flip").tap()
    pending = mirror.game.pending
    assert pending is not None and pending.seat == 1
    panel = page.locator("[data-choice='1']")
    expect(panel.locator(".choice-option")).to_have_text(
        ["I did it too (keep my card)", "Not me: give Ada a card"])
    expect(page.locator("[data-choice='0']")).to_have_count(0)

    events = mirror.act(1, "choose", "give")
    panel.locator(".choice-option[data-option='give']").tap()
    expect(panel).to_have_count(0)
    expect_table(page, mirror)
    said = sentence(events)
    assert "Ben gives Ada a card" in said
    expect(headline(page)).to_have_text(said)
    assert history(page)[-1][1:] == [1, "choose", "give"]


def test_a_decree_is_typed_and_its_holder_fines(
    page: Page, open_site: Callable[..., str]
) -> None:
    seed = first_flip(EMPEROR)
    mirror = Mirror(seed, names=NAMES, variant=KURS, options={"decree_yields": False})
    open_patient_table(open_site, page, table(seed, options="decree_yields:false"))
    mirror.act(0, "flip")
    page.keyboard.press(KEYS[0]["flip"])
    panel = page.locator("[data-choice='0']")
    field = panel.locator("input.choice-text")
    expect(field).to_have_attribute("maxlength", "80")

    # The suggestions stay; the seat's slap key moves on through them to the text box, as
    # the panel's hint says (the left-hand slap key is no key of this game: it does nothing).
    expect(panel.locator(".choice-hint")).to_have_text("W moves \u00b7 Q chooses")
    page.keyboard.press(KEYS[0]["slap-left"])
    expect(panel).to_have_attribute("data-selected", DECREES[0])
    for _ in DECREES:
        page.keyboard.press(KEYS[0]["slap"])
    expect(panel).to_have_attribute("data-selected", "type")
    page.keyboard.press(KEYS[0]["flip"])
    expect(field).to_be_focused()
    before = len(history(page))
    decree = "Quiet, please: <b>no</b> q or w"
    page.keyboard.type(decree)  # q, w, o, p: every seat's keys, typed, not played
    assert len(history(page)) == before
    expect(page.locator("[data-pile]")).to_have_attribute("data-cards", "1")
    events = mirror.act(0, "choose", decree)
    page.keyboard.press("Enter")
    expect(panel).to_have_count(0)
    decrees = page.locator("#decrees")
    expect(decrees).to_be_visible()
    expect(decrees.locator(".decree-holder")).to_have_text(["Ada"])
    expect(decrees.locator(".decree-text")).to_have_text([decree])  # as text, not markup
    expect(decrees.locator("b")).to_have_count(1)
    expect(headline(page)).to_have_text(sentence(events))

    # Ada fines Ben: a real button for every player.
    fines = decrees.locator(".fine-row[data-fine='0'] .fine-button")
    expect(fines).to_have_text(["1 Ada", "2 Ben"])
    fines.nth(1).focus()
    page.keyboard.press("Enter")
    events = mirror.act(0, "fine", "2")
    expect_table(page, mirror)
    said = sentence(events)
    assert "Ada fines Ben a card" in said
    expect(decrees.locator(".fine-message")).to_have_text(said)
    expect(headline(page)).to_have_text(said)
    assert history(page)[-1][1:] == [0, "fine", "2"]


def test_the_fools_peek_is_for_its_player_only(page: Page, open_site: Callable[..., str]) -> None:
    seed = first_flip(FOOL)
    mirror = Mirror(seed, names=NAMES, variant=KURS)
    open_table(open_site, page, table(seed))
    events = mirror.act(0, "flip")
    page.keyboard.press(KEYS[0]["flip"])
    peek = [e for e in events if isinstance(e, ArcanaEffect)][-1].cards
    assert len(peek) == 5
    box = seat(page, 0).locator("[data-peek]")
    expect(box).to_contain_text("Your next cards")
    expect(box.locator(".card")).to_have_count(5)
    codes = box.locator(".card").evaluate_all("cards => cards.map(c => c.dataset.code)")
    assert codes == [c.code for c in peek]
    expect(seat(page, 1).locator("[data-peek]")).to_have_count(0)
    expect(page.locator("#log")).not_to_contain_text(peek[0].name)
