"""The solo automa v0.4 for Sid Meier's Civilization: The Board Game (civ-solo)."""
