"""The observation of Civilization: The Card Game as a fixed-size vector, for learning agents.

``Encoder(game)`` declares the features once per game object (their sizes follow the
card file and the player count) and fills them from ``observation(viewer)`` alone, so
nothing the viewer cannot see can reach the vector. Seats are seen from the viewer:
every per-seat block lists the viewer first, then the others in table order after
him (seat ``viewer + 1``, ``viewer + 2``, ...). Counts are divided by the maximum in
the feature's text and clipped to 1; flags and one-hots are 0 or 1.

The viewer's own plots are also encoded one by one, in plot-number order (the
numbers of ``build CARD N``, ``pop N``, ``lose N``...), up to the most plots a player
can own (``space.max_plots``).

``Encoder.encode_state`` reads the same vector straight from the state, incrementally
(``encode.StateEncoder``, compiled: what the learning environments call).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.spaces import Encoding, Feature

from .catalog import RESOURCES, UNIT
from .encode import (
    ATTACK_MAX,
    DISCOUNT_MAX,
    FREE_SLOTS_MAX,
    HAND_MAX,
    LEFT_MAX,
    PLACED_MAX,
    PLOT_POPULATION_MAX,
    PLOTS_MAX,
    POPULATION_MAX,
    RESOURCE_MAX,
    SLOTS_MAX,
    STAT_MAX,
    TURNS,
    TYPE_MAX,
    VP_MAX,
    StateEncoder,
)
from .space import max_plots
from .state import PHASE_NAMES, STATUS, CcgState

if TYPE_CHECKING:
    from .game import CivCardGame


class Encoder:
    """The features of one game object and the function that fills them."""

    def __init__(self, game: CivCardGame) -> None:
        r = game.rules
        cards = r.cards
        self.n = n = game.num_players
        self.top = top = max_plots(game)
        self.plot_index = {p.id: i for i, p in enumerate(cards.plots)}
        self.tech_index = {t: i for i, t in enumerate(r.tech_ids)}
        self.card_index = {c: i for i, c in enumerate(r.ids)}
        self.placed_index = {r.ids[c]: i for i, c in enumerate(r.placeable)}
        self.unit_index = {r.ids[c]: i for i, c in enumerate(r.units) if r.kind[c] == UNIT}
        self.phase_index = {name: i for i, name in enumerate(PHASE_NAMES)}
        self.status_index = {name: i for i, name in enumerate(STATUS)}
        k, t, c, w, u = len(cards.plots), len(r.tech_ids), r.n_cards, len(r.placeable), len(self.unit_index)
        self.k, self.t, self.w, self.u = k, t, w, u
        self.plot_width = k + 3
        self.card_counts = np.array(cards.card_counts, dtype=np.float32)
        self.plot_total = float(sum(cards.plot_counts))
        self.deck_total = float(sum(cards.card_counts))
        self.bank = float(r.numbers["population_bank"])
        seat = "per seat, the viewer first"
        self.encoding = Encoding([
            Feature("phase", len(PHASE_NAMES), "one-hot: the step being decided (" + ", ".join(PHASE_NAMES) + ")"),
            Feature("turn", 1, f"turn number / {TURNS}"),
            Feature("to_move", n, "one-hot, the viewer first: who decides now"),
            Feature("current", n, "one-hot, the viewer first: whose turn it is"),
            Feature("dealer", n, "one-hot, the viewer first: the dealer (the last seat of a round)"),
            Feature("my_hand", c, "the viewer's hand: count of each play-deck card (card-file order) / its count in the deck"),
            Feature("my_plots", top * self.plot_width,
                    f"the viewer's plots by number: plot type one-hot ({k}), population / {PLOT_POPULATION_MAX}, "
                    f"cards placed / {SLOTS_MAX}, slots / {SLOTS_MAX}; zeros where he has no such plot"),
            Feature("resources", n * 3, f"{seat}: food, hammers, commerce / {RESOURCE_MAX}"),
            Feature("hand_size", n, f"{seat}: cards in hand / {HAND_MAX}"),
            Feature("vp", n, f"{seat}: victory points / {VP_MAX}"),
            Feature("culture", n, f"{seat}: culture / {STAT_MAX}"),
            Feature("happiness", n, f"{seat}: happiness / {STAT_MAX}"),
            Feature("discounts", n * 3, f"{seat}: technology, building, wonder cost reductions / {DISCOUNT_MAX}"),
            Feature("plot_count", n, f"{seat}: plots owned / {PLOTS_MAX}"),
            Feature("population", n, f"{seat}: population in all / {POPULATION_MAX}"),
            Feature("free_slots", n, f"{seat}: building slots still free / {FREE_SLOTS_MAX}"),
            Feature("technologies", n * t, f"{seat}: 1 for each technology owned (card-file order)"),
            Feature("placed", n * w, f"{seat}: count of each building and wonder placed / {PLACED_MAX}"),
            Feature("plot_types", n * k, f"{seat}: count of plots of each type / {TYPE_MAX}"),
            Feature("highest_culture", n, f"{seat}: 1 when he holds Highest Culture (CCG-3.3)"),
            Feature("highest_happiness", n, f"{seat}: 1 when he holds Highest Happiness (CCG-3.5)"),
            Feature("draft_row", k, "the set-up draft row: count of each plot type / 4"),
            Feature("plot_display", k, "the plot display: count of each plot type / 3"),
            Feature("tech_display", t, "the technology display: 1 for each technology shown"),
            Feature("decks", 3, "cards left in the plot deck, the technology deck and the play deck / their full size"),
            Feature("discard", c, "the discard pile: count of each play-deck card / its count in the deck"),
            Feature("population_bank", 1, f"populations in the bank / {int(self.bank)}"),
            Feature("attacks", u * n, f"per military unit type, per defender (the viewer first): active attacks / {ATTACK_MAX}"),
            Feature("attack_status", u * 3, f"per military unit type: attacks bounced, blocked, sieged / {ATTACK_MAX}"),
            Feature("damage", 2, f"damage still to apply: population, buildings / {ATTACK_MAX}"),
            Feature("left", 1, f"choices still due in this step (discards, bounces, resources) / {LEFT_MAX}"),
            Feature("target", n, "one-hot, the viewer first: the victim of a Code of Laws theft being chosen"),
            Feature("yield_plot", top, "one-hot: the current player's plot whose population yields now (collect)"),
            Feature("yield_left", 1, f"populations of that plot still to yield / {PLOT_POPULATION_MAX}"),
            Feature("fought", 1, "1 once the current player has fought this turn"),
            Feature("end_after", 2, "1 when the game ends after this turn / after this round (CCG-1.1)"),
        ])
        e = self.encoding
        self.at = {f.name: e.slot(f.name).start for f in e.features}
        self.fast = StateEncoder(self, game)
        """``encode`` read straight from a state (``encode_state``)."""

    def encode_state(self, s: CcgState, viewer: int) -> np.ndarray:
        """``encode(s.observation(viewer), viewer)`` read from the state (``StateEncoder``)."""
        return self.fast.encode_state(s, viewer)

    def rel(self, seat: int, viewer: int) -> int:
        return (seat - viewer) % self.n

    def encode(self, obs: Mapping[str, Any], viewer: int) -> np.ndarray:
        """``obs`` (``observation(viewer)``) as the vector declared in ``encoding``."""
        at = self.at
        n = self.n
        v = np.zeros(self.encoding.size, dtype=np.float32)
        v[at["phase"] + self.phase_index[obs["phase"]]] = 1
        v[at["turn"]] = min(obs["turn"] / TURNS, 1.0)
        for q in obs["to_move"]:
            v[at["to_move"] + (q - viewer) % n] = 1
        v[at["current"] + (obs["current"] - viewer) % n] = 1
        v[at["dealer"] + (obs["dealer"] - viewer) % n] = 1
        players = obs["players"]
        me = players[viewer]
        ci = self.card_index
        base = at["my_hand"]
        for cid, count in me.get("hand", {}).items():
            i = ci[cid]
            v[base + i] = min(count / self.card_counts[i], 1.0)
        self._my_plots(v, me["plots"])
        for q in range(n):
            self._seat(v, players[(viewer + q) % n], q)
        for q in obs["highest_culture"]:
            v[at["highest_culture"] + (q - viewer) % n] = 1
        for q in obs["highest_happiness"]:
            v[at["highest_happiness"] + (q - viewer) % n] = 1
        pi = self.plot_index
        for pid in obs["draft"]:
            v[at["draft_row"] + pi[pid]] += 0.25
        for pid in obs["plot_display"]:
            v[at["plot_display"] + pi[pid]] += 1 / 3
        for tid in obs["tech_display"]:
            v[at["tech_display"] + self.tech_index[tid]] = 1
        d = at["decks"]
        v[d] = obs["plot_deck_size"] / self.plot_total
        v[d + 1] = obs["tech_deck_size"] / self.t
        v[d + 2] = obs["deck_size"] / self.deck_total
        base = at["discard"]
        for cid, count in obs["discard"].items():
            i = ci[cid]
            v[base + i] = count / self.card_counts[i]
        v[at["population_bank"]] = obs["population_bank"] / self.bank
        if obs["combat"] is not None:
            self._combat(v, obs["combat"], viewer)
        pending = obs["pending"]
        v[at["left"]] = min(pending["left"] / LEFT_MAX, 1.0)
        if pending["target"] >= 0:
            v[at["target"] + (pending["target"] - viewer) % n] = 1
        queue = pending["queue"]
        if obs["phase"] == "collect" and queue:
            plot, left = queue[0]
            if plot < self.top:
                v[at["yield_plot"] + plot] = 1
            v[at["yield_left"]] = min(left / PLOT_POPULATION_MAX, 1.0)
        v[at["fought"]] = 1 if obs["fought"] else 0
        if obs["end_after"] >= 0:
            v[at["end_after"] + obs["end_after"]] = 1
        np.clip(v, 0.0, 1.0, out=v)
        return v

    def _my_plots(self, v: np.ndarray, plots: list[dict[str, Any]]) -> None:
        base = self.at["my_plots"]
        width = self.plot_width
        k = self.k
        pi = self.plot_index
        for i, pl in enumerate(plots[: self.top]):
            at = base + i * width
            v[at + pi[pl["plot"]]] = 1
            v[at + k] = pl["population"] / PLOT_POPULATION_MAX
            v[at + k + 1] = len(pl["cards"]) / SLOTS_MAX
            v[at + k + 2] = pl["slots"] / SLOTS_MAX

    def _seat(self, v: np.ndarray, view: Mapping[str, Any], q: int) -> None:
        """One seat's public block (``q``: its place after the viewer)."""
        at = self.at
        res = view["resources"]
        for i, name in enumerate(RESOURCES):
            v[at["resources"] + 3 * q + i] = res[name] / RESOURCE_MAX
        v[at["hand_size"] + q] = view["hand_size"] / HAND_MAX
        v[at["vp"] + q] = view["vp"] / VP_MAX
        v[at["culture"] + q] = view["culture"] / STAT_MAX
        v[at["happiness"] + q] = view["happiness"] / STAT_MAX
        for i, d in enumerate(view["discounts"]):
            v[at["discounts"] + 3 * q + i] = d / DISCOUNT_MAX
        plots = view["plots"]
        v[at["plot_count"] + q] = len(plots) / PLOTS_MAX
        tech = at["technologies"] + q * self.t
        for tid in view["technologies"]:
            v[tech + self.tech_index[tid]] = 1
        placed = at["placed"] + q * self.w
        types = at["plot_types"] + q * self.k
        pops = free = 0
        pi, wi = self.plot_index, self.placed_index
        for pl in plots:
            pops += pl["population"]
            free += max(0, pl["slots"] - len(pl["cards"]))
            v[types + pi[pl["plot"]]] += 1 / TYPE_MAX
            for cid in pl["cards"]:
                v[placed + wi[cid]] += 1 / PLACED_MAX
        v[at["population"] + q] = pops / POPULATION_MAX
        v[at["free_slots"] + q] = free / FREE_SLOTS_MAX

    def _combat(self, v: np.ndarray, combat: Mapping[str, Any], viewer: int) -> None:
        at = self.at
        n = self.n
        ui = self.unit_index
        si = self.status_index
        for a in combat["attacks"]:
            u = ui[a["unit"]]
            status = si[a["status"]]
            if status == 0:
                v[at["attacks"] + u * n + (a["defender"] - viewer) % n] += 1 / ATTACK_MAX
            else:
                v[at["attack_status"] + u * 3 + status - 1] += 1 / ATTACK_MAX
        d = at["damage"]
        for x in combat["damage"]:
            v[d] += x["population"] / ATTACK_MAX
            v[d + 1] += x["buildings"] / ATTACK_MAX
