"""The page's own Python: browser-free logic (keys, links, settings) and the entry point."""
