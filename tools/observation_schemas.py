"""Write the JSON Schema of each game's observation (``State.observation``) from the
observations of many games, for the bot protocol (``docs/protocol.md``).

    python tools/observation_schemas.py                 # every game
    python tools/observation_schemas.py --game mega-civ --games 40

Each schema goes to ``civtable/games/<package>/data/observation.schema.json``: GenSON
(a JSON Schema builder) reads the observations every seat and a spectator get in random
and bot games of each option set in ``PLAYS`` (player counts and the variants that change
what is observed), then the schema gets its title and description. The tests
(``tests/agents/test_schemas.py``) check observations of games of other seeds against
the committed schemas; run this tool again when a game's observation changes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from genson import SchemaBuilder

from civtable.agents import PlayerView, make_agent
from civtable.core.registry import game_class, load_game
from civtable.core.rng import Rng, derive_seed

ROOT = Path(__file__).resolve().parents[1]
PLAYS: dict[str, list[tuple[dict[str, Any], tuple[str, ...]]]] = {
    "catan-deckbuilding": [({}, ("random", "greedy")), ({"counter-knight": "C"}, ("greedy",)),
                           ({"discard-visibility": "B"}, ("random",))],
    "civ-card-game": [({"players": n}, ("random", "greedy")) for n in (2, 3, 4)],
    "civ-solo": [({}, ("random", "model"))],
    "mega-civ": [({"players": 5, "map": "small", "last-turn": 8, "game-end": "B"}, ("random", "greedy")),
                 ({"players": 6, "map": "small", "last-turn": 6, "game-end": "B", "strict-ast-order": "A"},
                  ("random", "greedy")),
                 ({"players": 7, "last-turn": 3, "game-end": "B"}, ("greedy",))],
}
"""Per game: option sets and the bots that play them (seats take them in turn)."""
DESCRIPTION = (
    "What one viewer (a seat, or a spectator) may know of a position of {name}: State.observation(viewer), "
    "sent as 'observation' in the bot protocol's 'act' message and shown by Game.render. Generated from the "
    "observations of many games by tools/observation_schemas.py; checked against real games in the tests.")


def observations(game_id: str, options: dict[str, Any], bots: tuple[str, ...], seed: int, every: int,
                 max_steps: int) -> list[dict[str, Any]]:
    game = load_game(game_id, **options)
    n = game.num_players
    agents = [make_agent(bots[(seed + p) % len(bots)], game, derive_seed(seed, p)) for p in range(n)]
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    found: list[dict[str, Any]] = []
    for step in range(max_steps):
        if step % every == 0 or state.is_terminal():
            found.extend(state.observation(v) for v in (*range(n), None))
        movers = state.to_move()
        if not movers:
            break
        p = movers[rng.below(len(movers))]
        state.apply(p, agents[p].act(PlayerView(state, p)))
    return found


def collapse(node: Any) -> Any:
    """An object whose keys vary (areas, cards or seats as keys: some key is missing in
    some observation) and whose values all have one schema becomes a map of that schema."""
    if isinstance(node, list):
        return [collapse(x) for x in node]
    if not isinstance(node, dict):
        return node
    node = {k: collapse(v) for k, v in node.items()}
    props = node.get("properties")
    if isinstance(props, dict) and props and set(node.get("required", ())) != set(props):
        values = list(props.values())
        if all(v == values[0] for v in values):
            node = {k: v for k, v in node.items() if k not in ("properties", "required")}
            node["additionalProperties"] = values[0]
    return node


def schema(game_id: str, games: int, every: int, max_steps: int) -> dict[str, Any]:
    builder = SchemaBuilder(schema_uri="https://json-schema.org/draft/2020-12/schema")
    for options, bots in PLAYS[game_id]:
        for g in range(games):
            for obs in observations(game_id, options, bots, 1000 + g, every, max_steps):
                builder.add_object(json.loads(json.dumps(obs)))
    out = collapse(builder.to_schema())
    name = game_class(game_id).info.name
    return {"$schema": out.pop("$schema"), "title": f"{game_id} observation",
            "description": DESCRIPTION.format(name=name), **out}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PLAYS), help="one game (default: every game)")
    parser.add_argument("--games", type=int, default=12, help="games per option set (default 12)")
    parser.add_argument("--every", type=int, default=3, help="observe every N-th state (default 3)")
    parser.add_argument("--max-steps", type=int, default=3000, help="the longest game (default 3000 actions)")
    args = parser.parse_args()
    for game_id in [args.game] if args.game else sorted(PLAYS):
        package = game_class(game_id).__module__.split(".")[2]
        path = ROOT / "civtable" / "games" / package / "data" / "observation.schema.json"
        path.write_text(json.dumps(schema(game_id, args.games, args.every, args.max_steps), indent=1) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
