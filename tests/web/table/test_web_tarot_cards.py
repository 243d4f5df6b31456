"""Tarot cards on the page (web/table/cards_view.py), without a browser: the card elements and
the card codes in sentences.

web/table/cards_view.py imports ``document`` from the browser's ``pyscript`` module, so it is
imported here on the fake page of tests/web/fake_browser.py, whose DOM has what ``card_element``
uses (elements, SVG elements, attributes, classes, text).
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from ratscrew.core.cards import ARCANA_NAMES, CARDS, STANDARD_DECK, TAROT_DECK, TAROT_SUITS, Card
from tests.web.fake_browser import SVG, Element, fake_browser


@pytest.fixture(scope="module")
def view() -> Iterator[Any]:
    """The card drawing (web.table.cards_view, imported on a fake page and forgotten
    afterwards) and the card text it writes (web.model.card_text), as one namespace."""
    from web.model import card_text

    with fake_browser(["web.table.cards_view"]) as page:
        cards_view = page.module("web.table.cards_view")
        yield types.SimpleNamespace(**{**vars(card_text), **vars(cards_view)})


# --------------------------------------------------------------------------- card elements


def test_there_are_132_cards_to_draw() -> None:
    assert len(CARDS) == 52 + 2 + 78
    assert len(TAROT_DECK) == 78


@pytest.mark.parametrize("code", list(CARDS))
def test_every_card_renders_with_its_code_and_name(view: Any, code: str) -> None:
    card = CARDS[code]
    node = view.card_element(card)
    assert node.tagName == "DIV"
    assert node.getAttribute("role") == "img"
    assert node.getAttribute("aria-label") == card.name
    assert node.getAttribute("data-code") == code
    classes = node.classes()
    assert "card" in classes
    assert f"suit-{card.suit}" in classes
    assert ("red" if card.red else "black") in classes
    assert ("arcana" in classes) == card.is_arcana
    assert ("tarot" in classes) == (card.suit in TAROT_SUITS)
    assert node.select("centre"), "every card has a centre"
    for element in node.elements():
        if element.namespaceURI == SVG and element.tagName == "svg":
            assert element.getAttribute("aria-hidden") == "true"


@pytest.mark.parametrize("card", [c for c in TAROT_DECK if c.is_arcana], ids=str)
def test_a_major_arcana_shows_its_numeral_and_name(view: Any, card: Card) -> None:
    node = view.card_element(card)
    numerals = node.select("numeral")
    assert [n.textContent for n in numerals] == [card.numeral, card.numeral]
    assert numerals[1].getAttribute("aria-hidden") == "true"  # said once is enough
    (centre,) = node.select("centre")
    assert "arcana-name" in centre.classes()
    assert centre.textContent == card.name
    assert not node.select("corner")
    assert card.name in ARCANA_NAMES


def test_the_arcana_numerals_are_the_printed_ones(view: Any) -> None:
    def numeral(code: str) -> str:
        return str(view.card_element(CARDS[code]).select("numeral")[0].textContent)

    assert numeral("M1") == "0"  # The Fool
    assert numeral("M8") == "VIII"  # Strength
    assert numeral("M16") == "X"  # Wheel of Fortune
    assert numeral("M22") == "XXI"  # The World
    title = view.card_element(CARDS["M12"]).select("arcana-title")[0]
    assert title.textContent == "Hanged Man"
    assert view.card_element(CARDS["M16"]).select("arcana-the") == []


MINOR_LABELS = {"A": "A", "P": "P", "N": "Kn", "Q": "Q", "K": "K",
                **{str(n): str(n) for n in range(2, 11)}}


@pytest.mark.parametrize("card", [c for c in TAROT_DECK if not c.is_arcana], ids=str)
def test_a_minor_arcana_has_rank_and_suit_symbol_in_its_corners(view: Any, card: Card) -> None:
    node = view.card_element(card)
    label = MINOR_LABELS[card.code[:-2]]
    corners = node.select("corner")
    assert len(corners) == 2
    for corner in corners:
        assert [r.textContent for r in corner.select("rank")] == [label]
        (suit,) = corner.select("suit")
        (icon,) = suit.children
        assert isinstance(icon, Element)
        assert (icon.namespaceURI, icon.tagName) == (SVG, "svg")
        assert icon.getAttribute("viewBox") == "0 0 24 24"
    (centre,) = node.select("centre")
    icons = [e for e in centre.elements() if e.tagName == "svg"]
    if card.is_face:  # its rank, big, as a standard face card
        assert "face" in centre.classes()
        assert centre.textContent == label
        assert ("wide" in centre.classes()) == (label == "Kn")
        assert not icons
    else:
        assert len(icons) == 1
        assert "face" not in centre.classes()
        assert centre.textContent == ""  # the symbol alone
        assert ("ace" in centre.classes()) == (label == "A")


def test_each_tarot_suit_has_its_own_drawing(view: Any) -> None:
    drawings = {}
    for suit in TAROT_SUITS:
        icon = view.suit_icon(suit)
        assert icon.getAttribute("fill") == "currentColor"
        shapes = [e for e in icon.elements() if e is not icon]
        assert shapes, suit
        drawings[suit] = icon.outer_html()
    assert len(set(drawings.values())) == 4


def test_standard_cards_and_jokers_are_drawn_as_before(view: Any) -> None:
    queen = view.card_element(CARDS["QS"])
    assert [c.textContent for c in queen.select("corner")] == ["Q♠", "Q♠"]
    assert queen.select("centre")[0].textContent == "Q"
    assert queen.select("centre")[0].classes() == ["centre", "face"]
    seven = view.card_element(CARDS["7H"])
    assert seven.classes() == ["card", "red", "suit-H"]
    assert seven.select("centre")[0].textContent == "♥"
    joker = view.card_element(CARDS["RJ"])
    assert [c.textContent for c in joker.select("corner")] == ["JKR★", "JKR★"]
    assert joker.select("centre")[0].classes() == ["centre", "face", "joker"]
    for card in STANDARD_DECK:
        node = view.card_element(card)
        assert not any(e.tagName == "svg" for e in node.elements())


@pytest.mark.parametrize("code", ["QCU", "10SW", "NPE", "M1", "QS"])
def test_penalty_and_dead_cards_keep_their_class_and_tag(view: Any, code: str) -> None:
    penalty = view.card_element(CARDS[code], "penalty")
    assert "penalty" in penalty.classes()
    assert not penalty.select("tag")
    dead = view.card_element(CARDS[code], "dead")
    assert "dead" in dead.classes()
    assert [t.textContent for t in dead.select("tag")] == ["dead"]
    live = view.card_element(CARDS[code])
    assert "live" not in live.classes()
    assert not live.select("tag")


# --------------------------------------------------------------------------- sentences


def test_a_sentence_mixing_standard_and_tarot_codes(view: Any) -> None:
    text = "Ana lays M12 on 10SW, then QS"
    assert view.with_symbols(text) == "Ana lays The Hanged Man on 10 of Swords, then Q♠"
    assert view.with_names(text) == (
        "Ana lays The Hanged Man on 10 of Swords, then Queen of Spades")


def test_tarot_cards_are_named_in_the_log(view: Any) -> None:
    assert view.with_symbols("Ben flips QCU.") == "Ben flips Queen of Cups."
    assert view.with_symbols("Ben flips NPE.") == "Ben flips Knight of Pentacles."
    assert view.with_symbols("Ben flips PWA.") == "Ben flips Page of Wands."
    assert view.with_symbols("Ben flips AWA.") == "Ben flips Ace of Wands."
    assert view.with_symbols("Ben flips M1.") == "Ben flips The Fool."


def test_every_code_is_read(view: Any) -> None:
    for code, card in CARDS.items():
        assert view.with_names(f"flips {code}.") == f"flips {card.name}."
        shown = view.with_symbols(f"flips {code}.")
        if card.is_joker:
            assert shown == "flips Joker."
        elif card.suit in TAROT_SUITS or card.is_arcana:
            assert shown == f"flips {card.name}."
        else:
            assert shown == f"flips {code[:-1]}{view.SUIT_SYMBOLS[card.suit]}."


def test_arcana_numbers_are_read_whole(view: Any) -> None:
    assert view.with_symbols("M10") == "The Hermit"
    assert view.with_symbols("M1 M10 M19 M20 M22") == (
        "The Fool, The Hermit, The Moon, The Sun, The World")
    for text in ("M0", "M23", "M100", "M01", "M1x", "xM1", "M", "M-1"):
        assert view.with_symbols(text) == text
        assert view.with_names(text) == text


def test_codes_next_to_punctuation(view: Any) -> None:
    assert view.with_symbols("(10SW)") == "(10 of Swords)"
    assert view.with_symbols("10SW, 10S, 10H.") == "10 of Swords, 10♠, 10♥."
    assert view.with_symbols("M12: burn!") == "The Hanged Man: burn!"
    assert view.with_names("'QCU'") == "'Queen of Cups'"


def test_runs_of_codes_with_a_tarot_card_are_separated_by_commas(view: Any) -> None:
    assert view.with_symbols("Sandwich 10SW QS 10SW: Ana takes 5 cards.") == (
        "Sandwich 10 of Swords, Q♠, 10 of Swords: Ana takes 5 cards.")
    assert view.with_symbols("Ben burns 2 cards (M12 M3) under the pile.") == (
        "Ben burns 2 cards (The Hanged Man, The High Priestess) under the pile.")
    assert view.with_names("Double M12 KCU") == "Double The Hanged Man, King of Cups"
    # Standard runs read as they always have.
    assert view.with_symbols("Sandwich 7H 2C 7S: Ana") == "Sandwich 7♥ 2♣ 7♠: Ana"
    assert view.with_names("Double 7H 7D") == "Double 7 of Hearts 7 of Diamonds"
    assert view.with_symbols("Double RJ BJ") == "Double Joker Joker"


def test_card_code_finds_whole_codes_only(view: Any) -> None:
    found = view.CARD_CODE.findall("M1 M10 M22 M23 10SW 10S QCU NPE AWA RJ JS SWAP 10SWX")
    assert found == ["M1", "M10", "M22", "10SW", "10S", "QCU", "NPE", "AWA", "RJ", "JS"]
    assert all(view.CARD_CODE.fullmatch(code) for code in CARDS)


def test_words_and_lower_case_are_not_cards(view: Any) -> None:
    for text in ("SWAP", "CUP", "PEN", "AWAY", "SWORD", "KNIGHT", "Man", "MI", "M1A",
                 "10SWX", "XQCU", "qcu", "10sw", "m12", "PE", "WA", "10 SW", "Q CU",
                 "JWA", "1SW", "11CU", "NS", "PS", "JCU"):
        assert view.with_symbols(text) == text
        assert view.with_names(text) == text
