"""Discovery, which the engine's variants and the page's web parts share: every module and
subpackage of a package imported once, in their names' order, private ones left out."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ratscrew.core import discovery


def test_a_package_is_discovered_once_modules_and_folders_alike(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "found_here"
    (package / "folder").mkdir(parents=True)
    (package / "__init__.py").write_text("SEEN = []\n", encoding="utf-8")
    for name in ("b_module.py", "a_module.py", "_private.py", "folder/__init__.py"):
        stem = name.removesuffix(".py").replace("/__init__", "")
        (package / name).write_text(f"import found_here\nfound_here.SEEN.append({stem!r})\n",
                                    encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(discovery, "_DISCOVERED", set())
    try:
        assert discovery.module_names("found_here") == [
            "found_here.a_module", "found_here.b_module", "found_here.folder"]
        discovery.discover("found_here")
        # Asked again, it does not look again (a module added since is not imported).
        (package / "c_module.py").write_text("import found_here\nfound_here.SEEN.append('c')\n",
                                             encoding="utf-8")
        discovery.discover("found_here")
        assert sys.modules["found_here"].SEEN == ["a_module", "b_module", "folder"]
    finally:
        for name in [n for n in sys.modules if n.split(".")[0] == "found_here"]:
            del sys.modules[name]
