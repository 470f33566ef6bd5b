"""Views of a Catan Deck Building state: observations, determinizations, JSON.

Hidden information (CDB-4.2, CDB-4.3, CDB-4.4): a player sees his own hand, the
sizes of the other hand and of both draw piles, the laid-down cards, the supply
and (variant A) both discard piles; never the other hand or any draw-pile order.
What each player owns is public: it follows from the start deck, the purchases
and the steals, which everyone sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.events import ROOT
from civtable.core.rng import Rng

from .cards import BUYABLE, CITY, KDEF, N_CARDS, ROAD, ROLE_IDS, SETTLEMENT
from .state import MAIN, OVER, PHASE_NAMES, WILD_O, WILD_S, CatanState, Rules, road_resources

if TYPE_CHECKING:
    from .game import CatanDeckBuilding

POOL_KEYS = (*ROLE_IDS[:5], "choice-settlement", "choice-other")


def counts(values: list[int]) -> dict[str, int]:
    return {ROLE_IDS[c]: values[c] for c in range(N_CARDS)}


def pile_counts(pile: list[int]) -> dict[str, int]:
    out = [0] * N_CARDS
    for c in pile:
        out[c] += 1
    return counts(out)


def _pending(s: CatanState) -> dict[str, Any] | None:
    if s.phase in (MAIN, OVER):
        return None
    return {
        "attack": ROLE_IDS[s.attack] if s.attack >= 0 else None,
        "attacker": s.attacker,
        "victim": s.victim,
        # the thief looks at the stolen card and the victim knows what left his hand
        "stolen": ROLE_IDS[s.stolen] if s.stolen >= 0 else None,
        "left": s.left,
    }


def observation(s: CatanState, player: int) -> dict[str, Any]:
    public = s.rules.discard_public
    players = []
    for p in range(2):
        disc = s.disc[p]
        view: dict[str, Any] = {
            "seat": p,
            "hand_size": sum(s.hand[p]),
            "draw_size": len(s.draw[p]),
            "discard_size": len(disc),
            "discard_top": ROLE_IDS[disc[-1]] if disc else None,
            "laid": counts(s.laid[p]),
            "reserved_knights": s.reserved[p],
            "spent_knights": s.spent[p],
            "owned": counts(s.owned(p)),
        }
        if public:
            view["discard"] = pile_counts(disc)
        if p == player:
            view["hand"] = counts(s.hand[p])
        players.append(view)
    return {
        "game": "catan-deckbuilding",
        "player": player,
        "turn": s.turn_no,
        "current": s.current,
        "phase": PHASE_NAMES[s.phase],
        "to_move": list(s.to_move()),
        "over": s.phase == OVER,
        "winner": s.winner if s.winner >= 0 else None,
        "supply": {ROLE_IDS[c]: s.supply[c] for c in BUYABLE},
        "pool": dict(zip(POOL_KEYS, s.pool, strict=True)),
        "roads_played": s.roads_played,
        "road_seas": s.road_seas,
        "pending": _pending(s),
        "players": players,
    }


def determinize(s: CatanState, player: int, rng: Rng) -> CatanState:
    """Deal the cards ``player`` cannot see anew, and give the copy a fresh generator.

    The deal keeps what is public: Knights shown to block (counter-knight=C), the
    winner's three Cities, and (win-timing A) that the player whose turn it is does
    not hold three Cities. The true generator's state is hidden information too:
    keeping it would let a search bot foresee the next shuffle.
    """
    d = s.clone()
    d.rng = Rng(rng.next64())
    rules = s.rules
    public = rules.discard_public
    for p in range(2):
        unknown: list[int] = list(d.draw[p])
        disc = d.disc[p]
        kept_disc = disc if public else disc[-1:]
        if not public:
            unknown.extend(disc[:-1])
        if p != player:
            hand = d.hand[p]
            known = [0] * N_CARDS
            known[KDEF] = s.spent[p]
            if s.phase == OVER and s.winner == p:
                known[CITY] = rules.to_win
            for c in range(N_CARDS):
                unknown.extend([c] * (hand[c] - known[c]))
            dealt = sum(hand) - sum(known)
            # sorted first, so that the deal depends on what ``player`` sees and the rng only
            unknown.sort()
            cap = rules.to_win - 1 if (p == s.current and s.phase != OVER and rules.win_any_time) else dealt
            for _ in range(20):  # rejection sampling: exact, and rarely needs a second try
                rng.shuffle(unknown)
                if unknown[:dealt].count(CITY) <= cap:
                    break
            new_hand = known
            for c in unknown[:dealt]:
                new_hand[c] += 1
            d.hand[p] = new_hand
            unknown = unknown[dealt:]
        else:
            unknown.sort()
            rng.shuffle(unknown)
        n_draw = len(s.draw[p])
        d.draw[p] = unknown[:n_draw]
        d.disc[p] = kept_disc if public else unknown[n_draw:] + kept_disc
    return d


# ------------------------------------------------------------------- JSON
def state_to_json(s: CatanState) -> dict[str, Any]:
    return {
        "game": "catan-deckbuilding",
        "options": dict(s.game.options),
        "rng": s.rng.state,
        "turn": s.turn_no,
        "current": s.current,
        "phase": PHASE_NAMES[s.phase],
        "decider": s.decider,
        "attack": ROLE_IDS[s.attack] if s.attack >= 0 else None,
        "attacker": s.attacker if s.attacker >= 0 else None,
        "victim": s.victim if s.victim >= 0 else None,
        "stolen": ROLE_IDS[s.stolen] if s.stolen >= 0 else None,
        "left": s.left,
        "winner": s.winner if s.winner >= 0 else None,
        "supply": {ROLE_IDS[c]: s.supply[c] for c in BUYABLE},
        "pool": dict(zip(POOL_KEYS, s.pool, strict=True)),
        "roads_played": s.roads_played,
        "road_seas": s.road_seas,
        "players": [
            {
                "hand": counts(s.hand[p]),
                "draw": [ROLE_IDS[c] for c in s.draw[p]],
                "discard": [ROLE_IDS[c] for c in s.disc[p]],
                "laid": counts(s.laid[p]),
                "reserved_knights": s.reserved[p],
                "spent_knights": s.spent[p],
            }
            for p in range(2)
        ],
    }


class _Reader:
    """Reads fields of a position, naming the field in every error."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise InvalidStateError("a position must be a JSON object")
        self.data = data

    def get(self, key: str, where: dict[str, Any] | None = None, path: str = "") -> Any:
        src = self.data if where is None else where
        if key not in src:
            raise InvalidStateError(f"position field {path + key!r} is missing")
        return src[key]

    @staticmethod
    def count(value: Any, name: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidStateError(f"position field {name!r} must be a non-negative integer, not {value!r}")
        return value

    @staticmethod
    def card(value: Any, name: str) -> int:
        if value not in ROLE_IDS:
            raise InvalidStateError(f"position field {name!r} names unknown card {value!r}")
        return ROLE_IDS.index(value)

    def seat(self, value: Any, name: str, optional: bool = False) -> int:
        if value is None and optional:
            return -1
        if value not in (0, 1) or isinstance(value, bool):
            raise InvalidStateError(f"position field {name!r} must be seat 0 or 1, not {value!r}")
        return value

    def card_counts(self, value: Any, name: str, keys: tuple[str, ...] = ROLE_IDS) -> list[int]:
        if not isinstance(value, dict):
            raise InvalidStateError(f"position field {name!r} must be an object of card counts")
        for k in value:
            if k not in keys:
                raise InvalidStateError(f"position field {name!r} names unknown card {k!r}")
        return [self.count(value.get(k, 0), f"{name}.{k}") for k in keys]

    def pile(self, value: Any, name: str) -> list[int]:
        if not isinstance(value, list):
            raise InvalidStateError(f"position field {name!r} must be a list of cards")
        return [self.card(v, f"{name}[{i}]") for i, v in enumerate(value)]


def state_from_json(game: CatanDeckBuilding, rules: Rules, data: Any) -> CatanState:
    """Rebuild a state, checking every field and that no card was created or lost."""
    r = _Reader(data)
    if r.data.get("game", "catan-deckbuilding") != "catan-deckbuilding":
        raise InvalidStateError(f"position field 'game' is {r.data.get('game')!r}, not 'catan-deckbuilding'")
    saved = r.data.get("options")
    if saved is not None:
        if not isinstance(saved, dict):
            raise InvalidStateError("position field 'options' must be an object")
        for k, v in saved.items():
            if k in game.options and game.options[k] != v:
                raise InvalidStateError(
                    f"position was saved with option {k}={v!r} but the game has {k}={game.options[k]!r}")
    s = CatanState.__new__(CatanState)
    s.journal = ROOT
    s.game = game
    s.rules = rules
    rng_state = r.get("rng")
    if not isinstance(rng_state, int) or isinstance(rng_state, bool) or not 0 <= rng_state < 1 << 64:
        raise InvalidStateError("position field 'rng' must be an integer in [0, 2**64)")
    s.rng = Rng.from_state(rng_state)
    s.turn_no = r.count(r.get("turn"), "turn")
    if s.turn_no < 1:
        raise InvalidStateError("position field 'turn' must be at least 1")
    s.current = r.seat(r.get("current"), "current")
    phase = r.get("phase")
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"position field 'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
    s.phase = PHASE_NAMES.index(phase)
    s.decider = r.seat(r.get("decider"), "decider")
    s.attack = -1 if r.data.get("attack") is None else r.card(r.data["attack"], "attack")
    s.attacker = r.seat(r.data.get("attacker"), "attacker", optional=True)
    s.victim = r.seat(r.data.get("victim"), "victim", optional=True)
    s.stolen = -1 if r.data.get("stolen") is None else r.card(r.data["stolen"], "stolen")
    s.left = r.count(r.data.get("left", 0), "left")
    s.winner = r.seat(r.data.get("winner"), "winner", optional=True)
    supply = r.card_counts(r.get("supply"), "supply", tuple(ROLE_IDS[c] for c in BUYABLE))
    s.supply = [0] * (N_CARDS - len(BUYABLE)) + supply
    pool = r.get("pool")
    s.pool = r.card_counts(pool, "pool", POOL_KEYS)
    s.roads_played = r.count(r.data.get("roads_played", 0), "roads_played")
    s.road_seas = r.count(r.data.get("road_seas", 0), "road_seas")
    players = r.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise InvalidStateError("position field 'players' must be a list of 2 players")
    s.hand, s.draw, s.disc, s.laid, s.reserved, s.spent = [], [], [], [], [], []
    for p, pd in enumerate(players):
        if not isinstance(pd, dict):
            raise InvalidStateError(f"position field 'players[{p}]' must be an object")
        base = f"players[{p}]."
        s.hand.append(r.card_counts(r.get("hand", pd, base), base + "hand"))
        s.draw.append(r.pile(r.get("draw", pd, base), base + "draw"))
        s.disc.append(r.pile(r.get("discard", pd, base), base + "discard"))
        s.laid.append(r.card_counts(r.get("laid", pd, base), base + "laid"))
        s.reserved.append(r.count(pd.get("reserved_knights", 0), base + "reserved_knights"))
        s.spent.append(r.count(pd.get("spent_knights", 0), base + "spent_knights"))
        if s.spent[p] > s.hand[p][KDEF]:
            raise InvalidStateError(f"position field '{base}spent_knights' exceeds the Knights (Defensive) in hand")
    _check_consistency(s)
    return s


def _check_consistency(s: CatanState) -> None:
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
                f"position has {found[c]} {ROLE_IDS[c]} card(s) in all, but the game has {expected[c]}")
    laid = s.laid[s.current]
    for i in range(5):
        if s.pool[i] > laid[i]:
            raise InvalidStateError(f"position field 'pool.{POOL_KEYS[i]}' exceeds the {POOL_KEYS[i]} cards laid down")
    produces = rules.cards.produces
    if s.pool[WILD_S] > produces[SETTLEMENT] * laid[SETTLEMENT]:
        raise InvalidStateError("position field 'pool.choice-settlement' exceeds what the Settlements laid down give")
    if s.pool[WILD_O] > produces[CITY] * laid[CITY] + road_resources(laid[ROAD]):
        raise InvalidStateError("position field 'pool.choice-other' exceeds what the Cities and Roads laid down give")
    if s.roads_played > laid[ROAD]:
        raise InvalidStateError("position field 'roads_played' exceeds the Roads laid down")
    phase = s.phase
    # a win (win-timing A) may end the game in the middle of an attack: in phase 'over' the
    # attack's fields may stay as they were, a stolen card still in the air included
    if phase == MAIN and (s.attacker >= 0 or s.victim >= 0 or s.attack >= 0 or s.stolen >= 0):
        raise InvalidStateError(
            f"position fields 'attack', 'attacker', 'victim' and 'stolen' must be null in phase {PHASE_NAMES[phase]!r}")
    if phase == OVER:
        if s.winner >= 0:
            if s.hand[s.winner][CITY] < rules.to_win:
                raise InvalidStateError(
                    f"position field 'winner' names player {s.winner}, who does not hold {rules.to_win} Cities (CDB-9.1)")
        elif s.turn_no < rules.max_turns:
            raise InvalidStateError(
                "position field 'phase' is 'over' with no winner before the turn cap (option max-turns)")
        return
    if s.winner >= 0:
        raise InvalidStateError("position field 'winner' is set but the phase is not 'over'")
    if s.turn_no > rules.max_turns:
        raise InvalidStateError(f"position field 'turn' is past the turn cap of {rules.max_turns}")
    if rules.win_any_time and s.hand[s.current][CITY] >= rules.to_win:
        raise InvalidStateError(
            f"position field 'players[{s.current}].hand' holds {rules.to_win} Cities in the player's own turn: the game is over (CDB-9.1)")
    if phase == MAIN:
        if s.decider != s.current:
            raise InvalidStateError("position field 'decider' must be the current player in the main phase")
        if s.stolen >= 0 or s.attack >= 0:
            raise InvalidStateError("position fields 'attack' and 'stolen' must be null in the main phase")
        return
    if s.attack < 0 or s.attacker < 0 or s.victim < 0 or s.attacker == s.victim:
        raise InvalidStateError(f"phase {PHASE_NAMES[phase]!r} needs 'attack', 'attacker' and 'victim' (two different seats)")
    name = PHASE_NAMES[phase]
    want = {"react": s.victim, "counter": s.attacker, "steal": s.attacker, "discard": s.victim}[name]
    if s.decider != want:
        raise InvalidStateError(f"position field 'decider' must be {want} in phase {name!r}")
    if name == "steal" and s.stolen < 0:
        raise InvalidStateError("phase 'steal' needs the 'stolen' card")
    if name == "discard" and not 1 <= s.left <= 2:
        raise InvalidStateError("position field 'left' must be 1 or 2 in phase 'discard' (CDB-3.3.2)")
    if name in ("react", "counter") and s.attacker != s.current:
        raise InvalidStateError("position field 'attacker' must be the current player while an attack is answered")
    if name != "steal" and s.stolen >= 0:
        raise InvalidStateError("position field 'stolen' must be null outside phase 'steal'")
