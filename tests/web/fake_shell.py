"""The page's shell as its controllers see it (web/interfaces.py's ``Shell``), for their tests:
it keeps what they ask of it (notices, the tables chosen, the settings saved, the screens
shown) and lets a test fire the events a controller listens to.

It is a Protocol's other implementation: a controller that works with it and with the page's
``App`` knows the shell only through the interface.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from tests.web.fake_browser import fake_browser
from web.model.keymap import KNOWN_ACTIONS, KeyMap, default_keymap
from web.model.links import TableConfig, parse_query
from web.model.session import Session
from web.model.settings import Settings

TABLE_PAGE = """<body><main id="table">
<span id="bar-variant"></span><span id="bar-seed"></span><select id="speed"></select>
<button id="pause"></button><button id="table-copy"></button><button id="table-record"></button>
<p id="explain"></p><div id="felt"><div id="seats">
<div data-region="top"></div><div data-region="left"></div>
<div class="centre-area"><div class="centre-row"><div id="pile" data-pile data-cards="0"></div>
</div><p id="challenge"></p><p id="pile-note"></p><p id="paused-banner" hidden></p></div>
<div data-region="right"></div><div data-region="bottom"></div></div></div>
<div id="rail-body"><div id="panels"><div id="choice-slot"></div></div>
<button id="step-back"></button><output id="step-at"></output><button id="step-on"></button>
<ol id="log"></ol></div><div id="announce"></div></main>
<dialog id="gameover"><h2 id="gameover-title"></h2><p id="gameover-summary"></p>
<table><thead><tr><th>Player</th><th>Cards</th><th>Piles</th><th>Right</th><th>Wrong</th></tr>
</thead><tbody id="stats-body"></tbody></table><button id="again-same"></button></dialog>
</body>"""
"""The table's elements as index.html has them (what the table, its steps and its end read)."""
TABLE_MODULES = ("web.table.play", "web.table.steps", "web.table.end", "web.table.timers",
                 "web.table.view", "web.dom", "web.table.cards_view")
"""The table's modules that read the browser."""
SETTING_NAMES = {field.name for field in dataclasses.fields(Settings)} - {"keys"}


class FakeSound:
    def __init__(self) -> None:
        self.played: list[str] = []
        self.buzzes: list[tuple[int, ...]] = []
        self.volumes: list[int] = []
        self.muted: list[bool] = []

    def play(self, sounds: Any) -> None:
        self.played += [name for name, _ in sounds]

    def buzz(self, pattern: Any) -> None:
        self.buzzes.append(tuple(pattern))

    def set_volume(self, volume: int) -> None:
        self.volumes.append(volume)

    def set_muted(self, muted: bool) -> None:
        self.muted.append(muted)

    def toggle_mute(self, *_: Any) -> None:
        self.set_muted(not (self.muted and self.muted[-1]))


class FakeShell:
    """A shell that keeps what it is asked."""

    def __init__(self, config: TableConfig | None = None) -> None:
        self._config = config or parse_query("")[0]
        self._settings = Settings()
        self._keymap = default_keymap(8, KNOWN_ACTIONS)
        self.sound = FakeSound()
        self.chosen: list[TableConfig] = []
        """Every table chosen (:meth:`choose_table`), in order."""
        self.saved: list[dict[str, Any]] = []
        """Every save of the settings: what each changed (``keymap`` for the keys)."""
        self.notices: list[str] = []
        self.screens: list[str] = []
        self.setups = 0
        """How often the setup screen was asked for."""
        self.copied: list[str] = []
        self.focused: list[str] = []
        self.dialog = False
        self.handlers: dict[tuple[str, str], list[Callable[[Any], Any]]] = {}

    # what a test does
    def fire(self, element_id: str, kind: str, event: Any = None) -> None:
        """The page's element ``element_id`` has an event ``kind``: its handlers run."""
        handlers = self.handlers.get((element_id, kind))
        assert handlers, f"nothing listens to {kind} on #{element_id}"
        for handler in handlers:
            handler(event)

    # the Shell
    @property
    def config(self) -> TableConfig:
        return self._config

    @property
    def settings(self) -> Settings:
        return self._settings

    @property
    def keymap(self) -> KeyMap:
        return self._keymap

    def choose_table(self, config: TableConfig) -> None:
        self.chosen.append(config)
        self._config = config

    def change_settings(self, keymap: KeyMap | None = None, **changes: Any) -> None:
        for name, value in changes.items():
            assert name in SETTING_NAMES, f"there is no setting {name!r}"
            setattr(self._settings, name, value)
        if keymap is not None:
            self._keymap = keymap
            changes["keymap"] = keymap
        self.saved.append(changes)

    def notify(self, messages: list[str], clear_old: bool = False) -> None:
        self.notices += messages

    def guard(self, fn: Any) -> Any:
        return fn

    def proxy(self, fn: Any) -> Any:
        return fn

    def on(self, element_id: str, event: str, handler: Any) -> None:
        self.handlers.setdefault((element_id, event), []).append(handler)

    def show_screen(self, screen: str, game_bar: bool = False, table_copy: bool = False) -> None:
        self.screens.append(screen)

    def show_setup(self, focus: bool = True, fill: bool = True) -> None:
        self.setups += 1

    def dialog_open(self) -> bool:
        return self.dialog

    def focus_soon(self, element_id: str) -> None:
        self.focused.append(element_id)

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        self.copied.append(text)
        done(True)

    def read_text(self, file: Any, done: Callable[[str | None], None]) -> None:
        done(file.text_value)

    def watch_size(self, node: Any) -> None:
        pass

    def unwatch_size(self, node: Any) -> None:
        pass

    def watch_deal(self, hands: list[list[str]], speed: str) -> None:
        pass

    def lab_progress(self, text: str) -> None:
        pass

    def close_lab(self) -> None:
        pass


@contextmanager
def table_page(modules: Sequence[str] = (), html: str = "") -> Iterator[types.SimpleNamespace]:
    """A fake page with the table's elements (and ``html``), a :class:`FakeShell` and the
    table in play on it (``play``, web/table/play.py's): ``deal(session)`` puts a game on
    the table, ``run(ms)`` lets its timers play, ``module(name)`` imports one of
    ``modules`` on the page."""
    page_html = TABLE_PAGE.replace("</body>", html + "</body>")
    with fake_browser((*TABLE_MODULES, *modules), page_html) as page:
        shell = FakeShell()
        play = page.module("web.table.play").Play(shell)

        def deal(session: Session) -> None:
            play.open_table(session, "7", None, again=lambda: None)

        def run(ms: float) -> None:
            for _ in range(int(ms // 100)):
                page.window.run(100)

        yield types.SimpleNamespace(page=page, shell=shell, play=play, deal=deal, run=run,
                                    by_id=page.document.getElementById, module=page.module)
