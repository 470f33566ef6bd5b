"""Tools that build the shipped Mega Civilization data files."""
