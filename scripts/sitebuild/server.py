"""Serving a built site on 127.0.0.1 (scripts/serve, the benchmarks, the browser tests) as
GitHub Pages serves it: each file with its MIME type, and the text types and WebAssembly
gzip-compressed (Content-Encoding: gzip, Content-Length of the compressed bytes) to a client
whose Accept-Encoding takes gzip, as they are to one that does not (:data:`GZIP_TYPES`)."""

from __future__ import annotations

import datetime
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
import urllib.parse
from http import HTTPStatus
from pathlib import Path
from typing import Any, BinaryIO

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


GZIP_TYPES = frozenset({
    "text/html", "text/css", "text/javascript", "application/json", "image/svg+xml",
    "application/manifest+json", "text/plain", "application/wasm",
})
"""The types GitHub Pages sends gzip-compressed to a browser that accepts it. Pages does not
publish its list: html, css, js and json are seen compressed on github.io, and so is
WebAssembly (pyodide.asm.wasm, the start's largest download); svg, the web app manifest and
text/plain (our .py and .toml) are text that a server compressing text compresses too, taken
as compressed. Zip archives (app.zip, the standard library) and images are sent as they are:
they are compressed already."""

GZIP_LEVEL = 6
"""zlib's default. Pages' own level is not published: its bytes may differ a little."""


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether a request's Accept-Encoding takes gzip: ``gzip`` (or ``x-gzip``) with a q above
    0, or else ``*`` with a q above 0."""
    weights: dict[str, float] = {}
    for item in (accept_encoding or "").split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if coding:
            weights[coding.lower()] = weight
    for coding in ("gzip", "x-gzip", "*"):
        if coding in weights:
            return weights[coding] > 0
    return False


_compressed: dict[str, tuple[int, int, bytes]] = {}
"""A file's path -> its mtime (ns), its size and its bytes gzip-compressed."""
_compressing = threading.Lock()


def gzipped(path: Path) -> bytes:
    """``path``'s bytes gzip-compressed (no name, no time in the header: the same bytes for the
    same file), compressed once while the file stays the same: a page's start asks for
    pyodide.asm.wasm each time, and compressing it takes the server a good part of a second."""
    stat = path.stat()
    with _compressing:
        known = _compressed.get(str(path))
    if known is not None and known[:2] == (stat.st_mtime_ns, stat.st_size):
        return known[2]
    data = gzip.compress(path.read_bytes(), compresslevel=GZIP_LEVEL, mtime=0)
    with _compressing:
        _compressed[str(path)] = (stat.st_mtime_ns, stat.st_size, data)
    return data


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, gzip-compressed as GitHub Pages
    compresses them (:data:`GZIP_TYPES`), and no caching (for development)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # (before the base class's __init__, which serves the request)
        self.extensions_map = {**self.extensions_map, **MIME_TYPES}
        self.varies = False
        """Whether the response depends on Accept-Encoding (a type Pages compresses)."""
        super().__init__(*args, **kwargs)

    def compressible(self) -> Path | None:
        """The file the request names when it is of a type Pages compresses, else None (a
        directory's redirect, a listing, a missing file: the base class answers those)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not urllib.parse.urlsplit(self.path).path.endswith("/"):
                return None
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or self.guess_type(path) not in GZIP_TYPES:
            return None
        return Path(path)

    def send_head(self) -> BinaryIO | None:
        file = self.compressible()
        self.varies = file is not None
        if file is None or not accepts_gzip(self.headers.get("Accept-Encoding")):
            return super().send_head()
        mtime = file.stat().st_mtime
        if self.not_modified(mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = gzipped(file)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(str(file)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def not_modified(self, mtime: float) -> bool:
        """Whether the request's If-Modified-Since (without If-None-Match) is not older than
        ``mtime``: as the base class decides it for the files it sends."""
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if when.tzinfo is None:
            when = when.replace(tzinfo=datetime.UTC)
        modified = datetime.datetime.fromtimestamp(int(mtime), datetime.UTC)
        return modified <= when

    def end_headers(self) -> None:
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
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

