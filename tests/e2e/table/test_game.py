"""Playing the game in a real (headless) Chromium: links, keys, slaps, bots, settings, touch.

The engine tells the tests what will happen. The test process imports the same ``ratscrew``
that the page runs, so it knows every card of a deal: it looks for seeds where a slap (or a
wrong slap) comes within the first few flips, opens a link with no bots (nothing acts but the
keys the test presses), and plays the same actions on a :class:`Mirror` game in CPython, whose
events say what the page must show (counts, pile, explanation).

Every test ends with the same checks (the `clean_page` fixture): no console error, no uncaught
error, no request that left the test server.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from e2e_table import (
    Mirror,
    expect_table,
    headline,
    link,
    note,
    open_table,
    pile,
    press,
    seat,
    with_symbols,
)
from playwright.sync_api import Dialog, Locator, Page, expect

from ratscrew.core.engine import Game
from ratscrew.core.events import Flipped, Ignored, PileTaken
from ratscrew.core.rng import seed_from_text
from ratscrew.play.match import play
from web.model.headline import NOTE_MS
from web.model.keymap import KeyClashError, default_keymap
from web.model.links import parse_query
from web.model.settings import RESET_NOTICE, STORAGE_KEY

if TYPE_CHECKING:
    from conftest import PageLog

pytestmark = [pytest.mark.e2e, pytest.mark.usefixtures("clean_page")]


TWO_HUMANS = {"players": "2", "bots": "none", "autostart": "1"}

HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_SHORT = "<svg onload=alert(1)>"  # short enough to be kept whole (24 characters at most)

INSTANT_GAME = {"variant": "classic", "players": 4, "seed": "e2e-2", "difficulty": "hard"}
"""An all-bot game that ends with a winner in about 250 cards."""


# --------------------------------------------------------------------------- the engine's view


def opening(seed: int, flips: int) -> tuple[Game, bool]:
    """Seats 1 and 2 flip in turn ``flips`` times; the game, and whether no face card came
    up and nothing was slappable before the last flip."""
    game = Game("classic", 2, seed=seed)
    for i in range(flips):
        if i and game.slappable:
            return game, False
        events = game.flip(game.turn, 100 * (i + 1))
        flipped = [e for e in events if isinstance(e, Flipped)]
        if not flipped or flipped[0].card.is_face:
            return game, False
    return game, True


def slap_deal(rule: str, most_flips: int = 6) -> tuple[int, int]:
    """The first seed (and number of flips) where, after a few face-free flips, the pile can
    be slapped by ``rule``."""
    for seed in range(1, 10_000):
        for flips in range(2, most_flips + 1):
            game, plain = opening(seed, flips)
            if not plain:
                break
            if game.pile.match is not None:
                if game.pile.match[0].title == rule:
                    return seed, flips
                break
    raise AssertionError(f"no deal with a {rule} in the first {most_flips} flips")


def plain_deal(flips: int) -> int:
    """The first seed whose first ``flips`` cards are number cards with nothing to slap."""
    for seed in range(1, 10_000):
        game, plain = opening(seed, flips)
        if plain and game.pile.match is None:
            return seed
    raise AssertionError(f"no deal whose first {flips} cards are plain")


# --------------------------------------------------------------------------- the page's view


def count(locator: Locator) -> int:
    return int(locator.get_attribute("data-cards") or "-1")


def history_length(page: Page) -> int:
    return int(page.evaluate("window.ratscrewApp.session.game.history.length"))


def saved_settings(page: Page) -> dict[str, object]:
    text = page.evaluate(f"localStorage.getItem({json.dumps(STORAGE_KEY)})")
    assert isinstance(text, str), "nothing saved"
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


def remap(page: Page, seat_: int, action: str, key: str) -> None:
    """In the open settings dialog: choose a seat's key button and press ``key``."""
    button = page.locator(f"#settings .key-button[data-seat='{seat_}'][data-action='{action}']")
    button.click()
    expect(button).to_have_text("press a key…")
    page.keyboard.press(key)


# --------------------------------------------------------------------------- the tests


@pytest.mark.shared_page
def test_human_against_a_bot_from_a_link(page: Page, open_site: Callable[..., str]) -> None:
    seed = plain_deal(1)
    open_table(open_site, page, {"players": 2, "bots": 2, "seed": seed, "autostart": 1})

    expect(page.locator("#seats [data-seat]")).to_have_count(2)
    for n in range(2):
        expect(seat(page, n)).to_be_visible()
        expect(seat(page, n)).to_have_attribute("data-cards", "26")
        expect(seat(page, n)).to_contain_text(f"Player {n + 1}")
    expect(pile(page)).to_have_attribute("data-cards", "0")
    expect(page.locator("#bar-seed")).to_have_text(str(seed))
    # The human's keys are on their seat; the bot's seat has neither keys nor touch buttons.
    expect(seat(page, 0).locator("kbd")).to_have_text(["Q", "W"])
    expect(seat(page, 0).locator(".touch-flip")).to_have_count(1)
    expect(seat(page, 1).locator("kbd")).to_have_count(0)
    expect(seat(page, 1).locator(".touch-flip, .touch-slap")).to_have_count(0)

    page.keyboard.press("q")
    expect(seat(page, 0)).to_have_attribute("data-cards", "25")
    # The bot answers on its own timer.
    expect(page.locator("#log")).to_contain_text("Player 2 flips", timeout=15_000)


@pytest.mark.shared_page
def test_flipping_with_the_keys(page: Page, open_site: Callable[..., str]) -> None:
    seed = plain_deal(3)
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    expect_table(page, mirror)

    dealt = mirror.headline
    assert dealt.startswith("Dealt")
    expect(headline(page)).to_have_text(dealt)
    expect(headline(page)).to_have_attribute("data-kind", "dealt")

    # Player 2 may not flip first: refused, and nothing moves. Why is said in Player 2's seat
    # (the person who pressed must learn why); an ignored action never takes the headline.
    events = press(page, mirror, 1, "flip")
    assert isinstance(events[-1], Ignored)
    expect(note(page, 1)).to_have_text("Flip ignored: it is Player 1's turn")
    expect(note(page, 1)).to_have_attribute("data-kind", "ignored")
    expect(headline(page)).to_have_text(dealt)

    for seat_ in (0, 1, 0):
        before = count(seat(page, seat_)), count(pile(page))
        events = press(page, mirror, seat_, "flip")
        card = events[-1].card  # type: ignore[attr-defined]
        assert (count(seat(page, seat_)), count(pile(page))) == (before[0] - 1, before[1] + 1)
        # A flip is shown by the cards and the log, not the headline.
        expect(pile(page).locator(f".card[data-code='{card.code}']")).to_have_count(1)
        expect(page.locator("#log li").first).to_contain_text(with_symbols(f"flips {card.code}"))
        expect(headline(page)).to_have_text(dealt)

    # Player 1 again, out of turn.
    press(page, mirror, 0, "flip")
    expect(note(page, 0)).to_have_text("Flip ignored: it is Player 2's turn")
    expect(headline(page)).to_have_text(dealt)
    assert history_length(page) == len(mirror.game.history)
    # The note goes after a while.
    expect(note(page, 0)).to_have_count(0, timeout=NOTE_MS + 3000)


@pytest.mark.shared_page
def test_a_valid_slap_takes_the_pile(page: Page, open_site: Callable[..., str]) -> None:
    seed, flips = slap_deal("Double")
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    for i in range(flips):
        press(page, mirror, i % 2, "flip")
    assert mirror.game.slappable

    slapper = 1  # either player may slap: Player 2 does
    before, pile_size = count(seat(page, slapper)), count(pile(page))
    assert pile_size == flips
    press(page, mirror, slapper, "slap")
    # The winner's seat says what the pile brought (for a moment: first).
    expect(note(page, slapper)).to_have_text(f"+{pile_size} cards")
    expect(seat(page, slapper)).to_have_class(re.compile(r"\bgained\b"))
    expect(seat(page, slapper)).to_have_attribute("data-cards", str(before + pile_size))
    expect(pile(page)).to_have_attribute("data-cards", "0")
    expect(headline(page)).to_contain_text("Double")
    expect(headline(page)).to_contain_text(f"Player 2 takes {pile_size} cards")
    expect(headline(page)).to_have_attribute("data-kind", "pile-taken")


@pytest.mark.shared_page
def test_a_won_slap_shows_its_pattern(page: Page, open_site: Callable[..., str]) -> None:
    """The cards that made the slap are highlighted on the pile (``data-pattern``, the rule's
    name) while the headline says why, before the pile flies to the winner."""
    for rule, size in (("Double", 2), ("Sandwich", 3)):
        seed, flips = slap_deal(rule)
        mirror = Mirror(seed)
        open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
        for i in range(flips):
            press(page, mirror, i % 2, "flip")
        match = mirror.game.pile.match
        assert match is not None and match[0].title == rule
        page.evaluate(WATCH_PATTERN)
        events = press(page, mirror, 0, "slap")
        won = next(e for e in events if isinstance(e, PileTaken))
        assert won.how == "slap" and won.rule == rule and len(won.cards) == size
        expect(headline(page)).to_contain_text(rule)
        marked = pile(page).locator(f".card[data-pattern='{rule}']")
        # Highlighted for a moment (about 0.65 s before the sweep), then gone with the pile.
        expect(marked).to_have_count(0, timeout=5000)
        seen = page.evaluate("window.patternSeen")
        assert sorted(seen) == sorted(c.code for c in won.cards), seen
        assert page.evaluate("window.patternRules") == [rule] * size
        # While highlighted, the whole pile waited (no card flew before the others).
        assert page.evaluate("window.patternLeftEarly") == 0


WATCH_PATTERN = """() => {
  window.patternSeen = []; window.patternRules = []; window.patternLeftEarly = 0;
  const pile = document.getElementById('pile');
  if (window.patternWatch) window.patternWatch.disconnect();  // (one watch at a time)
  window.patternWatch = new MutationObserver((records) => {
    for (const r of records) {
      if (r.attributeName === 'data-pattern' && r.target.dataset.pattern) {
        window.patternSeen.push(r.target.dataset.code);
        window.patternRules.push(r.target.dataset.pattern);
      }
    }
    for (const card of pile.querySelectorAll('.card.leaving')) {
      if (getComputedStyle(card).transitionDelay.split(',')[0].trim() === '0s'
          && window.patternSeen.length) window.patternLeftEarly += 1;
    }
  });
  window.patternWatch.observe(pile, {attributes: true, subtree: true,
                                     attributeFilter: ['data-pattern', 'class']});
}"""


@pytest.mark.shared_page
def test_a_wrong_slap_costs_a_card(page: Page, open_site: Callable[..., str]) -> None:
    seed = plain_deal(2)
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    press(page, mirror, 0, "flip")
    press(page, mirror, 1, "flip")

    before, pile_before = count(seat(page, 0)), count(pile(page))
    events = press(page, mirror, 0, "slap")
    burned = events[-1].burned[0]  # type: ignore[attr-defined]
    # The slapper's seat is marked, with what it cost, for a moment (checked first).
    expect(seat(page, 0)).to_have_class(re.compile(r"\bwrong\b"))
    expect(note(page, 0)).to_have_text("Wrong slap: \u22121 card")
    expect(note(page, 0)).to_have_attribute("data-kind", "wrong-slap")
    expect(seat(page, 1)).not_to_have_class(re.compile(r"\bwrong\b"))
    assert count(seat(page, 0)) == before - 1
    assert count(pile(page)) == pile_before + 1
    expect(headline(page)).to_have_text(
        f"Wrong slap: Player 1 burns 1 card ({with_symbols(burned.code)}) under the pile."
    )
    expect(headline(page)).to_have_attribute("data-kind", "wrong-slap")
    expect(seat(page, 0)).not_to_have_class(re.compile(r"\bwrong\b"), timeout=NOTE_MS + 3000)
    expect(note(page, 0)).to_have_count(0)
    expect(page.locator("#pile-note")).to_contain_text("1 burned underneath")
    # The burned card lies face down under the pile: it is not among the cards shown.
    expect(pile(page).locator(f".card[data-code='{burned.code}']")).to_have_count(0)


@pytest.mark.shared_page
def test_an_instant_all_bot_game_ends_as_it_does_in_cpython(
    page: Page, open_site: Callable[..., str]
) -> None:
    spec = INSTANT_GAME
    params = {**spec, "bots": "all", "speed": "instant", "autostart": 1}
    open_table(open_site, page, params)
    expect(page.locator("body")).to_have_attribute("data-winner", re.compile(r"."),
                                                   timeout=60_000)

    game = play(str(spec["variant"]), int(spec["players"]), seed_from_text(str(spec["seed"])),
                str(spec["difficulty"]))
    outcome = game.outcome
    assert outcome is not None and outcome.winner is not None
    app_game = "window.ratscrewApp.session.game"
    # Pyodide's Python 3.14 in the page, this process's CPython: the very same game.
    assert page.evaluate(f"String({app_game}.outcome)") == repr(outcome)
    assert page.evaluate(f"{app_game}.cards_played") == game.cards_played
    assert page.evaluate(f"{app_game}.tricks") == game.tricks
    assert page.evaluate(f"String({app_game}.history)") == str(game.history)
    expect(page.locator("body")).to_have_attribute("data-winner", str(outcome.winner))

    dialog = page.locator("#gameover")
    expect(dialog).to_be_visible()
    expect(page.locator("#gameover-title")).to_have_text(f"Player {outcome.winner + 1} wins!")
    expect(page.locator("#gameover-summary")).to_contain_text(
        f"{game.cards_played} cards played, {game.tricks} piles taken"
    )
    rows = page.locator("#stats-body tr")
    expect(rows).to_have_count(game.n)
    for n in range(game.n):
        stats = game.stats[n]
        cells = [len(game.hands[n]), stats.piles_won, stats.slaps_right, stats.slaps_wrong]
        expect(rows.nth(n).locator("th")).to_have_text(f"Player {n + 1} (bot, hard)")
        expect(rows.nth(n).locator("td")).to_have_text([str(c) for c in cells])
    expect(rows.nth(outcome.winner).locator("td").first).to_have_text(str(game.total))


@pytest.mark.shared_page
def test_a_remapped_key_plays_and_the_old_one_does_not(
    page: Page, open_site: Callable[..., str]
) -> None:
    seed = plain_deal(2)
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})

    page.click("#settings-open")
    expect(page.locator("#settings")).to_be_visible()
    remap(page, 0, "flip", "e")
    expect(page.locator("#keys-message")).to_have_text("Seat 1 now flips with E.")
    expect(page.locator("#settings .key-button[data-seat='0'][data-action='flip']")).to_have_text(
        "E"
    )
    page.click("#settings-close")
    expect(page.locator("#settings")).to_be_hidden()
    expect(seat(page, 0).locator("kbd")).to_have_text(["E", "W"])
    assert saved_settings(page)["keys"]["1"] == {  # type: ignore[index]
        "flip": "e", "slap": "w", "slap-left": "a", "slap-right": "s"
    }

    # Q does nothing any more; E flips. (Pressed in this order: had Q flipped, E would be
    # out of turn.)
    handled = int(page.evaluate("window.ratscrewLatency.length"))
    page.keyboard.press("q")
    press(page, mirror, 0, "flip", key="e")
    assert history_length(page) == 1
    assert page.evaluate("window.ratscrewLatency.length") == handled + 1
    press(page, mirror, 1, "flip")


@pytest.mark.shared_page
def test_a_key_clash_is_refused(page: Page, open_site: Callable[..., str]) -> None:
    seed = plain_deal(2)
    mirror = Mirror(seed, names=("Ann", "Bob"))
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed, "names": "Ann,Bob"})
    saved = saved_settings(page)

    page.click("#settings-open")
    remap(page, 0, "flip", "o")  # Bob's flip key
    with pytest.raises(KeyClashError) as clash:
        default_keymap().assign(0, "flip", "o", ("Ann", "Bob"))
    assert "Bob" in str(clash.value)
    expect(page.locator("#keys-message")).to_have_text(str(clash.value))
    buttons = page.locator("#settings .key-button")
    expect(buttons).to_have_text(["Q", "W", "O", "P"])
    page.click("#settings-close")

    assert saved_settings(page) == saved
    expect(seat(page, 0).locator("kbd")).to_have_text(["Q", "W"])
    expect(seat(page, 1).locator("kbd")).to_have_text(["O", "P"])
    press(page, mirror, 0, "flip")
    press(page, mirror, 1, "flip")


@pytest.mark.shared_page
def test_a_hostile_name_is_only_text(
    page: Page, page_log: PageLog, open_site: Callable[..., str]
) -> None:
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    names = f"{HOSTILE},{HOSTILE_SHORT}"
    config, notices = parse_query(link({**TWO_HUMANS, "names": names}))
    expected = [s.name for s in config.seats]
    assert expected[1] == HOSTILE_SHORT and expected[0] == HOSTILE[:24]
    seed = plain_deal(2)
    mirror = Mirror(seed, names=expected)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed, "names": names})

    for n, name in enumerate(expected):
        expect(seat(page, n).locator(".seat-name")).to_have_text(name)
    for notice in notices:  # the long name was cut, and the page says so
        expect(page.locator("#notices")).to_contain_text(notice)
    press(page, mirror, 0, "flip")
    expect(page.locator("#log")).to_contain_text(f"{expected[0]} flips")
    press(page, mirror, 1, "flip")
    expect(page.locator("#log")).to_contain_text(f"{expected[1]} flips")
    press(page, mirror, 1, "flip")  # out of turn: the note at the seat names the other
    expect(note(page, 1)).to_contain_text(f"it is {expected[0]}'s turn")
    page.click("#settings-open")
    expect(page.locator("#keys-body")).to_contain_text(HOSTILE_SHORT)
    page.click("#settings-close")

    assert page.locator("#seats img, #seats svg").count() == 0
    # No image and no drawing but the page's own (the bar's sound icon).
    assert page.evaluate(
        "document.querySelectorAll('#app img, #app svg:not(.sound-icon)').length") == 0
    assert not [url for url in page_log.requests if url.rstrip("/").endswith("/x")]
    assert dialogs == []


@pytest.mark.shared_page
def test_a_name_written_right_to_left_keeps_its_place_in_a_sentence(
    page: Page, open_site: Callable[..., str]
) -> None:
    hebrew = "\u05d3\u05e0\u05d4 2"  # a name, then a number: it would jump to the sentence's left
    seed = plain_deal(2)
    mirror = Mirror(seed, names=["Ann", hebrew])
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed, "names": f"Ann,{hebrew}"})
    press(page, mirror, 0, "flip")
    press(page, mirror, 1, "flip")
    lines = page.locator("#log li").evaluate_all(
        "items => items.map(li => li.textContent.slice("
        "li.querySelector('.log-time').textContent.length))")
    # The name is isolated (U+2068 ... U+2069, as <bdi>), and a name written left to right
    # gets nothing it does not need.
    assert any(line.startswith(f"\u2068{hebrew}\u2069 flips ") for line in lines), lines
    assert any(line.startswith("Ann flips ") for line in lines), lines
    expect(seat(page, 1).locator(".seat-name")).to_have_attribute("dir", "auto")


def test_settings_survive_a_reload(page: Page, open_site: Callable[..., str]) -> None:
    seed = plain_deal(2)
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    page.click("#settings-open")
    remap(page, 0, "flip", "e")
    page.check("#four-colour")
    page.click("#settings-close")
    expect(page.locator("body")).to_have_class(re.compile(r"\bfour-colour\b"))

    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("body")).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(page.locator("#notices li")).to_have_count(0)
    # The address now names the table without autostart: the page offers it on the setup screen.
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#setup-seed")).to_have_value(str(seed))
    page.click("#setup-start")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect(seat(page, 0).locator("kbd")).to_have_text(["E", "W"])
    page.keyboard.press("q")
    press(page, mirror, 0, "flip", key="e")
    page.click("#settings-open")
    expect(page.locator("#four-colour")).to_be_checked()


def test_corrupt_saved_settings_fall_back_to_defaults(
    page: Page, open_site: Callable[..., str]
) -> None:
    page.add_init_script(
        f"localStorage.setItem({json.dumps(STORAGE_KEY)}, '{{\"version\": 1, \"keys\": [')"
    )
    seed = plain_deal(2)
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    notice = page.locator("#notices li", has_text=RESET_NOTICE)
    expect(notice).to_be_visible()
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bfour-colour\b"))
    expect(seat(page, 0).locator("kbd")).to_have_text(["Q", "W"])
    press(page, mirror, 0, "flip")
    press(page, mirror, 1, "flip")
    # The notice can be dismissed.
    notice.locator("button").click()
    expect(notice).to_have_count(0)


def test_invalid_link_parameters_fall_back_with_notices(
    page: Page, open_site: Callable[..., str]
) -> None:
    query = "?players=99&variant=nope&speed=fast"
    config, notices = parse_query(query)
    assert len(notices) == 3
    assert open_site(query) == "true"
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    items = page.locator("#notices li")
    expect(items).to_have_count(3)
    for item, notice in zip(items.all(), notices, strict=True):
        expect(item).to_be_visible()
        expect(item).to_contain_text(notice)
    expect(page.locator("#notices")).to_contain_text("'nope'")
    expect(page.locator("#notices")).to_contain_text("'99'")
    expect(page.locator("#notices")).to_contain_text("'fast'")
    expect(page.locator("#setup-variant")).to_have_value(config.variant)
    expect(page.locator("#setup-players")).to_have_value(str(config.players))
    expect(page.locator("#setup-speed")).to_have_value(config.speed)
    expect(page.locator("#setup-seat-list li")).to_have_count(config.players)


@pytest.mark.browser_context_args(has_touch=True)
def test_touch_zones_of_two_seats(page: Page, open_site: Callable[..., str]) -> None:
    seed, flips = slap_deal("Sandwich")
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    assert page.evaluate("matchMedia('(pointer: coarse)').matches") is True

    def tap(seat_: int, action: str) -> None:
        events = mirror.act(seat_, action)
        seat(page, seat_).locator(f".touch-{action}").tap()
        expect_table(page, mirror, events)

    for i in range(flips):
        tap(i % 2, "flip")
    before, pile_size = count(seat(page, 0)), count(pile(page))
    tap(0, "slap")
    expect(seat(page, 0)).to_have_attribute("data-cards", str(before + pile_size))
    expect(headline(page)).to_contain_text("Sandwich")
    # Player 1 leads after taking the pile; then Player 2 slaps at nothing, by touch too (once
    # the grace time after a pile is taken is over: a slap then is a wrong slap).
    tap(0, "flip")
    page.wait_for_function(
        "() => { const s = window.ratscrewApp.session;"
        " return s.game_time(performance.now()) - s.game.last_take_t > s.game.rules.grace_ms; }"
    )
    tap(1, "slap")
    expect(seat(page, 1)).to_have_class(re.compile(r"\bwrong\b"))  # (for a moment: first)
    expect(headline(page)).to_contain_text("Wrong slap: Player 2 burns 1 card")


def reduced_motion_table(page: Page, open_site: Callable[..., str]) -> Mirror:
    page.emulate_media(reduced_motion="reduce")
    seed = plain_deal(3)
    mirror = Mirror(seed)
    open_table(open_site, page, {**TWO_HUMANS, "seed": seed})
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") is True
    for i in range(3):
        press(page, mirror, i % 2, "flip")
    return mirror


def test_reduced_motion_still_plays(page: Page, open_site: Callable[..., str]) -> None:
    mirror = reduced_motion_table(page, open_site)
    cards = pile(page).locator(".card")
    expect(cards).to_have_count(3)
    top = mirror.game.pile[-1].code
    expect(cards.last).to_have_attribute("data-code", top)
    # The newest card appears in place at once: no arrival animation.
    assert cards.last.evaluate("c => getComputedStyle(c).animationName") == "none"
    assert cards.last.evaluate("c => c.getAnimations().length") == 0
    expect(cards.last).to_be_visible()


def test_reduced_motion_has_no_transitions(page: Page, open_site: Callable[..., str]) -> None:
    reduced_motion_table(page, open_site)
    body_anim = page.evaluate("getComputedStyle(document.body).getPropertyValue('--anim')")
    card_transition = pile(page).locator(".card").first.evaluate(
        "c => getComputedStyle(c).transitionDuration"
    )
    seat_transition = seat(page, 0).evaluate("s => getComputedStyle(s).transitionDuration")
    assert body_anim.strip() == "0"
    for durations in (card_transition, seat_transition):
        assert {d.strip() for d in durations.split(",")} == {"0s"}, durations

