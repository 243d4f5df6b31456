"""The table's core pieces, each with the build/update lifecycle of :class:`web.table.piece.Piece`:
the seats, the pile, a person's choice, the log and the headline, and their styles."""
