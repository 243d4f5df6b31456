"""Drawing cards (and the few DOM helpers every part of the table uses).

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ratscrew.core.cards import ACE, KNIGHT, PAGE, RANK_CODES, Card
from ratscrew.core.engine import COVERED, DEAD
from web.model.card_text import (
    SUIT_SYMBOLS,
    is_tarot,
)

TAROT_RANK_LABELS = {PAGE: "P", KNIGHT: "Kn"}
"""What a Tarot card's corner says for the ranks whose code would read badly: the Page is
"P" and the Knight "Kn" (its code ``N`` means nothing to a player; "K" is the King). The
others are their code: A, 2..10, Q, K."""
ARCANA_LONG_WORD = 9
"""A Major Arcana name with a word this long (Priestess, Hierophant, Temperance, Judgement)
is set smaller (class ``long``): the card is only so wide."""
SVG = "http://www.w3.org/2000/svg"
TAROT_SUIT_SHAPES: dict[str, tuple[tuple[str, dict[str, str]], ...]] = {
    # A budding staff, leaning like a wand held at rest.
    "WA": (
        ("g", {"transform": "rotate(35 12 12)"}),
        ("rect", {"x": "9.8", "y": "3", "width": "4.4", "height": "20.5", "rx": "2.2"}),
        ("circle", {"cx": "12", "cy": "3.4", "r": "3"}),
        ("path", {"d": "M14 9.6c2.4-3.2 5.8-3.8 7.2-2.3-1.5 2.5-4.6 3.5-7.2 3.6z"}),
        ("path", {"d": "M10 15.2c-2.4-3.2-5.8-3.8-7.2-2.3 1.5 2.5 4.6 3.5 7.2 3.6z"}),
    ),
    # A goblet: bowl, stem, foot.
    "CU": (
        ("path", {"d": "M4.6 2.2h14.8c0 6-2.8 9.8-6.1 10.6v5.3h3.6c.7 0 1.2.5 1.2 1.2V22H5.9"
                       "v-2.7c0-.7.5-1.2 1.2-1.2h3.6v-5.3C7.4 12 4.6 8.2 4.6 2.2z"}),
    ),
    # A sword, point up: blade, cross-guard, grip, pommel.
    "SW": (
        ("path", {"d": "M12 .6l3.1 3.6V14.8H8.9V4.2z"}),
        ("rect", {"x": "4.8", "y": "14.2", "width": "14.4", "height": "3.2", "rx": "1.6"}),
        ("rect", {"x": "10.6", "y": "17", "width": "2.8", "height": "4.2"}),
        ("circle", {"cx": "12", "cy": "21.4", "r": "2.3"}),
    ),
    # A pentacle: a five-pointed star in a ring, on a coin.
    "PE": (
        ("circle", {"cx": "12", "cy": "12", "r": "10.6", "fill-opacity": "0.2",
                    "stroke": "currentColor", "stroke-width": "1.5"}),
        ("polygon", {"points": "12,2.4 17.64,19.77 2.87,9.03 21.13,9.03 6.36,19.77"}),
    ),
}
"""Each Tarot suit's symbol as SVG shapes (24 x 24, drawn in the card's colour): no font on
the machine has to have them. A ``g`` wraps the shapes after it."""


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


def svg_el(tag: str, **attrs: str) -> Any:
    node = document.createElementNS(SVG, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def suit_icon(suit: str, cls: str = "") -> Any:
    """A Tarot suit's symbol: an inline SVG drawn in ``currentColor``, hidden from screen
    readers (the card's ``aria-label`` names it)."""
    icon = svg_el("svg", viewBox="0 0 24 24", fill="currentColor", aria_hidden="true",
                  focusable="false")
    icon.setAttribute("class", f"suit-icon {cls}".strip())
    parent = icon
    for tag, attrs in TAROT_SUIT_SHAPES[suit]:
        shape = svg_el(tag, **attrs)
        parent.appendChild(shape)
        if tag == "g":
            parent = shape
    return icon


def card_element(card: Card, kind: str = "live") -> Any:
    """A face-up card: rank and suit in the corners, a big centre, red or black.

    Tarot Minor Arcana draw their suit as an SVG symbol (``suit_icon``) in the corners and,
    for number cards, in the centre; a court card's centre is its rank label, big (P, Kn, Q,
    K: see ``TAROT_RANK_LABELS``). A Major Arcana card (class ``arcana``) has its Roman
    numeral at the top and the bottom (upside down, as a corner is) and its name in the
    middle. Every card has ``role="img"``, its name as ``aria-label`` and its code as
    ``data-code``.
    """
    colour = "red" if card.red else "black"
    name = "a covered card" if kind == COVERED else card.name
    node = el("div", f"card {colour} suit-{card.suit}", role="img", aria_label=name,
              data_code=card.code)
    if kind != "live":
        node.classList.add(kind)
    if card.is_arcana:
        _arcana_face(node, card)
    elif is_tarot(card):
        _minor_face(node, card)
    else:
        rank = "★" if card.is_joker else RANK_CODES[card.rank]
        suit = SUIT_SYMBOLS[card.suit]
        for corner in ("tl", "br"):
            c = el("span", f"corner {corner}")
            c.appendChild(el("span", "rank", "JKR" if card.is_joker else rank))
            c.appendChild(el("span", "suit", suit))
            node.appendChild(c)
        centre = "Joker" if card.is_joker else (rank if card.is_face else suit)
        kind_class = "centre face joker" if card.is_joker else (
            "centre face" if card.is_face else "centre")
        node.appendChild(el("span", kind_class, centre))
    if kind == DEAD:
        node.appendChild(el("span", "tag", "dead"))
    return node


def _minor_face(node: Any, card: Card) -> None:
    node.classList.add("tarot")
    rank = TAROT_RANK_LABELS.get(card.rank) or RANK_CODES[card.rank]
    for corner in ("tl", "br"):
        c = el("span", f"corner {corner}")
        c.appendChild(el("span", "rank", rank))
        suit = el("span", "suit")
        suit.appendChild(suit_icon(card.suit))
        c.appendChild(suit)
        node.appendChild(c)
    if card.is_face:  # like a standard face card: its rank, big (two letters: smaller)
        centre = el("span", "centre face court wide" if len(rank) > 1 else "centre face court",
                    rank)
    else:
        centre = el("span", "centre ace" if card.rank == ACE else "centre")
        centre.appendChild(suit_icon(card.suit))
    node.appendChild(centre)


def _arcana_face(node: Any, card: Card) -> None:
    node.classList.add("arcana")
    node.appendChild(el("span", "numeral top", card.numeral))
    name = card.name
    long = max(len(word) for word in name.split()) >= ARCANA_LONG_WORD
    centre = el("span", "centre arcana-name long" if long else "centre arcana-name")
    if name.startswith("The "):
        # "The" small over the words that tell the cards apart; the text stays the name.
        centre.appendChild(el("span", "arcana-the", "The "))
        name = name[4:]
    centre.appendChild(el("span", "arcana-title", name))
    node.appendChild(centre)
    node.appendChild(el("span", "numeral bottom", card.numeral, aria_hidden="true"))
