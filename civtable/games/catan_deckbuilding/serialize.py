"""Positions of Catan Deck Building: ``to_json`` and the reading of a position
(``read_state``) on the shared ``core.reader.Reader``, which names the field in
every error; a position must keep every rule a game keeps (no card created or
lost, CDB-5.2 / CDB-5.4 / CDB-7.4, and a coherent phase).

A position built by hand (``build_position``), for tests, puzzles and analysis::

    state = build_position(game, current=0,
                           hands=[{"settlement": 1, "lumber": 1, "brick": 1, "road": 1}, {}],
                           draws=[["ore", "city"], None])

Zones not given are filled so that no card is created or lost: a player's
draw pile gets the rest of his start deck (in a fixed order, top last), and
the supply holds whatever is left of the game's cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from civtable.core.errors import InvalidStateError
from civtable.core.events import ROOT
from civtable.core.reader import Reader
from civtable.core.rng import Rng

from .catalog import BUYABLE, CITY, KDEF, N_CARDS, ROAD, ROLE_IDS, SETTLEMENT
from .options import Rules
from .rules.base import all_counts
from .rules.payment import road_resources
from .state import MAIN, OVER, PHASE_NAMES, POOL_KEYS, WILD_O, WILD_S, CatanState

if TYPE_CHECKING:
    from .game import CatanDeckBuilding

SUPPLY_KEYS = tuple(ROLE_IDS[c] for c in BUYABLE)


def state_to_json(s: CatanState) -> dict[str, Any]:
    """The position (the key order is the format's: records and golden files keep it)."""
    def card(c: int) -> str | None:
        return ROLE_IDS[c] if c >= 0 else None

    def seat(p: int) -> int | None:
        return p if p >= 0 else None

    return {
        "game": "catan-deckbuilding", "options": dict(s.game.options), "rng": s.rng.state, "turn": s.turn_no,
        "current": s.current, "phase": PHASE_NAMES[s.phase], "decider": s.decider,
        "attack": card(s.attack), "attacker": seat(s.attacker), "victim": seat(s.victim), "stolen": card(s.stolen),
        "left": s.left, "winner": seat(s.winner),
        "supply": {ROLE_IDS[c]: s.supply[c] for c in BUYABLE},
        "pool": dict(zip(POOL_KEYS, s.pool, strict=True)),
        "roads_played": s.roads_played, "road_seas": s.road_seas,
        "players": [
            {"hand": all_counts(s.hand[p]), "draw": [ROLE_IDS[c] for c in s.draw[p]],
             "discard": [ROLE_IDS[c] for c in s.disc[p]], "laid": all_counts(s.laid[p]),
             "reserved_knights": s.reserved[p], "spent_knights": s.spent[p]}
            for p in range(2)
        ],
    }


def read_state(game: CatanDeckBuilding, rules: Rules, r: Reader) -> CatanState:
    """Rebuild a state, checking every field and that no card was created or lost (the
    game id and the options are checked before, by ``Game.state_from_json``)."""
    s = CatanState.__new__(CatanState)
    s.journal = ROOT
    s.stamp = s.heavy = 0
    s.game = game
    s.model = game.model
    s.rules = rules
    s.memo = None
    s.rng = Rng.from_state(r.integer(r.get("rng"), "rng", 0, 2**64 - 1))
    s.turn_no = r.integer(r.get("turn"), "turn", 1)
    s.current = r.seat(r.get("current"), "current", 2)
    s.phase = PHASE_NAMES.index(r.choice(r.get("phase"), PHASE_NAMES, "phase"))
    s.decider = r.seat(r.get("decider"), "decider", 2)
    s.attack = _card_or_none(r, "attack")
    s.attacker = r.seat(r.optional("attacker"), "attacker", 2, optional=True)
    s.victim = r.seat(r.optional("victim"), "victim", 2, optional=True)
    s.stolen = _card_or_none(r, "stolen")
    s.left = r.count(r.optional("left", 0), "left")
    s.winner = r.seat(r.optional("winner"), "winner", 2, optional=True)
    supply = r.counts(r.get("supply"), SUPPLY_KEYS, "supply")
    s.supply = (0,) * (N_CARDS - len(BUYABLE)) + tuple(supply)
    s.pool = r.counts(r.get("pool"), POOL_KEYS, "pool", "pool slot")
    s.roads_played = r.count(r.optional("roads_played", 0), "roads_played")
    s.road_seas = r.count(r.optional("road_seas", 0), "road_seas")
    players = r.seq(r.get("players"), "players", 2)
    s.hand, s.draw, s.disc, s.laid = [], [], [], []
    reserved: list[int] = []
    spent: list[int] = []
    for p, raw in enumerate(players):
        base = f"players[{p}]"
        pd = r.obj(raw, base)
        s.hand.append(r.counts(r.get("hand", pd, base), ROLE_IDS, base + ".hand"))
        s.draw.append(r.indices(r.get("draw", pd, base), ROLE_IDS, base + ".draw", "card"))
        s.disc.append(r.indices(r.get("discard", pd, base), ROLE_IDS, base + ".discard", "card"))
        s.laid.append(r.counts(r.get("laid", pd, base), ROLE_IDS, base + ".laid"))
        reserved.append(r.count(r.optional("reserved_knights", 0, pd), base + ".reserved_knights"))
        spent.append(r.count(r.optional("spent_knights", 0, pd), base + ".spent_knights"))
        if spent[p] > s.hand[p][KDEF]:
            r.fail(base + ".spent_knights", "exceeds the Knights (Defensive) in hand")
    s.reserved = tuple(reserved)
    s.spent = tuple(spent)
    _check_consistency(s, r)
    return s


def _card_or_none(r: Reader, key: str) -> int:
    value = r.optional(key)
    return -1 if value is None else r.index(value, ROLE_IDS, key, "card")


def _check_consistency(s: CatanState, r: Reader) -> None:
    """The rules a position must keep: every card accounted for, a coherent phase."""
    rules = s.rules
    expected = [2 * rules.cards.start_deck[c] + rules.supply[c] for c in range(N_CARDS)]
    found = list(s.supply)
    for p in range(2):
        for c, n in enumerate(s.owned(p)):
            found[c] += n
    if s.stolen >= 0:
        found[s.stolen] += 1
    for c in range(N_CARDS):
        if found[c] != expected[c]:
            raise InvalidStateError(
                f"position has {found[c]} {ROLE_IDS[c]} card(s) in all, but the game has {expected[c]} "
                "(CDB-5.2, CDB-5.4: no card is created or lost)")
    laid = s.laid[s.current]
    for i in range(5):
        if s.pool[i] > laid[i]:
            r.fail(f"pool.{POOL_KEYS[i]}", f"exceeds the {POOL_KEYS[i]} cards laid down")
    produces = rules.cards.produces
    if s.pool[WILD_S] > produces[SETTLEMENT] * laid[SETTLEMENT]:
        r.fail("pool.choice-settlement", "exceeds what the Settlements laid down give")
    if s.pool[WILD_O] > produces[CITY] * laid[CITY] + road_resources(laid[ROAD]):
        r.fail("pool.choice-other", "exceeds what the Cities and Roads laid down give")
    if s.roads_played > laid[ROAD]:
        r.fail("roads_played", "exceeds the Roads laid down")
    phase = s.phase
    # a win (win-timing A) may end the game in the middle of an attack: in phase 'over' the
    # attack's fields may stay as they were, a stolen card still in the air included
    if phase == MAIN and (s.attacker >= 0 or s.victim >= 0 or s.attack >= 0 or s.stolen >= 0):
        raise InvalidStateError(
            f"position fields 'attack', 'attacker', 'victim' and 'stolen' must be null in phase {PHASE_NAMES[phase]!r}")
    if phase == OVER:
        if s.winner >= 0:
            if s.hand[s.winner][CITY] < rules.to_win:
                r.fail("winner", f"names player {s.winner}, who does not hold {rules.to_win} Cities (CDB-9.1)")
        elif s.turn_no < rules.max_turns:
            r.fail("phase", "is 'over' with no winner before the turn cap (option max-turns)")
        return
    if s.winner >= 0:
        r.fail("winner", "is set but the phase is not 'over'")
    if s.turn_no > rules.max_turns:
        r.fail("turn", f"is past the turn cap of {rules.max_turns}")
    if rules.win_any_time and s.hand[s.current][CITY] >= rules.to_win:
        r.fail(f"players[{s.current}].hand",
               f"holds {rules.to_win} Cities in the player's own turn: the game is over (CDB-9.1)")
    if phase == MAIN:
        if s.decider != s.current:
            r.fail("decider", "must be the current player in the main phase")
        if s.stolen >= 0 or s.attack >= 0:
            raise InvalidStateError("position fields 'attack' and 'stolen' must be null in the main phase")
        return
    if s.attack < 0 or s.attacker < 0 or s.victim < 0 or s.attacker == s.victim:
        raise InvalidStateError(f"phase {PHASE_NAMES[phase]!r} needs 'attack', 'attacker' and 'victim' (two different seats)")
    name = PHASE_NAMES[phase]
    want = {"react": s.victim, "counter": s.attacker, "steal": s.attacker, "discard": s.victim}[name]
    if s.decider != want:
        r.fail("decider", f"must be {want} in phase {name!r}")
    if name == "steal" and s.stolen < 0:
        raise InvalidStateError("phase 'steal' needs the 'stolen' card")
    if name == "discard" and not 1 <= s.left <= 2:
        r.fail("left", "must be 1 or 2 in phase 'discard' (CDB-3.3.2)")
    if name in ("react", "counter") and s.attacker != s.current:
        r.fail("attacker", "must be the current player while an attack is answered")
    if name != "steal" and s.stolen >= 0:
        r.fail("stolen", "must be null outside phase 'steal'")


# ------------------------------------------------------------------ positions by hand
Counts = Mapping[str, int]


def _vec(counts: Counts | None) -> list[int]:
    out = [0] * N_CARDS
    for k, n in (counts or {}).items():
        if k not in ROLE_IDS:
            raise InvalidStateError(f"unknown card {k!r}")
        out[ROLE_IDS.index(k)] += n
    return out


def build_position(
    game: CatanDeckBuilding,
    *,
    current: int = 0,
    hands: Sequence[Counts | None] = (None, None),
    draws: Sequence[Sequence[str] | None] = (None, None),
    discards: Sequence[Sequence[str] | None] = (None, None),
    laid: Sequence[Counts | None] = (None, None),
    reserved: Sequence[int] = (0, 0),
    pool: Mapping[str, int] | None = None,
    supply: Counts | None = None,
    turn: int = 1,
    seed: int = 0,
    **fields: Any,
) -> CatanState:
    """A main-phase position (other phases via ``fields``, e.g. ``phase="react"``)."""
    rules = game.rules
    players = []
    placed = [0] * N_CARDS
    for p in range(2):
        hand = _vec(hands[p])
        lay = _vec(laid[p])
        disc = list(discards[p] or [])
        drawn = draws[p]
        zone = [hand[c] + lay[c] for c in range(N_CARDS)]
        for c in disc:
            zone[ROLE_IDS.index(c)] += 1
        if reserved[p]:
            zone[ROLE_IDS.index("kdef")] += reserved[p]
        if drawn is None:
            rest = [max(0, rules.cards.start_deck[c] - zone[c]) for c in range(N_CARDS)]
            drawn = [ROLE_IDS[c] for c in range(N_CARDS) for _ in range(rest[c])]
        for c in drawn:
            zone[ROLE_IDS.index(c)] += 1
        placed = [a + b for a, b in zip(placed, zone, strict=True)]
        players.append({
            "hand": dict(zip(ROLE_IDS, hand, strict=True)),
            "draw": list(drawn),
            "discard": disc,
            "laid": dict(zip(ROLE_IDS, lay, strict=True)),
            "reserved_knights": reserved[p],
        })
    if supply is None:
        total = [2 * rules.cards.start_deck[c] + rules.supply[c] for c in range(N_CARDS)]
        left = [total[c] - placed[c] for c in range(N_CARDS)]
        supply = {ROLE_IDS[c]: left[c] for c in range(7, N_CARDS)}
    data: dict[str, Any] = {
        "rng": seed,
        "turn": turn,
        "current": current,
        "phase": "main",
        "decider": current,
        "supply": dict(supply),
        "pool": {k: (pool or {}).get(k, 0) for k in POOL_KEYS},
        "players": players,
    }
    data.update(fields)
    return cast("CatanState", game.state_from_json(data))
