"""Where each seat sits round the table: the regions round the centre and the order of the
seats in them (browser-free; the table and the setup form written at build time share it)."""

from __future__ import annotations

REGIONS = ("top", "left", "right", "bottom")
"""The regions round the centre of the table that seats sit in (index.html's
``[data-region]``)."""


def seat_regions(players: int, projector: bool = False) -> dict[str, tuple[int, ...]]:
    """The seats (0-based) in each region, in the order the region shows them (DOM order).

    Seat 1 sits at the bottom, then play goes clockwise: up the left side, along the top from
    left to right, down the right side. The sides take one seat each from 4 players and two
    from 7; the top takes the rest. The left column is listed top first, so its seats come in
    the reverse of the order of play.

    ``projector``: the projector display's larger seats leave the centre too little height
    between two rows of seats, so the sides take all they can (one seat each from 3 players,
    two from 5, three from 7) and the top at most one, as wide as the centre."""
    if players < 1:
        raise ValueError(f"a table has at least one seat, not {players}")
    side = (players - 1) // (2 if projector else 3)
    top = players - 1 - 2 * side
    left = tuple(range(1, 1 + side))
    return {
        "top": tuple(range(1 + side, 1 + side + top)),
        "left": left[::-1],
        "right": tuple(range(1 + side + top, players)),
        "bottom": (0,),
    }


def seat_layout(seat: int, players: int, projector: bool = False) -> tuple[str, int]:
    """Where ``seat`` (0-based) sits at a table of ``players`` (on the projector display or
    not): its region and its place in that region's order (0 first: leftmost, or topmost in a
    side column)."""
    if not 0 <= seat < players:
        raise ValueError(f"no seat {seat} at a table of {players}")
    for region, seats in seat_regions(players, projector).items():
        if seat in seats:
            return region, seats.index(seat)
    raise AssertionError("every seat has a region")  # pragma: no cover


def longest_word(name: str) -> int:
    """How many characters the longest word of ``name`` has (at least 1): what a seat's name
    is sized by where seats are narrow (``--word`` in web/table/pieces/seats.css)."""
    return max([1, *(len(word) for word in name.split())])
