"""Slap Like an Egyptian on the page: the red and wood dice beside the pile (``#dice``), the
black die's mark on the seat that holds it, and the words of its house rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ratscrew.core.engine import Game
from ratscrew.core.events import Event, seat_name
from ratscrew.variants.slae import BlackDie, Dice, DiceCalled, DiceRolled, dice_of
from web.model.feedback import Sound, Tone
from web.model.variant_page import VariantPage, describe
from web.table.part import BEFORE_PILE, Box, TablePart, register

CSS = """\
/* The red die (which hand slaps) and the wood die (where the slap starts from), left of the
   pile, big enough to read across a room; the black die's badge on the seat that holds it. */

/* The dice beside the pile (over it, in a tall, narrow centre): the centre row makes room
   for them, a die and its label's lines under it (up to four: a Rat's caller waiting). A
   link's table before the deal (its seats drawn by web/boot/setup_early.js while Python
   starts, the felt marked with the game) has that room already, the dice empty, so that
   nothing moves when they are drawn. */
:is(.centre-area:has(> .centre-row > #dice:not([hidden])),
    .felt[data-variant="slap-like-an-egyptian"]:has([data-skeleton]) .centre-area) {
  --centre-cards: 5.8;
  --row-lines: 5.4rem;
  --row-deep: 0.74;
  --stack-cards: 2.22;
  --stack-width: 2.6rem;
  --stack-lines: 6.9rem;
  --stack-deep: 2.28;
}

.felt[data-variant="slap-like-an-egyptian"]:has([data-skeleton]) #dice {
  display: flex !important; /* over [hidden], until the deal */
  width: calc(var(--die) * 3 + 0.6rem);
  height: calc(var(--die) + 0.15rem + 2.3rem); /* a die, and two lines of its label */
}

.dice {
  --die: min(3.6rem, 8vh);
  display: flex;
  align-items: flex-start;
  gap: 0.6rem;
}

.die-wrap {
  display: flex;
  flex-direction: column;
  align-items: center;
}

.die {
  width: var(--die);
  height: var(--die);
  border-radius: 18%;
  display: grid;
  place-items: center;
  font-weight: 900;
  line-height: 1;
  text-align: center;
  box-shadow: inset 0 -5px 0 var(--shade-25), 0 4px 12px var(--shade-50);
}

.die-symbol {
  font-size: calc(var(--die) * 0.46);
  letter-spacing: -0.02em;
  white-space: nowrap;
}

.die[data-face="RAT"] .die-symbol,
.die[data-face="L R"] .die-symbol {
  font-size: calc(var(--die) * 0.3);
}

.die-red {
  background: radial-gradient(circle at 35% 30%, var(--die-red-light), var(--die-red-dark) 70%);
  color: var(--white);
  border: 2px solid var(--die-red-border);
}

.die-wood {
  background:
    repeating-linear-gradient(100deg, var(--wood-grain) 0 3px, transparent 3px 11px),
    linear-gradient(135deg, var(--wood-light), var(--wood-dark));
  color: var(--wood-ink);
  border: 2px solid var(--wood-border);
}

.die-wood .die-symbol {
  font-size: max(1rem, calc(var(--die) * 0.26));
}

/* A long word (a Rat's call: "shoulder") widens the wood die rather than shrinking. */
.die-wood.long {
  width: auto;
  min-width: var(--die);
  padding: 0 0.3rem;
}

.die-wood.long .die-symbol {
  font-size: 1rem;
}

/* A Rat: the player who last played chooses (the die calls until then). */
.die.rat {
  outline: 3px dashed var(--accent);
  outline-offset: 3px;
}

.die.calling {
  animation: pulse 1.1s ease-in-out infinite;
}


.die.rolling {
  animation: die-roll calc(650ms * var(--anim)) cubic-bezier(0.2, 0.8, 0.3, 1.2);
}

/* At 4x and faster the dice do not tumble: they fade in, and a calling die blinks. */
body[data-motion="fade"] .die.rolling {
  animation-name: fade-in;
}

body[data-motion="fade"] .die.calling {
  animation-name: blink;
}

@keyframes die-roll {
  0% {
    transform: translate(-40%, -60%) rotate(-280deg) scale(0.55);
    opacity: 0.4;
  }

  70% {
    transform: rotate(14deg) scale(1.08);
    opacity: 1;
  }
}

.die-label {
  margin: 0.15rem 0 0;
  width: calc(var(--die) * 1.5);
  text-align: center;
  font-size: 1rem;
  font-weight: 700;
  line-height: 1.15;
  text-shadow: 0 1px 2px var(--shade-70);
}

/* The seat that holds the black die: free of the dice. */
.mark-black-die {
  display: inline-flex;
  align-items: center;
  gap: 0.35em;
  background: var(--black-die);
  color: var(--white);
  border: 1px solid var(--tint-55);
}

.mark-black-die::before {
  content: "";
  width: 1em;
  height: 1em;
  border-radius: 3px;
  background:
    radial-gradient(circle at 28% 28%, var(--white) 0 12%, transparent 14%),
    radial-gradient(circle at 50% 50%, var(--white) 0 12%, transparent 14%),
    radial-gradient(circle at 72% 72%, var(--white) 0 12%, transparent 14%),
    var(--black);
  border: 1px solid var(--black-die-border);
}

/* The dice grow with the cards of the centre (web/table/table.css), but on a phone on its
   side (any width). */
@media (min-height: 521px) {
  .centre-area .dice {
    --die: calc(var(--card-w) * 0.74);
  }
}

@media (max-width: 699px) {
  .die-wood .die-symbol {
    font-size: max(0.75rem, calc(var(--die) * 0.26));
  }
}

@media (max-height: 520px) {
  .centre-area .dice {
    --die: 2.5rem;
    gap: 0.3rem;
  }

  .die-label {
    width: 3.6rem;
    font-size: 0.8rem;
  }

  .die-wood .die-symbol {
    font-size: 0.75rem;
  }
}

@media (prefers-reduced-motion: reduce) {
  .die.rolling,
  .die.calling {
    animation: none;
  }
}
"""
"""The styles of this part's boxes, in the page's ``parts`` layer (the build puts them in
the page's stylesheet)."""

PAGE = describe(VariantPage(
    "slap-like-an-egyptian",
    labels={"slap_a_roonie": "Slap-A-Roonie dice"},
    ranks={"dice": 2, "dice-called": 2, "black-die": 2},
    sounds={
        # The dice rolled: a rattle, and their landing.
        "dice": Sound((Tone("noise", 3200, 40, 0.35), Tone("noise", 2800, 40, 0.3, at=70),
                       Tone("noise", 3400, 40, 0.3, at=130), Tone("sine", 220, 90, 0.3, at=190),
                       Tone("triangle", 440, 90, 0.2, at=190))),
        # The black die changes hands: one heavy knock.
        "black-die": Sound((Tone("sine", 110, 160, 0.45, to_hz=70),
                            Tone("triangle", 440, 140, 0.35, to_hz=280),
                            Tone("noise", 700, 60, 0.45))),
    },
    css=CSS,
))

RED_SYMBOLS = {"right": "R", "left": "L", "either": "L R", "rat": "RAT"}
HAND_LABELS = {"right": "right hand", "left": "left hand", "either": "either hand"}


@dataclass(frozen=True, slots=True)
class DieFace:
    """One die as the table shows it: the big ``symbol``, a ``label`` under it, whether a
    Rat came up, and whether the Rat is still being called."""

    symbol: str
    label: str
    rat: bool = False
    calling: bool = False


def red_face(dice: Dice, names: Sequence[str] | None = None) -> DieFace:
    """The red die: which hand slaps (after a Rat, the hand called)."""
    if dice.red != "rat":
        return DieFace(RED_SYMBOLS.get(dice.red, "?"), HAND_LABELS.get(dice.red, dice.red))
    caller = seat_name(dice.caller, names)
    if not dice.hand:
        return DieFace("RAT", f"{caller} is choosing the hand…", True, True)
    return DieFace(RED_SYMBOLS.get(dice.hand, "?"),
                   f"Rat: {caller} called {HAND_LABELS.get(dice.hand, dice.hand)}", True)


def wood_face(dice: Dice, names: Sequence[str] | None = None) -> DieFace:
    """The wood die: the body part the slap starts from (after a Rat, the part called)."""
    if dice.wood != "rat":
        return DieFace(dice.wood, f"from the {dice.wood}")
    caller = seat_name(dice.caller, names)
    if not dice.part:
        # The hand is called first: say so while the red die's Rat is still open.
        waiting = "choosing where to start" if dice.hand else "will choose where to start"
        return DieFace("RAT", f"{caller} {waiting}…", True, bool(dice.hand))
    return DieFace(dice.part, f"Rat: {caller} called the {dice.part}", True)


def dice_faces(game: Game) -> tuple[DieFace, DieFace] | None:
    """The two dice of a Slap Like an Egyptian game once rolled (None otherwise)."""
    dice = dice_of(game)
    if dice is None or not dice.rolls:
        return None
    names = game.names or None
    return red_face(dice, names), wood_face(dice, names)


def dice_marks(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """Slap Like an Egyptian: ``black-die`` on the seat that holds it (free of the dice)."""
    dice = dice_of(game)
    if dice is not None and dice.holder == seat:
        return (("black-die", "black die: any hand"),)
    return ()


@register("slap-like-an-egyptian")
class DicePart(TablePart):
    """The two dice of Slap-A-Roonie, rolled again (animated) at every roll; a Rat shows who is
    calling it. Hidden when the house rules turn Slap-A-Roonie off."""

    boxes = (Box("dice", BEFORE_PILE, "dice", zone="dice", early=True),)
    notable = (BlackDie, DiceRolled, DiceCalled)

    def build(self) -> None:
        self.box = self.dom.by_id("dice")
        self.nodes: list[dict[str, Any]] = []
        self.shown: tuple[DieFace, DieFace] | None = None
        self.rolled = False
        game = self.game
        active = dice_of(game) is not None and game.rules.flag("slap_a_roonie")
        self.box.hidden = not active
        if not active:
            return
        for colour, title in (("red", "Red die"), ("wood", "Wood die")):
            wrap = self.dom.el("div", "die-wrap")
            die = self.dom.el("div", f"die die-{colour}", role="img", data_die=colour)
            symbol = self.dom.el("span", "die-symbol")
            die.appendChild(symbol)
            label = self.dom.el("p", "die-label")
            wrap.appendChild(die)
            wrap.appendChild(label)
            self.box.appendChild(wrap)
            self.nodes.append({"die": die, "symbol": symbol, "label": label, "title": title})

    def on_events(self, events: Sequence[Event]) -> None:
        if any(isinstance(event, DiceRolled) for event in events):
            self.rolled = True

    def update(self) -> None:
        rolled, self.rolled = self.rolled, False
        faces = dice_faces(self.game) if self.nodes else None
        if faces is None or (faces == self.shown and not rolled):
            return
        self.shown = faces
        for nodes, face in zip(self.nodes, faces, strict=True):
            die = nodes["die"]
            nodes["symbol"].textContent = face.symbol
            nodes["label"].textContent = face.label
            die.setAttribute("aria-label", f"{nodes['title']}: {face.label}")
            die.dataset.face = face.symbol
            die.classList.toggle("rat", face.rat)
            die.classList.toggle("calling", face.calling)
            die.classList.toggle("long", len(face.symbol) > 5)
            if rolled:
                die.classList.remove("rolling")
                _ = die.offsetWidth  # restart the animation
                die.classList.add("rolling")

    def seat_marks(self, seat: int) -> tuple[tuple[str, str], ...]:
        return dice_marks(self.game, seat)
