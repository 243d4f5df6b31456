// @ts-check
// The page's Python runtime, as PyScript loads it (pyscript.toml's `interpreter`): Pyodide's own
// loadPyodide, with the site's own standard library (the modules every start imports compiled
// by scripts/build: Pyodide ships them as source, and compiling them was 1.7 s of a 2.4 s
// start), started from a memory snapshot when this browser has one.
//
// Pyodide's start (still the longest part of a first visit) ends in the same memory every
// time for the same Pyodide and library. After a first visit, a worker
// (web/boot/snapshot_worker.mjs, started by web/boot/loader.js once the game is ready) starts a Pyodide
// of its own, takes that memory (Pyodide's makeMemorySnapshot) and keeps it in this browser's
// Cache Storage; later visits start from it in a fraction of the time, with or without a
// network. The snapshot is named after Pyodide's version (the npm package of one version is
// always the same files) and the library's name (its content's hash), so a site with another
// Pyodide or library never uses it; a snapshot that does not start is deleted and Python
// starts the usual way.
//
// A first visit's start runs on the page's own thread, which can answer nothing (a click, a
// key, a menu) while a piece of it runs: it is cut into pieces here, the page's turn between
// them (startInSteps). Pyodide's start is one chain of calls: once its WebAssembly is in,
// it would link it, put the library in place, start Python (Py_Initialize), import what
// Pyodide's own modules need (about a hundred modules of the library) and set up its API,
// all in one go (3 to 9 s on a loaded 2-core laptop). Pyodide's options give the page its
// turn on the way: createPyodideModule (ours calls Pyodide's own, and gives the page a turn
// before Emscripten links the compiled module, then once Python has started, when the
// modules that Pyodide's set-up will import are imported first, a few at a time, so that
// the set-up finds them), and fsInit (run before Python starts: it waits a turn). What
// stays one piece each: Emscripten's set-up of its module, its linking (one call each),
// Python's own initialization (one call into the interpreter), and the rest of Pyodide's
// set-up (its `pyodide` package, which needs the `js` modules it registers there, and its
// API).
//
// Everything else is Pyodide's: PyScript gets its `version` and a loadPyodide that takes the
// same options (with Pyodide's own folder as indexURL, since PyScript derives it from this
// file's URL). In a worker (the statistics lab's), Python starts the usual way, with the same
// library.
//
// (Pyodide is the runtime's copy, runtime/pyodide/, made by scripts/build from its npm package,
// whose types it has: its URL is made here, not written in a static import, so that the type
// checker takes the package's types, not the copy's code. index.html preloads it as a module,
// with this one.)
/** @type {typeof import("pyodide")} */
const pyodide = await import(new URL("../../runtime/pyodide/pyodide.mjs", import.meta.url).href);

/**
 * Pyodide's options, and the module its start makes (with the API its own start uses).
 * @typedef {import("pyodide").PyodideConfig} PyodideConfig
 * @typedef {Parameters<NonNullable<PyodideConfig["createPyodideModule"]>>[0]} ModuleSettings
 * @typedef {Awaited<ReturnType<NonNullable<PyodideConfig["createPyodideModule"]>>>} PyodideModule
 */

/**
 * The globals this module shares with the page (web/boot/loader.js, web/boot/main.py, the
 * browser tests): what the start was like, and how far it is.
 * @type {{ratscrewStdlib?: string | null, ratscrewSnapshot?: string,
 *   ratscrewWarm?: {imported: number, failed: string[]},
 *   ratscrewBoot?: {progress?: (step: string, fraction: number) => void},
 *   scheduler?: {yield?: () => Promise<void>}}}
 */
const shared = /** @type {any} */ (globalThis);

export const version = pyodide.version;

const INDEX_URL = new URL("../../runtime/pyodide/", import.meta.url).href;
export const SNAPSHOT_CACHE = "ratscrew-python-snapshot";

// The site's own standard library (Pyodide's, with the modules every start imports compiled,
// named after its content): scripts/build writes its file's name in place of this null. Null
// (the page served unbuilt, or built without Node): Pyodide's own library.
const STDLIB_FILE = null;
const stdlibFile = /** @type {string | null} */ (STDLIB_FILE); // (text, once the build wrote it)
export const STDLIB = stdlibFile ? new URL(`../../${stdlibFile}`, import.meta.url).href : null;
// (for web/boot/main.py, which then checks that the start compiled none of the library's modules)
shared.ratscrewStdlib = STDLIB;

// A snapshot holds Python's view of the library it started with, so its name says which.
export const snapshotKey = () => {
  const library = stdlibFile ? `-${stdlibFile.replace(/\.zip$/, "")}` : "";
  return new URL(`../../runtime/pyodide/snapshot-${version}${library}.bin`, import.meta.url).href;
};

// How this start went, for the browser tests and scripts/bench_page.py: "none" (no snapshot
// yet), "used" or "failed" (deleted; the usual start).
/** @param {"none" | "used" | "failed"} state */
const report = (state) => {
  shared.ratscrewSnapshot = state;
};

const stored = async () => {
  try {
    // (caches.match, not caches.open: looking must not make an empty cache)
    const response = await caches.match(snapshotKey(), { cacheName: SNAPSHOT_CACHE });
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (_) {
    return null; // no Cache Storage (an insecure origin, a private window): start as usual
  }
};

// Pyodide's options for a start with the site's runtime and standard library (here, and in
// web/boot/snapshot_worker.mjs, whose snapshot must be of the same Python).
/** @param {PyodideConfig} options @returns {PyodideConfig} */
export const startOptions = (options = {}) =>
  ({ ...options, indexURL: INDEX_URL, ...(STDLIB ? { stdLibURL: STDLIB } : {}) });

// The page's turn: a task ends here, and the next piece of the start is a new one, so that
// the browser handles what is waiting (input, a frame) in between. (scheduler.yield where
// there is one: the start's next piece comes before other tasks, after what is waiting.)
/** @returns {Promise<void>} */
export const nextTask = () => (typeof shared.scheduler?.yield === "function"
  ? shared.scheduler.yield()
  : new Promise((resolve) => setTimeout(resolve, 0)));

// A piece of the start takes about this long at most before the page has its turn (a single
// module's import may take longer: it cannot be cut).
const SLICE_MS = 30;

// The library's modules that Pyodide's set-up imports (and then PyScript's and ours), each
// after the modules it imports, so that each import is a small piece: Python's own
// `-X importtime` order of a start, without the modules built into the interpreter and
// Pyodide's own packages (which need its `js` modules) but its core, which the set-up
// imports first, before them. A package's submodules come with it. A name that is not there
// (another Pyodide) is passed over: its import then happens in Pyodide's set-up, as before.
// tests/e2e/start/test_boot.py checks that none fails.
export const WARM = [
  "ast", "linecache", "keyword", "operator", "reprlib", "collections", "types", "functools",
  "enum", "re", "tokenize", "weakref", "copy", "textwrap", "typing", "importlib.util",
  "warnings", "json", "__future__", "codeop", "annotationlib", "dis", "inspect",
  "dataclasses", "_colorize", "contextlib", "traceback", "string", "threading", "logging",
  "concurrent.futures", "heapq", "socket", "locale", "signal", "selectors", "subprocess",
  "fnmatch", "glob", "pathlib", "struct", "base64", "ssl", "contextvars", "asyncio", "bz2",
  "lzma", "compression.zstd", "shutil", "bisect", "random", "tempfile", "zipfile", "html",
  "pkgutil", "_pyodide_core",
];

// Python compiles what is not bytecode yet: PyScript's own modules, which it writes out as
// source at every start, and web/boot/main.py. The first compile of a start is slow (the
// browser compiles the WebAssembly of Python's parser and compiler as they first run): a few
// lines that take most of their paths are compiled here first, a piece of their own.
const COMPILE = [
  "from __future__ import annotations",
  "import sys as _s",
  "from os import path as _p",
  "@staticmethod",
  "async def f(a: int = 1, *b, c=None, **d) -> list[int]:",
  "    global g",
  "    try:",
  "        async with a as (x, y): await x",
  "    except (KeyError, ValueError) as e:",
  "        raise RuntimeError(f'{e!r:>10} {a}') from e",
  "    finally:",
  "        del b[0], d['k']",
  "    return [i ** 2 for i in range(3) if i % 2 or not i]",
  "class C(dict, metaclass=type):",
  "    \"\"\"A docstring.\"\"\"",
  "    x: int = 0",
  "    def m(self, /, k, *, v=lambda q: q):",
  "        while k > 0 and k is not None:",
  "            k -= 1; yield {k: v} | {**self}",
  "        else: pass",
  "        match k:",
  "            case [1, *r] | {'a': r}: return r",
  "            case _: ...",
  "b = b'\\x00' + rb'x'; t = (1, 2.5, 3j, ..., None, True); s = {*t}; n = t[1:-1:2]",
  "with open('x') as fh, open('y'): print(*t, sep='', end=''); assert s, 'never'",
].join("\n");

// How far the start is, for the loading line (web/boot/loader.js): `fraction` of Python's start.
/** @param {number} fraction */
const progress = (fraction) => shared.ratscrewBoot?.progress?.("python", fraction);

// What became of WARM, for tests/e2e/start/test_boot.py: how many were imported, and those
// whose import failed (with Python's message).
/** @type {{imported: number, failed: string[]}} */
const warmed = { imported: 0, failed: [] };

// Runs `code` in Python (Pyodide's own runner, which its set-up uses for its first import):
// "" when it ran, else Python's last line about why not.
/** @param {PyodideModule} module @param {string} code */
const run = (module, code) => {
  try {
    const [failed, message] = module.API.rawRun(code);
    return failed ? String(message).trim().split("\n").pop() || "failed" : "";
  } catch (error) {
    return String(error);
  }
};

// Imports WARM, a few at a time (SLICE_MS), the page's turn between them, then compiles
// COMPILE.
/** @param {PyodideModule} module */
const warm = async (module) => {
  shared.ratscrewWarm = warmed;
  let slice = performance.now();
  for (const [i, name] of WARM.entries()) {
    if (performance.now() - slice > SLICE_MS) {
      progress(0.3 + (0.55 * i) / WARM.length);
      await nextTask();
      slice = performance.now();
    }
    // (an expression, not `import name`: nothing is bound in __main__)
    const failed = run(module, `__import__(${JSON.stringify(name)})`);
    if (failed) warmed.failed.push(`${name}: ${failed}`);
    else warmed.imported += 1;
  }
  progress(0.85);
  await nextTask();
  const failed = run(module,
    `__import__("builtins").compile(${JSON.stringify(COMPILE)}, "<start>", "exec")`);
  if (failed) warmed.failed.push(`compile: ${failed}`);
  progress(0.9);
  await nextTask();
};

// Pyodide's options for a start in pieces (above). Anything unlike this Pyodide (no runner,
// another place for the library) only means fewer pieces.
/** @param {PyodideConfig} settings @returns {PyodideConfig} */
const startInSteps = (settings) => ({
  ...settings,
  fsInit: async (FS, { sitePackages }) => {
    progress(0.1);
    // Called as the WebAssembly's instantiation ends; the library (/lib/python3XY.zip) is put
    // in place once it has arrived (Pyodide awaits it), then Python starts, in a task of its
    // own. (A timer, not nextTask, to wait: a continuation of scheduler.yield comes before
    // the download that is awaited.)
    const version = String(sitePackages).match(/python(\d+)\.(\d+)/);
    const library = version ? `/lib/python${version[1]}${version[2]}.zip` : null;
    do await new Promise((resolve) => setTimeout(resolve, 0));
    while (library && !FS.analyzePath(library).exists);
    progress(0.15);
  },
  /** @param {ModuleSettings} moduleSettings */
  createPyodideModule: async (moduleSettings) => {
    /** @type {(settings: ModuleSettings) => Promise<PyodideModule>} */
    const create = (await import(`${INDEX_URL}pyodide.asm.mjs`)).default;
    // Emscripten's set-up of its module, then (its WebAssembly compiled) its linking: in a
    // task of its own.
    const { instantiateWasm } = moduleSettings;
    if (typeof instantiateWasm === "function") {
      /** @type {{-readonly [K in keyof ModuleSettings]: ModuleSettings[K]}} */
      const settings = moduleSettings; // (Emscripten's settings, which this wraps a hook of)
      settings.instantiateWasm = (imports, linked) => instantiateWasm(imports,
        (...compiled) => nextTask().then(() => linked(...compiled)));
    }
    const module = await create(moduleSettings); // Python has started
    progress(0.3);
    await nextTask();
    if (typeof module.API?.rawRun === "function") await warm(module);
    return module;
  },
});

/** @param {PyodideConfig} options */
export async function loadPyodide(options = {}) {
  const settings = startOptions(options);
  const page = typeof window === "object" && globalThis === window;
  const snapshot = page && typeof caches === "object" ? await stored() : null;
  if (snapshot) {
    try {
      const started = await pyodide.loadPyodide({ ...settings, _loadSnapshot: snapshot });
      report("used");
      return started;
    } catch (error) {
      console.warn("[ratscrew] the Python snapshot did not start; deleted", error);
      report("failed");
      await caches.delete(SNAPSHOT_CACHE).catch(() => {});
    }
  } else {
    report("none");
  }
  if (!page) return pyodide.loadPyodide(settings);
  const started = await pyodide.loadPyodide(startInSteps(settings));
  progress(1);
  await nextTask(); // PyScript's own set-up, then our modules: from a new task
  return started;
}
