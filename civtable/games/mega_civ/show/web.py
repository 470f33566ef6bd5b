"""Mega Civilization in the browser: ``Game.html`` and ``Game.action_target``.

The page is the map (``webmap.py``: one zoomable SVG) and, beside it, what a
player at the table looks at: whose decision it is, the players in AST order with
their colours, the viewer's trade cards as cards with their values, the offer
under way (shown cards, hidden cards as backs with their declarations, each
counter-offer), the calamities, the trade-card stacks, the advances and the AST
track. Everything is drawn from the viewer's observation and the game's data,
every text escaped. Things a viewer acts on carry ``data-target``: ``area:<id>``
(moves, cities, losses...), ``card:<id>`` (discards, payments), ``stack:<n>``
(buying cards), ``advance:<id>``, ``player:<seat>`` (victims) and
``counter:<seat>`` (accepting a counter-offer); an offer is built card by card
through the menus.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.events import Viewer
from civtable.i18n import ENGLISH, Translator, localizable

from ..catalog import set_value
from ..rules.scoring import advance_vp
from .explain import step_task
from .markup import tag
from .outcome import done_text, struck, task_hint
from .webmap import MAP_CSS, MapDrawing, colour, ink
from .webtrade import TRADE_CSS, TradeTable
from .words import CONTEXT, SeatNames, phase_title, semicolon

if TYPE_CHECKING:
    from ..game import MegaCiv

AREA_KINDS = frozenset(("move", "ship", "sail", "city", "grow", "reduce", "revolt", "reinforce", "lose", "lose-city",
                        "destroy", "annex", "pirate", "barbarians", "politics-annex", "fundamentalism", "monotheism",
                        "universal-doctrine", "diaspora"))
CARD_KINDS = frozenset(("discard", "keep", "give", "trade-routes", "pay", "offer", "counter", "add"))
TARGETS = {**dict.fromkeys(AREA_KINDS, "area"), **dict.fromkeys(CARD_KINDS, "card"), "buy": "advance",
           "take": "advance", "buy-card": "stack", "free-card": "stack", "victim": "player",
           "provincial-empire": "player", "accept": "counter"}
DEAL_WORDS = frozenset(("post", "pass", "decline", "reject"))
"""The trade's answers without a card: the trade table's buttons (``deal:<kind>``)."""
"""The thing each kind of action acts on (named by its first argument)."""
EPOCH_COLOURS = {"stone": "#d9d2c5", "early_bronze": "#e8c9a0", "middle_bronze": "#dcae73", "late_bronze": "#c98d4a",
                 "early_iron": "#a9b4bf", "late_iron": "#7d8b99"}


def action_target(action: Action, obs: dict[str, Any]) -> str | None:
    """``kind:first argument`` for actions on a thing drawn on the page (an offer's first
    shown card, a hidden card added to it; the trade table's buttons); None otherwise
    ('done' and the like: the side menu)."""
    if action.kind in DEAL_WORDS and obs.get("step") == "trade":
        return f"deal:{action.kind}"
    kind = TARGETS.get(action.kind)
    if kind is None or not action.args:
        return None
    first = str(action.args[0])
    if action.kind == "pay" and (first.isdigit() or len(action.args) != 1):
        return None  # paying treasury against a calamity, or Trade Empire's substitute: the menu
    return f"{kind}:{first}"


def action_then(action: Action, obs: dict[str, Any]) -> str | None:
    """Where a move goes, after the area it leaves: ``move A B`` (``move A B C`` with
    Roadbuilding: C), ``sail A B k`` and ``diaspora A B`` go on to ``area:B``."""
    kind = action.kind
    if kind in ("offer", "counter"):  # MC-7.3: the second shown card
        return f"card:{action.args[1]}"
    if kind == "move":
        return f"area:{action.args[-1]}"
    if kind in ("sail", "diaspora"):
        return f"area:{action.args[1]}"
    return None


def action_repeat(game: MegaCiv, action: Action, obs: dict[str, Any]) -> int:
    """MC-3.1: ``move A B`` moves one token, and may be played again while A holds tokens of
    the mover that have not moved this turn; once only where a later token could be barred
    (Cultural Ascendancy of a player with units there bars a move that starts a conflict,
    whatever the number, ``rules.movement.barred``)."""
    if action.kind != "move" or obs.get("player") is None or obs["step"] != "move":
        return 1
    me = obs["players"][obs["player"]]
    src, dest = str(action.args[0]), str(action.args[-1])
    free = me["tokens"].get(src, 0) - obs["moved"].get(src, 0)
    if free <= 1:
        return 1
    params = {a.id: a.params for a in game.rules.catalog.advances}

    def holds(p: dict[str, Any], key: str) -> bool:
        return any(params[a].get(key) for a in p["advances"])

    if holds(me, "no_conflict_with") or holds(me, "ignores_ascendancy"):
        return free
    for p in obs["players"]:
        if p["seat"] != obs["player"] and holds(p, "no_conflict_with") and (p["tokens"].get(dest) or dest in p["cities"]):
            return 1
    return free


class Page(SeatNames):
    """The HTML fragment of one observation for one viewer."""

    def __init__(self, game: MegaCiv, obs: dict[str, Any], viewer: Viewer, tr: Translator = ENGLISH) -> None:
        self.game = game
        self.obs = obs
        self.viewer = viewer
        self.w = game.words
        self.cat = game.rules.catalog
        self.tables = game.rules.tables
        self.players = obs["players"]
        self.tr = tr

    @localizable
    def html(self, *, tr: Translator = ENGLISH) -> str:
        self.tr = tr
        trading = self.obs["phase"] == 7 and self.obs["deal"] is not None or self.obs["step"] == "trade"
        top = TradeTable(self).html() if trading else ""  # MC-7: the trade table above the map
        panels = [self.closed() if not trading else "", "" if trading or self.viewer is None else self.hand(),
                  self.calamities(), self.legend(), self.stacks(), self.ast(), self.advances()]
        wider = "" if tr.english else WIDER_CSS  # a translation's headings are longer than the English ones
        return (f"<style>{MAP_CSS}{CSS}{TRADE_CSS}{wider}</style>"
                + tag("div", self.status() + top + MapDrawing(self.game, self.obs, tr).svg() + self.key()
                      + tag("div", "".join(panels), "mc-panels"), "mc"))

    # ------------------------------------------------------------ pieces
    def swatch(self, seat: int) -> str:
        return tag("span", "", "mc-swatch", style=f"background:{colour(self.players[seat]['civilization'])}")

    def card(self, card_id: str, count: int = 1, target: bool = True, note: str = "") -> str:
        """A trade card: its name, its stack and face value, the value of the set held."""
        tr = self.tr
        c = self.cat.cards[self.cat.card_index[card_id]]
        name = self.w.card(card_id, tr)
        if c.calamity:
            kind = ", ".join([tr.t("major") if c.major else tr.t("minor")] + ([] if c.tradable else [tr.t("not tradable")]))
            body = tag("div", escape(name), "title") + tag("div", escape(tr.t("calamity, stack {n}", n=c.stack)), "cost") + \
                tag("div", escape(kind), "note")
            cls = "card mc-calamity"
        else:
            worth = tr.t("set of {n}: {value}", n=count, value=set_value(count, c.face_value)) if count > 1 else ""
            cost = tr.t("stack {n} · value {value}", n=c.stack, value=c.face_value) if c.stack else tr.t("worth 0")
            body = tag("div", escape(name), "title") + tag("div", escape(cost), "cost") + tag("div", escape(worth), "note")
            cls = f"card mc-stack-{c.stack}"
        if note:
            body += tag("div", escape(note), "note")
        body += tag("div", f"×{count}" if count > 1 else "", "count")
        return tag("div", body, cls, data_target=f"card:{card_id}" if target else None, data_label=name)

    # ------------------------------------------------------------ panels
    def status(self) -> str:
        obs, tr = self.obs, self.tr
        options = self.game.options
        if obs["over"]:
            ranked = sorted(self.players, key=lambda p: -p["vp"])
            scores = ", ".join(tr.t("{who} {vp} VP", who=self.who(p["seat"]), vp=p["vp"]) for p in ranked)
            lines = [tag("h3", escape(tr.t("The game is over"))),
                     tag("p", escape(tr.t("Winners: {who}", who=", ".join(self.who(p) for p in obs["winners"])))),
                     tag("p", escape(tr.t("Score: {scores}", scores=scores)))]
            return tag("div", "".join(lines), "zone mc-status")
        args = {"turn": obs["turn"], "last": options["last-turn"], "phase": obs["phase"],
                "title": phase_title(obs["phase"], tr)}
        if options["game-end"] == "A":
            head = tr.t("Turn {turn} (of at most {last}) · phase {phase}: {title}", **args)
        else:
            head = tr.t("Turn {turn} (of {last}) · phase {phase}: {title}", **args)
        lines = [tag("h3", escape(head)), tag("p", escape(tr.t("Now: {task}.", task=step_task(obs["step"], tr))))]
        if obs.get("waiting_for"):
            lines.append(tag("p", escape(tr.t("Deciding at the same time (hidden until all are done): {who}",
                                              who=", ".join(self.who(p) for p in obs["waiting_for"])))))
        elif obs["to_move"]:
            mine = self.viewer in obs["to_move"]
            text = tr.t("Your decision.") if mine else tr.t("Waiting for {who}.", who=self.who(obs["to_move"][0]))
            lines.append(tag("p", escape(text), "mc-yours" if mine else ""))
        if obs["revolt_victim"] is not None and obs["step"] == "revolt":
            lines.append(tag("p", escape(tr.t("Tax revolt: {who} could not pay his tax.",
                                              who=self.who(obs["revolt_victim"])))))
        if obs["step"] == "trade":
            lines.append(tag("p", escape(tr.t("Trade round {round} of {rounds}.", round=obs["trade_round"] + 1,
                                              rounds=options["trade-rounds"]))))
        disclosed = obs.get("disclosed")
        if disclosed:
            items = []
            for p, texts in disclosed["choices"].items():
                if not texts:
                    continue
                done = semicolon(tr).join(self.w.action(t, tr) for t in texts[:8])
                if len(texts) > 8:
                    done = tr.t("{actions} and {n} more", actions=done, n=len(texts) - 8)
                items.append(f"{self.who(int(p))}: {done}")
            step = disclosed["step"] if tr.english else step_task(disclosed["step"], tr)  # English keeps the step's id
            summary = tr.t("Revealed choices ({step})", step=step)
            lines.append(tag("details", tag("summary", escape(summary)) + "".join(tag("p", escape(i)) for i in items)))
        return tag("div", "".join(lines), "zone mc-status")

    def legend(self) -> str:
        """The players in AST order, in their colours, with what everybody sees of them."""
        tr = self.tr
        heads = ("", tr.pt("players table", "seat"), tr.pt("players table", "AST"), tr.pt("players table", "VP"),
                 tr.pt("players table", "tokens"), tr.pt("players table", "stock"), tr.pt("players table", "cities"),
                 tr.pt("players table", "treasury"), tr.pt("players table", "cards"), tr.pt("players table", "ships"))
        head = "".join(tag("th", escape(h)) for h in heads)
        rows = []
        for seat in self.obs["ast_order"]:
            p = self.players[seat]
            by_stack = ", ".join(f"{k}×{n}" if k else tr.t("water×{n}", n=n) for k, n in enumerate(p["hand_by_stack"]) if n)
            cards = tag("span", str(p["hand_size"]),
                        title=tr.t("by stack: {stacks}", stacks=by_stack) if by_stack else tr.t("no cards"))
            you = " " + tr.t("(you)") if seat == self.viewer else ""
            cells = [self.swatch(seat), escape(f"{seat} {self.civ(seat)}{you}"), str(p["ast"]), str(p["vp"]),
                     str(sum(p["tokens"].values())), str(p["stock"]), str(len(p["cities"])), str(p["treasury"]),
                     cards, str(len(p["ships_on_map"]))]
            cls = "mc-me" if seat == self.viewer else ("mc-moving" if seat in self.obs["to_move"] else "")
            rows.append(tag("tr", "".join(tag("td", c) for c in cells), cls, data_target=f"player:{seat}"))
        return tag("div", tag("h4", escape(tr.t("Players in AST order")))
                   + tag("div", tag("table", tag("tr", head) + "".join(rows), "mc-players"), "mc-players-box"), "zone")

    def hand(self, offered: Counter[str] | None = None) -> str:
        """The viewer's trade cards with their values (``offered``: how many of each are in
        his offer or counter-offer being made)."""
        tr = self.tr
        hand = self.obs["hand"]
        limit = self.cat.hand_limit(len(self.players))
        counts = Counter(hand)
        cards = self.cat.cards
        # the order of the stacks (calamities last), the order in which an offer names its two shown cards
        order = sorted(counts, key=lambda c: (cards[self.cat.card_index[c]].calamity, self.cat.card_index[c]))
        total = sum(set_value(k, cards[self.cat.card_index[c]].face_value) for c, k in counts.items()
                    if cards[self.cat.card_index[c]].commodity)
        me = self.players[self.viewer] if self.viewer is not None else None
        title = tr.t("Your trade cards: {n} (limit {limit}), sets worth {value}", n=len(hand), limit=limit, value=total)
        if me is not None:
            title += tr.t("; treasury {n}", n=me["treasury"])
        offered = offered or Counter()

        def note(c: str) -> str:
            return tr.nt("{n} in your offer", "{n} in your offer", offered[c]) if offered[c] else ""

        body = "".join(self.card(c, counts[c], note=note(c)) for c in order) or tag("p", escape(tr.t("no cards")),
                                                                                   "summary")
        return tag("div", tag("h4", escape(title)) + tag("div", body, "cards"), "zone")

    def closed(self) -> str:
        """MC-7.5: this turn's closed deals, public (who traded with whom, how many cards)."""
        tr = self.tr
        lines = [tag("p", escape(tr.t("{a} and {b}: {gave} cards for {got}", a=self.who(t["proposer"]),
                                      b=self.who(t["responder"]), gave=t["gave"], got=t["got"])))
                 for t in self.obs["trades"]]
        return tag("div", tag("h4", escape(tr.t("Deals closed this turn"))) + "".join(lines), "zone") if lines else ""

    def calamities(self) -> str:
        """MC-9: the calamity striking now (what it does, what is still to choose and where),
        those still to come, those revealed and declared, and what this turn's did."""
        obs, tr = self.obs, self.tr
        lines = []
        task = obs["task"]
        if task is not None:
            from .render import Screen

            lines.append(tag("p", escape(Screen(self.game, obs, self.viewer, tr).task_line(task)), "mc-task"))
            if task["calamity"]:
                lines.append(tag("p", escape(self.w.effect(task["calamity"], tr)), "mc-effect"))
            if self.viewer is not None and self.viewer in obs["to_move"]:
                lines.append(tag("p", escape(task_hint(task["kind"], tr)), "mc-yours"))
        if obs["calamities_pending"]:
            lines.append(tag("p", escape(tr.t("Still to come: {cards}", cards=", ".join(
                f"{self.w.card(c, tr)} ({self.who(v)})" for v, c in obs["calamities_pending"])))))
        for seat in obs["ast_order"]:
            p = self.players[seat]
            if p["revealed"]:
                lines.append(tag("p", self.swatch(seat) + escape(tr.t("{who} drew {cards}", who=self.who(seat), cards=", ".join(
                    self.w.card(c, tr) for c in p["revealed"])))))
            if p.get("calamities_declared"):
                lines.append(tag("p", self.swatch(seat) + escape(tr.nt(
                    "{who} holds {n} calamities", "{who} holds {n} calamities", p["calamities_declared"],
                    who=self.who(seat)))))
        lines += self.struck()
        if not lines:
            return ""
        return tag("div", tag("h4", escape(tr.t("Calamities"))) + "".join(lines), "zone mc-calamities")

    def struck(self) -> list[str]:
        """MC-9: each calamity of this turn, what it does and what it did to whom (public)."""
        tr = self.tr
        out = []
        for rec, head, summary in struck(self.w, self.obs, self.who, tr):
            body = [tag("p", escape(self.w.effect(rec["calamity"], tr)), "mc-effect")]
            for seat, done in sorted(rec["done"].items(), key=lambda kv: int(kv[0])):
                body.append(tag("p", self.swatch(int(seat)) + escape(f"{self.who(int(seat))}: {done_text(self.w, done, tr)}")))
            if not rec["done"]:
                body.append(tag("p", escape(summary)))  # nothing changed, or the calamity is under way
            out.append(tag("details", tag("summary", self.swatch(rec["victim"]) + escape(head)) + "".join(body),
                           "mc-struck", open="open"))
        return out

    def stacks(self) -> str:
        """The nine trade-card stacks with their sizes, the cards bought for treasury and the discards."""
        tr = self.tr
        me = self.players[self.viewer] if self.viewer is not None else None
        owned = set(me["advances"]) if me is not None else set()
        costs: dict[int, int] = {}
        for stack, cost, needs in self.cat.purchases:
            if needs < 0 or self.cat.advances[needs].id in owned:
                costs[stack] = min(cost, costs.get(stack, cost))
        piles = []
        for k, n in enumerate(self.obs["stacks"], 1):
            discards = len(self.obs["discards"].get(str(k), []))
            body = (tag("b", escape(tr.t("stack {n}", n=k))) + tag("span", escape(tr.nt("{n} cards", "{n} cards", n)))
                    + (tag("span", escape(tr.t("buy: {cost}", cost=costs[k]))) if k in costs else "")
                    + (tag("span", escape(tr.nt("{n} discarded", "{n} discarded", discards))) if discards else ""))
            piles.append(tag("div", body, "pile mc-pile", data_target=f"stack:{k}"))
        return tag("div", tag("h4", escape(tr.t("Trade-card stacks"))) + tag("div", "".join(piles), "mc-piles"), "zone")

    def advances(self) -> str:
        """Every advance by group: cost and VP, who owns it, the viewer's price when he can buy it."""
        tr = self.tr
        prices = self.obs.get("prices") or {}
        mine = self.obs.get("costs") or {"prices": {}, "means": 0}
        costs, means = mine["prices"], mine["means"]
        owners: dict[str, list[int]] = {}
        for p in self.players:
            for a in p["advances"]:
                owners.setdefault(a, []).append(p["seat"])
        vp, high = self.tables.vp, self.game.rules.exactly_200_high
        credits: dict[str, int] = {}
        if self.viewer is not None:
            from .render import Screen

            credits = Screen(self.game, self.obs, self.viewer, tr).credits(self.viewer)
        groups = []
        for g in self.cat.groups:
            chips = []
            for a in sorted((a for a in self.cat.advances if a.groups[0] == g), key=lambda a: (a.cost, a.name)):
                mine = self.viewer in owners.get(a.id, [])
                dots = "".join(self.swatch(s) for s in owners.get(a.id, []))
                price = ""
                if a.id in prices:
                    price = tag("span", escape(tr.t("your price {n}", n=prices[a.id])), "mc-price")
                elif a.id in costs:  # MC-12.2: the price after credits, and what the viewer still lacks
                    lack = costs[a.id] - means
                    price = tag("span", escape(tr.t("price {n}", n=costs[a.id]) if lack <= 0 else
                                               tr.t("price {n}, you lack {lack}", n=costs[a.id], lack=lack)), "mc-lack")
                ability = tr.pgettext(CONTEXT, a.ability) if a.ability else ""
                chips.append(tag("div", tag("span", escape(self.w.advance(a.id, tr)), "mc-adv-name")
                                 + tag("span", escape(tr.t("{cost} · {vp} VP", cost=a.cost,
                                                           vp=advance_vp(a.cost, vp, high))), "mc-adv-cost")
                                 + price + dots, "mc-adv" + (" mc-owned" if mine else ""),
                                 data_target=f"advance:{a.id}", title=ability))
            group = self.w.group(g, tr)
            if credits.get(g):
                group = tr.t("{group} (your credit {n})", group=group, n=credits[g])
            groups.append(tag("div", tag("h5", escape(group)) + "".join(chips), "mc-group"))
        head = [tag("h4", escape(tr.t("Civilization advances (cost · VP; your price where you can buy)")))]
        if self.viewer is not None and self.obs.get("costs") is not None:
            head.append(tag("p", escape(tr.t("You can pay up to {n} (your commodity sets and treasury).", n=means))))
        if self.obs["pay"] is not None and self.viewer in self.obs["to_move"]:
            head.append(tag("p", escape(self.paying(self.obs["pay"])), "mc-yours"))
        return tag("div", "".join(head) + tag("div", "".join(groups), "mc-groups"), "zone mc-wide")

    def paying(self, pay: dict[str, Any]) -> str:
        """MC-12: the purchase under way and how to go on."""
        tr = self.tr
        return tr.t("Paying for {advance}: price {price}, paid {paid}, {left} to go. Click a card of your hand to turn "
                    "in all your cards of that commodity, or pay the rest from your treasury in the list of actions.",
                    advance=self.w.advance(pay["advance"], tr), price=pay["price"], paid=pay["paid"],
                    left=max(0, pay["price"] - pay["paid"]))

    def ast(self) -> str:
        """The AST track: each civilization's row of squares by epoch, its marker on its square."""
        tr = self.tr
        spaces = self.tables.spaces
        rows = []
        for seat in self.obs["ast_order"]:
            p = self.players[seat]
            cells = []
            for square in range(1, spaces + 1):
                epoch = self.game.rules.epoch_of(p["civilization"], square)
                mark = ""
                if square == p["ast"]:
                    fill = colour(p["civilization"])
                    mark = tag("span", str(seat), "mc-marker", style=f"background:{fill};color:{ink(fill)}")
                cells.append(tag("td", mark, style=f"background:{EPOCH_COLOURS.get(epoch, '#eee')}",
                                 title=tr.t("square {n}: {epoch}", n=square, epoch=self.w.epoch(epoch, tr))))
            rows.append(tag("tr", tag("th", self.swatch(seat) + escape(self.civ(seat)[:10])) + "".join(cells)))
        legend = " ".join(tag("span", escape(self.w.epoch(e, tr)), "mc-epoch", style=f"background:{c}")
                          for e, c in EPOCH_COLOURS.items())
        return tag("div", tag("h4", escape(tr.t("AST track"))) + tag("table", "".join(rows), "mc-ast") + tag("p", legend),
                   "zone")

    def key(self) -> str:
        """What the map's marks mean."""
        tr = self.tr
        items = [tag("span", "", "mc-key-site") + escape(tr.t("city site")),
                 tag("span", "3", "mc-key-limit") + escape(tr.t("population limit")),
                 tag("span", "", "mc-key-land") + escape(tr.t("land link")),
                 tag("span", "", "mc-key-coast") + escape(tr.t("by sea (ships)")),
                 tag("span", "", "mc-key-barb") + escape(tr.t("barbarians")), "☠ " + escape(tr.t("pirate city")),
                 escape(tr.t("wheel: zoom · drag: move · double click: back"))]
        return tag("p", " ".join(tag("span", i, "mc-key-item") for i in items), "mc-key")


CSS = """
.mc { display: flex; flex-direction: column; gap: .4rem; }
.mc .mc-panels { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: .4rem;
                 align-items: start; }
.mc .mc-wide { grid-column: 1 / -1; }
.mc .zone { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: .4rem .6rem; }
.mc .zone h3 { font-size: 1rem; margin: .1rem 0 .3rem; }
.mc .zone p { margin: .2rem 0; }
.mc .mc-yours { color: #1a7f37; font-weight: 700; }
.mc .mc-swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 50%; border: 1px solid #333;
                 margin-right: .3rem; vertical-align: -1px; }
.mc table.mc-players { border-collapse: collapse; width: 100%; font-size: .82rem; }
.mc table.mc-players td, .mc table.mc-players th { padding: .1rem .25rem; text-align: right; }
.mc table.mc-players td:nth-child(2), .mc table.mc-players th:nth-child(2) { text-align: left; }
.mc tr.mc-me { font-weight: 700; background: #f6f8fa; }
.mc .mc-players-box { max-height: 21rem; overflow-y: auto; }  /* 18 players: the table scrolls */
.mc tr.mc-moving td:nth-child(2)::after { content: " ◀"; color: #1a7f37; }
.mc .card { width: 100px; min-height: 96px; }
.mc .card .title { overflow-wrap: anywhere; hyphens: auto; }
.mc .card.mc-calamity { border-color: #cf222e; background: #fff1f0; }
.mc .card.mc-back { background: repeating-linear-gradient(45deg, #e6edf3, #e6edf3 6px, #d0dae4 6px, #d0dae4 12px); }
.mc .card.mc-stack-0 { background: #eaf5ff; }
.mc .mc-piles { display: flex; flex-wrap: wrap; gap: .3rem; }
.mc .pile.mc-pile { width: 74px; height: 68px; font-size: .75rem; margin: 0; }
.mc .mc-counter { border-top: 1px dashed #d0d7de; }
.mc .mc-groups { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: .4rem; }
.mc .mc-group h5 { margin: .2rem 0; font-size: .8rem; color: #656d76; }
.mc .mc-adv { font-size: .74rem; border: 1px solid #d0d7de; border-radius: 5px; padding: .05rem .3rem; margin: .1rem 0;
              display: flex; flex-wrap: wrap; gap: .25rem; align-items: center; }
.mc .mc-adv.mc-owned { background: #dafbe1; border-color: #4ac26b; }
.mc .mc-adv-name { font-weight: 600; }
.mc .mc-adv-cost { color: #656d76; }
.mc .mc-price { color: #0969da; font-weight: 700; }
.mc .mc-lack { color: #8c959f; }
.mc .mc-effect { font-style: italic; color: #57606a; }
.mc details.mc-struck { border-top: 1px dashed #d0d7de; padding-top: .2rem; }
.mc details.mc-struck summary { font-weight: 600; cursor: pointer; }
.mc .mc-adv .mc-swatch { width: .55rem; height: .55rem; margin: 0; }
.mc table.mc-ast { border-collapse: separate; border-spacing: 1px; font-size: .72rem; }
.mc table.mc-ast td { width: 1.15rem; height: 1.05rem; text-align: center; padding: 0; }
.mc table.mc-ast th { text-align: left; font-weight: 500; padding-right: .3rem; white-space: nowrap; }
.mc .mc-marker { display: inline-block; width: 1rem; border-radius: 50%; font-weight: 700; border: 1px solid #222; }
.mc .mc-epoch { display: inline-block; font-size: .7rem; padding: 0 .3rem; margin: 1px; border-radius: 3px; }
.mc .mc-key { font-size: .78rem; color: #656d76; margin: .3rem 0; display: flex; flex-wrap: wrap; gap: .8rem; }
.mc .mc-key-site, .mc .mc-key-limit, .mc .mc-key-land, .mc .mc-key-coast, .mc .mc-key-barb {
  display: inline-block; margin-right: .25rem; vertical-align: middle; }
.mc .mc-key-site { width: .6rem; height: .6rem; border: 1.5px solid #222; background: #fff; }
.mc .mc-key-limit { width: 1rem; height: 1rem; border: 1px solid #6b5b3e; border-radius: 50%; font-size: .65rem;
                    text-align: center; line-height: 1rem; }
.mc .mc-key-land { width: 1.4rem; border-top: 3px solid #8a7a5c; }
.mc .mc-key-coast { width: 1.4rem; border-top: 2px dashed #2f6f9f; }
.mc .mc-key-barb { width: .8rem; height: .8rem; border-radius: 50%; background: #222; border: 2px solid #c0392b; }
.mc .actionable.card, .mc .actionable.pile, .mc .actionable.mc-adv, .mc tr.actionable { outline: 2px solid #4ac26b; }
"""
WIDER_CSS = """
.mc table.mc-players th { font-size: .7rem; padding: .1rem .12rem; }
.mc table.mc-players td { padding: .1rem .15rem; }
"""
