"""The shipped languages: complete, with English's placeholders, their plural forms right,
and no English left in what the engine says (the pseudo-locale walk)."""

from __future__ import annotations

import gettext
import io
import json
import random
import re
import sys
from pathlib import Path

import pytest
from babel import Locale

from ratscrew.core.events import DEVICES, Chose, Controls
from ratscrew.i18n import LANGUAGES, PSEUDO, Catalogue, Text, load, tn, using
from ratscrew.tools.audit import play_checked, random_table
from ratscrew.variants import VARIANTS
from ratscrew.variants.kurs import SONGS

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))

from catalogues.extract import extract_all  # noqa: E402
from catalogues.po import TEMPLATE, problems  # noqa: E402

SHIPPED = [lang for lang in LANGUAGES if lang != "en"]
PLURAL_SAMPLES = (0, 1, 2, 5, 21, 101)


def _key(msgid: str | tuple[str, str], context: str) -> tuple[str, str]:
    return (context, msgid if isinstance(msgid, str) else msgid[0])


def test_the_template_holds_every_message_the_code_says() -> None:
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as src:
        pot = {_key(m.id, m.context or "") for m in read_po(src) if m.id}
    code = {_key(f.msgid, f.context) for f in extract_all(ROOT)}
    assert code - pot == set(), "run: python scripts/i18n.py extract"
    assert pot - code == set(), "run: python scripts/i18n.py extract"


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_is_translated_with_the_placeholders_of_english(lang: str) -> None:
    found = problems(lang)
    assert found == [], f"{len(found)} problems; the first: " + "; ".join(found[:10])


@pytest.mark.parametrize("lang", SHIPPED)
def test_plural_forms_follow_the_languages_rule(lang: str, compiled: Path) -> None:
    catalogue = load(lang)
    data = json.loads((compiled / f"{lang}.json").read_text(encoding="utf-8"))
    form = gettext.c2py(data["plural"])
    locale = Locale.parse(lang)
    singular, plural = "{who} takes {n} card.", "{who} takes {n} cards."
    forms = catalogue.messages[singular]
    assert isinstance(forms, tuple) and len(set(forms)) == 2
    for n in PLURAL_SAMPLES:
        category = locale.plural_form(n)
        want = forms[0 if category == "one" else 1].format(who="Ann", n=catalogue.formats.number(n))
        with using(catalogue):
            assert tn(singular, plural, n, who="Ann", n=n) == want, (lang, n)
        # The page picks the form by Intl.PluralRules' category: the same form.
        assert data["categories"][category] == form(n), (lang, n, category)


CARD_CODE = re.compile(r"\b(?:10|[2-9AJQKPN])(?:WA|CU|SW|PE|[SHDC])\b|\bM\d{1,2}\b|\b[RB]J\b")
NAMES = ("Άννα", "Βασίλης", "Γιώργος", "Δήμητρα", "Ελένη", "Ζωή", "Ηλίας", "Θεώνη")


def sung(text: str) -> str:
    """``text`` without the songs K.U.R.S.' bots sing: titles, not messages."""
    for song in SONGS:
        text = text.replace(song, "")
    return text


def leaks(text: str) -> str:
    """What of ``text`` is English: its ASCII letters, once card codes are taken out (the
    pseudo-locale accents every letter of a message; the names are Greek)."""
    return re.sub(r"[^A-Za-z]+", " ", CARD_CODE.sub(" ", text)).strip()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_engine_says_nothing_outside_the_catalogue(variant: str, compiled: Path) -> None:
    pseudo: Catalogue = load(PSEUDO)
    rng = random.Random(f"pseudo {variant}")
    found: dict[str, str] = {}
    kinds: set[str] = set()
    for _ in range(12):
        table = random_table(rng, variant)
        game = play_checked(table, max_cards=400, check_replay=False).game
        names = NAMES[:game.n]
        with using(pseudo):
            for event in game.events:
                kinds.add(event.kind)
                for device in ("", *DEVICES):
                    controls = Controls(tuple(device for _ in range(game.n)))
                    text = event.explain(names, controls)
                    if isinstance(event, Chose) and not isinstance(event.label, Text):
                        text = text.replace(event.choice, "")  # typed: a song, a decree
                    text = sung(text)
                    if leaks(text):
                        found.setdefault(event.kind, f"{text!r} ({table})")
    assert not found, "\n".join(f"{k}: {v}" for k, v in sorted(found.items()))
    assert {"dealt", "flip", "game-over"} <= kinds


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_game_replays_in_every_language_on_the_command_line(
        variant: str, compiled: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m ratscrew --lang LANG replay`` of a recorded game of each variant: every
    language says it, the pseudo-locale shows that every sentence came from the catalogue."""
    from ratscrew.cli import main

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    record = tmp_path / "game.json"
    players = str(VARIANTS[variant].min_players + 1)
    assert main(["simulate", "--variant", variant, "--players", players, "--games", "1",
                 "--seed", "3", "--record", str(record)], io.StringIO()) == 0
    said: dict[str, str] = {}
    for lang in ("en", *SHIPPED, PSEUDO):
        out = io.StringIO()
        assert main(["--lang", lang, "replay", str(record)], out) == 0, lang
        said[lang] = out.getvalue()
    assert len(set(said.values())) == len(said)  # each language its own words
    lines = [line for line in said[PSEUDO].splitlines() if line.strip()]
    english = [line for line in lines if leaks(sung(re.sub(r"^\s*[\d.:s]+\s", "", line)))]
    assert not english, "\n".join(english[:10])
