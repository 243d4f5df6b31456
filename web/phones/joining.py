"""How phones join the table this page hosts: the phones' script (web/phones/host.mjs) loaded,
a join code for each seat that waits, the phones' answers pasted or read by the camera, and
the codes drawn as QR codes for the panel.

Part of :class:`~web.phones.hosting.Phones`, which it sees as a :class:`Lobby`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from pyodide.code import run_js
from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ratscrew.i18n import t
from web.dom import now
from web.phones.clock import PhoneClock
from web.phones.lobby import LOCAL_HOSTS, PhoneSeat, problem

if TYPE_CHECKING:
    from web.interfaces import Shell
    from web.phones.panel import PhonePanel


class Lobby(Protocol):
    """The table's phone seats, as their joining sees them."""

    @property
    def seats(self) -> dict[int, PhoneSeat]: ...

    @property
    def panel(self) -> PhonePanel: ...

    def tell(self, seat: Any, kind: Any, data: Any, time: Any) -> None:
        """What a connection says (web/phones/host.mjs calls it)."""
        ...


class Joining:
    """The phones' connections being made."""

    def __init__(self, shell: Shell, lobby: Lobby) -> None:
        self.shell = shell
        self.lobby = lobby
        self.host: Any = None
        """The phones' connections (web/phones/host.mjs's ``PhoneHost``), once loaded."""
        self.module: Any = None
        self._stop_scan: Any = None
        self._last_scan = ""

    def load(self) -> None:
        """Import the phones' script (then a code is made for every seat)."""
        guard = self.shell.guard
        url = window.URL.new("web/phones/host.mjs", document.baseURI).href
        promise = run_js(f"import({str(url)!r})")
        promise.then(create_once_callable(guard(self._loaded)),
                     create_once_callable(guard(self._not_loaded)))

    def qr_svg(self, text: str, drawn: Callable[[str], None]) -> bool:
        """Draw ``text``'s QR code as SVG (web/phones/host.mjs), then ``drawn(svg)``; False
        while that script is not loaded."""
        if self.module is None:
            return False
        done = self.shell.guard(lambda svg: drawn(str(svg)))
        self.module.qrSvg(text).then(create_once_callable(done))
        return True

    def _loaded(self, module: Any) -> None:
        if str(window.location.hostname) in LOCAL_HOSTS:
            self.lobby.panel.problem("local", problem("local"))
        self.module = module
        self.host = module.PhoneHost.new(create_proxy(self.shell.guard(self.lobby.tell)))
        self.host.askCamera().then(create_once_callable(self.shell.guard(self._camera)))

    def _not_loaded(self, error: Any) -> None:
        # i18n: {error} is the browser's own words for what went wrong
        self.lobby.panel.problem("page", t("The phones' part of the page did not load "
                                           "({error}). Reload the page.", error=str(error)))

    def _camera(self, answer: Any) -> None:
        if str(answer) == "refused":
            self.lobby.panel.problem("camera", problem("refused"))
        for seat in self.lobby.seats:
            self.new_code(seat)

    def new_code(self, seat: int) -> None:
        """A fresh join code for ``seat`` (any connection it had is closed)."""
        if self.host is None:
            return
        phone = self.lobby.seats[seat]
        phone.code = ""
        phone.problem = ""
        phone.inbox.new_phone()  # the next phone counts its actions from 1, on its own clock
        phone.clock = PhoneClock()
        self.lobby.panel.show_seats()
        self.host.offer(seat)

    def add_answer(self, text: str) -> None:
        """A phone's answer, pasted or read by the camera."""
        if self.host is None or not text.strip():
            return

        def done(seat: Any) -> None:
            phone = self.lobby.seats.get(int(seat))
            if phone is not None and phone.status in ("waiting", "reconnecting"):
                phone.set("joining", now())  # (a fast phone may have said hello already)
                self.lobby.panel.problem("answer", "")
                self.lobby.panel.show_seats()

        def failed(error: Any) -> None:
            self.lobby.panel.problem("answer", str(getattr(error, "message", error)))

        guard = self.shell.guard
        self.host.answer(text).then(create_once_callable(guard(done)),
                                    create_once_callable(guard(failed)))

    def scan(self, video: Any) -> None:
        """Read the phones' answers with the camera into ``video`` (again: stop)."""
        if self.module is None:
            return
        if self._stop_scan is not None:
            self._stop_scan()
            self._stop_scan = None
            self.lobby.panel.scanning(False)
            return

        def started(stop: Any) -> None:
            self._stop_scan = stop
            self.lobby.panel.problem("camera", "")  # it works now

        def failed(error: Any) -> None:
            self.lobby.panel.scanning(False)
            # i18n: {problem} is "The camera is blocked: …", {error} the browser's own
            # words for why
            self.lobby.panel.problem("camera", t("{problem} ({error})", problem=problem(
                "refused"), error=str(getattr(error, "message", error))))

        guard = self.shell.guard
        self.lobby.panel.scanning(True)  # on show first: the scanner hides a hidden video for good
        found = create_proxy(guard(self._scanned))
        self.module.scan(video, found).then(create_once_callable(guard(started)),
                                            create_once_callable(guard(failed)))

    def _scanned(self, text: Any) -> None:
        """A code the camera read: each one once (the camera reads it ten times a second)."""
        text = str(text)
        if text != self._last_scan:
            self._last_scan = text
            self.add_answer(text)

    def stop_scan(self) -> None:
        """The camera stops reading codes."""
        if self._stop_scan is not None:
            self._stop_scan()
            self._stop_scan = None
