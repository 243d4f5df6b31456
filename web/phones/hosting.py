"""This page hosts the table's phones: their connections (web/phones/host.mjs, made by
:class:`~web.phones.joining.Joining`), the phones panel (join codes, answers, each seat's
state) and the messages, turned into actions of the phone's own seat for the referee
(:class:`~web.phones.referee.Referee`).

Imported only when a table has a phone seat.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import window

from ratscrew.core.events import Event
from ratscrew.i18n import t
from web.dom import by_id, now
from web.model.feedback import vibration
from web.phones import protocol
from web.phones.joining import Joining
from web.phones.lobby import (
    DROP_POLICIES,
    RECOVER_MS,
    PhoneSeat,
    buzz_for,
    decision_of,
    refusal,
    state_message,
)
from web.phones.panel import PhonePanel
from web.phones.protocol import FLOOD, MALFORMED, TOO_LONG, Act, Bye, Choose, Do, Hello, Pong
from web.phones.referee import Held, Referee

if TYPE_CHECKING:
    from web.interfaces import Shell, Table
    from web.model.links import TableConfig
    from web.model.session import Session

DECIDED = 500
"""How many of the referee's latest decisions are kept."""
TICK_MS = 1000
"""How often the panel's states are redrawn and quiet or gone phones noticed."""



class Phones:
    """The phone seats of the table in play: the table's
    :class:`~web.interfaces.PhoneTable`, their panel's :class:`~web.interfaces.PhoneLobby`."""

    def __init__(self, shell: Shell, play: Table, seats: list[int]) -> None:
        self.play = play
        self.shell = shell
        self.seats = {s: PhoneSeat(s, since=now()) for s in seats}
        assert play.session is not None
        self.referee: Referee
        """Orders people's actions by when they were made (made anew with each deal)."""
        self._touched: list[int] = []
        """Seats at this device whose held action came from a touch (it buzzes once
        applied)."""
        self.holding = False
        """The game waits for phones (before Start, or for a phone that dropped)."""
        self.decided: deque[tuple[int, str, float, float, float]] = deque(maxlen=DECIDED)
        """The latest actions the referee applied: seat, action, and the host times it was
        made, reached the host and was applied (scripts/bench_phones.py reads them)."""
        self.policy = "pause"
        self.paused_for: set[int] = set()
        """Phone seats the game is paused for (the drop policy "pause")."""
        self.started = False
        self.joined_once = False
        """A phone has joined this table (so phones can open its join links)."""
        self.joining = Joining(shell, self)
        self._seat(play.session)
        self.hold()
        self.panel = PhonePanel(self, shell)
        self.ticker = window.setInterval(create_proxy(self.shell.guard(self.tick)), TICK_MS)
        self.joining.load()

    def _seat(self, session: Session) -> None:
        """``session``'s phone seats marked, its referee made, its table redrawn."""
        session.play_remotely(self.seats)
        self.referee = Referee(session, self._applied)
        self.play.redraw()

    def seated(self, config: TableConfig | None) -> bool:
        """Whether ``config``'s table has these phone seats (a new deal keeps the phones)."""
        return config is not None and [
            i for i, seat in enumerate(config.seats) if seat.phone] == list(self.seats)

    def new_game(self) -> None:
        """A new deal at the same table: the phones stay, bots stand in for those away."""
        session = self.play.session
        assert session is not None
        self._seat(session)
        self._touched.clear()
        self.paused_for.clear()
        for phone in self.seats.values():
            phone.stand_in = False
            phone.sent = ""
            if phone.given_to:  # the seat stays with whoever the host gave it to
                session.play_here(phone.seat)
                if phone.given_to == "bot":
                    self.seat_bot(phone.seat, "normal")
        if self.started:
            for phone in self.seats.values():
                if phone.status != "playing" and not phone.given_to:
                    self.stand_in(phone)
            self.send_states()
        else:
            self.hold()
            self.panel.open()

    # -- for the table and the panel -------------------------------------------------------

    def open_panel(self) -> None:
        self.panel.open()

    def host_plays_on(self) -> None:
        """The host paused or resumed the game: it no longer waits for phones."""
        self.holding = False

    def names(self) -> Sequence[str]:
        session = self.play.session
        return session.game.names if session is not None else ()

    def seat_name(self, seat: int) -> str:
        session = self.play.session
        return str(session.game.name(seat)) if session is not None else ""

    def qr_svg(self, text: str, drawn: Callable[[str], None]) -> bool:
        return self.joining.qr_svg(text, drawn)

    def new_code(self, seat: int) -> None:
        self.joining.new_code(seat)

    def add_answer(self, text: str) -> None:
        self.joining.add_answer(text)

    def scan(self, video: Any) -> None:
        self.joining.scan(video)

    @property
    def host(self) -> Any:
        """The phones' connections (web/phones/host.mjs's ``PhoneHost``), once loaded."""
        return self.joining.host

    # -- what the connections say ----------------------------------------------------------

    def tell(self, seat: Any, kind: Any, data: Any, time: Any) -> None:
        phone = self.seats.get(int(seat))
        if phone is None:
            return
        kind, data, at = str(kind), str(data), float(time)
        if kind == "code":
            phone.code = data
            self.panel.show_seats()
        elif kind == "message":
            self.message(phone, data, at)
        elif kind == "dropped":  # dropped before Python: over the rate, too long, binary
            count = data.removeprefix("flood:")
            if count != data and count.isdigit():
                phone.inbox.dropped[FLOOD] += int(count)
            else:
                phone.inbox.dropped[TOO_LONG if data == TOO_LONG else MALFORMED] += 1
        elif kind == "link":
            if data in ("failed", "closed", "disconnected") and phone.status == "playing":
                self.dropped(phone, at, hopeful=data == "disconnected")
            elif data == "connected" and phone.recovering:
                self.joined(phone, at)  # the same connection came back by itself
        elif kind == "problem":
            phone.problem = data  # the panel says it while the seat waits for its phone
            self.panel.show_seats()

    def message(self, phone: PhoneSeat, text: str, at: float) -> None:
        message = phone.inbox.take(text, at)
        if message is None:
            return
        if isinstance(message, Pong):
            phone.clock.sample(message.host_ms, message.phone_ms, at)
            if phone.recovering:
                self.joined(phone, at)  # heard from again on the same connection
        elif isinstance(message, Hello):
            self.joined(phone, at)
        elif phone.status != "playing":
            return  # a phone acts only once seated
        elif isinstance(message, Act):
            if message.action in self.play_actions():
                self.play.person(phone.seat, message.action,
                                 phone.clock.to_host(message.at, at), arrived=at)
        elif isinstance(message, Choose):
            self.choose(phone, message.option)
        elif isinstance(message, Do):
            self.play.variant_action(phone.seat, message.kind, message.arg)
        elif isinstance(message, Bye):
            self.dropped(phone, at)

    def play_actions(self) -> tuple[str, ...]:
        session = self.play.session
        return session.actions if session is not None else ()

    def joined(self, phone: PhoneSeat, at: float) -> None:
        """A phone said hello: its seat is played from it (again)."""
        phone.set("playing", at)
        phone.recover_until = -1.0
        phone.problem = ""
        self.joined_once = True
        phone.sent = ""
        if phone.stand_in:
            phone.stand_in = False
            self.seat_bot(phone.seat, None)
        self.paused_for.discard(phone.seat)
        if self.started and not self.paused_for and self.holding:
            self.go_on()
        self.panel.show_seats()
        self.send_states()

    def dropped(self, phone: PhoneSeat, at: float, hopeful: bool = False) -> None:
        """A playing phone went away: its seat is kept a while, and a new code is on show
        at once, or (``hopeful``: the connection only went quiet, and may come back by
        itself) after :data:`~web.phones.lobby.RECOVER_MS`."""
        phone.set("reconnecting", at)
        phone.recover_until = at + RECOVER_MS if hopeful else -1.0
        session = self.play.session
        if self.started and session is not None:
            name = str(session.game.name(phone.seat))
            if self.policy == "bot":
                self.stand_in(phone)
                self.shell.notify([t("{name}'s phone dropped: a bot plays for it until it is "
                                     "back (Phones shows its new code).", name=name)])
            else:
                self.paused_for.add(phone.seat)
                self.hold()
                self.panel.shown = phone.seat
                self.panel.open()  # its new code, for the phone to scan again
        if not hopeful:
            self.new_code(phone.seat)

    def stand_in(self, phone: PhoneSeat) -> None:
        if not phone.stand_in:
            phone.stand_in = True
            self.seat_bot(phone.seat, "normal")

    def tick(self, *_: Any) -> None:
        at = now()
        for phone in self.seats.values():
            if phone.quiet(at):
                self.dropped(phone, at, hopeful=True)
            elif phone.recovering and at >= phone.recover_until:
                phone.recover_until = -1.0
                self.new_code(phone.seat)  # it did not come back by itself: scan again
            elif phone.timed_out(at):
                phone.set("replaced", at)
                phone.given_to = "bot"
                self.stand_in(phone)
                self.paused_for.discard(phone.seat)
                if self.host is not None:
                    # i18n: said on the phone after "Lost the table: "
                    self.host.close(phone.seat, t("the seat was given to a bot"))
                if not self.paused_for and self.holding:
                    self.go_on()
        if self.panel.box.open:  # (states and delays: nobody reads a closed panel)
            self.panel.show_seats()

    # -- the game --------------------------------------------------------------------------

    def held(self, seat: int, action: str, at: float, arrived: float, touch: bool) -> bool:
        """Whether ``seat``'s action, made at host time ``at`` (a phone's press, or a key or
        a touch here: ``arrived`` is when it was known here), is the referee's to apply in the
        order actions were made: while the game's clock runs (at instant speed it is applied
        at once, as it comes, whoever made it). A touch buzzes once its action is applied."""
        referee = self.play.referee
        session = self.play.session
        if referee is None or session is None:
            return False
        if not session.paused:  # (paused, people's actions do nothing)
            if touch:
                self._touched.append(seat)
            referee.offer(seat, action, at, arrived)
            self.play.schedule()
        return True

    def choose(self, phone: PhoneSeat, answer: str) -> None:
        """A phone's answer to its decision, applied as the table's own panel applies one
        (a typed answer cleaned and cut to its length by the engine); if it is not taken, the
        phone is told why."""
        session = self.play.session
        if session is None:
            return
        decision = decision_of(session, phone.seat)
        events = self.play.choose(phone.seat, answer)
        why = refusal(decision, phone.seat, answer, events)
        if why and phone.connected:
            self.host.send(phone.seat, "game", protocol.note(why))

    def _applied(self, held: Held, events: list[Event]) -> None:
        self.decided.append((held.seat, held.action, held.at, held.arrived, now()))
        if held.seat in self._touched:
            self._touched.remove(held.seat)
            self.shell.sound.buzz(vibration(held.seat, held.action, events))

    def seat_bot(self, seat: int, skill: str | None) -> None:
        """A bot takes ``seat`` (``skill``), or a person does (None): the table redrawn."""
        session = self.play.session
        if session is not None:
            session.set_bot(seat, skill)
            self.play.redraw()

    def hold(self) -> None:
        """The game waits for phones."""
        self.holding = True
        session = self.play.session
        if session is not None and not session.paused:
            self.play.set_paused(True)

    def go_on(self) -> None:
        """Every phone is back (or replaced): the game goes on."""
        if self.holding:
            self.holding = False
            session = self.play.session
            if session is not None and session.game.outcome is None:
                self.play.set_paused(False)

    def start(self) -> None:
        """The host starts the game: a bot plays each phone seat still without its phone."""
        self.started = True
        for phone in self.seats.values():
            if phone.status != "playing":
                self.stand_in(phone)
        self.go_on()
        self.send_states()

    def replace(self, seat: int, bot: bool) -> None:
        """The host gives a phone seat to a bot, or to a person at this device."""
        phone = self.seats[seat]
        phone.set("replaced", now())
        phone.given_to = "bot" if bot else "here"
        phone.stand_in = False
        self.paused_for.discard(seat)
        if self.host is not None:
            # i18n: said on the phone after "Lost the table: "
            self.host.close(seat, t("the table gave your seat to someone else"))
        if (session := self.play.session) is not None:
            session.play_here(seat)
        self.seat_bot(seat, "normal" if bot else None)
        if self.started and not self.paused_for and self.holding:
            self.go_on()
        self.panel.show_seats()

    def set_policy(self, policy: str) -> None:
        if policy in DROP_POLICIES:
            self.policy = policy

    def after(self, events: list[Event]) -> None:
        """The table moved on: a phone whose player took a pile or slapped wrong buzzes, every
        phone is told what it shows now."""
        for seat, phone in self.seats.items():
            if phone.connected and (pattern := buzz_for(seat, events)):
                self.host.send(seat, "game", protocol.buzz(pattern))
        self.send_states()

    def send_states(self) -> None:
        session = self.play.session
        if session is None or self.host is None:
            return
        line = str(by_id("explain").textContent or "")
        for seat, phone in self.seats.items():
            if phone.connected:
                text = state_message(session, seat, line)
                if text != phone.sent:
                    phone.sent = text
                    self.host.send(seat, "game", text)

    def close(self, why: str) -> None:
        """The table is closed: every phone told, every connection closed."""
        window.clearInterval(self.ticker)
        self.joining.stop_scan()
        if self.host is not None:
            self.host.closeAll(why)
        self.panel.remove()
