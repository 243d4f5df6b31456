"""Per-player keys on one shared keyboard.

Keys are named by the browser's ``KeyboardEvent.key``, normalised by :func:`normalize_key`:
single characters are lowercased (``"Q"`` -> ``"q"``), the space bar is ``"space"`` and named
keys are lowercase (``"ArrowLeft"`` -> ``"arrowleft"``). ``KeyboardEvent.key`` follows the
keyboard layout, so an AZERTY player's "A" is ``"a"`` wherever it sits; the number pad's digits
give the same keys as the top row.

Seats are 0-based here, as in the engine (seat 0 is "player 1" on screen and in messages).

Default keys (flip, slap, then the slap-left / slap-right actions of variants that have them),
chosen from the corners and edges of a QWERTY keyboard so that up to six people can crowd
round one keyboard; every seat's keys are a small block, with free keys between seats:

=====  =====  =====  =========  ==========
seat   flip   slap   slap-left  slap-right
=====  =====  =====  =========  ==========
1      Q      W      A          S
2      O      P      L          ;
3      Z      X      C          V
4      N      M      ,          .
5      1      2      3          4
6      9      0      7          8
7      T      Y      R          U
8      G      H      F          J
=====  =====  =====  =========  ==========

Actions without a default key (a variant's own) start unbound.

Reserved keys (:data:`RESERVED_KEYS`) are never game keys: the page uses Escape (pause), Tab
(focus), Enter, F1-F12, and modifier or placeholder keys cannot be told apart reliably. A key
pressed with Ctrl, Alt or Meta held is never a game key either (:func:`is_game_event`); on
Windows AltGr reports Ctrl+Alt, so characters typed with AltGr are not game keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ratscrew.i18n import N_, Catalogue, current, t, tc

MAX_SEATS = 8

ACTIONS: tuple[str, ...] = ("flip", "slap")
"""The actions of every seat in the classic games."""

KNOWN_ACTIONS: tuple[str, ...] = ("flip", "slap", "slap-left", "slap-right")
"""Every action that has default keys (variants with directional slaps use all four)."""

DEFAULT_KEYS: tuple[Mapping[str, str], ...] = tuple(
    dict(zip(KNOWN_ACTIONS, keys, strict=True))
    for keys in (
        ("q", "w", "a", "s"),
        ("o", "p", "l", ";"),
        ("z", "x", "c", "v"),
        ("n", "m", ",", "."),
        ("1", "2", "3", "4"),
        ("9", "0", "7", "8"),
        ("t", "y", "r", "u"),
        ("g", "h", "f", "j"),
    )
)
"""Default key of each seat (0-based) for each action of :data:`KNOWN_ACTIONS`."""

_MODIFIERS = (
    "shift", "control", "alt", "altgraph", "meta", "capslock", "fn", "fnlock", "hyper", "super",
    "symbol", "symbollock", "numlock", "scrolllock",
)
RESERVED_KEYS: Mapping[str, str] = {
    # i18n: Why a key cannot be a game key, after "{key} is reserved: ".
    "escape": N_("it pauses and resumes the game"),
    "tab": N_("it moves between buttons"),
    "enter": N_("it presses buttons"),
    **{name: N_("it is a modifier key") for name in _MODIFIERS},
    **{f"f{n}": N_("the browser uses the function keys") for n in range(1, 13)},
    "dead": N_("it only starts an accented letter"),
    "unidentified": N_("the browser cannot name it"),
    "process": N_("an input method is using it"),
    "compose": N_("it only starts a composed character"),
}
"""Normalised keys that can never be assigned, with the reason shown to players (a message
id: ``t(reason)``)."""

# Older browsers' names for keys (IE / old Edge / old Firefox) -> the standard names.
_ALIASES = {
    "spacebar": "space",
    "esc": "escape",
    "left": "arrowleft",
    "right": "arrowright",
    "up": "arrowup",
    "down": "arrowdown",
    "del": "delete",
    "os": "meta",
    "win": "meta",
    "apps": "contextmenu",
    "scroll": "scrolllock",
    "return": "enter",
}

_ARROWS = {"arrowleft": "←", "arrowright": "→", "arrowup": "↑", "arrowdown": "↓"}


def _key_words() -> dict[str, str]:
    """The names of keys that are words, in the language in use (as its keyboards print
    them: Ctrl is Strg on a German keyboard)."""
    return {
        # i18n: The names of keys as keyboards print them (context "key").
        "space": tc("key", "Space"),
        "escape": tc("key", "Esc"),
        "enter": tc("key", "Enter"),
        "tab": tc("key", "Tab"),
        "backspace": tc("key", "Backspace"),
        "delete": tc("key", "Delete"),
        "insert": tc("key", "Insert"),
        "home": tc("key", "Home"),
        "end": tc("key", "End"),
        "pageup": tc("key", "Page Up"),
        "pagedown": tc("key", "Page Down"),
        "contextmenu": tc("key", "Menu"),
        "capslock": tc("key", "Caps Lock"),
        "numlock": tc("key", "Num Lock"),
        "scrolllock": tc("key", "Scroll Lock"),
        "altgraph": tc("key", "AltGr"),
        "control": tc("key", "Ctrl"),
    }


_said_words: list[tuple[Catalogue, dict[str, str]]] = []
"""The key words last said, and the catalogue they were said in."""


def _labels() -> dict[str, str]:
    catalogue = current()
    if not _said_words or _said_words[0][0] is not catalogue:
        _said_words[:] = [(catalogue, {**_ARROWS, **_key_words()})]
    return _said_words[0][1]


_MAX_NAMED_KEY = 32


class KeyClashError(ValueError):
    """A key that cannot be given to a seat's action: reserved, invalid, or already in use.

    ``holder`` is the (seat, action) that already has the key, if that is the reason.
    """

    def __init__(self, message: str, holder: tuple[int, str] | None = None) -> None:
        super().__init__(message)
        self.holder = holder


def normalize_key(key: object) -> str:
    """The canonical name of a ``KeyboardEvent.key`` value (``""`` for something that is not
    a key name at all, such as a non-string)."""
    if not isinstance(key, str) or not key:
        return ""
    if key == " ":
        return "space"
    if len(key) == 1:
        lower = key.lower()
        return lower if len(lower) == 1 else key
    name = key.strip().lower()
    return _ALIASES.get(name, name)


def _problem(key: str) -> str:
    """What is wrong with a normalised key name as a game key: "reserved", "not-a-key" or ""
    (nothing)."""
    if not key:
        return "not-a-key"
    if key in RESERVED_KEYS:
        return "reserved"
    if len(key) == 1:
        return "not-a-key" if not key.isprintable() or key.isspace() else ""
    if len(key) > _MAX_NAMED_KEY or not (key.isascii() and key.isalnum() and key[0].isalpha()):
        return "not-a-key"
    return ""


def key_problem(key: str) -> str | None:
    """Why a normalised key name cannot be a game key (words to put in a sentence), or None
    when it can."""
    problem = _problem(key)
    if problem == "reserved":
        # i18n: {key} is a key's name (Esc, F1), {why} why the game cannot use it.
        return t("{key} is reserved: {why}", key=key_label(key), why=t(RESERVED_KEYS[key]))
    if problem:
        return t("that is not a key")
    return None


def _problem_sentence(key: str) -> str:
    """:func:`key_problem` as a sentence of its own."""
    if _problem(key) == "reserved":
        # i18n: {key} is a key's name (Esc, F1), {why} why the game cannot use it.
        return t("{key} is reserved: {why}.", key=key_label(key), why=t(RESERVED_KEYS[key]))
    return t("That is not a key.")


def is_game_event(
    key: str, ctrl: bool = False, alt: bool = False, meta: bool = False, repeat: bool = False
) -> bool:
    """Whether a keydown may be a game key: no Ctrl/Alt/Meta held, not an auto-repeat, and a
    key that could be assigned (not reserved)."""
    if ctrl or alt or meta or repeat:
        return False
    return not _problem(normalize_key(key))


def key_label(key: str) -> str:
    """How to show a key: ``"q"`` -> ``"Q"``, ``"space"`` -> ``"Space"``, ``"arrowleft"`` ->
    ``"←"``, ``";"`` -> ``";"``; ``"—"`` for no key. Keys that are words are said in the
    language in use."""
    key = normalize_key(key)
    if not key:
        return "—"
    labels = _labels()
    if key in labels:
        return labels[key]
    if len(key) == 1:
        upper = key.upper()
        return upper if len(upper) == 1 else key
    if key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return key[:1].upper() + key[1:]


def action_label(action: str) -> str:
    """What an action is called in a sentence, in the language in use: ``"slap-left"`` ->
    ``"slap left"`` (an action no variant names: its code, dashes as spaces)."""
    if action == "flip":
        # i18n: The seats' actions as sentences name them ("player 2's flip key").
        return tc("action", "flip")
    if action == "slap":
        return tc("action", "slap")
    if action == "slap-left":
        return tc("action", "slap left")
    if action == "slap-right":
        return tc("action", "slap right")
    return action.replace("-", " ")


def seat_label(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat's name from ``names`` when it has one, else ``"player N"`` (1-based, in the
    language in use)."""
    if names is not None and 0 <= seat < len(names):
        name = names[seat]
        if isinstance(name, str) and name.strip():
            return name.strip()
    return t("player {number}", number=seat + 1)


def _key_of(who: str, action: str) -> str:
    """``"player 3's flip key"``: whose key, for what."""
    if who.endswith(("s", "S")):
        # i18n: A key in use: {who} a player's name ending in s (James' flip key), {action}
        # an action (flip, slap left). Translate as "{who}'s {action} key".
        return t("{who}' {action} key", who=who, action=action)
    # i18n: A key in use: {who} a player's name, {action} an action (flip, slap left).
    return t("{who}'s {action} key", who=who, action=action)


class KeyMap:
    """Which key each seat uses for each action, and the reverse (key -> seat and action).

    An action may be unbound (no key). ``players`` seats (0-based) and ``actions`` are fixed
    when the map is made; :func:`default_keymap` makes one with the default keys.
    """

    __slots__ = ("_by_key", "_keys", "actions", "players")

    def __init__(self, players: int = MAX_SEATS, actions: Sequence[str] = ACTIONS) -> None:
        if not 1 <= players <= MAX_SEATS:
            raise ValueError(f"a key map is for 1 to {MAX_SEATS} players, not {players}")
        if not actions or len(set(actions)) != len(actions):
            raise ValueError(f"actions must be distinct and not empty: {actions!r}")
        self.players = players
        self.actions: tuple[str, ...] = tuple(actions)
        self._keys: list[dict[str, str]] = [{} for _ in range(players)]
        self._by_key: dict[str, tuple[int, str]] = {}

    # ----------------------------------------------------------------------- reading

    def lookup(self, key: str) -> tuple[int, str] | None:
        """The (seat, action) a key belongs to, or None. ``key`` may be un-normalised."""
        return self._by_key.get(normalize_key(key))

    def key_for(self, seat: int, action: str) -> str | None:
        if not 0 <= seat < self.players:
            return None
        return self._keys[seat].get(action)

    def keys_for(self, seat: int) -> dict[str, str]:
        """A seat's bound keys, by action, in the order of ``actions`` (unbound ones left out)."""
        if not 0 <= seat < self.players:
            return {}
        bound = self._keys[seat]
        return {action: bound[action] for action in self.actions if action in bound}

    def holder_label(self, key: str, names: Sequence[str] | None = None) -> str | None:
        """``"player 3's flip key"`` for a key in use, else None."""
        holder = self.lookup(key)
        if holder is None:
            return None
        seat, action = holder
        return _key_of(seat_label(seat, names), action_label(action))

    # ----------------------------------------------------------------------- changing

    def check(
        self, seat: int, action: str, key: str, names: Sequence[str] | None = None
    ) -> str:
        """The normalised key if :meth:`assign` would accept it; else raise KeyClashError."""
        if not 0 <= seat < self.players:
            raise KeyClashError(t("there is no player {number} at this table", number=seat + 1))
        if action not in self.actions:
            # i18n: {action} is an action's code, quoted (not translated).
            raise KeyClashError(t("{action} is not an action here", action=repr(action)))
        name = normalize_key(key)
        if _problem(name):
            raise KeyClashError(_problem_sentence(name))
        holder = self._by_key.get(name)
        if holder is not None and holder != (seat, action):
            # i18n: {key} is a key's name (Q, Space), {holder} whose key it is ("player 3's
            # flip key").
            raise KeyClashError(
                t("{key} is already {holder}.", key=key_label(name),
                  holder=self.holder_label(name, names) or ""), holder
            )
        return name

    def assign(self, seat: int, action: str, key: str, names: Sequence[str] | None = None) -> None:
        """Give ``key`` to a seat's action, or raise :class:`KeyClashError` (naming who has it,
        by ``names`` when given) and change nothing."""
        name = self.check(seat, action, key, names)
        old = self._keys[seat].get(action)
        if old is not None:
            del self._by_key[old]
        self._keys[seat][action] = name
        self._by_key[name] = (seat, action)

    def unassign(self, seat: int, action: str) -> None:
        """Leave a seat's action without a key (nothing happens if it had none)."""
        if 0 <= seat < self.players:
            old = self._keys[seat].pop(action, None)
            if old is not None:
                del self._by_key[old]

    def copy(self) -> KeyMap:
        other = KeyMap(self.players, self.actions)
        other._keys = [dict(keys) for keys in self._keys]
        other._by_key = dict(self._by_key)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KeyMap):
            return NotImplemented
        return (self.players, self.actions, self._keys) == (
            other.players, other.actions, other._keys
        )

    def __repr__(self) -> str:
        return f"KeyMap({self.to_json()!r})"

    # ----------------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, dict[str, str]]:
        """``{"1": {"flip": "q", "slap": "w"}, "2": {...}, ...}``: 1-based seat numbers as text,
        normalised key names, ``""`` for an action without a key."""
        return {
            str(seat + 1): {action: self._keys[seat].get(action, "") for action in self.actions}
            for seat in range(self.players)
        }

    @classmethod
    def from_json(
        cls, data: object, players: int = MAX_SEATS, actions: Sequence[str] = ACTIONS
    ) -> tuple[KeyMap, list[str]]:
        """A key map from :meth:`to_json`'s format, with notices for what was wrong.

        Valid saved keys win and ``""`` (or null) keeps an action unbound; a seat or action
        missing from ``data`` gets its default key (unbound if a saved key already took it);
        anything invalid (unknown seat or action, not text, reserved, a key given twice) falls
        back the same way. ``None`` gives the default keys without a notice. Actions of
        :data:`KNOWN_ACTIONS` that are not in ``actions`` are skipped without a notice (they
        belong to other variants).
        """
        keymap = cls(players, actions)
        notices: list[str] = []
        if data is None:
            return default_keymap(players, actions), notices
        if not isinstance(data, Mapping):
            notices.append(t("Your saved keys could not be read; using the default keys."))
            data = {}
        saved: dict[tuple[int, str], str] = {}
        unbound: set[tuple[int, str]] = set()
        for seat_text, entry in data.items():
            seat = _seat_number(seat_text, players)
            if seat is None:
                # i18n: {player} is what was saved as a player's number, quoted.
                notices.append(t("Ignored saved keys for an unknown player {player}.",
                                 player=_show(seat_text)))
                continue
            if not isinstance(entry, Mapping):
                notices.append(t("Saved keys for player {number} could not be read; using the "
                                 "defaults.", number=seat + 1))
                continue
            for action, key in entry.items():
                if action not in keymap.actions:
                    if action not in KNOWN_ACTIONS:
                        # i18n: {action} is what was saved as an action's code, quoted.
                        notices.append(t("Ignored a saved key for an unknown action {action} "
                                         "of player {number}.", action=_show(action),
                                         number=seat + 1))
                    continue
                if key is None or key == "":
                    unbound.add((seat, action))
                    continue
                name = normalize_key(key) if isinstance(key, str) else ""
                problem = key_problem(name)
                if problem is not None:
                    # i18n: {action} is an action (flip, slap left); {problem} why the key
                    # saved for it cannot be used ("that is not a key").
                    notices.append(t("Saved player {number}'s {action} key was reset "
                                     "({problem}).", number=seat + 1,
                                     action=action_label(action), problem=problem))
                    continue
                saved[(seat, action)] = name
        for (seat, action), name in sorted(saved.items(), key=lambda i: _order(i[0], actions)):
            try:
                keymap.assign(seat, action, name)
            except KeyClashError as error:
                # i18n: {action} is an action (flip, slap left); {error} a sentence saying why
                # the key saved for it cannot be used.
                notices.append(t("Saved player {number}'s {action} key was reset: {error}",
                                 number=seat + 1, action=action_label(action),
                                 error=str(error)))
        for seat in range(players):
            for action in keymap.actions:
                if keymap.key_for(seat, action) is not None or (seat, action) in unbound:
                    continue
                default = _default_key(seat, action)
                if default is None:
                    continue
                try:
                    keymap.assign(seat, action, default)
                except KeyClashError:
                    # i18n: {action} is an action (flip, slap left), {key} a key's name (Q),
                    # {holder} whose key it is ("player 1's flip key").
                    notices.append(t("Player {number} has no {action} key: its default {key} "
                                     "is {holder}.", number=seat + 1,
                                     action=action_label(action), key=key_label(default),
                                     holder=keymap.holder_label(default) or ""))
        return keymap, notices


def _order(item: tuple[int, str], actions: Sequence[str]) -> tuple[int, int]:
    seat, action = item
    return seat, actions.index(action)


def _seat_number(value: object, players: int) -> int | None:
    """A 0-based seat from a 1-based seat number (text, or a whole number)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 2:
        value = int(value)
    if type(value) is int and 1 <= value <= players:
        return value - 1
    return None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _default_key(seat: int, action: str) -> str | None:
    if 0 <= seat < len(DEFAULT_KEYS):
        return DEFAULT_KEYS[seat].get(action)
    return None


def default_keymap(players: int = MAX_SEATS, actions: Sequence[str] = ACTIONS) -> KeyMap:
    """The default keys (see the module docstring) for ``players`` seats and these actions."""
    keymap = KeyMap(players, actions)
    for seat in range(players):
        for action in keymap.actions:
            key = _default_key(seat, action)
            if key is not None:
                keymap.assign(seat, action, key)
    return keymap


CHOICE_MOVES = ("slap-left", "slap-right", "slap")
"""The actions that move a decision panel's selection (:func:`choice_step`); flip chooses."""


def choice_hint(keys: Mapping[str, str], actions: Sequence[str], device: str,
                name: str) -> str:
    """The decision panel's line on how to choose, as the chooser plays (``device``: ``keys``,
    ``touch`` or ``phone``, :data:`ratscrew.core.events.DEVICES`): at a keyboard, the keys of
    the game's ``actions`` that really move and choose (``keys``: the seat's bound keys by
    action); on a touch screen, a tap; for a phone seat (``name``), their phone."""
    if device == "phone":
        # i18n: {name} is a player's name.
        return t("{name} chooses on their phone.", name=name)
    if device != "keys":
        return t("Tap an option.")
    bound = {a: keys[a] for a in ("flip", *CHOICE_MOVES) if a in actions and keys.get(a)}
    if "flip" not in bound:
        return t("Click an option.")
    confirm = key_label(bound["flip"])
    if "slap-left" in bound and "slap-right" in bound:
        left, right = key_label(bound["slap-left"]), key_label(bound["slap-right"])
        # i18n: How to choose at a keyboard: {left} and {right} are keys (A, S) that move the
        # selection, {confirm} the key (Q) that chooses it.
        return t("{left} / {right} move \u00b7 {confirm} chooses", left=left, right=right,
                 confirm=confirm)
    step = next((bound[a] for a in CHOICE_MOVES if a in bound), "")
    if step:
        # i18n: How to choose at a keyboard: {key} moves the selection, {confirm} chooses.
        return t("{key} moves \u00b7 {confirm} chooses", key=key_label(step), confirm=confirm)
    # i18n: How to choose at a keyboard: {confirm} is a key (Q).
    return t("{confirm} chooses", confirm=confirm)


def choice_step(index: int, action: str, count: int) -> tuple[int, bool]:
    """A seat's key in a decision's panel: slap-left moves to the previous option, slap-right
    (or a plain slap) to the next, both wrapping round; flip confirms. Returns the selected
    index and whether it is confirmed."""
    if count <= 0:
        return 0, False
    index %= count
    if action == "flip":
        return index, True
    if action == "slap-left":
        return (index - 1) % count, False
    if action in ("slap-right", "slap"):
        return (index + 1) % count, False
    return index, False
