/* Dragging a card onto its partner, with a mouse, a finger or a pen (pointer events): the
 * page's own work, decided while each event is dispatched. The game's Python hears two
 * messages (royalView.send): ["drag", card] when a press has moved far enough to be a drag,
 * so it marks the card's partners as a selection does, and ["drop", [card, onto]] on release,
 * `onto` the card under the pointer or null. A press that does not move stays a tap, handled
 * as a click.
 *
 * A drag starts only while the game is played (the last description leaves body[data-outcome]
 * off) and the game's Python listens. The dragged card follows the pointer (--drag-x/y,
 * data-dragging), a finger's card rides above it (data-lifted, app.css) so the finger does not
 * hide the partner under it (data-drop, static/line.js), the window scrolls while the drag is
 * held near its top or bottom edge, and the click a browser sends after the release is
 * swallowed: the drop already acted. The effect `drag-stop` ends a drag under way with no drop
 * (the game changed under it: its card may be gone; the game, which heard the pick, says so),
 * and its release then plays nothing.
 */
"use strict";

(() => {
  /** How far, in CSS pixels, a press must move to become a drag rather than a tap. */
  const THRESHOLD_PX = 8;
  /** The click that a browser sends after a drag ends is not a tap: ignore it this long. */
  const CLICK_AFTER_DRAG_MS = 500;
  /** A drag held this close to the top or bottom of the window scrolls the page, frame after
   * frame while it stays there (moving or not), up to EDGE_STEP_PX a frame at the very edge,
   * until the line's end that way is in view with LINE_MARGIN_PX to spare (past it is nothing
   * to drop on). */
  const EDGE_PX = 56;
  const EDGE_STEP_PX = 16;
  const LINE_MARGIN_PX = 8;

  const root = document.querySelector("#line");
  let pressed = null; // the card element pressed, until release
  let pointer = null;
  let origin = [0, 0]; // in the page's coordinates: the card keeps under the pointer as it scrolls
  let at = [0, 0]; // where the pointer is in the window, while a card is pressed
  let dragging = false;
  let droppedAt = -Infinity;
  let frame = null; // the edge scroll's next animation frame, while one is asked for

  const cardOf = (element) => element.getAttribute("data-card");

  function reset() {
    if (dragging) royalLine.under(root, -1, -1, false); // no partner marked where to drop
    if (pressed) {
      pressed.removeAttribute("data-dragging");
      pressed.removeAttribute("data-lifted");
      pressed.style.removeProperty("--drag-x");
      pressed.style.removeProperty("--drag-y");
    }
    pressed = null;
    pointer = null;
    dragging = false;
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  }

  /** Keep the dragged card under the pointer, in the page's coordinates. */
  function follow() {
    pressed.style.setProperty("--drag-x", `${(at[0] + scrollX - origin[0]).toFixed(1)}px`);
    pressed.style.setProperty("--drag-y", `${(at[1] + scrollY - origin[1]).toFixed(1)}px`);
  }

  /** How far a frame of the edge scroll goes with the pointer at `y` in the window: up (less
   * than 0) near the top, down near the bottom, faster nearer the edge; 0 elsewhere. */
  function edgeStep(y) {
    if (y < EDGE_PX) return (-EDGE_STEP_PX * (EDGE_PX - y)) / EDGE_PX;
    if (y > innerHeight - EDGE_PX) return (EDGE_STEP_PX * (y - innerHeight + EDGE_PX)) / EDGE_PX;
    return 0;
  }

  /** `step` cut short where it would scroll the line's end that way further into view than
   * LINE_MARGIN_PX (upwards, below the toolbar that stays at the window's top). */
  function towardsTheLine(step) {
    const rect = root.getBoundingClientRect();
    if (step > 0) return Math.max(0, Math.min(step, rect.bottom - innerHeight + LINE_MARGIN_PX));
    if (step < 0) {
      const top = Math.max(0, document.querySelector(".controls").getBoundingClientRect().bottom);
      return Math.min(0, Math.max(step, rect.top - top - LINE_MARGIN_PX));
    }
    return 0;
  }

  /** Ask for the edge scroll's next frame while the drag is held near an edge. */
  function keepScrolling() {
    if (frame === null && dragging && edgeStep(at[1]) !== 0) frame = requestAnimationFrame(scrollFrame);
  }

  function scrollFrame() {
    frame = null;
    const step = towardsTheLine(edgeStep(at[1]));
    if (!dragging || step === 0) return;
    const before = scrollY;
    scrollBy(0, step);
    if (scrollY !== before) {
      // at the page's end it stops
      follow();
      keepScrolling();
    }
  }

  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (dragging && event.pointerId !== pointer) return; // a second finger while one drags
    reset(); // a press left over from a pointer that never came up gives way
    const target = event.target.closest("[data-card]");
    if (!target) return;
    pressed = target;
    pointer = event.pointerId;
    origin = [event.clientX + scrollX, event.clientY + scrollY];
  });

  root.addEventListener("pointermove", (event) => {
    if (!pressed || event.pointerId !== pointer) return;
    const [x, y] = [event.clientX, event.clientY];
    if (!dragging) {
      const [dx, dy] = [x + scrollX - origin[0], y + scrollY - origin[1]];
      if (dx * dx + dy * dy < THRESHOLD_PX * THRESHOLD_PX) return;
      const card = cardOf(pressed); // null once the card has left the line
      if (card === null || document.body.hasAttribute("data-outcome") || !royalView.send(["drag", card])) {
        reset();
        return;
      }
      dragging = true;
      // The line, not the card, holds the pointer: the dragged card lets events through
      // (pointer-events: none) so that the card under it can be found on release.
      root.setPointerCapture(event.pointerId);
      pressed.setAttribute("data-dragging", "");
      if (event.pointerType === "touch") pressed.setAttribute("data-lifted", "");
    }
    event.preventDefault();
    at = [x, y];
    follow();
    royalLine.under(root, x, y, true);
    keepScrolling();
  });

  root.addEventListener("pointerup", (event) => {
    if (event.pointerId !== pointer) return;
    if (!pressed) {
      // the release of a drag that was stopped: no tap either
      pointer = null;
      droppedAt = performance.now();
      return;
    }
    if (!dragging) {
      reset(); // a tap: the click that follows selects the card
      return;
    }
    const card = cardOf(pressed);
    const onto = royalLine.under(root, event.clientX, event.clientY, false);
    reset();
    droppedAt = performance.now();
    royalView.send(["drop", [card, onto]]);
  });

  root.addEventListener("pointercancel", (event) => {
    if (!pressed || event.pointerId !== pointer) return;
    const card = dragging ? cardOf(pressed) : null;
    reset();
    if (card !== null) royalView.send(["drop", [card, null]]);
  });

  // Swallow the click a browser sends when a drag ends: the drop already acted.
  root.addEventListener(
    "click",
    (event) => {
      if (performance.now() - droppedAt < CLICK_AFTER_DRAG_MS) {
        droppedAt = -Infinity;
        event.stopPropagation();
        event.preventDefault();
      }
    },
    true,
  );

  royalView.effect("drag-stop", () => {
    if (!dragging) return;
    const stopped = pointer;
    reset();
    pointer = stopped; // its release plays nothing
  });
})();
