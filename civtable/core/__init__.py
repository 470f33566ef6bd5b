"""The game-independent API: games, states, actions, chance, records."""

from .action import Action, normalize
from .errors import (
    AgentError,
    CivtableError,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from .game import Game, OptionSpec
from .records import Record, RecordWriter, parse_record, read_record
from .registry import game_class, game_ids, load_game
from .rng import Rng, derive_seed
from .state import State

__all__ = [
    "Action",
    "AgentError",
    "CivtableError",
    "Game",
    "IllegalActionError",
    "InvalidStateError",
    "OptionError",
    "OptionSpec",
    "Record",
    "RecordError",
    "RecordWriter",
    "Rng",
    "State",
    "UnknownGameError",
    "derive_seed",
    "game_class",
    "game_ids",
    "load_game",
    "normalize",
    "parse_record",
    "read_record",
]
