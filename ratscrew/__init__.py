"""Ratscrew: a rules engine for Egyptian Rat Screw and its family of games.

Pure Python, standard library only: it runs the same on CPython and in the browser (Pyodide).

- :mod:`ratscrew.core`: cards, the seeded generator, slap rules, options, events, the game;
- :mod:`ratscrew.variants`: the games, one module each, found by discovery;
- :mod:`ratscrew.play`: bots, matches and game records;
- :mod:`ratscrew.tools`: the statistics lab, the slap-practice drill, the Beggar-My-Neighbour
  analyser and the audit;
- :mod:`ratscrew.cli`: the command line (``python -m ratscrew``).
"""

__version__ = "0.1.0"
