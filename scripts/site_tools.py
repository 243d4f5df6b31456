"""The site's build, by its old name: ``python3 scripts/site_tools.py COMMAND`` (npm-ci,
copy-runtime, build, serve), and every public name of scripts/sitebuild/, where
the build lives, for code that imports ``site_tools``."""

from __future__ import annotations

import sys

from sitebuild import *  # noqa: F403
from sitebuild import __all__ as __all__

if __name__ == "__main__":
    main(sys.argv)  # noqa: F405
