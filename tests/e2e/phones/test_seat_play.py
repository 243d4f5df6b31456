"""The phone's seat page while it plays (web/seat/), driven by a stand-in for the table
(seat_pages.py):

- A decision of the phone's own at every phone size, upright and on its side: every option
  on the screen, or in its box whose overflow is said (a fade, a cue) and reachable by
  scrolling it; the field for an answer of one's own where the table offers one; the moves
  still there, smaller.
- A typed answer: sent as typed but for what the table never reads (control characters, more
  than its length); an empty field sends nothing; the table's note says why an answer was not
  taken, and the choices are open again; text stays text.
- The button to press now is the bright one (flip on your turn or to collect your pile, else
  slap), in the table's colours; paused or over, none is.
- Who plays and who chooses, numbered from 1.
- The pile's top cards, drawn as the table draws them; a description that is not a card's
  draws nothing.
- Every screen passes axe: joining, the answer, playing, a decision, paused, over, lost, an
  error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
pytest_plugins = ("phones_browser", "seat_pages")  # the phones' browser; pages and fixtures

pytest.register_assert_rewrite("seat_pages")  # its checks' asserts say what failed
from seat_pages import (  # noqa: E402
    KURS_ACTIONS,
    PHONE,
    SPIES,
    STATE,
    Host,
    Phone,
    axe_problems,
    connect,
    pile,
    playing,
)

PHONE_SIZES = [{"width": 360, "height": 640}, PHONE, {"width": 640, "height": 360},
               {"width": 844, "height": 390}]
DECREES = ["When you win a stack, thank the player you won it from by name.",
           "Call me 'Your Highness'.", "Say 'pardon' before you slap.",
           "No one may say the word 'card'."]
EMPEROR = {"prompt": "The Emperor: make a decree (type it, or pick one). For the rest of the "
           "game you may fine anyone who breaks it a card.",
           "options": [[d, d] for d in DECREES], "free": 80}
"""K.U.R.S.' Emperor as web/phones/lobby.py sends it."""
STAR = {"prompt": "The Star: sing a song with the word 'star' in it (a different one each "
        "time; type its title if you like), or give two cards to each player.",
        "options": [["sing", "I sing"], ["give", "Give two cards to each player"]],
        "free": 60}
HERMIT = {"prompt": "The Hermit: which card do you hand out next? (21 cards left; each goes "
          "on top of its receiver's hand)",
          "options": [[f"{n}CU", f"{n} of Cups"] for n in range(2, 11)]
          + [[f"{n}SW", f"{n} of Swords"] for n in range(2, 11)]
          + [["QPE", "Queen of Pentacles"], ["KPE", "King of Pentacles"],
             ["M12", "The Hanged Man"]],
          "free": 0}
"""At an eight-player table the Hermit hands out 21 cards: 21 options."""
DECISIONS = {"emperor": EMPEROR, "star": STAR, "hermit": HERMIT}


def decision_fit(page: Page) -> list[str]:
    """What a person could not see of a decision on the screen: an option neither on the
    screen nor in its box with the box's overflow said (its edge faded, ``data-more``, and
    the cue when more are below); the page scrolling; the prompt, the field or a move off
    the screen."""
    return list(page.evaluate("""() => {
        const problems = [];
        const w = innerWidth, h = innerHeight, root = document.scrollingElement;
        if (root.scrollHeight > h + 1 || root.scrollWidth > w + 1) {
            problems.push(`scrolls: ${root.scrollWidth}x${root.scrollHeight} in ${w}x${h}`);
        }
        const inView = (r) => r.left >= -1 && r.top >= -1 && r.right <= w + 1 && r.bottom <= h + 1;
        const box = document.getElementById("play-options");
        const b = box.getBoundingClientRect();
        if (!inView(b)) problems.push("the options' box off screen");
        const scrolls = box.scrollHeight > box.clientHeight + 1;
        const more = box.dataset.more || "";
        const cue = document.getElementById("play-more");
        const cued = !cue.hidden && cue.getClientRects().length > 0
            && inView(cue.getBoundingClientRect());
        const faded = (edge) => getComputedStyle(box).maskImage.includes("gradient")
            && (more === edge || more === "both");
        for (const option of box.querySelectorAll("button")) {
            const r = option.getBoundingClientRect();
            const name = option.dataset.option;
            if (r.height < 44) problems.push(`${name}: a small button`);
            if (r.top >= b.top - 1 && r.bottom <= b.bottom + 1) {
                if (!inView(r)) problems.push(`${name} off screen`);
                continue;
            }
            if (!scrolls) problems.push(`${name} cut, and its box does not scroll`);
            if (r.bottom > b.bottom + 1 && !(faded("down") && cued)) {
                problems.push(`${name} below, unsaid (${more}, cue ${cued})`);
            }
            if (r.top < b.top - 1 && !faded("up")) problems.push(`${name} above, unsaid`);
        }
        const shown = [...document.querySelectorAll(
            "#play-prompt, #play-turn, #play-type :is(input, button), #play-actions button")]
            .filter((e) => e.getClientRects().length);
        for (const e of shown) {
            const r = e.getBoundingClientRect();
            if (!inView(r)) problems.push(`${e.id || e.dataset.action || e.tagName} off screen`);
            if (e.closest("#play-actions") && Math.min(r.width, r.height) < 48) {
                problems.push(`${e.dataset.action}: a small move`);
            }
        }
        return problems;
    }"""))


@pytest.mark.parametrize("size", PHONE_SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_decision_fits_every_phone(join: Callable[..., Phone], host: Host,
                                     size: dict[str, int]) -> None:
    phone = join(viewport=size)
    page = phone.page
    for name, decision in DECISIONS.items():
        playing(phone, host, actions=KURS_ACTIONS, variant="K.U.R.S.", mine=False, turn="",
                chooser="Ada", decision=decision, pile=pile("QCU", "10SW", "M5", count=9),
                line=f"Ada flips the card of the {name}, and the table waits for her choice.")
        expect(page.locator("[data-zone=phone-turn]")).to_have_text("Your choice")
        options = page.locator("#play-options button")
        expect(options).to_have_count(len(decision["options"]))
        field = page.locator("#play-text")
        if decision["free"]:
            expect(field).to_be_visible()
            expect(field).to_have_attribute("placeholder", "or type your own…")
            expect(field).to_have_attribute("maxlength", str(decision["free"]))
        else:
            expect(field).to_be_hidden()
        box = page.locator("#play-options")
        page.wait_for_function("() => document.getElementById('play-options').dataset.more"
                               " !== undefined")
        assert decision_fit(page) == [], f"{name} at {size}"
        if box.evaluate("(b) => b.scrollHeight > b.clientHeight + 1"):
            # Scrolled to its end: the last option is on the screen, the top edge fades.
            box.evaluate("(b) => { b.scrollTop = b.scrollHeight; }")
            expect(box).to_have_attribute("data-more", "up")
            expect(page.locator("#play-more")).to_be_hidden()
            assert decision_fit(page) == [], f"{name} at {size}, scrolled"
            box.evaluate("(b) => { b.scrollTop = 0; }")
            expect(box).to_have_attribute("data-more", "down")
        # The last option is reached and chosen (a person scrolls the box to it).
        last = options.last
        last.scroll_into_view_if_needed()
        expect(last).to_be_in_viewport()
        last.click()
        [choice] = host.wait_for("game", f"m.t === 'choose' && m.o === {last_value(decision)!r}")
        assert choice["o"] == decision["options"][-1][0]
        expect(last).to_have_attribute("data-chosen", "")
        expect(options.first).to_be_disabled()
    assert phone.errors == []


def last_value(decision: dict[str, Any]) -> str:
    return str(decision["options"][-1][0])


def test_an_answer_of_ones_own_is_sent_as_typed(join: Callable[..., Phone],
                                                host: Host) -> None:
    phone = join()
    page = phone.page
    playing(phone, host, actions=KURS_ACTIONS, variant="K.U.R.S.", chooser="Ada",
            decision=EMPEROR, line="Ada flips The Emperor.")
    field = page.locator("#play-text")
    say = page.locator("#play-type button")
    # An empty field sends nothing (the field says it wants words).
    say.click()
    page.wait_for_timeout(300)  # room for a message that must not come
    assert [m for m in host.messages("game") if m["t"] == "choose"] == []
    # Control characters become spaces; the table cleans the rest as it cleans its own field.
    field.fill("  No <b>humming</b>\u0007 at the\ttable  ")
    field.press("Enter")
    [typed] = host.wait_for("game", "m.t === 'choose'")
    assert typed["o"] == "  No <b>humming</b>  at the table  "
    expect(field).to_be_disabled()
    expect(page.locator("#play-options button").first).to_be_disabled()
    # Not taken: the table says why; the phone says it, and the choices are open again.
    host.send("game", {"t": "note", "text": "Type a few words first, or choose an option."})
    note = page.locator("#play-answer-note")
    expect(note).to_have_text("Type a few words first, or choose an option.")
    expect(note).to_have_attribute("role", "alert")
    expect(field).to_be_enabled()
    expect(page.locator("#play-options button").first).to_be_enabled()
    # Longer than the decision allows: cut to its length (a field's maxlength stops only
    # typing; this was pasted).
    field.fill("x" * 200)
    say.click()
    sent = host.wait_for("game", "m.t === 'choose'", count=2)
    assert sent[-1]["o"] == "x" * 80
    # A new decision: the note and the field are cleared.
    playing(phone, host, actions=KURS_ACTIONS, variant="K.U.R.S.", chooser="Ada",
            decision=STAR, line="Ada flips The Star.")
    expect(note).to_be_hidden()
    expect(field).to_have_value("")
    expect(field).to_have_attribute("maxlength", "60")
    assert page.locator("#play-decision img, #play-decision b").count() == 0
    assert phone.errors == []


def colours(page: Page) -> dict[str, str]:
    """Each move button's background, by action, and the tokens' colours it may have."""
    return dict(page.evaluate("""() => {
        const probe = document.createElement("div");
        document.body.append(probe);
        const token = (name) => {
            probe.style.background = `var(${name})`;
            return getComputedStyle(probe).backgroundColor;
        };
        const out = {accent: token("--accent"), red: token("--card-red-55"),
                     tint: token("--tint-10")};
        probe.remove();
        for (const b of document.querySelectorAll("#play-actions button")) {
            out[b.dataset.action] = getComputedStyle(b).backgroundColor;
        }
        return out;
    }"""))


def test_the_button_to_press_now_is_the_bright_one(join: Callable[..., Phone],
                                                   host: Host) -> None:
    phone = join()
    page = phone.page
    turn = page.locator("[data-zone=phone-turn]")
    playing(phone, host, seat=0, name="Ada", mine=True, turn="Ada", line="Your flip")
    expect(page.locator("#play-seat")).to_have_text("Seat 1")
    expect(turn).to_have_text("Your turn")
    c = colours(page)
    assert (c["flip"], c["slap"]) == (c["accent"], c["red"])  # flip, bright; slap, red
    playing(phone, host, seat=0, name="Ada", mine=False, turn="Bo", line="Bo's flip")
    expect(turn).to_have_text("Bo's turn")
    c = colours(page)
    assert (c["flip"], c["slap"]) == (c["tint"], c["accent"])
    playing(phone, host, seat=0, name="Ada", mine=True, collect=True, turn="Ada",
            line="Ada won the challenge")
    expect(turn).to_have_text("Your pile: flip to take it")
    assert colours(page)["flip"] == colours(page)["accent"]
    playing(phone, host, seat=0, name="Ada", actions=KURS_ACTIONS, mine=False, turn="",
            chooser="Bo", line="Bo flips The Hermit")
    expect(turn).to_have_text("Bo is choosing")
    c = colours(page)
    assert (c["flip"], c["slap-left"], c["slap-right"]) == (c["tint"], c["accent"], c["accent"])
    for changes in ({"paused": True, "mine": True, "turn": "Ada", "line": "Paused"},
                    {"over": True, "winner": "Bo", "line": "Bo wins the game"}):
        playing(phone, host, seat=0, name="Ada", **changes)
        c = colours(page)
        assert c["flip"] == c["slap"] == c["tint"], changes  # plain: nothing bright, no red
    expect(page.locator("#play-banner")).to_have_text("Bo wins")
    assert "player 0" not in page.inner_text("body").lower()
    assert phone.errors == []


def test_the_pile_shows_its_top_cards(join: Callable[..., Phone], host: Host) -> None:
    phone = join()
    page = phone.page
    cards = page.locator("[data-zone=phone-pile] .card")
    playing(phone, host, pile=pile("RJ", "7H", count=2), line="Bo flips the 7♥")
    assert cards.evaluate_all("(cs) => cs.map((c) => c.dataset.code)") == ["RJ", "7H"]
    expect(page.locator("#play-pile-count")).to_have_text("Pile: 2 cards")
    red = cards.evaluate_all("(cs) => cs.map((c) => getComputedStyle(c).color)")
    assert red[0] == red[1]  # a red joker and a heart: the table's red
    playing(phone, host, pile=pile("QS", "10SW", "M12", count=30), line="Tarot")
    assert cards.evaluate_all("(cs) => cs.map((c) => c.dataset.code)") == ["QS", "10SW", "M12"]
    expect(cards.nth(1).locator("svg.suit-icon")).to_have_count(3)  # corners and centre
    expect(cards.nth(2)).to_have_attribute("aria-label", "The Hanged Man")
    expect(page.locator("#play-pile-count")).to_have_text("Pile: 30 cards")
    # Descriptions that are not a card's draw nothing (and run nothing); the rest stand.
    seven = pile("7H")["top"][0]
    hostile = [
        ["script", {}, "window.hacked = 1"],
        ["div", {"class": "card", "onclick": "window.hacked = 1"}, ""],
        ["div", {"class": "card"}, [["img", {"src": "x", "onerror": "window.hacked=1"}, ""]]],
        ["span", {"class": "card"}, "not a card's element"],
        ["div", {"class": "card"}, "x" * 500],
        nest(60),
        ["div", {"class": "card"}, [["span", {}, "."]] * 300],
        "7H", None, 5, {"a": 1},
    ]
    for bad in hostile:
        host.send("game", {**STATE, "pile": {"count": 3, "top": [bad, seven]},
                           "line": f"hostile {hostile.index(bad)}"})
        expect(page.locator("[data-zone=phone-line]")).to_have_text(
            f"hostile {hostile.index(bad)}")
        assert cards.evaluate_all("(cs) => cs.map((c) => c.dataset.code)") == ["7H"], bad
    host.send("game", {**STATE, "pile": {"count": "many", "top": "x"}, "line": "junk"})
    expect(page.locator("[data-zone=phone-line]")).to_have_text("junk")
    expect(page.locator("[data-zone=phone-pile]")).to_be_hidden()
    assert page.evaluate("window.hacked") is None
    assert page.locator("#screen-playing :is(script, img)").count() == 0
    assert phone.errors == []


def nest(depth: int) -> list[Any]:
    node: list[Any] = ["span", {}, "deep"]
    for _ in range(depth):
        node = ["span", {}, [node]]
    return ["div", {"class": "card"}, [node]]


# The phone never gets its answer made: it stays on its first screen, "joining".
NEVER_ANSWERS = "RTCPeerConnection.prototype.createAnswer = () => new Promise(() => {});"


def test_every_phone_screen_passes_axe(host: Host, open_phone: Callable[..., Phone]) -> None:
    bad = open_phone("nonsense")
    bad.wait_state("error")
    assert axe_problems(bad.page) == [], "error"
    joining = open_phone(host.offer(1), (SPIES, NEVER_ANSWERS))
    expect(joining.page.locator("#joining-text")).to_be_visible()
    assert joining.state() == "joining"
    assert axe_problems(joining.page) == [], "joining"
    phone = open_phone(host.offer(2))
    page = phone.page
    phone.wait_state("answer")
    assert axe_problems(page) == [], "answer"
    connect(phone, host)
    playing(phone, host, actions=KURS_ACTIONS, mine=True, turn="Ada",
            pile=pile("QCU", "10SW", "M5"), line="Your flip")
    assert axe_problems(page) == [], "playing"
    playing(phone, host, actions=KURS_ACTIONS, chooser="Ada", decision=EMPEROR,
            line="Ada flips The Emperor.")
    host.send("game", {"t": "note", "text": "Not taken: that song was sung already."})
    expect(page.locator("#play-answer-note")).to_be_visible()
    assert axe_problems(page) == [], "a decision"
    playing(phone, host, actions=KURS_ACTIONS, paused=True, line="Paused")
    assert axe_problems(page) == [], "paused"
    playing(phone, host, over=True, winner="Bo", line="Bo wins the game")
    assert axe_problems(page) == [], "over"
    host.send("game", {"t": "bye", "why": "the game was closed"})
    phone.wait_state("lost")
    assert axe_problems(page) == [], "lost"
    assert phone.errors == [] and joining.errors == []
