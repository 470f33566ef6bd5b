"""The card set of Civilization: The Card Game, loaded from ``data/cards.json`` and checked.

Play-deck cards (buildings, wonders, military units, resource cards) share one
index space, so a hand is a list of counts and the deck a list of small ints.
Resources are always ordered (food, hammers, commerce).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import InvalidStateError

DATA = Path(__file__).with_name("data") / "cards.json"
RESOURCES = ("food", "hammers", "commerce")
FOOD, HAMMERS, COMMERCE = range(3)
Triple = tuple[int, int, int]

BUILDING, WONDER, UNIT, RESOURCE = "building", "wonder", "unit", "resource"


@dataclass(frozen=True)
class Plot:
    id: str
    name: str
    yields: Triple


@dataclass(frozen=True)
class Tech:
    id: str
    name: str
    cost: int
    culture: int
    happiness: int
    yields: Triple
    building_yield: tuple[str, Triple] | None
    discount: Triple  # technology, building, wonder
    two_slots: bool
    mining: bool
    extra_draw: int
    steal_card: bool
    steal_resources: int


@dataclass(frozen=True)
class PlayCard:
    """A card of the play deck: a building, wonder, military unit or resource card."""

    id: str
    name: str
    kind: str
    cost: int = 0
    culture: int = 0
    happiness: int = 0
    yields: Triple = (0, 0, 0)  # buildings/wonders: per turn; resource cards: when cashed
    plot_yield: Triple = (0, 0, 0)
    discount: Triple = (0, 0, 0)
    granary: bool = False
    walls: int = 0
    great_wall: bool = False
    extra_draw: int = 0
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
    plots: tuple[Plot, ...]
    plot_counts: tuple[int, ...]
    techs: tuple[Tech, ...]
    cards: tuple[PlayCard, ...]
    card_counts: tuple[int, ...]
    numbers: dict[str, Any]
    source: str

    def card_index(self, card_id: str) -> int:
        for i, c in enumerate(self.cards):
            if c.id == card_id:
                return i
        raise InvalidStateError(f"unknown card {card_id!r}")

    def tech_index(self, tech_id: str) -> int:
        for i, t in enumerate(self.techs):
            if t.id == tech_id:
                return i
        raise InvalidStateError(f"unknown technology {tech_id!r}")

    def plot_index(self, plot_id: str) -> int:
        for i, p in enumerate(self.plots):
            if p.id == plot_id:
                return i
        raise InvalidStateError(f"unknown plot {plot_id!r}")


NUMBERS = {
    "starting_plots": 4, "dealt_plots": 2, "display_plots": 3, "display_techs": 3, "free_population": 1,
    "starting_discard": 2, "draw": 4, "discard": 2, "population_cost_base": 6, "population_cost_step": 2,
    "plot_cost_base": 15, "plot_cost_step": 5, "plot_cost_from": 4, "bank_trade": 3,
    "culture_threshold": 3, "happiness_threshold": 2, "slots": 1, "slots_with_bonus": 2,
    "slot_population": 3, "population_bank": 80,
}


class _Check:
    """Reads one card's fields; every error names the card and the field."""

    def __init__(self, source: str, section: str, entry: Any, index: int) -> None:
        if not isinstance(entry, dict):
            raise InvalidStateError(f"{source}: {section} entry {index + 1} must be an object")
        self.entry = entry
        cid = entry.get("id")
        if not isinstance(cid, str) or not cid:
            raise InvalidStateError(f"{source}: {section} entry {index + 1} needs an 'id' (text)")
        self.where = f"{source}: {section} card {cid!r}"

    def count(self, key: str, default: int | None = None, minimum: int = 0) -> int:
        value = self.entry.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise InvalidStateError(f"{self.where} field {key!r} must be an integer of at least {minimum}, not {value!r}")
        return value

    def flag(self, key: str, where: dict[str, Any] | None = None) -> bool:
        value = (self.entry if where is None else where).get(key, False)
        if not isinstance(value, bool):
            raise InvalidStateError(f"{self.where} field {key!r} must be true or false, not {value!r}")
        return value

    def triple(self, value: Any, key: str) -> Triple:
        if value is None:
            return (0, 0, 0)
        if not isinstance(value, dict):
            raise InvalidStateError(f"{self.where} field {key!r} must map food/hammers/commerce to numbers")
        for k, n in value.items():
            if k not in RESOURCES:
                raise InvalidStateError(f"{self.where} field {key!r} names {k!r}; resources are food, hammers, commerce")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidStateError(f"{self.where} field {key}.{k} must be a non-negative integer, not {n!r}")
        return (value.get("food", 0), value.get("hammers", 0), value.get("commerce", 0))

    def effects(self, allowed: set[str]) -> dict[str, Any]:
        eff = self.entry.get("effects", {})
        if not isinstance(eff, dict):
            raise InvalidStateError(f"{self.where} field 'effects' must be an object")
        unknown = sorted(set(eff) - allowed)
        if unknown:
            raise InvalidStateError(f"{self.where} has unknown effect {unknown[0]!r}; effects are {', '.join(sorted(allowed))}")
        return eff

    def discount(self, eff: dict[str, Any]) -> Triple:
        value = eff.get("discount") or {}
        if not isinstance(value, dict) or set(value) - {"technology", "building", "wonder"}:
            raise InvalidStateError(f"{self.where} field 'effects.discount' must map technology/building/wonder to numbers")
        out = []
        for k in ("technology", "building", "wonder"):
            n = value.get(k, 0)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidStateError(f"{self.where} field 'effects.discount.{k}' must be a non-negative integer")
            out.append(n)
        return (out[0], out[1], out[2])


TECH_EFFECTS = {"yield", "building_yield", "discount", "two_slots", "mining", "extra_draw", "steal_card", "steal_resources"}
PLACED_EFFECTS = {"yield", "plot_yield", "discount", "granary", "walls", "great_wall", "extra_draw"}


def parse_cards(raw: Any, source: str = "card data") -> CardSet:
    if not isinstance(raw, dict):
        raise InvalidStateError(f"{source}: a card file must be a JSON object")
    for section in ("plots", "technologies", "buildings", "wonders", "units"):
        if not isinstance(raw.get(section), list) or not raw[section]:
            raise InvalidStateError(f"{source}: {section!r} must be a non-empty list")
    numbers = dict(NUMBERS)
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

    plots, plot_counts = [], []
    for i, e in enumerate(raw["plots"]):
        c = _Check(source, "plots", e, i)
        y = c.triple(e.get("yield"), "yield")
        if not any(y):
            raise InvalidStateError(f"{c.where} field 'yield' must yield something")
        plots.append(Plot(e["id"], str(e.get("name", e["id"])), y))
        plot_counts.append(c.count("count", 1, minimum=1))

    techs = []
    for i, e in enumerate(raw["technologies"]):
        c = _Check(source, "technologies", e, i)
        eff = c.effects(TECH_EFFECTS)
        by = eff.get("building_yield")
        building_yield = None
        if by is not None:
            if not isinstance(by, dict) or not isinstance(by.get("building"), str):
                raise InvalidStateError(f"{c.where} field 'effects.building_yield' needs 'building' and a resource")
            building_yield = (by["building"], c.triple({k: v for k, v in by.items() if k != "building"}, "effects.building_yield"))
        sr = eff.get("steal_resources", 0)
        ed = eff.get("extra_draw", 0)
        for key, n in (("steal_resources", sr), ("extra_draw", ed)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidStateError(f"{c.where} field 'effects.{key}' must be a non-negative integer")
        techs.append(Tech(
            e["id"], str(e.get("name", e["id"])), c.count("cost"), c.count("culture", 0), c.count("happiness", 0),
            c.triple(eff.get("yield"), "effects.yield"), building_yield, c.discount(eff),
            c.flag("two_slots", eff), c.flag("mining", eff), ed, c.flag("steal_card", eff), sr,
        ))

    cards, counts = [], []
    for section, kind in (("buildings", BUILDING), ("wonders", WONDER)):
        for i, e in enumerate(raw[section]):
            c = _Check(source, section, e, i)
            eff = c.effects(PLACED_EFFECTS)
            walls = eff.get("walls", 0)
            if not isinstance(walls, int) or isinstance(walls, bool) or walls < 0:
                raise InvalidStateError(f"{c.where} field 'effects.walls' must be a non-negative integer")
            ed = eff.get("extra_draw", 0)
            if not isinstance(ed, int) or isinstance(ed, bool) or ed < 0:
                raise InvalidStateError(f"{c.where} field 'effects.extra_draw' must be a non-negative integer")
            cards.append(PlayCard(
                e["id"], str(e.get("name", e["id"])), kind, cost=c.count("cost"), culture=c.count("culture", 0),
                happiness=c.count("happiness", 0), yields=c.triple(eff.get("yield"), "effects.yield"),
                plot_yield=c.triple(eff.get("plot_yield"), "effects.plot_yield"), discount=c.discount(eff),
                granary=c.flag("granary", eff), walls=walls, great_wall=c.flag("great_wall", eff), extra_draw=ed,
            ))
            counts.append(c.count("count", 1, minimum=1) if kind == BUILDING else 1)
    unit_ids = {e.get("id") for e in raw["units"] if isinstance(e, dict)}
    for i, e in enumerate(raw["units"]):
        c = _Check(source, "units", e, i)
        blocks = e.get("blocks", [])
        if blocks == "all":
            blocked: frozenset[str] | None = None
        elif isinstance(blocks, list) and all(b in unit_ids for b in blocks):
            blocked = frozenset(blocks)
        else:
            raise InvalidStateError(f"{c.where} field 'blocks' must be \"all\" or a list of unit ids")
        damage = e.get("damage", {})
        if not isinstance(damage, dict) or set(damage) - {"population", "building"}:
            raise InvalidStateError(f"{c.where} field 'damage' may name only 'population' and 'building'")
        attack, defend = c.flag("attack"), c.flag("defend")
        if defend and blocked == frozenset():
            raise InvalidStateError(f"{c.where} defends but its field 'blocks' is empty")
        pop = damage.get("population", 0)
        bld = damage.get("building", 0)
        for key, n in (("population", pop), ("building", bld)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidStateError(f"{c.where} field 'damage.{key}' must be a non-negative integer")
        cards.append(PlayCard(
            e["id"], str(e.get("name", e["id"])), UNIT, attack=attack, defend=defend,
            blocks=blocked if defend else frozenset(), population_damage=pop, building_damage=bld,
            siege=c.flag("siege"),
        ))
        counts.append(c.count("count", 1, minimum=1))
    for i, e in enumerate(raw.get("resource_cards", [])):
        c = _Check(source, "resource_cards", e, i)
        cards.append(PlayCard(e["id"], str(e.get("name", e["id"])), RESOURCE, yields=c.triple(e.get("yield"), "yield")))
        counts.append(c.count("count", 1, minimum=1))

    ids = [p.id for p in plots] + [t.id for t in techs] + [x.id for x in cards]
    seen: set[str] = set()
    for cid in ids:
        if cid in seen:
            raise InvalidStateError(f"{source}: card id {cid!r} is used twice")
        seen.add(cid)
    building_ids = {x.id for x in cards if x.kind == BUILDING}
    for t in techs:
        if t.building_yield is not None and t.building_yield[0] not in building_ids:
            raise InvalidStateError(f"{source}: technologies card {t.id!r} field 'effects.building_yield' names unknown building {t.building_yield[0]!r}")
    return CardSet(tuple(plots), tuple(plot_counts), tuple(techs), tuple(cards), tuple(counts), numbers,
                   str(raw.get("source", "")))


@cache
def load_cards(path: str | None = None) -> CardSet:
    """The package's card set, or a user's card file (``--option cards=FILE``)."""
    file = Path(path) if path else DATA
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InvalidStateError(f"no card file {file}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise InvalidStateError(f"card file {file} is not readable JSON: {e}") from None
    return parse_cards(raw, source=str(file))
