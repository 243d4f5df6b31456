"""The Beggar-My-Neighbour lab: its screen and its famous deals.
"""
