"""One self-contained HTML file of a simulation or comparison: tables and figures
(PNG images embedded), from the JSON summary; PNG files of the figures on request.
The headings, column names, notes and the figures' labels are in the reader's
language (``tr``), the numbers written its way."""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from civtable import __version__
from civtable.core.errors import CivtableError
from civtable.i18n import ENGLISH, N_, Translator, message

from . import plots

HERE = Path(__file__).parent


def png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110)
    return out.getvalue()


def _pct(x: float | None, tr: Translator = ENGLISH) -> str:
    return tr.t("n/a") if x is None else tr.percent(x)


def kind(summary: Any) -> str:
    """'simulation' or 'comparison'; anything else is refused with one sentence."""
    if isinstance(summary, dict) and summary.get("format") == "civtable-value" and "items" in summary:
        return "value"
    if isinstance(summary, dict) and "figures" in summary and "labels" in summary:
        return "comparison"
    if isinstance(summary, dict) and "per_player" in summary and "games" in summary:
        return "simulation"
    raise CivtableError(message(N_("this is not a result of 'civtable simulate --json', 'compare --json' or "
                                   "'value --json'")))


def sections(summary: dict[str, Any], tr: Translator = ENGLISH) -> list[dict[str, Any]]:
    figs = dict(plots.all_figures(summary, tr))
    images = {name: {"alt": name, "data": base64.b64encode(png(f)).decode()} for name, f in figs.items()}
    out: list[dict[str, Any]] = []
    if kind(summary) == "value":
        return value_sections(summary, images, tr)
    na = tr.t("n/a")
    if kind(summary) == "comparison":
        for k, lab in enumerate(summary["labels"][1:]):
            rows = []
            for r in summary["figures"]:
                d = r["differences"][k]

                def show(x: float | None, rate: bool = bool(r["rate"])) -> str:
                    if rate:
                        return _pct(x, tr)
                    return na if x is None else (f"{x:.3g}" if tr.english else str(tr.number(float(f"{x:.3g}"))))

                ci = na if d["ci95"] is None else f"{show(d['ci95'][0])} .. {show(d['ci95'][1])}"
                rows.append([r["figure"], show(r["values"][0]), show(r["values"][k + 1]),
                             show(d["diff"]) + (" *" if d["significant"] else ""), ci])
            out.append({"title": tr.t("{variant} against {base}", variant=lab, base=summary["labels"][0]),
                        "note": tr.t("The same seeds and bots in both: each difference is taken game by game; "
                                     "* marks a difference whose interval (95%) excludes 0."),
                        "table": {"columns": [tr.t("figure"), summary["labels"][0], lab, tr.t("difference"),
                                              tr.t("95% CI")], "rows": rows},
                        "images": [images[f"difference-{k + 1}"]]})
        out.append({"title": tr.t("Win rates by variant"),
                    "images": [images[n] for n in images if n.startswith("win")]})
        return out
    rows = [[tr.t("seat {n}", n=r["seat"]), r["bot"], str(tr.number(r["wins"])), _pct(r["win_rate"], tr),
             f"{_pct(r['ci95'][0], tr)} .. {_pct(r['ci95'][1], tr)}"] for r in summary["per_player"]]
    out.append({"title": tr.t("Wins"), "table": {"columns": [tr.t("seat"), tr.t("bot"), tr.t("wins"), tr.t("win rate"),
                                                            tr.t("95% CI")], "rows": rows},
                "images": [images["win-rates"]]})
    t = summary["turns"]
    mean = f"{t['mean']:.1f}" if tr.english else str(tr.number(round(t["mean"], 1)))
    out.append({"title": tr.t("Game length"), "note": tr.t("mean {mean} turns, median {median}, from {low} to {high}",
                                                           mean=mean, median=t["median"], low=t["min"], high=t["max"]),
                "images": [images["game-length"]]})
    if "scores" in images:
        out.append({"title": tr.t("Score over the turns"), "images": [images["scores"]]})
    if "items" in images:
        out.append({"title": tr.t("Items held at the end"),
                    "note": tr.t("Holders' win rate is observational: strong players collect items, so an item held "
                                 "by winners is not necessarily what made them win. 'civtable value' measures it by "
                                 "paired games."), "images": [images["items"]]})
    return out


def value_sections(summary: dict[str, Any], images: dict[str, Any], tr: Translator = ENGLISH) -> list[dict[str, Any]]:
    rows = []
    for r in summary["items"]:
        v, o = r.get("value") or {}, r.get("observed") or {}
        ci = v.get("ci95")
        rows.append([r["item"], _signed(v.get("diff"), tr) + (" *" if v.get("significant") else ""),
                     tr.t("n/a") if not ci else f"{_signed(ci[0], tr)} .. {_signed(ci[1], tr)}",
                     _pct(o.get("win_rate"), tr), _pct(o.get("win_rate_without"), tr)])
    why = summary["why"]  # WHY of civtable.sim.value, a message
    out = [{"title": tr.t("Item values"), "note": tr.gettext(why),
            "table": {"columns": [tr.t("item"), tr.t("value (change of the win rate)"), tr.t("95% CI"),
                                  tr.t("holders won"), tr.t("the others won")], "rows": rows},
            "images": [images["values"]] if "values" in images else []}]
    return out


def _signed(x: float | None, tr: Translator = ENGLISH) -> str:
    if x is None:
        return tr.t("n/a")
    if tr.english:
        return f"{100 * x:+.1f} pts"
    return tr.t("{value} pts", value=("+" if x >= 0 else "-") + str(tr.number(round(abs(100 * x), 1))))


HEADINGS = {"comparison": N_("{game}: comparison of rule variants"), "value": N_("{game}: item values"),
            "simulation": N_("{game}: simulation")}
SUBTITLES = {"comparison": N_("{games} games per variant, seed {seed}, bots {bots}"),
             "value": N_("{games} games per treatment, seed {seed}, bots {bots}"),
             "simulation": N_("{games} games, seed {seed}, bots {bots}")}


def write(summary: dict[str, Any], path: Path, png_dir: Path | None = None, tr: Translator = ENGLISH) -> None:
    what = kind(summary)
    env = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))
    title = tr.t(HEADINGS.get(what, HEADINGS["simulation"]), game=summary["game"])
    subtitle = tr.t(SUBTITLES.get(what, SUBTITLES["simulation"]), games=summary["games"], seed=str(summary["seed"]),
                    bots=", ".join(summary["players"]))
    html = env.get_template("report.html").render(title=title, subtitle=subtitle, sections=sections(summary, tr),
                                                   version=__version__, lang=tr.code, _=tr.gettext)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(html, encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise CivtableError(f"cannot write {path}: {e.strerror or e}") from None
    if png_dir is not None:
        png_dir.mkdir(parents=True, exist_ok=True)
        for name, fig in plots.all_figures(summary, tr):
            (png_dir / f"{name}.png").write_bytes(png(fig))
