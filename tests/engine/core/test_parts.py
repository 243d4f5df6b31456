"""The game's parts on their own: the pile, the penalties, the challenge.

The engine's tests play them through whole games; these hold each part to what it promises
the engine, the variants and the page.
"""

from __future__ import annotations

from collections import deque

from ratscrew.core.cards import cards, codes
from ratscrew.core.challenge import Challenge, challenge_table
from ratscrew.core.engine import Game
from ratscrew.core.options import Rules
from ratscrew.core.penalties import Penalties
from ratscrew.core.pile import COVERED, DEAD, LIVE, PENALTY, Pile
from ratscrew.core.slaps import SLAP_RULES, find_match
from tests.helpers import flips

DOUBLE, CHIMNEY = SLAP_RULES["double"], SLAP_RULES["chimney"]


def test_the_pile_reads_as_its_cards_bottom_first() -> None:
    g = Game("classic", 2, hands=[cards("2S 6D 9H"), cards("4H 8C 3C")])
    flips(g, 0, 1, 0)
    pile = g.pile
    assert codes(pile) == "2S 4H 6D" and list(pile) == pile.cards
    assert len(pile) == 3 and pile[-1].code == "6D" and codes(pile[:2]) == "2S 4H"
    assert cards("4H")[0] in pile and cards("9H")[0] not in pile
    assert pile.index(cards("4H")[0]) == 1


def test_the_pile_is_what_the_slap_rules_see() -> None:
    """Its match is the catalogue's answer for its live cards, read with the pile as the
    rules' context (the chimney reads the card burned under it)."""
    pile = Pile((DOUBLE, CHIMNEY))
    pile.burn(cards("7S"), bottom=True)
    for seat, card in enumerate(cards("3H 9D 7C")):
        pile.lay(seat, card)
        pile.rematch()
    assert pile.kinds == [PENALTY, LIVE, LIVE, LIVE] and pile.under == cards("7S")[0]
    assert pile.match == find_match(pile.live, (DOUBLE, CHIMNEY), pile)
    assert pile.match is not None and pile.match[0] is CHIMNEY
    assert codes(pile.match_cards()) == "7S 7C" and pile.slappable


def test_dead_cards_on_top_leave_nothing_to_slap() -> None:
    pile = Pile((DOUBLE,))
    for card in cards("5H 5D"):
        pile.lay(0, card)
    pile.rematch()
    assert pile.slappable
    pile.lay_dead(cards("9S")[0])
    assert pile.kinds[-1] == DEAD and not pile.slappable
    pile.burn(cards("2C 3C"), bottom=False)
    assert pile.kinds[-2:] == [DEAD, DEAD] and not pile.slappable


def test_taking_away_a_covering_card_shows_the_card_under_it() -> None:
    """K.U.R.S.: Death leaves the pile; the card the Tower covered under it shows, and slap
    rules see it."""
    pile = Pile((DOUBLE,))
    pile.lay(0, cards("8S")[0])
    pile.cover(1, cards("8H")[0])
    pile.lay(1, cards("M13")[0])
    pile.rematch()
    assert pile.kinds == [LIVE, COVERED, LIVE] and not pile.slappable
    pile.remove(cards("M13")[0])
    assert pile.kinds == [LIVE, LIVE] and codes(pile.live) == "8S 8H" and pile.slappable


def test_a_cleared_pile_gives_its_cards_and_forgets_its_match() -> None:
    pile = Pile((DOUBLE,))
    for card in cards("5H 5D"):
        pile.lay(0, card)
    pile.rematch()
    pile.counting_n = 2
    taken = pile.clear()
    assert codes(taken) == "5H 5D" and not pile and pile.match is None
    assert (pile.kinds, pile.live, pile.counting_n) == ([], [], 0)


def test_a_lockout_counts_down_with_the_flips_and_then_ends() -> None:
    penalties = Penalties(3, Rules(penalty="lockout", penalty_count=2))
    said = penalties.wrong_slap(1, deque(cards("4D")), Pile(()), 500, "", False)
    assert (said.penalty, said.flips) == ("lockout", 2) and penalties.locked == 1
    assert str(penalties.refused(1)) == "locked out for 2 more flips" and not penalties.refused(0)
    penalties.tick()
    assert str(penalties.refused(1)) == "locked out for 1 more flip"
    penalties.tick()
    assert penalties.lockout == [0, 0, 0] and penalties.locked == 0 and not penalties.refused(1)


def test_strikes_bar_a_cardless_slapper_at_the_limit() -> None:
    penalties = Penalties(2, Rules(strikes=2))
    first = penalties.wrong_slap(0, deque(), Pile(()), 0, "", False)
    second = penalties.wrong_slap(0, deque(), Pile(()), 1, "", False)
    assert (first.penalty, first.strikes) == ("strike", 1)
    assert (second.penalty, second.strikes) == ("barred", 2)
    assert penalties.barred == [True, False] and penalties.any_barred


def test_a_burned_hand_may_slap_again_once_the_pile_is_taken() -> None:
    penalties = Penalties(2, Rules(cardless_penalty="burn"))
    assert penalties.wrong_slap(1, deque(), Pile(()), 0, "", False).penalty == "burn"
    assert "burned" in str(penalties.refused(1))
    penalties.pile_taken()
    assert not penalties.refused(1)


def test_cards_burned_for_a_wrong_slap_leave_the_hand_for_the_pile() -> None:
    hand = deque(cards("JS 4C 9D"))
    pile = Pile(())
    said = Penalties(2, Rules(penalty_count=2)).wrong_slap(0, hand, pile, 0, "", False)
    assert codes(said.burned) == "JS 4C" and codes(hand) == "9D"
    assert codes(pile) == "4C JS" and pile.kinds == [PENALTY, PENALTY]


def test_a_challenge_ends_with_its_claim() -> None:
    table = challenge_table(Rules(), cards("JS 4C AD"))
    assert {c.code: n for c, n in table.items()} == {"JS": 1, "AD": 4}
    challenge = Challenge(table)
    challenge.challenger, challenge.chances, challenge.paid = 0, 3, 1
    challenge.claim(0, "challenge", 1, "", 1500)
    challenge.end()
    assert (challenge.challenger, challenge.chances, challenge.paid) == (-1, 0, 0)
    assert (challenge.claimant, challenge.collect_at) == (-1, -1)
