"""Catan Deck Building's menus: an action in words with its cost and what it gives
(``action_label``), where it sits in a long menu (``action_path``), and a person's
shorthand (``interpret``). Everything here reads an observation, never a state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import actions as act
from .catalog import BANDIT, CITY, ROAD, ROLE_IDS, CardData
from .rules.base import POOL_KEYS, WILD_O, WILD_S
from .rules.payment import road_resources, settle
from .words import cost_text, payment_text

if TYPE_CHECKING:
    from civtable.core.action import Action

    from .options import Rules


def _me(obs: Mapping[str, Any]) -> Mapping[str, Any] | None:
    p = obs.get("player")
    return obs["players"][p] if isinstance(p, int) else None


def harbor_draws(obs: Mapping[str, Any], rules: Rules) -> int:
    """CDB-3.4.2: how many cards a Harbor played now draws (as ``rules.main.harbor_seas``)."""
    me = _me(obs)
    if me is None or "hand" not in me:
        return 1
    h, laid = me["hand"], me["laid"]
    seas, roads = h["sea"], h["road"]
    if rules.harbor_counts_laid:
        seas += laid["sea"]
        roads += laid["road"]
    if roads:
        seas += 1
    if rules.road_sea:
        seas += obs["road_seas"]
    return 1 + int(seas)


def end_draws(hand_size: int, cards: CardData) -> int:
    """CDB-8.3: the draw at the end of the turn, for the hand kept."""
    return cards.refill_to - hand_size if hand_size < cards.refill_below else cards.draw_minimum


def obs_plan(obs: Mapping[str, Any], card: int, trade: bool, rules: Rules) -> tuple[int, ...] | None:
    """The payment of ``buy CARD`` (``trade``: ``buy CARD trade``) from an observation's pool."""
    pool = [obs["pool"][k] for k in POOL_KEYS]
    ws = 0 if (card == CITY and rules.no_settlement_for_city) else pool[WILD_S]
    plan = settle(pool, rules.cost[card], ws, pool[WILD_O], False)
    if plan is None or not trade:
        return plan
    return settle(pool, rules.cost[card], ws, pool[WILD_O], True)


def action_label(action: Action, obs: Mapping[str, Any], rules: Rules) -> str:
    """An action in words for a menu, with its costs and what it gives."""
    a = act.BY_TEXT.get(action.text)
    if a is None:
        return action.text
    cards = rules.cards
    names = cards.names
    code, card = a.code, a.card
    pending = obs.get("pending") or {}
    viewer = obs.get("player")
    other = f"player {1 - viewer}" if isinstance(viewer, int) else "the opponent"
    if code == act.PLAY_RES:
        return f"play {names[card]} (+1 {names[card]} to spend)"
    if code == act.PLAY_WILD:
        n = cards.produces[card]
        extra = "; it leaves your hand" if card == CITY else ""
        return f"play {names[card]} (+{n} resources of choice to spend{extra})"
    if code == act.PLAY_ROAD:
        before = obs["roads_played"] if rules.roads_whole_turn else 0
        gain = road_resources(before + card) - road_resources(before)
        what = f"+{gain} resource{'s' if gain != 1 else ''} of choice" if gain else "nothing to spend"
        if rules.road_sea:
            what += "; +1 Sea for Harbors this turn"
        return f"play Road x{card} ({what})"
    if code == act.PLAY_HARBOR:
        n = harbor_draws(obs, rules)
        return f"play Harbor (draw {n} card{'s' if n != 1 else ''}: 1 + {n - 1} Sea{'s' if n != 2 else ''})"
    if code == act.PLAY_KDEF:
        return "play Knight (Defensive) (draw 1 card)"
    if code == act.PLAY_ATTACK:
        if card == BANDIT:
            return f"play Bandit (attack: draw 1 card; take a random card from {other}'s hand)"
        return f"play Knight (Offensive) (attack: draw 1 card; {other} discards 2 cards)"
    if code == act.LAY:
        return f"lay down {names[card]} (no effect; makes room for the draw)"
    if code in (act.BUY, act.BUY_TRADE):
        price = cost_text(rules.cost[card], card, names)
        plan = obs_plan(obs, card, code == act.BUY_TRADE, rules)
        how = ""
        if plan is not None:
            pool = [obs["pool"][k] for k in POOL_KEYS]
            how = ": pay " + payment_text(pool, rules.cost[card], plan, cards)
        return f"buy {names[card]}{' with trades' if code == act.BUY_TRADE else ''} ({price}){how}"
    if code == act.END:
        me = _me(obs)
        n = end_draws(me["hand_size"], cards) if me is not None else cards.draw_minimum
        return f"end the turn (the laid-down cards go to the discard pile; draw {n} cards)"
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    if code == act.REFLECT:
        if obs["phase"] == "counter":
            return f"reflect (counter-reflect with a Knight (Defensive): the {attack} affects neither player)"
        return f"reflect (lay down a Knight (Defensive), draw 1 card: the {attack} strikes player {pending.get('attacker')})"
    if code == act.ALLOW:
        if obs["phase"] == "counter":
            return f"allow (the reflected {attack} strikes you)"
        return f"allow (the {attack} strikes you)"
    stolen = pending.get("stolen")
    stolen_name = names[ROLE_IDS.index(stolen)] if stolen else "card"
    if code == act.KEEP:
        return f"keep (put the {stolen_name} on your discard pile)"
    if code == act.RETURN:
        return f"return (give the {stolen_name} back to player {pending.get('victim')})"
    if code == act.DISCARD:
        return f"discard {names[card]}"
    if code == act.DISCARD_TOP:
        return "discard top (the unseen top card of your draw pile)"
    return action.text


def action_path(action: Action, obs: Mapping[str, Any], rules: Rules) -> tuple[str, ...]:
    """Main-phase actions grouped by what they do: play, lay down, buy (a hand full of
    Roads makes long menus); answers stay flat."""
    label = action_label(action, obs, rules)
    if obs.get("phase") != "main":
        return (label,)
    me = _me(obs)
    if label.startswith("play Road x") and me is not None and me.get("hand", {}).get("road", 0) > MANY_ROADS:
        return ("play", "Roads together", label[len("play Road "):])
    for verb, group in (("play ", "play"), ("lay down ", "lay down"), ("buy ", "buy")):
        if label.startswith(verb):
            return (group, label[len(verb):])
    return (label,)


MANY_ROADS = 8
"""With more Roads in hand than this, the ways to play them are a menu of their own."""


def interpret(obs: Mapping[str, Any], line: str, cards: CardData) -> str | None:
    """Display names for card ids ("buy knight (offensive)" -> "buy koff"), "play 2 roads"
    -> "play road 2", "end turn" -> "end"."""
    words = " ".join(line.lower().replace("(", " ").replace(")", " ").split())
    if words in ("end turn", "end the turn", "draw", "pass"):
        return "end"
    if words.startswith("lay down "):
        words = "lay " + words[len("lay down "):]
    parts = words.split()
    if len(parts) >= 2 and parts[0] in ("play", "lay", "buy", "discard"):
        rest = parts[1:]
        number = None
        if rest and rest[0].isdigit():
            number, rest = rest[0], rest[1:]
        elif rest and rest[-1].isdigit():
            number, rest = rest[-1], rest[:-1]
        trade = bool(rest) and rest[-1] == "trade"
        if trade:
            rest = rest[:-1]
        name = " ".join(rest)
        for i, full in enumerate(cards.names):
            plain = " ".join(full.lower().replace("(", " ").replace(")", " ").split())
            if name in (plain, ROLE_IDS[i], plain + "s", plain.replace("y", "ies")):
                text = f"{parts[0]} {ROLE_IDS[i]}"
                if i == ROAD and parts[0] == "play" and number is not None:
                    text += f" {number}"
                return text + (" trade" if trade else "")
    return None


