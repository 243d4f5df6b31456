"""Drawing cards: a card's description (:mod:`web.model.card_face`) made into elements.

Everything is built with ``createElement`` and ``textContent``, never HTML strings, so a
player's name is always text. The page's other DOM helpers are :mod:`web.dom`'s.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ratscrew.core.cards import Card
from web.model.card_face import SVG_TAGS, Node, card_face
from web.model.card_face import suit_icon as suit_icon_face

SVG = "http://www.w3.org/2000/svg"


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
