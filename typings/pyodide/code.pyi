"""The part of Pyodide's ``pyodide.code`` the page uses."""

from typing import Any

def run_js(code: str, /) -> Any: ...
