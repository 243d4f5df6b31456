"""The catalogues' tools behind scripts/i18n.py: finding the messages, the pseudo-locale."""
