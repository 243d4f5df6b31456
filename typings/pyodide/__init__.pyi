"""Pyodide: only :mod:`pyodide.ffi` is used by the page."""

__version__: str
