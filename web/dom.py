"""The page's DOM helpers, in one place: making, finding and emptying elements, reading them,
the page's clock and timers, files to save, and Python values as JavaScript objects.

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text.

Two ways reach these helpers, one for each kind of module:

- The shell, the tools, the phones' panel and the table's driver (``web/shell/``,
  ``web/tools/``, ``web/phones/``, :mod:`web.table.view`, :mod:`web.table.play`...) import them
  from here.
- The table's pieces (``web/table/pieces/``) and the variants' parts (``web/table/parts/``)
  never import this module, nor anything of the browser: the table hands each the same
  :class:`~web.table.piece.Dom`, a bundle of these very functions (:data:`web.table.view.DOM`),
  as a part gets it through its :class:`~web.table.part.PartContext` and a piece in its
  constructor. A variant's web part must import in plain CPython: the build reads its words
  and styles there (:func:`web.model.variant_page.discover`) and so do the tests. Handed the
  tools, a piece imports there too, and whoever makes one chooses the page it draws on (the
  tests: tests/web/fake_browser.py's). One way for both, so that a piece can become a part
  and back without changing how it draws, and no browser global hides in either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window


def el(tag: str, cls: str = "", text: str = "", **attrs: str) -> Any:
    """A new element: ``el("button", "choice", "OK", type="button", data_option="ok")``
    (an attribute's ``_`` is ``-``)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def text_node(words: str) -> Any:
    """A text node."""
    return document.createTextNode(words)


def by_id(element_id: str) -> Any:
    """The page's element with this id (index.html)."""
    return document.getElementById(element_id)


def clear(node: Any) -> None:
    """Take every child out of ``node`` (its own attributes stay)."""
    while node.firstChild:
        node.removeChild(node.firstChild)


def attribute(node: Any, name: str) -> str:
    """An element's attribute, "" when it has none (JS null is jsnull, not None)."""
    value = node.getAttribute(name)
    return value if isinstance(value, str) else ""


def table_with_head(cls: str, caption: str, heads: list[str], caption_cls: str = "",
                    **attrs: str) -> Any:
    """A ``<table>`` with its caption and a row of column headings (its body to add)."""
    table = el("table", cls, **attrs)
    table.appendChild(el("caption", caption_cls, caption))
    row = el("tr")
    for head in heads:
        row.appendChild(el("th", "", head, scope="col"))
    thead = el("thead")
    thead.appendChild(row)
    table.appendChild(thead)
    return table


def link_stylesheet(href: str) -> None:
    """A stylesheet linked into the page's head once (a teaching tool's, the first time it
    opens: start-up does not load it)."""
    if not document.querySelector(f'link[href="{href}"]'):  # JS null is jsnull: falsy
        document.head.appendChild(el("link", rel="stylesheet", href=href))


def js_object(value: Any) -> Any:
    """``value`` (dicts, lists, numbers, text, JS objects) as plain JavaScript objects."""
    return to_js(value, dict_converter=window.Object.fromEntries)


def focus(node: Any) -> None:
    """Move the focus to ``node`` without scrolling the page to it."""
    try:
        node.focus(js_object({"preventScroll": True}))
    except Exception:  # a browser without focus options
        node.focus()


def scroll_into_view(node: Any, **options: str) -> None:
    """Scroll the page to ``node`` (``scrollIntoView``'s options: ``block="nearest"``...)."""
    node.scrollIntoView(js_object(options))


def media(query: str) -> bool:
    """Whether a media query matches the page now (``"(pointer: coarse)"``...)."""
    return bool(window.matchMedia(query).matches)


def css_value(node: Any, name: str) -> str:
    """A property of ``node``'s computed style (a custom property too: ``--anim``)."""
    return str(window.getComputedStyle(node).getPropertyValue(name))


def font_px(node: Any) -> float:
    """``node``'s computed font size, in px."""
    return float(window.parseFloat(window.getComputedStyle(node).fontSize))


def now() -> float:
    """The page's clock, in ms: the time every session action is stamped with."""
    return float(window.performance.now())


def local_minutes() -> int:
    """The device's local time, in minutes after midnight (K.U.R.S.' Sun reads it)."""
    date = window.Date.new()
    return int(date.getHours()) * 60 + int(date.getMinutes())


def later(fn: Callable[[], Any], ms: float) -> Any:
    """Call ``fn`` once, ``ms`` real milliseconds from now; the timer's id (to cancel it with
    ``window.clearTimeout``)."""
    return window.setTimeout(create_once_callable(fn), ms)


def save_file(name: str, data: str, mime: str) -> None:
    """Offer ``data`` as a file to save (a record, a CSV) under ``name``."""
    blob = window.Blob.new([data], js_object({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = el("a", href=url, download=name)
    document.body.appendChild(link)
    link.click()
    link.remove()
    later(lambda: window.URL.revokeObjectURL(url), 1000)
