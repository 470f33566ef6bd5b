"""Set-up (SOLO-1.1 to SOLO-1.6) and the first answer, 'start'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from civtable.core.action import Action
from civtable.core.rng import Rng

from ..actions import act
from ..state import DEBT_KINDS, SoloState

if TYPE_CHECKING:
    from ..game import CivSolo


def initial(game: CivSolo, seed: int) -> SoloState:
    """SOLO-1.1 to SOLO-1.6: a civilization at random, the counter and the end marker."""
    s = SoloState.blank(game)
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
    set_up(s)
    return s


def set_up(s: SoloState) -> None:
    """SOLO-1.1 to SOLO-1.6 and SOLO-2.1 to SOLO-2.3 in words: the civilization (drawn by
    the caller), the map, the dice, the markers on the culture track, how the game is won."""
    r = s.rules
    marker = "a wound marker" if r.end_marker_piece == "A" else "a second culture level marker"
    layout = ("the solo layout of the rules' picture; it is not in the document and no layout data is shipped "
              "(provisional: use the base game's two-player layout until you have it)"
              if r.map_layout == "A" else "the base game's two-player layout")
    start = "before space 1" if r.track_start == "A" else "on space 1"
    s.say(f"Set-up (SOLO-1): play the {s.civ} (chosen at random, SOLO-1.1). Lay out the map: {layout} "
          f"(SOLO-1.2). Have several six-sided dice ready (SOLO-1.3). Put your culture level marker at the "
          f"start of the culture track (SOLO-1.4) and another civilization's culture level marker face down "
          f"{start} as the turn counter (SOLO-1.5). Put {marker} on space {s.end_space} (SOLO-1.6). "
          f"You win by a culture, technology or economic victory (SOLO-2.1); military victory is not "
          f"possible (SOLO-2.2); if you have not won by the end of turn {s.final_turn}, you lose (SOLO-2.3).")
    s.emit("setup.civ", {"civ": s.civ})
    s.emit("setup.map.data" if r.map_layout == "A" else "setup.map.base")
    s.emit("setup.track", {"start": r.track_start, "marker": r.end_marker_piece, "space": s.end_space})
    s.emit("setup.goal", {"final": s.final_turn})


def ask_start(s: SoloState) -> None:
    s.ask = "start"


def start_legal(s: SoloState, player: int) -> list[Action]:
    return [act("start")]


def start(s: SoloState, player: int, action: Action) -> None:
    s.stage = "newturn"
