"""Positions of the solo automa as JSON: ``state_to_json`` and its reader on the shared
``core.reader.Reader`` (every field checked, named in the error)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.reader import Reader, shown
from civtable.core.rng import Rng

from .catalog import UNIT_KINDS
from .rules import ASKS, STAGES
from .rules.combat import Battle
from .rules.dice import PURPOSES
from .rules.entry import COUNTS
from .rules.opponent import army_left, composition_counts, rank_of
from .state import DEBT_KINDS, ERAS, OVER, SoloState

if TYPE_CHECKING:
    from .game import CivSolo

OUTCOMES = ("won", "battle", "time")
WORK_COUNTS = frozenset({*COUNTS, "target", "total2", "half2", "left", "tie"})
WORK_FLAGS = frozenset({"fortified", "accepted", "destroy_roll", "announced", "base_done"})
ROLL_WORDS = {"event": "the pool of event dice (SOLO-3.2)", "kind": "the event roll (SOLO-3.4)",
              "trade": "the trade roll (SOLO-5.1)", "failure": "the failure roll (SOLO-6.1)"}
BEFORE_DICE = frozenset({"setup", "base-start", "counter", "event-dice"})
"""The stages of a turn before its event dice are rolled (the pool has not grown yet)."""
EVENT_STAGES = frozenset({"cancel", "cancel-roll", "resolve"})
PENDING = {"rolled", "due", "level", "limit"}
ASK_STAGES = {"start": "setup", "cancel": "cancel", "destroy": "resolve", "units": "resolve", "limit": "resolve",
              "culture": "resolve", "resources": "resolve", "people": "resolve", "buildings": "resolve",
              "armies": "resolve", "bonus": "resolve battle", "hand": "battle", "fortified": "battle",
              "play": "battle", "tie": "battle", "trade": "trade", "buy": "buy", "give": "give",
              "phase:start": "base-start", "phase:move": "move", "phase:end": "end",
              **{f"gained:{k}": "debt" for k in DEBT_KINDS}}
"""The stages that ask each question (the dice are asked by the stage of their roll)."""
STAGE_NAMES = tuple(STAGES)
"""The automa's procedures (``rules.STAGES``), the values of ``stage`` and ``resume``."""
BATTLE_INFO = {"level", "limit", "rank", "rolled", "fortified", "hand", "pool"}


def _plain(v: Any) -> Any:
    """Tuples to lists, recursively: what JSON keeps."""
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def state_to_json(s: SoloState) -> dict[str, Any]:
    return {
        "game": "civ-solo", "options": dict(s.game.options), "rng": s.rng.state,
        "turn": s.turn_no, "stage": s.stage, "ask": s.ask, "pool": s.pool, "civ": s.civ, "era": s.era,
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


# ------------------------------------------------------------ reading back
def _unit(r: Reader, value: Any, path: str, s: SoloState) -> tuple[str, int, int]:
    if (not isinstance(value, list) or len(value) != 3 or value[0] not in UNIT_KINDS
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value[1:])):
        r.fail(path, f"must be [type, rank, strength], not {shown(value)}")
    kind, rank, strength = value
    if kind == "aircraft":
        if rank != 0 or strength not in s.tables.strengths[("aircraft", 1)]:
            r.fail(path, f"is not an aircraft card [\"aircraft\", 0, strength 5-7]: {shown(value)}")
    elif not 1 <= rank <= 4 or strength not in s.tables.strengths[(kind, rank)]:
        r.fail(path, f"names no card: no {kind} card has strength {strength} at rank {rank}")
    return (kind, rank, strength)


def _units(r: Reader, value: Any, path: str, s: SoloState) -> list[tuple[str, int, int]]:
    return [_unit(r, u, f"{path}[{i}]", s) for i, u in enumerate(r.seq(value, path))]


def _work(r: Reader, s: SoloState, game: CivSolo) -> dict[str, Any]:
    work = r.obj(r.get("work"), "work")
    out: dict[str, Any] = {}
    for k, v in work.items():
        path = f"work.{k}"
        if k in ("units", "hand"):
            out[k] = _units(r, v, path, s)
        elif k in WORK_COUNTS:
            out[k] = r.count(v, path)
        elif k in WORK_FLAGS:
            out[k] = r.boolean(v, path)
        elif k == "drawn":
            out[k] = [r.count(x, f"{path}[{i}]") for i, x in enumerate(r.seq(v, path))]
        elif k == "given":
            given = r.obj(v, path)
            out[k] = {r.choice(i, tuple(game.tables.trade), f"{path} item"): r.integer(n, f"{path}.{i}", 1)
                      for i, n in given.items()}
        elif k == "item":
            out[k] = r.choice(v, tuple(game.tables.trade), path)
        elif k == "check":
            out[k] = r.choice(v, ("card", "ability"), path)
        elif k == "gained_done":
            out[k] = [r.choice(x, DEBT_KINDS, f"{path}[{i}]") for i, x in enumerate(r.seq(v, path))]
        else:
            r.fail("work", f"has an unknown entry {shown(k)}")
    return out


def _roll(r: Reader, game: CivSolo) -> dict[str, Any] | None:
    roll = r.get("roll")
    if roll is None:
        return None
    if not isinstance(roll, dict) or set(roll) != {"purpose", "n", "got", "done"}:
        r.fail("roll", "must be null or {purpose, n, got, done}")
    n = r.integer(roll["n"], "roll.n", 1, game.tables.last_turn + 1)
    got = [r.integer(x, f"roll.got[{i}]", 0, 6) for i, x in enumerate(r.seq(roll["got"], "roll.got"))]
    if len(got) > n:
        r.fail("roll.got", "holds more dice than 'roll.n'")
    return {"purpose": r.choice(roll["purpose"], PURPOSES, "roll.purpose"), "n": n, "got": got,
            "done": r.boolean(roll["done"], "roll.done")}


def _pending(r: Reader) -> list[dict[str, Any]]:
    out = []
    for i, p in enumerate(r.seq(r.get("pending"), "pending")):
        path = f"pending[{i}]"
        if not isinstance(p, dict) or set(p) != PENDING:
            r.fail(path, "must be {rolled, due, level, limit}")
        out.append({
            "rolled": r.integer(p["rolled"], f"{path}.rolled", 1),
            "due": r.integer(p["due"], f"{path}.due", 1),
            "level": None if p["level"] is None else r.integer(p["level"], f"{path}.level", 1, 4),
            "limit": None if p["limit"] is None else r.integer(p["limit"], f"{path}.limit", 1),
        })
    return out


def _battle_info(r: Reader, s: SoloState) -> dict[str, Any] | None:
    meta = r.get("battle_info")
    if meta is None:
        return None
    if not isinstance(meta, dict) or set(meta) != BATTLE_INFO:
        r.fail("battle_info", f"must have {', '.join(sorted(BATTLE_INFO))}")
    return {"level": r.integer(meta["level"], "battle_info.level", 1, 4),
            "limit": r.integer(meta["limit"], "battle_info.limit", 1),
            "rank": r.integer(meta["rank"], "battle_info.rank", 1, 4),
            "rolled": r.integer(meta["rolled"], "battle_info.rolled", 1),
            "fortified": r.boolean(meta["fortified"], "battle_info.fortified"),
            "hand": [list(u) for u in _units(r, meta["hand"], "battle_info.hand", s)],
            "pool": r.count(meta["pool"], "battle_info.pool")}


LEDGER_ITEMS = (*DEBT_KINDS, "unit", "armies", "destroyer", "card")
"""What the ledger counts: tokens and pieces, unit cards, army figures, culture event cards."""


def _ledger(r: Reader, s: SoloState) -> list[tuple[int, str, int, Any]]:
    """The ledger: [turn, item, change, detail], the detail a unit card for a unit, "debt"
    for gains that paid off wound markers, else null."""
    ledger = r.get("ledger")
    if not isinstance(ledger, list) or not all(isinstance(e, list) and len(e) == 4 for e in ledger):
        r.fail("ledger", "must be a list of [turn, item, change, detail]")
    out: list[tuple[int, str, int, Any]] = []
    for i, (turn, item, change, detail) in enumerate(ledger):
        path = f"ledger[{i}]"
        item = r.choice(item, LEDGER_ITEMS, f"{path}[1]")
        if item == "unit":
            detail = _unit(r, detail, f"{path}[3]", s)
        elif detail not in (None, "debt"):
            r.fail(f"{path}[3]", f"must be null or 'debt' for {item}, not {shown(detail)}")
        out.append((r.count(turn, f"{path}[0]"), item, r.integer(change, f"{path}[2]", None), detail))
    return out


def read_state(game: CivSolo, r: Reader) -> SoloState:
    """The position ``r`` holds, every field checked (the core has checked the game and
    its options)."""
    s = SoloState.blank(game)
    rng = r.get("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2**64:
        r.fail("rng", "must be an integer in [0, 2**64)")
    s.rng = Rng.from_state(rng)
    last = game.tables.last_turn
    s.turn_no = r.integer(r.get("turn"), "turn", 0, last + 1)
    s.stage = r.choice(r.get("stage"), STAGE_NAMES, "stage")
    ask = r.get("ask")
    s.ask = None if ask is None else r.choice(r.text(ask, "ask"), ASKS, "ask")
    s.pool = r.integer(r.get("pool"), "pool", 1, last + 1)
    s.civ = r.choice(r.get("civ"), tuple(game.tables.civilizations["all"]), "civ")
    s.era = r.choice(r.get("era"), ERAS, "era")
    event = r.get("event")
    if event is None:
        s.event = None
    else:
        r.obj(event, "event")
        s.event = {"face": r.integer(event.get("face"), "event.face", 1, 6),
                   "turn": r.integer(event.get("turn"), "event.turn", 1, last)}
    s.work = _work(r, s, game)
    s.roll = _roll(r, game)
    resume = r.get("resume")
    s.resume = None if resume is None else r.choice(resume, STAGE_NAMES, "resume")
    units = r.get("units")
    s.units = None if units is None else _units(r, units, "units", s)
    s.entry = _units(r, r.get("entry"), "entry", s)
    debt = r.get("debt")
    if not isinstance(debt, dict) or set(debt) != set(DEBT_KINDS):
        r.fail("debt", f"must map {', '.join(DEBT_KINDS)} to counts")
    s.debt = {k: r.count(debt[k], f"debt.{k}") for k in DEBT_KINDS}
    s.pending = _pending(r)
    battle = r.get("battle")
    s.battle = None if battle is None else Battle.from_json(battle, "battle")
    s.bmeta = _battle_info(r, s)
    if (s.battle is None) != (s.bmeta is None):
        r.fail("battle", "and 'battle_info' must both be given or both be null")
    s.ledger = _ledger(r, s)
    log = r.seq(r.get("log"), "log")
    s.log = [r.text(x, f"log[{i}]") for i, x in enumerate(log)]
    s.news_from = r.integer(r.get("news_from"), "news_from", 0, len(s.log))
    outcome = r.get("outcome")
    s.outcome = None if outcome is None else r.choice(outcome, OUTCOMES, "outcome")
    s.end_turn = r.count(r.get("end_turn"), "end_turn")
    stats = r.obj(r.get("stats"), "stats")
    s.stats = {str(k): r.count(v, f"stats.{k}") for k, v in stats.items()}
    _consistent(r, s)
    return s


def _consistent(r: Reader, s: SoloState) -> None:
    """What the fields must agree on for the flow to go on."""
    if s.turn_no > s.final_turn + 1:
        r.fail("turn", f"is {s.turn_no}, but the game has {s.final_turn} turns")
    if s.turn_no == 0 and s.stage != "setup":
        r.fail("turn", f"is 0 in stage {s.stage!r}: turn 0 is the setup, before the counter's first move (SOLO-3.1)")
    early = s.stage in BEFORE_DICE or (s.stage == "check" and s.resume in BEFORE_DICE)
    most = max(1, s.turn_no if early else s.turn_no + 1)
    if s.pool > most:
        r.fail("pool", f"is {s.pool} dice in turn {s.turn_no}{' before its event dice' if early else ''}: the "
                       f"pool grows by one die a turn (SOLO-3.2), so it holds at most {most}")
    if s.event is not None and s.event["turn"] != s.turn_no:
        r.fail("event.turn", f"is {s.event['turn']}, but an event is resolved in its own turn ({s.turn_no})")
    if s.rules.debt_type == "A" and s.debt["tokens"]:
        r.fail("debt.tokens", "is a shared debt, but debt-type A keeps debts by kind")
    if s.rules.debt_type == "B" and any(v for k, v in s.debt.items() if k != "tokens"):
        r.fail("debt", "has debts by kind, but debt-type B keeps one shared debt ('tokens')")
    if s.battle is not None and s.bmeta is not None:
        b, meta = s.battle, s.bmeta
        mine = len(b.player_hand) + sum(f.player is not None for f in b.fronts) + len(b.player_losses)
        theirs = len(b.opponent_deck) + sum(f.opponent is not None for f in b.fronts) + len(b.opponent_losses)
        if mine != len(meta["hand"]):
            r.fail("battle", f"holds {mine} of the player's cards, but 'battle_info.hand' has {len(meta['hand'])}")
        if theirs != min(meta["limit"], meta["pool"]):
            r.fail("battle", f"holds {theirs} of the opponent's cards, but its deck had "
                             f"{min(meta['limit'], meta['pool'])} (SOLO-4.4.5)")
        _army(r, s, b, meta)
    if (s.stage == OVER) != (s.outcome is not None):
        r.fail("stage", "and 'outcome' disagree: a finished game has an outcome")
    if s.stage != OVER and s.ask is None:
        r.fail("ask", "is null but the game is not over: a question must wait")
    if s.ask == "dice" and (s.roll is None or s.roll["done"]):
        r.fail("ask", "is 'dice' but 'roll' waits for no die")
    if s.ask in ("play", "tie") and s.battle is None:
        r.fail("ask", f"is {s.ask!r} but no battle is under way")
    if s.ask == "play" and (s.battle is None or s.battle.next != "player" or s.battle.over()):
        r.fail("ask", "is 'play' but it is not the player's turn in the battle")
    if s.ask == "tie" and (s.battle is None or len(s.battle.opponent_targets()) < 2):
        r.fail("ask", "is 'tie' but the opponent's card has no choice of targets")
    if s.ask in ASK_STAGES and s.stage not in ASK_STAGES[s.ask].split():
        r.fail("ask", f"is {s.ask!r}, a question stage {s.stage!r} does not ask")
    if s.stage in ("buy", "give") and "left" not in s.work:
        r.fail("work.left", f"is missing: stage {s.stage!r} counts the acquisitions left (SOLO-5.2)")
    if s.stage == "give" and not {"item", "given"} <= set(s.work):
        r.fail("work", "needs 'item' and 'given' while an acquisition is paid for (SOLO-5.3)")
    if s.ask == "cancel" and s.event is None:
        r.fail("ask", "is 'cancel' but no event is under way")
    if s.ask == "destroy" and not {"target", "total2"} <= set(s.work):
        r.fail("ask", "is 'destroy' but no military event is under way")
    if s.stage in EVENT_STAGES and s.event is None:
        r.fail("stage", f"is {s.stage!r} but 'event' is null: no historical event is under way")
    if s.event is not None and s.stage not in EVENT_STAGES:
        r.fail("event", f"is under way, but stage {s.stage!r} is not a step of a historical event")
    if "drawn" in s.work and not {"target", "total2"} <= set(s.work):
        r.fail("work.drawn", "needs 'work.target' and 'work.total2' (the military event's strengths)")
    if "half2" in s.work and "bonus" not in s.work:
        r.fail("work.half2", "needs 'work.bonus' (the combat bonus it halves)")
    if s.stage == "check" and s.resume is None:
        r.fail("resume", "must name the stage to return to after a check")
    if s.ask is not None and s.ask.startswith("gained:") and s.debt[s.ask.partition(":")[2]] <= 0:
        r.fail("ask", f"is {s.ask!r} but there is no such debt")
    if s.roll is not None:
        _roll_waits(r, s, s.roll)


ROLL_STAGES = {"event": ("event-dice",), "kind": ("event-roll",), "trade": ("trade-dice",),
               "failure": ("cancel-roll", "check", "resolve")}
"""Where each roll is made: the stage that reads it once its last die is typed."""


def _roll_waits(r: Reader, s: SoloState, roll: dict[str, Any]) -> None:
    """A roll in a position is one the person is typing (dice=table): the die asked for
    is the next of its dice, and the dice typed so far have not ended it already."""
    purpose, got = roll["purpose"], roll["got"]
    if not s.rules.dice_table:
        r.fail("roll", "is a roll being typed, but with dice=engine the companion rolls every die at once")
    if s.ask != "dice" or roll["done"]:
        r.fail("roll", "is a roll being typed, so 'ask' must be 'dice' and 'roll.done' false")
    if s.stage not in ROLL_STAGES[purpose]:
        r.fail("roll.purpose", f"is {purpose!r}, but stage {s.stage!r} rolls no such dice")
    n = {"event": s.pool, "kind": 1, "trade": 3, "failure": 2}[purpose]
    if roll["n"] != n:
        r.fail("roll.n", f"is {roll['n']}, but {ROLL_WORDS[purpose]} has {n} dice")
    if len(got) >= n:
        r.fail("roll.got", f"holds {len(got)} of the roll's {n} dice, but a roll waits only while a die is missing")
    if 0 in got:
        r.fail("roll.got", "holds a 0 (a 'miss'), but a miss ends the roll")
    if purpose == "event" and any(d >= 5 for d in got):
        r.fail("roll.got", "holds a 5 or 6, which ends the event dice (SOLO-3.3)")


def _army(r: Reader, s: SoloState, b: Battle, meta: dict[str, Any]) -> None:
    """The opponent's cards in sight and face down fit the army of its military level
    (SOLO-4.4.4): the size, the rank, the number of each type, cards its base decks hold."""
    level, rules = meta["level"], s.rules
    if meta["rank"] != rank_of(level, rules.opponent_unit_rank):
        r.fail("battle_info.rank", f"is {meta['rank']}, but the opponent at military level {level} has rank "
                                   f"{rank_of(level, rules.opponent_unit_rank)} (opponent-unit-rank "
                                   f"{rules.opponent_unit_rank})")
    size = sum(composition_counts(level, rules.opponent_composition).values())
    if meta["pool"] != size:
        r.fail("battle_info.pool", f"is {meta['pool']}, but the opponent at military level {level} takes {size} "
                                   f"unit cards (SOLO-4.4.4)")
    cards = [*b.opponent_deck, *(f.opponent for f in b.fronts if f.opponent is not None), *b.opponent_losses]
    try:
        army_left(level, rules.opponent_composition, meta["rank"], s.tables.decks, cards)
    except ValueError as e:
        r.fail("battle", f"does not fit the opponent's army: {e}")
