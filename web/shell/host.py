"""What the teaching tools may ask of the page's shell, and what the shell asks of a tool.

A tool's module has ``open_screen(host, query)``, which draws the tool into its screen (the
shell has shown it) and returns a :class:`Tool`. The tool talks to the page only through the
:class:`ToolHost` it was given: the shell implements it, and a test may hand a tool any
object with these members.

Browser-free: DOM nodes and callbacks cross as ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from web.model.keymap import KeyMap
from web.model.links import TableConfig


class ToolHost(Protocol):
    """The shell, as a tool sees it."""

    @property
    def config(self) -> TableConfig:
        """The table chosen on the setup screen (its game and speed seed a tool's own form)."""
        ...

    @property
    def keymap(self) -> KeyMap:
        """The players' keys, as the settings have them."""
        ...

    def notify(self, messages: list[str], clear_old: bool = False) -> None:
        """Show notices under the bar (they go by themselves)."""
        ...

    def guard(self, fn: Any) -> Any:
        """``fn`` for the browser to call: a bug in it becomes a notice, never a traceback."""
        ...

    def show_setup(self, focus: bool = True, fill: bool = True) -> None:
        """Leave the tool for the setup screen."""
        ...

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        """Put ``text`` on the clipboard; ``done(ok)`` follows."""
        ...

    def watch_size(self, node: Any) -> None:
        """Keep ``--box-w`` and ``--box-h`` on ``node`` equal to its content box."""
        ...

    def unwatch_size(self, node: Any) -> None:
        """Stop :meth:`watch_size`."""
        ...

    def learn(self, variant: str, step: int = 0, teach: bool = False) -> None:
        """Teach ``variant``'s lesson on the table, from ``step`` (0-based); ``teach``: the
        teacher moves it on."""
        ...

    def watch_deal(self, hands: list[list[str]], speed: str) -> None:
        """Play a Beggar-My-Neighbour deal of these hands on the table, at this speed."""
        ...

    def lab_progress(self, text: str) -> None:
        """Show how far the statistics lab has got on the bar (``""``: hide it)."""
        ...

    def close_lab(self) -> None:
        """The statistics lab has been left for good: forget it."""
        ...


class Tool(Protocol):
    """A teaching tool on show."""

    def close(self) -> None:
        """The tool is left: stop its timers and take its listeners off."""
        ...


class BackgroundTool(Tool, Protocol):
    """A tool whose work goes on while it is off screen (the statistics lab's run)."""

    def show(self) -> None:
        """Back on screen, as it was left."""
        ...

    def hide(self) -> None:
        """Off screen; the work goes on."""
        ...

    def status(self) -> str:
        """How far the work has got, in a few words ("" when there is none)."""
        ...


OpenScreen = Callable[[ToolHost, str], Tool]
"""A tool module's ``open_screen(host, query)``."""
