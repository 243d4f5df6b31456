"""web.model.query: a link's query string read and written as urllib.parse does, without importing
it in the page (in Pyodide its import compiles urllib/parse.py and ipaddress.py from source,
about 75 ms of every start)."""

from __future__ import annotations

import urllib.parse
from pathlib import Path

import pytest
from helpers import top_level_imports
from hypothesis import given
from hypothesis import strategies as st

from web.model.query import query_pairs, quote, unquote

ROOT = Path(__file__).resolve().parents[3]

# What makes a query hard: escapes (good, cut short, not hex, upper and lower case), the
# separators, a plus, UTF-8 split across escapes, characters outside ASCII (a lone surrogate
# too: it is text a link may hold).
PIECES = st.sampled_from([
    "%", "%2", "%25", "%41", "%e2", "%82", "%AC", "%c3%a9", "%C3", "%zz", "%%", "&", "=", "+",
    "a", "Z", "0", "9", " ", "-", "_", ".", "~", "/", ",", ";", ":", "?", "#", "é", "€", "😀",
    "\ud800", "\x00", "\x7f",
])
QUERIES = st.lists(st.one_of(PIECES, st.text(max_size=3)), max_size=24).map("".join)
SAFE = st.sampled_from(["", ",%", ",;:=", "/", "é,", "%&="])


@given(QUERIES)
def test_query_pairs_are_parse_qsl_with_blank_values_and_replaced_errors(query: str) -> None:
    assert query_pairs(query) == urllib.parse.parse_qsl(
        query, keep_blank_values=True, errors="replace")


@given(QUERIES)
def test_unquote_is_urllib_unquote_with_replaced_errors(text: str) -> None:
    assert unquote(text) == urllib.parse.unquote(text, errors="replace")


@given(QUERIES, SAFE)
def test_quote_is_urllib_quote_with_replaced_errors(text: str, safe: str) -> None:
    assert quote(text, safe=safe) == urllib.parse.quote(text, safe=safe, errors="replace")


@pytest.mark.parametrize(("query", "pairs"), [
    ("variant=kurs&players=4&names=Ada%20L,B%C3%A9a", [
        ("variant", "kurs"), ("players", "4"), ("names", "Ada L,Béa")]),
    ("a=1&&b&c=x=y&d=+%2B+", [("a", "1"), ("b", ""), ("c", "x=y"), ("d", " + ")]),
    ("seed=%E2%82&x=%zz", [("seed", "\ufffd"), ("x", "%zz")]),
    ("", []),
])
def test_query_pairs_of_links(query: str, pairs: list[tuple[str, str]]) -> None:
    assert query_pairs(query) == pairs


def test_quote_keeps_what_a_link_reads_plainly() -> None:
    assert quote("Ada Lovelace, Béa", safe="") == "Ada%20Lovelace%2C%20B%C3%A9a"
    assert quote("genders:male,-,female", safe=",;:=") == "genders:male,-,female"
    assert quote("\ud800") == "%3F"  # a lone surrogate is not UTF-8: "?", as urllib writes it


def test_no_module_of_the_page_or_the_engine_imports_urllib() -> None:
    """The page reads its link before the setup is ready: urllib.parse would cost ~75 ms."""
    for folder in ("web", "ratscrew"):
        for path in sorted((ROOT / folder).glob("*.py")):
            assert "urllib" not in top_level_imports(path), path.name
