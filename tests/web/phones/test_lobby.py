"""A hosted table's phone seats: their states as the host's panel says them, and what each
phone is told."""

from __future__ import annotations

import json

from ratscrew.core.engine import Outcome
from ratscrew.core.events import PileTaken, WrongSlap
from web.model.feedback import WRONG_BUZZ
from web.model.session import Session
from web.phones.lobby import (
    KEEP_MS,
    PROBLEMS,
    QUIET_MS,
    WON_BUZZ,
    PhoneSeat,
    buzz_for,
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
        "turn": "Ann", "mine": False, "actions": [["flip", "Flip"], ["slap", "Slap"]],
        "line": "Ann flips the 7♥.", "decision": None, "own": [], "paused": False,
        "over": False, "winner": None, "variant": session.variant.title,
    }
    session.human(0, "flip", 10.0)
    assert json.loads(state_message(session, 1, ""))["mine"] is True


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
