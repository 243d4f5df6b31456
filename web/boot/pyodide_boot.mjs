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
// Everything else is Pyodide's: PyScript gets its `version` and a loadPyodide that takes the
// same options (with Pyodide's own folder as indexURL, since PyScript derives it from this
// file's URL). In a worker (the statistics lab's), Python starts the usual way, with the same
// library.
import * as pyodide from "../../runtime/pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../../runtime/pyodide/", import.meta.url).href;
export const SNAPSHOT_CACHE = "ratscrew-python-snapshot";

// The site's own standard library (Pyodide's, with the modules every start imports compiled,
// named after its content): scripts/build writes its file's name in place of this null. Null
// (the page served unbuilt, or built without Node): Pyodide's own library.
const STDLIB_FILE = null;
export const STDLIB = STDLIB_FILE ? new URL(`../../${STDLIB_FILE}`, import.meta.url).href : null;
// (for web/boot/main.py, which then checks that the start compiled none of the library's modules)
globalThis.ratscrewStdlib = STDLIB;

// A snapshot holds Python's view of the library it started with, so its name says which.
export const snapshotKey = () => {
  const library = STDLIB_FILE ? `-${STDLIB_FILE.replace(/\.zip$/, "")}` : "";
  return new URL(`../../runtime/pyodide/snapshot-${version}${library}.bin`, import.meta.url).href;
};

// How this start went, for the browser tests and scripts/bench_page.py: "none" (no snapshot
// yet), "used" or "failed" (deleted; the usual start).
const report = (state) => {
  globalThis.ratscrewSnapshot = state;
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
export const startOptions = (options = {}) =>
  ({ ...options, indexURL: INDEX_URL, ...(STDLIB ? { stdLibURL: STDLIB } : {}) });

export async function loadPyodide(options = {}) {
  const settings = startOptions(options);
  const page = typeof window === "object" && globalThis === window && typeof caches === "object";
  const snapshot = page ? await stored() : null;
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
  return pyodide.loadPyodide(settings);
}
