"""Lessons on the page, without the browser: a lesson's link, the list of lessons with their
lengths, the lessons a visitor has finished, and the real game a finished lesson offers.

A lesson's link is ``?learn=kurs`` (a game's name or alias, as a table link names it), with
``&step=N`` to open it at step N (1 is the first) and ``&teach=1`` for the teacher's mode on
the projector (the lesson moves on with the teacher's keys). A bad value is said in a notice
and the lesson opens as it would without it; a game without a lesson opens the list of
lessons.

Browser-free (no ``js``): the page hands it the link and the stored text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import quote

from ratscrew.core import safe_json
from ratscrew.i18n import N_, t, tn
from ratscrew.tools.lesson import Lesson, lesson_of, lessons
from ratscrew.variants import VariantError, find_variant
from web.model.links import NO, YES, SeatConfig, TableConfig, default_name
from web.model.query import query_pairs

MAX_QUERY = 2_000
"""Characters of a link read for a lesson (a lesson's link is short)."""
STEP_SECONDS = 8
"""A step's time at a learner's pace (reading its sentence, then acting), for the list."""
STORAGE_KEY = "ratscrew.lessons-done.v1"
"""Where the page keeps the lessons finished (``localStorage``): a JSON list of game names."""
MAX_DONE_CHARS = 2_000
DONE_NOTICE = N_("The lessons you finished could not be read, and are no longer marked.")
"""What :func:`load_done` says when the lessons finished cannot be read (a message id)."""


@dataclass(frozen=True, slots=True)
class LessonLink:
    """What a lesson's link asks for: the game (its registered name), the step to open at
    (0-based) and whether the teacher leads."""

    variant: str
    step: int = 0
    teach: bool = False


def _show(value: str) -> str:
    return repr(value if len(value) <= 30 else value[:29] + "…")


def read_link(query: object) -> tuple[LessonLink | None, list[str]]:
    """The lesson a link opens (None: no ``learn``, or a game without a lesson, said in a
    notice), and a notice for each value that could not be used. Never raises."""
    if not isinstance(query, str):
        return None, []
    params: dict[str, str] = {}
    for name, value in query_pairs(query.partition("#")[0].strip().removeprefix("?")[:MAX_QUERY]):
        params.setdefault(name.strip().lower(), value.strip())
    if "learn" not in params:
        return None, []
    name = params["learn"]
    try:
        lesson = lesson_of(find_variant(name)) if name else None
    except VariantError:
        lesson = None
    if lesson is None:
        # i18n: {name} is the game's name the link gave, quoted.
        return None, [t("There is no lesson for {name}: choose one from the list.",
                        name=_show(name))]
    notices: list[str] = []
    step = 0
    if "step" in params:
        text = params["step"]
        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(lesson.steps):
            step = int(text) - 1
        else:
            # i18n: step= is the link's parameter (not translated); {value} what it gave,
            # quoted; {last} the lesson's last step.
            notices.append(t("Ignored step={value}: this lesson has steps 1 to {last}.",
                             value=_show(text), last=len(lesson.steps)))
    teach = False
    if "teach" in params:
        value = params["teach"].lower()
        teach = value in YES
        if not teach and value not in NO:
            # i18n: teach= and teach=1 are the link's parameter as typed (not translated);
            # {value} what it gave, quoted.
            notices.append(t("Ignored teach={value}: use teach=1.", value=_show(value)))
    return LessonLink(lesson.variant.name, step, teach), notices


def link_query(link: LessonLink) -> str:
    """The query of a lesson's link (:func:`read_link` reads it back)."""
    query = f"learn={quote(link.variant)}"
    if link.step:
        query += f"&step={link.step + 1}"
    if link.teach:
        query += "&teach=1"
    return query


@dataclass(frozen=True, slots=True)
class Summary:
    """A lesson as the list shows it (its ``title`` and ``intro`` are message ids: say them
    with ``t()``, the learner's name, ``learner``, filling ``{name}``)."""

    variant: str
    title: str
    steps: int
    minutes: int
    intro: str
    learner: str = ""


def summary(lesson: Lesson) -> Summary:
    minutes = max(1, round(len(lesson.steps) * STEP_SECONDS / 60))
    return Summary(lesson.variant.name, lesson.title, len(lesson.steps), minutes, lesson.intro,
                   lesson.names[0] if lesson.names else "")


def summaries() -> list[Summary]:
    """Every game's lesson, in the games' order."""
    return [summary(lesson) for lesson in lessons()]


def length_text(item: Summary) -> str:
    """``"21 steps · about 3 minutes"``."""
    # i18n: A lesson's length: its steps, then about how long it takes.
    steps = tn("{n} step", "{n} steps", item.steps, n=item.steps)
    minutes = tn("about {n} minute", "about {n} minutes", item.minutes, n=item.minutes)
    return f"{steps} · {minutes}"


def load_done(text: str | None) -> tuple[set[str], list[str]]:
    """The lessons finished, from what the page stored (None or "": none yet, no notice).
    Never raises: what cannot be read gives none and a notice; names of games that have no
    lesson (any more) are dropped quietly."""
    if not text:
        return set(), []
    try:
        data = safe_json.loads(text, max_chars=MAX_DONE_CHARS, max_depth=1, max_digits=4)
    except Exception:  # JSONError and its limits; any other surprise alike
        return set(), [t(DONE_NOTICE)]
    if not isinstance(data, list) or not all(isinstance(name, str) for name in data):
        return set(), [t(DONE_NOTICE)]
    known = {item.variant for item in summaries()}
    return {name for name in data if name in known}, []


def dump_done(done: set[str]) -> str:
    """What the page stores for :func:`load_done`."""
    return json.dumps(sorted(done))


def real_game(lesson: Lesson, name: str) -> TableConfig:
    """The game a finished lesson offers: its rules, as many players as its first deal, the
    learner at the first seat (``name``) and easy bots at the others, dealt at once."""
    players = lesson.players
    seats = [SeatConfig(name, False)] + [SeatConfig(default_name(i), True, "easy")
                                         for i in range(1, players)]
    return TableConfig(variant=lesson.variant.name, players=players, seats=seats,
                       options=dict(lesson.options), autostart=True)
