"""The greedy bot and the strategy-file bot of Civilization: The Card Game as they read
the observation dict before issue 18 (a verbatim copy of ``bots.py`` and of the bot part
of ``strategy.py`` at efef49d, imports adjusted, with the later change of the value of a
building in hand, as in ``bots/heuristic.py``): the reference the fast bots, which read
``SeatView``, must agree with decision by decision (``test_bot_views.py``). What does not
read the position, how a strategy file is followed (``FileBot``) and how its terms are
summed and compared (``Quantities``), is no longer copied: it is ``strategy.py``'s, and
this bot reads the observation where that one reads the view."""

# ruff: noqa
# mypy: ignore-errors

from __future__ import annotations

from typing import Any

from civtable.agents.base import Agent, AgentFactory, PlayerView, check_params
from civtable.core.action import Action
from civtable.core.game import Game

from civtable.games.civ_card_game.catalog import BUILDING, RESOURCE, RESOURCES, UNIT, WONDER, CardSet
from civtable.games.civ_card_game.bots.strategy import FileBot, Quantities, Entry, Strategy
from collections.abc import Callable, Sequence

RES = ("food", "hammers", "commerce")
SEAT_KEYS: dict[str, Callable[[dict[str, Any]], int]] = {
    "leader": lambda v: int(v["vp"]), "richest": lambda v: sum(v["resources"].values()),
    "most-cards": lambda v: int(v["hand_size"]), "fewest-cards": lambda v: -int(v["hand_size"])}
Obs = dict[str, Any]
ByKind = dict[str, list[Action]]


class HeuristicBot(Agent):
    """Victory points per resource, with sensible combat."""

    def __init__(self, seed: int, cards: CardSet) -> None:
        super().__init__(seed)
        self.cards = {c.id: c for c in cards.cards}
        self.plots = {p.id: p for p in cards.plots}
        self.techs = {t.id: t for t in cards.techs}
        self.numbers = cards.numbers

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:  # before the observation, the dearest part of a decision
            return legal[0]
        obs = view.observation
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        me = obs["players"][obs["player"]]
        handler = getattr(self, "_" + obs["phase"].replace("-", "_"), None)
        choice = handler(obs, me, by_kind, legal) if handler else None
        return choice if choice is not None else legal[0]

    # ------------------------------------------------------------- set-up
    def _plot_value(self, plot_id: str) -> float:
        y = self.plots[plot_id].yields
        return y[0] * 1.1 + y[1] + y[2] * 1.2 + 0.3 * sum(1 for v in y if v)

    def _draft(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return max(by_kind["draft"], key=lambda a: (self._plot_value(a.args[0]), a.text))

    def _free_population(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return max(by_kind["place"], key=lambda a: (self._plot_value(me["plots"][a.args[0] - 1]["plot"]), -a.args[0]))

    def _card_value(self, card_id: str, obs: dict[str, Any]) -> float:
        c = self.cards[card_id]
        if c.kind == WONDER:
            return 4 + c.culture * 0.3
        if c.kind == BUILDING:  # the discard change after issue 18's speed work, as in bots/heuristic.py
            return 0.1 * (sum(c.plot_yield) + c.culture * 0.5 + c.happiness * 0.5 + c.walls)
        if c.kind == UNIT:
            return 1.5 + (0.5 if c.defend else 0) + (c.population_damage + c.building_damage) * 0.5
        return 1 + sum(c.yields) * 0.3 if c.kind == RESOURCE else 1

    def _discard_worst(self, obs: Obs, by_kind: ByKind) -> Action:
        return min(by_kind["discard"], key=lambda a: (self._card_value(a.args[0], obs), a.text))

    def _start_discard(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return self._discard_worst(obs, by_kind)

    def _discard(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return self._discard_worst(obs, by_kind)

    # ------------------------------------------------------------ the turn
    def _resource_need(self, obs: dict[str, Any], me: dict[str, Any]) -> str:
        """The resource that brings the cheapest next victory point closest."""
        res = me["resources"]
        best, best_gap = "food", 1e9
        for t in obs["tech_display"]:
            gap = self._tech_cost(t, me) - res["commerce"]
            if gap < best_gap:
                best, best_gap = "commerce", gap
        pops = [self.numbers["population_cost_base"] + self.numbers["population_cost_step"] * pl["population"]
                for pl in me["plots"]]
        if pops and min(pops) - res["food"] < best_gap:
            best, best_gap = "food", min(pops) - res["food"]
        for cid, k in me.get("hand", {}).items():
            card = self.cards[cid]
            if k and card.kind == WONDER and card.cost - res["hammers"] < best_gap:
                best, best_gap = "hammers", card.cost - res["hammers"]
        return best

    def _collect(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        need = self._resource_need(obs, me)
        for a in by_kind["yield"]:
            if a.args[0] == need:
                return a
        return by_kind["yield"][0]

    def _tech_cost(self, tech_id: str, me: dict[str, Any]) -> int:
        discount = sum(self.techs[t].discount[0] for t in me["technologies"])
        discount += sum(self.cards[c].discount[0] for pl in me["plots"] for c in pl["cards"])
        return max(0, self.techs[tech_id].cost - discount)

    def _score(self, a: Action, obs: dict[str, Any], me: dict[str, Any]) -> float:
        kind = a.kind
        res = me["resources"]
        if kind == "cash":
            return 100.0
        if kind in ("writing", "laws"):  # the richest target; random among equals
            other = obs["players"][a.args[0]]
            loot: int = other["hand_size"] if kind == "writing" else sum(other["resources"].values())
            return 50.0 + loot + self.rng.random() * 0.5
        if kind == "tech":
            tech = self.techs[a.args[0]]
            value = 1.0 + 0.15 * (sum(tech.yields) + sum(tech.discount) + tech.extra_draw + tech.two_slots
                                  + tech.culture + tech.happiness)
            if obs["tech_display"] == [a.args[0]] and obs["tech_deck_size"] == 0:
                # the last technology ends the game: only when it wins
                mine = me["vp"] + 1
                best_other = max(p["vp"] for p in obs["players"] if p["seat"] != obs["player"])
                return 1000.0 if mine > best_other else -1.0
            return value / max(1, self._tech_cost(a.args[0], me))
        if kind == "pop":
            plot = me["plots"][a.args[0] - 1]
            pop_cost: int = self.numbers["population_cost_base"] + self.numbers["population_cost_step"] * plot["population"]
            return 1.25 / pop_cost
        if kind == "build":
            card = self.cards[a.args[0]]
            cost = max(1, card.cost)
            if card.kind == WONDER:
                return (1.2 + 0.1 * (card.culture + card.happiness + sum(card.yields))) / cost
            plot = me["plots"][a.args[1] - 1]
            value = 0.35 * (sum(card.plot_yield) + sum(card.yields) + card.walls + card.culture * 0.5
                            + card.happiness * 0.5 + sum(card.discount))
            if card.granary:
                value += 0.35 * self.plots[plot["plot"]].yields[0]
            return value / cost
        if kind == "plot":
            plot_cost: int = sum(1 for _ in me["plots"]) * self.numbers["plot_cost_step"]
            keep_commerce = 1.001 if a.args[-1] == "spare-commerce" else 1.0  # Commerce buys technologies
            return self._plot_value(a.args[0]) * 0.08 / max(1, plot_cost) * 3 * keep_commerce
        if kind == "trade":
            return self._trade_score(a, obs, me, res)
        return 0.0

    def _trade_score(self, a: Action, obs: dict[str, Any], me: dict[str, Any], res: dict[str, int]) -> float:
        """Trade only toward a technology that the trade makes affordable now."""
        out = a.args[-1]
        if out != "commerce":
            return 0.0
        spent = a.args[0].split("+")
        if len(spent) == 1:
            spent = spent * 3
        if "commerce" in spent:
            return 0.0
        for t in obs["tech_display"]:
            if self._tech_cost(t, me) == res["commerce"] + 1:
                return 0.02
        return 0.0

    def _purchase(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        best, best_score = None, 0.0
        for a in legal:
            score = self._score(a, obs, me)
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        if "attack" in by_kind:
            return self._declare_attack(obs, me, by_kind)
        return (by_kind.get("done") or by_kind.get("fight") or legal)[0]

    # --------------------------------------------------------------- combat
    def _declare_attack(self, obs: Obs, me: Obs, by_kind: ByKind) -> Action:
        # ties are broken at random: a tie-break by seat number would favour some seats
        noise = {a.text: self.rng.random() for a in by_kind["attack"]}

        def target_value(a: Action) -> tuple[float, float]:
            seat = a.args[1]
            other = obs["players"][seat]
            unit = self.cards[a.args[0]]
            gain: float = unit.population_damage * (1 if any(pl["population"] for pl in other["plots"]) else 0)
            gain += unit.building_damage * 0.5 * sum(len(pl["cards"]) for pl in other["plots"])
            return (gain + other["vp"] * 0.05 - other["hand_size"] * 0.02, noise[a.text])

        return max(by_kind["attack"], key=target_value)

    def _declare(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        if "attack" in by_kind:
            return self._declare_attack(obs, me, by_kind)
        return (by_kind.get("fight") or by_kind.get("pass") or legal)[0]

    def _redeclare(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return self._declare(obs, me, by_kind, legal)

    def _siege(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return next(a for a in legal if a.args[0] == "yes")

    def _damage_of(self, unit_id: str) -> float:
        u = self.cards[unit_id]
        return u.population_damage * 2 + u.building_damage

    def _bounce(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self._damage_of(a.args[0]), a.text))

    def _defend(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        blocks = by_kind.get("block")
        if not blocks:
            return by_kind["done"][0]
        # the most damaging attacker, with the least valuable blocker
        return max(blocks, key=lambda a: (self._damage_of(a.args[0]), -self._card_value(a.args[1], obs), a.text))

    def _lose_population(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        def cost(a: Action) -> tuple[float, int]:
            pl = me["plots"][a.args[0] - 1]
            slot_loss = 1 if pl["population"] == self.numbers["slot_population"] and len(pl["cards"]) > 1 else 0
            return (slot_loss * 5 + self._plot_value(pl["plot"]), a.args[0])

        return min(legal, key=cost)

    def _gain_population(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (self._plot_value(me["plots"][a.args[0] - 1]["plot"]), -a.args[0]))

    def _destroy_building(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: (self.cards[a.args[0]].cost, a.text))

    def _take_resources(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (RES.index(a.args[0]), a.text))

    def _give_resources(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: (RES.index(a.args[0]), a.text))

    def _draw(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (a.args[0], a.text))

    def _steal_window(self, obs: Obs, me: Obs, by_kind: ByKind, legal: list[Action]) -> Action:
        steals = [a for a in legal if a.kind in ("writing", "laws")]
        if steals:
            return max(steals, key=lambda a: self._score(a, obs, me))
        return by_kind["pass"][0]


# ------------------------------------------------------------------ the bot
class Seen(Quantities):
    """The quantities of conditions, read from one observation (the viewer's)."""

    def __init__(self, bot: HeuristicBot, obs: dict[str, Any]) -> None:
        self.bot = bot
        self.obs = obs
        self.me = obs["players"][obs["player"]]
        self.rivals = [v for v in obs["players"] if v["seat"] != obs["player"]]

    def count(self, view: dict[str, Any], name: str) -> int:
        res = view["resources"]
        if name in RESOURCES:
            return int(res[name])
        placed = [c for pl in view["plots"] for c in pl["cards"]]
        kinds = self.bot.cards
        simple: dict[str, Callable[[], int]] = {
            "resources": lambda: sum(res.values()), "vp": lambda: view["vp"],
            "population": lambda: sum(pl["population"] for pl in view["plots"]), "plots": lambda: len(view["plots"]),
            "techs": lambda: len(view["technologies"]), "culture": lambda: view["culture"],
            "happiness": lambda: view["happiness"], "hand": lambda: view["hand_size"],
            "wonders": lambda: sum(1 for c in placed if kinds[c].kind == WONDER),
            "buildings": lambda: sum(1 for c in placed if kinds[c].kind == BUILDING),
        }
        return int(simple[name]())

    def owned(self, view: dict[str, Any], thing: str) -> int:
        if thing in self.bot.techs:
            return int(thing in view["technologies"])
        return sum(1 for pl in view["plots"] for c in pl["cards"] if self.is_a(c, thing))

    def is_a(self, card: str, thing: str) -> bool:
        """A card is ``thing``: its own id, or in the group ``thing``."""
        if card == thing:
            return True
        c = self.bot.cards.get(card)
        if c is None:
            return False
        return {"unit": c.kind == UNIT, "attacker": c.attack, "defender": c.defend, "building": c.kind == BUILDING,
                "wonder": c.kind == WONDER, "resource": c.kind == RESOURCE}.get(thing, False)

    def mine(self, head: str, term: tuple[str, ...]) -> int:
        obs = self.obs
        if head == "turn":
            return int(obs["turn"])
        if head == "techs_left":
            return len(obs["tech_display"]) + int(obs["tech_deck_size"])
        if head == "deck":
            return int(obs["deck_size"])
        if head in ("declared", "attacked"):
            combat = obs["combat"] or {"attacks": []}
            if head == "declared":
                return sum(1 for a in combat["attacks"] if combat["attacker"] == obs["player"])
            return sum(1 for a in combat["attacks"] if a["defender"] == obs["player"] and a["status"] == "active")
        thing = term[1]
        if head == "owned":
            return self.owned(self.me, thing)
        if head == "hand":
            return sum(k for c, k in self.me.get("hand", {}).items() if self.is_a(c, thing))
        if head == "display":
            return (thing in obs["tech_display"]) + sum(1 for p in obs["plot_display"] if p == thing)
        return self.cost(thing)

    def cost(self, thing: str) -> int:
        """What a technology, building or wonder costs the player now (his discounts)."""
        d = self.me["discounts"]
        if thing in self.bot.techs:
            return max(0, self.bot.techs[thing].cost - int(d[0]))
        c = self.bot.cards.get(thing)
        if c is None or c.kind not in (BUILDING, WONDER):
            return 0
        return max(0, c.cost - int(d[2] if c.kind == WONDER else d[1]))


class RulesBot(FileBot, HeuristicBot):
    """The greedy bot, told by a strategy file what to prefer."""

    def __init__(self, seed: int, cards: CardSet, strategy: Strategy) -> None:
        super().__init__(seed, cards)
        self.strategy = strategy

    def act(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        choice = self._by_file(obs["phase"], obs["combat"] is not None, Seen(self, obs), legal)
        return choice if choice is not None else super().act(view)

    def _attack(self, seen: Seen, attacks: list[Action]) -> Action:
        return self._declare_attack(seen.obs, seen.me, {"attack": attacks})

    def _card_is(self, a: Action, what: str, seen: Seen) -> bool:
        return seen.is_a(str(a.args[0]), what)

    def _pick(self, entry: Entry, matches: list[Action], seen: Seen) -> Action:
        """Among the actions an entry matches: the seat it names, then the greedy bot's preference."""
        obs, me = seen.obs, seen.me
        kind = entry.kind
        selector = entry.second if kind == "attack" else entry.what if kind in ("writing", "laws") else None
        if selector is not None:
            seat = 1 if kind == "attack" else 0
            key = SEAT_KEYS[selector]
            best = max(key(obs["players"][a.args[seat]]) for a in matches)
            matches = [a for a in matches if key(obs["players"][a.args[seat]]) == best]
        if len(matches) == 1:
            return matches[0]
        if kind == "attack":
            return self._declare_attack(obs, me, {"attack": matches})
        if kind == "block":
            return max(matches, key=lambda a: (self._damage_of(a.args[0]), -self._card_value(a.args[1], obs), a.text))
        if kind == "discard":
            return self._discard_worst(obs, {"discard": matches})
        if kind == "draft":
            return max(matches, key=lambda a: (self._plot_value(a.args[0]), a.text))
        if kind == "trade":  # pay with the resources held most
            res = me["resources"]
            return max(matches, key=lambda a: (sum(res[x] for x in _paid(a)), a.text))
        scores = [self._score(a, obs, me) for a in matches]  # once each: a theft's score has a random part
        return matches[scores.index(max(scores))]

    def _greedy(self, seen: Seen, legal: list[Action], section: str) -> Action | None:
        """The greedy bot's choice in this step."""
        obs, me = seen.obs, seen.me
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if section == "buy":
            return self._purchase(obs, me, by_kind, legal)
        if section == "attack":
            return self._declare_attack(obs, me, by_kind) if "attack" in by_kind else None
        handler = getattr(self, "_" + obs["phase"].replace("-", "_"), None)
        return handler(obs, me, by_kind, legal) if handler else None


def _paid(a: Action) -> Sequence[str]:
    """The resources a trade pays: ``trade food+food+hammers for commerce``, ``trade food for commerce``."""
    spent = str(a.args[0]).split("+")
    return spent * 3 if len(spent) == 1 else spent
