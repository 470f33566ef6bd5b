"""Why a typed answer is not legal now (``State.explain``): one sentence naming the
problem (a count that cannot be true, a unit card the decks do not have, a payment that
falls short, an answer that belongs to another step of the turn), from what the player
sees only (never the generator or the opponent's face-down cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reader import shown

from .catalog import UNIT_KINDS
from .rules import legal
from .rules.end import OVER
from .rules.entry import COUNTS, count_range, entry_max, fixed_ranks
from .rules.trade import given_value, item_key
from .words import DEBT_LABELS, ITEM_NAMES, RANK_NAMES, item_word

if TYPE_CHECKING:
    from .state import SoloState

def explain(s: SoloState, player: int, text: str) -> str:
    """Why ``text`` is not a legal answer now, in one sentence naming the problem: a count
    that cannot be true, a unit card the decks do not have, a payment that falls short, an
    answer that belongs to another step of the turn. It reads only what the player sees
    (never the generator or the opponent's face-down cards)."""
    text = " ".join(str(text).split())
    if s.stage == OVER:
        return "the game is over: no answer is expected"
    if player != 0:
        return f"the solo game has one player (seat 0), not seat {shown(player)}"
    ask = s.ask or ""
    parts = text.split()
    word = parts[0] if parts else ""
    q = asked(s)
    own = {a.kind for a in legal(s)}
    where = "" if word in own else belongs(s, word)
    generic = f"{shown(text)} is not an answer now{'; ' + where if where else ''}. Now: {q}"
    if not parts:
        return f"nothing was typed. Now: {q}"

    def number(x: str) -> int | None:
        try:
            return int(x)
        except ValueError:
            return None

    if ask in COUNTS and word == ask:
        lo, hi = count_range(s, ask)
        n = number(parts[1]) if len(parts) == 2 else None
        if n is None:
            return f"{shown(text)}: give one whole number after '{ask}', from {lo} to {hi}."
        if n < 0:
            return f"{shown(text)} cannot be true: a count cannot be negative."
        if n < lo:
            return f"{shown(text)} cannot be true: it must be at least {lo}."
        return f"{shown(text)} is more than this question allows ({hi} at most); check the count."
    if ask.startswith("gained:") and word == "gained":
        kind = ask.split(":")[1]
        if len(parts) != 3 or parts[1] != kind or number(parts[2]) is None:
            return f"{shown(text)}: answer 'gained {kind} N' with a whole number N."
        n = number(parts[2]) or 0
        if n < 0:
            return f"{shown(text)} cannot be true: you cannot gain a negative number of tokens."
        return f"{shown(text)} is more than this question allows ({s.tables.limits['gained']} at most)."
    if ask == "dice" and word in ("die", "dice"):
        n = number(parts[1]) if len(parts) == 2 else None
        if n is None or not 1 <= n <= 6:
            return f"{shown(text)}: a six-sided die shows 1 to 6; type 'die N' for one die at a time."
    if ask in ("units", "hand") and word == "unit":
        return _explain_unit(s, ask, parts, text) or generic
    if ask in ("units", "hand") and word == "number":
        return ("numbers do not pick from this list: type each card as 'unit infantry 2 3' (type, rank, "
                "strength) or 'unit aircraft 6', then 'done'.")
    if ask in ("units", "hand") and word == "same":
        return ("'same' works only for the list of all your unit cards, before entering any card, once you have "
                "given one; enter the cards one by one.")
    if ask == "give" and word == "give":
        return _explain_give(s, parts, text) or generic
    if ask == "give" and word == "pay":
        item = s.work["item"]
        buy = s.tables.trade[item][1]
        given = given_value(s)
        name = ITEM_NAMES.get(item, item)
        if given == 0:
            return f"'pay': you have given nothing yet; the {name} is not free (SOLO-5.2)."
        if s.rules.trade_value_direction == "A":
            return (f"'pay': you give items worth {given} (sell values), but a {name} is worth {buy} when bought "
                    f"(SOLO-5.3): give {buy - given} more.")
        return f"'pay': you give items worth {given}, more than the {name}'s value {buy} (SOLO-5.3, reading B)."
    if ask == "buy" and word == "buy":
        return (f"{shown(text)}: there is no such item in table SOLO-8.2; items: "
                + ", ".join(item_word(i) for i in s.tables.trade) + ".")
    if ask == "play" and word == "play":
        return _explain_play(s, parts, text) or generic
    if ask == "tie" and word == "lose" and s.battle is not None:
        return f"{shown(text)}: the opponent's card can only destroy the units on " + ", ".join(
            f"front {i + 1}" for i in s.battle.opponent_targets()) + "."
    if word in ("won", "next", "use") and not (ask == "trade" or ask.startswith("phase:")):
        return f"{shown(text)} is possible only between the steps of a turn; first answer the question. Now: {q}"
    return generic


COUNT_QUESTIONS = {
    "culture": "how many culture tokens do you hold",
    "resources": "how many resource tokens do you hold",
    "people": "how many great people do you have",
    "buildings": "how many buildings and wonders do you have",
    "armies": "how many army figures do you have on the map",
    "limit": "what is your combat card limit when attacking with one army",
    "bonus": "what is your combat bonus",
}
ROLLS = {"event": "the event dice (SOLO-3.2)", "kind": "the event roll (SOLO-3.4)",
         "trade": "the trade dice (SOLO-5.1)", "failure": "the failure roll (SOLO-6.1)"}
PHASES = {"phase:start": "the base game's start of turn", "phase:move": "city management and movement",
          "phase:end": "the research phase"}


def asked(s: SoloState) -> str:
    """The waiting question in a few words, for an explanation ('type help' shows it whole)."""
    ask = s.ask or ""
    if ask in COUNTS:
        return f"{COUNT_QUESTIONS[ask]}? '{ask} N'."
    if ask.startswith("gained:"):
        kind = ask.partition(":")[2]
        return f"how many {DEBT_LABELS[kind]} did you gain this turn? 'gained {kind} N'."
    if ask == "dice":
        purpose = s.roll["purpose"] if s.roll is not None else "event"
        return f"type the next die of {ROLLS[purpose]}: 'die N'" + (" or 'miss'." if purpose == "event" else ".")
    if ask in PHASES:
        return f"{PHASES[ask]}; 'next' when it is over, 'won', 'use card' or 'use ability'."
    if ask == "give" and "item" in s.work:
        return (f"pay for the {ITEM_NAMES.get(s.work['item'], s.work['item'])}: 'give ITEM N', then 'pay'; "
                f"'cancel' drops it.")
    return {
        "start": "type 'start' to begin turn 1.",
        "cancel": "'cancel' the historical event with a culture event card, or 'accept' it.",
        "destroy": "'destroy' (a card that destroys an opponent's figure, SOLO-4.3.5) or 'accept' the loss.",
        "units": "enter all your unit cards one at a time ('unit infantry 2 3', 'unit aircraft 6'), then 'done'.",
        "hand": "enter your battle hand one card at a time ('unit infantry 2 3'), then 'done'.",
        "fortified": "is your capital fortified? 'fortified yes' or 'fortified no'.",
        "trade": "the trade phase: 'trade roll' or 'trade skip' (or 'won', 'use card', 'use ability').",
        "buy": "choose an acquisition ('buy ITEM') or 'done'.",
        "play": "play a card of your battle hand: 'play KIND STRENGTH new' or 'play KIND STRENGTH front N'.",
        "tie": "choose which of your units the opponent's card destroys: 'lose front N'.",
    }.get(ask, "type 'help'.")


BELONGS = {
    "start": "the game has begun already",
    "cancel": "'cancel' and 'accept' answer a historical event that may be cancelled (SOLO-4.1.3, SOLO-6.3)",
    "accept": "'cancel' and 'accept' answer a historical event that may be cancelled (SOLO-4.1.3, SOLO-6.3)",
    "destroy": "'destroy' belongs to a military event that falls short (SOLO-4.3.5)",
    "unit": "unit cards are entered when the companion asks for them (an event or a battle)",
    "undo": "'undo' removes the last unit card of a list being entered",
    "done": "'done' closes a list of unit cards or the acquisitions of a trade",
    "fortified": "'fortified' is asked when a battle against your capital begins (SOLO-4.4.6)",
    "trade": "'trade roll' and 'trade skip' belong to the start of the trade phase (SOLO-5.1)",
    "buy": "'buy' belongs to the trade, after a 5 or 6 on the trade dice (SOLO-5.2)",
    "give": "'give' pays for an acquisition in the trade (SOLO-5.3)",
    "pay": "'pay' closes an acquisition in the trade (SOLO-5.3)",
    "play": "'play' belongs to a battle, when it is your turn to play a card (SOLO-4.4.6)",
    "lose": "'lose front N' is asked when the opponent's card could destroy several equal units (SOLO-4.4.7)",
    "gained": "'gained' is asked at the end of a turn while you owe wound markers (SOLO-4.1.5)",
    "next": "'next' closes a phase of the base game's turn",
}


def belongs(s: SoloState, word: str) -> str:
    """Which step of the turn an answer beginning with ``word`` belongs to."""
    if word in ("die", "dice", "miss"):
        if not s.rules.dice_table:
            return "the companion rolls the dice itself (option dice=engine)"
        return "dice are typed when the companion asks for a roll"
    if word in COUNTS:
        return f"'{word} N' is asked when a rule needs it"
    return BELONGS.get(word, "")


def _explain_unit(s: SoloState, ask: str, parts: list[str], text: str) -> str | None:
    if len(parts) < 2:
        return "'unit' needs a type, a rank and a strength: 'unit infantry 2 3'."
    kind = parts[1]
    if kind in ("cavalry", "horse", "horsemen", "knight"):
        return f"{shown(text)}: cavalry is called 'mounted' in the base game's unit decks: 'unit mounted 2 3'."
    if kind not in UNIT_KINDS:
        return (f"{shown(text)}: there is no unit type {kind!r}; the types are infantry, mounted (cavalry), artillery "
                f"and aircraft.")
    nums = []
    for x in parts[2:]:
        try:
            nums.append(int(x))
        except ValueError:
            return f"{shown(text)}: rank and strength must be whole numbers."
    if kind == "aircraft":
        if len(nums) != 1:
            return f"{shown(text)}: aircraft have no rank; type 'unit aircraft 6' (its strength)."
        valid = s.tables.strengths[("aircraft", 1)]
        if nums[0] not in valid:
            return f"{shown(text)} cannot be true: aircraft cards have strength {_or(valid)}."
        return f"{shown(text)}: the aircraft deck has only {s.tables.copies[('aircraft', nums[0])]} such cards."
    if len(nums) != 2:
        return f"{shown(text)}: give the rank (1-4) and the strength: 'unit {kind} 2 3'."
    rank, strength = nums
    if not 1 <= rank <= 4:
        return f"{shown(text)} cannot be true: rank {rank} does not exist; unit ranks go from 1 to 4."
    valid = s.tables.strengths[(kind, rank)]
    if strength not in valid:
        return (f"{shown(text)} cannot be true: a rank-{RANK_NAMES[rank]} {kind} card has strength {_or(valid)}, "
                f"not {strength}.")
    fixed = fixed_ranks(s)
    if kind in fixed and fixed[kind] != rank:
        return (f"{shown(text)} cannot be true: you entered your {kind} at rank {fixed[kind]}; all cards of a type "
                f"have the rank of your military technology.")
    if len(s.entry) >= entry_max(s, ask):
        return f"{shown(text)}: a list of more than {entry_max(s, ask)} cards cannot be true; type 'done'."
    base = s.tables.bases.get((kind, rank, strength))
    return (f"{shown(text)} cannot be true: the {kind} deck has only {s.tables.copies[(kind, base or 0)]} cards "
            f"that show strength {strength} at rank {RANK_NAMES[rank]}, and you entered them all.")


def _explain_give(s: SoloState, parts: list[str], text: str) -> str | None:
    if len(parts) != 3:
        return f"{shown(text)}: type 'give ITEM N', e.g. 'give trade-point 8'."
    key = item_key(s, parts[1])
    if key is None:
        return (f"{shown(text)}: there is no item {parts[1]!r} in table SOLO-8.2; items: "
                + ", ".join(item_word(i) for i in s.tables.trade) + ".")
    if s.tables.trade[key][0] is None:
        return f"{shown(text)}: a {ITEM_NAMES.get(key, key)} cannot be sold ('---' in table SOLO-8.2)."
    if key == s.work["item"]:
        return f"{shown(text)}: you cannot pay for an item with the same item."
    try:
        n = int(parts[2])
    except ValueError:
        return f"{shown(text)}: the number of items must be a whole number."
    if n <= 0:
        return f"{shown(text)} cannot be true: give at least one item."
    buy = s.tables.trade[s.work["item"]][1]
    if s.rules.trade_value_direction == "A":
        return (f"{shown(text)}: that is more than needed - you have given {given_value(s)} of {buy}; give fewer "
                f"or type 'pay'.")
    return f"{shown(text)}: what you give may not be worth more than {buy} (SOLO-5.3, reading B)."


def _explain_play(s: SoloState, parts: list[str], text: str) -> str | None:
    b = s.battle
    if b is None or len(parts) < 4:
        return "type 'play KIND STRENGTH new' or 'play KIND STRENGTH front N'."
    kind = parts[1]
    try:
        strength = int(parts[2])
    except ValueError:
        return f"{shown(text)}: the strength must be a whole number."
    if not any(u.kind == kind and u.strength == strength for u in b.player_hand):
        hand = ", ".join(f"{u.kind} {u.strength}" for u in b.player_hand)
        return f"{shown(text)}: you have no {kind} of strength {strength} in your battle hand ({hand})."
    if parts[3] == "front" and len(parts) == 5:
        return f"{shown(text)}: front {parts[4]} has no lone enemy unit to attack."
    return None


def _or(values: tuple[int, ...]) -> str:
    v = [str(x) for x in values]
    return v[0] if len(v) == 1 else ", ".join(v[:-1]) + " or " + v[-1]
