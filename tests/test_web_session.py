"""The page's game controller, without a browser: real time, speed, pause, humans and bots."""

from __future__ import annotations

import pytest

from ratscrew.match import play
from ratscrew.record import record_of
from web.session import SPEEDS, Session


def all_bots(players: int, difficulty: str = "normal") -> dict[int, str]:
    return dict.fromkeys(range(players), difficulty)


def drive(session: Session, step_ms: float = 37.0, limit: float = 3e7) -> None:
    """Advance real time in small steps, as the page's timers would."""
    now = 0.0
    while session.game.outcome is None and now < limit:
        now += step_ms
        session.advance(now)


def test_game_time_runs_at_the_chosen_speed() -> None:
    session = Session("classic", 2, 1, ["A", "B"], {}, speed="2", now=1000.0)
    assert session.game_time(1000.0) == 0
    assert session.game_time(1500.0) == 1000
    session.set_speed("0.5", 1500.0)
    assert session.game_time(2500.0) == 1500


def test_pause_stops_the_clock_and_refuses_actions() -> None:
    session = Session("classic", 2, 1, ["A", "B"], {}, now=0.0)
    session.pause(400.0)
    assert session.game_time(9000.0) == 400
    assert session.human(0, "flip", 9000.0) == []
    assert session.game.cards_played == 0
    session.resume(9000.0)
    assert session.game_time(9100.0) == 500
    session.human(0, "flip", 9100.0)
    assert session.game.cards_played == 1
    assert session.game.history[-1][0] == 500


def test_a_real_time_all_bot_game_is_the_headless_game_with_the_same_seed() -> None:
    """The browser's bots are the engine's bots: same seed, same game, action for action."""
    session = Session("classic", 4, 77, ["", "", "", ""], all_bots(4), now=0.0)
    drive(session)
    headless = play("classic", 4, 77, "normal")
    assert session.game.outcome == headless.outcome
    assert record_of(session.game)["actions"] == record_of(headless)["actions"]


def test_an_instant_game_is_the_same_game_too() -> None:
    session = Session("classic", 3, 5, ["", "", ""], all_bots(3, "hard"), speed="instant")
    while session.game.outcome is None:
        assert session.due_in(0.0) == 0.0
        session.run_instant(40)
    headless = play("classic", 3, 5, "hard")
    assert record_of(session.game)["actions"] == record_of(headless)["actions"]


def test_a_human_flips_in_turn_and_bot_seats_ignore_human_input() -> None:
    session = Session("classic", 2, 9, ["Ana", "Bot"], {1: "easy"}, now=0.0)
    assert session.humans == (0,)
    assert session.human(1, "slap", 10.0) == []  # seat 1 is a bot: its keys do nothing
    events = session.human(0, "flip", 10.0)
    assert events and events[0].kind == "flip"
    assert session.game.history[-1] == (10, 0, "flip", "")


def test_bots_wait_for_their_time_then_act() -> None:
    session = Session("classic", 2, 9, ["Ana", "Bot"], {1: "normal"}, now=0.0)
    session.human(0, "flip", 0.0)
    wait = session.due_in(0.0)
    assert wait is not None and wait > 0
    assert session.advance(wait - 1) == []
    assert session.advance(wait + 1)


def test_unknown_actions_and_speeds_change_nothing() -> None:
    session = Session("classic", 2, 9, ["A", "B"], {}, now=0.0)
    assert session.human(0, "dance", 0.0) == []
    session.set_speed("11", 0.0)
    assert session.speed_name == "1"
    assert set(SPEEDS) == {"0.5", "1", "2", "4", "8", "instant"}


def test_the_end_screen_statistics_add_up() -> None:
    session = Session("classic", 3, 12, ["A", "B", "C"], all_bots(3), speed="instant")
    while session.game.outcome is None:
        session.run_instant(100)
    stats = session.stats()
    assert sum(s.cards for s in stats) == session.game.total
    winner = session.game.outcome.winner  # type: ignore[union-attr]
    assert stats[winner].cards == session.game.total
    assert all(s.bot == "normal" for s in stats)


@pytest.mark.parametrize("action", ["slap", "slap-left", "slap-right"])
def test_slap_actions_reach_the_engine(action: str) -> None:
    session = Session("classic", 2, 3, ["A", "B"], {}, now=0.0)
    session.human(0, action, 5.0)
    assert session.game.history[-1][2] == "slap"
    assert session.game.history[-1][3] == action.removeprefix("slap").lstrip("-")
