"""Lessons (ratscrew/tools/lesson.py and each variant's lesson file): every lesson is finished by
a scripted learner, every step shows the position it claims, every wrong action is explained
and changes nothing, random key mashing never leaves a lesson stuck, and a lesson file that
cannot be taught is refused with a message that says where."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratscrew.core.cards import RANK_NAMES, Card
from ratscrew.core.events import (
    ChallengeWon,
    Event,
    Flipped,
    GameOver,
    Ignored,
    OutOfCards,
    PileTaken,
    WrongSlap,
)
from ratscrew.tools.audit import violations
from ratscrew.tools.lesson import (
    GAP_MS,
    NEXT,
    RACE_MS,
    READ_MS,
    Lesson,
    LessonError,
    LessonRun,
    lesson_of,
    lessons,
    parse_lesson,
    race_ms,
)
from ratscrew.variants import VARIANTS, find_variant
from ratscrew.variants.firefighters import Burned, BurnStarted, BurnWon, FireOut
from ratscrew.variants.kurs import ArcanaEffect
from ratscrew.variants.slae import BlackDie, DiceCalled, DiceRolled
from web.model.card_face import pile_top
from web.table.pieces.pile import SHOWN

LESSONS = {lesson.variant.name: lesson for lesson in lessons()}


def test_every_game_has_a_lesson() -> None:
    assert set(LESSONS) == set(VARIANTS)


def deck_of(run: LessonRun) -> Counter[str]:
    return Counter(c.code for c in run.game.all_cards())


def dealt(hands: tuple[tuple[Card, ...], ...]) -> Counter[str]:
    return Counter(c.code for hand in hands for c in hand)


def deck_now(run: LessonRun) -> Counter[str]:
    """The cards the current game was dealt: the lesson's, or the last new deal's."""
    for step in reversed(run.lesson.steps[:run.index + 1]):
        if step.hands is not None:
            return dealt(step.hands)
    return dealt(run.lesson.hands)


def table_of(run: LessonRun) -> tuple[object, ...]:
    """Everything a learner sees of the game."""
    game = run.game
    asked = game.pending
    return (tuple(tuple(c.code for c in h) for h in game.hands),
            tuple(c.code for c in game.pile.cards), game.turn, len(game.events), game.t,
            asked and (asked.seat, asked.prompt, asked.options), run.index)


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_a_scripted_learner_finishes_the_lesson(name: str) -> None:
    """Each step's own action, in turn, to the end: every step's lit cards on the pile, its
    action taken by the engine (not ignored) and bringing the events the step names."""
    lesson = LESSONS[name]
    run = LessonRun(lesson)
    deck = deck_of(run)
    seen = 0
    while not run.done:
        step = run.step
        assert step is not None
        where = f"{name} step {run.index + 1}"
        if step.hands is not None:
            deck = dealt(step.hands)
        shown = [card for _, card, _ in pile_top(run.game, SHOWN)]
        for card in step.light:
            assert card in shown, f"{where}: {card.code} is lit but not face up on the pile"
        assert run.expected() == NEXT or run.expected() in run.learner_actions(), where
        assert not [e for e in run.events if isinstance(e, Ignored)], where
        outcome = run.act(run.expected())
        assert outcome.kind == "right", where
        mine = [e for e in outcome.events if isinstance(e, Ignored) and e.seat == 0]
        assert not mine, f"{where}: the engine ignored the learner's action: {mine}"
        kinds = [type(e).__name__ for e in outcome.events]
        for shown in step.shows:
            assert shown in kinds, f"{where}: {shown} expected after the action, got {kinds}"
        if run.step is not None and run.step.hands is not None:
            deck = dealt(run.step.hands)  # the next step's new deal
        assert violations(run.game, deck) == [], where
        seen += 1
    assert seen == len(lesson.steps)
    assert run.game.outcome is not None and run.game.outcome.winner == 0, (
        f"{name}: a lesson ends with the learner's win")


def possible(run: LessonRun) -> list[str]:
    return [*run.learner_actions(), NEXT]


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_a_wrong_action_at_any_step_is_explained_and_changes_nothing(name: str) -> None:
    run = LessonRun(LESSONS[name])
    while not run.done:
        before = table_of(run)
        for action in possible(run):
            if action == run.expected():
                continue
            outcome = run.act(action)
            assert outcome.kind == "wrong" and outcome.why, f"step {run.index + 1}: {action}"
            assert "{" not in outcome.why, outcome.why
            assert table_of(run) == before
        run.show_me()


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_a_lesson_opens_at_any_step_as_played_to_it(name: str) -> None:
    lesson = LESSONS[name]
    played = LessonRun(lesson)
    for index in range(len(lesson.steps) + 1):
        opened = LessonRun(lesson, step=index)
        assert table_of(opened) == table_of(played), f"step {index + 1}"
        if not played.done:
            played.show_me()
    back = LessonRun(lesson, step=3)
    back.back()
    assert table_of(back) == table_of(LessonRun(lesson, step=2))


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_each_slap_waits_for_the_learner_but_one_races_a_bot(name: str) -> None:
    """No bot races a slap, but one step a game (where the game has slaps) has an easy bot
    race the learner: losing it is said, and the step is tried again."""
    lesson = LESSONS[name]
    raced = [i for i, s in enumerate(lesson.steps) if s.race >= 0]
    if not find_variant(name).slapping:
        assert raced == []
        return
    assert len(raced) == 1
    run = LessonRun(lesson, step=raced[0])
    before = table_of(run)
    outcome = run.lose_race()
    assert outcome.kind == "raced" and lesson.steps[raced[0]].names[lesson.steps[raced[0]].race] \
        in outcome.why
    assert table_of(run) == before
    assert run.act(run.expected()).kind == "right"


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(LESSONS)), seed=st.integers(0, 2**32 - 1))
def test_mashing_keys_never_leaves_a_lesson_stuck_or_breaks_a_rule(name: str, seed: int) -> None:
    """Random keys, Show me and Back, as a restless learner presses them: the lesson stays
    where it was on a wrong key, the cards are conserved, and Show me always finishes it."""
    rng = random.Random(seed)
    run = LessonRun(LESSONS[name])
    for _ in range(200):  # the action cap
        if run.done:
            break
        roll = rng.random()
        if roll < 0.1:
            run.back()
        elif roll < 0.25:
            run.show_me()
        else:
            run.act(rng.choice(possible(run)))
        assert violations(run.game, deck_now(run)) == []
    for _ in range(len(LESSONS[name].steps)):
        if run.done:
            break
        run.show_me()
    assert run.done


def test_lessons_say_whole_sentences_with_named_placeholders_only() -> None:
    for lesson in LESSONS.values():
        texts = [lesson.title, lesson.intro, lesson.done, *lesson.wrong.values()]
        for step in lesson.steps:
            texts += [step.say, step.title, *step.wrong.values()]
        for text in filter(None, texts):
            assert "{}" not in text and "%s" not in text, text
            assert text == " ".join(text.split()), text


def test_a_lessons_clock_is_its_own() -> None:
    run = LessonRun(LESSONS["classic"])
    mine = run.show_me().events
    assert [e.t for e in mine] == [GAP_MS]
    assert [e.t for e in run.events if e.seat == 1] == [2 * GAP_MS]


# --------------------------------------------------------------------------- bad lesson files

GOOD = """
title = "T"
intro = "I."
done = "D."
names = ["Ann", "Sam"]
hands = [["5S", "JH"], ["9D", "4C"]]
[wrong]
other = "Not now."
[[steps]]
say = "Flip."
do = "flip"
"""


def edited(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new)


@pytest.mark.parametrize(("text", "message"), [
    ("title = ", "not a lesson file"),
    (edited('names = ["Ann", "Sam"]', 'names = ["Ann", "Ann"]'), "each seat's name once"),
    (edited('names = ["Ann", "Sam"]', 'names = ["Ann"]'), "2 to 8 players, not 1"),
    (edited('[["5S", "JH"], ["9D", "4C"]]', '[["5S", "JH"]]'), "one hand a seat"),
    (edited('["9D", "4C"]', '["9D", "ZZ"]'), "hand 2"),
    (edited('["9D", "4C"]', '["9D", "5S"]'), "cannot be dealt"),
    (edited('other = "Not now."', 'flip = "No."'), "any other action"),
    (edited('say = "Flip."', 'say = ""'), "step 1: 'say' must be a sentence"),
    (edited('say = "Flip."', 'say = "' + "x" * 500 + '"'), "longer than 400"),
    (edited('do = "flip"', 'do = "flip"\nplay = ["Bob: flip"]'), "'Bob' is not one of"),
    (edited('do = "flip"', 'do = "flip"\nplay = ["flip"]'), "names no seat"),
    (edited('do = "flip"', 'do = "flip"\nrace = "Sam"'), "only a slap is raced"),
    (edited('do = "flip"', 'do = "flip"\nlight = ["QQ"]'), "step 1: light"),
    (edited('do = "flip"', 'do = "flip"\nbogus = 1'), "unknown key 'bogus'"),
    (edited('do = "flip"', 'do = "flip"\nnames = ["A", "B"]'), "come with a new deal"),
    (edited('[[steps]]', '[options]\npenalty = "nonsense"\n[[steps]]'), "cannot be dealt"),
    (GOOD.split("[[steps]]")[0], "1 to 60 steps"),
])
def test_a_lesson_file_that_cannot_be_taught_says_where(text: str, message: str) -> None:
    with pytest.raises(LessonError, match=message.replace("(", r"\(")):
        parse_lesson(text, find_variant("classic"))


def test_a_good_lesson_file_is_read() -> None:
    lesson = parse_lesson(GOOD, find_variant("classic"))
    assert isinstance(lesson, Lesson) and lesson.players == 2
    assert lesson_of("ers") == LESSONS["classic"]


# --------------------------------------------------------------------------- what each teaches


def lesson_events(name: str) -> list[Event]:
    """Every event of a lesson played by its scripted learner (each new deal's included)."""
    run = LessonRun(LESSONS[name])
    out = list(run.events)
    while not run.done:
        run.show_me()
        out.extend(run.events)
    return out


def kinds(events: list[Event]) -> set[str]:
    return {type(e).__name__ for e in events}


def test_the_classic_lesson_teaches_every_rule_of_a_default_game() -> None:
    events = lesson_events("classic")
    flips = [e for e in events if isinstance(e, Flipped) and e.target >= 0]
    assert {(RANK_NAMES[e.card.rank], e.chances) for e in flips} >= {
        ("Jack", 1), ("Queen", 2), ("King", 3), ("Ace", 4)}
    assert any(e.answers for e in flips)  # a challenge answered
    assert any(isinstance(e, ChallengeWon) and e.seat == 0 for e in events)  # and won
    taken = [(e.seat, e.how, e.rule) for e in events if isinstance(e, PileTaken)]
    assert (0, "slap", "Double") in taken and (0, "slap", "Sandwich") in taken
    assert any(isinstance(e, WrongSlap) and e.seat == 0 and e.burned for e in events)
    out = next(i for i, e in enumerate(events) if isinstance(e, OutOfCards) and e.seat == 0)
    assert any(isinstance(e, PileTaken) and e.seat == 0 and e.slapped_in
               for e in events[out:])
    assert isinstance(events[-1], GameOver) and events[-1].winner == 0


def test_the_beggar_my_neighbour_lesson_pays_debts_and_never_slaps() -> None:
    events = lesson_events("beggar-my-neighbour")
    turned = [e for e in events if isinstance(e, Flipped)]
    assert any(e.target >= 0 and not e.answers for e in turned)  # a pay card
    assert any(e.left >= 0 for e in turned)  # a card paid
    assert any(e.answers for e in turned)  # a pay card passing the debt on
    assert {"DebtSettled", "PileCollected", "OutOfCardsToPay", "GameOver"} <= kinds(events)
    run = LessonRun(LESSONS["beggar-my-neighbour"])
    assert run.learner_actions() == ["flip"]  # no slap to offer: pure chance


def test_the_boxed_game_lesson_teaches_its_dice_jokers_and_runs() -> None:
    events = lesson_events("slap-like-an-egyptian")
    taken = [(e.seat, e.rule) for e in events if isinstance(e, PileTaken) and e.how == "slap"]
    assert (0, "Run") in taken
    assert any(isinstance(e, DiceRolled) and e.red == "rat" and e.caller == 0 for e in events)
    assert any(isinstance(e, DiceCalled) and e.seat == 0 for e in events)
    assert any(isinstance(e, BlackDie) and e.seat == 0 for e in events)
    wrong = [e for e in events if isinstance(e, WrongSlap) and e.seat == 0]
    assert any(len(e.burned) == 3 for e in wrong) and any(e.penalty == "barred" for e in wrong)
    steps = LESSONS["slap-like-an-egyptian"].steps
    assert any(s.do is not None and s.do.name == "slap-right" and "slap-left" in s.wrong
               for s in steps)  # the red die's hand, and the wrong hand explained
    assert any("wood die" in s.say for s in steps)


def test_the_firefighters_lesson_burns_on_every_condition() -> None:
    events = lesson_events("firefighters")
    conditions = {e.condition for e in events if isinstance(e, BurnStarted)}
    assert conditions == {"Matchbox", "Unlucky 13", "Lucky 7", "Embers", "Overcooked",
                          "Chimney"}
    assert any(isinstance(e, Burned) and e.seat == 0 and e.first for e in events)
    won = [e for e in events if isinstance(e, BurnWon)]
    assert any(e.tie for e in won) and {e.seat for e in won} >= {0, 1, 2}
    flips = [e for e in events if isinstance(e, Flipped) and e.target >= 0]
    assert any(e.chances == 1 for e in flips)  # a firefighter's one chance
    assert any(isinstance(e, WrongSlap) and e.seat == 0 and len(e.burned) == 2
               for e in events)  # a misfire
    assert any(isinstance(e, FireOut) and e.seat == 0 for e in events)
    assert isinstance(events[-1], GameOver) and events[-1].winner == 0


def test_the_kurs_lesson_teaches_ranks_decrees_and_five_kinds_of_arcana() -> None:
    events = lesson_events("kurs")
    flips = [e for e in events if isinstance(e, Flipped) and e.target >= 0]
    assert {(RANK_NAMES[e.card.rank], e.chances) for e in flips} >= {("Page", 1), ("Knight", 2)}
    assert any(isinstance(e, Flipped) and RANK_NAMES[e.card.rank] == "Ace" and e.target < 0
               for e in events)  # an Ace is a number card
    arcana = {e.card.name for e in events if isinstance(e, ArcanaEffect)}
    assert {"The Empress", "The Emperor", "The Chariot", "The Hermit", "The Star",
            "Death"} <= arcana
    assert any(isinstance(e, ArcanaEffect) and "fines" in str(e.text) for e in events)
    assert LESSONS["kurs"].options.get("classroom", True) is not False


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_lead_in_to_a_step_plays_one_move_at_a_time_as_it_plays_at_once(name: str) -> None:
    """The page shows the others' moves one at a time (``settle=False`` and ``play_one``):
    the same game as the moves played at once, and the learner's action waits for them."""
    lesson = LESSONS[name]
    at_once, one_by_one = LessonRun(lesson), LessonRun(lesson)
    while not at_once.done:
        at_once.show_me()
        one_by_one.show_me(settle=False)
        moves = 0
        while not one_by_one.settled:
            assert one_by_one.play_one()
            moves += 1
        step = one_by_one.step
        assert moves == (len(step.play) if step is not None else 0)
        assert one_by_one.play_one() == []
        assert table_of(one_by_one) == table_of(at_once)
        assert [type(e) for e in one_by_one.events] == [type(e) for e in at_once.events]


def test_a_race_waits_for_the_step_to_be_read() -> None:
    step = next(s for s in LESSONS["classic"].steps if s.race >= 0)
    assert race_ms(step) == RACE_MS + READ_MS * len(step.say) > RACE_MS
