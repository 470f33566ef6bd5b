"""What a game costs a language model in tokens: the prompts ``llm:MODEL`` sends in whole
games of every game, measured as the stub server of the tests measures them (characters
/ 4, the usual rule of thumb for English text; a real tokenizer differs by some 10-30%).

    python benchmarks/llm_tokens.py --games 5

The model seat (seat 0) is played by a client that answers with a listed number chosen
at random (as the tests' stub does), the others by the game's greedy bot, so that games
take their usual course; the figures go to docs/llm.md.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from typing import Any

from civtable.agents import make_agent
from civtable.agents.llm.agent import LlmAgent
from civtable.agents.llm.client import ChatClient, Reply
from civtable.core.registry import load_game
from civtable.core.rng import derive_seed
from civtable.sim.runner import play_out

GAMES: list[tuple[str, dict[str, Any], str]] = [
    ("catan-deckbuilding", {}, "greedy"),
    ("civ-card-game", {"players": 2}, "greedy"),
    ("civ-card-game", {"players": 4}, "greedy"),
    ("civ-solo", {}, "model"),
    ("mega-civ", {"players": 5}, "greedy"),
]
LISTED = re.compile(r"^(\d+)\. ", re.MULTILINE)


class Measured(ChatClient):
    """No server: a listed number at random, tokens counted as the tests' stub counts them."""

    def __init__(self, seed: int) -> None:
        super().__init__("http://127.0.0.1:0/v1", "measure")
        self.rng = random.Random(seed)

    def complete(self, messages: list[dict[str, Any]]) -> Reply:
        prompt = "\n".join(m["content"] for m in messages)
        numbers = LISTED.findall(messages[1]["content"]) or ["1"]
        text = self.rng.choice(numbers)
        return Reply(text, len(prompt) // 4, max(1, len(text) // 4), 0.0)


def measure(game_id: str, options: dict[str, Any], others: str, games: int) -> dict[str, Any]:
    game = load_game(game_id, **options)
    per_game: list[int] = []
    decisions: list[int] = []
    biggest = 0
    start = time.perf_counter()
    for g in range(games):
        seed = derive_seed(2026, g)
        agents = [make_agent(others, game, seed=derive_seed(seed, p)) for p in range(game.num_players)]
        model = LlmAgent(game, Measured(seed), make_agent("random", game, seed), seed)
        agents[0] = model

        client = model.client
        original = client.complete

        def watch(messages: list[dict[str, Any]], original: Any = original) -> Reply:
            nonlocal biggest
            reply: Reply = original(messages)
            biggest = max(biggest, reply.prompt_tokens or 0)
            return reply

        client.complete = watch  # type: ignore[method-assign]
        state = game.new_state(seed=seed)
        play_out(state, agents, max_steps=20000)
        s = model.stats()
        per_game.append(int(s["prompt_tokens"] + s["completion_tokens"]))
        decisions.append(int(s["decisions"]))
    return {"game": game_id, "players": game.num_players, "games": games,
            "decisions": statistics.fmean(decisions), "tokens_per_decision": sum(per_game) / max(1, sum(decisions)),
            "tokens_per_game": statistics.fmean(per_game), "min": min(per_game), "max": max(per_game),
            "largest_prompt": biggest, "seconds": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print("| game | players | games | decisions asked per game | tokens per decision | tokens per game (min-max) "
          "| largest prompt |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game_id, options, others in GAMES:
        r = measure(game_id, options, others, args.games)
        print(f"| {r['game']} | {r['players']} | {r['games']} | {r['decisions']:.0f} | {r['tokens_per_decision']:,.0f} | "
              f"{r['tokens_per_game']:,.0f} ({r['min']:,}-{r['max']:,}) | {r['largest_prompt']:,} |", flush=True)


if __name__ == "__main__":
    main()
