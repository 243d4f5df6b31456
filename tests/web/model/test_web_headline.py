"""The headline, the seat notes and the live region (web/model/headline.py), from real games."""

from __future__ import annotations

from itertools import pairwise

from ratscrew.core.cards import CARDS, cards
from ratscrew.core.engine import Game
from ratscrew.core.events import (
    KEYS,
    PHONE,
    TOUCH,
    ChallengeWon,
    Controls,
    Event,
    Flipped,
    GameOver,
    Ignored,
    PileTaken,
    WrongSlap,
)
from ratscrew.i18n import msg
from ratscrew.play.match import play
from ratscrew.variants.slae import DiceRolled
from web.model.headline import (
    HOLD_MS,
    SUMMARY_MS,
    Announcer,
    Headline,
    hold_ms,
    notable,
    seat_notes,
)

DOUBLE = PileTaken(t=0, seat=4, count=7, how="slap", rule="Double",
                   cards=(CARDS["7D"], CARDS["7C"]))
IGNORED = Ignored(t=0, seat=3, action="slap", reason=msg("the pile was already taken"))
FLIP = Flipped(t=0, seat=1, card=CARDS["5H"])


def test_an_ignored_slap_never_replaces_the_pile_won() -> None:
    # The case: "Double 7D 7C: Player 5 takes 7 cards" replaced at once by
    # "Player 4's slap is ignored: ...".
    head = Headline()
    line = head.offer([DOUBLE], None, 0.0, 1.0)
    assert line is not None and line.text == DOUBLE.explain(None)
    assert line.text.startswith("Double 7D 7C: ")
    assert head.offer([IGNORED], None, 30.0, 1.0) is None
    assert head.offer([FLIP], None, 5000.0, 1.0) is None  # flips never, however late
    assert head.line is not None and head.line.text == line.text


def test_a_lower_rank_waits_for_the_hold_and_a_higher_one_replaces_at_once() -> None:
    head = Headline()
    head.offer([DOUBLE], None, 0.0, 1.0)
    dice = DiceRolled(t=0, red="right", wood="nose", caller=-1)
    assert head.offer([dice], None, 50.0, 1.0) is None
    assert head.tick(HOLD_MS - 1, 1.0) is None
    shown = head.tick(HOLD_MS, 1.0)
    assert shown is not None and shown.kind == "dice"
    wrong = WrongSlap(t=0, seat=2, penalty="cards", burned=(CARDS["2S"],))
    replaced = head.offer([wrong], None, HOLD_MS + 10, 1.0)
    assert replaced is not None and replaced.kind == "wrong-slap"


def test_the_hold_is_two_seconds_at_1x_and_one_at_4x_and_faster() -> None:
    assert hold_ms(1.0) == 2000 and hold_ms(0.5) == 2000 and hold_ms(2.0) == 2000
    assert hold_ms(4.0) == 1000 and hold_ms(8.0) == 1000 and hold_ms(0.0) == 1000


def test_in_one_batch_the_highest_rank_wins() -> None:
    head = Headline()
    won = ChallengeWon(t=0, seat=2, failed=1, card=CARDS["QS"], claim=False)
    line = head.offer([won, DiceRolled(t=0, red="left", wood="ear", caller=-1)], None, 0.0, 1.0)
    assert line is not None and line.kind == "challenge-won"


def test_seat_notes_say_why_and_what_it_cost() -> None:
    wrong = WrongSlap(t=0, seat=2, penalty="cards", burned=(CARDS["2S"], CARDS["3S"]))
    notes = {n.seat: n for n in seat_notes([IGNORED, wrong, DOUBLE, FLIP])}
    assert notes[3].text == "Slap ignored: the pile was already taken"
    assert notes[2].text == "Wrong slap: \u22122 cards"
    assert notes[4].text == "+7 cards"
    assert 1 not in notes
    lockout = WrongSlap(t=0, seat=0, penalty="lockout", flips=3)
    assert seat_notes([lockout])[0].text == "Wrong slap: no slaps for 3 flips"


def _all_events(seed: int) -> list[Event]:
    return list(play("classic", 8, seed, "hard").events)


def test_an_eight_bot_game_at_1x_keeps_every_notable_line_for_its_hold() -> None:
    # Real event times (game ms = real ms at 1x): a line is replaced before its hold only by
    # one of the same or a higher rank.
    events = _all_events(7)
    head = Headline()
    shown: list[tuple[float, int]] = []
    for event in events:
        line = head.offer([event], None, float(event.t), 1.0)
        if line is not None:
            if shown:
                since, rank = shown[-1]
                assert line.rank >= rank or line.since - since >= HOLD_MS
            shown.append((line.since, line.rank))
    assert len(shown) > 5
    assert not any(notable(e) for e in events if isinstance(e, Ignored | Flipped))


def test_the_live_region_summarises_at_fast_speeds() -> None:
    events = _all_events(11)
    said = []
    announcer = Announcer()
    for event in events:
        text = announcer.offer([event], None, float(event.t) / 4, 4.0)
        if text is not None:
            said.append((float(event.t) / 4, text))
    times = [t for t, _ in said]
    assert len(times) > 3  # the game over is said at once, the rest at most every 3 s
    assert all(b - a >= SUMMARY_MS for a, b in pairwise(times[:-1]))
    assert isinstance(events[-1], GameOver) and said[-1][1].startswith(
        events[-1].explain(None))


def test_the_live_region_says_why_a_persons_action_was_ignored() -> None:
    announcer = Announcer(humans=frozenset({3}))
    assert announcer.offer([IGNORED], None, 0.0, 1.0) == IGNORED.explain(None)
    assert Announcer().offer([IGNORED], None, 0.0, 1.0) is None
    assert Announcer().offer([FLIP], None, 0.0, 1.0) is None


def test_an_ignored_action_is_a_note_only_at_a_persons_seat() -> None:
    # A bot's ignored slap is in the log, not at its seat: nobody there pressed anything.
    assert [n.seat for n in seat_notes([IGNORED], humans=(0, 1))] == []
    assert [n.seat for n in seat_notes([IGNORED], humans=(3,))] == [3]
    assert [n.seat for n in seat_notes([IGNORED, DOUBLE], humans=())] == [4]


# --------------------------------------------------------------------------- keys or buttons


def test_lines_and_notes_name_each_seats_keys_buttons_or_phone() -> None:
    """Firefighters: the contest's headline names the device the table's people share; a
    flip during it is told, at its seat, how that seat burns."""
    g = Game("firefighters", 2, hands=[cards("QS KS"), cards("QH 9H")], names=["Ana", "Ben"])
    started = g.flip(0, 100) + g.flip(1, 200)
    refused = g.flip(0, 300)
    for seats, line, note in [
        ((KEYS, KEYS), "with their slap key", "burn a card with your slap key"),
        ((TOUCH, TOUCH), "with their Slap button", "burn a card with your Slap button"),
        ((PHONE, ""), "with the Slap button on their phone",
         "burn a card with the Slap button on your phone"),
        ((PHONE, KEYS), "by slapping", "burn a card with the Slap button on your phone"),
    ]:
        controls = Controls(seats)
        shown = Headline().offer(started, g.names, 0.0, 1.0, controls)
        assert shown is not None and shown.kind == "burn-started" and line in shown.text
        assert seat_notes(refused, None, controls)[0].text == (
            f"Flip ignored: a burn contest is on: {note}")
        said = Announcer(frozenset({0})).offer(refused, g.names, 0.0, 1.0, controls)
        assert said is not None and note in said
    assert seat_notes(refused)[0].text == "Flip ignored: a burn contest is on: slap to burn a card"
