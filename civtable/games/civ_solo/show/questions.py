"""The waiting question in words, as the companion asks it (the observation's
``question``, the screen, the explanations of wrong answers).

``question(s)`` reads what the question needs from the position once (``facts``: plain
numbers and words, a snapshot) and returns the English text as a ``Localized`` string
built from that snapshot only, so ``tr.localize(obs["question"])`` asks it in the
reader's language even after the position has moved on. Commands in quotes ('cancel',
'die 5') are the game's notation, the same in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.i18n import ENGLISH, N_, NN_, NP_, Localized, Translator

from ..actions import item_word
from ..rules.battles import due_battles
from ..rules.entry import COUNTS, count_range
from ..rules.spoken import dice_words
from ..rules.trade import given_value
from .words import (
    hand_note,
    item_name,
    item_object,
    kind_name,
    name,
    units_text,
)

if TYPE_CHECKING:
    from ..state import SoloState

COUNT_QUESTIONS = {
    "culture": N_("How many culture tokens do you hold?"),
    "resources": N_("How many resource tokens do you hold (market resources and resource hut/village tokens)?"),
    "people": N_("How many great people do you have (on the map or waiting)?"),
    "buildings": N_("How many buildings and wonders do you have?"),
    "armies": N_("How many army figures do you have on the map?"),
    "limit": N_("What is your combat card limit when attacking with one army (3 in the base game; some governments "
                "and techs raise it)?"),
    "bonus": N_("What is your combat bonus in this battle (great people, buildings, wonders, city defence)?"),
}
BONUS_HALF = N_("What is your combat bonus from great people and buildings, at its standard value?")
"""The bonus of a military event (SOLO-4.3.4)."""
HALF = N_("It counts half here (SOLO-4.3.4).")
DICE = {  # the roll under way (SOLO-3.2, SOLO-3.4, SOLO-5.1, SOLO-6.1)
    "kind": N_("Dice for the event roll (SOLO-3.4): roll one die, and type each result: 'die 5' (or just 5), die "
               "{k} of {n}."),
    "trade": N_("Dice for the trade phase (SOLO-5.1): roll three dice, and type each result: 'die 5' (or just 5), "
                "die {k} of {n}."),
    "failure": N_("Dice for the failure roll (SOLO-6.1): roll two dice, and type each result: 'die 5' (or just 5), "
                  "die {k} of {n}."),
}
EVENT_DICE = NN_("Dice for the historical event (SOLO-3.2): roll {n} die, and type each result: 'die 5' (or just "
                 "5), die {k} of {n}.",
                 "Dice for the historical event (SOLO-3.2): roll {n} dice, and type each result: 'die 5' (or just "
                 "5), die {k} of {n}.")
CANCEL = {
    "any": N_("Cancel this event with any culture event card (e.g. {example}) ({rule})?"),
    "like": N_("Cancel this event with a card that cancels culture events (e.g. {example}) or one of SOLO-6.3 "
               "({rule})?"),
}
CANCEL_DESTROY = N_("Cancel this event with a culture event card that destroys a building, wonder or great person, or "
                    "causes drought or deforestation (SOLO-6.3)?")
DEBT_KINDS = {"culture": NP_("debt kind", "culture"), "resources": NP_("debt kind", "resources"),
              "people": NP_("debt kind", "people"), "buildings": NP_("debt kind", "buildings"),
              "tokens": NP_("debt kind", "tokens")}
"""A debt of SOLO-4.1.4 named by its kind ("culture debt")."""
GAINED = {"culture": NP_("how many", "culture tokens"), "resources": NP_("how many", "resource tokens"),
          "people": NP_("how many", "great people"), "buildings": NP_("how many", "buildings and wonders"),
          "tokens": NP_("how many", "culture and resource tokens")}
"""What a debt is paid off with, after "how many" (a genitive in Czech)."""
EXAMPLES = {"cancel": "Primetime TV", "destroy": "Defection"}
"""The base-game cards the questions name as examples (SOLO-4.1.3, SOLO-4.3.5)."""


class _English(Translator):
    """English without the per-field work of ``Translator.t`` (numbers and ``Localized``
    arguments read the same in English): every observation asks its question, so the
    English text is built on the simulators' hot path. The same text as ``ENGLISH``."""

    def t(self, message: str, **args: Any) -> str:
        return message.format(**args) if args else message

    def nt(self, singular: str, plural: str, n: int, **args: Any) -> str:
        return (singular if n == 1 else plural).format(**{"n": n, **args})

    def pt(self, context: str, message: str, **args: Any) -> str:
        return message.format(**args) if args else message


FAST_ENGLISH = _English("en")


# ------------------------------------------------------------ questions in words
def question(s: SoloState) -> str:
    """The waiting question in words: English, ``Localized`` from a snapshot of the
    position (``facts``) so that it can be asked again in another language."""
    if s.ask is None:
        return ""
    f = facts(s)

    def again(tr: Translator) -> str:
        return ask_text(f, tr=tr)

    return Localized(ask_text(f, tr=FAST_ENGLISH), again)


def facts(s: SoloState) -> dict[str, Any]:
    """What the waiting question says, read from the position: numbers, words and tuples
    only (nothing that changes when the position moves on)."""
    ask = s.ask or ""
    r = s.rules
    f: dict[str, Any] = {"ask": ask, "ability": r.resource_ability_term}
    if ask == "dice":
        roll = s.roll
        assert roll is not None
        f.update(purpose=roll["purpose"], n=roll["n"], got=tuple(roll["got"]))
    elif ask == "cancel":
        assert s.event is not None
        f.update(face=s.event["face"], cards=r.cancel_cards, roll=r.failure_roll_scope)
    elif ask in COUNTS:
        f.update(range=count_range(s, ask), resolve=s.stage == "resolve")
    elif ask in ("units", "hand"):
        f.update(note=s.tables.hand_size_note, entry=tuple(tuple(u) for u in s.entry),
                 same=tuple(tuple(u) for u in s.units) if ask == "units" and s.units is not None and not s.entry
                 else None)
    elif ask == "destroy":
        w = s.work
        f["short"] = (2 * w["target"] - (w["total2"] + w.get("half2", 0)) + 1) // 2
    elif ask == "trade":
        f["order"] = r.turn_start_order
    elif ask == "phase:move":
        f["due"] = bool(due_battles(s))
    elif ask == "phase:end":
        f.update(last=s.turn_no >= s.final_turn, turn=s.turn_no)
    elif ask == "buy":
        f.update(left=s.work.get("left", 0), items=tuple((i, v[1]) for i, v in s.tables.trade.items()))
    elif ask == "give":
        item = s.work["item"]
        f.update(item=item, buy=s.tables.trade[item][1], direction=r.trade_value_direction, given=given_value(s),
                 sells=tuple((i, v[0]) for i, v in s.tables.trade.items() if v[0] is not None and i != item))
    elif ask == "play":
        b = s.battle
        assert b is not None
        f.update(mine=len(b.player_hand), theirs=len(b.opponent_deck))
    elif ask == "tie":
        assert s.battle is not None
        u = s.battle.opponent_deck[-1]
        f.update(kind=u.kind, strength=u.strength, fronts=tuple(i + 1 for i in s.battle.opponent_targets()))
    elif ask.startswith("gained:"):
        kind = ask.split(":")[1]
        f.update(kind=kind, debt=s.debt[kind])
    return f


def ask_text(f: dict[str, Any], *, tr: Translator = ENGLISH) -> str:
    """The question of ``facts`` in ``tr``'s language."""
    ask = f["ask"]
    if ask == "start":
        return tr.t("Type 'start' to begin turn 1.")
    if ask == "dice":
        return _dice(f, tr)
    if ask == "cancel":
        text = cancel_question(f["face"], f["cards"], tr) + " " \
            + tr.t("'cancel' (you discard the card) or 'accept' the event.")
        return text + (" " + tr.t("It must pass a failure roll (SOLO-6.1).") if f["roll"] == "A" else "")
    if ask in COUNTS:
        lo, hi = f["range"]
        head, note = count_question(ask, f["resolve"], tr)
        return " ".join(x for x in (head, note, tr.t("Answer '{word} N', N from {lo} to {hi} (or pick it in the "
                                                     "menu).", word=ask, lo=lo, hi=hi)) if x)
    if ask in ("units", "hand"):
        return _units(f, tr)
    if ask == "fortified":
        return tr.t("Is your capital fortified? 'fortified yes' (the opponent plays first) or 'fortified no'.")
    if ask == "destroy":
        return (tr.nt("You are {n} strength short.", "You are {n} strength short.", f["short"]) + " "
                + tr.t("Play a culture event card that destroys an opponent's figure (e.g. {example}): the table "
                       "value drops by 2 (SOLO-4.3.5)? 'destroy' or 'accept' the loss.",
                       example=name(EXAMPLES["destroy"], tr)))
    if ask == "trade":
        base = tr.t("Carry out the base game's start of turn.") + " " if f["order"] == "A" else ""
        return base + tr.t("Trade phase: roll three trade dice (SOLO-5.1)? 'trade roll' or 'trade skip'.") + " " \
            + extras(f, tr)
    if ask == "phase:start":
        return tr.t("Carry out the base game's start of turn (turn-start-order B), then type 'next'.") + " " \
            + extras(f, tr)
    if ask == "phase:move":
        battle = " " + tr.t("A battle against your capital comes at the end of the movement phase.") if f["due"] \
            else ""
        return (tr.t("City management, then movement.") + battle + " "
                + tr.t("Type 'next' when your movement phase ends.") + " " + extras(f, tr))
    if ask == "phase:end":
        if f["last"]:
            return tr.t("Research phase. This is the last turn: 'won' if you have reached a culture, technology or "
                        "economic victory; 'next' ends the game without one (SOLO-2.3). 'use card' / 'use ability' "
                        "for a failure roll.")
        return tr.t("Research phase, then the end of turn {turn}: type 'next'.", turn=f["turn"]) + " " + extras(f, tr)
    if ask == "buy":
        items = ", ".join(f"'buy {item_word(i)}' ({v})" if tr.english else
                          tr.t("'buy {word}' ({name}, {value})", word=item_word(i), name=item_name(i, tr), value=v)
                          for i, v in f["items"])
        return tr.nt("You may acquire {n} more item (SOLO-5.2): {items}; or 'done'.",
                     "You may acquire {n} more items (SOLO-5.2): {items}; or 'done'.", f["left"], items=items)
    if ask == "give":
        return _give(f, tr)
    if ask == "play":
        return tr.nt("Your battle turn ({n} card in your hand, {theirs} face down for the opponent): 'play infantry "
                     "3 new' opens a front; 'play infantry 3 front 2' attacks the lone enemy unit on front 2.",
                     "Your battle turn ({n} cards in your hand, {theirs} face down for the opponent): 'play infantry "
                     "3 new' opens a front; 'play infantry 3 front 2' attacks the lone enemy unit on front 2.",
                     f["mine"], theirs=f["theirs"])
    if ask == "tie":
        return (tr.t("The opponent's {kind} (strength {strength}) can destroy several of your equally strong units "
                     "(strongest-tie A): which one does it attack?", kind=kind_name(f["kind"], tr),
                     strength=f["strength"])
                + " " + ", ".join(f"'lose front {n}'" for n in f["fronts"]) + ".")
    if ask.startswith("gained:"):
        kind = f["kind"]
        return " ".join((owed(f["debt"], kind, tr), gained_question(kind, tr),
                         tr.t("Each first pays off a wound marker (SOLO-4.1.5)."),
                         tr.t("'gained {word} N' (or pick it in the menu).", word=kind)))
    return ask


def cancel_question(face: int, cards: str, tr: Translator = ENGLISH) -> str:
    """SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3 (cancel-cards): may the event of ``face`` be cancelled?"""
    if face <= 4:
        which = "any" if cards == "A" else "like"
        return tr.t(CANCEL[which], example=name(EXAMPLES["cancel"], tr), rule="SOLO-4.1.3" if face <= 2 else
                    "SOLO-4.2.3")
    return tr.gettext(CANCEL_DESTROY)


def count_question(ask: str, resolve: bool, tr: Translator = ENGLISH) -> tuple[str, str]:
    """A count question and what it adds ('' or that the bonus counts half)."""
    if ask == "bonus" and resolve:
        return tr.gettext(BONUS_HALF), tr.gettext(HALF)
    return tr.gettext(COUNT_QUESTIONS[ask]), ""


def owed(debt: int, kind: str, tr: Translator = ENGLISH) -> str:
    """SOLO-4.1.4: the wound markers owed, and in what."""
    return tr.nt("You owe {n} wound marker ({kind} debt).", "You owe {n} wound markers ({kind} debt).", debt,
                 kind=tr.pgettext("debt kind", DEBT_KINDS[kind]))


def gained_question(kind: str, tr: Translator = ENGLISH) -> str:
    """SOLO-4.1.5: how many tokens (or pieces) of a debt's kind were gained this turn?"""
    return tr.t("How many {what} did you gain this turn?", what=tr.pgettext("how many", GAINED[kind]))


def _dice(f: dict[str, Any], tr: Translator) -> str:
    n, got, purpose = f["n"], f["got"], f["purpose"]
    k = len(got) + 1
    if purpose == "event":
        one, many = EVENT_DICE
        text = tr.nt(one, many, n, k=k)
        text += " " + tr.t("Type 'miss' when none of the remaining dice shows 5 or 6.")
    else:
        text = tr.t(DICE[purpose], k=k, n=n)
    if got:
        text += " " + tr.t("Entered so far: {dice}.", dice=dice_words(list(got)))
    return text


def _units(f: dict[str, Any], tr: Translator) -> str:
    if f["ask"] == "units":
        head = tr.t("Which unit cards do you own?")
    else:
        head = tr.t("Draw your battle hand as the base game says ({note}) and enter it.", note=hand_note(f["note"], tr))
    text = head + " " + tr.t("One card at a time: 'unit infantry 2 3' (type, rank 1-4, strength at that rank; types "
                             "infantry, mounted, artillery) or 'unit aircraft 6'; 'undo' removes the last card; "
                             "'done' when the list is complete.")
    if f["same"] is not None:
        text += " " + tr.t("'same' keeps the cards you gave last time: {cards}.", cards=units_text(list(f["same"]), tr))
    if f["entry"]:
        text += " " + tr.t("Entered so far: {cards}.", cards=units_text(list(f["entry"]), tr))
    return text


def _give(f: dict[str, Any], tr: Translator) -> str:
    item, buy = f["item"], f["buy"]
    if tr.english:
        sells = ", ".join(f"{item_word(i)} {v}" for i, v in f["sells"])
    else:
        sells = ", ".join(tr.t("{name} '{word}' {value}", name=item_name(i, tr), word=item_word(i), value=v)
                          for i, v in f["sells"])
    pay = (N_("Pay for the {item} (buy value {buy}; SOLO-5.3: what you give must be worth at least {buy}).")
           if f["direction"] == "A" else
           N_("Pay for the {item} (buy value {buy}; SOLO-5.3: what you give must be worth at most {buy})."))
    return " ".join((tr.t(pay, item=item_object(item, tr), buy=buy), tr.t("Sell values: {sells}.", sells=sells),
                     tr.t("Give items with 'give trade-point 8' etc., then 'pay'; 'cancel' drops it."),
                     tr.t("Given so far: value {value}.", value=f["given"])))


def extras(f: dict[str, Any], tr: Translator = ENGLISH) -> str:
    """What can be typed between the steps of a turn (SOLO-6.1, SOLO-2.1)."""
    first = (tr.t("Before a culture event card or a resource ability: 'use card' / 'use ability' for the failure "
                  "roll (SOLO-6.1).") if f["ability"] == "A" else
             tr.t("Before a culture event card or any ability paid for with resources: 'use card' / 'use ability' "
                  "for the failure roll (SOLO-6.1)."))
    return first + " " + tr.t("'won' if you have reached a victory.")
