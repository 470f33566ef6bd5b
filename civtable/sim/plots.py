"""Figures of a simulation or a comparison (matplotlib, drawn off screen).

Each function takes the JSON summary that ``simulate``/``compare`` write and returns
a matplotlib ``Figure`` (or ``None`` when the summary has nothing to draw), so that a
report embeds them and a test reads their numbers back. Titles, axes and legends are
in the report's language (``tr``).
"""

from __future__ import annotations

import math
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
    seats = [tr.t("seat {n}", n=r["seat"]) + "\n" + r["bot"] + (f"\n{r['civilization']}" if r.get("civilization") else "")
             for r in rows]
    fig = _bars_with_intervals(seats, [r["win_rate"] or 0.0 for r in rows], [r["ci95"] for r in rows],
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


def _band(ax: Any, turns: list[int], band: dict[str, list[Any]], k: int, label: str) -> None:
    """A mean curve with its 95% band (where the band is known)."""
    mean = band["mean"][k] if isinstance(band["mean"][0], list) else band["mean"]
    low = band["low"][k] if isinstance(band["low"][0], list) else band["low"]
    high = band["high"][k] if isinstance(band["high"][0], list) else band["high"]
    line = ax.plot(turns, mean, label=label)[0]
    known = [i for i, (lo, hi) in enumerate(zip(low, high, strict=True)) if lo is not None and hi is not None]
    if known:
        ax.fill_between([turns[i] for i in known], [low[i] for i in known], [high[i] for i in known],
                        color=line.get_color(), alpha=0.18, linewidth=0)


def _games_axis(ax: Any, scores: dict[str, Any], tr: Translator) -> None:
    """The number of games behind each turn's mean, on a second axis."""
    twin = ax.twinx()
    twin.step(scores["turns"], scores["games"], where="mid", color="#8c959f", linestyle=":", linewidth=1)
    twin.set_ylabel(tr.t("games reaching the turn (dotted)"), color="#57606a")
    twin.set_ylim(bottom=0)


def score_curves(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """Each seat's mean score at the start of every turn with its 95% band, and the
    number of finished games that reached the turn; cut where fewer than the minimum did."""
    scores = summary.get("scores")
    if not scores or not scores.get("turns"):
        return None
    fig = Figure(figsize=(WIDTH, HEIGHT), layout="constrained")
    ax = fig.subplots()
    civs = [r.get("civilization") for r in summary.get("per_player") or []]
    for p in range(len(scores["mean"])):
        bot = summary["players"][p] if p < len(summary["players"]) else "?"
        if p < len(civs) and civs[p]:
            bot = f"{bot}, {civs[p]}"
        if "low" in scores:
            _band(ax, scores["turns"], scores, p, tr.t("seat {n} ({bot})", n=p, bot=bot))
        else:
            ax.plot(scores["turns"], scores["mean"][p], label=tr.t("seat {n} ({bot})", n=p, bot=bot))
    _title(ax, tr.t("Score over the turns (mean and 95% band over the games that reached the turn)"), tr)
    ax.set_xlabel(tr.t("turn"))
    ax.set_ylabel(tr.t("score"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    if "games" in scores:
        _games_axis(ax, scores, tr)
    return fig


def bot_curves(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """Each bot's (or strategy's) mean score per turn over its seats, with its 95% band
    (clustered by game: one value a game), and the games behind each turn."""
    scores = summary.get("scores")
    if not scores or not scores.get("turns") or not scores.get("by_bot"):
        return None
    fig = Figure(figsize=(WIDTH, HEIGHT), layout="constrained")
    ax = fig.subplots()
    for bot, band in scores["by_bot"].items():
        _band(ax, scores["turns"], band, 0, bot)
    _title(ax, tr.t("Score per turn by bot (mean over its seats, 95% band)"), tr)
    ax.set_xlabel(tr.t("turn"))
    ax.set_ylabel(tr.t("score"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    _games_axis(ax, scores, tr)
    return fig


def items(summary: dict[str, Any], most: int | None = None, tr: Translator = ENGLISH) -> Figure | None:
    """Every item (or the ``most`` most held): its holders' win rate (95% CI) beside the
    others' (observational), best holders' rate first; an item whose group is below the
    minimum is listed with its n and no bar."""
    found = list((summary.get("items") or {}).items())
    if not found or all(row.get("win_rate") is None for _, row in found):
        return None
    found.sort(key=lambda kv: (kv[1].get("win_rate") is None, -(kv[1].get("win_rate") or 0), -kv[1]["held"], kv[0]))
    if most is not None:
        found = found[:most]
    fig = Figure(figsize=(WIDTH, max(HEIGHT, 0.26 * len(found) + 1.2)), layout="constrained")
    ax = fig.subplots()
    ys = range(len(found))
    rates = [100 * (row.get("win_rate") or 0) for _, row in found]
    lo = [100 * (row["win_rate"] - row["ci95"][0]) if row.get("ci95") else 0 for _, row in found]
    hi = [100 * (row["ci95"][1] - row["win_rate"]) if row.get("ci95") else 0 for _, row in found]
    ax.barh(ys, rates, xerr=[lo, hi], capsize=3, color="#54aeff", label=tr.t("holders won"))
    others = [(i, 100 * row["win_rate_without"]) for i, (_, row) in enumerate(found)
              if row.get("win_rate_without") is not None]
    if others:
        ax.scatter([x for _, x in others], [i for i, _ in others], color="#cf222e", zorder=3,
                   label=tr.t("the others won"))
    labels = [name if row.get("win_rate") is not None else tr.t("{item} (n={n}, hidden)", item=name, n=row["held"])
              for name, row in found]
    ax.set_yticks(ys, labels)
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


SWEPT = 12
"""The figures drawn against a sweep's parameter at most (the table has every one)."""


def _axis(summary: dict[str, Any]) -> tuple[list[Any], list[str], str | None]:
    """The x positions and tick labels of a sweep's points: the parameter itself when one
    numeric setting is swept, else the points in order."""
    settings = summary.get("settings") or []
    labels = summary["labels"]
    if len(settings) == 1 and settings[0].get("numeric"):
        path = settings[0]["path"]
        return [p[path] for p in summary["points"]], [str(p[path]) for p in summary["points"]], path
    return list(range(len(labels))), labels, None


def sweep_figures(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """Every figure (up to ``SWEPT``) against the parameter, each point with its 95% interval."""
    rows = [r for r in summary.get("figures") or [] if any(v is not None for v in r["values"])][:SWEPT]
    if not rows:
        return None
    xs, ticks, path = _axis(summary)
    cols = 3 if len(rows) > 4 else 2
    lines = math.ceil(len(rows) / cols)
    fig = Figure(figsize=(WIDTH * 1.3, max(HEIGHT, 2.4 * lines)), layout="constrained")
    axes = fig.subplots(lines, cols, squeeze=False)
    for ax, row in zip(axes.flat, rows, strict=False):
        scale = 100 if row["rate"] else 1
        known = [(x, v, ci) for x, v, ci in zip(xs, row["values"], row["values_ci95"], strict=True) if v is not None]
        ys = [scale * v for _, v, _ in known]
        lo = [scale * (v - ci[0]) if ci else 0 for _, v, ci in known]
        hi = [scale * (ci[1] - v) if ci else 0 for _, v, ci in known]
        ax.errorbar([x for x, _, _ in known], ys, yerr=[lo, hi], marker="o", capsize=3, color="#0969da")
        ax.set_title(tr.t("{figure} (%)", figure=row["figure"]) if row["rate"] else row["figure"], fontsize="small")
        if path is None:
            ax.set_xticks(xs, ticks, rotation=30, fontsize="x-small")
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(rows):]:
        ax.set_visible(False)
    fig.suptitle(tr.t("Every figure against {parameter} (same seeds at every point, 95% CI)",
                      parameter=path or tr.t("the settings")))
    return fig


def balance_figure(summary: dict[str, Any], tr: Translator = ENGLISH) -> Figure | None:
    """The objective of every trial in order (0 meets the target), and against each
    parameter searched; the re-measured best settings marked."""
    trials = summary.get("trials") or []
    if not trials:
        return None
    settings = summary.get("settings") or []
    fig = Figure(figsize=(WIDTH, HEIGHT * (1 + len(settings)) * 0.75), layout="constrained")
    axes = fig.subplots(1 + len(settings), 1, squeeze=False)[:, 0]
    finite = [h for h in trials if math.isfinite(h["objective"])]
    axes[0].plot([h["trial"] for h in finite], [h["objective"] for h in finite], "o", color="#8c959f",
                 label=tr.t("trial"))
    best = summary.get("best")
    if best is not None:
        axes[0].plot([best["trial"]], [best["search_objective"]], "*", markersize=14, color="#cf222e",
                     label=tr.t("best, re-measured"))
    axes[0].set_xlabel(tr.t("trial"))
    axes[0].set_ylabel(tr.t("objective (0: target met)"))
    axes[0].legend(fontsize="small")
    _title(axes[0], tr.t("Balance search toward '{target}'", target=summary["target"]["text"]), tr)
    for ax, s in zip(axes[1:], settings, strict=True):
        values = [h["point"][s["path"]] for h in finite]
        if s.get("numeric"):
            ax.plot(values, [h["objective"] for h in finite], "o", color="#0969da")
        else:
            order = [str(v) for v in s["values"]]
            ax.plot([order.index(str(v)) for v in values], [h["objective"] for h in finite], "o", color="#0969da")
            ax.set_xticks(range(len(order)), order)
        ax.set_xlabel(s["path"])
        ax.set_ylabel(tr.t("objective"))
        ax.grid(alpha=0.3)
    return fig


def all_figures(summary: dict[str, Any], tr: Translator = ENGLISH) -> list[tuple[str, Figure]]:
    """Every figure a summary can give, with a file-name stem, in ``tr``'s language."""
    found: list[tuple[str, Figure | None]] = []
    if summary.get("format") in ("civtable-sweep", "civtable-balance"):
        if summary["format"] == "civtable-sweep":
            found.append(("sweep", sweep_figures(summary, tr)))
        else:
            found.append(("balance", balance_figure(summary, tr)))
    elif summary.get("format") == "civtable-value":
        found.append(("values", values(summary, tr)))
    elif "figures" in summary and "labels" in summary:  # a comparison
        found.extend((f"difference-{i + 1}", f) for i, f in enumerate(differences(summary, tr)))
        for k, s in enumerate(summary.get("summaries", [])):
            found.append((f"win-rates-{k}", win_rates(s, tr)))
    else:
        found.extend([("win-rates", win_rates(summary, tr)), ("game-length", game_lengths(summary, tr)),
                      ("scores", score_curves(summary, tr)), ("scores-by-bot", bot_curves(summary, tr)),
                      ("items", items(summary, tr=tr))])
    return [(name, fig) for name, fig in found if fig is not None]
