"""Build helpers behind scripts/copy-runtime, scripts/build and scripts/serve.

Standard library only, so it runs before the project venv exists; the build also imports
web/model/setup_html.py (the engine's own data, standard library too: Python >= 3.11).

The browser game is a static site:

    _site/
        index.html             the page, written by the build (see render_index)
        pyscript.toml          the config, its [files] table replaced by app.zip
        app.zip                every module of ratscrew/ and web/, compiled (app_zip): one
                               download, written by PyScript into Pyodide's working
                               directory and imported from (site_config)
        sw.js, .nojekyll       the service worker (write_service_worker); no Jekyll
        web/shell/style.css    the page's stylesheet: its component files in one (stylesheet_bundle)
        web/*                  the page's JS, icons, the tools' own stylesheets and
                               web/boot/main.py (PyScript's script)
        runtime/pyodide/...    self-hosted Pyodide (from node_modules/pyodide)
        runtime/pyscript/...   self-hosted PyScript (from node_modules/@pyscript/core/dist)
        runtime/workbox/...    self-hosted Workbox, for the service worker
        runtime/plot/...       self-hosted Observable Plot and d3 (UMD), loaded only when the
                               statistics lab opens (web/tools/lab/view.py)
        runtime/qr/...         self-hosted QR code drawing (qrcode-generator: the phone seat
                               page, the host's join codes) and reading (qr-scanner and its
                               worker: the host's camera), loaded only when phones are used

Every URL in the site is relative, so it works under a sub-path (GitHub Pages project sites).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import http.server
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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
SHARED_PARTS = ("web/table/cards.css",)
"""Component files of the page's stylesheet that a page of its own links as they are, so the
site serves them too: the phone's seat page (web/seat/, no Python) draws the pile's cards as
the table does."""
STYLESHEET_IMPORT = re.compile(r'^@import url\("([^"]+)"\);\n', re.MULTILINE)
CSS_STRING_OR_COMMENT = re.compile(r"""("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')"""  # a string: kept
                                   r"|/\*.*?\*/", re.DOTALL)

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
DOWNLOADS_MARKER = 'data-downloads=""'
PRERENDER_MARKER = re.compile(r"<!--prerender:([a-z:-]+)-->")

# MIME types that must be right for the browser to accept the files; Python's table
# lacks some of them on older versions or reads them from the OS.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
}


def log(message: str) -> None:
    print(f"[site] {message}", file=sys.stderr, flush=True)


class SiteError(RuntimeError):
    """A build step cannot go on; the message says what to do."""


# --------------------------------------------------------------------------- file syncing


def _same_file(src: Path, dst: Path) -> bool:
    try:
        a, b = src.stat(), dst.stat()
    except FileNotFoundError:
        return False
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def sync_files(files: dict[str, Path], dest: Path, keep: Iterable[str] = ()) -> int:
    """Make `dest` hold exactly `files` (relative name -> source path), plus `keep`.

    Copies only files whose size or mtime differ, and deletes anything else under `dest`
    except the relative names in `keep`.
    Returns the number of files copied. Idempotent.
    """
    dest.mkdir(parents=True, exist_ok=True)
    copied = 0
    for rel, src in sorted(files.items()):
        target = dest / rel
        if not _same_file(src, target):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
            copied += 1
    wanted = {dest / rel for rel in [*files, *keep]}
    # Remove stale files, then empty folders (deepest first).
    for path in sorted(dest.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        if path.is_dir() and not path.is_symlink():
            if not any(path.iterdir()):
                path.rmdir()
        elif path not in wanted:
            path.unlink()
    return copied


def tree_files(folder: Path, skip_suffixes: Iterable[str] = ()) -> dict[str, Path]:
    """All files under `folder`, keyed by their path relative to it (POSIX style)."""
    skip = tuple(skip_suffixes)
    out: dict[str, Path] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(folder)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if skip and path.name.endswith(skip):
            continue
        out[rel.as_posix()] = path
    return out


def folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


# --------------------------------------------------------------------------- npm


def _pinned_versions() -> dict[str, str]:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    pins: dict[str, str] = {}
    for key in ("dependencies", "devDependencies"):
        pins.update(package.get(key, {}))
    return pins


def node_modules_current(folder: Path = ROOT) -> bool:
    """True when ``folder``'s node_modules holds exactly what its package-lock.json asks for
    (``folder``: the project's root, or another npm package folder such as scripts/lighthouse)."""
    hidden = folder / "node_modules" / ".package-lock.json"  # written by npm on every install
    if not hidden.is_file():
        return False
    lock = json.loads((folder / "package-lock.json").read_text(encoding="utf-8"))
    installed = json.loads(hidden.read_text(encoding="utf-8"))
    want = {k: v.get("version") for k, v in lock["packages"].items() if k}
    have = {k: v.get("version") for k, v in installed.get("packages", {}).items()}
    return all(have.get(name) == version for name, version in want.items())


def ensure_node_modules(folder: Path = ROOT) -> None:
    """``npm ci`` in ``folder`` (the project's root by default), only when its node_modules is
    missing or differs from its package-lock.json."""
    if node_modules_current(folder):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError("npm is not installed: install Node.js 20 or newer (it ships npm).")
    where = "" if folder == ROOT else f" in {folder}"
    log(f"node_modules{where} missing or out of date: running npm ci")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=folder, check=True)


# --------------------------------------------------------------------------- runtime


def runtime_sources() -> dict[str, Path]:
    """What runtime/ must contain, mapped to the node_modules file it comes from."""
    pins = _pinned_versions()
    for name in ("pyodide", "@pyscript/core", "@observablehq/plot"):
        meta = NODE_MODULES / name / "package.json"
        if not meta.is_file():
            raise SiteError(
                f"{meta.relative_to(ROOT)} is missing: run `npm ci` (or scripts/build)."
            )
        version = json.loads(meta.read_text(encoding="utf-8"))["version"]
        if version != pins.get(name):
            raise SiteError(
                f"node_modules has {name}@{version} but package.json pins {pins.get(name)}: "
                "run `npm ci`."
            )

    files: dict[str, Path] = {}
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = NODE_MODULES / "pyodide" / name
    dist = NODE_MODULES / PYSCRIPT_DIST
    for rel, path in tree_files(dist, skip_suffixes=(".map",)).items():
        files[f"pyscript/{rel}"] = path
    for name in PYSCRIPT_EXTRA:
        files[f"pyscript/{name}"] = NODE_MODULES / "@pyscript/core" / name
    for name in WORKBOX_FILES:
        files[f"workbox/{Path(name).name}"] = NODE_MODULES / name
    for rel, name in (PLOT_FILES | QR_FILES).items():
        files[rel] = NODE_MODULES / name
    missing = [str(p.relative_to(ROOT)) for p in files.values() if not p.is_file()]
    if missing:
        raise SiteError("missing from node_modules: " + ", ".join(missing) + " (run `npm ci`)")
    return files


def copy_runtime() -> None:
    copied = sync_files(runtime_sources(), RUNTIME)
    count, size = folder_size(RUNTIME)
    log(f"runtime/: {count} files, {size / 1e6:.1f} MB ({copied} copied)")


# --------------------------------------------------------------------------- site


def site_sources(*, own_stdlib: bool = False) -> dict[str, Path]:
    """The files copied as they are: web/ (but its Python, which goes in app.zip, sw.js,
    pyodide_boot.mjs and the page's stylesheet, which the build writes, and the stylesheet's
    component files, which are in it, but :data:`SHARED_PARTS`; the page's and the lab
    worker's scripts are served too) and runtime/ (but Pyodide's standard library when the
    site has its own (``own_stdlib``), which nothing then asks for: 2.5 MB less to deploy and
    to cache)."""
    files: dict[str, Path] = {name: ROOT / name for name in (MAIN_SCRIPT, *WORKER_SCRIPTS)}
    bundled = [name for name in stylesheet_parts() if name not in SHARED_PARTS]
    written = (SW_SOURCE.as_posix(), BOOT, STYLESHEET, *bundled)
    for rel, path in tree_files(ROOT / "web", skip_suffixes=(".pyc", ".py")).items():
        if f"web/{rel}" not in written:
            files[f"web/{rel}"] = path
    for rel, path in tree_files(RUNTIME).items():
        if not (own_stdlib and f"runtime/{rel}" == PYODIDE_STDLIB):
            files[f"runtime/{rel}"] = path
    return files


def write_if_changed(target: Path, data: bytes) -> bool:
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True


def node_cached(target: Path, make: Callable[[Path], None]) -> Path | None:
    """``target``, made by ``make(path)`` (a step that runs Node) unless the cache has it:
    written whole or not at all (builds may run side by side), the only file of its kind in
    its folder. None, with a warning, when ``make`` fails (no Node, or Node failed)."""
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.part")
    try:
        make(partial)
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        partial.unlink(missing_ok=True)
        log(f"warning: no {target.parent.name} from Node "
            f"({getattr(error, 'stderr', '') or error}); the page will compile it")
        return None
    for old in target.parent.glob(f"*{target.suffix}"):
        old.unlink(missing_ok=True)
    os.replace(partial, target)
    return target


def bytecode(names: list[str]) -> dict[str, bytes]:
    """The compiled .pyc of each source, by the source's name, made by the site's own Pyodide
    running in Node (scripts/precompile.mjs), so the page imports without compiling. Kept in
    .cache/pyc/ by the sources' hash, so a rebuild of the same code gives the same bytes. {}
    when Node cannot run it: the page then compiles as it imports (slower to start, the same
    game)."""
    sources = [[name, (SRC / name).read_text(encoding="utf-8")] for name in names]
    runtime = (NODE_MODULES / "pyodide" / "package.json").read_bytes()
    key = hashlib.sha256(json.dumps(sources).encode() + runtime).hexdigest()[:24]

    def make(path: Path) -> None:
        output = subprocess.run(
            ["node", str(ROOT / "scripts" / "precompile.mjs")], input=json.dumps(sources),
            capture_output=True, text=True, timeout=300, check=True).stdout
        json.loads(output)
        path.write_text(output, encoding="utf-8")

    cached = node_cached(PYC_CACHE / f"{key}.json", make)
    if cached is None:
        return {}
    output = cached.read_text(encoding="utf-8")
    return {name: bytes.fromhex(hex_bytes) for name, hex_bytes in json.loads(output)["pyc"].items()}


def stdlib_startup() -> list[str]:
    """The standard library's modules that every start of the page imports (Pyodide's,
    PyScript's and ours): scripts/stdlib_startup.txt, one name a line, # for comments."""
    lines = STDLIB_STARTUP.read_text(encoding="utf-8").splitlines()
    return sorted({line.split("#")[0].strip() for line in lines} - {""})


def stdlib_zip() -> bytes | None:
    """Pyodide's standard library with the modules of stdlib_startup() as bytecode (made by
    scripts/precompile_stdlib.mjs, Pyodide in Node), kept in .cache/stdlib/ by the inputs'
    hash. Pyodide ships the library as source, which every start compiled again: about
    1.7 s of its 2.4 s on a 2-core laptop. None when Node cannot make it: the page then
    starts with Pyodide's own (slower, the same game)."""
    modules = stdlib_startup()
    source = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    script = ROOT / "scripts" / "precompile_stdlib.mjs"
    key = hashlib.sha256(json.dumps(modules).encode() + source.read_bytes()
                         + script.read_bytes()).hexdigest()[:24]

    def make(path: Path) -> None:
        subprocess.run(["node", str(script), str(source), str(path)], input=json.dumps(modules),
                       capture_output=True, text=True, timeout=300, check=True)

    cached = node_cached(STDLIB_CACHE / f"{key}.zip", make)
    return None if cached is None else cached.read_bytes()


def stdlib_name(data: bytes) -> str:
    """The site's name for the compiled standard library: named after its content, so that
    a memory snapshot made with one (web/boot/pyodide_boot.mjs) is never used with another."""
    return f"stdlib-{hashlib.sha256(data).hexdigest()[:12]}.zip"


def app_zip() -> bytes:
    """Every module of the page (python_sources) in one zip, byte for byte the same for the
    same sources (fixed dates, sorted names), so its revision only changes with the code.

    Each module is there as its bytecode alone, a sourceless ``ratscrew/core/engine.pyc`` that
    Python imports as it is (no source, no __pycache__): the sources would be 210 KB more to
    download before the page can start, for the one use of showing a line's text in a
    traceback (tracebacks in the browser console still name the file and the line). Without
    bytecode (no Node at build time) the zip holds the sources instead."""
    names = python_sources()
    compiled = bytecode(names)
    files = {}
    for name in names:
        if name in compiled:
            files[f"{name.removesuffix('.py')}.pyc"] = compiled[name]
        else:
            files[name] = (SRC / name).read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def site_config() -> str:
    """pyscript.toml for the site: its [files] table (one line per .py file, which is how the
    repository's page would load them) replaced by app.zip, one request instead of one per
    file. PyScript writes the zip as it is into the working directory (not unpacked: 30 ms
    of the page's start went into writing out 45 files, half of them tools the start never
    imports); web/boot/main.py and web/tools/lab/worker.py put it on sys.path, and Python imports
    our modules from it (zipimport)."""
    text = (ROOT / CONFIG).read_text(encoding="utf-8")
    head, marker, _ = text.partition("\n[files]\n")
    if not marker:
        raise SiteError("pyscript.toml has no [files] table (it must come last)")
    return f'{head}{marker}"./{APP_ZIP}" = "./{APP_ZIP}"\n'


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
    sys.path.insert(0, str(SRC))
    try:
        import web.model.setup_html
    finally:
        sys.path.remove(str(SRC))
    return web.model.setup_html


def variant_pages() -> list[Any]:
    """Every variant's page description (web/model/variant_page.py), in the variants' names'
    order: the build puts their styles in the page's stylesheet."""
    setup_html()  # the page's modules on sys.path, imported from SRC
    import web.model.variant_page

    pages = web.model.variant_page.discover()
    return [pages[name] for name in sorted(pages)]


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


def variant_styles() -> str:
    """The variants' web parts' styles (``VariantPage.css``), compact, each in the ``parts``
    layer and headed by a comment with its variant's name, in the names' order."""
    out = ""
    for page in variant_pages():
        css = compact_css(page.css)
        if not css:
            continue
        if re.search(r"@import|@layer|url\(", css):
            raise SiteError(f"{page.variant}'s web part: its styles are rules of the parts "
                            "layer, with no @import, @layer or url()")
        out += f"/* {page.variant}'s web part */\n@layer parts {{\n{css}}}\n"
    return out


def boot_module(stdlib: str | None = None) -> str:
    """web/boot/pyodide_boot.mjs for the site, naming its own standard library (``stdlib``, a file
    at the site's top), if any."""
    text = (ROOT / BOOT).read_text(encoding="utf-8")
    if text.count(BOOT_PLACEHOLDER) != 1:
        raise SiteError(f"{BOOT} must have {BOOT_PLACEHOLDER!r} exactly once")
    if not stdlib:
        return text
    return text.replace(BOOT_PLACEHOLDER, f"const STDLIB_FILE = {json.dumps(stdlib)};")


def overlaid(overlay: Path) -> Path:
    """A copy of ratscrew/ and web/ with ``overlay``'s files laid over them (a folder of the
    same layout: tests/fixtures/snap/ adds a variant's engine module and web part), in a new
    temporary folder: the sources of a site that has more than the repository, which itself
    is left as it is."""
    dest = Path(tempfile.mkdtemp(prefix="ratscrew-overlay-"))
    for folder in ("ratscrew", "web"):
        shutil.copytree(ROOT / folder, dest / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for path in sorted(overlay.rglob("*")):
        rel = path.relative_to(overlay)
        if not path.is_file() or "__pycache__" in rel.parts:
            continue
        if rel.parts[0] not in ("ratscrew", "web"):
            raise SiteError(f"an overlay holds files under ratscrew/ and web/ only, not {rel}")
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest / rel)
    return dest


def build(*, install: bool = True, site: Path = SITE, overlay: Path | None = None) -> Path:
    """Assemble ``site`` (_site/: what GitHub Pages serves) and return its path. ``overlay``:
    a folder laid over the page's Python (:func:`overlaid`); such a build must run in a
    process of its own (scripts/build), which imports the page's modules from the copy."""
    global SRC
    if overlay is not None:
        SRC = overlaid(overlay)
    try:
        return _build(install, site)
    finally:
        if SRC != ROOT:
            shutil.rmtree(SRC, ignore_errors=True)
            SRC = ROOT


def _build(install: bool, site: Path) -> Path:
    if install:
        ensure_node_modules()
    copy_runtime()
    stdlib, stdlib_file = stdlib_zip(), None
    if stdlib is not None:
        stdlib_file = stdlib_name(stdlib)
        write_if_changed(site / stdlib_file, stdlib)
    copied = sync_files(site_sources(own_stdlib=stdlib_file is not None), site,
                        keep=[*WRITTEN, *([stdlib_file] if stdlib_file else [])])
    # GitHub Pages would otherwise run Jekyll, which hides files and folders starting with "_".
    (site / ".nojekyll").touch()
    write_if_changed(site / APP_ZIP, app_zip())
    write_if_changed(site / CONFIG, site_config().encode())
    write_if_changed(site / BOOT, boot_module(stdlib_file).encode())
    write_if_changed(site / STYLESHEET, stylesheet_bundle())
    write_if_changed(site / INDEX, render_index(site, stdlib_file).encode())
    write_if_changed(site / GAME_PARTS, setup_html().game_parts().encode())
    write_service_worker(site)
    count, size = folder_size(site)
    log(f"{site.name}/: {count} files, {size / 1e6:.1f} MB ({copied} copied)")
    return site


def precache_list(site: Path) -> list[dict[str, str]]:
    """Every file the site serves (but the service worker itself and .nojekyll), each with a
    revision from its content: what the service worker caches on the first visit."""
    entries = []
    for rel, path in sorted(tree_files(site).items()):
        if rel in (SERVICE_WORKER, ".nojekyll"):
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        entries.append({"url": rel, "revision": digest})
    return entries


def service_worker_text(entries: list[dict[str, str]]) -> str:
    """web/boot/sw.js with the precache list in place of its placeholder, and a version (a hash of
    the list: any change to any file makes a new service worker, which replaces the cache)."""
    source = (ROOT / SW_SOURCE).read_text(encoding="utf-8")
    if source.count(SW_PLACEHOLDER) != 1:
        raise SiteError(f"{SW_SOURCE} must name {SW_PLACEHOLDER} exactly once")
    listing = json.dumps(entries, separators=(",", ":"))
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    head = f"// Written by scripts/build from {SW_SOURCE.as_posix()}: site version {version}.\n"
    return head + source.replace(SW_PLACEHOLDER, listing)


def write_service_worker(site: Path) -> None:
    entries = precache_list(site)
    text = service_worker_text(entries)
    target = site / SERVICE_WORKER
    if not target.is_file() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
        log(f"{SERVICE_WORKER}: {len(entries)} files to cache offline")


def python_sources() -> list[str]:
    """The .py files the page needs in Pyodide: every module of ratscrew/ and web/, their
    subpackages included."""
    return [
        p.relative_to(SRC).as_posix()
        for folder in ("ratscrew", "web")
        for p in sorted((SRC / folder).rglob("*.py"))
        if "__pycache__" not in p.parts
    ]


def update_files_table() -> None:
    """Rewrite the [files] table (the last part of pyscript.toml) from python_sources()."""
    config = ROOT / "pyscript.toml"
    text = config.read_text(encoding="utf-8")
    head, marker, _ = text.partition("\n[files]\n")
    if not marker:
        raise SiteError("pyscript.toml has no [files] table (it must come last)")
    lines = [f'"./{name}" = "./{name}"' for name in python_sources()]
    new = head + marker + "\n".join(lines) + "\n"
    if new != text:
        config.write_text(new, encoding="utf-8")
        log(f"pyscript.toml: [files] now lists {len(lines)} files")
    else:
        log("pyscript.toml: [files] is up to date")


# --------------------------------------------------------------------------- serving


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, and no caching (for development)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # (before the base class's __init__, which serves the request)
        self.extensions_map = {**self.extensions_map, **MIME_TYPES}
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class QuietSiteRequestHandler(SiteRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that went away mid-file (a page closed while the runtime downloads, as
        every run of scripts/bench_page.py does) is not an error worth a traceback."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def server_url(server: http.server.HTTPServer) -> str:
    """The address ``server`` listens on, as a base URL (ends in /)."""
    host, port = server.server_address[:2]
    return f"http://{host.decode() if isinstance(host, bytes) else host}:{port}/"


def make_server(
    directory: Path, port: int, *, host: str = "127.0.0.1", quiet: bool = False
) -> http.server.ThreadingHTTPServer:
    handler_class = QuietSiteRequestHandler if quiet else SiteRequestHandler
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer((host, port), handler)


# --------------------------------------------------------------------------- commands


def _run(main_fn: Callable[[], object]) -> None:
    try:
        main_fn()
    except SiteError as error:
        log(f"error: {error}")
        sys.exit(1)
    except subprocess.CalledProcessError as error:
        log(f"error: {' '.join(map(str, error.cmd))} failed with exit code {error.returncode}")
        sys.exit(1)


def main_npm_ci() -> None:
    _run(ensure_node_modules)


def main_update_files() -> None:
    _run(update_files_table)


def main_copy_runtime() -> None:
    _run(copy_runtime)


def main_build() -> None:
    parser = argparse.ArgumentParser(description="Assemble _site/, the static site to deploy.")
    parser.add_argument(
        "--no-install", action="store_true", help="do not run `npm ci`, even if needed"
    )
    parser.add_argument(
        "--site", type=Path, default=SITE, help="the folder to assemble (default: _site/)")
    parser.add_argument(
        "--overlay", type=Path, metavar="FOLDER",
        help="lay FOLDER's ratscrew/ and web/ files over the sources (a variant in two files)")
    args = parser.parse_args()
    _run(lambda: build(install=not args.no_install, site=args.site.resolve(),
                       overlay=args.overlay.resolve() if args.overlay else None))


def main_serve() -> None:
    parser = argparse.ArgumentParser(description="Build the site and serve it on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--no-build", action="store_true", help="serve _site/ as it is")
    args = parser.parse_args()

    def serve() -> None:
        if not args.no_build:
            build()
        elif not (SITE / "index.html").is_file():
            raise SiteError("_site/ is not built: run scripts/build")
        try:
            server = make_server(SITE, args.port)
        except OSError as error:
            raise SiteError(
                f"cannot listen on 127.0.0.1:{args.port} ({error.strerror}); "
                "try scripts/serve --port N"
            ) from error
        print(f"Serving Ratscrew on {server_url(server)}  (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.", flush=True)
        finally:
            server.server_close()

    _run(serve)


if __name__ == "__main__":
    os.chdir(ROOT)
    commands = {
        "npm-ci": main_npm_ci,  # npm ci, only when node_modules differs from package-lock.json
        "update-files": main_update_files,  # rewrite [files] in pyscript.toml
        "copy-runtime": main_copy_runtime,
        "build": main_build,
        "serve": main_serve,
    }
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(commands)}}} [options]")
    name = sys.argv.pop(1)
    commands[name]()
