"""The start of each turn (SOLO-3.1 to SOLO-3.5, SOLO-2.3 last-turn B) and the answers
between the steps of a turn: 'next' (the last of a turn ends it, SOLO-2.3 last-turn A),
'won', 'use card', 'use ability'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action

from ..actions import act
from .cards import use
from .dice import roll
from .end import finish, won
from .spoken import dice_words

if TYPE_CHECKING:
    from ..state import SoloState

EXTRAS = [act("use ability"), act("use card"), act("won")]
PHASE = [act("next"), *EXTRAS]


def new_turn(s: SoloState) -> None:
    s.turn_no += 1
    s.work = {}
    s.say(f"Turn {s.turn_no} of {s.final_turn}.")
    s.emit("turn.started", {"turn": s.turn_no, "final": s.final_turn})
    s.stage = "base-start" if s.rules.turn_start_order == "B" else "counter"


def base_start(s: SoloState) -> None:
    """SOLO-3.5 (turn-start-order B): the base game's start of turn comes before the automa."""
    if s.work.get("base_done"):
        s.work = {}
        s.stage = "counter"
    else:
        s.ask = "phase:start"


def counter(s: SoloState) -> None:
    """SOLO-3.1 and SOLO-2.3 (last-turn B): advance the counter; the marker may end the game."""
    space = s.space(s.turn_no)
    s.say(f"Move the turn counter to space {space} of the culture track (SOLO-3.1).")
    s.emit("counter.moved", {"space": space})
    if space >= s.end_space and s.rules.last_turn == "B":
        finish(s, "time", f"The turn counter reaches the end marker on space {s.end_space}: the game ends and "
                          f"you have lost (SOLO-2.3, last-turn B).", cause="marker")
        return
    s.stage = "event-dice"


def event_dice(s: SoloState) -> None:
    """SOLO-3.2, SOLO-3.3, SOLO-3.5: the growing pool; a 5 or 6 triggers an event."""
    x = s.pool
    d = roll(s, "event", x)
    if d is None:
        return
    hit = any(v >= 5 for v in d)
    head = f"Roll {x} {'die' if x == 1 else 'dice'} for a historical event (SOLO-3.2): {dice_words(d)}"
    shown = [v for v in d if v]
    if hit:
        s.pool = 1
        s.count("events")
        s.say(f"{head} - a 5 or 6: a historical event occurs (SOLO-3.3). Next turn you roll 1 die again (SOLO-3.5).")
        s.emit("dice.event.hit", {"n": x, "dice": shown})
        s.stage = "event-roll"
    else:
        s.pool = x + 1
        s.say(f"{head} - no 5 or 6: no event. Next turn you roll {x + 1} dice.")
        s.emit("dice.event.miss" if shown else "dice.event.none", {"n": x, "dice": shown, "next": x + 1})
        s.stage = "wonders"


# ------------------------------------------------------------ between the steps of a turn
def phase_legal(s: SoloState, player: int) -> list[Action]:
    return PHASE


def between(s: SoloState, ask: str, action: Action) -> bool:
    """'won' (SOLO-2.1) or 'use card' / 'use ability' (SOLO-6.1), possible at every step
    of the turn; ``False`` when the action is another answer."""
    if action.kind == "won":
        won(s)
        return True
    if action.kind == "use":
        use(s, action.args[0])
        return True
    return False


def phase_start(s: SoloState, player: int, action: Action) -> None:
    """turn-start-order B: 'next' once the base game's start of turn is done."""
    if not between(s, "phase:start", action):
        s.work["base_done"] = True


def ask_move(s: SoloState) -> None:
    s.ask = "phase:move"


def phase_move(s: SoloState, player: int, action: Action) -> None:
    """'next' at the end of the movement phase: a battle due this turn comes now (SOLO-4.4.3)."""
    if not between(s, "phase:move", action):
        s.work = {}
        s.stage = "battle"


def phase_end(s: SoloState, player: int, action: Action) -> None:
    """'next' after the research phase: SOLO-2.3 (last-turn A) ends the last turn lost;
    otherwise the debts are settled and the next turn begins."""
    if between(s, "phase:end", action):
        return
    if s.turn_no >= s.final_turn and s.rules.last_turn == "A":
        finish(s, "time", f"Turn {s.turn_no} is over without a victory: the turn counter has reached the end "
                          f"marker and you have lost (SOLO-2.3).")
    else:
        s.emit("turn.ended", {"turn": s.turn_no})
        s.work = {}
        s.stage = "debt"
