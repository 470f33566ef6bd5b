"""Mega Civilization (5-18 players on a map of areas)."""
