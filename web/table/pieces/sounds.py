"""The table's sounds: each batch of the game's events, as the sounds it asks for
(:func:`web.model.feedback.cues`), handed to the page's audio. A table drawn afresh (the deal,
a step back) says nothing: only what happens from then on is heard."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ratscrew.core.events import Event
from web.model.feedback import Sound, cues
from web.model.headline import is_fast
from web.model.session import Session
from web.model.variant_page import event_sounds
from web.table.piece import Piece


class Sounds(Piece):
    """Hands the sounds of each batch of events to ``play``."""

    def __init__(self, session: Session,
                 play: Callable[[Sequence[tuple[str, Sound]]], None]) -> None:
        self.session = session
        self.play = play
        self.own = event_sounds()

    def on_events(self, events: Sequence[Event]) -> None:
        sounds = cues(events, is_fast(self.session.speed), self.own)
        if sounds:
            self.play(sounds)
