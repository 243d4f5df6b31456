"""The rules core: cards, the seeded generator, slap rules, options, events, the game (its
state and parts: the pile, the challenge, the penalties; the engine; what variant hooks see of
it) and the variant registry. Names no variant.
"""
