"""The planning bot as it was before issue 18 (commit e7e670f, verbatim but for the
imports, the card values and limits now read from ``bots/planner.py``, and the bot
factories left out): it read observation dicts and action texts. ``test_speed.py``
checks that the bot reading ``SeatView`` (``bots/planner.py``, whose docstring says how
the bot plays) makes the same decisions.
"""

from __future__ import annotations

from typing import Any

from civtable.agents.base import Agent, PlayerView
from civtable.core.action import Action
from civtable.games.catan_deckbuilding.bots.planner import HAND_KEPT_FREE, KEEP_AT_LEAST, RES, VALUE
from civtable.games.catan_deckbuilding.bots.strategy import (
    Condition,
    Quantity,
    Strategy,
)
from civtable.games.catan_deckbuilding.catalog import ROLE_IDS, load_cards
from civtable.games.catan_deckbuilding.rules.payment import road_resources


class PlannerBot(Agent):
    """The planning bot reading its observation (a buy-rule strategy, ``strategy.py``)."""

    def __init__(self, seed: int, strategy: Strategy, options: dict[str, Any]) -> None:
        super().__init__(seed)
        self.strategy = strategy
        self.play = strategy.play
        self.costs = {ROLE_IDS[c]: load_cards(options.get("cards") or None).cost[c] for c in range(7, 14)}
        self.no_settlement_for_city = options.get("settlement-for-city") == "B"
        self.roads_whole_turn = options.get("road-grouping") == "B"

    def act(self, view: PlayerView) -> Action:
        obs = view.observation
        legal = {a.text: a for a in view.legal_actions}
        phase = obs["phase"]
        if phase in ("react", "counter"):
            return legal.get("reflect") or legal["allow"]
        me = obs["players"][obs["player"]]
        if phase == "steal":
            stolen = obs["pending"]["stolen"]
            return legal["keep"] if VALUE[stolen] >= 3 else legal["return"]
        if phase == "discard":
            return legal[self._discard(me["hand"], legal)]
        return legal[self._main(obs, me, legal)]

    # ----------------------------------------------------------------- main
    def _main(self, obs: dict[str, Any], me: dict[str, Any], legal: dict[str, Action]) -> str:
        hand = me["hand"]
        opp = obs["players"][1 - obs["player"]]["owned"]
        opponent_attacks = opp["koff"] + opp["bandit"] > 0
        for first in ("play harbor", "play koff", "play bandit"):
            if first in legal:
                return first
        if "play kdef" in legal and not (self.play["keep_knights"] and opponent_attacks and hand["kdef"] == 1):
            return "play kdef"
        step = self._buy_step(obs, me)
        if step is not None:
            return step
        if self.play["dump_before_end"]:
            step = self._dump(hand, opponent_attacks, legal)
            if step is not None:
                return step
        return "end"

    def _quantity(self, obs: dict[str, Any], me: dict[str, Any]) -> Any:
        opp = obs["players"][1 - obs["player"]]

        def q(term: Quantity) -> int:
            scope, card = term
            if scope == "turn":
                return int(obs["turn"])
            if scope == "deck":
                return sum(me["owned"].values())
            if scope == "supply":
                return int(obs["supply"].get(card, 0))
            if scope == "opponent":
                return int(opp["owned"][card])
            return int(me[scope][card])

        return q

    def _buy_step(self, obs: dict[str, Any], me: dict[str, Any]) -> str | None:
        q = self._quantity(obs, me)
        for rule in self.strategy.buy:
            if not obs["supply"][rule.name] or not _all(rule.conditions, q):
                continue
            step = self._plan(rule.name, me["hand"], obs["pool"], obs["roads_played"])
            if step is not None:
                return step
        return None

    def _plan(self, card: str, hand: dict[str, int], pool: dict[str, int], roads_played: int) -> str | None:
        """The next action toward buying ``card``, or None if the hand cannot pay."""
        h = dict(hand)
        if card == "bandit" and not h["desert"]:
            return None
        if card == "city":
            if not h["settlement"]:
                return None
            h["settlement"] -= 1  # the unplayed one given for the City
        cost = self.costs[card]
        steps: list[str] = []
        deficit = 0
        surplus = 0
        for i, r in enumerate(RES):
            need = cost[i] - pool[r]
            if need > 0:
                take = min(need, h[r])
                steps.extend([f"play {r}"] * take)
                h[r] -= take
                deficit += need - take
            else:
                surplus -= need
        settlement_ok = not (card == "city" and self.no_settlement_for_city)
        wild = pool["choice-other"] + (pool["choice-settlement"] if settlement_ok else 0)
        if deficit > wild and h["road"]:
            before = roads_played if self.roads_whole_turn else 0
            gain = road_resources(before + h["road"]) - road_resources(before)
            if gain > 0:
                steps.append(f"play road {h['road']}")
                wild += gain
        if deficit > wild:
            trades_needed = deficit - wild
            spare = surplus + sum(h[r] for r in RES)
            if 2 * trades_needed <= spare:
                fodder = max(0, 2 * trades_needed - surplus)
                for r in sorted(RES, key=lambda r: (-h[r], RES.index(r))):
                    take = min(fodder, h[r])
                    steps.extend([f"play {r}"] * take)
                    fodder -= take
                wild = deficit
        while deficit > wild and settlement_ok and h["settlement"]:
            steps.append("play settlement")
            h["settlement"] -= 1
            wild += 2
        while deficit > wild and not self.play["keep_cities"] and h["city"]:
            steps.append("play city")
            h["city"] -= 1
            wild += 3
        if deficit > wild:
            return None
        return steps[0] if steps else f"buy {card}"

    # ------------------------------------------------------- end of the turn
    def _dump(self, hand: dict[str, int], opponent_attacks: bool, legal: dict[str, Action]) -> str | None:
        """Lay down all but the best few cards (CDB-7.8), so that the draw refills the hand."""
        cards = [c for c in ROLE_IDS for _ in range(hand[c])]
        if len(cards) <= HAND_KEPT_FREE and all(self._worth(c, opponent_attacks) >= KEEP_AT_LEAST for c in cards):
            return None
        cards.sort(key=lambda c: self._worth(c, opponent_attacks))
        keep = [c for c in cards[-HAND_KEPT_FREE:] if self._worth(c, opponent_attacks) >= KEEP_AT_LEAST]
        for c in cards:
            if c in keep:
                keep.remove(c)
                continue
            for text in (f"lay {c}", f"play {c}"):
                if text in legal:
                    return text
        return None

    def _worth(self, card: str, opponent_attacks: bool) -> int:
        if card == "kdef" and opponent_attacks:
            return 10
        return VALUE[card]

    def _discard(self, hand: dict[str, int], legal: dict[str, Action]) -> str:
        held = [c for c in ROLE_IDS if hand[c]]
        worst = min(held, key=lambda c: VALUE[c]) if held else None
        if "discard top" in legal and (worst is None or VALUE[worst] >= KEEP_AT_LEAST):
            return "discard top"
        return f"discard {worst}"


def _all(conditions: tuple[Condition, ...], q: Any) -> bool:
    return all(c.holds(q) for c in conditions)
