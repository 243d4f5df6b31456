"""The teaching tools' screens: opening and closing a tool (slap practice, the statistics lab,
the Beggar-My-Neighbour lab), each module imported only when its tool first opens (start-up
does not pay for it); the statistics lab living on off screen, its progress on the bar; and a
Beggar-My-Neighbour deal played on the table.

A tool talks to the page only through the shell, as a :class:`~web.shell.host.ToolHost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from ratscrew.i18n import t
from web.dom import attribute, by_id, now
from web.model.session import Session

if TYPE_CHECKING:
    from web.interfaces import Shell, Table
    from web.shell.host import BackgroundTool, Tool

TOOLS = ("practice", "lab", "bmn", "lessons")
"""The teaching tools: each one's name is its screen's element id (``#practice``...) and its
button's ``data-tool`` on the setup screen."""


class ToolScreens:
    """The tool on show, and the statistics lab once opened."""

    def __init__(self, shell: Shell, play: Table) -> None:
        self.shell = shell
        self.play = play
        self.tool: Tool | None = None
        """The teaching tool on show, if any."""
        self.lab: BackgroundTool | None = None
        """The statistics lab, once opened: it lives on off screen (a run goes on in its
        worker while the table is played, its progress on the bar's Lab button)."""
        shell.on("bar-lab", "click", lambda _e: self.open("lab"))
        for tool in TOOLS:
            shell.on(f"setup-{tool}", "click", self.on_tool_button)
        shell.on("setup-learn", "click", self.on_learn_button)

    def on_tool_button(self, event: Any) -> None:
        """A teaching tool's button on the setup screen."""
        button = event.target.closest("[data-tool]") if event.target else None
        if button:
            self.open(attribute(button, "data-tool"))

    def open(self, name: str, query: str = "") -> None:
        """Show a teaching tool's screen (``#practice``, ``#lab``, ``#bmn``); ``query``: a
        link's, for the tool to read (a practice drill's)."""
        if name not in TOOLS:
            return
        if name == "lessons" and query:  # a lesson's link: the lesson, on the table
            from web.tools.lesson.model import read_link

            link, notices = read_link(query)
            self.shell.notify(notices)
            if link is not None:
                self.learn(link.variant, link.step, link.teach)
                return
        self.shell.show_screen(name)
        document.body.removeAttribute("data-winner")
        if name == "lab" and self.lab is not None:
            self.tool = self.lab
            self.lab.show()
            by_id("bar-lab").hidden = True
        elif name == "lab":
            from web.tools.lab.view import open_screen as open_lab

            self.tool = self.lab = open_lab(self.shell, query)
        elif name == "lessons":
            from web.tools.lesson.view import open_screen as open_lessons


            self.tool = open_lessons(self.shell, query)
        elif name == "practice":
            from web.tools.practice.view import open_screen as open_practice

            self.tool = open_practice(self.shell, query)
        else:
            from web.tools.bmn.view import open_screen as open_bmn

            self.tool = open_bmn(self.shell, query)

    def on_learn_button(self, _event: Any) -> None:
        """The setup's "Learn this game": the lesson of the game chosen."""
        self.learn(str(by_id("setup-variant").value))

    def learn(self, variant: str, step: int = 0, teach: bool = False) -> None:
        """Teach ``variant``'s lesson on the table (a game without one: the list)."""
        from ratscrew.tools.lesson import lesson_of
        from ratscrew.variants import VariantError
        from web.tools.lesson.table import LessonTable

        try:
            lesson = lesson_of(variant)
        except VariantError:
            lesson = None
        if lesson is None:
            self.open("lessons")
            return
        LessonTable(self.shell, self.play, lesson, step, teach,
                    to_list=lambda: self.open("lessons")).open()

    def close(self) -> None:
        """Close the teaching tool on show, if any (its timers, listeners, worker). The lab
        is only hidden: a run goes on, its progress on the bar's Lab button."""
        tool, self.tool = self.tool, None
        lab = self.lab
        if lab is not None and tool is lab:
            lab.hide()
            self.lab_progress(lab.status())
        elif tool is not None:
            tool.close()

    def lab_progress(self, text: str) -> None:
        """The lab's run, told on the bar's Lab button while the lab is off screen ("" when
        there is nothing to tell: the button goes)."""
        button = by_id("bar-lab")
        # i18n: the bar's button back to the statistics lab; progress: how far its run is
        button.textContent = t("Lab: {progress}", progress=text) if text else t("Lab")
        button.hidden = not text or self.tool is self.lab

    def close_lab(self) -> None:
        """The lab's own Back: it stops (its worker too) and goes."""
        lab, self.lab = self.lab, None
        if self.tool is lab:
            self.tool = None
        if lab is not None:
            lab.close()
        by_id("bar-lab").hidden = True

    def watch_deal(self, hands: list[list[str]], speed: str) -> None:
        """The Beggar-My-Neighbour lab's deal on the table, both seats bots, at ``speed``
        (``hands``: card codes, top card first)."""
        from ratscrew.core.cards import card
        from ratscrew.core.engine import Game

        names = [t("Player {number}", number=1), t("Player {number}", number=2)]
        cards = [[card(code) for code in hand] for hand in hands]
        session = Session("bmn", 2, 0, names, {0: "normal", 1: "normal"}, speed=speed,
                          now=now(), choice_ms=self.shell.settings.choice_seconds * 1000,
                          deal=lambda: Game("bmn", 2, hands=cards, names=names))
        # i18n: said in the bar after "seed", for a Beggar-My-Neighbour deal typed in the lab
        self.play.open_table(session, t("none (a typed deal)"), None,
                             again=lambda: self.watch_deal(hands, speed))
