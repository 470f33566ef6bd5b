"""What every environment shares: one game, one state, the numbers of its actions,
and the encoding of what a seat may see (``Game.action_space``, ``Game.encode``).

Nothing here reads a state directly for an agent: an agent's vector is
``game.encode_state(state, seat)``, which equals ``game.encode(state.observation(seat),
seat)`` (a game may read it from the state's own lists without building the
observation; the contract-test kit checks the two equal on random positions), and its
mask is built from ``state.legal_actions(seat)`` by one lookup per legal action, so an
environment shows exactly what the game's observation shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from civtable.core.action import Action
from civtable.core.errors import IllegalActionError, OptionError
from civtable.core.game import Game
from civtable.core.registry import load_game
from civtable.core.rng import Rng
from civtable.core.state import State


def make_game(game_id: str, players: int | None, options: dict[str, Any]) -> Game:
    """The game with its options; ``players`` (when given) is the ``players`` option."""
    opts = dict(options)
    if players is not None:
        if "players" in opts and opts["players"] != players:
            raise OptionError(f"players={players} and the option players={opts['players']} disagree")
        opts["players"] = players
    game = load_game(game_id, **opts)
    if game.info.reported_result:
        raise OptionError(f"{game.id} has no learning environment: its result is what a person reports of the "
                          "physical game, which no rule checks, so a learner's claim would be its reward "
                          "(docs/envs.md)")
    game.action_space()  # a game without a declared space or encoding fails here,
    game.encoding()  # not in the middle of a training run
    return game


def check_render_mode(render_mode: str | None) -> None:
    """Every environment renders a spectator's terminal screen (``"ansi"``) or nothing."""
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")


def env_name(game: Game, kind: str = "") -> str:
    """PettingZoo's name of an environment of ``game`` (``civtable_catan_deckbuilding_v0``)."""
    return f"civtable_{game.id.replace('-', '_')}{'_' + kind if kind else ''}_v0"


def agent_spaces(engine: Engine, size: int) -> tuple[Any, Any]:
    """PettingZoo's observation space (the vector and a mask of ``size`` numbers) and
    action space (``Discrete(size)``), the same for every agent."""
    from gymnasium import spaces

    observation = spaces.Dict({
        "observation": spaces.Box(engine.low, engine.high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
    })
    return observation, spaces.Discrete(size)


_INT8 = np.dtype(np.int8)


class Engine:
    """A game being played by an environment: its state and the seat-relative views.

    What a seat is shown is computed at most once per position and only when asked
    (``observe``, ``mask``): a step only clears it. Both are handed out read-only, the
    same array to every caller of one position (nobody's change can reach another's
    view, and nothing is copied at every call); a game's writable vector is copied once.
    The mask is made from ``legal_actions`` by one lookup per legal action into a
    ``bytearray``, which also keeps the legal action object of each number, so that
    ``action`` checks a number by one lookup and ``apply`` hands the state its own action
    object (a cache of masks by the identities of the legal action objects was measured
    slower in every game, 4-13%, and dropped).

    A game whose legal actions know their numbers may hand the mask over itself: its
    ``legal_mask(state, seat)`` gives the mask as ``bytes`` (1 at each legal number) and
    its ``numbered_actions()`` the action object of every number (catan-deckbuilding's,
    compiled); ``tests/envs/test_fast_paths.py`` checks both against ``legal_actions``."""

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.space = game.action_space()
        self.enc = game.encoding()
        low, high = self.enc.bounds()
        self.low, self.high = low, high
        self._seeds = Rng(seed if seed is not None else 0)
        self.game_seed = self._seeds.next64()
        self.state: State = game.new_state(seed=self.game_seed)
        self.steps = 0
        self.n = game.num_players
        self._obs: list[np.ndarray | None] = [None] * self.n
        self._masks: list[np.ndarray | None] = [None] * self.n
        self._legal: list[dict[int, Action] | bytes | None] = [None] * self.n
        self._zeros = np.zeros(self.space.size, dtype=np.int8)
        self._zeros.flags.writeable = False
        self._nothing: dict[int, Action] = {}
        self._blank = bytes(self.space.size)
        self._index = {t: i for i, t in enumerate(self.space.texts)}
        self._mask_of = game.legal_mask
        self._numbered: Sequence[Action] = game.numbered_actions() if self._mask_of is not None else ()

    def reset(self, seed: int | None) -> None:
        """A new game: with ``seed``, the game of that seed (as ``civtable play --seed``);
        without, the next seed of this environment's own sequence."""
        if seed is not None:
            seed = int(seed)
            self._seeds = Rng(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.next64()
        self.game_seed = game_seed
        self.state = self.game.new_state(seed=game_seed)
        self.steps = 0
        self._clear()

    def _clear(self) -> None:
        n = self.n
        self._obs = [None] * n
        self._masks = [None] * n
        self._legal = [None] * n

    def mover(self) -> int | None:
        movers = self.state.to_move()
        return movers[0] if movers else None

    def observe(self, seat: int) -> np.ndarray:
        """The seat's vector (computed once per position, read-only)."""
        v = self._obs[seat]
        if v is None:
            v = self.game.encode_state(self.state, seat)
            if v.flags.writeable:  # the game's own array: a copy that nobody changes
                v = v.copy()
                v.flags.writeable = False
            self._obs[seat] = v
        return v

    def mask(self, seat: int) -> np.ndarray:
        """The seat's legal numbers (computed once per position, read-only)."""
        m = self._masks[seat]
        if m is not None:
            return m
        state = self.state
        if seat not in state.to_move():
            self._legal[seat] = self._nothing
            m = self._masks[seat] = self._zeros
            return m
        mask_of = self._mask_of
        if mask_of is not None:  # the game's own mask (``bytes``): read-only as it is
            legal = self._legal[seat] = mask_of(state, seat)
            m = self._masks[seat] = np.frombuffer(legal, dtype=_INT8)
            return m
        return self._mover_mask(seat)

    def _mover_mask(self, seat: int) -> np.ndarray:
        index = self._index
        legal = self.state.legal_actions(seat)
        try:
            numbers = {index[a.text]: a for a in legal}
        except KeyError:  # the space's own sentence for a legal action it lacks
            self.space.mask(legal)
            raise
        buf = bytearray(self._blank)
        for i in numbers:
            buf[i] = 1
        m = self._masks[seat] = np.frombuffer(bytes(buf), dtype=_INT8)  # read-only: a ``bytes`` buffer
        self._legal[seat] = numbers
        return m

    def action(self, seat: int, index: Any) -> Action:
        """The legal action with number ``index`` for ``seat``, or ``IllegalActionError``."""
        legal = self._legal[seat]
        if legal is None:
            self.mask(seat)
            legal = self._legal[seat]
            assert legal is not None
        if type(index) is not int:
            if isinstance(index, np.ndarray) and index.shape == ():
                index = index.item()
            if type(index) is not int:  # a NumPy integer, 3.0: the space refuses what is no number
                index = self._index[self.space.text(index)]
        a: Action | None
        if isinstance(legal, bytes):  # the game's own mask
            a = self._numbered[index] if 0 <= index < len(legal) and legal[index] else None
        else:
            a = legal.get(index)
        if a is None:
            text = self.space.text(index)  # refuses a number outside the space
            raise IllegalActionError(f"action {index} ({text}) is not legal for player {seat} now "
                                     f"(it is masked out)")
        return a

    def play(self, seat: int, index: Any) -> None:
        """``apply`` of ``action(seat, index)``: the step of an agent, in one call (a number
        of the game's own mask looked up here, anything else by ``action``)."""
        legal = self._legal[seat]
        if type(legal) is bytes and type(index) is int and 0 <= index < len(legal) and legal[index]:
            action = self._numbered[index]
        else:
            action = self.action(seat, index)
        self.apply(seat, action)

    def apply(self, seat: int, action: Action | str) -> None:
        self.state.apply(seat, action)
        self.steps += 1
        n = self.n
        self._obs = [None] * n
        self._masks = [None] * n
        self._legal = [None] * n
