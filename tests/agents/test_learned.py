"""The ``learned`` bot (``civtable.agents.learned``): a weights file played in NumPy,
checked against the game's spaces. A file made for another encoding or action space,
or no weights file at all, is refused with one sentence naming the mismatch; the
shipped catan-deckbuilding weights play legal games without PyTorch."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import civtable
from civtable.agents import make_agent
from civtable.agents.base import PlayerView
from civtable.agents.learned import LearnedBot, load_policy, save_policy, spaces_meta
from civtable.agents.registry import agent_names
from civtable.core.errors import AgentError
from civtable.core.game import Game

GAME = "catan-deckbuilding"


def layers(n_in: int, n_out: int, hidden: int = 8, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    sizes = [n_in, hidden, hidden, n_out]
    return [(rng.normal(size=(b, a)).astype(np.float32), rng.normal(size=b).astype(np.float32))
            for a, b in zip(sizes, sizes[1:], strict=False)]


def test_a_saved_policy_scores_as_its_layers_say(tmp_path: Path) -> None:
    g = civtable.load_game(GAME)
    ls = layers(g.encoding().size, g.action_space().size)
    save_policy(tmp_path / "w.npz", g, ls)
    policy = load_policy(tmp_path / "w.npz", g)
    x = np.linspace(0, 1, g.encoding().size, dtype=np.float32)
    h = np.tanh(ls[0][0] @ x + ls[0][1])
    h = np.tanh(ls[1][0] @ h + ls[1][1])
    np.testing.assert_allclose(policy.scores(x), ls[2][0] @ h + ls[2][1], rtol=1e-5, atol=1e-5)
    assert policy.meta == {**spaces_meta(g), "layers": 3}


def test_the_bot_plays_the_legal_action_scored_highest(tmp_path: Path) -> None:
    g = civtable.load_game(GAME)
    ls = layers(g.encoding().size, g.action_space().size, seed=3)
    save_policy(tmp_path / "w.npz", g, ls)
    bot = LearnedBot(0, g, load_policy(tmp_path / "w.npz", g))
    s = g.new_state(seed=4)
    p = s.to_move()[0]
    legal = s.legal_actions(p)
    scores = bot.policy.scores(g.encode(s.observation(p), p))
    best = max(legal, key=lambda a: scores[g.action_space().index(a)])
    assert len(legal) > 1 and bot.act(PlayerView(s, p)) == best
    order = np.argsort(-scores)
    assert g.action_space().index(best) != order[0] or best.text == g.action_space().text(order[0])


@pytest.mark.parametrize(("change", "named"), [
    ({"action_digest": "0123456789abcdef"}, "its action space is '0123456789abcdef'"),
    ({"observation_size": 17}, "its observation size is 17"),
    ({"encoding_digest": "feed"}, "its encoding layout is 'feed'"),
    ({"game": "civ-card-game"}, "its game is 'civ-card-game'"),
    ({"format": 99}, "its format is 99"),
])
def test_weights_made_for_other_spaces_are_refused_naming_the_mismatch(
        tmp_path: Path, change: dict[str, object], named: str) -> None:
    g = civtable.load_game(GAME)
    save_policy(tmp_path / "w.npz", g, layers(g.encoding().size, g.action_space().size))
    with np.load(tmp_path / "w.npz") as f:
        arrays = {k: f[k] for k in f.files}
    meta = {**json.loads(str(arrays["meta"])), **change}
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez(tmp_path / "other.npz", **arrays)
    with pytest.raises(AgentError, match=f"other.npz does not match {GAME}: " + named.replace("'", ".")):
        load_policy(tmp_path / "other.npz", g)


def test_layers_of_the_wrong_shape_are_refused(tmp_path: Path) -> None:
    g = civtable.load_game(GAME)
    save_policy(tmp_path / "w.npz", g, layers(g.encoding().size + 1, g.action_space().size))
    with pytest.raises(AgentError, match=r"layer 0 has shape \(8, 219\) for 218 inputs"):
        load_policy(tmp_path / "w.npz", g)
    save_policy(tmp_path / "w.npz", g, layers(g.encoding().size, g.action_space().size - 1))
    with pytest.raises(AgentError, match="its last layer gives 70 scores, the action space has 71 actions"):
        load_policy(tmp_path / "w.npz", g)


def test_a_file_that_is_no_weights_file_is_refused(tmp_path: Path) -> None:
    g = civtable.load_game(GAME)
    (tmp_path / "bad.npz").write_text("not a zip")
    with pytest.raises(AgentError, match="bad.npz is not a civtable weights file"):
        load_policy(tmp_path / "bad.npz", g)
    with pytest.raises(AgentError, match="missing.npz does not exist"):
        load_policy(tmp_path / "missing.npz", g)


def test_the_shipped_bot_is_offered_and_plays_whole_legal_games() -> None:
    g = civtable.load_game(GAME)
    assert "learned" in agent_names(g)
    with pytest.raises(AgentError, match="has no parameter 'weights'"):
        make_agent("learned:weights=x.npz", g)
    for seed in (1, 2):
        s = g.new_state(seed=seed)
        bots = [make_agent("learned", g, seed=1), make_agent("greedy", g, seed=2)][:: 1 if seed == 1 else -1]
        while not s.is_terminal():
            p = s.to_move()[0]
            a = bots[p].act(PlayerView(s, p))
            assert a in s.legal_actions(p)
            s.apply(p, a)
        assert s.winners()


def test_the_shipped_bot_needs_no_pytorch() -> None:
    """``civtable simulate ... --players learned,greedy`` in a process where importing
    torch fails."""
    code = ("import sys\n"
            "class NoTorch:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] == 'torch':\n"
            "            raise ImportError('no torch here')\n"
            "sys.meta_path.insert(0, NoTorch())\n"
            "from civtable.cli import main\n"
            f"sys.exit(main(['simulate', '{GAME}', '--players', 'learned,greedy', '--games', '4', '--seed', '1', '-q']))")
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_lobby_offers_the_learned_bot_and_a_game_against_it_starts(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from civtable.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", clock_check=0.05)) as c:
        meta = {g["id"]: g for g in c.get("/api/meta").json()["games"]}
        assert "learned" in meta[GAME]["bots"]
        r = c.post("/api/games", json={"game": GAME, "seats": [{"kind": "bot", "bot": "learned"},
                                                               {"kind": "bot", "bot": "greedy"}]})
        assert r.status_code in (200, 201), r.text


def test_an_environment_opponent_may_be_a_callable_made_at_every_reset() -> None:
    """A league's past policy as the Gymnasium environment's opponent (``opponents``
    entries may be ``(game, seed) -> Agent``): called once per reset with the game and
    the seat's seed, and its bot plays the other seat."""
    pytest.importorskip("gymnasium")
    from civtable.envs import gymnasium_env

    made: list[int] = []

    def opponent(game: Game, seed: int) -> LearnedBot:
        made.append(seed)
        return make_agent("learned", game, seed=seed)  # type: ignore[return-value]

    env = gymnasium_env(GAME, opponents=[opponent], seat=1, illegal="raise")
    for seed in (1, 2):
        obs, info = env.reset(seed=seed)
        steps = 0
        while True:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, term, trunc, info = env.step(int(legal[0]))
            steps += 1
            if term or trunc:
                break
        assert reward in (-1.0, 1.0) and steps > 10
    assert len(made) == 2 and made[0] != made[1]
    assert isinstance(env.unwrapped._bots[0], LearnedBot)
