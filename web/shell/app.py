"""The page's application: setup form, table, keys, touch, timers, dialogs.

Wiring only: it reads the link and the saved settings, builds the setup form, starts a
:class:`~web.model.session.Session` and lets :class:`~web.table.view.TableView` draw it, turns keys
and touches into actions, and schedules the bots with real timers. The rules live in
``ratscrew``; link parsing, key maps and settings are plain modules tested without a browser.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from ratscrew.core.rng import seed_from_text
from ratscrew.play.record import MAX_CHARS
from ratscrew.variants import Variant, find_variant
from web.model.keymap import (
    KNOWN_ACTIONS,
    KeyClashError,
    KeyMap,
    action_label,
    is_game_event,
    key_label,
    normalize_key,
)
from web.model.links import (
    SeatConfig,
    TableConfig,
    link_for,
    parse_query,
    to_query,
    tool_link,
    with_players,
    with_seed,
)
from web.model.log_lines import LogLines
from web.model.session import Session, seat_actions
from web.model.settings import (
    STORAGE_KEY,
    Settings,
    dump_settings,
    load_settings,
    parse_choice_seconds,
)
from web.model.setup_html import form_parts, slap_items, speed_options, variant_options
from web.model.setup_options import (
    changed_count,
    controls_for,
    rules_or_default,
    seat_option,
    set_option,
    slaps_heading,
    start_options,
    warnings,
    with_seat_marks,
)
from web.table.cards_view import clear, el, save_file

if TYPE_CHECKING:
    from web.table.view import TableView

MAX_PLAYERS = 8
TICK_MS = 200
"""How often a countdown on show is redrawn."""
INSTANT_STEPS = 40
"""Bot actions per animation frame at instant speed: fast, but you still see it happen."""
_TASKS: set[asyncio.Future[None]] = set()
"""Clipboard writes under way."""
NOTICE_MS = 12_000
"""How long a notice stays before it goes by itself (its button dismisses it sooner)."""
RECORD_MAX_BYTES = 4 * MAX_CHARS
"""The largest record file read: :data:`ratscrew.play.record.MAX_CHARS` characters of UTF-8."""
TOOLS = {"practice": "web.tools.practice.view", "lab": "web.tools.lab.view",
         "bmn": "web.tools.bmn.view"}
"""The teaching tools: their screen's element id and the module that draws it (each module
has ``open_screen(app, query)``, returning an object with ``close()``)."""
EARLY_DISABLED = ("setup-open", "setup-practice", "setup-lab", "setup-bmn")
"""The setup's buttons that wait for Python (web/boot/setup_early.js disables them)."""
STEP_KEYS = (",", ".")
"""Back one action, and one action on (while a person of the game plays with them, only
once the game is paused)."""
ANIMATION = {"0.25": "1.6", "0.5": "1.3", "1": "1", "2": "0.7", "4": "0.45", "8": "0.25",
             "instant": "0"}
"""How long card animations last at each speed, as a share of their 1x length."""


def by_id(name: str) -> Any:
    return document.getElementById(name)


def record_name(variant: str, seed: str) -> str:
    """A record's file name: the game and its seed, in letters, digits and dashes."""
    safe = "".join(c if c.isascii() and c.isalnum() else "-" for c in seed.strip())[:40]
    return f"ratscrew-{variant}-{safe.strip('-') or 'deal'}.json"


def attribute(node: Any, name: str) -> str:
    """An element's attribute, "" when it has none (JS null is jsnull, not None)."""
    value = node.getAttribute(name)
    return value if isinstance(value, str) else ""


def now() -> float:
    return float(window.performance.now())


def local_minutes() -> int:
    """The device's local time, in minutes after midnight (K.U.R.S.' Sun reads it)."""
    date = window.Date.new()
    return int(date.getHours()) * 60 + int(date.getMinutes())


class App:
    def __init__(self) -> None:
        self.proxies: list[Any] = []
        self.settings, notices = self._load_settings()
        # Every seat has all the actions (flip, slap, and the left- and right-hand slaps of
        # the variants where the hand matters); each variant offers its own (seat_actions).
        self.keymap, key_notices = KeyMap.from_json(self.settings.keys, MAX_PLAYERS,
                                                    KNOWN_ACTIONS)
        notices += key_notices
        if notices:  # what could not be read is dropped: the cleaned settings replace it
            self.save_settings()
        query = str(window.location.search)
        practice = tool_link(query) == "practice"
        if not query.strip("?") and self.settings.last_table:
            query = self.settings.last_table
        self.config, link_notices = parse_query("" if practice else query)
        notices += link_notices
        self.session: Session | None = None
        self.view: TableView | None = None
        self.timer: Any = None
        self.frame: Any = None
        self.ticker: Any = None
        """A short timer that redraws the countdowns (burn contest, a person's choice)."""
        self.capture: tuple[int, str] | None = None
        self.playing: TableConfig | None = None
        """The table of the game in play, as its link says it (the table's Copy link)."""
        self.record: tuple[str, dict[str, Any]] | None = None
        """The game record on the table, when one was opened: its file name and data."""
        self._settings_paused = False
        """Whether opening the settings paused the game (closing them then resumes it)."""
        self.again: Callable[[], None] | None = None
        """Deals the game on the table again (the end screen's "Play again")."""
        self.tool: Any = None
        """The teaching tool on show (slap practice, a lab), if any: it has ``close()``."""
        self.lab: Any = None
        """The statistics lab, once opened: it lives on off screen (a run goes on in its
        worker while the table is played, its progress on the bar's Lab button)."""
        window.ratscrewLatency = window.Array.new()
        self.sizes = window.ResizeObserver.new(self.proxy(self._sized))
        """Writes each watched box's content size into its ``--box-w`` and ``--box-h``: the
        table's centre (and the practice stage) scale their cards to it. A CSS size container
        did that before, but its query units made every frame's layout about five times
        slower (8.6 ms against 1.7 ms a layout in Chromium traces of a six-player table; the
        key-to-screen figures are scripts/bench_page.py's keys and lab sections)."""
        self.watch_size(document.querySelector(".centre-area"))
        document.body.classList.toggle("four-colour", self.settings.four_colour)
        document.documentElement.classList.toggle("projector", self.settings.projector)
        # The setup form may have been used while Python was starting (web/boot/setup_early.js):
        # Python takes it over as it stands, and deals if Deal was pressed.
        form = by_id("setup")
        early = getattr(window, "ratscrewEarly", None)
        if early:
            early.stop()
        pending = attribute(form, "data-pending")
        if attribute(form, "data-touched") == "true" or pending:
            self.config = self._take_over_form()
        for name in ("touched", "pending"):
            form.removeAttribute(f"data-{name}")
        by_id("setup-start").textContent = "Deal"
        by_id("setup-start").removeAttribute("aria-disabled")
        for name in ("setup-copy", *EARLY_DISABLED):
            by_id(name).disabled = False
            by_id(name).removeAttribute("title")
        focus = document.activeElement
        focus_id = str(focus.id or "") if focus else ""
        self._build_setup()
        self._wire()
        self.notify(notices)
        document.body.dataset.setup = "live"
        if pending == "demo":
            self.on_demo(None)
        elif practice and not pending:
            self.open_tool("practice", query)
        elif pending or self.config.autostart:
            self.start(self.config)
        else:
            self.show_setup(focus=not focus_id, fill=False)  # _build_setup filled it
            self._restore_focus(focus_id, focus)

    # -- settings --------------------------------------------------------------------------

    def _load_settings(self) -> tuple[Settings, list[str]]:
        try:
            text = window.localStorage.getItem(STORAGE_KEY)
        except Exception:  # storage blocked (private mode, policy): play without saving
            return load_settings(None)[0], ["Settings cannot be saved in this browser."]
        # A missing item is JS null, which Pyodide gives as jsnull (not None): only a string
        # is something saved.
        return load_settings(text if isinstance(text, str) else None)

    def save_settings(self) -> None:
        self.settings.keys = self.keymap.to_json()
        try:
            window.localStorage.setItem(STORAGE_KEY, dump_settings(self.settings))
        except Exception:
            window.console.warn("[ratscrew] settings could not be saved")

    # -- notices ---------------------------------------------------------------------------

    def notify(self, messages: list[str], clear_old: bool = False) -> None:
        """Show each message as a notice: it goes by itself after :data:`NOTICE_MS`, or
        sooner with its ✕ button (:meth:`on_notice_click`)."""
        box = by_id("notices")
        if clear_old:
            clear(box)
        for message in messages:
            item = el("li", "notice", message, role="status")
            item.appendChild(
                el("button", "notice-close", "✕", type="button", aria_label="Dismiss"))
            box.appendChild(item)
            window.setTimeout(create_once_callable(self.guard(lambda item=item: item.remove())),
                              NOTICE_MS)

    def on_notice_click(self, event: Any) -> None:
        """A notice's ✕ button dismisses it (one listener for the whole list)."""
        target = event.target
        if target and target.classList.contains("notice-close"):
            target.parentElement.remove()

    def guard(self, fn: Any) -> Any:
        """``fn`` for the browser to call: a bug in it becomes a notice on the page (and the
        traceback a console warning), never a silently broken table."""

        def guarded(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception as error:
                window.console.warn(f"[ratscrew] {traceback.format_exc()}")
                self.notify([f"Something went wrong ({type(error).__name__}: {error}). "
                             "Start a new game if the table stops responding."])
                return None

        return guarded

    def proxy(self, fn: Any) -> Any:
        p = create_proxy(self.guard(fn))
        self.proxies.append(p)
        return p

    def watch_size(self, node: Any) -> None:
        """Keep ``--box-w`` and ``--box-h`` on ``node`` equal to its content box, in px."""
        self.sizes.observe(node)

    def unwatch_size(self, node: Any) -> None:
        self.sizes.unobserve(node)

    def _sized(self, entries: Any, *_: Any) -> None:
        for entry in entries:
            rect = entry.contentRect
            style = entry.target.style
            for name, value in (("--box-w", rect.width), ("--box-h", rect.height)):
                text = f"{float(value):.1f}px"
                if style.getPropertyValue(name) != text:  # no restyle for the same size
                    style.setProperty(name, text)

    # -- setup -----------------------------------------------------------------------------

    def _build_setup(self) -> None:
        menus = document.querySelectorAll(".speed-choice")
        for i in range(menus.length):
            menus.item(i).innerHTML = speed_options(self.config.speed)
        by_id("setup-variant").innerHTML = variant_options(self.config.variant)
        self._fill_setup(self.config)
        by_id("setup-rules").open = bool(self.config.options)

    def _seat_keys(self, variant: Variant) -> Callable[[int], str]:
        actions = seat_actions(variant)
        return lambda seat: " / ".join(key_label(self.keymap.key_for(seat, action) or "")
                                       for action in actions)

    def _fill_setup(self, config: TableConfig) -> None:
        """The form for ``config``: its parts as web/model/setup_html.py renders them (the same
        markup the build writes into index.html), then the values kept out of the markup."""
        variant = find_variant(config.variant)
        for element_id, markup in form_parts(config, self._seat_keys(variant)).items():
            by_id(element_id).innerHTML = markup
        by_id("setup-variant").value = variant.name
        by_id("setup-seed").value = config.seed
        by_id("setup-speed").value = config.speed
        by_id("setup-seat-hint").hidden = seat_option(variant) is None
        self._show_rules(variant, config)
        self._show_link(config)

    def _show_rules(self, variant: Variant, config: TableConfig, message: str = "") -> None:
        """Put the values of ``config``'s rules into the house-rule controls, mark the changed
        ones, say what is wrong or odd, and list the slap rules in play."""
        controls = controls_for(variant, config.players, config.options)
        rules, problem = rules_or_default(variant, config.players, config.options)
        for control in controls:
            row = by_id(f"rule-row-{control.name}")
            if not row:
                continue
            row.classList.toggle("changed", control.changed)
            if control.kind == "slaps":
                for choice in control.choices:
                    by_id(f"rule-slap-{choice.value}").checked = choice.value in control.value
            elif control.kind == "flag":
                by_id(f"rule-{control.name}").checked = bool(control.value)
            else:
                by_id(f"rule-{control.name}").value = str(control.value)
        count = changed_count(controls)
        by_id("setup-rules-count").textContent = f"· {count} changed" if count else ""
        by_id("setup-rules-reset").disabled = not count
        notes = [text for text in (message, problem) if text] + warnings(variant, rules)
        box = by_id("setup-rules-message")
        box.textContent = " ".join(notes)
        box.hidden = not notes
        slaps = by_id("setup-slaps")
        slaps.setAttribute("aria-label", f"{slaps_heading(variant)} in play")
        slaps.innerHTML = slap_items(variant, rules.slaps)

    def _take_over_form(self) -> TableConfig:
        """The form as it was used before Python was ready: its game, seats, seed and speed
        as :meth:`_read_setup` reads them, and each house rule someone changed
        (``data-touched``), in the order of the form, as if changed now."""
        self.config = replace(self.config, variant=str(by_id("setup-variant").value),
                              options={})
        config = self._read_setup()
        variant = find_variant(config.variant)
        options = dict(config.options)
        fields = by_id("setup-rules-body").querySelectorAll("[data-option][data-touched]")
        for i in range(fields.length):
            field = fields.item(i)
            name = str(field.getAttribute("data-option"))
            options, _ = set_option(variant, config.players, options, name,
                                    self._raw_rule(name, field))
        return replace(config, options=options)

    @staticmethod
    def _restore_focus(element_id: str, before: Any) -> None:
        """Focus (and the caret) back where they were before the form was redrawn."""
        node = by_id(element_id) if element_id else None
        if not node:
            return
        node.focus()
        if str(getattr(node, "type", "")) == "text" and before:
            node.setSelectionRange(before.selectionStart, before.selectionEnd)

    def _read_setup(self) -> TableConfig:
        rows = by_id("setup-seat-list").querySelectorAll(".seat-row:not([hidden])")
        seats = []
        for i in range(rows.length):
            row = rows.item(i)
            kind = str(row.querySelector(".seat-row-kind").value)
            name = str(row.querySelector(".seat-row-name").value)
            bot = kind != "human"
            seats.append(SeatConfig(name, bot, kind if bot else "normal"))
        options = dict(self.config.options)
        boxes = by_id("setup-seat-list").querySelectorAll(
            ".seat-row:not([hidden]) .seat-row-gender")
        marks = [str(boxes.item(i).value) for i in range(boxes.length)]
        variant = find_variant(str(by_id("setup-variant").value))
        spec = seat_option(variant)
        if marks and spec is not None and variant.name == self.config.variant:
            options = with_seat_marks(spec, options, marks)
        query = to_query(TableConfig(
            variant=str(by_id("setup-variant").value),
            players=len(seats),
            seats=seats,
            seed=str(by_id("setup-seed").value).strip(),
            speed=str(by_id("setup-speed").value),
            options=options,
            autostart=False,
        ))
        config, notices = parse_query(query)  # the same checks as a link: names cleaned, etc.
        self.notify(notices)
        return config

    def _show_link(self, config: TableConfig) -> str:
        base = str(window.location.href).split("?")[0].split("#")[0]
        query = to_query(replace(config, autostart=True))
        link = f"{base}?{query}" if query else base
        by_id("setup-link").textContent = link
        return link

    def _leave_table(self) -> None:
        """Before another screen: the bots' timers stopped, the game paused, the tool on
        show closed (the lab only hidden)."""
        self.stop_timers()
        self.close_tool()
        if self.session is not None:
            self.session.pause(now())

    def show_setup(self, focus: bool = True, fill: bool = True) -> None:
        self._leave_table()
        by_id("table").hidden = True
        by_id("setup").hidden = False
        for name in ("bar-game", "pause", "speed-label"):
            by_id(name).hidden = self.session is None
        by_id("table-copy").hidden = True  # the setup has a Copy link of its own
        by_id("howto").hidden = True
        if fill:
            self._fill_setup(self.config)
        document.body.dataset.screen = "setup"
        if focus:
            self.focus_soon("setup-title")

    def on_setup_change(self, event: Any) -> None:
        target = event.target
        option = target.getAttribute("data-option")
        if isinstance(option, str) and option:  # a house rule (JS null is jsnull, not None)
            self._change_rule(option, target)
            return
        config = self._read_setup()
        if target.id == "setup-variant":
            variant = find_variant(str(target.value))
            players = min(max(config.players, variant.min_players), variant.max_players)
            config = with_players(replace(config, variant=variant.name, options={}), players)
        elif target.id == "setup-players":
            config = with_players(config, int(str(target.value)))
        else:  # a name, a seat's player, the seed or the speed: keep the form (and focus)
            self.config = config
            self._show_link(config)
            return
        self.config = config
        self._fill_setup(config)

    @staticmethod
    def _raw_rule(name: str, target: Any) -> Any:
        """What a house-rule control says, for :func:`set_option`."""
        if name == "slaps":
            boxes = by_id("setup-rules-body").querySelectorAll(".rule-slap")
            return [str(boxes.item(i).value) for i in range(boxes.length)
                    if boxes.item(i).checked]
        if str(target.type) == "checkbox":
            return bool(target.checked)
        return str(target.value)

    def _change_rule(self, name: str, target: Any) -> None:
        config = self._read_setup()
        variant = find_variant(config.variant)
        options, problem = set_option(variant, config.players, config.options, name,
                                      self._raw_rule(name, target))
        self.config = replace(config, options=options)
        self._show_rules(variant, self.config, problem)
        self._show_link(self.config)

    def on_rules_reset(self, _event: Any) -> None:
        config = replace(self._read_setup(), options={})
        self.config = config
        self._show_rules(find_variant(config.variant), config)
        self._show_link(config)

    # -- playing ---------------------------------------------------------------------------

    def start(self, config: TableConfig, new_seed: bool = False) -> None:
        config = with_seed(config, new=new_seed)
        bots = {i: s.difficulty for i, s in enumerate(config.seats) if s.bot}
        names = [s.name for s in config.seats]
        try:
            options = start_options(find_variant(config.variant), config.options,
                                    local_minutes())
            session = Session(config.variant, config.players, seed_from_text(config.seed),
                              names, bots, options, config.speed, now(),
                              choice_ms=self.settings.choice_seconds * 1000)
        except ValueError as error:
            self.notify([f"That table cannot be dealt: {error}"])
            self.show_setup()
            return
        self.config = config
        self.record = None
        self.again = lambda: self.start(config)
        query = to_query(replace(config, autostart=False))
        self.settings.last_table = query
        self.settings.speed = config.speed
        self.save_settings()
        window.history.replaceState(None, "", f"?{query}" if query else "?")
        self._open_table(session, config.seed, config)

    def _open_table(self, session: Session, seed: str, config: TableConfig | None) -> None:
        """Put ``session`` on the table (``config``: the link of its game, None for an opened
        record, which has none)."""
        self.stop_timers()
        self.close_tool()
        if self.view is not None:
            self.view.destroy()
        self.session = session
        document.body.removeAttribute("data-winner")
        document.body.dataset.screen = "table"
        by_id("setup").hidden = True
        by_id("howto").hidden = True
        by_id("table").hidden = False
        for name in ("bar-game", "pause", "speed-label"):
            by_id(name).hidden = False
        by_id("table-copy").hidden = config is None
        by_id("gameover").close()
        by_id("bar-variant").textContent = session.variant.title
        by_id("bar-seed").textContent = seed
        by_id("speed").value = session.speed_name
        document.body.style.setProperty("--anim", ANIMATION[session.speed_name])
        self.playing = config
        self.view = self._new_view()
        session.start_clock(now())  # the table is drawn: the game's time starts now
        self._set_paused(session.reviewing)
        self.focus_soon("table")  # not <body>: keys still work (read on the document)

    def _new_view(self, lines: LogLines | None = None) -> TableView:
        # The table's drawing (web.table.view and its parts) is imported with the first table, not
        # at start-up: the setup screen does not need it (15 ms of a cold start).
        from web.table.view import TableView

        assert self.session is not None
        return TableView(self.session, self.keymap.keys_for, self.guard(self.on_touch),
                         self.guard(self.on_choose), self.guard(self.on_variant_action), lines)

    def focus_soon(self, element_id: str) -> None:
        """Move the focus to ``element_id`` (made focusable from code, not by Tab) once the
        page has drawn: at start-up the app is shown only after :class:`App` is made."""

        def focus() -> None:
            target = by_id(element_id)
            if target and not target.hidden:
                target.setAttribute("tabindex", "-1")
                # No scrolling: a choice panel the view has just brought into view stays.
                options = to_js({"preventScroll": True},
                                dict_converter=window.Object.fromEntries)
                target.focus(options)

        window.setTimeout(create_once_callable(self.guard(focus)), 0)

    def stop_timers(self, ticker: bool = True) -> None:
        """Stop the bots' timer (or frame) and, unless told not to, the countdowns' ticker."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        if ticker and self.ticker is not None:
            window.clearTimeout(self.ticker)
            self.ticker = None
        if self.frame is not None:
            window.cancelAnimationFrame(self.frame)
            self.frame = None

    def schedule(self) -> None:
        """One timer for the earliest bot intent (or one frame, at instant speed). The ticker
        runs on (re-arming it at every action would starve it when bots act faster than it
        ticks: a headline line waiting for its turn would never be shown)."""
        self.stop_timers(ticker=False)
        session = self.session
        if session is None:
            return
        self._arm_ticker()
        wait = session.due_in(now())
        if wait is None:
            return
        if session.instant:
            self.frame = window.requestAnimationFrame(
                create_once_callable(self.guard(self.on_frame)))
        else:
            self.timer = window.setTimeout(create_once_callable(self.guard(self.on_timer)), wait)

    def _arm_ticker(self) -> None:
        session = self.session
        if (
            self.ticker is None
            and self.view is not None
            and session is not None
            and not session.paused
            and self.view.needs_ticking()
        ):
            self.ticker = window.setTimeout(create_once_callable(self.guard(self.on_tick)),
                                            TICK_MS)

    def on_tick(self, *_: Any) -> None:
        """Redraw the countdowns on show (the burn contest's, a person's choice's) and show
        what waited for its turn (a headline line, the live region's summary)."""
        self.ticker = None
        if self.view is not None:
            self.view.tick()
            self._arm_ticker()

    def on_timer(self, *_: Any) -> None:
        self.timer = None
        if self.session is not None:
            self.after(self.session.advance(now()))

    def on_frame(self, *_: Any) -> None:
        self.frame = None
        if self.session is not None:
            self.after(self.session.run_instant(INSTANT_STEPS))

    def after(self, events: list[Any]) -> None:
        """Draw what happened, end the game if it is over, and wait for the next bot."""
        if self.view is None or self.session is None:
            return
        if events:
            self.view.update(events)
        self._show_position()
        outcome = self.session.game.outcome
        if outcome is not None:
            self.game_over()
        else:
            self.schedule()

    def act(self, seat: int, action: str) -> None:
        if self.session is None or by_id("table").hidden:
            return
        self.after(self.session.human(seat, action, now()))

    def on_touch(self, seat: int, action: str) -> None:
        self.act(seat, action)

    def on_choose(self, seat: int, option: str) -> None:
        """A person answers the decision in their seat's panel (a button, or the keys)."""
        if self.session is None or by_id("table").hidden:
            return
        self.after(self.session.choose(seat, option, now()))

    def on_variant_action(self, seat: int, kind: str, arg: str) -> None:
        """A person does one of the variant's own actions (a button of a part of the table)."""
        if self.session is None or self.view is None or by_id("table").hidden:
            return
        events = self.session.variant_action(seat, kind, arg, now())
        self.view.note_action(kind, events)
        self.after(events)

    def _set_paused(self, paused: bool) -> None:
        """Pause or resume the game. Resuming at a past moment plays on from there: the
        record after it is dropped (the log's entries still to come go)."""
        session = self.session
        if session is not None:
            if paused:
                session.pause(now())
            elif session.resume_here(now()) and self.view is not None:
                self.view.lines.cut(len(session.all_events))
                self.view.redraw_log()
        by_id("pause").textContent = "Resume" if paused else "Pause"
        by_id("pause").setAttribute("aria-pressed", "true" if paused else "false")
        by_id("paused-banner").hidden = not paused
        self._show_position()
        if paused:
            self.stop_timers()
        else:
            self.schedule()

    # -- step and rewind -------------------------------------------------------------------

    def _table_on(self) -> Session | None:
        """The session, when its table is on show with no dialog over it."""
        if by_id("table").hidden or self._dialog_open():
            return None
        return self.session

    def on_step(self, *_: Any) -> None:
        """One action on (the Step button, key "."): the record's next one at a past moment,
        else the next bot's action; the game stays paused."""
        session = self._table_on()
        if session is None or self.view is None:
            return
        reviewing = session.reviewing
        events = session.step(now())
        self._set_paused(True)
        if events:
            self.view.update(events)
            self.view.show_moment()
        if session.game.outcome is not None:  # (_set_paused has shown the new position)
            self.game_over(dialog=not reviewing)

    def on_back(self, *_: Any) -> None:
        """One action back (the Back button, key ","), paused."""
        session = self._table_on()
        if session is not None:
            self.jump(session.position - 1)

    def jump(self, step: int) -> None:
        """The table at the moment after the record's first ``step`` actions, paused."""
        session = self._table_on()
        if session is None or self.view is None:
            return
        moved = session.goto(step, now())
        self._set_paused(True)
        if moved:
            old = self.view
            old.destroy()
            self.view = self._new_view(old.lines)
            self.view.show_moment()
            if session.game.outcome is None:
                document.body.removeAttribute("data-winner")
            else:
                self.game_over(dialog=False)

    def _show_position(self) -> None:
        """The moment on show ("57 of 812"), what the pause banner says there, and
        which step buttons can be used."""
        session = self.session
        if session is None:
            return
        at, length = session.position, len(session.tape)
        by_id("step-at").textContent = f"{at} of {length}"
        by_id("step-back").disabled = at == 0
        by_id("step-on").disabled = not session.reviewing and session.game.outcome is not None
        banner = by_id("paused-banner")
        if session.reviewing:
            left = length - at
            # Short, for the centre's one line: the rail says the rest ("57 of 812").
            parts = [f"Action {at} of {length}", f"Resume drops the next {left}"]
        else:
            parts = ["Paused", "Esc resumes", ", back", ". step"]
        text = " · ".join(parts)
        if banner.getAttribute("data-text") == text:
            return  # as it is (this runs after every action)
        banner.setAttribute("data-text", text)
        # Each part on one line: a narrow centre wraps the banner at a "·", never inside one.
        clear(banner)
        for i, part in enumerate(parts):
            if i:
                banner.appendChild(document.createTextNode(" "))
            banner.appendChild(el("span", "banner-part", part + " ·" * (i < len(parts) - 1)))

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
        if focus and self.view is not None:
            now_entry = by_id("log").querySelector("[aria-current]")
            (now_entry or by_id("log")).focus()

    def on_review(self, _event: Any) -> None:
        """The end screen's "Review the game": the table, to step back through the game."""
        by_id("gameover").close()
        self.focus_soon("step-back")

    def toggle_pause(self, *_: Any) -> None:
        if self.session is not None and self.session.game.outcome is None:
            self._set_paused(not self.session.paused)

    def game_over(self, dialog: bool = True) -> None:
        """The game is over: the winner on ``<body>`` and the end screen (``dialog``; not
        when the end is reached by stepping through the record)."""
        session = self.session
        assert session is not None
        game = session.game
        outcome = game.outcome
        assert outcome is not None
        self.stop_timers()
        winner = outcome.winner
        if winner is not None:
            document.body.dataset.winner = str(winner)
            title = f"{game.name(winner)} wins!"
        else:
            document.body.dataset.winner = "none"
            title = "No winner" if outcome.status != "loop" else "This deal never ends"
        by_id("gameover-title").textContent = title
        longest = game.longest_challenge
        by_id("gameover-summary").textContent = (
            f"{game.cards_played} cards played, {game.tricks} piles taken, "
            f"{game.t / 60000:.1f} minutes at the table. Longest challenge: {longest} "
            f"card{'s' * (longest != 1)}. Seed {self.config.seed}."
        )
        body = by_id("stats-body")
        clear(body)
        for stat in session.stats():
            row = el("tr", "winner-row" if stat.seat == winner else "")
            label = stat.name + (f" (bot, {stat.bot})" if stat.bot else "")
            row.appendChild(el("th", "", label, scope="row"))
            for value in (stat.cards, stat.piles_won, stat.slaps_right, stat.slaps_wrong):
                row.appendChild(el("td", "", str(value)))
            body.appendChild(row)
        box = by_id("gameover")
        if dialog and not box.open:
            box.showModal()

    # -- keys ------------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        key = normalize_key(str(event.key))
        if self.capture is not None:
            self._capture_key(event, key)
            return
        if key == "escape" and not by_id("table").hidden and not self._dialog_open():
            event.preventDefault()
            self.toggle_pause()
            return
        if self._dialog_open() or by_id("table").hidden:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        if not is_game_event(key, bool(event.ctrlKey), bool(event.altKey), bool(event.metaKey)):
            return
        hit = self.keymap.lookup(key)
        session = self.session
        if session is None:
            return
        if key in STEP_KEYS and not (
            hit is not None and not session.paused and hit[0] in session.humans
            and hit[1] in session.actions
        ):  # "," and "." step, unless they are a playing person's keys in this game
            event.preventDefault()
            self.on_back() if key == "," else self.on_step()
            return
        if event.repeat or hit is None:
            return  # a held-down key is not a slap
        seat, action = hit
        if seat not in session.humans:
            return
        if self.view is not None:
            # While a decision waits for this seat, its keys work the choice panel.
            chosen = self.view.choice_key(seat, action)
            if chosen is not None:
                event.preventDefault()
                if chosen:
                    self.on_choose(seat, chosen)
                return
        if action not in session.actions:
            return  # this game does not offer it (a plain slap where the hand matters)
        event.preventDefault()
        self.act(seat, action)
        window.ratscrewLatency.push(window.performance.now() - event.timeStamp)

    def _dialog_open(self) -> bool:
        return bool(by_id("settings").open or by_id("gameover").open)

    # -- settings dialog -------------------------------------------------------------------

    def open_settings(self, *_: Any) -> None:
        self._settings_paused = self.session is not None and not self.session.paused
        if self._settings_paused:
            self._set_paused(True)
        by_id("four-colour").checked = self.settings.four_colour
        by_id("projector").checked = self.settings.projector
        by_id("choice-seconds").value = str(self.settings.choice_seconds)
        by_id("keys-message").textContent = ""
        self._fill_keys()
        by_id("settings").showModal()

    def _fill_keys(self) -> None:
        body = by_id("keys-body")
        clear(body)
        players = self.session.game.n if self.session is not None else self.config.players
        names = self.session.game.names if self.session is not None else ()
        # The keys of the actions this game offers (Slap Like an Egyptian: the hands).
        variant = (self.session.variant if self.session is not None
                   else find_variant(self.config.variant))
        actions = (self.session.actions if self.session is not None
                   else seat_actions(variant))
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
                label = key_label(self.keymap.key_for(seat, action) or "")
                button = el("button", "key-button", label, type="button",
                            data_seat=str(seat), data_action=action,
                            aria_label=f"Seat {seat + 1} {action_label(action)} key: {label}. "
                            "Choose to change it.")
                button.addEventListener("click", self.proxy(
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

    def _capture_key(self, event: Any, key: str) -> None:
        event.preventDefault()
        event.stopPropagation()
        assert self.capture is not None
        seat, action = self.capture
        self.capture = None
        message = by_id("keys-message")
        if key == "escape":
            message.textContent = "Unchanged."
        else:
            names = self.session.game.names if self.session is not None else ()
            try:
                self.keymap.assign(seat, action, key, names)
            except KeyClashError as error:
                message.textContent = str(error)
            else:
                verb = {"slap-left": "slaps left", "slap-right": "slaps right"}.get(
                    action, f"{action}s")
                message.textContent = f"Seat {seat + 1} now {verb} with {key_label(key)}."
                self.save_settings()
        self._fill_keys()
        if self.view is not None:
            self.view.refresh_keys()

    def reset_keys(self, *_: Any) -> None:
        self.keymap = KeyMap.from_json({}, MAX_PLAYERS, KNOWN_ACTIONS)[0]
        self.save_settings()
        by_id("keys-message").textContent = "Every seat has its default keys again."
        self._fill_keys()
        if self.view is not None:
            self.view.refresh_keys()

    def set_choice_seconds(self, *_: Any) -> None:
        """The time a person has to answer a choice (0: no limit); from the next game on."""
        field = by_id("choice-seconds")
        seconds = parse_choice_seconds(str(field.value))
        if seconds is None:
            field.value = str(self.settings.choice_seconds)
            return
        self.settings.choice_seconds = seconds
        self.save_settings()

    def set_four_colour(self, *_: Any) -> None:
        self.settings.four_colour = bool(by_id("four-colour").checked)
        document.body.classList.toggle("four-colour", self.settings.four_colour)
        self.save_settings()

    def set_projector(self, *_: Any) -> None:
        """The projector display: everything larger (the class ``projector`` on ``<html>``)."""
        self.settings.projector = bool(by_id("projector").checked)
        document.documentElement.classList.toggle("projector", self.settings.projector)
        self.save_settings()

    # -- wiring ----------------------------------------------------------------------------

    def _wire(self) -> None:
        on = self._on
        document.addEventListener("keydown", self.proxy(self.on_key))
        on("setup", "submit", self.on_submit)
        on("setup", "change", self.on_setup_change)
        on("setup-demo", "click", self.on_demo)
        on("setup-copy", "click", self.on_copy)
        on("table-copy", "click", self.on_table_copy)
        on("table-record", "click", self.download_record)
        on("gameover-record", "click", self.download_record)
        on("gameover-review", "click", self.on_review)
        on("step-back", "click", self.on_back)
        on("step-on", "click", self.on_step)
        on("log", "click", self.on_log_click)
        on("log", "keydown", self.on_log_key)
        on("setup-open", "click", lambda _e: by_id("record-file").click())
        on("bar-lab", "click", lambda _e: self.open_tool("lab"))
        for tool in TOOLS:
            on(f"setup-{tool}", "click", self.on_tool)
        on("record-file", "change", self.on_record_file)
        on("setup", "dragover", self.on_drag)
        on("setup", "drop", self.on_drop)
        on("notices", "click", self.on_notice_click)
        on("setup-rules-reset", "click", self.on_rules_reset)
        on("pause", "click", self.toggle_pause)
        on("speed", "change", self.on_speed)
        on("settings-open", "click", self.open_settings)
        on("settings", "close", self.on_settings_closed)
        # "Done" resumes the game at once: the dialog's close event comes a task later, and a
        # key pressed in between would meet a paused table.
        on("settings-close", "click", self.on_settings_closed)
        on("four-colour", "change", self.set_four_colour)
        on("projector", "change", self.set_projector)
        on("choice-seconds", "change", self.set_choice_seconds)
        on("keys-reset", "click", self.reset_keys)
        on("to-setup", "click", lambda _e: self.show_setup())
        on("again-same", "click", self.again_same)
        on("again-new", "click", lambda _e: self.start(self.config, new_seed=True))
        on("again-setup", "click", lambda _e: (by_id("gameover").close(), self.show_setup()))  # type: ignore[func-returns-value]

    def _on(self, element_id: str, event: str, handler: Any) -> None:
        by_id(element_id).addEventListener(event, self.proxy(handler))

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.start(self._read_setup())

    def open_link(self, query: str) -> None:
        """Deal the table a link's query describes, as opening the link would, without
        reloading the page (the layout tests play many tables in one page)."""
        config, notices = parse_query(str(query))
        self.notify(notices)
        self.start(config)

    def on_demo(self, _event: Any) -> None:
        config = self._read_setup()
        seats = [SeatConfig(s.name, True, s.difficulty if s.bot else "normal")
                 for s in config.seats]
        self.start(replace(config, seats=seats))

    def on_copy(self, _event: Any) -> None:
        """The setup's Copy link: a link always holds a seed, so a friend who opens it gets the
        same deal. With the seed field empty, one is picked and shown there (Deal uses it)."""
        config = with_seed(self._read_setup())
        by_id("setup-seed").value = config.seed
        self.config = config
        link = self._show_link(config)

        def copied(ok: bool) -> None:
            by_id("setup-link").textContent = f"Copied: {link}" if ok else link

        self.copy_text(link, copied)

    def on_table_copy(self, _event: Any) -> None:
        """The table's Copy link: the game in play (its seed, speed, seats, names and rules),
        dealt at once by whoever opens it."""
        config = self.playing
        if config is None or by_id("table").hidden:
            return
        link = link_for(str(window.location.href), replace(config, autostart=True))

        def copied(ok: bool) -> None:
            self.notify([f"Link copied: {link}" if ok else f"Link to this game: {link}"])

        self.copy_text(link, copied)

    def download_record(self, _event: Any) -> None:
        """Save the game as its record: the JSON that ``python -m ratscrew replay`` reads
        (its deal, every action with its time, the result once it is over). At a past
        moment, the whole record, the actions still to come included."""
        session = self.session
        if session is None:
            return
        import json

        from ratscrew.play.record import record_of

        data = record_of(session.game)
        if session.reviewing:
            data.pop("result", None)
            data["actions"] = [[t, seat, kind, arg] if arg else [t, seat, kind]
                               for t, seat, kind, arg in session.tape]
        name = (self.record[0] if self.record is not None
                else record_name(session.variant.name, self.config.seed))
        save_file(name, json.dumps(data, separators=(",", ":")), "application/json")

    # -- teaching tools ----------------------------------------------------------------------

    def on_tool(self, event: Any) -> None:
        """A teaching tool's button on the setup screen."""
        button = event.target.closest("[data-tool]") if event.target else None
        if button:
            self.open_tool(attribute(button, "data-tool"))

    def open_tool(self, name: str, query: str = "") -> None:
        """Show a teaching tool's screen (``#practice``, ``#lab``, ``#bmn``), its module
        imported only now (start-up does not pay for it); ``query``: a link's, for the tool
        to read (a practice drill's)."""
        if name not in TOOLS:
            return
        self._leave_table()
        by_id("setup").hidden = True
        by_id("table").hidden = True
        by_id("howto").hidden = True
        for other in TOOLS:
            by_id(other).hidden = other != name
        by_id("table-copy").hidden = True
        for element_id in ("bar-game", "pause", "speed-label"):
            by_id(element_id).hidden = True
        document.body.dataset.screen = name
        document.body.removeAttribute("data-winner")
        if name == "lab" and self.lab is not None:
            self.tool = self.lab
            self.lab.show()
            by_id("bar-lab").hidden = True
            return
        module = __import__(TOOLS[name], fromlist=["open_screen"])
        self.tool = module.open_screen(self, query)
        if name == "lab":
            self.lab = self.tool

    def close_tool(self) -> None:
        """Close the teaching tool on show, if any (its timers, listeners, worker). The lab
        is only hidden: a run goes on, its progress on the bar's Lab button."""
        tool, self.tool = self.tool, None
        if tool is not None and tool is self.lab:
            tool.hide()
            self.lab_progress(tool.status())
        elif tool is not None:
            tool.close()
        for name in TOOLS:
            by_id(name).hidden = True

    def lab_progress(self, text: str) -> None:
        """The lab's run, told on the bar's Lab button while the lab is off screen ("" when
        there is nothing to tell: the button goes)."""
        button = by_id("bar-lab")
        button.textContent = f"Lab: {text}" if text else "Lab"
        button.hidden = not text or self.tool is self.lab

    def close_lab(self) -> None:
        """The lab's own Back: it stops (its worker too) and goes."""
        lab, self.lab = self.lab, None
        if self.tool is lab:
            self.tool = None
        if lab is not None:
            lab.close()
        by_id("bar-lab").hidden = True

    def watch_deal(self, hands: list[list[str]], speed: str) -> None:
        """The Beggar-My-Neighbour lab's deal on the table, both seats bots, at ``speed``
        (``hands``: card codes, top card first)."""
        from ratscrew.core.cards import card
        from ratscrew.core.engine import Game

        names = ["Player 1", "Player 2"]
        cards = [[card(code) for code in hand] for hand in hands]
        session = Session("bmn", 2, 0, names, {0: "normal", 1: "normal"}, speed=speed,
                          now=now(), choice_ms=self.settings.choice_seconds * 1000,
                          deal=lambda: Game("bmn", 2, hands=cards, names=names))
        self.record = None
        self.again = lambda: self.watch_deal(hands, speed)
        self._open_table(session, "none (a typed deal)", None)

    # -- opening a record ------------------------------------------------------------------

    def on_record_file(self, _event: Any) -> None:
        """The file picker of "Open record…"."""
        field = by_id("record-file")
        files = field.files
        if files and files.length:
            self.open_record_file(files.item(0))
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
            self.open_record_file(files.item(0))

    def open_record_file(self, file: Any) -> None:
        """Read a record file (too big a file is refused before it is read) and open it."""
        name = str(file.name)[:200]
        if int(file.size) > RECORD_MAX_BYTES:
            self.notify([f"{name} cannot be opened: it is larger than a game record can be "
                         f"({RECORD_MAX_BYTES // 1_000_000} MB)."])
            return
        promise = file.text()

        async def read() -> None:
            try:
                text = str(await promise)
            except Exception:
                self.notify([f"{name} cannot be read."])
                return
            self.guard(self.open_record)(name, text)

        task = asyncio.ensure_future(read())
        _TASKS.add(task)
        task.add_done_callback(_TASKS.discard)

    def open_record(self, name: str, text: str) -> None:
        """Put a game record on the table at its deal, paused, to step through. A record
        that cannot be replayed is refused with what is wrong, and nothing changes."""
        from ratscrew.play.record import RecordError, loads

        try:
            self._open_record_data(name, loads(text))
        except RecordError as error:
            self.notify([f"{name} is not a game record this page can open: {error}"])

    def _open_record_data(self, name: str, data: dict[str, Any]) -> None:
        session = Session.from_record(data, self.config.speed, now(),
                                      self.settings.choice_seconds * 1000)
        seed = str(data["seed"]) if "seed" in data else "from the record"
        self.record = (name, data)
        self.again = lambda: self._open_record_data(name, data)
        self._open_table(session, seed, None)
        if self.view is not None:
            self.view.show_moment()

    def again_same(self, _event: Any) -> None:
        """Play again, the same deal: the link's, an opened record's (checked already) or the
        Beggar-My-Neighbour lab's."""
        if self.again is not None:
            self.again()

    def copy_text(self, text: str, done: Callable[[bool], None]) -> None:
        """Put ``text`` on the clipboard, then ``done(True)``; ``done(False)`` when the browser
        has no clipboard here or refuses it (the page then shows the text to copy by hand)."""
        try:
            promise = window.navigator.clipboard.writeText(text)
        except Exception:  # no clipboard (an insecure page, an old browser)
            done(False)
            return

        async def wait() -> None:
            try:
                await promise
            except Exception:  # refused: no permission, or the page not focused
                ok = False
            else:
                ok = True
            self.guard(done)(ok)

        task = asyncio.ensure_future(wait())
        _TASKS.add(task)  # kept until done (the loop holds only a weak reference)
        task.add_done_callback(_TASKS.discard)

    def on_speed(self, _event: Any) -> None:
        speed = str(by_id("speed").value)
        self.settings.speed = speed
        self.save_settings()
        document.body.style.setProperty("--anim", ANIMATION.get(speed, "1"))
        if self.session is not None:
            self.session.set_speed(speed, now())
            self.config = replace(self.config, speed=speed)
            if self.playing is not None:
                self.playing = replace(self.playing, speed=speed)
            self.schedule()

    def on_settings_closed(self, _event: Any) -> None:
        """The settings dialog closes (its Done button, or its close event: either may come
        first; the second does nothing more)."""
        self.capture = None
        if self._settings_paused and self.session is not None:
            self._settings_paused = False
            if self.session.game.outcome is None:
                self._set_paused(False)
