"""The host as referee: slaps judged by when they were made, not when they arrived."""

from __future__ import annotations

from ratscrew.core.events import Event, Ignored, PileTaken
from web.model.session import Session
from web.phones.referee import TIE_MS, WINDOW_MS, Referee


def slappable_table(seed: int = 3) -> tuple[Session, float]:
    """Two people at a classic table, flipped (by the referee, held and applied) until the
    pile can be slapped; the real time then."""
    session = Session("classic", 2, seed, ["Ann", "Bo"], {}, now=0.0)
    session.start_clock(0.0)
    referee = Referee(session)
    now = 0.0
    for _ in range(200):
        game = session.game
        if game.slappable:
            return session, now
        now += 500.0
        referee.offer(game.to_act(), "flip", now, now)
        referee.advance(now + WINDOW_MS + TIE_MS)
        now += WINDOW_MS + TIE_MS
    raise AssertionError("no slappable pile in 200 flips")


def winners(events: list[Event]) -> list[int]:
    return [e.seat for e in events if isinstance(e, PileTaken)]


def test_an_earlier_slap_from_far_away_beats_a_later_one_from_near() -> None:
    session, now = slappable_table()
    referee = Referee(session)
    # Bo pressed first but his phone is slow (90 ms); Ann pressed 30 ms later at the host.
    referee.offer(0, "slap", now + 130, arrived=now + 130)
    assert referee.advance(now + 131) == []  # held: Bo's slap may still be on its way
    referee.offer(1, "slap", now + 100, arrived=now + 190)
    events = referee.advance(now + 400)
    assert winners(events) == [1]
    assert referee.late == 0


def test_by_arrival_the_near_player_would_have_won() -> None:
    """The same presses applied as they arrive: the fault the referee exists to fix."""
    session, now = slappable_table()
    events = session.human(0, "slap", now + 130) + session.human(1, "slap", now + 190)
    assert winners(events) == [0]


def test_a_tie_goes_to_the_slap_the_host_knows_best() -> None:
    session, now = slappable_table()
    referee = Referee(session)
    referee.offer(1, "slap", now + 100, arrived=now + 160)  # a phone: 60 ms corrected
    referee.offer(0, "slap", now + 100 + TIE_MS / 2, arrived=now + 100 + TIE_MS / 2)
    assert winners(referee.advance(now + 400)) == [0]


def test_outside_the_tie_window_the_earlier_stamp_wins_whatever_the_correction() -> None:
    session, now = slappable_table()
    referee = Referee(session)
    referee.offer(1, "slap", now + 100, arrived=now + 160)
    referee.offer(0, "slap", now + 100 + TIE_MS + 5, arrived=now + 100 + TIE_MS + 5)
    assert winners(referee.advance(now + 400)) == [1]


def test_a_slap_that_arrives_after_its_window_still_counts_at_once() -> None:
    session, now = slappable_table()
    referee = Referee(session)
    assert referee.advance(now + 300) == []
    referee.offer(1, "slap", now + 100, arrived=now + 320)  # 220 ms on the way
    assert referee.late == 1
    assert winners(referee.advance(now + 320 + WINDOW_MS + TIE_MS)) == [1]


def test_a_stamp_is_never_after_its_arrival() -> None:
    session, now = slappable_table()
    referee = Referee(session)
    referee.offer(1, "slap", now + 5000, arrived=now + 100)
    assert referee.held[0].at == now + 100


def test_due_in_waits_for_the_window_and_flush_applies_at_once() -> None:
    session, now = slappable_table()
    referee = Referee(session)
    referee.offer(0, "slap", now + 10, arrived=now + 10)
    assert referee.due_in(now + 10) == WINDOW_MS + TIE_MS
    events = referee.flush(now + 11)
    assert winners(events) == [0]
    assert referee.held == []


def test_the_applied_hook_hears_each_action_with_its_events() -> None:
    session, now = slappable_table()
    heard: list[tuple[int, str, list[Event]]] = []
    referee = Referee(session, lambda held, ev: heard.append((held.seat, held.action, ev)))
    referee.offer(1, "slap", now + 10, arrived=now + 10)
    referee.offer(0, "slap", now + 40, arrived=now + 40)
    referee.advance(now + 400)
    assert [(s, a) for s, a, _ in heard] == [(1, "slap"), (0, "slap")]
    assert winners(heard[0][2]) == [1]
    # the pile is gone: Ann's slap, 30 ms later, is too close to call a wrong slap
    assert not winners(heard[1][2])
    assert [type(e) for e in heard[1][2]] == [Ignored]


def test_bots_act_between_held_actions_by_their_own_times() -> None:
    session = Session("classic", 2, 5, ["Ann", "Bot"], {1: "expert"}, now=0.0)
    session.start_clock(0.0)
    referee = Referee(session)
    referee.offer(0, "flip", 10.0, 10.0)
    events = referee.advance(10.0 + WINDOW_MS + TIE_MS)
    assert session.game.cards_played == 1, events
    # the bot's answer comes by the clock, the window later than it is due
    now = 10.0 + WINDOW_MS + TIE_MS
    for _ in range(100):
        wait = referee.due_in(now)
        assert wait is not None
        now += wait
        referee.advance(now)
        if session.game.cards_played > 1:
            break
    assert session.game.cards_played == 2
