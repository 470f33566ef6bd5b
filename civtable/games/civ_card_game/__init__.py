"""Civilization: The Card Game (CCG-1 to CCG-9), for 2 to 4 players."""
