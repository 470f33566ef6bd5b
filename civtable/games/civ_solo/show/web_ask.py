"""The things of the companion's question on the web page (``web.html``), each drawn
once and clicked to answer: the dice tray (the roll's dice, the one asked, the six
faces), the row of numbers of a count, the unit cards to enter (and the cards entered,
the last one taken back by a click), the trade table's items to acquire and the items
to give for one. Answers that are words, not things ('next', 'done', 'accept', 'pay',
'won', ...), are not drawn: the page's side menu offers them (``action_target`` is
``None``), so nothing is offered twice.

The targets (``data-target``, ``web.action_target``): ``face:N`` a die face, ``count:N``
a number, ``card:KIND RANK STRENGTH`` (``card:aircraft STRENGTH``) a unit card to enter,
``entered:K`` the K-th card entered (the last one: take it back), ``units:last`` the
cards entered last time, ``item:ITEM`` an item of table SOLO-8.2, ``give:ITEM N`` N of an
item given for it, ``die:K`` the K-th die of the roll (drawn for the others' highlight of
the die just entered, ``Game.move_mark``). The battle's hand cards (``hand:...``) and
fronts (``front:N``) are in the battle mat (``web_parts.battle``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from civtable.i18n import N_, Translator

from ..catalog import Tables
from ..rules.spoken import RANK_NAMES
from .web_parts import die, e, heading, kind_title, unit_card
from .words import item_name, items_of, unit_text

CSS = """
.solo .tray { display: flex; gap: .35rem; align-items: center; flex-wrap: wrap; margin: .2rem 0 .5rem; }
.solo .tray .slot { display: inline-flex; border-radius: 8px; padding: 2px; line-height: 0; }
.solo .tray .slot.asked { outline: 3px solid #e3b341; }
.solo .tray .slot.later { opacity: .35; }
.solo .tray .label { font-size: .85rem; color: var(--muted); margin-right: .3rem; }
.solo .thing { border: 1px solid #8c959f; border-radius: 8px; background: #fff; padding: .35rem .8rem;
  font-size: 1rem; }
.solo .thing.die { padding: 2px; border-radius: 10px; line-height: 0; }
.solo .numbers .thing { min-width: 2.3rem; padding: .25rem .3rem; text-align: center; font-variant-numeric:
  tabular-nums; }
.solo .market { display: flex; flex-wrap: wrap; gap: .5rem; margin: .3rem 0; }
.solo .item { display: flex; flex-direction: column; align-items: flex-start; gap: .15rem; min-width: 8.5rem;
  border: 1px solid #8c959f; border-left: 6px solid #bf8700; border-radius: 8px; background: #fff;
  padding: .4rem .6rem; text-align: left; }
.solo .item .what { font-weight: 600; }
.solo .item .value { font-size: .8rem; color: var(--muted); }
.solo .item.taken { border-left-color: #1a7f37; }
.solo .card.next { border: 2px dashed #c5ccd3; background: transparent; box-shadow: none; color: var(--muted);
  align-items: center; justify-content: center; }
.solo .steps { display: flex; align-items: center; gap: .3rem; flex-wrap: wrap; color: var(--muted); }
.solo .steps .label { font-size: .85rem; margin-right: .2rem; }
.solo .step { border: 1px solid #d0d7de; border-radius: 16px; padding: .15rem .7rem; font-size: .88rem;
  background: #fff; color: var(--muted); }
.solo .step.past { background: #eef2f6; }
.solo .step.now { border: 2px solid #0969da; background: #ddf4ff; color: #0969da; font-weight: 700; }
.solo .step[data-target] { color: var(--ink); font-weight: 600; }
.solo .thing.roll { display: inline-flex; align-items: center; gap: .35rem; padding: .3rem .7rem; }
.solo .item[data-target] { cursor: default; }
.solo .lastset { display: inline-flex; gap: .3rem; flex-wrap: wrap; border-radius: 10px; padding: .3rem; }
"""


def thing(target: str, label: str, cls: str = "", title: str = "") -> str:
    """A thing of the question to click (a button carrying its target)."""
    at = f' title="{e(title)}"' if title else ""
    return f'<button type="button" class="thing {cls}" data-target="{e(target)}"{at}>{label}</button>'


# ------------------------------------------------------------ the steps of a turn
STEP_NAMES = {"start": N_("Start of turn"), "events": N_("Event dice"), "trade": N_("Trade"),
              "move": N_("City management and movement"), "battle": N_("Battle"), "research": N_("Research")}
STAGE_STEPS = {"base-start": "start", "newturn": "events", "counter": "events", "event-dice": "events",
               "event-roll": "events", "cancel": "events", "cancel-roll": "events", "resolve": "events",
               "wonders": "events", "trade": "trade", "trade-dice": "trade", "buy": "trade", "give": "trade",
               "move": "move", "battle": "battle", "end": "research", "debt": "research"}
"""The step of the turn each of the automa's procedures (``rules.STAGES``) belongs to."""


def steps(obs: dict[str, Any], targets: set[str | None], due: bool, tr: Translator) -> str:
    """The steps of this turn as the companion goes through them (SOLO-3 to SOLO-5 and
    the base game's phases), the current one outlined; the next one is clicked to go on
    ('next', 'trade skip': ``step:KEY``)."""
    stage = obs["resume"] if obs["stage"] == "check" and obs["resume"] else obs["stage"]
    now = STAGE_STEPS.get(stage)
    order = (["start"] if obs["options"]["turn-start-order"] == "B" else []) + ["events", "trade", "move"]
    order += (["battle"] if due or now == "battle" else []) + ["research"]
    at = order.index(now) if now in order else -1
    tiles = []
    for i, key in enumerate(order):
        cls = "now" if i == at else "past" if i < at else ""
        name = tr.gettext(STEP_NAMES[key])
        attrs = ""
        if f"step:{key}" in targets:
            go = tr.t("go on to this step")
            attrs = f' data-target="step:{key}" data-label="{e(name)}" title="{e(go)}"'
        tiles.append(f'<div class="step {cls}"{attrs}>{e(name)}</div>')
    head = tr.t("Turn {turn}:", turn=obs["turn"])
    return f'<section class="steps"><span class="label">{e(head)}</span>{" ▸ ".join(tiles)}</section>'


# ------------------------------------------------------------ dice
def trade_dice(obs: dict[str, Any], tr: Translator) -> str:
    """SOLO-5.1: the three trade dice, clicked to roll them (at the table, or by the companion)."""
    label = tr.t("Roll the trade dice")
    faces = "".join(die(0, 30, tr) for _ in range(3))
    return f'<div class="answers">{thing("trade-dice", f"{faces}<span>{e(label)}</span>", "roll")}</div>'



def dice_tray(obs: dict[str, Any], answers: list[str], tr: Translator) -> str:
    """The roll's dice (those entered with their faces, the one asked outlined, the rest
    blank) and the six faces to click for the one asked."""
    r = obs["roll"]
    got: list[int] = r["got"]
    slots = []
    for k in range(1, r["n"] + 1):
        face = got[k - 1] if k <= len(got) else 0
        cls = "" if k <= len(got) else "asked" if k == len(got) + 1 else "later"
        label = tr.t("die {k} of the roll", k=k)
        slots.append(f'<span class="slot {cls}" data-target="die:{k}" data-label="{e(label)}">{die(face, 30, tr)}'
                     f'</span>')
    head = tr.t("The dice:")
    faces = "".join(thing(f"face:{a.split()[1]}", die(int(a.split()[1]), 44, tr), "die")
                    for a in answers if a.startswith("die "))
    return (f'<div class="tray"><span class="label">{e(head)}</span>{"".join(slots)}</div>'
            f'<div class="answers">{faces}</div>')


# ------------------------------------------------------------ counts
def numbers(answers: list[str]) -> str:
    """A count's row of numbers ('culture 3', 'gained culture 2': the last word)."""
    return '<div class="answers numbers">' + "".join(
        thing(f"count:{a.split()[-1]}", e(a.split()[-1])) for a in answers if a.split()[-1].isdigit()) + "</div>"


# ------------------------------------------------------------ unit cards
def unit_cards(obs: dict[str, Any], answers: list[str], tr: Translator) -> str:
    """The unit cards that may be entered, one row per type and the strengths each rank
    shows; the cards entered so far (the last one taken back by a click, an empty place
    for the next); the cards entered last time, entered again by a click on them."""
    rows: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for a in answers:
        words = a.split()
        if words[0] != "unit":
            continue
        kind, rank = words[1], ("" if words[1] == "aircraft" else RANK_NAMES[int(words[2])])
        u = ("aircraft", 0, int(words[2])) if kind == "aircraft" else (kind, int(words[2]), int(words[3]))
        rows[kind][rank].append(f'<button type="button" class="cardbtn {e(kind)}" data-target="card:{e(a[5:])}" '
                                f'title="{e(unit_text(u, tr))}">{e(words[-1])}</button>')
    out = "".join(
        f'<div class="unitrow"><span class="label">{e(kind_title(kind, tr))}</span>'
        + "".join(f'<span class="grp"><span class="rank">{e(rank)}</span>{"".join(b)}</span>'
                  for rank, b in ranks.items()) + "</div>"
        for kind, ranks in rows.items())
    entered = obs["entry"]
    back = tr.t("click to take this card back")
    cards = [unit_card(u, "mini", tr, target=f"entered:{i}", title=back if i == len(entered) else "")
             for i, u in enumerate(entered, 1)]
    if rows:
        nxt = tr.t("next card")
        cards.append(f'<div class="card mini next" data-target="entered:{len(entered) + 1}">{e(nxt)}</div>')
    got = heading(tr.t("Entered so far")) + '<div class="cards">' + "".join(cards) + "</div>"
    same = ""
    if "same" in answers:
        again = tr.t("click to enter these cards again")
        same = (heading(tr.t("Your cards last time")) + f'<div class="lastset" data-target="units:last" '
                f'title="{e(again)}">' + "".join(unit_card(u, "mini", tr) for u in obs["units"] or []) + "</div>")
    return f"{out}{got}{same}"


# ------------------------------------------------------------ trade
def market(tables: Tables, answers: list[str], tr: Translator) -> str:
    """Table SOLO-8.2's items to acquire, each with its buy value."""
    tiles = []
    for a in answers:
        if not a.startswith("buy "):
            continue
        item = a[4:].replace("-", "_")
        value = tr.t("buy value {value}", value=tables.trade[item][1])
        tiles.append(thing(f"item:{a[4:]}", f'<span class="what">{e(item_name(item, tr))}</span>'
                                            f'<span class="value">{e(value)}</span>', "item"))
    return f'<div class="market">{"".join(tiles)}</div>'


def payment(tables: Tables, obs: dict[str, Any], answers: list[str], tr: Translator) -> str:
    """The item being acquired, what is given so far, and a row per item to give (1, 2, ...
    of it: a click adds that many)."""
    work = obs["work"]
    item = work["item"]
    buy = tables.trade[item][1]
    given = sum((tables.trade[k][0] or 0) * n for k, n in work.get("given", {}).items())
    rows: dict[str, list[str]] = defaultdict(list)
    for a in answers:
        words = a.split()
        if words[0] == "give":
            rows[words[1]].append(thing(f"give:{words[1]} {words[2]}", e(words[2])))
    labels = {w: tr.t("{item} (sells {value})", item=item_name(w.replace("-", "_"), tr),
                      value=tables.trade[w.replace("-", "_")][0]) for w in rows}
    out = "".join(f'<div class="answers numbers"><span class="label">{e(labels[w])}</span>{"".join(b)}</div>'
                  for w, b in rows.items())
    paid = ", ".join(items_of(n, k, tr) for k, n in work.get("given", {}).items()) or tr.t("nothing yet")
    value = tr.t("buy value {value}", value=buy)
    take, what = tr.t("take it: the items given cover its price"), _capital(item_name(item, tr))
    taken = (f'<div class="item taken" data-target="item:{e(item.replace("_", "-"))}" data-label="{e(what)}" '
             f'title="{e(take)}"><span class="what">{e(what)}</span><span class="value">{e(value)}</span></div>')
    totals = tr.t("Given so far: {paid} (value {given}).", paid=e(paid), given=f"<b>{given}</b>")
    return (f'<div class="side-row">{taken}<p class="totals">{totals}</p></div>{out}')


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["CSS", "dice_tray", "market", "numbers", "payment", "steps", "thing", "trade_dice", "unit_cards"]
