"""The catalogue machinery: lookups, plurals, formats, a language chosen from preferences,
and a compiled catalogue read with care."""

from __future__ import annotations

import json

import pytest

from ratscrew.i18n import (
    ENGLISH,
    CatalogueError,
    Formats,
    best,
    current,
    join,
    load,
    msg,
    msg_n,
    number,
    parse,
    t,
    tc,
    tn,
    using,
)

FRENCH_FORMATS = {"decimal": ",", "group": "\u202f",
                  "list": {"2": "{0} et {1}", "start": "{0}, {1}", "middle": "{0}, {1}",
                           "end": "{0} et {1}"}}


def catalogue(messages: dict[str, object], **extra: object) -> str:
    data: dict[str, object] = {"lang": "fr", "name": "Français", "plural": "(n > 1)",
                               "nplurals": 2, "formats": FRENCH_FORMATS, "messages": messages}
    data.update(extra)
    return json.dumps(data)


FR = parse(catalogue({
    "Wrong slap": "Mauvaise tape",
    "{who} takes {n} card.": ["{who} prend {n} carte.", "{who} prend {n} cartes."],
    "seat\x04Flip": "Retourner",
    "{who} flips {card}.": "{who} retourne {card}.",
    "Untranslated yet": "",
}))


def test_a_message_is_said_in_the_language_in_use_and_english_without_one() -> None:
    assert t("Wrong slap") == "Wrong slap"
    with using(FR):
        assert t("Wrong slap") == "Mauvaise tape"
        assert tc("seat", "Flip") == "Retourner"
        assert t("Flip") == "Flip"  # no context: another message
        assert t("No such message") == "No such message"
        assert t("Untranslated yet") == "Untranslated yet"
    assert current() is ENGLISH


def test_placeholders_are_named_and_filled_in_the_translation() -> None:
    with using(FR):
        assert t("{who} flips {card}.", who="Ann", card="QH") == "Ann retourne QH."
    assert t("{who} flips {card}.", card="QH", who="{card}") == "{card} flips QH."


@pytest.mark.parametrize(("n", "english", "french"), [
    (0, "Ann takes 0 cards.", "Ann prend 0 carte."),
    (1, "Ann takes 1 card.", "Ann prend 1 carte."),
    (2, "Ann takes 2 cards.", "Ann prend 2 cartes."),
    (1000, "Ann takes 1,000 cards.", "Ann prend 1\u202f000 cartes."),
])
def test_a_plural_takes_the_languages_form(n: int, english: str, french: str) -> None:
    def say() -> str:
        return tn("{who} takes {n} card.", "{who} takes {n} cards.", n, who="Ann", n=n)

    assert say() == english
    with using(FR):
        assert say() == french


def test_a_text_is_said_when_read_in_the_language_then_in_use() -> None:
    said = msg("{what}: {who} takes {n}", what=msg("Wrong slap"), who="Ann", n=3)
    counted = msg_n("{who} takes {n} card.", "{who} takes {n} cards.", 1, who="Ann", n=1)
    assert str(said) == "Wrong slap: Ann takes 3"
    with using(FR):
        assert str(said) == "Mauvaise tape: Ann takes 3"
        assert str(counted) == "Ann prend 1 carte."
        assert said.english() == "Wrong slap: Ann takes 3"
    assert not msg("") and said


def test_numbers_and_lists_are_written_as_the_language_writes_them() -> None:
    assert number(1234567) == "1,234,567"
    assert number(0.5, 2) == "0.50"
    assert join([]) == "" and join(["Ann"]) == "Ann"
    assert join(["Ann", "Bob"]) == "Ann and Bob"
    assert join(["Ann", "Bob", "Cleo", "Dev"]) == "Ann, Bob, Cleo and Dev"
    with using(FR):
        assert number(1234567.25, 1) == "1\u202f234\u202f567,2"
        assert join(["Ann", "Bob", "Cleo"]) == "Ann, Bob et Cleo"
    assert Formats().number(12) == "12"


@pytest.mark.parametrize(("preferred", "chosen"), [
    (["fr-CA", "en"], "fr"),
    (["pt-BR", "de_DE"], "de"),
    (["es"], "es"),
    (["pt", "ja"], "en"),
    ([], "en"),
    ([" FR "], "fr"),
])
def test_the_first_preferred_language_the_game_speaks_is_chosen(
        preferred: list[str], chosen: str) -> None:
    assert best(preferred) == chosen


@pytest.mark.parametrize(("text", "says"), [
    ("", "not a compiled catalogue"),
    ("[" * 100 + "]" * 100, "not a compiled catalogue"),
    ("[]", "expected a JSON object"),
    (json.dumps({"messages": {}}), "names its language"),
    (catalogue({}, plural="n +* 2"), "bad plural expression"),
    (catalogue({"a": 3}), "must be text or a list of texts"),
    (json.dumps({"lang": "fr", "messages": []}), "'messages' must be an object"),
    (catalogue({}, dir="up"), "ltr or rtl"),
    (catalogue({}, nplurals=0), "'nplurals'"),
    (catalogue({}, formats={"decimal": 1}), "'decimal' must be text"),
])
def test_a_broken_catalogue_is_refused_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(CatalogueError, match=says):
        parse(text)


def test_only_the_shipped_languages_load() -> None:
    assert load("en") is ENGLISH
    with pytest.raises(CatalogueError, match="no language 'xx'"):
        load("xx")
    with pytest.raises(CatalogueError, match="no language"):
        load("../../etc/passwd")


def test_a_text_is_a_value_that_events_can_keep() -> None:
    import copy
    import pickle

    from ratscrew.i18n import Text, msg

    text = msg("{who} flips {card}.", who="Ann", card="QH")
    assert text == Text("{who} flips {card}.", (("who", "Ann"), ("card", "QH")))
    assert text != msg("{who} flips {card}.", who="Ben", card="QH")
    assert text != ("{who} flips {card}.",)
    assert len({text, msg("{who} flips {card}.", who="Ann", card="QH")}) == 1
    assert copy.deepcopy(text) == text and pickle.loads(pickle.dumps(text)) == text
    with pytest.raises(AttributeError):
        text.msgid = "changed"
    assert text.with_values((("who", "Ben"), ("card", "QH"))).english() == "Ben flips QH."
    assert text.english() == "Ann flips QH."
    assert "Ann" in repr(text)
