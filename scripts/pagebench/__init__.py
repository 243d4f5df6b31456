"""The page benchmarks behind scripts/bench_page.py, one module per section (``--only``):
start, coldtasks, offline, setup_click (``setup``), keys, lab, lighthouse; common holds what
they share. They need Playwright: scripts/bench_page.py makes sure of it (the project's
.venv) before it imports them."""
