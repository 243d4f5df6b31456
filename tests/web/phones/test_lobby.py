"""A hosted table's phone seats: their states as the host's panel says them, and what each
phone is told."""

from __future__ import annotations

import json

from ratscrew.core.events import PileTaken, WrongSlap
from web.model.feedback import WRONG_BUZZ
from web.model.session import Session
from web.phones.lobby import KEEP_MS, QUIET_MS, WON_BUZZ, PhoneSeat, buzz_for, state_message


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
        "line": "Ann flips the 7♥.", "decision": None, "paused": False, "over": False,
        "winner": None, "variant": session.variant.title,
    }
    session.human(0, "flip", 10.0)
    assert json.loads(state_message(session, 1, ""))["mine"] is True


def test_a_phone_buzzes_for_its_own_wrong_slap_and_its_own_pile() -> None:
    wrong = WrongSlap(t=5, seat=2, penalty="cards")
    won = PileTaken(t=9, seat=2, count=4, how="slap")
    assert buzz_for(2, [wrong]) == WRONG_BUZZ
    assert buzz_for(2, [won]) == WON_BUZZ
    assert buzz_for(1, [wrong, won]) == ()
