"""Property-based contract tests for Mega Civilization (5 to 18 players).

Each example is a random game: a player count, a seed, a combination of the rule
variants (every option of ``civtable/games/mega_civ/options.py`` is sampled: the
side, the game end and its turn cap, and every ambiguity), a bot per seat
(uniformly random or greedy, so that cities, revolts, attacks and reductions are
reached) and a number of steps. Most games are on the small map; a few short ones
are on the full map with 5, 9 and 18 players.

The contracts checked are those of DESIGN.md ("The contracts every game keeps")
plus the conservation of every token, city and ship (55, 9 and 4 per player) and
the population limits after the surplus phase. The counts are made here from
``to_json()``, the observations and the map file, independently of the engine.
Part 2 (trade cards): every card is conserved (data/cards.json, read here), hidden
hands and hidden offered cards stay out of other players' observations,
``determinize`` keeps what the player knows of the cards, and positions saved in a
trade, a task or a payment load again.

In simultaneous steps (strict-ast-order A) the walk picks the next player to
decide at random among ``to_move()``.
"""

from __future__ import annotations

import json
import random
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
from civtable.games.mega_civ.board import load_board
from civtable.games.mega_civ.state import MegaState

from ._mc_helpers import ASSYRIA, HATTI, HELLAS, MINOA, run_from
from ._mc_helpers import game as mc_game

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
    """Plays one scenario; ``last`` is the player and action of the latest step."""

    def __init__(self, scn: Scenario) -> None:
        self.scn = scn
        g = scn.game
        self.state = g.new_state(seed=scn.seed)
        self.rng = Rng(scn.choice_seed)
        self.bots = [make_agent("greedy", g, seed=scn.choice_seed + i) if pol == "greedy" else None
                     for i, pol in enumerate(scn.policies)]
        self.last: tuple[int, Any] | None = None
        self.movers_before: tuple[int, ...] = ()

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
            self.movers_before = s.to_move()
            s.apply(*step)
            self.last = step
            yield s


def walk(scn: Scenario) -> Iterator[Any]:
    return iter(Walker(scn))


def random_step(s: Any, rnd: random.Random) -> tuple[int, Any] | None:
    movers = s.to_move()
    if not movers:
        return None
    p = rnd.choice(movers)
    return p, rnd.choice(s.legal_actions(p))


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
def check_player_pieces(where: str, p: int, tokens: dict[str, int], stock: int, treasury: int,
                        cities_on_map: int, cities_in_stock: int, water: frozenset[str]) -> None:
    assert all(k >= 0 for k in tokens.values()), f"player {p} negative tokens {tokens} ({where})"
    assert stock >= 0 and treasury >= 0 and cities_in_stock >= 0, f"player {p} negative stock ({where})"
    on_map = sum(tokens.values())
    assert on_map + stock + treasury == TOKENS, (
        f"player {p}: {on_map} on the map + {stock} stock + {treasury} treasury != {TOKENS} ({where})")
    assert cities_on_map + cities_in_stock == CITIES, (
        f"player {p}: {cities_on_map} cities on the map + {cities_in_stock} in stock ({where})")
    wet = sorted(a for a, k in tokens.items() if k and a in water)
    assert not wet, f"player {p} has tokens on water {wet} ({where})"


def check_conservation(s: Any) -> None:
    data = s.to_json()
    water, _, _ = map_facts(data["options"]["map"])
    where = f"turn {data['turn']}, phase {data['phase']}, step {data['step']}"
    owners = list(data["city"].values())
    assert not set(data["city"]) & water, f"a city on water ({where})"
    assert all(o >= 0 for o in owners)
    for p, pd in enumerate(data["players"]):
        check_player_pieces(where, p, pd["tokens"], pd["stock"], pd["treasury"], owners.count(p),
                            pd["cities_in_stock"], water)
        assert all(k >= 0 for k in pd["moved"].values())
        assert pd["ships_in_stock"] >= 0
        assert pd["ships_in_stock"] + len(pd["ships"]) + len(pd["docked_ships"]) == SHIPS, \
            f"player {p} ships not conserved ({where})"
        assert not set(pd["ships"] + pd["docked_ships"]) & water, f"player {p} has a ship on a water area ({where})"
        assert not pd["docked_ships"] or data["phase"] in (3, 4), f"player {p}'s ships stay after phase 4 ({where})"
        assert pd["ast"] >= 1 and pd["ast_forward"] >= 0 and pd["census"] >= 0
    # in a simultaneous step each decider sees his own preview: it too keeps every piece
    for p in s.to_move():
        obs = s.observation(p)
        me = obs["players"][p]
        check_player_pieces(f"{where}, preview of {p}", p, me["tokens"], me["stock"], me["treasury"],
                            len(me["cities"]), me["cities_in_stock"], water)
        assert me["ships_in_stock"] + len(obs["ships"]) + len(me["ships_on_map"]) == SHIPS, \
            f"player {p}'s preview makes ships"


@SMALL
@given(scenarios())
def test_pieces_are_conserved_and_never_negative(scn: Scenario) -> None:
    for s in walk(scn):
        check_conservation(s)


@FULL
@given(scenarios(options=full_options(5)))
def test_pieces_are_conserved_on_the_full_map_5(scn: Scenario) -> None:
    for s in walk(scn):
        check_conservation(s)


@FULL
@given(scenarios(options=full_options(9)))
def test_pieces_are_conserved_on_the_full_map_9(scn: Scenario) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 3 == 0 or s.is_terminal():
            check_conservation(s)


# 18 players only one at a time: simultaneous steps with 18 players are too slow (see
# test_a_simultaneous_step_holds_one_preview_per_player)
@FULL
@given(scenarios(options=full_options(18, simultaneous=("B",))))
def test_pieces_are_conserved_on_the_full_map_18(scn: Scenario) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 5 == 0 or s.is_terminal():
            check_conservation(s)


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
    assert winners == [p for p in range(n) if vps[p] == max(vps)], f"winners {winners}, VP {vps}"
    assert obs["over"] and obs["winners"] == winners
    assert s.returns() == [1.0 if p in winners else -1.0 for p in range(n)]
    with pytest.raises(IllegalActionError):
        s.apply(0, "done")


@SMALL
@given(scenarios(max_steps=100_000))
def test_every_game_ends_and_the_winners_have_the_most_vp(scn: Scenario) -> None:
    scn.steps = 100_000
    s = None
    for s in walk(scn):
        if s.is_terminal():
            break
        assert s.to_move() and s.winners() == [] and s.returns() == [0.0] * scn.n
        assert s.turn <= scn.options["last-turn"]
    assert s is not None and s.is_terminal(), "the game did not end"
    check_finished(s, scn.options)


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


# ------------------------------------------------------------ legal/illegal
POOL_OPTIONS: tuple[dict[str, Any], ...] = (
    {"players": 5, "last-turn": 20},
    {"players": 6, "last-turn": 20, "strict-ast-order": "A", "tax-revolt-optional": "B", "tax-source": "B"},
    {"players": 7, "last-turn": 20, "growth-supply": "B", "ship-cost": "B", "ship-movement": "B",
     "support-counting": "B"},
)


def pool_positions() -> Iterator[Any]:
    """Hand-built positions (5 players) whose decisions whole games seldom reach: a
    growth choice (short stock), an optional revolt, a free card (Wonder of the World),
    special abilities (Trade Routes, Politics, Coinage), a calamity's losses and its
    secondary victims (Famine)."""
    yield run_from(phase=2, players={HELLAS: {"tokens": {"kings_vale": 3, "ash_plains": 1}, "treasury": 50}})
    yield run_from(mc_game(**{"tax-revolt-optional": "B"}), phase=1, city={"kings_vale": HELLAS},
                   players={HELLAS: {"treasury": 54}, HATTI: {"tokens": {"upper_river": 1}}})
    yield run_from(phase=6, city={"kings_vale": HELLAS},
                   players={HELLAS: {"tokens": {"kings_vale": 2}, "advances": ["wonder-of-the-world"], "treasury": 20}})
    yield run_from(phase=10, city={"kings_vale": HELLAS},
                   players={HELLAS: {"tokens": {"kings_vale": 2}, "advances": ["trade-routes", "politics", "coinage"],
                                     "hand": ["wine", "ochre"]}})
    # Famine: losses by token and by city, then secondary victims
    yield run_from(phase=9, city={"kings_vale": HELLAS},
                   players={HELLAS: {"tokens": {"nw_hills": 1, "north_downs": 2}, "hand": ["famine"]},
                            MINOA: {"tokens": {"pearl_isle": 2}}, HATTI: {"tokens": {"high_moor": 2}},
                            ASSYRIA: {"tokens": {"twin_rivers": 2}}})
    # Advanced Military in a conflict (phase 4), Provincial Empire (phase 10)
    yield run_from(phase=4, players={HELLAS: {"tokens": {"kings_vale": 3, "old_ford": 2}, "advances": ["advanced-military"]},
                                     HATTI: {"tokens": {"kings_vale": 4}}})
    yield run_from(phase=10, players={HELLAS: {"tokens": {"kings_vale": 1}, "advances": ["provincial-empire"]},
                                      HATTI: {"tokens": {"ash_plains": 1}, "hand": ["iron", "wine"]}})


@cache
def action_pool() -> tuple[tuple[str, Any], ...]:
    """Actions seen in a few whole games (every step) and in ``pool_positions``, one of each text."""
    seen: dict[str, Any] = {}
    for k, options in enumerate(POOL_OPTIONS):
        g = load_game(GAME_ID, **options)
        for seed in range(3):
            n = g.num_players
            bots = [make_agent("greedy" if (seed + i) % 3 else "random", g, seed=seed * 7 + i + k) for i in range(n)]
            s = g.new_state(seed=seed + 100 * k)
            while s.to_move():
                p = s.to_move()[-1]
                for a in s.legal_actions(p):
                    seen.setdefault(a.text, a)
                s.apply(p, bots[p].act(PlayerView(s, p)))
    for s in pool_positions():
        for _ in range(12):  # a few steps in: the choices that follow the first one
            if not s.to_move():
                break
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            for a in legal:
                seen.setdefault(a.text, a)
            s.apply(p, legal[0])
    return tuple(sorted(seen.items()))


MALFORMED = ("", "   ", "move", "move kings_vale", "move kings_vale kings_vale", "move atlantis kings_vale",
             "move kings_vale atlantis", "grow", "grow atlantis", "city", "city atlantis", "reduce",
             "ship", "ship kings_vale", "ship kings_vale gold", "sail kings_vale", "sail kings_vale ash_plains 0",
             "sail kings_vale ash_plains -1", "sail kings_vale ash_plains 99", "revolt", "done done",
             "decline now", "pass", "\u2603", "move 0 1", "city 3")


# every kind of decision of parts 1 and 2 (the illegal-action test tries each in other steps)
POOL_KINDS = ("grow", "move", "ship", "sail", "city", "done", "reduce", "revolt", "decline",  # MC-1 to MC-5
              "buy-card", "free-card",  # MC-6.2
              "offer", "pass", "counter", "add", "post", "accept", "reject",  # MC-7 (add, post: MC-7.2)
              "discard",  # MC-8.2, MC-12.4
              "lose", "lose-city", "destroy", "annex", "victim", "barbarians", "credit",  # MC-9 and ability tasks
              "tax-rate", "trade-routes", "politics-treasury", "provincial-empire",  # MC-10.1
              "reinforce",  # Advanced Military (MC-4)
              "buy", "pay", "treasury", "cancel")  # MC-12


def test_the_action_pool_covers_every_kind() -> None:
    kinds = {a.kind for _, a in action_pool()}
    missing = [kind for kind in POOL_KINDS if kind not in kinds]
    assert not missing, f"no {missing} action seen in the pool games and positions"


def assert_illegal(s: Any, p: int, action: Any, before: dict[str, Any], obs: dict[str, Any] | None = None) -> None:
    try:
        s.apply(p, action)
    except IllegalActionError as e:
        assert str(e).strip(), f"empty message for {action!r} by player {p}"
    else:
        raise AssertionError(f"illegal {action!r} by player {p} was accepted in {s!r}")
    assert s.to_json() == before, f"{action!r} by player {p} changed the state"
    if obs is not None:
        assert s.observation(p) == obs, f"{action!r} by player {p} changed his observation"


def non_adjacent_moves(s: Any, p: int, rnd: random.Random) -> list[str]:
    """Moves from an area where ``p`` has tokens to an area not adjacent by land
    (water, far land, the area itself), and moves from an area where he has none."""
    obs = s.observation(p)
    water, limits, land = map_facts(s.game.options["map"])
    mine = obs["players"][p]["tokens"]
    out = []
    for a in sorted(mine):
        far = sorted(b for b in limits if b not in land[a] and b != a)
        out += [f"move {a} {b}" for b in rnd.sample(far, min(2, len(far)))]
        out += [f"move {a} {a}", f"move {a} {rnd.choice(sorted(water))}"]
    empty = sorted(a for a in limits if a not in mine)
    for a in rnd.sample(empty, min(2, len(empty))):
        if land[a]:
            out.append(f"move {a} {min(land[a])}")
    return out


@FEW
@given(scenarios(max_steps=600), st.randoms(use_true_random=False))
def test_illegal_actions_raise_and_leave_the_state_unchanged(scn: Scenario, rnd: random.Random) -> None:
    pool = action_pool()
    n = scn.n
    for i, s in enumerate(walk(scn)):
        if i % 15:
            continue
        before = s.to_json()
        movers = s.to_move()
        legal_of = {p: s.legal_actions(p) for p in range(n)}
        for p in range(n):
            obs = s.observation(p)
            legal = legal_of[p]
            texts = {a.text for a in legal}
            if p not in movers:
                assert legal == [], f"player {p} is not to move but has legal actions"
            # the legal actions of the other players
            for q in movers:
                others = [a for a in legal_of[q] if a.text not in texts]
                for a in rnd.sample(others, min(3, len(others))):
                    assert_illegal(s, p, a, before, obs)
                    assert_illegal(s, p, a.text, before, obs)
            # actions of other steps and games
            for text, a in rnd.sample(pool, min(8, len(pool))):
                if text not in texts:
                    assert_illegal(s, p, a, before, obs)
                    assert_illegal(s, p, text.upper(), before, obs)
            for text in rnd.sample(MALFORMED, 4):
                if " ".join(text.lower().split()) not in texts:
                    assert_illegal(s, p, text, before, obs)
            for text in non_adjacent_moves(s, p, rnd):
                assert text not in texts, f"{text!r} is legal"
                assert_illegal(s, p, text, before, obs)
        for seat in (-1, n, 99):
            for q in movers:
                for a in legal_of[q][:2]:
                    assert_illegal(s, seat, a, before)


@FEW
@given(scenarios(max_steps=600))
def test_every_legal_action_applies(scn: Scenario) -> None:
    for i, s in enumerate(walk(scn)):
        if i % 10:
            continue
        movers = s.to_move()
        for p in movers:
            legal = s.legal_actions(p)
            assert legal, "a player to move has no legal action"
            assert len({a.text for a in legal}) == len(legal), f"duplicate actions: {legal}"
            for a in legal:
                c = s.clone()
                c.apply(p, a)
                check_conservation(c)
                # the text form applies the same
                t = s.clone()
                t.apply(p, " " + a.text.upper() + " ")
                assert t.to_json() == c.to_json()
                assert s.game.parse_action(s, a.text, p) == a


@FULL
@given(scenarios(max_steps=400, options=full_options(9)))
def test_every_legal_action_applies_on_the_full_map(scn: Scenario) -> None:
    rnd = random.Random(scn.seed)
    for i, s in enumerate(walk(scn)):
        if i % 60:
            continue
        for p in s.to_move()[:3]:
            legal = s.legal_actions(p)
            assert legal
            for a in rnd.sample(legal, min(3, len(legal))):
                c = s.clone()
                c.apply(p, a)
                check_conservation(c)


# --------------------------------------------------- simultaneous steps
SIMULTANEOUS = game_options(simultaneous=st.just("A"), last_turn=st.integers(2, 12))


def without_waiting(obs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obs.items() if k not in ("to_move", "waiting_for")}


@SMALL
@given(scenarios(options=SIMULTANEOUS))
def test_simultaneous_choices_are_hidden_until_all_are_done(scn: Scenario) -> None:
    """MC-0.6 (strict-ast-order A): another player's choice changes nobody's
    observation until everybody is done; only the list of players still deciding
    shrinks when one of them finishes."""
    n = scn.n
    walker = Walker(scn)
    seen_before: list[dict[str, Any]] | None = None
    checked = 0
    for s in walker:
        if seen_before is not None and walker.last is not None:
            actor, action = walker.last
            movers = s.to_move()
            if len(walker.movers_before) > 1:  # others still decide: nothing was revealed
                checked += 1
                assert s.to_json()["buffers"] is not None
                finished = actor not in movers
                assert set(movers) == set(walker.movers_before) - ({actor} if finished else set())
                for q in range(n):
                    if q == actor:
                        continue
                    obs = s.observation(q)
                    if finished:
                        assert without_waiting(obs) == without_waiting(seen_before[q]), (
                            f"player {q} saw player {actor}'s {action}")
                        assert obs["to_move"] == sorted(movers)
                    else:
                        assert obs == seen_before[q], f"player {q} saw player {actor}'s {action}"
        seen_before = [s.observation(q) for q in range(n)] if len(s.to_move()) > 1 else None
    if checked:
        event("simultaneous choices checked")


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


# --------------------------------------------------------------- observation
@FEW
@given(scenarios(max_steps=800))
def test_observation_is_json_and_public(scn: Scenario) -> None:
    n = scn.n
    for i, s in enumerate(walk(scn)):
        if i % 2:
            continue
        for p in range(n):
            obs = s.observation(p)
            assert json.loads(json.dumps(obs)) == obs, "observation is not plain JSON data"
            assert obs["player"] == p and obs["game"] == GAME_ID
            assert "rng" not in obs and "buffers" not in obs
            assert obs["to_move"] == list(s.to_move())
            assert len(obs["players"]) == n


# --------------------------------------------------------------- determinize
@FEW
@given(scenarios(max_steps=800), st.integers(0, 2**32 - 1))
def test_determinize_keeps_the_observation_and_conserves(scn: Scenario, k: int) -> None:
    g = scn.game
    for i, s in enumerate(walk(scn)):
        if i % 12:
            continue
        for p in sorted(set(s.to_move()) | {i % scn.n}):
            before = s.to_json()
            obs = s.observation(p)
            d = s.determinize(p, Rng(k + i))
            assert d.observation(p) == obs
            assert d.legal_actions(p) == s.legal_actions(p)
            assert d.to_move() == s.to_move()
            check_conservation(d)
            data = d.to_json()
            assert g.state_from_json(json.loads(json.dumps(data))).to_json() == data  # a valid position
            assert s.determinize(p, Rng(k + i)).to_json() == data  # deterministic
            assert s.to_json() == before, "determinize changed the true state"
            c = d.clone()
            step = random_step(c, random.Random(k + i))
            if step is not None:
                c.apply(*step)
            assert s.to_json() == before, "the determinized state shares lists with the original"


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


# --------------------------------------------------------------------- clone
def mutate_all_lists(s: MegaState) -> None:
    """Scribble over every mutable part of a state (to test that copies share nothing)."""
    for rows in (s.tokens, s.moved, s.ships, s.docked, s.built):
        for row in rows:
            row.append(0)
            if row:
                row[0] += 3
    for row in (s.city, s.stock, s.treasury, s.city_stock, s.ship_stock, s.ast, s.ast_forward,
                s.census, s.exempt, s.queue, s.winner_list, s.defaulters):
        row.append(0)
        row[0] += 1
    if s.buffers is not None:
        for b in s.buffers.values():
            b.append("done")
    if s.previews is not None:
        for v in s.previews.values():
            mutate_all_lists(v)
    s.rng.next64()


@FEW
@given(scenarios(), st.integers(0, 80), st.randoms(use_true_random=False))
def test_clone_and_json_copy_are_equal_independent_and_have_the_same_future(
    scn: Scenario, future: int, rnd: random.Random
) -> None:
    g = scn.game
    *_, s = walk(scn)
    data = s.to_json()
    kept = json.loads(json.dumps(data))
    assert data == kept, "to_json is not plain JSON data"
    c = s.clone()
    t = g.state_from_json(json.loads(json.dumps(data)))
    assert c.to_json() == data and t.to_json() == data
    assert c == s and t == s
    for p in range(scn.n):
        assert c.observation(p) == s.observation(p) == t.observation(p)
        assert c.legal_actions(p) == s.legal_actions(p) == t.legal_actions(p)
    # independence
    u = s.clone()
    mutate_all_lists(u)
    v = g.state_from_json(data)
    mutate_all_lists(v)
    assert s.to_json() == kept and data == kept, "a copy shares lists with the original"
    # the same future
    for _ in range(future):
        step = random_step(c, rnd)
        if step is None:
            break
        p, a = step
        assert t.to_move() == c.to_move()
        assert t.legal_actions(p) == c.legal_actions(p)
        c.apply(p, a)
        t.apply(p, a)
        assert t.to_json() == c.to_json()
    assert s.to_json() == kept, "playing on the copies changed the original"
    assert t.is_terminal() == c.is_terminal()
    assert t.returns() == c.returns() and t.winners() == c.winners()


@FEW
@given(scenarios(max_steps=500))
def test_json_round_trip_at_every_step(scn: Scenario) -> None:
    g = scn.game
    for s in walk(scn):
        data = s.to_json()
        if s.to_move() and s.to_move()[0] % 2 and data["step"] == "move":
            continue  # half of the (many) movement steps
        t = g.state_from_json(json.loads(json.dumps(data)))
        assert t.to_json() == data
        for p in s.to_move():
            assert t.observation(p) == s.observation(p)


@FULL
@given(scenarios(max_steps=600, options=full_options(5)), st.integers(0, 40), st.randoms(use_true_random=False))
def test_full_map_copies_have_the_same_future_5(scn: Scenario, future: int, rnd: random.Random) -> None:
    g = scn.game
    for i, s in enumerate(walk(scn)):
        data = s.to_json()
        if i % 40:
            continue
        c, t = s.clone(), g.state_from_json(json.loads(json.dumps(data)))
        assert c.to_json() == data and t.to_json() == data
        for _ in range(future):
            step = random_step(c, rnd)
            if step is None:
                break
            c.apply(*step)
            t.apply(*step)
        assert c.to_json() == t.to_json()
        assert s.to_json() == data


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
def card_data() -> dict[str, Any]:
    """data/cards.json, read here (not through the engine's catalogue)."""
    from civtable.games.mega_civ.catalog import DATA

    return json.loads((DATA / "cards.json").read_text(encoding="utf-8"))


@cache
def composition(players: int, side: str) -> dict[str, int]:
    """How many cards of each type (Water apart) a game has: its block of the data's
    composition (the chosen side, else the one block there is)."""
    blocks = card_data()["composition"][str(players)]
    block = blocks.get(side) or blocks[sorted(blocks)[0]]
    out: dict[str, int] = {}
    for stack in block.values():
        for c, k in stack["commodities"].items():
            out[c] = out.get(c, 0) + k
        for c in stack["calamities"]:
            out[c] = out.get(c, 0) + 1
    return out


@cache
def card_facts() -> tuple[dict[str, int], frozenset[str], frozenset[str]]:
    """Each card's stack; the calamities; the non-tradable ones."""
    raw = card_data()
    stacks = {c["id"]: c["stack"] for c in raw["commodities"] + raw["calamities"]}
    stacks[raw["water"]["id"]] = 0
    calamities = frozenset(c["id"] for c in raw["calamities"])
    fixed = frozenset(c["id"] for c in raw["calamities"] if not c["tradable"])
    return stacks, calamities, fixed


def check_cards(s: Any, where: str = "") -> None:
    """Every card type (Water apart) is in the stacks, the discards or a hand exactly
    as often as the game has it; each pile holds cards of its own stack only."""
    data = s.to_json()
    opts = data["options"]
    stacks, _, _ = card_facts()
    have: dict[str, int] = {}
    for group in ("stacks", "discards"):
        for k, pile in data[group].items():
            assert all(stacks[c] == int(k) for c in pile), f"a card in the wrong {group[:-1]} {k} ({where})"
            for c in pile:
                have[c] = have.get(c, 0) + 1
    for pd in data["players"]:
        for c in pd["hand"]:
            if c != "water":
                have[c] = have.get(c, 0) + 1
    want = composition(opts["players"], opts["side"])
    assert have == want, f"cards made or lost ({where}): {sorted(set(have.items()) ^ set(want.items()))}"


@SMALL
@given(scenarios(max_steps=1500) | card_scenarios())
def test_trade_cards_are_conserved(scn: Scenario) -> None:
    """For every card type but Water: stacks + discards + hands = the game's cards
    (data composition), after every step, and in every preview of a simultaneous
    step; treasury and stock never negative (check_conservation)."""
    for s in walk(scn):
        where = f"turn {s.turn}, phase {s.phase}"
        check_cards(s, where)
        check_conservation(s)
        for v in (s.previews or {}).values():
            check_cards(v, where + ", a preview")
        if s.deal is not None:
            event("a trade offer seen")


def unseen_swaps(s: MegaState, q: int) -> Iterator[MegaState]:
    """Copies of ``s`` in which one card of q's hand that nobody else has seen (not a
    shown card of his offer, not a card of his payment) is exchanged for a card of
    another type of the same stack from the stacks; a hidden offered card is replaced
    in the offer too."""
    cards = s.cat.cards
    seen: list[int] = []
    deal = s.deal
    if deal is not None:
        sides = [(deal[0], deal[1])] + list(deal[3].items())  # a side: shown, shown, hidden, declared, ...
        for p, side in sides:
            if p == q:
                seen += side[:2]
    if s.pay is not None and s.decider == q:
        seen += s.pay[3]
    rest = list(s.hands[q])
    for c in seen:
        rest.remove(c)
    for x in sorted(set(rest)):
        k = cards[x].stack
        other = next((i for i, y in enumerate(s.stacks[k]) if y != x), None) if k else None
        if other is None:
            continue
        c = s.clone()
        y = c.stacks[k][other]
        c.stacks[k][other] = x
        c.hands[q].remove(x)
        c.hands[q] = sorted(c.hands[q] + [y])
        if c.deal is not None:
            side = c.deal[1] if c.deal[0] == q else c.deal[3].get(q)
            at = next((i for i in range(2, len(side), 2) if side[i] == x), None) if side is not None else None
            if at is not None and not cards[y].tradable:
                continue  # a non-tradable card could not be offered
            if at is not None:
                side[at] = y
        yield c


def hidden_swaps(s: MegaState) -> Iterator[tuple[int, MegaState]]:
    """(owner, copy) with one hidden card of an offer or counter (MC-7.2: there may be
    several) replaced by another tradable card of the owner's hand that is not in his
    side, or two of his hidden cards swapped (the hand itself unchanged)."""
    deal = s.deal
    if deal is None:
        return
    cards = s.cat.cards
    for q, side in [(deal[0], deal[1])] + list(deal[3].items()):
        rest = list(s.hands[q])
        for c in side[:2] + side[2::2]:
            rest.remove(c)
        for at in range(2, len(side), 2):
            for x in sorted(set(rest)):
                if x != side[at] and cards[x].tradable:
                    c = s.clone()
                    (c.deal[1] if q == deal[0] else c.deal[3][q])[at] = x
                    yield q, c
        if len(side) > 4 and side[2] != side[4]:
            c = s.clone()
            mine = c.deal[1] if q == deal[0] else c.deal[3][q]
            mine[2], mine[4] = mine[4], mine[2]
            yield q, c


@FEW
@given(card_scenarios())
def test_hidden_cards_are_not_in_other_observations(scn: Scenario) -> None:
    """Another player's observation shows a hand only as its size and its count of
    cards by stack, and an offer or counter only by its shown cards and declaration:
    exchanging an unseen card of a hand for another of the same stack, or the hidden
    card of an offer for another card of the hand, changes no other seat's observation."""
    n = scn.n
    checked = 0
    for i, s in enumerate(walk(scn)):
        if s.step == 5 or (s.deal is None and i % 25):
            continue
        before = [s.observation(p) for p in range(n)]
        for p, obs in enumerate(before):
            for q, pl in enumerate(obs["players"]):
                assert "hand" not in pl and pl["hand_size"] == len(s.hands[q])
            deal = obs["deal"]
            if deal is not None:
                sides = [(deal["from"], deal)] + [(int(q), v) for q, v in deal["counters"].items()]
                assert all(("hidden" in side) == (q == p) for q, side in sides)
        for q in range(n):
            for c in unseen_swaps(s, q):
                checked += 1
                for r in range(n):
                    if r != q:
                        assert c.observation(r) == before[r], f"player {r} sees a card of player {q}'s hand"
        for q, c in hidden_swaps(s):
            checked += 1
            for r in range(n):
                if r != q:
                    assert c.observation(r) == before[r], f"player {r} sees player {q}'s hidden card"
    if checked:
        event("hidden cards checked")


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
    card), the discards and the stack sizes; the other hidden cards are in the new
    hands and tradable; the cards are conserved and the result is a valid position."""
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
                    assert [cards[h].stack for h in new[2::2]] == [cards[h].stack for h in old[2::2]]
                    offered = new[:2] + new[2::2]
                    held = list(d.hands[q])
                    assert all(held.count(c) >= offered.count(c) for c in offered), "an offered card is not in the new hand"
            check_cards(d, "determinized")
            data = d.to_json()
            assert g.state_from_json(json.loads(json.dumps(data))).to_json() == data
            assert s.to_json() == before, "determinize changed the true state"
        event(f"determinized in step {name}")


@FEW
@given(card_scenarios(), st.randoms(use_true_random=False))
def test_json_round_trip_in_trade_tasks_and_payments(scn: Scenario, rnd: random.Random) -> None:
    """A position saved during a trade offer, a calamity or ability task, or a payment
    loads as the same position, with the same legal actions and the same next step."""
    g = scn.game
    for s in walk(scn):
        data = s.to_json()
        if not (s.deal is not None or s.tasks or s.pay is not None or data["step"] in ("cards", "discard")):
            continue
        event(f"round trip in step {data['step']}")
        t = g.state_from_json(json.loads(json.dumps(data)))
        assert t.to_json() == data and t == s
        for p in s.to_move():
            assert t.legal_actions(p) == s.legal_actions(p)
            assert t.observation(p) == s.observation(p)
        c = s.clone()
        step = random_step(c, rnd)
        if step is not None:
            c.apply(*step)
            t.apply(*step)
            assert t.to_json() == c.to_json()
