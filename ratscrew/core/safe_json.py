"""JSON from untrusted text, with limits checked before the text is parsed.

``json.loads`` recurses once per nested array or object, so text nested a few thousand levels
deep raises :class:`RecursionError` (and can overflow a small stack, such as the browser's
Python); a number with thousands of digits raises a plain :class:`ValueError` (Python's limit
on converting long digit strings to int), or takes quadratic time where that limit is off.
:func:`loads` checks the text's size, its nesting depth and the length of its numbers first,
without recursion (string and bracket passes at the speed of :mod:`re`, then, only if they find
something, a token-by-token scan that says where), then parses it, and reports every problem
as a :class:`JSONError`, a :class:`ValueError` whose message is one line that says what is
wrong and where.

Standard library only and independent of the rest of the package, so the page can use it too::

    from ratscrew.core.safe_json import JSONError, loads

    try:
        data = loads(text, max_chars=100_000, max_depth=32)
    except JSONError as exc:
        print(f"not usable: {exc}")
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "JSONError",
    "JSONLimitError",
    "check",
    "loads",
]

MAX_CHARS = 1_000_000
"""Default size limit, in characters."""
MAX_DEPTH = 32
"""Default nesting limit: arrays and objects inside one another (``[[1]]`` is 2 deep)."""
MAX_DIGITS = 100
"""Default limit on the digits of one number (far below Python's 4300 for int conversion)."""

_STRING = r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?'
"""A JSON string, escapes included (one left open runs to the end of the text)."""
_STRINGS = re.compile(_STRING)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_TOKENS = re.compile(_STRING + r"|[\[{]|[\]}]|[0-9]+")


class JSONError(ValueError):
    """Text that is not JSON, or not within the limits. ``reason`` is the message without its
    place; ``line`` and ``column`` (from 1) say where, when a place is known (otherwise 0)."""

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.reason = message
        self.line = line
        self.column = column
        if line:
            message = f"{message} at line {line}, column {column}"
        super().__init__(message)


class JSONLimitError(JSONError):
    """Text over one of the limits (size, nesting depth, digits of a number), whether or not it
    is otherwise valid JSON."""


def _where(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - text.rfind("\n", 0, pos)


def check(
    text: str,
    *,
    max_chars: int = MAX_CHARS,
    max_depth: int = MAX_DEPTH,
    max_digits: int = MAX_DIGITS,
) -> None:
    """Raise :class:`JSONLimitError` if ``text`` is longer than ``max_chars`` characters, nests
    arrays and objects more than ``max_depth`` deep, or holds a number with more than
    ``max_digits`` digits in a row. Brackets and digits inside strings do not count. The scan
    is iterative: it needs no stack, however deep the text."""
    if not isinstance(text, str):
        raise JSONError(f"JSON must be text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise JSONLimitError(f"the text is larger than {max_chars} characters")
    # The fast path, at the speed of the re and str methods: strings out, then the digits, then
    # the brackets: each pass takes out the innermost pairs, so any left after max_depth
    # passes are nested deeper (or never closed, which the exact scan tells apart).
    bare = _STRINGS.sub("", text)
    long_number = re.search(f"[0-9]{{{max_digits + 1}}}", bare) is not None
    brackets = _NOT_BRACKETS.sub("", bare).replace("{", "[").replace("}", "]")
    for _ in range(max_depth):
        if "[]" not in brackets:
            break
        brackets = brackets.replace("[]", "")
    if long_number or "[" in brackets:
        _scan(text, max_depth, max_digits)


def _scan(text: str, max_depth: int, max_digits: int) -> None:
    """The exact scan, token by token, that says where the text goes over a limit."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        first = token[0]
        if first == '"':
            continue
        if first in "[{":
            depth += 1
            if depth > max_depth:
                raise JSONLimitError(f"the text is nested more than {max_depth} levels deep",
                                     *_where(text, match.start()))
        elif first in "]}":
            depth -= 1
        elif len(token) > max_digits:
            raise JSONLimitError(f"the text has a number longer than {max_digits} digits",
                                 *_where(text, match.start()))


def loads(
    text: str,
    *,
    max_chars: int = MAX_CHARS,
    max_depth: int = MAX_DEPTH,
    max_digits: int = MAX_DIGITS,
) -> Any:
    """``json.loads(text)`` once :func:`check` has passed; every failure is a
    :class:`JSONError` (:class:`JSONLimitError` for the limits)."""
    check(text, max_chars=max_chars, max_depth=max_depth, max_digits=max_digits)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # json's "Unterminated string starting at" then reads "... at line 1, column 9".
        raise JSONError(exc.msg.removesuffix(" at"), exc.lineno, exc.colno) from None
    except RecursionError:  # cannot happen below the depth limit; kept as a safety net
        raise JSONLimitError("the text is nested too deep to read") from None
    except ValueError as exc:  # e.g. Python's limit on the digits of an int
        raise JSONLimitError(str(exc).split("\n")[0] or "not a usable JSON value") from None
