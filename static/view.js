/* The applier: a region of the page drawn from a description the game's Python made
 * (royal/view/html.py says the JSON form), in one call, with as few DOM writes as the change
 * needs.
 *
 * Each call from Python into the page costs a round trip (a synchronous one from PyScript's
 * worker), so a view hands its whole region over as one JSON text, and this works out what
 * changed against the DOM itself (no copy of the last description is kept, so what another
 * script drew first, such as the boot script's empty daily row, is simply brought up to date).
 * A child is found again by its key among its siblings, else by its place among the unkeyed
 * ones of its tag; an attribute, a text or a place is written only when it differs. A text is
 * always a text node and a value always an attribute's value: nothing is parsed as markup.
 * docs/architecture.md, "The page as data", has the measurements behind writing this rather
 * than taking a DOM library.
 *
 * After the regions, a patch's effects run in order: what only the browser can do (words read
 * to screen readers, the address bar, a sound, the line's motion). Each is a handler another
 * script registers by name (`royalView.effect`), so this one holds none of their logic.
 *
 * Events come back as messages. A key press is decided while it is dispatched, from the key
 * map the last description published (`body[data-keys]`, royal/shortcuts.py says its form):
 * a key the map names has its default prevented at once and its message sent to the game's
 * Python in one call (`royalView.listen`), or handed to a hook another script registers for
 * what only the page does (`royalView.hook`: the focus along the line). A click is one
 * listener for the whole page: the control clicked names its message (`data-act`, with
 * `data-arg`), so the page's Python adds no listener of its own for any button. Other scripts
 * send theirs with `royalView.send` (static/drag.js: a drag's pick and drop).
 */
"use strict";

globalThis.royalView = (() => {
  const NAMESPACES = { svg: "http://www.w3.org/2000/svg" };
  /** Where a node's key is kept between applies. */
  const KEY = Symbol("key");
  /** The live properties a region may set (royal/view/html.py's PROPERTIES). */
  const PROPERTIES = new Set(["checked"]);
  /** The effects' handlers by name: `(root, data) => void`. */
  const effects = new Map();

  /** Set `attributes` on `element`; null removes one. With `own`, remove those not named (but
   * `style`, whose custom properties `setStyle` keeps). */
  function setAttributes(element, attributes, own) {
    for (const [name, value] of Object.entries(attributes)) {
      if (/^on/i.test(name)) throw new Error(`royalView: no handler attributes (${name})`);
      if (value === null) {
        if (element.hasAttribute(name)) element.removeAttribute(name);
      } else if (element.getAttribute(name) !== value) {
        element.setAttribute(name, value);
      }
    }
    if (!own) return;
    for (const name of element.getAttributeNames()) {
      if (!(name in attributes) && name !== "style") element.removeAttribute(name);
    }
  }

  /** Set the custom properties of `style` (the CSSOM, which the Content-Security-Policy allows). */
  function setStyle(element, style) {
    const names = new Set(Object.keys(style));
    for (const [name, value] of Object.entries(style)) {
      if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
    }
    for (let i = element.style.length - 1; i >= 0; i--) {
      const name = element.style[i];
      if (!names.has(name)) element.style.removeProperty(name);
    }
  }

  function create(description) {
    if (typeof description === "string") return document.createTextNode(description);
    const namespace = NAMESPACES[description.n];
    const element = namespace
      ? document.createElementNS(namespace, description.t)
      : document.createElement(description.t);
    if (description.k !== undefined) element[KEY] = description.k;
    update(element, description);
    return element;
  }

  /** Bring `element`, of the description's tag, up to date with it. */
  function update(element, description) {
    setAttributes(element, description.a || {}, true);
    if (description.s || element.style?.length) setStyle(element, description.s || {});
    children(element, description.c || []);
  }

  function matches(node, description) {
    if (typeof description === "string") return node.nodeType === Node.TEXT_NODE;
    const namespace = NAMESPACES[description.n] || "http://www.w3.org/1999/xhtml";
    return (
      node.nodeType === Node.ELEMENT_NODE &&
      node.namespaceURI === namespace &&
      node.localName === description.t &&
      node[KEY] === description.k
    );
  }

  /** Make `parent`'s children those `descriptions` describe. First each description finds
   * its node (by key, else the next unkeyed node of its kind); the nodes found for none leave;
   * then the nodes are put in order, each moved only when it is not already next. */
  function children(parent, descriptions) {
    const keyed = new Map();
    const unkeyed = [];
    for (const node of parent.childNodes) {
      if (node[KEY] !== undefined) keyed.set(node[KEY], node);
      else if (node.nodeType === Node.ELEMENT_NODE || node.nodeType === Node.TEXT_NODE) unkeyed.push(node);
    }
    let next = 0;
    const found = descriptions.map((description) => {
      if (typeof description !== "string" && description.k !== undefined) {
        const node = keyed.get(description.k);
        if (node && matches(node, description)) {
          keyed.delete(description.k);
          return node;
        }
        return null;
      }
      for (let i = next; i < unkeyed.length; i++) {
        const node = unkeyed[i];
        if (node && matches(node, description)) {
          unkeyed[i] = null;
          while (next < unkeyed.length && !unkeyed[next]) next++;
          return node;
        }
      }
      return null;
    });
    if (!found.some((node) => node !== null)) {
      // Nothing kept: the children replaced at once, one write.
      if (descriptions.length || parent.firstChild) parent.replaceChildren(...descriptions.map(create));
      return;
    }
    const kept = new Set(found);
    for (const node of [...parent.childNodes]) {
      if (!kept.has(node)) node.remove();
    }
    // New nodes in a row go in together, one write.
    let place = parent.firstChild;
    let fresh = null;
    const flush = () => {
      if (fresh) parent.insertBefore(fresh, place);
      fresh = null;
    };
    descriptions.forEach((description, i) => {
      const node = found[i];
      if (node === null) {
        fresh ??= document.createDocumentFragment();
        fresh.append(create(description));
        return;
      }
      if (typeof description === "string") {
        if (node.nodeValue !== description) node.nodeValue = description;
      } else {
        update(node, description);
      }
      flush();
      if (node === place) place = place.nextSibling;
      else parent.insertBefore(node, place);
    });
    flush();
  }

  /** Apply `patch` (royal/view/html.py's Patch, or its JSON text) to the regions inside `root`. */
  function apply(root, patch) {
    if (typeof patch === "string") patch = JSON.parse(patch);
    const region = (id) => {
      const element = root.querySelector(`#${CSS.escape(id)}`);
      if (!element) throw new Error(`royalView: no #${id} in the root given`);
      return element;
    };
    const focus = patch.f;
    const hadFocus = focus ? region(focus.in).contains(document.activeElement) : false;
    for (const [id, part] of Object.entries(patch.r)) {
      const element = region(id);
      setAttributes(element, part.a || {}, false);
      for (const [name, value] of Object.entries(part.p || {})) {
        if (!PROPERTIES.has(name)) throw new Error(`royalView: no property ${name}`);
        if (element[name] !== value) element[name] = value;
      }
      if (part.c) children(element, part.c);
    }
    if (focus && (focus.take || hadFocus)) region(focus.in).querySelector(focus.to)?.focus();
    for (const [name, data] of patch.x || []) {
      const handler = effects.get(name);
      if (!handler) throw new Error(`royalView: no effect ${name}`);
      handler(root, data);
    }
  }

  /** Handle the effect `name` with `handler(root, data)`. */
  function effect(name, handler) {
    effects.set(name, handler);
  }

  /** The messages the page handles itself, by kind: `(what) => void`. */
  const hooks = new Map();
  /** Where the other messages go (the game's Python), one JSON text a call; none before it runs. */
  let send = null;
  /** The key map as last read, and the text it was read from. */
  let keyMap = [];
  let keyMapText = "";

  /** A key press as the map names it: `Ctrl+Alt+Shift+` (Cmd is Ctrl) then the key. */
  function chord(event) {
    const held = [event.ctrlKey || event.metaKey ? "Ctrl+" : "", event.altKey ? "Alt+" : "", event.shiftKey ? "Shift+" : ""];
    return held.join("") + event.key;
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing || !(event.target instanceof Element)) return;
    const text = document.body.dataset.keys || "";
    if (text !== keyMapText) {
      keyMap = text ? JSON.parse(text) : [];
      keyMapText = text;
    }
    const pressed = chord(event);
    for (const group of keyMap) {
      const message = group.keys[pressed];
      if (!message || (group.in && !event.target.closest(group.in)) || (group.out && event.target.closest(group.out))) continue;
      const hook = hooks.get(message[0]);
      if (!hook && !send) return; // the game is not running yet: the key is the browser's
      event.preventDefault();
      event.stopPropagation();
      if (hook) hook(message[1]);
      else post(message);
      return;
    }
  });

  // A click is the nearest control's: a button, a link, a dialog, or what carries data-act.
  // Only what carries data-act sends a message: [data-act, its data-arg, or the checked state
  // of the box data-arg-checked names, or null]. <body> carries the one for a click on nothing
  // in particular (the game's: drop the selection). A click some other script stopped (a drag's
  // drop, static/drag.js) never gets here.
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element)) return;
    const target = event.target.closest("[data-act], button, a, dialog");
    if (!target || !target.hasAttribute("data-act")) return;
    const checked = target.dataset.argChecked;
    const arg = checked ? document.getElementById(checked).checked : (target.dataset.arg ?? null);
    // Before the game runs, a card picked is raised at once; the game draws it as it plays it.
    if (!send && target.dataset.act === "pick") target.setAttribute("aria-pressed", "true");
    post([target.dataset.act, arg]);
  });

  // A box or a choice changed: ["change", [its id, checked]], read as the event is dispatched
  // (by the time the game's turn comes, another tab's settings may have been drawn over it).
  // A file chosen (an input that names its message with data-act, and the most bytes it takes
  // with data-max-bytes) is read here: [data-act, {text}], or {error: "too-large"} or
  // {error: "unreadable"}; choosing the same file again is a new choice.
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.id) return;
    if (input.type === "checkbox" || input.type === "radio") {
      post(["change", [input.id, input.checked]]);
      return;
    }
    if (input.type !== "file" || !input.dataset.act || !input.files || input.files.length === 0) return;
    const [file] = input.files;
    const act = input.dataset.act;
    input.value = "";
    if (file.size > Number(input.dataset.maxBytes)) {
      post([act, { error: "too-large" }]);
      return;
    }
    file.text().then(
      (text) => post([act, { text }]),
      () => post([act, { error: "unreadable" }]),
    );
  });
  // The page shown or hidden, back from the back/forward cache (frozen, it missed what other
  // tabs wrote), another tab's write to storage: each a message.
  // `ago`: how long before Python hears it the page was shown or hidden, for the game's clock
  // (a page hidden as it is left hears it only when it is shown again: see "pagehide").
  document.addEventListener("visibilitychange", () => {
    const at = performance.now();
    post(["visible", () => ({ shown: document.visibilityState === "visible", ago: performance.now() - at })]);
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    shows += 1;
    leaving = false;
    post(["restored", null]);
  });
  addEventListener("storage", () => post(["storage", null]));

  /** The turns. Every message goes to the game's Python in one call, `send(json)`, as
   * [kind, what, the records changed since the last], which answers with what to write and
   * what to draw ({"s": the writes, "c": whether to report how they went, "p": a patch or
   * null}), at once (Python on this thread) or as a promise (Python in a worker): the writes
   * are made and the patch applied as the answer comes, one call in, one description out;
   * writes refused (or asked about) are reported at once as ["saved", those refused].
   * Messages run in turn with every tab of the site, inside the Web Lock `lock`: those posted
   * before this tab's turn comes, or during it, run in that one turn, in order, each once; a
   * turn that wrote keeps the lock `settleMs` longer (royal/web/answers.py says why), and what
   * is posted meanwhile runs at once; the lock passes only once every answer has come.
   * Without the Web Locks API each runs at once, and the game's revision check alone guards
   * the records. What the player does before the game listens is kept, and runs in order
   * after its start. */
  let lock = null;
  let settleMs = 0;
  let records = null; // static/records.js: localStorage, as the game's Python knows it
  const queue = [];
  let held = false; // this tab holds the lock: in its turn, or settling after one
  let asked = false; // a turn is asked for
  let draining = null; // the messages being delivered: a promise of whether any wrote

  /** Whether `error` says the game's Python is gone before it answered (static/python.js):
   * the message waits for the Python that follows, which `listen` brings. */
  const isLost = (error) => error?.name === "PythonLost";

  /** Hand `message` to the game's Python, make its writes and apply its answer; whether it wrote.
   * A message's `what` may be a function, asked as it goes (what depends on when it is sent).
   * `current()` says whether the answer is still wanted when it comes. */
  async function deliver([kind, what], current = () => true) {
    const message = [kind, typeof what === "function" ? what() : what];
    const answer = JSON.parse(await send(JSON.stringify([...message, records.changes()])));
    if (!current()) return false;
    const refused = records.write(answer.s);
    if (answer.p !== null) api.apply(document, answer.p); // through the object: tests count calls
    if (refused.length || (answer.c && message[0] !== "saved")) {
      // Python gone before it heard of its writes: the next one reads them at its start.
      await deliver(["saved", refused]).catch((error) => {
        if (!isLost(error)) throw error;
      });
    }
    return answer.s.length > 0;
  }

  /** Deliver the messages queued, with those posted meanwhile; whether any wrote. One that
   * fails is reported and the rest still run; if Python is gone, they wait for the next. */
  function drain() {
    if (draining) return draining; // its loop delivers them
    draining = (async () => {
      let wrote = false;
      try {
        while (queue.length && send) {
          const message = queue.shift();
          try {
            wrote = (await deliver(message)) || wrote;
          } catch (error) {
            if (isLost(error)) {
              queue.unshift(message);
              send = null;
            } else reportError(error);
          }
        }
      } finally {
        draining = null;
      }
      return wrote;
    })();
    return draining;
  }

  async function turn() {
    asked = false;
    held = true;
    const wrote = await drain();
    if (wrote && !document.hidden) await new Promise((resolve) => setTimeout(resolve, settleMs));
    while (draining) await draining; // what was posted while it settled
    held = false;
  }

  /** Send the page's messages to `receiver(json)`, in turns of the Web Lock `lockName`, with
   * the records under `recordsPrefix`: first ["start", the page as it is], from which the game
   * begins, then what the player did before. Called again when Python is gone (a new receiver),
   * it starts the game again from the records, all of them new to it. */
  function listen(receiver, lockName, settle, recordsPrefix) {
    send = receiver;
    lock = lockName;
    settleMs = settle;
    records = royalRecords(recordsPrefix);
    const query = Object.fromEntries(new URLSearchParams(location.search));
    queue.unshift(["start", { visible: document.visibilityState === "visible", query }]);
    ask();
  }

  /** Send `message` (`[kind, what]`, JSON-able) to the game's Python in turn (kept until the
   * game listens). */
  function post(message) {
    queue.push(message);
    if (send) ask();
    return true;
  }

  function ask() {
    if (leaving) return; // in turn once the page is shown again
    if (held || !navigator.locks) drain();
    else if (!asked) {
      asked = true;
      navigator.locks.request(lock, turn);
    }
  }

  // The player leaves the page: the last moment to save, so at once, not in turn (the page may
  // be gone before the lock comes). Until it is shown again (back from the back/forward cache)
  // no turn is asked for: a page frozen in a turn would hold the lock every tab takes. An answer
  // that comes only then (from a worker, frozen with the page) is not wanted: it would write
  // outside the lock, over what other tabs wrote meanwhile, which the page's "restored" adopts.
  let leaving = false;
  let shows = 0; // the times the page was shown again after it was left
  addEventListener("pagehide", () => {
    leaving = true;
    const left = shows;
    if (send) deliver(["pagehide", null], () => shows === left).catch(reportError);
  });

  /** Handle the messages of kind `kind` in the page with `handler(what)`. */
  function hook(kind, handler) {
    hooks.set(kind, handler);
  }

  // The game is playable: the boot script's preview is gone (players and tests read data-ready).
  effect("ready", (root) => {
    for (const busy of root.querySelectorAll("[aria-busy]")) busy.removeAttribute("aria-busy");
    root.body.setAttribute("data-ready", "");
  });
  // Words read to screen readers only (the status line is a region): emptied first and set a
  // moment later, so the same words said twice are read twice.
  effect("say", (root, words) => {
    const announcer = root.querySelector("#announcer");
    announcer.textContent = "";
    setTimeout(() => {
      announcer.textContent = words;
    }, 30);
  });
  /** What had the focus as each dialog opened (by id), to have it back as the dialog closes
   * (WAI-ARIA's dialog pattern, which not every browser keeps by itself); and the dialogs the
   * game's Python closed itself, whose close it need not hear of. */
  const openers = new Map();
  const closedByPython = new Set();
  // A dialog opened as a modal one (the focus goes into it, the page behind is inert) or
  // closed: only when it is not so already, so drawing it twice changes nothing. Closed with
  // `giveBack` false (the dialog closes to show something else, such as a challenge to play),
  // the focus stays where that puts it.
  effect("modal", (root, [id, open, giveBack = true]) => {
    const dialog = root.querySelector(`#${CSS.escape(id)}`);
    if (open && !dialog.open) {
      const active = document.activeElement;
      openers.set(id, active && active !== document.body ? active : null);
      dialog.showModal();
    } else if (!open && dialog.open) {
      if (!giveBack) openers.delete(id);
      closedByPython.add(id);
      dialog.close();
    }
  });
  // A dialog closed (Escape, or the game's Python): the focus back where it was as it opened,
  // and the game hears ["closed", id] unless it closed the dialog itself.
  document.addEventListener(
    "close",
    (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement) || !dialog.id) return;
      const opener = openers.get(dialog.id);
      openers.delete(dialog.id);
      if (opener && opener.isConnected) opener.focus();
      if (!closedByPython.delete(dialog.id)) post(["closed", dialog.id]);
    },
    true,
  );
  // A file saved by the browser, made in the page from its text: nothing leaves the browser.
  effect("download", (root, { name, text, type }) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  /** The game's timers by name (royal/view/timing.py). */
  const timers = new Map();
  // A timer: ["timer", name] in `ms` (every `ms` with `repeat`), replacing one of that name;
  // `ms` null stops it.
  effect("timer", (root, [name, ms, repeat]) => {
    clearTimeout(timers.get(name)); // clears an interval too: the two share their ids
    timers.delete(name);
    if (ms === null) return;
    const due = () => {
      if (!repeat) timers.delete(name);
      post(["timer", name]);
    };
    timers.set(name, repeat ? setInterval(due, ms) : setTimeout(due, ms));
  });
  // ["painted", name] once this drawing is on the screen: after the next frame.
  effect("after-paint", (root, name) => requestAnimationFrame(() => setTimeout(() => post(["painted", name]), 0)));
  // The game's link shared (the system share sheet where there is one, else the clipboard,
  // after `text` if any); the clipboard's answer comes back as ["shared", took it].
  effect("share", (root, text) => {
    const url = location.href;
    if (navigator.share) {
      navigator.share({ title: document.title, url, ...(text ? { text } : {}) }).catch(() => {});
      return;
    }
    if (!navigator.clipboard) {
      post(["shared", false]);
      return;
    }
    navigator.clipboard.writeText(text ? `${text}\n${url}` : url).then(
      () => post(["shared", true]),
      () => post(["shared", false]),
    );
  });
  // Ask the browser to keep the site's data (royal/web/persistence.py says when), and at once
  // when the game runs installed or gets installed: one who installs it means to come back.
  let persisted = false; // asked once a visit
  const persist = () => {
    if (persisted) return;
    persisted = true;
    navigator.storage?.persist?.().catch(() => {});
  };
  effect("persist", persist);
  if (matchMedia("(display-mode: standalone)").matches) persist();
  addEventListener("appinstalled", persist);
  // The game's own link in the address bar, without a new history entry.
  effect("address", (root, query) => {
    if (location.search !== query) history.replaceState(null, "", query || location.pathname);
  });

  const api = { apply, effect, hook, listen, send: post };
  return api;
})();
