"""The game's options: its rule variants (with their rule IDs) and settings."""

from __future__ import annotations

from civtable.core.game import OptionSpec

from .catalog import MOST_TAKE

OPTION_SPECS = (
    OptionSpec("max-take", 3, "most counters one take may remove", minimum=1, maximum=MOST_TAKE, rule="TOY-1"),
    OptionSpec("opening", "chance", "how the first player is chosen", choices=("chance", "bid"), rule="TOY-2",
               readings={"chance": "chance picks", "bid": "simultaneous bids"}),
    OptionSpec("start-player", None, "who moves first (none: chance)", minimum=0, maximum=1),
)
