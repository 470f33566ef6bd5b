"""The answers seat 0 may give, what each does, and why a wrong one is wrong.

Every question has a short, finite list of answers (DESIGN.md, "Decisions"):

    start                          begin turn 1 after the set-up
    die 5 | miss                   a physical die (dice=table); miss: no other 5 or 6
    cancel | accept                use a culture event card against the event, or not
    culture 3 | resources 1 | people 2 | buildings 4 | armies 2
    bonus 4 | limit 3              combat bonus; combat card limit attacking with one army
    unit infantry 2 3              a unit card: type, rank 1-4, strength at that rank
    unit aircraft 6                an aircraft card (no rank)
    undo | same | done             fix, reuse or close a list of unit cards
    fortified yes | fortified no
    destroy | accept               play a figure-destroying card in a military event (SOLO-4.3.5)
    trade roll | trade skip        SOLO-5.1
    buy culture-event-card | give trade-point 8 | pay | cancel | done
    next | won | use card | use ability
    play infantry 3 new | play infantry 3 front 2 | lose front 1
    gained culture 3               tokens gained this turn, to pay wound-marker debt
"""

from __future__ import annotations

from collections import Counter

from .flow import end_event, player_turn
from .state import (
    COUNTS,
    DEBT_LABELS,
    ITEM_NAMES,
    OVER,
    RANK_NAMES,
    SoloState,
    dice_words,
    item_word,
    unit_text,
)
from .tables import BASIC_UNITS, UNIT_KINDS

PHASE_EXTRAS = ["use ability", "use card", "won"]


# ------------------------------------------------------------ limits
def count_range(s: SoloState, key: str) -> tuple[int, int]:
    lim = s.tables.limits
    if key == "limit":
        return 1, lim["card_limit"]
    return 0, lim[key]


def entry_max(s: SoloState, ask: str) -> int:
    if ask == "hand":
        return s.tables.limits["hand"]
    return sum(s.tables.copies.values())


def base_of(s: SoloState, kind: str, rank: int, strength: int) -> int | None:
    """Which physical card (its strength at rank I) shows ``strength`` at ``rank``."""
    return s.tables.bases.get((kind, rank, strength))


def used_cards(s: SoloState) -> Counter[tuple[str, int]]:
    bases = s.tables.bases
    return Counter((k, bases.get((k, r, st), 0)) for k, r, st in s.entry)


def fixed_ranks(s: SoloState) -> dict[str, int]:
    return {k: r for k, r, _ in s.entry if k != "aircraft"}


def unit_texts(s: SoloState, ask: str) -> list[str]:
    if len(s.entry) >= entry_max(s, ask):
        return []
    tables = s.tables
    used = used_cards(s)
    fixed = fixed_ranks(s)
    out: list[str] = []
    for kind in BASIC_UNITS:
        for rank in ([fixed[kind]] if kind in fixed else range(1, 5)):
            for st in tables.strengths[(kind, rank)]:
                base = tables.bases[(kind, rank, st)]
                if used[(kind, base)] < tables.copies[(kind, base)]:
                    out.append(f"unit {kind} {rank} {st}")
    for st in tables.strengths[("aircraft", 1)]:
        if used[("aircraft", st)] < tables.copies[("aircraft", st)]:
            out.append(f"unit aircraft {st}")
    return out


# ------------------------------------------------------------ trade
def given_value(s: SoloState) -> int:
    return sum(s.tables.trade[item][0] * n for item, n in s.work.get("given", {}).items())  # type: ignore[operator]


def pay_ok(s: SoloState) -> bool:
    """SOLO-5.3: A what you give (sell values) covers what you get (buy value); B what you
    get is worth at least what you give; something must be given either way."""
    buy = s.tables.trade[s.work["item"]][1]
    given = given_value(s)
    if given <= 0:
        return False
    return given >= buy if s.opt("trade-value-direction") == "A" else given <= buy


def give_texts(s: SoloState) -> list[str]:
    item = s.work["item"]
    buy = s.tables.trade[item][1]
    given = given_value(s)
    out: list[str] = []
    for other, (sell, _) in s.tables.trade.items():
        if sell is None or other == item:
            continue
        if s.opt("trade-value-direction") == "A":
            cap = 0 if given >= buy else -(-(buy - given) // sell)
        else:
            cap = (buy - given) // sell
        out.extend(f"give {item_word(other)} {n}" for n in range(1, cap + 1))
    return out


def item_key(s: SoloState, word: str) -> str | None:
    key = word.replace("-", "_")
    return key if key in s.tables.trade else None


# ------------------------------------------------------------ legal answers
def legal_texts(s: SoloState) -> list[str]:
    """The answers to the waiting question, computed once per position."""
    if s.legal is None:
        s.legal = _legal_texts(s)
    return s.legal


def _legal_texts(s: SoloState) -> list[str]:
    ask = s.ask
    if ask is None or s.stage == OVER:
        return []
    if ask == "start":
        return ["start"]
    if ask == "dice":
        assert s.roll is not None
        return [f"die {v}" for v in range(1, 7)] + (["miss"] if s.roll["purpose"] == "event" else [])
    if ask in ("cancel", "destroy"):
        return ["accept", ask]
    if ask in COUNTS:
        lo, hi = count_range(s, ask)
        return [f"{ask} {n}" for n in range(lo, hi + 1)]
    if ask in ("units", "hand"):
        out = unit_texts(s, ask)
        if s.entry:
            out.append("undo")
        elif ask == "units" and s.units is not None:
            out.append("same")
        out.append("done")
        return out
    if ask == "fortified":
        return ["fortified no", "fortified yes"]
    if ask == "trade":
        return ["trade roll", "trade skip", *PHASE_EXTRAS]
    if ask.startswith("phase:"):
        return ["next", *PHASE_EXTRAS]
    if ask == "buy":
        return [f"buy {item_word(i)}" for i in s.tables.trade] + ["done"]
    if ask == "give":
        return give_texts(s) + (["pay"] if pay_ok(s) else []) + ["cancel"]
    if ask == "play":
        assert s.battle is not None
        seen: list[str] = []
        for h, t in s.battle.player_moves():
            u = s.battle.player_hand[h]
            text = f"play {u.kind} {u.strength} " + ("new" if t is None else f"front {t + 1}")
            if text not in seen:
                seen.append(text)
        return seen
    if ask == "tie":
        assert s.battle is not None
        return [f"lose front {i + 1}" for i in s.battle.opponent_targets()]
    if ask.startswith("gained:"):
        kind = ask.split(":")[1]
        return [f"gained {kind} {n}" for n in range(0, s.tables.limits["gained"] + 1)]
    raise AssertionError(f"unknown question {ask!r}")


# ------------------------------------------------------------ applying an answer
def answer(s: SoloState, ask: str | None, text: str) -> None:
    """Carry out a legal answer to ``ask`` (checked by the caller)."""
    parts = text.split()
    word = parts[0]
    if ask == "start":
        s.stage = "newturn"
    elif ask == "dice":
        r = s.roll
        assert r is not None
        if word == "miss":
            r["got"].extend([0] * (r["n"] - len(r["got"])))
        else:
            r["got"].append(int(parts[1]))
        if len(r["got"]) >= r["n"] or (r["purpose"] == "event" and r["got"][-1] >= 5):
            r["done"] = True
        else:
            s.ask = "dice"
    elif ask == "cancel":
        if word == "accept":
            s.stage = "resolve"
            return
        assert s.event is not None
        face = s.event["face"]
        s.lose("card" if face <= 4 else "destroyer", -1)
        s.count("cards_used")
        if s.opt("failure-roll-scope") == "A":
            s.say("You use a culture event card to cancel the event: first the failure roll (SOLO-6.1).")
            s.stage = "cancel-roll"
        else:
            s.count("cancelled")
            s.say("You use a culture event card: the event is cancelled (no failure roll: failure-roll-scope B).")
            end_event(s)
    elif ask in COUNTS:
        s.work[ask] = int(parts[1])
    elif ask in ("units", "hand"):
        if word == "unit":
            if parts[1] == "aircraft":
                s.entry.append(("aircraft", 0, int(parts[2])))
            else:
                s.entry.append((parts[1], int(parts[2]), int(parts[3])))
            s.ask = ask
        elif word == "undo":
            s.entry.pop()
            s.ask = ask
        else:
            cards = list(s.units or []) if word == "same" else list(s.entry)
            s.entry = []
            s.work[ask] = cards
            if ask == "units":
                s.units = list(cards)
            what = "Your unit cards" if ask == "units" else "Your battle hand"
            s.say(f"{what}: {', '.join(unit_text(u) for u in cards) or 'none'}.")
    elif ask == "fortified":
        s.work["fortified"] = parts[1] == "yes"
    elif ask == "destroy":
        if word == "accept":
            s.work["accepted"] = True
            return
        s.lose("destroyer", -1)
        s.count("cards_used")
        if s.opt("failure-roll-scope") == "A":
            s.work["destroy_roll"] = True
        else:
            s.work["target"] = max(0, s.work["target"] - 2)
            s.say(f"You play a card that destroys an opponent's figure: the opponent's strength drops by 2 to "
                  f"{s.work['target']} (SOLO-4.3.5).")
    elif ask == "trade" or (ask or "").startswith("phase:"):
        _phase(s, ask or "", text)
    elif ask == "buy":
        if word == "done":
            s.work = {}
            s.stage = "move"
        else:
            s.work["item"] = item_key(s, parts[1])
            s.work["given"] = {}
            s.stage = "give"
    elif ask == "give":
        _give(s, parts)
    elif ask == "play":
        assert s.battle is not None
        kind, strength = parts[1], int(parts[2])
        index = next(i for i, u in enumerate(s.battle.player_hand) if u.kind == kind and u.strength == strength)
        player_turn(s, index, None if parts[3] == "new" else int(parts[4]) - 1)
    elif ask == "tie":
        s.work["tie"] = int(parts[2]) - 1
    elif ask and ask.startswith("gained:"):
        kind = ask.split(":")[1]
        n = int(parts[2])
        paid = min(n, s.debt[kind])
        s.debt[kind] -= paid
        s.count("debt_paid", paid)
        if paid:
            s.lose(kind, -paid, "debt")
        s.work.setdefault("gained_done", []).append(kind)
        label = DEBT_LABELS[kind]
        if paid:
            s.say(f"You gained {n} {label}: {paid} of them pay off {paid} wound marker{'s' if paid > 1 else ''} "
                  f"(hand the {label} back and discard the markers; SOLO-4.1.5); you keep {n - paid}. "
                  f"Debt left: {s.debt_words()}.")
        else:
            s.say(f"You gained no {label}: your debt stays ({s.debt_words()}).")


def _phase(s: SoloState, ask: str, text: str) -> None:
    if text == "won":
        s.finish("won", f"You report a victory in turn {s.turn_no} (SOLO-2.1): you have won the solo game.")
    elif text.startswith("use "):
        what = text.split()[1]
        s.work["check"] = what
        if what == "card":
            s.count("cards_used")
            s.lose("card", -1)
        else:
            s.count("ability_checks")
        s.resume = s.stage
        s.stage = "check"
    elif text == "trade skip":
        s.say("You do not roll the trade dice this turn.")
        s.stage = "move"
    elif text == "trade roll":
        s.stage = "trade-dice"
    elif ask == "phase:start":
        s.work["base_done"] = True
    elif ask == "phase:move":
        s.work = {}
        s.stage = "battle"
    elif ask == "phase:end":
        if s.turn_no >= s.final_turn and s.opt("last-turn") == "A":
            s.finish("time", f"Turn {s.turn_no} is over without a victory: the turn counter has reached the end "
                             f"marker and you have lost (SOLO-2.3).")
        else:
            s.work = {}
            s.stage = "debt"


def _give(s: SoloState, parts: list[str]) -> None:
    item = s.work["item"]
    name = ITEM_NAMES.get(item, item)
    if parts[0] == "give":
        key = item_key(s, parts[1])
        assert key is not None
        given = s.work["given"]
        given[key] = given.get(key, 0) + int(parts[2])
        return
    if parts[0] == "cancel":
        s.say(f"You do not take the {name}; the acquisition is still open.")
        s.work.pop("item")
        s.work.pop("given")
        s.stage = "buy"
        return
    given = s.work.pop("given")
    s.work.pop("item")
    offer = ", ".join(f"{n} {ITEM_NAMES.get(k, k)}{'s' if n > 1 else ''}" for k, n in given.items())
    value = sum(s.tables.trade[k][0] * n for k, n in given.items())  # type: ignore[operator]
    s.say(f"Trade (SOLO-5.3): you give {offer} (sell value {value}) and take a {name} "
          f"(buy value {s.tables.trade[item][1]}).")
    s.count("trades")
    s.work["left"] -= 1
    if item == "culture_token":
        s.gain("culture", 1, "The culture token you bought")
    elif item == "resource":
        s.gain("resources", 1, "The resource you bought")
    elif item == "culture_event_card":
        s.lose("card", 1)
    s.stage = "buy"


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
            card = "any culture event card (e.g. Primetime TV)" if s.opt("cancel-cards") == "A" else \
                "a card that cancels culture events (e.g. Primetime TV) or one of SOLO-6.3"
            rule = "SOLO-4.1.3" if face <= 2 else "SOLO-4.2.3"
        else:
            card = "a culture event card that destroys a building, wonder or great person, or causes drought or " \
                   "deforestation"
            rule = "SOLO-6.3"
        roll = " It must pass a failure roll (SOLO-6.1)." if s.opt("failure-roll-scope") == "A" else ""
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
        return f"{texts[ask]} Answer '{ask} N' (or just N), N from {lo} to {hi}."
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
        base = ("Carry out the base game's start of turn. " if s.opt("turn-start-order") == "A" else "")
        return (base + "Trade phase: roll three trade dice (SOLO-5.1)? 'trade roll' or 'trade skip'. "
                + _extras(s))
    if ask == "phase:start":
        return "Carry out the base game's start of turn (turn-start-order B), then type 'next'. " + _extras(s)
    if ask == "phase:move":
        due = s.due_battles()
        battle = (" A battle against your capital comes at the end of the movement phase." if due else "")
        return ("City management, then movement." + battle + " Type 'next' when your movement phase ends. "
                + _extras(s))
    if ask == "phase:end":
        if s.turn_no >= s.final_turn:
            return ("Research phase. This is the last turn: 'won' if you have reached a culture, technology or "
                    "economic victory; 'next' ends the game without one (SOLO-2.3). 'use card' / 'use ability' "
                    "for a failure roll.")
        return f"Research phase, then the end of turn {s.turn_no}: type 'next'. " + _extras(s)
    if ask == "buy":
        left = s.work.get("left", 0)
        items = ", ".join(f"'buy {item_word(i)}' ({v[1]})" for i, v in s.tables.trade.items())
        return f"You may acquire {left} more item{'s' if left > 1 else ''} (SOLO-5.2): {items}; or 'done'."
    if ask == "give":
        item = s.work["item"]
        buy = s.tables.trade[item][1]
        sells = ", ".join(f"{item_word(i)} {v[0]}" for i, v in s.tables.trade.items() if v[0] is not None and i != item)
        rule = ("what you give must be worth at least" if s.opt("trade-value-direction") == "A"
                else "what you give must be worth at most")
        return (f"Pay for the {ITEM_NAMES.get(item, item)} (buy value {buy}; SOLO-5.3: {rule} {buy}). Sell values: "
                f"{sells}. Give items with 'give trade-point 8' etc., then 'pay'; 'cancel' drops it. "
                f"Given so far: value {given_value(s)}.")
    if ask == "play":
        return "Your battle turn: " + battle_words(s) + (" Play a card: 'play infantry 3 new' opens a front; "
                                                         "'play infantry 3 front 2' attacks the lone enemy unit on front 2.")
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
                f"'gained {kind} N' (or just N).")
    return ask


def _extras(s: SoloState) -> str:
    ability = ("a resource ability" if s.opt("resource-ability-term") == "A"
               else "any ability paid for with resources")
    return (f"Before a culture event card or {ability}: 'use card' / 'use ability' for the failure roll "
            f"(SOLO-6.1). 'won' if you have reached a victory.")


def battle_words(s: SoloState) -> str:
    b = s.battle
    if b is None:
        return ""
    hand = ", ".join(f"{u.kind} {u.strength}" for u in b.player_hand) or "empty"
    fronts = []
    for i, f in enumerate(b.fronts):
        if f.player is not None:
            fronts.append(f"front {i + 1}: your {f.player.kind} {f.player.strength}"
                          + (f" ({f.player_wounds} wounds)" if f.player_wounds else ""))
        elif f.opponent is not None:
            fronts.append(f"front {i + 1}: their {f.opponent.kind} {f.opponent.strength}"
                          + (f" ({f.opponent_wounds} wounds)" if f.opponent_wounds else ""))
        else:
            fronts.append(f"front {i + 1}: empty")
    mine, theirs = b.totals()
    return (f"your hand: {hand}; " + ("; ".join(fronts) or "no fronts yet")
            + f"; the opponent has {len(b.opponent_deck)} card{'s' if len(b.opponent_deck) != 1 else ''} left; "
              f"surviving strength plus bonus now: you {mine}, the opponent {theirs}.")


# ------------------------------------------------------------ explanations
def explain(s: SoloState, text: str) -> str:
    """Why ``text`` is not a legal answer now: one sentence naming the problem."""
    ask = s.ask or ""
    parts = text.split()
    word = parts[0] if parts else ""
    q = question(s)
    generic = f"{text!r} is not an answer to the question now. {q}"
    if not parts:
        return f"nothing was typed. {q}"

    def number(x: str) -> int | None:
        try:
            return int(x)
        except ValueError:
            return None

    if ask in COUNTS and word == ask:
        lo, hi = count_range(s, ask)
        n = number(parts[1]) if len(parts) == 2 else None
        if n is None:
            return f"{text!r}: give one whole number after '{ask}', from {lo} to {hi}."
        if n < 0:
            return f"{text!r} cannot be true: a count cannot be negative."
        if n < lo:
            return f"{text!r} cannot be true: it must be at least {lo}."
        return f"{text!r} is more than this question allows ({hi} at most); check the count."
    if ask.startswith("gained:") and word == "gained":
        kind = ask.split(":")[1]
        if len(parts) != 3 or parts[1] != kind or number(parts[2]) is None:
            return f"{text!r}: answer 'gained {kind} N' with a whole number N."
        n = number(parts[2]) or 0
        if n < 0:
            return f"{text!r} cannot be true: you cannot gain a negative number of tokens."
        return f"{text!r} is more than this question allows ({s.tables.limits['gained']} at most)."
    if ask == "dice" and word in ("die", "dice"):
        n = number(parts[1]) if len(parts) == 2 else None
        if n is None or not 1 <= n <= 6:
            return f"{text!r}: a six-sided die shows 1 to 6; type 'die N' for one die at a time."
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
        if s.opt("trade-value-direction") == "A":
            return (f"'pay': you give items worth {given} (sell values), but a {name} is worth {buy} when bought "
                    f"(SOLO-5.3): give {buy - given} more.")
        return f"'pay': you give items worth {given}, more than the {name}'s value {buy} (SOLO-5.3, reading B)."
    if ask == "buy" and word == "buy":
        return (f"{text!r}: there is no such item in table SOLO-8.2; items: "
                + ", ".join(item_word(i) for i in s.tables.trade) + ".")
    if ask == "play" and word == "play":
        return _explain_play(s, parts, text) or generic
    if ask == "tie" and word == "lose":
        return f"{text!r}: the opponent's card can only destroy the units on " + ", ".join(
            f"front {i + 1}" for i in s.battle.opponent_targets()) + "." if s.battle else generic
    if word in ("won", "next", "use") and not (ask == "trade" or ask.startswith("phase:")):
        return f"{text!r} is possible only between the steps of a turn; first answer the question. {q}"
    return generic


def _explain_unit(s: SoloState, ask: str, parts: list[str], text: str) -> str | None:
    if len(parts) < 2:
        return "'unit' needs a type, a rank and a strength: 'unit infantry 2 3'."
    kind = parts[1]
    if kind in ("cavalry", "horse", "horsemen", "knight"):
        return f"{text!r}: cavalry is called 'mounted' in the base game's unit decks: 'unit mounted 2 3'."
    if kind not in UNIT_KINDS:
        return (f"{text!r}: there is no unit type {kind!r}; the types are infantry, mounted (cavalry), artillery "
                f"and aircraft.")
    nums = []
    for x in parts[2:]:
        try:
            nums.append(int(x))
        except ValueError:
            return f"{text!r}: rank and strength must be whole numbers."
    if kind == "aircraft":
        if len(nums) != 1:
            return f"{text!r}: aircraft have no rank; type 'unit aircraft 6' (its strength)."
        valid = s.tables.strengths[("aircraft", 1)]
        if nums[0] not in valid:
            return f"{text!r} cannot be true: aircraft cards have strength {_or(valid)}."
        return f"{text!r}: the aircraft deck has only {s.tables.copies[('aircraft', nums[0])]} such cards."
    if len(nums) != 2:
        return f"{text!r}: give the rank (1-4) and the strength: 'unit {kind} 2 3'."
    rank, strength = nums
    if not 1 <= rank <= 4:
        return f"{text!r} cannot be true: rank {rank} does not exist; unit ranks go from 1 to 4."
    valid = s.tables.strengths[(kind, rank)]
    if strength not in valid:
        return (f"{text!r} cannot be true: a rank-{RANK_NAMES[rank]} {kind} card has strength {_or(valid)}, "
                f"not {strength}.")
    fixed = fixed_ranks(s)
    if kind in fixed and fixed[kind] != rank:
        return (f"{text!r} cannot be true: you entered your {kind} at rank {fixed[kind]}; all cards of a type "
                f"have the rank of your military technology.")
    if len(s.entry) >= entry_max(s, ask):
        return f"{text!r}: a list of more than {entry_max(s, ask)} cards cannot be true; type 'done'."
    base = base_of(s, kind, rank, strength)
    return (f"{text!r} cannot be true: the {kind} deck has only {s.tables.copies[(kind, base or 0)]} cards "
            f"that show strength {strength} at rank {RANK_NAMES[rank]}, and you entered them all.")


def _explain_give(s: SoloState, parts: list[str], text: str) -> str | None:
    if len(parts) != 3:
        return f"{text!r}: type 'give ITEM N', e.g. 'give trade-point 8'."
    key = item_key(s, parts[1])
    if key is None:
        return (f"{text!r}: there is no item {parts[1]!r} in table SOLO-8.2; items: "
                + ", ".join(item_word(i) for i in s.tables.trade) + ".")
    if s.tables.trade[key][0] is None:
        return f"{text!r}: a {ITEM_NAMES.get(key, key)} cannot be sold ('---' in table SOLO-8.2)."
    if key == s.work["item"]:
        return f"{text!r}: you cannot pay for an item with the same item."
    try:
        n = int(parts[2])
    except ValueError:
        return f"{text!r}: the number of items must be a whole number."
    if n <= 0:
        return f"{text!r} cannot be true: give at least one item."
    buy = s.tables.trade[s.work["item"]][1]
    if s.opt("trade-value-direction") == "A":
        return (f"{text!r}: that is more than needed - you have given {given_value(s)} of {buy}; give fewer "
                f"or type 'pay'.")
    return f"{text!r}: what you give may not be worth more than {buy} (SOLO-5.3, reading B)."


def _explain_play(s: SoloState, parts: list[str], text: str) -> str | None:
    b = s.battle
    if b is None or len(parts) < 4:
        return "type 'play KIND STRENGTH new' or 'play KIND STRENGTH front N'."
    kind = parts[1]
    try:
        strength = int(parts[2])
    except ValueError:
        return f"{text!r}: the strength must be a whole number."
    if not any(u.kind == kind and u.strength == strength for u in b.player_hand):
        hand = ", ".join(f"{u.kind} {u.strength}" for u in b.player_hand)
        return f"{text!r}: you have no {kind} of strength {strength} in your battle hand ({hand})."
    if parts[3] == "front" and len(parts) == 5:
        return f"{text!r}: front {parts[4]} has no lone enemy unit to attack."
    return None


def _or(values: tuple[int, ...]) -> str:
    v = [str(x) for x in values]
    return v[0] if len(v) == 1 else ", ".join(v[:-1]) + " or " + v[-1]


def interpret(s_ask: str | None, roll_purpose: str | None, line: str) -> str:
    """A person's shorthand: a bare number answers a count, a die or a debt question."""
    text = " ".join(line.strip().lower().split())
    if not text:
        return text
    head = text.split()[0]
    if head.lstrip("-").isdigit() and len(text.split()) == 1:
        if s_ask in COUNTS:
            return f"{s_ask} {text}"
        if s_ask == "dice":
            return f"die {text}"
        if s_ask and s_ask.startswith("gained:"):
            return f"gained {s_ask.split(':')[1]} {text}"
    if s_ask == "fortified" and text in ("yes", "no", "y", "n"):
        return "fortified " + ("yes" if text.startswith("y") else "no")
    if s_ask == "dice" and head == "dice":
        return "die" + text[4:]
    if s_ask in ("units", "hand") and text.isdigit():
        return f"number {text}"  # not a list position: the list is not numbered
    return text

