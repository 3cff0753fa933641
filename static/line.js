/* The line of cards in #line, drawn from the game's Python (royal/web/board.py) as the effect
 * "line" of the patch that draws the page (static/view.js).
 *
 * Python decides what the line shows (the cards in order, each card's face and marks; the Tab
 * stop, on the card last focused, and the arrow keys' moves are this script's) and hands it over with the rest of the page in one call; this applies it in one go: it works out
 * where the cards stood, changes the DOM, and plays the change (FLIP: each card from its old
 * place to its new one with a translate). Each call from Python into the page costs a round
 * trip (a synchronous one from a worker), so the board makes one a render, not one a card; and
 * a draw forces no layout, nor causes one: the places come from the cards' indexes and the
 * line's measure, and a card is placed by `translate` (app.css), so a move only moves cards.
 *
 * Unless the player asked for reduced motion: a removed card shrinks away from where it stood,
 * where it stood (class "leaving"), while the cards after it slide into their new places; a
 * card back from an undo grows in; a new deal is dealt in, card by card; from the stock game's
 * face-down stock (drawn at the line's next place, its count only) a dealt card turns over
 * where the stock stood while the stock slides on. Every animation is transform, translate
 * and opacity only, at most 250 ms. A draw during one finishes it first, so input never waits
 * for an animation.
 */
"use strict";

globalThis.royalLine = (() => {
  /** How long a removed card takes to leave, and the cards after it to slide into place (ms). */
  const LEAVE_MS = 200;
  const SLIDE_MS = 200;
  /** A new deal: each card comes in over DEAL_MS, one DEAL_STAGGER_MS after the other
   * (51 * 4 + 150 = 354 ms for a full line, no card longer than 150 ms). */
  const DEAL_MS = 150;
  const DEAL_STAGGER_MS = 4;
  const SVG = "http://www.w3.org/2000/svg";
  const still = matchMedia("(prefers-reduced-motion: reduce)");

  /** What a line's root holds between draws: its cards by code and in order, each card's --i,
   * the card in the Tab order, the animations under way with the removed cards still on their
   * way out, and the line's measure. */
  const lines = new WeakMap();

  function stateOf(root) {
    if (!lines.has(root)) {
      const state = { cards: new Map(), order: [], index: new Map(), tabbable: null, running: [], leaving: [], grid: null, drop: null, stock: null, preview: false };
      lines.set(root, state);
      new ResizeObserver(() => measure(root, state)).observe(root);
      // The Tab stop follows the focus along the line (a click, a tap, the arrow keys).
      root.addEventListener("focusin", (event) => {
        const card = event.target.closest("[data-card]");
        if (card && state.cards.get(card.dataset.card) === card) tabbable(state, card.dataset.card);
      });
    }
    return lines.get(root);
  }

  /** Finish every animation under way at once: the line is in its final state. */
  function settle(state) {
    for (const animation of state.running.splice(0)) animation.finish();
    for (const element of state.leaving.splice(0)) element.remove();
  }

  /** A card's button from what Python made of it: [classes, spoken name, face, rank, suit]. */
  function make(root, code, face, classes) {
    const card = document.createElement("button");
    card.type = "button";
    card.dataset.card = code;
    card.dataset.act = "pick"; // a click picks it (static/view.js sends ["pick", code])
    card.dataset.arg = code;
    card.setAttribute("aria-pressed", "false");
    card.tabIndex = -1;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", classes.face);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `${root.dataset.sprite}#${code}`); // the sprite the page names, with its version
    svg.append(use);
    const corner = document.createElement("span");
    corner.setAttribute("aria-hidden", "true");
    card.append(svg, corner);
    dress(card, face, classes);
    return card;
  }

  /** Give `card` its classes, spoken name and corner as `[classes, name, rank, suit]` has them. */
  function dress(card, [className, label, rank, suit], classes) {
    card.className = className;
    card.setAttribute("aria-label", label);
    const corner = card.lastElementChild;
    corner.className = classes.corner;
    corner.replaceChildren(rank, document.createElement("br"), suit);
  }

  /** The line's measure: the column count and the steps between columns and between rows, the
   * registered custom properties of app.css (computed to numbers). Read when the line's size
   * changes (a ResizeObserver: the browser has just laid it out, so reading costs nothing), it
   * lets a draw work out where each card stands from its index without forcing a layout in the
   * middle of input. */
  function measure(root, state) {
    const style = getComputedStyle(root);
    const grid = {
      dx: parseFloat(style.getPropertyValue("--dx")),
      dy: parseFloat(style.getPropertyValue("--dy")),
      cols: parseInt(style.getPropertyValue("--cols"), 10),
    };
    state.grid = Object.values(grid).every(Number.isFinite) && grid.dx > 0 && grid.dy > 0 && grid.cols > 0 ? grid : null;
  }

  /** Where the card at index `i` of the line stands (its placement only: lifts and hovers
   * aside): the snaking of app.css, every second row running right to left. */
  function spot(grid, i) {
    if (!grid) return [0, 0];
    const row = Math.floor(i / grid.cols);
    const col = i % grid.cols;
    const across = row % 2 ? grid.cols - 1 - col : col;
    return [across * grid.dx, row * grid.dy];
  }

  /** Where the cards of `codes` stand in the line, by code, from each one's index in `index`. */
  function places(root, state, codes, index) {
    if (!state.grid) measure(root, state); // before the first observation only
    return new Map(codes.map((code) => [code, spot(state.grid, index.get(code))]));
  }

  function animate(state, element, frames, timing) {
    const animation = element.animate(frames, timing);
    state.running.push(animation);
    return animation;
  }

  /** Take a removed card out of the line (its data-card goes at once) and, unless `still`,
   * let it shrink away from where it stood (its --i stays). Returns whether it had focus. */
  function leave(state, element, still) {
    element.removeAttribute("data-card");
    element.removeAttribute("data-act"); // a click on it on its way out picks nothing
    element.setAttribute("aria-hidden", "true");
    element.tabIndex = -1;
    const hadFocus = element === document.activeElement;
    if (still) {
      element.remove();
      return hadFocus;
    }
    element.classList.add("leaving");
    state.leaving.push(element);
    const frames = [{ opacity: 0, transform: "translateY(-10px) scale(0.5)" }];
    const animation = animate(state, element, frames, { duration: LEAVE_MS, easing: "ease-in", fill: "forwards" });
    animation.onfinish = () => {
      const at = state.leaving.indexOf(element);
      if (at >= 0) state.leaving.splice(at, 1);
      element.remove();
    };
    return hadFocus;
  }

  /** Play each card from where it stood to its new place along the line, through each place
   * between (so a card crossing a row's turn goes round it, never over its neighbours); a card
   * back from an undo grows in. `first` holds the cards' indexes before the change. */
  function slide(root, state, codes, first) {
    if (!state.grid) measure(root, state);
    // Added to the translate that places the card (app.css), every keyframe being given: the
    // path's, not a replacement of it. The path is a translate, not a transform: what the
    // card's own transform does meanwhile (a lift, the win's embrace growing it 1.6 times)
    // applies after the translate, so it never stretches the path.
    const timing = { duration: SLIDE_MS, easing: "ease-out", composite: "add" };
    for (const code of codes) {
      const to = state.index.get(code);
      const from = first.get(code);
      let frames;
      if (from === undefined) frames = [{ opacity: 0, transform: "scale(0.4)", offset: 0 }];
      else if (from !== to) {
        const [x, y] = spot(state.grid, to);
        const step = from < to ? 1 : -1;
        const count = Math.abs(to - from);
        frames = [];
        for (let k = 0; k < count; k += 1) {
          const [px, py] = spot(state.grid, from + k * step);
          frames.push({ translate: `${px - x}px ${py - y}px`, offset: k / count });
        }
      } else continue;
      animate(state, state.cards.get(code), frames, timing);
    }
  }

  /** The stock game's face-down stock, at the line's next place (the place the next card
   * takes): `stock` is {count, label} or null (no stock). Only its count is ever written. */
  function drawStock(root, state, stock, className, count) {
    let pile = state.stock;
    if (!stock) {
      if (pile) pile.remove();
      state.stock = null;
      return null;
    }
    if (!pile) {
      pile = document.createElement("button");
      pile.type = "button";
      pile.id = "stock";
      pile.className = className;
      pile.dataset.act = "press"; // a click (a tap, Enter or Space) deals
      pile.dataset.arg = "deal-card";
      state.stock = pile;
    }
    if (pile.parentNode !== root) root.append(pile);
    const before = pile.style.getPropertyValue("--i");
    pile.style.setProperty("--i", String(count));
    pile.dataset.count = String(stock.count);
    pile.setAttribute("aria-label", stock.label);
    pile.disabled = stock.count === 0;
    pile.hidden = stock.count === 0;
    return before === "" ? null : Number(before);
  }

  /** A dealt card turns over where the stock stood, and the stock slides on to the next place. */
  function dealOne(root, state, code, from) {
    if (!state.grid) measure(root, state);
    const grid = state.grid;
    const timing = { duration: SLIDE_MS, easing: "ease-out" };
    animate(state, state.cards.get(code), [{ transform: "rotateY(90deg)", offset: 0 }], timing);
    const [x0, y0] = spot(grid, from);
    const [x1, y1] = spot(grid, from + 1);
    if (state.stock) {
      animate(state, state.stock, [{ transform: `translate(${x0 - x1}px, ${y0 - y1}px)`, offset: 0 }], timing);
    }
  }

  /** A new deal comes in card by card, along the line. */
  function deal(state, codes) {
    const frames = [{ opacity: 0, transform: "translateY(-18px) scale(0.7)", offset: 0 }];
    codes.forEach((code, i) => {
      const timing = { duration: DEAL_MS, delay: i * DEAL_STAGGER_MS, easing: "ease-out", fill: "backwards" };
      animate(state, state.cards.get(code), frames, timing);
    });
  }

  /** One card of the line in the Tab order, the others out of it (the ARIA toolbar pattern). */
  function tabbable(state, code) {
    if (state.tabbable === code) return;
    if (state.cards.has(state.tabbable)) state.cards.get(state.tabbable).tabIndex = -1;
    if (code !== null) state.cards.get(code).tabIndex = 0;
    state.tabbable = code;
  }

  /** Draw the line in `root` as `data` describes it:
   *
   * - `cards`: the surviving cards' codes, in order;
   * - `make`: for each card not drawn yet, [classes, spoken name, rank shown, suit shown] (its
 *   face: its symbol in the sprite `root`'s data-sprite names);
   * - `classes`: the face's and the corner's classes;
   * - `marks`: for each card whose marks changed, its attributes (null: removed);
   * - `change`: "deal" (the order changed: a new deal), "slide" (cards left or came back), or null;
   * - `since`: the index of the first card whose place may change (those before it stay put);
   * - `preview`: drawn before the game's Python runs (static/boot.js), its cards kept in place when
 *   the game's Python draws over it;
   * - `first`: a Python's first drawing, over whatever line the page shows (the boot's, or a
 *   Python's that stopped, static/python.js), drawn over it in the same way.
   */
  function draw(root, data) {
    const { cards, classes, marks, since } = data;
    let { make: made, change } = data;
    const state = stateOf(root);
    if ((state.preview || data.first) && !data.preview) {
      // The game's Python draws over the line static/boot.js drew before it ran. The same line
      // (the usual case) keeps its cards where they are, their faces already loading, brought
      // up to date, and nothing moves; another is drawn anew.
      if (state.order.join() === cards.join()) {
        for (const [code, face] of Object.entries(made)) dress(state.cards.get(code), face, classes);
        made = {};
      } else {
        root.replaceChildren();
        Object.assign(state, { cards: new Map(), order: [], index: new Map(), tabbable: null, stock: null });
      }
      change = null;
    }
    state.preview = Boolean(data.preview);
    settle(state);
    const moving = change !== null && state.cards.size > 0 && !still.matches;
    const wanted = new Set(cards);
    const gone = state.order.filter((code) => !wanted.has(code));
    // Cards before the first change keep their places: only those from it on can move.
    const first = new Map(moving && change === "slide" ? state.order.slice(since).map((code) => [code, state.index.get(code)]) : []);
    let refocus = false;
    for (const code of gone) {
      refocus = leave(state, state.cards.get(code), !(moving && change === "slide")) || refocus;
      state.cards.delete(code);
      state.index.delete(code);
    }
    for (const [code, face] of Object.entries(made)) state.cards.set(code, make(root, code, face, classes));
    if (change === "deal") {
      root.append(...cards.map((code) => state.cards.get(code)));
    } else {
      let following = state.stock && state.stock.parentNode === root ? state.stock : null; // the stock stays last
      for (let i = cards.length - 1; i >= 0; i -= 1) {
        const card = state.cards.get(cards[i]);
        if (card.parentNode !== root) root.insertBefore(card, following);
        following = card;
      }
    }
    const dealtOne = cards.length === state.order.length + 1 && cards.slice(0, -1).every((c, i) => c === state.order[i]);
    const stockWas = drawStock(root, state, data.stock, classes.stock, cards.length);
    const slots = String(cards.length + (data.stock && data.stock.count ? 1 : 0));
    if (root.style.getPropertyValue("--n") !== slots) root.style.setProperty("--n", slots);
    state.order = cards;
    cards.forEach((code, i) => {
      if (state.index.get(code) !== i) {
        state.cards.get(code).style.setProperty("--i", String(i));
        state.index.set(code, i);
      }
    });
    for (const [code, attributes] of Object.entries(marks)) {
      const card = state.cards.get(code);
      for (const [name, value] of Object.entries(attributes)) {
        if (value === null) card.removeAttribute(name);
        else card.setAttribute(name, value);
      }
    }
    // The card in the Tab order stays there while it is in the line, else the first card
    // takes its place, and the focus if the card that left had it.
    if (!state.cards.has(state.tabbable)) state.tabbable = null;
    tabbable(state, state.tabbable ?? cards[0] ?? null);
    if (refocus && state.tabbable !== null) state.cards.get(state.tabbable).focus();
    if (moving) {
      if (change === "deal") deal(state, cards);
      else if (dealtOne && stockWas === cards.length - 1) dealOne(root, state, cards[cards.length - 1], stockWas);
      else slide(root, state, cards.slice(since), first);
    }
  }

  royalView.effect("line", (root, data) => draw(root.querySelector("#line"), data));

  /** How long the win's celebration shows (ms). */
  const CELEBRATION_MS = 2600;
  let celebrating = null;
  // A short shower of hearts for a win; under reduced motion the same hearts stand still about
  // the window and the royals glow, nothing moving (app.css, "The still celebration"). A drawing
  // of a game in play hides it again (royal/view/page.py).
  royalView.effect("celebrate", (root) => {
    const shower = root.querySelector("#celebration");
    shower.hidden = false;
    document.body.setAttribute("data-celebrating", "");
    clearTimeout(celebrating);
    celebrating = setTimeout(() => {
      shower.hidden = true;
      document.body.removeAttribute("data-celebrating");
    }, CELEBRATION_MS);
  });

  /** The card an arrow key's `step` leads to from `code`: along the line ("previous", "next",
   * "first", "last") or to the row above or below ("up", "down"), the card there nearest it on
   * the screen (rows run either way: this goes by where the cards stand, not by their order). */
  function neighbour(root, state, code, step) {
    const order = state.order;
    const index = order.indexOf(code);
    if (step === "previous") return order[index - 1] ?? null;
    if (step === "next") return order[index + 1] ?? null;
    if (step === "first") return order[0] ?? null;
    if (step === "last") return order[order.length - 1] ?? null;
    const at = places(root, state, order, state.index);
    const [x, y] = at.get(code);
    const rows = [...new Set([...at.values()].map(([, top]) => top))].sort((a, b) => a - b);
    const row = rows[rows.indexOf(y) + (step === "up" ? -1 : 1)];
    if (row === undefined) return null;
    let best = null;
    for (const other of order) {
      const [ox, oy] = at.get(other);
      if (oy === row && (best === null || Math.abs(ox - x) < Math.abs(at.get(best)[0] - x))) best = other;
    }
    return best;
  }

  // An arrow key's `step` (royal/shortcuts.py names it) from the card in the line that has the
  // Tab stop: the card it leads to takes the focus, if there is one.
  royalView.hook("line", (step) => {
    const root = document.querySelector("#line");
    const state = stateOf(root);
    if (!state.cards.has(state.tabbable)) return;
    const target = neighbour(root, state, state.tabbable, step);
    if (target === null) return;
    tabbable(state, target);
    state.cards.get(target).focus();
  });

  return {
    /** The code of the card of `root`'s line at (x, y) in the window, or null; while `mark`, a
     * partner there (data-role="partner") carries data-drop, the drag's "drop here", and no
     * other card does (a point out of the window: none). One call a pointer move. */
    under(root, x, y, mark) {
      const state = stateOf(root);
      const found = document.elementFromPoint(x, y)?.closest("[data-card]");
      const card = found && root.contains(found) ? found : null;
      const drop = mark && card?.dataset.role === "partner" ? card : null;
      if (state.drop !== drop) {
        state.drop?.removeAttribute("data-drop");
        drop?.setAttribute("data-drop", "");
        state.drop = drop;
      }
      return card ? card.dataset.card : null;
    },
  };
})();
