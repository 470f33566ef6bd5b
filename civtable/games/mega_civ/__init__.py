"""Mega Civilization (5-18 players); so far the map layer (board.py)."""
