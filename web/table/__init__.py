"""The table: its core (seats, pile, headline, log, decisions) and, in ``parts``, the pieces
that only some variants have.
"""
