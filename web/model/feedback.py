"""What the table makes you hear and feel: the sounds of the game's events, and a slap's
vibration on a touch screen.

Browser-free (tested in CPython). Each sound is a short recipe of tones (:class:`Sound`), which
the page synthesises with WebAudio (:mod:`web.shell.sound`): no audio files to download or
cache. :func:`cues` turns a batch of the game's events into the sounds it asks for, in order:
the core's events here (:data:`SOUNDS`), each variant's own moments declared by its web part
(:attr:`web.model.variant_page.VariantPage.sounds`, by event kind). At fast speeds (4x and
faster, and instant) only the notable sounds play: the flips and the challenge cards would be
a roar. :func:`vibration` is a slap's buzz on a touch screen: short for a slap, a double one
for a wrong slap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratscrew.core.events import ChallengeWon, Event, Flipped, GameOver, PileTaken, WrongSlap

WAVES = ("sine", "triangle", "square", "sawtooth", "noise")
"""A tone's wave: an oscillator's, or ``noise`` (white noise through a band-pass filter
centred on the tone's frequency)."""


@dataclass(frozen=True)
class Tone:
    """One voice of a sound: a wave gliding from ``hz`` to ``to_hz`` (0: stays at ``hz``),
    starting ``at`` ms into the sound, lasting ``ms``, at a peak ``gain`` (0 to 1) that dies
    away to silence by its end."""

    wave: str
    hz: float
    ms: float
    gain: float
    at: float = 0.0
    to_hz: float = 0.0

    def __post_init__(self) -> None:
        if self.wave not in WAVES:
            raise ValueError(f"unknown wave {self.wave!r}")
        if not (20 <= self.hz <= 20_000 and 0 <= self.to_hz <= 20_000):
            raise ValueError("a tone's frequencies are audible ones")
        if not (0 < self.ms <= 2000 and 0 <= self.at <= 2000 and 0 < self.gain <= 1):
            raise ValueError("a tone is short, starts within 2 s and has a gain up to 1")


@dataclass(frozen=True)
class Sound:
    """A short sound: its tones, mixed; ``notable``: it plays at fast speeds too."""

    tones: tuple[Tone, ...]
    notable: bool = True

    @property
    def ms(self) -> float:
        """How long it sounds."""
        return max(tone.at + tone.ms for tone in self.tones)


SOUNDS: dict[str, Sound] = {
    # A card laid on the pile: a short snap.
    "flip": Sound((Tone("noise", 2600, 45, 0.35),), notable=False),
    # A face card (or an ace) that starts a challenge: the snap and a bright ping.
    "challenge": Sound((Tone("noise", 2600, 45, 0.35), Tone("triangle", 988, 140, 0.22, at=10)),
                       notable=False),
    # A slap that wins the pile: a hand's smack on the table, then a rising chime.
    "slap-win": Sound((Tone("noise", 900, 90, 0.9), Tone("sine", 170, 130, 0.6, to_hz=80),
                       Tone("triangle", 340, 110, 0.3, to_hz=220),
                       Tone("triangle", 784, 120, 0.3, at=70),
                       Tone("triangle", 1175, 220, 0.3, at=150))),
    # A pile won another way (nobody slapped back in, nobody else could play, a variant's
    # own way): the pile swept up.
    "pile-won": Sound((Tone("noise", 700, 260, 0.45, to_hz=2400),
                       Tone("triangle", 659, 200, 0.24, at=80))),
    # A won challenge: two notes up.
    "challenge-won": Sound((Tone("noise", 700, 200, 0.3, to_hz=2400),
                            Tone("triangle", 523, 160, 0.25, at=40),
                            Tone("triangle", 784, 260, 0.25, at=190))),
    # A wrong slap: the smack, and a low groan falling.
    "wrong-slap": Sound((Tone("noise", 900, 80, 0.9), Tone("sawtooth", 196, 320, 0.36, to_hz=110,
                                                           at=40))),
    # What a wrong slap costs: a card burned, flicked away.
    "burned-card": Sound((Tone("noise", 1600, 70, 0.5, at=260, to_hz=600),
                          Tone("sine", 130, 120, 0.3, at=260),
                          Tone("triangle", 390, 120, 0.25, at=260, to_hz=300))),
    # The end of the game: a fanfare.
    "game-over": Sound((Tone("triangle", 523, 160, 0.3), Tone("triangle", 659, 160, 0.3, at=150),
                        Tone("triangle", 784, 160, 0.3, at=300),
                        Tone("triangle", 1047, 600, 0.3, at=450),
                        Tone("sine", 523, 600, 0.2, at=450))),
}
"""The core's sounds by name."""


def cues(events: Sequence[Event], fast: bool,
         own: Mapping[str, Sound] | None = None) -> list[tuple[str, Sound]]:
    """The sounds a batch of events asks for, in order, one an event that sounds (a wrong
    slap that burns a card, two): the core's (:data:`SOUNDS`) and the variant's ``own`` by
    event kind. ``fast``: only the notable ones (at instant speed a frame of forty flips is
    silent; the few notable sounds left mix)."""
    own = own or {}
    names: list[str] = []
    for event in events:
        if event.kind in own:
            names.append(event.kind)
        elif isinstance(event, Flipped):
            names.append("challenge" if event.target >= 0 else "flip")
        elif isinstance(event, PileTaken):
            if event.how == "slap":
                names.append("slap-win")
            elif event.how != "challenge":  # a won challenge has its own sound
                names.append("pile-won")
        elif isinstance(event, ChallengeWon):
            names.append("challenge-won")
        elif isinstance(event, WrongSlap):
            names.append("wrong-slap")
            if event.burned:
                names.append("burned-card")
        elif isinstance(event, GameOver):
            names.append("game-over")
    out: list[tuple[str, Sound]] = []
    for name in names:
        sound = own.get(name) or SOUNDS[name]
        if sound.notable or not fast:
            out.append((name, sound))
    return out


SLAP_BUZZ = (18,)
"""A slap on a touch screen: one short buzz (ms)."""
WRONG_BUZZ = (40, 70, 40)
"""A wrong slap: two buzzes and the pause between them (ms)."""


def vibration(seat: int, action: str, events: Sequence[Event]) -> tuple[int, ...]:
    """What a touch of ``seat``'s ``action`` button buzzes, given the events it made: a slap a
    short buzz, a wrong slap two; anything else nothing."""
    if not action.startswith("slap"):
        return ()
    if any(isinstance(event, WrongSlap) and event.seat == seat for event in events):
        return WRONG_BUZZ
    return SLAP_BUZZ
