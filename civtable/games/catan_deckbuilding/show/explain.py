"""The reasons Catan Deck Building gives for an action that is not legal
(``State.explain``): which phase or answer the action belongs to, which card it
needs, what a purchase lacks (CDB-7.3 to CDB-7.6) and whose decision it is. Each
reason says only what the player may know: his hand, the pool, the supply and the
public piles. A reason is ``Localized``: the front end shows it in the reader's
language (action texts in quotes stay as they are typed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reader import shown
from civtable.i18n import ENGLISH, Translator, localizable

from .. import actions as act
from ..catalog import (
    BANDIT,
    BUYABLE,
    CITY,
    DESERT,
    KDEF,
    RESOURCES,
    ROAD,
    ROLE_IDS,
    SEA,
    SETTLEMENT,
)
from ..rules.main import plan_for
from ..rules.payment import missing
from ..state import PHASE_NAMES, POOL_KEYS, WILD_O, WILD_S
from ..view import pending_view
from .words import a_card, amount, counts_text, decision_text, join, name

if TYPE_CHECKING:
    from ..state import CatanState


@localizable
def explain(s: CatanState, player: int, text: str, *, tr: Translator = ENGLISH) -> str:
    """Why ``text`` is not a legal action of ``player`` now, in one sentence, from what
    ``player`` may know (his hand, the pool, the supply, the public piles)."""
    wanted = " ".join(str(text).lower().split())
    quoted = shown(wanted)
    cards = s.rules.cards
    phase = PHASE_NAMES[s.phase]
    if phase == "over":
        if s.winner >= 0:
            return tr.t("the game is over: player {p} won with {n} Cities in hand", p=s.winner, n=s.rules.to_win)
        return tr.nt("the game is over: a draw at the turn cap of {n} turn",
                     "the game is over: a draw at the turn cap of {n} turns", s.rules.max_turns)
    if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
        return tr.t("there is no player {p} in this 2-player game", p=shown(player))
    action = act.BY_TEXT.get(wanted)
    if player != s.decider:
        what = decision_text(phase, s.current, pending_view(s, player), player, cards, tr=tr)
        return tr.t("{action} is not legal: player {p} has nothing to decide now ({what})", action=quoted,
                    p=player, what=what)
    if action is None:
        return _unknown(s, player, wanted, tr)
    if action in s.legal_actions(player):
        return tr.t("{action} is a legal action now", action=quoted)
    code, card = action.code, action.card
    h = s.hand[player]
    args = {"action": quoted}
    if phase == "main":
        if code > act.END:
            return tr.t("{action} answers an attack, and there is none now: it is your turn (play, lay down, buy or "
                        "end)", **args)
        if code == act.PLAY_ROAD:
            return tr.nt("{action} needs {n} Road in hand; you have {have}",
                         "{action} needs {n} Roads in hand; you have {have}", card, have=h[ROAD], **args)
        if code in (act.BUY, act.BUY_TRADE):
            return _why_not_buy(s, player, card, code == act.BUY_TRADE, quoted, tr)
        if not h[card]:
            return tr.t("{action} needs {card} in your hand; you have none", card=a_card(card, cards, tr), **args)
        if code == act.PLAY_KDEF:
            return tr.t("{action} is not legal: your Knight (Defensive) has blocked an attack this turn and cannot be "
                        "played for its card (CDB-3.2.4); 'lay kdef' lays it down", **args)
        return tr.t("{action} is not legal now", **args)
    if code == act.REFLECT and phase in ("react", "counter"):
        if not h[KDEF]:
            return tr.t("{action} needs a Knight (Defensive) in your hand; you have none: answer with 'allow'",
                        **args)
        return tr.t("{action} is not legal: your Knight (Defensive) has already blocked an attack (CDB-3.2.4): "
                    "answer with 'allow'", **args)
    if code == act.DISCARD and phase == "discard":
        return tr.t("{action} needs {card} in your hand; you have none", card=a_card(card, cards, tr), **args)
    if code == act.DISCARD_TOP and phase == "discard":
        if not s.rules.discard_from_draw:
            return tr.t("{action} is not legal: the discards come from the hand (discard-source A; reading B allows "
                        "the top of the draw pile, CDB-3.3.2)", **args)
        return tr.t("{action} is not legal: your draw pile is empty", **args)
    what = decision_text(phase, s.current, pending_view(s, player), player, cards, tr=tr)
    return tr.t("{action} is not legal now: {what}", what=what, **args)


def _unknown(s: CatanState, player: int, wanted: str, tr: Translator) -> str:
    """A text that is no action of the game at all: say what it might have meant."""
    quoted = shown(wanted)
    words = wanted.split()
    base = tr.t("{action} is not a legal action for player {p} now", action=quoted, p=player)
    ids = ", ".join(ROLE_IDS)
    cards = s.rules.cards
    if not words:
        return tr.t("{base}: type an action such as 'play ore', 'buy city' or 'end' (or 'help')", base=base)
    verb, rest = words[0], " ".join(words[1:])
    card = _card_named(s, rest)
    if verb in ("play", "lay", "buy", "discard") and not rest:
        return tr.t("{base}: say which card, e.g. '{example}'", base=base,
                    example=f"{verb} {'city' if verb == 'buy' else 'ore'}")
    if verb == "play" and (rest == "road" or rest == "roads"):
        return tr.t("{base}: say how many Roads to play together, e.g. 'play road 2' (CDB-3.5.2)", base=base)
    if verb == "play" and len(words) == 3 and words[1] == "road" and words[2].isdigit():
        roads = s.hand[player][ROAD]
        if not roads:
            return tr.t("{base}: you have no Road in hand", base=base)
        return tr.t("{base}: you can play 1 to {n} Roads together (those in your hand)", base=base,
                    n=min(act.MAX_ROADS, roads))
    if card is not None and rest not in ROLE_IDS:
        short = f"{verb} {ROLE_IDS[card]}"
        if short in act.BY_TEXT:  # a display name: the reason of the action it names
            return str(explain(s, player, short, tr=tr)).replace(shown(short), quoted, 1)
        return tr.t("{base}: cards are written by their short name ('{short}')", base=base, short=short)
    if card is not None:
        if verb == "buy" and card not in BUYABLE:
            return tr.t("{base}: {card} cannot be bought (CDB-2.3, CDB-2.5); the supply has {supply}", base=base,
                        card=name(card, cards, tr), supply=", ".join(name(c, cards, tr) for c in BUYABLE))
        if verb == "lay" and card in RESOURCES:
            return tr.t("{base}: a resource card is laid down with 'play {id}', which adds it to the pool",
                        base=base, id=ROLE_IDS[card])
        if verb == "play" and card in (SEA, DESERT):
            return tr.t("{base}: {card} has no effect to play (CDB-2.4); 'lay {id}' lays it down", base=base,
                        card=a_card(card, cards, tr), id=ROLE_IDS[card])
        if verb == "play" and card == ROAD:
            return tr.t("{base}: say how many Roads to play together, e.g. 'play road 2' (CDB-3.5.2)", base=base)
    if verb in ("play", "lay", "buy", "discard") and card is None:
        return tr.t("{base}: there is no card {name}; cards are {ids}", base=base, name=shown(rest), ids=ids)
    return tr.t("{base}: actions look like 'play ore', 'play road 2', 'lay sea', 'buy city', 'end' (type 'help')",
                base=base)


def _card_named(s: CatanState, text: str) -> int | None:
    """A card by its id or its display name ("knight (offensive)", "knight offensive"),
    or its name in another of civtable's languages ("ritter offensiv")."""
    from .words import translated_names

    if text in ROLE_IDS:
        return ROLE_IDS.index(text)
    plain = text.replace("(", " ").replace(")", " ").replace(",", " ")
    plain = " ".join(plain.split())
    for i, name_ in enumerate(s.rules.cards.names):
        n = " ".join(name_.lower().replace("(", " ").replace(")", " ").split())
        if plain == n or (plain.endswith("s") and plain[:-1] == n) or plain in translated_names(s.rules.cards, i):
            return i
    return None


def cost_sentence(card: int, cost: tuple[int, ...], s: CatanState, tr: Translator = ENGLISH) -> str:
    """"a City costs 3 Ore and 2 Grain and needs a Settlement in your hand" (CDB-2.6)."""
    cards = s.rules.cards
    price = join([amount(cost[r], r, cards, tr) for r in range(5) if cost[r]], tr)
    args = {"card": a_card(card, cards, tr), "price": price}
    if card == CITY:
        return tr.t("{card} costs {price} and needs an unplayed Settlement in your hand (CDB-3.6.4)", **args)
    if card == BANDIT:
        return tr.t("{card} costs {price} and needs a Desert in your hand (CDB-3.1.1)", **args)
    return tr.t("{card} costs {price}", **args)


def _why_not_buy(s: CatanState, player: int, card: int, trade: bool, quoted: str, tr: Translator) -> str:
    """CDB-7.3 to CDB-7.6: what a purchase lacks, from the pool laid down and the hand."""
    rules = s.rules
    cards = rules.cards
    h = s.hand[player]
    cost = rules.cost[card]
    price = cost_sentence(card, cost, s, tr)
    args = {"action": quoted, "price": price}
    if not s.supply[card]:
        return tr.t("{action} is not legal: the supply has no {card} left (CDB-5.5)", action=quoted,
                    card=name(card, cards, tr))
    if card == BANDIT and not h[DESERT]:
        return tr.t("{action} is not legal: {price}; you have no Desert in hand", **args)
    if card == CITY and not h[SETTLEMENT]:
        return tr.t("{action} is not legal: {price}; you have none (a Settlement laid down does not count)", **args)
    pool = s.pool
    if not any(pool):
        return tr.t("{action} is not legal: {price}; nothing is laid down to pay with yet (e.g. 'play ore' first)",
                    **args)
    laid = counts_text({POOL_KEYS[i]: n for i, n in enumerate(pool) if n}, cards, tr=tr)
    plain = plan_for(s, card, False)
    if plain is not None and trade:
        return tr.t("{action} is not legal: a 2-for-1 trade would not replace resources of choice here; "
                    "'buy {id}' pays with what is laid down", action=quoted, id=ROLE_IDS[card])
    short, surplus = missing(pool, cost)
    ws = 0 if (card == CITY and rules.no_settlement_for_city) else pool[WILD_S]
    wild = ws + pool[WILD_O]
    deficit = sum(short)
    lacking = counts_text({ROLE_IDS[r]: n for r, n in enumerate(short) if n}, cards, tr=tr)
    reason = tr.t("{action} is not legal: {price}; the cards laid down give {laid}", laid=laid, **args)
    if card == CITY and rules.no_settlement_for_city and pool[WILD_S]:
        reason += tr.t(" (settlement-for-city B: no Settlement's resources pay for a City)")
    reason += tr.t(": {lacking} missing", lacking=lacking)
    covered = min(wild, deficit)
    if covered:
        reason += tr.t(", {n} of which resources of choice cover", n=covered)
    trades = deficit - covered
    if trades:
        reason += tr.t("; 2-for-1 trades of surplus resource cards laid down could cover the other {n} with {m} "
                       "such cards (you have {have})", n=trades, m=2 * trades, have=surplus)
    return reason
