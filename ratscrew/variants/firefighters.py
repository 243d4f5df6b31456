"""Firefighters & Burn: ERS with firefighters (J, Q, K: one chance each) and burn contests.

Built on the engine's extension points. The burn conditions are slap rules (Matchbox is the
catalogue's double, Overcooked its sandwich, Chimney its chimney (top-bottom with the
pile's very bottom card, misfired cards included); Unlucky 13, Lucky 7 and
Embers were added to the catalogue for this game), so any other slap rule can be added as a
house burn condition. When the Play pile meets one, :class:`BurnContest` (a
:class:`~ratscrew.core.engine.Phase`) takes the table: every player with cards burns one with a slap
onto the Burn pile (``game.side_piles["burn"]``); the highest card, with 2 added for
the first to burn, takes the Play pile. A slap at any other time is a misfire (two cards
under the Play pile: the engine's wrong-slap penalty), except a cardless player's slap on a
firefighter on top of the Burn pile, which puts out the fire and takes that pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ratscrew.core.cards import ACE, JACK, KING, QUEEN, Card, codes
from ratscrew.core.events import (
    KEYS,
    PHONE,
    TOUCH,
    Controls,
    Event,
    Reason,
    common_device,
    pick,
    seat_name,
    wording,
)
from ratscrew.core.options import OptionSpec, Rules
from ratscrew.core.table import Phase, VariantTable
from ratscrew.core.variant import Variant, register
from ratscrew.i18n import N_, msg, t, tn

FIREFIGHTER_RANKS = frozenset({JACK, QUEEN, KING})
BURN = "burn"
"""The name of the Burn pile in ``game.side_piles``."""
FIRST_BONUS = 2


# --------------------------------------------------------------------------- events

BURN_STARTED = {
    # i18n: {condition} is a burn condition's name (Matchbox), {cards} the cards that meet it.
    "": N_("{condition} {cards}: burn! Everyone with cards burns one by slapping; the highest "
           "card takes the Play pile, and the first to burn adds 2."),
    KEYS: N_("{condition} {cards}: burn! Everyone with cards burns one with their slap key; "
             "the highest card takes the Play pile, and the first to burn adds 2."),
    TOUCH: N_("{condition} {cards}: burn! Everyone with cards burns one with their Slap "
              "button; the highest card takes the Play pile, and the first to burn adds 2."),
    PHONE: N_("{condition} {cards}: burn! Everyone with cards burns one with the Slap button on "
              "their phone; the highest card takes the Play pile, and the first to burn adds "
              "2."),
}
"""A burn contest starts, as the players in it burn (their device, when they share one)."""

BURN_WAITING = {
    "": N_("a burn contest is on: slap to burn a card"),
    KEYS: N_("a burn contest is on: burn a card with your slap key"),
    TOUCH: N_("a burn contest is on: burn a card with your Slap button"),
    PHONE: N_("a burn contest is on: burn a card with the Slap button on your phone"),
}
"""Why a flip waits during a burn contest."""


@dataclass(slots=True, eq=False)
class BurnStarted(Event):
    """A burn condition is met: every seat in ``seats`` must burn a card. ``condition``: its
    name (a message id)."""

    kind: ClassVar[str] = "burn-started"
    condition: str
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    deadline: int

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        return t(pick(BURN_STARTED, common_device(controls, self.seats)),
                 condition=t(self.condition), cards=codes(self.cards))


@dataclass(slots=True, eq=False)
class Burned(Event):
    """``seat`` burned ``card`` onto the Burn pile, worth ``value`` (with the +2 if first)."""

    kind: ClassVar[str] = "burned"
    seat: int
    card: Card
    value: int
    first: bool

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who, card = seat_name(self.seat, names), self.card.code
        if self.first:
            # i18n: {card} is the card burned (7H); its worth {worth} plus 2 for burning first
            # makes {value}.
            return t("{who} burns {card} first: {worth} + 2 = {value}.", who=who, card=card,
                     worth=self.value - 2, value=self.value)
        # i18n: {card} is the card burned (7H), {value} its worth.
        return t("{who} burns {card}: {value}.", who=who, card=card, value=self.value)


@dataclass(slots=True, eq=False)
class BurnWon(Event):
    """The contest is decided: ``seat`` (-1: nobody burned) takes the Play pile. ``burns``:
    (seat, card, value) in the order burned; ``missed``: seats that did not burn in time."""

    kind: ClassVar[str] = "burn-won"
    seat: int
    burns: tuple[tuple[int, Card, int], ...]
    missed: tuple[int, ...] = ()
    tie: bool = False

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        if self.seat < 0:
            return t("Nobody burned in time: the fire dies down and play goes on.")
        who = seat_name(self.seat, names)
        best = next(v for s, _, v in self.burns if s == self.seat)
        others = [v for s, _, v in self.burns if s != self.seat]
        first = self.burns[0][0] == self.seat and bool(others) and max(others) > best - 2
        if not self.missed:
            if first and self.tie:
                return t("{who} wins the burn with {best} (the +2 for burning first decided it) "
                         "(a tie, won by burning earlier).", who=who, best=best)
            if first:
                return t("{who} wins the burn with {best} (the +2 for burning first decided "
                         "it).", who=who, best=best)
            if self.tie:
                return t("{who} wins the burn with {best} (a tie, won by burning earlier).",
                         who=who, best=best)
            # i18n: {best} is the winning card's worth in the burn contest.
            return t("{who} wins the burn with {best}.", who=who, best=best)
        n = len(self.missed)
        late = ", ".join(seat_name(s, names) for s in self.missed)
        if first and self.tie:
            return tn("{who} wins the burn with {best} (the +2 for burning first decided it) "
                      "(a tie, won by burning earlier); {late} did not burn in time.",
                      "{who} wins the burn with {best} (the +2 for burning first decided it) "
                      "(a tie, won by burning earlier); {late} did not burn in time.",
                      n, who=who, best=best, late=late)
        if first:
            return tn("{who} wins the burn with {best} (the +2 for burning first decided it); "
                      "{late} did not burn in time.",
                      "{who} wins the burn with {best} (the +2 for burning first decided it); "
                      "{late} did not burn in time.",
                      n, who=who, best=best, late=late)
        if self.tie:
            return tn("{who} wins the burn with {best} (a tie, won by burning earlier); {late} "
                      "did not burn in time.",
                      "{who} wins the burn with {best} (a tie, won by burning earlier); {late} "
                      "did not burn in time.",
                      n, who=who, best=best, late=late)
        # i18n: {late}: the players who did not burn in time, their names separated by commas
        # (as many as the count chooses the form by).
        return tn("{who} wins the burn with {best}; {late} did not burn in time.",
                  "{who} wins the burn with {best}; {late} did not burn in time.",
                  n, who=who, best=best, late=late)

    def to_dict(self) -> dict[str, Any]:
        out = Event.to_dict(self)
        out["burns"] = [[s, c.code, v] for s, c, v in self.burns]
        out["missed"] = list(self.missed)
        return out


@dataclass(slots=True, eq=False)
class FireOut(Event):
    """``seat``, who had no cards, put out a fire: the Burn pile (``count`` cards) is theirs."""

    kind: ClassVar[str] = "fire-out"
    seat: int
    count: int
    card: Card

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who, n = seat_name(self.seat, names), self.count
        # i18n: {card} is the firefighter (J, Q or K) on top of the Burn pile; {n} the cards
        # in that pile.
        return tn("{who} puts out the fire ({card} on the Burn pile) and takes its {n} card: "
                  "back in the game.",
                  "{who} puts out the fire ({card} on the Burn pile) and takes its {n} cards: "
                  "back in the game.",
                  n, who=who, card=self.card.code, n=n)


@dataclass(slots=True)
class Fires:
    """What the game keeps for Firefighters besides the piles."""

    ran_out: list[int] = field(default_factory=list)
    """For each seat, the number of piles taken before the round in which they ran out of
    cards (-1: they have cards)."""
    contests: int = 0
    last: BurnWon | None = None
    """The last contest decided (what the table shows until the next one)."""


def fires_of(game: VariantTable) -> Fires | None:
    state = game.state
    return state if isinstance(state, Fires) else None


def burn_pile(game: VariantTable) -> list[Card]:
    return game.side_piles.setdefault(BURN, [])


def burn_value(card: Card, game: VariantTable) -> int:
    """A card's worth in a burn contest: A = 1 (or 14 with ``burn_aces`` high), 2-10,
    J = 11, Q = 12, K = 13."""
    if card.rank == ACE:
        return 14 if game.rules.choice("burn_aces") == "high" else 1
    return card.value


def is_firefighter(card: Card) -> bool:
    return card.rank in FIREFIGHTER_RANKS


class BurnContest(Phase):
    """Everyone who has cards when the fire starts burns one; see the module docstring."""

    name = "burn"

    def __init__(self, game: VariantTable, condition: str, cards: tuple[Card, ...],
                 rule: str = "") -> None:
        self.condition = condition
        self.rule = rule
        """The burn condition's slap-rule name (``condition`` is what the variant calls it)."""
        self.expected = tuple(s for s in range(game.n) if game.hands[s])
        self.burns: list[tuple[int, Card, int]] = []
        self.deadline = game.t + game.rules.number("burn_ms")
        game.emit(BurnStarted(game.t, condition, cards, self.expected, self.deadline))

    @property
    def waiting(self) -> Reason:
        return wording(BURN_WAITING)

    def burned(self, seat: int) -> bool:
        return any(s == seat for s, _, _ in self.burns)

    def expects(self, game: VariantTable, seat: int) -> bool:
        return seat in self.expected and not self.burned(seat) and bool(game.hands[seat])

    def slap(self, game: VariantTable, seat: int, hand: str) -> None:
        if seat not in self.expected:
            game.ignore(seat, "burn",
                        msg("only players who had cards when the fire started burn"))
        elif self.burned(seat):
            game.ignore(seat, "burn", msg("they have already burned a card"))
        else:
            card = game.hands[seat].popleft()
            burn_pile(game).append(card)
            first = not self.burns
            value = burn_value(card, game) + (FIRST_BONUS if first else 0)
            self.burns.append((seat, card, value))
            game.emit(Burned(game.t, seat, card, value, first))
            _note_runouts(game, game.tricks)
            if all(self.burned(s) for s in self.expected):
                self.decide(game)

    def expire(self, game: VariantTable) -> None:
        self.decide(game)

    def decide(self, game: VariantTable) -> None:
        """Highest value wins; a tie goes to whoever burned earlier."""
        game.phase = None
        game.pile.match = None
        missed = tuple(s for s in self.expected if not self.burned(s))
        fires = _fires(game)
        fires.contests += 1
        if not self.burns:
            fires.last = BurnWon(game.t, -1, (), missed)
            game.emit(fires.last)
            # The fire dies down; if only one player has cards (they were alone in the
            # contest), the Play pile is theirs and they have won.
            game.settle_lone_holder()
            return
        best = max(v for _, _, v in self.burns)
        winner = next(s for s, _, v in self.burns if v == best)
        tie = sum(1 for _, _, v in self.burns if v == best) > 1
        fires.last = BurnWon(game.t, winner, tuple(self.burns), missed, tie)
        game.emit(fires.last)
        cards = tuple(c for _, c, _ in self.burns)
        game.take_pile(winner, "burn", self.condition, cards,
                       cause=f"burn:{self.rule}" if self.rule else "burn",
                       said=msg("Burn contest won"))


def _fires(game: VariantTable) -> Fires:
    fires = fires_of(game)
    if fires is None:
        fires = game.state = Fires(ran_out=[-1] * game.n)
    return fires


def _note_runouts(game: VariantTable, round_index: int) -> None:
    """Remember when each player ran out of cards (``round_index``: piles taken before the
    round they ran out in); forget it for those who have cards again."""
    ran_out = _fires(game).ran_out
    for s in range(game.n):
        if game.hands[s]:
            ran_out[s] = -1
        elif ran_out[s] < 0:
            ran_out[s] = round_index


def may_put_out(game: VariantTable, seat: int) -> bool:
    """Whether ``seat`` may put out a fire: no cards, and they have waited their round(s);
    not once another player, alone with cards, has won."""
    if game.hands[seat] or game.penalties.barred[seat] or game.won_alone():
        return False
    ran_out = _fires(game).ran_out[seat]
    return ran_out >= 0 and game.tricks >= ran_out + 1 + game.rules.number("fire_wait")


def fire_burning(game: VariantTable) -> bool:
    """A firefighter lies on top of the Burn pile: a fire that can be put out."""
    pile = game.side_piles.get(BURN)
    return pile is not None and bool(pile) and is_firefighter(pile[-1])


# -- the hooks -----------------------------------------------------------------------------


def _start(game: VariantTable) -> None:
    game.state = Fires(ran_out=[-1] * game.n)
    game.side_piles[BURN] = []


def _card(game: VariantTable, seat: int, card: Card) -> None:
    _note_runouts(game, game.tricks)
    match = game.pile.match
    if match is not None and game.phase is None and not game.pile.top_dead and any(game.hands):
        # (With nobody holding a card nobody can burn: no contest, and the pile goes as it
        # would without the condition.)
        rule = match[0]
        cards = game.pile.match_cards()
        game.cancel_claim()  # "if the next player does not ... meet a Burn condition"
        game.phase = BurnContest(game, game.variant.slap_title(rule.name, rule.title), cards,
                                 rule.name)


def _slap(game: VariantTable, seat: int, hand: str) -> bool:
    """A cardless player's slap: puts out a fire if they may, otherwise it is the engine's
    (a misfire)."""
    if game.hands[seat] or not (fire_burning(game) and may_put_out(game, seat)):
        return False
    pile = burn_pile(game)
    top = pile[-1]
    count = len(pile)
    game.hands[seat].extend(pile)
    pile.clear()
    _fires(game).ran_out[seat] = -1
    game.stats[seat].slaps_right += 1
    game.count_pile("fire-out")
    game.emit(FireOut(game.t, seat, count, top))
    return True


def _take(game: VariantTable, seat: int, how: str) -> None:
    _note_runouts(game, game.tricks - 1)


def _bot_wants(game: VariantTable, seat: int) -> bool:
    phase = game.phase
    if phase is not None:
        return phase.expects(game, seat)
    return fire_burning(game) and may_put_out(game, seat)


FIREFIGHTERS = register(Variant(
    name="firefighters",
    order=20,
    title=N_("Firefighters & Burn"),
    summary=N_("J, Q and K are firefighters that give one chance; a second firefighter only "
               "puts the challenge out. When the pile meets a burn condition everyone burns a "
               "card: the highest (first to burn +2) takes the pile. Cardless players may put "
               "out a fire."),
    aliases=("burn", "firefighters-and-burn"),
    lesson="firefighters.lesson.toml",
    rules=Rules(
        slaps=("double", "unlucky-13", "lucky-7", "embers", "sandwich", "chimney"),
        challenge=(("J", 1), ("Q", 1), ("K", 1)),
        answer_face="ends",
        penalty_count=2,
        next_leader="right",
    ),
    options=("slaps", "burn_ms", "burn_aces", "fire_wait", "answer_face", "next_leader"),
    own_options=(
        OptionSpec("burn_ms", N_("How long players have to burn a card once a burn condition "
                                 "is met; whoever has not burned by then sits the contest "
                                 "out."),
                   minimum=500, maximum=30000, default=4000, unit="ms"),
        OptionSpec("burn_aces", N_("An ace in a burn contest: worth 1 (as in Unlucky 13), or "
                                   "14."),
                   ("low", "high"), default="low"),
        OptionSpec("fire_wait", N_("Piles a player who runs out of cards must see taken (after "
                                   "the one they ran out in) before they may put out a fire."),
                   minimum=0, maximum=5, default=1),
    ),
    slaps_title=N_("Burn conditions"),
    cause_titles={"burn": N_("Burn contest"), "fire-out": N_("Fire put out")},
    slap_titles={"double": N_("Matchbox"), "sandwich": N_("Overcooked"),
                 "chimney": N_("Chimney")},
    only_holder_wins=True,
    on_start=_start,
    on_card=_card,
    on_slap=_slap,
    on_take=_take,
    bot_wants_slap=_bot_wants,
))
