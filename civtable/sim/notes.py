"""The warning lines under a table: what a figure rests on when that is little (few
games, few games that differ, groups too small to show, curves cut), what is fixed by
construction, unfinished games left out and the adjustment for many comparisons.
Shared by the terminal tables and the HTML report, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from civtable.i18n import ENGLISH, N_, Translator

from .methods import FEW_PAIRS, MIN_CURVE, MIN_GROUP, SMALL_N

SMALL = N_("Few games: {what} rests on {n} games (fewer than {minimum}); read the interval rather than the figure.")
UNFINISHED = N_("{n} of {games} games were stopped by the step limit: they are left out of every rate, length, "
                "curve and figure (they had reached turn {turns} on average).")
EVERYONE = N_("Every player held {items}: the holders' win rate is the mean win rate, fixed by construction, "
              "and has no interval.")
HIDDEN = N_("Items with a group (holders or the others) of fewer than {minimum} player-games are shown with their "
            "n but without a rate: {items}.")
FIXED = N_("{bot} holds every seat: its win rate is fixed by construction (the winners of a game over its seats) "
           "and has no interval.")
CLUSTERED = N_("A bot in several seats: its interval is clustered by game (the seats of one game are not "
               "independent).")
HOLM = N_("{n} comparisons at once: the p-values are Holm-adjusted beside the raw ones, and * marks only a "
          "difference that survives the adjustment (5%).")
ONE = N_("* marks a difference whose 95% CI excludes 0.")
SMALL_LIST = N_("Few games (fewer than {minimum}) behind: {what}; read their intervals rather than the figures.")
PAIRS_LIST = N_("Few games whose result changed (fewer than {minimum}; changed/paired) behind: {what}; their "
                "intervals are wide for that reason.")
CURVE = N_("Score curves stop at turn {turn}: later turns were reached by fewer than {minimum} games.")


def _join(names: Iterable[str], most: int = 12) -> str:
    names = list(names)
    return ", ".join(names[:most]) + (" ..." if len(names) > most else "")


def simulation(summary: dict[str, Any], tr: Translator = ENGLISH, curves: bool = False) -> list[str]:
    """The warnings of a ``simulate`` summary (``curves``: where the report shows them)."""
    out: list[str] = []
    done = summary.get("finished", summary["games"])
    if summary.get("unfinished"):
        rest = summary.get("turns_unfinished") or {}
        out.append(tr.t(UNFINISHED, n=summary["unfinished"], games=summary["games"],
                        turns=f"{rest.get('mean', 0):.1f}" if tr.english else tr.number(round(rest.get("mean", 0), 1))))
    if done < SMALL_N:
        out.append(tr.t(SMALL, what=tr.t("every rate and mean"), n=done, minimum=SMALL_N))
    first = summary.get("first_player")
    if first and first["games"] < SMALL_N <= done:
        out.append(tr.t(SMALL, what=tr.t("the first player's rate"), n=first["games"], minimum=SMALL_N))
    for bot, row in (summary.get("per_bot") or {}).items():
        if row.get("fixed") and len(summary["players"]) > 1:
            out.append(tr.t(FIXED, bot=bot))
    if any(row.get("method") == "clustered" for row in (summary.get("per_bot") or {}).values()):
        out.append(tr.t(CLUSTERED))
    everyone = [name for name, row in (summary.get("items") or {}).items() if row.get("everyone")]
    if everyone:
        out.append(tr.t(EVERYONE, items=_join(everyone)))
    hidden = [name for name, row in (summary.get("items") or {}).items() if row.get("hidden")]
    if hidden:
        minimum = (summary.get("minimums") or {}).get("group", MIN_GROUP)
        out.append(tr.t(HIDDEN, minimum=minimum, items=_join(hidden)))
    scores = summary.get("scores")
    if curves and scores and scores.get("cut"):
        last = scores["turns"][-1] if scores["turns"] else 0
        out.append(tr.t(CURVE, turn=last, minimum=scores.get("minimum", MIN_CURVE)))
    return out


def paired(rows: Sequence[tuple[str, dict[str, Any]]], family: int, tr: Translator = ENGLISH) -> list[str]:
    """The warnings of paired differences (``compare``, ``value``, ``sweep``): the
    differences resting on few games, those resting on few differing games (one line
    each, listing them), then how the stars were decided."""
    out: list[str] = []
    small = [f"{what} (n={d['n']})" for what, d in rows if d.get("diff") is not None and d["n"] < SMALL_N]
    few = [f"{what} ({d['pairs']}/{d['n']})" for what, d in rows
           if d.get("diff") is not None and d["n"] >= SMALL_N and d.get("method") in ("newcombe", "clustered")
           and d.get("pairs", FEW_PAIRS) < FEW_PAIRS]
    if small:
        out.append(tr.t(SMALL_LIST, minimum=SMALL_N, what=_join(small, 8)))
    if few:
        out.append(tr.t(PAIRS_LIST, minimum=FEW_PAIRS, what=_join(few, 8)))
    out.append(tr.t(HOLM, n=family) if family > 1 else tr.t(ONE))
    return out
