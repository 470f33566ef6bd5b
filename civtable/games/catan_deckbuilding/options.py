"""The rule variants of Catan Deck Building: one option per ambiguity named in
``rules/catan_deckbuilding.md``, with the specification's default, and the
``Rules`` flags that the rules read on the hot path."""

from __future__ import annotations

from typing import Any

from civtable.core.declare import declaration
from civtable.core.game import OptionSpec

from .catalog import CardData

AB = ("A", "B")

DECLARED = declaration(__package__)
"""The game's info and its rule variants and settings, as data (``data/game.json``)."""
OPTIONS: tuple[OptionSpec, ...] = DECLARED.options


class Rules:
    """The options of one game as flags, read on the hot path."""

    __slots__ = (
        "options", "cards", "cost", "cost_sum", "reflect_cancels_draw", "reflect_bonus_draw", "counter_mode",
        "reaction_cleanup_now", "discard_from_draw", "harbor_counts_laid", "road_sea",
        "roads_whole_turn", "no_settlement_for_city", "discard_public", "trade_wild",
        "reshuffle_together", "win_any_time", "max_turns", "to_win", "supply", "buy_cache",
    )

    def __init__(self, options: dict[str, Any], cards: CardData) -> None:
        self.options = options
        self.cards = cards
        self.cost = cards.cost
        self.cost_sum = tuple(sum(c) for c in cards.cost)
        self.reflect_cancels_draw = options["reflect-attacker-draw"] == "B"
        self.reflect_bonus_draw = options["reflect-effect"] == "B"
        self.counter_mode = "ABC".index(options["counter-knight"])
        self.reaction_cleanup_now = options["reaction-card-cleanup"] == "A"
        self.discard_from_draw = options["discard-source"] == "B"
        self.harbor_counts_laid = options["harbor-count-zone"] == "B"
        self.road_sea = options["road-sea"] == "B"
        self.roads_whole_turn = options["road-grouping"] == "B"
        self.no_settlement_for_city = options["settlement-for-city"] == "B"
        self.discard_public = options["discard-visibility"] == "A"
        self.trade_wild = options["trade-inputs"] == "B"
        self.reshuffle_together = options["reshuffle"] == "B"
        self.win_any_time = options["win-timing"] == "A"
        self.max_turns = options["max-turns"]
        self.to_win = cards.cities_to_win
        self.supply = cards.supply_pre_revision if options["supply-total"] == "B" else cards.supply
        self.buy_cache: dict[int, tuple[int, ...]] = {}
        """What each pool pays for (``rules.main.affordable``), remembered by pool (``rules.main.pool_key``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it is made of (a compiled ``Rules``, ``setup.py``, is only made
        by its ``__init__``)."""
        return (Rules, (self.options, self.cards))
