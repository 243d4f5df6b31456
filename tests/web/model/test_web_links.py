"""The shareable link: every parameter's format, a notice for each bad one, and round trips."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[3]

from ratscrew.core.options import CHALLENGE_KEYS, OPTION_SPECS  # noqa: E402
from ratscrew.core.rng import seed_from_text  # noqa: E402
from ratscrew.core.slaps import SLAP_RULES  # noqa: E402
from ratscrew.i18n import parse as parse_catalogue  # noqa: E402
from ratscrew.i18n import using  # noqa: E402
from ratscrew.play.bots import DIFFICULTIES  # noqa: E402
from ratscrew.variants import VARIANTS  # noqa: E402
from tests.helpers import forbid_json_parsing, top_level_imports  # noqa: E402
from web.model.links import (  # noqa: E402
    MAX_NAME_LENGTH,
    PARAMETERS,
    SPEEDS,
    SeatConfig,
    TableConfig,
    clean_name,
    default_seats,
    link_for,
    page_option,
    parse_query,
    parse_speed,
    pick_seed,
    seed_number,
    speed_factor,
    to_query,
    trim_seats,
    with_players,
    with_seed,
)


def seats(*spec: str) -> list[SeatConfig]:
    """``seats("h", "b", "b:hard")``: people and bots with default names."""
    out = []
    for i, text in enumerate(spec):
        kind, _, level = text.partition(":")
        out.append(SeatConfig(f"Player {i + 1}", kind == "b", level or "normal"))
    return out


def parse_ok(query: str) -> TableConfig:
    config, notices = parse_query(query)
    assert notices == []
    return config


def parse_one_notice(query: str) -> tuple[TableConfig, str]:
    config, notices = parse_query(query)
    assert len(notices) == 1, notices
    return config, notices[0]


# --------------------------------------------------------------------------- defaults


def test_defaults() -> None:
    config = TableConfig()
    assert config.variant == "classic"
    assert config.players == 4
    assert config.seats == seats("h", "b", "b", "b")
    assert (config.seed, config.speed, config.options, config.autostart) == ("", "1", {}, False)


@pytest.mark.parametrize("query", ["", "?", "#x", "?#section", "  ", "&&", "?variant=&seed="])
def test_empty_links_are_the_default_table(query: str) -> None:
    assert parse_query(query) == (TableConfig(), [])


def test_to_query_of_the_default_table_is_empty() -> None:
    assert to_query(TableConfig()) == ""
    assert link_for("https://example.org/game/?old=1#top", TableConfig()) == (
        "https://example.org/game/"
    )


def test_a_full_link() -> None:
    config = parse_ok(
        "?variant=BMN&players=3&bots=2,3&difficulty=easy,expert&seed=friday%20night"
        "&names=Ann,,Cat&speed=2&options=jokers:2&autostart=1"
    )
    assert config == TableConfig(
        variant="beggar-my-neighbour",
        players=3,
        seats=[
            SeatConfig("Ann", False, "normal"),
            SeatConfig("Player 2", True, "easy"),
            SeatConfig("Cat", True, "expert"),
        ],
        seed="friday night",
        speed="2",
        options={"jokers": 2},
        autostart=True,
    )
    assert to_query(config) == (
        "variant=beggar-my-neighbour&players=3&difficulty=easy,expert&seed=friday%20night"
        "&names=Ann,,Cat&speed=2&options=jokers:2&autostart=1"
    )


# --------------------------------------------------------------------------- each parameter


@pytest.mark.parametrize(
    ("text", "name"),
    [("classic", "classic"), ("ERS", "classic"), ("bmn", "beggar-my-neighbour"),
     ("Beggar_My_Neighbour", "beggar-my-neighbour"), ("strip jack naked", "beggar-my-neighbour")],
)
def test_variant_names_and_aliases(text: str, name: str) -> None:
    assert parse_ok(f"variant={text}").variant == name


def test_unknown_variant() -> None:
    config, notice = parse_one_notice("variant=foo")
    assert config == TableConfig()
    assert notice == "Unknown variant 'foo': playing classic instead."


@pytest.mark.parametrize("players", range(2, 9))
def test_players(players: int) -> None:
    config = parse_ok(f"players={players}")
    assert config.players == players == len(config.seats)
    assert config.seats == default_seats(players)
    assert [s.bot for s in config.seats] == [False] + [True] * (players - 1)


@pytest.mark.parametrize("text", ["1", "9", "0", "-3", "four", "3.5", "1e1", "٣", "9999999999"])
def test_bad_player_counts(text: str) -> None:
    config, notice = parse_one_notice(f"players={text}")
    assert config == TableConfig()
    assert notice.startswith("Egyptian Rat Screw is for 2 to 8 players, not ")
    assert notice.endswith(": playing with 4.")


@pytest.mark.parametrize(
    ("text", "bots"),
    [
        ("2,3", [False, True, True, False]),
        ("all", [True] * 4),
        ("ALL", [True] * 4),
        ("none", [False] * 4),
        ("1", [True, False, False, False]),
        ("4,2,2,", [False, True, False, True]),
    ],
)
def test_bots(text: str, bots: list[bool]) -> None:
    assert [s.bot for s in parse_ok(f"bots={text}").seats] == bots


@pytest.mark.parametrize("text", ["0", "5", "2,x", "some", ",", "1-3"])
def test_bad_bots(text: str) -> None:
    config, notice = parse_one_notice(f"bots={text}")
    assert config == TableConfig()
    assert notice.startswith("Ignored bots=")
    assert "seat numbers from 1 to 4" in notice


def test_difficulty_for_every_bot() -> None:
    config = parse_ok("difficulty=Hard")
    assert [s.difficulty for s in config.seats] == ["normal", "hard", "hard", "hard"]


def test_difficulty_per_bot() -> None:
    config = parse_ok("bots=1,3&difficulty=easy,expert")
    assert config.seats == seats("b:easy", "h", "b:expert", "h")


def test_difficulty_list_of_the_wrong_length() -> None:
    config, notice = parse_one_notice("difficulty=easy,hard")
    assert config == TableConfig()
    assert notice == "The link gives 2 difficulties for 3 bots: bots play normal."


def test_unknown_difficulty() -> None:
    config, notice = parse_one_notice("difficulty=godlike")
    assert config == TableConfig()
    assert notice == (
        "Unknown difficulty 'godlike' (choose from easy, normal, hard, expert): bots play normal."
    )


def test_seed_is_kept_as_typed() -> None:
    assert parse_ok("seed=42").seed == "42"
    assert parse_ok("seed=Friday+night%21").seed == "Friday night!"
    assert parse_ok("seed=%20%2042%20").seed == "42"
    assert parse_ok("").seed == ""


def test_seed_number() -> None:
    assert seed_number(TableConfig(seed="42")) == 42
    assert seed_number(TableConfig(seed="Friday night!")) == seed_from_text("Friday night!")
    assert seed_number(TableConfig()) is None


@pytest.mark.parametrize(
    ("text", "why"),
    [("x" * 65, "it is longer than 64 characters"), ("a%00b", "it contains control characters"),
     ("a%0Ab", "it contains control characters")],
)
def test_bad_seeds(text: str, why: str) -> None:
    config, notice = parse_one_notice(f"seed={text}")
    assert config.seed == ""
    assert notice == f"Ignored the seed ({why}): a new deal will be picked."


def test_names() -> None:
    config = parse_ok("names=Ann,Bob%20Smith,,%F0%9F%90%80%20Rat")
    assert [s.name for s in config.seats] == ["Ann", "Bob Smith", "Player 3", "🐀 Rat"]
    assert parse_ok("names=Ann").seats[1].name == "Player 2"


def test_hostile_names_are_kept_as_text() -> None:
    config, notice = parse_one_notice("names=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    assert config.seats[0].name == "<img src=x onerror=alert"
    assert len(config.seats[0].name) == MAX_NAME_LENGTH
    assert notice == "The name '<img src=x onerror=alert(1)>' was shortened to 24 characters."
    assert parse_ok("names=%3Cb%3Ehi%3C%2Fb%3E").seats[0].name == "<b>hi</b>"


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("  Ann  ", "Ann"),
        ("Ann\t\n  Lee", "Ann Lee"),
        ("A\x00n\x07n", "Ann"),
        ("\u202eevil\u202c", "evil"),  # direction overrides
        ("zero\u200bwidth", "zerowidth"),
        ("\ud800lone", "lone"),  # lone surrogate
        ("Smith, John", "Smith John"),
        ("", "Player 2"),
        ("\x00\u200b  ", "Player 2"),
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # joiners kept
        ("x" * 30, "x" * 24),
        ("x" * 23 + " y", "x" * 23),
    ],
)
def test_clean_name(raw: str, name: str) -> None:
    assert clean_name(raw, 1) == name


def test_clean_name_of_something_that_is_not_text() -> None:
    assert clean_name(None, 0) == "Player 1"


def test_too_many_names() -> None:
    config, notice = parse_one_notice("players=2&names=a,b,c")
    assert [s.name for s in config.seats] == ["a", "b"]
    assert notice == "The link names 3 players for 2 seats: ignored the extra names."


def test_names_cannot_hold_commas() -> None:
    # An encoded comma is a comma once decoded: it separates names, as documented.
    assert [s.name for s in parse_ok("names=a%2Cb").seats[:2]] == ["a", "b"]
    config = TableConfig()
    config.seats[0].name = "Smith, John"
    assert parse_ok(to_query(config)).seats[0].name == "Smith John"


@pytest.mark.parametrize(
    ("text", "speed"),
    [("0.25", "0.25"), (".25", "0.25"), ("0.25x", "0.25"), ("0.5", "0.5"), (".5", "0.5"),
     ("1", "1"), ("1.0", "1"), ("2", "2"), ("2x", "2"),
     ("x4", "4"), ("8", "8"), ("instant", "instant"), ("Instant", "instant")],
)
def test_speed(text: str, speed: str) -> None:
    assert parse_ok(f"speed={text}").speed == speed


@pytest.mark.parametrize("text", ["3", "fast", "nan", "inf", "-1", "0", "1e400"])
def test_bad_speed(text: str) -> None:
    config, notice = parse_one_notice(f"speed={text}")
    assert config.speed == "1"
    assert notice.startswith("Unknown speed ")
    assert notice.endswith("(choose from 0.25, 0.5, 1, 2, 4, 8, instant): playing at speed 1.")


def test_speed_helpers() -> None:
    assert [parse_speed(s) for s in SPEEDS] == list(SPEEDS)
    assert speed_factor("2") == 2.0
    assert speed_factor("instant") == float("inf")
    assert speed_factor("warp") == 1.0


def test_options() -> None:
    config = parse_ok("options=penalty:lockout;slaps:double,sandwich,run")
    assert config.options == {"penalty": "lockout", "slaps": ["double", "sandwich", "run"]}
    assert to_query(config) == "options=slaps:double,sandwich,run;penalty:lockout"


def test_option_values_are_json_when_they_parse() -> None:
    config = parse_ok(
        "options=run_wrap:true;decks:2;slaps:[%22run%22];challenge:J=2,Q=2;penalty-count:3"
    )
    assert config.options == {
        "run_wrap": True,
        "decks": 2,
        "slaps": ["run"],
        "challenge": {"J": 2, "Q": 2},
        "penalty_count": 3,
    }
    assert parse_ok(to_query(config)) == config


def test_options_equal_to_the_defaults_are_dropped() -> None:
    assert parse_ok("options=penalty:cards;slaps:double,sandwich").options == {}
    # Beggar-My-Neighbour has no slaps: turning them off there changes nothing.
    assert parse_ok("variant=bmn&options=slaps:").options == {}
    assert parse_ok("options=slaps:").options == {"slaps": []}


def test_bad_options_are_dropped_one_by_one() -> None:
    config, notices = parse_query(
        "players=3&options=penalty:lockout;penalty_count:99;wobble:1;dealer:5;nonsense;"
        "decks:2;decks:3"
    )
    assert config.options == {"penalty": "lockout", "decks": 2}
    assert notices == [
        "Ignored rule option 'nonsense': write options as name:value pairs separated by ';'.",
        "Rule option 'decks' is given twice: using the first.",
        "Ignored rule option penalty_count: penalty_count must be a whole number from 1 to 10.",
        "Ignored unknown rule option 'wobble'.",
        "Ignored rule option dealer: dealer must be a seat from 0 to 2 (or -1), not 5.",
    ]


def test_autostart() -> None:
    assert parse_ok("autostart=1").autostart
    assert parse_ok("autostart").autostart
    assert parse_ok("autostart=true").autostart
    assert not parse_ok("autostart=0").autostart
    config, notice = parse_one_notice("autostart=maybe")
    assert not config.autostart
    assert notice == "Ignored autostart='maybe': use autostart=1."


def test_unknown_and_repeated_parameters() -> None:
    config, notices = parse_query("?players=3&colour=red&players=5&utm_source=chat&fbclid=x")
    assert config.players == 3
    assert notices == [
        "Ignored unknown link setting 'colour'.",
        "The link gives players more than once: using the first.",
    ]


def test_parameter_names_are_case_insensitive_and_fragments_ignored() -> None:
    assert parse_ok("Players=3&SEED=7#players=5").players == 3


def test_every_parameter_appears_in_a_full_query() -> None:
    config = TableConfig(
        variant="beggar-my-neighbour", players=3, seats=seats("b:hard", "h", "b:hard"), seed="9",
        speed="instant", options={"jokers": 1}, autostart=True,
    )
    config.seats[1].name = "Zed"
    config.seats[1].phone = True
    with using(FRENCH):  # a page in another language than English links to it
        query = to_query(config)
        assert [pair.partition("=")[0] for pair in query.split("&")] == list(PARAMETERS)
        assert query.endswith("&lang=fr")
        assert parse_ok(query) == config


FRENCH = parse_catalogue('{"lang": "fr", "messages": {}}')


@pytest.mark.parametrize("lang", ["fr", "es", "de", "en", "fr-CA", "EN-gb", "en-XA", "ar-XB"])
def test_a_link_in_a_language_the_game_speaks_reads_quietly(lang: str) -> None:
    assert parse_query(f"lang={lang}")[1] == []


@pytest.mark.parametrize("lang", ["xx", "klingon", "%00"])
def test_a_link_in_a_language_the_game_does_not_speak_says_so(lang: str) -> None:
    config, notices = parse_query(f"variant=beggar&lang={lang}")
    assert config.variant == "beggar-my-neighbour"
    assert len(notices) == 1 and "does not speak the language" in notices[0]


def test_a_link_made_in_english_names_no_language() -> None:
    assert "lang=" not in to_query(TableConfig(seed="3"))


# --------------------------------------------------------------------------- to_query


def test_to_query_always_writes_the_seed() -> None:
    assert to_query(TableConfig(seed="0")) == "seed=0"
    assert to_query(TableConfig(seed="a&b=c #1")) == "seed=a%26b%3Dc%20%231"
    assert parse_ok("seed=a%26b%3Dc%20%231").seed == "a&b=c #1"


def test_to_query_writes_only_what_differs() -> None:
    assert to_query(TableConfig(seats=seats("h", "b:hard", "b:hard", "b:hard"))) == (
        "difficulty=hard"
    )
    assert to_query(TableConfig(seats=seats("h", "h", "b", "b"))) == "bots=3,4"
    assert to_query(TableConfig(seats=seats("b", "b", "b", "b"))) == "bots=all"
    assert to_query(TableConfig(seats=seats("h", "h", "h", "h"))) == "bots=none"
    assert to_query(TableConfig(seats=seats("h", "b:easy", "b", "b:expert"))) == (
        "difficulty=easy,normal,expert"
    )


def test_to_query_encodes_names() -> None:
    config = TableConfig()
    config.seats[2].name = "<Zoë & co>"
    query = to_query(config)
    assert query == "names=,,%3CZo%C3%AB%20%26%20co%3E"
    assert parse_ok(query) == config


def test_link_for() -> None:
    config = TableConfig(players=2, seats=default_seats(2))
    assert link_for("https://example.org/ratscrew/?players=5#x", config) == (
        "https://example.org/ratscrew/?players=2"
    )


# --------------------------------------------------------------------------- with_seed


def test_pick_seed_is_a_number_as_text() -> None:
    import random

    picked = {pick_seed(random.Random(i)) for i in range(50)}
    assert len(picked) > 40
    assert all(seed.isdigit() and 1 <= int(seed) < 10**9 for seed in picked)
    assert pick_seed(random.Random(3)) == pick_seed(random.Random(3))


def test_with_seed_picks_one_only_when_there_is_none() -> None:
    import random

    config = TableConfig(variant="kurs", players=3, seats=seats("h", "b", "b:hard"),
                         speed="2", options={"decree_yields": False})
    picked = with_seed(config, rng=random.Random(1))
    assert picked.seed == pick_seed(random.Random(1))
    assert picked == TableConfig(variant="kurs", players=3, seats=seats("h", "b", "b:hard"),
                                 seed=picked.seed, speed="2",
                                 options={"decree_yields": False})
    assert config.seed == ""  # a copy: the config itself is unchanged
    # The link of the table with a seed picked holds that seed, and reads back as it.
    query = to_query(replace(picked, autostart=True))
    assert f"seed={picked.seed}" in query.split("&")
    assert parse_ok(query) == replace(picked, autostart=True)
    # A seed of its own is kept (spaces at either end dropped); blank counts as none.
    assert with_seed(replace(config, seed=" friday night ")).seed == "friday night"
    assert with_seed(replace(config, seed="   ")).seed.isdigit()
    # new=True: another deal, as "New deal" asks.
    assert with_seed(replace(config, seed="7"), new=True, rng=random.Random(1)).seed == (
        picked.seed)


# --------------------------------------------------------------------------- with_players


def test_with_players_grows_with_normal_bots() -> None:
    config = TableConfig(seats=seats("h", "h", "b:hard", "b:easy"))
    config.seats[0].name = "Ann"
    bigger = with_players(config, 6)
    assert bigger.players == 6
    assert bigger.seats[:4] == config.seats
    assert bigger.seats[4:] == [SeatConfig("Player 5", True, "normal"),
                                SeatConfig("Player 6", True, "normal")]
    assert config.players == 4 and len(config.seats) == 4  # the original is unchanged


def test_with_players_shrinks_and_keeps_the_first_seats() -> None:
    config = TableConfig(seats=seats("h", "h", "b:hard", "b:easy"))
    smaller = with_players(config, 3)
    assert smaller.seats == config.seats[:3]
    assert parse_ok(to_query(smaller)) == smaller


def test_with_players_stays_in_range_and_drops_options_that_no_longer_apply() -> None:
    config = TableConfig(options={"dealer": 3, "jokers": 2})
    assert with_players(config, 1).players == 2
    assert with_players(config, 20).players == 8
    assert with_players(config, 3).options == {"jokers": 2}
    assert with_players(config, 5).options == {"dealer": 3, "jokers": 2}


# --------------------------------------------------------------------------- properties


def option_values(name: str) -> st.SearchStrategy[Any]:
    spec = OPTION_SPECS[name]
    if name == "slaps":
        return st.lists(st.sampled_from(sorted(SLAP_RULES)), unique=True, max_size=5)
    if name == "challenge":
        return st.dictionaries(st.sampled_from(CHALLENGE_KEYS), st.integers(1, 13), max_size=5)
    if spec.per_seat:
        return st.lists(st.sampled_from(spec.choices), max_size=8)
    if spec.choices:
        return st.sampled_from(spec.choices)
    if spec.maximum:
        return st.integers(spec.minimum, spec.maximum)
    return st.booleans()


NAMES = st.one_of(
    st.just(""),
    st.sampled_from(["Ann", "<img src=x onerror=alert(1)>", "Zoë", "🐀", "a;b", "x=y&z", "50%",
                     "+1", "Player 2", "  spaced   out  "]),
    st.text(max_size=30),
)
SEEDS = st.one_of(
    st.just(""),
    st.integers(0, 2**64).map(str),
    st.text(max_size=64),
    st.sampled_from(["a b", "#1"]),
)


@st.composite
def table_configs(draw: st.DrawFn) -> TableConfig:
    """Tables as the page makes them: canonical (cleaned names, options as their diff)."""
    variant = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    players = draw(st.integers(variant.min_players, variant.max_players))
    seat_list = []
    for i in range(players):
        bot = draw(st.booleans())
        level = draw(st.sampled_from(sorted(DIFFICULTIES))) if bot else "normal"
        seat_list.append(SeatConfig(clean_name(draw(NAMES), i), bot, level))
    changes = {}
    in_links = sorted(n for n in OPTION_SPECS if not page_option(n))  # the clock is the opener's
    for name in draw(st.lists(st.sampled_from(in_links), unique=True, max_size=4)):
        if name == "dealer":
            changes[name] = draw(st.integers(-1, players - 1))
        elif OPTION_SPECS[name].per_seat:  # as the page keeps them: no trailing unset seats
            changes[name] = trim_seats(draw(option_values(name)), players)
        else:
            changes[name] = draw(option_values(name))
    options = variant.rules_for(players, changes).diff(variant.rules_for(players))
    seed = draw(SEEDS).strip()
    if any(not (c.isprintable() or c == " ") for c in seed):
        seed = ""
    return TableConfig(
        variant=variant.name,
        players=players,
        seats=seat_list,
        seed=seed,
        speed=draw(st.sampled_from(SPEEDS)),
        options=options,
        autostart=draw(st.booleans()),
    )


@given(table_configs())
def test_to_query_round_trips(config: TableConfig) -> None:
    query = to_query(config)
    assert parse_query(query) == (config, [])
    assert parse_query("?" + query) == (config, [])
    assert ("seed=" in query) == bool(config.seed)


QUERY_PARTS = st.one_of(
    st.sampled_from([*PARAMETERS, "Players", "colour", "utm_x", ""]),
    st.text(max_size=12),
)
QUERY_VALUES = st.one_of(
    st.sampled_from(["", "1", "3", "9", "all", "none", "2,3", "hard", "easy,hard", "bmn", "x",
                     "penalty:lockout;slaps:run", "dealer:7", "slaps:[[[", "%zz", "%ff%fe",
                     "%00", "%E2%80%AE", "instant", "2x", "a,b,c,d,e,f,g,h,i"]),
    st.text(max_size=30),
)


@given(st.lists(st.tuples(QUERY_PARTS, QUERY_VALUES), max_size=8))
def test_parse_query_never_fails_on_query_like_text(pairs: list[tuple[str, str]]) -> None:
    check_parse("&".join(f"{k}={v}" for k, v in pairs))


@given(st.text())
def test_parse_query_never_fails_on_any_text(text: str) -> None:
    check_parse(text)


def check_parse(text: str) -> None:
    config, notices = parse_query(text)
    assert isinstance(config, TableConfig)
    assert all(isinstance(n, str) and n for n in notices)
    assert len(config.seats) == config.players
    assert all(1 <= len(s.name) <= MAX_NAME_LENGTH for s in config.seats)
    # Whatever came in, the table it gives writes a link that reads back without a notice.
    assert parse_query(to_query(config)) == (config, [])


@pytest.mark.parametrize(
    "text",
    ["\ud800", "seed=\ud800", "names=\udfff", "options=slaps:" + "[" * 5000,
     "options=decks:" + "9" * 5000, "players=" + "9" * 5000, "%" * 100, "=&=&=", "?&?&#?"],
)
def test_parse_query_never_fails_on_nasty_text(text: str) -> None:
    check_parse(text)


def test_parse_query_of_something_that_is_not_text() -> None:
    assert parse_query(None) == (TableConfig(), [])


# --------------------------------------------------------------------------- browser-free


@pytest.mark.parametrize("module", ["keymap", "links", "settings", "__init__"])
def test_web_logic_imports_nothing_from_the_browser(module: str) -> None:
    imported = top_level_imports(ROOT / "web" / "model" / f"{module}.py")
    allowed = set(sys.stdlib_module_names) | {"ratscrew", "web", "__future__"}
    assert imported <= allowed, imported - allowed
    assert not imported & {"js", "pyscript", "pyodide"}


# --------------------------------------------------------------------------- K.U.R.S.' seat marks


def test_genders_round_trip_in_a_readable_form() -> None:
    config, notices = parse_query("variant=kurs&players=4&options=genders:male,-,female")
    assert notices == []
    assert config.options == {"genders": ["male", "", "female"]}
    query = to_query(config)
    assert "options=genders:male,-,female" in query
    assert parse_query(query) == (config, [])


def test_genders_short_forms_and_trailing_unset_seats() -> None:
    config, notices = parse_query("variant=kurs&players=3&options=genders:M,F,-")
    assert notices == []
    assert config.options == {"genders": ["male", "female"]}  # the unset last seat is dropped
    config, notices = parse_query("variant=kurs&players=3&options=genders:-,-")
    assert (config.options, notices) == ({}, [])


@pytest.mark.parametrize("value", ["male,robot", "1", "%5B1%5D", "male,male,male,male,male,"
                                   "male,male,male,male"])
def test_bad_genders_are_ignored_with_a_clear_notice(value: str) -> None:
    config, notices = parse_query(f"variant=kurs&players=3&options=sunrise:7;genders:{value}")
    assert config.options == {"sunrise": 7}  # the rest of the link still counts
    assert len(notices) == 1 and notices[0].startswith("Ignored rule option genders: ")
    assert "genders: genders:" not in notices[0]
    assert "Traceback" not in notices[0]


def test_genders_for_more_seats_than_players_are_cut_with_a_notice() -> None:
    config, notices = parse_query("variant=kurs&players=3&options=genders:m,-,-,f")
    assert config.options == {"genders": ["male"]}
    assert notices == ["Rule option genders marks 4 seats for 3 players: ignored the extra "
                       "seats."]


def test_fewer_players_cut_the_seat_marks() -> None:
    config, _ = parse_query("variant=kurs&players=4&options=genders:m,f,-,m")
    assert with_players(config, 3).options == {"genders": ["male", "female"]}
    assert with_players(config, 2).options == {"genders": ["male", "female"]}
    assert trim_seats(["", "male", "", ""], 8) == ["", "male"]


def test_the_clock_is_never_in_a_link() -> None:
    assert page_option("clock") and not page_option("sunset") and not page_option("nothing")
    config, notices = parse_query("variant=kurs&options=clock:1380;sunset:20")
    assert config.options == {"sunset": 20}
    assert notices == ["Ignored rule option clock: the page sets it from this device's clock "
                       "when the game starts."]
    # Even a config holding it (a game's own options) writes no clock.
    query = to_query(TableConfig(variant="kurs", options={"clock": 1380, "sunset": 20}))
    assert "clock" not in query and "sunset:20" in query


def test_links_keep_a_default_valued_choice_that_other_options_would_change() -> None:
    from web.model.links import check_options

    options, notices = check_options(VARIANTS["slap-like-an-egyptian"], 3,
                                     {"decks": 2, "jokers": 2})
    assert options == {"decks": 2, "jokers": 2} and notices == []


@pytest.mark.parametrize("value", ["[" * 5_000 + "]" * 5_000, "[" * 5_000, "x" * 3_000,
                                   '{"a": ' * 50 + "1" + "}" * 50])
def test_an_option_too_long_or_too_deep_is_refused_unparsed_and_unrepeated(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The browser's Python stops for good on JSON a few thousand levels deep, so the
    # limits are checked before anything parses it, and the notice does not echo the value.
    forbid_json_parsing(monkeypatch, "an option")
    config, notices = parse_query(f"variant=classic&players=3&options=penalty:{value}")
    assert config.players == 3 and "penalty" not in config.options
    assert notices == ["Ignored rule option 'penalty': its value is too long or nested too "
                       "deeply."]


def test_a_practice_link_opens_the_slap_practice_not_a_table() -> None:
    from web.model.links import tool_link

    assert tool_link("?practice=double,sandwich&seed=abc") == "practice"
    assert tool_link("seed=abc&Practice=marriage") == "practice"
    assert tool_link("?variant=classic&seed=1") == ""
    assert tool_link("?" + "x=1&" * 100_000 + "practice=double") == ""  # read up to a bound
    assert tool_link(None) == ""


def test_phones_name_people_s_seats_that_play_from_phones() -> None:
    config = parse_ok("players=4&bots=3,4&phones=1,2,3")
    assert [(s.bot, s.phone) for s in config.seats] == [
        (False, True), (False, True), (True, False), (True, False)]
    assert to_query(config) == "bots=3,4&phones=1,2"
    for bad in ("9", "x", "all"):
        config, notices = parse_query(f"phones={bad}")
        assert not any(s.phone for s in config.seats)
        assert notices == [
            f"Ignored phones='{bad}': give seat numbers from 1 to 4 separated by commas."]
