"""The variants' parts of the table (web/table/part.py, web/part_*.py), without a browser: each
registers for a variant that exists and draws in boxes that index.html has.

The part modules import the browser's ``pyscript`` module, so they are imported here with a
stand-in for it (and forgotten afterwards).
"""

from __future__ import annotations

import importlib
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ratscrew.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def parts() -> Iterator[Any]:
    """web.table.part with every part module loaded, under a fake ``pyscript``."""
    fake = types.ModuleType("pyscript")
    fake.document = types.SimpleNamespace()  # type: ignore[attr-defined]
    fake.window = types.SimpleNamespace()  # type: ignore[attr-defined]
    before = set(sys.modules)
    saved = sys.modules.get("pyscript")
    sys.modules["pyscript"] = fake
    try:
        module = importlib.import_module("web.table.part")
        module.load_parts()
        yield module
    finally:
        web = sys.modules.get("web")
        for name in set(sys.modules) - before:
            if name.startswith("web."):
                sys.modules.pop(name, None)
                if web is not None and hasattr(web, name[4:]):
                    delattr(web, name[4:])
        if saved is None:
            sys.modules.pop("pyscript", None)
        else:
            sys.modules["pyscript"] = saved


def test_each_variant_with_pieces_of_its_own_has_its_parts(parts: Any) -> None:
    def names(variant: str) -> list[str]:
        return [cls.__name__ for cls in parts.parts_for(variant)]

    assert names("slap-like-an-egyptian") == ["Dice"]
    assert names("firefighters") == ["BurnPile", "BurnContestPanel"]
    assert names("kurs") == ["ArcanaEffects", "HermitPile", "Decrees"]
    assert names("classic") == []
    assert names("beggar-my-neighbour") == []


def test_parts_register_for_variants_that_exist(parts: Any) -> None:
    registered = {name for name in VARIANTS if parts.parts_for(name)}
    assert registered == {"slap-like-an-egyptian", "firefighters", "kurs"}
    for cls in parts.all_parts():
        assert issubclass(cls, parts.TablePart)
        assert any(cls in parts.parts_for(name) for name in VARIANTS), cls


def test_every_part_module_is_found(parts: Any) -> None:
    folder = ROOT / "web" / "table" / "parts"
    files = sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_"))
    modules = sorted({cls.__module__.removeprefix(f"{parts.PARTS_PACKAGE}.")
                      for cls in parts.all_parts()})
    assert files == modules == ["firefighters", "kurs", "slae"]


def test_the_parts_boxes_are_zones_of_the_page(parts: Any) -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    boxes = [box for cls in parts.all_parts() for box in cls.boxes]
    assert len(boxes) == len(set(boxes)), "a box belongs to one part"
    for box in boxes:
        tag = re.search(rf'<[a-z]+ id="{box}"[^>]*>', html)
        assert tag is not None, box
        assert "data-zone=" in tag.group(0), box
        assert " hidden" in tag.group(0), f"#{box} is hidden until a part shows it"


def test_register_needs_a_variant(parts: Any) -> None:
    with pytest.raises(ValueError):
        parts.register()
