"""index.html for the site (the loader's list of downloads, the setup form prerendered) and
the boot module naming the site's own standard library."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from typing import Any

from . import layout
from .layout import (
    BOOT,
    BOOT_PLACEHOLDER,
    EARLY_FETCHES,
    EARLY_MODULES,
    INDEX,
    LATER_FETCHES,
    PYODIDE_STDLIB,
    ROOT,
    SiteError,
)

DOWNLOADS_MARKER = 'data-downloads=""'
PRERENDER_MARKER = re.compile(r"<!--prerender:([a-z:-]+)-->")


def downloads(site: Path, stdlib: str | None = None) -> list[list[object]]:
    """What web/boot/loader.js starts and counts: [url, bytes, how] for each download (how:
    "fetch", started by the loader at once; "later", started by the loader once the "fetch"
    ones are in; "module", preloaded by index.html). ``stdlib``: the page's own standard
    library, fetched in place of Pyodide's."""
    fetches = [stdlib if stdlib and url == PYODIDE_STDLIB else url for url in EARLY_FETCHES]
    listed = ([(url, "fetch") for url in fetches] + [(u, "later") for u in LATER_FETCHES]
              + [(u, "module") for u in EARLY_MODULES])
    missing = [url for url, _ in listed if not (site / url).is_file()]
    if missing:
        raise SiteError(f"the site lacks {missing}: run scripts/copy-runtime")
    return [[url, (site / url).stat().st_size, how] for url, how in listed]


def setup_html() -> Any:
    """web/model/setup_html.py, which renders the setup form from the engine's own variant and
    option data (the same functions the page draws the form with)."""
    sys.path.insert(0, str(layout.SRC))
    try:
        import web.model.setup_html
    finally:
        sys.path.remove(str(layout.SRC))
    return web.model.setup_html


def prerendered() -> dict[str, str]:
    """The markup for index.html's prerender markers."""
    return dict(setup_html().prerender())


def render_index(site: Path, stdlib: str | None = None) -> str:
    """index.html for the site: the loader's list of downloads (with the site's own standard
    library, ``stdlib``, if any) and the prerendered setup form filled in (each
    ``<!--prerender:NAME-->`` marker replaced)."""
    text = (ROOT / INDEX).read_text(encoding="utf-8")
    if text.count(DOWNLOADS_MARKER) != 1:
        raise SiteError(f"index.html must have {DOWNLOADS_MARKER} exactly once (loader.js)")
    listing = html.escape(json.dumps(downloads(site, stdlib), separators=(",", ":")))
    text = text.replace(DOWNLOADS_MARKER, f'data-downloads="{listing}"')
    parts = prerendered()
    names = set(PRERENDER_MARKER.findall(text))
    if names != set(parts):
        raise SiteError(f"index.html's prerender markers {sorted(names)} do not match "
                        f"web/model/setup_html.py's parts {sorted(parts)}")
    return PRERENDER_MARKER.sub(lambda m: parts[m.group(1)], text)



def boot_module(stdlib: str | None = None) -> str:
    """web/boot/pyodide_boot.mjs for the site, naming its own standard library (``stdlib``, a file
    at the site's top), if any."""
    text = (ROOT / BOOT).read_text(encoding="utf-8")
    if text.count(BOOT_PLACEHOLDER) != 1:
        raise SiteError(f"{BOOT} must have {BOOT_PLACEHOLDER!r} exactly once")
    if not stdlib:
        return text
    return text.replace(BOOT_PLACEHOLDER, f"const STDLIB_FILE = {json.dumps(stdlib)};")

