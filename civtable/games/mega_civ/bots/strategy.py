"""Strategies of the ``strategic`` bot without Python (issue 16, item 4): a YAML file
of priorities and conditions, usable as the bot spec ``rules:FILE``.

    name: builder
    buy:                                   # advances, first affordable one whose conditions hold
      - pottery: "cities >= 2"
      - agriculture
      - engineering: ["turn >= 20", "others engineering >= 1"]
    then: value                            # then by VP per payment point ('stop': only the list)
    attack:                                # when the bot may attack (every condition must hold)
      cities: ["turn >= 6", "stock >= 6"]
      tokens: "turn >= 3"
    play:                                  # numbers and switches of the plan (defaults below)
      stock_reserve: 4
      ships: true

A condition compares two sums of numbers and quantities with one of
``< <= > >= == !=``. Quantities: ``turn``, ``players``, ``cities``, ``tokens`` (on the
map), ``stock``, ``treasury``, ``ast`` (the marker's square), ``vp``, ``leader`` (the
best rival's VP), ``rank`` (1: most VP), ``advances`` (how many owned), ``cards`` (in
hand), ``owned ADVANCE`` (1 or 0), ``others ADVANCE`` (rivals who own it) and
``hand CARD`` (how many of a trade card). Everything a condition reads is public or the
bot's own (its hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from civtable.agents.strategy_files import (
    Condition,
    Quantity,
    Term,
    find,
    read_yaml,
    resolve_name,
    rule_entry,
    sum_condition,
)
from civtable.core.errors import AgentError

from ..catalog import load_catalog

PLAIN = ("turn", "players", "cities", "tokens", "stock", "treasury", "ast", "vp", "leader", "rank", "advances",
         "cards")
SCOPES = ("owned", "others", "hand")
STRATEGIES = Path(__file__).parents[1] / "strategies"

__all__ = ["Condition", "Play", "Quantity", "Strategy", "Term", "load_strategy", "parse_condition", "parse_strategy"]


@dataclass(frozen=True)
class BuyRule:
    advance: str
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class Play:
    """The numbers of the plan (token units: a token on the map is worth 1)."""

    stock_reserve: int = 4
    """Tokens kept in stock beyond the next turn's tax (a tax revolt costs a city)."""
    support_margin: int = 2
    """Tokens on the map beyond the support of the cities, kept when building (calamities)."""
    treasury_reserve: int = 2
    """Treasury kept after buying advances (a ship paid from the treasury)."""
    city_value: float = 9.0
    """What a city is worth in tokens, when the bot weighs an attack on one."""
    attack_threshold: float = 1.5
    """The least net gain (tokens) for which the bot attacks."""
    hurt_weight: float = 0.5
    """What a rival's token lost is worth to the bot (the leader's counts double)."""
    ships: bool = True
    max_ships: int = 2
    """Ships built in one turn at most."""
    defend: bool = True
    spend_treasury: bool = True
    """Buy advances with the treasury (it flows back to the stock, which pays the tax)."""
    ast_focus: bool = True
    """Buy toward the requirements of the next epochs of the AST first."""
    buy_stack9: bool = True
    """Buy the stack-9 card (15 treasury) when the treasury has it to spare."""
    max_offers: int = 2
    """Trade offers made in one turn at most (MC-7.1: the trade phase has a time limit)."""
    max_counters: int = 2
    """Counter-offers made in one turn at most (the best-paying first come first)."""


PLAY_FIELDS = {f.name: f.type for f in fields(Play)}


@dataclass(frozen=True)
class Strategy:
    name: str
    buy: tuple[BuyRule, ...] = ()
    then_value: bool = True
    attack_cities: tuple[Condition, ...] = ()
    attack_tokens: tuple[Condition, ...] = ()
    play: Play = field(default_factory=Play)


def _number(word: str) -> float | None:
    try:
        return float(word)
    except ValueError:
        return None


def parse_condition(text: Any, where: str) -> Condition:
    cat = load_catalog()
    advances = {a.id for a in cat.advances}
    cards = {c.id for c in cat.cards}

    def term(words: list[str]) -> Term | None:
        if len(words) == 1 and _number(words[0]) is not None:
            return _number(words[0]) or 0.0
        if len(words) == 1 and words[0] in PLAIN:
            return (words[0], "")
        if len(words) == 2 and words[0] in ("owned", "others") and words[1] in advances:
            return (words[0], words[1])
        if len(words) == 2 and words[0] == "hand" and words[1] in cards:
            return ("hand", words[1])
        return None

    return sum_condition(text, where, "cities >= 3", term,
                         f"one of {', '.join(PLAIN)}, or owned/others ADVANCE, or hand CARD")


def _conditions(value: Any, where: str) -> tuple[Condition, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    return tuple(parse_condition(c, where) for c in items)


def parse_strategy(raw: Any, source: str = "strategy") -> Strategy:
    """Check a strategy; every error names the entry."""
    if not isinstance(raw, dict):
        raise AgentError(f"{source}: a strategy is a mapping with name, buy, then, attack and play")
    unknown = sorted(set(raw) - {"name", "buy", "then", "attack", "play"})
    if unknown:
        raise AgentError(f"{source}: unknown key {unknown[0]!r}; a strategy has name, buy, then, attack and play")
    advances = {a.id for a in load_catalog().advances}
    rules = []
    entries = raw.get("buy") or []
    if not isinstance(entries, list):
        raise AgentError(f"{source}: 'buy' must be a list of advances")
    for i, entry in enumerate(entries, 1):
        where = f"{source}: buy rule {i}"
        name, conds = rule_entry(entry, where, "an advance or 'advance: condition(s)'", blank=True)
        name = resolve_name(name, advances) or name if isinstance(name, str) else name  # "Drama and Poetry"
        if name not in advances:
            raise AgentError(f"{where}: {name!r} is not an advance ({', '.join(sorted(advances))})")
        rules.append(BuyRule(name, _conditions(conds, where)))
    then = raw.get("then", "value")
    if then not in ("value", "stop"):
        raise AgentError(f"{source}: 'then' must be value or stop, not {then!r}")
    attack = raw.get("attack") or {}
    if not isinstance(attack, dict) or set(attack) - {"cities", "tokens"}:
        raise AgentError(f"{source}: 'attack' has the keys cities and tokens (lists of conditions)")
    play = Play()
    settings = raw.get("play") or {}
    if not isinstance(settings, dict):
        raise AgentError(f"{source}: 'play' must be a mapping of settings")
    for key, value in settings.items():
        kind = PLAY_FIELDS.get(key)
        if kind is None:
            raise AgentError(f"{source}: unknown play setting {key!r}; settings: {', '.join(PLAY_FIELDS)}")
        if kind == "bool" and not isinstance(value, bool):
            raise AgentError(f"{source}: play setting {key!r} must be true or false")
        if kind in ("int", "float") and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise AgentError(f"{source}: play setting {key!r} must be a number")
        if kind == "int" and not float(value).is_integer():
            raise AgentError(f"{source}: play setting {key!r} must be a whole number")
        if kind in ("int", "float") and value < 0:
            raise AgentError(f"{source}: play setting {key!r} must not be negative")
        setting: Any = int(value) if kind == "int" else float(value) if kind == "float" else value
        play = replace(play, **{key: setting})
    return Strategy(str(raw.get("name", Path(source).stem)), tuple(rules), then == "value",
                    _conditions(attack.get("cities"), f"{source}: attack cities"),
                    _conditions(attack.get("tokens"), f"{source}: attack tokens"), play)


def load_strategy(path: str | Path) -> Strategy:
    """A strategy from a YAML or JSON file (a bare name finds a built-in one)."""
    file = find(path, STRATEGIES)
    raw, _ = read_yaml(file)
    return parse_strategy(raw, str(file))
