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

With a rollout bot, search starts from what that bot would do: at each node the
bot's choice (its *hint*, asked once per node, of the sample that reached it) is
expanded first and gets the progressive bias ``bias / (n + 1)`` (Chaslot et al.
2008), which fades as the node's own visits ``n`` grow. A few dozen noisy
rollouts then cannot talk the bot out of a good heuristic move, while a move the
rollouts show to be clearly better still wins: at small budgets the search plays
at least like its rollout bot, and better as the budget grows. ``eps`` makes the
rollout bot play a random legal action with that probability, so that rollouts
from one position differ and a deterministic bot's blind spots are explored.

The search stops early when the most-visited root action can no longer be
overtaken within the remaining budget (the choice is then already made), which
saves time on obvious decisions without changing them.

Spec parameters: ``iterations=N`` (default 200) or ``ms=N`` (milliseconds per
decision; with both, whichever ends first), ``c=`` exploration (default 1.0, for
values in [-1, 1]), ``depth=N`` rollout steps before the cut-off (default 10;
0: no step limit), ``turns=N`` cuts a rollout off instead (or as well: whichever
comes first) once the game's ``turn`` has grown by ``N`` from the decision's (default
0: off; a leaf already past it is evaluated at once), so that every value of one
decision is ``evaluate`` at the same point of the game, e.g. the start of the
bot's own turn after next; ``rollout=random`` or the name of another bot of the game
(default: the game's ``greedy`` bot if it has one, else random), ``eps=`` (default
0) and ``bias=`` (default 1.0; 0 turns the hints off; used only with a rollout bot).
A game may set other defaults (``Game.search_defaults``; ``civ-card-game``:
``turns=2&depth=0``).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from civtable.core.errors import AgentError
from civtable.core.rng import derive_seed

from .base import Agent, PlayerView, check_params, int_param, number_param

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.game import Game
    from civtable.core.state import State

    from .base import Bots

PARAMS = {"iterations", "ms", "c", "depth", "turns", "rollout", "eps", "bias", "portfolio", "margin", "compare"}

DEFAULT_C = 1.0
"""UCB1's constant. Values lie in [-1, 1], twice the [0, 1] range UCB1's sqrt(2) is
stated for, so 1.0 here is 0.5 in that scale: a little greedier than the textbook,
as is usual when rollouts are short and evaluations noisy."""

DEFAULT_ROLLOUT = "greedy"
"""The rollout bot when the spec names none, if the game has a bot of that name (else
random play): a game's heuristic bot makes rollouts far more informative than random
moves, and its choices are the search's starting point (``bias``)."""

DEFAULT_DEPTH = 10
"""Rollout steps before the cut-off. Heuristic rollouts need few steps to show what an
action leads to, and ``evaluate`` scores the rest: a short rollout is cheap, and less of
its noise (the sampled cards, the opponents' sampled hands) reaches the value."""

CHECK_EVERY = 8
"""Iterations between two checks of the early stop (each check looks at every root child)."""


class Node:
    """Statistics of one action in the tree (the player who chose it is ``player``).

    ``hint`` is the rollout bot's choice at this node (``""`` until asked, ``None``
    when there is no rollout bot to ask).
    """

    __slots__ = ("player", "n", "w", "avail", "children", "hint")

    def __init__(self, player: int) -> None:
        self.player = player
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[str, Node] = {}
        self.hint: str | None = ""


class MctsAgent(Agent):
    name = "mcts"
    use_availability = False

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        ms: int = 0,
        c: float = DEFAULT_C,
        depth: int = DEFAULT_DEPTH,
        turns: int = 0,
        rollout: Agent | None = None,
        eps: float = 0.0,
        bias: float = 1.0,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.ms = ms
        self.c = c
        self.depth = depth
        self.turns = turns
        self.rollout_agent = rollout
        self.eps = eps
        self.bias = bias if rollout is not None else 0.0
        self.last_iterations = 0  # of the last decision, for benchmarks

    # ------------------------------------------------------------------ search
    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        real = {a.text for a in legal}
        root = Node(-1)
        if self.bias and self.rollout_agent is not None:
            root.hint = self.rollout_agent.act(view).text  # the bot sees the same view
        start = time.perf_counter()
        deadline = start + self.ms / 1000 if self.ms else None
        done = 0
        while True:
            self._iterate(view, root, real)
            done += 1
            if self.iterations and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if done % CHECK_EVERY == 0 and self._decided(root, done, start, deadline):
                break
        self.last_iterations = done
        best, best_n = legal[0], -1
        for a in legal:
            child = root.children.get(a.text)
            if child is not None and child.n > best_n:
                best, best_n = a, child.n
        return best

    def _decided(self, root: Node, done: int, start: float, deadline: float | None) -> bool:
        """Whether the most-visited root action can no longer be overtaken (ties lose
        to the first listed, so a gap larger than the remaining iterations is safe)."""
        left = self.iterations - done if self.iterations else math.inf
        if deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - start, 1e-9)
            left = min(left, (deadline - now) * rate * 1.5 + 1)  # 1.5: allow for faster iterations later
        first = second = 0
        for child in root.children.values():
            n = child.n
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        return first - second > left

    def _iterate(self, view: PlayerView, root: Node, real: set[str]) -> None:
        rng = self.rng
        state = view.determinize(rng)
        cut = state.turn + self.turns if self.turns else 0
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
            if node.hint == "":
                node.hint = self._hint(state, player, actions) if self.bias else None
            children = node.children
            if self.use_availability:
                for a in actions:
                    ch = children.get(a.text)
                    if ch is not None:
                        ch.avail += 1
            untried = [a for a in actions if a.text not in children]
            if untried:
                action = None
                if node.hint:
                    action = next((a for a in untried if a.text == node.hint), None)
                if action is None:
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
        values = self._rollout(state, cut)
        for nd in path:
            nd.n += 1
            if nd.player >= 0:
                nd.w += values[nd.player]

    def _hint(self, state: State, player: int, legal: list[Action]) -> str | None:
        """The rollout bot's choice for ``player`` in this sample (``legal``: the
        player's legal actions there)."""
        bot = self.rollout_agent
        return None if bot is None else bot.act(PlayerView(state, player, legal)).text

    def _select(self, node: Node, children: dict[str, Node], actions: list[Action]) -> tuple[Action, Node]:
        c = self.c
        use_avail = self.use_availability
        hint = node.hint
        bias = self.bias
        log_parent = math.log(node.n) if node.n > 0 else 0.0
        best_a, best_child, best_u = actions[0], children[actions[0].text], -math.inf
        for a in actions:
            child = children[a.text]
            if use_avail:
                log_parent = math.log(child.avail)
            n = child.n
            u = child.w / n + c * math.sqrt(log_parent / n)
            if hint and a.text == hint:
                u += bias / (n + 1)
            if u > best_u:
                best_a, best_child, best_u = a, child, u
        return best_a, best_child

    def _rollout(self, state: State, cut: int = 0) -> list[float]:
        """Values at the end of the game, or ``evaluate`` at the cut-off: after ``depth``
        steps, or once turn ``cut`` has begun (``cut`` 0: no turn limit).

        The hot loop of the search: a step asks the state for its movers and legal
        actions once, and builds a ``PlayerView`` (handed the legal actions already
        built) only when the rollout bot is asked; a random step or a forced one
        builds none."""
        rng = self.rng
        bot = self.rollout_agent
        eps = self.eps
        limit = self.depth or -1
        steps = 0
        is_terminal = state.is_terminal
        to_move = state.to_move
        legal_actions = state.legal_actions
        apply = state.apply
        while not is_terminal():
            if steps == limit or (cut and state.turn >= cut):
                return [state.evaluate(p) for p in range(state.num_players)]
            movers = to_move()
            if not movers:
                break
            p = movers[0]
            legal = legal_actions(p)
            n = len(legal)
            if n == 1:  # nothing to decide: no need to ask the bot
                action = legal[0]
            elif n == 0:
                break
            elif bot is None or (eps and rng.random() < eps):
                action = legal[(rng.next64() * n) >> 64]  # rng.below(n), inlined
            else:
                action = bot.act(PlayerView(state, p, legal))
            apply(p, action)
            steps += 1
        if state.is_terminal():
            return list(state.returns())
        return [state.evaluate(p) for p in range(state.num_players)]


# ---------------------------------------------------------------------- specs
def build(cls: type[MctsAgent], name: str, game: Game, seed: int, params: dict[str, str], bots: Bots) -> Agent:
    """A search bot from its spec parameters (shared by ``mcts`` and ``ismcts``), over
    the game's own defaults (``Game.search_defaults``). With ``portfolio=A+B`` (not
    ``none``) the search compares whole turns of those strategies (``portfolio.py``);
    ``portfolio=none`` in a game whose defaults name a portfolio leaves those defaults out.
    ``bots``: the bot registry (``registry.BOTS``), which builds the rollout bot and the
    portfolio's strategies by name; passed in, so that this module does not import it."""
    defaults = game.search_defaults
    if params.get("portfolio", "").strip() == "none" and defaults.get("portfolio"):
        defaults = {}  # a game's defaults are those of its portfolio search: the plain search's own apply
    params = {**defaults, **params}
    check_params(name, params, PARAMS)
    members = [m for m in params.get("portfolio", "").split("+") if m.strip()]
    if members and members != ["none"]:
        return _portfolio(game, seed, params, members, bots)
    for key in ("margin", "compare"):
        if key in params:
            raise AgentError(f"bot parameter {key!r} belongs to a portfolio search: portfolio=A+B")
    ms = int_param(params, "ms", 0, minimum=0)
    if "iterations" in params or not ms:
        iterations = int_param(params, "iterations", 200, minimum=1)
    else:
        iterations = 0
    rollout_spec = params.get("rollout") or (DEFAULT_ROLLOUT if DEFAULT_ROLLOUT in bots.names(game) else "random")
    rollout = None
    if rollout_spec.lower() != "random":
        rollout = bots.make(rollout_spec, game, derive_seed(seed, 1))
    return cls(
        seed=seed,
        iterations=iterations,
        ms=ms,
        c=number_param(params, "c", DEFAULT_C),
        depth=int_param(params, "depth", DEFAULT_DEPTH, minimum=0),
        turns=int_param(params, "turns", 0, minimum=0),
        rollout=rollout,
        eps=number_param(params, "eps", 0.0, maximum=1.0),
        bias=number_param(params, "bias", 1.0),
    )


def _portfolio(game: Game, seed: int, params: dict[str, str], members: list[str], bots: Bots) -> Agent:
    from .portfolio import PortfolioSearch

    for key in ("c", "depth", "eps", "bias"):
        if key in params and key not in game.search_defaults:
            raise AgentError(f"bot parameter {key!r} does not apply to a portfolio search "
                             "(portfolio=none: the search over single actions)")
    for spec in members:
        bots.make(spec, game, 0)  # a bad member is named now, not at the first search
    ms = int_param(params, "ms", 0, minimum=0)
    rollout = params.get("rollout") or (DEFAULT_ROLLOUT if DEFAULT_ROLLOUT in bots.names(game) else "random")
    return PortfolioSearch(seed, game, members, bots, iterations=int_param(params, "iterations", 12, minimum=1), ms=ms,
                           turns=int_param(params, "turns", 1, minimum=1), rollout=rollout,
                           margin=number_param(params, "margin", 1.0),
                           compare=frozenset(k for k in params.get("compare", "").split("+") if k.strip()))


def make_mcts(game: Game, seed: int, params: dict[str, str], bots: Bots) -> Agent:
    """The ``mcts`` bot of a spec; ``bots``: the registry, for the rollout bot and strategies."""
    return build(MctsAgent, "mcts", game, seed, params, bots)
