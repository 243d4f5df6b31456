"""Bots that play like people: human reaction times, misses, wrong slaps, no peeking."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from ratscrew.core.engine import Game
from ratscrew.core.events import Event, PileTaken, WrongSlap
from ratscrew.core.rng import Rng
from ratscrew.play.bots import ANTICIPATION_MS, DIFFICULTIES, Bot, BotError, Skill, find_skill
from ratscrew.play.match import Match, make_bots, play
from ratscrew.play.record import record_of

REACTION_MS = {"easy": 900, "normal": 650, "hard": 450, "expert": 300}
ORDER = ["easy", "normal", "hard", "expert"]


def seeded_bots(seed: int, skills: Sequence[str | Skill], cls: type[Bot] = Bot) -> list[Bot]:
    """One bot a seat, each with the stream :func:`make_bots` would give it."""
    return [cls(s, skill, Rng(seed).fork("bot", s)) for s, skill in enumerate(skills)]


def drive(game: Game, bots: Sequence[Bot], max_cards: int = 5000) -> Iterator[list[Event]]:
    """Step a match to its end, yielding what each step did."""
    match = Match(game, bots)
    while game.outcome is None:
        if game.cards_played >= max_cards:
            game.stop(game.t)
            break
        events = match.step()
        if not events:
            game.stop(game.t)
            break
        yield events


# --- skills -----------------------------------------------------------------------------------


def test_difficulties_in_order() -> None:
    assert list(DIFFICULTIES) == ORDER
    skills = [DIFFICULTIES[name] for name in ORDER]
    for slower, faster in itertools.pairwise(skills):
        assert faster.reaction_ms < slower.reaction_ms
        assert faster.pace_ms < slower.pace_ms
        assert faster.miss < slower.miss
        assert faster.false_slap < slower.false_slap
    assert find_skill(" Expert ") is DIFFICULTIES["expert"]
    with pytest.raises(BotError, match="unknown difficulty 'godlike'"):
        find_skill("godlike")


@pytest.mark.parametrize("name", ORDER)
def test_reaction_times_are_human_shaped(name: str) -> None:
    skill = DIFFICULTIES[name]
    assert skill.reaction_ms == REACTION_MS[name]
    bot = Bot(0, skill, Rng(20240601))
    draws = [bot.sample(skill.reaction_ms) for _ in range(20_000)]
    assert all(type(d) is int for d in draws)
    mean = statistics.fmean(draws)
    median = statistics.median(draws)
    sd = statistics.pstdev(draws)
    assert abs(mean - REACTION_MS[name]) <= 0.05 * REACTION_MS[name]
    assert 0.15 <= sd / mean <= 0.35, sd / mean
    # Right-skewed, like human reaction times: a sharp fast edge and a long slow tail.
    assert mean > median
    third = statistics.fmean((d - mean) ** 3 for d in draws) / sd**3
    assert third > 0.5, third
    assert max(draws) - median > 2 * (median - min(draws))
    # Nobody reacts in under 150 ms, not even an expert.
    assert min(draws) > 150
    assert max(draws) < 3 * REACTION_MS[name]


def test_sample_scales_with_the_mean() -> None:
    a, b = Bot(0, "normal", Rng(5)), Bot(0, "normal", Rng(5))
    for _ in range(200):
        x, y = a.sample(1000), b.sample(2000)
        assert abs(2 * x - y) <= 2


# --- determinism ------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ORDER)
def test_same_seed_same_bots(difficulty: str) -> None:
    first = record_of(play("classic", 4, 77, difficulty, max_cards=4000))
    second = record_of(play("classic", 4, 77, difficulty, max_cards=4000))
    assert first == second
    other = record_of(play("classic", 4, 78, difficulty, max_cards=4000))
    assert other["actions"] != first["actions"]


def test_bots_from_the_same_stream_behave_the_same() -> None:
    a, b = Bot(2, "hard", Rng(9).fork("bot", 2)), Bot(2, "hard", Rng(9).fork("bot", 2))
    assert a.false_at == b.false_at
    assert [a.sample(450) for _ in range(50)] == [b.sample(450) for _ in range(50)]
    c = Bot(3, "hard", Rng(9).fork("bot", 3))
    assert [a.sample(450) for _ in range(50)] != [c.sample(450) for _ in range(50)]


def test_make_bots_gives_each_seat_its_own_stream() -> None:
    game = Game("classic", 3, seed=4)
    bots = make_bots(game, "normal")
    assert [b.seat for b in bots] == [0, 1, 2]
    expected = seeded_bots(4, ["normal"] * 3)
    assert [b.false_at for b in bots] == [b.false_at for b in expected]
    assert len({b.false_at for b in bots}) == 3


# --- skill shows --------------------------------------------------------------------------------


def _head_to_head(strong: str, weak: str, players: int, games: int, first_seed: int) -> int:
    """Games won by one ``strong`` bot against ``weak`` ones; the strong seat rotates."""
    wins = 0
    for i in range(games):
        seed = first_seed + i
        seat = i % players
        skills = [strong if s == seat else weak for s in range(players)]
        game = Game("classic", players, seed=seed)
        outcome = Match(game, seeded_bots(seed, skills)).run(5000)
        wins += outcome.status == "win" and outcome.winner == seat
    return wins


def test_an_expert_beats_three_easy_bots() -> None:
    wins = _head_to_head("expert", "easy", 4, 40, 3000)
    assert wins >= 0.6 * 40  # a fair share would be 10 of 40


def test_an_easy_bot_loses_to_three_experts() -> None:
    wins = _head_to_head("easy", "expert", 4, 40, 3100)
    assert wins <= 0.1 * 40


@pytest.mark.parametrize(("strong", "weak"), [("normal", "easy"), ("hard", "normal"),
                                              ("expert", "hard")])
def test_one_level_up_wins_more_than_its_share(strong: str, weak: str) -> None:
    wins = _head_to_head(strong, weak, 4, 24, 3200)
    assert wins > 0.4 * 24  # a fair share would be 6 of 24


# --- misses and wrong slaps -------------------------------------------------------------------


class Watcher(Bot):
    """A bot that counts the slappable cards it could have noticed, and what it did."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.chances = 0
        self.missed = 0
        self.delays: list[int] = []

    def see_pattern(self, game: Game, now: int) -> None:
        eligible = self.slap_due < 0 and self.may_slap(game)
        super().see_pattern(game, now)
        if eligible:
            self.chances += 1
            if self.slap_due < 0:
                self.missed += 1
            else:
                self.delays.append(self.slap_due - now)


@pytest.mark.parametrize("name", ORDER)
def test_bots_miss_about_as_often_as_their_skill_says(name: str) -> None:
    skill = DIFFICULTIES[name]
    chances = missed = 0
    delays: list[int] = []
    for seed in range(12):
        game = Game("classic", 4, seed=seed)
        bots = seeded_bots(seed, [name] * 4, Watcher)
        Match(game, bots).run(5000)
        for bot in bots:
            assert isinstance(bot, Watcher)
            chances += bot.chances
            missed += bot.missed
            delays.extend(bot.delays)
    assert chances > 500
    rate = missed / chances
    assert missed > 0
    assert abs(rate - skill.miss) <= max(0.03, skill.miss * 0.35), rate
    # A noticed pattern is slapped after a human reaction time.
    assert abs(statistics.fmean(delays) - skill.reaction_ms) <= 0.07 * skill.reaction_ms
    assert min(delays) > 150


def _slap_counts(difficulty: str, seeds: range) -> dict[str, int]:
    """Slappable moments, piles won by a slap, wrong slaps (and of those, mistakes: not risk
    slaps by the challenger on a won challenge's last card) and cards played over some games."""
    moments = right = wrong = mistakes = played = 0
    for seed in seeds:
        game = Game("classic", 4, seed=seed)
        cards = 0
        for events in drive(game, seeded_bots(seed, [difficulty] * 4)):
            if game.cards_played != cards:
                cards = game.cards_played
                moments += game.slappable
            for e in events:
                if isinstance(e, PileTaken) and e.how == "slap":
                    right += 1
                elif isinstance(e, WrongSlap):
                    wrong += 1
                    mistakes += e.seat != game.challenge.claimant
        assert sum(s.slaps_right for s in game.stats) <= moments
        played += game.cards_played
    return {
        "moments": moments, "right": right, "wrong": wrong, "mistakes": mistakes, "played": played
    }


@pytest.fixture(scope="module")
def slap_counts() -> dict[str, dict[str, int]]:
    return {name: _slap_counts(name, range(100, 112)) for name in ORDER}


@pytest.mark.parametrize("name", ORDER)
def test_slaps_right_wrong_and_missed(slap_counts: dict[str, dict[str, int]], name: str) -> None:
    counts = slap_counts[name]
    # Most slappable cards are taken, but not quite all: someone has to notice in time.
    assert 0 < counts["right"] <= counts["moments"]
    assert counts["right"] >= 0.85 * counts["moments"]
    # Every level slaps at nothing now and then, but far less often than it slaps right.
    assert 0 < counts["wrong"] < counts["right"]


def test_easy_bots_let_more_patterns_go(slap_counts: dict[str, dict[str, int]]) -> None:
    easy, expert = slap_counts["easy"], slap_counts["expert"]
    assert easy["right"] < easy["moments"]
    assert easy["right"] / easy["moments"] < expert["right"] / expert["moments"]


def test_mistaken_slaps_get_rarer_with_skill(slap_counts: dict[str, dict[str, int]]) -> None:
    # Risk slaps are a deliberate gamble that better players take more often: not counted.
    rates = [slap_counts[n]["mistakes"] / slap_counts[n]["played"] for n in ORDER]
    assert rates == sorted(rates, reverse=True), rates
    assert rates[0] > 2 * rates[-1]


@pytest.mark.parametrize("difficulty", ORDER)
@pytest.mark.parametrize("variant", ["bmn", "classic"])
def test_bots_never_slap_without_slap_rules(variant: str, difficulty: str) -> None:
    options = {"slaps": []} if variant == "classic" else None
    for seed in range(4):
        game = play(variant, 3, seed, difficulty, options, max_cards=3000)
        assert {kind for _, _, kind, _ in game.history} == {"flip"}
        assert all(s.slaps_right == s.slaps_wrong == 0 for s in game.stats)


# --- public information only ------------------------------------------------------------------


class HiddenHand:
    """A hand seen from across the table: how many cards, never which."""

    def __init__(self, size: int) -> None:
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __bool__(self) -> bool:
        return self._size > 0

    def _peek(self, *args: Any) -> Any:
        raise AssertionError("a bot looked at the cards in a hand")

    __iter__ = __getitem__ = __contains__ = __reversed__ = _peek

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot used hand.{name}")


PUBLIC = frozenset({
    # what everyone at the table can see or has been told: the pile (its cards and what the
    # slap rules see), the challenge and the claim, everyone's penalties, and the rest
    "n", "names", "variant", "rules", "t", "turn", "to_act", "next_seat", "counts",
    "pile", "slappable", "challenge", "penalties", "play_on", "play_on_left",
    "out", "pending", "outcome", "cards_played", "tricks",
    "total", "last_take_t", "last_taker", "stats", "flips", "history", "events", "removed",
    "name", "dir", "slap_rules", "slapping",
})
"""Everything a bot may read: not the hands' contents, the deal, or the seed (which deals)."""


class TableView:
    """The game as a seat at the table sees it. Reading anything else fails the test."""

    def __init__(self, game: Game, reads: set[str]) -> None:
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_reads", reads)

    def __getattr__(self, name: str) -> Any:
        self._reads.add(name)
        if name == "hands":
            return tuple(HiddenHand(len(h)) for h in self._game.hands)
        if name not in PUBLIC:
            raise AssertionError(f"a bot read game.{name}, which is not public")
        value = getattr(self._game, name)
        return tuple(value) if isinstance(value, list) else value  # read-only copies

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"a bot changed game.{name}")


class Blindfolded(Bot):
    """A bot that is handed only the :class:`TableView` of the game."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.reads: set[str] = set()
        self.calls: dict[str, int] = {}

    def _view(self, method: str, game: Game) -> Any:
        self.calls[method] = self.calls.get(method, 0) + 1
        return TableView(game, self.reads)

    def see_pattern(self, game: Game, now: int) -> None:
        super().see_pattern(self._view("see_pattern", game), now)

    def false_slap(self, game: Game, now: int) -> None:
        super().false_slap(self._view("false_slap", game), now)

    def risk_slap(self, game: Game, now: int) -> None:
        super().risk_slap(self._view("risk_slap", game), now)

    def plan_flip(self, game: Game, now: int) -> None:
        super().plan_flip(self._view("plan_flip", game), now)


TABLES = [
    ("classic", 4, {}),
    ("classic", 3, {"penalty": "lockout", "empty_hand": "forfeit"}),
    ("classic", 5, {"slaps": ["double", "sandwich", "run", "top-bottom", "counting"],
                    "cardless_penalty": "barred", "ending": "last-chance"}),
    ("bmn", 3, {}),
]


@pytest.mark.parametrize(("variant", "players", "options"), TABLES)
def test_bots_read_only_public_information(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    """Structural check: every decision a bot makes goes through a view of the game that
    hides the order of every hand (only its size can be read), the deal and the seed. Any
    other read fails, and the blindfolded bots must play exactly the same game as real ones,
    so nothing they decide depends on what the view hides."""
    calls: dict[str, int] = {}
    reads: set[str] = set()
    for seed in range(6):
        skill = ORDER[seed % 4]
        game = Game(variant, players, seed=seed, options=options)
        bots = seeded_bots(seed, [skill] * players, Blindfolded)
        Match(game, bots).run(3000)
        plain = play(variant, players, seed, skill, options, max_cards=3000)
        assert record_of(game) == record_of(plain)
        for bot in bots:
            assert isinstance(bot, Blindfolded)
            for method, n in bot.calls.items():
                calls[method] = calls.get(method, 0) + n
            reads |= bot.reads
    assert "initial_hands" not in reads and "seed" not in reads
    assert calls.get("plan_flip", 0) > 0
    if variant != "bmn":
        assert calls.get("see_pattern", 0) > 0 and calls.get("false_slap", 0) > 0
        assert "hands" in reads  # sizes only: being ahead in cards
    if options.get("collect", "claim") == "claim" and variant != "bmn":
        assert calls.get("risk_slap", 0) > 0


def _hide_order(hands: Sequence[Sequence[Any]], keep: int, seed: int) -> list[list[Any]]:
    """The same hands, with every card below the top ``keep`` of each in another order."""
    rng = Rng(seed)
    out = []
    for hand in hands:
        top, rest = list(hand[:keep]), list(hand[keep:])
        shuffled = rest[:]
        while len(rest) > 1 and shuffled == rest:
            rng.shuffle(shuffled)
        out.append(top + shuffled)
    return out


def test_unseen_card_order_does_not_change_what_bots_do() -> None:
    """Behavioural check: two deals that differ only in the order of cards nobody has seen
    yet (below each hand's top few) give the same actions at the same times, up to the
    moment the first of those cards is turned over."""
    players, keep = 4, 10
    compared: list[tuple[int, int, str, str]] = []
    for seed in range(10):
        skills = [ORDER[(seed + s) % 4] for s in range(players)]
        a = Game("classic", players, seed=seed)
        b = Game("classic", players, hands=_hide_order(a.initial_hands, keep, seed))
        assert sorted(c.code for c in a.all_cards()) == sorted(c.code for c in b.all_cards())
        assert a.initial_hands != b.initial_hands
        match_a = Match(a, seeded_bots(seed, skills))
        match_b = Match(b, seeded_bots(seed, skills))
        while a.outcome is None:
            events_a = [e.to_dict() for e in match_a.step()]
            events_b = [e.to_dict() for e in match_b.step()]
            assert a.history == b.history, "a bot acted on cards it had not seen"
            if events_a != events_b:
                break  # a card from the reordered part has been turned over
        assert b.cards_played >= keep
        compared.extend(a.history)
    # The windows compared hold plenty of decisions: flips, and slaps right and wrong.
    kinds = [kind for _, _, kind, _ in compared]
    assert kinds.count("flip") > 10 * keep
    assert kinds.count("slap") > 10


# --- risk slaps -------------------------------------------------------------------------------


class Risky(Bot):
    """Counts the risk slaps this bot could make and the ones it made."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.eligible = 0
        self.made: list[tuple[int, int]] = []  # (slap due, card time)

    def risk_slap(self, game: Game, now: int) -> None:
        eligible = self.slap_due < 0 and self.may_slap(game) and self._ahead(game)
        before = self.slap_due
        super().risk_slap(game, now)
        self.eligible += eligible
        if before < 0 and self.slap_due >= 0:
            assert eligible, "a risk slap by a bot that is not ahead in cards"
            self.made.append((self.slap_due, now))


def _risk_games(difficulty: str, options: dict[str, Any] | None, seeds: range) -> list[
    tuple[Game, list[Risky]]
]:
    out = []
    for seed in seeds:
        game = Game("classic", 4, seed=seed, options=options)
        bots = seeded_bots(seed, [difficulty] * 4, Risky)
        Match(game, bots).run(5000)
        out.append((game, [b for b in bots if isinstance(b, Risky)]))
    return out


@pytest.fixture(scope="module")
def risky_expert_games() -> list[tuple[Game, list[Risky]]]:
    return _risk_games("expert", None, range(500, 520))


def test_risk_slaps_are_made_sometimes_by_a_challenger_ahead(
    risky_expert_games: list[tuple[Game, list[Risky]]],
) -> None:
    skill = DIFFICULTIES["expert"]
    eligible = made = 0
    for _, bots in risky_expert_games:
        for bot in bots:
            eligible += bot.eligible
            made += len(bot.made)
            lo, hi = ANTICIPATION_MS
            assert all(lo <= due - t < hi for due, t in bot.made)
    assert eligible > 200
    assert 0 < made < eligible
    assert abs(made / eligible - skill.risk) < 0.06


def test_risk_slaps_land_on_the_table_sometimes(
    risky_expert_games: list[tuple[Game, list[Risky]]],
) -> None:
    performed = 0
    for game, bots in risky_expert_games:
        history = set(game.history)
        performed += sum((due, b.seat, "slap", "") in history for b in bots for due, _ in b.made)
    assert performed > 0


def test_risk_slaps_are_a_risk(risky_expert_games: list[tuple[Game, list[Risky]]]) -> None:
    """Made before looking, a risk slap sometimes lands on a card that cannot be slapped."""
    wrong = 0
    for game, bots in risky_expert_games:
        for bot in bots:
            for due, _ in bot.made:
                wrong += any(
                    isinstance(e, WrongSlap) and e.seat == bot.seat and e.t == due
                    for e in game.events
                )
    assert wrong > 0


def test_no_risk_slaps_when_the_pile_is_taken_at_once() -> None:
    for _, bots in _risk_games("expert", {"collect": "immediate"}, range(600, 606)):
        assert all(b.eligible == 0 and not b.made for b in bots)
