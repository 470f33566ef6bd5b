"""The records of a batch (``simulate --records DIR``), streamed to disk.

Each game's record is written as soon as the game ends (results are not held in
memory until the end), directly under its final name, and synced; then its name
is added to ``manifest.jsonl``. The manifest's last line says the batch is
complete; a batch that was killed leaves a manifest without it, listing exactly
the records that are whole. No temporary file is ever left behind. A folder that
cannot be written is refused before the first game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from civtable.core.errors import CivtableError

from .runner import GameResult

MANIFEST = "manifest.jsonl"


def record_name(index: int) -> str:
    return f"game-{index + 1:05d}.jsonl"


class RecordSet:
    """Writes a batch's records into ``folder`` as the games end."""

    def __init__(self, folder: str | Path, games: int, force: bool, header: dict[str, Any]) -> None:
        self.folder = Path(folder)
        self.force = force
        if self.folder.exists() and not self.folder.is_dir():
            raise CivtableError(f"{self.folder} is a file, not a directory for records")
        if not force and self.folder.is_dir():
            taken = [n for n in (MANIFEST, *(record_name(i) for i in range(games))) if (self.folder / n).exists()]
            if taken:
                raise CivtableError(f"{self.folder / taken[0]} already exists; use --force to overwrite records")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.manifest = (self.folder / MANIFEST).open("w", encoding="utf-8")
        except OSError as e:
            raise CivtableError(f"cannot write records in {self.folder}: {e.strerror or e.__class__.__name__}") from None
        self._line({"type": "batch", **header, "complete": False})
        self.written = 0

    def _line(self, data: dict[str, Any]) -> None:
        try:
            self.manifest.write(json.dumps(data, sort_keys=True) + "\n")
            self.manifest.flush()
            os.fsync(self.manifest.fileno())
        except OSError as e:
            raise CivtableError(f"cannot write records in {self.folder}: {e.strerror or e.__class__.__name__}") from None

    def add(self, index: int, result: GameResult) -> None:
        """Write one game's record, then list it in the manifest; its moves are dropped
        from memory."""
        name = record_name(index)
        path = self.folder / name
        try:
            with path.open("w" if self.force else "x", encoding="utf-8") as stream:
                stream.write(result.record().dumps())
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as e:
            path.unlink(missing_ok=True)
            raise CivtableError(f"cannot write record {path}: {e.strerror or e.__class__.__name__}") from None
        self._line({"type": "record", "game": index + 1, "file": name})
        result.moves = None
        self.written += 1

    def finish(self) -> None:
        self._line({"type": "complete", "records": self.written})
        self.manifest.close()

    def abandon(self) -> None:
        """The batch stopped early: the manifest stays without its 'complete' line."""
        if not self.manifest.closed:
            self.manifest.close()
