"""Search over a portfolio of strategies (``ismcts`` with ``portfolio=``).

Where a game's turn is many small steps (Mega Civilization moves one token a
decision, a hundred legal moves at a time), a search that compares single steps
at a few hundred rollouts a second compares nothing: every move is tried once.
With a portfolio the search compares whole turns instead, as Puppet Search does
for real-time strategy games (Barriga, Stanescu and Buro 2015) and Portfolio
Greedy Search before it (Churchill and Buro 2013): the choices at the root are
the portfolio's strategies (bots of the game, e.g. its strategic bot with
different strategy files), each played for the rest of the bot's turn.

At the bot's first decision of a turn that is not forced, it searches: every
iteration samples a full state from its information set (``view.determinize``:
the other hands, the stacks' order, never the true state), and plays it on for
each strategy in turn from copies of that one sample (common random numbers:
the strategies are compared on the same cards and draws, so a difference in
value is the strategy's, not the deal's): the bot by the strategy until the
turn ends, then by the rollout bot; every other seat by its own copy of the
rollout bot (the opponents' model); cut off ``turns`` turns later (default 1:
the start of the next turn) and scored by ``state.evaluate(player)``. It then
plays the strategy with the best mean value, by its own copy of that bot, for
the rest of the turn, and searches again at the next turn's first decision.
A strategy other than the first (the default) is chosen only when its mean
beats the first's by more than ``margin`` times the standard error of their
paired difference (default 1.0), and never on fewer than 2 samples: a few noisy
samples should not talk the bot out of its default.

With ``compare=KIND+KIND`` the bot also compares single actions where they are few
and matter (Mega Civ: ``buy``, the advances of phase 12): at a decision of at most
``COMPARE_MAX`` legal actions one of which is of those kinds, every legal action is
played on the same samples, the strategy's own choice first and kept unless another
beats it by the same margin; the bot then goes on with the chosen strategy.

Parameters: ``portfolio=A+B+C`` (bot specs of the game, the first the default;
``rules:FILE`` works), ``iterations=N`` samples per search (each plays every
strategy once), ``ms=N`` a time limit per decision as well (no rollout is started that would pass it if
it took half as long again as the longest so far), ``turns=N``,
``compare=``, ``rollout=`` (default the game's ``greedy``), ``margin=``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from civtable.core.errors import AgentError
from civtable.core.rng import derive_seed

from .base import Agent, PlayerView

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.game import Game
    from civtable.core.state import State

    from .base import Bots


COMPARE_MAX = 24
"""Decisions with more legal actions than this are not compared action by action."""


class PortfolioSearch(Agent):
    """Chooses one strategy of ``members`` per turn by sampled rollouts (see the module)."""

    def __init__(self, seed: int, game: Game, members: list[str], bots: Bots, iterations: int = 12, ms: int = 0,
                 turns: int = 1, rollout: str = "greedy", margin: float = 1.0,
                 compare: frozenset[str] = frozenset()) -> None:
        """``bots``: the bot registry (``registry.BOTS``), which builds the strategies and the
        rollout bots by name."""
        super().__init__(seed)
        if not members:
            raise AgentError("a portfolio needs at least one strategy: portfolio=A+B")
        self.members = members
        self.iterations = iterations
        self.ms = ms
        self.turns = max(1, turns)
        self.margin = margin
        make = bots.make
        self.real = [make(spec, game, derive_seed(seed, 10 + i)) for i, spec in enumerate(members)]
        self.sim = [make(spec, game, derive_seed(seed, 100 + i)) for i, spec in enumerate(members)]
        self.seats = [make(rollout, game, derive_seed(seed, 1000 + p)) for p in range(game.num_players)]
        self.chosen = 0
        self.chosen_turn = -1
        self.last_iterations = 0
        self.last_values: list[float] = []
        self.choices: list[int] = [0] * len(members)  # how often each strategy was chosen (for reports)
        self.compare = compare
        self._deadline: float | None = None
        self.compared = self.overruled = 0  # decisions compared action by action; the strategy overruled

    def act(self, view: PlayerView) -> Action:
        self._deadline = time.perf_counter() + self.ms / 1000 if self.ms else None  # for the whole decision
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        turn = view.turn
        me = view.player
        if turn != self.chosen_turn:
            if len(self.members) > 1:
                self.chosen = self._compare(view, len(self.members), lambda s, m: self._rollout(s, me, m, turn))
            else:
                self.chosen = 0
            self.chosen_turn = turn
            self.choices[self.chosen] += 1
        own = self.real[self.chosen].act(view)
        if not self.compare or len(legal) > COMPARE_MAX or not any(a.kind in self.compare for a in legal):
            return own
        # a decision worth comparing action by action: the strategy's choice first (the default)
        options = [own, *(a for a in legal if a.text != own.text)]

        def play(s: State, i: int) -> float:
            s.apply(me, options[i])
            return self._rollout(s, me, self.chosen, turn)

        best = self._compare(view, len(options), play)
        self.compared += 1
        self.overruled += best != 0
        return options[best]

    # ------------------------------------------------------------------ search
    def _compare(self, view: PlayerView, k: int, play: Callable[[State, int], float]) -> int:
        """The best of ``k`` candidates (0: the default) by ``play(sample, i)``, each sample
        of the information set played once for every candidate (common random numbers);
        another than the default only when its paired gain passes ``margin`` standard
        errors, on 2 samples or more."""
        totals = [0.0] * k
        diffs: list[list[float]] = [[] for _ in range(k)]  # paired with the default's value
        deadline = self._deadline
        done = 0
        clock = time.perf_counter
        longest = 0.0  # the longest rollout so far: one more, half as long again, must fit
        while done < self.iterations:
            sample = view.determinize(self.rng)
            values = []
            for m in range(k):
                start = clock()
                if deadline is not None and start + 1.5 * longest >= deadline:
                    break  # out of time: this sample is left out (every candidate or none)
                values.append(play(sample.clone(), m))
                longest = max(longest, clock() - start)
            if len(values) < k:
                break
            for m in range(k):
                totals[m] += values[m]
                diffs[m].append(values[m] - values[0])
            done += 1
        self.last_iterations = done
        if done < 2:
            return 0  # no spread to weigh a gain against: the default
        self.last_values = [t / done for t in totals]
        best, best_gain = 0, 0.0
        for m in range(1, k):
            gain = sum(diffs[m]) / done
            if gain <= best_gain:
                continue
            var = sum((d - gain) ** 2 for d in diffs[m]) / (done - 1)
            if gain <= self.margin * math.sqrt(var / done):
                continue
            best, best_gain = m, gain
        return best

    def _rollout(self, state: State, me: int, member: int, turn: int) -> float:
        """Strategy ``member`` for ``me`` until the turn ends, then the rollout bots; the
        value of ``me`` at the start of turn ``turn + turns`` (or at the end)."""
        mine = self.sim[member]
        seats = self.seats
        cut = turn + self.turns
        is_terminal = state.is_terminal
        to_move = state.to_move
        legal_actions = state.legal_actions
        apply = state.apply
        while not is_terminal():
            now = state.turn
            if now >= cut:
                return state.evaluate(me)
            movers = to_move()
            if not movers:
                break
            p = movers[0]
            legal = legal_actions(p)
            if not legal:
                break
            if len(legal) == 1:
                action = legal[0]
            else:
                bot = mine if p == me and now == turn else seats[p]
                action = bot.act(PlayerView(state, p, legal))
            apply(p, action)
        if is_terminal():
            return state.returns()[me]
        return state.evaluate(me)
