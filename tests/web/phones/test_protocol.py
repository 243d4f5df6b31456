"""The phone protocol: every message docs/phones.md shows, every reason a message is refused,
the inbox's rate limit and one action per id, and the host's messages as text."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import top_level_imports
from web.phones import protocol
from web.phones.protocol import (
    ACT_MEMORY,
    DROP_REASONS,
    MAX_MESSAGE,
    MAX_OPTION,
    Act,
    BadMessage,
    Bye,
    Choose,
    Do,
    Hello,
    Inbox,
    Message,
    Pong,
    buzz,
    bye,
    note,
    parse,
    ping,
    state,
)

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("module", ["__init__", "protocol", "clock"])
def test_the_modules_import_nothing_from_the_browser(module: str) -> None:
    imported = top_level_imports(ROOT / "web" / "phones" / f"{module}.py")
    assert not imported & {"js", "pyodide", "pyscript"}
    assert imported <= {"__future__", "heapq", "json", "re", "unicodedata", "collections",
                        "dataclasses", "typing", "ratscrew", "math", "statistics"}


# --------------------------------------------------------------------------- parse: accepted


@pytest.mark.parametrize(("text", "message"), [
    ('{"t":"hello","v":1}', Hello()),
    ('{"t":"pong","h":1234.5,"p":98765.25}', Pong(host_ms=1234.5, phone_ms=98765.25)),
    ('{"t":"act","id":7,"a":"slap","at":5012.3}', Act(id=7, action="slap", at=5012.3)),
    ('{"t":"act","id":8,"a":"flip","at":5100}', Act(id=8, action="flip", at=5100.0)),
    ('{"t":"act","id":9,"a":"slap-left","at":0}', Act(id=9, action="slap-left", at=0.0)),
    ('{"t":"choose","o":"yes"}', Choose(option="yes")),
    ('{"t":"do","k":"fine","o":"3"}', Do(kind="fine", arg="3")),
    ('{"t":"bye"}', Bye()),
    # JSON's own freedoms: spaces, key order, escapes, exponents, negative clocks
    ('  { "v" : 1 , "t" : "hello" }\n', Hello()),
    ('{"t":"ch\\u006fose","o":"\\u00e9t\\u00e9"}', Choose(option="été")),
    ('{"t":"pong","h":1.5e3,"p":-250}', Pong(host_ms=1500.0, phone_ms=-250.0)),
    # the edges of each range
    ('{"t":"act","id":1,"a":"a","at":-1e12}', Act(id=1, action="a", at=-1e12)),
    ('{"t":"act","id":2147483648,"a":"abcdefghijklmnop","at":1e12}',
     Act(id=2**31, action="abcdefghijklmnop", at=1e12)),
    ('{"t":"choose","o":"' + "x" * MAX_OPTION + '"}', Choose(option="x" * MAX_OPTION)),
])
def test_the_messages_a_phone_sends(text: str, message: Message) -> None:
    assert parse(text) == message


def test_times_are_floats() -> None:
    act = parse('{"t":"act","id":3,"a":"slap","at":42}')
    assert isinstance(act, Act)
    assert type(act.at) is float
    pong = parse('{"t":"pong","h":1,"p":2}')
    assert isinstance(pong, Pong)
    assert (type(pong.host_ms), type(pong.phone_ms)) == (float, float)


def test_a_message_of_exactly_the_limit_is_read() -> None:
    text = '{"t":"bye"}'
    assert parse(text + " " * (MAX_MESSAGE - len(text))) == Bye()


def test_the_limit_counts_characters() -> None:
    text = '{"t":"choose","o":"ééé"}'
    assert len(text.encode()) > len(text)
    assert parse(text + " " * (MAX_MESSAGE - len(text))) == Choose(option="ééé")


# --------------------------------------------------------------------------- parse: refused


def refused(text: object) -> str:
    with pytest.raises(BadMessage) as caught:
        parse(text)
    assert str(caught.value) == caught.value.reason
    assert isinstance(caught.value, ValueError)
    return caught.value.reason


@pytest.mark.parametrize("text", [None, 7, b'{"t":"bye"}', bytearray(b"{}"), {"t": "bye"},
                                  ['{"t":"bye"}']])
def test_only_text_is_read(text: object) -> None:
    assert refused(text) == "not text"


@pytest.mark.parametrize("text", [
    "x" * (MAX_MESSAGE + 1),
    '{"t":"bye"}' + " " * (MAX_MESSAGE + 1 - len('{"t":"bye"}')),
    "[" * 100_000,
])
def test_long_text_is_refused_before_parsing(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers import forbid_json_parsing

    forbid_json_parsing(monkeypatch, "a phone's message")
    assert refused(text) == "too long"


@pytest.mark.parametrize("text", [
    "", " ", "{", '{"t":"bye"', "{'t':'bye'}", '{"t":"bye"}{"t":"bye"}', '{"t":"bye",}',
    "undefined", '{t:"bye"}', '{"t":"bye"}x',
    '[[["deep"]]]', '{"t":{"a":{"b":1}}}',  # more than 2 deep
    '{"t":"act","id":' + "1" * 101 + ',"a":"slap","at":1}',  # a number of 101 digits
])
def test_not_json(text: str) -> None:
    assert refused(text) == "not JSON"


@pytest.mark.parametrize("text", ["[]", '["bye"]', '"bye"', "null", "1", "true", "1.5"])
def test_not_an_object(text: str) -> None:
    assert refused(text) == "not an object"


@pytest.mark.parametrize("text", [
    "{}", '{"v":1}', '{"t":null}', '{"t":1}', '{"t":true}', '{"t":["bye"]}', '{"t":""}',
    '{"t":"BYE"}', '{"t":" bye"}', '{"t":"toString"}', '{"t":"__proto__"}',
    '{"t":"ping","h":1}', '{"t":"state"}', '{"t":"buzz","p":[1]}',  # the host's messages
])
def test_unknown_type(text: str) -> None:
    assert refused(text) == "unknown type"


@pytest.mark.parametrize(("text", "reason"), [
    ('{"t":"bye","why":"closing"}', "unknown field 'why'"),
    ('{"t":"hello","v":1,"seat":2}', "unknown field 'seat'"),
    ('{"t":"act","id":1,"a":"slap","at":1,"seat":0}', "unknown field 'seat'"),
    ('{"t":"pong","h":1,"p":2,"":0}', "unknown field ''"),
    ('{"t":"bye","' + "k" * 100 + '":1}', "unknown field '" + "k" * 20 + "'"),
    ('{"t":"hello"}', "missing field 'v'"),
    ('{"t":"pong","h":1}', "missing field 'p'"),
    ('{"t":"pong","p":1}', "missing field 'h'"),
    ('{"t":"act","a":"slap","at":1}', "missing field 'id'"),
    ('{"t":"act","id":1,"at":1}', "missing field 'a'"),
    ('{"t":"act","id":1,"a":"slap"}', "missing field 'at'"),
    ('{"t":"choose"}', "missing field 'o'"),
    ('{"t":"do","o":"3"}', "missing field 'k'"),
    ('{"t":"do","k":"fine"}', "missing field 'o'"),
    ('{"t":"do","k":"fine","o":"3","seat":1}', "unknown field 'seat'"),
])
def test_exactly_the_fields_of_the_type(text: str, reason: str) -> None:
    assert refused(text) == reason


ACT = {"t": "act", "id": 1, "a": "slap", "at": 100.0}


@pytest.mark.parametrize(("field", "value"), [
    ("id", 0), ("id", -1), ("id", 2**31 + 1), ("id", 10**40), ("id", 1.0), ("id", 1.5),
    ("id", True), ("id", False), ("id", "1"), ("id", None), ("id", [1]),
    ("a", ""), ("a", "Slap"), ("a", "slap!"), ("a", "-slap"), ("a", "slap left"),
    ("a", "slap_left"), ("a", "s" * 17), ("a", "slap\n"), ("a", "\u017flap"), ("a", 1),
    ("a", None), ("a", ["slap"]), ("a", {"x": 1}),
    ("at", True), ("at", False), ("at", "100"), ("at", None), ("at", [100]),
    ("at", 1e12 + 1), ("at", -1e13), ("at", 10**20),
])
def test_act_fields(field: str, value: Any) -> None:
    assert refused(json.dumps({**ACT, field: value})) == f"bad field {field!r}"


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
@pytest.mark.parametrize(("template", "field"), [
    ('{{"t":"act","id":1,"a":"slap","at":{}}}', "at"),
    ('{{"t":"pong","h":{},"p":1}}', "h"),
    ('{{"t":"pong","h":1,"p":{}}}', "p"),
])
def test_times_are_finite(literal: str, template: str, field: str) -> None:
    assert refused(template.format(literal)) == f"bad field {field!r}"


@pytest.mark.parametrize("value", [True, "5", None, 1e13, [1.0]])
@pytest.mark.parametrize("field", ["h", "p"])
def test_pong_fields(field: str, value: Any) -> None:
    pong = {"t": "pong", "h": 10.0, "p": 20.0}
    assert refused(json.dumps({**pong, field: value})) == f"bad field {field!r}"


@pytest.mark.parametrize("value", ["", "x" * (MAX_OPTION + 1), "a\nb", "\x00", "\u0085",
                                   "\ud800", 1, True, None, ["yes"], {"yes": 1}])
def test_choose_fields(value: Any) -> None:
    assert refused(json.dumps({"t": "choose", "o": value})) == "bad field 'o'"


@pytest.mark.parametrize(("field", "value"), [
    ("k", ""), ("k", "Fine"), ("k", "fine!"), ("k", "f" * 17), ("k", 1), ("k", None),
    ("k", ["fine"]), ("o", ""), ("o", "x" * (MAX_OPTION + 1)), ("o", "3\n"), ("o", 3),
    ("o", True), ("o", None), ("o", ["3"]),
])
def test_do_fields(field: str, value: Any) -> None:
    """A variant's own action: its kind an action's name, its argument text, as for a
    decision's answer."""
    message = {"t": "do", "k": "fine", "o": "3"}
    assert refused(json.dumps({**message, field: value})) == f"bad field {field!r}"


@pytest.mark.parametrize("value", [0, 2, 1.0, True, "1", None])
def test_hello_is_version_1(value: Any) -> None:
    assert refused(json.dumps({"t": "hello", "v": value})) == "bad field 'v'"


# --------------------------------------------------------------------------- parse: any input

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FIELDS = ("v", "h", "p", "id", "a", "at", "o", "k", "why")
MESSAGE_LIKE = st.fixed_dictionaries(
    {"t": st.sampled_from(["hello", "pong", "act", "choose", "do", "bye", "ping", "state"])},
    optional={key: JSON_VALUES for key in FIELDS},
)
"""Objects that look like messages, so that the field checks see every kind of value."""


def parses_or_refuses(text: object) -> None:
    try:
        message = parse(text)
    except BadMessage as exc:
        assert exc.reason
        assert len(exc.reason) <= 40
    else:
        assert isinstance(message, Message)


@given(st.text(max_size=MAX_MESSAGE + 20))
def test_any_text_is_a_message_or_refused(text: str) -> None:
    parses_or_refuses(text)


@given(JSON_VALUES | MESSAGE_LIKE)
def test_any_json_is_a_message_or_refused(value: Any) -> None:
    parses_or_refuses(json.dumps(value))
    parses_or_refuses(json.dumps(value, ensure_ascii=False))


@given(st.binary(max_size=20) | st.integers() | st.floats() | st.none()
       | st.lists(st.text(max_size=5), max_size=3) | JSON_VALUES)
def test_anything_else_is_refused(value: object) -> None:
    if not isinstance(value, str):
        with pytest.raises(BadMessage):
            parse(value)


TIMES = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False) | st.integers(-10**12, 10**12)
MESSAGES: st.SearchStrategy[tuple[dict[str, Any], Message]] = st.one_of(
    st.just(({"t": "hello", "v": 1}, Hello())),
    st.just(({"t": "bye"}, Bye())),
    st.builds(lambda h, p: ({"t": "pong", "h": h, "p": p}, Pong(float(h), float(p))),
              TIMES, TIMES),
    st.builds(lambda n, a, at: ({"t": "act", "id": n, "a": a, "at": at}, Act(n, a, float(at))),
              st.integers(1, 2**31), st.from_regex(r"[a-z][a-z-]{0,15}", fullmatch=True), TIMES),
    st.builds(lambda o: ({"t": "choose", "o": o}, Choose(o)),
              st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1,
                      max_size=MAX_OPTION)),
    st.builds(lambda k, o: ({"t": "do", "k": k, "o": o}, Do(k, o)),
              st.from_regex(r"[a-z][a-z-]{0,15}", fullmatch=True),
              st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1,
                      max_size=MAX_OPTION)),
)


@given(MESSAGES, st.booleans())
def test_every_valid_message_is_read(pair: tuple[dict[str, Any], Message], ascii: bool) -> None:
    data, message = pair
    assert parse(json.dumps(data, ensure_ascii=ascii)) == message


# --------------------------------------------------------------------------- the inbox


def act(n: int, action: str = "slap", at: float = 1000.0) -> str:
    return json.dumps({"t": "act", "id": n, "a": action, "at": at})


PONG = '{"t":"pong","h":1,"p":2}'


def test_a_burst_then_the_rate() -> None:
    inbox = Inbox()
    taken = [inbox.take(PONG, 0.0) for _ in range(61)]
    assert taken[:60] == [Pong(1.0, 2.0)] * 60
    assert taken[60] is None
    assert inbox.dropped["flood"] == 1
    # a second later, 30 more
    taken = [inbox.take(PONG, 1000.0) for _ in range(31)]
    assert sum(m is not None for m in taken) == 30
    assert taken[30] is None
    assert inbox.dropped["flood"] == 2
    assert inbox.dropped_total == 2


def test_the_rate_over_time() -> None:
    inbox = Inbox(rate_per_s=30, burst=60)
    for _ in range(60):
        assert inbox.take(PONG, 0.0) is not None
    # one message every 1000/30 ms is read; faster than that, every other one is dropped
    read = sum(inbox.take(PONG, t * 1000 / 60) is not None for t in range(1, 601))
    assert read == 300
    assert inbox.dropped["flood"] == 300


def test_a_quiet_spell_refills_only_up_to_the_burst() -> None:
    inbox = Inbox(rate_per_s=30, burst=60)
    assert inbox.take(PONG, 0.0) is not None
    taken = [inbox.take(PONG, 3_600_000.0) for _ in range(61)]
    assert sum(m is not None for m in taken) == 60


def test_a_clock_going_back_refills_nothing() -> None:
    inbox = Inbox(rate_per_s=30, burst=2)
    assert inbox.take(PONG, 5000.0) is not None
    assert inbox.take(PONG, 5000.0) is not None
    assert inbox.take(PONG, 1000.0) is None
    assert inbox.take(PONG, math.nan) is None
    assert inbox.take(PONG, 5000.0) is None
    assert inbox.take(PONG, 5034.0) is not None  # 34 ms at 30/s: one token


def test_drops_are_counted_by_reason() -> None:
    inbox = Inbox()
    assert set(inbox.dropped) == set(DROP_REASONS) == {"flood", "too long", "malformed", "stale"}
    assert inbox.dropped_total == 0
    assert inbox.take("x" * 600, 0.0) is None
    assert inbox.take("{", 0.0) is None
    assert inbox.take('{"t":"nope"}', 0.0) is None
    assert inbox.take(b'{"t":"bye"}', 0.0) is None
    assert inbox.take(act(1, "SLAP"), 0.0) is None
    assert inbox.dropped == {"flood": 0, "too long": 1, "malformed": 4, "stale": 0}
    assert inbox.dropped_total == 5
    assert inbox.take('{"t":"bye"}', 0.0) == Bye()


def test_drops_before_the_inbox_are_counted() -> None:
    inbox = Inbox()
    inbox.count("too long")
    inbox.count("binary")
    inbox.count("flood")
    assert inbox.dropped == {"flood": 1, "too long": 1, "malformed": 1, "stale": 0}
    assert inbox.dropped_total == 3
    assert inbox.tokens == 60  # counted, not read: no token taken


def test_refused_messages_use_up_the_rate_too() -> None:
    inbox = Inbox(rate_per_s=30, burst=3)
    for _ in range(3):
        assert inbox.take("garbage", 0.0) is None
    assert inbox.take('{"t":"bye"}', 0.0) is None
    assert inbox.dropped == {"flood": 1, "too long": 0, "malformed": 3, "stale": 0}


def test_one_act_per_id() -> None:
    inbox = Inbox()
    # fast at once, fast 30 ms later, game once: the same action three times
    taken = [inbox.take(act(1), 0.0), inbox.take(act(1), 30.0), inbox.take(act(1), 41.0)]
    assert taken == [Act(1, "slap", 1000.0), None, None]
    assert inbox.dropped_total == 0
    assert inbox.repeats == 2


def test_ids_out_of_order_are_each_taken_once() -> None:
    inbox = Inbox()
    order = [2, 1, 3, 2, 5, 1, 4, 5, 3]
    taken = [m.id for n in order if isinstance(m := inbox.take(act(n), 0.0), Act)]
    assert taken == [2, 1, 3, 5, 4]
    assert inbox.dropped_total == 0


def test_other_messages_are_not_deduplicated() -> None:
    inbox = Inbox()
    assert [inbox.take('{"t":"choose","o":"yes"}', 0.0) for _ in range(2)] == [Choose("yes")] * 2


def test_an_id_older_than_the_memory_is_stale() -> None:
    inbox = Inbox(rate_per_s=1000, burst=1000)
    for n in range(1, ACT_MEMORY + 2):  # 65 actions: id 1 is forgotten
        assert inbox.take(act(n), 0.0) == Act(n, "slap", 1000.0)
    assert inbox.take(act(1), 0.0) is None
    assert inbox.dropped["stale"] == 1
    assert inbox.take(act(2), 0.0) is None  # still remembered: a resend
    assert inbox.dropped["stale"] == 1
    assert inbox.repeats == 1


def test_the_memory_keeps_the_highest_ids() -> None:
    inbox = Inbox(rate_per_s=1000, burst=1000)
    for n in range(100, 100 + ACT_MEMORY):
        assert inbox.take(act(n), 0.0) is not None
    # a late action below all of them, not seen before: taken (the memory is the highest ids)
    assert inbox.take(act(50), 0.0) is not None
    # and the lowest one forgotten for it: anything at or below 50 is stale from now on
    assert inbox.take(act(50), 0.0) is None
    assert inbox.take(act(49), 0.0) is None
    assert inbox.dropped["stale"] == 2
    assert inbox.take(act(100), 0.0) is None
    assert inbox.repeats == 1


def test_a_flooded_act_is_taken_when_resent() -> None:
    inbox = Inbox(rate_per_s=30, burst=1)
    assert inbox.take(PONG, 0.0) is not None
    assert inbox.take(act(7), 0.0) is None  # dropped unread: its id is not remembered
    assert inbox.take(act(7), 40.0) == Act(7, "slap", 1000.0)


@pytest.mark.parametrize(("rate", "burst"), [(0, 60), (-1, 60), (math.nan, 60), (30, 0)])
def test_an_inbox_needs_a_rate_and_a_burst(rate: float, burst: int) -> None:
    with pytest.raises(ValueError, match="positive rate"):
        Inbox(rate_per_s=rate, burst=burst)


# --------------------------------------------------------------------------- host to phone


def test_ping() -> None:
    assert ping(1234.5) == '{"t":"ping","h":1234.5}'
    assert ping(0) == '{"t":"ping","h":0}'
    with pytest.raises(ValueError):
        ping(math.nan)


def test_buzz() -> None:
    assert buzz([80, 40, 80]) == '{"t":"buzz","p":[80,40,80]}'
    assert buzz((200,)) == '{"t":"buzz","p":[200]}'
    with pytest.raises(ValueError, match="negative"):
        buzz([100, -1])


def test_bye() -> None:
    assert bye("The game was closed.") == '{"t":"bye","why":"The game was closed."}'
    assert json.loads(bye('Seat "2" \n → Zoë')) == {"t": "bye", "why": 'Seat "2" \n → Zoë'}


STATE: dict[str, Any] = {
    "seat": 1, "name": "Zoë", "cards": 13, "turn": "Ann", "mine": False, "collect": False,
    "chooser": "", "actions": [("slap", "Slap")], "line": "Ann plays a Jack: 1 chance",
    "decision": None, "own": [], "pile": (0, []), "paused": False, "over": False,
    "winner": None, "variant": "Classic",
}


def test_state_as_docs_phones_lists_it() -> None:
    assert state(**STATE) == (
        '{"t":"state","seat":1,"name":"Zoë","cards":13,"turn":"Ann","mine":false,'
        '"collect":false,"chooser":"","actions":[["slap","Slap"]],'
        '"line":"Ann plays a Jack: 1 chance","decision":null,"own":[],'
        '"pile":{"count":0,"top":[]},"paused":false,"over":false,"winner":null,'
        '"variant":"Classic"}'
    )


def test_state_with_a_decision_a_pile_and_a_winner() -> None:
    seven = ("div", {"class": "card red suit-H", "data-code": "7H"}, "7")
    text = state(**{
        **STATE, "mine": True, "actions": [("flip", "Flip"), ("slap", "Slap")],
        "chooser": "Zoë",
        "decision": ("Sing a song?", [("sing", "I sing"), ("give", "Give two cards")], 60),
        "own": [("fine", "Fine a player a card", [("1", "1 Ann"), ("2", "2 Zoë")])],
        "pile": (14, [seven]), "over": True, "winner": "Zoë",
    })
    data = json.loads(text)
    assert list(data) == ["t", "seat", "name", "cards", "turn", "mine", "collect", "chooser",
                          "actions", "line", "decision", "own", "pile", "paused", "over",
                          "winner", "variant"]
    assert data["own"] == [{"kind": "fine", "prompt": "Fine a player a card",
                            "options": [["1", "1 Ann"], ["2", "2 Zoë"]]}]
    assert data["actions"] == [["flip", "Flip"], ["slap", "Slap"]]
    assert data["decision"] == {"prompt": "Sing a song?", "free": 60,
                                "options": [["sing", "I sing"], ["give", "Give two cards"]]}
    assert data["pile"] == {"count": 14,
                            "top": [["div", {"class": "card red suit-H", "data-code": "7H"}, "7"]]}
    assert (data["mine"], data["over"], data["winner"]) == (True, True, "Zoë")


def test_note() -> None:
    assert note("Not taken: sung already.") == '{"t":"note","text":"Not taken: sung already."}'


def test_state_needs_every_field_by_name() -> None:
    with pytest.raises(TypeError):
        state(**{k: v for k, v in STATE.items() if k != "variant"})
    with pytest.raises(TypeError):
        state(*STATE.values())  # type: ignore[call-arg]


def test_a_new_phone_at_the_seat_counts_its_actions_afresh() -> None:
    inbox = Inbox()
    act = '{"t":"act","id":1,"a":"flip","at":5}'
    assert inbox.take(act, 0.0) is not None
    assert inbox.take(act, 1.0) is None  # the same phone's resend
    inbox.take('{"t":"act","id":2,"a":"flip","at":5', 2.0)  # malformed: counted
    inbox.new_phone()
    assert inbox.take(act, 3.0) is not None  # a new phone's first action
    assert inbox.dropped["malformed"] == 1


# --------------------------------------------------------------------------- the JavaScript side


def test_the_javascript_imports_the_protocols_own_values() -> None:
    # The host (web/phones/host.mjs) and the phone's seat page (web/seat/seat.mjs) import their
    # limits and the protocol's version from web/phones/protocol.mjs, written from this module.
    path = ROOT / "web" / "phones" / "protocol.mjs"
    assert path.read_text(encoding="utf-8") == protocol.js_module(), (
        "web/phones/protocol.mjs differs from web/phones/protocol.py's values: run "
        "`python -m web.phones.protocol > web/phones/protocol.mjs`")
    for name, (value, _) in protocol.SHARED.items():
        assert f"export const {name} = {json.dumps(value)};" in protocol.js_module()
        assert getattr(protocol, name) == value


RATE_TABLE: list[dict[str, Any]] = json.loads(
    (ROOT / "tests" / "fixtures" / "phone_rate.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", RATE_TABLE, ids=[case["why"] for case in RATE_TABLE])
def test_the_rate_limit_reads_as_the_shared_table_says(case: dict[str, Any]) -> None:
    # tests/js/host.test.mjs runs the same table against the host's own bucket, which drops a
    # flood before Python sees it: the two must agree.
    inbox = Inbox()
    read = ["0" if inbox.take('{"t":"bye"}', ms) is None else "1" for ms in case["times"]]
    assert "".join(read) == case["read"]
