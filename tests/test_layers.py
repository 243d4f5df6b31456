"""The layers of the tree: what each folder may import, and a core that names no variant.

- The engine (``ratscrew/``) and the page's browser-free folders and modules (``web/model/``,
  the wiring's Protocols in ``web/interfaces.py``, the variants' web parts in
  ``web/table/parts/``, the phones' messages, clocks, referee and seats in ``web/phones/``)
  import nothing from the browser: CPython runs them as the page does.
- The cores (the engine's ``core``, ``play`` and ``tools``, its command line, and the page's
  model, shell, table and boot code) name no variant in their code: a variant is its engine
  module and its web part, and nothing else knows it. Comments and docstrings may give a
  variant as an example; identifiers and strings may not.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from ratscrew.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
BROWSER = {"js", "pyscript", "pyodide"}
BROWSER_FREE = ["ratscrew", "web/model", "web/table/parts", "web/interfaces.py",
                "web/phones/protocol.py", "web/phones/clock.py", "web/phones/referee.py",
                "web/phones/lobby.py"]
CORES = ["ratscrew/core", "ratscrew/play", "ratscrew/tools", "ratscrew/cli.py",
         "ratscrew/__init__.py", "web/interfaces.py", "web/model", "web/shell", "web/table",
         "web/tools", "web/boot", "web/phones"]
NOT_CORE = {"web/table/parts"}


def python_files(place: str) -> list[Path]:
    path = ROOT / place
    files = [path] if path.is_file() else sorted(path.rglob("*.py"))
    return [f for f in files if not any(f.is_relative_to(ROOT / n) for n in NOT_CORE)
            or place in NOT_CORE]


def imported(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (inside functions too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("place", BROWSER_FREE)
def test_browser_free_folders_import_nothing_from_the_browser(place: str) -> None:
    files = python_files(place)
    assert files
    for path in files:
        assert not imported(path) & BROWSER, path.relative_to(ROOT)


def test_the_engine_imports_nothing_of_the_page() -> None:
    for path in python_files("ratscrew"):
        assert "web" not in imported(path), path.relative_to(ROOT)


CORE_VARIANTS = {"classic", "beggar-my-neighbour"}
"""The games the core's own rules are (their modules only name them)."""
COMMON_WORDS = {"burn", "tarot"}
"""Aliases that are also the core's words: a wrong slap burns a card, a deck may be a Tarot."""
CARD_NAMES = {("ratscrew/core/cards.py", '"The Hermit"')}
"""The Tarot deck's own card names, which the core's deck lists."""


def variant_words() -> re.Pattern[str]:
    """A variant's name, alias or module name, or a word only one variant's pieces use."""
    words = {"hermit", "burn contest", "dice", "decree", "firefighter"}
    for variant in VARIANTS.values():
        if variant.name not in CORE_VARIANTS:
            words.update({variant.name, *variant.aliases})
    words.update(path.stem for path in (ROOT / "ratscrew" / "variants").glob("*.py")
                 if path.stem not in ("__init__", "classic", "beggar"))
    words -= COMMON_WORDS
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words), key=len,
                                                     reverse=True)) + r")\b", re.I)


def code_text(path: Path) -> list[tuple[int, str]]:
    """A file's identifiers and string literals, with their lines: not its comments nor its
    docstrings."""
    source = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            docstrings.add(body[0].lineno)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(
                node.value.value, str):
            docstrings.add(node.lineno)  # attribute docstrings
    kinds = {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    return [(token.start[0], token.string)
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type in kinds and token.start[0] not in docstrings]


@pytest.mark.parametrize("place", CORES)
def test_the_cores_name_no_variant(place: str) -> None:
    words = variant_words()
    found = [f"{path.relative_to(ROOT)}:{line}: {text}"
             for path in python_files(place) for line, text in code_text(path)
             if words.search(text.replace("_", "-"))
             and (path.relative_to(ROOT).as_posix(), text) not in CARD_NAMES]
    assert not found, "\n".join(found)
