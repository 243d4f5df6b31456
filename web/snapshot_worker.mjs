// Makes the memory snapshot that later visits start Python from (see web/pyodide_boot.mjs):
// a Pyodide of its own, started and snapshotted before any code of ours runs in it, kept in
// Cache Storage under the name web/pyodide_boot.mjs looks for; older snapshots (another
// Pyodide) are deleted. Started by web/loader.js once the game is ready, in this worker so
// that the page never waits for it. Answers "stored" or "failed: <why>", then is done.
import { loadPyodide, version } from "../runtime/pyodide/pyodide.mjs";
import { SNAPSHOT_CACHE, snapshotKey } from "./pyodide_boot.mjs";

// stdlib: the page's own standard library (its URL), or null for Pyodide's.
const make = async (stdlib) => {
  const key = snapshotKey(stdlib);
  const cache = await caches.open(SNAPSHOT_CACHE);
  if (await cache.match(key)) return "stored";
  const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
  const started = await loadPyodide({
    indexURL, _makeSnapshot: true, ...(stdlib ? { stdLibURL: stdlib } : {}) });
  const snapshot = started.makeMemorySnapshot();
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(key, new Response(snapshot, {
    headers: { "Content-Type": "application/octet-stream", "X-Pyodide-Version": version },
  }));
  return "stored";
};

// The page says which standard library it started with (web/loader.js).
addEventListener("message", (event) => {
  const stdlib = event.data && typeof event.data.stdlib === "string" ? event.data.stdlib : null;
  make(stdlib).then(
    (result) => postMessage(result),
    (error) => postMessage(`failed: ${error && error.message ? error.message : error}`),
  );
}, { once: true });
