"""The page's sound and touch feedback: the table's sounds synthesised with WebAudio, their
volume and mute (the bar's sound button, the key ``m``), and a slap's buzz on a touch screen.

Nothing sounds before the page's first gesture (a key or a touch: browsers let a page start
audio only then): the audio context is made in that gesture's handler, and the sounds asked
for before it are dropped, not kept for later; the loading screen, which has no Python, has
none. Sounds never wait for each other: each starts at once, mixed with those still sounding,
through one compressor so that several together do not clip; a sound that would make more
than :data:`MAX_VOICES` tones sound at once is dropped.

``window.ratscrewSounds`` lists every sound the table asked for, as ``{name, played}``
(``played`` false when muted, at volume 0 or before the first gesture), and
``window.ratscrewBuzzes`` every buzz, as its pattern: what the browser tests read.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

from pyscript import document, window

from ratscrew.i18n import t
from web.dom import by_id, js_object
from web.model.feedback import Sound, Tone
from web.model.settings import Settings

MAX_VOICES = 24
"""The most tones sounding at once."""
NOISE_SAMPLES = 22_050
"""White noise for the noise tones: half a second at 44.1 kHz, played from a random place."""
LEAD_S = 0.005
"""How far ahead of the audio clock a sound is scheduled (s): it starts whole."""
FADE_IN_S = 0.006
SILENT = 0.0001
"""The gain a tone fades from and to (an exponential ramp cannot reach 0)."""


class SoundBoard:
    """The page's audio: made on the first gesture, then every sound the table asks for."""

    def __init__(self, settings: Settings, change: Callable[..., None],
                 proxy: Callable[[Callable[..., None]], Any]) -> None:
        self.settings = settings
        """The page's settings, read here (``volume``, ``muted``, ``vibrate``)."""
        self.change = change
        """Their one writer (:meth:`~web.interfaces.Shell.change_settings`)."""
        self.context: Any = None
        self.master: Any = None
        self.noise: Any = None
        self._voices: list[float] = []
        """When each tone still sounding ends, on the audio clock (s)."""
        self._seed = 0x2F6E2B1
        window.ratscrewSounds = window.Array.new()
        window.ratscrewBuzzes = window.Array.new()
        self._unlock = proxy(self.unlock)
        for kind in ("pointerdown", "keydown"):
            document.addEventListener(kind, self._unlock, js_object({"capture": True}))
        self.show()
        if self._gestured():  # Deal was pressed before Python was there
            self.unlock()

    @staticmethod
    def _gestured() -> bool:
        """Whether the page has had a gesture (a key, a click, a touch) since it loaded, as
        web/boot/loader.js saw: then browsers let it start audio outside a gesture's handler
        too."""
        return getattr(window, "ratscrewGestured", None) is True

    # -- the first gesture -----------------------------------------------------------------

    def unlock(self, _event: Any = None) -> None:
        """Make the audio context (in a gesture's handler, as browsers ask), or wake it."""
        if self.context is None:
            maker = getattr(window, "AudioContext", None) or getattr(
                window, "webkitAudioContext", None)
            if not maker:
                self._stop_listening()  # a browser without WebAudio: silence
                return
            context = maker.new()
            compressor = context.createDynamicsCompressor()
            compressor.connect(context.destination)
            master = context.createGain()
            master.connect(compressor)
            self.context, self.master = context, master
            self.noise = self._noise_buffer()
            self._set_gain()
        if str(self.context.state) == "running":
            self._stop_listening()
        else:
            self.context.resume()

    def _stop_listening(self) -> None:
        for kind in ("pointerdown", "keydown"):
            document.removeEventListener(kind, self._unlock, js_object({"capture": True}))

    def _noise_buffer(self) -> Any:
        """Half a second of white noise, from a small generator of its own (no game's RNG)."""
        samples = array("f")
        seed = self._seed
        for _ in range(NOISE_SAMPLES):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            samples.append(seed / 0x3FFFFFFF - 1.0)
        self._seed = seed
        rate = int(self.context.sampleRate)
        buffer = self.context.createBuffer(1, NOISE_SAMPLES, rate)
        channel = window.Float32Array.new(NOISE_SAMPLES)
        channel.assign(samples)
        buffer.copyToChannel(channel, 0)
        return buffer

    # -- volume and mute -------------------------------------------------------------------

    def set_volume(self, volume: int) -> None:
        self.change(volume=volume)
        self._set_gain()

    def set_muted(self, muted: bool) -> None:
        self.change(muted=muted)
        self._set_gain()
        self.show()

    def toggle_mute(self, *_: Any) -> None:
        self.set_muted(not self.settings.muted)

    def _set_gain(self) -> None:
        if self.master is None:
            return
        level = 0.0 if self.settings.muted else (self.settings.volume / 100) ** 2
        self.master.gain.setValueAtTime(level, self.context.currentTime)

    def show(self) -> None:
        """The bar's sound button as the settings say: pressed while muted."""
        button = by_id("sound")
        muted = self.settings.muted
        button.setAttribute("aria-pressed", "true" if muted else "false")
        # i18n: key: the key that mutes the sound (M)
        button.title = (t("Sound off: press {key} or this button to turn it on", key="M")
                        if muted else t("Sound on: press {key} or this button to mute it",
                                        key="M"))
        button.dataset.muted = "true" if muted else "false"

    # -- sounds ----------------------------------------------------------------------------

    def play(self, sounds: Sequence[tuple[str, Sound]]) -> None:
        """Start each sound now, mixed with what is sounding (or drop it: see the module)."""
        if self.context is None and self._gestured():
            self.unlock()
        for name, sound in sounds:
            played = self._start(sound)
            window.ratscrewSounds.push(js_object({"name": name, "played": played}))

    def _start(self, sound: Sound) -> bool:
        context = self.context
        if context is None or self.settings.muted or self.settings.volume == 0:
            return False
        now = float(context.currentTime)
        self._voices = [end for end in self._voices if end > now]
        if len(self._voices) + len(sound.tones) > MAX_VOICES:
            return False
        for tone in sound.tones:
            self._voices.append(self._tone(tone, now + LEAD_S))
        return True

    def _tone(self, tone: Tone, start: float) -> float:
        """Schedule one tone from ``start`` (audio clock, s); returns when it ends."""
        context = self.context
        begin = start + tone.at / 1000
        end = begin + tone.ms / 1000
        envelope = context.createGain()
        level = envelope.gain
        level.setValueAtTime(SILENT, begin)
        level.exponentialRampToValueAtTime(tone.gain, begin + min(FADE_IN_S, tone.ms / 4000))
        level.exponentialRampToValueAtTime(SILENT, end)
        envelope.connect(self.master)
        if tone.wave == "noise":
            source = context.createBufferSource()
            source.buffer = self.noise
            source.loop = True
            band = context.createBiquadFilter()
            band.type = "bandpass"
            band.Q.value = 1.4
            frequency = band.frequency
            source.connect(band)
            band.connect(envelope)
            self._seed = (self._seed * 1103515245 + 12345) & 0x7FFFFFFF
            offset = (self._seed % NOISE_SAMPLES) / int(context.sampleRate)
            source.start(begin, offset)
        else:
            source = context.createOscillator()
            source.type = tone.wave
            frequency = source.frequency
            source.connect(envelope)
            source.start(begin)
        frequency.setValueAtTime(tone.hz, begin)
        if tone.to_hz:
            frequency.exponentialRampToValueAtTime(tone.to_hz, end)
        source.stop(end + 0.02)
        return end

    # -- touch -----------------------------------------------------------------------------

    def buzz(self, pattern: Sequence[int]) -> None:
        """Vibrate ``pattern`` (ms on, off, on...) where the device can and the settings
        allow."""
        if not pattern or not self.settings.vibrate:
            return
        window.ratscrewBuzzes.push(",".join(str(ms) for ms in pattern))
        vibrate = getattr(window.navigator, "vibrate", None)
        if vibrate:
            window.navigator.vibrate(js_object(list(pattern)))
