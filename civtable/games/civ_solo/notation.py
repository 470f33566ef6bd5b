"""The answers' notation: one shared ``Action`` per text (built once, then handed out
again, so the hot path creates none). The answers themselves are listed in
``rules/__init__.py``."""

from __future__ import annotations

from civtable.core.action import Action

_ACTIONS: dict[str, Action] = {}


def act(text: str) -> Action:
    """The one shared action of this text."""
    a = _ACTIONS.get(text)
    if a is None:
        kind, *rest = text.split(" ")
        a = _ACTIONS[text] = Action(kind, *(int(x) if x.isdigit() else x for x in rest))
    return a


def acts(texts: list[str]) -> list[Action]:
    return [act(t) for t in texts]
