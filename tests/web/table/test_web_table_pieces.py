"""The table's pieces (web/table/view.py and the pieces it is made of), without a browser.

The table imports ``document`` and ``window`` from the browser's ``pyscript`` module and
``create_proxy`` from ``pyodide.ffi``: here they are stand-ins, with a small DOM that does what
the table asks of a real one (elements, attributes, classes, ``dataset``, ``style``, a few
selectors, ``innerHTML`` for the log) and a clock and timers the test moves by hand. On it the
table deals real games and draws them: the pieces' order, the hooks the browser tests read, and
what each piece hands another (a seat's element, a note, the parts' marks).
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import types
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from ratscrew.core.events import PileTaken
from web.model.card_text import with_symbols
from web.model.headline import NOTE_MS
from web.model.session import Session
from web.table.part import TablePart
from web.table.piece import Piece

# --------------------------------------------------------------------------- a fake DOM


class ClassList:
    def __init__(self, node: Element) -> None:
        self._node = node

    def _names(self) -> list[str]:
        return self._node.attributes.get("class", "").split()

    def _set(self, names: list[str]) -> None:
        self._node.attributes["class"] = " ".join(names)

    def add(self, *names: str) -> None:
        self._set(self._names() + [n for n in names if n not in self._names()])

    def remove(self, *names: str) -> None:
        if "class" in self._node.attributes:
            self._set([n for n in self._names() if n not in names])

    def contains(self, name: str) -> bool:
        return name in self._names()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else force
        if on:
            self.add(name)
        else:
            self.remove(name)
        return on


class Dataset:
    """``node.dataset``: ``data-*`` attributes by their camelCase names."""

    _node: Element

    def __init__(self, node: Element) -> None:
        object.__setattr__(self, "_node", node)

    @staticmethod
    def _attr(name: str) -> str:
        return "data-" + re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), name)

    def __getattr__(self, name: str) -> str | None:
        return self._node.attributes.get(self._attr(name))

    def __setattr__(self, name: str, value: str) -> None:
        self._node.setAttribute(self._attr(name), value)


class Style:
    def __init__(self) -> None:
        self.props: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.props[name] = value

    def getPropertyValue(self, name: str) -> str:
        return self.props.get(name, "")


class Text:
    parentNode: Element | None = None

    def __init__(self, text: str) -> None:
        self.textContent = text

    def html(self) -> str:
        return self.textContent.replace("&", "&amp;").replace("<", "&lt;")


class Children(list["Element"]):
    def item(self, i: int) -> Element | None:
        return self[i] if 0 <= i < len(self) else None


class Element:
    def __init__(self, document: Document, tag: str) -> None:
        self.ownerDocument = document
        self.tagName = tag.upper()
        self.attributes: dict[str, str] = {}
        self.childNodes: list[Element | Text] = []
        self.parentNode: Element | None = None
        self.classList = ClassList(self)
        self.dataset = Dataset(self)
        self.style = Style()
        self.listeners: list[tuple[str, Any]] = []
        self.scrollTop = 0
        self.offsetWidth = self.offsetTop = self.offsetHeight = self.clientHeight = 0
        self.value = ""

    # attributes
    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        self.attributes["class"] = value

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attributes

    @hidden.setter
    def hidden(self, value: bool) -> None:
        if value:
            self.attributes["hidden"] = ""
        else:
            self.attributes.pop("hidden", None)

    def setAttribute(self, name: str, value: str) -> None:
        assert isinstance(value, str), (name, value)
        self.attributes[name] = value

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    # the tree
    @property
    def children(self) -> Children:
        return Children(n for n in self.childNodes if isinstance(n, Element))

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstChild(self) -> Element | Text | None:
        return self.childNodes[0] if self.childNodes else None

    @property
    def lastChild(self) -> Element | Text | None:
        return self.childNodes[-1] if self.childNodes else None

    def _adopt(self, child: Element | Text, index: int) -> None:
        if child.parentNode is not None:
            child.parentNode.removeChild(child)
        child.parentNode = self
        self.childNodes.insert(index, child)

    def appendChild(self, child: Element | Text) -> Element | Text:
        self._adopt(child, len(self.childNodes))
        return child

    def removeChild(self, child: Element | Text) -> None:
        self.childNodes.remove(child)
        child.parentNode = None

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.removeChild(self)

    def before(self, node: Element) -> None:
        assert self.parentNode is not None
        if node.parentNode is not None:
            node.parentNode.removeChild(node)
        self.parentNode._adopt(node, self.parentNode.childNodes.index(self))

    def after(self, node: Element) -> None:
        assert self.parentNode is not None
        if node.parentNode is not None:
            node.parentNode.removeChild(node)
        self.parentNode._adopt(node, self.parentNode.childNodes.index(self) + 1)

    @property
    def textContent(self) -> str:
        return "".join(child.textContent for child in self.childNodes)

    @textContent.setter
    def textContent(self, value: str) -> None:
        for child in list(self.childNodes):
            self.removeChild(child)
        if value:
            self.appendChild(Text(value))

    @textContent.deleter
    def textContent(self) -> None:
        raise AttributeError

    @property
    def innerHTML(self) -> str:
        return "".join(child.html() for child in self.childNodes)

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:
        self.textContent = ""
        for node in self.ownerDocument.parse(markup):
            self.appendChild(node)

    def insertAdjacentHTML(self, where: str, markup: str) -> None:
        assert where == "afterbegin", where
        for i, node in enumerate(self.ownerDocument.parse(markup)):
            self._adopt(node, i)

    def elements(self) -> Iterator[Element]:
        """The elements inside, in document order."""
        for child in self.childNodes:
            if isinstance(child, Element):
                yield child
                yield from child.elements()

    def matches(self, selector: str) -> bool:
        if selector.startswith("."):
            return self.classList.contains(selector[1:])
        found = re.fullmatch(r"\[([\w-]+)(?:='([^']*)')?\]", selector)
        if found is None:
            return self.tagName == selector.upper()
        name, value = found.groups()
        return name in self.attributes and (value is None or self.attributes[name] == value)

    def querySelectorAll(self, selector: str) -> list[Element]:
        return [node for node in self.elements() if node.matches(selector)]

    def querySelector(self, selector: str) -> Element | None:
        return next((node for node in self.elements() if node.matches(selector)), None)

    # events, focus, layout
    def addEventListener(self, kind: str, handler: Any) -> None:
        self.listeners.append((kind, handler))

    def focus(self, *_: Any) -> None:
        self.ownerDocument.focused = self

    def scrollIntoView(self, *_: Any) -> None:
        self.ownerDocument.scrolled.append(self)

    def getBoundingClientRect(self) -> types.SimpleNamespace:
        """Seats round a circle, everything else in the middle: only the offsets count."""
        seat = self.attributes.get("data-seat")
        left = 300.0 if seat is None else 300.0 + 200.0 * (int(seat) % 3 - 1)
        top = 200.0 if seat is None else 200.0 + 150.0 * (int(seat) // 3 - 1)
        return types.SimpleNamespace(left=left, top=top, width=100.0, height=60.0)

    def html(self) -> str:
        attributes = dict(self.attributes)
        if self.style.props:
            attributes["style"] = ";".join(f"{k}:{v}" for k, v in self.style.props.items())
        attrs = "".join(f' {k}="{v}"' for k, v in attributes.items())
        inner = "".join(child.html() for child in self.childNodes)
        tag = self.tagName.lower()
        return f"<{tag}{attrs}>{inner}</{tag}>"


class _Parser(HTMLParser):
    def __init__(self, document: Document) -> None:
        super().__init__(convert_charrefs=True)
        self.document = document
        self.top: list[Element | Text] = []
        self.open: list[Element] = []

    def _add(self, node: Element | Text) -> None:
        if self.open:
            self.open[-1].appendChild(node)
        else:
            self.top.append(node)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(self.document, tag)
        for name, value in attrs:
            node.setAttribute(name, value or "")
        self._add(node)
        self.open.append(node)

    def handle_endtag(self, tag: str) -> None:
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self._add(Text(data))


class Document:
    def __init__(self, markup: str) -> None:
        self.focused: Element | None = None
        self.scrolled: list[Element] = []
        self.root = Element(self, "html")
        self.root.innerHTML = markup
        self.body = self.root.querySelector("body") or self.root

    def parse(self, markup: str) -> list[Element | Text]:
        parser = _Parser(self)
        parser.feed(markup)
        parser.close()
        return parser.top

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        return Element(self, tag)

    def createTextNode(self, text: str) -> Text:
        return Text(text)

    def getElementById(self, element_id: str) -> Element | None:
        return self.root.querySelector(f"[id='{element_id}']")

    def querySelectorAll(self, selector: str) -> list[Element]:
        return self.root.querySelectorAll(selector)

    def querySelector(self, selector: str) -> Element | None:
        return self.root.querySelector(selector)


TABLE = """<body><p id="explain"></p><div id="felt"><div id="seats">
<div data-region="top"></div><div data-region="left"></div>
<div class="centre-area"><div class="centre-row"><div id="pile" data-pile data-cards="0"></div>
</div><p id="challenge"></p><p id="pile-note"></p></div>
<div data-region="right"></div><div data-region="bottom"></div></div></div>
<div id="panels"><div id="choice-slot"></div></div><ol id="log"></ol>
<div id="announce"></div></body>"""
"""The table's elements as index.html has them (only what the table reads)."""


class Window:
    """The browser's clock and timers, moved by the test (:meth:`run`)."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.now = 1000.0
        self.timers: list[tuple[float, int, Callable[[], None]]] = []
        self.made = 0
        self.performance = types.SimpleNamespace(now=lambda: self.now)
        self.Object = types.SimpleNamespace(fromEntries=dict)

    def setTimeout(self, fn: Callable[[], None], ms: float) -> int:
        self.made += 1
        self.timers.append((self.now + ms, self.made, fn))
        return self.made

    def getComputedStyle(self, node: Element) -> Style:
        return node.style

    def run(self, ms: float) -> None:
        """``ms`` pass: the timers due meanwhile fire, in order."""
        self.now += ms
        while due := sorted(t for t in self.timers if t[0] <= self.now):
            self.timers.remove(due[0])
            due[0][2]()


class Proxy:
    """``create_proxy``'s handle: callable until destroyed."""

    def __init__(self, fn: Callable[[Any], None]) -> None:
        self.fn: Callable[[Any], None] | None = fn

    def __call__(self, event: Any) -> None:
        assert self.fn is not None, "a destroyed proxy was called"
        self.fn(event)

    def destroy(self) -> None:
        self.fn = None


# --------------------------------------------------------------------------- the table on it

TABLE_MODULES = ("web.table.view", "web.table.seats", "web.table.pile", "web.table.log_view",
                 "web.table.decision", "web.table.headline_view", "web.table.cards_view")


@pytest.fixture
def fake() -> Iterator[types.SimpleNamespace]:
    """A page with the table's elements, and the table's modules imported on it (and forgotten
    afterwards): ``fake.table(session)`` deals a :class:`TableView`."""
    document = Document(TABLE)
    window = Window(document)
    pyscript = types.ModuleType("pyscript")
    pyscript.document = document  # type: ignore[attr-defined]
    pyscript.window = window  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda fn: fn  # type: ignore[attr-defined]
    ffi.to_js = lambda obj, **_: obj  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    fakes = {"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi}
    saved = {name: sys.modules.get(name) for name in (*fakes, *TABLE_MODULES)}
    sys.modules.update(fakes)
    for name in TABLE_MODULES:
        sys.modules.pop(name, None)
    try:
        view = importlib.import_module("web.table.view")
        keys = {"flip": "q", "slap": "w", "slap-left": "a", "slap-right": "s"}
        touched: list[tuple[int, str]] = []
        chosen: list[tuple[int, str]] = []

        def table(session: Session, lines: Any = None) -> Any:
            return view.TableView(session, lambda seat: keys, lambda *a: touched.append(a),
                                  lambda *a: chosen.append(a), None, lines)

        yield types.SimpleNamespace(document=document, window=window, table=table,
                                    touched=touched, chosen=chosen, view=view)
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


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


def test_a_piece_has_the_lifecycle_of_a_part() -> None:
    for name in LIFECYCLE:
        assert inspect.signature(getattr(Piece, name)) == inspect.signature(
            getattr(TablePart, name)), name
    own = {name for name in vars(Piece) if not name.startswith("_")}
    assert own == set(LIFECYCLE)


def test_the_table_hands_each_batch_to_its_pieces_in_order(fake: Any) -> None:
    session = session_of("firefighters")
    view = fake.table(session)
    pieces = [type(piece).__name__ for piece in view.pieces]
    assert pieces == ["LogView", "Seats", "Pile", "DecisionPanel", "BurnPile",
                      "BurnContestPanel", "HeadlineView"]
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
        with_symbols(game.events[-1].explain(game.names)))
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
    assert panel.querySelector(".choice-hint").textContent == "A / S move · Q chooses"
    assert view.choice_key(1, "flip") is None  # not this seat's panel
    assert panel.dataset.selected == decision.default
    for _ in range(len(decision.options)):  # the text box comes after the options
        if panel.dataset.selected == "type":
            break
        assert view.choice_key(0, "slap-right") == ""
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
