"""Views of a Mega Civilization state: observations and JSON positions.

Everything on the table is public (tokens, cities, stock, treasury, AST); the
only hidden things are the generator and, in a simultaneous step, the choices
other players have made but not yet revealed. Token maps are written sparsely
(``{area id: count}``), which keeps an 18-player observation small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.rng import Rng

from .state import AUTO, OVER, PHASE_NAMES, STEP_NAMES, MegaState

if TYPE_CHECKING:
    from .game import MegaCiv


def _sparse(s: MegaState, row: list[int]) -> dict[str, int]:
    areas = s.board.areas
    return {areas[a].id: k for a, k in enumerate(row) if k}


def observation(s: MegaState, player: int) -> dict[str, Any]:
    view = s.previews.get(player, s) if s.previews is not None else s
    areas = view.board.areas
    players = []
    for p in range(view.n):
        players.append({
            "seat": p,
            "civilization": view.civ[p],
            "ast_rank": view.rank[p],
            "ast": view.ast[p],
            "stock": view.stock[p],
            "treasury": view.treasury[p],
            "cities_in_stock": view.city_stock[p],
            "ships_in_stock": view.ship_stock[p],
            "census": view.census[p],
            "tokens": _sparse(view, view.tokens[p]),
            "cities": [areas[a].id for a in view.cities_of(p)],
            "vp": view.vp(p),
        })
    return {
        "game": "mega-civ",
        "player": player,
        "turn": s.turn_no,
        "phase": s.phase,
        "phase_name": PHASE_NAMES[s.phase],
        "step": STEP_NAMES[view.step],
        "to_move": list(s.to_move()),
        "over": s.step == OVER,
        "winners": list(s.winner_list),
        "ast_order": list(s.order),
        "players": players,
        "moved": _sparse(view, view.moved[player]),
        "ships": [areas[a].id for a in view.ships[player]],
        "revolt_victim": s.target if s.step == 0 else None,
        "exempt": [areas[a].id for a in s.exempt],
        "waiting_for": sorted(s.to_move()) if s.previews is not None else None,
    }


def state_to_json(s: MegaState) -> dict[str, Any]:
    areas = s.board.areas
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
                "ast": s.ast[p],
                "ast_forward": s.ast_forward[p],
                "census": s.census[p],
                "built": [areas[a].id for a in s.built[p]],
            }
            for p in range(s.n)
        ],
    }


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
    s.decider = _int(need("decider"), "decider", -1, n - 1)
    queue = need("queue")
    if not isinstance(queue, list):
        raise InvalidStateError("position field 'queue' must be a list of seats")
    s.queue = [_int(q, "queue", 0, n - 1) for q in queue]
    s.target = _int(data.get("target", -1), "target", -1, 13)
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
    s.civ, s.tokens, s.moved, s.ships, s.built = [], [], [], [], []
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
        if s.ship_stock[p] + len(s.ships[p]) != t.ships:
            raise InvalidStateError(f"position gives player {p} {s.ship_stock[p] + len(s.ships[p])} ships; a player has {t.ships}")
        for a in range(len(board.areas)):
            if s.tokens[p][a] and board.areas[a].is_water:
                raise InvalidStateError(f"position field '{base}tokens' puts tokens on water area {board.areas[a].id!r}")
            if s.moved[p][a] > max(s.tokens[p][a], 1):
                raise InvalidStateError(f"position field '{base}moved.{board.areas[a].id}' exceeds the tokens there")
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
                view = s.clone()
                view.previews = view.buffers = None
                view.step, view.queue, view.decider, view.solo = s.step, [p], p, True
                for text in texts:
                    view._do(p, view._find(p, text))
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
        if not s._legal(s.decider):
            raise InvalidStateError(f"position leaves player {s.decider} nothing to decide in step {step!r}")
    return s
