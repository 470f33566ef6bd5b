"""The rules of Catan Deck Building (CDB-1 to CDB-9) as one state class.

Zones are plain lists of card counts (hand, laid down) or card numbers (draw
pile, top last; discard pile, top last), so ``clone`` copies a few short lists.

Paying (CDB-7.3 to 7.6) works with a *pool*: a card laid down for its resources
puts them into the pool of the current turn, where they stay until spent or
until the clean-up. Resources of choice (Settlement, City, Roads) stay "wild"
until a purchase spends them, which is the designers' ruling that they may be
split over several purchases. A purchase spends the pool canonically: matching
resources first, then resources of choice, then 2-for-1 trades of surplus
resource cards; ``buy X trade`` spends trades before resources of choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.errors import IllegalActionError
from civtable.core.events import ROOT
from civtable.core.rng import Rng
from civtable.core.state import State

from .actions import (
    ALLOW,
    ALLOW_ACT,
    BUY,
    BUY_ACT,
    BUY_TRADE,
    BUY_TRADE_ACT,
    BY_TEXT,
    DISCARD,
    DISCARD_ACT,
    DISCARD_TOP,
    DISCARD_TOP_ACT,
    END,
    END_ACT,
    KEEP,
    KEEP_ACT,
    LAY,
    LAY_ACT,
    LAYABLE,
    PLAY,
    PLAY_ATTACK,
    PLAY_HARBOR,
    PLAY_KDEF,
    PLAY_RES,
    PLAY_ROAD,
    PLAY_ROADS,
    PLAY_WILD,
    REFLECT,
    REFLECT_ACT,
    RETURN,
    RETURN_ACT,
    CdbAction,
)
from .cards import (
    BANDIT,
    BUYABLE,
    CITY,
    DESERT,
    HARBOR,
    KDEF,
    KOFF,
    N_CARDS,
    ROAD,
    SEA,
    SETTLEMENT,
    CardData,
)

if TYPE_CHECKING:
    from .game import CatanDeckBuilding

# phases: who decides what
MAIN, REACT, COUNTER, STEAL, DISCARDING, OVER = range(6)
PHASE_NAMES = ("main", "react", "counter", "steal", "discard", "over")

# pool slots: the five resources, then resources of choice from Settlements,
# then from Cities and Roads (kept apart for settlement-for-city=B)
WILD_S, WILD_O = 5, 6
POOL_SIZE = 7

_MAIN_PLAY_ORDER = (0, 1, 2, 3, 4, SETTLEMENT, CITY, HARBOR, KDEF, BANDIT, KOFF)


def road_resources(n: int) -> int:
    """CDB-3.5.2: n Roads played together give max(0, 2n - 3) resources of choice."""
    return 2 * n - 3 if n > 1 else 0


class Rules:
    """The options of one game as flags, read on the hot path."""

    __slots__ = (
        "cards", "cost", "reflect_cancels_draw", "reflect_bonus_draw", "counter_mode",
        "reaction_cleanup_now", "discard_from_draw", "harbor_counts_laid", "road_sea",
        "roads_whole_turn", "no_settlement_for_city", "discard_public", "trade_wild",
        "reshuffle_together", "win_any_time", "max_turns", "to_win", "supply",
    )

    def __init__(self, options: dict[str, Any], cards: CardData) -> None:
        self.cards = cards
        self.cost = cards.cost
        self.reflect_cancels_draw = options["reflect-attacker-draw"] == "B"
        self.reflect_bonus_draw = options["reflect-effect"] == "B"
        self.counter_mode = "ABC".index(options["counter-knight"])
        self.reaction_cleanup_now = options["reaction-card-cleanup"] == "A"
        self.discard_from_draw = options["discard-source"] == "B"
        self.harbor_counts_laid = options["harbor-count-zone"] == "B"
        self.road_sea = options["road-sea"] == "B"
        self.roads_whole_turn = options["road-grouping"] == "B"
        self.no_settlement_for_city = options["settlement-for-city"] == "B"
        self.discard_public = options["discard-visibility"] == "A"
        self.trade_wild = options["trade-inputs"] == "B"
        self.reshuffle_together = options["reshuffle"] == "B"
        self.win_any_time = options["win-timing"] == "A"
        self.max_turns = options["max-turns"]
        self.to_win = cards.cities_to_win
        self.supply = cards.supply_pre_revision if options["supply-total"] == "B" else cards.supply


class CatanState(State):
    """A position of Catan Deck Building."""

    __slots__ = (
        "game", "rules", "rng", "hand", "draw", "disc", "laid", "reserved", "supply", "pool",
        "roads_played", "road_seas", "current", "turn_no", "phase", "decider", "attack",
        "attacker", "victim", "stolen", "left", "winner", "spent",
    )

    game: CatanDeckBuilding
    rules: Rules
    rng: Rng
    hand: list[list[int]]
    draw: list[list[int]]
    disc: list[list[int]]
    laid: list[list[int]]
    reserved: list[int]
    supply: list[int]
    pool: list[int]
    roads_played: int
    road_seas: int
    current: int
    turn_no: int
    phase: int
    decider: int
    attack: int
    attacker: int
    victim: int
    stolen: int
    left: int
    winner: int
    spent: list[int]  # Knights (Defensive) shown to block under counter-knight=C, until the clean-up

    # ------------------------------------------------------------------ set-up
    @classmethod
    def initial(cls, game: CatanDeckBuilding, rules: Rules, seed: int) -> CatanState:
        """CDB-5 and CDB-6: shuffled start decks, the supply, 7-card hands, a start player."""
        s = cls.__new__(cls)
        s.journal = ROOT
        s.game = game
        s.rules = rules
        s.rng = Rng(seed)
        cards = rules.cards
        s.hand = [[0] * N_CARDS for _ in range(2)]
        s.draw = []
        for _ in range(2):
            deck = [c for c in range(N_CARDS) for _ in range(cards.start_deck[c])]
            s.rng.shuffle(deck)
            s.draw.append(deck)
        s.disc = [[], []]
        s.laid = [[0] * N_CARDS for _ in range(2)]
        s.reserved = [0, 0]
        s.spent = [0, 0]
        s.supply = list(rules.supply)
        s.pool = [0] * POOL_SIZE
        s.roads_played = s.road_seas = 0
        s.turn_no = 1
        s.phase = MAIN
        s.attack = s.attacker = s.victim = s.stolen = -1
        s.left = 0
        s.winner = -1
        for p in range(2):
            s._draw(p, cards.opening_hand)
        start = game.options["start-player"]
        s.current = s.decider = start if start is not None else s.rng.below(2)
        s._check_win_at_turn_start()
        return s

    def clone(self) -> CatanState:
        s = CatanState.__new__(CatanState)
        s.journal = self.journal
        s.game = self.game
        s.rules = self.rules
        r = Rng.__new__(Rng)
        r.state = self.rng.state
        s.rng = r
        h, d, x, lay = self.hand, self.draw, self.disc, self.laid
        s.hand = [h[0][:], h[1][:]]
        s.draw = [d[0][:], d[1][:]]
        s.disc = [x[0][:], x[1][:]]
        s.laid = [lay[0][:], lay[1][:]]
        s.reserved = self.reserved[:]
        s.spent = self.spent[:]
        s.supply = self.supply[:]
        s.pool = self.pool[:]
        s.roads_played = self.roads_played
        s.road_seas = self.road_seas
        s.current = self.current
        s.turn_no = self.turn_no
        s.phase = self.phase
        s.decider = self.decider
        s.attack = self.attack
        s.attacker = self.attacker
        s.victim = self.victim
        s.stolen = self.stolen
        s.left = self.left
        s.winner = self.winner
        return s

    # --------------------------------------------------------------- protocol
    @property
    def turn(self) -> int:
        return self.turn_no

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.decider,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def legal_actions(self, player: int) -> list[CdbAction]:  # type: ignore[override]
        phase = self.phase
        if phase == OVER or player != self.decider:
            return []
        h = self.hand[player]
        if phase == MAIN:
            return self._main_actions(h)
        if phase in (REACT, COUNTER):
            return [REFLECT_ACT, ALLOW_ACT] if h[KDEF] > self.spent[player] else [ALLOW_ACT]
        if phase == STEAL:
            return [KEEP_ACT, RETURN_ACT]
        # DISCARDING
        out = [DISCARD_ACT[c] for c in range(N_CARDS) if h[c]]
        if self.rules.discard_from_draw and self.draw[player]:
            out.append(DISCARD_TOP_ACT)
        return out

    def _main_actions(self, h: list[int]) -> list[CdbAction]:
        out: list[CdbAction] = [PLAY[c] for c in _MAIN_PLAY_ORDER if h[c]]  # type: ignore[misc]
        if h[KDEF] and h[KDEF] <= self.spent[self.current]:  # CDB-3.2.5: it has blocked
            out.remove(PLAY[KDEF])  # type: ignore[arg-type]
        roads = h[ROAD]
        if roads:
            out.extend(PLAY_ROADS[1 : roads + 1])  # type: ignore[arg-type]
        out.extend(LAY_ACT[c] for c in LAYABLE if h[c])  # type: ignore[misc]
        pool = self.pool
        if any(pool):
            supply = self.supply
            for c in BUYABLE:
                if supply[c]:
                    plan = self._payment(c, False)
                    if plan is not None:
                        out.append(BUY_ACT[c])  # type: ignore[arg-type]
                        if self._trade_payment(c, plan) is not None:
                            out.append(BUY_TRADE_ACT[c])  # type: ignore[arg-type]
        out.append(END_ACT)
        return out

    def _trade_payment(self, card: int, plain: tuple[int, ...]) -> tuple[int, ...] | None:
        """The payment of ``buy X trade``, offered only where it differs from plain ``buy X``
        (it can only exist where the plain payment does)."""
        if not (plain[WILD_S] or plain[WILD_O]):
            return None
        alt = self._payment(card, True)
        return alt if alt is not None and alt != plain else None

    def _payment(self, card: int, prefer_trade: bool) -> tuple[int, ...] | None:
        """What buying ``card`` takes from the pool: 7 pool amounts, or None if unaffordable.

        CDB-3.1.1 / 3.7.1: the Desert and the Settlement come from the hand;
        CDB-7.6: two surplus resource cards make one missing resource.
        """
        h = self.hand[self.current]
        if (card == BANDIT and not h[DESERT]) or (card == CITY and not h[SETTLEMENT]):
            return None
        pool = self.pool
        # feasibility first, without building anything: most cards are unaffordable
        # most of the time, and this runs for every buyable card at every step
        c0, c1, c2, c3, c4 = self.rules.cost[card]
        p0, p1, p2, p3, p4 = pool[0], pool[1], pool[2], pool[3], pool[4]
        deficit = ((c0 - p0 if c0 > p0 else 0) + (c1 - p1 if c1 > p1 else 0) + (c2 - p2 if c2 > p2 else 0)
                   + (c3 - p3 if c3 > p3 else 0) + (c4 - p4 if c4 > p4 else 0))
        if not deficit:
            return (c0, c1, c2, c3, c4, 0, 0)
        surplus = p0 + p1 + p2 + p3 + p4 - (c0 + c1 + c2 + c3 + c4) + deficit
        ws = 0 if (card == CITY and self.rules.no_settlement_for_city) else pool[WILD_S]
        wo = pool[WILD_O]
        if deficit > ws + wo + surplus // 2:
            return None
        use = [c0 if c0 < p0 else p0, c1 if c1 < p1 else p1, c2 if c2 < p2 else p2,
               c3 if c3 < p3 else p3, c4 if c4 < p4 else p4, 0, 0]
        if prefer_trade:
            trades = min(deficit, surplus // 2)
            rest = deficit - trades
            if rest > ws + wo:
                return None
        else:
            rest = min(deficit, ws + wo)
            trades = deficit - rest
            if 2 * trades > surplus:
                return None
        # resources of choice: the Settlements' first, they are the less flexible
        take_s = min(rest, ws)
        use[WILD_S] = take_s
        use[WILD_O] = rest - take_s
        # trade inputs: two units at a time from the largest surplus (ties: lowest card)
        left = 2 * trades
        while left:
            best, most = -1, 0
            for r in range(5):
                spare = pool[r] - use[r]
                if spare > most:
                    best, most = r, spare
            use[best] += 1
            left -= 1
        return tuple(use)

    # ------------------------------------------------------------------ apply
    def apply(self, player: int, action: CdbAction | str) -> None:  # type: ignore[override]
        if not isinstance(action, CdbAction):
            found = BY_TEXT.get(" ".join(str(action).lower().split()))
            if found is None:
                raise IllegalActionError(f"{str(action)!r} is not an action of catan-deckbuilding")
            action = found
        if self.phase == OVER:
            raise IllegalActionError("the game is over")
        if player != self.decider:
            raise IllegalActionError(f"it is player {self.decider}'s decision, not player {player}'s")
        code = action.code
        phase = self.phase
        if phase == MAIN:
            self._apply_main(player, action, code)
        elif phase in (REACT, COUNTER):
            if code == REFLECT:
                if self.hand[player][KDEF] <= self.spent[player]:
                    raise IllegalActionError("reflect needs a Knight (Defensive) in hand that has not blocked an attack")
                if phase == REACT:
                    self._reflect()
                else:
                    self._counter_reflect()
            elif code == ALLOW:
                if phase == REACT:
                    self._draw(self.attacker, 1)  # the attack card's +1 card
                    self._attack_effect(self.attacker, self.victim)
                else:
                    self._accept_reflection()
            else:
                raise IllegalActionError(f"{action} is not legal now: answer the attack with 'reflect' or 'allow'")
        elif phase == STEAL:
            if code == KEEP:
                self.disc[player].append(self.stolen)
            elif code == RETURN:
                self.hand[self.victim][self.stolen] += 1
            else:
                raise IllegalActionError(f"{action} is not legal now: 'keep' or 'return' the stolen card")
            self.stolen = -1
            self._back_to_main()
        else:  # DISCARDING
            if code == DISCARD:
                if not self.hand[player][action.card]:
                    raise IllegalActionError(f"{action} is not legal: no such card in hand")
                self.hand[player][action.card] -= 1
                self.disc[player].append(action.card)
                if action.card == KDEF and self.spent[player]:
                    self.spent[player] -= 1
            elif code == DISCARD_TOP and self.rules.discard_from_draw and self.draw[player]:
                self.disc[player].append(self.draw[player].pop())
            else:
                raise IllegalActionError(f"{action} is not legal now: choose a card to discard")
            self.left -= 1
            if not self.left:
                self._back_to_main()
        if self.phase != OVER and self.rules.win_any_time:
            self._check_win(self.current)

    def _apply_main(self, p: int, action: CdbAction, code: int) -> None:
        if code > END:
            raise IllegalActionError(f"{action} is not legal now: nothing to answer")
        h = self.hand[p]
        card = action.card
        if code == END:
            self._end_turn(p)
            return
        if code in (BUY, BUY_TRADE):
            if not self.supply[card]:
                raise IllegalActionError(f"{action} is not legal: the supply has no {self.rules.cards.names[card]} left")
            plan = self._payment(card, False)
            if plan is None:
                raise IllegalActionError(f"{action} is not legal: the cards laid down do not pay for it")
            if code == BUY_TRADE:
                plan = self._trade_payment(card, plan)
                if plan is None:
                    raise IllegalActionError(
                        f"{action} is not legal: no 2-for-1 trade would replace resources of choice here")
            pool = self.pool
            for i in range(POOL_SIZE):
                pool[i] -= plan[i]
            if card == CITY:  # CDB-3.6.4: the unplayed Settlement goes back to the supply
                h[SETTLEMENT] -= 1
                self.supply[SETTLEMENT] += 1
            elif card == BANDIT:  # CDB-3.1.1: the Desert is laid down as payment
                h[DESERT] -= 1
                self.laid[p][DESERT] += 1
            self.supply[card] -= 1
            self.disc[p].append(card)  # CDB-7.5
            return
        if code == PLAY_ROAD:
            n = card  # the number of Roads
            if h[ROAD] < n:
                raise IllegalActionError(f"{action} is not legal: only {h[ROAD]} Road(s) in hand")
            h[ROAD] -= n
            self.laid[p][ROAD] += n
            before = self.roads_played if self.rules.roads_whole_turn else 0
            self.pool[WILD_O] += road_resources(before + n) - road_resources(before)
            self.roads_played += n
            if self.rules.road_sea:
                self.road_seas += 1
            return
        if not h[card]:
            raise IllegalActionError(f"{action} is not legal: no {self.rules.cards.names[card]} in hand")
        if card == KDEF and self.spent[p]:
            if code == PLAY_KDEF and h[KDEF] <= self.spent[p]:
                raise IllegalActionError(f"{action} is not legal: this Knight (Defensive) has blocked an attack (CDB-3.2.5)")
            if code == LAY:
                self.spent[p] -= 1  # the shown Knight is the one laid down
        h[card] -= 1
        self.laid[p][card] += 1
        if code == PLAY_RES:
            self.pool[card] += 1
        elif code == PLAY_WILD:
            self.pool[WILD_S if card == SETTLEMENT else WILD_O] += self.rules.cards.produces[card]
        elif code == PLAY_HARBOR:
            self._draw(p, 1 + self._harbor_seas(p))
        elif code == PLAY_KDEF:  # CDB-3.2.5: plain use
            self._draw(p, 1)
        elif code == PLAY_ATTACK:
            self.attack = card
            self.attacker = p
            self.victim = 1 - p
            self.phase = REACT
            self.decider = 1 - p

    def _harbor_seas(self, p: int) -> int:
        """CDB-3.4.2: Seas in hand, plus 1 if any Road is (all Roads count as one Sea)."""
        h, laid, rules = self.hand[p], self.laid[p], self.rules
        seas = h[SEA]
        roads = h[ROAD]
        if rules.harbor_counts_laid:
            seas += laid[SEA]
            roads += laid[ROAD]
        if roads:
            seas += 1
        if rules.road_sea:
            seas += self.road_seas
        return seas

    # ---------------------------------------------------------------- attacks
    def _reflect(self) -> None:
        """CDB-3.2.2: the defender lays down his Knight, draws 1, and may be counter-reflected."""
        d = self.victim
        self.hand[d][KDEF] -= 1
        self.reserved[d] += 1
        self._draw(d, 1)
        self.phase = COUNTER
        self.decider = self.attacker

    def _counter_reflect(self) -> None:
        """CDB-3.2.3: a second Knight (Defensive) and the attack affects neither player."""
        a = self.attacker
        mode = self.rules.counter_mode
        if mode < 2:  # A and B lay it down; C only shows it
            self.hand[a][KDEF] -= 1
            self.laid[a][KDEF] += 1
            if mode == 0:
                self._draw(a, 1)
        else:  # CDB-3.2.4: it stays in hand, but has blocked its one attack
            self.spent[a] += 1
        if not self.rules.reflect_cancels_draw:
            self._draw(a, 1)
        self._back_to_main()

    def _accept_reflection(self) -> None:
        a, d = self.attacker, self.victim
        if not self.rules.reflect_cancels_draw:
            self._draw(a, 1)
        if self.rules.reflect_bonus_draw:
            self._draw(d, 1)
        self._attack_effect(d, a)

    def _attack_effect(self, by: int, target: int) -> None:
        """CDB-3.1.2 (steal a random hand card) or CDB-3.3.2 (discard 2 of his choice)."""
        h = self.hand[target]
        if self.attack == BANDIT:
            total = sum(h)
            if not total:
                self._back_to_main()
                return
            k = self.rng.below(total)
            card = 0
            while k >= h[card]:
                k -= h[card]
                card += 1
            h[card] -= 1
            if self.spent[target] > h[KDEF]:
                self.spent[target] = h[KDEF]
            self.stolen = card
            self.attacker, self.victim = by, target
            self.phase = STEAL
            self.decider = by
            return
        available = sum(h)
        if self.rules.discard_from_draw:
            available += len(self.draw[target])
        if available <= 2:  # nothing to choose: all of it goes
            disc = self.disc[target]
            for c in range(N_CARDS):
                disc.extend([c] * h[c])
                h[c] = 0
            if self.rules.discard_from_draw:
                d = self.draw[target]
                while d:
                    disc.append(d.pop())
            self._back_to_main()
            return
        self.attacker, self.victim = by, target
        self.phase = DISCARDING
        self.decider = target
        self.left = 2

    def _back_to_main(self) -> None:
        self.phase = MAIN
        self.decider = self.current
        self.attack = self.attacker = self.victim = -1
        self.left = 0

    # -------------------------------------------------------- turn and draws
    def _end_turn(self, p: int) -> None:
        """CDB-8.1 to 8.4: clean-up, then draw at least 3 or up to 7."""
        laid, disc = self.laid[p], self.disc[p]
        for c in range(N_CARDS):
            if laid[c]:
                disc.extend([c] * laid[c])
                laid[c] = 0
        o = 1 - p
        if self.rules.reaction_cleanup_now:
            if self.reserved[o]:
                self.disc[o].extend([KDEF] * self.reserved[o])
                self.reserved[o] = 0
        elif self.reserved[p]:
            disc.extend([KDEF] * self.reserved[p])
            self.reserved[p] = 0
        pool = self.pool
        for i in range(POOL_SIZE):
            pool[i] = 0
        self.roads_played = self.road_seas = 0
        self.spent[0] = self.spent[1] = 0
        cards = self.rules.cards
        size = sum(self.hand[p])
        self._draw(p, cards.refill_to - size if size < cards.refill_below else cards.draw_minimum)
        if self.turn_no >= self.rules.max_turns:
            self.phase = OVER  # a draw at the turn cap, after the last turn's draw
            return
        self.current = self.decider = o
        self.turn_no += 1
        self._check_win_at_turn_start()

    def _check_win_at_turn_start(self) -> None:
        self._check_win(self.current)

    def _check_win(self, p: int) -> None:
        """CDB-9.1: three Cities in hand during one's own turn win."""
        if self.hand[p][CITY] >= self.rules.to_win:
            self.winner = p
            self.phase = OVER

    def _draw(self, p: int, n: int) -> None:
        """CDB-8.5: draw n cards, reshuffling the discard pile when the draw pile runs out."""
        pile, hand = self.draw[p], self.hand[p]
        if self.rules.reshuffle_together:
            if len(pile) < n and self.disc[p]:
                pile.extend(self.disc[p])
                self.disc[p].clear()
                self.rng.shuffle(pile)
            for _ in range(min(n, len(pile))):
                hand[pile.pop()] += 1
            return
        for _ in range(n):
            if not pile:
                disc = self.disc[p]
                if not disc:
                    return
                pile.extend(disc)
                disc.clear()
                self.rng.shuffle(pile)
            hand[pile.pop()] += 1

    # ------------------------------------------------------ what players know
    def observation(self, player: int) -> dict[str, Any]:
        from .serialize import observation

        return observation(self, player)

    def determinize(self, player: int, rng: Rng) -> CatanState:
        from .serialize import determinize

        return determinize(self, player, rng).silence()  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    def evaluate(self, player: int) -> float:
        """Cities and Settlements owned, as a share of what wins; for search cut-offs."""
        mine = self.owned(player)
        theirs = self.owned(1 - player)
        score = (mine[CITY] - theirs[CITY]) * 0.2 + (mine[SETTLEMENT] - theirs[SETTLEMENT]) * 0.05
        return max(-0.95, min(0.95, score))

    def owned(self, p: int) -> list[int]:
        """Counts of every card ``p`` owns, wherever it lies."""
        out = [a + b for a, b in zip(self.hand[p], self.laid[p], strict=True)]
        for c in self.draw[p]:
            out[c] += 1
        for c in self.disc[p]:
            out[c] += 1
        out[KDEF] += self.reserved[p]
        return out

    def __repr__(self) -> str:
        return f"<CatanState turn {self.turn_no} {PHASE_NAMES[self.phase]} player {self.decider}>"
