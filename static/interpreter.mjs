/* The game's interpreter as PyScript's worker starts it (static/python.js gives this module as
 * the worker's interpreter): Pyodide's own `loadPyodide`, restored from a memory snapshot of a
 * start made on this device when one for exactly this build is stored, else started plainly.
 *
 * A plain start pays for the interpreter's own start and for importing the game (seconds on a
 * phone); a restored one maps a copy of the memory of a start that had done both. The snapshot
 * (some 30 MB, 5 MB gzipped) is never shipped: a first visit and every update would download it.
 * Instead, once the game is ready and the page idle, the page runs this module again in a
 * short-lived worker of its own (named SNAPSHOT_WORKER), which starts Pyodide, imports the game
 * and stores the snapshot for the next start. It is stored in a cache of its own, keyed by
 * Pyodide's folder and the game's zip, whose names carry their contents' hashes
 * (tools/addresses.py): any update makes it stale, and a stale one is deleted. A snapshot that
 * fails to restore is deleted and the start goes on plainly, so it never breaks a start.
 *
 * The page names the game's zip and a BroadcastChannel of its own in this module's address's
 * fragment (`#game=...&report=...`: the browser asks for and caches the file without it); the
 * module tells the page on that channel how the start went, which the page says in
 * `<html data-snapshot>` (docs/automation.md).
 */
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

/** The worker's name when it runs this module to make a snapshot (static/python.js names it). */
const SNAPSHOT_WORKER = "royal-marriage snapshot";

const HERE = new URL(import.meta.url);
const GIVEN = new URLSearchParams(HERE.hash.slice(1));
const INDEX = new URL("./vendor/pyodide/", HERE).href;
const SITE = new URL("../", HERE).href;
// Named as the service worker names its caches, which it leaves this one (sw.template.js).
const CACHE = `royal-marriage ${SITE} snapshot`;
// The game's zip, by its versioned name (python.js reads it from the configuration).
const GAME = GIVEN.get("game");
const KEY = new URL(`${INDEX}snapshot?game=${encodeURIComponent(GAME)}`).href;
// What a start imports: royal.web.main imports the rest of the game.
const IMPORTS = "import royal.web.main";

/** Tell the page that started this worker how its start went (none, used, failed). */
function report(state) {
  const channel = GIVEN.get("report");
  if (!channel) return;
  const out = new BroadcastChannel(channel);
  out.postMessage(state);
  out.close();
}

/** The stored snapshot for exactly this build, deleting any other; null if none. */
async function stored() {
  if (!GAME || typeof caches === "undefined") return null;
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (request.url !== KEY) await cache.delete(request);
  }
  const response = await cache.match(KEY);
  if (!response) return null;
  const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

/** PyScript's call: Pyodide restored from this build's snapshot, or started plainly (a
 * snapshot that cannot be read or restored deleted). */
export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX };
  try {
    const snapshot = await stored();
    if (snapshot) {
      const pyodide = await load({ ...settings, _loadSnapshot: snapshot });
      report("used");
      return pyodide;
    }
  } catch (error) {
    console.warn("Royal Marriage: the memory snapshot failed to restore; starting plainly:", error);
    await caches.delete(CACHE).catch(() => {});
    report("failed");
    return load(settings);
  }
  report("none");
  return load(settings);
}

/** Make this build's snapshot and store it, once it restores here (a heap that grew past
 * the interpreter's initial size does not); answer the page "made" or "failed". */
async function make() {
  const pyodide = await load({ indexURL: INDEX, _makeSnapshot: true });
  const game = await fetch(new URL(GAME, SITE));
  if (!game.ok) throw new Error(`the game's zip: ${game.status}`);
  pyodide.unpackArchive(await game.arrayBuffer(), "zip", { extractDir: "." });
  pyodide.runPython(IMPORTS);
  const snapshot = pyodide.makeMemorySnapshot();
  const check = await load({ indexURL: INDEX, _loadSnapshot: snapshot });
  check.runPython(IMPORTS);
  const packed = new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"));
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
}

if (globalThis.name === SNAPSHOT_WORKER) {
  make().then(
    () => postMessage("made"),
    (error) => {
      console.warn("Royal Marriage: no memory snapshot made:", error);
      postMessage("failed");
    },
  );
}
