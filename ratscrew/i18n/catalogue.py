"""A language's messages, as the build compiles them from its ``.po`` file.

English is the source language: its messages are the message ids themselves, so
:data:`ENGLISH` holds none. Another language's catalogue is one JSON object::

    {"lang": "fr", "name": "Français", "dir": "ltr",
     "plural": "n > 1", "nplurals": 2, "categories": {"one": 0, "other": 1, "many": 1},
     "formats": {"decimal": ",", "group": "\u202f",
                 "list": {"2": "{0} et {1}", "start": "{0}, {1}", "middle": "{0}, {1}",
                          "end": "{0} et {1}"}},
     "messages": {"Wrong slap": "Mauvaise tape",
                  "{n} card": ["{n} carte", "{n} cartes"],
                  "seat\u0004Flip": "Retourner"}}

A message with a context is keyed ``context + "\\x04" + id`` (gettext's own key); a plural
message by its singular id, with one text for each of the language's plural forms. ``plural``
is the ``Plural-Forms`` expression of the ``.po`` file (evaluated by :func:`gettext.c2py`);
``categories`` maps each CLDR plural category to its form, for the page's
``Intl.PluralRules``. ``formats`` holds the CLDR number symbols and list patterns the build
takes from Babel's locale data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ratscrew.core.safe_json import JSONError, loads

CONTEXT_SEP = "\x04"
"""Between a message's context and its id, in a catalogue's keys (as in gettext)."""

MAX_CHARS = 4_000_000
"""The largest compiled catalogue read, in characters."""


class CatalogueError(ValueError):
    """A compiled catalogue that cannot be used: the message says what is wrong."""


class Formats:
    """How numbers and lists are written (CLDR's data, by the build). The defaults are
    English as the engine has always written lists: "Ann, Bob and Cleo".

    (A plain class: a dataclass compiles its methods when its module is imported, which the
    page's start pays for in WebAssembly; so does :class:`Catalogue`.)"""

    __slots__ = ("decimal", "group", "list_end", "list_middle", "list_start", "list_two")

    def __init__(self, decimal: str = ".", group: str = ",", list_two: str = "{0} and {1}",
                 list_start: str = "{0}, {1}", list_middle: str = "{0}, {1}",
                 list_end: str = "{0} and {1}") -> None:
        self.decimal = decimal
        self.group = group
        self.list_two = list_two
        self.list_start = list_start
        self.list_middle = list_middle
        self.list_end = list_end

    def number(self, value: int | float, decimals: int | None = None) -> str:
        """``value`` with the language's digit grouping and decimal sign: 12,345.5 in
        English, 12 345,5 in French. ``decimals`` fixes the digits after the sign."""
        text = f"{value:,.{decimals}f}" if decimals is not None else f"{value:,}"
        return text.translate({ord(","): "\0", ord("."): self.decimal}).replace(
            "\0", self.group)

    def join(self, items: list[str]) -> str:
        """``items`` as a list in a sentence: "A", "A and B", "A, B and C"."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        if len(items) == 2:
            return self.list_two.format(*items)
        text = self.list_end.format(items[-2], items[-1])
        for item in reversed(items[1:-2]):
            text = self.list_middle.format(item, text)
        return self.list_start.format(items[0], text)


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


class Catalogue:
    """One language's messages and formats. ``gettext`` and friends fall back to the message
    id (English) for a message the catalogue lacks."""

    __slots__ = ("direction", "formats", "lang", "messages", "name", "nplurals", "plural")

    def __init__(self, lang: str = "en", name: str = "English", direction: str = "ltr",
                 messages: Mapping[str, str | tuple[str, ...]] | None = None,
                 plural: Callable[[int], int] = _english_plural, nplurals: int = 2,
                 formats: Formats | None = None) -> None:
        self.lang = lang
        self.name = name
        self.direction = direction
        self.messages: Mapping[str, str | tuple[str, ...]] = {} if messages is None else messages
        self.plural = plural
        self.nplurals = nplurals
        self.formats = Formats() if formats is None else formats

    def __repr__(self) -> str:
        return f"Catalogue({self.lang!r}, {len(self.messages)} messages)"

    def gettext(self, msgid: str, context: str = "") -> str:
        found = self.messages.get(f"{context}{CONTEXT_SEP}{msgid}" if context else msgid)
        return found if isinstance(found, str) and found else msgid

    def ngettext(self, singular: str, plural: str, n: int, context: str = "") -> str:
        key = f"{context}{CONTEXT_SEP}{singular}" if context else singular
        found = self.messages.get(key)
        if isinstance(found, tuple) and found:
            index = self.plural(n)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if n == 1 else plural

    def has(self, msgid: str, context: str = "") -> bool:
        """Whether this catalogue translates ``msgid`` (English translates everything)."""
        if self.lang == "en":
            return True
        return (f"{context}{CONTEXT_SEP}{msgid}" if context else msgid) in self.messages


ENGLISH = Catalogue()


def _text(data: Mapping[str, Any], key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise CatalogueError(f"{key!r} must be text")
    return value


def parse(text: str) -> Catalogue:
    """A catalogue from its compiled JSON (see the module's text)."""
    try:
        data = loads(text, max_chars=MAX_CHARS, max_depth=8)
    except JSONError as exc:
        raise CatalogueError(f"not a compiled catalogue: {exc}") from None
    if not isinstance(data, dict):
        raise CatalogueError("not a compiled catalogue: expected a JSON object")
    lang = _text(data, "lang", "")
    if not lang:
        raise CatalogueError("a compiled catalogue names its language ('lang')")
    import gettext  # only for another language than English: the page's start skips it

    try:
        plural = gettext.c2py(_text(data, "plural", "n != 1"))
    except (ValueError, SyntaxError) as exc:
        raise CatalogueError(f"{lang}: bad plural expression: {exc}") from None
    raw = data.get("messages", {})
    if not isinstance(raw, dict):
        raise CatalogueError(f"{lang}: 'messages' must be an object")
    messages: dict[str, str | tuple[str, ...]] = {}
    for key, value in raw.items():
        if isinstance(value, str):
            messages[key] = value
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            messages[key] = tuple(value)
        else:
            raise CatalogueError(f"{lang}: message {key[:60]!r} must be text or a list of texts")
    found = data.get("formats", {})
    if not isinstance(found, dict):
        raise CatalogueError(f"{lang}: 'formats' must be an object")
    lists = found.get("list", {})
    if not isinstance(lists, dict):
        raise CatalogueError(f"{lang}: 'formats.list' must be an object")
    plain = Formats()
    formats = Formats(
        decimal=_text(found, "decimal", plain.decimal),
        group=_text(found, "group", plain.group),
        list_two=_text(lists, "2", plain.list_two),
        list_start=_text(lists, "start", plain.list_start),
        list_middle=_text(lists, "middle", plain.list_middle),
        list_end=_text(lists, "end", plain.list_end),
    )
    nplurals = data.get("nplurals", 2)
    if not isinstance(nplurals, int) or not 1 <= nplurals <= 6:
        raise CatalogueError(f"{lang}: 'nplurals' must be a number from 1 to 6")
    direction = _text(data, "dir", "ltr")
    if direction not in ("ltr", "rtl"):
        raise CatalogueError(f"{lang}: 'dir' must be ltr or rtl")
    return Catalogue(lang, _text(data, "name", lang), direction, messages, plural, nplurals,
                     formats)
