/* Royal Marriage boot: what the player sees before Python runs, and offline support.
 *
 * Loaded with `defer` after the applier (static/view.js, static/line.js), before PyScript. It
 *  - draws the table before Python starts, with the page's own applier: on a return visit the
 *    description the game keeps beside its save (royal/view/boot.py: the look, the line, the
 *    fields, the stats, the first-game guide), on a first visit the one the build made of a
 *    newcomer's first deal. Storage is shared with other pages of the origin, so nothing in it
 *    is trusted: a kept description is drawn only when every region, tag, attribute and effect
 *    in it is one the game's boot view names, and the applier writes text only as text. The
 *    line is marked busy and takes no click; the game draws over it when it takes over;
 *  - advances #loading through the boot stages and hides it once body[data-ready]
 *    appears, or says clearly that the game could not start;
 *  - registers ./sw.js, which keeps the whole site for offline play;
 *  - unhides #update-notice when a new build has been downloaded, and makes
 *    #update-reload switch to it.
 *
 * Every value it shares with the game's Python (storage keys, what a kept description may
 * hold, the descriptions the build made, the runtime's files) is written in by the build from
 * the module that holds it (tools/boot_script.py), in place of the marker below: this file
 * holds no copy.
 */
(() => {
  "use strict";

  /* build.py writes the values shared with Python here */

  const STAGES = {
    page: [5, "Setting out the table…"],
    runtime: [15, "Shuffling the deck…"],
    python: [50, "Learning the rules…"],
    game: [90, "Dealing the cards…"],
    ready: [100, "Ready."],
  };
  // Pyodide's loader (RUNTIME_LOADER) arriving means the runtime download has begun; the two
  // big files (RUNTIME_FILES) each add their share to the bar as they complete.
  const PER_RUNTIME_FILE = (STAGES.python[0] - STAGES.runtime[0]) / RUNTIME_FILES.length;

  // --- the table before Python -------------------------------------------------

  const REGION = new RegExp(BOOT_REGIONS);

  function isPlainObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
  }

  /** How deep the brackets of JSON `text` nest outside its strings (royal/limits.py's nesting). */
  function nesting(text) {
    let depth = 0;
    let most = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "[" || c === "{") most = Math.max(most, ++depth);
      else if (c === "]" || c === "}") depth--;
    }
    return most;
  }

  /** Stored JSON text parsed, or undefined if it is no text, too long, too deep or not JSON:
   * measured before it is parsed, with the game's own limits (royal/limits.py). */
  function parseStored(text, maxChars) {
    if (typeof text !== "string" || text.length > maxChars || nesting(text) > MAX_DEPTH) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  function storedText(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // storage refused: the game says so once it runs
    }
  }

  /** Attributes (royal/view/html.py's form) the boot view may set, each a text or null (a
   * value is only ever an attribute's value: a class names no more than the page's own rules). */
  function allowedAttributes(attributes) {
    if (attributes === undefined) return true;
    if (!isPlainObject(attributes)) return false;
    return Object.entries(attributes).every(
      ([name, value]) => BOOT_ATTRIBUTES.includes(name) && (value === null || typeof value === "string"),
    );
  }

  /** A text, or an element of a tag the boot view draws, with what it may hold. */
  function allowedNode(node) {
    if (typeof node === "string") return true;
    return (
      isPlainObject(node) &&
      BOOT_TAGS.includes(node.t) &&
      node.n === undefined &&
      node.s === undefined &&
      (node.k === undefined || typeof node.k === "string") &&
      allowedAttributes(node.a) &&
      (node.c === undefined || (Array.isArray(node.c) && node.c.every(allowedNode)))
    );
  }

  /** The line as the boot view draws it (static/line.js's data): real cards, each once, still. */
  function allowedLine(data) {
    if (!isPlainObject(data) || data.preview !== true || !Array.isArray(data.cards)) return false;
    const { cards, make, classes, marks, stock } = data;
    if (new Set(cards).size !== cards.length || !cards.every((card) => CARDS.includes(card))) return false;
    if (!isPlainObject(make) || Object.keys(make).length !== cards.length) return false;
    const faces = cards.every((card) => {
      const face = make[card];
      return Array.isArray(face) && face.length === 4 && face.every((part) => typeof part === "string");
    });
    if (!faces || !isPlainObject(classes) || !Object.values(classes).every((value) => typeof value === "string")) return false;
    if (!isPlainObject(marks) || Object.keys(marks).length) return false;
    if (stock !== null && !(isPlainObject(stock) && Number.isInteger(stock.count) && stock.count >= 0 && stock.count + cards.length <= CARDS.length && typeof stock.label === "string")) return false;
    return ["deal", "slide", null].includes(data.change) && Number.isInteger(data.since);
  }

  /** Whether `patch` holds only what the boot view draws (royal/view/boot.py). */
  function allowed(patch) {
    if (!isPlainObject(patch) || patch.f !== undefined || !isPlainObject(patch.r)) return false;
    for (const [id, part] of Object.entries(patch.r)) {
      if (!REGION.test(id) || !isPlainObject(part) || part.p !== undefined || !allowedAttributes(part.a)) return false;
      if (part.c !== undefined && !(Array.isArray(part.c) && part.c.every(allowedNode))) return false;
    }
    const effects = patch.x ?? [];
    return Array.isArray(effects) && effects.every(
      (effect) => Array.isArray(effect) && effect.length === 2 && BOOT_EFFECTS.includes(effect[0]) && allowedLine(effect[1]),
    );
  }

  /** The table: the description kept, else a first visit's, else (records kept but no
   * description to draw) only the stats marked as still to come, never shown as zeros. */
  function drawTable() {
    const kept = parseStored(storedText(SNAPSHOT_KEY), BOOT_MAX_CHARS);
    let patch = isPlainObject(kept) && kept.version === BOOT_VERSION && allowed(kept.patch) ? kept.patch : null;
    if (patch === null) patch = storedText(GAME_KEY) === null && storedText(STATS_KEY) === null ? FIRST_VISIT : UNKNOWN_FIGURES;
    royalView.apply(document, patch);
  }

  // --- loading progress ---------------------------------------------------------

  const loading = document.getElementById("loading");
  const bar = document.getElementById("loading-progress");
  const text = document.getElementById("loading-text");
  let done = false;

  function show(percent, message) {
    if (done) return;
    if (bar && percent > Number(bar.value)) bar.value = percent;
    if (text && message) text.textContent = message;
  }

  function stage(name) {
    show(...STAGES[name]);
  }

  function fail(reason) {
    if (done) return;
    show(0, `The game could not start (${reason}). Reload the page to try again.`);
    done = true;
    if (loading) loading.dataset.state = "failed";
    if (bar) bar.removeAttribute("value");
    registerServiceWorker();
  }

  function ready() {
    if (done) return;
    stage("ready");
    done = true;
    if (loading) loading.hidden = true;
    registerServiceWorker();
  }

  function watchDownloads() {
    if (!("PerformanceObserver" in window)) return;
    const seen = new Set();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const url = entry.name.split("?")[0];
        if (url.endsWith(RUNTIME_LOADER)) stage("runtime");
        const file = RUNTIME_FILES.find((name) => url.endsWith(name));
        if (file && !seen.has(file)) {
          seen.add(file);
          show(STAGES.runtime[0] + PER_RUNTIME_FILE * seen.size);
        }
      }
      if (seen.size === RUNTIME_FILES.length) {
        observer.disconnect();
        stage("python");
      }
    });
    observer.observe({ type: "resource", buffered: true });
  }

  function watchPage() {
    new MutationObserver(() => {
      if (document.body.hasAttribute("data-ready")) ready();
      else if (document.querySelector(".py-error")) fail("a Python error");
    }).observe(document.body, {
      attributes: true,
      attributeFilter: ["data-ready"],
      childList: true,
      subtree: true,
    });
    // Capture phase: PyScript dispatches these on its script element.
    window.addEventListener("py:ready", () => stage("game"), true);
    window.addEventListener("error", (event) => fail(event.message || "a script error"));
    window.addEventListener("unhandledrejection", (event) => fail(String(event.reason)));
  }

  // --- service worker ---------------------------------------------------------

  let registering = false;
  let reloadWanted = false;
  /** Reload into the new version once: the worker's activation and the change of controller
   * both say it is time, and a second reload would abort the first. */
  let reloading = false;
  function reloadOnce() {
    if (reloading) return;
    reloading = true;
    location.reload();
  }

  /** Registered once the game is up, so its download never slows the first boot. */
  function registerServiceWorker() {
    if (registering || !("serviceWorker" in navigator)) return;
    registering = true;
    navigator.serviceWorker
      .register("./sw.js")
      .then(watchForUpdates)
      .catch((error) => console.warn("Offline play unavailable:", error));
  }

  /** Listening from the start: another tab may activate a new version at any moment. */
  function watchControllerChange() {
    if (!("serviceWorker" in navigator)) return;
    const hadController = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloadWanted) reloadOnce();
      // Another tab switched to a new version: this page keeps its own files (the
      // worker serves each page its version) until the player reloads.
      else if (hadController) offerUpdate(null);
    });
  }

  function watchForUpdates(registration) {
    if (!registration) return; // a browser that refuses service workers resolves with nothing
    if (registration.waiting && registration.active) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        // With no active worker this is the first install, not an update.
        if (worker.state === "installed" && registration.active) offerUpdate(worker);
      });
    });
  }

  /**
   * A new version is downloaded and checked. Reload activates it (unless another tab
   * already did), then reloads into it; `worker` is null when it is active already.
   */
  function offerUpdate(worker) {
    const notice = document.getElementById("update-notice");
    const button = document.getElementById("update-reload");
    if (!notice || !button) return;
    notice.hidden = false;
    button.disabled = false;
    button.onclick = () => {
      button.disabled = true;
      reloadWanted = true;
      if (!worker || worker.state !== "installed") {
        reloadOnce();
        return;
      }
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated" || worker.state === "redundant") reloadOnce();
      });
      worker.postMessage("skip-waiting");
    };
  }

  try {
    drawTable();
  } catch (error) {
    console.warn("The table could not be drawn before the game:", error);
  }
  stage("page");
  watchControllerChange();
  if (document.body.hasAttribute("data-ready")) ready();
  else {
    watchDownloads();
    watchPage();
  }
})();
