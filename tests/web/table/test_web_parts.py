"""The variants' web parts (web/table/part.py, web/table/parts/), without a browser: each
describes its variant's page, the table pieces it shows with it, and draws in boxes the table
makes. The parts import nothing from the browser: the table hands them its tools."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from ratscrew.variants import VARIANTS
from web.model import variant_page
from web.table.part import SLOTS, Box

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def parts() -> Any:
    """web.table.part with every web part loaded."""
    module = importlib.import_module("web.table.part")
    module.load_parts()
    return module


def test_each_variant_with_pieces_of_its_own_has_its_parts(parts: Any) -> None:
    def names(variant: str) -> list[str]:
        return [cls.__name__ for cls in parts.parts_for(variant)]

    assert names("slap-like-an-egyptian") == ["DicePart"]
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
    files = sorted(p.parent.name for p in folder.glob("*/__init__.py"))
    modules = sorted({cls.__module__.removeprefix(f"{variant_page.PARTS_PACKAGE}.")
                      for cls in parts.all_parts()})
    assert modules == ["firefighters", "kurs", "slae"]
    # Beggar-My-Neighbour's web part has no piece of its own, only its words on the table.
    assert files == ["beggar", *modules]


def test_the_parts_boxes_are_zones_of_the_page(parts: Any) -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    boxes = [box for cls in parts.all_parts() for box in cls.boxes]
    assert len({box.id for box in boxes}) == len(boxes), "a box belongs to one part"
    for box in boxes:
        assert box.zone and box.slot in SLOTS, box
        assert f'id="{box.id}"' not in html, f"#{box.id} is made by its part, not index.html"
    with pytest.raises(ValueError):
        Box("nowhere", "under-the-table")


def test_each_web_part_describes_its_variant(parts: Any) -> None:
    pages = variant_page.discover()
    assert set(pages) == {"slap-like-an-egyptian", "firefighters", "kurs",
                          "beggar-my-neighbour"} <= set(VARIANTS)
    for name, page in pages.items():
        own = {spec.name for spec in VARIANTS[name].own_options}
        assert set(page.labels) == own, name
        assert set(page.choice_labels) <= own and set(page.steps) <= own
    with pytest.raises(ValueError, match="described twice"):
        variant_page.describe(variant_page.VariantPage("kurs"))


def test_a_part_is_registered_by_its_variants_page_alone(
        parts: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    class Extra(parts.TablePart):
        """A piece that only a page names."""

    monkeypatch.setattr(variant_page, "_PAGES", dict(variant_page.discover()))
    assert parts.parts_for("classic") == []
    variant_page.describe(variant_page.VariantPage("classic", parts=(Extra,)))
    assert parts.parts_for("classic") == [Extra]
    assert Extra in parts.all_parts()
