"""The training examples run, stop and resume (they need the ``train`` extra: skipped
without PyTorch and sb3-contrib). Tiny runs: what is checked is the machinery (files,
checkpoints, resumption, the exported weights the bot plays), not strength."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import civtable
from civtable.agents.learned import load_policy

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, "-W", "ignore", *args], capture_output=True, text=True, timeout=600,
                          check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_train_learned_runs_stops_resumes_and_exports(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    out = tmp_path / "run"
    small = ["--games", "6", "--bc-epochs", "1", "--envs", "4", "--steps", "16", "--eval-every", "2",
             "--eval-games", "2", "--save-every", "1"]
    run("examples/train_learned.py", "--out", str(out), "--updates", "2", *small)
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert [r["phase"] for r in log[:2]] == ["data", "bc"] and log[-1]["phase"] in ("ppo", "eval")
    run("examples/train_learned.py", "--out", str(out), "--updates", "4", "--resume", *small)
    log = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    assert sum(r["phase"] == "data" for r in log) == 1, "resuming made greedy's games again"
    assert max(r["step"] for r in log if r["phase"] == "ppo") == 4
    run("examples/train_learned.py", "--out", str(out), "--export", str(tmp_path / "w.npz"))
    policy = load_policy(tmp_path / "w.npz", civtable.load_game("catan-deckbuilding"))
    assert policy.meta["ppo_updates"] == 4


def test_train_maskable_ppo_saves_checkpoints_evaluates_and_keeps_a_league(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    out = tmp_path / "run"
    args = ["--out", str(out), "--league", "2", "--snapshot-every", "64", "--eval-every", "128", "--eval-games", "2",
            "--checkpoint-every", "64", "--eval-against", "random"]
    run("examples/train_maskable_ppo.py", "--steps", "128", *args)
    assert (out / "model.zip").exists() and len(list((out / "checkpoints").glob("model_*_steps.zip"))) >= 2
    assert len(list((out / "league").glob("*.npz"))) >= 2 and any((out / "tb").iterdir())
    results = json.loads((out / "results.json").read_text())
    assert results["evaluations"][-1]["random"]["games"] == 2 and len(results["evaluations"][-1]["random"]["ci95"]) == 2
    resumed = run("examples/train_maskable_ppo.py", "--steps", "64", "--resume", *args)
    assert "resumed from" in resumed
