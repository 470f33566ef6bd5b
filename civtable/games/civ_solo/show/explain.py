"""Why a typed answer is not legal now (``State.explain``): one sentence naming the
problem (a count that cannot be true, a unit card the decks do not have, a payment that
falls short, an answer that belongs to another step of the turn), from what the player
sees only (never the generator or the opponent's face-down cards), in the reader's
language (``explain`` is ``@localizable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.reader import shown
from civtable.i18n import ENGLISH, N_, Translator, localizable

from ..actions import item_word
from ..catalog import UNIT_KINDS
from ..rules import legal
from ..rules.end import OVER
from ..rules.entry import COUNTS, count_range, entry_max, fixed_ranks
from ..rules.spoken import RANK_NAMES
from ..rules.trade import given_value, item_key
from .words import item_name, kind_name

if TYPE_CHECKING:
    from ..state import SoloState


@localizable
def explain(s: SoloState, player: int, text: str, *, tr: Translator = ENGLISH) -> str:
    """Why ``text`` is not a legal answer now, in one sentence naming the problem: a count
    that cannot be true, a unit card the decks do not have, a payment that falls short, an
    answer that belongs to another step of the turn. It reads only what the player sees
    (never the generator or the opponent's face-down cards)."""
    text = " ".join(str(text).split())
    if s.stage == OVER:
        return tr.t("the game is over: no answer is expected")
    if player != 0:
        return tr.t("the solo game has one player (seat 0), not seat {seat}", seat=shown(player))
    ask = s.ask or ""
    parts = text.split()
    word = parts[0] if parts else ""
    typed = shown(text)
    q = asked(s, tr)
    own = {a.kind for a in legal(s)}
    where = "" if word in own else belongs(s, word, tr)
    generic = (tr.t("{typed} is not an answer now; {where}. Now: {question}", typed=typed, where=where, question=q)
               if where else tr.t("{typed} is not an answer now. Now: {question}", typed=typed, question=q))
    if not parts:
        return tr.t("nothing was typed. Now: {question}", question=q)

    def number(x: str) -> int | None:
        try:
            return int(x)
        except ValueError:
            return None

    if ask in COUNTS and word == ask:
        lo, hi = count_range(s, ask)
        n = number(parts[1]) if len(parts) == 2 else None
        if n is None:
            return tr.t("{typed}: give one whole number after '{word}', from {lo} to {hi}.", typed=typed, word=ask,
                        lo=lo, hi=hi)
        if n < 0:
            return tr.t("{typed} cannot be true: a count cannot be negative.", typed=typed)
        if n < lo:
            return tr.t("{typed} cannot be true: it must be at least {lo}.", typed=typed, lo=lo)
        return tr.t("{typed} is more than this question allows ({hi} at most); check the count.", typed=typed, hi=hi)
    if ask.startswith("gained:") and word == "gained":
        kind = ask.split(":")[1]
        if len(parts) != 3 or parts[1] != kind or number(parts[2]) is None:
            return tr.t("{typed}: answer 'gained {word} N' with a whole number N.", typed=typed, word=kind)
        n = number(parts[2]) or 0
        if n < 0:
            return tr.t("{typed} cannot be true: you cannot gain a negative number of tokens.", typed=typed)
        return tr.t("{typed} is more than this question allows ({hi} at most).", typed=typed,
                    hi=s.tables.limits["gained"])
    if ask == "dice" and word in ("die", "dice"):
        n = number(parts[1]) if len(parts) == 2 else None
        if n is None or not 1 <= n <= 6:
            return tr.t("{typed}: a six-sided die shows 1 to 6; type 'die N' for one die at a time.", typed=typed)
    if ask in ("units", "hand") and word == "unit":
        return _explain_unit(s, ask, parts, typed, tr) or generic
    if ask in ("units", "hand") and word == "number":
        return tr.t("numbers do not pick from this list: type each card as 'unit infantry 2 3' (type, rank, "
                    "strength) or 'unit aircraft 6', then 'done'.")
    if ask in ("units", "hand") and word == "same":
        return tr.t("'same' works only for the list of all your unit cards, before entering any card, once you have "
                    "given one; enter the cards one by one.")
    if ask == "give" and word == "give":
        return _explain_give(s, parts, typed, tr) or generic
    if ask == "give" and word == "pay":
        item = s.work["item"]
        buy = s.tables.trade[item][1]
        given = given_value(s)
        name = item_name(item, tr)
        if given == 0:
            return tr.t("'pay': you have given nothing yet; the {item} is not free (SOLO-5.2).", item=name)
        if s.rules.trade_value_direction == "A":
            return tr.t("'pay': you give items worth {given} (sell values), but a {item} is worth {buy} when bought "
                        "(SOLO-5.3): give {more} more.", given=given, item=name, buy=buy, more=buy - given)
        return tr.t("'pay': you give items worth {given}, more than the {item}'s value {buy} (SOLO-5.3, reading B).",
                    given=given, item=name, buy=buy)
    if ask == "buy" and word == "buy":
        return tr.t("{typed}: there is no such item in table SOLO-8.2; items: {items}.", typed=typed,
                    items=", ".join(item_word(i) for i in s.tables.trade))
    if ask == "play" and word == "play":
        return _explain_play(s, parts, typed, tr) or generic
    if ask == "tie" and word == "lose" and s.battle is not None:
        fronts = [tr.t("front {n}", n=i + 1) for i in s.battle.opponent_targets()]
        return tr.t("{typed}: the opponent's card can only destroy the units on {fronts}.", typed=typed,
                    fronts=", ".join(fronts))
    if word in ("won", "next", "use") and not (ask == "trade" or ask.startswith("phase:")):
        return tr.t("{typed} is possible only between the steps of a turn; first answer the question. Now: "
                    "{question}", typed=typed, question=q)
    return generic


COUNT_QUESTIONS = {
    "culture": N_("how many culture tokens do you hold? '{word} N'."),
    "resources": N_("how many resource tokens do you hold? '{word} N'."),
    "people": N_("how many great people do you have? '{word} N'."),
    "buildings": N_("how many buildings and wonders do you have? '{word} N'."),
    "armies": N_("how many army figures do you have on the map? '{word} N'."),
    "limit": N_("what is your combat card limit when attacking with one army? '{word} N'."),
    "bonus": N_("what is your combat bonus? '{word} N'."),
}
GAINED = {
    "culture": N_("how many culture tokens did you gain this turn? 'gained {word} N'."),
    "resources": N_("how many resource tokens did you gain this turn? 'gained {word} N'."),
    "people": N_("how many great people did you gain this turn? 'gained {word} N'."),
    "buildings": N_("how many buildings and wonders did you gain this turn? 'gained {word} N'."),
    "tokens": N_("how many culture and resource tokens did you gain this turn? 'gained {word} N'."),
}
ROLLS = {"event": N_("type the next die of the event dice (SOLO-3.2): 'die N' or 'miss'."),
         "kind": N_("type the next die of the event roll (SOLO-3.4): 'die N'."),
         "trade": N_("type the next die of the trade dice (SOLO-5.1): 'die N'."),
         "failure": N_("type the next die of the failure roll (SOLO-6.1): 'die N'.")}
PHASES = {"phase:start": N_("the base game's start of turn; 'next' when it is over, 'won', 'use card' or 'use "
                            "ability'."),
          "phase:move": N_("city management and movement; 'next' when it is over, 'won', 'use card' or 'use "
                           "ability'."),
          "phase:end": N_("the research phase; 'next' when it is over, 'won', 'use card' or 'use ability'.")}
ASKED = {
    "start": N_("type 'start' to begin turn 1."),
    "cancel": N_("'cancel' the historical event with a culture event card, or 'accept' it."),
    "destroy": N_("'destroy' (a card that destroys an opponent's figure, SOLO-4.3.5) or 'accept' the loss."),
    "units": N_("enter all your unit cards one at a time ('unit infantry 2 3', 'unit aircraft 6'), then 'done'."),
    "hand": N_("enter your battle hand one card at a time ('unit infantry 2 3'), then 'done'."),
    "fortified": N_("is your capital fortified? 'fortified yes' or 'fortified no'."),
    "trade": N_("the trade phase: 'trade roll' or 'trade skip' (or 'won', 'use card', 'use ability')."),
    "buy": N_("choose an acquisition ('buy ITEM') or 'done'."),
    "play": N_("play a card of your battle hand: 'play KIND STRENGTH new' or 'play KIND STRENGTH front N'."),
    "tie": N_("choose which of your units the opponent's card destroys: 'lose front N'."),
}


def asked(s: SoloState, tr: Translator = ENGLISH) -> str:
    """The waiting question in a few words, for an explanation ('type help' shows it whole)."""
    ask = s.ask or ""
    if ask in COUNTS:
        return tr.t(COUNT_QUESTIONS[ask], word=ask)
    if ask.startswith("gained:"):
        kind = ask.partition(":")[2]
        if kind in GAINED:
            return tr.t(GAINED[kind], word=kind)
        return f"how many {kind} did you gain this turn? 'gained {kind} N'."
    if ask == "dice":
        purpose = s.roll["purpose"] if s.roll is not None else "event"
        return tr.gettext(ROLLS[purpose])
    if ask in PHASES:
        return tr.gettext(PHASES[ask])
    if ask == "give" and "item" in s.work:
        return tr.t("pay for the {item}: 'give ITEM N', then 'pay'; 'cancel' drops it.",
                    item=item_name(s.work["item"], tr))
    return tr.gettext(ASKED[ask]) if ask in ASKED else tr.t("type 'help'.")


BELONGS = {
    "start": N_("the game has begun already"),
    "cancel": N_("'cancel' and 'accept' answer a historical event that may be cancelled (SOLO-4.1.3, SOLO-6.3)"),
    "accept": N_("'cancel' and 'accept' answer a historical event that may be cancelled (SOLO-4.1.3, SOLO-6.3)"),
    "destroy": N_("'destroy' belongs to a military event that falls short (SOLO-4.3.5)"),
    "unit": N_("unit cards are entered when the companion asks for them (an event or a battle)"),
    "undo": N_("'undo' removes the last unit card of a list being entered"),
    "done": N_("'done' closes a list of unit cards or the acquisitions of a trade"),
    "fortified": N_("'fortified' is asked when a battle against your capital begins (SOLO-4.4.6)"),
    "trade": N_("'trade roll' and 'trade skip' belong to the start of the trade phase (SOLO-5.1)"),
    "buy": N_("'buy' belongs to the trade, after a 5 or 6 on the trade dice (SOLO-5.2)"),
    "give": N_("'give' pays for an acquisition in the trade (SOLO-5.3)"),
    "pay": N_("'pay' closes an acquisition in the trade (SOLO-5.3)"),
    "play": N_("'play' belongs to a battle, when it is your turn to play a card (SOLO-4.4.6)"),
    "lose": N_("'lose front N' is asked when the opponent's card could destroy several equal units (SOLO-4.4.7)"),
    "gained": N_("'gained' is asked at the end of a turn while you owe wound markers (SOLO-4.1.5)"),
    "next": N_("'next' closes a phase of the base game's turn"),
}


def belongs(s: SoloState, word: str, tr: Translator = ENGLISH) -> str:
    """Which step of the turn an answer beginning with ``word`` belongs to."""
    if word in ("die", "dice", "miss"):
        if not s.rules.dice_table:
            return tr.t("the companion rolls the dice itself (option dice=engine)")
        return tr.t("dice are typed when the companion asks for a roll")
    if word in COUNTS:
        return tr.t("'{word} N' is asked when a rule needs it", word=word)
    return tr.gettext(BELONGS[word]) if word in BELONGS else ""


def _explain_unit(s: SoloState, ask: str, parts: list[str], typed: str, tr: Translator) -> str | None:
    if len(parts) < 2:
        return tr.t("'unit' needs a type, a rank and a strength: 'unit infantry 2 3'.")
    kind = parts[1]
    if kind in ("cavalry", "horse", "horsemen", "knight"):
        return tr.t("{typed}: cavalry is called 'mounted' in the base game's unit decks: 'unit mounted 2 3'.",
                    typed=typed)
    if kind not in UNIT_KINDS:
        return tr.t("{typed}: there is no unit type {kind}; the types are infantry, mounted (cavalry), artillery and "
                    "aircraft.", typed=typed, kind=repr(kind))
    nums = []
    for x in parts[2:]:
        try:
            nums.append(int(x))
        except ValueError:
            return tr.t("{typed}: rank and strength must be whole numbers.", typed=typed)
    if kind == "aircraft":
        if len(nums) != 1:
            return tr.t("{typed}: aircraft have no rank; type 'unit aircraft 6' (its strength).", typed=typed)
        valid = s.tables.strengths[("aircraft", 1)]
        if nums[0] not in valid:
            return tr.t("{typed} cannot be true: aircraft cards have strength {values}.", typed=typed,
                        values=_or(valid, tr))
        return tr.nt("{typed}: the aircraft deck has only {n} such card.",
                     "{typed}: the aircraft deck has only {n} such cards.", s.tables.copies[("aircraft", nums[0])],
                     typed=typed)
    if len(nums) != 2:
        return tr.t("{typed}: give the rank (1-4) and the strength: 'unit {kind} 2 3'.", typed=typed, kind=kind)
    rank, strength = nums
    if not 1 <= rank <= 4:
        return tr.t("{typed} cannot be true: rank {rank} does not exist; unit ranks go from 1 to 4.", typed=typed,
                    rank=rank)
    valid = s.tables.strengths[(kind, rank)]
    if strength not in valid:
        return tr.t("{typed} cannot be true: a rank-{rank} {kind} card has strength {values}, not {strength}.",
                    typed=typed, rank=RANK_NAMES[rank], kind=kind_name(kind, tr), values=_or(valid, tr),
                    strength=strength)
    fixed = fixed_ranks(s)
    if kind in fixed and fixed[kind] != rank:
        return tr.t("{typed} cannot be true: you entered your {kind} at rank {rank}; all cards of a type have the "
                    "rank of your military technology.", typed=typed, kind=kind_name(kind, tr), rank=fixed[kind])
    if len(s.entry) >= entry_max(s, ask):
        return tr.t("{typed}: a list of more than {n} cards cannot be true; type 'done'.", typed=typed,
                    n=entry_max(s, ask))
    base = s.tables.bases.get((kind, rank, strength))
    return tr.nt("{typed} cannot be true: the {kind} deck has only {n} cards that show strength {strength} at rank "
                 "{rank}, and you entered them all.",
                 "{typed} cannot be true: the {kind} deck has only {n} cards that show strength {strength} at rank "
                 "{rank}, and you entered them all.", s.tables.copies[(kind, base or 0)], typed=typed,
                 kind=kind_name(kind, tr), strength=strength, rank=RANK_NAMES[rank])


def _explain_give(s: SoloState, parts: list[str], typed: str, tr: Translator) -> str | None:
    if len(parts) != 3:
        return tr.t("{typed}: type 'give ITEM N', e.g. 'give trade-point 8'.", typed=typed)
    key = item_key(s, parts[1])
    if key is None:
        return tr.t("{typed}: there is no item {item} in table SOLO-8.2; items: {items}.", typed=typed,
                    item=repr(parts[1]), items=", ".join(item_word(i) for i in s.tables.trade))
    if s.tables.trade[key][0] is None:
        return tr.t("{typed}: a {item} cannot be sold ('---' in table SOLO-8.2).", typed=typed,
                    item=item_name(key, tr))
    if key == s.work["item"]:
        return tr.t("{typed}: you cannot pay for an item with the same item.", typed=typed)
    try:
        n = int(parts[2])
    except ValueError:
        return tr.t("{typed}: the number of items must be a whole number.", typed=typed)
    if n <= 0:
        return tr.t("{typed} cannot be true: give at least one item.", typed=typed)
    buy = s.tables.trade[s.work["item"]][1]
    if s.rules.trade_value_direction == "A":
        return tr.t("{typed}: that is more than needed - you have given {given} of {buy}; give fewer or type 'pay'.",
                    typed=typed, given=given_value(s), buy=buy)
    return tr.t("{typed}: what you give may not be worth more than {buy} (SOLO-5.3, reading B).", typed=typed, buy=buy)


def _explain_play(s: SoloState, parts: list[str], typed: str, tr: Translator) -> str | None:
    b = s.battle
    if b is None or len(parts) < 4:
        return tr.t("type 'play KIND STRENGTH new' or 'play KIND STRENGTH front N'.")
    kind = parts[1]
    try:
        strength = int(parts[2])
    except ValueError:
        return tr.t("{typed}: the strength must be a whole number.", typed=typed)
    if not any(u.kind == kind and u.strength == strength for u in b.player_hand):
        hand = ", ".join(f"{kind_name(u.kind, tr)} {u.strength}" for u in b.player_hand)
        return tr.t("{typed}: you have no {kind} of strength {strength} in your battle hand ({hand}).", typed=typed,
                    kind=kind_name(kind, tr), strength=strength, hand=hand)
    if parts[3] == "front" and len(parts) == 5:
        return tr.t("{typed}: front {front} has no lone enemy unit to attack.", typed=typed, front=parts[4])
    return None


def _or(values: tuple[int, ...], tr: Translator = ENGLISH) -> str:
    v = [str(x) for x in values]
    return v[0] if len(v) == 1 else tr.t("{some} or {last}", some=", ".join(v[:-1]), last=v[-1])

