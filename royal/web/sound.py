"""Short sounds made with Web Audio as they play: no sound files, nothing downloaded.

Each sound is a few notes of a soft triangle wave. The audio context is created at the first
sound, which always follows a click or key press, so browsers allow it to play.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from royal.web.dom import missing

#: Notes of each sound: (frequency in Hz, start in seconds, length in seconds).
NOTES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "move": ((660.0, 0.0, 0.09),),
    "no-partner": ((196.0, 0.0, 0.16),),
    "undo": ((587.0, 0.0, 0.07), (440.0, 0.07, 0.1)),
    # The losing-move warning: three falling notes, lower and slower than an undo.
    "lost": ((392.0, 0.0, 0.14), (311.0, 0.14, 0.14), (233.0, 0.28, 0.3)),
    "win": ((523.0, 0.0, 0.16), (659.0, 0.13, 0.16), (784.0, 0.26, 0.16), (1047.0, 0.39, 0.45)),
}
VOLUME = 0.18
SILENCE = 0.0001  # exponential ramps cannot reach 0


class Sound:
    """Plays the game's sounds while ``on``; silent where the browser has no Web Audio."""

    def __init__(self) -> None:
        self.on = False
        self._context: Any = None

    def _audio(self) -> Any:
        if self._context is None:
            maker: Any = getattr(window, "AudioContext", None)
            if missing(maker):
                return None
            self._context = maker.new()
        if str(self._context.state) == "suspended":
            self._context.resume()
        return self._context

    def play(self, name: str) -> None:
        """Play the sound ``name`` (one of :data:`NOTES`) if sound is on."""
        if not self.on:
            return
        audio = self._audio()
        if audio is None:
            return
        now = float(audio.currentTime)
        for frequency, start, length in NOTES[name]:
            begin, end = now + start, now + start + length
            oscillator = audio.createOscillator()
            oscillator.type = "triangle"
            oscillator.frequency.value = frequency
            gain = audio.createGain()
            gain.gain.setValueAtTime(SILENCE, begin)
            gain.gain.exponentialRampToValueAtTime(VOLUME, begin + 0.012)
            gain.gain.exponentialRampToValueAtTime(SILENCE, end)
            oscillator.connect(gain)
            gain.connect(audio.destination)
            oscillator.start(begin)
            oscillator.stop(end + 0.02)
