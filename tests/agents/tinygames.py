"""Tiny games with known answers, for the search bots.

- ``tiny-win``: player 0 picks one of five doors; ``pick 3`` wins at once, any
  other door hands the move to player 1, who then wins whatever it picks.
- ``tiny-pennies``: matching pennies, both players choose at once (``to_move()``
  lists both); player 0 wins when the coins match. A choice made is hidden from
  the other player.
- ``tiny-guess``: player 1 holds a hidden card 0-2. Player 0 may ``guess N``
  (+1 if right, -1 if wrong) or ``pass`` (a draw). Knowing the card one would
  guess it; not knowing it, passing is best (a guess is worth -1/3 on average).
- ``tiny-react``: a reaction during another player's turn. Player 1 holds a hidden
  shield or not. Player 0 may ``wait`` (a draw) or ``attack``; then player 1, in
  player 0's turn, answers ``block`` (with the shield he wins, without it he
  loses) or ``allow`` (player 0 scores +0.5), and player 0 ends his turn. The
  right answer depends on player 1's own hidden card: block with it, allow without.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from civtable.core.action import Action
from civtable.core.errors import IllegalActionError
from civtable.core.events import ROOT, Viewer
from civtable.core.game import Game
from civtable.core.info import GameInfo
from civtable.core.reader import Reader, shown
from civtable.core.reference import Table
from civtable.core.registry import register_game
from civtable.core.rng import Rng
from civtable.core.state import State


def tiny_info(game_id: str, name: str, simultaneous: bool = False, hidden: bool = False,
              reactions: bool = False) -> GameInfo:
    return GameInfo(id=game_id, name=name, min_players=2, max_players=2, default_players=2,
                    simultaneous=simultaneous, reactions=reactions, hidden_information=hidden, chance=hidden,
                    rules="", rule_prefix="TINY", language="en", summary=name)


class TinyState(State):
    """A state whose fields are immutable values in one dict (cheap clone, JSON as is)."""

    def __init__(self, game: Game, **fields: Any) -> None:
        self.game = game
        self.f = fields
        self.journal = ROOT

    @property
    def turn(self) -> int:
        return 1

    def clone(self) -> TinyState:
        s = type(self)(self.game, **self.f)
        s.journal = self.journal
        return s

    def to_json(self) -> dict[str, Any]:
        return dict(self.f)

    def is_terminal(self) -> bool:
        return self.f["result"] is not None

    def returns(self) -> list[float]:
        r = self.f["result"]
        return [0.0, 0.0] if r is None else [float(r), float(-r)]

    def winners(self) -> list[int]:
        r = self.f["result"]
        return [0] if r == 1 else [1] if r == -1 else []

    def apply(self, player: int, action: Action | str) -> None:
        found = {a.text: a for a in self.legal_actions(player)}.get(str(action))
        if found is None:
            raise IllegalActionError(f"{shown(str(action))} is not legal for player {player} now")
        self.emit_move(player, found, private=len(self.to_move()) > 1 or self.game.info.simultaneous)
        self.play(player, str(action))

    def play(self, player: int, text: str) -> None:
        raise NotImplementedError

    def observation(self, player: Viewer) -> dict[str, Any]:
        return {k: v for k, v in self.f.items() if k not in self.hidden(player)}

    secret: str = ""
    """A field that only player 1 sees until the end (``secret_values`` possible values)."""
    secret_values = 0

    def hidden(self, player: Viewer) -> set[str]:
        return {self.secret} if self.secret and player != 1 and not self.is_terminal() else set()

    def determinize(self, player: Viewer, rng: Rng) -> State:
        if not self.hidden(player):
            return self.clone().silence()
        return type(self)(self.game, **{**self.f, self.secret: rng.below(self.secret_values)}).silence()


class TinyGame(Game):
    state_class: type[TinyState] = TinyState
    start: dict[str, Any] = {}

    def new_state(self, seed: int | None = None) -> TinyState:
        return self.state_class(self, **self.start)

    def read_state(self, reader: Reader) -> TinyState:
        return self.state_class(self, **{k: v for k, v in reader.data.items() if k != "game"})

    def bots(self) -> Mapping[str, Any]:
        return {}

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        return repr(obs)

    def reference(self) -> Sequence[Table]:
        return ()


# ------------------------------------------------------------------ tiny-win
DOORS = [Action("pick", n) for n in range(5)]


class WinState(TinyState):
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (self.f["mover"],)

    def legal_actions(self, player: int) -> list[Action]:
        return list(DOORS) if player in self.to_move() else []

    def play(self, player: int, text: str) -> None:
        if player == 1:
            self.f = {**self.f, "result": -1}
        elif text == "pick 3":
            self.f = {**self.f, "result": 1}
        else:
            self.f = {**self.f, "mover": 1}


class TinyWin(TinyGame):
    info = tiny_info("tiny-win", "Tiny forced win")
    state_class = WinState
    start = {"mover": 0, "result": None}


# ------------------------------------------------------------------ tiny-pennies
COINS = [Action("heads"), Action("tails")]


class PenniesState(TinyState):
    def to_move(self) -> tuple[int, ...]:
        return tuple(p for p in (0, 1) if self.f["coins"][p] is None)

    def legal_actions(self, player: int) -> list[Action]:
        return list(COINS) if player in self.to_move() else []

    def play(self, player: int, text: str) -> None:
        coins = list(self.f["coins"])
        coins[player] = text
        result = None if None in coins else (1 if coins[0] == coins[1] else -1)
        self.f = {**self.f, "coins": tuple(coins), "result": result}

    def observation(self, player: Viewer) -> dict[str, Any]:
        coins = self.f["coins"]
        shown = list(coins) if self.is_terminal() else [None if c is None else "chosen" for c in coins]
        if not self.is_terminal() and player is not None:
            shown[player] = coins[player]
        return {"coins": shown, "result": self.f["result"]}

    def determinize(self, player: Viewer, rng: Rng) -> State:
        coins = list(self.f["coins"])
        for p in (0, 1):
            if p != player and not self.is_terminal() and coins[p] is not None:
                coins[p] = rng.choice(["heads", "tails"])
        return PenniesState(self.game, **{**self.f, "coins": tuple(coins)}).silence()


class TinyPennies(TinyGame):
    info = tiny_info("tiny-pennies", "Matching pennies", simultaneous=True, hidden=True)
    state_class = PenniesState
    start = {"coins": (None, None), "result": None}


# ------------------------------------------------------------------ tiny-guess
GUESSES = [Action("guess", n) for n in range(3)] + [Action("pass")]


class GuessState(TinyState):
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_terminal() else (0,)

    def legal_actions(self, player: int) -> list[Action]:
        return list(GUESSES) if player in self.to_move() else []

    def play(self, player: int, text: str) -> None:
        result = 0 if text == "pass" else (1 if text == f"guess {self.f['card']}" else -1)
        self.f = {**self.f, "result": result}

    secret, secret_values = "card", 3


class TinyGuess(TinyGame):
    info = tiny_info("tiny-guess", "Guess the hidden card", hidden=True)
    state_class = GuessState

    def new_state(self, seed: int | None = None) -> TinyState:
        return GuessState(self, card=Rng(seed or 0).below(3), result=None)


# ------------------------------------------------------------------ tiny-react
REACT_ACTIONS = {"turn": [Action("attack"), Action("wait")], "react": [Action("allow"), Action("block")],
                 "end": [Action("end")]}


class ReactState(TinyState):
    def to_move(self) -> tuple[int, ...]:
        if self.is_terminal():
            return ()
        return (1,) if self.f["stage"] == "react" else (0,)

    def legal_actions(self, player: int) -> list[Action]:
        return list(REACT_ACTIONS[self.f["stage"]]) if player in self.to_move() else []

    def play(self, player: int, text: str) -> None:
        f = self.f
        if text == "wait":
            self.f = {**f, "result": 0}
        elif text == "attack":
            self.f = {**f, "stage": "react"}
        elif text == "block":
            self.f = {**f, "stage": "end", "pending": -1 if f["shield"] else 1}
        elif text == "allow":
            self.f = {**f, "stage": "end", "pending": 0.5}
        else:  # end: player 0's turn is over
            self.f = {**f, "result": f["pending"]}

    def returns(self) -> list[float]:
        r = self.f["result"]
        return [0.0, 0.0] if r is None else [float(r), float(-r)]

    def winners(self) -> list[int]:
        r = self.f["result"]
        return [0] if r and r > 0 else [1] if r and r < 0 else []

    secret, secret_values = "shield", 2


class TinyReact(TinyGame):
    info = tiny_info("tiny-react", "A reaction in another player's turn", hidden=True, reactions=True)
    state_class = ReactState

    def new_state(self, seed: int | None = None) -> TinyState:
        return ReactState(self, stage="turn", shield=Rng(seed or 0).below(2), pending=None, result=None)


for _game in (TinyWin, TinyPennies, TinyGuess, TinyReact):
    register_game(_game.id, f"{__name__}:{_game.__name__}")
