"""The practice screen's words: cards, times and shares as it writes them, and its feedback lines.

Browser-free (no ``js``): the screen's parts put these texts in the page, and CPython tests
read them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ratscrew.core.cards import Card
from ratscrew.i18n import N_, join, t, tn
from ratscrew.tools.practice import MAX_SCORE, Feedback
from web.model.card_text import with_symbols

BLOCKED = N_("Best scores cannot be saved in this browser (storage is blocked).")
"""Said when storage refuses the best scores (a message id, as are the texts below)."""
ACCURACY = N_("Accuracy")
CAUGHT = N_("Caught")
# i18n: Accuracy and Caught are the results table's columns of those names.
FIGURES_NOTE = N_("Accuracy: hits out of hits, misses and false slaps together, so a false "
                  "slap costs as much as a miss. Caught: the patterns slapped, out of those "
                  "that came up (a false slap belongs to no rule, so it counts only in the "
                  "accuracy).")
"""What the results' two shares mean (under the totals)."""


def card_label(c: Card) -> str:
    """A card as the page writes it: "7♥", "Red Joker"."""
    return c.name if c.is_joker else with_symbols(c.code)


def ms(value: float | None) -> str:
    """A time in whole milliseconds ("—" for none)."""
    # i18n: A time in milliseconds ("412 ms").
    return "—" if value is None else t("{ms} ms", ms=str(round(value)))


def percent(value: float | None) -> str:
    """A share as a whole percentage ("—" for none)."""
    # i18n: A whole percentage ("25%").
    return "—" if value is None else t("{percent}%", percent=round(100 * value))


def one_line(text: str) -> str:
    """A rule's description, cut to its first clause (the form shows one line each)."""
    first = text.split(" (")[0].rstrip(".")
    return first + "."


def player_name(player: int) -> str:
    """A 0-based player as the practice screen names them: "Player 2"."""
    return t("Player {number}", number=player + 1)


def players_text(players: Sequence[int]) -> str:
    """0-based players as a subject: "Player 2", "Players 1, 3 and 4"."""
    numbers = join([str(p + 1) for p in players])
    # i18n: {numbers} is one player's number, or several in a list ("1, 3 and 4").
    return tn("Player {numbers}", "Players {numbers}", len(players), numbers=numbers)


def slap_line(fb: Feedback, players: int) -> tuple[str, str]:
    """A judged slap's line (a hit or a false slap): what happened, and what follows the
    pattern's cards (the reaction time, who was first) or the top card."""
    who = (fb.player or 0) + 1
    if fb.kind == "hit":
        rule = t(fb.title)
        # i18n: {rule} is a slap rule's name; {number} the player's.
        text = t("Player {number}: Hit! {rule}", number=who, rule=rule) if players > 1 \
            else t("Hit! {rule}", rule=rule)
        reaction = str(fb.reaction_ms)
        if players > 1 and fb.first is not None:
            if fb.first == fb.player:
                # i18n: {ms}: the reaction time; this player slapped first.
                return text, t("{ms} ms · first", ms=reaction)
            # i18n: {ms}: the reaction time; {number}: the player who slapped first.
            return text, t("{ms} ms · Player {number} was first", ms=reaction,
                           number=fb.first + 1)
        return text, t("{ms} ms", ms=reaction)
    top = card_label(fb.card) if fb.card is not None else "?"
    text = t("Player {number}: False slap: no pattern", number=who) if players > 1 \
        else t("False slap: no pattern")
    # i18n: {card} is the card on top of the pile (7♥).
    return text, t("top card {card}", card=top)


def miss_line(misses: Sequence[Feedback], players: int) -> str:
    """One line for a pattern card's misses (one per player who missed it)."""
    first = misses[0]
    rule = t(first.title)
    who = [fb.player for fb in misses if fb.player is not None]
    if players == 1:
        # i18n: {rule} is a slap rule's name.
        return t("Missed: {rule}", rule=rule)
    if len(who) == players:
        return t("Everyone missed: {rule}", rule=rule)
    # i18n: {numbers} is one player's number, or several in a list ("1, 3 and 4"); {rule} a
    # slap rule's name.
    return tn("Player {numbers} missed: {rule}", "Players {numbers} missed: {rule}", len(who),
              numbers=join([str(p + 1) for p in who]), rule=rule)


def best_on_form(best: int | None) -> str:
    """The form's line about the drill's best score so far."""
    if best is None:
        return t("No best score yet for this drill.")
    # i18n: {score} of {most} points.
    return t("Best score for this drill: {score} of {most}", score=str(best),
             most=str(MAX_SCORE))


def who_scored(player: int) -> str:
    """Who scored a run's best, as :func:`best_on_results` adds it: " (Player 2)"."""
    return " " + t("(Player {number})", number=player + 1)


def best_on_results(score: int, previous: int | None, new_best: bool, player: str) -> str:
    """The results' line about the best score: this run's best (``score``, by ``player``:
    " (Player 2)", :func:`who_scored`, or "" alone) against the best before it."""
    values = {"score": str(score), "most": str(MAX_SCORE), "player": player}
    if new_best:
        # i18n: {score} of {most} points; {player} is empty, or says who scored it, with its
        # space: " (Player 2)".
        return t("New best for this drill: {score} of {most}{player}!", **values)
    if previous is not None:
        # i18n: {previous} and {most}: the best before (812 of 1000 points); {score} this run's
        # best; {player} is empty, or says who scored it, with its space: " (Player 2)".
        return t("Best for this drill: {previous} of {most}; this run's best: {score}{player}.",
                 previous=str(previous), **values)
    # i18n: {score}: this run's best; {player} is empty, or says who scored it, with its
    # space: " (Player 2)".
    return t("This run's best: {score}{player}.", **values)
