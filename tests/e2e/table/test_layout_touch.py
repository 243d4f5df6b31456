"""The table's layout on touch screens: the tablet, phones upright and held sideways (people
sharing one), and Firefighters on phones at its busiest moments (the plan and the checks:
tests/e2e/table/layout.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from layout import (
    LANDSCAPE,
    PHONE,
    SMALL_LANDSCAPE,
    SMALL_PHONE,
    TOUCH_RUNS,
    Run,
    Tables,
    at_moments,
    fail,
    open_tables,
    play_run,
)
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def tables(browser: Browser, site_url: str) -> Iterator[Tables]:
    yield from open_tables(browser, site_url)


@pytest.mark.parametrize("run", TOUCH_RUNS, ids=[run.id for run in TOUCH_RUNS])
def test_layout_touch(run: Run, tables: Tables, pytestconfig: pytest.Config) -> None:
    play_run(run, tables, pytestconfig)


FIRE_ON_PHONES = (
    *((Run(size, "firefighters", 8, long_names=True, seed=3), (38, 55, 64))
      for size in (PHONE, SMALL_PHONE, LANDSCAPE, SMALL_LANDSCAPE)),
    *((Run(size, "firefighters", 6, seed=3), (5, 43, 84)) for size in (PHONE, SMALL_PHONE)),
)
"""All-bot Firefighters tables on phones, upright and sideways, and moments of their games:
a burn contest under way (its panel; "burned" on some seats and "burn a card!" on others,
cardless seats among them: 38, 55 and 5, 43), then a fire burning that cardless seats "may put
out", just after a contest (its winner's note, "+1 card", "+2 cards", while it shows: 64, 84)."""


def burn_or_fire(page: Page) -> str | None:
    """A burn contest (some seats burned, some to burn) or a fire to put out."""
    if page.locator("#contest[data-state='burning']").is_visible():
        burned = page.locator("[data-seat][data-marks~='burned']").count()
        to_burn = page.locator("[data-seat][data-marks~='burn']").count()
        return None if burned and to_burn else f"{burned} seats burned, {to_burn} to burn"
    if page.locator("#burn.fire").is_visible():
        put_out = page.locator("[data-seat][data-marks~='put-out']").count()
        return None if put_out else "no seat may put out the fire"
    return "no burn contest and no fire"


@pytest.mark.parametrize(("run", "moments"), FIRE_ON_PHONES,
                         ids=[r.id for r, _ in FIRE_ON_PHONES])
def test_firefighters_on_phones(run: Run, moments: tuple[int, ...], tables: Tables,
                                pytestconfig: pytest.Config) -> None:
    """The Burn pile's title never over its card, the badges inside their tiles (or on their
    borders) covering nothing, a note never over a name: in a burn contest and with a fire
    burning, at every phone size."""
    page = tables.open(run)
    try:
        problems = at_moments(page, run, moments, burn_or_fire)
        if problems:
            fail(page, run, problems + tables.errors, pytestconfig)
    finally:
        tables.done(page)
