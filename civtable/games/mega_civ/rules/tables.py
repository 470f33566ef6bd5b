"""The numbers of Mega Civilization: AST, civilizations, pieces, rule numbers, VP.

Loaded from ``data/tables.json`` (converted from the public sources in
``shared/data``) and checked, so that no rule number is a literal in the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT, read_json

DATA = Path(__file__).parents[1] / "data" / "tables.json"
NUMBER_KEYS = ("tax_per_city", "support_per_city", "city_on_site", "city_elsewhere", "city_attack_minimum",
               "city_attack_defenders", "plunder_treasury", "ship_moves", "ship_capacity", "growth_one",
               "growth_more", "starting_tokens")
VP_KEYS = ("per_city", "advance_below_100", "advance_100_to_199", "advance_200_plus", "per_ast_space",
           "sole_late_iron_bonus")


@dataclass(frozen=True)
class Civilization:
    id: str
    name: str
    ast_rank: int  # 1 acts first in AST order (MC-0.4)
    block: str
    epoch_start: dict[str, int]  # first AST square of each epoch (basic game)


@dataclass(frozen=True)
class Tables:
    civilizations: tuple[Civilization, ...]
    starting: dict[int, dict[str, tuple[str, ...]]]  # player count -> block -> civilization ids
    tokens: int
    cities: int
    ships: int
    numbers: dict[str, int]
    vp: dict[str, int]
    hand_limits: tuple[tuple[int, int, int], ...]
    spaces: int
    late_iron_epoch: str
    requirements: dict[str, dict[str, int]]  # epoch -> what moving into it needs (basic game)

    def civ(self, civ_id: str) -> Civilization:
        for c in self.civilizations:
            if c.id == civ_id:
                return c
        raise InvalidStateError(f"unknown civilization {civ_id!r}")

    def hand_limit(self, players: int) -> int:
        """MC-12.4: 8 cards for 5 to 11 players, 9 for 12 to 18."""
        for lo, hi, cards in self.hand_limits:
            if lo <= players <= hi:
                return cards
        raise InvalidStateError(f"no hand limit for {players} players")


def _int(where: str, value: Any, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise InvalidStateError(f"{where} must be an integer of at least {minimum}, not {value!r}")
    return value


def parse_tables(raw: Any, source: str = "tables") -> Tables:
    if not isinstance(raw, dict):
        raw = {}
    try:
        civs = tuple(
            Civilization(c["id"], c["name"], _int(f"{source}: civilization {c['id']!r} ast_rank", c["ast_rank"], 1),
                         c["block"], dict(c["epoch_start_basic"]))
            for c in raw["civilizations"])
        pieces = raw["pieces"]
        numbers = {k: _int(f"{source}: numbers.{k}", raw["numbers"][k]) for k in NUMBER_KEYS}
        vp = {k: _int(f"{source}: victory_points.{k}", raw["victory_points"][k]) for k in VP_KEYS}
        limits = tuple((_int(f"{source}: hand_limits", h["players_from"], 1), _int(f"{source}: hand_limits", h["players_to"], 1),
                        _int(f"{source}: hand_limits", h["cards"])) for h in raw["hand_limits"])
        track = raw["track"]
        requirements = {
            e["epoch"]: {k: _int(f"{source}: requirements {e['epoch']} {k}", v) for k, v in e.items()
                         if k.startswith("min_")}
            for e in raw["requirements"]["basic"]}
        starting = {int(n): {b: tuple(v) for b, v in blocks.items()} for n, blocks in raw["starting_civilizations"].items()}
    except (KeyError, TypeError) as e:
        raise InvalidStateError(f"{source}: missing or malformed field {e}") from None
    ranks = sorted(c.ast_rank for c in civs)
    if ranks != list(range(1, len(civs) + 1)):
        raise InvalidStateError(f"{source}: AST ranks must be 1..{len(civs)} with no gaps or repeats")
    known = {c.id for c in civs}
    for n, blocks in starting.items():
        for block, ids in blocks.items():
            for i in ids:
                if i not in known:
                    raise InvalidStateError(f"{source}: starting_civilizations {n} {block} names unknown civilization {i!r}")
            if len(ids) != n:
                raise InvalidStateError(f"{source}: starting_civilizations {n} {block} must name {n} civilizations")
    return Tables(civs, starting, _int(f"{source}: pieces.population_tokens", pieces["population_tokens"], 1),
                  _int(f"{source}: pieces.cities", pieces["cities"], 1), _int(f"{source}: pieces.ships", pieces["ships"]),
                  numbers, vp, limits, _int(f"{source}: track.spaces_basic", track["spaces_basic"], 1),
                  str(track["late_iron_epoch"]), requirements)


@cache
def load_tables(path: str | None = None) -> Tables:
    file = Path(path) if path else DATA
    return parse_tables(read_json(file, "tables", DATA_LIMIT, InvalidStateError), str(file))
