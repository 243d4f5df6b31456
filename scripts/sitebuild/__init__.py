"""The site's build, behind scripts/copy-runtime, scripts/build, scripts/serve and
scripts/site_tools.py (npm-ci).

The build also imports web/model/setup_html.py (the engine's own data, standard library too:
Python >= 3.11).

The browser game is a static site:

    _site/
        index.html             the page, written by the build (page.render_index)
        pyscript.toml          the config, its [files] table replaced by app.zip
        app.zip                every module of ratscrew/ and web/, compiled (appzip): one
                               download, written by PyScript into Pyodide's working
                               directory and imported from (appzip.site_config)
        sw.js, .nojekyll       the service worker (service_worker); no Jekyll
        web/shell/style.css    the page's stylesheet: its component files in one (stylesheet)
        web/*                  the page's JS, icons, the tools' own stylesheets and
                               web/boot/main.py (PyScript's script)
        runtime/pyodide/...    self-hosted Pyodide (from node_modules/pyodide)
        runtime/pyscript/...   self-hosted PyScript (from node_modules/@pyscript/core/dist)
        runtime/workbox/...    self-hosted Workbox, for the service worker
        runtime/plot/...       self-hosted Observable Plot and d3 (UMD), loaded only when the
                               statistics lab opens (web/tools/lab/view.py)
        runtime/qr/...         self-hosted QR code drawing (qrcode-generator: the phone seat
                               page, the host's join codes) and reading (qr-scanner and its
                               worker: the host's camera), loaded only when phones are used

Every URL in the site is relative, so it works under a sub-path (GitHub Pages project sites).

One module per part: layout (the paths and the lists of files), files (syncing a folder),
runtime (npm ci, runtime/), appzip (the page's Python), page (index.html), stylesheet,
service_worker, assemble (the build), server (serving a site as GitHub Pages does), commands.
Their public names are all here too (``sitebuild.build()``). Standard library only, so it
runs before the project's venv exists.
"""

from __future__ import annotations

from .appzip import (
    app_zip,
    bytecode,
    node_cached,
    overlaid,
    python_sources,
    site_config,
    stdlib_name,
    stdlib_startup,
    stdlib_zip,
)
from .assemble import (
    build,
    site_sources,
)
from .commands import (
    COMMANDS,
    main,
    main_build,
    main_copy_runtime,
    main_npm_ci,
    main_serve,
)
from .files import (
    folder_size,
    sync_files,
    tree_files,
    write_if_changed,
)
from .layout import (
    APP_ZIP,
    BOOT,
    BOOT_PLACEHOLDER,
    CONFIG,
    EARLY_FETCHES,
    EARLY_MODULES,
    GAME_PARTS,
    INDEX,
    LATER_FETCHES,
    MAIN_SCRIPT,
    NODE_MODULES,
    PARTS,
    PLOT_FILES,
    PYC_CACHE,
    PYODIDE_FILES,
    PYODIDE_STDLIB,
    PYSCRIPT_DIST,
    PYSCRIPT_EXTRA,
    QR_FILES,
    ROOT,
    RUNTIME,
    SERVICE_WORKER,
    SHARED_PARTS,
    SITE,
    STDLIB_CACHE,
    STDLIB_STARTUP,
    STYLESHEET,
    SW_PLACEHOLDER,
    SW_SOURCE,
    WORKBOX_FILES,
    WORKER_SCRIPTS,
    WRITTEN,
    SiteError,
    log,
)
from .page import (
    DOWNLOADS_MARKER,
    PRERENDER_MARKER,
    boot_module,
    downloads,
    prerendered,
    render_index,
    setup_html,
)
from .runtime import (
    copy_runtime,
    ensure_node_modules,
    node_modules_current,
    runtime_sources,
)
from .server import (
    MIME_TYPES,
    QuietSiteRequestHandler,
    SiteRequestHandler,
    SiteServer,
    make_server,
    server_url,
)
from .service_worker import (
    precache_list,
    service_worker_text,
    write_service_worker,
)
from .stylesheet import (
    CSS_STRING_OR_COMMENT,
    STYLESHEET_IMPORT,
    compact_css,
    part_stylesheets,
    stylesheet_bundle,
    stylesheet_parts,
    variant_styles,
)

__all__ = [
    "APP_ZIP",
    "BOOT",
    "BOOT_PLACEHOLDER",
    "COMMANDS",
    "CONFIG",
    "CSS_STRING_OR_COMMENT",
    "DOWNLOADS_MARKER",
    "EARLY_FETCHES",
    "EARLY_MODULES",
    "GAME_PARTS",
    "INDEX",
    "LATER_FETCHES",
    "MAIN_SCRIPT",
    "MIME_TYPES",
    "NODE_MODULES",
    "PARTS",
    "PLOT_FILES",
    "PRERENDER_MARKER",
    "PYC_CACHE",
    "PYODIDE_FILES",
    "PYODIDE_STDLIB",
    "PYSCRIPT_DIST",
    "PYSCRIPT_EXTRA",
    "QR_FILES",
    "ROOT",
    "RUNTIME",
    "SERVICE_WORKER",
    "SHARED_PARTS",
    "SITE",
    "STDLIB_CACHE",
    "STDLIB_STARTUP",
    "STYLESHEET",
    "STYLESHEET_IMPORT",
    "SW_PLACEHOLDER",
    "SW_SOURCE",
    "WORKBOX_FILES",
    "WORKER_SCRIPTS",
    "WRITTEN",
    "QuietSiteRequestHandler",
    "SiteError",
    "SiteRequestHandler",
    "SiteServer",
    "app_zip",
    "boot_module",
    "build",
    "bytecode",
    "compact_css",
    "copy_runtime",
    "downloads",
    "ensure_node_modules",
    "folder_size",
    "log",
    "main",
    "main_build",
    "main_copy_runtime",
    "main_npm_ci",
    "main_serve",
    "make_server",
    "node_cached",
    "node_modules_current",
    "overlaid",
    "part_stylesheets",
    "precache_list",
    "prerendered",
    "python_sources",
    "render_index",
    "runtime_sources",
    "server_url",
    "service_worker_text",
    "setup_html",
    "site_config",
    "site_sources",
    "stdlib_name",
    "stdlib_startup",
    "stdlib_zip",
    "stylesheet_bundle",
    "stylesheet_parts",
    "sync_files",
    "tree_files",
    "variant_styles",
    "write_if_changed",
    "write_service_worker",
]
