"""The reasons Catan Deck Building gives for an action that is not legal
(``State.explain``): which phase or answer the action belongs to, which card it
needs, what a purchase lacks (CDB-7.3 to CDB-7.6) and whose decision it is. Each
reason says only what the player may know: his hand, the pool, the supply and the
public piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reader import shown

from . import actions as act
from .catalog import BANDIT, BUYABLE, CITY, DESERT, KDEF, RESOURCES, ROAD, ROLE_IDS, SEA, SETTLEMENT
from .rules.base import PHASE_NAMES, POOL_KEYS, WILD_O, WILD_S
from .rules.main import plan_for
from .rules.payment import missing
from .view import pending_view
from .words import a, counts_text, decision_text, join

if TYPE_CHECKING:
    from .state import CatanState


def explain(s: CatanState, player: int, text: str) -> str:
    """Why ``text`` is not a legal action of ``player`` now, in one sentence, from what
    ``player`` may know (his hand, the pool, the supply, the public piles)."""
    wanted = " ".join(str(text).lower().split())
    quoted = shown(wanted)
    names = s.rules.cards.names
    phase = PHASE_NAMES[s.phase]
    if phase == "over":
        if s.winner >= 0:
            return f"the game is over: player {s.winner} won with {s.rules.to_win} Cities in hand"
        return f"the game is over: a draw at the turn cap of {s.rules.max_turns} turns"
    if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
        return f"there is no player {shown(player)} in this 2-player game"
    action = act.BY_TEXT.get(wanted)
    if player != s.decider:
        what = decision_text(phase, s.current, pending_view(s, player), player, names)
        return f"{quoted} is not legal: player {player} has nothing to decide now ({what})"
    if action is None:
        return _unknown(s, player, wanted)
    if action in s.legal_actions(player):
        return f"{quoted} is a legal action now"
    code, card = action.code, action.card
    h = s.hand[player]
    if phase == "main":
        if code > act.END:
            return f"{quoted} answers an attack, and there is none now: it is your turn (play, lay down, buy or end)"
        if code == act.PLAY_ROAD:
            return f"{quoted} needs {card} Road{'s' if card > 1 else ''} in hand; you have {h[ROAD]}"
        if code in (act.BUY, act.BUY_TRADE):
            return _why_not_buy(s, player, card, code == act.BUY_TRADE, quoted)
        if not h[card]:
            return f"{quoted} needs {a(names[card])} in your hand; you have none"
        if code == act.PLAY_KDEF:
            return (f"{quoted} is not legal: your Knight (Defensive) has blocked an attack this turn and "
                    f"cannot be played for its card (CDB-3.2.4); 'lay kdef' lays it down")
        return f"{quoted} is not legal now"
    if code == act.REFLECT and phase in ("react", "counter"):
        if not h[KDEF]:
            return f"{quoted} needs a Knight (Defensive) in your hand; you have none: answer with 'allow'"
        return (f"{quoted} is not legal: your Knight (Defensive) has already blocked an attack (CDB-3.2.4): "
                f"answer with 'allow'")
    if code == act.DISCARD and phase == "discard":
        return f"{quoted} needs {a(names[card])} in your hand; you have none"
    if code == act.DISCARD_TOP and phase == "discard":
        if not s.rules.discard_from_draw:
            return (f"{quoted} is not legal: the discards come from the hand (discard-source A; "
                    f"reading B allows the top of the draw pile, CDB-3.3.2)")
        return f"{quoted} is not legal: your draw pile is empty"
    return f"{quoted} is not legal now: {decision_text(phase, s.current, pending_view(s, player), player, names)}"


def names_of(s: CatanState) -> tuple[str, ...]:
    return s.rules.cards.names


def _unknown(s: CatanState, player: int, wanted: str) -> str:
    """A text that is no action of the game at all: say what it might have meant."""
    quoted = shown(wanted)
    words = wanted.split()
    base = f"{quoted} is not a legal action for player {player} now"
    ids = ", ".join(ROLE_IDS)
    if not words:
        return f"{base}: type an action such as 'play ore', 'buy city' or 'end' (or 'help')"
    verb, rest = words[0], " ".join(words[1:])
    card = _card_named(s, rest)
    if verb in ("play", "lay", "buy", "discard") and not rest:
        return f"{base}: say which card, e.g. '{verb} {'city' if verb == 'buy' else 'ore'}'"
    if verb == "play" and (rest == "road" or rest == "roads"):
        return f"{base}: say how many Roads to play together, e.g. 'play road 2' (CDB-3.5.2)"
    if verb == "play" and len(words) == 3 and words[1] == "road" and words[2].isdigit():
        roads = s.hand[player][ROAD]
        if not roads:
            return f"{base}: you have no Road in hand"
        return f"{base}: you can play 1 to {min(act.MAX_ROADS, roads)} Roads together (those in your hand)"
    if card is not None and rest not in ROLE_IDS:
        short = f"{verb} {ROLE_IDS[card]}"
        if short in act.BY_TEXT:  # a display name: the reason of the action it names
            return explain(s, player, short).replace(shown(short), quoted, 1)
        return f"{base}: cards are written by their short name ('{short}')"
    if card is not None:
        names = names_of(s)
        if verb == "buy" and card not in BUYABLE:
            return (f"{base}: {names[card]} cannot be bought (CDB-2.3, CDB-2.5); the supply has "
                    f"{', '.join(names[c] for c in BUYABLE)}")
        if verb == "lay" and card in RESOURCES:
            return f"{base}: a resource card is laid down with 'play {ROLE_IDS[card]}', which adds it to the pool"
        if verb == "play" and card in (SEA, DESERT):
            return f"{base}: {a(names[card])} has no effect to play (CDB-2.4); 'lay {ROLE_IDS[card]}' lays it down"
        if verb == "play" and card == ROAD:
            return f"{base}: say how many Roads to play together, e.g. 'play road 2' (CDB-3.5.2)"
    if verb in ("play", "lay", "buy", "discard") and card is None:
        return f"{base}: there is no card {shown(rest)}; cards are {ids}"
    return f"{base}: actions look like 'play ore', 'play road 2', 'lay sea', 'buy city', 'end' (type 'help')"


def _card_named(s: CatanState, text: str) -> int | None:
    """A card by its id or its display name ("knight (offensive)", "knight offensive")."""
    if text in ROLE_IDS:
        return ROLE_IDS.index(text)
    plain = text.replace("(", " ").replace(")", " ").replace(",", " ")
    plain = " ".join(plain.split())
    for i, name in enumerate(names_of(s)):
        n = " ".join(name.lower().replace("(", " ").replace(")", " ").split())
        if plain == n or (plain.endswith("s") and plain[:-1] == n):
            return i
    return None


def cost_sentence(card: int, cost: tuple[int, ...], names: tuple[str, ...]) -> str:
    """"a City costs 3 Ore and 2 Grain and needs a Settlement in your hand" (CDB-2.6)."""
    price = join([f"{cost[r]} {names[r]}" for r in range(5) if cost[r]])
    text = f"{a(names[card])} costs {price}"
    if card == CITY:
        text += " and needs an unplayed Settlement in your hand (CDB-3.6.4)"
    elif card == BANDIT:
        text += " and needs a Desert in your hand (CDB-3.1.1)"
    return text


def _why_not_buy(s: CatanState, player: int, card: int, trade: bool, quoted: str) -> str:
    """CDB-7.3 to CDB-7.6: what a purchase lacks, from the pool laid down and the hand."""
    rules = s.rules
    names = rules.cards.names
    h = s.hand[player]
    cost = rules.cost[card]
    price = cost_sentence(card, cost, names)
    if not s.supply[card]:
        return f"{quoted} is not legal: the supply has no {names[card]} left (CDB-5.5)"
    if card == BANDIT and not h[DESERT]:
        return f"{quoted} is not legal: {price}; you have no Desert in hand"
    if card == CITY and not h[SETTLEMENT]:
        return f"{quoted} is not legal: {price}; you have none (a Settlement laid down does not count)"
    pool = s.pool
    if not any(pool):
        return f"{quoted} is not legal: {price}; nothing is laid down to pay with yet (e.g. 'play ore' first)"
    laid = counts_text({POOL_KEYS[i]: n for i, n in enumerate(pool) if n}, rules.cards)
    plain = plan_for(s, card, False)
    if plain is not None and trade:
        return (f"{quoted} is not legal: a 2-for-1 trade would not replace resources of choice here; "
                f"'buy {ROLE_IDS[card]}' pays with what is laid down")
    short, surplus = missing(pool, cost)
    ws = 0 if (card == CITY and rules.no_settlement_for_city) else pool[WILD_S]
    wild = ws + pool[WILD_O]
    deficit = sum(short)
    lacking = counts_text({ROLE_IDS[r]: n for r, n in enumerate(short) if n}, rules.cards)
    reason = f"{quoted} is not legal: {price}; the cards laid down give {laid}"
    if card == CITY and rules.no_settlement_for_city and pool[WILD_S]:
        reason += " (settlement-for-city B: no Settlement's resources pay for a City)"
    reason += f": {lacking} missing"
    covered = min(wild, deficit)
    if covered:
        reason += f", {covered} of which resources of choice cover"
    trades = deficit - covered
    if trades:
        reason += (f"; 2-for-1 trades of surplus resource cards laid down could cover the other {trades} "
                   f"with {2 * trades} such cards (you have {surplus})")
    return reason
