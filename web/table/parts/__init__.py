"""The variants' own pieces of the table, one module a variant, found by discovery
(:func:`web.table.part.load_parts`).
"""
