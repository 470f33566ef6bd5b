"""What the server sends a viewer: built only from ``observation(viewer)``, the
events that viewer may see, the public texts of actions and the viewer's own legal
actions. Nothing here reads the state's hidden parts, so no payload can leak them
(the tests compare payloads across samples of the viewer's information set).
Every text is in the viewer's language (``tr``): the screen, drawing, help, events
and menus, and the seats' default names ("player 1 (greedy)")."""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any

from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.state import State
from civtable.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from .store import SeatRow


def seat_names(seats: list[SeatRow], tr: Translator = ENGLISH) -> list[str]:
    return [local_name(s.name, tr) for s in seats]


DEFAULT_NAME = re.compile(r"player (\d+)(?: \((.{1,200})\))?")


def local_name(name: str, tr: Translator = ENGLISH) -> str:
    """A seat's name in ``tr``'s language when it is the server's default ("player 1",
    "player 1 (greedy)"); a name a person gave is kept as it is."""
    found = DEFAULT_NAME.fullmatch(name)
    if found is None or tr.english:
        return name
    n, bot = int(found.group(1)), found.group(2)
    return tr.t("player {n} ({bot})", n=n, bot=bot) if bot else tr.pt("seat", "player {n}", n=n)


TAG = re.compile(r"(<[^>]*>)")


def named_drawing(html: str, names: list[str], tr: Translator = ENGLISH) -> str:
    """The game's drawing with the names the players gave themselves: ``Game.html`` knows
    seats by number only ("player 1", "Player 1 (opponent)", in the viewer's language), so
    a seat whose name is not the server's default gets it in place of that number, in the
    drawing's text (never inside a tag or an attribute), as the seat bar shows it."""
    given = {p: escape(n) for p, n in enumerate(names) if DEFAULT_NAME.fullmatch(n) is None}
    if not given:
        return html
    forms = {"player {n}", tr.pgettext("seat", "player {n}")}
    words = {w for f in forms for w in (f, f[:1].upper() + f[1:])}
    number = re.escape("{n}")
    pattern = re.compile("|".join(r"(?<!\w)" + re.escape(w).replace(number, r"(\d+)") + r"(?!\d)"
                                  for w in sorted(words)))

    def name(match: re.Match[str]) -> str:
        seat = int(next(g for g in match.groups() if g is not None))
        return given.get(seat, match.group(0))

    parts = TAG.split(html)
    return "".join(part if i % 2 else pattern.sub(name, part) for i, part in enumerate(parts))


def position_view(game: Game, state: State, viewer: Viewer, names: list[str], since: int = 0,
                  tr: Translator = ENGLISH) -> dict[str, Any]:
    """The viewer's payload for one position in ``tr``'s language: screen, drawing,
    events since ``since``, legal actions with their labels, menu paths, targets (the
    thing clicked, then the second one: a move's destination), how often each may be
    played in a row and the warning that asks for a confirmation."""
    obs = state.observation(viewer)
    events = state.events(viewer, since)
    legal = state.legal_actions(viewer) if viewer is not None else []
    over = state.is_terminal()
    html = named_drawing(tr.localize(game.html(obs, viewer)), names, tr)
    names = [local_name(n, tr) for n in names]
    return {
        "viewer": viewer,
        "observation": obs,
        "screen": tr.localize(game.render(obs, viewer)),
        "html": html,
        "help": tr.localize(game.help(obs, viewer)),
        "events": [{"id": e.id, "args": dict(e.args), "text": game.render_event(e, viewer, names, tr)}
                   for e in events],
        "cursor": since + len(events),
        "legal": [{"text": a.text, "label": tr.localize(game.action_label(a, obs)),
                   "path": list(tr.localize(game.action_path(a, obs))),
                   "target": game.action_target(a, obs), "then": game.action_then(a, obs),
                   "repeat": game.action_repeat(a, obs), "warning": _warning(game, a, obs, tr)} for a in legal],
        "grouped": game.menu_by_first_word,
        "to_move": list(state.to_move()),
        "over": over,
        "winners": state.winners() if over else [],
        "returns": list(state.returns()) if over else [],
        "scores": list(state.scores() or []) if over else [],  # the victory points of a finished game
        "turn": state.turn,
    }


def shown_bot(spec: str) -> str:
    """A bot as other visitors see it: a program or a strategy file of the server's machine
    by its kind only, never its command line or path."""
    name = spec.strip().partition(":")[0].lower()
    return {"cmd": "program", "rules": "strategy file", "llm": "language model"}.get(name, spec)


def _warning(game: Game, action: Any, obs: dict[str, Any], tr: Translator) -> str | None:
    warning = game.action_warning(action, obs)
    return None if warning is None else str(tr.localize(warning))


def seats_view(seats: list[SeatRow], to_move: list[int], tr: Translator = ENGLISH) -> list[dict[str, Any]]:
    """Who sits where: public facts only (never a token)."""
    return [{"seat": s.seat, "name": local_name(s.name, tr), "kind": s.kind, "bot": shown_bot(s.bot or "") if s.kind == "bot" else None,
             "joined": s.joined or s.kind == "bot", "away": s.away, "to_move": s.seat in to_move} for s in seats]
