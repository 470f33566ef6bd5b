"""What each viewer sees of a Mega Civilization state: observations, determinized
samples, public texts of actions, and the bots' cheap view of one seat (``SeatView``)
with the table its bots keep between decisions (``Table``: tokens per area, victory
points, holders of an ability).

Everything on the table is public (tokens, cities, stock, treasury, AST, the
discards); hidden are the generator, the other players' trade cards (a hand shows
only its size and its count of cards by stack), the stacks' order, the hidden
cards of trade offers, and in a simultaneous step the choices other players have
made but not yet revealed. Token maps are written sparsely (``{area id: count}``),
which keeps an 18-player observation small.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from operator import add, sub
from typing import TYPE_CHECKING, Any

from civtable.core.events import Viewer
from civtable.core.rng import Rng

from .rules.damage import KIND, VICTIM
from .rules.tasks import keep_terms
from .rules.trade import COUNTERS, FROM, SIDE, shown_of
from .state import AUTO, BUY, GROW, OVER, PHASE_NAMES, PIRATE, STEP_NAMES

if TYPE_CHECKING:
    from .state import MegaState


def _sparse(s: MegaState, row: list[int]) -> dict[str, int]:
    ids = s.board.ids
    return {ids[a]: k for a, k in enumerate(row) if k}


def observation(s: MegaState, player: Viewer) -> dict[str, Any]:
    """What ``player`` sees (``None``: a spectator, who sees only public things). In
    a simultaneous step a deciding player sees his own preview."""
    view = s.previews.get(player, s) if s.previews is not None and player is not None else s
    areas = view.board.areas
    cards = view.cat.cards
    adv = view.cat.advances
    players = []
    mine: list[list[int]] = [[] for _ in range(view.n)]
    for a, o in enumerate(view.city):
        if o >= 0:
            mine[o].append(a)
    for p in range(view.n):
        players.append({
            "seat": p,
            "civilization": view.civ[p],
            "ast_rank": view.rank[p],
            "ast": view.ast[p],
            "stock": view.stock[p],
            "treasury": view.treasury[p],
            "cities_in_stock": view.city_stock[p],
            "ships_in_stock": view.ship_stock[p],
            "ships_on_map": [areas[a].id for a in view.docked[p]],  # public: they stand on the map
            "census": view.census[p],
            "tokens": _sparse(view, view.tokens[p]),
            "cities": [areas[a].id for a in mine[p]],
            "vp": view.vp(p, len(mine[p])),
            "hand_size": len(view.hands[p]),
            "hand_by_stack": _by_stack(view, view.hands[p]),
            "advances": [adv[a].id for a in view.owned[p]],
            "credit_tokens": dict(zip(view.cat.groups, view.extra_credit[p], strict=True)),
            "tax_rate": view.tax_rate[p],
            "revealed": [cards[c].id for c in view.revealed[p]],
            # MC-8.1: in phase 8 every player declares how many calamities he holds
            "calamities_declared": sum(1 for c in view.hands[p] if cards[c].calamity) if view.phase == 8 else None,
        })
    return {
        "game": "mega-civ", "player": player, "turn": s.turn_no,  # where the game stands
        "phase": s.phase, "phase_name": PHASE_NAMES[s.phase], "step": STEP_NAMES[view.step],
        "to_move": list(s.to_move()), "over": s.step == OVER, "winners": list(s.winner_list),
        "ast_order": list(s.order),
        "players": players,
        "moved": _sparse(view, view.moved[player]) if player is not None else {},
        "ships": [areas[a].id for a in view.ships[player]] if player is not None else [],
        "revolt_victim": s.target if s.step == 0 else None,
        "exempt": [areas[a].id for a in s.exempt],
        "waiting_for": sorted(s.to_move()) if s.previews is not None else None,
        "hand": [cards[c].id for c in view.hands[player]] if player is not None else [],
        "stacks": [len(x) for x in view.stacks[1:]],
        "discards": {str(k): [cards[c].id for c in pile] for k, pile in enumerate(view.discards) if pile},
        "barbarians": _sparse(view, view.barb),
        "pirates": [areas[a].id for a, o in enumerate(view.city) if o == PIRATE],
        "trade_round": view.trade_round,
        "deal": _public_deal(view, player),
        "trades": [{"proposer": t[0], "responder": t[1], "gave": t[2], "got": t[3]} for t in view.traded],
        "task": _public_task(view),
        "pay": _pay_json(view) if view.pay is not None else None,
        "calamities_pending": [[v, cards[c].id] for v, c in view.calq],
        "log": list(view.log),
        "prices": _prices(view, player) if view.step == BUY and player == view.decider else None,
        # MC-12.2: the viewer's price of every advance he lacks (after credits) and all he could pay with
        "costs": _costs(view, player) if player is not None else None,
        # MC-9: this turn's calamities and what each did (public: the units are on the map, the discards shown)
        "struck": [{"calamity": c, "victim": v, "done": copy.deepcopy(done)} for c, v, done in view.struck],
        # MC-0.5: the choices of the last simultaneous step, revealed when all were made
        "disclosed": None if s.disclosed is None else disclosed_json(s.disclosed),
    }


def disclosed_json(d: list[Any]) -> dict[str, Any]:
    return {"step": STEP_NAMES[d[0]], "choices": {str(p): list(t) for p, t in sorted(d[1].items())}}


def _prices(s: MegaState, p: int) -> dict[str, int]:
    """MC-12.2: what each advance the decider can afford costs him after his credits."""
    from .rules.advances import affordable, price

    return {s.cat.advances[a].id: price(s, p, a) for a in affordable(s, p)}


def _costs(s: MegaState, p: int) -> dict[str, Any]:
    """MC-12.2: the price after credits of each advance ``p`` does not own, and his means
    (commodity sets, treasury, a Trade Empire substitution): what he lacks is the difference."""
    from .rules.advances import means, price

    owned = set(s.owned[p])
    return {"prices": {a.id: price(s, p, i) for i, a in enumerate(s.cat.advances) if i not in owned},
            "means": means(s, p)}


def _by_stack(s: MegaState, hand: list[int]) -> list[int]:
    """How many cards of each stack (0 = Water) a hand holds: the backs show it."""
    counts = [0] * len(s.stacks)
    cards = s.cat.cards
    for c in hand:
        counts[cards[c].stack] += 1
    return counts


def _public_deal(s: MegaState, player: Viewer) -> dict[str, Any] | None:
    """The offer under way: the shown cards, the declarations (one per hidden card) and
    the number of hidden cards; the hidden cards only to their owner. ``building`` is
    the player whose offer or counter-offer is still being built (None: none is);
    ``declined`` who declined it (public answers)."""
    d = s.deal
    if d is None:
        return None
    cards = s.cat.cards

    def side(owner: int, v: list[int]) -> dict[str, Any]:
        out: dict[str, Any] = {"shown": [cards[v[0]].id, cards[v[1]].id], "declared": [cards[c].id for c in v[3::2]],
                               "hidden_count": len(v) // 2 - 1}
        if owner == player:
            out["hidden"] = [cards[c].id for c in v[2::2]]
        return out

    stage = ("offer", "counter", "accept")[d[2]]
    built = d[0] if d[2] == 0 else s.decider if d[2] == 1 and s.decider in d[3] else None
    return {"from": d[0], "stage": stage, "building": built, **side(d[0], d[1]),
            "counters": {str(q): side(q, v) for q, v in sorted(d[3].items())}, "declined": list(d[4])}


def _public_task(s: MegaState) -> dict[str, Any] | None:
    if not s.tasks:
        return None
    t = s.tasks[-1]
    return {"kind": t[0], "chooser": t[1], "victim": t[2], "count": t[3],
            "calamity": s.cat.cards[t[4]].id if t[4] >= 0 else None}


def _pay_json(s: MegaState) -> dict[str, Any]:
    assert s.pay is not None
    adv, due, paid, spent = s.pay
    return {"advance": s.cat.advances[adv].id, "price": due, "paid": paid, "cards": [s.cat.cards[c].id for c in spent]}



# ------------------------------------------------------------------ samples
def determinize(s: MegaState, viewer: Viewer, rng: Rng) -> MegaState:
    """A silent state ``viewer`` cannot tell from ``s``. Hidden: the generator, the
    other hands and the stack orders (dealt again, ``redeal``), and other players'
    simultaneous choices, replaced by none at all (who has finished stays public: a
    finished mover or builder is taken to have passed; a finished grower, who cannot
    pass, keeps his choices). Every preview is rebuilt on the new deal."""
    d = s.clone()
    d.journal = None
    d.rng = Rng(rng.next64())
    redeal(d, viewer, rng)
    if s.previews is not None and s.buffers is not None and d.previews is not None and d.buffers is not None:
        base = d.clone()
        base.previews = base.buffers = None
        for p in list(d.previews):
            texts = s.buffers[p]
            finished = s.previews[p].step == AUTO
            if not (p == viewer or (finished and s.step == GROW)):
                texts = ["done"] if finished and texts else []
            view = base.preview(s.step, p)
            for text in texts:
                view.play(p, view.find(p, text))
            d.previews[p] = view
            d.buffers[p] = list(texts)
    return d


# ------------------------------------------------------------------ hidden cards
def other_sides(s: MegaState, player: Viewer) -> list[tuple[int, list[int]]]:
    """The sides of the deal under way that are not ``player``'s: (owner, side)."""
    deal = s.deal
    if deal is None:
        return []
    return [(q, side) for q, side in [(deal[FROM], deal[SIDE]), *sorted(deal[COUNTERS].items())] if q != player]


def unknown_slots(side: list[int]) -> list[int]:
    """MC-7.4: the places in a side of the hidden cards, which nobody else can know: a
    hidden card may be declared as any name, so its declaration tells nothing of it."""
    return list(range(2, len(side), 2))


def known_cards(s: MegaState, player: Viewer) -> dict[int, list[int]]:
    """The cards of other players' hands that ``player`` knows: the shown cards of an
    offer or counter (MC-7.3; never its hidden cards, MC-7.4), the cards of a payment
    under way, the cards kept against Banditry, the non-tradable calamities (drawn from
    a known place in their stack, never traded) and, in phase 8, every calamity held
    (declared, MC-8.1)."""
    cards = s.cat.cards
    out: dict[int, list[int]] = {q: [] for q in range(s.n) if q != player}
    for q, side in other_sides(s, player):
        out[q] += shown_of(side)
    if s.pay is not None and s.decider != player and s.decider >= 0:
        out[s.decider] += s.pay[3]
    for t in s.tasks:
        if t[KIND] == "discard" and t[VICTIM] != player:
            out[t[VICTIM]] += keep_terms(t[5])[1]
    for q, known in out.items():
        rest = list(s.hands[q])
        for c in known:
            rest.remove(c)
        for c in rest:
            if cards[c].calamity and (not cards[c].tradable or s.phase == 8):
                known.append(c)
    return out


def redeal(s: MegaState, player: Viewer, rng: Rng) -> None:
    """Determinization: the cards ``player`` cannot see (other hands, stack orders) are
    dealt again at random. Hands keep their number of cards of each stack (card backs
    show the stack) and their known cards (``known_cards``); a non-tradable calamity
    in a stack keeps its place; the unknown cards are calamities only in phases 6 and 7
    (in phase 8 the calamities held are declared, MC-8.1; all are revealed in phase 9,
    MC-9.1.1, and none is drawn before phase 6). Then every hidden card of another
    player's offer or counter-offer is drawn again from the tradable cards of its owner's new hand
    not already in his side (MC-7.4; its stack is not shown, so any stack will do); the
    declarations stay. The sample depends on what ``player`` sees only."""
    cards = s.cat.cards
    calamity_free = s.phase not in (6, 7)  # phase 8: the calamities held are known (declared)
    known = known_cards(s, player)
    others = sorted(known)
    kept: dict[int, list[int]] = {q: [] for q in others}  # the known cards, in the new hands
    secret: dict[int, list[int]] = {q: [] for q in others}  # the unknown cards, dealt again
    for q in others:
        rest = list(known[q])
        for c in s.hands[q]:
            if c in rest:
                rest.remove(c)
                kept[q].append(c)
            else:
                secret[q].append(c)
    new_hands = {q: list(kept[q]) for q in others}
    for k in range(1, len(s.stacks)):
        stack = s.stacks[k]
        fixed_at = {i: c for i, c in enumerate(stack) if cards[c].calamity and not cards[c].tradable}
        pool = [c for i, c in enumerate(stack) if i not in fixed_at]
        owners: list[int] = []
        for q in others:
            mine = [c for c in secret[q] if cards[c].stack == k]
            pool += mine
            owners += [q] * len(mine)
        pool.sort()
        rng.shuffle(pool)
        for q in owners:
            j = next((j for j, c in enumerate(pool) if not (calamity_free and cards[c].calamity)),
                     0)  # a hand-built position may break the phase's rule: then any card
            new_hands[q].append(pool.pop(j))
        stack[:] = []
        for i in range(len(pool) + len(fixed_at)):
            stack.append(fixed_at[i] if i in fixed_at else pool.pop())
    for q in others:
        new_hands[q] += [c for c in secret[q] if not cards[c].stack]  # Water cards
        s.hands[q] = sorted(new_hands[q])
    for q, side in other_sides(s, player):
        spare = [c for c in s.hands[q] if cards[c].tradable]
        for c in shown_of(side):
            spare.remove(c)
        for i in unknown_slots(side):
            side[i] = spare.pop(rng.below(len(spare)))


# ------------------------------------------------------------------ public texts
HIDDEN = "?"
"""What others read in place of a hidden card in an action's text."""


def public_text(text: str) -> str:
    """An action's text as the other players see it: a hidden card added to a trade offer
    or counter-offer (``add H as D``) without the card, a card given (Provincial Empire)
    without the card. Other texts (the shown cards of ``offer C1 C2``) are public as they are."""
    words = text.split(" ")
    kind = words[0]
    if kind == "add" and len(words) == 4:
        return " ".join(("add", HIDDEN, "as", words[3]))
    if kind == "give" and len(words) == 2:
        return "give " + HIDDEN
    return text



# ------------------------------------------------------------------ the bots' cheap view
class SeatView:
    """What one seat may see now, read straight from the position: the bots' view
    (issue 17, item 4). An observation dict costs a copy of the whole table per
    decision; this reads the same public things in place (lists shared with the
    position: a bot must never change them) and the seat's own hidden things only (its
    hand, its moves this turn, the ships it built). In a simultaneous step the seat
    sees its own preview, as in ``observation``. Other hands show their sizes only."""

    __slots__ = ("_s", "player", "n", "board", "tokens", "city", "stock", "treasury", "city_stock", "ship_stock",
                 "ast", "civ", "order", "owned", "barb", "docked", "extra_credit", "tax_rate", "hand", "moved",
                 "ships", "built", "step", "phase", "turn")

    def __init__(self, s: MegaState, player: int) -> None:
        v = s.previews.get(player, s) if s.previews is not None else s
        self._s = v
        self.player = player
        self.n, self.board = v.n, v.board
        self.tokens, self.city, self.stock, self.treasury = v.tokens, v.city, v.stock, v.treasury
        self.city_stock, self.ship_stock, self.ast, self.civ = v.city_stock, v.ship_stock, v.ast, v.civ
        self.order, self.owned, self.barb, self.docked = v.order, v.owned, v.barb, v.docked
        self.extra_credit, self.tax_rate = v.extra_credit, v.tax_rate
        self.hand = v.hands[player]  # card indices, sorted
        self.moved = v.moved[player]
        self.ships = v.ships[player]
        self.built = v.built[player]  # public: the cities he built this turn stand on the map
        self.step, self.phase, self.turn = STEP_NAMES[v.step], s.phase, s.turn_no

    def position_id(self) -> int:
        """Which position (or preview) this view reads: a bot keeps a plan for one only
        (a search bot's rollouts show the same bot many positions of the same turn)."""
        return id(self._s)

    def hand_size(self, p: int) -> int:
        return len(self._s.hands[p])

    def vp(self, p: int) -> int:
        return self._s.vp(p)

    def vps(self) -> list[int]:
        """Every player's victory points (one pass over the cities, kept by the game's
        bots while nothing they count changes: ``Scores``)."""
        return table_of(id(self._s.rules)).scores.vps(self._s)

    def observation(self) -> dict[str, Any]:
        """The parts of ``observation(player)`` the bots read where they decide seldom
        (cards, calamities, abilities, advances): the same values, but each player's
        entry is computed only for the fields that are read (``LazyPlayer``)."""
        v = self._s
        me = self.player
        cards = v.cat.cards
        return {
            "game": "mega-civ", "player": me, "turn": self.turn, "phase": self.phase, "step": self.step,
            "players": [LazyPlayer(v, p) for p in range(v.n)],
            "hand": [cards[c].id for c in self.hand],
            "deal": self.deal(), "task": self.task(),
            "pay": _pay_json(v) if v.pay is not None else None,
            "prices": _prices(v, me) if v.step == BUY and me == v.decider else None,
        }

    def cities_of(self, p: int) -> list[int]:
        return [a for a, o in enumerate(self.city) if o == p]

    def holds(self, p: int, key: str) -> Any:
        """The parameter ``key`` of an ability player ``p`` owns (public: advances are)."""
        return self._s.holds(p, key)

    def holders(self, keys: tuple[str, ...]) -> frozenset[int]:
        """The players for whom ``holds(p, key)`` is true for one of ``keys`` (kept by the
        game's bots while the advances owned do not change: ``Holders``)."""
        return table_of(id(self._s.rules)).holders.of(self._s, keys)

    def deal(self) -> dict[str, Any] | None:
        """The trade under way as the observation shows it to this seat."""
        return _public_deal(self._s, self.player)

    def answering(self) -> bool:
        """Whether the seat is asked to answer another player's trade offer (a counter-offer
        or ``decline``), not building one of its own."""
        deal = self._s.deal
        return deal is not None and deal[2] == 1 and deal[0] != self.player and self.player not in deal[3]

    def task(self) -> dict[str, Any] | None:
        return _public_task(self._s)

    def decider(self) -> int:
        return self._s.decider


class LazyPlayer(Mapping[str, Any]):
    """One entry of an observation's ``players``, each field computed when first read
    (the same values as ``observation``)."""

    __slots__ = ("_s", "_p", "_got")
    FIELDS = ("seat", "civilization", "ast_rank", "ast", "stock", "treasury", "cities_in_stock", "ships_in_stock",
              "ships_on_map", "census", "tokens", "cities", "vp", "hand_size", "hand_by_stack", "advances",
              "credit_tokens", "tax_rate", "revealed", "calamities_declared")

    def __init__(self, s: MegaState, p: int) -> None:
        self._s, self._p = s, p
        self._got: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        got = self._got
        if key not in got:
            if key not in self.FIELDS:
                raise KeyError(key)
            got[key] = self._field(key)
        return got[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.FIELDS)

    def __len__(self) -> int:
        return len(self.FIELDS)

    def _field(self, key: str) -> Any:
        v, p = self._s, self._p
        areas = v.board.areas
        if key == "seat":
            return p
        if key == "civilization":
            return v.civ[p]
        if key in ("ast_rank", "ast", "stock", "treasury", "census", "tax_rate"):
            return {"ast_rank": v.rank, "ast": v.ast, "stock": v.stock, "treasury": v.treasury,
                    "census": v.census, "tax_rate": v.tax_rate}[key][p]
        if key == "cities_in_stock":
            return v.city_stock[p]
        if key == "ships_in_stock":
            return v.ship_stock[p]
        if key == "ships_on_map":
            return [areas[a].id for a in v.docked[p]]
        if key == "tokens":
            return _sparse(v, v.tokens[p])
        if key == "cities":
            return [areas[a].id for a, o in enumerate(v.city) if o == p]
        if key == "vp":
            return v.vp(p)
        if key == "hand_size":
            return len(v.hands[p])
        if key == "hand_by_stack":
            return _by_stack(v, v.hands[p])
        if key == "advances":
            return [v.cat.advances[a].id for a in v.owned[p]]
        if key == "credit_tokens":
            return dict(zip(v.cat.groups, v.extra_credit[p], strict=True))
        if key == "revealed":
            return [v.cat.cards[c].id for c in v.revealed[p]]
        cards = v.cat.cards
        return sum(1 for c in v.hands[p] if cards[c].calamity) if v.phase == 8 else None


# ------------------------------------------------------------------ the table the bots' views keep
# What the strategic bot's movement plans read of the whole table, kept between plans
# (issue 17, item 4): the rivals' tokens per area (``Crowd``), every player's victory
# points (``Scores``) and who holds an ability (``Holders``).
#
# Every seat plans its movement once a turn, and a plan asks how many rival tokens stand
# in some hundred areas; summed over every player area by area, that costs players x
# areas a plan. ``Crowd`` keeps the per-area totals of the last table it was shown with a
# copy of each player's row of tokens: the next plan compares the rows (one comparison of
# two lists each) and corrects the totals by the rows that changed only (in the movement
# phase, the seats that moved since). The totals are always those of the rows compared,
# whatever position, clone or preview they come from; nothing is ever changed in place,
# so a table shared by several bots needs no lock.


class Crowd:
    """Every player's tokens summed area by area, kept between calls."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[list[list[int]], list[int]] | None = None

    def totals(self, tokens: list[list[int]]) -> list[int]:
        """``[sum(row[a] for row in tokens) for a in areas]`` (a list nobody may change)."""
        last = self._last
        if last is None or len(last[0]) != len(tokens) or len(last[1]) != len(tokens[0]):
            return self._fresh(tokens)
        rows, sums = last
        changed = [q for q, row in enumerate(tokens) if row != rows[q]]
        if not changed:
            return sums
        if 3 * len(changed) > len(tokens):  # a new turn: most rows changed
            return self._fresh(tokens)
        rows = rows[:]
        for q in changed:
            row = tokens[q]
            sums = list(map(add, sums, map(sub, row, rows[q])))
            rows[q] = row[:]
        self._last = (rows, sums)
        return sums

    def _fresh(self, tokens: list[list[int]]) -> list[int]:
        rows = [row[:] for row in tokens]
        sums = list(map(sum, zip(*rows, strict=True)))
        self._last = (rows, sums)
        return sums


class Scores:
    """Every player's victory points (``MegaState.vp``), kept while what they are counted
    from is the same (cities, AST squares, civilizations, advances owned and paid, the
    rules and the catalogue): every seat's plan asks who leads, and in a movement phase
    the points do not change."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Any, Any, tuple[Any, ...], list[int]] | None = None

    def vps(self, s: MegaState) -> list[int]:
        """``[s.vp(p) for p in range(s.n)]`` (a new list)."""
        key = (s.city, s.ast, s.ast_forward, s.civ, s.owned, s.paid)
        last = self._last
        if last is not None and last[0] is s.rules and last[1] is s.cat and last[2] == key:
            return last[3][:]
        counts = [0] * s.n
        for o in s.city:
            if o >= 0:
                counts[o] += 1
        out = [s.vp(p, counts[p]) for p in range(s.n)]
        copy = (s.city[:], s.ast[:], s.ast_forward[:], s.civ[:], [x[:] for x in s.owned], [x[:] for x in s.paid])
        self._last = (s.rules, s.cat, copy, out)
        return out[:]


class Holders:
    """The players for whom ``MegaState.holds(p, key)`` is true for one of some keys, kept
    while the advances owned (and the rules and the catalogue) are the same."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Any, Any, list[list[int]], dict[tuple[str, ...], frozenset[int]]] | None = None

    def of(self, s: MegaState, keys: tuple[str, ...]) -> frozenset[int]:
        last = self._last
        if last is None or last[0] is not s.rules or last[1] is not s.cat or last[2] != s.owned:
            last = self._last = (s.rules, s.cat, [x[:] for x in s.owned], {})
        found = last[3].get(keys)
        if found is None:
            found = last[3][keys] = frozenset(p for p in range(s.n) if any(s.holds(p, k) for k in keys))
        return found


class Table:
    """What the bots of one game object share: ``crowd``, ``scores``, ``holders``."""

    __slots__ = ("crowd", "scores", "holders")

    def __init__(self) -> None:
        self.crowd, self.scores, self.holders = Crowd(), Scores(), Holders()


_TABLES: dict[int, Table] = {}


def table_of(key: int) -> Table:
    """The ``Table`` shared by the bots of one game's rules (``key``: their id)."""
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[key] = Table()
    return found
