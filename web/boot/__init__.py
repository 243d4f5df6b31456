"""What boots the page: the loader (web/boot/loader.js), the service worker, Pyodide's start
and its snapshot's worker, the setup form's script before Python, and PyScript's entry point
(main.py).
"""
