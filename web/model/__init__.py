"""The page's browser-free model: links, saved settings, the key map, the headline's policy,
the session that drives a game, the log's lines and the setup form's options and markup.
Nothing here imports ``js`` or ``pyscript``: CPython tests drive it as the page does.
"""
