"""The seat page's tests' pieces (web/seat/ in Chromium, over real WebRTC data channels):
a stand-in for the table (host_harness.html: it makes a seat's offer with
web/seat/signal.mjs, applies the phone's answer, records what the phone sends and sends what a
test asks) and phones joined to it, the state a table sends, and the checks of a screen's fit
and of its accessibility. A plugin of test_seat_page.py and test_seat_play.py (``pytest_plugins``:
a conftest.py here would be one more module named ``conftest``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from ratscrew.core.cards import CARDS
from web.model.card_face import card_face

ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
HARNESS = Path(__file__).with_name("host_harness.html")
HARNESS_PATH = "phones-harness/host.html"  # one folder below the site's top, as it expects
WAIT_MS = 20_000

PHONE = {"width": 390, "height": 844}

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
    "collect": False, "chooser": "", "actions": [["slap", "Slap"], ["flip", "Flip"]],
    "line": "Bo flips the 7♥", "decision": None, "own": [], "pile": {"count": 0, "top": []},
    "paused": False, "over": False, "winner": None, "variant": "Classic",
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


def pile(*codes: str, count: int = 12) -> dict[str, Any]:
    """A state's pile: ``count`` cards, ``codes`` on top (the top one last), described as
    the table describes them."""
    return {"count": count, "top": [card_face(CARDS[code]) for code in codes]}


def playing(phone: Phone, host: Host, **changes: Any) -> None:
    """Sends a state (STATE with ``changes``) and waits until the phone shows its headline."""
    state = {**STATE, **changes}
    host.send("game", state)
    phone.wait_state("playing")
    expect(phone.page.locator('[data-zone="phone-line"]')).to_have_text(state["line"])


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
