"""Choosing a language and speaking it: --lang and the environment, Accept-Language,
an unknown code (English and one line), catalogs read from .po without .mo, plural
forms, Babel's numbers, and a game's texts and events in every language at once."""

from __future__ import annotations

import gettext
import io
import os
import random
import shutil
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from civtable.cli import main
from civtable.core.registry import load_game
from civtable.i18n import (
    ENGLISH,
    LOCALE_DIR,
    Localized,
    choose,
    error_text,
    from_accept_language,
    from_environment,
    localizable,
    message,
    translator,
)
from civtable.i18n.translator import load_catalogs

LANGS = ("el", "cs", "de")


def run(*argv: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = dict(os.environ)
    try:
        if env is not None:
            for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
                os.environ.pop(name, None)
            os.environ.update(env)
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return code, out.getvalue(), err.getvalue()


# ------------------------------------------------------------------ choosing
def test_lang_option_wins_over_the_environment() -> None:
    assert choose("de", {"LANG": "el_GR.UTF-8"}) == ("de", None)
    assert choose(None, {"LANG": "el_GR.UTF-8"}) == ("el", None)
    assert choose(None, {"LC_ALL": "cs_CZ.UTF-8", "LANG": "de_DE.UTF-8"}) == ("cs", None)
    assert choose(None, {"LC_MESSAGES": "de_AT", "LANG": "el_GR"}) == ("de", None)
    assert choose(None, {}) == ("en", None)
    assert from_environment({"LANG": "C"}) == "en"
    assert from_environment({"LANG": "fr_FR.UTF-8"}) == "en"


def test_an_unknown_code_falls_back_to_english_with_one_line() -> None:
    code, note = choose("xx")
    assert code == "en" and note is not None and "\n" not in note and "'xx'" in note
    status, out, err = run("--lang", "klingon", "games")
    assert status == 0 and "catan-deckbuilding" in out
    assert err.count("\n") == 1 and "English" in err


def test_accept_language() -> None:
    assert from_accept_language("el-GR,el;q=0.9,en;q=0.8") == "el"
    assert from_accept_language("fr-FR, de;q=0.7, cs;q=0.9") == "cs"
    assert from_accept_language("fr, ja") is None
    assert from_accept_language("de;q=0, en") == "en"
    assert from_accept_language("*") is None
    assert from_accept_language("") is None


# ------------------------------------------------------------------ catalogs
def test_catalogs_are_read_from_po_without_mo(tmp_path: Path) -> None:
    """A fresh checkout has no .mo: the .po is read; a .mo older than its .po is not used."""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "civtable.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
                  '"Content-Type: text/plain; charset=utf-8\\n"\n\nmsgid "nothing"\nmsgstr "nichts"\n', encoding="utf-8")
    assert load_catalogs("de", tmp_path).gettext("nothing") == "nichts"
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        cat = read_po(f, locale="de")
    cat.get("nothing").string = "gar nichts"  # type: ignore[union-attr]
    with (folder / "civtable.mo").open("wb") as f:
        write_mo(f, cat)
    assert load_catalogs("de", tmp_path).gettext("nothing") == "gar nichts"  # the fresh .mo is used
    later = time.time() + 10
    os.utime(po, (later, later))
    assert load_catalogs("de", tmp_path).gettext("nothing") == "nichts"  # a stale .mo is not


def test_the_shipped_catalogs_load_with_or_without_mo(tmp_path: Path) -> None:
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.mo"))
    for lang in LANGS:
        plain = load_catalogs(lang, copy)
        assert isinstance(plain, gettext.GNUTranslations)
        assert plain.pgettext("catan-deckbuilding", "City") == {"de": "Stadt", "cs": "Město", "el": "Πόλη"}[lang]
        assert plain.gettext("nobody") != "nobody"


def test_plural_forms_and_numbers() -> None:
    cs = translator("cs")
    assert [cs.plural_index(n) for n in (1, 2, 4, 5, 22, 0)] == [0, 1, 1, 2, 2, 2]
    assert cs.nt("Game over after {n} turn.", "Game over after {n} turns.", 3) == "Konec hry po 3 tazích."
    de = translator("de")
    assert de.number(1234.5) == "1.234,5"
    assert ENGLISH.number(1234.5) == 1234.5  # English keeps Python's digits
    assert "52,3" in de.percent(0.523)
    assert de.join(["a", "b", "c"]) == "a, b und c"
    assert translator("el").join(["α", "β"]) == "α και β"
    assert ENGLISH.join(["a", "b", "c"]) == "a, b and c"


def test_localized_texts_are_english_strings_that_build_again() -> None:
    @localizable
    def hello(n: int, *, tr=ENGLISH) -> str:  # type: ignore[no-untyped-def]
        return tr.nt("Game over after {n} turn.", "Game over after {n} turns.", n)

    english = hello(2)
    assert isinstance(english, Localized) and english == "Game over after 2 turns."
    assert translator("de").localize(english) == "Spielende nach 2 Zügen."
    assert hello(2, tr=translator("cs")) == "Konec hry po 2 tazích."
    import pickle

    assert type(pickle.loads(pickle.dumps(english))) is str
    error = ValueError(message("there is no player {player} in this {n}-player game", player="'7'", n=2))
    assert error_text(error, translator("de")) == "in diesem Spiel für 2 gibt es keinen Spieler '7'"
    assert error_text(error, ENGLISH) == str(error)


# ------------------------------------------------------------------ a game in every language
def _played(seed: int = 5, plies: int = 120):  # type: ignore[no-untyped-def]
    game = load_game("catan-deckbuilding")
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return game, state


def test_events_render_in_every_language_at_once() -> None:
    """The same stored events told to a Greek and a German player, and as a replay in
    Czech: each reads the game's words of his language, never the English ones."""
    game, state = _played()
    words = {"de": ("Spieler", "Zug"), "cs": ("hráč", "Hráč"), "el": ("παίκτ", "Παίκτ")}
    for viewer in (0, 1, None):
        events = state.events(viewer)
        assert events
        for lang in LANGS:
            tr = translator(lang)
            texts = [game.render_event(e, viewer, tr=tr) for e in events]
            english = [game.render_event(e, viewer) for e in events]
            assert all(t and t != e for t, e in zip(texts, english, strict=True) if "{" not in e), lang
            assert any(w in t for t in texts for w in words[lang])
            assert not any(" draws " in t or "player " in t for t in texts), [t for t in texts if "player " in t][:3]


def test_screens_menus_reasons_and_reference_in_every_language() -> None:
    game, state = _played(plies=40)
    p = state.to_move()[0]
    obs = state.observation(p)
    for lang, city in (("de", "Stadt"), ("cs", "Město"), ("el", "Πόλη")):
        tr = translator(lang)
        screen = tr.localize(game.render(obs, p))
        assert city in screen and "Supply" not in screen
        page = tr.localize(game.html(obs, p))
        assert city in page and "Your hand" not in page
        assert tr.localize(game.help(obs, p)) != game.help(obs, p)
        labels = [tr.localize(game.action_label(a, obs)) for a in state.legal_actions(p)]
        assert labels and all(label != game.action_label(a, obs) for label, a in
                              zip(labels, state.legal_actions(p), strict=True) if a.text != "end")
        reason = tr.localize(state.explain(p, "buy city"))
        assert reason and reason != state.explain(p, "buy city")
        tables = tr.localize(game.reference())
        assert any(city in cell for t in tables for row in t.rows for cell in row)
        assert game.term_in(tr, "card", "koff") == {"de": "Ritter (Offensiv)", "cs": "Rytíř (útočný)",
                                                      "el": "Ιππότης (επιθετικός)"}[lang]


def test_english_is_unchanged() -> None:
    game, state = _played(plies=30)
    p = state.to_move()[0]
    obs = state.observation(p)
    assert ENGLISH.localize(game.render(obs, p)) == game.render(obs, p)
    assert "Supply" in game.render(obs, p)
    assert game.term("card", "koff") == "Knight (Offensive)"
    assert [game.render_event(e, 0) for e in state.events(0)] == [game.render_event(e, 0, tr=ENGLISH)
                                                                   for e in state.events(0)]


def test_card_names_are_read_in_every_language() -> None:
    game, state = _played(plies=0)
    obs = state.observation(0)
    assert game.interpret(obs, "buy stadt") == "buy city"
    assert game.interpret(obs, "buy město") == "buy city"
    assert game.interpret(obs, "buy πόλη") == "buy city"
    assert game.interpret(obs, "play ritter defensiv") == "play kdef"


# ------------------------------------------------------------------ the command line
def test_cli_help_and_errors_in_the_language() -> None:
    status, out, _ = run("--lang", "de", "--help")
    assert status == 0 and "Aufruf:" in out and "Optionen" in out
    status, _, err = run("--lang", "cs", "simulate")
    assert status == 2 and "chybí tyto argumenty" in err
    status, _, err = run("play", "--resume", "a.jsonl", "--record", "b.jsonl", "--lang", "el")
    assert status == 2 and err.startswith("civtable: error:") and "συνεχίζεται" in err


def test_cli_language_from_the_environment() -> None:
    status, out, _ = run("cards", "catan-deckbuilding", "--only", "Karten", env={"LANG": "de_DE.UTF-8"})
    assert status == 0 and "Ritter (Offensiv)" in out and "Knight" not in out
    status, out, _ = run("cards", "catan-deckbuilding", env={"LC_ALL": "C"})
    assert "Knight (Offensive)" in out


@pytest.mark.parametrize("lang,word", [("de", "Spielende nach"), ("cs", "Konec hry po"), ("el", "Τέλος παιχνιδιού")])
def test_a_bot_game_told_in_the_language(lang: str, word: str) -> None:
    status, out, _ = run("--lang", lang, "play", "catan-deckbuilding", "--players", "greedy,greedy", "--seed", "3")
    assert status == 0 and word in out
    assert " draws " not in out and "Supply" not in out
