"""The page's shell (web/shell/app.py) and its controllers, read as source, without a browser:
what the page's start imports of web/, and the shell's controllers kept to one concern each.

The start (web/boot/main.py) imports :mod:`web.shell.app`; everything that module imports at
its top level, and so on, is paid for by every visit before the setup screen is ready. The
table's drawing (web.table.view and the variants' parts) and the teaching tools are imported
when first shown; the wiring's Protocols (web/interfaces.py) only for types.

What each controller does is tested on the fake page (tests/web/fake_browser.py), the
controllers it talks to real or fakes of their Protocols (tests/web/fake_shell.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CONTROLLERS = ["web/shell/app.py", "web/shell/setup.py", "web/shell/keys.py",
               "web/shell/records.py", "web/shell/settings_dialog.py",
               "web/shell/tool_screens.py", "web/table/play.py", "web/table/steps.py",
               "web/table/end.py", "web/table/timers.py", "web/phones/hosting.py",
               "web/phones/joining.py", "web/phones/panel.py",
               "web/interfaces.py"]
"""The shell and its controllers, and the Protocols they know each other by."""
LATER = ("web.table.view", "web.table.part", "web.table.parts", "web.tools.")
"""What the start must not import: the table's drawing and the teaching tools."""


def module_path(name: str) -> Path | None:
    """The file of one of the page's modules (None: not ours)."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def top_level_imports(path: Path) -> set[str]:
    """The web/ modules a file imports when it is imported: at its top level, not inside a
    function nor under ``if TYPE_CHECKING:``."""
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {name for name in found if name.startswith("web.") and module_path(name)}


def imported_at_start(entry: str) -> set[str]:
    """Every web/ module importing ``entry`` imports (``entry`` too)."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(2, len(parts)))  # its packages
        path = module_path(name)
        assert path is not None, name
        todo.extend(top_level_imports(path) - seen)
    return seen


def test_the_start_imports_neither_the_table_drawing_nor_the_tools() -> None:
    started = imported_at_start("web.shell.app")
    assert {"web.shell.setup", "web.table.play", "web.table.steps"} <= started
    assert "web.interfaces" not in started
    early = sorted(name for name in started if name.startswith(LATER))
    assert not early, f"imported at start: {early}"


def test_the_shell_and_its_controllers_are_short() -> None:
    for name in CONTROLLERS:
        lines = len((ROOT / name).read_text(encoding="utf-8").splitlines())
        assert lines < 400, f"{name}: {lines} lines"
