"""The table's pieces (web/table/view.py and the pieces it is made of), without a browser.

The table (web/table/view.py, through web/dom.py and web/table/cards_view.py) imports
``document`` and ``window`` from the browser's ``pyscript`` module and ``create_proxy`` from
``pyodide.ffi``, and hands its pieces and the variants' parts the drawing tools made of them
(``view.DOM``): here they are the stand-ins of tests/web/fake_browser.py,
with a small DOM that does what the table asks of a real one (elements, attributes, classes,
``dataset``, ``style``, a few selectors, ``innerHTML`` for the log) and a clock and timers the
test moves by hand. On it the table deals real games and draws them: the pieces' order, the
hooks the browser tests read, and what each piece hands another (a seat's element, a note, the
parts' marks).
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ratscrew.core.cards import cards
from ratscrew.core.engine import Game
from ratscrew.core.events import PileTaken, WrongSlap
from ratscrew.variants.firefighters import Burned, FireOut
from ratscrew.variants.slae import dice_of
from tests.web.fake_browser import Element, fake_browser
from web.model.card_text import with_symbols
from web.model.headline import NOTE_MS
from web.model.session import Session
from web.model.setup_html import markup_html, seat_skeletons
from web.table.part import TablePart
from web.table.piece import Piece, draw
from web.table.pieces.seats import SeatKind, seat_markup, touch_button_markup

# --------------------------------------------------------------------------- the table on it

TABLE = """<body><p id="explain"></p><div id="felt"><div id="seats">
<div data-region="top"></div><div data-region="left"></div>
<div class="centre-area"><div class="centre-row"><div id="pile" data-pile data-cards="0"></div>
</div><p id="challenge"></p><p id="pile-note"></p><p id="paused-banner" hidden></p></div>
<div data-region="right"></div><div data-region="bottom"></div></div></div>
<div id="rail-body"><div id="panels"><div id="choice-slot"></div></div><ol id="log"></ol></div>
<div id="announce"></div></body>"""
"""The table's elements as index.html has them (only what the table reads)."""

TABLE_MODULES = ("web.table.view", "web.dom", "web.table.cards_view")
"""The table's modules that read the browser: its pieces, like the variants' parts, import
nothing of it (they draw with the tools the table hands them, ``view.DOM``)."""


@pytest.fixture
def fake() -> Iterator[types.SimpleNamespace]:
    """A page with the table's elements, and the table's modules imported on it (and forgotten
    afterwards): ``fake.table(session)`` deals a :class:`TableView`."""
    with fake_browser(TABLE_MODULES, TABLE) as page:
        view = page.module("web.table.view")
        keys = {"flip": "q", "slap": "w", "slap-left": "a", "slap-right": "s"}
        touched: list[tuple[int, str]] = []
        chosen: list[tuple[int, str]] = []

        def table(session: Session, lines: Any = None) -> Any:
            return view.TableView(session, lambda seat: keys, lambda *a: touched.append(a),
                                  lambda *a: chosen.append(a), None, lines)

        yield types.SimpleNamespace(document=page.document, window=page.window, table=table,
                                    touched=touched, chosen=chosen, view=view)


def session_of(variant: str, players: int = 4, bots: int = 3, seed: int = 7) -> Session:
    """A game whose first seats are people and the last ``bots`` expert bots."""
    names = [f"P{i + 1}" for i in range(players)]
    skills = dict.fromkeys(range(players - bots, players), "expert")
    return Session(variant, players, seed, names, skills)


def play(fake: Any, view: Any, session: Session, actions: int) -> None:
    """The bots play ``actions`` actions (seat 0 flips when it is its turn), each batch drawn
    as the page draws it; a person's decision is answered with its default."""
    for _ in range(actions):
        if session.game.outcome is not None:
            break
        decision = session.human_decision
        if decision is not None:
            events = session.choose(decision.seat, decision.default, fake.window.now)
        else:
            events = session.step(fake.window.now)
            session.resume(fake.window.now)
        if not events:
            events = session.human(0, "flip", fake.window.now)
        view.update(events)
        fake.window.run(250)
        if view.needs_ticking():
            view.tick()


def seats(fake: Any) -> list[Element]:
    return sorted(fake.document.querySelectorAll("[data-seat]"),
                  key=lambda node: int(node.attributes["data-seat"]))


# --------------------------------------------------------------------------- the lifecycle


LIFECYCLE = ("build", "on_events", "update", "ticking", "tick", "destroy")


def test_a_part_is_a_piece_with_its_lifecycle() -> None:
    """The lifecycle is written once, in Piece: a part inherits it (and may override a step)."""
    assert issubclass(TablePart, Piece)
    own = {name for name in vars(Piece) if not name.startswith("_")}
    assert own == set(LIFECYCLE)
    assert not own & set(vars(TablePart)), "a part repeats the lifecycle it inherits"


def test_the_table_hands_each_batch_to_its_pieces_in_order(fake: Any) -> None:
    session = session_of("firefighters")
    view = fake.table(session)
    pieces = [type(piece).__name__ for piece in view.pieces]
    assert pieces == ["LogView", "Seats", "Pile", "DecisionPanel", "BurnPile",
                      "BurnContestPanel", "HeadlineView", "Finale"]
    calls: list[tuple[str, str]] = []

    def spy(piece: Any, step: str) -> Callable[..., Any]:
        was = getattr(piece, step)

        def call(*args: Any) -> Any:
            calls.append((step, type(piece).__name__))
            return was(*args)

        return call

    for piece in view.pieces:
        for step in ("on_events", "update"):
            setattr(piece, step, spy(piece, step))
    view.update(session.human(0, "flip", fake.window.now))
    assert calls == [("on_events", name) for name in pieces] + [
        ("update", name) for name in pieces]
    calls.clear()
    view.update([])
    assert calls == [("update", name) for name in pieces]


@pytest.mark.parametrize("variant", ["classic", "beggar-my-neighbour", "slap-like-an-egyptian",
                                     "firefighters", "kurs"])
def test_the_table_draws_every_variant(fake: Any, variant: str) -> None:
    session = session_of(variant)
    view = fake.table(session)
    play(fake, view, session, 300)
    game = session.game
    assert [int(node.attributes["data-cards"]) for node in seats(fake)] == [
        len(hand) for hand in game.hands]
    assert [node.dataset.marks for node in seats(fake)] == [
        " ".join(kind for part in view.parts for kind, _ in part.seat_marks(seat))
        for seat in range(game.n)]
    pile = fake.document.querySelector("[data-pile]")
    assert int(pile.dataset.cards) == len(game.pile)
    log = fake.document.getElementById("log")
    assert log.childElementCount == len(game.events)
    assert log.children.item(0).textContent.endswith(
        with_symbols(game.events[-1].explain(game.names, session.controls())))
    view.destroy()
    assert all(proxy.fn is None for proxy in view._proxies) and not view._proxies


def test_a_seat_shows_its_keys_its_turn_and_its_notes(fake: Any) -> None:
    session = session_of("classic", players=2, bots=1)
    view = fake.table(session)
    person, bot = seats(fake)
    assert [kbd.textContent for kbd in person.querySelectorAll("kbd")] == ["Q", "W"]
    assert bot.querySelectorAll("kbd") == [] and bot.querySelector(".seat-tag")
    assert person.attributes.get("aria-current") == "true"
    view.update(session.human(0, "slap", fake.window.now))  # on an empty pile: wrong
    note = person.querySelector(".seat-note")
    assert note is not None and note.dataset.kind == "wrong-slap"
    assert person.classList.contains("wrong")
    fake.window.run(NOTE_MS)
    assert person.querySelector(".seat-note") is None and not person.classList.contains("wrong")
    flip = person.querySelector(".touch-flip")
    assert flip is not None
    press = types.SimpleNamespace(type="pointerdown", detail=1, preventDefault=lambda: None)
    flip.listeners[0][1](press)
    assert fake.touched == [(0, "flip")]


@pytest.mark.parametrize(("kind", "buttons"), [
    ("bot", ()), ("phone", ()),
    ("person", (("flip", "Flip", "Q"), ("slap", "Slap", "W"))),
    ("person", (("flip", "Flip", "Z"), ("slap-left", "Left", "C"), ("slap-right", "Right", "&"))),
])
@pytest.mark.parametrize("skeleton", [False, True])
def test_a_seat_drawn_and_a_seat_written_as_html_are_one_markup(
    fake: Any, kind: SeatKind, buttons: tuple[tuple[str, str, str], ...], skeleton: bool
) -> None:
    """The seat the table draws and the seat the build writes for the page before Python
    (web/model/setup_html.py, which web/boot/setup_early.js fills in) come from one
    seat_markup: drawn, and written as HTML then parsed, they are the same elements."""
    markup = seat_markup(2, "Zoë <b>&", kind, "expert", buttons, skeleton)
    refs: dict[str, Any] = {}
    drawn = draw(markup, fake.view.DOM.el, refs)
    box = fake.document.createElement("div")
    box.innerHTML = markup_html(markup)
    assert box.children[0].outer_html() == drawn.outer_html()
    assert drawn.querySelector(".seat-name").textContent == "Zoë <b>&"
    assert {"root", "name", "stack", "count", "status", "line", "marks"} <= set(refs)
    assert ("data-seat" in drawn.attributes) is not skeleton
    assert len(drawn.querySelectorAll("button")) == len(buttons)
    assert {name for name in refs if name.startswith("key:")} == {f"key:{a}" for a, _, _ in buttons}


def test_the_page_before_python_has_the_tables_own_seats() -> None:
    """The build's templates are seats.py's skeletons: a bot's seat, a person's and a person's
    touch button, all without the hooks of a dealt seat."""
    html = seat_skeletons()
    assert html == (markup_html(seat_markup(0, "", "bot", "normal", skeleton=True))
                    + markup_html(seat_markup(0, "", "person", skeleton=True))
                    + markup_html(touch_button_markup("flip", "", "", "", skeleton=True)))
    for hook in ("data-seat", "data-cards", "data-name", "data-action"):
        assert hook not in html


def test_the_projector_display_moves_the_seats_and_the_pause_banner(fake: Any) -> None:
    """Turning the projector display on takes the seats to its places (the sides first, the
    top one seat at most) and the pause banner to the top of the rail; off, back again. The
    seats are the same elements, their notes and buttons kept."""
    session = session_of("classic", players=8, bots=7)
    view = fake.table(session)
    html, banner = fake.document.documentElement, fake.document.getElementById("paused-banner")

    def regions() -> dict[str, list[int]]:
        return {region: [int(node.attributes["data-seat"]) for node in
                         fake.document.querySelector(f"[data-region='{region}']").children]
                for region in ("top", "left", "right", "bottom")}

    plain = regions()
    assert plain == {"top": [3, 4, 5], "left": [2, 1], "right": [6, 7], "bottom": [0]}
    assert banner.parentNode.classList.contains("centre-area")
    person = seats(fake)[0]
    html.classList.add("projector")
    view.relayout()
    assert regions() == {"top": [4], "left": [3, 2, 1], "right": [5, 6, 7], "bottom": [0]}
    assert [node.dataset.region for node in seats(fake)] == [
        "bottom", "left", "left", "left", "top", "right", "right", "right"]
    assert banner.parentNode is fake.document.getElementById("rail-body")
    assert seats(fake)[0] is person and person.querySelector(".touch-flip") is not None
    html.classList.remove("projector")
    view.relayout()
    assert regions() == plain
    assert banner.parentNode.classList.contains("centre-area")


def test_a_table_dealt_on_the_projector_display_is_laid_out_for_it(fake: Any) -> None:
    fake.document.documentElement.classList.add("projector")
    fake.table(session_of("kurs", players=6, bots=5))
    assert [node.attributes["data-seat"] for node in
            fake.document.querySelector("[data-region='top']").children] == ["3"]
    assert fake.document.getElementById("paused-banner").parentNode is (
        fake.document.getElementById("rail-body"))


def test_a_persons_buttons_are_disabled_once_the_game_is_over(fake: Any) -> None:
    session = session_of("classic", players=2, bots=1)
    view = fake.table(session)
    person = seats(fake)[0]
    buttons = person.querySelectorAll("[data-action]")
    assert buttons and not any(getattr(button, "disabled", False) for button in buttons)
    play(fake, view, session, 5000)
    assert session.game.outcome is not None
    assert all(button.disabled for button in buttons)


def test_a_pile_taken_flies_to_the_winner_and_shows_why(fake: Any) -> None:
    session = session_of("classic", players=2, bots=2)
    view = fake.table(session)
    pile = fake.document.querySelector("[data-pile]")
    for _ in range(400):
        events = session.step(fake.window.now)
        taken = [e for e in events if isinstance(e, PileTaken)]
        cards = list(pile.children)
        view.update(events)
        if taken and taken[0].how == "slap" and cards:
            break
        fake.window.run(1000)
    else:
        pytest.fail("no pile won by a slap")
    assert all(node.classList.contains("leaving") for node in cards)
    assert any(node.dataset.pattern == taken[0].rule for node in cards)
    assert pile.classList.contains("pattern-shown")
    fake.window.run(2000)
    assert not any(node in pile.children for node in cards)
    assert not pile.classList.contains("pattern-shown")


def played_out(fake: Any, session: Session, view: Any) -> int:
    """The bots play ``session`` to its end, drawn as the page draws it: its winner."""
    for _ in range(5000):
        if session.game.outcome is not None:
            break
        view.update(session.step(fake.window.now))
        fake.window.run(1000)
    outcome = session.game.outcome
    assert outcome is not None and outcome.winner is not None
    return outcome.winner


@pytest.mark.parametrize(("motion", "reduced", "mode"), [
    ("move", False, "move"), ("fade", False, "fade"), ("move", True, "still")])
def test_the_winners_moment_gathers_cards_to_the_winners_seat(
        fake: Any, motion: str, reduced: bool, mode: str) -> None:
    module = importlib.import_module("web.table.pieces.finale")  # (as the fake page has it)
    session = session_of("classic", players=3, bots=3, seed=4)
    view = fake.table(session)
    winner = played_out(fake, session, view)
    fake.document.body.dataset.motion = motion
    fake.window.reduced = reduced
    assert view.crown(winner) == module.MOMENT_MS[mode]
    crowned = [node for node in seats(fake) if node.classList.contains("crowned")]
    assert crowned == [seats(fake)[winner]]
    layer = fake.document.querySelector(".finale")
    assert layer.attributes["aria-hidden"] == "true"
    assert layer.dataset.mode == mode
    cards = list(layer.children)
    assert cards and all(card.classList.contains("covered") for card in cards)
    # The cards travel only where the table's cards travel: elsewhere they are at the seat.
    travel = {(card.style.getPropertyValue("--dx"), card.style.getPropertyValue("--dy"))
              for card in cards}
    assert (travel != {("0px", "0px")}) == (mode == "move")
    fake.window.run(module.MOMENT_MS[mode])
    assert not list(layer.children)  # gone once the moment is over
    view.destroy()
    assert fake.document.querySelector(".finale") is None


def test_the_cards_gathered_come_from_the_pile_and_every_seat_with_cards(fake: Any) -> None:
    m = importlib.import_module("web.table.pieces.finale")
    assert m.gather_plan([52, 0, 0], 0, 7, winner=0) == [(m.PILE, m.FROM_PILE)]
    assert m.gather_plan([40, 0, 0], 2, 0, winner=0) == [(m.PILE, 2)]
    assert m.gather_plan([30, 5, 1], 0, 0, winner=0) == [(1, m.FROM_SEAT), (2, 1)]
    crowded = m.gather_plan([10] * 8, 20, 3, winner=3)
    assert sum(n for _, n in crowded) == m.MOST
    assert crowded[0] == (m.PILE, m.FROM_PILE) and all(seat != 3 for seat, _ in crowded)


def test_a_persons_decision_opens_a_panel_moved_with_their_keys(fake: Any) -> None:
    session = session_of("kurs", players=3, bots=2, seed=1)
    view = fake.table(session)
    slot = fake.document.getElementById("choice-slot")
    while (decision := session.human_decision) is None or not decision.free_text:
        assert session.game.outcome is None, "the deal has no decree to type"
        if decision is not None:
            events = session.choose(decision.seat, decision.default, fake.window.now)
        else:
            events = session.step(fake.window.now)
            session.resume(fake.window.now)
            events = events or session.human(0, "flip", fake.window.now)
        view.update(events)
        fake.window.run(300)
    panel = slot.querySelector("[data-choice]")
    assert panel is not None and panel.dataset.choice == "0"
    assert seats(fake)[0].classList.contains("choosing")
    assert fake.document.scrolled[-1] is panel
    assert view.needs_ticking()
    # K.U.R.S.' keys: the slap key moves to the next option, the flip key chooses.
    assert panel.querySelector(".choice-hint").textContent == "W moves · Q chooses"
    assert view.choice_key(1, "flip") is None  # not this seat's panel
    assert panel.dataset.selected == decision.default
    for _ in range(len(decision.options)):  # the text box comes after the options
        if panel.dataset.selected == "type":
            break
        assert view.choice_key(0, "slap") == ""
    assert panel.dataset.selected == "type"
    assert view.choice_key(0, "flip") == ""
    field = panel.querySelector(".choice-text")
    assert fake.document.focused is field
    enter = types.SimpleNamespace(type="keydown", key="Enter", isComposing=False,
                                  preventDefault=lambda: None)
    field.value = "   "
    field.listeners[0][1](enter)
    assert not panel.querySelector(".choice-note").hidden and fake.chosen == []
    field.value = "  No whistling.  "
    field.listeners[0][1](enter)
    assert fake.chosen == [(0, "No whistling.")]
    view.update(session.choose(0, "No whistling.", fake.window.now))
    assert slot.querySelector("[data-choice]") is None
    assert not seats(fake)[0].classList.contains("choosing")


def test_the_headline_tells_the_deal(fake: Any) -> None:
    session = session_of("classic")
    fake.table(session)
    headline = fake.document.getElementById("explain")
    assert headline.dataset.kind and headline.dataset.since == f"{fake.window.now:.3f}"


def test_a_new_table_after_a_step_back_keeps_the_log_entries(fake: Any) -> None:
    session = session_of("classic")
    view = fake.table(session)
    play(fake, view, session, 40)
    lines = view.lines
    session.goto(10, fake.window.now)
    view.destroy()
    again = fake.table(session, lines)
    assert again.lines is lines
    log = fake.document.getElementById("log")
    future = [node for node in log.children if node.classList.contains("future")]
    assert future and log.querySelector("[aria-current]") is log.children.item(len(future))


def test_a_wrong_slaps_cards_fly_under_the_pile_and_the_next_move_lands_them(fake: Any
                                                                                ) -> None:
    session = session_of("classic", players=2, bots=0)
    view = fake.table(session)
    pile = fake.document.querySelector("[data-pile]")
    view.update(session.human(0, "flip", fake.window.now))
    events = session.human(1, "slap", fake.window.now)  # one card: nothing to slap
    wrong = [e for e in events if isinstance(e, WrongSlap)]
    assert wrong and wrong[0].burned and wrong[0].place == "bottom"
    view.update(events)
    tucked = [node for node in pile.children if node.classList.contains("tucking")]
    assert len(tucked) == len(wrong[0].burned)
    assert pile.children[0] is tucked[0]  # drawn first: under every card shown
    assert all(node.classList.contains("covered") and node.dataset.code is None
               for node in tucked)  # face down, no card of the pile's hooks
    assert all(node.style.getPropertyValue("--from-x") for node in tucked)
    shown = [node for node in pile.children if node not in tucked]
    assert [node.dataset.code for node in shown] == [session.game.pile[-1].code]
    # The next move lands what still flies: the burned card is under the pile at once.
    view.update(session.human(1, "flip", fake.window.now))
    assert not any(node.classList.contains("tucking") for node in pile.children)
    assert [node.classList.contains("arriving") for node in pile.children] == [False, True]


def test_a_pile_taken_is_gone_as_soon_as_the_next_card_is_played(fake: Any) -> None:
    session = session_of("classic", players=2, bots=2)
    view = fake.table(session)
    pile = fake.document.querySelector("[data-pile]")
    for _ in range(400):
        events = session.step(fake.window.now)
        view.update(events)
        if any(isinstance(e, PileTaken) for e in events) and any(
                node.classList.contains("leaving") for node in pile.children):
            break
        fake.window.run(1000)
    else:
        pytest.fail("no pile taken")
    fake.window.run(50)  # still flying
    assert any(node.classList.contains("leaving") for node in pile.children)
    events = []
    while not events:
        events = session.step(fake.window.now)
    view.update(events)
    assert not any(node.classList.contains("leaving") for node in pile.children)
    assert not pile.classList.contains("pattern-shown")


def test_burned_cards_fly_to_the_burn_pile_and_a_fire_put_out_flies_to_its_seat(
        fake: Any) -> None:
    session = session_of("firefighters", players=4, bots=4, seed=12)
    view = fake.table(session)
    burn = fake.document.getElementById("burn")
    top = burn.querySelector(".burn-top")
    seen: set[str] = set()
    for _ in range(3000):
        if session.game.outcome is not None or seen == {"burned", "fire-out"}:
            break
        events = session.step(fake.window.now)
        view.update(events)
        cards = [node for node in top.children if node.classList.contains("card")]
        if any(isinstance(e, Burned) for e in events):
            seen.add("burned")
            assert cards[-1].classList.contains("arriving")
            assert cards[-1].style.getPropertyValue("--from-x")
        if any(isinstance(e, FireOut) for e in events):
            seen.add("fire-out")
            leaving = [node for node in cards if node.classList.contains("leaving")]
            assert len(leaving) == 1 and leaving[0].style.getPropertyValue("--to-y")
            fake.window.run(1)
            view.update(session.step(fake.window.now))  # the next move: it is there
            assert not any(node.classList.contains("leaving") for node in top.children)
        fake.window.run(300)
    assert seen == {"burned", "fire-out"}


# --------------------------------------------------------------------------- the table's words


def people_table(fake: Any, variant: str, hands: list[str], touch: bool = False,
                 phones: tuple[int, ...] = (), seed: int = 0,
                 **options: Any) -> tuple[Session, Any]:
    """A table of people (Ada, Ben...) dealt ``hands`` (top card first), on a touch screen
    or at a keyboard, ``phones`` played from phones."""
    names = ["Ada", "Ben", "Cleo", "Dev"][:len(hands)]

    def deal() -> Game:
        dealt = [cards(h) for h in hands] if hands[0] else None
        return Game(variant, len(names), seed=seed, hands=dealt, names=names, options=options)

    session = Session(variant, len(names), seed, names, {}, options, deal=deal)
    session.remote.update(phones)
    fake.window.coarse = touch
    return session, fake.table(session)


def status(fake: Any, seat: int) -> str:
    node = seats(fake)[seat].querySelector(".seat-status")
    return str(node.textContent)


def test_beggar_my_neighbour_says_who_owes_what(fake: Any) -> None:
    session, view = people_table(fake, "beggar-my-neighbour", ["QH 2C 3C", "6S 7D 9C"])
    challenge = fake.document.getElementById("challenge")
    view.update(session.human(0, "flip", fake.window.now))
    assert challenge.textContent == "Queen of Hearts: Ben owes 2 cards"
    assert status(fake, 1) == "owes 2 cards"
    log = fake.document.getElementById("log")
    assert log.children.item(0).textContent.endswith("Ada turns up Q\u2665: Ben owes 2 cards.")
    fake.window.run(100)
    view.update(session.human(1, "flip", fake.window.now))
    assert challenge.textContent == "Queen of Hearts: Ben owes 1 card"
    assert status(fake, 1) == "owes 1 card"
    assert log.children.item(0).textContent.endswith("Ben pays 6\u2660 (1 more card owed).")
    fake.window.run(100)
    view.update(session.human(1, "flip", fake.window.now))
    assert fake.document.getElementById("explain").textContent == "Ada takes the pile (3 cards)."


def test_the_slapping_games_keep_their_chances(fake: Any) -> None:
    session, view = people_table(fake, "classic", ["QH 2C 3C", "6S 7D 9C"])
    view.update(session.human(0, "flip", fake.window.now))
    assert fake.document.getElementById("challenge").textContent == (
        "Queen of Hearts: Ben has 2 chances")
    assert status(fake, 1) == "to play: 2 chances"


@pytest.mark.parametrize(("collect", "waiting"), [
    ("claim", "won the pile: flip to collect"),
    ("auto", "won the pile: collected in a moment")])
def test_a_won_pile_says_how_it_is_collected(fake: Any, collect: str, waiting: str) -> None:
    session, view = people_table(fake, "classic", ["JS 9C", "2C 3D"], collect=collect)
    for seat in (0, 1):
        view.update(session.human(seat, "flip", fake.window.now))
        fake.window.run(100)
    assert status(fake, 0) == waiting
    fake.window.run(1000)
    events = session.advance(fake.window.now)
    if collect == "auto":  # the table's own tick, at the end of the pause
        assert any(isinstance(e, PileTaken) for e in events)
        assert session.game.history[-1][1:3] == (-1, "tick")
    else:
        assert events == []
    view.update(events)
    assert status(fake, 0) == ("to play" if collect == "auto" else waiting)


def rat_seed() -> int:
    """Slap Like an Egyptian: a seed whose first roll is a Rat on the red die only (Ben, the
    dealer, calls the hand)."""
    for seed in range(1, 10_000):
        dice = dice_of(Game("slap-like-an-egyptian", 2, seed=seed))
        if dice is not None and dice.red == "rat" and dice.wood != "rat":
            return seed
    raise AssertionError("no Rat on the first roll")


@pytest.mark.parametrize(("touch", "phones", "hint"), [
    (False, (), "A / S move \u00b7 Q chooses"),
    (True, (), "Tap an option."),
    (False, (1,), "Ben chooses on their phone."),
    (True, (1,), "Ben chooses on their phone."),
])
def test_a_decisions_hint_says_how_its_chooser_chooses(
        fake: Any, touch: bool, phones: tuple[int, ...], hint: str) -> None:
    people_table(fake, "slap-like-an-egyptian", ["", ""], touch, phones, seed=rat_seed())
    panel = fake.document.querySelector("[data-choice='1']")
    assert panel is not None
    assert panel.querySelector(".choice-hint").textContent == hint


@pytest.mark.parametrize(("touch", "phones", "how"), [
    (False, (), "with their slap key"),
    (True, (), "with their Slap button"),
    (False, (0, 1), "with the Slap button on their phone"),
    (True, (1,), "by slapping"),
])
def test_the_headline_and_the_log_name_how_the_table_burns(
        fake: Any, touch: bool, phones: tuple[int, ...], how: str) -> None:
    session, view = people_table(fake, "firefighters", ["QS KS", "QH 9H"], touch, phones)
    for seat in (0, 1):
        view.update(session.human(seat, "flip", fake.window.now))
        fake.window.run(100)
    said = f"Everyone with cards burns one {how};"
    assert said in fake.document.getElementById("explain").textContent
    assert said in fake.document.getElementById("log").children.item(0).textContent
