"""What the practice screen's parts share in the browser: a player's key badge, the drill's
link and its Copy button, and the best scores kept in the browser's storage."""

from __future__ import annotations

from typing import Any

from pyscript import window

from ratscrew.i18n import t
from ratscrew.tools.practice import DrillConfig
from web.dom import el
from web.model.keymap import KeyMap, key_label
from web.shell.host import ToolHost
from web.tools.practice.bests import STORAGE_KEY, best_key, dump_bests, load_bests, record_best
from web.tools.practice.link import to_query
from web.tools.practice.text import BLOCKED


def key_badge(keymap: KeyMap, seat: int) -> Any:
    """``seat``'s slap key as a ``<kbd>`` (or a note that the seat has none: it taps)."""
    key = keymap.key_for(seat, "slap")
    if not key:
        # i18n: A player without a slap key slaps by tapping their zone.
        return el("span", "practice-nokey", t("no key: tap"))
    return el("kbd", "", key_label(key), title=t("Player {number}'s slap key", number=seat + 1))


def drill_link(config: DrillConfig) -> str:
    """The page's address with ``config``'s drill as its query."""
    base = str(window.location.href).split("#")[0].split("?")[0]
    return f"{base}?{to_query(config)}"


def copy_link(host: ToolHost, config: DrillConfig, out: Any) -> None:
    """Copy ``config``'s link, shown in ``out`` (with whether it was copied)."""
    link = drill_link(config)
    out.textContent = link

    def done(ok: bool) -> None:
        out.textContent = (t("Link copied: {link}", link=link) if ok
                           else t("Copy this link: {link}", link=link))

    host.copy_text(link, done)


class BestScores:
    """The best score of every drill played in this browser (``localStorage``). Storage may be
    blocked (a private window, a policy): the drill is then practised without bests."""

    def __init__(self, host: ToolHost) -> None:
        self.host = host
        self.notices: list[str] = []
        """What could not be read (the screen shows it as notices)."""
        try:
            text = window.localStorage.getItem(STORAGE_KEY)
        except Exception:  # storage blocked: practise without bests
            self.bests: dict[str, int] = {}
            self.storage_ok = False
            return
        self.bests, self.notices = load_bests(text if isinstance(text, str) else None)
        self.storage_ok = True

    def get(self, config: DrillConfig) -> int | None:
        """The best score of ``config``'s drill (None: none yet)."""
        return self.bests.get(best_key(config))

    def record(self, config: DrillConfig, score: int) -> bool:
        """Keep ``score`` if it is a new best for ``config``'s drill (True if it is)."""
        return record_best(self.bests, best_key(config), score)

    def save(self) -> bool:
        """Store the bests (False, and a notice the first time, if storage refuses)."""
        if not self.storage_ok:
            return False
        try:
            window.localStorage.setItem(STORAGE_KEY, dump_bests(self.bests))
        except Exception:  # blocked, or full
            self.storage_ok = False
            self.host.notify([t(BLOCKED)])
            return False
        return True
