"""The state of Catan Deck Building: its data, ``clone`` and the protocol methods.
What happens is the rules' (``rules/``, the forward model), reached through the state's
``model`` (the game's, ``CatanDeckBuilding.model``, kept in a slot); what a player knows,
positions and words through the game (``self.game``, ``game.py``: ``view.py``,
``serialize.py``, ``show/explain.py``). This module imports none of those, so that they
may import it: the phases and the pool's slots are defined here, and the rules read them
from here.

The play area (CDB-4.1): each player's zones are plain lists of card counts (hand,
laid down) or card numbers (draw pile, top last; discard pile, top last), beside the
supply (CDB-4.5), so ``clone`` copies a few short lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from civtable.core.action import Action
from civtable.core.errors import IllegalActionError
from civtable.core.events import ROOT, Event, Journal, Viewer, appended
from civtable.core.rng import Rng
from civtable.core.state import State

from .actions import ACTIONS, BY_TEXT, LAY, PLAY_RES, PLAY_ROAD, PLAY_WILD, CdbAction
from .catalog import BUYABLE, CITY, KDEF, N_CARDS, ROLE_IDS, SETTLEMENT
from .options import Rules

if TYPE_CHECKING:
    from .game import CatanDeckBuilding
    from .rules import ForwardModel
    from .view import SeatView

MOVE_EVENTS: Final = tuple(tuple(Event("move", {"player": p, "action": a.text}) for a in ACTIONS) for p in range(2))
"""The ``move`` event of every action of each seat (events are never changed once made)."""


MOVERS: Final[tuple[tuple[int, ...], ...]] = ((0,), (1,))

# phases: who decides what (the index of the phase's Step in ``rules.STEPS``)
MAIN: Final = 0
REACT: Final = 1
COUNTER: Final = 2
STEAL: Final = 3
DISCARDING: Final = 4
OVER: Final = 5
PHASE_NAMES: Final[tuple[str, ...]] = ("main", "react", "counter", "steal", "discard", "over")

# pool slots: the five resources, then resources of choice from Settlements, then
# from Cities and Roads (kept apart for settlement-for-city=B, CDB-3.6.4)
WILD_S: Final = 5
WILD_O: Final = 6
POOL_SIZE: Final = 7
POOL_KEYS: Final[tuple[str, ...]] = (*ROLE_IDS[:5], "choice-settlement", "choice-other")

LIGHT: Final[tuple[bool, ...]] = tuple(a.code in (PLAY_RES, PLAY_WILD, PLAY_ROAD, LAY) for a in ACTIONS)
"""By action index: a main-phase move that changes only its player's hand and laid-down
cards, the pool, the Roads and Seas of the turn and the Knights shown (``spent``): no
pile, no supply, nobody else's cards, no phase, turn or player (``CatanState.heavy``,
which the observation encoder reads to look at those alone)."""


class CatanState:
    """A position of Catan Deck Building: a ``State`` (registered as one, ``State.register``,
    below), not derived from it, so that ``setup.py`` can compile it: a compiled class
    derives only from compiled classes, and ``State`` is left to the other games'
    Python classes. The methods ``State`` gives every state are ``State``'s own,
    called at the end of the class."""

    __slots__ = (
        "told", "n_told", "game", "model", "rules", "rng", "hand", "draw", "disc", "laid", "reserved", "supply", "pool",
        "roads_played", "road_seas", "current", "turn_no", "phase", "decider", "attack",
        "attacker", "victim", "stolen", "left", "winner", "spent", "memo", "stamp", "heavy",
    )

    # what happened (``State.journal``): the events of a ``Journal`` held as its list and length
    # (``journal`` makes the ``Journal``), so that an event adds no object (``tell``)
    told: list[Event] | None
    n_told: int
    game: CatanDeckBuilding
    model: ForwardModel  # the game's forward model (``rules/``): every step goes through it
    # (a compiled class named for the type checker only: compiled, ``legal_actions`` and ``apply``
    # call its methods directly; ``game.py`` imports ``rules/`` before any state is made)
    rules: Rules
    rng: Rng
    hand: list[list[int]]
    draw: list[list[int]]
    disc: list[list[int]]
    laid: list[list[int]]
    # the seldom changed fields are tuples, replaced when they change (``rules.base.changed``),
    # so that ``clone`` shares them
    reserved: tuple[int, ...]  # Knights (Defensive) laid down to reflect, until their clean-up
    supply: tuple[int, ...]
    pool: list[int]  # the resources laid down this turn and not spent yet, by slot (``POOL_KEYS``)
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
    spent: tuple[int, ...]  # Knights (Defensive) shown to block under counter-knight=C, until the clean-up
    memo: list[CdbAction] | None  # the legal actions of this position, once asked (until ``apply``)
    stamp: int  # the moves tried on this object (``ForwardModel.apply``; a refused one counts too)
    heavy: int  # ``stamp`` after the last move that was not ``LIGHT`` (the encoder's shortcut)

    # ------------------------------------------------------------------ set-up
    @classmethod
    def initial(cls, game: CatanDeckBuilding, rules: Rules, seed: int) -> CatanState:
        """A new game: the play area before play (CDB-4.1: each player's own deck, CDB-1.2,
        as his draw pile in card order; the supply, CDB-4.5), then the set-up, which is the
        rules' (``ForwardModel.start``: shuffles, hands, the start player)."""
        s = cls()
        s.told, s.n_told = ROOT.items, 0
        s.game = game
        s.model = game.model
        s.rules = rules
        s.rng = Rng(seed)
        cards = rules.cards
        s.hand = [[0] * N_CARDS for _ in range(2)]
        s.memo = None
        s.stamp = s.heavy = 0
        s.draw = [[c for c in range(N_CARDS) for _ in range(cards.start_deck[c])] for _ in range(2)]
        s.disc = [[], []]
        s.laid = [[0] * N_CARDS for _ in range(2)]
        s.reserved = (0, 0)
        s.spent = (0, 0)
        s.supply = tuple(rules.supply)
        s.pool = [0] * POOL_SIZE
        s.roads_played = s.road_seas = 0
        s.turn_no = 1
        s.phase = MAIN
        s.attack = s.attacker = s.victim = s.stolen = -1
        s.left = 0
        s.winner = -1
        s.current = s.decider = 0
        s.model.start(s)
        return s

    def clone(self) -> CatanState:
        """A copy sharing nothing that changes (the journal is persistent). Written out
        one field at a time: packing fields into tuples costs more than it saves."""
        s = CatanState.__new__(CatanState)
        s.told = self.told
        s.n_told = self.n_told
        s.game = self.game
        s.model = self.model
        s.rules = self.rules
        r = Rng.__new__(Rng)
        r.state = self.rng.state
        s.rng = r
        x = self.hand
        s.hand = [x[0][:], x[1][:]]
        x = self.draw
        s.draw = [x[0][:], x[1][:]]
        x = self.disc
        s.disc = [x[0][:], x[1][:]]
        x = self.laid
        s.laid = [x[0][:], x[1][:]]
        s.reserved = self.reserved  # tuples
        s.spent = self.spent
        s.supply = self.supply
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
        s.memo = None  # a list of its own when asked (the kit: clones share no list)
        s.stamp = self.stamp
        s.heavy = self.heavy
        return s

    # --------------------------------------------------------------- protocol
    @property
    def turn(self) -> int:
        return self.turn_no

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else MOVERS[self.decider]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def legal_actions(self, player: object) -> list[CdbAction]:
        """The decider's actions (``ForwardModel.legal``), built once per position: asked
        again before ``apply``, the same list is returned (so do not change it). The
        action objects are made once (``actions.ACTIONS``) and shared by every position."""
        if type(player) is not int or player != self.decider:
            return []
        memo = self.memo
        if memo is None:
            memo = self.memo = self.model.legal(self)
        return memo

    def apply(self, seat: object, move: object) -> None:
        """One decision of the decider, by the rules (``ForwardModel.apply``, which tells
        the move first); a move the rules refuse raises before changing anything, and
        what was told is taken back."""
        # the arguments are checked here, not by their types: a compiled build (``setup.py``)
        # would refuse other types with a TypeError where the rules refuse them by name
        action = move if type(move) is CdbAction else self._action_of(seat, move)
        if type(seat) is not int or seat != self.decider or self.phase == OVER:  # 0.0 == 0, True == 1
            raise IllegalActionError(self.explain(seat, action.text))
        told, n = self.told, self.n_told
        self.memo = None
        try:
            self.model.apply(self, action)
        except IllegalActionError:
            self.told, self.n_told = told, n
            raise

    def _action_of(self, player: object, action: Any) -> CdbAction:
        """The action object of a text (or of an equal action made elsewhere)."""
        if isinstance(action, CdbAction):
            return action
        text = action.text if isinstance(action, Action) else action
        found = BY_TEXT.get(" ".join(text.lower().split())) if isinstance(text, str) else None
        if found is None:
            raise IllegalActionError(self.explain(player, str(action)))
        return found

    def emit_move(self, player: int, action: Any, private: bool = False) -> None:
        """The ``move`` event: every Catan action is public as it is (a discarded or stolen
        card is told by the events that follow, to those who may see it). The events of
        moves are made once (``MOVE_EVENTS``): a move happens at every step."""
        if self.told is not None:
            self.tell(MOVE_EVENTS[player][action.index])

    # ------------------------------------------------------ what players know
    # (the modules that know it come through the game: ``CatanDeckBuilding.observe`` ...)
    def observation(self, player: Any) -> dict[str, Any]:
        return self.game.observe(self, player)

    def seat_view(self, player: Any) -> SeatView:
        """The bots' cheap view of what ``player`` sees (``view.SeatView``)."""
        return self.game.seat_view(self, player)

    def determinize(self, player: Any, rng: Rng) -> CatanState:
        d = self.game.determinize(self, player, rng)
        d.journal = None
        return d

    def explain(self, player: Any, text: Any) -> str:
        return self.game.explain_refusal(self, player, text)

    def to_json(self) -> dict[str, Any]:
        return self.game.state_json(self)

    def evaluate(self, player: int) -> float:
        """Cities and Settlements owned, as a share of what wins; for search cut-offs."""
        mine = self.owned(player)
        theirs = self.owned(1 - player)
        score = (mine[CITY] - theirs[CITY]) * 0.2 + (mine[SETTLEMENT] - theirs[SETTLEMENT]) * 0.05
        return max(-0.95, min(0.95, score))

    def scores(self) -> list[float]:
        """Each player's Cities owned, the game's measure of progress: three Cities in hand
        during one's own turn win (CDB-1.3, CDB-9.1), and a City counts once bought
        (CDB-3.7.1), wherever it lies in the owner's deck. A City the Bandit took is still
        its victim's until the thief keeps it (CDB-3.1.2), as a spectator counts it."""
        out = [0.0, 0.0]
        for p in range(2):
            n = self.hand[p][CITY] + self.laid[p][CITY] + self.draw[p].count(CITY) + self.disc[p].count(CITY)
            out[p] = float(n)
        if self.stolen == CITY and self.victim >= 0:
            out[self.victim] += 1.0
        return out

    def holdings(self) -> dict[str, list[int]]:
        """The supply cards (the items of ``Game.value_items``, ``items.py``) each seat
        came to own: more copies than its start deck gave it (CDB-1.2), wherever they
        lie at the end (CDB-7.4). Bought (CDB-7.5), kept after a Bandit's theft
        (CDB-3.1.2) or given (``civtable value``); a Settlement given back for a City
        (CDB-3.6.4) no longer counts, nor a card stolen and kept by the other."""
        start = self.rules.cards.start_deck
        out: dict[str, list[int]] = {}
        for p in range(2):
            mine = self.owned(p)
            if self.stolen >= 0 and p == self.victim:
                mine[self.stolen] += 1  # taken but not yet kept: still the victim's
            for c in BUYABLE:
                if mine[c] > start[c]:
                    out.setdefault(ROLE_IDS[c], []).append(p)
        return out

    def owned(self, p: int) -> list[int]:
        """Counts of every card ``p`` owns, wherever it lies (CDB-7.4: payment stays his)."""
        out = [a + b for a, b in zip(self.hand[p], self.laid[p], strict=True)]
        for c in self.draw[p]:
            out[c] += 1
        for c in self.disc[p]:
            out[c] += 1
        out[KDEF] += self.reserved[p]
        return out

    # ------------------------------------------------------ State's own methods
    @property
    def num_players(self) -> int:
        return self.game.num_players  # as State.num_players

    def events(self, viewer: Viewer, since: int = 0) -> list[Event]:
        return State.events(self, viewer, since)  # type: ignore[arg-type]

    def emit(self, id: str, args: Mapping[str, Any] | None = None,
             to: tuple[int, ...] | None = None, exclude: tuple[int, ...] = ()) -> None:
        """``State.emit``, written out (the rules call it at every event)."""
        if self.told is not None:
            self.tell(Event(id, args, to, exclude))

    def tell(self, event: Event) -> None:
        """``event`` added to the history, as ``Journal(event, self.journal)`` adds it (in place
        at the end of the shared list when nobody has appended there yet), without a
        ``Journal`` object per event. Nothing when silent."""
        items = self.told
        if items is not None:
            n = self.n_told
            self.told = appended(items, n, event)
            self.n_told = n + 1

    @property
    def journal(self) -> Journal | None:
        """What happened (``State.journal``), or ``None`` when silent."""
        items = self.told
        if items is None:
            return None
        j = Journal()
        j.items = items
        j.n = self.n_told
        return j

    @journal.setter
    def journal(self, value: Journal | None) -> None:
        if value is None:
            self.told = None
            self.n_told = 0
        else:
            self.told = value.items
            self.n_told = value.n

    def silence(self) -> CatanState:
        return State.silence(self)  # type: ignore[arg-type,return-value]

    def listen(self) -> CatanState:
        return State.listen(self)  # type: ignore[arg-type,return-value]

    def game_stats(self) -> dict[str, float]:
        return State.game_stats(self)  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        """As ``State.__eq__``: the same game and position."""
        if not isinstance(other, State):
            return NotImplemented
        return self.game.id == other.game.id and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<CatanState turn {self.turn_no} {PHASE_NAMES[self.phase]} player {self.decider}>"


State.register(CatanState)
