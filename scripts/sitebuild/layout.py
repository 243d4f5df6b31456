"""Where things are, and what the site is made of: the paths, the runtime's files, the files
the build writes and the downloads the page starts. Every other module of the build reads
these names; :data:`SRC` is read at call time (``layout.SRC``), since a build with an overlay
moves it for the duration (:func:`sitebuild.assemble.build`)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
NODE_MODULES = ROOT / "node_modules"
RUNTIME = ROOT / "runtime"
SITE = ROOT / "_site"
PYC_CACHE = ROOT / ".cache" / "pyc"
STDLIB_CACHE = ROOT / ".cache" / "stdlib"
STDLIB_STARTUP = ROOT / "scripts" / "stdlib_startup.txt"
SRC = ROOT
"""Where the page's Python (ratscrew/ and web/) is read from: the repository, or a copy with
an overlay laid over it (:func:`overlaid`, ``scripts/build --overlay``)."""

# The Pyodide files a page needs when it loads no extra packages (no `packages = [...]`).
# pyodide.mjs is the loader; it imports pyodide.asm.mjs, which instantiates pyodide.asm.wasm,
# then mounts python_stdlib.zip and reads pyodide-lock.json (the package index).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",  # small; records which Pyodide version is deployed
)

# PyScript: everything in dist/ except source maps. core.js imports a hashed core-*.js chunk,
# which imports further chunks on demand (TOML parser, plugins, ...). Their names change with
# each release, so the whole folder is copied rather than a list of names.
PYSCRIPT_DIST = Path("@pyscript/core/dist")
PYSCRIPT_EXTRA = ("LICENSE", "package.json")

# Workbox, for the service worker (web/boot/sw.js): its loader and the modules precaching needs
# (loaded by the loader from runtime/workbox/, never from a CDN).
WORKBOX_FILES = (
    "workbox-sw/build/workbox-sw.js",
    "workbox-core/build/workbox-core.prod.js",
    "workbox-precaching/build/workbox-precaching.prod.js",
    "workbox-routing/build/workbox-routing.prod.js",
    "workbox-strategies/build/workbox-strategies.prod.js",
)

# Observable Plot and d3, for the statistics lab's charts (web/tools/lab/view.py inserts the two
# scripts when the lab first opens: start-up never loads them). Plot's UMD build reads the
# global d3, so d3 is loaded first. Site path (under runtime/) -> node_modules path.
PLOT_FILES = {
    "plot/d3.min.js": "d3/dist/d3.min.js",
    "plot/plot.umd.min.js": "@observablehq/plot/dist/plot.umd.min.js",
    "plot/LICENSE-d3": "d3/LICENSE",
    "plot/LICENSE-plot": "@observablehq/plot/LICENSE",
}

# QR codes, for phones as seats: drawn on the seat page (web/seat/) and the host's phone panel
# (web/phones/), read by the host's camera. ES modules; qr-scanner imports its worker by a
# relative path, so the two stay side by side. Site path (under runtime/) -> node_modules path.
QR_FILES = {
    "qr/qrcode.mjs": "qrcode-generator/dist/qrcode.mjs",
    "qr/qr-scanner.min.js": "qr-scanner/qr-scanner.min.js",
    "qr/qr-scanner-worker.min.js": "qr-scanner/qr-scanner-worker.min.js",
    "qr/LICENSE-qr-scanner": "qr-scanner/LICENSE",
}

# The service worker's source (web/boot/sw.js) is written, with the list of files to cache, to the
# site's top (SERVICE_WORKER), so that its scope is the whole site.
SW_SOURCE = Path("web") / "boot" / "sw.js"
SERVICE_WORKER = "sw.js"
SW_PLACEHOLDER = "self.__WB_MANIFEST"

# Python's start (pyscript.toml's interpreter): written with the name of the site's own
# standard library in place of the placeholder, so that the page, its snapshot and the
# statistics lab's worker all start Python with it.
BOOT = "web/boot/pyodide_boot.mjs"
BOOT_PLACEHOLDER = "const STDLIB_FILE = null;"

# The page's stylesheet: in the repository, the list of its component files (one @import
# each, in the order of the cascade layers it declares first); in the site, those files in one
# (stylesheet_bundle), so that the page loads one stylesheet at start.
STYLESHEET = "web/shell/style.css"
PARTS = "web/table/parts"
"""The variants' web parts, a folder each: its Python (a package, in app.zip) and its styles
(NAME/NAME.css, which the build adds to the page's stylesheet in the ``parts`` layer)."""
SHARED_PARTS = ("web/shell/tokens.css", "web/table/cards.css")
"""Component files of the page's stylesheet that a page of its own links as they are, so the
site serves them too: the phone's seat page (web/seat/, no Python) has the game's colours and
draws the pile's cards as the table does."""

# Files the build writes into the site (they are not copied: see build()).
INDEX = "index.html"
CONFIG = "pyscript.toml"
APP_ZIP = "app.zip"
GAME_PARTS = "web/setup-parts.html"
WRITTEN = (INDEX, CONFIG, APP_ZIP, GAME_PARTS, BOOT, STYLESHEET, SERVICE_WORKER, ".nojekyll")

# The page's Python script (index.html's <script type="py" src=...>): PyScript fetches it by
# itself, so it is served as a file too.
MAIN_SCRIPT = "web/boot/main.py"
# The statistics lab's Web Worker script (PyScript's PyWorker fetches it by URL; it imports the
# rest from app.zip, which the worker's config unpacks as the page's does).
WORKER_SCRIPTS = ("web/tools/lab/worker.py",)

# The downloads the page starts at once (web/boot/loader.js, before PyScript asks for them), with
# their sizes, so that the loading bar follows the bytes. In the order they matter most.
PYODIDE_STDLIB = "runtime/pyodide/python_stdlib.zip"
EARLY_FETCHES = (
    "runtime/pyodide/pyodide.asm.wasm",
    PYODIDE_STDLIB,  # the page's own (stdlib_zip) in its place, when there is one
    "runtime/pyodide/pyodide-lock.json",
)
# Downloads the loader starts once the EARLY_FETCHES are in (or when the page asks for them,
# if that comes first). Python cannot start before the runtime has arrived, and needs our
# modules only after it has started (about two seconds of work on this machine): on a slow
# network, app.zip fetched alongside the runtime only delayed the runtime's last byte (by
# about 0.3 s at 20 Mbit/s), where it now arrives while the runtime starts.
LATER_FETCHES = (APP_ZIP,)
# ES modules the page imports later in a chain (core.js -> ... -> web/boot/pyodide_boot.mjs ->
# pyodide.mjs -> pyodide.asm.mjs): index.html's <link rel="modulepreload"> starts them with
# the page. Their bytes count too (web/boot/loader.js sees them once loaded).
EARLY_MODULES = ("web/boot/pyodide_boot.mjs", "runtime/pyodide/pyodide.mjs",
                 "runtime/pyodide/pyodide.asm.mjs")


def log(message: str) -> None:
    print(f"[site] {message}", file=sys.stderr, flush=True)


class SiteError(RuntimeError):
    """A build step cannot go on; the message says what to do."""

