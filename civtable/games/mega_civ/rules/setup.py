"""The set-up (MC-0.1): every civilization's starting tokens, the stocks, the trade-card
stacks; the forward model's ``start`` then runs the first phases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.events import ROOT
from civtable.core.rng import Rng

from ..state import AUTO, MegaState
from .order import ast_order

if TYPE_CHECKING:
    from ..game import MegaCiv


def initial(game: MegaCiv, seed: int) -> MegaState:
    """MC-0.1: the game is played in turns of 13 phases. Each civilization puts its
    starting token(s) in its start area."""
    r = game.rules
    s = MegaState.__new__(MegaState)
    s.journal, s.offered = ROOT, None
    s.game, s.rules, s.board, s.n = game, r, r.board, game.num_players
    n = s.n
    s.rng = Rng(seed)
    s.civ = list(r.civilizations)
    s.rank = [r.tables.civ(c).ast_rank for c in s.civ]
    s.order = ast_order(s.rank)
    areas = len(s.board.areas)
    s.tokens = [[0] * areas for _ in range(n)]
    s.moved = [[0] * areas for _ in range(n)]
    s.city = [-1] * areas
    start = r.tables.numbers["starting_tokens"]
    s.stock = [r.tables.tokens - start] * n
    for p in range(n):
        s.tokens[p][s.board.start_areas(s.civ[p])[0]] = start
    s.treasury = [0] * n
    s.city_stock = [r.tables.cities] * n
    s.ship_stock = [r.tables.ships] * n
    s.ships = [[] for _ in range(n)]
    s.docked = [[] for _ in range(n)]
    s.ast = [1] * n
    s.ast_forward = [0] * n
    s.census = [start] * n
    s.exempt = []
    s.built = [[] for _ in range(n)]
    s.turn_no = 1
    s.phase = 1
    s.step = AUTO
    s.decider = -1
    s.queue = []
    s.target = -1
    s.buffers = None
    s.previews = None
    s.winner_list = []
    s.solo = False
    s.defaulters = []
    s.cat = r.catalog
    s.stacks = r.catalog.stacks_for(n, r.card_side)
    for k in range(1, len(s.stacks)):  # setup: non-tradable calamities at the bottom (provisional)
        cards = s.stacks[k]
        fixed = [c for c in cards if s.cat.cards[c].calamity and not s.cat.cards[c].tradable]
        rest = [c for c in cards if not (s.cat.cards[c].calamity and not s.cat.cards[c].tradable)]
        s.rng.shuffle(rest)
        s.stacks[k] = fixed + rest
    s.discards = [[] for _ in s.stacks]
    s.hands = [[] for _ in range(n)]
    s.owned = [[] for _ in range(n)]
    s.paid = [[] for _ in range(n)]
    s.extra_credit = [[0] * len(s.cat.groups) for _ in range(n)]
    s.tax_rate = [0] * n
    s.barb = [0] * areas
    s.deal = None
    s.trade_round = 0
    s.traded = []
    s.struck = []
    s.calq = []
    s.tasks = []
    s.revealed = [[] for _ in range(n)]
    s.pay = None
    s.bought = [[] for _ in range(n)]
    s.used = [[] for _ in range(n)]
    s.log = []
    s.disclosed = None
    return s
