"""Browser entry point: PyScript runs this file in Pyodide once Python has started.

It only boots: it loads the engine and the page's modules, then starts the application
(:mod:`web.shell.app`), telling the loading line (web/boot/loader.js, ``window.ratscrewBoot``) how
it goes. Anything that fails on the way becomes a one-line message on the page, with the
traceback in the browser console.

Its words are the page's language: before the engine (and its catalogue, :func:`use_language`)
is there, said by the page's JavaScript (``window.ratscrewI18n.t``, web/boot/i18n.js, which has
the same catalogue); after, by :mod:`ratscrew.i18n`.

The page answers nothing (a click, a key, a menu of the setup form) while Python runs, so the
start goes in steps (:func:`start`), the page's turn between them: the modules are imported a
few at a time (:data:`START_MODULES`, each after the modules it imports, so that each import
is a small step), then the first screen is drawn (the shell, :class:`~web.shell.app.App`).

The build finds every .py file of ratscrew/ and web/ and ships them all, compiled, in one
app.zip (named in the site's pyscript.toml), which Python imports from (zipimport).
"""

import asyncio
import importlib
import os
import random
import sys
import time
import traceback

if os.path.isfile("app.zip"):  # the built site: our modules, compiled, in one zip
    sys.path.insert(0, os.path.abspath("app.zip"))

from pyodide.ffi import create_proxy
from pyscript import document, window

# Python may have started from a memory snapshot (web/boot/pyodide_boot.mjs), random's state
# included: seeded afresh, or every visit would pick the same "new" seeds.
random.seed()

boot = window.ratscrewBoot

ENGINE_MODULES = ("ratscrew.core.safe_json", "ratscrew.i18n.catalogue", "ratscrew.i18n",
                  "ratscrew.core.rng", "ratscrew.core.cards", "ratscrew.core.slaps",
                  "ratscrew.core.options", "ratscrew.core.events", "ratscrew.core.discovery",
                  "ratscrew.core.variant", "ratscrew.core.actions", "ratscrew.core.table",
                  "ratscrew.core.pile", "ratscrew.core.challenge", "ratscrew.core.penalties",
                  "ratscrew.core.state", "ratscrew.core.engine", "ratscrew.variants",
                  "ratscrew.play.bots", "ratscrew.play.match")
"""The engine modules the page plays with (the analyser, records and the command line are
not needed to play, and importing them would only slow the start)."""

PAGE_MODULES = (
    "web.model.query", "web.model.links", "web.model.keymap",
    "web.model.card_text", "web.model.card_face", "web.dom", "web.table.cards_view",
    "web.shell.keys", "ratscrew.play.record",
    "web.model.game_clock", "web.model.timeline", "web.model.session",
    "web.shell.records", "web.model.feedback", "web.model.settings",
    "web.shell.settings_dialog", "web.model.seating", "web.model.variant_page",
    "web.model.setup_options", "web.model.setup_html", "web.shell.setup", "web.shell.sound",
    "web.shell.tool_screens", "web.model.headline", "web.model.log_lines", "web.table.steps",
    "web.table.end", "web.table.timers", "web.table.play", "web.shell.app", "web.table.flight",
    "web.table.piece", "web.table.part",
)
"""The page's modules, after the engine's."""

START_MODULES = (*ENGINE_MODULES, *PAGE_MODULES)
"""What the start imports, in the order Python completes them (each module after those it
imports): each step of :func:`start` imports a few. A module the start needs but this list
lacks is imported with the first one that needs it, a larger step (the page says which in
the console, and tests/e2e/start/test_boot.py fails). The variants' own modules come with
their packages (found by discovery: ``ratscrew.variants`` imports them all; the web parts
come one a step)."""

DISCOVERED = ("ratscrew.variants.", "web.table.parts.")
"""Packages whose modules are found by discovery, not named anywhere."""

STEP_S = 0.03
"""A step of the start takes about this long at most (a module's import cannot be cut)."""


async def next_task() -> None:
    """The page's turn: Python's event loop in Pyodide runs what comes next from a new task of
    the browser's, which handles input and draws a frame first if one is due."""
    await asyncio.sleep(0)


async def import_in_steps(names: tuple[str, ...], done: int = 0,
                          total: int = len(START_MODULES)) -> None:
    """Import ``names`` in order, a few a step (:data:`STEP_S`), telling the loading line how
    far the start got (``done`` of ``total`` modules imported before)."""
    began = time.perf_counter()
    for i, name in enumerate(names, done):
        if time.perf_counter() - began > STEP_S:
            boot.progress("engine", i / total)
            await next_task()
            began = time.perf_counter()
        importlib.import_module(name)
    boot.progress("engine", (done + len(names)) / total)
    await next_task()


def first_screen() -> str:
    """The screen the app draws first: "table" (a link's table, or Deal pressed while Python
    started), "setup", or another ("wait": a link Python reads)."""
    pending = document.getElementById("setup").getAttribute("data-pending")
    start = str(document.documentElement.dataset.start or "wait")
    return "table" if pending else start


def first_screen_words(screen: str) -> str:
    """The loading line's last words, by the screen drawn first (:func:`first_screen`), in the
    page's language (the engine's catalogue is in use by then)."""
    from ratscrew.i18n import t

    if screen == "table":
        return t("Drawing the table…")
    if screen == "setup":
        return t("Setting up the form…")
    return t("Drawing the page…")


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


def unlisted_at_start() -> list[str]:
    """Our modules that the start imported without their own step (:data:`START_MODULES`
    lacks them)."""
    ours = [name for name in sys.modules
            if name.startswith(("ratscrew.", "web.")) and not name.startswith(DISCOVERED)
            and f"{name}." not in DISCOVERED]
    packages = {name.rpartition(".")[0] for name in START_MODULES}
    return sorted(name for name in ours
                  if name not in START_MODULES and name not in packages
                  and name != "web.boot" and not name.startswith("web.boot."))


async def use_language() -> None:
    """Say everything in the page's language: the catalogue web/boot/i18n.js fetched for it
    (none for English), with names isolated in sentences. A catalogue Python cannot read
    leaves the page in English, and says why (a notice)."""
    from ratscrew import i18n

    i18n.isolating()  # a page shows names of either direction in its sentences
    text = str(await window.ratscrewI18n.ready or "")
    if not text:
        return
    try:
        i18n.use(i18n.parse(text))
    except i18n.CatalogueError as error:
        window.console.error(f"[ratscrew] the catalogue: {error}")
        # (Said by the page's JavaScript, which could read the catalogue.)
        # i18n: {error} says what is wrong with the language's catalogue (in English).
        window.ratscrewI18n.problem = window.ratscrewI18n.t(
            "The page's language could not be loaded ({error}).", values(error=str(error)))


def values(**named: str) -> object:
    """Named values for the page's JavaScript words (``window.ratscrewI18n.t``): a plain
    JavaScript object."""
    from web.dom import js_object

    return js_object(named)


def problem(error: Exception) -> str:
    """What went wrong, in one line: the error's type and message (for the error panel)."""
    return f"{type(error).__name__}: {error}"


def fail(what: str, message: str) -> None:
    """The start failed: ``message`` (the page's words) on the loading screen's error panel,
    and ``what`` failed with the traceback in the console."""
    window.console.error(f"[ratscrew] {what}:\n{traceback.format_exc()}")
    boot.fail(message)


async def start() -> None:
    try:
        import ratscrew

        await import_in_steps(ENGINE_MODULES)
        await use_language()
    except Exception as error:
        # (Said by the page's JavaScript: the engine's catalogue may not be in use.)
        # i18n: {error} is the error's type and message, in English ("ImportError: ...").
        fail("game engine failed to load", window.ratscrewI18n.t(
            "The game engine failed to load ({error}).", values(error=problem(error))))
        return
    from ratscrew.i18n import t, tn

    try:
        await import_in_steps(PAGE_MODULES, len(ENGINE_MODULES))
        # The variants' web parts (their pieces of the table), one a step, as discovery finds
        # them (their package imports none of them), then discovered (imported already).
        from ratscrew.core.discovery import module_names
        from web.model.variant_page import PARTS_PACKAGE
        from web.table.part import load_parts

        found = tuple(module_names(PARTS_PACKAGE))
        await import_in_steps(found, len(START_MODULES), len(START_MODULES) + len(found))
        load_parts()
        screen = first_screen()
        boot.step("start", first_screen_words(screen))
        await next_task()
        from web.shell.app import App

        app = App()
    except Exception as error:
        # i18n: {error} is the error's type and message, in English ("TypeError: ...").
        fail("game failed to start", t("The game failed to start ({error}).",
                                       error=problem(error)))
        return
    window.ratscrewApp = create_proxy(app)
    count = len(START_MODULES)
    boot.ready(tn("Ratscrew {version} · {n} module loaded",
                  "Ratscrew {version} · {n} modules loaded", count,
                  version=ratscrew.__version__, n=count))
    boot.hide()
    document.getElementById("app").hidden = False
    if getattr(window, "ratscrewStdlib", None) and (compiled := compiled_at_start()):
        window.console.warn("[ratscrew] the start compiled these modules of the standard "
                            f"library; add them to scripts/stdlib_startup.txt: {compiled}")
    if unlisted := unlisted_at_start():
        window.console.warn("[ratscrew] the start imported these modules without a step of "
                            f"their own; add them to START_MODULES in web/boot/main.py: {unlisted}")


_STARTING: set[asyncio.Future[None]] = set()
"""The start under way (the event loop holds only a weak reference to it)."""

boot.step("engine", window.ratscrewI18n.t("Loading the game…"))  # (before the engine's catalogue)
_task = asyncio.ensure_future(start())
_STARTING.add(_task)
_task.add_done_callback(_STARTING.discard)
