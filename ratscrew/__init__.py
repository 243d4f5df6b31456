"""Ratscrew: a rules engine for Egyptian Rat Screw and its family of games.

Pure Python, standard library only: it runs the same on CPython and in the browser (Pyodide).
"""

__version__ = "0.1.0"

# The variants built on the engine's extension points register themselves on import.
from . import firefighters, kurs, slae  # noqa: F401
