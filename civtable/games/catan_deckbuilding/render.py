"""Catan Deck Building in words: the terminal screen of an observation, menu labels
and paths, help, the display names of event terms, a person's shorthand and the
card reference. Everything here reads an observation (what one viewer may know)
or the game's card data, never a state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from civtable.core.reference import Table

from .actions import (
    ALLOW,
    BUY,
    BUY_TRADE,
    BY_TEXT,
    DISCARD,
    DISCARD_TOP,
    END,
    KEEP,
    LAY,
    PLAY_ATTACK,
    PLAY_HARBOR,
    PLAY_KDEF,
    PLAY_RES,
    PLAY_ROAD,
    PLAY_WILD,
    REFLECT,
    RETURN,
)
from .catalog import BANDIT, BUYABLE, CITY, HARBOR, KDEF, KOFF, ROAD, ROLE_IDS, SETTLEMENT, CardData
from .rules.base import POOL_KEYS, WILD_O, WILD_S
from .rules.payment import breakdown, road_resources, settle

if TYPE_CHECKING:
    from civtable.core.action import Action

    from .options import Rules

CHOICE_WORDS = {"choice-settlement": ("resource of choice (Settlement)", "resources of choice (Settlement)"),
                "choice-other": ("resource of choice", "resources of choice")}
EFFECTS = {
    "ore": "a resource: pays for cards (CDB-2.2)",
    "brick": "a resource: pays for cards (CDB-2.2)",
    "grain": "a resource: pays for cards (CDB-2.2)",
    "lumber": "a resource: pays for cards (CDB-2.2)",
    "wool": "a resource: pays for cards (CDB-2.2)",
    "sea": "no effect; each Sea in hand makes a Harbor draw 1 more card (CDB-2.4)",
    "desert": "no effect; part of the Bandit's cost (CDB-2.4)",
    "bandit": "attack: +1 card; take a random card from the opponent's hand, keep it or give it back (CDB-3.1)",
    "kdef": "+1 card; or reflect an attack: lay it down, +1 card, the attack strikes the attacker (CDB-3.2)",
    "koff": "attack: +1 card; the opponent discards 2 cards of his choice (CDB-3.3)",
    "harbor": "draw 1 + 1 per Sea in hand; all Roads in hand count as one Sea (CDB-3.4)",
    "road": "n Roads played together: 2n - 3 resources of choice (2: 1, 3: 3, 4: 5) (CDB-3.5)",
    "settlement": "2 resources of choice; needed, unplayed, for a City (CDB-3.6)",
    "city": "3 resources of choice; three in hand during your turn win (CDB-3.7, CDB-9.1)",
}


# ------------------------------------------------------------------ words
def plural(card: int, n: int, cards: CardData) -> str:
    """A card's display name for ``n`` of them: "Ore", "2 Cities", "Knights (Defensive)"."""
    name = cards.names[card]
    if n == 1 or cards.types[card] == "resource":
        return name
    if name.endswith("y"):
        return name[:-1] + "ies"
    if " (" in name:
        head, _, tail = name.partition(" (")
        return f"{head}s ({tail}"
    return name + "s"


def join(words: Sequence[str]) -> str:
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def counts_text(counts: Mapping[str, int], cards: CardData | Sequence[str], joined: bool = True) -> str:
    """Counts by card id or pool slot as words: "1 Ore, 2 Grain and 2 resources of choice"."""
    data = cards if isinstance(cards, CardData) else None
    words = []
    for key, n in counts.items():
        if not n:
            continue
        if key in CHOICE_WORDS:
            one, many = CHOICE_WORDS[key]
            words.append(f"{n} {one if n == 1 else many}")
        elif key in ROLE_IDS:
            c = ROLE_IDS.index(key)
            name = plural(c, n, data) if data is not None else cards[c]  # type: ignore[index]
            words.append(f"{n} {name}")
        else:
            words.append(f"{n} {key}")
    return join(words) if joined else ", ".join(words) or "-"


def cost_text(cost: Sequence[int], card: int, names: Sequence[str]) -> str:
    """A card's cost: "3 Ore, 2 Grain + a Settlement from your hand" (CDB-2.6)."""
    text = ", ".join(f"{cost[r]} {names[r]}" for r in range(5) if cost[r])
    if card == BANDIT:
        text += " + a Desert from your hand"
    elif card == CITY:
        text += " + a Settlement from your hand"
    return text


def paid_text(paid: Mapping[str, int], cards: CardData) -> str:
    """What paid for a purchase (the ``paid`` term of ``purchase.paid``)."""
    words = []
    for key, n in paid.items():
        if key == "settlement":
            words.append("a Settlement from the hand (back to the supply)")
        elif key == "desert":
            words.append("a Desert from the hand")
        else:
            words.append(counts_text({key: n}, cards))
    return join(words)


def payment_text(pool: Sequence[int], cost: Sequence[int], plan: Sequence[int], cards: CardData) -> str:
    """How a plan pays: "2 Ore, 2 Grain, 1 resource of choice and a trade (Wool + Brick for Ore)"."""
    direct, _short, trades = breakdown(pool, cost, plan)
    words = [f"{direct[r]} {cards.names[r]}" for r in range(5) if direct[r]]
    for slot in (WILD_S, WILD_O):
        if plan[slot]:
            words.append(counts_text({POOL_KEYS[slot]: plan[slot]}, cards))
    for gave, got in trades:
        given = " + ".join(cards.names[r] for r in range(5) for _ in range(gave[r]))
        words.append(f"a 2-for-1 trade ({given} for {cards.names[got]})")
    return join(words)


def seat(p: int | None, viewer: int | None) -> str:
    return "nobody" if p is None else ("you" if p == viewer else f"player {p}")


def decision_text(phase: str, current: int, pending: Mapping[str, Any] | None, viewer: int | None,
                  names: Sequence[str]) -> str:
    """Who decides what now, for ``viewer``: "player 1 answers your Bandit: reflect or allow"."""
    if phase == "over":
        return "the game is over"
    if phase == "main" or not pending:
        return f"{seat(current, viewer)}{' have' if current == viewer else ' has'} the turn"
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    attacker, victim = pending["attacker"], pending["victim"]
    owner = "your" if attacker == viewer else f"player {attacker}'s"
    if phase == "react":
        return f"{seat(victim, viewer)} may reflect {owner} {attack} or allow it"
    if phase == "counter":
        return f"{seat(attacker, viewer)} may counter-reflect the reflected {attack} or allow it"
    if phase == "steal":
        return f"{seat(attacker, viewer)} may keep or return the card the {attack} took"
    left = pending.get("left", 0)
    return f"{seat(victim, viewer)} must discard {left} more card{'s' if left != 1 else ''} ({owner} {attack})"


def action_words(text: str, rules: Rules) -> str:
    """An action's text with display names and, where it does not depend on the state,
    what it gives: the move events' words ("play Road x3 (+3 resources of choice)")."""
    a = BY_TEXT.get(text)
    if a is None:
        return text
    cards = rules.cards
    code, card, names = a.code, a.card, cards.names
    if code == PLAY_RES:
        return f"play {names[card]} (+1 {names[card]})"
    if code == PLAY_WILD:
        return f"play {names[card]} (+{cards.produces[card]} resources of choice)"
    if code == PLAY_ROAD:
        if rules.roads_whole_turn:  # road-grouping B: the gain depends on the Roads played before
            return f"play Road x{card}"
        gain = road_resources(card)
        return f"play Road x{card} ({f'+{gain} resource' + ('s' if gain > 1 else '') + ' of choice' if gain else 'nothing to spend'})"
    if code in (PLAY_HARBOR, PLAY_KDEF, PLAY_ATTACK):
        return f"play {names[card]}"
    if code == LAY:
        return f"lay down {names[card]}"
    if code == BUY:
        return f"buy {names[card]}"
    if code == BUY_TRADE:
        return f"buy {names[card]} (2-for-1 trades first)"
    if code == DISCARD:
        return f"discard {names[card]}"
    if code == DISCARD_TOP:
        return "discard the top card of the draw pile"
    if code == END:
        return "end the turn (the laid-down cards go to the discard pile)"
    return text


# ------------------------------------------------------------------ labels
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
    return 1 + seas


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
    a = BY_TEXT.get(action.text)
    if a is None:
        return action.text
    cards = rules.cards
    names = cards.names
    code, card = a.code, a.card
    pending = obs.get("pending") or {}
    viewer = obs.get("player")
    other = f"player {1 - viewer}" if isinstance(viewer, int) else "the opponent"
    if code == PLAY_RES:
        return f"play {names[card]} (+1 {names[card]} to spend)"
    if code == PLAY_WILD:
        n = cards.produces[card]
        extra = "; it leaves your hand" if card == CITY else ""
        return f"play {names[card]} (+{n} resources of choice to spend{extra})"
    if code == PLAY_ROAD:
        before = obs["roads_played"] if rules.roads_whole_turn else 0
        gain = road_resources(before + card) - road_resources(before)
        what = f"+{gain} resource{'s' if gain != 1 else ''} of choice" if gain else "nothing to spend"
        if rules.road_sea:
            what += "; +1 Sea for Harbors this turn"
        return f"play Road x{card} ({what})"
    if code == PLAY_HARBOR:
        n = harbor_draws(obs, rules)
        return f"play Harbor (draw {n} card{'s' if n != 1 else ''}: 1 + {n - 1} Sea{'s' if n != 2 else ''})"
    if code == PLAY_KDEF:
        return "play Knight (Defensive) (draw 1 card)"
    if code == PLAY_ATTACK:
        if card == BANDIT:
            return f"play Bandit (attack: draw 1 card; take a random card from {other}'s hand)"
        return f"play Knight (Offensive) (attack: draw 1 card; {other} discards 2 cards)"
    if code == LAY:
        return f"lay down {names[card]} (no effect; makes room for the draw)"
    if code in (BUY, BUY_TRADE):
        price = cost_text(rules.cost[card], card, names)
        plan = obs_plan(obs, card, code == BUY_TRADE, rules)
        how = ""
        if plan is not None:
            pool = [obs["pool"][k] for k in POOL_KEYS]
            how = ": pay " + payment_text(pool, rules.cost[card], plan, cards)
        return f"buy {names[card]}{' with trades' if code == BUY_TRADE else ''} ({price}){how}"
    if code == END:
        me = _me(obs)
        n = end_draws(me["hand_size"], cards) if me is not None else cards.draw_minimum
        return f"end the turn (the laid-down cards go to the discard pile; draw {n} cards)"
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    if code == REFLECT:
        if obs["phase"] == "counter":
            return f"reflect (counter-reflect with a Knight (Defensive): the {attack} affects neither player)"
        return f"reflect (lay down a Knight (Defensive), draw 1 card: the {attack} strikes player {pending.get('attacker')})"
    if code == ALLOW:
        if obs["phase"] == "counter":
            return f"allow (the reflected {attack} strikes you)"
        return f"allow (the {attack} strikes you)"
    stolen = pending.get("stolen")
    stolen_name = names[ROLE_IDS.index(stolen)] if stolen else "card"
    if code == KEEP:
        return f"keep (put the {stolen_name} on your discard pile)"
    if code == RETURN:
        return f"return (give the {stolen_name} back to player {pending.get('victim')})"
    if code == DISCARD:
        return f"discard {names[card]}"
    if code == DISCARD_TOP:
        return "discard top (the unseen top card of your draw pile)"
    return action.text


def action_path(action: Action, obs: Mapping[str, Any], rules: Rules) -> tuple[str, ...]:
    """Main-phase actions grouped by what they do: play, lay down, buy (a hand full of
    Roads makes long menus); answers stay flat."""
    label = action_label(action, obs, rules)
    for verb, group in (("play ", "play"), ("lay down ", "lay down"), ("buy ", "buy")):
        if label.startswith(verb) and obs.get("phase") == "main":
            return (group, label[len(verb):])
    return (label,)


# ------------------------------------------------------------------ the screen
def render(obs: Mapping[str, Any], viewer: int | None, rules: Rules, variants: Sequence[str] = ()) -> str:
    """The status screen of one viewer: turn, decision, supply with costs, the pool, both players."""
    cards = rules.cards
    names = cards.names
    me = viewer if isinstance(viewer, int) else None
    lines = [f"Catan Deck Building - turn {obs['turn']} of at most {rules.max_turns} - "
             f"{seat(obs['current'], me)}{' have' if obs['current'] == me else ' has'} the turn"]
    if variants:
        lines.append("Rule variants: " + ", ".join(variants))
    if obs["over"]:
        w = obs["winner"]
        lines.append(f"GAME OVER: {seat(w, me)} won with {rules.to_win} Cities in hand" if w is not None
                     else f"GAME OVER: a draw at the turn cap ({rules.max_turns} turns)")
    else:
        lines.append("Now: " + decision_text(obs["phase"], obs["current"], obs["pending"], me, names))
    lines.append("")
    lines.append(f"{'Supply':<20}{'cost':<46}left")
    for c in BUYABLE:
        lines.append(f"  {names[c]:<18}{cost_text(rules.cost[c], c, names):<46}{obs['supply'][ROLE_IDS[c]]:>3}")
    pool = {k: v for k, v in obs["pool"].items() if v}
    lines.append(f"Laid down by {seat(obs['current'], me)} this turn, to spend: "
                 + (counts_text(pool, cards) if pool else "nothing"))
    lines.append("")
    for p in (me, None if me is None else 1 - me) if me is not None else (0, 1):
        if p is None:
            continue
        lines.extend(_player_lines(obs, p, me, rules))
    pending = obs.get("pending")
    if pending and not obs["over"]:
        lines.append("")
        lines.append(_pending_line(obs, me, names))
    return "\n".join(lines)


def _player_lines(obs: Mapping[str, Any], p: int, me: int | None, rules: Rules) -> list[str]:
    cards = rules.cards
    names = cards.names
    view = obs["players"][p]
    who = "You" if p == me else ("Opponent" if me is not None else "Player")
    out = [f"{who} (player {p}): {view['hand_size']} card{'s' if view['hand_size'] != 1 else ''} in hand"
           + (": " + counts_text(view["hand"], cards, joined=False) if "hand" in view else " (hidden)")]
    laid = counts_text(view["laid"], cards, joined=False)
    extra = ""
    if view["reserved_knights"]:
        extra += f"; {view['reserved_knights']} Knight(s) (Defensive) laid down to reflect"
    if view["spent_knights"]:
        extra += f"; {view['spent_knights']} Knight(s) (Defensive) in hand have blocked an attack"
    out.append(f"  laid down: {laid}{extra}")
    top = names[ROLE_IDS.index(view["discard_top"])] if view["discard_top"] else "-"
    if "discard" in view:
        pile = counts_text(view["discard"], cards, joined=False)
        out.append(f"  draw pile {view['draw_size']}; discard pile {view['discard_size']} (top {top}): {pile}")
    else:
        out.append(f"  draw pile {view['draw_size']}; discard pile {view['discard_size']} "
                   f"(top {top}; only the top card is visible)")
    owned = view["owned"]
    actions = {ROLE_IDS[c]: owned[ROLE_IDS[c]] for c in (CITY, SETTLEMENT, ROAD, HARBOR, KDEF, KOFF, BANDIT)}
    out.append(f"  owns {sum(owned.values())} cards, of which {counts_text(actions, cards, joined=False)}")
    return out


def _pending_line(obs: Mapping[str, Any], me: int | None, names: Sequence[str]) -> str:
    pending = obs["pending"]
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    attacker, victim = pending["attacker"], pending["victim"]
    phase = obs["phase"]
    if phase == "react":
        return (f"Attack: {seat(attacker, me)} played a {attack} against {seat(victim, me)}; "
                f"'reflect' (with a Knight (Defensive)) or 'allow'.")
    if phase == "counter":
        return (f"Attack: {seat(victim, me)} reflected the {attack} of {seat(attacker, me)}; "
                f"{seat(attacker, me)} may counter-reflect ('reflect') or 'allow'.")
    if phase == "steal":
        stolen = pending.get("stolen")
        what = f"a {names[ROLE_IDS.index(stolen)]}" if stolen else "a card"
        return (f"Attack: the {attack} took {what} from {seat(victim, me)}'s hand; "
                f"{seat(attacker, me)} may 'keep' it (onto the discard pile) or 'return' it.")
    left = pending.get("left", 0)
    return f"Attack: the {attack} of {seat(attacker, me)}: {seat(victim, me)} must discard {left} more card(s)."


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


# ------------------------------------------------------------------ shorthand
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


# ------------------------------------------------------------------ reference
def reference(cards: CardData) -> tuple[Table, ...]:
    """Every card with its cost, effect, supply (both supply-total readings) and start deck."""
    names = cards.names
    rows = []
    for i, cid in enumerate(cards.ids):
        cost = cost_text(cards.cost[i], i, names) if i in BUYABLE else "-"
        cost = cost.replace(" from your hand", " from the hand")
        supply_a = str(cards.supply[i]) if i in BUYABLE else "-"
        supply_b = str(cards.supply_pre_revision[i]) if i in BUYABLE else "-"
        rows.append((names[i], cid, cards.types[i], cost, EFFECTS.get(cid, ""), supply_a, supply_b,
                     str(cards.start_deck[i] or "-")))
    total_a = sum(cards.supply[c] for c in BUYABLE)
    total_b = sum(cards.supply_pre_revision[c] for c in BUYABLE)
    table = Table(
        "Cards", ("Card", "Id", "Type", "Cost", "Effect", f"Supply A ({total_a})", f"Supply B ({total_b})",
                  f"Start deck ({sum(cards.start_deck)})"),
        tuple(rows),
        "Supply A is the rows printed in the rules (43 cards, the default); B the stacks before the designers' "
        "revision (54, option supply-total=B). Every number is printed in the rules; none is provisional. "
        + cards.source)
    roads = Table("Roads played together (CDB-3.5.2)", ("Roads", "Resources of choice", "Harbor"),
                  tuple((str(n), str(road_resources(n)), "all Roads in hand count as 1 Sea") for n in range(1, 6)),
                  "Each Road beyond 3 adds 2 resources of choice (road-grouping B: all Roads of the turn combine).")
    turn = Table("The turn (CDB-7, CDB-8, CDB-9)", ("Step", "Rule"), (
        ("start", f"each player draws {cards.opening_hand} cards from his shuffled start deck (CDB-6.1)"),
        ("pay", "cards laid down pay for supply cards; 2 resource cards trade for 1 missing resource (CDB-7.6)"),
        ("buy", "the bought card goes onto your discard pile (CDB-7.5)"),
        ("end", f"laid-down cards go to the discard pile; draw {cards.draw_minimum}, or up to {cards.refill_to} "
                f"with fewer than {cards.refill_below} in hand (CDB-8.3)"),
        ("win", f"{cards.cities_to_win} Cities in your hand during your own turn (CDB-9.1)"),
    ))
    return (table, roads, turn)


def term(kind: str, value: Any, rules: Rules) -> str:
    """Display names of event terms (see ``messages.py``)."""
    cards = rules.cards
    if kind == "card":
        return cards.names[ROLE_IDS.index(value)] if value in ROLE_IDS else str(value)
    if kind == "cards":
        return counts_text(value, cards) if isinstance(value, Mapping) else str(value)
    if kind == "paid":
        return paid_text(value, cards) if isinstance(value, Mapping) else str(value)
    if kind == "action":
        return action_words(str(value), rules)
    return str(value)

