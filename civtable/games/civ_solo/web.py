"""The companion drawn for a web page (``Game.html``): what a person at the physical
table wants to see beside his board. The question in large type with its answers as
buttons (counts as a compact row of numbers, dice as dice faces, unit cards as small
cards); the automa's state (the turn track of 16 spaces with the counter, the end
marker and the battle reminders, the era and its wonders, the event dice to roll next,
the opponent's army this turn); the historical event or the battle under way (the cards
on each front as cards with their strengths and wounds); the player's wound markers
and debts; and what the companion just said.

Everything comes from the observation (and the game's public tables); every text is
escaped. Answers carry ``data-target`` (``action_target``): ``answer:TEXT`` for an
answer button, ``hand:KIND STRENGTH`` for a card of the battle hand (where it is played
is asked after the click), ``front:N`` for a unit the opponent's card may destroy.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from html import escape
from typing import Any

from civtable.core.action import Action
from civtable.core.events import Viewer

from .catalog import Tables
from .rules.entry import COUNTS
from .words import DEBT_LABELS, ITEM_NAMES, RANK_NAMES, items_of, unit_text

CSS = """
.solo { --inf: #b42318; --mtd: #1d4ed8; --art: #15803d; --air: #57534e; --wound: #b91c1c; }
.solo section { margin-bottom: .9rem; }
.solo h4 { margin: .2rem 0 .35rem; font-size: .8rem; color: var(--muted); text-transform: uppercase;
  letter-spacing: .04em; }
.solo .head { display: flex; align-items: baseline; gap: .8rem; flex-wrap: wrap; }
.solo .head .civ { font-size: 1.35rem; font-weight: 700; }
.solo .chip { background: #eef2f6; border-radius: 12px; padding: .05rem .6rem; font-size: .85rem; }
.solo .track { display: grid; grid-template-columns: repeat(var(--n), minmax(0, 1fr)); gap: 3px; }
.solo .band { grid-row: 1; font-size: .75rem; color: var(--muted); border-bottom: 2px solid #d0d7de;
  text-align: center; padding-bottom: 1px; white-space: nowrap; overflow: hidden; }
.solo .sq { grid-row: 2; }
.solo .sq { position: relative; border: 1px solid #c5ccd3; border-radius: 5px; height: 44px; background: #fff;
  font-size: .72rem; color: var(--muted); padding: 1px 3px; }
.solo .sq.past { background: #eef2f6; }
.solo .sq.start { background: #f6f8fa; border-style: dashed; }
.solo .sq.now { border: 2px solid #0969da; background: #ddf4ff; color: #0969da; font-weight: 700; }
.solo .sq .pawn { position: absolute; left: 50%; bottom: 4px; width: 16px; height: 16px; margin-left: -8px;
  border-radius: 50%; background: #0969da; box-shadow: 0 0 0 2px #fff; }
.solo .sq .mark { position: absolute; right: 3px; bottom: 3px; font-size: .95rem; line-height: 1; }
.solo .wound { color: var(--wound); }
.solo .ask { background: #fffbea; border: 2px solid #e3b341; border-radius: 10px; padding: .7rem .9rem; }
.solo .ask.idle { background: #f6f8fa; border-color: #d0d7de; }
.solo .ask .q { font-size: 1.45rem; line-height: 1.3; font-weight: 600; margin: 0 0 .3rem; }
.solo .ask .more { color: var(--muted); font-size: .88rem; margin: 0 0 .6rem; }
.solo .answers { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .35rem 0; }
.solo .answers .label { font-size: .85rem; color: var(--muted); margin-right: .3rem; }
.solo .numbers .label { min-width: 10rem; }
.solo button[disabled] { opacity: .75; }
.solo .ans { border: 1px solid #8c959f; border-radius: 8px; background: #fff; padding: .35rem .8rem;
  font-size: 1rem; cursor: default; }
.solo .ans.main { background: #1f6feb; color: #fff; border-color: #1f6feb; font-weight: 600; }
.solo .ans.small { font-size: .85rem; padding: .2rem .55rem; color: var(--muted); }
.solo .numbers .ans { min-width: 2.3rem; padding: .25rem .3rem; text-align: center; font-variant-numeric:
  tabular-nums; }
.solo .typed { display: flex; gap: .3rem; align-items: center; margin: 0 0 .3rem; }
.solo .ans.die { padding: 2px; border-radius: 10px; line-height: 0; }
.solo .said { background: #fff; border-left: 4px solid #8250df; border-radius: 6px; padding: .5rem .8rem; }
.solo .said p { margin: .15rem 0 .35rem; }
.solo .said p.before { color: var(--muted); }
.solo .two { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: .9rem; }
.solo .two.wide { grid-template-columns: 1fr; }
@media (max-width: 1100px) { .solo .two { grid-template-columns: 1fr; } }
.solo .facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: .5rem; }
.solo .fact { border: 1px solid #d0d7de; border-radius: 8px; padding: .4rem .6rem; background: #fff; }
.solo .fact .big { font-size: 1.5rem; font-weight: 700; }
.solo .fact .small { font-size: .8rem; color: var(--muted); }
.solo .fact .list { font-size: .85rem; font-weight: 400; line-height: 1.3; display: block; }
.solo .card { width: 92px; min-height: 112px; border-top: 6px solid var(--k, #8c959f); }
.solo .card.mini { width: 78px; min-height: 92px; }
.solo .card .str { font-size: 1.9rem; font-weight: 800; line-height: 1; text-align: center; margin: .2rem 0; }
.solo .card.infantry { --k: var(--inf); } .solo .card.mounted { --k: var(--mtd); }
.solo .card.artillery { --k: var(--art); } .solo .card.aircraft { --k: var(--air); }
.solo .card.dead { opacity: .45; text-decoration: line-through; }
.solo .card .wounds { color: var(--wound); font-weight: 700; }
.solo .card.slot { border: 2px dashed #c5ccd3; background: transparent; box-shadow: none; color: var(--muted);
  align-items: center; justify-content: center; }
.solo .mat { border-radius: 10px; padding: .5rem .8rem .6rem; }
.solo .mat.battle { background: #fff5f5; border: 1px solid #f4c7c3; }
.solo .mat.event { background: #f3f8ff; border: 1px solid #c8dcf5; }
.solo .fronts { display: flex; gap: .6rem; flex-wrap: wrap; }
.solo .front { display: flex; flex-direction: column; gap: .3rem; align-items: center; border: 1px solid #d0d7de;
  border-radius: 8px; padding: .3rem; background: #f6f8fa; }
.solo .front .n { font-size: .75rem; color: var(--muted); }
.solo .side-row { display: flex; gap: 1rem; align-items: flex-start; flex-wrap: wrap; }
.solo .totals { font-size: 1.05rem; margin: .3rem 0; }
.solo .totals b { font-size: 1.3rem; }
.solo .unitrow { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; margin: .2rem 0; }
.solo .unitrow .label { width: 5.5rem; font-size: .9rem; font-weight: 600; }
.solo .unitrow .grp { display: inline-flex; gap: .2rem; align-items: center; margin-right: .4rem; }
.solo .unitrow .rank { font-size: .75rem; color: var(--muted); margin: 0 .1rem 0 .5rem; }
.solo .cardbtn { border: 1px solid #8c959f; border-top: 5px solid var(--k); border-radius: 6px; background: #fff;
  min-width: 2.1rem; padding: .2rem .4rem; font-size: 1rem; font-weight: 600; }
.solo .cardbtn.infantry { --k: var(--inf); } .solo .cardbtn.mounted { --k: var(--mtd); }
.solo .cardbtn.artillery { --k: var(--art); } .solo .cardbtn.aircraft { --k: var(--air); }
.solo .over { font-size: 1.6rem; font-weight: 700; padding: .8rem 1rem; border-radius: 10px; }
.solo .over.won { background: #dafbe1; color: #1a7f37; } .solo .over.lost { background: #ffebe9; color: #cf222e; }
.solo table.ledger { border-collapse: collapse; font-size: .88rem; }
.solo table.ledger td { padding: .1rem .6rem .1rem 0; }
"""

KIND_NAMES = {"infantry": "Infantry", "mounted": "Mounted", "artillery": "Artillery", "aircraft": "Aircraft"}
FACE_KINDS = {1: "Loss", 2: "Loss", 3: "Culture event", 4: "Culture event", 5: "Military event",
              6: "Battle against your capital"}
ROLL_NAMES = {"event": "event dice (SOLO-3.2)", "kind": "event roll (SOLO-3.4)",
              "trade": "trade dice (SOLO-5.1)", "failure": "failure roll (SOLO-6.1)"}
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
SHORT = {"start": "Start turn 1", "accept": "Accept", "cancel": "Cancel it with a card", "miss": "Miss",
         "destroy": "Play a destroying card", "undo": "Undo the last card", "done": "Done",
         "fortified yes": "Yes, fortified", "fortified no": "No, not fortified", "trade roll": "Roll the trade dice",
         "trade skip": "Skip", "next": "Next", "won": "I have won", "use card": "Use a culture event card",
         "use ability": "Use a resource ability", "pay": "Pay", "same": "Same cards as last time"}
CONTEXT = {("destroy", "accept"): "Accept the loss", ("cancel", "accept"): "Accept the event",
           ("give", "cancel"): "Do not take it", ("buy", "done"): "No more", ("units", "done"): "Done: that is all",
           ("hand", "done"): "Done: that is my hand"}
MAIN = frozenset({"start", "next", "trade roll", "done", "pay"})
LATER = frozenset({"won", "use card", "use ability"})
"""Answers possible at every step of a turn, shown in a smaller row."""


def e(x: Any) -> str:
    return escape(str(x))


def action_target(action: Action, obs: dict[str, Any]) -> str:
    """What an answer acts on in the drawing: a card of the battle hand, a front, or the
    answer's own button."""
    if action.kind == "play":
        return f"hand:{action.args[0]} {action.args[1]}"
    if action.kind == "lose":
        return f"front:{action.args[1]}"
    return f"answer:{action.text}"


# ------------------------------------------------------------ small pieces
def die(n: int, size: int = 34) -> str:
    """A die face as SVG (0: a die not typed, blank)."""
    dots = "".join(f'<circle cx="{7 + 10 * x}" cy="{7 + 10 * y}" r="2.6"/>' for x, y in PIPS.get(n, []))
    return (f'<svg width="{size}" height="{size}" viewBox="0 0 34 34" role="img" aria-label="die {n}">'
            f'<rect x="1" y="1" width="32" height="32" rx="6" fill="#fff" stroke="#57606a" stroke-width="1.5"/>'
            f'<g fill="#24292f">{dots}</g></svg>')


def button(target: str, label: str, cls: str = "") -> str:
    return f'<button type="button" class="ans {cls}" data-target="{e(target)}">{label}</button>'


def card(kind: str, strength: int, note: str = "", cls: str = "", target: str | None = None) -> str:
    at = f' data-target="{e(target)}"' if target else ""
    return (f'<div class="card {e(kind)} {cls}"{at}><span class="title">{e(KIND_NAMES.get(kind, kind))}</span>'
            f'<span class="str">{strength}</span><span class="note">{note}</span></div>')


def unit_card(u: list[Any], cls: str = "") -> str:
    kind, rank, strength = u
    return card(kind, strength, "" if kind == "aircraft" else f"rank {RANK_NAMES[rank]}", cls)


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# ------------------------------------------------------------ the page
def html(tables: Tables, obs: dict[str, Any], viewer: Viewer) -> str:
    parts = [f"<style>{CSS}</style>", '<div class="solo">', _head(obs, viewer), _track(tables, obs)]
    if obs["over"]:
        won = obs["outcome"] == "won"
        from .render import OUTCOMES

        parts.append(f'<section class="over {"won" if won else "lost"}">{e(OUTCOMES.get(obs["outcome"] or "", ""))}'
                     f'</section>')
    if obs["over"]:
        parts.append(_said(obs))
    else:
        wide = " wide" if len(obs["answers"]) > 24 else ""
        parts.append(f'<div class="two{wide}"><div>{_ask(tables, obs, viewer)}</div><div>{_said(obs)}</div></div>')
    parts.append(_event(tables, obs))
    if obs["battle"] is not None:
        parts.append(_battle(obs))
    parts.append(_automa(tables, obs))
    parts.append(_you(obs))
    parts.append("</div>")
    page = "".join(parts)
    if viewer is None:  # a spectator sees the answers the player is offered, not as buttons to press
        page = page.replace('<button type="button"', '<button type="button" disabled')
    return page


def _head(obs: dict[str, Any], viewer: Viewer) -> str:
    turn = obs["turn"]
    when = "Set-up" if turn == 0 else f"Turn {turn} of {obs['final_turn']}"
    dice = "you roll the dice and enter them" if obs["dice"] == "table" else "the companion rolls the dice"
    who = '<span class="chip">watching</span>' if viewer is None else ""
    return (f'<section class="head"><span class="civ">The {e(obs["civ"])}</span><span class="chip">{e(when)}</span>'
            f'<span class="chip">{e(dice)}</span>{who}</section>')


def _track(tables: Tables, obs: dict[str, Any]) -> str:
    """SOLO-1.6, SOLO-3.1: the culture track's 16 spaces, the counter (before space 1 or on
    it, track-start), the end marker, a reminder on the space of each battle to come
    (SOLO-4.4.2), and the rows of table SOLO-8.1 above the spaces they cover."""
    options = obs["options"]
    n = tables.last_turn
    shift = 0 if options["track-start"] == "A" else 1
    col = 1 - shift  # a start square before space 1 when the counter starts there
    here = obs["turn"] + shift
    reminders = {p["due"] + shift for p in obs["pending"]}
    cells = []
    for r in tables.rows:
        first, last = r["first_turn"] + shift, min(n, r["last_turn"] + shift)
        if first <= n:
            title = (f"turns {r['first_turn']}-{r['last_turn']}: a military event needs {r['5']['strength']}, a "
                     f"battle has level {r['6']['military_level']} and card limit {r['6']['card_limit']}")
            cells.append(f'<div class="band" style="grid-column: {first + col} / {last + col + 1}" '
                         f'title="{e(title)}">turns {r["first_turn"]}-{r["last_turn"]} · level '
                         f'{r["6"]["military_level"]}</div>')
    pawn = '<span class="pawn" title="the turn counter"></span>'
    if col:
        cells.append(f'<div class="sq start" style="grid-column: 1">start{pawn if here == 0 else ""}</div>')
    marker = ('<span class="mark wound" title="the end marker (a wound marker)">✖</span>'
              if options["end-marker-piece"] == "A" else
              '<span class="mark" title="the end marker (a culture level marker)">◆</span>')
    for space in range(1, n + 1):
        cls = "now" if space == here else "past" if space < here else ""
        inner = f"{space}{pawn if space == here else ''}"
        if space == n:
            inner += marker
        elif space in reminders:
            inner += '<span class="mark wound" title="a battle against your capital in this turn">✖</span>'
        cells.append(f'<div class="sq {cls}" style="grid-column: {space + col}">{inner}</div>')
    return (f'<section><h4>Culture track: the turn counter and the end marker (space {n})</h4>'
            f'<div class="track" style="--n: {n + col}">{"".join(cells)}</div></section>')


# ------------------------------------------------------------ the question
def _ask(tables: Tables, obs: dict[str, Any], viewer: Viewer) -> str:
    answers: list[str] = obs["answers"]
    q, more = _headline(tables, obs)
    body = _answers(tables, obs, [a for a in answers if a not in LATER])
    later = [a for a in answers if a in LATER]
    if later:
        body += ('<div class="answers"><span class="label">Also now</span>'
                 + "".join(button(f"answer:{a}", e(SHORT[a]), "small") for a in later) + "</div>")
    extra = f'<p class="more">{e(more)}</p>' if more else ""
    who = '<h4>The player is asked</h4>' if viewer is None else ""
    return f'<section class="ask">{who}<p class="q">{e(q)}</p>{extra}{body}</section>'


HINT = re.compile(r"(^|[\s(/])'[a-z][A-Za-z0-9 -]*'")
"""A sentence telling what to type ('trade roll', 'die 5'): the page has buttons instead."""


def _sentences(text: str) -> list[str]:
    """The question's sentences without the typing hints."""
    return [x for x in re.split(r"(?<!e\.g\.)(?<=[.?])\s+", text) if x and not HINT.search(x)]


def _headline(tables: Tables, obs: dict[str, Any]) -> tuple[str, str]:
    """The question in one sentence (large), and the rest of what the companion asks."""
    ask, text = obs["ask"] or "", obs["question"]
    work = obs["work"]
    if ask == "dice":
        r = obs["roll"]
        miss = " Miss: none of the dice still to enter shows 5 or 6." if r["purpose"] == "event" else ""
        return (f"Roll the {ROLL_NAMES[r['purpose']]}: {plural(r['n'], 'die', 'dice')}. What does die "
                f"{len(r['got']) + 1} show?", f"Click the face of each die in turn.{miss}")
    fixed = {
        "start": ("Set up your table, then start turn 1.", "The companion tells you how, on the right."),
        "units": ("Which unit cards do you own?", "One card at a time: its type, the rank of your military "
                                                  "technology and the strength it shows at that rank; then Done."),
        "hand": ("Draw your battle hand and enter it.",
                 f"Its size in the base game: {tables.hand_size_note}. One card at a time, then Done."),
        "phase:start": ("Carry out the base game's start of turn.", "Then click Next (turn-start-order B)."),
        "play": ("Your battle turn: play a card of your hand.",
                 "Click a card, then open a new front with it or attack a lone enemy unit."),
        "tie": ("Which of your units does the opponent's card destroy?",
                "It can destroy several of your equally strong units (strongest-tie A): click one."),
        "fortified": ("Is your capital fortified?", "If it is, the opponent plays first (SOLO-4.4.6)."),
    }
    if ask in fixed:
        return fixed[ask]
    parts = _sentences(text)
    if ask == "destroy":
        return (f"{parts[0][:-1]}: play a card that destroys an opponent's figure?",
                "The table value drops by 2 (SOLO-4.3.5); a culture event card such as Defection.")
    if ask == "phase:move":
        return "City management, then movement.", " ".join([*parts[1:], "Click Next when your movement phase ends."])
    if ask == "phase:end":
        if obs["final"]:
            return ("Research phase of the last turn: have you won?", "I have won: a culture, technology or "
                    "economic victory; Next ends the game without one (SOLO-2.3).")
        return f"Research phase, then the end of turn {obs['turn']}.", "Click Next when the turn is over."
    if ask == "give":
        buy = obs["options"]["trade-value-direction"] == "A"
        item = ITEM_NAMES.get(work["item"], work["item"])
        return (f"Pay for the {item}: give items worth {'at least' if buy else 'at most'} its value.",
                "Each item counts at its sell value (table SOLO-8.2); Pay when they cover it (SOLO-5.3).")
    if ask == "buy":
        left = work.get("left", 0)
        return f"Acquire {plural(left, 'more item')} (SOLO-5.2)?", "Each at its buy value of table SOLO-8.2."
    asking = [x for x in parts if x.endswith("?")]
    head = asking[-1] if ask.startswith("gained:") and asking else (asking or parts or [text])[0]
    return head, " ".join(x for x in parts if x != head)


def _answers(tables: Tables, obs: dict[str, Any], answers: list[str]) -> str:
    ask = obs["ask"] or ""
    if ask in COUNTS or ask.startswith("gained:"):
        nums = "".join(button(f"answer:{a}", e(a.split()[-1])) for a in answers)
        return f'<div class="answers numbers">{nums}</div>'
    if ask == "dice":
        got = "".join(die(d, 30) for d in obs["roll"]["got"])
        typed = f'<p class="typed">Entered so far: {got}</p>' if got else ""
        faces = "".join(button(f"answer:{a}", die(int(a.split()[1]), 44), "die") if a.startswith("die ")
                        else button(f"answer:{a}", e(SHORT.get(a, a))) for a in answers)
        return f'{typed}<div class="answers">{faces}</div>'
    if ask in ("units", "hand"):
        return _unit_answers(obs, answers)
    if ask == "give":
        return _give_answers(tables, obs, answers)
    if ask == "play":
        hand = obs["battle"]["player_hand"]
        return '<div class="cards">' + "".join(
            card(u["kind"], u["strength"], "play", target=f"hand:{u['kind']} {u['strength']}") for u in hand) + "</div>"
    if ask == "tie":
        fronts = obs["battle"]["fronts"]
        return '<div class="answers">' + "".join(
            button(f"front:{n}", f"front {n}: your {e(fronts[n - 1]['player']['kind'])} "
                                 f"{fronts[n - 1]['player']['strength']}")
            for n in (int(a.split()[-1]) for a in answers)) + "</div>"
    out = []
    for a in answers:
        if a.startswith("buy "):
            item = a[4:].replace("-", "_")
            label = f"{ITEM_NAMES.get(item, item)} <small>(value {tables.trade[item][1]})</small>"
        else:
            label = e(CONTEXT.get((ask, a)) or SHORT.get(a, a))
        out.append(button(f"answer:{a}", label, "main" if a in MAIN else ""))
    return f'<div class="answers">{"".join(out)}</div>'


def _unit_answers(obs: dict[str, Any], answers: list[str]) -> str:
    """Unit cards to enter, one row per type: the strengths each rank shows."""
    rows: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    plain = []
    for a in answers:
        words = a.split()
        if words[0] != "unit":
            plain.append(button(f"answer:{a}", e(CONTEXT.get((obs["ask"], a)) or SHORT.get(a, a)),
                                "main" if a == "done" else ""))
            continue
        kind, rank = words[1], ("" if words[1] == "aircraft" else RANK_NAMES[int(words[2])])
        rows[kind][rank].append(f'<button type="button" class="cardbtn {e(kind)}" data-target="answer:{e(a)}" '
                                f'title="{e(a)}">{e(words[-1])}</button>')
    out = "".join(
        f'<div class="unitrow"><span class="label">{e(KIND_NAMES[kind])}</span>'
        + "".join(f'<span class="grp"><span class="rank">{e(rank)}</span>{"".join(b)}</span>'
                  for rank, b in ranks.items()) + "</div>"
        for kind, ranks in rows.items())
    entered = obs["entry"]
    got = ('<h4>Entered so far</h4><div class="cards">' + "".join(unit_card(u, "mini") for u in entered) + "</div>"
           if entered else "")
    same = ""
    if "same" in answers:
        same = ('<h4>Your cards last time</h4><div class="cards">'
                + "".join(unit_card(u, "mini") for u in obs["units"] or []) + "</div>")
    return f'{out}<div class="answers">{"".join(plain)}</div>{got}{same}'


def _give_answers(tables: Tables, obs: dict[str, Any], answers: list[str]) -> str:
    work = obs["work"]
    item = work["item"]
    buy = tables.trade[item][1]
    given = sum((tables.trade[k][0] or 0) * n for k, n in work.get("given", {}).items())
    rows: dict[str, list[str]] = defaultdict(list)
    plain = []
    for a in answers:
        words = a.split()
        if words[0] == "give":
            key = words[1].replace("-", "_")
            rows[key].append(button(f"answer:{a}", e(words[2])))
        else:
            plain.append(button(f"answer:{a}", e(CONTEXT.get(("give", a)) or SHORT.get(a, a)),
                                "main" if a == "pay" else ""))
    out = "".join(f'<div class="answers numbers"><span class="label">{e(ITEM_NAMES.get(k, k))} '
                  f'(sells {tables.trade[k][0]})</span>{"".join(b)}</div>' for k, b in rows.items())
    paid = ", ".join(items_of(n, k) for k, n in work.get("given", {}).items()) or "nothing yet"
    return (f'<p class="totals">{e(ITEM_NAMES.get(item, item).capitalize())}: value <b>{buy}</b>. Given so far: '
            f'{e(paid)} (value <b>{given}</b>).</p>'
            f'{out}<div class="answers">{"".join(plain)}</div>')


def _words(line: str) -> str:
    """A line of the companion's log as shown: the log is part of a position (its text
    stays as recorded), so '1 wounds' of older texts is read '1 wound' here."""
    return e(ONE_WOUND.sub("1 wound", line))


ONE_WOUND = re.compile(r"\b1 wounds\b")


def _said(obs: dict[str, Any]) -> str:
    """What the companion said since the last answer, or before it when it said nothing new."""
    news = obs["news"]
    if news:
        body = "".join(f"<p>{_words(line)}</p>" for line in news)
    else:
        body = "".join(f'<p class="before">{_words(line)}</p>' for line in obs["said_before"]) or "<p>Nothing yet.</p>"
    return f'<section class="said"><h4>The companion says</h4>{body}</section>'


# ------------------------------------------------------------ the automa
def _automa(tables: Tables, obs: dict[str, Any]) -> str:
    turn = max(1, min(obs["turn"], tables.last_turn))
    cell = tables.row(turn)["6"]
    level = cell["military_level"]
    rank = level if obs["options"]["opponent-unit-rank"] == "A" else 1
    mix = "2 infantry, 2 mounted, 2 artillery" if obs["options"]["opponent-composition"] == "A" else \
        "2 infantry, 1 mounted, 1 artillery"
    air = {3: ", 1 aircraft", 4: ", 2 aircraft"}.get(level, "")
    pool = obs["pool"]
    wonders = tables.wonders[obs["era"]]
    nxt = {"ancient": "medieval wonders from turn 8", "medieval": "modern wonders from turn 13"}.get(obs["era"], "")
    facts = [
        ("Event dice next roll", "".join(die(0, 22) for _ in range(min(pool, 8))) + f" <b>{pool}</b>",
         "a 5 or 6 on any die: a historical event"),
        ("Opponent this turn", f"level <b>{level}</b> · limit <b>{cell['card_limit']}</b>",
         f"rank {RANK_NAMES[rank]}: {mix}{air}"),
        (f"Wonders: {obs['era']} era", f'<span class="list">{e(", ".join(wonders))}</span>', nxt),
    ]
    for p in obs["pending"]:
        what = (f"level {p['level']}, limit {p['limit']}" if p["level"] is not None else "level of that turn")
        facts.append(("Battle coming", f'<span class="wound">✖</span> turn <b>{p["due"]}</b>',
                      f"end of movement; {what} (the 6 of turn {p['rolled']})"))
    boxes = "".join(f'<div class="fact"><div class="small">{e(t)}</div><div class="big">{v}</div>'
                    f'<div class="small">{e(s)}</div></div>' for t, v, s in facts)
    return f'<section><h4>The automa</h4><div class="facts">{boxes}</div></section>'


def _event(tables: Tables, obs: dict[str, Any]) -> str:
    """The historical event under way (SOLO-4), the military event's cards, the trade."""
    ev, work = obs["event"], obs["work"]
    out = []
    if ev is not None:
        face = ev["face"]
        row = tables.row(ev["turn"])[str(face)]
        what = (row.get("text") or (f"your unit cards must reach strength {row['strength']}" if face == 5 else
                                    f"military level {row.get('military_level')}, card limit {row.get('card_limit')}"))
        out.append(f'<div class="side-row">{die(face, 56)}<div><div class="totals"><b>{e(FACE_KINDS[face])}</b>'
                   f'</div><div>{e(what)} (table SOLO-8.1, turn {ev["turn"]})</div></div></div>')
    if "drawn" in work and obs["units"] is not None:
        units = obs["units"]
        drawn = [units[i] for i in work["drawn"] if i < len(units)]
        half = work["total2"] + work.get("half2", 0)
        bonus = f" + half your bonus {work['half2'] / 2:g}" if "half2" in work else ""
        out.append('<h4>Cards drawn for the military event</h4><div class="cards">'
                   + "".join(unit_card(u) for u in drawn) + "</div>"
                   f'<div class="totals">Strength <b>{half / 2:g}</b> ({work["total2"] // 2}{bonus}) against '
                   f'<b>{work["target"]}</b></div>')
    if "left" in work:
        out.append(f'<div class="totals">Trade: <b>{work["left"]}</b> acquisition{"s" if work["left"] != 1 else ""}'
                   f' left this turn (SOLO-5.2)</div>')
    if not out:
        return ""
    return '<section class="mat event"><h4>Under way</h4>' + "".join(out) + "</section>"


def _battle(obs: dict[str, Any]) -> str:
    """SOLO-4.4: the fronts (the opponent's card above, yours below, with wounds), your
    hand, the opponent's face-down deck, the destroyed cards and the totals."""
    b, info = obs["battle"], obs["battle_info"]
    ask = obs["ask"]
    top = obs["opponent_top"]
    fronts = []
    for i, f in enumerate(b["fronts"], 1):
        cells = []
        for side in ("opponent", "player"):
            u = f[side]
            if u is None:
                cells.append('<div class="card mini slot">—</div>')
                continue
            w = f[f"{side}_wounds"]
            note = f'<span class="wounds">{"✖" * w} {plural(w, "wound")}</span>' if w else ("theirs" if
                                                                                          side == "opponent" else
                                                                                          "yours")
            target = f"front:{i}" if side == "player" and ask == "tie" else None
            cells.append(card(u["kind"], u["strength"], note, "mini", target))
        fronts.append(f'<div class="front"><span class="n">front {i}</span>{"".join(cells)}</div>')
    play = ask == "play"
    hand = "".join(card(u["kind"], u["strength"], "in your hand", "mini",
                        f"hand:{u['kind']} {u['strength']}" if play else None) for u in b["player_hand"])
    deck = b["opponent_deck"]
    face = (f'<div><h4>Its card now</h4>{card(top["kind"], top["strength"], "face up", "mini")}</div>'
            if top is not None else "")
    lost = "".join(card(u["kind"], u["strength"], "destroyed", "mini dead") for u in b["player_losses"])
    their_lost = "".join(card(u["kind"], u["strength"], "destroyed", "mini dead") for u in b["opponent_losses"])
    mine = sum(f["player"]["strength"] for f in b["fronts"] if f["player"]) + b["player_bonus"]
    theirs = sum(f["opponent"]["strength"] for f in b["fronts"] if f["opponent"]) + b["opponent_bonus"]
    tie = "you" if obs["options"]["battle-tie"] == "player" else "the opponent"
    nxt = "you" if b["next"] == "player" else "the opponent"
    return (
        f'<section class="mat battle"><h4>Battle against your capital: opponent level {info["level"]}, rank '
        f'{RANK_NAMES[info["rank"]]}, card limit {info["limit"]}; {e(nxt)} to play</h4>'
        f'<div class="side-row"><div><h4>Opponent deck</h4><div class="pile">{plural(deck, "card")}<br>face down'
        f'</div></div>{face}<div><h4>Fronts (theirs above, yours below)</h4><div class="fronts">'
        f'{"".join(fronts) or "<p>No front opened yet.</p>"}</div></div></div>'
        f'<div class="side-row"><div><h4>Your hand</h4><div class="cards">{hand or "<p>empty</p>"}</div></div>'
        f'{_pile("Your units destroyed", lost)}{_pile("Its units destroyed", their_lost)}</div>'
        f'<div class="totals">Surviving strength + bonus: you <b>{mine}</b> (bonus {b["player_bonus"]}) · '
        f'the opponent <b>{theirs}</b> (bonus {b["opponent_bonus"]}) · a tie goes to {e(tie)}</div></section>')


def _pile(title: str, cards: str) -> str:
    return f'<div><h4>{e(title)}</h4><div class="cards">{cards}</div></div>' if cards else ""


# ------------------------------------------------------------ the player
def _you(obs: dict[str, Any]) -> str:
    """SOLO-4.1.4, SOLO-4.1.5: the wound markers owed; the unit cards last entered; what
    the automa has taken."""
    debt = {k: v for k, v in obs["debt"].items() if v}
    if debt:
        owed = "".join(f'<div class="fact"><div class="small">wound markers for {e(DEBT_LABELS[k])}</div>'
                       f'<div class="big wound">{"✖" * min(v, 10)} {v}</div><div class="small">paid off by the '
                       f'next ones you gain</div></div>' for k, v in debt.items())
    else:
        owed = '<div class="fact"><div class="small">wound markers</div><div class="big">0</div></div>'
    units = obs["units"]
    cards = ("" if units is None else '<h4>Your unit cards, as last entered</h4><div class="cards">'
             + ("".join(unit_card(u, "mini") for u in units) or "<p>none</p>") + "</div>")
    return (f'<section><h4>You</h4><div class="facts">{owed}</div>{cards}{_ledger(obs["ledger"])}</section>')


LEDGER_WORDS = {"culture": "culture token", "resources": "resource token", "people": "great person",
                "buildings": "building or wonder", "armies": "army figure", "destroyer": "destroying culture event card",
                "card": "culture event card"}


def _ledger_line(item: str, change: int, detail: Any) -> str:
    if item == "unit" and isinstance(detail, list):
        return f"unit card lost: {unit_text(detail)}"
    word = LEDGER_WORDS.get(item, item)
    if detail == "debt":
        return f"{plural(-change, word)} gained went to pay off wound markers"
    return f"{'lost' if change < 0 else 'gained'} {plural(abs(change), word)}"


def _ledger(ledger: Iterable[list[Any]]) -> str:
    """The automa's ledger (what it took or gave), the last few entries."""
    rows = list(ledger)
    if not rows:
        return ""
    shown = rows[-8:]
    body = "".join(f"<tr><td>turn {t}</td><td>{e(_ledger_line(item, c, d))}</td></tr>" for t, item, c, d in shown)
    more = f"<p>… and {len(rows) - len(shown)} earlier</p>" if len(rows) > len(shown) else ""
    return f'<h4>Your supply: what the automa took or gave</h4><table class="ledger">{body}</table>{more}'
