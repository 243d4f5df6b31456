"""Game records: a game is its deal and its timestamped actions; replaying gives the same game."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from ratscrew.core.cards import cards
from ratscrew.core.engine import Game
from ratscrew.play.match import Match, make_bots, play
from ratscrew.play.record import FORMAT, VERSION, RecordError, dumps, loads, record_of, replay
from ratscrew.variants import VARIANTS


def state(game: Game) -> dict[str, Any]:
    return {
        "hands": [[c.code for c in h] for h in game.hands],
        "pile": [c.code for c in game.pile],
        "outcome": game.outcome,
        "cards_played": game.cards_played,
        "tricks": game.tricks,
        "events": [e.explain(game.names or None) for e in game.events],
    }


@pytest.fixture(scope="module")
def finished() -> Game:
    game = play("classic", 3, 42, "normal", max_cards=5000)
    assert game.outcome is not None and game.outcome.status == "win"
    return game


@pytest.fixture
def base(finished: Game) -> dict[str, Any]:
    """A valid record to break, one field at a time."""
    return copy.deepcopy(record_of(finished))


def refused(data: dict[str, Any] | str, *fragments: str) -> str:
    with pytest.raises(RecordError) as info:
        replay(data)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    assert "\n" not in message
    return message


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", [2, 4])
def test_round_trip_record_json_replay_record(variant: str, players: int) -> None:
    game = play(variant, players, 1234 + players, "hard", max_cards=5000)
    record = record_of(game)
    text = dumps(game)
    assert json.loads(text) == record
    again = replay(loads(text))
    assert record_of(again) == record
    assert state(again) == state(game)
    # A dict works as well as the text.
    assert record_of(replay(record)) == record


def test_record_layout(finished: Game) -> None:
    record = record_of(finished)
    assert record["format"] == FORMAT == "ratscrew-record"
    assert record["version"] == VERSION == 1
    assert record["variant"] == "classic"
    assert record["players"] == 3
    assert record["seed"] == 42
    assert "hands" not in record and "names" not in record
    assert record["options"] == {}
    assert all(isinstance(a, list) and len(a) in (3, 4) for a in record["actions"])
    assert len(record["actions"]) == len(finished.history)
    assert record["result"] == {
        "status": "win",
        "winner": finished.outcome.winner if finished.outcome else None,
        "cards_played": finished.cards_played,
        "tricks": finished.tricks,
    }


def test_an_unfinished_game_has_no_result_and_replays_unfinished() -> None:
    game = Game("classic", 2, seed=5)
    match = Match(game, make_bots(game, "normal"))
    for _ in range(30):
        match.step()
    record = record_of(game)
    assert "result" not in record
    again = replay(dumps(game))
    assert again.outcome is None
    assert state(again) == state(game)


def test_explicit_hands_are_stored_top_card_first_and_replayed() -> None:
    hands = [cards("JS 2H 9C 9D 3S KH"), cards("4D 5C QS 7H 10S AD")]
    game = Game("classic", 2, hands=hands)
    Match(game, make_bots(game, "expert")).run(2000)
    record = record_of(game)
    assert "seed" not in record
    assert record["hands"] == [
        ["JS", "2H", "9C", "9D", "3S", "KH"],
        ["4D", "5C", "QS", "7H", "10S", "AD"],
    ]
    again = replay(json.loads(json.dumps(record)))
    assert [list(h) for h in again.initial_hands] == hands
    assert state(again) == state(game)
    assert record_of(again) == record


def test_hands_accept_any_case_and_ten_as_t() -> None:
    record = {"variant": "classic", "players": 2, "hands": [["js", "TH"], ["10d", "qs"]],
              "actions": [[5, 0, "flip"]]}
    game = replay(record)
    assert [c.code for c in game.initial_hands[0]] == ["JS", "10H"]
    assert [c.code for c in game.pile] == ["JS"]


def test_names_are_kept_and_used_in_the_explanations() -> None:
    names = ["Ana", "Ben", "Cleo"]
    game = Game("classic", 3, seed=9, names=names)
    Match(game, make_bots(game, "normal")).run(5000)
    record = record_of(game)
    assert record["names"] == names
    again = replay(dumps(game))
    assert again.names == tuple(names)
    explained = [e.explain(list(again.names)) for e in again.events]
    assert any("Ana" in line or "Ben" in line or "Cleo" in line for line in explained)
    assert not any("player 1" in line for line in explained)


def test_only_options_that_differ_from_the_variant_are_stored() -> None:
    game = play("classic", 4, 3, "normal", {"penalty": "lockout"}, max_cards=3000)
    record = record_of(game)
    assert record["options"] == {"penalty": "lockout"}
    again = replay(dumps(game))
    assert again.rules.penalty == "lockout"
    assert again.rules == game.rules
    # Choosing a variant's own default stores nothing.
    game = play("classic", 2, 3, "normal", {"penalty": "cards", "decks": 1}, max_cards=3000)
    assert record_of(game)["options"] == {}
    # Beggar-My-Neighbour has no slaps by its own rules: that is not an option change.
    assert record_of(play("bmn", 2, 3))["options"] == {}


def test_stored_options_round_trip_in_json_form() -> None:
    options = {"slaps": ["double", "run"], "challenge": {"J": 1, "Q": 2}, "run_wrap": True}
    game = play("classic", 3, 11, "normal", options, max_cards=3000)
    stored = record_of(game)["options"]
    assert stored == options
    assert replay(dumps(game)).rules == game.rules


def test_a_capped_game_replays_as_capped() -> None:
    game = play("classic", 4, 8, "normal", max_cards=100)
    assert game.outcome is not None and game.outcome.status == "capped"
    record = record_of(game)
    assert record["result"] == {"status": "capped", "winner": None, "cards_played": 100,
                                "tricks": game.tricks}
    again = replay(dumps(game))
    assert again.outcome is not None and again.outcome.status == "capped"
    assert state(again) == state(game)


def test_seed_may_be_a_decimal_string(base: dict[str, Any]) -> None:
    base["seed"] = str(base["seed"])
    assert replay(base).outcome is not None


def test_result_is_optional(base: dict[str, Any], finished: Game) -> None:
    del base["result"]
    assert state(replay(base)) == state(finished)


# --- refused records --------------------------------------------------------------------------


def test_not_json() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        loads('{"variant": "classic",')
    refused("{nope", "not valid JSON", "line 1")


@pytest.mark.parametrize("text", ["[1, 2]", '"classic"', "17", "null"])
def test_not_an_object(text: str) -> None:
    refused(text, "JSON object")


def test_wrong_format(base: dict[str, Any]) -> None:
    base["format"] = "chess-pgn"
    refused(base, "'format'", "chess-pgn")


@pytest.mark.parametrize("version", [2, 0, "1"])
def test_wrong_version(base: dict[str, Any], version: Any) -> None:
    base["version"] = version
    refused(base, "version", "not supported")


def test_unknown_field(base: dict[str, Any]) -> None:
    base["colour"] = "red"
    refused(base, "unknown field 'colour'")


def test_unknown_variant(base: dict[str, Any]) -> None:
    base["variant"] = "snap"
    message = refused(base, "unknown variant 'snap'")
    for name in VARIANTS:
        assert name in message


def test_missing_variant(base: dict[str, Any]) -> None:
    del base["variant"]
    refused(base, "'variant' is missing")


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        ("four", "'players' must be"),
        (3.0, "'players' must be"),
        (True, "'players' must be"),
        (1, "not 1"),
        (99, "not 99"),
    ],
)
def test_bad_players(base: dict[str, Any], players: Any, fragment: str) -> None:
    base["players"] = players
    refused(base, fragment)


def test_missing_players(base: dict[str, Any]) -> None:
    del base["players"]
    refused(base, "'players' is missing")


def test_hands_for_the_wrong_number_of_players() -> None:
    record = {"variant": "classic", "players": 3, "hands": [["AS"], ["KS"]], "actions": []}
    refused(record, "cannot start the game", "2 hands given for 3 players")


def test_seed_and_hands_both_deal_the_hands(base: dict[str, Any]) -> None:
    base["hands"] = [["AS"], ["KS"], ["QS"], ["JS"]][: base["players"]]
    base["actions"] = []
    del base["result"]
    game = replay(base)
    assert [[c.code for c in h] for h in game.hands] == base["hands"]
    assert game.seed == base["seed"]


def test_seed_and_hands_neither(base: dict[str, Any]) -> None:
    del base["seed"]
    refused(base, "needs a 'seed' or the 'hands'")


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "abc", True, [1]])
def test_bad_seed(base: dict[str, Any], seed: Any) -> None:
    base["seed"] = seed
    refused(base, "'seed' must be a whole number")


@pytest.mark.parametrize("bad", ["ZZ", "1S", 12, "AX"])
def test_bad_card_code_in_hands(bad: Any) -> None:
    record = {"variant": "classic", "players": 2, "hands": [["AS", bad], ["KS"]],
              "actions": []}
    refused(record, "'hands'", repr(bad), "not a card code")


@pytest.mark.parametrize("hands", ["AS KS", [["AS"], "KS"], {"0": ["AS"]}])
def test_hands_not_lists(hands: Any) -> None:
    record = {"variant": "classic", "players": 2, "hands": hands, "actions": []}
    refused(record, "'hands' must be a list of hands")


def test_hands_with_no_cards() -> None:
    record = {"variant": "classic", "players": 2, "hands": [[], []], "actions": []}
    refused(record, "no cards")


@pytest.mark.parametrize(
    ("options", "fragments"),
    [
        ({"penalty": "death"}, ("penalty must be one of",)),
        ({"decks": 0}, ("decks", "1 to 8")),
        ({"slaps": ["double", "nonsense"]}, ("unknown slap rule 'nonsense'",)),
        ({"speed": 3}, ("unknown option 'speed'",)),
        ({"challenge": {"X": 1}}, ("challenge", "'X'")),
        ({"challenge": [5]}, ("challenge",)),
        ({"run_wrap": "yes"}, ("run_wrap must be true or false",)),
        ({"dealer": 5}, ("dealer must be a seat from 0 to 2",)),
        (["penalty"], ("'options' must be an object",)),
    ],
)
def test_bad_option(base: dict[str, Any], options: Any, fragments: tuple[str, ...]) -> None:
    base["options"] = options
    refused(base, *fragments)


@pytest.mark.parametrize(
    ("names", "fragment"),
    [
        ("Ana", "'names' must be a list of strings"),
        (["Ana", 2, "Cleo"], "'names' must be a list of strings"),
        (["Ana", "Ben"], "'names' has 2 names for 3 players"),
        (["Ana", "B" * 41, "Cleo"], "longer than 40 characters"),
    ],
)
def test_bad_names(base: dict[str, Any], names: Any, fragment: str) -> None:
    base["names"] = names
    refused(base, fragment)


@pytest.mark.parametrize("actions", ["flip", {"0": [1, 0, "flip"]}, 3])
def test_actions_not_a_list(base: dict[str, Any], actions: Any) -> None:
    base["actions"] = actions
    refused(base, "'actions' must be a list")


def test_actions_missing(base: dict[str, Any]) -> None:
    del base["actions"]
    refused(base, "'actions' is missing")


@pytest.mark.parametrize("entry", ["flip", [100, 0], [100, 0, "slap", "left", "x"], {"t": 1}])
def test_action_entry_of_the_wrong_shape(base: dict[str, Any], entry: Any) -> None:
    base["actions"] = [entry]
    del base["result"]
    refused(base, "action 1 must be [time, seat, action]")


def test_unknown_action_kind(base: dict[str, Any]) -> None:
    base["actions"][3] = [base["actions"][3][0], 0, "shuffle"]
    refused(base, "action 4:", "'shuffle' is not an action", "flip, slap, choose")


@pytest.mark.parametrize("seat", [3, 7, -1])
def test_seat_that_does_not_exist(base: dict[str, Any], seat: int) -> None:
    base["actions"][0] = [base["actions"][0][0], seat, "flip"]
    refused(base, "action 1:", f"seat {seat} does not exist", "0 to 2")


def test_seat_not_a_number(base: dict[str, Any]) -> None:
    base["actions"][0] = [base["actions"][0][0], "0", "flip"]
    refused(base, "action 1:", "seat '0' must be a whole number")


def test_time_going_backwards(base: dict[str, Any]) -> None:
    t = base["actions"][4][0]
    base["actions"][5][0] = t - 1
    refused(base, "action 6:", f"action time {t - 1} is before the previous action ({t} ms)")


@pytest.mark.parametrize("t", [-5, 1.5, "100", None])
def test_bad_or_negative_time(base: dict[str, Any], t: Any) -> None:
    base["actions"][0][0] = t
    refused(base, "action 1:", f"time {t!r} must be a whole number of ms from 0 to")


def test_argument_not_a_string(base: dict[str, Any]) -> None:
    entry = base["actions"][0]
    base["actions"][0] = [*entry[:3], 7]
    refused(base, "action 1:", "argument must be a string")


@pytest.mark.parametrize(
    ("key", "value"),
    [("winner", "other"), ("cards_played", 1), ("tricks", 0), ("status", "loop")],
)
def test_result_mismatch(base: dict[str, Any], key: str, value: Any) -> None:
    real = base["result"][key]
    if value == "other":
        value = (real + 1) % 3
    base["result"][key] = value
    refused(base, f"the record says {key} = {value!r} but replaying it gives {real!r}")


def test_result_of_a_truncated_record(base: dict[str, Any], finished: Game) -> None:
    base["actions"] = base["actions"][:20]
    refused(base, "the record says status = 'win' but replaying it gives 'unfinished'")


def test_result_with_an_unknown_field(base: dict[str, Any]) -> None:
    base["result"]["duration"] = 3
    refused(base, "'result' has an unknown field 'duration'")


def test_result_not_an_object(base: dict[str, Any]) -> None:
    base["result"] = "win"
    refused(base, "'result' must be an object")


def test_record_error_is_a_value_error() -> None:
    assert issubclass(RecordError, ValueError)


# --- the variants with table state: dice, decisions, the Burn pile and ticks --------------------


def test_a_boxed_game_for_five_records_no_deck_options_and_replays_its_two_decks() -> None:
    game = play("slae", 5, 31, "normal", max_cards=3000)
    record = record_of(game)
    assert record["variant"] == "slap-like-an-egyptian" and record["options"] == {}
    again = replay(dumps(game))
    assert again.total == game.total == 108
    assert state(again) == state(game)


def test_the_boxed_game_s_deck_options_are_stored_and_replayed() -> None:
    game = play("front-porch", 3, 6, "normal", {"decks": 2}, max_cards=3000)
    record = record_of(game)
    assert record["options"] == {"decks": 2, "jokers": 4}
    again = replay(dumps(game))
    assert again.total == 108 and again.rules == game.rules
    assert state(again) == state(game)


def test_dice_choices_and_slapping_hands_are_recorded_and_replayed() -> None:
    game = play("slae", 3, 17, "normal", max_cards=5000)
    actions = record_of(game)["actions"]
    assert any(a[2] == "choose" and len(a) == 4 for a in actions)  # a Rat called
    assert {a[3] for a in actions if a[2] == "slap"} <= {"left", "right"}
    assert {a[3] for a in actions if a[2] == "slap"} == {"left", "right"}
    again = replay(dumps(game))
    assert state(again) == state(game)
    assert again.state == game.state  # the dice, as they lie at the end


def firefighters_record() -> dict[str, Any]:
    """Seats 0 and 1 lay Q, Q; seat 2 burns; time runs out (the table's tick); seat 1 (right
    of the winner) leads the next round."""
    return {
        "variant": "burn",
        "players": 3,
        "hands": [["QS", "KS", "2S"], ["QH", "9H", "2H"], ["4D", "2D"]],
        "actions": [[100, 0, "flip"], [200, 1, "flip"], [900, 2, "slap"], [4200, -1, "tick"],
                    [4700, 1, "flip"]],
    }


def test_a_tick_in_a_record_ends_the_burn_contest_on_replay() -> None:
    game = replay(firefighters_record())
    texts = [e.explain() for e in game.events]
    assert "player 3 wins the burn with 6; player 1, player 2 did not burn in time." in texts
    assert [c.code for c in game.side_piles["burn"]] == ["4D"]
    assert [c.code for c in game.pile] == ["9H"] and game.phase is None
    record = record_of(game)
    assert record["variant"] == "firefighters"
    assert record["actions"] == firefighters_record()["actions"]
    assert state(replay(dumps(game))) == state(game)


def test_without_its_tick_the_contest_ends_at_the_next_action() -> None:
    record = firefighters_record()
    record["actions"] = [a for a in record["actions"] if a[2] != "tick"]
    game = replay(record)
    assert game.phase is None and game.side_piles["burn"]
    assert [c.code for c in game.hands[2]] == ["2D", "QS", "QH"]


def test_firefighters_games_round_trip_with_their_burn_pile() -> None:
    for seed in range(3):
        game = play("firefighters", 4, seed, "normal")
        again = replay(dumps(game))
        assert state(again) == state(game)
        assert again.side_piles == game.side_piles
        fires, fires_again = game.state, again.state
        assert (fires_again.ran_out, fires_again.contests) == (fires.ran_out, fires.contests)
        assert fires_again.last.to_dict() == fires.last.to_dict()


def test_a_game_from_hands_with_its_own_dice_seed_replays() -> None:
    hands = [cards("8S 2S 3S 4S"), cards("8H 2H 3H 4H"), cards("5D 6D 9D 10D")]
    game = Game("slae", 3, seed=30, hands=hands)
    again = replay(dumps(game))
    assert [list(h) for h in again.initial_hands] == hands


# --- K.U.R.S.: the fine action, typed answers and the Tarot ------------------------------------


def test_a_variant_s_own_action_is_refused_in_a_variant_without_it(base: dict[str, Any]) -> None:
    """``fine`` is K.U.R.S.' action: a classic record holding one is refused, not ignored."""
    base["actions"][2] = [base["actions"][2][0], 0, "fine", "2"]
    refused(base, "action 3:", "'fine' is not an action", "actions are flip, slap, choose, "
            "tick")


def test_kurs_options_and_tarot_hands_are_stored_and_replayed() -> None:
    options = {"classroom": False, "genders": "m f -", "decree_yields": False, "clock": 1380}
    game = play("kurs", 3, 5, "normal", options, max_cards=5000)
    record = record_of(game)
    assert record["variant"] == "kurs"
    assert record["options"] == {"classroom": False, "genders": ["male", "female", ""],
                                 "decree_yields": False, "clock": 1380}
    again = replay(dumps(game))
    assert again.rules == game.rules and again.total == 78
    assert state(again) == state(game)
    assert [c.code for c in again.removed] == [c.code for c in game.removed]


def test_a_kurs_record_from_hands_keeps_typed_answers_and_fines() -> None:
    record = {
        "variant": "tarot",
        "players": 3,
        "names": ["Ana", "Ben", "Cleo"],
        "hands": [["M5", "2CU", "3CU"], ["2WA", "3WA", "4WA"], ["5SW", "6SW"]],
        "actions": [[100, 0, "flip"], [200, 0, "choose", "Say \u201cplease\u201d\n"],
                    [300, 1, "flip"], [400, 0, "fine", "3"], [450, 1, "fine", "1"]],
    }
    game = replay(json.dumps(record))
    texts = [e.explain(game.names) for e in game.events]
    assert ("The Emperor: Ana fines Cleo a card for breaking the decree \u201cSay "
            "\u201cplease\u201d\u201d.") in texts
    assert "Ben's fine is ignored: only a player who made a decree may fine." in texts
    assert [[c.code for c in h] for h in game.hands] == [["2CU", "3CU", "5SW"], ["3WA", "4WA"],
                                                         ["6SW"]]
    assert record_of(game)["actions"] == record["actions"]
    assert state(replay(dumps(game))) == state(game)


# --- reading untrusted records: limits, the deck, actions the engine would never record --------


def test_safe_json_limits_are_checked_before_parsing() -> None:
    from ratscrew.core import safe_json

    assert safe_json.loads('{"a": [1, "[[[[", {"b": "\\"]]"}]}') == {
        "a": [1, "[[[[", {"b": '"]]'}]}
    for text in ("[" * 100_000, "[" * 33 + "]" * 33, '{"a":' * 40 + "1" + "}" * 40):
        with pytest.raises(safe_json.JSONLimitError, match="nested more than 32 levels deep"):
            safe_json.loads(text)
    assert safe_json.loads("[" * 32 + "]" * 32, max_depth=32) is not None
    with pytest.raises(safe_json.JSONLimitError, match="larger than 10 characters"):
        safe_json.loads("[1, 2, 3, 4]", max_chars=10)
    with pytest.raises(safe_json.JSONLimitError, match="a number longer than 5 digits"):
        safe_json.loads('{"n": 123456}', max_digits=5)
    assert safe_json.loads('"1234567"', max_digits=5) == "1234567"  # digits of a string
    # Python's own limit on int digits, when the caller allows more digits than it does.
    with pytest.raises(safe_json.JSONLimitError, match="4300"):
        safe_json.loads("9" * 5000, max_digits=10_000)
    with pytest.raises(safe_json.JSONError, match="Expecting value at line 2, column 1"):
        safe_json.loads("[1,\n]")
    with pytest.raises(safe_json.JSONError) as info:
        safe_json.loads('"open')
    assert str(info.value) == "Unterminated string starting at line 1, column 1"
    assert issubclass(safe_json.JSONError, ValueError)
    # Unbalanced text is a syntax error, not a depth error.
    with pytest.raises(safe_json.JSONError, match="Expecting"):
        safe_json.loads("]]]]" + "[" * 10)


def test_safe_json_needs_nothing_else_from_the_package() -> None:
    import ast
    from pathlib import Path

    import ratscrew.core.safe_json

    tree = ast.parse(Path(ratscrew.core.safe_json.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module in {"__future__", "typing"}, node.module
        elif isinstance(node, ast.Import):
            assert {a.name for a in node.names} <= {"json", "re"}


def test_a_real_record_is_far_inside_the_limits(finished: Game) -> None:
    from ratscrew.core import safe_json
    from ratscrew.play.record import MAX_DEPTH, MAX_DIGITS

    safe_json.check(dumps(finished), max_depth=3, max_digits=20)
    assert MAX_DEPTH >= 3 and MAX_DIGITS >= 20


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[" * 100_000, "nested more than 32 levels deep at line 1, column 33"),
        ('{"variant": "classic", "players": ' + "9" * 5000 + "}",
         "a number longer than 30 digits"),
        ('{"variant": "classic",\n"options": ' + '{"a": ' * 50 + "1" + "}" * 50 + "}",
         "nested more than 32 levels deep at line 2"),
    ],
)
def test_records_over_the_limits_are_refused(text: str, fragment: str) -> None:
    refused(text, "not a record", fragment)


def test_a_seed_string_of_5000_digits_is_refused(base: dict[str, Any]) -> None:
    base["seed"] = "9" * 5000
    refused(base, "'seed' must be a whole number")


@pytest.mark.parametrize(
    ("variant", "players", "hands", "fragments"),
    [
        ("classic", 2, [["AS", "M1"], ["KS"]], ("M1 is not a card of the Egyptian Rat Screw "
                                                 "deck (1 pack)",)),
        ("classic", 2, [["AS", "QCU"], ["KS"]], ("QCU is not a card",)),
        ("classic", 2, [["AS", "RJ"], ["KS"]], ("RJ is not a card",)),
        ("kurs", 3, [["QCU", "RJ"], ["2CU"], ["M1"]], ("RJ is not a card of the K.U.R.S. deck",)),
        ("kurs", 3, [["QCU", "BJ"], ["2CU"], ["M1"]], ("BJ is not a card",)),
        ("kurs", 2, [["QCU", "M13"], ["2CU"]], ("M13 is not a card",)),  # no Death for two
        ("kurs", 3, [["QCU", "QS"], ["2CU"], ["M1"]], ("QS is not a card",)),
        ("classic", 2, [["AS", "KS"], ["AS"]], ("'hands' has AS twice", "has it once")),
        ("kurs", 3, [["M1"], ["M1"], ["M1"]], ("'hands' has M1 3 times", "has it once")),
        ("classic", 2, [["10H", "TH"], ["KS"]], ("'hands' has 10H twice",)),
    ],
)
def test_hands_must_come_from_the_variant_s_deck(
    variant: str, players: int, hands: list[list[str]], fragments: tuple[str, ...]
) -> None:
    record = {"variant": variant, "players": players, "hands": hands, "actions": []}
    message = refused(record, "'hands'", *fragments)
    assert "cannot start the game" not in message


def test_hands_may_use_every_pack_and_joker_the_options_add() -> None:
    record: dict[str, Any] = {"variant": "classic", "players": 2, "options": {"decks": 2},
                              "hands": [["AS", "KS"], ["AS"]], "actions": []}
    replay(record)
    record["hands"] = [["AS", "AS"], ["AS"]]
    refused(record, "'hands' has AS 3 times", "deck (2 packs) has it twice")
    record = {"variant": "classic", "players": 2, "options": {"jokers": 1},
              "hands": [["RJ"], ["KS"]], "actions": []}
    replay(record)
    record["hands"] = [["RJ"], ["BJ"]]
    refused(record, "BJ is not a card of the Egyptian Rat Screw deck (1 pack, 1 joker)")
    replay({"variant": "kurs", "players": 3, "hands": [["M13"], ["QCU"], ["2CU"]],
            "actions": []})


def test_an_action_after_the_game_is_over_is_refused(base: dict[str, Any]) -> None:
    last = base["actions"][-1][0]
    for kind in ("flip", "slap", "tick"):
        record = copy.deepcopy(base)
        record["actions"].append([last + 10, 0 if kind != "tick" else -1, kind])
        refused(record, f"action {len(record['actions'])}: the game is already over")


def kurs_record() -> dict[str, Any]:
    """Ana lays the Emperor and decrees; Ben flips; Ana fines Cleo; Ben (no decree) fines Ana."""
    return {
        "variant": "kurs",
        "players": 3,
        "names": ["Ana", "Ben", "Cleo"],
        "hands": [["M5", "2CU", "3CU"], ["2WA", "3WA", "4WA"], ["5SW", "6SW"]],
        "actions": [[100, 0, "flip"], [200, 0, "choose", "Say please"], [300, 1, "flip"],
                    [400, 0, "fine", "3"], [450, 1, "fine", "1"]],
    }


@pytest.mark.parametrize(
    ("position", "action", "fragment"),
    [
        (2, [200, 1, "choose", "Say please"], "action 2: it is Ana's choice, not Ben's"),
        (2, [200, 0, "choose", " \x07 "], "action 2: the answer is empty"),
        (4, [400, 0, "choose", "1"], "action 4: nothing is being asked"),
        (1, [50, 0, "choose", "x"], "action 1: nothing is being asked"),
        (4, [400, 0, "fine", "0"], "action 4: '0' is not a player (a fine names a player by "
                                   "number, 1 to 3)"),
        (4, [400, 0, "fine", "4"], "action 4: '4' is not a player"),
        (4, [400, 0, "fine", ""], "action 4: '' is not a player"),
        (4, [400, 0, "fine", "Cleo"], "action 4: 'Cleo' is not a player"),
        (4, [400, 0, "fine", "03"], "action 4: '03' is not a player"),
        (4, [400, 0, "fine", "\u00b2"], "action 4: '\u00b2' is not a player"),
        (4, [400, 0, "fine", "9" * 5000], "action 4: '999"),
    ],
)
def test_choices_and_fines_the_game_cannot_take_are_refused(
    position: int, action: list[Any], fragment: str
) -> None:
    record = kurs_record()
    record["actions"][position - 1] = action
    message = refused(record, fragment)
    assert len(message) < 200


def test_a_choice_that_is_not_one_of_the_answers_is_refused() -> None:
    # The Lovers (M7) ask their player to pick a partner by number.
    game = Game("kurs", 3, hands=[cards("M7 2CU"), cards("2WA 3WA"), cards("5SW 6SW")])
    game.flip(0, 100)
    assert game.pending is not None and game.pending.seat == 0
    record = record_of(game)
    record["actions"].append([200, 0, "choose", "9"])
    refused(record, "action 2: '9' is not an answer to this choice (answers: "
            f"{', '.join(game.pending.options)})")
    record["actions"][-1] = [200, 0, "choose", game.pending.options[0]]
    replay(record)


def test_actions_the_engine_ignores_at_the_table_still_replay() -> None:
    """What the engine records though it ignores it: a flip out of turn, a slap on nothing in
    the grace window, a fine by a player without a decree, a fine while the decree yields."""
    record = kurs_record()
    record["hands"][1][0] = "M7"  # Ben lays the Lovers: a choice the decree gives way to
    record["actions"] = [
        [100, 2, "flip"],              # out of turn: ignored
        [150, 0, "flip"],              # the Emperor
        [160, 1, "flip"],              # waiting for Ana's choice: ignored
        [200, 0, "choose", "Say please"],
        [300, 1, "flip"],              # the Lovers: Ben must choose
        [350, 0, "fine", "3"],         # the decree gives way to the Lovers: ignored
        [450, 1, "fine", "1"],         # Ben made no decree: ignored
        [500, 2, "slap"],              # nothing to slap: a wrong slap
        [600, 1, "choose", "1"],
    ]
    game = replay(record)
    texts = [e.explain(game.names) for e in game.events]
    assert sum("is ignored" in t for t in texts) == 4, texts
    assert "Ana's fine is ignored: the decree gives way to The Lovers while its effect plays " \
        "out." in texts
    assert record_of(game)["actions"] == record["actions"]
    assert state(replay(dumps(game))) == state(game)


def test_every_refusal_names_the_action_by_its_place_from_1(base: dict[str, Any]) -> None:
    base["actions"][0] = [base["actions"][0][0], 0, "choose", "x"]
    refused(base, "action 1: nothing is being asked")


def test_a_record_keeps_a_default_valued_choice_that_other_options_would_change() -> None:
    """Two decks bring four jokers in Slap Like an Egyptian: two decks with two jokers (the
    one-deck default) must say both, or the replay deals four jokers and plays another game."""
    game = play("slap-like-an-egyptian", 2, 3998787322861842037, "normal",
                {"decks": 2, "jokers": 2}, max_cards=3000)
    record = record_of(game)
    assert record["options"] == {"decks": 2, "jokers": 2}
    again = replay(dumps(game))
    assert again.rules == game.rules and again.outcome == game.outcome
