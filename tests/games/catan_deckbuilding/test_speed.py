"""Issue 18 in Catan Deck Building: what was made faster still does the same.

- the bot reading ``SeatView`` decides as the earlier bot that read observations
  (``_observation_bot.py``, the code of commit e7e670f) on thousands of positions of
  every phase, under the rule variants that change its plans, and never builds an
  observation; the view shows nothing the observation does not;
- legal actions are the same lists as the earlier code built, in the same order, made
  of the shared action objects, and built once per position;
- the shuffle written out draws the generator's numbers as ``Rng.shuffle``;
- strategy files are parsed once per process while unchanged;
- ``holdings`` (the supply cards each seat came to own).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.games.catan_deckbuilding.actions import (
    ACTIONS,
    BUY_ACT,
    BUY_TRADE_ACT,
    END_ACT,
    LAY_ACT,
    LAYABLE,
    PLAY,
    PLAY_ROADS,
)
from civtable.games.catan_deckbuilding.bots.strategy import load_strategy
from civtable.games.catan_deckbuilding.catalog import (
    BANDIT,
    BUYABLE,
    CITY,
    DESERT,
    KDEF,
    ROAD,
    ROLE_IDS,
    SETTLEMENT,
)
from civtable.games.catan_deckbuilding.rules.main import affordable
from civtable.games.catan_deckbuilding.rules.turn import shuffle
from civtable.games.catan_deckbuilding.state import MAIN, CatanState
from civtable.games.catan_deckbuilding.view import SeatView
from civtable.sim.runner import play_game
from civtable.testing.adapter import decisions

from . import _observation_bot as old_bots
from ._cdb_helpers import position

GAME_ID = "catan-deckbuilding"

VARIANTS: list[dict[str, Any]] = [
    {},
    {"settlement-for-city": "B", "road-grouping": "B", "road-sea": "B"},
    {"discard-source": "B", "discard-visibility": "B", "counter-knight": "C", "reshuffle": "B"},
    {"reflect-attacker-draw": "B", "reflect-effect": "B", "harbor-count-zone": "B", "win-timing": "B"},
]

EVERY_SCOPE = {  # a strategy whose conditions read every quantity a condition may name
    "name": "every-scope",
    "buy": [
        {"city": "hand settlement >= 1"},
        {"koff": ["opponent kdef < 1", "turn > 3", "deck < 40"]},
        {"harbor": ["owned sea + laid sea >= 2", "supply harbor > 1"]},
        {"kdef": "opponent koff + opponent bandit > owned kdef"},
        {"settlement": "laid road + hand road != 3"},
        "bandit",
        {"road": "owned road < 6"},
    ],
    "play": {"keep_cities": False, "keep_knights": False, "dump_before_end": True},
}


def sampled(g: Any, games: int, every: int = 3) -> list[CatanState]:
    """Positions of greedy and random games, in every phase."""
    out = []
    for seed in range(games):
        specs = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"), ("random", "random")][seed % 4]
        agents = [make_agent(spec, g, seed=seed * 10 + i) if spec != "random" else None
                  for i, spec in enumerate(specs)]
        for step, s, _, _ in decisions(g, seed, agents, max_steps=400):
            if step % every == 0:
                out.append(s.clone())
    return out


def old_legal(s: CatanState, player: int) -> list[Any]:
    """The main phase's legal actions as commit e7e670f built them, from scratch, in the
    action table's order (issue 26 reordered the table: the menus' order)."""
    h = s.hand[player]
    out = [PLAY[c] for c in (0, 1, 2, 3, 4, SETTLEMENT, CITY, 10, KDEF, BANDIT, 9) if h[c]]
    if h[KDEF] and h[KDEF] <= s.spent[player]:
        out.remove(PLAY[KDEF])
    if h[ROAD]:
        out.extend(PLAY_ROADS[1: h[ROAD] + 1])
    out += [LAY_ACT[c] for c in LAYABLE if h[c]]
    if any(s.pool):
        for code in affordable(s.rules, s.pool):
            c = code >> 1
            if s.supply[c] and (c != BANDIT or h[DESERT]) and (c != CITY or h[SETTLEMENT]):
                out.append(BUY_ACT[c])
                if code & 1:
                    out.append(BUY_TRADE_ACT[c])
    out.append(END_ACT)
    return sorted(out, key=lambda a: a.index)


# ------------------------------------------------------------ the bots
@pytest.mark.parametrize("options", VARIANTS)
def test_the_bot_decides_as_the_observation_bot(tmp_path: Path, options: dict[str, Any]) -> None:
    """Same decisions as the bot that read observations, for the greedy strategy and a
    strategy reading every quantity, in every phase, under the variants its plans read."""
    g = load_game(GAME_ID, **options)
    path = tmp_path / "every.yaml"
    path.write_text(yaml.safe_dump(EVERY_SCOPE, sort_keys=False), encoding="utf-8")
    strategies = [load_strategy("greedy"), load_strategy(path)]
    phases: set[str] = set()
    kinds: set[str] = set()
    compared = 0
    for s in sampled(g, 16):
        if s.is_terminal():
            continue
        p = s.to_move()[0]
        for strategy in strategies:
            new = make_agent("greedy", g, seed=1) if strategy.name == "greedy" else make_agent(f"rules:{path}", g, 1)
            old = old_bots.PlannerBot(1, strategy, g.options)
            before = s.to_json()
            got = new.act(PlayerView(s, p))
            want = old.act(PlayerView(s, p))
            assert got is want, f"{strategy.name}: {got} instead of {want} in {s.to_json()}"
            assert s.to_json() == before
            phases.add(s.observation(p)["phase"])
            kinds.add(got.kind + (" top" if got.text == "discard top" else ""))
            compared += 1
    assert compared > 1000
    assert {"main", "react", "steal", "discard"} <= phases, phases
    assert {"play", "lay", "buy", "end", "allow", "discard"} <= kinds, kinds


def test_the_bot_never_builds_an_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The greedy bot reads its seat's view only: games between greedy bots are played
    with ``observation`` made to fail."""

    def refuse(self: Any, player: Any) -> Any:
        raise AssertionError("the bot built an observation")

    monkeypatch.setattr(CatanState, "observation", refuse)
    g = load_game(GAME_ID)
    for seed in range(3):
        result = play_game(g, ["greedy", "greedy"], seed)
        assert result.finished


def test_the_seat_view_shows_only_what_the_observation_shows() -> None:
    """Every number of a ``SeatView`` is in ``observation(player)``: the own hand, the
    owned counts, pile sizes, the discard piles as far as they are public, the laid-down
    cards, supply, pool and the pending attack."""
    for options in ({}, {"discard-visibility": "B"}):
        g = load_game(GAME_ID, **options)
        for s in sampled(g, 8, every=5):
            for p in (0, 1):
                v = s.seat_view(p)
                snap = v.snapshot()
                obs = s.observation(p)
                counts = dict(zip(ROLE_IDS, snap["hand"], strict=True))
                assert counts == obs["players"][p]["hand"]
                for q in (0, 1):
                    seen = obs["players"][q]
                    assert dict(zip(ROLE_IDS, snap["owned"][q], strict=True)) == seen["owned"]
                    assert snap["owns"][q] == snap["owned"][q]
                    assert dict(zip(ROLE_IDS, snap["laid"][q], strict=True)) == seen["laid"]
                    assert snap["hand_sizes"][q] == seen["hand_size"]
                    assert snap["draw_sizes"][q] == seen["draw_size"]
                    assert snap["discard_sizes"][q] == seen["discard_size"]
                    pile = [ROLE_IDS[c] for c in snap["discards"][q]]
                    if "discard" in seen:
                        assert {c: pile.count(c) for c in ROLE_IDS} == seen["discard"]
                    else:
                        assert pile == ([seen["discard_top"]] if seen["discard_top"] else [])
                    assert [snap["reserved"][q], snap["spent"][q]] == [seen["reserved_knights"],
                                                                       seen["spent_knights"]]
                assert {ROLE_IDS[c]: snap["supply"][c] for c in BUYABLE} == obs["supply"]
                assert sum(snap["supply"]) == sum(obs["supply"].values())
                assert dict(zip(obs["pool"], snap["pool"], strict=True)) == obs["pool"]
                assert (snap["turn"], snap["phase"], snap["current"]) == (obs["turn"], obs["phase"], obs["current"])
                assert snap["pending"] == obs["pending"]
                stolen = obs["pending"]["stolen"] if obs["pending"] else None
                assert snap["stolen"] == (ROLE_IDS.index(stolen) if stolen else -1)


def test_the_seat_view_is_slotted_and_reads_in_place() -> None:
    g = load_game(GAME_ID)
    s = g.new_state(seed=3)
    v = s.seat_view(0)
    assert isinstance(v, SeatView) and not hasattr(v, "__dict__")
    assert v.hand is s.hand[0] and v.pool is s.pool and v.supply is s.supply  # nothing copied


# ------------------------------------------------------------ legal actions
@pytest.mark.parametrize("options", VARIANTS[:3])
def test_legal_actions_are_the_earlier_lists_built_once(options: dict[str, Any]) -> None:
    g = load_game(GAME_ID, **options)
    main = 0
    for s in sampled(g, 12, every=1):
        p = s.to_move()[0] if s.to_move() else 0
        legal = s.legal_actions(p)
        assert s.legal_actions(p) is legal, "asked twice, the list was built again"
        assert all(a is ACTIONS[a.index] for a in legal), "an action object was made anew"
        assert s.legal_actions(1 - p) == []
        if s.phase == MAIN:
            main += 1
            assert legal == old_legal(s, p)
            assert [a.text for a in legal] == [a.text for a in old_legal(s, p)]
        c = s.clone()
        assert c.legal_actions(p) == legal and c.legal_actions(p) is not legal  # a clone's list is its own
    assert main > 1000


@pytest.mark.parametrize("supply", [None, {"harbor": 0}, {"city": 0, "road": 0}, {"bandit": 0, "kdef": 0}])
@pytest.mark.parametrize("hand", [{}, {"desert": 1}, {"settlement": 1}, {"desert": 1, "settlement": 1, "road": 2}])
def test_purchases_follow_the_supply_and_the_hand(supply: dict[str, int] | None, hand: dict[str, int]) -> None:
    """CDB-7.3 / CDB-4.5: an empty stack sells nothing; CDB-3.1.1 / CDB-3.6.4: a Bandit
    needs a Desert in hand, a City a Settlement (the fast path and the slow path of the
    purchases give the earlier lists)."""
    g = load_game(GAME_ID)
    laid = {"ore": 3, "grain": 3, "wool": 3, "brick": 3, "lumber": 3}
    s = position(g, hands=[hand, None], laid=[laid, None], pool=laid, supply=supply)
    legal = s.legal_actions(0)
    assert legal == old_legal(s, 0)
    texts = {a.text for a in legal}
    for card in ("harbor", "city", "road", "bandit", "kdef"):
        stocked = (supply or {}).get(card, 1) > 0
        needs = {"bandit": "desert", "city": "settlement"}.get(card)
        assert (f"buy {card}" in texts) == (stocked and (needs is None or needs in hand)), card


def test_apply_forgets_the_legal_actions() -> None:
    g = load_game(GAME_ID)
    s = position(g, hands=[{"ore": 1, "grain": 1, "wool": 1}, None])
    before = s.legal_actions(0)
    s.apply(0, "play ore")
    after = s.legal_actions(0)
    assert after is not before and "play ore" not in {a.text for a in after}


# ------------------------------------------------------------ the shuffle
def test_the_written_out_shuffle_is_rng_shuffle() -> None:
    """CDB-8.5: the reshuffle draws the same numbers in the same order as ``Rng.shuffle``."""
    for seed in range(300):
        cards = [Rng(seed).below(14) for _ in range(seed % 40)]
        a, b = Rng(seed), Rng(seed)
        x, y = list(cards), list(cards)
        a.shuffle(x)
        shuffle(b, y)
        assert x == y and a.state == b.state


# ------------------------------------------------------------ strategy files
def test_strategy_files_are_parsed_once_while_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    real = yaml.safe_load

    def counting(text: Any) -> Any:
        reads.append("read")
        return real(text)

    monkeypatch.setattr(yaml, "safe_load", counting)  # as the strategy files read it
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"name": "one", "buy": ["city"]}), encoding="utf-8")
    g = load_game(GAME_ID)
    first = load_strategy(path)
    for seed in range(5):
        make_agent(f"rules:{path}", g, seed=seed)
    assert load_strategy(str(path)) is first and len(reads) == 1
    path.write_text(yaml.safe_dump({"name": "two", "buy": ["city", "settlement"]}), encoding="utf-8")
    second = load_strategy(path)
    assert second.name == "two" and len(reads) == 2
    load_strategy("greedy")
    n = len(reads)
    for seed in range(5):
        make_agent("greedy", g, seed=seed)
    assert len(reads) == n


# ------------------------------------------------------------ holdings
def test_holdings_are_the_supply_cards_owned_beyond_the_start_deck() -> None:
    """CDB-7.5 / CDB-7.4: a bought card is owned wherever it lies; Roads and Settlements
    count beyond the two of the start deck (CDB-1.2); CDB-3.6.4: a Settlement given back
    for a City no longer counts."""
    g = load_game(GAME_ID)
    s = position(g, hands=[{"settlement": 1}, {"kdef": 1}], discards=[["city", "road"], ["settlement"] * 3],
                 laid=[{"settlement": 1, "road": 2}, None])
    assert s.holdings() == {"city": [0], "road": [0], "kdef": [1], "settlement": [1]}
    s = position(g, hands=[{"settlement": 2, "ore": 3, "grain": 2}, None])
    s.apply(0, "play ore")
    s.apply(0, "play ore")
    s.apply(0, "play ore")
    s.apply(0, "play grain")
    s.apply(0, "play grain")
    s.apply(0, "buy city")
    assert s.holdings() == {"city": [0]}  # one Settlement went back: 1 of them left, fewer than 2


def test_simulate_reports_the_holders() -> None:
    g = load_game(GAME_ID)
    held = {}
    for seed in range(4):
        result = play_game(g, ["greedy", "greedy"], seed)
        assert result.finished and result.holdings
        held.update(result.holdings)
    assert "city" in held and set(held) <= {ROLE_IDS[c] for c in BUYABLE}
