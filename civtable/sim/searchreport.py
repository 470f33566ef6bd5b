"""The report sections of a sweep (every figure against the parameter, with its
intervals) and of a balance search (the trials, the re-measured best settings), and
what a point's games say about a balance target, in the reader's language."""

from __future__ import annotations

from typing import Any

from civtable.i18n import ENGLISH, Translator

from .formats import interval as _interval
from .formats import num as _num
from .formats import pct, signed


def measured(row: dict[str, Any], tr: Translator = ENGLISH) -> str:
    """What a point's games say about the target, with the interval."""
    if "spread" in row:
        seats = ", ".join(f"{pct(s['win_rate'], tr)} ({_interval(s['ci95'], tr, True)})" for s in row["seats"])
        return tr.t("spread {spread}; seats {seats}", spread=pct(row["spread"], tr), seats=seats)
    if "value" in row:
        return tr.t("value {value} ({ci})", value=signed(row["value"], tr), ci=_interval(row.get("ci95"), tr, True, True))
    return tr.t("mean {mean} ({ci})", mean=_num(row.get("mean"), tr), ci=_interval(row.get("ci95"), tr))


def search_sections(summary: dict[str, Any], images: dict[str, Any], tr: Translator = ENGLISH,
                    ) -> list[dict[str, Any]]:
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
                 "note": tr.t("The same seeds at every point: each figure with its 95% CI (Wilson for a rate, t "
                              "for a mean); * marks a paired difference from the first point that survives the Holm "
                              "adjustment over every difference."), "scroll": True,
                 "table": {"columns": [tr.t("figure"), *labels], "rows": rows},
                 "images": [images["sweep"]] if "sweep" in images else []},
                {"title": tr.t("Notes"), "warnings": paired(checked, summary.get("family", 1), tr)}]
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
