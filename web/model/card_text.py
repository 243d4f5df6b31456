"""Card codes in sentences, as people read them: "7H" becomes "7♥", a Tarot code its name.

Pure Python (no ``js``): the page's text (:mod:`web.table.cards_view`, :mod:`web.table.view`) and
the setup form rendered at build time (:mod:`web.model.setup_html`) share it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ratscrew.core.cards import CARDS, RANK_CODES, TAROT_SUITS, Card
from ratscrew.i18n import t

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "R": "★", "B": "★"}
_CODE = (r"(?:10|[2-9JQKA])[SHDC]|[RB]J"  # standard cards and jokers
         r"|(?:10|[2-9AQKPN])(?:WA|CU|SW|PE)"  # Tarot Minor Arcana
         r"|M(?:2[0-2]|1[0-9]|[1-9])")  # Major Arcana M1..M22 (M10 is not M1 + "0")
CARD_CODE = re.compile(rf"\b(?:{_CODE})\b")
"""A card code as the engine writes it in a sentence (upper case, a word of its own: the
``SW`` of ``10SW`` is not read as the ``S`` of ``10S``, nor ``M10`` as ``M1``)."""
CARD_RUN = re.compile(rf"\b(?:{_CODE})(?: (?:{_CODE}))*\b")
"""Card codes in a row, separated by single spaces ("Sandwich 7H 2C 7S", "(QS 10SW)")."""

def is_tarot(card: Card) -> bool:
    return card.suit in TAROT_SUITS or card.is_arcana


def _symbol(card: Card) -> str:
    if card.is_joker:
        return t("Joker")
    if is_tarot(card):
        return card.name  # Tarot suits have no symbol every font has: "Queen of Cups"
    return RANK_CODES[card.rank] + SUIT_SYMBOLS[card.suit]


def _spell(text: str, word: Callable[[Card], str]) -> str:
    """Each run of card codes in ``text`` as ``word`` writes the cards. A run with a Tarot
    card in it is separated by commas ("10 of Swords, The Hanged Man"): their names have
    spaces of their own. Standard runs keep their spaces ("7♥ 2♣ 7♠")."""

    def run(match: re.Match[str]) -> str:
        cards = [CARDS[code] for code in match.group(0).split(" ")]
        sep = ", " if any(is_tarot(c) for c in cards) else " "
        return sep.join(word(c) for c in cards)

    return CARD_RUN.sub(run, text)


def with_symbols(text: str) -> str:
    """Card codes in a sentence as people write them: "7H" becomes "7♥". Tarot cards are
    named ("QCU" becomes "Queen of Cups", "M12" "The Hanged Man"); jokers are "Joker" (in
    the language in use)."""
    return _spell(text, _symbol)


def with_names(text: str) -> str:
    """Card codes spelled out for screen readers: "7H" becomes "7 of Hearts"."""
    return _spell(text, lambda c: c.name)
