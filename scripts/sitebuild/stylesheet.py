"""The page's stylesheet for the site: web/shell/style.css with the files it imports and the
variants' styles in one file, compact."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from . import layout
from .layout import PARTS, ROOT, STYLESHEET, SiteError

STYLESHEET_IMPORT = re.compile(r'^@import url\("([^"]+)"\);\n', re.MULTILINE)
CSS_STRING_OR_COMMENT = re.compile(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')"""  # a string: kept
                                   r"|/\*.*?\*/", re.DOTALL)


def stylesheet_parts() -> list[str]:
    """The files web/shell/style.css imports, in its order, as paths from the repository's
    top."""
    text = (ROOT / STYLESHEET).read_text(encoding="utf-8")
    folder = posixpath.dirname(STYLESHEET)
    return [posixpath.normpath(posixpath.join(folder, name))
            for name in STYLESHEET_IMPORT.findall(text)]


def compact_css(text: str) -> str:
    """``text`` without its comments, indentation and blank lines (strings kept as they are):
    the sources are where the stylesheet is read; the page needs only its rules."""
    text = CSS_STRING_OR_COMMENT.sub(lambda m: m.group(1) or "", text)
    lines = (line.strip() for line in text.splitlines())
    return "".join(f"{line}\n" for line in lines if line)


def stylesheet_bundle() -> bytes:
    """The page's stylesheet for the site: web/shell/style.css with each ``@import`` replaced by
    the file it names (headed by a comment with its path) and the variants' styles after the
    last of them (variant_styles), all of it compact (compact_css), the same bytes for the
    same files. The layers' order, declared before the imports, stays first: it, not the
    files' order, ranks the layers. A file may import nothing and load nothing by URL (a URL
    in a stylesheet is relative to the stylesheet, which the bundle moves)."""
    text = compact_css((ROOT / STYLESHEET).read_text(encoding="utf-8"))
    parts = iter(stylesheet_parts())

    def inline(_match: re.Match[str]) -> str:
        name = next(parts)
        body = compact_css((ROOT / name).read_text(encoding="utf-8"))
        if re.search(r"@import|url\(", body):
            raise SiteError(f"{name} imports or loads a file: the page's stylesheet cannot")
        return f"/* {name} */\n{body}"

    imports = list(STYLESHEET_IMPORT.finditer(text))
    if not imports:
        raise SiteError(f"{STYLESHEET} imports no file")
    end = imports[-1].end()
    bundle = STYLESHEET_IMPORT.sub(inline, text[:end]) + variant_styles() + text[end:]
    if "@import" in CSS_STRING_OR_COMMENT.sub("", bundle):
        raise SiteError(f'{STYLESHEET}: write each import as @import url("FILE"); on a line')
    head = (f"/* Written by scripts/build from {STYLESHEET}, the files it imports and the "
            "variants' web parts. */\n")
    return (head + bundle).encode()


def part_stylesheets(root: Path | None = None) -> list[str]:
    """The variants' web parts' styles, as paths from the top of ``root`` (the sources, by
    default: :data:`layout.SRC`): ``web/table/parts/NAME/NAME.css``, each beside its part's
    Python, in the names' order. Any other stylesheet there is an error: nothing would load
    it."""
    top = layout.SRC if root is None else root
    found = sorted((top / PARTS).glob("**/*.css"))
    names = [path.relative_to(top).as_posix() for path in found]
    for path, name in zip(found, names, strict=True):
        if path.parent.parent != top / PARTS or path.stem != path.parent.name:
            raise SiteError(f"{name}: a web part's styles are {PARTS}/NAME/NAME.css, beside "
                            "its Python (the build bundles no other)")
    return names


def variant_styles() -> str:
    """The variants' web parts' styles (:func:`part_stylesheets`), compact, each in the
    ``parts`` layer and headed by a comment with its path, in the parts' names' order."""
    out = ""
    for name in part_stylesheets():
        css = compact_css((layout.SRC / name).read_text(encoding="utf-8"))
        if not css:
            continue
        if re.search(r"@import|@layer|url\(", css):
            raise SiteError(f"{name}: a web part's styles are rules of the parts layer, with "
                            "no @import, @layer or url()")
        out += f"/* {name} */\n@layer parts {{\n{css}}}\n"
    return out
