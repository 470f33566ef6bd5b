"""What a game is, declared as data (OpenSpiel's ``GameType``): front ends, the
contract-test kit and the command line read it instead of probing the game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """The facts about a game that do not depend on its options.

    ``simultaneous``: some step has several players decide at once (``to_move()``
    lists more than one player), each without seeing the others' choices.
    ``reactions``: a player may have to decide during another player's turn.
    ``hidden_information``: some player may not see everything (hands, deck orders,
    hidden choices). ``chance``: the state's generator decides something.
    ``rules`` names the rule document (``../shared/rules/<rules>``) whose rule IDs
    start with ``rule_prefix``; ``language`` is the language of the original
    document (its terms are the game's own words in translations).
    ``command_group``: the word under which the game's own commands appear on the
    command line (``civtable solo odds``), empty when it has none.
    ``reported_result``: the result is what a person reports of a physical game (the
    civ-solo companion asks who won at the board): no rule checks it, so the game has no
    learning environment (a learner's claim is no result) and its ``returns()`` mean
    nothing to a simulation.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    simultaneous: bool
    reactions: bool
    hidden_information: bool
    chance: bool
    rules: str
    rule_prefix: str
    language: str
    summary: str
    players_rule: str = ""
    command_group: str = ""
    reported_result: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.default_players <= self.max_players:
            raise ValueError(f"{self.id}: player counts must satisfy 1 <= min <= default <= max")
        if not self.id or self.id != self.id.strip().lower() or " " in self.id:
            raise ValueError(f"game id {self.id!r} must be lower case without spaces")

    @property
    def player_range(self) -> str:
        """``"2"`` or ``"2-4"``."""
        lo, hi = self.min_players, self.max_players
        return str(lo) if lo == hi else f"{lo}-{hi}"
