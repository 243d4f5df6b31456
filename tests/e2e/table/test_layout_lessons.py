"""A lesson's table at every size (the layout checks of tests/e2e/table/layout.py): its panel
whole, in sight and over nothing, beside the tallest thing a lesson shows with it (a person's
choice: the Emperor's decree), and on the projector display."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from layout import (
    CHECK,
    DESKTOP,
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
from playwright.sync_api import Browser, expect

from ratscrew.core.variant import seat_actions
from ratscrew.variants import find_variant

pytestmark = pytest.mark.e2e

SIZES = (DESKTOP, LAPTOP, SMALL, TABLET, PHONE, LANDSCAPE, SMALL_PHONE, SMALL_LANDSCAPE)
EMPEROR = 6
"""The K.U.R.S. lesson's step where the learner makes a decree (a choice in the rail)."""


@pytest.mark.parametrize("projector", [False, True], ids=["plain", "projector"])
@pytest.mark.parametrize("size", SIZES, ids=[s.name for s in SIZES])
def test_a_lessons_table_fits_every_screen(
    browser: Browser, site_url: str, size: Size, projector: bool,
    check_page: Callable[..., None],
) -> None:
    if projector and size.touch:
        pytest.skip("the projector display changes nothing on a touch screen of a phone")
    options = {"has_touch": True, "is_mobile": size.phone} if size.touch else {}
    context = browser.new_context(viewport={"width": size.width, "height": size.height},
                                  service_workers="block", **options)
    try:
        page = context.new_page()
        if projector:
            page.add_init_script("localStorage.setItem('ratscrew.settings.v1',"
                                 " JSON.stringify({version: 1, projector: true}))")
        page.goto(site_url + f"?learn=kurs&step={EMPEROR}")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
        expect(page.locator(".lesson-buttons button").first).to_be_visible(timeout=30_000)
        expect(page.locator(".choice")).to_be_visible()
        problems = page.evaluate(CHECK, {
            "phone": size.phone, "touch": size.touch, "people": [0],
            "actions": list(seat_actions(find_variant("kurs"))),
            "names": ["Ann", "Sam", "Kit"], "minFont": None})
        if not size.touch:
            problems += [["panels", m] for m in page.evaluate(PANELS_CHECK)]
        # The lesson's sentence is read first: on the screen when the table opens.
        box = page.locator("[data-zone='lesson-say']").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size.height
        check_page(page, [message for _, message in problems], f"lesson-{size.name}")
    finally:
        context.close()


@pytest.fixture
def check_page(pytestconfig: pytest.Config) -> Callable[..., None]:
    """Fail with every problem found, the page saved beside the test's output."""

    def check(page: object, problems: list[str], name: str) -> None:
        if problems:
            path = pytestconfig.rootpath / "test-results" / f"{name}.png"
            path.parent.mkdir(exist_ok=True)
            page.screenshot(path=str(path))  # type: ignore[attr-defined]
            pytest.fail(f"{name}: " + "; ".join(problems) + f" (see {path})", pytrace=False)

    return check
