"""The practice screen's words: cards, times and shares as it writes them, and its feedback lines.

Browser-free (no ``js``): the screen's parts put these texts in the page, and CPython tests
read them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratscrew.core.cards import Card
from ratscrew.tools.practice import MAX_SCORE, Feedback
from web.model.card_text import with_symbols

BLOCKED = "Best scores cannot be saved in this browser (storage is blocked)."
ACCURACY = "Accuracy"
CAUGHT = "Caught"
FIGURES_NOTE = (f"{ACCURACY}: hits out of hits, misses and false slaps together, so a false "
                f"slap costs as much as a miss. {CAUGHT}: the patterns slapped, out of those "
                "that came up (a false slap belongs to no rule, so it counts only in the "
                "accuracy).")
"""What the results' two shares mean (under the totals)."""


def card_label(c: Card) -> str:
    """A card as the page writes it: "7♥", "Red Joker"."""
    return c.name if c.is_joker else with_symbols(c.code)


def ms(value: float | None) -> str:
    """A time in whole milliseconds ("—" for none)."""
    return "—" if value is None else f"{round(value)} ms"


def percent(value: float | None) -> str:
    """A share as a whole percentage ("—" for none)."""
    return "—" if value is None else f"{round(100 * value)}%"


def one_line(text: str) -> str:
    """A rule's description, cut to its first clause (the form shows one line each)."""
    first = text.split(" (")[0].rstrip(".")
    return first + "."


def players_text(players: Sequence[int]) -> str:
    """0-based players as a subject: "Player 2", "Players 1, 3 and 4"."""
    numbers = [str(p + 1) for p in players]
    if len(numbers) == 1:
        return f"Player {numbers[0]}"
    return "Players " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def slap_line(fb: Feedback, players: int) -> tuple[str, str]:
    """A judged slap's line (a hit or a false slap): what happened, and what follows the
    pattern's cards (the reaction time, who was first) or the top card."""
    who = f"Player {(fb.player or 0) + 1}: " if players > 1 else ""
    if fb.kind == "hit":
        after = f"{fb.reaction_ms} ms"
        if players > 1 and fb.first is not None:
            after += " · first" if fb.first == fb.player else \
                f" · Player {fb.first + 1} was first"
        return f"{who}Hit! {fb.title}", after
    top = card_label(fb.card) if fb.card is not None else "?"
    return f"{who}False slap: no pattern", f"top card {top}"


def miss_line(misses: Sequence[Feedback], players: int) -> str:
    """One line for a pattern card's misses (one per player who missed it)."""
    first = misses[0]
    who = [fb.player for fb in misses if fb.player is not None]
    if players == 1:
        return f"Missed: {first.title}"
    if len(who) == players:
        return f"Everyone missed: {first.title}"
    return f"{players_text(who)} missed: {first.title}"


def best_on_form(best: int | None) -> str:
    """The form's line about the drill's best score so far."""
    return (f"Best score for this drill: {best} of {MAX_SCORE}" if best is not None
            else "No best score yet for this drill.")


def best_on_results(score: int, previous: int | None, new_best: bool, player: str) -> str:
    """The results' line about the best score: this run's best (``score``, by ``player``:
    " (Player 2)", or "" alone) against the best before it."""
    if new_best:
        return f"New best for this drill: {score} of {MAX_SCORE}{player}!"
    if previous is not None:
        return f"Best for this drill: {previous} of {MAX_SCORE}; this run's best: {score}{player}."
    return f"This run's best: {score}{player}."
