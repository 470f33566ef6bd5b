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

import pytest

import civtable
from civtable.core.errors import IllegalActionError
from civtable.games.catan_deckbuilding.catalog import BUYABLE, N_CARDS, ROLE_IDS
from civtable.games.catan_deckbuilding.serialize import build_position

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
    if fields.get("stolen"):  # a card a Bandit took, between the two hands
        placed[fields["stolen"]] += 1
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


def refused(s, p: int, *actions: str, match: str | None = None) -> None:
    """Each action is not legal for ``p``: it is not offered, applying it raises and
    changes nothing."""
    before = s.to_json()
    for a in actions:
        assert a not in legal(s, p)
        with pytest.raises(IllegalActionError, match=match):
            s.apply(p, a)
        assert s.to_json() == before


def play(s, p: int, *actions: str) -> None:
    for a in actions:
        s.apply(p, a)


# ------------------------------------------------------------ invariants
# CDB-5.2 (start deck, 21 cards) and CDB-5.4 (supply: 43 cards, or 54 before the revision),
# written here from the rules, independently of the card file
START_DECK = {"grain": 3, "lumber": 3, "wool": 3, "brick": 2, "ore": 2,
              "sea": 3, "desert": 1, "road": 2, "settlement": 2}
SUPPLY_A = {"bandit": 3, "koff": 3, "kdef": 3, "road": 14, "harbor": 3, "settlement": 8, "city": 9}
SUPPLY_B = {**SUPPLY_A, "road": 18, "settlement": 12, "city": 12}


def expected_totals(g: Any) -> dict[str, int]:
    supply = SUPPLY_B if g.options["supply-total"] == "B" else SUPPLY_A
    return {c: 2 * START_DECK.get(c, 0) + supply.get(c, 0) for c in ROLE_IDS}


def zone_counts(pdata: dict[str, Any]) -> Counter[str]:
    """A player's cards wherever they lie, from his part of ``to_json()``."""
    out: Counter[str] = Counter()
    for zone in ("hand", "laid"):
        out.update({c: n for c, n in pdata[zone].items() if n})
    out.update(pdata["draw"])
    out.update(pdata["discard"])
    out["kdef"] += pdata["reserved_knights"]
    return out


def cards_are_conserved(s: Any) -> None:
    """CDB-5.2 / 5.4 / 7.4: no card is ever created or lost."""
    data = s.to_json()
    total: Counter[str] = Counter()
    for p in range(2):
        owned = dict(zip(ROLE_IDS, s.owned(p), strict=True))
        zones = zone_counts(data["players"][p])
        assert owned == {c: zones[c] for c in ROLE_IDS}, f"owned({p}) disagrees with the zones"
        total.update(owned)
    total.update(data["supply"])
    if data["stolen"] is not None:  # a stolen card between the victim's hand and the thief's decision
        total[data["stolen"]] += 1
    expected = expected_totals(s.game)
    assert {c: total[c] for c in ROLE_IDS} == expected
    supply_total = 54 if s.game.options["supply-total"] == "B" else 43
    assert sum(expected.values()) == 2 * 21 + supply_total
    assert sum(total.values()) == 2 * 21 + supply_total


def nothing_negative(s: Any) -> None:
    data = s.to_json()
    for p, pd in enumerate(data["players"]):
        for zone in ("hand", "laid"):
            bad = {c: n for c, n in pd[zone].items() if n < 0}
            assert not bad, f"players[{p}].{zone} has negative counts {bad}"
        assert pd["reserved_knights"] >= 0 and pd["spent_knights"] >= 0
    for field in ("pool", "supply"):
        bad = {k: n for k, n in data[field].items() if n < 0}
        assert not bad, f"{field} has negative counts {bad}"
    assert data["left"] >= 0
    assert data["roads_played"] >= 0 and data["road_seas"] >= 0


def results_follow_the_rules(s: Any) -> None:
    """CDB-9.1: a game ends with a winner showing three Cities in hand during his own
    turn, or as a draw after the last turn of the turn cap; nothing else ends it."""
    if not s.is_terminal():
        assert s.winners() == [] and s.turn <= s.game.options["max-turns"]
        return
    data = s.to_json()
    winners = s.winners()
    if winners:
        (w,) = winners
        assert data["players"][w]["hand"]["city"] >= 3 and w == data["current"]
        assert s.returns()[w] == 1 and s.returns()[1 - w] == -1
    else:
        assert s.returns() == [0, 0] and s.turn == s.game.options["max-turns"]


def legal_actions_in_canonical_order(s: Any) -> None:
    """The legal actions come in the order of the action table (``actions.py``), which
    random players and records rely on."""
    for p in s.to_move():
        indices = [a.index for a in s.legal_actions(p)]
        assert indices == sorted(indices), f"not in canonical order: {s.legal_actions(p)}"


INVARIANTS = (cards_are_conserved, nothing_negative, results_follow_the_rules, legal_actions_in_canonical_order)
