"""The figures and report sections of a sweep (every figure against the parameter, with
its intervals) and of a balance search (the trials, the re-measured best settings), in
the reader's language."""

from __future__ import annotations

import math
from typing import Any

from matplotlib.figure import Figure

from civtable.i18n import ENGLISH, Translator

from .plots import HEIGHT, WIDTH, _title

MOST = 12
"""The figures drawn against the parameter at most (the table has every one)."""


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
    """Every figure (up to ``MOST``) against the parameter, each point with its 95% interval."""
    rows = [r for r in summary.get("figures") or [] if any(v is not None for v in r["values"])][:MOST]
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


def search_sections(summary: dict[str, Any], images: dict[str, Any], tr: Translator = ENGLISH,
                    ) -> list[dict[str, Any]]:
    from .htmlreport import _interval, _num
    from .notes import paired

    if summary.get("format") == "civtable-sweep":
        labels = summary["labels"]
        rows, checked = [], []
        for r in summary["figures"]:
            cells = [r["figure"]]
            for k in range(len(labels)):
                d = r["differences"][k - 1] if k else None
                if d is not None:
                    checked.append((f"{labels[k]}: {r['figure']}", d))
                text = f"{_num(r['values'][k], tr, r['rate'])} ({_interval(r['values_ci95'][k], tr, r['rate'])})"
                cells.append(text + (" *" if d is not None and d["significant"] else ""))
            rows.append(cells)
        return [{"title": tr.t("Every figure at every point"),
                 "note": tr.t("The same seeds at every point: each figure with its 95% interval (Wilson for a rate, t "
                              "for a mean); * marks a paired difference from the first point that survives the Holm "
                              "adjustment over every difference."), "scroll": True,
                 "table": {"columns": [tr.t("figure"), *labels], "rows": rows},
                 "images": [images["sweep"]] if "sweep" in images else []},
                {"title": tr.t("Notes"), "warnings": paired(checked, summary.get("family", 1), tr)}]
    from civtable.cli.balance import measured

    trials = [[str(h["trial"]), h["label"], _num(h["objective"], tr), measured(h, tr)]
              for h in sorted(summary["trials"], key=lambda h: (h["objective"], h["trial"]))]
    confirmed = [[c["label"], _num(c["search_objective"], tr), _num(c["objective"], tr), measured(c, tr)]
                 for c in summary["confirmed"]]
    best = summary.get("best")
    answer = (tr.t("Best settings, as measured on the fresh games: {settings}; {measured}", settings=best["label"],
                   measured=measured(best, tr)) if best else
              tr.t("No answer: the search was interrupted before its best trials were played again."))
    return [{"title": tr.t("Answer"), "note": answer,
             "table": {"columns": [tr.t("settings"), tr.t("search objective"), tr.t("fresh objective"),
                                   tr.t("measured on fresh games")], "rows": confirmed},
             "warnings": [tr.t("Optimiser: {name}; a point is reported only from games it was played in, never from "
                               "the search's own numbers.", name=summary["optimiser"])]},
            {"title": tr.t("Trials"), "scroll": True,
             "table": {"columns": ["#", tr.t("settings"), tr.t("objective"), tr.t("measured")], "rows": trials},
             "images": [images["balance"]] if "balance" in images else []}]
