"""Sentences that name a key or a button say it as the table plays: a key on a keyboard table,
a button on a touch screen, the phone's button for a phone seat, and without controls (the
command line) a neutral wording true for every device. Each is a whole sentence of its own
(:class:`~ratscrew.core.events.Controls`, :class:`~ratscrew.core.events.Wording`).

Games are built from explicit hands (top card first); seat 0 leads and play goes clockwise.
"""

from __future__ import annotations

import json

import pytest

from ratscrew.core.cards import cards
from ratscrew.core.engine import Game
from ratscrew.core.events import (
    KEYS,
    PHONE,
    TOUCH,
    Controls,
    Ignored,
    Wording,
    WrongSlap,
    say,
    wording,
)
from ratscrew.i18n import msg
from ratscrew.variants.firefighters import BurnStarted
from ratscrew.variants.slae import dice_of
from tests.helpers import flips, only

NAMES = ["Ana", "Ben", "Cleo"]


def burn_contest() -> tuple[Game, BurnStarted]:
    """Firefighters: Ben's QH on Ana's QS is a Matchbox: all three burn."""
    g = Game("firefighters", 3, hands=[cards("QS KS 2S"), cards("QH 9H 2H"), cards("4D 2D")],
             names=NAMES)
    started = only(flips(g, 0, 1), BurnStarted)
    return g, started


BURN = ("Matchbox QS QH: burn! Everyone with cards burns one {}; the highest card takes the "
        "Play pile, and the first to burn adds 2.")


@pytest.mark.parametrize(("seats", "how"), [
    ((KEYS, KEYS, KEYS), "with their slap key"),
    ((TOUCH, TOUCH, TOUCH), "with their Slap button"),
    ((PHONE, PHONE, PHONE), "with the Slap button on their phone"),
    ((KEYS, "", ""), "with their slap key"),  # one person at the keyboard, two bots
    ((PHONE, KEYS, ""), "by slapping"),  # a mixed table: words true for all
    (("", "", ""), "by slapping"),  # all bots
])
def test_the_burn_contest_says_how_the_table_burns(seats: tuple[str, ...], how: str) -> None:
    _, started = burn_contest()
    assert started.explain(NAMES, Controls(seats)) == BURN.format(how)


def test_without_controls_the_burn_contest_is_said_for_any_device() -> None:
    _, started = burn_contest()
    assert started.explain(NAMES) == BURN.format("by slapping")
    assert "key" not in json.dumps(started.to_dict())


@pytest.mark.parametrize(("device", "why"), [
    (KEYS, "burn a card with your slap key"),
    (TOUCH, "burn a card with your Slap button"),
    (PHONE, "burn a card with the Slap button on your phone"),
    ("", "slap to burn a card"),
])
def test_a_flip_during_the_contest_is_told_how_to_burn(device: str, why: str) -> None:
    g, _ = burn_contest()
    refused = only(g.flip(2, g.t + 10), Ignored)
    assert refused.explain(NAMES, Controls(("", "", device))) == (
        f"Cleo's flip is ignored: a burn contest is on: {why}.")
    assert refused.to_dict()["reason"] == "a burn contest is on: slap to burn a card"


def slae_wrong_plain_slap() -> tuple[Game, WrongSlap]:
    """Slap Like an Egyptian: the red die says left hand, and Ben's slap names no hand (a
    record's plain slap)."""
    g = Game("slae", 3, hands=[cards("8S 2S 3S 4S"), cards("8H 2H 3H 4H"),
                                cards("5D 6D 9D 10D")], names=NAMES)
    assert g.pending is None
    dice = dice_of(g)
    assert dice is not None
    dice.red = dice.hand = "left"
    flips(g, 0, 1)
    assert g.slappable
    return g, only(g.slap(1, g.t + 300, ""), WrongSlap)


@pytest.mark.parametrize(("device", "why"), [
    (KEYS, "slap with your left-hand key"),
    (TOUCH, "slap with your Left button"),
    (PHONE, "slap with the Left button on your phone"),
    ("", "slap with the left hand"),
])
def test_the_die_says_which_slap_as_the_slapper_plays(device: str, why: str) -> None:
    _, mistake = slae_wrong_plain_slap()
    text = mistake.explain(NAMES, Controls(("", device, KEYS)))
    assert text == (f"Wrong slap (the red die says left hand: {why}): Ben burns 3 cards "
                    "(2H 3H 4H) under the pile.")


def test_the_die_sentence_names_the_slappers_own_device_at_a_mixed_table() -> None:
    _, mistake = slae_wrong_plain_slap()
    assert "your Left button" in mistake.explain(NAMES, Controls((KEYS, TOUCH, PHONE)))
    assert "on your phone" in mistake.explain(NAMES, Controls((TOUCH, PHONE, KEYS)))
    assert "with the left hand" in mistake.explain(NAMES)
    assert mistake.to_dict()["reason"] == "the red die says left hand: slap with the left hand"


def test_a_wording_is_whole_texts_with_named_placeholders() -> None:
    words = wording({"": "slap with the {hand} hand", KEYS: "press your {hand}-hand key"},
                    hand="right")
    assert isinstance(words, Wording)
    assert (words.say(), words.say(KEYS), words.say(TOUCH)) == (
        "slap with the right hand", "press your right-hand key", "slap with the right hand")
    assert str(words) == say(words) == "slap with the right hand"
    assert say(msg("plain words"), PHONE) == "plain words"
    with pytest.raises(ValueError):
        wording({KEYS: "no neutral text"})
    # A name with braces is a value, never read as a placeholder.
    assert wording({"": "{who} slaps"}, who="{hand}").say() == "{hand} slaps"


def test_controls_name_a_seats_device_and_the_device_a_group_shares() -> None:
    controls = Controls((KEYS, "", PHONE))
    assert [controls.of(s) for s in (0, 1, 2, 3, -1)] == [KEYS, "", PHONE, "", ""]
    assert controls.common([0, 1]) == KEYS
    assert controls.common() == ""
    assert Controls().common() == ""
