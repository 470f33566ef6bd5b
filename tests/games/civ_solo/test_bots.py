"""The growth model (``model:...``) and the solo simulator's figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from civtable.agents import PlayerView, make_agent
from civtable.core.errors import AgentError
from civtable.games.civ_solo.bots.growth import GrowthModel, grown

from ._solo_helpers import answer, bot_game, cli, event, game, new, to_turn


def model(spec: str = "model", seed: int = 1) -> GrowthModel:
    agent = make_agent(spec, game(), seed=seed)
    assert isinstance(agent, GrowthModel)
    return agent


@pytest.mark.parametrize("spec,words", [
    ("model:culture=-1", "at least 0"),
    ("model:win=2", "between 0 and 1"),
    ("model:hand=1.5", "whole number"),
    ("model:speed=3", "no parameter 'speed'"),
    ("model:units=lots", "must be a number"),
])
def test_bad_model_parameters(spec: str, words: str) -> None:
    with pytest.raises(AgentError, match=words):
        make_agent(spec, game(), seed=1)


def test_rates_accumulate_exactly() -> None:
    assert [grown(0.5, t) for t in range(5)] == [0, 0, 1, 1, 2]
    assert grown(0.1, 10) == 1 and grown(2, 3) == 6


def test_model_answers_from_its_supply_and_the_ledger() -> None:
    """Turn 4: 2 culture a turn for 3 turns = 6 held; five are lost; the one left is kept."""
    bot = model("model:culture=2&cards=0")
    s = to_turn(new(), 4)
    event(s, 1)
    s.apply(0, bot.act(PlayerView(s, 0)))  # no card: accept
    assert s.ask == "culture"
    a = bot.act(PlayerView(s, 0))
    assert a.text == "culture 6"
    s.apply(0, a)
    bot.act(PlayerView(s, 0))  # reads the ledger
    assert bot.supply["culture"] == 1 and s.debt["culture"] == 0


def test_model_enters_its_unit_cards_and_uses_destroyers() -> None:
    bot = model("model:units=1&start=3&destroyers=1&upgrade=2")
    s = to_turn(new(), 3)
    event(s, 5)
    s.apply(0, bot.act(PlayerView(s, 0)))
    # 2 destructive cards by the end of turn 2: one cancels the military event (cancel-cards A),
    # after the failure roll
    assert s.ask == "dice" and s.ledger[-1][1:3] == ("destroyer", -1)
    bot2 = model("model:units=1&start=3&destroyers=0&upgrade=2")
    t = to_turn(new(), 3)
    event(t, 5)
    t.apply(0, bot2.act(PlayerView(t, 0)))  # accept
    while t.ask == "units":
        t.apply(0, bot2.act(PlayerView(t, 0)))
    assert t.units is not None and len(t.units) == 5  # 3 at the start + 1 in each of turns 1 and 2
    assert all(r == 2 for _, r, _ in t.units)  # rank II from turn 3 with upgrade=2


def test_model_plays_whole_games() -> None:
    g = game(dice="engine")
    for seed in range(20):
        *_, end = bot_game(g, "model", seed)
        assert end.outcome in ("won", "battle")  # win=1: a survivor counts as won
    *_, end = bot_game(g, "model:win=0", 1)
    assert end.outcome in ("time", "battle")


def test_simulate_reports_survival_and_causes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "solo.json"
    code, text, err = cli(capsys, "simulate", "civ-solo", "--players", "model:units=0.5,win=0.8", "--games", "40",
                          "--seed", "3", "-q", "--json", str(out))
    assert code == 0, err
    assert "survived" in text and "lost battle share" in text and "loss turn" in text
    data = json.loads(out.read_text())
    stats = data["game_stats"]
    assert {"survived", "won", "lost_battle", "lost_time", "lost_battle_share", "lost_time_share"} <= set(stats)
    assert abs(stats["survived"]["mean"] - (1 - stats["lost_battle"]["mean"])) < 1e-9
    assert data["per_player"][0]["win_rate"] == pytest.approx(stats["won"]["mean"], abs=1e-3)


def test_simulated_records_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "simulate", "civ-solo", "--players", "model", "--games", "3", "--seed", "5", "-q",
                       "--records", str(tmp_path / "recs"))
    assert code == 0, err
    code, out, err = cli(capsys, "replay", str(tmp_path / "recs" / "game-00001.jsonl"))
    assert code == 0 and "Game over" in out and "civ-solo - the" in out, err
    assert ("You won." in out or "You lost." in out) and "Draw" not in out  # one seat: won or lost


def test_answer_helper_is_used() -> None:
    s = answer(new(), "miss")
    assert s.ask == "trade"
