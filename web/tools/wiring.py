"""A tool's callbacks for the browser: its event listeners and timers, let go of all at once.

Every callback a tool hands the browser goes through :meth:`ToolHost.guard` (a bug in it
becomes a notice) and becomes a proxy, which Pyodide keeps alive until it is destroyed:
:meth:`Wiring.close` takes every listener off and destroys every proxy, so a closed tool
leaves nothing behind that the browser could still call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy

from ratscrew.i18n import N_
from web.dom import el
from web.shell.host import ToolHost

BACK_TO_SETUP = N_("Back to the game setup")
"""Every tool's button back to the setup screen (a message id: ``t(BACK_TO_SETUP)``)."""


class Wiring:
    """The listeners and callbacks of one tool's screen."""

    def __init__(self, host: ToolHost) -> None:
        self.host = host
        self._proxies: list[Any] = []
        self._listeners: list[tuple[Any, str, Any]] = []

    def proxy(self, fn: Callable[..., Any]) -> Any:
        """``fn``, guarded, for the browser to call until :meth:`close`."""
        p = create_proxy(self.host.guard(fn))
        self._proxies.append(p)
        return p

    def listen(self, target: Any, kind: str, fn: Callable[..., Any]) -> Any:
        """Call ``fn`` on ``target``'s ``kind`` events until :meth:`close`; ``target``."""
        p = self.proxy(fn)
        target.addEventListener(kind, p)
        self._listeners.append((target, kind, p))
        return target

    def button(self, text: str, fn: Callable[..., Any], cls: str = "", **attrs: str) -> Any:
        """A ``<button type="button">`` that calls ``fn`` when clicked."""
        return self.listen(el("button", cls, text, type="button", **attrs), "click", fn)

    def once(self, fn: Callable[[], None]) -> Any:
        """A callback for one timer: destroyed once it has run (or by :meth:`close`)."""
        holder: list[Any] = []

        def run() -> None:
            p = holder[0]
            if p in self._proxies:
                self._proxies.remove(p)
            try:
                fn()
            finally:
                p.destroy()

        holder.append(self.proxy(run))
        return holder[0]

    def close(self) -> None:
        """Take every listener off and destroy every callback."""
        for target, kind, p in self._listeners:
            target.removeEventListener(kind, p)
        self._listeners.clear()
        for p in self._proxies:
            p.destroy()
        self._proxies.clear()
