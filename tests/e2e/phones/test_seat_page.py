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

Playing, finished (decisions and typed answers, the pile, the button to press, numbering,
accessibility): test_seat_play.py.

Every test opens its own pages in a browser of this module's, started with the flags that let
two pages of one machine connect over loopback.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e
pytest_plugins = ("phones_browser", "seat_pages")  # the phones' browser; pages and fixtures

pytest.register_assert_rewrite("seat_pages")  # its checks' asserts say what failed
from seat_pages import (  # noqa: E402
    FINE,
    KURS_ACTIONS,
    NO_CANDIDATES,
    PEERS,
    PHONE,
    SPIES,
    STATE,
    WAIT_MS,
    Host,
    Phone,
    boxes_fit,
    connect,
    pile,
    playing,
)

BUDGET = 200 * 1024
SIZES = [PHONE, {"width": 844, "height": 390}, {"width": 1024, "height": 768},
         {"width": 360, "height": 640}]


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
    # (A decision to make: test_seat_play.py.)
    playing(phone, host, actions=KURS_ACTIONS, mine=True, turn="Ada",
            name="Bartholomew-Alexandra", variant="K.U.R.S.", pile=pile("10PE", "NCU", "M12"),
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
