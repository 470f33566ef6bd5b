"""Helpers of the trade-card tests: positions whose stacks are arranged card by card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from civtable.games.mega_civ.catalog import load_catalog
from civtable.games.mega_civ.rules import run
from civtable.games.mega_civ.state import AUTO, MegaState

from . import _mc_helpers as mc
from ._mc_helpers import game, position_json
from ._seats import EGYPT, HELLAS, MINOA

CAT = load_catalog()
# Egypt, last in AST order, can still buy an advance: the flow stops there after the trade
EGYPT_BUYER = {EGYPT: {"treasury": 50, "tokens": {"great_delta": 1}}}


# ------------------------------------------------------------------ helpers
def arrange(data: dict[str, Any], top: dict[int, list[str]] | None = None, empty: tuple[int, ...] = (),
            discards: Sequence[str] = ()) -> None:
    """Change a position's JSON: ``top`` puts cards on top of a stack (the first named is
    the top card), ``empty`` moves whole stacks to their discards, ``discards`` moves
    single cards from the stacks to the discards; every card stays counted."""
    piles = data["stacks"]
    out = data.setdefault("discards", {})
    for k, ids in (top or {}).items():
        for c in ids:
            piles[str(k)].remove(c)
        piles[str(k)].extend(reversed(ids))
    for k in empty:
        out.setdefault(str(k), []).extend(piles[str(k)])
        piles[str(k)] = []
    for c in discards:
        mc.take_card(data, c)
        out.setdefault(str(CAT.cards[CAT.card(c)].stack), []).append(c)


def start(g: Any = None, *, phase: int, top: dict[int, list[str]] | None = None, empty: tuple[int, ...] = (),
          discards: Sequence[str] = (), **kw: Any) -> MegaState:
    """The automatic part of ``phase`` starts now on a hand-built position (as
    ``_mc_helpers.run_from``, with the stacks arranged by ``arrange``)."""
    g = g if g is not None else game()
    players = kw.setdefault("players", {})
    mover = next((p for p, spec in players.items() if any(spec.get("tokens", {}).values())), None)
    assert mover is not None, "somebody needs a token on the map"
    data = position_json(g, decider=mover, **kw)
    arrange(data, top, empty, discards)
    s = g.state_from_json(data)
    s.phase, s.step, s.decider, s.queue = phase, AUTO, -1, []
    run(s)
    return s


def ids(s: MegaState, cards: list[int]) -> list[str]:
    return sorted(s.cat.cards[c].id for c in cards)


def ids_of(cards: list[int]) -> list[str]:
    return sorted(CAT.cards[c].id for c in cards)


def hand(s: MegaState, p: int) -> list[str]:
    return ids(s, s.hands[p])


def pile(s: MegaState, k: int) -> list[str]:
    """Stack ``k`` from the bottom to the top."""
    return [s.cat.cards[c].id for c in s.stacks[k]]


def held_cards(s: MegaState) -> int:
    """The cards in the stacks, the discards and the hands (Water cards apart)."""
    return sum(len(x) for x in s.stacks) + sum(len(x) for x in s.discards) + sum(
        1 for h in s.hands for c in h if c != s.cat.water)


MINOA_HAND = ["ochre", "ochre", "wine", "treachery", "flood"]  # treachery tradable, flood not
HELLAS_HAND = ["wool", "wool", "oil", "papyrus"]


def trading(g: Any = None, minoa: list[str] = MINOA_HAND, hellas: list[str] = HELLAS_HAND,
            others: dict[int, dict[str, Any]] | None = None) -> MegaState:
    """Phase 7: Minoa and Hellas can trade (Minoa proposes first: AST order); Egypt can
    buy an advance in phase 12 (the flow stops there after the trade)."""
    return start(g, phase=7, players={MINOA: {"hand": minoa}, HELLAS: {"hand": hellas}, **EGYPT_BUYER, **(others or {})})
