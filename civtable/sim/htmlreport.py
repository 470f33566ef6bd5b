"""One self-contained HTML file of a simulation or comparison: tables and figures
(PNG images embedded), from the JSON summary; PNG files of the figures on request."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from civtable import __version__
from civtable.core.errors import CivtableError

from . import plots

HERE = Path(__file__).parent


def png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110)
    return out.getvalue()


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def kind(summary: Any) -> str:
    """'simulation' or 'comparison'; anything else is refused with one sentence."""
    if isinstance(summary, dict) and summary.get("format") == "civtable-value" and "items" in summary:
        return "value"
    if isinstance(summary, dict) and "figures" in summary and "labels" in summary:
        return "comparison"
    if isinstance(summary, dict) and "per_player" in summary and "games" in summary:
        return "simulation"
    raise CivtableError("this is not a result of 'civtable simulate --json', 'compare --json' or 'value --json'")


def sections(summary: dict[str, Any]) -> list[dict[str, Any]]:
    figs = dict(plots.all_figures(summary))
    images = {name: {"alt": name, "data": base64.b64encode(png(f)).decode()} for name, f in figs.items()}
    out: list[dict[str, Any]] = []
    if kind(summary) == "value":
        return value_sections(summary, images)
    if kind(summary) == "comparison":
        for k, lab in enumerate(summary["labels"][1:]):
            rows = []
            for r in summary["figures"]:
                d = r["differences"][k]
                show = _pct if r["rate"] else (lambda x: "n/a" if x is None else f"{x:.3g}")
                ci = "n/a" if d["ci95"] is None else f"{show(d['ci95'][0])} .. {show(d['ci95'][1])}"
                rows.append([r["figure"], show(r["values"][0]), show(r["values"][k + 1]),
                             show(d["diff"]) + (" *" if d["significant"] else ""), ci])
            out.append({"title": f"{lab} against {summary['labels'][0]}",
                        "note": "The same seeds and bots in both: each difference is taken game by game; "
                                "* marks a difference whose 95% interval excludes 0.",
                        "table": {"columns": ["figure", summary["labels"][0], lab, "difference", "95% CI"],
                                  "rows": rows},
                        "images": [images[f"difference-{k + 1}"]]})
        out.append({"title": "Win rates by variant", "images": [images[n] for n in images if n.startswith("win")]})
        return out
    rows = [[f"seat {r['seat']}", r["bot"], str(r["wins"]), _pct(r["win_rate"]),
             f"{_pct(r['ci95'][0])} .. {_pct(r['ci95'][1])}"] for r in summary["per_player"]]
    out.append({"title": "Wins", "table": {"columns": ["seat", "bot", "wins", "win rate", "95% CI"], "rows": rows},
                "images": [images["win-rates"]]})
    t = summary["turns"]
    out.append({"title": "Game length", "note": f"mean {t['mean']:.1f} turns, median {t['median']}, "
                f"from {t['min']} to {t['max']}", "images": [images["game-length"]]})
    if "scores" in images:
        out.append({"title": "Score over the turns", "images": [images["scores"]]})
    if "items" in images:
        out.append({"title": "Items held at the end",
                    "note": "Holders' win rate is observational: strong players collect items, so an item held "
                            "by winners is not necessarily what made them win. 'civtable value' measures it by "
                            "paired games.", "images": [images["items"]]})
    return out


def value_sections(summary: dict[str, Any], images: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for r in summary["items"]:
        v, o = r.get("value") or {}, r.get("observed") or {}
        ci = v.get("ci95")
        rows.append([r["item"], _signed(v.get("diff")) + (" *" if v.get("significant") else ""),
                     "n/a" if not ci else f"{_signed(ci[0])} .. {_signed(ci[1])}",
                     _pct(o.get("win_rate")), _pct(o.get("win_rate_without"))])
    out = [{"title": "Item values", "note": summary["why"],
            "table": {"columns": ["item", "value (change of the win rate)", "95% CI", "holders won",
                                  "the others won"], "rows": rows},
            "images": [images["values"]] if "values" in images else []}]
    return out


def _signed(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:+.1f} pts"


def write(summary: dict[str, Any], path: Path, png_dir: Path | None = None) -> None:
    what = kind(summary)
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))
    heading = {"comparison": "comparison of rule variants", "value": "item values"}.get(what, "simulation")
    title = f"{summary['game']}: {heading}"
    per = {"comparison": " per variant", "value": " per treatment"}.get(what, "")
    subtitle = f"{summary['games']} games{per}, seed {summary['seed']}, " \
               f"bots {', '.join(summary['players'])}"
    html = env.get_template("report.html").render(title=title, subtitle=subtitle, sections=sections(summary),
                                                   version=__version__)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(html, encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise CivtableError(f"cannot write {path}: {e.strerror or e}") from None
    if png_dir is not None:
        png_dir.mkdir(parents=True, exist_ok=True)
        for name, fig in plots.all_figures(summary):
            (png_dir / f"{name}.png").write_bytes(png(fig))
