"""The server in a real browser: Playwright driving Debian's Chromium (headless).

``make test`` installs Debian's ``chromium`` when it is missing; without it these
tests are skipped with the reason. Screenshots of each game's page are written to
``tests/screenshots/`` (not committed) for a person to look at.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .serverproc import ServerProcess

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (make test installs it with apt-get)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

SHOTS = Path(__file__).resolve().parents[1] / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


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


def shot(page: object, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def create(server: ServerProcess, game: str, seats: list[dict[str, object]], **extra: object) -> dict[str, object]:
    r = httpx.post(server.url + "/api/games", json={"game": game, "seats": seats, **extra}, timeout=30)
    assert r.status_code == 200, r.text
    return r.json()


def my_turn(page: object, timeout: float = 30) -> bool:
    """Wait until the page offers an action (True) or says the game is over (False)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.locator("#menu button").count():  # type: ignore[attr-defined]
            return True
        if "over" in page.locator("#decision-title").inner_text():  # type: ignore[attr-defined]
            return False
        page.wait_for_timeout(50)  # type: ignore[attr-defined]
    raise AssertionError("the page offered nothing to do")


def click_an_action(page: object, prefer: tuple[str, ...] = ()) -> bool:
    """Open groups until an action button is there, then click one (a preferred word
    first). False when the menu went away meanwhile (the page was refreshed)."""
    for _ in range(6):
        texts = page.evaluate(  # type: ignore[attr-defined]
            "[...document.querySelectorAll('#menu button.act')].map(b => b.dataset.action)")
        if texts:
            pick = next((i for w in prefer for i, t in enumerate(texts) if t.startswith(w)), len(texts) - 1)
            clicked = page.evaluate(  # type: ignore[attr-defined]
                f"(() => {{ const b = document.querySelectorAll('#menu button.act')[{pick}];"
                f" if (!b || b.disabled || b.dataset.action !== {texts[pick]!r}) return false; b.click(); return true; }})()")
            return bool(clicked)
        opened = page.evaluate(  # type: ignore[attr-defined]
            "(() => { const b = document.querySelector('#menu button.group'); if (!b || b.disabled) return false;"
            " b.click(); return true; })()")
        if not opened:
            return False
    raise AssertionError("no action button under the menu's groups")


def test_the_lobby_creates_a_game_and_a_whole_catan_game_is_played_by_clicking(server: ServerProcess,
                                                                               browser: object) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    page.goto(server.url + "/")
    page.wait_for_selector("#game option", state="attached")
    shot(page, "lobby")
    page.select_option("#game", "catan-deckbuilding")
    page.click("#new-game button[type=submit]")
    page.wait_for_url("**/play/**")
    assert "#t=" in page.url
    shot(page, "catan-deckbuilding")
    clicks = 0
    while my_turn(page, timeout=60):
        state = page.evaluate("document.querySelector('#log').children.length")
        if not click_an_action(page, prefer=("buy city", "buy settlement", "play", "buy", "end")):
            continue
        clicks += 1
        page.wait_for_function(f"document.querySelector('#log').children.length > {state} || "
                               "document.querySelector('#error').textContent.length > 0", timeout=30000)
        error = page.locator("#error").inner_text()
        assert not error or "position changed" in error, error
        assert clicks < 2000
    shot(page, "catan-deckbuilding-over")
    gid, token = page.url.split("/play/")[1].split("#t=")
    told = httpx.get(f"{server.url}/api/games/{gid}/view", headers={"X-Token": token}).json()["events"]
    assert page.locator("#log li").count() == len(told), "the page told an event twice (or missed one)"
    title = page.locator("#decision-title").inner_text()
    log = page.locator("#log").inner_text()
    assert "over" in title and ("won" in log or "draw" in log.lower()), log[-500:]


def test_two_players_and_a_spectator_play_civ_card_game(server: ServerProcess, browser: object) -> None:
    data = create(server, "civ-card-game", [{"kind": "human"}, {"kind": "invite"}], seed=3)
    pages = []
    for link in (data["links"]["0"], data["links"]["1"], data["spectate"]):  # type: ignore[index]
        context = browser.new_context(viewport={"width": 1300, "height": 900})  # type: ignore[attr-defined]
        page = context.new_page()
        page.goto(server.url + str(link))
        pages.append(page)
    one, two, spectator = pages
    for page in pages:
        page.wait_for_selector("#seats .seat")
    moves = 0
    while moves < 12:
        for page in (one, two):
            if page.locator("#menu button").count():
                click_an_action(page, prefer=("done", "pass", "end"))
                moves += 1
                page.wait_for_timeout(150)
        time.sleep(0.05)
    spectator.wait_for_function("document.querySelector('#log').children.length > 5")
    shot(one, "civ-card-game-seat0")
    shot(spectator, "civ-card-game-spectator")
    assert spectator.locator("#menu button").count() == 0  # a spectator only watches
    assert "(you)" not in spectator.locator("#seats").inner_text()


@pytest.mark.parametrize(("game", "players", "options"), [
    ("mega-civ", 5, {"map": "small"}),
    ("civ-solo", 1, {}),
])
def test_a_few_moves_of_each_other_game(server: ServerProcess, browser: object, game: str, players: int,
                                        options: dict[str, str]) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    data = create(server, game, seats, options=options, seed=2)
    page = browser.new_page(viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    page.goto(server.url + str(data["links"]["0"]))  # type: ignore[index]
    moves = 0
    for _ in range(12):
        if moves == 4 or not my_turn(page, timeout=60):
            break
        before = page.evaluate("document.querySelector('#log').children.length")
        if not click_an_action(page, prefer=("start", "done", "accept", "pass")):
            continue  # the menu was redrawn under the click: look again
        page.wait_for_function(f"document.querySelector('#log').children.length > {before} || "
                               "document.querySelector('#error').textContent.length > 0", timeout=30000)
        error = page.locator("#error").inner_text()
        assert not error or "position changed" in error, error
        moves += not error
    assert moves == 4 or "over" in page.locator("#decision-title").inner_text()
    shot(page, game)
    assert page.locator("#log li").count() > 0 and not page.locator("#error").inner_text()


def test_the_page_survives_a_server_killed_in_the_middle(server: ServerProcess, browser: object) -> None:
    data = create(server, "catan-deckbuilding", [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
                  options={"start-player": 0}, seed=12)
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server.url + str(data["links"]["0"]))  # type: ignore[index]
    assert my_turn(page)
    click_an_action(page, prefer=("play",))
    page.wait_for_timeout(300)
    server.kill()
    server.start()
    page.reload()
    assert my_turn(page)
    before = page.evaluate("document.querySelector('#log').children.length")
    assert before > 0
    click_an_action(page, prefer=("end",))
    page.wait_for_function(f"document.querySelector('#log').children.length > {before}", timeout=30000)
