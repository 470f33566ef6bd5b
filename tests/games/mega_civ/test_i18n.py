"""Mega Civilization in Greek, Czech and German (issue 19): the screen, help, menus,
reasons, events, browser page and reference in each language with the glossary's words
(civtable/locale/glossary/mega-civ.yaml, from the Greek rules) and no English left;
English unchanged; names of areas, cards and advances typed in any language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from civtable.agents.base import PlayerView
from civtable.core.registry import load_game
from civtable.games.mega_civ.show.words import PHASE_WORDS
from civtable.games.mega_civ.state import PHASE_TITLES
from civtable.i18n import ENGLISH, Localized, translator
from tests.games.language import check_menu, check_reasons, check_screens, english_in, events_told

LANGS = ("el", "cs", "de")
WORDS = {  # the game's own words on a player's screen
    "el": ("Π.Α.Μ.", "αποθεματικό", "θησαυροφυλάκιο", "Πιστώσεις", "Αναπτύξεις", "Χέρι"),
    "cs": ("AST", "zásoba", "pokladnice", "Kredity", "Pokroky", "Ruka"),
    "de": ("AST", "Vorrat", "Schatzkammer", "Gutschriften", "Fortschritte", "Hand"),
}
ENGLISH_WORDS = re.compile(r"\b(Hand|Advances?|Credits|treasury|stock|Players|tokens?|city|cities|calamit(y|ies)|"
                           r"phase|turn|player|areas?|ships?|VP|Your|none|nobody|offer|counter-offer|move|build|"
                           r"buy|discard|barbarians|limit)\b")
"""English that must not be left in a translated text (quoted actions and ids aside);
German has its own Hand, Czech its own limit."""


def played(players: int = 5, seed: int = 3, plies: int = 600, **options: Any):  # type: ignore[no-untyped-def]
    game = load_game("mega-civ", players=players, **{"map": "small", "last-turn": 40, **options})
    state = game.new_state(seed)
    bots = [game.bots()["greedy"](game, 10 + p, {}) for p in range(players)]
    for _ in range(plies):
        if state.is_terminal():
            break
        for p in state.to_move():
            if p in state.to_move():
                state.apply(p, bots[p].act(PlayerView(state, p)))
    return game, state


def english_left(text: str, lang: str = "") -> list[str]:
    """English words outside quoted actions and the MC- rule ids."""
    return english_in(ENGLISH_WORDS, text, {"de": {"Hand"}, "cs": {"limit"}}.get(lang, ()))


def test_english_is_unchanged_and_localized() -> None:
    game, state = played(plies=200)
    p = state.to_move()[0]
    obs = state.observation(p)
    screen = game.render(obs, p)
    assert isinstance(screen, Localized) and ENGLISH.localize(screen) == screen
    assert "Players in AST order:   AST  VP" in screen and "treasury" in screen
    assert game.term("card", "civil-war") == "Civil War" and game.term("phase", 9) == "Calamity resolution"
    assert game.term("action", "move kings_vale old_ford") == "move a token from Kings Vale to Old Ford"
    assert [game.render_event(e, 0) for e in state.events(0)] == [game.render_event(e, 0, tr=ENGLISH)
                                                                   for e in state.events(0)]


def test_every_phase_title_is_a_message() -> None:
    """codes.PHASE_TITLES (not a text module) is translated through words.PHASE_WORDS."""
    assert set(PHASE_TITLES.values()) == set(PHASE_WORDS)
    assert translator("el").gettext(PHASE_TITLES[9]) == "Επίλυση των συμφορών"  # the Greek rules' own phase


@pytest.mark.parametrize("lang", LANGS)
def test_screen_help_menus_reasons_page_and_reference_in_the_language(lang: str) -> None:
    game, state = played(plies=400)
    tr = translator(lang)

    def english(text: str) -> list[str]:
        return english_left(text, lang)

    for page in check_screens(game, state, tr, WORDS[lang], english):
        assert "Players in AST order" not in page and "Trade-card stacks" not in page and "Kings Vale" not in page
    spectator = tr.localize(game.render(state.observation(None), None))
    assert not english(spectator), spectator
    p = state.to_move()[0]
    check_menu(game, state, p, tr, english)
    check_reasons(state, p, ("move kings_vale old_ford", "buy astronomy", "city nowhere", "hello", "grow kings_vale",
                             "done"), tr, english)
    other = next(q for q in range(5) if q not in state.to_move())
    assert tr.localize(state.explain(other, "done")) != state.explain(other, "done")
    tables = tr.localize(game.reference())
    cells = " ".join(cell for t in tables for row in t.rows for cell in row)
    assert game.term_in(tr, "card", "civil-war") in cells and game.term_in(tr, "advance", "monarchy") in cells
    assert not english_left(" ".join(t.title + " " + " ".join(t.columns) for t in tables), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_bot_games_is_told_in_the_language(lang: str) -> None:
    """Every event of a few bot games (conflicts, calamities, trade and the end
    included) in the language: no template falls back to English, no English word is left."""
    tr = translator(lang)
    seen: set[str] = set()
    for seed in range(3):
        game, state = played(seed=seed, plies=4000, **{"last-turn": 30})
        seen |= events_told(game, state, tr, lambda text: english_left(text, lang))
    assert {"turn.started", "tax.paid", "population.grew", "calamity.struck", "units.lost",
            "advance.bought", "ast.moved", "trade.done", "game.score"} <= seen


@pytest.mark.parametrize(("board", "typed", "meant"), [
    ("small", "grow Královské údolí", "grow kings_vale"),
    ("small", "move Königstal Alte Furt", "move kings_vale old_ford"),
    ("small", "move Κοιλάδα των Βασιλιάδων Παλιό Πέρασμα", "move kings_vale old_ford"),
    ("small", "buy Drama und Dichtung", "buy drama-and-poetry"),
    ("small", "discard Εμφύλιος πόλεμος", "discard civil-war"),
    ("small", "grow Kings Vale", "grow kings_vale"),
    ("small", "done", None),
    ("full", "move Μακεδονία Ήπειρος", "move macedonia epirus"),
    ("full", "move Atény Korint", "move athens corinth"),
])
def test_names_are_read_in_every_language(board: str, typed: str, meant: str | None) -> None:
    assert load_game("mega-civ", map=board).interpret({}, typed) == meant


def test_terms_in_every_language() -> None:
    game = load_game("mega-civ")
    expected = {"el": ("Αθήνα", "Εμφύλιος πόλεμος", "Μονοθεϊσμός", "Επίλυση των συμφορών", "Ύστερη Εποχή του Σιδήρου"),
                "cs": ("Atény", "Občanská válka", "Monoteismus", "Vyhodnocení pohrom", "Mladší doba železná"),
                "de": ("Athen", "Bürgerkrieg", "Monotheismus", "Abwicklung der Katastrophen", "Späte Eisenzeit")}
    for lang, (athens, war, advance, phase, epoch) in expected.items():
        tr = translator(lang)
        assert game.term_in(tr, "area", "athens") == athens
        assert game.term_in(tr, "card", "civil-war") == war
        assert game.term_in(tr, "advance", "monotheism") == advance
        assert game.term_in(tr, "phase", 9) == phase
        assert game.term_in(tr, "epoch", "late_iron") == epoch
    assert game.term_in(translator("cs"), "loss", {"tokens": 5, "area": "athens"}) == "5 žetonů v oblasti Atény"
