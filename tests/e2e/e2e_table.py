"""What the end-to-end tests share: the page's game played again in CPython (:class:`Mirror`),
and the few ways of reading and driving the table."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import Locator, Page, expect
from shared_page import is_shared

from ratscrew.core.engine import Game
from ratscrew.core.events import KEYS as AT_KEYS
from ratscrew.core.events import Controls, Event
from ratscrew.variants.slae import dice_of
from web.model.headline import Headline, Note, seat_notes
from web.model.settings import MAX_CHOICE_SECONDS

KEYS = {
    0: {"flip": "q", "slap": "w", "slap-left": "a", "slap-right": "s"},
    1: {"flip": "o", "slap": "p", "slap-left": "l", "slap-right": ";"},
}
"""The default keys of seats 1 and 2 (web/model/keymap.py)."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD_CODE = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b")


def history(page: Page) -> list[list[Any]]:
    """The game's actions on the page so far, as its record keeps them."""
    text = page.evaluate("JSON.stringify(window.ratscrewApp.session.game.history.toJs())")
    return list(json.loads(text))


def with_symbols(text: str) -> str:
    """Card codes as the page writes them ("7H" -> "7♥"; web/model/card_text.py's with_symbols)."""
    return CARD_CODE.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


class Mirror:
    """The page's game, played again in CPython: same variant, deal, options and actions.

    Times differ from the page's (they only matter for the 150 ms grace after a pile is taken,
    which no test comes near).

    :attr:`headline` is what the page's headline shows once every line has had its time
    (web/model/headline.py): the last notable event's sentence. A flip or an ignored action never
    changes it; an ignored action is a note at its seat (:meth:`notes`). Its sentences name
    what the seats play with as the page does (``controls``: by default every seat at the
    keyboard, as the tests press keys)."""

    def __init__(self, seed: int, players: int = 2, names: Sequence[str] = (),
                 variant: str = "classic", options: dict[str, Any] | None = None,
                 controls: Controls | None = None) -> None:
        names = names or [f"Player {n + 1}" for n in range(players)]  # the page's defaults
        self.game = Game(variant, players, seed=seed, names=names, options=options)
        self.controls = controls or Controls((AT_KEYS,) * players)
        self.t = 0
        self._head = Headline()
        self._now = 0.0
        self.headline = ""
        self.saw(self.game.events)

    def saw(self, events: Sequence[Event]) -> None:
        """Events the page has drawn: the headline follows them."""
        self._now += 100_000.0  # past any hold: the line the page ends up showing
        line = self._head.offer(events, self.game.names or None, self._now, 1.0,
                                self.controls)
        if line is not None:
            self.headline = with_symbols(line.text)

    def act(self, seat: int, action: str, arg: str = "") -> list[Event]:
        self.t += 100
        if action == "flip":
            events = self.game.flip(seat, self.t)
        elif action == "choose":
            events = self.game.choose(seat, self.t, arg)
        elif action == "fine":
            events = self.game.act(seat, self.t, "fine", arg)
        else:
            events = self.game.slap(seat, self.t, action.removeprefix("slap").lstrip("-"))
        self.saw(events)
        return events

    def notes(self, events: Sequence[Event]) -> dict[int, Note]:
        """The notes these events leave at the seats (web/model/headline.py's seat_notes)."""
        return {note.seat: note for note in seat_notes(events, None, self.controls)}


def rat_deal() -> int:
    """Slap Like an Egyptian: a seed whose first roll is a Rat on the red die only (Ben, the
    dealer, must call the hand)."""
    for seed in range(1, 10_000):
        game = Game("slap-like-an-egyptian", 2, seed=seed)
        dice = dice_of(game)
        if dice is not None and dice.red == "rat" and dice.wood != "rat":
            return seed
    raise AssertionError("no Rat on the first roll")


def link(params: dict[str, str | int]) -> str:
    return "?" + urlencode(params)


def seat(page: Page, n: int) -> Locator:
    return page.locator(f"#seats [data-seat='{n}']")


def pile(page: Page) -> Locator:
    return page.locator("[data-pile]")


def deal_in_place(page: Page, params: dict[str, str | int]) -> None:
    """The table of the link of ``params`` dealt in the page as it is, as opening the link
    would (``ratscrewApp.open_link``)."""
    page.evaluate("(query) => window.ratscrewApp.open_link(query)", link(params)[1:])


def open_table(open_site: Callable[..., str], page: Page, params: dict[str, str | int]) -> None:
    """The table of the link of ``params``: opened, or in a shared page (shared_page.py) dealt
    in place, as opening the link would (``ratscrewApp.open_link``)."""
    if is_shared(page):
        deal_in_place(page, params)
    else:
        assert open_site(link(params)) == "true", page.inner_text("#boot")
    expect(page.locator("body")).to_have_attribute("data-screen", "table")


def open_patient_table(open_site: Callable[..., str], page: Page,
                       params: dict[str, str | int]) -> None:
    """:func:`open_table` for a test that answers a choice itself, however long it takes: a
    person's time to choose is first set to the longest there is (as the settings dialog sets
    it; it counts from the next game on), then the link is dealt in the same page, as opening
    it would (``ratscrewApp.open_link``). With the usual 10 s, a slow machine could reach the
    panel after its default had been taken."""
    if not is_shared(page):
        assert open_site() == "true", page.inner_text("#boot")
    page.evaluate(
        "(seconds) => { document.getElementById('choice-seconds').value = String(seconds);"
        " window.ratscrewApp.set_choice_seconds(); }", MAX_CHOICE_SECONDS)
    deal_in_place(page, params)
    expect(page.locator("body")).to_have_attribute("data-screen", "table")


def wait_for_actions(page: Page, count: int, timeout_ms: float = 60_000) -> None:
    """Until the game on the table has taken ``count`` actions (its record's length)."""
    page.wait_for_function(
        "(count) => window.ratscrewApp.session.game.history.length >= count",
        arg=count, timeout=timeout_ms)


WATCH_CHOICE = """
window.choiceSeen = {clocks: []};
new MutationObserver(() => {
  const seen = window.choiceSeen;
  const panel = document.querySelector("[data-choice='SEAT']");
  const now = performance.now();
  if (panel && seen.shown === undefined) {
    seen.shown = now;
    seen.visible = panel.checkVisibility();
    // The game's clock at that moment: how long ago it started (the table is drawn, then
    // the clock starts, in the same task; this observer sees the panel once it has ended).
    const session = window.ratscrewApp && window.ratscrewApp.session;
    seen.clockStarted = session ? now - session.game_time(now) / session.speed : null;
  }
  if (panel) {
    // The countdown on the default option: "either in 2 s".
    const clock = panel.querySelector('.choice-default');
    const text = clock && clock.dataset.clock ?
      `${clock.dataset.option || ''} ${clock.dataset.clock}` : '';
    if (text && seen.clocks[seen.clocks.length - 1] !== text) seen.clocks.push(text);
  }
  if (!panel && seen.shown !== undefined && seen.gone === undefined) seen.gone = now;
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def watch_choice(page: Page, seat_: int) -> None:
    """Before the page loads: note, in the page (a test polling it could see it late), when
    seat ``seat_``'s choice panel comes (``shown``; ``visible``: whether it could be seen then)
    and goes (``gone``), when the game's clock started (``clockStarted``), all by
    ``performance.now()``, and every countdown it showed (``clocks``), in
    ``window.choiceSeen``."""
    page.add_init_script(WATCH_CHOICE.replace("SEAT", str(seat_)))


def choice_seen(page: Page, timeout_ms: float = 60_000) -> dict[str, Any]:
    """:func:`watch_choice`'s notes, once the panel has come and gone."""
    page.wait_for_function("window.choiceSeen && window.choiceSeen.gone !== undefined",
                           timeout=timeout_ms)
    seen: dict[str, Any] = page.evaluate("window.choiceSeen")
    return seen


def headline(page: Page) -> Locator:
    return page.locator("#explain")


def note(page: Page, n: int) -> Locator:
    """Seat ``n``'s note (why its action was ignored, what a wrong slap cost...)."""
    return seat(page, n).locator(".seat-note")


def expect_table(page: Page, mirror: Mirror, events: Sequence[Event] = ()) -> None:
    """The page shows what the mirror game says: every seat's count, the pile, the notes these
    events leave at the seats and the headline (the last notable event: a line of a lower rank
    may wait up to 2 s for its turn). The notes first: they stay only a moment (NOTE_MS, in
    web/model/headline.py), which a wait for the headline could use up."""
    game = mirror.game
    for n in range(game.n):
        expect(seat(page, n)).to_have_attribute("data-cards", str(len(game.hands[n])))
    expect(pile(page)).to_have_attribute("data-cards", str(len(game.pile)))
    if events:
        for n, seat_note in mirror.notes(events).items():
            expect(note(page, n)).to_have_text(with_symbols(seat_note.text))
            expect(note(page, n)).to_have_attribute("data-kind", seat_note.kind)
        expect(headline(page)).to_have_text(mirror.headline)


def press(page: Page, mirror: Mirror, seat_: int, action: str, key: str = "") -> list[Event]:
    """Press a seat's key on the page and do the same in the mirror; check they agree."""
    events = mirror.act(seat_, action)
    page.keyboard.press(key or KEYS[seat_][action])
    expect_table(page, mirror, events)
    return events
