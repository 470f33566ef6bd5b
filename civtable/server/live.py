"""Games being played on the server: the database is the truth, memory a bounded cache.

A live game is rebuilt from its stored moves when it is asked for (after a restart, or
after it left memory): every bot that can be asked again for its past decisions is
(``Agent.replayable``, as ``civtable play --resume`` does), so that it goes on as it
would have; a search bot, whose searches depend on the time it was given, starts again
with a generator seeded by the game and the move number. A move is checked against the
current position (its state id), stored and committed, and only then applied and
acknowledged.

Memory stays bounded (``Limits``): at most ``max_live`` games are kept, the least
recently used idle one leaves first, and a game nobody asked for in ``idle_seconds``
leaves too. A game whose bots are thinking stays until they are done. Bots move on the
server in two lanes (``scheduler.Lanes``): one decision at a time per game, the games in
turn, so that no game's bot can hold every thread.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from civtable.agents import Agent, PlayerView, make_agent
from civtable.agents.llm.prompt import TALK_CHARS
from civtable.core.errors import IllegalActionError
from civtable.core.game import Game
from civtable.core.messages import N_
from civtable.core.registry import load_game
from civtable.core.rng import derive_seed
from civtable.core.state import State
from civtable.i18n.lazy import message

from .errors import ServerError
from .limits import Limits, lane
from .scheduler import Lanes
from .store import GameRow, SeatRow, StaleMove, Store

MARKS = 200
"""The recent moves a game keeps for the pages' highlights."""


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
    used: float = field(default_factory=time.monotonic)  # the last request or bot move (for leaving memory)
    ended: bool = False  # the bots were told that the game is over
    version: int = 0  # seat changes (joined, away) since the game was read: pages refresh on them too
    marks: list[tuple[int, int, str]] = field(default_factory=list)
    """(ply, seat, target) of the recent public moves that act on something drawn: the
    pages of the other seats highlight it until their next decision."""
    moved: dict[int, int] = field(default_factory=dict)  # each seat's last move (ply) since the game was read

    @property
    def stamp(self) -> str:
        """What the event stream sends when the game changed: its move number and seat changes."""
        return f"{self.ply}-{self.version}"

    @property
    def id(self) -> str:
        return self.row.id

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def bot_to_move(self) -> list[int]:
        """The seats to move that a bot plays now (bot seats, and players who are away)."""
        return [p for p in self.state.to_move() if self.seats[p].kind == "bot" or self.seats[p].away]

    def spec(self, seat: int) -> str:
        """The bot that plays ``seat`` when a bot does."""
        s = self.seats[seat]
        return s.bot if s.kind == "bot" and s.bot else self.row.takeover


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
            found = self.waiting.get(gid)
            if found is not None:
                found.discard(ev)
                if not found:
                    del self.waiting[gid]

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

    def __init__(self, store: Store, limits: Limits | None = None, clock_check: float = 5.0) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.live: OrderedDict[str, LiveGame] = OrderedDict()
        self.guard = threading.RLock()
        self.loading: dict[str, threading.Lock] = {}
        self.hub = Hub()
        self.lanes = Lanes(self._step, {"quick": self.limits.quick_threads, "search": self.limits.search_threads},
                           lane_of=self._lane_of)
        self.clock_check = clock_check
        self.stopping = threading.Event()
        self.on_error: Callable[[str, BaseException], None] = lambda gid, e: None
        self.clock_thread = threading.Thread(target=self._clocks, daemon=True, name="civtable-clock")
        self.clock_thread.start()

    def close(self) -> None:
        """Stop the bots (a program bot's processes are ended) and the clocks."""
        self.stopping.set()
        self.lanes.close()
        with self.guard:
            games = list(self.live.values())
            self.live.clear()
        for live in games:
            self._release(live)

    # ------------------------------------------------------------ loading and leaving
    def get(self, gid: str) -> LiveGame:
        """The game ``gid``, read back from the database when it is not in memory."""
        with self.guard:
            found = self.live.get(gid)
            if found is not None:
                self.live.move_to_end(gid)
                found.used = time.monotonic()
                return found
            if not isinstance(gid, str) or not 0 < len(gid) <= 32:
                raise ServerError(message(N_("there is no such game")), 404)
            loading = self.loading.setdefault(gid, threading.Lock())
        with loading:  # two requests for one game that is not in memory: it is read once
            with self.guard:
                found = self.live.get(gid)
            if found is None:
                row = self.store.game(gid)
                if row is None:
                    with self.guard:
                        self.loading.pop(gid, None)
                    raise ServerError(message(N_("there is no such game")), 404)
                found = self._load(row)
                with self.guard:
                    self.live[gid] = found
                    self.loading.pop(gid, None)
                self._make_room(keep=gid)
                if row.status == "playing":
                    self.kick(gid)
        return found

    def _load(self, row: GameRow) -> LiveGame:
        seats = self.store.seats(row.id)
        game = load_game(row.game, **row.options)
        seed = int(row.seed)
        history = self.store.history(row.id)
        bots: dict[int, Agent] = {}
        again: set[int] = set()  # the seats whose bot is asked again for its past decisions
        for s in seats:
            spec = s.bot if s.kind == "bot" and s.bot else row.takeover
            first = derive_seed(seed, s.seat) if s.kind == "bot" else derive_seed(seed, s.seat, 1)
            if lane(spec) == "search" and history:  # its searches are not asked again: a fresh generator
                first = derive_seed(first, len(history))
            bots[s.seat] = make_agent(spec, game, seed=first)
            if lane(spec) == "quick" and bots[s.seat].replayable and row.status == "playing":
                again.add(s.seat)
        state = game.new_state(seed=seed)
        talk = self.store.talk(row.id)
        for ply, (p, text, by) in enumerate(history, 1):
            try:
                action = game.parse_action(state, text, p)
            except IllegalActionError as e:
                raise ServerError(f"stored move {ply} of game {row.id} does not replay: {e}", 500) from None
            if p in again and (seats[p].kind == "bot" or by == "takeover"):
                bots[p].act(PlayerView(state, p))  # the bot's own state, rebuilt as it was
            state.apply(p, action)
            if ply in talk:
                state.emit("talk", {"player": p, "text": talk[ply][1]})
        return LiveGame(row, seats, game, state, bots, ply=len(history), last=self.store.last_move_time(row.id))

    def _make_room(self, keep: str = "") -> None:
        """Let games leave memory: idle ones, and the least recently used beyond
        ``max_live`` (never ``keep``, the game just read)."""
        now = time.monotonic()
        leaving: list[LiveGame] = []
        with self.guard:
            over = len(self.live) - self.limits.max_live
            for gid, live in list(self.live.items()):
                if gid == keep or self.lanes.holds(gid) or self._keeps(live):
                    continue
                if over > 0 or now - live.used > self.limits.idle_seconds:
                    leaving.append(self.live.pop(gid))
                    over -= 1
        for live in leaving:
            self._release(live)

    @staticmethod
    def _keeps(live: LiveGame) -> bool:
        """A game that must stay in memory while it is played: one of its bots is a program
        whose process holds its own state."""
        return live.row.status == "playing" and any(not a.replayable for a in live.bots.values())

    def forget(self, live: LiveGame) -> None:
        """Drop this copy of a game from memory (it is stale: the database moved on); the
        next request reads the game again."""
        with self.guard:
            if self.live.get(live.id) is live:
                del self.live[live.id]
        self._release(live)

    def _release(self, live: LiveGame) -> None:
        """A game leaves memory: programs playing a seat are ended (``close``)."""
        for agent in live.bots.values():
            close = getattr(agent, "close", None)  # an external bot's process (agents.external)
            if callable(close):
                close()

    # ------------------------------------------------------------ moves
    def act(self, live: LiveGame, seat: int, text: str, expected: int | None, by: str = "player",
            said: str | None = None) -> None:
        """Play ``text`` for ``seat``: checked, stored and committed, then applied; ``said``
        is a bot's public message with the move (``Agent.talk``), told to everybody."""
        with live.lock:
            if live.row.status != "playing":
                raise ServerError(message(N_("the game is over")) if live.row.status == "over"
                                  else message(N_("this is a replay")), 409)
            if expected is not None and expected != live.ply:
                raise ServerError(message(N_("the position changed since you saw it (it is now at move {ply}); "
                                             "look again and choose"), ply=live.ply), 409)
            if seat not in live.state.to_move():
                raise ServerError(message(N_("it is not your decision now")), 409)
            action = live.game.parse_action(live.state, text, seat)
            nxt = live.state.clone()
            nxt.apply(seat, action)
            said = said[:TALK_CHARS] if said else None
            if said:
                nxt.emit("talk", {"player": seat, "text": said})
            mark = self._mark(live, nxt, seat, action)
            result = None
            if nxt.is_terminal():
                result = {"returns": nxt.returns(), "winners": nxt.winners(), "turns": nxt.turn}
            try:
                self.store.add_move(live.id, live.ply + 1, seat, action.text, by, result, said)
            except StaleMove:
                self.forget(live)
                raise ServerError(message(N_("another move for this position was stored first; look again")),
                                  409) from None
            live.state = nxt
            live.ply += 1
            live.moved[seat] = live.ply
            if mark is not None:
                live.marks.append((live.ply, seat, mark))
                del live.marks[:-MARKS]
            live.last = time.time()
            live.used = time.monotonic()
            if result is not None:
                live.row.status = "over"
                live.row.result = result
        self.hub.notify(live.id)
        if result is not None:
            self._finish(live)
        self.kick(live.id)

    @staticmethod
    def _mark(live: LiveGame, nxt: State, seat: int, action: Any) -> str | None:
        """What a move changed on the shared board (``Game.move_mark``), when everybody was
        told the whole move (its ``move`` event is public and its text not shortened):
        a move with a hidden part, or a simultaneous choice, marks nothing."""
        if type(live.game).move_mark is Game.move_mark:
            return None  # the game marks nothing: no observation to build
        if nxt.journal is None:
            return None
        for ev in reversed(nxt.journal.since(live.state.journal)):
            if ev.id == "move" and ev.args.get("player") == seat:
                if ev.to is None and not ev.exclude and ev.args.get("action") == action.text:
                    return live.game.move_mark(action, seat, live.state.observation(None))
                return None
        return None

    def _finish(self, live: LiveGame) -> None:
        """The game is over: its bots are told (a program's process ends)."""
        with live.lock:
            if live.ended:
                return
            live.ended = True
            returns, winners = live.state.returns(), live.state.winners()
        for agent in live.bots.values():
            try:
                agent.end(returns, winners)
            except Exception as e:  # noqa: BLE001 (a bot's failure must not stop the server)
                self.on_error(live.id, e)

    def kick(self, gid: str) -> None:
        """Let the bots of a game move (in the background) if it is their turn."""
        if self.stopping.is_set():
            return
        which = self._lane_of(gid)
        if which is not None:
            self.lanes.submit(gid, which)

    def _lane_of(self, gid: str) -> str | None:
        with self.guard:
            live = self.live.get(gid)
        if live is None or live.row.status != "playing":
            return None
        with live.lock:
            movers = live.bot_to_move()
            return lane(live.spec(movers[0])) if movers else None

    def _step(self, gid: str) -> str | None:
        """One bot decision of game ``gid`` (a lane's worker); the lane of its next bot
        decision, or None when no bot is to move."""
        with self.guard:
            live = self.live.get(gid)
        if live is None or live.row.status != "playing" or self.stopping.is_set():
            return None
        try:
            with live.lock:
                movers = live.bot_to_move()
                if not movers:
                    return None
                p = movers[0]
                view = PlayerView(live.state.clone(), p)
                ply = live.ply
                by = "bot" if live.seats[p].kind == "bot" else "takeover"
                agent = live.bots[p]
            action = agent.act(view)  # thinking happens outside the lock
            try:
                self.act(live, p, action.text, ply, by, agent.talk())
            except ServerError as e:
                if e.status != 409:
                    raise
        except BaseException as e:  # a bot's failure must not stop the server
            self.on_error(gid, e)
            return None
        live.used = time.monotonic()
        return self._lane_of(gid)

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
            if "away" in changes or "joined" in changes:
                live.version += 1
                self.hub.notify(live.id)

    def claimed(self, gid: str, seat: int) -> None:
        """An invitation to ``seat`` was claimed: the game in memory learns it."""
        with self.guard:
            live = self.live.get(gid)
        if live is not None:
            live.seats[seat].joined = True
            live.seats[seat].seen = time.time()
            live.version += 1
            self.hub.notify(gid)

    def _clocks(self) -> None:
        while not self.stopping.wait(self.clock_check):
            try:
                self._run_clocks()
                self._make_room()
            except Exception as e:  # noqa: BLE001 (the clock thread goes on)
                self.on_error("", e)

    def _run_clocks(self) -> None:
        """Games whose clock ran out (read from the database, so that a game that left
        memory is not forgotten): the players to move are away, a bot plays for them."""
        for gid in self.store.due(time.time()):
            live = self.get(gid)
            if time.time() - live.last < (live.row.clock or 0):
                continue
            for p in live.state.to_move():
                seat = live.seats[p]
                if seat.kind != "bot" and not seat.away:
                    seat.away = True
                    live.version += 1
                    self.store.update_seat(live.id, p, away=True)
                    self.hub.notify(live.id)
            self.kick(live.id)
