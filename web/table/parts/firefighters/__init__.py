"""Firefighters & Burn on the page: the Burn pile beside the Play pile (``#burn``), the burn
contest's panel with its countdown and then its result (``#contest``), the seats' marks (must
burn, burned, may put out the fire), and the words of its house rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ratscrew.core.cards import CARDS, Card
from ratscrew.core.engine import Game
from ratscrew.core.events import Event
from ratscrew.i18n import N_, number, t, tn
from ratscrew.variants.firefighters import (
    FIRST_BONUS,
    BurnContest,
    Burned,
    BurnStarted,
    BurnWon,
    FireOut,
    burn_pile,
    fire_burning,
    fires_of,
    is_firefighter,
    may_put_out,
)
from web.model.card_text import with_symbols
from web.model.feedback import Sound, Tone
from web.model.variant_page import VariantPage, describe
from web.table.flight import SWEEP_MS, fly_from, fly_to, land, offset
from web.table.part import BESIDE_PILE, PANELS, Box, TablePart


@dataclass(frozen=True, slots=True)
class Burn:
    """One card burned in a contest: ``value`` = ``base`` + ``bonus`` (+2 for the first)."""

    seat: int
    card: str
    base: int
    bonus: int
    value: int

    @property
    def sum(self) -> str:
        """"7 + 2 = 9" for the first to burn, else "9"."""
        return f"{self.base} + {self.bonus} = {self.value}" if self.bonus else str(self.value)


def burns_of(burns: Sequence[tuple[int, Card, int]]) -> tuple[Burn, ...]:
    """A contest's ``(seat, card, value)`` list, in the order burned, as Burns."""
    return tuple(
        Burn(seat, card.code, value - (FIRST_BONUS if i == 0 else 0),
             FIRST_BONUS if i == 0 else 0, value)
        for i, (seat, card, value) in enumerate(burns)
    )


@dataclass(frozen=True, slots=True)
class Contest:
    """A burn contest under way: its condition, who still has to burn, the burns so far and
    when it ends (game ms)."""

    condition: str
    cards: tuple[str, ...]
    waiting: tuple[int, ...]
    burns: tuple[Burn, ...]
    deadline: int


def contest_of(game: Game, cards: Sequence[str] = ()) -> Contest | None:
    """The burn contest holding the table, or None. ``cards``: the cards that started it
    (from its BurnStarted event; the phase does not keep them)."""
    phase = game.phase
    if not isinstance(phase, BurnContest):
        return None
    waiting = tuple(s for s in phase.expected if phase.expects(game, s))
    return Contest(phase.condition, tuple(cards), waiting, burns_of(phase.burns), phase.deadline)


@dataclass(frozen=True, slots=True)
class Result:
    """A decided contest: who won (-1: nobody burned), the burns, whether the +2 for burning
    first decided it, whether a tie went to the earlier burn, who missed it."""

    winner: int
    burns: tuple[Burn, ...]
    bonus_decided: bool
    tie: bool
    missed: tuple[int, ...]


def result_of(won: BurnWon) -> Result:
    burns = burns_of(won.burns)
    decided = False
    if won.seat >= 0 and burns and burns[0].seat == won.seat:
        others = [b.value for b in burns[1:]]
        # Without the +2 someone else's card would have been higher (a tie at the same value
        # would still go to the first burner: BurnWon.explain says the same).
        decided = bool(others) and max(others) > burns[0].base
    return Result(won.seat, burns, decided, won.tie, tuple(won.missed))


@dataclass(frozen=True, slots=True)
class BurnPileState:
    """The Burn pile: how many cards, the top one, and whether a fire burns (a firefighter on
    top, which a cardless player may put out)."""

    count: int
    top: str
    fire: bool


def burn_pile_of(game: Game) -> BurnPileState | None:
    """The Burn pile of a Firefighters game (None for other variants)."""
    if fires_of(game) is None:
        return None
    pile = burn_pile(game)
    top = pile[-1] if pile else None
    return BurnPileState(len(pile), top.code if top is not None else "",
                    top is not None and is_firefighter(top))


def burn_marks(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """Firefighters: ``burn`` / ``burned`` in a burn contest, ``put-out`` for a seat that may
    put out the fire burning now."""
    phase = game.phase
    if isinstance(phase, BurnContest):
        if phase.expects(game, seat):
            # i18n: A seat's mark in a burn contest: the seat must burn a card now.
            return (("burn", t("burn a card!")),)
        if phase.burned(seat):
            # i18n: A seat's mark in a burn contest: the seat has burned its card.
            return (("burned", t("burned")),)
    elif (
        fires_of(game) is not None
        and game.outcome is None
        and fire_burning(game)
        and may_put_out(game, seat)
    ):
        # i18n: A seat's mark: its player, out of cards, may slap to put out the fire.
        return (("put-out", t("may put out the fire: slap!")),)
    return ()


class BurnPile(TablePart):
    """The Burn pile: its top card, its count, and a fire while a firefighter lies on top. A
    burned card flies there from its seat; the pile of a fire put out flies to the seat that
    put it out; the next batch of events finishes either at once."""

    boxes = (Box("burn", BESIDE_PILE, "burn", zone="burn-pile",
                 attrs={"data-burn": "", "data-cards": "0"}, early=True),)
    notable = (FireOut,)

    def build(self) -> None:
        self.box = self.dom.by_id("burn")
        self.shown: tuple[int, str, bool] | None = None
        self.active = fires_of(self.game) is not None
        self.box.hidden = not self.active
        self.box.classList.remove("fire")
        self.box.setAttribute("role", "group")  # its aria-label needs a role
        self.burned_by = -1
        self.put_out_by = -1
        if self.active:
            self.box.appendChild(self.dom.el("p", "burn-title", t("Burn pile")))
            self.top = self.dom.el("div", "burn-top")
            self.box.appendChild(self.top)
            self.box.appendChild(self.dom.el("p", "burn-count"))

    def on_events(self, events: Sequence[Event]) -> None:
        if not self.active or not events:
            return
        land(self.top, lambda node: bool(node.classList.contains("leaving")))
        for event in events:
            if isinstance(event, Burned):
                self.burned_by = event.seat
            elif isinstance(event, FireOut):
                self.put_out_by = event.seat

    def update(self) -> None:
        if not self.active:
            return
        pile = burn_pile_of(self.game)
        burned_by, self.burned_by = self.burned_by, -1
        put_out_by, self.put_out_by = self.put_out_by, -1
        if pile is None:
            return
        state = (pile.count, pile.top, pile.fire)
        if state == self.shown:
            return
        self.shown = state
        box = self.box
        box.dataset.cards = str(pile.count)
        box.classList.toggle("fire", pile.fire)
        top = self.top
        gone = [node for node in top.children if node.classList.contains("card")]
        self.dom.clear(top)
        if pile.top:
            card = self.table.card(CARDS[pile.top])
            top.appendChild(card)
            if burned_by >= 0:
                fly_from(card, *offset(self.table.seat_root(burned_by), top))
        else:
            top.appendChild(self.dom.el("div", "card-space", aria_hidden="true"))
        if put_out_by >= 0 and gone:
            self._fly_away(gone[-1], put_out_by)
        text = tn("{n} card", "{n} cards", pile.count, n=pile.count)
        if pile.fire:
            # i18n: The Burn pile's count, then a fire burns on it (a firefighter on top).
            text = t("{count} · fire!", count=text)
        box.querySelector(".burn-count").textContent = text
        # i18n: {state} is the Burn pile's count ("3 cards", "3 cards · fire!").
        box.setAttribute("aria-label", t("Burn pile: {state}", state=text))

    def _fly_away(self, card: Any, seat: int) -> None:
        """The Burn pile's top card flies to ``seat``, over the empty place it leaves."""
        top = self.top
        top.appendChild(card)
        fly_to(card, *offset(self.table.seat_root(seat), top))

        def drop() -> None:
            if card.parentNode == top:
                top.removeChild(card)

        self.table.later(drop, SWEEP_MS)

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        return burn_marks(self.game, seat)

    def no_cards_note(self, seat: int) -> str | None:
        if not self.active:
            return None
        if burn_marks(self.game, seat):
            return ""  # "may put out the fire: slap!" says it
        return t("no cards: wait for a fire to put out")


class BurnContestPanel(TablePart):
    """A burn contest under way (the condition, a countdown, who burned what, who must still
    burn), then its result until the next card is played."""

    boxes = (Box("contest", PANELS, "contest", zone="contest"),)
    notable = (BurnStarted, BurnWon)

    def build(self) -> None:
        self.box = self.dom.by_id("contest")
        self.box.hidden = True
        self.cards: tuple[str, ...] = ()
        self.result: tuple[Result, int] | None = None
        """The last contest decided, and the cards played when it was: shown until the next
        card is played."""
        self.shown: object = None
        self.nodes: dict[str, Any] = {}

    def on_events(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, BurnStarted):
                self.cards = tuple(c.code for c in event.cards)
                self.result = None
            elif isinstance(event, BurnWon):
                self.result = (result_of(event), self.game.cards_played)

    def update(self) -> None:
        game = self.game
        contest = contest_of(game, self.cards)
        result = None
        if contest is None and self.result is not None:
            shown_result, played = self.result
            if game.cards_played == played and game.outcome is None:
                result = shown_result
            else:
                self.result = None
        state: object = contest or result
        if state == self.shown:
            self.tick()
            return
        self.shown = state
        box = self.box
        self.dom.clear(box)
        self.nodes = {}
        box.hidden = state is None
        box.classList.remove("burning", "won", "bonus")
        if contest is not None:
            box.dataset.state = "burning"
            box.classList.add("burning")
            cards = " ".join(contest.cards)
            # i18n: The burn contest's panel: a burn condition's name (Matchbox) and the
            # cards that met it.
            condition = (t("{condition} {cards}", condition=t(contest.condition), cards=cards)
                         if cards else t(contest.condition))
            head = self.dom.el("p", "contest-head")
            head.appendChild(self.dom.el("b", "", t("Burn!") + " "))
            head.appendChild(self.dom.text_node(with_symbols(condition)))
            clock = self.dom.el("span", "contest-clock")
            head.appendChild(clock)
            box.appendChild(head)
            bar = self.dom.el("div", "contest-bar", aria_hidden="true")
            fill = self.dom.el("span")
            bar.appendChild(fill)
            box.appendChild(bar)
            self.nodes = {"clock": clock, "fill": fill, "deadline": contest.deadline}
            items = self.dom.el("ul", "contest-burns")
            for burn in contest.burns:
                items.appendChild(self._burn_item(burn))
            for seat in contest.waiting:
                items.appendChild(self.dom.el("li", "waiting",
                                              t("{who}: must burn…", who=game.name(seat)),
                                              data_seat=str(seat)))
            box.appendChild(items)
            self.tick()
        elif result is not None:
            box.dataset.state = "won"
            box.classList.add("won")
            box.dataset.winner = str(result.winner)
            if result.winner < 0:
                box.appendChild(self.dom.el("p", "contest-head",
                                            t("Nobody burned in time: the fire dies down.")))
                return
            head = self.dom.el("p", "contest-head")
            head.appendChild(self.dom.el("b", "", t("{who} wins the burn",
                                                    who=game.name(result.winner))))
            if result.bonus_decided:
                box.classList.add("bonus")
                box.dataset.bonus = "decided"
                head.appendChild(self.dom.el("span", "bonus-note",
                                             t("the +2 for burning first decided it")))
            elif result.tie:
                head.appendChild(self.dom.el("span", "bonus-note",
                                             t("a tie, won by burning first")))
            box.appendChild(head)
            items = self.dom.el("ul", "contest-burns")
            for burn in result.burns:
                items.appendChild(self._burn_item(burn, burn.seat == result.winner))
            for seat in result.missed:
                # i18n: Who did not burn a card before the burn contest's end.
                items.appendChild(self.dom.el("li", "missed",
                                              t("{who}: too late", who=game.name(seat))))
            box.appendChild(items)
        else:
            box.dataset.state = ""

    def _burn_item(self, burn: Burn, winner: bool = False) -> Any:
        item = self.dom.el("li", "burned", data_seat=str(burn.seat))
        item.appendChild(self.dom.el("span", "who", str(self.game.name(burn.seat)), dir="auto"))
        item.appendChild(self.dom.el("span", "what", with_symbols(burn.card)))
        value = self.dom.el("span", "value", burn.sum)
        if burn.bonus:
            value.classList.add("first")
            value.setAttribute("title", t("first to burn: +2"))
        item.appendChild(value)
        if winner:
            item.classList.add("winner")
        return item

    def ticking(self) -> bool:
        return bool(self.nodes)

    def tick(self) -> None:
        nodes = self.nodes
        if not nodes:
            return
        session = self.session
        left = session.real_ms_until(int(nodes["deadline"]), self.dom.now())
        # i18n: The burn contest's countdown: seconds, with one decimal ("2.5 s").
        nodes["clock"].textContent = t("{seconds} s", seconds=number(left / 1000, 1))
        total = self.game.rules.number("burn_ms") / (session.speed or 1.0)
        share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
        nodes["fill"].style.setProperty("--left", f"{share:.3f}")


PAGE = describe(VariantPage(
    "firefighters",
    parts=(BurnPile, BurnContestPanel),
    labels={"burn_ms": N_("Time to burn (seconds)"), "burn_aces": N_("Aces in a burn"),
            "fire_wait": N_("Piles to wait before putting out a fire")},
    # i18n: The value of an Ace burned in a burn contest: low (1) or high (14).
    choice_labels={"burn_aces": {"low": N_("low (1)"), "high": N_("high (14)")}},
    steps={"burn_ms": 500},
    ranks={"burn-won": 4, "fire-out": 4, "burn-started": 3},
    sounds={
        # A burn contest starts: a fire bell, twice.
        "burn-started": Sound((Tone("square", 880, 120, 0.12),
                               Tone("square", 660, 120, 0.12, at=140),
                               Tone("square", 880, 120, 0.12, at=280),
                               Tone("square", 660, 160, 0.12, at=420))),
        # A card burned in the contest: a flick onto the Burn pile.
        "burned": Sound((Tone("noise", 2000, 60, 0.35, to_hz=900),), notable=False),
        # The contest won: three notes up.
        "burn-won": Sound((Tone("triangle", 659, 140, 0.25),
                           Tone("triangle", 831, 140, 0.25, at=120),
                           Tone("triangle", 988, 320, 0.25, at=240))),
        # A fire put out: a hiss of water falling away.
        "fire-out": Sound((Tone("noise", 4000, 500, 0.4, to_hz=600),
                           Tone("sine", 392, 300, 0.15, at=200, to_hz=262))),
    },
    no_slaps_note=N_("No burn conditions: nothing will ever start a contest, and players who "
                     "run out of cards cannot get back in."),
))
