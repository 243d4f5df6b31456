"""The slap-practice screen (issue 14, point 2): its form, the drill and the results.

Wiring and drawing only: the drill itself (its cards, the judging of every slap, the scores,
the link and the best scores) is :mod:`web.tools.practice.drill`, tested without a browser. This
module owns the clock: a countdown, then ``performance.now()`` from the first card, read on every
timer tick (:meth:`Drill.advance`) and every slap (:meth:`Drill.slap`); a pause moves the
drill's zero forward by the time paused.

:func:`open_screen` is what web/shell/app.py calls (``App.open_tool``); the object it returns has
``close()``, which stops the timers and removes every listener.

Hooks the browser tests read: the pile (``data-zone="practice-pile"``, ``data-pile``, the top
card's drill index in ``data-index``, a pattern's cards marked ``data-pattern``), the feedback
line (``data-zone="practice-feedback"``, items with ``data-kind``), the running scores
(``data-zone="practice-score"``, ``data-player``) and the results
(``data-zone="practice-results"``, cells with ``data-stat`` and ``data-player``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from ratscrew.core.cards import Card
from ratscrew.core.slaps import SLAP_RULES
from web.model.keymap import is_game_event, key_label, normalize_key
from web.model.links import pick_seed
from web.table.cards_view import by_id, card_element, clear, el, link_stylesheet, table_with_head
from web.tools.practice.drill import (
    MAX_CARDS,
    MAX_INTERVAL_MS,
    MAX_PLAYERS,
    MAX_SCORE,
    MAX_SEED_LENGTH,
    MIN_CARDS,
    MIN_INTERVAL_MS,
    PRACTICE_RULES,
    STORAGE_KEY,
    Drill,
    DrillConfig,
    Feedback,
    PracticeError,
    Summary,
    best_key,
    card_label,
    describe,
    dump_bests,
    load_bests,
    parse_query,
    record_best,
    to_query,
)

CSS_HREF = "web/tools/practice/practice.css"
COUNTDOWN = (3, 2, 1)
COUNTDOWN_STEP_MS = 800
SHOWN = 5
"""Cards of the pile fanned out (the pattern's cards are shown too when it is highlighted)."""
FEEDBACK_LINES = 3
"""Feedback items kept in the live line (the newest first)."""
FLASH_MS = 650
"""How long a player's zone shows the colour of their last slap."""
TOTALS = ("Player", "Score", "Hits", "Missed", "False slaps", "Median reaction", "Accuracy")
"""The results table's columns."""
BLOCKED = "Best scores cannot be saved in this browser (storage is blocked)."

_last: DrillConfig | None = None
"""The drill last set up in this page: the form opens with it again (no link)."""


def open_screen(app: Any, query: str) -> PracticeScreen:
    """Draw the practice screen into ``#practice`` (web/shell/app.py has shown it)."""
    link_stylesheet(CSS_HREF)
    return PracticeScreen(app, query)


def _attr(node: Any, name: str) -> str:
    value = node.getAttribute(name) if node else None
    return value if isinstance(value, str) else ""


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{round(value)} ms"


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{round(100 * value)}%"


def _one_line(text: str) -> str:
    """A rule's description, cut to its first clause (the form shows one line each)."""
    first = text.split(" (")[0].rstrip(".")
    return first + "."


def _players_text(players: Sequence[int]) -> str:
    numbers = [str(p + 1) for p in players]
    if len(numbers) == 1:
        return f"Player {numbers[0]}"
    return "Players " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


class PracticeScreen:
    """The screen: the form (``form``), the drill (``drill_view``) and the results (``end``);
    one of them on show. ``state`` is ``setup``, ``countdown``, ``running``, ``paused`` or
    ``done``."""

    def __init__(self, app: Any, query: str) -> None:
        global _last
        self.app = app
        self.root = by_id("practice")
        self._proxies: list[Any] = []
        self._listeners: list[tuple[Any, str, Any]] = []
        self._timer: Any = None
        self._flash_timers: dict[int, Any] = {}
        self.state = "setup"
        self.drill: Drill | None = None
        self._zero = 0.0
        self._paused_at = 0.0
        self._paused_in = ""
        self._count = 0
        self._bests, self._storage_ok, notices = self._read_bests()
        if query:
            config, link_notices = parse_query(query)
            notices += link_notices
        else:
            config = _last or DrillConfig()
        if not config.seed:
            config = replace(config, seed=pick_seed())
        self.config = config
        _last = config
        self._tick_proxy = self._proxy(self._tick)
        self._count_proxy = self._proxy(self._countdown_step)
        clear(self.root)
        self.head = self._head()
        self.root.appendChild(self.head)
        self.form = self._build_form()
        self.root.appendChild(self.form)
        self.drill_view = self._build_drill()
        self.root.appendChild(self.drill_view)
        self.end = el("section", "practice-end panel", data_zone="practice-results",
                      aria_labelledby="practice-end-title")
        self.end.hidden = True
        self.root.appendChild(self.end)
        self._listen(document, "keydown", self._on_key)
        self._fill_form(config)
        if notices:
            app.notify(notices)
        self.root.dataset.state = "setup"
        self._focus(self.title)

    # -- plumbing ----------------------------------------------------------------------------

    def _proxy(self, fn: Callable[..., Any]) -> Any:
        p = create_proxy(self.app.guard(fn))
        self._proxies.append(p)
        return p

    def _listen(self, target: Any, kind: str, fn: Callable[..., Any]) -> None:
        p = self._proxy(fn)
        target.addEventListener(kind, p)
        self._listeners.append((target, kind, p))

    def _on(self, node: Any, kind: str, fn: Callable[..., Any]) -> Any:
        self._listen(node, kind, fn)
        return node

    def _button(self, text: str, fn: Callable[..., Any], cls: str = "", **attrs: str) -> Any:
        return self._on(el("button", cls, text, type="button", **attrs), "click", fn)

    def close(self) -> None:
        """Stop the timers and take every listener off (web/shell/app.py calls it on leaving)."""
        self._stop_timer()
        self.app.unwatch_size(self.stage)
        for handle in self._flash_timers.values():
            window.clearTimeout(handle)
        self._flash_timers.clear()
        for target, kind, p in self._listeners:
            target.removeEventListener(kind, p)
        self._listeners.clear()
        for p in self._proxies:
            p.destroy()
        self._proxies.clear()
        self.state = "closed"

    def _stop_timer(self) -> None:
        if self._timer is not None:
            window.clearTimeout(self._timer)
            self._timer = None

    @staticmethod
    def _focus(node: Any) -> None:
        try:
            node.focus(window.Object.fromEntries([["preventScroll", True]]))
        except Exception:
            node.focus()

    def _show(self, part: str) -> None:
        self.form.hidden = part != "setup"
        self.drill_view.hidden = part not in ("countdown", "running", "paused")
        # While the cards fall the title is only for assistive tech: the room is the pile's.
        self.head.classList.toggle("visually-hidden", not self.drill_view.hidden)
        self.end.hidden = part != "done"
        self.state = part
        self.root.dataset.state = part

    # -- the head and the form ---------------------------------------------------------------

    def _head(self) -> Any:
        head = el("header", "practice-head")
        self.title = el("h2", "", "Slap practice", id="practice-title", tabindex="-1")
        head.appendChild(self.title)
        head.appendChild(el("p", "practice-lede",
                            "Cards land one at a time: slap only when the top cards make a "
                            "pattern of the rules you chose."))
        return head

    def _build_form(self) -> Any:
        form = el("form", "practice-form panel", id="practice-form", novalidate="",
                  aria_label="Set up the drill")
        rules = el("fieldset", "practice-rules")
        rules.appendChild(el("legend", "", "Slap rules to practise"))
        grid = el("div", "practice-rule-list")
        for name in PRACTICE_RULES:
            rule = SLAP_RULES[name]
            label = el("label", "practice-rule", data_rule=name)
            box = el("input", "", type="checkbox", name="rule", value=name)
            label.appendChild(box)
            text = el("span", "practice-rule-text")
            text.appendChild(el("b", "", rule.title))
            text.appendChild(el("small", "", _one_line(rule.description)))
            label.appendChild(text)
            grid.appendChild(label)
        rules.appendChild(grid)
        form.appendChild(rules)

        fields = el("div", "practice-grid")
        players = el("select", "", name="players", id="practice-players")
        for n in range(1, MAX_PLAYERS + 1):
            players.appendChild(el("option", "", str(n), value=str(n)))
        fields.appendChild(self._field("Players", players))
        fields.appendChild(self._field("Cards", el(
            "input", "", type="number", name="cards", id="practice-cards", min=str(MIN_CARDS),
            max=str(MAX_CARDS), step="1", inputmode="numeric")))
        pace = el("select", "", name="pace", id="practice-pace")
        pace.appendChild(el("option", "", "Steady", value="steady"))
        pace.appendChild(el("option", "", "Quickening", value="quicken"))
        fields.appendChild(self._field("Pace", pace))
        fields.appendChild(self._field("Seconds per card", el(
            "input", "", type="number", name="interval", id="practice-interval",
            min=str(MIN_INTERVAL_MS / 1000), max=str(MAX_INTERVAL_MS / 1000), step="0.1",
            inputmode="decimal")))
        fields.appendChild(self._field("Seed", el(
            "input", "", type="text", name="seed", id="practice-seed",
            maxlength=str(MAX_SEED_LENGTH), autocomplete="off", spellcheck="false"),
            "(empty: a new drill)"))
        form.appendChild(fields)

        self.keys_list = el("ul", "practice-keys", aria_label="Players and their slap keys")
        form.appendChild(self.keys_list)
        self.summary = el("p", "practice-summary", data_zone="practice-summary")
        form.appendChild(self.summary)
        self.best_line = el("p", "practice-best", data_zone="practice-best")
        form.appendChild(self.best_line)
        self.problem = el("p", "practice-problem", role="alert")
        self.problem.hidden = True
        form.appendChild(self.problem)

        actions = el("div", "practice-actions")
        self.start_button = el("button", "primary", "Start", type="submit",
                               id="practice-start")
        actions.appendChild(self.start_button)
        actions.appendChild(self._button("Copy link", self._on_copy, id="practice-copy"))
        actions.appendChild(self._button("Back to the game setup", self._on_back,
                                         id="practice-back"))
        self.link_out = el("output", "practice-link", id="practice-link")
        actions.appendChild(self.link_out)
        form.appendChild(actions)
        self._on(form, "submit", self._on_start)
        self._on(form, "input", self._on_form_change)
        self._on(form, "change", self._on_form_change)
        return form

    @staticmethod
    def _field(title: str, control: Any, hint: str = "") -> Any:
        label = el("label", "practice-field")
        head = el("span", "", title)
        if hint:
            head.appendChild(document.createTextNode(" "))
            head.appendChild(el("small", "", hint))
        label.appendChild(head)
        label.appendChild(control)
        return label

    def _control(self, name: str) -> Any:
        return self.form.querySelector(f"[name='{name}']")

    def _fill_form(self, config: DrillConfig) -> None:
        boxes = self.form.querySelectorAll("input[name='rule']")
        for i in range(boxes.length):
            box = boxes.item(i)
            box.checked = str(box.value) in config.rules
        self._control("players").value = str(config.players)
        self._control("cards").value = str(config.cards)
        self._control("pace").value = config.pace
        self._control("interval").value = f"{config.interval_ms / 1000:g}"
        self._control("seed").value = config.seed
        self._show_config(config, "")

    def _read_form(self) -> tuple[DrillConfig | None, str]:
        """The drill the form describes, or None and what is wrong."""
        boxes = self.form.querySelectorAll("input[name='rule']:checked")
        checked = {str(boxes.item(i).value) for i in range(boxes.length)}
        # The order rules are checked in decides the rule credited: keep the link's order for
        # those still chosen, the catalogue's for the others.
        rules = [name for name in self.config.rules if name in checked]
        rules += [name for name in PRACTICE_RULES if name in checked and name not in rules]
        try:
            cards = int(str(self._control("cards").value).strip())
        except ValueError:
            return None, f"Cards: a whole number from {MIN_CARDS} to {MAX_CARDS}."
        try:
            seconds = float(str(self._control("interval").value).strip().replace(",", "."))
            interval = round(seconds * 1000)
        except (ValueError, OverflowError):
            return None, (f"Seconds per card: a number from {MIN_INTERVAL_MS / 1000:g} to "
                          f"{MAX_INTERVAL_MS / 1000:g}.")
        if not MIN_INTERVAL_MS <= interval <= MAX_INTERVAL_MS:
            return None, (f"Seconds per card: a number from {MIN_INTERVAL_MS / 1000:g} to "
                          f"{MAX_INTERVAL_MS / 1000:g}.")
        if not MIN_CARDS <= cards <= MAX_CARDS:
            return None, f"Cards: a whole number from {MIN_CARDS} to {MAX_CARDS}."
        try:
            config = DrillConfig(tuple(rules), int(str(self._control("players").value)), cards,
                                 str(self._control("pace").value), interval,
                                 str(self._control("seed").value))
        except (PracticeError, ValueError) as error:
            message = str(error)
            return None, message[:1].upper() + message[1:] + "."
        return config, ""

    def _on_form_change(self, _event: Any) -> None:
        config, problem = self._read_form()
        if config is not None:
            self.config = config
        self._show_config(config, problem)

    def _show_config(self, config: DrillConfig | None, problem: str) -> None:
        global _last
        self.problem.textContent = problem
        self.problem.hidden = not problem
        self.start_button.disabled = config is None
        if config is None:
            return
        _last = config
        self.summary.textContent = describe(config)
        self._show_keys(config.players)
        best = self._bests.get(best_key(config))
        self.best_line.textContent = (
            f"Best score for this drill: {best} of {MAX_SCORE}" if best is not None
            else "No best score yet for this drill.")
        if not self._storage_ok:
            self.best_line.textContent += " " + BLOCKED
        self.link_out.textContent = self._link(config) if config.seed else ""

    def _show_keys(self, players: int) -> None:
        clear(self.keys_list)
        for seat in range(players):
            item = el("li", "", data_player=str(seat))
            item.appendChild(el("span", "", f"Player {seat + 1}"))
            item.appendChild(self._key_badge(seat))
            self.keys_list.appendChild(item)

    def _key_badge(self, seat: int) -> Any:
        key = self.app.keymap.key_for(seat, "slap")
        if not key:
            return el("span", "practice-nokey", "no key: tap")
        return el("kbd", "", key_label(key), title=f"Player {seat + 1}'s slap key")

    def _with_seed(self) -> DrillConfig | None:
        """The form's drill, with a seed picked (and shown) when its field is empty."""
        config, problem = self._read_form()
        if config is None:
            self._show_config(None, problem)
            return None
        if not config.seed:
            config = replace(config, seed=pick_seed())
            self._control("seed").value = config.seed
        self.config = config
        self._show_config(config, "")
        return config

    @staticmethod
    def _link(config: DrillConfig) -> str:
        base = str(window.location.href).split("#")[0].split("?")[0]
        return f"{base}?{to_query(config)}"

    def _on_copy(self, _event: Any) -> None:
        config = self._with_seed() if self.state == "setup" else self.config
        if config is None:
            return
        link = self._link(config)
        out = self.link_out if self.state == "setup" else self.end_link
        out.textContent = link

        def done(ok: bool) -> None:
            out.textContent = ("Link copied: " if ok else "Copy this link: ") + link

        self.app.copy_text(link, done)

    def _on_back(self, _event: Any) -> None:
        self.app.show_setup()

    def _on_start(self, event: Any) -> None:
        event.preventDefault()
        config = self._with_seed()
        if config is not None:
            self._begin(config)

    # -- best scores -------------------------------------------------------------------------

    @staticmethod
    def _read_bests() -> tuple[dict[str, int], bool, list[str]]:
        try:
            text = window.localStorage.getItem(STORAGE_KEY)
        except Exception:  # storage blocked (private mode, a policy): practise without bests
            return {}, False, []
        bests, notices = load_bests(text if isinstance(text, str) else None)
        return bests, True, notices

    def _save_bests(self) -> bool:
        if not self._storage_ok:
            return False
        try:
            window.localStorage.setItem(STORAGE_KEY, dump_bests(self._bests))
        except Exception:  # blocked, or full
            self._storage_ok = False
            self.app.notify([BLOCKED])
            return False
        return True

    # -- the drill ---------------------------------------------------------------------------

    def _build_drill(self) -> Any:
        view = el("section", "practice-drill", aria_label="The drill", tabindex="-1")
        view.hidden = True
        bar = el("div", "practice-bar")
        self.progress = el("p", "practice-progress", data_zone="practice-progress")
        bar.appendChild(self.progress)
        self.rules_line = el("p", "practice-rules-line")
        bar.appendChild(self.rules_line)
        self.pause_button = self._button("Pause", self._toggle_pause, "practice-pause",
                                         aria_keyshortcuts="Escape")
        bar.appendChild(self.pause_button)
        view.appendChild(bar)

        stage = el("div", "practice-stage")
        self.pile = el("div", "practice-pile", data_zone="practice-pile", data_pile="",
                       role="img", aria_label="The pile: empty")
        stage.appendChild(self.pile)
        self.pile_note = el("p", "practice-pile-note")
        stage.appendChild(self.pile_note)
        self.countdown = el("div", "practice-countdown", aria_live="assertive")
        stage.appendChild(self.countdown)
        self.paused_box = el("div", "practice-paused", role="dialog",
                             aria_label="The drill is paused")
        self.paused_box.appendChild(el("p", "", "Paused"))
        self.resume_button = self._button("Resume", self._toggle_pause, "primary")
        self.paused_box.appendChild(self.resume_button)
        self.paused_box.appendChild(self._button("End the drill", self._on_end_now))
        self.paused_box.hidden = True
        stage.appendChild(self.paused_box)
        view.appendChild(stage)
        self.stage = stage
        self.app.watch_size(stage)  # the card's size follows the stage's (practice.css)

        self.feedback = el("div", "practice-feedback", data_zone="practice-feedback",
                           aria_live="polite", aria_relevant="additions")
        view.appendChild(self.feedback)
        self.lanes = el("div", "practice-lanes", data_zone="practice-score")
        view.appendChild(self.lanes)
        return view

    def _build_lanes(self, players: int) -> None:
        clear(self.lanes)
        self.lanes.style.setProperty("--players", str(players))
        self.lanes.dataset.players = str(players)
        self._scores: list[dict[str, Any]] = []
        for seat in range(players):
            lane = el("div", "practice-lane", data_player=str(seat))
            zone = el("button", "practice-zone", type="button", data_player=str(seat))
            name = el("span", "zone-name", f"Player {seat + 1}")
            zone.appendChild(name)
            zone.appendChild(self._key_badge(seat))
            zone.appendChild(el("span", "zone-slap", "Slap"))
            self._on(zone, "pointerdown", self._zone_handler(seat, pointer=True))
            self._on(zone, "click", self._zone_handler(seat, pointer=False))
            lane.appendChild(zone)
            score = el("p", "practice-lane-score", data_player=str(seat))
            counts = {}
            for stat, mark, title in (("hits", "✓", "hits"), ("misses", "○", "missed"),
                                      ("false", "✗", "false slaps")):
                item = el("span", f"lane-stat lane-{stat}", data_stat=stat, title=title)
                item.appendChild(el("span", "lane-mark", mark, aria_hidden="true"))
                number = el("span", "lane-number", "0")
                item.appendChild(number)
                item.appendChild(el("span", "visually-hidden", f" {title}"))
                score.appendChild(item)
                counts[stat] = number
            lane.appendChild(score)
            self._scores.append({"lane": lane, "hits": 0, "misses": 0, "false": 0, **{
                f"{stat}-node": node for stat, node in counts.items()}})
            self.lanes.appendChild(lane)

    def _zone_handler(self, seat: int, pointer: bool) -> Callable[[Any], None]:
        def handle(event: Any) -> None:
            if pointer:
                if int(event.button or 0) > 0:
                    return  # a right or middle click is not a slap
                event.preventDefault()  # no focus change, no emulated mouse events
            elif int(event.detail or 0) != 0:
                return  # a pointer's click: pointerdown has slapped already
            self._slap(seat)

        return handle

    def _begin(self, config: DrillConfig) -> None:
        """A new run of ``config``: the countdown, then the cards."""
        global _last
        self._stop_timer()
        self.config = config
        _last = config
        self.drill = Drill(config)
        self._build_lanes(config.players)
        clear(self.pile)
        clear(self.feedback)
        self.pile.dataset.index = ""
        self.pile.removeAttribute("data-index")
        self.pile.setAttribute("aria-label", "The pile: empty")
        self.pile_note.textContent = ""
        self.rules_line.textContent = describe(config)
        self.progress.textContent = f"{config.cards} cards"
        self.paused_box.hidden = True
        self.pause_button.textContent = "Pause"
        self._show("countdown")
        self._focus(self.drill_view)
        self._count = 0
        self._countdown_step()

    def _countdown_step(self) -> None:
        self._timer = None
        if self.state != "countdown":
            return
        if self._count < len(COUNTDOWN):
            self.countdown.hidden = False
            self.countdown.textContent = str(COUNTDOWN[self._count])
            self.countdown.dataset.step = str(self._count)
            self._count += 1
            self._timer = window.setTimeout(self._count_proxy, COUNTDOWN_STEP_MS)
            return
        self.countdown.hidden = True
        self.countdown.textContent = ""
        self._show("running")
        self._zero = self._now()
        self._tick()

    @staticmethod
    def _now() -> float:
        return float(window.performance.now())

    def _clock(self) -> float:
        return self._now() - self._zero

    def _tick(self) -> None:
        self._timer = None
        drill = self.drill
        if self.state != "running" or drill is None:
            return
        self._apply(drill.advance(self._clock()))
        if drill.done:
            self._finish()
            return
        due = drill.next_due_ms
        if due is not None:
            delay = max(0.0, due - self._clock())
            self._timer = window.setTimeout(self._tick_proxy, delay)

    def _slap(self, seat: int) -> None:
        drill = self.drill
        if self.state != "running" or drill is None or seat >= drill.config.players:
            return
        t = self._clock()
        self._apply(drill.advance(t))
        if drill.done:
            self._stop_timer()
            self._finish()
            return
        self._apply([drill.slap(seat, t)])

    def _toggle_pause(self, _event: Any = None) -> None:
        if self.state in ("running", "countdown"):
            self._paused_in = self.state
            self._stop_timer()
            self._paused_at = self._now()
            self._show("paused")
            self.paused_box.hidden = False
            self.pause_button.textContent = "Resume"
            self._focus(self.resume_button)
        elif self.state == "paused":
            self.paused_box.hidden = True
            self.pause_button.textContent = "Pause"
            self._focus(self.drill_view)
            if self._paused_in == "countdown":
                self._show("countdown")
                self._count = 0
                self._countdown_step()
                return
            self._zero += self._now() - self._paused_at
            self._show("running")
            self._tick()

    def _on_end_now(self, _event: Any) -> None:
        drill = self.drill
        if drill is None:
            return
        self._stop_timer()
        self._apply(drill.finish())
        self._finish()

    def _on_key(self, event: Any) -> None:
        if self.state not in ("countdown", "running", "paused"):
            return
        if document.querySelector("dialog[open]"):
            return  # the settings dialog has the keys
        key = normalize_key(str(event.key or ""))
        if key == "escape":
            event.preventDefault()
            self._toggle_pause()
            return
        target = event.target
        tag = str(target.tagName).lower() if target and target.tagName else ""
        if tag in ("input", "select", "textarea"):
            return
        if not is_game_event(key, bool(event.ctrlKey), bool(event.altKey), bool(event.metaKey)):
            return
        hit = self.app.keymap.lookup(key)
        if hit is None or hit[1] != "slap" or hit[0] >= self.config.players:
            return
        event.preventDefault()
        if event.repeat:
            return  # a held-down key is not a slap
        self._slap(hit[0])

    # -- drawing the drill -------------------------------------------------------------------

    def _apply(self, batch: Sequence[Feedback]) -> None:
        if not batch:
            return
        drill = self.drill
        landed = any(fb.kind == "card" for fb in batch)
        if landed:
            for item in list(self.feedback.children):
                if item.classList.contains("stale"):
                    item.remove()
                else:
                    item.classList.add("stale")
        misses = [fb for fb in batch if fb.kind == "miss"]
        if misses:
            self._add_miss(misses)
        for fb in batch:
            if fb.kind in ("hit", "false"):
                self._add_feedback(fb)
            if fb.player is not None and fb.kind in ("hit", "miss", "false"):
                self._count_for(fb.player, fb.kind)
        if landed and drill is not None:
            self._draw_pile(drill)
        for fb in batch:
            if fb.kind == "hit" and drill is not None and drill.top is not None \
                    and drill.top.index == fb.index and fb.player == fb.first:
                self._draw_pile(drill, fb)
        while self.feedback.children.length > FEEDBACK_LINES:
            self.feedback.lastElementChild.remove()

    def _count_for(self, player: int, kind: str) -> None:
        if player >= len(self._scores):
            return
        stat = {"hit": "hits", "miss": "misses", "false": "false"}[kind]
        record = self._scores[player]
        record[stat] += 1
        record[f"{stat}-node"].textContent = str(record[stat])
        lane = record["lane"]
        lane.dataset.last = kind
        old = self._flash_timers.pop(player, None)
        if old is not None:
            window.clearTimeout(old)

        def fade() -> None:
            self._flash_timers.pop(player, None)
            lane.removeAttribute("data-last")

        self._flash_timers[player] = window.setTimeout(
            self._once(fade), FLASH_MS)

    def _once(self, fn: Callable[[], None]) -> Any:
        """A callback for one timer (destroyed after it runs, or in :meth:`close`)."""
        holder: list[Any] = []

        def run() -> None:
            p = holder[0]
            if p in self._proxies:
                self._proxies.remove(p)
            try:
                fn()
            finally:
                p.destroy()

        holder.append(self._proxy(run))
        return holder[0]

    def _item(self, kind: str, player: int | None, index: int) -> Any:
        item = el("p", "practice-fb", data_kind=kind, data_index=str(index))
        if player is not None:
            item.dataset.player = str(player)
        mark = {"hit": "✓", "miss": "○", "false": "✗"}[kind]
        item.appendChild(el("span", "fb-mark", mark, aria_hidden="true"))
        return item

    @staticmethod
    def _chips(cards: Sequence[Card], rule: str) -> Any:
        chips = el("span", "fb-cards")
        for c in cards:
            colour = "red" if c.red else "black"
            chips.appendChild(el("span", f"fb-card {colour}", card_label(c), data_pattern=rule))
        return chips

    def _add_feedback(self, fb: Feedback) -> None:
        item = self._item(fb.kind, fb.player, fb.index)
        players = self.config.players
        who = f"Player {(fb.player or 0) + 1}: " if players > 1 else ""
        if fb.kind == "hit":
            item.dataset.rule = fb.rule
            item.appendChild(el("span", "fb-text", f"{who}Hit! {fb.title}"))
            item.appendChild(self._chips(fb.cards, fb.rule))
            after = f"{fb.reaction_ms} ms"
            if players > 1 and fb.first is not None:
                after += " · first" if fb.first == fb.player else \
                    f" · Player {fb.first + 1} was first"
            item.appendChild(el("span", "fb-after", after))
        else:
            top = card_label(fb.card) if fb.card is not None else "?"
            item.appendChild(el("span", "fb-text", f"{who}False slap: no pattern"))
            item.appendChild(el("span", "fb-after", f"top card {top}"))
        self.feedback.insertBefore(item, self.feedback.firstChild)

    def _add_miss(self, misses: Sequence[Feedback]) -> None:
        first = misses[0]
        item = self._item("miss", None, first.index)
        item.dataset.rule = first.rule
        players = self.config.players
        who = [fb.player for fb in misses if fb.player is not None]
        if players == 1:
            text = f"Missed: {first.title}"
        elif len(who) == players:
            text = f"Everyone missed: {first.title}"
        else:
            text = f"{_players_text(who)} missed: {first.title}"
        item.appendChild(el("span", "fb-text", text))
        item.appendChild(self._chips(first.cards, first.rule))
        self.feedback.insertBefore(item, self.feedback.firstChild)

    def _draw_pile(self, drill: Drill, hit: Feedback | None = None) -> None:
        """The pile's last :data:`SHOWN` cards fanned, the newest on top; with ``hit``, its
        pattern's cards shown too and marked ``data-pattern``."""
        top = drill.top
        if top is None:
            return
        pile = drill.pile
        count = len(pile)
        shown = set(range(max(0, count - SHOWN), count))
        marked: set[int] = set()
        if hit is not None:
            marked = {p for p in hit.positions if 0 <= p < count}
            shown |= marked
        order = sorted(shown)
        clear(self.pile)
        for slot, position in enumerate(order):
            index = top.pile_start + position
            node = card_element(pile[position])
            node.dataset.key = str(index)
            node.style.setProperty("--slot", str(slot))
            node.style.setProperty("--tilt", f"{((index * 37) % 11) - 5}deg")
            if position in marked and hit is not None:
                node.dataset.pattern = hit.rule
            if position == count - 1 and hit is None:
                node.classList.add("arriving")
            self.pile.appendChild(node)
        self.pile.style.setProperty("--count", str(len(order)))
        self.pile.style.setProperty("--spread", f"{min(0.46, 2.3 / max(1, len(order) - 1)):.3f}")
        self.pile.dataset.index = str(top.index)
        self.pile.dataset.cards = str(count)
        self.pile.classList.toggle("pattern-shown", bool(marked))
        self.pile.setAttribute(
            "aria-label", f"The pile: {count} card{'s' * (count != 1)}, "
                          f"{card_label(top.card)} on top")
        self.progress.textContent = f"Card {top.index + 1} of {drill.config.cards}"
        note = f"{count} card{'s' * (count != 1)} in this pile"
        if count > SHOWN and 0 not in shown:
            note += f" · bottom card {card_label(pile[0])}"
        self.pile_note.textContent = note

    # -- the end -----------------------------------------------------------------------------

    def _finish(self) -> None:
        drill = self.drill
        if drill is None:
            return
        self._stop_timer()
        self._apply(drill.finish())
        summaries = drill.summaries()
        self._draw_results(summaries)
        self._show("done")
        self._focus(self.end_title)

    def _draw_results(self, summaries: Sequence[Summary]) -> None:
        config = self.config
        end = self.end
        clear(end)
        self.end_title = el("h3", "", "Results", id="practice-end-title", tabindex="-1")
        end.appendChild(self.end_title)
        end.appendChild(el("p", "practice-end-drill",
                           f"{describe(config)} · seed {config.seed}"))

        best_line = el("p", "practice-best", data_zone="practice-best")
        top = max(summaries, key=lambda s: s.score)
        key = best_key(config)
        previous = self._bests.get(key)
        new_best = top.score > 0 and record_best(self._bests, key, top.score)
        who = f" (Player {top.player + 1})" if config.players > 1 else ""
        if new_best:
            best_line.textContent = f"New best for this drill: {top.score} of {MAX_SCORE}{who}!"
            best_line.dataset.new = "true"
        else:
            best_line.textContent = (
                f"Best for this drill: {previous} of {MAX_SCORE}; this run's best: "
                f"{top.score}{who}." if previous is not None
                else f"This run's best: {top.score}{who}.")
        if new_best and not self._save_bests():
            best_line.textContent += " " + BLOCKED
        end.appendChild(best_line)

        end.appendChild(self._totals_table(summaries))
        end.appendChild(el("h4", "", "Accuracy per rule"))
        end.appendChild(self._rules_table(summaries))

        actions = el("div", "practice-actions")
        actions.appendChild(self._button("Again (same cards)", lambda _e: self._begin(config),
                                         "primary", id="practice-again"))
        actions.appendChild(self._button("New drill (new cards)", self._on_new_drill,
                                         id="practice-new"))
        actions.appendChild(self._button("Change the drill", self._on_change,
                                         id="practice-change"))
        actions.appendChild(self._button("Copy link", self._on_copy, id="practice-end-copy"))
        actions.appendChild(self._button("Back to the game setup", self._on_back,
                                         id="practice-end-back"))
        self.end_link = el("output", "practice-link")
        actions.appendChild(self.end_link)
        end.appendChild(actions)

    @staticmethod
    def _totals_table(summaries: Sequence[Summary]) -> Any:
        wrap = el("div", "practice-table-wrap")
        table = table_with_head("practice-table", "Each player's results", list(TOTALS),
                                "visually-hidden", data_table="totals")
        body = el("tbody")
        for s in summaries:
            row = el("tr", "", data_player=str(s.player))
            row.appendChild(el("th", "", f"Player {s.player + 1}", scope="row"))
            for (stat, text), label in zip(
                (("score", str(s.score)), ("hits", str(s.hits)), ("misses", str(s.misses)),
                 ("false", str(s.false_slaps)), ("median", _ms(s.median_reaction_ms)),
                 ("accuracy", _percent(s.accuracy))), TOTALS[1:], strict=True):
                row.appendChild(el("td", "", text, data_stat=stat, data_player=str(s.player),
                                   data_label=label))
            body.appendChild(row)
        table.appendChild(body)
        wrap.appendChild(table)
        return wrap

    def _rules_table(self, summaries: Sequence[Summary]) -> Any:
        wrap = el("div", "practice-table-wrap")
        table = el("table", "practice-table practice-rule-table", data_table="rules")
        table.appendChild(el("caption", "visually-hidden", "Accuracy per rule"))
        head = el("tr")
        head.appendChild(el("th", "", "Rule", scope="col"))
        for s in summaries:
            head.appendChild(el("th", "", f"Player {s.player + 1}", scope="col"))
        thead = el("thead")
        thead.appendChild(head)
        table.appendChild(thead)
        body = el("tbody")
        for i, name in enumerate(self.config.rules):
            row = el("tr", "", data_rule=name)
            row.appendChild(el("th", "", SLAP_RULES[name].title, scope="row"))
            for s in summaries:
                result = s.rules[i]
                cell = el("td", "", data_stat="rule", data_rule=name,
                          data_player=str(s.player), data_hits=str(result.hits),
                          data_chances=str(result.chances), data_label=f"Player {s.player + 1}")
                if result.accuracy is None:
                    cell.textContent = "no chance"
                    cell.classList.add("none")
                else:
                    cell.appendChild(el("b", "", _percent(result.accuracy)))
                    detail = f" {result.hits} of {result.chances}"
                    if result.median_reaction_ms is not None:
                        detail += f" · {_ms(result.median_reaction_ms)}"
                    cell.appendChild(el("span", "", detail))
                row.appendChild(cell)
            body.appendChild(row)
        table.appendChild(body)
        wrap.appendChild(table)
        return wrap

    def _on_new_drill(self, _event: Any) -> None:
        config = replace(self.config, seed=pick_seed())
        self._begin(config)

    def _on_change(self, _event: Any) -> None:
        self._fill_form(self.config)
        self._show("setup")
        self._focus(self.title)

