"""Trade cards, calamities and Civilization Advances: loaded from the package data
(``data/cards.json``, ``data/advances.json``) and checked, so that a broken entry
is named in one sentence instead of failing in the middle of a game.

Card and advance *types* are small integers (their index in the catalogue); a
stack, a hand or a discard pile is a list of type indices. Calamities are trade
cards too (they travel in the same stacks and hands).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from civtable.core.errors import InvalidStateError
from civtable.core.files import DATA_LIMIT, read_json

DATA = Path(__file__).with_name("data")
STACKS = 9
ROLES = ("any", "primary", "secondary")
EFFECT_KINDS = ("damage", "treasury", "reduce", "destroy", "discard_cards", "volcano", "flood", "civil_war",
                "cyclone", "annex", "discard_value", "regress", "annex_city", "slave_revolt", "barbarians",
                "reduce_all_but", "piracy")


@dataclass(frozen=True, slots=True)
class Card:
    """A trade card type: a commodity, the Water card or a calamity."""

    index: int
    id: str
    name: str
    stack: int  # 0 for Water
    face_value: int
    calamity: bool = False
    major: bool = False
    tradable: bool = True
    params: Any = None  # calamity: effect kind and numbers
    modifiers: tuple[tuple[int, str, int, str], ...] = ()  # (advance, param, delta, role)
    immune_secondary: tuple[int, ...] = ()
    effect: str = ""  # calamity: what it does, in English (data/cards.json, translated: ``Words.effect``)

    @property
    def commodity(self) -> bool:
        return not self.calamity and self.stack > 0


@dataclass(frozen=True, slots=True)
class Advance:
    index: int
    id: str
    name: str
    cost: int
    groups: tuple[str, ...]
    credits: dict[str, int]
    credit_to: tuple[int, int] | None  # (advance index, amount)
    special: bool
    params: Any
    ability: str | None


@dataclass(frozen=True)
class Catalog:
    cards: tuple[Card, ...]
    water: int
    advances: tuple[Advance, ...]
    groups: tuple[str, ...]
    composition: dict[int, dict[str, dict[int, tuple[dict[str, int], tuple[str, ...]]]]]
    purchases: tuple[tuple[int, int, int], ...]  # (stack, cost, advance needed or -1)
    hand_limits: tuple[tuple[int, int, int], ...]
    damage_token: int
    damage_city: int
    card_index: dict[str, int]
    advance_index: dict[str, int]

    def card(self, card_id: str) -> int:
        try:
            return self.card_index[card_id]
        except KeyError:
            raise InvalidStateError(f"unknown trade card {card_id!r}") from None

    def advance(self, advance_id: str) -> int:
        try:
            return self.advance_index[advance_id]
        except KeyError:
            raise InvalidStateError(f"unknown civilization advance {advance_id!r}") from None

    def hand_limit(self, players: int) -> int:
        for lo, hi, cards in self.hand_limits:
            if lo <= players <= hi:
                return cards
        raise InvalidStateError(f"no hand limit for {players} players")

    def blocks(self, players: int, side: str) -> list[str]:
        """Which card blocks a game uses: the chosen side where the data offers both."""
        blocks = self.composition.get(players)
        if not blocks:
            raise InvalidStateError(f"the card data has no stack composition for {players} players")
        if side in blocks:
            return [side]
        return [sorted(blocks)[0]]

    def stacks_for(self, players: int, side: str) -> list[list[int]]:
        """The cards of stacks 1..9 (index 0 unused) for the player count, unshuffled."""
        out: list[list[int]] = [[] for _ in range(STACKS + 1)]
        for block in self.blocks(players, side):
            for stack, (commodities, calamities) in sorted(self.composition[players][block].items()):
                for cid, count in sorted(commodities.items()):
                    out[stack].extend([self.card(cid)] * count)
                out[stack].extend(self.card(c) for c in calamities)
        return out

    def uses_two_blocks(self, players: int, side: str) -> bool:
        return self.blocks(players, side) == ["Both"]


def _need(entry: dict[str, Any], key: str, where: str) -> Any:
    if not isinstance(entry, dict) or key not in entry:
        raise InvalidStateError(f"{where} has no field {key!r}")
    return entry[key]


def _list(entry: dict[str, Any], key: str, where: str) -> list[Any]:
    value = _need(entry, key, where)
    if not isinstance(value, list):
        raise InvalidStateError(f"{where} field {key!r} must be a list")
    return value


def _stack(value: Any, where: str) -> int:
    """A stack number, 1 to 9."""
    stack = _int(value, f"{where} stack", 1)
    if stack > STACKS:
        raise InvalidStateError(f"{where} stack must be 1 to {STACKS}, not {stack}")
    return stack


def _int(value: Any, where: str, lo: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < lo:
        raise InvalidStateError(f"{where} must be an integer of at least {lo}, not {value!r}")
    return value


def parse_catalog(cards_raw: Any, advances_raw: Any, source: str = "data") -> Catalog:
    """Check every entry; the first broken one is named in the error."""
    if not isinstance(cards_raw, dict) or not isinstance(advances_raw, dict):
        raise InvalidStateError(f"{source}: the card and advance files must be JSON objects")
    groups = tuple(_need(advances_raw, "groups", f"{source} advances"))
    adv_entries = _need(advances_raw, "advances", f"{source} advances")
    if not isinstance(adv_entries, list):
        raise InvalidStateError(f"{source}: 'advances' must be a list")
    advance_index: dict[str, int] = {}
    for i, a in enumerate(adv_entries):
        aid = _need(a, "id", f"{source}: advance #{i}")
        if not isinstance(aid, str) or aid in advance_index:
            raise InvalidStateError(f"{source}: advance #{i} has a missing or repeated id {aid!r}")
        advance_index[aid] = i
    advances = []
    for i, a in enumerate(adv_entries):
        where = f"{source}: advance {a['id']!r}"
        cost = _int(_need(a, "cost", where), f"{where} cost", 1)
        gs = _need(a, "groups", where)
        if not isinstance(gs, list) or not gs or any(g not in groups for g in gs):
            raise InvalidStateError(f"{where} groups must name some of {', '.join(groups)}, not {gs!r}")
        credits = _need(a, "credits", where)
        if not isinstance(credits, dict) or any(g not in groups for g in credits):
            raise InvalidStateError(f"{where} credits must map groups to amounts")
        credits = {g: _int(v, f"{where} credits.{g}") for g, v in credits.items()}
        to = _need(a, "credit_to", where)
        credit_to = None
        if to is not None:
            target = _need(to, "advance", f"{where} credit_to")
            if target not in advance_index:
                raise InvalidStateError(f"{where} credit_to names unknown advance {target!r}")
            credit_to = (advance_index[target], _int(_need(to, "amount", f"{where} credit_to"), f"{where} credit_to.amount"))
        params = a.get("params") or {}
        if not isinstance(params, dict):
            raise InvalidStateError(f"{where} params must be an object")
        advances.append(Advance(i, a["id"], str(_need(a, "name", where)), cost, tuple(gs), credits, credit_to,
                                bool(a.get("special")), params, a.get("ability")))
    cards: list[Card] = []
    copies: dict[str, int] = {}  # the printed number of cards of each commodity
    for c in _list(cards_raw, "commodities", f"{source} cards"):
        where = f"{source}: commodity {c.get('id')!r}" if isinstance(c, dict) else f"{source}: commodity"
        stack = _stack(_need(c, "stack", where), where)
        if "count" in c:
            copies[str(_need(c, "id", where))] = _int(c["count"], f"{where} count", 1)
        cards.append(Card(len(cards), str(_need(c, "id", where)), str(_need(c, "name", where)), stack,
                          _int(_need(c, "face_value", where), f"{where} face_value", 1)))
    water = _need(cards_raw, "water", f"{source} cards")
    cards.append(Card(len(cards), str(_need(water, "id", f"{source}: water")), str(_need(water, "name", f"{source}: water")),
                      0, _int(_need(water, "face_value", f"{source}: water"), f"{source}: water face_value")))
    water_index = len(cards) - 1
    for c in _list(cards_raw, "calamities", f"{source} cards"):
        where = f"{source}: calamity {c.get('id')!r}" if isinstance(c, dict) else f"{source}: calamity"
        stack = _stack(_need(c, "stack", where), where)
        params = _need(c, "params", where)
        if not isinstance(params, dict) or params.get("kind") not in EFFECT_KINDS:
            raise InvalidStateError(f"{where} params.kind must be one of {', '.join(EFFECT_KINDS)}")
        for k, v in params.items():
            if k != "kind" and not isinstance(v, (int, bool)):
                raise InvalidStateError(f"{where} params.{k} must be a number, not {v!r}")
        mods = []
        for m in _list(c, "modifiers", where):
            adv = _need(m, "advance", f"{where} modifier")
            if adv not in advance_index:
                raise InvalidStateError(f"{where} modifier names unknown advance {adv!r}")
            role = _need(m, "role", f"{where} modifier")
            if role not in ROLES:
                raise InvalidStateError(f"{where} modifier role must be one of {', '.join(ROLES)}, not {role!r}")
            delta = _need(m, "delta", f"{where} modifier")
            if not isinstance(delta, int) or isinstance(delta, bool):
                raise InvalidStateError(f"{where} modifier delta must be an integer, not {delta!r}")
            mods.append((advance_index[adv], str(_need(m, "param", f"{where} modifier")), delta, role))
        for x in c.get("immune_as_secondary", []):
            if x not in advance_index:
                raise InvalidStateError(f"{where} immune_as_secondary names unknown advance {x!r}")
        immune = tuple(advance_index[x] for x in c.get("immune_as_secondary", []))
        cards.append(Card(len(cards), str(_need(c, "id", where)), str(_need(c, "name", where)), stack, 0, True,
                          bool(_need(c, "major", where)), bool(_need(c, "tradable", where)), params, tuple(mods), immune,
                          str(c.get("effect", ""))))
    card_index: dict[str, int] = {}
    for c in cards:
        if c.id in card_index:
            raise InvalidStateError(f"{source}: trade card id {c.id!r} is repeated")
        card_index[c.id] = c.index
    composition: dict[int, dict[str, dict[int, tuple[dict[str, int], tuple[str, ...]]]]] = {}
    for n, blocks in _need(cards_raw, "composition", f"{source} cards").items():
        if not (str(n).isdigit() and isinstance(blocks, dict) and blocks):
            raise InvalidStateError(f"{source}: composition {n!r} must be a player count with its card blocks")
        composition[int(n)] = {}
        for block, stacks in blocks.items():
            composition[int(n)][block] = {}
            if not isinstance(stacks, dict) or sorted(stacks) != sorted(str(k) for k in range(1, STACKS + 1)):
                raise InvalidStateError(f"{source}: composition {n} {block} must give stacks 1 to {STACKS}")
            for k, v in stacks.items():
                where = f"{source}: composition {n} {block} stack {k}"
                commodities = _need(v, "commodities", where)
                for cid, count in commodities.items():
                    if cid not in card_index or not cards[card_index[cid]].commodity or cards[card_index[cid]].stack != int(k):
                        raise InvalidStateError(f"{where} names {cid!r}, which is not a commodity of stack {k}")
                    if _int(count, f"{where} {cid}", 1) > copies.get(cid, count):
                        raise InvalidStateError(f"{where} uses {count} {cid!r} cards; the game has {copies[cid]}")
                cals = tuple(_need(v, "calamities", where))
                for cid in cals:
                    if cid not in card_index or not cards[card_index[cid]].calamity or cards[card_index[cid]].stack != int(k):
                        raise InvalidStateError(f"{where} names {cid!r}, which is not a calamity of stack {k}")
                composition[int(n)][block][int(k)] = (dict(commodities), cals)
    purchases = []
    for p in _list(cards_raw, "purchases", f"{source} cards"):
        needs = p.get("needs") if isinstance(p, dict) else None
        purchases.append((_stack(_need(p, "stack", f"{source}: purchase"), f"{source}: purchase"),
                          _int(_need(p, "cost", f"{source}: purchase"), f"{source}: purchase cost"),
                          -1 if needs is None else advance_index.get(needs, -2)))
        if purchases[-1][2] == -2:
            raise InvalidStateError(f"{source}: purchase needs unknown advance {needs!r}")
    for a in advances:  # purchases granted by advances (Cartography, Rhetoric, Mining)
        for p in a.params.get("purchases", []):
            where = f"{source}: advance {a.id!r} purchase"
            purchases.append((_stack(_need(p, "stack", where), where), _int(_need(p, "cost", where), f"{where} cost"), a.index))
    limits = tuple((_int(_need(h, "players_from", f"{source}: hand_limits"), f"{source}: hand_limits", 1),
                    _int(_need(h, "players_to", f"{source}: hand_limits"), f"{source}: hand_limits", 1),
                    _int(_need(h, "cards", f"{source}: hand_limits"), f"{source}: hand_limits", 1))
                   for h in _list(cards_raw, "hand_limits", f"{source} cards"))
    damage = _need(cards_raw, "damage", f"{source} cards")
    return Catalog(tuple(cards), water_index, tuple(advances), groups, composition, tuple(purchases), limits,
                   _int(_need(damage, "token", f"{source}: damage"), f"{source}: damage.token", 1),
                   _int(_need(damage, "city", f"{source}: damage"), f"{source}: damage.city", 1),
                   card_index, advance_index)


@cache
def load_catalog(cards: str | None = None, advances: str | None = None) -> Catalog:
    cfile = Path(cards) if cards else DATA / "cards.json"
    afile = Path(advances) if advances else DATA / "advances.json"
    return parse_catalog(read_json(cfile, "card", DATA_LIMIT, InvalidStateError),
                         read_json(afile, "advance", DATA_LIMIT, InvalidStateError), f"{cfile.name}/{afile.name}")


def slug(name: str) -> str:
    """The id of a card or advance name ("Drama and Poetry" -> "drama-and-poetry")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def set_value(count: int, face_value: int) -> int:
    """MC-13.2 (rules data): n cards of one commodity are worth n squared times the face value."""
    return count * count * face_value


def advance_vp(cost: int, vp: Mapping[str, int], exactly_200_high: bool = True) -> int:
    """MC-14.3 to MC-14.5: 1 below 100, 3 from 100 to 199 (MC-14.4), 6 above 200; a cost
    of exactly 200 (cost-200) is 6 in reading A, 3 in reading B."""
    if cost < 100:
        return vp["advance_below_100"]
    if cost < 200 or (cost == 200 and not exactly_200_high):
        return vp["advance_100_to_199"]
    return vp["advance_200_plus"]
