"""civ-solo's bots: the growth model, a simulated solo player (``growth.py``, the bot
``model``), and a simulated player's battle play (``policy.py``: which card to play,
which tied unit to give up, and ``fight``, a whole battle played out, which the odds of
``analysis/`` read)."""
