"""The automa's army in a capital battle (SOLO-4.4.4, SOLO-4.4.5): which unit cards it
takes at a military level, at which rank, and its face-down deck."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from civtable.core.errors import InvalidStateError
from civtable.core.rng import Rng

from ..catalog import base_decks
from .combat import Unit

Decks = Mapping[str, Sequence[Sequence[int]]]
"""Base unit decks: type -> one strength-by-rank list per card (copies expanded)."""


def rank_of(level: int, rank_rule: str = "A") -> int:
    """SOLO-4.4.4 option ``opponent-unit-rank``: A rank = military level, B rank I."""
    if rank_rule == "A":
        return level
    if rank_rule == "B":
        return 1
    raise ValueError(f"opponent-unit-rank must be A or B, not {rank_rule!r}")


def composition_counts(level: int, composition: str = "A") -> dict[str, int]:
    """SOLO-4.4.4: how many cards of each type the opponent takes at ``level``.

    A: two infantry, two mounted ("cavalry"), two artillery; B: two infantry, one
    mounted, one artillery (option ``opponent-composition``). Plus one aircraft at
    military level 3 and two at level 4.
    """
    if composition == "A":
        counts = {"infantry": 2, "mounted": 2, "artillery": 2}
    elif composition == "B":
        counts = {"infantry": 2, "mounted": 1, "artillery": 1}
    else:
        raise ValueError(f"opponent-composition must be A or B, not {composition!r}")
    counts["aircraft"] = max(0, level - 2)
    return counts


def opponent_units(level: int, composition: str = "A", rank_rule: str = "A", decks: Decks | None = None,
                   rng: Rng | None = None) -> list[Unit]:
    """SOLO-4.4.4: the opponent's unit cards at military ``level`` (1-4).

    The solo rules give the rank, not the cards. With ``rng`` each card is drawn at
    random (without replacement) from the base deck of its type and read at the
    rank, as a person setting up the automa would; without ``rng`` each card takes
    the deck's median strength at that rank (the common card: strength 2/3/4/5 at
    ranks I-IV). Both readings are **provisional**. Aircraft have one strength at
    every rank.
    """
    decks = base_decks() if decks is None else decks
    ranks = max(len(c) for cards in decks.values() for c in cards)
    if not 1 <= level <= ranks:
        raise ValueError(f"military level must be between 1 and {ranks}, not {level}")
    rank = rank_of(level, rank_rule)
    out: list[Unit] = []
    for kind, count in composition_counts(level, composition).items():
        if not count:
            continue
        deck = decks.get(kind)
        if not deck or len(deck) < count:
            raise InvalidStateError(f"the base deck of {kind} has fewer than {count} cards")
        if rng is None:
            strengths = sorted(c[min(rank, len(c)) - 1] for c in deck)
            out.extend(Unit(kind, strengths[len(strengths) // 2]) for _ in range(count))
        else:
            pool = list(range(len(deck)))
            for _ in range(count):
                card = deck[pool.pop(rng.below(len(pool)))]
                out.append(Unit(kind, card[min(rank, len(card)) - 1]))
    return out


def opponent_deck(units: Sequence[Unit], card_limit: int, rng: Rng) -> list[Unit]:
    """SOLO-4.4.5: shuffle the opponent's units and keep ``card_limit`` of them, face
    down (top card last). All of them if the limit is larger."""
    if card_limit < 0:
        raise ValueError(f"card limit must not be negative, not {card_limit}")
    cards = list(units)
    rng.shuffle(cards)
    return cards[len(cards) - min(card_limit, len(cards)):]


def army_left(level: int, composition: str, rank: int, decks: Decks,
              seen: Sequence[Unit]) -> dict[str, tuple[int, list[int]]]:
    """SOLO-4.4.4: what of the opponent's army nobody has seen: for each type, how many
    cards are unseen and the strengths (at ``rank``) of the base-deck cards they may be.
    ``ValueError`` names a seen card the army cannot hold (a type it has too many of, a
    strength no card of that deck shows at that rank, or no copy of it left)."""
    out: dict[str, tuple[int, list[int]]] = {}
    counts = composition_counts(level, composition)
    for kind in dict.fromkeys(u.kind for u in seen):
        if not counts.get(kind):
            raise ValueError(f"the opponent's army at military level {level} has no {kind}")
    for kind, count in counts.items():
        deck = decks.get(kind, ())
        strengths = [card[min(rank, len(card)) - 1] for card in deck]
        mine = [u.strength for u in seen if u.kind == kind]
        if len(mine) > count:
            raise ValueError(f"the opponent's army holds {count} {kind}, not {len(mine)}")
        for strength in mine:
            if strength not in strengths:
                raise ValueError(f"no {kind} card of the base deck left shows strength {strength} at rank {rank}")
            strengths.remove(strength)
        out[kind] = (count - len(mine), strengths)
    return out


def unseen_units(level: int, composition: str, rank: int, decks: Decks, seen: Sequence[Unit],
                 rng: Rng) -> list[Unit]:
    """A sample of the opponent's cards nobody has seen, drawn as ``opponent_units`` draws
    them (each card at random from the rest of its base deck)."""
    out: list[Unit] = []
    for kind, (n, strengths) in army_left(level, composition, rank, decks, seen).items():
        for _ in range(n):
            out.append(Unit(kind, strengths.pop(rng.below(len(strengths)))))
    return out
