"""The keyboard: every key pressed on the page, read on the document and sent where it goes (a
key being chosen in the settings, Esc's pause, the mute key, the step keys, a person's flip,
slap or choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.dom import by_id, now
from web.model.keymap import is_game_event, normalize_key

if TYPE_CHECKING:
    from web.interfaces import KeyCapture, Shell, Table

MUTE_KEY = "m"
"""Mutes the sound, or turns it back on (while no person of the game plays with it)."""
STEP_KEYS = (",", ".")
"""Back one action, and one action on (while a person of the game plays with them, only
once the game is paused)."""


class Keys:
    """The page's keydown listener."""

    def __init__(self, shell: Shell, play: Table, settings: KeyCapture) -> None:
        self.shell = shell
        self.play = play
        self.settings = settings
        # Each played key's time from keydown to the end of its handler, in ms (read by
        # scripts/bench_page.py).
        window.ratscrewLatency = window.Array.new()
        document.addEventListener("keydown", shell.proxy(self.on_key))

    def on_key(self, event: Any) -> None:
        key = normalize_key(str(event.key))
        if self.settings.capture is not None:
            self.settings.capture_key(event, key)
            return
        table_hidden = by_id("table").hidden
        if key == "escape" and not table_hidden and not self.shell.dialog_open():
            event.preventDefault()
            self.play.toggle_pause()
            return
        if self.shell.dialog_open() or table_hidden:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        lesson = self.play.lesson
        if lesson is not None and not event.repeat and lesson.key(key, event):
            return  # Next and Back of a lesson on the table
        if not is_game_event(key, bool(event.ctrlKey), bool(event.altKey), bool(event.metaKey)):
            return
        hit = self.shell.keymap.lookup(key)
        session = self.play.session
        if session is None:
            return
        if key == MUTE_KEY and not event.repeat and (hit is None or hit[0] not in session.humans):
            event.preventDefault()  # "m" mutes, unless a person of this game plays with it
            self.shell.sound.toggle_mute()
            return
        if key in STEP_KEYS and not (
            hit is not None and not session.paused and hit[0] in session.humans
            and hit[1] in session.actions
        ):  # "," and "." step, unless they are a playing person's keys in this game
            event.preventDefault()
            self.play.step_back() if key == "," else self.play.step_on()
            return
        if event.repeat or hit is None:
            return  # a held-down key is not a slap
        seat, action = hit
        if seat not in session.humans or seat in session.remote:
            return  # a bot's keys, or a phone seat's: that player has no key here
        if action not in session.actions:
            return  # this game does not offer it (a plain slap where the hand matters)
        # While a decision waits for this seat, its keys work the choice panel (the keys its
        # hint names: web/model/keymap.py's choice_hint).
        chosen = self.play.choice_key(seat, action)
        if chosen is not None:
            event.preventDefault()
            if chosen:
                self.play.choose(seat, chosen)
            return
        event.preventDefault()
        self.play.act(seat, action)
        window.ratscrewLatency.push(now() - float(event.timeStamp))
