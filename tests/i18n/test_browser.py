"""The catan-deckbuilding page in Greek, Czech and German in a real browser (Playwright
driving Debian's Chromium as ``tests/browser.py`` sets it up): a screenshot of each in
tests/screenshots/ and the game's own words on it; the language menu switches a page."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests import browser as web
from tests.server.serverproc import ServerProcess

pytestmark = web.NEEDS_CHROMIUM


WORDS = {  # the supply, a card of the German rules in the language, the page's own words
    "el": ("Απόθεμα", "Ιππότης (επιθετικός)", "Ημερολόγιο παιχνιδιού"),
    "cs": ("Zásoba", "Rytíř (útočný)", "Průběh hry"),
    "de": ("Vorrat", "Ritter (Offensiv)", "Spielverlauf"),
}


def game_link(server: ServerProcess) -> str:
    data = web.create(server, "catan-deckbuilding", web.against_greedy(2), options={"start-player": 0}, seed=9)
    return server.url + str(data["links"]["0"])


def page_in(browser: Any, url: str, lang: str, words: str, name: str, timeout: float = 30) -> tuple[Any, Any, str]:
    """The context and the page at ``url`` in the language ``lang`` once it is the
    player's turn and the page shows ``words``, screenshot ``NAME-LANG``, and its text."""
    context, page = web.open_page(browser, url, lang)
    assert web.my_turn(page, timeout)
    page.wait_for_function(f"document.body.textContent.includes({words!r})")
    web.shot(page, f"{name}-{lang}")
    assert page.get_attribute("html", "lang") == lang
    return context, page, page.text_content("body") or ""


@pytest.mark.parametrize("lang", ["el", "cs", "de"])
def test_the_catan_page_in_the_language(live_server: ServerProcess, browser: Any, lang: str) -> None:
    supply, card, log = WORDS[lang]
    context, page, text = page_in(browser, game_link(live_server), lang, supply, "catan-deckbuilding")
    assert supply in text and card in text and log in text
    menu = page.inner_text("#menu")
    assert "play " not in menu and "buy " not in menu, menu  # the menu is translated too
    assert "Supply" not in text and "Your hand" not in text
    context.close()


CCG_WORDS = {  # civ-card-game: a pile, a status and a heading of the page in the language
    "el": ("Τράπουλα παιχνιδιού", "Υψηλότερος πολιτισμός", "Οικόπεδα"),
    "cs": ("Herní balíček", "Nejvyšší kultura", "Pozemky"),
    "de": ("Spielstapel", "Höchste Kultur", "Landstücke"),
}


@pytest.mark.parametrize("lang", ["el", "cs", "de"])
def test_the_civ_card_game_page_in_the_language(live_server: ServerProcess, browser: Any, lang: str) -> None:
    data = web.create(live_server, "civ-card-game", web.against_greedy(2), options={"dealer": 1}, seed=9)
    pile, status, plots = CCG_WORDS[lang]
    context, _, text = page_in(browser, live_server.url + str(data["links"]["0"]), lang, pile, "civ-card-game")
    assert pile in text and status in text and plots in text
    assert "Play deck" not in text and "Highest Culture" not in text and "Discard pile" not in text
    context.close()


MC_WORDS = {  # the players' table, the trade-card stacks, an area of the small map in the language
    "el": ("Παίκτες με σειρά Π.Α.Μ.", "Στοίβες καρτών εμπορίου", "Κοιλάδα των Βασιλιάδων"),
    "cs": ("Hráči v pořadí AST", "Balíčky obchodních karet", "Královské údolí"),
    "de": ("Spieler in AST-Reihenfolge", "Handelskartenstapel", "Königstal"),
}


@pytest.mark.parametrize("lang", ["el", "cs", "de"])
def test_the_mega_civ_page_in_the_language(live_server: ServerProcess, browser: Any, lang: str) -> None:
    data = web.create(live_server, "mega-civ", web.against_greedy(5), options={"map": "small"}, seed=2)
    players, stacks, area = MC_WORDS[lang]
    context, page, text = page_in(browser, live_server.url + str(data["links"]["0"]), lang, players, "mega-civ",
                                  timeout=60)
    assert players in text and stacks in text and area in text
    assert "Players in AST order" not in text and "Trade-card stacks" not in text and "Old Ford" not in text
    menu = page.inner_text("#menu")
    assert "grow in" not in menu and "move a token" not in menu, menu
    context.close()


SOLO_WORDS = {  # civ-solo: the culture track, a unit card's title and the battle's heading in the language
    "el": ("Κλίμακα πολιτισμού", "Ιππικό", "Μάχη κατά της πρωτεύουσάς σου"),
    "cs": ("Kulturní stupnice", "Jízda", "Boj o vaše hlavní město"),
    "de": ("Kulturleiste", "Kavallerie", "Kampf um deine Hauptstadt"),
}


@pytest.mark.parametrize("lang", ["el", "cs", "de"])
def test_the_civ_solo_page_in_the_language(live_server: ServerProcess, browser: Any, lang: str) -> None:
    """The companion at a battle against the capital (dice typed: the answers are sent
    by the seat's token), in the language of the browser."""
    data = web.create(live_server, "civ-solo", web.against_greedy(1), options={"dice": "table"}, seed=3)
    gid, link = data["id"], str(data["links"]["0"])
    token = link.split("#t=")[1]
    for action in ("start", "die 5", "die 6", "accept", "trade skip", "next", "next", "miss", "trade skip", "next",
                   "fortified no", "unit infantry 1 2", "unit mounted 1 3", "unit artillery 1 2", "done", "bonus 1",
                   "play infantry 2 new"):
        state = httpx.get(live_server.url + f"/api/games/{gid}/view", headers={"X-Token": token}, timeout=30).json()["state"]
        done = httpx.post(live_server.url + f"/api/games/{gid}/act", json={"action": action, "state": state},
                          headers={"X-Token": token}, timeout=30)
        assert done.status_code == 200, (action, done.text)
    track, kind, battle = SOLO_WORDS[lang]
    context, page, text = page_in(browser, live_server.url + link, lang, battle, "civ-solo")
    text = text.replace("\u00ad", "")
    assert track in text and kind in text and battle in text
    assert "play " not in page.inner_text("#menu")
    assert "Culture track" not in text and "Your hand" not in text and "The companion says" not in text
    context.close()


def test_the_language_menu_switches_the_page(live_server: ServerProcess, browser: Any) -> None:
    context, page = web.open_page(browser, game_link(live_server), "en-US")
    assert web.my_turn(page)
    assert "Supply" in page.text_content("body") or ""
    page.click("nav.langs a[hreflang=de]")
    page.wait_for_function("document.body && document.body.textContent.includes('Vorrat')")
    assert web.my_turn(page)
    assert page.get_attribute("html", "lang") == "de" and "Deine Hand" in page.text_content("body") or ""
    page.goto(live_server.url + "/")  # the choice is kept for the next pages
    assert "Neues Spiel" in page.text_content("body") or ""
    context.close()
