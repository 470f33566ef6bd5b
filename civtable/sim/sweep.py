"""``civtable sweep``: every figure of a game against a rule option or a field of its
data, over values or a range, on the same seeds at every point.

Each point (every combination of the ``--set`` values, the first value of each first)
is a variant of a comparison (``compare.compare``): the same games, the same bots,
only the setting differs, so the figures move with the parameter and not with the
luck of the deal. Every figure is given at every point with its 95% interval
(Wilson for a rate, t for a mean) and its paired difference from the first point,
all the differences Holm-adjusted as one family.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from civtable.core.errors import CivtableError

from .compare import compare
from .export import Sink
from .settings import MAX_POINTS, Setting, check_backend, describe, point_options, setting


def settings_of(game_id: str, options: dict[str, Any], texts: Sequence[str], flag: str = "--set") -> list[Setting]:
    """The ``--set`` texts checked (one sentence for any that names no option or data
    field, or has no values); a path given twice is refused."""
    if not texts:
        raise CivtableError(f"give at least one {flag} PATH=VALUES")
    found = [setting(game_id, options, text, flag) for text in texts]
    seen: set[tuple[str, tuple[str | int, ...]]] = set()
    for s in found:
        key = (s.option, s.steps)
        if key in seen:
            raise CivtableError(f"{s.path} is set twice")
        seen.add(key)
    return found


def points(settings: list[Setting]) -> list[tuple[Any, ...]]:
    """Every combination of the settings' values, in order."""
    found = list(itertools.product(*(s.values for s in settings)))
    if len(found) < 2:
        raise CivtableError("a sweep needs at least two points; give a setting two values or more")
    if len(found) > MAX_POINTS:
        raise CivtableError(f"the settings give {len(found)} points, more than the {MAX_POINTS} a run may have")
    return found


def sweep(game_id: str, options: dict[str, Any], specs: list[str], texts: Sequence[str], games: int, seed: int,
          workers: int = 1, progress: Callable[[int, int], None] | None = None, max_steps: int | None = None,
          backend: str = "process", address: str | None = None, sink: Sink | None = None) -> dict[str, Any]:
    """Play the same seeds at every point of the settings and give every figure against
    them (see the module's text)."""
    settings = settings_of(game_id, options, texts)
    check_backend(settings, backend, address)
    grid = points(settings)
    with tempfile.TemporaryDirectory(prefix="civtable-sweep-") as folder:
        variants = [point_options(game_id, options, settings, p, Path(folder), k) for k, p in enumerate(grid)]
        labels = [describe(settings, p) for p in grid]
        result = compare(game_id, options, variants, specs, games, seed, workers=workers, progress=progress,
                         max_steps=max_steps, backend=backend, address=address, labels=labels, sink=sink,
                         shown=[dict(zip((s.path for s in settings), p, strict=True)) for p in grid])
    done = len(result["labels"])
    for k, summary in enumerate(result["summaries"]):  # name each point's data by its setting, not by its temp file
        for s in settings:
            if s.data:
                summary["options"][s.option] = summary["variants"][s.option] = labels[k]
    result.update({
        "format": "civtable-sweep",
        "settings": [{"path": s.path, "values": list(s.values), "numeric": s.numeric, "data": s.data}
                     for s in settings],
        "points": [dict(zip((s.path for s in settings), p, strict=True)) for p in grid[:done]],
        "options": dict(options),
    })
    return result
