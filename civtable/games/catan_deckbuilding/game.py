"""Catan Deck Building as a civtable game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import AgentFactory
from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.info import GameInfo
from civtable.core.reader import Reader
from civtable.core.reference import Table

from .cards import load_cards
from .options import OPTIONS
from .serialize import state_from_json
from .state import CatanState, Rules


class CatanDeckBuilding(Game):
    """Siedler von Catan: Deck Building, for exactly two players (CDB-1.1)."""

    info = GameInfo(
        id="catan-deckbuilding", name="Catan Deck Building", min_players=2, max_players=2, default_players=2,
        simultaneous=False, reactions=True, hidden_information=True, chance=True,
        rules="catan_deckbuilding.md", rule_prefix="CDB", language="de", players_rule="CDB-1.1",
        summary="Siedler von Catan: Deck Building: build your deck until three Cities are in your hand")
    option_specs = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cards = load_cards(self.options["cards"] or None)
        self.rules = Rules(self.options, self.cards)

    def new_state(self, seed: int | None = None) -> CatanState:
        return CatanState.initial(self, self.rules, 0 if seed is None else seed)

    def read_state(self, reader: Reader) -> CatanState:
        return state_from_json(self, self.rules, reader.data)

    def bots(self) -> Mapping[str, AgentFactory]:
        from .bots import FACTORIES

        return FACTORIES

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        from .render import render

        return render(obs, viewer)

    def reference(self) -> Sequence[Table]:
        c = self.cards
        rows = []
        for i, cid in enumerate(c.ids):
            cost = ", ".join(f"{n} {c.names[r]}" for r, n in enumerate(c.cost[i]) if n)
            rows.append((c.names[i], cid, cost or "-", str(self.rules.supply[i]), str(c.start_deck[i])))
        return (Table("Cards", ("Card", "Id", "Cost", "Supply", "Start deck"), tuple(rows), c.source),)
