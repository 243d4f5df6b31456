"""Slap practice: the drill's screen (its core is :mod:`ratscrew.tools.practice`).
"""
