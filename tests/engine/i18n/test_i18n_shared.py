"""What the engine's catalogue says, case by case, as the page's JavaScript says it:
tests/fixtures/i18n_cases.json, which tests/js/i18n.test.mjs runs against web/boot/i18n.js."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ratscrew.i18n import LANGUAGES, PSEUDO, PSEUDO_RTL, join, number, parse, tc, tn, using
from ratscrew.i18n import t as say

ROOT = Path(__file__).resolve().parents[3]
CASES: dict[str, Any] = json.loads(
    (ROOT / "tests" / "fixtures" / "i18n_cases.json").read_text(encoding="utf-8"))
CATALOGUE = parse(json.dumps(CASES["catalogue"]))


@pytest.mark.parametrize("case", CASES["said"], ids=lambda c: c["id"])
def test_a_message_is_said_as_the_page_says_it(case: dict[str, Any]) -> None:
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
