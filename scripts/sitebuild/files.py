"""Files in and out of the site: a folder made to hold exactly a set of files, copying only
what changed; a file written only when its bytes differ."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path


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


def write_if_changed(target: Path, data: bytes) -> bool:
    if target.is_file() and target.read_bytes() == data:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return True

