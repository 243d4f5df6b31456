"""PyScript's module, as far as the page uses it (the browser's globals)."""

from typing import Any

document: Any
"""The page's ``document``."""
window: Any
"""The browser's ``globalThis`` (``window``)."""
sync: Any
"""In a worker: what the worker exposes to the page (``sync.name = function``)."""

def PyWorker(url: str, **options: Any) -> Any:
    """A Web Worker running the Python file at ``url`` (``type="pyodide"``, ``config=...``)."""
