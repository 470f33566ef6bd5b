"""The bots' cheap view (issue 18): ``SeatView`` tells nothing the seat's observation
does not (its snapshot is rebuilt from the observation and the card file alone), and
the greedy and strategy-file bots reading it decide exactly as the same bots reading
the observation dict (``_obs_bots.py``, the code before the view) in every phase of
many games of several rule variants: the same action and the same generator state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from civtable.agents import Agent, PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.games.civ_card_game.bots import strategy as fast_strategy
from civtable.games.civ_card_game.bots.heuristic import HeuristicBot
from civtable.games.civ_card_game.catalog import RESOURCES, WONDER
from civtable.games.civ_card_game.state import PHASE_NAMES, STATUS

from . import _obs_bots as reference

VARIANTS = [
    {"players": 2},
    {"players": 3, "step-order": "B", "code-of-laws-choice": "C", "steal-timing": "B", "bank-trade": "B"},
    {"players": 4, "adjacency": "B", "bounce": "B", "catapult-repeat": "B", "extra-draw-optional": "B",
     "code-of-laws-choice": "B", "slot-count": "B"},
    {"players": 2, "granary": "B", "mining": "B", "multi-yield": "B", "unit-list": "B", "status-tie": "B",
     "step-order": "B"},
]
EXAMPLE = Path(fast_strategy.__file__).parents[1] / "strategies" / "example.yaml"
WIDE = {  # every section and selector, so that every path of the strategy bot is taken
    "name": "wide",
    "buy": ["cash any", "writing fewest-cards: hand < 6", "laws leader", "tech any: display writing == 1",
            "build building: owned building < 2", "plot any: plots < 6", "trade for hammers: hammers < 2",
            "pop: cost library >= 3", "done: rival techs > techs + 2", "greedy"],
    "attack": ["stop: declared >= 3", "attack swordsmen richest", "attack any most-cards: attacked == 0",
               "attack chariot fewest-cards"],
    "block": ["block any spearmen: hand defender >= 2", "block chariot any", "greedy"],
    "discard": ["discard unit: rival owned great_wall >= 1", "discard wonder: turn < 4", "discard attacker",
                "greedy"],
    "draft": ["draft floodplains", "greedy"],
    "yield": ["yield hammers: hand wonder > 0", "greedy"],
}


def strategies(game: Any) -> dict[str, fast_strategy.Strategy]:
    cards = game.cards
    return {"example": fast_strategy.load_strategy(EXAMPLE, cards),
            "wide": fast_strategy.parse_strategy(yaml.safe_load(yaml.safe_dump(WIDE)), cards, "wide")}


def pairs(game: Any, plans: dict[str, fast_strategy.Strategy], seed: int) -> list[tuple[str, Agent, Agent]]:
    """Each bot as it is and as it was (reading the observation), with the same seed."""
    out: list[tuple[str, Agent, Agent]] = [
        ("greedy", HeuristicBot(seed, game.cards), reference.HeuristicBot(seed, game.cards))]
    out += [(f"rules:{name}", fast_strategy.RulesBot(seed, game.cards, plan), reference.RulesBot(seed, game.cards, plan))
            for name, plan in plans.items()]
    return out


def decisions(options: dict[str, Any], games: int) -> Iterator[tuple[Any, int]]:
    """Every decision of games between random, greedy and strategy bots (the live state)."""
    g: Any = load_game("civ-card-game", **options)
    specs = ("random", "greedy", f"rules:{EXAMPLE}", "random")
    for seed in range(games):
        bots = [make_agent(specs[(seed + i) % len(specs)], g, seed=seed * 7 + i) for i in range(g.num_players)]
        s = g.new_state(seed=seed)
        while s.to_move():
            p = s.to_move()[0]
            yield s, p
            s.apply(p, bots[p].act(PlayerView(s, p)))


@pytest.mark.parametrize("options", VARIANTS, ids=["2p", "3p-B", "4p-B", "2p-other"])
def test_the_bots_decide_as_when_they_read_the_observation(options: dict[str, Any]) -> None:
    g: Any = load_game("civ-card-game", **options)
    plans = strategies(g)
    phases: set[str] = set()
    compared = attacks = 0
    for k, (s, p) in enumerate(decisions(options, games=6)):
        if len(s.legal_actions(p)) < 2 and k % 5:
            continue
        for name, new, old in pairs(g, plans, seed=k):
            mine = new.act(PlayerView(s, p)).text
            theirs = old.act(PlayerView(s, p)).text
            assert mine == theirs, f"{name} chose {mine!r}, the observation bot {theirs!r} in {s!r}"
            assert new.rng.state == old.rng.state, f"{name} drew other random numbers in {s!r}"
        phases.add(PHASE_NAMES[s.phase])
        attacks += any(a.kind == "attack" for a in s.legal_actions(p))
        compared += 1
    assert compared > 1000 and attacks > 50
    assert {"purchase", "discard", "defend", "draft"} <= phases
    assert "collect" in phases or options.get("multi-yield") == "B"  # B: one resource per plot


def from_observation(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    """What ``SeatView.snapshot`` holds, computed from the observation and the card file alone."""
    cards = game.cards
    card = {c.id: i for i, c in enumerate(cards.cards)}
    tech = {t.id: i for i, t in enumerate(cards.techs)}
    plot = {x.id: i for i, x in enumerate(cards.plots)}
    me = obs["player"]
    hand = [0] * len(cards.cards)
    for cid, k in obs["players"][me]["hand"].items():
        hand[card[cid]] = k
    combat = obs["combat"] or {"attacks": []}
    players = []
    for view in obs["players"]:
        owned = [cards.techs[tech[t]] for t in view["technologies"]]
        placed = [cards.cards[card[c]] for pl in view["plots"] for c in pl["cards"]]
        happy = int(view["seat"] in obs["highest_happiness"])
        d = view["discounts"]
        players.append({
            "res": [view["resources"][r] for r in RESOURCES],
            "plots": [[plot[pl["plot"]], pl["population"], *(card[c] for c in pl["cards"])] for pl in view["plots"]],
            "techs": sum(1 << tech[t] for t in view["technologies"]),
            "vp": view["vp"], "hand_size": view["hand_size"],
            "derived": [view["culture"], view["happiness"], d[0] - happy, d[1] - happy, d[2],
                        any(t.two_slots for t in owned),
                        sum(t.extra_draw for t in owned) + sum(c.extra_draw for c in placed),
                        sum(c.walls for c in placed), any(c.great_wall for c in placed),
                        sum(1 for c in placed if c.kind == WONDER)],
            "discounts": d,
        })
    return {
        "player": me, "phase": PHASE_NAMES.index(obs["phase"]), "turn": obs["turn"], "current": obs["current"],
        "hand": hand, "tech_display": [tech[t] for t in obs["tech_display"]],
        "plot_display": [plot[x] for x in obs["plot_display"]],
        "attacks": [[card[a["unit"]], a["defender"], STATUS.index(a["status"])] for a in combat["attacks"]],
        "tech_deck_size": obs["tech_deck_size"], "deck_size": obs["deck_size"], "players": players,
    }


@pytest.mark.parametrize("options", VARIANTS[:3], ids=["2p", "3p-B", "4p-B"])
def test_the_seat_view_tells_only_what_the_observation_tells(options: dict[str, Any]) -> None:
    g: Any = load_game("civ-card-game", **options)
    checked = 0
    for k, (s, _) in enumerate(decisions(options, games=3)):
        if k % 13:
            continue
        for q in range(s.n):
            snap = s.seat_view(q).snapshot()
            assert snap == from_observation(g, s.observation(q)), f"seat {q} in {s!r}"
            # and the same in a sample of what the seat cannot see
            assert s.determinize(q, Rng(k)).seat_view(q).snapshot() == snap
        checked += 1
    assert checked > 100
