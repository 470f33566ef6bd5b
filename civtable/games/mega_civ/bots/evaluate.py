"""The search bots' evaluation of a Mega Civilization position (issue 17, item 3).

Victory points come mostly from the AST (5 per square) and the game ends when the
first marker reaches the last square, so a position is worth what it promises: the
square, whether the requirements of the next one are met, the cities that meet them
and the cards and treasury that buy the advances they need. Each player gets a
linear score over ``FEATURES``, whose weights change with the game's progress (the
leading marker's share of the AST), and the value of a position for a player is the
win probability of a conditional logit over all players' scores, as ``2 P - 1`` (the
expected return in [-1, 1]: +1 for a win, -1 otherwise).

The weights are data (``data/evaluate.json``), fitted by
``tools/mega_civ/fit_evaluate.py`` to the outcomes of self-play games of the
strategic bot at the first decision of every turn (where the search's rollouts are
cut off with ``turns=1``); the file says how, and how well they predict the winner
of held-out games next to the VP lead alone. The features mean the same at every
player count, so the same weights serve 5 to 18 players.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from civtable.agents import fitted
from civtable.agents.fitted import Weights, at_progress, read_weights, score

from ..rules.cards import hand_value

if TYPE_CHECKING:
    from ..state import MegaState

DATA = Path(__file__).parents[1] / "data" / "evaluate.json"

FEATURES = ("vp", "ready", "cities", "hand_value", "advances", "mid_advances", "high_advances")
"""Per player: victory points (5 a square of the AST among them); 1 if he meets the
requirements of his next AST square (MC-13.1.1) now; cities on the map; the payment
value of his commodities; advances owned, those costing 100 or more, those costing
200 or more. Collected too and left out (``COLLECTED``): the square itself (it moves
with the VP), calamities in hand (none is held at the cut), city pieces (9 less the
cities), and the tokens on the map, the stock and the treasury: their fitted weights
only say who is ahead (a player with a large stock has few tokens and cities out),
and a search reads them as advice: with them a city built (6 tokens back to the
stock) looked worse than the tokens it was made of, and a search stopped building."""

COLLECTED = ("vp", "ast", "ready", "cities", "tokens", "stock", "treasury", "hand_value", "calamities",
             "advances", "mid_advances", "high_advances", "city_pieces")
"""What ``tools/mega_civ/fit_evaluate.py collect`` records (``collected_features``)."""


def weights(path: str = str(DATA)) -> Weights:
    """The fitted weights: ``(base, per unit of progress)``, one of each per feature."""
    return read_weights(path, FEATURES)


def progress(s: MegaState) -> float:
    """The leading marker's share of the AST, 0 to 1 (the last square ends the game)."""
    spaces = s.rules.tables.spaces
    return (max(s.ast) - 1) / max(1, spaces - 1)


def collected_features(s: MegaState, p: int, cities: list[int] | None = None) -> list[float]:
    """``COLLECTED`` of player ``p`` (``cities``: every player's cities on the map, if known)."""
    r = s.rules
    cat = s.cat
    owned = s.owned[p]
    costs = [cat.advances[a].cost for a in owned]
    c = cities[p] if cities is not None else len(s.cities_of(p))
    square = s.ast[p]
    ready = 0.0
    if c and square < r.tables.spaces:
        count = c + (1 if s.holds(p, "ast_city") else 0)
        ready = 1.0 if r.may_advance(s.civ[p], square + 1, count, costs) else 0.0
    cards = cat.cards
    return [
        float(s.vp(p, c)), float(square), ready, float(c), float(sum(s.tokens[p])), float(s.stock[p]),
        float(s.treasury[p]), float(hand_value(s, s.hands[p])),
        float(sum(1 for h in s.hands[p] if cards[h].calamity)),
        float(len(owned)), float(sum(x >= 100 for x in costs)), float(sum(x >= 200 for x in costs)),
        float(s.city_stock[p]),
    ]


_PICK = tuple(COLLECTED.index(f) for f in FEATURES)


def features(s: MegaState, p: int, cities: list[int] | None = None) -> list[float]:
    """``FEATURES`` of player ``p``."""
    f = collected_features(s, p, cities)
    return [f[i] for i in _PICK]


def scores(s: MegaState) -> list[float]:
    """Every player's linear score."""
    w = at_progress(weights(), progress(s))
    counts = [0] * s.n
    for o in s.city:
        if o >= 0:
            counts[o] += 1
    return [score(w, features(s, p, counts)) for p in range(s.n)]


def win_chances(s: MegaState) -> list[float]:
    """The conditional logit's win probability of every player."""
    return fitted.win_chances(scores(s))


def evaluate(s: MegaState, player: int) -> float:
    """``2 P - 1`` for ``player``'s win probability ``P``."""
    return 2 * win_chances(s)[player] - 1
