"""The growth model: a simulated solo player that answers the companion's questions.

The automa only needs to know a few things about the player, and in simulation
they come from a small model of how a civilization grows. Each rate is per turn
and accumulates exactly (``floor(rate x turn)`` items by the end of a turn), so
the model has no chance of its own except which unit cards it builds and draws:

    culture=2      culture tokens kept per turn (after the culture track's costs)
    resources=0.5  resource tokens gained per turn
    units=0.5      unit cards built per turn (infantry, mounted or artillery at random,
                   the card drawn from the base deck's mix); start=3 cards at the start
    upgrade=4      turns per rank: rank I in turns 1-4, II in 5-8, III in 9-12, IV in 13-16
                   (0: rank I for ever); every card of the player has the current rank
    hand=6         battle hand defending the capital (base 3 + 3 for a city), at most the cards held
    attack=3       combat card limit attacking with one army (military events)
    bonus=0.25     combat bonus gained per turn (standard value; halved by SOLO-4.3.4)
    cards=0.4      culture event cards gained per turn that cancel events 1-2
    destroyers=0.1 destructive culture event cards per turn (SOLO-4.3.5 and SOLO-6.3)
    people=0.25, buildings=0.5, armies=0.25 (plus 1 army at the start, at most 6)
    fortified=0    the turn from which the capital is fortified (0: never)
    buy=0          culture event cards bought per turn in the trade (8 trade points each)
    win=1          the chance that a civilization which survives to the end has won

Policy: ordinary cards cancel events 1-2 (faces 1-4); destructive cards cancel
battles and military events (cancel-cards A) or cut a military event's strength;
battles are played by :func:`policy.player_policy`. Survival is what the model
measures: with ``win=1`` a civilization that survives the 16 turns counts as won.
"""

from __future__ import annotations

from typing import Any

from civtable.agents.base import Agent, AgentFactory, PlayerView, check_params
from civtable.core.action import Action
from civtable.core.errors import AgentError
from civtable.core.game import Game

from ..catalog import BASIC_UNITS, Tables
from ..rules.combat import Battle
from ..rules.entry import COUNTS
from ..state import LATE_STAGES
from .policy import player_policy, player_tie_choice

DEFAULTS: dict[str, float] = {
    "culture": 2.0, "resources": 0.5, "units": 0.5, "start": 3, "upgrade": 4, "hand": 6, "attack": 3,
    "bonus": 0.25, "cards": 0.4, "destroyers": 0.1, "people": 0.25, "buildings": 0.5, "armies": 0.25,
    "fortified": 0, "buy": 0, "win": 1.0,
}
INTEGER = frozenset({"start", "upgrade", "hand", "attack", "fortified", "buy"})


def grown(rate: float, turn: int) -> int:
    """Items gained by the end of ``turn`` at ``rate`` per turn (exact, no chance)."""
    return int(rate * turn + 1e-9) if turn > 0 else 0


class GrowthModel(Agent):
    """A player whose supply grows by fixed rates; it answers from that supply."""

    def __init__(self, seed: int, tables: Tables, params: dict[str, float]) -> None:
        super().__init__(seed)
        self.tables = tables
        self.p = params
        self.turn_grown = 0
        self.seen = 0
        self.supply: dict[str, int] = {"culture": 0, "resources": 0, "people": 0, "buildings": 0, "armies": 1,
                                       "cards": 0, "destroyers": 0}
        self.units: list[tuple[str, int]] = []  # (type, strength at rank I)
        for i in range(int(params["start"])):
            self.units.append((BASIC_UNITS[i % 3], self._card()))
        self.plan: list[str] = []
        self.plan_key: tuple[Any, ...] | None = None
        self.bought: dict[int, int] = {}

    # ------------------------------------------------------------ the supply
    def _card(self) -> int:
        """A card of the base deck's mix (3 weak, 9 common, 3 strong): its rank-I strength."""
        deck = self.tables.decks["infantry"]
        return deck[self.rng.below(len(deck))][0]

    def rank(self, turn: int) -> int:
        up = int(self.p["upgrade"])
        return 1 if up <= 0 else min(4, 1 + (max(turn, 1) - 1) // up)

    def _grow(self, t: int) -> None:
        p = self.p
        for key in ("culture", "resources", "people", "buildings", "cards", "destroyers"):
            self.supply[key] += grown(p[key], t) - grown(p[key], t - 1)
        self.supply["armies"] = min(6, self.supply["armies"] + grown(p["armies"], t) - grown(p["armies"], t - 1))
        for _ in range(grown(p["units"], t) - grown(p["units"], t - 1)):
            self.units.append((BASIC_UNITS[self.rng.below(3)], self._card()))

    def _apply(self, entry: list[Any]) -> None:
        """What the automa took (the state's ledger), applied to the model's supply."""
        _, item, change, detail = entry
        if item == "unit":
            kind, rank, strength = detail
            base = strength if kind == "aircraft" else self._base(kind, rank, strength)
            if (kind, base) in self.units:
                self.units.remove((kind, base))
            return
        if item == "tokens":  # a shared debt paid: culture first, then resources
            take = -change
            for key in ("culture", "resources"):
                k = min(take, self.supply[key])
                self.supply[key] -= k
                take -= k
            return
        key = {"card": "cards", "destroyer": "destroyers"}.get(item, item)
        if key in self.supply:
            self.supply[key] = max(0, self.supply[key] + change)

    def _base(self, kind: str, rank: int, strength: int) -> int:
        for card in self.tables.decks[kind]:
            if card[min(max(rank, 1), 4) - 1] == strength:
                return card[0]
        return strength

    def _sync(self, obs: dict[str, Any]) -> None:
        t = obs["turn"]
        stage = obs["resume"] if obs["stage"] == "check" else obs["stage"]
        upto = t if stage in LATE_STAGES else t - 1
        while self.turn_grown < upto:
            self.turn_grown += 1
            self._grow(self.turn_grown)
        ledger = obs["ledger"]
        for entry in ledger[self.seen:]:
            self._apply(entry)
        self.seen = len(ledger)

    def unit_texts(self, units: list[tuple[str, int]], turn: int) -> list[str]:
        r = self.rank(turn)
        return sorted(f"unit {k} {r} {self.tables.strength_at(k, b, r)}" for k, b in units)

    # ------------------------------------------------------------ answers
    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        self._sync(obs)
        texts = {a.text: a for a in legal}
        choice = self._answer(obs, texts)
        return texts.get(choice) or legal[0]

    def _answer(self, obs: dict[str, Any], texts: dict[str, Action]) -> str:
        ask: str = obs["ask"]
        t = obs["turn"]
        p = self.p
        if ask == "dice":
            return f"die {self.rng.below(6) + 1}"
        if ask in COUNTS:
            value = {"bonus": grown(p["bonus"], self.turn_grown), "limit": int(p["attack"])}.get(
                ask, self.supply.get(ask, 0))
            return _clamped(ask, value, texts)
        if ask.startswith("gained:"):
            kind = ask.split(":")[1]
            keys = ("culture", "resources") if kind == "tokens" else (kind,)
            n = sum(grown(p[k], t) - grown(p[k], t - 1) for k in keys)
            return _clamped(f"gained {kind}", n, texts)
        if ask in ("units", "hand"):
            return self._entry(obs, ask, texts)
        if ask == "cancel":
            face = obs["event"]["face"]
            key = "cards" if face <= 4 else "destroyers"
            return "cancel" if self.supply[key] > 0 else "accept"
        if ask == "destroy":
            return "destroy" if self.supply["destroyers"] > 0 else "accept"
        if ask == "fortified":
            f = int(p["fortified"])
            return "fortified yes" if 0 < f <= t else "fortified no"
        if ask == "trade":
            return "trade roll" if self.bought.get(t, 0) < int(p["buy"]) else "trade skip"
        if ask == "buy":
            if self.bought.get(t, 0) < int(p["buy"]) and "buy culture-event-card" in texts:
                self.bought[t] = self.bought.get(t, 0) + 1
                return "buy culture-event-card"
            return "done"
        if ask == "give":
            if "pay" in texts:
                return "pay"
            gives = [x for x in texts if x.startswith("give trade-point ")]
            return max(gives, key=lambda x: int(x.split()[-1])) if gives else "cancel"
        if ask.startswith("phase:"):
            if ask == "phase:end" and obs["final"]:
                return "won" if self.rng.random() < p["win"] else "next"
            return "next"
        if ask == "play":
            battle = _battle(obs)
            h, front = player_policy(battle, self.rng)
            u = battle.player_hand[h]
            return f"play {u.kind} {u.strength} " + ("new" if front is None else f"front {front + 1}")
        if ask == "tie":
            battle = _battle(obs)
            targets = [int(x.split()[-1]) - 1 for x in texts]
            return f"lose front {player_tie_choice(battle, targets) + 1}"
        return "start" if "start" in texts else next(iter(texts))

    def _entry(self, obs: dict[str, Any], ask: str, texts: dict[str, Action]) -> str:
        """Unit cards, one per answer, from a plan made at the first card."""
        key = (ask, obs["turn"], obs["stage"], len(obs["ledger"]))
        if not obs["entry"] and key != self.plan_key:
            self.plan_key = key
            if ask == "units":
                mine = self.unit_texts(self.units, obs["turn"])
                known = sorted(_unit_text(u) for u in obs["units"]) if obs["units"] is not None else None
                self.plan = ["same"] if known == mine and "same" in texts else mine + ["done"]
            else:
                cards = list(self.units)
                self.rng.shuffle(cards)
                self.plan = self.unit_texts(cards[:int(self.p["hand"])], obs["turn"]) + ["done"]
        while self.plan:
            nxt = self.plan.pop(0)
            if nxt in texts:
                return nxt
        return "done"


def _unit_text(u: list[Any]) -> str:
    kind, rank, strength = u
    return f"unit aircraft {strength}" if kind == "aircraft" else f"unit {kind} {rank} {strength}"


def _clamped(prefix: str, value: int, texts: dict[str, Action]) -> str:
    nums = [int(x.split()[-1]) for x in texts if x.startswith(prefix + " ")]
    if not nums:
        return next(iter(texts))
    return f"{prefix} {min(max(value, min(nums)), max(nums))}"


def _battle(obs: dict[str, Any]) -> Battle:
    """The battle as the player sees it: the opponent's face-down cards are placeholders."""
    data = dict(obs["battle"])
    data["opponent_deck"] = [{"kind": "infantry", "strength": 1}] * data["opponent_deck"]
    return Battle.from_json(data)


def make_model(game: Game, seed: int, params: dict[str, str]) -> Agent:
    check_params("model", params, set(DEFAULTS))
    values = dict(DEFAULTS)
    for key, raw in params.items():
        try:
            number = float(raw)
        except ValueError:
            raise AgentError(f"bot parameter {key!r} must be a number, not {raw!r}") from None
        if number < 0 or (key == "win" and number > 1):
            raise AgentError(f"bot parameter {key!r} must be {'between 0 and 1' if key == 'win' else 'at least 0'}, "
                             f"not {raw}")
        if key in INTEGER and number != int(number):
            raise AgentError(f"bot parameter {key!r} must be a whole number, not {raw}")
        values[key] = number
    return GrowthModel(seed, game.tables, values)  # type: ignore[attr-defined]


FACTORIES: dict[str, AgentFactory] = {"model": make_model}
