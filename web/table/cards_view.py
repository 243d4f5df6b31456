"""Drawing cards (and the few DOM helpers every part of the table uses).

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ratscrew.core.cards import Card
from web.model.card_face import SVG_TAGS, Node, card_face
from web.model.card_face import suit_icon as suit_icon_face

SVG = "http://www.w3.org/2000/svg"


def el(tag: str, cls: str = "", text: str = "", **attrs: str) -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def by_id(element_id: str) -> Any:
    """The page's element with this id (index.html)."""
    return document.getElementById(element_id)


def link_stylesheet(href: str) -> None:
    """A stylesheet linked into the page's head once (a teaching tool's, the first time it
    opens: start-up does not load it)."""
    if not document.querySelector(f'link[href="{href}"]'):  # JS null is jsnull: falsy
        document.head.appendChild(el("link", rel="stylesheet", href=href))


def table_with_head(cls: str, caption: str, heads: list[str], caption_cls: str = "",
                    **attrs: str) -> Any:
    """A ``<table>`` with its caption and a row of column headings (its body to add)."""
    table = el("table", cls, **attrs)
    table.appendChild(el("caption", caption_cls, caption))
    row = el("tr")
    for text in heads:
        row.appendChild(el("th", "", text, scope="col"))
    thead = el("thead")
    thead.appendChild(row)
    table.appendChild(thead)
    return table


def save_file(name: str, text: str, mime: str) -> None:
    """Offer ``text`` as a file to save (a record, a CSV) under ``name``."""
    from pyodide.ffi import create_once_callable, to_js
    from pyscript import window

    blob = window.Blob.new([text], to_js({"type": mime},
                                         dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = el("a", href=url, download=name)
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def clear(node: Any) -> None:
    """Take every child out of ``node`` (its own attributes stay)."""
    while node.firstChild:
        node.removeChild(node.firstChild)


def build(node: Node) -> Any:
    """The element a card's description (:mod:`web.model.card_face`) stands for: an SVG
    one in the SVG namespace, its attributes as they are, its text or its children."""
    tag, attrs, content = node
    element = (document.createElementNS(SVG, tag) if tag in SVG_TAGS
               else document.createElement(tag))
    for name, value in attrs.items():
        element.setAttribute(name, value)
    if isinstance(content, str):
        if content:
            element.textContent = content
    else:
        for child in content:
            element.appendChild(build(child))
    return element


def suit_icon(suit: str, cls: str = "") -> Any:
    """A Tarot suit's symbol (:func:`web.model.card_face.suit_icon`), drawn."""
    return build(suit_icon_face(suit, cls))


def card_element(card: Card, kind: str = "live") -> Any:
    """A face-up card (:func:`web.model.card_face.card_face`), drawn: rank and suit in the
    corners, a big centre, red or black; Tarot cards and jokers too. Every card has
    ``role="img"``, its name as ``aria-label`` and its code as ``data-code``."""
    return build(card_face(card, kind))
