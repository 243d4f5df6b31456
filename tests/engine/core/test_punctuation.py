"""No sentence of a game doubles its punctuation: every event's sentence of a few hundred games
of every variant, with a random value for every option (the property tests' generator,
:func:`ratscrew.tools.audit.random_table`), random names (some ending in punctuation of their
own: "Dr.", "Ann!", "Cleo,") and random controls (each seat a keyboard, a touch screen, a
phone or a bot).

A stop followed by another ("..", "!.", "'card'.\u201d."), a comma, colon or semicolon before a
full stop, a space before a punctuation mark: never (an ellipsis is the one character
"\u2026"). A stop or a comma followed by a comma, colon or semicolon: never either, but for a
name's own last character ("Dr., Ann and Ben did not burn in time" is right).
"""

from __future__ import annotations

import random
import re

import pytest

from ratscrew.core.engine import Game
from ratscrew.core.events import DEVICES, Controls
from ratscrew.play.match import Match, make_bots
from ratscrew.tools.audit import random_table
from ratscrew.variants import VARIANTS

GAMES = 200
"""Games of each variant."""
MAX_CARDS = 300
"""Each game's card cap (the match driver's action cap comes with it)."""

NAMES = ("Ada", "Ben", "Dr.", "Mr. K.", "Ann!", "Bob?", "Cleo,", "Dev:", "Eve;", "Flo\u2026",
         "Gus (2)", "\u201cHal\u201d", "O'Neil", "Zoe")
"""Names players type: some end in a stop, a comma, a colon or a bracket of their own."""

QUOTES = re.compile("[\"'\u2018\u2019\u201c\u201d]")
ALWAYS_WRONG = re.compile(r"\.\.|[,;:!?\u2026]\.|\s[.,;:!?]")
"""Wrong wherever they are, names or not (quotes set aside: "'card'.\u201d." is "card..")."""
WRONG_BUT_IN_A_NAME = re.compile(r"[.!?\u2026,;:][,;:]")
"""Wrong unless the first mark ends a player's name."""


def problems(text: str, names: list[str]) -> list[str]:
    """What is wrong with the punctuation of ``text``, whose players are ``names``."""
    plain = QUOTES.sub("", text)
    found = [m.group(0) for m in ALWAYS_WRONG.finditer(plain)]
    masked = text
    for name in sorted(names, key=len, reverse=True):
        masked = masked.replace(name, "NAME")
    found += [m.group(0) for m in WRONG_BUT_IN_A_NAME.finditer(QUOTES.sub("", masked))]
    return found


def test_the_checker_finds_what_it_is_for() -> None:
    names = ["Dr.", "Ann"]
    assert problems("Ann flips 7H.", names) == []
    assert problems("Dr., Ann did not burn in time.", names) == []
    assert problems("a card by Dr..", names) == [".."]
    assert problems("the decree \u201cSay 'card'.\u201d.", names) == [".."]
    assert problems("Ann wins. , then", names) == [" ,"]
    assert problems("the card., then", names) == [".,"]


@pytest.mark.parametrize("variant_name", sorted(VARIANTS))
def test_no_sentence_doubles_its_punctuation(variant_name: str) -> None:
    rng = random.Random(f"punctuation {variant_name}")
    for _ in range(GAMES):
        table = random_table(rng, variant_name)
        names = rng.sample(NAMES, table.players)
        controls = Controls(tuple(rng.choice(("", *DEVICES)) for _ in range(table.players)))
        game = Game(table.variant, table.players, seed=table.seed, options=table.options,
                    names=names)
        Match(game, make_bots(game, table.difficulty)).run(MAX_CARDS)
        for event in game.events:
            for said in (event.explain(names, controls), event.explain()):
                wrong = problems(said, names)
                assert not wrong, (f"{wrong} in {said!r}\n(names {names}, {controls}, "
                                   f"python -m ratscrew {table.command(MAX_CARDS)})")
