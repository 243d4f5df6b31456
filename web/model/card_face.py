"""What a face-up card looks like, as a small tree of elements (browser-free).

One description for every place a card is drawn: the table's page builds it into the DOM
(:func:`web.table.cards_view.card_element`), and the host sends it to the phones, whose seat
page (web/seat/, no Python) builds the same elements from it; both pages style them with
web/table/cards.css. A node is ``(tag, attributes, content)``: ``content`` is the node's text
or its child nodes. The tags are :data:`HTML_TAGS` and :data:`SVG_TAGS` (an SVG one is made in
the SVG namespace); the attributes are :data:`ATTRIBUTES`, values all text. JSON writes a node
as ``[tag, {attributes}, content]``.
"""

from __future__ import annotations

from ratscrew.core.cards import ACE, ARCANA_NAMES, KNIGHT, PAGE, RANK_CODES, Card
from ratscrew.core.engine import COVERED, DEAD, LIVE, PENALTY, Game
from ratscrew.i18n import t, tc
from web.model.card_text import SUIT_SYMBOLS, is_tarot

Node = tuple[str, dict[str, str], str | list["Node"]]
"""One element: its tag, its attributes and its text or its children."""

TAROT_RANK_LABELS = {PAGE: "P", KNIGHT: "Kn"}
"""What a Tarot card's corner says for the ranks whose code would read badly: the Page is
"P" and the Knight "Kn" (its code ``N`` means nothing to a player; "K" is the King). The
others are their code: A, 2..10, Q, K."""
ARCANA_LONG_WORD = 9
"""A Major Arcana name with a word this long (Priestess, Hierophant, Temperance, Judgement)
is set smaller (class ``long``): the card is only so wide."""
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

HTML_TAGS = frozenset({"div", "span"})
SVG_TAGS = frozenset({"svg", "g", "rect", "circle", "path", "polygon"})
ATTRIBUTES = frozenset({
    "class", "role", "aria-label", "aria-hidden", "data-code", "focusable", "viewBox",
    "fill", "fill-opacity", "stroke", "stroke-width", "transform", "x", "y", "width",
    "height", "rx", "cx", "cy", "r", "d", "points",
})
"""Every attribute a card's elements have (the phone builds no other)."""


def node(tag: str, cls: str = "", content: str | list[Node] = "", **attrs: str) -> Node:
    """An element (``attrs``' underscores written as dashes, ``cls`` as ``class``)."""
    attributes = {"class": cls} if cls else {}
    attributes.update({name.replace("_", "-"): value for name, value in attrs.items()})
    return (tag, attributes, content)


def suit_icon(suit: str, cls: str = "") -> Node:
    """A Tarot suit's symbol: an inline SVG drawn in ``currentColor``, hidden from screen
    readers (the card's ``aria-label`` names it)."""
    shapes: list[Node] = []
    inner = shapes
    for tag, attrs in TAROT_SUIT_SHAPES[suit]:
        group: list[Node] = []
        inner.append((tag, dict(attrs), group if tag == "g" else ""))
        if tag == "g":
            inner = group
    return node("svg", f"suit-icon {cls}".strip(), shapes, viewBox="0 0 24 24",
                fill="currentColor", aria_hidden="true", focusable="false")


def card_face(card: Card, kind: str = LIVE) -> Node:
    """A face-up card: rank and suit in the corners, a big centre, red or black.

    Tarot Minor Arcana draw their suit as an SVG symbol (:func:`suit_icon`) in the corners
    and, for number cards, in the centre; a court card's centre is its rank label, big (P, Kn,
    Q, K: see :data:`TAROT_RANK_LABELS`). A Major Arcana card (class ``arcana``) has its Roman
    numeral at the top and the bottom (upside down, as a corner is) and its name in the
    middle. Every card has ``role="img"``, its name as ``aria-label`` and its code as
    ``data-code``; ``kind`` other than :data:`LIVE` is a class too (a dead card is tagged;
    a covered card, under the Tower's, is its back alone).
    """
    if kind == COVERED:  # nobody saw it: its back, and nothing in the page to read it by
        return node("div", "card covered", [], role="img", aria_label=t("a covered card"))
    colour = "red" if card.red else "black"
    classes = f"card {colour} suit-{card.suit}"
    if kind != LIVE:
        classes += f" {kind}"
    if card.is_arcana:
        classes += " arcana"
        parts = _arcana_face(card)
    elif is_tarot(card):
        classes += " tarot"
        parts = _minor_face(card)
    else:
        parts = _standard_face(card)
    if kind == DEAD:
        # i18n: The tag on a dead card (played out of turn or burned on top: no slap uses it).
        parts.append(node("span", "tag", tc("card tag", "dead")))
    return node("div", classes, parts, role="img", aria_label=card.name, data_code=card.code)


def _standard_face(card: Card) -> list[Node]:
    rank = "★" if card.is_joker else RANK_CODES[card.rank]
    suit = SUIT_SYMBOLS[card.suit]
    parts = [node("span", f"corner {corner}", [
        node("span", "rank", "JKR" if card.is_joker else rank),
        node("span", "suit", suit),
    ]) for corner in ("tl", "br")]
    centre = t("Joker") if card.is_joker else (rank if card.is_face else suit)
    kind_class = "centre face joker" if card.is_joker else (
        "centre face" if card.is_face else "centre")
    parts.append(node("span", kind_class, centre))
    return parts


def _minor_face(card: Card) -> list[Node]:
    rank = TAROT_RANK_LABELS.get(card.rank) or RANK_CODES[card.rank]
    parts = [node("span", f"corner {corner}", [
        node("span", "rank", rank),
        node("span", "suit", [suit_icon(card.suit)]),
    ]) for corner in ("tl", "br")]
    if card.is_face:  # like a standard face card: its rank, big (two letters: smaller)
        parts.append(node("span", "centre face court wide" if len(rank) > 1
                          else "centre face court", rank))
    else:
        parts.append(node("span", "centre ace" if card.rank == ACE else "centre",
                          [suit_icon(card.suit)]))
    return parts


def _arcana_face(card: Card) -> list[Node]:
    name = card.name
    long = max(len(word) for word in name.split()) >= ARCANA_LONG_WORD
    words: list[Node] = []
    article, space, rest = name.partition(" ")
    if ARCANA_NAMES[card.arcana - 1].startswith("The ") and space and rest:
        # "The" (or the language's article: the first word of a name that has "The" in
        # English) small over the words that tell the cards apart; the text stays the name.
        words.append(node("span", "arcana-the", article + space))
        name = rest
    words.append(node("span", "arcana-title", name))
    return [
        node("span", "numeral top", card.numeral),
        node("span", "centre arcana-name long" if long else "centre arcana-name", words),
        node("span", "numeral bottom", card.numeral, aria_hidden="true"),
    ]


def pile_top(game: Game, count: int) -> list[tuple[int, Card, str]]:
    """The pile's top ``count`` cards as the table shows them, the top one last: each one's
    place in the pile, the card and how it lies. Cards burned under the pile (penalties) are
    never among them."""
    total = len(game.pile)
    penalty = sum(1 for k in game.pile.kinds if k == PENALTY)
    return [(i, game.pile[i], game.pile.kinds[i]) for i in range(max(penalty, total - count),
                                                                    total)]
