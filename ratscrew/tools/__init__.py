"""Tools built on the engine: the statistics lab, the slap-practice drill, the
Beggar-My-Neighbour analyser and the invariant audit.
"""
