"""What the engine's catalogue says, case by case, as the page's JavaScript says it:
tests/fixtures/i18n_cases.json, which tests/js/i18n.test.mjs runs against web/boot/i18n.js."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ratscrew.i18n import (
    LANGUAGES,
    PSEUDO,
    PSEUDO_RTL,
    isolating,
    join,
    number,
    parse,
    tc,
    tn,
    using,
)
from ratscrew.i18n import t as say

ROOT = Path(__file__).resolve().parents[3]
CASES: dict[str, Any] = json.loads(
    (ROOT / "tests" / "fixtures" / "i18n_cases.json").read_text(encoding="utf-8"))
CATALOGUE = parse(json.dumps(CASES["catalogue"]))


@pytest.fixture
def as_a_page() -> Iterator[None]:
    """Names isolated in sentences, as the page has them (web/boot/main.py)."""
    isolating()
    yield
    isolating(False)


@pytest.mark.parametrize("case", CASES["said"], ids=lambda c: c["id"])
def test_a_message_is_said_as_the_page_says_it(case: dict[str, Any], as_a_page: None) -> None:
    with using(CATALOGUE):
        if "context" in case:
            assert tc(case["context"], case["id"], **case["values"]) == case["want"]
        else:
            assert say(case["id"], **case["values"]) == case["want"]


@pytest.mark.parametrize("case", CASES["plurals"], ids=lambda c: str(c["n"]))
def test_a_plural_is_chosen_as_the_page_chooses_it(case: dict[str, Any]) -> None:
    with using(CATALOGUE):
        n = case["n"]
        assert tn("{who} takes {n} card.", "{who} takes {n} cards.", n, who="Ann",
                  n=n) == case["want"]


@pytest.mark.parametrize("case", CASES["numbers"], ids=lambda c: str(c["value"]))
def test_a_number_is_written_as_the_page_writes_it(case: dict[str, Any]) -> None:
    with using(CATALOGUE):
        assert number(case["value"], case.get("decimals")) == case["want"]


@pytest.mark.parametrize("case", CASES["lists"], ids=lambda c: str(len(c["items"])))
def test_a_list_is_joined_as_the_page_joins_it(case: dict[str, Any]) -> None:
    with using(CATALOGUE):
        assert join(case["items"]) == case["want"]


def test_the_page_offers_the_languages_the_engine_ships() -> None:
    script = (ROOT / "web" / "boot" / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r"const LANGUAGES = (\{[^}]*\});", script)
    pseudo = re.search(r"const PSEUDO = (\[[^\]]*\]);", script)
    assert found and pseudo
    assert json.loads(re.sub(r"(\w+):", r'"\1":', found.group(1))) == LANGUAGES
    assert json.loads(pseudo.group(1)) == [PSEUDO, PSEUDO_RTL]


def test_the_page_and_the_engine_isolate_the_same_letters() -> None:
    script = (ROOT / "web" / "boot" / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r'const RIGHT_TO_LEFT = new RegExp\("([^"]*)"\s*\+\s*"([^"]*)"', script)
    assert found
    from ratscrew.i18n import RIGHT_TO_LEFT

    in_script = re.sub(r"\\u\{([0-9a-f]+)\}|\\u([0-9a-f]{4})",
                       lambda m: chr(int(m.group(1) or m.group(2), 16)),
                       found.group(1) + found.group(2))
    assert in_script == RIGHT_TO_LEFT


def test_a_name_right_to_left_is_isolated_in_a_sentence_left_to_right_only_on_a_page() -> None:
    name = "\u05d3\u05e0\u05d4"
    assert say("{who} flips {card}.", who=name, card="QH") == f"{name} flips QH."
    isolating()
    try:
        assert say("{who} flips {card}.", who=name, card="QH") == f"\u2068{name}\u2069 flips QH."
        assert say("{who} flips {card}.", who="Ann", card="QH") == "Ann flips QH."
        rtl = parse(json.dumps({**CASES["catalogue"], "lang": "ar-XB", "dir": "rtl"}))
        with using(rtl):
            assert say("{who} flips {card}.", who="Ann", card="QH") == (
                "\u2068Ann\u2069 retourne \u2068QH\u2069.")
    finally:
        isolating(False)
