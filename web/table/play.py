"""The table in play: a game started and put on the table, its bots and countdowns on real
timers (:class:`~web.table.timers.Timers`), people's actions, pause, speed, the game's end and
playing again.

Once the game is over, Pause cannot be used (nor Esc: there is nothing to resume); its end
(the winner's moment, the end screen) is :class:`~web.table.end.End`'s.

The session (:class:`~web.model.session.Session`) holds the game and its clock; the table's
drawing is :class:`~web.table.view.TableView`'s, imported with the first table (the setup
screen does not need it: 15 ms of a cold start). Stepping through the record is
:class:`~web.table.steps.Steps`'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ratscrew.core.rng import seed_from_text
from ratscrew.i18n import t
from ratscrew.variants import find_variant
from web.dom import by_id, local_minutes, now
from web.model.feedback import vibration
from web.model.headline import is_fast
from web.model.links import TableConfig, link_for, to_query, with_seed
from web.model.log_lines import LogLines
from web.model.session import Session
from web.model.setup_options import start_options
from web.table.end import End
from web.table.steps import Steps
from web.table.timers import Timers

if TYPE_CHECKING:
    from ratscrew.core.events import Event
    from web.interfaces import PhoneTable, Shell, TableLesson
    from web.phones.referee import Referee
    from web.table.view import TableView

ANIMATION = {"0.25": "1.6", "0.5": "1.3", "1": "1", "2": "0.7", "4": "0.45", "8": "0.25",
             "instant": "0"}
"""How long card animations last at each speed, as a share of their 1x length."""


def show_motion(speed: float) -> None:
    """How the table moves at ``speed`` (``data-motion`` on ``<body>``): cards that travel,
    or at 4x and faster only fades (web/table/table.css)."""
    document.body.dataset.motion = "fade" if is_fast(speed) else "move"


class Play:
    """The game on the table, and the timers that play it: the :class:`~web.interfaces.Table`.
    It owns the table's drawing (:attr:`view`): only it makes, swaps and asks it."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.session: Session | None = None
        self.view: TableView | None = None
        self.timers = Timers(self, shell.guard)
        self.playing: TableConfig | None = None
        """The table of the game in play, as its link says it (the table's Copy link)."""
        self.record: tuple[str, dict[str, Any]] | None = None
        """The game record on the table, when one was opened: its file name and data."""
        self.again: Callable[[], None] | None = None
        """Deals the game on the table again (the end screen's "Play again")."""
        self.steps = Steps(shell, self)
        self.end = End(shell, self)
        self.phones: PhoneTable | None = None
        """The table's phone seats, while the table in play has some (they bring a referee:
        people's actions are then held and applied in the order they were made)."""
        self.lesson: TableLesson | None = None
        """The lesson taught on the table, if one is: it takes the learner's actions instead
        of the game (web/tools/lesson/table.py)."""
        on = shell.on
        on("bar-phones", "click", lambda _e: self.phones and self.phones.open_panel())
        on("pause", "click", self.toggle_pause)
        on("speed", "change", self.on_speed)
        on("table-copy", "click", self.on_table_copy)
        on("to-setup", "click", lambda _e: shell.show_setup())
        on("again-same", "click", self.again_same)
        on("again-new", "click", lambda _e: self.start(shell.config, new_seed=True))

    # -- a game on the table ---------------------------------------------------------------

    def start(self, config: TableConfig, new_seed: bool = False) -> None:
        """Deal ``config``'s table (a new seed if it has none, or if ``new_seed``) and
        remember it as the last table."""
        shell = self.shell
        config = with_seed(config, new=new_seed)
        bots = {i: s.difficulty for i, s in enumerate(config.seats) if s.bot}
        names = [s.name for s in config.seats]
        try:
            options = start_options(find_variant(config.variant), config.options, local_minutes())
            session = Session(config.variant, config.players, seed_from_text(config.seed),
                              names, bots, options, config.speed, now(),
                              choice_ms=shell.settings.choice_seconds * 1000)
        except ValueError as error:
            shell.notify([t("That table cannot be dealt: {error}", error=str(error))])
            shell.show_setup()
            return
        shell.choose_table(config)
        query = to_query(replace(config, autostart=False))
        shell.change_settings(last_table=query, speed=config.speed)
        window.history.replaceState(None, "", f"?{query}" if query else "?")
        self.open_table(session, config.seed, config, again=lambda: self.start(config))
        if self.phones is not None:  # the same phones play the new deal
            self.phones.new_game()
        elif phone_seats := [i for i, seat in enumerate(config.seats) if seat.phone]:
            from web.phones.hosting import Phones  # only for a table with phones

            # This page hosts: the game waits for Start.
            self.phones = Phones(self.shell, self, phone_seats)

    def open_table(self, session: Session, seed: str, config: TableConfig | None,
                   again: Callable[[], None],
                   record: tuple[str, dict[str, Any]] | None = None,
                   lesson: TableLesson | None = None) -> None:
        """Put ``session`` on the table (``config``: the link of its game, None for an opened
        record or a typed deal, which have none; ``again`` deals it again; ``record``: the
        opened record it comes from; ``lesson``: the lesson it is the game of)."""
        if self.lesson is not None and self.lesson is not lesson:
            self.lesson.close()
        self.lesson = lesson
        self.record = record
        self.again = again
        self.stop_timers()
        if self.phones is not None and not self.phones.seated(config):
            self.phones.close(t("The table was closed."))
            self.phones = None
        if self.view is not None:
            self.view.destroy()
        self.session = session
        self.shell.show_screen("table", game_bar=True, table_copy=config is not None)
        self.end.reset()
        by_id("bar-variant").textContent = t(session.variant.title)
        by_id("bar-seed").textContent = seed
        by_id("speed").value = session.speed_name
        document.body.style.setProperty("--anim", ANIMATION[session.speed_name])
        show_motion(session.speed)
        self.playing = config
        self.view = self.new_view()
        session.start_clock(now())  # the table is drawn: the game's time starts now
        self.set_paused(session.reviewing)
        self.shell.focus_soon("table")  # not <body>: keys still work (read on the document)

    def new_view(self, lines: LogLines | None = None) -> TableView:
        """The table drawn afresh for the session (``lines``: the log so far, kept)."""
        # The table's drawing (web.table.view and its parts) is imported with the first
        # table, not at start-up.
        from web.table.view import TableView

        assert self.session is not None
        shell = self.shell
        return TableView(self.session, lambda seat: shell.keymap.keys_for(seat),
                         shell.guard(self.touch), shell.guard(self.choose),
                         shell.guard(self.variant_action), lines, shell.sound.play)

    @property
    def referee(self) -> Referee | None:
        """The phones' referee (none at instant speed, where nothing is held)."""
        phones, session = self.phones, self.session
        return phones.referee if phones and session and not session.instant else None

    def leave(self) -> None:
        """The table is left for another screen: the bots' timers stopped, the game paused."""
        self.stop_timers()
        if self.session is not None:
            self.session.pause(now())
        if self.lesson is not None:
            self.lesson.close()
            self.lesson = None

    # -- timers (web/table/timers.py) -----------------------------------------------------

    def stop_timers(self, ticker: bool = True) -> None:
        """Stop the bots' timer (or frame) and, unless told not to, the countdowns' ticker."""
        self.timers.stop(ticker)

    def schedule(self) -> None:
        """Wait for the next bot's (or held) action, and tick the countdowns on show."""
        self.timers.schedule()

    def ticking(self) -> bool:
        """Whether a countdown is on show, or a line waits for its turn."""
        return self.view is not None and self.view.needs_ticking()

    def tick(self) -> bool:
        """Redraw what changes with time alone (False: no table is drawn)."""
        if self.view is not None:
            self.view.tick()
        return self.view is not None

    def after(self, events: list[Any]) -> None:
        """Draw what happened, end the game if it is over, and wait for the next bot."""
        if self.view is None or self.session is None:
            return
        if events:
            self.view.update(events)
        if self.phones is not None:
            self.phones.after(events)
        self.steps.show_position()
        if self.lesson is not None:
            self.lesson.drawn()  # a lesson's game ends with its last step, not the end screen
            self.schedule()
        elif self.session.game.outcome is not None:
            self.game_over()
        else:
            self.schedule()

    # -- people's actions ------------------------------------------------------------------

    def act(self, seat: int, action: str, buzz: bool = False) -> None:
        """A person flips or slaps (a key, or with ``buzz`` a touch on their seat's button,
        which buzzes for a slap, twice for a wrong one)."""
        if self.session is None or by_id("table").hidden or seat in self.session.remote:
            return
        if self.lesson is not None:
            self.lesson.action(seat, action)
            return
        self.person(seat, action, now(), buzz)

    def person(self, seat: int, action: str, at: float, buzz: bool = False,
               arrived: float | None = None) -> None:
        """A person's flip or slap made at real time ``at`` (a key, a touch, a phone's press
        reaching here at ``arrived``), by one path at every speed: held by the phones'
        referee while it runs (:meth:`~web.phones.hosting.Phones.held`), else at once."""
        if self.session is None or (self.phones is not None and self.phones.held(
                seat, action, at, at if arrived is None else arrived, buzz)):
            return
        events = self.session.human(seat, action, now())
        if buzz:
            self.shell.sound.buzz(vibration(seat, action, events))
        self.after(events)

    def touch(self, seat: int, action: str) -> None:
        """A person's touch on their seat's flip or slap button."""
        self.act(seat, action, buzz=True)

    def choose(self, seat: int, option: str) -> list[Any]:
        """A person answers the decision in their seat's panel (a button, or the keys) or on
        their phone: the events it made."""
        if self.session is None or by_id("table").hidden:
            return []
        if self.lesson is not None:
            self.lesson.choose(seat, option)
            return []
        self.after(events := self.session.choose(seat, option, now()))
        return events

    def variant_action(self, seat: int, kind: str, arg: str) -> None:
        """A person does one of the variant's own actions (a button of a part of the table)."""
        if self.session is None or self.view is None or by_id("table").hidden:
            return
        if self.lesson is not None:
            self.lesson.variant_action(seat, kind, arg)
            return
        events = self.session.variant_action(seat, kind, arg, now())
        self.view.note_action(kind, events)
        self.after(events)

    # -- the table's drawing ---------------------------------------------------------------

    def redraw(self) -> None:
        """The table drawn afresh, its log kept (a seat changed hands)."""
        if self.view is not None:
            self._draw_afresh(self.view)
            self.schedule()

    def _draw_afresh(self, old: TableView) -> None:
        old.destroy()
        self.view = self.new_view(old.lines)

    def show_moment(self, events: Sequence[Event] = (), afresh: bool = False) -> None:
        """The table at the session's moment: ``events`` drawn on it, or (``afresh``) the
        table drawn anew, its log kept; the log scrolled to the moment."""
        if self.view is None:
            return
        if afresh:
            self._draw_afresh(self.view)
        elif events:
            self.view.update(events)
        if self.view is not None:
            self.view.show_moment()

    def choice_key(self, seat: int, action: str) -> str | None:
        """What ``seat``'s key does while its decision panel is open
        (:meth:`~web.table.view.TableView.choice_key`; None: no panel)."""
        return self.view.choice_key(seat, action) if self.view is not None else None

    def refresh_keys(self) -> None:
        if self.view is not None:
            self.view.refresh_keys()

    def relayout(self) -> None:
        if self.view is not None:
            self.view.relayout()
        if self.lesson is not None:
            self.lesson.relayout()

    def crown(self, winner: int) -> int:
        """The winner's moment on the table: how long it lasts (ms; 0 with no table)."""
        return self.view.crown(winner) if self.view is not None else 0

    def step_back(self, *_: Any) -> None:
        self.steps.back()

    def step_on(self, *_: Any) -> None:
        self.steps.step()

    # -- pause and speed -------------------------------------------------------------------

    def set_paused(self, paused: bool) -> None:
        """Pause or resume the game. Resuming at a past moment plays on from there: the
        record after it is dropped (the log's entries still to come go)."""
        session = self.session
        if session is not None:
            if paused:
                if (referee := self.referee) is not None:  # held actions count: apply them
                    self.after(referee.flush(now()))
                session.pause(now())
            elif session.resume_here(now()) and self.view is not None:
                self.view.lines.cut(len(session.all_events))
                self.view.redraw_log()
            if session.game.outcome is None:  # (a step back from the end)
                self.end.reset()
        self.show_pause()
        self.steps.show_position()
        if paused:
            self.stop_timers()
        else:
            self.schedule()

    def show_pause(self) -> None:
        """The bar's Pause (Resume while paused) and the pause banner, as the game is: a game
        over has nothing to pause or resume (the button cannot be used, no banner)."""
        session = self.session
        over = session is not None and session.game.outcome is not None
        paused = session is not None and session.paused and not over
        button = by_id("pause")
        button.textContent = t("Resume") if paused else t("Pause")
        button.setAttribute("aria-pressed", "true" if paused else "false")
        button.disabled = over
        by_id("paused-banner").hidden = not paused

    def toggle_pause(self, *_: Any) -> None:
        if self.lesson is not None:
            return  # a lesson waits for its learner: nothing to pause
        if self.phones is not None and not self.phones.started:
            self.phones.open_panel()  # before Start the game waits for its phones
            return
        if self.session is not None and self.session.game.outcome is None:
            if self.phones is not None:
                self.phones.host_plays_on()
            self.set_paused(not self.session.paused)

    def on_speed(self, _event: Any) -> None:
        shell = self.shell
        speed = str(by_id("speed").value)
        shell.change_settings(speed=speed)
        document.body.style.setProperty("--anim", ANIMATION.get(speed, "1"))
        if self.session is not None:
            if (referee := self.referee) is not None:  # actions held are applied, not lost
                self.after(referee.flush(now()))
            self.session.set_speed(speed, now())
            show_motion(self.session.speed)
            shell.choose_table(replace(shell.config, speed=speed))
            if self.playing is not None:
                self.playing = replace(self.playing, speed=speed)
            self.schedule()

    def on_table_copy(self, _event: Any) -> None:
        """The table's Copy link: the game in play (its seed, speed, seats, names and rules),
        dealt at once by whoever opens it."""
        config = self.playing
        if config is None or by_id("table").hidden:
            return
        link = link_for(str(window.location.href), replace(config, autostart=True))

        def copied(ok: bool) -> None:
            self.shell.notify([t("Link copied: {link}", link=link) if ok
                               else t("Link to this game: {link}", link=link)])

        self.shell.copy_text(link, copied)

    # -- the end ---------------------------------------------------------------------------

    def game_over(self, dialog: bool = True) -> None:
        """The game is over (:meth:`End.game_over <web.table.end.End.game_over>`)."""
        self.stop_timers()
        self.show_pause()
        self.end.game_over(dialog)

    def again_same(self, _event: Any) -> None:
        """Play again, the same deal: the link's, an opened record's (checked already) or the
        Beggar-My-Neighbour lab's."""
        if self.again is not None:
            self.again()
