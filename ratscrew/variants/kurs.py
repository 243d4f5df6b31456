"""K.U.R.S. (Kemetic Unorthodox Rat Screw): Egyptian Rat Screw with a 78-card Tarot deck whose
22 Major Arcana cards have effects.

The court cards challenge (Page 1, Knight 2, Queen 3, King 4; aces are number cards); doubles
are slapped. A Major Arcana card is a number card for the challenge rules unless its text says
otherwise, and its effect happens as it is laid. The effects are numbered as the K.U.R.S. list
numbers them (:data:`EFFECTS`: The Fool is 1, The World is 22), with its footnotes:

1. a card received comes off the top of the giver's hand and goes under the receiver's;
2. players without cards need not give;
3. a player who cannot pay an effect's price does not get its secondary effect and their turn
   is over (Temperance excepted: those they shared with give back);
4. a condition that is not met means no effect.

Built on the engine's extension points: ``on_lay`` for the cards that change the play itself
(Strength, the Hanged Man, the Tower, Judgement), ``on_card`` for the rest, pending decisions
for every choice, the variant action ``fine`` for the Emperor's decrees, ``game.state`` (a
:class:`Court`) for the decrees and the Hermit's hand-out, and ``game.removed`` for the cards
Death and Judgement take out of play. Every effect explains itself with an
:class:`~ratscrew.core.events.ArcanaEffect`. ``docs/rules.md`` gives every reading chosen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ratscrew.core.cards import CARDS, TAROT_DECK, Card
from ratscrew.core.events import (
    Controls,
    Event,
    Flipped,
    OutOfCards,
    full_stop,
    seat_name,
    tidy,
)
from ratscrew.core.options import OptionSpec, Rules
from ratscrew.core.table import Decision, VariantTable
from ratscrew.core.variant import Variant, register

GENDERS = ("", "male", "female")
"""What a seat may say for the Magician and the High Priestess ("": unset)."""

FOOL, MAGICIAN, PRIESTESS, EMPRESS, EMPEROR, HIEROPHANT, LOVERS, STRENGTH, CHARIOT, HERMIT = (
    range(1, 11))
JUSTICE, HANGED_MAN, DEATH, TEMPERANCE, DEVIL, WHEEL, TOWER, STAR, MOON, SUN = range(11, 21)
JUDGEMENT, WORLD = 21, 22

DECREE_LIMIT = 80
"""Characters a typed decree may have."""
SONG_LIMIT = 60
"""Characters of a typed song title (the Star)."""
DECREES = (
    "When you win a stack, thank the player you won it from by name.",
    "Call me 'Your Highness'.",
    "Say 'pardon' before you slap.",
    "No one may say the word 'card'.",
)
"""Suggested decrees (the first two are the rule text's examples); bots pick one."""
SONGS = (
    "Twinkle, Twinkle, Little Star",
    "Catch a Falling Star",
    "When You Wish Upon a Star",
    "Star Man",
    "Lucky Star",
)
"""What a bot sings for the Star."""


# --------------------------------------------------------------------------- events


@dataclass(slots=True, eq=False)
class ArcanaEffect(Event):
    """What a Major Arcana card did (K.U.R.S.), in a sentence. ``text`` names players as
    ``{0}``, ``{1}``... (the seats in ``seats``, ``{0}`` being whoever played the card) and a
    typed decree as ``{q}`` (``quote``). ``cards``: cards only ``seat`` may see (the Fool's
    peek)."""

    kind: ClassVar[str] = "arcana"
    seat: int
    card: Card
    text: str
    seats: tuple[int, ...] = ()
    quote: str = ""
    cards: tuple[Card, ...] = ()

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        who = [seat_name(s, names) for s in (self.seat, *self.seats)]
        return tidy(f"{self.card.name}: " + self.text.format(*who, q=self.quote))


@dataclass(slots=True)
class Decree:
    holder: int
    text: str


@dataclass(slots=True)
class Court:
    """K.U.R.S.' own state: the decrees in force, what the Hermit holds and what the current
    Arcana card has set in motion."""

    decrees: list[Decree] = field(default_factory=list)
    effect: Card | None = None
    """The Major Arcana card whose effect is playing out (until the next card is laid)."""
    hermit: int = -1
    """Who is handing out the Hermit's cards (-1: nobody); the cards wait in
    ``game.side_piles["hermit"]``."""
    hermit_card: Card | None = None
    given: dict[int, int] = field(default_factory=dict)
    """The current effect's tally so far: cards each seat received (the Hermit) or gave
    (the Devil)."""
    admitted: list[int] = field(default_factory=list)
    songs: list[str] = field(default_factory=list)
    """The titles sung for the Star so far (compared by :func:`song_key`)."""


def court_of(game: VariantTable) -> Court | None:
    """The K.U.R.S. state of a game (None for other variants)."""
    state = game.state
    return state if isinstance(state, Court) else None


def _court(game: VariantTable) -> Court:
    return game.state_as(Court)


# -- who takes part ----------------------------------------------------------------------------


def players(game: VariantTable) -> list[int]:
    """Everyone still in the game (with cards or able to slap back in): "each player". A
    player who is out (barred from slapping in, or out under ``empty_hand`` = ``forfeit``)
    neither gives nor receives cards."""
    return [s for s in range(game.n) if game.in_game(s)]


def others(game: VariantTable, seat: int) -> list[int]:
    """Every other player, in the order of play from ``seat``."""
    order = [(seat + game.dir * k) % game.n for k in range(1, game.n)]
    return [s for s in order if game.in_game(s)]


def playing(game: VariantTable, seat: int) -> list[int]:
    """Other players still in the turn order (they hold cards), in the order of play."""
    return [s for s in others(game, seat) if game.hands[s]]


def give(game: VariantTable, giver: int, taker: int, count: int = 1, *,
         on_top: bool = False) -> int:
    """Footnotes 1 and 2: up to ``count`` cards off the top of ``giver``'s hand, under
    ``taker``'s (or on top, for the Hermit). Returns how many changed hands."""
    hand, dest = game.hands[giver], game.hands[taker]
    moved = 0
    while moved < count and hand:
        card = hand.popleft()
        if on_top:
            dest.appendleft(card)
        else:
            dest.append(card)
        moved += 1
    return moved


def deal_round(game: VariantTable, seat: int, to: Sequence[int], rounds: int = 1) -> int:
    """``seat`` deals one card at a time to each of ``to`` in turn, ``rounds`` times round,
    while they have cards. Returns the cards dealt."""
    dealt = 0
    for _ in range(rounds):
        for s in to:
            dealt += give(game, seat, s)
    return dealt


def say(game: VariantTable, seat: int, card: Card, text: str, *seats: int, quote: str = "",
        cards: tuple[Card, ...] = ()) -> None:
    """Explain the effect: ``text`` names ``seat`` as {0} and ``seats`` as {1}, {2}..."""
    game.emit(ArcanaEffect(game.t, seat, card, text, seats, quote, cards))


def _names(seats: Sequence[int]) -> str:
    """A template listing seats: "{1}", "{1} and {2}", "{1}, {2} and {3}"."""
    return _shifted(0, len(seats))


def _shifted(offset: int, count: int) -> str:
    """Like :func:`_names`, for the ``count`` seats after the first ``offset`` ones."""
    parts = [f"{{{offset + i}}}" for i in range(1, count + 1)]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _emptied(game: VariantTable, before: Sequence[int]) -> None:
    """Note the players an effect left without cards (they leave the turn order)."""
    for s, count in enumerate(before):
        if count and not game.hands[s]:
            game.emit(OutOfCards(game.t, s, False))


def _seat_options(game: VariantTable,
                  seats: Sequence[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Decision options for choosing a player: their numbers ("1" for seat 0) and names."""
    return tuple(str(s + 1) for s in seats), tuple(game.name(s) for s in seats)


def _seat(option: str) -> int:
    return int(option) - 1


def _ask(game: VariantTable, decision: Decision) -> None:
    """Ask a K.U.R.S. choice; once it is answered, play goes on as after any effect."""
    inner = decision.resolve

    def resolve(g: VariantTable, choice: str) -> None:
        inner(g, choice)
        _resume(g)

    decision.resolve = resolve
    game.ask(decision)


def _resume(game: VariantTable) -> None:
    """After an effect: a player who was playing on alone (``ending`` = ``until-face``) while
    others now hold cards goes back to the usual turns ("continuing play")."""
    seat = game.play_on
    if seat < 0 or not any(h for s, h in enumerate(game.hands) if s != seat):
        return
    game.play_on = -1
    game.play_on_left = 0
    if game.challenge.challenger < 0 and game.challenge.claimant < 0:
        nxt = game.next_seat(seat)
        game.turn = nxt if nxt >= 0 else seat


def _answering(game: VariantTable, seat: int) -> bool:
    """Whether ``seat`` is answering a challenge (before the card just laid is counted)."""
    return game.challenge.challenger >= 0 and game.challenge.claimant < 0 and game.play_on < 0 and (
        game.challenge.challenger != seat)


def _end_turn(game: VariantTable, seat: int) -> None:
    """Footnote 3: ``seat``'s turn is over. In a challenge they answer no more, so the
    challenger wins it; otherwise the next player plays."""
    if game.outcome is not None or game.challenge.claimant >= 0 or game.turn != seat:
        return
    if game.challenge.challenger >= 0 and game.challenge.challenger != seat:
        game.challenge_lost(seat)
    else:
        nxt = game.next_seat(seat)
        game.turn = nxt if nxt >= 0 else seat


# -- the effects, as laid (they change the play itself) ---------------------------------------


def _strength(game: VariantTable, seat: int, card: Card) -> None:
    """8: "If you lay this card down during a challenge, you automatically win the entire
    stack and the challenge ends." (Footnote 4: otherwise, no effect.)"""
    if _answering(game, seat):
        # (Each sentence comes before the play it explains: taking the stack may end the game.)
        game.emit(Flipped(game.t, seat, card))
        say(game, seat, card, f"{{0}} wins the challenge and the whole stack "
            f"({_cards(len(game.pile))}).")
        game.award(seat, cause="strength")
    else:
        say(game, seat, card, "no challenge to win, so no effect.")
        game.play_as(seat, card)


def _hanged_man(game: VariantTable, seat: int, card: Card) -> None:
    """12: "Pass out one card to each player; then take the stack (if any) as if you had won a
    challenge." Footnote 3: with too few cards, no stack, and the turn is over."""
    to = others(game, seat)
    hand = game.hands[seat]
    if len(hand) < len(to):
        say(game, seat, card, f"{{0}} has {_cards(len(hand))}, too few to pass one to each "
            "player, so the turn is over.")
        game.play_as(seat, card)
        _end_turn(game, seat)
        return
    game.emit(Flipped(game.t, seat, card))
    before = [0 if s == seat else n for s, n in enumerate(game.counts)]  # (they get the stack)
    deal_round(game, seat, to)
    say(game, seat, card, f"{{0}} passes a card to each player and takes the stack "
        f"({_cards(len(game.pile))}) as if they had won a challenge.")
    _emptied(game, before)
    game.award(seat, cause="hanged-man")


def _tower(game: VariantTable, seat: int, card: Card) -> None:
    """17: "Take the top half of your hand, approximately, and flip it over on top of the
    stack. The card shown is now to be considered the card you played; this does not take up
    an additional chance in a challenge." Only the card shown was seen: the packet's other
    cards lie covered under it and make no slap pattern."""
    hand = game.hands[seat]
    if not hand:
        game.play_as(seat, card)
        say(game, seat, card, "{0} has no cards left to flip, so the turn is over.")
        _end_turn(game, seat)
        return
    game.emit(Flipped(game.t, seat, card))
    half = (len(hand) + 1) // 2
    for _ in range(half - 1):
        game.put_covered(seat, hand.popleft())  # never seen: no slap pattern uses them
    shown = hand.popleft()
    game.put_on_pile(seat, shown)
    say(game, seat, card, f"{{0}} flips the top half of their hand ({_cards(half)}) onto the "
        f"stack: {shown} shows, and counts as the card they played.")
    _play_shown(game, seat, shown)


def _play_shown(game: VariantTable, seat: int, card: Card) -> None:
    """The Tower's shown card is the card played: an Arcana shown takes effect too."""
    if card.arcana:
        _court(game).effect = card
    lay = ON_LAY.get(card.arcana)
    if lay is not None:
        lay(game, seat, card)
    else:
        game.play_as(seat, card)  # on_card applies any other Arcana's effect


def _judgement(game: VariantTable, seat: int, card: Card) -> None:
    """21: "Remove this card from play after use; Take up all hands and the stack (but not
    Death) and deal them out evenly to all players." """
    game.emit(Flipped(game.t, seat, card))
    before = game.counts
    gathered = game.clear_pile()
    gathered.pop()  # Judgement itself, on top of the stack, leaves play
    game.removed.append(card)
    for hand in game.hands:
        gathered.extend(hand)
        hand.clear()
    deaths = [c for c in gathered if c.arcana == DEATH]
    gathered = [c for c in gathered if c.arcana != DEATH]
    game.removed.extend(deaths)
    game.table_rng.shuffle(gathered)
    order = [*others(game, seat), seat]  # as a deal: the player after the dealer first
    for i, c in enumerate(gathered):
        game.hands[order[i % len(order)]].append(c)
    game.turn = order[0] if game.hands[order[0]] else seat
    counts = sorted({len(game.hands[s]) for s in order})
    each = " or ".join(str(c) for c in counts)
    text = (f"{{0}} gathers every hand and the stack ({_cards(len(gathered))}) and deals them "
            f"out evenly: {each} each. Judgement leaves play")
    if deaths:
        text += ", and so does Death"
    say(game, seat, card, text + ".")
    _emptied(game, before)


ON_LAY: dict[int, Callable[[VariantTable, int, Card], None]] = {
    STRENGTH: _strength,
    HANGED_MAN: _hanged_man,
    TOWER: _tower,
    JUDGEMENT: _judgement,
}


# -- the effects after the card counts as played -----------------------------------------------


def _fool(game: VariantTable, seat: int, card: Card) -> None:
    """1: "Lift up the top 5 cards of your hand and look at them. Without changing the order,
    return them to the top of your hand." (Only ``seat`` is shown them.)"""
    top = tuple(list(game.hands[seat])[:5])
    if not top:
        say(game, seat, card, "{0} has no cards to look at.")
        return
    what = "top card and puts it" if len(top) == 1 else f"top {len(top)} cards and puts them"
    say(game, seat, card, f"{{0}} looks at their {what} back in the same order.", cards=top)


def _tribute(game: VariantTable, seat: int, card: Card, mark: str) -> None:
    """2, 3: "All male (female) players must give you a card." Unset seats are not
    affected."""
    genders = game.rules.seat_choices("genders")
    marked = [s for s in others(game, seat) if s < len(genders) and genders[s] == mark]
    if not marked:
        say(game, seat, card, f"no other player is marked {mark}, so no effect.")
        return
    before = game.counts
    gave = [s for s in marked if give(game, s, seat)]
    if not gave:
        say(game, seat, card, f"the {mark} players have no cards to give.")
        return
    verb = "gives" if len(gave) == 1 else "each give"
    say(game, seat, card, f"{_names(gave)} {verb} {{0}} a card.", *gave)
    _emptied(game, before)


def _empress(game: VariantTable, seat: int, card: Card) -> None:
    """4: "Give each player two cards." (Dealt one at a time, as far as the cards go.)"""
    to = others(game, seat)
    before = game.counts
    dealt = deal_round(game, seat, to, rounds=2)
    if dealt == 2 * len(to):
        say(game, seat, card, f"{{0}} gives two cards to each player ({_cards(dealt)}).")
    else:
        say(game, seat, card, f"{{0}} gives what they have: {_cards(dealt)}, one at a time "
            "round the table.")
    _emptied(game, before)


def _emperor(game: VariantTable, seat: int, card: Card) -> None:
    """5: "Make a decree. For the rest of the game, you may fine someone a card if they do not
    follow your decree." The decree is typed (or one of the suggestions)."""
    _ask(game, Decision(
        seat=seat,
        prompt="The Emperor: make a decree (type it, or pick one). For the rest of the game "
        "you may fine anyone who breaks it a card.",
        options=DECREES,
        default=DECREES[0],
        resolve=functools.partial(_decreed, card, seat),
        bot_policy=lambda g, u: DECREES[int(u * len(DECREES))],
        free_text=DECREE_LIMIT,
    ))


def _decreed(card: Card, seat: int, game: VariantTable, text: str) -> None:
    _court(game).effect = None  # the Emperor's effect is the decree: nothing to give way to
    _court(game).decrees.append(Decree(seat, text))
    if text.rstrip("\"'\u201d\u2019").endswith((".", "!", "?", "\u2026")):
        say(game, seat, card, "{0} decrees: \u201c{q}\u201d Anyone who breaks it may be fined "
            "a card by {0}.", quote=text)
    else:  # a decree typed without a full stop: the sentence ends after the quote
        say(game, seat, card, "{0} decrees: \u201c{q}\u201d. Anyone who breaks it may be fined "
            "a card by {0}.", quote=text)


def _hierophant(game: VariantTable, seat: int, card: Card) -> None:
    """6: "Tithe each player for two cards." """
    before = game.counts
    paid = {s: give(game, s, seat, 2) for s in others(game, seat)}
    total = sum(paid.values())
    if not total:
        say(game, seat, card, "nobody else has cards to tithe.")
        return
    say(game, seat, card, f"{{0}} tithes each player for two cards ({_cards(total)} paid in "
        "all).")
    _emptied(game, before)


def _lovers(game: VariantTable, seat: int, card: Card) -> None:
    """7: "Steal a kiss (and a card) from the player of your choice. If they refuse, they must
    give a card to everyone." """
    to = others(game, seat)
    if not to:
        say(game, seat, card, "there is nobody to choose, so no effect.")
        return
    what = "a high five" if game.rules.flag("classroom") else "a kiss"
    options, labels = _seat_options(game, to)
    _ask(game, Decision(
        seat=seat,
        prompt=f"The Lovers: who do you ask for {what} (and a card)? If they refuse, they "
        "give everyone a card.",
        options=options,
        default=options[0],
        resolve=functools.partial(_lovers_target, card, seat),
        bot_policy=functools.partial(_most_cards, to),
        labels=labels,
    ))


def _lovers_target(card: Card, seat: int, game: VariantTable, option: str) -> None:
    target = _seat(option)
    classroom = game.rules.flag("classroom")
    what = "a high five" if classroom else "a kiss"
    _ask(game, Decision(
        seat=target,
        prompt=f"The Lovers: {game.name(seat)} asks you for {what} and a card. Accept, or "
        "refuse and give a card to everyone?",
        options=("accept", "refuse"),
        labels=(f"Accept: {what} and a card", "Refuse: a card to everyone"),
        default="accept" if classroom else "refuse",
        resolve=functools.partial(_lovers_answer, card, seat, target),
        bot_policy=lambda g, u: "accept" if u < 0.7 else "refuse",
    ))


def _lovers_answer(card: Card, seat: int, target: int, game: VariantTable, answer: str) -> None:
    what = "a high five" if game.rules.flag("classroom") else "a kiss"
    before = game.counts
    if answer == "accept":
        moved = give(game, target, seat)
        tail = " and a card" if moved else " (they have no card to give)"
        say(game, seat, card, f"{{1}} gives {{0}} {what}{tail}.", target)
    else:
        dealt = deal_round(game, target, others(game, target))
        say(game, seat, card, f"{{1}} refuses {{0}} and gives a card to everyone "
            f"({_cards(dealt)}).", target)
    _emptied(game, before)


def _most_cards(seats: Sequence[int], game: VariantTable, u: float) -> str:
    """A bot's target: the player holding the most cards (ties: the first in turn)."""
    best = max(seats, key=lambda s: len(game.hands[s]))
    return str(best + 1)


def _chariot(game: VariantTable, seat: int, card: Card) -> None:
    """9: "You may choose to trade hands with a player of your choice." """
    to = others(game, seat)
    options, labels = _seat_options(game, to)
    _ask(game, Decision(
        seat=seat,
        prompt="The Chariot: trade hands with another player, or keep your own?",
        options=("keep", *options),
        labels=("Keep my hand", *(f"Trade with {name}" for name in labels)),
        default="keep",
        resolve=functools.partial(_chariot_trade, card, seat),
        bot_policy=functools.partial(_chariot_bot, seat, to),
    ))


def _chariot_bot(seat: int, to: Sequence[int], game: VariantTable, u: float) -> str:
    best = max(to, key=lambda s: len(game.hands[s]), default=-1)
    if best >= 0 and len(game.hands[best]) > len(game.hands[seat]):
        return str(best + 1)
    return "keep"


def _chariot_trade(card: Card, seat: int, game: VariantTable, option: str) -> None:
    if option == "keep":
        say(game, seat, card, f"{{0}} keeps their hand ({_cards(len(game.hands[seat]))}).")
        return
    other = _seat(option)
    mine, theirs = len(game.hands[seat]), len(game.hands[other])
    before = game.counts
    game.hands[seat], game.hands[other] = game.hands[other], game.hands[seat]
    say(game, seat, card, f"{{0}} trades hands with {{1}} ({mine} cards for {theirs}).", other)
    _emptied(game, before)


def _hermit(game: VariantTable, seat: int, card: Card) -> None:
    """10: "Each player must give you the top three cards from their hand. You may look at
    these cards, in order to decide how many and which cards each player should get, and in
    which order. You may not keep any for yourself, and the other players should return any
    cards received to the top of their hand." """
    to = others(game, seat)
    held: list[Card] = []
    before = game.counts
    for s in to:
        for _ in range(3):
            if game.hands[s]:
                held.append(game.hands[s].popleft())
    if not held:
        say(game, seat, card, "nobody else has cards to give, so no effect.")
        return
    court = _court(game)
    court.hermit = seat
    court.given = {}
    game.side_piles["hermit"] = held
    say(game, seat, card, f"{{0}} takes the top three cards of each hand ({_cards(len(held))}) "
        "and hands them out, one by one.")
    _emptied(game, before)
    _hermit_next(game, card)


def _hermit_next(game: VariantTable, card: Card) -> None:
    court = _court(game)
    seat = court.hermit
    held = game.side_piles.get("hermit", [])
    if not held:
        _hermit_done(game, card)
        return
    if len(held) == 1:
        _hermit_pick(card, game, held[0].code)
        return
    codes = tuple(dict.fromkeys(c.code for c in held))
    _ask(game, Decision(
        seat=seat,
        prompt=f"The Hermit: which card do you hand out next? ({_cards(len(held))} left; each "
        "goes on top of its receiver's hand)",
        options=codes,
        labels=tuple(next(c.name for c in held if c.code == code) for code in codes),
        default=codes[0],
        resolve=functools.partial(_hermit_pick, card),
        cards=tuple(held),
        bot_policy=lambda g, u: codes[int(u * len(codes))],
    ))


def _hermit_pick(card: Card, game: VariantTable, code: str) -> None:
    court = _court(game)
    held = game.side_piles["hermit"]
    chosen = next(c for c in held if c.code == code)
    court.hermit_card = chosen
    to = others(game, court.hermit)
    if len(to) == 1:
        _hermit_give(card, game, str(to[0] + 1))
        return
    options, labels = _seat_options(game, to)
    _ask(game, Decision(
        seat=court.hermit,
        prompt=f"The Hermit: who gets the {chosen.name}? It goes on top of their hand.",
        options=options,
        labels=labels,
        default=options[0],
        resolve=functools.partial(_hermit_give, card),
        cards=(chosen,),
        bot_policy=functools.partial(_hermit_bot, chosen, to),
    ))


def _hermit_bot(chosen: Card, to: Sequence[int], game: VariantTable, u: float) -> str:
    """Court cards (they win challenges) to the player with the fewest cards, the rest to the
    one with the most."""
    def size(s: int) -> int:
        return len(game.hands[s])

    pick = min(to, key=size) if chosen.is_face else max(to, key=size)
    return str(pick + 1)


def _hermit_give(card: Card, game: VariantTable, option: str) -> None:
    court = _court(game)
    held = game.side_piles["hermit"]
    chosen = court.hermit_card
    assert chosen is not None
    held.remove(chosen)
    target = _seat(option)
    # On top of the hand, under the cards this Hermit already gave them: the order chosen is
    # the order they will play them.
    given = court.given.get(target, 0)
    game.hands[target].insert(given, chosen)
    court.given[target] = given + 1
    court.hermit_card = None
    _hermit_next(game, card)


def _hermit_done(game: VariantTable, card: Card) -> None:
    court = _court(game)
    seat, given = court.hermit, court.given
    del game.side_piles["hermit"]
    court.hermit = -1
    court.given = {}
    # In the order of play from the Hermit (a receiver may have left the game since).
    seats = sorted(given, key=lambda s: (s - seat) * game.dir % game.n)
    parts = ", ".join(f"{{{i}}} {given[s]}" for i, s in enumerate(seats, start=1))
    say(game, seat, card, f"{{0}} has handed out every card: {parts}.", *seats)


def _justice(game: VariantTable, seat: int, card: Card) -> None:
    """11: "If three or more are playing, you must rule from the bench that two other players
    switch hands." (Footnote 4: otherwise no effect.)"""
    to = playing(game, seat)
    if len(to) < 2:
        say(game, seat, card, "fewer than three are playing, so no effect.")
        return
    _justice_ask(game, seat, card, to, -1)


def _justice_ask(game: VariantTable, seat: int, card: Card, to: Sequence[int], first: int) -> None:
    choices = [s for s in to if s != first]
    options, labels = _seat_options(game, choices)
    which = "the first" if first < 0 else f"who switches hands with {game.name(first)}"
    _ask(game, Decision(
        seat=seat,
        prompt=full_stop(f"Justice: rule that two other players switch hands. Choose {which}"),
        options=options,
        labels=labels,
        default=options[0],
        resolve=functools.partial(_justice_pick, card, seat, tuple(to), first),
        bot_policy=functools.partial(_justice_bot, choices, first),
    ))


def _justice_bot(choices: Sequence[int], first: int, game: VariantTable, u: float) -> str:
    """The biggest hand first, then the smallest: the leader loses most."""
    def size(s: int) -> int:
        return len(game.hands[s])

    return str((max(choices, key=size) if first < 0 else min(choices, key=size)) + 1)


def _justice_pick(card: Card, seat: int, to: tuple[int, ...], first: int, game: VariantTable,
                  option: str) -> None:
    picked = _seat(option)
    if first < 0:
        _justice_ask(game, seat, card, to, picked)
        return
    a, b = first, picked
    na, nb = len(game.hands[a]), len(game.hands[b])
    game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
    say(game, seat, card, f"{{0}} rules that {{1}} and {{2}} switch hands ({na} cards for "
        f"{nb}).", a, b)


def _death(game: VariantTable, seat: int, card: Card) -> None:
    """13: "Deal out your entire hand to the other players; your turn is over. Remove this card
    from play after use." """
    hand = game.hands[seat]
    to = others(game, seat)
    count = len(hand)
    if to:
        while hand:
            deal_round(game, seat, to)
    _remove(game, card)
    if count:
        say(game, seat, card, f"{{0}} deals out their whole hand ({_cards(count)}) to the "
            "other players; their turn is over, and Death leaves play.")
        game.emit(OutOfCards(game.t, seat, False))
    else:
        say(game, seat, card, "{0} has no cards to deal out; Death leaves play.")


def _remove(game: VariantTable, card: Card) -> None:
    """Take ``card`` out of play: off the stack, or, if a challenge it lost was collected at
    once (``collect`` = ``immediate``), from the bottom of the hand that took it."""
    if card in game.pile:
        game.remove_from_pile(card)
        return
    for hand in game.hands:
        if card in hand:
            items = list(hand)
            del items[len(items) - 1 - items[::-1].index(card)]
            hand.clear()
            hand.extend(items)
            game.removed.append(card)
            return


def _temperance(game: VariantTable, seat: int, card: Card) -> None:
    """14: "Deal out a card to each player; then each player gives you a card from their
    hand." Footnote 3's exception: short of cards, those you shared with give back."""
    to = others(game, seat)
    before = game.counts
    shared = [s for s in to if give(game, seat, s)]
    back = [s for s in shared if give(game, s, seat)]
    if not shared:
        say(game, seat, card, "{0} has no cards to share, so no effect.")
        return
    text = f"{{0}} deals a card to {'each player' if len(shared) == len(to) else _names(shared)}"
    seats = [] if len(shared) == len(to) else shared
    say(game, seat, card, text + f", and gets {_cards(len(back))} back.", *seats)
    _emptied(game, before)


def _devil(game: VariantTable, seat: int, card: Card) -> None:
    """15: "You must tell of an 'original sin' that you have committed. Each player who has not
    committed that same sin (or will not admit to it) must give you a card." """
    court = _court(game)
    court.given = {}
    court.admitted = []
    say(game, seat, card, "{0} tells of an 'original sin' (a different one each time the Devil "
        "is played). Everyone who has not done the same, or will not admit it, gives {0} a "
        "card.")
    _devil_next(game, seat, card, tuple(playing(game, seat)), 0)


def _devil_next(game: VariantTable, seat: int, card: Card, asked: tuple[int, ...], i: int) -> None:
    court = _court(game)
    if i >= len(asked):
        gave = [s for s in asked if court.given.get(s)]
        parts = []
        if gave:
            verb = "gives" if len(gave) == 1 else "each give"
            parts.append(f"{_names(gave)} {verb} {{0}} a card")
        admitted = court.admitted
        if admitted:
            names = _shifted(len(gave), len(admitted))  # after the givers in the template
            parts.append(f"{names} admit{'s' if len(admitted) == 1 else ''} the same sin")
        say(game, seat, card, "; ".join(parts) + "." if parts else "nobody has a card to give.",
            *gave, *admitted)
        return
    target = asked[i]
    _ask(game, Decision(
        seat=target,
        prompt=f"The Devil: {game.name(seat)} has told of a sin. Have you committed it too?",
        options=("admit", "give"),
        labels=("I did it too (keep my card)", f"Not me: give {game.name(seat)} a card"),
        default="give",
        resolve=functools.partial(_devil_answer, seat, card, asked, i),
        bot_policy=lambda g, u: "admit" if u < 0.4 else "give",
    ))


def _devil_answer(seat: int, card: Card, asked: tuple[int, ...], i: int, game: VariantTable,
                  answer: str) -> None:
    court = _court(game)
    target = asked[i]
    if answer == "admit":
        court.admitted.append(target)
    else:
        before = game.counts
        court.given[target] = give(game, target, seat)
        _emptied(game, before)
    _devil_next(game, seat, card, asked, i + 1)


def _wheel(game: VariantTable, seat: int, card: Card) -> None:
    """16: "Change the direction of play. This takes effect when your turn is done, but does not
    affect the person who benefits from a failed challenge." """
    game.reverse()
    if game.challenge.challenger < 0 and game.challenge.claimant < 0 and game.play_on < 0:
        nxt = game.next_seat(seat)
        game.turn = nxt if nxt >= 0 else seat
    way = "clockwise" if game.dir == 1 else "counterclockwise"
    say(game, seat, card, f"play now goes {way}, from the end of {{0}}'s turn (whoever wins a "
        "failed challenge still takes the stack).")


def _offer(game: VariantTable, seat: int, prompt: str, yes: tuple[str, str], no: tuple[str, str],
           resolve: Callable[[VariantTable, str], None], bot: Callable[[VariantTable, float], str],
           free_text: int = 0, check: Callable[[VariantTable, str], str] | None = None) -> None:
    """A social card: ``seat`` does what the card asks (``yes``) or takes the card
    consequence (``no``); ``(option, label)`` each. Without an answer, the consequence."""
    _ask(game, Decision(
        seat=seat,
        prompt=prompt,
        options=(yes[0], no[0]),
        labels=(yes[1], no[1]),
        default=no[0],
        resolve=resolve,
        bot_policy=bot,
        free_text=free_text,
        check=check,
    ))


def _star(game: VariantTable, seat: int, card: Card) -> None:
    """18: "Sing a song that has the word 'star' in it. If you cannot think of any or are
    unwilling, you must give two cards to each player." """
    _offer(game, seat,
           "The Star: sing a song with the word 'star' in it (a different one each time; type "
           "its title if you like), or give two cards to each player.",
           ("sing", "I sing"), ("give", "Give two cards to each player"),
           functools.partial(_star_answer, card, seat), _star_bot,
           free_text=SONG_LIMIT, check=_song_sung)


def song_key(title: str) -> str:
    """A song title as the Star compares them: case, punctuation and spaces ignored."""
    return "".join(ch for ch in title.casefold() if ch.isalnum())


def _song_sung(game: VariantTable, answer: str) -> str:
    """ "Each time this card is played by any player, a different song must be sung." """
    key = song_key(answer)
    if answer in ("sing", "give") or not key or key not in _court(game).songs:
        return ""
    return (f"\u201c{answer}\u201d has already been sung in this game: the Star asks for a "
            "different song")


def _star_bot(game: VariantTable, u: float) -> str:
    """A bot sings (two times in three) a song from its list not yet sung, else gives."""
    fresh = [t for t in SONGS if song_key(t) not in _court(game).songs]
    if u >= 2 / 3 or not fresh:
        return "give"
    return fresh[int(u * 1.5 * len(fresh))]


def _star_answer(card: Card, seat: int, game: VariantTable, answer: str) -> None:
    if answer == "give":
        before = game.counts
        dealt = deal_round(game, seat, others(game, seat), rounds=2)
        say(game, seat, card, f"{{0}} does not sing, and gives two cards to each player "
            f"({_cards(dealt)}).")
        _emptied(game, before)
    elif answer == "sing":
        say(game, seat, card, "{0} sings a song with 'star' in it, and keeps their cards.")
    else:
        _court(game).songs.append(song_key(answer))
        say(game, seat, card, "{0} sings \u201c{q}\u201d, and keeps their cards.",
            quote=answer.rstrip(". "))


def _moon(game: VariantTable, seat: int, card: Card) -> None:
    """19: "Briefly expose a covered body part of your choice to your fellow players. If you
    are unwilling, give each player a card." Classroom-safe: only the card alternative."""
    if game.rules.flag("classroom"):
        _moon_answer(card, seat, game, "give")
        return
    _offer(game, seat,
           "The Moon: briefly uncover a covered body part of your choice (a different one each "
           "time you play the Moon; mind ages and onlookers), or give each player a card.",
           ("expose", "I uncover one"), ("give", "Give each player a card"),
           functools.partial(_moon_answer, card, seat),
           lambda g, u: "give")


def _moon_answer(card: Card, seat: int, game: VariantTable, answer: str) -> None:
    if answer == "expose":
        say(game, seat, card, "{0} briefly uncovers a body part, and keeps their cards.")
        return
    before = game.counts
    dealt = deal_round(game, seat, others(game, seat))
    say(game, seat, card, f"{{0}} gives each player a card ({_cards(dealt)}).")
    _emptied(game, before)


def local_minute(game: VariantTable) -> int:
    """The local time now, in minutes after midnight: the game's start plus its time."""
    return (game.rules.number("clock") + game.t // 60_000) % 1440


def is_day(game: VariantTable) -> bool:
    minute = local_minute(game)
    return game.rules.number("sunrise") * 60 <= minute < game.rules.number("sunset") * 60


def _sun(game: VariantTable, seat: int, card: Card) -> None:
    """20: "If playing between sunrise and sunset, you must bestow one card on each player;
    otherwise you get a card from each player." """
    minute = local_minute(game)
    clock = f"{minute // 60:02d}:{minute % 60:02d}"
    before = game.counts
    if is_day(game):
        dealt = deal_round(game, seat, others(game, seat))
        text = (f"it is day ({clock}), so {{0}} bestows a card on each player "
                f"({_cards(dealt)})." if dealt else
                f"it is day ({clock}), but {{0}} has no cards to bestow.")
    else:
        got = sum(give(game, s, seat) for s in others(game, seat))
        text = (f"it is night ({clock}), so {{0}} gets a card from each player "
                f"({_cards(got)})." if got else
                f"it is night ({clock}), but nobody else has a card to give {{0}}.")
    say(game, seat, card, text)
    _emptied(game, before)


def _world(game: VariantTable, seat: int, card: Card) -> None:
    """22: "Each player gives their hand to the player to their left." (Left is the next seat
    clockwise, whatever the direction of play.)"""
    ring = players(game)
    before = game.counts
    hands = [game.hands[s] for s in ring]
    for i, hand in enumerate(hands):
        game.hands[ring[(i + 1) % len(ring)]] = hand
    say(game, seat, card, "every player passes their hand to the player on their left.")
    _emptied(game, before)


ON_CARD: dict[int, Callable[[VariantTable, int, Card], None]] = {
    FOOL: _fool,
    MAGICIAN: lambda g, s, c: _tribute(g, s, c, "male"),
    PRIESTESS: lambda g, s, c: _tribute(g, s, c, "female"),
    EMPRESS: _empress,
    EMPEROR: _emperor,
    HIEROPHANT: _hierophant,
    LOVERS: _lovers,
    CHARIOT: _chariot,
    HERMIT: _hermit,
    JUSTICE: _justice,
    DEATH: _death,
    TEMPERANCE: _temperance,
    DEVIL: _devil,
    WHEEL: _wheel,
    STAR: _star,
    MOON: _moon,
    SUN: _sun,
    WORLD: _world,
}

EFFECTS = frozenset(ON_LAY) | frozenset(ON_CARD)
"""Every Major Arcana number with an effect: all 22."""


# -- hooks -------------------------------------------------------------------------------------


def _on_lay(game: VariantTable, seat: int, card: Card) -> bool:
    court = _court(game)
    court.effect = card if card.arcana else None
    lay = ON_LAY.get(card.arcana)
    if lay is None:
        return False
    lay(game, seat, card)
    return True


def _on_card(game: VariantTable, seat: int, card: Card) -> None:
    effect = ON_CARD.get(card.arcana)
    if effect is not None:
        effect(game, seat, card)
        _resume(game)


def _fine(game: VariantTable, seat: int, arg: str) -> None:
    """The Emperor's fine: a decree's holder takes a card from anyone (themselves included)
    who broke a decree: off the top of their hand, under the holder's."""
    court = _court(game)
    if not any(d.holder == seat for d in court.decrees):
        game.ignore(seat, "fine", "only a player who made a decree may fine")
        return
    if not game.in_game(seat):
        game.ignore(seat, "fine", "they are out of the game")
        return
    target = _seat(arg) if arg.isascii() and arg.isdigit() and len(arg) <= 2 else -1
    if not 0 <= target < game.n:
        game.ignore(seat, "fine", f"{arg!r} is not a player (fine a player by number, 1 to "
                    f"{game.n})")
        return
    if game.rules.flag("decree_yields") and court.effect is not None:
        game.ignore(seat, "fine", f"the decree gives way to {court.effect.name} while its "
                    "effect plays out")
        return
    if not give(game, target, seat):
        game.ignore(seat, "fine", f"{game.name(target)} has no cards to pay a fine")
        return
    decree = next(d for d in reversed(court.decrees) if d.holder == seat)
    say(game, seat, _EMPEROR_CARD, "{0} fines {1} a card for breaking the decree "
        "\u201c{q}\u201d.", target, quote=decree.text)
    if not game.hands[target]:
        game.emit(OutOfCards(game.t, target, False))


_EMPEROR_CARD = CARDS[f"M{EMPEROR}"]


def decree_holders(game: VariantTable) -> list[int]:
    court = court_of(game)
    return sorted({d.holder for d in court.decrees}) if court else []


def tarot_deck(rules: Rules) -> list[Card]:
    deck = [c for c in TAROT_DECK if rules.flag("death_card") or c.arcana != DEATH]
    return deck * rules.decks


def _defaults(players_: int, options: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"death_card": players_ != 2}


def _start(game: VariantTable) -> None:
    game.state = Court()


KURS = register(Variant(
    name="kurs",
    order=30,
    title="K.U.R.S.",
    summary="Kemetic Unorthodox Rat Screw: a 78-card Tarot deck; Page/Knight/Queen/King "
    "challenge with 1/2/3/4 chances; slap doubles; each of the 22 Major Arcana has an effect "
    "(swaps, gifts, decrees, songs...).",
    aliases=("k.u.r.s.", "tarot", "kemetic-unorthodox-rat-screw"),
    lesson="kurs.lesson.toml",
    rules=Rules(slaps=("double",), challenge=(("P", 1), ("N", 2), ("Q", 3), ("K", 4))),
    deck=tarot_deck,
    player_defaults=_defaults,
    options=("classroom", "genders", "sunrise", "sunset", "decree_yields", "death_card",
             "ending", "slaps"),
    own_options=(
        OptionSpec("death_card", "The Death card is in the deck (left out by default with two "
                   "players, where it ends the game at once).", default=True),
        OptionSpec("classroom", "Classroom-safe wording: the Lovers ask for a high five, not a "
                   "kiss, and the Moon only gives cards.", default=True),
        OptionSpec("decree_yields", "A decree gives way to the Major Arcana: no fines while an "
                   "Arcana card's effect plays out (until the next card is laid).",
                   default=True),
        OptionSpec("sunrise", "The Sun: the hour (0-23, local time) from which it is day.",
                   minimum=0, maximum=23, default=6),
        OptionSpec("sunset", "The Sun: the hour (1-24, local time) from which it is night.",
                   minimum=1, maximum=24, default=18),
        OptionSpec("clock", "The local time the game started, in minutes after midnight (the "
                   "page and the CLI read it from the clock); the Sun adds the game's time.",
                   minimum=0, maximum=1439, default=720, local_time=True),
        OptionSpec("genders", "For the Magician (male) and the High Priestess (female): each "
                   "seat's answer, in seat order, or - to leave a seat unset (not affected).",
                   GENDERS, default=(), per_seat=True),
    ),
    ignores=("jokers", "joker_split"),
    cause_titles={"strength": "Strength", "hanged-man": "The Hanged Man"},
    on_start=_start,
    on_lay=_on_lay,
    on_card=_on_card,
    actions={"fine": _fine},
))
