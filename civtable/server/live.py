"""Games being played on the server: the state in memory, the database as the truth.

A live game is rebuilt from its stored moves when first needed (after a restart
too), with every bot's own state rebuilt by asking it again for the moves it made
(as ``civtable play --resume`` does). A move is checked against the current
position (its state id, the ply it expects), stored and committed, and only then
applied and acknowledged. Bots (and the bot standing in for a player whose clock
ran out) move on the server, in a background thread, on a copy of the position.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from civtable.agents import Agent, PlayerView, make_agent
from civtable.core.errors import CivtableError, IllegalActionError
from civtable.core.game import Game
from civtable.core.registry import load_game
from civtable.core.rng import derive_seed
from civtable.core.state import State

from .store import GameRow, SeatRow, StaleMove, Store


class ServerError(CivtableError):
    """A request that cannot be carried out; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class LiveGame:
    row: GameRow
    seats: list[SeatRow]
    game: Game
    state: State
    bots: dict[int, Agent]
    lock: threading.RLock = field(default_factory=threading.RLock)
    ply: int = 0
    last: float = field(default_factory=time.time)

    @property
    def id(self) -> str:
        return self.row.id

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def bot_to_move(self) -> list[int]:
        """The seats to move that a bot plays now (bot seats, and players who are away)."""
        return [p for p in self.state.to_move() if self.seats[p].kind == "bot" or self.seats[p].away]


class Hub:
    """Tells the pages waiting on a game that it changed (server-sent events)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: dict[str, set[asyncio.Event]] = {}
        self.guard = threading.Lock()

    def subscribe(self, gid: str) -> asyncio.Event:
        ev = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        with self.guard:
            self.waiting.setdefault(gid, set()).add(ev)
        return ev

    def unsubscribe(self, gid: str, ev: asyncio.Event) -> None:
        with self.guard:
            self.waiting.get(gid, set()).discard(ev)

    def notify(self, gid: str) -> None:
        loop = self.loop
        if loop is None:
            return
        with self.guard:
            events = list(self.waiting.get(gid, ()))
        for ev in events:
            loop.call_soon_threadsafe(ev.set)


class Games:
    """The live games of one server."""

    def __init__(self, store: Store, bot_threads: int = 2, clock_check: float = 5.0) -> None:
        self.store = store
        self.live: dict[str, LiveGame] = {}
        self.guard = threading.Lock()
        self.hub = Hub()
        self.pool = ThreadPoolExecutor(bot_threads, thread_name_prefix="civtable-bot")
        self.busy: set[str] = set()
        self.clock_check = clock_check
        self.stopping = threading.Event()
        self.on_error: Callable[[str, BaseException], None] = lambda gid, e: None
        self.clock_thread = threading.Thread(target=self._clocks, daemon=True, name="civtable-clock")
        self.clock_thread.start()

    def close(self) -> None:
        self.stopping.set()
        self.pool.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------ loading
    def get(self, gid: str) -> LiveGame:
        with self.guard:
            found = self.live.get(gid)
        if found is not None:
            return found
        row = self.store.game(gid) if isinstance(gid, str) and len(gid) <= 32 else None
        if row is None:
            raise ServerError("there is no such game", 404)
        live = self._load(row)
        with self.guard:
            found = self.live.setdefault(gid, live)
        if found is live and row.status == "playing":
            self.kick(gid)
        return found

    def _load(self, row: GameRow) -> LiveGame:
        seats = self.store.seats(row.id)
        game = load_game(row.game, **row.options)
        seed = int(row.seed)
        bots: dict[int, Agent] = {}
        for s in seats:
            if s.kind == "bot" and s.bot:
                bots[s.seat] = make_agent(s.bot, game, seed=derive_seed(seed, s.seat))
            elif s.kind != "bot":
                bots[s.seat] = make_agent(row.takeover, game, seed=derive_seed(seed, s.seat, 1))
        state = game.new_state(seed=seed)
        history = self.store.history(row.id)
        for ply, (p, text, by) in enumerate(history, 1):
            try:
                action = game.parse_action(state, text, p)
            except IllegalActionError as e:
                raise ServerError(f"stored move {ply} of game {row.id} does not replay: {e}", 500) from None
            agent = bots.get(p)
            if agent is not None and (seats[p].kind == "bot" or by == "takeover") and row.status == "playing":
                agent.act(PlayerView(state, p))  # the bot's own state, rebuilt as it was
            state.apply(p, action)
        return LiveGame(row, seats, game, state, bots, ply=len(history), last=self.store.last_move_time(row.id))

    # ------------------------------------------------------------ moves
    def act(self, live: LiveGame, seat: int, text: str, expected: int | None, by: str = "player") -> None:
        """Play ``text`` for ``seat``: checked, stored and committed, then applied."""
        with live.lock:
            if live.row.status != "playing":
                raise ServerError("the game is over" if live.row.status == "over" else "this is a replay", 409)
            if expected is not None and expected != live.ply:
                raise ServerError(f"the position changed since you saw it (it is now at move {live.ply}); "
                                  "look again and choose", 409)
            if seat not in live.state.to_move():
                raise ServerError("it is not your decision now", 409)
            action = live.game.parse_action(live.state, text, seat)
            nxt = live.state.clone()
            nxt.apply(seat, action)
            result = None
            if nxt.is_terminal():
                result = {"returns": nxt.returns(), "winners": nxt.winners(), "turns": nxt.turn}
            try:
                self.store.add_move(live.id, live.ply + 1, seat, action.text, by, result)
            except StaleMove:
                raise ServerError("another move for this position was stored first; look again", 409) from None
            live.state = nxt
            live.ply += 1
            live.last = time.time()
            if result is not None:
                live.row.status = "over"
                live.row.result = result
        self.hub.notify(live.id)
        self.kick(live.id)

    def kick(self, gid: str) -> None:
        """Let the bots of a game move (in the background) if it is their turn."""
        with self.guard:
            if gid in self.busy or self.stopping.is_set():
                return
            self.busy.add(gid)
        try:
            self.pool.submit(self._run_bots, gid)
        except RuntimeError:  # shutting down
            with self.guard:
                self.busy.discard(gid)

    def _run_bots(self, gid: str) -> None:
        try:
            while not self.stopping.is_set():
                live = self.live.get(gid)
                if live is None or live.row.status != "playing":
                    return
                with live.lock:
                    movers = live.bot_to_move()
                    if not movers:
                        return
                    p = movers[0]
                    view = PlayerView(live.state.clone(), p)
                    ply = live.ply
                    by = "bot" if live.seats[p].kind == "bot" else "takeover"
                action = live.bots[p].act(view)  # thinking happens outside the lock
                try:
                    self.act(live, p, action.text, ply, by)
                except ServerError as e:
                    if e.status != 409:
                        raise
        except BaseException as e:  # a bot's failure must not stop the server
            self.on_error(gid, e)
        finally:
            with self.guard:
                self.busy.discard(gid)

    # ------------------------------------------------------------ seats and clocks
    def seen(self, live: LiveGame, seat: int) -> None:
        """A player's request: he is here (and takes his seat back from the bot)."""
        row = live.seats[seat]
        now = time.time()
        changes: dict[str, Any] = {"seen": now}
        if row.away:
            changes["away"] = False
        if not row.joined:
            changes["joined"] = True
        if now - row.seen > 5 or len(changes) > 1:
            self.store.update_seat(live.id, seat, **changes)
            for k, v in changes.items():
                setattr(row, k, v)
            if "away" in changes:
                self.hub.notify(live.id)

    def _clocks(self) -> None:
        while not self.stopping.wait(self.clock_check):
            for live in list(self.live.values()):
                clock = live.row.clock
                if not clock or live.row.status != "playing":
                    continue
                if time.time() - live.last < clock:
                    continue
                for p in live.state.to_move():
                    seat = live.seats[p]
                    if seat.kind != "bot" and not seat.away:
                        seat.away = True
                        self.store.update_seat(live.id, p, away=True)
                        self.hub.notify(live.id)
                self.kick(live.id)
