"""The rule variants of the solo automa: one option per ambiguity named in
``rules/civ_boardgame_solo.md`` (readings A, B, ... with the specification's
default), plus how dice are rolled and which data files are read; and ``Rules``,
the same options as attributes for the rules' hot path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from civtable.core.declare import declaration
from civtable.core.game import OptionSpec

AB = ("A", "B")


DECLARED = declaration(__package__)
"""The game's info and its rule variants and settings, as data (``data/game.json``)."""
OPTIONS: tuple[OptionSpec, ...] = DECLARED.options


def attribute(name: str) -> str:
    """``last-turn`` -> ``last_turn``: an option's name as a ``Rules`` attribute."""
    return name.replace("-", "_")


class Rules:
    """The game's options as attributes (``rules.loss_choice == "A"``), built once per
    game: the rules read them on every step, faster than the options mapping."""

    __slots__ = ("players", "dice", "civ_set", "map_layout", "end_marker_piece", "track_start", "last_turn",
                 "turn_start_order", "loss_choice", "loss_none", "debt_type", "culture_event_effects", "random_unit",
                 "half_rounding", "army_loss", "battle_after_last_turn", "opponent_composition", "battle_level_turn",
                 "opponent_unit_rank", "strongest_tie", "stacked_battles", "trade_value_direction", "one_and_two",
                 "resource_ability_term", "failure_roll_scope", "cancel_cards", "wonder_replacement", "battle_tie",
                 "tables", "dice_table")

    players: int
    dice: str
    civ_set: str
    map_layout: str
    end_marker_piece: str
    track_start: str
    last_turn: str
    turn_start_order: str
    loss_choice: str
    loss_none: str
    debt_type: str
    culture_event_effects: str
    random_unit: str
    half_rounding: str
    army_loss: str
    battle_after_last_turn: str
    opponent_composition: str
    battle_level_turn: str
    opponent_unit_rank: str
    strongest_tie: str
    stacked_battles: str
    trade_value_direction: str
    one_and_two: str
    resource_ability_term: str
    failure_roll_scope: str
    cancel_cards: str
    wonder_replacement: str
    battle_tie: str
    tables: str
    dice_table: bool
    """``dice=table``: every die is a question to the person."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        for name, value in options.items():
            setattr(self, attribute(name), value)
        self.dice_table = options["dice"] == "table"

