"""Civilization: The Card Game drawn for the browser (``Game.html``) and the things
actions act on (``Game.action_target``).

Everything is built from the viewer's observation (nothing hidden can show) and the
card set's names, in the reader's language (``tr``; ``html`` is ``@localizable``);
every text is escaped. The page marks each element whose ``data-target`` names the
target of a legal action as clickable:

    draft:PLOT        a plot of the draft row           (draft)
    display:PLOT      a plot for sale                   (plot)
    tech:TECH         a technology for sale             (tech)
    hand:CARD         a card of the viewer's hand       (build, cash, discard, attack)
    plot:SEAT:N       plot N of a player                (place, pop, build's plot, lose, gain)
    placed:SEAT:N:C   card C placed on plot N           (destroy)
    res:SEAT:R        a player's resource R             (yield, take, give)
    player:SEAT       a player's area                   (writing, laws)
    combat:UNIT       an attacking unit                 (bounce, block)
    bank              the bank                          (trade)
    pile:deck         the play deck                     (draw)

and, for the marks of the others' moves (``show/moves.py``), ``plots:SEAT`` and
``techs:SEAT`` (the headings of a player's plots and technologies) and
``pile:discard``. A building is built from the hand (``hand:CARD``, then the plot in
the short menu). Actions with no target (done, fight, pass, siege) stay in the page's
menu. While the viewer chooses the building he loses, his plots carry no target: a
click on a building (inside its plot) is not taken for a click on the plot.
"""

from __future__ import annotations

from html import escape
from typing import Any

from civtable.core.events import Viewer
from civtable.core.messages import join
from civtable.core.targets import target_of
from civtable.i18n import ENGLISH, N_, NP_, Translator, localizable

from ..catalog import RESOURCES, WONDER, PlayCard, Tech
from .render import deciding, holders, obs_population_cost, result, step_name
from .words import (
    Names,
    amount,
    card_effect_list,
    card_effects,
    cost_words,
    discount_words,
    say,
    semicolon,
    tech_effect_list,
)

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

WIDE_PILES = ".ccg .pile{width:auto;min-width:92px;padding:0 .4rem}\n"
"""The piles as wide as their names in the other languages (Technologiestapel)."""

STATUS_WORDS = {"active": NP_("combat", "not blocked"), "blocked": NP_("combat", "blocked"),
                "bounced": NP_("combat", "bounced back by the walls"),
                "sieged": NP_("combat", "sent against the City Walls")}
KINDS = {"building": NP_("card kind", "Building"), "wonder": NP_("card kind", "Wonder"),
         "unit": NP_("card kind", "Unit"), "resource": NP_("card kind", "Resource")}


# ------------------------------------------------------------------ targets
TARGETS = {"draft": "draft:{0}", "plot": "display:{0}", "tech": "tech:{0}",
           **dict.fromkeys(("build", "cash", "discard", "attack"), "hand:{0}"),
           **dict.fromkeys(("place", "pop", "lose", "gain"), "plot:{me}:{0}"), "yield": "res:{me}:{0}",
           "draw": "pile:deck", "writing": "player:{0}", "laws": "player:{0}", "bounce": "combat:{0}",
           "block": "combat:{0}", "trade": "bank"}
"""The target of each kind of action with arguments (module docstring) but a destruction,
a theft and a gift, which read more."""


def action_target(text: str, obs: dict[str, Any]) -> str | None:
    """The ``data-target`` of the thing an action acts on (module docstring)."""
    kind, *args = text.split() or [""]
    me = obs.get("player")
    if not args:
        return "bank" if kind == "trade" else None
    if kind == "destroy":
        return f"placed:{me}:{args[1]}:{args[0]}" if len(args) > 1 else None
    if kind in ("take", "give"):
        return f"res:{obs['pending']['target']}:{args[0]}"
    return target_of(TARGETS, kind, args, me=me)


def _t(target: str, label: str = "") -> str:
    """A ``data-target`` and the words the page names it by (``data-label``: "Your
    decision: Pyramids", "Nothing to do with Discard pile now.")."""
    named = f' data-label="{escape(label)}"' if label else ""
    return f' data-target="{escape(target)}"{named}'


def _fill(tr: Translator, template: str, **markup: str) -> str:
    """A message (marked ``N_``) escaped, with fields that are markup already."""
    return escape(tr.gettext(template)).format(**markup)


# ------------------------------------------------------------------ the page
@localizable
def html(obs: dict[str, Any], viewer: Viewer, names: Names, *, tr: Translator = ENGLISH) -> str:
    """The whole table for ``viewer``: what is decided now, the displays and piles,
    the combat in progress, and every player's area (the viewer's first, with his hand)."""
    css = CSS if tr.english else CSS + WIDE_PILES
    out = [f"<div class=\"ccg\"><style>{css}</style>", _now(obs, viewer, tr)]
    out.append(_market(obs, viewer, names, tr))
    out.append(_combat(obs, viewer, names, tr))
    if viewer is not None:
        out.append(_player(obs, obs["players"][viewer], viewer, names, tr))
    out.append('<div class="ccg-others">')
    out += [_player(obs, view, viewer, names, tr) for view in obs["players"] if view["seat"] != viewer]
    out.append("</div></div>")
    return "".join(out)


def _now(obs: dict[str, Any], viewer: Viewer, tr: Translator) -> str:
    """Whose turn, the step, who decides and what."""
    if obs["over"]:
        return f'<p class="ccg-now over ccg-over">{escape(result(obs, viewer, tr))}</p>'
    _who, what = deciding(obs, viewer, tr)
    if obs["turn"]:
        when = say(tr, N_("Turn {turn}, {current:player}'s turn"), viewer, turn=obs["turn"], current=obs["current"])
    else:
        when = tr.t("Set-up")
    mine = viewer is not None and viewer in obs["to_move"]
    if mine:
        lead = tr.t("Your decision: ")
    elif obs["to_move"]:
        lead = say(tr, N_("{p:Player} decides: "), viewer, p=obs["to_move"][0])
    else:
        lead = tr.t("Nobody decides: ")
    step = escape(tr.pt("civ-card-game", "step"))
    return (f'<p class="ccg-now{" mine" if mine else ""}">{escape(when)} · {step} '
            f'<b>{escape(step_name(obs["phase"], tr))}</b> · {escape(lead)}{escape(what)}</p>')


def _market(obs: dict[str, Any], viewer: Viewer, names: Names, tr: Translator) -> str:
    me = obs["players"][viewer] if viewer is not None else None
    out = ['<section class="zone ccg-market"><div class="ccg-row">']
    if obs["draft"]:
        out.append(_heading(tr.t("Draft row")))
        out += [_plot_card(p, names, f"draft:{p}", tr) for p in obs["draft"]]
        out.append("</div></div>")
    if obs["tech_display"]:
        out.append(_heading(tr.t("Technologies for sale (1 VP each)")))
        out += [_tech_card(names.tech[t], names, me, f"tech:{t}", tr) for t in obs["tech_display"]]
        out.append("</div></div>")
    if obs["plot_display"]:
        out.append(_heading(tr.t("Plots for sale")))
        cost = ""
        if me is not None:
            cost = _div("pay", tr.t("costs you {n} resources", n=me["plot_cost"]))
        out += [_plot_card(p, names, f"display:{p}", tr, cost) for p in obs["plot_display"]]
        out.append("</div></div>")
    out.append("</div>")
    discarded = sum(obs["discard"].values())
    listing = ", ".join(f"{k}× {names.of(c, tr)}" if k > 1 else names.of(c, tr) for c, k in sorted(
        obs["discard"].items(), key=lambda kv: names.of(kv[0], tr)))
    bank = names.cards.numbers["bank_trade"]
    tip = escape(tr.t("{n} resources buy 1 from the bank", n=bank))
    bank_word = tr.t("Bank")
    out.append('<div class="ccg-piles">')
    out += [_pile(tr.t("Play deck"), obs["deck_size"], target="pile:deck"),
            _pile(tr.t("Discard pile"), discarded, listing, "pile:discard"),
            _pile(tr.t("Technology deck"), obs["tech_deck_size"]),
            _pile(tr.t("Plot deck"), obs["plot_deck_size"]),
            _pile(tr.t("Population bank"), obs["population_bank"]),
            f'<div class="pile"{_t("bank", bank_word)} title="{tip}">{escape(bank_word)}<b>{bank}:1</b></div>']
    statuses = []
    for key, css in (("highest_culture", "culture"), ("highest_happiness", "happy")):
        who = holders(obs, key, viewer, tr)
        if key == "highest_culture":
            text = _fill(tr, N_("Highest Culture: {who}"), who=escape(who))
        else:
            text = _fill(tr, N_("Highest Happiness: {who}"), who=escape(who))
        statuses.append(f'<span class="badge {css}">{text}</span>')
    out.append(" ".join(statuses))
    out.append("</div></section>")
    return "".join(out)


def _heading(title: str, box: str = "<div>", target: str = "") -> str:
    """A section's title (the ``data-target`` of a mark on it) and the start of its row of cards."""
    return f'{box}<h4{_t(target, title) if target else ""}>{escape(title)}</h4><div class="cards">'


def _div(css: str, text: str) -> str:
    return f'<div class="{css}">{escape(text)}</div>'


def _pile(title: str, count: int, listing: str = "", target: str = "") -> str:
    tip = f' title="{escape(listing)}"' if listing else ""
    return f'<div class="pile"{_t(target, title) if target else ""}{tip}>{escape(title)}<b>{count}</b></div>'


def _plot_card(plot_id: str, names: Names, target: str, tr: Translator, cost: str = "") -> str:
    plot = names.plot[plot_id]
    yields = _fill(tr, N_("a turn: {yields}"), yields=_yields(plot.yields, tr))
    return (f'<div class="card k-plot"{_t(target, names.of(plot_id, tr))}><div class="title">{escape(names.of(plot_id, tr))}</div>'
            f'<div class="note">{yields}</div>{cost}</div>')


def _tech_card(tech: Tech, names: Names, me: dict[str, Any] | None, target: str, tr: Translator,
               size: str = "") -> str:
    effects = semicolon(tr).join(tech_effect_list(tech, names.cards, stats=False, tr=tr))
    vp = escape(tr.t("1 VP"))
    return (f'<div class="card k-tech{size}"{_t(target, names.of(tech.id, tr))}><div class="title">{escape(names.of(tech.id, tr))}'
            f'<span class="vp">{vp}</span>'
            f'</div>{_cost(tech.cost, me["discounts"][0] if me is not None else 0, "commerce", tr)}'
            f'{_effects(effects)}{_stats(tech.culture, tech.happiness, tr)}</div>')


def _cost(cost: int, off: int, paid_with: str, tr: Translator) -> str:
    """A printed cost, and what the viewer pays when his discounts change it."""
    out = f'<div class="cost">{escape(cost_words(paid_with, cost, tr))}</div>'
    if off and cost:
        out += _div("pay", tr.t("you pay {n}", n=max(0, cost - off)))
    return out


def _effects(text: str) -> str:
    return f'<div class="note">{escape(text)}</div>' if text else ""


def _yields(values: Any, tr: Translator) -> str:
    return "".join(f'<span class="chip mini {r}">{escape(amount(r, n, tr))}</span>'
                   for r, n in zip(RESOURCES, values, strict=True) if n)


def _stats(culture: int, happiness: int, tr: Translator) -> str:
    parts = ([tr.t("culture {n}", n=culture)] if culture else []) + (
        [tr.t("happiness {n}", n=happiness)] if happiness else [])
    return f'<div class="note">{escape(", ".join(parts))}</div>' if parts else ""


def _play_card(card: PlayCard, names: Names, me: dict[str, Any] | None, count: int, target: str,
               tr: Translator) -> str:
    """A card of the hand: its kind, cost (what the viewer pays), what it does, how many."""
    cost = ""
    if card.placed:
        off = me["discounts"][2 if card.kind == WONDER else 1] if me is not None else 0
        cost = _cost(card.cost, off, "hammers", tr)
    vp = ""
    if card.kind == WONDER:
        one_vp = escape(tr.t("1 VP"))
        vp = f'<span class="vp">{one_vp}</span>'
    many = f'<div class="count">×{count}</div>' if count > 1 else ""
    kind = tr.pgettext("card kind", KINDS[card.kind])
    effects = semicolon(tr).join(card_effect_list(card, names.cards, stats=False, tr=tr))
    return (f'<div class="card k-{card.kind}"{_t(target, names.of(card.id, tr))}><div class="title">{escape(names.of(card.id, tr))}{vp}</div>'
            f'<div class="note">{escape(kind)}</div>{cost}'
            f'{_effects(effects)}{_stats(card.culture, card.happiness, tr)}{many}</div>')


def _combat(obs: dict[str, Any], viewer: Viewer, names: Names, tr: Translator) -> str:
    """The combat in progress: each attacker, whom it attacks, its state and blocker."""
    combat = obs["combat"]
    if not combat:
        return ""
    blockers = {b["attack"]: b["unit"] for b in combat["blocks"]}
    damage = {d["attack"]: d for d in combat["damage"]}
    title = say(tr, N_("Combat: {attacker:player} attacks"), viewer, attacker=combat["attacker"])
    out = [f'<section class="ccg-combat"><h4>{escape(title)}</h4>']
    for i, a in enumerate(combat["attacks"]):
        unit = names.card[a["unit"]]
        word = STATUS_WORDS[a["status"]]
        state = tr.pgettext("combat", word)
        if i in blockers:
            state = tr.t("{state} by {unit}", state=state, unit=names.of(blockers[i], tr))
        what = say(tr, N_("attacks {defender:player}: {state}"), viewer, defender=a["defender"], state=state)
        if i in damage:
            left = damage[i]
            owed = []
            if left["population"]:
                n = left["population"]
                owed.append(tr.npgettext("owed", "{n} population", "{n} population", n).format(n=tr.number(n)))
            if left["buildings"]:
                n = left["buildings"]
                owed.append(tr.npgettext("owed", "{n} building", "{n} buildings", n).format(n=tr.number(n)))
            if owed:
                what = tr.t("{attack} (still takes {losses})", attack=what, losses=join(owed, tr))
        out.append(f'<div class="attack status-{escape(a["status"])}">'
                   f'<div class="card small k-unit"{_t("combat:" + a["unit"], names.of(unit.id, tr))}><div class="title">'
                   f'{escape(names.of(unit.id, tr))}</div><div class="note">'
                   f'{escape(card_effects(unit, names.cards, tr=tr))}</div></div>'
                   f"<span>{escape(what)}</span></div>")
    out.append("</section>")
    return "".join(out)


def _player(obs: dict[str, Any], view: dict[str, Any], viewer: Viewer, names: Names, tr: Translator) -> str:
    p = view["seat"]
    classes = ["zone", "ccg-player"] + (["me"] if p == viewer else []) + (["turn"] if p == obs["current"] else [])
    who = say(tr, N_("{p:Player}"), viewer, p=p)
    pops = sum(pl["population"] for pl in view["plots"])
    wonders = sum(1 for pl in view["plots"] for c in pl["cards"] if names.card[c].kind == WONDER)
    techs = len(view["technologies"])
    badges = []
    if p in obs["highest_culture"]:
        badges.append(tr.pt("civ-card-game", "Highest Culture"))
    if p in obs["highest_happiness"]:
        badges.append(tr.pt("civ-card-game", "Highest Happiness"))
    if p == obs["dealer"]:
        badges.append(tr.pt("civ-card-game", "dealer"))
    vp = tr.t("{vp} VP", vp=view["vp"])
    counts = tr.nt("({techs} tech, {pops} pop, {n} wonder)", "({techs} tech, {pops} pop, {n} wonders)", wonders,
                   techs=techs, pops=pops)
    stats = tr.t("culture {culture} · happiness {happiness}", culture=view["culture"], happiness=view["happiness"])
    hand = tr.nt("{n} card in hand", "{n} cards in hand", view["hand_size"])
    head = (f'<div class="ccg-head"{_t(f"player:{p}", who)}><span class="who">{escape(who)}</span>'
            f'<span class="stat"><b>{escape(vp)}</b> {escape(counts)}</span><span class="stat">{escape(stats)}</span>'
            f'<span class="stat">{escape(hand)}</span>' + "".join(f'<span class="badge">{escape(b)}</span>' for b in badges)
            + "</div>")
    res = "".join(f'<span class="chip {r}"{_t(f"res:{p}:{r}", amount(r, view["resources"][r], tr))}>{escape(amount(r, view["resources"][r], tr))}</span>'
                  for r in RESOURCES)
    out = [f'<section class="{" ".join(classes)}">', head, f'<div class="ccg-res">{res}</div>']
    off = list(view["discounts"])
    if any(off):
        text = tr.t("discounts: {which}", which=semicolon(tr).join(discount_words(off, tr)))
        out.append(f'<span class="slots"> {escape(text)}</span>')
    collecting = _collecting(obs, p)
    out.append(_heading(tr.t("Plots"), "", f"plots:{p}"))
    choosing = obs["phase"] == "destroy-building" and viewer is not None and viewer in obs["to_move"]
    for i, pl in enumerate(view["plots"], 1):
        out.append(_plot(obs, pl, p, i, viewer, names, collecting == i, tr, not choosing))
    out.append("</div>")
    out.append(_heading(tr.t("Technologies"), "", f"techs:{p}"))
    out += [_tech_card(names.tech[t], names, None, f"owned:{p}:{t}", tr, " small") for t in view["technologies"]]
    if not view["technologies"]:
        out.append(_div("slots", tr.pt("technologies", "none")))
    out.append("</div>")
    if "hand" in view:
        out.append(_heading(tr.t("Your hand ({n})", n=view["hand_size"]), ""))
        hand_cards = sorted(view["hand"].items(), key=lambda kv: (list(KINDS).index(names.card[kv[0]].kind),
                                                                  names.of(kv[0], tr)))
        out += [_play_card(names.card[c], names, view, k, f"hand:{c}", tr) for c, k in hand_cards]
        out.append("</div>")
    out.append("</section>")
    return "".join(out)


def _collecting(obs: dict[str, Any], p: int) -> int:
    """The plot (from 1) whose populations choose their yield now, or 0."""
    queue = obs["pending"]["queue"]
    if obs["phase"] == "collect" and p == obs["current"] and queue and isinstance(queue[0], list):
        return int(queue[0][0]) + 1
    return 0


def _plot(obs: dict[str, Any], pl: dict[str, Any], p: int, i: int, viewer: Viewer, names: Names,
          collecting: bool, tr: Translator, target: bool = True) -> str:
    """One plot as a card: its yield, its population, its slots and what is built on it
    (``target``: the plot is a ``data-target``)."""
    plot = names.plot[pl["plot"]]
    pop = pl["population"]
    dots = "●" * min(pop, 8) + (f"+{pop - 8}" if pop > 8 else "")
    price = ""
    if p == viewer and obs["turn"] and not obs["over"]:
        cost = cost_words("food", obs_population_cost(pop, names), tr)
        price = _div("cost", tr.t("next population {cost}", cost=cost))
    wonder = escape(tr.t(" (wonder)"))
    placed = "".join(
        f'<div class="placed k-{names.card[c].kind}"{_t(f"placed:{p}:{i}:{c}", names.of(c, tr))} title="'
        f'{escape(card_effects(names.card[c], names.cards, tr=tr))}">{escape(names.of(c, tr))}'
        f'{wonder if names.card[c].kind == WONDER else ""}</div>' for c in pl["cards"])
    used, slots = len(pl["cards"]), pl["slots"]
    if slots - used > 0:
        room = tr.nt("{used} of {n} slot used", "{used} of {n} slots used", slots, used=used)
    else:
        room = tr.nt("{used} of {n} slot used (full)", "{used} of {n} slots used (full)", slots, used=used)
    population, pops = escape(tr.t("population")), escape(tr.t("{n} pop", n=pop))
    name = f"{i}. {names.of(pl['plot'], tr)}"
    return (f'<div class="card plot k-plot{" collecting" if collecting else ""}"{_t(f"plot:{p}:{i}", name) if target else ""}>'
            f'<div class="title">{i}. {escape(names.of(pl["plot"], tr))}</div>'
            f'<div class="note">{_yields(plot.yields, tr)}</div>'
            f'<div><span class="pop" title="{population}">{dots}</span> {pops}</div>{price}{placed}'
            f'<div class="slots">{escape(room)}</div></div>')
