"""Variants as data: a name, a description, the rules it starts from and its extension points.

A variant is a value, not a subclass: the engine reads its :class:`~ratscrew.core.options.Rules`
and calls its optional hooks. Find one by name or alias with :func:`find_variant`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ratscrew.core import discovery
from ratscrew.core.cards import Card, build_deck
from ratscrew.core.events import Event, Reason
from ratscrew.core.options import (
    CORE_OPTIONS,
    OPTION_SPECS,
    OptionsError,
    OptionSpec,
    Rules,
    register_option,
)
from ratscrew.i18n import N_, t

if TYPE_CHECKING:
    from ratscrew.core.table import VariantTable


HUMAN_ACTIONS = ("flip", "slap", "slap-left", "slap-right")
"""Everything a person's seat may do with its keys or buttons, in one game or another."""
PLAIN_ACTIONS = ("flip", "slap")
HAND_ACTIONS = ("flip", "slap-left", "slap-right")
class VariantError(ValueError):
    """A variant name that is not known, or a player count it does not allow."""


def standard_deck(rules: Rules) -> list[Card]:
    return build_deck(rules.decks, rules.jokers)


# Every hook is called with the game as a VariantTable: all that a hook may read or call.
CardHook = Callable[["VariantTable", int, Card], None]
"""Called after ``seat`` lays ``card`` in turn: may move cards, emit events or ask a choice."""
GameHook = Callable[["VariantTable"], None]
LayHook = Callable[["VariantTable", int, Card], bool]
SlapJudge = Callable[["VariantTable", int, str], Reason]
SlapHook = Callable[["VariantTable", int, str], bool]
TakeHook = Callable[["VariantTable", int, str], None]
ActionHook = Callable[["VariantTable", int, str], None]
BotHand = Callable[["VariantTable", int, float], str]
BotSeatHook = Callable[["VariantTable", int], float]
BotWants = Callable[["VariantTable", int], bool]


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    summary: str
    order: int = 100
    """Where the variant comes in lists (the setup form, the command line): lowest first."""
    rules: Rules = field(default_factory=Rules)
    aliases: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 8
    deck: Callable[[Rules], list[Card]] = standard_deck
    player_defaults: Callable[[int, Mapping[str, Any]], Mapping[str, Any]] | None = None
    """Option defaults that depend on the number of players and the options chosen (e.g. two
    decks for five or more, and the jokers that come with them); the choices still win."""
    options: tuple[str, ...] = ()
    """The options this variant is about, shown first where options are listed."""
    own_options: tuple[OptionSpec, ...] = ()
    """Options only this variant reads (registered with it; their values are in
    :attr:`Rules.extra <ratscrew.core.options.Rules.extra>`)."""
    ignores: tuple[str, ...] = ()
    """The core's options this variant does not read (a Tarot deck takes no jokers)."""
    lesson: str = ""
    """The variant's lesson (:mod:`ratscrew.tools.lesson`): a TOML file beside its module in
    ``ratscrew/variants/`` (``classic.lesson.toml``), or "" for none."""
    slapping: bool = True
    """Whether players slap at all. Beggar-My-Neighbour: "There is no skill in this game": a
    slap is ignored and costs nothing (unless slap rules are added as a house rule)."""
    slaps_title: str = N_("Slap rules")
    """What this variant calls its slap rules (Firefighters: burn conditions): a message id,
    said with ``t(variant.slaps_title)``, as are :attr:`title`, :attr:`summary`,
    :attr:`cause_titles`' and :attr:`slap_titles`' texts."""
    cause_titles: Mapping[str, str] = field(default_factory=dict)
    """What to call this variant's own ways of winning a pile (its :attr:`Game.pile_causes
    <ratscrew.core.engine.Game.pile_causes>` that are not slap rules). A cause ``way:rule``
    (a burn contest started by a slap rule) is called "Way (Rule)"."""
    slap_titles: Mapping[str, str] = field(default_factory=dict)
    """What this variant calls some slap rules (Firefighters: a double is a Matchbox)."""
    events: Mapping[type[Event], type[Event]] = field(default_factory=dict)
    """The variant's own wording of some of the core's events: for a core event class, a
    subclass of it (the same kind and fields, its own sentences) that the engine emits in its
    place. Beggar-My-Neighbour's speak of paying and debts."""
    only_holder_wins: bool = False
    """Whether the only player with cards has won outright (003: "be the only player with
    cards in their hand"): under the ``standard`` ending, once the pile is theirs and nobody
    else holds a card, no slap counts (nor any variant hook's) until they collect it and win.
    Otherwise, as 001 says, a valid slap may still take the pile and play goes on."""

    # -- extension points: each is optional; the engine calls them as documented -----------
    on_start: GameHook | None = None
    """After the deal, before the first flip (roll dice, set up side piles)."""
    on_lay: LayHook | None = None
    """``(game, seat, card)`` as soon as ``seat`` lays ``card`` in turn, before the engine
    counts it: True if the variant dealt with the play itself (K.U.R.S.' Strength wins the
    challenge), usually through ``game.play_as`` or ``game.award``."""
    on_card: CardHook | None = None
    judge_slap: SlapJudge | None = None
    """``(game, seat, hand)`` for a slap on a slappable pile: "" if it stands, otherwise why it
    is a wrong slap (the dice asked for the other hand), as words or, where it names a key or
    a button, a :class:`~ratscrew.core.events.Wording`."""
    on_slap: SlapHook | None = None
    """``(game, seat, hand)`` for any slap while no phase holds the table: True if the variant
    dealt with it (putting out a fire), False for the engine's own judgement."""
    on_take: TakeHook | None = None
    """``(game, seat, how)`` after ``seat`` took the pile and the game goes on."""
    bot_hand: BotHand | None = None
    """``(game, seat, u)``: the hand a bot slaps with (u is a uniform draw)."""
    bot_slap_delay: BotSeatHook | None = None
    """``(game, seat)``: extra mean milliseconds before a bot's slap (obeying the dice)."""
    actions: Mapping[str, ActionHook] = field(default_factory=dict)
    """The variant's own action kinds (K.U.R.S.' ``fine``): ``(game, seat, arg)``, recorded
    and replayed like flips and slaps."""
    bot_wants_slap: BotWants | None = None
    """``(game, seat)``: a slap the variant calls for outside the slap rules (burning a card,
    putting out a fire); bots make it after their reaction time."""

    def reads(self, option: str) -> bool:
        """Whether this variant reads ``option``: the core's options but those it ignores,
        and its own."""
        if option in CORE_OPTIONS:
            return option not in self.ignores
        return any(spec.name == option for spec in self.own_options)

    def slap_title(self, rule: str, default: str = "") -> str:
        return self.slap_titles.get(rule, default or rule)

    def options_of(self, players: int, rules: Rules) -> dict[str, Any]:
        """The options (JSON-ready) that give back ``rules`` through :meth:`rules_for`: what
        differs from the defaults, plus any default-valued choice that the others would
        otherwise change (two decks bring four jokers in Slap Like an Egyptian, so two decks
        with two jokers must say both). What records and links keep."""
        options = rules.diff(self.rules_for(players))
        for _ in range(len(options) + 2):
            again = self.rules_for(players, options)
            if again == rules:
                return options
            options.update(rules.diff(again))
        return rules.to_dict()

    def rules_for(self, players: int, options: Mapping[str, Any] | None = None) -> Rules:
        """The rules of a game of this variant: its defaults, then the player's choices."""
        if not self.min_players <= players <= self.max_players:
            # i18n: {variant} is a game's name (Classic); {players} the number asked for, as typed.
            raise VariantError(t("{variant} is for {minimum} to {maximum} players, not {players}",
                                 variant=t(self.title), minimum=self.min_players,
                                 maximum=self.max_players, players=str(players)))
        rules = self.rules
        if self.player_defaults is not None:
            rules = rules.with_options(self.player_defaults(players, options or {}))
        if options:
            rules = rules.with_options(options)
        if rules.dealer >= players:
            # i18n: dealer is the option's name (typed as it is: not translated); the numbers
            # are seats' numbers as typed.
            raise OptionsError(t("dealer must be a seat from 0 to {last} (or -1), not {dealer}",
                                 last=str(players - 1), dealer=str(rules.dealer)))
        return rules


VARIANTS: dict[str, Variant] = {}
"""Every variant by name, in their ``order``: filled by :func:`discover`."""

VARIANTS_PACKAGE = "ratscrew.variants"
"""The package whose modules are the variants: each registers its own on import."""

def discover() -> dict[str, Variant]:
    """The registry, every module of :data:`VARIANTS_PACKAGE` imported first (once: each
    registers its variants with :func:`register`; :func:`ratscrew.core.discovery.discover`).
    Nothing lists them by hand: a variant is a module dropped in that package."""
    discovery.discover(VARIANTS_PACKAGE)
    return VARIANTS


def find_variant(name: str) -> Variant:
    """The variant with this name or alias (case-insensitive; spaces and _ count as -)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for variant in discover().values():
        if key == variant.name or key in variant.aliases:
            return variant
    known = ", ".join(
        v.name + (f" ({', '.join(v.aliases)})" if v.aliases else "") for v in VARIANTS.values()
    )
    # i18n: {name} is the name given, quoted; {known} lists the variants' names and their
    # other names in brackets (typed as they are: not translated).
    raise VariantError(t("unknown variant {name}; variants are: {known}", name=repr(name),
                         known=known))


def register(variant: Variant) -> Variant:
    """Add a variant to the registry (later modules add theirs this way)."""
    for other in VARIANTS.values():
        taken = {other.name, *other.aliases}
        clash = variant.name in taken or taken & set(variant.aliases)
        if clash and other.name != variant.name:
            raise VariantError(f"variant {variant.name!r} clashes with {other.name!r}")
    for spec in variant.own_options:
        register_option(replace(spec, owner=variant.name))
    VARIANTS[variant.name] = variant
    ordered = sorted(VARIANTS.values(), key=lambda v: (v.order, v.name))
    VARIANTS.clear()
    VARIANTS.update((v.name, v) for v in ordered)
    # The options in the same order: the core's, then each variant's own in the variants'
    # order (a record's rules, a link's options and the CLI's list keep one order, whichever
    # module discovery imports first).
    rank = {v.name: i for i, v in enumerate(ordered)}
    specs = sorted(OPTION_SPECS.values(), key=lambda s: rank[s.owner] if s.owner else -1)
    OPTION_SPECS.clear()
    OPTION_SPECS.update((spec.name, spec) for spec in specs)
    return variant


FLIP_ONLY = ("flip",)


def seat_actions(variant: Variant, slapping: bool | None = None) -> tuple[str, ...]:
    """The actions a person's seat has in ``variant``: only a flip where nobody slaps
    (Beggar-My-Neighbour, unless ``slapping`` says house slap rules were added), a left-hand
    and a right-hand slap where the variant cares which hand slaps (Slap Like an Egyptian),
    else one slap."""
    if not (variant.slapping if slapping is None else slapping):
        return FLIP_ONLY
    if variant.judge_slap is not None or variant.bot_hand is not None:
        return HAND_ACTIONS
    return PLAIN_ACTIONS
