"""The page's wiring: what the shell, the table and the phones offer each other.

Read this file to learn how the page's controllers talk. Each one is given the others as
these Protocols, never as their classes, and asks them for what it needs by a method of
theirs: none reaches through one controller into another's parts, and none writes another's
state.

- :class:`Shell` (web/shell/app.py's ``App``): the screens, notices, the browser's callbacks,
  the clipboard and files, and the owner of the table chosen (:attr:`Shell.config`, written
  only by :meth:`Shell.choose_table`) and of the saved settings (:attr:`Shell.settings` and
  :attr:`Shell.keymap`, written only by :meth:`Shell.change_settings`). Its controllers:
  the setup form (web/shell/setup.py), the settings dialog (settings_dialog.py), game
  records (records.py), the keyboard (keys.py), the teaching tools' screens
  (tool_screens.py) and the sound (sound.py, as :class:`Sound`).
- :class:`Table` (web/table/play.py's ``Play``): the game on the table, its timers, pause,
  speed, stepping through its record and its end. It owns the table's drawing (its view):
  it alone makes, swaps and asks it. Its parts, Steps (web/table/steps.py) and End
  (web/table/end.py), are given the table as this Protocol too.
- :class:`PhoneTable` (web/phones/hosting.py's ``Phones``): the phone seats of the table in
  play, as the table sees them; :class:`PhoneLobby`: the same, as their panel
  (web/phones/panel.py) sees them.

The teaching tools see the shell as a :class:`~web.shell.host.ToolHost` (web/shell/host.py),
which :class:`Shell` extends.

Who makes whom, and what each is given::

    App (Shell)
     ├─ SoundBoard (Sound)                  given the settings and their writer
     ├─ Play (Table)                        given the Shell
     │   ├─ Steps, End                      given the Shell and the Table
     │   ├─ Timers                          given the Table (web/table/timers.py)
     │   └─ Phones (PhoneTable, PhoneLobby) given the Shell and the Table; with phone seats only
     │       ├─ PhonePanel                  given the PhoneLobby and the Shell
     │       └─ Joining                     given the Shell and the Phones (web/phones/joining.py)
     ├─ SetupForm, SettingsDialog,          given the Shell and the Table
     │  Records, ToolScreens
     └─ Keys                                given the Shell, the Table and the settings
                                            dialog (KeyCapture)

tests/test_wiring.py keeps these rules (no import circle in web/, one writer each);
tests/web/fake_shell.py is a second Shell, which the controllers' tests hand them.

Browser-free, and imported only for types: DOM nodes, events and callbacks cross as ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from web.shell.host import ToolHost

if TYPE_CHECKING:
    from ratscrew.core.events import Event
    from web.model.feedback import Sound as SoundSpec
    from web.model.keymap import KeyMap
    from web.model.links import TableConfig
    from web.model.session import Session
    from web.model.settings import Settings
    from web.phones.lobby import PhoneSeat
    from web.phones.referee import Referee


class Sound(Protocol):
    """The page's sounds and a slap's buzz (web/shell/sound.py's ``SoundBoard``)."""

    def play(self, sounds: Sequence[tuple[str, SoundSpec]]) -> None:
        """Sound these (named) sounds at once, as loud as the settings say."""
        ...

    def buzz(self, pattern: Sequence[int]) -> None:
        """Vibrate the device in this pattern (ms on, off, on...), if the settings let it."""
        ...

    def set_volume(self, volume: int) -> None:
        """The volume, 0 to 100 (saved)."""
        ...

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute (saved, and shown on the bar)."""
        ...

    def toggle_mute(self, *_: Any) -> None:
        ...


class Shell(ToolHost, Protocol):
    """The page's shell, as its controllers see it (and as the teaching tools do: a
    :class:`~web.shell.host.ToolHost`)."""

    @property
    def settings(self) -> Settings:
        """What the page remembers between visits; read only (:meth:`change_settings`)."""
        ...

    @property
    def sound(self) -> Sound:
        ...

    def choose_table(self, config: TableConfig) -> None:
        """The table chosen is now ``config`` (the setup's form, a deal, a new speed): the only
        writer of :attr:`config`."""
        ...

    def change_settings(self, keymap: KeyMap | None = None, **changes: Any) -> None:
        """Change these settings (by their :class:`~web.model.settings.Settings` field names)
        and, with ``keymap``, the players' keys; then save them all, once. The only writer of
        :attr:`settings` and :attr:`keymap`."""
        ...

    def show_screen(self, screen: str, game_bar: bool = False, table_copy: bool = False) -> None:
        """Show one screen (setup, table or a tool's) and hide the others."""
        ...

    def dialog_open(self) -> bool:
        """Whether a dialog (the settings, the end screen) is over the screen."""
        ...

    def focus_soon(self, element_id: str) -> None:
        """Move the focus to the element once the page has drawn."""
        ...

    def proxy(self, fn: Any) -> Any:
        """``fn``, guarded, for the browser to keep calling."""
        ...

    def on(self, element_id: str, event: str, handler: Any) -> None:
        """Call ``handler`` on the ``event`` events of the page's element ``element_id``."""
        ...

    def read_text(self, file: Any, done: Callable[[str | None], None]) -> None:
        """Read a ``File`` as text; ``done(text)`` follows (``None``: it cannot be read)."""
        ...


class Table(Protocol):
    """The table in play, as the shell's controllers, its own parts and the phones see it."""

    @property
    def session(self) -> Session | None:
        """The game on the table, if any (read; the table alone changes what it shows)."""
        ...

    @property
    def record(self) -> tuple[str, dict[str, Any]] | None:
        """The game record on the table, when one was opened: its file name and data."""
        ...

    @property
    def referee(self) -> Referee | None:
        """The phones' referee, while it holds people's actions."""
        ...

    @property
    def lesson(self) -> TableLesson | None:
        """The lesson taught on the table, if one is (it takes the learner's actions)."""
        ...

    # -- dealing ---------------------------------------------------------------------------

    def start(self, config: TableConfig, new_seed: bool = False) -> None:
        """Deal ``config``'s table, and remember it as the last table."""
        ...

    def open_table(self, session: Session, seed: str, config: TableConfig | None,
                   again: Callable[[], None],
                   record: tuple[str, dict[str, Any]] | None = None,
                   lesson: TableLesson | None = None) -> None:
        """Put a session on the table (an opened record, a typed deal...)."""
        ...

    def leave(self) -> None:
        """The table is left for another screen: its timers stopped, its game paused."""
        ...

    # -- playing ---------------------------------------------------------------------------

    def act(self, seat: int, action: str, buzz: bool = False) -> None:
        """A person here flips or slaps."""
        ...

    def person(self, seat: int, action: str, at: float, buzz: bool = False,
               arrived: float | None = None) -> None:
        """A person's flip or slap made at real time ``at`` (here, or on a phone)."""
        ...

    def choose(self, seat: int, option: str) -> list[Any]:
        """A person answers their decision: the events it made."""
        ...

    def choice_key(self, seat: int, action: str) -> str | None:
        """What a seat's key does while its decision waits (None: no decision panel)."""
        ...

    def variant_action(self, seat: int, kind: str, arg: str) -> None:
        """A person does one of the variant's own actions."""
        ...

    def after(self, events: list[Any]) -> None:
        """Draw what happened, end the game if it is over, and wait for the next bot."""
        ...

    def schedule(self) -> None:
        """Wait for the game's next bot action (or held action) again."""
        ...

    def stop_timers(self, ticker: bool = True) -> None:
        ...

    def set_paused(self, paused: bool) -> None:
        ...

    def toggle_pause(self, *_: Any) -> None:
        """Pause or resume (Esc, the bar's Pause)."""
        ...

    # -- stepping through the record -------------------------------------------------------

    def step_back(self, *_: Any) -> None:
        """One action back, paused."""
        ...

    def step_on(self, *_: Any) -> None:
        """One action on, paused."""
        ...

    def game_over(self, dialog: bool = True) -> None:
        """The game is over: its end shown (with ``dialog``, its moment and end screen)."""
        ...

    # -- the table's drawing ---------------------------------------------------------------

    def show_moment(self, events: Sequence[Event] = (), afresh: bool = False) -> None:
        """The table at the session's moment: ``events`` drawn on it, or (``afresh``) the
        table drawn anew, its log kept; the log scrolled to the moment."""
        ...

    def redraw(self) -> None:
        """The table drawn afresh, its log kept, and its timers set again (a seat changed
        hands)."""
        ...

    def refresh_keys(self) -> None:
        """The seats' keys shown as the key map has them now."""
        ...

    def relayout(self) -> None:
        """The display changed (the projector display): the seats take their places."""
        ...

    def crown(self, winner: int) -> int:
        """The winner's moment: how long it lasts, in real ms (0: none)."""
        ...


class TableLesson(Protocol):
    """A lesson taught on the table (:class:`web.tools.lesson.table.LessonTable`): the table
    hands it the learner's actions and keys instead of playing them."""

    def action(self, seat: int, action: str) -> None:
        """A person's flip or slap (a key or a touch)."""

    def choose(self, seat: int, option: str) -> None:
        """A person's answer to the decision in their panel."""

    def variant_action(self, seat: int, kind: str, arg: str) -> None:
        """A person's own action of the variant (K.U.R.S.' fine)."""

    def key(self, key: str, event: Any) -> bool:
        """A key for the lesson itself (Next, Back): whether it was one."""

    def drawn(self) -> None:
        """The table drew what happened (the lesson lights its cards again)."""

    def relayout(self) -> None:
        """The screen's size changed."""

    def close(self) -> None:
        """The lesson leaves the table (another game, another screen)."""


class KeyCapture(Protocol):
    """The settings dialog, as the keyboard sees it: a key button may wait for a new key."""

    @property
    def capture(self) -> tuple[int, str] | None:
        """The seat and action whose new key the next key press is."""
        ...

    def capture_key(self, event: Any, key: str) -> None:
        ...


class PhoneTable(Protocol):
    """The table's phone seats, as the table sees them (web/phones/hosting.py's ``Phones``)."""

    @property
    def started(self) -> bool:
        """Whether the host has started the game (before, it waits for its phones)."""
        ...

    @property
    def referee(self) -> Referee:
        ...

    def seated(self, config: TableConfig | None) -> bool:
        """Whether ``config``'s table has these phone seats (a new deal keeps the phones)."""
        ...

    def new_game(self) -> None:
        """A new deal at the same table: the phones stay."""
        ...

    def held(self, seat: int, action: str, at: float, arrived: float, touch: bool) -> bool:
        """Whether a person's action is the referee's to apply, in the order actions were
        made."""
        ...

    def after(self, events: list[Event]) -> None:
        """The table moved on: every phone is told."""
        ...

    def open_panel(self) -> None:
        """The phones panel on show."""
        ...

    def host_plays_on(self) -> None:
        """The host paused or resumed: the game no longer waits for phones."""
        ...

    def close(self, why: str) -> None:
        """The table is closed: every phone told, every connection closed."""
        ...


class PhoneLobby(Protocol):
    """The table's phone seats, as their panel sees them."""

    @property
    def seats(self) -> dict[int, PhoneSeat]:
        ...

    @property
    def started(self) -> bool:
        ...

    @property
    def joined_once(self) -> bool:
        """A phone has joined this table."""
        ...

    def names(self) -> Sequence[str]:
        """The players' names as the game has them (none before a game)."""
        ...

    def seat_name(self, seat: int) -> str:
        """A seat's player's name ("" before a game)."""
        ...

    def qr_svg(self, text: str, drawn: Callable[[str], None]) -> bool:
        """Draw ``text``'s QR code as SVG, then ``drawn(svg)``; False when the phones' script
        is not loaded yet."""
        ...

    def new_code(self, seat: int) -> None:
        ...

    def add_answer(self, text: str) -> None:
        ...

    def scan(self, video: Any) -> None:
        ...

    def set_policy(self, policy: str) -> None:
        ...

    def replace(self, seat: int, bot: bool) -> None:
        ...

    def start(self) -> None:
        ...

