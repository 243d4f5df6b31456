"""The command line: ``python -m ratscrew bmn | simulate | replay | rules``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ratscrew import i18n
from ratscrew.cli import LANG_VARIABLES, catalogue_for, environment_languages, main
from ratscrew.core.options import OPTION_SPECS
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.play.record import record_of, replay
from ratscrew.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]

LONG_1 = "-----A--KQ--J--J--KKA-K---"
LONG_2 = "---J---QJA---------AQ----Q"


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No language from the environment: the command speaks English whatever the machine's
    locale and whichever catalogues are compiled (also for ``python -m ratscrew``)."""
    for name in LANG_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def run_json(*argv: str) -> Any:
    code, text = run(*argv, "--json")
    assert code == 0
    return json.loads(text)


def fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must fail: exit 2, nothing on stdout, one line on stderr."""
    capsys.readouterr()
    code, text = run(*argv)
    err = capsys.readouterr().err
    assert code == 2
    assert text == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("ratscrew: error: ")
    assert "Traceback" not in err
    return lines[0]


# --- bmn --------------------------------------------------------------------------------------


def test_bmn_two_hands_text() -> None:
    assert run("bmn", LONG_1, LONG_2) == (0, "finished: 85 cards, 12 tricks, player 1 wins\n")
    assert run("bmn", "J--", "-J-") == (0, "loop: 8 cards, 3 tricks before the deal repeats\n")


def test_bmn_two_hands_json() -> None:
    assert run_json("bmn", LONG_1, LONG_2) == {
        "status": "finished", "cards": 85, "tricks": 12, "winner": 1,
    }
    assert run_json("bmn", "J--", "-J-") == {
        "status": "loop", "cards": 8, "tricks": 3, "winner": None,
    }
    # --json may come first too.
    code, text = run("bmn", "--json", "J--", "-J-")
    assert code == 0 and json.loads(text)["status"] == "loop"


def test_bmn_full_rank_hands_ten_is_one_card() -> None:
    """The worked deal written with full ranks (every number card a 10, or 2-9) is the same."""
    tens_1 = LONG_1.replace("-", "10")
    tens_2 = LONG_2.replace("-", "10")
    assert run_json("bmn", tens_1, tens_2) == run_json("bmn", LONG_1, LONG_2)
    mixed_1 = "".join("23456789"[i % 8] if ch == "-" else ch for i, ch in enumerate(LONG_1))
    assert run_json("bmn", mixed_1, tens_2)["cards"] == 85
    # "10" is one card: J 10 10 against 10 J 10 is the J-- / -J- loop.
    assert run_json("bmn", "J1010", "10J10") == run_json("bmn", "J--", "-J-")


def test_bmn_bad_hand(capsys: pytest.CaptureFixture[str]) -> None:
    line = fails(capsys, "bmn", "J1X", "-J-")
    assert "hand 1" in line
    line = fails(capsys, "bmn", "J--")
    assert "two hands" in line


def test_bmn_stdin_one_result_per_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = f"{LONG_1} {LONG_2}\n# a comment\n\nJ-- / -J-\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(deals))
    assert run("bmn") == (0, "finished: 85 cards, 12 tricks, player 1 wins\n"
                             "loop: 8 cards, 3 tricks before the deal repeats\n")
    monkeypatch.setattr(sys, "stdin", io.StringIO(deals))
    code, text = run("bmn", "--json")
    assert code == 0
    results = [json.loads(line) for line in text.splitlines()]
    assert results == [
        {"status": "finished", "cards": 85, "tricks": 12, "winner": 1},
        {"status": "loop", "cards": 8, "tricks": 3, "winner": None},
    ]
    assert capsys.readouterr().err == ""


def test_bmn_stdin_bad_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("J-- -J-\nJ-- -J- -Q-\nXX --\nJ-- -J-\n"))
    code, text = run("bmn")
    lines = text.splitlines()
    assert code == 2
    assert len(lines) == 4  # one line per deal, in order, good or bad
    assert lines[0] == lines[3] == "loop: 8 cards, 3 tricks before the deal repeats"
    assert lines[1].startswith("error: ") and "3 fields" in lines[1]
    assert lines[2].startswith("error: ") and "hand 1" in lines[2]
    err = capsys.readouterr().err.splitlines()
    assert [e.split(":")[0] for e in err] == ["line 2", "line 3"]
    assert "Traceback" not in "\n".join(err)

    monkeypatch.setattr(sys, "stdin", io.StringIO("J-- -J-\nnonsense\n"))
    code, text = run("bmn", "--json")
    assert code == 2
    good, bad = (json.loads(line) for line in text.splitlines())
    assert good["status"] == "loop"
    assert set(bad) == {"error"} and bad["error"]


# --- simulate ---------------------------------------------------------------------------------


def test_simulate_json_is_consistent() -> None:
    data = run_json("simulate", "--games", "12", "--players", "3", "--seed", "7")
    for key in ("games", "cards_played", "wins", "loops", "capped", "mean_cards_per_game"):
        assert key in data, key
    assert data["variant"] == "classic"
    assert data["players"] == 3 and data["seed"] == 7 and data["difficulty"] == "normal"
    assert data["games"] == 12
    assert len(data["wins"]) == 3
    assert sum(data["wins"]) + data["loops"] + data["capped"] == data["games"]
    assert data["mean_cards_per_game"] == round(data["cards_played"] / data["games"], 2)
    assert data["cards_played"] > 0 and data["tricks"] > 0
    assert data["slaps_right"] > 0


def test_simulate_same_seed_same_json() -> None:
    args = ("simulate", "--games", "5", "--players", "4", "--seed", "hello", "--difficulty",
            "hard")
    first, second = run_json(*args), run_json(*args)
    assert first == second
    assert run_json("simulate", "--games", "5", "--players", "4", "--seed", "other",
                    "--difficulty", "hard") != first


def test_simulate_text() -> None:
    code, text = run("simulate", "--games", "3", "--players", "2", "--seed", "1")
    assert code == 0
    assert text.startswith("Egyptian Rat Screw: 3 games, 2 players, normal bots, seed 1")
    assert "wins: player 1" in text and "loops: " in text


@pytest.mark.parametrize("alias", ["bmn", "BMN", "beggar-my-neighbour", "strip_jack_naked"])
def test_simulate_bmn_alias(alias: str) -> None:
    data = run_json("simulate", "--variant", alias, "--games", "6", "--players", "2",
                    "--seed", "3")
    assert data["variant"] == "beggar-my-neighbour"
    assert data["slaps_right"] == data["slaps_wrong"] == 0
    assert sum(data["wins"]) + data["loops"] + data["capped"] == 6


def test_simulate_max_cards_caps_games() -> None:
    data = run_json("simulate", "--games", "4", "--players", "4", "--max-cards", "30")
    assert data["capped"] == 4 and data["cards_played"] == 120


def test_simulate_options() -> None:
    data = run_json("simulate", "--games", "3", "--option", "penalty=lockout",
                    "--option", "slaps=double,sandwich,run", "--option", "challenge=J=1 Q=2")
    assert data["games"] == 3


def test_simulate_record_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, text = run("simulate", "--games", "2", "--players", "3", "--seed", "21",
                     "--record", str(path))
    assert code == 0 and str(path) in text
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == 21 and record["players"] == 3
    game = replay(record)
    assert record_of(game) == record

    code, text = run("replay", str(path))
    assert code == 0
    assert "Dealt 52 cards to 3 players" in text
    winner = game.outcome.winner if game.outcome else None
    assert winner is not None
    assert f"winner: player {winner + 1} (win)" in text
    assert "pile: -" in text

    state = run_json("replay", str(path))
    assert state["status"] == "win" and state["winner"] == winner
    assert state["cards_played"] == game.cards_played and state["tricks"] == game.tricks
    assert state["hands"] == [[c.code for c in h] for h in game.hands]
    assert len(state["hands"][winner]) == 52
    assert state["pile"] == []
    assert len(state["events"]) == len(game.events)
    assert all("kind" in e and "t" in e and e["text"] for e in state["events"])
    assert state["events"][-1]["kind"] == "game-over"


def test_replay_json_lists_hands_top_card_first(tmp_path: Path) -> None:
    record = {"variant": "classic", "players": 2, "names": ["Ana", "Ben"],
              "hands": [["2S", "3S", "4S"], ["5H", "6H", "7H"]],
              "actions": [[100, 0, "flip"], [400, 1, "flip"]]}
    path = tmp_path / "short.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    state = run_json("replay", str(path))
    assert state["hands"] == [["3S", "4S"], ["6H", "7H"]]
    assert state["pile"] == ["2S", "5H"]  # bottom card first
    assert state["status"] == "unfinished" and state["winner"] is None
    code, text = run("replay", str(path))
    assert code == 0
    assert "Ana: 2 cards: 3S 4S" in text
    assert "pile: 2S 5H" in text
    assert "winner: none (unfinished)" in text


def test_replay_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    record = {"variant": "bmn", "players": 2, "hands": [["JS", "2S", "3S"], ["4H", "JH", "5H"]],
              "actions": []}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    state = run_json("replay", "-")
    assert state["hands"] == record["hands"]


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"variant": "snap", "players": 2, "seed": 1, "actions": []}', "unknown variant"),
        ('{"variant": "classic", "players": 2, "actions": []}', "needs a 'seed' or the 'hands'"),
        ('{"variant": "classic", "players": 2, "seed": 1, "actions": [[-1, 0, "flip"]]}',
         "action 1: time -1"),
        ('{"variant": "classic", "players": 2, "seed": 1, "options": {"decks": 99}, '
         '"actions": []}', "decks"),
        ('{"variant": "classic", "players": 2, "seed": 1, "actions": [], '
         '"result": {"status": "win"}}', "the record says status = 'win'"),
    ],
)
def test_replay_invalid_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, fragment: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert fragment in fails(capsys, "replay", str(path))


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.json"
    line = fails(capsys, "replay", str(path))
    assert "cannot read" in line and "nowhere.json" in line


def test_replay_binary_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(b"\xff\xfe\x00\x81")
    assert "not a text file" in fails(capsys, "replay", str(path))


# --- rules ------------------------------------------------------------------------------------


def test_rules_text_lists_everything() -> None:
    code, text = run("rules")
    assert code == 0
    for variant in VARIANTS.values():
        assert variant.name in text and variant.title in text
        for alias in variant.aliases:
            assert alias in text
    for spec in OPTION_SPECS.values():
        assert f"  {spec.name} = " in text
        assert spec.description in text
    for rule in SLAP_RULES.values():
        assert f" {rule.name}: {rule.description}" in text
    # Classic slaps are marked in play.
    assert "* double:" in text and "* sandwich:" in text


def test_rules_for_bmn() -> None:
    code, text = run("rules", "--variant", "bmn")
    assert code == 0
    assert "beggar-my-neighbour" in text and "classic" not in text.split("Options")[0]
    assert "Options (defaults for bmn)" in text
    assert "  slaps = none" in text
    assert "  empty_hand = forfeit" in text
    assert "* " not in text.split("Slap rules")[1]  # no slap rule in play


def test_rules_json() -> None:
    data = run_json("rules")
    assert [v["name"] for v in data["variants"]] == list(VARIANTS)
    assert [o["name"] for o in data["options"]] == list(OPTION_SPECS)
    assert all(o["description"] == OPTION_SPECS[o["name"]].description for o in data["options"])
    assert [r["name"] for r in data["slaps"]] == list(SLAP_RULES)
    assert all(r["description"] and r["examples"] for r in data["slaps"])
    assert data["difficulties"] == ["easy", "normal", "hard", "expert"]
    bmn = run_json("rules", "--variant", "bmn")
    assert [v["name"] for v in bmn["variants"]] == ["beggar-my-neighbour"]
    assert not any(r["in_play"] for r in bmn["slaps"])
    defaults = {o["name"]: o["default"] for o in bmn["options"]}
    assert defaults["slaps"] == [] and defaults["collect"] == "immediate"


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "rules"])
def test_unknown_variant_lists_the_variants(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    line = fails(capsys, command, "--variant", "snap")
    assert "unknown variant 'snap'" in line
    for variant in VARIANTS.values():
        assert variant.name in line
        for alias in variant.aliases:
            assert alias in line


@pytest.mark.parametrize(
    ("option", "fragment"),
    [
        ("penalty=death", "penalty must be one of"),
        ("speed=3", "unknown option 'speed'"),
        ("decks=99", "decks"),
        ("garbage", "name=value"),
        ("=3", "name=value"),
        ("challenge=J=x", "RANK=CHANCES"),
        ("slaps=double,bogus", "unknown slap rule 'bogus'"),
        ("dealer=6", "dealer must be a seat from 0 to 2"),
    ],
)
def test_bad_option(capsys: pytest.CaptureFixture[str], option: str, fragment: str) -> None:
    line = fails(capsys, "simulate", "--games", "1", "--players", "3", "--option", option)
    assert fragment in line


def test_dealer_seat_that_exists_is_accepted() -> None:
    assert run_json("simulate", "--games", "1", "--players", "3", "--option", "dealer=2")[
        "games"
    ] == 1


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (("simulate", "--games", "0"), "--games"),
        (("simulate", "--max-cards", "0"), "--max-cards"),
        (("simulate", "--players", "1"), "not 1"),
        (("simulate", "--players", "12"), "not 12"),
    ],
)
def test_bad_simulate_numbers(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], fragment: str
) -> None:
    assert fragment in fails(capsys, *argv)


# --- as a real process ------------------------------------------------------------------------


def _python_m(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "ratscrew", *argv],
        cwd=ROOT, env=env, input=stdin, capture_output=True, text=True, timeout=120,
        check=False,
    )


def test_python_m_ratscrew() -> None:
    done = _python_m("bmn", LONG_1, LONG_2, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"status": "finished", "cards": 85, "tricks": 12,
                                       "winner": 1}
    done = _python_m("bmn", stdin="J-- -J-\n")
    assert done.returncode == 0
    assert done.stdout == "loop: 8 cards, 3 tricks before the deal repeats\n"


def test_python_m_ratscrew_error() -> None:
    done = _python_m("simulate", "--variant", "snap")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("ratscrew: error: unknown variant 'snap'")
    assert "Traceback" not in done.stderr


# --- Slap Like an Egyptian and Firefighters & Burn --------------------------------------------


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("slap-like-an-egyptian", "slap-like-an-egyptian"),
        ("front-porch", "slap-like-an-egyptian"),
        ("slae", "slap-like-an-egyptian"),
        ("firefighters", "firefighters"),
        ("burn", "firefighters"),
    ],
)
def test_simulate_the_boxed_game_and_firefighters(alias: str, name: str) -> None:
    data = run_json("simulate", "--variant", alias, "--games", "4", "--players", "4",
                    "--seed", "5")
    assert data["variant"] == name and data["games"] == 4
    assert sum(data["wins"]) == 4 and data["loops"] == data["capped"] == 0
    assert data["cards_played"] > 0 and data["tricks"] > 0
    assert run_json("simulate", "--variant", alias, "--games", "4", "--players", "4",
                    "--seed", "5") == data


@pytest.mark.parametrize(
    ("variant", "title"),
    [("slae", "Slap Like an Egyptian"), ("burn", "Firefighters & Burn")],
)
def test_simulate_text_names_the_variant(variant: str, title: str) -> None:
    code, text = run("simulate", "--variant", variant, "--games", "2", "--players", "5",
                     "--seed", "1")
    assert code == 0
    assert text.startswith(f"{title}: 2 games, 5 players, normal bots, seed 1")


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("slae", ["slap_a_roonie=false"]),
        ("slae", ["decks=2", "jokers=0", "next_leader=winner"]),
        ("burn", ["burn_ms=1000", "burn_aces=high", "fire_wait=0"]),
        ("burn", ["slaps=double,lucky-7,marriage", "answer_face=challenges"]),
    ],
)
def test_simulate_the_new_options(variant: str, options: list[str]) -> None:
    argv = ["simulate", "--variant", variant, "--games", "2", "--players", "3"]
    for option in options:
        argv += ["--option", option]
    data = run_json(*argv)
    assert data["games"] == 2 and sum(data["wins"]) + data["capped"] == 2


@pytest.mark.parametrize(
    ("option", "fragment"),
    [("burn_ms=100", "burn_ms"), ("burn_aces=middle", "burn_aces"), ("slap_a_roonie=3", "true")],
)
def test_bad_new_options(capsys: pytest.CaptureFixture[str], option: str, fragment: str) -> None:
    line = fails(capsys, "simulate", "--variant", "burn", "--games", "1", "--option", option)
    assert fragment in line


def test_rules_for_slap_like_an_egyptian() -> None:
    code, text = run("rules", "--variant", "front-porch")
    assert code == 0
    assert "slap-like-an-egyptian (also: front-porch, slae): Slap Like an Egyptian" in text
    options = text.split("Options")[1]
    for line in ("  slap_a_roonie = true", "  penalty_count = 3", "  cardless_penalty = barred",
                 "  next_leader = failed", "  decks = 1; 2 with 5-8 players",
                 "  jokers = 2; 4 with 5-8 players"):
        assert line in options, line
    assert "burn_ms" not in text  # only the options this variant reads
    in_play = [line.split(":")[0] for line in text.splitlines() if line.startswith("  * ")]
    assert in_play == ["  * double", "  * sandwich", "  * run"]


def test_rules_for_firefighters() -> None:
    code, text = run("rules", "--variant", "burn")
    assert code == 0
    assert "firefighters (also: burn, firefighters-and-burn): Firefighters & Burn" in text
    for line in ("  burn_ms = 4000", "  burn_aces = low", "  fire_wait = 1",
                 "  answer_face = ends", "  next_leader = right", "  jokers = 0",
                 "  challenge = J=1 Q=1 K=1"):
        assert line in text, line
    assert "slap_a_roonie" not in text
    assert "Burn conditions (* in play by default):" in text
    in_play = {line.split(":")[0] for line in text.splitlines() if line.startswith("  * ")}
    assert in_play == {"  * double (Matchbox)", "  * sandwich (Overcooked)",
                       "  * chimney", "  * unlucky-13", "  * lucky-7",
                       "  * embers"}


def test_rules_json_for_the_new_variants() -> None:
    slae = run_json("rules", "--variant", "slae")
    assert [v["name"] for v in slae["variants"]] == ["slap-like-an-egyptian"]
    options = {o["name"]: o for o in slae["options"]}
    assert options["decks"]["default"] == 1 and options["jokers"]["default"] == 2
    assert options["decks"]["by_players"]["5"] == 2 and options["jokers"]["by_players"]["8"] == 4
    assert options["slap_a_roonie"]["default"] is True
    burn = run_json("rules", "--variant", "firefighters")
    titles = {r["name"]: r["title"] for r in burn["slaps"] if r["in_play"]}
    assert titles == {"double": "Matchbox", "unlucky-13": "Unlucky 13", "lucky-7": "Lucky 7",
                      "embers": "Embers", "sandwich": "Overcooked", "chimney": "Chimney"}


@pytest.mark.parametrize(
    ("variant", "marks"),
    [("slae", ("Slap-A-Roonie!",)), ("firefighters", ("burn!", "Burn contest won"))],
)
def test_simulate_record_then_replay_the_new_variants(
    tmp_path: Path, variant: str, marks: tuple[str, ...]
) -> None:
    path = tmp_path / f"{variant}.json"
    code, _ = run("simulate", "--variant", variant, "--games", "1", "--players", "4",
                  "--seed", "8", "--record", str(path))
    assert code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert record_of(game) == record
    code, text = run("replay", str(path))
    assert code == 0
    for mark in marks:
        assert mark in text
    state = run_json("replay", str(path))
    assert state["status"] == "win" and state["cards_played"] == game.cards_played


def test_python_m_ratscrew_the_new_variants() -> None:
    done = _python_m("simulate", "--variant", "front-porch", "--games", "1", "--players", "5",
                     "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["variant"] == "slap-like-an-egyptian"
    done = _python_m("rules", "--variant", "burn")
    assert done.returncode == 0, done.stderr
    assert "Firefighters & Burn" in done.stdout and "Burn conditions" in done.stdout


# --- K.U.R.S. ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_simulate_kurs(players: int) -> None:
    data = run_json("simulate", "--variant", "kurs", "--games", "2", "--players", str(players),
                    "--seed", "4")
    assert data["variant"] == "kurs" and data["players"] == players and data["games"] == 2
    assert len(data["wins"]) == players
    assert sum(data["wins"]) == 2 and data["loops"] == data["capped"] == 0
    assert data["cards_played"] > 0 and data["slaps_right"] > 0


def test_simulate_kurs_text_names_the_variant() -> None:
    code, text = run("simulate", "--variant", "tarot", "--games", "1", "--players", "4",
                     "--seed", "2")
    assert code == 0
    assert text.startswith("K.U.R.S.: 1 game")


def test_simulate_kurs_with_its_options() -> None:
    argv = ["simulate", "--variant", "kurs", "--games", "2", "--players", "4", "--seed", "3"]
    for option in ("classroom=false", "decree_yields=false", "clock=1380", "sunset=20",
                   "genders=m f - m", "death_card=false", "ending=until-face"):
        argv += ["--option", option]
    data = run_json(*argv)
    assert data["games"] == 2 and sum(data["wins"]) + data["capped"] == 2


@pytest.mark.parametrize(
    ("option", "fragment"),
    [("sunset=25", "sunset"), ("genders=m x", "genders"), ("clock=1440", "clock"),
     ("classroom=maybe", "true or false")],
)
def test_bad_kurs_options(capsys: pytest.CaptureFixture[str], option: str, fragment: str) -> None:
    line = fails(capsys, "simulate", "--variant", "kurs", "--games", "1", "--option", option)
    assert fragment in line


def test_rules_for_kurs_lists_its_options() -> None:
    code, text = run("rules", "--variant", "kurs")
    assert code == 0
    assert ("kurs (also: k.u.r.s., tarot, kemetic-unorthodox-rat-screw): K.U.R.S., 2-8 players"
            in text)
    options = text.split("Options")[1]
    for line in ("  death_card = false; true with 3-8 players", "  classroom = true",
                 "  decree_yields = true", "  sunrise = 6", "  sunset = 18", "  clock = 720",
                 "  genders = none", "  challenge = P=1 N=2 Q=3 K=4", "  slaps = double",
                 "  ending = standard"):
        assert line in options, line
    assert "burn_ms" not in text and "slap_a_roonie" not in text
    in_play = [line.split(":")[0] for line in text.splitlines() if line.startswith("  * ")]
    assert in_play == ["  * double"]


def test_rules_json_for_kurs() -> None:
    data = run_json("rules", "--variant", "tarot")
    assert [v["name"] for v in data["variants"]] == ["kurs"]
    options = {o["name"]: o for o in data["options"]}
    for name in ("death_card", "classroom", "decree_yields", "sunrise", "sunset", "clock",
                 "genders"):
        assert options[name]["variants"] == ["kurs"], name
    assert options["death_card"]["default"] is False
    assert options["death_card"]["by_players"] == {str(n): True for n in range(3, 9)}
    assert options["sunrise"]["range"] == [0, 23] and options["sunset"]["range"] == [1, 24]
    assert options["clock"]["range"] == [0, 1439]
    assert "until-face" in options["ending"]["choices"]


def test_simulate_record_then_replay_kurs(tmp_path: Path) -> None:
    path = tmp_path / "kurs.json"
    code, _ = run("simulate", "--variant", "kurs", "--games", "1", "--players", "4",
                  "--seed", "8", "--record", str(path))
    assert code == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["variant"] == "kurs"
    game = replay(record)
    assert record_of(game) == record
    code, text = run("replay", str(path))
    assert code == 0 and "Dealt 78 cards to 4 players" in text
    state = run_json("replay", str(path))
    assert state["status"] == "win" and state["cards_played"] == game.cards_played
    assert any(e["kind"] == "arcana" for e in state["events"])


# --- no traceback, no hang, no wrong acceptance (one numbered case each) ----------------------


def small_record(tmp_path: Path, variant: str = "classic") -> dict[str, Any]:
    """A real record, written by ``simulate --record`` (a short, capped game)."""
    path = tmp_path / "real.json"
    code, _ = run("simulate", "--variant", variant, "--games", "1", "--players", "3",
                  "--seed", "5", "--max-cards", "120", "--record", str(path))
    assert code == 0
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def replay_fails(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    return fails(capsys, "replay", str(path))


def test_1_a_record_nested_100000_deep_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = replay_fails(capsys, tmp_path, "[" * 100_000 + "]" * 100_000)
    assert "nested more than 32 levels deep" in line
    line = replay_fails(capsys, tmp_path, "[" * 100_000)
    assert "nested more than 32 levels deep" in line
    record = small_record(tmp_path)
    text = json.dumps(record).replace('"options": {}',
                                      '"options": ' + '{"a": ' * 100_000 + "1" + "}" * 100_000)
    assert "{" * 10 in text or '{"a": {"a"' in text
    line = replay_fails(capsys, tmp_path, text)
    assert "nested more than 32 levels deep" in line


def test_1_a_deep_option_value_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    deep = "[" * 4000 + "]" * 4000
    line = fails(capsys, "simulate", "--games", "1", "--option", f"slaps={deep}")
    assert "--option slaps" in line and "nested more than 32 levels deep" in line
    line = fails(capsys, "simulate", "--games", "1", "--option", "slaps=" + "[" * 100_000)
    assert "--option slaps: the text is larger than 10000 characters" in line
    # A shallow list still works: the limit is far above what options need.
    assert run_json("simulate", "--games", "1", "--option", 'slaps=["double"]')["games"] == 1


def test_1_a_record_from_standard_input_is_read_within_the_limit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("[" * 100_000))
    assert "nested more than 32" in fails(capsys, "replay", "-")


@pytest.mark.parametrize("where", ["players", "seed", "time"])
def test_2_a_5000_digit_number_in_a_record_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    record = small_record(tmp_path)
    huge = "9" * 5000
    text = json.dumps(record)
    if where == "time":
        first = json.dumps(record["actions"][0])
        text = text.replace(first, f"[{huge}, 0, \"flip\"]", 1)
    else:
        text = text.replace(f'"{where}": {record[where]}', f'"{where}": {huge}', 1)
    assert huge in text
    line = replay_fails(capsys, tmp_path, text)
    assert "a number longer than 30 digits" in line
    # As a string: the seed's digits are bounded before they are converted.
    record["seed"] = huge
    line = replay_fails(capsys, tmp_path, json.dumps(record))
    assert "'seed' must be a whole number" in line


def test_2_a_time_past_the_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = small_record(tmp_path)
    record["actions"][0][0] = 10**20
    line = replay_fails(capsys, tmp_path, json.dumps(record))
    assert "action 1: time" in line and "whole number of ms from 0 to" in line


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (("--seed", "9" * 5000), "--seed 999"),
        (("--seed", "1" + "0" * 20), "has 21 digits"),
        (("--option", "decks=" + "9" * 5000), "--option decks: the text has a number longer"),
        (("--option", "challenge=J=" + "9" * 5000), "a number longer than 20 digits"),
        (("--players", "9" * 5000), "argument --players: '999"),
        (("--players", "4x"), "argument --players: '4x' is not a whole number"),
        (("--games", "1e3"), "argument --games: '1e3' is not a whole number"),
        (("--max-cards", ""), "argument --max-cards: '' is not a whole number"),
        (("--games", "9" * 5000), "digits (at most 9)"),
        (("--option", "challenge=J=\u00b2"), "challenge takes RANK=CHANCES"),
    ],
)
def test_2_long_or_bad_numbers_on_the_command_line_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], fragment: str
) -> None:
    line = fails(capsys, "simulate", "--games", "1", *argv)
    assert fragment in line
    assert len(line) < 300


def test_2_a_seed_of_twenty_digits_still_works() -> None:
    assert run_json("simulate", "--games", "1", "--seed", "18446744073709551615")["seed"] == (
        18446744073709551615)
    assert run_json("simulate", "--games", "1", "--seed", "  17 ")["seed"] == 17


def test_argparse_errors_are_one_line_too(capsys: pytest.CaptureFixture[str]) -> None:
    line = fails(capsys, "simulate", "--difficulty", "godlike")
    assert "invalid choice" in line and "(see 'ratscrew simulate --help')" in line
    assert "the following arguments are required" in fails(capsys)
    assert "invalid choice" in fails(capsys, "play")


def test_3_a_seed_of_undecodable_bytes_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # What Python makes of the bytes ff fe on the command line (surrogate escapes).
    seed = b"\xff\xfe".decode("utf-8", "surrogateescape")
    line = fails(capsys, "simulate", "--games", "1", "--seed", seed)
    assert "--seed" in line and "not valid text" in line
    assert line.isascii()


def test_3_a_seed_of_undecodable_bytes_as_a_real_process() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "ratscrew", "simulate", "--games", "1", "--seed",
         os.fsdecode(b"\xff\xfe")],
        cwd=ROOT, env=env, capture_output=True, timeout=120, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.count(b"\n") == 1 and b"Traceback" not in done.stderr
    assert b"not valid text" in done.stderr


@pytest.mark.parametrize("where", ["missing-folder", "folder", "empty"])
def test_4_a_record_path_that_cannot_be_written_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    import ratscrew.cli as cli

    def no_games(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the games were played before the path was checked")

    monkeypatch.setattr(cli, "simulate", no_games)
    path = {"missing-folder": str(tmp_path / "nonexistent-dir" / "x.json"),
            "folder": str(tmp_path), "empty": ""}[where]
    line = fails(capsys, "simulate", "--games", "3", "--record", path)
    assert {"missing-folder": "does not exist", "folder": "it is a folder",
            "empty": "needs a file name"}[where] in line
    assert list(tmp_path.iterdir()) == []


def test_4_the_exact_reproductions(capsys: pytest.CaptureFixture[str]) -> None:
    line = fails(capsys, "simulate", "--games", "1", "--record", "/nonexistent-dir/x.json")
    assert "cannot write the record to /nonexistent-dir/x.json" in line
    line = fails(capsys, "simulate", "--games", "1", "--record", ".")
    assert "cannot write the record to ." in line and "folder" in line


def test_4_a_write_that_fails_part_way_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import ratscrew.cli as cli

    class Full(io.StringIO):
        def __init__(self, path: str) -> None:
            super().__init__()
            self.real = open(path, "w", encoding="utf-8")  # noqa: SIM115

        def write(self, text: str) -> int:
            self.real.write(text[: len(text) // 2])
            self.real.flush()
            raise OSError(28, "No space left on device")

        def close(self) -> None:
            self.real.close()
            super().close()

    monkeypatch.setattr(cli, "open", lambda path, *a, **k: Full(path), raising=False)
    path = tmp_path / "game.json"
    line = fails(capsys, "simulate", "--games", "1", "--record", str(path))
    assert "No space left on device" in line
    assert not path.exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_4_a_full_device(capsys: pytest.CaptureFixture[str]) -> None:
    assert "No space left" in fails(capsys, "simulate", "--games", "1", "--record", "/dev/full")
    assert os.path.exists("/dev/full")


def test_5_a_record_with_cards_the_deck_does_not_have_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {"variant": "classic", "players": 2, "hands": [["AS", "M1"], ["QS"]],
              "actions": []}
    assert "M1 is not a card of the Egyptian Rat Screw deck" in replay_fails(
        capsys, tmp_path, json.dumps(record))
    record["hands"] = [["AS", "AS"], ["QS"]]
    assert "'hands' has AS twice" in replay_fails(capsys, tmp_path, json.dumps(record))


def test_6_an_action_after_the_end_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert run("simulate", "--games", "1", "--players", "2", "--seed", "3",
               "--record", str(path))[0] == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["result"]["status"] == "win"
    last = record["actions"][-1][0]
    record["actions"].append([last + 500, 0, "flip"])
    line = replay_fails(capsys, tmp_path, json.dumps(record))
    assert line.endswith(f"action {len(record['actions'])}: the game is already over")


def test_7_replay_text_escapes_control_characters(tmp_path: Path) -> None:
    record = {
        "variant": "kurs", "players": 3,
        "names": ["A\x1b[2J", "B\r\x07", "C\u009b31m\u202eD"],
        "hands": [["M5", "2CU", "3CU"], ["2WA", "3WA", "4WA"], ["5SW", "6SW"]],
        "actions": [[100, 0, "flip"], [200, 0, "choose", "Be \x1b[31mred\x1b[0m\u202e"],
                    [300, 1, "flip"], [400, 0, "fine", "3"]],
    }
    path = tmp_path / "names.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, text = run("replay", str(path))
    assert code == 0
    for bad in ("\x1b", "\r", "\x07", "\u009b", "\u202e"):
        assert bad not in text
    assert "A\\x1b[2J flips M5." in text
    assert "B\\x0d\\x07: 2 cards" in text
    assert "C\\x9b31m\\u202eD" in text
    assert all(line.isprintable() for line in text.splitlines())
    code, out = run("replay", str(path), "--json")
    assert code == 0 and out.isascii() and "\x7f" not in out
    assert json.loads(out)["events"][1]["text"].startswith("A\x1b[2J")


def test_7_visible_escapes_only_what_is_dangerous() -> None:
    from ratscrew.cli import visible

    assert visible("Zoë 🎉 \u201cquoted\u201d") == "Zoë 🎉 \u201cquoted\u201d"
    assert visible("a\tb\nc\x7fd") == "a\\x09b\\x0ac\\x7fd"
    assert visible("\u2066x\u2069\u200f") == "\\u2066x\\u2069\\u200f"
    assert visible("\U000e0001") == "\\U000e0001"
    assert visible("\u00a0") == "\u00a0"
    assert visible("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"


def test_error_messages_escape_and_cut_what_they_quote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {"format": "x\n\x1b[2J" * 1000, "variant": "classic", "players": 2, "seed": 1,
              "actions": []}
    line = replay_fails(capsys, tmp_path, json.dumps(record))
    assert "\x1b" not in line and len(line) < 1100


def test_bmn_standard_input_that_is_not_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\xfe -J-\n"), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdin", raw)
    assert "standard input is not text" in fails(capsys, "bmn")
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\xfe"), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdin", raw)
    assert "standard input is not a text file" in fails(capsys, "replay", "-")


# --- --lang -----------------------------------------------------------------------------------


@pytest.fixture
def no_catalogues(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No compiled catalogue at all (whatever the build has made)."""
    folder = tmp_path / "compiled"
    folder.mkdir()
    monkeypatch.setattr(i18n, "COMPILED", folder)
    return folder


def _fake_french(folder: Path) -> None:
    """A compiled "French" catalogue of two messages, only to see which language is chosen."""
    (folder / "fr.json").write_text(json.dumps({
        "lang": "fr", "name": "Français", "plural": "n > 1",
        "messages": {"Variants:": "Variantes :",
                     "ratscrew: error: {message}": "ratscrew : erreur : {message}"},
    }), encoding="utf-8")


@pytest.mark.parametrize("argv", [
    ("--lang", "xx", "rules"),
    ("--lang=xx", "rules"),
    ("rules", "--lang", "xx"),
    ("--lang", "xx", "bmn", "J--", "-J-"),
])
def test_lang_unknown_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    line = fails(capsys, *argv)
    assert line.startswith("ratscrew: error: --lang: no language 'xx': choose one of en, ")


def test_lang_not_compiled_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], no_catalogues: Path
) -> None:
    line = fails(capsys, "--lang", "fr", "rules")
    assert "--lang: the fr catalogue is not compiled" in line
    assert "not compiled" in fails(capsys, "rules", "--lang", "de")
    assert "not compiled" in fails(capsys, "--lang", "fr_FR.UTF-8", "rules")


def test_lang_without_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--lang" in fails(capsys, "rules", "--lang")


@pytest.mark.parametrize("argv", [
    ("rules",),
    ("rules", "--variant", "kurs"),
    ("simulate", "--games", "3", "--players", "3"),
    ("bmn", LONG_1, LONG_2),
    ("bmn", "--json", LONG_1, LONG_2),
])
def test_lang_en_changes_nothing(argv: tuple[str, ...]) -> None:
    english = run(*argv)
    assert english[0] == 0
    assert run("--lang", "en", *argv) == english
    assert run("--lang=en", *argv) == english
    assert run(*argv, "--lang", "en") == english
    assert run("--lang", "en-GB", *argv) == english


def test_lang_en_replay_and_errors_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert run("simulate", "--games", "1", "--players", "2", "--record", str(path))[0] == 0
    english = run("replay", str(path))
    assert english[0] == 0 and "Dealt 52 cards to 2 players" in english[1]
    assert run("--lang", "en", "replay", str(path)) == english
    assert run("replay", str(path), "--lang", "en") == english
    assert fails(capsys, "--lang", "en", "simulate", "--games", "0") == (
        "ratscrew: error: --games must be from 1 to 1000000")


@pytest.mark.parametrize(("environ", "tags"), [
    ({"LANG": "fr_FR.UTF-8"}, ["fr_FR"]),
    ({"LANGUAGE": "de:fr", "LANG": "es_ES.UTF-8"}, ["de", "fr"]),
    ({"LANGUAGE": "", "LC_MESSAGES": "es_MX@euro", "LANG": "fr_FR"}, ["es_MX"]),
    ({"LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"}, []),
    ({"LANG": "POSIX"}, []),
    ({}, []),
])
def test_environment_languages(environ: dict[str, str], tags: list[str]) -> None:
    assert environment_languages(environ) == tags


def test_environment_language_not_compiled_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch, no_catalogues: Path
) -> None:
    english = run("rules")
    for name, value in [("LANG", "fr_FR.UTF-8"), ("LC_ALL", "de_DE"), ("LANGUAGE", "es:fr"),
                        ("LANG", "C"), ("LANG", "xx_YY.UTF-8")]:
        monkeypatch.setenv(name, value)
        assert run("rules") == english, (name, value)
    assert catalogue_for(None, {"LANG": "fr_FR.UTF-8"}) is i18n.ENGLISH


def test_lang_and_environment_choose_the_catalogue(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], no_catalogues: Path
) -> None:
    """Which catalogue is used (a two-message stand-in: the real languages are tested with
    their compiled catalogues); English again once the command is done."""
    _fake_french(no_catalogues)
    assert run("rules")[1].startswith("Variants:\n")
    assert run("--lang", "fr", "rules")[1].startswith("Variantes :\n")
    assert run("rules", "--lang", "fr_CA")[1].startswith("Variantes :\n")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run("rules")[1].startswith("Variantes :\n")
    assert run("--lang", "en", "rules")[1].startswith("Variants:\n")
    capsys.readouterr()
    assert run("rules", "--variant", "snap") == (2, "")
    assert capsys.readouterr().err.startswith("ratscrew : erreur : unknown variant 'snap'")
    assert i18n.current() is i18n.ENGLISH
