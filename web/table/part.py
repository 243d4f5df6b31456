"""The variants' own pieces of the table, and where the table finds them.

The core of the table (:class:`web.table.view.TableView`) draws what every variant has: the
seats, the pile, the challenge line, the headline, the log and the panel of a person's
decision. What only some variants have (the dice of Slap Like an Egyptian, the Burn pile and
burn contests of Firefighters & Burn, the Arcana's effects, the Hermit's cards and the decrees
of K.U.R.S.) is a :class:`TablePart`, in a module of its own in ``web/table/parts/``,
registered for the variants that show it::

    @register("slap-like-an-egyptian")
    class Dice(TablePart):
        boxes = ("dice",)

        def build(self) -> None: ...
        def update(self) -> None: ...

A new variant adds one such module (and lists it in pyscript.toml with
``python3 scripts/site_tools.py update-files``); nothing else names it: :func:`parts_for`
imports every module of ``web/table/parts/`` the first time it is asked.

This module needs no browser (the parts themselves do).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from web.model.session import Session

PARTS_PACKAGE = "web.table.parts"
"""The package whose modules hold the variants' parts of the table, one module a variant."""


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
    on_fine: Callable[[int, int], None] | None = None
    """A person who made a decree fines a player: ``(holder, target)`` (K.U.R.S.)."""

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def names(self) -> Sequence[str] | None:
        """The players' names for events' sentences (None: the default names)."""
        return self.game.names or None

    def proxy(self, handler: Callable[[Any], None]) -> Any:
        """``handler`` as a browser event listener, destroyed with the table."""
        from pyodide.ffi import create_proxy

        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        return proxy


class TablePart:
    """A piece of the table that some variants have. The table makes one per game, calls
    :meth:`build` once, then for every batch of events :meth:`on_events` (before it redraws
    the seats and the pile) and :meth:`update` (after); :meth:`tick` a few times a second
    while :meth:`ticking`; and :meth:`destroy` when the game is left.

    A part should check at run time that the game really has its piece (a house rule may turn
    it off, as ``slap_a_roonie`` does the dice) and keep its boxes hidden if not."""

    boxes: ClassVar[tuple[str, ...]] = ()
    """The ids of the page's elements (index.html) this part draws in. Every new table empties
    and hides the boxes of every registered part, whatever the variant; their attributes
    stay."""
    notable: ClassVar[tuple[type[Event], ...]] = ()
    """This part's events that the log marks as notable."""

    def __init__(self, table: PartContext) -> None:
        self.table = table
        self.session = table.session
        self.game = table.game

    def build(self) -> None:
        """Make this part's elements (once per game)."""

    def on_events(self, events: Sequence[Event]) -> None:
        """A batch of events has happened (not yet drawn)."""

    def update(self) -> None:
        """Redraw after a batch of events (and once after :meth:`build`)."""

    def ticking(self) -> bool:
        """Whether a countdown of this part is on show."""
        return False

    def tick(self) -> None:
        """Redraw the countdown."""

    def destroy(self) -> None:
        """The game is left: forget timers (the table destroys the proxies)."""

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        """What ``seat`` wears besides its count, as (kind, text): a ``data-mark``."""
        return ()

    def no_cards_note(self, seat: int) -> str:
        """What a seat without cards is told ("" for the table's own: slap to get back in)."""
        return ""

    def on_action(self, action: str, events: Sequence[Event]) -> None:
        """A person's own action besides flips and slaps (``"fine"``) gave these events;
        :meth:`on_events` and :meth:`update` follow."""


P = TypeVar("P", bound=TablePart)

_PARTS: dict[str, list[type[TablePart]]] = {}
_loaded = False


def register(*variant_names: str) -> Callable[[type[P]], type[P]]:
    """A class decorator: the part is shown in these variants (their ``Variant.name``)."""
    if not variant_names:
        raise ValueError("a part is registered for at least one variant")

    def add(cls: type[P]) -> type[P]:
        for name in variant_names:
            parts = _PARTS.setdefault(name, [])
            if cls not in parts:
                parts.append(cls)
        return cls

    return add


def load_parts() -> None:
    """Import every module of :data:`PARTS_PACKAGE` once (each registers its parts)."""
    global _loaded
    if _loaded:
        return
    package = importlib.import_module(PARTS_PACKAGE)
    names = sorted(info.name for info in pkgutil.iter_modules(package.__path__)
                   if not info.name.startswith("_"))
    for name in names:
        importlib.import_module(f"{PARTS_PACKAGE}.{name}")
    _loaded = True


def parts_for(variant_name: str) -> list[type[TablePart]]:
    """The parts of the table for a variant, in the order registered."""
    load_parts()
    return list(_PARTS.get(variant_name, ()))


def all_parts() -> list[type[TablePart]]:
    """Every part registered, for any variant."""
    load_parts()
    seen: list[type[TablePart]] = []
    for parts in _PARTS.values():
        seen.extend(cls for cls in parts if cls not in seen)
    return seen
