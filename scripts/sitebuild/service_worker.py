"""The service worker (sw.js at the site's top): web/boot/sw.js with the list of files to cache
on the first visit, each with a revision from its content."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .files import tree_files
from .layout import ROOT, SERVICE_WORKER, SW_PLACEHOLDER, SW_SOURCE, SiteError, log


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

