"""The phone's seat page (web/seat/) in Chromium, talking over real WebRTC data channels to a
stand-in for the table (host_harness.html: it makes a seat's offer with web/seat/signal.mjs,
applies the phone's answer and records what the phone sends).

- A missing or damaged join code: the ``error`` screen, saying to scan the table's code and
  what is wrong with it; nothing thrown, nothing logged.
- Joining: the ``answer`` screen's code names the offer's seat, and its QR code reads back
  (with the table's own reader, qr-scanner) to the same text; with no network address at all
  it says to join the table's Wi-Fi.
- Connected: ``hello`` first, then the first ``state`` turns the page to ``playing`` with the
  seat's name, number, cards, turn, headline, variant and moves (flip first); "Your turn",
  paused, the winner.
- Moves: a pointer-down sends ``act`` at once on ``fast`` and ``game`` and on ``fast`` again,
  the same id and time each; a tap or a key acts once, never twice; ids grow.
- ``ping`` gets ``pong``, ``buzz`` vibrates, a ``decision``'s buttons send ``choose``, the
  screen is kept awake, malformed messages are ignored (and text stays text), ``bye`` or the
  table hanging up shows ``lost``, leaving the page says ``bye``.
- ``window.ratscrewNet`` delays messages both ways.
- Fit: the answer and playing screens fit a phone upright and on its side, and a tablet, with
  no scrolling and the buttons large; the page loads under 200 KB (and no Python) before its
  code shows.

Every test opens its own pages in a browser of this module's, started with the flags that let
two pages of one machine connect over loopback.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

pytestmark = pytest.mark.e2e
pytest_plugins = ("phones_browser",)  # the phones' browser and its camera

ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
HARNESS = Path(__file__).with_name("host_harness.html")
HARNESS_PATH = "phones-harness/host.html"  # one folder below the site's top, as it expects
WAIT_MS = 20_000
BUDGET = 200 * 1024

PHONE = {"width": 390, "height": 844}
SIZES = [PHONE, {"width": 844, "height": 390}, {"width": 1024, "height": 768},
         {"width": 360, "height": 640}]

# Stand-ins for what a phone has: every vibration and wake lock asked for is recorded.
SPIES = """
window.vibrations = [];
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value(pattern) { window.vibrations.push(pattern); return true; },
});
window.wakeLocks = [];
window.wakeSentinels = [];
Object.defineProperty(Navigator.prototype, "wakeLock", {
  configurable: true,
  get() {
    return { request: async (type) => {
      window.wakeLocks.push(type);
      const sentinel = new EventTarget();
      sentinel.release = async () => {};
      window.wakeSentinels.push(sentinel);
      return sentinel;
    } };
  },
});
"""

# The phone's own description without its candidates: a phone on no network.
NO_CANDIDATES = """
const described = Object.getOwnPropertyDescriptor(RTCPeerConnection.prototype, "localDescription");
Object.defineProperty(RTCPeerConnection.prototype, "localDescription", {
  configurable: true,
  get() {
    const d = described.get.call(this);
    return d && { type: d.type, sdp: d.sdp.replace(/^a=candidate:.*\\r\\n/gm, "") };
  },
});
"""

# Every RTCPeerConnection the page makes, in window.peers.
PEERS = """
window.peers = [];
const RealPeer = RTCPeerConnection;
window.RTCPeerConnection = class extends RealPeer {
  constructor(...args) { super(...args); window.peers.push(this); }
};
"""

STATE: dict[str, Any] = {
    "t": "state", "seat": 2, "name": "Ada", "cards": 26, "turn": "Bo", "mine": False,
    "actions": [["slap", "Slap"], ["flip", "Flip"]], "line": "Bo flips the 7♥",
    "decision": None, "paused": False, "over": False, "winner": None, "variant": "Classic",
}
KURS_ACTIONS = [["flip", "Flip"], ["slap-left", "Slap left"], ["slap-right", "Slap right"]]
FINE = {"kind": "fine", "prompt": "Fine who broke your decree",
        "options": [[str(n), f"{n} {name}"] for n, name in enumerate(
            ["Ada", "Bo", "Cy", "Dee", "Eve", "Finnegan", "Gus", "Hal"], 1)]}
"""K.U.R.S.' Emperor's fine at an 8-player table, as web/phones/lobby.py offers it."""


# --------------------------------------------------------------------------- pages


@dataclass
class Phone:
    page: Page
    errors: list[str] = field(default_factory=list)
    responses: list[Response] = field(default_factory=list)

    def state(self) -> str:
        return str(self.page.evaluate("document.body.dataset.phoneState"))

    def wait_state(self, state: str) -> None:
        expect(self.page.locator("body")).to_have_attribute("data-phone-state", state,
                                                            timeout=WAIT_MS)


@dataclass
class Host:
    page: Page

    def offer(self, seat: int) -> str:
        return str(self.page.evaluate("(seat) => window.makeOffer(seat)", seat))

    def send(self, channel: str, message: Any) -> float:
        text = message if isinstance(message, str) else json.dumps(message)
        return float(self.page.evaluate("([c, m]) => window.sendOn(c, m)", [channel, text]))

    def messages(self, channel: str) -> list[dict[str, Any]]:
        return list(self.page.evaluate("(c) => window.got[c]", channel))

    def wait_for(self, channel: str, test: str, count: int = 1) -> list[dict[str, Any]]:
        """The messages on ``channel`` for which the JS expression ``test`` (of ``m``) holds,
        once there are ``count`` of them."""
        script = f"([c, n]) => window.got[c].filter((m) => {test}).length >= n"
        self.page.wait_for_function(script, arg=[channel, count], timeout=WAIT_MS)
        return list(self.page.evaluate(f"(c) => window.got[c].filter((m) => {test})", channel))


@pytest.fixture
def contexts(rtc_browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    made: list[BrowserContext] = []

    def new(**options: Any) -> BrowserContext:
        context = rtc_browser.new_context(service_workers="block", **options)
        made.append(context)
        return context

    yield new
    for context in made:
        context.close()


@pytest.fixture
def open_phone(contexts: Callable[..., BrowserContext], site_url: str) -> Callable[..., Phone]:
    def open_(fragment: str | None, scripts: tuple[str, ...] = (SPIES,),
              viewport: dict[str, int] = PHONE) -> Phone:
        context = contexts(viewport=viewport, has_touch=True, is_mobile=True)
        for script in scripts:
            context.add_init_script(script)
        phone = Phone(context.new_page())
        page = phone.page
        page.on("console", lambda m: phone.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: phone.errors.append(str(e)))
        page.on("response", lambda response: phone.responses.append(response))
        url = site_url + "web/seat/" + ("" if fragment is None else "#" + fragment)
        page.goto(url)
        return phone

    return open_


@pytest.fixture
def host(contexts: Callable[..., BrowserContext], site_url: str) -> Host:
    page = contexts().new_page()
    page.route(site_url + HARNESS_PATH, lambda route: route.fulfill(
        body=HARNESS.read_text(encoding="utf-8"), content_type="text/html; charset=utf-8"))
    page.goto(site_url + HARNESS_PATH)
    page.wait_for_function("typeof window.makeOffer === 'function'", timeout=WAIT_MS)
    return Host(page)


def connect(phone: Phone, host: Host) -> None:
    """The host applies the phone's answer; waits for the phone's hello."""
    phone.wait_state("answer")
    code = phone.page.locator("[data-code]").get_attribute("data-code")
    assert host.page.evaluate("(code) => window.accept(code)", code) == 2
    host.wait_for("game", "m.t === 'hello'")


@pytest.fixture
def join(host: Host, open_phone: Callable[..., Phone]) -> Callable[..., Phone]:
    """Seat 3's phone (seat 2), connected and said hello; no state sent yet."""

    def join_(scripts: tuple[str, ...] = (SPIES,), viewport: dict[str, int] = PHONE) -> Phone:
        phone = open_phone(host.offer(2), scripts, viewport)
        connect(phone, host)
        return phone

    return join_


def playing(phone: Phone, host: Host, **changes: Any) -> None:
    """Sends a state (STATE with ``changes``) and waits until the phone shows its headline."""
    state = {**STATE, **changes}
    host.send("game", state)
    phone.wait_state("playing")
    expect(phone.page.locator('[data-zone="phone-line"]')).to_have_text(state["line"])


# --------------------------------------------------------------------------- no code


@pytest.mark.parametrize(("fragment", "says"), [
    (None, "not a Ratscrew seat code"),
    ("hello", "not a Ratscrew seat code"),
    ("1~9~abcd~abcdefghijklmnopqrstuv~" + "A" * 43 + "~", "names no seat"),
    ("1~2~abcd~abcdefghijklmnopqrstuv~short~", "damaged"),
    ("1~2~abcd~abcdefghijklmnopqrstuv~" + "A" * 43 + "~evil.example:1", "addresses are damaged"),
    ("%E0%A4%A", "not a Ratscrew seat code"),
], ids=["missing", "words", "no seat", "cut fingerprint", "bad address", "bad escape"])
def test_a_bad_code_says_to_scan_again(open_phone: Callable[..., Phone], fragment: str | None,
                                       says: str) -> None:
    phone = open_phone(fragment)
    phone.wait_state("error")
    page = phone.page
    expect(page.locator("#screen-error h1")).to_have_text("Scan the code shown at the table")
    expect(page.locator("#error-text")).to_contain_text(says)
    for other in ("joining", "answer", "playing", "lost"):
        expect(page.locator(f"#screen-{other}")).to_be_hidden()
    assert phone.errors == []


# --------------------------------------------------------------------------- the answer


def test_the_answer_names_the_seat_and_its_qr_code_reads_back(
        host: Host, open_phone: Callable[..., Phone]) -> None:
    phone = open_phone(host.offer(5))
    phone.wait_state("answer")
    page = phone.page
    code = page.locator("[data-code]").get_attribute("data-code")
    assert code and page.locator("#answer-text").input_value() == code
    assert host.page.evaluate("(c) => window.decodeCode(c).seat", code) == 5
    expect(page.locator("#answer-help")).to_contain_text(
        "Seat 6: hold this up to the table's camera")
    expect(page.locator("#answer-network")).to_be_hidden()

    # The table's reader reads the code off the phone's screen.
    shot = page.locator("#answer-qr").screenshot()
    url = "data:image/png;base64," + base64.b64encode(shot).decode()
    assert host.page.evaluate("(u) => window.scanQr(u)", url) == code

    # Copy: the clipboard, or else the text selected for the phone's own menu.
    page.locator("#answer-copy-button").click()
    expect(page.locator("#answer-status")).to_contain_text(re.compile("Copied|Selected"))
    assert phone.errors == []


def test_a_phone_on_no_network_is_told_to_join_the_wifi(
        host: Host, open_phone: Callable[..., Phone]) -> None:
    phone = open_phone(host.offer(0), (SPIES, NO_CANDIDATES))
    phone.wait_state("answer")
    expect(phone.page.locator("#answer-network")).to_be_visible()
    expect(phone.page.locator("#answer-network")).to_contain_text("join the same Wi-Fi")
    code = phone.page.locator("[data-code]").get_attribute("data-code")
    assert host.page.evaluate("(c) => window.decodeCode(c).candidates.length", code) == 0


def test_a_code_the_browser_gave_up_on_says_to_scan_again(
        host: Host, open_phone: Callable[..., Phone]) -> None:
    """Unanswered, a browser stops waiting for the table after a few minutes (the connection
    "failed"; a new answer to the same offer would not connect): the page says so."""
    phone = open_phone(host.offer(2), (SPIES, PEERS))
    phone.wait_state("answer")
    page = phone.page
    page.wait_for_timeout(500)  # the connection's own "connecting" comes first
    assert phone.state() == "answer", "no loss while the table has not read the code"
    page.evaluate("""() => {
        const peer = window.peers[0];
        Object.defineProperty(peer, "connectionState", { get: () => "failed" });
        peer.dispatchEvent(new Event("connectionstatechange"));
    }""")
    phone.wait_state("lost")
    expect(page.locator("#lost-text")).to_have_text(
        "Lost the table: the table did not read this phone's code in time. Scan the new code "
        "at the table to sit down again.")
    assert phone.errors == []


# --------------------------------------------------------------------------- playing


def test_hello_then_the_first_state_shows_the_seat(join: Callable[..., Phone],
                                                   host: Host) -> None:
    phone = join()
    page = phone.page
    assert host.messages("game")[0]["t"] == "hello" and host.messages("game")[0]["v"] == 1
    expect(page.locator("#answer-connected")).to_have_text("Connected: waiting for the table")
    expect(page.locator("#answer-connected")).to_be_visible()
    assert phone.state() == "answer"

    playing(phone, host)
    expect(page.locator("[data-name]")).to_have_text("Ada")
    expect(page.locator("#play-seat")).to_have_text("Seat 3")
    expect(page.locator('[data-zone="phone-cards"]')).to_have_text("26")
    expect(page.locator('[data-zone="phone-turn"]')).to_have_text("Bo's turn")
    expect(page.locator("#play-variant")).to_have_text("Classic")
    buttons = page.locator("[data-action]")
    assert buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.action)") == ["flip", "slap"]
    expect(buttons.first).to_have_text("Flip")
    expect(page.locator('[data-action="slap"]')).to_have_text("Slap")
    flip, slap = (page.locator(f'[data-action="{a}"]').bounding_box() for a in ("flip", "slap"))
    assert flip and slap and flip["x"] + flip["width"] <= slap["x"], "flip on the left"
    page.wait_for_function("window.wakeLocks.length === 1")
    # The browser drops the lock when the page is hidden; back in view, it is asked again.
    page.evaluate("""() => {
        window.wakeSentinels[0].dispatchEvent(new Event("release"));
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    page.wait_for_function("window.wakeLocks.length === 2")
    assert page.evaluate("window.wakeLocks") == ["screen", "screen"]

    playing(phone, host, mine=True, turn="Ada", cards=1, line="Your flip",
            actions=KURS_ACTIONS, variant="K.U.R.S.")
    expect(page.locator('[data-zone="phone-turn"]')).to_have_text("Your turn")
    expect(page.locator('[data-zone="phone-cards"]')).to_have_text("1")
    expect(page.locator("#play-cards-label")).to_have_text("card")
    assert page.locator("[data-action]").evaluate_all(
        "(bs) => bs.map((b) => b.dataset.action)") == ["flip", "slap-left", "slap-right"]

    playing(phone, host, paused=True, line="Paused")
    expect(page.locator("#play-banner")).to_have_text("Paused at the table")
    playing(phone, host, over=True, winner="Ada", actions=[], line="Ada wins the game")
    expect(page.locator("#play-banner")).to_have_text("You win!")
    expect(page.locator("[data-action]")).to_have_count(0)
    playing(phone, host, over=True, winner="Bo", line="Bo wins the game")
    expect(page.locator("#play-banner")).to_have_text("Bo wins")
    assert phone.errors == []


def test_a_press_sends_its_action_three_times_and_once_per_press(
        join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    page = phone.page
    playing(phone, host)
    slap = page.locator('[data-action="slap"]')
    slap.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    expect(slap).to_have_attribute("data-pressed", "")  # shown before the table answers
    slap.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    expect(slap).not_to_have_attribute("data-pressed", "")

    [on_game] = host.wait_for("game", "m.t === 'act'")
    on_fast = host.wait_for("fast", "m.t === 'act'", count=2)
    assert on_game["id"] == 1 and on_game["a"] == "slap"
    assert isinstance(on_game["at"], (int, float)) and on_game["at"] > 0
    strip = ("hostAt",)
    same = {k: v for k, v in on_game.items() if k not in strip}
    assert [{k: v for k, v in m.items() if k not in strip} for m in on_fast] == [same, same]
    assert set(same) == {"t", "id", "a", "at"}

    # A real tap (pointer down, up, click), Enter and Space: one action each.
    page.locator('[data-action="flip"]').tap()
    host.wait_for("game", "m.t === 'act' && m.id === 2")
    page.locator('[data-action="flip"]').focus()
    page.keyboard.press("Enter")
    host.wait_for("game", "m.t === 'act' && m.id === 3")
    page.keyboard.press(" ")
    host.wait_for("game", "m.t === 'act' && m.id === 4")
    page.wait_for_timeout(300)  # room for a second, wrong, action of the same press
    acts = [(m["id"], m["a"]) for m in host.messages("game") if m["t"] == "act"]
    assert acts == [(1, "slap"), (2, "flip"), (3, "flip"), (4, "flip")]
    assert phone.errors == []


def test_ping_buzz_and_a_decision(join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    page = phone.page
    playing(phone, host)

    host.send("fast", {"t": "ping", "h": 1234.5})
    [pong] = host.wait_for("fast", "m.t === 'pong'")
    assert pong["h"] == 1234.5 and isinstance(pong["p"], (int, float))

    host.send("game", {"t": "buzz", "p": [80, 40, 80]})
    page.wait_for_function("window.vibrations.length > 0", timeout=WAIT_MS)
    assert page.evaluate("window.vibrations") == [[80, 40, 80]]

    decision = {"prompt": "Burn the pile?", "options": [["burn", "Burn it"], [2, "Two"]]}
    playing(phone, host, decision=decision, line="A choice")
    expect(page.locator("#play-prompt")).to_have_text("Burn the pile?")
    expect(page.locator("[data-option]")).to_have_count(2)
    expect(page.locator('[data-option="burn"]')).to_have_text("Burn it")
    page.locator('[data-option="2"]').click()
    [choice] = host.wait_for("game", "m.t === 'choose'")
    assert choice["o"] == 2  # the option's own value, a number here
    playing(phone, host, line="No choice now")
    expect(page.locator("#play-decision")).to_be_hidden()
    assert phone.errors == []


def test_a_decree_holder_fines_from_the_phone(join: Callable[..., Phone], host: Host) -> None:
    """The variant's own actions the state offers (K.U.R.S.' fine) are buttons; each press
    sends ``do`` once; they go when the state stops offering them."""
    phone = join()
    page = phone.page
    playing(phone, host, actions=KURS_ACTIONS, variant="K.U.R.S.", own=[FINE])
    group = page.locator('[data-own="fine"]')
    expect(group).to_have_attribute("aria-label", FINE["prompt"])
    expect(group.locator(".own-prompt")).to_have_text(FINE["prompt"])
    expect(group.locator("button")).to_have_count(8)
    group.locator('[data-option="2"]').click()
    group.locator('[data-option="2"]').click()  # a second fine: each press is one
    dos = host.wait_for("game", "m.t === 'do'", count=2)
    assert [(m["k"], m["o"]) for m in dos] == [("fine", "2")] * 2
    decision = {"prompt": "Challenge Bo's slap?", "options": [["yes", "Challenge"]]}
    playing(phone, host, actions=KURS_ACTIONS, own=[FINE], decision=decision, line="Asked")
    expect(page.locator("#play-own")).to_be_hidden()  # the decision first: its time runs
    playing(phone, host, actions=KURS_ACTIONS, own=[FINE], line="Answered")
    expect(group.locator("button")).to_have_count(8)
    assert not [m for m in host.messages("fast") if m["t"] == "do"]  # the reliable one only
    host.send("game", {**STATE, "actions": KURS_ACTIONS, "own": [{"kind": 5}, "x", None]})
    expect(page.locator("#play-own")).to_be_hidden()  # nothing valid offered
    assert phone.errors == []


def test_malformed_messages_are_ignored_and_text_stays_text(
        join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    page = phone.page
    playing(phone, host)
    for junk in ["nope", "[]", "null", "42", '{"t": 5}', '{"t":"buzz","p":"x"}',
                 '{"t":"ping","h":"x"}', '{"t":"buzz","p":[1e9]}']:
        host.send("game", junk)
        host.send("fast", junk)
    host.send("game", {"t": "state", "actions": "x", "decision": 5, "cards": "lots",
                       "name": 7, "line": None})
    evil = '<img src=x onerror="window.hacked=1">'
    playing(phone, host, name=evil, line=evil, cards=9)
    expect(page.locator("[data-name]")).to_have_text(evil)
    expect(page.locator('[data-zone="phone-cards"]')).to_have_text("9")
    assert page.locator("#screen-playing img").count() == 0
    assert page.evaluate("window.hacked") is None
    assert page.evaluate("window.vibrations") == []
    assert not [m for m in host.messages("fast") if m.get("t") == "pong"]
    assert phone.errors == []


def test_bye_shows_lost(join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    playing(phone, host)
    host.send("game", {"t": "bye", "why": "the seat went to another phone"})
    phone.wait_state("lost")
    expect(phone.page.locator("#lost-text")).to_have_text(
        "Lost the table: the seat went to another phone. Scan the new code at the table to "
        "sit down again.")
    assert phone.errors == []


def test_the_table_hanging_up_shows_lost(join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    playing(phone, host)
    host.page.evaluate("window.hangUp()")
    phone.wait_state("lost")
    expect(phone.page.locator("#lost-text")).to_contain_text(
        "Lost the table: the connection dropped.")


def test_leaving_the_page_says_bye(join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    playing(phone, host)
    phone.page.goto("about:blank")
    host.wait_for("game", "m.t === 'bye'")


def test_a_slow_network_is_slow_both_ways(join: Callable[..., Phone], host: Host) -> None:
    phone = join((SPIES, "window.ratscrewNet = {delay: 200, jitter: 50};"))
    playing(phone, host)
    sent = host.send("fast", {"t": "ping", "h": 1})
    [pong] = host.wait_for("fast", "m.t === 'pong'")
    assert pong["hostAt"] - sent >= 390, "200 ms in, 200 ms out at least"


# --------------------------------------------------------------------------- fit and weight


def boxes_fit(page: Page) -> list[str]:
    """What does not fit the screen: the page scrolling, or a shown box outside the screen."""
    return list(page.evaluate("""() => {
        const problems = [];
        const w = innerWidth, h = innerHeight, root = document.scrollingElement;
        if (root.scrollHeight > h + 1 || root.scrollWidth > w + 1) {
            problems.push(`scrolls: ${root.scrollWidth}x${root.scrollHeight} in ${w}x${h}`);
        }
        const shown = [...document.querySelectorAll(
            "main section:not([hidden]) :is(button, textarea, figure, p, h1, [data-zone])")]
            .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden"
                    && !e.closest(".visually-hidden"));
        for (const e of shown) {
            const r = e.getBoundingClientRect();
            if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1) {
                problems.push(`${e.id || e.dataset.action || e.tagName} off screen`);
            }
            if (e.scrollWidth > e.clientWidth + 1 && e.tagName !== "TEXTAREA") {
                problems.push(`${e.id || e.dataset.action || e.tagName} cut`);
            }
        }
        const info = document.getElementById("play-info");
        if (info && info.offsetParent && info.scrollHeight > info.clientHeight + 1) {
            problems.push("play-info needs scrolling");
        }
        return problems;
    }"""))


def test_the_screens_fit_phones_and_tablets(open_phone: Callable[..., Phone], host: Host) -> None:
    phone = open_phone(host.offer(2))
    phone.wait_state("answer")
    page = phone.page
    for size in SIZES:
        page.set_viewport_size(size)
        assert boxes_fit(page) == [], f"answer at {size}"
        qr = page.locator("#answer-qr").bounding_box()
        assert qr and abs(qr["width"] - qr["height"]) < 1
        assert qr["width"] >= 0.5 * min(size["width"], size["height"]), f"a small QR at {size}"
    connect(phone, host)
    decision = {"prompt": "Challenge Bo's slap?", "options": [["yes", "Challenge"],
                                                            ["no", "Let it go"]]}
    playing(phone, host, actions=KURS_ACTIONS, decision=decision, mine=True, turn="Ada",
            name="Bartholomew-Alexandra", variant="K.U.R.S.", own=[FINE],
            line="Bo slaps a sandwich (7♥ 2♣ 7♠) and takes 14 cards")
    for size in SIZES:
        page.set_viewport_size(size)
        assert boxes_fit(page) == [], f"playing at {size}"
        buttons = page.locator("[data-action]").evaluate_all(
            "(bs) => bs.map((b) => [b.dataset.action, b.getBoundingClientRect().toJSON()])")
        for action, box in buttons:
            least = 64 if action == "flip" else 96  # touch targets: 48 px or more
            assert min(box["width"], box["height"]) >= least, f"a small {action} at {size}"
        info = page.locator("#play-info").bounding_box()
        actions = page.locator("#play-actions").bounding_box()
        assert info and actions
        apart = (info["y"] + info["height"] <= actions["y"] + 1
                 or info["x"] + info["width"] <= actions["x"] + 1)
        assert apart, f"the moves cover the information at {size}"
    # A decree's maker at an 8-player table, a long headline: the fine's eight buttons fit;
    # on a small phone or one held sideways, in one row that scrolls sideways.
    playing(phone, host, actions=KURS_ACTIONS, mine=False, turn="Bo", own=[FINE],
            name="Bartholomew-Alexandra", variant="K.U.R.S.",
            line="Bo slaps a sandwich (7♥ 2♣ 7♠) and takes 14 cards")
    for size in SIZES:
        page.set_viewport_size(size)
        problems = boxes_fit(page)
        row = page.locator(".own-options")
        if size["height"] < 700:  # the row scrolls: a button past its edge is not cut off
            problems = [p for p in problems if p not in ("BUTTON off screen", "DIV cut")]
            assert row.evaluate("(r) => r.scrollWidth > r.clientWidth"), size
            assert row.evaluate("(r) => r.getBoundingClientRect().height < 80"), size
            last = page.locator('.own-options [data-option="8"]')
            last.scroll_into_view_if_needed()
            expect(last).to_be_in_viewport()
            last.click()
            [sent] = [m for m in host.messages("game") if m["t"] == "do"][-1:]
            assert sent["o"] == "8"
        assert problems == [], f"a fine to make at {size}"
        fines = page.locator(".own-options button").evaluate_all(
            "(bs) => bs.map((b) => b.getBoundingClientRect().height)")
        assert len(fines) == 8 and min(fines) >= 44, f"small fine buttons at {size}"


def test_the_page_is_light_before_its_code_shows(host: Host,
                                                  open_phone: Callable[..., Phone],
                                                  site_url: str) -> None:
    phone = open_phone(host.offer(1), ())
    phone.wait_state("answer")
    urls = [r.url for r in phone.responses]
    total = sum(len(r.body()) for r in phone.responses)
    assert any(u.endswith("qrcode.mjs") for u in urls) and any(u.endswith("seat.mjs")
                                                               for u in urls)
    assert all(u.startswith(site_url) for u in urls), urls
    assert not [u for u in urls if "pyodide" in u or "pyscript" in u or u.endswith(".wasm")]
    assert total < BUDGET, f"{total} bytes before the code shows: {urls}"
    assert all(r.ok for r in phone.responses), [(r.url, r.status) for r in phone.responses]
    assert phone.errors == []


def axe_problems(page: Page) -> list[str]:
    """The serious and critical violations axe-core finds in the page as it is now."""
    assert AXE.is_file(), f"{AXE.relative_to(ROOT)} is missing: run `npm ci`"
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    violations = page.evaluate("""async () => (await axe.run(document, {
        resultTypes: ["violations"]})).violations.map((v) => [v.id, v.impact,
        v.nodes.map((n) => n.target.join(" "))])""")
    return [f"{rule} ({impact}): {targets}" for rule, impact, targets in violations
            if impact in ("serious", "critical")]


def test_every_screen_passes_axe(host: Host, open_phone: Callable[..., Phone]) -> None:
    bad = open_phone("nonsense")
    bad.wait_state("error")
    assert axe_problems(bad.page) == [], "error"
    phone = open_phone(host.offer(2))
    phone.wait_state("answer")
    assert axe_problems(phone.page) == [], "answer"
    connect(phone, host)
    decision = {"prompt": "Burn the pile?", "options": [["yes", "Burn"], ["no", "Keep"]]}
    playing(phone, host, actions=KURS_ACTIONS, mine=True, decision=decision, paused=True,
            own=[FINE])
    assert axe_problems(phone.page) == [], "playing"
    host.send("game", {"t": "bye", "why": "the game was closed"})
    phone.wait_state("lost")
    assert axe_problems(phone.page) == [], "lost"
