"""The slap-practice screen (``#practice``): its form, the running drill and the results, one of
them on show.

:func:`open_screen` is the tool's entry point (``web.shell.tool_screens.ToolScreens.open`` calls
it). The drill itself (its cards, the judging of every slap, the scores) is
:mod:`ratscrew.tools.practice`; its link is :mod:`web.tools.practice.link` and its best scores
:mod:`web.tools.practice.bests`, all tested without a browser. The parts:
:class:`~web.tools.practice.form.PracticeForm`, :class:`~web.tools.practice.run.DrillRun` (drawn
by :class:`~web.tools.practice.run_view.RunView`) and
:class:`~web.tools.practice.results.PracticeResults`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyscript import document

from ratscrew.i18n import t
from ratscrew.tools.practice import Drill, DrillConfig
from web.dom import by_id, clear, el, focus, link_stylesheet
from web.model.links import pick_seed
from web.shell.host import Tool, ToolHost
from web.tools.practice.form import PracticeForm
from web.tools.practice.link import parse_query
from web.tools.practice.results import PracticeResults
from web.tools.practice.run import PHASES, DrillRun
from web.tools.practice.shared import BestScores
from web.tools.wiring import Wiring

CSS_HREF = "web/tools/practice/practice.css"

_last: DrillConfig | None = None
"""The drill last set up in this page: the form opens with it again (no link)."""


def _remember(config: DrillConfig) -> None:
    global _last
    _last = config


def open_screen(host: ToolHost, query: str) -> Tool:
    """Draw the practice screen into ``#practice`` (the shell has shown it); ``query``: a
    practice link's, or "" for the drill last set up."""
    link_stylesheet(CSS_HREF)
    return PracticeScreen(host, query)


class PracticeScreen:
    """The screen: a head, then the form, the drill or the results. ``state`` is the part on
    show: ``setup``, the run's phase (``countdown``, ``running``, ``paused``) or ``done``
    (``closed`` once left); the page's ``data-state`` says it too."""

    def __init__(self, host: ToolHost, query: str) -> None:
        self.host = host
        self.root = by_id("practice")
        self.wiring = Wiring(host)
        self.state = "setup"
        bests = BestScores(host)
        notices = list(bests.notices)
        if query:
            config, link_notices = parse_query(query)
            notices += link_notices
        else:
            config = _last or DrillConfig()
        if not config.seed:
            config = replace(config, seed=pick_seed())
        _remember(config)
        clear(self.root)
        self.head = self._head()
        self.root.appendChild(self.head)
        self.form = PracticeForm(host, self.wiring, bests, self.begin, _remember)
        self.root.appendChild(self.form.node)
        self.run = DrillRun(host, self.wiring, self.show, self._over)
        self.root.appendChild(self.run.view.node)
        self.results = PracticeResults(host, self.wiring, bests, self.begin, self._change)
        self.root.appendChild(self.results.node)
        self.wiring.listen(document, "keydown", self.run.on_key)
        self.form.fill(config)
        if notices:
            host.notify(notices)
        self.root.dataset.state = "setup"
        focus(self.title)

    def _head(self) -> Any:
        head = el("header", "practice-head")
        self.title = el("h2", "", t("Slap practice"), id="practice-title", tabindex="-1")
        head.appendChild(self.title)
        head.appendChild(el("p", "practice-lede",
                            t("Cards land one at a time: slap only when the top cards make a "
                              "pattern of the rules you chose.")))
        return head

    def show(self, part: str) -> None:
        """Show ``part`` (``setup``, a run's phase or ``done``), the others hidden."""
        self.form.node.hidden = part != "setup"
        self.run.view.node.hidden = part not in PHASES
        # While the cards fall the title is only for assistive tech: the room is the pile's.
        self.head.classList.toggle("visually-hidden", not self.run.view.node.hidden)
        self.results.node.hidden = part != "done"
        self.state = part
        self.root.dataset.state = part

    def begin(self, config: DrillConfig) -> None:
        """A new run of ``config`` (from the form's Start, or the results' Again)."""
        _remember(config)
        self.run.begin(config)

    def _over(self, drill: Drill) -> None:
        self.results.draw(drill.config, drill.summaries())
        self.show("done")
        focus(self.results.title)

    def _change(self, config: DrillConfig) -> None:
        self.form.fill(config)
        self.show("setup")
        focus(self.title)

    def close(self) -> None:
        """Stop the timers and take every listener off (the shell calls it on leaving)."""
        self.run.close()
        self.wiring.close()
        self.state = "closed"
