"""Property-based contract tests of civ-solo (DESIGN.md, "The contracts every game keeps").

Each example is a random session: a seed, a combination of every ambiguity
option (and dice from the engine or the table), a player (uniformly random or the
growth model with random rates) and a number of steps. Checked: games end, no
count goes negative, an illegal answer raises ``IllegalActionError`` and leaves
``to_json()`` as it was, positions round-trip through JSON, clones are
independent, observations are JSON and hide only the opponent's deck.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import IllegalActionError
from civtable.core.registry import game_class, load_game

GAME_CLS = game_class("civ-solo")
AMBIGUITIES = tuple(s for s in GAME_CLS.option_specs if s.choices and s.name not in ("players", "civ-set"))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BAD = ("culture -1", "unit tank 1 1", "unit infantry 5 5", "give culture-event-card 1", "pay", "play infantry 9 new",
       "gained culture -2", "die 7", "fortified maybe", "lose front 9", "buy castle", "frobnicate")


@st.composite
def sessions(draw: st.DrawFn) -> tuple[dict[str, Any], int, str]:
    options = {s.name: draw(st.sampled_from(s.choices)) for s in AMBIGUITIES}
    seed = draw(st.integers(0, 2**32 - 1))
    if draw(st.booleans()):
        bot = "random"
    else:
        rates = {k: draw(st.sampled_from(v)) for k, v in {
            "units": ("0", "0.5", "2"), "destroyers": ("0", "0.5"), "cards": ("0", "1"), "buy": ("0", "1"),
            "fortified": ("0", "1", "9"), "hand": ("0", "6"), "upgrade": ("0", "4"), "win": ("0", "0.5", "1"),
        }.items()}
        bot = "model:" + "&".join(f"{k}={v}" for k, v in rates.items())
    return options, seed, bot


def negatives(data: Any, path: str = "") -> list[str]:
    """Every negative number in a position but the ledger's changes (a loss is negative)."""
    found: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k not in ("ledger", "rng"):
                found += negatives(v, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            found += negatives(v, f"{path}[{i}]")
    elif isinstance(data, int) and not isinstance(data, bool) and data < 0:
        found.append(path)
    return found


@SETTINGS
@given(sessions(), st.integers(0, 10_000))
def test_random_sessions_keep_the_contracts(session: tuple[dict[str, Any], int, str], probe: int) -> None:
    options, seed, bot = session
    game = load_game("civ-solo", **options)
    agent = make_agent(bot, game, seed=seed)
    s = game.new_state(seed=seed)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions(0)
        assert legal and s.to_move() == (0,)
        data = s.to_json()
        assert not negatives(data), negatives(data)
        if steps % 5 == probe % 5:
            # JSON round trip and a clone that does not share anything
            again = game.state_from_json(json.loads(json.dumps(data)))
            assert again.to_json() == data
            copy = s.clone()
            copy.apply(0, legal[probe % len(legal)])
            assert s.to_json() == data
            # an illegal answer is refused and changes nothing
            bad = BAD[(probe + steps) % len(BAD)]
            if bad not in {a.text for a in legal}:
                try:
                    s.apply(0, bad)
                except IllegalActionError as e:
                    assert str(e)
                else:  # pragma: no cover - the assertion names the culprit
                    raise AssertionError(f"{bad!r} was accepted")
                assert s.to_json() == data
            obs = s.observation(0)
            json.dumps(obs)
            if s.battle is not None:
                assert obs["battle"]["opponent_deck"] == len(s.battle.opponent_deck)
            assert "rng" not in obs
        s.apply(0, agent.act(PlayerView(s, 0)))
        steps += 1
        assert steps < 3000
    assert s.is_terminal() and s.legal_actions(0) == [] and s.to_move() == ()
    assert s.returns() in ([1.0], [-1.0]) and s.winners() in ([0], [])
    assert s.outcome in ("won", "battle", "time")
    assert s.turn_no <= s.final_turn + 1
    stats = s.game_stats()
    assert stats["survived"] == 1.0 - stats["lost_battle"]
    again = game.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json() and again.is_terminal()


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.integers(0, 400))
def test_determinize_keeps_what_the_player_sees(seed: int, steps: int) -> None:
    game = load_game("civ-solo")
    agent = make_agent("random", game, seed=seed)
    s = game.new_state(seed=seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(0, agent.act(PlayerView(s, 0)))
    from civtable.core.rng import Rng

    d = s.determinize(0, Rng(seed))
    assert d.observation(0) == s.observation(0)
    assert [a.text for a in d.legal_actions(0)] == [a.text for a in s.legal_actions(0)]
