"""The bots of Mega Civilization: the greedy (heuristic) bot builds cities and beats
random bots, it decides on its observation alone, and 18-player games of greedy
bots on the full map finish."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import load_game
from civtable.core.rng import Rng, derive_seed
from civtable.games.mega_civ.view import SeatView
from civtable.testing.adapter import decisions

GAME_ID = "mega-civ"


def play(g: Any, specs: tuple[str, ...], seed: int, pick: Rng | None = None) -> Any:
    """A whole game; in simultaneous steps ``pick`` chooses who decides next."""
    agents = [make_agent(spec, g, seed=derive_seed(seed, i)) for i, spec in enumerate(specs)]
    s = g.new_state(seed=seed)
    while s.to_move():
        movers = s.to_move()
        p = movers[pick.below(len(movers))] if pick is not None else movers[0]
        s.apply(p, agents[p].act(PlayerView(s, p)))
    return s


class ObservationOnly:
    """What a bot may use: the observation and the legal actions, nothing else."""

    def __init__(self, observation: dict[str, Any], legal: list[Any], player: int, game: Any) -> None:
        self.observation = observation
        self.legal_actions = legal
        self.player = player
        self.game = game


# -------------------------------------------------------------- strength
def test_greedy_builds_cities_on_the_small_map() -> None:
    """MC-5.1: in most of 10 seeded 5-player games of greedy bots, a city is built."""
    g = load_game(GAME_ID, players=5, map="small", **{"last-turn": 12})
    built = 0
    for seed in range(10):
        s = play(g, ("greedy",) * 5, seed)
        assert s.is_terminal()
        if s.to_json()["city"]:
            built += 1
    assert built >= 7, f"cities in only {built} of 10 games"


def test_greedy_wins_more_often_than_random() -> None:
    """5-player games, greedy and random seats mixed and rotated: the greedy seats win
    a larger share of games than the random ones."""
    g = load_game(GAME_ID, players=5, map="small", **{"last-turn": 12})
    wins = {"greedy": 0.0, "random": 0.0}
    seats = {"greedy": 0, "random": 0}
    for seed in range(12):
        specs = tuple("greedy" if (seed + i) % 2 else "random" for i in range(5))
        s = play(g, specs, seed)
        winners = s.winners()
        assert winners
        for i, spec in enumerate(specs):
            seats[spec] += 1
            if i in winners:
                wins[spec] += 1 / len(winners)
    rate = {k: wins[k] / seats[k] for k in wins}
    assert rate["greedy"] > 2 * rate["random"], f"win shares per seat {rate}"


def test_simultaneous_greedy_games_build_cities() -> None:
    g = load_game(GAME_ID, players=6, map="small", **{"last-turn": 12, "strict-ast-order": "A"})
    built = sum(bool(play(g, ("greedy",) * 6, seed, Rng(seed)).to_json()["city"]) for seed in range(5))
    assert built >= 3


# ------------------------------------------------------ observations only
def sampled_states(g: Any, count: int) -> Iterator[Any]:
    """Positions of mixed greedy and random games at many points (the live state)."""
    n = g.num_players
    for seed in range(count):
        specs = tuple("greedy" if (seed + i) % 3 else "random" for i in range(n))
        agents = [make_agent(spec, g, seed=seed * 10 + i) for i, spec in enumerate(specs)]
        for step, s, _, _ in decisions(g, seed, agents):
            if step % 5 == 0:
                yield s


def seat_fields(v: SeatView) -> dict[str, Any]:
    """Everything a seat's cheap view shows, as plain data."""
    out: dict[str, Any] = {k: getattr(v, k) for k in SeatView.__slots__ if k not in ("_s", "board")}
    out["hand_sizes"] = [v.hand_size(q) for q in range(v.n)]
    out["vp"] = [v.vp(q) for q in range(v.n)]
    out["deal"], out["task"] = v.deal(), v.task()
    return out


@pytest.mark.parametrize("bot", ["greedy", "simple"])
@pytest.mark.parametrize("mode", ["B", "A"], ids=["strict", "simultaneous"])
def test_the_bot_decides_on_its_observation_alone(mode: str, bot: str) -> None:
    """The same observation and legal actions give the same action: from the state
    itself, from a view with nothing else (the simple bot reads the observation), from
    a determinization, and (in a simultaneous step) after other players have made
    hidden choices. The strategic bot's cheap view (``SeatView``) of a determinization
    shows exactly what the true state's shows."""
    g = load_game(GAME_ID, players=5, map="small", **{"last-turn": 10, "strict-ast-order": mode})
    steps = set()
    hidden_checked = 0
    k = 0
    for k, s in enumerate(sampled_states(g, 6), 1):
        before = s.to_json()
        movers = s.to_move()
        p = movers[0]
        obs = s.observation(p)
        legal = s.legal_actions(p)
        steps.add(obs["step"])
        true_choice = make_agent(bot, g, seed=3).act(PlayerView(s, p))
        assert true_choice in legal
        d = s.determinize(p, Rng(100 + k))
        assert d.observation(p) == obs
        if bot == "simple":
            bare = make_agent(bot, g, seed=3).act(ObservationOnly(obs, legal, p, g))  # type: ignore[arg-type]
            assert bare == true_choice, "the bot used more than the observation"
        else:
            assert seat_fields(SeatView(d, p)) == seat_fields(SeatView(s, p)), "the cheap view shows hidden things"
        assert make_agent(bot, g, seed=3).act(PlayerView(d, p)) == true_choice
        if len(movers) > 1:
            # other deciders make choices the bot cannot see
            c = s.clone()
            rnd = Rng(k)
            for q in movers[1:]:
                options = [a for a in c.legal_actions(q) if a.kind != "done"] or c.legal_actions(q)
                if len(c.to_move()) > 1:
                    c.apply(q, options[rnd.below(len(options))])
            if p in c.to_move():
                hidden_checked += 1
                view = {key: v for key, v in c.observation(p).items() if key not in ("to_move", "waiting_for")}
                assert view == {key: v for key, v in obs.items() if key not in ("to_move", "waiting_for")}
                assert make_agent(bot, g, seed=3).act(PlayerView(c, p)) == true_choice
        assert s.to_json() == before, "a bot changed the true state"
    assert k > 50
    assert {"move", "build"} <= steps
    if mode == "A":
        assert hidden_checked > 10


@pytest.mark.parametrize("mode", ["B", "A"], ids=["strict", "simultaneous"])
def test_the_cheap_view_reads_what_the_observation_shows(mode: str) -> None:
    """Issue 17, item 4: what the strategic bot reads instead of the observation dict
    (``SeatView`` and its lazy ``observation()``) has the observation's values, for the
    deciding seat and for another seat."""
    g = load_game(GAME_ID, players=5, map="small", **{"last-turn": 10, "strict-ast-order": mode})
    checked = 0
    for s in sampled_states(g, 4):
        for p in {s.to_move()[0], 0}:
            obs = s.observation(p)
            v = SeatView(s, p)
            lite = v.observation()
            for key, value in lite.items():
                if key == "players":
                    assert [dict(x) for x in value] == obs["players"]
                else:
                    assert value == obs[key], key
            assert [v.vp(q) for q in range(v.n)] == v.vps() == [x["vp"] for x in obs["players"]]
            assert v.tokens[p] == [obs["players"][p]["tokens"].get(a, 0) for a in s.board.ids]
            assert {s.board.ids[a]: k for a, k in enumerate(v.moved) if k} == obs["moved"]
            checked += 1
    assert checked > 50


# ------------------------------------------------------------ big games
@pytest.mark.parametrize("seed", [0, 1])
def test_eighteen_greedy_players_on_the_full_map_finish(seed: int) -> None:
    g = load_game(GAME_ID, players=18, map="full", **{"last-turn": 5})
    s = play(g, ("greedy",) * 18, seed)
    assert s.is_terminal() and s.to_move() == ()
    assert s.turn <= 5
    assert s.winners() == most_points(s)
    assert s.to_json()["city"], "no city in an 18-player game"


def most_points(s: Any) -> list[int]:
    """MC-14.1: the players with the most VP, none when every player ties (a draw)."""
    vps = [s.vp(p) for p in range(s.n)]
    best = [p for p in range(s.n) if vps[p] == max(vps)]
    return best if len(best) < s.n else []


def test_eighteen_greedy_players_decide_simultaneously() -> None:
    g = load_game(GAME_ID, players=18, map="full", **{"last-turn": 2, "strict-ast-order": "A"})
    s = play(g, ("greedy",) * 18, 4, Rng(4))
    assert s.is_terminal() and s.winners() == most_points(s)
