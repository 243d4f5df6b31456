"""Cards that travel across the table: from a seat to a pile, from a pile to a seat.

A card flies with CSS alone (web/table/table.css and the parts' styles): the drawing code
measures once how far it goes and sets it as custom properties, and an animation or a
transition moves it with transforms only, no layout per frame. At 4x and faster the same
classes only fade (``body[data-motion=fade]``). Browser-free: the table's pieces and the
variants' parts use it alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SWEEP_MS = 620
"""How long (real ms) cards leaving for a seat are kept: their transition (the ``leaving``
class) lasts 380 ms times ``--anim``, at most 1.6 (the slowest speed)."""


def offset(node: Any, origin: Any) -> tuple[float, float]:
    """How far (px) the middle of ``node`` is from the middle of ``origin``, on screen: where
    a card flies from, or to."""
    a = node.getBoundingClientRect()
    b = origin.getBoundingClientRect()
    return (float(a.left + a.width / 2 - b.left - b.width / 2),
            float(a.top + a.height / 2 - b.top - b.height / 2))


def fly_from(node: Any, x: float, y: float) -> None:
    """``node`` (just drawn) arrives from ``(x, y)`` px away (the ``arriving`` animation)."""
    node.style.setProperty("--from-x", f"{x:.0f}px")
    node.style.setProperty("--from-y", f"{y:.0f}px")
    node.classList.add("arriving")


def fly_to(node: Any, x: float, y: float) -> None:
    """``node`` leaves for ``(x, y)`` px away (the ``leaving`` transition); whoever drew it
    takes it away once it has flown."""
    node.classList.add("leaving")
    node.style.setProperty("--to-x", f"{x:.0f}px")
    node.style.setProperty("--to-y", f"{y:.0f}px")


def land(box: Any, passing: Callable[[Any], bool]) -> None:
    """Whatever still flies in ``box`` is where it was going: the cards only ``passing``
    through are gone, the cards arriving lie in their places."""
    for node in list(box.children):
        if passing(node):
            box.removeChild(node)
        else:
            node.classList.remove("arriving")
