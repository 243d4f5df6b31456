"""``python -m ratscrew``: the command line (:mod:`ratscrew.cli`)."""

import sys

from ratscrew.cli import main

if __name__ == "__main__":
    sys.exit(main())
