"""The command line: ``python -m ratscrew`` (or ``ratscrew`` once installed).

Commands: ``bmn`` analyses Beggar-My-Neighbour deals, ``simulate`` plays all-bot games,
``replay`` replays a game record, ``rules`` lists variants, options and slap rules.
``--lang LANG`` (before or after the command) says everything in that language; without it,
the environment's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) if its
catalogue is compiled, else English. The commands' output and messages are translated;
argparse's own help and usage texts stay English.
Bad input gets a one-line message on stderr and exit status 2: a bad number, a malformed hand,
record or option, a record file that cannot be read or written. What comes from outside (names
and typed texts in a record, a file name) is printed with its control characters escaped
(``\\x1b``, ``\\u202e``), so no terminal escape sequence reaches the screen.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn, TextIO

from ratscrew import __version__
from ratscrew.core.engine import Game
from ratscrew.core.events import seat_name
from ratscrew.core.options import OPTION_SPECS, OptionsError, Rules
from ratscrew.core.rng import MAX_SEED, seed_from_text
from ratscrew.core.safe_json import JSONError, JSONLimitError
from ratscrew.core.safe_json import loads as json_loads
from ratscrew.core.slaps import SLAP_RULES
from ratscrew.i18n import (
    ENGLISH,
    N_,
    PSEUDO,
    PSEUDO_RTL,
    Catalogue,
    CatalogueError,
    best,
    current,
    load,
    t,
    tc,
    tn,
    use,
    using,
)
from ratscrew.play.bots import DIFFICULTIES
from ratscrew.play.match import DEFAULT_MAX_CARDS, game_seed, play, simulate
from ratscrew.play.record import MAX_CHARS as RECORD_MAX_CHARS
from ratscrew.play.record import RecordError, dumps, loads, replay
from ratscrew.tools.bmn import BmnError, analyse, format_result, parse_deal_line, parse_hand
from ratscrew.variants import VARIANTS, VariantError, find_variant

OPTION_MAX_CHARS = 10_000
"""The longest ``--option`` value, in characters."""
OPTION_MAX_DEPTH = 32
"""How deep an ``--option`` value's JSON may nest (options need 2: ``[["J", 1]]``)."""
OPTION_MAX_DIGITS = 20
"""The most digits a number in an ``--option`` value may have."""
NUMBER_MAX_DIGITS = 9
"""The most digits of ``--players``, ``--games`` and ``--max-cards``."""
SEED_MAX_DIGITS = len(str(MAX_SEED))
MESSAGE_MAX = 1000
"""Error messages are cut to this many characters (they may quote what was given)."""
LANG_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's variables that name the language, the first one set deciding (as in
gettext)."""


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories printed escaped: controls (C0, DEL, C1 such as the CSI U+009B), format
characters (bidi overrides such as U+202E), surrogates (undecodable bytes of a file name),
private-use and unassigned code points, line and paragraph separators."""
_JOINERS = frozenset("\u200c\u200d")
"""Format characters that only join letters or emoji: printed as they are."""


def visible(text: str) -> str:
    """``text`` with every character that could move the cursor, change the terminal or turn
    text round escaped as Python writes it (``\\x1b``, ``\\u202e``), so it prints as one
    harmless line."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch in _JOINERS or unicodedata.category(ch) not in _HIDDEN:
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else
                       f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def _json(data: Any) -> str:
    """One line of JSON, pure ASCII: json escapes C0 controls and (``ensure_ascii``) everything
    past ASCII, C1 controls and bidi overrides included; DEL is escaped here."""
    return json.dumps(data, ensure_ascii=True).replace("\x7f", "\\u007f")


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _digits(value: int | float) -> str:
    """``value`` as the command line has always written it (no digit grouping: 81234,
    812.34), with the decimal sign of the language in use."""
    return str(value).replace(".", current().formats.decimal)


def _whole(text: str) -> int:
    """An argparse type: a whole number of at most :data:`NUMBER_MAX_DIGITS` digits, checked
    before it is converted."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        # i18n: {value} is what was typed, quoted.
        raise argparse.ArgumentTypeError(t("{value} is not a whole number",
                                           value=repr(_clip(text))))
    if len(digits) > NUMBER_MAX_DIGITS:
        # i18n: {value} is what was typed, quoted.
        raise argparse.ArgumentTypeError(tn(
            "{value} has {n} digit (at most {most})", "{value} has {n} digits (at most {most})",
            len(digits), value=repr(_clip(text)), n=len(digits), most=NUMBER_MAX_DIGITS))
    return int(text)


def _seed(text: str) -> int:
    """``--seed``: checked before :func:`~ratscrew.core.rng.seed_from_text` reads it (text that is
    not UTF-8, or a number too long to be a seed, is refused)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # i18n: {value} is what was typed, quoted.
        raise UsageError(t("--seed {value} is not valid text (it holds bytes that are not "
                           "UTF-8)", value=repr(_clip(text)))) from None
    digits = text.strip()
    if digits.isascii() and digits.isdecimal() and len(digits) > SEED_MAX_DIGITS:
        # i18n: {value} is the number typed (cut short if long).
        raise UsageError(tn("--seed {value} has {n} digit: a number seed is from 0 to {max}",
                            "--seed {value} has {n} digits: a number seed is from 0 to {max}",
                            len(digits), value=_clip(digits), n=len(digits),
                            max=str(MAX_SEED)))
    return seed_from_text(text)


def _parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``--option name=value`` pairs; values are JSON when they parse as JSON, else text. A
    value over the size, nesting or digit limits is refused either way."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            # i18n: {value} is what was typed, quoted.
            raise UsageError(t("--option takes name=value, not {value}",
                               value=repr(_clip(item))))
        try:
            value: Any = json_loads(raw, max_chars=OPTION_MAX_CHARS,
                                    max_depth=OPTION_MAX_DEPTH, max_digits=OPTION_MAX_DIGITS)
        except JSONLimitError as exc:
            # i18n: {name} is the option's name (slaps); {error} says what is wrong.
            raise UsageError(t("--option {name}: {error}", name=_clip(name),
                               error=str(exc))) from None
        except JSONError:
            value = raw
        out[name] = value
    return out


def _check_record_path(path: str) -> None:
    """Refuse a ``--record`` file that cannot be written, before any game is played."""
    if not path:
        raise UsageError(t("--record needs a file name"))
    if "\0" in path:
        # i18n: {path} is the file name given, quoted.
        raise UsageError(t("cannot write the record to {path}: a file name cannot hold a NUL "
                           "character", path=repr(path)))
    if os.path.isdir(path):
        raise UsageError(t("cannot write the record to {path}: it is a folder", path=path))
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(t("cannot write the record to {path}: the folder {folder} does not "
                           "exist", path=path, folder=folder))
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise UsageError(t("cannot write the record to {path}: permission denied",
                               path=path))
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(t("cannot write the record to {path}: the folder {folder} is not "
                           "writable", path=path, folder=folder))


def _write_record(path: str, text: str) -> None:
    """Write ``text`` to ``path``; if that fails part way, remove what was written."""
    try:
        fh = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed below, errors apart)
    except OSError as exc:
        raise UsageError(_cannot_write(path, exc)) from None
    try:
        with fh:
            fh.write(text)
    except OSError as exc:
        if os.path.isfile(path):  # never a device such as /dev/full
            with contextlib.suppress(OSError):
                os.remove(path)
        raise UsageError(_cannot_write(path, exc)) from None


def _cannot_write(path: str, exc: OSError) -> str:
    # i18n: {error} is the system's reason (No space left on device).
    return t("cannot write the record to {path}: {error}", path=path,
             error=exc.strerror or str(exc))


def cmd_bmn(args: argparse.Namespace, out: TextIO) -> int:
    if args.hands:
        if len(args.hands) != 2:
            raise UsageError(t("bmn takes two hands (player 1 and player 2), or none to read "
                               "deals from standard input"))
        try:
            result = analyse(parse_hand(args.hands[0], 1), parse_hand(args.hands[1], 2))
        except BmnError as exc:
            raise UsageError(str(exc)) from None
        print(_json(result.to_dict()) if args.json else format_result(result), file=out)
        return 0
    status = 0
    lines = enumerate(sys.stdin, 1)
    while True:
        try:
            number, line = next(lines)
        except StopIteration:
            break
        except UnicodeDecodeError:
            raise UsageError(t("standard input is not text (UTF-8)")) from None
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            p1, p2 = parse_deal_line(line)
            result = analyse(p1, p2)
        except BmnError as exc:
            # i18n: {number} counts the lines of standard input from 1; {error} says what is
            # wrong with the deal on it.
            print(visible(_clip(t("line {number}: {error}", number=str(number), error=str(exc)),
                                MESSAGE_MAX)), file=sys.stderr)
            print(_json({"error": str(exc)}) if args.json
                  else visible(t("error: {error}", error=str(exc))), file=out)
            status = 2
            continue
        print(_json(result.to_dict()) if args.json else format_result(result), file=out)
    return status


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    variant = find_variant(args.variant)
    options = _parse_options(args.option)
    try:
        variant.rules_for(args.players, options)  # refuse bad options before playing
    except (VariantError, OptionsError):
        raise
    except ValueError as exc:  # a value the options could not read (e.g. challenge=J=x)
        raise UsageError(t("--option: {error}", error=str(exc))) from None
    seed = _seed(args.seed)
    if args.record is not None:
        _check_record_path(args.record)  # before the games, not after
    summary = simulate(variant, args.players, args.games, seed, args.difficulty, options,
                       args.max_cards)
    if args.record is not None:
        game = play(variant, args.players, game_seed(seed, 0), args.difficulty, options,
                    args.max_cards)
        _write_record(args.record, dumps(game) + "\n")
    data = summary.to_dict()
    if args.json:
        print(_json(data), file=out)
        return 0
    games, players = data["games"], data["players"]
    # i18n: {title} is the variant's name (Classic); {games} is "100 games", {players} "4
    # players"; {difficulty} is the bots' difficulty as typed (easy, normal, hard, expert).
    print(t("{title}: {games}, {players}, {difficulty} bots, seed {seed}",
            title=t(variant.title), games=tn("{n} game", "{n} games", games, n=_digits(games)),
            players=tn("{n} player", "{n} players", players, n=players),
            difficulty=data["difficulty"], seed=str(seed)), file=out)
    print(t("cards played: {cards} ({mean} a game, about {minutes} minutes at the table)",
            cards=_digits(data["cards_played"]), mean=_digits(data["mean_cards_per_game"]),
            minutes=_digits(data["mean_minutes_per_game"])), file=out)
    # i18n: A player and how many games they won ("player 1 27"), in a list after "wins:".
    wins = ", ".join(tc("games won", "{who} {n}", who=seat_name(s), n=_digits(w))
                     for s, w in enumerate(data["wins"]))
    # i18n: {wins} lists each player and how many games they won ("player 1 27, player 2 24").
    print(t("wins: {wins}", wins=wins), file=out)
    print(t("loops: {loops}, capped: {capped}, slaps: {right} right, {wrong} wrong",
            loops=_digits(data["loops"]), capped=_digits(data["capped"]),
            right=_digits(data["slaps_right"]), wrong=_digits(data["slaps_wrong"])), file=out)
    if args.record is not None:
        print(visible(t("record of game 1 written to {path}", path=args.record)), file=out)
    return 0


def final_state(game: Game) -> dict[str, Any]:
    o = game.outcome
    return {
        "status": o.status if o else "unfinished",
        "winner": o.winner if o else None,
        "cards_played": game.cards_played,
        "tricks": game.tricks,
        "hands": [[c.code for c in h] for h in game.hands],
        "pile": [c.code for c in game.pile],
    }


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    limit = RECORD_MAX_CHARS + 1  # one more than a record may have: loads() says it is too big
    try:
        if args.file == "-":
            text = sys.stdin.read(limit)
        else:
            with open(args.file, encoding="utf-8") as fh:
                text = fh.read(limit)
    except OSError as exc:
        # i18n: {error} is the system's reason (No such file or directory).
        raise UsageError(t("cannot read {file}: {error}", file=args.file,
                           error=exc.strerror or str(exc))) from None
    except ValueError:  # UnicodeDecodeError, or a NUL in the file name
        if args.file == "-":
            raise UsageError(t("standard input is not a text file")) from None
        raise UsageError(t("{file} is not a text file", file=args.file)) from None
    game = replay(loads(text))
    names = game.names or None
    state = final_state(game)
    if args.json:
        state["events"] = [
            {**e.to_dict(), "text": e.explain(names)} for e in game.events
        ]
        print(_json(state), file=out)
        return 0
    # Names and typed texts come from the record: printed with their controls escaped.
    # The time in seconds (the SI symbol, in every language) with the language's decimal sign.
    decimal = current().formats.decimal
    for e in game.events:
        seconds = f"{e.t / 1000:9.3f}".replace(".", decimal)
        print(visible(f"{seconds}s  {e.explain(names)}"), file=out)
    print(file=out)
    for seat, hand in enumerate(state["hands"]):
        # i18n: {who} is a player's name; {cards} lists the hand's card codes, top first
        # ("QH 2C"), or is "-" for none.
        print(visible(tn("{who}: {n} card: {cards}", "{who}: {n} cards: {cards}", len(hand),
                         who=seat_name(seat, names), n=len(hand),
                         cards=" ".join(hand) or "-")), file=out)
    # i18n: {cards} lists the pile's card codes, bottom first ("QH 2C"), or is "-" for none.
    print(t("pile: {cards}", cards=" ".join(state["pile"]) or "-"), file=out)
    winner, status = state["winner"], state["status"]
    if winner is not None:
        text = WINNER.get(status, WINNER[""])
        print(visible(t(text, who=seat_name(winner, names), status=status)), file=out)
    else:
        print(t(NO_WINNER.get(status, NO_WINNER[""]), status=status), file=out)
    return 0


WINNER = {
    "win": N_("winner: {who} (win)"),
    # i18n: {status} is how the game ended, as a record writes it (win, loop, capped).
    "": N_("winner: {who} ({status})"),
}
"""The last line of a replay, by how the game ended, when someone won."""
NO_WINNER = {
    "loop": N_("winner: none (loop)"),
    "capped": N_("winner: none (capped)"),
    "unfinished": N_("winner: none (unfinished)"),
    # i18n: {status} is how the game ended, as a record writes it (win, loop, capped).
    "": N_("winner: none ({status})"),
}
"""The last line of a replay, by how the game ended, when nobody won."""


def _readers(option: str) -> list[str]:
    """The variants that read ``option``, when not all of them do (none: all do)."""
    readers = [v.name for v in VARIANTS.values() if v.reads(option)]
    return [] if len(readers) == len(VARIANTS) else readers


def rules_data(variant_name: str | None) -> dict[str, Any]:
    variants = [find_variant(variant_name)] if variant_name else list(VARIANTS.values())
    one = variants[0] if variant_name else None
    base = one.rules_for(one.min_players) if one else Rules()
    defaults = base.to_dict()
    by_players: dict[str, dict[int, Any]] = {}
    if one is not None:
        for n in range(one.min_players, one.max_players + 1):
            for name, value in one.rules_for(n).diff(base).items():
                by_players.setdefault(name, {})[n] = value
    specs = [s for s in OPTION_SPECS.values() if one is None or one.reads(s.name)]
    return {
        "variants": [
            {
                "name": v.name,
                "aliases": list(v.aliases),
                "title": t(v.title),
                "summary": t(v.summary),
                "players": [v.min_players, v.max_players],
                "options": v.rules.diff(Rules()),
                "slaps_title": t(v.slaps_title),
            }
            for v in variants
        ],
        "options": [
            {
                "name": spec.name,
                "description": t(spec.description),
                "default": defaults[spec.name],
                **({"choices": list(spec.choices)} if spec.choices and not spec.per_seat
                   else {}),
                **({"range": [spec.minimum, spec.maximum]} if spec.maximum else {}),
                **({"variants": readers} if (readers := _readers(spec.name)) else {}),
                **({"by_players": by_players[spec.name]} if spec.name in by_players else {}),
            }
            for spec in specs
        ],
        "slaps": [
            {
                "name": r.name,
                "title": t(one.slap_title(r.name, r.title) if one else r.title),
                "description": t(r.description),
                "examples": list(r.examples),
                "in_play": r.name in base.slaps,
            }
            for r in SLAP_RULES.values()
        ],
        "difficulties": list(DIFFICULTIES),
    }


def _by_players(values: dict[int, Any]) -> str:
    """``{5: 2, 6: 2, 7: 2}`` -> ``"2 with 5-7 players"``."""
    runs: list[tuple[int, int, Any]] = []
    for n, v in sorted(values.items()):
        if runs and runs[-1][1] == n - 1 and runs[-1][2] == v:
            runs[-1] = (runs[-1][0], n, v)
        else:
            runs.append((n, n, v))
    # i18n: {value} is an option's value ("2", "lockout"); {low}-{high} a range of numbers of
    # players ("5-7").
    return ", ".join(
        tn("{value} with {n} player", "{value} with {n} players", lo, value=_show(v), n=lo)
        if lo == hi else t("{value} with {low}-{high} players", value=_show(v), low=lo, high=hi)
        for lo, hi, v in runs
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        # i18n: The value of an option that lists things (slap rules), when it lists none.
        return ",".join(value) or tc("an empty list", "none")
    if isinstance(value, dict):
        return " ".join(f"{k}={n}" for k, n in value.items())
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    data = rules_data(args.variant)
    if args.json:
        print(_json(data), file=out)
        return 0
    print(t("Variants:"), file=out)
    for v in data["variants"]:
        lo, hi = v["players"]
        if v["aliases"]:
            # i18n: A variant: its name (classic), its other names (egyptian, ers), its title
            # (Classic Egyptian Rat Screw) and how many play it ("2-8").
            line = t("{name} (also: {aliases}): {title}, {low}-{high} players", name=v["name"],
                     aliases=", ".join(v["aliases"]), title=v["title"], low=lo, high=hi)
        else:
            line = t("{name}: {title}, {low}-{high} players", name=v["name"], title=v["title"],
                     low=lo, high=hi)
        print(f"  {line}", file=out)
        print(f"      {v['summary']}", file=out)
    if args.variant:
        # i18n: {variant} is the variant's name as typed (bmn).
        print("\n" + t("Options (defaults for {variant}):", variant=args.variant), file=out)
    else:
        print("\n" + t("Options (defaults):"), file=out)
    for o in data["options"]:
        value = _show(o["default"])
        if "by_players" in o:
            # i18n: An option, its default value, then its values for some numbers of players
            # ("slaps = double; 2 with 5-7 players").
            line = t("{name} = {value}; {by_players}", name=o["name"], value=value,
                     by_players=_by_players(o["by_players"]))
        else:
            line = f"{o['name']} = {value}"
        print(f"  {line}", file=out)
        print(f"      {o['description']}", file=out)
    heading = data["variants"][0]["slaps_title"] if args.variant else t("Slap rules")
    # i18n: {heading} is "Slap rules" or a variant's name for them ("Burn conditions").
    print("\n" + t("{heading} (* in play by default):", heading=heading), file=out)
    for r in data["slaps"]:
        mark = "*" if r["in_play"] else " "
        example = r["examples"][0]
        if r["title"] != t(SLAP_RULES[r["name"]].title):
            # i18n: A slap rule: its name (double), the variant's name for it (Matchbox), what
            # it lets you slap, and an example (card codes: "9C 9H").
            line = t("{name} ({title}): {description} Example: {example}", name=r["name"],
                     title=r["title"], description=r["description"], example=example)
        else:
            # i18n: A slap rule: its name (double), what it lets you slap, and an example
            # (card codes: "9C 9H").
            line = t("{name}: {description} Example: {example}", name=r["name"],
                     description=r["description"], example=example)
        print(f"  {mark} {line}", file=out)
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors as this command's one-line messages (no usage block)."""

    def error(self, message: str) -> NoReturn:
        # i18n: {error} is argparse's message, in English; {command} is "ratscrew simulate".
        raise UsageError(t("{error} (see '{command} --help')", error=message,
                           command=self.prog))


LANG_HELP = ("the language of the output: en, fr, es or de (default: the environment's "
             "language if the game has it, else en)")


def _lang_after(parser: argparse.ArgumentParser) -> None:
    """``--lang`` after the command too (``ratscrew replay game.json --lang fr``). Its default
    is no value at all, so that the command's parser keeps a ``--lang`` given before it."""
    parser.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=LANG_HELP)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ratscrew",
        description="Egyptian Rat Screw and its family: simulate games, analyse "
        "Beggar-My-Neighbour deals, replay game records.",
    )
    parser.add_argument("--version", action="version", version=f"ratscrew {__version__}")
    parser.add_argument("--lang", metavar="LANG", help=LANG_HELP)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("bmn", help="analyse a two-player Beggar-My-Neighbour deal",
                       description="Analyse a Beggar-My-Neighbour deal. Hands are written top "
                       "card first, in Mann's notation (- for a number card, J Q K A) or in "
                       "full ranks (2-10, J, Q, K, A; 10 is one card). With no hands, read one "
                       "deal per line from standard input: 'P1 P2' (or 'P1 / P2').")
    p.add_argument("hands", nargs="*", metavar="HAND")
    p.add_argument("--json", action="store_true", help="print JSON objects")
    _lang_after(p)
    p.set_defaults(run=cmd_bmn)

    p = sub.add_parser("simulate", help="play all-bot games and summarise them")
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=_whole, default=4)
    p.add_argument("--games", type=_whole, default=100)
    p.add_argument("--seed", default="0", help="a number, or any text (hashed)")
    p.add_argument("--difficulty", default="normal", choices=list(DIFFICULTIES))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="change a rule option (repeatable), e.g. --option penalty=lockout "
                   "--option slaps=double,sandwich,run")
    p.add_argument("--max-cards", type=_whole, default=DEFAULT_MAX_CARDS,
                   help="stop a game after this many cards (counted as capped)")
    p.add_argument("--record", metavar="FILE", help="also write the record of game 1 to FILE")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    _lang_after(p)
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("replay", help="replay a game record and show what happened")
    p.add_argument("file", metavar="FILE", help="a record (JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print events and final state as JSON")
    _lang_after(p)
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("rules", help="list variants, options and slap rules")
    p.add_argument("--variant", help="show this variant's defaults")
    p.add_argument("--json", action="store_true")
    _lang_after(p)
    p.set_defaults(run=cmd_rules)
    return parser


def _hands_after_dashes(argv: list[str]) -> list[str]:
    """``bmn -----A-- ---J---`` would read the hands as options: keep them positional (after
    ``--lang LANG``, if it comes first)."""
    start = 0
    while start < len(argv) and argv[start] != "bmn":
        if argv[start] == "--lang":
            start += 2
        elif argv[start].startswith("--lang="):
            start += 1
        else:
            return argv
    if start >= len(argv) or "--" in argv:
        return argv
    flags: list[str] = []
    hands: list[str] = []
    rest = iter(argv[start + 1:])
    for a in rest:
        if a in ("--json", "-h", "--help") or a.startswith("--lang="):
            flags.append(a)
        elif a == "--lang":
            flags.extend([a, *[v for v in [next(rest, None)] if v is not None]])
        else:
            hands.append(a)
    return [*argv[:start + 1], *flags, "--", *hands]


def environment_languages(environ: Mapping[str, str]) -> list[str]:
    """The languages the environment asks for, best first: those of the first of
    :data:`LANG_VARIABLES` that is set (``LANGUAGE`` lists several: ``fr:de``), as tags
    (``fr_FR.UTF-8`` -> ``fr_FR``). The C and POSIX locales ask for none (English)."""
    for name in LANG_VARIABLES:
        value = environ.get(name, "")
        if value:
            tags = [part.split(".", 1)[0].split("@", 1)[0] for part in value.split(":")]
            return [tag for tag in tags if tag and tag not in ("C", "POSIX")]
    return []


def _language(lang: str) -> str:
    """The language ``--lang`` names: ``fr``, ``fr_FR`` and ``fr-CA`` are French; a tag the
    game does not ship is kept as it is, for :func:`~ratscrew.i18n.load` to refuse."""
    tag = lang.strip()
    if tag in (PSEUDO, PSEUDO_RTL):
        return tag
    found = best([tag])
    if found != "en" or tag.replace("_", "-").split("-", 1)[0].lower() == "en":
        return found
    return tag


def catalogue_for(lang: str | None, environ: Mapping[str, str]) -> Catalogue:
    """The catalogue the command speaks in: ``--lang``'s (a :class:`UsageError` if the game
    does not ship that language or its catalogue is not compiled), else the environment's
    (:func:`environment_languages`) if it is compiled, else English."""
    if lang is not None:
        try:
            return load(_language(lang))
        except CatalogueError as exc:
            raise UsageError(t("--lang: {error}", error=str(exc))) from None
    try:
        return load(best(environment_languages(environ)))
    except CatalogueError:
        return ENGLISH


def _lang_asked(argv: Sequence[str]) -> str | None:
    """The ``--lang`` in ``argv`` (before any ``--``; the last one, as argparse takes it), so
    that even argparse's errors are said in it; None if there is none."""
    found = None
    for i, a in enumerate(argv):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif a.startswith("--lang="):
            found = a.removeprefix("--lang=")
    return found


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if out is None and isinstance(sys.stdout, io.TextIOWrapper):
        # A name the terminal's encoding cannot show is escaped rather than a traceback.
        sys.stdout.reconfigure(errors="backslashreplace")
    stream = out if out is not None else sys.stdout
    asked = _lang_asked(argv)
    try:
        catalogue = catalogue_for(asked, os.environ)
    except UsageError as exc:
        return _fail(str(exc))
    with using(catalogue):
        return _run(_hands_after_dashes(argv), stream, asked)


def _run(argv: list[str], stream: TextIO, asked: str | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.lang is not None and args.lang != asked:  # e.g. abbreviated: --la fr
            use(catalogue_for(args.lang, os.environ))
        if args.command == "simulate":
            if not 1 <= args.games <= 1_000_000:
                raise UsageError(t("--games must be from 1 to 1000000"))
            if args.max_cards < 1:
                raise UsageError(t("--max-cards must be at least 1"))
        code: int = args.run(args, stream)
    except (UsageError, RecordError, VariantError, OptionsError) as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # e.g. `ratscrew rules | head`: the reader has what it wanted
        sys.stdout = None
        return 0
    return code


def _fail(message: str) -> int:
    """The one line (controls escaped, cut to :data:`MESSAGE_MAX`) and exit status 2."""
    # i18n: {message} says what is wrong; "ratscrew" is the command's name.
    print(t("ratscrew: error: {message}", message=visible(_clip(message, MESSAGE_MAX))),
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
