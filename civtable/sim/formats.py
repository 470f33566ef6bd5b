"""Numbers as the reports write them, in the reader's language: rates as percentages,
changes of a rate in points, other figures to three significant digits, intervals and
p-values (shared by the HTML report, the sweep's and the balance search's sections)."""

from __future__ import annotations

from civtable.i18n import ENGLISH, Translator


def pct(x: float | None, tr: Translator = ENGLISH) -> str:
    return tr.t("n/a") if x is None else tr.percent(x if tr.english else float(f"{100 * x:.1f}") / 100)


def signed(x: float | None, tr: Translator = ENGLISH) -> str:
    """A change of a rate in points: "+4.5 pts"."""
    if x is None:
        return tr.t("n/a")
    if tr.english:
        return f"{100 * x:+.1f} pts"
    return tr.t("{value} pts", value=("+" if x >= 0 else "-") + str(tr.number(round(abs(100 * x), 1))))


def num(x: float | None, tr: Translator = ENGLISH, rate: bool = False, sign: bool = False) -> str:
    """A figure: a percentage (a change in points, ``sign``) for a rate, else three
    significant digits."""
    if x is None:
        return tr.t("n/a")
    if rate:
        return signed(x, tr) if sign else pct(x, tr)
    if tr.english:
        return f"{x:+.3g}" if sign else f"{x:.3g}"
    return ("+" if sign and x >= 0 else "") + str(tr.number(float(f"{x:.3g}")))


def interval(ci: list[float] | None, tr: Translator = ENGLISH, rate: bool = False, sign: bool = False) -> str:
    return tr.t("n/a") if not ci else f"{num(ci[0], tr, rate, sign)} .. {num(ci[1], tr, rate, sign)}"


def pvalue(p: float | None, tr: Translator = ENGLISH) -> str:
    """A p-value to two significant digits ("<0.001" below a thousandth)."""
    if p is None:
        return tr.t("n/a")
    if p < 0.001:
        return "<" + ("0.001" if tr.english else str(tr.number(0.001)))
    return f"{float(f'{p:.2g}'):g}" if tr.english else str(tr.number(float(f"{p:.2g}")))
