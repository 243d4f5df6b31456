"""The statistics lab: its screen, the runner of its games and its worker.
"""
