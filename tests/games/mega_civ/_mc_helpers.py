"""Helpers for the Mega Civilization rule tests: hand-built positions on the small map.

``position`` writes a position as JSON (the shape of ``state.to_json()``) and loads
it with ``game.state_from_json``, so the engine checks it like any saved game
(55 tokens per player = map + stock + treasury, 9 cities, 4 ships). A test names
only what it cares about:

- ``players`` maps a seat to a dict with any of ``tokens`` (``{area id: count}``),
  ``treasury``, ``stock`` (default: whatever the 55 tokens leave), ``ast``,
  ``ast_forward``, ``ships`` (areas), ``moved``, ``census``, ``built``, ``hand``
  (trade card ids, taken from the stacks), ``advances`` (advance ids), ``paid``,
  ``credit_tokens``, ``tax_rate``;
- ``city`` maps an area id to its owner's seat; the city pieces in stock are
  9 minus the cities on the map;
- a player not named has nothing on the map and everything in stock.

The seats of a 5-player game on the small map (West set), and their AST ranks:
HELLAS=0 (15), MINOA=1 (1), HATTI=2 (9), ASSYRIA=3 (3), EGYPT=4 (17), so the AST
order is MINOA, ASSYRIA, HATTI, HELLAS, EGYPT.

Automatic phases resolve inside ``apply``; ``finish_movement`` plays ``done`` for
every player still to move, which runs conflict (4), cities (5), ... up to the next
decision. ``run_from`` starts the automatic part of a phase directly (for the tax
phase, whose predecessor, phase 13, has no decision).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import civtable
from civtable.core.errors import IllegalActionError
from civtable.games.mega_civ.catalog import load_catalog
from civtable.games.mega_civ.rules import run
from civtable.games.mega_civ.state import AUTO, BUILD

from ._seats import ASSYRIA, AST_ORDER, EGYPT, HATTI, HELLAS, MINOA  # noqa: F401 (re-exported)

GAME_ID = "mega-civ"
TOKENS, CITIES, SHIPS = 55, 9, 4
ADVANCE_COST = {a.id: a.cost for a in load_catalog().advances}


def game(**options: Any):
    options.setdefault("players", 5)
    options.setdefault("map", "small")
    return civtable.load_game(GAME_ID, **options)


def position_json(
    g=None,
    *,
    players: dict[int, dict[str, Any]] | None = None,
    city: dict[str, int] | None = None,
    phase: int = 3,
    step: str = "move",
    decider: int | None = None,
    queue: list[int] | None = None,
    turn: int = 1,
    **fields: Any,
) -> dict[str, Any]:
    """The JSON of a position (see the module docstring); ``fields`` override
    top-level fields (``target``, ``exempt``, ``defaulters``, ``buffers``...)."""
    g = g if g is not None else game()
    data = g.new_state(seed=1).to_json()
    city = dict(city or {})
    players = players or {}
    if queue is None:
        queue = [decider] if decider is not None else []
    if decider is None:
        decider = queue[0] if queue else -1
    data.update(turn=turn, phase=phase, step=step, decider=decider, queue=list(queue), target=-1,
                city=city, exempt=[], defaulters=[], winners=[], buffers=None)
    for p, pd in enumerate(data["players"]):
        spec = players.get(p, {})
        tokens = {a: k for a, k in spec.get("tokens", {}).items() if k}
        treasury = spec.get("treasury", 0)
        on_map = sum(tokens.values())
        ships = list(spec.get("ships", []))
        docked = sorted(spec.get("docked_ships", []))  # ships on the map after sailing (phases 3-4)
        pd.update(
            tokens=tokens,
            moved=dict(spec.get("moved", {})),
            treasury=treasury,
            stock=spec.get("stock", TOKENS - on_map - treasury),
            cities_in_stock=CITIES - sum(1 for o in city.values() if o == p),
            ships=ships,
            docked_ships=docked,
            ships_in_stock=SHIPS - len(ships) - len(docked),
            ast=spec.get("ast", 1),
            ast_forward=spec.get("ast_forward", spec.get("ast", 1) - 1),
            census=spec.get("census", on_map),
            built=list(spec.get("built", [])),
            hand=[],
            advances=list(spec.get("advances", [])),
            paid=list(spec.get("paid", [])) if "paid" in spec else [ADVANCE_COST[a] for a in spec.get("advances", [])],
            credit_tokens=dict(spec.get("credit_tokens", {})),
            tax_rate=spec.get("tax_rate", 0),
        )
        for card in spec.get("hand", []):  # dealt from its stack, so every card stays counted
            take_card(data, card)
            pd["hand"].append(card)
    data.update(fields)
    return data


def take_card(data: dict[str, Any], card: str) -> None:
    """Remove one ``card`` (a trade card id) from the stacks of a position's JSON."""
    if card == "water":
        return
    for pile in data["stacks"].values():
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {card!r} card left in the stacks")


def position(g=None, **kw: Any):
    """Load a hand-built position (see ``position_json``)."""
    g = g if g is not None else game()
    return g.state_from_json(position_json(g, **kw))


def run_from(g=None, *, phase: int, **kw: Any):
    """A position whose automatic phase ``phase`` starts now: the position is loaded at
    a movement step (so the engine checks it), then the phase is started."""
    g = g if g is not None else game()
    kw.setdefault("players", {})
    mover = next((p for p, spec in kw["players"].items() if any(spec.get("tokens", {}).values())), None)
    data = position_json(g, decider=mover if mover is not None else 0, **kw)
    if mover is None:  # nobody on the map: give the loader a legal step, then clear it
        data["players"][0]["tokens"] = {"smoke_isle": 1}
        data["players"][0]["stock"] -= 1
    s = g.state_from_json(data)
    if mover is None:
        s.tokens[0][s.board.index("smoke_isle")] = 0
        s.stock[0] += 1
    s.phase, s.step, s.decider, s.queue = phase, AUTO, -1, []
    run(s)
    return s


def idx(s, area: str) -> int:
    return s.board.index(area)


def tok(s, p: int, area: str) -> int:
    """Player ``p``'s tokens in ``area``."""
    return s.tokens[p][s.board.index(area)]


def owner(s, area: str) -> int:
    """The owner of the city in ``area`` (-1: none)."""
    return s.city[s.board.index(area)]


def cities(s, p: int) -> list[str]:
    return sorted(s.board.areas[a].id for a in s.cities_of(p))


def texts(s, p: int) -> list[str]:
    return [a.text for a in s.legal_actions(p)]


def finish_movement(s) -> None:
    """Every player still to move in this turn's movement step plays ``done``, in turn
    (stopping at the next decision, or at the movement step of the next turn)."""
    turn = s.turn
    while s.turn == turn and s.phase == 3 and s.step != AUTO and s.to_move():
        s.apply(s.to_move()[0], "done")


def finish(s, *players: int) -> None:
    """The given players play ``done`` (in this order)."""
    for p in players:
        s.apply(p, "done")


def assert_illegal(s, player: int, action: str) -> None:
    """The action raises IllegalActionError and leaves the position unchanged."""
    before = copy.deepcopy(s.to_json())
    with pytest.raises(IllegalActionError):
        s.apply(player, action)
    assert s.to_json() == before


def conserved(s) -> None:
    """No token, city or ship made or lost."""
    for p in range(s.n):
        assert sum(s.tokens[p]) + s.stock[p] + s.treasury[p] == TOKENS
        assert s.city.count(p) + s.city_stock[p] == CITIES
        assert s.ship_stock[p] + len(s.ships[p]) + len(s.docked[p]) == SHIPS


# a player who can build a city (6 tokens on the great_delta site): the flow stops at
# the city-building step (phase 5) right after the conflicts, before surplus removal
EGYPT_BUILDER = {EGYPT: {"tokens": {"great_delta": 6}}}


def stop_at_build(players, city=None, g=None, first=EGYPT):
    """Play the movement step to its end and stop at the city-building decision
    (Egypt's, unless ``first`` says who can build first)."""
    players = {**EGYPT_BUILDER, **players}
    s = position(g, players=players, city=city or {}, queue=[p for p in AST_ORDER if p in players])
    finish_movement(s)
    assert (s.phase, s.step, s.to_move()) == (5, BUILD, (first,))
    return s


def beneficiary_without_pieces_position(g=None):
    """Phase 1: Minoa and Hatti hold all their cities, so the tax revolt's Beneficiary
    has no city piece (MC-1.2.2, MC-1.2.3)."""
    city = {a: MINOA for a in ("nw_hills", "north_downs", "frost_wastes", "high_moor", "ember_peak",
                               "west_cape", "pearl_isle", "smoke_isle")}
    city.update({a: HATTI for a in ("ash_plains", "east_strand", "south_cape", "harbour_bay",
                                    "dune_coast", "red_cliffs", "salt_marsh", "date_oasis")})
    city.update({"twin_rivers": ASSYRIA, "kings_vale": HELLAS, "old_ford": HELLAS, "great_delta": EGYPT})
    players = {MINOA: {"tokens": {"river_bend": 1}}, HATTI: {"tokens": {"upper_river": 1}},
               ASSYRIA: {"treasury": 55}, HELLAS: {"treasury": 55}, EGYPT: {"treasury": 55}}
    return run_from(g, phase=1, city=city, players=players)
