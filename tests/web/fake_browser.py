"""A browser for web/ under CPython: stand-ins for PyScript's ``pyscript`` module and Pyodide's
``pyodide.ffi``, with a small DOM.

The DOM does what the page's code asks of a real one: elements (HTML and SVG), text nodes,
attributes, classes, ``dataset``, ``style``, a few selectors, ``innerHTML`` parsed and
rendered, dialogs opened and closed, focus and scrolling recorded, listeners kept (and called
by :meth:`Element.dispatch`). ``window`` has a clock, timers and animation frames that the
test moves by hand (:meth:`Window.run`), ``localStorage`` and ``history``.
:func:`fake_browser` installs them in ``sys.modules`` and imports the page's modules against
them.
"""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

HTML = "http://www.w3.org/1999/xhtml"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
"""The elements that have no end tag."""
SVG = "http://www.w3.org/2000/svg"


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
    fontSize = "16px"
    """Every element's computed font size."""

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

    def outer_html(self) -> str:
        return self.textContent.replace("&", "&amp;").replace("<", "&lt;")


class Children(list["Element"]):
    """A ``NodeList``: a list with ``length`` and ``item(i)``."""

    def item(self, i: int) -> Element | None:
        return self[i] if 0 <= i < len(self) else None

    @property
    def length(self) -> int:
        return len(self)


class Element:
    """An element. An HTML one's ``tagName`` is upper case, as in an HTML document; an SVG
    one's is as created (``svg``, ``path``) and, as in a browser, its ``className`` is not a
    string: it is read and written with ``getAttribute``/``setAttribute('class', ...)``."""

    def __init__(self, document: Document, tag: str, namespace: str = HTML) -> None:
        self.ownerDocument = document
        self.namespaceURI = namespace
        self.localName = tag
        self.tagName = tag.upper() if namespace == HTML else tag
        self.attributes: dict[str, str] = {}
        self.childNodes: list[Element | Text] = []
        self.parentNode: Element | None = None
        self.classList = ClassList(self)
        self.dataset = Dataset(self)
        self.style = Style()
        self.listeners: list[tuple[str, Any]] = []
        self.scrollTop = 0
        self.offsetWidth = self.offsetTop = self.offsetHeight = self.clientHeight = 0
        self._value: str | None = None
        self._checked: bool | None = None

    # attributes
    @property
    def id(self) -> str:
        return self.attributes.get("id", "")

    @property
    def className(self) -> str:
        if self.namespaceURI != HTML:
            raise AttributeError("use setAttribute('class', ...) on SVG elements")
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        if self.namespaceURI != HTML:
            raise AttributeError("use setAttribute('class', ...) on SVG elements")
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

    # form controls: a value or a check set from code wins over the markup's
    @property
    def value(self) -> str:
        """As set; else a select's selected (or first) option's, an option's or an input's
        ``value`` attribute."""
        if self._value is not None:
            return self._value
        if self.localName == "select":
            options = self.querySelectorAll("option")
            chosen = next((o for o in options if "selected" in o.attributes),
                          options[0] if options else None)
            return chosen.value if chosen is not None else ""
        if self.localName == "option":
            return self.attributes.get("value", self.textContent)
        return self.attributes.get("value", "")

    @value.setter
    def value(self, value: str) -> None:
        self._value = value

    @property
    def checked(self) -> bool:
        return "checked" in self.attributes if self._checked is None else self._checked

    @checked.setter
    def checked(self, value: bool) -> None:
        self._checked = value

    @property
    def type(self) -> str:
        return self.attributes.get("type", "text" if self.localName == "input" else "")

    @property
    def parentElement(self) -> Element | None:
        return self.parentNode

    @property
    def tHead(self) -> Element | None:
        return next((c for c in self.children if c.localName == "thead"), None)

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

    def insertBefore(self, child: Element | Text, reference: Element | Text | None
                     ) -> Element | Text:
        if reference is None:
            return self.appendChild(child)
        self._adopt(child, self.childNodes.index(reference))
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
        return "".join(child.outer_html() for child in self.childNodes)

    @innerHTML.setter
    def innerHTML(self, markup: str) -> None:
        self.textContent = ""
        for node in self.ownerDocument.parse(markup):
            self.appendChild(node)

    @property
    def outerHTML(self) -> str:
        return self.outer_html()

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
        """Whether this element matches ``selector``: compounds of ``tag``, ``.class``,
        ``#id``, ``[attr]``, ``[attr=value]`` (quoted or not) and ``:not(...)`` of those,
        joined by spaces (a descendant), which are the only selectors this DOM knows."""
        *ancestors, last = selector.split()
        if not self._matches_compound(last):
            return False
        node = self.parentNode
        for compound in reversed(ancestors):
            while node is not None and not node._matches_compound(compound):
                node = node.parentNode
            if node is None:
                return False
            node = node.parentNode
        return True

    def _matches_compound(self, compound: str) -> bool:
        for negated in re.findall(r":not\(([^)]*)\)", compound):
            if self._matches_compound(negated):
                return False
        compound = re.sub(r":not\([^)]*\)", "", compound)
        parts = re.findall(r"[.#][\w-]+|\[[^\]]*\]|[\w-]+", compound)
        assert "".join(parts) == compound, f"this DOM does not know the selector {compound!r}"
        for part in parts:
            if part.startswith("."):
                ok = self.classList.contains(part[1:])
            elif part.startswith("#"):
                ok = self.id == part[1:]
            elif part.startswith("["):
                found = re.fullmatch(r"""\[([\w-]+)(?:=(['"]?)([^'"\]]*)\2)?\]""", part)
                assert found is not None, part
                name, _, value = found.groups()
                ok = name in self.attributes and (value is None or self.attributes[name] == value)
            else:
                ok = self.tagName.lower() == part.lower()
            if not ok:
                return False
        return True

    def querySelectorAll(self, selector: str) -> Children:
        return Children(node for node in self.elements() if node.matches(selector))

    def querySelector(self, selector: str) -> Element | None:
        return next((node for node in self.elements() if node.matches(selector)), None)

    # for the tests' own reading (not DOM)
    def classes(self) -> list[str]:
        """The element's classes, in order."""
        return self.attributes.get("class", "").split()

    def select(self, cls: str) -> list[Element]:
        """This element and the elements inside that have the class ``cls``, in document
        order."""
        return [node for node in (self, *self.elements()) if node.classList.contains(cls)]

    # events, focus, layout
    def addEventListener(self, kind: str, handler: Any, *_: Any) -> None:
        self.listeners.append((kind, handler))

    def removeEventListener(self, kind: str, handler: Any, *_: Any) -> None:
        if (kind, handler) in self.listeners:
            self.listeners.remove((kind, handler))

    def dispatch(self, kind: str, event: Any = None) -> None:
        """Call this element's ``kind`` listeners with ``event`` (not DOM: no bubbling)."""
        for listened, handler in list(self.listeners):
            if listened == kind:
                handler(event)

    def closest(self, selector: str) -> Element | None:
        node: Element | None = self
        while node is not None and not node.matches(selector):
            node = node.parentNode
        return node

    # dialogs (and <details>)
    @property
    def open(self) -> bool:
        return "open" in self.attributes

    @open.setter
    def open(self, value: bool) -> None:
        if value:
            self.attributes["open"] = ""
        else:
            self.attributes.pop("open", None)

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False

    def focus(self, *_: Any) -> None:
        self.ownerDocument.focused = self

    def scrollIntoView(self, *_: Any) -> None:
        self.ownerDocument.scrolled.append(self)

    def getBoundingClientRect(self) -> types.SimpleNamespace:
        """Seats round a circle (what is inside a seat at its seat's place), everything else
        in the middle: only the offsets count."""
        node: Element | None = self
        while node is not None and "data-seat" not in node.attributes:
            node = node.parentNode if isinstance(node.parentNode, Element) else None
        seat = node.attributes["data-seat"] if node is not None else None
        left = 300.0 if seat is None else 300.0 + 200.0 * (int(seat) % 3 - 1)
        top = 200.0 if seat is None else 200.0 + 150.0 * (int(seat) // 3 - 1)
        return types.SimpleNamespace(left=left, top=top, width=100.0, height=60.0)

    def outer_html(self) -> str:
        """The element as markup: its tag, its attributes (``style`` from :attr:`style`) and
        what is inside it."""
        attributes = dict(self.attributes)
        if self.style.props:
            attributes["style"] = ";".join(f"{k}:{v}" for k, v in self.style.props.items())
        attrs = "".join(f' {k}="{v}"' for k, v in attributes.items())
        inner = "".join(child.outer_html() for child in self.childNodes)
        return f"<{self.localName}{attrs}>{inner}</{self.localName}>"


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
        if tag not in VOID:
            self.open.append(node)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        self._add(Text(data))


class Document:
    """A page made from ``markup``; it records the element focused last and the elements
    scrolled into view."""

    def __init__(self, markup: str = "") -> None:
        self.focused: Element | None = None
        self.scrolled: list[Element] = []
        self.root = Element(self, "html")
        self.documentElement = self.root
        self.root.innerHTML = markup
        self.head = self.root.querySelector("head") or self.root
        self.body = self.root.querySelector("body") or self.root

    def parse(self, markup: str) -> list[Element | Text]:
        parser = _Parser(self)
        parser.feed(markup)
        parser.close()
        return parser.top

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        return Element(self, tag, namespace)

    def createTextNode(self, text: str) -> Text:
        return Text(text)

    def createRange(self) -> types.SimpleNamespace:
        """A range whose text has no size (nothing is laid out here)."""
        box = types.SimpleNamespace(width=0.0, height=0.0)
        return types.SimpleNamespace(selectNodeContents=lambda node: None,
                                     getBoundingClientRect=lambda: box)

    def getElementById(self, element_id: str) -> Element | None:
        return self.root.querySelector(f"[id='{element_id}']")

    def querySelectorAll(self, selector: str) -> Children:
        return self.root.querySelectorAll(selector)

    def querySelector(self, selector: str) -> Element | None:
        return self.root.querySelector(selector)

    def addEventListener(self, kind: str, handler: Any, *_: Any) -> None:
        self.root.addEventListener(kind, handler)

    def removeEventListener(self, kind: str, handler: Any, *_: Any) -> None:
        self.root.removeEventListener(kind, handler)

    @property
    def activeElement(self) -> Element | None:
        return self.focused


class JSArray(list[Any]):
    """``window.Array.new()``: a list that can ``push``."""

    def push(self, item: Any) -> None:
        self.append(item)


class Promise:
    """A promise the test settles by hand."""

    def __init__(self) -> None:
        self.callbacks: list[tuple[Callable[[Any], None], Callable[[Any], None] | None]] = []

    def then(self, done: Callable[[Any], None], failed: Callable[[Any], None] | None = None
             ) -> Promise:
        self.callbacks.append((done, failed))
        return self

    def resolve(self, value: Any) -> None:
        for done, _ in self.callbacks:
            done(value)

    def reject(self, error: Any) -> None:
        for _, failed in self.callbacks:
            if failed is not None:
                failed(error)


class Storage:
    """``localStorage``: the items saved, and every ``setItem`` in :attr:`writes`."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.writes: list[tuple[str, str]] = []

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.writes.append((key, value))
        self.items[key] = value


class Window:
    """The browser's clock and timers, moved by the test (:meth:`run`)."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.now = 1000.0
        self.timers: list[tuple[float, int, Callable[[], None]]] = []
        self.made = 0
        self.performance = types.SimpleNamespace(now=lambda: self.now)
        self.Object = types.SimpleNamespace(fromEntries=dict)
        self.coarse = False
        """Whether the page is on a touch screen (``(pointer: coarse)`` matches)."""
        self.phone = False
        """Whether the page is on a phone's screen (narrower than 700 px, or lower than 521)."""
        self.reduced = False
        """Whether the system asks for reduced motion (``(prefers-reduced-motion: reduce)``)."""
        self.intervals: dict[int, Callable[[], None]] = {}
        self.scripts: list[tuple[str, Promise]] = []
        self.localStorage = Storage()
        self.history = types.SimpleNamespace(replaceState=lambda *_: None)
        self.location = types.SimpleNamespace(href="https://example.org/ratscrew/", search="",
                                              hostname="example.org")
        self.Array = types.SimpleNamespace(new=JSArray)
        self.console = types.SimpleNamespace(warn=lambda *_: None, error=lambda *_: None)

    def matchMedia(self, query: str) -> types.SimpleNamespace:
        """The queries known: the touch screen's, reduced motion's, and that of a screen that
        is no phone (it is one unless :attr:`phone`)."""
        known = {"(pointer: coarse)": self.coarse,
                 "(prefers-reduced-motion: reduce)": self.reduced,
                 "(min-width: 700px) and (min-height: 521px)": not self.phone}
        assert query in known, query
        return types.SimpleNamespace(matches=known[query])

    def setTimeout(self, fn: Callable[[], None], ms: float) -> int:
        self.made += 1
        self.timers.append((self.now + ms, self.made, fn))
        return self.made

    def clearTimeout(self, made: int) -> None:
        self.timers = [timer for timer in self.timers if timer[1] != made]

    def requestAnimationFrame(self, fn: Callable[[float], None]) -> int:
        """A frame is a timer of 16 ms."""
        return self.setTimeout(lambda: fn(self.now), 16)

    cancelAnimationFrame = clearTimeout

    def setInterval(self, fn: Callable[[], None], ms: float) -> int:
        """An interval is kept in :attr:`intervals`, for the test to call (it never fires by
        itself)."""
        self.made += 1
        self.intervals[self.made] = fn
        return self.made

    def clearInterval(self, made: int) -> None:
        self.intervals.pop(made, None)

    def run_js(self, source: str) -> Promise:
        """``pyodide.code.run_js``: the script is kept in :attr:`scripts` with the promise it
        gives, which the test settles."""
        promise = Promise()
        self.scripts.append((source, promise))
        return promise

    def getComputedStyle(self, node: Element) -> Style:
        return node.style

    @staticmethod
    def parseFloat(text: str) -> float:
        number = re.match(r"\s*[-+]?(\d+\.?\d*|\.\d+)", text)
        return float(number.group()) if number else float("nan")

    def run(self, ms: float) -> None:
        """``ms`` pass: the timers due meanwhile fire, in order."""
        self.now += ms
        while due := sorted(t for t in self.timers if t[0] <= self.now):
            self.timers.remove(due[0])
            due[0][2]()


class Proxy:
    """``create_proxy``'s handle: callable until destroyed."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn: Callable[..., Any] | None = fn

    def __call__(self, *args: Any) -> Any:
        assert self.fn is not None, "a destroyed proxy was called"
        return self.fn(*args)

    def destroy(self) -> None:
        self.fn = None


@dataclass
class FakePage:
    """The fake browser's page: its ``document`` and ``window``, and the modules that
    :func:`fake_browser` imports against them."""

    document: Document
    window: Window
    modules: tuple[str, ...]

    def module(self, name: str) -> types.ModuleType:
        """The module ``name`` (one of :attr:`modules`), imported on this page."""
        assert name in self.modules, f"{name} is not among the modules the page forgets"
        return importlib.import_module(name)


_ABSENT = object()


def _fake_modules(document: Document, window: Window) -> dict[str, types.ModuleType]:
    """``pyscript`` (``document``, ``window``), ``pyodide``, ``pyodide.ffi``
    (``create_proxy``, ``create_once_callable``, ``to_js``) and ``pyodide.code``
    (``run_js``)."""
    pyscript = types.ModuleType("pyscript")
    pyscript.document = document  # type: ignore[attr-defined]
    pyscript.window = window  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda fn: fn  # type: ignore[attr-defined]
    ffi.to_js = lambda obj, **_: obj  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    code = types.ModuleType("pyodide.code")
    code.run_js = window.run_js  # type: ignore[attr-defined]
    pyodide.code = code  # type: ignore[attr-defined]
    return {"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi, "pyodide.code": code}


@contextmanager
def fake_browser(modules: Sequence[str], html: str = "") -> Iterator[FakePage]:
    """A page made from ``html``, with the fake ``pyscript`` and ``pyodide`` (``ffi``, ``code``)
    in ``sys.modules`` and ``modules`` taken out of it, so that :meth:`FakePage.module`
    imports them afresh against the fakes.

    Afterwards every ``sys.modules`` entry it touched is as it was (put back if it was there,
    removed if not), and so is the attribute that names each of ``modules`` in its package.
    ``modules`` must name every module imported meanwhile that reads the fakes, directly or
    through another: a module left out stays imported against them.
    """
    document = Document(html)
    window = Window(document)
    page = FakePage(document, window, tuple(modules))
    fakes = _fake_modules(document, window)
    names = (*fakes, *page.modules)
    saved = {name: sys.modules.get(name, _ABSENT) for name in names}
    sys.modules.update(fakes)
    for name in page.modules:
        sys.modules.pop(name, None)
    try:
        yield page
    finally:
        for name in names:
            now = sys.modules.pop(name, None)
            before = saved[name]
            if before is not _ABSENT:
                sys.modules[name] = before  # type: ignore[assignment]
            parent, _, child = name.rpartition(".")
            package = sys.modules.get(parent) if parent else None
            if package is None or now is None or vars(package).get(child) is not now:
                continue
            if before is _ABSENT:
                delattr(package, child)
            else:
                setattr(package, child, before)
