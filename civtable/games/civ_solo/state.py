"""The solo automa (SOLO-1 to SOLO-8) as one state class that guides a turn.

The engine cannot see the table, so every fact about the player's own supply
(tokens, unit cards, combat bonus, a fortified capital, ...) is a question to
seat 0 with a finite list of answers, asked only when a rule needs it. The flow
is a small machine: ``stage`` names the step of the turn, ``work`` keeps the
answers of the procedure under way (an event, a trade, a battle), and ``ask``
names the question waiting for an answer. Handlers re-run after each answer and
ask for what is still missing, so a session can stop and resume at any answer.

Dice come from the state's generator (option ``dice=engine``) or are typed one by
one (``dice=table``); shuffles and random picks always use the generator.
Everything the automa takes from the player is written in ``ledger``
(turn, item, change, detail), which a simulated player reads to keep its supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.action import Action, normalize
from civtable.core.errors import IllegalActionError
from civtable.core.events import ROOT
from civtable.core.rng import Rng
from civtable.core.state import State

from .battle import Battle

if TYPE_CHECKING:
    from .game import CivSolo
    from .tables import Tables

OVER = "over"
STAGES = ("setup", "newturn", "base-start", "counter", "event-dice", "event-roll", "cancel", "cancel-roll",
          "resolve", "wonders", "trade", "trade-dice", "buy", "give", "move", "battle", "end", "debt", "check", OVER)
LATE_STAGES = frozenset({"move", "battle", "end", "debt"})
"""Stages after the trade phase: the turn's own production is on the table by then."""

COUNTS = ("culture", "resources", "people", "buildings", "armies", "bonus", "limit")
"""Questions answered by one number: ``culture 3``."""
DEBT_KINDS = ("culture", "resources", "people", "buildings", "tokens")
DEBT_LABELS = {"culture": "culture tokens", "resources": "resource tokens", "people": "great people",
               "buildings": "buildings and wonders", "tokens": "culture and resource tokens"}
ERAS = ("ancient", "medieval", "modern")

ITEM_NAMES = {"trade_point": "trade point", "culture_token": "culture token", "resource": "resource",
              "culture_event_card": "culture event card", "hut_token": "hut token", "village_token": "village token"}
RANK_NAMES = ("", "I", "II", "III", "IV")

_ACTIONS: dict[str, Action] = {}


def act(text: str) -> Action:
    """The one shared action of this text (built once, then handed out again)."""
    a = _ACTIONS.get(text)
    if a is None:
        kind, *rest = text.split(" ")
        a = _ACTIONS[text] = Action(kind, *(int(x) if x.isdigit() else x for x in rest))
    return a


def item_word(item: str) -> str:
    """``culture_event_card`` -> ``culture-event-card``: how a person types an item."""
    return item.replace("_", "-")


def unit_text(u: tuple[str, int, int]) -> str:
    """An entered unit card in words: ``infantry (rank II, strength 3)``."""
    kind, rank, strength = u
    if kind == "aircraft":
        return f"aircraft (strength {strength})"
    return f"{kind} (rank {RANK_NAMES[rank]}, strength {strength})"


def unit_action(u: tuple[str, int, int]) -> str:
    kind, rank, strength = u
    return f"unit aircraft {strength}" if kind == "aircraft" else f"unit {kind} {rank} {strength}"


def dice_words(dice: list[int]) -> str:
    return ", ".join(str(d) if d else "-" for d in dice)


class SoloState(State):
    """A position of the solo automa: the companion's side of one solo game."""

    __slots__ = ("game", "tables", "rng", "turn_no", "stage", "ask", "pool", "civ", "era", "event", "work",
                 "roll", "resume", "units", "entry", "debt", "pending", "battle", "bmeta", "ledger", "log",
                 "news_from", "outcome", "end_turn", "stats", "legal")

    game: CivSolo
    tables: Tables
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
    ledger: list[list[Any]]
    log: list[str]
    news_from: int
    outcome: str | None
    end_turn: int
    stats: dict[str, int]
    legal: list[str] | None  # the answers to the waiting question, once computed

    # ------------------------------------------------------------------ set-up
    @classmethod
    def initial(cls, game: CivSolo, seed: int) -> SoloState:
        """SOLO-1.1 to SOLO-1.6: a civilization at random, the counter and the end marker."""
        s = cls.__new__(cls)
        s.journal = ROOT
        s.game, s.tables = game, game.tables
        s.rng = Rng(seed)
        s.turn_no = 0
        s.stage = "setup"
        s.ask = None
        s.pool = 1
        s.civ = s.rng.choice(s.tables.civilizations[game.options["civ-set"]])
        s.era = "ancient"
        s.event = None
        s.work = {}
        s.roll = None
        s.resume = None
        s.units = None
        s.entry = []
        s.debt = dict.fromkeys(DEBT_KINDS, 0)
        s.pending = []
        s.battle = None
        s.bmeta = None
        s.ledger = []
        s.log = []
        s.news_from = 0
        s.outcome = None
        s.end_turn = 0
        s.stats = {}
        s.legal = None
        s._setup_words()
        s._run()
        return s

    def _setup_words(self) -> None:
        o = self.game.options
        marker = "a wound marker" if o["end-marker-piece"] == "A" else "a second culture level marker"
        layout = ("the solo layout of the rules' picture; it is not in the document and no layout data is shipped "
                  "(provisional: use the base game's two-player layout until you have it)"
                  if o["map-layout"] == "A" else "the base game's two-player layout")
        start = "before space 1" if o["track-start"] == "A" else "on space 1"
        self.say(f"Set-up (SOLO-1): play the {self.civ} (chosen at random, SOLO-1.1). Lay out the map: {layout} "
                 f"(SOLO-1.2). Have several six-sided dice ready (SOLO-1.3). Put your culture level marker at the "
                 f"start of the culture track (SOLO-1.4) and another civilization's culture level marker face down "
                 f"{start} as the turn counter (SOLO-1.5). Put {marker} on space {self.end_space} (SOLO-1.6). "
                 f"You win by a culture, technology or economic victory (SOLO-2.1); military victory is not "
                 f"possible (SOLO-2.2); if you have not won by the end of turn {self.final_turn}, you lose (SOLO-2.3).")

    def clone(self) -> SoloState:
        s = SoloState.__new__(SoloState)
        s.journal = self.journal
        s.game, s.tables = self.game, self.tables
        r = Rng.__new__(Rng)
        r.state = self.rng.state
        s.rng = r
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
        s.bmeta = None if self.bmeta is None else {**self.bmeta, "hand": list(self.bmeta["hand"])}
        s.ledger = list(self.ledger)  # entries are never changed once written
        s.log = list(self.log)
        s.news_from = self.news_from
        s.outcome, s.end_turn = self.outcome, self.end_turn
        s.stats = dict(self.stats)
        s.legal = self.legal  # never changed in place: replaced after each answer
        return s

    # ---------------------------------------------------------------- options
    def opt(self, name: str) -> Any:
        return self.game.options[name]

    @property
    def end_space(self) -> int:
        return self.tables.last_turn

    @property
    def final_turn(self) -> int:
        """The last turn played: 16, one fewer when the start square is space 1
        (track-start B) and one fewer again when reaching the marker ends the game (last-turn B)."""
        last = self.tables.last_turn - (1 if self.opt("track-start") == "B" else 0)
        return last - (1 if self.opt("last-turn") == "B" else 0)

    def space(self, turn: int) -> int:
        """SOLO-1.6 track-start: the culture-track space the counter stands on in ``turn``."""
        return turn if self.opt("track-start") == "A" else turn + 1

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

    def legal_actions(self, player: int) -> list[Action]:  # type: ignore[override]
        if self.stage == OVER or player != 0 or self.ask is None:
            return []
        return [act(t) for t in moves.legal_texts(self)]

    def apply(self, player: int, action: Action | str) -> None:
        """Answer the waiting question; a wrong answer raises ``IllegalActionError``
        saying what is wrong, and the state is left as it was."""
        text = action.text if isinstance(action, Action) else normalize(str(action))
        if self.stage == OVER:
            raise IllegalActionError("the game is over: no answer is expected")
        if player != 0:
            raise IllegalActionError(f"the solo game has one player (seat 0), not seat {player}")
        if text not in moves.legal_texts(self):
            raise IllegalActionError(moves.explain(self, text))
        self.news_from = len(self.log)
        ask = self.ask
        self.ask = None
        self.legal = None
        moves.answer(self, ask, text)
        self._run()

    # ---------------------------------------------------------------- helpers
    def say(self, text: str) -> None:
        self.log.append(text)

    def count(self, key: str, by: int = 1) -> None:
        self.stats[key] = self.stats.get(key, 0) + by

    def lose(self, item: str, change: int, detail: Any = None) -> None:
        """Write what the automa took (or gave) into the ledger."""
        self.ledger.append([self.turn_no, item, change, detail])

    def need(self, key: str) -> Any:
        """The answer ``key`` of the current procedure, or ``None`` after asking for it."""
        if key in self.work:
            return self.work[key]
        self.ask = key
        return None

    def dice(self, purpose: str, n: int) -> list[int] | None:
        """``n`` dice for ``purpose``: rolled now (dice=engine) or asked one by one
        (dice=table); ``None`` while the person has not typed them all."""
        r = self.roll
        if r is not None and r["purpose"] == purpose and r["done"]:
            self.roll = None
            return list(r["got"])
        if self.opt("dice") == "engine":
            return [self.rng.below(6) + 1 for _ in range(n)]
        self.roll = {"purpose": purpose, "n": n, "got": [], "done": False}
        self.ask = "dice"
        return None

    def failed(self, d: list[int]) -> bool:
        """SOLO-6.2: doubles fail, and 'a 1 and a 2' (one-and-two A) or any 1 or 2 (B)."""
        a, b = d
        if a == b:
            return True
        if self.opt("one-and-two") == "A":
            return {a, b} == {1, 2}
        return a in (1, 2) or b in (1, 2)

    def debt_kind(self, kind: str) -> str:
        """SOLO-4.1.5 debt-type: per type (A) or one shared debt (B)."""
        return kind if self.opt("debt-type") == "A" else "tokens"

    def gain(self, kind: str, n: int, how: str) -> int:
        """SOLO-4.1.5: tokens gained first pay off wound markers; returns how many are kept."""
        dk = self.debt_kind(kind)
        paid = min(n, self.debt[dk])
        if paid:
            self.debt[dk] -= paid
            self.count("debt_paid", paid)
            self.lose(kind, -paid, "debt")
            self.say(f"{how}: {paid} of it pays off {paid} wound marker{'s' if paid > 1 else ''} (discard "
                     f"{'them' if paid > 1 else 'it'}; SOLO-4.1.5), you keep {n - paid}. "
                     f"Debt left: {self.debt_words()}.")
        return n - paid

    def debt_words(self) -> str:
        parts = [f"{k} {v}" for k, v in self.debt.items() if v]
        return ", ".join(parts) if parts else "none"

    def cancellable(self, face: int) -> bool:
        """SOLO-4.1.3, SOLO-4.2.3, SOLO-6.3 (cancel-cards): A every event (events 3-4
        only with a destructive card), B only events 1-2 (faces 1-4)."""
        return self.opt("cancel-cards") == "A" or face <= 4

    def due_battles(self) -> list[dict[str, Any]]:
        return [p for p in self.pending if p["due"] == self.turn_no]

    def finish(self, outcome: str, why: str) -> None:
        self.outcome = outcome
        self.end_turn = self.turn_no
        self.stage = OVER
        self.ask = None
        self.say(why)

    # ---------------------------------------------------------------- the flow
    def _run(self) -> None:
        handlers = flow.HANDLERS
        while self.ask is None and self.stage != OVER:
            handlers[self.stage](self)

    # --------------------------------------------------------------- views
    def question(self) -> str:
        return moves.question(self)

    def observation(self, player: int) -> dict[str, Any]:
        return serialize.observation(self, player)

    def determinize(self, player: int, rng: Rng) -> SoloState:
        return serialize.determinize(self, player, rng).silence()  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        return serialize.state_to_json(self)

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

    def evaluate(self, player: int) -> float:
        """Turns survived and battles pending: a rough value for search cut-offs."""
        if self.stage == OVER:
            return self.returns()[0]
        return max(-0.9, min(0.9, self.turn_no / self.final_turn - 0.3 * len(self.pending)))

    def __repr__(self) -> str:
        return f"<SoloState turn {self.turn_no} {self.stage} ask {self.ask}>"


# the rules and views use the names above; imported last to close the circle
from . import flow, moves, serialize  # noqa: E402
