"""The forward model of Civilization: The Card Game: ``legal(state, player)``,
``apply(state, player, action)`` and ``start(game, seed)`` (the set-up: a new state), which
the game keeps as ``game.model`` and the state calls; the one dispatch table of its
decision steps (``STEPS``, indexed by ``state.phase``, whose numbers ``state.py`` holds);
and the rules, one module per part of the game:

- ``setup``: the draft, the free population, the starting discards (CCG-4);
- ``turn``: the start of a turn, the steal window, Writing and Code of Laws (CCG-5.0, CCG-9.2);
- ``collect``: the yields and the populations' extra resources (CCG-5);
- ``purchase``: population, plots, technologies, buildings, wonders, cash, bank trades (CCG-6, CCG-2.2);
- ``combat``: declaring attackers, Catapults, walls bouncing attackers (CCG-7.0 to 7.2);
- ``defense``: blocking, damage, the end of a combat (CCG-7.3 to 7.6);
- ``draw``: draw and discard, the end of a turn (CCG-8);
- ``end``: the end of the game and the winner (CCG-1).
- ``status``: Highest Culture and Highest Happiness told when they change (CCG-3.3, CCG-3.5).

``apply`` accepts exactly the actions ``legal_actions`` lists, so an illegal action
is refused before anything changes (``State.explain`` says why); the step then
carries the game forward to the next decision, telling what happened as events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from civtable.core.action import Action, normalize
from civtable.core.errors import IllegalActionError
from civtable.core.steps import Step

from ..actions import CcgAction
from ..state import OVER
from . import collect, combat, defense, draw, purchase, setup, turn
from .setup import initial as start

if TYPE_CHECKING:
    from ..state import CcgState

Legal = Callable[["CcgState", int], Sequence[CcgAction]]
Play = Callable[["CcgState", int, CcgAction], None]

TABLE: tuple[tuple[str, Legal, Play, str], ...] = (
    ("draft", setup.legal_draft, setup.play_draft, "CCG-4.3 CCG-4.4"),
    ("free-population", setup.legal_place, setup.play_place, "CCG-4.8"),
    ("start-discard", draw.discards, setup.play_start_discard, "CCG-4.9"),
    ("steal-window", turn.legal_window, turn.play_window, "CCG-9.2"),
    ("collect", collect.legal_yield, collect.play_yield, "CCG-5.3"),
    ("purchase", purchase.legal_main, purchase.play_main, "CCG-6.1 CCG-6.2 CCG-2.2.2 CCG-5.0"),
    ("declare", combat.legal_declare, combat.play_declare, "CCG-7.0 CCG-7.1"),
    ("siege", combat.legal_siege, combat.play_siege, "CCG-7.2.1"),
    ("bounce", combat.legal_bounce, combat.play_bounce, "CCG-7.2.2"),
    ("redeclare", combat.legal_declare, combat.play_declare, "CCG-7.2.2"),
    ("defend", defense.legal_defend, defense.play_defend, "CCG-7.3 CCG-7.4"),
    ("lose-population", defense.legal_lose, defense.play_lose, "CCG-7.5"),
    ("gain-population", defense.legal_gain, defense.play_gain, "CCG-7.5"),
    ("destroy-building", defense.legal_destroy, defense.play_destroy, "CCG-7.5 CCG-2.6.2"),
    ("take-resources", turn.legal_take, turn.play_take_give, "CCG-9.2"),
    ("give-resources", turn.legal_give, turn.play_take_give, "CCG-9.2"),
    ("draw", draw.legal_draw, draw.play_draw, "CCG-8.2 CCG-8.3"),
    ("discard", draw.discards, draw.play_discard, "CCG-8.1"),
)
"""One step per phase, in the order of ``state.PHASE_NAMES`` (the last, ``over``, has none)."""

STEPS: tuple[Step[Any], ...] = tuple(  # Any: CcgState is a State by registration
    Step(name, cast("Callable[[Any, int], list[Action]]", legal),
         cast("Callable[[Any, int, Action], None]", play), rule)
    for name, legal, play, rule in TABLE)
"""The game's steps as the core declares them (``core.steps.Step``); the steps take
and give this game's own actions (``CcgAction``), which the hot path below uses."""

LEGAL: Final[tuple[Legal, ...]] = tuple(row[1] for row in TABLE)
"""Each step's legal actions: a new list, or a tuple (``legal`` hands the list to its
caller as it is, and keeps a tuple of it)."""
PLAY: Final[tuple[Play, ...]] = tuple(row[2] for row in TABLE)


__all__ = ["STEPS", "apply", "legal", "legal_one", "start"]


def legal(s: CcgState, player: Any) -> list[CcgAction]:
    """``player``'s legal actions, built once per position (``apply`` drops them, a clone
    keeps them, in ``CcgState.legal``) from the shared action objects of ``rules.acts``;
    each call returns a new list of them (the first, the list the step built:
    ``LEGAL``'s lists are new)."""
    if type(player) is not int or player != s.decider or s.phase == OVER:
        return []
    kept = s.legal
    if kept is None:
        out = LEGAL[s.phase](s, player)
        if type(out) is tuple:
            s.legal = out
            return list(out)
        s.legal = tuple(out)
        return cast("list[CcgAction]", out)
    return list(kept)


def apply(s: CcgState, player: Any, action: Any) -> None:
    """Play one legal action: the move is told, then the step carries it out. The
    commonest case first: an action object of the position's kept legal actions, found
    by identity; else the position's legal actions (``CcgState.legal``, built now if
    nobody asked) are looked through (``legal_one``) and dropped before anything changes."""
    if type(player) is not int:  # 0.0 == 0, True == 1: refused by name, not by a TypeError
        raise IllegalActionError(s.explain(player, action if isinstance(action, str) else str(action)))
    kept = s.legal
    if kept is not None and player == s.decider:
        for a in kept:
            if a is action:
                s.legal = None
                if s.journal is not None:
                    s.emit_move(player, a)
                PLAY[s.phase](s, player, a)
                return
    found = legal_one(s, player, action) if player == s.decider and s.phase < len(PLAY) else None
    if found is None:
        raise IllegalActionError(s.explain(player, action if isinstance(action, str) else str(action)))
    s.legal = None
    s.emit_move(player, found)
    PLAY[s.phase](s, player, found)


def legal_one(s: CcgState, p: int, action: Any) -> CcgAction | None:
    """The legal action ``action`` stands for, or None: what ``apply`` checks before it
    changes anything. The position's legal actions are built once (``CcgState.legal``);
    an action object of this game (``rules.acts``) is found among them by identity,
    anything else (a text, an equal action of another game object) by its text."""
    legal = s.legal
    if legal is None:
        legal = s.legal = tuple(LEGAL[s.phase](s, p))
    if type(action) is CcgAction:
        for a in legal:
            if a is action:
                return a
        text = action.text
    elif isinstance(action, str):
        text = normalize(action)
    elif isinstance(action, Action):
        text = action.text
    else:
        raise TypeError(f"an action is a text or an Action, not {type(action).__name__}")
    for a in legal:
        if a.text == text:
            return a
    return None
