"""The rules core: cards, the seeded generator, slap rules, options, events, the game
and the variant registry. Names no variant.
"""
