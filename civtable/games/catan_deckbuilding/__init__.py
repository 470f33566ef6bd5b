"""Siedler von Catan: Deck Building (CDB-), a two-player deck-builder."""
