"""The teaching tools: slap practice, the statistics lab and the Beggar-My-Neighbour lab.
"""
