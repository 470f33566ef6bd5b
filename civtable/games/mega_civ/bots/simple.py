"""The earlier heuristic Mega Civilization bot (``simple``, kept to compare), which reads
only its observation.

It grows where growth is largest, gathers six tokens on a free city site when the
tokens next to it can make it this turn, spreads tokens above an area's limit into
empty or thinly held neighbours, seeds empty neighbours with two tokens, keeps away from areas where an opponent holds
more, builds every city it can and, when it must, reduces the city it can best spare.
Trade cards, trade, calamities and advances are played by ``economy_bot.Economy``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from civtable.agents.base import Agent, PlayerView
from civtable.core.action import Action

from ..catalog import Catalog
from ..rules.board import Board
from .economy_bot import Economy


class HeuristicBot(Agent):
    def __init__(self, seed: int, board: Board, city_on_site: int, catalog: Catalog) -> None:
        super().__init__(seed)
        self.board = board
        self.city_on_site = city_on_site
        self.economy = Economy(catalog, board, self.rng)
        e = self.economy
        self.part2: dict[str, Callable[[dict[str, Any], list[Action]], Action]] = {
            "cards": e.cards, "trade": e.trade, "discard": e.discard, "task": e.task, "special": e.special,
            "buy": e.buy, "military": e.military}

    def act(self, view: PlayerView) -> Action:
        obs = view.observation
        if obs["step"] == "trade":
            quick = self.economy.quick_answer(obs)
            if quick is not None:
                return quick  # a plain no, decided without listing every possible offer
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        by_text = {a.text: a for a in legal}
        step = obs["step"]
        if step == "move":
            choice = self._move(obs, by_text)
            if choice is not None and choice in by_text:  # Diplomacy / Cultural Ascendancy may bar a move
                return by_text[choice]
            return by_text["done"]
        if step == "grow":
            me = obs["players"][obs["player"]]["tokens"]
            return max(legal, key=lambda a: (me.get(a.args[0], 0) >= 2, self.rng.random()))
        if step == "build":
            return next((a for a in legal if a.kind == "city"), legal[-1])
        if step == "reduce":
            me = obs["players"][obs["player"]]["tokens"]
            return min(legal, key=lambda a: (self._nearby(me, a.args[0]), a.text))
        if step in self.part2:
            return self.part2[step](obs, legal)
        return next((a for a in legal if a.kind != "decline"), legal[0])

    def _nearby(self, tokens: dict[str, int], area_id: str) -> int:
        area = self.board.area(area_id)
        return tokens.get(area_id, 0) + sum(tokens.get(self.board.areas[b].id, 0) for b in area.land)

    def _move(self, obs: dict[str, Any], legal: dict[str, Action]) -> str | None:
        me = obs["player"]
        areas = self.board.areas
        mine: dict[str, int] = obs["players"][me]["tokens"]
        moved: dict[str, int] = obs["moved"]
        others: dict[str, int] = {}
        cities: set[str] = set()
        for p in obs["players"]:
            cities.update(p["cities"])
            if p["seat"] != me:
                for a, k in p["tokens"].items():
                    others[a] = max(others.get(a, 0), k)

        def unmoved(a: str) -> int:
            return mine.get(a, 0) - moved.get(a, 0)

        # 1. six tokens on a free city site, when the neighbours can bring them this turn
        best: tuple[float, str] | None = None
        for site in self.board.city_sites:
            sid = areas[site].id
            if sid in cities or others.get(sid, 0) >= mine.get(sid, 0) + 1 and others.get(sid, 0):
                continue
            have = mine.get(sid, 0)
            if have >= self.city_on_site:
                continue
            sources = [areas[b].id for b in areas[site].land if unmoved(areas[b].id) > 0]
            reach = have + sum(unmoved(b) for b in sources)
            if reach >= self.city_on_site and sources:
                src = max(sources, key=lambda b: (unmoved(b) - (areas[self.board.index(b)].population_limit or 0), b))
                text = f"move {src} {sid}"
                if text in legal:
                    score = have + self.rng.random() * 0.1
                    if best is None or score > best[0]:
                        best = (score, text)
        if best is not None:
            return best[1]
        # 2. spread what exceeds an area's limit into free or thin neighbours
        for aid, k in sorted(mine.items()):
            area = areas[self.board.index(aid)]
            limit = area.population_limit or 0
            if k <= limit or unmoved(aid) <= 0:
                continue
            targets = []
            for b in area.land:
                bid = areas[b].id
                room = (areas[b].population_limit or 0) - mine.get(bid, 0) - others.get(bid, 0)
                if bid in cities or others.get(bid, 0) > mine.get(bid, 0) or room <= 0:
                    continue
                targets.append((areas[b].city_site, room, self.rng.random(), bid))
            if targets:
                return f"move {aid} {max(targets)[3]}"
        # 3. seed empty neighbours: two tokens there grow by two, like two at home
        for aid, k in sorted(mine.items()):
            if unmoved(aid) <= 0 or k < 3:
                continue
            area = areas[self.board.index(aid)]
            seeds = []
            for b in area.land:
                bid = areas[b].id
                if bid in cities or others.get(bid, 0) or mine.get(bid, 0) >= 2 or not areas[b].population_limit:
                    continue
                seeds.append((mine.get(bid, 0), areas[b].city_site, areas[b].population_limit, self.rng.random(), bid))
            if seeds:
                return f"move {aid} {max(seeds)[4]}"
        return None
