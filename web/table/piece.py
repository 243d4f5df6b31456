"""The lifecycle every piece of the table shares.

:class:`web.table.view.TableView` is made of pieces: its own (the log, the seats, the pile, the
decision panel, the headline) and the variant's parts (:class:`web.table.part.TablePart`). Both
kinds live the same way: built once, told of each batch of events before anything is redrawn,
updated after, ticked while a countdown of theirs is on show, and destroyed with the table.
So the table hands every batch to one list of pieces, in one order.

A :class:`Piece` is that lifecycle alone, and gets whatever else it needs (a seat's element, a
callback) in its constructor. A part is a piece too (:class:`~web.table.part.TablePart`
inherits the lifecycle): a variant's, named by its page, made from a
:class:`~web.table.part.PartContext`, and it carries what only parts have (its boxes, its
notable events, marks and notes for the seats, a person's own actions of the variant).

Both draw with the tools the table hands them, a :class:`Dom` (a part through its
:class:`~web.table.part.PartContext`, a piece in its constructor), and import nothing of the
browser: why is said in :mod:`web.dom`, where the tools are. What is drawn before Python too (a
seat) is written once as :class:`Markup`, which :func:`draw` makes in the page and the build
writes as HTML for the page's first moments (:func:`web.model.setup_html.markup_html`).

The few words several pieces say alike are here too: a bot's level (:func:`level_name`) and
the table's lines a variant may word its own way (:func:`table_line`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ratscrew.core.events import Event
from ratscrew.i18n import N_, t, tn
from web.model.variant_page import table_words

LEVELS = {
    # i18n: A bot's level, as a seat and the end screen say it ("bot · easy").
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
"""How a bot's level (:data:`ratscrew.play.bots.DIFFICULTIES`' names) is said (message ids)."""


def level_name(level: str) -> str:
    """A bot's level in the language in use (one it does not know, as it is)."""
    name = LEVELS.get(level)
    return t(name) if name else level


def table_line(variant: str, key: str, n: int, **values: object) -> str:
    """The table's line ``key`` in ``variant``'s words
    (:func:`~web.model.variant_page.table_words`, a message id), said with ``n`` as its
    ``{chances}`` ("2 chances") and its ``{cards}`` ("2 cards"), and ``values``."""
    # i18n: A challenge's chances to answer it: "QH: Ben has {chances}".
    chances = tn("{n} chance", "{n} chances", n, n=n)
    # i18n: A number of cards: "owes {cards}" (Beggar-My-Neighbour's debts).
    cards = tn("{n} card", "{n} cards", n, n=n)
    return t(table_words(variant, key), chances=chances, cards=cards, **values)


@dataclass(frozen=True, slots=True)
class Markup:
    """An element as data, with its children: drawn by :func:`draw`, written as HTML by
    :func:`web.model.setup_html.markup_html`, so that the two are one markup."""

    tag: str
    cls: str = ""
    text: str = ""
    """Its text, before its children."""
    attrs: tuple[tuple[str, str], ...] = ()
    style: tuple[tuple[str, str], ...] = ()
    """Its custom properties (``("--order", "3")``)."""
    children: tuple[Markup, ...] = ()
    ref: str = ""
    """The name :func:`draw` gives the element by, for whoever fills it in later."""


def draw(markup: Markup, el: Callable[..., Any], refs: dict[str, Any]) -> Any:
    """The element ``markup`` describes, made with ``el`` (:attr:`Dom.el`); each element with a
    :attr:`~Markup.ref` is put in ``refs`` by it."""
    node = el(markup.tag, markup.cls, markup.text)
    for name, value in markup.attrs:
        node.setAttribute(name, value)
    for name, value in markup.style:
        node.style.setProperty(name, value)
    for child in markup.children:
        node.appendChild(draw(child, el, refs))
    if markup.ref:
        refs[markup.ref] = node
    return node


@dataclass(frozen=True)
class Dom:
    """The drawing tools the table hands its pieces and its parts: :mod:`web.dom`'s
    functions of the same names (:data:`web.table.view.DOM`), and the card drawing."""

    el: Callable[..., Any]
    """``el(tag, classes="", text="", **attrs)``: a new element (``data_x`` is ``data-x``)."""
    by_id: Callable[[str], Any]
    clear: Callable[[Any], None]
    text_node: Callable[[str], Any]
    card: Callable[..., Any]
    """``card(card, kind="live")``: a card's element (:func:`web.table.cards_view.card_element`,
    ``kind`` ``"small"`` for a small one)."""
    now: Callable[[], float]
    """The page's clock, in real ms (``performance.now()``)."""
    media: Callable[[str], bool]
    """Whether a media query matches the page now."""
    css_value: Callable[[Any, str], str]
    """A property of an element's computed style."""
    font_px: Callable[[Any], float]
    """An element's computed font size, in px."""
    scroll_into_view: Callable[..., None]
    """``scroll_into_view(node, block="nearest")``: the page scrolled to ``node``."""


class Piece:
    """A piece of the table: the lifecycle the core's pieces and the variants' parts
    (:class:`~web.table.part.TablePart`) share, every step doing nothing unless the piece
    needs it."""

    def build(self) -> None:
        """Make this piece's elements (once per table, that is once per game)."""

    def on_events(self, events: Sequence[Event]) -> None:
        """A batch of events has happened (not yet drawn)."""

    def update(self) -> None:
        """Redraw after a batch of events (and once after :meth:`build`)."""

    def ticking(self) -> bool:
        """Whether something of this piece waits for a tick (a countdown, a line's turn)."""
        return False

    def tick(self) -> None:
        """Redraw what changes with time alone."""

    def destroy(self) -> None:
        """The table is left: forget timers (the table destroys the proxies)."""
