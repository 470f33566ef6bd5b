"""Population rules as pure functions: growth (MC-2.1), conflict (MC-4.1, MC-4.2),
cities (MC-5.1) and city support (MC-5.3). The state applies their results."""

from __future__ import annotations

from collections.abc import Collection, Mapping


def growth(tokens: int, one: int = 1, more: int = 2) -> int:
    """MC-2.1: +1 token where a player has exactly one, +2 where he has two or more."""
    if tokens <= 0:
        return 0
    return one if tokens == 1 else more


def conflict_arises(counts: Mapping[int, int], limit: int, whenever_shared: bool = False) -> bool:
    """MC-4.1 (conflict-trigger): two or more players in the area and, in reading A,
    more tokens than the population limit; reading B, whenever they share it."""
    present = [n for n in counts.values() if n > 0]
    if len(present) < 2:
        return False
    return whenever_shared or sum(present) > limit


def resolve_conflict(counts: Mapping[int, int], limit: int, last: Collection[int] | None = None) -> dict[int, int]:
    """MC-4.1.1 to MC-4.1.3: tokens removed one at a time until the area holds its limit.

    In each round the players remove in increasing order of their token counts, the
    one with fewer first, equal counts simultaneously (so the total may end one below
    the limit); a player with no tokens left is out, and the conflict ends when one
    player remains. With two players this is the source's alternate removal; with
    three or more it is the spec's default (conflict-details). Players in ``last``
    (Metalworking) remove in each round after everyone else, however few they have.
    """
    if last:
        return resolve_conflict_spared(counts, limit, last, {})[0]
    left = {p: n for p, n in counts.items() if n > 0}
    while len([n for n in left.values() if n > 0]) > 1 and sum(left.values()) > limit:
        for count in sorted({n for n in left.values() if n > 0}):
            group = [p for p, n in left.items() if n == count]
            if sum(left.values()) <= limit or len([n for n in left.values() if n > 0]) < 2:
                break
            for p in group:  # equal counts remove at the same time
                left[p] -= 1
    return {p: left.get(p, 0) for p in counts}


def resolve_conflict_spared(counts: Mapping[int, int], limit: int, last: Collection[int] | None,
                            spare: Mapping[int, int]) -> tuple[dict[int, int], dict[int, int]]:
    """MC-4.1 with substitutes (Naval Warfare's ships, Advanced Military's tokens from
    neighbouring areas): a player who must remove a token may remove one of his
    ``spare`` units instead, so his count in the area stays; who removes first is
    decided again each round on the counts left. Returns the tokens left and the
    substitutes spent. Without substitutes this is ``resolve_conflict``."""
    left = {p: n for p, n in counts.items() if n > 0}
    extra = {p: k for p, k in spare.items() if k > 0}
    spent = {p: 0 for p in counts}
    late = set(last or ())

    def alive() -> int:
        return len([n for n in left.values() if n > 0])

    while alive() > 1 and sum(left.values()) > limit:
        groups = [[p for p in left if left[p] == c and p not in late]
                  for c in sorted({n for p, n in left.items() if n > 0 and p not in late})]
        groups += [[p for p in left if left[p] == c and p in late]
                   for c in sorted({n for p, n in left.items() if n > 0 and p in late})]
        for group in groups:
            if sum(left.values()) <= limit or alive() < 2:
                break
            for p in group:
                if extra.get(p, 0) > 0:
                    extra[p] -= 1
                    spent[p] += 1
                else:
                    left[p] -= 1
    return {p: left.get(p, 0) for p in counts}, spent


def city_attack_succeeds_in_force(attackers: int, minimum: int = 7) -> bool:
    """MC-4.2.1: an attack by fewer than 7 tokens fails automatically."""
    return attackers >= minimum


def attacker_wins(attacker_left: int, defender_left: int, more_is_enough: bool = False) -> bool:
    """MC-4.2.3 (city-attack-win): A the defender has no tokens left; B the attacker has more."""
    if more_is_enough:
        return attacker_left > defender_left
    return defender_left == 0 and attacker_left > 0


def city_cost(city_site: bool, on_site: int = 6, elsewhere: int = 12) -> int:
    """MC-5.1: 6 tokens on a city site, 12 in any other area."""
    return on_site if city_site else elsewhere


def cities_supported(tokens_on_map: int, cities: int, per_city: int = 2) -> bool:
    """MC-5.3.1 (support-counting A): all the player's tokens on the map, 2 per city."""
    return tokens_on_map >= per_city * cities


def tax(cities: int, stock: int, per_city: int = 2) -> tuple[int, int]:
    """MC-1.1 (tax-source A): what a player pays from his stock and what stays unpaid."""
    due = per_city * cities
    paid = min(due, stock)
    return paid, due - paid


def revolts(unpaid: int, per_city: int = 2, per_city_unpaid: bool = False) -> int:
    """MC-1.2.1 (tax-revolt-count): A one city per defaulting player; B one per city
    whose tax stays unpaid (the unpaid amount in whole or part cities)."""
    if unpaid <= 0:
        return 0
    return -(-unpaid // per_city) if per_city_unpaid else 1
