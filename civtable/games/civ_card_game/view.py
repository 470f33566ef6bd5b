"""What a viewer of Civilization: The Card Game sees, and samples of what he cannot see.

Public: every player's plots, population, placed cards, technologies, resources,
hand size, culture, happiness and statuses; the displays, the discard pile, the
deck sizes and the combat on the table. Hidden: other players' hands and the
order of the play, plot and technology decks. A spectator (viewer ``None``) sees
no hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.events import Viewer
from civtable.core.rng import Rng

from .catalog import RESOURCES
from .state import OVER, PHASE_NAMES, STATUS

if TYPE_CHECKING:
    from .state import CcgState, Derived


def plots_json(s: CcgState, p: int) -> list[dict[str, Any]]:
    """A player's plots as the position format writes them."""
    r = s.rules
    return [{"plot": r.cards.plots[pl[0]].id, "population": pl[1], "cards": [r.ids[c] for c in pl[2:]]}
            for pl in s.plots[p]]


def counts_json(s: CcgState, values: list[int]) -> dict[str, int]:
    """Card counts by id (a hand), without the zeros."""
    return {s.rules.ids[c]: k for c, k in enumerate(values) if k}


def _pile(s: CcgState, pile: list[int]) -> dict[str, int]:
    counts = [0] * s.rules.n_cards
    for c in pile:
        counts[c] += 1
    return counts_json(s, counts)


def _plots_seen(s: CcgState, p: int, eng: bool) -> list[dict[str, Any]]:
    """The plots with the number of building slots each has now (CCG-2.1.4)."""
    r = s.rules
    return [{"plot": r.cards.plots[pl[0]].id, "population": pl[1], "cards": [r.ids[c] for c in pl[2:]],
             "slots": s.slots(p, i, eng)} for i, pl in enumerate(s.plots[p])]


def _combat(s: CcgState) -> dict[str, Any] | None:
    if not s.attacks:
        return None
    ids = s.rules.ids
    return {
        "attacker": s.current,
        "attacks": [{"unit": ids[a[0]], "defender": a[1], "status": STATUS[a[2]]} for a in s.attacks],
        "blocks": [{"attack": i, "unit": ids[c]} for i, c in s.blocks],
        "damage": [{"attack": i, "population": pop, "buildings": b} for i, pop, b in s.damage],
    }


def observation(s: CcgState, player: Viewer) -> dict[str, Any]:
    """What ``player`` sees (``None``: a spectator, who sees no hand). Besides the
    table, each player's cost reductions (``discounts``: technologies, buildings,
    wonders, Highest Happiness included), the cost of his next plot and the slots of
    his plots, so that a screen can show prices."""
    r = s.rules
    culture = [s.culture(p) for p in range(s.n)]
    happiness = [s.happiness(p) for p in range(s.n)]
    happiest = s.status_holders(happiness, r.numbers["happiness_threshold"])
    players = []
    for p in range(s.n):
        d = s.discounts(p)
        happy = 1 if p in happiest else 0
        view: dict[str, Any] = {
            "seat": p,
            "plots": _plots_seen(s, p, any(r.tech_two_slots[t] for t in r.bits(s.techs[p]))),
            "technologies": [r.tech_ids[t] for t in r.bits(s.techs[p])],
            "resources": dict(zip(RESOURCES, s.res[p], strict=True)),
            "hand_size": sum(s.hand[p]),
            "vp": s.vp(p),
            "culture": culture[p],
            "happiness": happiness[p],
            "discounts": [d[0] + happy, d[1] + happy, d[2]],
            "plot_cost": s.plot_cost(p),
        }
        if p == player:
            view["hand"] = counts_json(s, s.hand[p])
        players.append(view)
    # who decides next and how many choices are left: public bookkeeping of the table
    pending = {"queue": [q if isinstance(q, int) else list(q) for q in s.queue], "left": s.left, "target": s.target}
    return {
        "game": "civ-card-game",
        "player": player,
        "players_count": s.n,
        "turn": s.turn_no,
        "current": s.current,
        "dealer": s.dealer,
        "phase": PHASE_NAMES[s.phase],
        "to_move": list(s.to_move()),
        "over": s.phase == OVER,
        "winners": list(s.winner_list),
        "players": players,
        "highest_culture": s.status_holders(culture, r.numbers["culture_threshold"]),
        "highest_happiness": happiest,
        "draft": [r.cards.plots[t].id for t in s.draft_row],
        "plot_display": [r.cards.plots[t].id for t in s.plot_display],
        "tech_display": [r.tech_ids[t] for t in s.tech_display],
        "plot_deck_size": len(s.plot_deck),
        "tech_deck_size": len(s.tech_deck),
        "deck_size": len(s.deck),
        "discard": _pile(s, s.discard),
        "population_bank": s.pop_bank,
        "combat": _combat(s),
        "pending": pending,
        "fought": s.fought,
        "end_after": s.end_after,
    }


def determinize(s: CcgState, player: Viewer, rng: Rng) -> CcgState:
    """Deal the other hands and the play deck anew from the cards ``player`` cannot
    see, keeping every size; shuffle the plot and technology decks; fresh generator."""
    d = s.clone()
    d.rng = Rng(rng.next64())
    unknown = list(d.deck)
    for q in range(s.n):
        if q != player:
            for c, k in enumerate(d.hand[q]):
                unknown.extend([c] * k)
    # sorted first, so that the deal depends on what ``player`` sees and the rng only
    unknown.sort()
    rng.shuffle(unknown)
    pos = 0
    for q in range(s.n):
        if q == player:
            continue
        size = sum(d.hand[q])
        h = [0] * s.rules.n_cards
        for c in unknown[pos : pos + size]:
            h[c] += 1
        pos += size
        d.hand[q] = h
    d.deck = unknown[pos:]
    d.plot_deck.sort()
    rng.shuffle(d.plot_deck)
    d.tech_deck.sort()
    rng.shuffle(d.tech_deck)
    return d


class SeatView:
    """What one seat may see now, read in place from the position (``State.seat_view``):
    the bots' view (issue 18). ``observation`` builds a dict of the whole table per
    decision; this reads the same public things where they lie (lists shared with the
    position: a bot must never change them) and the seat's own hand, and computes
    only what a bot asks. Other hands show their sizes only; the decks their sizes."""

    __slots__ = ("_s", "player", "n", "phase", "turn", "current", "hand", "tech_display", "plot_display",
                 "attacks")

    def __init__(self, s: CcgState, player: int) -> None:
        self._s = s
        self.player = player
        self.n = s.n
        self.phase = s.phase
        self.turn = s.turn_no
        self.current = s.current
        self.hand = s.hand[player]  # counts by card number
        self.tech_display = s.tech_display
        self.plot_display = s.plot_display
        self.attacks = s.attacks  # [unit, defender, status]: the combat on the table

    def res(self, q: int) -> list[int]:
        """Food, Hammers, Commerce of seat ``q``."""
        return self._s.res[q]

    def plots(self, q: int) -> list[list[int]]:
        """Seat ``q``'s plots: ``[plot type, population, placed card...]``."""
        return self._s.plots[q]

    def techs(self, q: int) -> int:
        """Seat ``q``'s technologies, a bit mask."""
        return self._s.techs[q]

    def vp(self, q: int) -> int:
        return self._s.vp(q)

    def hand_size(self, q: int) -> int:
        return sum(self._s.hand[q])

    def derived(self, q: int) -> Derived:
        """What seat ``q``'s technologies and placed cards give (public)."""
        s = self._s
        return s.derived[q] or s.derive(q)

    def discounts(self, q: int) -> tuple[int, int, int]:
        """Seat ``q``'s cost reductions as the observation shows them (Highest Happiness included)."""
        return self._s.reductions(q)

    def tech_deck_size(self) -> int:
        return len(self._s.tech_deck)

    def deck_size(self) -> int:
        return len(self._s.deck)

    def snapshot(self) -> dict[str, Any]:
        """Everything the view can tell, as plain data (the kit's fair-play check)."""
        s = self._s
        return {
            "player": self.player, "phase": self.phase, "turn": self.turn, "current": self.current,
            "hand": list(self.hand), "tech_display": list(self.tech_display), "plot_display": list(self.plot_display),
            "attacks": [list(a) for a in self.attacks], "tech_deck_size": self.tech_deck_size(),
            "deck_size": self.deck_size(),
            "players": [{"res": list(self.res(q)), "plots": [list(pl) for pl in self.plots(q)], "techs": self.techs(q),
                         "vp": self.vp(q), "hand_size": self.hand_size(q), "derived": list(self.derived(q)),
                         "discounts": list(self.discounts(q))} for q in range(s.n)],
        }
