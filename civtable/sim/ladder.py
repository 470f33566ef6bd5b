"""A strength ladder: bots play each other in turn, and get Elo ratings.

The schedule
    The seat count is the game's (``players`` option, or the game's default).

    *Two seats* (a round robin): every pair of bots ``(a, b)``, ``a`` before ``b``
    in the list, plays ``games_per_pairing`` games; game ``k`` of the pairing seats
    ``a`` first when ``k`` is even and ``b`` first when it is odd, so each bot sits in
    each seat half the time (one game more in the first seating when the count is odd).

    *More seats* (civ-card-game with ``players=3`` or ``4``, mega-civ): the ladder
    plays ``games_per_pairing`` rounds of ``n`` games for ``n`` bots. In game ``k``
    seat ``s`` holds bot ``(k + s) mod n``: the seats are filled by cycling the bot
    list, and the list is rotated by one from each game to the next, so every bot
    sits in every seat equally often. With more seats than bots a bot fills several
    seats of a game; with more bots than seats, bots far apart in the list meet only
    through common opponents.

    *One seat* (civ-solo): every bot plays ``games_per_pairing`` rounds, one game
    each a round, and in round ``k`` every bot plays the same seed: the same dice
    until their choices part (common random numbers, which sharpen a comparison).

    Game ``g`` of the schedule (in the order above) is played with seed
    ``derive_seed(seed, g)`` (one seat: ``derive_seed(seed, k)`` for round ``k``), so
    the results do not depend on the number of workers.

Pairwise results
    Each game gives a result for every pair of *different* bots at the table: a
    winner beats each loser (1 - 0), and two winners of a shared win tie (1/2 each).
    Two losers are not compared (the games rank only their winners), except in a
    game with no winner, where every pair ties. Copies of one bot are not compared.
    A game stopped by its own turn limit with no winner counts as such a draw. With
    one seat, each round compares every two bots: the one that won its game beats
    the one that lost, and equal outcomes tie.

Elo
    The Bradley-Terry model, P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400)),
    fitted by maximum likelihood (the minorisation-maximisation algorithm, which
    takes the half points of ties as they are). One virtual drawn game (``PRIOR``)
    is added to every pair of bots that met, so that a bot that won or lost every
    game gets a finite rating. The ratings are anchored so that ``random`` is 0
    when it plays, else the first bot of the list.

    The 95% interval of a rating is the 2.5 and 97.5 percentiles of the ratings fitted
    to ``BOOTSTRAP`` resamples of the games (drawn with replacement within each
    pairing for two seats, among all games otherwise), from a generator seeded by the
    ladder's seed: the same seed gives the same intervals. The anchor's interval is
    ``[0, 0]`` by construction; the others are relative to it. When one bot won
    every game against the others, every resample is the same and the interval has
    no width: the Wilson intervals of the matrix then say more.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from civtable.agents import make_agent
from civtable.core.errors import CivtableError
from civtable.core.registry import game_class
from civtable.core.rng import Rng, derive_seed

from .botstats import bot_figures, ladder_sums
from .pool import Interrupted, play_many
from .runner import GameResult, load_game_for
from .stats import _variants, wilson
from .tasks import Progress, Task

PRIOR = 1.0
"""Virtual drawn games added to every pair of bots that met (keeps ratings finite)."""

BOOTSTRAP = 200
"""Resamples for the rating intervals."""

ANCHOR = "random"
"""The bot rated 0 when it plays; otherwise the first bot is."""

Pairs = dict[tuple[int, int], tuple[float, float]]
"""``(i, j)`` with ``i < j`` -> (points of ``i`` against ``j``, games between them)."""


@dataclass
class Game:
    """One game of the schedule: the bot index in each seat, and its group for the bootstrap."""

    seats: list[int]
    group: int
    result: GameResult | None = None


@dataclass
class LadderResult:
    game: str
    options: dict[str, Any]
    bots: list[str]
    games_per_pairing: int
    seed: int
    workers: int
    seats: int
    schedule: list[Game] = field(default_factory=list)
    seconds: float = 0.0
    partial: bool = False


# ---------------------------------------------------------------- schedule


def schedule(bots: int, seats: int, games_per_pairing: int) -> list[Game]:
    """The games to play, as bot indices by seat (see the module docstring)."""
    games: list[Game] = []
    if seats == 1:
        for k in range(games_per_pairing):
            games.extend(Game([b], k) for b in range(bots))
    elif seats == 2:
        group = 0
        for a in range(bots):
            for b in range(a + 1, bots):
                for k in range(games_per_pairing):
                    games.append(Game([a, b] if k % 2 == 0 else [b, a], group))
                group += 1
    else:
        for k in range(games_per_pairing * bots):
            games.append(Game([(k + s) % bots for s in range(seats)], 0))
    return games


# ---------------------------------------------------------------- playing


def play_ladder(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str],
    games_per_pairing: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    backend: str = "process",
    address: str | None = None,
) -> LadderResult:
    """Play the ladder's schedule; bad input raises ``CivtableError`` before any game."""
    bots = list(bots)
    if len(bots) < 2:
        raise CivtableError(f"a ladder needs at least 2 bots, not {len(bots)}")
    repeated = [b for i, b in enumerate(bots) if b in bots[:i]]
    if repeated:
        raise CivtableError(f"bot {repeated[0]!r} is named twice")
    if games_per_pairing < 2:
        raise CivtableError(f"the number of games must be at least 2, not {games_per_pairing}")
    if workers < 1:
        raise CivtableError(f"the number of workers must be at least 1, not {workers}")
    try:
        cls = game_class(game_id)
    except ImportError as e:
        raise CivtableError(f"game {game_id!r} could not be loaded ({e})") from None
    seats = cls(**options).num_players
    game = load_game_for(game_id, options, seats)
    for spec in bots:
        make_agent(spec, game)  # an unknown bot fails here, not in a worker
    resolved = dict(game.options)
    plan = schedule(len(bots), seats, games_per_pairing)
    tasks = [Task(tuple(bots[i] for i in g.seats), derive_seed(seed, g.group if seats == 1 else k))
             for k, g in enumerate(plan)]
    workers = min(workers, len(tasks))
    ladder_result = LadderResult(game_id, resolved, bots, games_per_pairing, seed, workers, seats, plan)
    start = time.perf_counter()
    try:
        for g, result in zip(plan, play_many(game_id, resolved, tasks, workers, progress, backend=backend,
                                             address=address), strict=True):
            g.result = result
    except Interrupted as e:
        if not e.results:
            raise
        for i, result in e.results.items():
            plan[i].result = result
        ladder_result.schedule = [g for g in plan if g.result is not None]
        ladder_result.partial = True
    ladder_result.seconds = time.perf_counter() - start
    return ladder_result


# ---------------------------------------------------------------- pairwise results


def pair_results(seats: Sequence[int], winners: Sequence[int]) -> Pairs:
    """One game's pairwise results between different bots (see the module docstring)."""
    won = {seats[p] for p in winners}
    present = sorted(set(seats))
    out: Pairs = {}
    for x, i in enumerate(present):
        for j in present[x + 1:]:
            if won and i not in won and j not in won:
                continue  # two losers: the game does not rank them
            if (i in won) == (j in won):
                points = 0.5
            else:
                points = 1.0 if i in won else 0.0
            out[(i, j)] = (points, 1.0)
    return out


def solo_rounds(plan: Sequence[Game]) -> tuple[list[Pairs], list[int]]:
    """One-seat ladders: one pairwise result per round (a won game beats a lost one
    on the same seed, equal outcomes tie), and each round's bootstrap group (0)."""
    rounds: dict[int, dict[int, bool]] = {}
    for g in plan:
        assert g.result is not None
        rounds.setdefault(g.group, {})[g.seats[0]] = bool(g.result.winners)
    out: list[Pairs] = []
    for _, won in sorted(rounds.items()):
        present = sorted(won)
        pairs: Pairs = {}
        for x, i in enumerate(present):
            for j in present[x + 1:]:
                pairs[(i, j)] = (0.5 if won[i] == won[j] else (1.0 if won[i] else 0.0), 1.0)
        out.append(pairs)
    return out, [0] * len(out)


def tally(games: Sequence[Pairs]) -> Pairs:
    total: dict[tuple[int, int], list[float]] = {}
    for pairs in games:
        for key, (points, n) in pairs.items():
            acc = total.setdefault(key, [0.0, 0.0])
            acc[0] += points
            acc[1] += n
    return {k: (v[0], v[1]) for k, v in total.items()}


# ---------------------------------------------------------------- Elo


def fit_elo(
    n: int,
    pairs: Pairs,
    anchor: int = 0,
    prior: float = PRIOR,
    prior_pairs: Sequence[tuple[int, int]] | None = None,
    tol: float = 1e-9,
    max_iter: int = 100_000,
) -> list[float]:
    """Maximum-likelihood Elo ratings (Bradley-Terry) of ``n`` players.

    ``pairs`` maps ``(i, j)``, ``i < j``, to the points of ``i`` against ``j`` and the
    games they played; ``prior`` virtual drawn games are added to each pair of
    ``prior_pairs`` (by default the pairs in ``pairs``). Player ``anchor`` is rated 0.
    A player with no games gets 0 as well.
    """
    wins = [0.0] * n
    games: dict[tuple[int, int], float] = {}
    for (i, j), (points, m) in pairs.items():
        wins[i] += points
        wins[j] += m - points
        games[(i, j)] = games.get((i, j), 0.0) + m
    for i, j in pairs if prior_pairs is None else prior_pairs:
        if prior > 0:
            wins[i] += prior / 2
            wins[j] += prior / 2
            games[(i, j)] = games.get((i, j), 0.0) + prior
    neighbours: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for (i, j), m in games.items():
        if m > 0:
            neighbours[i].append((j, m))
            neighbours[j].append((i, m))
    strength = [1.0] * n
    for _ in range(max_iter):
        new = list(strength)
        for i in range(n):
            denom = sum(m / (strength[i] + strength[j]) for j, m in neighbours[i])
            if denom > 0 and wins[i] > 0:
                new[i] = wins[i] / denom
        # rescale (the model fixes only ratios) to keep the numbers near 1
        logmean = sum(math.log(s) for s in new) / n
        new = [s / math.exp(logmean) for s in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tol:
            break
    ratings = [400 * math.log10(s) for s in strength]
    base = ratings[anchor]
    return [r - base + 0.0 for r in ratings]


def percentile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) with linear interpolation between order statistics."""
    s = sorted(xs)
    pos = q * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def bootstrap(
    n: int,
    games: Sequence[Pairs],
    groups: Sequence[int],
    seed: int,
    anchor: int = 0,
    resamples: int = BOOTSTRAP,
) -> list[tuple[float, float]]:
    """95% percentile intervals of the ratings over resamples of the games, drawn with
    replacement within each group; the same seed gives the same intervals."""
    rng = Rng(derive_seed(seed, 1 << 32))
    by_group: dict[int, list[int]] = {}
    for k, g in enumerate(groups):
        by_group.setdefault(g, []).append(k)
    prior_pairs = sorted(tally(games))
    samples: list[list[float]] = [[] for _ in range(n)]
    for _ in range(resamples):
        picked: list[Pairs] = []
        for members in by_group.values():
            picked.extend(games[members[rng.below(len(members))]] for _ in members)
        ratings = fit_elo(n, tally(picked), anchor, prior_pairs=prior_pairs, tol=1e-7)
        for i, r in enumerate(ratings):
            samples[i].append(r)
    return [(percentile(s, 0.025), percentile(s, 0.975)) for s in samples]


# ---------------------------------------------------------------- summary


def _r(x: float, digits: int = 1) -> float:
    return round(x, digits) + 0.0  # no -0.0


def summarise_ladder(result: LadderResult, resamples: int = BOOTSTRAP) -> dict[str, Any]:
    """The ladder as plain data: what the tables show and ``--json`` writes."""
    bots = result.bots
    n = len(bots)
    anchor = bots.index(ANCHOR) if ANCHOR in bots else 0
    per_game: list[Pairs] = []
    draws = unfinished = 0
    played = [0] * n
    for g in result.schedule:
        assert g.result is not None
        per_game.append(pair_results(g.seats, g.result.winners))
        if not g.result.winners:
            draws += 1
        if not g.result.finished:
            unfinished += 1
        for i in set(g.seats):
            played[i] += 1
    groups = [g.group for g in result.schedule]
    wins = [0] * n
    for g in result.schedule:
        assert g.result is not None
        for i in {g.seats[p] for p in g.result.winners}:
            wins[i] += 1
    if result.seats == 1:
        per_game, groups = solo_rounds(result.schedule)
    totals = tally(per_game)
    ratings = fit_elo(n, totals, anchor)
    intervals = bootstrap(n, per_game, groups, result.seed, anchor, resamples)

    points = [0.0] * n
    compared = [0.0] * n
    matrix: dict[str, dict[str, Any]] = {b: {} for b in bots}
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if i < j:
                p, m = totals.get((i, j), (0.0, 0.0))
            else:
                q, m = totals.get((j, i), (0.0, 0.0))
                p = m - q
            points[i] += p
            compared[i] += m
            lo, hi = wilson(p, int(m)) if m else (0.0, 1.0)
            matrix[bots[i]][bots[j]] = {
                "score": round(p / m, 4) if m else None,
                "points": p,
                "games": int(m),
                "ci95": [round(lo, 4), round(hi, 4)],
            }
    elo = {
        bots[i]: {
            "rating": _r(ratings[i]),
            "ci95": [_r(intervals[i][0]), _r(intervals[i][1])],
            "games": played[i],
            "score": round(points[i] / compared[i], 4) if compared[i] else None,
            "wins": wins[i],
            "win_rate": round(wins[i] / played[i], 4) if played[i] else None,
            "win_ci95": [round(x, 4) for x in wilson(wins[i], played[i])] if played[i] else None,
        }
        for i in range(n)
    }
    order = sorted(range(n), key=lambda i: (-ratings[i], i))
    llm = bot_figures(ladder_sums((bots[g.seats[p]], counted) for g in result.schedule if g.result is not None
                                  for p, counted in enumerate(g.result.bot_stats)))
    return {
        "game": result.game,
        "options": dict(result.options),
        "variants": _variants(result.game, result.options),
        "seed": result.seed,
        "bots": list(bots),
        "seats": result.seats,
        "games_per_pairing": result.games_per_pairing,
        "games": len(result.schedule),
        "partial": result.partial,
        "draws": draws,
        "unfinished": unfinished,
        "anchor": bots[anchor],
        "ranking": [bots[i] for i in order],
        "elo": elo,
        "matrix": matrix,
        "bootstrap_resamples": resamples,
        "llm": llm,
        "seconds": round(result.seconds, 3),
        "workers": result.workers,
    }


def ladder(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """Play the ladder and summarise it: ``play_ladder``'s arguments, ``summarise_ladder``'s
    result (see the module docstring)."""
    return summarise_ladder(play_ladder(*args, **kwargs))


TIMING_KEYS = ("seconds", "workers")
"""The summary keys that depend on the machine rather than on the seed."""
