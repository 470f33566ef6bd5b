"""Phase 10: special abilities (MC-10): the abilities some Civilization Advances
grant, used by each player in AST order (MC-10.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..catalog import slug
from ..state import PIRATE, PROVINCIAL, SPECIAL
from .cards import discard
from .damage import annex_area, push, wipe
from .flow import next_in_ast_order
from .report import report, snapshot
from .tasks import run_tasks

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def special_actions(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    cards = s.cat.cards
    used = s.used[p]
    out: list[Action] = []
    changes = sorted({d for a in s.owned[p] for d in s.cat.advances[a].params.get("tax_change", [])})
    if changes and "tax" not in used:
        out += [g("tax-rate", k) for k in sorted({0, *changes}) if k != s.tax_rate[p]]
    for a in s.owned[p]:
        kind = s.cat.advances[a].params.get("special")
        if not kind or kind in used and kind not in ("trade_routes", "diaspora", "provincial_empire"):
            continue
        params = s.cat.advances[a].params
        if kind == "trade_routes":
            out += [g("trade-routes", cards[c].id) for c in sorted(set(s.hands[p])) if cards[c].commodity]
        elif kind == "politics":
            if s.stock[p]:
                out.append(g("politics-treasury"))
            out += [g("politics-annex", ids[b].id) for b in targets(s, p, params)
                    if s.treasury[p] >= units_in(s, b)]
        elif kind in ("fundamentalism", "monotheism"):
            out += [g(kind, ids[b].id) for b in targets(s, p, params)]
        elif kind == "universal_doctrine":
            out += [g("universal-doctrine", ids[b].id) for b in range(len(ids))
                    if s.city[b] == -2 or s.barb[b]]
        elif kind == "provincial_empire":
            chosen = provincial_chosen(s, p)
            if len(chosen) < params.get("players", 5):
                out += [g("provincial-empire", q) for q in provincial_victims(s, p, params) if q not in chosen]
        elif kind == "diaspora" and used.count("diaspora") < params.get("tokens", 5):
            out += diaspora_moves(s, p)
    return out


def land_neighbours(s: MegaState, p: int) -> list[int]:
    areas = s.board.areas
    mine = [a for a in range(len(areas)) if s.tokens[p][a] or s.city[a] == p]
    near = {b for a in mine for b in areas[a].land}
    return sorted(near)


def units_in(s: MegaState, b: int) -> int:
    return sum(s.tokens[q][b] for q in range(s.n)) + (s.cat.damage_city if s.city[b] >= 0 else 0)


def targets(s: MegaState, p: int, params: dict[str, Any]) -> list[int]:
    """Areas next to the player's units by land holding other players' units, none of
    them immune (holders of the advances in ``immune``; barbarians and pirate cities are)."""
    immune_adv = immune_advances(s, params)
    out = []
    for b in land_neighbours(s, p):
        owners = {q for q in range(s.n) if s.tokens[q][b]} | ({s.city[b]} if s.city[b] >= 0 else set())
        if not owners or p in owners or s.city[b] == -2 or s.barb[b]:
            continue
        if any(a in s.owned[q] for q in owners for a in immune_adv):
            continue
        out.append(b)
    return out


def immune_advances(s: MegaState, params: dict[str, Any]) -> list[int]:
    """The advances whose holders an ability cannot touch (named in its ``immune`` list)."""
    index = s.cat.advance_index
    return [index[slug(name)] for name in params.get("immune", []) if slug(name) in index]


def provincial_chosen(s: MegaState, p: int) -> list[int]:
    return [int(u[len(PROVINCIAL):]) for u in s.used[p] if u.startswith(PROVINCIAL)]


def provincial_victims(s: MegaState, p: int, params: dict[str, Any]) -> list[int]:
    """Provincial Empire: the players p may choose (units next to his by land or water,
    a card of face value 2 or more to give, not protected), in AST order."""
    immune_adv = immune_advances(s, params)
    areas = s.board.areas
    mine = [a for a in range(len(areas)) if s.tokens[p][a] or s.city[a] == p]
    near = {b for a in mine for b in (*areas[a].land, *areas[a].water)} | set(mine)
    cards = s.cat.cards
    out = []
    for q in s.order:
        if q == p or any(a in s.owned[q] for a in immune_adv):
            continue
        if not any(s.tokens[q][b] or s.city[b] == q for b in near):
            continue
        if any(cards[c].commodity and cards[c].face_value >= params.get("min_face", 2) for c in s.hands[q]):
            out.append(q)
    return out


def diaspora_moves(s: MegaState, p: int) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    froms = [a for a in range(len(ids)) if s.tokens[p][a]]
    tos = [b for b in s.board.land_areas if s.city[b] == -1 and not s.barb[b]
           and sum(s.tokens[q][b] for q in range(s.n)) == s.tokens[p][b]
           and s.tokens[p][b] + 1 <= (ids[b].population_limit or 0)]
    return [g("diaspora", ids[a].id, ids[b].id) for a in froms for b in tos if a != b]


def phase_special(s: MegaState) -> None:
    s.target = -1
    next_special(s)


def next_special(s: MegaState) -> None:
    """MC-10.1: each player in AST order uses the abilities he wants."""
    if not next_in_ast_order(s, SPECIAL, special_actions):
        s.phase = 11


def legal_special(s: MegaState, p: int) -> list[Action]:
    return special_actions(s, p) + [s.rules.act("done")]


def play_special(s: MegaState, p: int, a: Action) -> None:
    """MC-10.1: one use of an ability; its effects are told as losses and gains."""
    k = a.kind
    used = s.used[p]
    if k == "done":
        next_special(s)
        return
    special = SPECIALS.get(k)
    before = snapshot(s) if special else None
    if k == "tax-rate":
        s.tax_rate[p] = int(a.args[0])
        used.append("tax")
    elif k == "trade-routes":
        c = s.cat.card(a.args[0])
        discard(s, p, c)
        gain_treasury(s, p, 2 * s.cat.cards[c].face_value)
    elif k == "politics-treasury":
        gain_treasury(s, p, 5)
        used.append("politics")
    elif k == "politics-annex":
        b = s.board.index(a.args[0])
        cost = units_in(s, b)
        s.treasury[p] -= cost
        s.stock[p] += cost
        for q in range(s.n):
            if q != p and (s.tokens[q][b] or s.city[b] == q):
                annex_area(s, q, b, p)
        used.append("politics")
    elif k == "fundamentalism":
        wipe(s, s.board.index(a.args[0]))
        used.append("fundamentalism")
    elif k == "monotheism":
        b = s.board.index(a.args[0])
        for q in range(s.n):
            if q != p and (s.tokens[q][b] or s.city[b] == q):
                annex_area(s, q, b, p)
        used.append("monotheism")
    elif k == "universal-doctrine":
        b = s.board.index(a.args[0])
        if s.city[b] == PIRATE:
            s.city[b] = -1
            if s.city_stock[p]:
                s.city[b] = p
                s.city_stock[p] -= 1
        else:
            take = min(s.barb[b], 5, s.stock[p])
            s.barb[b] -= min(s.barb[b], 5)
            s.tokens[p][b] += take
            s.stock[p] -= take
        used.append("universal_doctrine")
    elif k == "provincial-empire":  # one chosen player gives a card now; up to 5 a turn
        params = next(s.cat.advances[x].params for x in s.owned[p] if s.cat.advances[x].params.get("special") == "provincial_empire")
        q = int(a.args[0])
        push(s, "give", q, q, 1, -1, [p, params.get("min_face", 2)])
        used.append(f"{PROVINCIAL}{q}")
        if not run_tasks(s):
            return
    elif k == "diaspora":
        src, dst = s.board.index(a.args[0]), s.board.index(a.args[1])
        s.tokens[p][src] -= 1
        s.tokens[p][dst] += 1
        used.append("diaspora")
    if special:
        report(s, before, ability(s, p, special))
    if not special_actions(s, p):
        next_special(s)


SPECIALS = {"politics-annex": "politics", "politics-treasury": "politics", "trade-routes": "trade_routes",
            "fundamentalism": "fundamentalism", "monotheism": "monotheism", "universal-doctrine": "universal_doctrine"}
"""The abilities whose effects (units, treasury, cards) are told as losses and gains."""


def ability(s: MegaState, p: int, special: str) -> str:
    """The id of the player's advance that grants this ability."""
    return next((s.cat.advances[a].id for a in s.owned[p] if s.cat.advances[a].params.get("special") == special),
                special)


def gain_treasury(s: MegaState, p: int, k: int) -> None:
    k = min(k, s.stock[p])
    s.stock[p] -= k
    s.treasury[p] += k
