"""The statistics lab's Web Worker: PyScript runs this file in a Pyodide of its own (see
:class:`web.tools.lab.run.WorkerGames`), so thousands of games never block the page.

The worker's config is the page's (``pyscript.toml``: the same self-hosted Pyodide and our
Python from ``app.zip``). It only exposes :mod:`web.tools.lab.runner`'s four calls through
``pyscript.sync``; the page calls them asynchronously (plain messages: no SharedArrayBuffer,
so no special HTTP headers) and decides between two steps whether to go on or stop.
"""

import os
import sys

if os.path.isfile("app.zip"):  # the built site: our modules, compiled, in one zip
    sys.path.insert(0, os.path.abspath("app.zip"))

from pyscript import sync

from web.tools.lab import runner as lab_runner

sync.lab_language = lab_runner.language
sync.lab_start = lab_runner.start
sync.lab_step = lab_runner.step
sync.lab_outcome = lab_runner.outcome
sync.lab_ping = lambda: "ready"
