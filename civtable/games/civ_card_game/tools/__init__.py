"""Offline tools for Civilization: The Card Game (not used in play)."""
