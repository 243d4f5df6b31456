"""The table's layout in German, the longest of the game's languages (its seat counts,
statuses, the challenge line, the pile's note, the panels and the buttons all longer), at
every size, with the checks of tests/e2e/table/layout.py: one run a size, the variants and
player counts turning, a person in every other one; at 1920x1080 and 1280x720 on the
projector display too, and every variant once with the long names on the small laptop."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from layout import (
    DESKTOP,
    HUMAN,
    LANDSCAPE,
    LAPTOP,
    PHONE,
    PLAYERS,
    SMALL,
    SMALL_LANDSCAPE,
    SMALL_PHONE,
    TABLET,
    VARIANTS,
    Run,
    Size,
    Tables,
    open_tables,
    play_run,
)
from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e

LANG = "de"
DESKTOP_SIZES = (DESKTOP, LAPTOP, SMALL)
TOUCH_SIZES = (TABLET, PHONE, LANDSCAPE, SMALL_PHONE, SMALL_LANDSCAPE)


def _turning(sizes: tuple[Size, ...], shift: int) -> list[Run]:
    return [Run(size, VARIANTS[(i + shift) % len(VARIANTS)],
                PLAYERS[(i + shift) % len(PLAYERS)], people=HUMAN if i % 2 == 0 else (),
                lang=LANG)
            for i, size in enumerate(sizes)]


RUNS = [
    *_turning(DESKTOP_SIZES, 0),
    Run(DESKTOP, "kurs", 8, lang=LANG, projector=True),
    Run(SMALL, "firefighters", 6, people=HUMAN, lang=LANG, projector=True),
    *[Run(SMALL, variant, 8, long_names=True, lang=LANG) for variant in VARIANTS],
    *_turning(TOUCH_SIZES, 3),
]


@pytest.fixture(scope="module")
def tables(browser: Browser, site_url: str) -> Iterator[Tables]:
    yield from open_tables(browser, site_url)


@pytest.mark.parametrize("run", RUNS, ids=[run.id for run in RUNS])
def test_layout_in_german(run: Run, tables: Tables, pytestconfig: pytest.Config) -> None:
    play_run(run, tables, pytestconfig)
