"""Catan Deck Building in the browser: the table drawn from one viewer's observation
(``Game.html``) and the thing each action acts on (``Game.action_target``).

Targets: a card in the viewer's hand is ``hand:ID`` (play it, play Roads together,
discard it under a Knight (Offensive); a Sea or a Desert, which have no effect, and a
Knight (Defensive) that has blocked, lay it down), a supply stack is ``supply:ID``
(buy it, with or without trades), the viewer's draw pile is ``pile:draw`` (end the
turn: CDB-8.1, "the turn is over as soon as the player decides to draw"; discard-source
B: discard its top card), the attack card being answered is ``attack`` (reflect or
allow) and the card a Bandit took is ``stolen`` (keep or return). A card with an effect
laid down without it (CDB-7.8) has no target: a click on the card plays it, and the
lay-down is in the page's list of moves, last.

Marks of the others' moves (``show/moves.py``) are targets too, the same for every
viewer: the zone of the cards player P laid down this turn is ``laid:P`` and each
player's discard pile is ``discard:P``; a click on them says that there is nothing to
do there now.

Everything is drawn from the observation, so nothing hidden can be shown: the
opponent's hand is card backs, draw piles are counts, a discard pile is its top card
(discard-visibility A: all of it, as counts). Every text is in the reader's
language (``tr``; ``html`` is ``@localizable``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, N_, Translator, localizable

from .. import actions as act
from ..catalog import BANDIT, BUYABLE, CITY, DESERT, KDEF, ROLE_IDS, SEA
from ..state import POOL_KEYS
from .words import (
    EFFECTS,
    a_card,
    amount,
    attack_name,
    counts_text,
    decision_text,
    end_draws,
    kind_name,
    name,
)

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..options import Rules

NOTES = {
    "ore": N_("+1 Ore to spend"), "brick": N_("+1 Brick to spend"), "grain": N_("+1 Grain to spend"),
    "lumber": N_("+1 Lumber to spend"), "wool": N_("+1 Wool to spend"),
    "sea": N_("each in hand: a Harbor draws 1 more"), "desert": N_("pays for a Bandit"),
    "bandit": N_("attack: take a card from the opponent's hand"), "kdef": N_("+1 card, or reflect an attack"),
    "koff": N_("attack: the opponent discards 2"), "harbor": N_("draw 1 + 1 per Sea"),
    "road": N_("n together: 2n-3 resources of choice"), "settlement": N_("2 resources of choice"),
    "city": N_("3 resources of choice; 3 in hand win"),
}
"""A card's effect in the few words a card has room for (the full text is its tooltip)."""

COLOURS = {
    "ore": ("#7d8597", "#fff"), "brick": ("#b5472b", "#fff"), "grain": ("#e9c46a", "#3d2c00"),
    "lumber": ("#2d6a4f", "#fff"), "wool": ("#95d5b2", "#123524"), "sea": ("#4895ef", "#fff"),
    "desert": ("#e0c097", "#4a3410"), "bandit": ("#3c2f5c", "#fff"), "kdef": ("#457b9d", "#fff"),
    "koff": ("#9d0208", "#fff"), "harbor": ("#0077b6", "#fff"), "road": ("#7f5539", "#fff"),
    "settlement": ("#bc6c25", "#fff"), "city": ("#6a040f", "#fff"),
    "choice-settlement": ("#bc6c25", "#fff"), "choice-other": ("#6a040f", "#fff"),
}

STYLE = """<style>
.cdb { display: flex; flex-direction: column; gap: .6rem; }
.cdb .cdb-head { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: baseline; font-size: 1.05rem; }
.cdb .cdb-head .now { font-weight: 700; }
.cdb .cdb-head .now.mine { color: #1a7f37; }
.cdb .cdb-head .variants { color: #656d76; font-size: .85rem; }
.cdb .zone { border: 1px solid #d0d7de; border-radius: 8px; padding: .3rem .6rem .1rem; background: #fbfcfd; }
.cdb .zone.mine { background: #f3fbf5; }
.cdb .zone.alert { background: #fff8e6; border-color: #d4a72c; }
.cdb .zone h4 span { text-transform: none; letter-spacing: 0; font-weight: 400; }
.cdb .row { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: flex-start; }
.cdb .card { border-top: 12px solid var(--c); position: relative; }
.cdb .supply .card { width: 110px; }
.cdb .story { flex: 1; min-width: 260px; }
.cdb .card.small { width: 94px; min-height: 96px; font-size: .75rem; }
.cdb .card.small .title { font-size: .78rem; }
.cdb .card .kind { font-size: .72rem; text-transform: uppercase; letter-spacing: .04em; color: #656d76; }
.cdb .card .count { font-size: 1rem; }
.cdb .card.empty { opacity: .45; }
.cdb .card.actionable { outline-width: 3px; }
.cdb .chip { display: inline-block; border-radius: 9px; padding: 0 .4rem; margin: 1px 2px 1px 0;
             background: var(--c); color: var(--t); font-size: .78rem; white-space: nowrap; }
.cdb .pile { height: 96px; width: 78px; font-size: .8rem; text-align: center; }
.cdb .pile b { font-size: 1.3rem; color: #1f2328; }
.cdb .pile.wide { width: 112px; height: auto; min-height: 96px; }
.cdb .pile .hint { display: block; margin-top: .15rem; font-size: .72rem; color: #1a7f37; line-height: 1.15; }
.cdb .backs { display: flex; align-items: center; height: 96px; }
.cdb .backs .stack { display: flex; padding-right: 14px; }
.cdb .back { width: 30px; height: 44px; margin-right: -14px; border-radius: 4px; border: 1px solid #7f5539;
             background: repeating-linear-gradient(45deg, #b5651d 0 5px, #d4a373 5px 10px); }
.cdb .pool { margin: .2rem 0 .5rem; }
.cdb .muted { color: #656d76; font-size: .85rem; }
.cdb .story p { margin: .2rem 0 .4rem; }
</style>"""


# ------------------------------------------------------------------ targets
def action_target(action: Action, obs: Mapping[str, Any]) -> str | None:
    """The card or stack an action acts on: ``hand:ID``, ``supply:ID``, ``pile:draw``,
    ``attack``, ``stolen``; None for a card with an effect laid down without it."""
    found = act.BY_TEXT.get(action.text)
    if found is None:
        return None
    code = found.code
    if code == act.PLAY_ROAD:
        return "hand:road"
    if code in (act.BUY, act.BUY_TRADE):
        return f"supply:{ROLE_IDS[found.card]}"
    if code in (act.END, act.DISCARD_TOP):
        return "pile:draw"
    if code == act.LAY:
        return f"hand:{ROLE_IDS[found.card]}" if only_laid(found.card, obs) else None
    if code < act.BUY or code == act.DISCARD:
        return f"hand:{ROLE_IDS[found.card]}"
    if code in (act.REFLECT, act.ALLOW):
        return "attack"
    if code in (act.KEEP, act.RETURN):
        return "stolen"
    return None


def only_laid(card: int, obs: Mapping[str, Any]) -> bool:
    """Whether laying ``card`` down is all a player can do with it (CDB-7.8): a Sea or a
    Desert, or a Knight (Defensive) that has blocked an attack (CDB-3.2.5)."""
    if card in (SEA, DESERT):
        return True
    viewer = obs.get("player")
    if card != KDEF or not isinstance(viewer, int):
        return False
    me = obs["players"][viewer]
    return bool(me["hand"]["kdef"] <= me["spent_knights"])


# ------------------------------------------------------------------ pieces
def _e(value: Any) -> str:
    return escape(str(value))


def _style(card: str) -> str:
    back, ink = COLOURS.get(card, ("#8c959f", "#fff"))
    return f"--c:{back};--t:{ink}"


def card_html(card: str, rules: Rules, *, count: str = "", target: str | None = None, cost: bool = False,
              small: bool = False, empty: bool = False, label: str = "", tr: Translator = ENGLISH) -> str:
    """One card: its name, its kind, what it costs (supply cards), its effect and a count
    (``label``: what the page calls it when clicked, its name by default)."""
    cards = rules.cards
    c = ROLE_IDS.index(card)
    title = name(c, cards, tr)
    classes = "card" + (" small" if small else "") + (" empty" if empty else "")
    attrs = f' class="{classes}" style="{_style(card)}" title="{_e(title + ": " + tr.t(EFFECTS[card]))}"'
    if target:
        attrs += f' data-target="{_e(target)}" data-label="{_e(label or title)}"'
    parts = [f'<div class="title">{_e(title)}</div>', f'<div class="kind">{_e(kind_name(c, cards, tr))}</div>']
    if cost:
        parts.append(f'<div class="cost">{cost_chips(c, rules, tr)}</div>')
    if not small:
        parts.append(f'<div class="note">{_e(tr.t(NOTES[card]))}</div>')
    if count:
        parts.append(f'<div class="count">{_e(count)}</div>')
    return f"<div{attrs}>{''.join(parts)}</div>"


def chip(key: str, text: str) -> str:
    return f'<span class="chip" style="{_style(key)}">{_e(text)}</span>'


def cost_chips(c: int, rules: Rules, tr: Translator = ENGLISH) -> str:
    """CDB-2.6: a supply card's price as resource chips (plus the Desert or Settlement it takes)."""
    cards = rules.cards
    out = [chip(ROLE_IDS[r], amount(n, r, cards, tr)) for r, n in enumerate(rules.cost[c]) if n]
    if c == CITY:
        out.append(chip("settlement", tr.t("+ Settlement")))
    elif c == BANDIT:
        out.append(chip("desert", tr.t("+ Desert")))
    return "".join(out)


def cards_row(counts: Mapping[str, int], rules: Rules, target: str | None = None, small: bool = False,
              tr: Translator = ENGLISH) -> str:
    """Cards by count, one card a kind with "x N" (``target``: a prefix such as ``hand``)."""
    shown = [card_html(k, rules, count=tr.t("x {n}", n=n) if n > 1 else "", small=small,
                       target=f"{target}:{k}" if target else None, tr=tr)
             for k, n in counts.items() if n]
    if shown:
        return f'<div class="cards">{"".join(shown)}</div>'
    none = tr.t("no cards")
    return f'<div class="muted">{_e(none)}</div>'


def pile_html(label: str, n: int, target: str | None = None, tr: Translator = ENGLISH, note: str = "") -> str:
    """A face-down pile (or an empty one) with its count; ``note``: what a click on it does."""
    attrs = f' data-target="{_e(target)}" data-label="{_e(label)}"' if target else ""
    unit = tr.npgettext("pile", "card", "cards", n)
    hint = f'<span class="hint">{_e(note)}</span>' if note else ""
    return f'<div class="pile{" wide" if note else ""}"{attrs}>{_e(label)}<b>{n}</b>{_e(unit)}{hint}</div>'


def zone(title: str, body: Iterable[str], extra: str = "", note: str = "", target: str = "") -> str:
    """A zone of the table (``target``: a mark of the others' moves, ``show/moves.py``)."""
    aside = f" <span>{_e(note)}</span>" if note else ""
    attrs = f' data-target="{_e(target)}" data-label="{_e(title)}"' if target else ""
    return f'<section class="zone{extra}"{attrs}><h4>{_e(title)}{aside}</h4>{"".join(body)}</section>'


# ------------------------------------------------------------------ zones
def supply_zone(obs: Mapping[str, Any], viewer: int | None, rules: Rules, tr: Translator = ENGLISH) -> str:
    """The supply (CDB-4.5): every stack with its cost and what is left, to buy from."""
    stacks = [card_html(ROLE_IDS[c], rules, count=tr.t("{n} left", n=obs["supply"][ROLE_IDS[c]]), cost=True,
                        target=f"supply:{ROLE_IDS[c]}", empty=not obs["supply"][ROLE_IDS[c]], tr=tr)
              for c in BUYABLE]
    buying = obs["phase"] == "main" and obs["current"] == viewer
    return zone(tr.t("Supply"), [f'<div class="cards">{"".join(stacks)}</div>'], " supply",
                tr.t("click a stack to buy it with what is laid down") if buying else "")


CHOICE_CHIPS = {"choice-settlement": N_("{n} of choice (Settlement)"), "choice-other": N_("{n} of choice")}


def table_zone(obs: Mapping[str, Any], viewer: int | None, rules: Rules, tr: Translator = ENGLISH) -> str:
    """The current player's cards laid down this turn and the resources still to spend."""
    cur = obs["current"]
    view = obs["players"][cur]
    pool = {k: n for k, n in obs["pool"].items() if n}
    chips = "".join(chip(k, tr.t(CHOICE_CHIPS[k], n=n) if k in CHOICE_CHIPS
                         else amount(n, POOL_KEYS.index(k), rules.cards, tr)) for k, n in pool.items())
    nothing, to_spend = tr.t("nothing yet"), tr.t("To spend:")
    spend = chips or f"<span class=muted>{_e(nothing)}</span>"
    body = [f'<div class="pool">{_e(to_spend)} {spend}</div>',
            cards_row(view["laid"], rules, small=True, tr=tr)]
    title = tr.t("Laid down this turn by you") if cur == viewer else tr.t("Laid down this turn by player {n}", n=cur)
    return zone(title, body, " mine" if cur == viewer else "", target=f"laid:{cur}")


def player_zone(obs: Mapping[str, Any], p: int, viewer: int | None, rules: Rules, tr: Translator = ENGLISH) -> str:
    """A player's hand (cards for the viewer, backs for the others), piles and holdings."""
    view = obs["players"][p]
    mine = p == viewer
    n = view["hand_size"]
    ending = mine and obs["phase"] == "main" and obs["current"] == viewer and not obs["over"]
    note = tr.nt("click: end the turn and draw {n} card", "click: end the turn and draw {n} cards",
                 end_draws(obs, rules.cards)) if ending else ""
    row = [pile_html(tr.t("Draw pile"), view["draw_size"], "pile:draw" if mine else None, tr, note)]
    top = view["discard_top"]
    if top:
        row.append(card_html(top, rules, count=tr.t("{n} in the pile", n=view["discard_size"]), small=True,
                             target=f"discard:{p}", label=tr.t("Discard pile"), tr=tr))
    else:
        row.append(pile_html(tr.t("Discard pile"), 0, f"discard:{p}", tr=tr))
    row.append(f"<div>{''.join(f'<div class=muted>{_e(line)}</div>' for line in holdings(view, rules, tr))}</div>")
    if "hand" in view:
        body = [cards_row(view["hand"], rules, target="hand", tr=tr)]
    else:
        backs = '<span class="back"></span>' * min(n, 12)
        row.insert(0, f'<div class="backs"><span class="stack">{backs}</span></div>')
        body = []
    body.append(f'<div class="row">{"".join(row)}</div>')
    if mine:
        title = tr.t("Your hand")
    elif viewer is not None:
        title = tr.t("Player {n} (opponent)", n=p)
    else:
        title = tr.t("Player {n}", n=p)
    note = tr.nt("{n} card in hand", "{n} cards in hand", n)
    if mine:
        note += tr.t("; {n} of the {win} Cities that win", n=view["hand"]["city"], win=rules.to_win)
    return zone(title, body, " mine" if mine else "", note)


def holdings(view: Mapping[str, Any], rules: Rules, tr: Translator = ENGLISH) -> list[str]:
    """A player's public facts: the discard pile (discard-visibility A), the Knights
    (Defensive) that reflected or blocked, and the cards he owns."""
    cards = rules.cards
    lines = []
    if "discard" in view and view["discard_size"] > 1:
        lines.append(tr.t("Discard pile: {cards}", cards=counts_text(view["discard"], cards, tr=tr)))
    if view["reserved_knights"]:
        k = view["reserved_knights"]
        lines.append(tr.t("{knights} laid down to reflect an attack", knights=amount(k, KDEF, cards, tr)))
    if view["spent_knights"]:
        k = view["spent_knights"]
        knights = amount(k, KDEF, cards, tr)
        lines.append(tr.t("{knights} in hand has blocked an attack", knights=knights) if k == 1 else
                     tr.t("{knights} in hand have blocked an attack", knights=knights))
    owned = view["owned"]
    keys = ("city", "settlement", "road", "harbor", "kdef", "koff", "bandit")
    lines.append(tr.nt("Owns {n} card: {cards}", "Owns {n} cards: {cards}", sum(owned.values()),
                       cards=counts_text({k: owned[k] for k in keys if owned[k]}, cards, tr=tr)))
    return lines


def attack_zone(obs: Mapping[str, Any], viewer: int | None, rules: Rules, tr: Translator = ENGLISH) -> str:
    """The attack being answered (click it to answer), with the stolen card for those who
    may see it (click it to keep or return it) and what the answers do."""
    pending = obs["pending"]
    shown = [card_html(pending["attack"], rules, small=True, target="attack", tr=tr)]
    if pending.get("stolen"):
        shown.append(card_html(pending["stolen"], rules, small=True, count=tr.t("taken"), target="stolen", tr=tr))
    body = [f'<div class="row"><div class="cards">{"".join(shown)}</div>'
            f'<div class="story">{"".join(f"<p>{_e(line)}</p>" for line in attack_story(obs, viewer, rules, tr))}'
            "</div></div>"]
    return zone(tr.t("Attack"), body, " alert")


def attack_story(obs: Mapping[str, Any], viewer: int | None, rules: Rules, tr: Translator = ENGLISH) -> list[str]:
    """What the attack does (CDB-3.1 to CDB-3.3) and, for the player who answers, how."""
    cards = rules.cards
    pending, phase = obs["pending"], obs["phase"]
    attacker, victim = pending["attacker"], pending["victim"]
    attack = attack_name(pending, cards, tr)
    deciding = viewer is not None and viewer in obs["to_move"]
    me = obs["players"][viewer] if deciding else None
    knight = me is not None and me["hand"]["kdef"] > me["spent_knights"]  # CDB-3.2.4: one not blocked yet
    args = {"attack": attack, "attacker": attacker, "victim": victim,
            "an_attack": a_card(ROLE_IDS.index(pending["attack"]), cards, tr)}
    if phase == "react":
        bandit = pending["attack"] == "bandit"
        if viewer == victim:
            lines = [tr.t("Player {attacker} played {an_attack} against you: it takes a card at random from your "
                          "hand.", **args) if bandit else
                     tr.t("Player {attacker} played {an_attack} against you: you must discard 2 cards.", **args)]
        elif viewer == attacker:
            lines = [tr.t("You played {an_attack} against player {victim}: it takes a card at random from player "
                          "{victim}'s hand.", **args) if bandit else
                     tr.t("You played {an_attack} against player {victim}: player {victim} must discard 2 cards.",
                          **args)]
        else:
            lines = [tr.t("Player {attacker} played {an_attack} against player {victim}: it takes a card at random "
                          "from player {victim}'s hand.", **args) if bandit else
                     tr.t("Player {attacker} played {an_attack} against player {victim}: player {victim} must "
                          "discard 2 cards.", **args)]
        if knight:
            lines.append(tr.t("Click the {attack} to reflect it with a Knight (Defensive) from your hand (it then "
                              "strikes player {attacker}) or to allow it.", **args))
        elif deciding:
            lines.append(tr.t("You have no Knight (Defensive) to reflect it: click the {attack} to allow it.", **args))
        return lines
    if phase == "counter":
        if viewer == victim:
            line = tr.t("You reflected the {attack} with a Knight (Defensive): it strikes player {attacker} unless "
                        "a Knight (Defensive) counter-reflects it.", **args)
        elif viewer == attacker:
            line = tr.t("Player {victim} reflected the {attack} with a Knight (Defensive): it strikes you unless "
                        "a Knight (Defensive) counter-reflects it.", **args)
        else:
            line = tr.t("Player {victim} reflected the {attack} with a Knight (Defensive): it strikes player "
                        "{attacker} unless a Knight (Defensive) counter-reflects it.", **args)
        lines = [line]
        if knight:
            lines.append(tr.t("Click the {attack} to counter-reflect it (it then affects nobody) or to allow it.",
                              **args))
        elif deciding:
            lines.append(tr.t("You have no Knight (Defensive) to counter-reflect it: click the {attack} to allow it.",
                              **args))
        return lines
    if phase == "steal":
        what = a_card(ROLE_IDS.index(pending["stolen"]), cards, tr) if pending.get("stolen") else tr.t("a card")
        lines = [tr.t("The {attack} took {what} from your hand.", what=what, **args) if viewer == victim else
                 tr.t("The {attack} took {what} from player {victim}'s hand.", what=what, **args)]
        if deciding:
            lines.append(tr.t("Click it to keep it (onto your discard pile) or to give it back."))
        return lines
    left = pending.get("left", 0)
    if viewer == victim:
        line = tr.nt("You must discard {n} more card (player {attacker}'s {attack}).",
                     "You must discard {n} more cards (player {attacker}'s {attack}).", left, **args)
    elif viewer == attacker:
        line = tr.nt("Player {victim} must discard {n} more card (your {attack}).",
                     "Player {victim} must discard {n} more cards (your {attack}).", left, **args)
    else:
        line = tr.nt("Player {victim} must discard {n} more card (player {attacker}'s {attack}).",
                     "Player {victim} must discard {n} more cards (player {attacker}'s {attack}).", left, **args)
    lines = [line]
    if deciding:
        lines.append(tr.t("Click a card of your hand to discard it (or your draw pile, to discard its top card).")
                     if rules.discard_from_draw else tr.t("Click a card of your hand to discard it."))
    return lines


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def head(obs: Mapping[str, Any], viewer: int | None, rules: Rules, variants: Iterable[str],
         tr: Translator = ENGLISH) -> str:
    """The turn and whose decision it is (the winner at the end)."""
    if obs["over"]:
        w = obs["winner"]
        if w is None:
            now = tr.nt("The game is over: a draw at the turn cap ({n} turn)",
                        "The game is over: a draw at the turn cap ({n} turns)", rules.max_turns)
        elif w == viewer:
            now = tr.t("The game is over: you won with {n} Cities in hand", n=rules.to_win)
        else:
            now = tr.t("The game is over: player {p} won with {n} Cities in hand", p=w, n=rules.to_win)
    else:
        text = decision_text(obs["phase"], obs["current"], obs["pending"], viewer, rules.cards, tr=tr)
        if obs["phase"] == "main" and obs["current"] == viewer:
            text = tr.t("your turn: click cards in your hand to play them, a supply stack to buy, then your draw pile "
                        "to end the turn")
        now = cap(text)
    mine = " mine" if viewer is not None and viewer in obs["to_move"] else ""
    chosen = ", ".join(variants)
    turn = tr.t("Turn {turn} of at most {last}", turn=obs["turn"], last=rules.max_turns)
    rules_line = tr.t("Rule variants: {variants}", variants=chosen)
    return (f'<div class="cdb-head"><span>{_e(turn)}</span>'
            f'<span class="now{mine}">{_e(now)}</span>'
            + (f'<span class="variants">{_e(rules_line)}</span>' if chosen else "") + "</div>")


@localizable
def html(obs: Mapping[str, Any], viewer: int | None, rules: Rules, variants: Iterable[str] = (), *,
         tr: Translator = ENGLISH) -> str:
    """The whole table for ``viewer``: the opponent above, the supply and the cards laid
    down in the middle, the viewer's hand below (a spectator sees both players alike)."""
    me = viewer if isinstance(viewer, int) else None
    order = (1 - me, me) if me is not None else (0, 1)
    parts = [STYLE, head(obs, me, rules, variants, tr)]
    if obs["pending"] and not obs["over"]:
        parts.append(attack_zone(obs, me, rules, tr))
    parts.append(player_zone(obs, order[0], me, rules, tr))
    parts.append(supply_zone(obs, me, rules, tr))
    parts.append(table_zone(obs, me, rules, tr))
    parts.append(player_zone(obs, order[1], me, rules, tr))
    return f'<div class="cdb">{"".join(parts)}</div>'
