"""The table's sounds and a slap's buzz (web/model/feedback.py), from real games."""

from __future__ import annotations

import pytest

from ratscrew.core.cards import CARDS
from ratscrew.core.events import (
    ChallengeWon,
    Event,
    Flipped,
    GameOver,
    PileTaken,
    WrongSlap,
)
from ratscrew.play.match import play
from ratscrew.variants import VARIANTS
from web.model.feedback import (
    SLAP_BUZZ,
    SOUNDS,
    WRONG_BUZZ,
    Sound,
    Tone,
    cues,
    vibration,
)
from web.model.variant_page import event_ranks, event_sounds, page_of

FLIP = Flipped(t=0, seat=1, card=CARDS["5H"])
FACE = Flipped(t=0, seat=1, card=CARDS["KH"], target=2, chances=3)
SLAPPED = PileTaken(t=0, seat=0, count=6, how="slap", rule="Double",
                    cards=(CARDS["7D"], CARDS["7C"]))
WRONG = WrongSlap(t=0, seat=2, penalty="cards", burned=(CARDS["2S"],))


def every_sound() -> dict[str, Sound]:
    return {**SOUNDS, **{f"{kind} (a variant's)": s for kind, s in event_sounds().items()}}


def names(events: list[Event], fast: bool = False) -> list[str]:
    return [name for name, _ in cues(events, fast, event_sounds())]


# --------------------------------------------------------------------------- the sounds


@pytest.mark.parametrize(("name", "sound"), every_sound().items())
def test_every_sound_is_short(name: str, sound: Sound) -> None:
    assert sound.tones, name
    assert 30 <= sound.ms <= 1500, name


PHONE_HZ = 300
"""A phone's small speaker plays next to nothing below this."""


@pytest.mark.parametrize(("name", "sound"), every_sound().items())
def test_every_sound_is_heard_on_a_phone(name: str, sound: Sound) -> None:
    """A low sine (a thump, a knock) is felt through a projector's speakers and lost on a
    phone's: every sound puts at least as much into tones a phone can play (anything else:
    higher, noise, or a wave with overtones) as into low sines (scripts/listen.py measures
    what the page makes of them)."""
    low = sum(t.gain for t in sound.tones if t.wave == "sine" and max(t.hz, t.to_hz) < PHONE_HZ)
    heard = sum(t.gain for t in sound.tones) - low
    assert heard >= low, name


def test_every_sound_is_distinct() -> None:
    recipes = [sound.tones for sound in every_sound().values()]
    assert len(set(recipes)) == len(recipes)


@pytest.mark.parametrize("wave", ["saw", "", "Noise"])
def test_a_tone_has_a_known_wave(wave: str) -> None:
    with pytest.raises(ValueError, match="wave"):
        Tone(wave, 440, 100, 0.5)


@pytest.mark.parametrize(("hz", "ms", "gain", "at"),
                         [(5, 100, 0.5, 0), (440, 0, 0.5, 0), (440, 100, 1.5, 0),
                          (440, 5000, 0.5, 0), (440, 100, 0.5, -1), (440, 100, 0, 0)])
def test_a_tone_is_audible_short_and_not_too_loud(hz: float, ms: float, gain: float,
                                                  at: float) -> None:
    with pytest.raises(ValueError):
        Tone("sine", hz, ms, gain, at=at)


def test_each_variants_notable_moments_have_a_sound_of_their_own() -> None:
    """The dice, a burn contest and its winner, a fire put out, an Arcana's effect: every
    event a variant's part ranks in the headline (but a question asked) sounds."""
    sounds = event_sounds()
    for variant in VARIANTS.values():
        page = page_of(variant.name)
        for kind in page.ranks:
            if kind != "dice-called":  # a Rat on the dice: the question, then the dice
                assert kind in sounds, f"{variant.name}: {kind}"
    assert set(sounds) <= set(event_ranks()) | {"burned"}


# --------------------------------------------------------------------------- the cues


def test_flips_snap_and_a_challenge_card_pings() -> None:
    assert names([FLIP]) == ["flip"]
    assert names([FACE]) == ["challenge"]


def test_a_slap_that_wins_a_wrong_slap_and_its_burned_card() -> None:
    assert names([SLAPPED]) == ["slap-win"]
    assert names([WRONG]) == ["wrong-slap", "burned-card"]
    lockout = WrongSlap(t=0, seat=2, penalty="lockout", flips=2)
    assert names([lockout]) == ["wrong-slap"]


def test_a_won_challenge_sounds_once_and_other_ways_sweep_the_pile() -> None:
    won = ChallengeWon(t=0, seat=1, failed=2, card=CARDS["KH"], claim=False)
    taken = PileTaken(t=0, seat=1, count=9, how="challenge")
    assert names([won, taken]) == ["challenge-won"]
    assert names([PileTaken(t=0, seat=3, count=2, how="default")]) == ["pile-won"]
    assert names([GameOver(t=0, winner=1, status="won")]) == ["game-over"]


def test_a_batch_asks_for_each_events_sound_in_order() -> None:
    assert names([FLIP, FLIP, SLAPPED, FLIP, WRONG]) == [
        "flip", "flip", "slap-win", "flip", "wrong-slap", "burned-card"]


def test_at_fast_speeds_only_the_notable_sounds_play() -> None:
    assert names([FLIP, FACE, SLAPPED, WRONG], fast=True) == [
        "slap-win", "wrong-slap", "burned-card"]
    assert all(SOUNDS[name].notable for name in ("slap-win", "wrong-slap", "challenge-won",
                                                 "burned-card", "game-over", "pile-won"))


def test_a_whole_game_sounds_every_card_and_every_pile() -> None:
    """An all-bot game of 4: each card laid is a snap or a ping, each pile won by a slap its
    smack, each wrong slap its groan, and the end its fanfare, in the game's order."""
    events = list(play("classic", 4, 11, "hard").events)
    heard = [name for name, _ in cues(events, False)]
    assert heard == [name for event in events for name, _ in cues([event], False)]
    flips = [e for e in events if isinstance(e, Flipped)]
    assert heard.count("flip") + heard.count("challenge") == len(flips)
    assert heard.count("challenge") == sum(e.target >= 0 for e in flips) > 0
    slaps = [e for e in events if isinstance(e, PileTaken) and e.how == "slap"]
    assert heard.count("slap-win") == len(slaps) > 0
    assert heard.count("wrong-slap") == sum(isinstance(e, WrongSlap) for e in events)
    assert heard.count("challenge-won") == sum(isinstance(e, ChallengeWon) for e in events) > 0
    assert heard[-1] == "game-over"


@pytest.mark.parametrize(("variant", "options", "kind"), [
    ("slap-like-an-egyptian", {"slap_a_roonie": True}, "dice"),
    ("firefighters", {}, "burn-started"),
    ("kurs", {}, "arcana"),
])
def test_a_variants_game_sounds_its_own_moments(variant: str, options: dict[str, object],
                                               kind: str) -> None:
    events = list(play(variant, 4, 5, "hard", options=options).events)
    own = [e for e in events if e.kind == kind]
    assert own, f"the game has no {kind}"
    heard = [name for name, _ in cues(events, False, event_sounds())]
    assert kind in heard
    assert [name for name, _ in cues(own[:1], False, {})] == []  # the core alone: silence


# --------------------------------------------------------------------------- the buzz


def test_a_slap_buzzes_short_and_a_wrong_slap_twice() -> None:
    assert vibration(0, "slap", [SLAPPED]) == SLAP_BUZZ
    assert vibration(2, "slap", [WRONG]) == WRONG_BUZZ
    assert vibration(2, "slap-left", [WRONG]) == WRONG_BUZZ
    assert vibration(1, "slap", [WRONG]) == SLAP_BUZZ  # another seat's wrong slap
    assert vibration(1, "flip", [FLIP]) == ()
    assert len(WRONG_BUZZ) == 3 and len(SLAP_BUZZ) == 1
