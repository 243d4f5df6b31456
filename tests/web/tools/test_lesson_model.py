"""A lesson's link, the list of lessons and the lessons finished (web/tools/lesson/model.py),
without a browser."""

from __future__ import annotations

import json

import pytest

from ratscrew.tools.lesson import lesson_of
from ratscrew.variants import VARIANTS
from web.model.links import parse_query, tool_link
from web.tools.lesson.model import (
    DONE_NOTICE,
    LessonLink,
    dump_done,
    length_text,
    link_query,
    load_done,
    read_link,
    real_game,
    summaries,
)


@pytest.mark.parametrize(("query", "link", "notices"), [
    ("?learn=kurs", LessonLink("kurs"), []),
    ("learn=TAROT&step=3&teach=1", LessonLink("kurs", 2, True), []),
    ("?LEARN=bmn&Step=2&teach", LessonLink("beggar-my-neighbour", 1, True), []),
    ("?learn=classic&step=0", LessonLink("classic"),
     ["Ignored step='0': this lesson has steps 1 to {classic}."]),
    ("?learn=classic&step=2x&teach=no", LessonLink("classic"),
     ["Ignored step='2x': this lesson has steps 1 to {classic}."]),
    ("?learn=classic&teach=perhaps", LessonLink("classic"),
     ["Ignored teach='perhaps': use teach=1."]),
    ("?learn=snap", None, ["There is no lesson for 'snap': choose one from the list."]),
    ("?learn=", None, ["There is no lesson for '': choose one from the list."]),
    ("?learn=" + "x" * 50, None,
     [f"There is no lesson for '{'x' * 29}…': choose one from the list."]),
    ("?variant=kurs", None, []),
    (None, None, []),
])
def test_a_lessons_link_is_read_and_what_cannot_be_used_is_said(
    query: object, link: LessonLink | None, notices: list[str]
) -> None:
    lesson = lesson_of("classic")
    assert lesson is not None
    steps = str(len(lesson.steps))
    assert read_link(query) == (link, [n.replace("{classic}", steps) for n in notices])


def test_a_lessons_link_is_a_teaching_tools_link_and_reads_back() -> None:
    assert tool_link("?learn=kurs&step=2") == "lessons"
    config, notices = parse_query("")  # the page reads no table from it
    assert notices == []
    for link in (LessonLink("kurs"), LessonLink("firefighters", 4, True)):
        assert read_link("?" + link_query(link)) == (link, [])
    assert config.autostart is False


def test_the_list_gives_each_lesson_its_length() -> None:
    items = summaries()
    assert [i.variant for i in items] == [  # the games' order
        v.name for v in sorted(VARIANTS.values(), key=lambda v: v.order)]
    for item in items:
        lesson = lesson_of(item.variant)
        assert lesson is not None and item.steps == len(lesson.steps)
        assert length_text(item) == f"{item.steps} steps · about {item.minutes} minute" + (
            "s" if item.minutes != 1 else "")


@pytest.mark.parametrize(("text", "done", "notices"), [
    (None, set(), []),
    ("", set(), []),
    ('["kurs", "classic"]', {"kurs", "classic"}, []),
    ('["kurs", "gone-variant"]', {"kurs"}, []),
    ('{"kurs": true}', set(), [DONE_NOTICE]),
    ('["kurs", 3]', set(), [DONE_NOTICE]),
    ("[[[[[[1]]]]]]", set(), [DONE_NOTICE]),
    ("not json", set(), [DONE_NOTICE]),
    ('["' + "k" * 5000 + '"]', set(), [DONE_NOTICE]),
])
def test_the_lessons_finished_are_read_back_and_what_cannot_be_read_is_said(
    text: str | None, done: set[str], notices: list[str]
) -> None:
    assert load_done(text) == (done, notices)


def test_the_lessons_finished_are_stored_as_they_are_read() -> None:
    assert load_done(dump_done({"kurs", "classic"})) == ({"kurs", "classic"}, [])
    assert json.loads(dump_done({"kurs", "classic"})) == ["classic", "kurs"]


def test_a_finished_lesson_offers_its_game_against_easy_bots() -> None:
    lesson = lesson_of("firefighters")
    assert lesson is not None
    config = real_game(lesson, "Zoë")
    assert (config.variant, config.players, config.autostart) == ("firefighters", 3, True)
    first = config.seats[0]
    assert (first.name, first.bot, first.difficulty) == ("Zoë", False, "normal")
    assert all(s.bot and s.difficulty == "easy" for s in config.seats[1:])
