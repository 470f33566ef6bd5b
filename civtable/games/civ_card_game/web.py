"""Civilization: The Card Game drawn for the browser (``Game.html``) and the things
actions act on (``Game.action_target``).

Everything is built from the viewer's observation (nothing hidden can show) and the
card set's names; every text is escaped. The page marks each element whose
``data-target`` names the target of a legal action as clickable:

    draft:PLOT        a plot of the draft row           (draft)
    display:PLOT      a plot for sale                   (plot)
    tech:TECH         a technology for sale             (tech)
    hand:CARD         a card of the viewer's hand       (build, cash, discard, attack)
    plot:SEAT:N       plot N of a player                (place, yield, pop, lose, gain)
    placed:SEAT:N:C   card C placed on plot N           (destroy)
    res:SEAT:R        a player's resource R             (take, give)
    player:SEAT       a player's area                   (writing, laws)
    combat:UNIT       an attacking unit                 (bounce, block)
    bank              the bank                          (trade)

Actions with no target (done, fight, pass, siege, draw) stay in the page's menu.
"""

from __future__ import annotations

from html import escape
from typing import Any

from civtable.core.events import Viewer
from civtable.core.messages import join

from .catalog import RESOURCE_NAMES, RESOURCES, WONDER, PlayCard, Tech
from .render import deciding, obs_population_cost, result, seat
from .words import Names, card_effects, tech_effects

CSS = """
.ccg .ccg-now{font-size:1.05rem;margin:0 0 .6rem;padding:.45rem .7rem;border-radius:8px;background:#ddf4ff}
.ccg .ccg-now.mine{background:#dafbe1;font-weight:600}
.ccg .ccg-now.over{background:#fff8c5}
.ccg .ccg-row{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.ccg .ccg-piles{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center}
.ccg .pile{height:74px;width:92px;font-size:.8rem;text-align:center}
.ccg .pile b{font-size:1.2rem;color:#1f2328}
.ccg .card{width:132px;min-height:112px}
.ccg .card.small{width:112px;min-height:0}
.ccg .card .title{border-radius:5px;padding:.1rem .3rem;margin:-.1rem -.1rem .1rem}
.ccg .k-tech .title{background:#ddf4ff}
.ccg .k-building .title{background:#f5e0c3}
.ccg .k-wonder .title{background:#fff1a8}
.ccg .k-unit .title{background:#ffd8d3}
.ccg .k-resource .title{background:#d2f4d8}
.ccg .k-plot .title{background:#e6f4d7}
.ccg .card .pay{font-weight:700;color:#0969da}
.ccg .card .vp{float:right;font-size:.72rem;background:#eee;border-radius:6px;padding:0 .3rem}
.ccg .ccg-player{border:1px solid #d0d7de;border-radius:10px;padding:.5rem .7rem;margin:.7rem 0;background:#fbfcfd}
.ccg .ccg-player.turn{border-color:#1a7f37;box-shadow:0 0 0 2px #aceebb}
.ccg .ccg-player.me{background:#f6fbff}
.ccg .ccg-head{display:flex;flex-wrap:wrap;gap:.6rem;align-items:baseline}
.ccg .ccg-head .who{font-weight:700;font-size:1.05rem}
.ccg .ccg-head .stat{color:#57606a}
.ccg .badge{font-size:.75rem;border-radius:10px;padding:0 .45rem;background:#eaeef2}
.ccg .badge.culture{background:#fbefff}
.ccg .badge.happy{background:#fff8c5}
.ccg .ccg-res{display:inline-flex;gap:.3rem;margin:.35rem 0}
.ccg .chip{display:inline-block;white-space:nowrap;border-radius:12px;padding:.05rem .55rem;font-weight:600;border:1px solid #d0d7de}
.ccg .chip.mini{font-size:.75rem;font-weight:600;padding:0 .35rem;margin-right:.15rem}
.ccg .chip.food{background:#e6f4d7}
.ccg .chip.hammers{background:#f1e4d3}
.ccg .chip.commerce{background:#fff1a8}
.ccg .plot{width:160px;min-height:0}
.ccg .plot.collecting{box-shadow:0 0 0 3px #54aeff}
.ccg .pop{letter-spacing:1px;color:#8250df;font-size:1rem}
.ccg .slots{font-size:.75rem;color:#57606a}
.ccg .placed{border:1px solid #d0d7de;border-radius:5px;padding:.1rem .25rem;margin-top:.15rem;font-size:.75rem}
.ccg .placed.k-wonder{background:#fff8d6}
.ccg .placed.k-building{background:#fbf3e8}
.ccg .ccg-combat{border:2px solid #cf222e;border-radius:10px;padding:.5rem .7rem;margin:.6rem 0;background:#fff5f5}
.ccg .attack{display:flex;gap:.4rem;align-items:center;margin:.2rem 0}
.ccg .attack .card{min-height:0}
.ccg .status-blocked,.ccg .status-bounced,.ccg .status-sieged{opacity:.55}
.ccg .ccg-over{font-size:1.2rem;font-weight:700}
"""

STATUS_WORDS = {"active": "not blocked", "blocked": "blocked", "bounced": "bounced back by the walls",
                "sieged": "sent against the City Walls"}
KINDS = {"building": "Building", "wonder": "Wonder", "unit": "Unit", "resource": "Resource"}


# ------------------------------------------------------------------ targets
def action_target(text: str, obs: dict[str, Any]) -> str | None:
    """The ``data-target`` of the thing an action acts on (module docstring)."""
    kind, *args = text.split() or [""]
    me = obs.get("player")
    if not args:
        return "bank" if kind == "trade" else None
    if kind == "draft":
        return f"draft:{args[0]}"
    if kind == "plot":
        return f"display:{args[0]}"
    if kind == "tech":
        return f"tech:{args[0]}"
    if kind in ("build", "cash", "discard", "attack"):
        return f"hand:{args[0]}"
    if kind in ("place", "pop", "lose", "gain"):
        return f"plot:{me}:{args[0]}"
    if kind == "yield":
        collect = obs["pending"]["queue"]
        return f"plot:{me}:{collect[0][0] + 1}" if collect and isinstance(collect[0], list) else None
    if kind == "destroy" and len(args) > 1:
        return f"placed:{me}:{args[1]}:{args[0]}"
    if kind in ("take", "give"):
        return f"res:{obs['pending']['target']}:{args[0]}"
    if kind in ("writing", "laws"):
        return f"player:{args[0]}"
    if kind in ("bounce", "block"):
        return f"combat:{args[0]}"
    if kind == "trade":
        return "bank"
    return None


def _t(target: str) -> str:
    return f' data-target="{escape(target)}"'


# ------------------------------------------------------------------ the page
def html(obs: dict[str, Any], viewer: Viewer, names: Names) -> str:
    """The whole table for ``viewer``: what is decided now, the displays and piles,
    the combat in progress, and every player's area (the viewer's first, with his hand)."""
    out = [f"<div class=\"ccg\"><style>{CSS}</style>", _now(obs, viewer)]
    out.append(_market(obs, viewer, names))
    out.append(_combat(obs, viewer, names))
    if viewer is not None:
        out.append(_player(obs, obs["players"][viewer], viewer, names))
    out.append('<div class="ccg-others">')
    out += [_player(obs, view, viewer, names) for view in obs["players"] if view["seat"] != viewer]
    out.append("</div></div>")
    return "".join(out)


def _now(obs: dict[str, Any], viewer: Viewer) -> str:
    """Whose turn, the step, who decides and what."""
    if obs["over"]:
        return f'<p class="ccg-now over ccg-over">{escape(result(obs, viewer))}</p>'
    who, what = deciding(obs, viewer)
    when = f"Turn {obs['turn']}, {seat(obs['current'], viewer)}'s turn" if obs["turn"] else "Set-up"
    mine = viewer is not None and viewer in obs["to_move"]
    lead = "Your decision: " if mine else f"{who[:1].upper()}{who[1:]} decides: "
    return (f'<p class="ccg-now{" mine" if mine else ""}">{escape(when)} · step <b>{escape(obs["phase"])}</b> · '
            f'{escape(lead)}{escape(what)}</p>')


def _market(obs: dict[str, Any], viewer: Viewer, names: Names) -> str:
    me = obs["players"][viewer] if viewer is not None else None
    out = ['<section class="zone ccg-market"><div class="ccg-row">']
    if obs["draft"]:
        out.append('<div><h4>Draft row</h4><div class="cards">')
        out += [_plot_card(p, names, f"draft:{p}") for p in obs["draft"]]
        out.append("</div></div>")
    if obs["tech_display"]:
        out.append('<div><h4>Technologies for sale (1 VP each)</h4><div class="cards">')
        out += [_tech_card(names.tech[t], names, me, f"tech:{t}") for t in obs["tech_display"]]
        out.append("</div></div>")
    if obs["plot_display"]:
        out.append('<div><h4>Plots for sale</h4><div class="cards">')
        cost = f'<div class="pay">costs you {me["plot_cost"]} resources</div>' if me is not None else ""
        out += [_plot_card(p, names, f"display:{p}", cost) for p in obs["plot_display"]]
        out.append("</div></div>")
    out.append("</div>")
    discarded = sum(obs["discard"].values())
    listing = ", ".join(f"{k}× {names.of(c)}" if k > 1 else names.of(c) for c, k in sorted(
        obs["discard"].items(), key=lambda kv: names.of(kv[0])))
    bank = names.cards.numbers["bank_trade"]
    out.append('<div class="ccg-piles">')
    out += [_pile("Play deck", obs["deck_size"]),
            _pile("Discard pile", discarded, listing),
            _pile("Technology deck", obs["tech_deck_size"]),
            _pile("Plot deck", obs["plot_deck_size"]),
            _pile("Population bank", obs["population_bank"]),
            f'<div class="pile"{_t("bank")} title="{bank} resources buy 1 from the bank">Bank<b>{bank}:1</b></div>']
    statuses = []
    for key, title, css in (("highest_culture", "Highest Culture", "culture"),
                            ("highest_happiness", "Highest Happiness", "happy")):
        holders = obs[key]
        statuses.append(f'<span class="badge {css}">{title}: '
                        f'{escape(join([seat(p, viewer) for p in holders]) if holders else "nobody")}</span>')
    out.append(" ".join(statuses))
    out.append("</div></section>")
    return "".join(out)


def _pile(title: str, count: int, listing: str = "") -> str:
    tip = f' title="{escape(listing)}"' if listing else ""
    return f'<div class="pile"{tip}>{escape(title)}<b>{count}</b></div>'


def _plot_card(plot_id: str, names: Names, target: str, cost: str = "") -> str:
    plot = names.plot[plot_id]
    return (f'<div class="card k-plot"{_t(target)}><div class="title">{escape(plot.name)}</div>'
            f'<div class="note">a turn: {_yields(plot.yields)}</div>{cost}</div>')


def _tech_card(tech: Tech, names: Names, me: dict[str, Any] | None, target: str, size: str = "") -> str:
    return (f'<div class="card k-tech{size}"{_t(target)}><div class="title">{escape(tech.name)}<span class="vp">1 VP</span>'
            f'</div>{_cost(tech.cost, me["discounts"][0] if me is not None else 0, "Commerce")}'
            f'{_effects(tech_effects(tech, names.cards, stats=False))}{_stats(tech.culture, tech.happiness)}</div>')


def _cost(cost: int, off: int, paid_with: str) -> str:
    """A printed cost, and what the viewer pays when his discounts change it."""
    out = f'<div class="cost">{cost} {paid_with}</div>'
    if off and cost:
        out += f'<div class="pay">you pay {max(0, cost - off)}</div>'
    return out


def _effects(text: str) -> str:
    return "" if text in ("-", "no effect") else f'<div class="note">{escape(text)}</div>'


def _yields(values: Any) -> str:
    return "".join(f'<span class="chip mini {r}">{_resource(r, n)}</span>'
                   for r, n in zip(RESOURCES, values, strict=True) if n)


def _resource(r: str, n: int) -> str:
    """``"hammers", 1`` -> "1 Hammer"."""
    name = RESOURCE_NAMES[RESOURCES.index(r)]
    return f"{n} {'Hammer' if n == 1 and r == 'hammers' else name}"


def _stats(culture: int, happiness: int) -> str:
    parts = ([f"culture {culture}"] if culture else []) + ([f"happiness {happiness}"] if happiness else [])
    return f'<div class="note">{escape(", ".join(parts))}</div>' if parts else ""


def _play_card(card: PlayCard, names: Names, me: dict[str, Any] | None, count: int, target: str) -> str:
    """A card of the hand: its kind, cost (what the viewer pays), what it does, how many."""
    cost = ""
    if card.placed:
        cost = _cost(card.cost, me["discounts"][2 if card.kind == WONDER else 1] if me is not None else 0, "Hammers")
    vp = '<span class="vp">1 VP</span>' if card.kind == WONDER else ""
    many = f'<div class="count">×{count}</div>' if count > 1 else ""
    return (f'<div class="card k-{card.kind}"{_t(target)}><div class="title">{escape(card.name)}{vp}</div>'
            f'<div class="note">{escape(KINDS[card.kind])}</div>{cost}'
            f'{_effects(card_effects(card, names.cards, stats=False))}{_stats(card.culture, card.happiness)}{many}</div>')


def _combat(obs: dict[str, Any], viewer: Viewer, names: Names) -> str:
    """The combat in progress: each attacker, whom it attacks, its state and blocker."""
    combat = obs["combat"]
    if not combat:
        return ""
    blockers = {b["attack"]: b["unit"] for b in combat["blocks"]}
    damage = {d["attack"]: d for d in combat["damage"]}
    out = [f'<section class="ccg-combat"><h4>Combat: {escape(seat(combat["attacker"], viewer))} attacks</h4>']
    for i, a in enumerate(combat["attacks"]):
        unit = names.card[a["unit"]]
        what = f"attacks {seat(a['defender'], viewer)}: {STATUS_WORDS[a['status']]}"
        if i in blockers:
            what += f" by {names.of(blockers[i])}"
        if i in damage:
            left = damage[i]
            owed = [f"{left['population']} population"] if left["population"] else []
            owed += [f"{left['buildings']} building{'s' if left['buildings'] > 1 else ''}"] if left["buildings"] else []
            what += f" (still takes {join(owed)})" if owed else ""
        out.append(f'<div class="attack status-{escape(a["status"])}">'
                   f'<div class="card small k-unit"{_t("combat:" + a["unit"])}><div class="title">'
                   f'{escape(unit.name)}</div><div class="note">{escape(card_effects(unit, names.cards))}</div></div>'
                   f"<span>{escape(what)}</span></div>")
    out.append("</section>")
    return "".join(out)


def _player(obs: dict[str, Any], view: dict[str, Any], viewer: Viewer, names: Names) -> str:
    p = view["seat"]
    classes = ["zone", "ccg-player"] + (["me"] if p == viewer else []) + (["turn"] if p == obs["current"] else [])
    who = seat(p, viewer)
    pops = sum(pl["population"] for pl in view["plots"])
    wonders = sum(1 for pl in view["plots"] for c in pl["cards"] if names.card[c].kind == WONDER)
    techs = len(view["technologies"])
    badges = [title for key, title in (("highest_culture", "Highest Culture"),
                                       ("highest_happiness", "Highest Happiness")) if p in obs[key]]
    if p == obs["dealer"]:
        badges.append("dealer")
    head = (f'<div class="ccg-head"{_t(f"player:{p}")}><span class="who">{escape(who[:1].upper() + who[1:])}</span>'
            f'<span class="stat"><b>{view["vp"]} VP</b> ({techs} tech, {pops} pop, {wonders} wonder'
            f'{"s" if wonders != 1 else ""})</span><span class="stat">culture {view["culture"]} · happiness '
            f'{view["happiness"]}</span><span class="stat">{view["hand_size"]} card{"s" if view["hand_size"] != 1 else ""}'
            f' in hand</span>' + "".join(f'<span class="badge">{escape(b)}</span>' for b in badges) + "</div>")
    res = "".join(f'<span class="chip {r}"{_t(f"res:{p}:{r}")}>{_resource(r, view["resources"][r])}</span>'
                  for r in RESOURCES)
    out = [f'<section class="{" ".join(classes)}">', head, f'<div class="ccg-res">{res}</div>']
    off = list(view["discounts"])
    if any(off):
        out.append(f'<span class="slots"> discounts: {escape("; ".join(_discounts(off)))}</span>')
    collecting = _collecting(obs, p)
    out.append('<h4>Plots</h4><div class="cards">')
    for i, pl in enumerate(view["plots"], 1):
        out.append(_plot(obs, pl, p, i, viewer, names, collecting == i))
    out.append("</div>")
    if view["technologies"]:
        out.append('<h4>Technologies</h4><div class="cards">')
        out += [_tech_card(names.tech[t], names, None, f"owned:{p}:{t}", " small") for t in view["technologies"]]
        out.append("</div>")
    if "hand" in view:
        out.append(f'<h4>Your hand ({view["hand_size"]})</h4><div class="cards">')
        hand = sorted(view["hand"].items(), key=lambda kv: (list(KINDS).index(names.card[kv[0]].kind),
                                                            names.of(kv[0])))
        out += [_play_card(names.card[c], names, view, k, f"hand:{c}") for c, k in hand]
        out.append("</div>")
    out.append("</section>")
    return "".join(out)


def _discounts(d: list[int]) -> list[str]:
    return [f"{what} cost {n} less" for what, n in zip(("technologies", "buildings", "wonders"), d, strict=True) if n]


def _collecting(obs: dict[str, Any], p: int) -> int:
    """The plot (from 1) whose populations choose their yield now, or 0."""
    queue = obs["pending"]["queue"]
    if obs["phase"] == "collect" and p == obs["current"] and queue and isinstance(queue[0], list):
        return int(queue[0][0]) + 1
    return 0


def _plot(obs: dict[str, Any], pl: dict[str, Any], p: int, i: int, viewer: Viewer, names: Names,
          collecting: bool) -> str:
    """One plot as a card: its yield, its population, its slots and what is built on it."""
    plot = names.plot[pl["plot"]]
    pop = pl["population"]
    dots = "●" * min(pop, 8) + (f"+{pop - 8}" if pop > 8 else "")
    price = ""
    if p == viewer and obs["turn"] and not obs["over"]:
        price = f'<div class="cost">next population {obs_population_cost(pop, names)} Food</div>'
    placed = "".join(
        f'<div class="placed k-{names.card[c].kind}"{_t(f"placed:{p}:{i}:{c}")} title="'
        f'{escape(card_effects(names.card[c], names.cards))}">{escape(names.of(c))}'
        f'{" (wonder)" if names.card[c].kind == WONDER else ""}</div>' for c in pl["cards"])
    free = pl["slots"] - len(pl["cards"])
    return (f'<div class="card plot k-plot{" collecting" if collecting else ""}"{_t(f"plot:{p}:{i}")}>'
            f'<div class="title">{i}. {escape(plot.name)}</div>'
            f'<div class="note">{_yields(plot.yields)}</div>'
            f'<div><span class="pop" title="population">{dots}</span> {pop} pop</div>{price}{placed}'
            f'<div class="slots">{len(pl["cards"])} of {pl["slots"]} slot{"s" if pl["slots"] != 1 else ""} used'
            f'{"" if free > 0 else " (full)"}</div></div>')

