"""The waiting question in words, as the companion asks it (the observation's
``question``, the screen, the explanations of wrong answers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules.battles import due_battles
from .rules.entry import COUNTS, count_range
from .rules.trade import given_value
from .words import DEBT_LABELS, ITEM_NAMES, dice_words, item_word, unit_text

if TYPE_CHECKING:
    from .state import SoloState


# ------------------------------------------------------------ questions in words
def question(s: SoloState) -> str:
    ask = s.ask
    if ask is None:
        return ""
    if ask == "start":
        return "Type 'start' to begin turn 1."
    if ask == "dice":
        r = s.roll
        assert r is not None
        what = {"event": f"the historical event (SOLO-3.2): roll {r['n']} {'die' if r['n'] == 1 else 'dice'}",
                "kind": "the event roll (SOLO-3.4): roll one die",
                "trade": "the trade phase (SOLO-5.1): roll three dice",
                "failure": "the failure roll (SOLO-6.1): roll two dice"}[r["purpose"]]
        got = f" Entered so far: {dice_words(r['got'])}." if r["got"] else ""
        miss = " Type 'miss' when none of the remaining dice shows 5 or 6." if r["purpose"] == "event" else ""
        return (f"Dice for {what}, and type each result: 'die 5' (or just 5), die {len(r['got']) + 1} of "
                f"{r['n']}.{miss}{got}")
    if ask == "cancel":
        assert s.event is not None
        face = s.event["face"]
        if face <= 4:
            card = "any culture event card (e.g. Primetime TV)" if s.rules.cancel_cards == "A" else \
                "a card that cancels culture events (e.g. Primetime TV) or one of SOLO-6.3"
            rule = "SOLO-4.1.3" if face <= 2 else "SOLO-4.2.3"
        else:
            card = "a culture event card that destroys a building, wonder or great person, or causes drought or " \
                   "deforestation"
            rule = "SOLO-6.3"
        roll = " It must pass a failure roll (SOLO-6.1)." if s.rules.failure_roll_scope == "A" else ""
        return (f"Cancel this event with {card} ({rule})? 'cancel' (you discard the card) or 'accept' the "
                f"event.{roll}")
    if ask in COUNTS:
        lo, hi = count_range(s, ask)
        texts = {
            "culture": "How many culture tokens do you hold?",
            "resources": "How many resource tokens do you hold (market resources and resource hut/village tokens)?",
            "people": "How many great people do you have (on the map or waiting)?",
            "buildings": "How many buildings and wonders do you have?",
            "armies": "How many army figures do you have on the map?",
            "limit": "What is your combat card limit when attacking with one army (3 in the base game; some "
                     "governments and techs raise it)?",
            "bonus": ("What is your combat bonus from great people and buildings, at its standard value? It counts "
                      "half here (SOLO-4.3.4)." if s.stage == "resolve" else
                      "What is your combat bonus in this battle (great people, buildings, wonders, city defence)?"),
        }
        return f"{texts[ask]} Answer '{ask} N', N from {lo} to {hi} (or pick it in the menu)."
    if ask in ("units", "hand"):
        head = ("Which unit cards do you own? " if ask == "units" else
                f"Draw your battle hand as the base game says ({s.tables.hand_size_note}) and enter it. ")
        same = ""
        if ask == "units" and s.units is not None and not s.entry:
            same = (f" 'same' keeps the cards you gave last time: "
                    f"{', '.join(unit_text(u) for u in s.units) or 'none'}.")
        got = f" Entered so far: {', '.join(unit_text(u) for u in s.entry)}." if s.entry else ""
        return (head + "One card at a time: 'unit infantry 2 3' (type, rank 1-4, strength at that rank; types "
                "infantry, mounted, artillery) or 'unit aircraft 6'; 'undo' removes the last card; 'done' when "
                "the list is complete." + same + got)
    if ask == "fortified":
        return "Is your capital fortified? 'fortified yes' (the opponent plays first) or 'fortified no'."
    if ask == "destroy":
        w = s.work
        total2 = w["total2"] + w.get("half2", 0)
        short = (2 * w["target"] - total2 + 1) // 2
        return (f"You are {short} strength short. Play a culture event card that destroys an opponent's figure "
                f"(e.g. Defection): the table value drops by 2 (SOLO-4.3.5)? 'destroy' or 'accept' the loss.")
    if ask == "trade":
        base = ("Carry out the base game's start of turn. " if s.rules.turn_start_order == "A" else "")
        return (base + "Trade phase: roll three trade dice (SOLO-5.1)? 'trade roll' or 'trade skip'. "
                + extras(s))
    if ask == "phase:start":
        return "Carry out the base game's start of turn (turn-start-order B), then type 'next'. " + extras(s)
    if ask == "phase:move":
        due = due_battles(s)
        battle = (" A battle against your capital comes at the end of the movement phase." if due else "")
        return ("City management, then movement." + battle + " Type 'next' when your movement phase ends. "
                + extras(s))
    if ask == "phase:end":
        if s.turn_no >= s.final_turn:
            return ("Research phase. This is the last turn: 'won' if you have reached a culture, technology or "
                    "economic victory; 'next' ends the game without one (SOLO-2.3). 'use card' / 'use ability' "
                    "for a failure roll.")
        return f"Research phase, then the end of turn {s.turn_no}: type 'next'. " + extras(s)
    if ask == "buy":
        left = s.work.get("left", 0)
        items = ", ".join(f"'buy {item_word(i)}' ({v[1]})" for i, v in s.tables.trade.items())
        return f"You may acquire {left} more item{'s' if left > 1 else ''} (SOLO-5.2): {items}; or 'done'."
    if ask == "give":
        item = s.work["item"]
        buy = s.tables.trade[item][1]
        sells = ", ".join(f"{item_word(i)} {v[0]}" for i, v in s.tables.trade.items() if v[0] is not None and i != item)
        rule = ("what you give must be worth at least" if s.rules.trade_value_direction == "A"
                else "what you give must be worth at most")
        return (f"Pay for the {ITEM_NAMES.get(item, item)} (buy value {buy}; SOLO-5.3: {rule} {buy}). Sell values: "
                f"{sells}. Give items with 'give trade-point 8' etc., then 'pay'; 'cancel' drops it. "
                f"Given so far: value {given_value(s)}.")
    if ask == "play":
        b = s.battle
        assert b is not None
        mine, theirs = len(b.player_hand), len(b.opponent_deck)
        return (f"Your battle turn ({mine} card{'s' if mine != 1 else ''} in your hand, {theirs} face down for the "
                f"opponent): 'play infantry 3 new' opens a front; 'play infantry 3 front 2' attacks the lone enemy "
                f"unit on front 2.")
    if ask == "tie":
        assert s.battle is not None
        u = s.battle.opponent_deck[-1]
        return (f"The opponent's {u.kind} (strength {u.strength}) can destroy several of your equally strong units "
                f"(strongest-tie A): which one does it attack? "
                + ", ".join(f"'lose front {i + 1}'" for i in s.battle.opponent_targets()) + ".")
    if ask.startswith("gained:"):
        kind = ask.split(":")[1]
        label = DEBT_LABELS[kind]
        return (f"You owe {s.debt[kind]} wound marker{'s' if s.debt[kind] > 1 else ''} ({kind} debt). How many "
                f"{label} did you gain this turn? Each first pays off a wound marker (SOLO-4.1.5). "
                f"'gained {kind} N' (or pick it in the menu).")
    return ask


def extras(s: SoloState) -> str:
    ability = ("a resource ability" if s.rules.resource_ability_term == "A"
               else "any ability paid for with resources")
    return (f"Before a culture event card or {ability}: 'use card' / 'use ability' for the failure roll "
            f"(SOLO-6.1). 'won' if you have reached a victory.")
