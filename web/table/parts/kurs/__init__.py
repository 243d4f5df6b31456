"""K.U.R.S. on the page: the Arcana effects just played (``#effect``), the Hermit's cards
waiting to be handed out (``#side-pile``), the decrees in force with a person's Fine buttons
(``#decrees``), and the words of its house rules (the seats' Magician / High Priestess
select among them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ratscrew.core.cards import Card
from ratscrew.core.engine import Game
from ratscrew.core.events import Event, Ignored
from ratscrew.i18n import N_, slots, t, tn
from ratscrew.variants.kurs import ArcanaEffect, court_of, decree_text
from web.model.card_text import with_symbols
from web.model.feedback import Sound, Tone
from web.model.variant_page import OwnAction, VariantPage, describe
from web.table.part import BEFORE_PILE, PANELS, Box, TablePart


def fines(game: Game, seat: int) -> tuple[OwnAction, ...]:
    """The Emperor's fine, for a player still in the game who made a decree in force: any
    player (themselves included) may be fined a card. The table's Fine buttons and a phone's
    offer these."""
    court = court_of(game)
    if court is None or not game.in_game(seat) or not any(d.holder == seat
                                                            for d in court.decrees):
        return ()
    targets = tuple((str(target + 1), f"{target + 1} {game.name(target)}")
                    for target in range(game.n))
    return (OwnAction("fine", t("Fine who broke your decree"), targets),)


EFFECT_MS = 7000
"""How long (real ms) an Arcana effect's sentence stays on show."""
PEEK_MS = 6000
"""How long (real ms) the Fool's peek stays in the player's seat."""


class ArcanaEffects(TablePart):
    """The Arcana effects just played out, for a few seconds (the latest three; the log keeps
    them all), and the Fool's peek: the cards only its player may see, in their seat."""

    boxes = (Box("effect", PANELS, "effect", zone="effect", attrs={"data-effect": ""}),)

    def build(self) -> None:
        self.box = self.dom.by_id("effect")
        self.box.hidden = True
        self.effects: list[ArcanaEffect] = []
        self.token = 0

    def on_events(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, ArcanaEffect):
                self.effects.append(event)
                if event.cards and event.seat in self.session.humans:
                    self._show_peek(event.seat, event.cards)

    def update(self) -> None:
        effects, self.effects = self.effects, []
        if not effects:
            return
        box = self.box
        self.dom.clear(box)
        names = self.table.names
        for effect in effects[-3:]:
            line = self.dom.el("p", "effect-line", data_arcana=str(effect.card.arcana))
            line.appendChild(self.dom.el("b", "effect-card", effect.card.name))
            line.appendChild(self.dom.el("span", "effect-text",
                                         with_symbols(effect.sentence(names))))
            box.appendChild(line)
        box.hidden = False
        box.classList.remove("arriving")
        _ = box.offsetWidth  # restart the animation
        box.classList.add("arriving")
        self.token += 1
        token = self.token

        def hide() -> None:
            if token == self.token:
                box.hidden = True

        self.table.later(hide, EFFECT_MS)

    def _show_peek(self, seat: int, cards: Sequence[Card]) -> None:
        root = self.table.seat_root(seat)
        old = root.querySelector(".peek")
        if old:
            old.remove()
        # i18n: The Fool's peek, for a screen reader: {cards} names the cards, in order.
        label = t("Your next cards: {cards}", cards=", ".join(c.name for c in cards))
        peek = self.dom.el("div", "peek", data_peek=str(seat), data_zone="peek", role="note",
                           aria_label=label)
        peek.appendChild(self.dom.el("p", "peek-title", t("Your next cards")))
        row = self.dom.el("div", "peek-cards")
        for card in cards:
            row.appendChild(self.table.card(card, "small"))
        peek.appendChild(row)
        root.appendChild(peek)
        self.table.later(lambda: peek.remove(), PEEK_MS)

    def destroy(self) -> None:
        self.token += 1  # a sentence still on show is the next game's to hide


class HermitPile(TablePart):
    """The Hermit's cards waiting to be handed out: face down, with a count."""

    boxes = (Box("side-pile", BEFORE_PILE, "side-pile", zone="side-pile",
                 attrs={"data-side": "", "data-cards": "0"}),)

    def build(self) -> None:
        self.box = self.dom.by_id("side-pile")
        self.box.hidden = True
        self.box.setAttribute("role", "group")  # its aria-label needs a role
        self.shown: tuple[str, int] | None = None

    def update(self) -> None:
        game = self.game
        held = game.side_piles.get("hermit", [])
        court = court_of(game)
        state = ("hermit", len(held)) if held and court is not None else None
        if state == self.shown:
            return
        self.shown = state
        box = self.box
        self.dom.clear(box)
        box.hidden = state is None
        box.dataset.cards = str(len(held))
        if state is None or court is None:
            return
        box.appendChild(self.dom.el("p", "side-title", t("The Hermit's cards")))
        stack = self.dom.el("div", "stack side-stack", aria_hidden="true")
        stack.style.setProperty("--depth", str(len(held)))
        box.appendChild(stack)
        n = len(held)
        box.appendChild(self.dom.el("p", "side-count", tn("{n} card", "{n} cards", n, n=n)))
        if court.hermit >= 0:
            label = tn("{who} hands out the Hermit's cards: {n} card left",
                       "{who} hands out the Hermit's cards: {n} cards left", n,
                       who=game.name(court.hermit), n=n)
        else:
            label = tn("The Hermit hands out the Hermit's cards: {n} card left",
                       "The Hermit hands out the Hermit's cards: {n} cards left", n, n=n)
        box.setAttribute("aria-label", label)


class Decrees(TablePart):
    """The decrees in force (who made them, what they say) and, for a person who made one, a
    Fine button for every player; under them, what the last fine did."""

    boxes = (Box("decrees", PANELS, "decrees", zone="decrees", tag="section",
                 attrs={"aria-label": N_("Decrees in force")}),)

    def build(self) -> None:
        self.box = self.dom.by_id("decrees")
        self.box.hidden = True
        self.shown: object = None
        self.message = ""

    def on_action(self, action: str, events: Sequence[Event]) -> None:
        """Say under the decrees what a fine did (its sentence, or why it did not stand)."""
        if action != "fine":
            return
        said = [e for e in events if isinstance(e, ArcanaEffect | Ignored)]
        self.message = said[-1].explain(self.table.names) if said else ""

    def update(self) -> None:
        game = self.game
        court = court_of(game)
        decrees = tuple((d.holder, d.text) for d in court.decrees) if court else ()
        over = game.outcome is not None
        holders = sorted({h for h, _ in decrees if h in self.session.humans})
        offers = {} if over else {h: offered for h in holders if (offered := fines(game, h))}
        state = (decrees, tuple(offers))
        box = self.box
        if state == self.shown:
            self._show_message()
            return
        self.shown = state
        self.dom.clear(box)
        box.hidden = not decrees
        if not decrees:
            return
        box.appendChild(self.dom.el("h2", "decrees-title", t("Decrees")))
        items = self.dom.el("ul", "decree-list")
        for holder, text in decrees:
            item = self.dom.el("li", "decree", data_holder=str(holder))
            # i18n: A decree in force: who made it (in bold), then its words (in quotes).
            for slot, words in slots(t("{who} decrees {decree}")):
                if slot == "who":
                    # (dir=auto: the name and the decree, a player's words, isolated.)
                    item.appendChild(self.dom.el("b", "decree-holder", str(game.name(holder)),
                                                 dir="auto"))
                elif slot == "decree":
                    item.appendChild(self.dom.el("q", "decree-text", str(decree_text(text)),
                                                 dir="auto"))
                elif words:
                    item.appendChild(self.dom.el("span", "decree-says", words))
            items.appendChild(item)
        box.appendChild(items)
        for holder, offered in offers.items():
            who = game.name(holder)
            row = self.dom.el("div", "fine-row", role="group", data_fine=str(holder),
                              aria_label=t("{who} fines a player a card", who=who))
            # i18n: Before the Fine buttons (one for each player) of who made a decree.
            row.appendChild(self.dom.el("span", "fine-label", t("{who} fines:", who=who)))
            for offer in offered:
                for number, label in offer.options:
                    target = int(number) - 1
                    button = self.dom.el(
                        "button", "fine-button", label, type="button", data_target=str(target),
                        aria_label=t("{who} fines {target} a card", who=who,
                                     target=game.name(target)))
                    button.addEventListener("click", self._fine_handler(holder, target))
                    row.appendChild(button)
            box.appendChild(row)
        box.appendChild(self.dom.el("p", "fine-message", role="status"))
        self._show_message()

    def _show_message(self) -> None:
        message = self.box.querySelector(".fine-message")
        if message:
            message.textContent = with_symbols(self.message)
            message.hidden = not self.message

    def _fine_handler(self, holder: int, target: int) -> Any:
        act = self.table.act

        def handler(event: Any) -> None:
            event.preventDefault()
            if act is not None:
                act(holder, "fine", str(target + 1))

        return self.table.proxy(handler)


PAGE = describe(VariantPage(
    "kurs",
    parts=(ArcanaEffects, HermitPile, Decrees),
    labels={
        "death_card": N_("Death card in the deck"),
        "classroom": N_("Classroom-safe wording"),
        "decree_yields": N_("Decrees give way to the Arcana"),
        "sunrise": N_("Day starts at (hour)"),
        "sunset": N_("Night starts at (hour)"),
        "clock": N_("Local time at the start (minutes)"),
        # i18n: The seats' select for K.U.R.S.: the Magician takes from players marked
        # male, the High Priestess from players marked female.
        "genders": N_("Magician / High Priestess"),
    },
    # i18n: How a seat is marked for the Magician (male) and the High Priestess (female).
    choice_labels={"genders": {"male": N_("male"), "female": N_("female")}},
    ranks={"arcana": 3},
    own_actions=fines,
    sounds={
        # A Major Arcana's effect: a shimmer of two high bells.
        "arcana": Sound((Tone("sine", 1319, 600, 0.14), Tone("sine", 1760, 600, 0.1, at=60),
                         Tone("triangle", 659, 400, 0.12))),
    },
    # i18n: The setup form's line under the seats; \u2014 (a dash) is the seat's choice of
    # neither.
    seat_hint=N_("The Magician takes a card from every player marked male, the High "
                 "Priestess from every player marked female; \u2014 is never asked."),
))
