"""Figures of a simulation or a comparison (matplotlib, drawn off screen).

Each function takes the JSON summary that ``simulate``/``compare`` write and returns
a matplotlib ``Figure`` (or ``None`` when the summary has nothing to draw), so that a
report embeds them and a test reads their numbers back. Titles, axes and legends are
in the report's language (``tr``).
"""

from __future__ import annotations

import textwrap
from typing import Any

import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402

from civtable.i18n import ENGLISH, Translator  # noqa: E402

WIDTH, HEIGHT = 7.0, 3.6
TITLE = 58
"""A translated title longer than this is wrapped (the English ones fit on one line)."""


def _title(ax: Any, text: str, tr: Translator) -> None:
    if not tr.english and len(text) > TITLE:
        text = "\n".join(textwrap.wrap(text, TITLE))
    ax.set_title(text)


def _bars_with_intervals(labels: list[str], values: list[float], intervals: list[list[float] | None],
                         title: str, ylabel: str, percent: bool = True, tr: Translator = ENGLISH) -> Figure:
    fig = Figure(figsize=(WIDTH, HEIGHT), layout="constrained")
    ax = fig.subplots()
    lows = [v - (ci[0] if ci else v) for v, ci in zip(values, intervals, strict=True)]
    highs = [(ci[1] if ci else v) - v for v, ci in zip(values, intervals, strict=True)]
    scale = 100 if percent else 1
    ax.bar(range(len(values)), [scale * v for v in values], yerr=[[scale * x for x in lows], [scale * x for x in highs]],
           capsize=4, color="#54aeff", edgecolor="#0969da")
    ax.set_xticks(range(len(values)), labels)
    _title(ax, title, tr)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)
    return fig


def win_rates(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """Each seat's win rate with its 95% Wilson interval (and the even share as a line)."""
    rows = summary.get("per_player") or []
    if not rows:
        return None
    solo = summary.get("solo")
    if solo is not None:
        s = solo["survived"]
        return _bars_with_intervals([summary["players"][0]], [s["win_rate"]], [s["ci95"]],
                                    tr.t("Survival rate (95% CI)"), tr.t("survived (%)"), tr=tr)
    seats = [tr.t("seat {n}", n=r["seat"]) + "\n" + r["bot"] for r in rows]
    fig = _bars_with_intervals(seats, [r["win_rate"] for r in rows], [r["ci95"] for r in rows],
                               tr.t("Win rate by seat (95% CI)"), tr.t("games won (%)"), tr=tr)
    fig.axes[0].axhline(100 / len(rows), color="#cf222e", linestyle="--", linewidth=1, label=tr.t("even share"))
    fig.axes[0].legend(loc="upper right")
    return fig


def game_lengths(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """How many games lasted each number of turns."""
    lengths = summary.get("lengths") or {}
    if not lengths:
        return None
    fig = Figure(figsize=(WIDTH, HEIGHT), layout="constrained")
    ax = fig.subplots()
    ax.bar([int(k) for k in lengths], list(lengths.values()), width=1.0, color="#8c959f", edgecolor="#57606a")
    mean = summary["turns"]["mean"]
    shown = f"{mean:.1f}" if tr.english else str(tr.number(round(mean, 1)))
    ax.axvline(mean, color="#0969da", linestyle="--", label=tr.t("mean {mean}", mean=shown))
    _title(ax, tr.t("Game length"), tr)
    ax.set_xlabel(tr.t("turns"))
    ax.set_ylabel(tr.t("games"))
    ax.legend()
    return fig


def score_curves(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """Each seat's mean score at the start of every turn."""
    scores = summary.get("scores")
    if not scores:
        return None
    fig = Figure(figsize=(WIDTH, HEIGHT), layout="constrained")
    ax = fig.subplots()
    for p, curve in enumerate(scores["mean"]):
        bot = summary["players"][p] if p < len(summary["players"]) else "?"
        ax.plot(scores["turns"], curve, label=tr.t("seat {n} ({bot})", n=p, bot=bot))
    _title(ax, tr.t("Score over the turns (mean over the games that reached the turn)"), tr)
    ax.set_xlabel(tr.t("turn"))
    ax.set_ylabel(tr.t("score"))
    ax.grid(alpha=0.3)
    ax.legend()
    return fig


def items(summary: dict[str, Any], most: int = 20, tr: Translator = ENGLISH) -> Figure | None:
    """Per item: its holders' win rate (95% CI) beside the others' (observational)."""
    found = [(name, row) for name, row in (summary.get("items") or {}).items() if row.get("win_rate") is not None]
    if not found:
        return None
    found.sort(key=lambda kv: -kv[1]["held"])
    found = found[:most]
    fig = Figure(figsize=(WIDTH, max(HEIGHT, 0.28 * len(found) + 1)), layout="constrained")
    ax = fig.subplots()
    ys = range(len(found))
    rates = [100 * row["win_rate"] for _, row in found]
    lo = [100 * (row["win_rate"] - row["ci95"][0]) for _, row in found]
    hi = [100 * (row["ci95"][1] - row["win_rate"]) for _, row in found]
    ax.barh(ys, rates, xerr=[lo, hi], capsize=3, color="#54aeff", label=tr.t("holders won"))
    ax.scatter([100 * (row["win_rate_without"] or 0) for _, row in found], ys, color="#cf222e", zorder=3,
               label=tr.t("the others won"))
    ax.set_yticks(ys, [name for name, _ in found])
    ax.invert_yaxis()
    ax.set_xlabel(tr.t("win rate (%)"))
    _title(ax, tr.t("Items held at the end: holders' win rate (observational)"), tr)
    ax.legend(loc="lower right")
    return fig


def differences(summary: dict[str, Any], tr: Translator = ENGLISH) -> list[Figure]:
    """A comparison: each variant's paired difference against the first, per figure."""
    out = []
    labels = summary.get("labels") or []
    for k, lab in enumerate(labels[1:]):
        rows = [r for r in summary["figures"] if r["differences"][k]["diff"] is not None]
        fig = Figure(figsize=(WIDTH, max(HEIGHT, 0.35 * len(rows) + 1)), layout="constrained")
        ax = fig.subplots()
        ys = range(len(rows))
        scale = [100 if r["rate"] else 1 for r in rows]
        diffs = [s * r["differences"][k]["diff"] for s, r in zip(scale, rows, strict=True)]
        cis = [r["differences"][k]["ci95"] for r in rows]
        lo = [d - s * c[0] if c else 0 for d, s, c in zip(diffs, scale, cis, strict=True)]
        hi = [s * c[1] - d if c else 0 for d, s, c in zip(diffs, scale, cis, strict=True)]
        colors = ["#cf222e" if r["differences"][k]["significant"] else "#8c959f" for r in rows]
        ax.barh(ys, diffs, xerr=[lo, hi], capsize=3, color=colors)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(ys, [tr.t("{figure} (points of %)", figure=r["figure"]) if r["rate"] else r["figure"]
                           for r in rows])
        ax.invert_yaxis()
        _title(ax, tr.t("{variant} minus {base} (paired, 95% CI; red: significant)", variant=lab, base=labels[0]), tr)
        out.append(fig)
    return out


def values(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """``civtable value``: each item's causal value (paired change of the win rate, 95% CI)
    beside its observational figure (holders' minus the others' win rate)."""
    rows = [r for r in summary.get("items") or [] if (r.get("value") or {}).get("diff") is not None]
    if not rows:
        return None
    fig = Figure(figsize=(WIDTH, max(HEIGHT, 0.4 * len(rows) + 1.2)), layout="constrained")
    ax = fig.subplots()
    ys = range(len(rows))
    d = [100 * r["value"]["diff"] for r in rows]
    cis = [r["value"]["ci95"] for r in rows]
    lo = [x - 100 * c[0] if c else 0 for x, c in zip(d, cis, strict=True)]
    hi = [100 * c[1] - x if c else 0 for x, c in zip(d, cis, strict=True)]
    colors = ["#0969da" if r["value"]["significant"] else "#8c959f" for r in rows]
    ax.barh(ys, d, xerr=[lo, hi], capsize=3, color=colors, label=tr.t("given at the start (causal)"))
    obs = [(i, 100 * (o["win_rate"] - o["win_rate_without"])) for i, r in enumerate(rows)
           if (o := r.get("observed")) and o.get("win_rate") is not None and o.get("win_rate_without") is not None]
    if obs:
        ax.scatter([x for _, x in obs], [i for i, _ in obs], color="#cf222e", zorder=3, marker="D",
                   label=tr.t("holders minus others (observational)"))
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(ys, [r["item"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel(tr.t("change of the win rate (points of %)"))
    _title(ax, tr.t("Item values (paired games, 95% CI; blue: significant)"), tr)
    ax.legend(loc="lower right", fontsize="small")
    return fig


def all_figures(summary: dict[str, Any], tr: Translator = ENGLISH) -> list[tuple[str, Figure]]:
    """Every figure a summary can give, with a file-name stem, in ``tr``'s language."""
    found: list[tuple[str, Figure | None]] = []
    if summary.get("format") == "civtable-value":
        found.append(("values", values(summary, tr)))
    elif "figures" in summary and "labels" in summary:  # a comparison
        found.extend((f"difference-{i + 1}", f) for i, f in enumerate(differences(summary, tr)))
        for k, s in enumerate(summary.get("summaries", [])):
            found.append((f"win-rates-{k}", win_rates(s, tr)))
    else:
        found.extend([("win-rates", win_rates(summary, tr)), ("game-length", game_lengths(summary, tr)),
                      ("scores", score_curves(summary, tr)), ("items", items(summary, tr=tr))])
    return [(name, fig) for name, fig in found if fig is not None]
