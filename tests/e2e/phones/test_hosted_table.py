"""A table hosted on one page and played from phones (other pages, in contexts of their own),
connected over loopback: pairing by the camera and by text, a whole game with slaps from
several phones, the fairness of slaps over a slow phone, a phone that drops and comes back,
and hostile messages.

The games here are driven move by move from the host's state (whose turn, whether the pile can
be slapped), each press made on the phone whose seat it is and waited for until the host has
applied it: with no bot at the table the game is the same every run (its seed was picked, with
the same moves, in CPython for a short game with slaps from both phones).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ratscrew.play.record import replay

pytestmark = pytest.mark.e2e
pytest_plugins = ("phones_browser",)  # the phones' browser and its camera

SHORT_GAME = "p1794"
"""A classic two-player seed whose game, played by :func:`play_move`'s rule, ends in 64 moves
with two slaps from each phone."""
MANY_SLAPS = "fair-1"
"""A classic two-player seed with six slappable piles in its first 51 moves (each slapped by
one phone, then by the other 100 ms later), the game still on."""
PHONE = {"width": 390, "height": 844}
HOST_TIMEOUT_MS = 60_000

AUTO_NOTHING = ""


class Table:
    """The host page and its phones."""

    def __init__(self, browser: Browser, site_url: str, query: str | None,
                 size: tuple[int, int] = (1366, 768)) -> None:
        """The host at the link of ``query``'s table; with None, at the setup screen."""
        self.browser = browser
        self.site_url = site_url
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []
        self.host = self.page({"width": size[0], "height": size[1]}, touch=False)
        if query is None:
            self.host.goto(site_url)
            self.host.wait_for_selector("body[data-ready=true]", state="attached",
                                        timeout=HOST_TIMEOUT_MS)
        else:
            self.host.goto(f"{site_url}?{query}&autostart=1")
            self.wait_codes()
        self.phones: dict[int, Page] = {}
        self.codes: dict[int, str] = {}
        """The join code each seat last showed (a new one is made after a drop)."""

    def page(self, viewport: dict[str, int], touch: bool = True,
             net: dict[str, float] | None = None) -> Page:
        context = self.browser.new_context(viewport=viewport, has_touch=touch,
                                           is_mobile=touch, service_workers="block")
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        if net is not None:
            page.add_init_script(f"window.ratscrewNet = {json.dumps(net)};")
        return page

    def wait_codes(self) -> None:
        self.host.wait_for_selector(".phones-qr[data-code]", timeout=HOST_TIMEOUT_MS)

    def close(self) -> None:
        for context in self.contexts:
            context.close()

    # -- pairing ---------------------------------------------------------------------------

    def code_for(self, seat: int) -> str:
        """The join link of ``seat``, as its QR code on the host says it."""
        host = self.host
        host.click(f"#phones-seats [data-do=show][data-for='{seat}']")
        old = self.codes.get(seat, "")
        host.wait_for_function(
            "([seat, old]) => { const code = document.querySelector('.phones-qr')"
            ".dataset.code || ''; return code.startsWith(`1~${seat}~`) && code !== old; }",
            arg=[seat, old], timeout=HOST_TIMEOUT_MS)
        self.codes[seat] = str(host.get_attribute(".phones-qr", "data-code"))
        return str(host.input_value("#phones-link"))

    def open_phone(self, seat: int, net: dict[str, float] | None = None) -> Page:
        """``seat``'s phone, opened at its join link, showing its answer."""
        link = self.code_for(seat)
        assert link.startswith(self.site_url + "web/seat/#1~")
        phone = self.page(PHONE, net=net)
        phone.goto(link)
        phone.wait_for_selector("body[data-phone-state=answer]")
        self.phones[seat] = phone
        return phone

    def join(self, seat: int, net: dict[str, float] | None = None) -> Page:
        """``seat``'s phone joined by its text code, pasted at the host."""
        phone = self.open_phone(seat, net)
        answer = phone.get_attribute("[data-code]", "data-code")
        assert answer is not None and answer.startswith(f"1~{seat}~")
        self.host.fill("#phones-answer", answer)
        self.host.press("#phones-answer", "Enter")
        self.wait_joined(seat)
        return phone

    def wait_joined(self, seat: int) -> None:
        self.host.wait_for_selector(f"[data-phone-seat='{seat}'][data-status=playing]")
        self.phones[seat].wait_for_selector("body[data-phone-state=playing]")

    def start(self) -> None:
        self.host.click("#phones-start")
        expect(self.host.locator("#phones")).not_to_be_visible()

    # -- the game on the host --------------------------------------------------------------

    def game(self) -> dict[str, Any]:
        return dict(self.host.evaluate(
            "(() => { const s = window.ratscrewApp.session; const g = s.game;"
            " return {actions: g.history.length, to_act: g.to_act(), slappable: g.slappable,"
            " hands: Array.from(g.hands, (h) => h.length), pile: g.pile.length,"
            " top: Array.from({length: Math.min(3, g.pile.length)},"
            "   (_, i) => g.pile.get(g.pile.length - Math.min(3, g.pile.length) + i).code),"
            " over: g.outcome !== undefined && g.outcome !== null, paused: s.paused,"
            " winner: document.body.dataset.winner || null}; })()"))

    def press(self, seat: int, action: str, at_ms: float | None = None) -> None:
        """``seat``'s phone presses ``action`` (now, or at the wall-clock time ``at_ms``:
        :meth:`pressed_at` then says when it did)."""
        self.phones[seat].evaluate(
            "([action, at]) => { window.pressedAt = null; const press = () => {"
            " const event = new PointerEvent('pointerdown', {bubbles: true, cancelable: true});"
            " document.querySelector(`[data-action=${action}]`).dispatchEvent(event);"
            " window.pressedAt = performance.timeOrigin + event.timeStamp; };"
            " if (at === null) press(); else setTimeout(press, at - Date.now()); }",
            [action, at_ms])

    def pressed_at(self, seat: int) -> float:
        """The wall-clock time of ``seat``'s phone's last press."""
        return float(self.phones[seat].wait_for_function("window.pressedAt").json_value())

    def wait_actions(self, count: int) -> None:
        self.host.wait_for_function(
            "(n) => window.ratscrewApp.session.game.history.length >= n", arg=count)

    def wait_idle(self) -> dict[str, Any]:
        """The game once it waits for a person (nothing due for the bots), or is over."""
        self.host.wait_for_function(
            "() => { const s = window.ratscrewApp.session; const g = s.game;"
            " return (g.outcome !== undefined && g.outcome !== null)"
            " || s.due_in(performance.now()) === undefined; }")
        return self.game()

    def wait_pile_shown(self, seat: int, codes: list[str]) -> None:
        """``seat``'s phone shows the pile's top cards ``codes`` (the top one last)."""
        self.phones[seat].wait_for_function(
            "(codes) => JSON.stringify(Array.from(document.querySelectorAll("
            "'[data-zone=phone-pile] .card'), (c) => c.dataset.code)) === JSON.stringify(codes)",
            arg=codes)


def corrections(table: Table) -> list[float]:
    """How much earlier than it was read the referee placed each of the last two actions it
    applied (ms): a slap read the moment it arrived needs only the network's delay."""
    decided = table.host.evaluate(
        "window.ratscrewApp.play.phones.decided.toJs().slice(-2)")
    return [float(arrived) - float(at) for _seat, _action, at, arrived, _done in decided]


def play_move(table: Table, slaps: list[int]) -> dict[str, Any]:
    """One move by the rule the seed was picked with: a slappable pile is slapped by each
    phone in turn (``slaps`` counts them), else whoever the table waits for flips."""
    game = table.game()
    if game["slappable"]:
        seat = sum(slaps) % 2
        slaps[seat] += 1
        table.press(seat, "slap")
    else:
        table.press(game["to_act"], "flip")
    table.wait_actions(game["actions"] + 1)
    return table.game()


def cards_in_play(game: dict[str, Any]) -> int:
    return int(sum(game["hands"]) + game["pile"])


@pytest.fixture
def table(rtc_browser: Browser, site_url: str) -> Iterator[Callable[..., Table]]:
    made: list[Table] = []

    def make(query: str | None, size: tuple[int, int] = (1366, 768)) -> Table:
        made.append(Table(rtc_browser, site_url, query, size))
        return made[-1]

    yield make
    for each in made:
        assert not each.errors, each.errors
        each.close()


def test_two_phones_play_a_whole_game_with_slaps_from_both(
    table: Callable[..., Table],
) -> None:
    t = table(f"players=2&bots=none&phones=1,2&seed={SHORT_GAME}")
    warning = t.host.locator("[data-zone=phones-problem]")
    # Served from 127.0.0.1: the panel says phones could not open such a link; a code pasted
    # wrong says what is wrong with it.
    expect(warning).to_contain_text("cannot open their join links")
    t.host.fill("#phones-answer", "not a code")
    t.host.press("#phones-answer", "Enter")
    expect(warning).to_contain_text("not a Ratscrew seat code")
    t.join(0)
    expect(warning).not_to_contain_text("cannot open their join links")  # a phone did
    t.join(1)
    expect(warning).to_be_hidden()  # every phone has its seat: nothing stands in the way
    expect(warning).to_have_text("")
    expect(t.host.locator("#phones-start")).to_have_text("Start the game")
    t.start()
    slaps = [0, 0]
    game = t.game()
    for _ in range(200):
        if game["over"]:
            break
        game = play_move(t, slaps)
        assert cards_in_play(game) == 52
        for seat in t.phones:  # each phone shows the pile's top cards, as the table has them
            t.wait_pile_shown(seat, game["top"])
    assert game["over"], game
    assert min(slaps) >= 2, slaps
    t.host.wait_for_selector("body[data-winner]", state="attached")
    winner = int(t.host.get_attribute("body", "data-winner") or "-1")
    for seat, phone in t.phones.items():
        expect(phone.locator("[data-zone=phone-line]")).to_contain_text("wins")
        assert phone.locator("body").get_attribute("data-phone-state") == "playing"
        if seat == winner:
            expect(phone.locator("body")).to_contain_text("You win")
        expect(phone.locator("#play-seat")).to_have_text(f"Seat {seat + 1}")
        assert "player 0" not in phone.inner_text("body").lower()
    # Play again: the same phones play the new deal, nobody scans again
    t.host.click("#again-same")
    t.host.wait_for_function("window.ratscrewApp.session.game.history.length === 0")
    expect(t.host.locator("#phones")).not_to_be_visible()
    for seat, phone in t.phones.items():
        expect(phone.locator("[data-zone=phone-cards]")).to_have_text("26")
        expect(t.host.locator(f".seat[data-seat='{seat}'] .seat-tag")).to_have_text("phone")
    game = t.game()
    t.press(game["to_act"], "flip")
    t.wait_actions(1)


INSTANT_GAME = "instant-347"
"""A classic seed whose game against an easy bot at instant speed, the phone flipping on
each of its turns and slapping a pile the bot let pass, ends in 29 of the phone's moves (one
of them a slap that takes the pile)."""


def test_a_phone_plays_at_instant_speed_to_a_winner(table: Callable[..., Table]) -> None:
    """At instant speed the bots play as fast as the page draws, and the game waits for the
    phone's flip at each of its turns: the phone's flips and slaps are applied as they come
    (as the host's keys are), and the game goes on to its end."""
    t = table(f"players=2&bots=2&difficulty=easy&phones=1&speed=instant&seed={INSTANT_GAME}")
    phone = t.join(0)
    t.start()
    moves = {"flip": 0, "slap": 0}
    game = t.wait_idle()
    for _ in range(400):
        if game["over"]:
            break
        action = "slap" if game["slappable"] else "flip"
        assert action == "slap" or game["to_act"] == 0, game  # the game waits for the phone
        t.press(0, action)
        moves[action] += 1
        t.wait_actions(game["actions"] + 1)
        game = t.wait_idle()
    assert game["over"], game
    assert moves["flip"] >= 10 and moves["slap"] >= 1, moves
    assert t.host.locator("#speed").input_value() == "instant"
    t.host.wait_for_selector("body[data-winner]", state="attached")
    winner = t.host.get_attribute("body", "data-winner")
    bot = t.host.evaluate("window.ratscrewApp.session.game.name(1)")
    expect(phone.locator("#play-banner")).to_have_text("You win!" if winner == "0" else
                                                       f"{bot} wins")


def test_a_speed_change_loses_no_held_action(table: Callable[..., Table]) -> None:
    """1x, then instant, then 2x, then 1x, each change with a phone's turn pending: an action
    the referee holds when the speed changes is applied, once; at instant speed nothing is
    held. (The referee's window is made long, so that an action is surely held when the
    speed changes.)"""
    t = table(f"players=2&bots=none&phones=1,2&seed={SHORT_GAME}&speed=1")
    t.join(0)
    t.join(1)
    t.start()
    host = t.host
    window = "(ms) => { window.ratscrewApp.play.phones.referee.window = ms; }"
    held = "() => window.ratscrewApp.play.phones.referee.held.length"
    host.evaluate(window, 600_000)
    pressed: list[int] = []

    def flip_held() -> dict[str, Any]:
        game = t.game()
        t.press(game["to_act"], "flip")
        pressed.append(game["to_act"])
        host.wait_for_function(f"() => ({held})() === 1")
        assert t.game()["actions"] == game["actions"]  # held, not applied yet
        return game

    game = flip_held()  # at 1x
    host.select_option("#speed", "instant")
    t.wait_actions(game["actions"] + 1)
    assert host.evaluate(held) == 0
    game = t.game()  # at instant: applied as it comes
    t.press(game["to_act"], "flip")
    pressed.append(game["to_act"])
    t.wait_actions(game["actions"] + 1)
    assert host.evaluate(held) == 0
    host.select_option("#speed", "2")  # the next phone's turn pending
    game = flip_held()  # at 2x
    host.select_option("#speed", "1")
    t.wait_actions(game["actions"] + 1)
    assert host.evaluate(held) == 0
    host.evaluate(window, 80)  # the table's own window again: the game plays on
    game = t.game()
    slaps = [0, 0]
    for _ in range(4):
        game = play_move(t, slaps)
    assert cards_in_play(game) == 52
    history = host.evaluate(
        "(n) => Array.from({length: n}, (_, i) => { const h ="
        " window.ratscrewApp.session.game.history.get(i); return [h.get(1), h.get(2)]; })",
        len(pressed))
    assert history == [[seat, "flip"] for seat in pressed]  # each once, in order


@pytest.mark.parametrize("busy_ms", [0, 200], ids=["idle host", "busy host"])
def test_an_earlier_slap_on_a_slow_phone_beats_a_later_one_on_a_fast_phone(
    table: Callable[..., Table], busy_ms: int,
) -> None:
    """With ``busy_ms``, the host's page is busy (its main thread blocked, as a slow laptop
    drawing a big table is) from just before the first press until both slaps have reached
    it: it reads them late, together, and still orders them by when they were pressed."""
    t = table(f"players=2&bots=none&phones=1,2&seed={MANY_SLAPS}")
    # Each way, the slow phone's messages take 100-110 ms: its slap reaches the table after
    # the fast phone's, made 80 ms later (and both within the referee's 80 ms window and its
    # 200 ms cap on a correction).
    slow = {"delay": 100, "jitter": 10}
    t.join(0, net=slow)
    t.join(1)
    t.start()
    t.host.wait_for_timeout(2000)  # a few pings: the slow phone's clock is measured
    slaps = [0, 0]
    judged = []
    for first, second in ((0, 1), (1, 0), (0, 1), (1, 0), (0, 1)):
        game = t.game()
        while not game["slappable"]:
            assert not game["over"]
            game = play_move(t, slaps)
        # a second on, when the host has long drawn the card (a host still busy drawing
        # would read both slaps late, later than any window can wait for)
        now = float(t.host.evaluate("Date.now()"))
        if busy_ms:
            t.host.evaluate(
                "([at, ms]) => setTimeout(() => { const end = performance.now() + ms;"
                " while (performance.now() < end) {} }, at - Date.now())", [now + 950, busy_ms])
        t.press(first, "slap", now + 1000)
        t.press(second, "slap", now + 1080)
        pressed = {seat: t.pressed_at(seat) for seat in (first, second)}
        t.wait_actions(game["actions"] + 2)
        if pressed[second] - pressed[first] < 40:  # a busy phone's timer fired late
            continue
        if busy_ms and min(corrections(t)) < 40:  # the block came too late to matter
            continue
        hands = t.game()["hands"]
        judged.append((first, hands[first] > game["hands"][first],  # the first took it
                       hands[second] > game["hands"][second]))  # the second took it
        if len(judged) == 3:
            break
    assert len(judged) >= 2, judged
    assert all(first_won and not second_won for _, first_won, second_won in judged), judged
    assert {first for first, _, _ in judged} == {0, 1}  # the slow phone and the fast one


def test_hostile_messages_change_nothing(table: Callable[..., Table], site_url: str) -> None:
    t = table(f"players=2&bots=none&phones=1,2&seed={SHORT_GAME}")
    t.join(0)
    raw = t.page(PHONE)
    t.phones[1] = raw
    link = t.code_for(1)
    harness = (Path(__file__).parent / "phone_harness.html").read_text(encoding="utf-8")
    raw.route(f"{site_url}web/seat/harness.html",
              lambda route: route.fulfill(body=harness, content_type="text/html"))
    raw.goto(f"{site_url}web/seat/harness.html#{link.split('#', 1)[1]}")
    answer = raw.wait_for_function("window.answer").json_value()
    t.host.fill("#phones-answer", str(answer))
    t.host.press("#phones-answer", "Enter")
    raw.wait_for_function("window.open")
    raw.evaluate("send('game', JSON.stringify({t: 'hello', v: 1}))")
    t.host.wait_for_selector("[data-phone-seat='1'][data-status=playing]")
    t.start()
    before = t.game()
    assert before["to_act"] == 0  # not the raw phone's turn: its flips do nothing
    hostile = [
        json.dumps({"t": "act", "id": 1, "a": "flip", "at": 1.0, "seat": 0}),  # another seat
        json.dumps({"t": "act", "id": 2, "a": "flip", "at": 1.0}) + " " * 600,  # oversized
        '{"t": "act", "id": 3, "a": "flip", "at": ',  # cut short
        json.dumps({"t": "act", "id": True, "a": "flip", "at": 1.0}),
        json.dumps({"t": "act", "id": 4, "a": "shuffle", "at": 1.0}),  # no such action
        "[" * 400,
        json.dumps({"t": "choose", "o": "x" * 300}),
    ]
    for text in hostile:
        raw.evaluate("(text) => send('game', text)", text)
    raw.evaluate("send('game', new Uint8Array(8))")
    raw.evaluate("for (let i = 0; i < 300; i++) send('fast', JSON.stringify("
                 "{t: 'act', id: 100 + i, a: 'flip', at: performance.now()}))")
    # everything malformed is dropped and counted; of the flood, 60 at once and 30 a second
    # are read (and do nothing: it is not that seat's turn), so most is dropped even on a
    # slow host that takes seconds to read 300 messages
    least = len(hostile) + 1 + 100
    t.host.click("#bar-phones")  # the panel, with each seat's state
    t.host.wait_for_function(
        "(least) => { const m = document.querySelector(\"[data-phone-seat='1'] \""
        " + '[data-zone=phone-status]').textContent.match(/(\\d+) bad messages? dropped/);"
        " return m && Number(m[1]) >= least; }", arg=least)
    after = t.game()
    assert after["hands"] == before["hands"] and after["pile"] == before["pile"]
    notices = t.host.inner_text("#notices")
    assert "went wrong" not in notices
    t.host.click("#phones-start")  # "Back to the game"
    # the phone that played by the rules plays on
    play_move(t, [0, 0])
    assert t.game()["actions"] > before["actions"]


def test_a_phone_that_drops_rejoins_and_nothing_is_lost(
    table: Callable[..., Table], tmp_path: Path,
) -> None:
    t = table(f"players=2&bots=none&phones=1,2&seed={SHORT_GAME}")
    t.join(0)
    t.join(1)
    t.start()
    slaps = [0, 0]
    for _ in range(20):
        play_move(t, slaps)
    before = t.game()
    t.phones.pop(1).context.close()  # the phone's page is gone
    t.host.wait_for_selector("[data-phone-seat='1'][data-status=reconnecting]")
    t.host.wait_for_function("window.ratscrewApp.session.paused")
    expect(t.host.locator("[data-phone-seat='1'] [data-zone=phone-status]")).to_contain_text(
        "seat kept")
    assert t.game()["hands"] == before["hands"]
    t.join(1)  # scanned again: a new code
    t.host.wait_for_function("!window.ratscrewApp.session.paused")
    game = t.game()
    assert game["hands"] == before["hands"] and game["pile"] == before["pile"]
    for _ in range(200):
        if game["over"]:
            break
        game = play_move(t, slaps)
        assert cards_in_play(game) == 52
    assert game["over"]
    with t.host.expect_download() as info:
        t.host.click("#gameover-record")
    record = Path(info.value.path()).read_text(encoding="utf-8")
    replayed = replay(record)
    assert replayed.outcome is not None
    assert str(replayed.outcome.winner) == t.host.get_attribute("body", "data-winner")


def test_a_phone_gone_quiet_comes_back_by_itself(table: Callable[..., Table]) -> None:
    """A phone not heard from for a few seconds (its radio asleep, the Wi-Fi busy), its
    connection still open: the table waits for it (paused, "reconnecting"), and when it is
    heard again within the 5 s it has, plays on over the same connection: no new code, the
    same page, nobody scans again."""
    t = table(f"players=2&bots=none&phones=1,2&seed={SHORT_GAME}")
    t.join(0)
    phone = t.join(1)
    t.start()
    slaps = [0, 0]
    for _ in range(4):
        play_move(t, slaps)
    before = t.game()
    phone.evaluate("window.ratscrewNet = {delay: 2500}")  # each way: silence at the host
    t.host.wait_for_selector("[data-phone-seat='1'][data-status=reconnecting]")
    t.host.wait_for_function("window.ratscrewApp.session.paused")
    phone.evaluate("window.ratscrewNet = null")  # heard again at once
    t.host.wait_for_selector("[data-phone-seat='1'][data-status=playing]")
    t.host.wait_for_function("!window.ratscrewApp.session.paused")
    assert phone.get_attribute("body", "data-phone-state") == "playing"  # never let go
    game = t.game()
    assert game["hands"] == before["hands"] and game["pile"] == before["pile"]
    for _ in range(4):
        game = play_move(t, slaps)  # both phones play on
    assert game["actions"] >= before["actions"] + 4
    assert cards_in_play(game) == 52


def test_a_phone_joins_through_the_camera(table: Callable[..., Table], camera: Any) -> None:
    t = table("players=2&bots=2&phones=1&seed=camera")
    phone = t.open_phone(0)
    answer = phone.get_attribute("[data-code]", "data-code")
    assert answer is not None
    camera.show(answer)  # what the host's camera will see: the phone held up to it
    t.host.click("#phones-scan")
    t.wait_joined(0)
    expect(t.host.locator("#phones-video")).to_be_visible()
    t.host.click("#phones-scan")  # the camera off again
    expect(t.host.locator("#phones-video")).to_be_hidden()


def test_seven_phones_join_a_table_set_up_on_the_setup_screen(
    table: Callable[..., Table],
) -> None:
    t = table(None, size=(1920, 1080))
    host = t.host
    host.select_option("#setup-players", "8")
    for seat in range(7):
        host.select_option(f"#seat-kind-{seat}", "phone")
        host.fill(f"#seat-name-{seat}", f"Phone {seat + 1}")
    keys = host.locator("#setup-seat-list .seat-row-keys")
    expect(keys.nth(0)).to_have_text("from a phone")
    expect(keys.nth(7)).to_have_text("keys G / H")  # the bot's seat keeps its keys
    host.click("#setup-phones")
    t.wait_codes()
    assert host.locator("#phones-seats [data-phone-seat]").count() == 7
    for seat in range(7):
        t.join(seat)
    expect(host.locator("[data-zone=phone-caption]")).to_have_text(
        "Every phone has its seat: start the game.")
    t.start()
    for seat, phone in t.phones.items():
        expect(phone.locator("[data-name]")).to_have_text(f"Phone {seat + 1}")
        # the host's own seat for a phone: a phone's tag, no keys or buttons of its own
        at_host = host.locator(f".seat[data-seat='{seat}']")
        expect(at_host.locator(".seat-tag")).to_have_text("phone")
        assert at_host.locator("button").count() == 0
    assert host.locator(".seat[data-seat='7'] .seat-tag").inner_text().startswith("bot")
    # the game goes on with them: the first player's phone flips
    first = t.game()
    t.press(first["to_act"], "flip")
    t.wait_actions(first["actions"] + 1)


def test_the_host_gives_a_phone_seat_to_a_bot_or_to_a_person_here(
    table: Callable[..., Table],
) -> None:
    t = table(f"players=2&bots=none&phones=1,2&seed={SHORT_GAME}")
    t.join(0)
    t.join(1)
    t.start()
    t.host.click("#bar-phones")
    t.host.click("#phones-seats [data-do=bot][data-for='1']")
    expect(t.phones[1].locator("body")).to_have_attribute("data-phone-state", "lost")
    expect(t.phones[1].locator("body")).to_contain_text("gave your seat to someone else")
    expect(t.host.locator(".seat[data-seat='1'] .seat-tag")).to_contain_text("bot")
    t.host.click("#phones-seats [data-do=here][data-for='0']")
    expect(t.phones[0].locator("body")).to_have_attribute("data-phone-state", "lost")
    seat = t.host.locator(".seat[data-seat='0']")
    expect(seat.locator("button[data-action=flip]")).to_have_count(1)  # keys and a touch zone
    expect(t.host.locator("[data-phone-seat='0'] [data-zone=phone-status]")).to_have_text(
        "not a phone now")
    t.host.click("#phones-start")  # "Back to the game"
    game = t.game()
    assert game["to_act"] == 0 and game["actions"] == 0  # the game waits for seat 1's flip
    t.host.keyboard.press("q")  # seat 1's flip key, at the table's own keyboard
    t.wait_actions(1)


def test_a_decree_made_on_a_phone_and_its_fine_from_the_phone(
        table: Callable[..., Table]) -> None:
    """K.U.R.S.: the Emperor turned up by a phone's flip, the decree picked on the phone, then
    the fine from the phone (web/phones/lobby.py offers it): a card goes from the fined player
    to the decree's maker, as with the table's own Fine buttons."""
    # Seed 183: Ada's first card is the Emperor.
    t = table("variant=kurs&players=2&bots=none&phones=1&seed=183&names=Ada,Ben")
    phone = t.join(0)
    t.start()
    t.press(0, "flip")
    phone.locator("#play-options button").first.click()  # one of the decrees it offers
    fine = phone.locator('[data-own="fine"] [data-option="2"]')
    expect(fine).to_have_text("2 Ben")
    before = t.game()["hands"]
    fine.click()
    t.host.wait_for_function(
        "(n) => window.ratscrewApp.session.game.hands[1].length === n", arg=before[1] - 1)
    assert t.game()["hands"] == [before[0] + 1, before[1] - 1]
    expect(phone.locator("[data-zone=phone-cards]")).to_have_text(str(before[0] + 1))
    expect(t.host.locator(".fine-message")).to_contain_text("fines Ben a card")
    assert t.errors == []


def test_a_decree_typed_on_a_phone_is_applied_as_the_tables_field_applies_it(
        table: Callable[..., Table]) -> None:
    """K.U.R.S.' Emperor: the phone offers the table's decrees and a field for one's own; an
    answer with no words is refused with the table's words, and the decision stays; a decree
    typed on the phone is cleaned as the table's field cleans one, and is in force."""
    # Seed 183: Ada's first card is the Emperor.
    t = table("variant=kurs&players=2&bots=none&phones=1&seed=183&names=Ada,Ben")
    phone = t.join(0)
    t.start()
    t.press(0, "flip")
    expect(phone.locator("[data-zone=phone-turn]")).to_have_text("Your choice")
    field = phone.locator("#play-text")
    expect(field).to_be_visible()
    expect(phone.locator("#play-options button")).to_have_count(4)
    field.fill("   ")
    field.press("Enter")
    expect(phone.locator("#play-answer-note")).to_have_text(
        "Type a few words first, or choose an option.")
    assert t.host.evaluate("window.ratscrewApp.session.human_decision !== undefined")
    field.fill("  No <b>humming</b>\u0007 at   the table  ")
    phone.locator("#play-type button").click()
    t.host.wait_for_function(
        "() => window.ratscrewApp.session.human_decision === undefined")
    decree = t.host.locator("[data-zone=decrees] .decree-text")
    expect(decree).to_have_text("No <b>humming</b> at the table")
    expect(phone.locator("#play-decision")).to_be_hidden()
    expect(phone.locator('[data-own="fine"] [data-option="2"]')).to_have_text("2 Ben")
    assert t.errors == []
