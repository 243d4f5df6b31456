"""Game records as files: "Download record" (beside the log, and on the end screen) and
"Open record…" (or a file dropped on the setup screen), which puts a record on the table at
its deal, paused, to step through or to play on from any moment."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ratscrew.i18n import t
from ratscrew.play.record import MAX_CHARS
from web.dom import by_id, now, save_file
from web.model.session import Session

if TYPE_CHECKING:
    from web.interfaces import Shell, Table

RECORD_MAX_BYTES = 4 * MAX_CHARS
"""The largest record file read: :data:`ratscrew.play.record.MAX_CHARS` characters of UTF-8."""


def record_name(variant: str, seed: str) -> str:
    """A record's file name: the game and its seed, in letters, digits and dashes."""
    safe = "".join(c if c.isascii() and c.isalnum() else "-" for c in seed.strip())[:40]
    return f"ratscrew-{variant}-{safe.strip('-') or 'deal'}.json"


class Records:
    """Saving the game on the table as its record, and opening a record file."""

    def __init__(self, shell: Shell, play: Table) -> None:
        self.shell = shell
        self.play = play
        on = shell.on
        on("table-record", "click", self.download)
        on("gameover-record", "click", self.download)
        on("setup-open", "click", lambda _e: by_id("record-file").click())
        on("record-file", "change", self.on_record_file)
        on("setup", "dragover", self.on_drag)
        on("setup", "drop", self.on_drop)

    def download(self, _event: Any) -> None:
        """Save the game as its record: the JSON that ``python -m ratscrew replay`` reads
        (its deal, every action with its time, the result once it is over). At a past
        moment, the whole record, the actions still to come included."""
        session = self.play.session
        if session is None:
            return
        import json

        from ratscrew.play.record import record_of

        data = record_of(session.game)
        if session.reviewing:
            data.pop("result", None)
            data["actions"] = [[t, seat, kind, arg] if arg else [t, seat, kind]
                               for t, seat, kind, arg in session.tape]
        opened = self.play.record
        name = (opened[0] if opened is not None
                else record_name(session.variant.name, self.shell.config.seed))
        save_file(name, json.dumps(data, separators=(",", ":")), "application/json")

    # -- opening a record ------------------------------------------------------------------

    def on_record_file(self, _event: Any) -> None:
        """The file picker of "Open record…"."""
        field = by_id("record-file")
        files = field.files
        if files and files.length:
            self.open_file(files.item(0))
        field.value = ""  # the same file can be chosen again

    @staticmethod
    def on_drag(event: Any) -> None:
        """A file dragged over the setup screen may be dropped there."""
        types = event.dataTransfer.types if event.dataTransfer else None
        if types and types.includes("Files"):
            event.preventDefault()
            event.dataTransfer.dropEffect = "copy"

    def on_drop(self, event: Any) -> None:
        """A record dropped on the setup screen is opened."""
        files = event.dataTransfer.files if event.dataTransfer else None
        if files and files.length:
            event.preventDefault()
            self.open_file(files.item(0))

    def open_file(self, file: Any) -> None:
        """Read a record file (too big a file is refused before it is read) and open it."""
        name = str(file.name)[:200]
        if int(file.size) > RECORD_MAX_BYTES:
            # i18n: name: the file's name; megabytes: the largest record's size
            self.shell.notify([t("{name} cannot be opened: it is larger than a game record can "
                                 "be ({megabytes} MB).", name=name,
                                 megabytes=RECORD_MAX_BYTES // 1_000_000)])
            return

        def read(text: str | None) -> None:
            if text is None:
                self.shell.notify([t("{name} cannot be read.", name=name)])
            else:
                self.open(name, text)

        self.shell.read_text(file, read)

    def open(self, name: str, text: str) -> None:
        """Put a game record on the table at its deal, paused, to step through. A record
        that cannot be replayed is refused with what is wrong, and nothing changes."""
        from ratscrew.play.record import RecordError, loads

        try:
            self._open_data(name, loads(text))
        except RecordError as error:
            # i18n: name: the file's name; problem: what is wrong with it (a sentence)
            self.shell.notify([t("{name} is not a game record this page can open: {problem}",
                                 name=name, problem=str(error))])

    def _open_data(self, name: str, data: dict[str, Any]) -> None:
        session = Session.from_record(data, self.shell.config.speed, now(),
                                      self.shell.settings.choice_seconds * 1000)
        # i18n: said in the bar after "seed", for a record that gives none
        seed = str(data["seed"]) if "seed" in data else t("from the record")
        self.play.open_table(session, seed, None, again=lambda: self._open_data(name, data),
                             record=(name, data))
        self.play.show_moment()
