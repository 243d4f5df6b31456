"""What the table shows of the variants' own state, worked out by their web parts, and where
the seats sit, without a browser."""

from __future__ import annotations

import pytest

from ratscrew.core.cards import cards
from ratscrew.core.engine import Game
from ratscrew.variants.firefighters import BurnWon, burn_pile
from ratscrew.variants.slae import Dice
from web.model.keymap import choice_step
from web.model.seating import REGIONS, longest_word, seat_layout, seat_regions
from web.table.parts.firefighters import burn_marks, burn_pile_of, contest_of, result_of
from web.table.parts.slae import dice_faces, dice_marks, red_face, wood_face

NAMES = ("Ada", "Ben")


def test_the_dice_faces() -> None:
    assert red_face(Dice(red="right", wood="ear", hand="right", part="ear")).symbol == "R"
    assert red_face(Dice(red="either", hand="either")).label == "either hand"
    rat = Dice(red="rat", wood="rat", hand="", part="", caller=1)
    face = red_face(rat, NAMES)
    assert (face.symbol, face.rat, face.calling) == ("RAT", True, True)
    assert face.label == "Ben is choosing the hand…"
    assert wood_face(rat, NAMES).label == "Ben will choose where to start…"
    rat.hand = "left"
    assert red_face(rat, NAMES).symbol == "L"
    assert red_face(rat, NAMES).label == "Rat: Ben called left hand"
    assert wood_face(rat, NAMES).calling
    rat.part = "knee"
    assert wood_face(rat, NAMES).symbol == "knee"


def test_dice_only_in_slap_like_an_egyptian() -> None:
    assert dice_faces(Game("classic", 2, seed=1)) is None
    faces = dice_faces(Game("slap-like-an-egyptian", 2, seed=1))
    assert faces is not None and all(f.symbol for f in faces)


def test_a_burn_contest_and_its_result() -> None:
    hands = [cards("5C 9S 2H 3H"), cards("5D 8D 4H 6H")]
    game = Game("firefighters", 2, hands=hands, names=NAMES)
    assert contest_of(game) is None
    game.flip(0, 100)
    game.flip(1, 200)  # a Matchbox: 5 5
    contest = contest_of(game, ("5C", "5D"))
    assert contest is not None
    assert (contest.condition, contest.waiting, contest.burns) == ("Matchbox", (0, 1), ())
    game.slap(1, 300)  # Ben burns 8D first: 8 + 2 = 10
    contest = contest_of(game)
    assert contest is not None and contest.waiting == (0,)
    assert contest.burns[0].sum == "8 + 2 = 10"
    assert burn_marks(game, 0) == (("burn", "burn a card!"),)
    assert burn_marks(game, 1) == (("burned", "burned"),)
    events = game.slap(0, 400)  # Ada burns 9S: 9, and loses to the +2
    won = next(e for e in events if isinstance(e, BurnWon))
    result = result_of(won)
    assert (result.winner, result.bonus_decided, result.tie) == (1, True, False)
    assert [b.sum for b in result.burns] == ["8 + 2 = 10", "9"]
    pile = burn_pile_of(game)
    assert pile is not None and (pile.count, pile.top, pile.fire) == (2, "9S", False)


def test_the_bonus_did_not_decide_a_clear_win() -> None:
    won = BurnWon(0, 0, ((0, cards("KS")[0], 15), (1, cards("2H")[0], 2)))
    assert not result_of(won).bonus_decided


def test_a_cardless_player_may_put_out_a_fire() -> None:
    hands = [cards("5C"), cards("5D 8D"), cards("2C 3C 4C")]
    game = Game("firefighters", 3, hands=hands, options={"fire_wait": 0})
    assert burn_pile_of(Game("classic", 2, seed=1)) is None
    game.flip(0, 100)  # Ada's last card
    game.flip(1, 200)  # Matchbox: Ben and Cleo burn, Ada has nothing to burn
    assert burn_marks(game, 0) == ()
    game.slap(1, 300)
    game.slap(2, 400)
    assert game.phase is None and game.tricks == 1 and not game.hands[0]
    pile = burn_pile_of(game)
    assert pile is not None and not pile.fire
    assert burn_marks(game, 0) == ()  # no fire to put out
    burn_pile(game).append(cards("KH")[0])  # a firefighter on top of the Burn pile
    pile = burn_pile_of(game)
    assert pile is not None and pile.fire and pile.top == "KH"
    assert burn_marks(game, 0) == (("put-out", "may put out the fire: slap!"),)
    assert burn_marks(game, 2) == ()  # Cleo has cards
    game.slap(2, 1000)  # Cleo misfires her last two cards: Ben alone has cards, and has won
    assert not game.hands[2] and game.challenge.claimant == 1
    assert burn_marks(game, 0) == ()  # the fire can no longer be put out


@pytest.mark.parametrize(
    ("index", "action", "expected"),
    [
        (0, "slap-left", (2, False)),
        (2, "slap-right", (0, False)),
        (1, "slap", (2, False)),
        (1, "flip", (1, True)),
        (4, "flip", (1, True)),
        (1, "dance", (1, False)),
    ],
)
def test_choice_keys(index: int, action: str, expected: tuple[int, bool]) -> None:
    assert choice_step(index, action, 3) == expected
    assert choice_step(index, action, 0) == (0, False)


def test_the_black_die_is_worn_by_its_holder() -> None:
    game = Game("slap-like-an-egyptian", 2, seed=1)
    assert dice_marks(Game("classic", 2, seed=1), 0) == ()
    for seat in range(2):
        assert burn_marks(game, seat) == ()
        assert burn_marks(game, seat) == ()


# --------------------------------------------------------------------------- places at the table

LAYOUTS = {
    # players: the seats of each region in order of play (the left column bottom to top)
    2: {"bottom": [0], "top": [1]},
    3: {"bottom": [0], "top": [1, 2]},
    4: {"bottom": [0], "left": [1], "top": [2], "right": [3]},
    5: {"bottom": [0], "left": [1], "top": [2, 3], "right": [4]},
    6: {"bottom": [0], "left": [1], "top": [2, 3, 4], "right": [5]},
    7: {"bottom": [0], "left": [1, 2], "top": [3, 4], "right": [5, 6]},
    8: {"bottom": [0], "left": [1, 2], "top": [3, 4, 5], "right": [6, 7]},
}


@pytest.mark.parametrize("players", range(2, 9))
def test_every_seat_is_placed_once(players: int) -> None:
    regions = seat_regions(players)
    assert set(regions) == set(REGIONS)
    placed = [seat for seats in regions.values() for seat in seats]
    assert sorted(placed) == list(range(players))
    for region, seats in regions.items():
        for order, seat in enumerate(seats):
            assert seat_layout(seat, players) == (region, order)


@pytest.mark.parametrize("players", range(2, 9))
def test_play_goes_clockwise_from_the_bottom(players: int) -> None:
    expected = LAYOUTS[players]
    regions = seat_regions(players)
    for region in REGIONS:
        in_play_order = expected.get(region, [])
        # The left column is shown top first: against the order of play, which goes up it.
        shown = in_play_order[::-1] if region == "left" else in_play_order
        assert list(regions[region]) == shown, region
    # Round the table clockwise (bottom, up the left, along the top, down the right), the
    # seats come in the order of play.
    clockwise = [
        *regions["bottom"], *reversed(regions["left"]), *regions["top"], *regions["right"]
    ]
    assert clockwise == list(range(players))


PROJECTOR_LAYOUTS = {
    2: {"bottom": [0], "top": [1]},
    3: {"bottom": [0], "left": [1], "right": [2]},
    4: {"bottom": [0], "left": [1], "top": [2], "right": [3]},
    5: {"bottom": [0], "left": [1, 2], "right": [3, 4]},
    6: {"bottom": [0], "left": [1, 2], "top": [3], "right": [4, 5]},
    7: {"bottom": [0], "left": [1, 2, 3], "right": [4, 5, 6]},
    8: {"bottom": [0], "left": [1, 2, 3], "top": [4], "right": [5, 6, 7]},
}
"""On the projector display, in order of play: the sides take all they can, the top one seat
at most (the centre keeps the height for the pile)."""


@pytest.mark.parametrize("players", range(2, 9))
def test_the_projector_display_seats_the_sides_first_and_keeps_play_clockwise(
        players: int) -> None:
    regions = seat_regions(players, projector=True)
    for region in REGIONS:
        in_play_order = PROJECTOR_LAYOUTS[players].get(region, [])
        shown = in_play_order[::-1] if region == "left" else in_play_order
        assert list(regions[region]) == shown, region
        for order, seat in enumerate(regions[region]):
            assert seat_layout(seat, players, projector=True) == (region, order)
    assert len(regions["top"]) <= 1
    clockwise = [
        *regions["bottom"], *reversed(regions["left"]), *regions["top"], *regions["right"]
    ]
    assert clockwise == list(range(players))


def test_seat_layout_examples_and_seats_not_at_the_table() -> None:
    assert seat_layout(0, 2) == ("bottom", 0)
    assert seat_layout(2, 7) == ("left", 0)  # seat 3 of 7 sits above seat 2
    assert seat_layout(1, 7) == ("left", 1)
    with pytest.raises(ValueError):
        seat_layout(2, 2)
    with pytest.raises(ValueError):
        seat_layout(-1, 4)
    with pytest.raises(ValueError):
        seat_regions(0)


def test_a_name_is_sized_by_its_longest_word() -> None:
    """A narrow seat shrinks a name by its longest word (pieces/seats.css's --word)."""
    assert longest_word("Bartholomewfitzgeraldine") == 24
    assert longest_word("Ann  de la Cruz-Montoya") == 12
    assert longest_word("") == 1
    assert longest_word("   ") == 1


def test_a_decrees_maker_may_fine_while_in_the_game() -> None:
    """The Emperor's fine, as the table's Fine buttons and a phone offer it."""
    from web.table.parts.kurs import fines

    # Seed 183: Ada's first card is the Emperor; she decrees.
    game = Game("kurs", 2, seed=183, names=NAMES)
    assert fines(game, 0) == ()
    game.flip(0, 100)
    game.choose(0, 200, "No humming")
    [offer] = fines(game, 0)
    assert (offer.kind, offer.options) == ("fine", (("1", "1 Ada"), ("2", "2 Ben")))
    assert fines(game, 1) == ()  # Ben made no decree
    game.out[0] = True  # as when Ada's hand runs out under forfeit
    assert fines(game, 0) == ()
