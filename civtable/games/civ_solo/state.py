"""The solo automa's position (SOLO-1 to SOLO-8): the data of one solo game and the
state protocol, delegating through the game (``self.game``, ``game.py``) to its forward
model (``game.model``, the ``rules`` package: the turn's steps), to ``view`` (what the
player is shown), ``serialize`` (positions as JSON) and ``show`` (the question in
words, explanations). The state imports none of those: imports flow one way, data ->
state -> rules -> view/serialize -> bots -> show -> game.

The engine cannot see the table, so every fact about the player's own supply
(tokens, unit cards, combat bonus, a fortified capital, ...) is a question to
seat 0 with a finite list of answers, asked only when a rule needs it. ``stage``
names the automa's procedure under way, ``work`` keeps the answers of the procedure
(an event, a trade, a battle), and ``ask`` names the question waiting for an answer.

Dice come from the state's generator (option ``dice=engine``) or are typed one by
one (``dice=table``); shuffles and random picks always use the generator.
Everything the automa takes from the player is written in ``ledger`` (turn, item,
change, detail), which a simulated player reads to keep its supply; ``log`` keeps
the companion's words (part of a position), what happened is told as events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.action import Action
from civtable.core.events import ROOT, Viewer
from civtable.core.rng import Rng
from civtable.core.state import State

if TYPE_CHECKING:
    from .catalog import Tables
    from .game import CivSolo
    from .options import Rules
    from .rules.combat import Battle

OVER = "over"
"""The stage of a finished game (``state.stage``)."""
DEBT_KINDS = ("culture", "resources", "people", "buildings", "tokens")
"""The kinds of wound-marker debt (SOLO-4.1.5), the keys of ``state.debt``."""
LATE_STAGES = frozenset({"move", "battle", "end", "debt"})
"""Stages after the trade phase: the turn's own production is on the table by then."""
ERAS = ("ancient", "medieval", "modern")


class SoloState(State):
    """A position of the solo automa: the companion's side of one solo game."""

    __slots__ = ("game", "tables", "rules", "rng", "turn_no", "stage", "ask", "pool", "civ", "era", "event",
                 "work", "roll", "resume", "units", "entry", "debt", "pending", "battle", "bmeta", "ledger", "log",
                 "news_from", "outcome", "end_turn", "stats", "legal")

    game: CivSolo
    tables: Tables
    rules: Rules
    rng: Rng
    turn_no: int
    stage: str
    ask: str | None
    pool: int
    civ: str
    era: str
    event: dict[str, int] | None
    work: dict[str, Any]
    roll: dict[str, Any] | None
    resume: str | None
    units: list[tuple[str, int, int]] | None
    entry: list[tuple[str, int, int]]
    debt: dict[str, int]
    pending: list[dict[str, Any]]
    battle: Battle | None
    bmeta: dict[str, Any] | None
    ledger: list[tuple[int, str, int, Any]]
    log: list[str]
    news_from: int
    outcome: str | None
    end_turn: int
    stats: dict[str, int]
    legal: tuple[Action, ...] | None  # the answers to the waiting question, once computed

    # ------------------------------------------------------------------ set-up
    @classmethod
    def blank(cls, game: CivSolo) -> SoloState:
        """A state with its game and an empty history; the fields are set by the caller."""
        s = cls.__new__(cls)
        s.journal = ROOT
        s.game, s.tables, s.rules = game, game.tables, game.rules
        s.legal = None
        return s

    def clone(self) -> SoloState:
        s = SoloState.__new__(SoloState)
        s.journal = self.journal
        s.game, s.tables, s.rules = self.game, self.tables, self.rules
        s.rng = self.rng.clone()
        s.turn_no, s.stage, s.ask, s.pool = self.turn_no, self.stage, self.ask, self.pool
        s.civ, s.era = self.civ, self.era
        s.event = None if self.event is None else dict(self.event)
        s.work = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                  for k, v in self.work.items()}
        s.roll = None if self.roll is None else {**self.roll, "got": list(self.roll["got"])}
        s.resume = self.resume
        s.units = None if self.units is None else list(self.units)
        s.entry = list(self.entry)
        s.debt = dict(self.debt)
        s.pending = [dict(p) for p in self.pending]
        s.battle = None if self.battle is None else self.battle.clone()
        s.bmeta = None if self.bmeta is None else {**self.bmeta, "hand": [list(u) for u in self.bmeta["hand"]]}
        s.ledger = list(self.ledger)  # entries are tuples, never changed once written
        s.log = list(self.log)
        s.news_from = self.news_from
        s.outcome, s.end_turn = self.outcome, self.end_turn
        s.stats = dict(self.stats)
        s.legal = None
        return s

    # ---------------------------------------------------------------- options and the track
    def opt(self, name: str) -> Any:
        return self.game.options[name]

    @property
    def end_space(self) -> int:
        return self.tables.last_turn

    @property
    def final_turn(self) -> int:
        """The last turn played: 16, one fewer when the start square is space 1
        (track-start B) and one fewer again when reaching the marker ends the game (last-turn B)."""
        last = self.tables.last_turn - (1 if self.rules.track_start == "B" else 0)
        return last - (1 if self.rules.last_turn == "B" else 0)

    def space(self, turn: int) -> int:
        """SOLO-1.6 track-start: the culture-track space the counter stands on in ``turn``."""
        return turn if self.rules.track_start == "A" else turn + 1

    # ---------------------------------------------------------------- protocol
    @property
    def turn(self) -> int:
        return max(1, self.turn_no)

    def to_move(self) -> tuple[int, ...]:
        return () if self.stage == OVER else (0,)

    def is_terminal(self) -> bool:
        return self.stage == OVER

    def winners(self) -> list[int]:
        return [0] if self.outcome == "won" else []

    def returns(self) -> list[float]:
        if self.stage != OVER:
            return [0.0]
        return [1.0 if self.outcome == "won" else -1.0]

    def legal_actions(self, player: int) -> list[Action]:
        """The forward model's ``legal`` (``game.model``): the answers to the waiting question."""
        return list(self.game.model.legal(self)) if player == 0 else []

    def apply(self, player: int, action: Action | str) -> None:
        """The forward model's ``apply`` (``game.model``): answer the waiting question; a
        wrong answer raises ``IllegalActionError`` saying what is wrong, and the state is
        left as it was."""
        self.game.model.apply(self, player, action)

    # ---------------------------------------------------------------- helpers of the rules
    def say(self, text: str) -> None:
        """The companion's words (kept in the position's ``log``)."""
        self.log.append(text)

    def count(self, key: str, by: int = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + by

    def lose(self, item: str, change: int, detail: Any = None) -> None:
        """Write what the automa took (or gave) into the ledger: (turn, item, change,
        detail), the detail a unit card as a tuple, "debt" or None."""
        self.ledger.append((self.turn_no, item, change, detail))

    def need(self, key: str) -> Any:
        """The answer ``key`` of the current procedure, or ``None`` after asking for it."""
        if key in self.work:
            return self.work[key]
        self.ask = key
        return None

    def question(self) -> str:
        """The waiting question in words."""
        return self.game.question(self)

    # --------------------------------------------------------------- views
    def observation(self, viewer: Viewer) -> dict[str, Any]:
        return self.game.observe(self, viewer)

    def determinize(self, viewer: Viewer, rng: Rng) -> SoloState:
        return self.game.determinize_state(self, viewer, rng)

    def explain(self, player: int, text: str) -> str:
        return self.game.explain_refusal(self, player, text)

    def to_json(self) -> dict[str, Any]:
        return self.game.state_json(self)

    def game_stats(self) -> dict[str, float]:
        """Survival and the causes of loss: ``survived``, ``won``, ``lost_battle`` and
        ``lost_time`` over all games; ``lost_battle_share``, ``lost_time_share`` and
        ``loss_turn`` over lost games only; plus what the automa did."""
        if self.stage != OVER:
            return {}
        out: dict[str, float] = {
            "survived": float(self.outcome != "battle"),
            "won": float(self.outcome == "won"),
            "lost_battle": float(self.outcome == "battle"),
            "lost_time": float(self.outcome == "time"),
        }
        if self.outcome != "won":
            out["lost_battle_share"] = float(self.outcome == "battle")
            out["lost_time_share"] = float(self.outcome == "time")
            out["loss_turn"] = float(self.end_turn)
        for key in ("events", "battles", "battles_won", "military_events", "military_failures", "units_lost",
                    "cancelled", "cards_used", "card_failures", "tokens_lost", "debt_taken"):
            out[key] = float(self.stats.get(key, 0))
        return out

    def scores(self) -> list[float]:
        """The automa's progress against the player, negated: minus every token, great
        person, building, unit card and army figure it has taken (the ledger's losses,
        SOLO-4.1 to SOLO-4.4, wound-marker debt paid off included) and minus the wound
        markers still owed (SOLO-4.1.4, SOLO-4.1.5), one point each. Culture event cards
        the player chose to spend (SOLO-4.1.3, SOLO-6.1) and what he was given do not
        count; a marker paid off moves from the debt to the ledger, so it counts once.
        0 at the start; the base game's victory (SOLO-2.1) is not on the table here."""
        taken = sum(-change for _, item, change, _ in self.ledger
                    if change < 0 and item not in ("card", "destroyer"))
        return [-float(taken + sum(self.debt.values()))]

    def evaluate(self, player: int) -> float:
        """Turns survived and battles pending: a rough value for search cut-offs."""
        if self.stage == OVER:
            return self.returns()[0]
        return max(-0.9, min(0.9, self.turn_no / self.final_turn - 0.3 * len(self.pending)))

    def __repr__(self) -> str:
        return f"<SoloState turn {self.turn_no} {self.stage} ask {self.ask}>"
