"""The rule variants of Catan Deck Building: one option per ambiguity named in
``rules/catan_deckbuilding.md``, with the specification's default, and the
``Rules`` flags that the rules read on the hot path."""

from __future__ import annotations

from typing import Any

from civtable.core.game import OptionSpec

from .catalog import CardData

AB = ("A", "B")

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("start-player", None, "seat that takes the first turn; random when not given",
               minimum=0, maximum=1, rule="CDB-6.2",
               readings={"A": "the start player is this option", "B": "random when it is not given"}),
    OptionSpec("supply-total", "A", "supply size: A 43 cards as the rows say; B 54 cards, the stacks before the designers' revision (Road 18, Settlement 12, City 12)",
               choices=AB, rule="CDB-5.4"),
    OptionSpec("reflect-attacker-draw", "A", "a reflected attack: A the attacker still draws his +1 card; B the whole card is cancelled",
               choices=AB, rule="CDB-3.2.5"),
    OptionSpec("reflect-effect", "A", "the reflecting player: A carries out only the attack; B also gets the attack card's +1 card",
               choices=AB, rule="CDB-3.2.5"),
    OptionSpec("counter-knight", "A", "a counter-reflecting Knight (Defensive): A laid down, owner draws 1; B laid down, no draw; C only shown, stays in hand",
               choices=("A", "B", "C"), rule="CDB-3.2.3"),
    OptionSpec("reaction-card-cleanup", "B", "a Knight (Defensive) laid down in the opponent's turn goes to the discard pile: A at the end of that turn; B at its owner's own next clean-up",
               choices=AB, rule="CDB-3.2.5"),
    OptionSpec("discard-source", "A", "the 2 cards a Knight (Offensive) makes the opponent discard: A from his hand; B from his hand or the top of his draw pile",
               choices=AB, rule="CDB-3.3.2"),
    OptionSpec("harbor-count-zone", "A", "Seas and Roads a Harbor counts: A those in hand; B also those laid down this turn",
               choices=AB, rule="CDB-3.4.2"),
    OptionSpec("road-sea", "A", "the '1 Sea' of played Roads: A only the Harbor rule; B each Road play gives an extra Sea for later Harbors this turn",
               choices=AB, rule="CDB-3.5.2"),
    OptionSpec("road-grouping", "A", "Roads that combine: A those laid down in one action; B all Roads played in the turn",
               choices=AB, rule="CDB-3.5.2"),
    OptionSpec("settlement-for-city", "A", "buying a City: A another played Settlement's resources may pay for it; B no Settlement's resources may",
               choices=AB, rule="CDB-3.6.4"),
    OptionSpec("discard-visibility", "A", "discard piles: A face up and public; B only the top card is visible",
               choices=AB, rule="CDB-4.4"),
    OptionSpec("exceptions", "A", "the exceptions to 'cards are used once' (CDB-7.2): A those of the card rules; reading B (others in the missing videos) cannot be implemented",
               choices=("A",), rule="CDB-7.2"),
    OptionSpec("trade-inputs", "A", "2-for-1 trading: A only resource cards; B also resources of Settlements, Cities and Roads (never better than spending them directly, since those resources are of your choice)",
               choices=AB, rule="CDB-7.6"),
    OptionSpec("reshuffle", "A", "an empty draw pile: A draw the rest, shuffle the discard pile and go on; B shuffle the discard pile together with the remaining draw pile",
               choices=AB, rule="CDB-8.5"),
    OptionSpec("win-timing", "A", "three Cities in hand win: A at any moment of the player's own turn; B only at the start of his turn",
               choices=AB, rule="CDB-9.1"),
    OptionSpec("max-turns", 300, "turn cap: the game is a draw when this many turns have been played", minimum=1, rule="CDB-9.1"),
    OptionSpec("cards", "", "a card data file to use instead of the package's (same format as data/cards.json)",
               rule="CDB-5.4", file=True),
)


class Rules:
    """The options of one game as flags, read on the hot path."""

    __slots__ = (
        "cards", "cost", "cost_sum", "reflect_cancels_draw", "reflect_bonus_draw", "counter_mode",
        "reaction_cleanup_now", "discard_from_draw", "harbor_counts_laid", "road_sea",
        "roads_whole_turn", "no_settlement_for_city", "discard_public", "trade_wild",
        "reshuffle_together", "win_any_time", "max_turns", "to_win", "supply", "buy_cache",
    )

    def __init__(self, options: dict[str, Any], cards: CardData) -> None:
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
        self.buy_cache: dict[tuple[int, ...], tuple[int, ...]] = {}
        """What each pool pays for (``rules.main.affordable``), remembered by pool."""
