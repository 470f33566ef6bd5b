"""What a visitor may ask of the server, bounded: bot budgets, game creations, games
in play and in memory, event streams (``civtable serve`` options; docs/server.md,
"Security model").

Every bound is a number of this module's ``Limits``; a request beyond one is refused
with one sentence (HTTP 422 for a bot spec, 429 for too many creations or streams,
503 when the server holds its most games).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from civtable.agents import parse_spec
from civtable.core.errors import AgentError
from civtable.core.game import Game
from civtable.core.messages import N_
from civtable.i18n.lazy import message

from .errors import ServerError

SEARCH = frozenset({"mcts", "ismcts"})
"""Bots that search for as long as they are allowed: they think in the search lane, with
the server's budget (``Limits.bot_ms``, ``Limits.bot_iterations``)."""

LOCAL_ONLY = frozenset({"cmd", "rules", "llm"})
"""Bots that start a process, read a file or send requests to an endpoint named in their
spec (``llm:``, whose ``url=`` a visitor could point anywhere): on the server only with
``--local-bots``. A program and a language model think in the search lane (they may take
their time)."""

MAX_DEPTH = 100
"""The most rollout steps a search on the server may ask for (``depth``)."""

MAX_TURNS = 4
"""The most turns a search's rollout on the server may look ahead (``turns``)."""


@dataclass(frozen=True)
class Limits:
    """The server's bounds (each a ``civtable serve`` option; the defaults are documented
    in docs/server.md)."""

    bot_ms: int = 1000
    """The longest a bot may think about one decision, in milliseconds (``--bot-ms``): a
    search bot's spec may ask for less (``ms=``), never more, and gets this when it names
    no time."""
    bot_iterations: int = 5000
    """The most iterations a search bot may ask for (``--bot-iterations``)."""
    creations_per_minute: int = 20
    """Games (and uploaded records) one client address may create a minute (``--create-rate``; 0: no limit)."""
    max_games: int = 2000
    """Games being played at once on this server (``--max-games``); more are refused until some end."""
    max_live: int = 64
    """Games kept in memory (``--max-live``): the least recently used idle game leaves memory
    when another comes in, and is read back from the database when it is asked for."""
    idle_seconds: float = 300.0
    """A game nobody asked for and no bot moved in this long leaves memory (``--idle``)."""
    streams_per_client: int = 32
    """Event streams (open game pages) one client address may hold at once."""
    max_streams: int = 2000
    """Event streams open at once on this server."""
    quick_threads: int = 2
    """Threads for bots that decide at once (random, the games' own heuristic bots)."""
    search_threads: int = 2
    """Threads for search bots and programs; one decision of a game at a time, the games in turn."""


def lane(spec: str) -> str:
    """``"search"`` for a bot that thinks for its budget (search bots, programs), else
    ``"quick"``."""
    name = parse_spec(spec)[0]
    return "search" if name in SEARCH or name in ("cmd", "llm") else "quick"


def server_spec(spec: str, game: Game, limits: Limits, local_bots: bool) -> str:
    """The spec a bot plays with on this server: ``spec`` itself, with the server's time
    budget added to a search bot that names none. A spec the server does not allow (a
    person, a local bot without ``--local-bots``, a budget above the server's) is refused
    with one sentence."""
    try:
        name, params = parse_spec(spec)
    except AgentError as e:
        raise ServerError(str(e)) from None
    if name == "human":
        raise ServerError(message(N_("{spec} is not a bot that can play on the server"), spec=repr(spec[:40])))
    if name == "llm" and not local_bots:
        raise ServerError(message(N_("{name} bots send the game to a network endpoint: they play on the server only "
                                     "when it was started with --local-bots"), name=repr(name)))
    if name in LOCAL_ONLY and not local_bots:
        raise ServerError(message(N_("{name} bots run a command or read a file of this machine: they play on the "
                                     "server only when it was started with --local-bots"), name=repr(name)))
    if name not in SEARCH:
        return spec
    effective = {**game.search_defaults, **params}
    ms = _number(params, "ms")
    if ms is not None and ms > limits.bot_ms:
        raise ServerError(message(N_("{spec}: a bot on this server thinks at most {ms} ms a decision "
                                     "(ms={asked} asks for more)"), spec=name, ms=limits.bot_ms, asked=ms))
    iterations = _number(params, "iterations")
    if iterations is not None and iterations > limits.bot_iterations:
        raise ServerError(message(N_("{spec}: a search on this server makes at most {n} iterations a decision "
                                     "(iterations={asked} asks for more)"), spec=name, n=limits.bot_iterations,
                                  asked=iterations))
    depth, turns = _number(effective, "depth"), _number(effective, "turns")
    if depth is not None and depth > MAX_DEPTH:
        raise ServerError(message(N_("{spec}: a rollout on this server has at most {n} steps (depth={asked})"),
                                  spec=name, n=MAX_DEPTH, asked=depth))
    if turns is not None and turns > MAX_TURNS:
        raise ServerError(message(N_("{spec}: a rollout on this server looks at most {n} turns ahead "
                                     "(turns={asked})"), spec=name, n=MAX_TURNS, asked=turns))
    if depth == 0 and not turns and not effective.get("portfolio"):
        raise ServerError(message(N_("{spec}: a rollout to the end of the game (depth=0 without turns=) is "
                                     "not allowed on this server"), spec=name))
    if ms is None:
        spec = f"{spec}{'&' if ':' in spec else ':'}ms={limits.bot_ms}"
    return spec


def _number(params: dict[str, str], key: str) -> int | None:
    value = params.get(key)
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None  # the bot's own check says what is wrong with it


class RateLimit:
    """At most ``per_minute`` events per client address in any minute (a token bucket that
    refills ``per_minute`` a minute); remembers at most ``clients`` addresses."""

    def __init__(self, per_minute: int, clients: int = 10_000) -> None:
        self.per_minute = per_minute
        self.clients = clients
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self.guard = threading.Lock()

    def take(self, client: str, now: float | None = None) -> bool:
        """Whether ``client`` may do one more now (and count it)."""
        if self.per_minute <= 0:
            return True
        now = time.monotonic() if now is None else now
        rate = self.per_minute / 60.0
        with self.guard:
            tokens, then = self.buckets.pop(client, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - then) * rate)
            allowed = tokens >= 1.0
            self.buckets[client] = (tokens - 1.0 if allowed else tokens, now)
            while len(self.buckets) > self.clients:
                self.buckets.popitem(last=False)
            return allowed


class Counter:
    """Open things (event streams) per client address and in all, each bounded."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client = per_client
        self.total = total
        self.open: dict[str, int] = {}
        self.guard = threading.Lock()

    def enter(self, client: str) -> bool:
        with self.guard:
            if sum(self.open.values()) >= self.total or self.open.get(client, 0) >= self.per_client:
                return False
            self.open[client] = self.open.get(client, 0) + 1
            return True

    def leave(self, client: str) -> None:
        with self.guard:
            left = self.open.get(client, 0) - 1
            if left > 0:
                self.open[client] = left
            else:
                self.open.pop(client, None)
