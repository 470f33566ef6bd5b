"""The search bots' evaluation of a card-game position: production, not only points.

Victory points come only from population, technologies and wonders, and a plot, a
building or resources saved for a technology score nothing until turns later. An
evaluation by the points lead alone makes a search with short rollouts prefer
whatever scores now over the investments that win the game. So each player gets a
linear score over ``FEATURES`` (points, production per turn, resources in hand,
cards in hand, discounts, statuses), whose weights grow or shrink with the game's
progress (the share of technologies bought: the game ends with the last one), and
the value of a position is the win probability of a conditional logit over the
players' scores, ``2 P - 1`` (the expected return in [-1, 1]).

The weights are data (``data/evaluate.json``), fitted by
``tools/civ_card_game/fit_evaluate.py`` to the outcomes of greedy self-play games at the start of
each turn, the point where the search's rollouts are cut off (``search_defaults``
in ``game.py``); the file says how they were fitted. They were fitted with two
players and the default cards; with three or four players the same weights score
each player (not fitted there, but the features mean the same).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from civtable.agents.fitted import Weights, at_progress, read_weights, score, win_chances

from ..catalog import BUILDING, WONDER

if TYPE_CHECKING:
    from ..options import Rules
    from ..state import CcgState

DATA = Path(__file__).parents[1] / "data" / "evaluate.json"

FEATURES = (
    "vp", "technologies", "population", "plots",
    "food_per_turn", "hammers_per_turn", "commerce_per_turn",
    "food", "hammers", "commerce",
    "wonders_in_hand", "buildings_in_hand", "attackers_in_hand", "defenders_in_hand", "cash_in_hand",
    "technology_discount", "building_discount", "highest_culture", "highest_happiness",
    "walls", "free_slots", "to_move",
)
"""Per player; ``to_move`` is 1 for the player whose turn it is."""


def weights(path: str = str(DATA)) -> Weights:
    """The fitted weights: ``(base, per unit of progress)``, one of each per feature."""
    return read_weights(path, FEATURES)


def progress(s: CcgState) -> float:
    """The share of technologies bought, 0 to 1 (the last one ends the game)."""
    total = len(s.rules.tech_cost)
    left = len(s.tech_deck) + len(s.tech_display)
    return (total - left) / total if total else 0.0


def features(s: CcgState, p: int, culture: list[int] | None = None,
             happiness: list[int] | None = None) -> list[float]:
    """``FEATURES`` of player ``p`` (``culture`` and ``happiness`` of every player may be
    passed in, computed once for all players)."""
    r: Rules = s.rules
    plots = s.plots[p]
    techs = r.bits(s.techs[p])
    prod = [0.0, 0.0, 0.0]  # Food, Hammers, Commerce per turn

    def add(y: tuple[int, ...] | list[int], times: int = 1) -> None:
        prod[0] += y[0] * times
        prod[1] += y[1] * times
        prod[2] += y[2] * times
    placed: list[int] = []
    free = 0
    eng = any(r.tech_two_slots[t] for t in techs)
    pops = 0
    for i, pl in enumerate(plots):
        y = r.plot_yields[pl[0]]
        cards = pl[2:]
        granary = any(r.card_granary[c] for c in cards)
        prod[0] += y[0] * (2 if granary else 1)
        prod[1] += y[1]
        prod[2] += y[2]
        for c in cards:
            py = r.card_plot_yield[c]
            add(py)
            placed.append(c)
        n = pl[1]
        pops += n
        if n:  # a population yields one of its plot's types: shared evenly here
            types = r.plot_types[pl[0]]
            share = n / len(types)
            for t in types:
                prod[min(t, 2)] += share
        free += max(0, s.slots(p, i, eng) - len(cards))
    tech_discount = building_discount = 0
    for t in techs:
        add(r.tech_yields[t])
        by = r.tech_building_yield[t]
        if by is not None:
            add(by[1], placed.count(by[0]))
        d = r.tech_discount[t]
        tech_discount += d[0]
        building_discount += d[1]
    wonders = walls = 0
    kind = r.kind
    for c in placed:
        add(r.card_yields[c])
        d = r.card_discount[c]
        tech_discount += d[0]
        building_discount += d[1]
        walls += r.card_walls[c] + r.card_great_wall[c]
        if kind[c] == WONDER:
            wonders += 1
    hand = s.hand[p]
    w_hand = b_hand = att = dfn = cash = 0
    for c, k in enumerate(hand):
        if not k:
            continue
        kc = kind[c]
        if kc == WONDER:
            w_hand += k
        elif kc == BUILDING:
            b_hand += k
        elif r.unit_attack[c] or r.unit_defend[c]:
            att += k * r.unit_attack[c]
            dfn += k * r.unit_defend[c]
        else:
            cash += k * sum(r.card_yields[c])
    n_techs = len(techs)
    if culture is None:
        culture = [s.culture(q) for q in range(s.n)]
    if happiness is None:
        happiness = [s.happiness(q) for q in range(s.n)]
    nums = r.numbers
    res = s.res[p]
    return [
        pops + wonders + n_techs, n_techs, pops, len(plots),
        prod[0], prod[1], prod[2],
        res[0], res[1], res[2],
        w_hand, b_hand, att, dfn, cash,
        tech_discount, building_discount,
        float(p in s.status_holders(culture, nums["culture_threshold"])),
        float(p in s.status_holders(happiness, nums["happiness_threshold"])),
        walls, free, float(s.current == p),
    ]


def scores(s: CcgState) -> list[float]:
    """Every player's linear score (the logit of the conditional model)."""
    w = at_progress(weights(), progress(s))
    culture = [s.culture(q) for q in range(s.n)]
    happiness = [s.happiness(q) for q in range(s.n)]
    return [score(w, features(s, p, culture, happiness)) for p in range(s.n)]


def evaluate(s: CcgState, player: int) -> float:
    """``2 P(player wins) - 1`` under the conditional logit over the players' scores."""
    return 2 * win_chances(scores(s))[player] - 1
