"""What a person at the table reads: the status screen, the answers in words and grouped
into short menus, the help of the current question, the bare numbers he may type, and
the reference tables (``civtable cards civ-solo``)."""

from __future__ import annotations

from typing import Any

from civtable.core.action import Action
from civtable.core.events import Viewer

from .catalog import Tables
from .options import OPTIONS
from .rules.entry import COUNTS
from .words import (
    COUNT_WORDS,
    DEBT_LABELS,
    ITEM_NAMES,
    ITEM_PLURALS,
    RANK_NAMES,
    items_of,
    unit_text,
)

OUTCOMES = {"won": "You won: you reported a victory (SOLO-2.1).",
            "battle": "You lost: your capital fell in battle (SOLO-4.4.9).",
            "time": "You lost: time ran out (SOLO-2.3)."}
EVENT_KINDS = {1: "a loss (SOLO-4.1)", 2: "a loss (SOLO-4.1)", 3: "a culture event (SOLO-4.2)",
               4: "a culture event (SOLO-4.2)", 5: "a military event (SOLO-4.3)", 6: "a battle (SOLO-4.4)"}
DEFAULTS = {spec.name: spec.default for spec in OPTIONS}


MENU = 24
"""A terminal menu longer than this is grouped (``agents.human``)."""


def wounds(n: int) -> str:
    return f"{n} wound{'' if n == 1 else 's'}"


def _card(u: dict[str, Any]) -> str:
    return f"{u['kind']} {u['strength']}"


# ------------------------------------------------------------ the screen
def render(obs: dict[str, Any], viewer: Viewer) -> str:
    turn = obs["turn"]
    who = "" if viewer is not None else " (as a spectator)"
    head = (f"civ-solo - the {obs['civ']}, set-up{who}" if turn == 0 else
            f"civ-solo - the {obs['civ']}, turn {turn} of {obs['final_turn']}{who}")
    lines = [head,
             f"Wonders in the market: {obs['era']}. Event dice at the next turn start: {obs['pool']}. "
             f"Dice: {'you roll and type them' if obs['dice'] == 'table' else 'the companion rolls them'}."]
    changed = [f"{k}={v}" for k, v in obs["options"].items() if k not in ("players", "dice", "tables")
               and v != DEFAULTS.get(k, v)]
    if changed:
        lines.append("Rule readings: " + ", ".join(changed))
    debt = {k: v for k, v in obs["debt"].items() if v}
    if debt:
        lines.append("Wound-marker debt: " + ", ".join(f"{v} ({DEBT_LABELS[k]})" for k, v in debt.items())
                     + "; the tokens you gain pay it off first (SOLO-4.1.5).")
    for p in obs["pending"]:
        what = (f"military level {p['level']}, card limit {p['limit']}" if p["level"] is not None
                else "level from that turn's table row")
        lines.append(f"Battle pending: turn {p['due']}, at the end of the movement phase ({what}; "
                     f"set by the 6 of turn {p['rolled']}).")
    if obs["units"] is not None:
        cards = ", ".join(unit_text(u) for u in obs["units"]) or "none"
        lines.append(f"Your unit cards, as last entered: {cards}.")
    lines.extend(_under_way(obs))
    if obs["battle"] is not None:
        lines.extend(_battle(obs))
    if obs["over"]:
        lines.append("Game over. " + OUTCOMES.get(obs["outcome"] or "", ""))
    elif obs["question"]:
        lines.append("")
        lines.append(obs["question"])
    return "\n".join(lines)


def _under_way(obs: dict[str, Any]) -> list[str]:
    """The event, trade, roll or list being entered."""
    out: list[str] = []
    event = obs["event"]
    if event is not None:
        out.append(f"Historical event of turn {event['turn']}: event roll {event['face']}, "
                   f"{EVENT_KINDS[event['face']]}.")
    work = obs["work"]
    if "target" in work:
        half = work["total2"] + work.get("half2", 0)
        out.append(f"Military event: your strength {half // 2}{'.5' if half % 2 else ''} (the cards drawn"
                   f"{', half your bonus' if 'half2' in work else ''}) against the table's {work['target']}.")
    if "left" in work:
        out.append(f"Trade: {work['left']} acquisition{'s' if work['left'] != 1 else ''} left this turn.")
    if "given" in work:
        given = ", ".join(items_of(n, k) for k, n in work["given"].items()) or "nothing yet"
        out.append(f"Paying for the {ITEM_NAMES.get(work['item'], work['item'])}: given {given}.")
    return out  # the dice and unit cards entered so far are in the question


def _battle(obs: dict[str, Any]) -> list[str]:
    b, info = obs["battle"], obs["battle_info"]
    rank = RANK_NAMES[info["rank"]]
    out = [f"Battle against your capital: the opponent (military level {info['level']}, rank {rank}) has "
           f"{b['opponent_deck']} card{'s' if b['opponent_deck'] != 1 else ''} face down; "
           f"your bonus {b['player_bonus']}, its bonus {b['opponent_bonus']}.",
           "  Your hand: " + (", ".join(_card(u) for u in b["player_hand"]) or "empty") + "."]
    mine, theirs, empty = [], [], []
    for i, f in enumerate(b["fronts"], 1):
        if f["player"] is not None:
            w = f" ({wounds(f['player_wounds'])})" if f["player_wounds"] else ""
            mine.append(f"front {i}: {_card(f['player'])}{w}")
        elif f["opponent"] is not None:
            w = f" ({wounds(f['opponent_wounds'])})" if f["opponent_wounds"] else ""
            theirs.append(f"front {i}: {_card(f['opponent'])}{w}")
        else:
            empty.append(str(i))
    if b["fronts"]:
        out.append("  Your units on the fronts: " + ("; ".join(mine) or "none") + ".")
        out.append("  The opponent's units, each alone on its front (you may attack them): "
                   + ("; ".join(theirs) or "none") + ".")
    if empty:
        out.append(f"  Empty front{'s' if len(empty) > 1 else ''}: {', '.join(empty)}.")
    if obs["opponent_top"] is not None:
        out.append(f"  The opponent's card being played: {_card(obs['opponent_top'])}.")
    total = sum(f["player"]["strength"] for f in b["fronts"] if f["player"]) + b["player_bonus"]
    their_total = sum(f["opponent"]["strength"] for f in b["fronts"] if f["opponent"]) + b["opponent_bonus"]
    out.append(f"  Surviving strength plus bonus now: you {total}, the opponent {their_total} "
               f"(a tie goes to {'you' if obs['options']['battle-tie'] == 'player' else 'the opponent'}).")
    return out


# ------------------------------------------------------------ answers in words
def action_label(tables: Tables, action: Action, obs: dict[str, Any]) -> str:
    ask = obs.get("ask") or ""
    k, a = action.kind, action.args
    if k in COUNTS and a:
        one, many = COUNT_WORDS[k]
        if k in ("bonus", "limit"):
            return f"{one} {a[0]}"
        return f"{a[0]} {one if a[0] == 1 else many}"
    if k == "gained":
        return f"gained {a[1]} {DEBT_LABELS.get(a[0], a[0])} this turn"
    if k == "die":
        return f"the die shows {a[0]}"
    if k == "unit":
        return unit_text(("aircraft", 0, a[1]) if a[0] == "aircraft" else (a[0], a[1], a[2]))
    if k == "play":
        where = "on a new front" if a[2] == "new" else f"against the lone enemy unit on front {a[3]}"
        return f"play your {a[0]} (strength {a[1]}) {where}"
    if k == "lose":
        return f"the opponent destroys your unit on front {a[1]}"
    if k == "buy":
        item = str(a[0]).replace("-", "_")
        return f"buy a {ITEM_NAMES.get(item, item)} (buy value {tables.trade[item][1]})"
    if k == "give":
        item = str(a[0]).replace("-", "_")
        return f"give {items_of(a[1], item)} (sell value {(tables.trade[item][0] or 0) * a[1]})"
    if k == "next":
        return _next_label(ask, obs)
    if k == "accept":
        return "accept the loss" if ask == "destroy" else "accept the event"
    if k == "cancel" and ask == "give":
        return "cancel: do not take it (the acquisition stays open)"
    if k == "done" and ask == "buy":
        return "done: no more acquisitions this turn"
    if k == "done":
        return "done: the list is complete"
    if k == "same":
        return "same: " + (", ".join(unit_text(u) for u in obs["units"] or []) or "no unit cards")
    return LABELS.get(action.text, action.text)


def _next_label(ask: str, obs: dict[str, Any]) -> str:
    if ask == "phase:start":
        return "next: the base game's start of turn is done"
    if ask == "phase:move":
        due = any(p["due"] == obs["turn"] for p in obs["pending"])
        return "next: movement is over" + (" (the battle against your capital comes now)" if due else "")
    if obs["final"]:
        return "next: the last turn ends without a victory (you lose, SOLO-2.3)"
    return f"next: end turn {obs['turn']}"


LABELS = {
    "start": "start turn 1",
    "miss": "miss: none of the other dice shows 5 or 6",
    "cancel": "cancel the event with a culture event card (you discard it)",
    "destroy": "play a card that destroys an opponent's figure (-2 to the table value)",
    "undo": "undo the last card entered",
    "fortified yes": "yes, my capital is fortified",
    "fortified no": "no, my capital is not fortified",
    "trade roll": "roll the three trade dice",
    "trade skip": "skip the trade dice",
    "won": "won: I have reached a culture, technology or economic victory",
    "use card": "use card: the failure roll before a culture event card",
    "use ability": "use ability: the failure roll before a resource ability",
    "pay": "pay: the items given cover the price",
}


def action_path(tables: Tables, action: Action, obs: dict[str, Any]) -> tuple[str, ...]:
    """Long menus in groups of at most ~20: a long count is typed as a number, unit cards
    are grouped by type, what is given by item; the rest flat."""
    label = action_label(tables, action, obs)
    k, a = action.kind, action.args
    if (k in COUNTS or k == "gained") and a:
        top = tables.limits["gained" if k == "gained" else "card_limit" if k == "limit" else k]
        if top < MENU:
            return (label,)
        return (f"type the number, 0 to {top}", label)  # a bare number answers (Game.interpret)
    if k == "unit":
        rank = "" if a[0] == "aircraft" else f"rank {RANK_NAMES[a[1]]}, "
        return (f"{a[0]} cards", f"{rank}strength {a[-1]}")
    if k == "give":
        item = str(a[0]).replace("-", "_")
        return (ITEM_PLURALS.get(item, item), f"give {a[1]} (sell value {(tables.trade[item][0] or 0) * a[1]})")
    return (label,)


# ------------------------------------------------------------ help and shorthand
def help_text(obs: dict[str, Any], viewer: Viewer) -> str:
    ask = obs.get("ask")
    if obs["over"]:
        return "The game is over. " + OUTCOMES.get(obs["outcome"] or "", "")
    lines = [
        "You play Civilization: The Board Game at the table; the companion runs the solo automa (SOLO-1 to "
        "SOLO-8): the event dice, the historical events, the trade dice, the battles against your capital. It "
        "cannot see your table: it asks only what a rule needs, and tells you what to do.",
        "Now: " + (obs["question"] or ""),
    ]
    if ask in COUNTS or (ask or "").startswith("gained:"):
        lines.append("Type the number ('3'), or the whole answer ('culture 3', 'gained culture 2').")
    elif ask == "dice":
        lines.append("Roll the dice at the table and type each one: 'die 4', one die at a time.")
    elif ask in ("units", "hand"):
        lines.append("Enter one card per answer: 'unit TYPE RANK STRENGTH' (types infantry, mounted, artillery; "
                     "rank 1-4; the strength printed for that rank) or 'unit aircraft STRENGTH'. The menu groups "
                     "the cards by type. 'undo' takes back the last card, 'done' closes the list.")
    elif ask == "play":
        lines.append("A card played on a new front waits there; a card played against a lone enemy unit fights "
                     "it: both deal wounds equal to their strength, a trumping unit strikes first (infantry > "
                     "mounted > artillery > infantry; aircraft trump all, provisional).")
    elif ask in ("trade", "phase:start", "phase:move", "phase:end"):
        lines.append("Between the steps of a turn you may also type 'use card' or 'use ability' (the failure "
                     "roll of SOLO-6.1 before you use one) and 'won' when you have reached a victory.")
    lines.append("'civtable cards civ-solo' lists the automa's tables.")
    return "\n".join(lines)


def interpret(obs: dict[str, Any], line: str) -> str | None:
    """A person's shorthand: a number answers a count, a die or a debt question ("-3" is
    read as "culture -3", to be explained); 'yes'/'no' answers the fortified capital."""
    text = " ".join(line.strip().lower().split())
    ask = obs.get("ask")
    if not text or ask is None:
        return None
    head = text.split()[0]
    if head.lstrip("-").isdigit() and len(text.split()) == 1:
        if ask in COUNTS:
            return f"{ask} {text}"
        if ask == "dice":
            return f"die {text}"
        if ask.startswith("gained:"):
            return f"gained {ask.split(':')[1]} {text}"
    if ask == "fortified" and text in ("yes", "no", "y", "n"):
        return "fortified " + ("yes" if text.startswith("y") else "no")
    if ask == "dice" and head == "dice":
        return "die" + text[4:]
    return None
