"""Game records as files (web/shell/records.py) on a fake page: a record opened is put on the
table at its deal, paused, to step through; a file that is no record, too big or unreadable is
refused with a message, and the table is left as it was.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from ratscrew.play.record import dumps
from tests.web.fake_shell import table_page
from web.model.session import Session


@pytest.fixture
def table() -> Iterator[types.SimpleNamespace]:
    """A game of two people on a fake page's table (a few cards played), and its records."""
    with table_page(["web.shell.records"]) as page:
        module = page.module("web.shell.records")
        page.records = module.Records(page.shell, page.play)
        page.max_bytes = module.RECORD_MAX_BYTES
        session = Session("classic", 2, 3, ["Ada", "Ben"], {})
        page.deal(session)
        page.play.act(0, "flip")
        page.session = session
        yield page


def record_text() -> tuple[str, int]:
    """A whole game of bots, as its record file says it, and how many actions it has."""
    session = Session("classic", 3, 11, ["A", "B", "C"], dict.fromkeys(range(3), "normal"),
                      speed="instant")
    while session.game.outcome is None:
        assert session.run_instant(500)
    return dumps(session.game), len(session.game.history)


def a_file(name: str, text: str | None, size: int | None = None) -> types.SimpleNamespace:
    return types.SimpleNamespace(name=name, size=len(text or "") if size is None else size,
                                 text_value=text)


def unchanged(table: Any) -> bool:
    return (table.play.session is table.session and table.session.position == 1
            and table.play.record is None)


def test_a_record_opens_at_its_deal_paused_to_step_through(table: Any) -> None:
    text, actions = record_text()
    table.records.open_file(a_file("game.json", text))
    session = table.play.session
    assert session is not table.session and table.play.record[0] == "game.json"
    assert session.position == 0 and len(session.tape) == actions and session.paused
    assert table.by_id("step-at").textContent == f"0 of {actions}"
    assert table.shell.notices == []
    table.play.step_on()
    assert session.position == 1


def test_a_file_that_is_no_record_is_refused_and_changes_nothing(table: Any) -> None:
    table.records.open_file(a_file("notes.json", '{"variant": "classic"}'))
    assert len(table.shell.notices) == 1
    assert table.shell.notices[0].startswith(
        "notes.json is not a game record this page can open: ")
    assert unchanged(table)


def test_a_record_whose_actions_cannot_be_replayed_is_refused(table: Any) -> None:
    text, _ = record_text()
    broken = text.replace('"actions":[[', '"actions":[[0,9,"slap"],[', 1)
    assert broken != text
    table.records.open_file(a_file("broken.json", broken))
    assert len(table.shell.notices) == 1 and "broken.json is not a game record" in (
        table.shell.notices[0])
    assert unchanged(table)


def test_a_file_too_big_is_refused_before_it_is_read(table: Any) -> None:
    file = types.SimpleNamespace(name="huge.json", size=table.max_bytes + 1)  # (no text)
    table.records.open_file(file)
    assert table.shell.notices == [
        "huge.json cannot be opened: it is larger than a game record can be "
        f"({table.max_bytes // 1_000_000} MB)."]
    assert unchanged(table)


def test_a_file_that_cannot_be_read_is_said_so(table: Any) -> None:
    table.records.open_file(a_file("gone.json", None, size=10))
    assert table.shell.notices == ["gone.json cannot be read."]
    assert unchanged(table)


def test_a_record_dropped_on_the_setup_screen_is_opened(table: Any) -> None:
    text, _ = record_text()
    files = types.SimpleNamespace(length=1, item=lambda _i: a_file("dropped.json", text))
    dropped = types.SimpleNamespace(dataTransfer=types.SimpleNamespace(files=files),
                                    preventDefault=lambda: None)
    table.shell.fire("setup", "drop", dropped)
    assert table.play.record is not None and table.play.record[0] == "dropped.json"
