"""Every game of a run as data (``--csv FILE``, ``--records DIR``) for ``simulate``,
``compare``, ``value`` and ``sweep``: a spreadsheet or pandas pivots it (docs/cli.md).

The CSV has one row per game and seat: the batch (a variant, a treatment of
``value``, a point of a sweep), its rule variant, the item given and to which seat,
the game's number and seed, the seat, its bot and civilization, the final score,
rank, whether it won, whether the game finished, its length, then the game's own
figures (one column each, empty where a game did not report it). Rows come in game
order whatever the number of workers (a small reorder buffer), through a temporary
file beside the target that is renamed at the end, so nothing half-written is left
and an existing file is kept unless ``--force``. Records go in one folder per batch
(``RecordSet``: a manifest of the complete ones).
"""

from __future__ import annotations

import csv
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from civtable.core.errors import CivtableError
from civtable.core.game import Game

from .recordset import MANIFEST, RecordSet
from .report import check_output
from .runner import GameResult, load_game_for, seat_civilizations
from .stats import variants_of
from .tasks import OnResult

COLUMNS = ("batch", "variant", "item", "item_seat", "game", "seed", "seat", "bot", "civilization", "score", "rank",
           "won", "finished", "turns", "steps")


class Sink(Protocol):
    """What a command that plays batches hands every game to."""

    records: Path | None

    def start(self, label: str, game: str, options: dict[str, Any], players: Sequence[str], games: int, seed: int,
              item: str = "", item_seat: str = "", shown: dict[str, Any] | None = None) -> OnResult | None: ...

    def end(self, partial: bool) -> None: ...


def ranks(result: GameResult) -> list[int]:
    """Each seat's rank (1 the best): winners first, then by final score (or return),
    ties sharing the better rank."""
    score = result.scores if result.scores is not None else result.returns
    key = [(p in result.winners, score[p] if p < len(score) else 0.0) for p in range(len(result.returns))]
    return [1 + sum(1 for other in key if other > mine) for mine in key]


def rows(result: GameResult, index: int, context: dict[str, str], civs: list[str] | None = None,
         ) -> list[dict[str, Any]]:
    """The CSV rows of one game (one per seat), before the game's own figures are spread
    into columns (``stats``); ``civs``: the seats' civilizations."""
    out = []
    score = result.scores if result.scores is not None else result.returns
    rank = ranks(result)
    for p, bot in enumerate(result.players or [""] * len(result.returns)):
        out.append({**context, "game": index + 1, "seed": result.seed, "seat": p, "bot": bot,
                    "civilization": civs[p] if civs and p < len(civs) else "",
                    "score": score[p] if p < len(score) else "", "rank": rank[p] if result.finished else "",
                    "won": int(p in result.winners), "finished": int(result.finished), "turns": result.turns,
                    "steps": result.steps, "stats": result.stats})
    return out


def folder_name(label: str, k: int) -> str:
    """A batch's records folder: its number and its label made safe for a file name."""
    safe = re.sub(r"[^A-Za-z0-9._=-]+", "_", label).strip("_.")[:60] or "batch"
    return f"{k + 1:02d}-{safe}"


class Exports:
    """``--csv`` and ``--records`` of one run: checked before any game (``check``), fed
    game by game (``start`` a batch, its games in any order, ``end`` it), written at
    ``close``; ``nested`` puts each batch's records in a folder of its own."""

    def __init__(self, csv_path: str | None, records: str | None, force: bool, nested: bool) -> None:
        self.csv = check_output(csv_path, force) if csv_path else None
        self.records = Path(records) if records else None
        self.force = force
        self.nested = nested
        if self.records is not None:
            check_folder(self.records, force)
        self.batches = 0
        self.written = 0
        self.sets: list[RecordSet] = []
        self.current: RecordSet | None = None
        self.figures: dict[str, None] = {}
        self.tmp = self.csv.with_name(self.csv.name + ".rows.tmp") if self.csv is not None else None
        self.stream: Any = None
        self.pending: dict[int, GameResult] = {}
        self.next = 0
        self.context: dict[str, str] = {}
        self.game: Game | None = None
        self.civs_known = True

    def start(self, label: str, game: str, options: dict[str, Any], players: Sequence[str], games: int, seed: int,
              item: str = "", item_seat: str = "", shown: dict[str, Any] | None = None) -> OnResult | None:
        """A batch begins: the callback that takes each of its games. ``shown`` is what the
        CSV says the batch's options are (a sweep's setting, not its temporary file)."""
        self._flush(everything=True)
        said = variants_of(game, options) if shown is None else shown
        self.context = {"batch": label, "variant": ",".join(f"{k}={v}" for k, v in said.items()
                                                            if k != "players" and v not in ("", None)) or "default",
                        "item": item, "item_seat": item_seat}
        self.game = load_game_for(game, options, len(players)) if self.csv is not None else None
        self.civs_known = True  # until a game shows that this game's seats are not civilizations
        self.pending, self.next = {}, 0
        if self.records is not None:
            folder = self.records / folder_name(label, self.batches) if self.nested else self.records
            self.current = RecordSet(folder, games, self.force, {"batch": label, "game": game, "options": said,
                                                                 "players": list(players), "games": games,
                                                                 "seed": seed, "item": item, "item_seat": item_seat})
            self.sets.append(self.current)
        self.batches += 1
        if self.csv is None and self.current is None:
            return None
        return self.add

    def add(self, index: int, result: GameResult) -> None:
        if self.current is not None:
            self.current.add(index, result)
        if self.csv is not None:
            self.pending[index] = result
            self._flush()

    def _flush(self, everything: bool = False) -> None:
        """Write the rows of the games whose predecessors are all written (all of them at
        the end of a batch)."""
        if self.csv is None or not self.pending:
            return
        if self.stream is None:
            assert self.tmp is not None
            try:
                self.stream = self.tmp.open("w", encoding="utf-8")
            except OSError as e:
                raise CivtableError(f"cannot write {self.csv}: {e.strerror or e}") from None
        order = sorted(self.pending) if everything else []
        if not everything:
            while self.next in self.pending:
                order.append(self.next)
                self.next += 1
        for i in order:
            result = self.pending.pop(i)
            for name in result.stats:
                self.figures.setdefault(name, None)
            civs = None
            if self.civs_known and self.game is not None:
                civs = seat_civilizations(self.game, result.seed)
                self.civs_known = civs is not None
            for row in rows(result, i, civs=civs, context=self.context):
                self.stream.write(json.dumps(row) + "\n")

    def end(self, partial: bool) -> None:
        """The batch is over (``partial``: interrupted)."""
        self._flush(everything=True)
        if self.current is not None:
            if partial:
                self.current.abandon()
            else:
                self.current.finish()
            self.written += self.current.written
            self.current = None

    def close(self) -> None:
        """Write the CSV (rows in batch and game order, a column per game figure)."""
        if self.csv is None:
            return
        self._flush(everything=True)
        if self.stream is None:
            self.stream = self.tmp.open("w", encoding="utf-8") if self.tmp is not None else None
        if self.stream is not None:
            self.stream.close()
        assert self.tmp is not None
        names = sorted(self.figures)
        headers = list(COLUMNS) + [n if n not in COLUMNS else f"figure_{n}" for n in names]
        out = self.csv.with_name(self.csv.name + ".tmp")
        try:
            with self.tmp.open(encoding="utf-8") as lines, out.open("w", encoding="utf-8", newline="") as f:
                writer = csv.writer(f)
                writer.writerow(headers)
                for line in lines:
                    row = json.loads(line)
                    stats = row.pop("stats")
                    writer.writerow([row[c] for c in COLUMNS] + [stats.get(n, "") for n in names])
            os.replace(out, self.csv)
        except OSError as e:
            out.unlink(missing_ok=True)
            raise CivtableError(f"cannot write {self.csv}: {e.strerror or e}") from None
        finally:
            self.tmp.unlink(missing_ok=True)

    def abandon(self) -> None:
        """Stopped by an error: the records keep their manifests, no CSV is left."""
        if self.current is not None:
            self.current.abandon()
            self.current = None
        if self.stream is not None:
            self.stream.close()
        if self.tmp is not None:
            self.tmp.unlink(missing_ok=True)


def check_folder(folder: Path, force: bool) -> None:
    """A records folder that can be written and holds no records of ours (without
    ``force``); nothing is created here."""
    if folder.exists() and not folder.is_dir():
        raise CivtableError(f"{folder} is a file, not a directory for records")
    if folder.is_dir() and not force:
        ours = [p for p in sorted(folder.iterdir())
                if p.name == MANIFEST or re.fullmatch(r"game-\d{5}\.jsonl|\d{2}-.+", p.name)]
        if ours:
            raise CivtableError(f"{ours[0]} already exists; use --force to overwrite records")
    parent = folder if folder.is_dir() else folder.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not os.access(parent, os.W_OK):
        raise CivtableError(f"cannot write records in {folder}: permission denied")
