"""Bots for Catan Deck Building that read only what their seat may see.

``greedy`` and ``rules:FILE`` are one planning bot with different buy lists:
each decision it takes the first card of its strategy that the hand and the
laid-down resources can pay for, and plays the next card that payment needs
(matching resources, then Roads played together, then 2-for-1 trades, then
Settlements). Before ending the turn it lays down all but the (at most three)
best cards, since a hand of three or fewer is refilled to seven (CDB-8.3).

The bot reads its seat's cheap view (``State.seat_view``, ``view.SeatView``):
numbers by card index, read in place, never the observation dict; it answers
with the shared action objects of ``actions.py``. Its decisions are those of the
earlier bot that read observations (``tests/games/catan_deckbuilding/test_speed.py``
compares the two on thousands of positions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from civtable.agents.base import Agent, AgentFactory, PlayerView, check_params
from civtable.core.action import Action
from civtable.core.game import Game

from ..actions import (
    ALLOW_ACT,
    BUY_ACT,
    DISCARD_ACT,
    DISCARD_TOP_ACT,
    END_ACT,
    KEEP_ACT,
    LAY_ACT,
    PLAY,
    PLAY_ROADS,
    REFLECT_ACT,
    RETURN_ACT,
    CdbAction,
)
from ..catalog import (
    BANDIT,
    BUYABLE,
    CITY,
    DESERT,
    HARBOR,
    KDEF,
    KOFF,
    N_CARDS,
    ROAD,
    ROLE_IDS,
    SETTLEMENT,
    load_cards,
)
from ..rules.payment import road_resources
from ..state import COUNTER, DISCARDING, MAIN, REACT, STEAL, WILD_O, WILD_S
from ..view import SeatView
from .strategy import OPS, Condition, Strategy, load_strategy

RES = ROLE_IDS[:5]
# how much a card is worth keeping in hand; 0-2 is junk
VALUE = {
    "city": 13, "settlement": 9, "koff": 8, "harbor": 8, "bandit": 7, "kdef": 7,
    "ore": 5, "grain": 5, "wool": 4, "lumber": 4, "brick": 4, "road": 3, "desert": 0, "sea": 0,
}
VALUE_OF = tuple(VALUE[c] for c in ROLE_IDS)
"""``VALUE`` by card index."""
KEEP_AT_LEAST = 5  # keep a card over the end-of-turn draw only if it beats an average draw
HAND_KEPT_FREE = 3  # with at most this many cards kept, the draw refills to seven anyway
FIRST_PLAYS = (PLAY[HARBOR], PLAY[KOFF], PLAY[BANDIT])
"""Played whenever legal: more cards, and the opponent's hand hurt."""

# a quantity of a strategy condition, compiled: (what, card index)
TURN, DECK, SUPPLY, OPPONENT, OWNED, HAND, LAID = range(7)
_SCOPES = {"turn": TURN, "deck": DECK, "supply": SUPPLY, "opponent": OPPONENT, "owned": OWNED, "hand": HAND,
           "laid": LAID}
Quantities = tuple[tuple[int, int], ...]
Compiled = tuple[int, Quantities, Callable[[int, int], bool], int, Quantities]
"""A condition: the numbers of its left side added up, its quantities, the comparison,
then the same for its right side."""


def _compile(condition: Condition) -> Compiled:
    def side(terms: Sequence[Any]) -> tuple[int, Quantities]:
        numbers = sum(t for t in terms if isinstance(t, int))
        quantities = tuple((_SCOPES[t[0]], ROLE_IDS.index(t[1]) if t[1] else -1)
                           for t in terms if not isinstance(t, int))
        return numbers, quantities

    lc, left = side(condition.left)
    rc, right = side(condition.right)
    return lc, left, OPS[condition.op], rc, right


_COMPILED: dict[int, tuple[Strategy, tuple[tuple[int, tuple[Compiled, ...]], ...]]] = {}


def _compiled(strategy: Strategy) -> tuple[tuple[int, tuple[Compiled, ...]], ...]:
    """A strategy's buy rules by card index with their conditions compiled, made once
    per strategy (strategies are read once per process: ``load_strategy``)."""
    known = _COMPILED.get(id(strategy))
    if known is not None and known[0] is strategy:
        return known[1]
    rules = tuple((ROLE_IDS.index(rule.name), tuple(_compile(c) for c in rule.conditions)) for rule in strategy.buy)
    if len(_COMPILED) > 256:
        _COMPILED.clear()
    _COMPILED[id(strategy)] = (strategy, rules)
    return rules


class PlannerBot(Agent):
    """A bot driven by a buy-rule strategy (see ``strategy.py``)."""

    def __init__(self, seed: int, strategy: Strategy, options: dict[str, Any]) -> None:
        super().__init__(seed)
        self.strategy = strategy
        self.play = strategy.play
        self.keep_cities = strategy.play["keep_cities"]
        self.keep_knights = strategy.play["keep_knights"]
        self.dump_before_end = strategy.play["dump_before_end"]
        self.cost = load_cards(options.get("cards") or None).cost  # by card: 5 resource amounts
        self.no_settlement_for_city = options.get("settlement-for-city") == "B"
        self.roads_whole_turn = options.get("road-grouping") == "B"
        self.buy = _compiled(strategy)

    def act(self, view: PlayerView) -> Action:
        v: SeatView = view.seat
        legal = view.legal_actions
        phase = v.phase
        if phase in (REACT, COUNTER):
            return REFLECT_ACT if REFLECT_ACT in legal else ALLOW_ACT
        if phase == STEAL:
            return KEEP_ACT if VALUE_OF[v.stolen()] >= 3 else RETURN_ACT
        if phase == DISCARDING:
            return self._discard(v.hand, legal)
        assert phase == MAIN
        return self._main(v, legal)

    # ----------------------------------------------------------------- main
    def _main(self, v: SeatView, legal: list[Action]) -> CdbAction:
        hand = v.hand
        offered = {a.index for a in legal}  # type: ignore[attr-defined]
        for first in FIRST_PLAYS:
            if first.index in offered:
                return first
        opp = 1 - v.player
        knight = PLAY[KDEF]
        if knight.index in offered and not (  # type: ignore[union-attr]
                self.keep_knights and hand[KDEF] == 1 and v.owns(opp, KOFF) + v.owns(opp, BANDIT) > 0):
            return knight  # type: ignore[return-value]
        step = self._buy_step(v)
        if step is not None:
            return step
        if self.dump_before_end:
            step = self._dump(hand, v.owns(opp, KOFF) + v.owns(opp, BANDIT) > 0, offered)
            if step is not None:
                return step
        return END_ACT

    def _total(self, v: SeatView, terms: tuple[tuple[int, int], ...]) -> int:
        """The sum of a condition side's quantities (its numbers are added when compiled)."""
        total = 0
        for what, card in terms:
            if what == OWNED:
                total += v.owns(v.player, card)
            elif what == OPPONENT:
                total += v.owns(1 - v.player, card)
            elif what == HAND:
                total += v.hand[card]
            elif what == TURN:
                total += v.turn
            elif what == SUPPLY:
                total += v.supply[card] if card in BUYABLE else 0
            elif what == DECK:
                total += sum(v.owned(v.player))
            else:
                total += v.laid(v.player)[card]
        return total

    def _holds(self, v: SeatView, conditions: tuple[Compiled, ...]) -> bool:
        total = self._total
        for lc, left, op, rc, right in conditions:
            if not op(lc + total(v, left) if left else lc, rc + total(v, right) if right else rc):
                return False
        return True

    def _buy_step(self, v: SeatView) -> CdbAction | None:
        """The first card of the strategy in the supply, whose conditions hold and which
        the hand can pay for (conditions are asked last: most cards are unaffordable)."""
        supply, hand, pool, roads_played = v.supply, v.hand, v.pool, v.roads_played
        for card, conditions in self.buy:
            if not supply[card]:
                continue
            step = self._plan(card, hand, pool, roads_played)
            if step is not None and (not conditions or self._holds(v, conditions)):
                return step
        return None

    def _plan(self, card: int, hand: list[int], pool: list[int], roads_played: int) -> CdbAction | None:
        """The next action toward buying ``card``, or None if the hand cannot pay: first
        the resources the pool lacks, then Roads played together, then 2-for-1 trades
        of the largest stocks, then Settlements (and Cities, unless kept)."""
        if card == BANDIT and not hand[DESERT]:
            return None
        settlements = hand[SETTLEMENT]
        if card == CITY:
            if not settlements:
                return None
            settlements -= 1  # the unplayed one given for the City
        cost = self.cost[card]
        first: CdbAction | None = None
        left = [hand[0], hand[1], hand[2], hand[3], hand[4]]
        deficit = 0
        surplus = 0
        for r in range(5):
            need = cost[r] - pool[r]
            if need > 0:
                have = left[r]
                take = need if need < have else have
                if take and first is None:
                    first = PLAY[r]
                left[r] = have - take
                deficit += need - take
            else:
                surplus -= need
        settlement_ok = not (card == CITY and self.no_settlement_for_city)
        wild = pool[WILD_O] + (pool[WILD_S] if settlement_ok else 0)
        roads = hand[ROAD]
        if deficit > wild and roads:
            before = roads_played if self.roads_whole_turn else 0
            gain = road_resources(before + roads) - road_resources(before)
            if gain > 0:
                if first is None:
                    first = PLAY_ROADS[roads]
                wild += gain
        if deficit > wild:
            trades_needed = deficit - wild
            if 2 * trades_needed <= surplus + sum(left):
                fodder = max(0, 2 * trades_needed - surplus)
                if first is None and fodder:
                    most = max(left)  # the largest stock first (ties: card order)
                    if most:
                        first = PLAY[left.index(most)]
                wild = deficit
        while deficit > wild and settlement_ok and settlements:
            if first is None:
                first = PLAY[SETTLEMENT]
            settlements -= 1
            wild += 2
        cities = hand[CITY]
        while deficit > wild and not self.keep_cities and cities:
            if first is None:
                first = PLAY[CITY]
            cities -= 1
            wild += 3
        if deficit > wild:
            return None
        return first if first is not None else BUY_ACT[card]

    # ------------------------------------------------------- end of the turn
    def _dump(self, hand: list[int], opponent_attacks: bool, offered: set[int]) -> CdbAction | None:
        """Lay down all but the best few cards (CDB-7.8), so that the draw refills the hand."""
        worth = _worth_attacked if opponent_attacks else VALUE_OF.__getitem__
        cards = [c for c in range(N_CARDS) for _ in range(hand[c])]
        if len(cards) <= HAND_KEPT_FREE and all(worth(c) >= KEEP_AT_LEAST for c in cards):
            return None
        cards.sort(key=worth)
        keep = [c for c in cards[-HAND_KEPT_FREE:] if worth(c) >= KEEP_AT_LEAST]
        for c in cards:
            if c in keep:
                keep.remove(c)
                continue
            for a in (LAY_ACT[c], PLAY[c]):
                if a is not None and a.index in offered:
                    return a
        return None

    def _discard(self, hand: list[int], legal: list[Action]) -> CdbAction:
        """CDB-3.3.2: the least valuable card, or the top of the draw pile (discard-source
        B) when every card in hand is worth keeping."""
        held = [c for c in range(N_CARDS) if hand[c]]
        worst = min(held, key=VALUE_OF.__getitem__) if held else None
        if DISCARD_TOP_ACT in legal and (worst is None or VALUE_OF[worst] >= KEEP_AT_LEAST):
            return DISCARD_TOP_ACT
        if worst is None:
            raise KeyError("discard None")  # the earlier bot's failure: nothing to discard, no top card
        return DISCARD_ACT[worst]


def _worth_attacked(card: int) -> int:
    """A card's worth when the opponent owns attacks: a Knight (Defensive) is kept."""
    return 10 if card == KDEF else VALUE_OF[card]


def _greedy(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("greedy", params, set())
    return PlannerBot(seed, load_strategy("greedy"), game.options)


def _rules(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("rules", params, {"", "file"})
    path = params.get("file") or params.get("")
    if not path:
        from civtable.core.errors import AgentError

        raise AgentError("bot 'rules' needs a strategy file: rules:FILE.yaml")
    return PlannerBot(seed, load_strategy(path), game.options)


FACTORIES: dict[str, AgentFactory] = {"greedy": _greedy, "rules": _rules}
