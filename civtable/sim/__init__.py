"""Simulation: playing games between bots, batches, statistics and reports."""

from .batch import BatchResult, simulate
from .report import print_summary, write_json
from .runner import GameResult, load_game_for, play_game, play_out
from .stats import summarise, wilson

__all__ = [
    "BatchResult",
    "GameResult",
    "load_game_for",
    "play_game",
    "play_out",
    "print_summary",
    "simulate",
    "summarise",
    "wilson",
    "write_json",
]
