"""House rules as data.

:class:`Rules` is a frozen value: a variant supplies one, a player's choices replace some of its
fields, and the result can be printed, compared, stored in a record or a link, and validated.
Every field has an :class:`OptionSpec` with a one-line description, which the CLI and the page
show as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ratscrew.core.cards import RANK_CODES
from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES


class OptionsError(ValueError):
    """An option name or value that the rules do not allow."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    variants: tuple[str, ...] = ()
    """The variants that read this option (empty: all of them)."""

    def applies_to(self, variant: str) -> bool:
        return not self.variants or variant in self.variants


JOKER_VARIANTS = ("classic", "beggar-my-neighbour", "slap-like-an-egyptian", "firefighters")
"""The variants played with standard packs, to which jokers may be added."""

CHALLENGE_KEYS = (*(RANK_CODES[r] for r in sorted(RANK_CODES)), "RJ", "BJ")

OPTION_SPECS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("slaps", "Slap rules in play, by name (see the slap rules list)."),
        OptionSpec("challenge", "Chances each challenging card gives, e.g. J=1 Q=2 K=3 A=4."),
        OptionSpec("direction", "Direction of play.", ("clockwise", "counterclockwise")),
        OptionSpec("decks", "Packs shuffled together: standard 52-card packs (78-card Tarot "
                   "packs for K.U.R.S.).", minimum=1, maximum=8),
        OptionSpec("jokers", "Jokers added to the pack (red and black alternately).",
                   minimum=0, maximum=16, variants=JOKER_VARIANTS),
        OptionSpec("dealer", "Seat of the dealer, 0 for player 1 (-1: the seat before player 1, "
                   "so player 1 leads); the next seat in the direction of play leads.",
                   minimum=-1, maximum=7),
        OptionSpec("penalty", "What a wrong slap costs a player who has cards: cards burned, "
                   "a lockout from slapping, nothing, or missing their next turns (000).",
                   ("cards", "lockout", "none", "miss-turn")),
        OptionSpec("penalty_count", "Cards burned, flips locked out, or turns missed, for a "
                   "wrong slap.", minimum=1, maximum=10),
        OptionSpec("penalty_place", "Where burned cards go: face up under the pile, or on top "
                   "as dead cards that no slap can use.", ("bottom", "top")),
        OptionSpec("cardless_penalty", "Wrong slaps by players with no cards: strikes (out of "
                   "the game at the limit), barred at the first, nothing, or they burn their "
                   "hand (004: no slapping until the pile is next taken).",
                   ("strikes", "barred", "none", "burn")),
        OptionSpec("strikes", "Strikes that bar a cardless player from slapping in.",
                   minimum=1, maximum=10),
        OptionSpec("exhausted", "A challenged player runs out of cards: the pile goes to the "
                   "challenger, or the next player continues with the chances left.",
                   ("challenger", "continue")),
        OptionSpec("empty_hand", "Players with no cards: skipped until they slap back in, or "
                   "out of the game when their turn comes (Beggar-My-Neighbour).",
                   ("skip", "forfeit")),
        OptionSpec("collect", "A won challenge: the challenger claims the pile with their flip "
                   "key (the last card can still be slapped), or takes it at once.",
                   ("claim", "immediate")),
        OptionSpec("next_leader", "Who starts after a won challenge: the challenger who took "
                   "the pile, or the player who failed the challenge; or, after every pile, "
                   "the right-hand neighbour of whoever took it (Firefighters).",
                   ("winner", "failed", "right")),
        OptionSpec("grace_ms", "A slap this many milliseconds after someone else won the pile "
                   "is ignored, not punished.", minimum=0, maximum=2000),
        OptionSpec("run_wrap", "Runs may go round the corner through the Ace (K-A-2)."),
        OptionSpec("same_as_first_match", "What a card must share with the pile's first card "
                   "for the same-as-first slap.", ("rank", "colour", "suit")),
        OptionSpec("ending", "When the game ends: as soon as one player holds every card; after "
                   "they flip a few last-chance cards (Wikipedia); or once they play on to a "
                   "face card (K.U.R.S.).", ("standard", "last-chance", "until-face")),
        OptionSpec("last_chance_flips", "Cards flipped for the last chance.",
                   minimum=1, maximum=10),
        OptionSpec("out_of_turn", "A flip out of turn: refused, played as a dead card that "
                   "no slap can use, or charged the wrong-slap penalty (004).",
                   ("ignore", "dead", "penalty")),
        OptionSpec("risk_slap", "A slap on the final card of a challenge (the last chance, "
                   "before the pile is collected) costs nothing when wrong (004's risk slap)."),
        OptionSpec("joker_split", "Red and black jokers differ (004): the red joker can be "
                   "slapped at once, the black joker challenges with 13 chances.",
                   variants=JOKER_VARIANTS),
        OptionSpec("answer_face", "A face card laid to answer a challenge: it challenges the "
                   "next player in turn (classic), or it only ends the challenge and play goes "
                   "on (Firefighters' second firefighter).", ("challenges", "ends")),
        OptionSpec("slap_a_roonie", "Slap-A-Roonie: after every slap that wins a pile the red "
                   "and wood dice say which hand, and from where, the next slap must come.",
                   variants=("slap-like-an-egyptian",)),
        OptionSpec("burn_ms", "Milliseconds players have to burn a card once a burn condition "
                   "is met; whoever has not burned by then sits the contest out.",
                   minimum=500, maximum=30000, variants=("firefighters",)),
        OptionSpec("burn_aces", "An ace in a burn contest: worth 1 (as in Unlucky 13), or 14.",
                   ("low", "high"), variants=("firefighters",)),
        OptionSpec("fire_wait", "Piles a player who runs out of cards must see taken (after the "
                   "one they ran out in) before they may put out a fire.",
                   minimum=0, maximum=5, variants=("firefighters",)),
        OptionSpec("death_card", "The Death card is in the deck (left out by default with two "
                   "players, where it ends the game at once).", variants=("kurs",)),
        OptionSpec("classroom", "Classroom-safe wording: the Lovers ask for a high five, not a "
                   "kiss, and the Moon only gives cards.", variants=("kurs",)),
        OptionSpec("decree_yields", "A decree gives way to the Major Arcana: no fines while an "
                   "Arcana card's effect plays out (until the next card is laid).",
                   variants=("kurs",)),
        OptionSpec("sunrise", "The Sun: the hour (0-23, local time) from which it is day.",
                   minimum=0, maximum=23, variants=("kurs",)),
        OptionSpec("sunset", "The Sun: the hour (1-24, local time) from which it is night.",
                   minimum=1, maximum=24, variants=("kurs",)),
        OptionSpec("clock", "The local time the game started, in minutes after midnight (the "
                   "page and the CLI read it from the clock); the Sun adds the game's time.",
                   minimum=0, maximum=1439, variants=("kurs",)),
        OptionSpec("genders", "For the Magician (male) and the High Priestess (female): each "
                   "seat's answer, in seat order, or - to leave a seat unset (not affected).",
                   variants=("kurs",)),
    )
}

GENDERS = ("", "male", "female")
"""What a seat may say for the Magician and the High Priestess ("": unset)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule choice of a game. Defaults are classic Egyptian Rat Screw."""

    slaps: tuple[str, ...] = CLASSIC_SLAPS
    challenge: tuple[tuple[str, int], ...] = (("J", 1), ("Q", 2), ("K", 3), ("A", 4))
    direction: str = "clockwise"
    decks: int = 1
    jokers: int = 0
    dealer: int = -1
    penalty: str = "cards"
    penalty_count: int = 1
    penalty_place: str = "bottom"
    cardless_penalty: str = "strikes"
    strikes: int = 3
    exhausted: str = "challenger"
    empty_hand: str = "skip"
    collect: str = "claim"
    next_leader: str = "winner"
    grace_ms: int = 150
    run_wrap: bool = False
    same_as_first_match: str = "colour"
    ending: str = "standard"
    last_chance_flips: int = 3
    out_of_turn: str = "ignore"
    risk_slap: bool = False
    joker_split: bool = False
    answer_face: str = "challenges"
    slap_a_roonie: bool = True
    burn_ms: int = 4000
    burn_aces: str = "low"
    fire_wait: int = 1
    death_card: bool = True
    classroom: bool = True
    decree_yields: bool = True
    sunrise: int = 6
    sunset: int = 18
    clock: int = 720
    genders: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    def with_options(self, changes: Mapping[str, Any]) -> Rules:
        """A copy with some options changed; values may be given as JSON would give them."""
        unknown = sorted(set(changes) - set(OPTION_SPECS))
        if unknown:
            raise OptionsError(
                f"unknown option {unknown[0]!r}; options are: {', '.join(OPTION_SPECS)}"
            )
        return replace(self, **{k: _coerce(k, v) for k, v in changes.items()})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (the inverse of ``Rules().with_options``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "slaps":
                value = list(value)
            elif f.name == "challenge":
                value = dict(value)
            elif f.name == "genders":
                value = list(value)
            out[f.name] = value
        return out

    def diff(self, base: Rules) -> dict[str, Any]:
        """The options whose values differ from ``base``, JSON-ready."""
        mine, theirs = self.to_dict(), base.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    @property
    def clockwise(self) -> bool:
        return self.direction == "clockwise"


def _coerce(name: str, value: Any) -> Any:
    if name == "genders":
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple):
            raise OptionsError("genders must list male, female or - for each seat")
        short = {"m": "male", "f": "female", "-": "", "": ""}
        return tuple(short.get(str(v).strip().lower(), str(v).strip().lower()) for v in value)
    if name == "slaps":
        if isinstance(value, str):
            value = [s for s in value.replace(",", " ").split() if s]
        if not isinstance(value, list | tuple):
            raise OptionsError("slaps must be a list of slap rule names")
        return tuple(value)
    if name == "challenge":
        if isinstance(value, str):
            value = [_challenge_pair(p) for p in value.replace(",", " ").split()]
        if isinstance(value, Mapping):
            value = tuple(value.items())
        if not isinstance(value, list | tuple) or not all(
            isinstance(p, list | tuple) and len(p) == 2 for p in value
        ):
            raise OptionsError("challenge must map card ranks to chances, e.g. J=1 Q=2 K=3 A=4")
        pairs = [(str(k).upper(), v) for k, v in value]
        order = {key: i for i, key in enumerate(CHALLENGE_KEYS)}
        return tuple(sorted(pairs, key=lambda p: order.get(p[0], len(order))))
    return value


def _challenge_pair(text: str) -> tuple[str, Any]:
    key, sep, chances = text.replace(":", "=").partition("=")
    chances = chances.strip()
    if not sep or not (chances.isascii() and chances.isdigit() and len(chances) <= 3):
        raise OptionsError(f"challenge takes RANK=CHANCES pairs such as J=1 Q=2, not {text!r}")
    return key.strip(), int(chances)


def _check(name: str, value: Any) -> None:
    spec = OPTION_SPECS[name]
    if name == "slaps":
        if not isinstance(value, tuple) or not all(isinstance(s, str) for s in value):
            raise OptionsError("slaps must be a list of slap rule names")
        for s in value:
            if s not in SLAP_RULES:
                raise OptionsError(
                    f"unknown slap rule {s!r}; slap rules are: {', '.join(SLAP_RULES)}"
                )
        twice = sorted({s for s in value if value.count(s) > 1})
        if twice:
            raise OptionsError(f"slap rule {twice[0]!r} is listed twice")
    elif name == "challenge":
        if not isinstance(value, tuple):
            raise OptionsError("challenge must map card ranks to chances")
        seen = set()
        for pair in value:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise OptionsError("challenge must map card ranks to chances")
            key, chances = pair
            if key not in CHALLENGE_KEYS:
                raise OptionsError(
                    f"challenge: {key!r} is not a rank; use one of {', '.join(CHALLENGE_KEYS)}"
                )
            if type(chances) is not int or not 1 <= chances <= 13:
                raise OptionsError(f"challenge: chances for {key} must be a number from 1 to 13")
            if key in seen:
                raise OptionsError(f"challenge: {key} is listed twice")
            seen.add(key)
    elif name == "genders":
        if not isinstance(value, tuple) or len(value) > 8:
            raise OptionsError("genders lists at most 8 seats")
        for v in value:
            if v not in GENDERS:
                raise OptionsError(f"genders: {v!r} is not male, female or - (unset)")
    elif spec.choices:
        if value not in spec.choices:
            raise OptionsError(f"{name} must be one of: {', '.join(spec.choices)} (not {value!r})")
    elif spec.maximum:
        if type(value) is not int or not spec.minimum <= value <= spec.maximum:
            raise OptionsError(
                f"{name} must be a whole number from {spec.minimum} to {spec.maximum}"
            )
    elif type(value) is not bool:
        raise OptionsError(f"{name} must be true or false")
