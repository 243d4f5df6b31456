"""The variants' own table in a real (headless) Chromium: the dice and the two hands of Slap Like
an Egyptian, its choice panel, and the burn contests of Firefighters & Burn.

As in test_game.py, the engine tells the tests what will happen: each test searches, in
CPython, for a seed where the situation it needs comes within a few flips, opens an all-human
two-player table with that seed (nothing acts but the keys the test presses), and plays the
same actions on a :class:`Mirror` game whose events say what the page must show.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from e2e_table import (
    KEYS,
    Mirror,
    choice_seen,
    expect_table,
    headline,
    history,
    note,
    open_patient_table,
    open_table,
    pile,
    press,
    rat_deal,
    seat,
    watch_choice,
)
from playwright.sync_api import Page, expect

from ratscrew.core.engine import Game
from ratscrew.core.events import TOUCH, Asked, Controls, PileTaken, WrongSlap
from ratscrew.variants.firefighters import BurnContest, BurnWon, burn_value
from ratscrew.variants.slae import BlackDie, dice_of
from web.model.settings import STORAGE_KEY

# Tables are dealt in one page (tests/e2e/shared_page.py), but where a test needs its own.
pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page"), pytest.mark.shared_page]

SLAE = "slap-like-an-egyptian"
FIREFIGHTERS = "firefighters"
NAMES = ("Ada", "Ben")
LONG_BURN_MS = 30_000
"""A burn contest long enough that pressing the keys never races its deadline."""


# --------------------------------------------------------------------------- finding deals


def dice_slap_deal() -> tuple[int, int]:
    """Slap Like an Egyptian: a seed whose first roll says "right hand" (no Rat to call) and
    whose pile can be slapped within a few flips, with no joker (black die) and no face card
    settling the pile first. Returns the seed and the number of flips."""
    for seed in range(1, 10_000):
        game = Game(SLAE, 2, seed=seed)
        dice = dice_of(game)
        if dice is None or dice.red != "right" or game.pending is not None:
            continue
        for flips in range(1, 9):
            events = game.flip(game.to_act(), 100 * flips)
            if any(isinstance(e, PileTaken | BlackDie | Asked) for e in events):
                break
            if game.slappable:
                if game.challenge.challenger < 0 and game.challenge.claimant < 0:
                    return seed, flips
                break
    raise AssertionError("no deal where the dice say right hand before a slappable pile")


def burn_deal() -> tuple[int, int, int]:
    """Firefighters: a seed where a burn contest starts within a few flips and the two top
    cards then differ by one, so that the lower card, burned first, wins by the +2. Returns
    the seed, the number of flips and the seat holding the lower card."""
    options = {"burn_ms": LONG_BURN_MS}
    for seed in range(1, 10_000):
        game = Game(FIREFIGHTERS, 2, seed=seed, options=options)
        for flips in range(1, 9):
            seat = game.to_act()
            if seat < 0:
                break
            events = game.flip(seat, 100 * flips)
            if any(isinstance(e, PileTaken) for e in events):
                break
            if isinstance(game.phase, BurnContest):
                values = [burn_value(game.hands[s][0], game) for s in range(2)]
                if abs(values[0] - values[1]) == 1:
                    return seed, flips, values.index(min(values))
                break
    raise AssertionError("no burn contest with cards one apart")


# --------------------------------------------------------------------------- the page


def table(variant: str, seed: int, **extra: str | int) -> dict[str, str | int]:
    return {"variant": variant, "players": 2, "bots": "none", "seed": seed,
            "names": ",".join(NAMES), "autostart": 1, **extra}


# --------------------------------------------------------------------------- Slap Like an Egyptian


def test_the_dice_decide_which_hand_may_slap(page: Page, open_site: Callable[..., str]) -> None:
    seed, flips = dice_slap_deal()
    mirror = Mirror(seed, names=NAMES, variant=SLAE)
    open_table(open_site, page, table(SLAE, seed))

    # Each seat has a left-hand and a right-hand slap, and no plain slap.
    expect(seat(page, 0).locator(".touch kbd")).to_have_text(["Q", "A", "S"])
    expect(seat(page, 1).locator(".touch kbd")).to_have_text(["O", "L", ";"])
    expect(seat(page, 0).locator(".touch-slap")).to_have_count(0)
    red = page.locator("#dice [data-die='red']")
    expect(red).to_be_visible()
    expect(red).to_have_attribute("data-face", "R")
    expect(page.locator("#dice")).to_contain_text("right hand")

    for _ in range(flips):
        press(page, mirror, mirror.game.to_act(), "flip")
    assert mirror.game.slappable
    pile_size = len(mirror.game.pile)

    # The plain slap key is not offered in this game: it does nothing at all.
    before = len(history(page))
    page.keyboard.press(KEYS[0]["slap"])
    assert len(history(page)) == before

    # Ada slaps with her left hand: a wrong slap, 3 cards under the pile, and the reason.
    ada = len(mirror.game.hands[0])
    events = press(page, mirror, 0, "slap-left")
    wrong = events[-1]
    assert isinstance(wrong, WrongSlap) and len(wrong.burned) == 3
    # (The seat's mark and note first: they stay only a moment.)
    expect(seat(page, 0)).to_have_class(re.compile(r"\bwrong\b"))
    expect(note(page, 0)).to_have_text(
        "Wrong slap (the red die says right hand, not left): \u22123 cards")
    expect(seat(page, 0)).to_have_attribute("data-cards", str(ada - 3))
    expect(pile(page)).to_have_attribute("data-cards", str(pile_size + 3))
    expect(headline(page)).to_contain_text("the red die says right hand, not left")
    expect(headline(page)).to_have_attribute("data-kind", "wrong-slap")
    expect(page.locator("#log")).to_contain_text("the red die says right hand, not left")

    # Ben slaps with his right hand: the pile is his.
    ben = len(mirror.game.hands[1])
    events = press(page, mirror, 1, "slap-right")
    assert any(isinstance(e, PileTaken) and e.seat == 1 for e in events)
    expect(seat(page, 1)).to_have_attribute("data-cards", str(ben + pile_size + 3))
    # The pile won outranks the dice rolled just after it: the headline keeps it for now.
    won = next(e for e in events if isinstance(e, PileTaken))
    expect(headline(page)).to_contain_text(f"Ben takes {won.count} cards")
    expect(pile(page)).to_have_attribute("data-cards", "0")
    assert [h[2:] for h in history(page)[-2:]] == [["slap", "left"], ["slap", "right"]]
    # The dice were rolled again for the next slap.
    expect(page.locator("#log")).to_contain_text("Slap-A-Roonie!")


def test_a_held_down_key_never_slaps(page: Page, open_site: Callable[..., str]) -> None:
    seed, flips = dice_slap_deal()
    mirror = Mirror(seed, names=NAMES, variant=SLAE)
    open_table(open_site, page, table(SLAE, seed))
    for _ in range(flips):
        press(page, mirror, mirror.game.to_act(), "flip")
    assert mirror.game.slappable
    before = len(history(page))
    # The key repeats of a key held down (the first press went elsewhere: to a dialog, say).
    page.evaluate(
        "key => { for (let i = 0; i < 5; i++) document.dispatchEvent(new KeyboardEvent("
        "'keydown', {key, repeat: true, bubbles: true})); }",
        KEYS[1]["slap-right"],
    )
    assert len(history(page)) == before
    expect(pile(page)).to_have_attribute("data-cards", str(len(mirror.game.pile)))
    # A fresh press of the same key slaps.
    press(page, mirror, 1, "slap-right")
    expect(pile(page)).to_have_attribute("data-cards", "0")


def test_a_rat_is_called_with_the_keys(page: Page, open_site: Callable[..., str]) -> None:
    seed = rat_deal()
    mirror = Mirror(seed, names=NAMES, variant=SLAE)
    open_patient_table(open_site, page, table(SLAE, seed))
    assert mirror.game.pending is not None and mirror.game.pending.seat == 1

    red = page.locator("#dice [data-die='red']")
    expect(red).to_have_attribute("data-face", "RAT")
    expect(page.locator("#dice")).to_contain_text("Ben is choosing the hand")
    # At the deal the headline shows what the deal asks: Ben calls the Rat.
    expect(headline(page)).to_have_text(mirror.headline)
    expect(headline(page)).to_have_attribute("data-kind", "asked")
    panel = page.locator("[data-choice='1']")
    expect(panel).to_be_visible()
    expect(panel.locator(".choice-option")).to_have_text(["right", "left", "either"])
    expect(panel).to_have_attribute("data-selected", "either")  # the default
    expect(panel.locator(".choice-default")).to_have_attribute("data-option", "either")
    expect(panel.locator(".choice-default")).to_have_attribute(
        "data-clock", re.compile(r"in \d+ s"))
    expect(page.locator("[data-choice='0']")).to_have_count(0)

    # Ben's right-hand key moves right (round to the first option), his flip key chooses.
    page.keyboard.press(KEYS[1]["slap-right"])
    expect(panel).to_have_attribute("data-selected", "right")
    page.keyboard.press(KEYS[1]["slap-left"])
    page.keyboard.press(KEYS[1]["slap-left"])
    expect(panel).to_have_attribute("data-selected", "left")
    mirror.act(1, "choose", "left")
    page.keyboard.press(KEYS[1]["flip"])
    expect(panel).to_have_count(0)
    expect(headline(page)).to_have_text(mirror.headline)
    expect(headline(page)).to_have_attribute("data-kind", "dice-called")
    expect(red).to_have_attribute("data-face", "L")
    expect(page.locator("#dice")).to_contain_text("Rat: Ben called left hand")
    assert history(page)[-1][1:] == [1, "choose", "left"]
    press(page, mirror, 0, "flip")  # play goes on


@pytest.mark.shared_page(False)
def test_an_unanswered_rat_takes_its_default(page: Page, open_site: Callable[..., str]) -> None:
    """Nobody answers: the default is taken 3 real seconds after the game's clock started, at
    game time 3 s (the page notes the panel itself: a slow machine could reach a check of its
    own after the default had been taken)."""
    settings = {"version": 1, "choice_seconds": 3}
    page.add_init_script(
        f"localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(json.dumps(settings))})"
    )
    watch_choice(page, 1)
    seed = rat_deal()
    open_table(open_site, page, table(SLAE, seed))
    seen = choice_seen(page)
    assert seen["visible"], seen
    assert any(re.fullmatch(r".*either in [123] s", text) for text in seen["clocks"]), seen
    assert seen["gone"] - seen["clockStarted"] >= 3_000 - 1, seen
    assert history(page)[-1] == [3_000, 1, "choose", "either"]
    expect(headline(page)).to_contain_text("Ben calls the Rat")


@pytest.mark.browser_context_args(has_touch=True)
def test_a_rat_is_called_by_touch(page: Page, open_site: Callable[..., str]) -> None:
    seed = rat_deal()
    open_patient_table(open_site, page, table(SLAE, seed))
    page.locator("[data-choice='1'] .choice-option[data-option='right']").tap()
    expect(page.locator("[data-choice='1']")).to_have_count(0)
    assert history(page)[-1][1:] == [1, "choose", "right"]
    expect(page.locator("#dice [data-die='red']")).to_have_attribute("data-face", "R")


# --------------------------------------------------------------------------- Firefighters & Burn


def test_the_first_to_burn_wins_by_the_bonus(page: Page, open_site: Callable[..., str]) -> None:
    seed, flips, low = burn_deal()
    high = 1 - low
    options = {"burn_ms": LONG_BURN_MS}
    mirror = Mirror(seed, names=NAMES, variant=FIREFIGHTERS, options=options)
    open_table(open_site, page, table(FIREFIGHTERS, seed, options=f"burn_ms:{LONG_BURN_MS}"))
    burn = page.locator("[data-burn]")
    expect(burn).to_be_visible()
    expect(burn).to_have_attribute("data-cards", "0")

    for _ in range(flips):
        press(page, mirror, mirror.game.to_act(), "flip")
    phase = mirror.game.phase
    assert isinstance(phase, BurnContest)
    contest = page.locator("#contest")
    expect(contest).to_be_visible()
    expect(contest).to_have_attribute("data-state", "burning")
    expect(contest).to_contain_text(phase.condition)
    expect(contest.locator("li.waiting")).to_have_count(2)
    expect(seat(page, low).locator("[data-mark='burn']")).to_be_visible()

    # The lower card burns first: it is worth 2 more.
    low_card = mirror.game.hands[low][0]
    high_card = mirror.game.hands[high][0]
    press(page, mirror, low, "slap")
    base = burn_value(low_card, mirror.game)
    expect(contest.locator("li.burned")).to_have_text(
        [re.compile(f"{NAMES[low]}.*{base} \\+ 2 = {base + 2}")])
    expect(contest.locator("li.waiting")).to_have_text([f"{NAMES[high]}: must burn…"])
    expect(seat(page, low).locator("[data-mark='burned']")).to_be_visible()
    expect(burn).to_have_attribute("data-cards", "1")
    expect(burn.locator(".card")).to_have_attribute("data-code", low_card.code)

    pile_size = len(mirror.game.pile)
    before = len(mirror.game.hands[low])
    events = press(page, mirror, high, "slap")
    won = next(e for e in events if isinstance(e, BurnWon))
    assert won.seat == low and burn_value(high_card, mirror.game) == base + 1
    expect(contest).to_have_attribute("data-state", "won")
    expect(contest).to_have_attribute("data-winner", str(low))
    expect(contest).to_have_attribute("data-bonus", "decided")
    expect(contest).to_contain_text(f"{NAMES[low]} wins the burn")
    expect(contest).to_contain_text("the +2 for burning first decided it")
    expect(page.locator("#log")).to_contain_text("the +2 for burning first decided it")
    expect(seat(page, low)).to_have_attribute("data-cards", str(before + pile_size))
    expect(burn).to_have_attribute("data-cards", "2")

    # The result stays on show until the next card is played.
    expect(contest).to_be_visible()
    press(page, mirror, mirror.game.to_act(), "flip")
    expect(contest).to_be_hidden()


@pytest.mark.browser_context_args(has_touch=True)
def test_a_touch_tables_headline_names_its_buttons(page: Page,
                                                   open_site: Callable[..., str]) -> None:
    """On a touch screen the burn contest's headline says the Slap button (not a key), and a
    seat that flips meanwhile is told which button burns."""
    seed, flips, _ = burn_deal()
    options = {"burn_ms": LONG_BURN_MS}
    mirror = Mirror(seed, names=NAMES, variant=FIREFIGHTERS, options=options,
                    controls=Controls((TOUCH, TOUCH)))
    open_table(open_site, page, table(FIREFIGHTERS, seed, options=f"burn_ms:{LONG_BURN_MS}"))
    assert page.evaluate("matchMedia('(pointer: coarse)').matches") is True
    for _ in range(flips):
        seat_ = mirror.game.to_act()
        events = mirror.act(seat_, "flip")
        seat(page, seat_).locator(".touch-flip").tap()
        expect_table(page, mirror, events)
    assert isinstance(mirror.game.phase, BurnContest)
    expect(headline(page)).to_contain_text(
        "Everyone with cards burns one with their Slap button;")
    expect(headline(page)).not_to_contain_text("key")
    events = mirror.act(0, "flip")
    seat(page, 0).locator(".touch-flip").tap()
    expect(note(page, 0)).to_have_text(
        "Flip ignored: a burn contest is on: burn a card with your Slap button")
    expect_table(page, mirror, events)


def test_a_table_of_people_ends_a_contest_at_its_deadline(
    page: Page, open_site: Callable[..., str]
) -> None:
    seed, flips, _ = burn_deal()
    mirror = Mirror(seed, names=NAMES, variant=FIREFIGHTERS, options={"burn_ms": 1500})
    open_table(open_site, page, table(FIREFIGHTERS, seed, options="burn_ms:1500"))
    for _ in range(flips - 1):
        press(page, mirror, mirror.game.to_act(), "flip")
    # The flip that starts the contest: the page may end it before a check of the table
    # could see it burning.
    page.keyboard.press(KEYS[mirror.game.to_act()]["flip"])
    mirror.act(mirror.game.to_act(), "flip")
    assert isinstance(mirror.game.phase, BurnContest)
    # Nobody burns. There is no bot at the table: the page itself ends the contest in time.
    contest = page.locator("#contest")
    expect(contest).to_have_attribute("data-state", "won", timeout=10_000)
    expect(contest).to_contain_text("Nobody burned in time")
    *_, last_flip, tick = history(page)
    assert tick[1:3] == [-1, "tick"]
    assert tick[0] == last_flip[0] + 1500  # the contest's deadline, to the millisecond


# --------------------------------------------------------------------------- Beggar-My-Neighbour


def test_beggar_my_neighbour_offers_no_slap(page: Page, open_site: Callable[..., str]) -> None:
    """004: "There is no skill in this game": each seat has a Flip button and no Slap button,
    and the slap keys do nothing (nothing is recorded)."""
    bmn = "beggar-my-neighbour"
    mirror = Mirror(5, names=NAMES, variant=bmn)
    open_table(open_site, page, table(bmn, 5))
    for n in range(2):
        expect(seat(page, n).locator("button.touch-flip")).to_have_count(1)
        expect(seat(page, n).locator("button.touch-slap")).to_have_count(0)
    press(page, mirror, mirror.game.to_act(), "flip")
    before = history(page)
    page.keyboard.press(KEYS[0]["slap"])
    page.keyboard.press(KEYS[1]["slap"])
    assert history(page) == before
    expect(pile(page)).to_have_attribute("data-cards", str(len(mirror.game.pile)))
