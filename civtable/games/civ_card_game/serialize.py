"""Views of a Civilization card game state: observations, determinizations, JSON.

Public: every player's plots, population, placed cards, technologies, resources,
hand size, culture, happiness and statuses; the displays, the discard pile, the
deck sizes and the combat on the table. Hidden: other players' hands and the
order of the play, plot and technology decks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.events import ROOT
from civtable.core.rng import Rng

from .cards import RESOURCES, UNIT
from .state import (
    ACTIVE,
    BOUNCING,
    COLLECT,
    DECLARE,
    DEFENDING,
    DESTROYING,
    DISCARDING,
    DRAFTING,
    DRAWING,
    FREE_POP,
    GAINING,
    GIVING,
    LOSING,
    MAIN,
    OVER,
    PHASE_NAMES,
    REDECLARE,
    SIEGING,
    START_DISCARD,
    TAKING,
    WINDOW,
    CcgState,
)

if TYPE_CHECKING:
    from .game import CivCardGame

STATUS = ("active", "bounced", "blocked", "sieged")


def _plots(s: CcgState, p: int) -> list[dict[str, Any]]:
    r = s.rules
    return [{"plot": r.cards.plots[pl[0]].id, "population": pl[1], "cards": [r.ids[c] for c in pl[2:]]}
            for pl in s.plots[p]]


def _counts(s: CcgState, values: list[int]) -> dict[str, int]:
    return {s.rules.ids[c]: k for c, k in enumerate(values) if k}


def _pile(s: CcgState, pile: list[int]) -> dict[str, int]:
    counts = [0] * s.rules.n_cards
    for c in pile:
        counts[c] += 1
    return _counts(s, counts)


def _combat(s: CcgState) -> dict[str, Any] | None:
    if not s.attacks:
        return None
    ids = s.rules.ids
    return {
        "attacker": s.current,
        "attacks": [{"unit": ids[a[0]], "defender": a[1], "status": STATUS[a[2]]} for a in s.attacks],
        "blocks": [{"attack": i, "unit": ids[c]} for i, c in s.blocks],
        "damage": [{"attack": i, "population": pop, "buildings": b} for i, pop, b in s.damage],
    }


def observation(s: CcgState, player: int) -> dict[str, Any]:
    r = s.rules
    culture = [s.culture(p) for p in range(s.n)]
    happiness = [s.happiness(p) for p in range(s.n)]
    players = []
    for p in range(s.n):
        view: dict[str, Any] = {
            "seat": p,
            "plots": _plots(s, p),
            "technologies": [r.tech_ids[t] for t in r.bits(s.techs[p])],
            "resources": dict(zip(RESOURCES, s.res[p], strict=True)),
            "hand_size": sum(s.hand[p]),
            "vp": s.vp(p),
            "culture": culture[p],
            "happiness": happiness[p],
        }
        if p == player:
            view["hand"] = _counts(s, s.hand[p])
        players.append(view)
    # who decides next and how many choices are left: public bookkeeping of the table
    pending = {"queue": [q if isinstance(q, int) else list(q) for q in s.queue], "left": s.left, "target": s.target}
    return {
        "game": "civ-card-game",
        "player": player,
        "players_count": s.n,
        "turn": s.turn_no,
        "current": s.current,
        "dealer": s.dealer,
        "phase": PHASE_NAMES[s.phase],
        "to_move": list(s.to_move()),
        "over": s.phase == OVER,
        "winners": list(s.winner_list),
        "players": players,
        "highest_culture": s.status_holders(culture, r.numbers["culture_threshold"]),
        "highest_happiness": s.status_holders(happiness, r.numbers["happiness_threshold"]),
        "draft": [r.cards.plots[t].id for t in s.draft_row],
        "plot_display": [r.cards.plots[t].id for t in s.plot_display],
        "tech_display": [r.tech_ids[t] for t in s.tech_display],
        "plot_deck_size": len(s.plot_deck),
        "tech_deck_size": len(s.tech_deck),
        "deck_size": len(s.deck),
        "discard": _pile(s, s.discard),
        "population_bank": s.pop_bank,
        "combat": _combat(s),
        "pending": pending,
        "fought": s.fought,
        "end_after": s.end_after,
    }


def determinize(s: CcgState, player: int, rng: Rng) -> CcgState:
    """Deal the other hands and the play deck anew from the cards ``player`` cannot
    see, keeping every size; shuffle the plot and technology decks; fresh generator."""
    d = s.clone()
    d.rng = Rng(rng.next64())
    unknown = list(d.deck)
    for q in range(s.n):
        if q != player:
            for c, k in enumerate(d.hand[q]):
                unknown.extend([c] * k)
    # sorted first, so that the deal depends on what ``player`` sees and the rng only
    unknown.sort()
    rng.shuffle(unknown)
    pos = 0
    for q in range(s.n):
        if q == player:
            continue
        size = sum(d.hand[q])
        h = [0] * s.rules.n_cards
        for c in unknown[pos : pos + size]:
            h[c] += 1
        pos += size
        d.hand[q] = h
    d.deck = unknown[pos:]
    d.plot_deck.sort()
    rng.shuffle(d.plot_deck)
    d.tech_deck.sort()
    rng.shuffle(d.tech_deck)
    return d


# ------------------------------------------------------------------- JSON
def state_to_json(s: CcgState) -> dict[str, Any]:
    r = s.rules
    return {
        "game": "civ-card-game",
        "options": dict(s.game.options),
        "rng": s.rng.state,
        "turn": s.turn_no,
        "dealer": s.dealer,
        "current": s.current,
        "phase": PHASE_NAMES[s.phase],
        "decider": s.decider,
        "queue": [q if isinstance(q, int) else list(q) for q in s.queue],
        "draft": [r.cards.plots[t].id for t in s.draft_row],
        "left": s.left,
        "target": s.target,
        "fought": s.fought,
        "end_after": s.end_after,
        "winners": list(s.winner_list),
        "population_bank": s.pop_bank,
        "plot_deck": [r.cards.plots[t].id for t in s.plot_deck],
        "plot_display": [r.cards.plots[t].id for t in s.plot_display],
        "tech_deck": [r.tech_ids[t] for t in s.tech_deck],
        "tech_display": [r.tech_ids[t] for t in s.tech_display],
        "deck": [r.ids[c] for c in s.deck],
        "discard": [r.ids[c] for c in s.discard],
        "attacks": [[r.ids[a[0]], a[1], STATUS[a[2]]] for a in s.attacks],
        "blocks": [[i, r.ids[c]] for i, c in s.blocks],
        "damage": [list(x) for x in s.damage],
        "players": [
            {
                "resources": dict(zip(RESOURCES, s.res[p], strict=True)),
                "hand": _counts(s, s.hand[p]),
                "plots": _plots(s, p),
                "technologies": [r.tech_ids[t] for t in r.bits(s.techs[p])],
                "mining_due": s.mining_due[p],
                "used": s.used[p],
            }
            for p in range(s.n)
        ],
    }


class _Reader:
    """Reads a position's fields, naming the field in every error."""

    def __init__(self, game: CivCardGame, data: Any) -> None:
        if not isinstance(data, dict):
            raise InvalidStateError("a position must be a JSON object")
        self.data = data
        self.r = game.rules

    def get(self, key: str, src: dict[str, Any] | None = None, path: str = "") -> Any:
        src = self.data if src is None else src
        if key not in src:
            raise InvalidStateError(f"position field {path + key!r} is missing")
        return src[key]

    @staticmethod
    def int(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < lo or (hi is not None and value > hi):
            span = f"at least {lo}" if hi is None else f"from {lo} to {hi}"
            raise InvalidStateError(f"position field {name!r} must be an integer {span}, not {value!r}")
        return value

    def list(self, value: Any, name: str) -> list[Any]:
        if not isinstance(value, list):
            raise InvalidStateError(f"position field {name!r} must be a list")
        return value

    def index(self, value: Any, names: tuple[str, ...], name: str, what: str) -> int:
        if value not in names:
            raise InvalidStateError(f"position field {name!r} names unknown {what} {value!r}")
        return names.index(value)

    def cards(self, value: Any, name: str) -> list[int]:
        return [self.index(v, self.r.ids, f"{name}[{i}]", "card") for i, v in enumerate(self.list(value, name))]

    def plot_ids(self, value: Any, name: str) -> list[int]:
        ids = tuple(p.id for p in self.r.cards.plots)
        return [self.index(v, ids, f"{name}[{i}]", "plot") for i, v in enumerate(self.list(value, name))]

    def tech_ids(self, value: Any, name: str) -> list[int]:
        return [self.index(v, self.r.tech_ids, f"{name}[{i}]", "technology") for i, v in enumerate(self.list(value, name))]


def state_from_json(game: CivCardGame, data: Any) -> CcgState:
    """Rebuild a state, checking every field and that no card was created or lost."""
    rd = _Reader(game, data)
    r = game.rules
    if data.get("game", "civ-card-game") != "civ-card-game":
        raise InvalidStateError(f"position field 'game' is {data.get('game')!r}, not 'civ-card-game'")
    saved = data.get("options")
    if saved is not None:
        if not isinstance(saved, dict):
            raise InvalidStateError("position field 'options' must be an object")
        for k, v in saved.items():
            if k in game.options and game.options[k] != v:
                raise InvalidStateError(
                    f"position was saved with option {k}={v!r} but the game has {k}={game.options[k]!r}")
    s = CcgState.__new__(CcgState)
    s.journal = ROOT
    s.game, s.rules, s.n = game, r, game.num_players
    n = s.n
    rng = rd.get("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 1 << 64:
        raise InvalidStateError("position field 'rng' must be an integer in [0, 2**64)")
    s.rng = Rng.from_state(rng)
    s.turn_no = rd.int(rd.get("turn"), "turn", 0, r.max_turns)
    s.dealer = rd.int(rd.get("dealer"), "dealer", 0, n - 1)
    s.current = rd.int(rd.get("current"), "current", 0, n - 1)
    phase = rd.get("phase")
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"position field 'phase' must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
    s.phase = PHASE_NAMES.index(phase)
    s.decider = rd.int(rd.get("decider"), "decider", 0, n - 1)
    queue = rd.list(data.get("queue", []), "queue")
    s.queue = []
    for i, q in enumerate(queue):
        if isinstance(q, list) and len(q) == 2:
            s.queue.append([rd.int(q[0], f"queue[{i}][0]"), rd.int(q[1], f"queue[{i}][1]")])
        else:
            s.queue.append(rd.int(q, f"queue[{i}]"))
    s.draft_row = rd.plot_ids(data.get("draft", []), "draft")
    s.left = rd.int(data.get("left", 0), "left")
    s.target = rd.int(data.get("target", -1), "target", -1, n - 1)
    s.fought = data.get("fought", False)
    if not isinstance(s.fought, bool):
        raise InvalidStateError(f"position field 'fought' must be true or false, not {s.fought!r}")
    s.end_after = rd.int(data.get("end_after", -1), "end_after", -1, 1)
    s.winner_list = [rd.int(w, "winners", 0, n - 1) for w in rd.list(data.get("winners", []), "winners")]
    s.pop_bank = rd.int(rd.get("population_bank"), "population_bank")
    s.plot_deck = rd.plot_ids(rd.get("plot_deck"), "plot_deck")
    s.plot_display = rd.plot_ids(rd.get("plot_display"), "plot_display")
    s.tech_deck = rd.tech_ids(rd.get("tech_deck"), "tech_deck")
    s.tech_display = rd.tech_ids(rd.get("tech_display"), "tech_display")
    s.deck = rd.cards(rd.get("deck"), "deck")
    s.discard = rd.cards(rd.get("discard"), "discard")
    s.attacks = []
    for i, a in enumerate(rd.list(data.get("attacks", []), "attacks")):
        if not (isinstance(a, list) and len(a) == 3 and a[2] in STATUS):
            raise InvalidStateError(f"position field 'attacks[{i}]' must be [unit, defender, status]")
        c = rd.index(a[0], r.ids, f"attacks[{i}][0]", "card")
        if r.kind[c] != UNIT:
            raise InvalidStateError(f"position field 'attacks[{i}]' names {a[0]!r}, which is not a military unit")
        s.attacks.append([c, rd.int(a[1], f"attacks[{i}][1]", 0, n - 1), STATUS.index(a[2])])
    s.blocks = []
    for i, b in enumerate(rd.list(data.get("blocks", []), "blocks")):
        if not (isinstance(b, list) and len(b) == 2):
            raise InvalidStateError(f"position field 'blocks[{i}]' must be [attack index, unit]")
        s.blocks.append([rd.int(b[0], f"blocks[{i}][0]", 0, max(0, len(s.attacks) - 1)),
                         rd.index(b[1], r.ids, f"blocks[{i}][1]", "card")])
    s.damage = []
    for i, x in enumerate(rd.list(data.get("damage", []), "damage")):
        if not (isinstance(x, list) and len(x) == 3):
            raise InvalidStateError(f"position field 'damage[{i}]' must be [attack index, population, buildings]")
        s.damage.append([rd.int(x[0], f"damage[{i}][0]", 0, max(0, len(s.attacks) - 1)),
                         rd.int(x[1], f"damage[{i}][1]"), rd.int(x[2], f"damage[{i}][2]")])
    players = rd.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise InvalidStateError(f"position field 'players' must list {n} players")
    s.res, s.hand, s.plots, s.techs, s.mining_due, s.used = [], [], [], [], [], []
    plot_ids = tuple(p.id for p in r.cards.plots)
    for p, pd in enumerate(players):
        base = f"players[{p}]."
        if not isinstance(pd, dict):
            raise InvalidStateError(f"position field 'players[{p}]' must be an object")
        res = rd.get("resources", pd, base)
        if not isinstance(res, dict) or set(res) - set(RESOURCES):
            raise InvalidStateError(f"position field '{base}resources' must map food/hammers/commerce to numbers")
        s.res.append([rd.int(res.get(k, 0), f"{base}resources.{k}") for k in RESOURCES])
        hand = rd.get("hand", pd, base)
        if not isinstance(hand, dict):
            raise InvalidStateError(f"position field '{base}hand' must be an object of card counts")
        h = [0] * r.n_cards
        for k, v in hand.items():
            h[rd.index(k, r.ids, f"{base}hand", "card")] = rd.int(v, f"{base}hand.{k}")
        s.hand.append(h)
        plots = []
        for i, pl in enumerate(rd.list(rd.get("plots", pd, base), base + "plots")):
            where = f"{base}plots[{i}]"
            if not isinstance(pl, dict):
                raise InvalidStateError(f"position field {where!r} must be an object")
            t = rd.index(pl.get("plot"), plot_ids, where + ".plot", "plot")
            pop = rd.int(pl.get("population", 0), where + ".population")
            placed = rd.cards(pl.get("cards", []), where + ".cards")
            for c in placed:
                if r.kind[c] not in ("building", "wonder"):
                    raise InvalidStateError(f"position field {where + '.cards'!r} holds {r.ids[c]!r}, which is not a building or wonder")
            plots.append([t, pop, *placed])
        s.plots.append(plots)
        mask = 0
        for t in rd.tech_ids(rd.get("technologies", pd, base), base + "technologies"):
            if mask & 1 << t:
                raise InvalidStateError(f"position field '{base}technologies' lists {r.tech_ids[t]!r} twice")
            mask |= 1 << t
        s.techs.append(mask)
        s.mining_due.append(rd.int(pd.get("mining_due", 0), base + "mining_due", 0, 1))
        s.used.append(rd.int(pd.get("used", 0), base + "used", 0, 3))
    _check(s)
    return s


def _check(s: CcgState) -> None:
    """Conservation of every card, plot, technology and population; a coherent phase."""
    r = s.rules
    cards = [0] * r.n_cards
    for c in s.deck + s.discard:
        cards[c] += 1
    for p in range(s.n):
        for c, k in enumerate(s.hand[p]):
            cards[c] += k
        for pl in s.plots[p]:
            for c in pl[2:]:
                cards[c] += 1
    for a in s.attacks:
        if a[2] == ACTIVE:
            cards[a[0]] += 1
    for c in range(r.n_cards):
        if cards[c] != r.cards.card_counts[c]:
            raise InvalidStateError(
                f"position has {cards[c]} {r.ids[c]!r} card(s) in all, but the game has {r.cards.card_counts[c]}")
    plots = [0] * len(r.cards.plots)
    for t in s.plot_deck + s.plot_display + s.draft_row:
        plots[t] += 1
    for p in range(s.n):
        for pl in s.plots[p]:
            plots[pl[0]] += 1
    for t, k in enumerate(plots):
        if k != r.cards.plot_counts[t]:
            raise InvalidStateError(
                f"position has {k} {r.cards.plots[t].id!r} plot(s) in all, but the game has {r.cards.plot_counts[t]}")
    techs = [0] * len(r.tech_ids)
    for t in s.tech_deck + s.tech_display:
        techs[t] += 1
    for p in range(s.n):
        for t in r.bits(s.techs[p]):
            techs[t] += 1
    for t, k in enumerate(techs):
        if k != 1:
            raise InvalidStateError(f"position has technology {r.tech_ids[t]!r} {k} times; each exists once")
    pops = s.pop_bank + sum(s.population(p) for p in range(s.n))
    if s.phase == GAINING:  # a stolen population between its two plots (CCG-7.5)
        pops += 1
    if pops != r.numbers["population_bank"]:
        raise InvalidStateError(
            f"position has {pops} population cards in all, but the game has {r.numbers['population_bank']}")
    if len(s.plot_display) > r.numbers["display_plots"] or len(s.tech_display) > r.numbers["display_techs"]:
        raise InvalidStateError("position fields 'plot_display'/'tech_display' hold more than the display's three cards")
    if s.phase == OVER:
        if s.attacks or s.queue:
            raise InvalidStateError("position in phase 'over' must have no 'attacks' or 'queue'")
        return
    if s.winner_list:
        raise InvalidStateError("position field 'winners' is set but the phase is not 'over'")
    if s.phase >= 4 and s.turn_no < 1:
        raise InvalidStateError("position field 'turn' must be at least 1 once play has begun")
    # a plot may keep more cards than its slots after losing population, never more than the most slots
    nums = r.numbers
    most = nums["slots"] + 2 if r.slots_add_up else nums["slots_with_bonus"]
    for p in range(s.n):
        for i, pl in enumerate(s.plots[p]):
            if len(pl) - 2 > most:
                raise InvalidStateError(f"position field 'players[{p}].plots[{i}].cards' holds more than {most} cards")
    _check_phase(s)
    # the decider must have something to decide, and every action he may take must work
    name = PHASE_NAMES[s.phase]
    try:
        legal = s.legal_actions(s.decider)
        for a in legal:
            s.clone().apply(s.decider, a)
    except (IndexError, KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError) as e:
        raise InvalidStateError(
            f"position fields 'phase' ({name}), 'queue', 'attacks' and 'damage' do not fit together ({e.__class__.__name__})") from None
    if not legal:
        raise InvalidStateError(f"position field 'phase' ({name}) leaves player {s.decider} nothing to decide")


SETUP_QUEUES = (DRAFTING, FREE_POP, START_DISCARD, WINDOW, BOUNCING, DEFENDING)
CURRENT_DECIDES = (COLLECT, MAIN, DECLARE, REDECLARE, SIEGING, GAINING, DRAWING, DISCARDING, TAKING)


def _check_phase(s: CcgState) -> None:
    """Who decides, and the bookkeeping each step needs."""
    phase, name = s.phase, PHASE_NAMES[s.phase]
    if phase in SETUP_QUEUES:
        if not s.queue or not all(isinstance(q, int) and 0 <= q < s.n for q in s.queue):
            raise InvalidStateError(f"position field 'queue' must list the seats still to decide in phase {name!r}")
        if s.decider != s.queue[0]:
            raise InvalidStateError(f"position field 'decider' must be the first seat of 'queue' in phase {name!r}")
    if phase in CURRENT_DECIDES and phase != TAKING and s.decider != s.current:
        raise InvalidStateError(f"position field 'decider' must be the current player in phase {name!r}")
    if phase == COLLECT:
        plots = s.plots[s.current]
        for i, q in enumerate(s.queue):
            if not (isinstance(q, list) and 0 <= q[0] < len(plots) and 1 <= q[1] <= plots[q[0]][1]
                    and len(s.rules.plot_types[plots[q[0]][0]]) > 1):
                raise InvalidStateError(f"position field 'queue[{i}]' must be [plot, populations still to yield] of a plot with several yields")
        if not s.queue:
            raise InvalidStateError("position field 'queue' must list the plots still to yield in phase 'collect'")
    if phase in (DEFENDING, BOUNCING, SIEGING, REDECLARE) and not s.attacks:
        raise InvalidStateError(f"position field 'attacks' must not be empty in phase {name!r}")
    if phase in (LOSING, GAINING, DESTROYING):
        if not s.damage or not s.attacks:
            raise InvalidStateError(f"position fields 'attacks' and 'damage' must not be empty in phase {name!r}")
        defender = s.attacks[s.damage[0][0]][1]
        if phase != GAINING and s.decider != defender:
            raise InvalidStateError(f"position field 'decider' must be the attacked player in phase {name!r}")
    if phase in (TAKING, GIVING):
        if len(s.queue) < 2 or s.queue[0] not in (MAIN, WINDOW) or s.queue[1] not in range(s.n) or s.target < 0 or not s.left:
            raise InvalidStateError(f"position fields 'queue', 'target' and 'left' do not describe a Code of Laws theft in phase {name!r}")
        want = s.queue[1] if phase == TAKING else s.target
        if s.decider != want:
            raise InvalidStateError(f"position field 'decider' must be seat {want} in phase {name!r}")
    if s.attacks and phase not in (MAIN, DECLARE, REDECLARE, SIEGING, BOUNCING, DEFENDING, LOSING, GAINING, DESTROYING):
        raise InvalidStateError(f"position field 'attacks' must be empty in phase {name!r}")
    if phase == MAIN and s.attacks and s.rules.steps_fixed:
        raise InvalidStateError("position field 'attacks' must be empty in the purchase step (step-order A)")
