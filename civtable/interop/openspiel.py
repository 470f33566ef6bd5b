"""civtable's games as OpenSpiel games (``pyspiel``), for OpenSpiel's algorithms.

Importing this module registers every civtable game with OpenSpiel under the name
``civtable_`` and its id with underscores (``pip install civtable[openspiel]``)::

    import pyspiel
    import civtable.interop.openspiel  # registers the games

    game = pyspiel.load_game("civtable_civ_card_game(players=3,final_tie=B)")

What maps to what (docs/interop.md has the whole table and the limits):

- parameters: every option of the game (``players`` and each rule variant), hyphens
  written as underscores; an integer option whose default is "none" (a start player
  drawn at random) takes -1 for it. Two more: ``seed`` (a game object deals its games
  from ``derive_seed(seed, n)``, n the number of its games in which a move was made
  before) and ``max_game_length`` (-1: the game's documented cap, its
  ``data/openspiel.json``). A value civtable refuses is OpenSpiel's ``SpielError``
  carrying civtable's sentence.
- ``GameType`` from ``GameInfo``: simultaneous dynamics for a game with simultaneous
  steps; chance drawn inside ``apply`` by the state's own generator
  (``SAMPLED_STOCHASTIC``: there are no chance nodes); imperfect information; the
  utility declared in ``data/openspiel.json``; terminal rewards (+1 win, -1 loss, 0 draw
  or unfinished).
- actions: the game's fixed action space: action ``i`` is ``action_space().text(i)``.
- a node where ``to_move()`` lists several players is a simultaneous node
  (``apply_actions``); one player: that player's node.
- ``resample_from_infostate``: ``State.determinize``; the observer: the seat's text view
  (``Game.render``) and its encoding (``Game.encode``), both from ``observation(seat)``.
- (de)serialisation: ``state.serialize()`` / ``game.deserialize_state`` carry the position
  JSON (``to_json`` / ``state_from_json``); ``game.new_initial_state(json)`` starts from a
  position; ``state.to_struct()`` is that JSON and ``state.to_observation_struct(p)`` the
  seat's observation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type stubs

from civtable.core.errors import CivtableError, IllegalActionError, InvalidStateError, OptionError
from civtable.core.files import parse_json
from civtable.core.game import Game, OptionSpec
from civtable.core.reader import Reader, shown
from civtable.core.registry import game_class, game_ids
from civtable.core.rng import Rng, derive_seed
from civtable.core.spaces import ActionSpace
from civtable.core.state import State
from civtable.i18n import N_, message

PREFIX = "civtable_"
NONE = -1
"""The value of an integer parameter whose option is "none" (e.g. a start player drawn at random)."""
EXTRA = ("seed", "max_game_length")
"""The parameters added to a game's options."""
DEFAULT_MAX_GAME_LENGTH = 100_000
TEXTS_KEPT = 2048
"""How many text views an observer remembers (by observation), oldest dropped first."""
"""The cap of a game without a ``data/openspiel.json``."""

_T = pyspiel.GameType
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)


def spiel_name(game_id: str) -> str:
    """``"civ-card-game"`` -> ``"civtable_civ_card_game"``."""
    return PREFIX + game_id.replace("-", "_")


def param_name(option: str) -> str:
    """An option's name as an OpenSpiel parameter (``final-tie`` -> ``final_tie``)."""
    return option.replace("-", "_")


# ---------------------------------------------------------------- what OpenSpiel needs to know
@dataclass(frozen=True)
class SpielFacts:
    """What OpenSpiel asks of a game beyond its ``GameInfo``, from the game's
    ``data/openspiel.json``: whether the returns always sum to 0, and the default cap on
    the number of moves (``per_player_turn`` x players x (the turn option + 1), or fixed)."""

    zero_sum: bool = False
    fixed_length: int = DEFAULT_MAX_GAME_LENGTH
    turns_option: str = ""
    per_player_turn: int = 0

    def max_game_length(self, game: Game) -> int:
        if self.turns_option:
            return self.per_player_turn * game.num_players * (int(game.options[self.turns_option]) + 1)
        return self.fixed_length


@cache
def facts(game_id: str) -> SpielFacts:
    """The game's ``data/openspiel.json``, checked (defaults when it has none)."""
    cls = game_class(game_id)
    package = cls.__module__.rpartition(".")[0]
    path = files(package) / "data" / "openspiel.json" if package else None
    if path is None or not path.is_file():
        return SpielFacts()
    where = f"{game_id} data/openspiel.json"
    r = Reader(parse_json(path.read_text(encoding="utf-8"), where), where)
    zero_sum = r.choice(r.get("utility"), ("zero_sum", "general_sum"), "utility") == "zero_sum"
    cap = r.obj(r.get("max_game_length"), "max_game_length")
    if "fixed" in cap:
        return SpielFacts(zero_sum, r.integer(cap["fixed"], "max_game_length.fixed", 1))
    turns = r.choice(r.get("turns_option", cap, "max_game_length"), [s.name for s in cls.option_specs],
                     "max_game_length.turns_option")
    per = r.integer(r.get("per_player_turn", cap, "max_game_length"), "max_game_length.per_player_turn", 1)
    return SpielFacts(zero_sum, 0, turns, per)


def option_default(spec: OptionSpec) -> Any:
    """An option's default as an OpenSpiel parameter value (its type is the parameter's)."""
    d = spec.default
    if d is None:
        return "" if spec.choices and all(isinstance(c, str) for c in spec.choices) else NONE
    if isinstance(d, (bool, int, float, str)):
        return d
    raise TypeError(f"option {spec.name!r} has a default OpenSpiel cannot hold: {d!r}")


def parameter_spec(cls: type[Game]) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults."""
    spec = {param_name(s.name): option_default(s) for s in cls.option_specs}
    for name in EXTRA:
        if name in spec:
            raise TypeError(f"{cls.id}: option {name!r} has the name of an OpenSpiel parameter of civtable's")
    spec["seed"] = 0
    spec["max_game_length"] = NONE
    return spec


def options_of(cls: type[Game], values: dict[str, Any]) -> dict[str, Any]:
    """civtable's options from OpenSpiel's parameter values."""
    out: dict[str, Any] = {}
    for s in cls.option_specs:
        v = values[param_name(s.name)]
        if s.default is None and (v == "" or (type(v) is int and v == NONE)):
            v = None
        out[s.name] = v
    return out


@cache
def game_type(game_id: str) -> pyspiel.GameType:
    """The ``GameType`` of a game, declared from its ``GameInfo``."""
    cls = game_class(game_id)
    info = cls.info
    tensor = cls.encode is not Game.encode
    return _T(
        short_name=spiel_name(info.id), long_name=f"civtable {info.name}",
        dynamics=_T.Dynamics.SIMULTANEOUS if info.simultaneous else _T.Dynamics.SEQUENTIAL,
        chance_mode=_T.ChanceMode.SAMPLED_STOCHASTIC if info.chance else _T.ChanceMode.DETERMINISTIC,
        information=(_T.Information.IMPERFECT_INFORMATION if info.hidden_information
                     else _T.Information.PERFECT_INFORMATION),
        utility=_T.Utility.ZERO_SUM if facts(game_id).zero_sum else _T.Utility.GENERAL_SUM,
        reward_model=_T.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=tensor,
        provides_observation_string=True, provides_observation_tensor=tensor,
        provides_factored_observation_string=False,
        parameter_specification=parameter_spec(cls))


# ---------------------------------------------------------------- the game
class CivtableGame(pyspiel.Game):  # type: ignore[misc]
    """One civtable game with its options, as an OpenSpiel game.

    ``civtable_game`` is the civtable ``Game``, ``space`` its action space, ``cap`` the
    number of moves after which a state is terminal (an unfinished game: 0 for all)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = game_class(self.game_id)
        values = {**parameter_spec(cls), **(params or {})}
        try:
            game = cls(**options_of(cls, values))
            space = game.action_space()
            cap = values["max_game_length"]
            if cap == NONE:
                cap = facts(self.game_id).max_game_length(game)
            elif type(cap) is not int or cap < 1:
                raise OptionError(message(N_("max_game_length must be a positive number of moves, or -1 for the "
                                             "game's own cap, not {value}"), value=shown(cap)))
        except (CivtableError, NotImplementedError) as e:
            raise pyspiel.SpielError(f"{spiel_name(self.game_id)}: {e}") from None
        zero_sum = facts(self.game_id).zero_sum
        super().__init__(game_type(self.game_id), pyspiel.GameInfo(
            num_distinct_actions=space.size, max_chance_outcomes=0, num_players=game.num_players,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0 if zero_sum else None,
            max_game_length=cap), values)
        self.civtable_game: Game = game
        self.space: ActionSpace = space
        self.numbers: dict[str, int] = {text: i for i, text in enumerate(space.texts)}
        """An action text's number (``space.index`` without its checks, for the hot path)."""
        self.cap: int = cap
        self.seed: int = int(values["seed"])
        self.started = 0
        """How many of this object's games have begun (a move was made in them)."""
        self._dealt: tuple[int, State] | None = None

    def new_initial_state(self, position: str | dict[str, Any] | None = None) -> CivtableState:
        """A new game (dealt when first used), or the position ``position`` (civtable's
        position JSON, as text or data)."""
        if position is None:
            return CivtableState(self, _Box(self))
        return CivtableState(self, _Box(self, self.read_position(position)))

    def read_position(self, position: str | dict[str, Any]) -> State:
        """A civtable position; a bad one is a ``SpielError`` with civtable's sentence."""
        try:
            data = parse_json(position, "position", InvalidStateError) if isinstance(position, str) else position
            return self.civtable_game.state_from_json(data).silence()
        except CivtableError as e:
            raise pyspiel.SpielError(f"{spiel_name(self.game_id)}: {e}") from None

    def deal(self) -> tuple[int, State]:
        """The next game of this game object and its number n (dealt from
        ``derive_seed(seed, n)``): every new state shows it until a move is made in one of
        them (``begun``). OpenSpiel makes new states for its own purposes (a clone starts
        as one; a tensor's size is measured on one), which must neither cost a deal nor
        use up a seed: the deal is kept and copied."""
        n = self.started
        if self._dealt is None or self._dealt[0] != n:
            self._dealt = (n, self.civtable_game.new_state(seed=derive_seed(self.seed, n)).silence())
        return n, self._dealt[1].clone()

    def begun(self, n: int) -> None:
        """A move was made in game n: the next new state is game n + 1."""
        self.started = max(self.started, n + 1)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> CivtableObserver:
        return CivtableObserver(self, iig_obs_type, params)


class _Box:
    """The civtable state inside an OpenSpiel state. OpenSpiel copies a Python state by
    ``copy.deepcopy`` of its attributes and serializes it by pickling them: the box
    copies with the state's own cheap ``clone`` and pickles as the position JSON. A new
    game is dealt when first used: OpenSpiel's clones start as new states whose box is
    replaced at once, before anything is asked of them."""

    __slots__ = ("game", "state", "position", "number")

    def __init__(self, game: CivtableGame | None, state: State | None = None, position: str | None = None,
                 number: int | None = None) -> None:
        self.game = game
        self.state = state
        self.position = position
        self.number = number
        """The game's number when it is a new game of its game object (``CivtableGame.deal``)."""

    def get(self) -> State:
        s = self.state
        if s is None:
            assert self.game is not None
            if self.position is None:
                self.number, s = self.game.deal()
            else:
                s = self.game.read_position(self.position)
            self.state, self.position = s, None
        return s

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        if self.state is None and self.position is not None:
            return _Box(self.game, None, self.position)
        s = self.get()
        return _Box(self.game, s.clone(), None, self.number)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.state is None and self.position is not None:
            return (_Box, (None, None, self.position))
        return (_Box, (None, None, json.dumps(self.get().to_json(), sort_keys=True, separators=(",", ":"))))


class CivtableState(pyspiel.State):  # type: ignore[misc]
    """A civtable state as an OpenSpiel state (``civtable_state`` is the whole
    position, hidden parts included: a bot must not read it; ``CivtableBot`` does not)."""

    def __init__(self, game: CivtableGame, box: _Box) -> None:
        super().__init__(game)
        self._box = box
        self._samples = 0
        self._moves = 0  # OpenSpiel's move_number, kept here (cheaper than asking C++)
        self._cap = game.cap

    @property
    def civtable_state(self) -> State:
        b = self._box
        s = b.state
        if s is None:
            if b.game is None:  # read back by deserialize_state
                b.game = self.get_game()
            s = b.get()
        return s

    @property
    def spiel_game(self) -> CivtableGame:
        b = self._box
        if b.game is None:
            b.game = self.get_game()
        return b.game

    def _over(self, s: State) -> bool:
        return self._moves >= self._cap or s.is_terminal()

    # ------------------------------------------------------------ OpenSpiel's State API
    def current_player(self) -> int:
        s = self.civtable_state
        if self._over(s):
            return TERMINAL
        movers = s.to_move()
        if len(movers) == 1:
            return movers[0]
        if movers:
            return SIMULTANEOUS
        raise pyspiel.SpielError(f"{spiel_name(s.game.id)}: the game is not over but nobody is to move")

    def _legal_actions(self, player: int) -> list[int]:
        number = self.spiel_game.numbers
        return sorted([number[a.text] for a in self.civtable_state.legal_actions(player)])

    def _apply_action(self, action: int) -> None:
        s = self.civtable_state
        movers = s.to_move()
        if self._over(s) or not movers:
            raise IllegalActionError(message(N_("the game is over: no action is legal")))
        s.apply(movers[0], self.spiel_game.space.text(action))
        self._moved()

    def _apply_actions(self, actions: list[int]) -> None:
        """One action of every player to move (the others' entries are ignored); nothing is
        applied when one of them is illegal."""
        s = self.civtable_state
        if self._over(s):
            raise IllegalActionError(message(N_("the game is over: no action is legal")))
        if len(actions) != s.num_players:
            raise IllegalActionError(message(N_("a joint action has one action per player ({n}), not {got}"),
                                             n=s.num_players, got=len(actions)))
        space = self.spiel_game.space
        chosen = []
        for p in s.to_move():
            text = space.text(actions[p])
            if all(a.text != text for a in s.legal_actions(p)):
                raise IllegalActionError(s.explain(p, text))
            chosen.append((p, text))
        for p, text in chosen:
            s.apply(p, text)
        self._moved()

    def _moved(self) -> None:
        if self._moves == 0 and self._box.number is not None:
            self.spiel_game.begun(self._box.number)
        self._moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return self.spiel_game.space.text(action)

    def is_terminal(self) -> bool:
        return self._over(self.civtable_state)

    def returns(self) -> list[float]:
        s = self.civtable_state
        if not s.is_terminal():  # playing, or cut at the cap: unfinished
            return [0.0] * s.num_players
        return [float(x) for x in s.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CivtableState:
        """A state ``player_id`` cannot tell from this one (``State.determinize``): the
        same history, the hidden parts (other hands, deck orders, the generator) drawn
        anew. The sample's seed mixes a draw of ``probability_sampler`` with the count of
        samples taken from this state, so that repeated calls give different samples."""
        s = self.civtable_state
        self._samples += 1
        seed = derive_seed(int(probability_sampler() * (1 << 53)), self._samples, self._moves)
        sample: CivtableState = self.clone()
        sample._box = _Box(self.spiel_game, s.determinize(player_id, Rng(seed)))
        return sample

    def __str__(self) -> str:
        """The whole position (civtable's position JSON), for OpenSpiel's checks and debugging."""
        return json.dumps(self.civtable_state.to_json(), sort_keys=True, separators=(",", ":"))

    # ------------------------------------------------------------ OpenSpiel 2's structs
    def _to_struct(self) -> dict[str, Any]:
        """The whole position: civtable's position JSON."""
        return self.civtable_state.to_json()

    def _to_observation_struct(self, player: int) -> dict[str, Any]:
        """What ``player`` may know: civtable's observation."""
        return self.civtable_state.observation(player)

    def _action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        return {"player": player, "action": self.spiel_game.space.text(action)}


# ---------------------------------------------------------------- the observer
class CivtableObserver:
    """OpenSpiel's observer of a civtable game (the ``PyObserver`` interface): a seat's
    view as text (``Game.render`` of ``observation(seat)``, the terminal's screen) and as
    a vector (``Game.encode``, one named piece per feature), or, for an observation type
    without private information, a spectator's view as text. Both are built from the
    observation alone, so they can hold nothing the seat may not see; the information
    state is the same view (the observation is not a perfect recall of the past)."""

    def __init__(self, game: CivtableGame, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(message(N_("the observer of a civtable game takes no parameters, not {params}"),
                                     params=shown(params)))
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        public = True if iig_obs_type is None else iig_obs_type.public_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not public:
            raise ValueError(message(N_("a civtable game shows a seat's view or a spectator's (the public "
                                        "information only), not every player's private information or a "
                                        "view without the public information")))
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        self.game = game.civtable_game
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        self._texts: dict[tuple[int | None, str], str] = {}
        if not self.spectator and type(self.game).encode is not Game.encode:
            encoding = self.game.encoding()
            self.tensor = encoding.zeros()
            self.dict = {f.name: self.tensor[encoding.slot(f.name)] for f in encoding.features}

    def set_from(self, state: CivtableState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.game.encode(state.civtable_state.observation(player), player)

    def string_from(self, state: CivtableState, player: int) -> str:
        """The text view, remembered by observation: a search asks for the same
        information state over and over, and drawing a screen costs more than a step."""
        viewer = None if self.spectator else player
        obs = state.civtable_state.observation(viewer)
        key = (viewer, json.dumps(obs, sort_keys=True, separators=(",", ":")))
        text = self._texts.get(key)
        if text is None:
            text = str(self.game.render(obs, viewer))
            if len(self._texts) >= TEXTS_KEPT:
                del self._texts[next(iter(self._texts))]
            self._texts[key] = text
        return text


# ---------------------------------------------------------------- registration
_CLASSES: dict[str, type[CivtableGame]] = {}


def register(game_id: str) -> str:
    """Register one civtable game with OpenSpiel (a second call does nothing); returns
    its OpenSpiel name. A game registered with civtable at run time
    (``civtable.core.registry.register_game``) is registered here by this call."""
    if game_id not in _CLASSES:
        game_class(game_id)
        # OpenSpiel keeps the creator until the process ends, after Python's shutdown:
        # a class survives that, a function freed then aborts the interpreter.
        creator = type(f"CivtableGame_{game_id.replace('-', '_')}", (CivtableGame,),
                       {"game_id": game_id, "__module__": __name__})
        pyspiel.register_game(game_type(game_id), creator)
        _CLASSES[game_id] = creator
    return spiel_name(game_id)


def register_all() -> list[str]:
    """Register every civtable game; returns their OpenSpiel names."""
    return [register(g) for g in game_ids()]


def load(game_id: str, **options: Any) -> CivtableGame:
    """``pyspiel.load_game`` by civtable's id and options (``load("civ-card-game",
    players=3, final_tie="B")``); ``seed`` and ``max_game_length`` are passed on."""
    register(game_id)
    game: CivtableGame = pyspiel.load_game(spiel_name(game_id), {param_name(k): v for k, v in options.items()})
    return game


register_all()
