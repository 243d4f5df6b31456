"""The end screen (``#gameover``): who won, the game in numbers, and each seat's."""

from __future__ import annotations

from pyscript import document

from web.model.session import Session, seat_stats
from web.table.cards_view import by_id, clear, el


def show_end(session: Session, seed: str, dialog: bool = True) -> None:
    """The game of ``session`` is over: the winner on ``<body>`` and the end screen, opened
    (``dialog``; not when the end is reached by stepping through the record)."""
    game = session.game
    outcome = game.outcome
    assert outcome is not None
    winner = outcome.winner
    if winner is not None:
        document.body.dataset.winner = str(winner)
        title = f"{game.name(winner)} wins!"
    else:
        document.body.dataset.winner = "none"
        title = "No winner" if outcome.status != "loop" else "This deal never ends"
    by_id("gameover-title").textContent = title
    longest = game.longest_challenge
    by_id("gameover-summary").textContent = (
        f"{game.cards_played} cards played, {game.tricks} piles taken, "
        f"{game.t / 60000:.1f} minutes at the table. Longest challenge: {longest} "
        f"card{'s' * (longest != 1)}. Seed {seed}."
    )
    body = by_id("stats-body")
    clear(body)
    for stat in seat_stats(session):
        row = el("tr", "winner-row" if stat.seat == winner else "")
        label = stat.name + (f" (bot, {stat.bot})" if stat.bot else "")
        row.appendChild(el("th", "", label, scope="row"))
        for value in (stat.cards, stat.piles_won, stat.slaps_right, stat.slaps_wrong):
            row.appendChild(el("td", "", str(value)))
        body.appendChild(row)
    box = by_id("gameover")
    if dialog and not box.open:
        box.showModal()
