"""The invariants of Mega Civilization states (the contract kit's adapter runs them on
every state of its random games; the full-map tests of ``test_properties.py`` too)."""

from __future__ import annotations

import json
from functools import cache

from civtable.core.state import State
from civtable.games.mega_civ.catalog import DATA
from civtable.games.mega_civ.rules.board import load_board
from civtable.games.mega_civ.state import MegaState

TOKENS, CITIES, SHIPS = 55, 9, 4  # a player's pieces (the tables' "pieces")


@cache
def water(map_name: str) -> frozenset[str]:
    return frozenset(a.id for a in load_board(map_name).areas if a.is_water)


@cache
def composition(players: int, side: str) -> dict[str, int]:
    """How many cards of each type (Water apart) a game has, read from data/cards.json."""
    raw = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    blocks = raw["composition"][str(players)]
    block = blocks.get(side) or blocks[sorted(blocks)[0]]
    out: dict[str, int] = {}
    for stack in block.values():
        for c, k in stack["commodities"].items():
            out[c] = out.get(c, 0) + k
        for c in stack["calamities"]:
            out[c] = out.get(c, 0) + 1
    return out


def pieces_are_conserved(state: State) -> None:
    """MC-0.4's pieces: 55 tokens (map + stock + treasury), 9 cities and 4 ships a
    player, never negative, never on water; in every preview of a simultaneous step too."""
    assert isinstance(state, MegaState)
    for s in (state, *(state.previews or {}).values()):
        data = s.to_json()
        wet = water(data["options"]["map"])
        owners = list(data["city"].values())
        assert not set(data["city"]) & wet and not set(data["barbarians"]) & wet, "a unit on water"
        for p, pd in enumerate(data["players"]):
            tokens = pd["tokens"]
            assert all(k > 0 for k in tokens.values()) and pd["stock"] >= 0 and pd["treasury"] >= 0, pd
            assert sum(tokens.values()) + pd["stock"] + pd["treasury"] == TOKENS, f"player {p}'s tokens"
            assert owners.count(p) + pd["cities_in_stock"] == CITIES, f"player {p}'s cities"
            assert pd["ships_in_stock"] + len(pd["ships"]) + len(pd["docked_ships"]) == SHIPS, f"player {p}'s ships"
            assert not set(tokens) & wet and not set(pd["ships"] + pd["docked_ships"]) & wet, f"player {p} on water"
            assert not pd["docked_ships"] or data["phase"] in (3, 4), "ships stay on the map after phase 4"
            assert pd["ast"] >= 1 and pd["census"] >= 0 and all(k >= 0 for k in pd["moved"].values())


def cards_are_conserved(state: State) -> None:
    """Every trade card (Water apart) is in a stack, the discards or a hand exactly as
    often as the game has it, each pile holding cards of its own stack."""
    assert isinstance(state, MegaState)
    data = state.to_json()
    stacks = {c.id: c.stack for c in state.cat.cards}
    have: dict[str, int] = {}
    for group in ("stacks", "discards"):
        for k, pile in data[group].items():
            assert all(stacks[c] == int(k) for c in pile), f"a card in the wrong {group} {k}"
            for c in pile:
                have[c] = have.get(c, 0) + 1
    for pd in data["players"]:
        for c in pd["hand"]:
            if c != "water":
                have[c] = have.get(c, 0) + 1
    opts = data["options"]
    assert have == composition(opts["players"], opts["side"]), "trade cards made or lost"


def the_most_points_win(state: State) -> None:
    """MC-14.1 and MC-0.3: a finished game is won by the most victory points, within the last turn."""
    assert isinstance(state, MegaState)
    assert state.turn <= state.rules.last_turn
    if state.is_terminal():
        vps = [state.vp(p) for p in range(state.n)]
        best = [p for p in range(state.n) if vps[p] == max(vps)]
        assert state.winners() == (best if len(best) < state.n else []), (state.winners(), vps)
