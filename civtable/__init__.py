"""civtable: play, simulate and analyse civilization-building tabletop games.

    >>> import civtable
    >>> game = civtable.load_game("catan-deckbuilding", start_player=0)
    >>> state = game.new_state(seed=1)
    >>> state.to_move()
    (0,)
"""

from . import _compiled
from ._version import __version__

_compiled.choose()  # the compiled build of the hot modules, or their Python source (setup.py)

from .core import (  # noqa: E402
    Action,
    CivtableError,
    Game,
    IllegalActionError,
    InvalidStateError,
    Record,
    State,
    load_game,
    read_record,
)

__all__ = [
    "Action",
    "CivtableError",
    "Game",
    "IllegalActionError",
    "InvalidStateError",
    "Record",
    "State",
    "__version__",
    "load_game",
    "read_record",
]
