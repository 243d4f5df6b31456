"""The statistics lab: its screen (form, runs, results and charts), the runner of its games and
its worker.
"""
