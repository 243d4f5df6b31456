"""The commands: scripts/build, scripts/serve, scripts/copy-runtime and
``scripts/site_tools.py npm-ci``."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from .assemble import build
from .layout import ROOT, SITE, SiteError, log
from .runtime import copy_runtime, ensure_node_modules
from .server import make_server, server_url


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


COMMANDS: dict[str, Callable[[], None]] = {
    "npm-ci": main_npm_ci,  # npm ci, only when node_modules differs from package-lock.json
    "copy-runtime": main_copy_runtime,
    "build": main_build,
    "serve": main_serve,
}


def main(argv: list[str]) -> None:
    """``site_tools.py COMMAND [options]``: one of :data:`COMMANDS`, run from the repository's
    top (its options in ``argv`` after the command's name)."""
    os.chdir(ROOT)
    if len(argv) < 2 or argv[1] not in COMMANDS:
        sys.exit(f"usage: {argv[0]} {{{','.join(COMMANDS)}}} [options]")
    name = argv.pop(1)
    COMMANDS[name]()
