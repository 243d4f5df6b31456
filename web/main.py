"""Browser entry point: PyScript runs this file in Pyodide once Python has started.

For now it imports the rules engine, checks that every engine module loads in the browser,
and tells the loading screen (web/loader.js, ``window.ratscrewBoot``) that the page is ready.
The game table will be built here later, then ``ratscrewBoot.hide()`` hides the loading screen.

Every .py file that this code imports must be listed under [files] in pyscript.toml.
"""

import importlib
import pkgutil
import traceback

from pyscript import window  # provided by PyScript inside the browser

boot = window.ratscrewBoot


def load_engine() -> str:
    """Import every public module of the ``ratscrew`` package; return a one-line summary."""
    boot.step("engine", "Loading the game engine…")
    import ratscrew

    names = sorted(
        info.name
        for info in pkgutil.iter_modules(ratscrew.__path__)
        if not info.name.startswith("_")
    )
    for name in names:
        importlib.import_module(f"ratscrew.{name}")
    return f"Ratscrew {ratscrew.__version__} · {len(names)} engine modules loaded"


def main() -> None:
    try:
        summary = load_engine()
    except Exception as error:  # show a short message, keep the traceback for the console
        window.console.error(f"[ratscrew] engine failed to load:\n{traceback.format_exc()}")
        boot.fail(f"The game engine failed to load ({type(error).__name__}: {error}).")
        return
    boot.step("start", "Starting the game…")
    boot.ready(summary)


main()
