"""A tiny 2-player game that keeps every contract, for testing the simulator and CLI.

Nim with chance and hidden cards: each turn the mover takes 1 to ``max-take``
counters from a pile; after a take the pile grows by one with probability 1/4.
Whoever takes the last counter scores 2, and each player adds a hidden card (0-2)
dealt at the start; the higher score wins, equal scores draw. With
``opening=bid`` both players first bid 0-2 points at once (a simultaneous step):
the higher bid moves first and pays its bid.

At the end it reports two figures for the simulator (``game_stats``): the share
of the points scored (cards and last take) that came from the last take, and,
when someone won, the winning margin.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from civtable.agents.base import Agent, AgentFactory, PlayerView
from civtable.core.action import Action
from civtable.core.errors import IllegalActionError, InvalidStateError, OptionError
from civtable.core.events import ROOT, Viewer
from civtable.core.game import Game, OptionSpec
from civtable.core.info import GameInfo
from civtable.core.messages import N_
from civtable.core.reader import Reader, shown
from civtable.core.reference import Table
from civtable.core.rng import Rng
from civtable.core.spaces import ActionSpace, Encoding, Feature
from civtable.core.state import State

TAKES = {n: Action("take", n) for n in range(1, 6)}
BIDS = {n: Action("bid", n) for n in range(3)}
BY_TEXT = {a.text: a for a in (*TAKES.values(), *BIDS.values())}


class ToyNim(Game):
    info = GameInfo(id="toy-nim", name="Toy Nim", min_players=2, max_players=2, default_players=2,
                    simultaneous=True, reactions=False, hidden_information=True, chance=True,
                    rules="", rule_prefix="TOY", language="en", summary="Nim with chance and hidden cards")
    messages = {
        "pile.grew": N_("The pile grows by one to {pile:count:counter}."),
        "bids.revealed": N_("Bids: {bids}; {first:Player} moves first."),
    }
    option_specs = (
        OptionSpec("max-take", 3, "most counters one take may remove", minimum=1, maximum=5, rule="TOY-1"),
        OptionSpec("opening", "chance", "how the first player is chosen", choices=("chance", "bid"), rule="TOY-2",
                   readings={"chance": "chance picks", "bid": "simultaneous bids"}),
        OptionSpec("start-player", None, "who moves first (none: chance)", minimum=0, maximum=1),
    )

    def new_state(self, seed: int | None = None) -> ToyNimState:
        rng = Rng(seed or 0)
        s = ToyNimState(self)
        s.rng = rng
        s.pile = 8 + rng.below(8)
        s.cards = [rng.below(3), rng.below(3)]
        if self.options["opening"] == "bid":
            s.bids = [None, None]
        else:
            start = self.options["start-player"]
            s.player = rng.below(2) if start is None else start
        return s

    def read_state(self, reader: Reader) -> ToyNimState:
        r = reader
        s = ToyNimState(self)
        s.pile = r.count(r.get("pile"), "pile")
        s.cards = [r.integer(c, f"cards[{i}]", 0, 2) for i, c in enumerate(r.seq(r.get("cards"), "cards", 2))]
        bids = r.get("bids")
        s.bids = None if bids is None else [
            None if b is None else r.integer(b, f"bids[{i}]", 0, 2) for i, b in enumerate(r.seq(bids, "bids", 2))]
        s.paid = [r.integer(c, f"paid[{i}]", 0, 2) for i, c in enumerate(r.seq(r.get("paid"), "paid", 2))]
        s.player = r.seat(r.get("player"), "player", 2)
        s.last = None if r.get("last") is None else r.seat(r.get("last"), "last", 2)
        s._turn = r.integer(r.get("turn"), "turn", 1)
        s.rng = Rng.from_state(r.integer(r.get("rng"), "rng", 0, 2**64 - 1))
        if (s.pile == 0) != (s.last is not None):
            raise InvalidStateError("position field 'last' must name who emptied the pile, and only then")
        if s.bids is not None and (s.pile == 0 or any(s.paid)):
            raise InvalidStateError("position field 'bids' is set after the bidding")
        return s

    def render(self, obs: dict[str, Any], viewer: Viewer) -> str:
        lines = [f"Pile: {obs['pile']} counters. Your card: {obs['my_card']}. Turn {obs['turn']}."]
        if obs["bidding"]:
            lines.append("Bid 0-2 points to move first.")
        return "\n".join(lines)

    def action_space(self) -> ActionSpace:
        if not hasattr(self, "_space"):
            self._space = ActionSpace([*(a.text for a in TAKES.values()), *(a.text for a in BIDS.values())])
        return self._space

    ENCODING = Encoding([
        Feature("pile", 1, "counters in the pile / 32 (at most 1)"),
        Feature("my_card", 3, "one-hot: the seat's hidden card 0, 1, 2"),
        Feature("bidding", 1, "1 while the players bid"),
        Feature("paid", 2, "bid paid / 2, the seat first"),
        Feature("my_turn", 1, "1 when the seat is to move"),
    ])

    def encoding(self) -> Encoding:
        return self.ENCODING

    def encode(self, obs: dict[str, Any], viewer: int) -> Any:
        e = self.ENCODING
        v = e.zeros()
        v[e.slot("pile")] = min(obs["pile"], 32) / 32
        v[e.slot("my_card").start + obs["my_card"]] = 1
        v[e.slot("bidding")] = 1 if obs["bidding"] else 0
        v[e.slot("paid")] = [obs["paid"][viewer] / 2, obs["paid"][1 - viewer] / 2]
        v[e.slot("my_turn")] = 1 if viewer in obs["to_move"] else 0
        return v

    def value_items(self) -> Sequence[str]:
        return ("high-card",)

    def give_item(self, state: State, item: str, seat: int | None) -> None:
        """``high-card``: the seat's hidden card is a 2 (removed: nobody's card is)."""
        if item != "high-card":
            raise OptionError(f"toy-nim has no item {item!r}; items: high-card")
        assert isinstance(state, ToyNimState)
        if seat is None:
            state.cards = [min(c, 1) for c in state.cards]
        else:
            state.cards[seat] = 2

    def bots(self) -> Mapping[str, AgentFactory]:
        return {"greedy": lambda game, seed, params: TakeMost(seed)}

    def reference(self) -> Sequence[Table]:
        return (Table("Scores", ("What", "Points"), (("last take", "2"), ("hidden card", "0-2"))),)


class ToyNimState(State):
    __slots__ = ("game", "pile", "cards", "bids", "paid", "player", "last", "_turn", "rng")

    def __init__(self, game: ToyNim) -> None:
        self.game = game
        self.journal = ROOT
        self.pile = 0
        self.cards: list[int] = [0, 0]
        self.bids: list[int | None] | None = None
        self.paid = [0, 0]
        self.player = 0
        self.last: int | None = None
        self._turn = 1
        self.rng = Rng(0)

    @property
    def turn(self) -> int:
        return self._turn

    def to_move(self) -> tuple[int, ...]:
        if self.bids is not None:
            return tuple(p for p in (0, 1) if self.bids[p] is None)
        if self.pile == 0:
            return ()
        return (self.player,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_move():
            return []
        if self.bids is not None:
            return list(BIDS.values())
        top = min(self.pile, self.game.options["max-take"])
        return [TAKES[n] for n in range(1, top + 1)]

    def apply(self, player: int, action: Action | str) -> None:
        act = BY_TEXT.get(str(action))
        if act is None or act not in self.legal_actions(player):
            raise IllegalActionError(f"{shown(str(action))} is not legal for player {player} now")
        if self.bids is not None:
            self.emit_move(player, act, private=True)
            self.bids[player] = act.args[0]
            if None not in self.bids:
                b0, b1 = self.bids
                self.player = 0 if b0 > b1 else 1 if b1 > b0 else self.rng.below(2)
                self.paid[self.player] = max(b0, b1)  # type: ignore[type-var]
                self.emit("bids.revealed", {"bids": [b0, b1], "first": self.player})
                self.bids = None
            return
        self.emit_move(player, act)
        self.pile -= act.args[0]
        if self.pile == 0:
            self.last = player
            return
        if self.rng.below(4) == 0:
            self.pile += 1
            self.emit("pile.grew", {"pile": self.pile})
        self.player = 1 - player
        self._turn += 1

    def is_terminal(self) -> bool:
        return self.pile == 0

    def scores(self) -> list[int]:
        return [self.cards[p] - self.paid[p] + (2 if self.last == p else 0) for p in (0, 1)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        s = self.scores()
        return [] if s[0] == s[1] else [0 if s[0] > s[1] else 1]

    def holdings(self) -> dict[str, list[int]]:
        return {"high-card": [p for p in (0, 1) if self.cards[p] == 2]}

    def game_stats(self) -> dict[str, float]:
        stats = {"last_take_share": 2 / (2 + sum(self.cards))}
        s = self.scores()
        if s[0] != s[1]:
            stats["winning_margin"] = abs(s[0] - s[1])
        return stats

    def returns(self) -> list[float]:
        w = self.winners()
        return [0.0, 0.0] if not w else [1.0 if p in w else -1.0 for p in (0, 1)]

    def observation(self, player: Viewer) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "my_card": None if player is None else self.cards[player],
            "bidding": self.bids is not None,
            "my_bid": None if self.bids is None or player is None else self.bids[player],
            "paid": list(self.paid),
            "to_move": list(self.to_move()),
            "turn": self._turn,
        }

    def determinize(self, player: Viewer, rng: Rng) -> ToyNimState:
        s = self.clone()
        s.journal = None
        for other in (0, 1):
            if other == player:
                continue
            s.cards[other] = rng.below(3)
            if s.bids is not None and s.bids[other] is not None:
                s.bids[other] = rng.below(3)
        s.rng = Rng(rng.next64())
        return s

    def clone(self) -> ToyNimState:
        s = copy.copy(self)  # the numbers and the shared game; the lists copied below
        s.cards, s.paid = list(self.cards), list(self.paid)
        s.bids = None if self.bids is None else list(self.bids)
        s.rng = self.rng.clone()
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "toy-nim",
            "pile": self.pile,
            "cards": list(self.cards),
            "bids": None if self.bids is None else list(self.bids),
            "paid": list(self.paid),
            "player": self.player,
            "last": self.last,
            "turn": self._turn,
            "rng": self.rng.state,
        }


class TakeMost(Agent):
    """A 'greedy' bot for the toy game: always takes (or bids) as many as it may."""

    name = "greedy"

    def act(self, view: PlayerView) -> Action:
        return view.legal_actions[-1]
