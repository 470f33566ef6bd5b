"""What every environment shares: one game, one state, the numbers of its actions,
and the encoding of what a seat may see (``Game.action_space``, ``Game.encode``).

Nothing here reads a state directly for an agent: an agent's vector is
``game.encode_state(state, seat)``, which equals ``game.encode(state.observation(seat),
seat)`` (a game may read it from the state's own lists without building the
observation; the contract-test kit checks the two equal on random positions), and its
mask is built from ``state.legal_actions(seat)`` by one lookup per legal action, so an
environment shows exactly what the game's observation shows.

This module is compiled (``civtable/_compiled.py``): an environment's step is a few
calls into it. So it imports nothing but NumPy and civtable's core, and the game, its
state and actions are ``Any`` here (a compiled annotation is checked at run time, and a
game's state is registered as a ``State`` rather than derived from it). What making an
environment needs (the game with its options, PettingZoo's spaces) is ``making.py``.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from civtable.core.errors import IllegalActionError
from civtable.core.rng import Rng

_INT8: Final = np.dtype(np.int8)
_FROM: Final = np.frombuffer

ENDED: Final = -1
"""``Engine.advance``: the game is over."""
TRUNCATED: Final = -2
"""``Engine.advance``: the game reached its ``max_steps``."""
OTHERS: Final = -3
"""``Engine.advance``: no seat or several seats are to move (``state.to_move()``)."""


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

    game: Any
    space: Any
    enc: Any
    low: Any
    high: Any
    state: Any
    steps: int
    n: int
    game_seed: int

    def __init__(self, game: Any, seed: int | None) -> None:
        self.game = game
        self.space = game.action_space()
        self.enc = game.encoding()
        low, high = self.enc.bounds()
        self.low, self.high = low, high
        self._seeds = Rng(seed if seed is not None else 0)
        self.game_seed = self._seeds.next64()
        self.state = game.new_state(seed=self.game_seed)
        self.steps = 0
        self.n = game.num_players
        self._obs: list[Any] = [None] * self.n
        self._masks: list[Any] = [None] * self.n
        self._legal: list[Any] = [None] * self.n  # dict[int, Action], the game's own mask (bytes), or None
        zeros = np.zeros(self.space.size, dtype=np.int8)
        zeros.flags.writeable = False
        self._zeros: Any = zeros
        self._nothing: dict[int, Any] = {}
        self._blank = bytes(self.space.size)
        self._index: dict[str, int] = {t: i for i, t in enumerate(self.space.texts)}
        self._mask_of: Any = game.legal_mask
        self._numbered: Any = game.numbered_actions() if self._mask_of is not None else ()
        self._encode: Any = game.encode_state
        self.infos: list[dict[str, Any]] = []  # the AEC agents' info dicts by seat (``show``)
        self.aec: tuple[Any, ...] = ()  # the AEC environment's names and dicts (``bind``)
        self._shown: tuple[int, ...] = ()
        self._alone = -1  # the seat of ``_shown`` when it is one seat

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
        self._encode = self.game.encode_state  # a game may bind its encoder's method on first use
        self.infos = []
        self.aec = ()
        self._shown = ()
        self._alone = -1
        self._clear()

    def _clear(self) -> None:
        obs, masks, legal = self._obs, self._masks, self._legal
        for i in range(self.n):
            obs[i] = None
            masks[i] = None
            legal[i] = None

    def mover(self) -> int | None:
        movers = self.state.to_move()
        return int(movers[0]) if movers else None

    def observe(self, seat: int) -> Any:
        """The seat's vector (computed once per position, read-only)."""
        v = self._obs[seat]
        if v is None:
            v = self._encode(self.state, seat)
            # read-only as it is when made from ``bytes`` (catan's); else the game's own array,
            # or a writable one: a copy that nobody changes
            if type(v.base) is not bytes and v.flags.writeable:
                v = v.copy()
                v.flags.writeable = False
            self._obs[seat] = v
        return v

    def mask(self, seat: int) -> Any:
        """The seat's legal numbers (computed once per position, read-only)."""
        m = self._masks[seat]
        if m is not None:
            return m
        if seat not in self.state.to_move():
            self._legal[seat] = self._nothing
            m = self._masks[seat] = self._zeros
            return m
        return self._mover_mask(seat)

    def last(self, seat: int) -> dict[str, Any]:
        """PettingZoo's observation of ``seat``: its vector and its mask."""
        return {"observation": self.observe(seat), "action_mask": self.mask(seat)}

    def _mover_mask(self, seat: int) -> Any:
        """The mask of a seat to move."""
        mask_of = self._mask_of
        if mask_of is not None:  # the game's own mask (``bytes``): read-only as it is
            legal = mask_of(self.state, seat)
            self._legal[seat] = legal
            m = self._masks[seat] = _FROM(legal, _INT8)
            return m
        index = self._index
        legal = self.state.legal_actions(seat)
        numbers: dict[int, Any] = {}
        try:
            for a in legal:
                numbers[index[a.text]] = a
        except KeyError:  # the space's own sentence for a legal action it lacks
            self.space.mask(legal)
            raise
        buf = bytearray(self._blank)
        for i in numbers:
            buf[i] = 1
        m = self._masks[seat] = _FROM(bytes(buf), _INT8)  # read-only: a ``bytes`` buffer
        self._legal[seat] = numbers
        return m

    def action(self, seat: int, index: Any) -> Any:
        """The legal action with number ``index`` for ``seat``, or ``IllegalActionError``."""
        legal = self._legal[seat]
        if legal is None:
            self.mask(seat)
            legal = self._legal[seat]
        if type(index) is not int:
            if isinstance(index, np.ndarray) and index.shape == ():
                index = index.item()
            if type(index) is not int:  # a NumPy integer, 3.0: the space refuses what is no number
                index = self._index[self.space.text(index)]
        number: int = index
        a: Any = None
        if isinstance(legal, bytes):  # the game's own mask
            if 0 <= number < len(legal) and legal[number]:
                a = self._numbered[number]
        else:
            a = legal.get(number)
        if a is None:
            text = self.space.text(number)  # refuses a number outside the space
            raise IllegalActionError(f"action {number} ({text}) is not legal for player {seat} now "
                                     f"(it is masked out)")
        return a

    def play(self, seat: int, index: Any) -> None:
        """``apply`` of ``action(seat, index)``: the step of an agent, in one call (a number
        of the game's own mask looked up here, anything else by ``action``)."""
        legal = self._legal[seat]
        if isinstance(legal, bytes) and type(index) is int:
            number: int = index
            if 0 <= number < len(legal) and legal[number]:
                self.apply(seat, self._numbered[number])
                return
        self.apply(seat, self.action(seat, index))

    def apply(self, seat: int, action: Any) -> None:
        self.state.apply(seat, action)
        self.steps += 1
        self._clear()

    # ------------------------------------------------------------ the AEC step
    def bind(self, names: list[str], seat_of: dict[str, int], rewards: dict[str, float],
             terminations: dict[str, bool], truncations: dict[str, bool], infos: dict[str, dict[str, Any]]) -> None:
        """The AEC environment's agents and its dicts of this game (``reset`` makes them; its
        steps change them in place), for ``last_of`` and ``step_of``."""
        self.aec = (names, seat_of, rewards, terminations, truncations, infos)
        self.infos = [infos[a] for a in names]

    def last_of(self, agent: str) -> tuple[Any, ...]:
        """PettingZoo's ``last()`` of ``agent``: its observation, cumulative reward,
        termination, truncation and info."""
        _, seat_of, rewards, terminations, truncations, infos = self.aec
        return (self.last(seat_of[agent]), rewards[agent], terminations[agent], truncations[agent], infos[agent])

    def step_of(self, agent: str, index: Any, max_steps: int) -> Any:
        """``advance`` for ``agent``: the name of the one agent to move next, or the code."""
        names, seat_of = self.aec[0], self.aec[1]
        nxt = self.advance(seat_of[agent], index, max_steps)
        if nxt >= 0:
            return names[nxt]
        return nxt

    def advance(self, seat: int, index: Any, max_steps: int) -> int:
        """An AEC step's work: ``play``, then what comes next: the one seat to move (its
        mask made and shown in ``infos``), or ``ENDED``, ``TRUNCATED`` (``steps`` reached
        ``max_steps``; -1: no limit), ``OTHERS`` (nobody or several seats to move)."""
        self.play(seat, index)
        state = self.state
        if state.is_terminal():
            return ENDED
        if 0 <= max_steps <= self.steps:
            return TRUNCATED
        movers = state.to_move()
        if len(movers) != 1:
            return OTHERS
        nxt: int = movers[0]
        m = self._mover_mask(nxt)
        if not self.infos:  # no AEC environment bound (``bind``): nothing to show
            return nxt
        if nxt == self._alone:  # the same seat again: only its mask changes
            self.infos[nxt]["action_mask"] = m
        else:
            self.show(movers)
        return nxt

    def show(self, movers: tuple[int, ...]) -> None:
        """Each agent's info (``infos``) holds its mask (made once per position, read-only):
        each seat to move gets its own, a seat that showed one and is not to move the
        zeros. The info dicts are the agents' own from ``reset`` on, changed in place."""
        infos = self.infos
        if not infos:
            return
        for seat in self._shown:
            if seat not in movers:
                infos[seat]["action_mask"] = self.mask(seat)
        for seat in movers:
            infos[seat]["action_mask"] = self.mask(seat)
        self._shown = movers
        self._alone = movers[0] if len(movers) == 1 else -1
