"""The companion's board on the web page (``web.html``): the pieces (die faces, unit
cards) and the sections beside the question: the automa's state (event dice, the
opponent's army, the wonders, battles to come), the historical event or trade under
way, a battle's fronts, and the player's wound markers, unit cards and ledger. From
the observation and the game's public tables only; every text escaped and in the
reader's language (``tr``)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from civtable.i18n import ENGLISH, N_, NN_, Translator

from ..catalog import Tables
from ..rules.spoken import RANK_NAMES
from .render import wounds
from .words import debt_label, era_name, name, names, unit_text

KIND_TITLES = {"infantry": N_("Infantry"), "mounted": N_("Mounted"), "artillery": N_("Artillery"),
               "aircraft": N_("Aircraft")}
FACE_KINDS = {1: N_("Loss"), 2: N_("Loss"), 3: N_("Culture event"), 4: N_("Culture event"), 5: N_("Military event"),
              6: N_("Battle against your capital")}
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def e(x: Any) -> str:
    return escape(str(x))


# ------------------------------------------------------------ small pieces
def heading(text: str) -> str:
    """A section's small heading, escaped."""
    return f"<h4>{e(text)}</h4>"


def paragraph(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{e(text)}</p>' if cls else f"<p>{e(text)}</p>"


def die(n: int, size: int = 34, tr: Translator = ENGLISH) -> str:
    """A die face as SVG (0: a die not typed, blank)."""
    dots = "".join(f'<circle cx="{7 + 10 * x}" cy="{7 + 10 * y}" r="2.6"/>' for x, y in PIPS.get(n, []))
    label = tr.t("die {n}", n=n)
    return (f'<svg width="{size}" height="{size}" viewBox="0 0 34 34" role="img" aria-label="{e(label)}">'
            f'<rect x="1" y="1" width="32" height="32" rx="6" fill="#fff" stroke="#57606a" stroke-width="1.5"/>'
            f'<g fill="#24292f">{dots}</g></svg>')


def kind_title(kind: str, tr: Translator = ENGLISH) -> str:
    return tr.gettext(KIND_TITLES[kind]) if kind in KIND_TITLES else kind


def card(kind: str, strength: int, note: str = "", cls: str = "", target: str | None = None,
         tr: Translator = ENGLISH, title: str = "") -> str:
    at = f' data-target="{e(target)}" data-label="{e(kind_title(kind, tr))} {strength}"' if target else ""
    if title:
        at += f' title="{e(title)}"'
    return (f'<div class="card {e(kind)} {cls}"{at}><span class="title">{e(kind_title(kind, tr))}</span>'
            f'<span class="str">{strength}</span><span class="note">{note}</span></div>')


def unit_card(u: list[Any], cls: str = "", tr: Translator = ENGLISH, target: str | None = None,
              title: str = "") -> str:
    kind, rank, strength = u
    return card(kind, strength, "" if kind == "aircraft" else tr.t("rank {rank}", rank=RANK_NAMES[rank]), cls, target,
                tr, title)


# ------------------------------------------------------------ the automa
ARMY_MIX = {"A": N_("2 infantry, 2 mounted, 2 artillery"), "B": N_("2 infantry, 1 mounted, 1 artillery")}
AIR = {3: N_(", 1 aircraft"), 4: N_(", 2 aircraft")}
NEXT_ERA = {"ancient": N_("medieval wonders from turn 8"), "medieval": N_("modern wonders from turn 13")}


def automa(tables: Tables, obs: dict[str, Any], tr: Translator) -> str:
    turn = max(1, min(obs["turn"], tables.last_turn))
    cell = tables.row(turn)["6"]
    level = cell["military_level"]
    rank = level if obs["options"]["opponent-unit-rank"] == "A" else 1
    reading = "A" if obs["options"]["opponent-composition"] == "A" else "B"
    mix = tr.gettext(ARMY_MIX[reading])
    air = tr.gettext(AIR[level]) if level in AIR else ""
    pool = obs["pool"]
    wonders = tables.wonders[obs["era"]]
    era = obs["era"]
    nxt = tr.gettext(NEXT_ERA[era]) if era in NEXT_ERA else ""
    facts = [
        (tr.t("Event dice next roll"), "".join(die(0, 22, tr) for _ in range(min(pool, 8))) + f" <b>{pool}</b>",
         tr.t("a 5 or 6 on any die: a historical event")),
        (tr.t("Opponent this turn"), tr.t("level {level} · limit {limit}", level=f"<b>{level}</b>",
                                          limit=f"<b>{cell['card_limit']}</b>"),
         tr.t("rank {rank}: {units}", rank=RANK_NAMES[rank], units=mix + air)),
        (tr.t("Wonders: {era} era", era=era_name(obs["era"], tr)), f'<span class="list">{e(names(wonders, tr))}</span>',
         nxt),
    ]
    for p in obs["pending"]:
        what = (tr.t("level {level}, limit {limit}", level=p["level"], limit=p["limit"]) if p["level"] is not None
                else tr.t("level of that turn"))
        facts.append((tr.t("Battle coming"), '<span class="wound">✖</span> '
                      + tr.t("turn {turn}", turn=f'<b>{p["due"]}</b>'),
                      tr.t("end of movement; {what} (the 6 of turn {rolled})", what=what, rolled=p["rolled"])))
    boxes = "".join(f'<div class="fact"><div class="small">{e(t)}</div><div class="big">{v}</div>'
                    f'<div class="small">{e(s)}</div></div>' for t, v, s in facts)
    return "<section>" + heading(tr.t("The automa")) + f'<div class="facts">{boxes}</div></section>'


def under_way(tables: Tables, obs: dict[str, Any], tr: Translator) -> str:
    """The historical event under way (SOLO-4), the military event's cards, the trade."""
    ev, work = obs["event"], obs["work"]
    out = []
    if ev is not None:
        face = ev["face"]
        row = tables.row(ev["turn"])[str(face)]
        if row.get("text"):
            what = name(row["text"], tr)
        elif face == 5:
            what = tr.t("your unit cards must reach strength {strength}", strength=row["strength"])
        else:
            what = tr.t("military level {level}, card limit {limit}", level=row.get("military_level"),
                        limit=row.get("card_limit"))
        where = tr.t("{what} (table SOLO-8.1, turn {turn})", what=what, turn=ev["turn"])
        out.append(f'<div class="side-row">{die(face, 56, tr)}<div><div class="totals">'
                   f'<b>{e(tr.gettext(FACE_KINDS[face]))}</b></div><div>{e(where)}</div></div></div>')
    if "drawn" in work and obs["units"] is not None:
        units = obs["units"]
        drawn = [units[i] for i in work["drawn"] if i < len(units)]
        half = work["total2"] + work.get("half2", 0)
        if "half2" in work:
            totals = tr.t("Strength {strength} ({cards} + half your bonus {bonus}) against {target}",
                          strength=f"<b>{_halves(half, tr)}</b>", cards=work["total2"] // 2, bonus=_halves(work["half2"], tr),
                          target=f"<b>{work['target']}</b>")
        else:
            totals = tr.t("Strength {strength} ({cards}) against {target}", strength=f"<b>{_halves(half, tr)}</b>",
                          cards=work["total2"] // 2, target=f"<b>{work['target']}</b>")
        out.append(heading(tr.t("Cards drawn for the military event")) + '<div class="cards">'
                   + "".join(unit_card(u, tr=tr) for u in drawn) + "</div>"
                   f'<div class="totals">{totals}</div>')
    if "left" in work:
        out.append('<div class="totals">' + tr.nt("Trade: {count} acquisition left this turn (SOLO-5.2)",
                                                  "Trade: {count} acquisitions left this turn (SOLO-5.2)",
                                                  work["left"], count=f"<b>{work['left']}</b>") + "</div>")
    if not out:
        return ""
    return '<section class="mat event">' + heading(tr.t("Under way")) + "".join(out) + "</section>"


def _halves(h2: int, tr: Translator) -> str:
    """Half points as a number: ``7`` or ``7.5`` (``7,5``); the strength in bold."""
    text = f"{h2 / 2:g}" if tr.english else str(tr.number(h2 // 2 if h2 % 2 == 0 else h2 / 2))
    return text


def battle(obs: dict[str, Any], tr: Translator) -> str:
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
            note = (f'<span class="wounds">{"✖" * w} {e(wounds(w, tr))}</span>' if w else
                    e(tr.t("theirs") if side == "opponent" else tr.t("yours")))
            cells.append(card(u["kind"], u["strength"], note, "mini", tr=tr))
        name = tr.t("front {n}", n=i)
        fronts.append(f'<div class="front" data-target="front:{i}" data-label="{e(name)}"><span class="n">{e(name)}'
                      f'</span>{"".join(cells)}</div>')
    play = ask == "play"
    hand = "".join(card(u["kind"], u["strength"], e(tr.t("in your hand")), "mini",
                        f"hand:{u['kind']} {u['strength']}" if play else None, tr) for u in b["player_hand"])
    deck = b["opponent_deck"]
    face = ("<div>" + heading(tr.t("Its card now")) + card(top["kind"], top["strength"], e(tr.t("face up")), "mini",
                                                              tr=tr) + "</div>" if top is not None else "")
    lost = "".join(card(u["kind"], u["strength"], e(tr.t("destroyed")), "mini dead", tr=tr) for u in b["player_losses"])
    their_lost = "".join(card(u["kind"], u["strength"], e(tr.t("destroyed")), "mini dead", tr=tr)
                         for u in b["opponent_losses"])
    mine = sum(f["player"]["strength"] for f in b["fronts"] if f["player"]) + b["player_bonus"]
    theirs = sum(f["opponent"]["strength"] for f in b["fronts"] if f["opponent"]) + b["opponent_bonus"]
    you_play = b["next"] == "player"
    head = (tr.t("Battle against your capital: opponent level {level}, rank {rank}, card limit {limit}; you to play",
                 level=info["level"], rank=RANK_NAMES[info["rank"]], limit=info["limit"]) if you_play else
            tr.t("Battle against your capital: opponent level {level}, rank {rank}, card limit {limit}; the opponent "
                 "to play", level=info["level"], rank=RANK_NAMES[info["rank"]], limit=info["limit"]))
    totals = (N_("Surviving strength + bonus: you {mine} (bonus {bonus}) · the opponent {theirs} (bonus {their_bonus}) "
                 "· a tie goes to you") if obs["options"]["battle-tie"] == "player" else
              N_("Surviving strength + bonus: you {mine} (bonus {bonus}) · the opponent {theirs} (bonus {their_bonus}) "
                 "· a tie goes to the opponent"))
    summary = tr.t(totals, mine=f"<b>{mine}</b>", bonus=b["player_bonus"], theirs=f"<b>{theirs}</b>",
                   their_bonus=b["opponent_bonus"])
    pile = tr.nt("{n} card", "{n} cards", deck)
    down = tr.t("face down")
    no_front = paragraph(tr.t("No front opened yet."))
    empty = paragraph(tr.t("empty"))
    deck_head, fronts_head, hand_head = (heading(tr.t("Opponent deck")),
                                         heading(tr.t("Fronts (theirs above, yours below)")),
                                         heading(tr.pt("battle", "Your hand")))
    piles = _pile(tr.t("Your units destroyed"), lost) + _pile(tr.t("Its units destroyed"), their_lost)
    return (
        f'<section class="mat battle">{heading(head)}'
        f'<div class="side-row"><div>{deck_head}<div class="pile">{e(pile)}<br>{e(down)}'
        f'</div></div>{face}<div>{fronts_head}<div class="fronts">'
        f'{"".join(fronts) or no_front}</div></div></div>'
        f'<div class="side-row"><div>{hand_head}<div class="cards">{hand or empty}</div></div>'
        f'{piles}</div>'
        f'<div class="totals">{summary}</div></section>')


def _pile(title: str, cards: str) -> str:
    return f'<div><h4>{e(title)}</h4><div class="cards">{cards}</div></div>' if cards else ""


# ------------------------------------------------------------ the player
def you(obs: dict[str, Any], tr: Translator) -> str:
    """SOLO-4.1.4, SOLO-4.1.5: the wound markers owed; the unit cards last entered; what
    the automa has taken."""
    debt = {k: v for k, v in obs["debt"].items() if v}
    if debt:
        later = tr.t("paid off by the next ones you gain")
        owed_boxes = "".join(
            f'<div class="fact"><div class="small">{e(markers_for(k, tr))}</div><div class="big wound">'
            f'{"✖" * min(v, 10)} {v}</div><div class="small">{e(later)}</div></div>' for k, v in debt.items())
    else:
        markers = tr.t("wound markers")
        owed_boxes = f'<div class="fact"><div class="small">{e(markers)}</div><div class="big">0</div></div>'
    units = obs["units"]
    none = paragraph(tr.pt("cards", "none"))
    cards = ("" if units is None else heading(tr.t("Your unit cards, as last entered")) + '<div class="cards">'
             + ("".join(unit_card(u, "mini", tr) for u in units) or none) + "</div>")
    return ("<section>" + heading(tr.t("You")) + f'<div class="facts">{owed_boxes}</div>{cards}'
            + _ledger(obs["ledger"], tr) + "</section>")


def turn_name(turn: int, tr: Translator) -> str:
    return tr.t("turn {turn}", turn=turn)


def markers_for(kind: str, tr: Translator) -> str:
    return tr.t("wound markers for {what}", what=debt_label(kind, tr))


LEDGER_WORDS = {"culture": NN_("{n} culture token", "{n} culture tokens"),
                "resources": NN_("{n} resource token", "{n} resource tokens"),
                "people": NN_("{n} great person", "{n} great persons"),
                "buildings": NN_("{n} building or wonder", "{n} building or wonders"),
                "armies": NN_("{n} army figure", "{n} army figures"),
                "destroyer": NN_("{n} destroying culture event card", "{n} destroying culture event cards"),
                "card": NN_("{n} culture event card", "{n} culture event cards")}
"""What the ledger counts (the English plural adds an 's', as it always did)."""


def _ledger_line(item: str, change: int, detail: Any, tr: Translator) -> str:
    if item == "unit" and isinstance(detail, list):
        return tr.t("unit card lost: {card}", card=unit_text(detail, tr))
    n = abs(change)
    if item in LEDGER_WORDS:
        one, many = LEDGER_WORDS[item]
        what = tr.nt(one, many, n)
    else:
        what = f"{n} {item if n == 1 else item + 's'}"
    if detail == "debt":
        return tr.nt("{what} gained went to pay off wound markers", "{what} gained went to pay off wound markers", n,
                     what=what)
    return tr.t("lost {what}", what=what) if change < 0 else tr.t("gained {what}", what=what)


def _ledger(ledger: Iterable[list[Any]], tr: Translator) -> str:
    """The automa's ledger (what it took or gave), the last few entries."""
    rows = list(ledger)
    if not rows:
        return ""
    shown = rows[-8:]
    body = "".join(f"<tr><td>{e(turn_name(t, tr))}</td><td>{e(_ledger_line(item, c, d, tr))}</td></tr>"
                   for t, item, c, d in shown)
    more = paragraph(tr.t("… and {n} earlier", n=len(rows) - len(shown))) if len(rows) > len(shown) else ""
    return (heading(tr.t("Your supply: what the automa took or gave")) + f'<table class="ledger">{body}</table>'
            + more)
