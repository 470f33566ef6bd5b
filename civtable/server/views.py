"""What the server sends a viewer: built only from ``observation(viewer)``, the
events that viewer may see, the public texts of actions and the viewer's own legal
actions. Nothing here reads the state's hidden parts, so no payload can leak them
(the tests compare payloads across samples of the viewer's information set)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from civtable.core.events import Viewer
from civtable.core.game import Game
from civtable.core.state import State

if TYPE_CHECKING:
    from .store import SeatRow


def seat_names(seats: list[SeatRow]) -> list[str]:
    return [s.name for s in seats]


def position_view(game: Game, state: State, viewer: Viewer, names: list[str], since: int = 0) -> dict[str, Any]:
    """The viewer's payload for one position: screen, drawing, events since ``since``,
    legal actions with their labels, menu paths and targets."""
    obs = state.observation(viewer)
    events = state.events(viewer, since)
    legal = state.legal_actions(viewer) if viewer is not None else []
    over = state.is_terminal()
    return {
        "viewer": viewer,
        "observation": obs,
        "screen": game.render(obs, viewer),
        "html": game.html(obs, viewer),
        "help": game.help(obs, viewer),
        "events": [{"id": e.id, "args": dict(e.args), "text": game.render_event(e, viewer, names)} for e in events],
        "cursor": since + len(events),
        "legal": [{"text": a.text, "label": game.action_label(a, obs), "path": list(game.action_path(a, obs)),
                   "target": game.action_target(a, obs)} for a in legal],
        "to_move": list(state.to_move()),
        "over": over,
        "winners": state.winners() if over else [],
        "turn": state.turn,
    }


def seats_view(seats: list[SeatRow], to_move: list[int]) -> list[dict[str, Any]]:
    """Who sits where: public facts only (never a token)."""
    return [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot if s.kind == "bot" else None,
             "joined": s.joined or s.kind == "bot", "away": s.away, "to_move": s.seat in to_move} for s in seats]
