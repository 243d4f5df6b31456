"""The phones panel on the host: the join code of the seat that waits (a large QR code and
its link), every phone seat's state and latency, the field for a phone's answer and the
camera that reads them, what to do when a phone drops, and Start.

A ``<dialog>`` over the table (``#phones``), opened when the table is dealt and again by the
bar's Phones button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ratscrew.i18n import current, t
from web.dom import attribute, by_id, clear, el, link_stylesheet, now
from web.phones.lobby import DROP_POLICIES, WAITING, join_link, warnings

if TYPE_CHECKING:
    from web.interfaces import PhoneLobby, Shell

STYLESHEET = "web/phones/phones.css"


class PhonePanel:
    """The panel of the table's phone seats (:class:`~web.phones.hosting.Phones`)."""

    def __init__(self, phones: PhoneLobby, shell: Shell) -> None:
        self.phones = phones
        self.shell = shell
        self.shown: int | None = None
        """The seat whose code is on show (None: the first that waits)."""
        self._qr_for = ""
        self.problems: dict[str, str] = {}
        link_stylesheet(STYLESHEET)
        box = el("dialog", "phones", id="phones", aria_labelledby="phones-title",
                 data_zone="phones")
        head = el("header", "phones-head")
        head.appendChild(el("h2", "", t("Phones at this table"), id="phones-title"))
        head.appendChild(el("p", "phones-intro",
                            t("Each player scans their seat's code with the phone's camera, "
                              "then holds up the code the phone shows to this camera (or "
                              "pastes it below). Same Wi-Fi for everyone.")))
        box.appendChild(head)
        body = el("div", "phones-body")
        code = el("figure", "phones-code")
        code.appendChild(el("div", "phones-qr", data_zone="phone-qr", aria_hidden="true"))
        caption = el("figcaption", "phones-caption", data_zone="phone-caption")
        code.appendChild(caption)
        row = el("div", "phones-link-row")
        row.appendChild(el("input", "phones-link", type="text", readonly="",
                           aria_label=t("Join link"), data_zone="phone-link",
                           id="phones-link"))
        row.appendChild(el("button", "", t("Copy link"), type="button", id="phones-copy"))
        code.appendChild(row)
        body.appendChild(code)
        side = el("div", "phones-side")
        side.appendChild(el("ol", "phones-seats", id="phones-seats", data_zone="phone-seats"))
        answer = el("form", "phones-answer", id="phones-answer-form")
        pasted = el("label", "", t("A phone's code, pasted:"))
        pasted.htmlFor = "phones-answer"
        answer.appendChild(pasted)
        answer.appendChild(el("input", "", type="text", id="phones-answer", autocomplete="off",
                              spellcheck="false", maxlength="400"))
        answer.appendChild(el("button", "", t("Add"), type="submit"))
        side.appendChild(answer)
        side.appendChild(el("button", "phones-scan", t("Read codes with the camera"),
                            type="button", id="phones-scan"))
        video = el("video", "phones-video", id="phones-video", muted="", playsinline="")
        video.hidden = True
        side.appendChild(video)
        side.appendChild(el("p", "phones-problem", id="phones-problem", role="alert",
                            data_zone="phones-problem"))
        body.appendChild(side)
        box.appendChild(body)
        foot = el("footer", "phones-foot")
        # i18n: the label of a list of what the game then does ("The game pauses", "A bot
        # plays for it")
        label = el("label", "", t("When a phone drops:") + " ")
        label.htmlFor = "phones-policy"
        foot.appendChild(label)
        select = el("select", "", id="phones-policy")
        for value, text in DROP_POLICIES.items():
            select.appendChild(el("option", "", t(text), value=value))
        foot.appendChild(select)
        foot.appendChild(el("button", "primary", t("Start the game"), type="button",
                            id="phones-start"))
        box.appendChild(foot)
        document.body.appendChild(box)
        self.box = box
        proxy = shell.proxy
        by_id("phones-copy").addEventListener("click", proxy(self._copy))
        answer.addEventListener("submit", proxy(self._answer))
        by_id("phones-scan").addEventListener("click", proxy(
            lambda _e: phones.scan(by_id("phones-video"))))
        select.addEventListener("change", proxy(lambda e: phones.set_policy(str(e.target.value))))
        by_id("phones-start").addEventListener("click", proxy(self._start))
        by_id("phones-seats").addEventListener("click", proxy(self._seat_button))
        box.addEventListener("cancel", proxy(self._cancel))
        bar = by_id("bar-phones")
        if bar is not None:
            bar.hidden = False
        self.show_seats()
        box.showModal()

    # -- drawing ---------------------------------------------------------------------------

    def show_seats(self) -> None:
        """Every phone seat's state, and the code of the seat on show."""
        phones = self.phones
        names = phones.names()
        at = now()
        rows = by_id("phones-seats")
        clear(rows)
        waiting = [p.seat for p in phones.seats.values() if p.status in WAITING]
        if self.shown not in waiting:
            self.shown = waiting[0] if waiting else None
        for seat, phone in phones.seats.items():
            name = names[seat] if seat < len(names) else t("Player {number}", number=seat + 1)
            row = el("li", "phones-seat", data_phone_seat=str(seat), data_status=phone.status)
            # i18n: a phone seat in the panel's list: its number, then its player's name
            row.appendChild(el("span", "phones-seat-name", t("{number}. {name}",
                                                             number=seat + 1, name=name),
                               data_name=""))
            row.appendChild(el("span", "phones-seat-state", phone.describe(at),
                               data_zone="phone-status"))
            buttons = el("span", "phones-seat-buttons")
            if phone.status in WAITING:
                buttons.appendChild(el("button", "", t("Show code"), type="button",
                                       data_do="show", data_for=str(seat)))
            if phone.status != "waiting" or phone.code:
                buttons.appendChild(el("button", "", t("New code"), type="button",
                                       data_do="code", data_for=str(seat)))
            if phone.status != "replaced":
                buttons.appendChild(el("button", "", t("Bot plays"), type="button",
                                       data_do="bot", data_for=str(seat)))
                buttons.appendChild(el("button", "", t("Play here"), type="button",
                                       data_do="here", data_for=str(seat)))
            row.appendChild(buttons)
            rows.appendChild(row)
        self._show_code()
        self.show_problems()
        start = by_id("phones-start")
        start.textContent = t("Back to the game") if phones.started else (
            t("Start the game") if not waiting else t("Start now (bots play the empty seats)"))

    def _show_code(self) -> None:
        phones = self.phones
        seat = self.shown
        qr = self.box.querySelector(".phones-qr")
        caption = self.box.querySelector(".phones-caption")
        link = by_id("phones-link")
        phone = phones.seats.get(seat) if seat is not None else None
        self.box.querySelector(".phones-code").classList.toggle("done", phone is None)
        if phone is None:
            clear(qr)
            self._qr_for = ""
            caption.textContent = (t("Every phone has its seat.") if phones.started
                                   else t("Every phone has its seat: start the game."))
            link.value = ""
            return
        name = phones.seat_name(phone.seat)
        if not phone.code:  # a new code on its way: the old one will not connect
            clear(qr)
            qr.removeAttribute("data-code")
            self._qr_for = ""
            link.value = ""
            caption.textContent = t("Seat {number} · {name}: making its code…",
                                    number=phone.seat + 1, name=name)
            return
        caption.textContent = t("Seat {number} · {name}: scan with the phone's camera",
                                number=phone.seat + 1, name=name)
        text = phone.code
        link.value = seat_link(text)
        if self._qr_for == text:
            return

        def drawn(svg: str) -> None:
            if self._qr_for == text:
                qr.innerHTML = svg  # our own SVG, drawn from the code (no page data)
                qr.dataset.code = text

        self._qr_for = text
        if not phones.qr_svg(str(link.value), drawn):
            self._qr_for = ""  # drawn once the phones' script is there

    def problem(self, kind: str, text: str) -> None:
        """Say what stands in the way (``kind``: local, page, camera, answer, copy; "" clears
        it), beside what else does, for as long as it does
        (:func:`~web.phones.lobby.warnings`)."""
        if text:
            self.problems[kind] = text
        else:
            self.problems.pop(kind, None)
        self.show_problems()

    def show_problems(self) -> None:
        """The warnings that still hold: those whose cause has ended are gone."""
        phones = self.phones
        shown = warnings(self.problems, phones.seats.values(), phones.joined_once)
        by_id("phones-problem").textContent = " ".join(shown)

    def scanning(self, on: bool) -> None:
        by_id("phones-video").hidden = not on
        by_id("phones-scan").textContent = (t("Stop the camera") if on
                                            else t("Read codes with the camera"))

    def open(self) -> None:
        self.show_seats()
        if not self.box.open:
            self.box.showModal()

    def remove(self) -> None:
        self.box.remove()
        bar = by_id("bar-phones")
        if bar is not None:
            bar.hidden = True

    # -- events ----------------------------------------------------------------------------

    def _copy(self, _event: Any) -> None:
        link = str(by_id("phones-link").value)
        if link:
            self.shell.copy_text(link, lambda ok: self.problem(
                "copy", "" if ok else t("Select the link and copy it.")))

    def _answer(self, event: Any) -> None:
        event.preventDefault()
        field = by_id("phones-answer")
        text = str(field.value)
        field.value = ""
        self.phones.add_answer(text)

    def _seat_button(self, event: Any) -> None:
        target = event.target
        what = attribute(target, "data-do")
        seat_text = attribute(target, "data-for")
        if not what or not seat_text:
            return
        seat = int(seat_text)
        if what == "show":
            self.shown = seat
            self.show_seats()
        elif what == "code":
            self.shown = seat
            self.phones.new_code(seat)
        elif what in ("bot", "here"):
            self.phones.replace(seat, bot=what == "bot")

    def _start(self, _event: Any) -> None:
        self.box.close()
        if not self.phones.started:
            self.phones.start()

    def _cancel(self, event: Any) -> None:
        """Escape: before the game, the panel stays (Start is the way out)."""
        if not self.phones.started:
            event.preventDefault()


def seat_link(code: str) -> str:
    """The join link of a code from this page, in the page's language
    (:func:`~web.phones.lobby.join_link`)."""
    return join_link(str(window.location.href), code, current().lang)
