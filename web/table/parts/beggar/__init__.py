"""Beggar-My-Neighbour's web part: no pieces of its own on the table, only its words there.

Its rule text speaks of pay cards, paying and debts: the challenge line under the pile says
who owes how many cards ("QH: Ben owes 2 cards"), and so does the seat that pays ("owes 2
cards"), as its events say them (ratscrew/variants/beggar.py).
"""

from __future__ import annotations

from ratscrew.i18n import N_
from web.model.variant_page import VariantPage, describe

PAGE = describe(VariantPage(
    "beggar-my-neighbour",
    words={
        # i18n: Beggar-My-Neighbour's challenge line under the pile: {card} is the pay
        # card's name (Queen of Hearts), {who} who pays, {cards} how many ("2 cards").
        "challenge": N_("{card}: {who} owes {cards}"),
        # i18n: The status of the seat paying a Beggar-My-Neighbour debt: {cards} is "2 cards".
        "answering": N_("owes {cards}"),
    },
))
