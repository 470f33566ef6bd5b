"""Broken positions for loader tests: mutations of a position's JSON at a path.

    BROKEN = [(setting("players", 0, "hand", "ore", value=-1), "players[0].hand.ore"),
              (setting("supply", "city"), "supply.city")]   # no value: the field is removed
    for mutate, words in BROKEN:
        data = good_position(); mutate(data)
        with pytest.raises(InvalidStateError, match=words): game.state_from_json(data)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import reduce
from typing import Any

Data = dict[str, Any]
Mutation = Callable[[Data], None]
GONE: Any = object()


def setting(*path: Any, value: Any = GONE) -> Mutation:
    """A mutation writing ``value`` at ``path`` (removing the field when no value is given)."""
    *parents, last = path

    def mutate(d: Data) -> None:
        target = reduce(operator.getitem, parents, d)
        if value is GONE:
            del target[last]
        else:
            target[last] = value

    return mutate


def removing(*path: Any) -> Mutation:
    """A mutation removing the field at ``path``."""
    return setting(*path)


def changing(*path: Any, by: Callable[[Any], Any]) -> Mutation:
    """A mutation replacing the value at ``path`` by ``by(value)``."""
    *parents, last = path

    def mutate(d: Data) -> None:
        target = reduce(operator.getitem, parents, d)
        target[last] = by(target[last])

    return mutate


def scribble(value: Any) -> None:
    """Empty every list and object inside ``value`` (to show that a state loaded from
    it shares nothing with it)."""
    if isinstance(value, dict):
        for v in list(value.values()):
            scribble(v)
        value.clear()
    elif isinstance(value, list):
        for v in value:
            scribble(v)
        value.clear()
