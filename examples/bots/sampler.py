#!/usr/bin/env python3
"""A civtable bot in Python: flat Monte Carlo over samples of its own information set.

For each decision it asks civtable for a few full states consistent with what it
sees (``determinize``: never the true hidden cards), plays each legal action in each
sample to the end at random with civtable's engine, and picks the action that won
most often. Without civtable importable it plays at random.

    civtable play catan-deckbuilding --players "human,cmd:python3 examples/bots/sampler.py"
"""

import json
import random
import sys

try:
    import civtable
except ImportError:  # the protocol needs no library: fall back to random play
    civtable = None

SAMPLES, ROLLOUTS, MAX_STEPS = 4, 2, 400


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def receive():
    line = sys.stdin.readline()
    return json.loads(line) if line else None


def rollout(state, rng):
    for _ in range(MAX_STEPS):
        movers = state.to_move()
        if not movers:
            break
        p = movers[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state.returns()


def choose(game, seat, request, rng):
    legal = request["legal"]
    if game is None or len(legal) == 1:
        return rng.choice(legal)["index"]
    send({"type": "determinize", "id": request["id"], "count": SAMPLES, "seed": rng.randrange(2**32)})
    reply = receive()
    score = [0.0] * len(legal)
    for data in reply["states"]:
        for i, a in enumerate(legal):
            for _ in range(ROLLOUTS):
                s = game.state_from_json(data)
                s.apply(seat, a["text"])
                score[i] += rollout(s, rng)[seat]
    return max(range(len(legal)), key=lambda i: score[i])


def main():
    rng = random.Random(1)
    game = seat = None
    while (message := receive()) is not None:
        if message["type"] == "hello":
            seat = message["seat"]
            if civtable is not None:
                game = civtable.load_game(message["game"], **message["options"])
            send({"type": "ready", "name": "sampler.py"})
        elif message["type"] == "act":
            send({"type": "action", "id": message["id"], "index": choose(game, seat, message, rng)})
        elif message["type"] == "end":
            break


if __name__ == "__main__":
    main()
