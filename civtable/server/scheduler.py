"""Fair turns for the bots of many games: two lanes of worker threads.

A game whose bot must move is queued in the lane its bot needs: ``quick`` for bots that
decide at once (random, the games' heuristic bots), ``search`` for those that think for
their budget (searches, programs). A worker makes one decision of the game at the head of
its lane and queues the game again at the back when a bot is to move next, so the games
of a lane take turns decision by decision: one game's bots cannot hold a thread for a
whole game, and a slow search never delays a quick bot of another game. A game is in at
most one lane at a time (its decisions are made in order).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable


class Lanes:
    def __init__(self, step: Callable[[str], str | None], threads: dict[str, int],
                 lane_of: Callable[[str], str | None] | None = None) -> None:
        """``step(gid)`` makes one bot decision of game ``gid`` and returns the lane of
        its next one (or None); ``lane_of(gid)`` says which lane a game needs now (asked
        again when the game was submitted while its step ran); ``threads``: workers per lane."""
        self.step = step
        self.lane_of = lane_of
        self.cond = threading.Condition()
        self.queues: dict[str, deque[str]] = {name: deque() for name in threads}
        self.held: set[str] = set()  # queued or being decided
        self.again: set[str] = set()  # submitted while its step ran: look again after it
        self.stopping = False
        self.workers = [threading.Thread(target=self._work, args=(name,), daemon=True,
                                         name=f"civtable-bot-{name}-{i}")
                        for name, n in threads.items() for i in range(max(1, n))]
        for w in self.workers:
            w.start()

    def submit(self, gid: str, lane: str) -> None:
        """Queue game ``gid`` in ``lane`` (once: a game already queued or deciding keeps its place)."""
        with self.cond:
            if self.stopping:
                return
            if gid in self.held:
                self.again.add(gid)
                return
            self.held.add(gid)
            self.queues[lane].append(gid)
            self.cond.notify_all()

    def holds(self, gid: str) -> bool:
        """Whether game ``gid`` is queued or deciding."""
        with self.cond:
            return gid in self.held

    def waiting(self) -> dict[str, int]:
        """How many games wait in each lane."""
        with self.cond:
            return {name: len(q) for name, q in self.queues.items()}

    def close(self) -> None:
        with self.cond:
            self.stopping = True
            for q in self.queues.values():
                q.clear()
            self.cond.notify_all()

    def _work(self, name: str) -> None:
        queue = self.queues[name]
        while True:
            with self.cond:
                while not queue and not self.stopping:
                    self.cond.wait()
                if self.stopping:
                    return
                gid = queue.popleft()
            nxt = self.step(gid)
            while True:
                with self.cond:
                    if self.stopping:
                        self.held.discard(gid)
                        return
                    if nxt is not None:
                        self.again.discard(gid)
                        self.queues[nxt].append(gid)
                        self.cond.notify_all()
                        break
                    if gid not in self.again or self.lane_of is None:
                        self.again.discard(gid)
                        self.held.discard(gid)
                        break
                    self.again.discard(gid)
                nxt = self.lane_of(gid)
