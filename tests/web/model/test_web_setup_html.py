"""The setup form's markup (web/model/setup_html.py) and the page the build writes with it.

The setup screen is rendered at build time from the engine's own variant and option data, by
the same functions the page draws the form with, so nothing is written twice; our Python is
one download (app.zip), and the runtime's big files are listed with their sizes for the
loading bar.
"""

from __future__ import annotations

import io
import json
import re
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ratscrew.core.options import OPTION_SPECS
from ratscrew.variants import VARIANTS
from web.model.links import SeatConfig, parse_query
from web.model.setup_html import (
    MAX_SEATS,
    default_keys,
    form_parts,
    game_parts,
    prerender,
    rules_body,
    seat_rows,
)
from web.model.setup_options import option_names

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))

import sitebuild  # noqa: E402


class Elements(HTMLParser):
    """Every start tag with its attributes, in order, and the text of the page."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, **wanted: str) -> list[dict[str, str | None]]:
        return [a for _, a in self.tags if all(a.get(k) == v for k, v in wanted.items())]


def test_a_hostile_name_stays_text() -> None:
    config, _ = parse_query("")
    name = '"><img src=x onerror=alert(1)>'
    config.seats[0] = SeatConfig(name, False, "normal")
    markup = seat_rows(VARIANTS["classic"], config, lambda seat: "Q / W")
    page = Elements(markup)
    assert not page.find(src="x")
    assert page.find(id="seat-name-0")[0]["value"] == name


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_option_of_every_game_has_its_control_with_its_value(variant: str) -> None:
    game = VARIANTS[variant]
    config, _ = parse_query(f"variant={variant}")
    page = Elements(rules_body(game, config.players, {}))
    rules = game.rules_for(config.players)
    for name in option_names(game):
        spec = OPTION_SPECS[name]
        if name == "slaps":
            boxes = page.find(type="checkbox", **{"data-option": "slaps"})
            checked = {b["value"] for b in boxes if "checked" in b}
            assert checked == set(rules.slaps), variant
            continue
        field = page.find(id=f"rule-{name}")
        assert len(field) == 1, f"{variant}: no control for {name}"
        value = rules.option(name)
        if field[0].get("type") == "checkbox":
            assert ("checked" in field[0]) == bool(value), (variant, name)
        elif field[0].get("type") in ("number", "text"):
            assert field[0]["value"] is not None, (variant, name, spec)
    # A changed rule is marked as the page marks it.
    if "penalty_count" in option_names(game):
        other = {"penalty_count": rules.penalty_count + 1}
        row = Elements(rules_body(game, config.players, other)).find(id="rule-row-penalty_count")
        assert "changed" in (row[0].get("class") or "").split()


def test_extra_seat_rows_are_prerendered_hidden() -> None:
    config, _ = parse_query("players=3")
    page = Elements(seat_rows(VARIANTS["classic"], config, lambda seat: "", MAX_SEATS))
    rows = [a for tag, a in page.tags if tag == "li"]
    assert len(rows) == MAX_SEATS
    assert [("hidden" in r) for r in rows] == [False] * 3 + [True] * (MAX_SEATS - 3)


def test_a_phone_seat_is_chosen_in_its_row_and_shows_no_keys() -> None:
    config, _ = parse_query("players=3&bots=3&phones=2")
    html = seat_rows(VARIANTS["classic"], config, lambda seat: f"K{seat}")
    rows = html.split("</li>")
    assert '<option value="phone" selected>Phone</option>' in rows[1]
    assert '<option value="human" selected>Human</option>' in rows[0]
    assert ">from a phone</span>" in rows[1] and 'data-keys="keys K1"' in rows[1]
    assert ">keys K0</span>" in rows[0]


def test_the_keys_shown_are_the_seats_default_keys() -> None:
    keys = default_keys(VARIANTS["slap-like-an-egyptian"])
    assert keys(0).count("/") == 2  # flip, left-hand slap, right-hand slap
    assert default_keys(VARIANTS["classic"])(0).count("/") == 1


def test_prerender_has_every_game_and_a_seat_layout_for_every_table() -> None:
    parts = prerender()
    games = Elements(game_parts())
    templates = {a["id"] for tag, a in games.tags if tag == "template"}
    assert templates == {f"setup-template-{v}" for v in VARIANTS}
    for variant in VARIANTS:  # each game's own house rules, at its default table
        config, _ = parse_query(f"variant={variant}")
        assert rules_body(VARIANTS[variant], config.players, {}) in game_parts()
    page = Elements(parts["seat-skeleton"])
    skeleton = page.find(id="seat-skeleton")[0]
    layouts = json.loads(skeleton["data-layouts"] or "")
    for players in range(2, MAX_SEATS + 1):
        seats = sorted(s for region in layouts[str(players)].values() for s in region)
        assert seats == list(range(players))
    variants = Elements(parts["variants"]).find()
    assert [a["value"] for a in variants] == list(VARIANTS)
    for option, variant in zip(variants, VARIANTS.values(), strict=True):
        assert int(option["data-min"] or 0) <= int(option["data-players"] or 0) \
            <= int(option["data-max"] or 0) == variant.max_players


def test_the_default_form_is_what_the_page_draws_for_a_new_visitor() -> None:
    parts = prerender()
    config, _ = parse_query("")
    drawn = form_parts(config, default_keys(VARIANTS[config.variant]), MAX_SEATS)
    for element_id, markup in drawn.items():
        assert parts[f"part:{element_id}"] == markup


def test_the_form_before_python_shows_the_same_labels_in_seconds() -> None:
    """The markup the build writes (index.html, each game's template for
    web/boot/setup_early.js) is the page's own: times in seconds, no rule text's file number,
    and the summary that says a won pile waits for its winner's flip."""
    parts = prerender()
    body = Elements(parts["part:setup-rules-body"])
    grace = body.find(id="rule-grace_ms")[0]
    assert (grace["value"], grace["min"], grace["max"], grace["step"], grace["inputmode"]) == (
        "0.15", "0", "2", "0.05", "decimal")
    assert "Grace after a pile is won (seconds)" in body.text
    assert body.find(id="rule-penalty_count")[0]["inputmode"] == "numeric"
    assert "waits for its winner to flip to collect it" in parts["part:setup-summary"]
    templates = game_parts()
    burn = Elements(templates).find(id="rule-burn_ms")[0]
    assert (burn["value"], burn["min"], burn["max"], burn["step"]) == ("4", "0.5", "30", "0.5")
    for markup in (templates, *parts.values()):
        page = Elements(markup)
        words = " ".join(page.text) + " ".join(
            str(a.get("title") or "") for _, a in page.tags)
        assert not re.search(r"\b00[0-9]\b", words)
        assert "(ms)" not in words and "claimed with the flip key" not in words


# --------------------------------------------------------------------------- the build


def fake_site(site: Path) -> Path:
    """A site folder with the files the page downloads early, 10 bytes each."""
    for url in (*sitebuild.EARLY_FETCHES, *sitebuild.LATER_FETCHES, *sitebuild.EARLY_MODULES):
        (site / url).parent.mkdir(parents=True, exist_ok=True)
        (site / url).write_bytes(b"x" * 10)
    return site


def test_the_built_page_has_every_marker_filled(tmp_path: Path) -> None:
    text = sitebuild.render_index(fake_site(tmp_path))
    assert "<!--prerender:" not in text
    page = Elements(text)
    loader = page.find(src="web/boot/loader.js")[0]
    listed = json.loads(loader["data-downloads"] or "")
    assert {(url, how) for url, _, how in listed} == {
        *((url, "fetch") for url in sitebuild.EARLY_FETCHES),
        *((url, "later") for url in sitebuild.LATER_FETCHES),
        *((url, "module") for url in sitebuild.EARLY_MODULES)}
    # Our modules wait for the runtime (Python needs them only once it has started).
    assert sitebuild.APP_ZIP in sitebuild.LATER_FETCHES
    assert all(size == 10 for _, size, _ in listed)
    preloads = {a["href"] for a in page.find(rel="modulepreload")}
    assert preloads == set(sitebuild.EARLY_MODULES)
    assert page.find(id="seat-skeleton")
    # The default table's four seats are in the form, shown; the other rows wait hidden.
    rows = [a for _, a in page.tags if a.get("class") == "seat-row" and a.get("data-seat-row")]
    shown = [a for a in rows if "hidden" not in a]
    assert len(shown) >= 4


def test_the_site_starts_python_with_its_own_standard_library_when_there_is_one(
        tmp_path: Path) -> None:
    """With the build's compiled standard library, the loader fetches it in place of
    Pyodide's, the site's web/boot/pyodide_boot.mjs (which the page, its snapshot's worker and the
    statistics lab's worker all start Python with) names it, and Pyodide's own is not served;
    without one, Pyodide's, as the repository has it."""
    site = fake_site(tmp_path)
    (site / "stdlib-0123456789ab.zip").write_bytes(b"y" * 20)
    loader = Elements(sitebuild.render_index(site, "stdlib-0123456789ab.zip")).find(
        src="web/boot/loader.js")[0]
    listed = json.loads(loader["data-downloads"] or "")
    assert ["stdlib-0123456789ab.zip", 20, "fetch"] in listed
    assert sitebuild.PYODIDE_STDLIB not in {url for url, _, _ in listed}
    plain = Elements(sitebuild.render_index(site)).find(src="web/boot/loader.js")[0]
    assert sitebuild.PYODIDE_STDLIB in {url for url, _, _ in json.loads(
        plain["data-downloads"] or "")}

    source = (ROOT / sitebuild.BOOT).read_text(encoding="utf-8")
    assert sitebuild.BOOT_PLACEHOLDER in source
    named = sitebuild.boot_module("stdlib-0123456789ab.zip")
    assert named == source.replace(sitebuild.BOOT_PLACEHOLDER,
                                   'const STDLIB_FILE = "stdlib-0123456789ab.zip";')
    assert sitebuild.boot_module() == source

    served = sitebuild.site_sources(own_stdlib=True)
    assert sitebuild.PYODIDE_STDLIB not in served and "runtime/pyodide/pyodide.mjs" in served
    assert sitebuild.PYODIDE_STDLIB in sitebuild.site_sources()
    assert sitebuild.BOOT not in served  # written by the build, never copied as it is


def test_the_standard_library_the_page_starts_with_is_compiled() -> None:
    """Every module of scripts/stdlib_startup.txt is bytecode made by the site's own Python
    3.14 (no source), every other module of Pyodide's library is there as it was, and the
    same inputs give the same bytes (and so the same name)."""
    data = sitebuild.stdlib_zip()
    if data is None:
        pytest.skip("Node cannot run Pyodide here (the page then uses Pyodide's own library)")
    assert sitebuild.stdlib_zip() == data
    modules = sitebuild.stdlib_startup()
    assert {"asyncio", "dataclasses", "typing", "_pyodide._base"} <= set(modules)
    original = sitebuild.NODE_MODULES / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(io.BytesIO(data)) as built:
        before, after = set(source.namelist()), set(built.namelist())
        compiled = {name for name in before if name.endswith(".py") and (
            name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") in modules)}
        assert len(compiled) == len(modules)
        assert after == (before - compiled) | {name + "c" for name in compiled}
        code = built.read("asyncio/__init__.pyc")
        assert code[2:4] == b"\r\n" and int.from_bytes(code[4:8], "little") == 0b01
        assert built.read("tarfile.py") == source.read("tarfile.py")  # not in the list: as it was
    assert re.fullmatch(r"stdlib-[0-9a-f]{12}\.zip", sitebuild.stdlib_name(data))


def test_a_missing_marker_stops_the_build(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    parts = {**prerender(), "part:nowhere": "<b>lost</b>"}
    monkeypatch.setattr(sitebuild.page, "prerendered", lambda: parts)
    with pytest.raises(sitebuild.SiteError, match="nowhere"):
        sitebuild.render_index(fake_site(tmp_path))


def test_our_python_is_one_zip_the_same_for_the_same_sources() -> None:
    data = sitebuild.app_zip()
    assert data == sitebuild.app_zip()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        # Each module as its bytecode alone, made by the site's own Pyodide (Python 3.14), at
        # the module's own path (a sourceless .pyc): the page imports without compiling, and
        # downloads no source.
        names = archive.namelist()
        assert names == sorted([f"{name.removesuffix('.py')}.pyc"
                                for name in sitebuild.python_sources()]
                               + sitebuild.appzip.data_files())
        # And the engine's data files as they are (a game's lesson, read from the zip).
        assert "ratscrew/variants/kurs.lesson.toml" in names
        assert archive.read("ratscrew/variants/kurs.lesson.toml") == (
            sitebuild.ROOT / "ratscrew/variants/kurs.lesson.toml").read_bytes()
        code = archive.read("ratscrew/core/engine.pyc")
        assert code[2:4] == b"\r\n"  # a .pyc's magic number
        assert int.from_bytes(code[4:8], "little") == 0b01  # hash-based, unchecked
        assert b"def " not in code and b"class Game(" not in code  # no source inside
    config = sitebuild.site_config()
    table = config.partition("\n[files]\n")[2]
    # Written as it is, not unpacked: Python imports from the zip (web/boot/main.py).
    assert table.strip() == f'"./{sitebuild.APP_ZIP}" = "./{sitebuild.APP_ZIP}"'
    assert re.search(r'^interpreter = "\./web/boot/pyodide_boot\.mjs"$', config, re.M)


def test_without_node_the_zip_has_sources_only(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    def no_node(*args: object, **kwargs: object) -> None:
        raise FileNotFoundError("node")

    monkeypatch.setattr(sitebuild.appzip, "PYC_CACHE", tmp_path)
    monkeypatch.setattr(sitebuild.appzip.subprocess, "run", no_node)
    with zipfile.ZipFile(io.BytesIO(sitebuild.app_zip())) as archive:
        assert archive.namelist() == sorted(sitebuild.python_sources()
                                            + sitebuild.appzip.data_files())
