"""Mega Civilization at the terminal: the status screen of an observation, action
labels and menu paths (first the area, then what to do there; an offer built card
by card), and the help of the current decision (``Game.help``, one paragraph per
step).

Everything here is a function of the viewer's observation and of the game's data
(map, cards, advances, tables): it cannot show what the viewer may not see. Every
text is in the reader's language (``tr``; the hooks' functions are ``@localizable``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.events import Viewer
from civtable.i18n import ENGLISH, N_, NN_, Translator, localizable

from ..catalog import set_value
from ..rules.scoring import advance_vp
from .explain import step_task
from .outcome import TASKS, lacking, passing_on, struck
from .words import SeatNames, phase_title, semicolon

if TYPE_CHECKING:
    from ..game import MegaCiv

WIDTH = 100


def wrap(first: str, items: Iterable[str], indent: str = "    ", sep: str = "  ") -> list[str]:
    """``first`` followed by ``items`` joined, wrapped at ``WIDTH`` characters."""
    lines: list[str] = []
    line = first
    fresh = True
    for item in items:
        piece = item if fresh else sep + item
        if not fresh and len(line) + len(piece) > WIDTH:
            lines.append(line)
            line = indent + item
        else:
            line += piece
        fresh = False
    lines.append(line)
    return lines


REQUIREMENTS = {
    "min_cities": NN_("{n} cities", "{n} cities"), "min_advances": NN_("{n} advances", "{n} advances"),
    "min_advances_cost_below_100": NN_("{n} advances cost below 100", "{n} advances cost below 100"),
    "min_advances_cost_100_or_more": NN_("{n} advances cost 100 or more", "{n} advances cost 100 or more"),
    "min_advances_cost_200_or_more": NN_("{n} advances cost 200 or more", "{n} advances cost 200 or more"),
    "min_vp_from_advances": NN_("{n} vp from advances", "{n} vp from advances"),
}
"""What entering an epoch needs (``data/tables.json``), as the English screen has always
written it ("2 cities"); a translation gives each its plural forms."""


def requirement(key: str, value: int, tr: Translator = ENGLISH) -> str:
    """One requirement of an epoch: "3 cities"."""
    forms = REQUIREMENTS.get(key)
    if forms is None:
        return f"{tr.number(value)} {key.replace('min_', '').replace('_', ' ')}"
    return tr.nt(forms[0], forms[1], value)


def requirements_text(need: dict[str, int], tr: Translator = ENGLISH) -> str:
    return ", ".join(requirement(k, v, tr) for k, v in need.items() if v)


def table_row(cells: list[str], widths: list[int]) -> str:
    """Cells right-aligned to their widths (a translated players' table)."""
    return "".join(c.rjust(w) for c, w in zip(cells, widths, strict=False))


class Screen(SeatNames):
    """The screen of one observation for one viewer."""

    def __init__(self, game: MegaCiv, obs: dict[str, Any], viewer: Viewer, tr: Translator = ENGLISH) -> None:
        self.game = game
        self.w = game.words
        self.board = game.rules.board
        self.cat = game.rules.catalog
        self.obs = obs
        self.viewer = viewer
        self.players = obs["players"]
        self.owner: dict[str, int] = {a: p["seat"] for p in self.players for a in p["cities"]}
        self.tr = tr

    # ------------------------------------------------------------ pieces
    def area_text(self, area_id: str, mine: int | None) -> str:
        """An area: its name, the viewer's tokens over its limit, a city site (*), a city,
        and the other units there."""
        tr = self.tr
        area = self.board.areas[self.board.index(area_id)]
        limit = area.population_limit or 0
        site = "*" if area.city_site else ""
        here = self.players[mine]["tokens"].get(area_id, 0) if mine is not None else 0
        name = self.w.area(area_id, tr)
        text = f"{name}{site} {here}/{limit}" if mine is not None else f"{name}{site} /{limit}"
        extra = []
        owner = self.owner.get(area_id)
        if owner is not None:
            extra.append(tr.t("your city") if owner == mine else tr.t("city of {civ}", civ=self.civ(owner)))
        if area_id in self.obs["pirates"]:
            extra.append(tr.t("pirate city"))
        for p in self.players:
            k = p["tokens"].get(area_id, 0)
            if k and p["seat"] != mine:
                extra.append(f"{self.civ(p['seat'])} {k}")
        barb = self.obs["barbarians"].get(area_id)
        if barb:
            extra.append(tr.t("barbarians {n}", n=barb))
        moved = self.obs["moved"].get(area_id) if mine is not None and mine == self.viewer else None
        if moved and self.obs["step"] == "move":
            extra.append(tr.nt("{n} moved", "{n} moved", moved))
        return text + (f" ({', '.join(extra)})" if extra else "")

    def hand_items(self, hand: list[str]) -> tuple[list[str], int]:
        """The hand grouped by card with the value of each set (n squared times the face value)."""
        tr = self.tr
        cards = self.cat.cards
        counts: dict[str, int] = {}
        for c in hand:
            counts[c] = counts.get(c, 0) + 1
        parts, total, calamities = [], 0, []
        for c, k in sorted(counts.items(), key=lambda kv: (cards[self.cat.card_index[kv[0]]].stack, kv[0])):
            card = cards[self.cat.card_index[c]]
            name = self.w.card(c, tr)
            if card.calamity:
                kind = [tr.t("major") if card.major else tr.t("minor")] + ([] if card.tradable else [tr.t("not tradable")])
                calamities.append(f"{name} ({', '.join(kind)})" + (f" x{k}" if k > 1 else ""))
                continue
            value = set_value(k, card.face_value) if card.commodity else 0
            total += value
            parts.append(tr.t("{card} x{n} (value {value}, set {worth})", card=name, n=k, value=card.face_value, worth=value)
                         if k > 1 else tr.t("{card} (value {value})", card=name, value=card.face_value))
        if calamities:
            parts.append(tr.t("calamities: {cards}", cards=", ".join(calamities)))
        return parts or [tr.t("no cards")], total

    def credits(self, seat: int) -> dict[str, int]:
        """MC-12.2: the credit of each group from the advances owned and the credit tokens."""
        p = self.players[seat]
        out = {g: p["credit_tokens"].get(g, 0) for g in self.cat.groups}
        for a in p["advances"]:
            for g, k in self.cat.advances[self.cat.advance_index[a]].credits.items():
                out[g] += k
        return out

    # ------------------------------------------------------------ the screen
    @localizable
    def render(self, *, tr: Translator = ENGLISH) -> str:
        self.tr = tr
        lines = [self.header()]
        if self.viewer is not None:
            lines += self.me()
        lines += self.table()
        lines += self.map_lines() if self.viewer is not None else self.board_lines()
        lines += self.situation()
        return "\n".join(lines)

    def header(self) -> str:
        obs, tr = self.obs, self.tr
        last = self.game.options["last-turn"]
        if obs["over"]:
            return tr.t("Mega Civilization: the game is over after turn {turn}.", turn=obs["turn"])
        args = {"turn": obs["turn"], "last": last, "phase": obs["phase"], "title": phase_title(obs["phase"], tr),
                "task": step_task(obs["step"], tr)}
        if self.game.options["game-end"] == "A":
            return tr.t("Mega Civilization, turn {turn} of at most {last}: phase {phase} {title} ({task})", **args)
        return tr.t("Mega Civilization, turn {turn} of {last}: phase {phase} {title} ({task})", **args)

    def me(self) -> list[str]:
        assert self.viewer is not None
        tr = self.tr
        me = self.players[self.viewer]
        epoch = self.game.rules.epoch_of(me["civilization"], me["ast"])
        lines = [tr.t("You: {who}, AST square {ast} ({epoch}), {vp} VP; stock {stock}, treasury {treasury}, census "
                      "{census}, cities in stock {cities}, ships in stock {ships}", who=self.who(self.viewer),
                      ast=me["ast"], epoch=self.w.epoch(epoch, tr), vp=me["vp"], stock=me["stock"],
                      treasury=me["treasury"], census=me["census"], cities=me["cities_in_stock"],
                      ships=me["ships_in_stock"])]
        hand, value = self.hand_items(self.obs["hand"])
        limit = self.cat.hand_limit(len(self.players))
        size = len(self.obs["hand"])
        lines += wrap("  " + tr.nt("Hand ({n} card, limit {limit}, sets worth {value}):",
                                   "Hand ({n} cards, limit {limit}, sets worth {value}):", size, limit=limit,
                                   value=value) + " ", hand)
        advances = [self.w.advance(a, tr) for a in me["advances"]]
        credits = self.credits(self.viewer)
        lines += wrap("  " + tr.t("Advances:") + " ", advances or [tr.pt("nothing listed", "none")], sep=", ")
        text = tr.t("Credits: {credits}", credits=", ".join(f"{self.w.group(g, tr)} {k}" for g, k in credits.items()))
        if me["tax_rate"]:
            text += tr.t("; tax {n} per city", n=max(0, 2 + me["tax_rate"]))
        lines.append("  " + text)
        lines.append("  " + self.ast_track(me))
        return lines

    def ast_track(self, me: dict[str, Any]) -> str:
        """MC-13.1: the next epoch on the viewer's AST track and what entering it needs."""
        tr = self.tr
        tables = self.game.rules.tables
        starts = sorted(tables.civ(me["civilization"]).epoch_start.items(), key=lambda kv: kv[1])
        ahead = [(e, k) for e, k in starts if k > me["ast"]]
        if not ahead:
            return tr.t("AST: square {square} of {spaces}, the last epoch", square=me["ast"], spaces=tables.spaces)
        epoch, square = ahead[0]
        words = requirements_text(tables.requirements.get(epoch, {}), tr)
        args = {"ast": me["ast"], "spaces": tables.spaces, "epoch": self.w.epoch(epoch, tr), "square": square}
        if words:
            return tr.t("AST: square {ast} of {spaces}; the {epoch} starts at square {square} and needs {needs}",
                        needs=words, **args)
        return tr.t("AST: square {ast} of {spaces}; the {epoch} starts at square {square}", **args)

    def table(self) -> list[str]:
        tr = self.tr
        if tr.english:
            lines = ["Players in AST order:   AST  VP  tokens/areas cities treasury stock cards ships"]
        else:
            heads = [tr.pt("column", "AST"), tr.pt("column", "VP"), tr.pt("column", "tokens/areas"),
                     tr.pt("column", "cities"), tr.pt("column", "treasury"), tr.pt("column", "stock"),
                     tr.pt("column", "cards"), tr.pt("column", "ships")]
            widths = [max(w, len(h) + 1) for w, h in zip((4, 4, 10, 7, 9, 6, 6, 6), heads, strict=True)]
            first = tr.t("Players in AST order:")
            lead = max(23, len(first) + 1)
            lines = [first.ljust(lead) + table_row(heads, widths)]
        you_word = tr.t("(you)")
        for seat in self.obs["ast_order"]:
            p = self.players[seat]
            tokens = sum(p["tokens"].values())
            mark = ">" if seat in self.obs["to_move"] else " "
            revealed = ("  " + tr.t("calamity revealed: {cards}", cards=", ".join(
                self.w.card(c, tr) for c in p["revealed"])) if p["revealed"] and self.obs["phase"] in (8, 9) else "")
            declared = p.get("calamities_declared")
            held = "  " + tr.nt("holds {n} calamities", "holds {n} calamities", declared) if declared else ""
            you = you_word if seat == self.viewer else ""
            if tr.english:
                lines.append(f" {mark}{seat:>2} {self.civ(seat)[:12]:<12}{you:<6}"
                             f"{p['ast']:>4}{p['vp']:>4}  {tokens:>4}/{len(p['tokens']):<3}    {len(p['cities']):>2}"
                             f"{p['treasury']:>8}{p['stock']:>6}{p['hand_size']:>6}{len(p['ships_on_map']):>6}"
                             f"{revealed}{held}")
                continue
            cells = [str(p["ast"]), str(p["vp"]), f"{tokens}/{len(p['tokens'])}", str(len(p["cities"])),
                     str(p["treasury"]), str(p["stock"]), str(p["hand_size"]), str(len(p["ships_on_map"]))]
            head = f" {mark}{seat:>2} {self.civ(seat)[:12]:<12}{you:<{len(you_word) + 1}}".ljust(lead)
            lines.append(head + table_row(cells, widths) + revealed + held)
        return lines

    def map_lines(self) -> list[str]:
        """The viewer's areas, then the areas next to them (with whoever stands there)."""
        assert self.viewer is not None
        tr = self.tr
        me = self.players[self.viewer]
        mine = sorted(set(me["tokens"]) | set(me["cities"]), key=self.board.index)
        lines = wrap(tr.t("Your areas (your tokens/limit, * city site):") + " ",
                     [self.area_text(a, self.viewer) for a in mine] or [tr.pt("nothing listed", "none")], sep=semicolon(tr))
        near: set[int] = set()
        for a in mine:
            near.update(self.board.areas[self.board.index(a)].land)
        others = [self.board.areas[b].id for b in sorted(near) if self.board.areas[b].id not in mine]
        if others:
            lines += wrap(tr.t("Next to them:") + " ", [self.area_text(a, None) for a in others], sep=semicolon(tr))
        ships = self.obs["ships"]
        if ships:
            lines.append("  " + tr.t("Your ships built this turn: {areas}",
                                     areas=", ".join(self.w.area(a, tr) for a in ships)))
        return lines

    def board_lines(self) -> list[str]:
        """For a spectator: each player's areas and cities, then the barbarians and pirates."""
        tr = self.tr
        area = self.w.area
        lines: list[str] = []
        for seat in self.obs["ast_order"]:
            p = self.players[seat]
            items = [f"{area(a, tr)} {k}" for a, k in sorted(p["tokens"].items(), key=lambda x: self.board.index(x[0]))]
            items += [tr.t("city {area}", area=area(a, tr)) for a in p["cities"]]
            lines += wrap(f"  {self.civ(seat)}: ", items or [tr.t("nothing on the map")], sep=", ")
        extra = [tr.t("barbarians {area} {n}", area=area(a, tr), n=k) for a, k in self.obs["barbarians"].items()]
        extra += [tr.t("pirate city {area}", area=area(a, tr)) for a in self.obs["pirates"]]
        if extra:
            lines += wrap("  " + tr.t("Others:") + " ", extra, sep=", ")
        return lines

    # ------------------------------------------------------------ what is going on
    def situation(self) -> list[str]:
        obs, tr = self.obs, self.tr
        lines: list[str] = []
        if obs["over"]:
            ranked = sorted(self.players, key=lambda p: -p["vp"])
            scores = ", ".join(tr.t("{who} {vp} VP", who=self.who(p["seat"]), vp=p["vp"]) for p in ranked)
            lines.append(tr.t("Final score: {scores}", scores=scores))
            lines.append(tr.t("Winners: {who}", who=", ".join(self.who(p) for p in obs["winners"])))
            return lines
        if obs.get("waiting_for"):
            lines.append(tr.t("Deciding at the same time (choices hidden until all are done): {who}",
                              who=", ".join(self.who(p) for p in obs["waiting_for"])))
        elif obs["to_move"]:
            lines.append(tr.t("To decide: {who}", who=self.who(obs["to_move"][0])))
        step = obs["step"]
        if step == "revolt" and obs["revolt_victim"] is not None:
            lines.append(tr.t("Tax revolt: {who} could not pay his tax; the Beneficiary chooses which of his cities "
                              "goes over to him.", who=self.who(obs["revolt_victim"])))
        if obs["deal"] is not None:
            lines += self.deal_lines(obs["deal"])
        elif step == "trade":
            lines.append(tr.t("Trade, round {round} of {rounds}.", round=obs["trade_round"] + 1,
                              rounds=self.game.options["trade-rounds"]))
        lines += self.trade_lines()
        lines += passing_on(self.w, self.cat, obs["hand"], tr) if step == "trade" and self.viewer is not None else []
        if obs["task"] is not None:
            lines.append(self.task_line(obs["task"]))
            if obs["task"]["calamity"]:
                lines.append("  " + self.w.effect(obs["task"]["calamity"], tr))
        if obs["phase"] >= 9:  # this turn's calamities (MC-9), not the last turn's on the next screens
            lines += [f"{head}: {done}" for _, head, done in struck(self.w, obs, self.who, tr)]
        if step == "buy" and self.viewer in obs["to_move"] and obs.get("costs") and obs["pay"] is None:
            lines += lacking(self.w, obs["costs"], tr)
        if step == "discard" and obs["phase"] == 12 and self.viewer in obs["to_move"]:  # MC-12.4
            limit = self.cat.hand_limit(len(self.players))
            if len(obs["hand"]) > limit:
                lines.append(tr.nt("Your hand is over its limit of {limit}: discard {n} card.", "Your hand is over "
                                   "its limit of {limit}: discard {n} cards.", len(obs["hand"]) - limit, limit=limit))
            lines += lacking(self.w, obs["costs"], tr) if obs.get("costs") else []  # why no advance was offered
        if obs["calamities_pending"]:
            lines.append(tr.t("Calamities still to come: {cards}", cards=", ".join(
                f"{self.w.card(c, tr)} ({self.who(v)})" for v, c in obs["calamities_pending"])))
        if obs["pay"] is not None:
            pay = obs["pay"]
            counts: dict[str, int] = {}
            for c in pay["cards"]:
                counts[c] = counts.get(c, 0) + 1
            cards = ", ".join(f"{k} {self.w.card(c, tr)}" for c, k in counts.items()) or tr.t("nothing yet")
            lines.append(tr.t("Paying for {advance}: price {price}, paid {paid} ({cards}), {left} to go.",
                              advance=self.w.advance(pay["advance"], tr), price=pay["price"], paid=pay["paid"],
                              cards=cards, left=max(0, pay["price"] - pay["paid"])))
        return lines

    def side_text(self, side: dict[str, Any]) -> str:
        tr = self.tr
        names = [self.w.card(c, tr) for c in side["shown"]]
        shown = " and ".join(names) if tr.english else tr.join(names)
        declared = ", ".join(self.w.card(c, tr) for c in side["declared"])
        hidden = side.get("hidden")
        k = side["hidden_count"]
        if not k:
            return tr.t("{shown} shown, no hidden card yet", shown=shown)
        text = tr.nt("{shown} shown + {n} hidden card declared as {declared}",
                     "{shown} shown + {n} hidden cards declared as {declared}", k, shown=shown, declared=declared)
        if hidden:
            text += " " + tr.t("(yours: {cards})", cards=", ".join(self.w.card(c, tr) for c in hidden))
        return text

    def deal_lines(self, deal: dict[str, Any]) -> list[str]:
        tr = self.tr
        building = " " + tr.t("(being built)")
        lines = [tr.t("Offer of {who}: {side}", who=self.who(deal["from"]), side=self.side_text(deal))
                 + (building if deal["stage"] == "offer" else "")]
        for q, side in deal["counters"].items():
            lines.append("  " + tr.t("counter-offer of {who}: {side}", who=self.who(int(q)), side=self.side_text(side))
                         + (building if deal["building"] == int(q) else ""))
        if deal["declined"]:
            lines.append("  " + tr.t("declined: {who}", who=", ".join(self.who(q) for q in deal["declined"])))
        if deal["stage"] == "accept":
            lines.append("  " + tr.t("{who} accepts one counter-offer or rejects them all.", who=self.who(deal["from"])))
        return lines

    def trade_lines(self) -> list[str]:
        """MC-7.5: this turn's closed deals (who traded with whom, how many cards), one a line, from phase 7 on."""
        tr = self.tr
        if not self.obs["trades"] or self.obs["phase"] < 7:
            return []
        return [tr.t("Deals closed this turn:")] + ["  " + tr.t(
            "{a} and {b}: {gave} cards for {got}", a=self.who(t["proposer"]), b=self.who(t["responder"]),
            gave=t["gave"], got=t["got"]) for t in self.obs["trades"]]

    def task_line(self, task: dict[str, Any]) -> str:
        tr = self.tr
        kind, count = task["kind"], task["count"]
        cause = self.w.card(task["calamity"], tr) if task["calamity"] else tr.t("An ability")
        args = {"victim": self.who(task["victim"]), "chooser": self.who(task["chooser"]), "city": self.cat.damage_city}
        forms = TASKS.get(kind)
        what = kind if forms is None else tr.ngettext(forms[0], forms[1], count if isinstance(count, int) else 0).format(
            n=tr.number(count), **args)
        by_chooser = kind in ("annex", "annex-city", "pirate", "barbarians")
        if by_chooser or task["chooser"] == task["victim"]:
            return tr.t("{cause}: {what}.", cause=cause, what=what)
        return tr.t("{cause}: {what} ({chooser} chooses).", cause=cause, what=what, chooser=args["chooser"])




# ------------------------------------------------------------ menus
@localizable
def label(game: MegaCiv, action: Action, obs: dict[str, Any], *, tr: Translator = ENGLISH) -> str:
    """An action in words, with its costs and what the viewer has to pay them."""
    w = game.words
    kind, args = action.kind, action.args
    text = w.action(action.text, tr)
    me = obs["players"][obs["player"]] if obs.get("player") is not None else None
    if me is None:
        return text
    if kind == "buy" and obs.get("prices"):
        adv = game.rules.catalog.advances[game.rules.catalog.advance_index[args[0]]]
        return tr.t("{action} (cost {cost}, your price {price})", action=text, cost=adv.cost,
                    price=obs["prices"].get(args[0], adv.cost))
    if kind == "pay" and len(args) == 1 and isinstance(args[0], str) and not args[0].isdigit():
        card = game.rules.catalog.cards[game.rules.catalog.card_index[args[0]]]
        k = obs["hand"].count(args[0]) - (obs["pay"]["cards"].count(args[0]) if obs["pay"] else 0)
        return tr.nt("{action} ({n} card, worth {value})", "{action} ({n} cards, worth {value})", k, action=text,
                     value=set_value(k, card.face_value))
    if kind == "treasury" and obs["pay"]:
        return tr.t("{action} ({left} left; treasury {treasury})", action=text,
                    left=obs["pay"]["price"] - obs["pay"]["paid"], treasury=me["treasury"])
    if kind == "buy-card":
        return tr.t("{action} (treasury {treasury})", action=text, treasury=me["treasury"])
    if kind == "city":
        area = game.rules.board.areas[game.rules.board.index(args[0])]
        need = game.rules.tables.numbers["city_on_site" if area.city_site else "city_elsewhere"]
        return tr.nt("{action} ({n} tokens there, {need} needed)", "{action} ({n} tokens there, {need} needed)",
                     me["tokens"].get(args[0], 0), action=text, need=need)
    if kind in ("lose", "grow"):
        return tr.nt("{action} ({n} of your tokens there)", "{action} ({n} of your tokens there)",
                     me["tokens"].get(args[0], 0), action=text)
    if kind == "victim":
        p = obs["players"][int(args[0])]
        tokens = sum(p["tokens"].values())
        return tr.nt("choose player {seat} {civ} ({tokens} tokens, {n} city) as a secondary victim",
                     "choose player {seat} {civ} ({tokens} tokens, {n} cities) as a secondary victim",
                     len(p["cities"]), seat=args[0], civ=w.civ(p["civilization"], tr), tokens=tokens)
    return text


@localizable
def path(game: MegaCiv, action: Action, obs: dict[str, Any], *, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """Where an action sits in the menu: moves under their area, sailing under its
    destination, offers card by card, advances by group, losses by kind."""
    w = game.words
    kind, args = action.kind, action.args
    me = obs["players"][obs["player"]] if obs.get("player") is not None else None
    if kind in ("move", "ship", "sail") and me is not None:
        src = args[0]
        moved = obs["moved"].get(src, 0)
        k = me["tokens"].get(src, 0)
        if moved:
            here = tr.nt("{area} ({n} token, {moved} moved)", "{area} ({n} tokens, {moved} moved)", k,
                         area=w.area(src, tr), moved=moved)
        else:
            here = tr.nt("{area} ({n} token)", "{area} ({n} tokens)", k, area=w.area(src, tr))
        if kind == "move":
            dest = _place(game, obs, args[-1], tr)
            if len(args) == 3:
                return here, tr.t("move a token through {via} to {place}", via=w.area(args[1], tr), place=dest)
            return here, tr.t("move a token to {place}", place=dest)
        if kind == "ship":
            return here, w.action(action.text, tr)
        return (here, tr.t("sail to {place}", place=_place(game, obs, args[1], tr)),
                tr.nt("with {n} token", "with {n} tokens", int(args[2])))
    if kind in ("offer", "counter"):
        what = tr.t("make an offer") if kind == "offer" else tr.t("make a counter-offer")
        return what, tr.t("show {card}", card=w.card(args[0], tr)), tr.t("and {card}", card=w.card(args[1], tr))
    if kind == "add":
        declared = tr.t("declared as {card}", card=w.card(args[2], tr))
        names = game.rules.declarable
        if len(names) > NAMES_AT_ONCE:  # many names (9 players or more): by stack first
            stack = game.rules.catalog.cards[game.rules.catalog.card(args[2])].stack
            group = tr.t("a name of stack {n}", n=stack) if stack else tr.t("another name")
            return tr.t("add a hidden card"), w.card(args[0], tr), group, declared
        return tr.t("add a hidden card"), w.card(args[0], tr), declared
    if kind == "buy":
        adv = game.rules.catalog.advances[game.rules.catalog.advance_index[args[0]]]
        vp = advance_vp(adv.cost, game.rules.tables.vp, game.rules.exactly_200_high)
        price = obs["prices"].get(args[0], adv.cost) if obs.get("prices") else adv.cost
        return (tr.t("buy an advance of {group}", group=w.group(adv.groups[0], tr)),
                tr.t("{advance} (cost {cost}, your price {price}, {vp} VP)", advance=w.advance(adv.id, tr),
                     cost=adv.cost, price=price, vp=vp))
    if kind in AREA_TASKS and obs["step"] == "task" and obs["task"] is not None:
        victim = obs["players"][obs["task"]["victim"]]
        if len(set(victim["tokens"]) | set(victim["cities"])) > 20:  # many areas: by region first
            region = game.rules.board.areas[game.rules.board.index(args[0])].region
            where = tr.t("in the region of {civ}", civ=w.civ(region, tr)) if region else tr.t("elsewhere")
            return where, label(game, action, obs, tr=tr)
    if kind == "diaspora":
        return (w.advance("diaspora", tr), tr.t("from {area}", area=w.area(args[0], tr)),
                tr.t("to {area}", area=w.area(args[1], tr)))
    return (label(game, action, obs, tr=tr),)


NAMES_AT_ONCE = 24
"""The most declarable names listed on one menu level (the small map's 19; 9 players and
more are grouped by stack)."""

AREA_TASKS = ("lose", "lose-city", "annex", "reduce", "destroy", "barbarians", "pirate")
"""Task choices named by an area: grouped by region when the victim holds many areas."""


def _place(game: MegaCiv, obs: dict[str, Any], area_id: str, tr: Translator = ENGLISH) -> str:
    """A destination with its limit and whoever is there."""
    w = game.words
    area = game.rules.board.areas[game.rules.board.index(area_id)]
    there = []
    for p in obs["players"]:
        mine = p["seat"] == obs["player"]
        k = p["tokens"].get(area_id, 0)
        if k:
            whose = tr.t("you") if mine else w.civ(p["civilization"], tr)
            there.append(f"{whose} {k}")
        if area_id in p["cities"]:
            there.append(tr.t("your city") if mine else tr.t("city of {civ}", civ=w.civ(p["civilization"], tr)))
    if obs["barbarians"].get(area_id):
        there.append(tr.t("barbarians {n}", n=obs["barbarians"][area_id]))
    inner = tr.t("limit {n}", n=area.population_limit or 0)
    if area.city_site:
        inner += ", " + tr.t("city site")
    if there:
        inner += semicolon(tr) + ", ".join(there)
    return f"{w.area(area_id, tr)} ({inner})"


# ------------------------------------------------------------ help
STEP_HELP: dict[str, str] = {
    "revolt": N_(
        "Tax revolt (MC-1.2): a player could not pay his tax, and you are the Beneficiary (most cities in stock, "
        "then most tokens in stock, then AST order). Choose which of his cities becomes yours: 'revolt AREA'"
        " (or 'decline' where the rules let you)."),
    "grow": N_(
        "Population expansion (MC-2.1): every area with your tokens grows, +1 where you have one token, +2 where "
        "you have two or more; your stock cannot pay it all, so choose the areas that grow one at a time: "
        "'grow AREA'."),
    "move": N_(
        "Movement (MC-3): each token may move once, to a land area next to it ('move FROM TO'; with Roadbuilding "
        "'move FROM THROUGH TO'). A ship ('ship AREA HOW') costs 2 tokens in that coastal area ('tokens'), 1 there "
        "and 1 elsewhere ('split'), 2 from treasury ('treasury') or 1 token and 1 treasury ('mixed'); it carries up "
        "to 5 tokens up to 4 areas along the coast ('sail FROM TO COUNT'). 'done' ends your movement. Areas with "
        "more tokens than their limit at the end of movement fight (phase 4)."),
    "military": N_(
        "Advanced Military (MC-4): in a conflict you take part in, you may remove tokens from the land areas next "
        "to it instead of those in it: 'reinforce AREA', then 'done'."),
    "build": N_(
        "City construction (MC-5.1): a city needs 6 of your tokens on a city site (marked *), 12 elsewhere; the "
        "tokens go back to your stock: 'city AREA' ('city AREA treasury' with Architecture, 'city AREA adjacent' "
        "with Urbanism), 'done' when you have built what you want. Then surplus tokens are removed (MC-5.2) and "
        "each city needs 2 tokens on the map (MC-5.3)."),
    "reduce": N_(
        "City support (MC-5.3): your cities need 2 of your tokens on the map each; you do not have enough, so "
        "reduce cities one at a time ('reduce AREA'): a reduced city becomes tokens, up to the area's limit."),
    "cards": N_(
        "Trade cards (MC-6): you drew one card from stacks 1 to N for your N cities. You may buy more with "
        "treasury: 'buy-card STACK COST' (the cost goes back to your stock), 'done' to stop."),
    "trade": N_(
        "Trade (MC-7): an offer shows two cards and hides at least one more, each hidden card declared as any "
        "commodity, true or not. Written 'offer SHOWN1 SHOWN2', then 'add HIDDEN as DECLARED' for each hidden "
        "card, then 'post'. The others answer with 'counter ...' (built the same way) or 'decline'; the "
        "proposer then 'accept SEAT' or 'reject'. 'pass' makes no offer. Others see only the shown cards, the "
        "declarations and how many cards are hidden; a set of n cards of one commodity is worth n x n x its value."),
    "discard": N_(
        "Discarding (MC-8.2 / MC-12.4): in phase 8 you may keep at most 3 calamities (2 major) and no two alike; in "
        "phase 12 your hand is over its limit. Choose a card to discard: 'discard CARD'."),
    "task": N_(
        "Calamity or ability (MC-9, MC-10): its effect is chosen one unit at a time: 'lose AREA' (a token, 1 "
        "point), 'lose-city AREA' (a city, 5 points), 'reduce AREA', 'destroy AREA', 'annex AREA', 'victim SEAT', "
        "'barbarians AREA', 'discard CARD', 'keep CARD', 'give CARD', 'credit GROUP', 'take ADVANCE'..."),
    "special": N_(
        "Special abilities (MC-10.1): your advances let you act now: 'tax-rate K' (Coinage, Monarchy), "
        "'trade-routes CARD', 'politics-treasury' / 'politics-annex AREA', 'fundamentalism AREA', 'monotheism "
        "AREA', 'universal-doctrine AREA', 'provincial-empire SEAT', 'diaspora FROM TO'; 'done' to stop."),
    "buy": N_(
        "Civilization Advances (MC-12): 'buy ADVANCE' fixes its price (cost less your credits of its group); then "
        "pay with whole sets of cards ('pay CARD': every card of that commodity, n x n x its value) and with "
        "treasury ('treasury' pays the rest); no change is given. 'cancel' gives everything back, 'done' stops. "
        "Advances score 1, 3 or 6 VP by cost and give credits towards others."),
}

NOTATION = N_("Actions are written with ids: areas in snake_case (kings_vale), cards and advances in lower case with "
              "hyphens (civil-war, drama-and-poetry); names with spaces are understood too ('grow Kings Vale'). "
              "'civtable cards mega-civ' lists every card and advance with its numbers.")


@localizable
def help_text(game: MegaCiv, obs: dict[str, Any], viewer: Viewer, *, tr: Translator = ENGLISH) -> str:
    phase = obs["phase"]
    lines = [tr.t("Turn {turn}, phase {phase}: {title}. A turn has 13 phases: tax, expansion, movement, conflict, "
                  "cities, trade cards, trade, calamity selection and resolution, special abilities, surplus removal, "
                  "advances, AST.", turn=obs["turn"], phase=phase, title=phase_title(phase, tr))]
    step = obs["step"]
    if obs["over"]:
        lines.append(tr.t("The game is over: the most victory points win (cities, advances, AST squares)."))
    elif viewer is not None and viewer in obs["to_move"]:
        lines.append(tr.gettext(STEP_HELP[step]) if step in STEP_HELP else "")
        if obs.get("waiting_for"):
            lines.append(tr.t("The others decide at the same time; nobody sees your choices before all are done."))
    else:
        what = tr.gettext(STEP_HELP[step]) if step in STEP_HELP else step
        lines.append(tr.t("You have nothing to decide now: {what}.", what=what.split(":")[0]))
    lines.append(tr.gettext(NOTATION))
    lines.append(tr.t("The screen: areas as 'Name* tokens/limit' (* a city site); the players' table in AST order "
                      "('>' marks who decides)."))
    return "\n".join(line for line in lines if line)
