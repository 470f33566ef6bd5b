"""Monte Carlo tree search over determinized states, for every game.

Each iteration samples a full state from the bot's information set with
``view.determinize`` (never the true state), walks down one tree keyed by
action text with UCB1, adds one node, plays a rollout (random, or any named bot
of the game) for at most ``depth`` steps, and backs up every player's value:
``returns()`` at the end of the game, ``evaluate(p)`` at the cut-off. A node
holds the value of the player who chose the action leading to it.

Because each sample may allow different actions, a node's children are the
actions met so far; a descent expands an untried action legal in *this*
sample, else picks by UCB1 among the children legal in this sample. ``MctsAgent``
uses the parent's visit count in UCB1; ``IsmctsAgent`` (``ismcts.py``) uses
availability counts, as single-observer ISMCTS does.

In a simultaneous step the bot decides for itself at the root; deeper in the
tree and in rollouts the first player of ``to_move()`` acts (the state waits
for the others).

Spec parameters: ``iterations=N`` (default 200) or ``ms=N`` (milliseconds per
decision; with both, whichever ends first), ``c=`` exploration (default 1.4),
``depth=N`` rollout steps before the cut-off (default 60; 0 plays to the end),
``rollout=random`` or the name of another bot of the game (e.g. ``greedy``).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from civtable.core.errors import AgentError
from civtable.core.rng import derive_seed

from .base import Agent, PlayerView, check_params, int_param

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.game import Game
    from civtable.core.state import State

PARAMS = {"iterations", "ms", "c", "depth", "rollout"}


class Node:
    """Statistics of one action in the tree (the player who chose it is ``player``)."""

    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[str, Node] = {}


class MctsAgent(Agent):
    name = "mcts"
    use_availability = False

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        ms: int = 0,
        c: float = 1.4,
        depth: int = 60,
        rollout: Agent | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.ms = ms
        self.c = c
        self.depth = depth
        self.rollout_agent = rollout

    # ------------------------------------------------------------------ search
    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        real = {a.text for a in legal}
        root = Node(-1)
        deadline = time.perf_counter() + self.ms / 1000 if self.ms else None
        done = 0
        while True:
            self._iterate(view, root, real)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline or (self.iterations and done >= self.iterations):
                    break
            elif done >= self.iterations:
                break
        best, best_n = legal[0], -1
        for a in legal:
            child = root.children.get(a.text)
            if child is not None and child.n > best_n:
                best, best_n = a, child.n
        return best

    def _iterate(self, view: PlayerView, root: Node, real: set[str]) -> None:
        rng = self.rng
        state = view.determinize(rng)
        path = [root]
        node = root
        player = view.player  # at the root the bot acts for itself
        while not state.is_terminal():
            if node is not root:
                movers = state.to_move()
                if not movers:
                    break
                player = movers[0]
            actions = state.legal_actions(player)
            if node is root:
                actions = [a for a in actions if a.text in real]
            if not actions:
                break
            children = node.children
            if self.use_availability:
                for a in actions:
                    ch = children.get(a.text)
                    if ch is not None:
                        ch.avail += 1
            untried = [a for a in actions if a.text not in children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = children[action.text] = Node(player)
                child.avail = 1
                state.apply(player, action)
                path.append(child)
                break
            action, child = self._select(node, children, actions)
            state.apply(player, action)
            path.append(child)
            node = child
        values = self._rollout(state)
        for nd in path:
            nd.n += 1
            if nd.player >= 0:
                nd.w += values[nd.player]

    def _select(self, node: Node, children: dict[str, Node], actions: list[Action]) -> tuple[Action, Node]:
        c = self.c
        use_avail = self.use_availability
        log_parent = math.log(node.n) if node.n > 0 else 0.0
        best_a, best_child, best_u = actions[0], children[actions[0].text], -math.inf
        for a in actions:
            child = children[a.text]
            if use_avail:
                log_parent = math.log(child.avail)
            u = child.w / child.n + c * math.sqrt(log_parent / child.n)
            if u > best_u:
                best_a, best_child, best_u = a, child, u
        return best_a, best_child

    def _rollout(self, state: State) -> list[float]:
        rng = self.rng
        bot = self.rollout_agent
        steps = 0
        limit = self.depth
        while not state.is_terminal():
            if limit and steps >= limit:
                return [state.evaluate(p) for p in range(state.num_players)]
            movers = state.to_move()
            if not movers:
                break
            p = movers[0]
            if bot is None:
                legal = state.legal_actions(p)
                if not legal:
                    break
                action = legal[rng.below(len(legal))]
            else:
                action = bot.act(PlayerView(state, p))
            state.apply(p, action)
            steps += 1
        if state.is_terminal():
            return list(state.returns())
        return [state.evaluate(p) for p in range(state.num_players)]


# ---------------------------------------------------------------------- specs
def float_param(params: dict[str, str], key: str, default: float, minimum: float = 0.0) -> float:
    value = params.get(key)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        raise AgentError(f"bot parameter {key!r} must be a number, not {value!r}") from None
    if not math.isfinite(number) or number < minimum:
        raise AgentError(f"bot parameter {key!r} must be a finite number of at least {minimum}, not {value!r}")
    return number


def build(cls: type[MctsAgent], name: str, game: Game, seed: int, params: dict[str, str]) -> MctsAgent:
    """A search bot from its spec parameters (shared by ``mcts`` and ``ismcts``)."""
    check_params(name, params, PARAMS)
    ms = int_param(params, "ms", 0, minimum=0)
    if "iterations" in params or not ms:
        iterations = int_param(params, "iterations", 200, minimum=1)
    else:
        iterations = 0
    rollout_spec = params.get("rollout", "random") or "random"
    rollout = None
    if rollout_spec.lower() != "random":
        from .registry import make_agent

        rollout = make_agent(rollout_spec, game, seed=derive_seed(seed, 1))
    return cls(
        seed=seed,
        iterations=iterations,
        ms=ms,
        c=float_param(params, "c", 1.4),
        depth=int_param(params, "depth", 60, minimum=0),
        rollout=rollout,
    )


def make_mcts(game: Game, seed: int, params: dict[str, str]) -> MctsAgent:
    return build(MctsAgent, "mcts", game, seed, params)
