"""The end of a game in a real (headless) Chromium: the winner's moment, then the end screen.

- The end screen fits every screen people play on (:data:`SIZES`), with 2, 4 and 8 players
  named with 24 letters: the dialog within the screen, its title and every one of its buttons
  in sight without scrolling (on screen, and the element the screen shows at the button's
  middle), and nothing cut sideways (no box of the dialog, its table or a cell of it wider
  than its room, the table no wider than the dialog's body).
- The game behind it is over: Pause cannot be used (nor Esc, nor the settings' closing, bring
  a Resume or the pause banner), and "Review the game" leaves the table open to step back
  (Resume there plays on) and forward to the end again (Pause out of use again).
- The winner's moment comes before the end screen: the winner's seat (``data-winner`` on
  ``<body>``) glows (``crowned``) and covered cards gather to it: they travel at 2x, only fade
  at instant speed and with the system's reduced motion (no animation that moves, nothing
  longer than a fade). A touch of the table during the moment brings the end screen at once,
  and "Play again" from it deals again.

The games end fast: all-bot tables at instant speed whose deals end within 150 cards
(:data:`SEEDS`). The moment at 2x is reached by stepping such a game back from its end and
resuming it at 2x: the bots play the last actions again, and the game ends live.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from e2e_table import link, open_table
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

pytestmark = pytest.mark.e2e

SEEDS = {2: "end174", 4: "end122", 8: "end108"}
"""All-bot classic deals (normal bots) that end with a winner within 150 cards."""
NAMES = (
    "Alexandra Konstantinopou",
    "Bartholomew Featherstone",
    "Konstantinopoulouandreas",
    "Evangeline Worthingtonne",
    "Guinevere Hollingsworthy",
    "Wilhelmina Featherstones",
    "Christabel Montgomeryson",
    "Demetrius Wolfensteiners",
)
assert all(len(name) == 24 for name in NAMES)
BOOT_TIMEOUT_MS = 60_000
FADE_MS = 200
"""The longest a fade may take with reduced motion (as in test_motion.py)."""
MOVING = frozenset({"transform", "translate", "rotate", "scale", "left", "top", "right",
                    "bottom", "width", "height", "marginLeft", "marginTop"})
"""The properties whose animation moves something (colours and opacity fade)."""


@dataclass(frozen=True)
class Size:
    width: int
    height: int
    touch: bool

    def __str__(self) -> str:
        return f"{self.width}x{self.height}{' touch' if self.touch else ''}"


SIZES = (Size(1920, 1080, False), Size(1366, 768, False), Size(1280, 720, False),
         Size(1024, 768, True), Size(390, 844, True), Size(844, 390, True),
         Size(360, 640, True), Size(640, 360, True))


def end_link(players: int, speed: str = "instant") -> str:
    return link({"variant": "classic", "players": players, "bots": "all",
                 "seed": SEEDS[players], "speed": speed, "names": ",".join(NAMES[:players]),
                 "autostart": 1})


# --------------------------------------------------------------------------- the end screen fits

MEASURE = """
() => {
  const problems = [];
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  const dialog = document.getElementById('gameover');
  const name = (el) => el.id ? '#' + el.id : el.tagName.toLowerCase()
    + (el.className ? '.' + String(el.className).split(' ').join('.') : '')
    + (el.textContent ? ` "${el.textContent.trim().slice(0, 30)}"` : '');
  const inside = (r, box, slack = 1) => r.left >= box.left - slack && r.top >= box.top - slack
    && r.right <= box.right + slack && r.bottom <= box.bottom + slack;
  const screen = {left: 0, top: 0, right: vw, bottom: vh};
  if (!dialog.open) return ['the end screen is not open'];
  const box = dialog.getBoundingClientRect();
  if (!inside(box, screen)) problems.push(`the dialog leaves the screen: ${JSON.stringify(box)}`);
  const title = document.getElementById('gameover-title').getBoundingClientRect();
  if (!inside(title, box) || title.height < 1) problems.push('the title is not in sight');
  for (const button of dialog.querySelectorAll('button')) {
    const r = button.getBoundingClientRect();
    const seen = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.width < 1 || !inside(r, screen) || !inside(r, box) || !button.contains(seen)) {
      problems.push(`${name(button)} is not in sight without scrolling (${Math.round(r.left)},`
        + ` ${Math.round(r.top)}, ${Math.round(r.width)}x${Math.round(r.height)}; at its`
        + ` middle: ${seen ? name(seen) : 'nothing'})`);
    }
    if (button.scrollWidth > button.clientWidth + 1) problems.push(`${name(button)} is cut`);
  }
  const body = document.getElementById('gameover-body');
  const table = dialog.querySelector('.stats-table');
  const room = body.getBoundingClientRect();
  const sideways = [dialog, dialog.querySelector('form'), body, table,
                    ...table.querySelectorAll('th, td')];
  for (const el of sideways) {
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)} is cut sideways: ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  if (table.getBoundingClientRect().width > body.clientWidth + 1) {
    problems.push(`the table (${table.getBoundingClientRect().width}) is wider than its room`
      + ` (${body.clientWidth})`);
  }
  for (const cell of table.querySelectorAll('tbody th, tbody td')) {
    const r = cell.getBoundingClientRect();
    if (r.left < room.left - 1 || r.right > room.right + 1) {
      problems.push(`${name(cell)} leaves the dialog sideways`);
    }
  }
  const rows = table.querySelectorAll('tbody tr').length;
  return problems.concat(rows ? [] : ['no row in the table']);
}
"""


@pytest.fixture
def screens(browser: Browser, site_url: str) -> Iterator[Callable[[bool], Page]]:
    """A page per kind of screen (touch or not), its console errors collected (none may
    come)."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_(touch: bool) -> Page:
        options: dict[str, Any] = {"has_touch": True, "is_mobile": True} if touch else {}
        context = browser.new_context(service_workers="block", **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                errors.append(message.text)

        page.on("console", on_console)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_
    for context in contexts:
        context.close()
    assert errors == []


@pytest.mark.parametrize("touch", [False, True], ids=["desktop", "touch"])
def test_the_end_screen_fits_every_screen(screens: Callable[[bool], Page], site_url: str,
                                          touch: bool) -> None:
    page = screens(touch)
    sizes = [size for size in SIZES if size.touch == touch]
    problems: list[str] = []
    for n, players in enumerate(SEEDS):
        first = sizes[0]
        page.set_viewport_size({"width": first.width, "height": first.height})
        if n == 0:
            page.goto(site_url + end_link(players))
            page.wait_for_selector("body[data-ready='true']", state="attached")
        else:  # the next table in the same page, as opening its link would deal it
            page.evaluate("q => window.ratscrewApp.open_link(q)", end_link(players)[1:])
        page.wait_for_selector("#gameover[open]")
        expect(page.locator("#stats-body tr")).to_have_count(players)
        for size in sizes:
            page.set_viewport_size({"width": size.width, "height": size.height})
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                          "requestAnimationFrame(done)))")
            problems += [f"{size}, {players} players: {problem}"
                         for problem in page.evaluate(MEASURE)]
    assert problems == []


def test_a_phone_shows_each_player_as_a_name_and_labelled_figures(
        screens: Callable[[bool], Page], site_url: str) -> None:
    """On a phone the figures are labelled one by one (the table's headings are not in
    sight); on a desktop they stand under their headings."""
    page = screens(True)
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site_url + end_link(4))
    page.wait_for_selector("#gameover[open]")
    label = "el => getComputedStyle(el, '::before').content"
    cell = page.locator("#stats-body tr").first.locator("td").first
    assert cell.evaluate(label) == '"Cards "'
    assert page.locator("#gameover thead").evaluate("el => el.getBoundingClientRect().height") <= 1
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function("() => getComputedStyle(document.querySelector('#stats-body td'),"
                           " '::before').content === 'none'")
    expect(page.locator("#gameover thead th")).to_have_text(
        ["Player", "Cards", "Piles won", "Right slaps", "Wrong slaps"])


# --------------------------------------------------------------------------- the game is over


def expect_over(page: Page) -> None:
    """The ended game's bar and table: Pause out of use, no pause banner."""
    pause = page.locator("#pause")
    expect(pause).to_be_disabled()
    expect(pause).to_have_text("Pause")
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#paused-banner")).to_be_hidden()


def ended(page: Page) -> dict[str, Any]:
    """What the game on the table is: its outcome, length, position, whether paused."""
    return dict(page.evaluate("""() => { const s = window.ratscrewApp.session;
      return {outcome: String(s.game.outcome), actions: s.game.history.length,
              at: s.position, paused: s.paused}; }"""))


@pytest.mark.shared_page
@pytest.mark.usefixtures("clean_page")
def test_the_game_behind_the_end_screen_is_stopped(page: Page,
                                                   open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 2, "bots": "all",
                                 "seed": SEEDS[2], "speed": "instant", "autostart": 1})
    expect(page.locator("#gameover")).to_be_visible()
    expect(page.locator("#again-same")).to_be_focused()
    expect_over(page)
    winner = page.get_attribute("body", "data-winner")
    assert winner is not None
    state = ended(page)
    total = state["actions"]
    assert state["outcome"] != "None" and state["at"] == total

    # Esc closes the end screen, as it closes any dialog; the game stays over, and Esc on the
    # table then does nothing at all (there is no game to resume).
    page.keyboard.press("Escape")
    expect(page.locator("#gameover")).to_be_hidden()
    for _ in range(2):
        expect_over(page)
        expect(page.locator("body")).to_have_attribute("data-winner", winner)
        assert ended(page) == state
        page.keyboard.press("Escape")
    # Opening and closing the settings (which pause a game in play) leave it so too.
    page.click("#settings-open")
    expect(page.locator("#settings")).to_be_visible()
    page.click("#settings-close")
    expect(page.locator("#settings")).to_be_hidden()
    expect_over(page)
    assert ended(page)["outcome"] == state["outcome"]

    # "Review the game": the table stays open to step back; there Resume plays on (the button
    # can be used), and at the end again Pause is out of use, with no end screen over it.
    page.evaluate("q => window.ratscrewApp.open_link(q)", end_link(2)[1:])
    page.click("#gameover-review")
    expect(page.locator("#gameover")).to_be_hidden()
    expect(page.locator("#step-back")).to_be_focused()
    page.keyboard.press(",")
    expect(page.locator("#step-at")).to_have_text(f"{total - 1} of {total}")
    expect(page.locator("#pause")).to_be_enabled()
    expect(page.locator("#pause")).to_have_text("Resume")
    expect(page.locator("#paused-banner")).to_be_visible()
    page.keyboard.press(".")
    expect(page.locator("#step-at")).to_have_text(f"{total} of {total}")
    expect(page.locator("body")).to_have_attribute("data-winner", winner)
    expect_over(page)
    expect(page.locator("#gameover")).to_be_hidden()


# --------------------------------------------------------------------------- the winner's moment

WATCH_MOMENT = """
() => {
  const seen = window.momentSeen = {cards: 0, props: [], names: [], longest: 0, crowned: [],
                                    openAtMoment: null, pressed: false, openAfterPress: null};
  const felt = document.getElementById('felt');
  const look = (node) => {
    for (const animation of node.getAnimations()) {
      const timing = animation.effect.getComputedTiming();
      seen.longest = Math.max(seen.longest, timing.activeDuration);
      seen.names.push(animation.animationName);
      for (const frame of animation.effect.getKeyframes()) {
        for (const key of Object.keys(frame)) {
          if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)
              && !seen.props.includes(key)) seen.props.push(key);
        }
      }
    }
  };
  if (window.momentWatch) window.momentWatch.disconnect();  // (one watch at a time)
  window.momentWatch = new MutationObserver((records) => {
    for (const record of records) {
      const node = record.target;
      if (record.type === 'attributes' && node.classList.contains('crowned')
          && !seen.crowned.includes(node.dataset.seat)) {
        seen.crowned.push(node.dataset.seat);
        look(node);
      }
      for (const card of record.addedNodes) {
        if (!(card instanceof Element) || !node.classList.contains('finale')) continue;
        seen.cards += 1;
        look(card);
        if (seen.openAtMoment === null) {
          seen.openAtMoment = document.getElementById('gameover').open;
          seen.winner = document.body.dataset.winner;
          if (window.pressDuringMoment) {  // a touch of the table, while the cards gather
            felt.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
            seen.pressed = true;
            seen.openAfterPress = document.getElementById('gameover').open;
          }
        }
      }
    }
  });
  window.momentWatch.observe(felt, {subtree: true, childList: true, attributes: true,
                                    attributeFilter: ['class']});
}
"""


def moment(page: Page) -> dict[str, Any]:
    """What the page showed of the winner's moment, once the end screen is up."""
    page.wait_for_selector("#gameover[open]")
    seen: dict[str, Any] = page.evaluate("window.momentSeen")
    winner = page.get_attribute("body", "data-winner")
    assert seen["cards"] > 0, "no card gathered to the winner"
    assert seen["openAtMoment"] is False, "the end screen came before the moment"
    assert seen["winner"] == winner
    assert seen["crowned"] == [winner], seen["crowned"]
    return seen


def resume_near_the_end(page: Page, speed: str, back: int = 2) -> None:
    """The instant game on the table, stepped ``back`` actions from its end and resumed at
    ``speed``: the bots play the end again, live."""
    page.wait_for_selector("#gameover[open]")
    page.click("#gameover-review")
    for _ in range(back):
        page.keyboard.press(",")
    expect(page.locator("#pause")).to_have_text("Resume")
    page.select_option("#speed", speed)
    page.evaluate(WATCH_MOMENT)
    page.click("#pause")
    expect(page.locator("#pause")).to_have_text("Pause")


@pytest.mark.shared_page
@pytest.mark.usefixtures("clean_page")
def test_at_2x_the_cards_gather_to_the_winner_then_the_end_screen(
        page: Page, open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 4, "bots": "all",
                                 "seed": SEEDS[4], "speed": "instant", "autostart": 1})
    resume_near_the_end(page, "2")
    seen = moment(page)
    assert "gather" in seen["names"] and "crown" in seen["names"], seen
    assert MOVING & set(seen["props"]), seen  # the cards travel
    expect(page.locator("#again-same")).to_be_focused()
    expect_over(page)


@pytest.mark.shared_page
@pytest.mark.usefixtures("clean_page")
def test_at_instant_speed_the_cards_only_fade(page: Page,
                                              open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 2, "bots": "none",
                                 "seed": SEEDS[2], "autostart": 1})
    page.evaluate(WATCH_MOMENT)
    page.evaluate("q => window.ratscrewApp.open_link(q)", end_link(8)[1:])
    seen = moment(page)
    assert "opacity" in seen["props"], seen
    assert not MOVING & set(seen["props"]), seen  # nothing travels, only fades


@pytest.mark.usefixtures("clean_page")
def test_with_reduced_motion_the_moment_is_a_short_fade(page: Page,
                                                        open_site: Callable[..., str]) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_table(open_site, page, {"variant": "classic", "players": 4, "bots": "all",
                                 "seed": SEEDS[4], "speed": "instant", "autostart": 1})
    resume_near_the_end(page, "1")
    seen = moment(page)
    assert not MOVING & set(seen["props"]), seen
    assert seen["longest"] <= FADE_MS, seen


@pytest.mark.shared_page
@pytest.mark.usefixtures("clean_page")
def test_a_touch_during_the_moment_brings_the_end_screen_and_play_again_deals(
        page: Page, open_site: Callable[..., str]) -> None:
    open_table(open_site, page, {"variant": "classic", "players": 2, "bots": "none",
                                 "seed": SEEDS[2], "autostart": 1})
    page.evaluate("window.pressDuringMoment = true")
    page.evaluate(WATCH_MOMENT)
    page.evaluate("q => window.ratscrewApp.open_link(q)", end_link(2)[1:])
    seen = moment(page)
    assert seen["pressed"] and seen["openAfterPress"] is True, seen
    # "Play again": the same deal, played to the same end, with its own moment (the end
    # screen closed) and its end screen.
    page.evaluate("window.pressDuringMoment = false")
    page.evaluate(WATCH_MOMENT)
    page.click("#again-same")
    page.wait_for_function("window.momentSeen.cards > 0")
    seen_again = moment(page)
    assert seen_again["winner"] == seen["winner"]
