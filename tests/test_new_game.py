"""docs/new-game.md, followed as written: in a fresh folder, every ``sh`` block of its
numbered steps is run (with ``$CIVTABLE`` the checkout and ``python`` this Python) and
every ``python file=PATH`` block is written to ``PATH``, in order. The copy of the
example game must pass the contract-test kit and play with ``civtable simulate``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from civtable.testing import ContractSuite

HERE = Path(__file__).resolve().parent.parent
DOC = HERE / "docs" / "new-game.md"
STEP = re.compile(r"^### (\d+)\. (.+)$", re.M)
FENCE = re.compile(r"^```(\w*)(.*?)\n(.*?)^```$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    step: int
    title: str
    lang: str
    args: str
    body: str


def blocks() -> list[Block]:
    """The code blocks of the numbered steps, in the order of the document."""
    text = DOC.read_text(encoding="utf-8")
    heads = list(STEP.finditer(text))
    out = []
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        for fence in FENCE.finditer(text, head.end(), end):
            out.append(Block(int(head[1]), head[2], fence[1], fence[2].strip(), fence[3]))
    return out


BLOCKS = blocks()


def test_the_steps_are_numbered_and_carry_code() -> None:
    numbers = sorted({b.step for b in BLOCKS})
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 6
    assert {b.lang for b in BLOCKS} <= {"sh", "python", "toml"}
    assert all(b.args.startswith("file=") for b in BLOCKS if b.lang == "python"), "a python block names its file"


def _run(block: Block, folder: Path, env: dict[str, str]) -> str:
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", block.body], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, (f"step {block.step} ({block.title}) failed:\n{block.body}\n"
                                  f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def test_the_walkthrough_builds_a_game_that_passes_the_kit_and_plays(tmp_path: Path) -> None:
    env = {**os.environ, "CIVTABLE": str(HERE), "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)  # the folder's own modules only (``python`` puts it first)
    said: dict[int, str] = {}
    tomls = []
    for block in BLOCKS:
        if block.lang == "sh":
            said[block.step] = said.get(block.step, "") + _run(block, tmp_path, env)
        elif block.lang == "python":
            path = tmp_path / block.args.removeprefix("file=")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(block.body, encoding="utf-8")
        else:
            tomls.append(tomllib.loads(block.body))

    game = tmp_path / "my_nim"
    assert "no import circle" in said[1]
    names = [p for p in game.rglob("*") if p.suffix in (".py", ".json") and re.search("toy-nim|ToyNim", p.read_text())]
    assert not names, f"the copy still names the example: {names}"
    checks = len([name for name in dir(ContractSuite) if name.startswith("test_")])
    assert f"{checks} passed" in said[4], said[4]
    assert re.search(r"\b\d+ passed, \d+ deselected\b", said[5]), said[5]
    assert f"{checks + 2} passed" in said[6], said[6]
    assert said[7].count("my-nim: 200 games, seed 1") == 2, said[7]
    assert "cautious" in said[7]

    # step 8: the entry point names the class that steps 3-7 played
    (group,) = (t["project"]["entry-points"]["civtable.games"] for t in tomls)
    script = ("import json, sys; from civtable.core.registry import load_game, register_game; "
              "[register_game(k, v) for k, v in json.loads(sys.argv[1]).items()]; print(load_game('my-nim').id)")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(group)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.stdout.strip() == "my-nim", done.stderr
