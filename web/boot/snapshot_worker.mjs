// @ts-check
// Makes the memory snapshot that later visits start Python from (see web/boot/pyodide_boot.mjs):
// a Pyodide of its own, started and snapshotted before any code of ours runs in it, kept in
// Cache Storage under the name web/boot/pyodide_boot.mjs looks for; older snapshots (another
// Pyodide) are deleted. Started by web/boot/loader.js once the game is ready, in this worker so
// that the page never waits for it. Answers "stored" or "failed: <why>", then is done.
import { SNAPSHOT_CACHE, snapshotKey, startOptions } from "./pyodide_boot.mjs";

// (Pyodide's own loadPyodide, from the runtime's copy, typed by its npm package: see
// web/boot/pyodide_boot.mjs.)
/** @type {typeof import("pyodide")} */
const { loadPyodide, version } = await import(
  new URL("../../runtime/pyodide/pyodide.mjs", import.meta.url).href);

const make = async () => {
  const key = snapshotKey();
  const cache = await caches.open(SNAPSHOT_CACHE);
  if (await cache.match(key)) return "stored";
  // (with the page's own standard library: the snapshot holds Python's view of it)
  const started = await loadPyodide(startOptions({ _makeSnapshot: true }));
  const snapshot = started.makeMemorySnapshot();
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(key, new Response(/** @type {Uint8Array<ArrayBuffer>} */ (snapshot), {
    headers: { "Content-Type": "application/octet-stream", "X-Pyodide-Version": version },
  }));
  return "stored";
};

make().then(
  (result) => postMessage(result),
  (error) => postMessage(`failed: ${error && error.message ? error.message : error}`),
);
