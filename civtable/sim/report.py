"""Showing a batch summary: a table to read at a glance, and JSON to process."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from civtable.core.errors import CivtableError


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}% - {100 * ci[1]:.1f}%"


def _num(x: float) -> str:
    return f"{x:g}" if float(x).is_integer() else f"{x:.1f}"


def _fig(x: float) -> str:
    """A game figure of any scale, to about three significant digits."""
    return f"{x:,.1f}" if abs(x) >= 100 else f"{x:.3g}"


def figures_table(figures: dict[str, dict[str, Any]]) -> Table:
    """The game's own figures: a name ending in ``_share`` is shown as a percentage."""
    table = Table(title="Game figures (mean over games, 95% CI)", title_justify="left")
    table.add_column("Figure")
    table.add_column("Mean", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Games", justify="right")
    for name, row in figures.items():
        share = name.endswith("_share")
        ci = row.get("ci95")
        if ci is None:
            interval = "n/a"
        elif share:
            interval = _ci(ci)
        else:
            interval = f"{_fig(ci[0])} - {_fig(ci[1])}"
        table.add_row(escape(name.replace("_", " ")), _pct(row["mean"]) if share else _fig(row["mean"]),
                      interval, str(row["n"]))
    return table


def print_summary(summary: dict[str, Any], console: Console | None = None) -> None:
    """The table of wins per seat (and per bot when a bot sits in several seats), then
    draws, game length and speed, then the game's own figures when it reports any."""
    console = console or Console()
    n = summary["games"]
    variants = summary.get("variants", summary["options"])
    rules = ", ".join(f"{k}={v}" for k, v in variants.items()) or "default"
    console.print(escape(f"{summary['game']}: {n} games, seed {summary['seed']}"), highlight=False)
    if summary.get("partial"):
        console.print(escape(f"Interrupted: the figures of the {n} games finished of {summary['games_planned']} "
                             "(partial)"), style="bold", highlight=False)
    console.print(escape(f"Rules: {rules}"), highlight=False)
    solo = summary.get("solo")
    if solo is not None:  # one seat: the game is survived or lost, never drawn
        table = Table()
        for column, justify in (("Bot", "left"), ("Survived", "right"), ("Rate", "right"), ("95% CI", "right"),
                                ("Lost", "right")):
            table.add_column(column, justify=justify)  # type: ignore[arg-type]
        row = solo["survived"]
        table.add_row(escape(summary["players"][0]), str(row["wins"]), _pct(row["win_rate"]), _ci(row["ci95"]),
                      str(solo["lost"]))
        console.print(table)
    else:
        table = Table()
        table.add_column("Seat", justify="right")
        table.add_column("Bot")
        table.add_column("Wins", justify="right")
        table.add_column("Win rate", justify="right")
        table.add_column("95% CI", justify="right")
        for row in summary["per_player"]:
            table.add_row(str(row["seat"]), escape(row["bot"]), str(row["wins"]), _pct(row["win_rate"]),
                          _ci(row["ci95"]))
        console.print(table)

    if solo is None and len(summary["per_bot"]) < len(summary["per_player"]):
        bots = Table(title="Per bot (all seats)", title_justify="left")
        for name, justify in (("Bot", "left"), ("Wins", "right"), ("Games", "right"),
                              ("Win rate", "right"), ("95% CI", "right")):
            bots.add_column(name, justify=justify)  # type: ignore[arg-type]
        for bot, row in summary["per_bot"].items():
            bots.add_row(escape(bot), str(row["wins"]), str(row["games"]), _pct(row["win_rate"]), _ci(row["ci95"]))
        console.print(bots)

    lines = [] if solo is not None else [f"Draws: {summary['draws']} ({_pct(summary['draw_rate'])})"]
    if summary.get("unfinished"):
        lines.append(f"Unfinished (step limit {summary['max_steps']}): {summary['unfinished']}")
    first = summary.get("first_player")
    if first:
        lines.append(
            f"First player won {_pct(first['win_rate'])} (95% CI {_ci(first['ci95'])}) of {first['games']} games"
        )
    t = summary["turns"]
    lines.append(
        f"Game length: mean {t['mean']:.1f} turns, median {_num(t['median'])}, "
        f"min {t['min']}, max {t['max']} (mean {summary['steps']['mean']:.1f} actions)"
    )
    rate = summary.get("games_per_second")
    speed = f"{rate:.1f} games/s" if rate else "n/a games/s"
    workers = summary["workers"]
    lines.append(f"Speed: {speed} ({summary['seconds']:.2f} s, {workers} worker{'s' if workers != 1 else ''})")
    for line in lines:
        console.print(escape(line), highlight=False)

    if summary.get("game_stats"):
        console.print(figures_table(summary["game_stats"]))
    if summary.get("items"):
        console.print(items_table(summary["items"]))


def items_table(items: dict[str, dict[str, Any]]) -> Table:
    """Per item (e.g. an advance): how often players held it and how its holders did,
    most often held first."""
    table = Table(title="Items held at the end (holders' win rate, 95% CI)", title_justify="left")
    for name, justify in (("Item", "left"), ("Held", "right"), ("Of players", "right"), ("Holders won", "right"),
                          ("95% CI", "right"), ("Others won", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for name, row in sorted(items.items(), key=lambda kv: (-kv[1]["held"], kv[0])):
        rate = "n/a" if row["win_rate"] is None else _pct(row["win_rate"])
        ci = "n/a" if row["ci95"] is None else _ci(row["ci95"])
        other = "n/a" if row["win_rate_without"] is None else _pct(row["win_rate_without"])
        table.add_row(escape(name), str(row["held"]), _pct(row["held_share"]), rate, ci, other)
    return table


def _elo(x: float) -> str:
    return f"{x:+.0f}" if round(x) else "0"


def print_ladder(summary: dict[str, Any], console: Console | None = None) -> None:
    """The bots by Elo (with 95% intervals, games and overall score), then the
    win-rate matrix: each cell is the row bot's score against the column bot."""
    console = console or Console()
    variants = summary.get("variants", {})
    console.print(escape(
        f"{summary['game']} ladder: {len(summary['bots'])} bots, {summary['seats']} seat{'' if summary['seats'] == 1 else 's'}, "
        f"{summary['games']} games, seed {summary['seed']}"), highlight=False)
    table = Table(title=f"Elo ({summary['anchor']} = 0; 95% CI by bootstrap)", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Bot")
    for column in ("Elo", "95% CI", "Games", "Score"):
        table.add_column(column, justify="right")
    for rank, bot in enumerate(summary["ranking"], 1):
        row = summary["elo"][bot]
        lo, hi = row["ci95"]
        score = "n/a" if row["score"] is None else _pct(row["score"])
        table.add_row(str(rank), escape(bot), _elo(row["rating"]), f"{_elo(lo)} .. {_elo(hi)}",
                      str(row["games"]), score)
    console.print(table)

    order = summary["ranking"]
    matrix = Table(title="Score of the row bot against the column bot (95% CI)", title_justify="left")
    matrix.add_column("")
    for bot in order:
        matrix.add_column(escape(bot), justify="right")
    for bot in order:
        cells = []
        for other in order:
            cell = summary["matrix"][bot].get(other)
            if cell is None:
                cells.append("-")
            elif cell["score"] is None:
                cells.append("n/a")
            else:
                cells.append(f"{_pct(cell['score'])} ({_ci(cell['ci95'])}, n={cell['games']})")
        matrix.add_row(escape(bot), *cells)
    console.print(matrix)
    if summary["seats"] == 1:  # a solo game: each bot's own record says most
        for bot in order:
            row = summary["elo"][bot]
            console.print(escape(f"{bot}: won {row['wins']} of {row['games']} games "
                                 f"({_pct(row['win_rate'])}, 95% CI {_ci(row['win_ci95'])})"), highlight=False)
        lines = [f"Games without a win: {summary['draws']} of {summary['games']}; in each round every bot plays the same seed"]
    else:
        lines = [f"Draws: {summary['draws']} of {summary['games']} games"]
    if summary.get("unfinished"):
        lines.append(f"Unfinished: {summary['unfinished']}")
    lines.append("Rules: " + (", ".join(f"{k}={v}" for k, v in variants.items()) or "default"))
    if any(row["ci95"][0] == row["ci95"][1] for bot, row in summary["elo"].items() if bot != summary["anchor"]):
        lines.append("A zero-width Elo interval means every bootstrap resample gave the same result "
                     "(one bot won every game of a pairing); read the matrix's intervals instead.")
    for line in lines:
        console.print(escape(line), highlight=False)


def check_output(path: str | Path, force: bool = False) -> Path:
    """Refuse, before a long run, a file that exists (without ``force``) or cannot be created."""
    path = Path(path)
    if path.is_dir():
        raise CivtableError(f"{path} is a directory, not a file")
    if path.exists() and not force:
        raise CivtableError(f"{path} already exists; use --force to overwrite it")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise CivtableError(f"cannot write {path}: directory {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise CivtableError(f"cannot write {path}: directory {parent} is not writable")
    return path


def write_json(summary: dict[str, Any], path: str | Path, force: bool = False) -> None:
    """Write the summary as JSON; an existing file is kept unless ``force``.

    The file is written beside its target and renamed, so a failure never leaves a
    half-written file behind.
    """
    path = check_output(path, force)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise CivtableError(f"cannot write {path}: {e.strerror or e}") from None
