"""What players do: the actions a game takes, and the text they type.

Every action carries a millisecond timestamp from whoever drives the game; a game's history
is its actions, so the same deal and the same actions give the same game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ACTION_KINDS = ("flip", "slap", "choose", "tick")
"""``tick`` is the table's own action (seat -1): time passing a phase's deadline. Variants may
add their own kinds (:attr:`~ratscrew.variants.Variant.actions`: K.U.R.S.' ``fine``)."""


class ActionError(ValueError):
    """An action that cannot be taken at all: an unknown seat or kind, or time running backwards.

    Actions that are merely not allowed now (a flip out of turn, a slap while locked out) are
    not errors: they produce an :class:`~ratscrew.core.events.Ignored` event.
    """


@dataclass(frozen=True, slots=True)
class Action:
    t: int
    seat: int
    kind: str
    arg: str = ""

    def to_list(self) -> list[Any]:
        out: list[Any] = [self.t, self.seat, self.kind]
        if self.arg:
            out.append(self.arg)
        return out


def clean_text(text: str, limit: int) -> str:
    """Typed text made safe to show and store: control characters removed, spaces collapsed,
    at most ``limit`` characters ("" if nothing is left)."""
    if not isinstance(text, str):
        return ""
    printable = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(printable.split())[:limit].strip()
