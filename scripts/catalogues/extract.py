"""Every message the game says, found where it is written.

- Python (``ratscrew/``, ``web/``): the first arguments of ``t``, ``tn``, ``tc``, ``msg``,
  ``msg_n`` and ``N_`` (Babel's extractor).
- JavaScript (``web/**/*.js``, ``*.mjs``): ``t``, ``tn`` and ``tc``.
- The pages (``index.html``, ``web/seat/index.html``): an element with ``data-t`` is a message
  (its inner HTML, spaces collapsed; the attribute's value, if any, its context); an attribute
  named in ``data-t-attrs`` ("title aria-label") is one too.
- The lessons (``ratscrew/variants/*.lesson.toml``): every text a learner reads.
- The web app manifest: its name, short name and description.

A comment starting ``i18n:`` just before a Python or JavaScript message goes to translators.
An f-string or a template literal as a message is an error: it cannot be translated as
written.
"""

from __future__ import annotations

import json
import re
import tomllib
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.extract import extract

PY_KEYWORDS: dict[str, Any] = {
    "t": None, "tn": (1, 2), "tc": ((1, "c"), 2), "msg": None, "msg_n": (1, 2), "N_": None,
}
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2)}
COMMENT_TAGS = ("i18n:",)
PAGES = ("index.html", "web/seat/index.html")
MANIFEST = "web/manifest.webmanifest"
LESSON_TEXTS = ("title", "intro", "done", "say")
"""A lesson's keys, at its top and in each step, whose texts a learner reads (its ``wrong``
tables are read whole)."""
SPACES = re.compile(r"\s+")


class ExtractError(ValueError):
    """A message written so that it cannot be translated (an f-string...)."""


@dataclass(frozen=True)
class Found:
    msgid: str | tuple[str, str]
    path: str
    context: str = ""
    comments: list[str] = field(default_factory=list)


def _code(root: Path, path: Path, method: str, keywords: dict[str, Any]) -> Iterator[Found]:
    rel = path.relative_to(root).as_posix()
    with warnings.catch_warnings(record=True) as caught, path.open("rb") as src:
        warnings.simplefilter("always")
        found = list(extract(method, src, keywords, list(COMMENT_TAGS), {}))
    for w in caught:
        raise ExtractError(f"{rel}: {w.message}")
    for _line, message, comments, context in found:
        if isinstance(message, tuple):
            if any(m is None for m in message):
                raise ExtractError(f"{rel}: a plural message that is not two literals")
            msgid: str | tuple[str, str] = (message[0], message[1])
        else:
            msgid = message
        yield Found(msgid, rel, context or "",
                    [c.removeprefix("i18n:").strip() for c in comments])


class _Marked(HTMLParser):
    """The marked elements and attributes of a page."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                      "meta", "source", "track", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.found: list[tuple[str, str]] = []
        self._open: list[tuple[str, str | None, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in (a.get("data-t-attrs") or "").split():
            value = a.get(name)
            if value:
                self.found.append((SPACES.sub(" ", value).strip(), ""))
        text = self.get_starttag_text() or f"<{tag}>"
        for _t, _c, parts in self._open:
            parts.append(text)
        if tag in self.VOID:
            return
        self._open.append((tag, a.get("data-t"), []))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, context, parts = self._open.pop()
            if context is not None:
                self.found.append((SPACES.sub(" ", "".join(parts)).strip(), context))
            for _t, _c, outer in self._open:
                outer.append(f"</{name}>")
            if name == tag:
                return

    def handle_data(self, data: str) -> None:
        for _t, _c, parts in self._open:
            parts.append(data)

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


def page_messages(html: str) -> list[tuple[str, str]]:
    """The (message, context) pairs a page marks, in order."""
    parser = _Marked()
    parser.feed(html)
    parser.close()
    return [(m, c) for m, c in parser.found if m]


def _page(root: Path, rel: str) -> Iterator[Found]:
    for message, context in page_messages((root / rel).read_text(encoding="utf-8")):
        yield Found(message, rel, context)


def lesson_texts(data: dict[str, Any]) -> Iterator[str]:
    """The texts of a lesson a learner reads, in order."""
    for key in LESSON_TEXTS:
        if isinstance(data.get(key), str):
            yield data[key]
    for value in (data.get("wrong") or {}).values():
        if isinstance(value, str):
            yield value
    for step in data.get("steps") or []:
        yield from lesson_texts(step)


def _lesson(root: Path, path: Path) -> Iterator[Found]:
    rel = path.relative_to(root).as_posix()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for text in lesson_texts(data):
        yield Found(text, rel, "", ["A lesson's text: {name} is the learner's name."]
                    if "{name}" in text else [])


def _manifest(root: Path) -> Iterator[Found]:
    data = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    for key in ("name", "short_name", "description"):
        if isinstance(data.get(key), str):
            yield Found(data[key], MANIFEST, "manifest")


def _files(root: Path, folder: str, *suffixes: str) -> list[Path]:
    return sorted(p for p in (root / folder).rglob("*")
                  if p.suffix in suffixes and "__pycache__" not in p.parts)


def extract_all(root: Path) -> Iterator[Found]:
    """Every message, in a stable order: Python, JavaScript, pages, lessons, manifest."""
    for folder in ("ratscrew", "web"):
        for path in _files(root, folder, ".py"):
            yield from _code(root, path, "python", PY_KEYWORDS)
    for path in _files(root, "web", ".js", ".mjs"):
        yield from _code(root, path, "javascript", JS_KEYWORDS)
    for rel in PAGES:
        yield from _page(root, rel)
    for path in sorted((root / "ratscrew" / "variants").glob("*.lesson.toml")):
        yield from _lesson(root, path)
    yield from _manifest(root)
