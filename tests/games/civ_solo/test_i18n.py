"""civ-solo in Czech (the language of its rule document), German and Greek: the events,
the screen, the question, menus, help, reasons, the web page, the reference and the
game's own commands speak the reader's language with the glossary's words
(``civtable/locale/glossary/civ-solo.yaml``); English is unchanged; a question told in
another language is the question of the position it was asked in; answers may be
typed with the words of any language; every name of the data files is a message."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from civtable.games.civ_solo.catalog import DATA_DIR
from civtable.games.civ_solo.show import web
from civtable.games.civ_solo.show.commands import SOLO_UNITS_HELP
from civtable.games.civ_solo.show.render import interpret
from civtable.games.civ_solo.show.words import NAMES
from civtable.i18n import ENGLISH, translator
from tests.i18n.catalogs import catalog

from ._solo_helpers import (
    GAME_ID,
    answer,
    battle_at_play,
    bot_game,
    cli,
    event,
    game,
    new,
    to_turn,
    with_deck,
)

LANGS = ("cs", "de", "el")
ENGLISH_WORDS = re.compile(r"\b(the|your|you|turn|opponent|strength|battle|cards|dice|roll|tokens?|wounds?|"
                           r"loss|market|wonders?|acquisition|answer)\b", re.IGNORECASE)
"""Words that would betray English left in a translated text (the notation in quotes,
option names and the answers' own texts aside)."""
NOTATION = re.compile(r"'[A-Za-z][-A-Za-z0-9 .:=,/]*'|\b[a-z]+(-[a-z]+)+( [A-C])?\b")
"""The notation in quotes ('trade roll', 'unit infantry 2 3'; not an apostrophe of Greek
"δώσ' το") and option names (loss-choice B)."""


def english_left(text: str) -> list[str]:
    """English words in a translated text, outside quoted commands and option names."""
    return ENGLISH_WORDS.findall(NOTATION.sub("", text))


def positions(seed: int, steps: int = 300, **options: Any) -> list[Any]:
    """Every position of one game answered at random (all the answers are offered)."""
    g = game(**options)
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        out.append(s.clone())
        if s.is_terminal():
            break
        s.apply(0, rng.choice(s.legal_actions(0)))
    return out


@pytest.fixture(scope="module")
def played() -> list[Any]:
    """Positions of a few games with the dice typed (every question is asked), of the
    readings that ask more (loss-choice B, strongest-tie A, trade-value-direction B) and
    of whole games of the growth model."""
    out: list[Any] = []
    for seed in range(1, 5):
        out += positions(seed)
    out += positions(9, **{"loss-choice": "B", "loss-none": "B", "strongest-tie": "A", "random-unit": "B",
                           "trade-value-direction": "B", "resource-ability-term": "B", "cancel-cards": "B"})
    for seed in (3, 7):
        out += [s.clone() for s in bot_game(game(dice="engine"), "model", seed)]
    return out


# ------------------------------------------------------------ events
def test_every_event_is_told_in_every_language(played: list[Any]) -> None:
    ends = [s for s, after in zip(played, [*played[1:], None], strict=True)
            if after is None or after.turn_no < s.turn_no or s.is_terminal()]
    events = [(s.game, e) for s in ends for e in s.events(0)]
    assert len(events) > 300 and len({e.id for _, e in events}) > 40
    for lang in LANGS:
        tr = translator(lang)
        for g, e in events:
            english = g.render_event(e, 0)
            text = g.render_event(e, 0, tr=tr)
            assert text and (text != english or e.id == "move"), (lang, e.id, text)
            if e.id != "move":
                assert not english_left(text), (lang, e.id, text, english_left(text))


def test_the_games_words_in_the_events() -> None:
    s = to_turn(new(seed=2), 4)
    event(s, 1)
    answer(s, "accept", "culture 3")
    texts = {lang: "\n".join(s.game.render_event(e, 0, tr=translator(lang)) for e in s.events(0))
             for lang in LANGS}
    assert "žeton zranění" in texts["cs"] and "kulturní stupnice" in texts["cs"]
    assert "Hod na událost 1" in texts["cs"] and "pět žetonů kultury" in texts["cs"]
    assert "Verwundungsmarker" in texts["de"] and "Kulturleiste" in texts["de"]
    assert "δείκτη τραύματος" in texts["el"] and "κλίμακας πολιτισμού" in texts["el"]


def test_terms_in_the_languages_cases() -> None:
    g = game()
    cs, de, el = (translator(x) for x in LANGS)
    assert g.term_in(cs, "unit", "infantry 2 3") == "Pěchota (stupeň II, síla 3)"
    assert g.term_in(cs, "enemy", "mounted 3 2") == "Jízda stupně II (síla 3)"
    assert g.term_in(de, "card", "artillery 4") == "Artillerie (Stärke 4)"
    assert g.term_in(el, "unit", "aircraft 6") == "Αεροπορία (δύναμη 6)"
    assert g.term_in(cs, "item", "resource") == "surovinu"  # the object of its sentence
    assert g.term_in(cs, "given", "resource:2") == "2 suroviny"
    assert g.term_in(cs, "given", "trade_point:8") == "8 bodů obchodu"
    assert g.term_in(cs, "era", "medieval") == "středověku"
    assert g.term_in(de, "era", "ancient") == "der Antike"
    assert g.term_in(cs, "civ", "Germans") == "Němci"
    assert g.term_in(cs, "table", "one great person") == "jedna slavná osobnost"
    assert g.term_in(cs, "name", "drought") == "Sucho"
    assert g.term_in(cs, "basecard", "anarchy") == "Občané se bouří!"
    assert g.term_in(de, "half", 15) == "7,5" and g.term("half", 15) == "7.5"
    assert g.term("unit", "infantry 2 3") == "infantry (rank II, strength 3)"  # English as it was


# ------------------------------------------------------------ the screen, menus, help, reasons, page
def test_screens_menus_help_reasons_and_pages_leave_no_english(played: list[Any]) -> None:
    g = played[0].game
    by_ask: dict[Any, list[Any]] = {}
    for s in played:
        by_ask.setdefault(s.ask, []).append(s)
    asked = set(by_ask)
    for s in (x for found in by_ask.values() for x in found[:4]):
        obs = s.observation(0)
        for lang in LANGS:
            tr = translator(lang)
            texts = [tr.localize(g.render(obs, 0)), tr.localize(g.help(obs, 0)),
                     tr.localize(s.explain(0, "foo")), tr.localize(s.explain(0, "unit tank 1 1"))]
            if not s.is_terminal():
                for a in s.legal_actions(0):
                    texts.append(tr.localize(g.action_label(a, obs)))
                    texts += list(tr.localize(g.action_path(a, obs)))
            for text in texts:
                assert not english_left(text), (lang, obs["ask"], text, english_left(text))
            page = tr.localize(g.html(obs, 0))
            visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
            assert not english_left(visible), (lang, obs["ask"], english_left(visible))
    assert {"dice", "cancel", "units", "hand", "play", "fortified", "trade", "buy", "give"} <= asked


def test_a_battle_in_czech() -> None:
    s = battle_at_play(["unit infantry 1 1", "unit artillery 1 3", "unit mounted 1 2"], False)
    s = with_deck(s, [("mounted", 1), ("infantry", 1), ("mounted", 3)])
    answer(s, "play artillery 3 new", "play infantry 1 front 1")
    g, obs, cs = s.game, s.observation(0), translator("cs")
    screen = cs.localize(g.render(obs, 0))
    assert "soupeř (vojenská úroveň 1, stupeň I) má obrázkem dolů 1 kartu" in screen
    assert "Vaše ruka: Jízda 2." in screen
    assert "fronta 1: Jízda 3 (1 zranění); fronta 2: Pěchota 1." in screen
    labels = [cs.localize(g.action_label(a, obs)) for a in s.legal_actions(0)]
    assert "zahrát kartu Jízda (síla 2) proti osamocené nepřátelské jednotce na frontě 1" in labels
    told = [g.render_event(e, 0, tr=cs) for e in s.events(0)]
    assert "Karta Jízda přebíjí kartu Dělostřelectvo a útočí první." in told
    page = cs.localize(g.html(obs, 0))
    assert "Boj o vaše hlavní město" in page and "Balíček soupeře" in page and "Dělo\u00adstřelectvo" in page


def test_english_is_unchanged() -> None:
    s = to_turn(new(), 4)
    event(s, 1)
    g, obs = s.game, s.observation(0)
    assert ENGLISH.localize(g.render(obs, 0)) == g.render(obs, 0) == str(g.render(obs, 0))
    assert obs["question"].startswith("Cancel this event with any culture event card (e.g. Primetime TV)")
    assert g.html(obs, 0) == ENGLISH.localize(g.html(obs, 0))
    assert [g.render_event(e, 0) for e in s.events(0)] == [g.render_event(e, 0, tr=ENGLISH) for e in s.events(0)]


def test_the_question_is_that_of_its_position() -> None:
    """The observation's question is built from what the position said then: told later
    in Czech it is still that question (the position has moved on meanwhile)."""
    s = to_turn(new(), 4)
    event(s, 1)
    question = s.observation(0)["question"]
    czech = translator("cs").localize(question)
    assert czech.startswith("Zrušíte tuto událost libovolnou kartou kulturní události (například Hlavní vysílací čas)")
    answer(s, "accept", "culture 3")
    assert translator("cs").localize(question) == czech
    assert translator("de").localize(question).startswith("Hebst du dieses Ereignis")
    read_back = json.loads(json.dumps(s.observation(0)))  # an observation read from a file keeps English
    assert translator("cs").localize(read_back["question"]) == read_back["question"]


def test_the_page_tells_the_companions_words_in_the_language() -> None:
    """In another language the companion's log (English, part of a position) is told by
    the events since the last answer when the observation has them (``news_events``),
    else the page points to its game log."""
    s = new()
    event(s, 2)
    obs = s.observation(0)
    cs = translator("cs")
    page = cs.localize(s.game.html(obs, 0))
    assert "Co průvodce říká, najdete v průběhu hry." in page and obs["news"][0] not in page
    told = dict(obs, news_events=[{"id": e.id, "args": dict(e.args)} for e in s.events(0)[-2:]])
    page = web.html(s.game.tables, told, 0, tr=cs)
    assert "Hod na událost 2" in page and "tři žetony kultury" in page
    assert "The companion says" in s.game.html(obs, 0)


def test_reference_in_every_language() -> None:
    g = game()
    for lang, words in (("cs", ("Sucho", "Tabulka obchodu", "Kasárna", "žeton chýše")),
                        ("de", ("Dürre", "Kaserne", "Hüttenplättchen")),
                        ("el", ("Ξηρασία", "Στρατώνας", "μάρκα καλύβας"))):
        tables = translator(lang).localize(g.reference())
        assert len(tables) == len(g.reference())
        cells = " ".join(x for t in tables for x in (t.title, t.note, *t.columns, *(c for r in t.rows for c in r)))
        for w in words:
            assert w in cells, (lang, w)
        assert not english_left(cells), (lang, english_left(cells))


# ------------------------------------------------------------ typing, names, commands
@pytest.mark.parametrize("line,wanted", [("ano", "fortified yes"), ("ne", "fortified no"), ("ja", "fortified yes"),
                                         ("nein", "fortified no"), ("ναι", "fortified yes"),
                                         ("όχι", "fortified no"), ("fortified ano", "fortified yes"),
                                         ("yes", "fortified yes")])
def test_fortified_answered_in_any_language(line: str, wanted: str) -> None:
    assert interpret({"ask": "fortified"}, line) == wanted


def test_unit_types_typed_in_any_language() -> None:
    assert interpret({"ask": "units"}, "unit pěchota 2 3") == "unit infantry 2 3"
    assert interpret({"ask": "units"}, "unit jizda 1 2") == "unit mounted 1 2"
    assert interpret({"ask": "hand"}, "unit Luftwaffe 6") == "unit aircraft 6"
    assert interpret({"ask": "play"}, "play πυροβολικό 3 new") == "play artillery 3 new"
    assert interpret({"ask": "units"}, "unit infantry 2 3") is None  # the notation itself
    s = battle_at_play(["unit infantry 1 1"], False)
    assert s.game.interpret(s.observation(0), "play pěchota 1 new") == "play infantry 1 new"


def test_every_name_of_the_data_files_is_a_message() -> None:
    """The civilizations, wonders, cards, culture events and the texts of table SOLO-8.1
    are messages of the catalog with the game's id as context (``words.NAMES`` and
    ``babel.cfg``): a name added to the data without one would stay English."""
    companion = json.loads((DATA_DIR / "companion.json").read_text(encoding="utf-8"))
    tables = json.loads((DATA_DIR / "tables.json").read_text(encoding="utf-8"))
    wanted = {*companion["civilizations"]["all"], *(w for era in ("ancient", "medieval", "modern")
                                                    for w in companion["wonders"][era]),
              *(c for cards in companion["cards"].values() for c in cards),
              *(v["name"] for v in companion["culture_events"].values()),
              *(v["card"] for v in companion["culture_events"].values() if v["card"]),
              *(cell["text"] for row in tables["historical_events"]["rows"] for face, cell in row.items()
                if isinstance(cell, dict) and "text" in cell)}
    marked = set(NAMES) | {v["name"] for v in companion["culture_events"].values()}
    for lang in LANGS:
        names = {m.id for m in catalog(lang, GAME_ID) if m.context == GAME_ID and m.string}
        assert wanted <= names, (lang, sorted(wanted - names))
    assert wanted <= marked | {v["card"] for v in companion["culture_events"].values() if v["card"]}


def test_the_solo_commands_in_czech(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--lang", "cs", "solo", "odds")
    assert code == 0 and "Šance na tah" in out and "Celá hra" in out and "Hod na selhání SOLO-6.2" in out
    assert "Chance per turn" not in out and "Whole game" not in out
    code, out, _ = cli(capsys, "--lang", "de", "solo", "battle", "--units", "infantry:2x3", "--turn", "5",
                       "--seed", "3", "--games", "200")
    assert code == 0 and "Kampf um die Hauptstadt" in out and "Militärereignis (SOLO-4.3)" in out
    code, _, err = cli(capsys, "--lang", "cs", "solo", "battle", "--units", "tank:2", "--turn", "4")
    assert code == 2 and "neznámý typ jednotky 'tank'" in err
    code, _, err = cli(capsys, "--lang", "el", "solo", "odds", "-o", "foo=A")
    assert code == 2 and "δεν αλλάζει τις πιθανότητες" in err
    help_text = translator("cs").gettext(SOLO_UNITS_HELP)  # the --help of 'civtable solo battle', once the
    assert help_text.startswith("vaše karty jednotek")  # game commands' parser takes the language (not yet)


def test_the_catalogs_compile(tmp_path: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from civtable.i18n import LOCALE_DIR

    for lang in LANGS:
        with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{GAME_ID}.po").open("rb") as f:
            po = read_po(f, locale=lang)
        with (tmp_path / f"{lang}.mo").open("wb") as f:
            write_mo(f, po)
        assert not list(po.check()), lang
