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

from ratscrew.__main__ import main
from ratscrew.options import OPTION_SPECS
from ratscrew.record import record_of, replay
from ratscrew.slaps import SLAP_RULES
from ratscrew.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent

LONG_1 = "-----A--KQ--J--J--KKA-K---"
LONG_2 = "---J---QJA---------AQ----Q"


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
         "actions[0]"),
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
                       "  * top-bottom (Chimney)", "  * unlucky-13", "  * lucky-7",
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
                      "embers": "Embers", "sandwich": "Overcooked", "top-bottom": "Chimney"}


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
