"""The fixed action space of Civilization: The Card Game, for learning agents.

One ordered list of every action text that can be legal in a game object (its card
set, rule variants and player count), built once from the card data, in the order
of the action codes of ``actions.py`` and, within a kind, the card file's order:

    draft PLOT, place N, discard CARD, yield R, pop N, plot PLOT [spare-R], tech T,
    build CARD N, cash CARD, trade ... for R, writing SEAT, laws SEAT, take R, give R,
    done, attack UNIT SEAT, fight, pass, siege yes|no, bounce UNIT,
    block UNIT UNIT, lose N, gain N, destroy BUILDING N, draw K [astronomy] [culture]

Plot numbers ``N`` are bounded by the most plots one player can own: every plot of
the card file except the four (dealt 2 + drafted 2, CCG-4.2 to CCG-4.4) each other
player keeps for good (plots are never lost), so 26, 22 and 18 for 2, 3 and 4
players with the package's 30 plots; ``place N`` only counts the four set-up plots
(CCG-4.8). Seats are 0 to players - 1. Kinds a rule variant never offers are left
out: ``siege`` only with catapult-repeat B, ``take``/``give`` only with
code-of-laws-choice B/C, ``draw`` only with extra-draw-optional A, the trades of
the bank-trade reading in force, attackers and blockers as unit-list says.
Compound choices stay steps, as in the notation (a purchase, one attacker, one block).

The observation is declared here too (``Encoder``, below, as catan-deckbuilding's
``space.py`` declares its features): ``Encoder(game)`` declares the features once per game
object (their sizes follow the card file and the player count) and fills them from
``observation(viewer)`` alone, so nothing the viewer cannot see can reach the vector. Seats are seen from the viewer:
every per-seat block lists the viewer first, then the others in table order after
him (seat ``viewer + 1``, ``viewer + 2``, ...). Counts are divided by the maximum in
the feature's text and clipped to 1; flags and one-hots are 0 or 1.

The viewer's own plots are also encoded one by one, in plot-number order (the
numbers of ``build CARD N``, ``pop N``, ``lose N``...), up to the most plots a player
can own (``max_plots``).

``Encoder.encode_state`` reads the same vector straight from the state, incrementally
(``encode.StateEncoder``, compiled: what the learning environments call).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from civtable.core.spaces import ActionSpace, Encoding, Feature

from .catalog import BUILDING, RESOURCES, UNIT
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
from .rules.purchase import TRADE_INPUTS
from .state import PHASE_NAMES, STATUS, CcgState

if TYPE_CHECKING:
    from .game import CivCardGame


def max_plots(game: CivCardGame) -> int:
    """CCG-2.1.3 / CCG-2.1.5: the most plots one player can own (the card file's plots,
    less the set-up plots every other player keeps)."""
    nums = game.rules.numbers
    kept: int = nums["dealt_plots"] + 2  # the two draft rounds, CCG-4.3 and CCG-4.4
    total = sum(game.rules.cards.plot_counts)
    return max(kept, total - kept * (game.num_players - 1))


def trade_texts(game: CivCardGame) -> list[str]:
    """CCG-2.2.2: the bank trades of the bank-trade reading in force, as ``actions.trade_table``
    lists them (A: any three resources for one they do not include; B: three of one type)."""
    out: list[str] = []
    if game.rules.trade_any:
        for inputs in TRADE_INPUTS:
            text = "+".join(RESOURCES[i] for i in inputs)
            out.extend(f"trade {text} for {RESOURCES[t]}" for t in range(3) if t not in inputs)
    else:
        out.extend(f"trade {RESOURCES[f]} for {RESOURCES[t]}" for f in range(3) for t in range(3) if t != f)
    return out


def draw_texts(game: CivCardGame) -> list[str]:
    """CCG-8.2 / CCG-8.3: the draws with or without each optional extra card; the extra
    cards of Astronomy are bounded by every technology and placed card that gives some."""
    r = game.rules
    if not r.extra_optional:
        return []
    base = r.numbers["draw"]
    most = sum(r.tech_extra_draw) + sum(e * k for e, k in zip(r.card_extra_draw, r.cards.card_counts, strict=True))
    out = [f"draw {base}", f"draw {base + 1} culture"]
    for extra in range(1, most + 1):
        out += [f"draw {base + extra} astronomy", f"draw {base + extra + 1} astronomy culture"]
    return out


def build_space(game: CivCardGame) -> ActionSpace:
    """Every action text of this game object, in the fixed order described above."""
    r = game.rules
    cards = r.cards
    n = game.num_players
    top = max_plots(game)
    numbers = range(1, top + 1)
    plot_ids = [p.id for p in cards.plots]
    seats = range(n)
    attackers = [r.ids[c] for c in r.units if r.unit_attack[c]]
    texts: list[str] = [f"draft {t}" for t in plot_ids]
    texts += [f"place {i}" for i in range(1, r.numbers["dealt_plots"] + 3)]
    texts += [f"discard {c}" for c in r.ids]
    texts += [f"yield {x}" for x in RESOURCES]
    texts += [f"pop {i}" for i in numbers]
    for t in plot_ids:
        texts += [f"plot {t}", *(f"plot {t} spare-{x}" for x in RESOURCES)]
    texts += [f"tech {t}" for t in r.tech_ids]
    texts += [f"build {r.ids[c]} {i}" for c in r.placeable for i in numbers]
    texts += [f"cash {r.ids[c]}" for c in r.resource_cards]
    texts += trade_texts(game)
    if r.writing_mask:
        texts += [f"writing {q}" for q in seats]
    if r.laws_mask:
        texts += [f"laws {q}" for q in seats]
    if r.laws_mask and r.laws_choice == 1:
        texts += [f"take {x}" for x in RESOURCES]
    if r.laws_mask and r.laws_choice == 2:
        texts += [f"give {x}" for x in RESOURCES]
    texts.append("done")
    texts += [f"attack {u} {q}" for u in attackers for q in seats]
    texts += ["fight", "pass"]
    if not r.catapult_auto and any(r.unit_siege[c] and r.unit_attack[c] for c in r.units):
        texts += ["siege yes", "siege no"]
    texts += [f"bounce {u}" for u in attackers]
    for c in r.units:
        if not r.unit_attack[c]:
            continue
        for d in r.units:
            allowed = r.unit_blocks[d]
            if r.unit_defend[d] and (allowed is None or c in allowed):
                texts.append(f"block {r.ids[c]} {r.ids[d]}")
    texts += [f"lose {i}" for i in numbers]
    texts += [f"gain {i}" for i in numbers]
    texts += [f"destroy {r.ids[c]} {i}" for c in r.placeable if r.kind[c] == BUILDING for i in numbers]
    texts += draw_texts(game)
    return ActionSpace(texts)


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
