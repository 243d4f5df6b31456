"""Small helpers shared by the engine tests: act a little after the previous action, pick
events out of a list."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import Event


def flip(g: Game, seat: int, dt: int = 100) -> list[Event]:
    """``seat`` flips ``dt`` ms after the previous action."""
    return g.flip(seat, g.t + dt)


def flips(g: Game, *seats: int) -> list[Event]:
    out: list[Event] = []
    for s in seats:
        out.extend(flip(g, s))
    return out


def slap(g: Game, seat: int, dt: int = 300) -> list[Event]:
    """``seat`` slaps ``dt`` ms after the previous action (by default well outside the grace
    window, so a slap on nothing is a wrong slap)."""
    return g.slap(seat, g.t + dt)


def texts(events: Sequence[Event]) -> list[str]:
    return [e.explain() for e in events]


def of(events: Sequence[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def only(events: Sequence[Event], kind: type[Event]) -> Any:
    found = of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__} in {texts(events)}"
    return found[0]


class ParsedTooMuch(BaseException):
    """Raised by :func:`forbid_json_parsing`'s stand-in: text over the limits reached the parser
    (not an Exception: no ``except Exception`` guard swallows it)."""


def forbid_json_parsing(monkeypatch: Any, what: str) -> None:
    """Make ``json.loads`` raise :class:`ParsedTooMuch`: a test's text must be refused by the
    limits (ratscrew/core/safe_json.py) before any parser sees it."""
    import json

    def no_parsing(*_: Any, **__: Any) -> Any:
        raise ParsedTooMuch(f"parsed {what} over the limits")

    monkeypatch.setattr(json, "loads", no_parsing)


def top_level_imports(path: Path) -> set[str]:
    """The top-level packages a module imports by absolute name (its own package's
    relative imports left out)."""
    imported: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.split(".")[0])
    return imported
