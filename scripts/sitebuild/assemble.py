"""The build: _site/ assembled from the runtime, web/ and the files the build writes."""

from __future__ import annotations

import shutil
from pathlib import Path

from . import layout
from .appzip import app_zip, overlaid, site_config, stdlib_name, stdlib_zip
from .catalogues import LOCALE, compile_catalogues, localized_manifest, localized_setup
from .files import folder_size, sync_files, tree_files, write_if_changed
from .layout import (
    APP_ZIP,
    BOOT,
    CONFIG,
    GAME_PARTS,
    INDEX,
    MAIN_SCRIPT,
    PYODIDE_STDLIB,
    ROOT,
    RUNTIME,
    SHARED_PARTS,
    SITE,
    STYLESHEET,
    SW_SOURCE,
    WORKER_SCRIPTS,
    WRITTEN,
    log,
)
from .page import boot_module, render_index, setup_html
from .runtime import copy_runtime, ensure_node_modules
from .service_worker import write_service_worker
from .stylesheet import part_stylesheets, stylesheet_bundle, stylesheet_parts


def site_sources(*, own_stdlib: bool = False) -> dict[str, Path]:
    """The files copied as they are: web/ (but its Python, which goes in app.zip, sw.js,
    pyodide_boot.mjs and the page's stylesheet, which the build writes, and the stylesheet's
    component files and the web parts' styles, which are in it, but :data:`SHARED_PARTS`;
    the page's and the lab worker's scripts are served too) and runtime/ (but Pyodide's
    standard library when the site has its own (``own_stdlib``), which nothing then asks
    for: 2.5 MB less to deploy and to cache)."""
    files: dict[str, Path] = {name: ROOT / name for name in (MAIN_SCRIPT, *WORKER_SCRIPTS)}
    bundled = [name for name in stylesheet_parts() if name not in SHARED_PARTS]
    bundled += part_stylesheets(ROOT)
    written = (SW_SOURCE.as_posix(), BOOT, STYLESHEET, *bundled)
    for rel, path in tree_files(ROOT / "web", skip_suffixes=(".pyc", ".py")).items():
        if f"web/{rel}" not in written:
            files[f"web/{rel}"] = path
    for rel, path in tree_files(RUNTIME).items():
        if not (own_stdlib and f"runtime/{rel}" == PYODIDE_STDLIB):
            files[f"runtime/{rel}"] = path
    return files


def build(*, install: bool = True, site: Path = SITE, overlay: Path | None = None) -> Path:
    """Assemble ``site`` (_site/: what GitHub Pages serves) and return its path. ``overlay``:
    a folder laid over the page's Python (:func:`overlaid`); such a build must run in a
    process of its own (scripts/build), which imports the page's modules from the copy."""
    if overlay is not None:
        layout.SRC = overlaid(overlay)
    try:
        return _build(install, site)
    finally:
        if layout.SRC != ROOT:
            shutil.rmtree(layout.SRC, ignore_errors=True)
            layout.SRC = ROOT


def _build(install: bool, site: Path) -> Path:
    if install:
        ensure_node_modules()
    copy_runtime()
    stdlib, stdlib_file = stdlib_zip(), None
    if stdlib is not None:
        stdlib_file = stdlib_name(stdlib)
        write_if_changed(site / stdlib_file, stdlib)
    catalogues = compile_catalogues()
    sources = {**site_sources(own_stdlib=stdlib_file is not None), **catalogues}
    langs = [Path(rel).stem for rel in catalogues]
    localized = [name for lang in langs for name in (
        f"{LOCALE}/{lang}.setup.json", f"web/setup-parts.{lang}.html",
        localized_manifest(lang))]
    copied = sync_files(sources, site,
                        keep=[*WRITTEN, *localized, *([stdlib_file] if stdlib_file else [])])
    # GitHub Pages would otherwise run Jekyll, which hides files and folders starting with "_".
    (site / ".nojekyll").touch()
    write_if_changed(site / APP_ZIP, app_zip())
    write_if_changed(site / CONFIG, site_config().encode())
    write_if_changed(site / BOOT, boot_module(stdlib_file).encode())
    write_if_changed(site / STYLESHEET, stylesheet_bundle())
    write_if_changed(site / INDEX, render_index(site, stdlib_file).encode())
    write_if_changed(site / GAME_PARTS, setup_html().game_parts().encode())
    localized_setup(site, catalogues, setup_html)
    write_service_worker(site)
    count, size = folder_size(site)
    log(f"{site.name}/: {count} files, {size / 1e6:.1f} MB ({copied} copied)")
    return site

