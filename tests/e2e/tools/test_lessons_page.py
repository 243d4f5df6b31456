"""Lessons in the browser: a whole lesson learned with the keys at 1366x768 and another with
touches on an upright phone, a wrong action explained and tried again, Show me and Back,
the race with an easy bot, the teacher's mode on the projector, a lesson's link (opened at a
step; bad values said), the list of lessons with their lengths and the lessons finished,
and axe on the lesson's screens."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ratscrew.tools.lesson import NEXT, Lesson, lesson_of
from web.model.keymap import default_keymap
from web.tools.lesson.model import STORAGE_KEY, length_text, summaries

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page")]

ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
STEP_MS = 30_000
"""How long a step may take to be said (the others' moves before it, on a slow machine)."""
KEYS = default_keymap()
FAST = ("localStorage.setItem('ratscrew.settings.v1', JSON.stringify({version: 1, speed: '8'"
        "{more}}))")
"""Settings at speed 8 (the bar's Speed paces a lesson's moves), with ``{more}`` settings."""


def at_speed_8(page: Page, more: str = "") -> None:
    page.add_init_script(FAST.replace("{more}", more))


def key_of(action: str) -> str:
    """The learner's key (seat 1's) for a flip or a slap; Space for Next."""
    if action == NEXT:
        return "Space"
    return str(KEYS.key_for(0, action)).upper()


def wait_step(page: Page, lesson: Lesson, index: int) -> None:
    """Step ``index`` (0-based) said, its buttons there, its cards lit."""
    total = len(lesson.steps)
    progress = page.locator("[data-zone='lesson-progress']")
    expect(progress).to_contain_text(f"Step {index + 1} of {total}", timeout=STEP_MS)
    expect(page.locator(".lesson-buttons button").first).to_be_visible()
    lit = sorted(card.code for card in lesson.steps[index].light)
    page.wait_for_function(
        "want => JSON.stringify(Array.from(document.querySelectorAll('#pile .card[data-lit]'),"
        " n => n.dataset.code).sort()) === want", arg=json.dumps(lit, separators=(",", ":")))


def axe_problems(page: Page) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    violations: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)")
    return [str(v) for v in violations]


def inside_screen(page: Page, selector: str) -> None:
    """The element is on the screen, whole, and nothing of the table lies over it."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, box
    assert box["y"] >= 0, box
    felt = page.locator("#felt").bounding_box()
    assert felt is not None
    overlap_x = min(box["x"] + box["width"], felt["x"] + felt["width"]) - max(box["x"], felt["x"])
    overlap_y = min(box["y"] + box["height"], felt["y"] + felt["height"]) - max(box["y"], felt["y"])
    assert overlap_x <= 0.5 or overlap_y <= 0.5, (box, felt)


@pytest.mark.browser_context_args(viewport={"width": 1366, "height": 768})
def test_a_whole_lesson_is_learned_with_the_keys(
    page: Page, open_site: Callable[..., str]
) -> None:
    lesson = lesson_of("classic")
    assert lesson is not None
    at_speed_8(page)
    assert open_site("?learn=classic") == "true"
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect(page.locator("#speed")).to_have_value("8")  # the bar's Speed paces the lesson
    expect(page.locator(".lesson-title")).to_have_text("Lesson: Egyptian Rat Screw")
    why = page.locator("[data-zone='lesson-why']")
    for index, step in enumerate(lesson.steps):
        wait_step(page, lesson, index)
        inside_screen(page, ".lesson-panel")
        expect(page.locator("[data-zone='lesson-say']")).to_have_text(step.say)
        action = step.do.name if step.do is not None else NEXT
        if index == 0:
            # A wrong key is explained, and nothing happens at the table.
            page.keyboard.press(key_of("slap"))
            expect(why).to_have_text(lesson.wrong["slap"])
            expect(page.locator("#pile")).to_have_attribute("data-cards", "0")
            assert axe_problems(page) == []
        if index == 2:
            # Back, then Show me plays the step's action for the learner.
            page.click(".lesson-back")
            wait_step(page, lesson, 1)
            page.click(".lesson-show")
            wait_step(page, lesson, 2)
        page.keyboard.press(key_of(action))
    progress = page.locator("[data-zone='lesson-progress']")
    expect(progress).to_have_text(f"Done: all {len(lesson.steps)} steps", timeout=STEP_MS)
    expect(page.locator("[data-zone='lesson-say']")).to_have_text(lesson.done)
    expect(page.locator("#gameover")).to_be_hidden()  # the lesson's end is its own
    assert "classic" in page.evaluate(f"localStorage.getItem('{STORAGE_KEY}')")
    # A real game against easy bots, with the same rules, dealt at once.
    page.click(".lesson-again")
    expect(page.locator(".lesson-panel")).to_have_count(0)
    expect(page.locator("#bar-variant")).to_have_text("Egyptian Rat Screw")
    expect(page.locator("[data-seat] .seat-skill")).to_have_count(1)
    expect(page.locator("[data-seat] .seat-skill")).to_have_text(" · easy")


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
def test_a_whole_lesson_is_learned_by_touch_on_a_phone(
    page: Page, open_site: Callable[..., str]
) -> None:
    lesson = lesson_of("beggar-my-neighbour")
    assert lesson is not None
    at_speed_8(page)
    assert open_site("?learn=bmn") == "true"
    for index, step in enumerate(lesson.steps):
        wait_step(page, lesson, index)
        inside_screen(page, ".lesson-panel")
        if step.do is None:
            page.tap(".lesson-next")
        else:
            page.tap(".seat.human .touch-flip")
    expect(page.locator("[data-zone='lesson-progress']")).to_have_text(
        f"Done: all {len(lesson.steps)} steps", timeout=STEP_MS)
    inside_screen(page, ".lesson-panel")
    assert axe_problems(page) == []


@pytest.mark.browser_context_args(viewport={"width": 1366, "height": 768})
def test_the_race_is_lost_to_a_slow_learner_and_tried_again(
    page: Page, open_site: Callable[..., str]
) -> None:
    lesson = lesson_of("classic")
    assert lesson is not None
    raced = next(i for i, s in enumerate(lesson.steps) if s.race >= 0)
    assert open_site(f"?learn=classic&step={raced + 1}") == "true"
    wait_step(page, lesson, raced)
    why = page.locator("[data-zone='lesson-why']")
    expect(why).to_contain_text("Sam slapped first", timeout=STEP_MS)  # nobody slapped
    page.keyboard.press(key_of("slap"))
    wait_step(page, lesson, raced + 1)


@pytest.mark.browser_context_args(viewport={"width": 1920, "height": 1080})
def test_a_teacher_moves_a_lesson_on_with_next_on_the_projector(
    page: Page, open_site: Callable[..., str]
) -> None:
    lesson = lesson_of("kurs")
    assert lesson is not None
    at_speed_8(page, ", projector: true")
    assert open_site("?learn=kurs&teach=1") == "true"
    expect(page.locator("html")).to_have_class("projector")
    say = page.locator("[data-zone='lesson-say']")
    for index in range(len(lesson.steps)):
        wait_step(page, lesson, index)
        inside_screen(page, ".lesson-panel")
        if index == 0:
            size = float(say.evaluate("n => parseFloat(getComputedStyle(n).fontSize)"))
            assert size >= 28, size  # read from the back row
            page.keyboard.press(key_of("flip"))  # the learner's keys wait for the teacher
            expect(page.locator("#pile")).to_have_attribute("data-cards", "0")
        page.keyboard.press("Space")
    expect(page.locator("[data-zone='lesson-progress']")).to_have_text(
        f"Done: all {len(lesson.steps)} steps", timeout=STEP_MS)


def test_a_lessons_link_opens_at_its_step_and_says_what_it_cannot_use(
    page: Page, open_site: Callable[..., str]
) -> None:
    lesson = lesson_of("slae")
    assert lesson is not None
    assert open_site("?learn=slae&step=5") == "true"
    wait_step(page, lesson, 4)
    # (The next links are opened in the same page, as ratscrewApp.open_link opens them.)
    page.evaluate("q => window.ratscrewApp.open_link(q)", "learn=slae&step=99&teach=maybe")
    wait_step(page, lesson, 0)
    notices = page.locator("#notices")
    expect(notices).to_contain_text(f"Ignored step='99': this lesson has steps 1 to "
                                    f"{len(lesson.steps)}.")
    expect(notices).to_contain_text("Ignored teach='maybe': use teach=1.")
    page.evaluate("q => window.ratscrewApp.open_link(q)", "learn=%3Cb%3Enope")
    expect(page.locator("body")).to_have_attribute("data-screen", "lessons")
    expect(notices).to_contain_text("There is no lesson for '<b>nope': choose one from the list.")


def test_the_list_of_lessons_gives_their_lengths_and_marks_those_finished(
    page: Page, open_site: Callable[..., str]
) -> None:
    page.add_init_script(f"localStorage.setItem('{STORAGE_KEY}', '[\"kurs\", \"nonsense\"]')")
    assert open_site() == "true"
    page.click("#setup-lessons")
    expect(page.locator("body")).to_have_attribute("data-screen", "lessons")
    items = page.locator(".lesson-item")
    expect(items).to_have_count(len(summaries()))
    for item, row in zip(summaries(), items.all(), strict=True):
        expect(row.locator("h3")).to_have_text(item.title)
        expect(row.locator(".lesson-length")).to_have_text(length_text(item))
        expect(row.locator("[data-done]")).to_have_count(1 if item.variant == "kurs" else 0)
    assert axe_problems(page) == []
    page.click("[data-lesson-game='firefighters'] .lesson-teach")
    expect(page.locator(".lesson-panel.teach")).to_be_visible()
    expect(page.locator(".lesson-title")).to_have_text("Lesson: Firefighters & Burn")


def test_learn_this_game_on_the_setup_opens_the_chosen_games_lesson(
    page: Page, open_site: Callable[..., str]
) -> None:
    assert open_site() == "true"
    page.select_option("#setup-variant", "slap-like-an-egyptian")
    page.click("#setup-learn")
    expect(page.locator(".lesson-title")).to_have_text("Lesson: Slap Like an Egyptian")


def test_finished_lessons_that_cannot_be_read_are_said_and_dropped(
    page: Page, open_site: Callable[..., str]
) -> None:
    page.add_init_script(f"localStorage.setItem('{STORAGE_KEY}', '{{\"deep\": [[[[1]]]]}}')")
    assert open_site() == "true"
    page.click("#setup-lessons")
    expect(page.locator("#notices")).to_contain_text("could not be read")
    expect(page.locator("[data-done]")).to_have_count(0)
