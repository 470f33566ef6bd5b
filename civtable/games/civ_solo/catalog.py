"""The solo automa's data: the tables (SOLO-8.1, SOLO-8.2), the unit decks and the
companion's texts, read from ``data/tables.json`` and ``data/companion.json`` and
checked on load.

A bad data file is refused with the field that is wrong, so that a user who
overrides the tables (option ``tables``) learns what to fix before a game starts.
Values resting on one source are listed under ``provisional`` in the files.
Files are read through ``core.files`` (a regular file of bounded size and depth).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import OptionError
from civtable.core.files import DATA_LIMIT, data_file, read_json

DATA_DIR = Path(__file__).with_name("data")
TABLES = DATA_DIR / "tables.json"
COMPANION = DATA_DIR / "companion.json"

FACES = {1: "loss", 2: "loss", 3: "culture", 4: "culture", 5: "military", 6: "battle"}
"""SOLO-3.4: what each face of the event roll triggers."""
EVENT_KINDS = ("loss", "culture", "military", "battle")
"""The four kinds of historical event (SOLO-4.1 to SOLO-4.4), in event-roll order."""

LOSS_ITEMS = ("culture_token", "resource_token", "great_person", "building_or_wonder")
CULTURE_EVENTS = ("random-unit", "drought", "deforestation", "anarchy")
BASIC_UNITS = ("infantry", "mounted", "artillery")
UNIT_KINDS = ("infantry", "mounted", "artillery", "aircraft")


class Tables:
    """Every number and text the automa reads, checked once and shared by all states."""

    __slots__ = ("source", "last_turn", "rows", "trade", "decks", "strengths", "copies", "bases", "culture_events",
                 "destroy_figure", "cancel_any_event", "cancel_example", "civilizations", "wonders",
                 "market_size", "market_resources", "limits", "hand_size_note")

    def __init__(self, tables: dict[str, Any], companion: dict[str, Any], source: str) -> None:
        self.source = source
        where = f"civ-solo tables file {source}"
        for key in ("source", "completeness", "provisional"):
            if key not in tables:
                raise OptionError(f"{where} has no {key!r} (every data file says where it comes from)")
        last = tables.get("last_turn")
        if not _pos_int(last):
            raise OptionError(f"{where}: last_turn must be a positive integer, not {last!r}")
        self.last_turn: int = int(last)  # type: ignore[arg-type]
        self.rows: list[dict[str, Any]] = self._rows(tables, where)
        self.trade: dict[str, tuple[int | None, int]] = self._trade(tables, where)
        self.decks, self.strengths, self.copies = self._units(tables, where)
        self.bases: dict[tuple[str, int, int], int] = {}
        """(type, rank, strength) -> the physical card (its strength at rank I); aircraft rank 0."""
        for kind, cards in self.decks.items():
            for card in cards:
                for rank in range(1, 5):
                    self.bases.setdefault((kind, rank, card[rank - 1]), card[0])
                if kind == "aircraft":
                    self.bases[(kind, 0, card[0])] = card[0]
        c_where = f"civ-solo companion file {COMPANION.name}"
        events = companion.get("culture_events", {})
        for name in CULTURE_EVENTS:
            if not isinstance(events.get(name), dict) or not isinstance(events[name].get("effect"), str):
                raise OptionError(f"{c_where}: culture_events.{name}.effect must be a text")
        self.culture_events: dict[str, dict[str, Any]] = events
        cards = companion.get("cards", {})
        self.destroy_figure: list[str] = list(cards.get("destroy_figure", []))
        self.cancel_any_event: list[str] = list(cards.get("cancel_any_event", []))
        self.cancel_example: list[str] = list(cards.get("cancel_example", []))
        self.civilizations: dict[str, list[str]] = companion["civilizations"]
        wonders = companion["wonders"]
        self.market_size: int = int(wonders["market_size"])
        self.wonders: dict[str, list[str]] = {e: list(wonders[e]) for e in ("ancient", "medieval", "modern")}
        self.market_resources: list[str] = list(companion["market_resources"])
        self.limits: dict[str, int] = {k: int(v) for k, v in companion["limits"].items()}
        hand = tables.get("units", {}).get("battle_hand_size", {})
        self.hand_size_note: str = (f"base {hand.get('base', 3)}, +{hand.get('per_additional_army_in_square', 2)} "
                                    f"per further army, {hand.get('defending_a_city', '+3')} defending a city")

    # ------------------------------------------------------------ checks
    @staticmethod
    def _rows(tables: dict[str, Any], where: str) -> list[dict[str, Any]]:
        raw = tables.get("historical_events", {}).get("rows")
        if not isinstance(raw, list) or not raw:
            raise OptionError(f"{where}: historical_events.rows must be a non-empty list")
        rows: list[dict[str, Any]] = []
        expected = 1
        for i, row in enumerate(raw):
            at = f"{where}: historical_events.rows[{i}]"
            if not isinstance(row, dict):
                raise OptionError(f"{at} must be an object")
            first, last = row.get("first_turn"), row.get("last_turn")
            if first != expected or not _pos_int(last) or last < first:
                raise OptionError(f"{at}: turns must go on from turn {expected} without a gap, not {first!r}-{last!r}")
            expected = int(last) + 1  # type: ignore[arg-type]
            for face in ("1", "2"):
                cell = row.get(face)
                if not isinstance(cell, dict) or cell.get("lose") not in LOSS_ITEMS or not _pos_int(cell.get("count")):
                    raise OptionError(f"{at}.{face} must name a loss ({', '.join(LOSS_ITEMS)}) and a positive count")
            for face in ("3", "4"):
                cell = row.get(face)
                if not isinstance(cell, dict) or cell.get("event") not in CULTURE_EVENTS:
                    raise OptionError(f"{at}.{face}.event must be one of {', '.join(CULTURE_EVENTS)}")
            cell = row.get("5")
            if not isinstance(cell, dict) or not _pos_int(cell.get("strength")):
                raise OptionError(f"{at}.5.strength must be a positive integer")
            cell = row.get("6")
            if (not isinstance(cell, dict) or cell.get("military_level") not in (1, 2, 3, 4)
                    or not _pos_int(cell.get("card_limit"))):
                raise OptionError(f"{at}.6 needs military_level 1-4 and a positive card_limit")
            rows.append(row)
        if expected - 1 != tables["last_turn"]:
            raise OptionError(f"{where}: historical_events.rows end at turn {expected - 1}, "
                              f"not at last_turn {tables['last_turn']}")
        return rows

    @staticmethod
    def _trade(tables: dict[str, Any], where: str) -> dict[str, tuple[int | None, int]]:
        items = tables.get("trade", {}).get("items")
        if not isinstance(items, dict) or not items:
            raise OptionError(f"{where}: trade.items must be an object of items")
        out: dict[str, tuple[int | None, int]] = {}
        for name, v in items.items():
            if not isinstance(v, dict) or not _pos_int(v.get("buy")) or not (v.get("sell") is None or _pos_int(v["sell"])):
                raise OptionError(f"{where}: trade.items.{name} needs a positive 'buy' and a positive or null 'sell'")
            out[name] = (v["sell"], v["buy"])
        return out

    @staticmethod
    def _units(tables: dict[str, Any], where: str) -> tuple[dict[str, list[list[int]]],
                                                            dict[tuple[str, int], tuple[int, ...]],
                                                            dict[tuple[str, int], int]]:
        decks_raw = tables.get("units", {}).get("decks")
        if not isinstance(decks_raw, dict) or set(decks_raw) != set(UNIT_KINDS):
            raise OptionError(f"{where}: units.decks must have exactly {', '.join(UNIT_KINDS)}")
        decks: dict[str, list[list[int]]] = {}
        strengths: dict[tuple[str, int], set[int]] = {}
        copies: dict[tuple[str, int], int] = {}
        for kind in UNIT_KINDS:
            cards: list[list[int]] = []
            for j, entry in enumerate(decks_raw[kind]):
                sbr = entry.get("strength_by_rank") if isinstance(entry, dict) else None
                if (not isinstance(sbr, list) or len(sbr) != 4 or not all(_pos_int(x) for x in sbr)
                        or not _pos_int(entry.get("copies"))):
                    raise OptionError(f"{where}: units.decks.{kind}[{j}] needs 'copies' and 4 positive strengths")
                cards.extend([list(sbr)] * entry["copies"])
                for rank in range(1, 5):
                    strengths.setdefault((kind, rank), set()).add(sbr[rank - 1])
                # a physical card is identified by its strength at rank 1 (its printed row)
                copies[(kind, sbr[0])] = copies.get((kind, sbr[0]), 0) + entry["copies"]
            decks[kind] = cards
        return decks, {k: tuple(sorted(v)) for k, v in strengths.items()}, copies

    # ------------------------------------------------------------ lookups
    def row(self, turn: int) -> dict[str, Any]:
        """SOLO-8.1: the table row of ``turn`` (turns past the table read its last row)."""
        for row in self.rows:
            if row["first_turn"] <= turn <= row["last_turn"]:
                return row
        return self.rows[-1]

    def strength_at(self, kind: str, base: int, rank: int) -> int:
        """The strength of the card ``base`` (strength at rank 1) read at ``rank``."""
        for card in self.decks[kind]:
            if card[0] == base:
                return card[min(max(rank, 1), 4) - 1]
        return base


def _pos_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x > 0


def _read(path: Path, what: str) -> dict[str, Any]:
    data = read_json(path, f"civ-solo {what}", DATA_LIMIT, OptionError)
    if not isinstance(data, dict):
        raise OptionError(f"civ-solo {what} file {path} must hold a JSON object")
    return data


def tables_file(value: str) -> Path:
    """The file of option ``tables``: the package's own tables when empty, else a path.
    A word without a path separator or a dot would be a data set's name (a record or a
    position may name only those, ``core.records.check_file_options``): the companion
    ships one set of tables, so such a word is refused, never read from the folder."""
    return data_file(value, {"": TABLES}, "civ-solo tables", OptionError)


@cache
def load_tables(path: str = "") -> Tables:
    """The tables of option ``tables`` (``tables_file``), read through ``core.files`` (a
    regular file of bounded size and depth) and checked."""
    file = tables_file(path)
    return Tables(_read(file, "tables"), _read(COMPANION, "companion"), file.name if not path else str(file))


# ---------------------------------------------------------------- raw sections (odds, battles)
@cache
def raw_tables(path: str | None = None) -> dict[str, Any]:
    """``data/tables.json`` as it is, checked for what the odds read (the last turn, the
    event-roll faces of SOLO-3.4 and the rows of SOLO-8.1)."""
    file = Path(path) if path else TABLES
    data = _read(file, "tables")
    for key in ("last_turn", "event_roll", "historical_events"):
        if key not in data:
            raise OptionError(f"civ-solo data file {file} has no {key!r}")
    faces = data["event_roll"]["faces"]
    if sorted(int(f) for f in faces) != list(range(1, 7)):
        raise OptionError(f"event_roll.faces in {file} must name faces 1-6")
    if set(faces.values()) != set(EVENT_KINDS):
        raise OptionError(f"event_roll.faces in {file} must map to {', '.join(EVENT_KINDS)}")
    return data


@cache
def unit_data(path: str | None = None) -> dict[str, Any]:
    """The ``units`` section of ``data/tables.json`` (decks, trump, hand size, bonuses)."""
    file = Path(path) if path else TABLES
    units = _read(file, "tables").get("units")
    if not isinstance(units, dict) or not isinstance(units.get("decks"), dict):
        raise OptionError(f"civ-solo data file {file} has no 'units.decks' section")
    return units


def base_decks(units: Mapping[str, Any] | None = None) -> dict[str, list[list[int]]]:
    """The base-game unit decks, one strength-by-rank list per physical card (``copies``
    expanded)."""
    units = unit_data() if units is None else units
    decks: dict[str, list[list[int]]] = {}
    for kind, entries in units["decks"].items():
        if kind not in UNIT_KINDS:
            raise OptionError(f"unit deck of unknown type {kind!r}")
        cards: list[list[int]] = []
        for entry in entries:
            cards.extend([list(entry["strength_by_rank"])] * int(entry["copies"]))
        decks[kind] = cards
    return decks


def trump_table(units: Mapping[str, Any] | None = None) -> dict[str, frozenset[str]]:
    """The trump cycle as stored in the data file (``units.trump.beats``)."""
    units = unit_data() if units is None else units
    return {k: frozenset(v) for k, v in units["trump"]["beats"].items()}
