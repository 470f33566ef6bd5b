"""Views of a Mega Civilization state: observations and JSON positions.

Everything on the table is public (tokens, cities, stock, treasury, AST); the
only hidden things are the generator and, in a simultaneous step, the choices
other players have made but not yet revealed. Token maps are written sparsely
(``{area id: count}``), which keeps an 18-player observation small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.events import ROOT
from civtable.core.rng import Rng

from .codes import AUTO, OVER, PIRATE, STEP_NAMES
from .state import MegaState
from .view import _sparse

if TYPE_CHECKING:
    from .game import MegaCiv


def _pay_json(s: MegaState) -> dict[str, Any]:
    assert s.pay is not None
    adv, due, paid, spent = s.pay
    return {"advance": s.cat.advances[adv].id, "price": due, "paid": paid, "cards": [s.cat.cards[c].id for c in spent]}


def state_to_json(s: MegaState) -> dict[str, Any]:
    areas = s.board.areas
    cards = s.cat.cards
    adv = s.cat.advances
    return {
        "game": "mega-civ",
        "options": dict(s.game.options),
        "rng": s.rng.state,
        "turn": s.turn_no,
        "phase": s.phase,
        "step": STEP_NAMES[s.step],
        "decider": s.decider,
        "queue": list(s.queue),
        "target": s.target,
        "city": {areas[a].id: o for a, o in enumerate(s.city) if o >= 0},
        "pirates": [areas[a].id for a, o in enumerate(s.city) if o == PIRATE],
        "barbarians": _sparse(s, s.barb),
        "stacks": {str(k): [cards[c].id for c in x] for k, x in enumerate(s.stacks) if k},
        "discards": {str(k): [cards[c].id for c in x] for k, x in enumerate(s.discards) if x},
        "deal": None if s.deal is None else {  # cards: shown, shown, then hidden and declared by pairs
            "from": s.deal[0], "cards": [cards[c].id for c in s.deal[1]], "stage": s.deal[2],
            "counters": {str(q): [cards[c].id for c in v] for q, v in sorted(s.deal[3].items())}},
        "trade_round": s.trade_round,
        "calamities_pending": [[v, cards[c].id] for v, c in s.calq],
        "tasks": [[t[0], t[1], t[2], t[3], cards[t[4]].id if t[4] >= 0 else None, t[5]] for t in s.tasks],
        "pay": _pay_json(s) if s.pay is not None else None,
        "log": list(s.log),
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


# the phases in which each decision step happens
STEP_PHASES = {"revolt": (1,), "grow": (2,), "move": (3,), "build": (5,), "reduce": (5, 11), "cards": (6,),
               "trade": (7,), "discard": (8, 12), "task": (9, 10, 12), "special": (10,), "buy": (12,)}


def _int(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < lo or (hi is not None and value > hi):
        span = f"at least {lo}" if hi is None else f"from {lo} to {hi}"
        raise InvalidStateError(f"position field {name!r} must be an integer {span}, not {value!r}")
    return value


def state_from_json(game: MegaCiv, data: Any) -> MegaState:
    """Rebuild a state, checking fields and that no token, city or ship was made or lost."""
    if not isinstance(data, dict):
        raise InvalidStateError("a position must be a JSON object")
    saved = data.get("options")
    if isinstance(saved, dict):
        for k, v in saved.items():
            if k in game.options and game.options[k] != v:
                raise InvalidStateError(
                    f"position was saved with option {k}={v!r} but the game has {k}={game.options[k]!r}")
    r = game.rules
    board = r.board

    def need(key: str, src: dict[str, Any] = data, path: str = "") -> Any:
        if key not in src:
            raise InvalidStateError(f"position field {path + key!r} is missing")
        return src[key]

    def area(value: Any, name: str) -> int:
        try:
            return board.index(value)
        except InvalidStateError:
            raise InvalidStateError(f"position field {name!r} names unknown area {value!r}") from None

    def sparse(value: Any, name: str) -> list[int]:
        if not isinstance(value, dict):
            raise InvalidStateError(f"position field {name!r} must map area ids to counts")
        row = [0] * len(board.areas)
        for k, v in value.items():
            row[area(k, name)] = _int(v, f"{name}.{k}")
        return row

    s = MegaState.__new__(MegaState)
    s.journal = ROOT
    s.game, s.rules, s.board, s.n = game, r, board, game.num_players
    n = s.n
    rng = need("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 1 << 64:
        raise InvalidStateError("position field 'rng' must be an integer in [0, 2**64)")
    s.rng = Rng.from_state(rng)
    s.turn_no = _int(need("turn"), "turn", 1)
    s.phase = _int(need("phase"), "phase", 1, 13)
    step = need("step")
    if step not in STEP_NAMES:
        raise InvalidStateError(f"position field 'step' must be one of {', '.join(STEP_NAMES)}, not {step!r}")
    s.step = STEP_NAMES.index(step)
    if step in STEP_PHASES and s.phase not in STEP_PHASES[step]:
        raise InvalidStateError(f"position field 'step' is {step!r}, which cannot happen in phase {s.phase}")
    s.decider = _int(need("decider"), "decider", -1, n - 1)
    queue = need("queue")
    if not isinstance(queue, list):
        raise InvalidStateError("position field 'queue' must be a list of seats")
    s.queue = [_int(q, "queue", 0, n - 1) for q in queue]
    s.target = _int(data.get("target", -1), "target", -1, max(13, n - 1))
    city = need("city")
    if not isinstance(city, dict):
        raise InvalidStateError("position field 'city' must map area ids to owners")
    s.city = [-1] * len(board.areas)
    for k, v in city.items():
        s.city[area(k, "city")] = _int(v, f"city.{k}", 0, n - 1)
    s.exempt = [area(a, "exempt") for a in data.get("exempt", [])]
    s.defaulters = [_int(p, "defaulters", 0, n - 1) for p in data.get("defaulters", [])]
    s.winner_list = [_int(p, "winners", 0, n - 1) for p in data.get("winners", [])]
    players = need("players")
    if not isinstance(players, list) or len(players) != n:
        raise InvalidStateError(f"position field 'players' must list {n} players")
    s.civ, s.tokens, s.moved, s.ships, s.docked, s.built = [], [], [], [], [], []
    s.stock, s.treasury, s.city_stock, s.ship_stock, s.ast, s.ast_forward, s.census = [], [], [], [], [], [], []
    t = r.tables
    for p, pd in enumerate(players):
        base = f"players[{p}]."
        if not isinstance(pd, dict):
            raise InvalidStateError(f"position field 'players[{p}]' must be an object")
        civ = need("civilization", pd, base)
        if civ != r.civilizations[p]:
            raise InvalidStateError(f"position field '{base}civilization' is {civ!r}; seat {p} plays {r.civilizations[p]!r}")
        s.civ.append(civ)
        s.tokens.append(sparse(need("tokens", pd, base), base + "tokens"))
        s.moved.append(sparse(pd.get("moved", {}), base + "moved"))
        s.stock.append(_int(need("stock", pd, base), base + "stock"))
        s.treasury.append(_int(need("treasury", pd, base), base + "treasury"))
        s.city_stock.append(_int(need("cities_in_stock", pd, base), base + "cities_in_stock", 0, t.cities))
        s.ship_stock.append(_int(need("ships_in_stock", pd, base), base + "ships_in_stock", 0, t.ships))
        s.ships.append([area(a, base + "ships") for a in pd.get("ships", [])])
        docked = pd.get("docked_ships", [])
        if not isinstance(docked, list):
            raise InvalidStateError(f"position field '{base}docked_ships' must be a list of area ids")
        s.docked.append(sorted(area(a, base + "docked_ships") for a in docked))
        if s.docked[p] and s.phase not in (3, 4):
            raise InvalidStateError(f"position field '{base}docked_ships' names ships on the map in phase {s.phase}; "
                                    "ships leave the map at the end of the conflict phase (4)")
        s.ast.append(_int(need("ast", pd, base), base + "ast", 1, t.spaces))
        s.ast_forward.append(_int(pd.get("ast_forward", s.ast[-1] - 1), base + "ast_forward"))
        s.census.append(_int(pd.get("census", 0), base + "census"))
        s.built.append([area(a, base + "built") for a in pd.get("built", [])])
        tokens = sum(s.tokens[p]) + s.stock[p] + s.treasury[p]
        if tokens != t.tokens:
            raise InvalidStateError(
                f"position gives player {p} {tokens} tokens on the map, in stock and in treasury, but a player has {t.tokens}")
        cities = s.city.count(p) + s.city_stock[p]
        if cities != t.cities:
            raise InvalidStateError(f"position gives player {p} {cities} cities, on the map and in stock; a player has {t.cities}")
        ships = s.ship_stock[p] + len(s.ships[p]) + len(s.docked[p])
        if ships != t.ships:
            raise InvalidStateError(f"position gives player {p} {ships} ships (in stock, built and on the map); a player has {t.ships}")
        for a in range(len(board.areas)):
            if s.tokens[p][a] and board.areas[a].is_water:
                raise InvalidStateError(f"position field '{base}tokens' puts tokens on water area {board.areas[a].id!r}")
            if s.moved[p][a] > max(s.tokens[p][a], 1):
                raise InvalidStateError(f"position field '{base}moved.{board.areas[a].id}' exceeds the tokens there")
    _load_part2(s, data, players, area)
    s.rank = [t.civ(c).ast_rank for c in s.civ]
    from .order import ast_order

    s.order = ast_order(s.rank)
    s.solo = False
    s.previews = None
    s.buffers = None
    if s.step == OVER:
        if s.queue:
            raise InvalidStateError("position in step 'over' must have an empty 'queue'")
        return s
    if s.winner_list:
        raise InvalidStateError("position field 'winners' is set but the game is not over")
    if s.step == AUTO:
        raise InvalidStateError("position field 'step' may not be 'auto': a saved position waits for a decision")
    buffers = data.get("buffers")
    if buffers is not None:
        if not isinstance(buffers, dict):
            raise InvalidStateError("position field 'buffers' must map seats to lists of actions")
        s.previews, s.buffers = {}, {}
        try:
            for key, texts in sorted(buffers.items(), key=lambda kv: int(kv[0])):
                p = _int(int(key), "buffers", 0, n - 1)
                view = s.preview(s.step, p)
                for text in texts:
                    view.play(p, view.find(p, text))
                s.previews[p] = view
                s.buffers[p] = list(texts)
        except (ValueError, TypeError):
            raise InvalidStateError("position field 'buffers' must map seats to lists of action texts") from None
    else:
        if s.step == 0:  # a revolt: the Beneficiary decides; 'queue' holds the defaulters still to come
            if s.decider < 0 or s.target < 0 or s.target == s.decider:
                raise InvalidStateError("position fields 'decider' (the Beneficiary) and 'target' (the defaulter) are needed in step 'revolt'")
        elif s.decider < 0 or not s.queue or s.decider != s.queue[0]:
            raise InvalidStateError("position field 'decider' must be the first seat of 'queue'")
        if not s.legal(s.decider):
            raise InvalidStateError(f"position leaves player {s.decider} nothing to decide in step {step!r}")
    return s


TASK_KINDS = ("lose", "reduce", "destroy", "support", "annex", "annex-city", "pirate", "quake-neighbour", "victims",
              "discard", "discard-value", "pay-or", "regress-or", "buy-off", "give", "credit", "free-advance", "barbarians")


def _load_deal(s: MegaState, deal: Any, card: Any) -> list[Any]:
    """The deal under way (MC-7.2 to MC-7.4): each side is two shown cards then hidden
    cards and their declarations by pairs, at most trade-max-cards cards, all held."""
    cat, n = s.cat, s.n
    try:
        frm = _int(deal["from"], "deal.from", 0, n - 1)
        cs = [card(c, "deal.cards") for c in deal["cards"]]
        counters = {_int(int(q), "deal.counters", 0, n - 1): [card(c, f"deal.counters.{q}") for c in v]
                    for q, v in deal["counters"].items()}
        stage = _int(deal["stage"], "deal.stage", 0, 2)
    except InvalidStateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError):
        raise InvalidStateError("position field 'deal' must give from, cards, stage and counters") from None
    if s.step != STEP_NAMES.index("trade") or frm in counters:
        raise InvalidStateError("position field 'deal' is an offer under way: only in step 'trade', never countered by its proposer")
    limit = s.game.rules.trade_max_cards
    for who, side in [(frm, cs), *counters.items()]:
        name = "deal.cards" if who == frm else f"deal.counters.{who}"
        if len(side) < 4 or len(side) % 2:
            raise InvalidStateError(f"position field {name!r} must give two shown cards, then each hidden card and its declared name")
        if len(side) // 2 + 1 > limit:
            raise InvalidStateError(f"position field {name!r} offers {len(side) // 2 + 1} cards; option trade-max-cards allows {limit}")
        hand = list(s.hands[who])
        for c in side[:2] + side[2::2]:
            if c not in hand:
                raise InvalidStateError(f"position field {name!r} offers {cat.cards[c].id!r}, which player {who} does not hold")
            hand.remove(c)
        if any(cat.cards[c].calamity for c in side[:2]) or not all(cat.cards[c].tradable for c in side[2::2]):  # MC-7.3, MC-7.5
            raise InvalidStateError(f"position field {name!r} has player {who} show a calamity or offer a non-tradable one")
        if any(cat.cards[c].calamity for c in side[3::2]):  # MC-7.4: a commodity is declared
            raise InvalidStateError(f"position field {name!r} declares a hidden card as a calamity")
    if stage == 0 and (counters or s.decider != frm):
        raise InvalidStateError("position field 'deal' at stage 0 is an offer its proposer (the decider) is still building: no counters yet")
    if stage == 2 and s.decider != frm:
        raise InvalidStateError("position field 'deal' at stage 2 waits for its proposer (the decider) to accept or reject")
    return [frm, cs, stage, counters]


def _load_part2(s: MegaState, data: dict[str, Any], players: list[Any], area: Any) -> None:
    """Cards, advances, trade and calamity state; every trade card is where exactly one card can be."""
    cat = s.game.rules.catalog
    s.cat = cat
    n = s.n

    def card(value: Any, name: str) -> int:
        try:
            return cat.card(value)
        except InvalidStateError:
            raise InvalidStateError(f"position field {name!r} names unknown trade card {value!r}") from None

    def advance(value: Any, name: str) -> int:
        try:
            return cat.advance(value)
        except InvalidStateError:
            raise InvalidStateError(f"position field {name!r} names unknown advance {value!r}") from None

    def piles(value: Any, name: str) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(len(cat.stacks_for(n, s.game.rules.card_side)))]
        if not isinstance(value, dict):
            raise InvalidStateError(f"position field {name!r} must map stack numbers to lists of cards")
        for k, v in value.items():
            if not (isinstance(k, str) and k.isdigit() and 1 <= int(k) < len(out)) or not isinstance(v, list):
                raise InvalidStateError(f"position field {name!r} has a bad stack {k!r}")
            out[int(k)] = [card(c, f"{name}.{k}") for c in v]
            for c in out[int(k)]:
                if cat.cards[c].stack != int(k):
                    raise InvalidStateError(f"position field {name!r} puts {cat.cards[c].id!r} in stack {k}")
        return out

    s.stacks = piles(data.get("stacks", {}), "stacks")
    s.discards = piles(data.get("discards", {}), "discards")
    for a in data.get("pirates", []):
        i = area(a, "pirates")
        if s.city[i] != -1:
            raise InvalidStateError(f"position field 'pirates' puts a pirate city where another city is: {a!r}")
        s.city[i] = PIRATE
    barb = data.get("barbarians", {})
    if not isinstance(barb, dict):
        raise InvalidStateError("position field 'barbarians' must map area ids to counts")
    s.barb = [0] * len(s.board.areas)
    for k, v in barb.items():
        s.barb[area(k, "barbarians")] = _int(v, f"barbarians.{k}")
    s.hands, s.owned, s.paid, s.extra_credit, s.tax_rate, s.bought, s.used, s.revealed = [], [], [], [], [], [], [], []
    for p, pd in enumerate(players):
        base = f"players[{p}]."
        hand = pd.get("hand", [])
        if not isinstance(hand, list):
            raise InvalidStateError(f"position field '{base}hand' must be a list of card ids")
        s.hands.append(sorted(card(c, base + "hand") for c in hand))
        owned = [advance(a, base + "advances") for a in pd.get("advances", [])]
        if len(set(owned)) != len(owned):
            raise InvalidStateError(f"position field '{base}advances' names an advance twice")
        paid = pd.get("paid", [cat.advances[a].cost for a in owned])
        if not isinstance(paid, list) or len(paid) != len(owned):
            raise InvalidStateError(f"position field '{base}paid' must give one price per advance")
        pairs = sorted(zip(owned, (_int(x, base + "paid") for x in paid), strict=True))
        s.owned.append([a for a, _ in pairs])
        s.paid.append([x for _, x in pairs])
        credit = pd.get("credit_tokens", {})
        if not isinstance(credit, dict) or any(g not in cat.groups for g in credit):
            raise InvalidStateError(f"position field '{base}credit_tokens' must map advance groups to points")
        s.extra_credit.append([_int(credit.get(g, 0), f"{base}credit_tokens.{g}") for g in cat.groups])
        rate = pd.get("tax_rate", 0)
        if rate not in (-1, 0, 1):
            raise InvalidStateError(f"position field '{base}tax_rate' must be -1, 0 or 1, not {rate!r}")
        s.tax_rate.append(rate)
        s.bought.append([advance(a, base + "bought") for a in pd.get("bought", [])])
        used = pd.get("used", [])
        if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
            raise InvalidStateError(f"position field '{base}used' must be a list of names")
        s.used.append(list(used))
        s.revealed.append([card(c, base + "revealed") for c in pd.get("revealed", [])])
    # every trade card (not Water) is in exactly one place
    want: dict[int, int] = {}
    for x in cat.stacks_for(n, s.game.rules.card_side):
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
        raise InvalidStateError(
            f"position holds {have.get(bad, 0)} {cat.cards[bad].id!r} cards in stacks, discards and hands; the game has {want.get(bad, 0)}")
    if "stacks" not in data and not any("hand" in pd for pd in players):  # a part-1 position: the cards unshuffled
        s.stacks = cat.stacks_for(n, s.game.rules.card_side)
    deal = data.get("deal")
    s.deal = None
    if deal is not None:
        s.deal = _load_deal(s, deal, card)
    s.trade_round = _int(data.get("trade_round", 0), "trade_round")
    s.calq = [[_int(v, "calamities_pending", 0, n - 1), card(c, "calamities_pending")] for v, c in data.get("calamities_pending", [])]
    s.tasks = []
    for t in data.get("tasks", []):
        if not isinstance(t, list) or len(t) != 6 or t[0] not in TASK_KINDS:
            raise InvalidStateError(f"position field 'tasks' has a bad task {t!r}")
        if not _task_extra_ok(s, t[0], t[5]):
            raise InvalidStateError(f"position field 'tasks' has a bad task {t!r} (its last entry)")
        s.tasks.append([t[0], _int(t[1], "tasks", 0, n - 1), _int(t[2], "tasks", 0, n - 1), _int(t[3], "tasks"),
                        -1 if t[4] is None else card(t[4], "tasks"), t[5]])
    pay = data.get("pay")
    s.pay = None
    if pay is not None:
        try:
            s.pay = [advance(pay["advance"], "pay.advance"), _int(pay["price"], "pay.price"), _int(pay["paid"], "pay.paid"),
                     [card(c, "pay.cards") for c in pay["cards"]]]
        except (KeyError, TypeError):
            raise InvalidStateError("position field 'pay' must give advance, price, paid and cards") from None
        payer = s.decider
        left = list(s.hands[payer]) if s.step == STEP_NAMES.index("buy") and payer >= 0 else None
        if left is None or s.pay[0] in s.owned[payer]:
            raise InvalidStateError("position field 'pay' is a purchase under way: only in step 'buy', of an advance the decider lacks")
        for c in s.pay[3]:
            if c not in left:
                raise InvalidStateError(f"position field 'pay.cards' turns in {cat.cards[c].id!r}, which player {payer} does not hold")
            left.remove(c)
    log = data.get("log", [])
    s.log = [str(x) for x in log] if isinstance(log, list) else []
    _check_calamities(s)


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


def _check_calamities(s: MegaState) -> None:
    """Calamities held are all revealed in phase 9 (none is left in a hand after it),
    and after the selection of phase 8 they are within the limit (MC-8.2)."""
    from .rules.selection import calamities_of, over_limit

    cards = s.cat.cards
    for p in range(s.n):
        held = calamities_of(s, p)
        if not held:
            continue
        if s.phase >= 10:
            raise InvalidStateError(
                f"position gives player {p} the calamity {cards[held[0]].id!r} in phase {s.phase}; "
                "every calamity held is revealed and resolved in phase 9")
        if s.phase == 8 and over_limit(s, held) and not (s.step == STEP_NAMES.index("discard") and p in s.queue):
            raise InvalidStateError(
                f"position gives player {p} {len(held)} calamities ({', '.join(cards[c].id for c in held)}), "
                "over the limit of MC-8.2, and he is not choosing which to discard")
