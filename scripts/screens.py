#!/usr/bin/env python3
"""Screenshots of the built site at fixed moments, and a pixel comparison of two builds.

A change that must leave the page looking the same (files moved, classes split, CSS
reorganised) is checked by shooting the same states from the site before and after it::

    python scripts/screens.py --out /tmp/screens                 # this checkout's site
    python scripts/screens.py --rev HEAD --out /tmp/screens      # ... and HEAD's, compared
    python scripts/screens.py --rev main~3 --only kurs --out /tmp/screens

Each state of :data:`STATES` is a PNG in ``--out``, named after the state
(``classic-1920x1080.png``): every game on the table at 1920x1080 and on a 390x844 touch
phone (a four-player record made by this checkout's ``python -m ratscrew simulate``, opened
with "Open record…" and stepped to a fixed action), a person's choice panel, the statistics
lab's results, a slap practice drill under way and its results, a table stepped back with
Back (the log's future greyed) and the setup screen. ``--only TEXT`` shoots the states whose
name holds TEXT (may be repeated). A state that cannot be reached is said, the page as it
was saved as ``STATE.failed.png``, and the exit status is 1.

The site is built first (scripts/build; ``--no-build`` takes _site/ as it is) and served on
127.0.0.1 (``--port``, 8765 by default: the setup screen shows the address). With ``--rev
REV`` the revision is checked out into a temporary git worktree, built there by its own
scripts/build (sharing node_modules when its package-lock.json is the same) and shot into
``--out/REV/`` from the same address; each pair of pictures is then compared pixel by pixel
(a canvas in the browser reads both): a line per state says ``identical`` or how many pixels
differ and where, and ``--out/diff-REV/STATE.png`` shows those pixels in red. The exit status
is 0 when every pair is identical, 1 otherwise.

Two runs give the same pixels: each state has a fresh browser context (no storage, no
service worker) of a fixed size, locale and time zone; the page's clock (``Date``,
``performance.now()``, timers, animation frames) is Playwright's, from a fixed date, and is
stopped before the state's last action, after which only the script moves it (notes,
headlines and countdowns are caught at the same instant every time); the picture is taken
once fonts, stylesheets and images are in and every finite animation has ended, with
Chromium rastering whole tiles (:data:`RASTER_ARGS`).

Works from any directory; re-runs itself with the project's .venv Python when the one that
started it has no Playwright.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

sys.dont_write_bytecode = True
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import browser_tools  # noqa: E402

browser_tools.use_venv_python(__file__)

import sitebuild  # noqa: E402
from playwright.sync_api import (  # noqa: E402
    Browser,
    Error,
    FilePayload,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)

BOOT_TIMEOUT_MS = 120_000
STEP_TIMEOUT_MS = 60_000
LAB_TIMEOUT_MS = 300_000
PORT = 8765
SITE_PATH = "ratscrew"
"""The site's sub-path on the local server: each build in turn is linked there, so that both
are shot from the same URL (the setup screen shows it)."""
RASTER_ARGS = ["--disable-partial-raster"]
"""Chromium rasters a whole tile again when part of it changes: a tile rastered in parts (as
after an animation) may differ from a whole one by a few levels at antialiased edges, and
whether it is depends on timing."""

START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
"""The page's clock at load (a Monday noon: K.U.R.S.' Sun reads the local time)."""
FROZEN = START + timedelta(hours=1)
"""Where the page's clock stops before a state's last action (well after any start-up)."""
SETTLE_MS = 1000
"""How far the stopped clock is moved on after a table's last action: timers of no delay and
animation frames run, a seat's note (2.5 s) and an Arcana's sentence (7 s) stay."""
REACTION_MS = 340
"""A practice drill's slap comes this long after its card (a second one on the same card,
:data:`SECOND_MS` after the first)."""
SECOND_MS = 90
DRILL_STEP_MS = 100
"""How far the stopped clock moves at a time while a drill's next card is awaited."""
DRILL_SETTLE_MS = 200
"""After a drill's last slap: less than a slap's feedback lasts (650 ms)."""
DRILL_LIMIT_MS = 120_000

NAMES = ("Ada", "Ben", "Cleo", "Dev")
RECORD_SEED = 7
SETTINGS_KEY = "ratscrew.settings.v1"
"""The ``localStorage`` key of the page's saved settings."""

DESKTOP = (1920, 1080)
LAPTOP = (1366, 768)
SMALL = (1280, 720)
PHONE = (390, 844)


# --------------------------------------------------------------------------- the states


class Shot(Protocol):
    """What a scene needs: the site's URL and the game records."""

    url: str
    records: dict[str, bytes]


class Scene(Protocol):
    def play(self, page: Page, shot: Shot) -> None:
        """Bring ``page`` (a fresh context's, its clock installed) to the state."""


@dataclass(frozen=True)
class Setup:
    """The setup screen as a first visit shows it."""

    def play(self, page: Page, shot: Shot) -> None:
        open_page(page, shot.url)
        freeze(page)
        page.clock.run_for(SETTLE_MS)


@dataclass(frozen=True)
class Table:
    """A game record on the table, paused after action ``at``: reached by a click on a log
    entry then Step (``.``) to ``at`` (so the last action is drawn as it happens: its notes,
    its headline, a part's sentence), or, with ``back``, from ``at + back`` by as many Backs
    (``,``)."""

    variant: str
    at: int
    back: int = 0

    def play(self, page: Page, shot: Shot) -> None:
        open_page(page, shot.url)
        payload: FilePayload = {"name": f"{self.variant}.json", "mimeType": "application/json",
                                "buffer": shot.records[self.variant]}
        page.set_input_files("#record-file", files=[payload])
        # The page replays the whole record before it shows the table.
        expect(page.locator("body")).to_have_attribute("data-screen", "table",
                                                        timeout=BOOT_TIMEOUT_MS)
        expect_position(page, 0)
        target = self.at + self.back
        start = target if self.back else self.at - 1
        entry = int(page.evaluate(LAST_ENTRY, start))
        if entry > 0:
            page.click(f"#log li[data-step='{entry}']")
            expect_position(page, entry)
        freeze(page)
        for position in range(entry + 1, target + 1):
            page.keyboard.press(".")
            expect_position(page, position)
        for position in range(target - 1, target - self.back - 1, -1):
            page.keyboard.press(",")
            expect_position(page, position)
        page.clock.run_for(SETTLE_MS)
        page.evaluate("window.scrollTo(0, 0)")


@dataclass(frozen=True)
class Link:
    """A link's table (``query``), once ``ready`` is on show; ``settings`` are the saved
    settings the page finds."""

    query: str
    ready: str
    settings: dict[str, Any] = field(default_factory=dict)

    def play(self, page: Page, shot: Shot) -> None:
        if self.settings:
            page.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, "
                                 f"{json.dumps(json.dumps(self.settings))})")
        open_page(page, shot.url + "?" + self.query)
        page.wait_for_selector(self.ready)
        freeze(page)
        page.clock.run_for(SETTLE_MS)


@dataclass(frozen=True)
class Lab:
    """The statistics lab's results: ``games`` all-bot games of classic at four players."""

    games: int
    seed: int

    def play(self, page: Page, shot: Shot) -> None:
        open_page(page, shot.url)
        page.click("#setup-lab")
        page.wait_for_selector("#lab[data-runner]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.select_option("#lab-variant", "classic")
        page.select_option("#lab-players", "4")
        page.select_option("#lab-level", "normal")
        page.fill("#lab-games", str(self.games))
        page.fill("#lab-seed", str(self.seed))
        page.locator("#lab-seed").blur()
        freeze(page)
        page.click("#lab-run")
        page.wait_for_selector("#lab[data-state=done]", state="attached",
                               timeout=LAB_TIMEOUT_MS)
        page.wait_for_selector("#lab-plots figure svg")
        page.clock.run_for(SETTLE_MS)


@dataclass(frozen=True)
class Practice:
    """A slap practice drill (``query``), its clock moved on by hand: ``slaps`` are the keys
    pressed on a card (card index, key), :data:`REACTION_MS` after it is laid (the second key
    on a card :data:`SECOND_MS` later). The picture is taken once card ``until`` is laid and
    slapped, or, with ``until`` None, on the results."""

    query: str
    slaps: tuple[tuple[int, str], ...]
    until: int | None

    def play(self, page: Page, shot: Shot) -> None:
        open_page(page, shot.url + "?" + self.query)
        expect(page.locator("body")).to_have_attribute("data-screen", "practice",
                                                        timeout=STEP_TIMEOUT_MS)
        page.wait_for_selector("#practice-start")
        freeze(page)
        page.click("#practice-start")
        last = max(card for card, _ in self.slaps) if self.until is None else self.until
        for card in range(last + 1):
            run_until(page, f"[data-zone=practice-pile][data-index='{card}']")
            keys = [key for index, key in self.slaps if index == card]
            for i, key in enumerate(keys):
                page.clock.run_for(SECOND_MS if i else REACTION_MS)
                page.keyboard.press(key)
        if self.until is None:
            run_until(page, "[data-zone=practice-results]:not([hidden])")
        page.clock.run_for(DRILL_SETTLE_MS)


@dataclass(frozen=True)
class State:
    """A picture: its name, the browser's size (CSS pixels, one device pixel each; the phone
    size has touch), how the page gets there, and whether the whole page is shot (else the
    screen)."""

    name: str
    size: tuple[int, int]
    scene: Scene
    full_page: bool = False

    @property
    def touch(self) -> bool:
        return self.size == PHONE


DRILL = "practice=double,sandwich,marriage&players=2&cards=20&interval=1500&seed=screens"
DRILL_SLAPS = ((2, "w"), (4, "p"), (5, "w"), (7, "p"), (9, "w"), (11, "w"), (11, "p"),
               (14, "p"), (16, "w"), (18, "w"), (19, "p"))
"""Hits, misses and false slaps for both players; card 11 completes a sandwich."""
RAT_CALL = ("variant=slap-like-an-egyptian&players=4&bots=none&seed=5&names=Ada,Ben,Cleo,Dev"
            "&autostart=1")
"""Four people; at the deal the wooden die shows a Rat: Dev chooses among ten body parts."""
NO_TIME_LIMIT = {"version": 1, "choice_seconds": 0}

STATES: list[State] = [
    # A wrong slap under a pile of 8.
    State("classic-1920x1080", DESKTOP, Table("classic", 49)),
    State("classic-390x844", PHONE, Table("classic", 49)),
    # 10 cards on the pile.
    State("beggar-my-neighbour-1920x1080", DESKTOP, Table("beggar-my-neighbour", 33)),
    State("beggar-my-neighbour-390x844", PHONE, Table("beggar-my-neighbour", 33)),
    # 11 cards on the pile, a Rat on both dice, the black die with Ben.
    State("slap-like-an-egyptian-1920x1080", DESKTOP, Table("slap-like-an-egyptian", 50)),
    State("slap-like-an-egyptian-390x844", PHONE, Table("slap-like-an-egyptian", 50)),
    # A burn contest under way: three cards burned, one player still to burn.
    State("firefighters-1920x1080", DESKTOP, Table("firefighters", 35)),
    State("firefighters-390x844", PHONE, Table("firefighters", 35)),
    # The Tower on a pile of 21, its sentence and a decree in the rail.
    State("kurs-1920x1080", DESKTOP, Table("kurs", 240)),
    State("kurs-390x844", PHONE, Table("kurs", 240)),
    State("choice-1366x768", LAPTOP, Link(RAT_CALL, "[data-choice='3']", NO_TIME_LIMIT)),
    State("lab-1366x768", LAPTOP, Lab(games=100, seed=7), full_page=True),
    State("practice-drill-1366x768", LAPTOP, Practice(DRILL, DRILL_SLAPS, until=11)),
    State("practice-drill-390x844", PHONE, Practice(DRILL, DRILL_SLAPS, until=11)),
    State("practice-results-1366x768", LAPTOP, Practice(DRILL, DRILL_SLAPS, until=None),
          full_page=True),
    State("practice-results-390x844", PHONE, Practice(DRILL, DRILL_SLAPS, until=None),
          full_page=True),
    # Back six times from action 86 (the rest of the record greyed in the log).
    State("rewound-1280x720", SMALL, Table("classic", 80, back=6)),
    State("setup-1280x720", SMALL, Setup()),
    State("setup-390x844", PHONE, Setup()),
]


# --------------------------------------------------------------------------- in the page

LAST_ENTRY = """
(most) => Math.max(0, ...Array.from(document.querySelectorAll("#log li[data-step]"),
                                     (li) => Number(li.dataset.step)).filter((s) => s <= most))
"""
"""The latest moment, up to ``most``, that a log entry takes the table to."""

SETTLED = """
() => document.fonts.status === "loaded"
  && Array.from(document.querySelectorAll("link[rel=stylesheet]")).every((l) => l.sheet)
  && Array.from(document.images).every((i) => i.complete)
  && document.getAnimations().every((a) => a.playState !== "running"
    || a.effect === null || a.effect.getComputedTiming().endTime === Infinity)
"""
"""Fonts, stylesheets (a tool's own, added when it opens) and images are in, and every finite
animation (and transition) has ended."""

COMPARE = """
async ([a, b]) => {
  const read = async (text) => {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], {type: "image/png"}),
                                           {colorSpaceConversion: "none",
                                            premultiplyAlpha: "none"});
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d", {colorSpace: "srgb"});
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const [one, two] = await Promise.all([read(a), read(b)]);
  if (one.width !== two.width || one.height !== two.height) {
    return {size: [one.width, one.height, two.width, two.height]};
  }
  const {width, height} = one;
  const diff = new ImageData(width, height);
  let count = 0, left = width, top = height, right = -1, bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 4 * (y * width + x);
      const p = one.data, q = two.data, d = diff.data;
      const same = p[i] === q[i] && p[i + 1] === q[i + 1] && p[i + 2] === q[i + 2]
        && p[i + 3] === q[i + 3];
      if (same) {
        const grey = (p[i] * 0.3 + p[i + 1] * 0.59 + p[i + 2] * 0.11) * 0.35 + 165;
        d[i] = d[i + 1] = d[i + 2] = grey;
      } else {
        d[i] = 255; d[i + 1] = 0; d[i + 2] = 0;
        count++;
        left = Math.min(left, x); right = Math.max(right, x);
        top = Math.min(top, y); bottom = Math.max(bottom, y);
      }
      d[i + 3] = 255;
    }
  }
  if (!count) return {count};
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext("2d").putImageData(diff, 0, 0);
  const blob = await canvas.convertToBlob({type: "image/png"});
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return {count, box: [left, top, right, bottom], png: btoa(text)};
}
"""
"""Two PNGs (base64) compared pixel by pixel: the count of differing pixels, their bounding
box and a picture of them (red, over the first picture greyed), or the two sizes."""


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']", state="attached",
                           timeout=BOOT_TIMEOUT_MS)


def freeze(page: Page) -> None:
    """Stop the page's clock (at :data:`FROZEN`): from here on time moves only when told."""
    page.clock.pause_at(FROZEN)


def expect_position(page: Page, position: int) -> None:
    expect(page.locator("#step-at")).to_have_text(re.compile(rf"^{position} of \d+$"),
                                                  timeout=STEP_TIMEOUT_MS)


def run_until(page: Page, selector: str) -> None:
    """Move the stopped clock on, a little at a time, until ``selector`` is in the page."""
    for _ in range(DRILL_LIMIT_MS // DRILL_STEP_MS):
        if page.locator(selector).count():
            return
        page.clock.run_for(DRILL_STEP_MS)
    raise Error(f"{selector} never came")


def settle(page: Page) -> None:
    """The mouse out of the way (no hover), then wait for :data:`SETTLED`."""
    page.mouse.move(0, 0)
    page.wait_for_function(SETTLED, polling=100, timeout=STEP_TIMEOUT_MS)


# --------------------------------------------------------------------------- shooting


@dataclass
class Shooter:
    """One browser, shooting states of the site served at :attr:`url`."""

    browser: Browser
    url: str
    records: dict[str, bytes]

    def shoot(self, state: State, path: Path) -> float:
        """Take ``state``'s picture into ``path``; how long it took, in seconds. When the
        state cannot be reached, the page as it was is saved beside (``NAME.failed.png``)
        and the error raised."""
        started = time.monotonic()
        width, height = state.size
        viewport: ViewportSize = {"width": width, "height": height}
        context = self.browser.new_context(
            viewport=viewport, device_scale_factor=1, has_touch=state.touch,
            is_mobile=state.touch, service_workers="block", locale="en-US",
            timezone_id="UTC", color_scheme="light", reduced_motion="no-preference")
        try:
            page = context.new_page()
            page.set_default_timeout(STEP_TIMEOUT_MS)
            page.clock.install(time=START)
            try:
                state.scene.play(page, self)
                settle(page)
            except (Error, AssertionError):
                with contextlib.suppress(Error):
                    page.screenshot(path=str(path.with_suffix(".failed.png")))
                raise
            page.screenshot(path=str(path), full_page=state.full_page, animations="disabled",
                            caret="hide")
        finally:
            context.close()
        return time.monotonic() - started


@contextmanager
def serving(site: Path, port: int) -> Iterator[tuple[str, Path]]:
    """Serve ``site`` at ``http://127.0.0.1:PORT/ratscrew/`` from a thread; yields the URL and
    the link to point at another build's site (:func:`point`). Every build and every run has
    the same URL (the setup screen shows it)."""
    with tempfile.TemporaryDirectory(prefix="screens-host-") as folder:
        link = Path(folder) / SITE_PATH
        point(link, site)
        try:
            server = sitebuild.make_server(Path(folder), port, quiet=True)
        except OSError as error:
            sys.exit(f"cannot serve on 127.0.0.1:{port} ({error.strerror}): try --port N")
        thread = threading.Thread(target=server.serve_forever, name="screens-server",
                                  daemon=True)
        thread.start()
        try:
            yield f"{sitebuild.server_url(server)}{SITE_PATH}/", link
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)


def point(link: Path, site: Path) -> None:
    link.unlink(missing_ok=True)
    link.symlink_to(site.resolve(), target_is_directory=True)


def shoot_all(shooter: Shooter, states: Sequence[State], out: Path, label: str) -> bool:
    """Shoot ``states`` into ``out``, a line each; False when one could not be reached."""
    out.mkdir(parents=True, exist_ok=True)
    ok = True
    for state in states:
        path = out / f"{state.name}.png"
        path.unlink(missing_ok=True)
        path.with_suffix(".failed.png").unlink(missing_ok=True)
        try:
            seconds = shooter.shoot(state, path)
        except (Error, AssertionError) as error:
            ok = False
            lines = str(error).strip().splitlines() or [type(error).__name__]
            print(f"{label}{state.name}: failed: {lines[0]}", flush=True)
        else:
            print(f"{label}{state.name}: {path} ({seconds:.1f} s)", flush=True)
    return ok


def make_records(names: set[str]) -> dict[str, bytes]:
    """A four-player all-bot game of each variant in ``names`` (``python -m ratscrew
    simulate``, this checkout's engine), as a record with the players' names."""
    records = {}
    with tempfile.TemporaryDirectory(prefix="screens-records-") as folder:
        for variant in sorted(names):
            path = Path(folder) / f"{variant}.json"
            subprocess.run(
                [sys.executable, "-m", "ratscrew", "simulate", "--variant", variant,
                 "--players", str(len(NAMES)), "--games", "1", "--seed", str(RECORD_SEED),
                 "--record", str(path)],
                cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            data = json.loads(path.read_text(encoding="utf-8"))
            data["names"] = list(NAMES)
            records[variant] = json.dumps(data, separators=(",", ":")).encode()
    return records


# --------------------------------------------------------------------------- another revision


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


@contextmanager
def revision_site(rev: str) -> Iterator[Path]:
    """``rev`` checked out into a temporary worktree and built by its own scripts/build;
    yields its _site/. The worktree goes afterwards."""
    commit = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    folder = Path(tempfile.mkdtemp(prefix="screens-rev-"))
    tree = folder / "tree"
    git("worktree", "add", "--detach", str(tree), commit)
    try:
        lock = "package-lock.json"
        build = [sys.executable, str(tree / "scripts" / "build")]
        if ((tree / lock).is_file() and sitebuild.NODE_MODULES.is_dir()
                and (tree / lock).read_bytes() == (ROOT / lock).read_bytes()):
            # The same packages: this checkout's, as they are. Never `npm ci` through the
            # link: it would empty this checkout's node_modules/ first.
            (tree / "node_modules").symlink_to(sitebuild.NODE_MODULES, target_is_directory=True)
            build.append("--no-install")
        cache = ROOT / ".cache"
        if cache.is_dir():
            shutil.copytree(cache, tree / ".cache")
        print(f"building {rev} ({commit[:12]}) in {tree}", flush=True)
        subprocess.run(build, cwd=tree, check=True)
        yield tree / "_site"
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                       check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=False,
                       capture_output=True)


def compare(browser: Browser, names: Sequence[str], ours: Path, theirs: Path,
            diffs: Path) -> bool:
    """Compare each pair of pictures (``ours`` and ``theirs``, by name), a line each, and
    write a picture of each pair's differences into ``diffs``; True when all are identical."""
    context = browser.new_context()
    page = context.new_page()
    identical = 0
    try:
        for name in names:
            a, b = ours / f"{name}.png", theirs / f"{name}.png"
            diff = diffs / f"{name}.png"
            diff.unlink(missing_ok=True)
            if not a.is_file() or not b.is_file():
                print(f"{name}: no picture to compare", flush=True)
                continue
            one, two = a.read_bytes(), b.read_bytes()
            result: dict[str, Any] = {"count": 0} if one == two else page.evaluate(
                COMPARE, [base64.b64encode(one).decode(), base64.b64encode(two).decode()])
            if "size" in result:
                w1, h1, w2, h2 = result["size"]
                print(f"{name}: sizes differ ({w1}x{h1} against {w2}x{h2})", flush=True)
            elif result["count"]:
                left, top, right, bottom = result["box"]
                diffs.mkdir(parents=True, exist_ok=True)
                diff.write_bytes(base64.b64decode(result["png"]))
                print(f"{name}: {result['count']} pixels differ, in x {left}-{right}, "
                      f"y {top}-{bottom} ({diff})", flush=True)
            else:
                identical += 1
                print(f"{name}: identical", flush=True)
    finally:
        context.close()
    print(f"{identical} of {len(names)} identical", flush=True)
    return identical == len(names)


# --------------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the pictures")
    parser.add_argument("--rev", help="also shoot this git revision's site and compare")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="only the states whose name contains TEXT")
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    parser.add_argument("--port", type=int, default=PORT,
                        help=f"serve the site on this port (default: {PORT})")
    args = parser.parse_args()

    states = [s for s in STATES if not args.only or any(t in s.name for t in args.only)]
    if not states:
        names = ", ".join(s.name for s in STATES)
        sys.exit(f"no state matches {args.only}; the states: {names}")
    out: Path = args.out.resolve()
    started = time.monotonic()
    if not args.no_build:
        sitebuild.build()
    elif not (sitebuild.SITE / "index.html").is_file():
        sys.exit("_site/ is not built: run scripts/build")
    records = make_records({s.scene.variant for s in states if isinstance(s.scene, Table)})
    with sync_playwright() as playwright, serving(sitebuild.SITE, args.port) as (url, link):
        options = browser_tools.launch_options(playwright.chromium.executable_path)
        if options is None:
            sys.exit(browser_tools.NO_CHROMIUM)
        options["args"] = [*options.get("args", []), *RASTER_ARGS]
        browser = playwright.chromium.launch(**options)
        try:
            shooter = Shooter(browser, url, records)
            ok = shoot_all(shooter, states, out, "")
            if args.rev:
                label = re.sub(r"[^A-Za-z0-9._-]+", "-", args.rev).strip("-.") or "rev"
                try:
                    with revision_site(args.rev) as site:
                        point(link, site)
                        ok &= shoot_all(shooter, states, out / label, f"{label}: ")
                except subprocess.CalledProcessError as error:
                    detail = (error.stderr or "").strip()
                    sys.exit(f"{args.rev}: {' '.join(map(str, error.cmd))} failed"
                             + (f": {detail}" if detail else ""))
                ok &= compare(browser, [s.name for s in states], out, out / label,
                              out / f"diff-{label}")
        finally:
            browser.close()
    print(f"{len(states)} states in {time.monotonic() - started:.0f} s", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
