"""Calamities, part 1: the damage primitives every calamity and ability uses.

Each calamity's effect is started from its data entry (``params.kind`` and its
numbers, changed by the advances in ``modifiers``, ``param``) and becomes a stack
of small *tasks* (``tasks.py``): "lose 10 unit points", "reduce 3 cities", "choose
2 other players who lose 5 each". A task is ``[kind, chooser, victim, count, card,
extra]`` (``push``). Task data (``extra``) is never changed in place: a clone's
task shares it.

Damage (provisional, data ``damage``): a token is one unit point, a city five; a
city lost to damage is destroyed (its piece goes back to the stock). The
Beneficiary of a calamity (MC-0.8, MC-0.10, calamity-beneficiary) is the MC-0.9
player other than the victim, from the victim's block for a non-tradable calamity
when the game uses both card blocks (the data's block rule; it binds the secondary
victims of a non-tradable calamity too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .order import beneficiary

if TYPE_CHECKING:
    from ..state import MegaState

# task layout: [kind, chooser, victim, count, card, extra]
KIND, CHOOSER, VICTIM, COUNT, CARD, EXTRA = range(6)


def other_block(s: MegaState, victim: int, card: int) -> set[int]:
    """The data's block rule: a non-tradable calamity of a game with both card blocks
    touches only players of the victim's block (Beneficiary and secondary victims)."""
    c = s.cat.cards[card]
    if not (c.calamity and not c.tradable and s.rules.two_blocks):
        return set()
    block = s.rules.tables.civ(s.civ[victim]).block
    return {p for p in range(s.n) if s.rules.tables.civ(s.civ[p]).block != block}


def cal_beneficiary(s: MegaState, victim: int, card: int) -> int | None:
    """MC-0.10 / MC-0.9: most cities in stock, most tokens in stock, AST order; never the victim."""
    return beneficiary(s.city_stock, s.stock, s.rank, excluded={victim} | other_block(s, victim, card))


# the numbers that the modifiers name by their primary victim's parameter: "prevent 5
# damage" (Pottery, Medicine, Engineering) also counts for a secondary victim's damage
# and for Flood's coastal damage, Anatomy counts only there


# the numbers that the modifiers name by their primary victim's parameter: "prevent 5
# damage" (Pottery, Medicine, Engineering) also counts for a secondary victim's damage
# and for Flood's coastal damage, Anatomy counts only there
SAME_AS = {"secondary_points": "points", "secondary_cities": "cities", "others_points": "points",
           "others_cities": "cities", "fallback_points": "points"}


def param(s: MegaState, card: int, p: int, role: str, key: str) -> int:
    """A calamity's number for this victim, changed by the advances he owns (a modifier
    counts for his role, ``primary`` or ``secondary``, or for ``any``)."""
    c = s.cat.cards[card]
    value = int(c.params.get(key, 0))
    names = {key, SAME_AS.get(key, key)}
    for adv, name, delta, r in c.modifiers:
        if name in names and (r == "any" or r == role) and adv in s.owned[p]:
            value += delta
    return value


def coastal_cities(s: MegaState, p: int) -> list[int]:
    areas = s.board.areas
    return [a for a in s.cities_of(p) if areas[a].coastal]


def push(s: MegaState, kind: str, chooser: int, victim: int, count: int, card: int = -1, extra: Any = None) -> None:
    if count > 0:
        s.tasks.append([kind, chooser, victim, count, card, extra])


def offer_buy_off(s: MegaState, p: int, card: int, role: str) -> None:
    """Theocracy (any victim): two commodity cards may replace the city reductions just pushed."""
    k = param(s, card, p, role, "buy_off_cards")
    if k and commodity_count(s, p) >= k and s.cities_of(p):
        push(s, "buy-off", p, p, k, card)


def commodity_count(s: MegaState, p: int) -> int:
    cards = s.cat.cards
    return sum(1 for c in s.hands[p] if cards[c].commodity)


def unit_points(s: MegaState, p: int) -> int:
    return s.tokens_on_map(p) + s.cat.damage_city * len(s.cities_of(p))


def regress(s: MegaState, p: int, steps: int) -> None:
    """Regression: the AST marker moves back (never before the first square)."""
    s.ast[p] = max(1, s.ast[p] - steps)


def wipe(s: MegaState, a: int) -> None:
    """Every unit in an area is destroyed (tokens to their owners' stocks, a city to its owner)."""
    for p in range(s.n):
        if s.tokens[p][a]:
            s.take_tokens(p, a, s.tokens[p][a])
    owner = s.city[a]
    if owner >= 0:
        s.city_stock[owner] += 1
    s.city[a] = -1
    s.barb[a] = 0


def destroy_city(s: MegaState, a: int) -> None:
    owner = s.city[a]
    s.city[a] = -1
    if owner >= 0:
        s.city_stock[owner] += 1


def annex_city(s: MegaState, a: int, to: int) -> None:
    """The city changes owner when the new owner has a city piece; otherwise it is destroyed."""
    owner = s.city[a]
    s.city_stock[owner] += 1
    if s.city_stock[to] > 0:
        s.city[a] = to
        s.city_stock[to] -= 1
    else:
        s.city[a] = -1


def annex_area(s: MegaState, victim: int, a: int, to: int) -> int:
    """All the victim's units in an area become the annexer's (from his stock, as far as
    it goes); returns the unit points taken."""
    points = 0
    if s.city[a] == victim:
        annex_city(s, a, to)
        points += s.cat.damage_city
    k = s.tokens[victim][a]
    if k:
        s.take_tokens(victim, a, k)
        put = min(k, s.stock[to])
        s.tokens[to][a] += put
        s.stock[to] -= put
        points += k
    return points
