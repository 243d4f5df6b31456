"""The site's server (scripts/sitebuild/server.py: scripts/serve, the benchmarks, the browser
tests) sends files as GitHub Pages does: gzip-compressed to a client that accepts gzip, for
the types Pages compresses, as they are otherwise; Content-Length always counts the bytes
sent."""

from __future__ import annotations

import gzip
import http.client
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from browser_tools import serving  # noqa: E402
from sitebuild.server import accepts_gzip  # noqa: E402

TEXT = ("<p>The pile is slappable: a double, a sandwich or a marriage.</p>\n" * 200).encode()
FILES = {
    "index.html": TEXT,
    "web/shell/style.css": b"body { margin: 0; }\n" * 300,
    "web/boot/loader.js": b"const downloads = [];\n" * 300,
    "runtime/pyodide/pyodide.mjs": b"export const loadPyodide = () => {};\n" * 300,
    "runtime/pyodide/pyodide-lock.json": b'{"packages": {}}\n' * 300,
    "web/icons/icon.svg": b'<svg xmlns="http://www.w3.org/2000/svg"></svg>\n' * 100,
    "runtime/pyodide/pyodide.asm.wasm": b"\0asm\1\0\0\0" + bytes(range(256)) * 400,
}
AS_THEY_ARE = {
    "app.zip": b"PK\3\4" + bytes(range(256)) * 40,
    "web/icons/icon-192.png": b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 10,
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    folder = tmp_path_factory.mktemp("site")
    for name, data in {**FILES, **AS_THEY_ARE}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    with serving(folder) as base:
        address = urlsplit(base)
        assert address.hostname is not None and address.port is not None
        yield address.hostname, address.port


def fetch(site: tuple[str, int], path: str, accept_encoding: str | None,
          method: str = "GET") -> tuple[http.client.HTTPResponse, bytes]:
    """The response to ``path`` and its body as sent (http.client decodes nothing)."""
    connection = http.client.HTTPConnection(*site, timeout=30)
    try:
        headers = {} if accept_encoding is None else {"Accept-Encoding": accept_encoding}
        connection.request(method, "/" + path, headers=headers)
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_client_that_accepts_gzip_gets_the_file_gzip_compressed(
        site: tuple[str, int], name: str) -> None:
    response, body = fetch(site, name, "gzip, deflate, br, zstd")  # as Chromium asks
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert int(response.getheader("Content-Length", "-1")) == len(body)
    assert len(body) < len(FILES[name])
    assert gzip.decompress(body) == FILES[name]
    assert "Accept-Encoding" in response.getheader("Vary", "")


@pytest.mark.parametrize("accept_encoding", [None, "identity", "gzip;q=0", "br", "*;q=0"])
@pytest.mark.parametrize("name", sorted(FILES))
def test_a_client_that_does_not_accept_gzip_gets_the_file_as_it_is(
        site: tuple[str, int], name: str, accept_encoding: str | None) -> None:
    response, body = fetch(site, name, accept_encoding)
    assert response.status == 200
    assert response.getheader("Content-Encoding") is None
    assert int(response.getheader("Content-Length", "-1")) == len(body)
    assert body == FILES[name]


@pytest.mark.parametrize("name", sorted(AS_THEY_ARE))
def test_archives_and_images_go_as_they_are_even_to_a_client_that_accepts_gzip(
        site: tuple[str, int], name: str) -> None:
    response, body = fetch(site, name, "gzip")
    assert response.getheader("Content-Encoding") is None
    assert body == AS_THEY_ARE[name]
    assert int(response.getheader("Content-Length", "-1")) == len(body)


def test_the_folder_serves_its_index_compressed_and_a_head_says_what_a_get_sends(
        site: tuple[str, int]) -> None:
    response, body = fetch(site, "", "gzip")
    assert response.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body) == FILES["index.html"]
    head, nothing = fetch(site, "", "gzip", method="HEAD")
    assert nothing == b""
    assert head.getheader("Content-Encoding") == "gzip"
    assert head.getheader("Content-Length") == str(len(body))


def test_a_revalidation_of_an_unchanged_file_is_answered_not_modified(
        site: tuple[str, int]) -> None:
    first, _ = fetch(site, "index.html", "gzip")
    connection = http.client.HTTPConnection(*site, timeout=30)
    try:
        connection.request("GET", "/index.html", headers={
            "Accept-Encoding": "gzip", "If-Modified-Since": first.getheader("Last-Modified", "")})
        response = connection.getresponse()
        assert response.status == 304
        assert response.read() == b""
    finally:
        connection.close()


@pytest.mark.parametrize(("header", "takes"), [
    ("gzip", True),
    ("gzip, deflate, br, zstd", True),
    ("deflate, gzip;q=0.5", True),
    ("GZIP", True),
    ("x-gzip", True),
    ("*", True),
    ("br, *;q=0.1", True),
    (None, False),
    ("", False),
    ("identity", False),
    ("br, deflate", False),
    ("gzip;q=0", False),
    ("gzip;q=0, *", False),  # gzip refused by name: the wildcard does not bring it back
    ("*;q=0", False),
])
def test_accept_encoding_is_read_with_its_weights(header: str | None, takes: bool) -> None:
    assert accepts_gzip(header) is takes
