"""Every word the game says, in the reader's language.

English is the source: code writes its sentences in English, whole, with named placeholders,
through these functions, and the build extracts them into the catalogues' template
(``ratscrew/i18n/po/ratscrew.pot``) that each language's ``.po`` file translates::

    t("{who} flips {card}.", who=name, card=code)           # said now
    tn("{n} card", "{n} cards", count, n=count)              # a plural: the form for count
    tc("seat button", "Flip")                                # a context tells two apart
    msg("the game is over")                                  # said later (a Text)
    N_("Double")                                             # only marked: said by t(value)

Never glue a sentence from English pieces: a whole sentence is one message, so each language
can put its words in its own order. A value may be a :class:`Text` (said in the same
language) or a number (written with the language's digits).

One catalogue is in use at a time (:func:`use`, or :func:`using` for a while): the page's
chosen language, or the command line's ``--lang``. Without one, everything is English.

A page isolates the words a sentence is given (:func:`isolating`): a name written right to
left keeps its place in a sentence written left to right, and the other way round, as
``<bdi>`` keeps it in HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from ratscrew.i18n.catalogue import ENGLISH, Catalogue, CatalogueError, Formats, parse

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "PSEUDO_RTL",
    "Catalogue",
    "CatalogueError",
    "Formats",
    "Text",
    "best",
    "current",
    "isolating",
    "join",
    "load",
    "msg",
    "msg_n",
    "number",
    "parse",
    "slots",
    "t",
    "tc",
    "tn",
    "use",
    "using",
]

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "es": "Español", "de": "Deutsch"}
"""The languages the game ships, each by its own name for itself."""
PSEUDO = "en-XA"
"""The pseudo-locale: every message bracketed and made longer, to find text no catalogue
holds and layouts too tight for longer languages."""
PSEUDO_RTL = "ar-XB"
"""The pseudo-locale written right to left."""

COMPILED = Path(__file__).with_name("compiled")
"""Where the build writes each language's compiled catalogue, ``<lang>.json``."""

_current: Catalogue = ENGLISH
_isolating = False

FSI, PDI = "\u2068", "\u2069"
"""Unicode's first strong isolate and pop directional isolate: what they enclose takes its
direction from its own first strong letter and leaves its neighbours' alone."""
RIGHT_TO_LEFT = ("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff"
                 "\U0001e800-\U0001efff\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")
"""Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko ...) and
the direction marks and controls: a value with none of them in a sentence written left to
right reads the same isolated or not. (Compiled when first needed, not at the start.)"""


@cache
def _right_to_left() -> re.Pattern[str]:
    return re.compile(RIGHT_TO_LEFT)


def current() -> Catalogue:
    """The catalogue in use."""
    return _current


def use(catalogue: Catalogue) -> None:
    """Say everything in ``catalogue``'s language from now on."""
    global _current
    _current = catalogue


@contextmanager
def using(catalogue: Catalogue) -> Iterator[Catalogue]:
    """Say everything in ``catalogue``'s language inside the ``with`` block."""
    before = _current
    use(catalogue)
    try:
        yield catalogue
    finally:
        use(before)


def isolating(on: bool = True) -> None:
    """From now on, a text given to a message (a name, a decree, a song: words of unknown
    direction) is isolated (:data:`FSI` ... :data:`PDI`) where its direction could disturb
    the sentence: always in a language written right to left, else when it holds letters
    written right to left or direction controls. A page does; the command line does not (a
    terminal would show the controls)."""
    global _isolating
    _isolating = on


def _isolated(text: str, catalogue: Catalogue) -> str:
    if _isolating and text and (catalogue.direction == "rtl" or _right_to_left().search(text)):
        return FSI + text + PDI
    return text


def load(lang: str) -> Catalogue:
    """The compiled catalogue of ``lang`` (:data:`ENGLISH` for "en"). Raises
    :class:`CatalogueError` for a language the game does not ship, or one not compiled yet."""
    if lang == "en":
        return ENGLISH
    if lang not in LANGUAGES and lang not in (PSEUDO, PSEUDO_RTL):
        raise CatalogueError(
            f"no language {lang[:20]!r}: choose one of {', '.join(LANGUAGES)}")
    path = COMPILED / f"{lang}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise CatalogueError(
            f"the {lang} catalogue is not compiled: run scripts/build (or "
            "scripts/i18n.py compile)") from None
    return parse(text)


def best(preferred: list[str] | tuple[str, ...], offered: Mapping[str, str] = LANGUAGES) -> str:
    """The first of ``preferred`` (language tags such as "fr-CA", best first, as a browser
    lists them) that ``offered`` has, by its full tag or its language; "en" when none is."""
    for tag in preferred:
        if not isinstance(tag, str):
            continue
        tag = tag.strip().replace("_", "-")
        if tag in offered:
            return tag
        base = tag.split("-", 1)[0].lower()
        if base in offered:
            return base
    return "en"


def _said(value: object, catalogue: Catalogue) -> str:
    if isinstance(value, Text):
        return value.say(catalogue)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return catalogue.formats.number(value)
    return _isolated(str(value), catalogue)


_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _format(text: str, values: Mapping[str, object], catalogue: Catalogue) -> str:
    """``text`` with each ``{name}`` that ``values`` has replaced by its value said (any other
    brace left as it is: no format specs, no attribute lookups, nothing a translation could
    make fail), as the page's JavaScript fills a message."""
    if not values:
        return text

    def put(match: re.Match[str]) -> str:
        name = match.group(1)
        return _said(values[name], catalogue) if name in values else match.group(0)

    return _PLACEHOLDER.sub(put, text)


class Text:
    """Words said when they are read, in the language then in use: a message id, its
    plural and context if any, and its named values (texts, numbers, other :class:`Text`).
    Events keep them, so a game played in one language reads in another. Immutable, equal
    to a Text with the same parts, and hashable when its values are.

    (A plain class, not a dataclass: a dataclass compiles its methods when its module is
    imported, which the page's start pays for in WebAssembly.)"""

    __slots__ = ("context", "msgid", "n", "plural", "values")
    msgid: str
    values: tuple[tuple[str, object], ...]
    plural: str
    n: int
    context: str

    def __init__(self, msgid: str, values: tuple[tuple[str, object], ...] = (),
                 plural: str = "", n: int = 0, context: str = "") -> None:
        put = object.__setattr__
        put(self, "msgid", msgid)
        put(self, "values", values)
        put(self, "plural", plural)
        put(self, "n", n)
        put(self, "context", context)

    def with_values(self, values: tuple[tuple[str, object], ...]) -> Text:
        """The same words with other values."""
        return Text(self.msgid, values, self.plural, self.n, self.context)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Text cannot change ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Text cannot change ({name})")

    def _parts(self) -> tuple[str, tuple[tuple[str, object], ...], str, int, str]:
        return self.msgid, self.values, self.plural, self.n, self.context

    def __reduce__(self) -> tuple[type[Text], tuple[object, ...]]:
        return Text, self._parts()  # (copies and pickles)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return self._parts() == other._parts()

    def __hash__(self) -> int:
        return hash(self._parts())

    def __repr__(self) -> str:
        return (f"Text(msgid={self.msgid!r}, values={self.values!r}, plural={self.plural!r}, "
                f"n={self.n!r}, context={self.context!r})")

    def say(self, catalogue: Catalogue | None = None) -> str:
        cat = _current if catalogue is None else catalogue
        if self.plural:
            text = cat.ngettext(self.msgid, self.plural, self.n, self.context)
        else:
            text = cat.gettext(self.msgid, self.context)
        return _format(text, dict(self.values), cat)

    def english(self) -> str:
        return self.say(ENGLISH)

    def __str__(self) -> str:
        return self.say()

    def __bool__(self) -> bool:
        return bool(self.msgid)


def t(msgid: str, /, **values: object) -> str:
    """``msgid`` in the language in use, its placeholders filled with ``values``."""
    return _format(_current.gettext(msgid), values, _current)


def tn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the language in use, filled."""
    return _format(_current.ngettext(singular, plural, n), values, _current)


def tc(context: str, msgid: str, /, **values: object) -> str:
    """``msgid`` in ``context`` (the same English said two ways), filled."""
    return _format(_current.gettext(msgid, context), values, _current)


def msg(msgid: str, /, **values: object) -> Text:
    """``msgid`` with ``values``, to be said when read (:class:`Text`)."""
    return Text(msgid, tuple(values.items()))


def msg_n(singular: str, plural: str, n: int, /, **values: object) -> Text:
    """A plural message to be said when read."""
    return Text(singular, tuple(values.items()), plural, n)


def N_(msgid: str, /) -> str:
    """Marks ``msgid`` for the catalogues without saying it: data said later by ``t(value)``."""
    return msgid


def slots(text: str) -> list[tuple[str, str]]:
    """A said message cut at its placeholders, for a page that puts an element (a key cap, a
    name in bold) where a placeholder is: ``("", words)`` and ``("name", "")`` pieces in
    order. ``slots(t("{who} decrees {decree}"))`` in French: the pieces of "{who} décrète
    {decree}"."""
    out: list[tuple[str, str]] = []
    at = 0
    for match in _PLACEHOLDER.finditer(text):
        if match.start() > at:
            out.append(("", text[at:match.start()]))
        out.append((match.group(1), ""))
        at = match.end()
    if at < len(text):
        out.append(("", text[at:]))
    return out


def number(value: int | float, decimals: int | None = None) -> str:
    """``value`` written as the language in use writes numbers."""
    return _current.formats.number(value, decimals)


def join(items: list[str]) -> str:
    """``items`` as a list in a sentence of the language in use ("A, B and C")."""
    return _current.formats.join(items)
