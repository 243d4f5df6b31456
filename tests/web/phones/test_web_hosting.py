"""The phones hosted by this page (web/phones/hosting.py, with its panel) on a fake page, the
table in play real and the shell a fake: a phone's hello seats it, its presses play its own
seat in the order they were made, the game waits for Start, the host can give a seat away, and
closing the table closes every connection.
"""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from typing import Any

import pytest

from ratscrew.i18n import Catalogue, using
from tests.web.fake_browser import Promise
from tests.web.fake_shell import table_page
from web.model.session import Session

HELLO = json.dumps({"t": "hello", "v": 1})


class FakeConnections:
    """web/phones/host.mjs's ``PhoneHost``: what the page sends each phone, kept."""

    def __init__(self, tell: Any) -> None:
        self.tell = tell
        self.sent: list[tuple[int, str, str]] = []
        self.offered: list[int] = []
        self.closed: list[tuple[int, str]] = []
        self.closed_all: list[str] = []

    def askCamera(self) -> Promise:
        promise = Promise()
        self.camera = promise
        return promise

    def offer(self, seat: int) -> None:
        self.offered.append(seat)

    def send(self, seat: int, channel: str, text: str) -> None:
        self.sent.append((seat, channel, text))

    def close(self, seat: int, why: str) -> None:
        self.closed.append((seat, why))

    def closeAll(self, why: str) -> None:
        self.closed_all.append(why)


@pytest.fixture
def table() -> Iterator[types.SimpleNamespace]:
    """Ada at this device and Ben on a phone (seat 1), hosted on a fake page's table; the
    phones' script loaded (its connections: ``table.host``)."""
    with table_page(["web.phones.hosting", "web.phones.joining", "web.phones.panel"]) as page:
        page.page.window.URL = types.SimpleNamespace(
            new=lambda path, base: types.SimpleNamespace(href=base + path))
        page.page.document.baseURI = "https://example.org/ratscrew/"
        page.session = Session("classic", 2, 7, ["Ada", "Ben"], {})
        page.deal(page.session)
        phones = page.module("web.phones.hosting").Phones(page.shell, page.play, [1])
        page.play.phones = phones
        page.phones = phones
        made: list[FakeConnections] = []
        module = types.SimpleNamespace(PhoneHost=types.SimpleNamespace(
            new=lambda tell: made.append(FakeConnections(tell)) or made[-1]))
        (_script, loaded), = page.page.window.scripts
        loaded.resolve(module)
        page.host = made[0]
        page.host.camera.resolve("granted")
        yield page


def message(table: Any, seat: int, text: str) -> None:
    """A phone's message reaches the page now."""
    table.host.tell(seat, "message", text, table.page.window.now)


def status(table: Any, seat: int) -> str:
    row = table.page.document.querySelector(f"[data-phone-seat='{seat}']")
    return str(row.attributes["data-status"])


def test_the_game_waits_for_its_phones(table: Any) -> None:
    assert table.session.paused and table.session.remote == {1}
    assert table.by_id("phones").open and status(table, 1) == "waiting"
    assert table.host.offered == [1]  # a join code is made for the phone's seat
    table.play.toggle_pause()  # Esc, or the bar's Pause: the panel, not the game
    assert table.session.paused and table.by_id("phones").open


def test_a_phones_hello_seats_it(table: Any) -> None:
    message(table, 1, HELLO)
    phone = table.phones.seats[1]
    assert phone.status == "playing" and status(table, 1) == "playing"
    assert table.phones.joined_once and table.session.remote == {1}
    sent = [(seat, channel) for seat, channel, _ in table.host.sent]
    assert sent == [(1, "game")]  # what its seat shows now
    assert json.loads(table.host.sent[0][2])["t"] == "state"


def test_a_phone_plays_nothing_before_its_hello(table: Any) -> None:
    message(table, 1, json.dumps({"t": "act", "id": 1, "a": "flip", "at": 0.0}))
    assert table.phones.seats[1].status == "waiting" and not table.phones.referee.held


def test_a_phones_press_plays_its_own_seat(table: Any) -> None:
    message(table, 1, HELLO)
    table.by_id("phones-start").dispatch("click")  # the panel's Start
    assert not table.session.paused and not table.by_id("phones").open
    table.play.act(0, "flip")  # Ada, here
    table.run(500)
    message(table, 1, json.dumps({"t": "act", "id": 1, "a": "flip", "at": 0.0}))
    table.run(500)
    assert [step[1:3] for step in table.session.game.history] == [(0, "flip"), (1, "flip")]


def test_a_phone_seats_keys_at_this_device_do_nothing(table: Any) -> None:
    message(table, 1, HELLO)
    table.phones.start()
    table.play.act(1, "flip")
    table.run(500)
    assert table.session.game.history == []


def test_start_puts_a_bot_in_a_seat_whose_phone_is_not_there(table: Any) -> None:
    table.phones.start()
    assert 1 in table.session.bots and not table.session.paused
    message(table, 1, HELLO)  # the phone comes: the bot goes
    assert 1 not in table.session.bots


def test_the_host_gives_a_phone_seat_to_a_bot(table: Any) -> None:
    message(table, 1, HELLO)
    table.phones.replace(1, bot=True)
    assert table.session.remote == set() and 1 in table.session.bots
    assert table.host.closed == [(1, "the table gave your seat to someone else")]
    assert status(table, 1) == "replaced"


def test_closing_the_table_closes_every_connection(table: Any) -> None:
    table.phones.close("The table was closed.")
    assert table.host.closed_all == ["The table was closed."]
    assert table.by_id("phones") is None


@pytest.mark.parametrize(("lang", "query"), [("en", ""), ("de", "?lang=de")])
def test_the_join_link_speaks_the_pages_language(table: Any, lang: str, query: str) -> None:
    """The link (and its QR code) a phone opens carries the page's language when it is not
    English: the phone's seat page speaks the table's language."""
    drawn: list[str] = []
    table.phones.joining.module.qrSvg = lambda text: drawn.append(text) or Promise()
    with using(Catalogue(lang=lang)):
        table.host.tell(1, "code", "1~1~abcd", table.page.window.now)
    link = f"https://example.org/ratscrew/web/seat/{query}#1~1~abcd"
    assert table.by_id("phones-link").value == link
    assert drawn == [link]
