"""The page is useful before Python is ready.

- the runtime's big files start downloading with the page, not at the end of PyScript's
  chain, and the loading bar follows their bytes; the loading line then says each stage of the
  start in turn;
- every control of the setup answers while Python starts (its start goes in steps, the page's
  turn between them): a menu opens, a name is typed, Deal is remembered;
- the setup screen (built into index.html from the engine's data) works while the runtime
  downloads; Python takes the form over as it stands, and a Deal pressed early deals the
  moment Python is ready;
- a link with autostart=1 shows the table's seats at once.

The WebAssembly file is held back (a route that answers only when the test says so), so the
"before Python" moments last as long as a test needs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, Route, expect

if TYPE_CHECKING:
    from conftest import PageLog

pytestmark = pytest.mark.e2e

BOOT_MS = 90_000


@pytest.fixture
def hold_runtime(page: Page) -> Iterator[Callable[[], None]]:
    """Hold pyodide.asm.wasm back; the fixture's value lets it through."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))

    def release() -> None:
        for route in held:
            route.continue_()
        held.clear()
        page.unroute("**/pyodide.asm.wasm")

    yield release
    for route in held:
        route.abort()


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=BOOT_MS)
    assert page.get_attribute("body", "data-ready") == "true", page.inner_text("#boot")


def test_a_deal_pressed_early_starts_the_game_set_up_before_python(
    page: Page, site_url: str, hold_runtime: Callable[[], None], page_log: PageLog
) -> None:
    page.goto(site_url)
    expect(page.locator("body")).to_have_attribute("data-setup", "live")
    expect(page.locator("body")).not_to_have_attribute("data-ready", re.compile("."))
    # Choose another game (its parts come from the build), six players, a name, a house rule.
    page.select_option("#setup-variant", "kurs")
    expect(page.locator("#setup-summary")).to_contain_text("Tarot")
    page.select_option("#setup-players", "6")
    expect(page.locator("#setup-seat-list .seat-row:visible")).to_have_count(6)
    expect(page.locator("#setup-seat-list .seat-row-gender:visible")).to_have_count(6)
    page.fill("#seat-name-0", "Zoë")
    page.select_option("#seat-kind-1", "human")
    page.locator("#setup-rules > summary").click()
    page.uncheck("#rule-classroom")
    page.click("#setup-start")
    expect(page.locator("#setup-start")).to_have_text("Dealing as soon as the game is ready…")
    expect(page.locator("body")).not_to_have_attribute("data-ready", re.compile("."))

    hold_runtime()
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect(page.locator("#seats [data-seat]")).to_have_count(6)
    expect(page.locator("#seats [data-seat='0'] [data-name]")).to_have_attribute(
        "data-name", "Zoë")
    expect(page.locator("#seats .seat.human")).to_have_count(2)
    config = page.evaluate(
        "(() => { const c = window.ratscrewApp.config;"
        " const o = c.options.toJs();"
        " return [c.variant, c.players, o instanceof Map ? Object.fromEntries(o) : o]; })()")
    assert config[0] == "kurs" and config[1] == 6
    assert config[2].get("classroom") is False
    assert page_log.errors() == []


def test_an_early_demo_deals_an_all_bot_table(
    page: Page, site_url: str, hold_runtime: Callable[[], None]
) -> None:
    page.goto(site_url)
    expect(page.locator("body")).to_have_attribute("data-setup", "live")
    page.select_option("#setup-players", "3")
    page.click("#setup-demo")
    hold_runtime()
    wait_ready(page)
    expect(page.locator("#seats [data-seat]")).to_have_count(3)
    expect(page.locator("#seats .seat.human")).to_have_count(0)


def test_python_takes_the_form_over_as_it_stands(
    page: Page, site_url: str, hold_runtime: Callable[[], None]
) -> None:
    """Someone is typing a name when Python arrives: the form keeps what they chose and typed,
    and the focus and caret stay in the field."""
    page.goto(site_url)
    expect(page.locator("body")).to_have_attribute("data-setup", "live")
    page.select_option("#setup-variant", "slap-like-an-egyptian")
    page.select_option("#setup-players", "5")
    page.fill("#setup-seed", "class-7b")
    page.click("#seat-name-2")
    page.keyboard.press("Control+A")
    page.keyboard.type("Ada")
    hold_runtime()
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("#setup-variant")).to_have_value("slap-like-an-egyptian")
    expect(page.locator("#setup-seat-list .seat-row")).to_have_count(5)  # Python's own rows
    expect(page.locator("#seat-name-2")).to_have_value("Ada")
    expect(page.locator("#seat-name-2")).to_be_focused()
    page.keyboard.type("m")
    expect(page.locator("#seat-name-2")).to_have_value("Adam")
    expect(page.locator("#setup-link")).to_contain_text("seed=class-7b")
    expect(page.locator("#setup-copy")).to_be_enabled()


def test_a_game_chosen_early_keeps_the_name_being_typed(
    page: Page, site_url: str, hold_runtime: Callable[[], None]
) -> None:
    """The chosen game's parts of the form arrive while a name is being typed: the field is
    redrawn with what was typed so far and keeps the focus and the caret, so the rest of the
    word goes on in it."""
    held: list[Route] = []
    page.route("**/web/setup-parts.html", lambda route: held.append(route))
    page.goto(site_url)
    expect(page.locator("body")).to_have_attribute("data-setup", "live")
    with page.expect_request("**/web/setup-parts.html"):
        page.select_option("#setup-variant", "slap-like-an-egyptian")
    page.select_option("#setup-players", "5")
    page.click("#seat-name-2")
    page.keyboard.press("Control+A")
    page.keyboard.type("Ad")
    expect(page.locator("#setup-summary")).not_to_contain_text("The boxed game")
    page.wait_for_timeout(0)  # the held request's route handler has run
    assert held, "the game's parts were asked for when the game was chosen"
    for route in held:
        route.continue_()
    expect(page.locator("#setup-summary")).to_contain_text("The boxed game")
    expect(page.locator("#seat-name-2")).to_be_focused()
    page.keyboard.type("a")
    expect(page.locator("#seat-name-2")).to_have_value("Ada")
    expect(page.locator("#setup-seat-list .seat-row:visible")).to_have_count(5)
    hold_runtime()
    wait_ready(page)
    expect(page.locator("#seat-name-2")).to_have_value("Ada")
    expect(page.locator("#seat-name-2")).to_be_focused()


def test_an_autostart_link_shows_its_seats_at_once(
    page: Page, site_url: str, hold_runtime: Callable[[], None]
) -> None:
    page.goto(site_url + "?variant=bmn&players=5&names=Ann,,C%C3%A9line&autostart=1")
    skeletons = page.locator("#seats [data-skeleton]")
    expect(skeletons).to_have_count(5)
    # The regions' order is the layout's: compare by seat number.
    names = page.evaluate(
        "Array.from(document.querySelectorAll('#seats [data-skeleton]')).map(s =>"
        " [s.querySelector('.seat-number').textContent, s.querySelector('.seat-name')"
        ".textContent]).sort()")
    assert names == [["1", "Ann"], ["2", "Player 2"], ["3", "Céline"], ["4", "Player 4"],
                     ["5", "Player 5"]]
    expect(page.locator("#felt")).to_have_attribute("data-players", "5")
    hold_runtime()
    wait_ready(page)
    expect(skeletons).to_have_count(0)
    expect(page.locator("#seats [data-seat]")).to_have_count(5)


def test_an_autostart_link_seats_people_and_bots_as_the_game_will(
    page: Page, site_url: str, hold_runtime: Callable[[], None]
) -> None:
    """Before Python, each seat is drawn as the dealt table draws it: a person's seat with its
    buttons (the game's own: Slap Like an Egyptian slaps with a hand) and its keys, unusable
    until the deal; a bot's seat with its tag and level."""
    page.goto(site_url + "?variant=slae&players=4&bots=2,4&difficulty=easy,expert&seed=3"
              "&autostart=1")
    skeletons = page.locator("#seats [data-skeleton]")
    expect(skeletons).to_have_count(4)
    seats = page.evaluate(
        "Array.from(document.querySelectorAll('#seats [data-skeleton]')).map(s => ["
        " s.querySelector('.seat-number').textContent, s.classList.contains('human'),"
        " Array.from(s.querySelectorAll('.touch button')).map(b => [b.textContent, b.disabled]),"
        " s.querySelector('.seat-tag')?.textContent ?? null]).sort()")
    assert seats == [
        ["1", True, [["FlipQ (Player 1)", True], ["LeftA (Player 1)", True],
                     ["RightS (Player 1)", True]], None],
        ["2", False, [], "bot · easy"],
        ["3", True, [["FlipZ (Player 3)", True], ["LeftC (Player 3)", True],
                     ["RightV (Player 3)", True]], None],
        ["4", False, [], "bot · expert"],
    ]
    expect(page.locator("#bar-game")).to_contain_text("Slap Like an Egyptian · seed 3")
    before = page.evaluate(SEAT_SHAPES, "#seats [data-skeleton]")
    hold_runtime()
    wait_ready(page)
    expect(skeletons).to_have_count(0)
    expect(page.locator("#seats .seat.human")).to_have_count(2)
    expect(page.locator("#seats .seat.human [data-action]")).to_have_count(6)
    # Seat 1 plays first: nothing has happened at the table yet.
    assert page.evaluate(SEAT_SHAPES, "#seats [data-seat]") == before


SEAT_SHAPES = """selector => {
  // What a seat is made of, as both the page before Python and the table draw it: each
  // element's tag, classes, attributes and the texts that name the seat and its buttons.
  // Left out: the hooks of a dealt seat, the skeleton's marks, what the game changes.
  const hooks = new Set(["class", "data-skeleton", "data-seat", "data-cards", "data-name",
    "data-action", "data-marks", "disabled", "aria-current"]);
  const states = new Set(["skeleton", "to-act", "empty", "winner"]);
  const named = ".seat-number, .seat-name, .seat-tag, button span, kbd";
  const shape = node => [
    node.tagName,
    Array.from(node.classList).filter(c => !states.has(c)).sort().join(" "),
    Array.from(node.attributes).filter(a => !hooks.has(a.name))
      .map(a => a.name === "style" ? `style=${a.value.split(";").map(d => d.split(":")[0].trim())
        .filter(Boolean).sort()}` : `${a.name}=${a.value}`)
      .sort(),
    node.matches(named) ? node.textContent : null,
    node.matches(".stack, .seat-marks") ? [] : Array.from(node.children).map(shape),
  ];
  return Object.fromEntries(Array.from(document.querySelectorAll(selector),
    seat => [seat.querySelector(".seat-number").textContent, shape(seat)]));
}"""


STATUS_AND_FRAMES = """
window.statusTexts = [];
window.frameTexts = [];
window.barValues = [];
document.addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("boot-status");
  new MutationObserver(() => window.statusTexts.push([performance.now(), line.textContent]))
    .observe(line, {childList: true, characterData: true, subtree: true});
  const bar = document.getElementById("boot-bar");
  new MutationObserver(() => window.barValues.push([Number(bar.getAttribute("aria-valuenow")),
                                                    bar.getAttribute("aria-valuetext") || ""]))
    .observe(bar, {attributes: true, attributeFilter: ["aria-valuenow", "aria-valuetext"]});
  const frame = () => {
    window.frameTexts.push([performance.now(), line.textContent]);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
});
"""
"""Records the loading line's texts, with when they were set, every animation frame (when its
callbacks ran, the frame is drawn after them, and the line's text then), and every value of
the loading bar (its percent and its label)."""


STAGES = ("Downloading Python", "Starting Python…", "Loading the game…", "Setting up the form…",
          "Ready")
"""The loading line's stages on a plain visit, in order (the first with its MB counts)."""


def stages(texts: list[str]) -> list[str]:
    """The loading line's texts, its download counts as one stage, each stage once in a row."""
    out: list[str] = []
    for text in texts:
        stage = "Downloading Python" if text.startswith("Downloading Python: ") else text
        if not out or out[-1] != stage:
            out.append(stage)
    return out


def test_the_runtime_downloads_with_the_page_and_the_bar_follows_its_bytes(
    page: Page, site_url: str
) -> None:
    """At an emulated 20 Mbit/s the bar moves in many steps while the runtime downloads (its
    label says how many MB of how many), never goes back, and the big files start before
    PyScript's own chain reaches them (its config file, pyscript.toml); our modules, which
    Python needs only once it has started, do not share the network with them. The line then
    says each stage of the start, in order, the bar going on to the end."""
    page.add_init_script(STATUS_AND_FRAMES)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 5e6 / 8})
    page.goto(site_url)
    wait_ready(page)
    samples: list[tuple[int, str]] = [(int(v), t) for v, t in page.evaluate("window.barValues")]
    values = [v for v, _ in samples]
    assert values == sorted(values), "the bar went back"
    downloading = sorted({v for v, text in samples if text.endswith("MB downloaded")})
    assert len(downloading) >= 5, f"the bar hardly moved while downloading: {downloading}"
    assert max(downloading) <= 50
    assert page.get_attribute("#boot-bar", "aria-valuenow") == "100"
    assert any(re.fullmatch(r"\d+\.\d of 1\d\.\d MB downloaded", t) for _, t in samples)

    timing = {name: (start, end) for name, start, end in page.evaluate(
        "performance.getEntriesByType('resource').map(e => [e.name.split('/').pop(),"
        " e.startTime, e.responseEnd])")}
    # The page's own standard library (its startup modules compiled by the build).
    stdlib = [name for name in timing if re.fullmatch(r"stdlib-[0-9a-f]{12}\.zip", name)]
    assert len(stdlib) == 1, sorted(timing)
    for name in ("pyodide.asm.wasm", stdlib[0], "pyodide.asm.mjs"):
        assert timing[name][0] < timing["pyscript.toml"][0], f"{name} waited for PyScript's chain"
    # Our modules (app.zip) wait for the runtime's files, and come in before Python asks for
    # them (main.py is fetched once Python has started).
    runtime_in = max(timing[name][1] for name in (
        "pyodide.asm.wasm", stdlib[0], "pyodide-lock.json"))
    assert runtime_in <= timing["app.zip"][0] < timing["main.py"][0]
    assert timing["app.zip"][1] < timing["main.py"][0]

    # Python's start holds the page (no frame at all, for as long as this machine takes) from
    # the moment the runtime's last file is handed over: the frame before it says so, not a
    # download count that seems stuck.
    texts, frames, handed = page.evaluate(
        "[window.statusTexts, window.frameTexts,"
        " performance.getEntriesByName('ratscrew:runtime-in').map(m => [m.startTime, m.detail])]")
    assert {name for _, name in handed} >= {"pyodide.asm.wasm", stdlib[0]}, handed
    handed_over = max(at for at, _ in handed)
    said = [text for at, text in texts if at < handed_over]
    assert said[-1] == "Starting Python…", texts[-5:]
    drawn = [text for at, text in frames if at < handed_over]
    assert drawn[-1] == "Starting Python…", (frames[-3:], handed_over)
    # And Python started after it: the next stage is the game's modules.
    assert next(text for at, text in texts if at > handed_over) == "Loading the game…"
    # Every stage of the start, in order, each once.
    said_texts = [text for _, text in texts]
    assert stages(said_texts) == list(STAGES), said_texts


INPUTS = """
window.earlyInputs = [];
window.statusTexts = [];
const noteInput = (event) => {
  const target = event.target && event.target.id ? event.target.id : "";
  window.earlyInputs.push({ type: event.type, target, at: event.timeStamp,
    handled: performance.now(), ready: document.body ? document.body.dataset.ready || "" : "",
    line: document.getElementById("boot-status")?.textContent || "" });
};
for (const type of ["pointerdown", "keydown", "change", "submit"]) {
  addEventListener(type, noteInput, true);
}
document.addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("boot-status");
  new MutationObserver(() => window.statusTexts.push(line.textContent))
    .observe(line, { childList: true, characterData: true, subtree: true });
});
"""
"""Records every press, key, choice and submit as the page handles it: when the browser got
it (the event's timeStamp), when the page's listeners ran, whether Python was ready then and
what the loading line said; and the loading line's texts."""


def test_the_setup_answers_while_python_starts(page: Page, site_url: str) -> None:
    """A cold start: once the line says "Starting Python…", a menu is opened and a choice made
    in it, a name typed and Deal pressed. Each is handled while Python is still starting
    (before body[data-ready]; our modules are held back so that the start cannot end first on
    a fast machine) and shows on the form; then the game is dealt as it was set up, its table
    drawn. How long each waited for the page is printed (a figure, not a pass mark:
    scripts/bench_page.py --only coldtasks measures the start's longest task)."""
    held: list[Route] = []
    page.route("**/app.zip", lambda route: held.append(route))
    page.add_init_script(INPUTS)
    page.goto(site_url)
    expect(page.locator("#boot-status")).to_have_text("Starting Python…")

    players = page.locator("#setup-players")
    players.click()
    assert players.evaluate("(menu) => menu.matches(':open')"), "the menu did not open"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(players).to_have_value("5")
    expect(page.locator("#setup-seat-list .seat-row:visible")).to_have_count(5)
    page.click("#seat-name-0")
    page.keyboard.press("Control+A")
    page.keyboard.type("Ama")
    expect(page.locator("#seat-name-0")).to_have_value("Ama")
    page.click("#setup-start")
    expect(page.locator("#setup-start")).to_have_text("Dealing as soon as the game is ready…")

    inputs = page.evaluate("window.earlyInputs")
    assert not page.evaluate("document.body.dataset.ready")
    assert all(entry["ready"] == "" for entry in inputs), inputs

    def handled(kind: str, target: str) -> list[dict[str, object]]:
        return [e for e in inputs if e["type"] == kind and e["target"] == target]

    for kind, target in (("pointerdown", "setup-players"), ("change", "setup-players"),
                         ("keydown", "seat-name-0"), ("pointerdown", "setup-start"),
                         ("submit", "setup")):
        assert handled(kind, target), f"no {kind} on #{target}: {inputs}"
    for entry in inputs:
        if entry["type"] in ("pointerdown", "keydown"):
            print(f"{entry['type']} on #{entry['target']} handled after "
                  f"{float(str(entry['handled'])) - float(str(entry['at'])):.0f} ms "
                  f"(the line said {entry['line']!r})")

    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-screen", "table")
    expect(page.locator("#seats [data-seat]")).to_have_count(5)
    expect(page.locator("#seats [data-seat='0'] [data-name]")).to_have_attribute("data-name", "Ama")
    texts = page.evaluate("window.statusTexts")
    assert stages(texts)[-3:] == ["Loading the game…", "Drawing the table…", "Ready"], texts
