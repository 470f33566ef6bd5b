"""The rules oracle's speed: oracle requests a bot in another process gets answered per
second over the pipe, against the same work in civtable's own process (a sample, then
``apply`` and ``legal_actions`` along a random playout), in the same run.

    python benchmarks/bench_oracle.py --game catan-deckbuilding --decisions 40

The bot (a small Python program, so that only the protocol is measured) plays random
playouts of ``--depth`` actions in one sample per decision, by ``apply`` with
``"replace": true``; the reference does the same playouts in-process. Figures in
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from civtable.agents import PlayerView
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.sim.runner import play_game

BOT = r'''
import json, random, sys
rng = random.Random(1)
depth, playouts = int(sys.argv[1]), int(sys.argv[2])
requests = 0
def ask(m):
    global requests
    requests += 1
    print(json.dumps(m), flush=True)
    return json.loads(sys.stdin.readline())
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    elif m["type"] == "act":
        for _ in range(playouts):
            h = ask({"type": "determinize", "id": m["id"], "states": False})["handles"][0]
            a = ask({"type": "legal", "id": m["id"], "handle": h})
            for _ in range(depth):
                if a["terminal"]:
                    break
                a = ask({"type": "apply", "id": m["id"], "handle": h, "player": a["player"],
                         "index": rng.randrange(len(a["legal"])), "replace": True})
            ask({"type": "drop", "id": m["id"], "handles": [h]})
        print(json.dumps({"type": "action", "id": m["id"], "index": 0}), flush=True)
    elif m["type"] == "end":
        print(requests, file=sys.stderr)
        break
'''


def in_process(game_id: str, decisions: int, depth: int, playouts: int) -> tuple[int, float]:
    """The same playouts without a pipe: (steps, seconds)."""
    game = load_game(game_id)
    state = game.new_state(seed=1)
    rng = Rng(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(decisions):
        p = state.to_move()[0]
        view = PlayerView(state, p)
        for _ in range(playouts):
            sample = view.determinize(rng)
            for _ in range(depth):
                movers = sample.to_move()
                if not movers:
                    break
                legal = sample.legal_actions(movers[0])
                sample.apply(movers[0], legal[rng.below(len(legal))])
                steps += 1
            steps += 3
        state.apply(p, state.legal_actions(p)[0])
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="catan-deckbuilding")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--depth", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        bot = Path(folder) / "bot.py"
        bot.write_text(BOT)
        game = load_game(args.game)
        start = time.perf_counter()
        result = play_game(game, [f"cmd:{sys.executable} {bot} {args.depth} {args.playouts}", "greedy"], 1,
                           max_steps=2 * args.decisions)
        piped = time.perf_counter() - start
    assert not result.notes, result.notes
    decided = sum(1 for p, _ in result.moves or [] if p == 0)
    steps, local = in_process(args.game, decided, args.depth, args.playouts)
    print(f"{args.game}: {decided} decisions of the bot, about {steps} oracle requests")
    print(f"  over the pipe: {steps / piped:,.0f} requests/s ({1000 * piped / steps:.3f} ms each)")
    print(f"  in-process:    {steps / local:,.0f} steps/s ({1000 * local / steps:.3f} ms each)")
    print(f"  ratio: the pipe costs {piped / local:.0f}x the in-process work")


if __name__ == "__main__":
    main()
