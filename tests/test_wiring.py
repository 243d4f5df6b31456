"""The page's wiring (web/interfaces.py): no import circle in web/, and one writer for the
table chosen, the settings and the seats played from phones.

- No module of ``web/`` imports, however indirectly, a module that imports it back. Every
  import counts: at the top of a module, inside a function (imported when first used), and
  under ``if TYPE_CHECKING:`` (for types only): a circle of types is the coupling that makes a
  circle of imports one refactoring away. The controllers know each other as the Protocols of
  web/interfaces.py, which imports none of them.
- The shell's ``config`` (the table chosen), its ``settings`` and ``keymap`` (what is saved)
  are written only by their owner's one method (``App.choose_table``,
  ``App.change_settings``); a session's ``remote`` seats only by the session's own methods;
  the table's view only by the table (``Play``), which makes and swaps it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(place: Path, root: Path = ROOT) -> dict[str, Path]:
    """Every module under ``place``, by its dotted name (seen from ``root``)."""
    return {module_name(path, root): path for path in sorted(place.rglob("*.py"))}


def imports(path: Path, name: str, known: Mapping[str, Path]) -> set[str]:
    """The ``known`` modules a file imports, anywhere in it: at its top, in a function, under
    ``TYPE_CHECKING`` (``from a.b import c`` counts ``a.b.c`` when it is a module, else
    ``a.b``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, up level - 1
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if whole in known else base)
    return {module for module in found if module in known and module != name}


def import_graph(place: Path, root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(place, root)
    return {name: imports(path, name, known) for name, path in known.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One circle through each group of modules that import each other (its modules in
    import order, the first repeated at the end); none when there is no circle."""
    return [circle_in(graph, group) for group in tangles(graph)]


def tangles(graph: Mapping[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import each other, directly or not (Tarjan's strongly
    connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(start: str) -> None:  # (without recursion)
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(group)

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return groups


def circle_in(graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """A shortest circle through the first module of ``group`` (breadth first)."""
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        node = todo.pop(0)
        for succ in sorted(graph[node] & group):
            if succ == start:
                return [*paths[node], start]
            if succ not in paths:
                paths[succ] = [*paths[node], succ]
                todo.append(succ)
    raise AssertionError(f"no circle in {group}")  # a strongly connected group has one


def test_no_module_of_web_imports_itself_back() -> None:
    graph = import_graph(WEB)
    assert {"web.shell.app", "web.table.play", "web.interfaces"} <= graph.keys()
    assert "web.table.view" in graph["web.table.play"]  # imports inside functions count
    assert "web.interfaces" in graph["web.shell.keys"]  # ... and those for types
    found = [f"{' -> '.join(circle_in(graph, group))} (the tangle: {', '.join(sorted(group))})"
             for group in tangles(graph)]
    assert not found, "import circles in web/:\n" + "\n".join(found)


def test_the_circle_finder_names_each_circle(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.b import thing\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\n")
    (package / "c.py").write_text("def f():\n    from . import a\n")
    (package / "d.py").write_text("import pkg.a\n")  # imports the circle, is not in it
    graph = import_graph(package, tmp_path)
    assert graph["pkg.b"] == {"pkg.c"} and graph["pkg.c"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    (package / "c.py").write_text("")
    assert cycles(import_graph(package, tmp_path)) == []


# -- one writer ----------------------------------------------------------------------------

CONTROLLERS = ["web/shell", "web/table", "web/phones"]
OWNED = {"config", "keymap", "settings"}
"""The shell's attributes that only its own methods write."""
WRITERS = {("web/shell/app.py", name) for name in ("__init__", "choose_table", "change_settings")}
KEYMAP_CHANGES = {"assign", "unassign"}
SESSION = "web/model/session.py"
SET_CHANGES = {"add", "discard", "remove", "update", "clear", "pop",
               "difference_update", "intersection_update", "symmetric_difference_update"}


def functions_of(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    """Every node of a module, with the name of the function it is in ("" at the top)."""
    def walk(node: ast.AST, function: str) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            inner = (child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                     else function)
            yield inner, child
            yield from walk(child, inner)

    yield from walk(tree, "")


def written(node: ast.AST) -> list[ast.expr]:
    """What an assignment, a ``setattr`` or a key map's change (``assign``) writes."""
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return [node.target]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "setattr" and node.args):
        return [ast.Attribute(value=node.args[0], attr="?")]
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in KEYMAP_CHANGES):
        return [ast.Attribute(value=node.func.value, attr=node.func.attr)]
    return []


def owned_write(target: ast.expr, parameters: set[str], function: str) -> str:
    """Which owned state ``target`` writes ("" for none): ``x.config``, ``x.settings.speed``
    (a controller that keeps, in its ``__init__``, the settings it was handed only reads)."""
    if not isinstance(target, ast.Attribute):
        return ""
    if target.attr.lstrip("_") in OWNED:
        keeps = function == "__init__" and isinstance(target.value, ast.Name) and (
            target.value.id == "self") and target.attr in parameters
        return "" if keeps else f".{target.attr}"
    value = target.value
    if isinstance(value, ast.Attribute) and value.attr.lstrip("_") in OWNED:
        return f".{value.attr}.{target.attr}"
    return ""


def test_the_table_chosen_and_the_settings_have_one_writer() -> None:
    found = []
    for place in CONTROLLERS:
        for path in sorted((ROOT / place).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            parameters: dict[str, set[str]] = {}
            for function, node in functions_of(tree):
                if isinstance(node, ast.FunctionDef):
                    parameters[node.name] = {a.arg for a in node.args.args}
                for target in written(node):
                    what = owned_write(target, parameters.get(function, set()), function)
                    if what and (name, function) not in WRITERS:
                        found.append(f"{name}:{node.lineno} ({function}): writes {what}")
    assert not found, "\n".join(found)


def test_only_a_session_changes_its_seats_played_from_phones() -> None:
    found = []
    for path in sorted(WEB.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = written(node)
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in SET_CHANGES):
                targets.append(node.func.value)
            if name != SESSION and any(
                    isinstance(t, ast.Attribute) and t.attr == "remote" for t in targets):
                found.append(f"{name}:{node.lineno}")
    assert not found, "\n".join(found)


def test_the_writer_check_sees_a_second_writer() -> None:
    tree = ast.parse("class Form:\n"
                     "    def __init__(self, shell, settings):\n"
                     "        self.settings = settings\n"
                     "    def on_change(self):\n"
                     "        self.shell.config = 1\n"
                     "        self.shell.settings.speed = '2'\n"
                     "        setattr(self.shell.settings, 'speed', '2')\n"
                     "        self.shell.keymap.assign(0, 'slap', 'k')\n"
                     "        self.shell.keymap.copy().assign(0, 'slap', 'k')\n")
    parameters = {"__init__": {"self", "shell", "settings"}, "on_change": {"self"}}
    seen = [owned_write(target, parameters[function], function)
            for function, node in functions_of(tree) for target in written(node)]
    assert [what for what in seen if what] == [
        ".config", ".settings.speed", ".settings.?", ".keymap.assign"]


def test_only_the_table_swaps_its_view() -> None:
    found = []
    for place in CONTROLLERS:
        for path in sorted((ROOT / place).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                found += [f"{name}:{node.lineno}" for target in written(node)
                          if isinstance(target, ast.Attribute) and target.attr == "view"
                          and (name != "web/table/play.py" or not (
                              isinstance(target.value, ast.Name) and target.value.id == "self"))]
    assert not found, "\n".join(found)
