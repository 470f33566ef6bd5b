"""The legal actions of the purchase and combat steps of Civilization: The Card Game as
the engine built them before the second round of issue 18 (8fb808d): a copy of
``rules/purchase.legal_main``, ``rules/combat.attacks`` and ``legal_declare``,
``rules/turn.steals``, and of the state's ``derive``, ``statuses``, ``free_plots`` and
``adjacent``, computed from the position's own fields with nothing kept between calls
(no ``derived``, ``held`` or tables beyond the action objects). The faster code must
give the very same action objects in the same order (``test_legal_speed.py``)."""

from __future__ import annotations

from itertools import compress
from typing import Any

from civtable.games.civ_card_game.catalog import WONDER
from civtable.games.civ_card_game.phases import ACTIVE, BOUNCED, DECLARE, MAIN, REDECLARE
from civtable.games.civ_card_game.rules.purchase import plot_payments
from civtable.games.civ_card_game.state import Derived


def derive(s: Any, p: int) -> Derived:
    r = s.rules
    culture = happy = dt = db = dw = extra = walls = wonders = 0
    eng = great = False
    for t in r.bits(s.techs[p]):
        culture += r.tech_culture[t]
        happy += r.tech_happiness[t]
        disc = r.tech_discount[t]
        dt += disc[0]
        db += disc[1]
        dw += disc[2]
        extra += r.tech_extra_draw[t]
        eng = eng or r.tech_two_slots[t]
    kind = r.kind
    for pl in s.plots[p]:
        for c in pl[2:]:
            culture += r.card_culture[c]
            happy += r.card_happiness[c]
            disc = r.card_discount[c]
            dt += disc[0]
            db += disc[1]
            dw += disc[2]
            extra += r.card_extra_draw[c]
            walls += r.card_walls[c]
            great = great or r.card_great_wall[c]
            wonders += kind[c] == WONDER
    return Derived(culture, happy, dt, db, dw, bool(eng), extra, walls, bool(great), wonders)


def status_holders(s: Any, values: list[int], threshold: int) -> list[int]:
    best = max(values)
    if best < threshold:
        return []
    tied = [p for p, v in enumerate(values) if v == best]
    if len(tied) > 1 and not s.rules.status_tie_shares:
        return []
    return tied


def statuses(s: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    nums = s.rules.numbers
    ds = [derive(s, q) for q in range(s.n)]
    return (tuple(status_holders(s, [d.culture for d in ds], nums["culture_threshold"])),
            tuple(status_holders(s, [d.happiness for d in ds], nums["happiness_threshold"])))


def free_plots(s: Any, p: int) -> list[int]:
    r = s.rules
    eng = derive(s, p).engineering
    crowd = r.slot_population
    one = r.slots_one
    if r.slots_add_up:
        one += eng
        return [i for i, pl in enumerate(s.plots[p]) if len(pl) - 2 < one + (pl[1] >= crowd)]
    if eng:
        two = r.slots_two
        return [i for i, pl in enumerate(s.plots[p]) if len(pl) - 2 < two]
    two = r.slots_two
    return [i for i, pl in enumerate(s.plots[p]) if len(pl) - 2 < (two if pl[1] >= crowd else one)]


def adjacent(s: Any, p: int) -> list[int]:
    n = s.n
    if s.rules.attack_anyone or n <= 3:
        return [q for q in range(n) if q != p]
    return sorted({(p + 1) % n, (p - 1) % n})


def steals(s: Any, p: int) -> list[Any]:
    r = s.rules
    mask = s.techs[p]
    used = s.used[p]
    writing = mask & r.writing_mask and not used & 1
    laws = mask & r.laws_mask and not used & 2
    if not (writing or laws):
        return []
    acts = r.acts
    out = []
    for q in range(s.n):
        if q == p:
            continue
        if writing and any(s.hand[q]):
            out.append(acts.writing[q])
        if laws and any(s.res[q]):
            out.append(acts.laws[q])
    return out


def attacks(s: Any, p: int, resend: bool) -> list[Any]:
    r = s.rules
    h = s.hand[p]
    if resend:
        kinds = sorted({a[0] for a in s.attacks if a[2] == BOUNCED and h[a[0]]})
    else:
        attacker = r.unit_attack
        kinds = [c for c in compress(r.card_range, h) if attacker[c]]
    if not kinds:
        return []
    targets = adjacent(s, p)
    acts = r.acts.attack
    return [acts[c][q] for c in kinds for q in targets]


def legal_declare(s: Any, p: int) -> list[Any]:
    resend = s.phase == REDECLARE
    out = attacks(s, p, resend=resend)
    if s.attacks and any(a[2] == ACTIVE for a in s.attacks) or resend:
        out.append(s.rules.acts.fight)
    if not resend and not s.attacks:
        out.append(s.rules.acts.pass_)
    return out


def legal_main(s: Any, p: int) -> list[Any]:
    r = s.rules
    acts = r.acts
    if s.attacks:
        return [*attacks(s, p, resend=False), acts.fight]
    res = s.res[p]
    f, h, c = res
    plots = s.plots[p]
    out: list[Any] = []
    if s.pop_bank and f >= r.pop_cost_base:
        base, step, pop = r.pop_cost_base, r.pop_cost_step, acts.pop
        out = [pop[i] for i, pl in enumerate(plots) if f >= base + step * pl[1]]
    cost = r.plot_cost_base + r.plot_cost_step * len(plots)
    if f + h + c >= cost and s.plot_display:
        plans = plot_payments(res, cost)
        row = acts.plot
        out += [row[t][spare] for t in sorted(set(s.plot_display)) for spare in plans]
    d = derive(s, p)
    happy = -1
    display = s.tech_display
    if display:
        price = r.tech_cost
        most = c + d.tech_discount
        if most + 1 >= min(map(price.__getitem__, display)):
            happy = p in statuses(s)[1]
            most += happy
            tech = acts.tech
            out += [tech[t] for t in sorted(display) if price[t] <= most]
    hand = s.hand[p]
    held = [k for k in r.placeable if hand[k]]
    if held:
        if happy < 0:
            happy = p in statuses(s)[1]
        building = h + d.building_discount + happy
        wonder = h + d.wonder_discount
        price = r.card_cost
        is_wonder = r.is_wonder
        held = [k for k in held if price[k] <= (wonder if is_wonder[k] else building)]
        if held:
            free = free_plots(s, p)
            build = acts.build
            out += [row[i] for row in [build[k] for k in held] for i in free]
    cashed = acts.cash
    out += [cashed[k] for k in r.resource_cards if hand[k]]
    if f + h + c >= r.trade_min:
        out += acts.trades_with[(f if f < 3 else 3) * 16 + (h if h < 3 else 3) * 4 + (c if c < 3 else 3)]
    if s.techs[p] & r.steal_mask:
        out += steals(s, p)
    if not r.steps_fixed and not s.fought:
        out += attacks(s, p, resend=False)
    out.append(acts.done)
    return out


REFERENCE = {MAIN: legal_main, DECLARE: legal_declare, REDECLARE: legal_declare}
"""The steps whose legal actions this module computes, by phase."""
