"""A civtable server in a subprocess on a free port (for tests that kill it)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    def __init__(self, db: Path, port: int | None = None, args: tuple[str, ...] = ("--create-rate", "0")) -> None:
        """``args``: more options of ``civtable serve`` (by default no limit on the games
        a client creates a minute: the tests create many from one address)."""
        self.db = db
        self.port = port or free_port()
        self.args = args
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        self.proc = subprocess.Popen([sys.executable, "-m", "civtable", "serve", "--port", str(self.port),
                                      "--db", f"sqlite:///{self.db}", *self.args], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if httpx.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server did not start: " + (self.proc.stderr.read(2000).decode()
                                                           if self.proc.stderr else ""))

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
