"""A hosted table's phone seats: their states as the host's panel says them, its warnings,
what each phone is told, and its answers to decisions."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ratscrew.core.cards import CARDS
from ratscrew.core.engine import Outcome, clean_text
from ratscrew.core.events import PileTaken, WrongSlap
from ratscrew.variants.kurs import court_of, song_key
from web.model.card_face import ATTRIBUTES, HTML_TAGS, SVG_TAGS, card_face, pile_top
from web.model.feedback import WRONG_BUZZ
from web.model.session import EMPTY_ANSWER, Session
from web.phones.lobby import (
    KEEP_MS,
    PROBLEMS,
    QUIET_MS,
    WON_BUZZ,
    PhoneSeat,
    buzz_for,
    decision_of,
    join_link,
    refusal,
    state_message,
    warnings,
)
from web.phones.protocol import Do, parse


def test_a_seat_is_described_with_its_delay_its_time_left_and_what_was_dropped() -> None:
    phone = PhoneSeat(1, since=0.0)
    assert phone.describe(0.0) == "waiting for the phone"
    phone.set("playing", 100.0)
    for h in (100.0, 350.0, 600.0):
        phone.clock.sample(h, 5000.0 + h, h + 12.0)
    assert phone.describe(700.0) == "playing · 12 ms"
    phone.inbox.take("not json", 700.0)
    phone.inbox.take("[1]", 701.0)
    assert phone.describe(702.0) == "playing · 12 ms · 2 bad messages dropped"
    phone.set("reconnecting", 1000.0)
    phone.stand_in = True
    assert phone.describe(1000.0 + 15_000).startswith(
        "reconnecting · seat kept 45 s · a bot plays meanwhile")


def test_a_quiet_phone_is_noticed_and_a_reconnecting_one_times_out() -> None:
    phone = PhoneSeat(0, since=0.0)
    assert not phone.quiet(10 * QUIET_MS)  # not playing yet: nothing to miss
    phone.set("playing", 1000.0)
    phone.clock.sample(1000.0, 1.0, 1010.0)
    assert not phone.quiet(1010.0 + QUIET_MS)
    assert phone.quiet(1011.0 + QUIET_MS)
    phone.set("reconnecting", 5000.0)
    phone.recover_until = 10_000.0
    assert phone.recovering
    assert not phone.timed_out(5000.0 + KEEP_MS - 1)
    assert phone.timed_out(5000.0 + KEEP_MS)


def test_the_state_a_phone_is_sent() -> None:
    session = Session("classic", 3, 11, ["Ann", "Bo", "Cy"], {2: "normal"}, now=0.0)
    session.start_clock(0.0)
    state = json.loads(state_message(session, 1, "Ann flips the 7♥."))
    assert state == {
        "t": "state", "seat": 1, "name": "Bo", "cards": session.game.counts[1],
        "turn": "Ann", "mine": False, "collect": False, "chooser": "",
        "actions": [["flip", "Flip"], ["slap", "Slap"]], "line": "Ann flips the 7♥.",
        "decision": None, "own": [], "pile": {"count": 0, "top": []}, "paused": False,
        "over": False, "winner": None, "variant": session.variant.title,
    }
    session.human(0, "flip", 10.0)
    state = json.loads(state_message(session, 1, ""))
    assert state["mine"] is True and state["turn"] == "Bo"
    top = session.game.pile[-1]
    assert state["pile"] == {"count": 1, "top": [json.loads(json.dumps(card_face(top)))]}


def faces(state: dict[str, Any]) -> list[str | None]:
    """The codes of the pile's cards a state shows (None for a covered one)."""
    return [card[1].get("data-code") for card in state["pile"]["top"]]


def texts(node: Any) -> Iterator[str]:
    """Every text of a state, its keys and values, nested."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from texts(item)


@pytest.mark.parametrize("variant", ["classic", "kurs", "slae", "firefighters"])
def test_a_whole_game_as_the_phones_see_it(variant: str) -> None:
    """Every state of every seat through a game of people and a bot (whatever the variant's
    decisions and phases): nobody is numbered from 0 ("player 0", or "player 1" for the
    second seat), the turn names the player whose flip the game waits for and "mine" says
    whether it is this seat's, the decision is only its own seat's and "chooser" names who
    makes it, and the pile's top cards are the game's."""
    session = Session(variant, 3, 5, ["", "", ""], {2: "hard"}, now=0.0)
    session.start_clock(0.0)
    game = session.game
    t = 0.0
    seen_decision = seen_turn = False
    for _ in range(400):
        if game.outcome is not None:
            break
        for seat in range(3):
            state = json.loads(state_message(session, seat, ""))
            words = " ".join(texts(state))
            assert "player 0" not in words.lower()
            assert state["name"] == f"player {seat + 1}"
            acting = game.to_act()
            assert state["turn"] == (f"player {acting + 1}" if acting >= 0 else "")
            assert state["mine"] == (acting == seat)
            seen_turn = seen_turn or state["mine"]
            pending = session.human_decision
            if state["decision"] is not None:
                seen_decision = True
                assert pending is not None and pending.seat == seat
                assert state["chooser"] == f"player {seat + 1}"
            elif pending is not None:
                assert pending.seat != seat
            top = [None if kind == "covered" else card.code
                   for card, kind in zip(game.pile[-3:], game.pile.kinds[-3:], strict=True)]
            assert state["pile"]["count"] == len(game.pile)
            assert faces(state) == top[len(top) - len(faces(state)):]
        t += 250.0
        decision = session.human_decision
        if decision is not None:
            session.choose(decision.seat, decision.default, t)
        elif (acting := game.to_act()) >= 0 and acting in session.humans:
            session.human(acting, "flip", t)
        else:
            session.advance(t + 5000.0)
    assert seen_turn
    if variant == "kurs":
        assert seen_decision or game.outcome is not None


def test_a_covered_card_is_never_sent() -> None:
    """Under the Tower's shown card lie cards nobody saw: a phone is sent their backs only
    (no code, no face)."""
    covered = card_face(CARDS["QS"], "covered")
    assert covered == ("div", {"class": "card covered", "role": "img",
                               "aria-label": "a covered card"}, [])


def test_the_pile_shown_leaves_out_cards_burned_under_it() -> None:
    session = Session("classic", 2, 3, ["Ann", "Bo"], {}, now=0.0)
    session.human(0, "flip", 10.0)
    session.human(1, "slap", 20.0)  # one card: a wrong slap burns a card under the pile
    game = session.game
    assert game.pile.kinds[0] == "penalty" and len(game.pile) == 2
    state = json.loads(state_message(session, 0, ""))
    assert state["pile"]["count"] == 2
    assert faces(state) == [game.pile[-1].code]
    assert [card for _, card, _ in pile_top(game, 3)] == [game.pile[-1]]


def test_a_typed_decree_is_applied_as_the_tables_field_applies_it() -> None:
    """K.U.R.S.' Emperor on a phone: the decision says how long a typed decree may be; a
    decree typed on the phone is cleaned as the table's own field's is; one with no words
    left is refused with the table's words for it, and the decision stays."""
    # Seed 183: Ada's first card is the Emperor.
    session = Session("kurs", 2, 183, ["Ada", "Ben"], {}, now=0.0)
    session.human(0, "flip", 100.0)
    state = json.loads(state_message(session, 0, ""))
    assert state["decision"]["free"] == 80
    assert state["chooser"] == "Ada" and state["turn"] == ""
    assert json.loads(state_message(session, 1, ""))["decision"] is None
    assert json.loads(state_message(session, 1, ""))["chooser"] == "Ada"
    decision = decision_of(session, 0)
    assert decision is not None and decision_of(session, 1) is None
    for blank in ("   ", " \u3000 ", "\u200b"):
        events = session.choose(0, blank, 150.0)
        assert refusal(decision, 0, blank, events) == EMPTY_ANSWER
        assert session.human_decision is decision
    typed = "  No   <b>humming</b>  at the table " + "x" * 100
    events = session.choose(0, typed, 200.0)
    assert refusal(decision, 0, typed, events) == ""
    court = court_of(session.game)
    assert court is not None
    assert court.decrees[-1].text == clean_text(typed, 80)
    assert court.decrees[-1].text.startswith("No <b>humming</b> at the table xx")
    assert len(court.decrees[-1].text) == 80


def test_a_song_already_sung_is_refused_and_the_phone_told_why() -> None:
    """Seed 1: Ada's phone is asked the Star's song at the 28th move."""
    session = Session("kurs", 2, 1, ["Ada", "Ben"], {}, now=0.0)
    t = 0.0
    while session.human_decision is None or not str(
            session.human_decision.prompt).startswith("The Star"):
        t += 10.0
        decision = session.human_decision
        if decision is not None:
            session.choose(decision.seat, decision.default, t)
        else:
            session.human(session.game.to_act(), "flip", t)
    decision = session.human_decision
    assert decision is not None and decision.seat == 0
    state = json.loads(state_message(session, 0, ""))
    assert state["decision"]["free"] == 60
    court = court_of(session.game)
    assert court is not None
    court.songs.append(song_key("Twinkle, Twinkle, Little Star"))
    events = session.choose(0, "twinkle twinkle little star", t + 10)
    why = refusal(decision, 0, "twinkle twinkle little star", events)
    assert why.startswith("Not taken: “twinkle twinkle little star” has already been sung")
    assert session.human_decision is decision  # still asked
    assert refusal(None, 0, "anything", []) == ""  # nothing asked any more: nothing to say


def test_the_panels_warnings_go_when_their_cause_has() -> None:
    seats = [PhoneSeat(0), PhoneSeat(1)]
    problems = {"local": PROBLEMS["local"], "camera": PROBLEMS["refused"],
                "answer": "That code does not fit seat 2's.", "page": "did not load"}
    seats[0].problem = "isolated"
    assert warnings(problems, seats, joined=False) == [
        PROBLEMS["local"], PROBLEMS["refused"], "That code does not fit seat 2's.",
        "did not load", PROBLEMS["isolated"]]
    # The first phone joins: phones can open the links; its own network problem is over.
    seats[0].set("playing", 1.0)
    seats[0].problem = ""
    assert warnings(problems, seats, joined=True) == [
        PROBLEMS["refused"], "That code does not fit seat 2's.", "did not load"]
    # Every phone plays: nothing waits for a code any more.
    seats[1].set("playing", 2.0)
    assert warnings(problems, seats, joined=True) == ["did not load"]
    # A phone drops: its new code is to be read, the camera matters again.
    seats[1].set("reconnecting", 3.0)
    seats[1].problem = "hidden"
    assert warnings(problems, seats, joined=True) == [
        PROBLEMS["refused"], "That code does not fit seat 2's.", "did not load",
        PROBLEMS["hidden"]]
    seats[1].set("replaced", 4.0)
    assert warnings(problems, seats, joined=True) == ["did not load"]


def test_a_decree_holders_phone_is_offered_the_fine() -> None:
    """K.U.R.S.' Emperor's fine on a phone: the decree's maker gets a Fine button for every
    player (themselves included); the other seat none; nobody once the game is over."""
    # Seed 183: Ada's first card is the Emperor; she decrees.
    session = Session("kurs", 2, 183, ["Ada", "Ben"], {}, now=0.0)
    assert json.loads(state_message(session, 0, ""))["own"] == []
    session.human(0, "flip", 100.0)
    session.choose(0, "No humming", 200.0)
    own = json.loads(state_message(session, 0, ""))["own"]
    assert own == [{"kind": "fine", "prompt": "Fine who broke your decree",
                    "options": [["1", "1 Ada"], ["2", "2 Ben"]]}]
    assert json.loads(state_message(session, 1, ""))["own"] == []
    # What the phone sends back for "2 Ben" fines Ben through the session.
    message = parse(json.dumps({"t": "do", "k": own[0]["kind"], "o": own[0]["options"][1][0]}))
    assert isinstance(message, Do)
    before = session.game.counts[1]
    session.variant_action(0, message.kind, message.arg, 300.0)
    assert session.game.counts[1] == before - 1
    session.game.outcome = Outcome("win", 0, cards_played=1, tricks=1)  # as if it had ended
    assert json.loads(state_message(session, 0, ""))["own"] == []


def test_a_phone_buzzes_for_its_own_wrong_slap_and_its_own_pile() -> None:
    wrong = WrongSlap(t=5, seat=2, penalty="cards")
    won = PileTaken(t=9, seat=2, count=4, how="slap")
    assert buzz_for(2, [wrong]) == WRONG_BUZZ
    assert buzz_for(2, [won]) == WON_BUZZ
    assert buzz_for(1, [wrong, won]) == ()


SEAT_PAGE = Path(__file__).resolve().parents[3] / "web" / "seat" / "messages.mjs"


def js_list(name: str) -> set[str]:
    """The strings of the seat page's constant ``name`` (a Set or a Map of them)."""
    text = SEAT_PAGE.read_text(encoding="utf-8")
    body = re.search(rf"const {name} = new (?:Set|Map)\(\[(.*?)\]\);", text, re.DOTALL)
    assert body, name
    return set(re.findall(r'\[?"([\w-]+)"', body.group(1)))


def js_number(name: str) -> int:
    found = re.search(rf"const {name} = (\d+);", SEAT_PAGE.read_text(encoding="utf-8"))
    assert found, name
    return int(found.group(1))


def walk(node: Any, depth: int = 0) -> Iterator[tuple[Any, int]]:
    yield node, depth
    if isinstance(node[2], list):
        for child in node[2]:
            yield from walk(child, depth + 1)


@pytest.mark.parametrize("kind", ["live", "penalty", "dead", "covered"])
def test_every_card_is_one_the_phone_draws(kind: str) -> None:
    """The seat page builds a card from its description only with the tags and attributes it
    knows, within its bounds (the limits in web/seat/messages.mjs): every card of every deck,
    as it may lie on the pile, is within them."""
    assert js_list("FACE_TAGS") == HTML_TAGS | SVG_TAGS
    assert js_list("FACE_ATTRIBUTES") == ATTRIBUTES
    for card in CARDS.values():
        nodes = list(walk(json.loads(json.dumps(card_face(card, kind)))))
        assert len(nodes) <= js_number("FACE_NODES")
        for (tag, attributes, content), depth in nodes:
            assert depth <= js_number("FACE_DEPTH")
            assert tag in HTML_TAGS | SVG_TAGS
            assert set(attributes) <= ATTRIBUTES
            assert all(isinstance(v, str) and len(v) <= 200 for v in attributes.values())
            assert isinstance(content, list) or len(content) <= 40


def test_a_state_stays_small_whatever_the_pile() -> None:
    """Three Tarot cards on the pile (their suits drawn in SVG), a long name and headline: a
    state stays far under what the phone reads (64 KB)."""
    session = Session("kurs", 8, 2, ["W" * 40] * 8, {}, now=0.0)
    game = session.game
    game.pile.cards.extend(CARDS[code] for code in ("10WA", "10PE", "10CU"))
    game.pile.kinds.extend(["live"] * 3)
    text = state_message(session, 0, "x" * 500)
    assert len(text) < 16_000


def test_a_join_link_carries_the_tables_language_when_it_is_not_english() -> None:
    """The seat page a phone opens speaks the table's language: its link says it in ``lang=``
    (which web/boot/i18n.js reads), unless it is English; the code stays in the fragment."""
    page = "https://example.org/ratscrew/index.html?v=classic#top"
    assert join_link(page, "1~0~ab") == "https://example.org/ratscrew/web/seat/#1~0~ab"
    assert join_link(page, "1~0~ab", "en") == "https://example.org/ratscrew/web/seat/#1~0~ab"
    assert join_link(page, "1~0~ab", "fr") == (
        "https://example.org/ratscrew/web/seat/?lang=fr#1~0~ab")
    assert join_link("https://example.org/ratscrew/", "1~2~cd", "en-XA") == (
        "https://example.org/ratscrew/web/seat/?lang=en-XA#1~2~cd")
