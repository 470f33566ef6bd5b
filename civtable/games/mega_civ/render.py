"""Mega Civilization at the terminal: the status screen of an observation, action
labels and menu paths (first the area, then what to do there; an offer built card
by card), and the help of the current decision (``Game.help``, one paragraph per
step).

Everything here is a function of the viewer's observation and of the game's data
(map, cards, advances, tables): it cannot show what the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.events import Viewer

from .catalog import set_value
from .codes import PHASE_TITLES
from .explain import STEP_TASKS
from .scoring import advance_vp

if TYPE_CHECKING:
    from .game import MegaCiv

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


class Screen:
    """The screen of one observation for one viewer."""

    def __init__(self, game: MegaCiv, obs: dict[str, Any], viewer: Viewer) -> None:
        self.game = game
        self.w = game.words
        self.board = game.rules.board
        self.cat = game.rules.catalog
        self.obs = obs
        self.viewer = viewer
        self.players = obs["players"]
        self.owner: dict[str, int] = {a: p["seat"] for p in self.players for a in p["cities"]}

    # ------------------------------------------------------------ pieces
    def civ(self, seat: int) -> str:
        return self.w.civ(self.players[seat]["civilization"])

    def who(self, seat: int | None) -> str:
        if seat is None or seat < 0:
            return "nobody"
        you = " (you)" if seat == self.viewer else ""
        return f"player {seat} {self.civ(seat)}{you}"

    def area_text(self, area_id: str, mine: int | None) -> str:
        """An area: its name, the viewer's tokens over its limit, a city site (*), a city,
        and the other units there."""
        area = self.board.areas[self.board.index(area_id)]
        limit = area.population_limit or 0
        site = "*" if area.city_site else ""
        here = self.players[mine]["tokens"].get(area_id, 0) if mine is not None else 0
        text = f"{self.w.area(area_id)}{site} {here}/{limit}" if mine is not None else f"{self.w.area(area_id)}{site} /{limit}"
        extra = []
        owner = self.owner.get(area_id)
        if owner is not None:
            extra.append("your city" if owner == mine else f"city of {self.civ(owner)}")
        if area_id in self.obs["pirates"]:
            extra.append("pirate city")
        for p in self.players:
            k = p["tokens"].get(area_id, 0)
            if k and p["seat"] != mine:
                extra.append(f"{self.civ(p['seat'])} {k}")
        barb = self.obs["barbarians"].get(area_id)
        if barb:
            extra.append(f"barbarians {barb}")
        moved = self.obs["moved"].get(area_id) if mine is not None and mine == self.viewer else None
        if moved and self.obs["step"] == "move":
            extra.append(f"{moved} moved")
        return text + (f" ({', '.join(extra)})" if extra else "")

    def hand_text(self, hand: list[str]) -> tuple[str, int]:
        """The hand grouped by card with the value of each set (n squared times the face value)."""
        cards = self.cat.cards
        counts: dict[str, int] = {}
        for c in hand:
            counts[c] = counts.get(c, 0) + 1
        parts, total, calamities = [], 0, []
        for c, k in sorted(counts.items(), key=lambda kv: (cards[self.cat.card_index[kv[0]]].stack, kv[0])):
            card = cards[self.cat.card_index[c]]
            if card.calamity:
                kind = "major" if card.major else "minor"
                trade = "" if card.tradable else ", not tradable"
                calamities.append(f"{card.name} ({kind}{trade})" + (f" x{k}" if k > 1 else ""))
                continue
            value = set_value(k, card.face_value) if card.commodity else 0
            total += value
            parts.append(f"{card.name}{' x' + str(k) if k > 1 else ''} [{card.stack}] ={value}")
        if calamities:
            parts.append("calamities: " + ", ".join(calamities))
        return "  ".join(parts) or "no cards", total

    def credits(self, seat: int) -> dict[str, int]:
        """MC-12.2: the credit of each group from the advances owned and the credit tokens."""
        p = self.players[seat]
        out = {g: p["credit_tokens"].get(g, 0) for g in self.cat.groups}
        for a in p["advances"]:
            for g, k in self.cat.advances[self.cat.advance_index[a]].credits.items():
                out[g] += k
        return out

    # ------------------------------------------------------------ the screen
    def render(self) -> str:
        lines = [self.header()]
        if self.viewer is not None:
            lines += self.me()
        lines += self.table()
        lines += self.map_lines() if self.viewer is not None else self.board_lines()
        lines += self.situation()
        return "\n".join(lines)

    def header(self) -> str:
        obs = self.obs
        last = self.game.options["last-turn"]
        end = f" of at most {last}" if self.game.options["game-end"] == "A" else f" of {last}"
        if obs["over"]:
            return f"Mega Civilization: the game is over after turn {obs['turn']}."
        task = STEP_TASKS.get(obs["step"], obs["step"])
        return f"Mega Civilization, turn {obs['turn']}{end}: phase {obs['phase']} {PHASE_TITLES[obs['phase']]} ({task})"

    def me(self) -> list[str]:
        assert self.viewer is not None
        me = self.players[self.viewer]
        epoch = self.game.rules.epoch_of(me["civilization"], me["ast"])
        lines = [f"You: {self.who(self.viewer)}, AST square {me['ast']} ({self.w.epoch(epoch)}), {me['vp']} VP; "
                 f"stock {me['stock']}, treasury {me['treasury']}, census {me['census']}, cities in stock "
                 f"{me['cities_in_stock']}, ships in stock {me['ships_in_stock']}"]
        hand, value = self.hand_text(self.obs["hand"])
        limit = self.cat.hand_limit(len(self.players))
        lines += wrap(f"  Hand ({len(self.obs['hand'])} cards, limit {limit}, sets worth {value}): ", hand.split("  "))
        advances = [self.w.advance(a) for a in me["advances"]]
        credits = self.credits(self.viewer)
        lines += wrap("  Advances: ", advances or ["none"], sep=", ")
        lines.append("  Credits: " + ", ".join(f"{self.w.group(g)} {k}" for g, k in credits.items())
                     + (f"; tax {max(0, 2 + me['tax_rate'])} per city" if me["tax_rate"] else ""))
        lines.append("  " + self.ast_track(me))
        return lines

    def ast_track(self, me: dict[str, Any]) -> str:
        """MC-13.1: the next epoch on the viewer's AST track and what entering it needs."""
        tables = self.game.rules.tables
        starts = sorted(tables.civ(me["civilization"]).epoch_start.items(), key=lambda kv: kv[1])
        ahead = [(e, k) for e, k in starts if k > me["ast"]]
        if not ahead:
            return f"AST: square {me['ast']} of {tables.spaces}, the last epoch"
        epoch, square = ahead[0]
        need = tables.requirements.get(epoch, {})
        words = ", ".join(f"{v} {k.replace('min_', '').replace('_', ' ')}" for k, v in need.items() if v)
        return (f"AST: square {me['ast']} of {tables.spaces}; the {self.w.epoch(epoch)} starts at square {square}"
                + (f" and needs {words}" if words else ""))

    def table(self) -> list[str]:
        lines = ["Players in AST order:   AST  VP  tokens/areas cities treasury stock cards ships"]
        for seat in self.obs["ast_order"]:
            p = self.players[seat]
            tokens = sum(p["tokens"].values())
            mark = ">" if seat in self.obs["to_move"] else " "
            revealed = f"  revealed: {', '.join(self.w.card(c) for c in p['revealed'])}" if p["revealed"] else ""
            declared = p.get("calamities_declared")
            held = f"  holds {declared} calamities" if declared else ""
            lines.append(f" {mark}{seat:>2} {self.civ(seat)[:12]:<12}{'(you)' if seat == self.viewer else '':<6}"
                         f"{p['ast']:>4}{p['vp']:>4}  {tokens:>4}/{len(p['tokens']):<3}    {len(p['cities']):>2}"
                         f"{p['treasury']:>8}{p['stock']:>6}{p['hand_size']:>6}{len(p['ships_on_map']):>6}"
                         f"{revealed}{held}")
        return lines

    def map_lines(self) -> list[str]:
        """The viewer's areas, then the areas next to them (with whoever stands there)."""
        assert self.viewer is not None
        me = self.players[self.viewer]
        mine = sorted(set(me["tokens"]) | set(me["cities"]), key=self.board.index)
        lines = wrap("Your areas (your tokens/limit, * city site): ",
                     [self.area_text(a, self.viewer) for a in mine] or ["none"], sep="; ")
        near: set[int] = set()
        for a in mine:
            near.update(self.board.areas[self.board.index(a)].land)
        others = [self.board.areas[b].id for b in sorted(near) if self.board.areas[b].id not in mine]
        if others:
            lines += wrap("Next to them: ", [self.area_text(a, None) for a in others], sep="; ")
        ships = self.obs["ships"]
        if ships:
            lines.append("  Your ships built this turn: " + ", ".join(self.w.area(a) for a in ships))
        return lines

    def board_lines(self) -> list[str]:
        """For a spectator: each player's areas and cities, then the barbarians and pirates."""
        lines: list[str] = []
        for seat in self.obs["ast_order"]:
            p = self.players[seat]
            items = [f"{self.w.area(a)} {k}" for a, k in sorted(p["tokens"].items(), key=lambda x: self.board.index(x[0]))]
            items += [f"city {self.w.area(a)}" for a in p["cities"]]
            lines += wrap(f"  {self.civ(seat)}: ", items or ["nothing on the map"], sep=", ")
        extra = [f"barbarians {self.w.area(a)} {k}" for a, k in self.obs["barbarians"].items()]
        extra += [f"pirate city {self.w.area(a)}" for a in self.obs["pirates"]]
        if extra:
            lines += wrap("  Others: ", extra, sep=", ")
        return lines

    # ------------------------------------------------------------ what is going on
    def situation(self) -> list[str]:
        obs = self.obs
        lines: list[str] = []
        if obs["over"]:
            ranked = sorted(self.players, key=lambda p: -p["vp"])
            lines.append("Final score: " + ", ".join(f"{self.who(p['seat'])} {p['vp']} VP" for p in ranked))
            lines.append("Winners: " + ", ".join(self.who(p) for p in obs["winners"]))
            return lines
        if obs.get("waiting_for"):
            lines.append("Deciding at the same time (choices hidden until all are done): "
                         + ", ".join(self.who(p) for p in obs["waiting_for"]))
        elif obs["to_move"]:
            lines.append(f"To decide: {self.who(obs['to_move'][0])}")
        step = obs["step"]
        if step == "revolt" and obs["revolt_victim"] is not None:
            lines.append(f"Tax revolt: {self.who(obs['revolt_victim'])} could not pay his tax; the Beneficiary "
                         "chooses which of his cities goes over to him.")
        if obs["deal"] is not None:
            lines += self.deal_lines(obs["deal"])
        elif step == "trade":
            lines.append(f"Trade, round {obs['trade_round'] + 1} of {self.game.options['trade-rounds']}.")
        if obs["task"] is not None:
            lines.append(self.task_line(obs["task"]))
        if obs["calamities_pending"]:
            lines.append("Calamities still to come: " + ", ".join(
                f"{self.w.card(c)} ({self.who(v)})" for v, c in obs["calamities_pending"]))
        if obs["pay"] is not None:
            pay = obs["pay"]
            counts: dict[str, int] = {}
            for c in pay["cards"]:
                counts[c] = counts.get(c, 0) + 1
            cards = ", ".join(f"{k} {self.w.card(c)}" for c, k in counts.items()) or "nothing yet"
            lines.append(f"Paying for {self.w.advance(pay['advance'])}: price {pay['price']}, paid {pay['paid']} "
                         f"({cards}), {max(0, pay['price'] - pay['paid'])} to go.")
        return lines

    def side_text(self, side: dict[str, Any]) -> str:
        shown = " and ".join(self.w.card(c) for c in side["shown"])
        declared = ", ".join(self.w.card(c) for c in side["declared"])
        hidden = side.get("hidden")
        mine = f" (yours: {', '.join(self.w.card(c) for c in hidden)})" if hidden else ""
        k = side["hidden_count"]
        return f"{shown} shown + {k} hidden card{'s' if k != 1 else ''} declared as {declared}{mine}"

    def deal_lines(self, deal: dict[str, Any]) -> list[str]:
        lines = [f"Offer of {self.who(deal['from'])}: {self.side_text(deal)}"
                 + (" (being built)" if deal["stage"] == "offer" else "")]
        for q, side in deal["counters"].items():
            building = " (being built)" if deal["building"] == int(q) else ""
            lines.append(f"  counter-offer of {self.who(int(q))}: {self.side_text(side)}{building}")
        if deal["stage"] == "accept":
            lines.append(f"  {self.who(deal['from'])} accepts one counter-offer or rejects them all.")
        return lines

    def task_line(self, task: dict[str, Any]) -> str:
        kind, count = task["kind"], task["count"]
        cause = self.w.card(task["calamity"]) if task["calamity"] else "An ability"
        victim = self.who(task["victim"])
        chooser = self.who(task["chooser"])
        cities = f"{count} {'city' if count == 1 else 'cities'}"
        by_chooser = kind in ("annex", "annex-city", "pirate", "barbarians")
        what = {
            "lose": f"{victim} loses {count} more unit points (a token 1, a city {self.cat.damage_city})",
            "reduce": f"{victim} reduces {cities} more",
            "destroy": f"{victim} loses {cities} more",
            "support": f"{victim} reduces cities until the rest are supported",
            "annex": f"{chooser} annexes {count} more unit points of {victim}",
            "annex-city": f"{chooser} annexes {cities} more of {victim}",
            "pirate": f"{chooser} turns {cities} more of {victim} into pirate cities",
            "quake-neighbour": f"{victim} reduces a city next to the one struck",
            "victims": f"{victim} chooses {count} more secondary victim{'s' if count != 1 else ''}",
            "discard": f"{victim} discards {count} more card{'s' if count != 1 else ''}",
            "discard-value": f"{victim} discards cards worth {count} more",
            "pay-or": f"{victim} pays {count} treasury or suffers",
            "regress-or": f"{victim} moves back on the AST or loses cities",
            "buy-off": f"{victim} may discard two commodity cards instead of the reductions",
            "barbarians": f"{chooser} leads {count} barbarians against {victim}",
            "give": f"{victim} gives a card",
            "credit": f"{victim} chooses the group of a credit token",
            "free-advance": f"{victim} may take a free advance",
        }.get(kind, kind)
        chooses = "" if by_chooser or task["chooser"] == task["victim"] else f" ({chooser} chooses)"
        return f"{cause}: {what}{chooses}."


# ------------------------------------------------------------ menus
def label(game: MegaCiv, action: Action, obs: dict[str, Any]) -> str:
    """An action in words, with its costs and what the viewer has to pay them."""
    w = game.words
    kind, args = action.kind, action.args
    text = w.action(action.text)
    me = obs["players"][obs["player"]] if obs.get("player") is not None else None
    if me is None:
        return text
    if kind == "buy" and obs.get("prices"):
        adv = game.rules.catalog.advances[game.rules.catalog.advance_index[args[0]]]
        return f"{text} (cost {adv.cost}, your price {obs['prices'].get(args[0], adv.cost)})"
    if kind == "pay" and len(args) == 1 and isinstance(args[0], str) and not args[0].isdigit():
        card = game.rules.catalog.cards[game.rules.catalog.card_index[args[0]]]
        k = obs["hand"].count(args[0]) - (obs["pay"]["cards"].count(args[0]) if obs["pay"] else 0)
        return f"{text} ({k} card{'s' if k != 1 else ''}, worth {set_value(k, card.face_value)})"
    if kind == "treasury" and obs["pay"]:
        return f"{text} ({obs['pay']['price'] - obs['pay']['paid']} left; treasury {me['treasury']})"
    if kind == "buy-card":
        return f"{text} (treasury {me['treasury']})"
    if kind == "city":
        area = game.rules.board.areas[game.rules.board.index(args[0])]
        need = game.rules.tables.numbers["city_on_site" if area.city_site else "city_elsewhere"]
        return f"{text} ({me['tokens'].get(args[0], 0)} tokens there, {need} needed)"
    if kind in ("lose", "grow"):
        return f"{text} ({me['tokens'].get(args[0], 0)} of your tokens there)"
    if kind == "victim":
        p = obs["players"][int(args[0])]
        return (f"choose player {args[0]} {w.civ(p['civilization'])} ({sum(p['tokens'].values())} tokens, "
                f"{len(p['cities'])} {'city' if len(p['cities']) == 1 else 'cities'}) as a secondary victim")
    return text


def path(game: MegaCiv, action: Action, obs: dict[str, Any]) -> tuple[str, ...]:
    """Where an action sits in the menu: moves under their area, sailing under its
    destination, offers card by card, advances by group, losses by kind."""
    w = game.words
    kind, args = action.kind, action.args
    me = obs["players"][obs["player"]] if obs.get("player") is not None else None
    if kind in ("move", "ship", "sail") and me is not None:
        src = args[0]
        moved = obs["moved"].get(src, 0)
        k = me["tokens"].get(src, 0)
        here = f"{w.area(src)} ({k} token{'s' if k != 1 else ''}{f', {moved} moved' if moved else ''})"
        if kind == "move":
            dest = args[-1]
            via = f" through {w.area(args[1])}" if len(args) == 3 else ""
            return here, f"move a token{via} to {_place(game, obs, dest)}"
        if kind == "ship":
            return here, w.action(action.text)
        return here, f"sail to {_place(game, obs, args[1])}", f"with {args[2]} token{'s' if args[2] != 1 else ''}"
    if kind in ("offer", "counter"):
        what = "make an offer" if kind == "offer" else "make a counter-offer"
        return (what, f"show {w.card(args[0])}", f"and {w.card(args[1])}", f"hide {w.card(args[2])}",
                f"declared as {w.card(args[4])}")
    if kind == "add":
        return "add a hidden card", w.card(args[0]), f"declared as {w.card(args[2])}"
    if kind == "buy":
        adv = game.rules.catalog.advances[game.rules.catalog.advance_index[args[0]]]
        vp = advance_vp(adv.cost, game.rules.tables.vp, game.rules.exactly_200_high)
        price = obs["prices"].get(args[0], adv.cost) if obs.get("prices") else adv.cost
        return f"buy an advance of {w.group(adv.groups[0])}", f"{adv.name} (cost {adv.cost}, your price {price}, {vp} VP)"
    if kind in AREA_TASKS and obs["step"] == "task" and obs["task"] is not None:
        victim = obs["players"][obs["task"]["victim"]]
        if len(set(victim["tokens"]) | set(victim["cities"])) > 20:  # many areas: by region first
            region = game.rules.board.areas[game.rules.board.index(args[0])].region
            return f"in the region of {w.civ(region)}" if region else "elsewhere", label(game, action, obs)
    if kind == "diaspora":
        return "Diaspora", f"from {w.area(args[0])}", f"to {w.area(args[1])}"
    return (label(game, action, obs),)


AREA_TASKS = ("lose", "lose-city", "annex", "reduce", "destroy", "barbarians", "pirate")
"""Task choices named by an area: grouped by region when the victim holds many areas."""


def _place(game: MegaCiv, obs: dict[str, Any], area_id: str) -> str:
    """A destination with its limit and whoever is there."""
    w = game.words
    area = game.rules.board.areas[game.rules.board.index(area_id)]
    there = []
    for p in obs["players"]:
        k = p["tokens"].get(area_id, 0)
        if k:
            there.append(f"{'you' if p['seat'] == obs['player'] else w.civ(p['civilization'])} {k}")
        if area_id in p["cities"]:
            there.append(f"city of {'you' if p['seat'] == obs['player'] else w.civ(p['civilization'])}")
    if obs["barbarians"].get(area_id):
        there.append(f"barbarians {obs['barbarians'][area_id]}")
    site = ", city site" if area.city_site else ""
    return f"{w.area(area_id)} (limit {area.population_limit or 0}{site}{'; ' + ', '.join(there) if there else ''})"


# ------------------------------------------------------------ help
STEP_HELP: dict[str, str] = {
    "revolt": (
        "Tax revolt (MC-1.2): a player could not pay his tax, and you are the Beneficiary (most cities in stock, "
        "then most tokens in stock, then AST order). Choose which of his cities becomes yours: 'revolt AREA'"
        " (or 'decline' where the rules let you)."),
    "grow": (
        "Population expansion (MC-2.1): every area with your tokens grows, +1 where you have one token, +2 where "
        "you have two or more; your stock cannot pay it all, so choose the areas that grow one at a time: "
        "'grow AREA'."),
    "move": (
        "Movement (MC-3): each token may move once, to a land area next to it ('move FROM TO'; with Roadbuilding "
        "'move FROM THROUGH TO'). A ship ('ship AREA HOW') costs 2 tokens in that coastal area ('tokens'), 1 there "
        "and 1 elsewhere ('split'), 2 from treasury ('treasury') or 1 token and 1 treasury ('mixed'); it carries up "
        "to 5 tokens up to 4 areas along the coast ('sail FROM TO COUNT'). 'done' ends your movement. Areas with "
        "more tokens than their limit at the end of movement fight (phase 4)."),
    "military": (
        "Advanced Military (MC-4): in a conflict you take part in, you may remove tokens from the land areas next "
        "to it instead of those in it: 'reinforce AREA', then 'done'."),
    "build": (
        "City construction (MC-5.1): a city needs 6 of your tokens on a city site (marked *), 12 elsewhere; the "
        "tokens go back to your stock: 'city AREA' ('city AREA treasury' with Architecture, 'city AREA adjacent' "
        "with Urbanism), 'done' when you have built what you want. Then surplus tokens are removed (MC-5.2) and "
        "each city needs 2 tokens on the map (MC-5.3)."),
    "reduce": (
        "City support (MC-5.3): your cities need 2 of your tokens on the map each; you do not have enough, so "
        "reduce cities one at a time ('reduce AREA'): a reduced city becomes tokens, up to the area's limit."),
    "cards": (
        "Trade cards (MC-6): you drew one card from stacks 1 to N for your N cities. You may buy more with "
        "treasury: 'buy-card STACK COST' (the cost goes back to your stock), 'done' to stop."),
    "trade": (
        "Trade (MC-7): an offer shows two cards and hides at least one more, each hidden card declared as a "
        "commodity. Written 'offer SHOWN1 SHOWN2 HIDDEN as DECLARED', then 'add HIDDEN as DECLARED' for more "
        "hidden cards or 'post'. The others answer with 'counter ...' (built the same way) or 'decline'; the "
        "proposer then 'accept SEAT' or 'reject'. 'pass' makes no offer. Others see only the shown cards, the "
        "declarations and how many cards are hidden; a set of n cards of one commodity is worth n x n x its value."),
    "discard": (
        "Discarding (MC-8.2 / MC-12.4): in phase 8 you may keep at most 3 calamities (2 major) and no two alike; in "
        "phase 12 your hand is over its limit. Choose a card to discard: 'discard CARD'."),
    "task": (
        "Calamity or ability (MC-9, MC-10): its effect is chosen one unit at a time: 'lose AREA' (a token, 1 "
        "point), 'lose-city AREA' (a city, 5 points), 'reduce AREA', 'destroy AREA', 'annex AREA', 'victim SEAT', "
        "'barbarians AREA', 'discard CARD', 'keep CARD', 'give CARD', 'credit GROUP', 'take ADVANCE'..."),
    "special": (
        "Special abilities (MC-10.1): your advances let you act now: 'tax-rate K' (Coinage, Monarchy), "
        "'trade-routes CARD', 'politics-treasury' / 'politics-annex AREA', 'fundamentalism AREA', 'monotheism "
        "AREA', 'universal-doctrine AREA', 'provincial-empire SEAT', 'diaspora FROM TO'; 'done' to stop."),
    "buy": (
        "Civilization Advances (MC-12): 'buy ADVANCE' fixes its price (cost less your credits of its group); then "
        "pay with whole sets of cards ('pay CARD': every card of that commodity, n x n x its value) and with "
        "treasury ('treasury' pays the rest); no change is given. 'cancel' gives everything back, 'done' stops. "
        "Advances score 1, 3 or 6 VP by cost and give credits towards others."),
}

NOTATION = ("Actions are written with ids: areas in snake_case (kings_vale), cards and advances in lower case with "
            "hyphens (civil-war, drama-and-poetry); names with spaces are understood too ('grow Kings Vale'). "
            "'civtable cards mega-civ' lists every card and advance with its numbers.")


def help_text(game: MegaCiv, obs: dict[str, Any], viewer: Viewer) -> str:
    phase = obs["phase"]
    lines = [f"Turn {obs['turn']}, phase {phase}: {PHASE_TITLES[phase]}. A turn has 13 phases: tax, expansion, "
             "movement, conflict, cities, trade cards, trade, calamity selection and resolution, special "
             "abilities, surplus removal, advances, AST."]
    step = obs["step"]
    if obs["over"]:
        lines.append("The game is over: the most victory points win (cities, advances, AST squares).")
    elif viewer is not None and viewer in obs["to_move"]:
        lines.append(STEP_HELP.get(step, ""))
        if obs.get("waiting_for"):
            lines.append("The others decide at the same time; nobody sees your choices before all are done.")
    else:
        lines.append("You have nothing to decide now: " + STEP_HELP.get(step, step).split(":")[0] + ".")
    lines.append(NOTATION)
    lines.append("The screen: areas as 'Name* tokens/limit' (* a city site); the players' table in AST order "
                 "('>' marks who decides).")
    return "\n".join(line for line in lines if line)
