"""Checks on the page's stylesheets (web/**/*.css), in CPython, without a browser.

- web/shell/style.css declares the cascade layers and imports the page's component files, in
  layer order; every stylesheet under web/ is either imported there (bundled into the page's
  one stylesheet by scripts/build) or linked by a tool when it opens, never both;
- each component file is one ``@layer`` block, of its folder's layer; a variant's styles are a
  file of its web part's folder (``web/table/parts/NAME/NAME.css``), plain rules, which the
  build adds in the ``parts`` layer;
- every class and id in a selector is in the page's markup or code (a rule that names one
  that nothing makes matches nothing);
- colours are written in one place, base.css's ``:root``: everywhere else, ``var(--...)``;
- every width and height in an ``@media`` query is a breakpoint of base.css's table;
- a selector's rules are in one place per file and media condition;
- sides are logical (``margin-inline-start``, ``inset-inline-end``, ``text-align: start``...),
  so that a page written right to left (``<html dir="rtl">``) is the mirror of the page: a
  physical left or right only where the side is physical, each with its reason
  (:data:`PHYSICAL_SIDES`);
- the bundle is the same bytes for the same files, and the site serves none of its parts.
"""

from __future__ import annotations

import posixpath
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import sitebuild  # noqa: E402

WEB = ROOT / "web"
MANIFEST = ROOT / sitebuild.STYLESHEET
BASE = WEB / "shell" / "base.css"
TOKENS = WEB / "shell" / "tokens.css"

FOLDER_LAYERS = {"web/boot": "shell", "web/shell": "shell", "web/table": "table",
                 "web/table/pieces": "table", "web/phones": "tools"}
"""The layer of each folder's files (base.css and tokens.css: ``base``; under web/tools/:
``tools``)."""
PAGES = {WEB / "seat" / "seat.css": (WEB / "seat" / "index.html", "seat")}
"""Stylesheets of pages of their own (not the game's page): the page that links each, and its
one layer. Such a page has no base.css (the site serves the game's styles only as one
bundle): it links the game's tokens.css, and declares no token of its own."""


# --------------------------------------------------------------------------- a small parser


@dataclass
class Block:
    """A rule (``prelude { body }``, or ``prelude;`` for a statement such as ``@import``):
    a style rule has its declarations in ``body``; a grouping rule (``@media``, ``@layer``,
    ``@container``) its rules in ``children``; ``@keyframes`` keeps its text in ``body``."""

    prelude: str
    body: str | None = None
    children: list[Block] = field(default_factory=list)

    @property
    def at(self) -> str:
        return self.prelude.split()[0][1:] if self.prelude.startswith("@") else ""


def without_comments(text: str) -> str:
    """``text`` without its comments (strings kept as they are)."""
    out, i = [], 0
    while i < len(text):
        if text[i] in "\"'":
            end = text.index(text[i], i + 1)
            out.append(text[i:end + 1])
            i = end + 1
        elif text.startswith("/*", i):
            i = text.index("*/", i + 2) + 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _until(text: str, i: int, stops: str) -> int:
    """The index of the first of ``stops`` at ``i`` or after, outside strings and brackets."""
    depth = 0
    while i < len(text):
        char = text[i]
        if char in "\"'":
            i = text.index(char, i + 1)
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif depth == 0 and char in stops:
            return i
        i += 1
    return i


def _blocks(text: str, i: int, top: bool) -> tuple[list[Block], int]:
    blocks: list[Block] = []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            assert top, "a block is not closed"
            return blocks, i
        if text[i] == "}":
            assert not top, "a } closes nothing"
            return blocks, i + 1
        end = _until(text, i, "{;}")
        prelude = " ".join(text[i:end].split())
        if end >= len(text) or text[end] != "{":
            assert end < len(text) and text[end] == ";", f"no block after {prelude!r}"
            blocks.append(Block(prelude))
            i = end + 1
        elif prelude.split()[0] in ("@media", "@layer", "@container", "@supports"):
            children, i = _blocks(text, end + 1, top=False)
            blocks.append(Block(prelude, children=children))
        elif prelude.startswith("@"):  # @keyframes: its text, whole
            depth, j = 0, end
            while True:
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                if depth == 0:
                    break
                j += 1
            blocks.append(Block(prelude, body=text[end + 1:j]))
            i = j + 1
        else:
            close = _until(text, end + 1, "{}")
            assert text[close] == "}", f"a rule inside {prelude!r}: nesting is not used here"
            blocks.append(Block(prelude, body=text[end + 1:close]))
            i = close + 1


def parse(text: str) -> list[Block]:
    return _blocks(without_comments(text), 0, top=True)[0]


def style_rules(blocks: list[Block], media: tuple[str, ...] = ()
                ) -> Iterator[tuple[tuple[str, ...], Block]]:
    """Every style rule, with the grouping rules' conditions around it."""
    for block in blocks:
        if block.children or block.at in ("media", "layer", "container", "supports"):
            inner = media if block.at == "layer" else (*media, block.prelude)
            yield from style_rules(block.children, inner)
        elif not block.at:
            yield media, block


def declarations(body: str) -> list[tuple[str, str]]:
    out = []
    start = 0
    while start < len(body):
        end = _until(body, start, ";")
        text = body[start:end].strip()
        if text:
            name, _, value = text.partition(":")
            out.append((name.strip(), " ".join(value.split())))
        start = end + 1
    return out


def selectors(prelude: str) -> list[str]:
    parts, start = [], 0
    while start <= len(prelude):
        end = _until(prelude, start, ",")
        parts.append(prelude[start:end].strip())
        start = end + 1
    return parts


# --------------------------------------------------------------------------- the files


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def part_sheets() -> list[Path]:
    """The variants' web parts' styles (their rules in no layer: the build puts them in the
    ``parts`` layer)."""
    return [ROOT / name for name in sitebuild.part_stylesheets(ROOT)]


def css_files() -> list[Path]:
    """Every stylesheet under web/ but the web parts' (:func:`part_sheets`)."""
    parts = set(part_sheets())
    return sorted(path for path in WEB.rglob("*.css") if path not in parts)


@dataclass(frozen=True)
class Sheet:
    """Styles of the page: a file under web/ (a variant's web part's text then wrapped in the
    ``parts`` layer, as the build bundles it)."""

    name: str
    text: str
    path: Path | None = None

    @property
    def blocks(self) -> list[Block]:
        return parse(self.text)


def sheets() -> list[Sheet]:
    """Every file's styles and every variant's web part's."""
    files = [Sheet(rel(path), path.read_text(encoding="utf-8"), path) for path in css_files()]
    parts = [Sheet(rel(path), f"@layer parts {{\n{path.read_text(encoding='utf-8')}\n}}\n", path)
             for path in part_sheets()]
    return files + parts


def sheet_id(sheet: Sheet) -> str:
    return sheet.name


def components() -> list[Path]:
    """Every stylesheet under web/ but the page's list of them."""
    return [path for path in css_files() if path != MANIFEST]


def tool_sheets() -> set[str]:
    """Stylesheets a tool links when it opens: paths named in the page's Python."""
    named: set[str] = set()
    for path in WEB.rglob("*.py"):
        named.update(re.findall(r"[\"'](web/[\w/.-]+\.css)[\"']", path.read_text(encoding="utf-8")))
    return named


def declared_layers() -> list[str]:
    statement = [block for block in parse(MANIFEST.read_text(encoding="utf-8"))
                 if block.at == "layer" and block.body is None and not block.children]
    assert len(statement) == 1, f"{rel(MANIFEST)} declares the layers' order once"
    return [name.strip() for name in statement[0].prelude.removeprefix("@layer").split(",")]


def test_the_page_links_one_stylesheet_of_its_own() -> None:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', html)
    assert [href for href in links if not href.startswith("runtime/")] == [sitebuild.STYLESHEET]


def test_the_list_declares_the_layers_then_imports_then_one_rule() -> None:
    blocks = parse(MANIFEST.read_text(encoding="utf-8"))
    kinds = [("layer" if block.at == "layer" else "import" if block.at == "import" else "rule")
             for block in blocks]
    assert kinds[0] == "layer" and set(kinds[1:-1]) == {"import"} and kinds[-1] == "rule"
    assert blocks[-1].prelude == "[hidden]", "the one rule outside every layer"
    assert declared_layers() == ["base", "shell", "table", "parts", "tools"]


def test_every_stylesheet_is_bundled_or_linked_by_its_tool() -> None:
    bundled = sitebuild.stylesheet_parts()
    assert len(bundled) == len(set(bundled)), "a file is imported twice"
    for name in bundled:
        assert (ROOT / name).is_file(), f"{rel(MANIFEST)} imports {name}, which does not exist"
    linked = tool_sheets()
    for name in linked:
        assert (ROOT / name).is_file(), f"the code links {name}, which does not exist"
    assert not set(bundled) & linked, "a tool's own sheet is in the page's bundle too"
    for path, (page, _) in PAGES.items():
        assert f'href="{path.name}"' in page.read_text(encoding="utf-8"), rel(page)
    pages = {rel(path) for path in PAGES}
    unlisted = {rel(path) for path in components()} - set(bundled) - linked - pages
    assert not unlisted, (f"stylesheets neither imported by {rel(MANIFEST)} nor linked by a "
                          f"tool: {sorted(unlisted)}")


def test_bundle_order_follows_the_layers() -> None:
    order = declared_layers()
    ranks = [order.index(layer_of(ROOT / name)) for name in sitebuild.stylesheet_parts()]
    assert ranks == sorted(ranks), "import the files in the order of their layers"


def layer_of(path: Path) -> str:
    """The one layer a component file's rules are in (it is nothing but one @layer block)."""
    blocks = parse(path.read_text(encoding="utf-8"))
    assert len(blocks) == 1 and blocks[0].at == "layer" and blocks[0].children, (
        f"{rel(path)}: everything in one @layer NAME {{ ... }} block")
    name = blocks[0].prelude.removeprefix("@layer").strip()
    assert re.fullmatch(r"[a-z]+", name), f"{rel(path)}: one layer, named ({name!r})"
    return name


@pytest.mark.parametrize("path", components(), ids=rel)
def test_each_component_file_is_in_one_layer_of_its_folder(path: Path) -> None:
    folder = path.parent.relative_to(ROOT).as_posix()
    if path in PAGES:
        assert layer_of(path) == PAGES[path][1]
        return
    want = ("base" if path in (BASE, TOKENS) else "tools" if folder.startswith("web/tools")
            else FOLDER_LAYERS[folder])
    assert layer_of(path) == want
    assert want in declared_layers()


# --------------------------------------------------------------------------- classes and ids

NAME = r"-?[_a-zA-Z][-_a-zA-Z0-9]*"


def markup_and_code() -> str:
    """The pages' markup and code: index.html, web/**/*.py, *.js, *.mjs, *.html, and the markup
    web/model/setup_html.py renders (as the build does)."""
    texts = [(ROOT / "index.html").read_text(encoding="utf-8")]
    for pattern in ("*.py", "*.js", "*.mjs", "*.html"):
        texts += [path.read_text(encoding="utf-8") for path in sorted(WEB.rglob(pattern))]
    setup_html = sitebuild.setup_html()
    texts += [*setup_html.prerender().values(), setup_html.game_parts()]
    return "\n".join(texts)


def engine_strings() -> set[str]:
    """String literals of the engine and the page's Python: the values that fill a class
    made from a template (``f"suit-{card.suit}"``, ``mark-{kind}``)."""
    found: set[str] = set()
    for folder in ("ratscrew", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            found.update(re.findall(r"[\"']([-\w]+)[\"']", path.read_text(encoding="utf-8")))
    return found


def selector_names(kind: str) -> dict[str, str]:
    """Every class (``kind`` ".") or id ("#") in a selector, with a file that uses it."""
    names: dict[str, str] = {}
    for sheet in sheets():
        for _media, rule in style_rules(sheet.blocks):
            text = re.sub(r"\[[^\]]*\]", "", rule.prelude)  # attribute values are not names
            for name in re.findall(re.escape(kind) + f"({NAME})", text):
                names.setdefault(name, sheet.name)
    return names


@dataclass
class Code:
    """The words of the page's markup and code (runs of letters, digits, _ and -), and the
    prefixes of its templates (``prefix-{...}`` in Python, ``prefix-${...}`` in JavaScript)."""

    words: set[str]
    templates: set[str]

    @classmethod
    def of(cls, text: str) -> Code:
        return cls(set(re.findall(r"[-\w]+", text)), set(re.findall(r"([-\w]+-)\$?\{", text)))

    def makes(self, name: str, values: set[str]) -> bool:
        """``name`` is a word of the code, or a template's prefix and then a value the code
        has (or a number)."""
        if name in self.words:
            return True
        return any(name[:i + 1] in self.templates and (name[i + 1:] in values
                                                       or name[i + 1:].isdigit())
                   for i, char in enumerate(name) if char == "-")


@pytest.fixture(scope="module")
def code() -> Code:
    return Code.of(markup_and_code())


def test_every_class_in_a_selector_is_made_by_the_page(code: Code) -> None:
    values = engine_strings()
    unused = {name: where for name, where in selector_names(".").items()
              if not code.makes(name, values)}
    assert not unused, f"classes nothing makes (their rules match nothing): {unused}"


def test_every_id_in_a_selector_is_in_the_page(code: Code) -> None:
    unused = {name: where for name, where in selector_names("#").items()
              if not code.makes(name, set())}
    assert not unused, f"ids nothing makes: {unused}"


# --------------------------------------------------------------------------- colours

NAMED_COLOURS = frozenset((
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
    "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
    "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan",
    "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta",
    "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
    "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
    "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen",
    "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
    "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
    "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan",
    "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
    "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue",
    "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
    "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue",
    "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream",
    "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
    "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
    "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
    "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell",
    "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen",
    "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white",
    "whitesmoke", "yellow", "yellowgreen",
))
COLOUR_FUNCTION = re.compile(r"(?<![-\w])(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\(",
                             re.IGNORECASE)
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}(?![-\w])")


def colour_literals(value: str) -> list[str]:
    """The colours written out in a declaration's value (not through var())."""
    value = re.sub(r"\"[^\"]*\"|'[^']*'", "", value)
    value = re.sub(rf"var\(\s*--{NAME}", "var(", value)
    found = HEX_COLOUR.findall(value) + [m.group(0) for m in COLOUR_FUNCTION.finditer(value)]
    words = re.findall(r"(?<![-\w])([a-zA-Z]+)(?![-\w(])", value)
    return found + [word for word in words if word.lower() in NAMED_COLOURS]


def keyframes_declarations(body: str) -> list[tuple[str, str]]:
    return [pair for inner in re.findall(r"\{([^{}]*)\}", body) for pair in declarations(inner)]


def test_colours_are_written_only_in_the_base_files_root() -> None:
    found: list[str] = []
    for sheet in sheets():
        blocks = sheet.blocks
        for media, rule in style_rules(blocks):
            if sheet.path == TOKENS and rule.prelude == ":root" and not media:
                continue  # the tokens
            for name, value in declarations(rule.body or ""):
                found += [f"{sheet.name}: {rule.prelude} {{ {name}: {value} }}"
                          for _ in colour_literals(value)]
        for block in _all(blocks):
            if block.at == "keyframes":
                for name, value in keyframes_declarations(block.body or ""):
                    found += [f"{sheet.name}: {block.prelude} {name}: {value}"
                              for _ in colour_literals(value)]
    assert not found, "colours outside tokens.css's :root (use a var(--...)):\n" + "\n".join(found)


def _all(blocks: list[Block]) -> Iterator[Block]:
    for block in blocks:
        yield block
        yield from _all(block.children)


def test_the_root_is_declared_once_and_only_in_the_base_file() -> None:
    for sheet in sheets():
        roots = [media for media, rule in style_rules(sheet.blocks)
                 if ":root" in selectors(rule.prelude)]
        if sheet.path == BASE:
            assert roots.count(()) == 1, "one :root outside @media, with every shared size"
        elif sheet.path in (TOKENS, *PAGES):
            assert roots == [()], f"{sheet.name}: one :root outside @media"
        else:
            assert not roots, f"{sheet.name}: tokens belong in tokens.css's or base.css's :root"


def test_colour_tokens_are_all_used() -> None:
    tokens = [*root_tokens(TOKENS), *root_tokens(BASE)]
    text = "".join(without_comments(sheet.text) for sheet in sheets())
    unused = [name for name in tokens if f"var({name})" not in text]
    assert not unused, f"tokens nothing uses: {unused}"


# --------------------------------------------------------------------------- breakpoints

MEDIA_SIZE = re.compile(r"\(\s*((?:min|max)-(?:width|height))\s*:\s*([\d.]+px)\s*\)")


def documented_breakpoints() -> set[tuple[str, str]]:
    """The (feature, value) pairs of base.css's table of breakpoints (its comment that
    starts with "Breakpoints.")."""
    text = BASE.read_text(encoding="utf-8")
    comment = next(c for c in re.findall(r"/\*.*?\*/", text, re.DOTALL) if "Breakpoints." in c)
    table = comment[comment.index("Breakpoints."):]
    pairs = {(feature, value) for feature, value in
             re.findall(r"((?:min|max)-(?:width|height)):\s*([\d.]+px)", table)}
    assert pairs, "base.css has no table of breakpoints"
    return pairs


def test_media_queries_use_the_documented_breakpoints() -> None:
    documented = documented_breakpoints()
    used: set[tuple[str, str]] = set()
    for sheet in sheets():
        for block in _all(sheet.blocks):
            if block.at != "media":
                continue
            for feature, value in MEDIA_SIZE.findall(block.prelude):
                assert (feature, value) in documented, (
                    f"{sheet.name}: {block.prelude}: {feature}: {value} is not in "
                    "base.css's table of breakpoints")
                used.add((feature, value))
    assert used == documented, f"documented but unused: {documented - used}"


# --------------------------------------------------------------------------- one place a rule


@pytest.mark.parametrize("sheet", sheets(), ids=sheet_id)
def test_no_selector_is_reopened(sheet: Sheet) -> None:
    seen: dict[tuple[tuple[str, ...], str], int] = {}
    for media, rule in style_rules(sheet.blocks):
        key = (media, ", ".join(sorted(selectors(rule.prelude))))
        seen[key] = seen.get(key, 0) + 1
    again = [f"{' '.join(media)} {prelude}" for (media, prelude), n in seen.items() if n > 1]
    assert not again, f"rules written twice (merge them): {again}"


@pytest.mark.parametrize("sheet", sheets(), ids=sheet_id)
def test_no_property_is_declared_twice_in_a_rule(sheet: Sheet) -> None:
    for _media, rule in style_rules(sheet.blocks):
        names = [name for name, _ in declarations(rule.body or "")]
        assert len(names) == len(set(names)), f"{sheet.name}: {rule.prelude}: {names}"


# --------------------------------------------------------------------------- sides

PHYSICAL_SIDES = {
    ("web/seat/seat.css", "#seat-main", "padding"):
        "the phone's safe areas, env(safe-area-inset-left) and -right: a notch is where it is",
    ("web/seat/seat.css", "#play-pile-cards .card", "left"):
        "the pile is fanned left to right in every language, as the table's (its translate) "
        "and with its tilt (a rotate): mirrored, the tilts would lean the wrong way",
    ("web/seat/seat.css", "#play-more", "left"):
        "centred: left: 50%, then a translate of -50% back (a translate is physical: "
        "inset-inline-start would be off the middle right to left)",
    ("web/table/cards.css", ".card .tag", "left"):
        "centred: left: 50%, then a translateX(-50%) back (as #play-more)",
    ("web/table/cards.css", ".card .corner.tl", "left"):
        "a card's indices are printed: top left, and upside down (rotated) bottom right",
    ("web/table/cards.css", ".card .corner.br", "right"):
        "a card's indices are printed: top left, and upside down (rotated) bottom right",
    ("web/table/pieces/finale.css", ".finale .card", "margin"):
        "finale.py puts the card's middle at a left and top measured on screen: the negative "
        "margins that centre it pair with that left",
    ("web/boot/boot.css", ".boot-bar > span", "transform-origin"):
        "a transform's origin has no logical side: .boot-bar > span:dir(rtl) grows the bar "
        "from the right",
}
"""Where a style names a physical left or right, and why: (file, selector, property) and the
reason. Anywhere else a side is logical, so that right to left the page is mirrored (a rule
of one direction, ``:dir(rtl)`` or ``:dir(ltr)``, names its sides as it needs)."""

BOX_SHORTHANDS = frozenset(("margin", "padding", "inset", "scroll-margin", "scroll-padding",
                            "border-width", "border-style", "border-color"))
"""Shorthands of four sides (top, right, bottom, left): physical when right and left differ."""
SIDE_KEYWORDS = frozenset(("text-align", "text-align-last", "float", "clear"))
"""Properties whose value is a side (``left``: ``start``; ``right``: ``end``, ``inline-end``)."""
POSITIONS = frozenset(("transform-origin", "perspective-origin", "background-position",
                       "background-position-x", "object-position", "mask-position"))
"""Properties of a position, physical when it says left or right."""
PHYSICAL_NAME = re.compile(r"left|right|(?:margin|padding|scroll-margin|scroll-padding)-"
                           r"(?:left|right)|border-(?:left|right)(?:-(?:width|style|color))?|"
                           r"border-(?:top|bottom)-(?:left|right)-radius")


def value_parts(value: str, stop: str = " ") -> list[str]:
    """A value split at ``stop`` outside brackets (``calc(50% - 1rem)`` is one part)."""
    parts, start = [], 0
    while start < len(value):
        end = _until(value, start, stop)
        if value[start:end].strip():
            parts.append(value[start:end].strip())
        start = end + 1
    return parts


def physical_side(name: str, value: str) -> bool:
    """A declaration names a physical left or right, or gives the two sides values that would
    change places right to left."""
    name = name.lower()
    value = re.sub(r"\s*!important$", "", value.lower())
    if PHYSICAL_NAME.fullmatch(name):
        return True
    if name in SIDE_KEYWORDS:
        return value in ("left", "right")
    if name in POSITIONS:
        return bool(re.search(r"(?<![-\w])(?:left|right)(?![-\w])", value))
    if name in BOX_SHORTHANDS:
        parts = value_parts(value)
        return len(parts) == 4 and parts[1] != parts[3]
    if name == "border-radius":  # top-left, top-right, bottom-right, bottom-left
        for radii in value_parts(value, "/"):
            parts = value_parts(radii)
            corners = (parts * 4)[:4] if len(parts) < 3 else [*parts, parts[1]][:4]
            if corners[0] != corners[1] or corners[2] != corners[3]:
                return True
    return False


def physical_sides(among: list[Sheet]) -> dict[tuple[str, str, str], str]:
    """Every (file, selector or ``@keyframes``, property) of ``among`` that names a physical
    side (:func:`physical_side`), with its declaration; the rules of one direction
    (``:dir()``) aside."""
    found: dict[tuple[str, str, str], str] = {}
    for sheet in among:
        blocks = sheet.blocks
        places = [(rule.prelude, declarations(rule.body or ""))
                  for _media, rule in style_rules(blocks) if ":dir(" not in rule.prelude]
        places += [(block.prelude, keyframes_declarations(block.body or ""))
                   for block in _all(blocks) if block.at == "keyframes"]
        for where, pairs in places:
            for name, value in pairs:
                if physical_side(name, value):
                    found.setdefault((sheet.name, where, name), f"{name}: {value}")
    return found


def test_sides_are_logical_where_they_are_not_physical() -> None:
    found = physical_sides(sheets())
    unexplained = [f"{name}: {where} {{ {text} }}"
                   for (name, where, prop), text in found.items()
                   if (name, where, prop) not in PHYSICAL_SIDES]
    assert not unexplained, (
        "physical sides (right to left they stay where they are; write margin-inline-start, "
        "padding-inline-end, border-inline-start, inset-inline-start, text-align: start, "
        "margin-inline: A B..., or add the place and its reason to PHYSICAL_SIDES):\n"
        + "\n".join(unexplained))
    gone = sorted(set(PHYSICAL_SIDES) - set(found))
    assert not gone, f"PHYSICAL_SIDES names places that no longer are: {gone}"
    assert all(reason.strip() for reason in PHYSICAL_SIDES.values())


@pytest.mark.parametrize(("name", "value"), [
    ("margin-left", "auto"), ("MARGIN-RIGHT", "0 !important"), ("padding-left", "1rem"),
    ("border-left", "3px solid var(--accent)"), ("border-right-color", "transparent"),
    ("left", "0"), ("right", "calc(50% - 1rem)"), ("border-top-left-radius", "4px"),
    ("scroll-padding-right", "1rem"), ("text-align", "left"), ("float", "right"),
    ("margin", "0 auto 0 0"), ("padding", "0.3rem 0 0.3rem calc(1rem + 2px)"),
    ("inset", "0 auto 0 0"), ("border-width", "0 0 0 1px"), ("transform-origin", "left center"),
    ("background-position", "right 1rem top"), ("border-radius", "4px 0 0 4px"),
    ("border-radius", "4px 0"), ("border-radius", "0 / 2px 0 0 2px"),
])
def test_a_physical_side_is_found(name: str, value: str) -> None:
    assert physical_side(name, value)
    sheet = Sheet("web/x.css", f"@layer shell {{\n  .x {{\n    {name}: {value};\n  }}\n}}\n")
    assert physical_sides([sheet]) == {("web/x.css", ".x", name): f"{name}: {value}"}


@pytest.mark.parametrize(("name", "value"), [
    ("margin-inline-start", "auto"), ("padding-inline", "0.45em 0.2em"),
    ("border-inline-start", "3px solid var(--accent)"), ("inset-inline-end", "0.75rem"),
    ("inset-inline", "0"), ("border-start-start-radius", "4px"), ("text-align", "start"),
    ("text-align", "center"), ("float", "inline-end"), ("margin", "0 auto"),
    ("margin", "1px 2px 3px 2px"), ("padding", "0 calc(1rem - 2px) 0 calc(1rem - 2px)"),
    ("padding", "0 1rem 0.5rem"), ("inset", "24% 5%"), ("border-radius", "999px"),
    ("border-radius", "4px 4px 0 0"), ("transform-origin", "center"), ("translate", "-50% 0"),
    ("grid-area", "left"), ("top", "0"),
])
def test_a_logical_side_is_not(name: str, value: str) -> None:
    assert not physical_side(name, value)


def test_a_rule_of_one_direction_names_its_sides() -> None:
    text = "@layer shell {\n  .x:dir(rtl) {\n    transform-origin: right center;\n  }\n}\n"
    assert not physical_sides([Sheet("web/x.css", text)])


# --------------------------------------------------------------------------- the bundle


def test_the_bundle_is_stable_and_holds_every_part_in_order() -> None:
    bundle = sitebuild.stylesheet_bundle()
    assert bundle == sitebuild.stylesheet_bundle()
    text = bundle.decode()
    assert "@import" not in without_comments(text)
    assert without_comments(text).lstrip().startswith("@layer base, shell, table, parts, tools;")
    assert parse(text)[-1].prelude == "[hidden]", "the manifest's own rule, after the files"
    places = [text.index(f"/* {name} */\n") for name in sitebuild.stylesheet_parts()]
    assert places == sorted(places)
    for name in sitebuild.stylesheet_parts():
        assert sitebuild.compact_css((ROOT / name).read_text(encoding="utf-8")) in text


def test_the_bundle_holds_each_variants_styles_in_the_parts_layer() -> None:
    sheets = part_sheets()
    assert sheets, "the variants' parts have styles"
    text = sitebuild.stylesheet_bundle().decode()
    places = []
    for path in sheets:
        css = sitebuild.compact_css(path.read_text(encoding="utf-8"))
        block = f"/* {rel(path)} */\n@layer parts {{\n{css}}}\n"
        assert block in text
        places.append(text.index(block))
        assert text.index(css) < text.rindex("[hidden] {"), "before the manifest's own rule"
    assert places == sorted(places)
    assert text.index(f"/* {sitebuild.stylesheet_parts()[-1]} */") < places[0]


def test_a_variants_styles_are_its_folders_one_file(tmp_path: Path) -> None:
    assert [rel(path) for path in part_sheets()] == sorted(
        rel(path) for path in (WEB / "table" / "parts").rglob("*.css"))
    for path in part_sheets():
        assert path.stem == path.parent.name and (path.parent / "__init__.py").is_file()
    stray = tmp_path / sitebuild.PARTS / "snap" / "extra.css"
    stray.parent.mkdir(parents=True)
    stray.write_text(".snap { margin: 0; }\n", encoding="utf-8")
    with pytest.raises(sitebuild.SiteError, match=r"extra\.css"):
        sitebuild.part_stylesheets(tmp_path)


def test_compacting_keeps_strings_and_drops_comments() -> None:
    source = 'a {\n  content: "/* not a comment */"; /* a comment */\n\n  b: \'x\';\n}\n'
    assert sitebuild.compact_css(source) == 'a {\ncontent: "/* not a comment */";\nb: \'x\';\n}\n'


def test_the_site_serves_the_bundle_not_its_parts() -> None:
    served = sitebuild.site_sources()
    assert sitebuild.STYLESHEET in sitebuild.WRITTEN
    assert sitebuild.STYLESHEET not in served
    for name in sitebuild.stylesheet_parts():
        if name in sitebuild.SHARED_PARTS:  # a page of its own links it
            assert name in served
            assert any(f'href="{posixpath.relpath(name, rel(page.parent))}"'
                       in page.read_text(encoding="utf-8") for page, _ in PAGES.values())
        else:
            assert name not in served, f"{name} is in the bundle: it is not served by itself"
    for path in part_sheets():
        assert rel(path) not in served, f"{rel(path)} is in the bundle: it is not served"
    for name in tool_sheets():
        assert name in served, f"{name} is linked when its tool opens: it is served"


def root_tokens(path: Path) -> dict[str, str]:
    root = next(rule for media, rule in style_rules(parse(path.read_text(encoding="utf-8")))
                if rule.prelude == ":root" and not media)
    return {name: value for name, value in declarations(root.body or "") if name.startswith("--")}


@pytest.mark.parametrize("path", list(PAGES), ids=rel)
def test_a_page_of_its_own_uses_the_games_tokens_file(path: Path) -> None:
    page = PAGES[path][0]
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', page.read_text(encoding="utf-8"))
    tokens = posixpath.relpath(rel(TOKENS), rel(page.parent))
    assert links[0] == tokens, f"{rel(page)} links {rel(TOKENS)} first"
    assert rel(TOKENS) in sitebuild.SHARED_PARTS and rel(TOKENS) in sitebuild.stylesheet_parts()
    assert not root_tokens(path), f"{rel(path)}: its tokens are tokens.css's"
