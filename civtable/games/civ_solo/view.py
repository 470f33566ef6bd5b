"""What the player is shown of a position: the observation and its determinizations
(samples of what he cannot see). The question in words is ``show/questions.py`` and the
reasons given for a wrong answer ``show/explain.py`` (both reached through the game).

Everything in a solo game is public except the generator (the dice and random picks
to come) and the face-down opponent deck of a battle under way, shown as a count
(its top card is face up while the player picks which unit it destroys,
strongest-tie A). A spectator (viewer ``None``) sees what the player sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.events import Viewer
from civtable.core.rng import Rng

from .rules import legal
from .rules.combat import Unit
from .rules.opponent import opponent_deck, unseen_units
from .state import OVER

if TYPE_CHECKING:
    from .state import SoloState


def observation(s: SoloState, viewer: Viewer) -> dict[str, Any]:
    """The whole position but the generator and the opponent's face-down deck, plus the
    question in words, its answers (all public: they follow from what is shown) and what
    the companion said since the last answer (``news``: the dice just rolled, the cards
    just drawn or lost, which the events tell)."""
    battle = None
    top = None
    if s.battle is not None:
        battle = s.battle.to_json()
        battle["opponent_deck"] = len(s.battle.opponent_deck)
        if s.ask == "tie":  # the card being played is face up
            top = s.battle.opponent_deck[-1].to_json()
    return {
        "game": "civ-solo",
        "player": viewer,
        "turn": s.turn_no,
        "final_turn": s.final_turn,
        "final": s.turn_no >= s.final_turn,
        "stage": s.stage,
        "resume": s.resume,
        "ask": s.ask,
        "question": s.question(),
        "answers": [a.text for a in legal(s)],
        "news": s.log[s.news_from:],
        "said_before": s.log[max(0, s.news_from - 2):s.news_from],
        "civ": s.civ,
        "era": s.era,
        "pool": s.pool,
        "event": None if s.event is None else dict(s.event),
        "work": _work_json(s.work),
        "roll": None if s.roll is None else {**s.roll, "got": list(s.roll["got"])},
        "units": None if s.units is None else [list(u) for u in s.units],
        "entry": [list(u) for u in s.entry],
        "debt": dict(s.debt),
        "pending": [dict(p) for p in s.pending],
        "battle": battle,
        "opponent_top": top,
        "battle_info": None if s.bmeta is None else {**s.bmeta, "hand": [list(u) for u in s.bmeta["hand"]]},
        "ledger": [[t, item, change, list(d) if isinstance(d, (list, tuple)) else d]
                   for t, item, change, d in s.ledger],
        "over": s.stage == OVER,
        "outcome": s.outcome,
        "dice": s.game.options["dice"],
        "options": dict(s.game.options),
    }


def _work_json(work: dict[str, Any]) -> dict[str, Any]:
    """The scratch answers: unit lists as lists of lists, the rest copied one level."""
    out: dict[str, Any] = {}
    for k, v in work.items():
        if k in ("units", "hand"):
            out[k] = [list(u) for u in v]
        elif isinstance(v, (list, dict)):
            out[k] = v.copy()
        else:
            out[k] = v
    return out


def determinize(s: SoloState, viewer: Viewer, rng: Rng) -> SoloState:
    """A fresh generator, and a battle's face-down deck dealt again with the same size
    from the opponent's cards nobody has seen (its army less the cards on the fronts,
    destroyed, or face up on top of the deck at the "tie" question, which stays on top);
    the sample records no events."""
    d = s.clone()
    d.journal = None
    d.rng = Rng(rng.next64())
    b, meta = d.battle, d.bmeta
    if b is not None and meta is not None:
        deck = b.opponent_deck
        keep: list[Unit] = deck[-1:] if s.ask == "tie" else []
        seen = [*(f.opponent for f in b.fronts if f.opponent is not None), *b.opponent_losses, *keep]
        unseen = unseen_units(meta["level"], d.rules.opponent_composition, meta["rank"], d.tables.decks, seen, rng)
        b.opponent_deck = [*opponent_deck(unseen, len(deck) - len(keep), rng), *keep]
    return d
