"""Workers end with their parent, and a killed batch leaves its records marked partial."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

if not sys.platform.startswith("linux"):
    pytest.skip("reads /proc to find the workers", allow_module_level=True)


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_batch(folder: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "civtable", "simulate", "catan-deckbuilding", "--players", "greedy,greedy",
           "--games", "200000", "--workers", "2", "--seed", "1", "--records", str(folder), "-q"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for_records(folder: Path, proc: subprocess.Popen[bytes]) -> list[int]:
    deadline = time.time() + 60
    while time.time() < deadline:
        manifest = folder / "manifest.jsonl"
        if manifest.exists() and manifest.read_text().count('"record"') >= 2:
            workers = children(proc.pid)
            if len(workers) >= 2:
                return workers
        time.sleep(0.1)
    raise AssertionError("the batch did not start writing records")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_their_parent(tmp_path: Path, how: signal.Signals) -> None:
    folder = tmp_path / "recs"
    proc = start_batch(folder)
    try:
        workers = wait_for_records(folder, proc)
        os.kill(proc.pid, how)
        proc.wait(timeout=30)
        deadline = time.time() + 10
        while time.time() < deadline and any(alive(w) for w in workers):
            time.sleep(0.1)
        assert not any(alive(w) for w in workers), f"workers still running after the parent got {how.name}"
    finally:
        for w in children(proc.pid):
            os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
    lines = [json.loads(line) for line in (folder / "manifest.jsonl").read_text().splitlines()]
    assert lines[0]["type"] == "batch" and lines[-1]["type"] != "complete"  # marked partial
    listed = [m["file"] for m in lines if m["type"] == "record"]
    for name in listed:  # every record the manifest lists is whole
        text = (folder / name).read_text()
        assert text.endswith("\n") and '"type": "result"' in text
    assert not list(folder.glob("*.tmp"))


def test_an_unwritable_records_folder_is_refused_before_the_first_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = subprocess.run([sys.executable, "-m", "civtable", "simulate", "catan-deckbuilding", "--players",
                           "greedy,greedy", "--games", "100000", "--records", str(blocker / "sub"), "-q"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("civtable: error: cannot write records in") and done.stdout == ""
