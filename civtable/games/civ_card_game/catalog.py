"""The card set of Civilization: The Card Game, loaded from ``data/cards.json`` and checked.

Play-deck cards (buildings, wonders, military units, resource cards) share one
index space, so a hand is a list of counts and the deck a list of small ints.
Resources are always ordered (food, hammers, commerce). The card set is the
project's own (the Firaxis card list was not found, CCG-9.1): every value is
provisional, and a player may bring his own file (``--option cards=FILE``).

Every field of a card file is read with the shared ``core.reader.Reader``, so an
error names the file, the card and the field in one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT, data_file, read_json
from civtable.core.reader import Reader, shown

DATA = Path(__file__).with_name("data") / "cards.json"
RESOURCES = ("food", "hammers", "commerce")
RESOURCE_NAMES = ("Food", "Hammers", "Commerce")
FOOD: Final = 0
HAMMERS: Final = 1
COMMERCE: Final = 2
Triple = tuple[int, int, int]

BUILDING: Final = "building"
WONDER: Final = "wonder"
UNIT: Final = "unit"
RESOURCE: Final = "resource"


def res_dict(values: Any) -> dict[str, int]:
    """Resources ``[food, hammers, commerce]`` as an event argument: ``{"food": 2}``."""
    return {RESOURCES[i]: n for i, n in enumerate(values) if n}


@dataclass(frozen=True)
class Plot:
    id: str
    name: str
    yields: Triple
    note: str = ""


@dataclass(frozen=True)
class Card:
    """What technologies and play-deck cards share: a cost, culture and happiness, what
    they yield, the discounts they give, the extra cards they draw."""

    id: str
    name: str
    cost: int = 0
    culture: int = 0
    happiness: int = 0
    yields: Triple = (0, 0, 0)  # technologies, buildings, wonders: per turn; resource cards: when cashed
    discount: Triple = (0, 0, 0)  # technology, building, wonder
    extra_draw: int = 0
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Tech(Card):
    building_yield: tuple[str, Triple] | None = None
    two_slots: bool = False
    mining: bool = False
    steal_card: bool = False
    steal_resources: int = 0


@dataclass(frozen=True, kw_only=True)
class PlayCard(Card):
    """A card of the play deck: a building, wonder, military unit or resource card."""

    kind: str
    plot_yield: Triple = (0, 0, 0)
    granary: bool = False
    walls: int = 0
    great_wall: bool = False
    attack: bool = False
    defend: bool = False
    blocks: frozenset[str] | None = frozenset()  # None: blocks every attacker
    population_damage: int = 0
    building_damage: int = 0
    siege: bool = False

    @property
    def placed(self) -> bool:
        return self.kind in (BUILDING, WONDER)


@dataclass(frozen=True)
class CardSet:
    """A card file read and checked: where it came from, its numbers (costs, hand sizes),
    the plots, the technologies and the play-deck cards with how many of each there are."""

    source: str
    numbers: dict[str, Any]
    plots: tuple[Plot, ...]
    plot_counts: tuple[int, ...]
    techs: tuple[Tech, ...]
    cards: tuple[PlayCard, ...]
    card_counts: tuple[int, ...]


NUMBERS = {
    "starting_plots": 4, "dealt_plots": 2, "display_plots": 3, "display_techs": 3, "free_population": 1,
    "starting_discard": 2, "draw": 4, "discard": 2, "population_cost_base": 6, "population_cost_step": 2,
    "plot_cost_base": 15, "plot_cost_step": 5, "plot_cost_from": 4, "bank_trade": 3,
    "culture_threshold": 3, "happiness_threshold": 2, "slots": 1, "slots_with_bonus": 2,
    "slot_population": 3, "population_bank": 80,
}
TECH_EFFECTS = ("yield", "building_yield", "discount", "two_slots", "mining", "extra_draw", "steal_card",
                "steal_resources")
PLACED_EFFECTS = ("yield", "plot_yield", "discount", "granary", "walls", "great_wall", "extra_draw")
DISCOUNTS = ("technology", "building", "wonder")


class _Card:
    """Reads one card's fields with the shared ``Reader``; every error names the card and the field."""

    def __init__(self, source: str, section: str, entry: Any, index: int) -> None:
        if not isinstance(entry, dict):
            raise InvalidStateError(f"{source}: {section} entry {index + 1} must be an object")
        cid = entry.get("id")
        if not isinstance(cid, str) or not cid:
            raise InvalidStateError(f"{source}: {section} entry {index + 1} needs an 'id' (text)")
        self.id = cid
        self.entry = entry
        self.rd = Reader(entry, what=f"{source}: {section} card {cid!r}")

    @property
    def name(self) -> str:
        return str(self.entry.get("name", self.id))

    @property
    def note(self) -> str:
        return str(self.entry.get("note", ""))

    def count(self, key: str, default: int | None = None, minimum: int = 0) -> int:
        return self.rd.integer(self.entry.get(key, default), key, minimum)

    def flag(self, key: str, where: dict[str, Any] | None = None, path: str = "") -> bool:
        return self.rd.boolean((self.entry if where is None else where).get(key, False), path + key)

    def triple(self, value: Any, key: str) -> Triple:
        if value is None:
            return (0, 0, 0)
        if not isinstance(value, dict):
            self.rd.fail(key, "must map food/hammers/commerce to numbers")
        for k in value:
            if k not in RESOURCES:
                self.rd.fail(key, f"names {shown(k)}; resources are food, hammers, commerce")
        f, h, c = (self.rd.count(value.get(k, 0), f"{key}.{k}") for k in RESOURCES)
        return (f, h, c)

    def effects(self, allowed: tuple[str, ...]) -> dict[str, Any]:
        eff = self.rd.obj(self.entry.get("effects", {}), "effects")
        unknown = sorted(set(eff) - set(allowed))
        if unknown:
            self.rd.fail("effects", f"has unknown effect {unknown[0]!r}; effects are {', '.join(sorted(allowed))}")
        return eff

    def effect_count(self, eff: dict[str, Any], key: str) -> int:
        return self.rd.count(eff.get(key, 0), f"effects.{key}")

    def discount(self, eff: dict[str, Any]) -> Triple:
        value = eff.get("discount") or {}
        if not isinstance(value, dict) or set(value) - set(DISCOUNTS):
            self.rd.fail("effects.discount", "must map technology/building/wonder to numbers")
        t, b, w = (self.rd.count(value.get(k, 0), f"effects.discount.{k}") for k in DISCOUNTS)
        return (t, b, w)


def _numbers(raw: dict[str, Any], source: str) -> dict[str, Any]:
    numbers: dict[str, Any] = dict(NUMBERS)
    given = raw.get("numbers", {})
    if not isinstance(given, dict):
        raise InvalidStateError(f"{source}: 'numbers' must be an object")
    for key, value in given.items():
        if key == "provisional":
            continue
        if key == "starting_hand":
            if not (isinstance(value, list) and len(value) == 4 and all(isinstance(v, int) and v >= 0 for v in value)):
                raise InvalidStateError(f"{source}: numbers.starting_hand must list 4 hand sizes (2, 3, 4 players' seats)")
            numbers[key] = tuple(value)
            continue
        if key not in NUMBERS:
            raise InvalidStateError(f"{source}: unknown number {key!r}")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidStateError(f"{source}: numbers.{key} must be a non-negative integer")
        numbers[key] = value
    numbers.setdefault("starting_hand", (6, 7, 8, 9))
    return numbers


def _plots(raw: dict[str, Any], source: str) -> tuple[list[Plot], list[int]]:
    plots, counts = [], []
    for i, e in enumerate(raw["plots"]):
        c = _Card(source, "plots", e, i)
        y = c.triple(e.get("yield"), "yield")
        if not any(y):
            c.rd.fail("yield", "must yield something")
        plots.append(Plot(c.id, c.name, y, note=c.note))
        counts.append(c.count("count", 1, minimum=1))
    return plots, counts


def _techs(raw: dict[str, Any], source: str) -> list[Tech]:
    techs = []
    for i, e in enumerate(raw["technologies"]):
        c = _Card(source, "technologies", e, i)
        eff = c.effects(TECH_EFFECTS)
        by = eff.get("building_yield")
        building_yield = None
        if by is not None:
            if not isinstance(by, dict) or not isinstance(by.get("building"), str):
                c.rd.fail("effects.building_yield", "needs 'building' and a resource")
            building_yield = (by["building"], c.triple({k: v for k, v in by.items() if k != "building"},
                                                       "effects.building_yield"))
        techs.append(Tech(
            c.id, c.name, cost=c.count("cost"), culture=c.count("culture", 0), happiness=c.count("happiness", 0),
            yields=c.triple(eff.get("yield"), "effects.yield"), building_yield=building_yield,
            discount=c.discount(eff), two_slots=c.flag("two_slots", eff, "effects."),
            mining=c.flag("mining", eff, "effects."), extra_draw=c.effect_count(eff, "extra_draw"),
            steal_card=c.flag("steal_card", eff, "effects."), steal_resources=c.effect_count(eff, "steal_resources"),
            note=c.note,
        ))
    return techs


def _placed(raw: dict[str, Any], source: str, cards: list[PlayCard], counts: list[int]) -> None:
    for section, kind in (("buildings", BUILDING), ("wonders", WONDER)):
        for i, e in enumerate(raw[section]):
            c = _Card(source, section, e, i)
            eff = c.effects(PLACED_EFFECTS)
            cards.append(PlayCard(
                c.id, c.name, kind=kind, cost=c.count("cost"), culture=c.count("culture", 0),
                happiness=c.count("happiness", 0), yields=c.triple(eff.get("yield"), "effects.yield"),
                plot_yield=c.triple(eff.get("plot_yield"), "effects.plot_yield"), discount=c.discount(eff),
                granary=c.flag("granary", eff, "effects."), walls=c.effect_count(eff, "walls"),
                great_wall=c.flag("great_wall", eff, "effects."), extra_draw=c.effect_count(eff, "extra_draw"),
                note=c.note,
            ))
            counts.append(c.count("count", 1, minimum=1) if kind == BUILDING else 1)  # each wonder is unique


def _units(raw: dict[str, Any], source: str, cards: list[PlayCard], counts: list[int]) -> None:
    unit_ids = {e.get("id") for e in raw["units"] if isinstance(e, dict)}
    for i, e in enumerate(raw["units"]):
        c = _Card(source, "units", e, i)
        blocks = e.get("blocks", [])
        if blocks == "all":
            blocked: frozenset[str] | None = None
        elif isinstance(blocks, list) and all(b in unit_ids for b in blocks):
            blocked = frozenset(blocks)
        else:
            c.rd.fail("blocks", "must be \"all\" or a list of unit ids")
        damage = c.rd.obj(e.get("damage", {}), "damage")
        if set(damage) - {"population", "building"}:
            c.rd.fail("damage", "may name only 'population' and 'building'")
        attack, defend = c.flag("attack"), c.flag("defend")
        if defend and blocked == frozenset():
            c.rd.fail("blocks", "is empty, but the unit defends")
        cards.append(PlayCard(
            c.id, c.name, kind=UNIT, attack=attack, defend=defend, blocks=blocked if defend else frozenset(),
            population_damage=c.rd.count(damage.get("population", 0), "damage.population"),
            building_damage=c.rd.count(damage.get("building", 0), "damage.building"),
            siege=c.flag("siege"), note=c.note,
        ))
        counts.append(c.count("count", 1, minimum=1))


def parse_cards(raw: Any, source: str = "card data") -> CardSet:
    """A card set from the JSON of a card file; every error names the card and the field."""
    if not isinstance(raw, dict):
        raise InvalidStateError(f"{source}: a card file must be a JSON object")
    for section in ("plots", "technologies", "buildings", "wonders", "units"):
        if not isinstance(raw.get(section), list) or not raw[section]:
            raise InvalidStateError(f"{source}: {section!r} must be a non-empty list")
    numbers = _numbers(raw, source)
    plots, plot_counts = _plots(raw, source)
    techs = _techs(raw, source)
    cards: list[PlayCard] = []
    counts: list[int] = []
    _placed(raw, source, cards, counts)
    _units(raw, source, cards, counts)
    for i, e in enumerate(raw.get("resource_cards", [])):
        c = _Card(source, "resource_cards", e, i)
        cards.append(PlayCard(c.id, c.name, kind=RESOURCE, yields=c.triple(e.get("yield"), "yield"), note=c.note))
        counts.append(c.count("count", 1, minimum=1))
    seen: set[str] = set()
    for cid in [p.id for p in plots] + [t.id for t in techs] + [x.id for x in cards]:
        if cid in seen:
            raise InvalidStateError(f"{source}: card id {cid!r} is used twice")
        seen.add(cid)
    building_ids = {x.id for x in cards if x.kind == BUILDING}
    for t in techs:
        if t.building_yield is not None and t.building_yield[0] not in building_ids:
            raise InvalidStateError(f"{source}: technologies card {t.id!r} field 'effects.building_yield' names "
                                    f"unknown building {t.building_yield[0]!r}")
    return CardSet(source=str(raw.get("source", "")), numbers=numbers, plots=tuple(plots),
                   plot_counts=tuple(plot_counts), techs=tuple(techs), cards=tuple(cards), card_counts=tuple(counts))


@cache
def load_cards(path: str | None = None) -> CardSet:
    """The package's card set, or a user's card file (``--option cards=FILE``); a bare
    word names a data set (``core.files.data_file``), never a file of the folder."""
    file = data_file(path or "", {"": DATA}, "card", InvalidStateError)
    raw = read_json(file, "card", DATA_LIMIT, InvalidStateError)
    return parse_cards(raw, source=str(file))
