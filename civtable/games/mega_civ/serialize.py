"""Mega Civilization positions as JSON: ``state_to_json`` and the loader on the
shared ``core.reader.Reader``.

The loader checks every field (its type, its range, the ids it names) and that
the position can happen: no token, city, ship or trade card made or lost; every
step in a phase where it happens, with a decider who has something to decide; a
deal, a task or a payment only where one can be under way. A refused position
names its field in one sentence (``InvalidStateError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import IllegalActionError, InvalidStateError
from civtable.core.events import ROOT
from civtable.core.reader import Reader, shown
from civtable.core.rng import Rng

from . import state as codes
from .rules.order import ast_order
from .rules.report import read_struck
from .state import MegaState, copy_struck
from .view import _pay_json, _sparse, disclosed_json

if TYPE_CHECKING:
    from .game import MegaCiv


def state_to_json(s: MegaState) -> dict[str, Any]:
    """The position; ``disclosed`` (the last simultaneous step's choices, shown in every
    observation) only when there is one, so that older positions read the same."""
    data = _position_json(s)
    if s.disclosed is not None:
        data["disclosed"] = disclosed_json(s.disclosed)
    return data


def _position_json(s: MegaState) -> dict[str, Any]:
    areas = s.board.areas
    cards = s.cat.cards
    adv = s.cat.advances
    return {
        "game": "mega-civ",
        "options": dict(s.game.options),
        "rng": s.rng.state,
        "turn": s.turn_no,
        "phase": s.phase,
        "step": codes.STEP_NAMES[s.step],
        "decider": s.decider,
        "queue": list(s.queue),
        "target": s.target,
        "city": {areas[a].id: o for a, o in enumerate(s.city) if o >= 0},
        "pirates": [areas[a].id for a, o in enumerate(s.city) if o == codes.PIRATE],
        "barbarians": _sparse(s, s.barb),
        "stacks": {str(k): [cards[c].id for c in x] for k, x in enumerate(s.stacks) if k},
        "discards": {str(k): [cards[c].id for c in x] for k, x in enumerate(s.discards) if x},
        "deal": None if s.deal is None else {  # cards: shown, shown, then hidden and declared by pairs
            "from": s.deal[0], "cards": [cards[c].id for c in s.deal[1]], "stage": s.deal[2],
            "counters": {str(q): [cards[c].id for c in v] for q, v in sorted(s.deal[3].items())},
            "declined": list(s.deal[4])},
        "trade_round": s.trade_round,
        "calamities_pending": [[v, cards[c].id] for v, c in s.calq],
        "tasks": [[t[0], t[1], t[2], t[3], cards[t[4]].id if t[4] >= 0 else None, t[5]] for t in s.tasks],
        "pay": _pay_json(s) if s.pay is not None else None,
        "log": list(s.log),
        **({"traded": [list(t) for t in s.traded]} if s.traded else {}),  # left out when none (older positions)
        **({"struck": copy_struck(s.struck)} if s.struck else {}),
        "exempt": [areas[a].id for a in s.exempt],
        "defaulters": list(s.defaulters),
        "winners": list(s.winner_list),
        "buffers": None if s.buffers is None else {str(p): list(b) for p, b in sorted(s.buffers.items())},
        "players": [
            {
                "civilization": s.civ[p],
                "tokens": _sparse(s, s.tokens[p]),
                "moved": _sparse(s, s.moved[p]),
                "stock": s.stock[p],
                "treasury": s.treasury[p],
                "cities_in_stock": s.city_stock[p],
                "ships_in_stock": s.ship_stock[p],
                "ships": [areas[a].id for a in s.ships[p]],
                "docked_ships": [areas[a].id for a in s.docked[p]],
                "ast": s.ast[p],
                "ast_forward": s.ast_forward[p],
                "census": s.census[p],
                "built": [areas[a].id for a in s.built[p]],
                "hand": [cards[c].id for c in s.hands[p]],
                "advances": [adv[a].id for a in s.owned[p]],
                "paid": list(s.paid[p]),
                "credit_tokens": dict(zip(s.cat.groups, s.extra_credit[p], strict=True)),
                "tax_rate": s.tax_rate[p],
                "bought": [adv[a].id for a in s.bought[p]],
                "used": list(s.used[p]),
                "revealed": [cards[c].id for c in s.revealed[p]],
            }
            for p in range(s.n)
        ],
    }


SIMULTANEOUS = tuple(codes.STEP_NAMES[k] for k in (codes.GROW, codes.MOVE, codes.BUILD, codes.MILITARY))
"""The steps that may be decided at the same time (and then disclosed)."""

TASK_KINDS = ("lose", "reduce", "destroy", "support", "annex", "annex-city", "pirate", "quake-neighbour", "victims",
              "discard", "discard-value", "pay-or", "regress-or", "buy-off", "give", "credit", "free-advance", "barbarians")


def read_state(game: MegaCiv, reader: Reader) -> MegaState:
    """Rebuild a state, checking fields and that no token, city, ship or card was made or lost."""
    return Loader(game, reader).load()


class Loader:
    """Reads one position; ``r`` is the shared reader, ``s`` the state being built."""

    def __init__(self, game: MegaCiv, reader: Reader) -> None:
        self.game = game
        self.r = reader
        self.data = reader.data
        self.board = game.rules.board
        self.cat = game.rules.catalog
        self.n = game.num_players

    # ------------------------------------------------------------ ids
    def named(self, index: dict[str, int], value: Any, path: str, what: str) -> int:
        """The index of an id in ``index`` (areas, cards, advances), or a refusal naming the field."""
        found = index.get(value) if isinstance(value, str) else None
        if found is None:
            self.r.fail(path, f"names unknown {what} {shown(value)}")
        return found

    def area(self, value: Any, path: str, land: bool = False) -> int:
        a = self.named(self.board._area_index, value, path, "area")
        if land and self.board.areas[a].is_water:
            self.r.fail(path, f"names water area {shown(value)}, where no unit can stand")
        return a

    def areas(self, value: Any, path: str, land: bool = True) -> list[int]:
        return [self.area(v, f"{path}[{i}]", land) for i, v in enumerate(self.r.seq(value, path))]

    def sparse(self, value: Any, path: str) -> list[int]:
        row = [0] * len(self.board.areas)
        for k, v in self.r.obj(value, path).items():
            row[self.area(k, path)] = self.r.count(v, f"{path}.{k}")
        return row

    def card(self, value: Any, path: str) -> int:
        return self.named(self.cat.card_index, value, path, "trade card")

    def cards(self, value: Any, path: str) -> list[int]:
        return [self.card(v, f"{path}[{i}]") for i, v in enumerate(self.r.seq(value, path))]

    def advance(self, value: Any, path: str) -> int:
        return self.named(self.cat.advance_index, value, path, "advance")

    def seats(self, value: Any, path: str) -> list[int]:
        return [self.r.seat(v, f"{path}[{i}]", self.n) for i, v in enumerate(self.r.seq(value, path))]

    # ------------------------------------------------------------ the position
    def load(self) -> MegaState:
        r, n = self.r, self.n
        game = self.game
        s = MegaState.__new__(MegaState)
        self.s = s
        s.journal, s.offered = ROOT, None
        s.game, s.rules, s.board, s.n, s.cat = game, game.rules, self.board, n, self.cat
        rng = r.get("rng")
        if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 1 << 64:
            r.fail("rng", f"must be an integer in [0, 2**64), not {shown(rng)}")
        s.rng = Rng.from_state(rng)
        s.turn_no = r.integer(r.get("turn"), "turn", 1, game.rules.last_turn)  # MC-0.3: the game ends by then
        s.phase = r.integer(r.get("phase"), "phase", 1, 13)
        step = r.choice(r.get("step"), codes.STEP_NAMES, "step")
        s.step = codes.STEP_NAMES.index(step)
        if step in codes.STEP_PHASES and s.phase not in codes.STEP_PHASES[step]:
            r.fail("step", f"is {step!r}, which cannot happen in phase {s.phase}")
        s.decider = r.integer(r.get("decider"), "decider", -1, n - 1)
        s.queue = self.seats(r.get("queue"), "queue")
        s.target = r.integer(r.optional("target", -1), "target", -1, max(13, n - 1))
        s.city = [-1] * len(self.board.areas)
        for k, v in r.obj(r.get("city"), "city").items():
            s.city[self.area(k, "city", land=True)] = r.seat(v, f"city.{k}", n)
        s.exempt = self.areas(r.optional("exempt", []), "exempt")
        s.defaulters = self.seats(r.optional("defaulters", []), "defaulters")
        s.winner_list = sorted(set(self.seats(r.optional("winners", []), "winners")))
        players = r.seq(r.get("players"), "players", n)
        for p, pd in enumerate(players):
            r.obj(pd, f"players[{p}]")
        self.read_pieces(players)
        self.read_cards(players)
        s.rank = [game.rules.tables.civ(c).ast_rank for c in s.civ]
        s.order = ast_order(s.rank)
        s.solo = False
        s.previews = None
        s.buffers = None
        self.read_trade()
        self.read_tasks()
        s.log = [r.text(x, f"log[{i}]") for i, x in enumerate(r.seq(r.optional("log", []), "log"))]
        s.disclosed = self.read_disclosed(r.optional("disclosed"))
        s.struck = read_struck(r, r.optional("struck", []), self.n, self.cat, self.game.rules.board)
        self.check_calamities()
        self.check_flow(step)
        return s

    def read_disclosed(self, value: Any) -> list[Any] | None:
        """MC-0.5: the choices of the last simultaneous step, revealed to all (absent: none yet)."""
        if value is None:
            return None
        r = self.r
        found = r.obj(value, "disclosed")
        step = r.choice(r.get("step", found, "disclosed"), SIMULTANEOUS, "disclosed.step")
        choices: dict[int, list[str]] = {}
        for q, texts in r.obj(r.get("choices", found, "disclosed"), "disclosed.choices").items():
            if not (isinstance(q, str) and q.isdigit() and len(q) < 3):
                r.fail("disclosed.choices", f"names no seat: {shown(q)}")
            where = f"disclosed.choices.{q}"
            choices[r.seat(int(q), where, self.n)] = [
                r.text(x, f"{where}[{i}]") for i, x in enumerate(r.seq(texts, where))]
        return [codes.STEP_NAMES.index(step), choices]

    def read_pieces(self, players: list[Any]) -> None:
        """Tokens, cities and ships, conserved (MC-0.4's 55 tokens, 9 cities and 4 ships a player)."""
        r, s, board = self.r, self.s, self.board
        t = self.game.rules.tables
        for name in ("civ", "tokens", "moved", "ships", "docked", "built", "stock", "treasury", "city_stock",
                     "ship_stock", "ast", "ast_forward", "census"):
            setattr(s, name, [])
        for p, pd in enumerate(players):
            base = f"players[{p}]."
            civ = r.get("civilization", pd, f"players[{p}]")
            if civ != self.game.rules.civilizations[p]:
                r.fail(base + "civilization", f"is {shown(civ)}; seat {p} plays {self.game.rules.civilizations[p]!r}")
            s.civ.append(civ)
            s.tokens.append(self.sparse(r.get("tokens", pd, f"players[{p}]"), base + "tokens"))
            s.moved.append(self.sparse(r.optional("moved", {}, pd), base + "moved"))
            s.stock.append(r.count(r.get("stock", pd, f"players[{p}]"), base + "stock"))
            s.treasury.append(r.count(r.get("treasury", pd, f"players[{p}]"), base + "treasury"))
            s.city_stock.append(r.integer(r.get("cities_in_stock", pd, f"players[{p}]"), base + "cities_in_stock",
                                          0, t.cities))
            s.ship_stock.append(r.integer(r.get("ships_in_stock", pd, f"players[{p}]"), base + "ships_in_stock",
                                          0, t.ships))
            s.ships.append(self.areas(r.optional("ships", [], pd), base + "ships"))
            if s.ships[p] and s.phase != 3:
                r.fail(base + "ships", f"names ships built this turn in phase {s.phase}; they sail in phase 3")
            s.docked.append(sorted(self.areas(r.optional("docked_ships", [], pd), base + "docked_ships")))
            if s.docked[p] and s.phase not in (3, 4):
                r.fail(base + "docked_ships", f"names ships on the map in phase {s.phase}; ships leave the map at "
                       "the end of the conflict phase (4)")
            s.ast.append(r.integer(r.get("ast", pd, f"players[{p}]"), base + "ast", 1, t.spaces))
            s.ast_forward.append(r.integer(r.optional("ast_forward", s.ast[-1] - 1, pd), base + "ast_forward", 0,
                                           10**6))
            s.census.append(r.integer(r.optional("census", 0, pd), base + "census", 0, t.tokens))
            s.built.append(self.areas(r.optional("built", [], pd), base + "built"))
            tokens = sum(s.tokens[p]) + s.stock[p] + s.treasury[p]
            if tokens != t.tokens:
                raise InvalidStateError(f"position gives player {p} {tokens} tokens on the map, in stock and in "
                                        f"treasury, but a player has {t.tokens}")
            cities = s.city.count(p) + s.city_stock[p]
            if cities != t.cities:
                raise InvalidStateError(f"position gives player {p} {cities} cities, on the map and in stock; "
                                        f"a player has {t.cities}")
            ships = s.ship_stock[p] + len(s.ships[p]) + len(s.docked[p])
            if ships != t.ships:
                raise InvalidStateError(f"position gives player {p} {ships} ships (in stock, built and on the map); "
                                        f"a player has {t.ships}")
            for a in range(len(board.areas)):
                if s.tokens[p][a] and board.areas[a].is_water:
                    r.fail(base + "tokens", f"puts tokens on water area {board.areas[a].id!r}")
                if s.moved[p][a] > max(s.tokens[p][a], 1):
                    r.fail(f"{base}moved.{board.areas[a].id}", "exceeds the tokens there")

    def read_cards(self, players: list[Any]) -> None:
        """Cards, advances and the rest of each player; every trade card is where exactly one card can be."""
        r, s, cat, n = self.r, self.s, self.cat, self.n
        data = self.data
        side = self.game.rules.card_side
        s.stacks = self.piles(r.optional("stacks", {}), "stacks")
        s.discards = self.piles(r.optional("discards", {}), "discards")
        for i, a in enumerate(r.seq(r.optional("pirates", []), "pirates")):
            at = self.area(a, f"pirates[{i}]", land=True)
            if s.city[at] != -1:
                r.fail("pirates", f"puts a pirate city where another city is: {shown(a)}")
            s.city[at] = codes.PIRATE
        s.barb = self.sparse(r.optional("barbarians", {}), "barbarians")
        for a, k in enumerate(s.barb):
            if k and self.board.areas[a].is_water:
                r.fail("barbarians", f"puts barbarians on water area {self.board.areas[a].id!r}")
        s.hands, s.owned, s.paid, s.extra_credit, s.tax_rate, s.bought, s.used, s.revealed = [], [], [], [], [], [], [], []
        for p, pd in enumerate(players):
            base = f"players[{p}]."
            s.hands.append(sorted(self.cards(r.optional("hand", [], pd), base + "hand")))
            owned = [self.advance(a, f"{base}advances[{i}]")
                     for i, a in enumerate(r.seq(r.optional("advances", [], pd), base + "advances"))]
            if len(set(owned)) != len(owned):
                r.fail(base + "advances", "names an advance twice")
            paid = r.seq(r.optional("paid", [cat.advances[a].cost for a in owned], pd), base + "paid", len(owned))
            pairs = sorted(zip(owned, (r.count(x, f"{base}paid[{i}]") for i, x in enumerate(paid)), strict=True))
            s.owned.append([a for a, _ in pairs])
            s.paid.append([x for _, x in pairs])
            credit = r.obj(r.optional("credit_tokens", {}, pd), base + "credit_tokens")
            for g in credit:
                if g not in cat.groups:
                    r.fail(base + "credit_tokens", f"names unknown advance group {shown(g)}")
            s.extra_credit.append([r.count(credit.get(g, 0), f"{base}credit_tokens.{g}") for g in cat.groups])
            rate = r.optional("tax_rate", 0, pd)
            s.tax_rate.append(r.integer(rate, base + "tax_rate", -1, 1))
            s.bought.append([self.advance(a, f"{base}bought[{i}]")
                             for i, a in enumerate(r.seq(r.optional("bought", [], pd), base + "bought"))])
            s.used.append([self.use(u, f"{base}used[{i}]")
                           for i, u in enumerate(r.seq(r.optional("used", [], pd), base + "used"))])
            s.revealed.append(self.cards(r.optional("revealed", [], pd), base + "revealed"))
        want: dict[int, int] = {}
        for x in cat.stacks_for(n, side):
            for c in x:
                want[c] = want.get(c, 0) + 1
        have: dict[int, int] = {}
        for group in (s.stacks, s.discards, s.hands):
            for x in group:
                for c in x:
                    if c != cat.water:
                        have[c] = have.get(c, 0) + 1
        if ("stacks" in data or any("hand" in pd for pd in players)) and have != want:
            wrong = sorted(set(want) | set(have), key=lambda c: cat.cards[c].id)
            bad = next(c for c in wrong if want.get(c, 0) != have.get(c, 0))
            raise InvalidStateError(f"position holds {have.get(bad, 0)} {cat.cards[bad].id!r} cards in stacks, "
                                    f"discards and hands; the game has {want.get(bad, 0)}")
        if "stacks" not in data and not any("hand" in pd for pd in players):  # a part-1 position: the cards unshuffled
            s.stacks = cat.stacks_for(n, side)

    def use(self, value: Any, path: str) -> str:
        """A ``used`` entry: an ability's name, or an area reinforced, or a player chosen."""
        text = self.r.text(value, path)
        if text.startswith(codes.REINFORCE):
            self.area(text[len(codes.REINFORCE):], path, land=True)
        elif text.startswith(codes.PROVINCIAL):
            tail = text[len(codes.PROVINCIAL):]
            if not (tail.isdigit() and len(tail) < 3 and int(tail) < self.n):
                self.r.fail(path, f"names no seat: {shown(text)}")
        return text

    def piles(self, value: Any, path: str) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(len(self.cat.stacks_for(self.n, self.game.rules.card_side)))]
        for k, v in self.r.obj(value, path).items():
            if not (isinstance(k, str) and k.isdigit() and len(k) < 3 and 1 <= int(k) < len(out)):
                self.r.fail(path, f"has a bad stack {shown(k)}")
            out[int(k)] = self.cards(v, f"{path}.{k}")
            for c in out[int(k)]:
                if self.cat.cards[c].stack != int(k):
                    self.r.fail(path, f"puts {self.cat.cards[c].id!r} in stack {k}")
        return out

    def read_trade(self) -> None:
        r, s = self.r, self.s
        s.deal = None
        deal = r.optional("deal")
        if deal is not None:
            s.deal = self.read_deal(deal)
        s.trade_round = r.integer(r.optional("trade_round", 0), "trade_round", 0, 10**6)
        s.traded = []
        limit = self.game.rules.trade_max_cards
        for i, row in enumerate(r.seq(r.optional("traded", []), "traded")):  # MC-7.5: this turn's closed deals
            where = f"traded[{i}]"
            p, q, gave, got = r.seq(row, where, 4)
            p, q = r.seat(p, where, self.n), r.seat(q, where, self.n)
            if p == q:
                r.fail(where, "is a trade of a player with himself")
            s.traded.append([p, q, r.integer(gave, where, 3, limit), r.integer(got, where, 3, limit)])

    def read_deal(self, value: Any) -> list[Any]:
        """The deal under way (MC-7.2 to MC-7.4): each side is two shown cards then hidden
        cards and their declarations by pairs, at most trade-max-cards cards, all held."""
        r, s, cat, n = self.r, self.s, self.cat, self.n
        deal = r.obj(value, "deal")
        frm = r.seat(r.get("from", deal, "deal"), "deal.from", n)
        cs = self.cards(r.get("cards", deal, "deal"), "deal.cards")
        counters: dict[int, list[int]] = {}
        for q, v in r.obj(r.get("counters", deal, "deal"), "deal.counters").items():
            if not (isinstance(q, str) and q.isdigit() and len(q) < 3):
                r.fail("deal.counters", f"names no seat: {shown(q)}")
            counters[r.seat(int(q), "deal.counters", n)] = self.cards(v, f"deal.counters.{q}")
        stage = r.integer(r.get("stage", deal, "deal"), "deal.stage", 0, 2)
        declined = [r.seat(q, "deal.declined", n) for q in r.seq(r.optional("declined", [], deal), "deal.declined")]
        if frm in declined or set(declined) & set(counters) or len(set(declined)) < len(declined) or (
                stage == 0 and declined) or set(declined) & set(s.queue):
            r.fail("deal.declined", "names the proposer, a player who countered or is still to answer, or one twice")
        if s.step != codes.TRADE or frm in counters:
            r.fail("deal", "is an offer under way: only in step 'trade', never countered by its proposer")
        limit = self.game.rules.trade_max_cards
        names = set(self.game.rules.declarable)
        built = frm if stage == 0 else s.decider if stage == 1 else -1  # the side still being built
        for who, side in [(frm, cs), *counters.items()]:
            name = "deal.cards" if who == frm else f"deal.counters.{who}"
            if len(side) < (2 if who == built else 4) or len(side) % 2:
                r.fail(name, "must give two shown cards, then each hidden card and its declared name (at least "
                             "one once the offer is posted, MC-7.2)")
            if len(side) // 2 + 1 > limit:
                r.fail(name, f"offers {len(side) // 2 + 1} cards; option trade-max-cards allows {limit}")
            hand = list(s.hands[who])
            for c in side[:2] + side[2::2]:
                if c not in hand:
                    r.fail(name, f"offers {cat.cards[c].id!r}, which player {who} does not hold")
                hand.remove(c)
            if any(cat.cards[c].calamity for c in side[:2]) or not all(cat.cards[c].tradable for c in side[2::2]):
                r.fail(name, f"has player {who} show a calamity or offer a non-tradable one")  # MC-7.3, MC-7.5
            if any(cat.cards[c].calamity for c in side[3::2]):  # MC-7.4: a commodity is declared
                r.fail(name, "declares a hidden card as a calamity")
            for d in side[3::2]:  # MC-7.4: any name of the game's cards
                if d not in names:
                    r.fail(name, f"declares a hidden card as {cat.cards[d].id!r}, a card this game does not have")
        if stage == 0 and (counters or s.decider != frm):
            r.fail("deal", "at stage 0 is an offer its proposer (the decider) is still building: no counters yet")
        if stage == 1 and (s.decider == frm or frm in s.queue):
            r.fail("deal", "at stage 1 waits for the other players' answers, not the proposer's")
        if stage == 2 and s.decider != frm:
            r.fail("deal", "at stage 2 waits for its proposer (the decider) to accept or reject")
        return [frm, cs, stage, counters, declined]

    def read_tasks(self) -> None:
        r, s, n = self.r, self.s, self.n
        s.calq = []
        for i, pair in enumerate(r.seq(r.optional("calamities_pending", []), "calamities_pending")):
            where = f"calamities_pending[{i}]"
            v, c = r.seq(pair, where, 2)
            card = self.card(c, where)
            if not self.cat.cards[card].calamity:
                r.fail(where, f"names {shown(c)}, which is not a calamity")
            s.calq.append([r.seat(v, where, n), card])
        s.tasks = []
        for i, t in enumerate(r.seq(r.optional("tasks", []), "tasks")):
            where = f"tasks[{i}]"
            if not isinstance(t, list) or len(t) != 6 or t[0] not in TASK_KINDS:
                r.fail("tasks", f"has a bad task {shown(t)}")
            if not _task_extra_ok(s, t[0], t[5]):
                r.fail("tasks", f"has a bad task {shown(t)} (its last entry)")
            card = -1 if t[4] is None else self.card(t[4], where)
            if t[0] not in ("give", "credit", "free-advance") and (card < 0 or not self.cat.cards[card].calamity):
                r.fail("tasks", f"has a calamity's task without its calamity: {shown(t)}")
            s.tasks.append([t[0], r.seat(t[1], where, n), r.seat(t[2], where, n), r.integer(t[3], where, 0, 10**6),
                            card, list(t[5]) if isinstance(t[5], list) else t[5]])
        s.pay = None
        pay = r.optional("pay")
        if pay is not None:
            pay = r.obj(pay, "pay")
            s.pay = [self.advance(r.get("advance", pay, "pay"), "pay.advance"),
                     r.integer(r.get("price", pay, "pay"), "pay.price", 0, 10**6),
                     r.integer(r.get("paid", pay, "pay"), "pay.paid", 0, 10**6),
                     self.cards(r.get("cards", pay, "pay"), "pay.cards")]
            payer = s.decider
            if s.step != codes.BUY or payer < 0 or s.pay[0] in s.owned[payer]:
                r.fail("pay", "is a purchase under way: only in step 'buy', of an advance the decider lacks")
            left = list(s.hands[payer])
            for c in s.pay[3]:
                if c not in left:
                    r.fail("pay.cards", f"turns in {self.cat.cards[c].id!r}, which player {payer} does not hold")
                left.remove(c)

    def check_calamities(self) -> None:
        """Calamities held are all revealed in phase 9 (none is left in a hand after it),
        and after the selection of phase 8 they are within the limit (MC-8.2)."""
        from .rules.selection import calamities_of, over_limit

        s = self.s
        cards = s.cat.cards
        for p in range(s.n):
            held = calamities_of(s, p)
            if not held:
                continue
            if s.phase >= 10:
                raise InvalidStateError(f"position gives player {p} the calamity {cards[held[0]].id!r} in phase "
                                        f"{s.phase}; every calamity held is revealed and resolved in phase 9")
            if s.phase == 8 and over_limit(s, held) and not (s.step == codes.DISCARD and p in s.queue):
                raise InvalidStateError(f"position gives player {p} {len(held)} calamities "
                                        f"({', '.join(cards[c].id for c in held)}), over the limit of MC-8.2, and "
                                        "he is not choosing which to discard")

    # ------------------------------------------------------------ who decides
    def check_flow(self, step: str) -> None:
        """The step's decider, queue, target and buffers fit together, and whoever is to
        decide has something to decide."""
        r, s = self.r, self.s
        if s.step == codes.OVER:
            if s.queue:
                r.fail("queue", "must be empty in step 'over'")
            scores = [s.vp(p) for p in range(s.n)]
            best = [p for p in range(s.n) if scores[p] == max(scores)]
            if s.winner_list != (best if len(best) < s.n else []):  # MC-14.1: every player tied is a draw
                r.fail("winners", f"must be the players with the most victory points, none when every player "
                                  f"ties ({scores})")
            return
        if s.winner_list:
            r.fail("winners", "is set but the game is not over")
        if s.step == codes.AUTO:
            r.fail("step", "may not be 'auto': a saved position waits for a decision")
        if s.tasks and s.step != codes.TASK:
            r.fail("tasks", f"are waiting in step {step!r}; tasks are decided in step 'task'")
        self.check_target(step)
        buffers = r.optional("buffers")
        if buffers is not None:
            self.read_buffers(buffers, step)
            return
        if s.step == codes.REVOLT:  # the Beneficiary decides; 'queue' holds the defaulters still to come
            if (s.decider < 0 or s.target == s.decider or not s.cities_of(s.target)
                    or not s.city_stock[s.decider]):
                r.fail("decider", "(the Beneficiary, with a city piece in stock) and 'target' (the defaulter, who has "
                       "a city) are needed in step 'revolt'")
        elif s.decider < 0 or not s.queue or s.decider != s.queue[0]:
            r.fail("decider", "must be the first seat of 'queue'")
        if s.step in (codes.TASK, codes.SPECIAL, codes.BUY) and s.queue != [s.decider]:
            r.fail("queue", f"must hold the decider alone in step {step!r}")
        if s.step == codes.TASK and (not s.tasks or s.tasks[-1][1] != s.decider):
            r.fail("tasks", "must end with a task of the decider in step 'task'")
        if s.step == codes.DISCARD:
            for p in s.queue:
                if not _discards(s, p):
                    r.fail("queue", f"names player {p}, who has nothing to discard")
        if not s.legal(s.decider):
            r.fail("decider", f"is player {s.decider}, who has nothing to decide in step {step!r}")

    def check_target(self, step: str) -> None:
        """``target`` where a step reads it: the defaulter (revolt), the next phase
        (support check), the movement round, the AST position of the player whose turn
        it is (trade, abilities, purchases)."""
        r, s = self.r, self.s
        t = s.target
        if s.step == codes.REDUCE and t != (6 if s.phase == 5 else 12):
            r.fail("target", f"must be {6 if s.phase == 5 else 12} (the next phase) in step 'reduce' of phase {s.phase}")
        if s.step == codes.MOVE and t not in (-1, 1):
            r.fail("target", "must be -1 or 1 (the first movement round) in step 'move'")
        if s.step == codes.REVOLT and not 0 <= t < s.n:
            r.fail("target", "must be the seat of the defaulting player in step 'revolt'")
        if s.step in (codes.TRADE, codes.SPECIAL, codes.BUY) or (s.step == codes.TASK and s.phase in (10, 12)):
            if not 0 <= t < s.n:
                r.fail("target", f"must be the AST position (0 to {s.n - 1}) of the player whose turn it is")
            whose = s.deal[0] if s.deal is not None else s.decider
            if s.step != codes.TASK and s.order[t] != whose:
                r.fail("target", f"is AST position {t}, not that of player {whose}, whose turn it is")

    def read_buffers(self, buffers: Any, step: str) -> None:
        """A simultaneous step (MC-0.5): each deciding player's choices so far, replayed on his preview."""
        r, s = self.r, self.s
        if codes.STEP_NAMES[s.step] not in s.rules.simultaneous_steps or s.decider != -1 or len(s.queue) < 2:
            r.fail("buffers", f"hold simultaneous choices, but step {step!r} is played one at a time here")
        found = r.obj(buffers, "buffers")
        if sorted(found) != sorted(str(p) for p in s.queue) or len(set(s.queue)) != len(s.queue):
            r.fail("buffers", f"must hold the choices of exactly the players of 'queue' {s.queue}")
        s.previews, s.buffers = {}, {}
        for p in sorted(s.queue):
            texts = [r.text(t, f"buffers.{p}[{i}]") for i, t in enumerate(r.seq(found[str(p)], f"buffers.{p}"))]
            view = s.preview(s.step, p)
            for i, text in enumerate(texts):
                if view.step == codes.AUTO:
                    r.fail(f"buffers.{p}[{i}]", "follows the end of the player's choices")
                try:
                    view.play(p, view.find(p, text))
                except IllegalActionError as e:
                    r.fail(f"buffers.{p}[{i}]", f"is not legal there: {e}")
            s.previews[p] = view
            s.buffers[p] = texts
        if not s.to_move():
            r.fail("buffers", "leave nobody to decide: the step would be over")


def _discards(s: MegaState, p: int) -> bool:
    """Whether a player queued in the discard step has something to discard."""
    from .rules.advances import hand_limit
    from .rules.selection import calamities_of, over_limit

    if s.phase == 8:
        return over_limit(s, calamities_of(s, p))
    return len(s.hands[p]) > hand_limit(s, p)


def _task_extra_ok(s: MegaState, kind: str, extra: Any) -> bool:
    """The shape of a task's last entry (areas, seats, cards or advances by index)."""
    def ints(xs: Any, hi: int, lo: int = 0) -> bool:
        return isinstance(xs, list) and all(isinstance(x, int) and not isinstance(x, bool) and lo <= x < hi for x in xs)

    areas, n = len(s.board.areas), s.n
    if kind in ("lose", "reduce", "destroy", "barbarians"):
        return extra is None or (kind == "destroy" and extra == "inland") or ints(extra, areas)
    if kind == "annex":  # [annexer, areas taken so far] (or the annexer alone)
        return ints([extra], n) or (isinstance(extra, list) and len(extra) >= 1 and ints(extra[:1], n)
                                    and ints(extra[1:], areas))
    if kind == "annex-city":
        return ints([extra], n)
    if kind == "support":
        return ints([extra], 1 << 30)
    if kind == "quake-neighbour":
        return extra is None or ints([extra], areas)
    if kind == "victims":
        return (isinstance(extra, list) and len(extra) >= 3 and extra[0] in TASK_KINDS and isinstance(extra[1], str)
                and ints(extra[2:3], n, -1) and ints(extra[3:], n))
    if kind == "discard":
        return extra is None or ints([extra], 1 << 30) or (ints(extra[:1], 1 << 30) and ints(extra[1:], len(s.cat.cards)))
    if kind == "give":
        return isinstance(extra, list) and len(extra) == 2 and ints(extra[:1], n) and ints(extra[1:], 1 << 30)
    if kind == "free-advance":
        return ints(extra, len(s.cat.advances))
    return extra is None
