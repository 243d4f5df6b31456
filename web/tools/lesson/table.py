"""A lesson taught on the table: the real table (:class:`~web.table.play.Play`'s) shows the
lesson's game, and the lesson's panel says each step, with Back, Show me and Next.

The learner plays with their own seat's keys and buttons (and a choice's options, a K.U.R.S.
fine): the table hands every action of theirs here (:class:`~web.interfaces.TableLesson`)
instead of to the game. The step's own action plays on: the others' moves that lead to the
next step follow one at a time (:data:`MOVE_MS` apart at speed 1: the bar's Speed paces
them), then the next step is said; any other action is explained in a sentence and changes
nothing. On the step that races, an easy bot
slaps once the step's sentence is read and a moment more
(:func:`~ratscrew.tools.lesson.race_ms`), unless the learner was quicker: then they are told,
and the step is tried again.

The teacher's mode (``teach``) is for a class watching the projector: every step is moved on
with Next (Space, Enter or →), which plays the step's action as Show me does; Back (← or
Backspace) goes a step back.

The panel sits under the headline, above the table: read first, where the eyes are, and the
rail keeps its room for a choice (the Emperor's decree is the rail's tallest) and the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import window

from ratscrew.core.events import Event
from ratscrew.i18n import t, tc, tn
from ratscrew.tools.lesson import NEXT, RACE_MS, Lesson, LessonRun, Outcome, race_ms
from web.dom import attribute, by_id, clear, el, focus, later, now, scroll_into_view
from web.model.session import Session
from web.tools.lesson.model import DONE_NOTICE, STORAGE_KEY, dump_done, load_done, real_game
from web.tools.wiring import BACK_TO_SETUP

if TYPE_CHECKING:
    from web.interfaces import Shell, Table
    from web.shell.host import ToolHost

MOVE_MS = 700
"""Real time between the others' moves that lead to a step, and after the learner's."""
NEXT_KEYS = ("space", "enter", "arrowright")
BACK_KEYS = ("arrowleft", "backspace")


def finished(shell: ToolHost, name: str) -> None:
    """Remember that the lesson of the game ``name`` was finished (storage refused: said)."""
    try:
        text = window.localStorage.getItem(STORAGE_KEY)
        done, _ = load_done(text if isinstance(text, str) else None)
        window.localStorage.setItem(STORAGE_KEY, dump_done(done | {name}))
    except Exception:  # blocked or full: the lesson is not marked
        shell.notify([t("This browser does not let the page remember finished lessons.")])


def done_lessons(shell: ToolHost) -> set[str]:
    """The lessons finished in this browser (what cannot be read is said, and dropped)."""
    try:
        text = window.localStorage.getItem(STORAGE_KEY)
    except Exception:  # storage blocked: nothing is marked
        return set()
    done, notices = load_done(text if isinstance(text, str) else None)
    if notices:
        shell.notify([t(DONE_NOTICE)])
    return done


class LessonTable:
    """A lesson on the table: the :class:`~web.interfaces.TableLesson` the table hands the
    learner's actions and keys to."""

    def __init__(self, shell: Shell, play: Table, lesson: Lesson, step: int = 0,
                 teach: bool = False, to_list: Callable[[], None] | None = None) -> None:
        self.shell = shell
        self.play = play
        self.lesson = lesson
        self.teach = teach
        self.run = LessonRun(lesson, step)
        self.to_list = to_list
        self.token = 0
        """Bumped at every change of step: a timer of an older step does nothing."""
        self.busy = False
        """Whether the others are playing what leads to the step (the learner waits)."""
        self.closed = False
        self._game: Any = None
        """The game on the table (the lesson's until a new deal or a step back)."""
        self.panel = el("section", "lesson-panel", data_zone="lesson",
                        aria_labelledby="lesson-title")
        if teach:
            self.panel.classList.add("teach")
        head = el("header", "lesson-head")
        # i18n: {title} is the lesson's title.
        head.appendChild(el("h2", "lesson-title",
                            t("Lesson: {title}", title=self.said(lesson.title)),
                            id="lesson-title"))
        self.progress = el("p", "lesson-progress", data_zone="lesson-progress")
        head.appendChild(self.progress)
        self.panel.appendChild(head)
        self.say = el("p", "lesson-say", data_zone="lesson-say", aria_live="polite")
        self.why = el("p", "lesson-why", data_zone="lesson-why", role="status")
        self.buttons = el("div", "lesson-buttons", role="group", aria_label=t("Lesson"))
        self.panel.appendChild(self.say)
        self.panel.appendChild(self.why)
        self.panel.appendChild(self.buttons)
        self._proxy = shell.proxy(self.on_click)
        self.panel.addEventListener("click", self._proxy)

    # -- the table -------------------------------------------------------------------------

    def open(self) -> None:
        """Put the lesson's game on the table and say the step."""
        self._deal()
        self.busy = True
        self._play_on(self.token)

    def _deal(self) -> None:
        """The lesson's game on the table, drawn afresh (the lesson began, or a new deal)."""
        game = self.run.game
        lesson = self.lesson
        session = Session(lesson.variant.name, game.n, lesson.seed, list(game.names),
                          dict.fromkeys(range(1, game.n), "easy"), None,
                          self.shell.settings.speed, now(), choice_ms=0, deal=lambda: game,
                          bots_act=False)
        self._game = game
        self.play.open_table(session, "lesson", None, again=self.restart, lesson=self)
        by_id("bar-game").hidden = True
        by_id("pause").hidden = True  # (the speed stays: it paces the others' moves)
        self.place()

    def place(self) -> None:
        """The panel where it is read: under the headline, above the table (the rail keeps
        its room for a choice and the log)."""
        if not self.closed:
            by_id("explain").after(self.panel)

    def _draw(self, events: list[Event]) -> None:
        """What the lesson's game did, on the table (a new deal: the table dealt again)."""
        if self.run.game is not self._game:
            self._deal()
        elif events and (session := self.play.session) is not None:
            session.moved()
            self.play.after(events)
        self.light()

    def light(self) -> None:
        """The step's cards lit on the pile (``data-lit``), the others not."""
        step = self.run.step
        codes = {card.code for card in step.light} if step is not None and self.run.settled \
            else set()
        for node in by_id("pile").querySelectorAll(".card"):
            if attribute(node, "data-code") in codes and not node.classList.contains("leaving"):
                node.dataset.lit = ""
            else:
                node.removeAttribute("data-lit")

    # -- the steps -------------------------------------------------------------------------

    def _play_on(self, token: int) -> None:
        """The others' next move leading to the step, a move at a time; then the step."""
        if token != self.token or self.closed:
            return
        if self.run.settled:
            self.busy = False
            self._show()
            return
        self._draw(self.run.play_one())
        later(self.shell.guard(lambda: self._play_on(token)), self._pause())

    def _show(self) -> None:
        """Say the step (or the lesson's end), with its buttons."""
        run, lesson = self.run, self.lesson
        step = run.step
        total = len(lesson.steps)
        self.why.textContent = ""
        clear(self.buttons)
        if step is None:
            self.progress.textContent = tn("Done: all {n} step", "Done: all {n} steps", total,
                                           n=total)
            self.say.textContent = self.said(lesson.done)
            self._button("again", t("Play a real game"))
            if self.to_list is not None:
                self._button("list", t("Lessons"))
            self._button("setup", t(BACK_TO_SETUP))
            finished(self.shell, lesson.variant.name)
            self.light()
            return
        # i18n: A lesson's progress: step {number} of {total}.
        progress = t("Step {number} of {total}", number=run.index + 1, total=total)
        if step.title:
            progress = f"{progress} · {self.said(step.title)}"
        self.progress.textContent = progress
        self.say.textContent = self.said(step.say)
        if run.index > 0:
            self._button("back", tc("lesson", "Back"))
        if run.expected() != NEXT and not self.teach:
            self._button("show", t("Show me"))
        else:  # a step that only shows something; every step when the teacher leads
            self._button("next", tc("lesson", "Next"))
        self.light()
        # Read first: on a small screen the table may have scrolled to a choice below.
        scroll_into_view(self.panel, block="nearest")
        if step.race >= 0 and not self.teach:
            token = self.token
            later(self.shell.guard(lambda: self._raced(token)), race_ms(step))

    def said(self, text: str) -> str:
        """One of the lesson's texts (a message id) in the language in use, ``{name}`` the
        learner's name."""
        names = self.lesson.names
        return t(text, name=names[0] if names else "")

    def _pause(self) -> float:
        """Real ms before the next of the others' moves: :data:`MOVE_MS` at the table's speed
        (Speed on the bar: ¼ for a class to follow each card, faster to move on)."""
        session = self.play.session
        if session is None or session.instant:
            return 0.0
        return MOVE_MS / (session.speed or 1.0)

    def _button(self, name: str, label: str) -> None:
        self.buttons.appendChild(el("button", f"lesson-{name}", label, type="button",
                                    data_lesson=name))

    def _raced(self, token: int) -> None:
        """The racing bot's slap came first: said, and the step is tried again."""
        if token != self.token or self.closed or self.busy:
            return
        self._explain(self.run.lose_race())
        later(self.shell.guard(lambda: self._raced(token)), RACE_MS * 2)

    def _explain(self, outcome: Outcome) -> None:
        self.why.textContent = outcome.why
        self.panel.classList.add("wrong")

    def _moved(self, outcome: Outcome) -> None:
        """The step's action was played: draw it, then what leads to the next step."""
        self.token += 1
        self.busy = True
        self.why.textContent = ""
        clear(self.buttons)
        self.panel.classList.remove("wrong")
        self._draw(list(outcome.events))
        token = self.token
        later(self.shell.guard(lambda: self._play_on(token)), self._pause())

    def _take(self, action: str) -> None:
        if self.busy or self.closed or self.run.done:
            return
        if self.teach and action != NEXT:
            return  # the teacher moves the lesson on (Next, Show me)
        outcome = self.run.act(action, settle=False)
        if outcome.kind == "right":
            self._moved(outcome)
        else:
            self._explain(outcome)

    def show_me(self) -> None:
        if self.busy or self.closed or self.run.done:
            return
        self._moved(self.run.show_me(settle=False))

    def next(self) -> None:
        """Next: a step that only shows something goes on; in the teacher's mode, every step
        (its action played, as Show me does)."""
        if self.teach:
            self.show_me()
        else:
            self._take(NEXT)

    def back(self) -> None:
        if self.busy or self.closed or self.run.index == 0:
            return
        self.token += 1
        self.run.back()
        self._game = None  # the game replayed: the table dealt again
        self._draw([])
        self.busy = True
        self._play_on(self.token)

    def restart(self) -> None:
        """The lesson from its first step again."""
        self.token += 1
        self.run.goto(0)
        self._game = None
        self._draw([])
        self.busy = True
        self._play_on(self.token)

    # -- what the table hands the lesson (web/interfaces.py's TableLesson) -----------------

    def action(self, seat: int, action: str) -> None:
        if seat == self.run.learner:
            self._take(action)

    def choose(self, seat: int, option: str) -> None:
        if seat == self.run.learner:
            self._take(f"choose:{option}")

    def variant_action(self, seat: int, kind: str, arg: str) -> None:
        if seat == self.run.learner:
            self._take(f"{kind}:{arg}")

    def key(self, key: str, event: Any) -> bool:
        """A key for the lesson itself (Next, Back): whether it was one."""
        if key in NEXT_KEYS:
            tag = str(event.target.tagName).lower() if event.target else ""
            if key != "arrowright" and tag in ("button", "a", "summary"):
                return False  # Enter or Space on a focused button presses it
            event.preventDefault()
            if self.run.done:
                return True
            self.next()
            return True
        if key in BACK_KEYS:
            event.preventDefault()
            self.back()
            return True
        return False

    def drawn(self) -> None:
        self.light()

    def relayout(self) -> None:
        self.place()

    def close(self) -> None:
        self.closed = True
        self.token += 1
        self.panel.removeEventListener("click", self._proxy)
        self.panel.remove()

    # -- the panel's buttons ---------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-lesson]") if event.target else None
        if button is None:
            return
        name = str(button.dataset.lesson)
        if name == "show":
            self.show_me()
        elif name == "next":
            self.next()
        elif name == "back":
            self.back()
        elif name == "again":
            self.play.start(real_game(self.lesson, self.shell.config.seats[0].name))
        elif name == "list" and self.to_list is not None:
            self.to_list()
        elif name == "setup":
            self.shell.show_setup()
        focus(by_id("table"))
