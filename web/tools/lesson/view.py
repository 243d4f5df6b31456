"""The list of lessons (``#lessons``): each game's lesson with its length and whether this
browser has finished it, to learn on your own or to teach a class on the projector. A lesson
itself is taught on the table (:mod:`web.tools.lesson.table`)."""

from __future__ import annotations

from ratscrew.i18n import t, tc
from web.dom import by_id, clear, el
from web.shell.host import Tool, ToolHost
from web.tools.lesson.model import length_text, summaries
from web.tools.lesson.table import done_lessons
from web.tools.wiring import BACK_TO_SETUP, Wiring


class LessonList:
    """The lessons' screen in ``#lessons``; :meth:`close` lets go of its listeners."""

    def __init__(self, host: ToolHost) -> None:
        self.host = host
        self.wiring = Wiring(host)
        root = by_id("lessons")
        clear(root)
        root.appendChild(el("h2", "", t("Lessons"), id="lessons-title"))
        root.appendChild(el(
            "p", "tool-intro",
            # i18n: Next is the lesson's button of that name; Space the key.
            t("Learn a game by playing it, one step at a time: each step says what to look at "
              "and waits for you to flip, slap or choose. Teach a class on the projector: the "
              "lesson then moves on when you press Next (Space).")))
        done = done_lessons(host)
        items = el("ul", "lesson-list", data_zone="lesson-list")
        button = self.wiring.button
        for item in summaries():
            row = el("li", "lesson-item", data_lesson_game=item.variant)
            head = el("div", "lesson-item-head")
            title = t(item.title, name=item.learner)
            head.appendChild(el("h3", "", title))
            head.appendChild(el("span", "lesson-length", length_text(item)))
            if item.variant in done:
                # i18n: A lesson finished in this browser.
                head.appendChild(el("span", "lesson-done", tc("lesson", "Done"), data_done=""))
            row.appendChild(head)
            row.appendChild(el("p", "lesson-intro", t(item.intro, name=item.learner)))
            actions = el("div", "lesson-actions")
            actions.appendChild(button(t("Learn"), lambda _e, v=item.variant: self.learn(v),
                                       "lesson-learn",
                                       # i18n: {title} is a lesson's title.
                                       aria_label=t("Learn {title}", title=title)))
            actions.appendChild(button(
                t("Teach on the projector"), lambda _e, v=item.variant: self.learn(v, True),
                "lesson-teach",
                # i18n: {title} is a lesson's title.
                aria_label=t("Teach on the projector: {title}", title=title)))
            row.appendChild(actions)
            items.appendChild(row)
        root.appendChild(items)
        back = el("p", "tool-back")
        back.appendChild(button(t(BACK_TO_SETUP), lambda _e: host.show_setup()))
        root.appendChild(back)

    def learn(self, variant: str, teach: bool = False) -> None:
        self.host.learn(variant, 0, teach)

    def close(self) -> None:
        self.wiring.close()


def open_screen(host: ToolHost, query: str) -> Tool:
    """Draw the list into ``#lessons`` (the shell has shown it); a lesson's own link is opened
    on the table by the shell (``query`` is not read here)."""
    del query
    return LessonList(host)

