"""The command line: ``python -m ratscrew`` (or ``ratscrew`` once installed).

Commands: ``bmn`` analyses Beggar-My-Neighbour deals, ``simulate`` plays all-bot games,
``replay`` replays a game record, ``rules`` lists variants, options and slap rules.
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
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from ratscrew import __version__
from ratscrew.core.engine import Game
from ratscrew.core.events import seat_name
from ratscrew.core.options import OPTION_SPECS, OptionsError, Rules
from ratscrew.core.rng import MAX_SEED, seed_from_text
from ratscrew.core.safe_json import JSONError, JSONLimitError
from ratscrew.core.safe_json import loads as json_loads
from ratscrew.core.slaps import SLAP_RULES
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


def _whole(text: str) -> int:
    """An argparse type: a whole number of at most :data:`NUMBER_MAX_DIGITS` digits, checked
    before it is converted."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{_clip(text)!r} is not a whole number")
    if len(digits) > NUMBER_MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{_clip(text)!r} has {len(digits)} digits (at most {NUMBER_MAX_DIGITS})"
        )
    return int(text)


def _seed(text: str) -> int:
    """``--seed``: checked before :func:`~ratscrew.core.rng.seed_from_text` reads it (text that is
    not UTF-8, or a number too long to be a seed, is refused)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"--seed {_clip(text)!r} is not valid text (it holds bytes that are "
                         "not UTF-8)") from None
    digits = text.strip()
    if digits.isascii() and digits.isdecimal() and len(digits) > SEED_MAX_DIGITS:
        raise UsageError(f"--seed {_clip(digits)} has {len(digits)} digits: a number seed is "
                         f"from 0 to {MAX_SEED}")
    return seed_from_text(text)


def _parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``--option name=value`` pairs; values are JSON when they parse as JSON, else text. A
    value over the size, nesting or digit limits is refused either way."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(f"--option takes name=value, not {_clip(item)!r}")
        try:
            value: Any = json_loads(raw, max_chars=OPTION_MAX_CHARS,
                                    max_depth=OPTION_MAX_DEPTH, max_digits=OPTION_MAX_DIGITS)
        except JSONLimitError as exc:
            raise UsageError(f"--option {_clip(name)}: {exc}") from None
        except JSONError:
            value = raw
        out[name] = value
    return out


def _check_record_path(path: str) -> None:
    """Refuse a ``--record`` file that cannot be written, before any game is played."""
    if not path:
        raise UsageError("--record needs a file name")
    if "\0" in path:
        raise UsageError(f"cannot write the record to {path!r}: a file name cannot hold a NUL "
                         "character")
    where = f"cannot write the record to {path}"
    if os.path.isdir(path):
        raise UsageError(f"{where}: it is a folder")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{where}: the folder {folder} does not exist")
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise UsageError(f"{where}: permission denied")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{where}: the folder {folder} is not writable")


def _write_record(path: str, text: str) -> None:
    """Write ``text`` to ``path``; if that fails part way, remove what was written."""
    where = f"cannot write the record to {path}"
    try:
        fh = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed below, errors apart)
    except OSError as exc:
        raise UsageError(f"{where}: {exc.strerror or exc}") from None
    try:
        with fh:
            fh.write(text)
    except OSError as exc:
        if os.path.isfile(path):  # never a device such as /dev/full
            with contextlib.suppress(OSError):
                os.remove(path)
        raise UsageError(f"{where}: {exc.strerror or exc}") from None


def cmd_bmn(args: argparse.Namespace, out: TextIO) -> int:
    if args.hands:
        if len(args.hands) != 2:
            raise UsageError("bmn takes two hands (player 1 and player 2), or none to read "
                             "deals from standard input")
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
            raise UsageError("standard input is not text (UTF-8)") from None
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            p1, p2 = parse_deal_line(line)
            result = analyse(p1, p2)
        except BmnError as exc:
            print(visible(_clip(f"line {number}: {exc}", MESSAGE_MAX)), file=sys.stderr)
            print(_json({"error": str(exc)}) if args.json else visible(f"error: {exc}"),
                  file=out)
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
        raise UsageError(f"--option: {exc}") from None
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
    print(f"{variant.title}: {data['games']} games, {data['players']} players, "
          f"{data['difficulty']} bots, seed {seed}", file=out)
    print(f"cards played: {data['cards_played']} ({data['mean_cards_per_game']} a game, "
          f"about {data['mean_minutes_per_game']} minutes at the table)", file=out)
    wins = ", ".join(f"{seat_name(s)} {w}" for s, w in enumerate(data["wins"]))
    print(f"wins: {wins}", file=out)
    print(f"loops: {data['loops']}, capped: {data['capped']}, slaps: {data['slaps_right']} "
          f"right, {data['slaps_wrong']} wrong", file=out)
    if args.record is not None:
        print(visible(f"record of game 1 written to {args.record}"), file=out)
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
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    except ValueError:  # UnicodeDecodeError, or a NUL in the file name
        name = "standard input" if args.file == "-" else args.file
        raise UsageError(f"{name} is not a text file") from None
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
    for e in game.events:
        print(visible(f"{e.t / 1000:9.3f}s  {e.explain(names)}"), file=out)
    print(file=out)
    for seat, hand in enumerate(state["hands"]):
        print(visible(f"{seat_name(seat, names)}: {len(hand)} cards: {' '.join(hand) or '-'}"),
              file=out)
    print(f"pile: {' '.join(state['pile']) or '-'}", file=out)
    winner = state["winner"]
    print(visible(f"winner: {seat_name(winner, names) if winner is not None else 'none'} "
                  f"({state['status']})"), file=out)
    return 0


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
                "title": v.title,
                "summary": v.summary,
                "players": [v.min_players, v.max_players],
                "options": v.rules.diff(Rules()),
                "slaps_title": v.slaps_title,
            }
            for v in variants
        ],
        "options": [
            {
                "name": spec.name,
                "description": spec.description,
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
                "title": one.slap_title(r.name, r.title) if one else r.title,
                "description": r.description,
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
    return ", ".join(
        f"{_show(v)} with {lo if lo == hi else f'{lo}-{hi}'} players" for lo, hi, v in runs
    )


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(value) or "none"
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
    print("Variants:", file=out)
    for v in data["variants"]:
        aliases = f" (also: {', '.join(v['aliases'])})" if v["aliases"] else ""
        lo, hi = v["players"]
        print(f"  {v['name']}{aliases}: {v['title']}, {lo}-{hi} players", file=out)
        print(f"      {v['summary']}", file=out)
    title = f"Options (defaults for {args.variant})" if args.variant else "Options (defaults)"
    print(f"\n{title}:", file=out)
    for o in data["options"]:
        note = ""
        if "by_players" in o:
            note = "; " + _by_players(o["by_players"])
        print(f"  {o['name']} = {_show(o['default'])}{note}", file=out)
        print(f"      {o['description']}", file=out)
    heading = data["variants"][0]["slaps_title"] if args.variant else "Slap rules"
    print(f"\n{heading} (* in play by default):", file=out)
    for r in data["slaps"]:
        mark = "*" if r["in_play"] else " "
        title = f" ({r['title']})" if r["title"] != SLAP_RULES[r["name"]].title else ""
        print(f"  {mark} {r['name']}{title}: {r['description']} Example: {r['examples'][0]}",
              file=out)
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors as this command's one-line messages (no usage block)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ratscrew",
        description="Egyptian Rat Screw and its family: simulate games, analyse "
        "Beggar-My-Neighbour deals, replay game records.",
    )
    parser.add_argument("--version", action="version", version=f"ratscrew {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("bmn", help="analyse a two-player Beggar-My-Neighbour deal",
                       description="Analyse a Beggar-My-Neighbour deal. Hands are written top "
                       "card first, in Mann's notation (- for a number card, J Q K A) or in "
                       "full ranks (2-10, J, Q, K, A; 10 is one card). With no hands, read one "
                       "deal per line from standard input: 'P1 P2' (or 'P1 / P2').")
    p.add_argument("hands", nargs="*", metavar="HAND")
    p.add_argument("--json", action="store_true", help="print JSON objects")
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
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("replay", help="replay a game record and show what happened")
    p.add_argument("file", metavar="FILE", help="a record (JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print events and final state as JSON")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("rules", help="list variants, options and slap rules")
    p.add_argument("--variant", help="show this variant's defaults")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_rules)
    return parser


def _hands_after_dashes(argv: list[str]) -> list[str]:
    """``bmn -----A-- ---J---`` would read the hands as options: keep them positional."""
    if not argv or argv[0] != "bmn" or "--" in argv:
        return argv
    flags = [a for a in argv[1:] if a in ("--json", "-h", "--help")]
    hands = [a for a in argv[1:] if a not in flags]
    return ["bmn", *flags, "--", *hands]


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    argv = _hands_after_dashes(list(sys.argv[1:] if argv is None else argv))
    if out is None and isinstance(sys.stdout, io.TextIOWrapper):
        # A name the terminal's encoding cannot show is escaped rather than a traceback.
        sys.stdout.reconfigure(errors="backslashreplace")
    stream = out if out is not None else sys.stdout
    try:
        args = build_parser().parse_args(argv)
        if args.command == "simulate":
            if not 1 <= args.games <= 1_000_000:
                raise UsageError("--games must be from 1 to 1000000")
            if args.max_cards < 1:
                raise UsageError("--max-cards must be at least 1")
        code: int = args.run(args, stream)
    except (UsageError, RecordError, VariantError, OptionsError) as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # e.g. `ratscrew rules | head`: the reader has what it wanted
        sys.stdout = None
        return 0
    return code


def _fail(message: str) -> int:
    """The one line (controls escaped, cut to :data:`MESSAGE_MAX`) and exit status 2."""
    print(f"ratscrew: error: {visible(_clip(message, MESSAGE_MAX))}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
