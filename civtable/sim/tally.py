"""Running totals of a batch: what ``summarise`` reads of its games, added one game at
a time in any order, in a size that does not grow with the number of games (issue 18:
``simulate`` kept every game's whole result for its report, about 10 KB a game).

The sums are exact (whole numbers of units of 2**-1074, the smallest double), so a
mean or a standard deviation is the very float that ``statistics.fmean`` or
``statistics.stdev`` (Python 3.11+, correctly rounded) gives for the list of every
game's value, whatever the order in which the games arrive or the number of
workers; medians come from counts per value (game lengths are whole numbers).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .botstats import add_stats
from .runner import GameResult

UNIT = 1074
"""Every finite double is a whole multiple of 2**-UNIT."""
ONE = 1 << UNIT


def exact(x: float) -> int:
    """``x`` in units of 2**-1074, exactly; an int is made a float first, as ``math.fsum``
    does with the values it adds."""
    num, den = float(x).as_integer_ratio()
    return num << (UNIT + 1 - den.bit_length())


def sqrt_ratio(num: int, den: int) -> float:
    """The square root of ``num / den`` (``num >= 0``, ``den > 0``), correctly rounded:
    the integer square root with at least 54 bits, its last bit set when it is inexact
    (rounding to odd), then rounded once to a float."""
    if num == 0:
        return 0.0
    q = (num.bit_length() - den.bit_length() - 109) // 2
    if q >= 0:
        den <<= 2 * q
        root = math.isqrt(num // den)
        root |= root * root * den != num
        return float(root << q)
    num <<= -2 * q
    root = math.isqrt(num // den)
    root |= root * root * den != num
    return root / (1 << -q)


class Moments:
    """The count, exact sum and exact sum of squares of a figure's values."""

    __slots__ = ("n", "sx", "sxx")

    def __init__(self) -> None:
        self.n = 0
        self.sx = 0
        """The sum in units of 2**-1074."""
        self.sxx = 0
        """The sum of squares in units of 2**-2148."""

    @classmethod
    def of(cls, xs: Iterable[float]) -> Moments:
        m = cls()
        for x in xs:
            m.add(x)
        return m

    def add(self, x: float) -> None:
        num, den = float(x).as_integer_ratio()
        shift = UNIT + 1 - den.bit_length()
        self.n += 1
        self.sx += num << shift
        self.sxx += (num * num) << (2 * shift)

    def mean(self) -> float:
        """``statistics.fmean`` of the values (their correctly rounded sum divided by
        their count); 0 for none."""
        return self.sx / ONE / self.n if self.n else 0.0

    def stdev(self) -> float:
        """``statistics.stdev`` of the values (at least two): the square root of the
        exact sum of squared deviations over ``n - 1``, correctly rounded."""
        if self.n < 2:
            raise ValueError("a standard deviation needs at least two values")
        n = self.n
        return sqrt_ratio(n * self.sxx - self.sx * self.sx, (n * (n - 1)) << (2 * UNIT))


def _kth(counts: dict[int, int], k: int) -> int:
    """The ``k``-th smallest value (from 0) of the values counted in ``counts``."""
    for value in sorted(counts):
        k -= counts[value]
        if k < 0:
            return value
    raise IndexError(k)


def median_of(counts: dict[int, int]) -> float:
    """``statistics.median`` of the whole numbers counted in ``counts`` (as a float; 0
    for none)."""
    n = sum(counts.values())
    if not n:
        return 0.0
    if n % 2:
        return float(_kth(counts, n // 2))
    return float((_kth(counts, n // 2 - 1) + _kth(counts, n // 2)) / 2)


def mean_of(counts: dict[int, int]) -> float:
    """``statistics.fmean`` of the whole numbers counted in ``counts`` (0 for none)."""
    n = sum(counts.values())
    return float(sum(v * c for v, c in counts.items())) / n if n else 0.0


class Tally:
    """A batch's games as running totals: wins, draws, first-player wins, game lengths,
    score curves, the game's own figures and the items held (``summarise``'s inputs),
    without keeping any game. Its size is bounded by the longest game, the distinct
    game lengths and the game's figure and item names.

    Finished and unfinished games (stopped by the step limit) are counted apart: every
    rate, length, curve and figure is over the finished games, and the unfinished
    ones are reported as a count and a length of their own."""

    def __init__(self, seats: int, bots: Sequence[str] | None = None) -> None:
        self.seats = seats
        names = list(bots) if bots is not None else [""] * seats
        self.bots = list(dict.fromkeys(names))
        """The distinct bots, in seat order..."""
        self.bot_seats = [[s for s, b in enumerate(names) if b == bot] for bot in self.bots]
        """...and the seats each holds."""
        self.games = 0
        self.wins = [0] * seats
        """Per seat: the finished games it won."""
        self.bot_wins = [0] * len(self.bots)
        self.bot_squares = [0] * len(self.bots)
        """Per bot: its seats' wins in all, and the sum over games of the square of its wins
        in the game (for the interval clustered by game)."""
        self.draws = 0
        self.lost = 0
        """Finished games without a winner in a one-seat game."""
        self.unfinished = 0
        self.first = 0
        """Finished games with one first mover (two seats or more)..."""
        self.first_won = 0
        """...and of those, the games the first mover won."""
        self.turns: dict[int, int] = {}
        """Finished games per number of turns..."""
        self.steps: dict[int, int] = {}
        """...and per number of actions."""
        self.turns_unfinished: dict[int, int] = {}
        """Unfinished games per number of turns reached."""
        self.curve_games: list[int] = []
        """Per turn (from the first): the finished games whose score trajectory reached it..."""
        self.curve_sums: list[list[int]] = []
        """...each seat's exact sum of their scores there (units of 2**-1074)..."""
        self.curve_squares: list[list[int]] = []
        """...and of their squares (units of 2**-2148)."""
        self.bot_curves: list[list[Moments]] = [[] for _ in self.bots]
        """Per bot, per turn: the mean score of the bot's seats in each game (one value a
        game, for a band clustered by game)."""
        self.final: list[Moments] = [Moments() for _ in range(seats)]
        """Per seat: the final score (``State.scores``) of the finished games."""
        self.stats: dict[str, Moments] = {}
        self.finished = 0
        self.finished_winners = 0
        """The winners of all finished games, counted per game."""
        self.items: dict[str, list[int]] = {}
        """Per item, over the finished games that report it: seats holding it, holders
        who won, winners who did not hold it, winners of those games."""
        self.bot_stats: list[dict[str, float]] = [{} for _ in range(seats)]
        """Per seat, what its bot counted (``Agent.stats``), summed over the games..."""
        self.bot_games = [0] * seats
        """...and the games in which it counted anything."""

    @classmethod
    def of(cls, results: Iterable[GameResult], seats: int, bots: Sequence[str] | None = None) -> Tally:
        tally = cls(seats, bots)
        for r in results:
            tally.add(r)
        return tally

    def add(self, r: GameResult) -> None:
        """Count one game (an unfinished one only as such: every rate is over the finished
        games). A win shared by every seat counts as a draw: nobody is ahead, as
        ``returns()`` says (issue 28)."""
        self.games += 1
        for seat, counted in enumerate(r.bot_stats):  # a language model's figures, finished or not
            if counted:
                add_stats(self.bot_stats[seat], counted)
                self.bot_games[seat] += 1
        if not r.finished:
            self.unfinished += 1
            self.turns_unfinished[r.turns] = self.turns_unfinished.get(r.turns, 0) + 1
            return
        winners = r.winners
        if self.seats > 1 and len(winners) == self.seats:
            winners = []
        if not winners:
            if self.seats == 1:
                self.lost += 1
            else:
                self.draws += 1
        for w in winners:
            self.wins[w] += 1
        for k, seats in enumerate(self.bot_seats):
            won = sum(1 for s in seats if s in winners)
            self.bot_wins[k] += won
            self.bot_squares[k] += won * won
        if r.first_player is not None and self.seats > 1:
            self.first += 1
            self.first_won += r.first_player in winners
        self.turns[r.turns] = self.turns.get(r.turns, 0) + 1
        self.steps[r.steps] = self.steps.get(r.steps, 0) + 1
        if r.trajectory:
            self._curve(r.trajectory)
        if r.scores is not None:
            for p, x in enumerate(r.scores[: self.seats]):
                self.final[p].add(x)
        for name, value in r.stats.items():
            moments = self.stats.get(name)
            if moments is None:
                moments = self.stats[name] = Moments()
            moments.add(value)
        self.finished += 1
        self.finished_winners += len(winners)
        for name, holders in r.holdings.items():
            row = self.items.get(name)
            if row is None:
                row = self.items[name] = [0, 0, 0, 0]
            row[0] += len(holders)
            row[1] += sum(1 for p in holders if p in winners)
            row[2] += sum(1 for p in winners if p not in holders)
            row[3] += len(winners)

    def _curve(self, trajectory: list[list[float]]) -> None:
        seats = range(self.seats)
        games, sums, squares = self.curve_games, self.curve_sums, self.curve_squares
        for t, row in enumerate(trajectory):
            if t == len(games):
                games.append(0)
                sums.append([0] * self.seats)
                squares.append([0] * self.seats)
            games[t] += 1
            cell, cell2 = sums[t], squares[t]
            for p in seats:
                x = exact(row[p])
                cell[p] += x
                cell2[p] += x * x
            for k, held in enumerate(self.bot_seats):
                curve = self.bot_curves[k]
                if t == len(curve):
                    curve.append(Moments())
                curve[t].add(math.fsum(row[s] for s in held) / len(held))

    def curve_means(self) -> list[list[float]]:
        """Each seat's mean score per turn, over the games that reached the turn."""
        return [[cell[p] / ONE / n for n, cell in zip(self.curve_games, self.curve_sums, strict=True)]
                for p in range(self.seats)]

    def curve_moments(self, seat: int, turn: int) -> Moments:
        """The moments of ``seat``'s scores at ``turn`` (from 0) over the games that reached it."""
        m = Moments()
        m.n, m.sx, m.sxx = self.curve_games[turn], self.curve_sums[turn][seat], self.curve_squares[turn][seat]
        return m

    def item_counts(self) -> dict[str, tuple[int, int, int, int]]:
        """Per item (sorted): seats holding it, holders who won, seats not holding it,
        winners not holding it (over the finished games)."""
        out: dict[str, tuple[int, int, int, int]] = {}
        for name in sorted(self.items):
            held, won, other_won, winners = self.items[name]
            out[name] = (held, won, self.finished * self.seats - held,
                         self.finished_winners - winners + other_won)
        return out
