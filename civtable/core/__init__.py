"""The game-independent API: the contract every game keeps (games, states, actions,
events, game info, references, commands), chance, records and the position reader."""

from .action import Action, normalize
from .commands import Command
from .errors import (
    AgentError,
    CivtableError,
    IllegalActionError,
    InvalidStateError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from .events import ROOT, Event, Journal, Viewer
from .game import Game, OptionSpec
from .info import GameInfo
from .messages import N_
from .reader import Reader
from .records import Record, RecordWriter, parse_record, read_record
from .reference import Table
from .registry import game_class, game_ids, load_game, register_game
from .rng import Rng, derive_seed
from .spaces import ActionSpace, Encoding, Feature
from .state import State

__all__ = [
    "ROOT",
    "Action",
    "ActionSpace",
    "AgentError",
    "CivtableError",
    "Encoding",
    "Command",
    "Event",
    "Feature",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidStateError",
    "Journal",
    "N_",
    "OptionError",
    "OptionSpec",
    "Reader",
    "Record",
    "RecordError",
    "RecordWriter",
    "Rng",
    "State",
    "Table",
    "UnknownGameError",
    "Viewer",
    "derive_seed",
    "game_class",
    "game_ids",
    "load_game",
    "normalize",
    "parse_record",
    "read_record",
    "register_game",
]
