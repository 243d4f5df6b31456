"""The settings dialog (``#settings``): the page's language, the players' keys, four-colour
cards, the projector display, a person's time to choose, the sound's volume and mute, a slap's
buzz; and the settings' storage in the browser.

The language is not one of the saved settings: web/boot/i18n.js chooses it before Python
starts, from the link's ``lang=`` or :data:`LANGUAGE_KEY` in the browser's storage, so the menu
stores the choice there and reloads the page in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ratscrew.i18n import LANGUAGES, N_, current, t
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
LANGUAGE_KEY = "ratscrew.lang"
"""Where the language chosen here is kept in the browser (web/boot/i18n.js's STORAGE_KEY)."""
ACTION_HEADS = {"flip": N_("Flip"), "slap": N_("Slap"), "slap-left": N_("Slap left"),
                "slap-right": N_("Slap right")}
"""Each action's column heading in the keys table."""


def percent(volume: int) -> str:
    """The volume as the slider's figure says it."""
    # i18n: the sound's volume, from 0 to 100 (the figure beside its slider)
    return t("{volume}%", volume=volume)


def language_address(href: str, lang: str, add: bool = False) -> str:
    """The page's address ``href`` to reload in ``lang``: as it is, but for its ``lang=``
    parameter, set to ``lang`` (``add``: added if it has none)."""
    base, hash_mark, fragment = href.partition("#")
    path, _, query = base.partition("?")
    pairs: list[str] = []
    found = False
    for pair in query.split("&") if query else []:
        if pair.partition("=")[0].strip().lower() != "lang":
            pairs.append(pair)
        elif not found:
            pairs.append(f"lang={lang}")
            found = True
    if not found and not add:
        return href
    if not found:
        pairs.append(f"lang={lang}")
    query = "&".join(pair for pair in pairs if pair)
    return f"{path}?{query}{hash_mark}{fragment}"


def load_saved() -> tuple[Settings, KeyMap, list[str]]:
    """The saved settings and keys, and a notice for what could not be read (dropped)."""
    try:
        text = window.localStorage.getItem(STORAGE_KEY)
    except Exception:  # storage blocked (private mode, policy): play without saving
        settings = load_settings(None)[0]
        notices = [t("Settings cannot be saved in this browser.")]
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
        self._add_language_menu()
        on("language", "change", self.change_language)

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
        by_id("volume-value").textContent = percent(settings.volume)
        by_id("muted").checked = settings.muted
        by_id("vibrate").checked = settings.vibrate
        by_id("keys-message").textContent = ""
        by_id("language").value = current().lang
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
        head_row.appendChild(el("th", "", t("Seat"), scope="col"))
        for action in actions:
            heading = ACTION_HEADS.get(action)
            head_row.appendChild(el("th", "", t(heading) if heading
                                    else action_label(action).capitalize(), scope="col"))
        head.appendChild(head_row)
        for seat in range(players):
            row = el("tr")
            if seat < len(names) and names[seat]:
                # i18n: a row of the keys table: the seat's number, then its player's name
                label = t("{seat}. {name}", seat=seat + 1, name=names[seat])
            else:
                # i18n: a row of the keys table, for a seat without a name
                label = t("{seat}. Seat {seat}", seat=seat + 1)
            row.appendChild(el("th", "", label, scope="row"))
            for action in actions:
                cell = el("td")
                key = key_label(keymap.key_for(seat, action) or "")
                button = el("button", "key-button", key, type="button",
                            data_seat=str(seat), data_action=action,
                            aria_label=_key_button_label(seat, action, key))
                button.addEventListener("click", self.shell.proxy(
                    lambda _e, seat=seat, action=action, button=button:
                    self._start_capture(seat, action, button)))
                cell.appendChild(button)
                row.appendChild(cell)
            body.appendChild(row)

    def _start_capture(self, seat: int, action: str, button: Any) -> None:
        self.capture = (seat, action)
        button.textContent = t("press a key…")
        button.classList.add("capturing")
        by_id("keys-message").textContent = _press_prompt(seat, action)

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
            message.textContent = t("Unchanged.")
        else:
            session = self.play.session
            names = session.game.names if session is not None else ()
            keymap = self.shell.keymap.copy()
            try:
                keymap.assign(seat, action, key, names)
            except KeyClashError as error:
                message.textContent = str(error)
            else:
                message.textContent = _key_chosen(seat, action, key_label(key))
                self.shell.change_settings(keymap=keymap)
        self._keys_changed()

    def reset_keys(self, *_: Any) -> None:
        self.shell.change_settings(keymap=KeyMap.from_json({}, MAX_PLAYERS, KNOWN_ACTIONS)[0])
        by_id("keys-message").textContent = t("Every seat has its default keys again.")
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
        by_id("volume-value").textContent = percent(volume)
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

    # -- the page's language ---------------------------------------------------------------

    def _add_language_menu(self) -> None:
        """The Language menu, under the dialog's title: the languages the game speaks, each by
        its own name, the page's selected."""
        lang = current().lang
        menu = el("select", "language-menu", id="language", data_zone="language",
                  aria_label=t("Language"))
        names = dict(LANGUAGES)
        if lang not in names:  # a pseudo-locale (tests of the translations)
            names[lang] = current().name
        for code, name in names.items():
            menu.appendChild(el("option", "", name, value=code, lang=code))
        menu.value = lang
        label = el("label", "language", t("Language") + " ")
        label.appendChild(menu)
        block = el("p", "language-setting")
        block.appendChild(label)
        dialog = by_id("settings")
        title = dialog.querySelector("h2")
        if title:
            title.after(block)
        else:
            dialog.appendChild(block)

    def change_language(self, *_: Any) -> None:
        """Another language chosen: kept in the browser, and the page reloaded in it (a game
        in play ends: asked first)."""
        menu = by_id("language")
        lang = str(menu.value)
        if lang == current().lang or lang not in LANGUAGES:
            return
        session = self.play.session
        if session is not None and session.game.outcome is None and not window.confirm(
                t("Change the language to {language}? The page reloads, and this game ends.",
                  language=LANGUAGES[lang])):
            menu.value = current().lang
            return
        try:
            window.localStorage.setItem(LANGUAGE_KEY, lang)
            stored = True
        except Exception:  # storage blocked: the link says the language instead
            stored = False
        href = str(window.location.href)
        address = language_address(href, lang, add=not stored)
        if address == href:
            window.location.reload()
        else:
            window.location.replace(address)


KEY_BUTTON = {
    "flip": N_("Seat {seat} flip key: {key}. Choose to change it."),
    "slap": N_("Seat {seat} slap key: {key}. Choose to change it."),
    "slap-left": N_("Seat {seat} slap left key: {key}. Choose to change it."),
    "slap-right": N_("Seat {seat} slap right key: {key}. Choose to change it."),
}
"""What a key button says to a screen reader, by action (message ids)."""
PRESS_PROMPT = {
    "flip": N_("Press the new flip key for seat {seat} (Esc to cancel)."),
    "slap": N_("Press the new slap key for seat {seat} (Esc to cancel)."),
    "slap-left": N_("Press the new slap left key for seat {seat} (Esc to cancel)."),
    "slap-right": N_("Press the new slap right key for seat {seat} (Esc to cancel)."),
}
"""What the dialog asks while a key button waits for a key, by action (message ids)."""
KEY_CHOSEN = {
    "flip": N_("Seat {seat} now flips with {key}."),
    "slap": N_("Seat {seat} now slaps with {key}."),
    "slap-left": N_("Seat {seat} now slaps left with {key}."),
    "slap-right": N_("Seat {seat} now slaps right with {key}."),
}
"""What the dialog says once a seat's new key is chosen, by action (message ids)."""


def _key_button_label(seat: int, action: str, key: str) -> str:
    """What a key button says to a screen reader."""
    return t(KEY_BUTTON.get(action, KEY_BUTTON["flip"]), seat=seat + 1, key=key)


def _press_prompt(seat: int, action: str) -> str:
    """What the dialog asks while a key button waits for a key."""
    return t(PRESS_PROMPT.get(action, PRESS_PROMPT["flip"]), seat=seat + 1)


def _key_chosen(seat: int, action: str, key: str) -> str:
    """What the dialog says once a seat's new key is chosen."""
    return t(KEY_CHOSEN.get(action, KEY_CHOSEN["flip"]), seat=seat + 1, key=key)
