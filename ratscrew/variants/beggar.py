"""Beggar-My-Neighbour: the same challenges, no slaps, and a player out of cards is out."""

from ratscrew.core.options import Rules
from ratscrew.core.variant import Variant, register

BEGGAR_MY_NEIGHBOUR = register(Variant(
    name="beggar-my-neighbour",
    title="Beggar-My-Neighbour",
    summary="No slaps and no skill: J/Q/K/A must be paid with 1/2/3/4 cards; whoever runs out "
    "of cards when they must play or pay is out. The last player with cards wins.",
    aliases=("bmn", "beggar", "strip-jack-naked"),
    rules=Rules(slaps=(), empty_hand="forfeit", collect="immediate"),
    slapping=False,
    order=10,
))
