"""The state of Civilization: The Card Game: its data, ``clone``, the numbers of its
decision steps (``phase``), the values derived from it (points, culture, happiness,
costs, slots) and the protocol methods, which delegate to the game (``game.CivCardGame``):
``legal_actions`` and ``apply`` to its forward model (``game.model``, the ``rules``
package), and what is not on the hot path (observations, seat views, determinization,
JSON, reasons of refusals, the evaluation) to ``view.py``, ``serialize.py``, ``show/``
and ``bots/``. The state imports none of those: imports flow one way, data -> state ->
rules -> view/serialize -> bots -> show -> game.

A player's plots are small lists ``[plot type, population, card, card...]`` (the
cards placed on it); hands are counts over the play-deck card types; owned
technologies are a bit mask. Every choice is one short step: a purchase, one
population's extra resource, one attacker declared, one block, one loss.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from civtable.core.action import Action
from civtable.core.events import Event, Journal, Viewer
from civtable.core.rng import Rng
from civtable.core.state import State

from .actions import CcgAction
from .catalog import WONDER

if TYPE_CHECKING:
    from .game import CivCardGame
    from .options import Rules
    from .view import SeatView


# The decision steps: a state's ``phase`` is one of these numbers, and the forward model
# (``rules.STEPS``) holds the one ``Step`` of each (who may do what, and what it does). ``Final``:
# the compiled modules read them as numbers, not from a module's dictionary at every use.
DRAFTING: Final = 0
FREE_POP: Final = 1
START_DISCARD: Final = 2
"""Steps of the set-up (CCG-4)."""
WINDOW: Final = 3
COLLECT: Final = 4
MAIN: Final = 5
"""Steps of a turn: the steal window, the collection, the purchases (CCG-5, CCG-6, CCG-9.2)."""
DECLARE: Final = 6
SIEGING: Final = 7
BOUNCING: Final = 8
REDECLARE: Final = 9
DEFENDING: Final = 10
"""Steps of combat: the attackers declared, sieges, bounces, blocks (CCG-7.0 to CCG-7.4)."""
LOSING: Final = 11
GAINING: Final = 12
DESTROYING: Final = 13
"""Steps of the damage (CCG-7.5)."""
TAKING: Final = 14
GIVING: Final = 15
"""Steps of Code of Laws' resources (CCG-9.2)."""
DRAWING: Final = 16
DISCARDING: Final = 17
"""Steps of the end of a turn (CCG-8)."""
OVER: Final = 18
"""The game is over (no step)."""
PHASE_NAMES = ("draft", "free-population", "start-discard", "steal-window", "collect", "purchase",
               "declare", "siege", "bounce", "redeclare", "defend", "lose-population", "gain-population",
               "destroy-building", "take-resources", "give-resources", "draw", "discard", "over")
"""The steps' names: the position format's (``to_json()["phase"]``), which must not change."""

ACTIVE: Final = 0
BOUNCED: Final = 1
BLOCKED: Final = 2
SIEGED: Final = 3
STATUS = ("active", "bounced", "blocked", "sieged")
"""The status of a declared attacking unit (``CcgState.attacks``)."""


class Derived(NamedTuple):
    """What a player's technologies and placed cards give (``CcgState.derive``)."""

    culture: int
    happiness: int
    tech_discount: int
    building_discount: int
    wonder_discount: int
    engineering: bool
    extra_draw: int
    walls: int
    great_wall: bool
    wonders: int


def holders(values: list[int], threshold: int, shared: bool) -> tuple[int, ...]:
    """CCG-3.3 / CCG-3.5: the players with the highest value, at least ``threshold``;
    when several tie, all of them (``shared``, status-tie B) or nobody."""
    best = max(values)
    if best < threshold:
        return ()
    if values.count(best) == 1:
        return (values.index(best),)
    return tuple(p for p, v in enumerate(values) if v == best) if shared else ()


class CcgState:
    """A position of Civilization: The Card Game: a ``State`` (registered as one,
    ``State.register``, below), not derived from it, so that ``setup.py`` can compile it
    with mypyc (a compiled class derives only from compiled classes); the methods
    ``State`` gives every state are ``State``'s own, called at the end of the class."""

    __slots__ = (
        "journal", "game", "model", "rules", "rng", "n", "res", "hand", "plots", "techs", "mining_due", "used",
        "plot_deck", "plot_display", "tech_deck", "tech_display", "deck", "discard", "pop_bank",
        "dealer", "current", "turn_no", "phase", "decider", "queue", "draft_row", "left",
        "attacks", "blocks", "damage", "fought", "target", "end_after", "winner_list", "derived", "held", "legal",
        "memo",
    )

    journal: Journal | None  # what happened (``State``)
    game: CivCardGame
    model: ModuleType
    """The forward model (``game.model``, the ``rules`` package), kept here for the hot path."""
    rules: Rules
    rng: Rng
    n: int
    res: list[list[int]]
    hand: list[list[int]]
    plots: list[list[list[int]]]
    techs: list[int]
    mining_due: list[int]
    used: list[int]
    plot_deck: list[int]
    plot_display: list[int]
    tech_deck: list[int]
    tech_display: list[int]
    deck: list[int]
    discard: list[int]
    pop_bank: int
    dealer: int
    current: int
    turn_no: int
    phase: int
    decider: int
    queue: list[Any]
    draft_row: list[int]
    left: int
    attacks: list[list[int]]
    blocks: list[list[int]]
    damage: list[list[int]]
    fought: bool
    target: int
    end_after: int  # -1 none; 0 end after this turn; 1 end after the round
    winner_list: list[int]
    derived: list[Derived | None]
    """Per player, what his technologies and placed cards give (``derive``), kept until
    they change (``changed``): not part of the position."""
    held: tuple[tuple[int, ...], tuple[int, ...]] | None
    """The holders of Highest Culture and Highest Happiness (``statuses``), kept like ``derived``."""
    legal: tuple[CcgAction, ...] | None
    """The decider's legal actions in this position once asked for; ``apply`` drops them."""
    memo: Any
    """Per viewer, the vector ``encode_state`` made last and what it was made from
    (``encode.Memo``), or ``None``: not part of the position (a clone starts without)."""

    def clone(self) -> CcgState:
        s = CcgState.__new__(CcgState)
        s.journal = self.journal
        s.game, s.model, s.rules, s.n = self.game, self.model, self.rules, self.n
        s.rng = self.rng.clone()
        s.derived = self.derived[:]
        s.held = self.held
        s.legal = self.legal  # the same position: the same actions (a tuple)
        s.memo = None
        # nested lists copied two levels deep, flat lists once, numbers as they are
        s.res, s.hand, s.attacks, s.blocks, s.damage = (
            [x[:] for x in self.res], [x[:] for x in self.hand], [a[:] for a in self.attacks],
            [b[:] for b in self.blocks], [d[:] for d in self.damage])
        s.plots = [[pl[:] for pl in ps] for ps in self.plots]
        s.queue = [q[:] if isinstance(q, list) else q for q in self.queue]
        (s.techs, s.mining_due, s.used, s.plot_deck, s.plot_display, s.tech_deck, s.tech_display, s.deck,
         s.discard, s.draft_row, s.winner_list) = (
            self.techs[:], self.mining_due[:], self.used[:], self.plot_deck[:], self.plot_display[:],
            self.tech_deck[:], self.tech_display[:], self.deck[:], self.discard[:], self.draft_row[:],
            self.winner_list[:])
        (s.pop_bank, s.dealer, s.current, s.turn_no, s.phase, s.decider, s.left, s.fought, s.target,
         s.end_after) = (self.pop_bank, self.dealer, self.current, self.turn_no, self.phase, self.decider,
                         self.left, self.fought, self.target, self.end_after)
        return s

    # ---------------------------------------------------------------- protocol
    @property
    def turn(self) -> int:
        return max(1, self.turn_no)

    @property
    def num_players(self) -> int:
        return self.n

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else self.rules.seat_tuples[self.decider]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        return list(self.winner_list)

    def returns(self) -> list[float]:
        """+1 for a winner, -1 for the others; 0 for all while playing, when nobody won, and
        when a win is shared by every player (final-tie A with every player tied: nobody is
        ahead of anybody, so no seat is paid as a winner; issue 28)."""
        won = self.winner_list if self.phase == OVER else ()
        if len(won) == self.n:
            won = ()
        return [(1.0 if p in won else -1.0) if won else 0.0 for p in range(self.n)]

    def legal_actions(self, player: Any) -> list[CcgAction]:
        """The forward model's ``legal`` (``game.model``): built once per position."""
        out: list[CcgAction] = self.model.legal(self, player)
        return out

    def apply(self, player: Any, action: Any) -> None:
        """The forward model's ``apply`` (``game.model``). The arguments are checked by
        the rules, not by their types: a compiled build (``setup.py``) would refuse other
        types with a TypeError where the rules refuse them by name."""
        self.model.apply(self, player, action)

    def emit_move(self, player: int, action: Action, private: bool = False) -> None:
        """The ``move`` event: every action of this game is public as it is written
        (what a card draw or a theft hides is told apart), so one event for all."""
        j = self.journal
        if j is None:
            return
        if type(action) is CcgAction and type(player) is int and 0 <= player < self.n:
            moves = action.moves
            if moves is None:
                moves = action.moves = tuple(Event("move", {"player": q, "action": action.text}) for q in range(self.n))
            self.journal = Journal(moves[player], j)
            return
        self.journal = Journal(Event("move", {"player": player, "action": action.text}), j)

    def explain(self, player: int, text: str) -> str:
        """Why ``text`` is not legal for ``player`` now (``show.explain``, through the game)."""
        return self.game.explain_refusal(self, player, text)

    # ---------------------------------------------------------- derived values
    def derive(self, p: int) -> Derived:
        """What ``p``'s technologies and placed cards give, kept in ``derived[p]`` until
        ``changed(p)``: culture (CCG-3.2), happiness (CCG-3.4), the technology,
        building and wonder discounts, Engineering's two slots (CCG-2.1.4), the extra
        cards drawn (CCG-8.2), City Walls (CCG-7.2.2), the Great Wall, the wonders."""
        d = self.derived[p]
        if d is not None:
            return d
        r = self.rules
        culture = happy = dt = db = dw = extra = walls = wonders = 0
        eng = great = False
        for t in r.bits(self.techs[p]):
            culture += r.tech_culture[t]
            happy += r.tech_happiness[t]
            disc = r.tech_discount[t]
            dt += disc[0]
            db += disc[1]
            dw += disc[2]
            extra += r.tech_extra_draw[t]
            eng = eng or r.tech_two_slots[t]
        kind = r.kind
        for pl in self.plots[p]:
            for c in pl[2:]:
                culture += r.card_culture[c]
                happy += r.card_happiness[c]
                disc = r.card_discount[c]
                dt += disc[0]
                db += disc[1]
                dw += disc[2]
                extra += r.card_extra_draw[c]
                walls += r.card_walls[c]
                great = great or r.card_great_wall[c]
                wonders += 1 if kind[c] == WONDER else 0
        d = self.derived[p] = Derived(culture, happy, dt, db, dw, bool(eng), extra, walls, bool(great), wonders)
        return d

    def gained(self, p: int, tech: int = -1, card: int = -1) -> None:
        """``p`` bought technology ``tech`` or placed ``card`` (a building or wonder): what
        it gives is added to ``derived[p]`` when that is kept (the numbers ``derive`` would
        find again, without going over every technology and placed card: issue 18), and
        the statuses are found again when asked."""
        self.held = None
        d = self.derived[p]
        if d is None:
            return
        r = self.rules
        if tech >= 0:
            disc = r.tech_discount[tech]
            self.derived[p] = Derived(
                d.culture + r.tech_culture[tech], d.happiness + r.tech_happiness[tech], d.tech_discount + disc[0],
                d.building_discount + disc[1], d.wonder_discount + disc[2],
                d.engineering or bool(r.tech_two_slots[tech]), d.extra_draw + r.tech_extra_draw[tech], d.walls,
                d.great_wall, d.wonders)
        else:
            disc = r.card_discount[card]
            self.derived[p] = Derived(
                d.culture + r.card_culture[card], d.happiness + r.card_happiness[card], d.tech_discount + disc[0],
                d.building_discount + disc[1], d.wonder_discount + disc[2], d.engineering,
                d.extra_draw + r.card_extra_draw[card], d.walls + r.card_walls[card],
                d.great_wall or bool(r.card_great_wall[card]), d.wonders + (r.kind[card] == WONDER))

    def changed(self, p: int) -> None:
        """``p``'s technologies or placed cards changed: ``derive`` computes them again,
        and the statuses too."""
        self.derived[p] = None
        self.held = None

    def vp(self, p: int) -> int:
        """CCG-1.2 / CCG-3.1: one per population (CCG-2.3.1), wonder (CCG-2.7.1) and
        technology (CCG-2.4.1)."""
        return self.population(p) + self.derive(p).wonders + self.techs[p].bit_count()

    def population(self, p: int) -> int:
        return sum(pl[1] for pl in self.plots[p])

    def wonders(self, p: int) -> int:
        return self.derive(p).wonders

    def tech_count(self, p: int) -> int:
        return self.techs[p].bit_count()

    def placed_cards(self, p: int) -> list[int]:
        return [c for pl in self.plots[p] for c in pl[2:]]

    def culture(self, p: int) -> int:
        """CCG-3.2: technologies, wonders and buildings."""
        return self.derive(p).culture

    def happiness(self, p: int) -> int:
        """CCG-3.4: totalled like culture."""
        return self.derive(p).happiness

    def status_holders(self, values: list[int], threshold: int) -> list[int]:
        """CCG-3.3 / CCG-3.5: the highest value, at least ``threshold``; ties per status-tie."""
        return list(holders(values, threshold, self.rules.status_tie_shares))

    def statuses(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The holders of Highest Culture and of Highest Happiness (CCG-3.3, CCG-3.5), kept
        until a player's technologies or placed cards change."""
        held = self.held
        if held is None:
            derived = self.derived
            ds = [derived[q] or self.derive(q) for q in range(self.n)]
            r = self.rules
            acts = r.acts
            held = self.held = (holders([d[0] for d in ds], acts.culture_min, r.status_tie_shares),
                                holders([d[1] for d in ds], acts.happiness_min, r.status_tie_shares))
        return held

    def has_highest_culture(self, p: int) -> bool:
        return p in self.statuses()[0]

    def has_highest_happiness(self, p: int) -> bool:
        return p in self.statuses()[1]

    def discounts(self, p: int) -> list[int]:
        """Technology, building and wonder discounts from technologies and placed cards."""
        d = self.derive(p)
        return [d.tech_discount, d.building_discount, d.wonder_discount]

    def reductions(self, p: int) -> tuple[int, int, int]:
        """What ``p``'s technologies, buildings and wonders cost less: bonuses, plus
        Highest Happiness for technologies and buildings, not wonders (CCG-3.5)."""
        d = self.derive(p)
        happy = 1 if self.has_highest_happiness(p) else 0
        return (d.tech_discount + happy, d.building_discount + happy, d.wonder_discount)

    def tech_cost(self, p: int, t: int, reductions: tuple[int, int, int] | None = None) -> int:
        """CCG-6.5: printed cost minus bonuses and Highest Happiness, at least 0."""
        red = reductions or self.reductions(p)
        return max(0, self.rules.tech_cost[t] - red[0])

    def card_cost(self, p: int, c: int, reductions: tuple[int, int, int] | None = None) -> int:
        """CCG-6.1 / CCG-6.5: wonders are not reduced by Highest Happiness (CCG-3.5)."""
        red = reductions or self.reductions(p)
        r = self.rules
        return max(0, r.card_cost[c] - (red[2] if r.kind[c] == WONDER else red[1]))

    def population_cost(self, p: int, plot: int) -> int:
        """CCG-6.3 / CCG-2.3.3: 6 + 2P Food."""
        r = self.rules
        return r.pop_cost_base + r.pop_cost_step * self.plots[p][plot][1]

    def plot_cost(self, p: int) -> int:
        """CCG-6.4: 15 + 5(P - 4) resources of any kind."""
        r = self.rules
        return r.plot_cost_base + r.plot_cost_step * len(self.plots[p])

    def slots(self, p: int, plot: int, eng: bool | None = None) -> int:
        """CCG-2.1.4 / CCG-2.3.6: one slot; two with Engineering or 3+ population (slot-count)."""
        r = self.rules
        if eng is None:
            eng = self.derive(p).engineering
        crowded = self.plots[p][plot][1] >= r.slot_population
        if r.slots_add_up:
            return r.slots_one + int(eng) + int(crowded)
        return r.slots_two if (eng or crowded) else r.slots_one

    def free_plots(self, p: int, eng: bool | None = None) -> list[int]:
        """CCG-2.1.4: the plots of ``p`` with a free building slot (``eng``: whether ``p``
        has Engineering's two slots, when the caller knows)."""
        r = self.rules
        if eng is None:
            eng = self.derive(p).engineering
        crowd = r.slot_population
        one = r.slots_one
        if r.slots_add_up:
            one += eng
            return [i for i, pl in enumerate(self.plots[p]) if len(pl) - 2 < one + (pl[1] >= crowd)]
        if eng:
            two = r.slots_two
            return [i for i, pl in enumerate(self.plots[p]) if len(pl) - 2 < two]
        two = r.slots_two
        return [i for i, pl in enumerate(self.plots[p]) if len(pl) - 2 < (two if pl[1] >= crowd else one)]

    def adjacent(self, p: int) -> list[int]:
        """CCG-7.0: the opponents ``p`` may attack."""
        return list(self.rules.acts.adjacent[p])

    def walls(self, p: int) -> int:
        return self.derive(p).walls

    def has_great_wall(self, p: int) -> bool:
        return self.derive(p).great_wall

    # --------------------------------------------------------------- views
    def observation(self, player: Viewer) -> dict[str, Any]:
        """What ``player`` sees (``view.observation``, through the game)."""
        return self.game.observe(self, player)

    def seat_view(self, player: int) -> SeatView:
        """The bots' cheap view of what ``player`` sees (``view.SeatView``, through the game)."""
        return self.game.seat_view(self, player)

    def determinize(self, player: Viewer, rng: Rng) -> CcgState:
        """A sample of what ``player`` cannot see (``view.determinize``, through the game)."""
        d = self.game.determinized(self, player, rng)
        d.journal = None
        d.legal = None  # the decider's hand may have been dealt anew
        return d

    def to_json(self) -> dict[str, Any]:
        """The position as JSON (``serialize.state_to_json``, through the game)."""
        return self.game.state_json(self)

    def game_stats(self) -> dict[str, float]:
        """Where the victory points came from (all players), and the winner's total."""
        pops = sum(self.population(p) for p in range(self.n))
        wonders = sum(self.wonders(p) for p in range(self.n))
        techs = sum(self.tech_count(p) for p in range(self.n))
        total = pops + wonders + techs
        out: dict[str, float] = {}
        if total:
            out["population_vp_share"] = pops / total
            out["technology_vp_share"] = techs / total
            out["wonder_vp_share"] = wonders / total
        if self.winner_list:
            out["winner_vp"] = float(self.vp(self.winner_list[0]))
        out["rounds"] = self.turn_no / self.n
        return out

    def scores(self) -> list[float]:
        """Each player's victory points now (CCG-1.2 / CCG-3.1: population, wonders, technologies)."""
        return [float(self.vp(p)) for p in range(self.n)]

    def holdings(self) -> dict[str, list[int]]:
        """Each technology (CCG-2.4.1) and wonder (CCG-2.7.1) owned, by card id, and its
        owners (the items of ``Game.value_items``)."""
        r = self.rules
        out: dict[str, list[int]] = {}
        for p in range(self.n):
            for t in r.bits(self.techs[p]):
                out.setdefault(r.tech_ids[t], []).append(p)
        for p in range(self.n):
            for c in self.placed_cards(p):
                if r.kind[c] == WONDER:
                    out.setdefault(r.ids[c], []).append(p)
        return out

    def evaluate(self, player: int) -> float:
        """The win chance of ``player`` by points, production and holdings, fitted to
        self-play outcomes (``bots/evaluate.py``, through the game), as ``2 P - 1``."""
        return self.game.evaluate(self, player)

    # ------------------------------------------------------ State's own methods
    def emit(self, id: str, args: Mapping[str, Any] | None = None,
             to: tuple[int, ...] | None = None, exclude: tuple[int, ...] = ()) -> None:
        """Record an event, nothing when silent (``State.emit``, written out: the rules
        call it at every event, and a compiled class calls its own methods directly)."""
        if self.journal is not None:
            self.journal = Journal(Event(id, args, to, exclude), self.journal)

    def silence(self) -> CcgState:
        self.journal = None
        return self

    def __eq__(self, other: object) -> bool:
        return State.__eq__(self, other)  # type: ignore[operator]

    def listen(self) -> CcgState:
        return State.listen(self)  # type: ignore[arg-type,return-value]

    def events(self, viewer: Viewer, since: int = 0) -> list[Event]:
        return State.events(self, viewer, since)  # type: ignore[arg-type]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<CcgState turn {self.turn_no} {PHASE_NAMES[self.phase]} player {self.decider}>"


State.register(CcgState)

