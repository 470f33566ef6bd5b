"""A page's ``data-target`` of a move, read from a table by the move's kind
(``Game.action_target``, ``Game.move_mark``).

A game writes its targets as data: ``{"tech": "tech:{0}", "yield": "res:{me}:{0}"}``,
each a ``str.format`` template whose ``{0}``, ``{1}``... are the move's arguments,
``{last}`` its last argument, and other fields the values the caller names (the
viewer, the actor). A kind the table does not name has no target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def target_of(table: Mapping[str, str], kind: str, args: Sequence[object], **values: object) -> str | None:
    """``table[kind]`` filled with the move's ``args`` and ``values``, or ``None``."""
    template = table.get(kind)
    if template is None:
        return None
    return template.format(*args, last=args[-1] if args else "", **values)
