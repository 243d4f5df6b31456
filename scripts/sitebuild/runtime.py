"""The self-hosted runtime: node_modules kept as package-lock.json says (``npm ci`` when it
differs), and runtime/ copied from it (Pyodide, PyScript, Workbox, Plot and d3, the QR code
modules; no source maps)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from .files import folder_size, sync_files, tree_files
from .layout import (
    NODE_MODULES,
    PLOT_FILES,
    PYODIDE_FILES,
    PYSCRIPT_DIST,
    PYSCRIPT_EXTRA,
    QR_FILES,
    ROOT,
    RUNTIME,
    WORKBOX_FILES,
    SiteError,
    log,
)


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

