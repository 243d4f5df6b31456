"""Small readings of the page the shell and its controllers share."""

from __future__ import annotations

from typing import Any

from pyscript import window


def attribute(node: Any, name: str) -> str:
    """An element's attribute, "" when it has none (JS null is jsnull, not None)."""
    value = node.getAttribute(name)
    return value if isinstance(value, str) else ""


def now() -> float:
    """The page's clock, in ms: the time every session action is stamped with."""
    return float(window.performance.now())
