/* Royal Marriage boot: what the player sees before Python runs, and offline support.
 *
 * Loaded with `defer` before PyScript. It
 *  - advances #loading through the boot stages and hides it once body[data-ready]
 *    appears, or says clearly that the game could not start;
 *  - registers ./sw.js, which keeps the whole site for offline play;
 *  - unhides #update-notice when a new build has been downloaded, and makes
 *    #update-reload switch to it.
 */
(() => {
  "use strict";

  const STAGES = {
    page: [5, "Loading the card table…"],
    runtime: [15, "Downloading the Python runtime…"],
    python: [50, "Starting Python…"],
    game: [90, "Dealing the cards…"],
    ready: [100, "Ready."],
  };
  // Pyodide's loader arriving means the runtime download has begun; the two big
  // files each add their share to the bar as they complete.
  const RUNTIME_LOADER = "pyodide.mjs";
  const RUNTIME_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];
  const PER_RUNTIME_FILE = (STAGES.python[0] - STAGES.runtime[0]) / RUNTIME_FILES.length;

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
      if (reloadWanted) location.reload();
      // Another tab switched to a new version: this page keeps its own files (the
      // worker serves each page its version) until the player reloads.
      else if (hadController) offerUpdate(null);
    });
  }

  function watchForUpdates(registration) {
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
        location.reload();
        return;
      }
      worker.addEventListener("statechange", () => {
        if (worker.state === "activated" || worker.state === "redundant") location.reload();
      });
      worker.postMessage("skip-waiting");
    };
  }

  stage("page");
  watchControllerChange();
  if (document.body.hasAttribute("data-ready")) ready();
  else {
    watchDownloads();
    watchPage();
  }
})();
