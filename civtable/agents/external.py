"""Any program as a bot: JSON Lines over its standard input and output.

``cmd:COMMAND`` wherever a bot spec is accepted (``--players "cmd:node bot.js,greedy"``).
The protocol is specified in ``docs/protocol.md``; in short, civtable sends
``hello`` (the bot answers ``ready``), then ``act`` for each decision (the seat's
observation, its events since the last request, its legal actions as text and
index; the bot answers ``action``, and may first ask the rules oracle: samples of its
own information set, the legal actions of a position it holds and the position after an
action, ``oracle.py``), and ``end``. The bot's standard error is passed on, prefixed
with its seat.

A bot that crashes, answers late, prints garbage or answers illegally never stops
the game: that decision is played by the fallback bot (a uniformly random legal
action), the bot is told with an ``error`` message, and the game's record keeps a
note of it. After ``MAX_FAILURES`` failures in a row, or once the process has
ended, the fallback bot plays the seat to the end of the game.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from civtable.core.errors import AgentError

from .base import Agent, PlayerView
from .oracle import MAX_HANDLES, MAX_SAMPLES, REQUESTS, Oracle

if TYPE_CHECKING:
    from civtable.core.action import Action
    from civtable.core.game import Game

PROTOCOL = 1
MAX_FAILURES = 3
MAX_LINE = 1 << 20
"""The longest line a bot may send, in characters: a longer one is a protocol error (the
fallback bot plays that decision), read and dropped without being kept in memory."""
TOO_LONG = "\x00too long"  # what the reader queues for a line over MAX_LINE
__all__ = ["MAX_HANDLES", "MAX_LINE", "MAX_SAMPLES", "ExternalAgent", "make_external"]


class ExternalAgent(Agent):
    """A bot in another process (see the module docstring)."""

    reads_events = True
    replayable = False  # its state lives in another process: a resumed game starts it afresh

    def __init__(self, game: Game, command: str, seed: int = 0, time_ms: int = 5000) -> None:
        super().__init__(seed)
        self.game = game
        self.command = command
        self.time_ms = time_ms
        self.notes: list[tuple[int, str]] = []
        self.failures = 0
        self.dead = False
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seat: int | None = None
        self.cursor = 0
        self.requests = 0
        self.oracle: Oracle | None = None

    # ------------------------------------------------------------ process
    def start(self, seat: int) -> None:
        try:
            args = shlex.split(self.command)
        except ValueError as e:
            raise AgentError(f"bot command {self.command!r} cannot be read: {e}") from None
        if not args:
            raise AgentError("cmd: needs a command, e.g. cmd:python3 examples/bots/random_bot.py")
        try:  # its own process group: the bot and every process it starts end with it (close)
            self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         text=True, bufsize=1, start_new_session=True)
        except OSError as e:
            raise AgentError(f"bot command {args[0]!r} cannot be started: {e.strerror or e}") from None
        self.seat = seat
        self.oracle = Oracle(self.game, seat)
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        threading.Thread(target=self._pass_on, args=(self.proc.stderr, seat), daemon=True).start()
        self._send({"type": "hello", "protocol": PROTOCOL, "game": self.game.id, "options": self.game.options,
                    "players": self.game.num_players, "seat": seat, "time_ms": self.time_ms,
                    "limits": {"line": MAX_LINE, "samples": MAX_SAMPLES, "handles": MAX_HANDLES}})
        reply = self._receive(self.time_ms)
        if not isinstance(reply, dict) or reply.get("type") != "ready":
            self._fail(0, f"the bot did not answer 'hello' with 'ready' ({self._what(reply)})", fatal=True)

    def _read(self, stream: Any) -> None:
        for line in bounded_lines(stream, MAX_LINE):
            self.lines.put(line)
        self.lines.put(None)

    @staticmethod
    def _pass_on(stream: Any, seat: int) -> None:
        for line in bounded_lines(stream, 2000):
            if line == TOO_LONG:
                line = "(a line of more than 2000 characters, left out)"
            sys.stderr.write(f"[bot {seat}] {line if line.endswith(chr(10)) else line + chr(10)}")

    def _send(self, message: dict[str, Any]) -> None:
        if self.proc is None or self.proc.stdin is None or self.dead:
            return
        try:
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self.dead = True

    def _receive(self, ms: int) -> Any:
        """The next message the bot sends (unknown types skipped), or a reason string."""
        deadline = time.monotonic() + ms / 1000
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return "timeout"
            if line is None:
                self.dead = True
                return "ended"
            if line == TOO_LONG:
                return "too long"
            try:
                message = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                return "garbage"
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                return "garbage"
            if message["type"] in ("ready", "action", *REQUESTS):
                return message
            # "log" and unknown messages are ignored

    @staticmethod
    def _what(reply: Any) -> str:
        return {"timeout": "no answer in time", "ended": "the bot process ended", "garbage": "not a JSON message",
                "too long": f"a line of more than {MAX_LINE} characters"}.get(
            reply, f"a {reply.get('type')!r} message" if isinstance(reply, dict) else str(reply))

    def _fail(self, ply: int, why: str, fatal: bool = False) -> None:
        self.failures += 1
        self.notes.append((ply, f"seat {self.seat}: {why}; the fallback bot plays this decision"))
        if fatal or self.dead or self.failures >= MAX_FAILURES:
            self.notes.append((ply, f"seat {self.seat}: the bot is replaced by the fallback bot to the end"))
            self.dead = True
            self.close()

    def close(self) -> None:
        """End the bot: its standard input is closed and it has a second to exit, then its
        whole process group (the processes it started too) is ended."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            try:
                if proc.stdin is not None:
                    proc.stdin.close()
                proc.wait(1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        end_group(proc)

    # ------------------------------------------------------------ deciding
    def act(self, view: PlayerView) -> Action:
        if self.proc is None:
            self.start(view.player)
        legal = view.legal_actions
        ply = self.requests = self.requests + 1
        if self.dead:
            if not self.notes or "replaced" not in self.notes[-1][1]:
                self._fail(ply, "the bot process ended", fatal=True)
            return legal[self.rng.below(len(legal))]
        events = view.events(self.cursor)
        self.cursor += len(events)
        self._send({"type": "act", "id": ply, "observation": view.observation,
                    "events": [{"id": e.id, "args": dict(e.args), "text": view.game.render_event(e, view.player)}
                               for e in events],
                    "legal": [{"text": a.text, "index": i} for i, a in enumerate(legal)], "time_ms": self.time_ms})
        deadline = time.monotonic() + self.time_ms / 1000
        oracle = self.oracle
        assert oracle is not None
        oracle.open(view, ply)
        try:
            while True:
                reply = self._receive(max(1, int(1000 * (deadline - time.monotonic()))))
                if isinstance(reply, dict) and reply["type"] in REQUESTS:
                    self._send(oracle.answer(reply))
                    continue
                break
        finally:
            oracle.close()
        choice = self._choice(reply, legal, ply)
        if choice is None:
            return legal[self.rng.below(len(legal))]
        self.failures = 0
        return choice

    def _choice(self, reply: Any, legal: list[Action], ply: int) -> Action | None:
        if not isinstance(reply, dict) or reply.get("type") != "action":
            kind = "timeout" if reply == "timeout" else "garbage"
            self._send({"type": "error", "id": ply, "kind": kind, "message": self._what(reply), "policy": "fallback"})
            self._fail(ply, self._what(reply))
            return None
        if reply.get("id") != ply:
            return self._refuse(ply, f"the answer is for request {str(reply.get('id'))[:20]}, not {ply}")
        index, text = reply.get("index"), reply.get("action")
        if isinstance(index, int) and not isinstance(index, bool):
            if 0 <= index < len(legal):
                return legal[index]
            return self._refuse(ply, f"index {index} is not one of the {len(legal)} legal actions")
        if isinstance(text, str):
            wanted = " ".join(text.lower().split())
            for a in legal:
                if a.text == wanted:
                    return a
            return self._refuse(ply, f"{text[:60]!r} is not a legal action now")
        return self._refuse(ply, "an action needs 'action' (text) or 'index'")

    def _refuse(self, ply: int, why: str) -> Action | None:
        self._send({"type": "error", "id": ply, "kind": "illegal", "message": why, "policy": "fallback"})
        self._fail(ply, f"illegal answer: {why}")
        return None

    def end(self, returns: list[float], winners: list[int]) -> None:
        self._send({"type": "end", "returns": returns, "winners": winners})
        self.close()


def end_group(proc: subprocess.Popen[str]) -> None:
    """End the process group of ``proc`` (it leads its own group, which outlives it while a
    child holds on): SIGTERM, then SIGKILL to whatever is left after half a second."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            break
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(0.05)
            try:
                os.killpg(proc.pid, 0)  # raises once no process of the group is left
            except (ProcessLookupError, PermissionError):
                return
            time.sleep(0.05)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(1)


def bounded_lines(stream: Any, limit: int) -> Any:
    """The lines of a text ``stream``; a line longer than ``limit`` characters is read on
    and dropped in pieces (never held whole) and given as ``TOO_LONG``."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or (len(line) == limit + 1 and line.endswith("\n")):
            yield line
            continue
        while not line.endswith("\n"):
            line = stream.readline(1 << 16)
            if not line:
                break
        yield TOO_LONG


def make_external(game: Game, seed: int, params: dict[str, str]) -> Agent:
    command = params.get("", "")
    return ExternalAgent(game, command, seed=seed)
