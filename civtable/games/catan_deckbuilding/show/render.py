"""Catan Deck Building on a terminal: the status screen of an observation, the menus'
labels and paths, and the help for the decision in front of a viewer. Everything
here reads an observation or the game's card data, never a state. Every text is in
the reader's language (``tr``; the hooks' functions are ``@localizable``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, N_, Translator, localizable

from .. import actions as act
from ..catalog import BANDIT, BUYABLE, CITY, HARBOR, KDEF, KOFF, ROAD, ROLE_IDS, SETTLEMENT
from .words import (
    action_words,
    amount,
    attack_name,
    buy_entry,
    cost_text,
    counts_text,
    decision_text,
    name,
    road_gain,
)

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..options import Rules


def pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` columns (at least one space after it)."""
    return text.ljust(width) if len(text) < width else text + " "


# ------------------------------------------------------------------ the screen
@localizable
def render(obs: Mapping[str, Any], viewer: int | None, rules: Rules, variants: Sequence[str] = (), *,
           tr: Translator = ENGLISH) -> str:
    """The status screen of one viewer: turn, decision, supply with costs, the pool, both players."""
    cards = rules.cards
    me = viewer if isinstance(viewer, int) else None
    whose = tr.t("your turn") if obs["current"] == me else tr.t("player {n}'s turn", n=obs["current"])
    lines = [tr.t("Catan Deck Building - turn {turn} of at most {last} - {whose}", turn=obs["turn"],
                  last=rules.max_turns, whose=whose)]
    if variants:
        lines.append(tr.t("Rule variants: {variants}", variants=", ".join(variants)))
    if obs["over"]:
        w = obs["winner"]
        if w is None:
            lines.append(tr.nt("GAME OVER: a draw at the turn cap ({n} turn)", "GAME OVER: a draw at the turn cap ({n} turns)",
                               rules.max_turns))
        elif w == me:
            lines.append(tr.t("GAME OVER: you won with {n} Cities in hand", n=rules.to_win))
        else:
            lines.append(tr.t("GAME OVER: player {p} won with {n} Cities in hand", p=w, n=rules.to_win))
    elif obs["phase"] == "main" and obs["current"] == me:
        lines.append(tr.t("Now: your turn: play cards, buy with what is laid down, lay cards down, or end the turn "
                          "('help' explains)"))
    else:
        lines.append(tr.t("Now: {what}", what=decision_text(obs["phase"], obs["current"], obs["pending"], me, cards,
                                                            tr=tr)))
    lines.append("")
    prices = {c: cost_text(rules.cost[c], c, cards, "your" if me is not None else "the", tr) for c in BUYABLE}
    wide, cost_wide = 20, 46  # the English screen's columns; a translation's may be wider
    if not tr.english:
        wide = max(wide, *(len(name(c, cards, tr)) + 1 for c in BUYABLE))
        cost_wide = max(cost_wide, *(len(p) + 1 for p in prices.values()))
    lines.append(pad(tr.t("Supply"), wide + 2) + pad(tr.t("cost"), cost_wide) + tr.t("left"))
    for c in BUYABLE:
        lines.append(f"  {pad(name(c, cards, tr), wide)}{pad(prices[c], cost_wide)}{obs['supply'][ROLE_IDS[c]]:>3}")
    pool = {k: v for k, v in obs["pool"].items() if v}
    spend = counts_text(pool, cards, tr=tr) if pool else tr.t("nothing")
    if obs["current"] == me:
        lines.append(tr.t("To spend (you laid it down this turn): {what}", what=spend))
    else:
        lines.append(tr.t("To spend (player {n} laid it down this turn): {what}", n=obs["current"], what=spend))
    lines.append("")
    for p in ((me, 1 - me) if me is not None else (0, 1)):
        lines.extend(_player_lines(obs, p, me, rules, tr))
    return "\n".join(lines)


def _player_lines(obs: Mapping[str, Any], p: int, me: int | None, rules: Rules, tr: Translator) -> list[str]:
    cards = rules.cards
    view = obs["players"][p]
    if p == me:
        who = tr.t("You (player {n})", n=p)
    elif me is not None:
        who = tr.t("Opponent (player {n})", n=p)
    else:
        who = tr.t("Player {n}", n=p)
    size = view["hand_size"]
    if "hand" in view:
        out = [tr.nt("{who}: {n} card in hand: {cards}", "{who}: {n} cards in hand: {cards}", size, who=who,
                     cards=counts_text(view["hand"], cards, joined=False, tr=tr))]
    else:
        out = [tr.nt("{who}: {n} card in hand (hidden)", "{who}: {n} cards in hand (hidden)", size, who=who)]
    laid = counts_text(view["laid"], cards, joined=False, tr=tr)
    if laid == "-":
        laid = tr.t("nothing")
    extra = ""
    if view["reserved_knights"]:
        n = view["reserved_knights"]
        extra += tr.t("; {knights} laid down to reflect an attack", knights=amount(n, KDEF, cards, tr))
    if view["spent_knights"]:
        n = view["spent_knights"]
        knights = amount(n, KDEF, cards, tr)
        extra += (tr.t("; {knights} in hand has blocked an attack", knights=knights) if n == 1 else
                  tr.t("; {knights} in hand have blocked an attack", knights=knights))
    out.append(tr.t("  laid down: {laid}{extra}", laid=laid, extra=extra))
    draw = view["draw_size"]
    if not view["discard_size"]:
        out.append(tr.t("  draw pile {n}; discard pile empty", n=draw))
    elif "discard" in view:
        pile = counts_text(view["discard"], cards, joined=False, tr=tr)
        top = name(ROLE_IDS.index(view["discard_top"]), cards, tr)
        out.append(tr.t("  draw pile {n}; discard pile {size} (top {top}): {pile}", n=draw,
                        size=view["discard_size"], top=top, pile=pile))
    else:
        top = name(ROLE_IDS.index(view["discard_top"]), cards, tr)
        out.append(tr.t("  draw pile {n}; discard pile {size}, top {top} (only the top card is visible)", n=draw,
                        size=view["discard_size"], top=top))
    owned = view["owned"]
    actions = {ROLE_IDS[c]: owned[ROLE_IDS[c]] for c in (CITY, SETTLEMENT, ROAD, HARBOR, KDEF, KOFF, BANDIT)}
    of_which = counts_text(actions, cards, joined=False, tr=tr)
    total = sum(owned.values())
    if of_which != "-":
        out.append(tr.nt("  owns {n} card, of which {which}", "  owns {n} cards, of which {which}", total, which=of_which))
    else:
        out.append(tr.nt("  owns {n} card, none of them an action card", "  owns {n} cards, none of them an action card",
                         total))
    return out


# ------------------------------------------------------------------ help
@localizable
def help_text(obs: Mapping[str, Any], viewer: int | None, rules: Rules, *, tr: Translator = ENGLISH) -> str:
    """What the decision in front of ``viewer`` is about, and how to write its actions."""
    cards = rules.cards
    me = viewer if isinstance(viewer, int) else None
    phase = obs["phase"]
    if obs["over"]:
        return tr.t("The game is over.")
    if me is None or me not in obs["to_move"]:
        return tr.t("Now {what}.", what=decision_text(phase, obs["current"], obs["pending"], me, cards, tr=tr))
    if phase == "main":
        return tr.t(
            "Your turn (CDB-7). Play cards to put resources on the table: 'play ore' (+1 Ore), 'play settlement' "
            "(2 resources of choice), 'play city' (3), 'play road 3' (Roads played together: 2n-3 resources of "
            "choice). Buy with what is laid down: 'buy city'; two surplus resource cards trade for one missing "
            "resource (2 for 1), and 'buy X trade' spends trades before resources of choice. Cards with an effect: "
            "'play harbor' (draw 1 + Seas), 'play kdef' (draw 1), 'play bandit' and 'play koff' (attacks). "
            "'lay sea' lays a card down without effect, to make room: 'end' puts everything laid down on the "
            "discard pile and draws 3 cards, or up to {refill} when you keep fewer than {below}. {win} Cities in "
            "your hand during your turn win (CDB-9.1).", refill=cards.refill_to, below=cards.refill_below,
            win=rules.to_win) + " " + tr.t(
            "A card's name alone plays it ('grain'; 'road': all your Roads together; 'sea' lays it down).")
    pending = obs["pending"] or {}
    attack = attack_name(pending, cards, tr)
    if phase == "react":
        effect = (tr.t("the Bandit takes a random card from your hand") if pending.get("attack") == "bandit"
                  else tr.t("you discard 2 cards of your choice"))
        return tr.t("Player {n} attacks you with a {attack} (CDB-3.2.2). 'reflect' lays down a Knight (Defensive) "
                    "from your hand, draws 1 card and turns the attack against him (he may counter-reflect); "
                    "'allow' lets it strike: {effect}.", n=str(pending["attacker"]), attack=attack, effect=effect)
    if phase == "counter":
        return tr.t("Player {n} reflected your {attack} (CDB-3.2.3). 'reflect' shows a Knight (Defensive) of "
                    "yours: the attack then affects neither player; 'allow' lets it strike you.",
                    n=str(pending["victim"]), attack=attack)
    if phase == "steal":
        return tr.t("The Bandit took a card (CDB-3.1.2): 'keep' puts it on your discard pile (it becomes yours), "
                    "'return' gives it back.")
    top = tr.t(" or 'discard top' (the top card of your draw pile)") if rules.discard_from_draw else ""
    return tr.t("A Knight (Offensive) makes you discard {n} more card(s) of your choice (CDB-3.3.2): "
                "'discard ore', 'discard sea', ...{top}.", n=pending.get("left", 0), top=top) + " " + tr.t(
        "A card's name alone discards it ('sea').")


# ------------------------------------------------------------------ menus
@localizable
def action_label(action: Action, obs: Mapping[str, Any], rules: Rules, *, tr: Translator = ENGLISH) -> str:
    """An action in words for a menu, with its costs and what it gives."""
    return action_words(action.text, rules, obs, tr=tr)


PLAY_CODES = (act.PLAY_RES, act.PLAY_WILD, act.PLAY_ROAD, act.PLAY_HARBOR, act.PLAY_KDEF, act.PLAY_ATTACK)


VERBS = (N_("play {card}"),)
"""The verb of the menu's group "play", as the labels put it around a card's name."""


def _after(label: str, template: str, tr: Translator) -> str:
    """``label`` without its verb, which the menu's group already says: "play " of
    "play {card}", or " ausspielen" of the German "{card} ausspielen"."""
    head, _, tail = tr.t(template, card="\0").partition("\0")
    if head and label.startswith(head):
        label = label[len(head):]
    elif head:
        return label
    return label.replace(tail, "", 1) if tail.strip() else label


@localizable
def action_path(action: Action, obs: Mapping[str, Any], rules: Rules, *,
                tr: Translator = ENGLISH) -> tuple[str, ...]:
    """Main-phase actions grouped by what they do, in the legal actions' order (the usual
    first): play, buy, buy with 2-for-1 trades, end the turn, lay down without effect (a
    hand full of Roads makes a menu of its own); answers stay flat. A purchase says how
    the pool pays (its price is on the supply), a lay-down only the card."""
    label = action_words(action.text, rules, obs, tr=tr)
    found = act.BY_TEXT.get(action.text)
    if obs.get("phase") != "main" or found is None:
        return (label,)
    viewer = obs.get("player")
    me = obs["players"][viewer] if isinstance(viewer, int) else None
    code, card = found.code, found.card
    if code == act.PLAY_ROAD and me is not None and me.get("hand", {}).get("road", 0) > MANY_ROADS:
        return (tr.pt("menu", "play"), tr.t("Roads together"), tr.t("x{n}", n=card) + road_gain(card, rules, obs, tr))
    if code in PLAY_CODES:
        return (tr.pt("menu", "play"), _after(label, "play {card}", tr))
    if code == act.LAY:
        return (tr.pt("menu", "lay down without effect"), name(card, rules.cards, tr))
    if code in (act.BUY, act.BUY_TRADE):
        trade = code == act.BUY_TRADE
        group = tr.pt("menu", "buy with 2-for-1 trades") if trade else tr.pt("menu", "buy")
        return (group, buy_entry(card, trade, obs, rules, tr))
    return (label,)


MANY_ROADS = 8
"""With more Roads in hand than this, the ways to play them are a menu of their own."""
