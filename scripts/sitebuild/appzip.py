"""The page's Python, as the site serves it: every module of ratscrew/ and web/ compiled to
bytecode by the site's own Pyodide in Node, in one zip (app.zip); Pyodide's standard library
with the start's modules compiled too; pyscript.toml naming the zip; and a copy of the
sources with an overlay laid over them."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from . import layout
from .layout import (
    APP_ZIP,
    CONFIG,
    NODE_MODULES,
    PYC_CACHE,
    ROOT,
    STDLIB_CACHE,
    STDLIB_STARTUP,
    SiteError,
    log,
)


def python_sources() -> list[str]:
    """The .py files the page needs in Pyodide: every module of ratscrew/ and web/, their
    subpackages included."""
    return [
        p.relative_to(layout.SRC).as_posix()
        for folder in ("ratscrew", "web")
        for p in sorted((layout.SRC / folder).rglob("*.py"))
        if "__pycache__" not in p.parts
    ]


DATA_SUFFIXES = (".toml",)
"""The engine's data files the page reads beside its modules (a game's lesson:
``ratscrew/variants/NAME.lesson.toml``, read with importlib.resources from the zip)."""


def data_files() -> list[str]:
    """The data files of ratscrew/ (:data:`DATA_SUFFIXES`), which app.zip holds as they are."""
    return [p.relative_to(layout.SRC).as_posix()
            for p in sorted((layout.SRC / "ratscrew").rglob("*"))
            if p.suffix in DATA_SUFFIXES and "__pycache__" not in p.parts]


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
    sources = [[name, (layout.SRC / name).read_text(encoding="utf-8")] for name in names]
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
    """Every module of the page (python_sources) and the engine's data files (data_files) in
    one zip, byte for byte the same for the same sources (fixed dates, sorted names), so its
    revision only changes with the code.

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
            files[name] = (layout.SRC / name).read_bytes()
    for name in data_files():
        files[name] = (layout.SRC / name).read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def site_config() -> str:
    """pyscript.toml for the site: its [files] table, empty in the repository, filled with
    app.zip (every module of python_sources(), found by the build: nobody lists them), one
    request instead of one per file. PyScript writes the zip as it is into the working
    directory (not unpacked: 30 ms of the page's start went into writing out 45 files, half
    of them tools the start never imports); web/boot/main.py and web/tools/lab/worker.py put
    it on sys.path, and Python imports our modules from it (zipimport)."""
    text = (ROOT / CONFIG).read_text(encoding="utf-8")
    head, marker, rest = text.partition("\n[files]\n")
    if not marker:
        raise SiteError("pyscript.toml has no [files] table (it must come last)")
    if rest.strip():
        raise SiteError("pyscript.toml's [files] table is the build's to write: leave it empty")
    return f'{head}{marker}"./{APP_ZIP}" = "./{APP_ZIP}"\n'



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

