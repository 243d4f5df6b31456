"""Slap practice: the drill's screen, its link and its best scores (the drill itself is
:mod:`ratscrew.tools.practice`).
"""
