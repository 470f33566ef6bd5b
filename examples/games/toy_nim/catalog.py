"""The game's data: the numbers its rules are made of. (A real game's catalog reads its
cards, map and tables, often from ``data/*.json``, into value objects here.)"""

from __future__ import annotations

PILE_LEAST = 8
"""The pile starts with ``PILE_LEAST`` counters plus a draw below ``PILE_SPREAD``."""
PILE_SPREAD = 8
CARD_VALUES = 3
"""A hidden card is worth 0, 1 or 2 points."""
HIGH_CARD = CARD_VALUES - 1
LAST_TAKE_POINTS = 2
"""What taking the last counter scores."""
GROWTH_ODDS = 4
"""After a take that leaves counters, the pile grows by one with probability 1/GROWTH_ODDS."""
MAX_BID = 2
"""Bids (``opening=bid``) are 0 to ``MAX_BID`` points."""
PLAYERS = (0, 1)
