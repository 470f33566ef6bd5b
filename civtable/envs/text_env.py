"""A text environment for language-model frameworks, in TextArena's loop: an observation
string in, an action string out.

    env = TextEnv("catan-deckbuilding", opponents={1: "greedy"})
    env.reset(seed=1)
    done = False
    while not done:
        player, observation = env.get_observation()
        done, info = env.step(my_model(observation))
    rewards, info = env.close()

The observation is what ``llm:MODEL`` is sent (``civtable.agents.llm.prompt``): the game's
rules summary, the events the seat was told since its last decision, the terminal's
screen of its observation, and its legal actions numbered from 1 (``listed=False`` hides
the list). An action is a listed number or an action's text; an illegal one is answered,
in the next observation of the same seat, with the engine's reason, and after
``error_allowance`` illegal actions in a row the seat's fallback bot plays that decision.
Seats named in ``opponents`` are played by those bots between the text seats' turns.
Everything shown is built from the seat's observation, its events and its legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from civtable.agents import Agent, PlayerView, make_agent
from civtable.agents.llm.prompt import can_talk, prompt_messages, read_reply
from civtable.core.errors import OptionError
from civtable.core.events import Event
from civtable.core.game import Game
from civtable.core.registry import load_game
from civtable.core.rng import Rng, derive_seed
from civtable.core.state import State


def observation_text(state: State, seat: int, since: int = 0, listed: bool = True, retry: str | None = None) -> str:
    """What seat ``seat`` is shown of ``state``: the prompt of ``llm:MODEL`` as one string
    (its events from the ``since``-th on), with the reason of a refused action first."""
    view = PlayerView(state, seat)
    events: list[Event] = state.events(seat, since)
    system, user = (m["content"] for m in prompt_messages(view, events, listed))
    head = [f"Your last action was refused: {retry}.", ""] if retry else []
    return "\n".join([system, "", *head, user])


class TextEnv:
    """One game between text seats (the caller) and bots (``opponents``)."""

    def __init__(self, game_id: str, players: int | None = None, opponents: Mapping[int, str] | None = None,
                 seed: int | None = None, listed: bool = True, error_allowance: int = 3, fallback: str = "random",
                 max_steps: int | None = None, **options: Any) -> None:
        opts = dict(options)
        if players is not None:
            opts["players"] = players
        self.game: Game = load_game(game_id, **opts)
        n = self.game.num_players
        self.opponents = dict(opponents or {})
        for seat in self.opponents:
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise OptionError(f"opponents names seat {seat!r}; the seats are 0 to {n - 1}")
        if len(self.opponents) >= n:
            raise OptionError("every seat is a bot: leave at least one seat to the text player")
        if error_allowance < 0:
            raise OptionError(f"error_allowance must be at least 0, not {error_allowance}")
        self.listed = listed
        self.error_allowance = error_allowance
        self.fallback_spec = fallback
        self.max_steps = max_steps
        self._seeds = Rng(seed if seed is not None else 0)
        self.state: State | None = None
        self.agents: dict[int, Agent] = {}
        self.fallbacks: dict[int, Agent] = {}
        self.cursors: dict[int, int] = {}
        self.refused: str | None = None
        self.errors = 0
        self.steps = 0
        self.illegal = 0

    # ------------------------------------------------------------ TextArena's loop
    def reset(self, num_players: int | None = None, seed: int | None = None) -> None:
        """A new game (of ``seed``, else the next seed of this environment's sequence)."""
        if num_players is not None and num_players != self.game.num_players:
            raise OptionError(f"this environment's game is for {self.game.num_players} players, not {num_players}")
        game_seed = int(seed) if seed is not None else self._seeds.next64()
        self.state = self.game.new_state(seed=game_seed)
        n = self.game.num_players
        self.agents = {p: make_agent(spec, self.game, seed=derive_seed(game_seed, p)) for p, spec in self.opponents.items()}
        self.fallbacks = {p: make_agent(self.fallback_spec, self.game, seed=derive_seed(game_seed, n + p))
                          for p in range(n) if p not in self.opponents}
        self.cursors = dict.fromkeys(range(n), 0)
        self.refused = None
        self.errors = self.steps = self.illegal = 0
        self._bots_play()

    def get_observation(self) -> tuple[int, str]:
        """The text seat to act and what it is shown."""
        state = self._state()
        seat = self._seat()
        return seat, observation_text(state, seat, self.cursors[seat], self.listed, self.refused)

    def step(self, action: str) -> tuple[bool, dict[str, Any]]:
        """Play the text seat's ``action``; returns whether the game is over and what
        happened (``{"illegal": reason}`` when it was refused)."""
        state = self._state()
        seat = self._seat()
        view = PlayerView(state, seat)
        reading = read_reply(str(action), view, self.listed, can_talk(self.game, view.legal_actions))
        info: dict[str, Any] = {"player": seat}
        chosen = reading.action
        if chosen is None:
            self.illegal += 1
            self.errors += 1
            info["illegal"] = reading.reason
            if self.errors <= self.error_allowance:
                self.refused = reading.reason
                return False, info
            chosen = self.fallbacks[seat].act(view)
            info["fallback"] = chosen.text
        self.cursors[seat] = len(state.events(seat))
        state.apply(seat, chosen)
        if reading.action is not None and reading.say:
            state.emit("talk", {"player": seat, "text": reading.say})
        self.steps += 1
        self.refused = None
        self.errors = 0
        info["action"] = chosen.text
        self._bots_play()
        return self._done(), info

    def close(self) -> tuple[dict[int, float], dict[str, Any]]:
        """Each seat's return and the game's result."""
        state = self._state()
        rewards = dict(enumerate(state.returns()))
        return rewards, {"winners": state.winners(), "finished": state.is_terminal(), "steps": self.steps,
                         "illegal": self.illegal, "turns": state.turn}

    # ------------------------------------------------------------ inside
    def _state(self) -> State:
        if self.state is None:
            raise OptionError("call reset() first")
        return self.state

    def _seat(self) -> int:
        state = self._state()
        movers = state.to_move()
        if not movers or self._done():
            raise OptionError("the game is over: call close() or reset()")
        return movers[0]

    def _done(self) -> bool:
        state = self._state()
        return state.is_terminal() or (self.max_steps is not None and self.steps >= self.max_steps)

    def _bots_play(self) -> None:
        state = self._state()
        while not self._done():
            movers = state.to_move()
            p = movers[0]
            agent = self.agents.get(p)
            if agent is None:
                return
            action = agent.act(PlayerView(state, p))
            state.apply(p, action)
            said = agent.talk()
            if said:
                state.emit("talk", {"player": p, "text": said})
            self.steps += 1
