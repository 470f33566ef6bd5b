"""The result tables of simulate, compare, ladder and value, the report's figures and
the batch commands' help in Greek, Czech and German (issue 19); English unchanged."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from typing import Any

import pytest
from rich.console import Console

from civtable.cli import compare as compare_cli
from civtable.cli import main
from civtable.cli import value as value_cli
from civtable.i18n import ENGLISH, translator
from civtable.sim import plots
from civtable.sim.batch import simulate
from civtable.sim.compare import compare
from civtable.sim.ladder import ladder
from civtable.sim.report import print_ladder, print_summary
from civtable.sim.stats import summarise
from civtable.sim.value import value

LANGS = ("el", "cs", "de")
WORDS = {  # a heading of the simulation's table, of the ladder and of the figures in the language
    "de": ("Siegquote", "Rangliste", "Siegquote nach Platz"),
    "cs": ("Podíl výher", "žebříček", "Podíl výher podle místa"),
    "el": ("Ποσοστό νίκης", "κατάταξη", "Ποσοστό νίκης ανά θέση"),
}


@pytest.fixture(scope="module")
def summaries() -> dict[str, Any]:
    game, bots = "catan-deckbuilding", ["greedy", "random"]
    return {
        "simulate": summarise(simulate(game, {}, bots, 12, 1)),
        "compare": compare(game, {}, [{}, {"reshuffle": "B"}], bots, 6, 1),
        "ladder": ladder(game, {}, ["greedy", "random"], 4, 1),
        "value": value("civ-card-game", {}, ["greedy", "greedy"], ["writing"], 4, 1),
    }


def printed(call: Any, summary: dict[str, Any], tr: Any) -> str:
    out = io.StringIO()
    if call in (print_summary, print_ladder):
        call(summary, Console(file=out, width=140, color_system=None), tr=tr)
    else:
        with redirect_stdout(out):
            call(summary, tr)
    return out.getvalue()


def test_english_tables_are_the_old_ones(summaries: dict[str, Any]) -> None:
    text = printed(print_summary, summaries["simulate"], ENGLISH)
    assert "Win rate" in text and "95% CI" in text and "Game length over 12 finished games: mean" in text
    assert printed(print_ladder, summaries["ladder"], ENGLISH).startswith("catan-deckbuilding ladder: 2 bots, 2 seats")


@pytest.mark.parametrize("lang", LANGS)
def test_tables_in_the_language(summaries: dict[str, Any], lang: str) -> None:
    tr = translator(lang)
    table, ladder_word, _figure = WORDS[lang]
    text = printed(print_summary, summaries["simulate"], tr)
    assert table in text and "Win rate" not in text and "Game length" not in text and "Speed" not in text
    assert re.search(r"\d,\d\s?%", text)  # 96,7% in every language here: the decimal comma
    text = printed(print_ladder, summaries["ladder"], tr)
    assert ladder_word in text and "ladder" not in text and "Score of the row bot" not in text
    text = printed(compare_cli.show, summaries["compare"], tr)
    assert "paired differences" not in text and "games per variant" not in text
    text = printed(value_cli.show, summaries["value"], tr)
    assert "Item given at the start" not in text and "observational" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_figures_in_the_language(summaries: dict[str, Any], lang: str) -> None:
    tr = translator(lang)
    texts = []
    for summary in summaries.values():
        if "ranking" in summary:
            continue
        for _name, fig in plots.all_figures(summary, tr):
            for ax in fig.axes:
                texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    joined = " ".join(texts).replace("\n", " ")
    assert WORDS[lang][2] in joined
    for english in ("Win rate by seat", "Game length", "games won", "Item values", "minus default (paired"):
        assert english not in joined, english
    english_titles = [ax.get_title() for _n, f in plots.all_figures(summaries["simulate"]) for ax in f.axes]
    assert "Win rate by seat (95% CI)" in english_titles


def test_batch_help_in_the_language() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["--lang", "de", "simulate", "--help"])
    text = out.getvalue()
    assert "ein Bot pro Platz" in text and "wie viele Spiele" in text and "one bot per seat" not in text
