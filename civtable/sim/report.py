"""Showing a batch summary: a table to read at a glance (in the reader's language:
``tr``, numbers written its way), and JSON to process."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from civtable.core.errors import CivtableError
from civtable.i18n import ENGLISH, NP_, Translator

from .botstats import print_llm


def _pct(x: float, tr: Translator = ENGLISH) -> str:
    """``0.523`` -> "52.3%" (rounded as English rounds it, then written the language's way)."""
    return tr.percent(x if tr.english else float(f"{100 * x:.1f}") / 100)


def _ci(ci: list[float], tr: Translator = ENGLISH) -> str:
    return f"{_pct(ci[0], tr)} - {_pct(ci[1], tr)}"


def _num(x: float, tr: Translator = ENGLISH) -> str:
    if not tr.english:
        return str(tr.number(x if float(x).is_integer() else round(x, 1)))
    return f"{x:g}" if float(x).is_integer() else f"{x:.1f}"


def _dec(x: float, tr: Translator = ENGLISH, digits: int = 1) -> str:
    """A number with ``digits`` decimals (the language's way in the others)."""
    return f"{x:.{digits}f}" if tr.english else str(tr.number(round(x, digits)))


def _fig(x: float, tr: Translator = ENGLISH) -> str:
    """A game figure of any scale, to about three significant digits."""
    if not tr.english:
        return str(tr.number(round(x, 1) if abs(x) >= 100 else float(f"{x:.3g}")))
    return f"{x:,.1f}" if abs(x) >= 100 else f"{x:.3g}"


def _rules(variants: dict[str, Any], tr: Translator) -> str:
    return ", ".join(f"{k}={v}" for k, v in variants.items()) or tr.pt("rules", "default")


def _columns(table: Table, columns: tuple[tuple[str, str], ...], tr: Translator) -> None:
    """Columns (English name, justification) in the reader's language."""
    for column, justify in columns:
        table.add_column(escape(column_name(column, tr)), justify=justify)  # type: ignore[arg-type]


def column_name(column: str, tr: Translator = ENGLISH) -> str:
    """A table column's name (the context "table column": a game's catalog may use the
    same English word otherwise)."""
    return tr.pgettext(COLUMN, column) if column else ""


COLUMN = "table column"
CI95 = NP_("table column", "95% CI")
BOT, GAMES, WINS = NP_("table column", "Bot"), NP_("table column", "Games"), NP_("table column", "Wins")
WIN_RATE = NP_("table column", "Win rate")
FIGURE_COLUMNS = ((NP_("table column", "Figure"), "left"), (NP_("table column", "Mean"), "right"), (CI95, "right"),
                  (GAMES, "right"))
SOLO_COLUMNS = ((BOT, "left"), (NP_("table column", "Survived"), "right"), (NP_("table column", "Rate"), "right"),
                (CI95, "right"), (NP_("table column", "Lost"), "right"))
SEAT_COLUMNS = ((NP_("table column", "Seat"), "right"), (BOT, "left"), (WINS, "right"), (WIN_RATE, "right"),
                (CI95, "right"))
BOT_COLUMNS = ((BOT, "left"), (WINS, "right"), (GAMES, "right"), (WIN_RATE, "right"), (CI95, "right"))
CIVILIZATION = NP_("table column", "Civilization")
ITEM_COLUMNS = ((NP_("table column", "Item"), "left"), (NP_("table column", "Held"), "right"),
                (NP_("table column", "Of players"), "right"), (NP_("table column", "Holders won"), "right"),
                (CI95, "right"), (NP_("table column", "Others won"), "right"))
ELO_COLUMNS = ((NP_("table column", "#"), "right"), (BOT, "left"), (NP_("table column", "Elo"), "right"),
               (CI95, "right"), (GAMES, "right"), (NP_("table column", "Score"), "right"))


def figures_table(figures: dict[str, dict[str, Any]], tr: Translator = ENGLISH) -> Table:
    """The game's own figures: a name ending in ``_share`` is shown as a percentage."""
    table = Table(title=escape(tr.t("Game figures (mean over games, 95% CI)")), title_justify="left")
    _columns(table, FIGURE_COLUMNS, tr)
    for name, row in figures.items():
        share = name.endswith("_share")
        ci = row.get("ci95")
        if ci is None:
            interval = tr.t("n/a")
        elif share:
            interval = _ci(ci, tr)
        else:
            interval = f"{_fig(ci[0], tr)} - {_fig(ci[1], tr)}"
        table.add_row(escape(name.replace("_", " ")), _pct(row["mean"], tr) if share else _fig(row["mean"], tr),
                      interval, str(tr.number(row["n"])))
    return table


def _pct_or(x: float | None, tr: Translator = ENGLISH) -> str:
    return tr.t("n/a") if x is None else _pct(x, tr)


def _ci_or(ci: list[float] | None, tr: Translator = ENGLISH) -> str:
    return tr.t("n/a") if ci is None else _ci(ci, tr)


def print_summary(summary: dict[str, Any], console: Console | None = None, tr: Translator = ENGLISH) -> None:
    """The table of wins per seat (and per bot when a bot sits in several seats), then
    draws, game length and speed, then the game's own figures and items, then the
    warnings (``notes.simulation``); every rate says its denominator, the finished
    games; in ``tr``'s language."""
    from .notes import simulation

    console = console or Console()
    n = summary["games"]
    done = summary.get("finished", n)
    variants = summary.get("variants", summary["options"])
    head = tr.t("{game}: {n} games, seed {seed}", game=summary["game"], n=n, seed=str(summary["seed"]))
    if summary.get("unfinished"):
        head += " " + tr.t("({finished} finished, {unfinished} unfinished)", finished=done,
                           unfinished=summary["unfinished"])
    console.print(escape(head), highlight=False)
    if summary.get("partial"):
        console.print(escape(tr.t("Interrupted: the figures of the {n} games finished of {planned} (partial)", n=n,
                                  planned=summary["games_planned"])), style="bold", highlight=False)
    console.print(escape(tr.t("Rules: {rules}", rules=_rules(variants, tr))), highlight=False)
    solo = summary.get("solo")
    over = tr.nt("Wins over {n} finished game", "Wins over {n} finished games", done)
    if solo is not None:  # one seat: the game is survived or lost, never drawn
        table = Table(title=escape(over), title_justify="left")
        _columns(table, SOLO_COLUMNS, tr)
        row = solo["survived"]
        table.add_row(escape(summary["players"][0]), str(tr.number(row["wins"])), _pct_or(row["win_rate"], tr),
                      _ci_or(row["ci95"], tr), str(tr.number(solo["lost"])))
        console.print(table)
    else:
        table = Table(title=escape(over), title_justify="left")
        civ = any("civilization" in row for row in summary["per_player"])
        columns = SEAT_COLUMNS[:2] + ((CIVILIZATION, "left"),) + SEAT_COLUMNS[2:] if civ else SEAT_COLUMNS
        _columns(table, columns, tr)
        for row in summary["per_player"]:
            cells = [str(row["seat"]), escape(row["bot"])]
            if civ:
                cells.append(escape(str(row.get("civilization") or "")))
            table.add_row(*cells, str(tr.number(row["wins"])), _pct_or(row["win_rate"], tr), _ci_or(row["ci95"], tr))
        console.print(table)

    if solo is None and len(summary["per_bot"]) < len(summary["per_player"]):
        bots = Table(title=escape(tr.t("Per bot (all its seats; seat-games of finished games)")), title_justify="left")
        _columns(bots, BOT_COLUMNS, tr)
        for bot, row in summary["per_bot"].items():
            ci = tr.t("fixed by construction") if row.get("fixed") else _ci_or(row["ci95"], tr)
            bots.add_row(escape(bot), str(tr.number(row["wins"])), str(tr.number(row["games"])),
                         _pct_or(row["win_rate"], tr), ci)
        console.print(bots)

    lines = [] if solo is not None or summary.get("draw_rate") is None else [
        tr.t("Draws: {n} of {games} finished games ({rate})", n=summary["draws"], games=done,
             rate=_pct(summary["draw_rate"], tr))]
    first = summary.get("first_player")
    if first:
        lines.append(tr.t("First player won {rate} (95% CI {ci}) of {n} games", rate=_pct(first["win_rate"], tr),
                          ci=_ci(first["ci95"], tr), n=first["games"]))
    t = summary["turns"]
    if t.get("n", done):
        lines.append(tr.t("Game length over {n} finished games: mean {mean} turns (95% CI {ci}), median {median}, "
                          "min {low}, max {high} (mean {actions} actions)", n=t.get("n", done),
                          mean=_dec(t["mean"], tr), median=_num(t["median"], tr), low=t["min"], high=t["max"],
                          actions=_dec(summary["steps"]["mean"], tr),
                          ci=tr.t("n/a") if not t.get("ci95") else
                          f"{_dec(t['ci95'][0], tr)} - {_dec(t['ci95'][1], tr)}"))
    rate = summary.get("games_per_second")
    speed = tr.t("{rate} games/s", rate=_dec(rate, tr)) if rate else tr.t("n/a games/s")
    workers = summary["workers"]
    lines.append(tr.nt("Speed: {speed} ({seconds} s, {n} worker)", "Speed: {speed} ({seconds} s, {n} workers)", workers,
                       speed=speed, seconds=_dec(summary["seconds"], tr, 2)))
    for line in lines:
        console.print(escape(line), highlight=False)

    if summary.get("game_stats"):
        console.print(figures_table(summary["game_stats"], tr))
    if summary.get("items"):
        console.print(items_table(summary["items"], tr))
    print_llm(summary.get("llm") or [], console, tr)
    for line in simulation(summary, tr):
        console.print(escape(line), style="yellow", highlight=False)


def items_table(items: dict[str, dict[str, Any]], tr: Translator = ENGLISH) -> Table:
    """Per item (e.g. an advance): how often players held it and how its holders did,
    most often held first; a group below the minimum shows its n, not a rate."""
    table = Table(title=escape(tr.t("Items held at the end (holders' win rate, 95% CI; finished games)")),
                  title_justify="left")
    _columns(table, ITEM_COLUMNS, tr)
    na = tr.t("n/a")
    for name, row in sorted(items.items(), key=lambda kv: (-kv[1]["held"], kv[0])):
        rate = na if row["win_rate"] is None else _pct(row["win_rate"], tr)
        if row["win_rate"] is None and row["held"]:
            rate = tr.t("n={n}, hidden", n=row["held"])
        ci = na if row["ci95"] is None else _ci(row["ci95"], tr)
        other = na if row["win_rate_without"] is None else _pct(row["win_rate_without"], tr)
        if row["win_rate_without"] is None and row.get("others"):
            other = tr.t("n={n}, hidden", n=row["others"])
        table.add_row(escape(name), str(tr.number(row["held"])), _pct(row["held_share"], tr), rate, ci, other)
    return table


def _elo(x: float, tr: Translator = ENGLISH) -> str:
    if not round(x):
        return "0"
    return f"{x:+.0f}" if tr.english else ("+" if x > 0 else "-") + str(tr.number(abs(round(x))))


def print_ladder(summary: dict[str, Any], console: Console | None = None, tr: Translator = ENGLISH) -> None:
    """The bots by Elo (with 95% intervals, games and overall score), then the
    win-rate matrix: each cell is the row bot's score against the column bot; in
    ``tr``'s language."""
    console = console or Console()
    variants = summary.get("variants", {})
    console.print(escape(tr.nt("{game} ladder: {bots} bots, {n} seat, {games} games, seed {seed}",
                               "{game} ladder: {bots} bots, {n} seats, {games} games, seed {seed}", summary["seats"],
                               game=summary["game"], bots=len(summary["bots"]), games=summary["games"],
                               seed=str(summary["seed"]))), highlight=False)
    table = Table(title=escape(tr.t("Elo ({anchor} = 0; 95% CI by bootstrap)", anchor=summary["anchor"])),
                  title_justify="left")
    _columns(table, ELO_COLUMNS, tr)
    na = tr.t("n/a")
    for rank, bot in enumerate(summary["ranking"], 1):
        row = summary["elo"][bot]
        lo, hi = row["ci95"]
        score = na if row["score"] is None else _pct(row["score"], tr)
        table.add_row(str(rank), escape(bot), _elo(row["rating"], tr), f"{_elo(lo, tr)} .. {_elo(hi, tr)}",
                      str(tr.number(row["games"])), score)
    console.print(table)

    order = summary["ranking"]
    matrix = Table(title=escape(tr.t("Score of the row bot against the column bot (95% CI)")), title_justify="left")
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
                cells.append(na)
            else:
                cells.append(tr.t("{score} ({ci}, n={n})", score=_pct(cell["score"], tr), ci=_ci(cell["ci95"], tr),
                                  n=cell["games"]))
        matrix.add_row(escape(bot), *cells)
    console.print(matrix)
    if summary["seats"] == 1:  # a solo game: each bot's own record says most
        for bot in order:
            row = summary["elo"][bot]
            console.print(escape(tr.t("{bot}: won {wins} of {games} games ({rate}, 95% CI {ci})", bot=bot,
                                      wins=row["wins"], games=row["games"], rate=_pct(row["win_rate"], tr),
                                      ci=_ci(row["win_ci95"], tr))), highlight=False)
        lines = [tr.t("Games without a win: {n} of {games}; in each round every bot plays the same seed",
                      n=summary["draws"], games=summary["games"])]
    else:
        lines = [tr.t("Draws: {n} of {games} games", n=summary["draws"], games=summary["games"])]
    if summary.get("unfinished"):
        lines.append(tr.t("Unfinished: {n}", n=summary["unfinished"]))
    lines.append(tr.t("Rules: {rules}", rules=_rules(variants, tr)))
    if any(row["ci95"][0] == row["ci95"][1] for bot, row in summary["elo"].items() if bot != summary["anchor"]):
        lines.append(tr.t("A zero-width Elo interval means every bootstrap resample gave the same result "
                          "(one bot won every game of a pairing); read the matrix's intervals instead."))
    for line in lines:
        console.print(escape(line), highlight=False)
    print_llm(summary.get("llm") or [], console, tr)


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
