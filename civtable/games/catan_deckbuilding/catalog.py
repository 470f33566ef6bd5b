"""The card data of Catan Deck Building, loaded from ``data/cards.json`` and checked
(CDB-2.1 the five resources, CDB-2.6 and the costs of CDB-3.1.1, CDB-3.2.1, CDB-3.3.1,
CDB-3.4.1, CDB-3.5.1, CDB-3.6.1, CDB-3.7.1, CDB-5.2 start deck, CDB-5.4 supply, CDB-6.1
and CDB-8.3 draws).

Cards are small integers (their index in the data file) so that hands and piles
are plain lists of counts on the hot path; names are used only at the edges.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import InvalidStateError

DATA = Path(__file__).with_name("data") / "cards.json"

# The rules refer to these cards by role; the data file must define them all.
ORE, BRICK, GRAIN, LUMBER, WOOL, SEA, DESERT = range(7)
BANDIT, KDEF, KOFF, HARBOR, ROAD, SETTLEMENT, CITY = range(7, 14)
RESOURCES = (ORE, BRICK, GRAIN, LUMBER, WOOL)
BUYABLE = (BANDIT, KDEF, KOFF, HARBOR, ROAD, SETTLEMENT, CITY)
ROLE_IDS = ("ore", "brick", "grain", "lumber", "wool", "sea", "desert",
            "bandit", "kdef", "koff", "harbor", "road", "settlement", "city")
N_CARDS = len(ROLE_IDS)


@dataclass(frozen=True)
class CardData:
    """Everything numeric the rules need, indexed by card number."""

    ids: tuple[str, ...]
    names: tuple[str, ...]
    german: tuple[str, ...]
    types: tuple[str, ...]
    cost: tuple[tuple[int, ...], ...]  # per buyable card: resources needed, by resource index
    supply: tuple[int, ...]
    supply_pre_revision: tuple[int, ...]
    start_deck: tuple[int, ...]
    produces: tuple[int, ...]
    opening_hand: int
    draw_minimum: int
    refill_below: int
    refill_to: int
    cities_to_win: int
    source: str

    def index(self, card_id: str) -> int:
        try:
            return self.ids.index(card_id)
        except ValueError:
            raise InvalidStateError(f"unknown card {card_id!r}; cards are {', '.join(self.ids)}") from None


def _count(where: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidStateError(f"{where} must be a non-negative integer, not {value!r}")
    return value


def parse_cards(raw: dict[str, Any], source: str = "card data") -> CardData:
    """Check a card file; every error names the card and the field."""
    try:
        cards = raw["cards"]
    except (KeyError, TypeError):
        raise InvalidStateError(f"{source}: no 'cards' list") from None
    ids = tuple(c.get("id") for c in cards if isinstance(c, dict))
    if ids != ROLE_IDS:
        raise InvalidStateError(f"{source}: 'cards' must list, in order, {', '.join(ROLE_IDS)}")
    cost: list[tuple[int, ...]] = []
    supply: list[int] = []
    produces: list[int] = []
    for i, card in enumerate(cards):
        cid = card["id"]
        c = [0] * len(RESOURCES)
        if i in BUYABLE:
            for key, n in (card.get("cost") or {}).items():
                n = _count(f"{source}: card {cid!r} cost {key!r}", n)
                if key in ROLE_IDS[: len(RESOURCES)]:
                    c[ROLE_IDS.index(key)] = n
                elif not ((key == "desert" and i == BANDIT) or (key == "settlement" and i == CITY)):
                    raise InvalidStateError(f"{source}: card {cid!r} cost names {key!r}, which cannot be paid")
            supply.append(_count(f"{source}: card {cid!r} supply", card.get("supply")))
        else:
            supply.append(0)
        cost.append(tuple(c))
        produces.append(_count(f"{source}: card {cid!r} produces", card.get("produces", 0)))
    if "desert" not in cards[BANDIT].get("cost", {}) or "settlement" not in cards[CITY].get("cost", {}):
        raise InvalidStateError(f"{source}: the Bandit must cost a Desert and the City a Settlement")
    deck = [0] * N_CARDS
    for key, n in (raw.get("start_deck") or {}).items():
        if key not in ROLE_IDS:
            raise InvalidStateError(f"{source}: start_deck names unknown card {key!r}")
        deck[ROLE_IDS.index(key)] = _count(f"{source}: start_deck {key!r}", n)
    pre = list(supply)
    for key, n in (raw.get("supply_pre_revision") or {}).items():
        if key not in ROLE_IDS or ROLE_IDS.index(key) not in BUYABLE:
            raise InvalidStateError(f"{source}: supply_pre_revision names {key!r}, not a supply card")
        pre[ROLE_IDS.index(key)] = _count(f"{source}: supply_pre_revision {key!r}", n)
    draw = raw.get("draw") or {}
    return CardData(
        ids=ids,
        names=tuple(str(c.get("name", c["id"])) for c in cards),
        german=tuple(str(c.get("german", "")) for c in cards),
        types=tuple(str(c.get("type", "")) for c in cards),
        cost=tuple(cost),
        supply=tuple(supply),
        supply_pre_revision=tuple(pre),
        start_deck=tuple(deck),
        produces=tuple(produces),
        opening_hand=_count(f"{source}: opening_hand", raw.get("opening_hand")),
        draw_minimum=_count(f"{source}: draw.minimum", draw.get("minimum")),
        refill_below=_count(f"{source}: draw.refill_below", draw.get("refill_below")),
        refill_to=_count(f"{source}: draw.refill_to", draw.get("refill_to")),
        cities_to_win=_count(f"{source}: cities_to_win", raw.get("cities_to_win")),
        source=str(raw.get("source", "")),
    )


@cache
def load_cards(path: str | None = None) -> CardData:
    """The package's card data, or a user's card file."""
    file = Path(path) if path else DATA
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidStateError(f"no card file {file}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise InvalidStateError(f"card file {file} is not readable JSON: {e}") from None
    return parse_cards(raw, source=str(file))
