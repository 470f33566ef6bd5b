"""Catan Deck Building on a terminal: the status screen of an observation, the menus'
labels and paths, and the help for the decision in front of a viewer. Everything
here reads an observation or the game's card data, never a state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .catalog import BANDIT, BUYABLE, CITY, HARBOR, KDEF, KOFF, ROAD, ROLE_IDS, SETTLEMENT
from .words import action_words, cost_text, counts_text, decision_text, owner, plural, seat

if TYPE_CHECKING:
    from civtable.core.action import Action

    from .options import Rules



# ------------------------------------------------------------------ the screen
def render(obs: Mapping[str, Any], viewer: int | None, rules: Rules, variants: Sequence[str] = ()) -> str:
    """The status screen of one viewer: turn, decision, supply with costs, the pool, both players."""
    cards = rules.cards
    names = cards.names
    me = viewer if isinstance(viewer, int) else None
    lines = [f"Catan Deck Building - turn {obs['turn']} of at most {rules.max_turns} - "
             f"{owner(obs['current'], me)} turn"]
    if variants:
        lines.append("Rule variants: " + ", ".join(variants))
    if obs["over"]:
        w = obs["winner"]
        lines.append(f"GAME OVER: {seat(w, me)} won with {rules.to_win} Cities in hand" if w is not None
                     else f"GAME OVER: a draw at the turn cap ({rules.max_turns} turns)")
    elif obs["phase"] == "main" and obs["current"] == me:
        lines.append("Now: your turn: play cards, buy with what is laid down, lay cards down, or end the turn "
                     "('help' explains)")
    else:
        lines.append("Now: " + decision_text(obs["phase"], obs["current"], obs["pending"], me, names))
    lines.append("")
    lines.append(f"{'Supply':<22}{'cost':<46}left")
    for c in BUYABLE:
        price = cost_text(rules.cost[c], c, names, "your" if me is not None else "the")
        lines.append(f"  {names[c]:<20}{price:<46}{obs['supply'][ROLE_IDS[c]]:>3}")
    pool = {k: v for k, v in obs["pool"].items() if v}
    lines.append(f"To spend ({'you' if obs['current'] == me else 'player ' + str(obs['current'])} laid it down "
                 "this turn): " + (counts_text(pool, cards) if pool else "nothing"))
    lines.append("")
    for p in ((me, 1 - me) if me is not None else (0, 1)):
        lines.extend(_player_lines(obs, p, me, rules))
    return "\n".join(lines)


def _player_lines(obs: Mapping[str, Any], p: int, me: int | None, rules: Rules) -> list[str]:
    cards = rules.cards
    names = cards.names
    view = obs["players"][p]
    who = f"You (player {p})" if p == me else (f"Opponent (player {p})" if me is not None else f"Player {p}")
    out = [f"{who}: {view['hand_size']} card{'s' if view['hand_size'] != 1 else ''} in hand"
           + (": " + counts_text(view["hand"], cards, joined=False) if "hand" in view else " (hidden)")]
    laid = counts_text(view["laid"], cards, joined=False)
    if laid == "-":
        laid = "nothing"
    extra = ""
    if view["reserved_knights"]:
        n = view["reserved_knights"]
        extra += f"; {n} {plural(KDEF, n, cards)} laid down to reflect an attack"
    if view["spent_knights"]:
        n = view["spent_knights"]
        extra += f"; {n} {plural(KDEF, n, cards)} in hand {'has' if n == 1 else 'have'} blocked an attack"
    out.append(f"  laid down: {laid}{extra}")
    if not view["discard_size"]:
        out.append(f"  draw pile {view['draw_size']}; discard pile empty")
    elif "discard" in view:
        pile = counts_text(view["discard"], cards, joined=False)
        top = names[ROLE_IDS.index(view["discard_top"])]
        out.append(f"  draw pile {view['draw_size']}; discard pile {view['discard_size']} (top {top}): {pile}")
    else:
        top = names[ROLE_IDS.index(view["discard_top"])]
        out.append(f"  draw pile {view['draw_size']}; discard pile {view['discard_size']}, top {top} "
                   "(only the top card is visible)")
    owned = view["owned"]
    actions = {ROLE_IDS[c]: owned[ROLE_IDS[c]] for c in (CITY, SETTLEMENT, ROAD, HARBOR, KDEF, KOFF, BANDIT)}
    of_which = counts_text(actions, cards, joined=False)
    out.append(f"  owns {sum(owned.values())} cards" + (f", of which {of_which}" if of_which != "-" else
                                                          ", none of them an action card"))
    return out


# ------------------------------------------------------------------ help
def help_text(obs: Mapping[str, Any], viewer: int | None, rules: Rules) -> str:
    """What the decision in front of ``viewer`` is about, and how to write its actions."""
    names = rules.cards.names
    me = viewer if isinstance(viewer, int) else None
    phase = obs["phase"]
    if obs["over"]:
        return "The game is over."
    if me is None or me not in obs["to_move"]:
        return "Now " + decision_text(phase, obs["current"], obs["pending"], me, names) + "."
    if phase == "main":
        return (
            "Your turn (CDB-7). Play cards to put resources on the table: 'play ore' (+1 Ore), 'play settlement' "
            "(2 resources of choice), 'play city' (3), 'play road 3' (Roads played together: 2n-3 resources of "
            "choice). Buy with what is laid down: 'buy city'; two surplus resource cards trade for one missing "
            "resource (2 for 1), and 'buy X trade' spends trades before resources of choice. Cards with an effect: "
            "'play harbor' (draw 1 + Seas), 'play kdef' (draw 1), 'play bandit' and 'play koff' (attacks). "
            "'lay sea' lays a card down without effect, to make room: 'end' puts everything laid down on the "
            f"discard pile and draws 3 cards, or up to {rules.cards.refill_to} when you keep fewer than "
            f"{rules.cards.refill_below}. {rules.to_win} Cities in your hand during your turn win (CDB-9.1).")
    pending = obs["pending"] or {}
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    if phase == "react":
        effect = ("the Bandit takes a random card from your hand" if pending.get("attack") == "bandit"
                  else "you discard 2 cards of your choice")
        return (f"Player {pending['attacker']} attacks you with a {attack} (CDB-3.2.2). 'reflect' lays down a "
                f"Knight (Defensive) from your hand, draws 1 card and turns the attack against him (he may "
                f"counter-reflect); 'allow' lets it strike: {effect}.")
    if phase == "counter":
        return (f"Player {pending['victim']} reflected your {attack} (CDB-3.2.3). 'reflect' shows a Knight "
                f"(Defensive) of yours: the attack then affects neither player; 'allow' lets it strike you.")
    if phase == "steal":
        return ("The Bandit took a card (CDB-3.1.2): 'keep' puts it on your discard pile (it becomes yours), "
                "'return' gives it back.")
    top = " or 'discard top' (the top card of your draw pile)" if rules.discard_from_draw else ""
    return (f"A Knight (Offensive) makes you discard {pending.get('left', 0)} more card(s) of your choice "
            f"(CDB-3.3.2): 'discard ore', 'discard sea', ...{top}.")


# ------------------------------------------------------------------ menus
def action_label(action: Action, obs: Mapping[str, Any], rules: Rules) -> str:
    """An action in words for a menu, with its costs and what it gives."""
    return action_words(action.text, rules, obs)


def action_path(action: Action, obs: Mapping[str, Any], rules: Rules) -> tuple[str, ...]:
    """Main-phase actions grouped by what they do: play, lay down, buy (a hand full of
    Roads makes long menus); answers stay flat."""
    label = action_words(action.text, rules, obs)
    if obs.get("phase") != "main":
        return (label,)
    viewer = obs.get("player")
    me = obs["players"][viewer] if isinstance(viewer, int) else None
    if label.startswith("play Road x") and me is not None and me.get("hand", {}).get("road", 0) > MANY_ROADS:
        return ("play", "Roads together", label[len("play Road "):])
    for verb, group in (("play ", "play"), ("lay down ", "lay down"), ("buy ", "buy")):
        if label.startswith(verb):
            return (group, label[len(verb):])
    return (label,)


MANY_ROADS = 8
"""With more Roads in hand than this, the ways to play them are a menu of their own."""
