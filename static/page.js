/* The page's fields, stats and buttons, written in one call each from the game's Python
 * (royal/web/page.py).
 *
 * Each call from Python into the page costs a round trip (a synchronous one from PyScript's
 * worker), so a render hands each group over as one JSON text rather than reading and writing
 * each element in turn; only what changed is written.
 */
"use strict";

globalThis.royalPage = {
  /** Set the text of each element `[attribute="name"]` to the value of `name` in `json`. */
  texts(attribute, json) {
    for (const [name, text] of Object.entries(JSON.parse(json))) {
      const element = document.querySelector(`[${attribute}="${name}"]`);
      if (element.textContent !== text) element.textContent = text;
    }
  },

  /** Enable or disable each button `#id` by its flag in `json`. */
  enable(json) {
    for (const [id, on] of Object.entries(JSON.parse(json))) document.getElementById(id).disabled = !on;
  },
};
