"""``civtable balance``: a search of rule options and data fields toward a target, with
Optuna's TPE sampler (a well-kept optimiser, seeded so the search is repeatable).

Every trial plays the same seeds (paired: trials differ by their settings, not by the
deal), and its measure of the target is its objective (0: the target is met). The
search's best trials are then played again on fresh seeds, never used by the search,
and the answer is the best of those re-measured points, with its figures and their
intervals from the fresh games alone: a point is never given as the answer from the
numbers that chose it (they are biased toward luck), and never without being played.

Targets:

- ``seat win rates equal``: the spread between the best and the worst seat's win rate;
- ``value of ITEM within +-X points`` (or ``item value within +-X points`` with the
  item named by ``--item`` or by the data path varied): how far the item's causal
  value (``civtable value``: given at the start to each seat in turn) lies outside
  +-X points;
- ``mean length A-B turns`` / ``mean FIGURE A-B``: how far the mean length of the
  finished games (or a figure of the game's own) lies outside [A, B].
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from civtable.core.errors import CivtableError
from civtable.core.rng import derive_seed

from .batch import BatchResult, check_batch, simulate
from .methods import sig, wilson
from .names import fold, resolve_items
from .runner import play_game
from .settings import Setting, check_backend, describe, point_options
from .stats import figure
from .sweep import settings_of
from .value import value

CONFIRM = 0x5EED
"""The fresh seeds of the re-measure: ``derive_seed(seed, CONFIRM)``, never a search seed."""
FORMS = ("'seat win rates equal'", "'value of ITEM within +-5 points'", "'item value within +-5 points'",
         "'mean length 20-30 turns'", "'mean FIGURE A-B'")


@dataclass(frozen=True)
class Target:
    kind: str
    """"equal", "value" or "mean"."""
    text: str
    item: str = ""
    width: float = 0.0
    """The half-width of ``value`` (a share: 0.05 for 5 points)."""
    figure: str = ""
    """``turns`` or a figure of the game's own (``mean``)."""
    low: float = 0.0
    high: float = 0.0


def _numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)]


def parse_target(text: str, game_id: str, options: dict[str, Any], specs: list[str], settings: list[Setting],
                 item: str | None, seed: int) -> Target:
    """The target in words, checked against the game (one sentence when the game has no
    figure for it)."""
    words = " ".join(text.replace("±", " +-").replace("–", "-").split()).casefold()
    if re.fullmatch(r"(the )?seat win rates? (are )?equal", words):
        if len(specs) < 2:
            raise CivtableError("'seat win rates equal' needs two seats or more")
        return Target("equal", text)
    found = re.fullmatch(r"(?:value of (?P<item>.+?)|item value) within \+?-?\s*(?P<x>\d+(?:\.\d+)?)\s*(?:points?)?",
                         words)
    if found:
        named = found.group("item") or item or _item_of(settings)
        if not named:
            raise CivtableError("name the item of the target: 'value of ITEM within +-5 points' or --item ITEM")
        game = check_batch(game_id, options, specs, 1)
        (canonical,) = resolve_items(game, [named])
        return Target("value", text, item=canonical, width=float(found.group("x")) / 100)
    found = re.fullmatch(r"mean (?P<figure>[\w ]+?) (?P<a>\d+(?:\.\d+)?)\s*(?:-|to)\s*(?P<b>\d+(?:\.\d+)?)(?: turns)?",
                         words)
    if found:
        name = found.group("figure").strip().replace(" ", "_")
        low, high = sorted((float(found.group("a")), float(found.group("b"))))
        if name in ("length", "game_length", "turns"):
            return Target("mean", text, figure="turns", low=low, high=high)
        known = _figures(game_id, options, specs, seed)
        match = [k for k in known if fold(k) == fold(name)]
        if not match:
            raise CivtableError(f"{game_id} has no figure {name!r} for a target; its figures: length, "
                                f"{', '.join(sorted(known)) or 'none'}")
        return Target("mean", text, figure=match[0], low=low, high=high)
    raise CivtableError(f"unknown target {text[:60]!r}; targets: {', '.join(FORMS)}")


def _item_of(settings: list[Setting]) -> str:
    """The entry a varied data path names (``cards.writing.cost`` -> ``writing``)."""
    for s in settings:
        parts = s.path.split(".")
        if s.data and len(parts) >= 3:
            return parts[-2]
    return ""


def _figures(game_id: str, options: dict[str, Any], specs: list[str], seed: int) -> set[str]:
    """The names of the game's own figures, from one game played to its end."""
    game = check_batch(game_id, options, specs, 1)
    return set(play_game(game, specs, derive_seed(seed, CONFIRM, 1), keep_moves=False).stats)


def measure(target: Target, game_id: str, options: dict[str, Any], specs: list[str], games: int, seed: int,
            workers: int, max_steps: int | None, backend: str, address: str | None) -> dict[str, Any]:
    """One point's games and how far they are from the target (``objective``, 0: met),
    with the figures the target reads and their intervals."""
    if target.kind == "value":
        got = value(game_id, options, specs, [target.item], games, seed, workers=workers, max_steps=max_steps,
                    backend=backend, address=address)
        v = got["items"][0]["value"]
        diff = v["diff"] if v["diff"] is not None else 0.0
        return {"objective": sig(max(0.0, abs(diff) - target.width) + abs(diff) / 1000),
                "value": v["diff"], "ci95": v["ci95"], "n": v["n"], "within": _within(v["ci95"], -target.width,
                                                                                      target.width)}
    batch = simulate(game_id, options, specs, games, seed, workers=workers, max_steps=max_steps, backend=backend,
                     address=address)
    if batch.partial:
        raise KeyboardInterrupt
    return _from_batch(target, batch, len(specs))


def _within(ci: list[float] | None, low: float, high: float) -> bool | None:
    """Whether the whole interval lies inside [low, high] (``None``: no interval)."""
    if not ci:
        return None
    return low <= ci[0] and ci[1] <= high


def _from_batch(target: Target, batch: BatchResult, seats: int) -> dict[str, Any]:
    done = [r for r in batch.results if r.finished]
    if target.kind == "equal":
        rates: list[dict[str, Any]] = []
        for s in range(seats):
            wins = sum(1 for r in done if s in r.winners)
            lo, hi = wilson(wins, len(done))
            rates.append({"seat": s, "win_rate": sig(wins / len(done)) if done else None,
                          "ci95": [sig(lo), sig(hi)], "games": len(done)})
        known = [r["win_rate"] for r in rates if r["win_rate"] is not None]
        spread = max(known) - min(known) if known else 1.0
        return {"objective": sig(spread), "spread": sig(spread), "seats": rates, "n": len(done),
                "unfinished": len(batch.results) - len(done)}
    xs = [float(r.turns) if target.figure == "turns" else r.stats[target.figure] for r in done
          if target.figure == "turns" or target.figure in r.stats]
    f: dict[str, Any] = figure(xs) if xs else {"mean": None, "ci95": None, "n": 0}
    mean = f["mean"]
    if mean is None:
        return {"objective": float("inf"), "mean": None, "ci95": None, "n": 0, "within": None}
    outside = max(0.0, target.low - mean, mean - target.high)
    centre = abs(mean - (target.low + target.high) / 2) / max(1.0, target.high - target.low)
    return {"objective": sig(outside + centre / 1000), "mean": mean, "ci95": f["ci95"], "n": f["n"],
            "within": _within(f["ci95"], target.low, target.high), "unfinished": len(batch.results) - len(done)}


def _suggest(trial: Any, s: Setting) -> Any:
    """Optuna's choice for one setting: on the range's grid for a numeric range, else one
    of the values."""
    if s.numeric and len(s.values) > 1:
        low, high = s.values[0], s.values[-1]
        if all(isinstance(v, int) for v in s.values):
            return trial.suggest_int(s.path, int(low), int(high), step=int(s.step or 1))
        return trial.suggest_float(s.path, float(low), float(high), step=s.step)
    return trial.suggest_categorical(s.path, list(s.values))


def balance(game_id: str, options: dict[str, Any], specs: list[str], vary: Sequence[str], target_text: str,
            trials: int, games: int, seed: int, confirm_games: int | None = None, top: int = 3,
            item: str | None = None, workers: int = 1, max_steps: int | None = None, backend: str = "process",
            address: str | None = None, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The search (see the module's text); everything is checked before the first game."""
    try:
        import optuna
    except ImportError:
        raise CivtableError("the balance search needs Optuna: pip install 'civtable[design]'") from None
    if trials < 1:
        raise CivtableError(f"the optimiser's budget must be at least 1 trial, not {trials}")
    if top < 1:
        raise CivtableError(f"--top must be at least 1, not {top}")
    check_batch(game_id, options, specs, games, workers, max_steps)
    settings = settings_of(game_id, options, vary, "--vary")
    check_backend(settings, backend, address)
    target = parse_target(target_text, game_id, options, specs, settings, item, seed)
    confirm_games = confirm_games or 2 * games
    confirm_seed = derive_seed(seed, CONFIRM)
    per = 1 + len(specs) if target.kind == "value" else 1  # a value plays the base games and one batch per seat
    total = per * (trials * games + top * confirm_games)
    done = [0]
    tried: dict[tuple[Any, ...], dict[str, Any]] = {}
    history: list[dict[str, Any]] = []

    with tempfile.TemporaryDirectory(prefix="civtable-balance-") as folder:
        def options_of(point: tuple[Any, ...], k: int) -> dict[str, Any]:
            opts = {**options, **point_options(game_id, options, settings, point, Path(folder), k)}
            check_batch(game_id, opts, specs, games, workers, max_steps)  # the game's reader checks the data
            return opts

        def objective(trial: Any) -> float:
            point = tuple(_suggest(trial, s) for s in settings)
            if point not in tried:  # the same point twice: the same paired games, not played again
                tried[point] = measure(target, game_id, options_of(point, len(tried)), specs, games, seed, workers,
                                       max_steps, backend, address)
            found = tried[point]
            history.append({"trial": trial.number, "point": dict(zip((s.path for s in settings), point,
                                                                     strict=True)),
                            "label": describe(settings, point), **found})
            done[0] += per * games
            if progress is not None:
                progress(done[0], total)
            return float(found["objective"])

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed % 2**32))
        interrupted = False
        try:
            study.optimize(objective, n_trials=trials, catch=())
        except KeyboardInterrupt:
            interrupted = True
            if not history:
                raise
        ranked = sorted({h["label"]: h for h in history}.values(), key=lambda h: (h["objective"], h["trial"]))
        confirmed: list[dict[str, Any]] = []
        for h in ranked[:top]:
            if interrupted:
                break
            point = tuple(h["point"][s.path] for s in settings)
            got = measure(target, game_id, options_of(point, len(tried) + len(confirmed)), specs, confirm_games,
                          confirm_seed, workers, max_steps, backend, address)
            confirmed.append({"trial": h["trial"], "point": h["point"], "label": h["label"],
                              "search_objective": h["objective"], **got})
            done[0] += per * confirm_games
            if progress is not None:
                progress(done[0], total)
    best = min(confirmed, key=lambda c: (c["objective"], c["search_objective"])) if confirmed else None
    return {
        "format": "civtable-balance",
        "game": game_id,
        "options": dict(options),
        "players": list(specs),
        "games": games,
        "seed": seed,
        "confirm_games": confirm_games,
        "confirm_seed": confirm_seed,
        "target": {"text": target_text, "kind": target.kind, "item": target.item or None,
                   "width": target.width or None, "figure": target.figure or None,
                   "range": [target.low, target.high] if target.kind == "mean" else None},
        "settings": [{"path": s.path, "values": list(s.values), "numeric": s.numeric} for s in settings],
        "trials_planned": trials,
        "trials": history,
        "confirmed": confirmed,
        "best": best,
        "partial": interrupted,
        "optimiser": f"optuna {optuna.__version__} TPESampler(seed={seed % 2**32})",
    }
