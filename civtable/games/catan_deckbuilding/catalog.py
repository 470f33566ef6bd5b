"""The card data of Catan Deck Building, loaded from ``data/cards.json`` and checked
(CDB-2.1 the five resources, CDB-2.6 and the costs of CDB-3.1.1, CDB-3.2.1, CDB-3.3.1,
CDB-3.4.1, CDB-3.5.1, CDB-3.6.1, CDB-3.7.1, CDB-5.2 start deck, CDB-5.4 supply, CDB-6.1
and CDB-8.3 draws).

Cards are small integers (their index in the data file) so that hands and piles
are plain lists of counts on the hot path; names are used only at the edges.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT, data_file, read_json
from civtable.core.reader import Reader

DATA = Path(__file__).with_name("data") / "cards.json"

# The rules refer to these cards by role; the data file must define them all.
ORE: Final = 0
BRICK: Final = 1
GRAIN: Final = 2
LUMBER: Final = 3
WOOL: Final = 4
SEA: Final = 5
DESERT: Final = 6
BANDIT: Final = 7
KDEF: Final = 8
KOFF: Final = 9
HARBOR: Final = 10
ROAD: Final = 11
SETTLEMENT: Final = 12
CITY: Final = 13
RESOURCES: Final[tuple[int, ...]] = (ORE, BRICK, GRAIN, LUMBER, WOOL)
BUYABLE: Final[tuple[int, ...]] = (BANDIT, KDEF, KOFF, HARBOR, ROAD, SETTLEMENT, CITY)
ROLE_IDS: Final[tuple[str, ...]] = ("ore", "brick", "grain", "lumber", "wool", "sea", "desert",
            "bandit", "kdef", "koff", "harbor", "road", "settlement", "city")
N_CARDS: Final = 14
assert len(ROLE_IDS) == N_CARDS


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


MAX_COUNT: Final = 1000
"""The most of one card a card file may name (a start deck of a billion cards is no game)."""


def parse_cards(raw: Any, source: str = "data/cards.json") -> CardData:
    """Check a card file (on the shared ``Reader``): every error names the field, e.g.
    ``cards[7].cost.desert``."""
    r = Reader(raw, f"card file {source}")
    cards = [r.obj(c, f"cards[{i}]") for i, c in enumerate(r.seq(r.get("cards"), "cards"))]
    ids = tuple(c.get("id") for c in cards)
    if ids != ROLE_IDS:
        r.fail("cards", f"must list, in order, the cards {', '.join(ROLE_IDS)}")

    def count(value: Any, path: str) -> int:
        return r.integer(value, path, 0, MAX_COUNT)

    cost: list[tuple[int, ...]] = []
    supply: list[int] = []
    produces: list[int] = []
    for i, card in enumerate(cards):
        where = f"cards[{i}]"
        c = [0] * len(RESOURCES)
        if i in BUYABLE:
            for key, n in r.obj(r.get("cost", card, where), where + ".cost").items():
                n = count(n, f"{where}.cost.{key}")
                if key in ROLE_IDS[: len(RESOURCES)]:
                    c[ROLE_IDS.index(key)] = n
                elif not ((key == "desert" and i == BANDIT) or (key == "settlement" and i == CITY)):
                    r.fail(f"{where}.cost", f"names {key!r}, which cannot be paid")
            supply.append(count(r.get("supply", card, where), where + ".supply"))
        else:
            supply.append(0)
        cost.append(tuple(c))
        produces.append(count(card.get("produces", 0), where + ".produces"))
    if "desert" not in cards[BANDIT]["cost"] or "settlement" not in cards[CITY]["cost"]:
        r.fail("cards", "must make the Bandit cost a Desert and the City a Settlement")
    deck = [0] * N_CARDS
    for key, n in r.obj(r.get("start_deck"), "start_deck").items():
        deck[r.index(key, ROLE_IDS, "start_deck", "card")] = count(n, f"start_deck.{key}")
    pre = list(supply)
    for key, n in r.obj(r.optional("supply_pre_revision", {}), "supply_pre_revision").items():
        stack = r.index(key, ROLE_IDS, "supply_pre_revision", "card")
        if stack not in BUYABLE:
            r.fail("supply_pre_revision", f"names {key!r}, not a supply card")
        pre[stack] = count(n, f"supply_pre_revision.{key}")
    draw = r.obj(r.get("draw"), "draw")
    return CardData(
        ids=ROLE_IDS,
        names=tuple(r.text(c.get("name", c["id"]), f"cards[{i}].name") for i, c in enumerate(cards)),
        german=tuple(r.text(c.get("german", ""), f"cards[{i}].german") for i, c in enumerate(cards)),
        types=tuple(r.text(c.get("type", ""), f"cards[{i}].type") for i, c in enumerate(cards)),
        cost=tuple(cost),
        supply=tuple(supply),
        supply_pre_revision=tuple(pre),
        start_deck=tuple(deck),
        produces=tuple(produces),
        opening_hand=count(r.get("opening_hand"), "opening_hand"),
        draw_minimum=count(r.get("minimum", draw, "draw"), "draw.minimum"),
        refill_below=count(r.get("refill_below", draw, "draw"), "draw.refill_below"),
        refill_to=count(r.get("refill_to", draw, "draw"), "draw.refill_to"),
        cities_to_win=r.integer(r.get("cities_to_win"), "cities_to_win", 1, MAX_COUNT),
        source=r.text(r.optional("source", ""), "source"),
    )


@cache
def load_cards(path: str | None = None) -> CardData:
    """The package's card data, or a user's card file (``--option cards=FILE``), read
    through ``core.files``: a regular file of bounded size, JSON of bounded depth.

    A word without a path separator or a dot would name a data set (all that a record
    or a position may name, ``core.records.check_file_options``): the game ships one
    card set, so such a word is refused, never read from the folder."""
    file = data_file(path or "", {"": DATA}, "card", InvalidStateError)
    source = str(file) if path else "data/cards.json"
    return parse_cards(read_json(file, "card", DATA_LIMIT, InvalidStateError), source=source)
