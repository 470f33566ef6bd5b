"""Catan Deck Building in words: display names, counts, costs and payments, what
each card does, who decides what, actions in words (for events and menus), the
words of event terms, and a person's typed names read as actions (``interpret``).
Everything here reads an observation or the game's card data, never a state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import actions as act
from .catalog import BANDIT, CITY, ROAD, ROLE_IDS, CardData
from .rules.base import POOL_KEYS, WILD_O, WILD_S
from .rules.payment import breakdown, road_resources, settle

if TYPE_CHECKING:
    from .options import Rules

EFFECTS = {  # what each card does, in a few words (reference tables, the web page)

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

CHOICE_WORDS = {"choice-settlement": ("resource of choice (Settlement)", "resources of choice (Settlement)"),
                "choice-other": ("resource of choice", "resources of choice")}
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


def counts_text(counts: Mapping[str, int], cards: CardData, joined: bool = True) -> str:
    """Counts by card id or pool slot as words: "1 Ore, 2 Grain and 2 resources of choice"."""
    words = []
    for key, n in counts.items():
        if not n:
            continue
        if key in CHOICE_WORDS:
            one, many = CHOICE_WORDS[key]
            words.append(f"{n} {one if n == 1 else many}")
        elif key in ROLE_IDS:
            c = ROLE_IDS.index(key)
            words.append(f"{n} {plural(c, n, cards)}")
        else:
            words.append(f"{n} {key}")
    return join(words) if joined else ", ".join(words) or "-"


def cost_text(cost: Sequence[int], card: int, names: Sequence[str], whose: str = "your") -> str:
    """A card's cost: "3 Ore, 2 Grain + a Settlement from your hand" (CDB-2.6)."""
    text = ", ".join(f"{cost[r]} {names[r]}" for r in range(5) if cost[r])
    if card == BANDIT:
        text += f" + a Desert from {whose} hand"
    elif card == CITY:
        text += f" + a Settlement from {whose} hand"
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


def a(name: str) -> str:
    """A name with its indefinite article: "an Ore", "a City"."""
    return ("an " if name[:1] in "AEIOU" else "a ") + name


def seat(p: int | None, viewer: int | None) -> str:
    return "nobody" if p is None else ("you" if p == viewer else f"player {p}")


def owner(p: int, viewer: int | None) -> str:
    return "your" if p == viewer else f"player {p}'s"


def decision_text(phase: str, current: int, pending: Mapping[str, Any] | None, viewer: int | None,
                  names: Sequence[str]) -> str:
    """Who decides what now, for ``viewer``: "player 1 may reflect your Bandit or allow it"
    (the stolen card named only to those who may know it)."""
    if phase == "over":
        return "the game is over"
    if phase == "main" or not pending:
        return "your turn" if current == viewer else f"player {current} is playing the turn"
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    attacker, victim = pending["attacker"], pending["victim"]
    if phase == "react":
        return f"{seat(victim, viewer)} may reflect {owner(attacker, viewer)} {attack} or allow it"
    if phase == "counter":
        return (f"{seat(victim, viewer)} reflected the {attack}: {seat(attacker, viewer)} may counter-reflect "
                "it or allow it")
    if phase == "steal":
        stolen = pending.get("stolen")
        what = a(names[ROLE_IDS.index(stolen)]) if stolen else "a card"
        return (f"the {attack} took {what} from {owner(victim, viewer)} hand: {seat(attacker, viewer)} may "
                "keep it (onto the discard pile) or return it")
    left = pending.get("left", 0)
    return (f"{seat(victim, viewer)} must discard {left} more card{'s' if left != 1 else ''} "
            f"({owner(attacker, viewer)} {attack})")


def action_words(text: str, rules: Rules, obs: Mapping[str, Any] | None = None) -> str:
    """An action in words with display names: without ``obs``, what it gives whatever the
    state (the move events' words: "play Road x3 (+3 resources of choice)"); with the
    observation of the player who may take it, also its costs, payment and draws (the
    menus' labels)."""
    found = act.BY_TEXT.get(text)
    if found is None:
        return text
    cards = rules.cards
    code, card, names = found.code, found.card, cards.names
    if code == act.PLAY_RES:
        return f"play {names[card]} (+1 {names[card]})"
    if code == act.PLAY_WILD:
        leaves = "; it leaves your hand" if card == CITY and obs is not None else ""
        return f"play {names[card]} (+{cards.produces[card]} resources of choice{leaves})"
    if code == act.PLAY_ROAD:
        return f"play Road x{card}" + road_gain(card, rules, obs)
    if code == act.PLAY_HARBOR:
        if obs is None:
            return "play Harbor"
        n = harbor_draws(obs, rules)
        return f"play Harbor (draw {n} card{'s' if n != 1 else ''}: 1 + {n - 1} Sea{'s' if n != 2 else ''})"
    if code == act.PLAY_KDEF:
        return "play Knight (Defensive) (draw 1 card)"
    if code == act.PLAY_ATTACK:
        viewer = obs.get("player") if obs is not None else None
        other = f"player {1 - viewer}'s" if isinstance(viewer, int) else "the opponent's"
        effect = (f"take a random card from {other} hand" if card == BANDIT
                  else f"{other[:-2]} discards 2 cards")
        return f"play {names[card]} (attack: draw 1 card; {effect})"
    if code == act.LAY:
        return f"lay down {names[card]}" + (" (no effect; makes room for the draw)" if obs is not None else "")
    if code in (act.BUY, act.BUY_TRADE):
        trade = code == act.BUY_TRADE
        if obs is None:
            return f"buy {names[card]}" + (" (2-for-1 trades first)" if trade else "")
        return buy_label(card, trade, obs, rules)
    if code == act.END:
        draws = f"; draw {end_draws(obs, cards)} cards" if obs is not None else ""
        return f"end the turn (the laid-down cards go to the discard pile{draws})"
    if code == act.DISCARD:
        return f"discard {names[card]}"
    if code == act.DISCARD_TOP:
        return "discard the top card of the draw pile"
    return answer_words(code, obs, names) if obs is not None else text


def road_gain(n: int, rules: Rules, obs: Mapping[str, Any] | None) -> str:
    """CDB-3.5.2: what ``play road N`` gives, in brackets (road-grouping B: after the Roads
    played before this turn, which only an observation tells)."""
    if rules.roads_whole_turn and obs is None:
        return ""
    before = obs["roads_played"] if rules.roads_whole_turn and obs is not None else 0
    gain = road_resources(before + n) - road_resources(before)
    what = f"+{gain} resource{'s' if gain != 1 else ''} of choice" if gain else "nothing to spend"
    if rules.road_sea and obs is not None:
        what += "; +1 Sea for Harbors this turn"
    return f" ({what})"


def buy_label(card: int, trade: bool, obs: Mapping[str, Any], rules: Rules) -> str:
    """``buy CARD`` with its price and how the pool laid down pays it."""
    cards = rules.cards
    price = cost_text(rules.cost[card], card, cards.names)
    plan = obs_plan(obs, card, trade, rules)
    how = ""
    if plan is not None:
        pool = [obs["pool"][k] for k in POOL_KEYS]
        how = ": pay " + payment_text(pool, rules.cost[card], plan, cards)
    return f"buy {cards.names[card]}{' with trades' if trade else ''} ({price}){how}"


def answer_words(code: int, obs: Mapping[str, Any], names: Sequence[str]) -> str:
    """The answers to an attack (reflect, allow, keep, return) and what they do."""
    pending = obs.get("pending") or {}
    attack = names[ROLE_IDS.index(pending["attack"])] if pending.get("attack") else "attack"
    counter = obs["phase"] == "counter"
    if code == act.REFLECT:
        if counter:
            return f"reflect (counter-reflect with a Knight (Defensive): the {attack} affects neither player)"
        return f"reflect (lay down a Knight (Defensive), draw 1 card: the {attack} strikes player {pending.get('attacker')})"
    if code == act.ALLOW:
        return f"allow (the reflected {attack} strikes you)" if counter else f"allow (the {attack} strikes you)"
    stolen = pending.get("stolen")
    stolen_name = names[ROLE_IDS.index(stolen)] if stolen else "card"
    if code == act.KEEP:
        return f"keep (put the {stolen_name} on your discard pile)"
    return f"return (give the {stolen_name} back to player {pending.get('victim')})"


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


def end_draws(obs: Mapping[str, Any], cards: CardData) -> int:
    """CDB-8.3: the draw at the end of the turn, for the hand kept."""
    me = _me(obs)
    if me is None:
        return cards.draw_minimum
    size = me["hand_size"]
    return cards.refill_to - size if size < cards.refill_below else cards.draw_minimum


def obs_plan(obs: Mapping[str, Any], card: int, trade: bool, rules: Rules) -> tuple[int, ...] | None:
    """The payment of ``buy CARD`` (``trade``: ``buy CARD trade``) from an observation's pool."""
    pool = [obs["pool"][k] for k in POOL_KEYS]
    ws = 0 if (card == CITY and rules.no_settlement_for_city) else pool[WILD_S]
    plan = settle(pool, rules.cost[card], ws, pool[WILD_O], False)
    if plan is None or not trade:
        return plan
    return settle(pool, rules.cost[card], ws, pool[WILD_O], True)


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
