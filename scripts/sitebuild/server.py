"""Serving a built site on 127.0.0.1 (scripts/serve, the benchmarks, the browser tests)."""

from __future__ import annotations

import functools
import http.server
import sys
from pathlib import Path
from typing import Any

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

