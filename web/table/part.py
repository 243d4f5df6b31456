"""The variants' own pieces of the table, and where the table finds them.

The core of the table (:class:`web.table.view.TableView`) draws what every variant has: the
seats, the pile, the challenge line, the headline, the log and the panel of a person's
decision. What only some variants have is a :class:`TablePart`, in the variant's web part: a
folder of its own in ``web/table/parts/`` (its Python, and its styles in ``NAME.css``), whose
one :class:`~web.model.variant_page.VariantPage` names the parts the variant shows::

    class SnapCount(TablePart):
        boxes = (Box("snap-count", BESIDE_PILE, "snap-count", zone="snap-count"),)

        def build(self) -> None: ...
        def update(self) -> None: ...

    PAGE = describe(VariantPage("snap", parts=(SnapCount,), ...))

That description is the part's one registration (:func:`web.model.variant_page.describe`):
nothing else names it, and :func:`parts_for` reads it, every web part imported the first time
it is asked.

Parts are browser-free to import: they draw with the tools the table hands them
(:class:`~web.table.piece.Dom`, as the table's own pieces do), so the build and the tests can
read a web part in CPython.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ratscrew.core.cards import Card
from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from ratscrew.i18n import t
from web.model.session import Session
from web.model.variant_page import discover, page_of
from web.table.piece import Dom, Piece

BEFORE_PILE = "before-pile"
"""A box's place: in the centre's row, before the Play pile."""
BESIDE_PILE = "beside-pile"
"""A box's place: in the centre's row, after the Play pile."""
PANELS = "panels"
"""A box's place: in the rail's column of panels, above the log."""
SLOTS = (BEFORE_PILE, BESIDE_PILE, PANELS)
WORDS = ("aria-label", "title")
"""A box's attributes whose values are words: message ids, said when the box is drawn."""


@dataclass(frozen=True)
class Box:
    """An element a part draws in, made by the table when it deals the part's variant and
    taken away with the table: ``<tag id class data-zone ...>`` at ``slot``, hidden until the
    part shows it."""

    id: str
    slot: str
    classes: str = ""
    zone: str = ""
    """Its ``data-zone`` (every object that shows game information has one)."""
    tag: str = "div"
    attrs: Mapping[str, str] = field(default_factory=dict)
    """Further attributes (``data-burn``...), written as they are; an ``aria-label`` or a
    ``title`` (:data:`WORDS`) is a message id (marked ``N_``), said in the reader's
    language."""
    early: bool = False
    """Shown from the deal on: a link's table drawn before Python (web/boot/setup_early.js)
    has it already, empty, so that its room is kept and nothing moves at the deal."""

    def __post_init__(self) -> None:
        if self.slot not in SLOTS:
            raise ValueError(f"a box goes in one of {SLOTS}, not {self.slot!r}")

    def said_attrs(self) -> dict[str, str]:
        """:attr:`attrs` as the box is drawn: its words in the language in use."""
        return {name: t(value) if name in WORDS else value for name, value in self.attrs.items()}

    def to_json(self) -> list[object]:
        """What web/boot/setup_early.js makes of an early box: ``[id, slot, classes, zone,
        tag, attrs]`` (its words in the language in use)."""
        return [self.id, self.slot, self.classes, self.zone, self.tag, self.said_attrs()]


@dataclass
class PartContext:
    """What a part gets from the table it is part of."""

    session: Session
    seat_root: Callable[[int], Any]
    """A seat's ``<section class="seat">`` (0-based seat)."""
    later: Callable[[Callable[[], None], int], None]
    """Call a function once, after so many real milliseconds."""
    proxies: list[Any]
    """Event handlers handed to the browser (``create_proxy``): destroyed with the table."""
    dom: Dom
    act: Callable[[int, str, str], None] | None = None
    """A person's own action of the variant (one of :attr:`Variant.actions
    <ratscrew.core.variant.Variant.actions>`): ``(seat, kind, arg)``."""
    make_proxy: Callable[[Callable[[Any], None]], Any] | None = None
    """Wraps a handler for the browser (``create_proxy``)."""

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def names(self) -> Sequence[str] | None:
        """The players' names for events' sentences (None: the default names)."""
        return self.game.names or None

    def proxy(self, handler: Callable[[Any], None]) -> Any:
        """``handler`` as a browser event listener, destroyed with the table."""
        if self.make_proxy is None:
            raise RuntimeError("this table hands out no event listeners")
        proxy = self.make_proxy(handler)
        self.proxies.append(proxy)
        return proxy

    def card(self, card: Card, size: str = "") -> Any:
        return self.dom.card(card, size) if size else self.dom.card(card)


class TablePart(Piece):
    """A piece of the table that some variants have: a :class:`~web.table.piece.Piece`, with
    its lifecycle (the table makes one per game, calls :meth:`build` once, then for every
    batch of events :meth:`on_events`, before it redraws the seats and the pile, and
    :meth:`update`, after; :meth:`tick` a few times a second while :meth:`ticking`; and
    :meth:`destroy` when the game is left), made from a :class:`PartContext`, and what only
    parts have: boxes to draw in, notable events, marks and notes for the seats, a person's
    own actions of the variant.

    A part should check at run time that the game really has its piece (a house rule may turn
    it off, as ``slap_a_roonie`` does the dice) and keep its boxes hidden if not."""

    boxes: ClassVar[tuple[Box, ...]] = ()
    """The elements this part draws in: the table makes them, hidden, before :meth:`build`."""
    notable: ClassVar[tuple[type[Event], ...]] = ()
    """This part's events that the log marks as notable."""

    def __init__(self, table: PartContext) -> None:
        self.table = table
        self.session = table.session
        self.game = table.game
        self.dom = table.dom

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        """What ``seat`` wears besides its count, as (kind, text): a ``data-mark``."""
        return ()

    def no_cards_note(self, seat: int) -> str | None:
        """What a seat without cards is told: None for the table's own words (slap to get back
        in), "" for nothing (a mark of the part says it all)."""
        return None

    def on_action(self, action: str, events: Sequence[Event]) -> None:
        """A person's own action of the variant (:attr:`PartContext.act`) gave these events;
        :meth:`on_events` and :meth:`update` follow."""


def load_parts() -> None:
    """Import every web part once (each describes its variant and names its parts)."""
    discover()


def _table_parts(classes: Sequence[type]) -> list[type[TablePart]]:
    """A page's parts, each checked to be a :class:`TablePart` (the browser-free page
    description does not import this module)."""
    for cls in classes:
        if not issubclass(cls, TablePart):
            raise TypeError(f"{cls.__qualname__} is no TablePart")
    return [cls for cls in classes if issubclass(cls, TablePart)]


def parts_for(variant_name: str) -> list[type[TablePart]]:
    """The parts of the table for a variant, in the order its page names them."""
    return _table_parts(page_of(variant_name).parts)


def all_parts() -> list[type[TablePart]]:
    """Every part of every variant."""
    seen: list[type[TablePart]] = []
    for page in discover().values():
        seen.extend(cls for cls in _table_parts(page.parts) if cls not in seen)
    return seen
