"""Calamities, part 4: tasks, the choices a calamity or an ability still needs.

A task asks its chooser one unit at a time (``lose AREA``, ``reduce AREA``,
``victim SEAT``) and resolves by itself when only one choice is left. The same
tasks serve the advances' abilities (phases 10 and 12), and an advance gained
(``gain``) makes its on-purchase effects tasks. The decision step of a task and the
way back to the phase that started the tasks are ``task_step.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state import TASK
from .cards import add, discard
from .damage import (
    CHOOSER,
    COUNT,
    EXTRA,
    KIND,
    annex_area,
    annex_city,
    coastal_cities,
    destroy_city,
    offer_buy_off,
    other_block,
    param,
    push,
    regress,
)
from .disasters import off_plain, quake_neighbours
from .invasions import barbarian_targets, barbarians_attack

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def options(s: MegaState, t: list[Any]) -> list[Action]:
    g = s.rules.act
    ids = s.board.areas
    kind, chooser, victim, count, card, extra = t
    cards = s.cat.cards
    if kind == "lose":
        scope = range(len(ids)) if extra is None else extra
        tok = [g("lose", ids[a].id) for a in scope if s.tokens[victim][a]]
        cit = [g("lose-city", ids[a].id) for a in scope if s.city[a] == victim and not off_plain(s, t, a)]
        return tok + cit
    if kind in ("reduce", "destroy"):
        if extra == INLAND:  # Enlightenment's cities: non-coastal ones while he has any
            mine = s.cities_of(victim)
            scope = [a for a in mine if not ids[a].coastal] or mine
        else:
            scope = s.cities_of(victim) if extra is None else [a for a in extra if s.city[a] == victim]
        return [g(kind, ids[a].id) for a in scope]
    if kind == "support":
        return [g("reduce", ids[a].id) for a in unsupported(s, victim, extra)]
    if kind == "annex":
        mine = [a for a in range(len(ids)) if s.tokens[victim][a] or s.city[a] == victim]
        taken = extra[1:] if isinstance(extra, list) else []
        near = [a for a in mine if any(b in taken for b in ids[a].land)]
        return [g("annex", ids[a].id) for a in (near or mine)]
    if kind == "barbarians":
        return [g("barbarians", ids[a].id) for a in barbarian_targets(s, t)]
    if kind == "annex-city":
        return [g("annex", ids[a].id) for a in s.cities_of(victim)]
    if kind == "pirate":
        return [g("pirate", ids[a].id) for a in coastal_cities(s, victim)]
    if kind == "quake-neighbour":
        return [g("reduce", ids[a].id) for a in quake_neighbours(s, extra)]
    if kind == "victims":
        return [g("victim", q) for q in eligible(s, t)]
    if kind == "discard":  # Banditry: a card kept (paid for) is selected and cannot be again
        cost, kept = keep_terms(extra)
        left = list(s.hands[victim])
        for c in kept:
            if c in left:
                left.remove(c)
        kinds = [c for c in sorted(set(left)) if cards[c].commodity]
        out = [g("discard", cards[c].id) for c in kinds]
        if cost and s.treasury[victim] >= cost:
            out += [g("keep", cards[c].id) for c in kinds]
        return out
    if kind == "discard-value":
        return [g("discard", cards[c].id) for c in sorted(set(s.hands[victim])) if cards[c].commodity]
    if kind == "pay-or":
        return [g("pay", count), g("refuse")]
    if kind == "regress-or":
        return [g("regress"), g("destroy-cities")]
    if kind == "buy-off":
        kinds = sorted({c for c in s.hands[victim] if cards[c].commodity})
        pairs = [g("buy-off", cards[a].id, cards[b].id) for i, a in enumerate(kinds) for b in kinds[i:]
                 if a != b or s.hands[victim].count(a) >= 2]
        return pairs + [g("suffer")]
    if kind == "give":
        return [g("give", cards[c].id) for c in sorted(set(s.hands[victim]))
                if cards[c].commodity and cards[c].face_value >= extra[1]]
    if kind == "credit":
        return [g("credit", grp) for grp in s.cat.groups]
    if kind == "free-advance":
        return [g("take", s.cat.advances[a].id) for a in extra if a not in s.owned[victim]] + [g("none")]
    raise AssertionError(kind)


INLAND = "inland"  # a destroy task's scope: non-coastal cities if possible (Enlightenment)


def unsupported(s: MegaState, p: int, rate: int) -> list[int]:
    """Slave Revolt: the cities the victim may reduce while his support at ``rate`` tokens a
    city fails (support-counting A: all his tokens; B: each city's own and adjacent areas)."""
    cities = s.cities_of(p)
    if s.rules.support_local:
        t = s.tokens[p]
        areas = s.board.areas
        return [a for a in cities if t[a] + sum(t[b] for b in areas[a].land) < rate]
    return [] if len(cities) * rate <= s.tokens_on_map(p) else cities


def keep_terms(extra: Any) -> tuple[int, list[int]]:
    """Banditry's task data: the price of keeping a card, and the cards kept so far."""
    if isinstance(extra, list):
        return (int(extra[0]), [int(c) for c in extra[1:]]) if extra else (0, [])
    return int(extra or 0), []


def eligible(s: MegaState, t: list[Any]) -> list[int]:
    """Secondary victims: other players with something to lose (never the Beneficiary when
    the calamity says so, never a player immune by an advance), not chosen twice."""
    kind, chooser, victim, count, card, extra = t
    task, _, excluded = extra[:3]
    chosen = extra[3:] if len(extra) > 3 else []
    immune = s.cat.cards[card].immune_secondary if card >= 0 else ()
    elsewhere = other_block(s, victim, card) if card >= 0 else set()
    out = []
    for q in s.order:
        if q in (victim, excluded) or q in chosen or q in elsewhere or any(a in s.owned[q] for a in immune):
            continue
        if task == "lose" and not (s.tokens_on_map(q) or s.cities_of(q)):
            continue
        if task in ("reduce",) and not s.cities_of(q):
            continue
        if task == "pirate" and not coastal_cities(s, q):
            continue
        out.append(q)
    return out


def run_tasks(s: MegaState) -> bool:
    """Resolve tasks until one needs a choice (True: nothing is waiting, False: asked)."""
    while s.tasks:
        t = s.tasks[-1]
        if t[COUNT] <= 0:
            s.tasks.pop()
            continue
        opts = options(s, t)
        if not opts:
            s.tasks.pop()
            continue
        if len(opts) == 1:
            do_task(s, t[CHOOSER], opts[0])
            continue
        s.step, s.queue, s.decider = TASK, [t[CHOOSER]], t[CHOOSER]
        return False
    return True


def do_task(s: MegaState, p: int, a: Action) -> None:
    t = s.tasks[-1]
    kind, chooser, victim, count, card, extra = t
    board = s.board
    k = a.kind
    if k == "lose":
        area = board.index(a.args[0])
        s.take_tokens(victim, area, 1)
        t[COUNT] -= s.cat.damage_token
    elif k == "lose-city":
        area = board.index(a.args[0])
        destroy_city(s, area)
        t[COUNT] -= s.cat.damage_city
    elif k == "reduce":
        area = board.index(a.args[0])
        s.reduce_city(s.city[area], area)
        t[COUNT] -= 1 if kind != "support" else 0
        _quake_origin(s, area)
    elif k == "destroy":
        area = board.index(a.args[0])
        destroy_city(s, area)
        t[COUNT] -= 1
        _quake_origin(s, area)
    elif k == "annex":
        area = board.index(a.args[0])
        if kind == "annex-city":
            annex_city(s, area, extra)
            t[COUNT] -= 1
        elif isinstance(extra, list):  # [annexer, areas taken so far]
            t[EXTRA] = [*extra, area]
            t[COUNT] -= annex_area(s, victim, area, extra[0])
        else:
            t[COUNT] -= annex_area(s, victim, area, extra)
    elif k == "pirate":
        area = board.index(a.args[0])
        owner = s.city[area]
        s.city[area] = -2
        s.city_stock[owner] += 1
        t[COUNT] -= 1
    elif k == "victim":
        q = int(a.args[0])
        t[EXTRA] = extra = [*extra, q]  # a new list: a clone's task shares the old one
        t[COUNT] -= 1
        task, key, _ = extra[:3]
        amount = param(s, card, q, "secondary", key) if card >= 0 else 1
        below = s.tasks.pop()  # his tasks go under the choice of the next victims
        push(s, task, q if task != "pirate" else victim, q, amount, card)
        if task == "reduce" and amount > 0 and card >= 0:
            offer_buy_off(s, q, card, "secondary")
        s.tasks.append(below)
    elif k in ("discard", "keep"):
        c = s.cat.card(a.args[0])
        if k == "keep":
            cost, kept = keep_terms(extra)
            s.treasury[victim] -= cost
            s.stock[victim] += cost
            t[EXTRA] = [cost, *kept, c]
            t[COUNT] -= 1
        else:
            discard(s, victim, c)
            t[COUNT] -= 1 if kind == "discard" else s.cat.cards[c].face_value
    elif k == "pay":
        s.treasury[victim] -= count
        s.stock[victim] += count
        s.tasks.pop()
        return
    elif k == "refuse":
        s.tasks.pop()
        c = s.cat.cards[card]
        scope = [x for x in range(len(board.areas)) if board.areas[x].coastal] if c.params.get("coastal") else None
        push(s, "destroy", victim, victim, param(s, card, victim, "primary", "cities"), card, scope)
        return
    elif k == "regress":
        s.tasks.pop()
        regress(s, victim, count)
        return
    elif k == "destroy-cities":  # Enlightenment: two cities per step instead of the step back
        t[COUNT] -= 1
        push(s, "destroy", victim, victim, int(s.cat.cards[card].params.get("instead_cities", 2)), card, INLAND)
        return
    elif k == "buy-off":
        discard(s, victim, s.cat.card(a.args[0]))
        discard(s, victim, s.cat.card(a.args[1]))
        s.tasks.pop()
        s.tasks.pop()  # the city reductions below it are avoided
        return
    elif k == "suffer":
        s.tasks.pop()
        return
    elif k == "barbarians":
        barbarians_attack(s, t, board.index(a.args[0]))
    elif k == "give":
        c = s.cat.card(a.args[0])
        s.hands[victim].remove(c)
        add(s, extra[0], c)
        t[COUNT] -= 1
        if s.journal is not None:  # which card: the two players only
            s.emit("card.given", {"giver": victim, "receiver": extra[0]}, exclude=(extra[0],))
            s.emit("card.received", {"player": extra[0], "card": s.cat.cards[c].id, "from": victim}, to=(extra[0],))
    elif k == "credit":
        s.extra_credit[chooser][s.cat.groups.index(a.args[0])] += 5
        t[COUNT] -= 1
    elif k == "take":
        adv = s.cat.advance(a.args[0])
        s.tasks.pop()
        gain(s, chooser, adv, 0)
        return
    elif k == "none":
        s.tasks.pop()
        return
    if t[COUNT] <= 0 and s.tasks and s.tasks[-1] is t:
        s.tasks.pop()


def gain(s: MegaState, p: int, adv: int, paid: int) -> None:
    """The advance is the player's; its on-purchase effects become tasks."""
    i = 0
    owned = s.owned[p]
    while i < len(owned) and owned[i] < adv:
        i += 1
    owned.insert(i, adv)
    s.paid[p].insert(i, paid)
    s.bought[p].append(adv)
    params = s.cat.advances[adv].params
    extra = params.get("extra_credit")
    if extra:
        push(s, "credit", p, p, int(extra) // 5, -1)
    free = params.get("free_advance")
    if free:
        choices = [a.index for a in s.cat.advances if free["group"] in a.groups and a.cost < free["cost_below"]]
        push(s, "free-advance", p, p, 1, -1, choices)


def _quake_origin(s: MegaState, area: int) -> None:
    """The earthquake's neighbour is chosen around the city it struck."""
    if len(s.tasks) >= 2 and s.tasks[-2][KIND] == "quake-neighbour" and s.tasks[-2][EXTRA] is None:
        s.tasks[-2][EXTRA] = area
