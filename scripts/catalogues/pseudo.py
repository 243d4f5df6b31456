"""The pseudo-locale: English made strange enough to see, long enough to test layouts.

Each message is bracketed ``[…]``, its letters accented (Ŵŕöñĝ šļàþ) and padded to 40% more
letters (in short words), while its placeholders (``{who}``), HTML tags and entities stay as
they are, so the pseudo-locale's sentences are filled and drawn as the real ones are. A page
in it shows, at a glance, any text that did not come from a catalogue: the only text without
brackets.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog

OPEN, CLOSE = "[", "]"
LONGER = 0.4
_KEEP = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\}|<[^>]*>|&#?[A-Za-z0-9]+;)")
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_WORD = "·~·~·"


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale."""
    parts = _KEEP.split(text)
    letters = sum(len(p) for i, p in enumerate(parts) if i % 2 == 0)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    pad = max(1, round(letters * LONGER))
    # Padded in words of its own (·~·~·), as a longer language is longer: a long run without
    # a space would be a word no real language has, one that no line can break.
    filler = " ".join([_WORD] * (pad // (len(_WORD) + 1) + 1))[:pad].rstrip()
    return f"{OPEN}{out} {filler or _WORD[:1]}{CLOSE}"


def pseudo_catalog(template: Catalog, locale: str) -> Catalog:
    """``template`` with every message in the pseudo-locale."""
    catalog = Catalog(locale=locale, fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string: str | tuple[str, ...] = tuple(pseudo(m) for m in message.id)
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context)
    return catalog


def pseudo_formats(formats: object) -> dict[str, object]:
    """CLDR's English formats with the words of its list patterns ("and") in the
    pseudo-locale, so that a list the game writes is seen to come from the catalogue."""
    assert isinstance(formats, dict)
    lists = {k: pseudo(v) for k, v in formats["list"].items()}
    return {**formats, "list": lists}
