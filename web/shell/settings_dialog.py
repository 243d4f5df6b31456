"""The settings dialog (``#settings``): the players' keys, four-colour cards, the projector
display, a person's time to choose, the sound's volume and mute, a slap's buzz; and the
settings' storage in the browser."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ratscrew.variants import find_variant
from web.dom import by_id, clear, el
from web.model.feedback import SOUNDS
from web.model.keymap import KNOWN_ACTIONS, KeyClashError, KeyMap, action_label, key_label
from web.model.session import seat_actions
from web.model.settings import (
    STORAGE_KEY,
    Settings,
    dump_settings,
    load_settings,
    parse_choice_seconds,
    parse_volume,
)

if TYPE_CHECKING:
    from web.interfaces import Shell, Table

MAX_PLAYERS = 8


def load_saved() -> tuple[Settings, KeyMap, list[str]]:
    """The saved settings and keys, and a notice for what could not be read (dropped)."""
    try:
        text = window.localStorage.getItem(STORAGE_KEY)
    except Exception:  # storage blocked (private mode, policy): play without saving
        settings, notices = load_settings(None)[0], ["Settings cannot be saved in this browser."]
    else:
        # A missing item is JS null, which Pyodide gives as jsnull (not None): only a string
        # is something saved.
        settings, notices = load_settings(text if isinstance(text, str) else None)
    # Every seat has all the actions (flip, slap, and the left- and right-hand slaps of the
    # variants where the hand matters); each variant offers its own (seat_actions).
    keymap, key_notices = KeyMap.from_json(settings.keys, MAX_PLAYERS, KNOWN_ACTIONS)
    return settings, keymap, notices + key_notices


def store(settings: Settings, keymap: KeyMap) -> None:
    """Save the settings, with these keys, in the browser."""
    settings.keys = keymap.to_json()
    try:
        window.localStorage.setItem(STORAGE_KEY, dump_settings(settings))
    except Exception:
        window.console.warn("[ratscrew] settings could not be saved")


class SettingsDialog:
    """The dialog's controls. Opening it pauses the game in play; closing it resumes it."""

    def __init__(self, shell: Shell, play: Table) -> None:
        self.shell = shell
        self.play = play
        self.capture: tuple[int, str] | None = None
        """The seat and action whose new key the next key press is (:meth:`capture_key`)."""
        self._paused_game = False
        """Whether opening the settings paused the game (closing them then resumes it)."""
        document.body.classList.toggle("four-colour", shell.settings.four_colour)
        document.documentElement.classList.toggle("projector", shell.settings.projector)
        on = shell.on
        on("settings-open", "click", self.open)
        on("settings", "close", self.on_closed)
        # "Done" resumes the game at once: the dialog's close event comes a task later, and a
        # key pressed in between would meet a paused table.
        on("settings-close", "click", self.on_closed)
        on("four-colour", "change", self.set_four_colour)
        on("projector", "change", self.set_projector)
        on("choice-seconds", "change", self.set_choice_seconds)
        on("volume", "input", self.set_volume)
        on("muted", "change", self.set_muted)
        on("vibrate", "change", self.set_vibrate)
        on("keys-reset", "click", self.reset_keys)

    def open(self, *_: Any) -> None:
        session = self.play.session
        self._paused_game = session is not None and not session.paused
        if self._paused_game:
            self.play.set_paused(True)
        settings = self.shell.settings
        by_id("four-colour").checked = settings.four_colour
        by_id("projector").checked = settings.projector
        by_id("choice-seconds").value = str(settings.choice_seconds)
        by_id("volume").value = str(settings.volume)
        by_id("volume-value").textContent = f"{settings.volume}%"
        by_id("muted").checked = settings.muted
        by_id("vibrate").checked = settings.vibrate
        by_id("keys-message").textContent = ""
        self._fill_keys()
        by_id("settings").showModal()

    def on_closed(self, _event: Any) -> None:
        """The dialog closes (its Done button, or its close event: either may come first; the
        second does nothing more)."""
        self.capture = None
        session = self.play.session
        if self._paused_game and session is not None:
            self._paused_game = False
            if session.game.outcome is None:
                self.play.set_paused(False)

    # -- keys ------------------------------------------------------------------------------

    def _fill_keys(self) -> None:
        """The keys table: a row a seat of the game in play (or of the setup's), a column an
        action that game offers (Slap Like an Egyptian: the hands)."""
        body = by_id("keys-body")
        clear(body)
        session = self.play.session
        config = self.shell.config
        keymap = self.shell.keymap
        players = session.game.n if session is not None else config.players
        names = session.game.names if session is not None else ()
        actions = (session.actions if session is not None
                   else seat_actions(find_variant(config.variant)))
        head = body.parentElement.tHead
        clear(head)
        head_row = el("tr")
        head_row.appendChild(el("th", "", "Seat", scope="col"))
        for action in actions:
            head_row.appendChild(el("th", "", action_label(action).capitalize(), scope="col"))
        head.appendChild(head_row)
        for seat in range(players):
            row = el("tr")
            label = names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"
            row.appendChild(el("th", "", f"{seat + 1}. {label}", scope="row"))
            for action in actions:
                cell = el("td")
                label = key_label(keymap.key_for(seat, action) or "")
                button = el("button", "key-button", label, type="button",
                            data_seat=str(seat), data_action=action,
                            aria_label=f"Seat {seat + 1} {action_label(action)} key: {label}. "
                            "Choose to change it.")
                button.addEventListener("click", self.shell.proxy(
                    lambda _e, seat=seat, action=action, button=button:
                    self._start_capture(seat, action, button)))
                cell.appendChild(button)
                row.appendChild(cell)
            body.appendChild(row)

    def _start_capture(self, seat: int, action: str, button: Any) -> None:
        self.capture = (seat, action)
        button.textContent = "press a key…"
        button.classList.add("capturing")
        by_id("keys-message").textContent = (
            f"Press the new {action_label(action)} key for seat {seat + 1} (Esc to cancel)."
        )

    def capture_key(self, event: Any, key: str) -> None:
        """The key pressed while a key button waits for one: that seat's new key (Esc:
        unchanged)."""
        event.preventDefault()
        event.stopPropagation()
        assert self.capture is not None
        seat, action = self.capture
        self.capture = None
        message = by_id("keys-message")
        if key == "escape":
            message.textContent = "Unchanged."
        else:
            session = self.play.session
            names = session.game.names if session is not None else ()
            keymap = self.shell.keymap.copy()
            try:
                keymap.assign(seat, action, key, names)
            except KeyClashError as error:
                message.textContent = str(error)
            else:
                verb = {"slap-left": "slaps left", "slap-right": "slaps right"}.get(
                    action, f"{action}s")
                message.textContent = f"Seat {seat + 1} now {verb} with {key_label(key)}."
                self.shell.change_settings(keymap=keymap)
        self._keys_changed()

    def reset_keys(self, *_: Any) -> None:
        self.shell.change_settings(keymap=KeyMap.from_json({}, MAX_PLAYERS, KNOWN_ACTIONS)[0])
        by_id("keys-message").textContent = "Every seat has its default keys again."
        self._keys_changed()

    def _keys_changed(self) -> None:
        self._fill_keys()
        self.play.refresh_keys()

    # -- the other settings ----------------------------------------------------------------

    def set_choice_seconds(self, *_: Any) -> None:
        """The time a person has to answer a choice (0: no limit); from the next game on."""
        field = by_id("choice-seconds")
        seconds = parse_choice_seconds(str(field.value))
        if seconds is None:
            field.value = str(self.shell.settings.choice_seconds)
            return
        self.shell.change_settings(choice_seconds=seconds)

    def set_volume(self, *_: Any) -> None:
        """The sounds' volume, as the slider moves; a flip's snap lets it be heard."""
        volume = parse_volume(str(by_id("volume").value))
        if volume is None:
            return
        by_id("volume-value").textContent = f"{volume}%"
        sound = self.shell.sound
        sound.set_volume(volume)
        sound.play([("flip", SOUNDS["flip"])])

    def set_muted(self, *_: Any) -> None:
        self.shell.sound.set_muted(bool(by_id("muted").checked))

    def set_vibrate(self, *_: Any) -> None:
        self.shell.change_settings(vibrate=bool(by_id("vibrate").checked))

    def set_four_colour(self, *_: Any) -> None:
        self.shell.change_settings(four_colour=bool(by_id("four-colour").checked))
        document.body.classList.toggle("four-colour", self.shell.settings.four_colour)

    def set_projector(self, *_: Any) -> None:
        """The projector display: everything larger (the class ``projector`` on ``<html>``)."""
        self.shell.change_settings(projector=bool(by_id("projector").checked))
        document.documentElement.classList.toggle("projector", self.shell.settings.projector)
        self.play.relayout()  # its seats sit where the display wants them
