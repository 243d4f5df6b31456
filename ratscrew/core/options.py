"""House rules as data.

:class:`Rules` is a frozen value: a variant supplies one, a player's choices replace some of its
options, and the result can be printed, compared, stored in a record or a link, and validated.
Every option has an :class:`OptionSpec` with a one-line description, which the CLI and the page
show as they are.

The core's own options are the fields of :class:`Rules`. A variant declares its own options
(:attr:`ratscrew.core.variant.Variant.own_options`), registered with :func:`register_option`
when the variant is: a :class:`Rules` keeps their values in :attr:`Rules.extra` (only those
that differ from the option's default) and :meth:`Rules.option` reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Literal, get_args

from ratscrew.core.cards import RANK_CODES
from ratscrew.core.slaps import CLASSIC_SLAPS, SLAP_RULES, SlapName
from ratscrew.i18n import N_, t

# -- the core's rule choices, as types: each option's choices are its type's values ----------

Direction = Literal["clockwise", "counterclockwise"]
PenaltyKind = Literal["cards", "lockout", "none", "miss-turn"]
"""What a wrong slap costs a player who has cards."""
PenaltyPlace = Literal["bottom", "top"]
CardlessPenalty = Literal["strikes", "barred", "none", "burn"]
"""What a wrong slap costs a player who has no cards."""
Exhausted = Literal["challenger", "continue"]
EmptyHand = Literal["skip", "forfeit"]
Collect = Literal["claim", "immediate", "auto"]
NextLeader = Literal["winner", "failed", "right"]
SameAsFirst = Literal["rank", "colour", "suit"]
Ending = Literal["standard", "last-chance", "until-face"]
OutOfTurn = Literal["ignore", "dead", "penalty"]
AnswerFace = Literal["challenges", "ends"]


class OptionsError(ValueError):
    """An option name or value that the rules do not allow."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, what it does, and the values it takes. An option with
    ``choices`` takes one of them; with a ``maximum``, a whole number from ``minimum``;
    otherwise true or false. A ``per_seat`` option takes one of its ``choices`` for each seat
    (``""`` first among them: unset)."""

    name: str
    description: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    default: Any = None
    """A variant's own option's default (the core's options default to :class:`Rules`'
    fields)."""
    per_seat: bool = False
    """A value for each seat, in seat order (at most 8), given as a list or as text
    (``"m f - m"``: a choice's first letters do, ``-`` leaves a seat unset)."""
    local_time: bool = False
    """The local time at the start, in minutes after midnight: the page and the command line
    fill it from the clock, and a link never carries it."""
    owner: str = ""
    """The variant whose own option this is ("" for the core's)."""
    unit: str = ""
    """What a whole-number option counts, when it is a measure: ``ms`` (milliseconds, which
    the setup form shows in seconds)."""


CHALLENGE_KEYS = (*(RANK_CODES[r] for r in sorted(RANK_CODES)), "RJ", "BJ")

OPTION_SPECS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("slaps", N_("Slap rules in play, by name (see the slap rules list).")),
        # i18n: J=1 Q=2 K=3 A=4 is typed as it is: a card code, =, a number of chances.
        OptionSpec("challenge", N_("Chances each challenging card gives, e.g. J=1 Q=2 K=3 A=4.")),
        OptionSpec("direction", N_("Direction of play."), get_args(Direction)),
        OptionSpec("decks", N_("Packs shuffled together: standard 52-card packs (78-card packs "
                               "in a Tarot game)."), minimum=1, maximum=8),
        OptionSpec("jokers", N_("Jokers added to the pack (red and black alternately)."),
                   minimum=0, maximum=16),
        OptionSpec("dealer", N_("Seat of the dealer, 0 for player 1 (-1: the seat before "
                                "player 1, so player 1 leads); the next seat in the direction "
                                "of play leads."),
                   minimum=-1, maximum=7),
        OptionSpec("penalty", N_("What a wrong slap costs a player who has cards: cards burned, "
                                 "a lockout from slapping, nothing, or missing their next "
                                 "turns."),
                   get_args(PenaltyKind)),
        OptionSpec("penalty_count", N_("Cards burned, flips locked out, or turns missed, for a "
                                       "wrong slap."), minimum=1, maximum=10),
        OptionSpec("penalty_place", N_("Where burned cards go: face up under the pile, or on "
                                       "top as dead cards that no slap can use."),
                   get_args(PenaltyPlace)),
        OptionSpec("cardless_penalty", N_("Wrong slaps by players with no cards: strikes (out "
                                          "of the game at the limit), barred at the first, "
                                          "nothing, or they burn their hand (no slapping until "
                                          "the pile is next taken)."),
                   get_args(CardlessPenalty)),
        OptionSpec("strikes", N_("Strikes that bar a cardless player from slapping in."),
                   minimum=1, maximum=10),
        OptionSpec("exhausted", N_("A challenged player runs out of cards: the pile goes to the "
                                   "challenger, or the next player continues with the chances "
                                   "left."),
                   get_args(Exhausted)),
        OptionSpec("empty_hand", N_("Players with no cards: skipped until they slap back in, "
                                    "or out of the game when their turn comes "
                                    "(Beggar-My-Neighbour)."),
                   get_args(EmptyHand)),
        OptionSpec("collect", N_("How a won pile reaches its winner: with their flip (until "
                                 "then its last card can still be slapped), at once, or by "
                                 "itself after a short pause (in which its last card can still "
                                 "be slapped)."),
                   get_args(Collect)),
        OptionSpec("next_leader", N_("Who starts after a won challenge: the challenger who took "
                                     "the pile, or the player who failed the challenge; or, "
                                     "after every pile, the right-hand neighbour of whoever "
                                     "took it."),
                   get_args(NextLeader)),
        OptionSpec("grace_ms", N_("A slap this soon after someone else won the pile is ignored, "
                                  "not punished."), minimum=0, maximum=2000, unit="ms"),
        # i18n: K-A-2: King, Ace, 2 (the cards' codes).
        OptionSpec("run_wrap", N_("Runs may go round the corner through the Ace (K-A-2).")),
        OptionSpec("same_as_first_match", N_("What a card must share with the pile's first "
                                             "card for the same-as-first slap."),
                   get_args(SameAsFirst)),
        # i18n: Wikipedia and K.U.R.S. are the sources of these rules.
        OptionSpec("ending", N_("When the game ends: as soon as one player holds every card; "
                                "after they flip a few last-chance cards (Wikipedia); or once "
                                "they play on to a face card (K.U.R.S.)."), get_args(Ending)),
        OptionSpec("last_chance_flips", N_("Cards flipped for the last chance."),
                   minimum=1, maximum=10),
        OptionSpec("out_of_turn", N_("A flip out of turn: refused, played as a dead card that "
                                     "no slap can use, or charged the wrong-slap penalty."),
                   get_args(OutOfTurn)),
        OptionSpec("risk_slap", N_("A slap on the final card of a challenge (the last chance, "
                                   "before the pile is collected) costs nothing when wrong: a "
                                   "risk slap.")),
        OptionSpec("joker_split", N_("Red and black jokers differ: the red joker can be "
                                     "slapped at once, the black joker challenges with 13 "
                                     "chances.")),
        OptionSpec("answer_face", N_("A face card laid to answer a challenge: it challenges the "
                                     "next player in turn (classic), or it only ends the "
                                     "challenge and play goes on."), get_args(AnswerFace)),
    )
}

CORE_OPTIONS = frozenset(OPTION_SPECS)
"""The core's own options: the fields of :class:`Rules`."""


def register_option(spec: OptionSpec) -> OptionSpec:
    """Add a variant's own option (its ``owner`` set) to :data:`OPTION_SPECS`."""
    if not spec.owner:
        raise OptionsError(f"option {spec.name!r} must name the variant that owns it")
    known = OPTION_SPECS.get(spec.name)
    if known is not None and known != spec:
        raise OptionsError(f"option {spec.name!r} of {spec.owner!r} clashes with "
                           f"{known.owner or 'the core'}'s")
    OPTION_SPECS[spec.name] = spec
    return spec


def _discover() -> None:
    """Register the variants' own options (importing the variants registers them)."""
    from ratscrew.core.variant import discover

    discover()


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule choice of a game. Defaults are classic Egyptian Rat Screw; a variant's own
    options (:attr:`extra`) default to their specs' defaults.

    A choice's type lists its values (mypy holds code to them); the values a player gives
    are checked when a :class:`Rules` is made, against the same values (its spec's
    ``choices``)."""

    slaps: tuple[SlapName, ...] = CLASSIC_SLAPS
    challenge: tuple[tuple[str, int], ...] = (("J", 1), ("Q", 2), ("K", 3), ("A", 4))
    direction: Direction = "clockwise"
    decks: int = 1
    jokers: int = 0
    dealer: int = -1
    penalty: PenaltyKind = "cards"
    penalty_count: int = 1
    penalty_place: PenaltyPlace = "bottom"
    cardless_penalty: CardlessPenalty = "strikes"
    strikes: int = 3
    exhausted: Exhausted = "challenger"
    empty_hand: EmptyHand = "skip"
    collect: Collect = "claim"
    next_leader: NextLeader = "winner"
    grace_ms: int = 150
    run_wrap: bool = False
    same_as_first_match: SameAsFirst = "colour"
    ending: Ending = "standard"
    last_chance_flips: int = 3
    out_of_turn: OutOfTurn = "ignore"
    risk_slap: bool = False
    joker_split: bool = False
    answer_face: AnswerFace = "challenges"
    extra: tuple[tuple[str, Any], ...] = ()
    """The variants' own options that differ from their defaults, by name."""

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name != "extra":
                _check(f.name, getattr(self, f.name))
        kept: dict[str, Any] = {}
        for pair in self.extra:
            if not (isinstance(pair, tuple) and len(pair) == 2 and pair[0] in OPTION_SPECS
                    and pair[0] not in CORE_OPTIONS):
                raise OptionsError(f"not a variant's option: {pair!r}")
            name, value = pair
            _check(name, value)
            if value != OPTION_SPECS[name].default:
                kept[name] = value
        object.__setattr__(self, "extra", tuple(sorted(kept.items())))

    def option(self, name: str) -> Any:
        """The value of any option, the core's or a variant's own."""
        if name in CORE_OPTIONS:
            return getattr(self, name)
        for key, value in self.extra:
            if key == name:
                return value
        spec = OPTION_SPECS.get(name)
        if spec is None:
            _discover()
            spec = OPTION_SPECS.get(name)
            if spec is None:
                raise OptionsError(f"unknown option {name!r}")
        return spec.default

    def flag(self, name: str) -> bool:
        """A true-or-false option's value."""
        return bool(self.option(name))

    def number(self, name: str) -> int:
        """A whole-number option's value."""
        return int(self.option(name))

    def choice(self, name: str) -> str:
        """A choice option's value."""
        return str(self.option(name))

    def seat_choices(self, name: str) -> tuple[str, ...]:
        """A per-seat option's values, in seat order (``""``: unset)."""
        return tuple(self.option(name))

    def with_options(self, changes: Mapping[str, Any]) -> Rules:
        """A copy with some options changed; values may be given as JSON would give them."""
        if set(changes) - set(OPTION_SPECS):
            _discover()
        unknown = sorted(set(changes) - set(OPTION_SPECS))
        if unknown:
            # i18n: {name} is the option given, quoted; {options} lists the options' names
            # (typed as they are: not translated).
            raise OptionsError(t("unknown option {name}; options are: {options}",
                                 name=repr(unknown[0]), options=", ".join(OPTION_SPECS)))
        core = {k: _coerce(k, v) for k, v in changes.items() if k in CORE_OPTIONS}
        extra = dict(self.extra)
        extra.update((k, _coerce(k, v)) for k, v in changes.items() if k not in CORE_OPTIONS)
        return replace(self, **core, extra=tuple(extra.items()))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values of every option (the inverse of ``Rules().with_options``)."""
        out: dict[str, Any] = {}
        for name in OPTION_SPECS:
            value = self.option(name)
            if name == "challenge":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out

    def diff(self, base: Rules) -> dict[str, Any]:
        """The options whose values differ from ``base``, JSON-ready."""
        mine, theirs = self.to_dict(), base.to_dict()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    @property
    def clockwise(self) -> bool:
        return self.direction == "clockwise"


def _or_values(choices: tuple[str, ...]) -> tuple[str, str]:
    """A per-seat option's choices as its messages list them: all but the last, separated by
    commas ("" if there is only one), and the last (values, never translated)."""
    named = [c for c in choices if c]
    return ", ".join(named[:-1]), named[-1]


def _seat_choice(spec: OptionSpec, value: Any) -> str:
    """One seat's value of a per-seat option: a choice, or the unique choice it begins
    (``m`` for ``male``); ``-`` and ``""`` leave the seat unset."""
    text = str(value).strip().lower()
    if text in ("", "-"):
        return ""
    if text in spec.choices:
        return text
    starting = [c for c in spec.choices if c and c.startswith(text)]
    return starting[0] if len(starting) == 1 else text


def _coerce(name: str, value: Any) -> Any:
    spec = OPTION_SPECS[name]
    if spec.per_seat:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple):
            choices, last = _or_values(spec.choices)
            if choices:
                # i18n: {name} is an option's name; {choices} lists its values but the last,
                # separated by commas, {last} is the last; - leaves a seat unset. Names and
                # values are typed as they are: not translated.
                raise OptionsError(t("{name} must list {choices} or {last} or - for each seat",
                                     name=name, choices=choices, last=last))
            # i18n: {name} is an option's name, {last} its only value; - leaves a seat unset.
            raise OptionsError(t("{name} must list {last} or - for each seat",
                                 name=name, last=last))
        return tuple(_seat_choice(spec, v) for v in value)
    if name == "slaps":
        if isinstance(value, str):
            value = [s for s in value.replace(",", " ").split() if s]
        if not isinstance(value, list | tuple):
            # i18n: slaps is the option's name (typed as it is: not translated).
            raise OptionsError(t("slaps must be a list of slap rule names"))
        return tuple(value)
    if name == "challenge":
        if isinstance(value, str):
            value = [_challenge_pair(p) for p in value.replace(",", " ").split()]
        if isinstance(value, Mapping):
            value = tuple(value.items())
        if not isinstance(value, list | tuple) or not all(
            isinstance(p, list | tuple) and len(p) == 2 for p in value
        ):
            # i18n: challenge is the option's name; J=1 Q=2 K=3 A=4 is typed as it is.
            raise OptionsError(t("challenge must map card ranks to chances, e.g. J=1 Q=2 K=3 "
                                 "A=4"))
        pairs = [(str(k).upper(), v) for k, v in value]
        order = {key: i for i, key in enumerate(CHALLENGE_KEYS)}
        return tuple(sorted(pairs, key=lambda p: order.get(p[0], len(order))))
    return value


def _challenge_pair(text: str) -> tuple[str, Any]:
    key, sep, chances = text.replace(":", "=").partition("=")
    chances = chances.strip()
    if not sep or not (chances.isascii() and chances.isdigit() and len(chances) <= 3):
        # i18n: challenge is the option's name; RANK=CHANCES says what to type (a rank's
        # code, =, a number), J=1 Q=2 is typed as it is; {text} is what was given, quoted.
        raise OptionsError(t("challenge takes RANK=CHANCES pairs such as J=1 Q=2, not {text}",
                             text=repr(text)))
    return key.strip(), int(chances)


def _check(name: str, value: Any) -> None:
    spec = OPTION_SPECS[name]
    if name == "slaps":
        if not isinstance(value, tuple) or not all(isinstance(s, str) for s in value):
            raise OptionsError(t("slaps must be a list of slap rule names"))
        for s in value:
            if s not in SLAP_RULES:
                # i18n: {name} is the name given, quoted; {rules} lists the slap rules' names
                # (typed as they are: not translated).
                raise OptionsError(t("unknown slap rule {name}; slap rules are: {rules}",
                                     name=repr(s), rules=", ".join(SLAP_RULES)))
        twice = sorted({s for s in value if value.count(s) > 1})
        if twice:
            # i18n: {name} is a slap rule's name as typed, quoted.
            raise OptionsError(t("slap rule {name} is listed twice", name=repr(twice[0])))
    elif name == "challenge":
        if not isinstance(value, tuple):
            # i18n: challenge is the option's name (typed as it is: not translated).
            raise OptionsError(t("challenge must map card ranks to chances"))
        seen = set()
        for pair in value:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                raise OptionsError(t("challenge must map card ranks to chances"))
            key, chances = pair
            if key not in CHALLENGE_KEYS:
                # i18n: challenge is the option's name; {key} is what was given, quoted;
                # {ranks} lists the ranks' codes.
                raise OptionsError(t("challenge: {key} is not a rank; use one of {ranks}",
                                     key=repr(key), ranks=", ".join(CHALLENGE_KEYS)))
            if type(chances) is not int or not 1 <= chances <= 13:
                # i18n: challenge is the option's name; {key} is a rank's code (Q).
                raise OptionsError(t("challenge: chances for {key} must be a number from 1 to "
                                     "13", key=key))
            if key in seen:
                raise OptionsError(t("challenge: {key} is listed twice", key=key))
            seen.add(key)
    elif spec.per_seat:
        if not isinstance(value, tuple) or len(value) > 8:
            # i18n: {name} is an option's name (typed as it is: not translated).
            raise OptionsError(t("{name} lists at most 8 seats", name=name))
        for v in value:
            if v not in spec.choices:
                choices, last = _or_values(spec.choices)
                if choices:
                    # i18n: {name} is an option's name; {value} what was given, quoted;
                    # {choices} lists the option's values but the last, separated by commas,
                    # {last} is the last; - leaves a seat unset (typed as they are).
                    raise OptionsError(t("{name}: {value} is not {choices} or {last} or - "
                                         "(unset)", name=name, value=repr(v), choices=choices,
                                         last=last))
                # i18n: {name} is an option's name; {value} what was given, quoted; {last}
                # is the option's only value; - leaves a seat unset (typed as they are).
                raise OptionsError(t("{name}: {value} is not {last} or - (unset)", name=name,
                                     value=repr(v), last=last))
    elif spec.choices:
        if value not in spec.choices:
            # i18n: {name} is an option's name; {choices} lists its values (typed as they
            # are: not translated); {value} is what was given, quoted.
            raise OptionsError(t("{name} must be one of: {choices} (not {value})", name=name,
                                 choices=", ".join(spec.choices), value=repr(value)))
    elif spec.maximum:
        if type(value) is not int or not spec.minimum <= value <= spec.maximum:
            # i18n: {name} is an option's name; {minimum} and {maximum} are numbers.
            raise OptionsError(t("{name} must be a whole number from {minimum} to {maximum}",
                                 name=name, minimum=str(spec.minimum),
                                 maximum=str(spec.maximum)))
    elif type(value) is not bool:
        # i18n: {name} is an option's name; true and false are the values typed: keep them.
        raise OptionsError(t("{name} must be true or false", name=name))
