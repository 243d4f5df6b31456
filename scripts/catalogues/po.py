"""The catalogues' files: the template extracted, each language's .po checked and compiled
(scripts/i18n.py is their command)."""
from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from .extract import extract_all

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from ratscrew.i18n import LANGUAGES, PSEUDO, PSEUDO_RTL  # noqa: E402

PO_DIR = ROOT / "ratscrew" / "i18n" / "po"
TEMPLATE = PO_DIR / "ratscrew.pot"
COMPILED = ROOT / "ratscrew" / "i18n" / "compiled"
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
}
"""The Plural-Forms a new language's file starts with (gettext's table; CLDR's rare "many"
of a round million takes the plural here)."""

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
TAG = re.compile(r"</?([a-z][a-z0-9]*)\b[^>]*>")
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
"""The template's date: fixed, so extracting again changes only what the messages change."""
HEADER = """\
# The messages of Ratscrew, in English: made by scripts/i18n.py extract (do not edit).
# Translate them in ratscrew/i18n/po/<lang>.po; see docs/translating.md."""
SAMPLES = (*range(0, 201), 1000, 1001, 21000, 100000, 1000000, 2000000)


# --------------------------------------------------------------------------- extract

def template() -> Catalog:
    """The template: every message the code, pages and lessons say."""
    catalog = Catalog(project="Ratscrew", version="1", copyright_holder="Ratscrew",
                      msgid_bugs_address="", fuzzy=False, creation_date=STAMP,
                      header_comment=HEADER)
    for found in extract_all(ROOT):
        catalog.add(found.msgid, locations=[(found.path, 0)],
                    auto_comments=found.comments, context=found.context or None)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as out:
        write_po(out, catalog, width=100, include_lineno=False, sort_output=False,
                 ignore_obsolete=True)


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as src:
        return read_po(src, locale=lang)


def languages() -> list[str]:
    return sorted(p.stem for p in PO_DIR.glob("*.po"))


def extract(template_only: bool = False) -> None:
    """The template written anew; each language's file brought up to date with it (new
    messages to translate, changed ones fuzzy, gone ones dropped) unless ``template_only``."""
    PO_DIR.mkdir(parents=True, exist_ok=True)
    pot = template()
    _write(pot, TEMPLATE)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(pot)} messages")
    if template_only:
        return
    for lang in languages():
        path = PO_DIR / f"{lang}.po"
        catalog = _read(path, lang)
        catalog.update(pot, no_fuzzy_matching=False)
        _write(catalog, path)
        print(f"{path.relative_to(ROOT)}: brought up to date")


def new(lang: str) -> None:
    path = PO_DIR / f"{lang}.po"
    if path.exists():
        sys.exit(f"{path.relative_to(ROOT)} exists already")
    pot = _read(TEMPLATE)
    catalog = Catalog(locale=lang, project="Ratscrew", version="1", fuzzy=False)
    catalog.update(pot)
    _write(catalog, path)
    if lang in PLURAL_FORMS:
        text = path.read_text(encoding="utf-8")
        text = re.sub(r'"Plural-Forms: [^"]*\\n"', f'"Plural-Forms: {PLURAL_FORMS[lang]}\\\\n"',
                      text, count=1)
        forms = int(PLURAL_FORMS[lang].split("=")[1].split(";")[0])
        text = re.sub(rf'^msgstr\[([{forms}-9])\] ""\n', "", text, flags=re.M)
        path.write_text(text, encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(catalog)} messages to translate")


# --------------------------------------------------------------------------- check

def _forms(message: Message) -> list[str]:
    s = message.string
    return list(s) if isinstance(s, tuple | list) else [s or ""]


def _ids(message: Message) -> list[str]:
    i = message.id
    return list(i) if isinstance(i, tuple | list) else [i]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


def problems(lang: str) -> list[str]:
    """What ``lang``'s file lacks against the template, one line each."""
    pot = _read(TEMPLATE)
    catalog = _read(PO_DIR / f"{lang}.po", lang)
    out: list[str] = []
    nplurals = catalog.num_plurals
    for want in pot:
        if not want.id:
            continue
        have = catalog.get(want.id, want.context)
        label = _ids(want)[0][:70]
        if have is None or not any(_forms(have)):
            out.append(f"{lang}: untranslated: {label!r}")
            continue
        if have.fuzzy:
            out.append(f"{lang}: fuzzy (check it, then remove the flag): {label!r}")
            continue
        forms = _forms(have)
        if want.pluralizable and len(forms) != nplurals:
            out.append(f"{lang}: {len(forms)} plural forms, the language has {nplurals}: "
                       f"{label!r}")
        english = set().union(*(placeholders(i) for i in _ids(want)))
        for form in forms:
            if not form:
                out.append(f"{lang}: an empty plural form: {label!r}")
            elif placeholders(form) - english:
                out.append(f"{lang}: placeholders {sorted(placeholders(form) - english)} "
                           f"that English lacks: {label!r}")
            elif not want.pluralizable and placeholders(form) != english:
                out.append(f"{lang}: placeholders {sorted(english - placeholders(form))} "
                           f"missing: {label!r}")
            elif tags(form) != tags(_ids(want)[0]):
                out.append(f"{lang}: HTML tags differ from English: {label!r}")
    return out


def check(langs: Iterable[str]) -> int:
    total = 0
    for lang in langs:
        found = problems(lang)
        for line in found:
            print(line)
        print(f"{lang}: {len(found)} problem(s)")
        total += len(found)
    return 1 if total else 0


# --------------------------------------------------------------------------- compile

def _cldr(lang: str) -> tuple[Locale, dict[str, object]]:
    locale = Locale.parse(lang.replace("-", "_"))
    symbols = locale.number_symbols["latn"]
    patterns = locale.list_patterns["standard"]
    return locale, {
        "decimal": symbols["decimal"], "group": symbols["group"],
        "list": {k: patterns[k] for k in ("2", "start", "middle", "end")},
    }


def categories(locale: Locale, plural: str) -> dict[str, int]:
    """Each CLDR plural category of ``locale`` with the ``.po`` form it takes, for the page's
    ``Intl.PluralRules``: the form of the category's first sample number."""
    import gettext

    form = gettext.c2py(plural)
    out: dict[str, int] = {}
    for n in SAMPLES:
        out.setdefault(locale.plural_form(n), form(n))
    out.setdefault("other", form(SAMPLES[-1]))
    return out


def compiled(catalog: Catalog, lang: str, name: str, direction: str = "ltr",
             cldr: str | None = None) -> dict[str, object]:
    locale, formats = _cldr(cldr or lang)
    plural = catalog.plural_expr
    messages: dict[str, object] = {}
    for m in catalog:
        if not m.id or m.fuzzy or not any(_forms(m)):
            continue
        key = (m.context + "\x04" if m.context else "") + _ids(m)[0]
        messages[key] = _forms(m) if m.pluralizable else _forms(m)[0]
    return {"lang": lang, "name": name, "dir": direction, "plural": plural,
            "nplurals": catalog.num_plurals, "categories": categories(locale, plural),
            "formats": formats, "messages": messages}


def compile_all() -> None:
    from .pseudo import pseudo_catalog, pseudo_formats

    COMPILED.mkdir(parents=True, exist_ok=True)
    for lang in languages():
        data = compiled(_read(PO_DIR / f"{lang}.po", lang), lang, LANGUAGES.get(lang, lang))
        _dump(data, lang)
    pot = _read(TEMPLATE)
    for lang, name, direction in ((PSEUDO, "[Pseudo]", "ltr"),
                                  (PSEUDO_RTL, "[Pseudo RTL]", "rtl")):
        data = compiled(pseudo_catalog(pot, "en"), lang, name, direction, cldr="en")
        _dump({**data, "formats": pseudo_formats(data["formats"])}, lang)


def _dump(data: dict[str, object], lang: str) -> None:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    path = COMPILED / f"{lang}.json"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        # Atomic: test workers may compile and read at once.
        fd, tmp = tempfile.mkstemp(dir=COMPILED, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)


