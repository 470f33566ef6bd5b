"""The game's declaration as data (``data/game.json``, checked on load): its info and its
options, the rule variants (readings with their rule IDs) and settings."""

from __future__ import annotations

from civtable.core.declare import declaration

DECLARED = declaration(__package__)
INFO = DECLARED.info
OPTION_SPECS = DECLARED.options

_max_take = {s.name: s for s in OPTION_SPECS}["max-take"].maximum
assert _max_take is not None
MOST_TAKE: int = _max_take
"""The largest ``max-take`` there is (the option's maximum)."""
