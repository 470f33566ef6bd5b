"""The rule variants of the solo automa: one option per ambiguity named in
``rules/civ_boardgame_solo.md`` (readings A, B, ... with the specification's
default), plus how dice are rolled and which data files are read; and ``Rules``,
the same options as attributes for the rules' hot path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from civtable.core.game import OptionSpec

AB = ("A", "B")


def _ab(name: str, rule: str, help: str, a: str, b: str, default: str = "A") -> OptionSpec:
    return OptionSpec(name, default, help, choices=AB, rule=rule, readings={"A": a, "B": b})


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("dice", "engine", "who rolls: engine (the companion rolls with its seeded generator) or table "
               "(you roll real dice and type each result, e.g. 'die 5')", choices=("engine", "table"), rule="SOLO-1.3",
               readings={"engine": "the state's seeded generator rolls every die",
                         "table": "every die is a question: 'die 1' .. 'die 6' ('miss' ends an event roll "
                                  "without a 5 or 6); shuffles and random picks stay with the engine"}),
    OptionSpec("civ-set", "base", "the civilizations SOLO-1.1 draws from: base (6) or all (with the expansions)",
               choices=("base", "all"), rule="SOLO-1.1"),
    _ab("map-layout", "SOLO-1.2", "the solo map: A the layout as data (none is shipped: the companion says so); "
        "B the base game's two-player layout", "a map layout supplied as data", "the base game's two-player layout"),
    _ab("end-marker-piece", "SOLO-1.6", "the end marker on space 16: A a wound marker; B a second culture level "
        "marker (same behaviour)", "a wound marker (translation)", "a second culture level marker (original)"),
    _ab("track-start", "SOLO-1.6", "A the counter starts before space 1 (space n in turn n, 16 turns); B the start "
        "square is space 1 (the counter reaches space 16 in turn 15)",
        "the counter starts before space 1", "the start square is space 1"),
    _ab("last-turn", "SOLO-2.3", "A the last turn is played in full, lost if not won by its end; B lost as soon as "
        "the counter moves onto the end marker (one turn fewer)",
        "the last turn is played in full", "the game ends when the counter reaches the marker"),
    _ab("turn-start-order", "SOLO-3.5", "A the automa's turn start (SOLO-3.1-3.5), then the wonder change, then "
        "the base game's start of turn; B the base game's start of turn first",
        "automa first", "base game's start of turn first"),
    _ab("loss-choice", "SOLO-4.1.2", "who picks the great person, building/wonder or resource token lost: "
        "A the player; B at random", "the player chooses", "at random"),
    _ab("loss-none", "SOLO-4.1.2", "losing a great person or building you do not have: A nothing happens; "
        "B one wound marker instead", "nothing happens", "take one wound marker instead"),
    _ab("debt-type", "SOLO-4.1.5", "wound-marker debt: A per token type, paid only by gains of that type; "
        "B one shared debt paid by any token gain", "debt per token type", "one shared debt"),
    _ab("culture-event-effects", "SOLO-4.2.2", "Drought, Deforestation, Anarchy: A the base-game card as if an "
        "opponent played it against you (effects from data); B unknown, the companion only names them",
        "base-game card effects from data", "named only; effect not defined"),
    _ab("random-unit", "SOLO-4.2.2", "loss of a random unit: A a unit card; B an army figure",
        "one of your unit cards at random", "one of your army figures at random"),
    OptionSpec("half-rounding", "A", "halved combat bonus in a military event: A round down; B round up; "
               "C keep halves", choices=("A", "B", "C"), rule="SOLO-4.3.4",
               readings={"A": "round down", "B": "round up", "C": "keep halves"}),
    _ab("army-loss", "SOLO-4.3.6", "a failed military event costs A one army figure in total; B one army figure "
        "per unit lost", "one army figure in total", "one army figure per unit lost"),
    _ab("battle-after-last-turn", "SOLO-4.4.3", "a 6 rolled in the last turn: A no battle; B fought at the end "
        "of that turn's movement phase", "no battle", "fight it at the end of the last turn"),
    _ab("opponent-composition", "SOLO-4.4.4", "the opponent's units: A two infantry, two cavalry, two artillery; "
        "B two infantry, one cavalry, one artillery (plus aircraft at levels 3 and 4)",
        "two of each type", "two infantry, one cavalry, one artillery"),
    _ab("battle-level-turn", "SOLO-4.4.4", "the opponent's military level and card limit come from the table row "
        "of A the turn the 6 was rolled; B the turn the battle is fought",
        "the turn of the roll", "the turn of the battle"),
    _ab("opponent-unit-rank", "SOLO-4.4.4", "the opponent's unit rank: A its military level; B rank I",
        "rank = military level", "rank I always"),
    _ab("strongest-tie", "SOLO-4.4.7", "equally strong units the opponent could destroy: A the player chooses; "
        "B at random", "the player chooses", "at random", default="B"),
    _ab("stacked-battles", "SOLO-4.4.9", "a further 6 while a battle is pending: A each battle is fought "
        "separately; B only one battle per turn (a 6 rolled while a battle is pending adds none)",
        "each battle separately", "only one battle"),
    _ab("trade-value-direction", "SOLO-5.3", "A the sell value of what you give must reach the buy value of what "
        "you get; B literal: the buy value of what you get must be at least the sell value of what you give",
        "you give at least the value you get", "you get at least the value you give"),
    _ab("one-and-two", "SOLO-6.2", "the failure roll fails on doubles or A a 1 and a 2 (8/36); B any 1 or 2 "
        "(24/36)", "one die 1 and the other 2", "at least one die shows 1 or 2"),
    _ab("resource-ability-term", "SOLO-6.2", "the failure roll covers A the base game's resource abilities; "
        "B any ability paid for with resources (the companion's check is the same roll)",
        "the base game's resource abilities", "any ability paid with resources"),
    _ab("failure-roll-scope", "SOLO-6.2", "the failure roll applies A to every use of a culture event card, "
        "including cancelling events and reducing a military event; B only to printed effects",
        "every use", "printed effects only"),
    _ab("cancel-cards", "SOLO-6.3", "A any culture event card cancels events 1-2 and the destructive cards of "
        "SOLO-6.3 cancel any event; B only SOLO-6.3 cards (and cards like Primetime TV) cancel, and only events 1-2",
        "literal: any card for 1-2, SOLO-6.3 cards for all", "SOLO-6.3 cards, events 1-2 only"),
    _ab("wonder-replacement", "SOLO-7.2", "at turns 8 and 13: A one new-era wonder for each one removed; "
        "B refill the market to its base-game size", "one for one", "refill to base-game size"),
    OptionSpec("battle-tie", "player", "who wins a battle with equal totals (base game: the defender, i.e. you)",
               choices=("player", "opponent"), rule="SOLO-4.4.6"),
    OptionSpec("tables", "", "a tables file to use instead of the package's data/tables.json (same format)",
               rule="SOLO-8.1", file=True),
)


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

