"""Checks on the static site's source files (no browser needed).

- pyscript.toml leaves its [files] to the build (every .py file of ratscrew/ and web/, in
  app.zip), and loads nothing from the network;
- the page and its files name no CDN or package registry and use relative URLs only;
- the npm pins and lock file stay exact and free of download addresses;
- the build helper's file syncing is idempotent.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import sitebuild  # noqa: E402

# Written in pieces so that this file does not itself name the hosts it looks for.
FORBIDDEN = [
    "cdn" + ".",
    "jsdel" + "ivr",
    "un" + "pkg",
    "py" + "pi.org",
    "pythonhosted",
    "npm" + "js",
    "regis" + "try.",
    "pyscript" + ".net",
    "githubuser" + "content",
    "fonts.goo" + "gleapis",
]

WORKBOX_VERSION = "7.4.1"
PINNED = {
    "pyodide": "314.0.7", "@pyscript/core": "0.7.31", "axe-core": "4.14.1",
    "@observablehq/plot": "0.6.17", "qrcode-generator": "2.0.4", "qr-scanner": "1.4.2",
    **{f"workbox-{part}": WORKBOX_VERSION
       for part in ("sw", "core", "precaching", "routing", "strategies")},
    "typescript": "7.0.2", "eslint": "10.15.0", "@eslint/js": "10.0.1", "globals": "17.14.0",
    "@types/node": "20.19.43",
}
"""Exact versions: the runtime, Workbox, Observable Plot and the QR code libraries (copied into
the site), axe-core (browser tests only), and the JavaScript's checkers (tsc, ESLint, and the
types and globals they know). Workbox's modules must all be of one version."""


def load_config() -> dict[str, object]:
    with (ROOT / "pyscript.toml").open("rb") as f:
        return tomllib.load(f)


def site_text_files() -> list[Path]:
    """The hand-written files the browser loads, plus the npm configuration."""
    files = [ROOT / "index.html", ROOT / "pyscript.toml", ROOT / ".npmrc", ROOT / "package.json"]
    web = (ROOT / "web").rglob("*")
    files += sorted(p for p in web if p.is_file() and "__pycache__" not in p.parts
                    and p.suffix != ".png")  # pictures: the app icons
    return files


# --------------------------------------------------------------------------- pyscript.toml


def test_the_files_table_is_the_builds_to_fill() -> None:
    """The repository lists no module: the build ships every one it finds (app.zip), so a new
    module or variant is named nowhere by hand."""
    assert load_config().get("files") == {}, "leave pyscript.toml's [files] table empty"
    built = tomllib.loads(sitebuild.site_config())
    assert built["files"] == {f"./{sitebuild.APP_ZIP}": f"./{sitebuild.APP_ZIP}"}
    assert {k: v for k, v in built.items() if k != "files"} == {
        k: v for k, v in load_config().items() if k != "files"}


def test_the_python_sources_are_every_module_of_the_page(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ratscrew/variants/snap.py", "web/table/parts/snap/__init__.py",
                 "web/model/__pycache__/links.cpython-311.pyc", "web/table/parts/snap/snap.css"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(sitebuild.layout, "SRC", tmp_path)
    assert sitebuild.python_sources() == ["ratscrew/variants/snap.py",
                                          "web/table/parts/snap/__init__.py"]


def test_config_fetches_nothing_from_the_network() -> None:
    config = load_config()
    for key in ("packages", "index_urls", "js_modules", "fetch"):
        assert key not in config, f"pyscript.toml must not use `{key}` (it loads from the network)"
    # Pyodide, through the module that starts it from a snapshot (web/boot/pyodide_boot.mjs),
    # which imports the copy that scripts/copy-runtime ships.
    assert config.get("interpreter") == "./web/boot/pyodide_boot.mjs"
    boot = (ROOT / "web" / "boot" / "pyodide_boot.mjs").read_text(encoding="utf-8")
    assert 'await import(new URL("../../runtime/pyodide/pyodide.mjs", import.meta.url)' in boot
    assert "pyodide.mjs" in sitebuild.PYODIDE_FILES


def test_script_tag_uses_the_config_file() -> None:
    page = PageScan.of(ROOT / "index.html")
    py_scripts = [
        attrs for tag, attrs in page.tags if tag == "script" and attrs.get("type") == "py"
    ]
    assert py_scripts == [{"type": "py", "src": "web/boot/main.py", "config": "pyscript.toml"}]


# --------------------------------------------------------------------------- no outside hosts


@pytest.mark.parametrize("path", site_text_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_cdn_or_registry_names(path: Path) -> None:
    text = path.read_text(encoding="utf-8").lower()
    found = [name for name in FORBIDDEN if name in text]
    assert not found, f"{path.relative_to(ROOT)} mentions {found}: everything must be self-hosted"


class PageScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_scripts: list[str] = []
        self._in_script = False

    @classmethod
    def of(cls, path: Path) -> PageScan:
        scan = cls()
        scan.feed(path.read_text(encoding="utf-8"))
        return scan

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts.append(data)


def test_page_uses_relative_urls_and_no_inline_handlers() -> None:
    page = PageScan.of(ROOT / "index.html")
    titles = [attrs for tag, attrs in page.tags if tag == "title"]
    assert titles, "index.html needs a <title>"
    for tag, attrs in page.tags:
        for name, value in attrs.items():
            assert not name.startswith("on"), f"inline event handler <{tag} {name}=...>"
            if name in ("src", "href", "action", "config"):
                absolute = re.match(r"^([a-z][a-z0-9+.-]*:|//|/)", value, re.IGNORECASE)
                assert not absolute, f"<{tag} {name}={value!r}>: use a relative URL (sub-path site)"
                assert (ROOT / value).is_file() or value.startswith("runtime/"), (
                    f"<{tag} {name}={value!r}> points to a file that does not exist"
                )
    assert not page.inline_scripts, "keep scripts in files under web/ (no inline scripts)"


def test_web_files_use_no_absolute_urls() -> None:
    pattern = re.compile(r"""(?:url\(|import\s*\(?|from\s+)\s*['"]?(?:https?:)?//""")
    for path in (ROOT / "web").rglob("*"):
        if path.suffix in (".css", ".js", ".mjs", ".py"):
            text = path.read_text(encoding="utf-8")
            assert not pattern.search(text), f"{path.name} loads something by absolute URL"


# --------------------------------------------------------------------------- npm


def test_npm_pins_are_exact_and_lock_has_no_download_addresses() -> None:
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    deps = {**package.get("dependencies", {}), **package.get("devDependencies", {})}
    assert deps == PINNED
    assert package.get("private") is True

    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    for name, version in PINNED.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    assert not [k for k, v in lock["packages"].items() if "resolved" in v], (
        "package-lock.json records download addresses: keep "
        "omit-lockfile-registry-resolved=true in .npmrc and re-run npm install"
    )
    npmrc = (ROOT / ".npmrc").read_text(encoding="utf-8").split()
    assert "omit-lockfile-registry-resolved=true" in npmrc


# --------------------------------------------------------------------------- build helper


def test_sync_files_copies_changes_and_removes_stale_files(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "a.txt").write_text("a")
    (src / "sub" / "b.txt").write_text("b")
    dest = tmp_path / "dest"
    (dest / "old").mkdir(parents=True)
    (dest / "old" / "stale.txt").write_text("stale")
    (dest / ".keep").write_text("")

    files = sitebuild.tree_files(src)
    assert set(files) == {"a.txt", "sub/b.txt"}
    assert sitebuild.sync_files(files, dest, keep=[".keep"]) == 2
    assert sitebuild.sync_files(files, dest, keep=[".keep"]) == 0  # idempotent
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")) == [
        ".keep",
        "a.txt",
        "sub",
        "sub/b.txt",
    ]
    assert (dest / "sub" / "b.txt").read_text() == "b"


def test_tree_files_skips_maps_and_caches(tmp_path: Path) -> None:
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_text("")
    (tmp_path / "core.js").write_text("")
    (tmp_path / "core.js.map").write_text("")
    (tmp_path / ".hidden").write_text("")
    assert list(sitebuild.tree_files(tmp_path, skip_suffixes=(".map",))) == ["core.js"]


# --------------------------------------------------------------------------- installable


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path.name}: not a PNG"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def test_the_web_app_manifest_makes_the_game_installable() -> None:
    """A manifest (name, icons, start_url, standalone display, theme colour),
    linked from the page, with relative URLs that stay inside a GitHub Pages sub-path."""
    links = {attrs.get("rel"): attrs for tag, attrs in PageScan.of(ROOT / "index.html").tags
             if tag == "link"}
    assert "manifest" in links, "index.html links no manifest"
    manifest_path = ROOT / links["manifest"]["href"]
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"] and len(manifest["short_name"]) <= 12
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    site_root = ROOT.resolve()
    for key in ("start_url", "scope", "id"):
        url = manifest[key]
        assert not re.match(r"^([a-z][a-z0-9+.-]*:|//|/)", url), f"{key}: relative URLs only"
        assert (manifest_path.parent / url).resolve() == site_root, f"{key} is not the site"
    sizes: dict[str, Path] = {}
    for icon in manifest["icons"]:
        path = manifest_path.parent / icon["src"]
        assert path.is_file(), f"icon {icon['src']} is missing"
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}", f"{icon['src']} is {width}x{height}"
            sizes[icon["sizes"]] = path
    # What browsers ask for to offer "Install": a 192 and a 512 px icon.
    assert {"192x192", "512x512"} <= set(sizes)
    metas = [attrs for tag, attrs in PageScan.of(ROOT / "index.html").tags if tag == "meta"]
    assert any(m.get("name") == "theme-color" and m.get("content") == manifest["theme_color"]
               for m in metas)


# --------------------------------------------------------------------------- offline


def test_a_new_build_is_a_new_service_worker_with_new_revisions(tmp_path: Path) -> None:
    """The offline cache's list comes from the build, each file with a
    revision from its content; a changed file changes its revision and the worker's text (so
    the browser installs the new one, which replaces the old cache), and nothing else does."""
    site = tmp_path / "site"
    (site / "runtime").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html>one", encoding="utf-8")
    (site / "runtime" / "big.wasm").write_bytes(b"\0asm" * 1000)
    (site / sitebuild.SERVICE_WORKER).write_text("old worker", encoding="utf-8")
    (site / ".nojekyll").touch()

    first = sitebuild.precache_list(site)
    assert [e["url"] for e in first] == ["index.html", "runtime/big.wasm"]  # not sw.js itself
    first_text = sitebuild.service_worker_text(first)
    assert sitebuild.precache_list(site) == first  # same files, same list

    (site / "index.html").write_text("<!doctype html>two", encoding="utf-8")
    second = sitebuild.precache_list(site)
    changed = [a["url"] for a, b in zip(first, second, strict=True) if a != b]
    assert changed == ["index.html"]
    second_text = sitebuild.service_worker_text(second)
    assert second_text != first_text
    version = re.compile(r"site version ([0-9a-f]{16})")
    first_version = version.search(first_text)
    second_version = version.search(second_text)
    assert first_version and second_version
    assert first_version.group(1) != second_version.group(1)
    assert json.dumps(second, separators=(",", ":")) in second_text
    assert sitebuild.SW_PLACEHOLDER not in second_text

    sitebuild.write_service_worker(site)
    assert (site / sitebuild.SERVICE_WORKER).read_text(encoding="utf-8") == second_text


def test_the_service_worker_keeps_versions_apart() -> None:
    """The worker takes over only when no page of the old version is open (no skipWaiting, no
    clientsClaim), removes the old version's entries, loads Workbox from the site itself, and
    serves a link's page (any query) from the cached index.html."""
    source = (ROOT / sitebuild.SW_SOURCE).read_text(encoding="utf-8")
    code = "\n".join(line for line in source.splitlines() if not line.startswith("//"))
    assert "skipWaiting" not in code and "clientsClaim" not in code
    assert "cleanupOutdatedCaches()" in code
    assert 'importScripts("runtime/workbox/workbox-sw.js")' in code
    assert 'modulePathPrefix: "runtime/workbox/"' in code
    assert "ignoreURLParametersMatching: [/.*/]" in code
    runtime = sitebuild.runtime_sources()
    for name in sitebuild.WORKBOX_FILES:
        assert f"workbox/{Path(name).name}" in runtime


def test_the_server_takes_a_browser_leaving_mid_file_quietly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A page closed while a big file downloads (every cold start of scripts/bench_page.py)
    breaks the connection: no traceback for that, and the server goes on serving."""
    import socket
    import struct
    import threading
    import urllib.request

    (tmp_path / "big.bin").write_bytes(b"x" * 20_000_000)
    (tmp_path / "small.txt").write_text("still here")
    server = sitebuild.make_server(tmp_path, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1000)
            # Reset, not a polite close: the server's next write fails at once.
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/small.txt", timeout=10) as reply:
            assert reply.read() == b"still here"
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capsys.readouterr().err
