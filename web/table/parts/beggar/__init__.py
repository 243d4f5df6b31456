"""Beggar-My-Neighbour's web part: no pieces of its own on the table, only its words there.

Its rule text speaks of pay cards, paying and debts: the challenge line under the pile says
who owes how many cards ("QH: Ben owes 2 cards"), and so does the seat that pays ("owes 2
cards"), as its events say them (ratscrew/variants/beggar.py).
"""

from __future__ import annotations

from web.model.variant_page import VariantPage, describe

PAGE = describe(VariantPage(
    "beggar-my-neighbour",
    words={
        "challenge": "{card}: {who} owes {cards}",
        "answering": "owes {cards}",
    },
))
