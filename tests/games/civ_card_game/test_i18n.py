"""Civilization: The Card Game in Greek, Czech and German (issue 19): the screen, help,
menus, reasons, events, browser page and card reference in each language with the
glossary's words and no English left; English unchanged; names typed in any language."""

from __future__ import annotations

import re

import pytest

from civtable.agents.base import PlayerView
from civtable.core.registry import load_game
from civtable.i18n import ENGLISH, Localized, translator
from tests.games.language import check_menu, check_reasons, check_screens, english_in, events_told

LANGS = ("el", "cs", "de")
WORDS = {  # the game's own words (civtable/locale/glossary/civ-card-game.yaml) on a mid-game screen
    "de": ("Landstücke", "Spielstapel", "Höchste Kultur", "Rohstoffe"),
    "cs": ("Pozemky", "Herní balíček", "Nejvyšší kultura", "Suroviny"),
    "el": ("Οικόπεδα", "Τράπουλα παιχνιδιού", "Υψηλότερος πολιτισμός", "Πόροι"),
}
ENGLISH_WORDS = re.compile(r"\b(Plots?|Play deck|Highest|Resources|Technolog(y|ies)|Hand|turn|player|buy|"
                           r"Food|Hammers?|Commerce|Grassland|Pyramids|Archers)\b")
"""English that must not be left in a translated text (action texts and ids aside);
German has its own Hand and Hammer."""


def played(players: int = 3, seed: int = 4, plies: int = 160):  # type: ignore[no-untyped-def]
    game = load_game("civ-card-game", players=players)
    state = game.new_state(seed=seed)
    bots = [game.bots()["greedy"](game, 10 + p, {}) for p in range(players)]
    for _ in range(plies):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        state.apply(p, bots[p].act(PlayerView(state, p)))
    return game, state


def english_left(text: str, lang: str = "") -> list[str]:
    """English words outside quoted actions."""
    return english_in(ENGLISH_WORDS, text, {"Hand", "Hammer"} if lang == "de" else ())


def test_english_is_unchanged_and_localized() -> None:
    game, state = played()
    p = state.to_move()[0]
    obs = state.observation(p)
    screen = game.render(obs, p)
    assert isinstance(screen, Localized) and ENGLISH.localize(screen) == screen
    assert "Play deck" in screen and "Highest Culture" in screen
    assert game.term("card", "city_walls") == "City Walls" and game.term("status", "culture") == "Culture"
    assert [game.render_event(e, 0) for e in state.events(0)] == [game.render_event(e, 0, tr=ENGLISH)
                                                                   for e in state.events(0)]


@pytest.mark.parametrize("lang", LANGS)
def test_screen_help_menus_reasons_and_reference_in_the_language(lang: str) -> None:
    game, state = played()
    tr = translator(lang)

    def english(text: str) -> list[str]:
        return english_left(text, lang)

    for page in check_screens(game, state, tr, WORDS[lang], english):
        assert WORDS[lang][1] in page and "Play deck" not in page and "Your hand" not in page
    p = state.to_move()[0]
    check_menu(game, state, p, tr, english, texts_kept=True)
    check_reasons(state, p, ("build library 9", "tech writing", "pop 9", "hello", "block chariot archers", "draw 4"),
                  tr, english)
    other = (p + 1) % 3
    assert tr.localize(state.explain(other, "done")) != state.explain(other, "done")
    tables = tr.localize(game.reference())
    cells = " ".join(cell for t in tables for row in t.rows for cell in row)
    assert game.term_in(tr, "card", "city_walls") in cells
    assert tables[0].title != "Plots" and not english_left(" ".join(t.title for t in tables), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_bot_games_is_told_in_the_language(lang: str) -> None:
    """Every event of a few bot games (combat, steals and the end included) in the
    language: no template falls back to English, no English word is left."""
    tr = translator(lang)
    seen: set[str] = set()
    for seed in range(4):
        game, state = played(players=2 + seed % 3, seed=seed, plies=3000)
        seen |= events_told(game, state, tr, lambda text: english_left(text, lang), kept=("move",))
    assert {"combat.begins", "end.score", "collect.yields", "buy.tech", "draw.count"} <= seen


@pytest.mark.parametrize(("typed", "meant"), [
    ("build Stadtmauern 2", "build city_walls 2"),
    ("build městské hradby 2", "build city_walls 2"),
    ("tech Κώδικας νόμων", "tech code_of_laws"),
    ("plot Goldhügel", "plot gold"),
    ("discard Jídlo +2", "discard food_cache"),
    ("build City Walls 2", "build city_walls 2"),
    ("Discard Food +2", "discard food_cache"),
    ("tech Code of Laws", "tech code_of_laws"),
    ("plot Gold Hills", "plot gold"),
    ("done", None),
])
def test_names_are_read_in_every_language(typed: str, meant: str | None) -> None:
    """A person may type the names the screen shows, in any language (English too)."""
    assert load_game("civ-card-game").interpret({}, typed) == meant


def test_terms_in_every_language() -> None:
    game = load_game("civ-card-game")
    expected = {"de": ("Stadtmauern", "Höchste Kultur", "2 Nahrung und 1 Hammer"),
                "cs": ("Městské hradby", "Nejvyšší kultura", "2 jídla a 1 kladivo"),
                "el": ("Τείχη πόλης", "Υψηλότερος πολιτισμός", "2 τροφή και 1 σφυρί")}
    for lang, (walls, status, res) in expected.items():
        tr = translator(lang)
        assert game.term_in(tr, "card", "city_walls") == walls
        assert game.term_in(tr, "status", "culture") == status
        assert game.term_in(tr, "res", {"food": 2, "hammers": 1}).replace("\xa0", " ") == res
