"""A lesson's table at every size (the layout checks of tests/e2e/table/layout.py): its panel
whole, in sight and over nothing, beside the tallest thing a lesson shows with it (a person's
choice: the Emperor's decree), and on the projector display. One page a kind of screen
(touch or not) opens the lesson at each size in place (``ratscrewApp.open_link``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from layout import (
    CHECK,
    DESKTOP,
    DISPLAY,
    LANDSCAPE,
    LAPTOP,
    PANELS_CHECK,
    PHONE,
    SMALL,
    SMALL_LANDSCAPE,
    SMALL_PHONE,
    TABLET,
    Size,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ratscrew.core.variant import seat_actions
from ratscrew.variants import find_variant

pytestmark = pytest.mark.e2e

SIZES = (DESKTOP, LAPTOP, SMALL, TABLET, PHONE, LANDSCAPE, SMALL_PHONE, SMALL_LANDSCAPE)
RUNS = [(size, projector) for size in SIZES for projector in (False, True)
        if not (projector and size.touch)]  # the projector display changes no touch screen
EMPEROR = 6
"""The K.U.R.S. lesson's step where the learner makes a decree (a choice in the rail)."""


@pytest.fixture(scope="module")
def pages(browser: Browser, site_url: str) -> Iterator[dict[bool, Page]]:
    """A page for the screens without touch and one for those with it, booted once."""
    contexts: list[BrowserContext] = []
    out: dict[bool, Page] = {}
    for touch in (False, True):
        options = {"has_touch": True, "is_mobile": True} if touch else {}
        context = browser.new_context(service_workers="block", **options)
        contexts.append(context)
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("body[data-ready='true']", state="attached", timeout=60_000)
        out[touch] = page
    yield out
    for context in contexts:
        context.close()


@pytest.mark.parametrize(("size", "projector"), RUNS,
                         ids=[f"{s.name}{'-projector' * p}" for s, p in RUNS])
def test_a_lessons_table_fits_every_screen(
    pages: dict[bool, Page], size: Size, projector: bool, pytestconfig: pytest.Config
) -> None:
    page = pages[size.touch]
    page.set_viewport_size({"width": size.width, "height": size.height})
    page.evaluate(f"window.ratscrewApp.open_link('learn=kurs&step={EMPEROR}')")
    expect(page.locator(".lesson-buttons button").first).to_be_visible(timeout=30_000)
    expect(page.locator(".choice")).to_be_visible()
    page.evaluate(DISPLAY, projector)
    problems = page.evaluate(CHECK, {
        "phone": size.phone, "touch": size.touch, "people": [0],
        "actions": list(seat_actions(find_variant("kurs"))),
        "names": ["Ann", "Sam", "Kit"], "minFont": None})
    messages = [message for _, message in problems]
    if not size.touch:
        messages += page.evaluate(PANELS_CHECK)
    # The lesson's sentence is read first: on the screen when the step is said.
    box = page.locator("[data-zone='lesson-say']").bounding_box()
    if box is None or box["y"] < 0 or box["y"] + box["height"] > size.height:
        messages.append(f"the lesson's sentence is not on the screen: {box}")
    if messages:
        name = f"lesson-{size.name}{'-projector' * projector}"
        path = pytestconfig.rootpath / "test-results" / f"{name}.png"
        path.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(path))
        pytest.fail(f"{name}: " + "; ".join(messages) + f" (see {path})", pytrace=False)
