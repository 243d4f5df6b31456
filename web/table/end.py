"""The end of a game: the winner on ``<body>``, the winner's moment, then the end screen.

The moment (:meth:`TableView.crown <web.table.view.TableView.crown>`: the cards gather to the
winner's seat, which glows) lasts about a second and holds nothing back: the end screen
(``#gameover`` in index.html: the game's numbers and what next) comes after it, or at once at
a touch of the table; a table dealt again, left or stepped back meanwhile has no end screen
over it, and settings opened meanwhile have it when they close. The end is shown once: a key
pressed after it, or the end reached again by stepping, shows no end screen and no moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ratscrew.i18n import number, t, tn
from web.dom import by_id, clear, el, later, now, text_node
from web.model.session import Session, seat_stats
from web.table.piece import level_name

if TYPE_CHECKING:
    from web.interfaces import Shell, Table


def summary(cards: int, piles: int, ms: int, longest: int, seed: str) -> str:
    """The end screen's summary: the game's numbers and its seed (its counts written
    without grouping, "1523 cards played", as a record's positions are)."""
    # i18n: The end screen's summary. {played}: "12 cards played", {taken}: "3 piles taken"
    # (the messages below), {minutes}: a number with one decimal, {longest}: "4 cards";
    # {seed} is the game's seed, as typed.
    return t("{played}, {taken}, {minutes} minutes at the table. Longest challenge: "
             "{longest}. Seed {seed}.",
             played=tn("{n} card played", "{n} cards played", cards, n=str(cards)),
             taken=tn("{n} pile taken", "{n} piles taken", piles, n=str(piles)),
             minutes=number(ms / 60000, 1),
             longest=tn("{n} card", "{n} cards", longest, n=longest), seed=seed)


class End:
    """The end of the game on the table, and its end screen's own buttons."""

    def __init__(self, shell: Shell, play: Table) -> None:
        self.shell = shell
        self.play = play
        self.ended: Session | None = None
        """The session whose end the table has shown (its moment played, or reached by
        stepping): it is not shown again, whatever is pressed after it."""
        self.due: Session | None = None
        """The session whose end screen is still to come (after the winner's moment, or after
        the settings opened meanwhile)."""
        self.timer: Any = None
        self.since = 0.0
        """When (``performance.now()``) the game ended: a touch of the table from then on
        brings the end screen at once (not the touch that ended it)."""
        on = shell.on
        on("again-setup", "click", self.on_again_setup)
        on("felt", "pointerdown", self.on_felt_press)
        on("settings", "close", lambda _e: self.show())

    def reset(self) -> None:
        """The game on the table is not over (dealt, or stepped back from its end): no winner
        on ``<body>``, no end screen, none to come."""
        self.cancel()
        self.ended = None
        document.body.removeAttribute("data-winner")
        by_id("gameover").close()

    def game_over(self, dialog: bool) -> None:
        """The game is over: its winner on ``<body>``, the end screen's title, summary and
        numbers; and the first time, with ``dialog`` (not when the end is reached by stepping
        through the record), the winner's moment, then the end screen."""
        session = self.play.session
        assert session is not None
        game = session.game
        outcome = game.outcome
        assert outcome is not None
        winner = outcome.winner
        if winner is not None:
            document.body.dataset.winner = str(winner)
            title = t("{who} wins!", who=game.name(winner))
        else:
            document.body.dataset.winner = "none"
            title = t("No winner") if outcome.status != "loop" else t("This deal never ends")
        by_id("gameover-title").textContent = title
        by_id("gameover-summary").textContent = summary(game.cards_played, game.tricks, game.t,
                                                        game.challenge.longest,
                                                        self.shell.config.seed)
        self.show_stats(session, winner)
        if self.ended is session:
            return  # shown already: a key pressed after the end, a step
        self.ended = session
        if not dialog:
            return
        self.due = session
        self.since = now()
        wait = self.play.crown(winner) if winner is not None else 0
        if wait > 0:
            self.timer = later(self.shell.guard(self._timer), wait)
        else:
            self.show()

    @staticmethod
    def show_stats(session: Session, winner: int | None) -> None:
        """The end screen's table: a row a player (the winner's marked), each figure with its
        column's heading as its label too (a phone shows them as a labelled line)."""
        heads = [str(th.textContent) for th in by_id("gameover").querySelectorAll("thead th")]
        body = by_id("stats-body")
        clear(body)
        for stat in seat_stats(session):
            row = el("tr", "winner-row" if stat.seat == winner else "")
            name = el("th", "", str(stat.name), scope="row")
            if stat.bot:
                name.appendChild(text_node(" "))
                # i18n: After a bot's name in the end screen's table: its level (easy...).
                name.appendChild(el("span", "seat-kind", t("(bot, {level})",
                                                           level=level_name(stat.bot))))
            row.appendChild(name)
            figures = (stat.cards, stat.piles_won, stat.slaps_right, stat.slaps_wrong)
            for head, value in zip(heads[1:], figures, strict=True):
                row.appendChild(el("td", "", str(value), data_label=head))
            body.appendChild(row)

    def _timer(self, *_: Any) -> None:
        self.timer = None
        self.show()

    def show(self) -> None:
        """The end screen, if it is still to come and the table still shows its game's end
        with nothing over it (settings opened meanwhile: once they close). Not once the table
        was left, dealt again or stepped back."""
        session = self.due
        if session is None or self.shell.dialog_open():
            return
        self.cancel()
        if (session is self.play.session and session.game.outcome is not None
                and not by_id("table").hidden):
            by_id("gameover").showModal()
            by_id("again-same").focus()

    def cancel(self) -> None:
        """No end screen to come (the moment's timer stopped)."""
        self.due = None
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def on_felt_press(self, event: Any) -> None:
        """A touch of the table (or a click) during the winner's moment: the end screen at
        once. The touch that ended the game (its button's, on its way up) does not count."""
        if self.due is not None and float(event.timeStamp) > self.since:
            self.show()

    def on_again_setup(self, _event: Any) -> None:
        """The end screen's "Back to the game setup": the setup screen."""
        by_id("gameover").close()
        self.shell.show_setup()
