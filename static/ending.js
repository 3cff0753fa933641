/* The end of a game, where only the browser can act (the effect "end" of the drawing that ends
 * it, royal/table/play.py's reply): as the next frame starts, the panel laid out, the end
 * panel's primary action (New game; on a stuck game that could be won earlier, the way back to
 * it: royal/view/ending.py) takes the focus without letting the browser scroll to it, and the page
 * scrolls so that the panel (#result) and the line (where the royal pair stands) are both in
 * view, the line first when both do not fit, with room above the pair for the embrace
 * (app.css, @keyframes embrace: it lifts them 8 px and grows them 1.6 times about their foot).
 * A game ended by a tap or a click shows no focus ring on that button; one ended by a key does.
 * An undo that came first (the page no longer shows an ended game) leaves all as it is.
 */
"use strict";

(() => {
  /** Room above the royal pair at a win for the embrace: 8 px and 0.6 of a card. */
  const EMBRACE_PX = 8;
  const EMBRACE_GROWTH = 0.6;
  /** How the player last acted: a pointer, or a key. */
  let byPointer = false;
  addEventListener("pointerdown", () => (byPointer = true), true);
  addEventListener("keydown", () => (byPointer = false), true);

  /** On a phone the control bar sticks with its first row above the window: a scroll that
   * stops partway leaves a sliver of that row over the second. Finish it, or undo it. */
  function wholeBar(controls) {
    const sticky = getComputedStyle(controls).top; // "auto" where it does not stick
    const stuckAt = sticky.endsWith("px") ? -parseFloat(sticky) : 0;
    const top = controls.getBoundingClientRect().top;
    if (stuckAt > 0 && -stuckAt + 0.5 < top && top < -0.5) scrollBy(0, top < -stuckAt / 2 ? top + stuckAt : top);
  }

  function focusNextStep() {
    if (!document.body.hasAttribute("data-outcome")) return; // an undo came first
    const line = document.getElementById("line");
    const panel = document.getElementById("result");
    const next = panel.querySelector(".result-actions .primary:not([hidden])") ?? document.getElementById("result-new");
    next.focus({ preventScroll: true, focusVisible: !byPointer });
    const top = line.getBoundingClientRect().top;
    const bottom = panel.getBoundingClientRect().bottom;
    const controls = document.querySelector(".controls");
    const reserved = controls.getBoundingClientRect().bottom;
    const royal = line.querySelector(".royal");
    const growth = royal ? EMBRACE_GROWTH * royal.getBoundingClientRect().height : 0;
    const margin = Math.max(0, reserved) + EMBRACE_PX + growth; // below the control bar (on top on a phone)
    const down = Math.min(Math.max(0, bottom + 8 - innerHeight), top - margin);
    if (Math.abs(down) >= 1) scrollBy(0, down);
    wholeBar(controls);
  }

  royalView.effect("end", () => requestAnimationFrame(focusNextStep));
})();
