"""Helpers for the Catan Deck Building rule tests: hand-built positions.

``position`` wraps ``build_position`` so that a test names only the zones it
cares about. Every resource and terrain card the test does not place is put at
the bottom of one player's draw pile (by default the opponent's) or on his
discard pile, so that no card is created or lost; buyable cards not placed are
in the supply unless the test fixes a supply count.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import civtable
from civtable.games.catan_deckbuilding.catalog import BUYABLE, N_CARDS, ROLE_IDS
from civtable.games.catan_deckbuilding.position import build_position

GAME_ID = "catan-deckbuilding"


def game(**options: Any):
    return civtable.load_game(GAME_ID, **options)


def position(
    g=None,
    *,
    current: int = 0,
    hands=(None, None),
    draws=(None, None),
    discards=(None, None),
    laid=(None, None),
    reserved=(0, 0),
    supply: dict[str, int] | None = None,
    filler: tuple[int, str] | None = None,
    seed: int = 0,
    **fields: Any,
):
    """A main-phase position of game ``g`` (default options when ``g`` is None).

    ``draws`` and ``discards`` are lists of card ids, top LAST. ``filler`` says
    where the unplaced resource/terrain cards go: (seat, "draw") puts them at the
    BOTTOM of that draw pile, (seat, "discard") at the bottom of that discard pile.
    """
    g = g if g is not None else game()
    rules = g.rules
    hands = [dict(h or {}) for h in hands]
    draws = [list(d or []) for d in draws]
    discards = [list(d or []) for d in discards]
    laid = [dict(x or {}) for x in laid]
    placed: Counter[str] = Counter()
    for p in range(2):
        placed.update(hands[p])
        placed.update(laid[p])
        placed.update(draws[p])
        placed.update(discards[p])
        placed["kdef"] += reserved[p]
    fixed = dict(supply or {})
    final_supply: dict[str, int] = {}
    extra: list[str] = []
    for c in range(N_CARDS):
        name = ROLE_IDS[c]
        total = 2 * rules.cards.start_deck[c] + rules.supply[c]
        n = placed[name]
        if c in BUYABLE:
            if name in fixed:
                final_supply[name] = fixed[name]
                n += fixed[name]
            else:
                final_supply[name] = total - n
                n = total
        missing = total - n
        assert missing >= 0 and final_supply.get(name, 0) >= 0, f"too many {name} cards placed"
        extra += [name] * missing
    seat, zone = filler if filler is not None else (1 - current, "draw")
    if zone == "draw":
        draws[seat] = extra + draws[seat]
    else:
        discards[seat] = extra + discards[seat]
    return build_position(
        g,
        current=current,
        hands=hands,
        draws=draws,
        discards=discards,
        laid=laid,
        reserved=reserved,
        supply=final_supply,
        seed=seed,
        **fields,
    )


def card(name: str) -> int:
    return ROLE_IDS.index(name)


def hand(s, p: int) -> dict[str, int]:
    """Player ``p``'s hand as {card id: count}, zero counts left out."""
    return {ROLE_IDS[c]: n for c, n in enumerate(s.hand[p]) if n}


def laid_down(s, p: int) -> dict[str, int]:
    return {ROLE_IDS[c]: n for c, n in enumerate(s.laid[p]) if n}


def pile(cards: list[int]) -> list[str]:
    return [ROLE_IDS[c] for c in cards]


def pile_counts(cards: list[int]) -> dict[str, int]:
    return dict(Counter(ROLE_IDS[c] for c in cards))


def legal(s, p: int) -> set[str]:
    return {str(a) for a in s.legal_actions(p)}


def supply(s) -> dict[str, int]:
    return {ROLE_IDS[c]: s.supply[c] for c in BUYABLE}


def pool(s) -> dict[str, int]:
    """The unspent resources laid down this turn, zero entries left out."""
    return {k: v for k, v in s.to_json()["pool"].items() if v}


def play(s, p: int, *actions: str) -> None:
    for a in actions:
        s.apply(p, a)
