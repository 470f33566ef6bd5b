"""A game's own commands on the command line (``civtable solo odds``): the game
declares them, the command line adds them under ``GameInfo.command_group``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """``configure`` adds the command's arguments to its parser; ``run`` does the work
    and returns the exit code (bad input raises ``CivtableError``, as everywhere)."""

    name: str
    help: str
    description: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
