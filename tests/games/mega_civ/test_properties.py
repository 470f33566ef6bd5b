"""Properties of Mega Civilization that the contract kit (``test_contract.py``) does not
check: the full map with 5, 9 and 18 players (pieces conserved, games end with the
most victory points winning), the population limits after the surplus phase, the
simultaneous steps' previews, and what ``determinize`` keeps of the cards.

Each example is a random game: a player count, a seed, a combination of the rule
variants, a bot per seat (uniformly random or greedy) and a number of steps. In
simultaneous steps (strict-ast-order A) the walk picks the next player to decide at
random among ``to_move()``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError
from civtable.core.game import Game
from civtable.core.registry import game_class, load_game
from civtable.core.rng import Rng
from civtable.games.mega_civ import rules
from civtable.games.mega_civ.catalog import DATA
from civtable.games.mega_civ.rules.board import load_board
from civtable.games.mega_civ.state import MegaState

from ._invariants import cards_are_conserved, pieces_are_conserved

GAME_ID = "mega-civ"
GAME_CLS = game_class(GAME_ID)
# every option with readings (phase-advance and ast-criteria have one; side too is sampled)
CHOICES = tuple(s for s in GAME_CLS.option_specs if s.choices)
POLICIES = ("random", "greedy")
TOKENS, CITIES, SHIPS = 55, 9, 4  # a player's pieces (the tables' "pieces")

SMALL = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# the full map: fixed examples, no shrinking (a failing walk is long)
FULL = settings(max_examples=4, deadline=None, derandomize=True, database=None,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------ scenarios
_GAMES: dict[tuple[tuple[str, Any], ...], Game] = {}


def get_game(options: dict[str, Any]) -> Game:
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(GAME_ID, **options)
    return _GAMES[key]


@st.composite
def game_options(draw: st.DrawFn, map_name: str = "small",
                 players: st.SearchStrategy[int] | None = None,
                 last_turn: st.SearchStrategy[int] | None = None,
                 simultaneous: st.SearchStrategy[str] | None = None) -> dict[str, Any]:
    opts: dict[str, Any] = {s.name: draw(st.sampled_from(s.choices)) for s in CHOICES}
    opts["map"] = map_name
    opts["players"] = draw(players if players is not None else st.integers(5, 7))
    opts["last-turn"] = draw(last_turn if last_turn is not None else st.integers(1, 12) | st.just(20))
    if simultaneous is not None:
        set_mode(opts, draw(simultaneous))
    return opts


def set_mode(opts: dict[str, Any], mode: str) -> dict[str, Any]:
    """strict-ast-order ``mode`` for every step: the per-phase order options follow it."""
    opts["strict-ast-order"] = mode
    for spec in GAME_CLS.option_specs:
        if spec.choices and "same" in spec.choices:
            opts[spec.name] = "same"
    return opts


@dataclass
class Scenario:
    options: dict[str, Any]
    seed: int
    steps: int
    policies: tuple[str, ...]
    choice_seed: int

    @property
    def game(self) -> Game:
        return get_game(self.options)

    @property
    def n(self) -> int:
        return self.options["players"]


@st.composite
def scenarios(draw: st.DrawFn, max_steps: int = 3000, options: st.SearchStrategy[dict[str, Any]] | None = None,
              ) -> Scenario:
    opts = draw(options if options is not None else game_options())
    n = opts["players"]
    policies = [draw(st.sampled_from(POLICIES)) for _ in range(n)]
    policies[draw(st.integers(0, n - 1))] = "greedy"  # at least one seat builds cities
    return Scenario(
        options=opts,
        seed=draw(st.integers(0, 2**64 - 1)),
        # half of the games are played as far as ``max_steps`` (or their end)
        steps=draw(st.integers(0, max_steps) | st.just(max_steps)),
        policies=tuple(policies),
        choice_seed=draw(st.integers(0, 2**32 - 1)),
    )


def full_options(players: int, simultaneous: tuple[str, ...] = ("A", "B")) -> st.SearchStrategy[dict[str, Any]]:
    return game_options("full", players=st.just(players), last_turn=st.integers(1, 3),
                        simultaneous=st.sampled_from(simultaneous))


class Walker:
    """Plays one scenario."""

    def __init__(self, scn: Scenario) -> None:
        self.scn = scn
        g = scn.game
        self.state = g.new_state(seed=scn.seed)
        self.rng = Rng(scn.choice_seed)
        self.bots = [make_agent("greedy", g, seed=scn.choice_seed + i) if pol == "greedy" else None
                     for i, pol in enumerate(scn.policies)]

    def choose(self, s: Any) -> tuple[int, Any] | None:
        movers = s.to_move()
        if not movers:
            return None
        p = movers[self.rng.below(len(movers))]
        bot = self.bots[p]
        if bot is not None:
            return p, bot.act(PlayerView(s, p))
        legal = s.legal_actions(p)
        return p, legal[self.rng.below(len(legal))]

    def __iter__(self) -> Iterator[Any]:
        """The initial state, then the state after each action (the same object,
        mutated; callers that keep one must copy it)."""
        s = self.state
        yield s
        for _ in range(self.scn.steps):
            step = self.choose(s)
            if step is None:
                return
            s.apply(*step)
            yield s


def walk(scn: Scenario) -> Iterator[Any]:
    return iter(Walker(scn))


# -------------------------------------------------------------- the map file
@cache
def map_facts(map_name: str) -> tuple[frozenset[str], dict[str, int], dict[str, frozenset[str]]]:
    """Water area ids, land population limits and land adjacency, read from the map file."""
    raw = load_board(map_name).to_data()
    water = frozenset(a["id"] for a in raw["areas"] if a["kind"] == "water")
    limits = {a["id"]: a["population_limit"] for a in raw["areas"] if a["kind"] == "land"}
    land = {a["id"]: frozenset(a["land"]) for a in raw["areas"]}
    return water, limits, land


def test_the_pieces_are_the_rulebook_numbers() -> None:
    t = get_game({"players": 5}).rules.tables  # type: ignore[attr-defined]
    assert (t.tokens, t.cities, t.ships) == (TOKENS, CITIES, SHIPS)


# -------------------------------------------------------------- conservation
@FULL
@given(scenarios(options=full_options(5)))
def test_pieces_are_conserved_on_the_full_map_5(scn: Scenario) -> None:
    for s in walk(scn):
        pieces_are_conserved(s)


@FULL
@given(scenarios(options=full_options(9)))
def test_pieces_are_conserved_on_the_full_map_9(scn: Scenario) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 3 == 0 or s.is_terminal():
            pieces_are_conserved(s)


# 18 players only one at a time: simultaneous steps with 18 players are too slow (see
# test_a_simultaneous_step_holds_one_preview_per_player)
@FULL
@given(scenarios(options=full_options(18, simultaneous=("B",))))
def test_pieces_are_conserved_on_the_full_map_18(scn: Scenario) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 5 == 0 or s.is_terminal():
            pieces_are_conserved(s)


# ---------------------------------------------------- limits after phase 11
@contextmanager
def after_phase(phase: int, check: Any) -> Iterator[list[int]]:
    """Call ``check(state)`` on every real state right after the automatic part of
    ``phase`` has run (for phase 11: after the surplus removal, before any support
    reduction the player decides); yields the list of turns checked."""
    original = rules.PHASES[phase]
    seen: list[int] = []

    def wrapped(s: MegaState) -> None:
        original(s)
        seen.append(s.turn_no)
        check(s)

    with mock.patch.dict(rules.PHASES, {phase: wrapped}):
        yield seen


def over_limit(data: dict[str, Any]) -> dict[str, tuple[int, int]]:
    _, limits, _ = map_facts(data["options"]["map"])
    total: dict[str, int] = {}
    for pd in data["players"]:
        for a, k in pd["tokens"].items():
            total[a] = total.get(a, 0) + k
    return {a: (k, limits[a]) for a, k in total.items() if k > limits[a]}


@SMALL
@given(scenarios(options=game_options(last_turn=st.integers(4, 20))))
def test_no_area_exceeds_its_limit_after_phase_11(scn: Scenario) -> None:
    """MC-5.2 / MC-11.1 with surplus-scope B or C: after the surplus removal of phase 11
    every land area holds at most its population limit (A clears only the areas of new
    cities). The support reductions that may follow (phase-11 A) are the known bug of
    test_a_city_reduced_in_phase_11_keeps_the_area_limit."""
    scope = scn.options["surplus-scope"]
    failures: list[str] = []

    def check(s: MegaState) -> None:
        data = s.to_json()
        bad = over_limit(data)
        if bad and scope in ("B", "C"):
            failures.append(f"turn {data['turn']}: {bad}")

    with after_phase(11, check) as seen:
        for s in walk(scn):
            if s.is_terminal():
                break
    event(f"surplus-scope {scope}")
    if seen:
        event("a turn reached phase 11")
    assert not failures, f"areas over their limit after phase 11 ({scn.options}): {failures}"


def reduce_position(phase_11: str) -> tuple[Any, str]:
    """Turn 1 (the last), phase 11, support check: player 0's only city stands in an
    area where player 1 has as many tokens as the limit; player 0 has no token."""
    g = load_game(GAME_ID, players=5, map="small", **{"last-turn": 1, "surplus-scope": "B", "phase-11": phase_11})
    data = g.new_state(seed=1).to_json()
    _, limits, _ = map_facts("small")
    area = "twin_rivers"
    limit = limits[area]
    assert limit >= 2
    data.update(phase=11, step="reduce", decider=0, queue=[0], target=12, city={area: 0}, buffers=None)
    p0, p1 = data["players"][0], data["players"][1]
    p0.update(tokens={}, moved={}, stock=TOKENS, cities_in_stock=CITIES - 1)
    p1.update(tokens={area: limit}, moved={}, stock=TOKENS - limit)
    for other in data["players"][2:]:  # twin_rivers is a start area: nobody else may stand there
        k = other["tokens"].pop(area, 0)
        other["stock"] += k
    return g.state_from_json(data), area


def test_a_city_reduced_in_phase_11_keeps_the_area_limit() -> None:
    """Minimal reproduction: the city at twin_rivers (limit 3) holds 3 of player 1's
    tokens; player 0 reduces it in phase 11 and the game ends after that turn."""
    s, area = reduce_position("A")
    assert s.legal_actions(0) == [s.game.parse_action(s, f"reduce {area}", 0)]
    s.apply(0, f"reduce {area}")
    assert s.is_terminal()
    data = s.to_json()
    assert data["city"] == {}
    assert over_limit(data) == {}  # the reduced city adds no token where the limit is full (MC-5.3.2)


# ----------------------------------------------------------------- game end
def check_finished(s: Any, options: dict[str, Any]) -> None:
    n = options["players"]
    last = options["last-turn"]
    data = s.to_json()
    assert s.is_terminal() and data["step"] == "over"
    assert s.to_move() == ()
    assert all(s.legal_actions(p) == [] for p in range(n))
    assert data["turn"] <= last
    spaces = s.game.rules.tables.spaces
    reached = max(pd["ast"] for pd in data["players"]) >= spaces
    if data["turn"] < last:
        assert options["game-end"] == "A" and reached, f"ended at turn {data['turn']} of {last} with no AST end"
        event("ended by the AST")
    else:
        event("ended at the last turn")
    # MC-14.1: the winners have the most victory points
    obs = s.observation(0)
    vps = [v["vp"] for v in obs["players"]]
    assert vps == [s.vp(p) for p in range(n)]
    winners = s.winners()
    best = [p for p in range(n) if vps[p] == max(vps)]
    assert winners == (best if len(best) < n else []), f"winners {winners}, VP {vps}"
    assert obs["over"] and obs["winners"] == winners
    assert s.returns() == ([1.0 if p in winners else -1.0 for p in range(n)] if winners else [0.0] * n)
    with pytest.raises(IllegalActionError):
        s.apply(0, "done")


@FULL
@given(scenarios(max_steps=100_000, options=full_options(9)))
def test_full_map_games_end_9(scn: Scenario) -> None:
    scn.steps = 100_000
    *_, s = walk(scn)
    check_finished(s, scn.options)


@FULL
@given(scenarios(max_steps=100_000, options=full_options(18, simultaneous=("B",))))
def test_full_map_games_end_18(scn: Scenario) -> None:
    scn.steps = 100_000
    *_, s = walk(scn)
    check_finished(s, scn.options)


# --------------------------------------------------- simultaneous steps
def test_a_simultaneous_preview_applies_the_choice_privately() -> None:
    """A player's move shows in his own observation at once, in nobody else's."""
    g = load_game(GAME_ID, players=5, map="small", **{"strict-ast-order": "A", "last-turn": 6})
    s = g.new_state(seed=5)
    movers = s.to_move()
    assert len(movers) == 5 and s.to_json()["step"] == "move"
    p, q = movers[0], movers[1]
    move = next(a for a in s.legal_actions(p) if a.kind == "move")
    others = {r: s.observation(r) for r in range(5)}
    before = s.to_json()
    s.apply(p, move)
    src, dst = move.args
    mine = s.observation(p)["players"][p]["tokens"]
    assert mine.get(dst, 0) == others[p]["players"][p]["tokens"].get(dst, 0) + 1
    assert s.observation(q) == others[q]
    data = s.to_json()
    assert data["players"] == before["players"], "the real state changed before all are done"
    assert data["buffers"][str(p)] == [move.text]


def test_determinize_keeps_who_has_finished() -> None:
    """Minimal reproduction: 5 players, simultaneous movement, player 0 is done."""
    g = load_game(GAME_ID, players=5, map="small", **{"strict-ast-order": "A", "last-turn": 6})
    s = g.new_state(seed=5)
    assert s.to_move() == (0, 1, 2, 3, 4)
    s.apply(0, "done")
    assert s.to_move() == (1, 2, 3, 4)
    d = s.determinize(1, Rng(1))
    assert d.to_move() == (1, 2, 3, 4)  # was (0, 1, 2, 3, 4)
    assert d.observation(1) == s.observation(1)


def test_a_simultaneous_step_holds_one_preview_per_player() -> None:
    """Minimal reproduction: 5 players, simultaneous movement of turn 1."""
    g = load_game(GAME_ID, players=5, map="small", **{"strict-ast-order": "A", "last-turn": 6})
    s = g.new_state(seed=5)

    def states(v: MegaState) -> int:
        return 1 + sum(states(w) for w in (v.previews or {}).values())

    assert len(s.previews) == 5
    assert states(s) == 6  # was 32 (= 2**5)


def test_a_simultaneous_position_loads() -> None:
    """Minimal reproduction: the first movement of a simultaneous game, saved and loaded."""
    g = load_game(GAME_ID, players=5, map="small", **{"strict-ast-order": "A", "last-turn": 6})
    s = g.new_state(seed=5)
    s.apply(0, "done")
    data = s.to_json()
    assert data["buffers"] == {"0": ["done"], "1": [], "2": [], "3": [], "4": []}
    t = g.state_from_json(json.loads(json.dumps(data)))  # was an AttributeError
    assert t.to_json() == data
    assert t.to_move() == s.to_move() == (1, 2, 3, 4)


# ================================================================ part 2: trade cards
@st.composite
def card_scenarios(draw: st.DrawFn, steps: int = 1500) -> Scenario:
    """Games long enough for cities, cards and trade: 5 to 12 turns, greedy players
    (who build cities) but for at most one random player, played ``steps`` steps."""
    opts = draw(game_options(last_turn=st.integers(5, 12)))
    n = opts["players"]
    policies = ["greedy"] * n
    policies[draw(st.integers(0, n - 1))] = draw(st.sampled_from(POLICIES))
    return Scenario(options=opts, seed=draw(st.integers(0, 2**64 - 1)), steps=steps, policies=tuple(policies),
                    choice_seed=draw(st.integers(0, 2**32 - 1)))


@cache
def card_facts() -> tuple[dict[str, int], frozenset[str], frozenset[str]]:
    """Each card's stack; the calamities; the non-tradable ones."""
    raw = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    stacks = {c["id"]: c["stack"] for c in raw["commodities"] + raw["calamities"]}
    stacks[raw["water"]["id"]] = 0
    calamities = frozenset(c["id"] for c in raw["calamities"])
    fixed = frozenset(c["id"] for c in raw["calamities"] if not c["tradable"])
    return stacks, calamities, fixed


PART2_STEPS = ("cards", "trade", "discard", "task", "special", "buy")


def by_stack(s: MegaState, hand: list[int]) -> list[int]:
    counts = [0] * 10
    for c in hand:
        counts[s.cat.cards[c].stack] += 1
    return counts


@FEW
@given(card_scenarios(), st.integers(0, 2**32 - 1))
def test_determinize_keeps_what_the_player_knows_of_the_cards(scn: Scenario, k: int) -> None:
    """``determinize`` keeps the player's own hand, every hand's count of cards by stack,
    the offer under way (proposer, shown cards, declarations, counters; his own hidden
    cards), the discards and the stack sizes; the other hidden cards (whatever they are
    declared as, MC-7.4) are in the new hands and tradable; the cards are conserved and the result is a valid position."""
    g = scn.game
    _, _, fixed = card_facts()
    for i, s in enumerate(walk(scn)):
        name = s.to_json()["step"]
        if name not in PART2_STEPS or (s.deal is None and i % 7):
            continue
        before = s.to_json()
        for p in sorted(set(s.to_move()) | {i % scn.n}):
            d = s.determinize(p, Rng(k + i))
            assert d.hands[p] == s.hands[p]
            assert [by_stack(d, h) for h in d.hands] == [by_stack(s, h) for h in s.hands]
            assert d.discards == s.discards and [len(x) for x in d.stacks] == [len(x) for x in s.stacks]
            cards = s.cat.cards
            for q in range(s.n):  # the non-tradable calamities stay where they are (their place is known)
                assert [c for c in d.hands[q] if cards[c].id in fixed] == [c for c in s.hands[q] if cards[c].id in fixed]
            if s.deal is not None:
                assert d.deal is not None
                assert [d.deal[0], d.deal[2]] == [s.deal[0], s.deal[2]]
                assert sorted(d.deal[3]) == sorted(s.deal[3])
                sides = [(s.deal[0], d.deal[1], s.deal[1])] + [(q, d.deal[3][q], v) for q, v in s.deal[3].items()]
                for q, new, old in sides:  # a side: shown, shown, then hidden and declared by pairs
                    assert new[:2] == old[:2] and new[3::2] == old[3::2] and len(new) == len(old)
                    if q == p:
                        assert new == old
                    assert all(cards[h].tradable for h in new[2::2])
                    offered = new[:2] + new[2::2]
                    held = list(d.hands[q])
                    assert all(held.count(c) >= offered.count(c) for c in offered), "an offered card is not in the new hand"
            cards_are_conserved(d)
            data = d.to_json()
            assert g.state_from_json(json.loads(json.dumps(data))).to_json() == data
            assert s.to_json() == before, "determinize changed the true state"
        event(f"determinized in step {name}")
