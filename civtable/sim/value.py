"""Causal item values (``civtable value``): what a card or advance is worth, measured
by changing the game rather than by watching who held it.

For an item and a seat, the same games (same seeds, same bots) are played twice:
as they are, and with the seat starting with the item (``Game.give_item``). The
difference of the seat's wins, game by game, is the item's value to that seat
(Newcombe's interval for paired proportions); the seats' paired differences are
pooled into one figure whose 95% interval is clustered by game (Newcombe's over
every seat and game, widened by the design effect: the seats of one seed share its
base game). The items' values are one family:
their p-values are Holm-adjusted and only a value that survives is starred. With
``remove``, the item is taken out of the game for everybody and every seat's win
rate and the game length are compared instead.

Beside it stands the observational figure the simulator already reports: the win
rate of the players who held the item at the end. The two differ because holding
is not chosen at random: the players who are winning can afford more, and an item
bought late is held by whoever was ahead. Giving the item to a seat fixed in
advance, on the same seeds, isolates what the item itself changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from civtable.core.errors import CivtableError, OptionError
from civtable.i18n import N_

from .batch import BatchResult, check_batch, simulate
from .export import Sink
from .methods import adjust, paired_binary, paired_mean, pooled_binary, sig, wilson
from .names import resolve_items
from .stats import item_figures

_sig = sig

WHY = N_("The holders' win rate is observational: strong players buy more and whoever leads holds what was "
         "bought late, so holding goes with winning whatever the item does. The causal value gives the item "
         "at the start to a seat chosen in advance, on the same seeds, so only the item differs.")
"""Why the causal value and the holders' win rate differ (a message: shown in the reader's language)."""


def check_items(game_id: str, options: dict[str, Any], specs: list[str], items: Sequence[str],
                remove: bool = False) -> list[str]:
    """Every item exists (a sentence naming the valid ones otherwise); returns them as
    the game spells them (``names.resolve_items``: any case, spaces or underscores)."""
    game = check_batch(game_id, options, specs, 1)
    if not items:
        raise CivtableError("name at least one --item")
    found = resolve_items(game, items)
    for item in found:
        try:
            game.give_item(game.new_state(seed=0), item, None if remove else 0)
        except OptionError as e:
            raise CivtableError(str(e)) from None
    return list(dict.fromkeys(found))


def _wins(batch: BatchResult, seat: int) -> dict[int, float]:
    return {r.seed: float(seat in r.winners) for r in batch.results if r.finished}


def value(game_id: str, options: dict[str, Any], specs: list[str], items: Sequence[str], games: int, seed: int,
          seats: Sequence[int] | None = None, remove: bool = False, workers: int = 1,
          progress: Callable[[int, int], None] | None = None, max_steps: int | None = None,
          backend: str = "process", address: str | None = None, sink: Sink | None = None) -> dict[str, Any]:
    """The causal value of each item (see the module's text), with the observational
    figure of the baseline games beside it; ``sink`` receives every game (``--csv``,
    ``--records``)."""
    items = check_items(game_id, options, specs, items, remove)
    n = len(specs)
    seats = list(range(n)) if seats is None else list(seats)
    for s in seats:
        if not 0 <= s < n:
            raise CivtableError(f"there is no seat {s} in a {n}-player game")
    runs: list[tuple[str, int | None]] = [(item, None) for item in items] if remove else \
        [(item, s) for item in items for s in seats]
    total = games * (1 + len(runs))
    done_before = [0]

    def step() -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        at = done_before[0]
        return lambda done, _n: progress(at + done, total)

    def batch(give: tuple[str, int | None] | None) -> BatchResult:
        on_result = None
        if sink is not None:
            name = "base" if give is None else (f"remove {give[0]}" if give[1] is None else
                                                f"give {give[0]} to seat {give[1]}")
            on_result = sink.start(name, game_id, options, specs, games, seed, "" if give is None else give[0],
                                   "" if give is None else ("removed" if give[1] is None else str(give[1])))
        try:
            b = simulate(game_id, options, specs, games, seed, workers=workers, progress=step(),
                         max_steps=max_steps, backend=backend, address=address, give=give, on_result=on_result,
                         keep_records=sink is not None and sink.records is not None)
        except BaseException:
            if sink is not None:
                sink.end(True)
            raise
        if sink is not None:
            sink.end(b.partial)
        done_before[0] += games
        if b.partial:
            raise KeyboardInterrupt
        return b

    base = batch(None)
    observed = item_figures(base.results, n)
    rows: list[dict[str, Any]] = []
    try:
        _rows(rows, items, seats, remove, base, batch, observed, n)
    except KeyboardInterrupt:
        if not rows:
            raise
    partial = len(rows) < len(items)
    family = adjust([d for r in rows for d in ([*r["by_seat"], r["turns"]] if remove else [r["value"]])])
    wins = sum(len(r.winners) for r in base.results if r.finished)
    finished = sum(1 for r in base.results if r.finished)
    return {
        "format": "civtable-value",
        "game": game_id,
        "options": dict(base.options),
        "players": list(specs),
        "games": games,
        "finished": finished,
        "seed": seed,
        "mode": "remove" if remove else "give",
        "seats": seats,
        "partial": partial,
        "items_planned": list(items),
        "mean_win_rate": _sig(wins / (finished * n)) if finished else None,
        "mean_win_rate_fixed": True,
        "items": rows,
        "family": family,
        "adjustment": "holm",
        "why": WHY,
    }


def _rows(rows: list[dict[str, Any]], items: Sequence[str], seats: list[int], remove: bool, base: BatchResult,
          batch: Callable[[tuple[str, int | None] | None], BatchResult], observed: dict[str, Any], n: int) -> None:
    """One row per item, appended when complete (an interruption keeps the rows done).

    A seat's value is a paired difference of proportions (Newcombe's interval over the
    games finished in both). The value pooled over the seats is clustered by game
    (``methods.pooled_binary``: the seats of one seed share its base game)."""
    for item in items:
        row: dict[str, Any] = {"item": item, "observed": observed.get(item)}
        if remove:
            treated = batch((item, None))
            by_seat = []
            for s in range(n):
                a, b = _wins(base, s), _wins(treated, s)
                entry = paired_binary([(a[k], b[k]) for k in a if k in b])
                entry["seat"] = s
                by_seat.append(entry)
            turns_a = {r.seed: r.turns for r in base.results if r.finished}
            row["by_seat"] = by_seat
            row["turns"] = paired_mean([r.turns - turns_a[r.seed] for r in treated.results
                                        if r.finished and r.seed in turns_a])
        else:
            per_game: dict[int, list[tuple[float, float]]] = {}
            by_seat = []
            for s in seats:
                treated = batch((item, s))
                a, b = _wins(base, s), _wins(treated, s)
                both = [k for k in a if k in b]
                for k in both:
                    per_game.setdefault(k, []).append((a[k], b[k]))
                entry = paired_binary([(a[k], b[k]) for k in both])
                entry["seat"] = s
                base_wins = int(sum(a.values()))
                lo, hi = wilson(base_wins, len(a))
                entry["base_win_rate"] = _sig(base_wins / len(a)) if a else None
                entry["base_ci95"] = [_sig(lo), _sig(hi)] if a else None
                entry["base_games"] = len(a)
                by_seat.append(entry)
            row["by_seat"] = by_seat
            if len(seats) == 1:  # one seat: the proportion's own interval
                pooled = {k: v for k, v in by_seat[0].items() if not k.startswith("base") and k != "seat"}
            else:
                pooled = pooled_binary(list(per_game.values()))
            row["value"] = pooled
        rows.append(row)
