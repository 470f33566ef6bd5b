"""Replays of finished games and uploaded records, stepped forward and back.

A replay shows a position after any number of moves, as a spectator or as any seat
saw it: only a finished game (or an uploaded record) may be replayed, so a seat's
view of it reveals nothing that is still secret.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from civtable.core.registry import load_game
from civtable.core.state import State

from .errors import ServerError
from .store import GameRow, Store
from .views import position_view

CACHE = 16


class Replays:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.guard = threading.Lock()
        self.cache: OrderedDict[str, tuple[int, State]] = OrderedDict()

    def get(self, gid: str) -> GameRow:
        row = self.store.game(gid) if isinstance(gid, str) and len(gid) <= 32 else None
        if row is None:
            raise ServerError("there is no such game", 404)
        if row.status == "playing":
            raise ServerError("a game is replayed once it is over", 403)
        return row

    def state_at(self, row: GameRow, ply: int) -> tuple[State, int]:
        moves = self.store.moves(row.id)
        ply = max(0, min(ply, len(moves)))
        with self.guard:
            cached = self.cache.get(row.id)
        if cached is not None and cached[0] <= ply:
            done, state = cached[0], cached[1].clone()
        else:
            game = load_game(row.game, **row.options)
            done, state = 0, game.new_state(seed=int(row.seed))
        game = state.game
        talk = self.store.talk(row.id) if ply > done else {}
        for n, (p, text) in enumerate(moves[done:ply], done + 1):
            state.apply(p, game.parse_action(state, text, p))
            if n in talk:
                state.emit("talk", {"player": p, "text": talk[n][1]})
        with self.guard:
            self.cache[row.id] = (ply, state.clone())
            self.cache.move_to_end(row.id)
            while len(self.cache) > CACHE:
                self.cache.popitem(last=False)
        return state, len(moves)

    def view(self, gid: str, ply: int, seat: int | None) -> dict[str, Any]:
        row = self.get(gid)
        state, total = self.state_at(row, ply)
        if seat is not None and not 0 <= seat < state.num_players:
            raise ServerError(f"seat must be from 0 to {state.num_players - 1}", 422)
        names = [s.name for s in self.store.seats(gid)]
        out = position_view(state.game, state, seat, names)
        out["legal"] = []  # a replay is watched, not played
        out.update({"id": gid, "game": row.game, "name": state.game.name, "ply": min(max(ply, 0), total),
                    "total": total, "status": row.status, "seats": [{"seat": i, "name": n} for i, n in enumerate(names)]})
        return out
