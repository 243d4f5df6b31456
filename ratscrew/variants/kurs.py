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

from ratscrew.core.cards import (
    ARCANA_NAMES,
    CARDS,
    JOKER,
    RANK_NAMES,
    SUIT_NAMES,
    TAROT_DECK,
    Card,
)
from ratscrew.core.events import (
    NO_REASON,
    Controls,
    Event,
    Flipped,
    OutOfCards,
    seat_name,
    tidy,
)
from ratscrew.core.options import OptionSpec, Rules
from ratscrew.core.table import Decision, VariantTable
from ratscrew.core.variant import Variant, register
from ratscrew.i18n import ENGLISH, N_, Catalogue, Text, join, msg, msg_n, t, using

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
    N_("When you win a stack, thank the player you won it from by name."),
    N_("Call me 'Your Highness'."),
    N_("Say 'pardon' before you slap."),
    N_("No one may say the word 'card'."),
)
"""Suggested decrees (the first two are the rule text's examples); bots pick one. A decree
keeps its English words (a record holds them): :func:`decree_text` says it."""
SONGS = (
    "Twinkle, Twinkle, Little Star",
    "Catch a Falling Star",
    "When You Wish Upon a Star",
    "Star Man",
    "Lucky Star",
)
"""What a bot sings for the Star."""


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Players:
    """Players an effect's sentence names, said by their names when the event is explained
    (the names are the table's, not the game's): one, or several as a list ("Ben, Cleo and
    Dev"). Said without the table's names, they are "player 1"..."""

    seats: tuple[int, ...]

    def say(self, names: Sequence[str] | None = None) -> str:
        return join([seat_name(s, names) for s in self.seats])

    def __str__(self) -> str:
        return self.say()


@dataclass(frozen=True, slots=True)
class Tally:
    """Players and a number each (the cards the Hermit handed them): "Ben 3, Cleo 2"."""

    seats: tuple[int, ...]
    counts: tuple[int, ...]

    def say(self, names: Sequence[str] | None = None) -> str:
        # i18n: A player and how many cards the Hermit handed them, in a list ("Ben 3, Cleo 2").
        return ", ".join(t("{who} {n}", who=seat_name(s, names), n=n)
                         for s, n in zip(self.seats, self.counts, strict=True))

    def __str__(self) -> str:
        return self.say()


def _named(value: object, names: Sequence[str] | None) -> object:
    """``value`` with the players it names said by ``names`` (in a :class:`Text`'s values
    too)."""
    if isinstance(value, Players | Tally):
        return value.say(names)
    if isinstance(value, Text) and value.values:
        return value.with_values(tuple((k, _named(v, names)) for k, v in value.values))
    return value


class _Sentence(Text):
    """A :class:`Text` said as a sentence should be: without the doubled punctuation a name
    ending in its own stop brings before the message's ("... with Dr.." is "... with Dr.")."""

    __slots__ = ()

    def say(self, catalogue: Catalogue | None = None) -> str:
        return tidy(Text.say(self, catalogue))


def _sentence(text: Text) -> _Sentence:
    return _Sentence(text.msgid, text.values, text.plural, text.n, text.context)


@dataclass(slots=True, eq=False)
class ArcanaEffect(Event):
    """What a Major Arcana card did (K.U.R.S.), in a sentence: ``text``, whose values name
    players as :class:`Players` (``{who}`` is whoever played the card). ``cards``: cards only
    ``seat`` may see (the Fool's peek)."""

    kind: ClassVar[str] = "arcana"
    seat: int
    card: Card
    text: Text
    cards: tuple[Card, ...] = ()

    def sentence(self, names: Sequence[str] | None = None) -> str:
        """What the card did, without the card's name."""
        said = _named(self.text, names)
        return tidy(said.say() if isinstance(said, Text) else str(said))

    def explain(self, names: Sequence[str] | None = None,
                controls: Controls | None = None) -> str:
        # i18n: A Major Arcana card's name, then what its effect did: a sentence that names
        # {who}, the card's player (it may start with a small letter: "no effect.").
        return tidy(t("{card}: {effect}", card=self.card.name, effect=self.sentence(names)))

    def to_dict(self) -> dict[str, Any]:
        with using(ENGLISH):  # the text in English, as a record keeps it ("player 1"...)
            return Event.to_dict(self)


def card_name(card: Card) -> Text:
    """A card's name as :attr:`Card.name <ratscrew.core.cards.Card.name>` says it, but said
    when read (a prompt, a label or a reason keeps it), in the reader's language."""
    if card.arcana:
        return msg(ARCANA_NAMES[card.arcana - 1])
    if card.rank == JOKER:
        return msg("Red Joker") if card.red else msg("Black Joker")
    rank = RANK_NAMES[card.rank]
    return msg("{rank} of {suit}", rank=msg(rank) if card.rank > 10 else rank,
               suit=msg(SUIT_NAMES[card.suit]))


def decree_text(text: str) -> str | Text:
    """A decree as it is said: a suggested one (:data:`DECREES`) in the reader's language, a
    typed one as it was typed."""
    return msg(text) if text in DECREES else text


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


def say(game: VariantTable, seat: int, card: Card, text: Text,
        cards: tuple[Card, ...] = ()) -> None:
    """Explain the effect: ``text`` (:func:`~ratscrew.i18n.msg`) names ``seat`` as ``{who}``
    (added here) and other players by values that are :class:`Players`."""
    if "who" not in dict(text.values):
        text = text.with_values((("who", _player(seat)), *text.values))
    game.emit(ArcanaEffect(game.t, seat, card, text, cards))


def _player(seat: int) -> Players:
    return Players((seat,))


def _players(seats: Sequence[int]) -> Players:
    return Players(tuple(seats))


def _emptied(game: VariantTable, before: Sequence[int]) -> None:
    """Note the players an effect left without cards (they leave the turn order)."""
    for s, count in enumerate(before):
        if count and not game.hands[s]:
            game.emit(OutOfCards(game.t, s, False))


def _seat_options(game: VariantTable,
                  seats: Sequence[int]) -> tuple[tuple[str, ...], tuple[str | Text, ...]]:
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
        n = len(game.pile)
        say(game, seat, card, msg_n("{who} wins the challenge and the whole stack ({n} card).",
                                    "{who} wins the challenge and the whole stack ({n} cards).",
                                    n, n=n))
        game.award(seat, cause="strength")
    else:
        say(game, seat, card, msg("no challenge to win, so no effect."))
        game.play_as(seat, card)


def _hanged_man(game: VariantTable, seat: int, card: Card) -> None:
    """12: "Pass out one card to each player; then take the stack (if any) as if you had won a
    challenge." Footnote 3: with too few cards, no stack, and the turn is over."""
    to = others(game, seat)
    hand = game.hands[seat]
    if len(hand) < len(to):
        n = len(hand)
        say(game, seat, card, msg_n(
            "{who} has {n} card, too few to pass one to each player, so the turn is over.",
            "{who} has {n} cards, too few to pass one to each player, so the turn is over.",
            n, n=n))
        game.play_as(seat, card)
        _end_turn(game, seat)
        return
    game.emit(Flipped(game.t, seat, card))
    before = [0 if s == seat else n for s, n in enumerate(game.counts)]  # (they get the stack)
    deal_round(game, seat, to)
    n = len(game.pile)
    say(game, seat, card, msg_n(
        "{who} passes a card to each player and takes the stack ({n} card) as if they had won "
        "a challenge.",
        "{who} passes a card to each player and takes the stack ({n} cards) as if they had won "
        "a challenge.", n, n=n))
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
        say(game, seat, card, msg("{who} has no cards left to flip, so the turn is over."))
        _end_turn(game, seat)
        return
    game.emit(Flipped(game.t, seat, card))
    half = (len(hand) + 1) // 2
    for _ in range(half - 1):
        game.put_covered(seat, hand.popleft())  # never seen: no slap pattern uses them
    shown = hand.popleft()
    game.put_on_pile(seat, shown)
    # i18n: {card} is the code of the card that shows (4CU: the 4 of Cups).
    say(game, seat, card, msg_n(
        "{who} flips the top half of their hand ({n} card) onto the stack: {card} shows, and "
        "counts as the card they played.",
        "{who} flips the top half of their hand ({n} cards) onto the stack: {card} shows, and "
        "counts as the card they played.", half, n=half, card=shown.code))
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
    n, low, high = len(gathered), counts[0], counts[-1]  # (an even deal: two sizes at most)
    if low == high and not deaths:
        # i18n: {each}: the cards each player is dealt.
        text = msg_n("{who} gathers every hand and the stack ({n} card) and deals them out "
                     "evenly: {each} each. Judgement leaves play.",
                     "{who} gathers every hand and the stack ({n} cards) and deals them out "
                     "evenly: {each} each. Judgement leaves play.", n, n=n, each=low)
    elif low == high:
        # i18n: {each}: the cards each player is dealt.
        text = msg_n("{who} gathers every hand and the stack ({n} card) and deals them out "
                     "evenly: {each} each. Judgement leaves play, and so does Death.",
                     "{who} gathers every hand and the stack ({n} cards) and deals them out "
                     "evenly: {each} each. Judgement leaves play, and so does Death.",
                     n, n=n, each=low)
    elif not deaths:
        # i18n: {low} or {high}: the cards each player is dealt (some get one more).
        text = msg_n("{who} gathers every hand and the stack ({n} card) and deals them out "
                     "evenly: {low} or {high} each. Judgement leaves play.",
                     "{who} gathers every hand and the stack ({n} cards) and deals them out "
                     "evenly: {low} or {high} each. Judgement leaves play.",
                     n, n=n, low=low, high=high)
    else:
        # i18n: {low} or {high}: the cards each player is dealt (some get one more).
        text = msg_n("{who} gathers every hand and the stack ({n} card) and deals them out "
                     "evenly: {low} or {high} each. Judgement leaves play, and so does Death.",
                     "{who} gathers every hand and the stack ({n} cards) and deals them out "
                     "evenly: {low} or {high} each. Judgement leaves play, and so does Death.",
                     n, n=n, low=low, high=high)
    say(game, seat, card, text)
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
        say(game, seat, card, msg("{who} has no cards to look at."))
        return
    n = len(top)
    say(game, seat, card, msg_n("{who} looks at their top card and puts it back in the same "
                                "order.",
                                "{who} looks at their top {n} cards and puts them back in the "
                                "same order.", n, n=n), cards=top)


def _tribute(game: VariantTable, seat: int, card: Card, mark: str) -> None:
    """2, 3: "All male (female) players must give you a card." Unset seats are not
    affected."""
    genders = game.rules.seat_choices("genders")
    marked = [s for s in others(game, seat) if s < len(genders) and genders[s] == mark]
    male = mark == "male"
    if not marked:
        say(game, seat, card, msg("no other player is marked male, so no effect.") if male else
            msg("no other player is marked female, so no effect."))
        return
    before = game.counts
    gave = [s for s in marked if give(game, s, seat)]
    if not gave:
        say(game, seat, card, msg("the male players have no cards to give.") if male else
            msg("the female players have no cards to give."))
        return
    say(game, seat, card, _gave(gave, seat))
    _emptied(game, before)


def _gave(gave: Sequence[int], seat: int, stop: bool = True) -> Text:
    """``gave`` (one player or a list) each gave ``seat`` a card: a sentence, or (not
    ``stop``) a clause of one."""
    n = len(gave)
    if stop:
        # i18n: {givers}: a player, or a list of players ("Ben and Dev").
        return msg_n("{givers} gives {who} a card.", "{givers} each give {who} a card.", n,
                     givers=_players(gave), who=_player(seat))
    # i18n: A clause, without a full stop. {givers}: a player, or a list of players.
    return msg_n("{givers} gives {who} a card", "{givers} each give {who} a card", n,
                 givers=_players(gave), who=_player(seat))


def _empress(game: VariantTable, seat: int, card: Card) -> None:
    """4: "Give each player two cards." (Dealt one at a time, as far as the cards go.)"""
    to = others(game, seat)
    before = game.counts
    dealt = deal_round(game, seat, to, rounds=2)
    if dealt == 2 * len(to):
        say(game, seat, card, msg_n("{who} gives two cards to each player ({n} card).",
                                    "{who} gives two cards to each player ({n} cards).",
                                    dealt, n=dealt))
    else:
        say(game, seat, card, msg_n("{who} gives what they have: {n} card, one at a time round "
                                    "the table.",
                                    "{who} gives what they have: {n} cards, one at a time round "
                                    "the table.", dealt, n=dealt))
    _emptied(game, before)


def _emperor(game: VariantTable, seat: int, card: Card) -> None:
    """5: "Make a decree. For the rest of the game, you may fine someone a card if they do not
    follow your decree." The decree is typed (or one of the suggestions)."""
    _ask(game, Decision(
        seat=seat,
        prompt=msg("The Emperor: make a decree (type it, or pick one). For the rest of the game "
                   "you may fine anyone who breaks it a card."),
        options=DECREES,
        labels=tuple(msg(decree) for decree in DECREES),
        default=DECREES[0],
        resolve=functools.partial(_decreed, card, seat),
        bot_policy=lambda g, u: DECREES[int(u * len(DECREES))],
        free_text=DECREE_LIMIT,
    ))


def _decreed(card: Card, seat: int, game: VariantTable, text: str) -> None:
    _court(game).effect = None  # the Emperor's effect is the decree: nothing to give way to
    _court(game).decrees.append(Decree(seat, text))
    decree = decree_text(text)
    if text.rstrip("\"'\u201d\u2019").endswith((".", "!", "?", "\u2026")):
        # i18n: {decree} is the decree as its player typed it (or chose it), with its own stop.
        say(game, seat, card, msg("{who} decrees: \u201c{decree}\u201d Anyone who breaks it may "
                                  "be fined a card by {who}.", decree=decree))
    else:  # a decree typed without a full stop: the sentence ends after the quote
        # i18n: {decree} is the decree as its player typed it, without a stop of its own.
        say(game, seat, card, msg("{who} decrees: \u201c{decree}\u201d. Anyone who breaks it "
                                  "may be fined a card by {who}.", decree=decree))


def _hierophant(game: VariantTable, seat: int, card: Card) -> None:
    """6: "Tithe each player for two cards." """
    before = game.counts
    paid = {s: give(game, s, seat, 2) for s in others(game, seat)}
    total = sum(paid.values())
    if not total:
        say(game, seat, card, msg("nobody else has cards to tithe."))
        return
    say(game, seat, card, msg_n("{who} tithes each player for two cards ({n} card paid in all).",
                                "{who} tithes each player for two cards ({n} cards paid in "
                                "all).", total, n=total))
    _emptied(game, before)


def _lovers(game: VariantTable, seat: int, card: Card) -> None:
    """7: "Steal a kiss (and a card) from the player of your choice. If they refuse, they must
    give a card to everyone." """
    to = others(game, seat)
    if not to:
        say(game, seat, card, msg("there is nobody to choose, so no effect."))
        return
    options, labels = _seat_options(game, to)
    _ask(game, Decision(
        seat=seat,
        prompt=msg("The Lovers: who do you ask for a high five (and a card)? If they refuse, "
                   "they give everyone a card.") if game.rules.flag("classroom") else
        msg("The Lovers: who do you ask for a kiss (and a card)? If they refuse, they give "
            "everyone a card."),
        options=options,
        default=options[0],
        resolve=functools.partial(_lovers_target, card, seat),
        bot_policy=functools.partial(_most_cards, to),
        labels=labels,
    ))


def _lovers_target(card: Card, seat: int, game: VariantTable, option: str) -> None:
    target = _seat(option)
    classroom = game.rules.flag("classroom")
    who = game.name(seat)
    if classroom:
        prompt = msg("The Lovers: {who} asks you for a high five and a card. Accept, or refuse "
                     "and give a card to everyone?", who=who)
        accept = msg("Accept: a high five and a card")
    else:
        prompt = msg("The Lovers: {who} asks you for a kiss and a card. Accept, or refuse and "
                     "give a card to everyone?", who=who)
        accept = msg("Accept: a kiss and a card")
    _ask(game, Decision(
        seat=target,
        prompt=prompt,
        options=("accept", "refuse"),
        labels=(accept, msg("Refuse: a card to everyone")),
        default="accept" if classroom else "refuse",
        resolve=functools.partial(_lovers_answer, card, seat, target),
        bot_policy=lambda g, u: "accept" if u < 0.7 else "refuse",
    ))


def _lovers_answer(card: Card, seat: int, target: int, game: VariantTable, answer: str) -> None:
    classroom = game.rules.flag("classroom")
    before = game.counts
    if answer == "accept":
        moved, chosen = give(game, target, seat), _player(target)
        if classroom and moved:
            # i18n: {target} is the player chosen, {who} played the Lovers.
            text = msg("{target} gives {who} a high five and a card.", target=chosen)
        elif classroom:
            # i18n: {target} is the player chosen, {who} played the Lovers.
            text = msg("{target} gives {who} a high five (they have no card to give).",
                       target=chosen)
        elif moved:
            # i18n: {target} is the player chosen, {who} played the Lovers.
            text = msg("{target} gives {who} a kiss and a card.", target=chosen)
        else:
            # i18n: {target} is the player chosen, {who} played the Lovers.
            text = msg("{target} gives {who} a kiss (they have no card to give).", target=chosen)
        say(game, seat, card, text)
    else:
        dealt = deal_round(game, target, others(game, target))
        # i18n: {target} is the player chosen, {who} played the Lovers.
        say(game, seat, card, msg_n("{target} refuses {who} and gives a card to everyone ({n} "
                                    "card).",
                                    "{target} refuses {who} and gives a card to everyone ({n} "
                                    "cards).", dealt, target=_player(target), n=dealt))
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
        prompt=msg("The Chariot: trade hands with another player, or keep your own?"),
        options=("keep", *options),
        labels=(msg("Keep my hand"),
                # i18n: A button: trade hands with {who}.
                *(msg("Trade with {who}", who=name) for name in labels)),
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
        n = len(game.hands[seat])
        say(game, seat, card, msg_n("{who} keeps their hand ({n} card).",
                                    "{who} keeps their hand ({n} cards).", n, n=n))
        return
    other = _seat(option)
    mine, theirs = len(game.hands[seat]), len(game.hands[other])
    before = game.counts
    game.hands[seat], game.hands[other] = game.hands[other], game.hands[seat]
    # i18n: {mine}: the cards {who} held; {theirs}: the cards {target} held.
    say(game, seat, card, msg_n("{who} trades hands with {target} ({mine} card for {theirs}).",
                                "{who} trades hands with {target} ({mine} cards for {theirs}).",
                                mine, target=_player(other), mine=mine, theirs=theirs))
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
        say(game, seat, card, msg("nobody else has cards to give, so no effect."))
        return
    court = _court(game)
    court.hermit = seat
    court.given = {}
    game.side_piles["hermit"] = held
    n = len(held)
    say(game, seat, card, msg_n("{who} takes the top three cards of each hand ({n} card) and "
                                "hands them out, one by one.",
                                "{who} takes the top three cards of each hand ({n} cards) and "
                                "hands them out, one by one.", n, n=n))
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
        prompt=msg_n("The Hermit: which card do you hand out next? ({n} card left; each goes on "
                     "top of its receiver's hand)",
                     "The Hermit: which card do you hand out next? ({n} cards left; each goes "
                     "on top of its receiver's hand)", len(held), n=len(held)),
        options=codes,
        labels=tuple(card_name(next(c for c in held if c.code == code)) for code in codes),
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
        # i18n: {card} is a card's name (Queen of Cups, 10 of Swords, The Star).
        prompt=msg("The Hermit: who gets the {card}? It goes on top of their hand.",
                   card=card_name(chosen)),
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
    # i18n: {tally}: each player and the cards they were handed ("Ben 3, Cleo 2").
    say(game, seat, card, msg("{who} has handed out every card: {tally}.",
                              tally=Tally(tuple(seats), tuple(given[s] for s in seats))))


def _justice(game: VariantTable, seat: int, card: Card) -> None:
    """11: "If three or more are playing, you must rule from the bench that two other players
    switch hands." (Footnote 4: otherwise no effect.)"""
    to = playing(game, seat)
    if len(to) < 2:
        say(game, seat, card, msg("fewer than three are playing, so no effect."))
        return
    _justice_ask(game, seat, card, to, -1)


def _justice_ask(game: VariantTable, seat: int, card: Card, to: Sequence[int], first: int) -> None:
    choices = [s for s in to if s != first]
    options, labels = _seat_options(game, choices)
    if first < 0:
        prompt = msg("Justice: rule that two other players switch hands. Choose the first.")
    else:
        # i18n: {who} is the player chosen first.
        prompt = _sentence(msg("Justice: rule that two other players switch hands. Choose who "
                               "switches hands with {who}.", who=game.name(first)))
    _ask(game, Decision(
        seat=seat,
        prompt=prompt,
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
    # i18n: {who} rules; {first} and {second} switch hands ({na} cards: those {first} held).
    say(game, seat, card, msg_n("{who} rules that {first} and {second} switch hands ({na} card "
                                "for {nb}).",
                                "{who} rules that {first} and {second} switch hands ({na} cards "
                                "for {nb}).", na, first=_player(a), second=_player(b), na=na,
                                nb=nb))


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
        say(game, seat, card, msg_n("{who} deals out their whole hand ({n} card) to the other "
                                    "players; their turn is over, and Death leaves play.",
                                    "{who} deals out their whole hand ({n} cards) to the other "
                                    "players; their turn is over, and Death leaves play.",
                                    count, n=count))
        game.emit(OutOfCards(game.t, seat, False))
    else:
        say(game, seat, card, msg("{who} has no cards to deal out; Death leaves play."))


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
        say(game, seat, card, msg("{who} has no cards to share, so no effect."))
        return
    n = len(back)
    if len(shared) == len(to):
        text = msg_n("{who} deals a card to each player, and gets {n} card back.",
                     "{who} deals a card to each player, and gets {n} cards back.", n, n=n)
    else:
        # i18n: {players}: a player, or a list of players ("Ben and Cleo").
        text = msg_n("{who} deals a card to {players}, and gets {n} card back.",
                     "{who} deals a card to {players}, and gets {n} cards back.", n,
                     players=_players(shared), n=n)
    say(game, seat, card, text)
    _emptied(game, before)


def _devil(game: VariantTable, seat: int, card: Card) -> None:
    """15: "You must tell of an 'original sin' that you have committed. Each player who has not
    committed that same sin (or will not admit to it) must give you a card." """
    court = _court(game)
    court.given = {}
    court.admitted = []
    say(game, seat, card, msg("{who} tells of an 'original sin' (a different one each time the "
                              "Devil is played). Everyone who has not done the same, or will "
                              "not admit it, gives {who} a card."))
    _devil_next(game, seat, card, tuple(playing(game, seat)), 0)


def _devil_next(game: VariantTable, seat: int, card: Card, asked: tuple[int, ...], i: int) -> None:
    court = _court(game)
    if i >= len(asked):
        gave = [s for s in asked if court.given.get(s)]
        admitted, n = court.admitted, len(court.admitted)
        if gave and admitted:
            # i18n: A clause, without a full stop. {players}: a player, or a list of players.
            clause = msg_n("{players} admits the same sin", "{players} admit the same sin", n,
                           players=_players(admitted))
            # i18n: Who gave the Devil's player a card; then who admitted the same sin.
            text = msg("{gave}; {admitted}.", gave=_gave(gave, seat, stop=False),
                       admitted=clause)
        elif gave:
            text = _gave(gave, seat)
        elif admitted:
            # i18n: {players}: a player, or a list of players ("Ben and Cleo").
            text = msg_n("{players} admits the same sin.", "{players} admit the same sin.", n,
                         players=_players(admitted))
        else:
            text = msg("nobody has a card to give.")
        say(game, seat, card, text)
        return
    target = asked[i]
    who = game.name(seat)
    _ask(game, Decision(
        seat=target,
        prompt=msg("The Devil: {who} has told of a sin. Have you committed it too?", who=who),
        options=("admit", "give"),
        labels=(msg("I did it too (keep my card)"), msg("Not me: give {who} a card", who=who)),
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
    if game.dir == 1:
        text = msg("play now goes clockwise, from the end of {who}'s turn (whoever wins a failed "
                   "challenge still takes the stack).")
    else:
        text = msg("play now goes counterclockwise, from the end of {who}'s turn (whoever wins a "
                   "failed challenge still takes the stack).")
    say(game, seat, card, text)


def _offer(game: VariantTable, seat: int, prompt: Text, yes: tuple[str, Text],
           no: tuple[str, Text],
           resolve: Callable[[VariantTable, str], None], bot: Callable[[VariantTable, float], str],
           free_text: int = 0, check: Callable[[VariantTable, str], Text] | None = None) -> None:
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
           msg("The Star: sing a song with the word 'star' in it (a different one each time; "
               "type its title if you like), or give two cards to each player."),
           ("sing", msg("I sing")), ("give", msg("Give two cards to each player")),
           functools.partial(_star_answer, card, seat), _star_bot,
           free_text=SONG_LIMIT, check=_song_sung)


def song_key(title: str) -> str:
    """A song title as the Star compares them: case, punctuation and spaces ignored."""
    return "".join(ch for ch in title.casefold() if ch.isalnum())


def _song_sung(game: VariantTable, answer: str) -> Text:
    """ "Each time this card is played by any player, a different song must be sung." """
    key = song_key(answer)
    if answer in ("sing", "give") or not key or key not in _court(game).songs:
        return NO_REASON
    # i18n: {song} is a song's title, as the player typed it.
    return msg("\u201c{song}\u201d has already been sung in this game: the Star asks for a "
               "different song", song=answer)


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
        say(game, seat, card, msg_n("{who} does not sing, and gives two cards to each player "
                                    "({n} card).",
                                    "{who} does not sing, and gives two cards to each player "
                                    "({n} cards).", dealt, n=dealt))
        _emptied(game, before)
    elif answer == "sing":
        say(game, seat, card, msg("{who} sings a song with 'star' in it, and keeps their cards."))
    else:
        _court(game).songs.append(song_key(answer))
        # i18n: {song} is a song's title, as the player typed it.
        say(game, seat, card, msg("{who} sings \u201c{song}\u201d, and keeps their cards.",
                                  song=answer.rstrip(". ")))


def _moon(game: VariantTable, seat: int, card: Card) -> None:
    """19: "Briefly expose a covered body part of your choice to your fellow players. If you
    are unwilling, give each player a card." Classroom-safe: only the card alternative."""
    if game.rules.flag("classroom"):
        _moon_answer(card, seat, game, "give")
        return
    _offer(game, seat,
           msg("The Moon: briefly uncover a covered body part of your choice (a different one "
               "each time you play the Moon; mind ages and onlookers), or give each player a "
               "card."),
           ("expose", msg("I uncover one")), ("give", msg("Give each player a card")),
           functools.partial(_moon_answer, card, seat),
           lambda g, u: "give")


def _moon_answer(card: Card, seat: int, game: VariantTable, answer: str) -> None:
    if answer == "expose":
        say(game, seat, card, msg("{who} briefly uncovers a body part, and keeps their cards."))
        return
    before = game.counts
    dealt = deal_round(game, seat, others(game, seat))
    say(game, seat, card, msg_n("{who} gives each player a card ({n} card).",
                                "{who} gives each player a card ({n} cards).", dealt, n=dealt))
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
        # i18n: {time} is the local time, as hours:minutes (12:00).
        text = (msg_n("it is day ({time}), so {who} bestows a card on each player ({n} card).",
                      "it is day ({time}), so {who} bestows a card on each player ({n} cards).",
                      dealt, time=clock, n=dealt) if dealt else
                # i18n: {time} is the local time, as hours:minutes (12:00).
                msg("it is day ({time}), but {who} has no cards to bestow.", time=clock))
    else:
        got = sum(give(game, s, seat) for s in others(game, seat))
        # i18n: {time} is the local time, as hours:minutes (22:00).
        text = (msg_n("it is night ({time}), so {who} gets a card from each player ({n} card).",
                      "it is night ({time}), so {who} gets a card from each player ({n} cards).",
                      got, time=clock, n=got) if got else
                # i18n: {time} is the local time, as hours:minutes (22:00).
                msg("it is night ({time}), but nobody else has a card to give {who}.",
                    time=clock))
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
    say(game, seat, card, msg("every player passes their hand to the player on their left."))
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
        game.ignore(seat, "fine", msg("only a player who made a decree may fine"))
        return
    if not game.in_game(seat):
        game.ignore(seat, "fine", msg("they are out of the game"))
        return
    target = _seat(arg) if arg.isascii() and arg.isdigit() and len(arg) <= 2 else -1
    if not 0 <= target < game.n:
        # i18n: {what} is what was typed for the player to fine, quoted; {n}: the players.
        game.ignore(seat, "fine", msg("{what} is not a player (fine a player by number, 1 to "
                                      "{n})", what=repr(arg), n=game.n))
        return
    if game.rules.flag("decree_yields") and court.effect is not None:
        # i18n: {card} is a Major Arcana card's name (The Fool).
        game.ignore(seat, "fine", msg("the decree gives way to {card} while its effect plays "
                                      "out", card=card_name(court.effect)))
        return
    if not give(game, target, seat):
        # i18n: {who} is the player fined.
        game.ignore(seat, "fine", msg("{who} has no cards to pay a fine",
                                      who=game.name(target)))
        return
    decree = next(d for d in reversed(court.decrees) if d.holder == seat)
    # i18n: {who} fines {target}; {decree} is the decree as its player typed it (or chose it).
    say(game, seat, _EMPEROR_CARD, msg("{who} fines {target} a card for breaking the decree "
                                       "\u201c{decree}\u201d.", target=_player(target),
                                       decree=decree_text(decree.text)))
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
    title=N_("K.U.R.S."),
    summary=N_("Kemetic Unorthodox Rat Screw: a 78-card Tarot deck; Page/Knight/Queen/King "
               "challenge with 1/2/3/4 chances; slap doubles; each of the 22 Major Arcana has an "
               "effect (swaps, gifts, decrees, songs...)."),
    aliases=("k.u.r.s.", "tarot", "kemetic-unorthodox-rat-screw"),
    lesson="kurs.lesson.toml",
    rules=Rules(slaps=("double",), challenge=(("P", 1), ("N", 2), ("Q", 3), ("K", 4))),
    deck=tarot_deck,
    player_defaults=_defaults,
    options=("classroom", "genders", "sunrise", "sunset", "decree_yields", "death_card",
             "ending", "slaps"),
    own_options=(
        OptionSpec("death_card", N_("The Death card is in the deck (left out by default with "
                                    "two players, where it ends the game at once)."),
                   default=True),
        OptionSpec("classroom", N_("Classroom-safe wording: the Lovers ask for a high five, not "
                                   "a kiss, and the Moon only gives cards."), default=True),
        OptionSpec("decree_yields", N_("A decree gives way to the Major Arcana: no fines while "
                                       "an Arcana card's effect plays out (until the next card "
                                       "is laid)."),
                   default=True),
        OptionSpec("sunrise", N_("The Sun: the hour (0-23, local time) from which it is day."),
                   minimum=0, maximum=23, default=6),
        OptionSpec("sunset", N_("The Sun: the hour (1-24, local time) from which it is night."),
                   minimum=1, maximum=24, default=18),
        OptionSpec("clock", N_("The local time the game started, in minutes after midnight "
                               "(the page and the CLI read it from the clock); the Sun adds the "
                               "game's time."),
                   minimum=0, maximum=1439, default=720, local_time=True),
        # i18n: "-" is typed as it is (it leaves a seat unset).
        OptionSpec("genders", N_("For the Magician (male) and the High Priestess (female): each "
                                 "seat's answer, in seat order, or - to leave a seat unset (not "
                                 "affected)."),
                   GENDERS, default=(), per_seat=True),
    ),
    ignores=("jokers", "joker_split"),
    cause_titles={"strength": N_("Strength"), "hanged-man": N_("The Hanged Man")},
    on_start=_start,
    on_lay=_on_lay,
    on_card=_on_card,
    actions={"fine": _fine},
))
