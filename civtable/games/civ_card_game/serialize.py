"""Positions of Civilization: The Card Game as JSON: ``to_json`` and the reader,
which checks every field with the shared ``core.reader.Reader`` (each error names
the field) and then that no card, plot, technology or population was created or
lost and that the step's bookkeeping fits together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import InvalidStateError
from civtable.core.events import ROOT
from civtable.core.reader import Reader
from civtable.core.rng import Rng

from . import state as ph
from .catalog import BUILDING, RESOURCES, UNIT, WONDER
from .rules import end
from .state import PHASE_NAMES, STATUS, CcgState
from .view import counts_json, plots_json

if TYPE_CHECKING:
    from .game import CivCardGame


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
                "hand": counts_json(s, s.hand[p]),
                "plots": plots_json(s, p),
                "technologies": [r.tech_ids[t] for t in r.bits(s.techs[p])],
                "mining_due": s.mining_due[p],
                "used": s.used[p],
            }
            for p in range(s.n)
        ],
    }


def read_state(game: CivCardGame, rd: Reader) -> CcgState:
    """Rebuild a state, checking every field and that no card was created or lost
    (the game and its options were checked by ``Game.state_from_json``)."""
    data = rd.data
    r = game.rules
    s = CcgState.__new__(CcgState)
    s.journal = ROOT
    s.game, s.model, s.rules, s.n = game, game.model, r, game.num_players
    n = s.n
    s.derived = [None] * n
    s.held = None
    s.legal = None
    s.memo = None
    s.rng = Rng.from_state(rd.integer(rd.get("rng"), "rng", 0, (1 << 64) - 1))
    s.turn_no = rd.integer(rd.get("turn"), "turn", 0, r.max_turns)
    s.dealer = rd.seat(rd.get("dealer"), "dealer", n)
    s.current = rd.seat(rd.get("current"), "current", n)
    s.phase = PHASE_NAMES.index(rd.choice(rd.get("phase"), PHASE_NAMES, "phase"))
    s.decider = rd.seat(rd.get("decider"), "decider", n)
    s.queue = []
    for i, q in enumerate(rd.seq(data.get("queue", []), "queue")):
        if isinstance(q, list) and len(q) == 2:
            s.queue.append([rd.count(q[0], f"queue[{i}][0]"), rd.count(q[1], f"queue[{i}][1]")])
        else:
            s.queue.append(rd.count(q, f"queue[{i}]"))
    plot_ids = tuple(p.id for p in r.cards.plots)
    s.draft_row = rd.indices(data.get("draft", []), plot_ids, "draft", "plot")
    s.left = rd.count(data.get("left", 0), "left")
    s.target = rd.integer(data.get("target", -1), "target", -1, n - 1)
    s.fought = rd.boolean(data.get("fought", False), "fought")
    s.end_after = rd.integer(data.get("end_after", -1), "end_after", -1, 1)
    s.winner_list = [rd.seat(w, f"winners[{i}]", n) for i, w in enumerate(rd.seq(data.get("winners", []), "winners"))]
    s.pop_bank = rd.count(rd.get("population_bank"), "population_bank")
    s.plot_deck = rd.indices(rd.get("plot_deck"), plot_ids, "plot_deck", "plot")
    s.plot_display = rd.indices(rd.get("plot_display"), plot_ids, "plot_display", "plot")
    s.tech_deck = rd.indices(rd.get("tech_deck"), r.tech_ids, "tech_deck", "technology")
    s.tech_display = rd.indices(rd.get("tech_display"), r.tech_ids, "tech_display", "technology")
    s.deck = rd.indices(rd.get("deck"), r.ids, "deck", "card")
    s.discard = rd.indices(rd.get("discard"), r.ids, "discard", "card")
    _read_combat(s, rd)
    _read_players(s, rd)
    _check(s)
    return s


def _read_combat(s: CcgState, rd: Reader) -> None:
    r = s.rules
    data = rd.data
    s.attacks = []
    for i, a in enumerate(rd.seq(data.get("attacks", []), "attacks")):
        if not (isinstance(a, list) and len(a) == 3 and a[2] in STATUS):
            rd.fail(f"attacks[{i}]", "must be [unit, defender, status]")
        c = rd.index(a[0], r.ids, f"attacks[{i}][0]", "card")
        if r.kind[c] != UNIT:
            rd.fail(f"attacks[{i}]", f"names {a[0]!r}, which is not a military unit")
        s.attacks.append([c, rd.seat(a[1], f"attacks[{i}][1]", s.n), STATUS.index(a[2])])
    s.blocks = []
    for i, b in enumerate(rd.seq(data.get("blocks", []), "blocks")):
        if not (isinstance(b, list) and len(b) == 2):
            rd.fail(f"blocks[{i}]", "must be [attack index, unit]")
        s.blocks.append([rd.integer(b[0], f"blocks[{i}][0]", 0, max(0, len(s.attacks) - 1)),
                         rd.index(b[1], r.ids, f"blocks[{i}][1]", "card")])
    s.damage = []
    for i, x in enumerate(rd.seq(data.get("damage", []), "damage")):
        if not (isinstance(x, list) and len(x) == 3):
            rd.fail(f"damage[{i}]", "must be [attack index, population, buildings]")
        s.damage.append([rd.integer(x[0], f"damage[{i}][0]", 0, max(0, len(s.attacks) - 1)),
                         rd.count(x[1], f"damage[{i}][1]"), rd.count(x[2], f"damage[{i}][2]")])


def _read_players(s: CcgState, rd: Reader) -> None:
    r = s.rules
    players = rd.seq(rd.get("players"), "players", s.n)
    s.res, s.hand, s.plots, s.techs, s.mining_due, s.used = [], [], [], [], [], []
    plot_ids = tuple(p.id for p in r.cards.plots)
    for p, pd in enumerate(players):
        base = f"players[{p}]"
        rd.obj(pd, base)
        s.res.append(rd.counts(rd.get("resources", pd, base), RESOURCES, f"{base}.resources", "resource"))
        s.hand.append(rd.counts(rd.get("hand", pd, base), r.ids, f"{base}.hand", "card"))
        plots = []
        for i, pl in enumerate(rd.seq(rd.get("plots", pd, base), f"{base}.plots")):
            where = f"{base}.plots[{i}]"
            rd.obj(pl, where)
            t = rd.index(pl.get("plot"), plot_ids, where + ".plot", "plot")
            pop = rd.count(pl.get("population", 0), where + ".population")
            placed = rd.indices(pl.get("cards", []), r.ids, where + ".cards", "card")
            for c in placed:
                if r.kind[c] not in (BUILDING, WONDER):
                    rd.fail(where + ".cards", f"holds {r.ids[c]!r}, which is not a building or wonder")
            plots.append([t, pop, *placed])
        s.plots.append(plots)
        mask = 0
        for t in rd.indices(rd.get("technologies", pd, base), r.tech_ids, f"{base}.technologies", "technology"):
            if mask & 1 << t:
                rd.fail(f"{base}.technologies", f"lists {r.tech_ids[t]!r} twice")
            mask |= 1 << t
        s.techs.append(mask)
        s.mining_due.append(rd.integer(pd.get("mining_due", 0), f"{base}.mining_due", 0, 1))
        s.used.append(rd.integer(pd.get("used", 0), f"{base}.used", 0, 3))


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
        if a[2] == ph.ACTIVE:
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
    if s.phase == ph.GAINING:  # a stolen population between its two plots (CCG-7.5)
        pops += 1
    if pops != r.numbers["population_bank"]:
        raise InvalidStateError(
            f"position has {pops} population cards in all, but the game has {r.numbers['population_bank']}")
    if len(s.plot_display) > r.numbers["display_plots"] or len(s.tech_display) > r.numbers["display_techs"]:
        raise InvalidStateError("position fields 'plot_display'/'tech_display' hold more than the display's three cards")
    if s.phase == ph.OVER:
        if s.attacks or s.queue:
            raise InvalidStateError("position in phase 'over' must have no 'attacks' or 'queue'")
        winners = end.result(s)[0]
        if s.winner_list != winners:
            raise InvalidStateError(f"position field 'winners' must be {winners} (the points decide, CCG-1.2), "
                                    f"not {s.winner_list}")
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
        for action in legal:
            trial = s.clone()
            trial.journal = None  # a silent trial: nothing is told
            trial.apply(s.decider, action)
    except (IndexError, KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError) as e:
        raise InvalidStateError(
            f"position fields 'phase' ({name}), 'queue', 'attacks' and 'damage' do not fit together ({e.__class__.__name__})") from None
    if not legal:
        raise InvalidStateError(f"position field 'phase' ({name}) leaves player {s.decider} nothing to decide")


SETUP_QUEUES = (ph.DRAFTING, ph.FREE_POP, ph.START_DISCARD, ph.WINDOW, ph.BOUNCING, ph.DEFENDING)
CURRENT_DECIDES = (ph.COLLECT, ph.MAIN, ph.DECLARE, ph.REDECLARE, ph.SIEGING, ph.GAINING, ph.DRAWING,
                   ph.DISCARDING, ph.TAKING)


def _check_phase(s: CcgState) -> None:
    """Who decides, and the bookkeeping each step needs."""
    phase, name = s.phase, PHASE_NAMES[s.phase]
    if phase in SETUP_QUEUES:
        if not s.queue or not all(isinstance(q, int) and 0 <= q < s.n for q in s.queue):
            raise InvalidStateError(f"position field 'queue' must list the seats still to decide in phase {name!r}")
        if s.decider != s.queue[0]:
            raise InvalidStateError(f"position field 'decider' must be the first seat of 'queue' in phase {name!r}")
    if phase in CURRENT_DECIDES and phase != ph.TAKING and s.decider != s.current:
        raise InvalidStateError(f"position field 'decider' must be the current player in phase {name!r}")
    if phase == ph.COLLECT:
        plots = s.plots[s.current]
        for i, q in enumerate(s.queue):
            if not (isinstance(q, list) and 0 <= q[0] < len(plots) and 1 <= q[1] <= plots[q[0]][1]
                    and len(s.rules.plot_types[plots[q[0]][0]]) > 1):
                raise InvalidStateError(f"position field 'queue[{i}]' must be [plot, populations still to yield] of a plot with several yields")
        if not s.queue:
            raise InvalidStateError("position field 'queue' must list the plots still to yield in phase 'collect'")
    if phase in (ph.DEFENDING, ph.BOUNCING, ph.SIEGING, ph.REDECLARE) and not s.attacks:
        raise InvalidStateError(f"position field 'attacks' must not be empty in phase {name!r}")
    if phase in (ph.LOSING, ph.GAINING, ph.DESTROYING):
        if not s.damage or not s.attacks:
            raise InvalidStateError(f"position fields 'attacks' and 'damage' must not be empty in phase {name!r}")
        defender = s.attacks[s.damage[0][0]][1]
        if phase != ph.GAINING and s.decider != defender:
            raise InvalidStateError(f"position field 'decider' must be the attacked player in phase {name!r}")
    if phase in (ph.TAKING, ph.GIVING):
        if (len(s.queue) < 2 or s.queue[0] not in (ph.MAIN, ph.WINDOW) or s.queue[1] not in range(s.n)
                or s.target < 0 or not s.left):
            raise InvalidStateError(f"position fields 'queue', 'target' and 'left' do not describe a Code of Laws theft in phase {name!r}")
        if s.target == s.queue[1]:
            raise InvalidStateError(f"position field 'target' must be another seat than the thief's in phase {name!r}")
        want = s.queue[1] if phase == ph.TAKING else s.target
        if s.decider != want:
            raise InvalidStateError(f"position field 'decider' must be seat {want} in phase {name!r}")
        # what follows the theft: the purchase step (nothing queued) or the steal window,
        # whose queue starts with the thief
        rest = s.queue[2:]
        if (rest != [] if s.queue[0] == ph.MAIN else not (rest and rest[0] == s.queue[1] and _window_seats(s, rest))):
            raise InvalidStateError(f"position field 'queue' does not describe what follows the theft in phase {name!r}")
    if phase == ph.WINDOW and not _window_seats(s, s.queue):
        raise InvalidStateError("position field 'queue' must list other players than the current one, once each, "
                                "in phase 'steal-window'")
    _check_left(s)
    _check_setup(s)
    _check_damage(s)
    if s.attacks and phase not in (ph.MAIN, ph.DECLARE, ph.REDECLARE, ph.SIEGING, ph.BOUNCING, ph.DEFENDING,
                                   ph.LOSING, ph.GAINING, ph.DESTROYING):
        raise InvalidStateError(f"position field 'attacks' must be empty in phase {name!r}")
    if phase == ph.MAIN and s.attacks and s.rules.steps_fixed:
        raise InvalidStateError("position field 'attacks' must be empty in the purchase step (step-order A)")


def _window_seats(s: CcgState, seats: list[Any]) -> bool:
    """Seats of the steal window: players other than the current one, once each."""
    return (all(isinstance(q, int) and 0 <= q < s.n and q != s.current for q in seats)
            and len(set(seats)) == len(seats))


def _check_left(s: CcgState) -> None:
    """``left`` counts what the step still asks for: the draft round (0 or 1), the
    discards still due, the attackers still to bounce, the resources still to take or
    give; it is 0 in every other step."""
    phase, name = s.phase, PHASE_NAMES[s.phase]
    nums = s.rules.numbers
    why = ""
    if phase == ph.DRAFTING:
        top, low = 1, 0
    elif phase == ph.START_DISCARD:
        top, low = nums["starting_discard"], 1
    elif phase == ph.DISCARDING:
        top, low = max(1, sum(s.hand[s.current]) - 1), 1
    elif phase == ph.BOUNCING:
        top, low = sum(1 for a in s.attacks if a[1] == s.decider and a[2] == ph.ACTIVE), 1
    elif phase in (ph.TAKING, ph.GIVING):  # what Code of Laws takes, at most what the victim holds (CCG-9.2)
        held = sum(s.res[s.target]) if 0 <= s.target < s.n else 0
        top, low = min(s.rules.laws_amount, held), 1
        why = f" (Code of Laws takes {s.rules.laws_amount} resources; player {s.target} holds {held})"
    else:
        top, low = 0, 0
    if not low <= s.left <= top:
        span = f"from {low} to {top}" if top > low else f"{top}"
        raise InvalidStateError(f"position field 'left' must be {span} in phase {name!r}, not {s.left}{why}")


def _check_setup(s: CcgState) -> None:
    """The draft (CCG-4.3, CCG-4.4) and the free population (CCG-4.8): the seats still
    to choose are the end of the round's order, one plot of the row for each of them,
    and each player has the plots and the population of the choices made so far."""
    phase, name, n = s.phase, PHASE_NAMES[s.phase], s.n
    nums = s.rules.numbers
    if phase == ph.DRAFTING:
        first = (s.dealer + 1) % n
        order = [(first + k) % n for k in range(n)] if s.left == 0 else [(s.dealer - k) % n for k in range(n)]
        if s.queue != order[n - len(s.queue):]:
            raise InvalidStateError(f"position field 'queue' must be the end of the draft order {order} in phase 'draft'")
        if len(s.draft_row) != len(s.queue):
            raise InvalidStateError("position field 'draft' must hold one plot for each seat still in 'queue'")
    elif phase == ph.FREE_POP:
        order = [(s.dealer + 1 + k) % n for k in range(n)]
        if s.queue != order[n - len(s.queue):]:
            raise InvalidStateError(f"position field 'queue' must be the end of the order {order} in phase {name!r}")
    else:
        return
    for p in range(n):
        done = p not in s.queue
        plots = nums["dealt_plots"] + s.left + int(done) if phase == ph.DRAFTING else nums["starting_plots"]
        pops = nums["free_population"] if phase == ph.FREE_POP and done else 0
        if len(s.plots[p]) != plots or s.population(p) != pops:
            raise InvalidStateError(f"position field 'players[{p}].plots' must hold {plots} plots and {pops} "
                                    f"population in phase {name!r}")


def _check_damage(s: CcgState) -> None:
    """CCG-7.5: what each unblocked attacker still does (``damage``, in the order of
    ``attacks``), at most its unit's damage; the step deciding it has some left."""
    r, phase, name = s.rules, s.phase, PHASE_NAMES[s.phase]
    if s.damage and phase not in (ph.LOSING, ph.GAINING, ph.DESTROYING):
        raise InvalidStateError(f"position field 'damage' must be empty in phase {name!r}")
    last = -1
    for k, (i, pops, buildings) in enumerate(s.damage):
        unit = s.attacks[i][0]
        if (i <= last or s.attacks[i][2] != ph.ACTIVE or pops > r.unit_pop_damage[unit]
                or buildings > r.unit_building_damage[unit]):
            raise InvalidStateError(f"position field 'damage[{k}]' must name an active attacker after the one "
                                    "before, with at most its unit's damage")
        last = i
    if phase == ph.LOSING and s.damage[0][1] < 1:
        raise InvalidStateError("position field 'damage[0]' must have population to take in phase 'lose-population'")
    if phase == ph.DESTROYING and (s.damage[0][1] or s.damage[0][2] < 1):
        raise InvalidStateError("position field 'damage[0]' must have buildings, and no population, to take in "
                                "phase 'destroy-building'")
