/* Royal Marriage boot: what the player sees before Python runs, and offline support.
 *
 * Loaded with `defer` before PyScript. It
 *  - applies the player's theme, its theme colour, the card size, the four-colour deck, the
 *    felt and the card back from their saved settings, so the page is drawn in them from the
 *    start (the game applies them again, having read the settings strictly: here only a
 *    valid choice or a true flag is taken);
 *  - draws the board before Python starts: on a return visit the saved line, fields and
 *    stats from the compact snapshot the game writes beside its save (checked strictly:
 *    storage is shared with other pages of the origin, so nothing in it is trusted, and
 *    only text is written, never HTML); on a first visit the table's shape. The preview
 *    is marked busy and cannot be clicked; the game replaces it when it takes over;
 *  - advances #loading through the boot stages and hides it once body[data-ready]
 *    appears, or says clearly that the game could not start;
 *  - registers ./sw.js, which keeps the whole site for offline play;
 *  - unhides #update-notice when a new build has been downloaded, and makes
 *    #update-reload switch to it.
 *
 * Every value it shares with the game's Python (storage keys, themes, card names and classes,
 * the snapshot's limits, the runtime's files) is written in by the build from the module that
 * holds it (tools/boot_script.py), in place of the marker below: this file holds no copy.
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
  const SVG = "http://www.w3.org/2000/svg";
  const PER_RUNTIME_FILE = (STAGES.python[0] - STAGES.runtime[0]) / RUNTIME_FILES.length;

  // --- the board before Python -------------------------------------------------

  const FIELD_FORMS = Object.fromEntries(
    Object.entries(FIELD_PATTERNS).map(([name, pattern]) => [name, new RegExp(pattern)]),
  );
  const STAT_NAME = new RegExp(STAT_NAME_PATTERN);
  const FIGURE = new RegExp(FIGURE_PATTERN);

  function isPlainObject(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
  }

  /** The snapshot if every part of it is what the game writes, else null. */
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

  function readSnapshot(text) {
    const data = parseStored(text, SNAPSHOT_MAX_CHARS);
    if (!isPlainObject(data) || data.version !== SNAPSHOT_VERSION) return null;
    const { cards, stock, fields, stats } = data;
    // The stock game's stock: its count only (the King of Hearts lies at its bottom until the
    // end); null in the open game.
    if (stock !== null && (!Number.isInteger(stock) || stock < 0 || stock >= CARDS.length)) return null;
    const left = stock ?? 0;
    if (!Array.isArray(cards) || cards.length < 1 || cards.length + left > CARDS.length) return null;
    if (!cards.every((card) => CARDS.includes(card)) || new Set(cards).size !== cards.length) return null;
    if (cards[0] !== QUEEN_OF_HEARTS || cards.includes(KING_OF_HEARTS) !== (left === 0)) return null;
    if (left === 0 && (cards.length < 2 || cards[cards.length - 1] !== KING_OF_HEARTS)) return null;
    if (!isPlainObject(fields) || !isPlainObject(stats)) return null;
    const fieldNames = Object.keys(fields);
    if (fieldNames.length !== Object.keys(FIELD_FORMS).length) return null;
    for (const name of fieldNames) {
      const form = FIELD_FORMS[name];
      if (!Object.hasOwn(FIELD_FORMS, name) || typeof fields[name] !== "string" || !form.test(fields[name])) return null;
    }
    if (Number(fields["cards-left"]) !== cards.length) return null;
    for (const [name, figure] of Object.entries(stats)) {
      if (!STAT_NAME.test(name) || typeof figure !== "string" || !FIGURE.test(figure)) return null;
    }
    return { cards, stock, fields, stats };
  }

  function storedText(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // storage refused: the game says so once it runs
    }
  }

  /** A card as the game draws it (see royal/web/board.py), inert and hidden from assistive tech. */
  function previewCard(code, sprite) {
    const card = document.createElement("button");
    card.type = "button";
    card.disabled = true;
    card.tabIndex = -1;
    card.setAttribute("aria-hidden", "true");
    if (!code) {
      card.className = `${CARD_CLASS.card} ${CARD_CLASS.faceDown}`;
      return card;
    }
    const [rank, suit] = code;
    card.className = `${CARD_CLASS.card} ${SUIT_CLASS[suit]} ${SUIT_CLASSES[suit]}`;
    if (code === QUEEN_OF_HEARTS || code === KING_OF_HEARTS) card.classList.add(CARD_CLASS.royal);
    card.dataset.preview = code;
    const face = document.createElementNS(SVG, "svg");
    face.setAttribute("class", CARD_CLASS.face);
    face.setAttribute("aria-hidden", "true");
    face.setAttribute("focusable", "false");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `${sprite}#${code}`);
    face.append(use);
    const corner = document.createElement("span");
    corner.className = CARD_CLASS.corner;
    corner.append(RANK_SHOWN[rank], document.createElement("br"), SUIT_SHOWN[suit]);
    card.append(face, corner);
    return card;
  }

  /** The saved look (card size, deck, felt, card back; LOOK_ATTRIBUTES), theme and theme colour,
   * as royal/web/settings_view.py's SettingsView.render sets them. */
  function applyLook() {
    const record = parseStored(storedText(SETTINGS_KEY), SETTINGS_MAX_CHARS);
    if (!isPlainObject(record) || record.app !== SAVES_APP || record.kind !== "settings") return;
    const settings = record.settings;
    if (!isPlainObject(settings)) return;
    const root = document.documentElement;
    for (const [name, attribute] of Object.entries(LOOK_ATTRIBUTES)) {
      const value = settings[name];
      if (value === true) root.setAttribute(attribute, "");
      else if (Object.hasOwn(CHOICES, name) && CHOICES[name].includes(value)) root.setAttribute(attribute, value);
    }
    const metas = document.querySelectorAll("meta[name=theme-color]");
    // The browser's bar in the felt's colour, one for each scheme.
    if (Object.hasOwn(THEME_COLOURS, settings.felt)) {
      metas.forEach((meta, index) => meta.setAttribute("content", THEME_COLOURS[settings.felt][index]));
    }
    const theme = settings.theme;
    // The system theme keeps the page as it is: no data-theme, each theme colour for its scheme.
    if (theme === SYSTEM_THEME || !Object.hasOwn(THEME_COLOUR_MEDIA, theme)) return;
    root.dataset.theme = theme;
    const media = THEME_COLOUR_MEDIA[theme];
    metas.forEach((meta, index) => meta.setAttribute("media", media[index]));
  }

  function drawPreview() {
    const line = document.getElementById("line");
    if (!line || line.children.length) return;
    const snapshot = readSnapshot(storedText(SNAPSHOT_KEY));
    const cards = snapshot ? snapshot.cards : Array(CARDS.length).fill(null);
    line.setAttribute("aria-busy", "true");
    // The sprite at the address the page gives it, with its version (tools/addresses.py).
    line.replaceChildren(...cards.map((code) => previewCard(code, line.dataset.sprite)));
    const stock = snapshot ? snapshot.stock : null;
    if (stock !== null) {
      // The stock game's Deal button, as royal/web/app.py shows it (disabled until Python runs).
      const deal = document.getElementById("deal-card");
      if (deal) deal.hidden = false;
    }
    if (stock) {
      // Its face-down stock at the line's next place, with its count, as static/line.js draws
      // it (royal/web/board.py's PART_CLASSES.stock), and the chance's line, its words to come.
      const pile = previewCard(null);
      pile.classList.add("stock");
      pile.dataset.count = String(stock);
      line.append(pile);
      const chance = document.getElementById("chance");
      if (chance) {
        chance.textContent = "\u00a0";
        chance.hidden = false;
      }
    }
    // Each card's place in the snaking line, as royal/web/board.py writes it (app.css).
    [...line.children].forEach((card, index) => card.style.setProperty("--i", String(index)));
    line.style.setProperty("--n", String(line.children.length));
    if (snapshot) {
      for (const [name, text] of Object.entries(snapshot.fields)) {
        const field = document.querySelector(`[data-field="${name}"]`);
        if (field) field.textContent = text;
      }
    }
    const stats = document.querySelectorAll("[data-stat]");
    for (const stat of stats) {
      const name = stat.dataset.stat;
      if (snapshot && Object.hasOwn(snapshot.stats, name)) stat.textContent = snapshot.stats[name];
      // Saved stats without a readable snapshot: never show them as zeros.
      else if (storedText(STATS_KEY) !== null) stat.textContent = "\u2026";
    }
    if (stats.length) stats[0].closest("section, dl")?.setAttribute("aria-busy", "true");
    // The first-game guide by the game's own rule (royal/snapshot.py's shows_guide): while the
    // snapshot's stats count no game, or on a first visit (nothing saved), so nothing moves
    // when Python takes over (docs/play.md, "The first game").
    const guide = document.getElementById("first-game");
    const guideText = document.getElementById("first-game-text");
    const firstGame = snapshot ? snapshot.stats[GUIDE_STAT] === GUIDE_FIGURE : storedText(STATS_KEY) === null;
    if (firstGame && guide && guideText) {
      guideText.textContent = FIRST_GAME;
      guide.hidden = false;
    }
    // The daily row's empty cells, so the stats panel has its final height before Python.
    const days = document.getElementById("daily-days");
    if (days && !days.children.length) {
      days.setAttribute("aria-busy", "true");
      days.replaceChildren(...Array.from({ length: DAYS_SHOWN }, emptyDay));
    }
  }

  function emptyDay() {
    const cell = document.createElement("li");
    cell.className = DAY_CLASS;
    return cell;
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

  applyLook();
  drawPreview();
  stage("page");
  watchControllerChange();
  if (document.body.hasAttribute("data-ready")) ready();
  else {
    watchDownloads();
    watchPage();
  }
})();
