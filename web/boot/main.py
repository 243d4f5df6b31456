"""Browser entry point: PyScript runs this file in Pyodide once Python has started.

It only boots: it loads the engine and the page's modules, then starts the application
(:mod:`web.shell.app`), telling the loading screen (web/boot/loader.js, ``window.ratscrewBoot``) how
it goes. Anything that fails on the way becomes a one-line message on the page, with the
traceback in the browser console.

Every .py file that the page imports must be listed under [files] in pyscript.toml. The
build ships them all, compiled, in one app.zip, which Python imports from (zipimport).
"""

import importlib
import os
import random
import sys
import traceback

if os.path.isfile("app.zip"):  # the built site: our modules, compiled, in one zip
    sys.path.insert(0, os.path.abspath("app.zip"))

from pyodide.ffi import create_proxy
from pyscript import document, window

# Python may have started from a memory snapshot (web/boot/pyodide_boot.mjs), random's state
# included: seeded afresh, or every visit would pick the same "new" seeds.
random.seed()

boot = window.ratscrewBoot


PAGE_MODULES = ("core.cards", "core.rng", "core.slaps", "core.options", "core.events",
                "core.engine", "variants", "play.bots", "play.match")
"""The engine modules the page plays with (the analyser, records and the command line are
not needed to play, and importing them would only slow the start)."""


def load_engine() -> str:
    """Import the engine modules the page uses; return a one-line summary."""
    import ratscrew

    for name in PAGE_MODULES:
        importlib.import_module(f"ratscrew.{name}")
    return f"Ratscrew {ratscrew.__version__} · {len(PAGE_MODULES)} engine modules loaded"


def compiled_at_start() -> list[str]:
    """The standard library's modules that this start compiled from their source: none when
    the build's own library (scripts/stdlib_startup.txt) holds every module the start imports
    as bytecode; a module missing there still works, but costs the start its compiling."""
    library = os.path.join(sys.prefix, "lib", "python")  # /lib/python314.zip/...
    compiled = []
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(library) and origin.endswith(".py"):
            compiled.append(name)
    return sorted(compiled)


def fail(what: str, error: Exception) -> None:
    window.console.error(f"[ratscrew] {what}:\n{traceback.format_exc()}")
    boot.fail(f"The {what} ({type(error).__name__}: {error}).")


def main() -> None:
    boot.step("engine", "Loading the game engine…")
    try:
        summary = load_engine()
    except Exception as error:
        fail("game engine failed to load", error)
        return
    boot.step("start", "Starting the game…")
    try:
        from web.shell.app import App

        app = App()
    except Exception as error:
        fail("game failed to start", error)
        return
    window.ratscrewApp = create_proxy(app)
    boot.ready(summary)
    boot.hide()
    document.getElementById("app").hidden = False
    if getattr(window, "ratscrewStdlib", None) and (compiled := compiled_at_start()):
        window.console.warn("[ratscrew] the start compiled these modules of the standard "
                            f"library; add them to scripts/stdlib_startup.txt: {compiled}")


main()
