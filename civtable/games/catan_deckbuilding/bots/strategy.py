"""Buy-rule strategies: an ordered list of "buy CARD if CONDITIONS", as in the
strategy files of Dominion simulators, so a designer can write a bot in YAML.

    name: city-rush
    buy:
      - city                                     # always, when affordable
      - settlement: "owned settlement < 4"
      - harbor: ["owned sea >= 2", "owned harbor < 2"]
    play:
      keep_knights: true

A condition compares two sums of numbers and quantities: ``owned CARD``,
``hand CARD``, ``supply CARD``, ``opponent CARD`` (cards the opponent owns),
``laid CARD``, ``deck`` (cards owned in all) and ``turn``, with one of
``< <= > >= == !=``, e.g. ``"opponent koff + opponent bandit > owned kdef"``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from civtable.agents.strategy_files import (
    OPS,
    Condition,
    Quantity,
    Rule,
    Term,
    find,
    read_yaml,
    rule_entry,
    sum_condition,
)
from civtable.core.errors import AgentError

from ..catalog import BUYABLE, ROLE_IDS

__all__ = ["OPS", "Condition", "Quantity", "Rule", "Strategy", "Term", "load_strategy", "parse_condition",
           "parse_strategy"]

SCOPES = ("owned", "hand", "supply", "opponent", "laid")
PLAY_FLAGS = {"keep_cities": True, "keep_knights": True, "dump_before_end": True}
BUYABLE_IDS = tuple(ROLE_IDS[c] for c in BUYABLE)


@dataclass(frozen=True)
class Strategy:
    name: str
    buy: tuple[Rule, ...]
    play: dict[str, bool] = field(default_factory=lambda: dict(PLAY_FLAGS))


def _term(words: list[str]) -> Term | None:
    """A number, ``turn``, ``deck`` or SCOPE CARD; ``None`` for anything else."""
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    if words in (["turn"], ["deck"]):
        return (words[0], "")
    if len(words) == 2 and words[0] in SCOPES and words[1] in ROLE_IDS:
        return (words[0], words[1])
    return None


def parse_condition(text: Any, where: str) -> Condition:
    return sum_condition(text, where, "owned settlement < 4", _term,
                         f"turn, deck, or one of {', '.join(SCOPES)} followed by a card ({', '.join(ROLE_IDS)})")


def parse_strategy(raw: Any, source: str = "strategy") -> Strategy:
    """Check a strategy; every error names the entry."""
    if not isinstance(raw, dict) or not isinstance(raw.get("buy"), list) or not raw["buy"]:
        raise AgentError(f"{source}: a strategy needs a non-empty 'buy' list")
    unknown = sorted(set(raw) - {"name", "buy", "play"})
    if unknown:
        raise AgentError(f"{source}: unknown key {unknown[0]!r}; a strategy has name, buy and play")
    rules = []
    for i, entry in enumerate(raw["buy"], 1):
        where = f"{source}: buy rule {i}"
        card, conds = rule_entry(entry, where, "a card name or 'card: condition(s)'")
        if card not in BUYABLE_IDS:
            raise AgentError(f"{where}: {card!r} is not a supply card ({', '.join(BUYABLE_IDS)})")
        rules.append(Rule(card, tuple(parse_condition(c, where) for c in conds)))
    play = dict(PLAY_FLAGS)
    for key, value in (raw.get("play") or {}).items():
        if key not in PLAY_FLAGS:
            raise AgentError(f"{source}: unknown play setting {key!r}; settings: {', '.join(PLAY_FLAGS)}")
        if not isinstance(value, bool):
            raise AgentError(f"{source}: play setting {key!r} must be true or false")
        play[key] = value
    return Strategy(str(raw.get("name", Path(source).stem)), tuple(rules), play)


BUILTIN = Path(__file__).parents[1] / "strategies"
_LOADED: dict[tuple[str, int, int], Strategy] = {}
"""Strategies read in this process, by (file, modification time, size): a file is
parsed once, not once per bot or per game (``simulate`` makes two bots a game)."""


def load_strategy(path: str | Path) -> Strategy:
    """A strategy from a YAML or JSON file (a bare name finds a built-in one). A file
    is read once per process while it is unchanged (``_LOADED``); the strategy is
    immutable (its ``play`` settings are only read), so bots share it."""
    file = find(path, BUILTIN)
    try:
        st = os.stat(file)
    except OSError:
        st = None
    key = (os.path.abspath(file), st.st_mtime_ns, st.st_size) if st is not None else None
    if key is not None:
        known = _LOADED.get(key)
        if known is not None:
            return known
    strategy = _read_strategy(file)
    if key is not None:
        if len(_LOADED) > 256:
            _LOADED.clear()
        _LOADED[key] = strategy
    return strategy


def _read_strategy(file: Path) -> Strategy:
    raw, _ = read_yaml(file)
    return parse_strategy(raw, str(file))
