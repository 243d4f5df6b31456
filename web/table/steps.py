"""Step and rewind: the table at any moment of its record, paused.

Back and Step (keys "," and "."), a click on a log entry (or Enter on it: the arrows move
through the log) and the end screen's "Review the game". The table is always exactly the
session's state after that many actions (:meth:`~web.model.session.Session.goto`); going back
draws the table afresh, its log kept.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pyscript import document

from ratscrew.i18n import t, tc, tn
from web.dom import attribute, by_id, clear, el, now, text_node
from web.model.session import Session

if TYPE_CHECKING:
    from web.interfaces import Shell, Table


KEY = re.compile(r"(\{key\})")
"""Where a banner's part shows its key cap."""


def paused_banner() -> dict[str, list[tuple[str, str]]]:
    """The pause banner, as (key, words) parts, ``{key}`` in the words where the key cap goes:
    the keys on a screen with a keyboard, the bar's Resume on a touch screen (each group shown
    for its device: table.css)."""
    # i18n: The name of the Esc key, on a key cap.
    esc = tc("key", "Esc")
    return {
        "for-keys": [
            ("", t("Paused")),
            # i18n: {key} is a key cap: the Esc key.
            (esc, t("{key} to resume")),
            # i18n: {key} is a key cap: the "," key.
            (",", t("{key} to go back")),
            # i18n: {key} is a key cap: the "." key.
            (".", t("{key} to step")),
        ],
        "for-touch": [
            ("", t("Paused")),
            # i18n: "Resume" is the bar's button that resumes the game.
            ("", t("Resume plays on")),
        ],
    }


class Steps:
    """The step buttons, the position line ("57 of 812") and the log as a way through the
    record."""

    def __init__(self, shell: Shell, play: Table) -> None:
        self.shell = shell
        self.play = play
        on = shell.on
        on("step-back", "click", self.back)
        on("step-on", "click", self.step)
        on("log", "click", self.on_log_click)
        on("log", "keydown", self.on_log_key)
        on("gameover-review", "click", self.on_review)
        self._banner: dict[str, list[tuple[str, str]]] = {}
        """What the pause banner says (its groups of parts), as last written."""

    def _table_on(self) -> Session | None:
        """The session, when its table is on show with no dialog over it (and no lesson on
        it: a lesson's Back is its own)."""
        if by_id("table").hidden or self.shell.dialog_open() or self.play.lesson is not None:
            return None
        return self.play.session

    def step(self, *_: Any) -> None:
        """One action on (the Step button, key "."): the record's next one at a past moment,
        else the next bot's action; the game stays paused."""
        session = self._table_on()
        if session is None:
            return
        reviewing = session.reviewing
        events = session.step(now())
        self.play.set_paused(True)
        if events:
            self.play.show_moment(events)
        if session.game.outcome is not None:  # (set_paused has shown the new position)
            self.play.game_over(dialog=not reviewing)

    def back(self, *_: Any) -> None:
        """One action back (the Back button, key ","), paused."""
        session = self._table_on()
        if session is not None:
            self.jump(session.position - 1)

    def jump(self, step: int) -> None:
        """The table at the moment after the record's first ``step`` actions, paused."""
        session = self._table_on()
        play = self.play
        if session is None:
            return
        moved = session.goto(step, now())
        play.set_paused(True)
        if moved:
            play.show_moment(afresh=True)
            if session.game.outcome is None:
                document.body.removeAttribute("data-winner")
            else:
                play.game_over(dialog=False)

    def show_position(self) -> None:
        """The moment on show ("57 of 812"), what the pause banner says there, and
        which step buttons can be used."""
        session = self.play.session
        if session is None:
            return
        if self.play.lesson is not None:  # no stepping through a lesson's game
            by_id("step-at").textContent = ""
            by_id("step-back").disabled = by_id("step-on").disabled = True
            return
        at, length = session.position, len(session.tape)
        # (Positions in the record are written without grouping: "57 of 1523".)
        shown, total = str(at), str(length)
        # i18n: The moment shown in the game's record: "57 of 812" actions.
        by_id("step-at").textContent = t("{at} of {length}", at=shown, length=total)
        by_id("step-back").disabled = at == 0
        by_id("step-on").disabled = not session.reviewing and session.game.outcome is not None
        banner = by_id("paused-banner")
        if session.reviewing:
            left = length - at
            # Short, for the centre's one line: the rail says the rest ("57 of 812").
            groups = {"": [
                ("", t("Action {at} of {length}", at=shown, length=total)),
                # i18n: What the bar's Resume does at a past moment: the record's next {n}
                # actions are dropped.
                ("", tn("Resume drops the next {n}", "Resume drops the next {n}", left,
                        n=str(left))),
            ]}
        else:
            groups = paused_banner()
        if self._banner == groups:
            return  # as it is (this runs after every action)
        self._banner = groups
        clear(banner)
        for device, parts in groups.items():
            group = el("span", device) if device else banner
            # Each part on one line: a narrow centre wraps the banner at a "·", never inside
            # one.
            for i, (key, words) in enumerate(parts):
                if i:
                    group.appendChild(text_node(" "))
                part = el("span", "banner-part")
                for piece in KEY.split(words) if key else [words]:
                    if piece == "{key}":
                        part.appendChild(el("kbd", "", key))
                    elif piece:
                        part.appendChild(text_node(piece))
                if i < len(parts) - 1:
                    part.appendChild(text_node(" ·"))
                group.appendChild(part)
            if device:
                banner.appendChild(group)

    # -- the log ---------------------------------------------------------------------------

    def on_log_click(self, event: Any) -> None:
        """A click on a log entry takes the table to its moment."""
        entry = event.target.closest("li[data-step]") if event.target else None
        if entry:
            self._jump_to_entry(entry, focus=False)

    def on_log_key(self, event: Any) -> None:
        """The log as a list to move through: arrows, Home and End move between entries,
        Enter or Space takes the table to the entry's moment."""
        key = str(event.key)
        log = by_id("log")
        entry = event.target.closest("li[data-step]") if event.target else None
        if key in ("Enter", " ") and entry:
            event.preventDefault()
            event.stopPropagation()
            self._jump_to_entry(entry, focus=True)
            return
        moves = {"ArrowDown": "nextElementSibling", "ArrowUp": "previousElementSibling"}
        if key in moves:
            target = getattr(entry, moves[key]) if entry else log.firstElementChild
        elif key in ("Home", "End"):
            target = log.firstElementChild if key == "Home" else log.lastElementChild
        else:
            return
        event.preventDefault()
        event.stopPropagation()
        if target:
            target.focus()

    def _jump_to_entry(self, entry: Any, focus: bool) -> None:
        step = attribute(entry, "data-step")
        if not step.isdecimal():
            return
        self.jump(int(step))
        if focus:
            now_entry = by_id("log").querySelector("[aria-current]")
            (now_entry or by_id("log")).focus()

    def on_review(self, _event: Any) -> None:
        """The end screen's "Review the game": the table, to step back through the game."""
        by_id("gameover").close()
        self.shell.focus_soon("step-back")
