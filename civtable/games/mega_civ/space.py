"""Mega Civilization's fixed action space (``Game.action_space``): every action text
that can be legal for a game's map, player count, card side and rule variants, in a
fixed order, built from the data (the map's areas and adjacencies, the trade cards
of the player count, the advances' abilities), never from a hash.

The texts are those of the notation, step by step (``rules/``): one token moved,
one ship built or sailed, one card of an offer, one unit lost. Each family takes
its arguments from the smallest set the rules allow:

- areas: land areas only (no unit stands on water); ``move A B`` for B next to A
  by land; ``move A B C`` (Roadbuilding) for B next to A and C next to B, C
  neither A nor next to it; ``sail A B k`` from a coastal area to every land area
  within the longest sea reach (MC-3.5: 4 areas, Cloth Making 5, through open sea
  with Astronavigation or open-sea B), ``k`` from 1 to the largest ship capacity
  (5, Naval Warfare 6); ``city A`` on city sites and areas of limit 1 or more
  (MC-5.1), ``city A adjacent`` (Urbanism) off city sites; the texts naming a
  city (``revolt``, ``reduce``, ``destroy``, ``lose-city``...) on every land area,
  since a saved position may put a city on any land area; ``pirate A`` on coastal
  areas; ``diaspora A B`` from any land area to any other of limit 1 or more;
- cards: the trade cards of the player count and side (and the Water card);
  ``offer``/``counter C1 C2`` with C1 <= C2 shown (not calamities), never more
  copies of a card than the game has; ``add H as D`` with H a tradable card and D
  any card that is not a calamity (MC-7.4: the game's declarable names); ``buy-off`` and ``pay C S`` (Trade Empire) over pairs
  of commodities;
- numbers: seats 0..players-1 (``accept``, ``victim``, ``provincial-empire``), the
  stacks 1-9, the purchases and tax changes of the data, the ``pay N`` of a
  calamity's "unless he pays" with every sum of its modifiers.

A family whose advance the data lacks (no ``land_moves`` of 2: no ``move A B C``)
is left out. The space does not depend on ``trade-max-cards`` or ``trade-rounds``
(an offer grows one ``add`` at a time).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING, Any

from civtable.core.spaces import ActionSpace

if TYPE_CHECKING:
    from .catalog import Catalog
    from .options import Rules

PAYMENTS = ("tokens", "treasury", "mixed", "split")  # MC-3.4 (rules/movement.py ship_payments)
WORDS = ("done", "decline", "pass", "post", "reject", "refuse", "regress", "destroy-cities", "suffer", "none",
         "politics-treasury", "treasury", "cancel")
"""The texts without arguments, in one fixed order."""


def build_space(rules: Rules, players: int) -> ActionSpace:
    """Every action text of a game with these rules and this player count."""
    return ActionSpace(texts(rules, players))


def texts(rules: Rules, players: int) -> Iterator[str]:
    """The texts family by family (see the module's docstring)."""
    facts = Facts(rules, players)
    yield from WORDS
    yield from _areas(facts)
    yield from _movement(facts)
    yield from _cards(facts)
    yield from _trade(facts)
    yield from _tasks_and_abilities(facts)


class Facts:
    """What the families are built from: area and card sets, bounds from the data."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        board = rules.board
        cat: Catalog = rules.catalog
        self.cat = cat
        self.areas = board.areas
        self.land = list(board.land_areas)
        self.coastal = [a for a in board.coastal_areas if board.areas[a].is_land]
        self.ids = board.ids
        self.advance_params: list[dict[str, Any]] = [a.params for a in cat.advances]
        # the cards of this player count and side, with the copies the game has; Water is unlimited
        copies: dict[int, int] = {}
        for pile in cat.stacks_for(players, rules.card_side):
            for c in pile:
                copies[c] = copies.get(c, 0) + 1
        copies[cat.water] = 1 << 30
        self.copies = copies
        self.in_game = sorted(copies)
        cards = cat.cards
        self.commodities = [c for c in self.in_game if cards[c].commodity]
        self.tradable = [c for c in self.in_game if cards[c].tradable]
        self.showable = [c for c in self.tradable if not cards[c].calamity]

    def holds_any(self, key: str) -> list[Any]:
        """The values of an ability parameter over every advance that has it."""
        return [p[key] for p in self.advance_params if p.get(key) is not None]

    def card(self, c: int) -> str:
        return self.cat.cards[c].id

    def area(self, a: int) -> str:
        return self.ids[a]


def _areas(f: Facts) -> Iterator[str]:
    """The texts naming one land area."""
    cityable = [a for a in f.land if f.areas[a].city_site or (f.areas[a].population_limit or 0) > 0]
    per_land = ("grow", "reinforce", "revolt", "reduce", "destroy", "lose", "lose-city", "annex", "barbarians",
                "politics-annex", "fundamentalism", "monotheism", "universal-doctrine")
    for kind in per_land:
        yield from (f"{kind} {f.area(a)}" for a in f.land)
    yield from (f"pirate {f.area(a)}" for a in f.coastal)
    yield from (f"city {f.area(a)}" for a in cityable)
    if f.holds_any("city_treasury_share"):  # Architecture
        yield from (f"city {f.area(a)} treasury" for a in cityable)
    if f.holds_any("adjacent_tokens"):  # Urbanism: off city sites
        yield from (f"city {f.area(a)} adjacent" for a in cityable if not f.areas[a].city_site)


def _movement(f: Facts) -> Iterator[str]:
    """MC-3.2 to MC-3.5: land moves, Roadbuilding's two steps, ships built and sailed."""
    areas = f.areas
    for a in f.land:
        yield from (f"move {f.area(a)} {f.area(b)}" for b in areas[a].land)
    if max(f.holds_any("land_moves") or [1]) >= 2:  # Roadbuilding
        for a in f.land:
            near = {a, *areas[a].land}
            for b in areas[a].land:
                yield from (f"move {f.area(a)} {f.area(b)} {f.area(c)}" for c in areas[b].land if c not in near)
    for a in f.coastal:
        yield from (f"ship {f.area(a)} {pay}" for pay in PAYMENTS)
    numbers = f.rules.tables.numbers
    steps = max([numbers["ship_moves"], *f.holds_any("ship_moves")])
    cap = max([numbers["ship_capacity"], *f.holds_any("ship_capacity")])
    open_sea = bool(f.holds_any("open_sea"))
    for a in f.coastal:
        for b in f.rules.sea_reach(a, steps, open_sea):
            yield from (f"sail {f.area(a)} {f.area(b)} {k}" for k in range(1, cap + 1))
    if f.holds_any("special") and "diaspora" in f.holds_any("special"):  # to an area of limit 1 or more
        to = [b for b in f.land if (areas[b].population_limit or 0) >= 1]
        for a in f.land:
            yield from (f"diaspora {f.area(a)} {f.area(b)}" for b in to if b != a)


def _cards(f: Facts) -> Iterator[str]:
    """MC-6.2 purchases, the Wonder's free card, discards, Banditry's kept cards, Trade Routes."""
    seen = set()
    for stack, cost, _needs in f.cat.purchases:
        if (stack, cost) not in seen and cost:
            seen.add((stack, cost))
            yield f"buy-card {stack} {cost}"
    if f.holds_any("free_card"):  # Wonder of the World: stacks 1..9
        yield from (f"free-card {k}" for k in range(1, len(f.cat.stacks_for(f.players, f.rules.card_side))))
    yield from (f"discard {f.card(c)}" for c in f.in_game)
    yield from (f"keep {f.card(c)}" for c in f.commodities)
    if "trade_routes" in f.holds_any("special"):
        yield from (f"trade-routes {f.card(c)}" for c in f.commodities)
    yield from (f"pay {f.card(c)}" for c in f.commodities)  # MC-12.2
    if f.holds_any("substitute"):  # Trade Empire: an incomplete set and a card of at least its face value
        cards = f.cat.cards
        for c in f.commodities:
            if f.copies[c] < 2:
                continue
            yield from (f"pay {f.card(c)} {f.card(s)}" for s in f.commodities
                        if s != c and cards[s].face_value >= cards[c].face_value)
    min_face = min([2, *(p.get("min_face", 2) for p in f.advance_params if p.get("special") == "provincial_empire")])
    yield from (f"give {f.card(c)}" for c in f.commodities if f.cat.cards[c].face_value >= min_face)
    for a, b in _pairs(f, f.commodities):
        yield f"buy-off {f.card(a)} {f.card(b)}"  # Theocracy


def _pairs(f: Facts, kinds: list[int]) -> Iterable[tuple[int, int]]:
    """Pairs of card kinds a <= b, a twice only where the game has two copies."""
    for a in kinds:
        if f.copies[a] >= 2:
            yield a, a
    yield from combinations(kinds, 2)


def _trade(f: Facts) -> Iterator[str]:
    """MC-7.2 to MC-7.5: the start of an offer or counter-offer (its two shown cards), a
    hidden card and its declaration (any trade card name but a calamity, MC-7.4), the
    choice of a counter."""
    for kind in ("offer", "counter"):
        yield from (f"{kind} {f.card(c1)} {f.card(c2)}" for c1, c2 in sorted(_pairs(f, f.showable)))
    for h in f.tradable:
        yield from (f"add {f.card(h)} as {f.card(d)}" for d in f.showable)
    yield from (f"accept {q}" for q in range(f.players))


def _tasks_and_abilities(f: Facts) -> Iterator[str]:
    """The numbers of tasks and abilities: seats, payments, credit groups, free advances, tax rates."""
    yield from (f"victim {q}" for q in range(f.players))
    if "provincial_empire" in f.holds_any("special"):
        yield from (f"provincial-empire {q}" for q in range(f.players))
    yield from (f"pay {k}" for k in _unless_pay(f))
    if f.holds_any("extra_credit"):  # Monument, Written Record
        yield from (f"credit {g}" for g in f.cat.groups)
    free: set[int] = set()
    for spec in f.holds_any("free_advance"):  # Anatomy
        free.update(a.index for a in f.cat.advances if spec["group"] in a.groups and a.cost < spec["cost_below"])
    yield from (f"take {f.cat.advances[a].id}" for a in sorted(free))
    changes = {k for ks in f.holds_any("tax_change") for k in ks}
    if changes:  # Coinage, Monarchy: the rate changes by one of them, or back to 0
        yield from (f"tax-rate {k}" for k in sorted({0, *changes}))
    yield from (f"buy {a.id}" for a in f.cat.advances)


def _unless_pay(f: Facts) -> list[int]:
    """The treasury a calamity's "unless he pays" can ask (City in Flames): its number with
    every subset of the modifiers that change it (``rules.damage.param``)."""
    out: set[int] = set()
    for card in f.cat.cards:
        if not card.calamity or card.index not in f.copies or not card.params.get("unless_pay"):
            continue
        values = {int(card.params["unless_pay"])}
        for _adv, name, delta, role in card.modifiers:
            if name == "unless_pay" and role in ("any", "primary"):
                values |= {v + delta for v in values}
        out |= {v for v in values if v > 0}
    return sorted(out)
