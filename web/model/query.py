"""A link's query string, read and written without :mod:`urllib.parse`.

In Pyodide, ``import urllib.parse`` compiles ``urllib/parse.py`` and ``ipaddress.py`` from
source (the runtime's standard library zip holds them uncompiled): about 75 ms of every start
of the page, which reads its link before the setup screen is ready. These two functions are
exactly what the page used from it (tests/web/model/test_web_query.py checks them against
:mod:`urllib.parse` on any text).
"""

from __future__ import annotations

import re

_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_ALWAYS_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def unquote(text: str) -> str:
    """``urllib.parse.unquote(text, errors="replace")``: each run of ``%XX`` escapes is bytes,
    read as UTF-8 (what is not UTF-8 becomes U+FFFD); a ``%`` that starts no escape stays."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(
        lambda run: bytes.fromhex(run.group().replace("%", "")).decode("utf-8", "replace"), text)


def query_pairs(query: str) -> list[tuple[str, str]]:
    """``urllib.parse.parse_qsl(query, keep_blank_values=True, errors="replace")``: the
    ``name=value`` pairs between ``&``, in order, ``+`` read as a space, escapes decoded; an
    empty part is skipped, a part with no ``=`` has an empty value."""
    pairs: list[tuple[str, str]] = []
    for part in query.split("&") if query else ():
        if not part:
            continue
        name, _, value = part.partition("=")
        pairs.append((unquote(name.replace("+", " ")), unquote(value.replace("+", " "))))
    return pairs


def quote(text: str, safe: str = "") -> str:
    """``urllib.parse.quote(text, safe=safe, errors="replace")``: the UTF-8 bytes of ``text``,
    each escaped as ``%XX`` but for letters, digits, ``_.-~`` and the ASCII characters of
    ``safe``."""
    keep = _ALWAYS_SAFE | frozenset(safe.encode("ascii", "ignore"))
    return "".join(chr(byte) if byte in keep else f"%{byte:02X}"
                   for byte in text.encode("utf-8", "replace"))
