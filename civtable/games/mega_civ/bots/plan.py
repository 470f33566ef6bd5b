"""The ``strategic`` bot's movement plan: one plan per turn, made when its movement
starts and then played move by move (so no token goes back the way another came).

The plan works on what the seat sees (``view.SeatView``) and the map, in token units
(a token on the map is worth 1), in this order:

1. cities: free city sites it can fill to 6 tokens this turn from the neighbouring
   areas (by ship too), while the cities it would then have stay supported (MC-5.3)
   and it has a city piece;
2. attacks: a rival's city it can take (MC-4.2: enough attackers to leave the owner
   no token, counted with the owner's stock as his 6 defenders) or a token conflict it
   wins (MC-4.1), when the net gain passes the strategy's threshold;
3. defence: its cities that a rival still to move can take get tokens from their
   neighbours (tokens over the limit in a city's area fight in phase 4 and are
   removed only in phase 5);
4. ships, where the map calls for them: an island or a coast with no free land next to
   its tokens sends up to a shipload to a free site or an empty area overseas;
5. spreading what would be removed as surplus into free neighbours, toward free
   city sites, as long as the stock will still pay the next tax (a token left over
   the limit goes back to the stock in phase 5).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.population import resolve_conflict
from ..view import table_of
from .seatmap import MapInfo, needed_cities

if TYPE_CHECKING:
    from ..options import Rules
    from ..view import SeatView
    from .strategy import Play

FAR = 99
ISLAND = 4
"""Lands of at most this many areas are islands: their tokens go overseas by ship."""


@dataclass
class Numbers:
    on_site: int
    elsewhere: int
    attack_minimum: int
    defenders: int
    ship_capacity: int
    support: int
    tax: int


class Planner:
    """One movement plan for seat ``v.player`` (``plan()``: the action texts in order)."""

    def __init__(self, v: SeatView, info: MapInfo, rules: Rules, play: Play,
                 attack_cities: bool = True, attack_tokens: bool = True) -> None:
        self.v, self.info, self.rules, self.play = v, info, rules, play
        self.attack_cities, self.attack_tokens = attack_cities, attack_tokens
        me = self.me = v.player
        nums = rules.tables.numbers
        self.nums = Numbers(nums["city_on_site"], nums["city_elsewhere"], nums["city_attack_minimum"],
                            nums["city_attack_defenders"], v.holds(me, "ship_capacity") or nums["ship_capacity"],
                            nums["support_per_city"] + (v.holds(me, "support_delta") or 0),
                            max(0, nums["tax_per_city"] + v.tax_rate[me]))
        self.mine = list(v.tokens[me])
        self.avail = [k - m for k, m in zip(self.mine, v.moved, strict=True)]
        self.locked: set[int] = set()  # areas whose tokens stay (targets of the plan)
        self.actions: list[str] = []
        self.cities = len(v.cities_of(me))
        self.builds: list[int] = []
        self.lost = 0  # tokens the plan expects to lose in conflicts (back to the stock)
        self.ships_built = 0
        self.treasury = v.treasury[me]
        later = v.order[v.order.index(me) + 1:] if v.step == "move" else v.order
        self.threats = [q for q in later if q != me]  # rivals who still move after this seat
        self.crowd = table_of(id(rules)).crowd.totals(v.tokens)  # every player's tokens by area
        self.own = v.tokens[me]
        self._top: dict[int, tuple[int, int]] = {}
        self.short_of_cities = needed_cities(v, rules) - self.cities
        """How many cities the requirements of the seat's next AST square still lack (MC-13.1.1)."""
        vps = v.vps()
        self.leader = max((q for q in range(v.n) if q != me), key=lambda q: vps[q], default=me)

    # ------------------------------------------------------------ what the seat sees
    def others(self, a: int) -> int:
        """Rival tokens and barbarians in ``a``."""
        return self.v.barb[a] + self.crowd[a] - self.own[a]

    def top(self, a: int) -> tuple[int, int]:
        """The rival with most tokens in ``a`` and how many (-1, 0: none)."""
        found = self._top.get(a)
        if found is None:
            v = self.v
            best, most = -1, 0
            for q in range(v.n):
                if q != self.me and v.tokens[q][a] > most:
                    best, most = q, v.tokens[q][a]
            found = self._top[a] = (best, most)
        return found

    def free_site(self, a: int) -> bool:
        v = self.v
        return self.info.site[a] and v.city[a] == -1 and not v.barb[a] and a not in self.builds

    # ------------------------------------------------------------ the plan
    def plan(self) -> list[str]:
        if self.v.city_stock[self.me]:
            self.plan_cities()
        if self.attack_cities:
            self.plan_city_attacks()
        if self.attack_tokens:
            self.plan_conflicts()
        if self.play.defend:
            self.plan_defence()
        if self.play.ships and self.v.ship_stock[self.me]:
            self.plan_ships()
        self.plan_spread()
        self.plan_thinning()
        self.actions.append("done")
        return self.actions

    def move(self, a: int, b: int, k: int = 1) -> None:
        ids = self.info.ids
        for _ in range(k):
            self.actions.append(f"move {ids[a]} {ids[b]}")
        self.mine[a] -= k
        self.avail[a] -= k
        self.mine[b] += k

    def surplus(self, a: int) -> int:
        """Tokens in ``a`` over its limit that may move (they would be removed in phase 5)."""
        return max(0, min(self.avail[a], self.mine[a] - self.info.limit[a]))

    def sources(self, target: int, need: int, keep_home: bool = True) -> list[tuple[int, int]] | None:
        """Where ``need`` tokens for ``target`` come from: its land neighbours, surplus
        first, then the fullest; None if they cannot."""
        land = self.info.land[target]
        limit = self.info.limit
        pool = []
        for b in land:
            if b in self.locked or self.avail[b] <= 0:
                continue
            spare = self.avail[b] - (1 if keep_home and self.mine[b] <= limit[b] and self.v.city[b] != self.me else 0)
            if spare > 0:
                pool.append(b)
        if sum(self.avail[b] for b in pool) < need:
            return None
        out: list[tuple[int, int]] = []
        left = need
        for b in sorted(pool, key=lambda b: (-self.surplus(b), -self.avail[b], b)):
            k = min(left, self.avail[b])
            if k:
                out.append((b, k))
                left -= k
            if not left:
                return out
        return None

    def map_after(self) -> int:
        """The seat's tokens on the map after the surplus removal of phase 5 (MC-5.2),
        as the plan leaves them (areas with rivals: the plan's own count, at most the limit)."""
        limit = self.info.limit
        total = 0
        for a, k in enumerate(self.mine):
            if k and a not in self.builds:
                total += min(k, limit[a])
        return total - self.lost

    def margin(self) -> int:
        """The support margin against calamities: none for a first city (it loses nothing
        to a reduction that it would not lose by not being built), none while the AST's
        next square needs more cities."""
        if self.short_of_cities > 0:
            return 0
        return min(self.play.support_margin, self.cities)

    def supported(self, extra_cities: int) -> bool:
        need = self.nums.support * (self.cities + len(self.builds) + extra_cities) + self.margin()
        return self.map_after() >= need

    # ------------------------------------------------------------ 1. cities
    def plan_cities(self) -> None:
        v = self.v
        pieces = v.city_stock[self.me]
        on_site = self.nums.on_site
        info = self.info
        for a, k in enumerate(self.mine):
            if k >= on_site and self.free_site(a) and not self.others(a) and len(self.builds) < pieces:
                self.builds.append(a)  # already there: keep them
                self.locked.add(a)
        candidates = []
        seen: set[int] = set()
        for a, k in enumerate(self.mine):
            if not k:
                continue
            for b in (a, *info.land[a]):
                if b in seen or not self.free_site(b):
                    continue
                seen.add(b)
                if self.others(b):
                    continue  # taken by attacks, not here
                need = on_site - self.mine[b]
                if need > 0:
                    candidates.append((need, -info.limit[b], b))
        eager = self.short_of_cities - len(self.builds) > 0  # the AST waits for cities: pull harder
        for _need, _, b in sorted(candidates):
            if len(self.builds) >= pieces:
                return
            if b in self.builds:
                continue
            found = self.sources(b, on_site - self.mine[b], keep_home=not eager)
            if found is None:
                continue
            saved = self.save()
            for src, k in found:
                self.move(src, b, k)
            self.builds.append(b)
            self.locked.add(b)
            if not self.supported(0):
                self.restore(saved)

    def save(self) -> tuple[list[int], list[int], int, list[int], set[int], int]:
        return self.mine[:], self.avail[:], len(self.actions), self.builds[:], set(self.locked), self.lost

    def restore(self, saved: tuple[list[int], list[int], int, list[int], set[int], int]) -> None:
        self.mine, self.avail, n, self.builds, self.locked, self.lost = saved
        del self.actions[n:]

    # ------------------------------------------------------------ 2. attacks
    def attack_numbers(self, owner: int) -> tuple[int, int]:
        """MC-4.2.1 / MC-4.2.2 with Engineering (as ``rules.conflict.attack_numbers``)."""
        v = self.v
        minimum, defenders = self.nums.attack_minimum, self.nums.defenders
        att = v.holds(self.me, "city_attack")
        dfn = v.holds(owner, "city_defence") if owner >= 0 else None
        if att and not dfn:
            minimum, defenders = att, v.holds(self.me, "city_attack_left")
        elif dfn and not att:
            minimum, defenders = dfn, v.holds(owner, "city_defence_left")
        return minimum, defenders

    def weight(self, q: int) -> float:
        """What hurting rival ``q`` is worth: the leader's losses count double."""
        return self.play.hurt_weight * (2.0 if q == self.leader else 1.0)

    def reachable(self) -> set[int]:
        """The areas next to one where the seat has tokens free to move."""
        return {b for a, k in enumerate(self.mine) if self.avail[a] > 0 for b in self.info.land[a]}

    def worth_it(self, options: list[tuple[float, int, int]]) -> Iterator[tuple[int, int]]:
        """The attacks ``(net gain, area, tokens)`` whose net gain passes the strategy's
        threshold, best first: ``(area, tokens)``."""
        for net, area, k in sorted(options, reverse=True):
            if net < self.play.attack_threshold:
                return
            yield area, k

    def plan_city_attacks(self) -> None:
        """MC-4.2: a rival's or a pirate city taken by enough attackers to leave its owner
        no token (his stock counted as his defenders), where nobody else stands."""
        v = self.v
        info = self.info
        limit = info.limit
        options = []
        for c in self.reachable():
            owner = v.city[c]
            if owner == -1 or owner == self.me or c in self.locked:
                continue
            minimum, defenders = self.attack_numbers(owner)
            if owner >= 0:
                defenders = min(defenders, v.stock[owner]) + v.tokens[owner][c]
                defenders += 1 if owner in self.threats else 0  # he may still bring one more
            else:  # a pirate city falls to the attack and leaves nothing
                defenders = 0
            bystanders = self.others(c) - (v.tokens[owner][c] if owner >= 0 else 0)
            if bystanders:
                continue
            reach = self.mine[c] + sum(self.avail[b] for b in info.land[c] if b not in self.locked)
            k = max(minimum, self.mine[c])
            while k <= reach:
                left = resolve_conflict({0: k, 1: defenders}, limit[c]) if defenders else {0: min(k, limit[c]), 1: 0}
                if left[1] == 0 and left[0] > 0:
                    break
                k += 1
            if k > reach:
                continue
            lost = k - left[0]
            gain = self.play.city_value * (self.weight(owner) * 2 if owner >= 0 else 0.5)
            gain += 3 + (4 if owner >= 0 and v.hand_size(owner) else 0)  # plunder: treasury and a card
            if info.site[c]:
                gain += 2  # the site is free for a city of the seat's own
            options.append((gain - 0.5 * lost, c, k))
        for c, k in self.worth_it(options):
            need = k - self.mine[c]
            found = self.sources(c, need, keep_home=False)
            if found is None:
                continue
            for src, n in found:
                self.move(src, c, n)
            self.locked.add(c)
            self.lost += k // 2

    def plan_conflicts(self) -> None:
        """MC-4.1: a token conflict with one rival in an area without a city, won with the
        surplus of the neighbouring areas."""
        v = self.v
        info = self.info
        limit = info.limit
        options = []
        for b in self.reachable():
            if v.city[b] != -1 or b in self.locked or not self.others(b) or v.barb[b]:
                continue
            q, theirs = self.top(b)
            if theirs != self.others(b):
                continue  # two rivals or more: no plan for that
            reach = sum(self.surplus(x) for x in info.land[b] if x not in self.locked)
            reach = min(reach, theirs + limit[b] + 2)
            if reach <= 0:
                continue
            have = self.mine[b] + reach
            left = resolve_conflict({0: have, 1: theirs}, limit[b])
            if left[1]:
                continue
            value = theirs * self.weight(q) + (3 if info.site[b] else 0) + limit[b] * 0.5
            if v.city[b] == -1 and any(v.city[x] == self.me for x in info.land[b]):
                value += 1
            lost = have - left[0]
            options.append((value - 0.3 * lost, b, reach))
        for b, reach in self.worth_it(options):
            moved = 0
            for x in sorted(info.land[b], key=lambda x: -self.surplus(x)):
                k = min(self.surplus(x), reach - moved)
                if k > 0 and x not in self.locked:
                    self.move(x, b, k)
                    moved += k
            if moved:
                self.locked.add(b)

    # ------------------------------------------------------------ 3. defence
    def plan_defence(self) -> None:
        """MC-4.2.2: a city of the seat that a rival still to move could take with all his
        tokens next to it gets tokens from its neighbours (over their limits first) until
        the attack would fail; nothing moves when it cannot be held."""
        v = self.v
        info = self.info
        if not self.threats:
            return
        stock = v.stock[self.me]
        crowd, own = self.crowd, self.own
        for c in v.cities_of(self.me):
            minimum, defenders = self.attack_numbers_against(c)
            if crowd[c] - own[c] + sum(crowd[b] - own[b] for b in info.land[c]) < minimum:
                continue  # all the rivals' tokens there and around could not take it
            best = 0
            for q in self.threats:
                t = v.tokens[q]
                best = max(best, t[c] + sum(t[b] for b in info.land[c]))
            if best < minimum:
                continue
            saved = self.save()
            held = False
            while True:
                have = min(defenders, stock) + self.mine[c]
                if resolve_conflict({0: best, 1: have}, info.limit[c])[1] > 0:
                    held = True
                    break
                src = max((b for b in info.land[c] if b not in self.locked and self.avail[b] > 0),
                          key=lambda b: (self.surplus(b), self.avail[b], -b), default=None)
                if src is None or (self.surplus(src) == 0 and self.avail[src] <= 1):
                    break
                self.move(src, c)
            if held:
                self.locked.add(c)
            else:
                self.restore(saved)

    def attack_numbers_against(self, c: int) -> tuple[int, int]:
        """The attackers needed against the seat's city and its defenders (Engineering)."""
        v = self.v
        nums = self.nums
        dfn = v.holds(self.me, "city_defence")
        if dfn:
            return dfn, v.holds(self.me, "city_defence_left")
        return nums.attack_minimum, nums.defenders

    # ------------------------------------------------------------ 4. ships
    def plan_ships(self) -> None:
        """MC-3.3 to MC-3.5: a ship where the land around the seat's tokens holds no free
        city site: it carries up to a shipload to a free site (a city at once when it
        makes 6 there) or to an empty area next to free sites, paid from the treasury
        when it can (the tokens go back to the stock)."""
        v = self.v
        info = self.info
        rules = self.rules
        me = self.me
        ids = info.ids
        reach_steps = v.holds(me, "ship_moves")
        open_sea = bool(v.holds(me, "open_sea"))
        budget = min(self.play.max_ships, v.ship_stock[me])
        while self.ships_built < budget:
            slack = self.stock_slack()
            best: tuple[float, int, int, int, str] | None = None
            for a, k in enumerate(self.mine):
                if not k or not info.coastal[a] or a in self.locked or not self.island(a):
                    continue
                spare = self.avail[a] - min(2, info.limit[a])  # two stay at home to grow
                pay = "treasury" if self.treasury >= 2 else "mixed" if self.treasury >= 1 else "tokens"
                cost = {"treasury": 0, "mixed": 1, "tokens": 2}[pay]
                load = min(self.nums.ship_capacity, spare - cost)
                if load < 2:
                    continue
                for b in rules.sea_reach(a, reach_steps, open_sea):
                    if b in self.locked or v.city[b] != -1 or self.others(b) or not info.limit[b]:
                        continue
                    city = self.free_site(b) and self.mine[b] + load >= self.nums.on_site
                    if not city and (slack < load - self.surplus(a) or self.mine[b]):
                        continue  # the stock cannot spare them, or the seat is there already
                    value = self.sea_value(b, load)
                    if best is None or value > best[0]:
                        best = (value, a, b, load, pay)
            if best is None or best[0] < 5:
                return
            _, a, b, load, pay = best
            self.actions.append(f"ship {ids[a]} {pay}")
            if pay == "treasury":
                self.treasury -= 2
            elif pay == "mixed":
                self.treasury -= 1
                self.mine[a] -= 1
                self.avail[a] -= 1
            else:
                self.mine[a] -= 2
                self.avail[a] -= 2
            self.actions.append(f"sail {ids[a]} {ids[b]} {load}")
            self.mine[a] -= load
            self.avail[a] -= load
            self.mine[b] += load
            self.locked.add(b)
            if self.free_site(b) and self.mine[b] >= self.nums.on_site and len(self.builds) < v.city_stock[me]:
                self.builds.append(b)
            self.ships_built += 1

    def land_room(self, a: int) -> int:
        """Free room for the seat's tokens in the land neighbours of ``a``."""
        info = self.info
        v = self.v
        room = 0
        for b in info.land[a]:
            if v.city[b] == -1 and not self.others(b):
                room += max(0, info.limit[b] - self.mine[b])
        return room

    def island(self, a: int) -> bool:
        """``a`` is on an island (a land of at most ``ISLAND`` areas: Crete, Cyprus), or
        the land within three steps of it holds no free city site (a coast that the seat
        and its rivals have filled)."""
        info = self.info
        if info.landmass[a] <= ISLAND:
            return True
        ring = {a}
        edge = [a]
        for _ in range(3):
            edge = [c for b in edge for c in info.land[b] if c not in ring]
            ring.update(edge)
        return not any(self.free_site(b) and not self.others(b) for b in ring)

    def sea_value(self, b: int, load: int) -> float:
        """A landing in ``b``: a city at once, a free site, free sites next to it."""
        info = self.info
        value = 0.0
        if self.free_site(b):
            value += 3 + (9 if self.mine[b] + load >= self.nums.on_site else 0)
        value += min(load + self.mine[b], info.limit[b]) * 0.5
        sites = sum(1 for x in info.land[b] if self.free_site(x) and not self.others(x))
        return value + 1.5 * sites

    # ------------------------------------------------------------ 5. spreading
    def stock_slack(self) -> int:
        """How many more tokens the plan may keep on the map while the stock still pays
        the next tax (MC-1.1) with the strategy's reserve: the stock, what the surplus
        removal (MC-5.2), the cities and the conflicts give back, half the treasury
        (spent on advances in phase 12), less the tax."""
        limit = self.info.limit
        builds = len(self.builds)
        need = self.nums.tax * (self.cities + builds) + self.play.stock_reserve
        stock = self.v.stock[self.me] + self.nums.on_site * builds + self.lost + self.treasury // 4
        culled = sum(max(0, k - limit[a]) for a, k in enumerate(self.mine) if k and a not in self.builds)
        return stock + culled - need

    def plan_spread(self) -> None:
        v = self.v
        info = self.info
        limit = info.limit
        slack = self.stock_slack()
        if slack <= 0:
            return
        distance = self.site_distance()
        for a in sorted(range(len(self.mine)), key=lambda a: -self.surplus(a)):
            if slack <= 0:
                return
            if a in self.locked:
                continue
            extra = self.surplus(a)
            while extra > 0 and slack > 0:
                targets = []
                for b in info.land[a]:
                    if b in self.locked or v.city[b] != -1 or self.others(b) or v.barb[b]:
                        continue
                    room = limit[b] - self.mine[b]
                    if room <= 0:
                        continue
                    targets.append((self.mine[b] == 0, info.site[b], -distance.get(b, FAR), room, -b, b))
                if not targets:
                    break
                b = max(targets)[-1]
                self.move(a, b)
                extra -= 1
                slack -= 1

    def plan_thinning(self) -> None:
        """MC-1.2: a stock that cannot pay the next tax costs a city. A ship paid from the
        treasury (MC-3.4 c) sends 2 treasury tokens back to the stock (it need not sail);
        then tokens move into the seat's own full areas, to be removed as surplus in
        phase 5 (MC-5.2), as long as the cities stay supported."""
        slack = self.stock_slack() - self.play.stock_reserve // 2
        if slack >= 0:
            return
        v = self.v
        info = self.info
        me = self.me
        coast = next((a for a, k in enumerate(self.mine) if k and info.coastal[a]), None)
        ships = v.ship_stock[me] - self.ships_built
        while slack < 0 and ships > 0 and coast is not None and self.treasury >= 2:
            self.actions.append(f"ship {info.ids[coast]} treasury")
            self.treasury -= 2
            ships -= 1
            self.ships_built += 1
            slack += 2
        limit = info.limit
        need = self.nums.support * (self.cities + len(self.builds)) + self.margin()
        room = self.map_after() - need
        while slack < 0 and room > 0:
            best = None
            for b, k in enumerate(self.mine):
                if not k or self.avail[b] <= 0 or b in self.locked or self.mine[b] > limit[b]:
                    continue
                for a in info.land[b]:
                    if self.mine[a] >= limit[a] and a not in self.builds and not self.others(a) and v.city[a] == -1:
                        key = (self.mine[b] == 1, -self.mine[b], -b, -a)
                        if best is None or key > best[0]:
                            best = (key, b, a)
            if best is None:
                return
            _, b, a = best
            self.move(b, a)
            slack += 1
            room -= 1

    def site_distance(self, depth: int = 4) -> dict[int, int]:
        """Steps by land from each area near the seat to the nearest free city site."""
        info = self.info
        frontier = [a for a in range(len(self.mine)) if self.free_site(a) and not self.others(a)]
        dist = {a: 0 for a in frontier}
        d = 0
        while frontier and d < depth:
            d += 1
            nxt = []
            for a in frontier:
                for b in info.land[a]:
                    if b not in dist:
                        dist[b] = d
                        nxt.append(b)
            frontier = nxt
        return dist


def plan_moves(v: SeatView, info: MapInfo, rules: Rules, play: Play, attack_cities: bool = True,
               attack_tokens: bool = True) -> Sequence[str]:
    """The seat's movement this turn, as action texts ending with ``done``."""
    return Planner(v, info, rules, play, attack_cities, attack_tokens).plan()
