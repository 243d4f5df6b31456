"""What the layout tests share (tests/e2e/table/test_layout*.py): the table's layout in a real
(headless) Chromium: every variant at 2, 4, 6 and 8 players, at
the sizes people play on, sampled while the bots play.

Each run opens an autostarted game from a link (fixed seed, speed 8, all bots, or people in
some seats and bots in the others, ``bots=``: every person's buttons must show), takes
:data:`SAMPLES` samples :data:`GAP_MS` of game time apart (the people flip before each after
the first), and fails with every problem found, each named by its kind. The samples are taken
in game time, and the game's clock stands still while one is taken (:data:`AT_GAME_TIME`): the
bots play by the game's clock, so a fast machine samples the moments 5.6, 11.2 and 16.8 s into
the game, and a slow one (whose page may start the game, or play it at speed 8, later than the
clock says) later moments, as far apart.

- ``overlap``: two visible boxes among the seats (``[data-seat][data-cards]``) and the zones
  (``[data-zone]``) overlap by more than 1 px. A box and a box inside it (a seat's peek or
  choice) are not compared; two zones in the same seat are.
- ``spill``: a line of the centre (its row of piles, the challenge line, the pile's note, the
  pause banner) leaves the centre's box, the room the seats leave it: it covers a seat as soon
  as a seat grows to that edge (a cardless seat's notes); or a line of a seat (its count,
  status, note, a badge) leaves the seat sideways.
- ``off screen``: a box (or a person's Flip/Slap button) leaves the screen: horizontally
  outside ``[0, width]``; vertically outside ``[0, height]`` (desktop and tablet), outside the
  document (phones may scroll). The page must not scroll sideways.
- ``buttons``: for every person's seat, a button of one of its actions (``data-action``: flip,
  and slap or the two hands' slaps where the variant slaps: web/model/session.py's
  ``seat_actions``) is missing on a touch screen, or is not within the first screen
  (``y + height <= height``), phones included.
- ``cut name``: a seat's ``[data-name]`` is missing, hidden, shortened, squashed to no width,
  overflows its box (``scrollWidth``/``scrollHeight`` over ``client*`` + 1), ends in an
  ellipsis or a line clamp, is clipped by an ancestor, or wraps inside a word that would
  have fitted a line of its own (a single 24-letter word may break in a narrow seat).
- ``covered name``: the middle of a line of a seat's name is not the name at
  ``elementFromPoint`` (a note, a badge, another box is over it; phones scroll to the line).
- ``badge``: a seat's badge (``.mark``: burn a card, burned, may put out the fire, the black
  die) is cut (by its box or a clipping ancestor), reaches another seat or zone (it may sit on
  its own seat's border), or covers its seat's name, count, status, note, tag, another badge
  or a button.
- ``text over card``: a zone's own text (the Burn pile's title and count) over one of its
  cards at rest (a card still flying is passing by).
- ``small text`` (1920x1080 only): visible text inside a seat or a zone under 22 px (but for
  the name printed on a Major Arcana's face: its rank is its numeral, which is checked; the
  headline and the log say its name; and a small card's corners, in a choice among cards or
  the Fool's peek, drawn for the one person at the screen).
- ``panels`` (desktop sizes): the rail's panels (a choice, a burn contest, an Arcana's effect,
  decrees) cut (their column scrolls), a thing in a panel past its edges, or the log's head
  and its Back and Step under the rail's foot (:data:`PANELS_CHECK`).
- ``smaller`` (the projector display, desktop sizes, first sample): an element the back row
  reads is smaller than without it (the pile's top card, the headline, the challenge line, the
  pile's note, a seat's name, count, status, tag, badges and buttons, the log, the bar, a
  choice), measured with the display on, then off, at the same moment; and ``bar``, the bar
  taller on it than without it (a second line).

The sampling plan (:data:`RUNS`, 115 runs, in this order):

- 1920x1080 (desktop): all 5 variants x 2, 4, 6, 8 players (20 runs); a human in seat 1 in
  half of them (variant index + player-count index odd). The only size with the 22 px check.
- 1366x768: a rotating subset of 5, one per variant, the player counts shifted (4, 6, 8, 2, 4),
  so it sees every variant and every player count; all bots.
- 1280x720: every variant at 8 players with 24-character names (:data:`LONG_NAMES`, two of
  them single words), and classic at 2, Slap Like an Egyptian at 4 (a human), K.U.R.S. at 6
  with the default names.
- Paused and rewound (:data:`REWIND_STEPS` actions back, the pause banner and the greyed
  log on show): every variant at 8 players at 1280x720, Slap Like an Egyptian at 8 at
  1920x1080; on touch screens Slap Like an Egyptian at 8 (the long names) and K.U.R.S. at 6
  at 390x844, Firefighters at 6 at 844x390 and K.U.R.S. at 8 at 1024x768. One sample each.
- 1024x768 (tablet, touch): a rotating subset of 5 (6, 8, 2, 4, 6 players), a human in the
  first, third and fifth.
- 390x844 (phone, touch): all 5 variants x 2, 4, 6, 8 players, a human in half, as at
  1920x1080.
- 844x390 (phone landscape, touch): classic, 4 players, a human, the long names; its buttons
  must be within the first screen.
- 360x640 (a small phone, touch): Slap Like an Egyptian at 4 and Firefighters at 8, a human.
- Phones held sideways, 844x390 and 640x360 (touch): every variant with people sharing the
  phone (:data:`SHARED_PHONES`: two people alone, three with two bots, four with four bots),
  one of the three at each size, turning with the variant, so that each size sees all three
  and each variant two (the long names at four people at 640x360); every person's buttons
  within the first screen.
- Then the tables again with Settings > Projector on (``-projector``), one sample each: at
  1920x1080 every variant at two player counts (a person in one of them), every other desktop
  table but for three of the rewound ones (classic and K.U.R.S. at 1280x720, Slap Like an
  Egyptian at 1920x1080), the tablet's after them; of the phones' (where the display changes
  nothing) the first and the last.

:func:`test_a_fire_beside_cardless_seats`: the same checks on Firefighters tables taken (by
action count, paused) to moments when a fire burns beside three cardless seats or more, the
tallest seats round the fullest centre. :func:`test_firefighters_on_phones`: the same on
phones (390x844, 360x640, 844x390, 640x360) in a burn contest (its panel, "burned" and "burn a
card!" badges) and with a fire to put out ("may put out the fire", a contest's winner's note).
:func:`test_the_layout_holds_while_cards_fly`: at 1x, in frames where something on the felt is
moving.

:func:`test_setup_fits_a_small_phone`: the setup form at 360x640, for every variant with its
house rules open and 8 seats: no sideways scrolling, every control inside the form, no select
squashed (narrower than its chosen text), no text under 14 px.

Cost: Python starts once for the desktop sizes and once for the touch screens (a Pyodide start
is about 3.4 CPU-seconds); every run then deals its link's table in the same page, as opening
the link would (``ratscrewApp.open_link``), at its own viewport size (:class:`Tables`). With
pytest-playwright's ``--screenshot on`` (or ``only-on-failure``), a failing run saves a
screenshot under ``--output`` (test-results/layout/).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from e2e_table import link, wait_for_actions
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ratscrew.i18n import load, using
from ratscrew.variants import VARIANTS as REGISTRY
from ratscrew.variants import find_variant
from web.model.keymap import DEFAULT_KEYS
from web.model.links import default_name
from web.model.session import seat_actions

VARIANTS = tuple(REGISTRY)  # every variant, those added later too
PLAYERS = (2, 4, 6, 8)
SEED = 12
SPEED = 8
SAMPLES = 3
GAP_MS = 5600
"""Game time before the first sample and between two (0.7 s at speed 8)."""
MIN_FONT_PX = 22
BOOT_TIMEOUT_MS = 60_000  # as in conftest.py: a cold Pyodide start on a loaded machine
REWIND_STEPS = 4

LONG_NAMES = (
    "Alexandra Konstantinopou",
    "Bartholomewfitzgeraldine",
    "Christabel Montgomeryson",
    "Demetrius Wolfensteiners",
    "Evangeline Worthingtonne",
    "Konstantinopoulouandreas",
    "Guinevere Hollingsworthy",
    "Wilhelmina Featherstones",
)
assert all(len(name) == 24 for name in LONG_NAMES)


@dataclass(frozen=True)
class Size:
    name: str
    width: int
    height: int
    touch: bool = False
    phone: bool = False
    """Phones may scroll vertically: boxes must be within the document, not the screen."""


DESKTOP = Size("1920x1080", 1920, 1080)
LAPTOP = Size("1366x768", 1366, 768)
SMALL = Size("1280x720", 1280, 720)
TABLET = Size("1024x768", 1024, 768, touch=True)
PHONE = Size("390x844", 390, 844, touch=True, phone=True)
LANDSCAPE = Size("844x390", 844, 390, touch=True, phone=True)
SMALL_PHONE = Size("360x640", 360, 640, touch=True, phone=True)
SMALL_LANDSCAPE = Size("640x360", 640, 360, touch=True, phone=True)


HUMAN = (0,)
"""A person in seat 1, bots in the others."""


@dataclass(frozen=True)
class Run:
    size: Size
    variant: str
    players: int
    people: tuple[int, ...] = ()
    """The seats (0-based) played by people at this screen, the others by bots (``bots=``
    lists those): their Flip and Slap buttons show. Empty: an all-bot table."""
    long_names: bool = False
    rewound: bool = False
    """Paused and taken :data:`REWIND_STEPS` actions back (key ","): the pause banner says
    the moment and how many actions Resume drops, the log greys the rest."""
    seed: int = SEED
    speed: int = SPEED
    projector: bool = False
    """Settings > Projector on (the class ``projector`` on ``<html>``): the table larger for a
    classroom's back row; on desktop sizes every element at least as large as without it."""
    lang: str = ""
    """The page's language (``lang=`` in the link), English if none."""

    @property
    def names(self) -> list[str]:
        if self.long_names:
            return list(LONG_NAMES[: self.players])
        with using(load(self.lang or "en")):  # the page's defaults, in its language
            return [default_name(n) for n in range(self.players)]

    @property
    def link(self) -> str:
        bots = ",".join(str(n + 1) for n in range(self.players) if n not in self.people)
        bots = bots or "none" if self.people else "all"
        params: dict[str, str | int] = {
            "variant": self.variant, "players": self.players, "bots": bots, "seed": self.seed,
            "speed": self.speed, "autostart": 1,
        }
        if self.long_names:
            params["names"] = ",".join(self.names)
        if self.lang:
            params["lang"] = self.lang
        return link(params)

    @property
    def id(self) -> str:
        extra = ("-human" if self.people == HUMAN else
                 f"-people-{''.join(str(n + 1) for n in self.people)}" if self.people else "")
        extra += "-long-names" if self.long_names else ""
        extra += "-rewound" if self.rewound else ""
        extra += f"-seed-{self.seed}" if self.seed != SEED else ""
        extra += f"-{self.speed}x" if self.speed != SPEED else ""
        extra += "-projector" if self.projector else ""
        extra += f"-{self.lang}" if self.lang else ""
        return f"{self.size.name}-{self.variant}-{self.players}p{extra}"


def every_game(size: Size) -> list[Run]:
    """Every variant at every player count; a human in half (variant + count index odd)."""
    return [Run(size, variant, players, people=HUMAN if (v + p) % 2 == 1 else ())
            for v, variant in enumerate(VARIANTS) for p, players in enumerate(PLAYERS)]


def rotating(size: Size, shift: int, human: bool) -> list[Run]:
    """One run per variant, the player counts shifted by ``shift``: every variant and every
    count once (a human in the first, third and fifth when ``human``)."""
    return [Run(size, variant, PLAYERS[(v + shift) % len(PLAYERS)],
                people=HUMAN if human and v % 2 == 0 else ())
            for v, variant in enumerate(VARIANTS)]


SHARED_PHONES = ((2, (0, 1)), (5, (0, 1, 3)), (8, (0, 2, 4, 6)))
"""People sharing a phone held sideways: two alone, three with two bots, four with four bots
(players, people's seats)."""


def sideways(size: Size, shift: int, long_names: bool) -> list[Run]:
    """Every variant with people sharing a phone held sideways, each with one of
    :data:`SHARED_PHONES` (turning with the variant, shifted by ``shift``: the two sizes give
    each variant two of them); the long names at four people."""
    runs = []
    for v, variant in enumerate(VARIANTS):
        players, people = SHARED_PHONES[(v + shift) % len(SHARED_PHONES)]
        runs.append(Run(size, variant, players, people=people,
                        long_names=long_names and players == 8))
    return runs


def plan() -> tuple[list[Run], list[Run], list[Run]]:
    """The runs: the desktop sizes', the touch screens', and the projector display's (desktop
    sizes first, then touch screens: each kind shares a context)."""
    long_names = [Run(SMALL, variant, 8, long_names=True) for variant in VARIANTS]
    small = [Run(SMALL, "classic", 2), Run(SMALL, "slap-like-an-egyptian", 4, people=HUMAN),
             Run(SMALL, "kurs", 6)]
    # A teacher's table, paused and rewound: every variant at 8 players on the small laptop
    # (the least room for the pause banner), and the busiest games on a projector and phones.
    rewound = [Run(SMALL, variant, 8, rewound=True) for variant in VARIANTS]
    rewound_touch = [Run(PHONE, "slap-like-an-egyptian", 8, rewound=True, long_names=True),
                     Run(PHONE, "kurs", 6, rewound=True),
                     Run(LANDSCAPE, "firefighters", 6, rewound=True),
                     Run(TABLET, "kurs", 8, rewound=True)]
    desktop = [
        *every_game(DESKTOP), *rotating(LAPTOP, 1, human=False), *long_names, *small,
        *rewound, Run(DESKTOP, "slap-like-an-egyptian", 8, rewound=True),
    ]
    touch = [
        *rotating(TABLET, 2, human=True), *every_game(PHONE), *rewound_touch,
        Run(LANDSCAPE, "classic", 4, people=HUMAN, long_names=True),
        Run(SMALL_PHONE, "slap-like-an-egyptian", 4, people=HUMAN),
        Run(SMALL_PHONE, "firefighters", 8, people=HUMAN),
        *sideways(LANDSCAPE, 0, long_names=False), *sideways(SMALL_LANDSCAPE, 1, long_names=True),
    ]
    # The tables again on the projector display (Settings > Projector): at 1920x1080 every
    # variant at two player counts (a person in one), every other desktop table but three of
    # the rewound ones, the tablet's; a phone is no projector (the display changes nothing
    # there: two runs show it).
    shown = [run for v, variant in enumerate(VARIANTS)
             for run in every_game(DESKTOP)
             if run.variant == variant and PLAYERS.index(run.players) in (v % 4, (v + 1) % 4)]
    kept_rewound = [rewound[0], rewound[3], desktop[-1]]
    phones = [run for run in touch if run.size.phone]
    return desktop, touch, [
        *projector(shown), *projector(run for run in desktop
                                      if run.size != DESKTOP and not run.rewound),
        *projector(kept_rewound), *projector(run for run in touch if not run.size.phone),
        *projector([phones[0], phones[-1]])]


def projector(runs: Iterable[Run]) -> list[Run]:
    return [replace(run, projector=True) for run in runs]


DESKTOP_RUNS, TOUCH_RUNS, PROJECTOR_RUNS = plan()
RUNS = [*DESKTOP_RUNS, *TOUCH_RUNS, *PROJECTOR_RUNS]


# --------------------------------------------------------------------------- the pages


AT_GAME_TIME = """(t) => {
  // Once the game's clock shows t and the page has played everything due by t, the clock
  // stands still (the session paused, the bots' timers stopped; nothing on the page says so).
  // (A page too slow for speed 8 is always behind: something is always due by now, so "by t",
  // not "by now"; it may have played a little past t in the same batch.)
  const app = window.ratscrewApp, session = app.session, now = performance.now();
  if (session.game_time(now) < t) return false;
  const due = [session.match.due(), session.choice_deadline()];
  if (session.game.outcome === undefined && due.some((d) => d >= 0 && d <= t)) return false;
  app.stop_timers();
  session.pause(now);
  return session.game_time(now);  // where it stands (a game time is never 0 here)
}"""


DISPLAY = """async (projector) => {
  // The projector display on or off, as Settings > Projector sets it (the class on <html>,
  // the table's seats and pause banner placed for it), once the page has laid itself out
  // again: the centre's row has its new size (App.watch_size writes it after a layout).
  document.documentElement.classList.toggle('projector', projector);
  const view = window.ratscrewApp.play.view;
  if (view) view.relayout();
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const row = document.querySelector('.centre-row');
  for (let i = 0; i < 120; i++) {
    await frame();
    const style = getComputedStyle(row);
    const width = row.getBoundingClientRect().width - parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight);
    if (i >= 1 && row.style.getPropertyValue('--box-w') === `${width.toFixed(1)}px`) return;
  }
}"""
"""Settings > Projector on (true) or off, and the page laid out for it."""

SIZES = """() => {
  // What the back row reads, by element: the pile's top card's width, and the text's size.
  const sizes = {};
  const card = document.querySelector('#pile .card:last-child');
  if (card) sizes["the pile's top card (width)"] = card.offsetWidth;
  const text = {
    'the headline': '#explain', 'the challenge line': '#challenge',
    "the pile's note": '#pile-note', "a seat's name": '[data-seat] [data-name]',
    "a seat's count": '[data-seat] .count', "a seat's status": '[data-seat] .seat-status',
    "a seat's tag": '[data-seat] .seat-tag', 'a badge': '[data-seat] .mark',
    "a person's button": '[data-seat] .touch button', 'the log': '#log li',
    'the bar': '.bar-title, .bar button', 'a choice': '.choice-option, .choice-prompt',
  };
  for (const [what, selector] of Object.entries(text)) {
    // (Keyed by seat: the projector display seats them in other places.)
    const seen = {};
    document.querySelectorAll(selector).forEach((el) => {
      if (!el.checkVisibility()) return;
      const seat = el.closest('[data-seat]');
      const where = seat ? `seat ${Number(seat.dataset.seat) + 1}` : '';
      seen[where] = (seen[where] || 0) + 1;
      sizes[`${what} ${where} #${seen[where]} (${el.textContent.trim().slice(0, 24)})`] =
        parseFloat(getComputedStyle(el).fontSize);
    });
  }
  return sizes;
}"""
"""The sizes the projector display must not make smaller (px, by element)."""


BAR_HEIGHT = "() => document.querySelector('.bar').getBoundingClientRect().height"


def smaller_on_the_projector(page: Page) -> list[tuple[str, str]]:
    """What the projector display (on) shows smaller than the plain display, and the bar if it
    is taller (a second line): measured on, then off, then on again (the same elements, the
    same moment)."""
    settle(page)
    on, bar_on = page.evaluate(SIZES), page.evaluate(BAR_HEIGHT)
    page.evaluate(DISPLAY, False)
    settle(page)  # (the cards take their new size in a transition)
    off, bar_off = page.evaluate(SIZES), page.evaluate(BAR_HEIGHT)
    page.evaluate(DISPLAY, True)
    settle(page)
    problems = [(f"smaller|{what}", f"smaller on the projector: {what}: {on[what]:g} px "
                 f"against {off[what]:g} px without it")
                for what in on if what in off and on[what] < off[what] - 0.5]
    if bar_on > bar_off + 1:
        problems.append(("bar|projector", f"the bar is {bar_on:g} px tall on the projector "
                         f"against {bar_off:g} px without it (a second line)"))
    return problems


SETTLED = """() => document.getAnimations().every((a) => a.playState !== 'running'
  || a.effect?.getComputedTiming().iterations === Infinity)"""
"""Nothing on the page moves but what loops for ever (a glow): the cards flying when the clock
stopped have landed, the seats and the pile are where they stay."""
SETTLE_MS = 1_500


def sample_at(page: Page, t: float) -> float:
    """Wait until the game's clock shows ``t``, and stop it there (:data:`AT_GAME_TIME`), then
    until what was moving then has come to rest (:data:`SETTLED`: a sample measures the table,
    not a card on its way); the game time it stands at."""
    stood = float(page.wait_for_function(AT_GAME_TIME, arg=t).json_value())
    settle(page)
    return stood


def settle(page: Page) -> None:
    """Until nothing on the page moves (:data:`SETTLED`), for :data:`SETTLE_MS` at the most
    (something animating longer is sampled as it stands)."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(SETTLED, timeout=SETTLE_MS)


def resume(page: Page) -> None:
    """The game's clock runs again after :data:`AT_GAME_TIME` stopped it."""
    page.evaluate("() => { const app = window.ratscrewApp;"
                  " app.session.resume(performance.now()); app.schedule(); }")


class Tables:
    """The page the runs are played in: one for the desktop sizes and one for the touch
    screens (a context with ``has_touch``, ``is_mobile``). Python starts once per page; every
    run then deals its link's table in place (``ratscrewApp.open_link``, what opening the link
    does, without a reload), at the run's viewport size."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser = browser
        self.site_url = site_url
        self.touch: bool | None = None
        self.context: BrowserContext | None = None
        self.page: Page | None = None
        self.errors: list[str] = []
        self.stopped_at = 0.0
        """The game time of the first sample (:meth:`open`)."""

    def _use(self, run: Run, link: str) -> Page:
        if run.size.touch != self.touch or self.page is None:
            self.close()
            options: dict[str, Any] = {"has_touch": True, "is_mobile": True} if (
                run.size.touch) else {}
            self.context = self.browser.new_context(
                viewport={"width": run.size.width, "height": run.size.height},
                service_workers="block", **options)
            self.page = self._new_page(self.context)
            self.page.goto(self.site_url + link)
            self.page.wait_for_selector("body[data-ready]", state="attached")
            self.touch = run.size.touch
            self.page.evaluate(DISPLAY, run.projector)
            return self.page
        page = self.page
        page.set_viewport_size({"width": run.size.width, "height": run.size.height})
        page.evaluate(DISPLAY, run.projector)
        page.evaluate("q => window.ratscrewApp.open_link(q)", link.split("?", 1)[1])
        return page

    def _new_page(self, context: BrowserContext) -> Page:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(f"console error: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        return page

    def open(self, run: Run, link: str | None = None) -> Page:
        """``run``'s table (or another ``link``'s at its size and display), stopped at its
        first sample's moment."""
        self.errors.clear()
        page = self._use(run, link or run.link)
        page.wait_for_selector("body[data-screen='table']", state="attached")
        # The first cards are played (a person in seat 1 leads: the table is as dealt).
        self.stopped_at = sample_at(page, GAP_MS)
        if run.rewound:  # (its single sample is taken paused: the app's own pause)
            wait_for_actions(page, REWIND_STEPS)
            resume(page)
            page.keyboard.press("Escape")
            for _ in range(REWIND_STEPS):
                page.keyboard.press(",")
            page.wait_for_selector("#paused-banner:not([hidden])")
            page.wait_for_function("document.querySelectorAll('#log li.future').length > 0")
        return page

    def done(self, page: Page) -> None:
        page.evaluate("window.ratscrewApp.stop_timers()")  # its bots stop playing


    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context, self.touch, self.page = None, None, None
        self.errors.clear()


def open_tables(browser: Browser, site_url: str) -> Iterator[Tables]:
    """For a test module's ``tables`` fixture: the pages its runs are played in."""
    tables = Tables(browser, site_url)
    yield tables
    tables.close()


# --------------------------------------------------------------------------- the checks

CHECK = """
(opts) => {
  const problems = [];
  const add = (key, message) => problems.push([key, message]);
  const TOL = 1;
  const root = document.documentElement;
  const width = root.clientWidth, height = window.innerHeight;
  const sx = window.scrollX, sy = window.scrollY;
  const docHeight = Math.max(root.scrollHeight, document.body.scrollHeight);

  const describe = (el) => {
    let s = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '');
    for (const a of ['data-seat', 'data-zone', 'data-name', 'data-action', 'data-pattern']) {
      if (el.hasAttribute(a)) s += `[${a}="${el.getAttribute(a)}"]`;
    }
    if (el.classList.length) s += '.' + [...el.classList].join('.');
    return s;
  };
  const rectText = (r) =>
    `(x ${Math.round(r.left + sx)}, y ${Math.round(r.top + sy)}, ` +
    `${Math.round(r.width)}x${Math.round(r.height)})`;
  const shown = (el) => {
    const options = {checkOpacity: true, checkVisibilityCSS: true,
                     opacityProperty: true, visibilityProperty: true};
    if (!el.checkVisibility(options)) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const clips = (el) => {
    const style = getComputedStyle(el);
    return style.overflowX !== 'visible' || style.overflowY !== 'visible';
  };
  const seatOf = (el) => el.closest('[data-seat][data-cards]');
  const seatText = (el) => {
    const seat = seatOf(el);
    return seat ? ` in seat ${seat.dataset.seat}` : '';
  };

  // -- the boxes: seats and zones
  const boxes = [...document.querySelectorAll('[data-seat][data-cards], [data-zone]')]
    .filter(shown);
  const rects = boxes.map((el) => el.getBoundingClientRect());
  if (!boxes.some((el) => el.matches('[data-seat][data-cards]'))) {
    add('no seats', 'no seat shown ([data-seat][data-cards])');
  }

  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const ra = rects[i], rb = rects[j];
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > TOL && h > TOL) {
        add(`overlap|${describe(a)}|${describe(b)}`,
            `overlap: ${describe(a)} ${rectText(ra)} and ${describe(b)} ${rectText(rb)} ` +
            `overlap by ${Math.round(w)}x${Math.round(h)} px`);
      }
    }
  }

  // -- the centre's room
  const centre = document.querySelector('.centre-area');
  if (centre && shown(centre)) {
    const rc = centre.getBoundingClientRect();
    for (const el of centre.children) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      const out = [];
      if (r.top < rc.top - TOL) out.push(`${Math.round(rc.top - r.top)} px over its top`);
      if (r.bottom > rc.bottom + TOL) {
        out.push(`${Math.round(r.bottom - rc.bottom)} px under its bottom`);
      }
      if (r.left < rc.left - TOL) out.push(`${Math.round(rc.left - r.left)} px left of it`);
      if (r.right > rc.right + TOL) out.push(`${Math.round(r.right - rc.right)} px right of it`);
      if (out.length) {
        add(`spill|${describe(el)}`, `spill: ${describe(el)} ${rectText(r)} leaves the centre ` +
            `${rectText(rc)}: ${out.join(', ')}`);
      }
    }
  }

  // -- off screen
  if (root.scrollWidth > width + TOL) {
    add('off screen|page', `off screen: the page is ${root.scrollWidth} px wide for a ` +
        `${width} px screen (it scrolls sideways)`);
  }
  const offScreen = (el, r, bottomLimit, what) => {
    const top = r.top + sy, bottom = r.bottom + sy, left = r.left + sx, right = r.right + sx;
    const out = [];
    if (left < -TOL) out.push(`left edge at ${Math.round(left)}`);
    if (right > width + TOL) out.push(`right edge at ${Math.round(right)} > ${width}`);
    if (top < -TOL) out.push(`top edge at ${Math.round(top)}`);
    if (bottom > bottomLimit + TOL) {
      out.push(`bottom edge at ${Math.round(bottom)} > ${Math.round(bottomLimit)}`);
    }
    return out.length ? `${what}: ${describe(el)} ${rectText(r)}: ${out.join(', ')}` : null;
  };
  const boxLimit = opts.phone ? docHeight : height;
  boxes.forEach((el, i) => {
    const where = opts.phone ? 'off screen (outside the document)' : 'off screen';
    const message = offScreen(el, rects[i], boxLimit, where);
    if (message) add(`off screen|${describe(el)}`, message);
  });

  // -- every person's buttons
  for (const person of opts.people) {
    const seat = document.querySelector(`[data-seat="${person}"][data-cards]`);
    if (!seat) {
      add(`buttons|seat ${person}`, `buttons: no seat ${person} for a person`);
      continue;
    }
    for (const action of opts.actions) {
      const mine = [...seat.querySelectorAll(`[data-action="${action}"]`)];
      const visible = mine.filter(shown);
      if (opts.touch && !visible.length) {
        add(`buttons|${person}|${action}`, `buttons: seat ${person}'s ${action} button is ` +
            (mine.length ? 'hidden' : 'missing') + ' on a touch screen');
      }
      for (const button of visible) {
        const message = offScreen(button, button.getBoundingClientRect(), height,
                                  `buttons: seat ${person}'s not within the first screen`);
        if (message) add(`buttons|${describe(button)}|${person}`, message);
      }
    }
  }

  // -- what a seat says: every line inside the seat's width (a note, a status, a badge),
  // and a badge inside its seat or on its border, over none of its text and reaching no
  // other box
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOL &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOL;
  // (Text for screen readers alone: clipped to a pixel.)
  const unseen = (el) => {
    const r = el.getBoundingClientRect();
    return r.width <= 1 || r.height <= 1;
  };
  const textRect = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  for (const seat of boxes.filter((el) => el.matches('[data-seat][data-cards]'))) {
    const rs = seat.getBoundingClientRect();
    const n = seat.dataset.seat;
    const walker = document.createTreeWalker(seat, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!/\\S/.test(node.data) || !el || !shown(el) || el.closest('[data-name]') ||
          unseen(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width < 1) continue;
      if (r.left < rs.left - TOL || r.right > rs.right + TOL) {
        add(`spill|${describe(el)}|${n}`, `spill: "${node.data.trim().slice(0, 40)}" ` +
            `(${describe(el)}, ${rectText(r)}) leaves seat ${n} ${rectText(rs)} sideways`);
      }
    }
    const texts = [...seat.querySelectorAll(
      '[data-name], .count, .seat-status, .seat-note, .seat-tag, .mark, button')]
      .filter(shown);
    for (const mark of seat.querySelectorAll('.mark')) {
      if (!shown(mark)) continue;
      const r = mark.getBoundingClientRect();
      const what = `"${mark.textContent.trim()}" (${describe(mark)}, ${rectText(r)}) ` +
        `of seat ${n}`;
      const t = textRect(mark);
      if (t.left < r.left - TOL || t.right > r.right + TOL || t.top < r.top - TOL ||
          t.bottom > r.bottom + TOL) {
        add(`badge|${n}|cut`, `badge: ${what} is cut: its text is ${rectText(t)}`);
      }
      for (let up = mark.parentElement; up && up !== document.body; up = up.parentElement) {
        if (!clips(up)) continue;
        const c = up.getBoundingClientRect();
        if (t.left < c.left - TOL || t.right > c.right + TOL || t.top < c.top - TOL ||
            t.bottom > c.bottom + TOL) {
          add(`badge|${n}|cut`, `badge: ${what} is cut by ${describe(up)} ${rectText(c)}`);
          break;
        }
      }
      boxes.forEach((other, i) => {
        if (other === seat || other.contains(seat) || !overlap(r, rects[i])) return;
        add(`badge|${n}|${describe(other)}`,
            `badge: ${what} reaches ${describe(other)} ${rectText(rects[i])}`);
      });
      for (const el of texts) {
        if (el === mark || el.contains(mark) || mark.contains(el)) continue;
        const under = el.matches('button') ? el.getBoundingClientRect() : textRect(el);
        if (overlap(r, under)) {
          add(`badge|${n}|${describe(el)}`,
              `badge: ${what} covers ${describe(el)} ${rectText(under)}`);
        }
      }
    }
  }

  // -- text over a card: a zone's text (a title, a count) lies beside its cards, never on
  // them (a card still flying is passing by)
  const flying = (el) => el.getAnimations().some((a) => a.playState === 'running');
  for (const zone of boxes.filter((el) => el.matches('[data-zone]'))) {
    const cards = [...zone.querySelectorAll('.card')].filter((c) => shown(c) && !flying(c));
    if (!cards.length) continue;
    const walker = document.createTreeWalker(zone, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!/\\S/.test(node.data) || !el || el.closest('.card') || !shown(el) ||
          unseen(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      const card = cards.find((c) => overlap(r, c.getBoundingClientRect()));
      if (card) {
        add(`text over card|${describe(el)}`, `text over card: "${node.data.trim()}" ` +
            `(${describe(el)}, ${rectText(r)}) over ${describe(card)} ` +
            `${rectText(card.getBoundingClientRect())} in ${describe(zone)}`);
      }
    }
  }

  // -- names
  const seats = [...document.querySelectorAll('[data-seat][data-cards]')];
  opts.names.forEach((expected, n) => {
    const seat = seats.find((s) => s.dataset.seat === String(n));
    if (!seat) { add(`cut name|${n}`, `cut name: no seat ${n}`); return; }
    const name = seat.querySelector('[data-name]');
    if (!name) { add(`cut name|${n}`, `cut name: seat ${n} has no [data-name]`); return; }
    const options = {checkOpacity: true, checkVisibilityCSS: true,
                     opacityProperty: true, visibilityProperty: true};
    if (!name.checkVisibility(options)) {
      add(`cut name|${n}`, `cut name: ${describe(name)} of seat ${n} is hidden`);
      return;
    }
    const text = name.textContent.replace(/\\s+/g, ' ').trim();
    if (!text.includes(expected)) {
      add(`cut name|${n}`, `cut name: seat ${n} shows "${text}" for "${expected}"`);
    }
    const style = getComputedStyle(name);
    const box = name.getBoundingClientRect();
    const why = [];
    if (box.width < 1 || box.height < 1) {
      why.push(`its box is ${Math.round(box.width)}x${Math.round(box.height)} px`);
    }
    if (name.scrollWidth > name.clientWidth + TOL) {
      why.push(`scrollWidth ${name.scrollWidth} > clientWidth ${name.clientWidth}`);
    }
    if (name.scrollHeight > name.clientHeight + TOL) {
      why.push(`scrollHeight ${name.scrollHeight} > clientHeight ${name.clientHeight}`);
    }
    if (style.textOverflow === 'ellipsis' && name.scrollWidth > name.clientWidth) {
      why.push('text-overflow: ellipsis in use');
    }
    if (style.webkitLineClamp && style.webkitLineClamp !== 'none' &&
        name.scrollHeight > name.clientHeight) {
      why.push(`line-clamp ${style.webkitLineClamp} in use`);
    }
    // Wrapped between words if need be, never inside one ("P / l / a / y / e / r") that
    // would have fitted a line of its own.
    const broken = [];
    const words = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let node = words.nextNode(); node; node = words.nextNode()) {
      for (const match of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()];
        const lines = new Set(rects.map((r) => Math.round(r.bottom)));
        const wide = rects.reduce((sum, r) => sum + r.width, 0);
        if (lines.size > 1 && wide <= name.clientWidth + TOL) {
          broken.push(`"${match[0]}" on ${lines.size} lines`);
        }
      }
    }
    if (broken.length) why.push(`broken inside a word: ${broken.join(', ')}`);
    // The text's own extent, clipped by no ancestor up to the page.
    const range = document.createRange();
    range.selectNodeContents(name);
    const t = range.getBoundingClientRect();
    for (let up = name.parentElement; up && up !== document.body; up = up.parentElement) {
      if (!clips(up)) continue;
      const r = up.getBoundingClientRect();
      if (t.left < r.left - TOL || t.right > r.right + TOL || t.top < r.top - TOL ||
          t.bottom > r.bottom + TOL) {
        why.push(`text ${rectText(t)} clipped by ${describe(up)} ${rectText(r)}`);
        break;
      }
    }
    if (why.length) {
      add(`cut name|${n}`, `cut name: "${expected}" in seat ${n} (${describe(name)}, ` +
          `${rectText(name.getBoundingClientRect())}): ${why.join('; ')}`);
    }
  });

  // -- covered names: the middle of each line of a seat's name shows the name, not a box
  // over it (a note, a badge, another seat). Phones scroll to the line and back. A modal
  // dialog (the end screen) covers the whole table, and a card in flight passes by.
  if (!document.querySelector('dialog[open]')) {
    for (const seat of seats) {
      const name = seat.querySelector('[data-name]');
      if (!name || !shown(name)) continue;
      const range = document.createRange();
      range.selectNodeContents(name);
      const lines = [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
      for (const line of lines) {
        const x = line.left + line.width / 2, y = line.top + line.height / 2;
        if (y < 0 || y >= height) window.scrollBy(0, y - height / 2);
        const moved = window.scrollY - sy;
        const hit = document.elementFromPoint(x, y - moved);
        if (moved) window.scrollTo(sx, sy);
        if (!hit || name.contains(hit) || hit.closest('.card') && flying(hit.closest('.card'))) {
          continue;
        }
        add(`covered name|${seat.dataset.seat}`, `covered name: "${name.textContent.trim()}" ` +
            `of seat ${seat.dataset.seat} at (x ${Math.round(x + sx)}, y ` +
            `${Math.round(y + sy)}) is under ${describe(hit)}` +
            (seatOf(hit) && seatOf(hit) !== seat ? ` of seat ${seatOf(hit).dataset.seat}` : ''));
        break;
      }
    }
  }

  // -- text size
  if (opts.minFont) {
    const hiddenByClip = (el) => {
      for (let up = el; up && up !== document.body; up = up.parentElement) {
        const r = up.getBoundingClientRect();
        if ((r.width <= 1 || r.height <= 1) && clips(up)) return true;
      }
      return false;
    };
    const seen = new Set();
    const small = (el, size, text, root) => {
      add(`small text|${describe(el)}|${size}`,
          `small text: ${size}px < ${opts.minFont}px: "${text.slice(0, 40)}" in ` +
          `${describe(el)}${el === root ? '' : ' inside ' + describe(root)}${seatText(el)}`);
    };
    for (const box of boxes) {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (seen.has(node) || !/\\S/.test(node.data)) continue;
        seen.add(node);
        const el = node.parentElement;
        if (!el || !shown(el) || hiddenByClip(el)) continue;
        // A Major Arcana's name is the picture on its face (the card's rank is its numeral,
        // checked; its name is said in the headline and the log, and is its aria-label).
        if (el.closest('.arcana-name')) continue;
        // A small card (a choice among cards, the Fool's peek) is for the one person who
        // chooses or peeks, at the screen: its name is its button's label and aria-label.
        if (el.closest('.card.small')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < opts.minFont - 0.01) small(el, size, node.data.trim(), box);
      }
      // Text drawn by CSS (::before and ::after content) counts too.
      for (const el of [box, ...box.querySelectorAll('*')]) {
        if (!shown(el)) continue;
        for (const pseudo of ['::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          const content = style.content;
          if (!content || content === 'none' || content === 'normal') continue;
          const text = content.replace(/^"|"$/g, '');
          if (!/\\S/.test(text) || style.display === 'none') continue;
          const size = parseFloat(style.fontSize);
          if (size < opts.minFont - 0.01) small(el, size, pseudo + ' ' + text, box);
        }
      }
    }
  }
  return problems;
}
"""


PANELS_CHECK = """() => {
  // The rail's panels (a choice, an Arcana's effect) and the log share the column: nothing in
  // a panel past its edges, no panel cut (the panels' column never scrolls), the log's head and
  // its Back and Step in the rail.
  const problems = [];
  const panels = document.getElementById('panels');
  const rail = document.querySelector('.rail').getBoundingClientRect();
  const TOL = 1;
  if (panels.scrollHeight > panels.clientHeight + TOL) {
    problems.push(`the panels are cut: ${panels.scrollHeight} px of ${panels.clientHeight}`);
  }
  for (const panel of panels.querySelectorAll(':scope > *, #choice-slot > *')) {
    if (!panel.checkVisibility() || panel.id === 'choice-slot') continue;
    const box = panel.getBoundingClientRect();
    for (const el of panel.querySelectorAll('*')) {
      if (!el.checkVisibility()) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1) continue;
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ` +
        `"${el.textContent.trim().slice(0, 30)}"`;
      if (r.left < box.left - TOL || r.right > box.right + TOL) {
        problems.push(`${name} leaves its panel sideways`);
      }
      if (el.scrollWidth > el.clientWidth + TOL && getComputedStyle(el).overflowX !== 'auto') {
        problems.push(`${name} is cut: ${el.scrollWidth} px wide in ${el.clientWidth}`);
      }
      if (el.matches('input[placeholder]')) {
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(el).font;
        probe.style.position = 'absolute';
        probe.style.whiteSpace = 'pre';
        probe.textContent = el.placeholder;
        document.body.appendChild(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        const style = getComputedStyle(el);
        const room = el.clientWidth - parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight);
        if (need > room + TOL) problems.push(`"${el.placeholder}" is cut: ${need} px in ${room}`);
      }
    }
  }
  for (const id of ['log-title', 'step-back', 'step-on', 'step-at']) {
    const r = document.getElementById(id).getBoundingClientRect();
    if (r.bottom > rail.bottom + TOL || r.bottom > window.innerHeight + TOL) {
      problems.push(`#${id} is under the rail's foot`);
    }
  }
  return problems;
}"""


def check_options(run: Run) -> dict[str, Any]:
    """What :data:`CHECK` needs to know of a run."""
    return {
        "phone": run.size.phone,
        "touch": run.size.touch,
        "people": list(run.people),
        "actions": list(seat_actions(find_variant(run.variant))),
        "names": run.names,
        "minFont": MIN_FONT_PX if run.size == DESKTOP else None,
    }


def check(page: Page, run: Run, stopped_at: float) -> list[str]:
    """Every problem seen in :data:`SAMPLES` samples of the table, the first at game time
    ``stopped_at`` (the first sample that shows a problem names it)."""
    ready = page.evaluate("document.body.dataset.ready")
    screen = page.evaluate("document.body.dataset.screen")
    if ready != "true" or screen != "table":
        return [f"the table did not open: data-ready={ready!r}, data-screen={screen!r}"]
    options = check_options(run)
    found: dict[str, str] = {}
    # A paused table does not change; on the projector display one moment is sampled (the
    # table's moments are the plain display's runs').
    for sample in range(1 if run.rewound or run.projector else SAMPLES):
        if sample:
            resume(page)
            for person in run.people:  # keep the game going
                page.keyboard.press(DEFAULT_KEYS[person]["flip"])
            stopped_at = sample_at(page, stopped_at + GAP_MS)
        problems = page.evaluate(CHECK, options)
        if not run.size.touch:
            problems += [("panels|" + message, message)
                         for message in page.evaluate(PANELS_CHECK)]
        if run.projector and not run.size.touch and not sample:
            problems += smaller_on_the_projector(page)
        for key, message in problems:
            found.setdefault(key, f"[sample {sample + 1}] {message}")
    return list(found.values())


def at_moments(page: Page, run: Run, moments: Sequence[int],
               shows: Callable[[Page], str | None]) -> list[str]:
    """Every problem of the table of ``run`` (an all-bot game, so the same game every time)
    at each moment (so many actions in, paused there); ``shows`` says why the table no longer
    shows the moment the test is about (None when it does)."""
    resume(page)
    wait_for_actions(page, max(moments), timeout_ms=BOOT_TIMEOUT_MS * 2)
    page.evaluate("window.ratscrewApp.stop_timers()")
    problems: list[str] = []
    for at in moments:
        page.evaluate("(at) => window.ratscrewApp.play.steps.jump(at)", at)  # paused there
        page.wait_for_selector("#paused-banner:not([hidden])")
        settle(page)  # (the jump redraws the table: what it moved comes to rest first)
        missing = shows(page)
        assert missing is None, (
            f"after {at} actions the game no longer shows the moment to test ({missing}): "
            "pick new moments")
        problems += [f"[after {at} actions] {message}"
                     for _, message in page.evaluate(CHECK, check_options(run))]
    return problems


def play_run(run: Run, tables: Tables, pytestconfig: pytest.Config) -> None:
    """A run's table, checked (:func:`check`): it fails with every problem found."""
    page = tables.open(run)
    try:
        problems = check(page, run, tables.stopped_at) + tables.errors
        if problems:
            fail(page, run, problems, pytestconfig)
    finally:
        tables.done(page)


def fail(page: Page, run: Run, problems: list[str], pytestconfig: pytest.Config) -> None:
    shot = ""
    if pytestconfig.getoption("--screenshot") != "off":
        path = Path(pytestconfig.getoption("--output")) / "layout" / f"{run.id}.png"
        page.screenshot(path=path)
        shot = f"; screenshot {path}"
    pytest.fail(
        f"{len(problems)} layout problem(s) in {run.id} ({run.link}){shot}:\n"
        + "\n".join(problems),
        pytrace=False,
    )
