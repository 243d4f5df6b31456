"""The table's layout in German, the longest of the game's languages (its seat counts,
statuses, the challenge line, the pile's note, the panels and the buttons all longer), at
every size, with the checks of tests/e2e/table/layout.py: one run a size, the variants and
player counts turning, a person in every other one; at 1920x1080 and 1280x720 on the
projector display too, and every variant once with the long names on the small laptop; and a
lesson's burn contest on the laptops (the lesson's panel over the table, badges on the seats)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from layout import (
    CHECK,
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
    check_options,
    open_tables,
    play_run,
    settle,
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


LESSON = Run(LAPTOP, "firefighters", 3, people=(0,), lang=LANG)
"""The Firefighters lesson's table (Ann at the keyboard, Sam and Kit its bots)."""


@pytest.mark.parametrize("size", [LAPTOP, SMALL], ids=[LAPTOP.name, SMALL.name])
def test_a_lesson_with_a_burn_contest_in_german(size: Size, browser: Browser,
                                                 site_url: str) -> None:
    """The lesson's panel over the table, a burn contest's panel in the rail and a badge on
    every seat, on the laptops: the longest sentences of a lesson and the seats' badges in
    German leave the pile, its note and the Burn pile their room."""
    run = replace(LESSON, size=size)
    context = browser.new_context(viewport={"width": size.width, "height": size.height},
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{site_url}?learn=firefighters&step=6&lang={LANG}")
        page.wait_for_selector("body[data-ready='true']", state="attached")
        page.wait_for_selector("[data-zone='contest']:not([hidden])")
        settle(page)
        options = {**check_options(run), "names": ["Ann", "Sam", "Kit"]}  # the lesson's
        problems = [message for _, message in page.evaluate(CHECK, options)]
        assert not problems, "\n".join(problems)
    finally:
        context.close()
