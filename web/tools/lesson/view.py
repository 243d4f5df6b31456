"""The list of lessons (``#lessons``): each game's lesson with its length and whether this
browser has finished it, to learn on your own or to teach a class on the projector. A lesson
itself is taught on the table (:mod:`web.tools.lesson.table`)."""

from __future__ import annotations

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
        root.appendChild(el("h2", "", "Lessons", id="lessons-title"))
        root.appendChild(el(
            "p", "tool-intro",
            "Learn a game by playing it, one step at a time: each step says what to look at "
            "and waits for you to flip, slap or choose. Teach a class on the projector: the "
            "lesson then moves on when you press Next (Space)."))
        done = done_lessons(host)
        items = el("ul", "lesson-list", data_zone="lesson-list")
        button = self.wiring.button
        for item in summaries():
            row = el("li", "lesson-item", data_lesson_game=item.variant)
            head = el("div", "lesson-item-head")
            head.appendChild(el("h3", "", item.title))
            head.appendChild(el("span", "lesson-length", length_text(item)))
            if item.variant in done:
                head.appendChild(el("span", "lesson-done", "Done", data_done=""))
            row.appendChild(head)
            row.appendChild(el("p", "lesson-intro", item.intro))
            actions = el("div", "lesson-actions")
            actions.appendChild(button("Learn", lambda _e, v=item.variant: self.learn(v),
                                       "lesson-learn", aria_label=f"Learn {item.title}"))
            actions.appendChild(button(
                "Teach on the projector", lambda _e, v=item.variant: self.learn(v, True),
                "lesson-teach", aria_label=f"Teach on the projector: {item.title}"))
            row.appendChild(actions)
            items.appendChild(row)
        root.appendChild(items)
        back = el("p", "tool-back")
        back.appendChild(button(BACK_TO_SETUP, lambda _e: host.show_setup()))
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

