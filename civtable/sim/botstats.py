"""What bots count about themselves (``Agent.stats``), summed over a batch, and the figures
``simulate`` and ``ladder`` show for language-model seats (``llm:MODEL``): how often a reply
named no legal action, retries, decisions the fallback bot played, requests without a
reply by kind, tokens and seconds per decision.

Every rate names its denominator: the illegal-reply rate is over the replies received,
the other rates over the decisions the model was asked (a decision with one legal action
is played without asking and counted apart as ``forced``). No interval is given: the
replies of one game share its position and its conversation, so they are not
independent draws, and a binomial interval would claim a precision the data lacks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from civtable.i18n import ENGLISH, NP_, Translator

LLM_KEY = "requests"
"""A bot's stats with this key are a language model's (``civtable.agents.llm.COUNTERS``)."""
FAILURE_KINDS = ("timeout", "http", "unreachable", "garbage", "too_long")


def add_stats(sums: dict[str, float], stats: Mapping[str, float]) -> None:
    for key, value in stats.items():
        sums[key] = sums.get(key, 0.0) + float(value)


def _ratio(num: float, den: float, digits: int = 4) -> float | None:
    return round(num / den, digits) if den else None


def llm_figures(sums: Mapping[str, float], games: int) -> dict[str, Any]:
    """The figures of a language-model seat (or bot) from its summed stats over ``games``."""
    g = sums.get
    decisions, replies = g("decisions", 0.0), g("replies", 0.0)
    tokens = g("prompt_tokens", 0.0) + g("completion_tokens", 0.0)
    return {
        "games": games,
        "decisions": int(decisions),
        "forced": int(g("forced", 0.0)),
        "requests": int(g("requests", 0.0)),
        "replies": int(replies),
        "illegal": int(g("illegal", 0.0)),
        "illegal_rate": _ratio(g("illegal", 0.0), replies),
        "illegal_rate_of": "replies",
        "retries": int(g("retries", 0.0)),
        "retries_per_decision": _ratio(g("retries", 0.0), decisions),
        "fallback": int(g("fallback", 0.0)),
        "fallback_rate": _ratio(g("fallback", 0.0), decisions),
        "fallback_rate_of": "decisions",
        "failures": {kind: int(g(kind, 0.0)) for kind in FAILURE_KINDS},
        "prompt_tokens": int(g("prompt_tokens", 0.0)),
        "completion_tokens": int(g("completion_tokens", 0.0)),
        "tokens_per_decision": _ratio(tokens, decisions, 1),
        "untallied_replies": int(g("untallied", 0.0)),
        "seconds_per_decision": _ratio(g("seconds", 0.0), decisions, 3),
        "talk": int(g("talk", 0.0)),
    }


def seat_figures(players: list[str], sums: list[dict[str, float]], games: list[int]) -> list[dict[str, Any]]:
    """One row per language-model seat of a ``simulate`` batch."""
    return [{"seat": seat, "bot": players[seat], **llm_figures(s, games[seat])}
            for seat, s in enumerate(sums) if LLM_KEY in s]


def bot_figures(per_bot: Mapping[str, tuple[dict[str, float], int]]) -> list[dict[str, Any]]:
    """One row per language-model bot of a ladder (all its seats)."""
    return [{"bot": bot, **llm_figures(s, n)} for bot, (s, n) in per_bot.items() if LLM_KEY in s]


def ladder_sums(entries: Iterable[tuple[str, Mapping[str, float]]]) -> dict[str, tuple[dict[str, float], int]]:
    """``(bot, stats of one seat in one game)`` summed per bot, with the seat-games counted."""
    out: dict[str, tuple[dict[str, float], int]] = {}
    for bot, stats in entries:
        if not stats:
            continue
        sums, n = out.get(bot, ({}, 0))
        add_stats(sums, stats)
        out[bot] = (sums, n + 1)
    return out


COLUMNS = (
    (NP_("table column", "Language model"), "left"), (NP_("table column", "Decisions"), "right"),
    (NP_("table column", "Illegal replies"), "right"), (NP_("table column", "Retries/decision"), "right"),
    (NP_("table column", "Fallback moves"), "right"), (NP_("table column", "No reply"), "right"),
    (NP_("table column", "Tokens/decision"), "right"), (NP_("table column", "s/decision"), "right"),
)


def print_llm(rows: list[dict[str, Any]], console: Console | None = None, tr: Translator = ENGLISH) -> None:
    """The language-model seats' table (nothing when there is none)."""
    if not rows:
        return
    console = console or Console()
    table = Table(title=escape(tr.t("Language-model seats (illegal replies of replies received; fallback moves "
                                    "and the rest per decision asked)")), title_justify="left")
    for column, justify in COLUMNS:
        table.add_column(escape(tr.pgettext("table column", column)), justify=justify)  # type: ignore[arg-type]
    na = tr.t("n/a")
    for row in rows:
        who = row["bot"] if "seat" not in row else tr.t("{seat}: {bot}", seat=row["seat"], bot=row["bot"])
        illegal = na if row["illegal_rate"] is None else tr.t("{n} of {of} ({rate})", n=row["illegal"],
                                                               of=row["replies"], rate=tr.percent(row["illegal_rate"]))
        fallback = na if row["fallback_rate"] is None else tr.t("{n} ({rate})", n=row["fallback"],
                                                                 rate=tr.percent(row["fallback_rate"]))
        table.add_row(escape(who), str(tr.number(row["decisions"])), escape(illegal),
                      _or(row["retries_per_decision"], na, tr), escape(fallback),
                      str(tr.number(sum(row["failures"].values()))), _or(row["tokens_per_decision"], na, tr),
                      _or(row["seconds_per_decision"], na, tr))
    console.print(table)


def _or(value: float | None, na: str, tr: Translator) -> str:
    return na if value is None else str(tr.number(value))
