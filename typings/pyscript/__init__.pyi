"""PyScript's module, as far as the page uses it (the browser's globals)."""

from typing import Any

document: Any
"""The page's ``document``."""
window: Any
"""The browser's ``globalThis`` (``window``)."""
