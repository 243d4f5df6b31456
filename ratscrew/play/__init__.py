"""Playing games: human-like bots, the match driver on a virtual or real clock, and game
records that replay to the identical game.
"""
