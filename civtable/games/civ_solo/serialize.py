"""Positions of the solo automa as JSON, observations and determinizations.

Everything is public in a solo game except the generator (the future dice) and
the face-down opponent deck of a battle under way, shown as a count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.events import ROOT
from civtable.core.rng import Rng

from .battle import Battle, opponent_deck, opponent_units
from .state import COUNTS, DEBT_KINDS, ERAS, STAGES, SoloState
from .tables import UNIT_KINDS

if TYPE_CHECKING:
    from .game import CivSolo

ASKS = frozenset({"start", "dice", "cancel", "destroy", "units", "hand", "fortified", "trade", "buy", "give",
                  "play", "tie", "phase:start", "phase:move", "phase:end", *COUNTS,
                  *(f"gained:{k}" for k in DEBT_KINDS)})
OUTCOMES = (None, "won", "battle", "time")
ROLL_PURPOSES = ("event", "kind", "trade", "failure")


def _plain(v: Any) -> Any:
    """Tuples to lists, recursively: what JSON keeps."""
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _units_json(units: list[tuple[str, int, int]]) -> list[list[Any]]:
    return [list(u) for u in units]


def _work_json(work: dict[str, Any]) -> dict[str, Any]:
    """The scratch answers: unit lists as lists of lists, the rest copied one level."""
    out: dict[str, Any] = {}
    for k, v in work.items():
        if k in ("units", "hand"):
            out[k] = [list(u) for u in v]
        elif isinstance(v, (list, dict)):
            out[k] = v.copy()
        else:
            out[k] = v
    return out


def state_to_json(s: SoloState) -> dict[str, Any]:
    return {
        "game": "civ-solo",
        "options": dict(s.game.options),
        "rng": s.rng.state,
        "turn": s.turn_no,
        "stage": s.stage,
        "ask": s.ask,
        "pool": s.pool,
        "civ": s.civ,
        "era": s.era,
        "event": None if s.event is None else dict(s.event),
        "work": _plain(s.work),
        "roll": _plain(s.roll),
        "resume": s.resume,
        "units": None if s.units is None else _plain(s.units),
        "entry": _plain(s.entry),
        "debt": dict(s.debt),
        "pending": [dict(p) for p in s.pending],
        "battle": None if s.battle is None else s.battle.to_json(),
        "battle_info": _plain(s.bmeta),
        "ledger": _plain(s.ledger),
        "log": list(s.log),
        "news_from": s.news_from,
        "outcome": s.outcome,
        "end_turn": s.end_turn,
        "stats": dict(s.stats),
    }


def observation(s: SoloState, player: int) -> dict[str, Any]:
    """The whole position but the generator and the opponent's face-down deck, plus the
    question in words and what happened since the last answer."""
    battle = None
    top = None
    if s.battle is not None:
        battle = s.battle.to_json()
        battle["opponent_deck"] = len(s.battle.opponent_deck)
        if s.ask == "tie":  # the card being played is face up
            top = s.battle.opponent_deck[-1].to_json()
    return {
        "game": "civ-solo",
        "player": player,
        "turn": s.turn_no,
        "final_turn": s.final_turn,
        "final": s.turn_no >= s.final_turn,
        "stage": s.stage,
        "resume": s.resume,
        "ask": s.ask,
        "question": s.question(),
        "news": s.log[s.news_from:],
        "civ": s.civ,
        "era": s.era,
        "pool": s.pool,
        "event": None if s.event is None else dict(s.event),
        "work": _work_json(s.work),
        "roll": None if s.roll is None else {**s.roll, "got": list(s.roll["got"])},
        "units": None if s.units is None else _units_json(s.units),
        "entry": _units_json(s.entry),
        "debt": dict(s.debt),
        "pending": [dict(p) for p in s.pending],
        "battle": battle,
        "opponent_top": top,
        "battle_info": _plain(s.bmeta),
        "ledger": [[t, item, change, list(d) if isinstance(d, (list, tuple)) else d]
                   for t, item, change, d in s.ledger],
        "over": s.stage == "over",
        "outcome": s.outcome,
        "dice": s.game.options["dice"],
        "options": dict(s.game.options),
    }


def determinize(s: SoloState, player: int, rng: Rng) -> SoloState:
    """A fresh generator, and a battle's hidden deck drawn again with the same size."""
    d = s.clone()
    d.rng = Rng(rng.next64())
    if d.battle is not None and d.bmeta is not None:
        n = len(d.battle.opponent_deck)
        pool = opponent_units(d.bmeta["level"], d.opt("opponent-composition"), d.opt("opponent-unit-rank"),
                              d.tables.decks, rng)
        d.battle.opponent_deck = opponent_deck(pool, n, rng)
    return d


# ------------------------------------------------------------ reading back
class _Reader:
    """Field checks that name the field in every error."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise InvalidStateError(f"position field {key!r} is missing")
        return self.data[key]

    @staticmethod
    def int(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
        if (not isinstance(value, int) or isinstance(value, bool) or value < lo
                or (hi is not None and value > hi)):
            span = f"from {lo}" + (f" to {hi}" if hi is not None else "")
            raise InvalidStateError(f"position field {name!r} must be an integer {span}, not {value!r}")
        return value

    @staticmethod
    def choice(value: Any, allowed: tuple[Any, ...] | frozenset[Any], name: str) -> Any:
        if value not in allowed:
            shown = ", ".join(sorted(str(a) for a in allowed))
            raise InvalidStateError(f"position field {name!r} must be one of {shown}, not {value!r}")
        return value


def _unit(value: Any, name: str, s: SoloState) -> tuple[str, int, int]:
    if (not isinstance(value, list) or len(value) != 3 or value[0] not in UNIT_KINDS
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value[1:])):
        raise InvalidStateError(f"position field {name!r} must be [type, rank, strength], not {value!r}")
    kind, rank, strength = value
    if kind == "aircraft":
        if rank != 0 or strength not in s.tables.strengths[("aircraft", 1)]:
            raise InvalidStateError(f"position field {name!r}: an aircraft is [\"aircraft\", 0, strength 5-7], "
                                    f"not {value!r}")
    elif not 1 <= rank <= 4 or strength not in s.tables.strengths[(kind, rank)]:
        raise InvalidStateError(f"position field {name!r}: no {kind} card has strength {strength} at rank {rank}")
    return (kind, rank, strength)


def _units(value: Any, name: str, s: SoloState) -> list[tuple[str, int, int]]:
    if not isinstance(value, list):
        raise InvalidStateError(f"position field {name!r} must be a list of unit cards")
    return [_unit(u, f"{name}[{i}]", s) for i, u in enumerate(value)]


def state_from_json(game: CivSolo, data: Any) -> SoloState:
    if not isinstance(data, dict):
        raise InvalidStateError("a position must be a JSON object")
    r = _Reader(data)
    if r.get("game") != "civ-solo":
        raise InvalidStateError(f"position field 'game' is {data.get('game')!r}, not 'civ-solo'")
    opts = data.get("options")
    if opts is not None:
        if not isinstance(opts, dict):
            raise InvalidStateError("position field 'options' must be an object")
        for k, v in opts.items():
            if k in game.options and game.options[k] != v:
                raise InvalidStateError(f"position field 'options.{k}' is {v!r} but the game was loaded with "
                                        f"{game.options[k]!r}")
    s = SoloState.__new__(SoloState)
    s.journal = ROOT
    s.game, s.tables = game, game.tables
    s.legal = None
    rng = r.get("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2**64:
        raise InvalidStateError("position field 'rng' must be an integer in [0, 2**64)")
    s.rng = Rng.from_state(rng)
    s.turn_no = r.int(r.get("turn"), "turn", 0, game.tables.last_turn + 1)
    s.stage = r.choice(r.get("stage"), STAGES, "stage")
    ask = r.get("ask")
    s.ask = None if ask is None else r.choice(ask, ASKS, "ask")
    s.pool = r.int(r.get("pool"), "pool", 1, game.tables.last_turn + 1)
    civs = tuple(game.tables.civilizations["all"])
    s.civ = r.choice(r.get("civ"), civs, "civ")
    s.era = r.choice(r.get("era"), ERAS, "era")
    event = r.get("event")
    if event is not None:
        if not isinstance(event, dict):
            raise InvalidStateError("position field 'event' must be an object or null")
        s.event = {"face": r.int(event.get("face"), "event.face", 1, 6),
                   "turn": r.int(event.get("turn"), "event.turn", 1, game.tables.last_turn)}
    else:
        s.event = None
    work = r.get("work")
    if not isinstance(work, dict):
        raise InvalidStateError("position field 'work' must be an object")
    s.work = {}
    for k, v in work.items():
        if k in ("units", "hand"):
            s.work[k] = _units(v, f"work.{k}", s)
        elif k in COUNTS or k in ("target", "total2", "half2", "left", "tie"):
            s.work[k] = r.int(v, f"work.{k}", 0)
        elif k in ("fortified", "accepted", "destroy_roll", "announced", "base_done"):
            if not isinstance(v, bool):
                raise InvalidStateError(f"position field 'work.{k}' must be true or false, not {v!r}")
            s.work[k] = v
        elif k == "drawn":
            if not isinstance(v, list):
                raise InvalidStateError("position field 'work.drawn' must be a list of card indices")
            s.work[k] = [r.int(x, f"work.drawn[{i}]", 0) for i, x in enumerate(v)]
        elif k == "given":
            if not isinstance(v, dict) or any(i not in game.tables.trade for i in v):
                raise InvalidStateError("position field 'work.given' must map trade items to counts")
            s.work[k] = {i: r.int(n, f"work.given.{i}", 1) for i, n in v.items()}
        elif k == "item":
            s.work[k] = r.choice(v, tuple(game.tables.trade), "work.item")
        elif k == "check":
            s.work[k] = r.choice(v, ("card", "ability"), "work.check")
        elif k == "gained_done":
            if not isinstance(v, list) or any(x not in DEBT_KINDS for x in v):
                raise InvalidStateError("position field 'work.gained_done' must list debt kinds")
            s.work[k] = list(v)
        else:
            raise InvalidStateError(f"position field 'work' has an unknown entry {k!r}")
    roll = r.get("roll")
    if roll is not None:
        if not isinstance(roll, dict) or set(roll) != {"purpose", "n", "got", "done"}:
            raise InvalidStateError("position field 'roll' must be null or {purpose, n, got, done}")
        got = roll["got"]
        if not isinstance(got, list):
            raise InvalidStateError("position field 'roll.got' must be a list of dice")
        s.roll = {"purpose": r.choice(roll["purpose"], ROLL_PURPOSES, "roll.purpose"),
                  "n": r.int(roll["n"], "roll.n", 1, game.tables.last_turn + 1),
                  "got": [r.int(x, f"roll.got[{i}]", 0, 6) for i, x in enumerate(got)],
                  "done": bool(roll["done"])}
        if len(s.roll["got"]) > s.roll["n"]:
            raise InvalidStateError("position field 'roll.got' holds more dice than 'roll.n'")
    else:
        s.roll = None
    resume = r.get("resume")
    s.resume = None if resume is None else r.choice(resume, STAGES, "resume")
    units = r.get("units")
    s.units = None if units is None else _units(units, "units", s)
    s.entry = _units(r.get("entry"), "entry", s)
    debt = r.get("debt")
    if not isinstance(debt, dict) or set(debt) != set(DEBT_KINDS):
        raise InvalidStateError(f"position field 'debt' must map {', '.join(DEBT_KINDS)} to counts")
    s.debt = {k: r.int(debt[k], f"debt.{k}", 0) for k in DEBT_KINDS}
    pending = r.get("pending")
    if not isinstance(pending, list):
        raise InvalidStateError("position field 'pending' must be a list of battles")
    s.pending = []
    for i, p in enumerate(pending):
        if not isinstance(p, dict) or set(p) != {"rolled", "due", "level", "limit"}:
            raise InvalidStateError(f"position field 'pending[{i}]' must be {{rolled, due, level, limit}}")
        s.pending.append({
            "rolled": r.int(p["rolled"], f"pending[{i}].rolled", 1),
            "due": r.int(p["due"], f"pending[{i}].due", 1),
            "level": None if p["level"] is None else r.int(p["level"], f"pending[{i}].level", 1, 4),
            "limit": None if p["limit"] is None else r.int(p["limit"], f"pending[{i}].limit", 1),
        })
    battle = r.get("battle")
    s.battle = None if battle is None else Battle.from_json(battle, "battle")
    meta = r.get("battle_info")
    if meta is not None:
        need = {"level", "limit", "rank", "rolled", "fortified", "hand", "pool"}
        if not isinstance(meta, dict) or set(meta) != need:
            raise InvalidStateError(f"position field 'battle_info' must have {', '.join(sorted(need))}")
        s.bmeta = {"level": r.int(meta["level"], "battle_info.level", 1, 4),
                   "limit": r.int(meta["limit"], "battle_info.limit", 1),
                   "rank": r.int(meta["rank"], "battle_info.rank", 1, 4),
                   "rolled": r.int(meta["rolled"], "battle_info.rolled", 1),
                   "fortified": bool(meta["fortified"]),
                   "hand": [list(u) for u in _units(meta["hand"], "battle_info.hand", s)],
                   "pool": r.int(meta["pool"], "battle_info.pool", 0)}
    else:
        s.bmeta = None
    if (s.battle is None) != (s.bmeta is None):
        raise InvalidStateError("position fields 'battle' and 'battle_info' must both be given or both be null")
    ledger = r.get("ledger")
    if not isinstance(ledger, list) or not all(isinstance(e, list) and len(e) == 4 for e in ledger):
        raise InvalidStateError("position field 'ledger' must be a list of [turn, item, change, detail]")
    s.ledger = [list(e) for e in ledger]
    log = r.get("log")
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        raise InvalidStateError("position field 'log' must be a list of texts")
    s.log = list(log)
    s.news_from = r.int(r.get("news_from"), "news_from", 0, len(s.log))
    s.outcome = r.choice(r.get("outcome"), OUTCOMES, "outcome")
    s.end_turn = r.int(r.get("end_turn"), "end_turn", 0)
    stats = r.get("stats")
    if not isinstance(stats, dict):
        raise InvalidStateError("position field 'stats' must be an object of counts")
    s.stats = {str(k): r.int(v, f"stats.{k}", 0) for k, v in stats.items()}
    _consistent(s)
    return s


def _consistent(s: SoloState) -> None:
    """What the fields must agree on for the flow to go on."""
    if (s.stage == "over") != (s.outcome is not None):
        raise InvalidStateError("position fields 'stage' and 'outcome' disagree: a finished game has an outcome")
    if s.stage != "over" and s.ask is None:
        raise InvalidStateError("position field 'ask' is null but the game is not over: a question must wait")
    if s.ask == "dice" and (s.roll is None or s.roll["done"]):
        raise InvalidStateError("position field 'ask' is 'dice' but 'roll' waits for no die")
    if s.ask in ("play", "tie") and s.battle is None:
        raise InvalidStateError(f"position field 'ask' is {s.ask!r} but no battle is under way")
    if s.ask == "play" and (s.battle is None or s.battle.next != "player" or s.battle.over()):
        raise InvalidStateError("position field 'ask' is 'play' but it is not the player's turn in the battle")
    if s.ask == "give" and "item" not in s.work:
        raise InvalidStateError("position field 'ask' is 'give' but 'work.item' names nothing bought")
    if s.ask in ("cancel",) and s.event is None:
        raise InvalidStateError("position field 'ask' is 'cancel' but no event is under way")
    if s.ask == "destroy" and not {"target", "total2"} <= set(s.work):
        raise InvalidStateError("position field 'ask' is 'destroy' but no military event is under way")
    if s.stage == "resolve" and s.event is None:
        raise InvalidStateError("position field 'stage' is 'resolve' but 'event' is null")
    if s.ask == "check" or (s.stage == "check" and s.resume is None):
        raise InvalidStateError("position field 'resume' must name the stage to return to after a check")


def state_from_observation(game: CivSolo, obs: dict[str, Any]) -> SoloState:
    """A state with the observation's public facts (a dummy generator and placeholder
    deck cards): enough to explain why a typed answer is wrong."""
    data = {k: obs[k] for k in ("turn", "stage", "ask", "pool", "civ", "era", "event", "work", "roll", "resume",
                                "units", "entry", "debt", "pending", "battle_info", "ledger", "outcome")}
    data.update(game="civ-solo", rng=0, log=list(obs["news"]), news_from=0, end_turn=obs["turn"], stats={})
    battle = obs.get("battle")
    if battle is not None:
        battle = dict(battle)
        deck = [{"kind": "infantry", "strength": 1}] * battle["opponent_deck"]
        top = obs.get("opponent_top")
        if deck and top is not None:
            deck[-1] = top
        battle["opponent_deck"] = deck
    data["battle"] = battle
    return state_from_json(game, data)
