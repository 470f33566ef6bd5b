"""What a person at the table reads: the status screen, the answers in words and grouped
into short menus, the help of the current question, the bare numbers he may type, and
the reference tables (``civtable cards civ-solo``).

Every text is in the reader's language (``tr``; the hooks' functions are
``@localizable``); the answers themselves ('trade roll', 'unit infantry 2 3') are the
game's notation, the same in every language.
"""

from __future__ import annotations

from typing import Any

from civtable.core.action import Action
from civtable.core.events import Viewer
from civtable.i18n import ENGLISH, N_, NN_, Translator, localizable, translator

from ..catalog import Tables
from ..options import OPTIONS
from ..rules.entry import COUNTS
from ..rules.spoken import RANK_NAMES
from .words import (
    COUNT_FORMS,
    COUNT_VALUES,
    KIND_NAMES,
    debt_label,
    era_name,
    item_group,
    item_object,
    items_of,
    kind_name,
    name,
    unit_text,
    units_text,
)

OUTCOMES = {"won": N_("You won: you reported a victory (SOLO-2.1)."),
            "battle": N_("You lost: your capital fell in battle (SOLO-4.4.9)."),
            "time": N_("You lost: time ran out (SOLO-2.3).")}
EVENT_KINDS = {1: N_("a loss (SOLO-4.1)"), 2: N_("a loss (SOLO-4.1)"), 3: N_("a culture event (SOLO-4.2)"),
               4: N_("a culture event (SOLO-4.2)"), 5: N_("a military event (SOLO-4.3)"),
               6: N_("a battle (SOLO-4.4)")}
DEFAULTS = {spec.name: spec.default for spec in OPTIONS}
GAINED = {"culture": NN_("gained {n} culture tokens this turn", "gained {n} culture tokens this turn"),
          "resources": NN_("gained {n} resource tokens this turn", "gained {n} resource tokens this turn"),
          "people": NN_("gained {n} great people this turn", "gained {n} great people this turn"),
          "buildings": NN_("gained {n} buildings and wonders this turn", "gained {n} buildings and wonders this turn"),
          "tokens": NN_("gained {n} culture and resource tokens this turn",
                        "gained {n} culture and resource tokens this turn")}
"""The answers to 'how many did you gain' (SOLO-4.1.5); the English keeps its plural noun."""


MENU = 24
"""A terminal menu longer than this is grouped (``agents.human``)."""


def outcome(obs: dict[str, Any], tr: Translator = ENGLISH) -> str:
    """How the game ended, in one sentence ('' while it goes on)."""
    text = OUTCOMES.get(obs["outcome"] or "")
    return tr.gettext(text) if text else ""


def wounds(n: int, tr: Translator = ENGLISH) -> str:
    return tr.nt("{n} wound", "{n} wounds", n)


def _card(u: dict[str, Any], tr: Translator = ENGLISH) -> str:
    return f"{kind_name(u['kind'], tr)} {u['strength']}"


def question(obs: dict[str, Any], tr: Translator = ENGLISH) -> str:
    """The waiting question in ``tr``'s language (it was built ``Localized``; read from a
    file, an observation keeps it in English)."""
    return str(tr.localize(obs["question"] or ""))


# ------------------------------------------------------------ the screen
@localizable
def render(obs: dict[str, Any], viewer: Viewer, *, tr: Translator = ENGLISH) -> str:
    turn = obs["turn"]
    civ = name(obs["civ"], tr)
    if turn == 0:
        head = (tr.t("civ-solo - the {civ}, set-up", civ=civ) if viewer is not None else
                tr.t("civ-solo - the {civ}, set-up (as a spectator)", civ=civ))
    elif viewer is not None:
        head = tr.t("civ-solo - the {civ}, turn {turn} of {final}", civ=civ, turn=turn, final=obs["final_turn"])
    else:
        head = tr.t("civ-solo - the {civ}, turn {turn} of {final} (as a spectator)", civ=civ, turn=turn,
                    final=obs["final_turn"])
    dice = (N_("Wonders in the market: {era}. Event dice at the next turn start: {pool}. Dice: you roll and type "
               "them.") if obs["dice"] == "table" else
            N_("Wonders in the market: {era}. Event dice at the next turn start: {pool}. Dice: the companion rolls "
               "them."))
    lines = [head, tr.t(dice, era=era_name(obs["era"], tr), pool=obs["pool"])]
    changed = [f"{k}={v}" for k, v in obs["options"].items() if k not in ("players", "dice", "tables")
               and v != DEFAULTS.get(k, v)]
    if changed:
        lines.append(tr.t("Rule readings: {readings}", readings=", ".join(changed)))
    debt = {k: v for k, v in obs["debt"].items() if v}
    if debt:
        lines.append(tr.t("Wound-marker debt: {debts}; the tokens you gain pay it off first (SOLO-4.1.5).",
                          debts=", ".join(f"{tr.number(v)} ({debt_label(k, tr)})" for k, v in debt.items())))
    for p in obs["pending"]:
        if p["level"] is not None:
            lines.append(tr.t("Battle pending: turn {due}, at the end of the movement phase (military level {level}, "
                              "card limit {limit}; set by the 6 of turn {rolled}).", due=p["due"], level=p["level"],
                              limit=p["limit"], rolled=p["rolled"]))
        else:
            lines.append(tr.t("Battle pending: turn {due}, at the end of the movement phase (level from that turn's "
                              "table row; set by the 6 of turn {rolled}).", due=p["due"], rolled=p["rolled"]))
    if obs["units"] is not None:
        lines.append(tr.t("Your unit cards, as last entered: {cards}.", cards=units_text(obs["units"], tr)))
    lines.extend(_under_way(obs, tr))
    if obs["battle"] is not None:
        lines.extend(_battle(obs, tr))
    if obs["over"]:
        lines.append(tr.t("Game over.") + " " + outcome(obs, tr))
    elif obs["question"]:
        lines.append("")
        lines.append(question(obs, tr))
    return "\n".join(lines)


def _under_way(obs: dict[str, Any], tr: Translator) -> list[str]:
    """The event, trade, roll or list being entered."""
    out: list[str] = []
    event = obs["event"]
    if event is not None:
        face = event["face"]
        out.append(tr.t("Historical event of turn {turn}: event roll {face}, {kind}.", turn=event["turn"], face=face,
                        kind=tr.gettext(EVENT_KINDS[face])))
    work = obs["work"]
    if "target" in work:
        half = work["total2"] + work.get("half2", 0)
        strength = f"{half // 2}{'.5' if half % 2 else ''}" if tr.english else tr.number(half / 2 if half % 2
                                                                                        else half // 2)
        text = (N_("Military event: your strength {strength} (the cards drawn, half your bonus) against the table's "
                   "{target}.") if "half2" in work else
                N_("Military event: your strength {strength} (the cards drawn) against the table's {target}."))
        out.append(tr.t(text, strength=strength, target=work["target"]))
    if "left" in work:
        out.append(tr.nt("Trade: {n} acquisition left this turn.", "Trade: {n} acquisitions left this turn.",
                         work["left"]))
    if "given" in work:
        given = ", ".join(items_of(n, k, tr) for k, n in work["given"].items()) or tr.t("nothing yet")
        out.append(tr.t("Paying for the {item}: given {given}.", item=item_object(work["item"], tr), given=given))
    return out  # the dice and unit cards entered so far are in the question


def _battle(obs: dict[str, Any], tr: Translator) -> list[str]:
    b, info = obs["battle"], obs["battle_info"]
    rank = RANK_NAMES[info["rank"]]
    out = [tr.nt("Battle against your capital: the opponent (military level {level}, rank {rank}) has {n} card face "
                 "down; your bonus {mine}, its bonus {theirs}.",
                 "Battle against your capital: the opponent (military level {level}, rank {rank}) has {n} cards face "
                 "down; your bonus {mine}, its bonus {theirs}.", b["opponent_deck"], level=info["level"], rank=rank,
                 mine=b["player_bonus"], theirs=b["opponent_bonus"]),
           "  " + tr.t("Your hand: {cards}.", cards=", ".join(_card(u, tr) for u in b["player_hand"])
                       or tr.t("empty"))]
    mine, theirs, empty = [], [], []
    for i, f in enumerate(b["fronts"], 1):
        if f["player"] is not None:
            w = f" ({wounds(f['player_wounds'], tr)})" if f["player_wounds"] else ""
            mine.append(tr.t("front {n}: {card}", n=i, card=_card(f["player"], tr)) + w)
        elif f["opponent"] is not None:
            w = f" ({wounds(f['opponent_wounds'], tr)})" if f["opponent_wounds"] else ""
            theirs.append(tr.t("front {n}: {card}", n=i, card=_card(f["opponent"], tr)) + w)
        else:
            empty.append(str(i))
    if b["fronts"]:
        out.append("  " + tr.t("Your units on the fronts: {units}.", units="; ".join(mine) or tr.pt("units", "none")))
        out.append("  " + tr.t("The opponent's units, each alone on its front (you may attack them): {units}.",
                               units="; ".join(theirs) or tr.pt("units", "none")))
    if empty:
        out.append("  " + tr.nt("Empty front: {fronts}.", "Empty fronts: {fronts}.", len(empty),
                                fronts=", ".join(empty)))
    if obs["opponent_top"] is not None:
        out.append("  " + tr.t("The opponent's card being played: {card}.", card=_card(obs["opponent_top"], tr)))
    total = sum(f["player"]["strength"] for f in b["fronts"] if f["player"]) + b["player_bonus"]
    their_total = sum(f["opponent"]["strength"] for f in b["fronts"] if f["opponent"]) + b["opponent_bonus"]
    tie = (N_("Surviving strength plus bonus now: you {mine}, the opponent {theirs} (a tie goes to you).")
           if obs["options"]["battle-tie"] == "player" else
           N_("Surviving strength plus bonus now: you {mine}, the opponent {theirs} (a tie goes to the opponent)."))
    out.append("  " + tr.t(tie, mine=total, theirs=their_total))
    return out


# ------------------------------------------------------------ answers in words
@localizable
def action_label(tables: Tables, action: Action, obs: dict[str, Any], *, tr: Translator = ENGLISH) -> str:
    ask = obs.get("ask") or ""
    k, a = action.kind, action.args
    if k in COUNTS and a:
        if k in COUNT_VALUES:
            return tr.t(COUNT_VALUES[k], n=a[0])
        one, many = COUNT_FORMS[k]
        return tr.nt(one, many, a[0])
    if k == "gained":
        if a[0] in GAINED:
            one, many = GAINED[a[0]]
            return tr.nt(one, many, a[1])
        return f"gained {a[1]} {a[0]} this turn"
    if k == "die":
        return tr.t("the die shows {n}", n=a[0])
    if k == "unit":
        return unit_text(("aircraft", 0, a[1]) if a[0] == "aircraft" else (a[0], a[1], a[2]), tr)
    if k == "play":
        if a[2] == "new":
            return tr.t("play your {kind} (strength {strength}) on a new front", kind=kind_name(a[0], tr),
                        strength=a[1])
        return tr.t("play your {kind} (strength {strength}) against the lone enemy unit on front {front}",
                    kind=kind_name(a[0], tr), strength=a[1], front=a[3])
    if k == "lose":
        return tr.t("the opponent destroys your unit on front {front}", front=a[1])
    if k == "buy":
        item = str(a[0]).replace("-", "_")
        return tr.t("buy a {item} (buy value {value})", item=item_object(item, tr), value=tables.trade[item][1])
    if k == "give":
        item = str(a[0]).replace("-", "_")
        return tr.t("give {items} (sell value {value})", items=items_of(a[1], item, tr),
                    value=(tables.trade[item][0] or 0) * a[1])
    if k == "next":
        return _next_label(ask, obs, tr)
    if k == "accept":
        return tr.t("accept the loss") if ask == "destroy" else tr.t("accept the event")
    if k == "cancel" and ask == "give":
        return tr.t("cancel: do not take it (the acquisition stays open)")
    if k == "done" and ask == "buy":
        return tr.t("done: no more acquisitions this turn")
    if k == "done":
        return tr.t("done: the list is complete")
    if k == "same":
        return tr.t("same: {cards}", cards=", ".join(unit_text(u, tr) for u in obs["units"] or [])
                    or tr.t("no unit cards"))
    text = LABELS.get(action.text)
    return tr.gettext(text) if text else action.text


def _next_label(ask: str, obs: dict[str, Any], tr: Translator) -> str:
    if ask == "phase:start":
        return tr.t("next: the base game's start of turn is done")
    if ask == "phase:move":
        if any(p["due"] == obs["turn"] for p in obs["pending"]):
            return tr.t("next: movement is over (the battle against your capital comes now)")
        return tr.t("next: movement is over")
    if obs["final"]:
        return tr.t("next: the last turn ends without a victory (you lose, SOLO-2.3)")
    return tr.t("next: end turn {turn}", turn=obs["turn"])


LABELS = {
    "start": N_("start turn 1"),
    "miss": N_("miss: none of the other dice shows 5 or 6"),
    "cancel": N_("cancel the event with a culture event card (you discard it)"),
    "destroy": N_("play a card that destroys an opponent's figure (-2 to the table value)"),
    "undo": N_("undo the last card entered"),
    "fortified yes": N_("yes, my capital is fortified"),
    "fortified no": N_("no, my capital is not fortified"),
    "trade roll": N_("roll the three trade dice"),
    "trade skip": N_("skip the trade dice"),
    "won": N_("won: I have reached a culture, technology or economic victory"),
    "use card": N_("use card: the failure roll before a culture event card"),
    "use ability": N_("use ability: the failure roll before a resource ability"),
    "pay": N_("pay: the items given cover the price"),
}


@localizable
def action_path(tables: Tables, action: Action, obs: dict[str, Any], *, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """Long menus in groups of at most ~20: a long count is typed as a number, unit cards
    are grouped by type, what is given by item; the rest flat."""
    label = action_label(tables, action, obs, tr=tr)
    k, a = action.kind, action.args
    if (k in COUNTS or k == "gained") and a:
        top = tables.limits["gained" if k == "gained" else "card_limit" if k == "limit" else k]
        if top < MENU:
            return (label,)
        return (tr.t("type the number, 0 to {top}", top=top), label)  # a bare number answers (Game.interpret)
    if k == "unit":
        group = tr.t("{kind} cards", kind=kind_name(a[0], tr))
        if a[0] == "aircraft":
            return (group, tr.t("strength {strength}", strength=a[-1]))
        return (group, tr.t("rank {rank}, strength {strength}", rank=RANK_NAMES[a[1]], strength=a[-1]))
    if k == "give":
        item = str(a[0]).replace("-", "_")
        return (item_group(item, tr), tr.t("give {n} (sell value {value})", n=a[1],
                                           value=(tables.trade[item][0] or 0) * a[1]))
    return (label,)


# ------------------------------------------------------------ help and shorthand
@localizable
def help_text(obs: dict[str, Any], viewer: Viewer, *, tr: Translator = ENGLISH) -> str:
    ask = obs.get("ask")
    if obs["over"]:
        return tr.t("The game is over.") + " " + outcome(obs, tr)
    lines = [
        tr.t("You play Civilization: The Board Game at the table; the companion runs the solo automa (SOLO-1 to "
             "SOLO-8): the event dice, the historical events, the trade dice, the battles against your capital. It "
             "cannot see your table: it asks only what a rule needs, and tells you what to do."),
        tr.t("Now: {question}", question=question(obs, tr)),
    ]
    if ask in COUNTS or (ask or "").startswith("gained:"):
        lines.append(tr.t("Type the number ('3'), or the whole answer ('culture 3', 'gained culture 2')."))
    elif ask == "dice":
        lines.append(tr.t("Roll the dice at the table and type each one: 'die 4', one die at a time."))
    elif ask in ("units", "hand"):
        lines.append(tr.t("Enter one card per answer: 'unit TYPE RANK STRENGTH' (types infantry, mounted, "
                          "artillery; rank 1-4; the strength printed for that rank) or 'unit aircraft STRENGTH'. The "
                          "menu groups the cards by type. 'undo' takes back the last card, 'done' closes the list."))
    elif ask == "play":
        lines.append(tr.t("A card played on a new front waits there; a card played against a lone enemy unit fights "
                          "it: both deal wounds equal to their strength, a trumping unit strikes first (infantry > "
                          "mounted > artillery > infantry; aircraft trump all, provisional)."))
    elif ask in ("trade", "phase:start", "phase:move", "phase:end"):
        lines.append(tr.t("Between the steps of a turn you may also type 'use card' or 'use ability' (the failure "
                          "roll of SOLO-6.1 before you use one) and 'won' when you have reached a victory."))
    lines.append(tr.t("'civtable cards civ-solo' lists the automa's tables."))
    return "\n".join(lines)


YES = frozenset({"yes", "y", "ano", "a", "ja", "j", "ναι", "ν"})
NO = frozenset({"no", "n", "ne", "nein", "όχι", "οχι", "ο"})
"""'fortified' answered in any of the four languages."""


def interpret(obs: dict[str, Any], line: str) -> str | None:
    """A person's shorthand: a number answers a count, a die or a debt question ("-3" is
    read as "culture -3", to be explained); 'yes'/'no' (ano/ne, ja/nein, ναι/όχι)
    answers the fortified capital; a unit type may be typed in any of the four languages
    ('unit pěchota 2 3', 'play kavallerie 3 new')."""
    text = " ".join(line.strip().lower().split())
    ask = obs.get("ask")
    if not text or ask is None:
        return None
    words = text.split()
    head = words[0]
    if head.lstrip("-").isdigit() and len(words) == 1:
        if ask in COUNTS:
            return f"{ask} {text}"
        if ask == "dice":
            return f"die {text}"
        if ask.startswith("gained:"):
            return f"gained {ask.split(':')[1]} {text}"
    if ask == "fortified":
        said = words[1] if head == "fortified" and len(words) == 2 else text
        if (said in YES or said in NO) and text not in ("fortified yes", "fortified no"):
            return "fortified " + ("yes" if said in YES else "no")
    if ask == "dice" and head == "dice":
        return "die" + text[4:]
    if head in ("unit", "play") and len(words) > 1 and words[1] not in KIND_NAMES:
        kind = typed_kinds().get(words[1])
        if kind is not None:
            return " ".join([head, kind, *words[2:]])
    return None


def typed_kinds() -> dict[str, str]:
    """A unit type's name in each language (lower case, and without accents) -> the notation's word."""
    global _TYPED
    if _TYPED is None:
        import unicodedata

        found: dict[str, str] = {}
        for code in ("cs", "de", "el"):
            tr = translator(code)
            for kind in KIND_NAMES:
                word = kind_name(kind, tr).lower()
                plain = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
                found.setdefault(word, kind)
                found.setdefault(plain, kind)
        _TYPED = found
    return _TYPED


_TYPED: dict[str, str] | None = None
