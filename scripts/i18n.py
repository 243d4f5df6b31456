#!/usr/bin/env python3
"""The catalogues: extract the messages, report what a language lacks, compile for the game.

    python scripts/i18n.py extract       # the template (ratscrew.pot) from the code, and
                                         # every .po file brought up to date with it
    python scripts/i18n.py check [LANG]  # what each language (or LANG) lacks: untranslated
                                         # or fuzzy messages, placeholders that differ
    python scripts/i18n.py compile       # every .po to ratscrew/i18n/compiled/<lang>.json,
                                         # and the pseudo-locales (scripts/build runs this)
    python scripts/i18n.py new LANG      # a new language's .po file, from the template

The messages come from the Python (``t``, ``tn``, ``tc``, ``msg``, ``msg_n``, ``N_``), the
JavaScript (``t``, ``tn``, ``tc``), the pages' marked elements (``data-t``) and the lessons'
texts. Babel reads and writes the ``.po`` files and knows each language's CLDR data
(plural categories, number symbols, list patterns), which the compiled catalogue carries.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogues.po import check, compile_all, extract, languages, new  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    x = sub.add_parser("extract")
    x.add_argument("--template-only", action="store_true",
                   help="write the template only, leaving the languages' files as they are")
    sub.add_parser("compile")
    c = sub.add_parser("check")
    c.add_argument("lang", nargs="*")
    n = sub.add_parser("new")
    n.add_argument("lang")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract(args.template_only)
    elif args.command == "compile":
        compile_all()
    elif args.command == "check":
        return check(args.lang or languages())
    else:
        new(args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
