"""The companion drawn for a web page (``Game.html``): what a person at the physical
table wants to see beside his board. The question in large type with the things that
answer it (``web_ask``: the dice tray and its faces, a row of numbers, the unit cards to
enter, the trade table's items); the automa's state (the turn track of 16 spaces with
the counter, the end marker and the battle reminders, the era and its wonders, the
event dice to roll next, the opponent's army this turn); the historical event or the
battle under way (the cards on each front, the hand to play from); the player's wound
markers and debts; and what the companion just said.

Each answer is offered once: an answer about a thing is that thing on the board
(``action_target``), an answer in words ('next', 'done', 'accept', 'won'...) is an
entry of the page's side menu only. Everything comes from the observation (and the
game's public tables); every text is escaped and in the reader's language (``html`` is
``@localizable``).
"""

from __future__ import annotations

import re
from typing import Any

from civtable.core.action import Action
from civtable.core.events import Event, Viewer
from civtable.core.messages import render_event
from civtable.i18n import ENGLISH, N_, NN_, Translator, localizable

from ..actions import act
from ..catalog import Tables
from ..messages import MESSAGES
from ..rules.entry import COUNTS
from .questions import cancel_question, count_question, gained_question, owed
from .render import outcome, question
from .web_ask import CSS as ASK_CSS
from .web_ask import dice_tray, market, numbers, payment, steps, trade_dice, unit_cards
from .web_parts import automa, battle, e, heading, paragraph, under_way, you
from .words import hand_note, item_object, name, term

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
.solo .ask .where { color: var(--muted); font-size: .88rem; margin: .5rem 0 0; }
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

ROLL_NAMES = {"event": NN_("Roll the event dice (SOLO-3.2): {n} die. What does die {k} show?",
                           "Roll the event dice (SOLO-3.2): {n} dice. What does die {k} show?"),
              "kind": NN_("Roll the event roll (SOLO-3.4): {n} die. What does die {k} show?",
                          "Roll the event roll (SOLO-3.4): {n} dice. What does die {k} show?"),
              "trade": NN_("Roll the trade dice (SOLO-5.1): {n} die. What does die {k} show?",
                           "Roll the trade dice (SOLO-5.1): {n} dice. What does die {k} show?"),
              "failure": NN_("Roll the failure roll (SOLO-6.1): {n} die. What does die {k} show?",
                             "Roll the failure roll (SOLO-6.1): {n} dice. What does die {k} show?")}


def action_target(tables: Tables, action: Action, obs: dict[str, Any]) -> str | None:
    """The thing an answer acts on in the drawing (``web_ask``'s targets, a card of the
    battle hand, a front, the culture track's space the counter moves to, the next step
    of the turn, the trade dice), or ``None`` for an answer in words ('done', 'accept',
    'miss', 'won', ...), which only the page's side menu offers."""
    k, a = action.kind, action.args
    shift = 0 if obs["options"]["track-start"] == "A" else 1
    if k == "start":  # SOLO-3.1: the counter moves to its first space
        return f"space:{1 + shift}"
    if k == "next":
        ask = obs["ask"]
        if ask == "phase:start":
            return "step:events"
        if ask == "phase:move":
            return "step:battle" if battle_due(obs) else "step:research"
        return f"space:{min(tables.last_turn, obs['turn'] + 1 + shift)}"  # the counter's next space, or the end marker
    if action.text == "trade roll":
        return "trade-dice"
    if action.text == "trade skip":
        return "step:move"
    if k == "pay":
        return f"item:{obs['work']['item'].replace('_', '-')}"
    if k == "die":
        return f"face:{a[0]}"
    if (k in COUNTS or k == "gained") and a:
        return f"count:{a[-1]}"
    if k == "unit":
        return "card:" + action.text[5:]
    if k == "undo":
        return f"entered:{len(obs['entry'])}"
    if k == "same":
        return "units:last"
    if k == "play":
        return f"hand:{a[0]} {a[1]}"
    if k == "lose":
        return f"front:{a[1]}"
    if k == "buy":
        return f"item:{a[0]}"
    if k == "give":
        return f"give:{a[0]} {a[1]}"
    return None


def move_mark(action: Action, obs: dict[str, Any]) -> str | None:
    """What the player's answer puts on the board, for a spectator's page (drawn before
    the answer and after it): the die just entered (not the roll's last: its tray goes
    with the question), the unit card just entered, the front where a card fought or a
    unit fell, the item taken in trade."""
    k, a = action.kind, action.args
    roll = obs["roll"]
    if k == "die" and roll is not None and len(roll["got"]) + 1 < roll["n"]:
        return f"die:{len(roll['got']) + 1}"
    if k == "unit":
        return f"entered:{len(obs['entry']) + 1}"
    if k == "lose" or (k == "play" and a[2] == "front"):
        return f"front:{a[-1]}"
    if k == "buy":
        return f"item:{a[0]}"
    return None


def battle_due(obs: dict[str, Any]) -> bool:
    """SOLO-4.4.3: a battle against the capital at the end of this turn's movement phase."""
    return any(p["due"] == obs["turn"] for p in obs["pending"])


# ------------------------------------------------------------ the page
@localizable
def html(tables: Tables, obs: dict[str, Any], viewer: Viewer, *, tr: Translator = ENGLISH) -> str:
    targets = {action_target(tables, act(a), obs) for a in obs["answers"]} - {None}
    parts = [f"<style>{CSS}{ASK_CSS}</style>", '<div class="solo">', _head(obs, viewer, tr),
             _track(tables, obs, targets, tr)]
    if not obs["over"] and obs["turn"] > 0:
        parts.append(steps(obs, targets, battle_due(obs), tr))
    if obs["over"]:
        won = obs["outcome"] == "won"
        parts.append(f'<section class="over {"won" if won else "lost"}">{e(outcome(obs, tr))}</section>')
        parts.append(_said(tables, obs, tr))
    else:
        wide = " wide" if obs["ask"] in ("units", "hand") or len(obs["answers"]) > 24 else ""
        parts.append(f'<div class="two{wide}"><div>{_ask(tables, obs, viewer, tr)}</div>'
                     f'<div>{_said(tables, obs, tr)}</div></div>')
    parts.append(under_way(tables, obs, tr))
    if obs["battle"] is not None:
        parts.append(battle(obs, tr))
    parts.append(automa(tables, obs, tr))
    parts.append(you(obs, tr))
    parts.append("</div>")
    page = "".join(parts)
    if viewer is None:  # a spectator sees the things the player may click, not as buttons to press
        page = page.replace('<button type="button"', '<button type="button" disabled')
    return page


def _head(obs: dict[str, Any], viewer: Viewer, tr: Translator) -> str:
    turn = obs["turn"]
    when = tr.t("Set-up") if turn == 0 else tr.t("Turn {turn} of {final}", turn=turn, final=obs["final_turn"])
    dice = tr.t("you roll the dice and enter them") if obs["dice"] == "table" else tr.t("the companion rolls the dice")
    watching = tr.t("watching")
    who = f'<span class="chip">{e(watching)}</span>' if viewer is None else ""
    civ = tr.t("The {civ}", civ=name(obs["civ"], tr))
    return (f'<section class="head"><span class="civ">{e(civ)}</span><span class="chip">{e(when)}</span>'
            f'<span class="chip">{e(dice)}</span>{who}</section>')


def _track(tables: Tables, obs: dict[str, Any], targets: set[str | None], tr: Translator) -> str:
    """SOLO-1.6, SOLO-3.1: the culture track's 16 spaces, the counter (before space 1 or on
    it, track-start), the end marker, a reminder on the space of each battle to come
    (SOLO-4.4.2), and the rows of table SOLO-8.1 above the spaces they cover. The space
    the counter moves to next is clicked to end the turn (or to start the first)."""
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
            title = tr.t("turns {first}-{last}: a military event needs {strength}, a battle has level {level} and "
                         "card limit {limit}", first=r["first_turn"], last=r["last_turn"],
                         strength=r["5"]["strength"], level=r["6"]["military_level"], limit=r["6"]["card_limit"])
            band = tr.t("turns {first}-{last} · level {level}", first=r["first_turn"], last=r["last_turn"],
                        level=r["6"]["military_level"])
            cells.append(f'<div class="band" style="grid-column: {first + col} / {last + col + 1}" '
                         f'title="{e(title)}">{e(band)}</div>')
    counter, start = tr.t("the turn counter"), tr.pt("track", "start")
    pawn = f'<span class="pawn" title="{e(counter)}"></span>'
    if col:
        cells.append(f'<div class="sq start" style="grid-column: 1">{e(start)}{pawn if here == 0 else ""}</div>')
    if options["end-marker-piece"] == "A":
        end = tr.t("the end marker (a wound marker)")
        marker = f'<span class="mark wound" title="{e(end)}">✖</span>'
    else:
        end = tr.t("the end marker (a culture level marker)")
        marker = f'<span class="mark" title="{e(end)}">◆</span>'
    due = tr.t("a battle against your capital in this turn")
    reminder = f'<span class="mark wound" title="{e(due)}">✖</span>'
    for space in range(1, n + 1):
        cls = "now" if space == here else "past" if space < here else ""
        inner = f"{space}{pawn if space == here else ''}"
        if space == n:
            inner += marker
        elif space in reminders:
            inner += reminder
        at = ""
        if f"space:{space}" in targets:
            move = (tr.t("the end marker: the game ends") if space == here or obs["final"] else
                    tr.t("move the turn counter here"))
            at = f' data-target="space:{space}" data-label="{e(move)}" title="{e(move)}"'
        cells.append(f'<div class="sq {cls}" style="grid-column: {space + col}"{at}>{inner}</div>')
    title = tr.t("Culture track: the turn counter and the end marker (space {n})", n=n)
    return (f'<section><h4>{e(title)}</h4>'
            f'<div class="track" style="--n: {n + col}">{"".join(cells)}</div></section>')


# ------------------------------------------------------------ the question
def _ask(tables: Tables, obs: dict[str, Any], viewer: Viewer, tr: Translator) -> str:
    """The question in large type, what else the companion asks, the things to click to
    answer it, and where the answers in words are (the side menu)."""
    answers: list[str] = obs["answers"]
    q, more = _headline(tables, obs, tr)
    body = _things(tables, obs, answers, tr)
    extra = f'<p class="more">{e(more)}</p>' if more else ""
    if viewer is None:
        asked = heading(tr.t("The player is asked"))
        return f'<section class="ask">{asked}<p class="q">{e(q)}</p>{extra}{body}</section>'
    found = [action_target(tables, act(a), obs) for a in answers]
    hint = ""
    if None in found:
        hint = paragraph(tr.t("More answers under “Your decision”.") if any(found) else
                         tr.t("Answer under “Your decision”."), "where")
    return f'<section class="ask"><p class="q">{e(q)}</p>{extra}{body}{hint}</section>'


WORDS = frozenset({"accept", "cancel", "miss", "destroy", "done", "won", "use", "fortified"})
"""The first words of the answers offered in the side menu only (no thing to click)."""


def _headline(tables: Tables, obs: dict[str, Any], tr: Translator) -> tuple[str, str]:
    """The question in one sentence (large), and the rest of what the companion asks."""
    ask = obs["ask"] or ""
    work, options = obs["work"], obs["options"]
    if ask == "dice":
        r = obs["roll"]
        one, many = ROLL_NAMES[r["purpose"]]
        head = tr.nt(one, many, r["n"], k=len(r["got"]) + 1)
        more = tr.t("Click the face of each die in turn.")
        if r["purpose"] == "event":
            more += " " + tr.t("Miss: none of the dice still to enter shows 5 or 6.")
        return head, more
    fixed = {
        "start": (N_("Set up your table, then start turn 1."), N_("The companion tells you how, on the right. Then "
                                                                  "move the turn counter: click its space on the "
                                                                  "culture track.")),
        "units": (N_("Which unit cards do you own?"), N_("One card at a time: its type, the rank of your military "
                                                         "technology and the strength it shows at that rank; then "
                                                         "Done.")),
        "phase:start": (N_("Carry out the base game's start of turn."), N_("Then click the event dice, the next step "
                                                                          "of the turn (turn-start-order B).")),
        "play": (N_("Your battle turn: play a card of your hand."),
                 N_("Click a card of your hand in the battle below, then open a new front with it or attack a lone "
                    "enemy unit.")),
        "tie": (N_("Which of your units does the opponent's card destroy?"),
                N_("It can destroy several of your equally strong units (strongest-tie A): click the front of one "
                   "in the battle below.")),
        "fortified": (N_("Is your capital fortified?"), N_("If it is, the opponent plays first (SOLO-4.4.6).")),
    }
    if ask in fixed:
        return tr.gettext(fixed[ask][0]), tr.gettext(fixed[ask][1])
    if ask == "hand":
        return tr.t("Draw your battle hand and enter it."), tr.t(
            "Its size in the base game: {note}. One card at a time, then Done.", note=hand_note(tables.hand_size_note,
                                                                                              tr))
    if ask == "cancel":
        more = tr.t("It must pass a failure roll (SOLO-6.1).") if options["failure-roll-scope"] == "A" else ""
        return cancel_question(obs["event"]["face"], options["cancel-cards"], tr), more
    if ask in COUNTS:
        return count_question(ask, obs["stage"] == "resolve", tr)
    if ask == "trade":
        more = tr.t("Click the trade dice to roll them, or the next step of the turn to go on without them.")
        if options["turn-start-order"] == "A":
            more = tr.t("Carry out the base game's start of turn.") + " " + more
        return tr.t("Trade phase: roll three trade dice (SOLO-5.1)?"), more
    if ask.startswith("gained:"):
        kind = ask.split(":")[1]
        return gained_question(kind, tr), (owed(obs["debt"][kind], kind, tr) + " "
                                           + tr.t("Each first pays off a wound marker (SOLO-4.1.5)."))
    if ask == "destroy":
        short = (2 * work["target"] - (work["total2"] + work.get("half2", 0)) + 1) // 2
        return (tr.nt("You are {n} strength short: play a card that destroys an opponent's figure?",
                      "You are {n} strength short: play a card that destroys an opponent's figure?", short),
                tr.t("The table value drops by 2 (SOLO-4.3.5); a culture event card such as {example}.",
                     example=name("Defection", tr)))
    if ask == "phase:move":
        battle = any(p["due"] == obs["turn"] for p in obs["pending"])
        more = tr.t("Click the next step of the turn when your movement phase ends.")
        if battle:
            more = tr.t("A battle against your capital comes at the end of the movement phase.") + " " + more
        return tr.t("City management, then movement."), more
    if ask == "phase:end":
        if obs["final"]:
            return (tr.t("Research phase of the last turn: have you won?"), tr.t(
                "I have won: a culture, technology or economic victory; the end marker on the culture track ends the "
                "game without one (SOLO-2.3)."))
        return tr.t("Research phase, then the end of turn {turn}.", turn=obs["turn"]), tr.t(
            "When the turn is over, click the next space of the culture track.")
    if ask == "give":
        item = item_object(work["item"], tr)
        head = (tr.t("Pay for the {item}: give items worth at least its value.", item=item)
                if options["trade-value-direction"] == "A" else
                tr.t("Pay for the {item}: give items worth at most its value.", item=item))
        return head, tr.t("Each item counts at its sell value (table SOLO-8.2); when they cover it, click the item to "
                          "take it (SOLO-5.3).")
    if ask == "buy":
        return (tr.nt("Acquire {n} more item (SOLO-5.2)?", "Acquire {n} more items (SOLO-5.2)?", work.get("left", 0)),
                tr.t("Each at its buy value of table SOLO-8.2."))
    return question(obs, tr), ""


def _things(tables: Tables, obs: dict[str, Any], answers: list[str], tr: Translator) -> str:
    """The things of the question (``web_ask``); the battle's hand and fronts are in the
    battle mat."""
    ask = obs["ask"] or ""
    if ask in COUNTS or ask.startswith("gained:"):
        return numbers(answers)
    if ask == "dice":
        return dice_tray(obs, answers, tr)
    if ask in ("units", "hand"):
        return unit_cards(obs, answers, tr)
    if ask == "buy":
        return market(tables, answers, tr)
    if ask == "give":
        return payment(tables, obs, answers, tr)
    if ask == "trade" and "trade roll" in answers:
        return trade_dice(obs, tr)
    return ""


def _said(tables: Tables, obs: dict[str, Any], tr: Translator) -> str:
    """What the companion said since the last answer, or before it when it said nothing new.

    The companion's words are the position's log, written in English by the rules; in
    another language they are told by the events since the last answer when the
    observation has them (``news_events``: id and arguments), else the page points to
    its game log, which tells the same events in the reader's language."""
    title = heading(tr.t("The companion says"))
    nothing = paragraph(tr.t("Nothing yet."))
    if not tr.english:
        events = obs.get("news_events")
        if events is None:
            body = paragraph(tr.t("What the companion says is told in the game log."), "before")
        else:
            said = [render_event(Event(str(x["id"]), dict(x.get("args") or {})), MESSAGES,
                                 lambda kind, value: term(tables, kind, value, tr=tr), 0, None, tr)
                    for x in events if x["id"] != "move"]
            body = "".join(f"<p>{e(line)}</p>" for line in said) or nothing
        return f'<section class="said">{title}{body}</section>'
    news = obs["news"]
    if news:
        body = "".join(f"<p>{_words(line)}</p>" for line in news)
    else:
        body = "".join(f'<p class="before">{_words(line)}</p>' for line in obs["said_before"]) or nothing
    return f'<section class="said">{title}{body}</section>'


def _words(line: str) -> str:
    """A line of the companion's log as shown: the log is part of a position (its text
    stays as recorded), so '1 wounds' of older texts is read '1 wound' here."""
    return e(ONE_WOUND.sub("1 wound", line))


ONE_WOUND = re.compile(r"\b1 wounds\b")


