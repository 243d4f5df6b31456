"""K.U.R.S. (Kemetic Unorthodox Rat Screw) against its rule text (seed 000).

One test (or more) per sentence of the seed, built from its own example where it has one: the
deck, the Tarot challenges, and each of the 22 Major Arcana effects as the seed numbers them
(The Fool 1 .. The World 22) with the footnotes; then the optional ``until-face`` ending, bots
and records. Games are built from explicit hands (top card first); seat 0 (Ana) leads, the
dealer is the last seat, and play goes clockwise unless a test says otherwise. Every test
asserts the hands exactly and the sentence the effect explains itself with.

Footnote 1 ("a card received from another player comes off of the top of their hand and is
placed on the bottom of your hand") is checked in every test that moves a card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from ratscrew.core.cards import ARCANA_NAMES, TAROT_DECK, card, cards, codes
from ratscrew.core.engine import Action, Decision, Game
from ratscrew.core.events import Asked, Event, Flipped, GameOver, Ignored, OutOfCards, PlayOn
from ratscrew.play.match import Match, make_bots
from ratscrew.play.record import RecordError, dumps, record_of, replay
from ratscrew.variants import find_variant
from ratscrew.variants.kurs import (
    DECREE_LIMIT,
    DECREES,
    EFFECTS,
    KURS,
    SONG_LIMIT,
    ArcanaEffect,
    court_of,
    decree_holders,
)
from tests.helpers import flip, flips, of, only, slap

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal")
ANA, BEN, CLEO, DEV = 0, 1, 2, 3

# --- helpers ----------------------------------------------------------------------------------


def game(*hands: str, **options: Any) -> Game:
    """A K.U.R.S. game from explicit hands (top card first), the players named Ana, Ben..."""
    return Game("kurs", len(hands), hands=[cards(h) for h in hands], names=NAMES[: len(hands)],
                options=options)


def hands(g: Game) -> list[str]:
    return [codes(h) for h in g.hands]


def pile(g: Game) -> str:
    return codes(g.pile)


def said(g: Game, events: Sequence[Event]) -> list[str]:
    """The Arcana effects' sentences, with the players' names."""
    return [e.explain(g.names) for e in of(events, ArcanaEffect)]


def choose(g: Game, seat: int, option: str, dt: int = 100) -> list[Event]:
    return g.choose(seat, g.t + dt, option)


def fine(g: Game, seat: int, whom: str, dt: int = 100) -> list[Event]:
    return g.act(seat, g.t + dt, "fine", whom)


def asked(g: Game) -> Decision:
    decision = g.pending
    assert decision is not None, "nothing is being asked"
    return decision


def ignored(events: Sequence[Event]) -> str:
    reason: str = str(only(events, Ignored).reason)
    return reason


# --- the deck ---------------------------------------------------------------------------------


def test_the_deck_is_78_tarot_cards_56_minor_and_22_major() -> None:
    """"K.U.R.S. ... using a 78-card Tarot deck instead of the usual 52-card deck." """
    assert len(TAROT_DECK) == 78
    minor = [c for c in TAROT_DECK if not c.is_arcana]
    major = [c for c in TAROT_DECK if c.is_arcana]
    assert len(minor) == 56 and len(major) == 22
    assert Counter(c.suit for c in minor) == {"WA": 14, "CU": 14, "SW": 14, "PE": 14}
    assert [c.arcana for c in major] == list(range(1, 23))
    assert len({c.code for c in TAROT_DECK}) == 78
    assert cards(codes(TAROT_DECK)) == list(TAROT_DECK)
    assert all(card(c.code.lower()) is c for c in TAROT_DECK)


def test_the_major_arcana_are_named_and_numbered_as_the_seed_lists_them() -> None:
    seed_list = ("The Fool", "The Magician", "The High Priestess", "The Empress", "The Emperor",
                 "The Hierophant", "The Lovers", "Strength", "The Chariot", "The Hermit",
                 "Justice", "The Hanged Man", "Death", "Temperance", "The Devil",
                 "Wheel of Fortune", "The Tower", "The Star", "The Moon", "The Sun",
                 "Judgement", "The World")
    assert tuple(card(f"M{n}").name for n in range(1, 23)) == seed_list == ARCANA_NAMES
    assert (card("QCU").name, card("10SW").name, card("NPE").name, card("PWA").name,
            card("AWA").name) == ("Queen of Cups", "10 of Swords", "Knight of Pentacles",
                                  "Page of Wands", "Ace of Wands")


def test_every_one_of_the_22_major_arcana_has_an_effect() -> None:
    """"Each of the cards in the Major Arcana has a special effect." """
    assert frozenset(range(1, 23)) == EFFECTS


@pytest.mark.parametrize("alias", ["kurs", "K.U.R.S.", "tarot", "Kemetic Unorthodox Rat Screw"])
def test_the_variant_is_found_by_its_names(alias: str) -> None:
    assert find_variant(alias) is KURS


def test_death_is_left_out_of_a_two_player_game() -> None:
    """"K.U.R.S. requires at least three players to be played effectively; otherwise the Death
    card, for example, will have the effect of ending the game suddenly. Alternatively it may
    be removed from play before a two-player game." """
    g = Game("kurs", 2, seed=5)
    assert g.total == 77 and sum(g.counts) == 77
    assert card("M13") not in g.all_cards()
    assert len(set(g.all_cards())) == 77


@pytest.mark.parametrize("players", [3, 5, 8])
def test_death_is_kept_with_three_players_or_more(players: int) -> None:
    g = Game("kurs", players, seed=5)
    assert g.total == 78 and card("M13") in g.all_cards()


@pytest.mark.parametrize(("players", "death", "total"), [(2, True, 78), (4, False, 77)])
def test_the_death_card_option_overrides_the_default(players: int, death: bool,
                                                     total: int) -> None:
    g = Game("kurs", players, seed=5, options={"death_card": death})
    assert g.total == total
    assert (card("M13") in g.all_cards()) is death


# --- challenges and slaps ---------------------------------------------------------------------


@pytest.mark.parametrize(("face", "chances"), [("PWA", 1), ("NCU", 2), ("QSW", 3), ("KPE", 4)])
def test_court_cards_give_their_chances(face: str, chances: int) -> None:
    """"Page: 1 chance, Knight: 2 chances, Queen: 3 chances, King: 4 chances" """
    g = game(f"{face} 2WA", "3CU 4CU 5CU 6CU 7CU", "8SW")
    shown = only(flip(g, ANA), Flipped)
    assert (shown.target, shown.chances) == (BEN, chances)
    for _ in range(chances - 1):
        flip(g, BEN)
        assert g.challenge.claimant == -1 and g.turn == BEN
    flip(g, BEN)
    assert g.challenge.claimant == ANA  # the challenge is lost after exactly that many cards


def test_an_ace_is_a_number_card() -> None:
    """"Note: Aces are 'number' cards in this game, unlike traditional ERF." """
    g = game("AWA 2WA", "3CU", "4SW")
    shown = only(flip(g, ANA), Flipped)
    assert shown.target == -1 and g.challenge.challenger == -1 and g.turn == BEN


def test_a_major_arcana_card_does_not_issue_a_challenge() -> None:
    """"Major Arcana cards do not count as face cards for the purpose of either issuing or
    meeting a challenge." """
    g = game("M1 2WA", "3CU", "4SW")
    flip(g, ANA)
    assert g.challenge.challenger == -1 and g.turn == BEN


def test_a_major_arcana_card_does_not_answer_a_challenge() -> None:
    """The Fool laid in answer to a Page uses the chance: the challenger wins."""
    g = game("PWA 2WA", "M1 3CU", "4SW")
    flip(g, ANA)
    flip(g, BEN)
    assert g.challenge.claimant == ANA
    flip(g, ANA)  # collects
    assert hands(g) == ["2WA PWA M1", "3CU", "4SW"]


@pytest.mark.parametrize(("first", "second"), [("7WA", "7CU"), ("NWA", "NSW")])
def test_doubles_are_slapped(first: str, second: str) -> None:
    """Two cards of the same value, e.g. two 7s of different suits or two Knights."""
    g = game(f"{first} 2WA", f"{second} 3CU", "4SW")
    flips(g, ANA, BEN)
    assert g.slappable
    slap(g, CLEO)
    assert hands(g) == ["2WA", "3CU", f"4SW {first} {second}"]


def test_two_different_major_arcana_are_not_a_double() -> None:
    g = game("M1 2WA 3WA", "M2 3CU", "4SW")
    flips(g, ANA, BEN)
    assert not g.slappable
    slap(g, CLEO)  # a wrong slap: Cleo burns her card under the pile
    assert hands(g)[CLEO] == "" and pile(g) == "4SW M1 M2"


def test_the_same_major_arcana_twice_is_a_double() -> None:
    """(With two decks.) The contrast: it is the cards that differ, not the Arcana rule."""
    g = game("M1 2WA 3WA", "M1 3CU", "4SW", decks=2)
    flips(g, ANA, BEN)
    assert g.slappable


# --- 1. The Fool ------------------------------------------------------------------------------


def test_the_fool_peeks_at_the_top_five_cards_without_changing_them() -> None:
    """1: "Lift up the top 5 cards of your hand and look at them. Without changing the order,
    return them to the top of your hand." """
    g = game("M1 2CU 3CU 4CU 5CU 6CU 7CU", "2WA", "2SW")
    events = flip(g, ANA)
    effect = only(events, ArcanaEffect)
    assert codes(effect.cards) == "2CU 3CU 4CU 5CU 6CU"  # only Ana is shown them
    assert hands(g)[ANA] == "2CU 3CU 4CU 5CU 6CU 7CU"
    assert said(g, events) == [
        "The Fool: Ana looks at their top 5 cards and puts them back in the same order."]
    assert not any(c.code in effect.explain(g.names) for c in effect.cards)
    assert g.turn == BEN and g.pending is None


def test_the_fool_with_fewer_than_five_cards_shows_them_all() -> None:
    g = game("M1 2CU 3CU", "2WA", "2SW")
    effect = only(flip(g, ANA), ArcanaEffect)
    assert codes(effect.cards) == "2CU 3CU"
    assert effect.explain(g.names) == (
        "The Fool: Ana looks at their top 2 cards and puts them back in the same order.")


def test_the_fool_as_the_last_card_has_nothing_to_show() -> None:
    g = game("M1", "2WA", "2SW")
    effect = only(flip(g, ANA), ArcanaEffect)
    assert effect.cards == ()
    assert effect.explain(g.names) == "The Fool: Ana has no cards to look at."


# --- 2. The Magician, 3. The High Priestess ---------------------------------------------------


def test_the_magician_takes_a_card_from_every_male_player() -> None:
    """2: "All male players must give you a card." (From the top of theirs, under Ana's.)"""
    g = game("M2 2CU", "2WA 3WA", "2SW 3SW", "2PE 3PE", genders="m m f m")
    events = flip(g, ANA)
    assert hands(g) == ["2CU 2WA 2PE", "3WA", "2SW 3SW", "3PE"]
    assert said(g, events) == ["The Magician: Ben and Dev each give Ana a card."]


def test_the_high_priestess_takes_a_card_from_every_female_player() -> None:
    """3: "All female players must give you a card." (Ana's own mark does not matter.)"""
    g = game("M3 2CU", "2WA 3WA", "2SW 3SW", "2PE 3PE", genders=["female", "male", "female"])
    events = flip(g, ANA)
    assert hands(g) == ["2CU 2SW", "2WA 3WA", "3SW", "2PE 3PE"]
    assert said(g, events) == ["The High Priestess: Cleo gives Ana a card."]


def test_seats_left_unset_are_not_affected() -> None:
    g = game("M2 2CU", "2WA 3WA", "2SW 3SW", "2PE 3PE", genders="- m")  # Cleo and Dev unset
    events = flip(g, ANA)
    assert hands(g) == ["2CU 2WA", "3WA", "2SW 3SW", "2PE 3PE"]
    assert said(g, events) == ["The Magician: Ben gives Ana a card."]


@pytest.mark.parametrize(("arcana", "mark"), [("M2", "male"), ("M3", "female")])
def test_without_marks_the_magician_and_high_priestess_do_nothing(arcana: str,
                                                                  mark: str) -> None:
    g = game(f"{arcana} 2CU", "2WA 3WA", "2SW 3SW")
    events = flip(g, ANA)
    assert hands(g) == ["2CU", "2WA 3WA", "2SW 3SW"]
    name = card(arcana).name
    assert said(g, events) == [f"{name}: no other player is marked {mark}, so no effect."]


# --- 4. The Empress ---------------------------------------------------------------------------


def test_the_empress_gives_each_player_two_cards() -> None:
    """4: "Give each player two cards." (Dealt one at a time, each under the receiver's.)"""
    g = game("M4 2CU 3CU 4CU 5CU 6CU", "2WA", "2SW")
    events = flip(g, ANA)
    assert hands(g) == ["6CU", "2WA 2CU 4CU", "2SW 3CU 5CU"]
    assert said(g, events) == ["The Empress: Ana gives two cards to each player (4 cards)."]


def test_the_empress_short_of_cards_gives_what_she_has() -> None:
    g = game("M4 2CU 3CU 4CU", "2WA", "2SW")
    events = flip(g, ANA)
    assert hands(g) == ["", "2WA 2CU 4CU", "2SW 3CU"]
    assert said(g, events) == [
        "The Empress: Ana gives what they have: 3 cards, one at a time round the table."]
    assert only(events, OutOfCards).seat == ANA


# --- 5. The Emperor ---------------------------------------------------------------------------


def decreed(text: str = DECREES[0], **options: Any) -> Game:
    """Ana lays the Emperor and decrees ``text``; Ben then lays a card (the effect is over)."""
    g = game("M5 2CU 3CU", "2WA 3WA 4WA", "2SW 3SW", **options)
    flip(g, ANA)
    choose(g, ANA, text)
    flip(g, BEN)
    return g


def test_the_emperor_makes_a_typed_decree() -> None:
    """5: "Make a decree. For the rest of the game, you may fine someone a card if they do not
    follow your decree." """
    g = game("M5 2CU", "2WA", "2SW")
    flip(g, ANA)
    decision = asked(g)
    assert decision.seat == ANA and decision.free_text == DECREE_LIMIT == 80
    assert decision.options == DECREES and decision.default == DECREES[0]
    events = choose(g, ANA, "You must refer to me as 'Your Highness'")
    assert said(g, events) == [
        "The Emperor: Ana decrees: \u201cYou must refer to me as 'Your Highness'\u201d. Anyone "
        "who breaks it may be fined a card by Ana."]
    court = court_of(g)
    assert court is not None
    assert [(d.holder, d.text) for d in court.decrees] == [
        (ANA, "You must refer to me as 'Your Highness'")]
    assert decree_holders(g) == [ANA]
    assert hands(g) == ["2CU", "2WA", "2SW"] and g.pending is None and g.turn == BEN


def test_a_typed_decree_is_cleaned_of_control_characters() -> None:
    g = game("M5 2CU", "2WA", "2SW")
    flip(g, ANA)
    choose(g, ANA, "Say\x00 'pardon'\n\tbefore   you slap\x1b[31m")
    court = court_of(g)
    assert court is not None and court.decrees[0].text == "Say 'pardon' before you slap [31m"


def test_a_typed_decree_is_cut_at_80_characters() -> None:
    g = game("M5 2CU", "2WA", "2SW")
    flip(g, ANA)
    choose(g, ANA, "No one may say " + "x" * 100)
    court = court_of(g)
    assert court is not None
    assert court.decrees[0].text == ("No one may say " + "x" * 100)[:80]


def test_a_decree_of_nothing_is_refused() -> None:
    g = game("M5 2CU", "2WA", "2SW")
    flip(g, ANA)
    events = choose(g, ANA, " \x07\n ")
    assert only(events, Ignored).action == "choice"
    assert g.pending is not None  # still waiting for a decree


def test_a_suggested_decree_may_be_picked() -> None:
    g = game("M5 2CU", "2WA", "2SW")
    flip(g, ANA)
    events = choose(g, ANA, DECREES[1])
    assert said(g, events) == [
        "The Emperor: Ana decrees: \u201cCall me 'Your Highness'.\u201d Anyone who breaks it "
        "may be fined a card by Ana."]


def test_each_emperor_makes_a_new_decree_and_the_old_ones_stay() -> None:
    """"Each time this card is played a new decree must be instituted; one decree may however
    supercede another." (Which one wins is the table's judgement; both are kept.)"""
    g = game("M5 2CU 3CU", "M5 2WA 3WA", "2SW 3SW", decks=2)
    flip(g, ANA)
    choose(g, ANA, "Call me 'Your Highness'.")
    flip(g, BEN)
    choose(g, BEN, "Call me 'Your Majesty'.")
    court = court_of(g)
    assert court is not None
    assert [(d.holder, d.text) for d in court.decrees] == [
        (ANA, "Call me 'Your Highness'."), (BEN, "Call me 'Your Majesty'.")]
    assert decree_holders(g) == [ANA, BEN]


def test_the_holder_fines_someone_a_card() -> None:
    """"It is your decision whether to collect a fine on someone (including yourself)..." """
    g = decreed()
    assert hands(g) == ["2CU 3CU", "3WA 4WA", "2SW 3SW"]
    events = fine(g, ANA, "3")
    assert hands(g) == ["2CU 3CU 2SW", "3WA 4WA", "3SW"]
    assert said(g, events) == [
        f"The Emperor: Ana fines Cleo a card for breaking the decree \u201c{DECREES[0]}\u201d"]


def test_the_holder_may_fine_themselves() -> None:
    g = decreed()
    events = fine(g, ANA, "1")
    assert hands(g)[ANA] == "3CU 2CU"  # off the top of her hand, under it
    assert said(g, events) == [
        f"The Emperor: Ana fines Ana a card for breaking the decree \u201c{DECREES[0]}\u201d"]


def test_a_fine_records_as_an_action() -> None:
    g = decreed()
    g.apply(Action(g.t + 50, ANA, "fine", "2"))
    assert hands(g) == ["2CU 3CU 3WA", "4WA", "2SW 3SW"]
    assert g.history[-1][1:] == (ANA, "fine", "2")


def test_only_a_decree_holder_may_fine() -> None:
    g = decreed()
    events = fine(g, BEN, "1")
    assert ignored(events) == "only a player who made a decree may fine"
    assert hands(g) == ["2CU 3CU", "3WA 4WA", "2SW 3SW"]


@pytest.mark.parametrize("whom", ["9", "0", "Ben", ""])
def test_a_fine_must_name_a_player(whom: str) -> None:
    g = decreed()
    events = fine(g, ANA, whom)
    assert ignored(events) == f"{whom!r} is not a player (fine a player by number, 1 to 3)"
    assert hands(g) == ["2CU 3CU", "3WA 4WA", "2SW 3SW"]


def test_a_player_without_cards_cannot_be_fined() -> None:
    """Footnote 2: "Players without cards are not required to find/steal/draw one." """
    g = game("M5 2CU 3CU", "2WA 3WA", "5SW")
    flip(g, ANA)
    choose(g, ANA, DECREES[0])
    flips(g, BEN, CLEO)  # Cleo lays her last card
    events = fine(g, ANA, "3")
    assert ignored(events) == "Cleo has no cards to pay a fine"
    assert hands(g) == ["2CU 3CU", "3WA", ""]


def test_a_decree_gives_way_while_an_arcana_effect_plays_out() -> None:
    """Optional rule: "If a decree and a Major Arcana action are in conflict ... the decree
    shall be superceded." (Option ``decree_yields``, on by default: no fines from the moment
    an Arcana card is laid until the next card is laid.)"""
    g = game("M5 M1 2CU", "2WA 3WA 4WA", "5SW 3SW")
    flip(g, ANA)
    choose(g, ANA, DECREES[0])
    fine(g, ANA, "2")  # the decree is made: it does not give way to itself
    assert hands(g) == ["M1 2CU 2WA", "3WA 4WA", "5SW 3SW"]
    flip(g, BEN)
    flip(g, CLEO)
    flip(g, ANA)  # the Fool
    assert ignored(fine(g, ANA, "2")) == (
        "the decree gives way to The Fool while its effect plays out")
    assert hands(g) == ["2CU 2WA", "4WA", "3SW"]
    flip(g, BEN)  # a number card: the Fool's effect is over
    fine(g, ANA, "3")
    assert hands(g) == ["2CU 2WA 3SW", "", ""]


def test_without_decree_yields_a_fine_may_come_at_once() -> None:
    g = game("M5 2CU", "2WA 3WA", "2SW", decree_yields=False)
    flip(g, ANA)
    choose(g, ANA, DECREES[0])
    events = fine(g, ANA, "2")
    assert not of(events, Ignored)
    assert hands(g) == ["2CU 2WA", "3WA", "2SW"]


def test_a_fine_before_any_decree_is_refused() -> None:
    g = game("2CU", "2WA", "2SW")
    assert ignored(fine(g, ANA, "2")) == "only a player who made a decree may fine"


# --- 6. The Hierophant ------------------------------------------------------------------------


def test_the_hierophant_tithes_each_player_for_two_cards() -> None:
    """6: "Tithe each player for two cards." (Cleo has one: she gives it, footnote 2.)"""
    g = game("M6 2CU", "2WA 3WA 4WA", "2SW")
    events = flip(g, ANA)
    assert hands(g) == ["2CU 2WA 3WA 2SW", "4WA", ""]
    assert said(g, events) == [
        "The Hierophant: Ana tithes each player for two cards (3 cards paid in all)."]
    assert [e.seat for e in of(events, OutOfCards)] == [CLEO]


def test_the_hierophant_with_nobody_to_tithe() -> None:
    """Footnote 2: players without cards need not give."""
    g = game("M6 2CU", "", "")
    events = flip(g, ANA)
    assert hands(g) == ["2CU", "", ""]
    assert said(g, events) == ["The Hierophant: nobody else has cards to tithe."]


# --- 7. The Lovers ----------------------------------------------------------------------------


def lovers(**options: Any) -> Game:
    g = game("M7 2CU", "2WA 3WA", "2SW 3SW", "2PE 3PE", **options)
    flip(g, ANA)
    return g


def test_the_lovers_choose_a_player() -> None:
    """7: "Steal a kiss (and a card) from the player of your choice." """
    g = lovers()
    decision = asked(g)
    assert decision.seat == ANA
    assert decision.options == ("2", "3", "4") and decision.labels == ("Ben", "Cleo", "Dev")
    choose(g, ANA, "3")
    decision = asked(g)
    assert decision.seat == CLEO and decision.options == ("accept", "refuse")


def test_the_chosen_player_who_accepts_gives_a_card() -> None:
    g = lovers()
    choose(g, ANA, "3")
    events = choose(g, CLEO, "accept")
    assert hands(g) == ["2CU 2SW", "2WA 3WA", "3SW", "2PE 3PE"]
    assert said(g, events) == ["The Lovers: Cleo gives Ana a high five and a card."]


def test_the_chosen_player_who_refuses_gives_a_card_to_everyone() -> None:
    """"If they refuse, they must give a card to everyone." """
    g = game("M7 2CU", "2WA 3WA", "2SW 3SW 4SW 5SW", "2PE 3PE")
    flip(g, ANA)
    choose(g, ANA, "3")
    events = choose(g, CLEO, "refuse")
    # In the order of play from Cleo: Dev, Ana, Ben.
    assert hands(g) == ["2CU 3SW", "2WA 3WA 4SW", "5SW", "2PE 3PE 2SW"]
    assert said(g, events) == [
        "The Lovers: Cleo refuses Ana and gives a card to everyone (3 cards)."]


def test_the_lovers_ask_for_a_high_five_in_the_classroom_and_default_to_accept() -> None:
    g = lovers()  # classroom is on by default
    assert "high five" in str(asked(g).prompt) and "kiss" not in str(asked(g).prompt)
    choose(g, ANA, "2")
    decision = asked(g)
    assert "high five" in str(decision.prompt) and "kiss" not in str(decision.prompt)
    assert decision.default == "accept"


def test_the_lovers_ask_for_a_kiss_outside_the_classroom_and_default_to_refuse() -> None:
    g = lovers(classroom=False)
    assert "a kiss" in str(asked(g).prompt)
    choose(g, ANA, "2")
    decision = asked(g)
    assert "a kiss" in str(decision.prompt) and "high five" not in str(decision.prompt)
    assert decision.default == "refuse"
    events = choose(g, BEN, "accept")
    assert said(g, events) == ["The Lovers: Ben gives Ana a kiss and a card."]


def test_a_chosen_player_without_cards_who_accepts_gives_nothing() -> None:
    """Footnote 2."""
    g = game("M7 2CU", "", "2SW")
    flip(g, ANA)
    choose(g, ANA, "2")
    events = choose(g, BEN, "accept")
    assert hands(g) == ["2CU", "", "2SW"]
    assert said(g, events) == [
        "The Lovers: Ben gives Ana a high five (they have no card to give)."]


# --- 8. Strength ------------------------------------------------------------------------------


def test_strength_in_a_challenge_wins_the_stack() -> None:
    """8: "If you lay this card down during a challenge, you automatically win the entire stack
    and the challenge ends." (Here as Ben's first of two chances.)"""
    g = game("NWA 2WA", "M8 3CU 4CU", "5SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert said(g, events) == ["Strength: Ben wins the challenge and the whole stack (2 cards)."]
    assert g.challenge.claimant == BEN and g.challenge.challenger == -1
    flip(g, BEN)  # collects, and leads
    assert hands(g) == ["2WA", "3CU 4CU NWA M8", "5SW"]
    assert g.turn == BEN and pile(g) == ""


def test_strength_wins_as_the_last_chance_too() -> None:
    g = game("PWA 2WA", "M8 3CU", "5SW")
    flip(g, ANA)
    flip(g, BEN)
    assert g.challenge.claimant == BEN


def test_strength_wins_after_other_cards_of_the_challenge() -> None:
    g = game("KWA 2WA", "2CU 3CU M8 4CU", "5SW")
    flip(g, ANA)
    flips(g, BEN, BEN)
    events = flip(g, BEN)
    assert said(g, events) == ["Strength: Ben wins the challenge and the whole stack (4 cards)."]
    assert g.challenge.claimant == BEN


def test_strength_with_immediate_collect_takes_the_stack_at_once() -> None:
    g = game("PWA 2WA", "M8 3CU", "5SW", collect="immediate")
    flip(g, ANA)
    flip(g, BEN)
    assert hands(g) == ["2WA", "3CU PWA M8", "5SW"]
    assert g.turn == BEN and pile(g) == ""


def test_strength_outside_a_challenge_has_no_effect() -> None:
    """Footnote 4: "Cards that have conditions but no alternative have no effect if the
    conditions are not met." """
    g = game("M8 2WA", "3CU", "5SW")
    events = flip(g, ANA)
    assert said(g, events) == ["Strength: no challenge to win, so no effect."]
    assert pile(g) == "M8" and g.turn == BEN and g.challenge.claimant == -1


def test_strength_laid_by_the_challenger_s_own_next_turn_is_no_challenge() -> None:
    """A challenge won ends it: Strength laid to start the next stack does nothing."""
    g = game("PWA M8", "3CU", "5SW", collect="immediate")
    flip(g, ANA)
    flip(g, BEN)  # Ben fails: Ana takes the stack and leads
    events = flip(g, ANA)
    assert said(g, events) == ["Strength: no challenge to win, so no effect."]


# --- 9. The Chariot ---------------------------------------------------------------------------


def test_the_chariot_trades_hands_with_a_chosen_player() -> None:
    """9: "You may choose to trade hands with a player of your choice." """
    g = game("M9 2CU 3CU", "2WA 3WA 4WA 5WA 6WA", "2SW")
    flip(g, ANA)
    decision = asked(g)
    assert decision.options == ("keep", "2", "3") and decision.default == "keep"
    assert tuple(map(str, decision.labels)) == ("Keep my hand", "Trade with Ben", "Trade with Cleo")
    events = choose(g, ANA, "2")
    assert hands(g) == ["2WA 3WA 4WA 5WA 6WA", "2CU 3CU", "2SW"]
    assert said(g, events) == ["The Chariot: Ana trades hands with Ben (2 cards for 5)."]
    assert g.turn == BEN


def test_the_chariot_may_keep_its_hand() -> None:
    g = game("M9 2CU 3CU", "2WA 3WA 4WA 5WA 6WA", "2SW")
    flip(g, ANA)
    events = choose(g, ANA, "keep")
    assert hands(g) == ["2CU 3CU", "2WA 3WA 4WA 5WA 6WA", "2SW"]
    assert said(g, events) == ["The Chariot: Ana keeps their hand (2 cards)."]


# --- 10. The Hermit ---------------------------------------------------------------------------


def hermit() -> Game:
    g = game("M10 2CU", "3WA 4WA 5WA 6WA", "7SW 8SW")
    flip(g, ANA)
    return g


def test_the_hermit_collects_the_top_three_cards_of_each_player() -> None:
    """10: "Each player must give you the top three cards from their hand. You may look at
    these cards..." (Cleo has two: she gives them, footnote 2.)"""
    g = game("M10 2CU", "3WA 4WA 5WA 6WA", "7SW 8SW")
    events = flip(g, ANA)
    assert said(g, events) == [
        "The Hermit: Ana takes the top three cards of each hand (5 cards) and hands them out, "
        "one by one."]
    assert hands(g) == ["2CU", "6WA", ""]
    assert codes(g.side_piles["hermit"]) == "3WA 4WA 5WA 7SW 8SW"
    assert len(g.all_cards()) == g.total == 8  # the cards waiting are still in the game
    decision = asked(g)
    assert decision.seat == ANA
    assert decision.options == ("3WA", "4WA", "5WA", "7SW", "8SW")
    assert codes(decision.cards) == "3WA 4WA 5WA 7SW 8SW"  # Ana looks at them


def test_the_hermit_picks_each_card_then_who_gets_it_on_top_of_their_hand() -> None:
    """"...in order to decide how many and which cards each player should get, and in which
    order. You may not keep any for yourself, and the other players should return any cards
    received to the top of their hand." """
    g = hermit()
    choose(g, ANA, "8SW")
    decision = asked(g)
    assert decision.seat == ANA and codes(decision.cards) == "8SW"
    assert decision.options == ("2", "3")  # never Ana herself
    assert decision.labels == ("Ben", "Cleo")
    choose(g, ANA, "3")
    assert hands(g) == ["2CU", "6WA", "8SW"]
    for code, whom in (("3WA", "2"), ("4WA", "2"), ("5WA", "3")):
        choose(g, ANA, code)
        assert set(asked(g).options) == {"2", "3"}
        choose(g, ANA, whom)
    # On top of each hand, in the order they were handed out: the order they will be played.
    assert hands(g) == ["2CU", "3WA 4WA 6WA", "8SW 5WA"]
    # The last card needs no pick: only who gets it.
    decision = asked(g)
    assert codes(decision.cards) == "7SW" and decision.options == ("2", "3")
    events = choose(g, ANA, "2")
    assert hands(g) == ["2CU", "3WA 4WA 7SW 6WA", "8SW 5WA"]
    assert said(g, events) == ["The Hermit: Ana has handed out every card: Ben 3, Cleo 2."]
    assert "hermit" not in g.side_piles and g.pending is None
    assert len(g.all_cards()) == g.total and g.turn == BEN


def test_the_hermit_may_not_keep_a_card() -> None:
    g = hermit()
    choose(g, ANA, "3WA")
    events = choose(g, ANA, "1")
    assert only(events, Ignored).action == "choice"
    assert codes(g.side_piles["hermit"]) == "3WA 4WA 5WA 7SW 8SW"


def test_the_hermit_with_one_other_player_gives_everything_back_to_them() -> None:
    g = game("M10 2CU", "3WA 4WA 5WA 6WA")
    flip(g, ANA)
    assert asked(g).options == ("3WA", "4WA", "5WA")
    choose(g, ANA, "4WA")  # no need to ask who gets it
    assert hands(g) == ["2CU", "4WA 6WA"] and asked(g).options == ("3WA", "5WA")
    events = choose(g, ANA, "3WA")  # and the last card goes by itself
    assert hands(g) == ["2CU", "4WA 3WA 5WA 6WA"]
    assert said(g, events) == ["The Hermit: Ana has handed out every card: Ben 3."]


def test_the_hermit_with_nobody_else_holding_cards_has_no_effect() -> None:
    g = game("M10 2CU", "", "")
    events = flip(g, ANA)
    assert said(g, events) == ["The Hermit: nobody else has cards to give, so no effect."]
    assert g.pending is None and "hermit" not in g.side_piles


# --- 11. Justice ------------------------------------------------------------------------------


def test_justice_rules_that_two_other_players_switch_hands() -> None:
    """11: "If three or more are playing, you must rule from the bench that two other players
    switch hands." """
    g = game("M11 2CU", "3WA 4WA 5WA", "6SW", "7PE")
    flip(g, ANA)
    decision = asked(g)
    assert decision.seat == ANA and decision.options == ("2", "3", "4")
    choose(g, ANA, "2")
    assert asked(g).options == ("3", "4")  # someone other than Ben
    events = choose(g, ANA, "4")
    assert hands(g) == ["2CU", "7PE", "6SW", "3WA 4WA 5WA"]
    assert said(g, events) == ["Justice: Ana rules that Ben and Dev switch hands (3 cards for 1)."]


def test_justice_with_fewer_than_three_playing_has_no_effect() -> None:
    """Footnote 4 (Cleo holds no cards: only two are playing)."""
    g = game("M11 2CU", "3WA 4WA", "")
    events = flip(g, ANA)
    assert said(g, events) == ["Justice: fewer than three are playing, so no effect."]
    assert g.pending is None and hands(g) == ["2CU", "3WA 4WA", ""]


# --- 12. The Hanged Man -----------------------------------------------------------------------


def test_the_hanged_man_passes_a_card_to_each_and_takes_the_stack() -> None:
    """12: "Pass out one card to each player; then take the stack (if any) as if you had won a
    challenge." """
    g = game("2CU 9CU", "M12 3WA 4WA 5WA", "6SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert said(g, events) == [
        "The Hanged Man: Ben passes a card to each player and takes the stack (2 cards) as if "
        "they had won a challenge."]
    assert hands(g) == ["9CU 4WA", "5WA", "6SW 3WA"]
    assert g.challenge.claimant == BEN
    flip(g, BEN)  # collects, and leads
    assert hands(g) == ["9CU 4WA", "5WA 2CU M12", "6SW 3WA"] and g.turn == BEN


def test_the_hanged_man_with_just_enough_cards_passes_them_all_and_takes_the_stack() -> None:
    g = game("2CU 9CU", "M12 3WA 4WA", "6SW")
    flip(g, ANA)
    flip(g, BEN)
    assert hands(g) == ["9CU 4WA", "", "6SW 3WA"]
    assert g.challenge.claimant == BEN


def test_the_hanged_man_with_too_few_cards_passes_none_and_the_turn_is_over() -> None:
    """Footnote 3: "if a card requires the player to give up cards to gain a secondary effect,
    but they do not have a sufficient number in their hand, then they cannot continue and their
    turn is over." """
    g = game("2CU 9CU", "M12 3WA", "6SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert said(g, events) == [
        "The Hanged Man: Ben has 1 card, too few to pass one to each player, so the turn is "
        "over."]
    assert hands(g) == ["9CU", "3WA", "6SW"] and pile(g) == "2CU M12"
    assert g.challenge.claimant == -1 and g.turn == CLEO


def test_the_hanged_man_short_in_a_challenge_loses_it() -> None:
    """Footnote 3 in a challenge: the turn is over, so the challenger wins, although Ben had a
    chance and a card left."""
    g = game("NCU 9CU", "M12 3WA", "6SW")
    flip(g, ANA)
    flip(g, BEN)
    assert g.challenge.claimant == ANA
    assert hands(g) == ["9CU", "3WA", "6SW"]


# --- 13. Death --------------------------------------------------------------------------------


def test_death_deals_out_the_whole_hand_and_leaves_play() -> None:
    """13: "Deal out your entire hand to the other players; your turn is over. Remove this card
    from play after use." """
    g = game("M13 2CU 3CU 4CU 5CU 6CU", "2WA", "2SW")
    events = flip(g, ANA)
    assert hands(g) == ["", "2WA 2CU 4CU 6CU", "2SW 3CU 5CU"]
    assert said(g, events) == [
        "Death: Ana deals out their whole hand (5 cards) to the other players; their turn is "
        "over, and Death leaves play."]
    assert codes(g.removed) == "M13" and pile(g) == ""
    assert len(g.all_cards()) == g.total == 8
    assert g.turn == BEN


def test_death_in_a_challenge_leaves_the_challenger_the_stack() -> None:
    g = game("NCU 9CU", "M13 3WA 4WA", "6SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert hands(g) == ["9CU 4WA", "", "6SW 3WA"]
    assert codes(g.removed) == "M13" and pile(g) == "NCU"
    assert g.challenge.claimant == ANA
    assert said(g, events) == [
        "Death: Ben deals out their whole hand (2 cards) to the other players; their turn is "
        "over, and Death leaves play."]


def test_death_as_the_last_card_has_nothing_to_deal() -> None:
    g = game("2CU M13", "3WA", "6SW 7SW")
    flips(g, ANA, BEN, CLEO)
    events = flip(g, ANA)
    assert said(g, events) == ["Death: Ana has no cards to deal out; Death leaves play."]
    assert codes(g.removed) == "M13" and pile(g) == "2CU 3WA 6SW"


def test_death_as_the_last_chance_with_immediate_collect_still_leaves_play() -> None:
    """With ``collect=immediate`` the challenge Death loses is settled before its effect: the
    challenger takes the stack at once; Death must still leave play and Ben deal out his hand."""
    g = game("PWA 2WA", "M13 3CU 4CU", "5SW", collect="immediate")
    flip(g, ANA)
    flip(g, BEN)
    assert codes(g.removed) == "M13"
    assert Counter(hands(g)[ANA].split()) == Counter(["2WA", "PWA", "4CU"])
    assert hands(g)[BEN:] == ["", "5SW 3CU"]
    assert len(g.all_cards()) == g.total


# --- 14. Temperance ---------------------------------------------------------------------------


def test_temperance_deals_a_card_to_each_then_each_gives_one_back() -> None:
    """14: "Deal out a card to each player; then each player gives you a card from their
    hand." """
    g = game("M14 2CU 3CU 4CU", "5WA 6WA", "7SW")
    events = flip(g, ANA)
    assert hands(g) == ["4CU 5WA 7SW", "6WA 2CU", "3CU"]
    assert said(g, events) == ["Temperance: Ana deals a card to each player, and gets 2 cards "
                               "back."]


def test_temperance_short_of_cards_gets_back_only_from_those_shared_with() -> None:
    """Footnote 3: "The exception here is Temperance; they receive cards back from players that
    they shared with." """
    g = game("M14 2CU", "5WA 6WA", "7SW 8SW")
    events = flip(g, ANA)
    assert hands(g) == ["5WA", "6WA 2CU", "7SW 8SW"]
    assert said(g, events) == ["Temperance: Ana deals a card to Ben, and gets 1 card back."]


def test_temperance_with_no_cards_to_share_has_no_effect() -> None:
    g = game("M14", "5WA", "7SW")
    events = flip(g, ANA)
    assert said(g, events) == ["Temperance: Ana has no cards to share, so no effect."]
    assert hands(g) == ["", "5WA", "7SW"]


# --- 15. The Devil ----------------------------------------------------------------------------


def test_the_devil_asks_each_player_with_cards_to_admit_or_give() -> None:
    """15: "You must tell of an 'original sin' that you have committed. Each player who has not
    committed that same sin (or will not admit to it) must give you a card." (Dev has no card:
    footnote 2, he is not asked.)"""
    g = game("M15 2CU", "3WA 4WA", "5SW 6SW", "")
    events = flip(g, ANA)
    assert said(g, events) == [
        "The Devil: Ana tells of an 'original sin' (a different one each time the Devil is "
        "played). Everyone who has not done the same, or will not admit it, gives Ana a card."]
    decision = asked(g)
    assert decision.seat == BEN and decision.options == ("admit", "give")
    assert decision.default == "give"
    choose(g, BEN, "admit")
    assert asked(g).seat == CLEO
    events = choose(g, CLEO, "give")
    assert hands(g) == ["2CU 5SW", "3WA 4WA", "6SW", ""]
    assert said(g, events) == ["The Devil: Cleo gives Ana a card; Ben admits the same sin."]
    assert [e.seat for e in of(g.events, Asked)] == [BEN, CLEO]
    assert g.pending is None


def test_the_devil_when_everyone_gives() -> None:
    g = game("M15 2CU", "3WA 4WA", "5SW 6SW")
    flip(g, ANA)
    choose(g, BEN, "give")
    events = choose(g, CLEO, "give")
    assert hands(g) == ["2CU 3WA 5SW", "4WA", "6SW"]
    assert said(g, events) == ["The Devil: Ben and Cleo each give Ana a card."]


def test_the_devil_when_everyone_admits() -> None:
    g = game("M15 2CU", "3WA 4WA", "5SW 6SW")
    flip(g, ANA)
    choose(g, BEN, "admit")
    events = choose(g, CLEO, "admit")
    assert hands(g) == ["2CU", "3WA 4WA", "5SW 6SW"]
    assert said(g, events) == ["The Devil: Ben and Cleo admit the same sin."]


# --- 16. Wheel of Fortune ---------------------------------------------------------------------


def test_the_wheel_of_fortune_changes_the_direction_of_play() -> None:
    """16: "Change the direction of play. This takes effect when your turn is done." """
    g = game("M16 2CU", "3WA", "5SW 6SW")
    events = flip(g, ANA)
    assert said(g, events) == [
        "Wheel of Fortune: play now goes counterclockwise, from the end of Ana's turn (whoever "
        "wins a failed challenge still takes the stack)."]
    assert g.turn == CLEO and g.dir == -1
    flip(g, CLEO)
    assert g.turn == BEN


def test_the_wheel_of_fortune_example_of_a_failed_challenge() -> None:
    """"For example, if play was moving to the right and you fail a challenge after playing
    this card, the player to your left still takes the stack, and then play moves to their
    left." Play moving right is counterclockwise (Ana, Dev, Cleo, Ben); "you" are Cleo, the
    player on her left is Dev (seat 3), and on Dev's left is Ana (seat 0)."""
    g = game("2WA 3WA", "6CU 7CU", "M16 5SW 8SW", "NPE 4PE", direction="counterclockwise")
    flip(g, ANA)
    assert g.turn == DEV
    flip(g, DEV)  # a Knight: Cleo has two chances
    assert g.turn == CLEO
    flip(g, CLEO)  # the Wheel, her first chance
    assert g.turn == CLEO and g.challenge.chances == 1
    flip(g, CLEO)  # 5SW: she fails
    assert g.challenge.claimant == DEV  # the player to her left still takes the stack
    flip(g, DEV)
    assert hands(g)[DEV] == "4PE 2WA NPE M16 5SW"
    flip(g, DEV)
    assert g.turn == ANA  # then play moves to his left


def test_the_wheel_of_fortune_in_a_challenge_then_a_face_card_challenges_the_other_way() -> None:
    """The new direction counts from the end of the turn: a court card Cleo lays after the
    Wheel challenges the player on her other side."""
    g = game("2WA 3WA", "6CU 7CU", "M16 QSW 8SW", "NPE 4PE", direction="counterclockwise")
    flips(g, ANA, DEV, CLEO)
    shown = only(flip(g, CLEO), Flipped)
    assert shown.target == DEV  # not Ben, who was next before the Wheel


# --- 17. The Tower ----------------------------------------------------------------------------


def test_the_tower_flips_the_top_half_of_the_hand_onto_the_stack() -> None:
    """17: "Take the top half of your hand, approximately, and flip it over on top of the stack.
    The card shown is now to be considered the card you played" (the packet turned over: its
    deepest card shows)."""
    g = game("M17 2CU 3CU 4CU 5CU 6CU 7CU", "2WA", "2SW")
    events = flip(g, ANA)
    assert pile(g) == "M17 2CU 3CU 4CU" and hands(g)[ANA] == "5CU 6CU 7CU"
    assert said(g, events) == [
        "The Tower: Ana flips the top half of their hand (3 cards) onto the stack: 4CU shows, "
        "and counts as the card they played."]
    assert g.turn == BEN


def test_the_tower_s_shown_court_card_answers_a_challenge_without_an_extra_chance() -> None:
    """"...this does not take up an additional chance in a challenge." Ben answers the Knight
    with the Tower; the Queen shown answers it and challenges Cleo."""
    g = game("NWA 2WA", "M17 2CU 3CU QSW 4CU 5CU 6CU", "2SW 3SW 4SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert pile(g) == "NWA M17 2CU 3CU QSW" and hands(g)[BEN] == "4CU 5CU 6CU"
    queen = of(events, Flipped)[-1]
    assert (queen.card, queen.target, queen.chances) == (card("QSW"), CLEO, 3)
    assert g.challenge.challenger == BEN and g.turn == CLEO


def test_the_tower_s_shown_number_card_uses_one_chance_only() -> None:
    g = game("NWA 2WA", "M17 2CU 3CU 4CU", "2SW")
    flip(g, ANA)
    flip(g, BEN)
    assert pile(g) == "NWA M17 2CU 3CU" and g.challenge.chances == 1 and g.turn == BEN
    flip(g, BEN)
    assert g.challenge.claimant == ANA


def test_an_arcana_shown_by_the_tower_takes_effect() -> None:
    g = game("M17 2CU 3CU 4CU M4 5CU 6CU 7CU 8CU", "2WA", "2SW")
    events = flip(g, ANA)
    assert said(g, events) == [
        "The Tower: Ana flips the top half of their hand (4 cards) onto the stack: M4 shows, and "
        "counts as the card they played.",
        "The Empress: Ana gives two cards to each player (4 cards)."]
    assert hands(g) == ["", "2WA 5CU 7CU", "2SW 6CU 8CU"]


def test_strength_shown_by_the_tower_in_a_challenge_wins_it() -> None:
    g = game("PWA 2WA", "M17 2CU M8 4CU", "2SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert said(g, events)[-1] == (
        "Strength: Ben wins the challenge and the whole stack (4 cards).")
    assert g.challenge.claimant == BEN


def test_the_tower_with_no_cards_left_ends_the_turn() -> None:
    """Footnote 3: nothing to flip, so the turn is over (in a challenge, the challenger wins)."""
    g = game("NWA 2WA", "M17", "2SW")
    flip(g, ANA)
    events = flip(g, BEN)
    assert said(g, events) == ["The Tower: Ben has no cards left to flip, so the turn is over."]
    assert g.challenge.claimant == ANA


# --- 18. The Star -----------------------------------------------------------------------------


def star() -> Game:
    g = game("M18 2CU 3CU 4CU 5CU 6CU", "2WA", "2SW")
    flip(g, ANA)
    return g


def test_the_star_asks_for_a_song() -> None:
    """18: "Sing a song that has the word 'star' in it. If you cannot think of any or are
    unwilling, you must give two cards to each player." """
    decision = asked(star())
    assert decision.seat == ANA and decision.options == ("sing", "give")
    assert decision.default == "give" and decision.free_text == SONG_LIMIT


def test_the_star_singer_keeps_their_cards() -> None:
    g = star()
    events = choose(g, ANA, "sing")
    assert hands(g) == ["2CU 3CU 4CU 5CU 6CU", "2WA", "2SW"]
    assert said(g, events) == ["The Star: Ana sings a song with 'star' in it, and keeps their "
                               "cards."]


def test_the_star_accepts_a_typed_song_title() -> None:
    g = star()
    events = choose(g, ANA, "Twinkle, Twinkle, Little Star")
    assert hands(g) == ["2CU 3CU 4CU 5CU 6CU", "2WA", "2SW"]
    assert said(g, events) == [
        "The Star: Ana sings \u201cTwinkle, Twinkle, Little Star\u201d, and keeps their cards."]


def test_the_star_unwilling_gives_two_cards_to_each_player() -> None:
    g = star()
    events = choose(g, ANA, "give")
    assert hands(g) == ["6CU", "2WA 2CU 4CU", "2SW 3CU 5CU"]
    assert said(g, events) == [
        "The Star: Ana does not sing, and gives two cards to each player (4 cards)."]


# --- 19. The Moon -----------------------------------------------------------------------------


def test_the_moon_in_the_classroom_gives_a_card_to_each_without_asking() -> None:
    """19: "Briefly expose a covered body part of your choice ... If you are unwilling, give
    each player a card." (``classroom``, on by default: only the card alternative.)"""
    g = game("M19 2CU 3CU 4CU", "2WA", "2SW")
    events = flip(g, ANA)
    assert g.pending is None and not of(events, Asked)
    assert hands(g) == ["4CU", "2WA 2CU", "2SW 3CU"]
    assert said(g, events) == ["The Moon: Ana gives each player a card (2 cards)."]


def test_the_moon_outside_the_classroom_asks() -> None:
    g = game("M19 2CU 3CU 4CU", "2WA", "2SW", classroom=False)
    flip(g, ANA)
    decision = asked(g)
    assert decision.seat == ANA and decision.options == ("expose", "give")
    assert decision.default == "give"
    events = choose(g, ANA, "expose")
    assert hands(g) == ["2CU 3CU 4CU", "2WA", "2SW"]
    assert said(g, events) == ["The Moon: Ana briefly uncovers a body part, and keeps their "
                               "cards."]


def test_the_moon_outside_the_classroom_unwilling_gives() -> None:
    g = game("M19 2CU 3CU 4CU", "2WA", "2SW", classroom=False)
    flip(g, ANA)
    choose(g, ANA, "give")
    assert hands(g) == ["4CU", "2WA 2CU", "2SW 3CU"]


# --- 20. The Sun ------------------------------------------------------------------------------


def sun(t: int, **options: Any) -> tuple[Game, list[Event]]:
    g = game("M20 2CU 3CU 4CU", "2WA 3WA", "2SW 3SW", **options)
    return g, g.flip(ANA, t)


def test_the_sun_by_day_bestows_a_card_on_each_player() -> None:
    """20: "If playing between sunrise and sunset, you must bestow one card on each player;
    otherwise you get a card from each player." (The game started at noon by default.)"""
    g, events = sun(1000)
    assert hands(g) == ["4CU", "2WA 3WA 2CU", "2SW 3SW 3CU"]
    assert said(g, events) == ["The Sun: it is day (12:00), so Ana bestows a card on each "
                               "player (2 cards)."]


def test_the_sun_by_night_takes_a_card_from_each_player() -> None:
    g, events = sun(1000, clock=22 * 60)
    assert hands(g) == ["2CU 3CU 4CU 2WA 2SW", "3WA", "3SW"]
    assert said(g, events) == ["The Sun: it is night (22:00), so Ana gets a card from each "
                               "player (2 cards)."]


def test_the_sun_adds_the_game_s_time_to_the_clock() -> None:
    """A game started at 17:59: two minutes in, the sun has set (sunset 18)."""
    day, events = sun(30_000, clock=17 * 60 + 59)
    assert said(day, events)[0].startswith("The Sun: it is day (17:59)")
    night, events = sun(120_000, clock=17 * 60 + 59)
    assert said(night, events)[0].startswith("The Sun: it is night (18:01)")
    assert hands(night)[ANA] == "2CU 3CU 4CU 2WA 2SW"


@pytest.mark.parametrize(
    ("clock", "options", "day"),
    [
        (5 * 60 + 59, {}, False),
        (6 * 60, {}, True),
        (7 * 60, {"sunrise": 8}, False),
        (19 * 60, {"sunset": 20}, True),
        (20 * 60, {"sunset": 20}, False),
        (23 * 60 + 59, {"sunset": 24}, True),
    ],
)
def test_sunrise_and_sunset_set_the_day(clock: int, options: dict[str, int], day: bool) -> None:
    g, events = sun(0, clock=clock, **options)
    assert said(g, events)[0].startswith("The Sun: it is day" if day else "The Sun: it is night")


def test_the_clock_goes_round_midnight() -> None:
    g, events = sun(2 * 60_000, clock=23 * 60 + 59, sunset=24)
    assert said(g, events) == ["The Sun: it is night (00:01), so Ana gets a card from each "
                               "player (2 cards)."]


# --- 21. Judgement ----------------------------------------------------------------------------


def test_judgement_gathers_everything_but_death_and_deals_it_out_evenly() -> None:
    """21: "Remove this card from play after use; Take up all hands and the stack (but not
    Death) and deal them out evenly to all players." """
    g = game("2CU M21", "3WA M13 4WA 7WA", "5SW 6SW 8SW")
    flips(g, ANA, BEN, CLEO)
    before = Counter(c.code for c in g.all_cards())
    events = flip(g, ANA)
    assert said(g, events) == [
        "Judgement: Ana gathers every hand and the stack (7 cards) and deals them out evenly: "
        "2 or 3 each. Judgement leaves play, and so does Death."]
    assert codes(g.removed) == "M21 M13"
    assert pile(g) == "" and g.challenge.challenger == -1
    assert [len(h) for h in g.hands] == [2, 3, 2]  # the extra card to the player on her left
    assert Counter(c.code for c in g.all_cards()) == before  # every card still counts
    assert Counter(c.code for h in g.hands for c in h) == Counter(
        ["2CU", "3WA", "5SW", "4WA", "7WA", "6SW", "8SW"])
    assert g.turn == BEN


def test_judgement_without_death_in_play() -> None:
    g = game("M21 2CU", "3WA 4WA", "5SW")
    events = flip(g, ANA)
    assert said(g, events) == [
        "Judgement: Ana gathers every hand and the stack (4 cards) and deals them out evenly: "
        "1 or 2 each. Judgement leaves play."]
    assert codes(g.removed) == "M21" and [len(h) for h in g.hands] == [1, 2, 1]


def test_judgement_with_two_decks_removes_only_the_copy_laid() -> None:
    g = game("M21 2CU", "M21 3WA", "5SW", decks=2)
    flip(g, ANA)
    assert codes(g.removed) == "M21"
    assert Counter(c.code for h in g.hands for c in h) == Counter(["2CU", "M21", "3WA", "5SW"])
    assert len(g.all_cards()) == g.total == 5


def test_judgement_in_a_challenge_ends_it() -> None:
    g = game("NWA 2WA", "M21 3CU", "5SW 6SW")
    flip(g, ANA)
    flip(g, BEN)
    assert g.challenge.challenger == -1 and g.challenge.claimant == -1 and pile(g) == ""
    assert [len(h) for h in g.hands] == [2, 1, 2] and g.turn == CLEO  # Cleo is dealt first


# --- 22. The World ----------------------------------------------------------------------------


@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_the_world_passes_each_hand_to_the_left(direction: str) -> None:
    """22: "Each player gives their hand to the player to their left." (Left is the next seat,
    whatever the direction of play; Cleo, without cards, passes nothing but receives.)"""
    g = game("M22 2CU", "3WA 4WA", "", "5SW", direction=direction)
    events = flip(g, ANA)
    assert hands(g) == ["5SW", "2CU", "3WA 4WA", ""]
    assert said(g, events) == ["The World: every player passes their hand to the player on "
                               "their left."]


def test_the_world_skips_a_player_barred_from_the_game() -> None:
    """A player out of the game (barred after a wrong slap with no cards) is not in the ring."""
    g = game("M22 2CU", "3WA 4WA", "", "5SW", cardless_penalty="barred")
    slap(g, CLEO)
    assert g.penalties.barred[CLEO]
    flip(g, ANA)
    assert hands(g) == ["5SW", "2CU", "", "3WA 4WA"]


# --- footnote 2: giving with no cards ---------------------------------------------------------


def test_a_player_without_cards_need_not_give_to_the_magician() -> None:
    """Footnote 2: "Players without cards are not required to find/steal/draw one if it is
    required of them." """
    g = game("M2 2CU", "", "2SW 3SW", genders="- m m")
    events = flip(g, ANA)
    assert hands(g) == ["2CU 2SW", "", "3SW"]
    assert said(g, events) == ["The Magician: Cleo gives Ana a card."]


def test_male_players_without_cards_give_nothing() -> None:
    g = game("M2 2CU", "", "2SW", genders="- m f")
    events = flip(g, ANA)
    assert said(g, events) == ["The Magician: the male players have no cards to give."]
    assert hands(g) == ["2CU", "", "2SW"]


def test_a_player_without_cards_need_not_give_to_the_sun_at_night() -> None:
    g = game("M20 2CU", "", "2SW 3SW", clock=0)
    events = flip(g, ANA)
    assert hands(g) == ["2CU 2SW", "", "3SW"]
    assert said(g, events) == ["The Sun: it is night (00:00), so Ana gets a card from each "
                               "player (1 card)."]
    g = game("M20 2CU", "", "", clock=0)
    events = flip(g, ANA)
    assert said(g, events) == ["The Sun: it is night (00:00), but nobody else has a card to "
                               "give Ana."]


def test_a_player_who_receives_a_card_in_the_same_action_gives_it() -> None:
    """Footnote 2: "...although if they receive a card during that action and are then asked
    to give one up, they must do so as normal." Cleo has no cards; Temperance deals her one,
    and she gives it back."""
    g = game("M14 2CU 3CU", "5WA 6WA", "")
    events = flip(g, ANA)
    assert hands(g) == ["5WA 3CU", "6WA 2CU", ""]
    assert said(g, events) == ["Temperance: Ana deals a card to each player, and gets 2 cards "
                               "back."]


# --- the optional ending: play on until a face card -------------------------------------------


def test_until_face_a_player_holding_every_card_plays_on_to_a_face_card() -> None:
    """"Games will occasionally end with one player holding all the cards without actually
    winning a challenge. You may want to institute a rule that they continue to play cards onto
    a stack until they play a face card." Ana slaps the last cards in."""
    g = game("7WA 2CU 3CU QCU 4CU", "7CU", "", ending="until-face")
    flips(g, ANA, BEN)
    events = slap(g, ANA)
    assert only(events, PlayOn).seat == ANA and g.outcome is None
    flips(g, ANA, ANA)
    assert g.outcome is None
    events = flip(g, ANA)  # the Queen
    assert g.outcome is None and g.challenge.claimant == ANA  # she claims it as any won pile
    events = flip(g, ANA)
    over = only(events, GameOver)
    assert (over.status, over.winner, over.cards) == ("win", ANA, 6)


def test_without_until_face_the_slap_wins_the_game() -> None:
    g = game("7WA 2CU 3CU QCU 4CU", "7CU", "")
    flips(g, ANA, BEN)
    slap(g, ANA)
    assert g.outcome is not None and g.outcome.winner == ANA


def test_until_face_the_empress_drawn_while_playing_on_lets_play_continue() -> None:
    """"This leads to the possibility of them drawing a wild card such as Death or The Empress
    and continuing play." After the Empress, Ben and Cleo hold cards again: play goes on as
    usual, so Ben plays next and a court card challenges him."""
    g = game("7WA M4 3SW 4SW 5SW 6SW QCU 8WA", "7CU", "", ending="until-face")
    flips(g, ANA, BEN)
    slap(g, ANA)
    flip(g, ANA)  # the Empress
    assert hands(g) == ["QCU 8WA 7WA 7CU", "3SW 5SW", "4SW 6SW"]
    assert g.play_on == -1 and g.to_act() == BEN


def test_until_face_death_drawn_while_playing_on_lets_play_continue() -> None:
    g = game("7WA M13 3SW 4SW 5SW", "7CU", "", ending="until-face")
    flips(g, ANA, BEN)
    slap(g, ANA)
    flip(g, ANA)  # Death: Ana deals out her whole hand
    assert hands(g) == ["", "3SW 5SW 7CU", "4SW 7WA"]
    assert g.to_act() == BEN


# --- bots -------------------------------------------------------------------------------------


def test_bot_policies_pick_sensibly() -> None:
    """The Chariot trades for the biggest hand, Justice swaps the biggest with the smallest,
    the Lovers ask the player with most cards, the Hermit gives court cards to the shortest
    hand and the rest to the longest."""
    g = game("M9 2CU", "2WA 3WA", "2SW 3SW 4SW 5SW", "2PE")
    flip(g, ANA)
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "3"
    g = game("M9 2CU 3CU 4CU 5CU 6CU", "2WA", "2SW")
    flip(g, ANA)
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "keep"
    g = game("M11 2CU", "2WA 3WA", "2SW 3SW 4SW 5SW", "2PE")
    flip(g, ANA)
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "3"
    choose(g, ANA, "3")
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "4"
    g = game("M7 2CU", "2WA 3WA", "2SW 3SW 4SW 5SW", "2PE")
    flip(g, ANA)
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "3"
    g = game("M10 2CU", "QWA 3WA 4WA 5WA 6WA", "2SW")
    flip(g, ANA)
    choose(g, ANA, "QWA")
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "3"  # Cleo has none: the Queen to her
    choose(g, ANA, "3")
    choose(g, ANA, "3WA")
    policy = asked(g).bot_policy
    assert policy is not None and policy(g, 0.5) == "2"


@pytest.mark.parametrize("players", range(3, 9))
def test_all_bot_games_end_with_every_card_counted(players: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision has a bot policy whose answers the decision accepts, so an all-bot table
    never stalls; the winner holds every card still in play, the removed ones counted."""
    decisions: list[Decision] = []
    real_ask = Game.ask

    def ask(self: Game, decision: Decision) -> None:
        decisions.append(decision)
        policy = decision.bot_policy
        assert policy is not None, decision.prompt
        for u in (0.0, 0.3, 0.5, 0.7, 0.999):
            assert decision.accepts(policy(self, u)), decision.prompt
        real_ask(self, decision)

    monkeypatch.setattr(Game, "ask", ask)
    for seed in range(3):
        g = Game("kurs", players, seed=seed)
        Match(g, make_bots(g, "normal")).run(max_cards=20_000)
        assert g.outcome is not None and g.outcome.status == "win"
        assert len(g.all_cards()) == g.total == 78
        winner = g.outcome.winner
        assert winner is not None
        assert len(g.hands[winner]) + len(g.removed) == g.total
        assert only(g.events, GameOver).every
        assert all(e.action != "choice" for e in of(g.events, Ignored))
    assert decisions


# --- records ----------------------------------------------------------------------------------


def recorded_game() -> Game:
    """A decree typed, a fine, and a Hermit hand-out, at explicit times."""
    g = game("M5 2CU 3CU M10 4CU", "5WA 6WA 7WA 8WA 9WA", "2SW 3SW 4SW 5SW 6SW")
    g.flip(ANA, 100)
    g.choose(ANA, 200, "Thank the dealer\nby name!")
    g.flip(BEN, 300)
    g.act(ANA, 400, "fine", "3")
    for t, seat in ((500, CLEO), (600, ANA), (700, BEN), (800, CLEO), (900, ANA), (1000, BEN),
                    (1100, CLEO)):
        g.flip(seat, t)
    g.flip(ANA, 1200)  # the Hermit
    for t, option in ((1300, "6SW"), (1400, "2"), (1500, "8WA"), (1600, "3"), (1700, "2")):
        g.choose(ANA, t, option)
    return g


def test_a_game_with_a_decree_a_fine_and_the_hermit_replays_identically() -> None:
    g = recorded_game()
    texts = [e.explain(g.names) for e in g.events]
    assert "The Emperor: Ana decrees: \u201cThank the dealer by name!\u201d Anyone who breaks " \
           "it may be fined a card by Ana." in texts
    assert "The Emperor: Ana fines Cleo a card for breaking the decree \u201cThank the dealer " \
           "by name!\u201d" in texts
    assert "The Hermit: Ana has handed out every card: Ben 2, Cleo 1." in texts
    assert hands(g) == ["4CU 2SW", "6SW 9WA", "8WA"] and g.turn == BEN
    record = record_of(g)
    assert [200, ANA, "choose", "Thank the dealer\nby name!"] in record["actions"]
    assert [400, ANA, "fine", "3"] in record["actions"]
    again = replay(dumps(g))
    assert record_of(again) == record
    assert hands(again) == hands(g) and pile(again) == pile(g)
    assert [e.explain(again.names) for e in again.events] == texts
    court, court_again = court_of(g), court_of(again)
    assert court is not None and court_again is not None
    assert court_again.decrees == court.decrees


def test_a_game_with_judgement_replays_its_shuffle() -> None:
    g = game("2CU M21", "3WA M13 4WA 7WA", "5SW 6SW 8SW")
    flips(g, ANA, BEN, CLEO, ANA)
    again = replay(dumps(g))
    assert hands(again) == hands(g) and codes(again.removed) == "M21 M13"


def test_a_record_with_an_unknown_action_is_refused() -> None:
    record = record_of(recorded_game())
    record["actions"][3] = [400, ANA, "tax", "3"]
    with pytest.raises(RecordError) as info:
        replay(record)
    assert str(info.value) == ("action 4: 'tax' is not an action; actions are flip, slap, "
                               "choose, tick, fine")
