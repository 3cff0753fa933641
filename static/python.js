/* Where the game's Python runs: in PyScript's worker, so that the page never waits for it (it
 * scrolls, opens its panels and keeps what the player does while Python starts, and a move's
 * Python never blocks a frame). The worker never touches the page: the page sends it each
 * message as one JSON text and awaits the answer (static/view.js), so it needs no
 * SharedArrayBuffer and no cross-origin isolation (pyscript.toml's `sync_main_only`).
 *
 * Where no worker can start (the browser refuses its script, or it fails or dies), the same
 * Python starts on the page's own thread behind the same applier: the page says which in
 * `<html data-python>` ("worker" or "page"). A message whose answer a dead worker never gave
 * is handed to the Python that follows it, after its start, so nothing the player did is lost.
 *
 * The worker's interpreter is static/interpreter.mjs: Pyodide, restored from a memory snapshot
 * of an earlier start on this device when there is one for this build. Once the game is ready
 * and the page idle, a short-lived worker makes that snapshot if the start used none (on a page
 * the service worker controls). The page says how in `<html data-snapshot>`: "none", "used",
 * "failed" (it did not restore; started plainly), then "made" (or "failed") once one is made
 * for the next start.
 */
"use strict";

(() => {
  const config = new URL(document.querySelector("py-config").getAttribute("src"), document.baseURI).href;
  const core = document.getElementById("pyscript-core").src;
  const code = new URL(document.currentScript.dataset.worker, document.baseURI).href;
  const interpreter = new URL(document.currentScript.dataset.interpreter, document.baseURI);
  const PAGE = "from royal.web.main import start\nstart()\n";
  const root = document.documentElement;

  /** The error a message's answer fails with when the worker is gone (static/view.js keeps the
   * message for the Python that follows). */
  function lost() {
    return Object.assign(new Error("the game's Python worker stopped"), { name: "PythonLost" });
  }

  /** Start the game's Python on the page's own thread (once), for `why`. */
  function startOnPage(why) {
    if (root.dataset.python === "page") return;
    console.warn("Royal Marriage: the game's Python runs on the page's thread:", why);
    root.dataset.python = "page";
    const script = document.createElement("script");
    script.type = "py"; // read by PyScript, with <py-config>, never run by the browser
    script.textContent = PAGE;
    document.body.append(script);
  }

  /** PyScript's core, once it has run: WebKit may resolve its import while the page's own
   * `<script type="module">` of it still runs, its exports not yet set (a ReferenceError). */
  async function loaded() {
    const module = await import(core);
    for (let waited = 0; ; waited += 10) {
      try {
        return { PyWorker: module.PyWorker, read: module.config };
      } catch (error) {
        if (!(error instanceof ReferenceError) || waited > 60_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  /** The worker's interpreter (static/interpreter.mjs) for the game's zip that `files` (the
   * configuration's) names, its reports of the snapshot heard in `<html data-snapshot>`. */
  function snapshotting(files) {
    const zip = Object.keys(files).find((name) => name.endsWith(".zip"));
    const given = new URLSearchParams({
      game: new URL(zip, config).pathname.split("/").pop(),
      report: `royal-marriage snapshot ${crypto.randomUUID()}`,
    });
    const channel = new BroadcastChannel(given.get("report"));
    channel.onmessage = (event) => {
      root.dataset.snapshot = event.data;
      channel.close();
    };
    const address = new URL(interpreter);
    address.hash = given.toString();
    return address.href;
  }

  /** Once the page is idle after ready, make a snapshot for the next start where this one used
   * none, in a worker of its own that ends once it has. Only on a page the service worker
   * controls: the maker's worker then reads the runtime and the game from its caches, where an
   * uncontrolled page's (a first visit's) would download them a second time. */
  function makeSnapshot(url) {
    const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 1000));
    idle(
      () => {
        if (root.dataset.snapshot === "used" || root.dataset.python !== "worker") return;
        if (!navigator.serviceWorker?.controller) return;
        // The name tells static/interpreter.mjs to make the snapshot (its SNAPSHOT_WORKER).
        const maker = new Worker(url, { type: "module", name: "royal-marriage snapshot" });
        const end = (state) => {
          root.dataset.snapshot = state;
          maker.terminate();
        };
        maker.onmessage = (event) => end(event.data);
        maker.onerror = () => end("failed");
      },
      { timeout: 5000 },
    );
  }

  async function startInWorker() {
    const { PyWorker, read } = await loaded(); // <py-config> read as it loads
    let worker = null;
    let failed = false;
    const waiting = new Set(); // the rejections of the answers awaited
    /** The worker is gone (its script refused, its own error, or it died): what was awaited is
     * lost, and the game starts again on the page. */
    const fail = (why) => {
      if (failed) return;
      failed = true;
      worker?.terminate();
      for (const reject of waiting) reject(lost());
      waiting.clear();
      startOnPage(why);
    };
    // A worker's script the page's policy refuses leaves it never ready, saying so only here.
    const refused = (event) => {
      if (event.effectiveDirective === "worker-src") fail(`${event.effectiveDirective} refused it`);
    };
    document.addEventListener("securitypolicyviolation", refused);
    const version = snapshotting(read.py.files);
    try {
      worker = await PyWorker(code, { config, configURL: config, version }); // its `code` run
    } finally {
      document.removeEventListener("securitypolicyviolation", refused);
    }
    if (failed) return worker.terminate();
    worker.addEventListener("error", (event) => fail(event.message || "the worker stopped"));
    /** Call the worker's exported `name` with `args`, or fail with `lost()` once it is gone. */
    const call = (name, ...args) =>
      new Promise((resolve, reject) => {
        if (failed) return reject(lost());
        waiting.add(reject);
        worker.sync[name](...args).then(
          (answer) => {
            waiting.delete(reject);
            resolve(answer);
          },
          (error) => {
            waiting.delete(reject);
            reject(error);
          },
        );
      });
    const [lock, settle, prefix] = JSON.parse(await call("setup"));
    root.dataset.python = "worker";
    royalView.listen((text) => call("answer", text), lock, settle, prefix);
    makeSnapshot(version);
  }

  startInWorker().catch((error) => startOnPage(error));
})();
