"""Phase 4: conflicts between tokens and attacks on cities (MC-4), with the advances
that change them (Advanced Military, Naval Warfare, Metalworking, Engineering)."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ..state import MILITARY, PIRATE, REINFORCE
from .cards import add
from .flow import ask, next_in_queue
from .population import (
    attacker_wins,
    city_attack_succeeds_in_force,
    conflict_arises,
    resolve_conflict,
    resolve_conflict_spared,
)
from .report import Item, lost

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def phase_conflict(s: MegaState) -> None:
    """Holders of Advanced Military in a conflict first choose where they reinforce
    (step ``military``: ``reinforce AREA``, then ``done``); then every conflict is
    resolved (``conflicts``)."""
    fights = find_fights(s)
    players = [p for p in s.order if s.holds(p, "reinforce")
               and any(p in who and neighbour_tokens(s, p, a, fights) for a, who in fights.items())]
    if not ask(s, MILITARY, players):
        conflicts(s, fights)


def find_fights(s: MegaState) -> dict[int, list[int]]:
    """The areas with a conflict this phase and the players in each: token conflicts
    (MC-4.1) and attacks on cities with enough force (MC-4.2.1)."""
    n = s.n
    areas = s.board.areas
    out: dict[int, list[int]] = {}
    busy = list(map(any, zip(*s.tokens, strict=True)))
    for a in s.board.land_areas:
        if not busy[a]:
            continue  # no player's tokens: no conflict, no attack
        present = [p for p in range(n) if s.tokens[p][a]]
        owner = s.city[a]
        if owner == -1:
            counts = {p: s.tokens[p][a] for p in present}
            if s.barb[a]:
                counts[n] = s.barb[a]
            if conflict_arises(counts, areas[a].population_limit or 0, s.rules.conflict_when_shared):
                out[a] = present
            continue
        attackers = [p for p in present if p != owner]
        if not attackers:
            continue
        lead = min(attackers, key=lambda p: (-s.tokens[p][a], s.rank[p]))
        if city_attack_succeeds_in_force(s.tokens[lead][a], attack_numbers(s, lead, owner)[0]):
            out[a] = present + ([owner] if owner >= 0 else [])
    return out


def neighbour_tokens(s: MegaState, p: int, a: int, fights: Collection[int]) -> list[int]:
    """Advanced Military: the land-adjacent areas whose tokens p may remove instead
    of those in ``a``, most tokens first: his tokens there, no conflict of their own."""
    t = s.tokens[p]
    near = [b for b in s.board.areas[a].land if t[b] and b not in fights]
    return sorted(near, key=lambda b: (-t[b], b))


def reinforced(s: MegaState, p: int) -> list[int]:
    """The areas where p chose to reinforce this phase (Advanced Military)."""
    return [s.board.index(u[len(REINFORCE):]) for u in s.used[p] if u.startswith(REINFORCE)]


def legal_military(s: MegaState, p: int) -> list[Action]:
    fights = find_fights(s)
    ids = s.board.areas
    chosen = reinforced(s, p)
    g = s.rules.act
    return [g("reinforce", ids[a].id) for a, who in sorted(fights.items())
            if p in who and a not in chosen and neighbour_tokens(s, p, a, fights)] + [g("done")]


def play_military(s: MegaState, p: int, a: Action) -> None:
    if a.kind == "done":
        next_in_queue(s)
        return
    s.used[p].append(REINFORCE + a.args[0])
    if len(legal_military(s, p)) == 1:
        next_in_queue(s)


def conflicts(s: MegaState, fights: dict[int, list[int]] | None = None) -> None:
    """MC-4.0: all token conflicts, then all attacks on cities. Barbarian tokens take
    part in token conflicts as one more side (key ``n``). Conflicts where a holder of
    Advanced Military reinforces wait until the others are resolved (he may wait,
    and waiting never hurts him: he knows more)."""
    r = s.rules
    areas = s.board.areas
    n = s.n
    if fights is None:
        fights = find_fights(s)
    reinforce = {p: set(reinforced(s, p)) for p in range(n) if s.holds(p, "reinforce")}
    waiting = {a for chosen in reinforce.values() for a in chosen}
    pending = set(fights)  # areas whose conflict is not resolved yet: no reinforcement from there
    token_fights = [a for a in sorted(fights) if s.city[a] == -1]
    for a in [a for a in token_fights if a not in waiting] + [a for a in token_fights if a in waiting]:
        counts = {p: s.tokens[p][a] for p in range(n) if s.tokens[p][a]}
        if s.barb[a]:
            counts[n] = s.barb[a]
        if s.journal is not None:
            who = [p for p in s.order if p in counts]
            s.emit("conflict.barbarians" if n in counts else "conflict.fought",
                   {"area": areas[a].id, "players": who})
        settle(s, a, counts, areas[a].population_limit or 0, reinforce, pending)
        pending.discard(a)
    city_fights = [a for a in sorted(fights) if s.city[a] != -1]
    for a in [a for a in city_fights if a not in waiting] + [a for a in city_fights if a in waiting]:
        owner = s.city[a]
        attackers = {p: s.tokens[p][a] for p in range(n) if p != owner and s.tokens[p][a]}
        if not attackers:
            pending.discard(a)
            continue  # an earlier conflict took the attackers away (Advanced Military)
        lead = min(attackers, key=lambda p: (-attackers[p], s.rank[p]))
        minimum, defenders = attack_numbers(s, lead, owner)
        pending.discard(a)
        if not city_attack_succeeds_in_force(attackers[lead], minimum):
            if owner >= 0:
                s.emit("city.repelled", {"area": areas[a].id, "owner": owner, "attacker": lead,
                                         "attackers": attackers[lead], "needed": minimum})
            continue  # MC-4.2.1: the attack fails (city-attack-details: no further effect)
        s.city[a] = -1
        if owner == PIRATE:  # a pirate city falls to the attack and leaves nothing behind
            s.emit("pirates.fell", {"area": areas[a].id, "attacker": lead})
            counts = {p: s.tokens[p][a] for p in range(n) if s.tokens[p][a]}
            settle(s, a, counts, areas[a].population_limit or 0, reinforce, pending)
            continue
        # MC-4.2.2: the city becomes 6 of its owner's tokens, then a token conflict
        s.city_stock[owner] += 1
        defenders = min(defenders, s.stock[owner])
        s.tokens[owner][a] += defenders
        s.stock[owner] -= defenders
        s.emit("city.fell", {"area": areas[a].id, "owner": owner, "attacker": lead, "defenders": defenders})
        counts = {p: s.tokens[p][a] for p in range(n) if s.tokens[p][a]}
        after = settle(s, a, counts, areas[a].population_limit or 0, reinforce, pending)
        if attacker_wins(after.get(lead, 0), after.get(owner, 0), r.attack_win_by_more):
            plunder(s, lead, owner)
    for p in range(n):  # the ships leave the map; the choices of this phase are spent
        s.ship_stock[p] += len(s.docked[p])
        s.docked[p] = []
        if p in reinforce:
            s.used[p] = [u for u in s.used[p] if not u.startswith(REINFORCE)]
    s.phase = 5


def plunder(s: MegaState, lead: int, owner: int) -> None:
    """MC-4.2.3: the winner of a city attack takes 1 random trade card from the former
    owner (``plunder_card``) and (plunder-source) 3 treasury tokens, from the former
    owner's treasury (A) or from his own stock (B). Tokens are each player's colour:
    plunder moves treasury by colour."""
    plunder_card(s, lead, owner)
    r = s.rules
    amount = r.tables.numbers["plunder_treasury"]
    if r.plunder_from_stock:
        k = min(amount, s.stock[lead])
    else:  # A: the former owner's treasury tokens go back to his stock
        k = min(amount, s.treasury[owner], s.stock[lead])
        s.treasury[owner] -= k
        s.stock[owner] += k
    s.stock[lead] -= k
    s.treasury[lead] += k
    s.emit("city.plundered", {"attacker": lead, "owner": owner, "amount": k})


def plunder_card(s: MegaState, lead: int, owner: int) -> int | None:
    """MC-4.2.3: "he may take 1 random trade card from the player who owned the city":
    one card drawn at random (the state's generator) from the former owner's trade
    cards goes to the attacker's hand; he always takes it (a card never hurts: the hand
    limit lets him discard in phase 12). A calamity is no trade card to plunder (none is
    held in phase 4: all are resolved in phase 9). A former owner with no trade card
    loses none, and nothing is drawn from the generator. Which card: the two players
    only; the others are told that a card changed hands (its stack shows on the back)."""
    cards = s.cat.cards
    hand = s.hands[owner]
    pool = [c for c in hand if not cards[c].calamity]
    if not pool:
        return None
    card = pool[s.rng.below(len(pool))]
    hand.remove(card)
    add(s, lead, card)
    if s.journal is not None:
        s.emit("card.plundered", {"attacker": lead, "owner": owner}, exclude=(lead, owner))
        s.emit("card.plundered_own", {"attacker": lead, "owner": owner, "card": cards[card].id}, to=(lead, owner))
    return card


def attack_numbers(s: MegaState, attacker: int, owner: int) -> tuple[int, int]:
    """MC-4.2.1 and MC-4.2.2: 7 attackers needed, 6 defenders; Engineering makes it 8 and 7
    against its holder, 6 and 5 for its holder (not when both sides hold it)."""
    nums = s.rules.tables.numbers
    minimum, defenders = nums["city_attack_minimum"], nums["city_attack_defenders"]
    att = s.holds(attacker, "city_attack")
    dfn = s.holds(owner, "city_defence") if owner >= 0 else None
    if att and not dfn:
        minimum, defenders = att, s.holds(attacker, "city_attack_left")
    elif dfn and not att:
        minimum, defenders = dfn, s.holds(owner, "city_defence_left")
    return minimum, defenders


def settle(s: MegaState, a: int, counts: dict[int, int], limit: int,
           reinforce: dict[int, set[int]] | None = None, pending: Collection[int] = (),
           cause: str = "conflict") -> dict[int, int]:
    """MC-4.1.1 to MC-4.1.3: resolve one conflict; MC-4.1.2: removal continues until the
    area holds its population limit. Naval Warfare: its holder removes his ships in
    the area instead of tokens; Advanced Military (where he chose to reinforce): then
    tokens from land-adjacent areas without a conflict still to come (``pending``),
    the fullest first. Barbarians (key ``n``) are one more side without substitutes."""
    n = s.n
    shut = {a, *pending}
    spare: dict[int, int] = {}
    for p in counts:
        if p == n:
            continue
        k = s.docked[p].count(a) if s.holds(p, "ships_in_conflict") else 0
        if reinforce and a in reinforce.get(p, ()):
            k += sum(s.tokens[p][b] for b in neighbour_tokens(s, p, a, shut))
        if k:
            spare[p] = k
    told = s.journal is not None
    items: dict[int, list[Item]] = {p: [] for p in counts} if told else {}
    ids = s.board.ids
    if spare:
        after, spent = resolve_conflict_spared(counts, limit, removal_order(s, counts), spare)
        for p, k in spent.items():
            if p == n or not k:
                continue  # barbarians have no substitutes (issue 13: the barbarian side has no advances)
            ships = min(k, s.docked[p].count(a)) if s.holds(p, "ships_in_conflict") else 0
            for _ in range(ships):
                s.docked[p].remove(a)
                s.ship_stock[p] += 1
            if told and ships:
                items[p].append({"ships": ships, "area": ids[a]})
            for _ in range(k - ships):
                b = neighbour_tokens(s, p, a, shut)[0]
                s.tokens[p][b] -= 1
                s.stock[p] += 1
                if told:
                    items[p].append({"tokens": 1, "area": ids[b]})
    else:
        after = resolve_conflict(counts, limit, removal_order(s, counts))
    for p, k in after.items():
        if p == n:
            if told and counts[p] > k:
                s.emit("barbarians.lost", {"area": ids[a], "lost": counts[p] - k, "left": k})
            s.barb[a] = k
            continue
        removed = counts[p] - k
        s.tokens[p][a] = k
        s.stock[p] += removed
        if told and removed:
            items[p].insert(0, {"tokens": removed, "area": ids[a]})
    if told:
        for p in s.order:
            if p in items:
                lost(s, p, _merged(items[p]), cause)
    return after


def _merged(items: list[Item]) -> list[Item]:
    """Token losses in the same area added up."""
    out: list[Item] = []
    for item in items:
        same = next((x for x in out if "tokens" in x and "tokens" in item and x["area"] == item["area"]), None)
        if same is not None:
            same["tokens"] += item["tokens"]
        else:
            out.append(dict(item))
    return out


def removal_order(s: MegaState, counts: dict[int, int]) -> list[int] | None:
    """Metalworking: in each removal round its holders remove after those without it."""
    holders = [p for p in counts if p < s.n and s.holds(p, "removes_last")]
    return holders or None
