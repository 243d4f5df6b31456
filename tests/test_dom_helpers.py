"""The page's DOM helpers have one home, web/dom.py, and one way into the table's pieces.

- No other module of ``web/`` defines a function by the name of one of web/dom.py's helpers,
  nor calls the browser for what a helper does (``document.createElement``,
  ``performance.now()``, ``Object.fromEntries``...): a second copy is how they drifted apart.
- Whoever uses a helper imports it from web.dom (not from the card drawing,
  web/table/cards_view.py, where they once were).
- The table's pieces and the variants' parts reach the page only through the tools the table
  hands them (``web.table.piece.Dom``): they import neither web.dom nor the browser, and the
  tools are web.dom's own functions.
"""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

from tests.web.fake_browser import fake_browser
from web.table.piece import Dom

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / "web" / "dom.py"

RAW_CALLS = {
    "document.createElement": {"web/table/cards_view.py"},  # a card's described elements
    "document.createTextNode": set(),
    "document.getElementById": {"web/boot/main.py"},  # the boot, before web.dom is imported
    "window.performance.now": set(),
    "window.Object.fromEntries": set(),
    "window.matchMedia": set(),
    "window.getComputedStyle": set(),
}
"""What the helpers call in the browser, and the modules besides web/dom.py that may too."""

HANDED = ["web/table/pieces", "web/table/parts", "web/table/piece.py", "web/table/part.py",
          "web/table/flight.py"]
"""What draws with the tools the table hands it."""


def web_files() -> list[Path]:
    return sorted(path for path in (ROOT / "web").rglob("*.py") if path != HOME)


def name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def helpers() -> set[str]:
    """The public functions of web/dom.py."""
    tree = ast.parse(HOME.read_text(encoding="utf-8"))
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}


def dotted(node: ast.expr) -> str:
    """``window.performance.now`` for that expression; "" for anything but names and
    attributes."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([node.id, *reversed(parts)])


def test_the_helpers_are_there() -> None:
    assert {"el", "by_id", "clear", "text_node", "attribute", "now", "later", "save_file",
            "link_stylesheet", "table_with_head", "js_object"} <= helpers()


def test_no_other_module_defines_a_helper_again() -> None:
    names = helpers()
    found = [f"{name(path)}:{node.lineno}: def {node.name}"
             for path in web_files()
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
             and node.name in names]
    assert not found, "\n".join(found)


def test_no_other_module_calls_the_browser_for_what_a_helper_does() -> None:
    found = []
    for path in web_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and name(path) not in RAW_CALLS.get(
                    dotted(node), {name(path)}):
                found.append(f"{name(path)}:{node.lineno}: {dotted(node)}")
            if (isinstance(node, ast.Call) and dotted(node.func) == "window.setTimeout"
                    and node.args and isinstance(node.args[0], ast.Call)
                    and dotted(node.args[0].func) == "create_once_callable"):
                found.append(f"{name(path)}:{node.lineno}: setTimeout(create_once_callable(...))"
                             " (web.dom.later)")
    assert not found, "\n".join(found)


def test_the_helpers_are_imported_from_web_dom() -> None:
    names = helpers()
    found = []
    for path in [*web_files(), *sorted((ROOT / "tests").rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.module == "web.dom":
                continue
            if node.module in ("web.shell.dom", "web.table.dom"):
                found.append(f"{name(path)}:{node.lineno}: from {node.module}")
            found += [f"{name(path)}:{node.lineno}: {alias.name} from {node.module}"
                      for alias in node.names if alias.name in names]
    assert not found, "\n".join(found)


def test_pieces_and_parts_reach_the_page_only_through_the_tools_handed_to_them() -> None:
    found = []
    for place in HANDED:
        path = ROOT / place
        for file in [path] if path.is_file() else sorted(path.rglob("*.py")):
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Import | ast.ImportFrom):
                    continue
                modules = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                           else [node.module or ""])
                found += [f"{name(file)}:{node.lineno}: imports {module}" for module in modules
                          if module == "web.dom" or module.split(".")[0] in (
                              "js", "pyscript", "pyodide")]
    assert not found, "\n".join(found)


def test_the_tools_handed_are_web_doms_own() -> None:
    tools = {field.name for field in fields(Dom)}
    assert tools - {"card"} <= helpers(), tools - helpers()
    with fake_browser(["web.table.view", "web.dom", "web.table.cards_view"]) as page:
        view = page.module("web.table.view")
        dom = page.module("web.dom")
        cards = page.module("web.table.cards_view")
        for tool in tools - {"card"}:
            assert getattr(view.DOM, tool) is getattr(dom, tool), tool
        assert view.DOM.card is cards.card_element
