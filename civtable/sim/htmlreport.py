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
from .formats import interval as _interval
from .formats import num as _num
from .formats import pct as _pct
from .formats import pvalue as _p
from .formats import signed as _signed
from .methods import wilson

HERE = Path(__file__).parent


def png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=110)
    return out.getvalue()


def kind(summary: Any) -> str:
    """'simulation', 'comparison', 'value', 'sweep' or 'balance'; anything else is refused
    with one sentence."""
    if isinstance(summary, dict) and summary.get("format") in ("civtable-sweep", "civtable-balance"):
        return str(summary["format"]).removeprefix("civtable-")
    if isinstance(summary, dict) and summary.get("format") == "civtable-value" and "items" in summary:
        return "value"
    if isinstance(summary, dict) and "figures" in summary and "labels" in summary:
        return "comparison"
    if isinstance(summary, dict) and "per_player" in summary and "games" in summary:
        return "simulation"
    raise CivtableError(message(N_("this is not a result of 'civtable simulate --json', 'compare --json', "
                                   "'value --json', 'sweep --json' or 'balance --json'")))


def sections(summary: dict[str, Any], tr: Translator = ENGLISH) -> list[dict[str, Any]]:
    figs = dict(plots.all_figures(summary, tr))
    images = {name: {"alt": name, "data": base64.b64encode(png(f)).decode()} for name, f in figs.items()}
    what = kind(summary)
    if what in ("sweep", "balance"):
        from .searchreport import search_sections

        return search_sections(summary, images, tr)
    if what == "value":
        return value_sections(summary, images, tr)
    if what == "comparison":
        return comparison_sections(summary, images, tr)
    return simulation_sections(summary, images, tr)


def comparison_sections(summary: dict[str, Any], images: dict[str, Any], tr: Translator = ENGLISH,
                        ) -> list[dict[str, Any]]:
    from .notes import paired

    out: list[dict[str, Any]] = []
    checked: list[tuple[str, dict[str, Any]]] = []
    for k, lab in enumerate(summary["labels"][1:]):
        rows = []
        for r in summary["figures"]:
            d, rate = r["differences"][k], bool(r["rate"])
            checked.append((f"{lab}: {r['figure']}", d))
            rows.append([r["figure"], str(tr.number(d["n"])), _num(r["values"][0], tr, rate),
                         _num(r["values"][k + 1], tr, rate),
                         _num(d["diff"], tr, rate, True) + (" *" if d["significant"] else ""),
                         _interval(d["ci95"], tr, rate, True), _p(d.get("p"), tr), _p(d.get("p_holm"), tr)])
        out.append({"title": tr.t("{variant} against {base}", variant=lab, base=summary["labels"][0]),
                    "note": tr.t("The same seeds and bots in both: each difference is taken game by game (Newcombe's "
                                 "interval for a rate, t for a mean); * marks a difference that survives the Holm "
                                 "adjustment over every difference shown."),
                    "table": {"columns": [tr.t("figure"), tr.t("games"), summary["labels"][0], lab,
                                          tr.t("difference"), tr.t("95% CI"), tr.t("p"), tr.t("p (Holm)")],
                              "rows": rows},
                    "images": [images[f"difference-{k + 1}"]] if f"difference-{k + 1}" in images else []})
    out.append({"title": tr.t("Win rates by variant"),
                "images": [images[n] for n in images if n.startswith("win")],
                "warnings": paired(checked, summary.get("family", 1), tr)})
    return out


def simulation_sections(summary: dict[str, Any], images: dict[str, Any], tr: Translator = ENGLISH,
                        ) -> list[dict[str, Any]]:
    """Wins per seat (civilizations named), per bot, the game figures table (draws, the
    first player, the length, the final scores, the game's own figures), the lengths,
    the score curves with bands and n, every item, then the warnings."""
    from .notes import simulation

    out: list[dict[str, Any]] = []
    done = summary.get("finished", summary["games"])
    civ = any(r.get("civilization") for r in summary["per_player"])
    rows = [[tr.t("seat {n}", n=r["seat"]), r["bot"], *([r.get("civilization") or ""] if civ else []),
             str(tr.number(r["wins"])), str(tr.number(r.get("games", done))),
             _pct(r["win_rate"], tr), _interval(r["ci95"], tr, True)] for r in summary["per_player"]]
    tables = [{"columns": [tr.t("seat"), tr.t("bot"), *([tr.t("civilization")] if civ else []), tr.t("wins"),
                           tr.t("finished games"), tr.t("win rate"), tr.t("95% CI")], "rows": rows}]
    bots = summary.get("per_bot") or {}
    if len(bots) < len(summary["per_player"]):
        tables.append({"caption": tr.t("Per bot, over all its seats (the interval clustered by game)"),
                       "columns": [tr.t("bot"), tr.t("wins"), tr.t("seat-games"), tr.t("win rate"), tr.t("95% CI")],
                       "rows": [[bot, str(tr.number(r["wins"])), str(tr.number(r["games"])), _pct(r["win_rate"], tr),
                                 tr.t("fixed by construction") if r.get("fixed") else _interval(r["ci95"], tr, True)]
                                for bot, r in bots.items()]})
    unfinished = summary.get("unfinished") or 0
    out.append({"title": tr.t("Wins"),
                "note": tr.t("Over the {n} finished games ({u} stopped by the step limit are left out).", n=done,
                             u=unfinished),
                "tables": tables, "images": [images["win-rates"]] if "win-rates" in images else []})
    out.append({"title": tr.t("Game figures"), "table": {"columns": [tr.t("figure"), tr.t("mean or rate"),
                                                                     tr.t("95% CI"), tr.t("games")],
                                                         "rows": figure_rows(summary, tr)}})
    t = summary["turns"]
    mean = f"{t['mean']:.1f}" if tr.english else str(tr.number(round(t["mean"], 1)))
    out.append({"title": tr.t("Game length"), "note": tr.t("mean {mean} turns, median {median}, from {low} to {high}",
                                                           mean=mean, median=t["median"], low=t["min"], high=t["max"]),
                "images": [images["game-length"]] if "game-length" in images else []})
    scores = summary.get("scores") or {}
    if "scores" in images:
        note = tr.t("Finished games only; the band is the 95% CI of the mean, the dotted line the number of "
                    "games that reached the turn; the curves stop where fewer than {minimum} did.",
                    minimum=scores.get("minimum", 10))
        out.append({"title": tr.t("Score over the turns"), "note": note,
                    "images": [images[n] for n in ("scores", "scores-by-bot") if n in images]})
    if summary.get("items"):
        out.append({"title": tr.t("Items held at the end"),
                    "note": tr.t("Holders' win rate is observational: strong players collect items, so an item held "
                                 "by winners is not necessarily what made them win. 'civtable value' measures it by "
                                 "paired games."), "scroll": True,
                    "table": {"columns": [tr.t("item"), tr.t("held"), tr.t("of players"), tr.t("holders won"),
                                          tr.t("95% CI"), tr.t("the others won"), tr.t("95% CI")],
                              "rows": item_rows(summary["items"], tr)},
                    "images": [images["items"]] if "items" in images else []})
    out.append({"title": tr.t("Notes"), "warnings": simulation(summary, tr, curves=True)})
    return out


def figure_rows(summary: dict[str, Any], tr: Translator) -> list[list[str]]:
    """The game figures table: draws, the first player's rate, the length, the unfinished
    games, each seat's final score and the game's own figures, each with its n."""
    done = summary.get("finished", summary["games"])
    rows = []
    if summary.get("draw_rate") is not None and summary.get("solo") is None:
        lo, hi = wilson(summary["draws"], done)
        rows.append([tr.t("draws"), _pct(summary["draw_rate"], tr), _interval([lo, hi], tr, True),
                     str(tr.number(done))])
    first = summary.get("first_player")
    if first:
        rows.append([tr.t("first player won"), _pct(first["win_rate"], tr), _interval(first["ci95"], tr, True),
                     str(tr.number(first["games"]))])
    t = summary["turns"]
    rows.append([tr.t("length (turns)"), _num(t["mean"], tr), _interval(t.get("ci95"), tr),
                 str(tr.number(t.get("n", done)))])
    if summary.get("unfinished"):
        rows.append([tr.t("unfinished (step limit)"), str(tr.number(summary["unfinished"])), "",
                     str(tr.number(summary["games"]))])
    for r in summary["per_player"]:
        if r.get("score"):
            rows.append([tr.t("final score, seat {n}", n=r["seat"]), _num(r["score"]["mean"], tr),
                         _interval(r["score"]["ci95"], tr), str(tr.number(r["score"]["n"]))])
    for name, row in (summary.get("game_stats") or {}).items():
        share = name.endswith("_share")
        rows.append([name.replace("_", " "), _num(row["mean"], tr, share), _interval(row["ci95"], tr, share),
                     str(tr.number(row["n"]))])
    return rows


def item_rows(items: dict[str, Any], tr: Translator) -> list[list[str]]:
    """Every item, best holders' rate first; a hidden group shows its n."""
    order = sorted(items.items(), key=lambda kv: (kv[1].get("win_rate") is None, -(kv[1].get("win_rate") or 0),
                                                  -kv[1]["held"], kv[0]))
    rows = []
    for name, r in order:
        rate = _pct(r["win_rate"], tr) if r["win_rate"] is not None else tr.t("n={n}, hidden", n=r["held"])
        other = (_pct(r["win_rate_without"], tr) if r["win_rate_without"] is not None
                 else tr.t("n={n}, hidden", n=r.get("others", 0)))
        rows.append([name, str(tr.number(r["held"])), _pct(r["held_share"], tr), rate,
                     tr.t("fixed by construction") if r.get("everyone") else _interval(r["ci95"], tr, True), other,
                     _interval(r.get("ci95_without"), tr, True)])
    return rows


def value_sections(summary: dict[str, Any], images: dict[str, Any], tr: Translator = ENGLISH) -> list[dict[str, Any]]:
    from .notes import paired

    rows, seats = [], []
    checked: list[tuple[str, dict[str, Any]]] = []
    remove = summary.get("mode") == "remove"
    for r in summary["items"]:
        o = r.get("observed") or {}
        if remove:  # every seat's change and the length's, when nobody can have the item
            for d in [*r["by_seat"], r["turns"]]:
                what = tr.t("seat {n}", n=d["seat"]) if "seat" in d else tr.t("turns")
                checked.append((f"{r['item']}, {what}", d))
                change = _signed(d.get("diff"), tr) if "seat" in d else _num(d.get("diff"), tr, sign=True)
                ci = _interval(d.get("ci95"), tr, "seat" in d, True)
                rows.append([f"{r['item']}: {what}", change + (" *" if d.get("significant") else ""), ci,
                             _p(d.get("p"), tr), _p(d.get("p_holm"), tr), _pct(o.get("win_rate"), tr),
                             _pct(o.get("win_rate_without"), tr)])
            continue
        v = r.get("value") or {}
        checked.append((r["item"], v))
        rows.append([r["item"], _signed(v.get("diff"), tr) + (" *" if v.get("significant") else ""),
                     _interval(v.get("ci95"), tr, True, True), _p(v.get("p"), tr), _p(v.get("p_holm"), tr),
                     _pct(o.get("win_rate"), tr), _pct(o.get("win_rate_without"), tr)])
        for d in r["by_seat"]:
            seats.append([r["item"], tr.t("seat {n}", n=d["seat"]),
                          _pct(d.get("base_win_rate"), tr) + (f" ({_interval(d.get('base_ci95'), tr, True)})"
                                                               if d.get("base_ci95") else ""),
                          _signed(d.get("diff"), tr), _interval(d.get("ci95"), tr, True, True),
                          str(tr.number(d.get("pairs", 0))), str(tr.number(d.get("n", 0)))])
    why = summary["why"]  # WHY of civtable.sim.value, a message
    out: list[dict[str, Any]] = [{"title": tr.t("Item values"), "note": tr.gettext(why),
            "table": {"columns": [tr.t("item"), tr.t("value (change of the win rate)"), tr.t("95% CI"), tr.t("p"),
                                  tr.t("p (Holm)"), tr.t("holders won"), tr.t("the others won")], "rows": rows},
            "images": [images["values"]] if "values" in images else []},
           *([] if remove else [{"title": tr.t("The seats that received each item"), "scroll": len(seats) > 20,
            "note": tr.t("Each seat's win rate in the base games (its base rate) and its change when it starts with "
                         "the item (Newcombe's interval; the games whose result changed, of the paired games)."),
            "table": {"columns": [tr.t("item"), tr.t("seat"), tr.t("base rate (95% CI)"), tr.t("change"),
                                  tr.t("95% CI"), tr.t("games that differ"), tr.t("games")], "rows": seats}}]),
           {"title": tr.t("Notes"), "warnings": paired(checked, summary.get("family", 1), tr)}]
    return out


HEADINGS = {"comparison": N_("{game}: comparison of rule variants"), "value": N_("{game}: item values"),
            "simulation": N_("{game}: simulation"), "sweep": N_("{game}: parameter sweep"),
            "balance": N_("{game}: balance search")}
SUBTITLES = {"comparison": N_("{games} games per variant, seed {seed}, bots {bots}"),
             "value": N_("{games} games per treatment, seed {seed}, bots {bots}"),
             "simulation": N_("{games} games, seed {seed}, bots {bots}"),
             "sweep": N_("{games} games per point, the same seeds at every point (seed {seed}), bots {bots}"),
             "balance": N_("{games} games per trial on paired seeds (seed {seed}), bots {bots}")}


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
