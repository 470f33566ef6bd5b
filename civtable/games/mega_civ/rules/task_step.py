"""The task step (MC-9.2): one choice of the current task (``tasks.py``); the tasks then
run on until the next choice or, all done, the game goes back to what started them:
a calamity of phase 9 (``resolution.py``), an ability of phase 10 (``special.py``),
an advance bought in phase 12 (``advances.py``). Those phases run their tasks
(``tasks.run_tasks``) and do not import this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state import BUY, SPECIAL
from .advances import affordable, next_buyer
from .damage import CARD, CHOOSER
from .report import report, snapshot
from .resolution import next_calamity
from .special import next_special, special_actions
from .tasks import do_task, options, run_tasks

if TYPE_CHECKING:
    from civtable.core.action import Action

    from ..state import MegaState


def legal_task(s: MegaState, p: int) -> list[Action]:
    return options(s, s.tasks[-1]) if s.tasks and s.tasks[-1][CHOOSER] == p else []


def play_task(s: MegaState, p: int, a: Action) -> None:
    """One choice of the current task; the tasks then run on until the next choice,
    or, all done, the phase goes back to what started them (``resume``)."""
    card = s.tasks[-1][CARD]
    before = snapshot(s, always=s.phase == 9 and card >= 0)  # a calamity's choice goes into its record
    do_task(s, p, a)
    done = run_tasks(s)
    report(s, before, s.cat.cards[card].id if card >= 0 else "ability")
    if done:
        resume(s)


def resume(s: MegaState) -> None:
    """The tasks are done: go back to what started them (a calamity of phase 9, an
    ability of phase 10, an advance bought in phase 12)."""
    if s.phase == 9:
        next_calamity(s)
    elif s.phase == 10:
        p = s.order[s.target]
        if special_actions(s, p):
            s.step, s.queue, s.decider = SPECIAL, [p], p
        else:
            next_special(s)
    else:
        p = s.order[s.target]
        if affordable(s, p):
            s.step, s.queue, s.decider = BUY, [p], p
        else:
            next_buyer(s)
