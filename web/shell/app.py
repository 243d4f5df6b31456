"""The page's shell: which screen is shown (the setup, the table, a teaching tool), notices,
the browser's callbacks, the size observer, the clipboard and files, and the surface the
teaching tools use (:class:`~web.shell.host.ToolHost`).

Each concern of the page is a controller the shell makes; they know each other only as the
Protocols of web/interfaces.py (the wiring, in one file):

- :class:`~web.shell.setup.SetupForm`: the setup form, its house rules, Deal, demo, Copy link;
- :class:`~web.table.play.Play`: the game on the table, its timers, pause, speed, the end
  (with :class:`~web.table.steps.Steps`: step and rewind, the log);
- :class:`~web.shell.settings_dialog.SettingsDialog`: the settings and their storage;
- :class:`~web.shell.records.Records`: game records as files;
- :class:`~web.shell.keys.Keys`: the keyboard;
- :class:`~web.shell.sound.SoundBoard`: the sounds, their volume and mute, a slap's buzz;
- :class:`~web.shell.tool_screens.ToolScreens`: the teaching tools' screens.

The rules live in ``ratscrew``; links, key maps, settings and the session are plain modules
(web/model/) tested without a browser.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ratscrew.i18n import t
from web.dom import by_id, clear, el, focus, later
from web.model.keymap import KeyMap
from web.model.links import TableConfig, parse_query, tool_link
from web.model.settings import Settings
from web.shell.keys import Keys
from web.shell.records import Records
from web.shell.settings_dialog import SettingsDialog, load_saved, store
from web.shell.setup import SetupForm
from web.shell.sound import SoundBoard
from web.shell.tool_screens import TOOLS, ToolScreens
from web.table.play import Play

if TYPE_CHECKING:
    from web.model.session import Session
    from web.shell.host import BackgroundTool

_TASKS: set[asyncio.Future[None]] = set()
"""Clipboard writes and file reads under way (the loop holds only a weak reference)."""
NOTICE_MS = 12_000
"""How long a notice stays before it goes by itself (its button dismisses it sooner)."""
SCREENS = ("setup", "table", *TOOLS)
"""The screens' element ids: one is shown at a time (``data-screen`` on ``<body>``)."""
GAME_BAR = ("bar-game", "pause", "speed-label", "sound")
"""The bar's parts about the game in play: its name and seed, Pause, the speed, the sound."""
SETTING_NAMES = frozenset(f.name for f in fields(Settings)) - {"keys"}
"""What :meth:`App.change_settings` may change (the keys are the key map's)."""


class App:
    """The shell: it makes the controllers, shows one screen at a time, and is the
    :class:`~web.interfaces.Shell` they are given (the teaching tools: a
    :class:`~web.shell.host.ToolHost`)."""

    def __init__(self) -> None:
        self.proxies: list[Any] = []
        self._settings, self._keymap, notices = load_saved()
        if notices:  # what could not be read is dropped: the cleaned settings replace it
            store(self._settings, self._keymap)
        query = str(window.location.search)
        tool = tool_link(query)  # a teaching tool's link (a drill, a lesson): no table
        if not query.strip("?") and self._settings.last_table:
            query = self._settings.last_table
        config, link_notices = parse_query("" if tool else query)
        notices += link_notices
        # The page's language could not be had (web/boot/i18n.js says why): it is in English.
        page_words = getattr(window, "ratscrewI18n", None)
        if page_words is not None and (problem := str(getattr(page_words, "problem", "") or "")):
            notices.append(problem)
        self._config = config
        self.sizes = window.ResizeObserver.new(self.proxy(self._sized))
        """Writes each watched box's content size into its ``--box-w`` and ``--box-h``: the
        table's centre row (and the practice stage) scale their cards to it. A CSS size container
        did that before, but its query units made every frame's layout about five times
        slower (8.6 ms against 1.7 ms a layout in Chromium traces of a six-player table; the
        key-to-screen figures are scripts/bench_page.py's keys and lab sections)."""
        self.watch_size(document.querySelector(".centre-row"))
        self.on("notices", "click", self.on_notice_click)
        self.sound = SoundBoard(self._settings, self.change_settings, self.proxy)
        self.on("sound", "click", self.sound.toggle_mute)
        self.play = Play(self)
        self.setup = SetupForm(self, self.play)
        self.settings_dialog = SettingsDialog(self, self.play)
        self.records = Records(self, self.play)
        self.tools = ToolScreens(self, self.play)
        self.keys = Keys(self, self.play, self.settings_dialog)
        # The setup form may have been used while Python was starting (web/boot/setup_early.js):
        # it is taken over as it stands, and dealt if Deal was pressed.
        pending = self.setup.take_over()
        self.notify(notices)
        document.body.dataset.setup = "live"
        if pending == "demo":
            self.setup.on_demo(None)
        elif tool and not pending:
            self.tools.open(tool, query)
        elif pending or self.config.autostart:
            self.play.start(self.config)
        else:
            self.setup.show_first()

    # -- the table chosen and the settings: one writer each --------------------------------

    @property
    def config(self) -> TableConfig:
        """The table chosen on the setup screen (and the last one dealt)."""
        return self._config

    def choose_table(self, config: TableConfig) -> None:
        """The only writer of :attr:`config`."""
        self._config = config

    @property
    def settings(self) -> Settings:
        """What the page remembers between visits (the keys apart: :attr:`keymap`)."""
        return self._settings

    @property
    def keymap(self) -> KeyMap:
        """The players' keys."""
        return self._keymap

    def change_settings(self, keymap: KeyMap | None = None, **changes: Any) -> None:
        """The only writer of :attr:`settings` and :attr:`keymap`: each change made (a
        setting's name that :class:`~web.model.settings.Settings` lacks is a bug), then
        everything saved, once."""
        for name, value in changes.items():
            if name not in SETTING_NAMES:
                raise TypeError(f"there is no setting {name!r}")
            setattr(self._settings, name, value)
        if keymap is not None:
            self._keymap = keymap
        store(self._settings, self._keymap)

    # -- screens ---------------------------------------------------------------------------

    def show_screen(self, screen: str, game_bar: bool = False, table_copy: bool = False) -> None:
        """Show ``screen`` (one of :data:`SCREENS`) and hide the others; ``game_bar``: the
        bar's parts about the game, ``table_copy``: the table's Copy link. Leaving the table
        stops its game (timers stopped, paused); the tool on show is closed (the lab only
        hidden)."""
        if screen != "table":
            self.play.leave()
        self.tools.close()
        for name in SCREENS:
            by_id(name).hidden = name != screen
        by_id("howto").hidden = True
        for name in GAME_BAR:
            by_id(name).hidden = not game_bar
        by_id("table-copy").hidden = not table_copy  # the setup has a Copy link of its own
        document.body.dataset.screen = screen

    def show_setup(self, focus: bool = True, fill: bool = True) -> None:
        """The setup screen (``fill``: its form drawn from :attr:`config` again)."""
        self.show_screen("setup", game_bar=self.play.session is not None)
        if fill:
            self.setup.fill(self.config)
        if focus:
            self.focus_soon("setup-title")

    def dialog_open(self) -> bool:
        """Whether a dialog (the settings, the end screen) is over the screen."""
        return bool(by_id("settings").open or by_id("gameover").open)

    def focus_soon(self, element_id: str) -> None:
        """Move the focus to ``element_id`` (made focusable from code, not by Tab) once the
        page has drawn: at start-up the app is shown only after :class:`App` is made."""

        def focus_target() -> None:
            target = by_id(element_id)
            if target and not target.hidden:
                target.setAttribute("tabindex", "-1")
                # No scrolling: a choice panel the view has just brought into view stays.
                focus(target)

        later(self.guard(focus_target), 0)

    # -- notices ---------------------------------------------------------------------------

    def notify(self, messages: list[str], clear_old: bool = False) -> None:
        """Show each message as a notice: it goes by itself after :data:`NOTICE_MS`, or
        sooner with its ✕ button (:meth:`on_notice_click`)."""
        box = by_id("notices")
        if clear_old:
            clear(box)
        for message in messages:
            item = el("li", "notice", message, role="status")
            item.appendChild(
                el("button", "notice-close", "✕", type="button", aria_label=t("Dismiss")))
            box.appendChild(item)
            later(self.guard(lambda item=item: item.remove()), NOTICE_MS)

    def on_notice_click(self, event: Any) -> None:
        """A notice's ✕ button dismisses it (one listener for the whole list)."""
        target = event.target
        if target and target.classList.contains("notice-close"):
            target.parentElement.remove()

    # -- the browser's callbacks -----------------------------------------------------------

    def guard(self, fn: Any) -> Any:
        """``fn`` for the browser to call: a bug in it becomes a notice on the page (and the
        traceback a console warning), never a silently broken table."""

        def guarded(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception as error:
                window.console.warn(f"[ratscrew] {traceback.format_exc()}")
                # i18n: kind and problem: the program's own words for a bug (an exception's
                # name and message, in English)
                self.notify([t("Something went wrong ({kind}: {problem}). Start a new game if "
                               "the table stops responding.", kind=type(error).__name__,
                               problem=str(error))])
                return None

        return guarded

    def proxy(self, fn: Any) -> Any:
        """``fn``, guarded, for the browser to keep calling (the page's lifetime)."""
        p = create_proxy(self.guard(fn))
        self.proxies.append(p)
        return p

    def on(self, element_id: str, event: str, handler: Any) -> None:
        """Call ``handler`` on the ``event`` events of the page's element ``element_id``."""
        by_id(element_id).addEventListener(event, self.proxy(handler))

    def watch_size(self, node: Any) -> None:
        """Keep ``--box-w`` and ``--box-h`` on ``node`` equal to its content box, in px."""
        self.sizes.observe(node)

    def unwatch_size(self, node: Any) -> None:
        self.sizes.unobserve(node)

    def _sized(self, entries: Any, *_: Any) -> None:
        for entry in entries:
            rect = entry.contentRect
            style = entry.target.style
            for name, value in (("--box-w", rect.width), ("--box-h", rect.height)):
                text = f"{float(value):.1f}px"
                if style.getPropertyValue(name) != text:  # no restyle for the same size
                    style.setProperty(name, text)

    # -- clipboard and files ---------------------------------------------------------------

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        """Put ``text`` on the clipboard, then ``done(True)``; ``done(False)`` when the browser
        has no clipboard here or refuses it (the page then shows the text to copy by hand)."""
        try:
            promise = window.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard (an insecure page, an old browser)
            done(False)
            return

        async def wait() -> None:
            try:
                await promise
            except Exception:  # refused: no permission, or the page not focused
                ok = False
            else:
                ok = True
            self.guard(done)(ok)

        self._run(wait())

    def read_text(self, file: Any, done: Callable[[str | None], None]) -> None:
        """Read a file the page was given (a ``File``) as text, then ``done(text)``;
        ``done(None)`` when it cannot be read."""
        promise = file.text()

        async def read() -> None:
            try:
                text: str | None = str(await promise)
            except Exception:
                text = None
            self.guard(done)(text)

        self._run(read())

    @staticmethod
    def _run(work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        _TASKS.add(task)  # kept until done (the loop holds only a weak reference)
        task.add_done_callback(_TASKS.discard)

    # -- for the teaching tools (ToolHost) and the page's tests ----------------------------

    def learn(self, variant: str, step: int = 0, teach: bool = False) -> None:
        self.tools.learn(variant, step, teach)

    def watch_deal(self, hands: list[list[str]], speed: str) -> None:
        self.tools.watch_deal(hands, speed)

    def lab_progress(self, text: str) -> None:
        self.tools.lab_progress(text)

    def close_lab(self) -> None:
        self.tools.close_lab()

    def open_link(self, query: str) -> None:
        """Deal the table a link's query describes (or open the teaching tool it names: a
        lesson, a drill), as opening the link would, without reloading the page (the layout
        tests play many tables in one page)."""
        if tool := tool_link(str(query)):
            self.tools.open(tool, str(query))
            return
        config, notices = parse_query(str(query))
        self.notify(notices)
        self.play.start(config)

    @property
    def session(self) -> Session | None:
        """The game on the table, if any."""
        return self.play.session

    @property
    def lab(self) -> BackgroundTool | None:
        """The statistics lab, once opened."""
        return self.tools.lab

    def stop_timers(self) -> None:
        """Stop the game's timers (its bots stop playing)."""
        self.play.stop_timers()

    def schedule(self) -> None:
        """Wait for the game's next bot action again."""
        self.play.schedule()

    def set_choice_seconds(self) -> None:
        """The settings' time to choose, as its field says it."""
        self.settings_dialog.set_choice_seconds()
