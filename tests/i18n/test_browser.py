"""The catan-deckbuilding page in Greek, Czech and German in a real browser (Playwright
driving Debian's Chromium, as tests/server/test_browser.py): a screenshot of each in
tests/screenshots/ and the game's own words on it; the language menu switches a page.
Skipped without chromium (``make browser`` installs it)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import httpx
import pytest

from tests.server.serverproc import ServerProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (make test installs it with apt-get)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

from tests.server.test_browser import ARGS, SHOTS, my_turn  # noqa: E402

WORDS = {  # the supply, a card of the German rules in the language, the page's own words
    "el": ("Απόθεμα", "Ιππότης (επιθετικός)", "Ημερολόγιο παιχνιδιού"),
    "cs": ("Zásoba", "Rytíř (útočný)", "Průběh hry"),
    "de": ("Vorrat", "Ritter (Offensiv)", "Spielverlauf"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("srv") / "games.db").start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def game_link(server: ServerProcess) -> str:
    r = httpx.post(server.url + "/api/games", json={
        "game": "catan-deckbuilding", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "options": {"start-player": 0}, "seed": 9}, timeout=30)
    assert r.status_code == 200, r.text
    return server.url + str(r.json()["links"]["0"])


@pytest.mark.parametrize("lang", ["el", "cs", "de"])
def test_the_catan_page_in_the_language(server: ServerProcess, browser: object, lang: str) -> None:
    context = browser.new_context(locale=lang, viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(game_link(server))
    assert my_turn(page)
    supply, card, log = WORDS[lang]
    page.wait_for_function(f"document.body.textContent.includes({supply!r})")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"catan-deckbuilding-{lang}.png"), full_page=True)
    text = page.text_content("body") or ""
    assert supply in text and card in text and log in text
    assert page.get_attribute("html", "lang") == lang
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
def test_the_civ_card_game_page_in_the_language(server: ServerProcess, browser: object, lang: str) -> None:
    r = httpx.post(server.url + "/api/games", json={
        "game": "civ-card-game", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "options": {"dealer": 1}, "seed": 9}, timeout=30)
    assert r.status_code == 200, r.text
    context = browser.new_context(locale=lang, viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(server.url + str(r.json()["links"]["0"]))
    assert my_turn(page)
    pile, status, plots = CCG_WORDS[lang]
    page.wait_for_function(f"document.body.textContent.includes({pile!r})")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"civ-card-game-{lang}.png"), full_page=True)
    text = page.text_content("body") or ""
    assert pile in text and status in text and plots in text
    assert page.get_attribute("html", "lang") == lang
    assert "Play deck" not in text and "Highest Culture" not in text and "Discard pile" not in text
    context.close()


MC_WORDS = {  # the players' table, the trade-card stacks, an area of the small map in the language
    "el": ("Παίκτες με σειρά Π.Α.Μ.", "Στοίβες καρτών εμπορίου", "Κοιλάδα των Βασιλιάδων"),
    "cs": ("Hráči v pořadí AST", "Balíčky obchodních karet", "Královské údolí"),
    "de": ("Spieler in AST-Reihenfolge", "Handelskartenstapel", "Königstal"),
}


@pytest.mark.parametrize("lang", ["el", "cs", "de"])
def test_the_mega_civ_page_in_the_language(server: ServerProcess, browser: object, lang: str) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 4
    r = httpx.post(server.url + "/api/games", json={"game": "mega-civ", "seats": seats, "options": {"map": "small"},
                                                    "seed": 2}, timeout=30)
    assert r.status_code == 200, r.text
    context = browser.new_context(locale=lang, viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(server.url + str(r.json()["links"]["0"]))
    assert my_turn(page, timeout=60)
    players, stacks, area = MC_WORDS[lang]
    page.wait_for_function(f"document.body.textContent.includes({players!r})")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"mega-civ-{lang}.png"), full_page=True)
    text = page.text_content("body") or ""
    assert players in text and stacks in text and area in text
    assert page.get_attribute("html", "lang") == lang
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
def test_the_civ_solo_page_in_the_language(server: ServerProcess, browser: object, lang: str) -> None:
    """The companion at a battle against the capital (dice typed: the answers are sent
    by the seat's token), in the language of the browser."""
    r = httpx.post(server.url + "/api/games", json={"game": "civ-solo", "seats": [{"kind": "human"}],
                                                    "options": {"dice": "table"}, "seed": 3}, timeout=30)
    assert r.status_code == 200, r.text
    gid, link = r.json()["id"], str(r.json()["links"]["0"])
    token = link.split("#t=")[1]
    for action in ("start", "die 5", "die 6", "accept", "trade skip", "next", "next", "miss", "trade skip", "next",
                   "fortified no", "unit infantry 1 2", "unit mounted 1 3", "unit artillery 1 2", "done", "bonus 1",
                   "play infantry 2 new"):
        state = httpx.get(server.url + f"/api/games/{gid}/view", headers={"X-Token": token}, timeout=30).json()["state"]
        done = httpx.post(server.url + f"/api/games/{gid}/act", json={"action": action, "state": state},
                          headers={"X-Token": token}, timeout=30)
        assert done.status_code == 200, (action, done.text)
    context = browser.new_context(locale=lang, viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(server.url + link)
    assert my_turn(page)
    track, kind, battle = SOLO_WORDS[lang]
    page.wait_for_function(f"document.body.textContent.includes({battle!r})")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"civ-solo-{lang}.png"), full_page=True)
    text = (page.text_content("body") or "").replace("\u00ad", "")
    assert track in text and kind in text and battle in text
    assert page.get_attribute("html", "lang") == lang
    assert "play " not in page.inner_text("#menu")
    assert "Culture track" not in text and "Your hand" not in text and "The companion says" not in text
    context.close()


def test_the_language_menu_switches_the_page(server: ServerProcess, browser: object) -> None:
    context = browser.new_context(locale="en-US")  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(game_link(server))
    assert my_turn(page)
    assert "Supply" in page.text_content("body") or ""
    page.click("nav.langs a[hreflang=de]")
    page.wait_for_function("document.body.textContent.includes('Vorrat')")
    assert my_turn(page)
    assert page.get_attribute("html", "lang") == "de" and "Deine Hand" in page.text_content("body") or ""
    page.goto(server.url + "/")  # the choice is kept for the next pages
    assert "Neues Spiel" in page.text_content("body") or ""
    context.close()
