"""Catan Deck Building in words: display names, counts, costs and payments, who
decides what, the words of actions and of event terms. Everything here reads an
observation or the game's card data, never a state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import actions as act
from .catalog import BANDIT, CITY, ROLE_IDS, CardData
from .rules.base import POOL_KEYS, WILD_O, WILD_S
from .rules.payment import breakdown, road_resources

if TYPE_CHECKING:
    from .options import Rules

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


def seat(p: int | None, viewer: int | None) -> str:
    return "nobody" if p is None else ("you" if p == viewer else f"player {p}")


def decision_text(phase: str, current: int, pending: Mapping[str, Any] | None, viewer: int | None,
                  names: Sequence[str]) -> str:
    """Who decides what now, for ``viewer``: "player 1 answers your Bandit: reflect or allow"."""
    if phase == "over":
        return "the game is over"
    if phase == "main" or not pending:
        return "your turn" if current == viewer else f"player {current} is playing the turn"
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
    a = act.BY_TEXT.get(text)
    if a is None:
        return text
    cards = rules.cards
    code, card, names = a.code, a.card, cards.names
    if code == act.PLAY_RES:
        return f"play {names[card]} (+1 {names[card]})"
    if code == act.PLAY_WILD:
        return f"play {names[card]} (+{cards.produces[card]} resources of choice)"
    if code == act.PLAY_ROAD:
        if rules.roads_whole_turn:  # road-grouping B: the gain depends on the Roads played before
            return f"play Road x{card}"
        gain = road_resources(card)
        what = f"+{gain} resource{'s' if gain > 1 else ''} of choice" if gain else "nothing to spend"
        return f"play Road x{card} ({what})"
    if code in (act.PLAY_HARBOR, act.PLAY_KDEF, act.PLAY_ATTACK):
        return f"play {names[card]}"
    if code == act.LAY:
        return f"lay down {names[card]}"
    if code == act.BUY:
        return f"buy {names[card]}"
    if code == act.BUY_TRADE:
        return f"buy {names[card]} (2-for-1 trades first)"
    if code == act.DISCARD:
        return f"discard {names[card]}"
    if code == act.DISCARD_TOP:
        return "discard the top card of the draw pile"
    if code == act.END:
        return "end the turn (the laid-down cards go to the discard pile)"
    return text


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


