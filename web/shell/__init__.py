"""The page's shell: which screen is shown, notices, dialogs, files and keys, and the
controllers that the table and the tools talk to.
"""
