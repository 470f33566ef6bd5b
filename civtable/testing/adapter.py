"""How a game plugs into the contract-test kit: one ``GameAdapter`` per game.

The adapter says which options to sample, which bots play the random games, and
the game's own invariants (conservation of cards and pieces, nothing negative).
Everything else is checked the same way for every game (``suite.ContractSuite``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hypothesis import strategies as st

from civtable.agents import Agent, PlayerView, make_agent
from civtable.core.game import Game
from civtable.core.registry import load_game
from civtable.core.rng import Rng, derive_seed
from civtable.core.state import State

Invariant = Callable[[State], None]
"""Raises ``AssertionError`` (with a message) when a state breaks a rule of the game."""


@dataclass(frozen=True)
class GameAdapter:
    """A game, as the contract-test kit plays it.

    - ``options``: a strategy for the options of one game (``players`` included),
      covering the rule variants; ``end_options`` the same with a small turn cap, for
      the check that every game ends within ``end_steps`` actions.
    - ``bots``: the bots a seat may be played by in random games (besides uniformly
      random play, which every walk mixes in).
    - ``invariants``: the game's own checks of a state (conservation, nothing
      negative, limits), run on every state of every walk.
    - ``starts``: extra starting positions (hand-built, e.g. in the middle of a rare
      step), built for a game; a scenario starts from one of them instead of
      ``new_state`` when ``start`` picks it.
    - ``max_steps``: the longest walk; ``scale``: a factor on every check's number of
      examples (below 1 for slow games).
    - ``junk``: action texts that are never legal (besides the kit's own).
    """

    game_id: str
    options: st.SearchStrategy[dict[str, Any]]
    end_options: st.SearchStrategy[dict[str, Any]]
    end_steps: int = 5000
    bots: tuple[str, ...] = ("greedy",)
    invariants: tuple[Invariant, ...] = ()
    starts: Callable[[Game], Sequence[State]] | None = None
    max_steps: int = 300
    scale: float = 1.0
    junk: tuple[str, ...] = ()
    examples: tuple[Scenario, ...] = field(default=())

    def game(self, options: dict[str, Any]) -> Game:
        return _game(self.game_id, tuple(sorted(options.items())))

    def check(self, state: State) -> None:
        for invariant in self.invariants:
            invariant(state)


@cache
def _game(game_id: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return load_game(game_id, **dict(options))


@dataclass(frozen=True)
class Scenario:
    """One random game: options, chance seed, how far to play, who plays each seat
    (``"random"`` or a bot name), the seed of the random choices, and a start
    position index (-1: ``new_state``)."""

    options: dict[str, Any]
    seed: int
    steps: int
    policies: tuple[str, ...]
    choice_seed: int
    start: int = -1


def scenarios(adapter: GameAdapter, max_steps: int | None = None,
              options: st.SearchStrategy[dict[str, Any]] | None = None) -> st.SearchStrategy[Scenario]:
    limit = adapter.max_steps if max_steps is None else max_steps

    @st.composite
    def build(draw: st.DrawFn) -> Scenario:
        opts = draw(options if options is not None else adapter.options)
        players = adapter.game(opts).num_players
        policy = st.sampled_from(("random", *adapter.bots))
        start = -1
        if adapter.starts is not None:
            start = draw(st.integers(-3, len(adapter.starts(adapter.game(opts))) - 1))
            start = max(start, -1)
        return Scenario(
            options=opts,
            seed=draw(st.integers(0, 2**64 - 1)),
            # long walks (every prefix is checked on the way), not hypothesis's many short ones
            steps=limit // 2 + draw(st.integers(0, 2**32 - 1)) % (limit - limit // 2 + 1),
            policies=tuple(draw(policy) for _ in range(players)),
            choice_seed=draw(st.integers(0, 2**32 - 1)),
            start=start,
        )

    return build()


def first_state(adapter: GameAdapter, scn: Scenario) -> State:
    game = adapter.game(scn.options)
    if scn.start >= 0 and adapter.starts is not None:
        starts = adapter.starts(game)
        return starts[scn.start % len(starts)].clone()
    return game.new_state(seed=scn.seed)


class Walker:
    """Chooses the actions of one scenario: its bots and a seeded random choice."""

    def __init__(self, adapter: GameAdapter, scn: Scenario) -> None:
        game = adapter.game(scn.options)
        self.rng = Rng(scn.choice_seed)
        self.bots = [None if pol == "random" else make_agent(pol, game, seed=derive_seed(scn.choice_seed, i))
                     for i, pol in enumerate(scn.policies)]

    def choose(self, state: State) -> tuple[int, Any] | None:
        movers = state.to_move()
        if not movers:
            return None
        p = movers[self.rng.below(len(movers))] if len(movers) > 1 else movers[0]
        bot = self.bots[p] if p < len(self.bots) else None
        if bot is not None:
            return p, bot.act(PlayerView(state, p))
        legal = state.legal_actions(p)
        assert legal, f"player {p} is to move but has no legal action in {state!r}"
        return p, legal[self.rng.below(len(legal))]


def walk(adapter: GameAdapter, scn: Scenario) -> Iterator[State]:
    """The states of one game: the first, then the state after each action (the same
    object, changed in place; a caller that keeps one must clone it). The game's
    invariants are checked on each."""
    state = first_state(adapter, scn)
    walker = Walker(adapter, scn)
    adapter.check(state)
    yield state
    for _ in range(scn.steps):
        step = walker.choose(state)
        if step is None:
            return
        state.apply(*step)
        adapter.check(state)
        yield state


def steps(adapter: GameAdapter, scn: Scenario) -> Iterator[tuple[State, int, Any]]:
    """Like ``walk``, but yields each state together with the action about to be
    played in it (the state is not changed until the next iteration)."""
    state = first_state(adapter, scn)
    walker = Walker(adapter, scn)
    for _ in range(scn.steps):
        step = walker.choose(state)
        if step is None:
            return
        yield state, step[0], step[1]
        state.apply(*step)
        adapter.check(state)


def decisions(game: Game, seed: int, agents: Sequence[Agent | None] | None = None, max_steps: int = 2000,
              rng: Rng | None = None) -> Iterator[tuple[int, State, int, list[Any]]]:
    """The decisions of one game: ``(step, state, player, legal actions)`` before each
    action (the live state, changed after each). Seats without an agent play uniformly
    at random from ``rng`` (seeded with ``seed`` by default); when several players are
    to move, one of them at random decides."""
    pick = rng if rng is not None else Rng(seed)
    s = game.new_state(seed=seed)
    for step in range(max_steps):
        movers = s.to_move()
        if not movers:
            return
        p = movers[pick.below(len(movers))] if len(movers) > 1 else movers[0]
        legal = s.legal_actions(p)
        yield step, s, p, legal
        if s.to_move() != movers:  # the caller played for us
            continue
        agent = agents[p] if agents is not None and p < len(agents) else None
        s.apply(p, agent.act(PlayerView(s, p)) if agent is not None else legal[pick.below(len(legal))])


def choice_positions(game: Game, count: int, rng: Rng, first: int, span: int) -> list[tuple[State, int]]:
    """``count`` positions with a real choice (more than one legal action) and the player
    to decide, one per seeded random game (seeds 1, 2, ...): the first decision with a
    choice from a step drawn in ``first .. first + span - 1`` by ``rng`` on."""
    out: list[tuple[State, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        target = first + rng.below(span)
        for step, s, p, legal in decisions(game, seed, rng=rng):
            if step >= target and len(legal) > 1:
                out.append((s, p))
                break
    return out
