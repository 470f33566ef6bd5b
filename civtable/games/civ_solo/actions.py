"""The answers' notation: one shared ``Action`` per text (built once, then handed out
again, so the hot path creates none), and how a person types a unit card and a trade
item. The answers themselves are listed in ``rules/__init__.py``."""

from __future__ import annotations

from typing import Any

from civtable.core.action import Action

_ACTIONS: dict[str, Action] = {}

Unit3 = tuple[str, int, int]
"""A unit card the person entered: (type, rank 1-4 or 0 for aircraft, strength at that rank)."""


def act(text: str) -> Action:
    """The one shared action of this text."""
    a = _ACTIONS.get(text)
    if a is None:
        kind, *rest = text.split(" ")
        a = _ACTIONS[text] = Action(kind, *(int(x) if x.isdigit() else x for x in rest))
    return a


def acts(texts: list[str]) -> list[Action]:
    return [act(t) for t in texts]


def item_word(item: str) -> str:
    """``culture_event_card`` -> ``culture-event-card``: how a person types an item."""
    return item.replace("_", "-")


def unit_code(u: Unit3 | list[Any]) -> str:
    """An entered unit card as it is typed, without ``unit``: ``infantry 2 3``, ``aircraft 6``."""
    kind, rank, strength = u
    return f"aircraft {strength}" if kind == "aircraft" else f"{kind} {rank} {strength}"


def unit_action(u: Unit3 | list[Any]) -> str:
    return "unit " + unit_code(u)
