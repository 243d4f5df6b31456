"""The page's game controller, without a browser: real time, speed, pause, humans and bots."""

from __future__ import annotations

from random import Random

import pytest

from ratscrew.core.cards import card
from ratscrew.core.engine import Game
from ratscrew.play.match import play
from ratscrew.play.record import RecordError, record_of, replay
from web.model.session import SPEEDS, Session, seat_stats
from web.model.timeline import MARK_EVERY


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
    assert set(SPEEDS) == {"0.25", "0.5", "1", "2", "4", "8", "instant"}


def test_the_end_screen_statistics_add_up() -> None:
    session = Session("classic", 3, 12, ["A", "B", "C"], all_bots(3), speed="instant")
    while session.game.outcome is None:
        session.run_instant(100)
    stats = seat_stats(session)
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


# --------------------------------------------------------------------------- variants


def rat_at_the_deal() -> int:
    """A seed whose first roll of the dice is a Rat on the red die (seat 2 calls it)."""
    from ratscrew.variants.slae import dice_of

    for seed in range(1, 500):
        session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {})
        dice = dice_of(session.game)
        if dice is not None and dice.red == "rat":
            return seed
    raise AssertionError("no Rat in 500 deals")


def test_a_person_answers_a_decision_and_the_bots_go_on() -> None:
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {0: "normal"}, now=0.0)
    decision = session.human_decision
    assert decision is not None and decision.seat == 1
    assert session.match.due() < 0  # the bot waits: nobody flips until B has chosen
    assert session.human(1, "flip", 50.0)[-1].kind == "ignored"
    assert session.choose(0, "left", 60.0) == []  # seat 1 is a bot: not a person's choice
    events = session.choose(1, "left", 100.0)
    assert [e.kind for e in events][:2] == ["chose", "dice-called"]
    assert session.game.pending is None or session.game.pending.seat == 1  # the wood die
    if session.game.pending is not None:
        session.choose(1, "ear", 110.0)
    assert session.human_decision is None
    assert session.match.due() >= 0  # the bot's flip is planned again
    assert session.game.history[-1][2] == "choose"


def test_an_unanswered_decision_takes_its_default_in_time() -> None:
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, now=0.0,
                      choice_ms=3000)
    assert session.choice_deadline() == 3000
    assert session.due_in(1000.0) == 2000.0
    assert session.advance(2999.0) == []
    events = session.advance(3001.0)
    assert events and events[0].kind == "chose"
    assert session.game.history[0] == (3000, 1, "choose", "either")
    # A time limit of 0 waits for ever.
    waiting = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, now=0.0, choice_ms=0)
    assert waiting.choice_deadline() == -1 and waiting.due_in(0.0) is None
    assert waiting.advance(10**9) == []


# --------------------------------------------------------------------------- time to choose


@pytest.mark.parametrize("speed", ["0.25", "0.5", "1", "2", "8"])
def test_the_time_to_choose_is_real_time_at_every_speed(speed: str) -> None:
    """A person's 3 s are 3 real seconds whatever the speed: game time runs faster, the
    choice's clock does not."""
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, speed=speed,
                      now=1000.0, choice_ms=3000)
    assert session.choice_ms_left(1000.0) == 3000.0
    assert session.choice_ms_left(2500.0) == 1500.0
    assert session.due_in(1000.0) == 3000.0
    # The countdown the view shows today: the game time of the deadline, in real time.
    assert session.real_ms_until(session.choice_deadline(), 1000.0) == 3000.0
    assert session.advance(3999.0) == []
    events = session.advance(4000.0)
    assert events and events[0].kind == "chose"
    factor = SPEEDS[speed]
    assert session.game.history[0] == (round(3000 * factor), 1, "choose", "either")
    if session.human_decision is not None:  # the wood die's call: a whole 3 s of its own
        assert session.choice_ms_left(4000.0) == 3000.0


def test_pausing_stops_the_time_to_choose() -> None:
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, speed="2", now=0.0,
                      choice_ms=3000)
    session.pause(1000.0)
    assert session.choice_ms_left(1000.0) == session.choice_ms_left(60_000.0) == 2000.0
    assert session.due_in(60_000.0) is None
    assert session.advance(60_000.0) == []
    assert session.real_ms_until(session.choice_deadline(), 60_000.0) == 2000.0
    session.resume(60_000.0)
    assert session.choice_ms_left(60_500.0) == 1500.0
    assert session.due_in(60_000.0) == 2000.0
    assert session.advance(61_999.0) == []
    events = session.advance(62_000.0)
    assert events and events[0].kind == "chose"
    # Game time stood still while paused: 1 s before the pause, 2 s after, both at 2x.
    assert session.game.history[0][0] == 6000


def test_the_clock_starts_when_the_table_is_on_screen() -> None:
    """Drawing the first table took 1.5 s: the decision of the deal still has its whole 3 s
    from then, and game time starts then too (at 8x here: 3 real s are 24 game s)."""
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, speed="8", now=0.0,
                      choice_ms=3000)
    session.start_clock(1500.0)
    assert session.game_time(1500.0) == 0
    assert session.choice_ms_left(1500.0) == 3000.0
    assert session.due_in(1500.0) == 3000.0
    assert session.advance(4499.0) == []
    events = session.advance(4500.0)
    assert events and events[0].kind == "chose"
    assert session.game.history[0] == (24_000, 1, "choose", "either")
    # Once the game has begun, the clock is the game's: a late call changes nothing.
    session.start_clock(9000.0)
    assert session.game_time(9000.0) == 60_000


def test_a_bot_first_move_waits_for_the_table_too() -> None:
    early = Session("classic", 2, 1, ["A", "B"], {0: "normal"}, now=0.0)
    late = Session("classic", 2, 1, ["A", "B"], {0: "normal"}, now=0.0)
    late.start_clock(800.0)
    wait = early.due_in(0.0)
    assert wait is not None and wait > 0
    assert late.due_in(800.0) == wait
    assert late.advance(800.0 + wait - 1) == []
    assert late.advance(800.0 + wait) != []
    # Paused (a record opened at its deal): the clock is the pause's to start.
    paused = Session("classic", 2, 1, ["A", "B"], {0: "normal"}, now=0.0)
    paused.pause(0.0)
    paused.start_clock(800.0)
    assert paused.due_in(800.0) is None


@pytest.mark.parametrize("new_speed", ["0.5", "8"])
def test_a_change_of_speed_keeps_the_real_time_left_to_choose(new_speed: str) -> None:
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, now=0.0,
                      choice_ms=3000)
    session.set_speed(new_speed, 1000.0)
    assert session.choice_ms_left(1000.0) == 2000.0
    assert session.due_in(1000.0) == 2000.0
    assert session.advance(2999.0) == []
    events = session.advance(3000.0)
    assert events and events[0].kind == "chose"
    assert session.game.history[0][0] == 1000 + round(2000 * SPEEDS[new_speed])


def test_at_instant_speed_a_person_has_all_the_time_they_need() -> None:
    seed = rat_at_the_deal()
    session = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, now=0.0,
                      choice_ms=3000)
    session.set_speed("instant", 1000.0)
    assert session.choice_ms_left(1000.0) is None and session.choice_deadline() == -1
    assert session.advance(50_000.0) == [] and session.run_instant(10) == []
    session.set_speed("1", 50_000.0)  # back to a clock: the 2 s that were left
    assert session.choice_ms_left(50_000.0) == 2000.0
    events = session.advance(52_000.0)
    assert events and events[0].kind == "chose"


def test_no_limit_or_no_decision_has_no_countdown() -> None:
    seed = rat_at_the_deal()
    unlimited = Session("slap-like-an-egyptian", 2, seed, ["A", "B"], {}, choice_ms=0)
    assert unlimited.human_decision is not None and unlimited.choice_ms_left(0.0) is None
    plain = Session("classic", 2, 1, ["A", "B"], {}, now=0.0)
    assert plain.human_decision is None and plain.choice_ms_left(0.0) is None
    assert plain.choice_deadline() == -1


HERMIT_SEED = 8
"""K.U.R.S., 3 players: seat 1's first card is the Hermit (it hands out six cards)."""


@pytest.mark.parametrize("speed", ["1", "4"])
def test_each_step_of_the_hermits_hand_out_gets_the_whole_time(speed: str) -> None:
    """The Hermit's hand-out is eleven decisions (five cards to pick, six to give): each has
    the whole 2 s, counted from the answer to the step before (a default or a person's)."""
    session = Session("kurs", 3, HERMIT_SEED, ["A", "B", "C"], {}, speed=speed, now=0.0,
                      choice_ms=2000)
    session.human(0, "flip", 100.0)
    decision = session.human_decision
    assert decision is not None and str(decision.prompt).startswith("The Hermit")
    now, steps = 100.0, 0
    while (decision := session.human_decision) is not None:
        assert str(decision.prompt).startswith("The Hermit")
        assert session.choice_ms_left(now) == 2000.0
        assert session.choice_ms_left(now + 1500) == 500.0
        steps += 1
        if steps == 3:  # a person answers this one after 0.7 s: the next step starts then
            now += 700
            assert session.choose(0, decision.default, now)
            continue
        assert session.advance(now + 1999) == []
        events = session.advance(now + 2000)
        assert events[0].kind == "chose" and session.human_decision is not decision
        now += 2000
    assert steps == 11
    assert "hermit" not in session.game.side_piles


def test_a_speed_change_in_the_hermits_hand_out_keeps_the_time_left() -> None:
    session = Session("kurs", 3, HERMIT_SEED, ["A", "B", "C"], {}, now=0.0, choice_ms=2000)
    session.human(0, "flip", 100.0)
    session.set_speed("8", 600.0)
    assert session.choice_ms_left(600.0) == 1500.0
    events = session.advance(2100.0)
    assert events[0].kind == "chose"
    assert session.choice_ms_left(2100.0) == 2000.0  # the next step: whole, at 8x too
    assert session.advance(4099.0) == []
    assert session.advance(4100.0)[0].kind == "chose"


def test_the_plain_slap_is_not_offered_where_the_hand_matters() -> None:
    session = Session("slap-like-an-egyptian", 2, 4, ["A", "B"], {}, now=0.0, choice_ms=0)
    assert session.actions == ("flip", "slap-left", "slap-right")
    assert session.human(0, "slap", 10.0) == []
    assert Session("firefighters", 2, 4, ["A", "B"], {}).actions == ("flip", "slap")


def burn_contest_deal() -> tuple[int, int]:
    """A Firefighters seed (2 players) where a burn contest starts within a few flips, and the
    number of flips."""
    for seed in range(1, 2000):
        session = Session("firefighters", 2, seed, ["A", "B"], {})
        game = session.game
        for flips in range(1, 9):
            seat = game.to_act()
            if seat < 0 or game.tricks:
                break
            game.flip(seat, flips * 100)
            if game.phase is not None:
                return seed, flips
    raise AssertionError("no burn contest")


def test_an_all_human_table_still_ends_a_burn_contest_at_its_deadline() -> None:
    seed, flips = burn_contest_deal()
    session = Session("firefighters", 2, seed, ["A", "B"], {}, now=0.0)
    game = session.game
    for i in range(flips):
        session.human(game.to_act(), "flip", 100.0 * (i + 1))
    assert game.phase is not None
    deadline = game.deadline
    assert session.due_in(100.0 * flips) == deadline - 100 * flips
    session.human(0, "slap", 100.0 * flips + 10)  # seat 1 burns; seat 2 never does
    assert session.advance(deadline - 1.0) == []
    events = session.advance(deadline + 1.0)
    kinds = [e.kind for e in events]
    assert "burn-won" in kinds and game.phase is None
    assert game.history[-1] == (deadline, -1, "tick", "")


# --------------------------------------------------------------------------- variants' own actions


def test_a_decree_holder_fines_through_the_session() -> None:
    from ratscrew.core.events import Ignored
    from ratscrew.variants.kurs import ArcanaEffect, court_of

    # Seed 183: Ada's first card is the Emperor; she decrees, then fines Ben.
    session = Session("kurs", 2, 183, ["Ada", "Ben"], {}, now=0.0)
    session.human(0, "flip", 100.0)
    decision = session.human_decision
    assert decision is not None and decision.free_text
    session.choose(0, "  No   humming\u0007 ", 200.0)
    court = court_of(session.game)
    assert court is not None and [(d.holder, d.text) for d in court.decrees] == [
        (0, "No humming")]
    assert session.variant_action(1, "fine", "1", 300.0)
    assert isinstance(session.game.events[-1], Ignored)
    # The decree does not give way to its own Emperor: a fine may follow at once.
    before = [len(h) for h in session.game.hands]
    events = session.variant_action(0, "fine", "2", 300.0)
    assert [type(e) for e in events] == [ArcanaEffect]
    assert [len(h) for h in session.game.hands] == [before[0] + 1, before[1] - 1]
    # Nor, of course, without the house rule that decrees give way to the Arcana.
    session = Session("kurs", 2, 183, ["Ada", "Ben"], {}, {"decree_yields": False}, now=0.0)
    session.human(0, "flip", 100.0)
    session.choose(0, "No humming", 200.0)
    before = [len(h) for h in session.game.hands]
    events = session.variant_action(0, "fine", "2", 300.0)
    assert any(isinstance(e, ArcanaEffect) and "fines" in str(e.text) for e in events)
    assert [len(h) for h in session.game.hands] == [before[0] + 1, before[1] - 1]
    events = session.variant_action(0, "fine", "10", 600.0)  # no such player: the engine says so
    assert len(events) == 1 and isinstance(events[0], Ignored)
    assert "not a player" in str(events[0].reason)
    session.pause(700.0)
    assert session.variant_action(0, "fine", "2", 800.0) == []


def test_a_variants_action_is_refused_in_other_variants() -> None:
    session = Session("classic", 2, 1, ["Ada", "Ben"], {}, now=0.0)
    assert session.variant_action(0, "fine", "2", 100.0) == []


def test_beggar_my_neighbour_seats_only_flip() -> None:
    """004: "There is no skill in this game": no slap for people to press."""
    session = Session("beggar-my-neighbour", 2, 5, ["A", "B"], {}, now=0.0)
    assert session.actions == ("flip",)
    session.human(0, "flip", 100.0)
    assert session.human(1, "slap", 200.0) == []
    assert [kind for _, _, kind, _ in session.game.history] == ["flip"]
    house = Session("beggar-my-neighbour", 2, 5, ["A", "B"], {}, {"slaps": ["double"]})
    assert house.actions == ("flip", "slap")


def test_a_quarter_speed_for_following_a_challenge_card_by_card() -> None:
    """Slow speeds down to 0.25x. A bot's next card takes four times as
    long as at 1x, in real time; the menus write it as a quarter."""
    from web.model.session import SPEED_LABELS

    assert SPEED_LABELS["0.25"] == "\u00bc\u00d7"
    waits = {}
    for speed in ("1", "0.25"):
        session = Session("classic", 2, 5, ["A", "B"], all_bots(2), speed=speed, now=0.0)
        waits[speed] = session.due_in(0.0)
    assert waits["1"] is not None and waits["0.25"] is not None
    assert waits["0.25"] == pytest.approx(4 * waits["1"])


# -- step and rewind ------------------------------------------------------------------------


def finished(variant: str, players: int, seed: int) -> Session:
    session = Session(variant, players, seed, [""] * players, all_bots(players),
                      speed="instant")
    while session.game.outcome is None:
        session.run_instant(200)
    return session


def replayed(session: Session, step: int) -> dict[str, object]:
    """The engine's state after the record's first ``step`` actions, replayed from its
    record in CPython, as comparable data."""
    data = record_of(session.game) if not session.reviewing else dict(
        record_of(session.game),
        actions=[[t, s, k, a] if a else [t, s, k] for t, s, k, a in session.tape])
    data.pop("result", None)
    return state(replay(dict(data, actions=data["actions"][:step])))


def state(game: Game) -> dict[str, object]:
    return {
        "history": list(game.history),
        "hands": [[c.code for c in h] for h in game.hands],
        "pile": [c.code for c in game.pile],
        "events": [e.to_dict() for e in game.events],
        "outcome": game.outcome,
        "pending": None if game.pending is None else (game.pending.seat,
                                                      game.pending.options),
        "t": game.t,
    }


@pytest.mark.parametrize(("variant", "players", "seed"), [
    ("classic", 4, 3), ("bmn", 2, 8), ("slae", 3, 5), ("firefighters", 4, 2), ("kurs", 4, 6),
])
def test_going_to_any_moment_gives_the_engine_state_of_that_prefix(
    variant: str, players: int, seed: int
) -> None:
    """Back, Step and a jump from the log: at every moment the game is the record's prefix
    replayed; the moments far from the deal come from the kept copies (MARK_EVERY)."""
    session = finished(variant, players, seed)
    total = len(session.tape)
    whole = record_of(session.game)["actions"]
    rng = Random(seed)
    moments = [total - 1, 0, total // 2, *(rng.randrange(total + 1) for _ in range(12)),
               MARK_EVERY, MARK_EVERY + 1, total]
    for step in (min(m, total) for m in moments):
        session.goto(step, 0.0)
        assert session.position == step
        assert session.reviewing == (step < total)
        assert session.paused
        assert state(session.game) == replayed(session, step), step
        assert len(session.tape) == total
        shown = session.game.events
        assert [e.to_dict() for e in session.all_events[:len(shown)]] == [
            e.to_dict() for e in shown]
    session.goto(total // 3, 0.0)
    for step in range(total // 3 + 1, total // 3 + 4):
        events = session.step(0.0)
        assert events and events == session.game.events[-len(events):]  # the same objects
        assert state(session.game) == replayed(session, step)
    assert session.back(0.0) and session.position == total // 3 + 2
    session.goto(total, 0.0)
    assert not session.reviewing
    assert record_of(session.game)["actions"] == whole


def test_a_record_cut_and_played_on_forgets_its_old_copies() -> None:
    """The copies kept for going back (every MARK_EVERY actions) after a moment that play
    resumed from belong to the old record: going back to a moment of the new one replays
    the new one."""
    session = Session("classic", 3, 21, ["A", "B", "C"], all_bots(3), speed="instant")
    while len(session.game.history) < 2 * MARK_EVERY + 50 and session.game.outcome is None:
        session.run_instant(50)
    total = len(session.tape)
    assert total > 2 * MARK_EVERY, "the game is long enough to keep copies"
    session.goto(0, 0.0)
    session.goto(total, 0.0)  # copies kept at MARK_EVERY and 2 * MARK_EVERY on the way
    old = list(session.tape)
    session.goto(MARK_EVERY + 10, 0.0)
    assert session.resume_here(0.0)
    session.set_speed("instant", 0.0)
    session.set_bot(0, "hard")  # another bot: the game goes another way from here
    while len(session.game.history) < 2 * MARK_EVERY + 20 and session.game.outcome is None:
        session.run_instant(10)
    assert session.tape[MARK_EVERY + 10:] != old[MARK_EVERY + 10:len(session.tape)]
    session.goto(2 * MARK_EVERY + 5, 0.0)
    assert state(session.game) == replayed(session, 2 * MARK_EVERY + 5)


def test_each_event_knows_the_moment_it_takes_the_table_back_to() -> None:
    session = finished("slae", 3, 12)
    steps = session.event_steps
    assert len(steps) == len(session.all_events)
    assert steps == sorted(steps) and steps[-1] == len(session.tape)
    for step in (1, len(session.tape) // 2, len(session.tape)):
        session.goto(step, 0.0)
        # The events of that prefix are exactly those whose moment is at or before it.
        assert len(session.game.events) == sum(1 for s in steps if s <= step)


def test_resuming_from_a_past_moment_cuts_the_record_and_plays_on() -> None:
    session = Session("classic", 3, 21, ["A", "B", "C"], all_bots(3), now=0.0)
    now = 0.0
    while len(session.game.history) < 120:
        now += 50.0
        session.advance(now)
    before = list(session.game.history)
    session.goto(100, now)
    assert session.reviewing and len(session.tape) == len(before)
    assert session.human(0, "flip", now) == []  # paused: nobody plays in the past
    assert session.resume_here(now + 10)
    assert not session.reviewing and not session.paused
    assert session.tape is session.game.history and len(session.tape) == 100
    assert len(session.event_steps) == len(session.all_events) == len(session.game.events)
    while len(session.game.history) < 130:
        now += 50.0
        session.advance(now)
    assert session.game.history[:100] == before[:100]
    assert session.game.history[100:] != before[100:130]
    assert session.game.history[100][0] >= before[99][0]  # time goes on from that moment
    replay(record_of(session.game))  # the cut record is a whole game of its own
    assert not session.resume_here(now)  # at the live end there is nothing to cut


def test_step_at_the_live_end_takes_the_next_bots_action_and_waits_for_people() -> None:
    session = Session("classic", 2, 4, ["A", "B"], {1: "normal"}, now=0.0)
    assert session.step(0.0) == []  # A (a person) leads: nothing to step to
    session.resume(0.0)
    session.human(0, "flip", 10.0)
    events = session.step(20.0)
    assert session.paused
    assert [e.kind for e in events][:1] == ["flip"] and session.game.history[-1][1] == 1


def test_a_record_opens_at_its_deal_with_the_whole_record_ahead() -> None:
    played = play("kurs", 4, 6, "normal")
    data = record_of(played)
    session = Session.from_record(data)
    assert session.position == 0 and session.reviewing and session.paused
    assert len(session.tape) == len(played.history)
    assert [e.to_dict() for e in session.all_events] == [e.to_dict() for e in played.events]
    session.goto(len(session.tape), 0.0)
    assert state(session.game) == state(played)
    assert session.humans == ()  # played on from a moment, every seat is a bot


def test_a_record_dealt_from_hands_opens_too() -> None:
    game = Game("bmn", 2, hands=[[card(c) for c in ["2S", "3H", "KD"]],
                                 [card(c) for c in ["4C", "JH", "5D"]]])
    while game.outcome is None:
        game.flip(game.to_act(), game.t + 10)
    session = Session.from_record(record_of(game))
    session.goto(len(session.tape), 0.0)
    assert state(session.game) == state(game)


@pytest.mark.parametrize("bad", [
    {"variant": "classic", "players": 2, "seed": 1, "actions": [[0, 7, "flip"]]},
    {"variant": "nope", "players": 2, "seed": 1, "actions": []},
    {"variant": "classic", "players": 2, "seed": 1, "actions": [[0, 0, "flip"]],
     "result": {"status": "win"}},
])
def test_a_bad_record_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(RecordError):
        Session.from_record(bad)


def test_a_bot_stands_in_for_a_person_and_gives_the_seat_back() -> None:
    session = Session("classic", 3, 7, ["A", "B", "C"], {0: "normal", 2: "normal"}, now=0.0)
    session.start_clock(0.0)
    now = 0.0
    while session.game.cards_played < 5:  # B never flips: the table waits for B
        now += 1000.0
        session.advance(now)
        if session.game.to_act() == 1:
            break
    assert session.game.to_act() == 1
    assert session.due_in(now) is None
    session.set_bot(1, "expert")
    assert session.humans == ()
    assert session.human(1, "flip", now) == []  # the person's keys do nothing meanwhile
    before = session.game.cards_played
    session.advance(now + 5000.0)
    assert session.game.cards_played > before
    session.set_bot(1, None)
    assert session.humans == (1,)
    assert 1 not in session.bots
    with pytest.raises(ValueError, match="no seat 4"):
        session.set_bot(3, "easy")


def test_the_controls_say_how_each_seat_plays() -> None:
    """Bots name nothing, a phone seat its phone, a person here their keys or, on a touch
    screen, their buttons: what the sentences name (ratscrew.core.events.Controls)."""
    session = Session("classic", 4, 1, ["A", "B", "C", "D"], {3: "normal"})
    session.remote.add(2)
    assert session.controls().seats == ("keys", "keys", "phone", "")
    session.touch = True
    assert session.controls().seats == ("touch", "touch", "phone", "")
    session.set_bot(2, "easy")  # the phone dropped: a bot stands in
    assert session.controls().of(2) == ""


def test_a_lessons_game_is_moved_by_its_script_alone() -> None:
    """A session whose bots do not act (a lesson's, web/tools/lesson/table.py): no bot, no
    deadline and no choice's default is played by the clock, a countdown stands still, and
    the record follows what the script played."""
    from ratscrew.tools.lesson import LessonRun, lesson_of

    lesson = lesson_of("firefighters")
    assert lesson is not None
    matchbox = next(i for i, s in enumerate(lesson.steps) if s.title == "Matchbox")
    run = LessonRun(lesson, matchbox)
    game = run.game
    session = Session("firefighters", game.n, 1, list(game.names), {1: "easy", 2: "easy"},
                      deal=lambda: game, bots_act=False, choice_ms=0)
    session.start_clock(0.0)
    assert game.phase is not None  # the burn contest is on
    deadline = game.deadline
    before = len(game.history)
    assert session.advance(10 * 60_000.0) == []  # ten minutes later: nothing
    assert len(game.history) == before and game.phase is not None
    assert session.real_ms_until(deadline, 10 * 60_000.0) == deadline - game.t
    run.act("slap")
    session.moved()
    assert len(session.all_events) == len(session.event_steps) == len(game.events)
