"""Beggar-My-Neighbour deal analyser.

Beggar-My-Neighbour (BMN) is the two-player, no-slap ancestor of Egyptian Rat Screw. A deal is
two hands; only the pay cards matter, so a hand is a sequence of payment values: 0 for a number
card, 1/2/3/4 for J/Q/K/A.

The rules follow the convention of the published deal records (Mann's notation, the search for
the longest game and for a non-terminating one):

* A hand's leftmost card is its top card. Player 1 leads.
* Players alternate laying their top card on the pile. When a pay card is laid, the opponent
  pays: lays up to 1/2/3/4 cards one at a time. If one of those is itself a pay card, the
  payment stops and the other player now pays for it. When a payment completes with no pay
  card, the player who laid the last pay card takes the pile, puts it under their hand in the
  order played (the first card laid ends up nearest the top) and leads the next trick.
* A player who must play or pay with no cards loses at once; the other player takes the pile,
  and that counts as a trick. Laying one's last card is not losing: if it was a pay card and it
  gets paid for, the pile comes back. When a hand is empty at the end of a trick the game ends
  and the other player wins.
* ``cards`` counts every card laid on the pile, ``tricks`` every pile taken.
* If the hands and the leader at the start of a trick repeat an earlier trick start, the game
  never ends: the result is a loop, with the counts at the start of the repeated trick.

:func:`analyse` is the fast path: a tight loop over ints in two deques, with Brent-style cycle
checks against saved trick starts (a few comparisons per trick instead of hashing both hands).
When it sees a repeat, or when ``max_tricks`` is given, the deal is replayed by
:class:`BmnGame`, the plain trick-by-trick version, which keeps every trick start in a set and
so gives the exact counts at the first repetition. The two implementations are tested against
each other.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from ratscrew.i18n import t, tn

__all__ = [
    "BmnError",
    "BmnGame",
    "BmnResult",
    "Trick",
    "analyse",
    "format_hand",
    "format_result",
    "parse_deal_line",
    "parse_hand",
]

FINISHED = "finished"
LOOP = "loop"
UNFINISHED = "unfinished"
PLAYING = "playing"

_RANK_VALUES = {
    "-": 0,
    **{str(n): 0 for n in range(2, 10)},
    "T": 0,
    "J": 1,
    "Q": 2,
    "K": 3,
    "A": 4,
}
_SUITS = frozenset("SHDC")
_MANN = "-JQKA"
_PAY_VALUES = bytes(range(5))


class BmnError(ValueError):
    """A hand, deal line or argument that the analyser cannot use. What a person typed (a
    hand, a deal line) is refused in the language in use; a program's misuse in English."""


@dataclass(frozen=True, slots=True)
class BmnResult:
    """How a deal ends.

    ``status`` is ``'finished'`` (``winner`` is 1 or 2), ``'loop'`` (the deal repeats and never
    ends; ``winner`` is None) or, only when :func:`analyse` was given ``max_tricks``,
    ``'unfinished'`` (stopped at the limit; ``winner`` is None).
    """

    status: str
    cards: int
    tricks: int
    winner: int | None

    def to_dict(self) -> dict[str, str | int | None]:
        return {
            "status": self.status,
            "cards": self.cards,
            "tricks": self.tricks,
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick as :meth:`BmnGame.play_trick` played it."""

    number: int
    """1 for the first trick of the deal."""
    leader: int
    """The player (1 or 2) who laid the first card."""
    taker: int
    """The player (1 or 2) who took the pile."""
    pile: tuple[int, ...]
    """Payment values of the cards in the order laid (the first one went under first)."""
    forfeit: bool
    """True when the trick ended because the loser had no card to play or pay."""


# ---------------------------------------------------------------------------------------------
# Parsing and formatting


def parse_hand(text: str, hand: int | None = None) -> tuple[int, ...]:
    """Payment values (0 for a number card, 1-4 for J/Q/K/A) of a hand, top card first.

    Accepts Mann's notation (``-`` for a number card, ``J Q K A``), full ranks (``2``-``10``,
    ``T`` for ten, ``J Q K A``; ``10`` is one card) or a mix, in any case. Spaces and commas are
    ignored; a suit letter ``S H D C`` right after a rank is accepted and ignored, so
    ``10H QS 3D`` works. ``hand`` (1 or 2) only labels error messages, whose positions count
    characters of ``text`` from 1.
    """
    values: list[int] = []
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch == "," or ch.isspace():
            i += 1
            continue
        up = ch.upper()
        if up == "1":
            if i + 1 < n and text[i + 1] == "0":
                i += 1  # "10" is one card
            else:
                # i18n: {where}: "hand 1, position 3" or "position 3".
                raise BmnError(t("{where}: '1' is not a card; ten is written 10 or T",
                                 where=_where(hand, i)))
        elif up in _SUITS:
            # i18n: {where}: "hand 1, position 3" or "position 3"; {char}: the letter, quoted
            # ('H').
            raise BmnError(t("{where}: {char} is a suit letter, which may only follow a rank",
                             where=_where(hand, i), char=repr(ch)))
        elif up not in _RANK_VALUES:
            # i18n: {where}: "hand 1, position 3" or "position 3"; {char}: the character,
            # quoted ('Z'). "-" and 2-10, J, Q, K, A are what to type: keep them.
            raise BmnError(t("{where}: {char} is not a card; use - for a number card, or 2-10, "
                             "J, Q, K, A", where=_where(hand, i), char=repr(ch)))
        values.append(_RANK_VALUES.get(up, 0))
        i += 1
        if up != "-" and i < n and text[i].upper() in _SUITS:
            i += 1  # a suit after a rank says nothing about payment
    if not values:
        if hand is None:
            raise BmnError(t("the hand is empty: each hand needs at least one card"))
        raise BmnError(t("hand {hand} is empty: each hand needs at least one card", hand=hand))
    return tuple(values)


def _where(hand: int | None, index: int) -> str:
    """Where a character of a hand is: "hand 1, position 3" (``index`` counts from 0)."""
    if hand is None:
        # i18n: {position}: a character's place in what was typed (1 for the first).
        return t("position {position}", position=str(index + 1))
    # i18n: {hand}: 1 or 2; {position}: a character's place in the hand typed (1 for the
    # first).
    return t("hand {hand}, position {position}", hand=hand, position=str(index + 1))


def parse_deal_line(line: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two hands of a deal written on one line.

    Two forms are accepted, and nothing else:

    * ``P1 P2``: exactly two whitespace-separated fields, for hands written without spaces
      (``-----A--KQ--J--J--KKA-K--- ---J---QJA---------AQ----Q``);
    * ``P1 / P2``: one ``/`` between the hands, which may then contain spaces
      (``10H QS 3D / 4C JD 2S``).

    Each hand is read with :func:`parse_hand`; errors name the hand (1 or 2).
    """
    if "/" in line:
        parts = line.split("/")
        if len(parts) != 2:
            n = len(parts)
            raise BmnError(tn("a deal line holds two hands, but this one has {n} part separated "
                              "by '/'",
                              "a deal line holds two hands, but this one has {n} parts separated "
                              "by '/'", n, n=n))
    else:
        parts = line.split()
        if len(parts) != 2:
            n = len(parts)
            # i18n: 'P1 / P2' shows how to type a deal line: keep it.
            raise BmnError(tn("a deal line holds two hands separated by whitespace (or "
                              "'P1 / P2' when the hands contain spaces), but this one has {n} "
                              "field",
                              "a deal line holds two hands separated by whitespace (or "
                              "'P1 / P2' when the hands contain spaces), but this one has {n} "
                              "fields", n, n=n))
    return parse_hand(parts[0], 1), parse_hand(parts[1], 2)


def format_hand(values: Sequence[int]) -> str:
    """A hand in Mann's notation: ``-`` for a number card, ``J Q K A`` for pay cards."""
    return "".join(_MANN[v] for v in values)


def format_result(r: BmnResult) -> str:
    """One line for people, in the language in use, e.g. ``finished: 85 cards, 12 tricks,
    player 1 wins`` (the counts without digit grouping, as deal records write them)."""
    values = {
        "cards": tn("{n} card", "{n} cards", r.cards, n=str(r.cards)),
        "tricks": tn("{n} trick", "{n} tricks", r.tricks, n=str(r.tricks)),
    }
    if r.status == FINISHED:
        # i18n: A Beggar-My-Neighbour deal's result: {cards} ("85 cards") and {tricks} ("12
        # tricks") played; {winner}: 1 or 2.
        return t("finished: {cards}, {tricks}, player {winner} wins", winner=str(r.winner),
                 **values)
    if r.status == LOOP:
        # i18n: A Beggar-My-Neighbour deal that never ends: {cards} ("85 cards") and {tricks}
        # ("12 tricks") played before it repeats.
        return t("loop: {cards}, {tricks} before the deal repeats", **values)
    # i18n: A Beggar-My-Neighbour deal stopped at a limit: {cards} ("85 cards") and {tricks}
    # ("12 tricks") played.
    return t("unfinished: {cards}, {tricks}, stopped at the trick limit", **values)


def _values(hand: Sequence[int] | str, number: int) -> bytes:
    """A hand as bytes of payment values, checked."""
    if isinstance(hand, (str, int)):
        if isinstance(hand, str):
            return bytes(parse_hand(hand, number))
        raise BmnError(
            f"hand {number}: {hand!r} is not a hand; give a string or a sequence of payment values"
        )
    try:
        data = bytes(hand)
    except (TypeError, ValueError):
        data = b""
        bad = True
    else:
        bad = bool(data.translate(None, _PAY_VALUES))  # whatever is not 0-4 survives
    if bad:
        for pos, v in enumerate(hand, 1):
            if not isinstance(v, int) or not 0 <= v <= 4:
                raise BmnError(
                    f"hand {number}, position {pos}: {v!r} is not a payment value "
                    "(0 for a number card, 1-4 for J, Q, K, A)"
                ) from None
        raise BmnError(f"hand {number} is not a sequence of payment values 0-4")
    if not data:
        raise BmnError(t("hand {hand} is empty: each hand needs at least one card", hand=number))
    return data


# ---------------------------------------------------------------------------------------------
# The plain trick-by-trick game


class BmnGame:
    """A deal played one trick at a time, with every trick start remembered.

    This is the readable reference for :func:`analyse`, and the way to watch a deal::

        game = BmnGame("QA1046-", "6J37K--")
        trick = game.play_trick()   # Trick(number=1, leader=1, taker=2, pile=(2, 0, 1, ...))
    """

    def __init__(self, p1: Sequence[int] | str, p2: Sequence[int] | str) -> None:
        self._hands = (deque(_values(p1, 1)), deque(_values(p2, 2)))
        self.leader = 1
        self.cards = 0
        self.tricks = 0
        self.status = PLAYING
        """``'playing'``, ``'finished'`` or ``'loop'``."""
        self.winner: int | None = None
        self._seen = {self._state()}

    def _state(self) -> tuple[bytes, bytes, int]:
        return bytes(self._hands[0]), bytes(self._hands[1]), self.leader

    @property
    def hands(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Both hands now, top card first."""
        return tuple(self._hands[0]), tuple(self._hands[1])

    def play_trick(self) -> Trick:
        """Play one trick; afterwards ``status`` says whether the game goes on."""
        if self.status != PLAYING:
            raise BmnError(f"the game is over ({self.status})")
        hands = self._hands
        turn = self.leader - 1  # index of the player who lays the next card
        owed = 0  # cards the player on turn still owes; 0 before the first pay card
        pile: list[int] = []
        forfeit = False
        while True:
            hand = hands[turn]
            if not hand:  # must play or pay with no cards: loses at once
                forfeit = True
                break
            card = hand.popleft()
            pile.append(card)
            if card:  # a pay card: the other player must now pay for it
                owed = card
                turn = 1 - turn
            elif owed == 0:  # no pay card down yet: play passes
                turn = 1 - turn
            elif owed == 1:  # paid in full
                break
            else:
                owed -= 1
        taker = 1 - turn  # the other player: whoever laid the last pay card, or the survivor
        hands[taker].extend(pile)
        self.cards += len(pile)
        self.tricks += 1
        trick = Trick(self.tricks, self.leader, taker + 1, tuple(pile), forfeit)
        self.leader = taker + 1
        if not hands[0] or not hands[1]:
            self.status = FINISHED
            self.winner = taker + 1
        else:
            state = self._state()
            if state in self._seen:
                self.status = LOOP
            else:
                self._seen.add(state)
        return trick

    def run(self, max_tricks: int | None = None) -> BmnResult:
        """Play until the game ends, the deal repeats or ``max_tricks`` tricks have been taken."""
        while self.status == PLAYING and (max_tricks is None or self.tricks < max_tricks):
            self.play_trick()
        return self.result()

    def result(self) -> BmnResult:
        """The result so far; ``'unfinished'`` while the game is still going."""
        status = UNFINISHED if self.status == PLAYING else self.status
        return BmnResult(status, self.cards, self.tricks, self.winner)


# ---------------------------------------------------------------------------------------------
# The fast path


def _fast(a: bytes, b: bytes) -> BmnResult | None:
    """Play the deal to the end; None if the deal repeats (the caller replays it for counts).

    Cycle check: the trick-start state is saved at tricks 0, 1, 2, 4, 8, ... and every trick
    start is compared with the last saved one. A repeating sequence is always caught once the
    saving interval exceeds both the lead-in and the cycle length; comparing deques is one C call
    that usually stops at the lengths.
    """
    h1: deque[int] = deque(a)
    h2: deque[int] = deque(b)
    cards = tricks = 0
    lead = h1  # the leader's hand
    other = h2
    saved1 = h1.copy()
    saved2 = h2.copy()
    saved_lead = h1
    mark = 1
    while True:
        pile: list[int] = []
        push = pile.append
        cur = lead  # the player who lays the next card
        opp = other
        try:  # IndexError from popleft: ``cur`` had to play or pay with no cards
            while True:  # no pay card yet: alternate single cards
                c = cur.popleft()
                push(c)
                cur, opp = opp, cur
                if c:
                    break
            while True:  # cur owes c cards to opp
                d = cur.popleft()
                push(d)
                if not d and c > 1:
                    d = cur.popleft()
                    push(d)
                    if not d and c > 2:
                        d = cur.popleft()
                        push(d)
                        if not d and c > 3:
                            d = cur.popleft()
                            push(d)
                if not d:
                    break  # paid in full: opp laid the last pay card
                c = d
                cur, opp = opp, cur
        except IndexError:
            return BmnResult(FINISHED, cards + len(pile), tricks + 1, 1 if opp is h1 else 2)
        opp.extend(pile)
        cards += len(pile)
        tricks += 1
        if not cur:
            return BmnResult(FINISHED, cards, tricks, 1 if opp is h1 else 2)
        lead = opp
        other = cur
        if h1 == saved1 and lead is saved_lead and h2 == saved2:
            return None
        if tricks == mark:
            mark <<= 1
            saved1 = h1.copy()
            saved2 = h2.copy()
            saved_lead = lead


def analyse(
    p1: Sequence[int] | str,
    p2: Sequence[int] | str,
    *,
    max_tricks: int | None = None,
) -> BmnResult:
    """How the deal ``p1`` vs ``p2`` ends (player 1 leads).

    A hand is a string (see :func:`parse_hand`) or a sequence of payment values, 0 for a number
    card and 1-4 for J/Q/K/A, top card first. With ``max_tricks`` the deal is played by
    :class:`BmnGame` and stops after that many tricks (status ``'unfinished'`` unless it ended or
    repeated by then); this is slower and meant for tests and inspection.
    """
    a = _values(p1, 1)
    b = _values(p2, 2)
    if max_tricks is not None:
        if type(max_tricks) is not int or max_tricks < 0:
            raise BmnError(f"max_tricks must be a whole number 0 or more, not {max_tricks!r}")
        return BmnGame(a, b).run(max_tricks)
    result = _fast(a, b)
    if result is None:  # it loops: replay with every trick start remembered, for exact counts
        result = BmnGame(a, b).run()
    return result
