/* The game's records in localStorage, read and written by the page: the game's Python never
 * touches the browser's storage (it may run where there is none, a worker), so each message
 * the page sends carries what changed in the records since Python last saw them, and each
 * answer the writes to make (static/view.js, in the same turn of the Web Lock).
 *
 * `royalRecords(prefix)` keeps, for the keys under `prefix`, what Python knows of them (what
 * was handed over, and the writes made for it), and gives:
 *  - `changes()`: what changed since ({key: text, or null for gone}), or null when the
 *    storage cannot be read (turned off, refused, or null);
 *  - `write(writes)`: the writes made in order ([key, text or null for a removal]) until one is
 *    refused (a full storage): those not made, each [key, text, what the key still holds], for
 *    the game to hear at once (royal/storage.py's GuardedStorage.settle).
 */
"use strict";

globalThis.royalRecords = (prefix) => {
  let known = new Map();

  /** localStorage, or null where the browser gives none (turned off, or refused). */
  function store() {
    try {
      return globalThis.localStorage || null;
    } catch {
      return null;
    }
  }

  /** What changed in the records since Python last knew them ({key: text, or null for gone}),
   * or null when they cannot be read. */
  function changes() {
    const storage = store();
    const now = new Map();
    try {
      if (!storage) return null;
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null && key.startsWith(prefix)) now.set(key, storage.getItem(key));
      }
    } catch {
      return null;
    }
    const changed = {};
    for (const [key, text] of now) if (known.get(key) !== text) changed[key] = text;
    for (const key of known.keys()) if (!now.has(key)) changed[key] = null;
    known = now;
    return changed;
  }

  /** Make Python's writes, in order ([key, text or null for a removal]), until one is refused:
   * those not made, each [key, text, what the key still holds]. */
  function write(writes) {
    const storage = store();
    const refused = [];
    for (const [key, text] of writes) {
      if (!refused.length) {
        try {
          if (text === null) storage.removeItem(key);
          else storage.setItem(key, text);
          if (text === null) known.delete(key);
          else known.set(key, text);
          continue;
        } catch {
          // refused (a full storage): this and every later write wait, as Python is told
        }
      }
      let stored = null;
      try {
        stored = storage.getItem(key);
      } catch {
        stored = known.get(key) ?? null;
      }
      refused.push([key, text, stored]);
    }
    return refused;
  }

  return { changes, write };
};
