"""Phones as seats: the host's side of the table's phones."""
