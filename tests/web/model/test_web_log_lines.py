"""The log's entries as markup (web/model/log_lines.py): escaped, one per event, each with the
moment it takes the table back to."""

from __future__ import annotations

from html.parser import HTMLParser

from ratscrew.core.events import PileTaken
from web.model.log_lines import LogLines, clock
from web.model.session import Session


class Entries(HTMLParser):
    """The ``<li>`` entries of some markup: their attributes and text."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[dict[str, str | None], str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "li":
            self.items.append((dict(attrs), ""))
        elif tag not in ("span",):
            raise AssertionError(f"unexpected tag <{tag}>")

    def handle_data(self, data: str) -> None:
        attrs, text = self.items[-1]
        self.items[-1] = (attrs, text + data)


def parse(markup: str) -> list[tuple[dict[str, str | None], str]]:
    parser = Entries()
    parser.feed(markup)
    parser.close()
    return parser.items


def test_a_hostile_name_stays_text() -> None:
    names = ['<img src=x onerror="alert(1)">', "Ben & <b>Jerry</b>"]
    session = Session("classic", 2, 3, names, {0: "normal", 1: "normal"}, speed="instant")
    for _ in range(30):
        session.run_instant(10)
    lines = LogLines(names, (PileTaken,))
    markup = lines.entries(session.all_events, session.event_steps, 0,
                           len(session.all_events))
    entries = parse(markup)  # only <li> and <span>: no markup came from a name
    assert len(entries) == len(session.all_events)
    assert any(names[0] in text for _, text in entries)


def test_entries_are_newest_first_with_their_moment_and_kind() -> None:
    session = Session("classic", 3, 8, ["A", "B", "C"], dict.fromkeys(range(3), "normal"),
                      speed="instant")
    while session.game.outcome is None:
        session.run_instant(100)
    events, steps = session.all_events, session.event_steps
    lines = LogLines(("A", "B", "C"), (PileTaken,))
    entries = parse(lines.entries(events, steps, 10, 40))
    assert len(entries) == 30
    for (attrs, text), event, step in zip(reversed(entries), events[10:40], steps[10:40],
                                          strict=True):
        assert attrs["data-step"] == str(step)
        assert attrs["tabindex"] == "-1"
        classes = (attrs["class"] or "").split()
        assert classes[0] == f"log-{event.kind}"
        assert ("notable" in classes) == isinstance(event, PileTaken)
        assert text.startswith(clock(event.t))
    # Made once: the same markup again, and cut when the record is.
    assert lines.entries(events, steps, 10, 40) == lines.entries(events, steps, 10, 40)
    lines.cut(20)
    assert parse(lines.entries(events, steps, 15, 25))[0][0]["data-step"] == str(steps[24])


def test_the_clock() -> None:
    assert clock(0) == "0:00.0"
    assert clock(125_349) == "2:05.3"
