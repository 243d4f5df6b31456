"""Pyodide: only :mod:`pyodide.ffi` and :mod:`pyodide.code` are used by the page."""

__version__: str
