"""Civilization: The Card Game's moves as the table sees them: which of a player's own
moves deserve a second thought (``Game.action_warning``), and what another player's
move changed on the shared table (``Game.move_mark``). Both read an observation only
(and the card data).

Confirmed (issue 26: what a player of the board game would want asked before it is
too late; ordinary moves, trades and forced choices are never asked about):

- ending the purchases with unspent resources when they go back to the bank at the
  turn's end (CCG-2.2.3, resource-carryover B);
- ending the purchases while the resources held still buy victory points: a population
  (CCG-6.3), a displayed technology (CCG-6.5) or a wonder of the hand on a free slot
  (CCG-6.1, CCG-2.7.1) (with resource-carryover A they are kept, but the display and
  the hand may change before the next turn);
- taking an attack ("done" in the defence) while a unit of the hand could still block
  one of the attackers (CCG-7.3): the unblocked ones steal population or destroy
  buildings (CCG-7.5);
- discarding a wonder (1 VP once built) while the hand holds a card that is not one
  (CCG-4.9, CCG-8.1);
- a draw that leaves out the free card of Astronomy (CCG-8.2, extra-draw-optional A).

Marks (``data-target``s of ``show/web.py`` that mean the same to every viewer, drawn
before the move and after it): a population, a placement, a loss or gain of population
and a building built or lost mark the plot (``plot:P:N``); a plot bought or drafted the
player's plots (``plots:P``); a technology the player's technologies (``techs:P``); a
resource cashed, traded for, yielded, taken or given the player's resource
(``res:P:R``); a theft or an attack the player it is aimed at (``player:Q``); a block
or a bounce the attacker (``combat:U``); a discard the discard pile (``pile:discard``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from civtable.core.messages import join
from civtable.core.targets import target_of
from civtable.i18n import ENGLISH, Translator, localizable

from ..catalog import RESOURCES, WONDER
from .render import obs_population_cost
from .words import Names

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..options import Rules


# ------------------------------------------------------------------ confirmations
@localizable
def action_warning(action: Action, obs: Mapping[str, Any], rules: Rules, names: Names, *,
                   tr: Translator = ENGLISH) -> str | None:
    """Why ``action`` deserves a confirmation, in one sentence, or None."""
    viewer = obs.get("player")
    if not isinstance(viewer, int) or obs.get("over"):
        return None
    me = obs["players"][viewer]
    hand = me.get("hand")
    if hand is None:
        return None
    kind, args, phase = action.kind, [str(a) for a in action.args], obs["phase"]
    if kind == "done" and phase == "purchase":
        return _ending(obs, me, hand, rules, names, tr)
    if kind == "done" and phase == "defend":
        blockers = can_block(obs, viewer, hand, rules)
        if blockers:
            return tr.t("{units} could still block; the attackers you do not block steal population or destroy "
                        "buildings.", units=join([names.of(c, tr) for c in blockers], tr))
    if kind == "discard" and args and names.card[args[0]].kind == WONDER \
            and any(names.card[c].kind != WONDER for c, k in hand.items() if k):
        return tr.t("{card} is a wonder, worth 1 VP once built; you could discard another card.",
                    card=names.of(args[0], tr))
    if kind == "draw" and "astronomy" not in args:
        free = [t for t in me["technologies"] if names.tech[t].extra_draw]
        if free:
            return tr.t("{tech} gives you one more card for free; this draw leaves it out.",
                        tech=names.of(free[0], tr))
    return None


def _ending(obs: Mapping[str, Any], me: Mapping[str, Any], hand: Mapping[str, int], rules: Rules, names: Names,
            tr: Translator) -> str | None:
    """The end of the purchases: resources lost (resource-carryover B) or victory points left."""
    held = sum(me["resources"].values())
    if not rules.keep_resources and held:
        return tr.nt("Your {n} unspent resource goes back to the bank at the end of the turn.",
                     "Your {n} unspent resources go back to the bank at the end of the turn.", held)
    could = affordable_points(obs, me, hand, names, tr)
    if could:
        return tr.nt("You can still buy {what} (1 VP) before the purchases end.",
                     "You can still buy {what} (1 VP each) before the purchases end.", len(could), what=join(could, tr))
    return None


def affordable_points(obs: Mapping[str, Any], me: Mapping[str, Any], hand: Mapping[str, int], names: Names,
                      tr: Translator = ENGLISH) -> list[str]:
    """What the resources held buy that is worth a victory point, in words: a population
    (CCG-6.3: 6 + 2P Food, the least crowded plot), the displayed technologies (CCG-6.5,
    the discounts with Highest Happiness) and the wonders of the hand with a free slot
    (CCG-6.1, CCG-2.1.4); resource cards not yet cashed are not counted."""
    res = me["resources"]
    out = []
    if obs["population_bank"] and me["plots"]:
        fewest = min(pl["population"] for pl in me["plots"])
        if res["food"] >= obs_population_cost(fewest, names):
            out.append(tr.t("a population"))
    for t in obs["tech_display"]:
        if res["commerce"] >= max(0, names.tech[t].cost - me["discounts"][0]):
            out.append(names.of(t, tr))
    if any(pl["slots"] > len(pl["cards"]) for pl in me["plots"]):
        for c, k in sorted(hand.items()):
            card = names.card[c]
            if k and card.kind == WONDER and res["hammers"] >= max(0, card.cost - me["discounts"][2]):
                out.append(names.of(c, tr))
    return out


def can_block(obs: Mapping[str, Any], viewer: int, hand: Mapping[str, int], rules: Rules) -> list[str]:
    """CCG-7.3: the units of ``viewer``'s hand that may block one of the attackers not
    yet blocked that attack him (the rules' ``defense.blocks``, from the observation)."""
    combat = obs["combat"]
    if not combat:
        return []
    index = {c: i for i, c in enumerate(rules.ids)}
    attackers = {index[a["unit"]] for a in combat["attacks"] if a["defender"] == viewer and a["status"] == "active"}
    out = []
    for c, k in sorted(hand.items()):
        i = index[c]
        allowed = rules.unit_blocks[i]
        if k and rules.unit_defend[i] and (allowed is None or attackers & allowed):
            out.append(c)
    return out if attackers else []


# ------------------------------------------------------------------ marks
PLOT_MOVES = frozenset({"pop", "place", "lose", "gain"})
MARKS = {**dict.fromkeys(PLOT_MOVES, "plot:{actor}:{0}"), "build": "plot:{actor}:{1}", "destroy": "plot:{actor}:{1}",
         "plot": "plots:{actor}", "draft": "plots:{actor}", "tech": "techs:{actor}", "yield": "res:{actor}:{0}",
         "give": "res:{actor}:{0}", "trade": "res:{actor}:{last}", "writing": "player:{0}", "laws": "player:{0}",
         "attack": "player:{1}", "block": "combat:{0}", "bounce": "combat:{0}", "discard": "pile:discard"}
"""The mark of each kind of move (module docstring) but a cash and a theft, which read the game."""


def move_mark(action: Action, actor: int, obs: Mapping[str, Any], names: Names) -> str | None:
    """The thing on the shared table that ``actor``'s move changed (``obs``: the
    spectator's observation before the move), or None."""
    kind, args = action.kind, [str(a) for a in action.args]
    if kind == "cash":
        gained = names.card[args[0]].yields
        return next((f"res:{actor}:{r}" for r, n in zip(RESOURCES, gained, strict=True) if n), "pile:discard")
    if kind == "take":
        return f"res:{obs['pending']['target']}:{args[0]}"
    return target_of(MARKS, kind, args, actor=actor)
