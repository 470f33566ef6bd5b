"""One vocabulary for items and data entries across ``value``, ``sweep``, ``balance``
and the reports: a name is accepted in any case and with spaces, hyphens or
underscores alike ("Pottery", "pottery", "code of laws", "code_of_laws",
"Advanced Military", "advanced-military"), and shown as the game spells it
(``Game.value_items``). Strategy files share the rule through
``civtable.agents.strategy_files.fold``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from civtable.agents.strategy_files import fold
from civtable.core.errors import CivtableError
from civtable.core.game import Game

__all__ = ["fold", "resolve", "resolve_items"]


def resolve(name: str, known: Iterable[str], what: str, where: str) -> str:
    """The spelling of ``known`` that ``name`` stands for (``fold``-equal); a sentence
    naming the valid ones when none does, or when two do."""
    names = list(known)
    wanted = fold(name)
    found = [k for k in names if fold(k) == wanted]
    if len(found) == 1:
        return found[0]
    if not found:
        shown = ", ".join(names[:40]) + (" ..." if len(names) > 40 else "")
        raise CivtableError(f"{where} has no {what} {name!r}; {what}s: {shown}")
    raise CivtableError(f"{name!r} names several {what}s of {where}: {', '.join(found)}")


def resolve_items(game: Game, items: Sequence[str]) -> list[str]:
    """The game's spelling of each item named by a user (``Game.value_items``)."""
    valid = list(game.value_items())
    if not valid:
        raise CivtableError(f"{game.id} has no items to value")
    return [resolve(item, valid, "item", game.id) for item in items]
