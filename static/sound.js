/* The game's short sounds, made with Web Audio as they play: no sound files, nothing downloaded.
 *
 * The game's Python says which sound a change makes, as an effect of the patch that draws it
 * (royal/view/page.py, "sound"), and only while the player has sound on; this plays it. Each
 * sound is a few notes of a soft triangle wave. The audio context is created at the first
 * sound, which always follows a click or key press, so browsers allow it to play; where there
 * is no Web Audio the game is silent.
 */
"use strict";

(() => {
  /** Notes of each sound: [frequency in Hz, start in seconds, length in seconds]. */
  const NOTES = {
    move: [[660, 0, 0.09]],
    "no-partner": [[196, 0, 0.16]],
    undo: [[587, 0, 0.07], [440, 0.07, 0.1]],
    // The losing-move warning: three falling notes, lower and slower than an undo.
    lost: [[392, 0, 0.14], [311, 0.14, 0.14], [233, 0.28, 0.3]],
    win: [[523, 0, 0.16], [659, 0.13, 0.16], [784, 0.26, 0.16], [1047, 0.39, 0.45]],
  };
  const VOLUME = 0.18;
  const SILENCE = 0.0001; // exponential ramps cannot reach 0
  let context = null;

  function audio() {
    if (context === null) {
      if (typeof AudioContext !== "function") return null;
      context = new AudioContext();
    }
    if (context.state === "suspended") context.resume();
    return context;
  }

  royalView.effect("sound", (root, name) => {
    const notes = NOTES[name];
    if (!notes) throw new Error(`royalView: no sound ${name}`);
    const out = audio();
    if (out === null) return;
    const now = out.currentTime;
    for (const [frequency, start, length] of notes) {
      const begin = now + start;
      const end = begin + length;
      const oscillator = out.createOscillator();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      const gain = out.createGain();
      gain.gain.setValueAtTime(SILENCE, begin);
      gain.gain.exponentialRampToValueAtTime(VOLUME, begin + 0.012);
      gain.gain.exponentialRampToValueAtTime(SILENCE, end);
      oscillator.connect(gain);
      gain.connect(out.destination);
      oscillator.start(begin);
      oscillator.stop(end + 0.02);
    }
  });
})();
